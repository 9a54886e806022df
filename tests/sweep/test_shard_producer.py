"""The compiled census-shard producer (verify.sweep.shard_producer): its certificates are
canonical JSON that the stdlib checker accepts, with the exact kernel's row (run_shard), on
every shard of q <= 5, every shard of q = 6 and a seeded sample of q = 7 (slow); the Python
producer gives the same rows; parts add up to the whole; the fallback to the Python producer; mutants of its
certificates are refused."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.base.numbers import canonical_json
from verify.checker import check_certificate
from verify.checker.errors import CertificateMalformed, CertificateTooLarge
from verify.checker.reader import load_json
from verify.sweep import shard_producer
from verify.sweep.census_shards import run_shard, shard_prefixes, shard_sizes
from verify.sweep.shard_certificate import shard_certificate
from verify.sweep.shard_producer import produce

compiled_only = pytest.mark.skipif(not shard_producer.COMPILED, reason="numba is not installed")


def _checked(q, prefix, part=(0, 1), **options):
    data, facts = produce(q, prefix, part, **options)
    certificate = load_json(data)
    assert canonical_json(certificate).encode() == data  # the canonical bytes the digest is of
    report = check_certificate(certificate)
    assert report.valid, report.message
    assert certificate["counts"] == facts["counts"]
    return certificate, facts


def _agrees_with_the_exact_kernel(q, prefix):
    certificate, facts = _checked(q, prefix)
    exact = run_shard(q, prefix)  # the compiled kernel's row
    assert certificate["counts"] == exact["counts"]
    assert certificate["orbit"] == exact["orbit"]
    assert len(certificate["use"]) == exact["antichains"] == facts["visits"]
    assert certificate["part"] == "0/1" and certificate["prefix"] == hex(prefix)
    return certificate, facts


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_every_shard_of_q_up_to_5_is_accepted_with_the_exact_kernels_row(q):
    for prefix in shard_prefixes(q):
        _agrees_with_the_exact_kernel(q, prefix)


@pytest.mark.parametrize("q", [3, 4, 5])
def test_the_python_producer_gives_the_same_rows(q):
    """Same visits, |K| and row; the pairs and `use` may differ (each producer keeps its own
    recent pairs; the compiled one reuses a pair only when its packing also fits)."""
    for prefix in shard_prefixes(q):
        compiled, _ = _checked(q, prefix)
        python = shard_certificate(q, prefix)
        assert check_certificate(python).valid
        assert compiled["counts"] == python["counts"]
        assert compiled["orbit"] == python["orbit"]
        assert len(compiled["use"]) == len(python["use"])


def test_the_shards_add_up_to_all_pairs_of_4_inputs():
    total = Counter()
    for prefix in shard_prefixes(4):
        certificate, _ = _checked(4, prefix)
        for fbs, s, bs, c, n in certificate["counts"]:
            total[(fbs, s, bs, c)] += int(n)
    assert sum(total.values()) == 2 ** 16 * 2 ** 4


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 29), st.integers(1, 7))
def test_parts_add_up_to_the_whole_shard(index, parts):
    q = 5
    prefix = shard_prefixes(q)[index]
    whole, _ = _checked(q, prefix)
    total, visits = Counter(), 0
    for k in range(parts):
        certificate, facts = _checked(q, prefix, (k, parts))
        assert certificate["part"] == f"{k}/{parts}"
        visits += facts["visits"]
        for fbs, s, bs, c, n in certificate["counts"]:
            total[(fbs, s, bs, c)] += int(n)
    assert visits == len(whole["use"])
    assert total == Counter({(f, s, bs, c): int(n) for f, s, bs, c, n in whole["counts"]})


@compiled_only
def test_an_overflowing_simplex_falls_back_to_the_python_producer():
    """With an entry limit of 1 the first pivot of a simplex overflows: the whole part is then
    the Python producer's certificate, still accepted, same row."""
    q = 5
    prefix = max(shard_prefixes(q), key=lambda p: shard_sizes(q, [p])[0])
    data, facts = produce(q, prefix, limit=1)
    assert facts["fallback"]
    certificate = load_json(data)
    assert check_certificate(certificate).valid
    assert certificate["counts"] == run_shard(q, prefix)["counts"]
    assert not produce(q, prefix)[1]["fallback"]


@compiled_only
def test_most_visits_reuse_a_pair():
    q = 5
    facts = [_checked(q, p)[1] for p in shard_prefixes(q)]
    visits, pairs = sum(f["visits"] for f in facts), sum(f["pairs"] for f in facts)
    assert pairs <= visits
    assert sum(f["reused"] for f in facts) > visits // 2


def test_without_numba_the_python_producer_writes_the_parts(monkeypatch):
    monkeypatch.setattr(shard_producer, "COMPILED", False)
    q, prefix = 4, shard_prefixes(4)[-2]
    for k in range(2):
        data, facts = produce(q, prefix, (k, 2))
        certificate = load_json(data)
        assert facts["fallback"] and check_certificate(certificate).valid
        assert certificate == shard_certificate(q, prefix, (k, 2))


@pytest.mark.parametrize("change", ["use", "weight", "dual", "count", "packing"])
def test_mutants_of_a_produced_certificate_are_refused(change):
    q = 5
    prefix = max(shard_prefixes(q), key=lambda p: shard_sizes(q, [p])[0])
    certificate, _ = _checked(q, prefix)
    mutant = json.loads(json.dumps(certificate))
    if change == "use":  # a visit named a pair that does not prove it
        first = mutant["use"][0]
        mutant["use"][0] = next(i for i in range(len(mutant["pairs"]))
                                if mutant["pairs"][i]["weights"] != mutant["pairs"][first][
                                    "weights"])
    elif change == "weight":
        pair = next(p for p in mutant["pairs"] if p["weights"])
        pair["weights"][0][1] += 1
    elif change == "dual":
        pair = next(p for p in mutant["pairs"] if any(p["dual"]))
        i = next(i for i, t in enumerate(pair["dual"]) if t)
        pair["dual"][i] -= 1
    elif change == "count":
        mutant["counts"][0][4] = str(int(mutant["counts"][0][4]) + 1)
    else:  # a packing that is no longer in U (a set of all points is in every nonempty U:
        # so take a pair whose packing can lose a set, and the bs would then need the program)
        pair = next(p for p in mutant["pairs"] if len(p["packing"]) >= 2)
        pair["packing"] = pair["packing"][:1] + pair["packing"][:1]
    try:
        report = check_certificate(mutant)
    except (CertificateMalformed, CertificateTooLarge):  # refused as malformed: exit 2
        return
    assert not report.valid


@pytest.mark.slow
def test_every_shard_of_q6_is_accepted_with_the_exact_kernels_row():
    for prefix in shard_prefixes(6):
        _agrees_with_the_exact_kernel(6, prefix)


@pytest.mark.slow
def test_a_seeded_sample_of_small_q7_shards_is_accepted_with_the_exact_kernels_row():
    prefixes = shard_prefixes(7)
    small = [p for p, n in zip(prefixes, shard_sizes(7, prefixes)) if n <= 3000]
    for prefix in sorted(random.Random(38).sample(small, 6)):
        _agrees_with_the_exact_kernel(7, prefix)
