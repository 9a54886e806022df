"""fbs-proved on kinds symmetric and measure (coq/native/kind_symmetric.ml, kind_measure.ml),
and on every certificate of certificates/paper/: the same verdict as the stdlib checker
wherever the program has a proved checker and stays within its bounds."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from test_checker_measure import VALID as MEASURES
from test_checker_symmetric import MUTATIONS as SYMMETRIC_MUTATIONS
from test_checker_symmetric import threshold_certificate, threshold_fbs

PAPER = Path(__file__).resolve().parents[3] / "certificates" / "paper"


def test_a_symmetric_certificate_states_the_family(run_proved):
    got = run_proved(threshold_certificate(1000, 400, 123))
    assert got.exit == 0 and "FbsIs (THR 1000 (400)%Z) (bitsOf <1000 bits: 1^123,0^877>)" in got.line


@pytest.mark.parametrize("name,mutate", SYMMETRIC_MUTATIONS, ids=[m[0] for m in SYMMETRIC_MUTATIONS])
def test_symmetric_mutations_agree(run_proved, stdlib_exit, name, mutate):
    obj = threshold_certificate(8, 4, 6)  # as tests/checker/test_checker_symmetric.py
    mutate(obj)
    assert run_proved(obj).exit == stdlib_exit(obj) != 0


@pytest.mark.parametrize("n,t,w", [(10**6, 300000, 999999), (10**6, 1, 0), (10**8, 5 * 10**7, 10**8 // 3),
                                   (10**8, 10**8, 0), (10**8, 1, 10**8)])
def test_symmetric_certificates_at_the_format_s_bound_are_proved(run_proved, stdlib_exit, n, t, w):
    """No bound of the program's own (issue 37): arity up to FORMAT.md's 10^8, in runs."""
    obj = threshold_certificate(n, t, w)
    assert stdlib_exit(obj) == 0
    got = run_proved(obj)
    assert got.exit == 0 and f"FbsIs (THR {n} ({t})%Z)" in got.line, got.line
    wrong = dict(obj, value=str(threshold_fbs(n, t, w) + 1))
    assert run_proved(wrong).exit == stdlib_exit(wrong) == 1


def test_a_symmetric_arity_beyond_the_format_s_bound_is_refused(run_proved, stdlib_exit):
    obj = threshold_certificate(10**8 + 1, 3, 1)
    assert run_proved(obj).exit == stdlib_exit(obj) == 2


def test_a_sym_table_with_many_types_is_read_in_log_steps(run_proved, stdlib_exit):
    """A sym: table of 10^5 + 1 values and 10^4 types (each read at weight n): the table is
    read through its Braun tree (shapeVF_ok), not by a scan per type (10^9 steps, 13 s)."""
    n, count = 10**5, 10**4
    obj = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": "sym:" + "0" * n + "1",
           "arity": n, "input": f"0^{n}", "value": "1", "dual": {"ones": "0", "zeros": f"1/{n}"},
           "primal": [{"ones": 0, "zeros": n, "weight": "0"}] * (count - 1)
           + [{"ones": 0, "zeros": n, "weight": "1"}]}
    got = run_proved(obj)
    assert got.exit == stdlib_exit(obj) == 0, got.line
    wrong = dict(obj, primal=obj["primal"][:-1] + [{"ones": 0, "zeros": n - 1, "weight": "1"}])
    assert run_proved(wrong).exit == stdlib_exit(wrong) == 1


def _symmetric_cases(seed: int, count: int):
    """Seeded random (spec, input) pairs of every symmetric family, arities 1 .. 10^8 (sym:
    up to 3000 values, its text is part of the file)."""
    import random

    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        family = rng.choice(["and", "or", "parity", "maj", "thr", "sym"])
        n = rng.choice([rng.randint(1, 12), rng.randint(13, 3000), rng.randint(3001, 10**8)])
        if family == "sym":
            n = min(n, 3000)
            spec = "sym:" + "".join(rng.choice("01") for _ in range(n + 1))
        elif family == "thr":
            spec = f"thr:{n}:{rng.randint(-2, n + 2)}"
        else:
            spec = f"{family}:{n}"
        w = rng.choice([0, n, rng.randint(0, n)])
        runs = [part for part in (f"1^{w}" if w else "", f"0^{n - w}" if w < n else "") if part]
        cases.append((spec, ",".join(runs)))
    return cases


@pytest.mark.parametrize("spec,given", _symmetric_cases(37, 40), ids=lambda x: str(x)[:24])
def test_random_symmetric_certificates_and_mutations_agree(run_proved, stdlib_exit, spec, given):
    """Differential, seeded: the solver's certificate (verify.fbs), proved as the stdlib
    checker accepts it, and its mutations (value, dual, a type's weight) get the same verdict."""
    from fractions import Fraction

    from verify import fbs

    obj = fbs(spec, given).certificate
    got = run_proved(obj)
    assert got.exit == stdlib_exit(obj) == 0, got.line
    value = Fraction(obj["value"])
    mutants = [dict(obj, value=str(value + 1)), dict(obj, value=str(value / 2))]
    for side in ("ones", "zeros"):
        t = Fraction(obj["dual"][side])
        if t:
            mutants.append(dict(obj, dual=dict(obj["dual"], **{side: str(t * Fraction(9, 10))})))
    for k, entry in enumerate(obj["primal"]):
        raised = dict(entry, weight=str(Fraction(entry["weight"]) * 2))
        mutants.append(dict(obj, primal=obj["primal"][:k] + [raised] + obj["primal"][k + 1:]))
    for mutant in mutants:
        assert run_proved(mutant).exit == stdlib_exit(mutant), mutant


@pytest.mark.parametrize("cert", MEASURES, ids=lambda c: f"{c['spec']}-{c['measure']}-{c['value']}")
def test_measures_and_their_mutations_agree(run_proved, stdlib_exit, cert):
    got = run_proved(cert)
    assert got.exit == 0, got.line
    statement = {"s": "SensitivityOf", "bs": "BlockSensitivityOf", "C": "CertificateComplexityOf"}
    assert f"{statement[cert['measure']]} " in got.line and got.line.split()[-2] == cert["value"]
    q = cert["arity"]
    for value in {int(cert["value"]) - 1, int(cert["value"]) + 1} - {-1}:
        changed = dict(cert, value=str(value))
        assert run_proved(changed).exit == stdlib_exit(changed) == 1
    changed = dict(cert, input="1" + cert["input"][1:] if cert["input"][0] == "0" else "0" + cert["input"][1:])
    assert run_proved(changed).exit == stdlib_exit(changed)
    if cert["measure"] != "bs":
        for extra in range(q):
            if extra not in cert["witness"]:
                changed = dict(cert, witness=sorted(cert["witness"] + [extra]))
                assert run_proved(changed).exit == stdlib_exit(changed), changed


def _packing(value, q: int, z: int):
    """A largest packing of disjoint sensitive blocks of f = value at z (bit i of a mask =
    coordinate i), by the lowest-coordinate recursion over the 2^q sets with memory."""
    from functools import lru_cache

    sensitive = [b for b in range(1, 1 << q) if value(z ^ b) != value(z)]

    @lru_cache(maxsize=None)
    def best(a: int) -> tuple:
        if not a:
            return ()
        low = a & -a
        found = best(a & ~low)
        for b in sensitive:
            if b & low and b & a == b and len(best(a & ~b)) + 1 > len(found):
                found = (b,) + best(a & ~b)
        return found

    return best((1 << q) - 1)


def _bs_cases(seed: int):
    import random

    rng = random.Random(seed)
    cases = [("parity:10", "0" * 10), ("maj:10", "0000011111"), ("thr:9:4", "000110000")]
    for q in (9, 10, 10):
        table = "".join(rng.choice("01") for _ in range(1 << q))
        cases.append((f"tt:{table}", "".join(rng.choice("01") for _ in range(q))))
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("spec,given", _bs_cases(37), ids=lambda x: str(x)[:16])
def test_bs_at_the_format_s_bound_is_proved(run_proved, stdlib_exit, spec, given):
    """bs at q = 9, 10 (FORMAT.md's bound; the program's own bound was q <= 8 before issue
    37): a largest packing is proved, and one block fewer, or the value one higher with the
    same blocks, is refused by both checkers."""
    q = len(given)
    families = {"parity:10": lambda x: x.bit_count() % 2, "maj:10": lambda x: x.bit_count() > 5,
                "thr:9:4": lambda x: x.bit_count() >= 4}
    # a truth table's position of x: coordinate 0 is the most significant bit (FORMAT.md 1)
    value = families.get(spec) or (lambda x: spec[3 + int(format(x, f"0{q}b")[::-1], 2)])
    z = sum(1 << i for i, bit in enumerate(given) if bit == "1")
    blocks = [[i for i in range(q) if b >> i & 1] for b in _packing(value, q, z)]
    obj = {"format": "fbs-certificate/1", "kind": "measure", "measure": "bs", "spec": spec,
           "arity": q, "input": given, "value": str(len(blocks)), "witness": blocks}
    got = run_proved(obj)
    assert got.exit == stdlib_exit(obj) == 0, got.line
    for changed in (dict(obj, value=str(len(blocks) + 1)),
                    dict(obj, value=str(len(blocks) - 1), witness=blocks[1:])):
        assert run_proved(changed).exit == stdlib_exit(changed) == 1


def _paper_certificates():
    manifest = json.loads((PAPER / "MANIFEST.json").read_text())
    return sorted({entry["file"] for entry in manifest["certificates"]})


@pytest.mark.slow
def test_every_paper_certificate_gets_the_stdlib_checker_s_verdict(proved, run_proved, stdlib_exit):
    """310 files: each is proved (stdlib: valid); never a disagreement, none refused for a bound
    of the program's own (issue 37: the three symmetric certificates of 6,000 to 10^6 inputs are
    proved) and none as a kind without a proved checker (the 2 threshold certificates are proved
    by checkers/ThresholdCheck.v)."""
    import subprocess

    kinds = subprocess.run([str(proved), "--kinds"], capture_output=True, text=True).stdout.split()
    counts = {"proved": 0, "no proved checker": 0, "beyond a bound": 0}
    names = _paper_certificates()
    for name in names:
        data = (PAPER / name).read_bytes()
        got = run_proved(data)
        obj = json.loads(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
        key = obj["kind"] + (f"/{obj.get('version', 1)}" if obj["kind"] == "tree" else "")
        assert stdlib_exit(data) == 0, name
        if key not in kinds:
            assert got.exit == 2 and "has no proved checker" in got.line, (name, got.line)
            counts["no proved checker"] += 1
        elif got.exit == 2 and "work bound" in got.line:
            counts["beyond a bound"] += 1
        else:
            assert got.exit == 0, (name, got.line)
            counts["proved"] += 1
    assert len(names) == 310 and counts["beyond a bound"] == 0 and counts["proved"] == 310, counts
    assert counts["no proved checker"] == 0, counts
