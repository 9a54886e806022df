"""The exact peer of `fbs debate worst-case` on a uniform threshold tree (issue 29 section 3):
an exact DP over the distinct keys of each level, Fractions, the value only (no strategy, no
instance bound). Independent of verify/ (it imports nothing from it).

Usage:  python bench/peer_worst_case.py ORACLE.json Q T DEPTH RHO     (aggregator thr:Q:T,
e.g. maj:9 = thr:9:5; Bob's rule `vertex`); prints the liar's catch probability as p/q.

Derivation, written from the paper (Section 4, Theorem 4.2) and not from the engine: at a node
whose claim vector z has w ones, thr:Q:T has the value [w >= T]. Its minimal sensitive blocks
are the `need`-subsets of one side: the ones when w >= T (need = w - T + 1), the zeros when
w < T (need = T - w). With s the size of that side, fbs_z = s / need (the uniform fractional
packing of need-subsets), and the closed-form optimal dual puts 1/need on each of the s
coordinates of that side, so Bob samples that side uniformly: p_i = 1/s there, 0 elsewhere
(s = 0 cannot happen: need <= s whenever 0 < T <= Q). So with catch(child, b) known, the liar
defending claim a at weight w pays (1/s) * (sum of catch(child, b) over the s children she puts
on the sampled side b), minimised by putting there the s children with the smallest
catch(child, b); the others take the other side and cost nothing. catch(u, a) is the minimum
over the weights w with [w >= T] = a and s / need <= rho (1 if there is none); a leaf's is
[a != its answer]. A node's class is its catch pair; the key of a level is the sorted row of
its children's classes.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import numpy as np


def side_cost(costs: list[Fraction], s: int) -> Fraction:
    """(1/s) * the sum of the s smallest costs."""
    return sum(sorted(costs)[:s], Fraction(0)) / s


def node_catch(row: list[tuple[Fraction, Fraction]], q: int, threshold: int,
               rho: Fraction) -> tuple[Fraction, Fraction]:
    best = [Fraction(1), Fraction(1)]
    for w in range(q + 1):
        claim = int(w >= threshold)
        side, need, s = (1, w - threshold + 1, w) if claim else (0, threshold - w, q - w)
        if Fraction(s, need) > rho:
            continue
        cost = side_cost([pair[side] for pair in row], s)
        best[claim] = min(best[claim], cost)
    return best[0], best[1]


def worst_catch(bits: str, q: int, threshold: int, depth: int, rho: Fraction) -> Fraction:
    pairs = [(Fraction(0), Fraction(1)), (Fraction(1), Fraction(0))]  # leaf answered 0, 1
    class_of = {pair: c for c, pair in enumerate(pairs)}
    level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8).astype(np.int64) - ord("0")
    for _ in range(depth):
        rows = np.sort(level.reshape(-1, q), axis=1)
        if len(pairs) ** q < 2 ** 62:
            keys = rows @ (len(pairs) ** np.arange(q, dtype=np.int64))
            _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            distinct = rows[first]
        else:
            distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
        parents = []
        for row in distinct.tolist():
            pair = node_catch([pairs[c] for c in row], q, threshold, rho)
            if pair not in class_of:
                class_of[pair] = len(pairs)
                pairs.append(pair)
            parents.append(class_of[pair])
        level = np.array(parents, dtype=np.int64)[inverse.ravel()]
    root = pairs[int(level[0])]
    truth = _root_value(bits, q, threshold, depth)
    return root[1 - truth]


def _root_value(bits: str, q: int, threshold: int, depth: int) -> int:
    level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8).astype(np.int64) - ord("0")
    for _ in range(depth):
        level = (level.reshape(-1, q).sum(axis=1) >= threshold).astype(np.int64)
    return int(level[0])


def main() -> None:
    oracle, q, threshold, depth = sys.argv[1], *map(int, sys.argv[2:5])
    rho = Fraction(sys.argv[5])
    with open(oracle) as handle:
        bits = json.load(handle)["bits"]
    value = worst_catch(bits, q, threshold, depth, rho)
    print(f"{value.numerator}/{value.denominator}")


if __name__ == "__main__":
    main()
