"""Independent reference implementations used by the tests (never by the package)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import z3


def all_inputs(q: int):
    """Every x in {0,1}^q in truth-table order (x_1 most significant)."""
    return list(itertools.product((0, 1), repeat=q))


def sensitive_blocks(f, z) -> list[tuple[int, ...]]:
    """All (not only minimal) sensitive blocks of f at z, by direct evaluation."""
    q, fz = len(z), f(tuple(z))
    blocks = []
    for size in range(1, q + 1):
        for block in itertools.combinations(range(q), size):
            flipped = tuple(1 - z[i] if i in block else z[i] for i in range(q))
            if f(flipped) != fz:
                blocks.append(block)
    return blocks


def _z3_value(optimum) -> Fraction:
    return Fraction(str(optimum.value()))


def fbs_by_z3(blocks, q: int) -> tuple[Fraction, Fraction]:
    """(primal max, dual min) of Definitions 3.3/3.4 over ALL given blocks, solved by z3."""
    if not blocks:
        return Fraction(0), Fraction(0)
    t = [z3.Real(f"t{i}") for i in range(q)]
    dual = z3.Optimize()
    dual.add(*[ti >= 0 for ti in t])
    dual.add(*[z3.Sum([t[i] for i in b]) >= 1 for b in blocks])
    low = dual.minimize(z3.Sum(t))
    assert dual.check() == z3.sat
    w = [z3.Real(f"w{j}") for j in range(len(blocks))]
    primal = z3.Optimize()
    primal.add(*[wj >= 0 for wj in w])
    for i in range(q):
        users = [w[j] for j, b in enumerate(blocks) if i in b]
        if users:
            primal.add(z3.Sum(users) <= 1)
    high = primal.maximize(z3.Sum(w))
    assert primal.check() == z3.sat
    return _z3_value(high), _z3_value(low)


def threshold_fbs(n: int, t: int, w: int) -> Fraction:
    """docs/notes.md, section 3 closed form for THR_t on n bits at Hamming weight w (0 < t <= n)."""
    return Fraction(w, w - t + 1) if w >= t else Fraction(n - w, t - w)


def weighted_fbs_by_z3(blocks, capacities) -> Fraction:
    """min sum_i c_i t_i s.t. t >= 0, t(B) >= 1 for every given block, solved by z3 (exact)."""
    if not blocks:
        return Fraction(0)
    t = [z3.Real(f"t{i}") for i in range(len(capacities))]
    dual = z3.Optimize()
    dual.add(*[ti >= 0 for ti in t])
    dual.add(*[z3.Sum([t[i] for i in b]) >= 1 for b in blocks])
    low = dual.minimize(z3.Sum([z3.RealVal(str(c)) * ti for c, ti in zip(capacities, t)]))
    assert dual.check() == z3.sat
    return _z3_value(low)


def tree_value(tree, leaf_bits: dict) -> list[int]:
    """Bottom-up node values of a verify Tree with leaf values given per leaf node index."""
    from verify.functions.spec import parse_spec

    values = [0] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        values[node] = (parse_spec(tree.aggregators[node])(tuple(values[c] for c in kids))
                        if kids else leaf_bits[node])
    return values


def global_sensitive_blocks(tree, oracle) -> list[tuple[int, ...]]:
    """Every sensitive block of F_T at alpha, as tuples of leaf node indices (brute force)."""
    leaves = tree.leaves()
    alpha = {leaf: oracle[tree.queries[leaf]] for leaf in leaves}
    root = tree_value(tree, alpha)[tree.root]
    blocks = []
    for size in range(1, len(leaves) + 1):
        for block in itertools.combinations(leaves, size):
            flipped = {leaf: bit ^ (leaf in block) for leaf, bit in alpha.items()}
            if tree_value(tree, flipped)[tree.root] != root:
                blocks.append(block)
    return blocks


def brute_measures(spec, z: str) -> tuple[int, int, int]:
    """s, bs and C at z from their definitions, over all 2^q inputs (q <= 9)."""
    from verify.functions.spec import parse_spec

    f = spec if callable(spec) else parse_spec(spec)
    bits, q = tuple(int(b) for b in z), len(z)
    value = {x: f(x) for x in itertools.product((0, 1), repeat=q)}
    blocks = sensitive_blocks(lambda x: value[tuple(x)], bits)
    s = sum(1 for b in blocks if len(b) == 1)
    minimal = [b for b in blocks if not any(set(a) < set(b) for a in blocks)]
    bs = max(k for k in range(q + 1) for chosen in itertools.combinations(minimal, k)
             if all(not set(a) & set(b) for a, b in itertools.combinations(chosen, 2)))
    c = min(len(S) for k in range(q + 1) for S in itertools.combinations(range(q), k)
            if all(v == value[bits] for x, v in value.items() if all(x[i] == bits[i] for i in S)))
    return s, bs, c
