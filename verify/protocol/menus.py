"""The honest Alice's decompositions when the tree offers menus (docs/menus.md, ours).

Theorem 4.1's honest Alice "decomposes exactly as T" for a decomposition tree T satisfying
the FBS condition. With menus (verify.trees.menus) she must pick T among the realisations.
Her rule (ours; docs/menus.md):

  An alternative is *feasible* if its honest local fbs (at the correct answers z*) is
  <= rho and every child is feasible (a leaf is; a menu node is if one of its
  alternatives is). At a menu node she takes, among the feasible alternatives, the one
  with the smallest honest local fbs, ties by file order; if none is feasible, the one with
  the smallest honest local fbs, ties by file order.

So the realisation she forms satisfies the FBS condition whenever some realisation does, and
Theorem 4.1 applies to it. Choosing only by the local fbs (without looking below) would not:
a locally gentler alternative can hide a node above rho deeper down (tests/protocol/
test_menus.py has one).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verify.trees.menus import realise
from verify.trees.model import Tree
from verify.trees.oracles import node_values

from .bob_rules import bob_view
from .engine import Debate


@dataclass(frozen=True)
class HonestPlan:
    """The honest Alice's alternative at every menu node and what it guarantees."""

    choices: dict[int, int]  # menu node -> alternative index (0-based)
    local_fbs: dict[int, Fraction]  # honest local fbs at every decomposition node
    feasible: tuple[bool, ...]  # per node: the FBS condition can be met below it

    @property
    def fbs_condition_realisable(self) -> bool:
        """Some realisation satisfies Theorem 4.1's FBS condition (her root is feasible)."""
        return self.feasible[0]


def honest_plan(debate: Debate) -> HonestPlan:
    """The rule of the module docstring, bottom-up (cached on the debate)."""
    if "honest_plan" not in debate.cache:
        debate.cache["honest_plan"] = _plan(debate)
    return debate.cache["honest_plan"]


def honest_choices(debate: Debate) -> dict[int, int]:
    return honest_plan(debate).choices


def _plan(debate: Debate) -> HonestPlan:
    tree, rho = debate.tree, debate.rho
    local: dict[int, Fraction] = {}
    feasible = [True] * tree.n_nodes
    choices: dict[int, int] = {}
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if tree.is_menu(node):
            good = [j for j, a in enumerate(kids) if feasible[a]]
            pool = good or range(len(kids))
            choices[node] = min(pool, key=lambda j: (local[kids[j]], j))
            feasible[node] = bool(good)
        elif kids:
            local[node] = bob_view(tree.aggregators[node], debate.truth(node), debate.rule).fbs
            feasible[node] = local[node] <= rho and all(feasible[c] for c in kids)
    return HonestPlan(choices, local, tuple(feasible))


def honest_realisation(debate: Debate) -> Tree:
    """The tree the honest Alice's choices form (the debate's tree if it has no menus)."""
    tree = debate.tree
    if not tree.has_menus:
        return tree
    return realise(tree, honest_choices(debate), f"{tree.description} (honest realisation)"
                   if tree.description else "honest realisation")


def realised_debate(debate: Debate) -> Debate:
    """The same debate on the honest realisation: the honest Alice plays it exactly."""
    tree = honest_realisation(debate)
    if tree is debate.tree:
        return debate
    return Debate(tree, debate.oracle, debate.rho, debate.rule,
                  tuple(node_values(tree, debate.oracle)))


def chosen_alternatives(debate: Debate) -> dict[str, str]:
    """{menu node id: alternative id} for the menus the honest realisation reaches."""
    tree, choices = debate.tree, honest_choices(debate)
    realised = set(honest_realisation(debate).ids)
    return {tree.ids[m]: tree.ids[tree.children[m][j]] for m, j in sorted(choices.items())
            if tree.ids[tree.children[m][j]] in realised}
