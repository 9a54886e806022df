"""The census by structure (`fbs census --exhaustive Q`) against independent sources: the
committed q <= 4 census (one certified LP per pair, bench/census/), brute force over every
function and input for q <= 3, the published Dedekind numbers and counts of inequivalent
monotone functions, and a pure-Python canonical form."""

import itertools
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import verify.sweep.census_kernel as kernel
from verify import fbs
from verify.base.errors import SolverFailure, TooLarge
from verify.sensitivity.hypergraph import FractionalPacking
from verify.sweep import class_rows
from verify.sweep import exhaustive_census as module
from verify.sweep.antichains import classify, minimal_members, up_sets
from verify.sweep.api import exhaustive_census
from verify.sweep.small_measures import brute_force_measures

COMMITTED = Path(__file__).resolve().parents[2] / "bench" / "census" / "census-q1-4.json"
DEDEKIND = {1: 3, 2: 6, 3: 20, 4: 168, 5: 7581}  # OEIS A000372
INEQUIVALENT_MONOTONE = {1: 3, 2: 5, 3: 10, 4: 30, 5: 210}  # OEIS A003182


@pytest.mark.parametrize("q", [1, 2, 3, 4, 5])
def test_antichain_and_class_counts_match_the_published_sequences(q):
    classes = classify(q)  # both sequences count the constant 1, which the census leaves out
    assert len(classes.tables) == DEDEKIND[q] - 1
    assert len(classes.canonical) == INEQUIVALENT_MONOTONE[q] - 1
    assert int(classes.sizes.sum()) == len(classes.tables)


@pytest.mark.parametrize("q", [1, 2, 3, 4])
def test_up_sets_are_all_upward_closures_of_families_of_nonempty_sets(q):
    subsets = range(1, 1 << q)
    closures = set()
    for members in itertools.product((0, 1), repeat=len(subsets)):
        family = [m for m, keep in zip(subsets, members) if keep]
        closures.add(sum(1 << u for u in subsets if any(m & u == m for m in family)))
    assert sorted(closures) == [int(t) for t in up_sets(q)]


def _permuted(table: int, q: int, order) -> int:
    """The up-set with coordinate bit b moved to order[b] (a pure-Python relabelling)."""
    image = 0
    for m in range(1 << q):
        if (table >> m) & 1:
            image |= 1 << sum(1 << order[b] for b in range(q) if (m >> b) & 1)
    return image


@pytest.mark.parametrize("q", [3, 4])
def test_canonical_forms_and_class_sizes_against_all_permutations(q):
    classes = classify(q)
    for table, k in zip(classes.tables.tolist(), classes.class_of.tolist()):
        orbit = {_permuted(table, q, order) for order in itertools.permutations(range(q))}
        assert int(classes.canonical[k]) == min(orbit)
        assert int(classes.sizes[k]) == len(orbit)


def _committed(q: int) -> dict:
    return json.loads(COMMITTED.read_text())["arities"][str(q)]


@pytest.mark.parametrize("q", [1, 2, 3, 4])
def test_census_equals_the_committed_census(q):
    mine, theirs = exhaustive_census(q).to_json(), _committed(q)
    assert mine["inputs"] == str(theirs["inputs"]) and mine["functions"] == str(theirs["functions"])
    for measure in ("fbs", "s", "bs", "C"):
        assert mine[measure] == {v: str(n) for v, n in theirs[measure].items()}, measure
    for name in ("chain_violations", "fbs_not_integer", "s_zero_bs_positive"):
        assert mine[name] == str(theirs[name])
    for ratio, extreme in theirs["extremes"].items():
        assert mine["extremes"][ratio]["ratio"] == extreme["ratio"]
        assert mine["extremes"][ratio]["attained_by"] == str(extreme["attained_by"])
    assert mine["bs_lt_fbs_lt_C"]["inputs"] == str(theirs["bs_lt_fbs_lt_C"]["inputs"])


def _sensitive(table: str, z: int) -> frozenset:
    return frozenset(m for m in range(1, len(table)) if table[z ^ m] != table[z])


@pytest.mark.parametrize("q", [1, 2, 3])
def test_census_equals_brute_force_over_every_function_and_input(q):
    """s, bs, C by small_measures and fbs by verify.fbs (HiGHS and flint, checked) on every
    pair; fbs is computed once per sensitive family (it is defined by the family alone)."""
    expected = {m: {} for m in ("fbs", "s", "bs", "C")}
    fbs_of_family: dict = {}
    for k in range(2 ** (2 ** q)):
        table = format(k, f"0{2 ** q}b")
        for z in range(2 ** q):
            family = _sensitive(table, z)
            if family not in fbs_of_family:
                fbs_of_family[family] = fbs(f"tt:{table}", format(z, f"0{q}b")).value
            measures = brute_force_measures(table, z)
            values = {"fbs": fbs_of_family[family], "s": measures.sensitivity,
                      "bs": measures.block_sensitivity, "C": measures.certificate_complexity}
            for name, value in values.items():
                expected[name][Fraction(value)] = expected[name].get(Fraction(value), 0) + 1
    mine = exhaustive_census(q).to_json()
    for name, counts in expected.items():
        assert {Fraction(v): int(n) for v, n in mine[name].items()} == counts, name


def test_every_class_row_names_a_pair_with_those_values():
    """Each class's representative (the monotone function at 0^q) has its measures by brute
    force, and its minimal sensitive blocks are the class's antichain."""
    q = 4
    for row in exhaustive_census(q, certify=False).rows:
        table = row.spec(q)[3:]
        assert sorted(minimal_members(row.table, q)) == sorted(row.antichain)
        found = brute_force_measures(table, 0)
        assert (found.sensitivity, found.block_sensitivity, found.certificate_complexity) == (
            row.s, row.bs, row.C)
        assert fbs(row.spec(q), "0" * q).value == row.fbs


def test_a_class_weight_is_its_size_times_the_families_with_those_minimal_members():
    """q = 3, by brute force: the pairs (f, x) whose minimal sensitive blocks are a given
    antichain, against the class weights summed over the antichains of each class."""
    q, counts = 3, {}
    for k in range(2 ** (2 ** q)):
        table = format(k, f"0{2 ** q}b")
        for z in range(2 ** q):
            family = _sensitive(table, z)
            up = sum(1 << u for u in range(1, 2 ** q) if any(m & u == m for m in family))
            counts[up] = counts.get(up, 0) + 1
    classes = classify(q)
    census = exhaustive_census(q, certify=False)
    by_class = {row.table: row.pairs for row in census.rows}
    for table, k in zip(classes.tables.tolist(), classes.class_of.tolist()):
        canonical = int(classes.canonical[k])
        assert counts[table] * int(classes.sizes[k]) == by_class[canonical]


def test_q_out_of_range_is_refused():
    for q in (0, 7, -1, "3", True):
        with pytest.raises(TooLarge):
            exhaustive_census(q)


@pytest.mark.parametrize("wrong", ["bs", "C", "fbs"])
def test_a_wrong_solver_is_caught_by_the_checker(monkeypatch, wrong):
    """The census takes its values from the checker: a packing one short, a hitting set of
    every coordinate, or an fbs pair scaled by 1/2 makes it fail (exit 3), not report.
    The Python path (the compiled one: the next test)."""
    monkeypatch.setattr(kernel, "COMPILED", False)
    if wrong == "bs":
        real = class_rows.maximum_packing
        monkeypatch.setattr(class_rows, "maximum_packing", lambda masks, q: real(masks, q)[1:])
    elif wrong == "C":
        monkeypatch.setattr(class_rows, "minimum_transversal", lambda masks, q: (1 << q) - 1)
    else:
        real = class_rows.fractional_packing

        def halved(masks, q):
            lp = real(masks, q)
            return FractionalPacking(lp.value / 2, {m: w / 2 for m, w in lp.weights.items()},
                                     tuple(t / 2 for t in lp.cover))
        monkeypatch.setattr(class_rows, "fractional_packing", halved)
    with pytest.raises(SolverFailure, match="rejected"):
        exhaustive_census(3)
    assert exhaustive_census(3, certify=False).certified is False


@pytest.mark.skipif(not kernel.COMPILED, reason="numba is not installed")
@pytest.mark.parametrize("wrong", ["bs", "C", "fbs", "dual"])
def test_a_wrong_compiled_kernel_is_caught_by_the_checker(monkeypatch, wrong):
    """The compiled path's batch certificate: a packing one short (and bs with it), C one
    less, fbs halved (the denominator doubled) or a dual entry lowered: the checker
    rejects, the census fails (exit 3)."""
    real = kernel.witnesses

    def spoiled(lows, q, *rest, **options):
        rows, members, weights, packings = real(lows, q, *rest, **options)
        i = int(np.flatnonzero(rows[:, 3] >= 2)[0]) if wrong == "bs" else len(rows) - 1
        if wrong == "bs":
            rows[i, 3] -= 1
            packings[i, rows[i, 3]] = -1
        elif wrong == "C":
            rows[i, 4] -= 1
        elif wrong == "fbs":
            rows[i, 1] *= 2
        else:
            rows[i, 7] -= 1
        return rows, members, weights, packings
    monkeypatch.setattr(kernel, "witnesses", spoiled)
    with pytest.raises(SolverFailure, match="rejected"):
        exhaustive_census(3)


def test_wrong_class_sizes_are_caught(monkeypatch):
    monkeypatch.setattr(kernel, "COMPILED", False)
    real = module.classify

    def one_short(q):
        classes = real(q)
        classes.sizes[0] += 1
        return classes
    monkeypatch.setattr(module, "classify", one_short)
    with pytest.raises(SolverFailure, match="add up"):
        exhaustive_census(3, certify=False)


def test_wrong_compiled_class_sizes_are_caught(monkeypatch):
    import verify.sweep.census_shards as compiled

    real = compiled.compiled_classes

    def one_short(q):
        canonical, sizes = real(q)
        sizes[0] += 1
        return canonical, sizes
    monkeypatch.setattr(compiled, "compiled_classes", one_short)
    with pytest.raises(SolverFailure, match="add up"):
        exhaustive_census(3, certify=False)


def test_q5_chain_and_totals():
    census = exhaustive_census(5)
    document = census.to_json()
    assert document["classes"] == 209 and document["antichains"] == 7580
    assert document["chain_violations"] == "0"
    assert sum(int(n) for n in document["s"].values()) == 2 ** 32 * 2 ** 5
    # s is the number of coordinates whose flip changes f: over all f, each of the q
    # coordinates is sensitive at x for exactly half of the functions: Binomial(q, 1/2).
    assert document["s"] == {str(k): str(2 ** 32 * 2 ** 5 * _binomial(5, k) // 2 ** 5)
                             for k in range(6)}


def _binomial(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def test_the_delta_swap_exchanges_two_coordinates_on_ints_and_arrays():
    """swap_positions(delta_swap(a, b)) against the table permuted directly: position j goes
    to j with bits a and b exchanged (Lemma 3's transposition), on ints and numpy words."""
    import random

    import numpy as np

    from verify.sweep.antichains import delta_swap, swap_positions

    rng = random.Random(30)
    for q in range(2, 7):
        for a in range(q):
            for b in range(q):
                if a == b:
                    continue
                table = rng.getrandbits(1 << q)
                exchanged = lambda j: j ^ ((((j >> a) ^ (j >> b)) & 1) * ((1 << a) | (1 << b)))  # noqa: E731
                direct = sum(((table >> j) & 1) << exchanged(j) for j in range(1 << q))
                delta, mask = delta_swap(a, b, q)
                assert swap_positions(table, delta, mask) == direct
                words = np.array([table], dtype=np.uint64)
                assert int(swap_positions(words, np.uint64(delta), np.uint64(mask))[0]) == direct
