"""The budgeted worst case as an interval [proved lower bound, best liar found] (ours;
docs/budgeted.md, section 5, Proposition B1').

Independent sources: the liars of `random seed 30` and `random seed 43` computed by hand (the
catch probability of a hand-written strategy, played through the engine), brute force over
every claim vector at height one, brute force over every grid strategy of a small height-two
tree, and hypothesis-generated trees, oracles and liars against the proved lower end."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from budgeted_listed_liar import ListedLiar, small_tree
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.budgeted.api as api
from verify import budgeted_worst_case, random_oracle, random_tree, tree_fbs, uniform_tree
from verify.budgeted.bounds import LowerBound, exact_at_height_one, per_child_lower_bound
from verify.budgeted.debaters import CommittedAlice
from verify.budgeted.engine import BudgetedDebate, compile_states
from verify.budgeted.liar_search import sacrifice_search
from verify.budgeted.worst_case import RandomLiar, committed_worst_case
from verify.trees.model import from_records

ONE = Fraction(1)
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111"]

SEED_30 = [{"id": "r", "aggregator": "tt:0110", "children": ["r.1", "r.2"]},
           {"id": "r.1", "aggregator": "maj:3", "children": ["r.1.1", "r.1.2", "r.1.3"]},
           {"id": "r.2", "aggregator": "thr:3:2", "children": ["r.2.1", "r.2.2", "r.2.3"]}] + [
    {"id": f"r.{a}.{b}", "query": f"Q(r.{a}.{b})"} for a in (1, 2) for b in (1, 2, 3)]


def _debate(tree, oracle, beta_max=None):
    rho = tree_fbs(tree, oracle).value
    return BudgetedDebate.create(tree, oracle, rho if beta_max is None else beta_max)


def _seed_30():
    tree = from_records(SEED_30, "r")
    return _debate(tree, {f"Q(r.{a}.{b})": 1 for a in (1, 2) for b in (1, 2, 3)})


class _IssueLiar:
    """Root 1 at budget 3; r.1 claimed 0 at budget 1 (sacrificed); r.2 claimed 1 (true) with
    children (0, 1, 1) at budget 2: the lie at r.2.1 gets t = 0."""

    name = "hand-written"

    def answer(self, debate):
        return 1, Fraction(3)

    def decompose(self, debate, node, claim, budget):
        node_id = debate.tree.ids[node]
        if node_id == "r":
            return (0, 1), (ONE, Fraction(2))
        if node_id == "r.1":
            return (0, 0, 1), (ONE, ONE, ONE)
        return (0, 1, 1), (ONE, ONE, ONE)


def test_seed_30_hand_written_liar_is_caught_with_probability_one_third():
    debate = _seed_30()
    assert debate.beta_max == 3 and debate.values[debate.tree.root] == 0
    assert compile_states(debate, _IssueLiar()).catch_probability() == Fraction(1, 3)


def test_seed_30_interval_is_exact_at_one_third_where_the_committed_variant_says_one_half():
    debate = _seed_30()
    assert committed_worst_case(debate).catch_probability_exact == Fraction(1, 2)
    found = sacrifice_search(debate)
    assert found.catch_probability_exact == Fraction(1, 3)
    assert compile_states(debate, found.alice).catch_probability() == Fraction(1, 3)
    assert per_child_lower_bound(debate).value == Fraction(1, 3)


@pytest.mark.slow
def test_seed_43_sacrifice_search_finds_one_quarter():
    from paper_checks.budgeted_debate import AGGREGATORS as REPORT_AGGREGATORS

    tree = random_tree(43, 2 + 43 % 2, REPORT_AGGREGATORS)
    debate = _debate(tree, random_oracle(tree, 7043))
    assert debate.beta_max == 4
    assert committed_worst_case(debate).catch_probability_exact == Fraction(1, 3)
    assert sacrifice_search(debate).catch_probability_exact == Fraction(1, 4)


def _all_vector_liars(debate):
    """Every committed liar at height one: all bits of the root's children (brute force)."""
    tree = debate.tree
    lie = 1 - debate.values[tree.root]
    best = ONE
    for bits in product((0, 1), repeat=tree.n_nodes - 1):
        liar = CommittedAlice.from_claims(debate, (lie,) + bits)
        claim, budget = liar.answer(debate)
        if budget <= debate.beta_max:  # a larger root budget is caught at the root check
            best = min(best, compile_states(debate, liar).catch_probability())
    return best


@pytest.mark.parametrize("spec,seed", [("maj:3", 0), ("maj:5", 1), ("thr:4:2", 3), ("and:3", 2),
                                       ("tt:01101001", 4), ("or:4", 0), ("parity:3", 5)])
def test_height_one_exact_value_equals_brute_force_over_every_claim_vector(spec, seed):
    tree = uniform_tree(spec, 1)
    debate = _debate(tree, random_oracle(tree, seed))
    brute = _all_vector_liars(debate)
    assert exact_at_height_one(debate) == brute
    assert per_child_lower_bound(debate).value <= brute
    result = budgeted_worst_case(tree, random_oracle(tree, seed), strategies=10)
    assert result.lower_bound == brute == result.upper_bound and result.exact


@pytest.mark.parametrize("oracle", [{"X": 1, "A": 1, "B": 0}, {"X": 1, "A": 0, "B": 0},
                                    {"X": 0, "A": 1, "B": 1}, {"X": 1, "A": 1, "B": 1}])
@pytest.mark.parametrize("beta_max", [None, "3", "7/2"])
def test_interval_ends_against_brute_force_over_a_fine_grid(oracle, beta_max):
    """lower <= min over every listed strategy (>= the true worst case) and the upper end is
    a real liar's exact catch probability."""
    tree = small_tree()
    debate = _debate(tree, oracle, beta_max)
    grid = sorted({Fraction(k, 4) for k in range(0, 21)} | {debate.beta_max})
    vectors = list(product((0, 1), repeat=2))
    listed = min(compile_states(debate, ListedLiar(b0, z0, b1, z1)).catch_probability()
                 for b0 in grid if b0 <= debate.beta_max for z0 in vectors for b1 in grid
                 for z1 in vectors)
    result = budgeted_worst_case(tree, oracle, beta_max=beta_max, strategies=20)
    assert result.lower_bound <= listed
    found = sacrifice_search(result.instance.debate)
    assert compile_states(result.instance.debate, found.alice).catch_probability() == \
        found.catch_probability_exact
    assert result.lower_bound <= result.upper_bound <= found.catch_probability_exact


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 2), st.sampled_from([None, "1", "3/2", "5"]),
       st.integers(0, 10**6))
def test_no_liar_beats_the_proved_lower_bound(tree_seed, depth, beta_max, liar_seed):
    tree = random_tree(tree_seed, depth, AGGREGATORS)
    debate = _debate(tree, random_oracle(tree, tree_seed + 1), beta_max)
    lower = per_child_lower_bound(debate).value
    assert lower >= debate.guarantee
    found = sacrifice_search(debate)
    assert lower <= found.catch_probability_exact
    for k in range(8):
        liar = RandomLiar.draw(debate, liar_seed + k)
        if liar.answer(debate)[1] <= debate.beta_max:
            assert compile_states(debate, liar).catch_probability() >= lower


def test_and_with_two_false_children_has_a_lower_bound_above_theorem_b1():
    """AND at 0 with two false children: a lie must flip both, so nu = 2 (hand computation:
    the blocks at 1^3 are the singletons, t(J) >= 2 for J = the two false children)."""
    tree = uniform_tree("and:3", 1)
    debate = _debate(tree, {q: b for q, b in zip(sorted(random_oracle(tree, 0)), (0, 0, 1))}, "5")
    bound = per_child_lower_bound(debate)
    assert bound.nu == 2 and bound.value == Fraction(2, 3)  # W at 111 is 3 (leaves: D = W)
    assert debate.guarantee == Fraction(1, 5)


def test_a_wrong_lower_bound_is_reported_as_inconsistent(monkeypatch):
    """A lower bound that doubles nu contradicts the seed-30 liar: the result says so."""
    def doubled(debate, **options):
        right = per_child_lower_bound(debate, **options)
        return LowerBound(min(ONE, 2 * right.value), "wrong", right.vector, right.nu,
                          right.denominator, right.vectors)

    tree = from_records(SEED_30, "r")
    oracle = {f"Q(r.{a}.{b})": 1 for a in (1, 2) for b in (1, 2, 3)}
    assert budgeted_worst_case(tree, oracle, strategies=5).consistent
    monkeypatch.setattr(api, "per_child_lower_bound", doubled)
    result = budgeted_worst_case(tree, oracle, strategies=5)
    assert not result.consistent and result.lower_bound == Fraction(2, 3)


@pytest.mark.parametrize("spec,depth,seed", [("maj:3", 2, 0), ("maj:3", 3, 2), ("thr:4:2", 2, 5),
                                             ("maj:5", 2, 1), ("and:3", 2, 3)])
def test_search_value_is_the_engine_value_of_the_strategy_it_plays(spec, depth, seed):
    """The DP's value (computed over its own decisions) against the engine's state graph of
    the strategy it plays: two computations of the same catch probability."""
    from verify.budgeted.liar_search import _Search

    tree = uniform_tree(spec, depth)
    debate = _debate(tree, random_oracle(tree, seed))
    search = _Search(debate, 10**6)
    planned = search.best(tree.root, 1 - debate.values[tree.root], debate.beta_max)
    assert sacrifice_search(debate).catch_probability_exact == planned


def test_the_report_row_flags_a_wrong_lower_bound(monkeypatch):
    """The report's row for `random seed 30`: exact 1/3; a doubled lower bound is flagged."""
    import paper_checks.budgeted_debate as check

    tree, oracle = next((t, o) for name, t, o in check.corpus() if name == "random seed 30")
    row = check._row("random seed 30", tree, oracle)
    assert row["budgeted_worst"] == "1/3" and row["budgeted_worst_exact"]
    assert row["interval_consistent"]

    from verify.budgeted import api

    def doubled(debate, **options):
        right = per_child_lower_bound(debate, **options)
        return LowerBound(min(ONE, 2 * right.value), "wrong", None, None, None, 0)

    monkeypatch.setattr(api, "per_child_lower_bound", doubled)  # the check uses the API's
    assert not check._row("random seed 30", tree, oracle)["interval_consistent"]


def test_children_floors_close_seed_28_and_need_the_block_condition(monkeypatch):
    """random seed 28: AND(XOR(0, 1), OR(1, 0)), rho_T = 3. Every lie flips a child whose
    blocks contain no true child, and each child's own lie is caught w.p. >= 1/2 (one wrong
    leaf of two, p = (1/2, 1/2)), so B* >= 1/2 > 1/rho_T; a liar reaches 1/2. Dropping the
    block condition makes the bound wrong on seed 30 (its root XOR block {r.2} is true)."""
    import paper_checks.budgeted_debate as check
    from verify.budgeted import bounds

    tree, oracle = next((t, o) for name, t, o in check.corpus() if name == "random seed 28")
    debate = _debate(tree, oracle)
    assert debate.guarantee == Fraction(1, 3)
    assert per_child_lower_bound(debate).value == Fraction(1, 2)
    assert sacrifice_search(debate).catch_probability_exact == Fraction(1, 2)

    def careless(self, node, z, depth=0):
        kids = self.debate.tree.children[node]
        wrong = [i for i, c in enumerate(kids) if z[i] != self.debate.values[c]]
        return min((self.floor(kids[i], depth + 1) for i in wrong), default=ONE)

    monkeypatch.setattr(bounds._Floors, "through", careless)
    seed_30 = _seed_30()
    assert per_child_lower_bound(seed_30).value > Fraction(1, 3)  # the wrong bound
    assert compile_states(seed_30, _IssueLiar()).catch_probability() == Fraction(1, 3)
