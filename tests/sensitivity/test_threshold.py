"""wthr at any input by the knapsack DP and kind threshold (issue 12)."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import fbs
from verify.checker import CertificateMalformed, check_certificate


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=10), st.integers(-3, 90),
       st.integers(0, 2**10 - 1))
def test_threshold_method_equals_the_truth_table(weights, threshold, seed):
    q = len(weights)
    spec = f"wthr:{','.join(map(str, weights))}:{threshold}" if threshold >= 0 else \
        f"wthr:{','.join(map(str, weights))}:0"
    z = format(seed % (1 << q), f"0{q}b")
    knapsack = fbs(spec, z)
    assert knapsack.method == "threshold" and knapsack.certified
    assert knapsack.certificate["kind"] == "threshold"
    assert knapsack.value == fbs(spec, z, method="table").value


def test_twenty_weights_at_random_inputs():
    rng = random.Random(20)
    weights = [rng.randint(1, 30) for _ in range(20)]
    spec = f"wthr:{','.join(map(str, weights))}:{sum(weights) // 2}"
    for _ in range(3):
        z = "".join(rng.choice("01") for _ in range(20))
        assert fbs(spec, z).value == fbs(spec, z, method="table").value


def test_two_hundred_weights_agree_with_the_lrat_certified_solver():
    """wthr with 40 weights in 1..100 at a random input: the knapsack DP and the sat-lrat
    route (column generation with the DP oracle, final dual refuted by the BDD proof)."""
    rng = random.Random(40)
    weights = [rng.randint(1, 100) for _ in range(40)]
    spec = f"wthr:{','.join(map(str, weights))}:{sum(weights) - 60}"
    z = "1" * 40
    assert fbs(spec, z).value == fbs(spec, z, method="sat").value


def test_certificate_mutations_are_rejected():
    result = fbs("wthr:3,2,2,1,1:5", "11111")  # need weight >= 5 among the ones
    assert result.value == fbs("wthr:3,2,2,1,1:5", "11111", method="table").value
    good = result.certificate
    assert check_certificate(good).valid
    low = copy.deepcopy(good)
    low["dual"] = [good["value"], "0", "0", "0", "0"]  # same sum; {1, 2, 3} weighs 5, t = 0
    report = check_certificate(low)
    assert not report.valid and report.condition == "dual-feasible"
    wrong = copy.deepcopy(good)
    wrong["value"] = str(result.value + 1)
    assert check_certificate(wrong).condition == "primal-value"
    insensitive = copy.deepcopy(good)
    insensitive["primal"][0]["block"] = [4]
    assert check_certificate(insensitive).condition == "primal-sensitive"
    for change in ({"spec": "wthr:3,2,2,1,-1:5"}, {"arity": 6}, {"input": "1111"},
                   {"spec": "maj:5"}):
        with pytest.raises(CertificateMalformed):
            check_certificate(dict(good, **change))


def test_hostile_knapsack_is_refused_before_work():
    """A 60-byte spec whose DP would need 10^12 cells: malformed, at once."""
    certificate = {"format": "fbs-certificate/1", "kind": "threshold",
                   "spec": "wthr:1000000000000,1000000000000:1000000000000", "arity": 2,
                   "input": "11", "value": "1", "primal": [], "dual": ["0", "0"]}
    with pytest.raises(CertificateMalformed, match="too costly"):
        check_certificate(certificate)
