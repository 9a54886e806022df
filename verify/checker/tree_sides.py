"""Kind `tree`, version 3: side records keyed by (need, multiset of the side's capacities).

certificates/FORMAT.md, kind tree, "Version 3". At a node u with a symmetric aggregator
phi(x) = V(|x|) and z_u of weight w, the weighted fbs LP splits into two independent
problems, one per *side*: the ones of z_u (when V changes below w, at distance d_down) and
the zeros (when V changes above w, at distance d_up). A side with need k and capacities
c_1..c_m (its children's accepted values) is the LP

    max sum_S w_S over k-subsets S, load_i <= c_i   =   min sum_i c_i v_i, v >= 0, every
                                                        k-subset S has v(S) >= 1,

which depends on nothing else: one record per distinct (k, multiset of c) serves every node
side with that key, whatever its aggregator or its position. A record claims the value T,
the dual v, and, instead of a list of blocks, the primal is certified by McNaughton's
wrap-around (FORMAT.md proves it): k-subsets of total weight T with loads <= c exist iff
T >= 0 and sum_i min(c_i, T) >= k T. Checks, integer arithmetic over common denominators:

  capacity-nonnegative  c_i >= 0
  primal-nonnegative    T >= 0
  primal-load           sum_i min(c_i, T) >= k T
  dual-nonnegative      v_i >= 0
  dual-value            sum_i c_i v_i = T
  dual-feasible         the k smallest v_i sum to >= 1 (then every k-subset has v(S) >= 1)

Standard library only (docs/design.md, Trust boundary).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import repeat
from math import lcm

from .errors import CertificateMalformed, CertificateTooLarge
from .fields import brief
from .rationals import MAX_DENOMINATOR_BITS, show
from .report import CheckReport, rejected

SIDE_FIELDS = ("need", "capacities", "value", "dual", "uses")
MAX_USES = 1 << 62  # a side record's `uses` (the tree has fewer node sides)
MAX_SIDE_TEXTS = 8_000_000  # number texts in all `capacities` and `dual` strings of a file


class SideRecord:
    """One side LP: need k, capacities c as integer pairs (p, q), value T, and its dual v (a
    `_Dual`, shared by every record with the same dual text)."""

    __slots__ = ("index", "need", "capacities", "value", "dual", "uses", "checked", "used")

    def __init__(self, index: int, need: int, capacities: list[tuple[int, int]],
                 value: Fraction, dual: "_Dual", uses: int):
        self.index, self.need, self.capacities, self.value = index, need, capacities, value
        self.dual, self.uses, self.checked = dual, uses, False
        self.used = 0  # node sides the checker found using it


class _Dual:
    """A dual vector v as integer pairs (p, q), read once per distinct text (a tree's side
    records share few: 14 texts among maj:9 depth 8's 66,707 records); what the checks need
    of it (its sign, its common denominator, the entries over it, sorted) is computed once,
    on first use, in the order of the checks."""

    __slots__ = ("pairs", "scaled", "denominator", "ascending")

    def __init__(self, pairs: list[tuple[int, int]]):
        self.pairs = pairs
        self.scaled = None  # [v_i * denominator], after the sign and denominator checks

    def over_common(self, where: str) -> list[int]:
        """The entries over their common denominator (refused above 2^14 bits)."""
        if self.scaled is None:
            denominator = _common(lcm(*[q for _, q in self.pairs]), where)
            scaled = [p * (denominator // q) for p, q in self.pairs]
            self.denominator, self.ascending = denominator, sorted(scaled)
            self.scaled = scaled
        return self.scaled


class SideRecords:
    """The `sides` of a version-3 certificate, keyed by (need, sorted capacity ids); the ids
    are those of the kind's number table (`numbers`: `parse`, `text_id`, `by_id`, and its
    dictionaries `numbers` and `text_ids` of texts already read), so
    that a node's key, built from its children's accepted values, compares exactly."""

    def __init__(self, entries: list, numbers, node_sides: int | None = None):
        """`node_sides`: the most distinct node sides the tree can have (two per distinct
        key of a symmetric aggregator's nodes); more side records than that leave one
        unused, so the file is refused before any is read. The number texts of the records' strings are counted
        before each string is split, at most MAX_SIDE_TEXTS in all (FORMAT.md, Version 3)."""
        if node_sides is not None and len(entries) > node_sides:
            raise CertificateMalformed(f"sides: {len(entries)} side records, but the tree has at "
                                       f"most {node_sides} node sides (two per distinct key of "
                                       "a symmetric aggregator's nodes): some side record is "
                                       "unused or repeats another's key (duplicate key)")
        self.numbers = numbers
        self.texts = 0  # number texts of the strings read so far
        self.text_pairs: dict[str, tuple[int, int]] = {}  # a dual entry's text -> (p, q)
        self.duals: dict[str, _Dual] = {}  # a dual's whole text -> its entries
        self.id_pairs: dict[int, tuple[int, int]] = {}  # a capacity's value id -> (p, q)
        self.items: dict[tuple, SideRecord] = {}
        for k, entry in enumerate(entries):
            key, record = self._read(k, entry)
            if key in self.items:
                raise CertificateMalformed(f"sides[{k}]: duplicate key (same need and multiset "
                                           f"of capacities as sides[{self.items[key].index}])")
            self.items[key] = record

    def _read(self, k: int, entry: object) -> tuple[tuple, SideRecord]:
        """A record's key and record: the common well-formed case by dictionary lookups of
        texts already seen; anything else through `_read_checked`, which names the error.
        `capacities` and `dual` are strings of number texts separated by single spaces (a
        record is 6 JSON values, FORMAT.md)."""
        if type(entry) is list and len(entry) == len(SIDE_FIELDS):
            need, capacity_text, value_text, dual_text, uses = entry
            if type(capacity_text) is str and type(dual_text) is str and \
                    type(value_text) is str and type(need) is int and type(uses) is int:
                self._charge(capacity_text, dual_text)
                dual, capacity_texts = self.duals.get(dual_text), capacity_text.split(" ")
                if dual is not None and 1 <= need <= len(capacity_texts) == len(dual.pairs) \
                        and 1 <= uses <= MAX_USES:
                    ids = list(map(self.numbers.text_ids.get, capacity_texts))
                    value = self.numbers.numbers.get(value_text)
                    if value is None:
                        value = self.numbers.parse(value_text, f"sides[{k}].value")
                    if None not in ids:
                        capacities = list(map(self.id_pairs.get, ids))
                        if None not in capacities:
                            return (need, tuple(sorted(ids))), SideRecord(
                                k, need, capacities, value, dual, uses)
        return self._read_checked(k, entry)

    def _read_checked(self, k: int, entry: object) -> tuple[tuple, SideRecord]:
        where = f"sides[{k}]"
        if type(entry) is not list or len(entry) != len(SIDE_FIELDS):
            raise CertificateMalformed(f"{where}: expected an array of {len(SIDE_FIELDS)} "
                                       f"fields {list(SIDE_FIELDS)}")
        need, capacity_text, value_text, dual_text, uses = entry
        if type(capacity_text) is not str or type(dual_text) is not str:
            raise CertificateMalformed(f"{where}: capacities and dual must be strings of "
                                       "number texts separated by single spaces")
        if type(value_text) is not str or type(need) is not int or type(uses) is not int:
            self._charge(capacity_text, dual_text)  # else the fast path charged them
        capacity_texts, dual_texts = capacity_text.split(" "), dual_text.split(" ")
        m = len(capacity_texts)
        if type(need) is not int or not 1 <= need <= m:
            raise CertificateMalformed(f"{where}.need: expected an integer 1..{m} (the number "
                                       f"of capacities), got {brief(need)}")
        if len(dual_texts) != m:
            raise CertificateMalformed(f"{where}.dual: expected {m} entries, got "
                                       f"{len(dual_texts)}")
        if type(uses) is not int or not 1 <= uses <= MAX_USES:
            error = CertificateTooLarge if type(uses) is int and uses > 0 else CertificateMalformed
            raise error(f"{where}.uses: expected 1 to {MAX_USES}, got {brief(uses)}")
        numbers = self.numbers
        ids = [numbers.text_id(t, f"{where}.capacities") for t in capacity_texts]
        dual = self.duals.get(dual_text)
        if dual is None:
            dual = self.duals[dual_text] = _Dual(
                [_pair(self.text_pairs, t, numbers.parse(t, f"{where}.dual")) for t in dual_texts])
        capacities = [_pair(self.id_pairs, i, numbers.by_id[i]) for i in ids]
        record = SideRecord(k, need, capacities, numbers.parse(value_text, f"{where}.value"),
                            dual, uses)
        return (need, tuple(sorted(ids))), record

    def _charge(self, capacity_text: str, dual_text: str) -> None:
        """Count the number texts of a record's two strings (their spaces, plus one each)
        before either is split."""
        self.texts += capacity_text.count(" ") + dual_text.count(" ") + 2
        if self.texts > MAX_SIDE_TEXTS:
            raise CertificateTooLarge(f"sides: more than {MAX_SIDE_TEXTS} number texts in the "
                                      "capacities and dual strings")

    def lookup(self, need: int, capacity_ids: list[int], where,
               describe) -> SideRecord | CheckReport:
        """The checked record of this node side, or the report of why it fails (the node
        named by describe(where))."""
        capacity_ids.sort()
        record = self.items.get((need, tuple(capacity_ids)))
        if record is None:
            values = [show(self.numbers.by_id[i]) for i in capacity_ids[:6]]
            return rejected("record-missing", f"node {describe(where)}: no side record for need "
                            f"{need}, capacities [{', '.join(values)}"
                            f"{', ...' if len(capacity_ids) > 6 else ''}]")
        if not record.checked:
            failure = check_side(record)
            if failure is not None:
                return failure
            record.checked = True
        return record

    def require_all_used(self) -> CheckReport | None:
        """Every side record is used, by exactly the number of node sides it claims."""
        unused = [r.index for r in self.items.values() if not r.checked]
        if unused:
            raise CertificateMalformed(f"sides[{unused[0]}] is not the side record of any "
                                       f"node ({len(unused)} unused side record(s))")
        for record in sorted(self.items.values(), key=lambda r: r.index):
            if record.used != record.uses:
                return rejected("record-multiplicity", f"sides[{record.index}] claims "
                                f"{brief(record.uses)} uses, {record.used} node sides use it")
        return None


def check_side(record: SideRecord) -> CheckReport | None:
    """The local checks of one side record (module docstring); None if valid."""
    where = f"sides[{record.index}] (need {record.need})"
    capacities, value, dual, k = record.capacities, record.value, record.dual, record.need
    if min(capacities)[0] < 0:
        return rejected("capacity-nonnegative", f"{where}: a capacity is negative")
    numerator, denominator_t = value.numerator, value.denominator
    if numerator < 0:
        return rejected("primal-nonnegative", f"{where}: value {show(value)} < 0")
    denominator = _common(lcm(denominator_t, *[q for _, q in capacities]), where)
    scaled = [p * (denominator // q) for p, q in capacities]
    top = numerator * (denominator // denominator_t)
    if sum(map(min, scaled, repeat(top))) < k * top:
        return rejected("primal-load", f"{where}: sum_i min(c_i, T) < {k} T for T = "
                                       f"{show(value)}: no packing of {k}-subsets has value T")
    if min(dual.pairs)[0] < 0:
        return rejected("dual-nonnegative", f"{where}: a dual entry is negative")
    scaled_dual = dual.over_common(where)
    dual_denominator = dual.denominator
    if sum(map(int.__mul__, scaled, scaled_dual)) * denominator_t != \
            numerator * denominator * dual_denominator:
        total = Fraction(sum(map(int.__mul__, scaled, scaled_dual)),
                         denominator * dual_denominator)
        return rejected("dual-value", f"{where}: sum_i c_i v_i = {show(total)}, value = "
                                      f"{show(value)}")
    smallest = sum(dual.ascending[:k])
    if smallest < dual_denominator:
        return rejected("dual-feasible", f"{where}: the {k} smallest dual entries sum to "
                                         f"{show(Fraction(smallest, dual_denominator))} < 1")
    return None


def _pair(pairs: dict, name, number: Fraction) -> tuple[int, int]:
    """(numerator, denominator) of a number, remembered under `name`."""
    found = pairs.get(name)
    if found is None:
        found = pairs[name] = (number.numerator, number.denominator)
    return found


def _common(denominator: int, where: str) -> int:
    """A common denominator, refused above 2^14 bits (as every record's, FORMAT.md)."""
    if denominator.bit_length() > MAX_DENOMINATOR_BITS:
        raise CertificateTooLarge(f"{where}: the common denominator exceeds "
                                  f"{MAX_DENOMINATOR_BITS} bits")
    return denominator
