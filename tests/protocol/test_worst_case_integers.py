"""The weight DP's integer arithmetic (`_best_by_weight` on a common denominator) against
the Fraction arithmetic it replaced, on random catch pairs and on whole random debates."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import verify.protocol.worst_case as worst_case
from verify.protocol.engine import Debate
from verify.protocol.worst_case import ONE, ZERO, WeightOption, solve_worst_case, weight_options
from verify.trees.builders import uniform_tree
from verify.trees.oracles import random_oracle


def fraction_best_by_weight(options, pairs, rho, claim):
    """The Fraction implementation before the integer rewrite (kept here as the reference)."""
    q = len(pairs)
    best = None
    for option in options:
        if option.value != claim or option.fbs > rho:
            continue
        if option.p_one is None:
            candidate = (ZERO, (0,) * (q - option.weight) + (1,) * option.weight)
        else:
            d = sorted((option.p_one * pairs[i][1] - option.p_zero * pairs[i][0], -i)
                       for i in range(q))
            chosen = {-negated for _, negated in d[:option.weight]}
            z = tuple(int(i in chosen) for i in range(q))
            total = sum(option.p_one * pairs[i][1] if z[i] else option.p_zero * pairs[i][0]
                        for i in range(q))
            candidate = (total, z)
        if best is None or candidate < best:
            best = candidate
    return best if best is not None else (ONE, None)


probability = st.fractions(min_value=0, max_value=1, max_denominator=60)
pairs_of = st.integers(1, 9).flatmap(
    lambda q: st.lists(st.tuples(probability, probability), min_size=q, max_size=q))


@settings(max_examples=300, deadline=None)
@given(pairs_of, st.data())
def test_integer_best_equals_fraction_best_on_random_options(pairs, data):
    """Random p1, p0, values and fbs per weight (ties included: small denominators)."""
    q = len(pairs)
    options = []
    for w in range(q + 1):
        fbs = data.draw(st.fractions(0, 4, max_denominator=3))
        p = None if fbs == 0 else (data.draw(probability) if w else ZERO,
                                   data.draw(probability) if w < q else ZERO)
        options.append(WeightOption(w, data.draw(st.integers(0, 1)), fbs,
                                    None if p is None else p[0], None if p is None else p[1]))
    rho = data.draw(st.fractions(0, 4, max_denominator=3))
    for claim in (0, 1):
        found = worst_case._best_by_weight(options, tuple(pairs), rho, claim)
        expected = fraction_best_by_weight(options, tuple(pairs), rho, claim)
        assert found == expected
        assert type(found[0]) is Fraction


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["maj:5", "maj:6", "thr:5:2", "sym:011010", "and:4", "parity:5"]),
       st.sampled_from(["vertex", "symmetric", "uniform"]), st.data())
def test_integer_best_on_real_weight_options(spec, rule, data):
    q = int(spec.split(":")[1]) if not spec.startswith("sym") else len(spec) - 5
    pairs = tuple(data.draw(st.lists(st.tuples(probability, probability), min_size=q,
                                     max_size=q)))
    options = weight_options(spec, rule)
    rho = data.draw(st.sampled_from([Fraction(1), Fraction(2), Fraction(3), Fraction(5, 2)]))
    for claim in (0, 1):
        assert worst_case._best_by_weight(options, pairs, rho, claim) == \
            fraction_best_by_weight(options, pairs, rho, claim)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["maj:3", "maj:5", "thr:4:3"]),
       st.integers(2, 3), st.sampled_from(["vertex", "symmetric", "uniform"]))
def test_whole_dp_identical_to_the_fraction_dp(seed, spec, depth, rule):
    """Every catch value and choice of the DP, the integer path against the Fraction path."""
    import pytest

    tree = uniform_tree(spec, depth)
    debate = Debate.create(tree, random_oracle(tree, seed=seed), Fraction(3), rule)
    fast = solve_worst_case(debate)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(worst_case, "_best_by_weight", fraction_best_by_weight)
        slow = solve_worst_case(debate)
    assert fast == slow


def test_the_comparison_catches_a_wrong_common_denominator(monkeypatch):
    """A deliberately wrong integer path (denominator 1: numerators truncated) differs from
    the Fraction reference, so the comparisons above can fail."""
    pairs = ((Fraction(1, 3), Fraction(1, 2)), (Fraction(2, 3), Fraction(1, 4)))
    option = WeightOption(1, 1, Fraction(2), Fraction(1, 2), Fraction(1, 2))
    expected = fraction_best_by_weight((option,), pairs, Fraction(3), 1)
    assert worst_case._best_by_weight((option,), pairs, Fraction(3), 1) == expected
    # by hand: z = (0, 1) gives 1/2 * 1/3 + 1/2 * 1/4 = 7/24, z = (1, 0) gives 7/12
    assert expected == (Fraction(7, 24), (0, 1))
    monkeypatch.setattr(worst_case, "lcm", lambda *denominators: 1)
    assert worst_case._best_by_weight((option,), pairs, Fraction(3), 1) != expected
