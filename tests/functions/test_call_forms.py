"""Calling a Boolean function: every input form the command line accepts, or BadInput.

A parsed function is called on bit strings, run-length strings, @FILE, tuples, lists and
numpy arrays of 0/1; each answer is compared with the truth table of the stdlib-only
checker's own parser and evaluator (verify/checker/spec_eval.py, an independent
implementation of the spec language) and, for a Python callable, with the callable itself.
Anything else (other values, floats, wrong lengths, other types) raises BadInput.
"""

from __future__ import annotations

import atexit
import hashlib
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verify import parse_spec
from verify.base.errors import BadInput
from verify.checker.spec_eval import parse_spec as checker_parse
from verify.functions.families import CallableFunction

FOLDER = Path(tempfile.mkdtemp(prefix="fbs-call-forms-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)
FILES: dict[str, str] = {}  # cnf: paths -> DIMACS text, for the checker's parser


def _cnf_file(text: str) -> str:
    path = FOLDER / (hashlib.sha256(text.encode()).hexdigest()[:16] + ".cnf")
    path.write_text(text)
    FILES[str(path)] = text
    return str(path)


@st.composite
def formulas(draw, n: int, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(st.sampled_from([f"x{i}" for i in range(1, n + 1)] + ["0", "1"]))
    op = draw(st.sampled_from(["~", "&", "|", "^"]))
    if op == "~":
        return "~(" + draw(formulas(n, depth - 1)) + ")"
    return f"({draw(formulas(n, depth - 1))} {op} {draw(formulas(n, depth - 1))})"


@st.composite
def leaf_specs(draw, max_arity: int = 5) -> str:
    """A spec of one family (every family of the grammar), arity <= 6."""
    n = draw(st.integers(1, max_arity))
    family = draw(st.sampled_from(["and", "or", "parity", "maj", "thr", "sym", "wthr", "index",
                                   "tribes", "tt", "tthex", "expr", "exprn", "cnf"]))
    if family in ("and", "or", "parity", "maj"):
        return f"{family}:{n}"
    if family == "thr":
        return f"thr:{n}:{draw(st.integers(-1, n + 1))}"
    if family == "sym":
        return "sym:" + "".join(draw(st.lists(st.sampled_from("01"), min_size=n + 1,
                                              max_size=n + 1)))
    if family == "wthr":
        weights = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
        return f"wthr:{','.join(map(str, weights))}:{draw(st.integers(-1, sum(weights) + 1))}"
    if family == "index":
        return f"index:{draw(st.integers(1, 2))}"
    if family == "tribes":
        return f"tribes:{draw(st.integers(1, 3))}:{draw(st.integers(1, 2))}"
    if family == "tt":
        return "tt:" + "".join(draw(st.lists(st.sampled_from("01"), min_size=2 ** n,
                                             max_size=2 ** n)))
    if family == "tthex":
        return f"tt:0x{draw(st.integers(0, 2 ** 2 ** n - 1)):0{max(1, 2 ** n // 4)}x}:{n}"
    if family == "cnf":
        clauses = draw(st.lists(st.lists(st.integers(1, n).flatmap(
            lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3), max_size=4))
        lines = [f"p cnf {n} {len(clauses)}"] + [" ".join(map(str, c + [0])) for c in clauses]
        return "cnf:" + _cnf_file("\n".join(lines) + "\n")
    formula = draw(formulas(n))
    return f"expr:{n}:{formula}" if family == "exprn" else f"expr:x{n} & 1 | ({formula})"


@st.composite
def specs(draw) -> str:
    """A leaf spec, or a composition of leaf specs (total arity kept small)."""
    if draw(st.booleans()):
        return draw(leaf_specs())
    outer = draw(st.sampled_from(["and:2", "or:2", "maj:3", "parity:2", "tt:0110", "expr:x1|~x2"]))
    inners = [draw(leaf_specs(max_arity=3)) for _ in range(parse_spec(outer).arity)]
    return f"compose({';'.join([outer] + inners)})"


def checker_table(spec: str) -> tuple[int, int]:
    """(arity, truth-table bitset) by the checker's independent parser and evaluator."""
    parsed = checker_parse(spec, FILES)
    return parsed.arity, parsed.truth_table()


def bits_of(position: int, q: int) -> list[int]:
    """x_1..x_q of a truth-table position (x_1 most significant)."""
    return [(position >> (q - 1 - i)) & 1 for i in range(q)]


def run_length(bits: list[int], splits: list[int]) -> str:
    """The run-length form of bits, with runs split (and empty runs added) at `splits`."""
    parts, start = [], 0
    for cut in sorted(set(splits + [len(bits)])):
        segment = bits[start:cut]
        start = cut
        if not segment:
            parts.append("0^0")
            continue
        current, count = segment[0], 0
        for bit in segment:
            if bit != current:
                parts.append(f"{current}^{count}")
                current, count = bit, 0
            count += 1
        parts.append(f"{current}^{count}")
    return ",".join(parts)


def forms(bits: list[int], splits: list[int]) -> dict:
    """The same input in every accepted form."""
    text = "".join(map(str, bits))
    file = FOLDER / f"input-{text}.txt"
    file.write_text(text + "\n")
    return {
        "string": text, "spaced string": " ".join(text), "run-length": run_length(bits, splits),
        "@FILE": f"@{file}", "tuple": tuple(bits), "list": list(bits),
        "bool list": [bool(b) for b in bits], "numpy int": [np.int64(b) for b in bits],
        "array int8": np.array(bits, dtype=np.int8), "array uint8": np.array(bits, dtype=np.uint8),
        "array int64": np.array(bits, dtype=np.int64), "array bool": np.array(bits, dtype=bool),
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=specs(), data=st.data())
def test_every_form_agrees_with_the_independent_truth_table(spec, data):
    function = parse_spec(spec)
    q, table = checker_table(spec)
    assert function.arity == q
    package_table = function.truth_table()
    position = data.draw(st.integers(0, 2 ** q - 1), label="position")
    splits = data.draw(st.lists(st.integers(0, q), max_size=3), label="splits")
    expected = (table >> position) & 1
    assert int(package_table[position]) == expected
    for name, x in forms(bits_of(position, q), splits).items():
        assert function(x) == expected, (spec, name, x)


@settings(max_examples=100, deadline=None)
@given(spec=specs())
def test_a_batch_in_every_form_agrees_with_the_independent_truth_table(spec):
    function = parse_spec(spec)
    q, table = checker_table(spec)
    points = [bits_of(j, q) for j in range(2 ** q)]
    expected = [(table >> j) & 1 for j in range(2 ** q)]
    assert function.evaluate_many(np.array(points, dtype=np.uint8)).astype(int).tolist() == expected
    strings = ["".join(map(str, p)) for p in points]
    assert function.evaluate_many(strings).astype(int).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(table=st.lists(st.sampled_from([0, 1]), min_size=8, max_size=8), data=st.data())
def test_a_callable_function_takes_every_form(table, data):
    function = CallableFunction(lambda x: table[4 * x[0] + 2 * x[1] + x[2]], 3)
    position = data.draw(st.integers(0, 7))
    for name, x in forms(bits_of(position, 3), [1]).items():
        assert function(x) == table[position], name


def bad_forms(q: int) -> dict:
    """Inputs that are not an input of arity q: each must be refused."""
    ones = [1] * q
    return {
        "a 2": [2] + ones[1:], "a -1": [-1] + ones[1:], "floats": [1.0] * q,
        "float array": np.ones(q), "string entries": ["1"] * q, "too short": ones[:-1],
        "too long": ones + [0], "string too long": "1" * (q + 1), "string with 2": "2" * q,
        "empty string": "", "2-D array": np.ones((1, q), dtype=int), "nested": [[1]] * q,
        "array of 2": np.full(q, 2), "None": None, "bytes": b"1" * q, "set": {1},
        "generator": (1 for _ in range(q)), "dict": dict.fromkeys(range(q), 1),
        "Fraction entries": [__import__("fractions").Fraction(1)] * q,
        "bad run-length": f"1^{q + 1}", "object array": np.array([1] * q, dtype=object),
    }


@settings(max_examples=60, deadline=None)
@given(spec=specs())
def test_anything_else_raises_bad_input(spec):
    function = parse_spec(spec)
    for name, x in bad_forms(function.arity).items():
        with pytest.raises(BadInput):
            function(x)
            pytest.fail(f"{spec}: {name} was accepted")


@pytest.mark.parametrize("spec, x, value", [
    # the examples of the report: a bit string is an input, not a sequence of characters
    ("maj:3", "111", 1), ("maj:3", (1, 1, 1), 1), ("tribes:3:3", "111000000", 1),
    ("tribes:3:3", "000000111", 1), ("and:2", "11", 1), ("expr:x1 & x2", "11", 1),
    ("wthr:2,1:2", "10", 1), ("tt:0001", "11", 1), ("maj:1000001", "1^500001,0^500000", 1),
])
def test_examples_of_the_report(spec, x, value):
    assert parse_spec(spec)(x) == value


@pytest.mark.parametrize("x", [(2, 0, 0), "200", (1, 1), "1111", np.array([1.0, 1.0, 0.0])])
def test_maj3_refuses(x):
    with pytest.raises(BadInput):
        parse_spec("maj:3")(x)


def test_fbs_and_blocks_take_the_same_forms():
    from verify import blocks, fbs

    for x in ("110", (1, 1, 0), [True, True, False], np.array([1, 1, 0])):
        assert fbs("maj:3", x).value == 2
        assert blocks("maj:3", x).blocks == ((0,), (1,))
    for bad in ((2, 1, 0), ("1", "1", "0"), np.array([1.0, 1.0, 0.0])):
        with pytest.raises(BadInput):
            fbs("maj:3", bad)
        with pytest.raises(BadInput):
            blocks("maj:3", bad)
