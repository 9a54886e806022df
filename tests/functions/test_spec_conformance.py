"""The package and the checker read every spec the same way (certificates/FORMAT.md, section 3).

Thousands of seeded random specs of every family (compose included), valid and mutated
(Unicode digits, signs, blanks, wrong hex lengths, arity 0, deep nesting, ...): the package's
`parse_spec` and the checker's own parser must agree on acceptance and arity, and on the truth
table when it is small. The only allowed difference is a documented size limit of the package
(`TooLarge`), never a grammar difference.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from verify.base.errors import BadInput, TooLarge
from verify.checker import CertificateMalformed
from verify.checker.spec_eval import parse_spec as checker_parse
from verify.functions.inputs import MAX_TABLE_ARITY
from verify.functions.spec import MAX_ARITY, cnf_paths, parse_spec

FAMILIES = ("and", "or", "parity", "maj", "thr", "wthr", "sym", "index", "tribes", "tt", "tthex",
            "expr", "exprn", "cnf")
MUTATIONS = ["６", "٣", "０", " ", "\u00a0", "-", "+", "0", "00", ":", ",", ";", "(", ")", "x",
             "x0", "~", "&", "1", "e", "_", "\t", "compose(", "0x"]


def random_formula(rng: random.Random, n: int, depth: int = 3) -> str:
    if depth == 0 or rng.random() < 0.3:
        if rng.random() < 0.15:
            return rng.choice(["0", "1", "true", "false"])
        return f"x{rng.randint(1, n)}"
    kind = rng.choice(["~", "&", "|", "^", "()"])
    if kind == "~":
        return "~" + random_formula(rng, n, depth - 1)
    if kind == "()":
        return "(" + random_formula(rng, n, depth - 1) + ")"
    space = rng.choice(["", " "])
    return (random_formula(rng, n, depth - 1) + space + kind + space
            + random_formula(rng, n, depth - 1))


def random_dimacs(rng: random.Random) -> str:
    n = rng.randint(1, 5)
    clauses = [[rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(rng.randint(0, 3))]
               for _ in range(rng.randint(0, 4))]
    lines = ["c random", f"p cnf {n} {len(clauses)}"]
    lines += [" ".join(map(str, clause + [0])) for clause in clauses]
    text = "\n".join(lines) + "\n"
    return mutate(rng, text) if rng.random() < 0.3 else text


def leaf(rng: random.Random, files: dict, folder, max_arity: int = 5) -> str:
    n = rng.randint(1, max_arity)
    family = rng.choice(FAMILIES)
    if family in ("and", "or", "parity", "maj"):
        return f"{family}:{n}"
    if family == "thr":
        return f"thr:{n}:{rng.randint(-3, n + 2)}"
    if family == "wthr":
        weights = [rng.randint(0, 9) for _ in range(n)]
        return f"wthr:{','.join(map(str, weights))}:{rng.randint(-2, sum(weights) + 2)}"
    if family == "sym":
        return "sym:" + "".join(rng.choice("01") for _ in range(n + 1))
    if family == "index":
        return f"index:{rng.randint(1, 2)}"
    if family == "tribes":
        return f"tribes:{rng.randint(1, 2)}:{rng.randint(1, 2)}"
    if family == "tt":
        return "tt:" + "".join(rng.choice("01") for _ in range(2 ** n))
    if family == "tthex":
        digits = max(1, 2 ** n // 4)
        return f"tt:0x{rng.getrandbits(2 ** n):0{digits}x}:{n}"
    if family == "cnf":
        path = str(folder / f"f{len(files)}.cnf")
        files[path] = random_dimacs(rng)
        (folder / f"f{len(files) - 1}.cnf").write_text(files[path])
        return f"cnf:{path}"
    formula = random_formula(rng, n)
    if family == "exprn":
        return f"expr:{n}:{formula}"
    return f"expr:{formula}"


def random_spec(rng: random.Random, files: dict, folder, depth: int = 2) -> str:
    if depth == 0 or rng.random() < 0.6:
        return leaf(rng, files, folder)
    outer = leaf(rng, files, folder, max_arity=3)
    try:
        k = parse_spec(outer).arity
    except BadInput:
        return outer
    inners = [random_spec(rng, files, folder, depth - 1) for _ in range(k)]
    return f"compose({';'.join([outer] + inners)})"


def mutate(rng: random.Random, spec: str) -> str:
    for _ in range(rng.randint(1, 2)):
        position = rng.randint(0, len(spec))
        action = rng.random()
        if action < 0.5:
            spec = spec[:position] + rng.choice(MUTATIONS) + spec[position:]
        elif action < 0.8 and spec:
            spec = spec[:position] + spec[position + 1:]
        else:
            spec = spec.replace(rng.choice("0123456789"), rng.choice(["６", "٣", "10", ""]), 1)
    return spec


def checker_view(spec: str, files: dict):
    """(arity, table bitset or None) by the checker, or None if it refuses the spec."""
    try:
        parsed = checker_parse(spec, files, max_arity=MAX_ARITY, max_table_arity=MAX_TABLE_ARITY)
    except (CertificateMalformed, RecursionError):
        return None
    return parsed.arity, parsed.truth_table() if parsed.arity <= 10 else None


def package_view(spec: str):
    """(arity, table bitset or None) by the package, None if refused, "limit" for TooLarge."""
    try:
        function = parse_spec(spec)
    except TooLarge:
        return "limit"
    except BadInput:
        return None
    if function.arity > 10:
        return function.arity, None
    table = function.truth_table()
    return function.arity, sum(1 << j for j, value in enumerate(table) if value)


def assert_agree(spec: str, files: dict) -> None:
    files = dict(files)
    for path in cnf_paths(spec):  # a mutated path may name another file on disk: embed it
        if path not in files and Path(path).is_file():
            files[path] = Path(path).read_text(errors="replace")
    checker, package = checker_view(spec, files), package_view(spec)
    if package == "limit":
        return  # a documented size limit of the package, not a grammar difference
    assert (checker is None) == (package is None), (
        f"{spec!r}: checker {'refuses' if checker is None else 'accepts'}, "
        f"package {'refuses' if package is None else 'accepts'}")
    if checker is not None:
        assert checker[0] == package[0], f"{spec!r}: arity {checker[0]} vs {package[0]}"
        assert checker[1] == package[1], f"{spec!r}: truth tables differ"


@pytest.mark.parametrize("seed", range(8))
def test_random_specs_are_read_alike(seed, tmp_path):
    rng, files = random.Random(seed), {}
    accepted = refused = 0
    for _ in range(250):
        spec = random_spec(rng, files, tmp_path)
        for candidate in (spec, mutate(rng, spec)):
            assert_agree(candidate, files)
            if package_view(candidate) is None:
                refused += 1
            else:
                accepted += 1
    assert accepted > 100 and refused > 50  # both sides of the grammar are exercised


FIXED = [
    # issue 11 section 4: arity from the text, constant formulas, negative thresholds, arity 0
    "expr:(x5 ^ (x5 ^ x4))", "expr:x2 & (x3 ^ x3)", "expr:3:1", "expr:1", "expr:0", "tt:1",
    "tt:0x1:0", "thr:3:-1", "thr:3:-99999999999999999999", "thr:5:12345678901234567890",
    "wthr:1,2:-3", "wthr:99999999999999999999999,1:5",
    # Unicode digits are not digits of the grammar
    "maj:６", "and:٣", "thr:3:١", "tt:0x٣:1", "expr:x١", "wthr:1,٢:1", "index:１",
    # hex tables must have the length 2^Q bits
    "tt:0xFF:5", "tt:0x06:2", "tt:0x1:3", "tt:0x01:3", "tt:0xffffffff:5",
    # ... and without Q (issue 39): 2^(Q-2) >= 2 digits fix Q
    "tt:0x6996", "tt:0x69", "tt:0x6", "tt:0x699", "tt:0x", "tt:0x0117fffe", "tt:0xzz",
    # leading zeros, blanks, signs
    "and:0005", "and: 5", "and:+5", " maj:3 ", "maj:3\u00a0", "thr:3:+1", "thr:3:-0",
    "expr:x01", "expr:x1x2", "expr:x1 x2", "expr:x0", "expr:truex1", "expr:~", "expr:()",
    "expr:" + "(" * 64 + "x1" + ")" * 64, "expr:" + "(" * 65 + "x1" + ")" * 65,
    "index:16", "index:0", "sym:0", "sym:01", "tribes:0:1",
    "compose(and:2;or:1;expr:x1)", "compose(and:2;or:1)", "compose(and:1;compose(or:1;and:1))",
]


@pytest.mark.parametrize("spec", FIXED)
def test_fixed_specs_are_read_alike(spec):
    assert_agree(spec, {})


def test_regression_examples_of_the_issue():
    assert parse_spec("expr:(x5 ^ (x5 ^ x4))").arity == 5
    assert parse_spec("expr:x2 & (x3 ^ x3)").arity == 3
    assert parse_spec("thr:3:-1").arity == 3
    for spec in ("maj:６", "and:٣", "tt:0xFF:5", "expr:1", "tt:1"):
        with pytest.raises(BadInput):
            parse_spec(spec)


def test_a_hex_table_without_q_takes_q_from_its_digits():
    """Issue 39: `tt:0x6996` needed its Q although 4 hex digits imply Q = 4 (2^Q bits are
    2^(Q-2) digits). The explicit form keeps working; ambiguous or impossible counts are
    refused with the fix in the message."""
    for short_form, q in (("tt:0x6996", 4), ("tt:0x69", 3), ("tt:0x0117fffe", 5)):
        function = parse_spec(short_form)
        explicit = parse_spec(f"{short_form}:{q}")
        assert function.arity == q and function.spec == f"{short_form}:{q}"
        assert list(function.truth_table()) == list(explicit.truth_table())
    assert list(parse_spec("tt:0x6996").truth_table()) == [int(b) for b in "0110100110010110"]
    with pytest.raises(BadInput, match="Q = 1 .* or Q = 2"):
        parse_spec("tt:0x6")
    with pytest.raises(BadInput, match="3 hex digits is not 2\\^Q bits"):
        parse_spec("tt:0x699")
