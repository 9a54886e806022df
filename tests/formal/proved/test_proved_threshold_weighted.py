"""fbs-proved on kinds `weighted` and `threshold` (issue 37; coq/native/kind_weighted.ml,
kind_threshold.ml over checkers/WeightedCheck.v and ThresholdCheck.v): the same verdict as
the stdlib checker on the certificates the suite writes for these kinds, on the paper's two
threshold certificates and on their must-reject mutations; hostile files are refused before
any work by the same FORMAT.md bounds."""

from __future__ import annotations

import copy
import gzip
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from test_checker_weighted import _example as weighted_example

from verify import fbs
from verify.lower_bound.tree_fbs import local_weighted_fbs
from verify.sensitivity.certificates import weighted_certificate

PAPER = Path(__file__).resolve().parents[3] / "certificates" / "paper"


# --- kind weighted ------------------------------------------------------------------------

def test_the_weighted_example_states_the_weighted_lp(run_proved, stdlib_exit):
    obj = weighted_example()
    got = run_proved(obj)
    assert stdlib_exit(obj) == 0
    assert got.exit == 0 and got.line.endswith(
        ': weighted fbs = 5/2: WeightedFbsIs (AND 2) (bitsOf "11") [(1 # 2); (2 # 1)] (5 # 2) '
        "[Extract.checkWeightedFamily_sound]"), got.line


WEIGHTED_MUTATIONS = [  # tests/checker/test_checker_weighted.py's, and FORMAT.md section 9's
    {"value": "3"}, {"capacities": ["-1/2", "2"]}, {"dual": ["1", "1/2"]},
    {"primal": [{"block": [0], "weight": "1/2"}, {"block": [1], "weight": "3"}]},
    {"dual": ["-1", "7/4"]},
    {"capacities": ["1", "1"], "value": "2", "dual": ["2", "0"],
     "primal": [{"block": [0], "weight": "1"}, {"block": [1], "weight": "1"}]},
    {"spec": "or:2", "input": "10", "capacities": ["1", "1"], "value": "1",
     "primal": [{"block": [0, 1], "weight": "1"}], "dual": ["1", "0"]},
    {"input": "1"}, {"capacities": ["1"]}, {"dual": "1,1"}, {"extra": 1}, {"value": 2},
    {"primal": [{"block": [0], "weight": "1/2"}, {"block": [0], "weight": "2"}]},
    {"primal": [{"block": [2], "weight": "1/2"}]},
]


@pytest.mark.parametrize("change", WEIGHTED_MUTATIONS)
def test_weighted_mutations_get_the_stdlib_verdict(run_proved, stdlib_exit, change):
    obj = dict(weighted_example(), **change)
    assert run_proved(obj).exit == stdlib_exit(obj) != 0


@pytest.mark.parametrize("seed", range(12))
def test_solver_weighted_certificates_agree(run_proved, stdlib_exit, seed):
    """The suite's weighted certificates (random tt: specs, q <= 5, as
    tests/checker/test_checker_weighted.py makes them): proved with the stdlib checker's
    value; a value one higher is refused by both."""
    rng = random.Random(seed)
    q = rng.randint(1, 5)
    spec = "tt:" + "".join(rng.choice("01") for _ in range(2 ** q))
    z = tuple(rng.randint(0, 1) for _ in range(q))
    caps = tuple(Fraction(rng.randint(0, 9), rng.randint(1, 3)) for _ in range(q))
    sol = local_weighted_fbs(spec, z, caps)
    obj = weighted_certificate(spec, z, caps, sol.value, sol.primal, sol.dual)
    got = run_proved(obj)
    assert stdlib_exit(obj) == 0 and got.exit == 0, got.line
    assert "WeightedFbsIs (TT " in got.line and got.line.split(": ")[2].split(" = ")[1] == str(sol.value)
    broken = dict(obj, value=str(sol.value + 1))
    assert run_proved(broken).exit == stdlib_exit(broken) == 1


def test_a_named_spec_gets_its_truth_table_from_the_launcher(run_proved, stdlib_exit):
    """index:2 (arity 6) is not read by the program: `fbs check --proved` supplies its table,
    and the statement names the table."""
    caps = (Fraction(1),) * 6
    z = (1, 0, 1, 1, 0, 0)
    sol = local_weighted_fbs("index:2", z, caps)
    obj = weighted_certificate("index:2", z, caps, sol.value, sol.primal, sol.dual)
    got = run_proved(obj)
    assert stdlib_exit(obj) == 0 and got.exit == 0 and "WeightedFbsIs (TT \"00" in got.line, got.line


def test_a_wide_symmetric_weighted_lp_is_beyond_the_program_s_bound(run_proved, stdlib_exit):
    """maj:101 (the stdlib checker's closed forms): the proved checker scans 2^q blocks, so
    the program refuses above q = 20 (exit 2), never a wrong verdict."""
    z = "1" * 51 + "0" * 50
    obj = {"format": "fbs-certificate/1", "kind": "weighted", "spec": "maj:101", "arity": 101,
           "input": z, "capacities": ["2"] * 101, "value": "102",
           "primal": [{"block": [i], "weight": "2"} for i in range(51)],
           "dual": ["1"] * 51 + ["0"] * 50}
    assert stdlib_exit(obj) == 0
    got = run_proved(obj)
    assert got.exit == 2 and "work bound" in got.line, got.line


# --- kind threshold -----------------------------------------------------------------------

def _threshold(spec: str, z: str) -> dict:
    result = fbs(spec, z)
    assert result.certificate["kind"] == "threshold"
    return result.certificate


def test_the_format_md_example_states_the_family(run_proved):
    got = run_proved(_threshold("wthr:3,2,2,1,1:5", "11111"))
    assert got.exit == 0 and got.line.endswith(
        ': fbs = 9/5: FbsIs (WTHR [3; 2; 2; 1; 1]%Z (5)%Z) (bitsOf "11111") (9 # 5) '
        "[ThresholdCheck.checkThresholdFamily_sound]"), got.line


def _mutations(good: dict) -> list[dict]:
    """tests/sensitivity/test_threshold.py's must-reject mutations, and a few more."""
    q = good["arity"]
    out = []
    low = copy.deepcopy(good)
    low["dual"] = [good["value"]] + ["0"] * (q - 1)
    out.append(low)
    out.append(dict(good, value=str(Fraction(good["value"]) + 1)))
    _, weight_text, threshold = good["spec"].split(":")
    ws, z = [int(w) for w in weight_text.split(",")], good["input"]
    total = sum(w for w, b in zip(ws, z) if b == "1")
    flat = [i for i in range(q)  # single coordinates whose flip keeps f(z)
            if (total + (-ws[i] if z[i] == "1" else ws[i]) >= int(threshold)) == (total >= int(threshold))]
    if good["primal"] and flat:
        insensitive = copy.deepcopy(good)
        insensitive["primal"][0]["block"] = [flat[0]]
        out.append(insensitive)
    if good["primal"]:
        heavy = copy.deepcopy(good)
        heavy["primal"][0]["weight"] = str(Fraction(heavy["primal"][0]["weight"]) + 1)
        out.append(heavy)
    negative = copy.deepcopy(good)
    negative["dual"][0] = "-" + negative["dual"][0] if negative["dual"][0] != "0" else "-1"
    out.append(negative)
    weights = weight_text.split(",")
    out += [dict(good, spec=f"wthr:{','.join(weights[:-1] + ['-1'])}:{threshold}"),
            dict(good, arity=q + 1), dict(good, input=good["input"][:-1]), dict(good, spec=f"maj:{q}"),
            dict(good, dual=good["dual"][:-1]), dict(good, extra=1)]
    return out


@pytest.mark.parametrize("spec,z", [("wthr:3,2,2,1,1:5", "11111"), ("wthr:3,2,2,1,1:5", "10001"),
                                    ("wthr:5,1,1,1,1,1:5", "011111"), ("wthr:4,0,3,2:6", "1010")])
def test_threshold_mutations_get_the_stdlib_verdict(run_proved, stdlib_exit, spec, z):
    good = _threshold(spec, z)
    assert run_proved(good).exit == stdlib_exit(good) == 0
    for obj in _mutations(good):
        assert run_proved(obj).exit == stdlib_exit(obj) != 0, obj


@pytest.mark.parametrize("seed", range(16))
def test_random_threshold_certificates_agree(run_proved, stdlib_exit, seed):
    """As tests/sensitivity/test_threshold.py: random weights (some 0), thresholds and inputs."""
    rng = random.Random(seed)
    q = rng.randint(1, 12)
    weights = [rng.randint(0, 12) for _ in range(q)]
    spec = f"wthr:{','.join(map(str, weights))}:{rng.randint(0, sum(weights) + 2)}"
    z = "".join(rng.choice("01") for _ in range(q))
    good = _threshold(spec, z)
    got = run_proved(good)
    assert stdlib_exit(good) == 0 and got.exit == 0, (spec, z, got.line)
    assert got.line.split(": ")[2] == f"fbs = {good['value']}"
    for obj in _mutations(good)[:5]:
        assert run_proved(obj).exit == stdlib_exit(obj), (spec, z, obj)


def test_forty_weights_agree(run_proved, stdlib_exit):
    rng = random.Random(40)
    weights = [rng.randint(1, 100) for _ in range(40)]
    good = _threshold(f"wthr:{','.join(map(str, weights))}:{sum(weights) - 60}", "1" * 40)
    got = run_proved(good)
    assert stdlib_exit(good) == 0 and got.exit == 0 and "WTHR <40 weights" in got.line, got.line


def _paper_thresholds() -> list[Path]:
    found = []
    for path in sorted(PAPER.rglob("*.json*")):
        if path.name == "MANIFEST.json":
            continue
        data = path.read_bytes()
        obj = json.loads(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
        if obj.get("kind") == "threshold":
            found.append(path)
    return found


def test_the_paper_s_threshold_certificates_and_their_mutations(run_proved, stdlib_exit):
    paths = _paper_thresholds()
    assert len(paths) == 2
    for path in paths:
        data = path.read_bytes()
        good = json.loads(gzip.decompress(data))
        got = run_proved(data, gzip=False)
        assert stdlib_exit(data) == 0 and got.exit == 0, got.line
        for obj in _mutations(good):
            assert run_proved(obj).exit == stdlib_exit(obj) != 0, obj


def test_a_hostile_knapsack_is_refused_before_work(run_proved, stdlib_exit):
    """FORMAT.md section 8: a 60-byte spec whose DP would need 10^12 cells."""
    obj = {"format": "fbs-certificate/1", "kind": "threshold",
           "spec": "wthr:1000000000000,1000000000000:1000000000000", "arity": 2,
           "input": "11", "value": "1", "primal": [], "dual": ["0", "0"]}
    got = run_proved(obj)
    assert stdlib_exit(obj) == 2 and got.exit == 2 and "too costly" in got.line


def test_huge_numbers_and_widths_are_refused(run_proved, stdlib_exit):
    long_weight = "9" * 1001
    for obj in [
        {"format": "fbs-certificate/1", "kind": "threshold", "spec": f"wthr:{long_weight}:1",
         "arity": 1, "input": "1", "value": "1", "primal": [], "dual": ["1"]},
        {"format": "fbs-certificate/1", "kind": "threshold",
         "spec": "wthr:" + ",".join(["1"] * 100_001) + ":5", "arity": 100_001,
         "input": "0^100001", "value": "1", "primal": [], "dual": ["0"] * 100_001},
    ]:
        assert run_proved(obj).exit == stdlib_exit(obj) == 2


def test_a_wide_threshold_at_the_dp_bound(run_proved, stdlib_exit):
    """N = 20,000 unit weights at T = 40, z = 0^N: the side is all N coordinates, need 40, so
    the DP has 20,000 x 41 cells; fbs = N / 40 (t = 1/40 each, the packing of N/40 disjoint
    blocks of 40)."""
    n, t = 20_000, 40
    obj = {"format": "fbs-certificate/1", "kind": "threshold",
           "spec": "wthr:" + ",".join(["1"] * n) + f":{t}", "arity": n, "input": f"0^{n}",
           "value": str(n // t),
           "primal": [{"block": list(range(k * t, (k + 1) * t)), "weight": "1"} for k in range(n // t)],
           "dual": ["1/40"] * n}
    got = run_proved(obj)
    assert stdlib_exit(obj) == 0 and got.exit == 0, got.line
    assert "(bitsOf <20000 bits: 0^20000>)" in got.line


@pytest.mark.slow
def test_a_side_of_100000_coordinates(run_proved, stdlib_exit):
    """N = 100,000 unit weights, T = 100 at 0^N: the whole input is the side (the DP bound's
    side x 101 cells); 100 disjoint blocks of 100 give 100, not the claimed 1000 (the true
    fbs): both checkers refuse it (primal-value)."""
    n = 100_000
    obj = {"format": "fbs-certificate/1", "kind": "threshold",
           "spec": "wthr:" + ",".join(["1"] * n) + ":100", "arity": n, "input": f"0^{n}",
           "value": "1000",
           "primal": [{"block": list(range(k * 100, k * 100 + 100)), "weight": "1"} for k in range(100)],
           "dual": ["1/100"] * n}
    assert run_proved(obj).exit == stdlib_exit(obj) == 1
