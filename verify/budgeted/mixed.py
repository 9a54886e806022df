"""Mixed FBS Debate (ours; docs/budgeted.md, section 7, Theorem B4).

Alice plays as in Budgeted FBS Debate (bits and budgets) and her claims must pass BOTH
protocols' checks at every node: the budgeted ones (consistency, constant children,
beta(u) >= W_u; the root checks) and the paper's (fbs_z(phi_u) <= rho, paper Section 4).
Before each run Bob privately flips a lambda-coin: with probability lambda he samples every
node by the paper's rule (p_i = t_i / fbs_z, Bob's rule of verify.protocol), otherwise by the
budgeted rule (p_i = c_i t_i / W_u). For any fixed Alice strategy the catch probability is
therefore lambda * (catch in the paper branch) + (1 - lambda) * (catch in the budgeted
branch), each computed exactly on its own state graph.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from verify.base.errors import BadInput
from verify.base.numbers import parse_fraction
from verify.protocol.bob_rules import bob_view
from verify.protocol.engine import ALICE_WINS, BOB_WINS, CONSTANT, FBS_CHECK, Debate

from .debaters import honest_budgets
from .engine import BudgetedDebate, step
from .strategy_catch import strategy_catch

PAPER, BUDGETED = "paper", "budgeted"
DEFAULT_LAMBDA = Fraction(1, 2)
ONE = Fraction(1)


def parse_lambda(text) -> Fraction:
    """lambda in [0, 1] as an exact Fraction ("1/2", "0.25"); BadInput otherwise."""
    value = parse_fraction(text, "lambda")
    if value > 1:
        raise BadInput(f"lambda must be in [0, 1], got {text}")
    return value


def parse_protocol(text: str) -> tuple[str, Fraction | None]:
    """"paper", "budgeted", "mixed" or "mixed:LAMBDA" -> (name, lambda or None)."""
    name, _, rest = str(text).partition(":")
    if name in ("paper", "budgeted") and not rest:
        return name, None
    if name == "mixed":
        return "mixed", parse_lambda(rest) if rest else DEFAULT_LAMBDA
    raise BadInput(f"--protocol takes paper, budgeted, mixed or mixed:LAMBDA, got {text!r}")


@dataclass(frozen=True)
class MixedDebate:
    """The budgeted instance, the paper's instance (rho, Bob's rule) and lambda."""

    budgeted: BudgetedDebate
    paper: Debate
    lam: Fraction

    @property
    def paper_guarantee(self) -> Fraction:
        return self.paper.theorem_bound  # rho^-d (Theorem 4.2)

    @property
    def guarantee(self) -> Fraction:
        """Theorem B4 (ours): lambda rho^-d + (1 - lambda) min(1, 1/beta_max)."""
        return self.lam * self.paper_guarantee + (1 - self.lam) * self.budgeted.guarantee


def branch_rules(mixed: MixedDebate, branch: str):
    """The step function of one branch: both protocols' checks, one branch's sampling."""

    def rules(debate, node, claim, budget, decomposition):
        current = step(debate, node, claim, budget, decomposition)
        if current.z is None or current.outcome == BOB_WINS:
            return current  # a leaf, or a budgeted check failed
        spec = debate.tree.aggregators[node]
        view = bob_view(spec, current.z, mixed.paper.rule)
        if view.fbs > mixed.paper.rho:
            return replace(current, p=None, outcome=BOB_WINS, reason=FBS_CHECK)
        if branch == BUDGETED:
            return current
        if view.p is None:
            return replace(current, p=None, outcome=ALICE_WINS, reason=CONSTANT)
        return replace(current, p=view.p, outcome=None, reason=None)

    return rules


def branch_catches(mixed: MixedDebate, alice, cut: bool = False,
                   key=None) -> tuple[Fraction, Fraction]:
    """(exact catch in the paper branch, in the budgeted branch) for one Alice strategy, over
    its reachable states (verify.budgeted.strategy_catch: honest-play states cut when `cut`,
    states memoised on `key`)."""
    honest = honest_budgets(mixed.budgeted) if cut else None
    return tuple(strategy_catch(mixed.budgeted, alice, honest, branch_rules(mixed, branch), cut,
                                key) for branch in (PAPER, BUDGETED))


def mixed_catch(mixed: MixedDebate, alice) -> Fraction:
    """lambda * paper branch + (1 - lambda) * budgeted branch, exactly."""
    paper, budgeted = branch_catches(mixed, alice)
    return mixed.lam * paper + (1 - mixed.lam) * budgeted


class PaperLiarWithBudgets:
    """The paper protocol's worst-case liar (claim vectors per (node, claim)) with the
    budgets Bob computes for its plan, bottom-up (so it passes every budget check it can);
    memoised on (key(node), claim) (`key`: nodes with equal subtrees share their budgets,
    verify.budgeted.described.ordered_keys; the node itself by default). Only W's value is
    kept, so for a symmetric aggregator the LP is solved at the (z_i, c_i) pairs sorted: the
    LP of a symmetric function is the same under any permutation of its coordinates. On a
    described tree with a symmetric aggregator `levels` gives the same budgets per class,
    computed level by level (verify.budgeted.paper_liar_levels)."""

    name = "paper worst-case liar, with Bob's budgets"

    def __init__(self, debate: BudgetedDebate, choices, root_claim: int, key=None,
                 levels=None):
        from .bob import budget_view, capacity

        self.choices, self.root_claim, tree = choices, root_claim, debate.tree
        if levels is not None:  # the budgets per class (verify.budgeted.paper_liar_levels)
            self.budget = lambda node, claim: levels.budget(*tree.position(node), claim)
            return
        memo: dict = {}
        subtree = (lambda node: node) if key is None else key

        def budget(node, claim):
            if tree.is_leaf(node):
                return ONE
            key = (subtree(node), claim)
            if key not in memo:
                z = self.vector(debate, node, claim)
                spec = tree.aggregators[node]
                pairs = [(zi, capacity(budget(c, zi), debate.constant(c)))
                         for c, zi in zip(tree.children[node], z)]
                if spec.symmetric:  # resolved with the tree
                    pairs.sort()  # W is the same at every permutation of the (z_i, c_i)
                memo[key] = budget_view(spec, tuple(zi for zi, _ in pairs),
                                        tuple(c for _, c in pairs)).value
            return memo[key]

        self.budget = budget

    def vector(self, debate, node, claim):
        z = self.choices[node][claim]
        return tuple(debate.values[c] for c in debate.tree.children[node]) if z is None else z

    def answer(self, debate):
        return self.root_claim, self.budget(debate.tree.root, self.root_claim)

    def decompose(self, debate, node, claim, budget):
        z = self.vector(debate, node, claim)
        kids = debate.tree.children[node]
        return z, tuple(self.budget(c, zi) for c, zi in zip(kids, z))
