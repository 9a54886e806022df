"""fbs-proved on kind `census-shard` (coq/native/kind_census_shard.ml, the Coq checker
checkers/CensusShardCheck.v, checkShardWith_sound): every shard certificate of q <= 5 the
producer writes is proved, with the row of the exact shard path, and on the FORMAT.md
must-reject examples, malformed files and seeded mutants of every shard of q <= 4 the program
gives the stdlib checker's verdict (the same exit code)."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

import pytest
from test_checker_census_shard import TINY

from verify.sweep.census_shards import run_shard, shard_prefixes
from verify.sweep.shard_certificate import shard_certificate


def _row(line: str) -> str:
    return line.rsplit(": ", 1)[-1]


def test_the_format_example_is_proved_with_its_statement(run_proved, stdlib_exit):
    got = run_proved(TINY)
    assert got.exit == 0 == stdlib_exit(TINY), got.line
    assert "visits = 2" in got.line and "|K| = 1 distinct images" in got.line
    assert "(1, 0, 1, 1) -> 48" in got.line and "checkShardWith_sound" in got.line
    assert "CensusEntryIs" in got.line and "partVisits 3 R 0 1" in got.line


@pytest.mark.parametrize("q", [2, 3, 4, 5])
def test_every_shard_is_proved_with_the_exact_paths_row(run_proved, q):
    for prefix in shard_prefixes(q):
        certificate = shard_certificate(q, prefix)
        got = run_proved(certificate)
        assert got.exit == 0, got.line
        exact = run_shard(q, prefix)  # the compiled kernel: a second method for the row
        shown = "; ".join(f"({Fraction(f)}, {s}, {bs}, {c}) -> {n}" for f, s, bs, c, n in exact["counts"])
        if len(shown) <= 400:
            assert got.line.endswith(shown + " [CensusShardCheck.checkShardWith_sound]"), got.line
        assert f"visits = {exact['antichains']}:" in got.line
        assert f"|K| = {exact['orbit']} distinct images" in got.line


@pytest.mark.parametrize("change", [
    lambda c: c.update(use=[0]),                                     # use: a visit missing
    lambda c: c.update(use=[0, 0]),                                  # pair: 7 is not minimal in U
    lambda c: c.update(orbit=2),                                     # orbit
    lambda c: c["counts"][0].__setitem__(4, "49"),                   # counts
    lambda c: c["counts"][0].__setitem__(1, 1),                      # counts: s
    lambda c: c["counts"][0].__setitem__(0, "3/2"),                  # counts: fbs
    lambda c: c["pairs"][1]["dual"].__setitem__(1, 0),               # pair: sums differ
    lambda c: c["pairs"][1].update(dual=[1, 0, 0]),                  # pair: t({1, 2}) = 0
    lambda c: c["pairs"][1]["weights"][0].__setitem__(1, 2),         # pair: load 2 > D
    lambda c: c.update(part="0/2"),                                  # use: part 0/2 has 1 visit
    lambda c: c.update(prefix="0x2"),                                # malformed: not an up-set
    lambda c: c.update(arity=8),                                     # malformed
    lambda c: c.update(part="1/1"),                                  # malformed
    lambda c: c.update(extra=1),                                     # malformed
    lambda c: c.update(use=[0, 2]),                                  # malformed: no pair 2
    lambda c: c["pairs"][0].update(packing=[7, 7]),                  # malformed: they meet
    lambda c: c["counts"].append(["1", 0, 1, 1, "0"]),               # malformed: a row twice
])
def test_must_reject_and_malformed_examples_get_the_stdlib_verdict(run_proved, stdlib_exit, change):
    certificate = copy.deepcopy(TINY)
    change(certificate)
    expected = stdlib_exit(certificate)
    assert expected != 0
    assert run_proved(certificate).exit == expected


def test_a_prefix_that_is_not_least_in_its_class_is_refused(run_proved, stdlib_exit):
    certificate = shard_certificate(4, 0x88)
    certificate["prefix"] = "0xa0"  # the same class, not its least table: same visit count
    assert run_proved(certificate).exit == stdlib_exit(certificate) == 1


def _mutants(certificate: dict, q: int, rng: random.Random, count: int) -> list[dict]:
    """Seeded one-change mutants: a use index, a dual entry, a weight, a denominator, a row
    field, a packing member dropped."""
    out = []
    for _ in range(count):
        c = copy.deepcopy(certificate)
        target = rng.choice(["use", "dual", "weight", "count", "denominator", "packing"])
        pair = rng.choice(c["pairs"])
        if target == "use":
            c["use"][rng.randrange(len(c["use"]))] = rng.randrange(len(c["pairs"]))
        elif target == "count":
            row, field = rng.randrange(len(c["counts"])), rng.randrange(5)
            value = c["counts"][row][field]
            c["counts"][row][field] = (str(int(Fraction(value) * 2 + 1)) if isinstance(value, str)
                                       else value + 1)
        elif target == "dual":
            i = rng.randrange(q)
            pair["dual"][i] = max(0, pair["dual"][i] + rng.choice([-1, 1]))
        elif target == "weight" and pair["weights"]:
            pair["weights"][rng.randrange(len(pair["weights"]))][1] += 1
        elif target == "packing" and pair["packing"]:
            pair["packing"].pop(rng.randrange(len(pair["packing"])))
        else:
            pair["denominator"] += 1
        out.append(c)
    return out


@pytest.mark.parametrize("q", [3, 4])
def test_mutants_of_every_shard_get_the_stdlib_verdict(run_proved, stdlib_exit, q):
    rng = random.Random(38)
    tried = refused = 0
    for prefix in shard_prefixes(q):
        certificate = shard_certificate(q, prefix)
        for mutant in _mutants(certificate, q, rng, 12):
            mutant = json.loads(json.dumps(mutant))
            expected = stdlib_exit(mutant)
            assert run_proved(mutant).exit == expected, (hex(prefix), mutant)
            tried += 1
            refused += expected != 0
    assert refused > tried // 3  # the mutants do change verdicts (a dropped packing member
    # or a larger denominator with an unchanged row can stay valid: the checker searches bs)


@pytest.mark.slow
def test_every_shard_of_q6_is_proved_with_the_exact_paths_counts(run_proved):
    """All 210 shards of Q = 6 (268,988 visits): proved, with the exact path's visit count and
    |K| (about 2 s of the program's CPU, 10-15 s of the Python producer's)."""
    for prefix in shard_prefixes(6):
        got = run_proved(shard_certificate(6, prefix))
        exact = run_shard(6, prefix)
        assert got.exit == 0, got.line
        assert f"visits = {exact['antichains']}:" in got.line
        assert f"|K| = {exact['orbit']} distinct images" in got.line
