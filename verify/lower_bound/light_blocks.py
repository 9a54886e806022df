"""Light sensitive blocks: paper Lemma 5.2 and the recursive construction of Lemma 5.4.

Lemma 5.2. For f, x with R = fbs_x(f) > 0 and a distribution p on the coordinates, some
block H in the support of an optimal primal has p(H) <= 1/R (sampling H proportionally to
w_H gives E[p(H)] = sum_i p_i load_i / R <= 1/R). `light_block` returns the lightest block of
the certified optimal primal of `verify.fbs`; for the symmetric method (primal given by block
types) it takes, per type, the a ones and b zeros of smallest p: the symmetrised optimal
primal spreads each type's weight over all blocks of that type, so its support contains it.

Lemma 5.4 on a tree (`tree_light_block`), for masses m_s >= 0 on the leaves (a distribution,
or any non-negative weights; write M(u) for the mass below u):
* "unweighted" (the paper's proof): at node u take the block J of the certified optimal
  primal of fbs_{z_u}(phi_u) minimising sum_{i in J} M(child i) (<= M(u) / fbs_u by Lemma
  5.2) and recurse into the children in J. Then m(H) <= M(root) * B(root) with B(leaf) = 1,
  B(u) = max_i B(child i) / fbs_u, and B(root) <= rho^-d for uniform depth d.
* "weighted" (sharper): at node u take the block J of the weighted primal (loads <= c_i =
  rho_T(child i), verify.lower_bound.tree_fbs) minimising sum_{i in J} M(child i) / c_i; sampling J
  proportionally to w_J shows the minimum is <= sum_i (M_i / c_i) load_i / rho_T(u) <=
  M(u) / rho_T(u). By induction m(H cap T_u) <= M(u) / rho_T(u), so m(H) <= M(root) / rho_T.
In both cases H is sensitive for F_T at alpha: flipping H flips exactly the children in J at
every visited node, and J is sensitive for phi_u. `flips_root` re-checks that by evaluation.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Sequence

from verify.base.arguments import ExactArg, InputArg, api
from verify.base.errors import BadInput, SolverFailure
from verify.base.numbers import parse_fraction
from verify.functions.bits import format_bits, parse_bits
from verify.functions.kinds import FunctionArg
from verify.trees.model import Tree

ONE, ZERO = Fraction(1), Fraction(0)


# ----------------------------------------------------------------------------- Lemma 5.2


@dataclass(frozen=True)
class LightBlock:
    """A sensitive block H of f at x with p(H) <= 1/fbs_x(f) (Lemma 5.2)."""

    block: tuple[int, ...]  # 0-based coordinates
    mass: Fraction  # p(H)
    bound: Fraction  # 1 / fbs_x(f)
    fbs: Fraction
    candidates: int  # primal-support blocks compared
    certified: bool  # the primal came from a certificate the checker accepted


def parse_distribution(p, q: int) -> tuple[Fraction, ...]:
    """Exact probabilities: q non-negative numbers summing to 1 (BadInput otherwise)."""
    try:
        values = tuple(parse_fraction(x, "a probability", allow_negative=True) for x in p)
    except TypeError:
        raise BadInput("a distribution must be a list of numbers such as 1/4 or 0.25") from None
    if len(values) != q:
        raise BadInput(f"the distribution has {len(values)} entries, the function has {q} coordinates")
    negative = [i for i, x in enumerate(values) if x < 0]
    if negative:
        raise BadInput(f"probability p_{negative[0]} = {values[negative[0]]} is negative")
    total = sum(values, ZERO)
    if total != 1:
        raise BadInput(f"the probabilities sum to {total}, not 1")
    return values


@api()
def light_block(f: FunctionArg, x: InputArg, p: Sequence[ExactArg]) -> LightBlock:
    """Lemma 5.2: the lightest block of a certified optimal primal of fbs_x(f).

    >>> from fractions import Fraction
    >>> from verify import light_block
    >>> found = light_block("and:4", "1111", [Fraction(1, 4)] * 4)
    >>> found.mass, found.bound
    (Fraction(1, 4), Fraction(1, 4))"""
    from verify.sensitivity.exact_fbs import fbs

    result = fbs(f, x)
    if not result.primal and result.primal_types is None:  # a composition lists no primal
        result = fbs(f, x, method="table")
    bits = parse_bits(result.input)
    probabilities = parse_distribution(p, len(bits))
    if result.value == 0:
        raise BadInput(f"{result.spec} is constant: no sensitive block at {result.input[:40]} "
                       "(Lemma 5.2 needs fbs_x(f) > 0)")
    candidates = [block for block, weight in result.primal if weight > 0]
    if not candidates:
        candidates = _type_blocks(result.primal_types or (), bits, probabilities)
    mass_of = lambda block: sum((probabilities[i] for i in block), ZERO)  # noqa: E731
    best = min(candidates, key=mass_of)
    bound = ONE / result.value
    if mass_of(best) > bound:
        raise SolverFailure(f"Lemma 5.2 failed on {result.spec}: lightest primal block has mass "
                            f"{mass_of(best)} > {bound}")
    return LightBlock(tuple(best), mass_of(best), bound, result.value, len(candidates),
                      result.certified)


def _type_blocks(types, bits, p) -> list[tuple[int, ...]]:
    """Per symmetric block type (a ones, b zeros): the a ones and b zeros of smallest p."""
    ones = sorted((i for i, b in enumerate(bits) if b), key=lambda i: (p[i], i))
    zeros = sorted((i for i, b in enumerate(bits) if not b), key=lambda i: (p[i], i))
    return [tuple(sorted(ones[:a] + zeros[:b])) for a, b, weight in types if weight > 0]


# ----------------------------------------------------------------------------- Lemma 5.4


@dataclass(frozen=True)
class TreeLightBlock:
    """A sensitive block H of F_T (leaf node indices) built by Lemma 5.4's recursion."""

    leaves: tuple[int, ...]
    mass: Fraction  # m(H)
    total: Fraction  # M(root), the total mass
    bound: Fraction  # guaranteed m(H) / M(root) <= bound (1/rho_T, or B(root))
    method: str  # "weighted" or "unweighted"
    lemma_bound: Fraction | None  # rho^-d with rho = min local fbs (unweighted method)
    visited: int  # internal nodes where a local block was chosen

    @property
    def within_bound(self) -> bool:
        """m(H) <= bound * M(root), exactly."""
        return self.mass <= self.bound * self.total


def leaf_masses(tree: Tree, masses) -> list[Fraction]:
    """Masses per node index (0 at internal nodes) from {leaf node: mass} or a full list."""
    out = [ZERO] * tree.n_nodes
    items = masses.items() if isinstance(masses, dict) else enumerate(masses)
    for node, mass in items:
        if not tree.is_leaf(node):
            raise BadInput(f"node {tree.ids[node]!r} is not a leaf")
        mass = Fraction(mass)
        if mass < 0:
            raise BadInput(f"leaf {tree.ids[node]!r} has negative mass {mass}")
        out[node] = mass
    return out


def tree_light_block(result, masses, method: str = "weighted") -> TreeLightBlock:
    """Lemma 5.4's recursion for masses on the leaves of result.tree (a verify.lower_bound.tree_fbs.TreeFbs)."""
    if method not in ("weighted", "unweighted"):
        raise BadInput(f"unknown method {method!r} (weighted or unweighted)")
    tree = result.tree
    if result.value == 0:
        raise BadInput("F_T is constant at alpha (rho_T = 0): there is no sensitive block")
    mass = leaf_masses(tree, masses)
    scaled, denominator = common_scale(mass)
    below = _subtree_sums(tree, scaled)
    chooser = _weighted_chooser(result, below) if method == "weighted" else \
        _unweighted_chooser(result, below)
    leaves, stack, visited = [], [tree.root], 0
    while stack:
        node = stack.pop()
        kids = tree.children[node]
        if not kids:
            leaves.append(node)
            continue
        visited += 1
        stack.extend(kids[i] for i in reversed(chooser(node)))
    leaves.sort()
    h_mass = Fraction(sum(scaled[l] for l in leaves), denominator)
    total = Fraction(below[tree.root], denominator)
    if method == "weighted":
        bound, lemma = ONE / result.value, None
    else:
        bound, lemma = _path_bound(result), _lemma_bound(result)
    return TreeLightBlock(tuple(leaves), h_mass, total, bound, method, lemma, visited)


def common_scale(values: list[Fraction]) -> tuple[list[int], int]:
    """Integers T and one denominator D with values[i] = T[i] / D (distinct denominators once)."""
    denominators = {x.denominator for x in values}
    denominator = lcm(*denominators) if denominators else 1
    factors = {d: denominator // d for d in denominators}
    return [x.numerator * factors[x.denominator] for x in values], denominator


def _subtree_sums(tree: Tree, scaled: list[int]) -> list[int]:
    below = list(scaled)
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            below[node] = sum(below[c] for c in kids)
    return below


def _weighted_chooser(result, below):
    """J minimising sum_{i in J} M(child i) / c_i over the weighted primal's support."""
    tree = result.tree

    def choose(node: int) -> tuple[int, ...]:
        record = result.records[result.record_of[node]]
        kids = tree.children[node]
        scored = [(sum((Fraction(below[kids[i]]) / record.capacities[i] for i in block), ZERO),
                   block) for block, weight in record.primal if weight > 0]
        return min(scored)[1]

    return choose


def _unweighted_chooser(result, below):
    """J minimising sum_{i in J} M(child i) over the certified primal of fbs_{z_u}(phi_u)."""
    from verify.sensitivity.exact_fbs import certified_fbs

    tree = result.tree
    zero_nodes = [i for i in tree.internal() if result.local[i] == 0]
    if zero_nodes:
        raise BadInput(f"Lemma 5.4's hypothesis fails: node {tree.ids[zero_nodes[0]]!r} has "
                       "local fbs 0 (its aggregator is constant), so rho < 1")

    def choose(node: int) -> tuple[int, ...]:
        kids = tree.children[node]
        z = tuple(result.values[c] for c in kids)
        primal = certified_fbs(tree.aggregators[node], z).primal
        if not primal:  # a composition's (or a wide symmetric) primal is not listed
            primal = _table_primal(tree.aggregators[node], z)
        scored = [(sum(below[kids[i]] for i in block), block) for block, w in primal if w > 0]
        return min(scored)[1]

    return choose


def _table_primal(spec: str, z: tuple[int, ...]):
    """The certified primal of fbs_z(phi) by the truth-table method (explicit blocks)."""
    from verify.sensitivity.exact_fbs import fbs

    result = fbs(spec, format_bits(z), method="table")
    if not result.certified or not result.primal:
        raise SolverFailure(f"no certified explicit primal for {spec} at {format_bits(z)}")
    return result.primal


def _path_bound(result) -> Fraction:
    """B(root): B(leaf) = 1, B(u) = max_i B(child i) / fbs_u."""
    tree = result.tree
    bound = [ONE] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            bound[node] = max(bound[c] for c in kids) / result.local[node]
    return bound[tree.root]


def _lemma_bound(result) -> Fraction | None:
    """rho^-d with rho = min local fbs (Lemma 5.4 as stated; uniform depth)."""
    return None if result.rho_min is None else ONE / result.rho_min ** result.depth


# ----------------------------------------------------------------------------- evaluation


def parents(tree: Tree) -> list[int]:
    """parent[u] (-1 at the root)."""
    parent = [-1] * tree.n_nodes
    for node, kids in enumerate(tree.children):
        for child in kids:
            parent[child] = node
    return parent


def flipped_values(tree: Tree, values, leaves) -> dict[int, int]:
    """The node values that change when the leaves in H flip (ancestors recomputed only)."""
    parent = parents(tree)
    changed = {leaf: 1 - values[leaf] for leaf in leaves}
    ancestors = set()
    for leaf in leaves:
        node = parent[leaf]
        while node >= 0 and node not in ancestors:
            ancestors.add(node)
            node = parent[node]
    for node in sorted(ancestors, reverse=True):  # BFS order: children have larger indices
        value = tree.aggregators[node].evaluate(
            [changed.get(child, values[child]) for child in tree.children[node]])
        if value != values[node]:
            changed[node] = value
    return changed


def flips_root(tree: Tree, values, leaves) -> bool:
    """True iff flipping the leaves in H changes val(root), by evaluation."""
    return tree.root in flipped_values(tree, values, leaves)
