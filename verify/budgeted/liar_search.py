"""Liars who sacrifice children and inflate honest siblings (ours; docs/budgeted.md, section 5).

Bob's catch probability at a lying node u is sum_i p_i catch_i with p_i = c_i t_i / W_u and
W_u <= beta(u). Two moves the committed variant never makes:

* *sacrifice*: a lying child gets budget 1 (capacity 1, the least), so it is sampled rarely;
  Theorem B1 still catches it there with probability <= 1 = 1/c_i;
* *inflate*: an honest child gets a budget above its honest one, so it absorbs Bob's
  probability (nothing can be caught below it) until W_u reaches beta(u); a lying child is
  inflated too (alone or with the other lying children), which pays
  where its own lie is caught with less than 1/c_i (while at most MAX_LYING_MOVE_STATES
  states are planned: every budget a lying child takes is a new state below it).

The budgets tried for a lying child include the one the lower bound's proof uses (docs/
budgeted.md, Proposition B1' (b)): the budget of the claim vector attaining its floor.

`sacrifice_search` is a dynamic program on (node, claim, budget) states, generated on demand:
at a lying state it tries every consistent claim vector (or, for wide aggregators, the true
values flipped on each minimal sensitive block), lying children sacrificed or at their least
passing budget, honest children at their honest budget, then inflated together or one at a
time until W_u = beta(u) (Newton's method on the concave piecewise-linear W). Every value it
returns is the exact catch probability of the concrete strategy that follows its decisions
(`SacrificeAlice`, playable by the engine): an upper bound on the worst case, never a bound
from below.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import prod

from verify.sensitivity.weighted import _minimal_masks

from .bob import budget_view, capacity
from .debaters import honest_budgets
from .engine import BudgetedDebate
from .strategy_catch import strategy_catch

ONE, ZERO = Fraction(1), Fraction(0)
ALL_VECTORS_WIDTH = 6  # up to this width every consistent claim vector is tried
NEWTON_STEPS = 30
NATURAL_BUDGETS = 4  # budgets tried per lying child: 1 and the smallest needed budgets
MAX_LIE_COMBINATIONS = 16  # beyond, every lying child takes the least or the largest
MAX_SINGLE_GROUPS = 4  # honest children moved one at a time when there are at most this many
MAX_STATES = 5_000  # states planned with recursion; later ones greedily (`_greedy`)
MAX_LYING_MOVE_STATES = 120  # lying children are inflated while at most this many are planned
GREEDY_VECTORS = 64  # claim vectors tried by the greedy step


@dataclass(frozen=True)
class SacrificeSearch:
    """The best liar of the family: its exact catch probability and root budget."""

    catch_probability_exact: Fraction
    root_budget: Fraction
    states: int
    decisions: dict  # (node, claim, budget) -> (z, child budgets)
    honest: tuple[Fraction, ...] = ()  # the honest budgets (the fallback's child budgets)

    @property
    def alice(self) -> "SacrificeAlice":
        return SacrificeAlice(self)


class SacrificeAlice:
    """Plays the search's decisions; a state it never planned (below an honest state, or
    beyond the state limit) gets the true child values with their honest budgets: honest play
    where the claim is true and the budget suffices, a caught move otherwise."""

    def __init__(self, result: SacrificeSearch):
        self.result, self.name = result, "worst found (sacrifice and inflate)"

    def answer(self, debate: BudgetedDebate) -> tuple[int, Fraction]:
        return 1 - debate.values[debate.tree.root], self.result.root_budget

    def decompose(self, debate: BudgetedDebate, node: int, claim: int, budget: Fraction):
        decision = self.result.decisions.get((node, claim, budget))
        if decision is None:
            kids = debate.tree.children[node]
            return (tuple(debate.values[c] for c in kids),
                    tuple(self.result.honest[c] for c in kids))
        return decision


class _Search:
    def __init__(self, debate: BudgetedDebate, max_states: int, tick=None):
        self.debate, self.tree, self.max_states = debate, debate.tree, max_states
        self.tick = tick or (lambda: None)
        self.honest = honest_budgets(debate)
        self.memo: dict = {}
        self.decisions: dict = {}
        self.natural: dict = {}

    def best(self, node: int, claim: int, budget: Fraction) -> Fraction:
        key = (node, claim, budget)
        if key not in self.memo:
            self.tick()
            self.memo[key] = self._solve(node, claim, budget)
        return self.memo[key]

    def _solve(self, node, claim, budget) -> Fraction:
        tree, debate = self.tree, self.debate
        if tree.is_leaf(node):
            return Fraction(int(claim != debate.oracle[tree.queries[node]]))
        kids = tree.children[node]
        truth = tuple(debate.values[c] for c in kids)
        if claim == debate.values[node] and budget >= self.honest[node]:
            self.decisions[(node, claim, budget)] = (truth, tuple(self.honest[c] for c in kids))
            return ZERO  # honest below, with an honest budget (or more)
        if len(self.memo) > self.max_states:
            return self._greedy(node, claim, budget)
        best, decision = ONE, (truth, tuple(ONE for _ in kids))
        for z in self._vectors(node, claim):
            for budgets in self._budget_choices(node, z, budget):
                value = self._value(node, z, budgets, budget)
                if value is not None and value < best:
                    best, decision = value, (z, budgets)
        self.decisions[(node, claim, budget)] = decision
        return best

    def _greedy(self, node, claim, budget) -> Fraction:
        """Beyond the state limit, without recursion: lying children sacrificed (budget 1,
        then played by the fallback, which loses there surely), honest children honest and
        inflated together; the value sum of Bob's p over the lying children is exact."""
        tree, debate = self.tree, self.debate
        kids = tree.children[node]
        truth = tuple(debate.values[c] for c in kids)
        best, decision = ONE, (truth, tuple(ONE for _ in kids))
        for count, z in enumerate(self._vectors(node, claim)):
            if count >= GREEDY_VECTORS:
                break
            wrong = {i for i, (c, zi) in enumerate(zip(kids, z)) if zi != debate.values[c]}
            if not wrong:
                continue
            start = [ONE if i in wrong or tree.is_leaf(c) else ZERO if debate.constant(c)
                     else self.honest[c] for i, c in enumerate(kids)]
            group = tuple(i for i, c in enumerate(kids) if i not in wrong
                          and not tree.is_leaf(c) and not debate.constant(c))
            budgets = tuple(self._move(node, z, start, group, budget))
            caps = tuple(capacity(b, debate.constant(c)) for c, b in zip(kids, budgets))
            view = budget_view(tree.aggregators[node], z, caps)
            if view.value > budget or view.p is None:
                continue
            value = sum((view.p[i] for i in wrong), ZERO)
            if value < best:
                best, decision = value, (z, budgets)
        self.decisions[(node, claim, budget)] = decision
        return best

    def _value(self, node, z, budgets, budget) -> Fraction | None:
        kids = self.tree.children[node]
        caps = tuple(capacity(b, self.debate.constant(c)) for c, b in zip(kids, budgets))
        view = budget_view(self.tree.aggregators[node], z, caps)
        if view.value > budget:
            return None
        if view.p is None:
            return ZERO
        return sum((p * self.best(c, zi, b) for c, zi, b, p in zip(kids, z, budgets, view.p) if p),
                   ZERO)

    def _vectors(self, node, claim):
        """Consistent claim vectors (constant children at their values); for wide nodes the
        true values and their flips on each minimal sensitive block."""
        tree, debate = self.tree, self.debate
        kids, spec = tree.children[node], tree.aggregators[node]
        truth = tuple(debate.values[c] for c in kids)
        if len(kids) <= ALL_VECTORS_WIDTH:
            vectors = product((0, 1), repeat=len(kids))
        else:
            q = len(kids)
            masks = _minimal_masks(spec, truth)  # memoised per (aggregator, truth)
            vectors = [truth] + [tuple(b ^ ((int(m) >> (q - 1 - i)) & 1)
                                       for i, b in enumerate(truth)) for m in masks]
        for z in vectors:
            if spec.evaluate(z) == claim and all(
                    not debate.constant(c) or zi in debate.ranges[c] for c, zi in zip(kids, z)):
                yield tuple(z)

    def _budget_choices(self, node, z, budget):
        """Lying children sacrificed (budget 1) or at a needed budget of their own; honest
        children at their honest budgets, then a group of them moved along
        b_i(s) = 1 + s (h_i - 1) (deflated for s < 1, inflated for s > 1) up to W = budget."""
        tree, debate = self.tree, self.debate
        kids = tree.children[node]
        free = [i for i, c in enumerate(kids) if not tree.is_leaf(c) and not debate.constant(c)]
        wrong = [i for i in free if z[i] != debate.values[kids[i]]]
        honest = [i for i in free if i not in wrong]
        base = [ONE if tree.is_leaf(c) else ZERO if debate.constant(c) else self.honest[c]
                for c in kids]
        groups = [()] + ([tuple(honest)] if honest else [])
        if 1 < len(honest) <= MAX_SINGLE_GROUPS:
            groups += [(i,) for i in honest]
        lying = [i for i in wrong if not tree.is_leaf(kids[i])]
        if lying and len(self.memo) <= MAX_LYING_MOVE_STATES:
            # a lying child inflated absorbs Bob's probability where its floor is low; every
            # budget it takes is a new state below, so these moves stop after a state budget
            groups += [tuple(lying)] + [(i,) for i in lying if len(lying) > 1]
        seen = set()
        options = [self._natural(kids[i], z[i]) for i in wrong]
        if prod(len(o) for o in options) > MAX_LIE_COMBINATIONS:
            options = [tuple(dict.fromkeys(o[:2] + o[-1:])) for o in options]
        for chosen in product(*options):
            start = list(base)
            for i, b in zip(wrong, chosen):
                start[i] = b
            for group in groups:
                budgets = tuple(self._move(node, z, start, group, budget))
                if budgets not in seen:
                    seen.add(budgets)
                    yield budgets

    def _natural(self, node, claim) -> tuple[Fraction, ...]:
        """Budgets tried for a lying child: 1 (sacrificed), the budget of its floor's claim
        vector (the budget Proposition B1' (b)'s floor is attained with: the vector of least
        sum of Bob's p over the wrong children at capacities 1; docs/budgeted.md, section 5),
        then the needed budgets W of its other claim vectors at capacities 1, the smallest
        first, NATURAL_BUDGETS in all. Order: 1, the floor's budget, the others ascending."""
        key = (node, claim)
        if key not in self.natural:
            kids, spec = self.tree.children[node], self.tree.aggregators[node]
            floor = tuple(ZERO if self.debate.constant(c) else ONE for c in kids)
            truth = tuple(self.debate.values[c] for c in kids)
            views = [(budget_view(spec, z, floor), z) for z in self._vectors(node, claim)]
            values = sorted({v.value for v, _ in views if v.value > 1})
            best = min(((sum((p for p, zi, ti in zip(v.p, z, truth) if zi != ti), ZERO),
                         v.value) for v, z in views if v.p is not None), default=None)
            first = (ONE,) + ((best[1],) if best is not None and best[1] > 1 else ())
            self.natural[key] = tuple(dict.fromkeys(first + tuple(values)))[:NATURAL_BUDGETS]
        return self.natural[key]

    def _move(self, node, z, start, group, target) -> list:
        """The largest s >= 0 on the path b_i(s) = 1 + s d_i (i in group; d_i = h_i - 1, or 1
        if every h_i is 1) with W(s) <= target, by Newton's method on the concave piecewise-
        linear W(s): the tangent t . c(s) lies above W, so every step keeps W <= target. If
        even s = 0 fails, the start budgets are returned (the caller sees W > target)."""
        if not group:
            return list(start)
        kids, spec = self.tree.children[node], self.tree.aggregators[node]
        steps = {i: start[i] - 1 for i in group}
        if not any(steps.values()):
            steps = {i: ONE for i in group}
        scale, budgets = ZERO, None
        for _ in range(NEWTON_STEPS):
            trial = [1 + scale * steps[i] if i in steps else b for i, b in enumerate(start)]
            caps = tuple(capacity(b, self.debate.constant(c)) for c, b in zip(kids, trial))
            view = budget_view(spec, z, caps)
            if view.value > target:
                break
            budgets = trial
            slope = sum((view.dual[i] * steps[i] for i in group), ZERO)
            if view.value == target or slope == 0:
                break
            scale += (target - view.value) / slope
        return list(start) if budgets is None else budgets


def sacrifice_search(debate: BudgetedDebate, max_states: int = MAX_STATES,
                     tick=None) -> SacrificeSearch:
    """The best sacrifice-and-inflate liar with root budget beta_max (module docstring); its
    catch probability is the engine's exact evaluation of the strategy played. `tick`, if
    given, is called once per state searched (a progress counter)."""
    search = _Search(debate, max_states, tick)
    root, lie = debate.tree.root, 1 - debate.values[debate.tree.root]
    budget = debate.beta_max
    if not (debate.constant(root) and lie not in debate.ranges[root]):
        search.best(root, lie, budget)
    result = SacrificeSearch(ONE, budget, len(search.memo), dict(search.decisions),
                             search.honest)
    catch = strategy_catch(debate, result.alice, search.honest)
    return SacrificeSearch(catch, budget, len(search.memo), result.decisions, search.honest)
