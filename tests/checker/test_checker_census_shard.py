"""Kind `census-shard` (certificates/FORMAT.md, section 13): every shard of q <= 5 certified and
equal to the exact shard path, the shards adding up to the census by classes and to brute
force, the checker's own enumeration equal to the numpy one, must-reject examples, mutants
never accepted with a wrong row, and the cover check."""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.checker import check_certificate
from verify.checker.census_cover import CoverFailure, census_by_shards
from verify.checker.upsets import count_up_sets_inside, up_sets_inside
from verify.sweep.census_shards import run_shard, shard_lower, shard_prefixes
from verify.sweep.exhaustive_census import exhaustive_census
from verify.sweep.shard_certificate import checked_shard_certificate, shard_certificate

TINY = {"format": "fbs-certificate/1", "kind": "census-shard", "arity": 3, "prefix": "0x8",
        "part": "0/1", "orbit": 1,
        "pairs": [{"denominator": 1, "weights": [[7, 1]], "dual": [1, 0, 0], "packing": [7]},
                  {"denominator": 1, "weights": [[3, 1]], "dual": [0, 1, 0], "packing": [3]}],
        "use": [0, 1], "counts": [["1", 0, 1, 1, "48"]]}


def _certificates(q: int) -> list[dict]:
    return [shard_certificate(q, prefix) for prefix in shard_prefixes(q)]


def test_the_tiny_example_of_format_md_is_accepted():
    report = check_certificate(TINY)
    assert report.valid and report.value == 2


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_every_shard_is_certified_with_the_exact_paths_row(q):
    for certificate in _certificates(q):
        assert check_certificate(certificate).valid
        exact = run_shard(q, int(certificate["prefix"], 16))
        assert certificate["counts"] == exact["counts"]
        assert certificate["orbit"] == exact["orbit"]
        assert len(certificate["use"]) == exact["antichains"]


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_the_certified_shards_add_up_to_the_census_by_classes(q):
    census = census_by_shards(_certificates(q))
    classes = exhaustive_census(q, certify=False).to_json()
    for k, measure in enumerate(("fbs", "s", "bs", "C")):
        by_value = Counter()
        for key, n in census["distribution"].items():
            by_value[key[k]] += n
        assert {str(v): str(n) for v, n in sorted(by_value.items())} == classes[measure]
    assert census["pairs"] == 2 ** (2 ** q) * 2 ** q


def _brute_force_census(q: int) -> Counter:
    """(fbs, s, bs, C) of every function of q inputs at every input, fbs by the exact LP on
    the minimal blocks and s, bs, C from their definitions (no census code)."""
    from verify.sensitivity.hypergraph import fractional_packing

    found = Counter()
    for table in range(1 << (1 << q)):
        for x in range(1 << q):
            blocks = [b for b in range(1, 1 << q)
                      if (table >> (x ^ b)) & 1 != (table >> x) & 1]
            minimal = [b for b in blocks if not any(a != b and a & b == a for a in blocks)]
            fbs = fractional_packing(minimal, q).value if minimal else Fraction(0)
            s = sum(1 for b in minimal if b & (b - 1) == 0)
            bs = max(k for k in range(q + 1) for chosen in itertools.combinations(minimal, k)
                     if all(not a & b for a, b in itertools.combinations(chosen, 2)))
            c = min(h.bit_count() for h in range(1 << q) if all(h & b for b in minimal))
            found[(fbs, s, bs, c)] += 1
    return found


@pytest.mark.parametrize("q", [2, 3])
def test_the_certified_shards_equal_brute_force(q):
    assert census_by_shards(_certificates(q))["distribution"] == dict(_brute_force_census(q))


@pytest.mark.parametrize("q", [2, 3, 4, 5, 6])
def test_the_checkers_enumeration_is_the_shard_paths(q):
    for prefix in shard_prefixes(q)[:: max(1, len(shard_prefixes(q)) // 12)]:
        listed = list(up_sets_inside(q - 1, prefix & ~1))
        assert listed == shard_lower(q, prefix).tolist()
        assert count_up_sets_inside(q - 1, prefix & ~1) == len(listed)


def test_dedekind_numbers():
    """The up-sets of subsets of p points: Dedekind's numbers M(p), OEIS A000372."""
    assert [count_up_sets_inside(p, (1 << (1 << p)) - 1) for p in range(7)] == [
        2, 3, 6, 20, 168, 7581, 7828354]


def test_parts_are_certified_and_add_up_to_the_shard():
    prefix = shard_prefixes(5)[-2]
    whole = Counter()
    for k in range(3):
        certificate = checked_shard_certificate(5, prefix, (k, 3))
        for fbs, s, bs, c, n in certificate["counts"]:
            whole[(fbs, s, bs, c)] += int(n)
    exact = run_shard(5, prefix)["counts"]
    assert {(f, s, bs, c): int(n) for f, s, bs, c, n in exact} == dict(whole)


def _mutant(change) -> dict:
    certificate = copy.deepcopy(TINY)
    change(certificate)
    return certificate


@pytest.mark.parametrize("change, condition", [
    (lambda c: c.update(use=[0]), "use"),
    (lambda c: c.update(use=[0, 0]), "pair"),
    (lambda c: c.update(orbit=2), "orbit"),
    (lambda c: c["counts"][0].__setitem__(4, "49"), "counts"),
    (lambda c: c["pairs"][1]["dual"].__setitem__(1, 0), "pair"),
    (lambda c: c["pairs"][1]["weights"][0].__setitem__(1, 2), "pair"),
])
def test_must_reject_examples(change, condition):
    report = check_certificate(_mutant(change))
    assert not report.valid and report.condition == condition


@pytest.mark.parametrize("change", [
    lambda c: c.update(prefix="0x2"), lambda c: c.update(arity=8), lambda c: c.update(part="1/1"),
    lambda c: c.update(extra=1), lambda c: c.update(use=[0, 2]),
    lambda c: c.update(orbit=True), lambda c: c["pairs"][0].update(packing=[7, 7]),
])
def test_malformed_examples(change):
    from verify.checker import CertificateMalformed

    with pytest.raises(CertificateMalformed):
        check_certificate(_mutant(change))


def test_a_prefix_that_is_not_least_in_its_class_is_rejected():
    """0xa0 ({{1,3},{1,2,3}} as masks 5, 7) is an up-set whose class is named by 0x88: the
    same number of visits, so only the least-table test can refuse it."""
    from verify.checker.upsets import orbit

    assert min(orbit(0xA0, 3)) == 0x88
    certificate = shard_certificate(4, 0x88)
    certificate["prefix"] = "0xa0"
    report = check_certificate(certificate)
    assert not report.valid and report.condition == "prefix"


SMALL = [(4, prefix) for prefix in shard_prefixes(4)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SMALL), st.data())
def test_mutants_are_never_accepted_with_a_wrong_row(shard, data):
    """Any change to a pair, a use index or the row: either the checker refuses it or the
    row it accepts is the exact path's."""
    from verify.checker import CertificateMalformed

    q, prefix = shard
    certificate = shard_certificate(q, prefix)
    truth = run_shard(q, prefix)["counts"]
    target = data.draw(st.sampled_from(["use", "dual", "weight", "count", "denominator"]))
    if target == "use":
        index = data.draw(st.integers(0, len(certificate["use"]) - 1))
        certificate["use"][index] = data.draw(st.integers(0, len(certificate["pairs"]) - 1))
    elif target == "count":
        row = data.draw(st.integers(0, len(certificate["counts"]) - 1))
        field = data.draw(st.integers(0, 4))
        value = certificate["counts"][row][field]
        certificate["counts"][row][field] = (str(int(Fraction(value) * 2 + 1)) if isinstance(
            value, str) else value + 1)
    else:
        pair = certificate["pairs"][data.draw(st.integers(0, len(certificate["pairs"]) - 1))]
        if target == "dual":
            i = data.draw(st.integers(0, q - 1))
            pair["dual"][i] = max(0, pair["dual"][i] + data.draw(st.sampled_from([-1, 1])))
        elif target == "weight" and pair["weights"]:
            j = data.draw(st.integers(0, len(pair["weights"]) - 1))
            pair["weights"][j][1] += 1
        else:
            pair["denominator"] += 1
    try:
        report = check_certificate(json.loads(json.dumps(certificate)))
    except CertificateMalformed:
        return
    if report.valid:
        assert certificate["counts"] == truth


def test_the_cover_refuses_a_missing_shard_a_repeat_and_mixed_q():
    shards = _certificates(4)
    assert census_by_shards(shards)["shards"] == 10
    with pytest.raises(CoverFailure, match="missing"):
        census_by_shards(shards[:-1])
    with pytest.raises(CoverFailure, match="twice"):
        census_by_shards(shards + shards[:1])
    with pytest.raises(CoverFailure, match="together"):
        census_by_shards(shards + _certificates(3)[:1])
    part = checked_shard_certificate(4, shard_prefixes(4)[-1], (0, 2))
    with pytest.raises(CoverFailure, match="parts"):
        census_by_shards(shards[:-1] + [part])
    wrong = copy.deepcopy(shards)
    wrong[0]["use"] = wrong[0]["use"][1:]
    with pytest.raises(CoverFailure, match="rejected"):
        census_by_shards(wrong)


def test_the_command_certifies_resumes_and_refuses_a_tampered_folder(tmp_path, capsys):
    import gzip

    from cli_run import fbs_cli

    code, out, _ = fbs_cli(capsys, "census", "--exhaustive", "3", "--shard-certificates",
                           str(tmp_path), "--json")
    document = json.loads(out)
    assert code == 0 and document["certified"] and document["shards"] == 5
    assert document["fbs"] == exhaustive_census(3, certify=False).to_json()["fbs"]
    assert len(document["certificates"]) == 5
    victim = sorted(tmp_path.iterdir())[-1]
    certificate = json.loads(gzip.decompress(victim.read_bytes()))
    certificate["counts"][0][-1] = str(int(certificate["counts"][0][-1]) + 1)
    victim.write_bytes(gzip.compress(json.dumps(certificate).encode()))
    code, _, err = fbs_cli(capsys, "census", "--exhaustive", "3", "--shard-certificates",
                           str(tmp_path))
    assert code == 1 and "INVALID" in err and "counts" in err
    victim.unlink()  # a rerun writes the missing shard again
    code, out, _ = fbs_cli(capsys, "census", "--exhaustive", "3", "--shard-certificates",
                           str(tmp_path), "--json")
    assert code == 0 and json.loads(out) == document
