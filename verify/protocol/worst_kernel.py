"""The catch pairs of a level's distinct rows in `worst_case_keyed.level_classes`, compiled
with numba (issue 29 item 1): `worst_case._best_by_weight` for both claims of every new row
of children's classes, in int64 arithmetic (paper Theorem 4.2: the catch of a claim is the
least, over the weights w with phi = claim and fbs_w <= rho, of sum_i p_i catch(child_i, z_i),
where z puts its w ones on the children with the w smallest catch(., 1) p1 - catch(., 0) p0).

The same steps as the Python path: the children's catch values over their common
denominator D, each weight's total over D m1 m0 (p1 = n1/m1, p0 = n0/m0), the least total by
exact cross products, the result reduced. Only the catch values are computed here (the level
DP keeps no z). Every product and sum is tested in doubles against `limit` (below 2^62)
before it is formed; a row that could pass it is marked (status 1) and its pair is computed
by the Python path instead, so the values are exact and identical either way. Rows are
independent, so a hand-over touches that row only. Nothing here is trusted; the tests
(tests/protocol/test_worst_kernel.py) compare every field with FBS_NUMBA=0's Python path.
"""

from __future__ import annotations

import numpy as np

from verify.base.int64 import fits as _fits
from verify.base.int64 import gcd as _gcd
from verify.base.jit import njit

LIMIT = 4.0e18  # below 2^62: a guarded product or sum never reaches int64's 2^63


@njit(cache=True)
def _row_scale(row, num, den, limit):
    """The lcm D of the denominators of the row's catch values, or -1 if it could overflow."""
    scale = 1
    for c in row:
        for side in range(2):
            d = den[c, side]
            step = d // _gcd(scale, d)
            if not _fits(scale, step, limit):
                return -1
            scale *= step
    return scale


@njit(cache=True)
def _claim_catch(row, num, den, scale, weights, claim, limit, out, z):
    """(p, q) of the least catch for `claim` into out[0], out[1] and Alice's claim vector
    into z (out[2] = 0: no weight passes); False if it could overflow. weights: per weight w,
    (phi, passes fbs <= rho, has p, n1, m1, n0, m0). The z of `_best_by_weight`: the w
    smallest d_i, ties to the later children; equal catches to the smallest z."""
    q = len(row)
    zeros = np.empty(q, dtype=np.int64)
    ones = np.empty(q, dtype=np.int64)
    top = np.int64(1)  # the largest |numerator| over D
    for i in range(q):
        c = row[i]
        if not (_fits(num[c, 0], scale // den[c, 0], limit)
                and _fits(num[c, 1], scale // den[c, 1], limit)):
            return False
        zeros[i] = num[c, 0] * (scale // den[c, 0])
        ones[i] = num[c, 1] * (scale // den[c, 1])
        top = max(top, abs(zeros[i]), abs(ones[i]))
    best_p, best_q, found = np.int64(1), np.int64(1), False
    diff = np.empty(q, dtype=np.int64)
    candidate = np.empty(q, dtype=np.int64)
    for w in range(weights.shape[0]):
        if weights[w, 0] != claim or weights[w, 1] == 0:
            continue
        candidate[:] = 0
        if weights[w, 2] == 0:  # fbs = 0: Alice wins at once, with the last w children
            total, denominator = np.int64(0), np.int64(1)
            candidate[q - w:] = 1
        else:
            n1, m1, n0, m0 = weights[w, 3], weights[w, 4], weights[w, 5], weights[w, 6]
            if not (_fits(n0, m1, limit) and _fits(n1, m0, limit) and _fits(m1, m0, limit)
                    and _fits(scale, m1 * m0, limit)):
                return False
            f0, f1 = n0 * m1, n1 * m0
            if not _fits(max(abs(f0), abs(f1)), top, limit * 0.5 / q):
                return False  # then |base|, every |diff| and |total| stay below the limit
            total = np.int64(0)
            for i in range(q):  # diff reversed: a stable sort puts later children first
                total += f0 * zeros[i]
                diff[q - 1 - i] = f1 * ones[i] - f0 * zeros[i]
            order = np.argsort(diff, kind="mergesort")
            for j in range(w):
                total += diff[order[j]]
                candidate[q - 1 - order[j]] = 1
            denominator = scale * m1 * m0
        if found:
            if not (_fits(total, best_q, limit) and _fits(best_p, denominator, limit)):
                return False
            left, right = total * best_q, best_p * denominator
            if left > right or (left == right and not _before(candidate, z)):
                continue
        best_p, best_q, found = total, denominator, True
        z[:] = candidate
    if found:
        g = _gcd(abs(best_p), best_q)
        out[0], out[1], out[2] = best_p // g, best_q // g, 1
    else:  # no weight passes: Alice is caught for sure
        out[0], out[1], out[2] = 1, 1, 0
    return True


@njit(cache=True)
def _before(a, b):
    """Whether the 0/1 vector a comes before b in lexicographic (truth-table) order."""
    for i in range(len(a)):
        if a[i] != b[i]:
            return a[i] < b[i]
    return False


@njit(cache=True)
def level_pairs(rows, num, den, weights, limit):
    """Per row: status (0 done, 1 could overflow: the Python path computes it) and the
    reduced catch pairs (p0, q0, p1, q1)."""
    n = rows.shape[0]
    status = np.zeros(n, dtype=np.int64)
    pairs = np.zeros((n, 4), dtype=np.int64)
    out = np.zeros(3, dtype=np.int64)
    z = np.zeros(rows.shape[1], dtype=np.int64)
    for r in range(n):
        row = rows[r]
        scale = _row_scale(row, num, den, limit)
        if scale < 0:
            status[r] = 1
            continue
        for claim in range(2):
            if not _claim_catch(row, num, den, scale, weights, claim, limit, out, z):
                status[r] = 1
                break
            pairs[r, 2 * claim], pairs[r, 2 * claim + 1] = out[0], out[1]
    return status, pairs


@njit(cache=True)
def claim_choice(row, num, den, weights, claim, limit):
    """Alice's choice at one node for `claim`: (status: 0 done, 1 could overflow; 1 if some
    weight passes, else 0; her claim vector z)."""
    out = np.zeros(3, dtype=np.int64)
    z = np.zeros(len(row), dtype=np.int64)
    scale = _row_scale(row, num, den, limit)
    if scale < 0 or not _claim_catch(row, num, den, scale, weights, claim, limit, out, z):
        return 1, 0, z
    return 0, out[2], z
