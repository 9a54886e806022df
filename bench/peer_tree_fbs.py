"""The exact peer of `fbs tree fbs` on a uniform threshold tree (issue 29 section 3): numpy for
the levels, Fractions for the values, keyed by (need, sorted side classes). Value only: no
certificate, no checker. Independent of verify/ (it imports nothing from it).

Usage:  python bench/peer_tree_fbs.py ORACLE.json Q T DEPTH     (aggregator thr:Q:T, e.g.
maj:9 = thr:9:5); prints rho_T as p/q.

At a node with z of weight w, thr:Q:T changes value exactly when `need` ones (w >= T: need =
w - T + 1) or `need` zeros (w < T: need = T - w) are flipped, and a block flipping the other
side is never minimal. The weighted fbs LP min sum c_i v_i, v(S) >= 1 on every need-subset S
of that side, has the closed form min over 0 <= j < need of (sum of the side's capacities
without the j largest) / (need - j) (the capacitated uniform packing bound). A node's class is
(value, rho); its key is (need, value, the sorted classes of the flipped side).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

import numpy as np


def packing(capacities: list[Fraction], need: int) -> Fraction:
    ordered = sorted(capacities, reverse=True)
    total = sum(ordered, Fraction(0))
    best, dropped = None, Fraction(0)
    for j in range(need):
        candidate = (total - dropped) / (need - j)
        best = candidate if best is None else min(best, candidate)
        dropped += ordered[j]
    return best


def rho_t(bits: str, q: int, threshold: int, depth: int) -> Fraction:
    value, rho = [0, 1], [Fraction(1), Fraction(1)]
    class_of = {(0, Fraction(1)): 0, (1, Fraction(1)): 1}
    level = np.frombuffer(bits.encode("ascii"), dtype=np.uint8).astype(np.int64) - ord("0")
    for _ in range(depth):
        rows = np.sort(level.reshape(-1, q), axis=1)
        keys = rows @ (len(rho) ** np.arange(q, dtype=np.int64)) if len(rho) ** q < 2 ** 62 \
            else None
        if keys is None:
            distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
        else:
            _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            distinct = rows[first]
        memo: dict[tuple, int] = {}
        parents = []
        for row in distinct.tolist():
            ones = [c for c in row if value[c]]
            w = len(ones)
            up = w >= threshold
            need = w - threshold + 1 if up else threshold - w
            side = tuple(ones if up else [c for c in row if not value[c]])
            key = (need, up, side)
            if key not in memo:
                if need > len(side):
                    result = Fraction(0)  # constant from here: no sensitive block
                else:
                    result = packing([rho[c] for c in side], need)
                pair = (int(up), result)
                if pair not in class_of:
                    class_of[pair] = len(rho)
                    value.append(pair[0])
                    rho.append(result)
                memo[key] = class_of[pair]
            parents.append(memo[key])
        level = np.array(parents, dtype=np.int64)[inverse.ravel()]
    return rho[int(level[0])]


def main() -> None:
    oracle, q, threshold, depth = sys.argv[1], *map(int, sys.argv[2:5])
    with open(oracle) as handle:
        bits = json.load(handle)["bits"]
    value = rho_t(bits, q, threshold, depth)
    print(f"{value.numerator}/{value.denominator}")


if __name__ == "__main__":
    main()
