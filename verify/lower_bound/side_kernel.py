"""The per-key work of `side_levels.SideLevels` compiled with numba (issue 29): a level's
distinct multisets of children's classes resolved to parent classes, in int64 arithmetic.

The same steps as `SideLevels.parent`, in the same order (so the numbers, classes and side
records get the same ids and the same order): a parent at weight w has a ones side (need
d_down, the accepted values of its children with z_i = 1) and a zeros side (d_up); each side
is looked up by (need, sorted capacity ids) and, when new, solved by the capacitated
k-uniform packing of `verify.sensitivity.weighted.side_packing` (T = the sum without the j*
largest over k - j*, dual 1/(k - j*) on the rest, 0 on the j* largest, 1 on a zero
capacity); rho is the sum of the sides' T; the path products are local fbs_w times the
least (largest) of the children's. Paper Section 5, certificates/FORMAT.md kind tree
version 3.

Every value is a reduced pair (p, q) of int64; a product or sum that could pass `limit`
(2^62 by default, tested in doubles before it is formed), an exact comparison whose cross
products could, or two side keys of one 64-bit hash, stop the level *before* the row that
needs it changes anything: the caller (`SideLevels`) takes the state over in Python
(Fractions) and goes on from that row. Nothing here is trusted: the certificate goes to the
stdlib-only checker, and tests/lower_bound/test_side_kernel.py compares every side record,
class and rho_T with the pure-Python path (FBS_NUMBA=0 or no numba: only that path runs).
"""

from __future__ import annotations

import numpy as np

from verify.base.int64 import fits as _fits
from verify.base.int64 import gcd as _gcd
from verify.base.jit import COMPILED, njit

if COMPILED:
    from numba import types
    from numba.typed import Dict, List

    PAIR, QUAD = types.UniTuple(types.int64, 2), types.UniTuple(types.int64, 4)
else:  # the Python path (side_levels.SideLevels) is used instead
    types = Dict = List = PAIR = QUAD = None

LIMIT = 4.0e18  # below 2^62: a guarded product or sum never reaches int64's 2^63
NEAR = 1e-9     # doubles decide a comparison when the values differ by more than this, relatively


@njit(cache=True)
def _intern(p, q, num_p, num_q, num_f, num_of):
    """The id of the reduced pair p/q, a new one if it is not known."""
    key = (p, q)
    if key in num_of:
        return num_of[key]
    found = len(num_p)
    num_of[key] = found
    num_p.append(p)
    num_q.append(q)
    num_f.append(p / q)
    return found


@njit(cache=True)
def _less(a, b, num_p, num_q, num_f, limit):
    """1 if value a < value b, 0 if not, -1 if the exact comparison could overflow."""
    fa, fb = num_f[a], num_f[b]
    if abs(fa - fb) > NEAR * max(abs(fa), abs(fb)):
        return 1 if fa < fb else 0
    if not (_fits(num_p[a], num_q[b], limit) and _fits(num_p[b], num_q[a], limit)):
        return -1
    return 1 if num_p[a] * num_q[b] < num_p[b] * num_q[a] else 0


@njit(cache=True)
def _extreme(kids, column, smallest, num_p, num_q, num_f, limit):
    """The id of the least (or largest) value column[c] over the kids; -1 on overflow."""
    best = column[kids[0]]
    for t in range(1, kids.shape[0]):
        other = column[kids[t]]
        if other == best:
            continue
        less = _less(other, best, num_p, num_q, num_f, limit) if smallest else \
            _less(best, other, num_p, num_q, num_f, limit)
        if less < 0:
            return -1
        if less == 1:
            best = other
    return best


@njit(cache=True)
def _times(p1, q1, p2, q2, limit):
    """(p1 p2, q1 q2) reduced; ok False if it could overflow."""
    if not (_fits(p1, p2, limit) and _fits(q1, q2, limit)):
        return 0, 1, False
    p, q = p1 * p2, q1 * q2
    g = _gcd(p, q)
    return p // g, q // g, True


@njit(cache=True)
def _plus(p1, q1, p2, q2, limit):
    """p1/q1 + p2/q2 reduced; ok False if it could overflow."""
    if not (_fits(p1, q2, limit) and _fits(p2, q1, limit) and _fits(q1, q2, limit)) or \
            abs(float(p1) * float(q2) + float(p2) * float(q1)) >= limit:
        return 0, 1, False
    p, q = p1 * q2 + p2 * q1, q1 * q2
    g = _gcd(p, q)
    return p // g, q // g, True


@njit(cache=True)
def _packing(k, ids, m, num_p, num_q, limit, codes, scaled, order):
    """side_packing on the capacities ids[:m] (sorted): (p, q, ok) of T, and codes[:m] the
    dual (0: 0, c >= 1: 1/c)."""
    usable = 0
    for t in range(m):
        if num_p[ids[t]] != 0:
            codes[t] = 0
            usable += 1
        else:
            codes[t] = 1
    if usable < k:
        return 0, 1, True
    denominator = 1
    for t in range(m):
        if num_p[ids[t]] != 0:
            d = num_q[ids[t]]
            g = _gcd(denominator, d)
            if not _fits(denominator // g, d, limit):
                return 0, 1, False
            denominator = denominator // g * d
    n = 0
    for t in range(m):  # positions by (scaled capacity, position), decreasing
        if num_p[ids[t]] == 0:
            continue
        factor = denominator // num_q[ids[t]]
        if not _fits(num_p[ids[t]], factor, limit / m):
            return 0, 1, False
        c = num_p[ids[t]] * factor
        s = n
        while s > 0 and (scaled[s - 1] < c or (scaled[s - 1] == c and order[s - 1] < t)):
            scaled[s] = scaled[s - 1]
            order[s] = order[s - 1]
            s -= 1
        scaled[s] = c
        order[s] = t
        n += 1
    best_j, best_sum, total = 0, 0, 0
    for s in range(n):
        total += scaled[s]
    suffix = total
    best_sum = total
    for j in range(1, k):  # suffix[j] / (k - j) < suffix[best_j] / (k - best_j)
        suffix -= scaled[j - 1]
        if not (_fits(suffix, k, limit) and _fits(best_sum, k, limit)):
            return 0, 1, False
        if suffix * (k - best_j) < best_sum * (k - j):
            best_j, best_sum = j, suffix
    share = k - best_j
    for s in range(best_j, n):
        codes[order[s]] = share
    p, q, ok = _times(best_sum, 1, 1, denominator, limit)
    if not ok or not _fits(q, share, limit):
        return 0, 1, False
    q *= share
    g = _gcd(p, q)
    return p // g, q // g, True


@njit(cache=True)
def _side_hash(need, ids, m):
    h = np.uint64(need) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(m)
    for t in range(m):
        h = (h ^ np.uint64(ids[t])) * np.uint64(0x100000001B3)
    return h


@njit(cache=True)
def _find_side(need, ids, m, h, side_of, side_need, side_start, side_ids):
    """The side's index, -1 if new, -2 if another key has its hash (a collision)."""
    if h not in side_of:
        return -1
    index = side_of[h]
    start = side_start[index]
    if side_need[index] != need or side_start[index + 1] - start != m:
        return -2
    for t in range(m):
        if side_ids[start + t] != ids[t]:
            return -2
    return index


@njit(cache=True)
def _sort_small(a, m):
    for s in range(1, m):
        x = a[s]
        t = s
        while t > 0 and a[t - 1] > x:
            a[t] = a[t - 1]
            t -= 1
        a[t] = x


@njit(cache=True)
def run_level(rows, counts, q, values_bit, need_down, need_up, local_p, local_q, limit,
              numbers, classes, sides, caches, mapped):
    """Resolve rows[r] (sorted children's classes) with counts[r] nodes, r = 0, 1, ...,
    into mapped[r]; returns the number of rows done (all, or the first that would overflow:
    nothing of that row is changed)."""
    num_p, num_q, num_f, num_of = numbers
    cls_v, cls_r, cls_lo, cls_hi, cls_of = classes
    side_need, side_start, side_ids, side_codes, side_value, side_uses, side_of = sides
    products, sums, seen = caches
    ones = np.empty(q, np.int64)
    zeros = np.empty(q, np.int64)
    codes = np.empty((2, q), np.int64)
    scaled = np.empty(q, np.int64)
    order = np.empty(q, np.int64)
    found = np.empty(2, np.int64)
    hashes = np.empty(2, np.uint64)
    value_p = np.empty(2, np.int64)
    value_q = np.empty(2, np.int64)
    sum_p, sum_q, low_id, high_id = 0, 1, 0, 0
    for r in range(rows.shape[0]):
        kids = rows[r]
        w, n0 = 0, 0
        for c in kids:
            if cls_v[c]:
                ones[w] = cls_r[c]
                w += 1
            else:
                zeros[n0] = cls_r[c]
                n0 += 1
        _sort_small(ones, w)
        _sort_small(zeros, n0)
        needs = (need_down[w], need_up[w])
        # phase 1: compute, change nothing
        for d in range(2):
            found[d] = -1
            if needs[d] < 0:
                continue
            ids, m = (ones, w) if d == 0 else (zeros, n0)
            hashes[d] = _side_hash(needs[d], ids, m)
            index = _find_side(needs[d], ids, m, hashes[d], side_of, side_need, side_start,
                               side_ids)
            if index == -2:
                return r
            found[d] = index
            if index >= 0:
                v = side_value[index]
                value_p[d], value_q[d] = num_p[v], num_q[v]
            else:
                p, pq, ok = _packing(needs[d], ids, m, num_p, num_q, limit, codes[d], scaled,
                                     order)
                if not ok:
                    return r
                value_p[d], value_q[d] = p, pq
        if needs[0] >= 0 and needs[1] >= 0:
            sum_p, sum_q, ok = _plus(value_p[0], value_q[0], value_p[1], value_q[1], limit)
            if not ok:
                return r
        low = _extreme(kids, cls_lo, True, num_p, num_q, num_f, limit)
        high = _extreme(kids, cls_hi, False, num_p, num_q, num_f, limit)
        if low < 0 or high < 0:
            return r
        low_p, low_q, ok_low = _times(local_p[w], local_q[w], num_p[low], num_q[low], limit)
        high_p, high_q, ok_high = _times(local_p[w], local_q[w], num_p[high], num_q[high],
                                         limit)
        if not (ok_low and ok_high):
            return r
        # phase 2: commit, in SideLevels.parent's order
        rho = -1
        for d in range(2):
            if needs[d] < 0:
                continue
            ids, m = (ones, w) if d == 0 else (zeros, n0)
            index = _find_side(needs[d], ids, m, hashes[d], side_of, side_need, side_start,
                               side_ids)
            if index < 0:
                index = len(side_need)
                side_of[hashes[d]] = index
                side_need.append(needs[d])
                for t in range(m):
                    side_ids.append(ids[t])
                    side_codes.append(codes[d, t])
                side_start.append(len(side_ids))
                side_value.append(_intern(value_p[d], value_q[d], num_p, num_q, num_f, num_of))
                side_uses.append(0)
            side_uses[index] += counts[r]
            v = side_value[index]
            if rho < 0:
                rho = v
            else:
                total = sums[(rho, v)] if (rho, v) in sums else -1
                if total < 0:
                    total = _intern(sum_p, sum_q, num_p, num_q, num_f, num_of)
                    sums[(rho, v)] = total
                rho = total
        if rho < 0:
            rho = _intern(0, 1, num_p, num_q, num_f, num_of)
        seen[w] = True
        for d in range(2):
            key = (w, low if d == 0 else high)
            product = products[key] if key in products else -1
            if product < 0:
                product = _intern(low_p if d == 0 else high_p, low_q if d == 0 else high_q,
                                  num_p, num_q, num_f, num_of)
                products[key] = product
            if d == 0:
                low_id = product
            else:
                high_id = product
        key4 = (values_bit[w], rho, low_id, high_id)
        cls = cls_of[key4] if key4 in cls_of else -1
        if cls < 0:
            cls = len(cls_v)
            cls_of[key4] = cls
            cls_v.append(values_bit[w])
            cls_r.append(rho)
            cls_lo.append(low_id)
            cls_hi.append(high_id)
        mapped[r] = cls
    return rows.shape[0]


@njit(cache=True)
def new_state(q):
    """The empty tables: number 0 is 1, classes 0 and 1 the leaves (value 0, 1; rho, low
    and high 1)."""
    num_p, num_q = List.empty_list(types.int64), List.empty_list(types.int64)
    num_f = List.empty_list(types.float64)
    num_of = Dict.empty(key_type=PAIR, value_type=types.int64)
    _intern(1, 1, num_p, num_q, num_f, num_of)
    cls_v, cls_r = List.empty_list(types.int64), List.empty_list(types.int64)
    cls_lo, cls_hi = List.empty_list(types.int64), List.empty_list(types.int64)
    cls_of = Dict.empty(key_type=QUAD, value_type=types.int64)
    for bit in range(2):
        cls_v.append(bit)
        cls_r.append(0)
        cls_lo.append(0)
        cls_hi.append(0)
        cls_of[(bit, 0, 0, 0)] = bit
    side_need, side_start = List.empty_list(types.int64), List.empty_list(types.int64)
    side_start.append(0)
    side_ids, side_codes = List.empty_list(types.int64), List.empty_list(types.int64)
    side_value, side_uses = List.empty_list(types.int64), List.empty_list(types.int64)
    side_of = Dict.empty(key_type=types.uint64, value_type=types.int64)
    products = Dict.empty(key_type=PAIR, value_type=types.int64)
    sums = Dict.empty(key_type=PAIR, value_type=types.int64)
    seen = np.zeros(q + 1, np.bool_)
    return ((num_p, num_q, num_f, num_of), (cls_v, cls_r, cls_lo, cls_hi, cls_of),
            (side_need, side_start, side_ids, side_codes, side_value, side_uses, side_of),
            (products, sums, seen))


@njit(cache=True)
def as_array(values):
    """A typed list of int64 as an array (one pass in compiled code)."""
    out = np.empty(len(values), np.int64)
    for t in range(len(values)):
        out[t] = values[t]
    return out


@njit(cache=True)
def length(values):
    """len of a typed list (called from Python, the typed list's own method compiles)."""
    return len(values)


@njit(cache=True)
def item(values, index):
    """values[index] of a typed list of int64 (as `length`)."""
    return values[index]


@njit(cache=True)
def leaf_parents(bits, seen):
    """The parents of leaves from their children's ASCII digits (rows of bits): the number
    of ones of each, how many parents have each number, and seen[z] set for each z (the
    children's bits, the first most significant) that occurs."""
    n, q = bits.shape
    ones = np.empty(n, np.int32)
    counts = np.zeros(q + 1, np.int64)
    for j in range(n):
        w, code = 0, 0
        for i in range(q):
            b = bits[j, i] - 48
            w += b
            code = 2 * code + b
        ones[j] = w
        counts[w] += 1
        seen[code] = True
    return ones, counts
