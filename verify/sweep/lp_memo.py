"""Remembered optima of the census kernel's LP: one primal/dual pair reused across visits.

fbs at a pair is nu*(A) for its antichain A of minimal sensitive blocks (docs/census.md,
Lemma 1; the paper's Definition 3.3). An optimum of the simplex gives weights w on a support
P of members and a dual t >= 0 on the points with sum w = sum t = v, loads of w <= 1 and
t(B) >= 1 on every member. By weak duality the same pair proves nu*(A') = v for every
antichain A' with

1. P inside A' (w's loads do not depend on the other members), and
2. t(B) >= 1 on every member B of A': equivalently up(A') holds no set of the down-set
   L_t = {S : t(S) < 1} (every set of up(A') contains a member, t >= 0).

P and L_t are stored as tables of 2^q bits like an up-set (two words), so a test is four
word operations, and many stored pairs are tried before a simplex. Consecutive visits of a
shard (docs/census.md, Lemma 4; sorted U0 inside R) share most of their members, so the
most recent pairs are tried first. A pair is stored only after `remember` has checked it in
integers (over the simplex's last pivot D: w, t >= 0, every load <= D, sum w = sum t, and
the visit's own up-set misses L_t), so a recalled value rests on that check, not on the
simplex; a pair that fails it is not stored and the caller treats the LP as unsolved.
"""

from __future__ import annotations

import numpy as np

from .jit import njit

MEMO_PAIRS = 64  # pairs kept: the hit rate on a uniform sample of q = 7 visits is flat above


@njit(cache=True)
def recall(memo, state, low, high, a_low, a_high):
    """The slot of a stored pair that proves nu* of the antichain (a_low, a_high) of the
    up-set (low, high), most recent first, or -1. memo[slot] = [L_t low, L_t high, P low,
    P high, numerator, denominator] (uint64; see the module docstring); state = [stored,
    next slot]."""
    slots = memo.shape[0]
    for back in range(1, state[0] + 1):
        slot = (state[1] - back) % slots
        if ((low & memo[slot, 0]) | (high & memo[slot, 1]) | (memo[slot, 2] & ~a_low)
                | (memo[slot, 3] & ~a_high)) == 0:
            return slot
    return -1


@njit(cache=True)
def remember(memo, state, low, high, members, k, q, table, basis, pivot_d, numerator,
             denominator, sums):
    """Check the simplex's optimum (table and basis as `census_kernel._simplex` leaves them:
    dual numerators table[q, k + b], basic values table[r, k + q], all over pivot_d) as a
    primal/dual pair of the up-set (low, high) and store it; False if the check fails."""
    rhs, one = k + q, np.uint64(1)
    total = 0
    for b in range(q):
        t = int(table[q, k + b])
        if t < 0:
            return False
        total += t
    if pivot_d <= 0 or total != int(table[q, rhs]) or total * denominator != numerator * pivot_d:
        return False
    loads = np.zeros(q, np.int64)
    weight, p_low, p_high = 0, np.uint64(0), np.uint64(0)
    for r in range(q):
        w = int(table[r, rhs])
        if basis[r] >= k or w == 0:
            continue
        if w < 0:
            return False
        m = members[basis[r]]
        weight += w
        for b in range(q):
            loads[b] += w * ((m >> b) & 1)
        if m < 64:
            p_low |= one << np.uint64(m)
        else:
            p_high |= one << np.uint64(m - 64)
    if weight != total or loads.max() > pivot_d:
        return False
    l_low, l_high = one, np.uint64(0)  # L_t: the empty set and every S with t(S) < D
    sums[0] = 0
    for m in range(1, 1 << q):
        b = 0
        while not (m >> b) & 1:
            b += 1
        sums[m] = sums[m ^ (1 << b)] + int(table[q, k + b])
        if sums[m] < pivot_d:
            if m < 64:
                l_low |= one << np.uint64(m)
            else:
                l_high |= one << np.uint64(m - 64)
    if (low & l_low) | (high & l_high):
        return False
    slot = state[1]
    memo[slot, 0], memo[slot, 1], memo[slot, 2], memo[slot, 3] = l_low, l_high, p_low, p_high
    memo[slot, 4], memo[slot, 5] = np.uint64(numerator), np.uint64(denominator)
    state[0] = min(state[0] + 1, memo.shape[0])
    state[1] = (slot + 1) % memo.shape[0]
    return True
