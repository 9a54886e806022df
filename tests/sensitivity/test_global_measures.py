"""s(f), bs(f), fbs(f), C(f) maximised over all inputs (`verify.measures`, issue 31 section 1),
against brute force over every input (small q), closed forms, and what the committed global
census of 5 inputs shows (exact, not certified): fbs(f) = bs(f) = C(f) for every function."""

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import BadInput, TooLarge, fbs, measures
from verify.functions.families import TruthTable
from verify.functions.packed import pack


def table_spec(values) -> str:
    q = len(values).bit_length() - 1
    return TruthTable(pack(np.array(values, dtype=bool)), q, "").to_hex_spec()


def brute_force(values: list[int], q: int) -> dict:
    """Each measure at every input by enumerating all 2^q blocks (fbs by `fbs` itself at the
    input, a second route: the exhaustive certificate per input), then the maxima."""
    best = {"s": 0, "bs": 0, "fbs": Fraction(0), "C": 0}
    spec = table_spec(values)
    for x in range(1 << q):
        sensitive = [m for m in range(1, 1 << q) if values[x ^ m] != values[x]]
        s = sum(1 for m in sensitive if m & (m - 1) == 0)
        bs = _largest_disjoint(sensitive)
        c = next(k for k in range(q + 1) for kept in combinations(range(q), k)
                 if all(m & sum(1 << b for b in kept) for m in sensitive))
        value = fbs(spec, format(x, f"0{q}b")).value
        for name, v in (("s", s), ("bs", bs), ("fbs", value), ("C", c)):
            best[name] = max(best[name], v)
    return best


def _largest_disjoint(masks: list[int], used: int = 0) -> int:
    best = 0
    for k, m in enumerate(masks):
        if not m & used:
            best = max(best, 1 + _largest_disjoint(masks[k + 1:], used | m))
    return best


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 4).flatmap(lambda q: st.lists(st.integers(0, 1), min_size=1 << q,
                                                   max_size=1 << q)))
def test_maxima_match_brute_force(values):
    q = len(values).bit_length() - 1
    result = measures(table_spec(values))
    assert result.values == brute_force(values, q)
    assert all(result.certified.values())
    fbs_at = fbs(table_spec(values), result.inputs["fbs"]).value
    assert fbs_at == result.fbs  # the reported input reaches the maximum


@pytest.mark.parametrize("seed", range(6))
def test_five_inputs_fbs_equals_bs_equals_c(seed):
    """The global census of all 2^32 functions of 5 inputs (bench/census/global-q5.json, exact,
    not certified) has fbs(f) = bs(f) = C(f) for every function; sparse and dense seeded
    tables agree."""
    rng = np.random.default_rng(seed)
    values = (rng.random(32) < (0.15 if seed % 2 else 0.5)).astype(int).tolist()
    result = measures(table_spec(values))
    assert result.fbs == result.bs == result.C and result.s <= result.bs
    assert all(result.certified.values())


@pytest.mark.parametrize("spec, s, bs, fbs_value, c", [
    ("maj:7", 4, 4, 4, 4),        # MAJ_{2k+1}: k + 1 at weights k and k + 1
    ("and:9", 9, 9, 9, 9),        # AND_n at 1^n
    ("or:6", 6, 6, 6, 6),
    ("parity:8", 8, 8, 8, 8),     # every input
    ("thr:6:2", 5, 5, 5, 5),      # THR_2 of 6: (n - w)/(t - w) = 5 at w = 1; 6/5 at w = 6
    ("thr:6:5", 5, 5, 5, 5),      # w = 4: (6 - 4)/(5 - 4) = 2; w = 5: 5/1 = 5
])
def test_closed_forms(spec, s, bs, fbs_value, c):
    result = measures(spec)
    assert (result.s, result.bs, result.fbs, result.C) == (s, bs, fbs_value, c)
    assert all(result.certified.values())


def test_ten_random_inputs_certified_with_few_exact_solves():
    """A random function of 10 inputs: s(f) is almost surely 9 or 10, so C_x prunes all but
    a few inputs (work count, not seconds)."""
    rng = np.random.default_rng(7)
    result = measures(table_spec(rng.integers(0, 2, 1024).tolist()))
    assert all(result.certified.values())
    assert result.solved["fbs"] <= 64 and result.s <= result.bs <= result.fbs <= result.C


def test_bad_arguments():
    with pytest.raises(TooLarge, match="q <= 14"):
        measures("tribes:3:5")  # not symmetric: no closed form over weights
    with pytest.raises(BadInput):
        measures("maj:3", check="yes")


def test_a_sympy_expression_keeps_its_symbol_names():
    """Review finding: measures(x5 & ~x3) renumbered the variables without saying so."""
    import sympy

    x3, x5 = sympy.symbols("x3 x5")
    result = measures(x5 & ~x3)
    assert result.variables == ("x3", "x5")  # natural order: x3 is coordinate 1
    assert result.to_json()["variables"] == {"x1": "x3", "x2": "x5"}
    assert (result.s, result.C) == (2, 2)  # both coordinates sensitive at the true input
    assert measures(x5 & ~x3, variables=[x5, x3]).inputs["s"] == "10"  # x5 = 1, x3 = 0
