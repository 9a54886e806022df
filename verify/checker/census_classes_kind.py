"""Kind `census-classes`: fbs, s, bs and C of many up-sets at once, for q <= 7.

One certificate for a whole family of classes of the census by structure (docs/census.md),
instead of four certificates per class. Each entry is an up-set U of nonempty sets of [q],
given as its truth table (bit m: the set with mask m, coordinate i = bit q-1-i, is in U):
the family of sensitive blocks of the monotone function U at 0^q, whose minimal members A
are the pair's minimal sensitive blocks (docs/census.md, "A pair that has the antichain").
The entry claims fbs = nu*(A) (paper Def. 3.3, by the fbs LP on A), s = the one-point
members, bs = the most disjoint members and C = the fewest points meeting every member.

The checker computes A, s and C itself (C = q minus the largest size of a set not in U: H
meets every member iff its complement holds none); fbs needs integer weights over a common
denominator D on members of U with every point's load <= D, and integer dual numerators
t_i >= 0 with t(B) >= D on every member of A (so on every member of U), both summing to
D * fbs (LP duality); bs needs a packing of that many disjoint members, and either
bs = floor(fbs) (bs <= fbs) or the checker's own dynamic program over the 2^q sets
(measure_kind.largest_packing). Standard library only; certificates/FORMAT.md, section 12.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .errors import CertificateMalformed, CertificateTooLarge
from .fields import brief, get_typed, require_keys
from .measure_kind import largest_packing
from .rationals import parse_number
from .report import CheckReport, accepted, rejected
from .upsets import hex_table

MAX_CLASSES_ARITY = 7
MAX_ENTRIES = 1 << 20
MAX_NUMERATOR_BITS = 64
MAX_PACKING_PROGRAMS = 1 << 14  # distinct tables whose largest packing the checker computes
REQUIRED = {"format", "kind", "arity", "classes"}
OPTIONAL = {"producer"}
ENTRY = {"table", "fbs", "s", "bs", "C", "denominator", "weights", "dual", "packing"}


def check(obj: dict) -> CheckReport:
    """Check a kind-"census-classes" certificate; the report names the first failing entry
    and condition. Its value is the number of entries."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    q = get_typed(obj, "arity", int, "certificate")
    if not 1 <= q <= MAX_CLASSES_ARITY:
        raise CertificateMalformed(f"arity: expected 1..{MAX_CLASSES_ARITY}, got {brief(q)}")
    entries = get_typed(obj, "classes", list, "certificate")
    if len(entries) > MAX_ENTRIES:
        raise CertificateTooLarge(f"classes: more than {MAX_ENTRIES} entries")
    tables = Tables(q)
    for index, entry in enumerate(entries):
        failure = check_entry(entry, q, f"classes[{index}]", tables)
        if failure is not None:
            return failure
    return accepted(Fraction(len(entries)), f"valid: fbs, s, bs and C of {len(entries)} "
                                            f"up-sets on q = {q} points", "classes")


class Tables:
    """What the checks need of a table, computed once per distinct table text of a file
    (its up-set check, minimal members, s and C; its largest packing on first need, at most
    MAX_PACKING_PROGRAMS times a file): an entry repeated, or a table shared by entries,
    costs its own fields only (FORMAT.md, section 12, Work bound)."""

    def __init__(self, q: int):
        self.q, self.known, self.packings = q, {}, {}

    def get(self, text: object, at: str) -> "_Table":
        found = self.known.get(text) if type(text) is str else None
        if found is None:
            found = self.known[text] = _Table(_table(text, self.q, at), self.q)
        return found

    def largest_packing(self, table: int) -> int:
        found = self.packings.get(table)
        if found is None:
            if len(self.packings) >= MAX_PACKING_PROGRAMS:
                raise CertificateTooLarge(f"classes: more than {MAX_PACKING_PROGRAMS} distinct "
                                          "tables need the packing program (bs < floor(fbs))")
            found = self.packings[table] = largest_packing(
                [bool((table >> m) & 1) for m in range(1 << self.q)], self.q)
        return found


class _Table:
    """An up-set's table with its minimal members, s (one-point members) and C."""

    __slots__ = ("table", "members", "s", "c")

    def __init__(self, table: int, q: int):
        self.table, self.members = table, minimal_members(table, q)
        self.s = sum(1 for m in self.members if m & (m - 1) == 0)
        self.c = transversal_number(table, q)


def check_entry(entry: object, q: int, at: str, tables: Tables | None = None) -> CheckReport | None:
    """None if the entry's four values hold, else the rejection (`tables`: the file's cache
    of table facts)."""
    if type(entry) is not dict:
        raise CertificateMalformed(f"{at}: expected an object")
    require_keys(entry, ENTRY, set(), at)
    tables = tables or Tables(q)
    known = tables.get(entry["table"], at)
    table = known.table
    fbs = parse_number(entry["fbs"], f"{at}.fbs")
    s, bs, c = (_natural(entry[key], f"{at}.{key}") for key in ("s", "bs", "C"))
    if s != known.s:
        return rejected("s", f"{at}: s = {s} claimed, the table has another number of "
                             "one-point members")
    if c != known.c:
        return rejected("C", f"{at}: C = {c} claimed, q minus the largest set outside U is "
                             f"{known.c}")
    failure = _check_fbs(entry, table, known.members, fbs, q, at)
    return failure if failure is not None else _check_bs(entry, tables, table, bs, fbs, q, at)


def _check_fbs(entry, table, members, fbs, q, at) -> CheckReport | None:
    denominator = _natural(entry["denominator"], f"{at}.denominator")
    if denominator == 0:
        raise CertificateMalformed(f"{at}.denominator: must be positive")
    weights, dual = entry["weights"], entry["dual"]
    if type(weights) is not list or type(dual) is not list or len(dual) != q:
        raise CertificateMalformed(f"{at}: weights must be a list of [mask, numerator] and "
                                   f"dual a list of q = {q} numerators")
    loads, total, seen = [0] * q, 0, set()  # loads[b]: the point of mask bit b
    for pair in weights:
        if type(pair) is not list or len(pair) != 2:
            raise CertificateMalformed(f"{at}.weights: each entry is [mask, numerator]")
        mask, weight = _mask(pair[0], q, at), _natural(pair[1], f"{at}.weights")
        if mask in seen or not (table >> mask) & 1:
            return rejected("weights", f"{at}: weight on mask {mask}, which is repeated or "
                                       "not in U")
        seen.add(mask)
        total += weight
        for b in _bits(mask):
            loads[b] += weight
    if max(loads, default=0) > denominator:
        return rejected("load", f"{at}: a point carries more than weight 1")
    by_bit = [_natural(t, f"{at}.dual") for t in reversed(dual)]  # coordinate i = bit q-1-i
    dual_of = by_bit.__getitem__
    for m in members:
        if sum(map(dual_of, _bits(m))) < denominator:
            return rejected("dual", f"{at}: member {m} is covered less than 1")
    if total != sum(by_bit) or total * fbs.denominator != fbs.numerator * denominator:
        return rejected("fbs", f"{at}: primal {Fraction(total, denominator)}, dual "
                               f"{Fraction(sum(by_bit), denominator)}, claimed fbs = {fbs}")
    return None


def _check_bs(entry, tables, table, bs, fbs, q, at) -> CheckReport | None:
    packing = entry["packing"]
    if type(packing) is not list:
        raise CertificateMalformed(f"{at}.packing: a list of masks")
    used = 0
    for value in packing:
        mask = _mask(value, q, at)
        if not (table >> mask) & 1 or used & mask:
            return rejected("packing", f"{at}: mask {mask} is not in U or meets another")
        used |= mask
    if len(packing) != bs:
        return rejected("bs", f"{at}: a packing of {len(packing)} members, claimed bs = {bs}")
    if bs != fbs.numerator // fbs.denominator and bs != tables.largest_packing(table):
        return rejected("bs", f"{at}: a larger packing exists than bs = {bs}")
    return None


def minimal_members(table: int, q: int) -> list[int]:
    """The members of U with no member one point smaller (table positions moved up)."""
    covered = 0
    for b in range(q):
        covered |= (table & _without_bit(b, q)) << (1 << b)
    minimal, members = table & ~covered, []
    while minimal:
        low = minimal & -minimal
        members.append(low.bit_length() - 1)
        minimal ^= low
    return members


def transversal_number(table: int, q: int) -> int:
    """C: q minus the largest size of a set not in U (the empty set is not)."""
    for size in range(q, -1, -1):
        if ~table & _level(size, q):
            return q - size
    return 0


@lru_cache(maxsize=None)
def _bits(mask: int) -> tuple[int, ...]:
    """The bit positions of a mask (its points)."""
    return tuple(b for b in range(mask.bit_length()) if (mask >> b) & 1)


@lru_cache(maxsize=None)
def _without_bit(b: int, q: int) -> int:
    return sum(1 << m for m in range(1 << q) if not (m >> b) & 1)


@lru_cache(maxsize=None)
def _level(size: int, q: int) -> int:
    return sum(1 << m for m in range(1 << q) if m.bit_count() == size)


def _table(text: object, q: int, at: str) -> int:
    """An up-set table "0x..." on q points not holding the empty set."""
    table = hex_table(text, q, f"{at}.table")
    closed = table
    for b in range(q):
        closed |= (table & _without_bit(b, q)) << (1 << b)
    if table >> (1 << q) or table & 1 or closed != table:
        raise CertificateMalformed(f"{at}.table: not an up-set of nonempty sets on {q} points")
    return table


def _mask(value: object, q: int, at: str) -> int:
    if type(value) is not int or not 0 < value < 1 << q:
        raise CertificateMalformed(f"{at}: mask {brief(value)} is not a nonempty set of "
                                   f"{q} points")
    return value


def _natural(value: object, at: str) -> int:
    if type(value) is not int or not 0 <= value < 1 << MAX_NUMERATOR_BITS:
        raise CertificateMalformed(f"{at}: expected an integer in 0..2^{MAX_NUMERATOR_BITS}")
    return value
