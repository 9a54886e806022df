"""The budgeted and mixed worst cases on a described uniform tree (verify.budgeted.described,
issue 29 section 3) against the expanded path on the listed tree (kept as the reference),
field by field; the liars' catch probabilities over their reachable states
(verify.budgeted.strategy_catch: honest-play states cut, equal subtrees shared) against the
engine's full state graph (`compile_states`) on listed and random explicit trees; the
per-class values, ranges and honest budgets against the listed tree's own computation."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import numpy as np
import pytest
from cli_run import fbs_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import random_oracle, random_tree, uniform_tree, write_tree
from verify.base.errors import TooLarge
from verify.budgeted.api import budgeted_instance, budgeted_worst_case
from verify.budgeted.debaters import committed_budgets
from verify.budgeted.engine import compile_states
from verify.budgeted.mixed import BUDGETED, PAPER, PaperLiarWithBudgets, branch_rules
from verify.budgeted.mixed_api import mixed_instance, mixed_worst_case
from verify.budgeted.paper_liar_levels import _choices, budget_levels
from verify.protocol.worst_case import solve_claim, solve_worst_case
from verify.protocol.worst_case_keyed import described_worst_case_classes, level_classes
from verify.trees.api import as_tree
from verify.trees.local_fbs import honest_fbs

SPECS = ["maj:3", "maj:5", "thr:4:3", "and:2", "or:3", "parity:3", "sym:0110", "tt:01101011",
         "tt:0110", "compose(or:2;and:2;and:1)"]
AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111"]
RULES = ["vertex", "symmetric"]  # the optimal-dual rules the mixed protocol takes
RHOS = [None, Fraction(1), Fraction(3, 2), Fraction(2)]  # None: the largest honest fbs


def layouts(spec, depth, seed, ones):
    """(the described tree, the listed tree, one oracle for both)."""
    if depth == 3 and spec in ("maj:5", "thr:4:3", "tt:01101011"):
        depth = 2  # keep the listed reference small
    listed = uniform_tree(spec, depth)
    return uniform_tree(spec, depth, compact=True), listed, random_oracle(listed, seed=seed,
                                                                         ones=ones)


def graph_catch(debate, alice, rules=None) -> Fraction:
    """The engine's own evaluation: every reachable state listed (the reference)."""
    return compile_states(debate, alice, rules).catch_probability()


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SPECS), st.integers(0, 3), st.integers(0, 10**6),
       st.sampled_from([0.2, 0.5, 0.8]))
def test_budgeted_every_field_equals_the_expanded_path(spec, depth, seed, ones):
    described, listed, answers = layouts(spec, depth, seed, ones)
    keyed = budgeted_worst_case(described, answers, strategies=8)
    expanded = budgeted_worst_case(listed, answers, strategies=8)
    assert (keyed.lower_bound, keyed.upper_bound, keyed.exact) == \
        (expanded.lower_bound, expanded.upper_bound, expanded.exact)
    assert keyed.to_json() == expanded.to_json()
    assert keyed.sacrifice.decisions == expanded.sacrifice.decisions
    # the liar's value without its honest subtrees = the full state graph on the listed tree
    assert keyed.sacrifice.catch_probability_exact == \
        graph_catch(expanded.instance.debate, keyed.sacrifice.alice)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(SPECS), st.integers(0, 3), st.integers(0, 10**6),
       st.sampled_from([0.2, 0.5, 0.8]), st.sampled_from(RULES), st.sampled_from(RHOS),
       st.sampled_from(["1/2", "1/4", "1"]))
def test_mixed_every_field_equals_the_expanded_path(spec, depth, seed, ones, rule, rho, lam):
    described, listed, answers = layouts(spec, depth, seed, ones)
    keyed = mixed_worst_case(described, answers, rule=rule, rho=rho, lam=lam, strategies=8)
    expanded = mixed_worst_case(listed, answers, rule=rule, rho=rho, lam=lam, strategies=8)
    assert (keyed.lower_bound, keyed.upper_bound, keyed.exact) == \
        (expanded.lower_bound, expanded.upper_bound, expanded.exact)
    assert keyed.candidates == expanded.candidates
    assert keyed.to_json() == expanded.to_json()
    _liars_against_the_state_graph(listed, answers, rule, rho, lam, keyed.candidates)


def _liars_against_the_state_graph(tree, answers, rule, rho, lam, candidates):
    """Each liar's two branches by compile_states on the listed tree (the reference)."""
    mixed = mixed_instance(tree, answers, rule=rule, rho=rho, lam=lam).mixed
    debate = mixed.budgeted
    liars = {"worst found (sacrifice and inflate)":
             budgeted_worst_case(tree, answers, strategies=0).sacrifice.alice}
    try:
        paper = solve_worst_case(mixed.paper)
    except TooLarge:
        paper = None
    if paper is not None:
        liar = PaperLiarWithBudgets(debate, paper.choices, 1 - debate.values[debate.tree.root])
        liars[liar.name] = liar
    for name, _, in_paper, in_budgeted in candidates:
        if name in liars:
            assert (in_paper, in_budgeted) == tuple(
                graph_catch(debate, liars[name], branch_rules(mixed, branch))
                for branch in (PAPER, BUDGETED))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from([0.0, 0.3]),
       st.integers(0, 10**6), st.sampled_from(RULES), st.sampled_from(RHOS))
def test_explicit_trees_liars_equal_the_state_graph(tree_seed, depth, leaves, seed, rule, rho):
    """Seeded random explicit trees (mixed aggregators, early leaves): the sacrifice liar's
    value and every mixed liar's branches equal the engine's state graph."""
    tree = random_tree(tree_seed, depth, AGGREGATORS, leaves)
    answers = random_oracle(tree, seed=seed)
    result = budgeted_worst_case(tree, answers, strategies=0)
    assert result.sacrifice.catch_probability_exact == \
        graph_catch(result.instance.debate, result.sacrifice.alice)
    mixed = mixed_worst_case(tree, answers, rule=rule, rho=rho, strategies=0)
    _liars_against_the_state_graph(tree, answers, rule, rho, "1/2", mixed.candidates)


@pytest.mark.parametrize("spec,depth", [("maj:3", 3), ("maj:5", 2), ("tt:01101011", 2),
                                        ("compose(or:2;and:2;and:1)", 2), ("parity:3", 2),
                                        ("maj:3", 0)])
def test_values_ranges_and_honest_budgets_per_class(spec, depth):
    described, listed, answers = layouts(spec, depth, 3, 0.5)
    keyed = budgeted_instance(described, answers, compact=True)
    expanded = budgeted_instance(listed, answers)
    a, b = keyed.debate, expanded.debate
    nodes = range(b.tree.n_nodes)
    assert [a.values[n] for n in nodes] == list(b.values)
    assert [a.ranges[n] for n in nodes] == list(b.ranges)
    honest = committed_budgets(b, b.values)  # Bob's LPs at every listed node
    assert [a.honest[n] for n in nodes] == list(honest)
    assert a.honest.distinct == set(honest)
    assert keyed.rho_t == expanded.rho_t == honest[0]
    # the paper protocol's rho default: the largest honest local fbs, per class
    assert mixed_instance(described, answers).mixed.paper.rho == \
        max([Fraction(1), *honest_fbs(listed, b.values).values()])


@pytest.mark.slow
def test_beyond_the_listing_limit(capsys, tmp_path):
    """maj:3 depth 14 (7,174,453 nodes, refused as a listed tree) at the all-zero oracle:
    the described worst case reads only the nodes its searches visit. Closed forms that need
    no listing: every node has value 0 and z = 000, whose sensitive blocks are the three
    pairs, so W = (3/2) c at capacities c and rho_T = beta_max = (3/2)^14; the interval lies
    above Theorem B1's (2/3)^14."""
    tree = uniform_tree("maj:3", 14, compact=True)
    with pytest.raises(TooLarge):
        as_tree(tree)
    write_tree(tmp_path / "T.json", tree)
    (tmp_path / "O.json").write_text(json.dumps({"format": "fbs-oracle/1",
                                                 "bits": "0" * 3**14}))
    code, out, _ = fbs_cli(capsys, "debate", "worst-case", tmp_path / "T.json", "--oracle",
                           tmp_path / "O.json", "--protocol", "budgeted", "--json")
    document = json.loads(out)
    assert code == 0 and document["nodes"] == 7_174_453 and document["true_value"] == 0
    assert Fraction(document["beta_max"]) == Fraction(document["rho_T"]) == Fraction(3, 2) ** 14
    interval = document["worst_case"]
    assert Fraction(2, 3) ** 14 <= Fraction(interval["lower_bound"]) <= \
        Fraction(interval["upper_bound"])


# ------------------------------------------- the paper liar's budgets per class (paper_liar_levels)

SYMMETRIC = ["maj:3", "maj:5", "thr:4:3", "and:2", "or:3", "parity:3", "sym:0110"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SYMMETRIC), st.integers(1, 3), st.integers(0, 10**6),
       st.sampled_from([0.2, 0.5, 0.8]), st.sampled_from(RULES), st.sampled_from(RHOS))
def test_paper_liar_budgets_per_class_equal_the_listed_recursion(spec, depth, seed, ones, rule,
                                                                 rho):
    """Every node's B(u, 0) and B(u, 1) by classes (verify.budgeted.paper_liar_levels) equal
    the per-node memoised recursion on the listed tree with the listed DP's own choices."""
    described, listed, answers = layouts(spec, depth, seed, ones)
    mixed = mixed_instance(described, answers, rule=rule, rho=rho, compact=True).mixed
    _, _, classes = described_worst_case_classes(described, mixed.budgeted.oracle.bits,
                                                 mixed.paper.rho, rule)
    levels = budget_levels(mixed.budgeted, classes)
    reference = mixed_instance(listed, answers, rule=rule, rho=rho).mixed
    choices = solve_worst_case(reference.paper).choices
    liar = PaperLiarWithBudgets(reference.budgeted, choices, 0)
    view = classes.tree
    for node in range(view.n_nodes):
        for claim in (0, 1):
            assert levels.budget(*view.position(node), claim) == liar.budget(node, claim)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["maj:5", "thr:4:3", "maj:3"]), st.integers(0, 10**6), st.data())
def test_the_choice_at_any_order_is_the_ordered_dp_choice(spec, seed, data):
    """The lemma of paper_liar_levels: z read from a row of classes by the per-multiset plan
    equals the paper DP's solve_claim on that ordered row, at every order (rows drawn with
    repeated classes, so that ties within and across weights occur)."""
    tree = uniform_tree(spec, 3, compact=True)
    bits = "".join(str(b) for b in random.Random(seed).choices((0, 1), k=tree.width ** 3))
    classes = level_classes(tree, bits, Fraction(data.draw(st.sampled_from([1, 2, 3]))),
                            data.draw(st.sampled_from(RULES)))
    ids = list(range(len(classes.values)))
    rows = [data.draw(st.lists(st.sampled_from(ids), min_size=tree.width,
                               max_size=tree.width)) for _ in range(6)]
    rows += [data.draw(st.permutations(row)) for row in rows]
    for claim in (0, 1):
        z = _choices(classes, np.array(rows, dtype=np.int64), claim, {})
        for row, found in zip(rows, z.tolist()):
            pairs = tuple(classes.pairs[c] for c in row)
            expected = solve_claim(tree.aggregator, pairs, classes.rho, classes.rule, claim)[1]
            if expected is None:
                expected = tuple(classes.values[c] for c in row)
            assert tuple(found) == tuple(expected)
