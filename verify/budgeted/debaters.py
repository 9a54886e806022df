"""Alice debaters for Budgeted FBS Debate (this project's extension, docs/budgeted.md).

* `HonestBudgetedAlice`: true claims everywhere and honest budgets, beta(u) = W_u at the true
  claims with the honest children's budgets (Bob's own computation, bottom-up). With distinct
  leaf queries this is the weighted recursion of Section 5, so beta(root) = rho_T.
* `CommittedAlice`: states a bit for every node up front; her budgets are what Bob computes
  from those bits (the "committed variant"). Lying about budgets is searched in
  verify.budgeted.worst_case.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .bob import budget_view, capacity
from .engine import BudgetedDebate

ONE = Fraction(1)


def committed_budgets(debate: BudgetedDebate, claims) -> tuple[Fraction, ...]:
    """Bob's budgets for a bit at every node: 1 at a leaf, W_u at the claimed child bits."""
    tree = debate.tree
    budgets: list[Fraction] = [ONE] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            z = tuple(claims[c] for c in kids)
            caps = tuple(capacity(budgets[c], debate.constant(c)) for c in kids)
            budgets[node] = budget_view(tree.aggregators[node], z, caps).value
    return tuple(budgets)


def honest_budgets(debate: BudgetedDebate):
    """The honest budgets: per class on a described tree (debate.honest), else
    committed_budgets at the true values."""
    return committed_budgets(debate, debate.values) if debate.honest is None else debate.honest


def distinct_honest(debate: BudgetedDebate) -> set:
    """The distinct honest budgets (per class on a described tree, without visiting nodes)."""
    honest = honest_budgets(debate)
    distinct = getattr(honest, "distinct", None)
    return set(honest) if distinct is None else set(distinct)


@dataclass(frozen=True)
class CommittedAlice:
    """Every node's bit fixed up front; budgets are Bob's computation from them."""

    claims: tuple[int, ...]
    budgets: tuple[Fraction, ...]
    name: str = "committed"

    @classmethod
    def from_claims(cls, debate: BudgetedDebate, claims, name: str = "committed"):
        claims = tuple(claims)
        return cls(claims, committed_budgets(debate, claims), name)

    def answer(self, debate: BudgetedDebate) -> tuple[int, Fraction]:
        root = debate.tree.root
        return self.claims[root], self.budgets[root]

    def decompose(self, debate: BudgetedDebate, node: int, claim: int, budget: Fraction):
        kids = debate.tree.children[node]
        return tuple(self.claims[c] for c in kids), tuple(self.budgets[c] for c in kids)


def honest_alice(debate: BudgetedDebate) -> CommittedAlice:
    """The honest strategy: the true values, committed, with Bob's budgets for them."""
    return CommittedAlice.from_claims(debate, debate.values, name="honest")
