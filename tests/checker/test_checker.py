"""The trusted checker: valid certificates from closed forms (docs/notes.md, section 3), agreement with
a brute-force reference on every single-field mutation, malformed input, and file handling."""

from __future__ import annotations

import copy
import gzip
import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.checker import (
    FORMAT,
    CertificateMalformed,
    CheckReport,
    check_certificate,
    check_file,
    dual_check,
    evaluate_spec,
)

# --- building certificates ---------------------------------------------------------------


def certificate(spec, z, value, primal, dual, **extra) -> dict:
    obj = {"format": FORMAT, "kind": "exhaustive", "spec": spec, "arity": len(z), "input": z,
           "value": str(value), "primal": [{"block": sorted(b), "weight": str(w)} for b, w in primal],
           "dual": [str(t) for t in dual]}
    obj.update(extra)
    return obj


def _windows(items: list[int], k: int) -> list[tuple[list[int], Fraction]]:
    """k-element cyclic windows over items, weight 1/k each (each item is in k windows)."""
    if k == len(items):
        return [(items, Fraction(1))]
    return [([items[(s + r) % len(items)] for r in range(k)], Fraction(1, k))
            for s in range(len(items))]


def threshold_certificate(n: int, t: int, z: str, spec: str | None = None) -> dict:
    """THR_t on n bits at z (docs/notes.md, section 3): fbs = w/(w-t+1) if w >= t else (n-w)/(t-w)."""
    spec = spec or f"thr:{n}:{t}"
    ones = [i for i, c in enumerate(z) if c == "1"]
    zeros = [i for i, c in enumerate(z) if c == "0"]
    if t <= 0 or t > n:                       # constant function: fbs = 0
        return certificate(spec, z, 0, [], [0] * n)
    w = len(ones)
    side, k = (ones, w - t + 1) if w >= t else (zeros, t - w)
    dual = [Fraction(1, k) if i in side else 0 for i in range(n)]
    return certificate(spec, z, Fraction(len(side), k), _windows(side, k), dual)


def parity_certificate(n: int, z: str) -> dict:
    """PARITY_n: n at every input; singletons, t = all ones."""
    return certificate(f"parity:{n}", z, n, [([i], 1) for i in range(n)], [1] * n)


def paper_majority_certificate(j: int) -> dict:
    """maj:6j with the first 2/3 ones (paper Section 3.3): fbs = 4.  Flipping the output needs
    (#ones flipped) - (#zeros flipped) >= j, so t = 1/j on the ones; primal: 4 disjoint
    blocks of j ones."""
    n = 6 * j
    z = "1" * (4 * j) + "0" * (2 * j)
    primal = [(list(range(b * j, (b + 1) * j)), 1) for b in range(4)]
    return certificate(f"maj:{n}", z, 4, primal, [Fraction(1, j)] * (4 * j) + [0] * (2 * j))


def planted_certificate(q: int, k: int, seed: int) -> dict:
    """A random truth table (tt:0xHEX:q) where blocks of size < k are forced insensitive and
    the k-blocks of a partition are forced sensitive: t = 1/k and the partition certify q/k."""
    assert q % k == 0
    rng = random.Random(seed)
    size = 2 ** q
    table = rng.getrandbits(size)
    z = rng.getrandbits(q)
    f_z = (table >> z) & 1

    def force(block, value):
        nonlocal table
        position = z ^ sum(1 << (q - 1 - i) for i in block)
        table = table | (1 << position) if value else table & ~(1 << position)
    for small in range(1, k):
        for block in itertools.combinations(range(q), small):
            force(block, f_z)
    blocks = [list(range(s, s + k)) for s in range(0, q, k)]
    for block in blocks:
        force(block, 1 - f_z)
    hex_value = int(format(table, f"0{size}b")[::-1], 2)
    spec = f"tt:0x{hex_value:0{max(1, size // 4)}x}:{q}"
    return certificate(spec, format(z, f"0{q}b"), Fraction(q, k), [(b, 1) for b in blocks],
                       [Fraction(1, k)] * q)


# --- brute-force reference verdict (well-formed certificates only) -----------------------------


def brute_verdict(obj: dict) -> bool:
    """Def. 3.3/3.4 checked by enumerating every block with Fractions."""
    q, table = evaluate_spec(obj["spec"], obj.get("files"))
    z = int(obj["input"], 2) if q else 0
    f_z = (table >> z) & 1

    def sensitive(block):
        return (table >> (z ^ sum(1 << (q - 1 - i) for i in block))) & 1 != f_z
    value = Fraction(obj["value"])
    primal = [(entry["block"], Fraction(entry["weight"])) for entry in obj["primal"]]
    dual = [Fraction(t) for t in obj["dual"]]
    if any(w < 0 for _, w in primal) or any(t < 0 for t in dual):
        return False
    if not all(sensitive(block) for block, _ in primal):
        return False
    if any(sum(w for block, w in primal if i in block) > 1 for i in range(q)):
        return False
    if sum(w for _, w in primal) != value or sum(dual) != value:
        return False
    for size in range(1, q + 1):
        for block in itertools.combinations(range(q), size):
            if sensitive(block) and sum(dual[i] for i in block) < 1:
                return False
    return True


def verdict(obj: dict) -> str:
    """'valid', 'invalid' or 'malformed' from the checker; any other exception fails the test."""
    try:
        report = check_certificate(obj)
    except CertificateMalformed as error:
        assert "\n" not in str(error)
        return "malformed"
    assert isinstance(report, CheckReport)
    assert "\n" not in report.message
    if report.valid:
        assert report.condition == "" and report.value == Fraction(obj["value"])
        return "valid"
    assert report.condition and report.value is None
    return "invalid"


# --- valid certificates --------------------------------------------------------------------


def _all_inputs(n):
    return ["".join(bits) for bits in itertools.product("01", repeat=n)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_threshold_family_closed_forms_are_valid(n):
    for t in range(0, n + 2):
        for z in _all_inputs(n):
            obj = threshold_certificate(n, t, z)
            assert verdict(obj) == "valid", (n, t, z)
            assert brute_verdict(obj)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_and_or_maj_parity_closed_forms(n):
    for z in _all_inputs(n):
        w = z.count("1")
        and_cert = threshold_certificate(n, n, z, f"and:{n}")
        assert check_certificate(and_cert).value == (n if w == n else 1)
        or_cert = threshold_certificate(n, 1, z, f"or:{n}")
        assert check_certificate(or_cert).value == (n if w == 0 else 1)
        maj_cert = threshold_certificate(n, n // 2 + 1, z, f"maj:{n}")
        assert check_certificate(maj_cert).valid
        if n % 2 and w in (n // 2, n // 2 + 1):
            assert check_certificate(maj_cert).value == n // 2 + 1
        assert check_certificate(parity_certificate(n, z)).value == n


def test_and_below_all_ones_has_a_one_coordinate_dual():
    # AND_4 at 1010: the only sensitive block is the zero set {1, 3}; t = 1 on one zero.
    obj = certificate("and:4", "1010", 1, [([1, 3], 1)], [0, 1, 0, 0])
    assert verdict(obj) == "valid"
    obj = certificate("and:4", "1010", 1, [([1, 3], 1)], [0, 0, 0, 1])
    assert verdict(obj) == "valid"


@pytest.mark.parametrize("j", [1, 2, 3])
def test_paper_majority_example_has_fbs_four(j):
    report = check_certificate(paper_majority_certificate(j))
    assert report.valid and report.value == 4


def test_constant_function_only_zero_certificate():
    obj = certificate("expr:3:x1&~x1", "101", 0, [], [0, 0, 0])
    assert verdict(obj) == "valid"
    assert verdict(certificate("expr:3:x1&~x1", "101", 1, [], [1, 0, 0])) == "invalid"
    assert verdict(certificate("expr:3:x1|~x1", "101", 1, [([0], 1)], [1, 0, 0])) == "invalid"
    assert verdict(certificate("expr:1", "", 0, [], [])) == "malformed"  # arity 0: no function


def test_cnf_spec_uses_only_embedded_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = "c AND of three unit clauses\np cnf 3 3\n1 0\n2 0\n3 0\n"
    obj = certificate("cnf:and3.cnf", "111", 3, [([i], 1) for i in range(3)], [1, 1, 1],
                      files={"and3.cnf": text})
    assert verdict(obj) == "valid"
    (tmp_path / "and3.cnf").write_text(text)
    without = dict(obj)
    del without["files"]
    assert verdict(without) == "malformed"          # never falls back to the file system
    extra = copy.deepcopy(obj)
    extra["files"]["unused.cnf"] = "p cnf 1 0\n"
    assert verdict(extra) == "malformed"


def test_composition_certificate():
    # OR_2(AND_2(x1,x2), AND_2(x3,x4)) at 1100: only flips of x1 or x2 (not turning on the
    # other AND) change f, so the minimal sensitive blocks are {0} and {1}: fbs = 2.
    obj = certificate("compose(or:2;and:2;and:2)", "1100", 2, [([0], 1), ([1], 1)], [1, 1, 0, 0])
    assert verdict(obj) == "valid" and brute_verdict(obj)


def test_optional_informational_fields_are_accepted():
    obj = threshold_certificate(4, 2, "1100")
    obj["bob_rule"] = "vertex"
    obj["producer"] = {"name": "test", "nested": [[1, 2], {"x": None}]}
    assert verdict(obj) == "valid"


def test_zero_weight_primal_block_must_still_be_sensitive():
    obj = threshold_certificate(3, 3, "111", "and:3")
    obj["primal"].append({"block": [0, 1], "weight": "0"})
    assert verdict(obj) == "valid"          # {0,1} is sensitive for AND at 111
    obj = threshold_certificate(3, 3, "110", "and:3")
    obj["primal"].append({"block": [0], "weight": "0"})
    assert check_certificate(obj).condition == "primal-sensitive"


# --- q = 20 and q = 24: checks stay fast ---------------------------------------------------------


@pytest.mark.parametrize("make", [
    lambda: threshold_certificate(20, 10, "0" * 20),       # 2^19 light sets: comparator path
    lambda: threshold_certificate(20, 11, "1" * 14 + "0" * 6, "maj:20"),
    lambda: threshold_certificate(20, 20, "1" * 20, "and:20"),
    lambda: parity_certificate(20, "01" * 10),
    lambda: planted_certificate(20, 2, seed=1),
    lambda: planted_certificate(20, 4, seed=2),
    lambda: paper_majority_certificate(4),                  # maj:24 at 16 ones
])
def test_large_certificates(make):
    obj = make()
    assert verdict(obj) == "valid"
    wrong = copy.deepcopy(obj)
    wrong["value"] = str(Fraction(obj["value"]) + 1)
    assert check_certificate(wrong).condition == "primal-value"


def test_large_dual_violation_is_found():
    obj = threshold_certificate(20, 10, "0" * 20)          # t = 1/10 on all 20 zeros
    obj["dual"][0], obj["dual"][1] = "0", "1/5"            # same sum, {0} \cup 8 others is light
    report = check_certificate(obj)
    assert report.condition == "dual-feasible" and "< 1" in report.message


# --- targeted failures: each condition with derived vs claimed ---------------------------------


def test_each_condition_is_named():
    base = threshold_certificate(4, 3, "1110")            # w = 3 >= t: k = 1, fbs = 3
    assert verdict(base) == "valid"

    def failing(mutate):
        obj = copy.deepcopy(base)
        mutate(obj)
        return check_certificate(obj)

    report = failing(lambda o: o["primal"][0].update(weight="-1"))
    assert report.condition == "primal-nonnegative" and "-1" in report.message
    report = failing(lambda o: o["dual"].__setitem__(3, "-1"))
    assert report.condition == "dual-nonnegative"
    report = failing(lambda o: o["primal"][0].update(block=[3]))
    assert report.condition == "primal-sensitive"
    report = failing(lambda o: (o["primal"][0].update(weight="3/2"), o["primal"][1].update(weight="1/2")))
    assert report.condition == "primal-load" and "3/2" in report.message
    report = failing(lambda o: o.update(value="4"))
    assert report.condition == "primal-value" and "= 3" in report.message and "4" in report.message
    report = failing(lambda o: o["dual"].__setitem__(3, "1"))
    assert report.condition == "dual-value" and "= 4" in report.message
    report = failing(lambda o: (o["dual"].__setitem__(0, "1/2"), o["dual"].__setitem__(3, "1/2")))
    assert report.condition == "dual-feasible" and "[0]" in report.message


# --- mutations: the checker agrees with the brute-force reference ------------------------------


def _semantic_mutations(obj: dict):
    """Well-formed single-field changes (some keep validity, most break it)."""
    q = obj["arity"]
    deltas = [Fraction(1), Fraction(-1, 3), Fraction(1, 7)]
    for k, entry in enumerate(obj["primal"]):
        w = Fraction(entry["weight"])
        for new in [w + d for d in deltas] + [Fraction(0), -w]:
            yield f"weight {k} -> {new}", lambda o, k=k, new=new: o["primal"][k].update(weight=str(new))
        used = {tuple(e["block"]) for e in obj["primal"]}
        for size in range(1, q + 1):
            for block in itertools.combinations(range(q), size):
                if block not in used:
                    yield (f"block {k} -> {block}",
                           lambda o, k=k, b=block: o["primal"][k].update(block=list(b)))
        yield f"drop primal {k}", lambda o, k=k: o["primal"].pop(k)
    for i, t in enumerate(obj["dual"]):
        for new in [Fraction(t) + d for d in deltas] + [Fraction(0)]:
            yield f"t_{i} -> {new}", lambda o, i=i, new=new: o["dual"].__setitem__(i, str(new))
        for j in range(q):
            if j != i:
                def shift(o, i=i, j=j):
                    o["dual"][i] = str(Fraction(o["dual"][i]) - Fraction(1, 2))
                    o["dual"][j] = str(Fraction(o["dual"][j]) + Fraction(1, 2))
                yield f"t_{i} -1/2, t_{j} +1/2", shift
    for a, b in itertools.permutations(range(len(obj["primal"])), 2):
        def move(o, a=a, b=b):
            o["primal"][a]["weight"] = str(Fraction(o["primal"][a]["weight"]) + Fraction(1, 2))
            o["primal"][b]["weight"] = str(Fraction(o["primal"][b]["weight"]) - Fraction(1, 2))
        yield f"w_{a} +1/2, w_{b} -1/2", move
    value = Fraction(obj["value"])
    for new in [value + 1, value - 1, value + Fraction(1, 2), Fraction(0)]:
        yield f"value -> {new}", lambda o, new=new: o.update(value=str(new))
    for i in range(q):
        flipped = obj["input"][:i] + "10"[int(obj["input"][i])] + obj["input"][i + 1:]
        yield f"input bit {i}", lambda o, z=flipped: o.update(input=z)
    for spec in [f"and:{q}", f"or:{q}", f"parity:{q}", f"maj:{q}", f"thr:{q}:2",
                 f"expr:{q}:0", f"expr:{q}:x1|x{q}", f"sym:{'01' * q}"[:q + 5]]:
        if spec != obj["spec"]:
            yield f"spec -> {spec}", lambda o, s=spec: o.update(spec=s)
    yield "extra zero-weight block", lambda o: o["primal"].append(
        {"block": list(range(q)), "weight": "0"})


MUTATION_BASES = [
    ("thr:4:3 at 1110", lambda: threshold_certificate(4, 3, "1110")),
    ("maj:5 at 11000", lambda: threshold_certificate(5, 3, "11000", "maj:5")),
    ("thr:5:4 at 11100", lambda: threshold_certificate(5, 4, "11100")),
    ("and:3 at 111", lambda: threshold_certificate(3, 3, "111", "and:3")),
    ("or:4 at 0100", lambda: threshold_certificate(4, 1, "0100", "or:4")),
    ("parity:3 at 101", lambda: parity_certificate(3, "101")),
    ("paper maj:6", lambda: paper_majority_certificate(1)),
    ("planted q=6", lambda: planted_certificate(6, 2, seed=7)),
]


@pytest.mark.parametrize("name,make", MUTATION_BASES, ids=[n for n, _ in MUTATION_BASES])
def test_semantic_mutations_agree_with_brute_force(name, make):
    base = make()
    assert verdict(base) == "valid" and brute_verdict(base)
    outcomes = {"valid": 0, "invalid": 0, "malformed": 0}
    for label, mutate in _semantic_mutations(base):
        obj = copy.deepcopy(base)
        mutate(obj)
        got = verdict(obj)
        if got == "malformed":      # e.g. a block changed into a duplicate of another block
            blocks = [tuple(e["block"]) for e in obj["primal"]]
            assert len(set(blocks)) < len(blocks), label
        else:
            expected = "valid" if brute_verdict(obj) else "invalid"
            assert got == expected, label
        outcomes[got] += 1
    assert outcomes["invalid"] > 10


def test_every_single_number_change_breaks_validity():
    for _, make in MUTATION_BASES:
        base = make()
        paths = [("value",)] + [("dual", i) for i in range(len(base["dual"]))] + \
                [("primal", k, "weight") for k in range(len(base["primal"]))]
        for path in paths:
            for delta in (Fraction(1), Fraction(-1, 5), Fraction(1, 3)):
                obj = copy.deepcopy(base)
                target = obj
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = str(Fraction(target[path[-1]]) + delta)
                assert verdict(obj) == "invalid", (path, delta)


def _structural_mutations(obj: dict):
    """Single changes that make the certificate malformed."""
    q = obj["arity"]
    for key in ["format", "kind", "spec", "arity", "input", "value", "primal", "dual"]:
        yield f"drop {key}", lambda o, key=key: o.pop(key)
    yield "unknown key", lambda o: o.update(comment="hi")
    yield "format", lambda o: o.update(format="fbs-certificate/2")
    yield "kind", lambda o: o.update(kind="symmetric")
    yield "kind type", lambda o: o.update(kind=["exhaustive"])
    for arity in [q + 1, q - 1, str(q), True, float(q), None]:
        yield f"arity {arity!r}", lambda o, a=arity: o.update(arity=a)
    for spec in [f"and:{q + 1}", "nonsense", 3, None, f"compose(and:{q})"]:
        yield f"spec {spec!r}", lambda o, s=spec: o.update(spec=s)
    for z in [obj["input"] + "0", obj["input"][:-1], "2" * q, list(obj["input"]), None,
              obj["input"][:-1] + " "]:
        yield f"input {z!r}", lambda o, z=z: o.update(input=z)
    bad_numbers = ["1.5", "1e3", "+1", "1/0", " 1", "", "\u0661", "1/-2", "0x1", "1_000", "1/2/3",
                   "-", "/2", "1" * 1001, 1, 0.5, None, True, ["1"]]
    for number in bad_numbers:
        yield f"value {number!r}", lambda o, n=number: o.update(value=n)
        yield f"dual[0] {number!r}", lambda o, n=number: o["dual"].__setitem__(0, n)
        if obj["primal"]:
            yield f"weight {number!r}", lambda o, n=number: o["primal"][0].update(weight=n)
    yield "dual too long", lambda o: o["dual"].append("0")
    yield "dual too short", lambda o: o["dual"].pop()
    yield "dual object", lambda o: o.update(dual={"0": "1"})
    yield "primal object", lambda o: o.update(primal={})
    yield "primal entry list", lambda o: o["primal"].append([[0], "1"])
    if obj["primal"]:
        yield "missing weight", lambda o: o["primal"][0].pop("weight")
        yield "missing block", lambda o: o["primal"][0].pop("block")
        yield "entry extra key", lambda o: o["primal"][0].update(note="x")
        yield "duplicate block", lambda o: o["primal"].append(copy.deepcopy(o["primal"][0]))
        for block in [[], [q], [-1], [1, 0], [0, 0], [True], ["0"], [0.0], "0", None, [[0]]]:
            yield f"block {block!r}", lambda o, b=block: o["primal"][0].update(block=b)
    yield "files not object", lambda o: o.update(files=["x"])
    yield "files unused", lambda o: o.update(files={"a.cnf": "p cnf 1 0\n"})
    yield "files text", lambda o: o.update(files={"a.cnf": 3})
    yield "bob_rule type", lambda o: o.update(bob_rule=3)


@pytest.mark.parametrize("name,make", MUTATION_BASES, ids=[n for n, _ in MUTATION_BASES])
def test_structural_mutations_are_malformed(name, make):
    base = make()
    for label, mutate in _structural_mutations(base):
        obj = copy.deepcopy(base)
        mutate(obj)
        assert verdict(obj) == "malformed", label


@pytest.mark.parametrize("obj", [None, [], "x", 3, {"format": FORMAT}, {"kind": "exhaustive"}])
def test_non_certificates_are_malformed(obj):
    assert verdict(obj) == "malformed"


# --- the dual check against brute force, both search paths -----------------------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6).flatmap(lambda q: st.tuples(
    st.just(q), st.integers(0, 2 ** (2 ** q) - 1),
    st.lists(st.sampled_from([Fraction(0), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2),
                              Fraction(2, 3), Fraction(1), Fraction(3, 2)]), min_size=q, max_size=q))),
       st.booleans())
def test_dual_check_matches_brute_force(case, force_comparator):
    q, sensitive, t = case
    sensitive &= ~1                                        # the empty block is never sensitive
    budget = dual_check.DFS_NODE_BUDGET
    dual_check.DFS_NODE_BUDGET = 0 if force_comparator else budget
    try:
        denominator = math.lcm(*(x.denominator for x in t))
        weights = [int(x * denominator) for x in t]
        found = dual_check.light_sensitive_block(sensitive, q, weights, denominator)
    finally:
        dual_check.DFS_NODE_BUDGET = budget

    def weight(mask):
        return sum(t[i] for i in range(q) if (mask >> (q - 1 - i)) & 1)
    violations = [m for m in range(1, 2 ** q) if (sensitive >> m) & 1 and weight(m) < 1]
    if violations:
        assert found in violations
    else:
        assert found is None


# --- cross-check with an independent LP solver (untrusted, test-only) --------------------------


def _lp_certificate(spec: str, z: str) -> dict | None:
    highspy = pytest.importorskip("highspy")
    np = pytest.importorskip("numpy")
    q, table = evaluate_spec(spec)
    zi = int(z, 2)
    f_z = (table >> zi) & 1
    blocks = [[i for i in range(q) if (m >> (q - 1 - i)) & 1] for m in range(1, 2 ** q)
              if (table >> (zi ^ m)) & 1 != f_z]
    if not blocks:
        return certificate(spec, z, 0, [], [0] * q)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.addVars(q, np.zeros(q), np.full(q, highspy.kHighsInf))
    h.changeColsCost(q, np.arange(q, dtype=np.int32), np.ones(q))
    for block in blocks:
        h.addRow(1.0, highspy.kHighsInf, len(block), np.array(block, dtype=np.int32),
                 np.ones(len(block)))
    h.run()
    solution = h.getSolution()
    dual = [Fraction(v).limit_denominator(1000) for v in solution.col_value]
    weights = [Fraction(v).limit_denominator(1000) for v in solution.row_dual]
    primal = [(b, w) for b, w in zip(blocks, weights) if w > 0]
    obj = certificate(spec, z, sum(dual), primal, [max(t, Fraction(0)) for t in dual])
    return obj if brute_verdict(obj) else None


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4).flatmap(lambda q: st.tuples(
    st.integers(0, 2 ** (2 ** q) - 1), st.integers(0, 2 ** q - 1), st.just(q))))
def test_random_functions_lp_certificates_accepted(case):
    table, z, q = case
    bits = "".join(str((table >> j) & 1) for j in range(2 ** q))
    obj = _lp_certificate(f"tt:{bits}", format(z, f"0{q}b"))
    if obj is None:
        return                      # rounding of the float LP did not give an exact optimum
    assert verdict(obj) == "valid"
    for label, mutate in itertools.islice(_semantic_mutations(obj), 200):
        mutated = copy.deepcopy(obj)
        mutate(mutated)
        got = verdict(mutated)
        if got != "malformed":
            assert got == ("valid" if brute_verdict(mutated) else "invalid"), label


def test_composition_lp_certificates_accepted():
    for spec, z in [("compose(maj:3;and:2;or:2;parity:2)", "110100"),
                    ("compose(or:2;compose(and:2;expr:~x1;tt:0110);thr:3:2)", "101101"),
                    ("index:2", "011010"), ("tribes:2:3", "110110"), ("sym:01101", "1010"),
                    ("wthr:3,1,1,2:4", "1011")]:
        obj = _lp_certificate(spec, z)
        assert obj is not None and verdict(obj) == "valid", spec


# --- files ---------------------------------------------------------------------------------


def _write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_check_file_plain_and_gzip(tmp_path):
    obj = paper_majority_certificate(2)
    text = json.dumps(obj).encode()
    assert check_file(_write(tmp_path, "c.json", text)).valid
    assert check_file(str(_write(tmp_path, "c.json.gz", gzip.compress(text)))).value == 4


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01\x02", b"not json", b'{"format": ', b"[" * 100000 + b"]" * 100000,
    b"[" * 100000, b'{"a": ' + b"1" * 10 ** 6 + b"}", b"\xff\xfe{}", b'{"format": NaN}',
    b'{"a": 1, "a": 2}', b"[1, 2]", b"null", b'"x"', b"\x1f\x8b garbage",
    gzip.compress(b"not json", mtime=0), gzip.compress(b"", mtime=0)[:10],
])
def test_check_file_rejects_bad_bytes(tmp_path, data):
    with pytest.raises(CertificateMalformed) as info:
        check_file(_write(tmp_path, "bad.json", data))
    assert "\n" not in str(info.value)


def test_check_file_deeply_nested_producer(tmp_path):
    obj = threshold_certificate(3, 2, "110")
    text = json.dumps(obj)[:-1] + ', "producer": ' + "[" * 100000 + "]" * 100000 + "}"
    with pytest.raises(CertificateMalformed):
        check_file(_write(tmp_path, "deep.json", text.encode()))


def test_check_file_size_is_bounded(tmp_path):
    bomb = gzip.compress(b" " * (8 * 2 ** 20), compresslevel=9)
    with pytest.raises(CertificateMalformed, match="exceeds"):
        check_file(_write(tmp_path, "bomb.json.gz", bomb), max_bytes=2 ** 20)
    with pytest.raises(CertificateMalformed, match="exceeds"):
        check_file(_write(tmp_path, "big.json", b" " * (2 ** 20 + 1)), max_bytes=2 ** 20)


def test_check_file_unreadable(tmp_path):
    with pytest.raises(CertificateMalformed):
        check_file(tmp_path / "missing.json")
    with pytest.raises(CertificateMalformed):
        check_file(tmp_path)


# --- certificates/FORMAT.md: its examples and must-reject rows -----------------------------------

FORMAT_MD = __import__("pathlib").Path(__file__).resolve().parents[2] / "certificates" / "FORMAT.md"


def _format_examples() -> list[dict]:
    import re
    blocks = re.findall(r"```json\n(.*?)```", FORMAT_MD.read_text(), flags=re.S)
    return [e for e in map(json.loads, blocks) if e.get("kind") == "exhaustive"]


def test_format_md_examples_are_valid():
    examples = _format_examples()
    assert [e["spec"] for e in examples] == ["maj:3", "maj:6"]
    assert [check_certificate(e).value for e in examples] == [Fraction(3, 2), 4]


def _set(path, value):
    def change(obj):
        target = obj
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


MUST_REJECT = [
    (_set(["value"], "2"), "primal-value"),
    (_set(["dual"], ["1/2", "1/2", "1/4"]), "dual-value"),
    (_set(["dual"], ["1/2", "3/4", "1/4"]), "dual-feasible"),
    (_set(["primal", 0, "weight"], "-1/2"), "primal-nonnegative"),
    (_set(["primal", 0, "block"], [0]), "primal-sensitive"),
    (lambda o: [_set(["primal", k, "weight"], w)(o) for k, w in enumerate(["1", "1/2", "0"])],
     "primal-load"),
] + [(change, "malformed") for change in [
    _set(["value"], 1.5), _set(["value"], "0.5"), _set(["value"], "3/2 "), _set(["dual", 2], "1/0"),
    _set(["primal", 0, "block"], [1, 0]), _set(["primal", 0, "block"], [0, 0]),
    _set(["primal", 0, "block"], [3]), _set(["primal", 0, "block"], []),
    _set(["primal", 0, "block"], [True]), lambda o: o["primal"].append(dict(o["primal"][0])),
    _set(["arity"], 4), _set(["input"], "00"), _set(["input"], "0a0"), _set(["dual"], ["1", "1/2"]),
    _set(["comment"], "x"), lambda o: o.pop("dual"), _set(["kind"], "tree"),
    _set(["format"], "fbs-certificate/2"), _set(["spec"], "maj:3:1"), _set(["spec"], "cnf:f.cnf"),
    _set(["files"], {"f.cnf": "p cnf 3 0\n"}),
]]


@pytest.mark.parametrize("change,expected", MUST_REJECT)
def test_format_md_must_reject_rows(change, expected):
    obj = _format_examples()[0]
    change(obj)
    if expected == "malformed":
        assert verdict(obj) == "malformed"
    else:
        assert check_certificate(obj).condition == expected


# --- huge numbers stay bounded -------------------------------------------------------------


def _coprime_denominators(count: int) -> list[int]:
    """k * M + 1 (k = 1..count, count! | M) are pairwise coprime; each has about 993 digits."""
    m = 10 ** 990 * math.factorial(count)
    return [k * m + 1 for k in range(1, count + 1)]


def test_huge_denominators_are_refused_or_reported_in_one_line():
    base = threshold_certificate(6, 6, "111111", "and:6")     # t = all ones, value 6
    obj = copy.deepcopy(base)
    for i, d in enumerate(_coprime_denominators(4)):          # lcm ~ 13000 bits: allowed
        obj["dual"][i] = f"1/{d}"
    report = check_certificate(obj)
    assert report.condition == "dual-value" and "~" in report.message and "\n" not in report.message
    obj = copy.deepcopy(base)
    for i, d in enumerate(_coprime_denominators(6)):          # lcm ~ 20000 bits: refused
        obj["dual"][i] = f"1/{d}"
    with pytest.raises(CertificateMalformed, match="common denominator"):
        check_certificate(obj)
    obj = copy.deepcopy(base)
    for k, d in enumerate(_coprime_denominators(6)):
        obj["primal"][k]["weight"] = f"1/{d}"
    with pytest.raises(CertificateMalformed, match="common denominator"):
        check_certificate(obj)


def test_python_callers_odd_objects_are_malformed():
    base = threshold_certificate(3, 3, "111", "and:3")
    for change in [lambda o: o["primal"][0].update(block=[10 ** 5000]),
                   lambda o: o.update(files={3: "p cnf 1 0\n"}),
                   lambda o: o.update(arity=10 ** 5000),
                   lambda o: o.update(value=Fraction(3)),
                   lambda o: o["dual"].__setitem__(0, b"1"),
                   lambda o: o.update({7: "x"}), lambda o: o.update({10 ** 5000: "x"}),
                   lambda o: o.update(format=10 ** 5000), lambda o: o.update(kind=10 ** 5000)]:
        obj = copy.deepcopy(base)
        change(obj)
        assert verdict(obj) == "malformed"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) |
    st.text(alphabet="01-/23x: ,", max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children,
                                                                      max_size=3),
    max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["format", "kind", "spec", "arity", "input", "value", "primal", "dual",
                        "files", "bob_rule", "producer", "primal.0", "primal.0.block",
                        "primal.0.weight", "primal.0.block.0", "dual.0"]), JSON_VALUES)
@pytest.mark.slow
def test_arbitrary_json_in_any_field_never_crashes(field, value):
    obj = threshold_certificate(4, 2, "1100")
    target, keys = obj, field.split(".")
    for key in keys[:-1]:
        target = target[int(key) if key.isdigit() else key]
    last = keys[-1]
    target[int(last) if last.isdigit() else last] = value
    verdict(obj)
