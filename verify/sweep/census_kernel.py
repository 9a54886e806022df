"""The census's hot loop compiled with numba: the four measures of many up-sets at once.

For an up-set U of sets on q <= 7 points (a truth table of 2^q bits, docs/census.md) the
kernel computes, per table, the row [fbs numerator, fbs denominator, s, bs, C, |U| - |A|] of
its antichain A of minimal members (Lemma 1 of docs/census.md; fbs is the paper's Definition
3.3 on A): A by testing each member against its one-smaller subsets, s the one-point
members, C = q - the largest size of a set not in U (H meets every member iff its complement
holds none), a greedy packing g (g <= bs <= fbs <= C): fbs = bs = C when g = C, else fbs
from a primal/dual pair remembered from an earlier visit of the batch that proves it here
(`verify.sweep.lp_memo`: two AND-s of table words a pair), from two bounds that meet, or by
an exact fraction-free integer simplex (Bareiss pivots from the all-slack basis; Dantzig's
rule, then Bland's; revised: only the basis inverse is kept, a member's column is summed
when needed), whose optimum is checked in integers as a primal/dual pair before it is
remembered. Its integers are held in doubles; it refuses to go on when an entry leaves
+-2^23 (every product then stays below 2^53, so each step is exact); then bs = g when
g = floor(fbs), else the largest r <= floor(fbs) with r disjoint sets in U (every one-point
member, then at most 3 members of >= 2 points, the last one a set of U: one bit test). An
overflowing simplex (or an optimum that fails its check) marks the row (denominator 0); the
caller recomputes that row in Python with Fractions (`verify.sensitivity.hypergraph`). For
q <= 7 the entries are minors of a 0/1 matrix and stay far below that bound, so the mark is
a safety net. The certified census of q <= 6 and the certified Q = 7 shards (`witnesses`,
verify.sweep.shard_certify) take bs and a largest packing
from a dynamic program over the subsets of [q] (the members through the lowest free point).

Nothing here is trusted: the tests compare every field with the pure-Python path
(`verify.sweep.class_rows.class_row`) on seeded and hypothesis-drawn tables, and the
certified census checks the values with the stdlib-only checker. Without numba (or with
FBS_NUMBA=0 in the environment) `COMPILED` is False and the callers take the Python path.
"""

from __future__ import annotations

import math

import numpy as np

from .jit import COMPILED, njit  # noqa: F401  (COMPILED: read here by the callers)
from .lp_memo import MEMO_PAIRS, recall, remember

MAX_KERNEL_ARITY = 7
ENTRY_LIMIT = 1 << 23  # fraction-free simplex entries beyond this: the Python fallback
DANTZIG_PIVOTS = 50
FIELDS = ("fbs_numerator", "fbs_denominator", "s", "bs", "C", "excess")
WORK = ("greedy_is_C", "remembered", "bounds_meet", "simplex", "packing_search")


@njit(cache=True)
def _popcount(x):
    """The number of one bits of a uint64 (SWAR)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _minimal(low, high, q, without_bit, members):
    """The minimal members (masks, increasing) into `members`; returns (their number, |U|,
    the members as a table: low word, high word).
    A member m is not minimal iff m minus one of its points is a member: the table's
    positions without point b, moved up by 2^b, mark those m (point 6 moves the low word
    into the high one)."""
    covered_low, covered_high = np.uint64(0), low if q == 7 else np.uint64(0)
    for b in range(min(q, 6)):
        shift = np.uint64(1 << b)
        covered_low |= (low & without_bit[b]) << shift
        covered_high |= (high & without_bit[b]) << shift
    k = 0
    minimal_low, minimal_high = low & ~covered_low, high & ~covered_high
    for word, base in ((minimal_low, 0), (minimal_high, 64)):
        while word:
            lowest = word & (~word + np.uint64(1))
            members[k] = base + _popcount(lowest - np.uint64(1))
            k += 1
            word ^= lowest
    return k, _popcount(low) + _popcount(high), minimal_low, minimal_high


@njit(cache=True)
def _transversal(low, high, q, level_low, level_high):
    """C: q minus the largest size of a set not in U (the empty set never is)."""
    for size in range(q, -1, -1):
        if (~low & level_low[size]) | (~high & level_high[size]):
            return q - size
    return q


@njit(cache=True)
def _packing(members, k, q, best, lowest_point, order, start):
    """bs: best[S] = the most disjoint members inside S; a member through the lowest point
    of S is taken or that point is left out (members bucketed by their lowest point)."""
    for b in range(q + 1):
        start[b] = 0
    for j in range(k):
        start[lowest_point[members[j]] + 1] += 1
    for b in range(q):
        start[b + 1] += start[b]
    for j in range(k):  # members are increasing, so each bucket stays increasing
        b = lowest_point[members[j]]
        order[start[b]] = members[j]
        start[b] += 1
    for b in range(q, 0, -1):
        start[b] = start[b - 1]
    start[0] = 0
    best[0] = 0
    for subset in range(1, 1 << q):
        b = lowest_point[subset]
        value = best[subset ^ (1 << b)]
        for j in range(start[b], start[b + 1]):
            m = order[j]
            if (m & ~subset) == 0 and best[subset ^ m] + 1 > value:
                value = best[subset ^ m] + 1
        best[subset] = value
    return best[(1 << q) - 1]


@njit(cache=True)
def _holds(low, high, position):
    """Whether the table (low, high) holds the set with mask `position`."""
    word = low if position < 64 else high
    return (word >> np.uint64(position & 63)) & np.uint64(1) == 1


@njit(cache=True)
def _disjoint_sets(low, high, members, k, q, s, needed):
    """Whether the up-set U (low, high) of the antichain `members` (s of them one-point) has
    `needed` > s pairwise disjoint sets. A largest packing can take every one-point member
    (no other member meets its point) and shrink each other set to a member, so the rest is
    needed - s disjoint members of size >= 2 inside T, the points of no one-point member:
    at most 3 on q <= 7 points. The last one needs only a set of U inside what is left,
    i.e. that set itself in U (U is an up-set)."""
    inside = (1 << q) - 1
    for j in range(k):
        if members[j] & (members[j] - 1) == 0:
            inside ^= members[j]
    rest = needed - s
    if rest == 1:
        return _holds(low, high, inside)
    for j in range(k):
        first = members[j]
        if first & (first - 1) == 0 or first & ~inside:
            continue
        if rest == 2 and _holds(low, high, inside ^ first):
            return True
        if rest == 3:
            for t in range(j + 1, k):
                second = members[t]
                if (second & (second - 1) and second & (first | ~inside) == 0
                        and _holds(low, high, inside ^ first ^ second)):
                    return True
    return False


@njit(cache=True)
def _packing_between(low, high, members, k, q, s, lower, upper):
    """bs, given lower <= bs <= upper and lower >= s: the largest r <= upper with r disjoint
    sets in U (4 disjoint sets of >= 2 points do not fit in 7 points)."""
    for needed in range(min(upper, s + 3), lower, -1):
        if _disjoint_sets(low, high, members, k, q, s, needed):
            return needed
    return lower


@njit(cache=True)
def _simplex(members, k, q, table, basis, limit):
    """max sum w_B, loads <= 1: (numerator, denominator) in lowest terms and the last pivot
    D, or (0, 0, 0) if an entry left +-limit. A revised simplex on the fraction-free
    tableau: table is (q + 1) x (k + q + 1) float64 scratch of which only the slack columns
    k..k+q-1 (D times the basis inverse, and in row q the dual) and the right-hand side
    k+q are kept; a member's column is the sum of the slack columns of its points (minus D
    in row q), computed when priced or entering. Entries are integers, exact in doubles
    while |entries| <= limit <= 2^23 (a column sum stays below 2^26, every product below
    2^50). basis: q scratch. On return table[q, k + i] / D is the optimal dual t_i, and row
    r holds basic column basis[r] at value table[r, k + q] / D. Dantzig's rule for the
    first DANTZIG_PIVOTS pivots, then Bland's (which cannot cycle), so the loop ends."""
    rhs = k + q
    for i in range(q + 1):
        for j in range(k, rhs + 1):
            table[i, j] = 0.0
    for i in range(q):
        table[i, k + i] = 1.0
        table[i, rhs] = 1.0
        basis[i] = k + i
    points = np.empty((k, q), np.int64)  # the slack columns of each member's points
    sizes = np.zeros(k, np.int64)
    for j in range(k):
        for b in range(q):
            if (members[j] >> b) & 1:
                points[j, sizes[j]] = k + b
                sizes[j] += 1
    pivot_d = 1.0
    pivots = 0
    while True:
        entering, lowest = -1, 0.0
        for j in range(rhs):
            if j < k:
                cost = -pivot_d
                for t in range(sizes[j]):
                    cost += table[q, points[j, t]]
            else:
                cost = table[q, j]
            if cost < 0 and (entering < 0 or cost < lowest):
                entering, lowest = j, cost
                if pivots >= DANTZIG_PIVOTS:
                    break
        if entering < 0:
            break
        if entering < k:
            for i in range(q + 1):
                total = -pivot_d if i == q else 0.0
                for t in range(sizes[entering]):
                    total += table[i, points[entering, t]]
                table[i, entering] = total
        leaving = -1
        for i in range(q):
            if table[i, entering] > 0:
                if leaving < 0:
                    leaving = i
                else:
                    left = table[i, rhs] * table[leaving, entering]
                    right = table[leaving, rhs] * table[i, entering]
                    if left < right or (left == right and basis[i] < basis[leaving]):
                        leaving = i
        p = table[leaving, entering]
        inverse = 1.0 / pivot_d
        largest = 0.0
        for i in range(q + 1):
            if i != leaving:
                factor = table[i, entering]
                for j in range(k, rhs + 1):
                    # an exact integer x / D: x * (1/D) is within |x / D| * 2^-51 of it,
                    # less than 1/2 while |x / D| <= 2^26, so rounding gives it back
                    value = math.floor((table[i, j] * p - factor * table[leaving, j])
                                       * inverse + 0.5)
                    table[i, j] = value
                    largest = max(largest, abs(value))
        if largest > limit:
            return 0, 0, 0
        pivot_d = p
        basis[leaving] = entering
        pivots += 1
    numerator, denominator = int(table[q, rhs]), int(pivot_d)
    a, b = numerator, denominator
    while b:
        a, b = b, a % b
    return numerator // a, denominator // a, denominator


@njit(cache=True)
def _greedy_packing(members, k, q):
    """A lower bound on bs: members taken smallest first while they meet none taken."""
    used, taken = 0, 0
    for size in range(1, q + 1):
        for j in range(k):
            m = members[j]
            count, rest = 0, m
            while rest:
                count += 1
                rest &= rest - 1
            if count == size and (m & used) == 0:
                used |= m
                taken += 1
    return taken


@njit(cache=True)
def _degree_and_smallest(members, k, q):
    """(Delta, r): the largest number of members through a point, the smallest member size."""
    degree_max, smallest = 0, q
    for i in range(q):
        degree = 0
        for j in range(k):
            degree += (members[j] >> i) & 1
        degree_max = max(degree_max, degree)
    for j in range(k):
        size = 0
        m = members[j]
        while m:
            size += 1
            m &= m - 1
        smallest = min(smallest, size)
    return degree_max, smallest


@njit(cache=True)
def _bounds_meet(members, k, q, bs, cover):
    """fbs without the simplex when two bounds meet, else (0, 0): weight 1/Delta on every
    member (Delta: the largest number of members through a point) is feasible, so
    fbs >= max(bs, k/Delta); t = 1/r on every point (r: the smallest member size) is a
    cover, so fbs <= min(C, q/r)."""
    degree_max, smallest = _degree_and_smallest(members, k, q)
    # compare fractions by cross-multiplying: lower = max(bs/1, k/degree_max),
    # upper = min(cover/1, q/smallest)
    low_n, low_d = bs, 1
    if k * low_d > low_n * degree_max:
        low_n, low_d = k, degree_max
    up_n, up_d = cover, 1
    if q * up_d < up_n * smallest:
        up_n, up_d = q, smallest
    if low_n * up_d != up_n * low_d:
        return 0, 0
    a, b = low_n, low_d
    while b:
        a, b = b, a % b
    return low_n // a, low_d // a


@njit(cache=True)
def _fbs(low, high, a_low, a_high, members, k, q, greedy, cover, limit, table, basis, memo,
         state, sums, work):
    """fbs of the antichain (members; as a table a_low, a_high) of the up-set (low, high) when
    greedy < C: a remembered primal/dual pair (lp_memo), else two bounds that meet, else the
    simplex, whose optimum is checked and remembered ((0, 0): overflow or a failed check)."""
    slot = recall(memo, state, low, high, a_low, a_high)
    if slot >= 0:
        work[1] += 1
        return int(memo[slot, 4]), int(memo[slot, 5])
    numerator, denominator = _bounds_meet(members, k, q, greedy, cover)
    if denominator != 0:
        work[2] += 1
        return numerator, denominator
    work[3] += 1
    numerator, denominator, pivot_d = _simplex(members, k, q, table, basis, limit)
    if denominator == 0 or not remember(memo, state, low, high, members, k, q, table, basis,
                                        pivot_d, numerator, denominator, sums):
        return 0, 0
    return numerator, denominator


@njit(cache=True)
def _evaluate(lows, high, q, limit, without_bit, level_low, level_high, out, work):
    """out[i] = the row of the table lows[i] | high << 64 (high = 0 for q <= 6); work counts
    the visits by path: [greedy = C, remembered pair, bounds meet, simplex], and those whose bs
    took the search of disjoint members."""
    members = np.zeros(64, np.int64)
    table = np.zeros((q + 1, 64 + q + 1), np.float64)
    basis = np.zeros(q, np.int64)
    memo = np.zeros((MEMO_PAIRS, 6), np.uint64)
    state = np.zeros(2, np.int64)
    sums = np.zeros(1 << q, np.int64)
    for i in range(lows.shape[0]):
        k, size, a_low, a_high = _minimal(lows[i], high, q, without_bit, members)
        s = 0
        for j in range(k):
            if members[j] & (members[j] - 1) == 0:
                s += 1
        cover = _transversal(lows[i], high, q, level_low, level_high)
        greedy = _greedy_packing(members, k, q)  # greedy <= bs <= fbs <= C
        if greedy == cover:
            work[0] += 1
            bs, numerator, denominator = greedy, greedy, 1
        else:
            numerator, denominator = _fbs(lows[i], high, a_low, a_high, members, k, q, greedy,
                                          cover, limit, table, basis, memo, state, sums, work)
            if denominator != 0 and greedy == numerator // denominator:
                bs = greedy  # bs <= floor(fbs)
            else:
                work[4] += 1
                upper = numerator // denominator if denominator != 0 else cover
                bs = _packing_between(lows[i], high, members, k, q, s, greedy, upper)
        out[i, 0] = numerator
        out[i, 1] = denominator
        out[i, 2] = s
        out[i, 3] = bs
        out[i, 4] = cover
        out[i, 5] = size - k


def _masks(q: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per word of 64 positions: the positions without point b (b < 6), and the positions
    of each size 0..q among the 2^q (low word: 0..63, high word: 64..127)."""
    without_bit = np.array([sum(1 << j for j in range(64) if not (j >> b) & 1)
                            for b in range(6)], dtype=np.uint64)
    level = [[sum(1 << (j - base) for j in range(base, min(1 << q, base + 64))
                  if j.bit_count() == size) for base in (0, 64)] for size in range(q + 1)]
    return (without_bit, np.array([lo for lo, _ in level], dtype=np.uint64),
            np.array([hi for _, hi in level], dtype=np.uint64))


def evaluate(lows: np.ndarray, high: int, q: int, limit: int = ENTRY_LIMIT,
             work: np.ndarray | None = None) -> np.ndarray:
    """The rows (FIELDS) of the tables lows[i] | high << 64 on q <= 7 points, one int64 row
    each; a row whose simplex overflowed (or whose optimum failed its check) is recomputed
    here with Fractions. `work` (5 int64, optional) receives the visits by path (WORK)."""
    if not 1 <= limit <= ENTRY_LIMIT:
        raise ValueError(f"limit must be in 1..2^23 (exact doubles), got {limit}")
    if not 1 <= q <= MAX_KERNEL_ARITY or (q < 7 and high):
        raise ValueError(f"the census kernel takes 1 <= q <= {MAX_KERNEL_ARITY} and a high "
                         f"word only at q = 7, got q = {q}")
    lows = np.ascontiguousarray(lows, dtype=np.uint64)
    out = np.zeros((len(lows), len(FIELDS)), np.int64)
    if work is None:
        work = np.zeros(len(WORK), np.int64)
    _evaluate(lows, np.uint64(high), q, limit, *_masks(q), out, work)
    for i in np.flatnonzero(out[:, 1] == 0).tolist():  # the overflow mark: Fractions
        out[i, :2] = _fraction_fbs(int(lows[i]) | (high << 64), q)
    return out


def _fraction_fbs(table: int, q: int) -> tuple[int, int]:
    from verify.sensitivity.hypergraph import fractional_packing

    from .antichains import minimal_members

    value = fractional_packing(minimal_members(table, q), q).value
    return value.numerator, value.denominator


@njit(cache=True)
def _witnesses(lows, highs, q, limit, without_bit, level_low, level_high, members_out,
               weights_out, packing_out, out):
    """For the certified census (q <= 7; the table lows[i] | highs[i] << 64): out[i] = [fbs
    numerator, denominator D (not reduced), s, bs, C, |U| - |A|, hitting set];
    members_out[i] the minimal members (-1 after them) with their primal numerators over D
    in weights_out[i]; dual numerators over D, point by point, in out[i, 7:7 + q]; a largest
    packing in packing_out[i] (-1 after it). A row whose simplex overflowed has D = 0."""
    n = 1 << q
    members = np.zeros(64, np.int64)
    best = np.zeros(n, np.int64)
    lowest_point = np.zeros(n, np.int64)
    popcount = np.zeros(n, np.int64)
    for m in range(1, n):
        lowest_point[m] = 0 if m & 1 else lowest_point[m >> 1] + 1
        popcount[m] = popcount[m >> 1] + (m & 1)
    order = np.zeros(64, np.int64)
    start = np.zeros(q + 2, np.int64)
    table = np.zeros((q + 1, 64 + q + 1), np.float64)
    basis = np.zeros(q, np.int64)
    for i in range(lows.shape[0]):
        k, size, _, _ = _minimal(lows[i], highs[i], q, without_bit, members)
        s = 0
        for j in range(k):
            members_out[i, j] = members[j]
            if members[j] & (members[j] - 1) == 0:
                s += 1
        bs = _packing(members, k, q, best, lowest_point, order, start)
        cover = _transversal(lows[i], highs[i], q, level_low, level_high)
        rest, taken = n - 1, 0
        while rest:  # a largest packing, back through the dynamic program
            b = lowest_point[rest]
            if best[rest] == best[rest ^ (1 << b)]:
                rest ^= 1 << b
                continue
            for j in range(start[b], start[b + 1]):
                m = order[j]
                if (m & ~rest) == 0 and best[rest ^ m] + 1 == best[rest]:
                    packing_out[i, taken] = m
                    taken += 1
                    rest ^= m
                    break
        hitting = 0  # the complement of a largest set not in U
        for m in range(n - 1, -1, -1):
            if popcount[m] == q - cover and not _holds(lows[i], highs[i], m):
                hitting = (n - 1) ^ m
                break
        out[i, 2], out[i, 3], out[i, 4], out[i, 5], out[i, 6] = s, bs, cover, size - k, hitting
        if bs == cover:
            out[i, 0], out[i, 1] = bs, 1
            for j in range(k):
                for t in range(taken):
                    if packing_out[i, t] == members[j]:
                        weights_out[i, j] = 1
            for b in range(q):
                out[i, 7 + b] = (hitting >> b) & 1
            continue
        numerator, _, pivot_d = _simplex(members, k, q, table, basis, limit)
        if pivot_d == 0:
            continue  # overflow: out[i, 1] stays 0
        out[i, 0], out[i, 1] = int(table[q, k + q]), pivot_d
        for b in range(q):
            out[i, 7 + b] = int(table[q, k + b])
        for r in range(q):
            if basis[r] < k:
                weights_out[i, basis[r]] = int(table[r, k + q])


def witnesses(lows: np.ndarray, q: int, limit: int = ENTRY_LIMIT, high: int = 0):
    """(rows, members, weights, packings) of the tables lows[i] | high << 64 on q <= 7
    points (a high word only at q = 7: a Q = 7 shard's prefix; see _witnesses); rows whose
    simplex overflowed have denominator 0 (the caller's fallback)."""
    if not 1 <= q <= MAX_KERNEL_ARITY or (q < 7 and high):
        raise ValueError(f"witnesses take 1 <= q <= {MAX_KERNEL_ARITY} and a high word only "
                         f"at q = 7, got q = {q}")
    lows = np.ascontiguousarray(lows, dtype=np.uint64)
    highs = np.full(len(lows), high, np.uint64)
    rows = np.zeros((len(lows), 7 + q), np.int64)
    width = math.comb(q, q // 2) + 1  # the widest antichain (Sperner), then a -1
    members = np.full((len(lows), width), -1, np.int64)
    weights = np.zeros((len(lows), width), np.int64)
    packings = np.full((len(lows), q + 1), -1, np.int64)
    _witnesses(lows, highs, q, limit, *_masks(q), members, weights, packings, rows)
    return rows, members, weights, packings


@njit(cache=True)
def _least_images(tables, deltas, masks, out):
    """out[i] = the least image of tables[i] under all permutations of the points (Heap's
    transpositions as delta swaps)."""
    for i in range(tables.shape[0]):
        current = tables[i]
        least = current
        for t in range(deltas.shape[0]):
            moved = ((current >> deltas[t]) ^ current) & masks[t]
            current = current ^ moved ^ (moved << deltas[t])
            if current < least:
                least = current
        out[i] = least


def least_images(tables: np.ndarray, q: int) -> np.ndarray:
    """The canonical table (least over all q! permutations) of each up-set on q <= 6 points:
    the compiled twin of verify.sweep.antichains.canonical_tables."""
    from .antichains import _delta_swap, heap_transpositions

    swaps = [_delta_swap(a, b, q) for a, b in heap_transpositions(q)]
    deltas = np.array([d for d, _ in swaps], dtype=np.uint64)
    masks = np.array([m for _, m in swaps], dtype=np.uint64)
    out = np.empty(len(tables), np.uint64)
    _least_images(np.ascontiguousarray(tables, dtype=np.uint64), deltas, masks, out)
    return out
