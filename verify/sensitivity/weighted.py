"""The weighted fbs LP of one aggregator (docs/notes.md, section 1, Composition).

For phi at z with capacities c >= 0 (the children's fbs values in a composition or a tree):

    max sum_S w_S  s.t. w_S >= 0 on sensitive blocks S of phi at z,  sum_{S contains i} w_S <= c_i
    min sum_i c_i v_i  s.t. v >= 0,  v(S) >= 1 for every sensitive block S of phi at z.

With c = 1 this is fbs_z(phi) (Definitions 3.3 and 3.4). Both the composition method of
`verify.fbs` and the recursion for decomposition trees (`verify.lower_bound.tree_fbs`) solve
one such LP per distinct (aggregator, z, capacities), memoised here.

* symmetric aggregators (and, or, parity, maj, thr, sym; any width): the minimal sensitive
  blocks are the k-subsets of z's ones and the l-subsets of its zeros (k, l = distance to
  the nearest weight where the value changes, down and up). A capacitated k-uniform packing
  has the closed form T = min_{0<=j<k} (sum of the capacities without the j largest) / (k - j);
  the dual puts 1/(k - j*) on the other elements; McNaughton's wrap-around rule gives a
  primal of value T.
* every other aggregator (arity <= 24): column generation on the minimal sensitive blocks
  (verify.sensitivity.colgen), exact, with capacities.
Coordinates with c_i = 0 (a constant child) cannot be flipped: blocks through them get no
weight and they get v_i = 1 at no cost. Nothing here is trusted: the tree-kind checker
re-verifies every record.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm

from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import fraction_text
from verify.functions.aggregators import Aggregator, resolve

from .blocks import bits_to_index, mask_to_block, minimal_sensitive_masks

ONE, ZERO = Fraction(1), Fraction(0)
MAX_TABLE_AGGREGATOR = 24  # a non-symmetric aggregator's LP enumerates its 2^q blocks

Block = tuple[int, ...]


@dataclass(frozen=True)
class LocalSolution:
    """The weighted fbs LP of phi_u at z_u with capacities c: optimal primal and dual."""

    spec: str
    z: tuple[int, ...]
    capacities: tuple[Fraction, ...]
    value: Fraction
    primal: tuple[tuple[Block, Fraction], ...]  # sensitive blocks, loads <= c_i
    dual: tuple[Fraction, ...]  # v >= 0 with v(S) >= 1 on every sensitive block
    method: str  # "symmetric" (closed form) or "lp" (column generation)


@lru_cache(maxsize=None)
def local_weighted_fbs(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...]) -> LocalSolution:
    """min sum c_i v_i s.t. v(S) >= 1 on every sensitive block of phi at z, and its dual
    (memoised; `solve_local` is the same without the memo)."""
    return solve_local(spec, z, capacities)


def solve_local(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...]) -> LocalSolution:
    """The weighted fbs LP of phi at z with capacities c (module docstring)."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
    if len(z) != spec.arity or len(capacities) != spec.arity:
        raise BadInput(f"{spec}: expected {spec.arity} claim bits and capacities")
    if any(c.numerator < 0 for c in capacities):
        raise BadInput(f"{spec}: capacities must be >= 0")
    if spec.symmetric:
        value, primal, dual = symmetric_local(spec.values, z, capacities)
        method = "symmetric"
    else:
        if spec.arity > MAX_TABLE_AGGREGATOR:
            raise TooLarge(f"{spec}: arity {spec.arity} exceeds {MAX_TABLE_AGGREGATOR}, the "
                           "limit of the weighted LP of a non-symmetric aggregator")
        value, primal, dual = _lp_local(spec, z, capacities)
        method = "lp"
    return LocalSolution(str(spec), z, capacities, value, primal, dual, method)  # the text


def local_fbs(spec: str, z: tuple[int, ...]) -> LocalSolution:
    """The unweighted fbs_z(phi) (all capacities 1), by the same local solver."""
    return local_weighted_fbs(spec, tuple(z), (ONE,) * len(z))


def symmetric_local(values, z, capacities, ids=None, memo: dict | None = None):
    """Closed form for f(x) = V(|x|): the ones' and the zeros' packings are independent.

    With `ids` (ids[i] names capacities[i]: equal ids, equal capacities) and a `memo`, each
    side's packing is solved once per (k, its capacities' ids in order) and re-indexed (the
    same result: uniform_packing depends on the side only through those, in order)."""
    q, weight = len(z), sum(z)
    down = values.nearest_change(weight, -1)
    up = values.nearest_change(weight, +1)
    dual = [ZERO] * q
    primal: list[tuple[Block, Fraction]] = []
    value = ZERO
    for bit, size in ((1, down), (0, up)):
        if size is None:
            continue  # no sensitive block flips only this side: v stays 0 there
        part = [i for i in range(q) if z[i] == bit]
        if memo is None:
            part_value, part_primal = uniform_packing(part, size, capacities, dual)
        else:
            part_value, part_primal = _side_packing(part, size, capacities, ids, memo, dual)
        value += part_value
        primal.extend(part_primal)
    return value, tuple(sorted(primal)), tuple(dual)


def _side_packing(part: list[int], k: int, capacities, ids, memo: dict, dual: list):
    """uniform_packing of one side, remembered by (k, the side's capacity ids in order)."""
    key = (k, tuple(ids[i] for i in part))
    found = memo.get(key)
    if found is None:
        local = [ZERO] * len(part)
        found = memo[key] = (*uniform_packing(list(range(len(part))), k,
                                              [capacities[i] for i in part], local), local)
    value, primal, local = found
    for j, i in enumerate(part):
        dual[i] = local[j]
    return value, [(tuple(part[j] for j in block), w) for block, w in primal]


def uniform_packing(part: list[int], k: int, capacities, dual: list) -> tuple[Fraction, list]:
    """Max packing of k-subsets of `part` under capacities; writes the optimal dual into `dual`.

    T = min_{0 <= j < k} (sum of the capacities without the j largest) / (k - j), the first
    minimiser j*. Dual: 1/(k - j*) on the others, 0 on the j* largest, 1 where c_i = 0
    (every k-subset then has v(S) >= 1). Primal: McNaughton's wrap-around of lengths
    min(c_i, T) (= T for the j* largest) on k machines of length T; each time slice runs k
    distinct elements, i.e. one k-subset, weighted by the slice's length.
    """
    usable = []
    for i in part:
        if capacities[i].numerator:
            usable.append(i)
        else:
            dual[i] = ONE
    if len(usable) < k:
        return ZERO, []
    # integer arithmetic: capacities C_i / D, and T = S / (D m) with m = k - j*
    denominator = lcm(*(capacities[i].denominator for i in usable))
    by_capacity = sorted((-(capacities[i].numerator * (denominator // capacities[i].denominator)), i)
                         for i in usable)
    usable = [i for _, i in by_capacity]
    scaled = [-c for c, _ in by_capacity]
    best_j, period = packing_split(k, scaled)
    m = k - best_j
    share = Fraction(1, m)
    for position, i in enumerate(usable):
        dual[i] = ZERO if position < best_j else share
    lengths = [period if position < best_j else c * m for position, c in enumerate(scaled)]
    unit = denominator * m  # lengths and the period in units of 1 / (D m)
    return (Fraction(period, unit),
            [(block, Fraction(w, unit)) for block, w in wrap_around(usable, lengths, k, period)])


def packing_split(k: int, scaled: list[int]) -> tuple[int, int]:
    """(j*, S) for integer capacities in decreasing order, at least k of them: T = S / (k - j*)
    with S the sum without the j* largest, j* the first minimiser over 0 <= j < k."""
    suffix = [0] * (len(scaled) + 1)
    for position in range(len(scaled) - 1, -1, -1):
        suffix[position] = suffix[position + 1] + scaled[position]
    best_j = 0
    for j in range(1, k):  # suffix[j] / (k - j) < suffix[best_j] / (k - best_j)
        if suffix[j] * (k - best_j) < suffix[best_j] * (k - j):
            best_j = j
    return best_j, suffix[best_j]


def side_packing(k: int, capacities: list[tuple[int, int]]) -> tuple[Fraction, list[Fraction]]:
    """The k-uniform packing of one side, capacities as (numerator, denominator) pairs: its
    value T and optimal dual (uniform_packing without the primal: a primal of value T exists
    by McNaughton's wrap-around since sum_i min(c_i, T) >= k T; certificates/FORMAT.md,
    kind tree, version 3)."""
    dual = [ZERO if p else ONE for p, _ in capacities]
    usable = [i for i, (p, _) in enumerate(capacities) if p]
    if len(usable) < k:
        return ZERO, dual
    denominator = lcm(*{capacities[i][1] for i in usable})
    by_capacity = sorted((capacities[i][0] * (denominator // capacities[i][1]), i)
                         for i in usable)[::-1]
    best_j, period = packing_split(k, [c for c, _ in by_capacity])
    share = _share(k - best_j)
    for _, i in by_capacity[best_j:]:
        dual[i] = share
    return Fraction(period, denominator * (k - best_j)), dual


@lru_cache(maxsize=None)
def _share(m: int) -> Fraction:
    """1/m, one object per m (its text is then remembered by identity of its pair)."""
    return Fraction(1, m)


def wrap_around(elements: list[int], lengths: list[int], k: int, period: int) -> list:
    """McNaughton: lay the lengths end to end (total >= k * period), cut into k rows; integer
    lengths and period (any unit), so every slice length is an exact integer."""
    starts, position = [], 0
    for length in lengths:
        starts.append(position)
        position += length
    if position < k * period:  # cannot happen for the optimal T (see the docstring)
        raise AssertionError("wrap-around: the lengths do not fill k machines")
    cuts = sorted({s % period for s in starts} | {0})
    blocks: dict[Block, int] = {}
    for a, start in enumerate(cuts):
        end = cuts[a + 1] if a + 1 < len(cuts) else period
        members = [elements[bisect_right(starts, r * period + start) - 1] for r in range(k)]
        block = tuple(sorted(members))
        blocks[block] = blocks.get(block, 0) + (end - start)
    return list(blocks.items())


def record_document(record: LocalSolution) -> dict:
    """The record of a local LP in a kind-tree certificate (certificates/FORMAT.md)."""
    return {"aggregator": record.spec,
            "z": "".join(map(str, record.z)),
            "capacities": [_text(c) for c in record.capacities],
            "value": _text(record.value),
            "primal": [{"block": list(b), "weight": _text(w)} for b, w in record.primal],
            "dual": [_text(v) for v in record.dual]}


def shared_record(solution: LocalSolution, nodes: int) -> list:
    """A version-2 record: [aggregator, z, capacities, value, [[block, weight], ...], dual,
    nodes] (FORMAT.md, kind tree)."""
    text = _text
    return [solution.spec, "".join(map(str, solution.z)),
            [text(c) for c in solution.capacities], text(solution.value),
            [[list(b), text(w)] for b, w in solution.primal],
            [text(v) for v in solution.dual], nodes]


def fraction_text_remembered(x: Fraction) -> str:
    """fraction_text, remembered: capacities and duals repeat across a tree's records (keyed
    by the integer pair, whose hash is far cheaper than a Fraction's)."""
    key = (x.numerator, x.denominator)
    found = _TEXTS.get(key)
    if found is None:
        if len(_TEXTS) >= 1 << 16:
            _TEXTS.clear()
        found = _TEXTS[key] = fraction_text(x)
    return found


_TEXTS: dict[tuple[int, int], str] = {}
_text = fraction_text_remembered


@lru_cache(maxsize=4096)
def _minimal_masks(spec: Aggregator, z: tuple[int, ...]):
    return minimal_sensitive_masks(spec.function.packed_table(), bits_to_index(z),
                                   arity=spec.arity)


def _lp_local(spec: str, z, capacities):
    """Column generation with capacities; coordinates with c_i = 0 are cut out first."""
    from .colgen import solve_fbs_lp

    q = len(z)
    masks = _minimal_masks(spec, tuple(z))
    blocked = sum(1 << (q - 1 - i) for i in range(q) if capacities[i] == 0)
    usable = masks[(masks & blocked) == 0] if blocked else masks
    dual = [ONE if c == 0 else ZERO for c in capacities]
    if usable.size == 0:
        return ZERO, (), tuple(dual)
    rhs = [c if c > 0 else ONE for c in capacities]  # rows of cut coordinates carry no column
    solution = solve_fbs_lp(usable, q, rhs)
    for i in range(q):
        if capacities[i] > 0:
            dual[i] = solution.dual[i]
    primal = tuple(sorted((mask_to_block(m, q), w) for m, w in solution.primal.items() if w))
    value = sum((w for _, w in primal), ZERO)
    if value != sum((c * v for c, v in zip(capacities, dual)), ZERO):
        raise AssertionError(f"{spec}: weighted LP primal and dual values differ")
    return value, primal, tuple(dual)
