"""The compiled producer of kind `census-shard` certificates (certificates/FORMAT.md, section 13;
issue 38): the census kernel's walk over a shard's visits, emitting as it goes the LP pairs
that prove the visits' fbs and bs and, per visit, the index of its pair.

Untrusted producer; nothing it writes counts until a checker accepts the file. Per visit, in
the checker's order (`census_shards.shard_lower`), as `census_kernel._evaluate`: the minimal
members A, s, C and a greedy packing g. Then the pair:

1. the most recent of the last MEMO_PAIRS pairs that proves nu*(A) (its support P inside A,
   U missing L_t = {S : t(S) < D}: our Lemma P of FORMAT.md section 13, the test of
   `lp_memo.recall`) and whose packing lies in U with floor(value) members (so the checker
   takes bs = floor(fbs) without its packing program);
2. else a pair proving nu*(A) from the memo, or a new one: g = C gives w = 1 on g's members
   and t = 1 on the complement of a largest set outside U (D = 1); two bounds that meet
   (`census_kernel._bounds_meet`) give w = 1 on g or on every member, t = 1 on a hitting set
   or on every point, over a common D; else the kernel's exact simplex, its optimum checked in
   integers (as `lp_memo.remember`). Then bs and a largest packing: g when g = floor(fbs),
   else the kernel's search of disjoint sets of U (`census_kernel._disjoint_sets`, here
   returning the sets); a new pair with that packing is added (when an old pair proved fbs,
   with its w and t), except when bs < floor(fbs) and an old pair proved fbs: that pair is
   named as it is (the checker runs its packing program for the visit either way).

A visit whose bs < floor(fbs) makes the checker run its packing program; those visits are
counted (`packing_programs`) so the driver can split a shard whose part would exceed the
checker's bound (MAX_PACKING_PROGRAMS). `ShardWalk` walks the whole shard once, in its order
(consecutive visits share most members: a part k/n walked alone, every n-th visit, reuses
fewer pairs and cost 1.9x the kernel at Q = 7, bench/RESULTS.md), and cuts each part from
that walk: its visits, the pairs they name (in the walk's order) and its row. The JSON is
written here, canonical (`verify.base.numbers.canonical_json`: sorted keys, no spaces), the
pairs and `use` by compiled code, so producing costs about what the kernel's row costs. The
row (the `counts`) is added up from the visits' rows as `census_shards.compiled_counts` adds
the kernel's. An overflowing simplex or an optimum failing its integer check (never seen for
q <= 7), or no numba, makes every part the Python producer's (`shard_certificate`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np

from verify.base.numbers import canonical_json, fraction_text, int_text

from .census_kernel import (
    ENTRY_LIMIT,
    _bounds_meet,
    _degree_and_smallest,
    _holds,
    _masks,
    _minimal,
    _popcount,
    _simplex,
    _transversal,
)
from .jit import COMPILED, njit

MEMO_PAIRS = 64  # consecutive visits of a shard share most members
PRODUCER = {"tool": "fbs-verify", "method": "census shard, compiled producer (LP pairs reused)"}
FAILED = -1  # the kernel's return when a simplex overflowed or its optimum failed the check
CAPACITY = -2  # the kernel's return when its pair arrays are full (the caller doubles them)
ROW_BITS = 10  # per field of a visit's row key (at q <= 7 every field is below 2^10)


@njit(cache=True)
def _set_bit(low, high, m):
    """The table (low, high) with the set of mask m added."""
    one = np.uint64(1)
    if m < 64:
        return low | (one << np.uint64(m)), high
    return low, high | (one << np.uint64(m - 64))


@njit(cache=True)
def _greedy(members, k, q, out):
    """A greedy packing (members smallest first while they meet none taken) into out; its
    size (as census_kernel._greedy_packing)."""
    used, taken = 0, 0
    for size in range(1, q + 1):
        for j in range(k):
            m = members[j]
            if _popcount(np.uint64(m)) == size and (m & used) == 0:
                used |= m
                out[taken] = m
                taken += 1
    return taken


@njit(cache=True)
def _disjoint(low, high, members, k, q, s, needed, out):
    """As census_kernel._disjoint_sets (whether U holds `needed` > s disjoint sets), the sets
    into out (the one-point members first); their number, or 0."""
    inside, taken = (1 << q) - 1, 0
    for j in range(k):
        if members[j] & (members[j] - 1) == 0:
            inside ^= members[j]
            out[taken] = members[j]
            taken += 1
    rest = needed - s
    if rest == 1:
        if inside and _holds(low, high, inside):
            out[taken] = inside
            return taken + 1
        return 0
    for j in range(k):
        first = members[j]
        if first & (first - 1) == 0 or first & ~inside:
            continue
        if rest == 2 and (inside ^ first) and _holds(low, high, inside ^ first):
            out[taken], out[taken + 1] = first, inside ^ first
            return taken + 2
        if rest == 3:
            for t in range(j + 1, k):
                second = members[t]
                last = inside ^ first ^ second
                if (second & (second - 1) and second & (first | ~inside) == 0 and last
                        and _holds(low, high, last)):
                    out[taken], out[taken + 1], out[taken + 2] = first, second, last
                    return taken + 3
    return 0


@njit(cache=True)
def _low_sets(dual, denominator, q, sums):
    """The table (low, high) of the sets S with t(S) < D, the empty set included."""
    low, high = np.uint64(1), np.uint64(0)
    sums[0] = 0
    for m in range(1, 1 << q):
        b = 0
        while not (m >> b) & 1:
            b += 1
        sums[m] = sums[m ^ (1 << b)] + dual[b]
        if sums[m] < denominator:
            low, high = _set_bit(low, high, m)
    return low, high


@njit(cache=True)
def _hitting_set(low, high, q, cover, level_low, level_high):
    """The complement of a set of q - C points outside U: C points meeting every member."""
    size = q - cover
    word = ~low & level_low[size]
    base = 0
    if word == 0:
        word, base = ~high & level_high[size], 64
    position = base + _popcount((word & (~word + np.uint64(1))) - np.uint64(1))
    return ((1 << q) - 1) ^ position


@njit(cache=True)
def _new_pair(pairs, p, q, members, k, greedy_masks, g, cover, hitting, lower_all, upper_all,
              delta, smallest):
    """Pair p without the simplex: w = 1 on the greedy packing (or, lower_all, on every
    member over Delta), t = 1 on the hitting set (or, upper_all, on every point over the
    smallest member size r), over their common denominator."""
    den_w = delta if lower_all else 1
    den_t = smallest if upper_all else 1
    a, b = den_w, den_t
    while b:
        a, b = b, a % b
    common = den_w // a * den_t
    den, weight_count, weight_mask, weight_num, dual = pairs
    den[p] = common
    count = 0
    if lower_all:
        for j in range(k):
            weight_mask[p, count], weight_num[p, count] = members[j], common // den_w
            count += 1
    else:
        for j in range(k):  # in the members' (increasing) order
            for t in range(g):
                if greedy_masks[t] == members[j]:
                    weight_mask[p, count], weight_num[p, count] = members[j], common // den_w
                    count += 1
    weight_count[p] = count
    for bit in range(q):
        if upper_all:
            dual[p, bit] = common // den_t
        else:
            dual[p, bit] = common // den_t if (hitting >> bit) & 1 else 0


@njit(cache=True)
def _simplex_pair(pairs, p, q, members, k, table, basis, pivot_d, low, high, sums, weights):
    """Pair p from the simplex's optimum, checked in integers as lp_memo.remember checks it
    (w, t >= 0, loads <= D, sum w = sum t, U missing L_t); False if the check fails."""
    den, weight_count, weight_mask, weight_num, dual = pairs
    rhs = k + q
    total = 0
    for bit in range(q):
        t = int(table[q, k + bit])
        if t < 0:
            return False
        dual[p, bit] = t
        total += t
    if pivot_d <= 0 or total != int(table[q, rhs]):
        return False
    for j in range(k):
        weights[j] = 0
    for r in range(q):
        if basis[r] < k:
            weights[basis[r]] = int(table[r, rhs])
    loads = np.zeros(q, np.int64)
    count, weight = 0, 0
    for j in range(k):
        if weights[j] < 0:
            return False
        if weights[j] > 0:
            weight_mask[p, count], weight_num[p, count] = members[j], weights[j]
            count += 1
            weight += weights[j]
            for bit in range(q):
                loads[bit] += weights[j] * ((members[j] >> bit) & 1)
    if weight != total or loads.max() > pivot_d:
        return False
    den[p], weight_count[p] = pivot_d, count
    below_low, below_high = _low_sets(dual[p], pivot_d, q, sums)
    return ((low & below_low) | (high & below_high)) == 0


@njit(cache=True)
def _copy_pair(pairs, source, p, q):
    den, weight_count, weight_mask, weight_num, dual = pairs
    den[p], weight_count[p] = den[source], weight_count[source]
    for j in range(weight_count[source]):
        weight_mask[p, j], weight_num[p, j] = weight_mask[source, j], weight_num[source, j]
    for bit in range(q):
        dual[p, bit] = dual[source, bit]


@njit(cache=True)
def _store(memo, state, pairs, p, q, packing, packed, full, sums):
    """Remember pair p: [L_t low, high, P low, high, packing low, high, full, p]."""
    den, weight_count, weight_mask, _, dual = pairs
    slot = state[1]
    memo[slot, 0], memo[slot, 1] = _low_sets(dual[p], den[p], q, sums)
    support_low, support_high = np.uint64(0), np.uint64(0)
    for j in range(weight_count[p]):
        support_low, support_high = _set_bit(support_low, support_high, weight_mask[p, j])
    pack_low, pack_high = np.uint64(0), np.uint64(0)
    for j in range(packed):
        pack_low, pack_high = _set_bit(pack_low, pack_high, packing[p, j])
    memo[slot, 2], memo[slot, 3], memo[slot, 4], memo[slot, 5] = (
        support_low, support_high, pack_low, pack_high)
    memo[slot, 6], memo[slot, 7] = np.uint64(1 if full else 0), np.uint64(p)
    state[0] = min(state[0] + 1, memo.shape[0])
    state[1] = (slot + 1) % memo.shape[0]


@njit(cache=True)
def _recall(memo, state, low, high, a_low, a_high):
    """(the most recent slot whose pair proves nu*(A) with a packing of floor(value) sets of
    U, the most recent slot whose pair proves nu*(A)), -1 where there is none."""
    slots = memo.shape[0]
    proving = -1
    for back in range(1, state[0] + 1):
        slot = (state[1] - back) % slots
        if ((low & memo[slot, 0]) | (high & memo[slot, 1]) | (memo[slot, 2] & ~a_low)
                | (memo[slot, 3] & ~a_high)) == 0:
            if memo[slot, 6] and ((memo[slot, 4] & ~low) | (memo[slot, 5] & ~high)) == 0:
                return slot, slot
            if proving < 0:
                proving = slot
    return -1, proving


@njit(cache=True)
def _fraction(pairs, p):
    den, weight_count, _, weight_num, _ = pairs
    total = 0
    for j in range(weight_count[p]):
        total += weight_num[p, j]
    a, b = total, den[p]
    while b:
        a, b = b, a % b
    return total // a, den[p] // a


@njit(cache=True)
def _produce(lows, high, q, limit, without_bit, level_low, level_high, pairs, packing,
             packing_size, full, use, keys, counters, memo_pairs):
    """The walk: use[i] = the pair of visit i, keys[i] = its row (census_kernel.FIELDS, 10
    bits a field, as census_shards.distinct_rows packs them); pairs (den, weight count,
    weight masks, weight numerators, dual by bit), packing (masks, size) and full (the
    packing has floor(value) sets) filled from 0; counters = [pairs, packing programs,
    simplex runs, pairs reused]. Returns the number of pairs, FAILED, or CAPACITY when the
    pair arrays are full."""
    members = np.zeros(64, np.int64)
    greedy_masks = np.zeros(q + 1, np.int64)
    found = np.zeros(q + 1, np.int64)
    weights = np.zeros(64, np.int64)
    table = np.zeros((q + 1, 64 + q + 1), np.float64)
    basis = np.zeros(q, np.int64)
    memo = np.zeros((memo_pairs, 8), np.uint64)
    state = np.zeros(2, np.int64)
    sums = np.zeros(1 << q, np.int64)
    made = 0
    for i in range(lows.shape[0]):
        low = lows[i]
        k, size, a_low, a_high = _minimal(low, high, q, without_bit, members)
        s = 0
        for j in range(k):
            if members[j] & (members[j] - 1) == 0:
                s += 1
        cover = _transversal(low, high, q, level_low, level_high)
        g = _greedy(members, k, q, greedy_masks)
        full_slot, proving = _recall(memo, state, low, high, a_low, a_high)
        if full_slot >= 0:
            p = int(memo[full_slot, 7])
            numerator, denominator = _fraction(pairs, p)
            use[i] = p
            counters[3] += 1
            bs = numerator // denominator
        else:
            p = made
            if p >= full.shape[0]:
                return CAPACITY
            if proving >= 0:
                _copy_pair(pairs, int(memo[proving, 7]), p, q)
                counters[3] += 1
            elif g == cover:
                _new_pair(pairs, p, q, members, k, greedy_masks, g, cover,
                          _hitting_set(low, high, q, cover, level_low, level_high),
                          False, False, 1, 1)
            else:
                numerator, denominator = _bounds_meet(members, k, q, g, cover)
                if denominator != 0:
                    delta, smallest = _degree_and_smallest(members, k, q)
                    lower_all = k * 1 > g * delta  # the kernel's choice of the lower bound
                    upper_all = q * 1 < cover * smallest
                    _new_pair(pairs, p, q, members, k, greedy_masks, g, cover,
                              _hitting_set(low, high, q, cover, level_low, level_high),
                              lower_all, upper_all, delta, smallest)
                else:
                    counters[2] += 1
                    numerator, denominator, pivot_d = _simplex(members, k, q, table, basis,
                                                               limit)
                    if denominator == 0 or not _simplex_pair(pairs, p, q, members, k, table,
                                                             basis, pivot_d, low, high, sums,
                                                             weights):
                        return FAILED
            numerator, denominator = _fraction(pairs, p)
            floor = numerator // denominator
            if g == floor:
                bs, packed = g, g
                for t in range(g):
                    packing[p, t] = greedy_masks[t]
            else:
                bs, packed = g, g
                for t in range(g):
                    packing[p, t] = greedy_masks[t]
                for needed in range(min(floor, s + 3), g, -1):
                    taken = _disjoint(low, high, members, k, q, s, needed, found)
                    if taken:
                        bs, packed = needed, taken
                        for t in range(taken):
                            packing[p, t] = found[t]
                        break
            packing_size[p] = packed
            if bs < floor:
                counters[1] += 1
            if proving >= 0 and bs < floor:
                p = int(memo[proving, 7])  # the checker runs its packing program anyway
            else:
                made += 1
                full[p] = 1 if bs == floor else 0
                _store(memo, state, pairs, p, q, packing, packed, bs == floor, sums)
            use[i] = p
        key = 0
        for field in (numerator, denominator, s, bs, cover, size - k):
            if not 0 <= field < 1024:
                return FAILED
            key = key * 1024 + field
        keys[i] = key
    counters[0] = made
    return made


@njit(cache=True)
def _put_int(buffer, at, value):
    """The decimal digits of value >= 0 at buffer[at:]; the position after them."""
    if value == 0:
        buffer[at] = 48
        return at + 1
    digits = 0
    rest = value
    while rest:
        digits += 1
        rest //= 10
    end = at + digits
    rest = value
    for position in range(end - 1, at - 1, -1):
        buffer[position] = 48 + rest % 10
        rest //= 10
    return end


@njit(cache=True)
def _put(buffer, at, text):
    for j in range(text.shape[0]):
        buffer[at + j] = text[j]
    return at + text.shape[0]


@njit(cache=True)
def _pairs_json(pairs, packing, packing_size, chosen, q, use, visits, words, buffer):
    """`[pair, ...]` (the pairs `chosen`, in that order) and then `[use, ...]` as canonical
    JSON (keys sorted, no spaces) into buffer; returns (end of the pairs, end of use).
    words: the key texts."""
    den, weight_count, weight_mask, weight_num, dual = pairs
    at = 0
    buffer[at] = 91  # [
    at += 1
    for index in range(chosen.shape[0]):
        p = chosen[index]
        if index:
            buffer[at] = 44
            at += 1
        at = _put(buffer, at, words[0])  # {"denominator":
        at = _put_int(buffer, at, den[p])
        at = _put(buffer, at, words[1])  # ,"dual":[
        for i in range(q):  # coordinate i = bit q - 1 - i
            if i:
                buffer[at] = 44
                at += 1
            at = _put_int(buffer, at, dual[p, q - 1 - i])
        at = _put(buffer, at, words[2])  # ],"packing":[
        for j in range(packing_size[p]):
            if j:
                buffer[at] = 44
                at += 1
            at = _put_int(buffer, at, packing[p, j])
        at = _put(buffer, at, words[3])  # ],"weights":[
        for j in range(weight_count[p]):
            if j:
                buffer[at] = 44
                at += 1
            buffer[at] = 91
            at = _put_int(buffer, at + 1, weight_mask[p, j])
            buffer[at] = 44
            at = _put_int(buffer, at + 1, weight_num[p, j])
            buffer[at] = 93
            at += 1
        at = _put(buffer, at, words[4])  # ]}
    buffer[at] = 93
    middle = at + 1
    at = middle
    buffer[at] = 91
    at += 1
    for i in range(visits):
        if i:
            buffer[at] = 44
            at += 1
        at = _put_int(buffer, at, use[i])
    buffer[at] = 93
    return middle, at + 1


WORDS = tuple(np.frombuffer(text.encode(), np.uint8) for text in
              ('{"denominator":', ',"dual":[', '],"packing":[', '],"weights":[', ']}'))


class ProducerFailure(Exception):
    """The compiled walk met an overflowing simplex or an optimum failing its check."""


class ShardWalk:
    """One compiled walk over all visits of a shard, in the shard's order (so consecutive
    visits share most members and most pairs are reused); `part(k, n)` then cuts the
    certificate of part k/n from it: the visits k, k + n, ..., the pairs they use (in the
    order of the walk) and their row. Parts of any n come from the same walk."""

    def __init__(self, q: int, prefix: int, limit: int = ENTRY_LIMIT):
        from .census_shards import orbit_size, shard_lower

        self.q, self.prefix = q, prefix
        self.orbit = orbit_size(prefix, q - 1)
        lower = shard_lower(q, prefix)
        self.visits = len(lower)
        self.failed = not COMPILED  # without numba: the Python producer, part by part
        try:
            if not self.failed:
                self._walk(lower, limit)
        except ProducerFailure:
            self.failed = True

    def _walk(self, lower: np.ndarray, limit: int) -> None:
        q, visits = self.q, self.visits
        if q == 7:
            lows, high = np.ascontiguousarray(lower, np.uint64), np.uint64(self.prefix)
        else:
            lows, high = lower | np.uint64(self.prefix << (1 << (q - 1))), np.uint64(0)
        width = math.comb(q, q // 2) + 1
        capacity = min(max(visits, 1), visits // 32 + 4096)
        while True:
            pairs = (np.zeros(capacity, np.int64), np.zeros(capacity, np.int64),
                     np.zeros((capacity, width), np.int32),
                     np.zeros((capacity, width), np.int32), np.zeros((capacity, q), np.int32))
            packing = np.zeros((capacity, q + 1), np.int32)
            packing_size = np.zeros(capacity, np.int32)
            full = np.zeros(capacity, np.int8)
            use = np.zeros(visits, np.int32)
            keys = np.zeros(visits, np.int64)
            counters = np.zeros(4, np.int64)
            made = _produce(lows, high, q, limit, *_masks(q), pairs, packing, packing_size,
                            full, use, keys, counters, MEMO_PAIRS)
            if made != CAPACITY:
                break
            capacity *= 2
        if made == FAILED:
            raise ProducerFailure(f"shard {hex(self.prefix)}: the simplex overflowed or failed")
        self.pairs, self.packing, self.packing_size = pairs, packing, packing_size
        self.full, self.use, self.keys, self.counters = full, use, keys, counters

    def packing_programs(self, part: tuple[int, int]) -> int:
        """The visits of the part whose bs the checker takes from its packing program."""
        if self.failed:
            return 0
        return int(np.count_nonzero(self.full[self.use[part[0]::part[1]]] == 0))

    def part(self, part: tuple[int, int] = (0, 1)) -> tuple[bytes, dict]:
        """(the canonical JSON bytes, facts) of part k/n (see `produce`)."""
        q, prefix = self.q, self.prefix
        if self.failed:
            return _python_fallback(q, prefix, part, self.orbit)
        use = self.use[part[0]::part[1]]
        chosen, local = np.unique(use, return_inverse=True)
        counts = _counts(self.keys[part[0]::part[1]], self.orbit, q)
        width = self.pairs[2].shape[1]
        size = 8 + len(use) * 8 + len(chosen) * (80 + q * 22 + (q + 1) * 5 + width * 26)
        buffer = np.zeros(size, np.uint8)
        middle, end = _pairs_json(self.pairs, self.packing, self.packing_size,
                                  chosen.astype(np.int64), q, local.astype(np.int64),
                                  len(use), WORDS, buffer)
        head = canonical_json({"arity": q, "counts": counts, "format": "fbs-certificate/1",
                               "kind": "census-shard", "orbit": self.orbit})
        tail = canonical_json({"part": f"{part[0]}/{part[1]}", "prefix": hex(prefix),
                               "producer": PRODUCER})
        data = b"".join((head[:-1].encode(), b',"pairs":', buffer[:middle].tobytes(), b",",
                         tail[1:-1].encode(), b',"use":', buffer[middle:end].tobytes(), b"}"))
        facts = {"visits": len(use), "pairs": len(chosen),
                 "packing_programs": self.packing_programs(part),
                 "simplex": int(self.counters[2]), "reused": int(self.counters[3]),
                 "counts": counts, "orbit": self.orbit, "fallback": False}
        return data, facts


def produce(q: int, prefix: int, part: tuple[int, int] = (0, 1),
            limit: int = ENTRY_LIMIT) -> tuple[bytes, dict]:
    """(the certificate's canonical JSON bytes, facts) of part k of n of shard R = `prefix` of
    the census on q <= 7 points; facts: {"visits", "pairs" (in the part), "packing_programs"
    (the part's visits whose bs needs the checker's program), "simplex", "reused" (over the
    whole walk), "counts", "orbit", "fallback"}. The whole shard is walked (ShardWalk); when
    the compiled walk fails, the part is the Python producer's (facts["fallback"] = True)."""
    return ShardWalk(q, prefix, limit).part(part)


def _counts(keys: np.ndarray, orbit: int, q: int) -> list:
    """The `counts` of the visits' row keys, as census_shards.compiled_counts adds them up."""
    found: dict = defaultdict(int)
    distinct, times = np.unique(keys, return_counts=True)
    mask = (1 << ROW_BITS) - 1
    for key, n in zip(distinct.tolist(), times.tolist()):
        num, den, s, bs, c, excess = ((key >> (ROW_BITS * j)) & mask for j in range(5, -1, -1))
        found[(Fraction(num, den), s, bs, c)] += n * orbit << (q + 1 + excess)
    return [[fraction_text(f), s, bs, c, int_text(n)] for (f, s, bs, c), n in sorted(
        found.items())]


def _python_fallback(q: int, prefix: int, part: tuple[int, int], orbit: int):
    from .shard_certificate import shard_certificate

    certificate = shard_certificate(q, prefix, part)
    data = canonical_json(certificate).encode()
    return data, {"visits": len(certificate["use"]), "pairs": len(certificate["pairs"]),
                  "packing_programs": None, "simplex": None, "reused": None,
                  "counts": certificate["counts"], "orbit": orbit, "fallback": True}
