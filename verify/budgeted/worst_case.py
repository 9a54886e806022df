"""Worst-case liars against Budgeted FBS Debate (ours; docs/budgeted.md, section 4).

Budgets enlarge the liar's strategy space (any rational budget at every node), so the exact
worst case is computed where it is finite and searched elsewhere; every value is exact, and
each is compared with the soundness bound min(1, 1/beta(root)) (docs/budgeted.md, Theorem B1):

* `committed_worst_case`: the committed variant, where Alice fixes a bit at every node and
  Bob computes the budgets from them. Exact minimum over ALL such strategies, bottom-up over
  outcome tables: for each subtree and each (claim, budget) of its root only the least catch
  probability is kept, which is exact because a parent's checks and distribution depend on a
  child only through its (claim, budget) and its catch probability enters linearly with a
  non-negative coefficient.
* `grid_worst_case`: adaptive strategies that state budgets from a finite grid. Exact minimum
  over that class by a dynamic program on (node, claim, budget); memoryless deterministic
  strategies suffice (the objective is linear in any randomisation).
* `random_search`: seeded random adaptive strategies (random claim vectors, budgets deflated,
  inflated, fractional, honest), each evaluated exactly through the engine's state graph.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import prod

import numpy as np

from verify.base.errors import TooLarge
from verify.sensitivity.blocks import bits_to_index, minimal_sensitive_masks
from verify.sensitivity.exact_fbs import certified_fbs

from .bob import budget_view, capacity
from .debaters import CommittedAlice, committed_budgets, distinct_honest
from .described import internal_groups
from .engine import BudgetedDebate, compile_states

ONE, ZERO = Fraction(1), Fraction(0)
MAX_COMBINATIONS = 2_000_000  # child-outcome combinations examined, over the whole tree
MAX_DEFAULT_GRID = 10_000  # budgets in the default grid (it holds every integer to beta_max)


def bound(budget: Fraction) -> Fraction:
    """min(1, 1/beta): what Theorem B1 guarantees against a liar who claims budget beta."""
    return ONE if budget <= 1 else ONE / budget


@dataclass(frozen=True)
class CommittedWorstCase:
    """The best committed liar: exact catch probability, its strategy and root budget."""

    catch_probability_exact: Fraction
    alice: CommittedAlice
    root_budget: Fraction
    outcomes: int  # (node, claim, budget) entries kept over the tree
    combinations: int  # child-outcome combinations examined


def committed_worst_case(debate: BudgetedDebate,
                         max_combinations: int = MAX_COMBINATIONS) -> CommittedWorstCase:
    """Exact minimum over committed strategies of Bob's catch probability (lying root)."""
    tree, tables, examined = debate.tree, [None] * debate.tree.n_nodes, 0
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if not kids:
            answer = debate.oracle[tree.queries[node]]
            tables[node] = {(a, ONE): (Fraction(int(a != answer)), ()) for a in (0, 1)}
            continue
        options = [sorted(tables[c]) for c in kids]
        examined += prod(len(o) for o in options)
        if examined > max_combinations:
            raise TooLarge(f"the committed worst case examines more than {max_combinations} "
                           f"combinations on this tree ({tree.n_nodes} nodes): it is for small "
                           "trees")
        tables[node] = _node_table(debate, node, options, tables)
    catch, key = _best_root(debate, tables[tree.root])
    claims = _claims(tree, tables, key)
    alice = CommittedAlice.from_claims(debate, claims, name="worst (committed)")
    return CommittedWorstCase(catch, alice, key[1], sum(len(t) for t in tables), examined)


def _node_table(debate, node, options, tables) -> dict:
    """(claim, budget) -> (least catch probability, the children's (claim, budget) keys)."""
    tree = debate.tree
    kids, spec = tree.children[node], tree.aggregators[node]
    table: dict = {}
    for combo in product(*options):
        z = tuple(key[0] for key in combo)
        caps = tuple(capacity(key[1], debate.constant(c)) for c, key in zip(kids, combo))
        view = budget_view(spec, z, caps)
        passes = all(not debate.constant(c) or zi in debate.ranges[c] for c, zi in zip(kids, z))
        through = ZERO if view.p is None else sum(
            (p * tables[c][key][0] for c, key, p in zip(kids, combo, view.p) if p), ZERO)
        for claim in (0, 1):
            if claim != spec.evaluate(z) or not passes:
                catch = ONE
            else:
                catch = through
            entry = (claim, view.value)
            if entry not in table or catch < table[entry][0]:
                table[entry] = (catch, combo)
    return table


def _best_root(debate: BudgetedDebate, table: dict) -> tuple[Fraction, tuple]:
    root, lie = debate.tree.root, 1 - debate.values[debate.tree.root]
    best = None
    for (claim, budget), (catch, _) in sorted(table.items()):
        if claim != lie:
            continue
        if (debate.constant(root) and claim not in debate.ranges[root]) or budget > debate.beta_max:
            catch = ONE
        if best is None or (catch, budget) < best[0]:
            best = ((catch, budget), (claim, budget))
    return best[0][0], best[1]


def _claims(tree, tables, root_key) -> list[int]:
    """The committed bits that realise a root entry (following the stored child keys)."""
    claims, stack = [0] * tree.n_nodes, [(tree.root, root_key)]
    while stack:
        node, key = stack.pop()
        claims[node] = key[0]
        stack.extend(zip(tree.children[node], tables[node][key][1]))
    return claims


# ----------------------------------------------------------------------------- a budget grid


@dataclass(frozen=True)
class GridWorstCase:
    """The best adaptive liar whose stated budgets lie in `grid` (exact over that class)."""

    catch_probability_exact: Fraction
    root_budget: Fraction | None  # None: no grid budget passes, she loses at the root
    grid: tuple[Fraction, ...]
    states: int  # (node, claim, budget) states solved
    invariant_holds: bool  # catch(u, a, b) >= min(1, 1/b) at every lying state
    decisions: tuple = ()  # per node: {(claim, budget): (z, child budgets)} of the best liar

    @property
    def alice(self) -> "GridAlice":
        """The optimal grid strategy, playable by the engine."""
        return GridAlice(self)


class GridAlice:
    """Plays the dynamic program's decisions (an adaptive strategy: they depend on the state)."""

    def __init__(self, result: GridWorstCase):
        self.result, self.name = result, "worst (budget grid)"

    def answer(self, debate: BudgetedDebate) -> tuple[int, Fraction]:
        root_budget = self.result.root_budget
        return 1 - debate.values[debate.tree.root], debate.beta_max + 1 if root_budget is None \
            else root_budget

    def decompose(self, debate: BudgetedDebate, node: int, claim: int, budget: Fraction):
        decision = self.result.decisions[node].get((claim, budget))
        if decision is None:  # no grid decision passes here: any vector loses
            kids = debate.tree.children[node]
            return tuple(debate.values[c] for c in kids), tuple(ONE for _ in kids)
        return decision


def default_grid(debate: BudgetedDebate) -> tuple[Fraction, ...]:
    """0, 1/2, 1, the honest budgets, the integers up to ceil(beta_max) and beta_max."""
    top = int(debate.beta_max) + 1
    if top > MAX_DEFAULT_GRID:  # decided before the grid is built
        raise TooLarge(f"the default budget grid holds every integer up to beta_max; beta_max "
                       f"above {MAX_DEFAULT_GRID - 1} is beyond it")
    values = {ZERO, Fraction(1, 2), ONE, debate.beta_max} | distinct_honest(debate)
    values |= {Fraction(k) for k in range(2, top + 1)}
    return tuple(sorted(values))


def grid_worst_case(debate: BudgetedDebate, grid=None,
                    max_combinations: int = MAX_COMBINATIONS) -> GridWorstCase:
    """min over strategies with grid budgets: catch(u, a, b) by a DP, children first."""
    tree = debate.tree
    grid = tuple(sorted(set(Fraction(g) for g in (grid or default_grid(debate)))))
    predicted = grid_combinations(debate, grid)
    if predicted > max_combinations:  # decided before any work
        raise TooLarge(f"the grid search would examine {predicted} combinations, more than "
                       f"{max_combinations}")
    catch: list[dict] = [{} for _ in range(tree.n_nodes)]
    decisions: list[dict] = [{} for _ in range(tree.n_nodes)]
    examined, holds = 0, True
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if not kids:
            answer = debate.oracle[tree.queries[node]]
            catch[node] = {(a, ONE): Fraction(int(a != answer)) for a in (0, 1)}
            continue
        choices = _grid_choices(debate, node, grid)
        examined += (1 << len(kids)) * prod(len(c) for c in choices)
        catch[node], decisions[node] = _grid_node(debate, node, choices, grid, catch)
        for (claim, budget), value in catch[node].items():
            if claim != debate.values[node] and value < bound(budget):
                holds = False
    root, lie = tree.root, 1 - debate.values[tree.root]
    candidates = [(catch[root][(lie, b)], b) for b in grid if b <= debate.beta_max]
    if debate.constant(root) and lie not in debate.ranges[root]:
        candidates = [(ONE, b) for _, b in candidates]
    best = min(candidates, default=(ONE, None))
    return GridWorstCase(best[0], best[1], grid, sum(len(c) for c in catch), holds,
                         tuple(decisions))


def _grid_choices(debate, node, grid):
    return [(ONE,) if debate.tree.is_leaf(c) else (ZERO,) if debate.constant(c) else grid
            for c in debate.tree.children[node]]


def grid_combinations(debate: BudgetedDebate, grid) -> int:
    """The (claim vector, child budgets) combinations the grid DP examines, before any work."""
    return sum(count * (1 << len(debate.tree.children[n])) *
               prod(len(c) for c in _grid_choices(debate, n, grid))
               for n, count in internal_groups(debate))


def _grid_node(debate, node, choices, grid, catch) -> dict:
    """catch(node, a, b) for every claim a and grid budget b: the least catch over the
    (z, child budgets) combinations with phi(z) = a and W_u <= b, ties to the first
    combination in (z, budgets) order. Each combination is filed once under the least grid
    budget that admits it; a running minimum over the grid then gives every b."""
    tree = debate.tree
    kids, spec = tree.children[node], tree.aggregators[node]
    constant = [debate.constant(c) for c in kids]
    options = [(budgets, tuple(capacity(b, k) for b, k in zip(budgets, constant)))
               for budgets in product(*choices)]
    first_budget: dict = {}  # W_u -> index of the least grid budget >= W_u
    filed: dict = {}  # (claim, grid index) -> (catch, order, (z, budgets)), least first
    order = 0
    for z in product((0, 1), repeat=len(kids)):
        if any(k and zi not in debate.ranges[c] for c, k, zi in zip(kids, constant, z)):
            continue
        claim = spec.evaluate(z)
        for budgets, caps in options:
            order += 1
            view = budget_view(spec, z, caps)
            index = first_budget.get(view.value)
            if index is None:
                index = first_budget[view.value] = bisect_left(grid, view.value)
            if index == len(grid):
                continue
            value = ZERO if view.p is None else sum(
                (p * catch[c][(zi, b)] for c, zi, b, p in zip(kids, z, budgets, view.p) if p), ZERO)
            known = filed.get((claim, index))
            if known is None or value < known[0]:
                filed[(claim, index)] = (value, order, (z, budgets))
    return _running_minimum(filed, grid)


def _running_minimum(filed: dict, grid) -> tuple[dict, dict]:
    """best[(a, b)] = the least filed catch at grid indices <= b's (ties: the smallest
    order), if below 1; else 1 with no decision (no combination beats losing at once)."""
    best = {(a, b): ONE for a in (0, 1) for b in grid}
    decision: dict = {}
    for claim in (0, 1):
        running = None
        for index, b in enumerate(grid):
            entry = filed.get((claim, index))
            if entry is not None and (running is None or entry[:2] < running[:2]):
                running = entry
            if running is not None and running[0] < ONE:
                best[(claim, b)], decision[(claim, b)] = running[0], running[2]
    return best, decision


# ----------------------------------------------------------------------------- random search


@dataclass(frozen=True)
class RandomSearch:
    """Seeded random adaptive liars, each evaluated exactly."""

    strategies: int
    seed: int
    least_catch: Fraction
    least_root_budget: Fraction
    violations: int  # strategies with catch < min(1, 1/beta(root)); Theorem B1 says 0


class RandomLiar(CommittedAlice):
    """A seeded random plan: claims drawn top-down, Bob's budgets for them, then each budget
    kept (7/10), inflated by a factor in (1, 3] (2/10) or deflated below what Bob needs (1/10).

    Claims, by family (seed mod 3): "minimal lies" flips a random minimal sensitive block of
    the true child values at every lying node and stays honest elsewhere (the natural liar);
    "cheap" takes at every node a consistent claim vector of least local fbs (lying at more
    children, even below a true claim, can make the budgets cheaper); "random" draws a consistent claim vector
    with probability 9/10 at every node, any vector otherwise.
    """

    @classmethod
    def draw(cls, debate: BudgetedDebate, seed: int) -> "RandomLiar":
        rng, tree = random.Random(f"budgeted-liar:{seed}"), debate.tree
        claims = [0] * tree.n_nodes
        claims[tree.root] = 1 - debate.values[tree.root]
        for node in range(tree.n_nodes):  # breadth-first: a parent's claim comes first
            if tree.children[node]:
                z = FAMILIES[seed % 3][1](debate, node, claims[node], rng)
                for child, bit in zip(tree.children[node], z):
                    claims[child] = bit
        budgets = tuple(_perturbed(rng, b) for b in committed_budgets(debate, claims))
        return cls(tuple(claims), budgets, f"random:{seed} ({FAMILIES[seed % 3][0]})")


def _random_vector(debate: BudgetedDebate, node: int, claim: int, rng) -> tuple[int, ...]:
    spec = debate.tree.aggregators[node]
    vectors = list(product((0, 1), repeat=spec.arity))
    consistent = [z for z in vectors if spec.evaluate(z) == claim]
    return rng.choice(consistent if consistent and rng.random() < 0.9 else vectors)


def _minimal_lie(debate: BudgetedDebate, node: int, claim: int, rng) -> tuple[int, ...]:
    """The true child values, flipped on a random minimal sensitive block if the claim lies."""
    tree = debate.tree
    truth = tuple(debate.values[c] for c in tree.children[node])
    if claim == debate.values[node]:
        return truth
    spec, q = tree.aggregators[node], len(truth)
    masks = minimal_sensitive_masks(np.asarray(spec.table, dtype=bool),
                                    bits_to_index(truth))
    if masks.size == 0:  # constant aggregator: no vector is consistent with a lie
        return truth
    mask = int(rng.choice(list(masks)))
    return tuple(b ^ ((mask >> (q - 1 - i)) & 1) for i, b in enumerate(truth))


def _cheap_vector(debate: BudgetedDebate, node: int, claim: int, rng) -> tuple[int, ...]:
    """A consistent claim vector of least local fbs (random ties), at every node."""
    spec = debate.tree.aggregators[node]
    vectors = [z for z in product((0, 1), repeat=spec.arity) if spec.evaluate(z) == claim]
    if not vectors:
        return tuple(debate.values[c] for c in debate.tree.children[node])
    return min((certified_fbs(spec, z).value, rng.random(), z) for z in vectors)[2]


FAMILIES = (("minimal lies", _minimal_lie), ("cheap", _cheap_vector), ("random", _random_vector))


def _perturbed(rng: random.Random, budget: Fraction) -> Fraction:
    draw = rng.random()
    if draw < 0.7:
        return budget
    if draw < 0.9:
        return budget * (1 + Fraction(rng.randint(1, 1000), 500))
    return budget * Fraction(rng.randint(0, 999), 1000)


def random_search(debate: BudgetedDebate, strategies: int = 200, seed: int = 0,
                  done=None) -> RandomSearch:
    """`strategies` random liars; the least exact catch probability and the violations
    (`done()` is called after each liar: a progress bar)."""
    least, least_budget, violations = ONE, ZERO, 0
    for k in range(strategies):
        liar = RandomLiar.draw(debate, seed * 1_000_003 + k)
        root_budget = liar.answer(debate)[1]
        catch = compile_states(debate, liar).catch_probability()
        violations += catch < bound(root_budget)
        if catch < least or k == 0:
            least, least_budget = catch, root_budget
        if done is not None:
            done()
    return RandomSearch(strategies, seed, least, least_budget, violations)
