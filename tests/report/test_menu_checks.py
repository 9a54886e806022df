"""The menu paper checks (Theorems 4.1, 4.2 and Section 5 with decompositions on the fly)
pass, and each fails on a deliberately wrong implementation."""

from fractions import Fraction

import verify.protocol.menus as menus
import verify.protocol.worst_case as worst_case
from paper_checks import section_5_menus, theorem_4_1_menus, theorem_4_2_menus


def test_theorem_4_2_menus_confirmed():
    result = theorem_4_2_menus.run(None)
    assert result.status == "confirmed", result.values["mismatches"][:3]
    assert sum(row["brute_force"] is not None for row in result.values["grid"]) >= 30
    assert result.values["sensitive_alternative"] == {
        "catch_at_rho_2": "1/2", "catch_if_unchecked": "1/5", "stopped": True}


def test_theorem_4_2_menus_fails_when_the_dp_takes_the_worst_alternative(monkeypatch):
    def worst_alternative(pairs):
        chosen = tuple(max(range(len(pairs)), key=lambda j: (pairs[j][c], -j)) for c in (0, 1))
        return (pairs[chosen[0]][0], pairs[chosen[1]][1]), chosen

    monkeypatch.setattr(worst_case, "_best_alternative", worst_alternative)
    result = theorem_4_2_menus.run(None)
    assert result.status == "failed" and result.values["mismatches"]


def test_theorem_4_2_menus_fails_when_bob_skips_the_fbs_check(monkeypatch):
    """A DP that lets every claim vector through (rho ignored) finds the and:5 lie (1/5)."""
    original = worst_case._best
    monkeypatch.setattr(worst_case, "_best", lambda options, pairs, rho:
                        original(options, pairs, Fraction(10**9)))
    monkeypatch.setattr(worst_case, "by_weight", lambda spec, rule: False)
    result = theorem_4_2_menus.run(None)
    assert result.status == "failed"
    assert result.values["sensitive_alternative"]["stopped"] is False


def test_theorem_4_1_menus_confirmed():
    result = theorem_4_1_menus.run(None)
    assert result.status == "confirmed" and len(result.values["cases"]) >= 60


def test_theorem_4_1_menus_fails_with_the_local_rule_without_look_ahead(monkeypatch):
    original = menus._plan

    def greedy(debate):
        plan = original(debate)
        tree = debate.tree
        choices = {m: min(range(len(tree.children[m])),
                          key=lambda j: (plan.local_fbs[tree.children[m][j]], j))
                   for m in plan.choices}
        return menus.HonestPlan(choices, plan.local_fbs, plan.feasible)

    monkeypatch.setattr(menus, "_plan", greedy)
    result = theorem_4_1_menus.run(None)
    assert result.status == "failed"
    assert any(row["tree"] == "hidden_sensitive_node" for row in result.values["losses"])


def test_section_5_menus_refined():
    result = section_5_menus.run(None)
    assert result.status == "refined", result.reason
    assert result.values["cases"] and not result.values["violations"]


def test_section_5_menus_fails_when_the_promise_is_ignored(monkeypatch):
    """Flipping blocks that break a menu's agreement is not a legal adversary for menus."""
    monkeypatch.setattr(section_5_menus, "legal", lambda tree, answers: True)
    result = section_5_menus.run(None)
    assert result.status == "failed" and result.values["violations"]


def test_section_5_menus_fails_on_a_wrong_realisation_rho(monkeypatch):
    original = section_5_menus.realisation_rho
    monkeypatch.setattr(section_5_menus, "realisation_rho",
                        lambda tree, answers: original(tree, answers) / 2)
    result = section_5_menus.run(None)
    assert result.status == "failed"


def test_theorem_4_1_menus_counts_the_look_ahead_reads():
    """hidden_sensitive_node: she forms and:2 over u, v (d q Q = 1 * 2 * 1 = 2) but her rule
    reads every leaf below the root menu first: t1, t2, s1..s4, u, v, 8 queries (by hand)."""
    from paper_checks.menu_corpus import hidden_sensitive_node

    tree, _ = hidden_sensitive_node()
    assert theorem_4_1_menus.lookahead_queries(tree) == 8
    rows = [r for r in theorem_4_1_menus.run(None).values["cases"]
            if r["tree"] == "hidden_sensitive_node"]
    assert rows and all(r["d_q_Q"] == 2 and r["queries_with_lookahead_max"] == 2 + 8
                        and r["d_q_Q_plus_lookahead"] == 10 for r in rows)


def test_one_table_alice_for_the_menu_brute_force_and_bob_deviation():
    """Issue 30, section 6: theorem_4_2_menus plays bob_deviation's TableAlice (with menus)."""
    from verify.protocol.bob_deviation import TableAlice

    assert theorem_4_2_menus.TableAlice is TableAlice
    assert TableAlice(1, {(3, 1): 2}).choose(None, 3, 1) == 2
