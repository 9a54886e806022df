"""Budgeted FBS Debate (ours): Bob's dual rule is reproducible from docs/budgeted.md, the
honest Alice's exit rule matches the paper protocol's, and the worst case's limits are decided
before the work.

Independent sources: the documented symmetric formula re-implemented here from the text, and
the lexicographically least optimal dual found by enumerating every vertex of the dual
polytope with Fractions."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify.budgeted.bob as bob
from verify import random_oracle, tree_fbs, uniform_tree, write_tree
from verify.base.errors import SolverFailure
from verify.base.numbers import fraction_text
from verify.budgeted.bob import budget_view
from verify.cli import main
from verify.commands.verdicts import honest_verdict, worst_case_verdict
from verify.functions.aggregators import evaluate
from verify.trees.oracles import write_oracle

ONE, ZERO = Fraction(1), Fraction(0)


def _run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ the symmetric formula


def _documented_symmetric_dual(values, z, caps):
    """docs/budgeted.md, "Bob's optimal dual", symmetric case, written from the text."""
    q, weight = len(z), sum(z)
    dual = [ZERO] * q
    for bit, step in ((1, -1), (0, +1)):
        k, w = None, weight
        while 0 <= w + step <= q:
            w += step
            if values[w] != values[weight]:
                k = abs(w - weight)
                break
        if k is None:
            continue
        side = [i for i in range(q) if z[i] == bit]
        for i in side:
            if caps[i] == 0:
                dual[i] = ONE
        usable = sorted((i for i in side if caps[i] > 0), key=lambda i: (-caps[i], i))
        if len(usable) < k:
            continue
        total = sum(caps[i] for i in usable)
        ratios = [(total - sum(caps[i] for i in usable[:j])) / (k - j) for j in range(k)]
        j_star = ratios.index(min(ratios))
        for position, i in enumerate(usable):
            dual[i] = ZERO if position < j_star else Fraction(1, k - j_star)
    return tuple(dual)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([("maj:5", [0, 0, 0, 1, 1, 1]), ("thr:4:2", [0, 0, 1, 1, 1]),
                        ("and:3", [0, 0, 0, 1]), ("or:4", [0, 1, 1, 1, 1]),
                        ("parity:3", [0, 1, 0, 1])]),
       st.data())
def test_symmetric_dual_is_the_documented_formula(case, data):
    spec, values = case
    q = len(values) - 1
    z = tuple(data.draw(st.lists(st.integers(0, 1), min_size=q, max_size=q)))
    caps = tuple(Fraction(c) for c in data.draw(st.lists(st.sampled_from([0, 1, 2, 3, 5]),
                                                         min_size=q, max_size=q)))
    assert budget_view(spec, z, caps).dual == _documented_symmetric_dual(values, z, caps)


# ------------------------------------------------------------------ lexmin, by enumeration


def _sensitive_blocks(spec, z):
    q, here = len(z), evaluate(spec, z)
    blocks = []
    for mask in range(1, 1 << q):
        flipped = tuple(b ^ ((mask >> i) & 1) for i, b in enumerate(z))
        if evaluate(spec, flipped) != here:
            blocks.append(frozenset(i for i in range(q) if (mask >> i) & 1))
    return [b for b in blocks if not any(o < b for o in blocks)]


def _solve(rows, rhs):
    """Gaussian elimination over Fractions; None if singular."""
    n = len(rows)
    m = [list(r) + [v] for r, v in zip(rows, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                factor = m[r][col] / m[col][col]
                m[r] = [a - factor * b for a, b in zip(m[r], m[col])]
    return [m[r][n] / m[r][r] for r in range(n)]


def _lexmin_by_vertices(spec, z, caps):
    q = len(z)
    blocks = _sensitive_blocks(spec, z)
    constraints = [([ONE if i in b else ZERO for i in range(q)], ONE) for b in blocks]
    constraints += [([ONE if i == j else ZERO for i in range(q)], ZERO) for j in range(q)]
    vertices = set()
    for chosen in combinations(constraints, q):
        t = _solve([c[0] for c in chosen], [c[1] for c in chosen])
        if t is None or any(x < 0 for x in t):
            continue
        if all(sum(t[i] for i in b) >= 1 for b in blocks):
            vertices.add(tuple(t))
    best = min(sum(c * x for c, x in zip(caps, t)) for t in vertices)
    return min(t for t in vertices if sum(c * x for c, x in zip(caps, t)) == best)


@pytest.mark.parametrize("spec", ["tt:0110", "tt:01111111", "tt:00010111", "tt:01101000",
                                  "tt:0100010000110001"])
def test_non_symmetric_dual_is_the_lexicographically_least_optimal_one(spec):
    q = {7: 2, 11: 3, 19: 4}[len(spec)]
    for z in product((0, 1), repeat=q):
        for caps in [(ONE,) * q, tuple(Fraction(2 + i % 2) for i in range(q)),
                     tuple(Fraction(1 + (i * 3) % 4, 2) for i in range(q))]:
            caps = tuple(max(c, ONE) for c in caps)
            view = budget_view(spec, z, caps)
            if view.value:
                assert view.dual == _lexmin_by_vertices(spec, z, caps), (spec, z, caps)


def test_a_solver_dual_instead_of_the_rule_is_caught(monkeypatch):
    """Bypassing the rule (the column-generation vertex) disagrees with the enumeration."""
    bob._VIEWS.clear()
    monkeypatch.setattr(bob, "lexmin_optimal_dual", lambda spec, z, caps, value:
                        bob.local_weighted_fbs(spec, z, caps).dual)
    view = budget_view("tt:01111111", (1, 1, 1), (ONE, ONE, ONE))
    assert view.dual != _lexmin_by_vertices("tt:01111111", (1, 1, 1), (ONE, ONE, ONE))
    bob._VIEWS.clear()


# ------------------------------------------------------------------ the honest Alice's exit rule


@pytest.fixture()
def deep_files(tmp_path):
    tree = uniform_tree("maj:3", 3)
    write_tree(tmp_path / "t.json", tree)
    write_oracle(tmp_path / "o.json", random_oracle(tree, 2))
    return tmp_path / "t.json", tmp_path / "o.json"


@pytest.mark.parametrize("command", [["run", "--alice", "honest", "--runs", "200"],
                                     ["completeness"]])
def test_honest_alice_losing_exits_1_with_a_warning_in_both_commands(deep_files, command):
    tree, oracle = deep_files
    code, _, err = _run("debate", command[0], tree, "--oracle", oracle, "--protocol", "budgeted",
                        "--beta-max", "3", *command[1:])
    rho_t = tree_fbs(str(tree), str(oracle)).value  # Section 5's recursion: 13/2 here
    assert code == 1 and "B2(a)'s hypothesis fails" in err
    assert f"honest root budget {rho_t.numerator}/{rho_t.denominator} (~" in err
    code, _, err = _run("debate", command[0], tree, "--oracle", oracle, "--protocol", "budgeted",
                        *command[1:])
    assert code == 0 and err == ""


def test_honest_loss_with_the_hypothesis_holding_is_a_bug():
    assert honest_verdict("3", "4", False, "") == 0
    assert honest_verdict("5", "4", True, "") == 1
    with pytest.raises(SolverFailure):
        honest_verdict("3", "4", True, "")


def test_budgets_beyond_pythons_4300_digit_limit_are_compared_and_shown(capsys):
    """A root budget or beta_max of more than 4,300 digits (as the JSON text a document holds,
    or as a Fraction) is compared and printed in one line: Fraction("p/q") and str() of such
    a number raise ValueError (issue 30, section 5)."""
    huge = Fraction(5 * 10**5000 + 1, 10**5000)  # 5 + 10^-5000
    text = fraction_text(huge)
    assert honest_verdict(text, "4", False, "x") == 1
    assert honest_verdict(huge, Fraction(4), False, "x") == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("~5 (exact: a 5001-digit fraction" in line for line in err)
    assert honest_verdict("4", text, False, "") == 0
    worst_case_verdict({"honest_root_budget": text, "beta_max": "1"})
    assert capsys.readouterr().err.count("\n") == 1


# ------------------------------------------------------------------ limits before the work


def test_worst_case_on_a_large_tree_says_what_it_skips(tmp_path):
    tree = uniform_tree("maj:3", 5)  # 364 nodes
    write_tree(tmp_path / "t.json", tree)
    write_oracle(tmp_path / "o.json", random_oracle(tree, 1))
    code, out, err = _run("debate", "worst-case", tmp_path / "t.json", "--oracle",
                          tmp_path / "o.json", "--protocol", "budgeted")
    assert code == 0, err
    assert "not attempted: committed DP: attempted up to 40 nodes" in out
    assert "not attempted: grid DP: it would examine" in out
    assert "worst-case catch probability" in out
