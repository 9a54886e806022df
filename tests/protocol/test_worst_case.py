"""The worst-case liar's DP against brute force over ALL Alice strategies, Theorem 4.2,
the paper's 2/3-majority example (Section 1.2), and hand-computed values."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import reference_catch, reference_values

from verify.base.errors import TooLarge
from verify.protocol.debaters import WorstCaseAlice
from verify.protocol.engine import Debate, compile_states
from verify.protocol.worst_case import solve_worst_case
from verify.trees.builders import random_tree, uniform_tree
from verify.trees.model import from_records
from verify.trees.oracles import random_oracle

RULES = ["vertex", "symmetric", "uniform"]


def brute_force_worst(tree, answers, rho, rule):
    """min over every deterministic strategy (a claim vector per internal node and claim)."""
    values = reference_values(tree, answers)
    root_claim = 1 - values[0]
    slots = [(u, a) for u in tree.internal() for a in (0, 1) if u != 0 or a == root_claim]
    menus = [list(itertools.product((0, 1), repeat=tree.width(u))) for u, _ in slots]
    best = None
    for choice in itertools.product(*menus):
        table = dict(zip(slots, choice))
        value = reference_catch(tree, answers, rho, rule, lambda u, a: table[(u, a)], 0, root_claim)
        best = value if best is None else min(best, value)
    return best


def tiny_trees():
    """Depth 1 (q <= 3) and depth 2 (q = 2, or a mixed root of width 3) with every oracle."""
    shapes = []
    for spec in ["maj:3", "and:3", "parity:3", "tt:01101011", "thr:3:2", "sym:0110"]:
        shapes.append(uniform_tree(spec, 1))
    for outer, inner in [("or:2", "and:2"), ("tt:0110", "or:2"), ("and:2", "tt:0111")]:
        shapes.append(from_records([
            {"id": "r", "aggregator": outer, "children": ["a", "b"]},
            {"id": "a", "aggregator": inner, "children": ["a1", "a2"]},
            {"id": "b", "aggregator": inner, "children": ["b1", "b2"]},
            {"id": "a1", "query": "a1"}, {"id": "a2", "query": "a2"},
            {"id": "b1", "query": "b1"}, {"id": "b2", "query": "b2"}], "r"))
    shapes.append(from_records([
        {"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
        {"id": "a", "aggregator": "and:2", "children": ["a1", "a2"]},
        {"id": "b", "aggregator": "or:2", "children": ["b1", "b2"]},
        {"id": "a1", "query": "a1"}, {"id": "a2", "query": "a2"},
        {"id": "b1", "query": "b1"}, {"id": "b2", "query": "b2"}, {"id": "c", "query": "c"}], "r"))
    return shapes


def oracles_for(tree, limit):
    queries = [tree.queries[i] for i in tree.leaves()]
    every = list(itertools.product((0, 1), repeat=len(queries)))
    step = max(1, len(every) // limit)
    return [dict(zip(queries, bits)) for bits in every[::step]]


@pytest.mark.parametrize("tree", tiny_trees(), ids=lambda t: t.aggregators[0] + f"-d{t.depth}")
@pytest.mark.parametrize("rule", RULES)
def test_dp_equals_brute_force_over_all_strategies(tree, rule):
    for index, answers in enumerate(oracles_for(tree, 4 if tree.depth == 2 else 8)):
        rho = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3)][index % 4]
        result = solve_worst_case(Debate.create(tree, answers, rho, rule))
        assert result.catch_probability_exact == brute_force_worst(tree, answers, rho, rule), (
            answers, rho)


@pytest.mark.parametrize("j", [1, 2])
def test_the_papers_two_thirds_majority_example(j):
    """maj:6j, truth 3j ones, rho = 4: a liar claims 4j ones, one lie in 4, caught w.p. 1/4."""
    tree = uniform_tree(f"maj:{6 * j}", 1)
    answers = {f"Q(r.{i})": int(i <= 3 * j) for i in range(1, 6 * j + 1)}
    result = solve_worst_case(Debate.create(tree, answers, 4, "symmetric"))
    assert result.catch_probability_exact == Fraction(1, 4) == result.theorem_bound
    assert sum(result.choices[0][1]) == 4 * j


@pytest.mark.parametrize("truth_ones, rho, expected", [
    # maj:6 = thr:6:4; claiming w >= 4 ones has fbs w/(w-3) (docs/notes.md, section 3): 4, 5/2, 2
    (2, 4, Fraction(1, 2)),  # claim 4 ones, 2 of them lies
    (3, 3, Fraction(2, 5)),  # fbs <= 3 needs >= 5 claimed ones: 2 lies in 5
    (3, Fraction(5, 2), Fraction(2, 5)),  # w = 5 has fbs exactly 5/2: still passes
    (3, 2, Fraction(1, 2)),  # needs 6 claimed ones: 3 lies in 6
    (3, Fraction(7, 4), Fraction(1)),  # no claim with > 3 ones has fbs <= 7/4: loses at once
])
def test_majority_by_hand(truth_ones, rho, expected):
    tree = uniform_tree("maj:6", 1)
    answers = {f"Q(r.{i})": int(i <= truth_ones) for i in range(1, 7)}
    result = solve_worst_case(Debate.create(tree, answers, rho, "symmetric"))
    assert result.catch_probability_exact == expected


def test_uniform_rule_can_fall_below_theorem_4_2():
    """Dictator x_1 on 3 inputs: fbs = 1; the liar must lie at child 1, uniform Bob finds it w.p. 1/3."""
    tree = uniform_tree("wthr:1,0,0:1", 1)
    answers = {"Q(r.1)": 0, "Q(r.2)": 1, "Q(r.3)": 0}
    uniform = solve_worst_case(Debate.create(tree, answers, 1, "uniform"))
    assert uniform.catch_probability_exact == Fraction(1, 3) and not uniform.theorem_holds
    vertex = solve_worst_case(Debate.create(tree, answers, 1, "vertex"))
    assert vertex.catch_probability_exact == 1 and vertex.theorem_holds


AGGREGATORS = ["maj:3", "and:2", "or:3", "parity:2", "thr:4:2", "tt:0x6ac1:4", "tt:01101011",
               "compose(or:2;and:2;and:2)", "sym:0000"]


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 3),
       rho=st.sampled_from([Fraction(1), Fraction(4, 3), Fraction(3, 2), Fraction(2),
                            Fraction(5, 2), Fraction(3), Fraction(4)]),
       rule=st.sampled_from(["vertex", "symmetric"]), leafy=st.sampled_from([0.0, 0.4]))
def test_theorem_4_2_on_random_trees(seed, depth, rho, rule, leafy):
    tree = random_tree(seed, depth, AGGREGATORS, leafy)
    debate = Debate.create(tree, random_oracle(tree, seed + 1), rho, rule)
    result = solve_worst_case(debate)
    bound = Fraction(1) / rho ** tree.depth
    assert result.theorem_bound == bound
    assert bound <= result.instance_bound <= result.catch_probability_exact
    assert result.theorem_holds


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("rule", RULES)
def test_replaying_the_strategy_gives_the_dp_value(seed, rule):
    tree = random_tree(seed, 3, AGGREGATORS, 0.2)
    debate = Debate.create(tree, random_oracle(tree, seed), Fraction(5, 2), rule)
    alice = WorstCaseAlice.solve(debate)
    assert compile_states(debate, alice).catch_probability() == alice.result.catch_probability_exact
    for node in range(tree.n_nodes):  # every catch(u, a) is a probability
        assert 0 <= alice.result.catch[node][0] <= 1 and 0 <= alice.result.catch[node][1] <= 1


def test_true_claim_is_free_under_the_fbs_condition():
    tree = uniform_tree("maj:3", 3)
    answers = random_oracle(tree, 3)
    result = solve_worst_case(Debate.create(tree, answers, 2, "vertex"))  # maj:3 has fbs <= 2
    assert result.true_claim_catch == 0


def test_width_limit():
    """The enumeration of 2^q claim vectors stops at q = 12 (symmetric aggregators take the
    DP over weights up to MAX_SYMMETRIC_DP_WIDTH: test_worst_case_widths.py)."""
    tree = uniform_tree("compose(or:2;and:6;and:7)", 1)
    with pytest.raises(TooLarge):
        solve_worst_case(Debate.create(tree, random_oracle(tree, 1), 4, "vertex"))


# --- issue 12: the DP over Hamming weights ------------------------------------------------


@pytest.mark.parametrize("seed", range(24))
def test_weight_dp_equals_the_dp_over_all_claim_vectors(seed, monkeypatch):
    """Same catch probabilities, same strategy (ties to the smallest z) and same instance
    bounds as the enumeration of all 2^q claim vectors, under every rule."""
    import random

    from verify.protocol import worst_case as dp

    rng = random.Random(seed)
    spec = rng.choice(["maj:3", "maj:4", "thr:5:2", "and:3", "or:4", "parity:3", "sym:0110",
                       "sym:10101", "maj:7", "thr:6:4"])
    tree = random_tree(seed, rng.randint(1, 3), [spec, rng.choice(["and:2", "tt:0110"])], 0.2)
    debate = Debate.create(tree, random_oracle(tree, seed, rng.random()),
                           Fraction(rng.randint(2, 8), rng.randint(1, 2)),
                           ("vertex", "symmetric", "uniform")[seed % 3])
    by_weight = dp.solve_worst_case(debate)
    monkeypatch.setattr(dp, "by_weight", lambda spec, rule: False)
    enumerated = dp.solve_worst_case(debate)
    assert by_weight.catch == enumerated.catch and by_weight.choices == enumerated.choices
    assert by_weight.instance_bound == enumerated.instance_bound


def test_wide_symmetric_aggregators_run():
    """maj:15 and thr:21:11 at depth 2, and the paper's literature example with 99 papers:
    exact worst cases where the enumeration would need 2^99 claim vectors."""
    from verify.trees.builders import literature_tree

    for spec in ("maj:15", "thr:21:11"):
        tree = uniform_tree(spec, 2)
        result = solve_worst_case(Debate.create(tree, random_oracle(tree, 1), 12, "symmetric"))
        assert result.theorem_holds and result.fbs_evaluations == int(spec.split(":")[1]) + 1
    tree, oracle = literature_tree(99, 66)
    result = solve_worst_case(Debate.create(tree, oracle, 4, "vertex"))
    assert result.true_claim_catch == 0 and result.theorem_holds
    assert result.catch_probability_exact >= Fraction(1, 16)


@pytest.mark.parametrize("rho, closed_form", [(2, Fraction(65, 98)), (4, Fraction(1, 2))])
def test_literature_example_worst_case_closed_form(rho, closed_form):
    """99 papers, 66 supporting (children AND(supports, sound), all true). To claim 0 the liar
    gives z of weight w <= 49 with fbs (99 - w)/(50 - w) <= rho, i.e. w <= (50 rho - 99)/(rho - 1):
    w <= 1 at rho = 2, w <= 33 at rho = 4. Bob's optimal dual is uniform on the zeros
    of z, so he samples one of the 99 - w zeros; a zero of z on a true child is a lie caught
    for sure one level down (AND claimed 0 at 11), so the liar puts z's w ones on true children
    and is caught w.p. (66 - w)/(99 - w): 65/98 at rho = 2, 33/66 = 1/2 at rho = 4."""
    from verify.trees.builders import literature_tree

    tree, oracle = literature_tree(99, 66)
    result = solve_worst_case(Debate.create(tree, oracle, rho, "vertex"))
    assert result.catch_probability_exact == closed_form
