"""rho_T of a described uniform tree with a symmetric aggregator, keyed by sides (version 3).

certificates/FORMAT.md, kind tree, "Version 3"; paper Section 5. At a node with phi(x) =
V(|x|) and z of weight w the weighted fbs LP splits into its two sides: the ones of z when
V changes below w (need d_down) and the zeros when it changes above (need d_up); each side is
a capacitated k-uniform packing that depends only on (need, the multiset of the side's
capacities). So a level is resolved per distinct multiset of children's classes (numpy sorts
the rows; the parents of leaves are keyed by their number of ones), and each distinct side is
solved once (`verify.sensitivity.weighted.side_packing`) and written once, as a side record
with the number of node sides that use it. With numba (and FBS_NUMBA not 0) the distinct
multisets of a level are resolved by the compiled `side_kernel` (int64 pairs, the same steps
in the same order; by default for trees of at least 2^24 leaves), which hands the state over
to this Python path (Fractions) at the first row whose numbers could overflow;
`compiled=False` is the reference path. Nothing here is trusted: the certificate goes to the
stdlib-only checker.
"""

from __future__ import annotations

import math
from fractions import Fraction

from verify.base.lazy import numpy as np
from verify.base.numbers import fraction_text
from verify.sensitivity.weighted import fraction_text_remembered, local_fbs, side_packing

ONE, ZERO = Fraction(1), Fraction(0)
ORDERED_AT_ONCE = 1 << 20  # rows at a time when counting the ordered keys of a level
ORDERED_CODES_WIDTH = 20  # parents of leaves: their z counted as q-bit codes up to this q
COMPILED_FROM_LEAVES = 1 << 24  # side_rho_t's default: the compiled kernel from this size on


class SideLevels:
    """Node classes (value, rho, min and max path product) of a uniform tree, level by level
    (classes 0 and 1 are the leaves), and the side records they use."""

    def __init__(self, spec: str, values, compiled: bool = False):
        self.spec, self.values, self.q = spec, values, len(values) - 1
        self.value, self.rho_id, self.low_id, self.high_id = [0, 1], [0, 0], [0, 0], [0, 0]
        self.numbers: dict[Fraction, int] = {ONE: 0}  # distinct values -> small ids
        self.by_id: list[Fraction] = [ONE]
        self.approximate: list[float] = [1.0]  # id -> its value as a float (inf if huge)
        self.pairs: list[tuple[int, int]] = [(1, 1)]  # id -> (numerator, denominator)
        self.classes = {(0, 0, 0, 0): 0, (1, 0, 0, 0): 1}  # (value, ids of rho, low, high)
        self.side_of: dict[tuple, int] = {}  # (need, sorted capacity ids) -> side index
        self.sides: list[tuple] = []  # (need, capacity ids, value, dual)
        self.side_value: list[int] = []  # side index -> id of its value
        self.uses: list[int] = []
        self.needs = [(values.nearest_change(w, -1), values.nearest_change(w, +1))
                      for w in range(self.q + 1)]
        self.local: dict[int, Fraction] = {}  # weight -> fbs_z(phi)
        self.products: dict[tuple[int, int], int] = {}  # (weight, id) -> id of local * value
        self.sums: dict[tuple[int, int], int] = {}  # (id, id) -> id of the sum
        self.ordered: list = []  # arrays of distinct rows of pair codes, children in order
        self.rho_min = self.rho_max = None
        self.kernel = _Compiled.start(self) if compiled else None

    def number(self, class_id: int, column: str = "rho") -> Fraction:
        """The exact rho (or low, high) of a class."""
        if self.kernel is not None:
            return self.kernel.number(class_id, column)
        return self.by_id[getattr(self, f"{column}_id")[class_id]]

    def leaves_level(self, alpha: str) -> np.ndarray:
        """The classes of the parents of leaves: a parent's key is its number of ones."""
        q = self.q
        bits = np.frombuffer(alpha.encode("ascii"), dtype=np.uint8).reshape(-1, q)
        if self.kernel is not None and q <= ORDERED_CODES_WIDTH:
            ones, counts, seen = self.kernel.leaves(bits)
            self._add_ordered_leaves(np.flatnonzero(seen))
        else:
            ones = bits.sum(axis=1, dtype=np.int32) - ord("0") * q
            counts = np.bincount(ones, minlength=q + 1)
            self._count_ordered_leaves(bits)
        table = np.zeros(q + 1, dtype=np.int32)
        weights = np.flatnonzero(counts)
        kids = (np.arange(q)[None, :] >= (q - weights)[:, None]).astype(np.int32)
        table[weights] = self._resolve(kids, counts[weights])
        return table[ones]

    def next_level(self, level: np.ndarray) -> np.ndarray:
        """The classes of the parents of a level's nodes (q consecutive nodes a parent)."""
        rows = level.reshape(-1, self.q)
        self._count_ordered(rows)
        rows = np.sort(rows, axis=1)
        first, inverse, counts = distinct_rows(rows, self.class_count())
        return self._resolve(rows[first], counts)[inverse]

    def _resolve(self, rows: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """The classes of the distinct sorted rows of children's classes, counts[r] nodes
        each: compiled while the numbers fit, then (or without numba) `parent`."""
        done, mapped = 0, np.zeros(len(rows), dtype=np.int32)
        if self.kernel is not None:
            done = self.kernel.level(rows, counts, mapped)
            if done < len(rows):
                self.kernel.hand_over(self)
                self.kernel = None
        parent = self.parent
        mapped[done:] = [parent(kids, n) for kids, n in
                         zip(rows[done:].tolist(), counts[done:].tolist())]
        return mapped

    def class_count(self) -> int:
        return self.kernel.class_count() if self.kernel is not None else len(self.value)

    def parent(self, kids: list[int], count: int) -> int:
        """The class of `count` nodes whose children have these classes (sorted)."""
        value, rho_id = self.value, self.rho_id
        ones = [rho_id[c] for c in kids if value[c]]
        w, rho = len(ones), None
        down, up = self.needs[w]
        if down is not None:
            rho = self._side(down, tuple(sorted(ones)), count)
        if up is not None:
            found = self._side(up, tuple(sorted(rho_id[c] for c in kids if not value[c])),
                               count)
            rho = found if rho is None else self._sum(rho, found)
        rho = self._id(ZERO) if rho is None else rho
        distinct = set(kids)
        low = self._product(w, self._extreme({self.low_id[c] for c in distinct}, min))
        high = self._product(w, self._extreme({self.high_id[c] for c in distinct}, max))
        key = (self.values[w], rho, low, high)
        found = self.classes.get(key)
        if found is None:
            found = self.classes[key] = len(self.value)
            self.value.append(key[0])
            self.rho_id.append(rho)
            self.low_id.append(low)
            self.high_id.append(high)
        return found

    def _side(self, need: int, ids: tuple[int, ...], count: int) -> int:
        """The id of the value of the side (need, these capacity ids), solved once, its uses
        counted."""
        index = self.side_of.get((need, ids))
        if index is None:
            index = self.side_of[(need, ids)] = len(self.sides)
            value, dual = side_packing(need, [self.pairs[i] for i in ids])
            self.sides.append((need, ids, value, dual))
            self.side_value.append(self._id(value))
            self.uses.append(0)
        self.uses[index] += count
        return self.side_value[index]

    def _sum(self, a: int, b: int) -> int:
        found = self.sums.get((a, b))
        if found is None:
            found = self.sums[(a, b)] = self._id(self.by_id[a] + self.by_id[b])
        return found

    def _product(self, w: int, number: int) -> int:
        """The id of fbs_z(phi) * by_id[number] at weight w (Lemma 5.4's path products)."""
        found = self.products.get((w, number))
        if found is None:
            local = self.local.get(w)
            if local is None:
                local = self.local[w] = self._local(w)
                self.rho_min = local if self.rho_min is None else min(self.rho_min, local)
                self.rho_max = local if self.rho_max is None else max(self.rho_max, local)
            found = self.products[(w, number)] = self._id(local * self.by_id[number])
        return found

    def _local(self, w: int) -> Fraction:
        """fbs_z(phi) at a z of weight w."""
        return local_fbs(self.spec, (1,) * w + (0,) * (self.q - w)).value

    def finish(self) -> None:
        """After the last level: rho_min and rho_max of the local fbs values met."""
        if self.kernel is not None:
            local = self.kernel.seen_local()
            if local:
                self.rho_min, self.rho_max = min(local.values()), max(local.values())

    def _extreme(self, ids: set[int], pick) -> int:
        """The id of min or max of the values: the floats choose, and only ids whose floats
        are within a relative 1e-9 of the chosen one are compared exactly."""
        if len(ids) == 1:
            return next(iter(ids))
        approximate = self.approximate
        best = pick(approximate[i] for i in ids)
        near = list(ids) if best == math.inf else \
            [i for i in ids if abs(approximate[i] - best) <= 1e-9 * abs(best)]
        if len(near) == 1:
            return near[0]
        by_id = self.by_id
        return pick(near, key=by_id.__getitem__)

    def _id(self, number: Fraction) -> int:
        found = self.numbers.setdefault(number, len(self.by_id))
        if found == len(self.by_id):
            self.by_id.append(number)
            self.approximate.append(_approximate(number))
            self.pairs.append((number.numerator, number.denominator))
        return found

    def _count_ordered_leaves(self, bits: np.ndarray) -> None:
        """The distinct ordered keys of the parents of leaves: their z (capacities all 1; a
        leaf's pair code 2 * id(1) + bit is its bit)."""
        q = self.q
        if q > ORDERED_CODES_WIDTH:
            self._count_ordered(bits - ord("0"))
            return
        codes = np.zeros(bits.shape[0], dtype=np.int32)
        for i in range(q):
            codes = codes * 2 + (bits[:, i] - ord("0"))
        self._add_ordered_leaves(np.flatnonzero(np.bincount(codes, minlength=1 << q)))

    def _add_ordered_leaves(self, seen: np.ndarray) -> None:
        """The z (as q-bit codes, z_1 most significant) of the parents of leaves, as rows."""
        self.ordered.append((seen[:, None] >> np.arange(self.q - 1, -1, -1)) & 1)

    def _count_ordered(self, rows: np.ndarray) -> None:
        """Add a level's distinct (z, capacity ids), children in order, to `ordered`."""
        if self.kernel is not None:
            value, rho_id = self.kernel.columns()
        else:
            value, rho_id = np.array(self.value, np.int64), np.array(self.rho_id, np.int64)
        code = 2 * rho_id + value
        _, dense = np.unique(code, return_inverse=True)  # the pairs' codes, numbered densely
        dense = dense.ravel()
        for start in range(0, len(rows), ORDERED_AT_ONCE):
            piece = rows[start:start + ORDERED_AT_ONCE]
            first, _, _ = distinct_rows(dense[piece], int(dense.max()) + 1)
            self.ordered.append(code[piece[first]])

    def ordered_keys(self) -> int:
        """The number of distinct (z, capacities) over all levels, children in order."""
        if not self.ordered:
            return 0
        rows = np.concatenate([a.astype(np.int64) for a in self.ordered])
        return len(distinct_rows(rows, int(rows.max()) + 1)[0])

    def records(self) -> list[list]:
        """The side records [need, capacities, value, dual, uses] (FORMAT.md, version 3;
        capacities and dual as number texts separated by single spaces)."""
        if self.kernel is not None:
            return self.kernel.records()
        text = fraction_text_remembered
        capacity: dict[int, str] = {}
        for _, ids, _, _ in self.sides:
            for i in ids:
                if i not in capacity:
                    capacity[i] = fraction_text(self.by_id[i])
        duals = _DualTexts()
        return [[need, " ".join([capacity[i] for i in ids]), text(value), " ".join(duals(dual)),
                 uses] for (need, ids, value, dual), uses in zip(self.sides, self.uses)]


class _DualTexts:
    """Texts of dual vectors: side_packing's entries are the shared objects 0, 1 and 1/m,
    so each entry's text is found by the object's identity (the objects are held here)."""

    def __init__(self):
        self.known: dict[int, tuple[Fraction, str]] = {}

    def __call__(self, dual: list[Fraction]) -> list[str]:
        known = self.known
        try:
            return [known[id(v)][1] for v in dual]
        except KeyError:
            for v in dual:
                known.setdefault(id(v), (v, fraction_text(v)))
            return [known[id(v)][1] for v in dual]


def _approximate(x: Fraction) -> float:
    """x as a float, inf beyond the float range (then _extreme compares exactly)."""
    try:
        return float(x)
    except OverflowError:
        return math.inf


def distinct_rows(rows: np.ndarray, base: int):
    """(index of each distinct row's first occurrence, row -> distinct index, how many rows
    are each distinct row): the rows read as numbers in base `base`, column by column,
    re-ranked (np.unique) whenever the next column would pass 62 bits."""
    keys, span = np.zeros(rows.shape[0], dtype=np.int64), 1
    for i in range(rows.shape[1]):
        if span * base >= 2**62:
            _, keys = np.unique(keys, return_inverse=True)
            keys, span = keys.ravel().astype(np.int64), int(keys.max()) + 1
        keys = keys * base + rows[:, i]
        span *= base
    _, first, inverse, counts = np.unique(keys, return_index=True, return_inverse=True,
                                          return_counts=True)
    return first, inverse.ravel(), counts


def side_rho_t(spec: str, values, depth: int, alpha: str,
               compiled: bool | None = None) -> SideLevels:
    """The levels of the uniform tree of `spec` (symmetric, values = its V) of this depth at
    the leaf bits alpha; the root's class is `root` on the result. compiled=False: the
    Python path only; True: the compiled kernel where numba is there; None: so from
    COMPILED_FROM_LEAVES leaves on (below, numba's start-up, about 0.5 s, costs more than
    the Python path's keys)."""
    if compiled is None:
        compiled = len(alpha) >= COMPILED_FROM_LEAVES
    levels = SideLevels(spec, values, compiled)
    if depth == 0:
        levels.root = int(alpha)
        return levels
    level = levels.leaves_level(alpha)
    for _ in range(depth - 1):
        level = levels.next_level(level)
    levels.root = int(level[0])
    levels.finish()
    return levels


MAX_KERNEL_WIDTH = 64  # wider aggregators: the Python path (local fbs of every weight first)


class _Compiled:
    """The compiled tables of a SideLevels (`side_kernel`), read back as the Python path's
    results, or handed over to it (`hand_over`) when a row could overflow."""

    @classmethod
    def start(cls, levels: SideLevels):
        """The compiled tables, or None (no numba, FBS_NUMBA=0, too wide, or a local fbs
        beyond int64)."""
        from verify.base.jit import COMPILED

        if not COMPILED or levels.q > MAX_KERNEL_WIDTH:
            return None
        local = [levels._local(w) for w in range(levels.q + 1)]
        if max(max(x.numerator, x.denominator) for x in local) >= 1 << 62:
            return None
        return cls(levels, local)

    def __init__(self, levels: SideLevels, local: list[Fraction]):
        from . import side_kernel

        self.kernel, self.local, q = side_kernel, local, levels.q
        missing = [(-1 if d is None else d, -1 if u is None else u) for d, u in levels.needs]
        self.need_down = np.array([d for d, _ in missing], dtype=np.int64)
        self.need_up = np.array([u for _, u in missing], dtype=np.int64)
        self.values_bit = np.array([levels.values[w] for w in range(q + 1)], dtype=np.int64)
        self.local_p = np.array([x.numerator for x in local], dtype=np.int64)
        self.local_q = np.array([x.denominator for x in local], dtype=np.int64)
        self.q, self.limit = q, side_kernel.LIMIT
        self.numbers, self.classes, self.sides, self.caches = side_kernel.new_state(q)

    def level(self, rows: np.ndarray, counts: np.ndarray, mapped: np.ndarray) -> int:
        """Resolve the rows into mapped; the number of rows done (all unless one could
        overflow)."""
        return self.kernel.run_level(
            np.ascontiguousarray(rows, dtype=np.int32), counts.astype(np.int64), self.q,
            self.values_bit, self.need_down, self.need_up, self.local_p, self.local_q,
            self.limit, self.numbers, self.classes, self.sides, self.caches, mapped)

    def leaves(self, bits: np.ndarray):
        """(ones below each parent of leaves, how many parents have each number of ones,
        which z codes occur) from the q ASCII digits of each parent."""
        seen = np.zeros(1 << self.q, dtype=np.bool_)
        ones, counts = self.kernel.leaf_parents(bits, seen)
        return ones, counts, seen

    def _array(self, values) -> np.ndarray:
        return self.kernel.as_array(values)

    def class_count(self) -> int:
        return self.kernel.length(self.classes[0])

    def columns(self) -> tuple[np.ndarray, np.ndarray]:
        """(value, rho id) of every class, as arrays."""
        return self._array(self.classes[0]), self._array(self.classes[1])

    def number(self, class_id: int, column: str) -> Fraction:
        item = self.kernel.item
        which = item(self.classes[{"rho": 1, "low": 2, "high": 3}[column]], class_id)
        return Fraction(item(self.numbers[0], which), item(self.numbers[1], which))

    def seen_local(self) -> dict[int, Fraction]:
        seen = self.caches[2]
        return {w: x for w, x in enumerate(self.local) if seen[w]}

    def records(self) -> list[list]:
        """SideLevels.records from the compiled tables (the same texts)."""
        a = self._array
        texts = [str(p) if q == 1 else f"{p}/{q}" for p, q in
                 zip(a(self.numbers[0]).tolist(), a(self.numbers[1]).tolist())]
        need, start, ids, codes, value, uses = (a(x).tolist() for x in self.sides[:6])
        code_text = {0: "0", 1: "1"}
        for c in set(codes) - {0, 1}:
            code_text[c] = f"1/{c}"
        return [[need[s], " ".join([texts[i] for i in ids[start[s]:start[s + 1]]]),
                 texts[value[s]], " ".join([code_text[c] for c in codes[start[s]:start[s + 1]]]),
                 uses[s]] for s in range(len(need))]

    def hand_over(self, levels: SideLevels) -> None:
        """Fill the Python path's tables with the compiled ones (the caches of sums and
        products stay empty: they only save work)."""
        a = self._array
        pairs = list(zip(a(self.numbers[0]).tolist(), a(self.numbers[1]).tolist()))
        levels.pairs = pairs
        levels.by_id = [Fraction(p, q) for p, q in pairs]
        levels.numbers = {x: i for i, x in enumerate(levels.by_id)}
        levels.approximate = [_approximate(x) for x in levels.by_id]
        columns = [a(x).tolist() for x in self.classes[:4]]
        levels.value, levels.rho_id, levels.low_id, levels.high_id = columns
        levels.classes = {key: i for i, key in enumerate(zip(*columns))}
        need, start, ids, codes, value, uses = (a(x).tolist() for x in self.sides[:6])
        shares = {c: Fraction(min(c, 1), max(c, 1)) for c in set(codes)}  # 0, 1, 1/c
        levels.sides, levels.side_of = [], {}
        for s in range(len(need)):
            side_ids = tuple(ids[start[s]:start[s + 1]])
            dual = [shares[c] for c in codes[start[s]:start[s + 1]]]
            levels.side_of[(need[s], side_ids)] = s
            levels.sides.append((need[s], side_ids, levels.by_id[value[s]], dual))
        levels.side_value, levels.uses = value, uses
        levels.local = self.seen_local()
        if levels.local:
            levels.rho_min, levels.rho_max = min(levels.local.values()), max(levels.local.values())
