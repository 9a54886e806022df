"""FBS Debate with menus (Alice decomposes on the fly, paper Section 3.2): the worst-case DP
over alternatives AND claims against brute force over every Alice strategy, Bob's fbs check
stopping a more sensitive alternative, and the honest Alice's look-ahead rule."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_protocol import reference_bob

from verify.functions.spec import parse_spec
from verify.protocol.api import completeness, debate, worst_case
from verify.protocol.debaters import HonestAlice, WorstCaseAlice
from verify.protocol.engine import Debate, compile_states
from verify.protocol.menus import honest_choices, honest_plan, honest_realisation
from verify.protocol.worst_case import solve_worst_case
from verify.trees.menus import build_menu_tree, count_realisations, random_menu_tree, realisations

RULES = ["vertex", "symmetric", "uniform"]
_BOB: dict = {}


def bob(spec, z, rule):
    if (spec, z, rule) not in _BOB:
        _BOB[spec, z, rule] = reference_bob(spec, z, rule)
    return _BOB[spec, z, rule]


def menu_tree(records):
    return build_menu_tree({r["id"]: r for r in records}, records[0]["id"], "test")


def leaf(name):
    return {"id": name, "query": name}


def ref_values(tree, answers):
    """Bottom-up values by the core spec evaluator; None if a menu's alternatives disagree."""
    values = [None] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if tree.is_menu(node):
            found = {values[c] for c in kids}
            if len(found) != 1 or None in found:
                return None
            values[node] = found.pop()
        elif kids:
            below = tuple(values[c] for c in kids)
            values[node] = None if None in below else parse_spec(tree.aggregators[node])(below)
        else:
            values[node] = answers[tree.queries[node]]
    return values


def ref_catch(tree, answers, rho, rule, strategy, node, claim):
    """Exact P[Bob wins] from (node, claim) under a strategy {(node, claim): move}."""
    if tree.is_menu(node):
        return ref_catch(tree, answers, rho, rule, strategy,
                         tree.children[node][strategy[node, claim]], claim)
    if not tree.children[node]:
        return Fraction(int(claim != answers[tree.queries[node]]))
    spec, z = tree.aggregators[node], strategy[node, claim]
    if parse_spec(spec)(z) != claim:
        return Fraction(1)
    value, p = bob(spec, z, rule)
    if value > rho:
        return Fraction(1)
    if p is None:
        return Fraction(0)
    return sum((pi * ref_catch(tree, answers, rho, rule, strategy, c, zi)
                for pi, c, zi in zip(p, tree.children[node], z) if pi), Fraction(0))


def slots(tree, root_claim):
    """(node, claim) pairs Alice may face, with every move she has there."""
    claims = {tree.root: {root_claim}}
    found = []
    for node in range(tree.n_nodes):  # breadth-first: parents first
        kids = tree.children[node]
        for c in kids:
            claims[c] = claims[node] if tree.is_menu(node) else {0, 1}
        for claim in sorted(claims[node]) if kids else ():
            moves = (list(range(len(kids))) if tree.is_menu(node)
                     else list(itertools.product((0, 1), repeat=len(kids))))
            found.append(((node, claim), moves))
    return found


def brute_force_worst(tree, answers, rho, rule):
    """min over every deterministic strategy: an alternative per (menu, claim), a z per
    (decomposition node, claim)."""
    values = ref_values(tree, answers)
    root_claim = 1 - values[tree.root]
    keys, moves = zip(*slots(tree, root_claim))
    return min(ref_catch(tree, answers, rho, rule, dict(zip(keys, choice)), tree.root, root_claim)
               for choice in itertools.product(*moves))


def consistent_oracles(tree):
    queries = sorted({tree.queries[i] for i in tree.leaves()})
    for bits in itertools.product((0, 1), repeat=len(queries)):
        answers = dict(zip(queries, bits))
        if ref_values(tree, answers) is not None:
            yield answers


ROOT_MENU = [{"id": "r", "alternatives": ["A", "B"]},
             {"id": "A", "aggregator": "and:2", "children": ["x", "y"]},
             {"id": "B", "aggregator": "or:2", "children": ["u", "v"]},
             leaf("x"), leaf("y"), leaf("u"), leaf("v")]
INNER_MENU = [{"id": "r", "aggregator": "tt:0110", "children": ["a", "m"]},
              leaf("a"), {"id": "m", "alternatives": ["C", "D"]},
              {"id": "C", "aggregator": "or:2", "children": ["v", "w"]},
              {"id": "D", "aggregator": "and:2", "children": ["v2", "w2"]},
              leaf("v"), leaf("w"), leaf("v2"), leaf("w2")]
SHARED_QUERY = [{"id": "r", "alternatives": ["A", "B"]},
                {"id": "A", "aggregator": "maj:3", "children": ["x", "y", "z"]},
                {"id": "B", "aggregator": "and:2", "children": ["x2", "y2"]},
                leaf("x"), leaf("y"), leaf("z"), {"id": "x2", "query": "x"}, leaf("y2")]


@pytest.mark.parametrize("records", [ROOT_MENU, INNER_MENU, SHARED_QUERY],
                         ids=["root-menu", "inner-menu", "shared-query"])
@pytest.mark.parametrize("rule", RULES)
def test_dp_equals_brute_force_over_alternatives_and_claims(records, rule):
    tree = menu_tree(records)
    checked = 0
    for index, answers in enumerate(consistent_oracles(tree)):
        rho = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3)][index % 4]
        result = solve_worst_case(Debate.create(tree, answers, rho, rule))
        assert result.catch_probability_exact == brute_force_worst(tree, answers, rho, rule), (
            answers, rho)
        checked += 1
    assert checked >= 4


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_dp_equals_brute_force_on_nested_menus(rule):
    records = [{"id": "r", "alternatives": ["A", "B"]},
               {"id": "A", "aggregator": "maj:3", "children": ["x", "y", "z"]},
               {"id": "B", "aggregator": "and:2", "children": ["u", "m"]},
               leaf("x"), leaf("y"), leaf("z"), leaf("u"),
               {"id": "m", "alternatives": ["C", "D"]},
               {"id": "C", "aggregator": "or:2", "children": ["v", "w"]},
               {"id": "D", "aggregator": "tt:0110", "children": ["v2", "w2"]},
               leaf("v"), leaf("w"), leaf("v2"), leaf("w2")]
    tree = menu_tree(records)
    for index, answers in enumerate(list(consistent_oracles(tree))[::23]):
        for rho in [(Fraction(3, 2),), (Fraction(2),)][index % 2]:
            result = solve_worst_case(Debate.create(tree, answers, rho, rule))
            assert result.catch_probability_exact == brute_force_worst(tree, answers, rho, rule)


# A liar would like the more sensitive and:5 (one lie in five, caught w.p. 1/5); Bob's check
# fbs <= rho = 2 refuses its lying claim vector 11111 (fbs 5), so she must use maj:3.
SENSITIVE = [{"id": "r", "alternatives": ["gentle", "sensitive"]},
             {"id": "gentle", "aggregator": "maj:3", "children": ["g1", "g2", "g3"]},
             {"id": "sensitive", "aggregator": "and:5", "children": ["s1", "s2", "s3", "s4", "s5"]},
             *[leaf(f"g{i}") for i in (1, 2, 3)], *[leaf(f"s{i}") for i in range(1, 6)]]
SENSITIVE_ORACLE = {"g1": 0, "g2": 0, "g3": 1, "s1": 1, "s2": 1, "s3": 1, "s4": 1, "s5": 0}


@pytest.mark.parametrize("rule", RULES)
def test_bobs_check_stops_the_more_sensitive_alternative(rule):
    tree = menu_tree(SENSITIVE)
    at_two = worst_case(tree, SENSITIVE_ORACLE, 2, rule=rule)
    # one lie in maj:3 at 101: an optimal dual puts 1/2 on each claimed 1; uniform puts 1/3
    expected = Fraction(1, 3) if rule == "uniform" else Fraction(1, 2)
    assert at_two.catch_probability_exact == expected
    if rule != "uniform":
        assert at_two.catch_probability_exact >= at_two.theorem_bound == Fraction(1, 2)
    assert at_two.to_json()["strategy"][0]["alternative"] == "gentle"
    at_five = worst_case(tree, SENSITIVE_ORACLE, 5, rule=rule)  # the check lets and:5 through
    assert at_five.catch_probability_exact == Fraction(1, 5) < Fraction(1, 2)
    assert at_five.to_json()["strategy"][0]["alternative"] == "sensitive"
    # the honest Alice still passes at rho = 2 (and:5 at 11110 has fbs 1: she takes it)
    assert completeness(tree, SENSITIVE_ORACLE, 2, rule=rule).never_loses
    assert honest_choices(Debate.create(tree, SENSITIVE_ORACLE, 2, rule)) == {0: 1}


# maj:3 (honest fbs 3/2) hides and:4 at 1111 (fbs 4 > 2) below it; and:2 has fbs 2 = rho.
LOOK_AHEAD = [{"id": "r", "alternatives": ["tempting", "safe"]},
              {"id": "tempting", "aggregator": "maj:3", "children": ["t1", "t2", "S"]},
              {"id": "S", "aggregator": "and:4", "children": ["s1", "s2", "s3", "s4"]},
              {"id": "safe", "aggregator": "and:2", "children": ["u", "v"]},
              leaf("t1"), leaf("t2"), *[leaf(f"s{i}") for i in range(1, 5)], leaf("u"), leaf("v")]


class GreedyAlice(HonestAlice):
    """The local rule without look-ahead: the smallest honest local fbs, ties by order."""

    name = "greedy"

    def choose(self, debate, node, claim):
        kids = debate.tree.children[node]
        local = [reference_bob(debate.tree.aggregators[a], debate.truth(a), debate.rule)[0]
                 for a in kids]
        return min(range(len(kids)), key=lambda j: (local[j], j))


def test_honest_alice_looks_below_the_menu():
    tree = menu_tree(LOOK_AHEAD)
    answers = {q: 1 for q in ("t1", "t2", "s1", "s2", "s3", "s4", "u", "v")}
    instance = Debate.create(tree, answers, 2, "vertex")
    assert honest_choices(instance) == {0: 1}
    assert completeness(tree, answers, 2).never_loses
    assert compile_states(instance, HonestAlice()).catch_probability() == 0
    # the local rule takes maj:3 and loses whenever Bob samples S (p = 1/3 by symmetry)
    assert compile_states(instance, GreedyAlice()).catch_probability() == Fraction(1, 3)


@pytest.mark.parametrize("seed", range(12))
def test_honest_play_on_the_menu_equals_completeness_on_its_realisation(seed):
    tree, answers = random_menu_tree(seed, 2, ["maj:3", "and:2", "or:2", "tt:0110"], 0.6)
    for rho in (Fraction(3, 2), Fraction(2), Fraction(3)):
        instance = Debate.create(tree, answers, rho, "vertex")
        played = compile_states(instance, HonestAlice()).catch_probability()
        enumerated = completeness(tree, answers, rho).report.loss_probability
        assert played == enumerated
        realised = honest_realisation(instance)
        assert any(r.ids == realised.ids for _, r in realisations(tree))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("rule", ["vertex", "symmetric"])
def test_theorem_4_2_holds_with_menus(seed, rule):
    tree, answers = random_menu_tree(seed, 2, ["maj:3", "and:2", "or:2", "thr:4:2"], 0.7)
    for rho in (Fraction(2), Fraction(3)):
        result = solve_worst_case(Debate.create(tree, answers, rho, rule))
        assert result.catch_probability_exact >= result.theorem_bound
        assert result.catch_probability_exact >= result.instance_bound


def test_liar_with_menus_is_never_caught_more_than_on_any_realisation():
    """The menu liar chooses per (node, claim): at most the best fixed realisation's value."""
    for seed in range(6):
        tree, answers = random_menu_tree(seed, 2, ["maj:3", "and:2", "or:2"], 0.7)
        menu = solve_worst_case(Debate.create(tree, answers, 2)).catch_probability_exact
        fixed = [solve_worst_case(Debate.create(r, answers, 2)).catch_probability_exact
                 for _, r in realisations(tree)]
        assert menu <= min(fixed)
        assert len(fixed) == count_realisations(tree)


def test_runs_replay_the_exact_value_and_transcripts_name_the_alternative(tmp_path):
    import json

    tree = menu_tree(SENSITIVE)
    out = tmp_path / "t.jsonl"
    result = debate(tree, SENSITIVE_ORACLE, 2, alice="worst", runs=400, seed=3, transcript=out)
    assert result.catch_probability_exact == Fraction(1, 2)
    assert result.runs.interval_contains_exact
    lines = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    roots = [line for line in lines if line["node"] == "r"]
    assert len(roots) == 400 and all(line["alternative"] == "gentle" for line in roots)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), depth=st.integers(1, 2), rule=st.sampled_from(RULES),
       rho=st.sampled_from([Fraction(3, 2), Fraction(2), Fraction(3)]))
def test_menu_game_properties(seed, depth, rule, rho):
    """Replaying the DP's strategy through the engine gives its value; for optimal-dual rules
    it is >= the instance bound >= rho^-d; it never exceeds the best fixed realisation's; the
    honest Alice never loses when some realisation meets the FBS condition."""
    tree, answers = random_menu_tree(seed, depth, ["maj:3", "and:2", "or:2", "tt:0110"], 0.6)
    instance = Debate.create(tree, answers, rho, rule)
    result = solve_worst_case(instance)
    alice = WorstCaseAlice(result)
    assert compile_states(instance, alice).catch_probability() == result.catch_probability_exact
    if rule != "uniform":
        assert result.catch_probability_exact >= result.instance_bound >= result.theorem_bound
    fixed = [solve_worst_case(Debate.create(r, answers, rho, rule)).catch_probability_exact
             for _, r in itertools.islice(realisations(tree), 16)]
    assert result.catch_probability_exact <= min(fixed)
    if honest_plan(instance).fbs_condition_realisable:
        assert compile_states(instance, HonestAlice()).catch_probability() == 0
