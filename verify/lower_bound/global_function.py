"""The global function F_T of a decomposition tree and rho_T = fbs_alpha(F_T), directly.

Paper Section 5 (Setup, Notation): F_T : {0,1}^Q(T) -> {0,1} assigns every leaf l the
variable indexed by its query q_l and evaluates the tree bottom-up; the reference oracle O_Y
induces alpha_{q_l} = O_Y(q_l), and rho_T = fbs_alpha(F_T). The section assumes the leaf
queries are pairwise distinct; `check_distinct_queries` refuses a tree that repeats one.

Variable order. The variables of F_T are the leaves in depth-first, left-to-right order
(`leaf_order`), so F_T is exactly the spec composition
    compose(phi_root; spec of child 1; ...; spec of child q)       (a leaf is tt:01)
of the `compose` grammar (inner functions read consecutive input blocks, first child first).
`direct_rho` hands that spec to `verify.fbs`: the fbs LP over F_T's truth table, certified by
the stdlib-only checker, which evaluates the composition with its own spec evaluator. It is
the ground truth for small trees (at most MAX_DIRECT_LEAVES leaves); `verify.lower_bound.tree_fbs` computes
the same number by the weighted recursion for trees of any size.

Theorem 5.1's consequence (`query_table`): a checker that outputs the correct root value with
probability >= 1 - eps under every oracle needs m >= (1 - 2 eps) rho^d queries (and, by
Theorem 5.3, m >= (1 - 2 eps) rho_T), beside the runs FBS Debate needs for the same success.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from verify.base.errors import BadInput, TooLarge
from verify.trees.model import Tree
from verify.trees.oracles import check_covers, leaf_order

MAX_DIRECT_LEAVES = 20
LEAF_SPEC = "tt:01"  # the identity on one bit: a leaf as an inner function of `compose`

REPEATED_QUERY_HINT = (
    "paper Section 5 assumes pairwise distinct leaf queries: e.g. if all q leaves of a q-ary "
    "AND root query the same string, the tree computes only a one-bit identity function "
    "(global fbs 1, not the AND's local fbs q), so no non-trivial lower bound holds")


def check_distinct_queries(tree: Tree) -> None:
    """BadInput (citing the paper's q-ary AND example) if two leaves ask the same query."""
    owner: dict[str, int] = {}
    for node in tree.leaves():
        query = tree.queries[node]
        if query in owner:
            raise BadInput(f"leaves {tree.ids[owner[query]]!r} and {tree.ids[node]!r} both query "
                           f"{query[:60]!r}; {REPEATED_QUERY_HINT}")
        owner[query] = node


def reference_assignment(tree: Tree, answers: dict[str, int]) -> tuple[int, ...]:
    """alpha: O_Y's answer at every leaf, in `leaf_order` (Section 5, Notation)."""
    check_covers(tree, answers)
    return tuple(answers[tree.queries[leaf]] for leaf in leaf_order(tree))


def global_spec(tree: Tree, node: int | None = None) -> str:
    """F_T (or F of the subtree at `node`) as a `compose(...)` spec over leaf_order."""
    node = tree.root if node is None else node
    built: dict[int, str] = {}
    for current in _postorder(tree, node):
        kids = tree.children[current]
        built[current] = (f"compose({tree.aggregators[current]};"
                          f"{';'.join(built.pop(c) for c in kids)})" if kids else LEAF_SPEC)
    return built[node]


def _postorder(tree: Tree, node: int) -> list[int]:
    order, stack = [], [node]
    while stack:
        current = stack.pop()
        order.append(current)
        stack.extend(tree.children[current])
    return order[::-1]


def global_truth_table(tree: Tree, allow_repeated: bool = False) -> tuple[list[str], np.ndarray]:
    """(variables, table): F_T over the DISTINCT leaf queries, evaluated bottom-up with numpy.

    Variables are the distinct queries in order of first appearance in `leaf_order`; the
    table is in docs/notes.md, section 2 order (the first variable most significant). With
    allow_repeated=True a repeated query is one variable (the paper's collapse example).
    """
    if not allow_repeated:
        check_distinct_queries(tree)
    variables: list[str] = []
    position: dict[str, int] = {}
    for leaf in leaf_order(tree):
        position.setdefault(tree.queries[leaf], len(variables))
        if len(position) > len(variables):
            variables.append(tree.queries[leaf])
    n = len(variables)
    if n > MAX_DIRECT_LEAVES:
        raise TooLarge(f"F_T has {n} variables; the truth table is built for at most "
                       f"{MAX_DIRECT_LEAVES} (use the recursive method)")
    index = np.arange(1 << n, dtype=np.int64)
    columns: dict[int, np.ndarray] = {}
    for node in _postorder(tree, tree.root):
        kids = tree.children[node]
        if not kids:
            columns[node] = ((index >> (n - 1 - position[tree.queries[node]])) & 1).astype(np.int64)
            continue
        table = np.asarray(tree.aggregators[node].table, dtype=np.int64)
        combined = np.zeros(1 << n, dtype=np.int64)
        for child in kids:
            combined = (combined << 1) | columns.pop(child)
        columns[node] = table[combined]
    return variables, columns[tree.root].astype(bool)


def evaluate_global(tree: Tree, leaf_bits) -> int:
    """F_T at an assignment given as bits in `leaf_order` (plain bottom-up evaluation)."""
    order = leaf_order(tree)
    if len(leaf_bits) != len(order):
        raise BadInput(f"F_T has {len(order)} variables, got {len(leaf_bits)} bits")
    value = dict(zip(order, leaf_bits))
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            value[node] = tree.aggregators[node].evaluate([value[child] for child in kids])
    return value[tree.root]


@dataclass(frozen=True)
class DirectRho:
    """rho_T = fbs_alpha(F_T) on F_T's truth table (certified by the exhaustive checker)."""

    value: Fraction
    spec: str  # F_T as a compose spec over leaf_order
    variables: tuple[str, ...]  # leaf queries in leaf_order
    alpha: tuple[int, ...]
    result: object  # the verify.fbs FbsResult (primal blocks index `variables`)

    @property
    def certified(self) -> bool:
        return self.result.certified


def direct_rho(tree: Tree, answers: dict[str, int]) -> DirectRho:
    """rho_T by the fbs LP of F_T's truth table; trees of at most MAX_DIRECT_LEAVES leaves."""
    from verify.sensitivity.exact_fbs import fbs

    check_distinct_queries(tree)
    leaves = leaf_order(tree)
    if len(leaves) > MAX_DIRECT_LEAVES:
        raise TooLarge(f"the direct method builds F_T's truth table and handles at most "
                       f"{MAX_DIRECT_LEAVES} leaves; this tree has {len(leaves)} "
                       "(use --method recursive)")
    alpha = reference_assignment(tree, answers)
    spec = global_spec(tree)
    result = fbs(spec, alpha, method="table")  # the truth table: independent of the recursion
    return DirectRho(result.value, spec, tuple(tree.queries[l] for l in leaves), alpha, result)


# ----------------------------------------------------------------------------- Theorem 5.1


@dataclass(frozen=True)
class QueryRow:
    """One eps of Theorem 5.1's consequence, beside what FBS Debate spends.

    FBS Debate's checker queries one leaf per run (none if the run ends at a constant
    aggregator), so its query count m equals its number of runs R.
    """

    eps: Fraction
    lower_bound_rho_d: int | None  # ceil((1 - 2 eps) rho^d), rho = min local fbs (Theorem 5.1);
    #                                None: leaves at several depths, Theorem 5.1 not applicable
    lower_bound_rho_t: int  # ceil((1 - 2 eps) rho_T) (Theorem 5.3)
    debate_runs_theorem: int | None  # smallest R with (1 - rho_max^-d)^R <= eps (Thm 4.2)
    debate_runs_worst_case: int | None  # the same with the DP's exact catch probability at O_Y
    debate_runs_vs_adversary: int | None  # smallest R succeeding against Theorem 5.3's O_N


def query_table(rho_min: Fraction, rho_max: Fraction, rho_t: Fraction, depth: int,
                eps_values, worst_case_catch: Fraction | None = None,
                adversary_runs: dict | None = None, uniform_depth: bool = True) -> list[QueryRow]:
    """Theorem 5.1: m >= (1 - 2 eps) rho^d (and >= (1 - 2 eps) rho_T); FBS Debate's R(eps).

    rho_min = min local fbs (the best rho for Theorem 5.1's hypothesis); rho_max = max local
    fbs, the smallest protocol rho for which honest Alice passes (Theorem 4.1), so one run
    catches any liar with probability >= rho_max^-d (Theorem 4.2) under every oracle.
    worst_case_catch = the DP's exact catch probability of the best liar against O_Y (a
    different instance from the lower bound's O_N); adversary_runs = {eps: R} from
    `verify.lower_bound.adversary.debate_runs_vs_adversary`, which must be >= (1 - 2 eps) rho_T.
    uniform_depth=False (leaves at several depths): Theorem 5.1 assumes one depth d, so its
    bound is None (not applicable); Theorem 5.3's (1 - 2 eps) rho_T still applies.
    """
    from verify.protocol.planner import repetitions_needed

    rows = []
    for eps in eps_values:
        eps = Fraction(eps)
        if not 0 < eps < Fraction(1, 2):
            raise BadInput(f"eps must be in (0, 1/2), got {eps}")
        runs = repetitions_needed(Fraction(1) / Fraction(rho_max) ** depth, eps) \
            if rho_max > 0 else None
        exact = None if worst_case_catch is None else repetitions_needed(worst_case_catch, eps)
        against = None if adversary_runs is None else adversary_runs.get(eps)
        by_rho_d = math.ceil((1 - 2 * eps) * Fraction(rho_min) ** depth) if uniform_depth else None
        rows.append(QueryRow(eps, by_rho_d,
                             math.ceil((1 - 2 * eps) * Fraction(rho_t)), runs, exact, against))
    return rows
