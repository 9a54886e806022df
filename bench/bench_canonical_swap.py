"""The census's one delta swap (verify.sweep.antichains.swap_positions, one expression for
ints and numpy words) in canonical_tables, against the in-place numpy swap it replaced (the
peer, kept here only), in the same run: CPU seconds (time.process_time) of the least table
over all q! permutations of every up-set on q points, and both give the same tables.

    python bench/bench_canonical_swap.py --q 6

Only the numpy route (without numba) uses canonical_tables; the compiled route has its own.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def _in_place(tables: np.ndarray, q: int, chunk: int = 1 << 16) -> np.ndarray:
    """The peer: the earlier canonical_tables, exchanging bits in place with a scratch array."""
    from verify.sweep.antichains import delta_swap, heap_transpositions

    swaps = [tuple(map(np.uint64, delta_swap(a, b, q))) for a, b in heap_transpositions(q)]
    least = np.empty_like(tables)
    for start in range(0, len(tables), chunk):
        current = tables[start:start + chunk].copy()
        best, scratch = current.copy(), np.empty_like(current)
        for delta, mask in swaps:
            np.right_shift(current, delta, out=scratch)
            np.bitwise_xor(scratch, current, out=scratch)
            np.bitwise_and(scratch, mask, out=scratch)
            np.bitwise_xor(current, scratch, out=current)
            np.left_shift(scratch, delta, out=scratch)
            np.bitwise_xor(current, scratch, out=current)
            np.minimum(best, current, out=best)
        least[start:start + chunk] = best
    return least


def main() -> None:
    from verify.sweep.antichains import canonical_tables, up_sets

    parser = argparse.ArgumentParser()
    parser.add_argument("--q", type=int, default=6)
    q = parser.parse_args().q
    tables = up_sets(q)
    start = time.process_time()
    ours = canonical_tables(tables, q)
    middle = time.process_time()
    peer = _in_place(tables, q)
    end = time.process_time()
    assert (ours == peer).all()
    print(f"q = {q}: {len(tables)} up-sets; swap_positions {middle - start:.2f} s CPU, "
          f"in-place peer {end - middle:.2f} s, ratio {(middle - start) / (end - middle):.2f}")


if __name__ == "__main__":
    main()
