"""H is a sensitive block of F_T, decided by z3 on an encoding of the whole tree (Theorem 5.3).

A second, independent check beside evaluation (verify.lower_bound.light_blocks.flips_root): one Boolean
variable per leaf, each internal node encoded as its aggregator applied to its children's
formulas -- AtLeast / pseudo-Boolean equalities for the symmetric families, a Shannon
expansion of the truth table (shared sub-tables) for every other aggregator. With the leaves
fixed to alpha, "root = val_Y(root)" must be satisfiable; with the leaves fixed to alpha
flipped on H it must be unsatisfiable.
"""

from __future__ import annotations

import z3

from verify.base.z3_check import z3_satisfiable
from verify.functions.aggregators import Aggregator
from verify.trees.model import Tree
from verify.trees.oracles import node_values


def sat_sensitivity(tree: Tree, answers: dict[str, int], leaves) -> tuple[bool, str]:
    """H is sensitive for F_T at alpha, decided by z3 on an encoding of the whole tree.

    One Boolean variable per leaf; each internal node is phi_u of its children's formulas
    (AtLeast / pseudo-Boolean equalities for symmetric aggregators, a Shannon expansion of
    the truth table otherwise). With the leaves fixed to alpha, root = val_Y(root) must be
    satisfiable; with the leaves fixed to alpha flipped on H it must be unsatisfiable.
    """
    variables = {leaf: z3.Bool(f"leaf{leaf}") for leaf in tree.leaves()}
    root = _z3_tree(tree, variables)
    target = node_values(tree, answers)[tree.root]
    in_h = set(leaves)

    def satisfiable(flip: bool) -> bool:
        """Leaves fixed (unit clauses) to alpha, or alpha flipped on H; root = val_Y(root)?"""
        solver = z3.Solver()
        solver.add(root if target else z3.Not(root))
        for leaf, variable in variables.items():
            bit = answers[tree.queries[leaf]] ^ (flip and leaf in in_h)
            solver.add(variable if bit else z3.Not(variable))
        return z3_satisfiable(solver, "the tree's sensitivity query")

    consistent = satisfiable(False)
    sensitive = not satisfiable(True)
    return consistent and sensitive, (
        f"alpha gives val(root) = {target}: {'sat' if consistent else 'NOT sat'}; alpha flipped "
        f"on H gives val(root) = {target}: {'unsat' if sensitive else 'NOT unsat'}")


def _z3_tree(tree: Tree, variables: dict):
    """The root's formula; children's formulas are dropped once their parent is built."""
    formula = dict(variables)
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if kids:
            formula[node] = _z3_aggregator(tree.aggregators[node], [formula.pop(c) for c in kids])
    return formula[tree.root]


def _z3_aggregator(spec: Aggregator, args: list):
    """phi(args) as a z3 formula (phi resolved when the tree was read)."""
    if spec.symmetric:
        values = spec.values
        ones = [k for k, v in enumerate(values) if v]
        if not ones:
            return z3.BoolVal(False)
        if ones == list(range(ones[0], len(values))):
            return z3.AtLeast(*args, ones[0]) if ones[0] else z3.BoolVal(True)
        pairs = [(a, 1) for a in args]
        return z3.Or(*[z3.PbEq(pairs, k) for k in ones])
    table = spec.table
    memo: dict = {}

    def expand(start: int, size: int, depth: int):
        key = table[start:start + size]
        if key in memo:
            return memo[key]
        if all(key) or not any(key):
            built = z3.BoolVal(bool(key[0]))
        else:
            half = size // 2
            built = z3.If(args[depth], expand(start + half, half, depth + 1),
                          expand(start, half, depth + 1))
        memo[key] = built
        return built

    return expand(0, len(table), 0)
