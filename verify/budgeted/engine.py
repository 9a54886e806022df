"""The Budgeted FBS Debate engine (this project's extension; docs/budgeted.md, section 1).

Public: the visible tree T, the threshold beta_max. Bob knows R(v), the values each subtree
can take (verify.budgeted.ranges). Alice claims a bit a(u) and a budget beta(u) >= 0.

Initialization: Alice outputs a(root) and beta(root). She loses if the root is constant and
a(root) is not its value (`root_constant`), or if beta(root) > beta_max (`root_budget`).
At an internal node u with claim a(u) and budget beta(u):
  1. Alice gives the child claims z and child budgets beta_1..beta_q (a leaf's budget is 1);
  2. consistency: phi_u(z) = a(u), else she loses (`consistency`);
  3. constant children: z_i = the value of every constant child i, else she loses
     (`constant_child`); such a child gets capacity c_i = 0, any other c_i = max(beta_i, 1);
  4. budget check: beta(u) >= W_u (verify.budgeted.bob), else she loses (`budget_check`);
  5. if W_u = 0 the run ends in her favour (`no_charge`: then a(u) is correct, see the proof);
     otherwise Bob samples child i with p_i = c_i t_i / W_u and the debate continues at
     child i with claim z_i and budget beta_i.
At a leaf: Alice wins iff her claim equals O(q_leaf) (`leaf_check`).

`step` is the single source of these rules: single runs, the state graph for exact catch
probabilities and vectorised sampling (verify.protocol.sampling), the worst-case searches and
the completeness enumeration all go through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import parse_fraction
from verify.protocol.engine import ALICE_WINS, BOB_WINS, LEAF_CHECK, StateGraph, pick
from verify.trees.model import Tree
from verify.trees.oracles import node_values

from .bob import budget_view, capacity
from .ranges import is_constant, subtree_ranges

ROOT_CONSTANT, ROOT_BUDGET = "root_constant", "root_budget"
CONSISTENCY, CONSTANT_CHILD, BUDGET_CHECK, NO_CHARGE = ("consistency", "constant_child",
                                                        "budget_check", "no_charge")
ONE = Fraction(1)


MAX_BETA_MAX = 10**6  # the public threshold beta_max (the same limit as the planner's)


def parse_budget(text, what: str = "beta_max") -> Fraction:
    """A budget as an exact Fraction from "4", "25/4" or "6.25"; BadInput if malformed or < 0,
    TooLarge above MAX_BETA_MAX (refused before any work)."""
    value = parse_fraction(text, what)
    if value > MAX_BETA_MAX:
        raise TooLarge(f"{what} must be at most 10^6 (the budgeted protocol's limit), got "
                       f"{str(text)[:40]}")
    return value


def parse_beta_max(text) -> Fraction:
    """A threshold a user gives: beta_max > 0 (docs/budgeted.md, section 1); BadInput for 0 or
    less (a threshold of 0 would make every root budget fail, the honest one included)."""
    value = parse_budget(text)
    if value <= 0:
        raise BadInput(f"beta_max must be positive (docs/budgeted.md: beta_max > 0), got "
                       f"{str(text)[:40]}")
    return value


@dataclass(frozen=True)
class BudgetedDebate:
    """One instance: tree, oracle, the public threshold beta_max, true values, Bob's R(v)."""

    tree: Tree
    oracle: dict[str, int]
    beta_max: Fraction
    values: tuple[int, ...]  # val_O(u)
    ranges: tuple[frozenset, ...]  # R(v): the values F_{T_v} can take over all oracles
    rule: str = "vertex"  # Bob's optimal dual: the certified solver's vertex
    honest: Sequence | None = None  # the honest budgets when known per class (a described
    # tree, verify.budgeted.described); None: computed from the listed tree when asked

    @classmethod
    def create(cls, tree: Tree, oracle: dict[str, int], beta_max) -> "BudgetedDebate":
        return cls(tree, oracle, parse_budget(beta_max), tuple(node_values(tree, oracle)),
                   subtree_ranges(tree))

    @property
    def guarantee(self) -> Fraction:
        """min(1, 1/beta_max): our soundness theorem's bound on P[a lying Alice loses]."""
        return ONE if self.beta_max <= 1 else ONE / self.beta_max

    def constant(self, node: int) -> bool:
        return is_constant(self.ranges, node)


class BudgetedAlice(Protocol):
    """A debater for the Alice role: (bit, budget) at the root, (z, child budgets) per state."""

    name: str

    def answer(self, debate: BudgetedDebate) -> tuple[int, Fraction]: ...

    def decompose(self, debate: BudgetedDebate, node: int, claim: int,
                  budget: Fraction) -> tuple[tuple[int, ...], tuple[Fraction, ...]]: ...


@dataclass(frozen=True)
class BudgetedStep:
    """One round at a node: Alice's claim and budget, her decomposition, Bob's checks."""

    node: int
    claim: int
    budget: Fraction
    z: tuple[int, ...] | None = None  # None at leaves and at failed root checks
    child_budgets: tuple[Fraction, ...] | None = None
    capacities: tuple[Fraction, ...] | None = None
    consistent: bool | None = None
    needed: Fraction | None = None  # W_u
    p: tuple[Fraction, ...] | None = None
    oracle: int | None = None  # leaf: O(q_u)
    outcome: str | None = None  # None: the debate continues below
    reason: str | None = None

    @property
    def caught(self) -> bool:
        return self.outcome == BOB_WINS


def root_step(debate: BudgetedDebate, claim: int, budget: Fraction) -> BudgetedStep | None:
    """The initialization checks; a losing step, or None if Alice passes them."""
    root = debate.tree.root
    if debate.constant(root) and claim not in debate.ranges[root]:
        return BudgetedStep(root, claim, budget, outcome=BOB_WINS, reason=ROOT_CONSTANT)
    if budget > debate.beta_max:
        return BudgetedStep(root, claim, budget, outcome=BOB_WINS, reason=ROOT_BUDGET)
    return None


def step(debate: BudgetedDebate, node: int, claim: int, budget: Fraction,
         decomposition=None) -> BudgetedStep:
    """Apply the protocol's checks at `node` (decomposition = (z, child budgets) if internal)."""
    tree = debate.tree
    if tree.is_leaf(node):
        answer = debate.oracle[tree.queries[node]]
        return BudgetedStep(node, claim, budget, oracle=answer, reason=LEAF_CHECK,
                            outcome=ALICE_WINS if claim == answer else BOB_WINS)
    kids = tree.children[node]
    z, budgets = _decomposition(decomposition, len(kids), tree.ids[node])
    budgets = tuple(ONE if tree.is_leaf(c) else b for c, b in zip(kids, budgets))
    base = dict(node=node, claim=claim, budget=budget, z=z, child_budgets=budgets)
    if tree.aggregators[node].evaluate(z) != claim:
        return BudgetedStep(**base, consistent=False, outcome=BOB_WINS, reason=CONSISTENCY)
    if any(debate.constant(c) and zi not in debate.ranges[c] for c, zi in zip(kids, z)):
        return BudgetedStep(**base, consistent=True, outcome=BOB_WINS, reason=CONSTANT_CHILD)
    capacities = tuple(capacity(b, debate.constant(c)) for c, b in zip(kids, budgets))
    view = budget_view(tree.aggregators[node], z, capacities)
    base.update(capacities=capacities, consistent=True, needed=view.value)
    if budget < view.value:
        return BudgetedStep(**base, outcome=BOB_WINS, reason=BUDGET_CHECK)
    if view.p is None:
        return BudgetedStep(**base, outcome=ALICE_WINS, reason=NO_CHARGE)
    return BudgetedStep(**base, p=view.p)


def _decomposition(decomposition, width: int, node_id: str):
    try:
        z, budgets = decomposition
        z = tuple(int(b) for b in z)
        budgets = tuple(Fraction(b) for b in budgets)
    except (TypeError, ValueError):
        raise BadInput(f"node {node_id!r}: Alice must give (claim vector, child budgets)") from None
    if len(z) != width or len(budgets) != width or any(b not in (0, 1) for b in z):
        raise BadInput(f"node {node_id!r}: Alice's claim vector and budgets must have "
                       f"{width} entries each, claims 0 or 1")
    if any(b < 0 for b in budgets):
        raise BadInput(f"node {node_id!r}: budgets must be >= 0")
    return z, budgets


def compile_states(debate: BudgetedDebate, alice: BudgetedAlice, rules=None) -> StateGraph:
    """All (node, claim, budget) states reachable with positive probability, breadth-first
    (`rules(debate, node, claim, budget, decomposition)` replaces `step`: the mixed protocol)."""
    rules = step if rules is None else rules
    claim, budget = alice.answer(debate)
    budget = Fraction(budget)
    tree = debate.tree
    failed = root_step(debate, claim, budget)
    if failed is not None:
        return StateGraph([failed], [()], claim)
    index = {(tree.root, claim, budget): 0}
    order, steps, nexts, head = [(tree.root, claim, budget)], [], [], 0
    while head < len(order):
        node, claim_here, budget_here = order[head]
        head += 1
        decomposition = None if tree.is_leaf(node) else alice.decompose(debate, node, claim_here,
                                                                        budget_here)
        current = rules(debate, node, claim_here, budget_here, decomposition)
        steps.append(current)
        following = []
        if current.outcome is None:
            for child, zi, bi, pi in zip(tree.children[node], current.z, current.child_budgets,
                                         current.p):
                if not pi:
                    following.append(-1)
                    continue
                key = (child, zi, bi)
                if key not in index:
                    index[key] = len(order)
                    order.append(key)
                following.append(index[key])
        nexts.append(tuple(following))
    return StateGraph(steps, nexts, claim)


def run_once(debate: BudgetedDebate, alice: BudgetedAlice, uniforms) -> list[BudgetedStep]:
    """One run; Bob's k-th sample uses uniforms[k] (the sampler's row, verify.protocol.sampling)."""
    claim, budget = alice.answer(debate)
    failed = root_step(debate, claim, Fraction(budget))
    if failed is not None:
        return [failed]
    node, budget, steps = debate.tree.root, Fraction(budget), []
    while True:
        decomposition = None if debate.tree.is_leaf(node) else alice.decompose(
            debate, node, claim, budget)
        current = step(debate, node, claim, budget, decomposition)
        steps.append(current)
        if current.outcome is not None:
            return steps
        i = pick(current.p, float(uniforms[len(steps) - 1]))
        node, claim, budget = debate.tree.children[node][i], current.z[i], current.child_budgets[i]
