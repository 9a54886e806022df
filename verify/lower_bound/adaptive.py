"""Adaptive checkers for Theorems 5.1 and 5.3, with exact query and acceptance probabilities.

Both evaluate the visible tree by short-circuit recursion with a budget of m oracle queries:
at a node, children are evaluated one after another until the answers so far fix phi_u
(every completion of the unknown children gives the same value); a leaf costs one query.
Which leaf comes next therefore depends on the answers so far. If the budget runs out before
the root's value is known, the checker accepts Alice's claim; otherwise it accepts iff the
value it computed equals her claim. Alice's fixed strategy is honest for O_Y (Section 5,
"Adaptive checker"), so P[Acc_Y] = 1 and P[Acc_N] = P_{O_N}[the budget runs out].

* ``dfs:M``     deterministic: children left to right (depth-first, short-circuit).
* ``adaptive:M`` randomised: at each node the next child is uniform among those not yet
  evaluated (random short-circuit evaluation, as for AND-OR trees); the next query depends on
  the answers so far and on the coin flips.

Exact arithmetic, no sampling: `outcomes(u, b)` is the distribution of (value or OUT, queries
used) when the checker enters node u with b queries left, memoised on (u, b); a node's children
are processed over all q! orders (one order for dfs) with a distribution over (known values,
budget left). The query probabilities a_s = P_{O_Y}[s is queried] come from pushing the entry
distribution (node, budget) down the same recursion. Trees up to MAX_WIDTH children per node.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

from verify.base.errors import BadInput, TooLarge
from verify.protocol.solving import MAX_LAZY_WIDTH, determined
from verify.trees.model import Tree

from .profile import Profile

OUT = "out"  # the budget ran out before the value was known
ONE, ZERO = Fraction(1), Fraction(0)
MAX_WIDTH = 6  # q! orders per node for the randomised checker
MAX_LEAVES = 256
KINDS = ("dfs", "adaptive")


class ShortCircuit:
    """The short-circuit checker on one tree under one oracle (exact distributions)."""

    def __init__(self, tree: Tree, answers: dict[str, int], randomised: bool):
        if randomised and (tree.max_width() > MAX_WIDTH or len(tree.leaves()) > MAX_LEAVES):
            raise TooLarge(f"the adaptive checker's exact distribution enumerates q! child "
                           f"orders per node: trees of width <= {MAX_WIDTH} and <= {MAX_LEAVES} "
                           f"leaves, this one has width {tree.max_width()} and "
                           f"{len(tree.leaves())} leaves (dfs:M has neither limit)")
        _refuse_wide_tables(tree)
        self.tree, self.answers, self.randomised = tree, answers, randomised
        self.memo: dict = {}
        self.leaves_below = _leaves_below(tree)

    def _cap(self, node: int, budget: int) -> int:
        """A budget of at least the leaves below `node` never runs out there: all such
        budgets behave alike, so the memo keys them as one (it once held every budget from
        M down: 56,383 keys for maj:3 of depth 5 at M >= 243, against 364 now, one a node)."""
        return min(budget, self.leaves_below[node])

    def orders(self, node: int) -> list[tuple[tuple[int, ...], Fraction]]:
        q = self.tree.width(node)
        if not self.randomised:
            return [(tuple(range(q)), ONE)]
        weight = Fraction(1, math.factorial(q))
        return [(order, weight) for order in permutations(range(q))]

    def outcomes(self, node: int, budget: int) -> dict:
        """{(value or OUT, queries used): probability} on entering `node` with `budget` left."""
        key = (node, self._cap(node, budget))
        if key not in self.memo:
            self.memo[key] = self._local(node, key[1], None)
        return self.memo[key]

    def _local(self, node: int, budget: int, entries: dict | None) -> dict:
        """Outcomes of `node`; with `entries`, also add P[child entered with b] to it."""
        tree = self.tree
        if tree.is_leaf(node):
            if budget < 1:
                return {(OUT, 0): ONE}
            return {(self.answers[tree.queries[node]], 1): ONE}
        spec, kids = tree.aggregators[node], tree.children[node]
        final: dict = {}
        for order, weight in self.orders(node):
            states = {((None,) * len(kids), budget): weight}
            for position in order:
                following: dict = {}
                for (known, left), p in states.items():
                    value = determined(spec, known)
                    if value is not None:
                        _add(final, (value, budget - left), p)
                        continue
                    if entries is not None:
                        _add(entries, (kids[position], left), p)
                    for (result, used), r in self.outcomes(kids[position], left).items():
                        if result == OUT:
                            _add(final, (OUT, budget - left + used), p * r)
                            continue
                        changed = known[:position] + (result,) + known[position + 1:]
                        _add(following, (changed, left - used), p * r)
                states = following
            for (known, left), p in states.items():
                _add(final, (determined(spec, known), budget - left), p)
        return final

    def root(self, budget: int) -> dict:
        return self.outcomes(self.tree.root, budget)

    def query_probabilities(self, budget: int) -> dict[int, Fraction]:
        """a_s = P[leaf s is queried] for every leaf (zeros omitted)."""
        tree = self.tree
        entry: dict[int, dict[int, Fraction]] = {tree.root: {self._cap(tree.root, budget): ONE}}
        a: dict[int, Fraction] = {}
        for node in range(tree.n_nodes):  # breadth-first: parents before children
            for left, p in entry.pop(node, {}).items():
                if tree.is_leaf(node):
                    if left >= 1:
                        a[node] = a.get(node, ZERO) + p
                    continue
                children: dict = {}
                self._local(node, left, children)
                for (child, b), r in children.items():
                    _add(entry.setdefault(child, {}), self._cap(child, b), p * r)
        return a


def _refuse_wide_tables(tree: Tree) -> None:
    """TooLarge before any work if a non-symmetric aggregator is wider than MAX_LAZY_WIDTH:
    whether its known children fix it is decided over the 2^u completions of the unknown ones
    (a symmetric one, of any width, by its Hamming weights)."""
    for node in range(tree.n_nodes):
        if tree.is_leaf(node) or tree.width(node) <= MAX_LAZY_WIDTH:
            continue
        spec = tree.aggregators[node]
        if not spec.symmetric:  # resolved when the tree was read
            raise TooLarge(f"the short-circuit checkers decide when a non-symmetric aggregator "
                           f"is fixed over its 2^q completions: q <= {MAX_LAZY_WIDTH}, this "
                           f"tree has {spec[:40]} with q = {tree.width(node)} (symmetric "
                           f"aggregators of any width are allowed)")


def _leaves_below(tree: Tree) -> list[int]:
    """The number of leaves under each node (nodes are numbered parents first)."""
    leaves = [0] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        leaves[node] = 1 if tree.is_leaf(node) else sum(leaves[c] for c in tree.children[node])
    return leaves


def _add(table: dict, key, value: Fraction) -> None:
    table[key] = table.get(key, ZERO) + value


def parse_adaptive(text: str) -> tuple[str, int] | None:
    """`dfs:M` or `adaptive:M` -> (kind, M); None for any other checker text."""
    kind, _, rest = text.partition(":")
    if kind not in KINDS:
        return None
    if not (rest.isascii() and rest.isdigit() and 1 <= int(rest) <= 10**6):
        raise BadInput(f"--checker {kind}:M needs 1 <= M <= 10^6 (ASCII digits), got {text[:40]!r}")
    return kind, int(rest)


def acceptance_probability(tree: Tree, answers: dict[str, int], claim: int, budget: int,
                           randomised: bool) -> Fraction:
    """P[accept]: the budget runs out, or the computed root value equals Alice's claim."""
    outcomes = ShortCircuit(tree, answers, randomised).root(budget)
    return sum((p for (value, _), p in outcomes.items() if value == OUT or value == claim), ZERO)


def adaptive_profile(tree: Tree, answers: dict[str, int], kind: str, budget: int) -> Profile:
    """Theorem 5.3's view of `dfs:M` / `adaptive:M`: exact a_s, budget M, exact acceptance."""
    from verify.trees.oracles import node_values

    randomised = kind == "adaptive"
    claim = node_values(tree, answers)[tree.root]  # Alice is honest for O_Y
    a = ShortCircuit(tree, answers, randomised).query_probabilities(budget)

    def acceptance(h, changed):
        flipped = dict(answers)
        for leaf in h:
            flipped[tree.queries[leaf]] = 1 - answers[tree.queries[leaf]]
        return (acceptance_probability(tree, answers, claim, budget, randomised),
                acceptance_probability(tree, flipped, claim, budget, randomised))

    order = "uniformly random order of the unevaluated children" if randomised else \
        "children left to right"
    return Profile(f"{kind}:{budget}", budget, a, acceptance,
                   f"short-circuit evaluation ({order}) with at most {budget} queries; accepts "
                   "Alice's claim if the budget runs out, else iff the computed root value equals it")
