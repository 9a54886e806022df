"""The checker's bitset spec evaluator against a brute-force per-input reference.

The reference below evaluates each grammar form directly on one input at a time (formulas
through Python's own parser, whose precedence ~ > & > ^ > | matches the grammar); it shares
no code with verify/checker/spec_eval.py.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from work_count import python_lines

from verify.checker import MAX_ARITY, CertificateMalformed, evaluate_spec

# --- brute-force reference -----------------------------------------------------------------


class _Bit:
    def __init__(self, value: int):
        self.value = value

    def __and__(self, other):
        return _Bit(self.value & other.value)

    def __or__(self, other):
        return _Bit(self.value | other.value)

    def __xor__(self, other):
        return _Bit(self.value ^ other.value)

    def __invert__(self):
        return _Bit(1 - self.value)


def _split(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for char in text:
        depth += (char == "(") - (char == ")")
        if char == ";" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    return parts + [current]


def _python_formula(text: str) -> str:
    def swap(match):
        token = match.group(0)
        if token.startswith("x"):
            return f"X[{int(token[1:])}]"
        return "T" if token in ("1", "true") else "F"
    return re.sub(r"x[0-9]+|true|false|\b[01]\b", swap, text)


def reference(spec: str, files: dict | None = None):
    """(q, f) with f a function of a tuple of q bits x_1..x_q."""
    spec = spec.strip()
    if spec.startswith("compose("):
        parts = [reference(p, files) for p in _split(spec[len("compose("):-1])]
        (k, outer), inners = parts[0], parts[1:]
        assert k == len(inners)
        offsets = list(itertools.accumulate([0] + [q for q, _ in inners]))

        def composed(x):
            return outer(tuple(g(x[offsets[j]:offsets[j + 1]]) for j, (_, g) in enumerate(inners)))
        return offsets[-1], composed
    family, _, rest = spec.partition(":")
    fields = rest.split(":")
    if family in ("and", "or", "parity", "maj"):
        n = int(rest)
        rule = {"and": lambda s: s == n, "or": lambda s: s > 0, "parity": lambda s: s % 2,
                "maj": lambda s: 2 * s > n}[family]
        return n, lambda x: int(rule(sum(x)))
    if family == "thr":
        n, t = int(fields[0]), int(fields[1])
        return n, lambda x: int(sum(x) >= t)
    if family == "wthr":
        weights, t = [int(w) for w in fields[0].split(",")], int(fields[1])
        return len(weights), lambda x: int(sum(w * b for w, b in zip(weights, x)) >= t)
    if family == "sym":
        return len(rest) - 1, lambda x: int(rest[sum(x)])
    if family == "index":
        k = int(rest)
        return k + 2 ** k, lambda x: x[k + int("".join(map(str, x[:k])) or "0", 2)]
    if family == "tribes":
        w, s = int(fields[0]), int(fields[1])
        return w * s, lambda x: int(any(all(x[g * w:(g + 1) * w]) for g in range(s)))
    if family == "tt":
        if rest.startswith("0x"):
            q = int(fields[1])
            bits = format(int(fields[0][2:], 16), f"0{2 ** q}b")
        else:
            bits = rest
            q = len(bits).bit_length() - 1
        return q, lambda x: int(bits[int("".join(map(str, x)) or "0", 2)])
    if family == "expr":
        fixed = re.match(r"([0-9]+):", rest)
        formula = rest[fixed.end():] if fixed else rest
        used = [int(v) for v in re.findall(r"x([0-9]+)", formula)]
        q = int(fixed.group(1)) if fixed else max(used, default=0)
        code = compile(_python_formula(formula).strip(), "<formula>", "eval")

        def formula_value(x):
            env = {"X": [None] + [_Bit(b) for b in x], "T": _Bit(1), "F": _Bit(0)}
            return eval(code, env).value  # noqa: S307 - test-only reference
        return q, formula_value
    if family == "cnf":
        return _reference_cnf(files[rest])
    raise AssertionError(f"reference does not know {spec}")


def _reference_cnf(text: str):
    q, literals = 0, []
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "c%":
            continue
        if line.startswith("p"):
            q = int(line.split()[2])
            continue
        literals += [int(tok) for tok in line.split()]
    clauses, current = [], []
    for literal in literals:
        if literal == 0:
            clauses.append(current)
            current = []
        else:
            current.append(literal)

    def satisfied(x):
        return int(all(any((x[abs(l) - 1] == 1) == (l > 0) for l in c) for c in clauses))
    return q, satisfied


def reference_table(spec: str, files: dict | None = None) -> tuple[int, list[int]]:
    q, f = reference(spec, files)
    return q, [f(tuple(int(b) for b in format(j, f"0{q}b"))) if q else f(()) for j in range(2 ** q)]


def assert_matches(spec: str, files: dict | None = None) -> None:
    q, table = evaluate_spec(spec, files)
    q_ref, expected = reference_table(spec, files)
    assert q == q_ref, spec
    assert 0 <= table < 2 ** (2 ** q)
    got = [(table >> j) & 1 for j in range(2 ** q)]
    assert got == expected, spec


# --- fixed examples ------------------------------------------------------------------------

CNF_FILES = {
    "a.cnf": "c example\np cnf 3 2\n1 -2 0\n2 3 0\n",
    "b.cnf": "p cnf 4 3\n1 2\n 0 -3 0\n\n4 -1 0\n%\n",
    "empty-clause.cnf": "p cnf 2 1\n0\n",
    "no-clauses.cnf": "p cnf 2 0\n",
}

FIXED_SPECS = [
    "and:1", "and:5", "or:4", "parity:5", "maj:1", "maj:4", "maj:5", "maj:6",
    "thr:5:0", "thr:5:3", "thr:5:6", "thr:4:-2", "thr:3:100",
    "wthr:1,2,3:3", "wthr:0,5,1,1:6", "wthr:3:0", "wthr:2,2:-1", "wthr:7,1,1:8",
    "wthr:100000000000000000000000000007,3:100000000000000000000000000008",
    "sym:01", "sym:10", "sym:0110", "sym:10001", "sym:111", "sym:000",
    "index:1", "index:2", "tribes:2:3", "tribes:1:4", "tribes:3:1",
    "tt:01", "tt:0110", "tt:0001011101111111",
    "tt:0x6:2", "tt:0x1:1", "tt:0x2:1", "tt:0xE8:3",
    "tt:0xe8:3", "tt:0x01:3", "tt:0x8000:4",
    "expr:x1", "expr:~x1", "expr:~~x1", "expr:x1&x2|x3", "expr:x1|x2&x3", "expr:x1^x2&x3",
    "expr:x1|x2^x3", "expr:~x1&x2", "expr:~(x1&x2)", "expr:(x1|x2)&x3", "expr:x1^x2^x3",
    "expr: x1 & ( x2 | ~ x3 ) ^ x4 ", "expr:x3", "expr:5:x2&x4", "expr:3:1", "expr:1:1",
    "expr:2:0", "expr:1:true", "expr:false|x2", "expr:x1&true", "expr:x1&~x1",
    "expr:x10&x1", "expr:((((x1))))^(x2|0)",
    "cnf:a.cnf", "cnf:b.cnf", "cnf:empty-clause.cnf", "cnf:no-clauses.cnf",
    "compose(and:2;or:2;or:2)", "compose(maj:3;parity:2;and:2;expr:x1)",
    "compose(or:2;compose(and:2;expr:~x1;tt:0110);thr:3:2)",
    "compose(tt:0110;tt:0001;tt:0111)", "compose(tt:01101001;expr:~x1;expr:x1;expr:x2&x1)",
    "compose(parity:3;expr:1:1;tt:0x6:2;cnf:a.cnf)", "compose(index:1;and:1;or:2;parity:2)",
    " compose( and:2 ; or:2 ; sym:010 ) ", "compose(expr:x2^x1;expr:(x1|x2);expr:(x1&x2))",
    "compose(tribes:1:2;compose(tt:0001;compose(or:1;expr:x1);expr:x1);wthr:1,1:1)",
    "compose(tt:0x6:2;expr:2:x2;expr:2:x1)",
]


@pytest.mark.parametrize("spec", FIXED_SPECS)
def test_fixed_specs_match_reference(spec):
    assert_matches(spec, CNF_FILES)


def test_expr_precedence_explicitly():
    # ~ binds tightest, then &, then ^, then |.
    for formula, rule in [
        ("x1|x2&x3", lambda a, b, c: a | (b & c)),
        ("x1^x2&x3", lambda a, b, c: a ^ (b & c)),
        ("x1|x2^x3", lambda a, b, c: a | (b ^ c)),
        ("x1^x2|x3", lambda a, b, c: (a ^ b) | c),
        ("~x1&x2", lambda a, b, c: (1 - a) & b),
        ("x1&x2^x3|x1", lambda a, b, c: ((a & b) ^ c) | a),
    ]:
        q, table = evaluate_spec("expr:3:" + formula)
        for j, (a, b, c) in enumerate(itertools.product((0, 1), repeat=3)):
            assert (table >> j) & 1 == rule(a, b, c), formula


def test_truth_table_order_x1_most_significant():
    q, table = evaluate_spec("expr:2:x1")
    assert (q, table) == (2, 0b1100)   # positions 2, 3 have x1 = 1
    assert evaluate_spec("tt:0001")[1] == 0b1000
    assert evaluate_spec("tt:0x1:2")[1] == 0b1000  # last position only
    assert evaluate_spec("tt:0x8:2")[1] == 0b0001  # first hex digit's MSB is position 0
    assert evaluate_spec("tt:0x1:1") == (1, 0b10)


def test_constant_specs_need_an_arity_of_at_least_one():
    for spec in ("expr:1", "expr:0", "expr:true", "tt:1", "tt:0", "tt:0x1:0", "tt:0x0:0"):
        with pytest.raises(CertificateMalformed, match="arity 0"):
            evaluate_spec(spec)
    assert evaluate_spec("expr:3:0") == (3, 0)
    assert evaluate_spec("expr:x2 & (x3 ^ x3)") == (3, 0)  # arity: the largest variable named


@pytest.mark.parametrize("spec", ["tt:0xFF:5", "tt:0x06:2", "tt:0x1:3", "tt:0x0001:3"])
def test_hex_tables_must_have_the_length_of_q(spec):
    with pytest.raises(CertificateMalformed, match="hex digit"):
        evaluate_spec(spec)


def test_q24_evaluates_to_the_closed_form_counts():
    q, table = evaluate_spec("maj:24")
    assert q == 24 and (table >> (2 ** 24 - 1)) & 1 and not table & 1
    assert evaluate_spec("thr:24:12")[1].bit_count() == sum(
        __import__("math").comb(24, k) for k in range(12, 25))


# --- malformed specs -----------------------------------------------------------------------

BAD_SPECS = [
    "", "   ", "foo:3", "AND:3", "and", "and:", "and:0", "and:-1", "and:29", "and:1.5", "and:3:1",
    "and:1000000000000000000000", "maj:x", "thr:3", "thr:3:a", "thr:3:1:1", "thr:3:1.0",
    "wthr:1,-2:1", "wthr:1,2.5:1", "wthr::1", "wthr:1,,2:1", "wthr:1,2", "wthr:1:x",
    "wthr:" + ",".join(["1"] * 29) + ":3", "wthr:" + "9" * 1001 + ":1",
    "sym:", "sym:1", "sym:012", "sym:" + "0" * 30, "index:0", "index:5", "index:x",
    "tribes:0:3", "tribes:6:5", "tribes:2", "tt:", "tt:011", "tt:012", "tt:0x:2", "tt:0xg:2",
    "tt:0x1f:2", "tt:0x3:0", "tt:0x1:29", "tt:0x1", "tt:0x1:2:3", "tt:0x1:-1",
    "expr:", "expr:  ", "expr:x0", "expr:x01", "expr:x1&", "expr:(x1", "expr:x1)", "expr:x1 x2",
    "expr:2:x3", "expr:x1&&x2", "expr:10", "expr:x", "expr:y1", "expr:x1+x2", "expr:0:1",
    "expr:x29", "expr:x1234567", "expr:~", "expr:()", "expr:x1;x2", "expr:truex1",
    "expr:" + "(" * 100 + "x1" + ")" * 100,
    "compose(and:2;or:2)", "compose(and:2;or:2;or:2", "compose()", "compose(and:1)",
    "compose(and:2;(or:2;or:2)", "compose(and:1;or:2))", "compose(and:1;foo:2)",
    "compose(and:2;or:20;or:20)", "cnf:missing.cnf", "cnf:", "cnf:bad-header.cnf",
    "cnf:unterminated.cnf", "cnf:count.cnf", "cnf:range.cnf", "cnf:before.cnf", "cnf:token.cnf",
    "cnf:two-headers.cnf", "cnf:big.cnf",
]

BAD_FILES = {
    "bad-header.cnf": "p cnf x 1\n1 0\n", "unterminated.cnf": "p cnf 2 1\n1 2\n",
    "count.cnf": "p cnf 2 2\n1 0\n", "range.cnf": "p cnf 2 1\n3 0\n",
    "before.cnf": "1 0\np cnf 2 1\n", "token.cnf": "p cnf 2 1\n1 a 0\n",
    "two-headers.cnf": "p cnf 2 1\np cnf 2 1\n1 0\n", "big.cnf": "p cnf 29 1\n1 0\n",
}


def _deep_compose(depth: int) -> str:
    spec = "and:1"
    for _ in range(depth):
        spec = f"compose(and:1;{spec})"
    return spec


@pytest.mark.parametrize("spec", BAD_SPECS + [_deep_compose(40), None, 3, ["and:2"]])
def test_bad_specs_raise_malformed(spec):
    with pytest.raises(CertificateMalformed) as info:
        evaluate_spec(spec, BAD_FILES)
    assert "\n" not in str(info.value)


def test_moderate_compose_nesting_is_fine():
    assert_matches(_deep_compose(20))


def test_too_costly_spec_is_refused_before_the_work():
    """Refused at the first charge over the budget: a few thousand Python lines, not the
    2^16 table positions times 16 inner functions."""
    inners = ";".join(["expr:~x1"] * 8 + ["expr:x1&x2"] * 8)
    spec = f"compose(tt:0x{'6' * (2 ** 16 // 4)}:16;{inners})"
    with pytest.raises(CertificateMalformed, match="too costly"):
        python_lines(lambda: evaluate_spec(spec), 50_000)


def test_arity_cap_is_a_parameter():
    assert MAX_ARITY == 28
    with pytest.raises(CertificateMalformed):
        evaluate_spec("and:5", max_arity=4)
    assert evaluate_spec("and:4", max_arity=4)[0] == 4


# --- hypothesis: random specs ------------------------------------------------------------------


@st.composite
def formulas(draw, n_vars: int, depth: int = 3) -> str:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        if draw(st.integers(0, 5)) == 0:
            return draw(st.sampled_from(["0", "1", "true", "false"]))
        return f"x{draw(st.integers(1, n_vars))}"
    kind = draw(st.sampled_from(["~", "&", "|", "^", "()"]))
    if kind == "~":
        return "~" + draw(formulas(n_vars, depth - 1))
    if kind == "()":
        return "(" + draw(formulas(n_vars, depth - 1)) + ")"
    space = draw(st.sampled_from(["", " "]))
    return draw(formulas(n_vars, depth - 1)) + space + kind + space + draw(formulas(n_vars, depth - 1))


@st.composite
def leaf_specs(draw, max_arity: int = 4) -> str:
    n = draw(st.integers(1, max_arity))
    family = draw(st.sampled_from(["and", "or", "parity", "maj", "thr", "wthr", "sym", "index",
                                   "tribes", "tt", "tthex", "expr", "exprn"]))
    if family in ("and", "or", "parity", "maj"):
        return f"{family}:{n}"
    if family == "thr":
        return f"thr:{n}:{draw(st.integers(-1, n + 1))}"
    if family == "wthr":
        weights = draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))
        return f"wthr:{','.join(map(str, weights))}:{draw(st.integers(-1, sum(weights) + 1))}"
    if family == "sym":
        return "sym:" + "".join(draw(st.lists(st.sampled_from("01"), min_size=n + 1, max_size=n + 1)))
    if family == "index":
        return "index:1"
    if family == "tribes":
        width = draw(st.integers(1, 2))
        return f"tribes:{width}:{draw(st.integers(1, 2))}"
    if family == "tt":
        return "tt:" + "".join(draw(st.lists(st.sampled_from("01"), min_size=2 ** n, max_size=2 ** n)))
    if family == "tthex":
        value = draw(st.integers(0, 2 ** (2 ** n) - 1))
        return f"tt:0x{value:0{max(1, 2 ** n // 4)}x}:{n}"
    formula = draw(formulas(n))
    named = re.search(r"x[0-9]", formula)
    return f"expr:{n}:{formula}" if family == "exprn" or not named else f"expr:{formula}"


@st.composite
def specs(draw, depth: int = 2) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(leaf_specs())
    outer = draw(leaf_specs(max_arity=3))
    k = reference(outer)[0]
    if k == 0:
        return outer
    inners = [draw(specs(depth - 1)) for _ in range(k)]
    total = sum(reference(inner)[0] for inner in inners)
    if total > 10:
        return outer
    return f"compose({';'.join([outer] + inners)})"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
@pytest.mark.slow
def test_random_specs_match_reference(spec):
    assert_matches(spec)


@st.composite
def cnf_texts(draw) -> str:
    n = draw(st.integers(1, 5))
    clauses = draw(st.lists(st.lists(st.integers(1, n).flatmap(
        lambda v: st.sampled_from([v, -v])), max_size=4), max_size=6))
    lines = ["c random", f"p cnf {n} {len(clauses)}"] + [" ".join(map(str, c + [0])) for c in clauses]
    return "\n".join(lines) + "\n"


@settings(max_examples=100, deadline=None)
@given(cnf_texts(), leaf_specs(max_arity=2))
def test_random_cnf_match_reference(text, other):
    files = {"f.cnf": text}
    assert_matches("cnf:f.cnf", files)
    assert_matches(f"compose(parity:2;cnf:f.cnf;{other})", files)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="x0123456789&|^~() :;,abcdeflmnoprstuw-", max_size=30))
def test_garbage_specs_never_crash(text):
    for spec in (text, "expr:" + text, "compose(" + text + ")"):
        try:
            q, table = evaluate_spec(spec)
        except CertificateMalformed as error:
            assert "\n" not in str(error)
        else:
            assert 0 <= q <= MAX_ARITY and 0 <= table < 2 ** (2 ** q)
