"""The FBS Debate protocol engine, exactly as the protocol box of paper Section 4.

Initialization: Alice outputs A(x). At each internal node x_hat (level k = d .. 1):
  1. Alice outputs z = (z_1..z_q); Alice loses unless M_D(x_hat, y, z) = A(x_hat)
     (the consistency check);
  2. Bob computes fbs_z(M_D(x_hat, y, .)) by the dual LP; Alice loses if it exceeds rho;
  3. Bob samples child i with p_i = t_i / sum_j t_j (t: optimal dual chosen by Bob's rule,
     verify.protocol.bob_rules) and the debate continues at y_i with A(y_i) = z_i.
At a leaf (level 0): Alice wins iff her claim equals O(q_leaf).

The sub-problems y are the tree's (Definition 3.2). Where the tree offers a menu of
alternative decompositions (verify.trees.menus), Alice's step 1 also chooses one of them
(`Alice.choose`); Bob's checks then apply to the chosen decomposition, and the level is not
consumed by the choice. Elsewhere Alice chooses only her answers.
Constant aggregator (fbs = 0, docs/notes.md, section 1): the consistency check has already forced
Alice's claim to equal the constant, which is the node's true value; Bob has no
distribution, and the simulator ends the run in Alice's favour (reason
"constant_aggregator"): she cannot be caught below that node.

`step` is the single source of the protocol's rules: the one-run engine (`run_once`), the
state graph used for exact probabilities and vectorised sampling (`compile_states`), the
completeness enumeration and the worst-case DP's strategy replay all go through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol

import numpy as np

from verify.base.errors import BadInput
from verify.base.numbers import parse_fraction
from verify.trees.model import Tree
from verify.trees.oracles import node_values

from .bob_rules import bob_view, check_rule
from .cost import CountingOracle, RunCost, by_closed_form, lp_size, measured, path_cost

ALICE_WINS, BOB_WINS = "alice_wins", "bob_wins"
CONSISTENCY, FBS_CHECK, CONSTANT, LEAF_CHECK = ("consistency", "fbs_check",
                                                "constant_aggregator", "leaf_check")


def parse_rho(text) -> Fraction:
    """rho as an exact Fraction from "4", "7/2" or "2.5"; BadInput if malformed or < 1."""
    rho = parse_fraction(text, "rho", allow_negative=True)
    if rho < 1:
        raise BadInput(f"rho must be >= 1 (fbs of a non-constant aggregator is >= 1), got {text}")
    return rho


@dataclass(frozen=True)
class Debate:
    """One debate instance: tree, oracle, rho, Bob's rule, and the true node values."""

    tree: Tree
    oracle: dict[str, int]
    rho: Fraction
    rule: str
    values: tuple[int, ...]  # val_O(u) = L(x_u)
    cache: dict = field(default_factory=dict, compare=False, repr=False)  # derived data

    @classmethod
    def create(cls, tree: Tree, oracle: dict[str, int], rho, rule: str = "vertex") -> "Debate":
        """Validate the pieces (oracle covers the leaves, rho >= 1, known rule)."""
        return cls(tree, oracle, parse_rho(rho), check_rule(rule), tuple(node_values(tree, oracle)))

    def truth(self, node: int) -> tuple[int, ...]:
        """The correct answers z* to the children of an internal node."""
        return tuple(self.values[c] for c in self.tree.children[node])

    @property
    def theorem_bound(self) -> Fraction:
        """rho^-d (Theorem 4.2), d = the tree's (maximum) depth."""
        return Fraction(1) / self.rho ** self.tree.depth


class Alice(Protocol):
    """A debater for the Alice role: a top answer, an alternative per (menu node, claim) and a
    claim vector per (decomposition node, claim)."""

    name: str

    def answer(self, debate: Debate) -> int: ...

    def choose(self, debate: Debate, node: int, claim: int) -> int: ...

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]: ...


def move(alice: Alice, debate: Debate, node: int, claim: int):
    """Alice's step 1 at a node: (alternative or None, z or None at a leaf)."""
    tree = debate.tree
    if tree.is_leaf(node):
        return None, None
    if tree.is_menu(node):
        alternative = alice.choose(debate, node, claim)
        return alternative, alice.decompose(debate, tree.children[node][alternative], claim)
    return None, alice.decompose(debate, node, claim)


@dataclass(frozen=True)
class Step:
    """One round at a node: Alice's claim (and z), Bob's checks and distribution."""

    node: int
    claim: int
    z: tuple[int, ...] | None = None  # None at leaves
    consistent: bool | None = None
    fbs: Fraction | None = None
    fbs_ok: bool | None = None
    p: tuple[Fraction, ...] | None = None
    oracle: int | None = None  # leaf: O(q_u)
    outcome: str | None = None  # None: the debate continues below
    reason: str | None = None
    alice_queries: int = 0  # oracle reads Alice made to produce z (verify.protocol.cost)
    alice_work: int | None = None  # her work units for this move (None: she keeps no counter)
    lp: tuple[int, int] | None = None  # Definition 3.4's LP (variables, constraints) at z
    closed_form: bool = False  # Bob's fbs came from the symmetric closed form: no LP solved
    judge_queries: int = 0  # the judge's counted oracle reads at a leaf (through `play`)
    alternative: int | None = None  # at a menu node: the decomposition Alice chose (0-based)

    @property
    def caught(self) -> bool:
        return self.outcome == BOB_WINS

    def decomposition(self, tree: Tree) -> int:
        """The node whose aggregator was checked: the chosen alternative at a menu node."""
        return self.node if self.alternative is None else tree.children[self.node][self.alternative]

    def sub_problems(self, tree: Tree) -> tuple[int, ...]:
        """The children y_1..y_q of the checked decomposition (Bob samples among them)."""
        return tree.children[self.decomposition(tree)]


def step(debate: Debate, node: int, claim: int, z: tuple[int, ...] | None = None,
         alternative: int | None = None) -> Step:
    """Apply the protocol's checks at `node` where Alice defends `claim` with vector z (at a
    menu node, z is for the alternative she chose)."""
    tree = debate.tree
    if tree.is_menu(node):
        options = tree.children[node]
        if type(alternative) is not int or not 0 <= alternative < len(options):
            raise BadInput(f"node {tree.ids[node]!r}: Alice must choose an alternative in "
                           f"0..{len(options) - 1}, got {alternative!r}")
        return replace(step(debate, options[alternative], claim, z), node=node,
                       alternative=alternative)
    if tree.is_leaf(node):
        answer = debate.oracle[tree.queries[node]]
        won = claim == answer
        return Step(node, claim, oracle=answer, outcome=ALICE_WINS if won else BOB_WINS,
                    reason=LEAF_CHECK)
    spec = tree.aggregators[node]  # resolved when the tree was read
    z = _claim_vector(z, tree.width(node), tree.ids[node])
    if spec.evaluate(z) != claim:
        return Step(node, claim, z, consistent=False, outcome=BOB_WINS, reason=CONSISTENCY)
    view, lp = bob_view(spec, z, debate.rule), lp_size(spec, z)
    closed = by_closed_form(spec)
    if view.fbs > debate.rho:
        return Step(node, claim, z, True, view.fbs, False, outcome=BOB_WINS, reason=FBS_CHECK,
                    lp=lp, closed_form=closed)
    if view.p is None:
        return Step(node, claim, z, True, view.fbs, True, outcome=ALICE_WINS, reason=CONSTANT,
                    lp=lp, closed_form=closed)
    return Step(node, claim, z, True, view.fbs, True, view.p, lp=lp, closed_form=closed)


def _claim_vector(z, width: int, node_id: str) -> tuple[int, ...]:
    if z is None or len(z) != width or any(b not in (0, 1) for b in z):
        raise BadInput(f"node {node_id!r}: Alice's claim vector must be {width} bits, got {z!r}")
    return tuple(int(b) for b in z)


def cumulative(p) -> np.ndarray:
    """Float cumulative distribution used for sampling (the exact p is reported separately)."""
    return np.cumsum(np.array([float(x) for x in p], dtype=np.float64))


def pick(p, u: float) -> int:
    """The child i with cum_{i-1} <= u < cum_i (zero-probability children never chosen)."""
    cum = cumulative(p)
    last = max(i for i, x in enumerate(p) if x > 0)
    return min(int(np.count_nonzero(cum <= u)), last)


@dataclass(frozen=True)
class Run:
    """One debate run: the steps along the sampled path, the chosen children, the outcome."""

    answer: int
    steps: tuple[Step, ...]
    choices: tuple[int, ...]
    outcome: str
    answer_queries: int = 0  # oracle reads Alice made for her top answer
    answer_work: int | None = None

    @property
    def caught(self) -> bool:
        return self.outcome == BOB_WINS

    @property
    def cost(self) -> RunCost:
        """Counted oracle reads (Alice, judge), Alice's work and Bob's LPs (Theorem 4.1)."""
        return path_cost(self.answer_queries, self.answer_work, self.steps)


def metered(debate: Debate) -> Debate:
    """The debate with its oracle wrapped in a fresh CountingOracle."""
    return replace(debate, oracle=CountingOracle(debate.oracle))


def play(debate: Debate, alice: Alice, node: int, claim: int) -> Step:
    """Alice's move at (node, claim) and the protocol's checks, with her counted oracle reads
    (debate.oracle must be a CountingOracle; the judge's leaf read is not hers)."""
    if debate.tree.is_leaf(node):
        before = debate.oracle.calls
        current = step(debate, node, claim)
        return _with(current, judge_queries=debate.oracle.calls - before)
    (alternative, z), queries, work = measured(alice, debate.oracle, move, alice, debate, node,
                                               claim)
    current = step(debate, node, claim, z, alternative)
    if queries == 0 and work is None:  # the defaults: nothing to record
        return current
    return _with(current, alice_queries=queries, alice_work=work)


def _with(current: Step, **changes) -> Step:
    """dataclasses.replace for a Step without its per-field checks (Step has no
    __post_init__; the state graphs make one copy a state, most of them at leaves)."""
    copy = object.__new__(Step)
    copy.__dict__.update(current.__dict__, **changes)
    return copy


def run_once(debate: Debate, alice: Alice, uniforms) -> Run:
    """One run of the protocol; Bob's k-th sample uses uniforms[k] (u in [0, 1)).

    Alice sees the oracle through a CountingOracle: `Run.cost` holds her counted reads."""
    debate = metered(debate)
    answer, answer_queries, answer_work = measured(alice, debate.oracle, alice.answer, debate)
    node, claim = debate.tree.root, answer
    steps, choices = [], []
    while True:
        current = play(debate, alice, node, claim)
        steps.append(current)
        if current.outcome is not None:
            return Run(answer, tuple(steps), tuple(choices), current.outcome, answer_queries,
                       answer_work)
        i = pick(current.p, float(uniforms[len(choices)]))
        choices.append(i)
        node, claim = current.sub_problems(debate.tree)[i], current.z[i]


@dataclass
class StateGraph:
    """All (node, claim) states reachable with positive probability under a strategy.

    States are in breadth-first order (parents first). next_state[s][i] is the state of
    child i, or -1 if p_i = 0 (never visited). Used for exact probabilities and sampling.
    """

    steps: list[Step]
    next_state: list[tuple[int, ...]]
    answer: int
    answer_queries: int = 0  # Alice's counted oracle reads for her top answer
    answer_work: int | None = None

    def catch_probability(self) -> Fraction:
        """Exact probability that Bob wins, from the root state (dynamic programming)."""
        value = [Fraction(0)] * len(self.steps)
        for s in reversed(range(len(self.steps))):
            current = self.steps[s]
            if current.outcome is not None:
                value[s] = Fraction(int(current.caught))
            else:
                value[s] = sum((pi * value[t] for pi, t in zip(current.p, self.next_state[s])
                                if pi), Fraction(0))
        return value[0]

    def cost_maxima(self) -> RunCost:
        """Each cost measure's maximum over the runs of positive probability (exact, by a
        longest-path DP: states are breadth-first, children after parents)."""
        best: list[RunCost | None] = [None] * len(self.steps)
        for s in reversed(range(len(self.steps))):
            own = path_cost(0, 0, [self.steps[s]])
            below = [best[t] for t in self.next_state[s] if t >= 0]
            best[s] = own if not below else _combine(own, below)
        root = best[0]
        work = None if root.alice_work is None or self.answer_work is None else \
            root.alice_work + self.answer_work
        return replace(root, alice_queries=root.alice_queries + self.answer_queries,
                       alice_work=work)


def _combine(own: RunCost, below: list[RunCost]) -> RunCost:
    """own + the per-measure maximum of the continuations (sums along paths, max of sizes)."""
    def top(name):
        return max(getattr(c, name) for c in below)

    works = [c.alice_work for c in below]
    work = None if own.alice_work is None or None in works else own.alice_work + max(works)
    return RunCost(own.alice_queries + top("alice_queries"), own.judge_queries + top("judge_queries"),
                   work, own.rounds + top("rounds"), own.lp_solves + top("lp_solves"),
                   max(own.lp_variables_max, top("lp_variables_max")),
                   max(own.lp_constraints_max, top("lp_constraints_max")),
                   own.closed_forms + top("closed_forms"))


def compile_states(debate: Debate, alice: Alice) -> StateGraph:
    """Breadth-first expansion of Alice's strategy through `step` (her oracle reads counted)."""
    debate = metered(debate)
    answer, answer_queries, answer_work = measured(alice, debate.oracle, alice.answer, debate)
    tree = debate.tree
    index = {(tree.root, answer): 0}
    order, steps, nexts = [(tree.root, answer)], [], []
    head = 0
    while head < len(order):
        node, claim = order[head]
        head += 1
        current = play(debate, alice, node, claim)
        steps.append(current)
        following = []
        if current.outcome is None:
            for child, zi, pi in zip(current.sub_problems(tree), current.z, current.p):
                if not pi:
                    following.append(-1)
                    continue
                key = (child, zi)
                if key not in index:
                    index[key] = len(order)
                    order.append(key)
                following.append(index[key])
        nexts.append(tuple(following))
    return StateGraph(steps, nexts, answer, answer_queries, answer_work)
