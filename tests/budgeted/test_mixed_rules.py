"""Mixed FBS Debate and Bob's rule (issue 30, section 1): Theorem B4 rests on Theorem 4.2,
which covers the optimal-dual rules (vertex, symmetric) only, so `--rule uniform` is refused.

Independent source: brute force over every liar of a depth-1 tree. There a liar's only choice
is the leaf claim vector z (leaf budgets are 1, the root budget meets only the root check),
and a randomised liar averages deterministic ones, so the minimum over z of the exact catch
probability is the exact worst case over all liars."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from test_budgeted_mixed import _run

from verify import random_oracle, random_tree, tree_fbs, write_tree
from verify.budgeted.debaters import CommittedAlice
from verify.budgeted.engine import BudgetedDebate
from verify.budgeted.mixed import MixedDebate, mixed_catch
from verify.budgeted.mixed_api import mixed_worst_case
from verify.protocol.engine import Debate
from verify.trees.local_fbs import honest_fbs
from verify.trees.model import from_records
from verify.trees.oracles import write_oracle

ONE = Fraction(1)
MAJ3 = [{"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
        {"id": "a", "query": "A"}, {"id": "b", "query": "B"}, {"id": "c", "query": "C"}]
MAJ3_001 = {"A": 0, "B": 0, "C": 1}


def brute_force_worst(tree, oracle, rule: str, lam, rho=None) -> Fraction:
    """min over every leaf claim vector z of a lie at the root (depth 1) of the exact mixed
    catch probability."""
    budgeted = BudgetedDebate.create(tree, oracle, tree_fbs(tree, oracle).value)
    if rho is None:
        rho = max([ONE, *honest_fbs(tree, budgeted.values).values()])
    mixed = MixedDebate(budgeted, Debate.create(tree, oracle, rho, rule), Fraction(lam))
    root, kids = tree.root, tree.children[tree.root]
    lie = 1 - budgeted.values[root]
    catches = []
    for z in itertools.product((0, 1), repeat=len(kids)):
        claims = list(budgeted.values)
        claims[root] = lie
        for child, bit in zip(kids, z):
            claims[child] = bit
        catches.append(mixed_catch(mixed, CommittedAlice.from_claims(budgeted, claims)))
    return min(catches)


@pytest.mark.parametrize("lam,truth", [("1", Fraction(1, 3)), ("1/2", Fraction(5, 12))])
def test_uniform_rule_falls_below_theorem_b4s_form(lam, truth):
    """maj:3 at leaves 001, rho = rho_T = 2: B4's form lambda/2 + (1 - lambda)/2 = 1/2, but the
    liar claiming 1 with z = 011 is caught with 1/3 under the uniform rule (one wrong leaf of
    three) and 1/2 in the budgeted branch: lambda/3 + (1 - lambda)/2."""
    tree = from_records(MAJ3, "r")
    assert brute_force_worst(tree, MAJ3_001, "uniform", lam) == truth < Fraction(1, 2)


@pytest.mark.parametrize("command", [["worst-case"], ["completeness"],
                                     ["plan", "--delta", "1/100", "--tree"]])
def test_mixed_refuses_the_uniform_rule_in_one_line(tmp_path, command):
    write_tree(tmp_path / "t.json", from_records(MAJ3, "r"))
    write_oracle(tmp_path / "o.json", MAJ3_001)
    code, out, err = _run("debate", *command, str(tmp_path / "t.json"), "--oracle",
                          str(tmp_path / "o.json"), "--protocol", "mixed:1", "--rule", "uniform")
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert "Theorem 4.2" in err and "'uniform'" in err


@pytest.mark.parametrize("protocol", ["mixed:1", "paper"])
def test_plans_refuse_the_uniform_rule_without_a_tree(protocol):
    code, out, err = _run("debate", "plan", "--rho", "2", "--depth", "1", "--beta-max", "2",
                          "--delta", "1/100", "--protocol", protocol, "--rule", "uniform")
    if protocol == "paper":  # --beta-max belongs to the budgeted protocols
        code, out, err = _run("debate", "plan", "--rho", "2", "--depth", "1", "--delta",
                              "1/100", "--rule", "uniform")
    assert (code, out, err.count("\n")) == (2, "", 1) and "Theorem 4.2" in err


def test_the_paper_run_under_uniform_does_not_call_rho_d_a_bound(tmp_path):
    write_tree(tmp_path / "t.json", from_records(MAJ3, "r"))
    write_oracle(tmp_path / "o.json", MAJ3_001)
    code, out, _ = _run("debate", "run", str(tmp_path / "t.json"), "--oracle",
                        str(tmp_path / "o.json"), "--rho", "2", "--rule", "uniform", "--alice",
                        "worst", "--runs", "10")
    assert code == 0 and "catch_probability_exact = 1/3" in out
    theorem = next(line for line in out.splitlines() if "Theorem 4.2 bound" in line)
    instance = next(line for line in out.splitlines() if "instance bound" in line)
    assert "does not cover" in theorem and "not a lower bound" in instance


@pytest.mark.parametrize("rule", ["vertex", "symmetric"])
@pytest.mark.parametrize("lam", ["0", "1/3", "1/2", "1"])
def test_mixed_interval_contains_the_brute_force_worst_case(rule, lam):
    """Seeded depth-1 trees: the reported [lower, upper] holds the exact worst case over all
    liars, and an interval reported exact equals it."""
    aggregators = ["maj:3", "and:2", "or:3", "thr:4:2", "parity:2", "tt:0110", "tt:0111"]
    for seed in range(12):
        tree = random_tree(seed, 1, aggregators)
        oracle = random_oracle(tree, seed + 100)
        truth = brute_force_worst(tree, oracle, rule, lam)
        result = mixed_worst_case(tree, oracle, lam=lam, rule=rule, strategies=0)
        assert result.lower_bound <= truth <= result.upper_bound, seed
        assert not result.exact or result.lower_bound == truth


def test_the_printed_guarantee_with_beta_max_below_one(tmp_path):
    """beta_max = 1/2 < 1: the budgeted term is (1 - lambda) * 1 (B1's g(beta) = min(1,
    1/beta)), not (1 - lambda) * 2; at lambda = 1/2, rho = 2, d = 1: 1/4 + 1/2 = 3/4."""
    write_tree(tmp_path / "t.json", from_records(MAJ3, "r"))
    write_oracle(tmp_path / "o.json", MAJ3_001)
    code, out, _ = _run("debate", "completeness", str(tmp_path / "t.json"), "--oracle",
                        str(tmp_path / "o.json"), "--protocol", "mixed", "--beta-max", "1/2")
    line = next(line for line in out.splitlines() if "guarantee" in line and "tree of" not in line)
    assert "(1 - lambda) min(1, 1/beta_max) = 3/4" in line
