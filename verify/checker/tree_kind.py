"""Kind `tree`: a factored certificate for rho_T = fbs_alpha(F_T) (certificates/FORMAT.md, kind tree).

F_T is the global function of a decomposition tree (paper Section 5), or of a composed spec
(`compose(...)`, `tribes`, read as the tree of its parts): its variables are the leaves in
depth-first, left-to-right order, and alpha gives their reference values. The certificate
lists one record per distinct node key (aggregator, z_u, capacities); this checker recomputes
every z_u bottom-up from alpha with its own spec evaluator, takes the capacities c_i to be
the values it has already accepted for the children (1 at a leaf), finds the node's record
by that key, and checks the record locally and exactly:

  primal: weights >= 0, every block sensitive for phi_u at z_u, load_i <= c_i, sum w = value;
  dual:   v_i >= 0, sum_i c_i v_i = value, v(S) >= 1 for EVERY sensitive block S.

If every node passes, the root's value equals fbs_alpha(F_T): FORMAT.md proves that the
products of the local primals (duals) are a primal (dual) solution of F_T's fbs LP at alpha
with that value.

Work is factored: nodes with the same aggregator and the same children's (value, accepted
value) classes share one class, so a node costs a tuple of small integers and a dictionary
lookup, and everything else (z_u, the record lookup, the record's checks) happens once per
distinct class. Aggregator specs are keyed by their normal form and evaluated once, lazily,
all against one work budget per file. Standard library only (docs/design.md, Trust boundary).

Version 2 (FORMAT.md, kind tree, "Version 2"): alpha packed in base64, records as arrays
with the number of nodes that use them (compared exactly), and a symmetric aggregator's
record keyed by the multiset of (z_i, c_i), so that one record, checked once, serves every
permutation of the children (FORMAT.md proves a permuted record passes the same checks).

Version 3 (FORMAT.md, kind tree, "Version 3"): as version 2, but a node with a symmetric
aggregator uses one *side record* per side of z_u that can flip phi (verify.checker.tree_sides),
keyed by (need, multiset of that side's capacities); its value is the sum of its sides'. A
compact uniform tree with a symmetric aggregator counts the ones below each parent of leaves
by integer shifts over the packed alpha (C speed), and may then have up to 2^29 leaves.
"""

from __future__ import annotations

import base64
from array import array
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import compress
from math import comb

from . import bitset
from .dual_check import STEP_COST, light_sensitive_block
from .errors import CertificateMalformed, CertificateTooLarge
from .fields import brief, get_typed, read_block, read_files, read_primal, require_keys
from .rationals import common_denominator, over_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected
from .spec_eval import (
    Budget,
    ParseBudget,
    compose_parts,
    normal_form,
    parse_spec,
)
from .symmetric_kind import Values, symmetric_values
from .tree_sides import SideRecord, SideRecords

REQUIRED = {"format", "kind", "tree", "alpha", "value", "records"}
OPTIONAL = {"producer", "files"}
REQUIRED_V2 = {"format", "kind", "version", "tree", "alpha_base64", "value", "records"}
REQUIRED_V3 = REQUIRED_V2 | {"sides"}
RECORD_KEYS = {"aggregator", "z", "capacities", "value", "primal", "dual"}
RECORD_FIELDS_V2 = ("aggregator", "z", "capacities", "value", "primal", "dual", "nodes")
SHARED_VERSION = 2            # records shared up to symmetry, multiplicities, packed alpha
SIDES_VERSION = 3             # ... and a symmetric aggregator's nodes by side records
TREE_FORMAT = "fbs-tree/1"
MAX_NODES = 600_000        # explicit and composed trees: about 7 microseconds of reading a node
MAX_MULTIPLICITY = 1 << 62    # version 2: a record's `nodes` (the tree has fewer nodes)
MAX_LEAVES = 1 << 23
MAX_LEAVES_PACKED = 1 << 26   # version 2, compact uniform form: alpha packed, and
MAX_PACKED_WIDTH = 1 << 10    # ... more than 2^23 leaves only for q <= 2^10 and q^(d-1) <= 2^23
MAX_LEAVES_SIDES = 1 << 29    # version 3, compact uniform form: q <= 2^10 and q^(d-1) <= 2^26
MAX_COUNTED_WIDTH = 255       # leaves counted a byte per parent (symmetric aggregators)
MAX_COUNTED_CLASSES = 32      # ... and the children of each class, on levels with few classes
LEAF_CHUNK_BYTES = 1 << 16    # packed alpha unpacked q * 2^16 bytes (8q * 2^16 leaves) at a time
MAX_UNIFORM_DEPTH = 64        # also for width 1, where depth is not bounded by the leaves
MAX_TABLE_ARITY = 24          # a non-symmetric aggregator is checked on its 2^q blocks
TREE_WORK_LIMIT = 1 << 38     # bit-operations of spec evaluation and dual checks per file
STRUCTURAL_PASS_SIDES = 1 << 17  # more side records: counted against a pass over the tree
SYMMETRIC_FAMILIES = {"and", "or", "parity", "maj", "thr", "sym"}
ONE = Fraction(1)


class _Rejected(Exception):
    """A claim that does not hold; carries the report."""

    def __init__(self, report: CheckReport):
        super().__init__(report.message)
        self.report = report


def check(obj: dict) -> CheckReport:
    """Check a kind-"tree" certificate; the report names the first failing condition."""
    version = obj.get("version", 1)
    shared = "version" in obj
    if shared:
        if type(version) is not int or version not in (SHARED_VERSION, SIDES_VERSION):
            raise CertificateMalformed(f"version: expected {SHARED_VERSION} or {SIDES_VERSION} "
                                       "(or no version field: version 1)")
        require_keys(obj, REQUIRED_V3 if version == SIDES_VERSION else REQUIRED_V2, OPTIONAL,
                     "certificate")
    else:
        require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    aggregators = Aggregators(read_files(obj), Budget(TREE_WORK_LIMIT))
    shape = _read_tree(get_typed(obj, "tree", dict, "certificate"), aggregators, version)
    if shared:
        alpha = PackedAlpha(get_typed(obj, "alpha_base64", str, "certificate"), shape.n_leaves)
    else:
        alpha = get_typed(obj, "alpha", str, "certificate")
        if len(alpha) != shape.n_leaves or alpha.strip("01"):
            raise CertificateMalformed(f"alpha: expected a 0/1 string with one bit per leaf "
                                       f"({shape.n_leaves}), got {len(alpha)} characters")
    claimed = parse_number(obj["value"], "value")
    entries = get_typed(obj, "records", list, "certificate")
    # every record serves at least one node (of a non-symmetric aggregator in version 3):
    # more records than such nodes leave one unused, refused before any record is read
    nodes = shape.internal_nodes(symmetric=False if version == SIDES_VERSION else None)
    if len(entries) > nodes:
        raise CertificateMalformed(f"records: {len(entries)} records, but only {nodes} nodes "
                                   "of the tree use one: some record is unused or repeats "
                                   "another's key (duplicate key)")
    records = _Records(entries, aggregators, shared)
    sides = None
    if version == SIDES_VERSION:
        side_entries, node_sides = _side_entries(obj, shape, alpha)
        sides = SideRecords(side_entries, records, node_sides)
    classes = _Classes(records, sides)
    try:
        value = classes.rho[shape.evaluate(alpha, classes)]
        records.require_all_used()
        failure = sides.require_all_used() if sides is not None else None
    except _Rejected as failure:
        return failure.report
    if failure is not None:
        return failure
    if value != claimed:
        return rejected("root-value", f"the root's certified value is {show(value)}, "
                                      f"the certificate claims {show(claimed)}")
    return accepted(value, f"valid: rho_T = fbs_alpha(F_T) = {show(value)} for a tree with "
                           f"{_count(shape.n_leaves, 'leaf', 'leaves')} and depth {shape.depth} "
                           f"({_count(len(records.items), 'node record')}, "
                           f"{_count(len(sides.items), 'side record') + ', ' if sides else ''}"
                           f"{_count(len(classes.ids), 'distinct node class', 'distinct node classes')}"
                           " checked)")


def _side_entries(obj: dict, shape, alpha) -> tuple[list, int]:
    """The `sides` array and the most distinct node sides the tree can have (refused beyond,
    before any side record is read): two per key bound of the shape; beyond
    STRUCTURAL_PASS_SIDES records, two per symmetric key of a pass over the tree with classes
    fixed by their keys alone (FORMAT.md, kind tree, "Bounds of the side records")."""
    entries = get_typed(obj, "sides", list, "certificate")
    node_sides = 2 * shape.symmetric_nodes()
    if STRUCTURAL_PASS_SIDES < len(entries) <= node_sides:
        keys = _KeyClasses()
        shape.evaluate(alpha, keys)
        node_sides = min(node_sides, 2 * keys.symmetric)
    return entries, node_sides


class _KeyClasses:
    """The classes of a pass that never reads a record: a node's class is its key (its
    aggregator and its children's classes, sorted for a symmetric aggregator), the leaves
    classes 0 and 1. Equal keys have equal accepted classes, so the tree has at most as many
    distinct keys of each kind as this pass counts."""

    class records:  # the evaluation asks whether symmetric children are sorted (version 2+)
        shared = True

    def __init__(self):
        self.ids: dict[tuple, int] = {}
        self.symmetric = 0  # distinct keys of symmetric aggregators

    def node(self, aggregator, children: tuple[int, ...], where, count: int = 1,
             ordered: bool = False) -> int:
        if aggregator.values is not None and not ordered:
            children = tuple(sorted(children))
        found = self.ids.get((aggregator, children))
        if found is None:
            found = self.ids[(aggregator, children)] = len(self.ids) + 2
            self.symmetric += aggregator.values is not None
        return found


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def unpack_alpha(text: str, n_leaves: int) -> str:
    """The 0/1 string of a packed alpha: base64 (RFC 4648, padded) of ceil(L/8) bytes, leaf 0
    the most significant bit of byte 0, the unused low bits of the last byte zero."""
    return PackedAlpha(text, n_leaves).text()


class PackedAlpha:
    """A packed alpha (versions 2 and 3), validated; unpacked whole (`text`) or as 0/1 bytes
    in chunks (`leaf_bytes`), so that a 2^29-leaf alpha is never one string."""

    def __init__(self, text: str, n_leaves: int):
        self.raw, self.n_leaves = _decode_alpha(text, n_leaves), n_leaves

    def text(self) -> str:
        padding = 8 * len(self.raw) - self.n_leaves
        number = int.from_bytes(self.raw, "big")
        return bin(number >> padding)[2:].zfill(self.n_leaves) if self.n_leaves else ""

    def leaf_bytes(self, q: int):
        """The leaves as bytes 0/1, in chunks whose lengths are multiples of 8q (the last:
        the rest), so that no parent of leaves straddles two chunks."""
        step = q * LEAF_CHUNK_BYTES
        for start in range(0, len(self.raw), step):
            chunk = self.raw[start:start + step]
            leaves = min(8 * len(chunk), self.n_leaves - 8 * start)
            bits = bin(int.from_bytes(chunk, "big") | 1 << 8 * len(chunk))[3:3 + leaves]
            yield bits.encode("ascii").translate(_BIT_VALUES)


def _decode_alpha(text: str, n_leaves: int) -> bytes:
    """The ceil(L/8) bytes of a packed alpha, its length, base64 and padding bits checked."""
    size = (n_leaves + 7) // 8
    if len(text) != 4 * ((size + 2) // 3):
        raise CertificateMalformed(f"alpha_base64: expected {4 * ((size + 2) // 3)} base64 "
                                   f"characters for {n_leaves} leaves, got {len(text)}")
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:  # binascii.Error included
        raise CertificateMalformed("alpha_base64: not valid base64") from None
    if len(raw) != size:
        raise CertificateMalformed(f"alpha_base64: expected {size} bytes for {n_leaves} "
                                   f"leaves, got {len(raw)}")
    padding = 8 * size - n_leaves
    if raw and raw[-1] & ((1 << padding) - 1):
        raise CertificateMalformed("alpha_base64: the unused bits of the last byte must be 0")
    return raw


def is_symmetric_aggregator(spec: str) -> bool:
    """Whether the checker reads this aggregator in closed form phi(x) = V(|x|), so that
    version-2 records are shared up to a permutation of the children (FORMAT.md, kind tree)."""
    try:
        spec = normal_form(spec, ParseBudget())
        if spec.partition(":")[0] not in SYMMETRIC_FAMILIES:
            return False
        symmetric_values(spec)
    except CertificateMalformed:  # CertificateTooLarge included
        return False
    return True


# --- aggregators ------------------------------------------------------------------------------


class Aggregators:
    """Aggregators by normal form: parsed once (cheap), evaluated on first use."""

    def __init__(self, files: dict, budget: Budget):
        self.files, self.budget = files, budget
        self.split_budget = ParseBudget()  # one for every spec of the file
        self.known: dict[str, _Aggregator] = {}
        self.by_text: dict[str, _Aggregator] = {}  # a spec text is normalised once

    def get(self, spec: object, where: str) -> "_Aggregator":
        if type(spec) is not str:
            raise CertificateMalformed(f"{where}: an aggregator must be a spec string")
        found = self.by_text.get(spec)
        if found is None:
            key = normal_form(spec, self.split_budget)
            if key not in self.known:
                self.known[key] = _Aggregator(key, self.files, self.budget, where,
                                              self.split_budget)
            found = self.by_text[spec] = self.known[key]
        return found


class _Aggregator:
    """phi_u: symmetric (and, or, parity, maj, thr, sym; any width, closed forms) or a truth
    table of arity <= 24 (the checker's own evaluator; sensitive families per z, cached)."""

    def __init__(self, spec: str, files: dict, budget: Budget, where: str,
                 split_budget: ParseBudget | None = None):
        self.spec, self.budget = spec, budget
        self.values: Values | None = None
        self._counted, self._ones = None, 0
        if spec.partition(":")[0] in SYMMETRIC_FAMILIES:
            try:
                self.values = symmetric_values(spec)
            except CertificateMalformed:
                self.values = None  # e.g. thr with T < 0: the general evaluator decides
        if self.values is not None:
            self.q = self.values.n
            self._needs: dict[int, tuple] = {}
            return
        self.parsed = parse_spec(spec, files, MAX_TABLE_ARITY, split_budget=split_budget)
        self.q = self.parsed.arity
        if self.q < 1:
            raise CertificateMalformed(f"{where}: aggregator {spec[:40]!r} has arity 0")
        self._table: int | None = None
        self.families: dict[str, tuple[int, bytes]] = {}

    def side_needs(self, w: int) -> tuple[int, int | None, int | None]:
        """Symmetric phi at weight w: (V(w), d_down, d_up), computed once per weight."""
        found = self._needs.get(w)
        if found is None:
            values = self.values
            found = self._needs[w] = (values(w), values.nearest_change(w, -1),
                                      values.nearest_change(w, +1))
        return found

    def value(self, z: str) -> int:
        """phi(z) for a claim vector given as bits (z_1 most significant)."""
        if self.values is not None:
            return self.values(z.count("1"))
        return (self._truth_table() >> int(z, 2)) & 1

    def _truth_table(self) -> int:
        if self._table is None:
            self._table = self.parsed.truth_table(self.budget)
        return self._table

    def _cost(self) -> int:
        return max(1 << self.q, STEP_COST)

    def family(self, z: str) -> tuple[int, bytes]:
        """The sensitive family at z as a bitset over block masks, and its byte lookup."""
        if z not in self.families:
            q, table = self.q, self._truth_table()
            self.budget.charge(8 * q * self._cost())
            z_index = int(z, 2)
            family = bitset.xor_permute(table, z_index, q)
            if (table >> z_index) & 1:
                family ^= (1 << (1 << q)) - 1
            self.families[z] = (family, bitset.to_lookup(family, q))
        return self.families[z]

    def weight(self, z: str) -> int:
        """The number of ones of z, counted once per z a record asks about (a record's blocks
        all ask about its z: counting it per block would cost q per block)."""
        if z is not self._counted:
            self._counted, self._ones = z, z.count("1")
        return self._ones

    def sensitive(self, z: str, block: tuple[int, ...]) -> bool:
        """Whether flipping the children in `block` changes phi at z."""
        return self.sensitivity(z)(block)

    def sensitivity(self, z: str):
        """The test "flipping the children in this block changes phi at z", with what it
        needs of z computed once: O(|block|) per block."""
        if self.values is not None:
            values, w = self.values, self.weight(z)
            at_z, bits = values(w), z.encode("ascii").translate(_BIT_VALUES)
            def symmetric(block: tuple[int, ...]) -> bool:
                ones = sum(map(bits.__getitem__, block))
                return values(w + len(block) - 2 * ones) != at_z
            return symmetric
        return lambda block: bool(bitset.test(self.family(z)[1], _mask(block, self.q)))

    def light_block(self, z: str, scaled: list[int], denominator: int) -> list[int] | None:
        """A sensitive block J with v(J) < 1, or None when v is feasible (Def. 3.4 weighted);
        v_i = scaled[i] / denominator.

        Symmetric phi at weight w: J is sensitive iff it reaches a weight where V differs,
        and the cheapest such J are the d_down cheapest ones or the d_up cheapest zeros of z
        (FORMAT.md, kind tree: "Symmetric aggregators")."""
        if self.values is not None:
            w = self.weight(z)
            for bit, step in (("1", -1), ("0", +1)):
                distance = self.values.nearest_change(w, step)
                if distance is None:
                    continue
                chosen = z.encode("ascii").translate(_BIT_VALUES if bit == "1" else _FLIPPED)
                if sum(sorted(compress(scaled, chosen))[:distance]) < denominator:
                    side = sorted((scaled[i], i) for i in compress(range(self.q), chosen))
                    return sorted(i for _, i in side[:distance])
            return None
        family, _ = self.family(z)
        light = light_sensitive_block(family, self.q, scaled, denominator,
                                      charge=self.budget.charge)
        return None if light is None else [i for i in range(self.q)
                                           if (light >> (self.q - 1 - i)) & 1]


def _distinct(numbers) -> list:
    """The distinct objects among `numbers` (the record reader shares one Fraction per
    number text, so a wide record of repeated texts has few): a sign check then costs a
    dictionary pass in C per entry, not Python arithmetic."""
    return list({id(x): x for x in numbers}.values())


def _mask(block: tuple[int, ...], q: int) -> int:
    mask = 0
    for i in block:
        mask |= 1 << (q - 1 - i)
    return mask


# --- records ----------------------------------------------------------------------------------


@dataclass
class LocalLP:
    """One weighted fbs LP of phi at z with capacities c: the value, primal and dual claimed."""

    index: int
    aggregator: _Aggregator
    z: str
    capacities: tuple[Fraction, ...]
    value: Fraction
    primal: list[tuple[tuple[int, ...], Fraction]]
    dual: tuple[Fraction, ...]
    capacity_ids: tuple[int, ...] = ()
    checked: bool = False
    nodes: int | None = None  # version 2: the claimed number of nodes using the record
    used: int = 0             # the number of nodes the checker found using it


class _Records:
    """Node records keyed by (aggregator's normal form, z, capacities); each checked once,
    on first use."""

    def __init__(self, entries: list, aggregators: Aggregators, shared: bool = False):
        self.aggregators, self.shared = aggregators, shared
        self.items: dict[tuple, LocalLP] = {}
        self.numbers: dict[str, Fraction] = {}  # texts repeat across records: parse each once
        # distinct values as small ints, for keys; keyed by the reduced pair (numerator,
        # denominator), one to one with the value, whose hash is a tuple's, not a Fraction's
        self.ids: dict[tuple[int, int], int] = {(1, 1): 0}
        self.by_id: list[Fraction] = [ONE]
        self.text_ids: dict[str, int] = {}
        for k, entry in enumerate(entries):
            record = self._read(k, entry)
            key = self.key(record.aggregator, record.z, record.capacity_ids)
            if key in self.items:
                raise CertificateMalformed(f"records[{k}]: duplicate key (same aggregator, z and "
                                           f"capacities as records[{self.items[key].index}])")
            self.items[key] = record

    def _read(self, k: int, entry: object) -> LocalLP:
        where = f"records[{k}]"
        if self.shared:
            entry = _record_object(entry, where)
        if type(entry) is not dict:
            raise CertificateMalformed(f"{where}: expected an object")
        require_keys(entry, RECORD_KEYS, {"nodes"} if self.shared else set(), where)
        aggregator = self.aggregators.get(entry["aggregator"], where)
        q = aggregator.q
        z = get_typed(entry, "z", str, where)
        if len(z) != q or z.strip("01"):
            raise CertificateMalformed(f"{where}: z must be {q} bits")
        capacity_texts = get_typed(entry, "capacities", list, where)
        capacities = self._numbers(capacity_texts, q, f"{where}.capacities")
        capacity_ids = tuple(self.text_ids[t] if type(t) is str and t in self.text_ids else
                             self._text_id(t, c) for t, c in zip(capacity_texts, capacities))
        dual = self._numbers(get_typed(entry, "dual", list, where), q, f"{where}.dual")
        if self.shared:
            primal = self._pairs(get_typed(entry, "primal", list, where), q, f"{where}.primal")
        else:
            primal = read_primal(get_typed(entry, "primal", list, where), q, f"{where}.primal",
                                 self.numbers)
        nodes = None
        if self.shared:
            nodes = get_typed(entry, "nodes", int, where)
            if not 1 <= nodes <= MAX_MULTIPLICITY:
                error = CertificateTooLarge if nodes > 0 else CertificateMalformed
                raise error(f"{where}.nodes: expected 1 to {MAX_MULTIPLICITY} nodes, got "
                            f"{brief(nodes)}")
        return LocalLP(k, aggregator, z, capacities, parse_number(entry["value"], f"{where}.value"),
                       primal, dual, capacity_ids, nodes=nodes)

    def key(self, aggregator: _Aggregator, z: str, capacity_ids: tuple[int, ...]) -> tuple:
        """A record's key, recomputed from (aggregator, z, capacities): version 2 sorts the
        children of a symmetric aggregator by (z_i, c_i), so permuted children share it."""
        if self.shared and aggregator.values is not None:
            # the multiset of (z_i, c_i): ids name values one to one within this check
            # (as the sorted distinct pairs with their counts: a C pass, then a sort of few)
            return aggregator.spec, tuple(sorted(Counter(zip(z, capacity_ids)).items()))
        return aggregator.spec, z, capacity_ids

    def _pairs(self, entries: list, q: int, where: str) -> list:
        """Version-2 primal entries [block, weight]: valid, pairwise distinct blocks."""
        primal, seen, numbers = [], set(), self.numbers
        for k, entry in enumerate(entries):
            if type(entry) is not list or len(entry) != 2:
                raise CertificateMalformed(f"{where}[{k}]: expected [block, weight] pairs")
            block = read_block(entry[0], q, f"{where}[{k}]")
            if block in seen:
                raise CertificateMalformed(f"{where}[{k}]: duplicate block {list(block)}")
            seen.add(block)
            text = entry[1]
            weight = numbers.get(text) if type(text) is str else None
            if weight is None:
                weight = numbers[text] = parse_number(text, f"{where}[{k}].weight")
            primal.append((block, weight))
        return primal

    def parse(self, text: object, where: str) -> Fraction:
        """A number text, parsed once per distinct text."""
        number = self.numbers.get(text) if type(text) is str else None
        if number is None:
            number = self.numbers[text] = parse_number(text, where)
        return number

    def text_id(self, text: object, where: str) -> int:
        """The id of a number text's value, found once per distinct text."""
        found = self.text_ids.get(text) if type(text) is str else None
        return self._text_id(text, self.parse(text, where)) if found is None else found

    def _text_id(self, text, number: Fraction) -> int:
        found = self.id_of(number)
        if type(text) is str:
            self.text_ids[text] = found
        return found

    def _numbers(self, entries: list, q: int, where: str) -> tuple[Fraction, ...]:
        if len(entries) != q:
            raise CertificateMalformed(f"{where}: expected {q} entries, got {len(entries)}")
        found = []
        for i, text in enumerate(entries):
            number = self.numbers.get(text) if type(text) is str else None
            if number is None:
                number = parse_number(text, f"{where}[{i}]")
                self.numbers[text] = number
            found.append(number)
        return tuple(found)

    def id_of(self, number: Fraction) -> int:
        """A small integer naming this value (equal values, equal ids)."""
        found = self.ids.setdefault((number.numerator, number.denominator), len(self.ids))
        if found == len(self.by_id):
            self.by_id.append(number)
        return found

    def lookup(self, aggregator: _Aggregator, z: str, capacity_ids: tuple[int, ...],
               node) -> LocalLP:
        """The record for this node key, after its local checks."""
        record = self.items.get(self.key(aggregator, z, capacity_ids))
        if record is None:
            capacities = [self.by_id[i] for i in capacity_ids]
            raise _Rejected(rejected("record-missing", f"node {_describe(node)}: no record for "
                                     f"aggregator {aggregator.spec[:40]!r}, z = {z[:40]}, "
                                     f"capacities [{', '.join(show(c) for c in capacities[:6])}"
                                     f"{', ...' if len(capacities) > 6 else ''}]"))
        if not record.checked:
            failure = check_local_lp(record)
            if failure is not None:
                raise _Rejected(failure)
            record.checked = True
        return record

    def require_all_used(self) -> None:
        """Every record is used; in version 2 by exactly the number of nodes it claims."""
        unused = [r.index for r in self.items.values() if not r.checked]
        if unused:
            raise CertificateMalformed(f"records[{unused[0]}] is not the record of any node "
                                       f"({len(unused)} unused record(s))")
        if not self.shared:
            return
        for record in sorted(self.items.values(), key=lambda r: r.index):
            if record.used != record.nodes:
                raise _Rejected(rejected("record-multiplicity", f"records[{record.index}] "
                                         f"claims {brief(record.nodes)} nodes, {record.used} "
                                         "nodes of the tree use it"))


def _record_object(entry: object, where: str) -> dict:
    """A version-2 record [aggregator, z, capacities, value, [[block, weight], ...], dual,
    nodes] as an object with those keys."""
    if type(entry) is not list or len(entry) != len(RECORD_FIELDS_V2):
        raise CertificateMalformed(f"{where}: expected an array of {len(RECORD_FIELDS_V2)} "
                                   f"fields {list(RECORD_FIELDS_V2)}")
    return dict(zip(RECORD_FIELDS_V2, entry))


def _describe(node) -> str:
    if isinstance(node, tuple):
        return f"{node[1]} of level {node[0]}"
    return repr(str(node)[:40])




def check_local_lp(record: LocalLP, where: str | None = None) -> CheckReport | None:
    """The local weighted LP checks of one record (FORMAT.md, kind tree, "What is checked");
    None if valid. Kind `weighted` checks its single LP with this too."""
    phi = record.aggregator
    where = where or f"records[{record.index}] ({phi.spec[:30]} at z = {record.z[:30]})"
    if any(c.numerator < 0 for c in _distinct(record.capacities)):
        return rejected("capacity-nonnegative", f"{where}: a capacity is negative")
    sensitive = phi.sensitivity(record.z)
    for block, weight in record.primal:
        if weight.numerator < 0:
            return rejected("primal-nonnegative", f"{where}: block {list(block)[:8]} has weight "
                                                  f"{show(weight)} < 0")
        if not sensitive(block):
            return rejected("primal-sensitive", f"{where}: block {list(block)[:8]} is not sensitive")
    # integer arithmetic over common denominators (each at most 2^14 bits)
    weights = [w for _, w in record.primal]
    denominator = common_denominator(weights + list(record.capacities), f"{where} primal")
    capacity = list(over_denominator(record.capacities, denominator))
    scaled_weights = over_denominator(weights, denominator)  # one at a time
    load = [0] * phi.q
    for (block, _), scaled in zip(record.primal, scaled_weights):
        for i in block:
            load[i] += scaled
    if any(map(int.__gt__, load, capacity)):
        i = next(i for i, (total, c) in enumerate(zip(load, capacity)) if total > c)
        return rejected("primal-load", f"{where}: coordinate {i} has load "
                                       f"{show(Fraction(load[i], denominator))} > capacity "
                                       f"{show(record.capacities[i])}")
    primal_value = Fraction(scaled_sum(weights, denominator), denominator)
    if primal_value != record.value:
        return rejected("primal-value", f"{where}: sum of primal weights = "
                                        f"{show(primal_value)}, value = {show(record.value)}")
    if any(v.numerator < 0 for v in _distinct(record.dual)):
        return rejected("dual-nonnegative", f"{where}: a dual entry is negative")
    dual_denominator = common_denominator(list(record.dual), f"{where} dual")
    scaled_dual = list(over_denominator(record.dual, dual_denominator))
    dual_value = Fraction(sum(map(int.__mul__, capacity, scaled_dual)),
                          denominator * dual_denominator)
    if dual_value != record.value:
        return rejected("dual-value", f"{where}: sum_i c_i v_i = {show(dual_value)}, "
                                      f"value = {show(record.value)}")
    light = phi.light_block(record.z, scaled_dual, dual_denominator)
    if light is not None:
        return rejected("dual-feasible", f"{where}: block {light[:8]} is sensitive but v(B) = "
                                         f"{show(sum((record.dual[i] for i in light), Fraction(0)))} < 1")
    return None


# --- node classes -----------------------------------------------------------------------------


class _Classes:
    """Distinct node classes: a class is the pair (value under alpha, accepted rho). Classes 0
    and 1 are the leaves with alpha bit 0 and 1 (rho = 1); an internal node's class is the
    lookup of (aggregator, its children's classes), so every distinct key is resolved once."""

    def __init__(self, records: _Records, sides: SideRecords | None = None):
        self.records, self.sides = records, sides
        self.value, self.rho, self.rho_id = [0, 1], [ONE, ONE], [0, 0]
        self.by_pair: dict[tuple[int, int], int] = {(0, 0): 0, (1, 0): 1}
        self.ids: dict[tuple, tuple[int, LocalLP]] = {}

    def node(self, aggregator: _Aggregator, children: tuple[int, ...], where,
             count: int = 1, ordered: bool = False) -> int:
        """The class of `count` nodes with this aggregator and these children's classes
        (version 2, symmetric aggregator: in any order, as the record key ignores it;
        ordered=True: the caller passes them sorted already)."""
        if self.records.shared and aggregator.values is not None and not ordered:
            children = tuple(sorted(children))
        key = (aggregator, children)
        found = self.ids.get(key)
        if found is None:
            if self.sides is not None and aggregator.values is not None:
                bit, rho, used = self._by_sides(aggregator, children, where)
            else:
                z = "".join("1" if self.value[c] else "0" for c in children)
                record = self.records.lookup(aggregator, z,
                                             tuple(self.rho_id[c] for c in children), where)
                bit, rho, used = aggregator.value(z), record.value, (record,)
            pair = (bit, self.records.id_of(rho))
            if pair not in self.by_pair:
                self.by_pair[pair] = len(self.rho)
                self.value.append(pair[0])
                self.rho.append(rho)
                self.rho_id.append(pair[1])
            found = self.ids[key] = (self.by_pair[pair], used)
        for record in found[1]:
            record.used += count
        return found[0]

    def _by_sides(self, aggregator: _Aggregator, children: tuple[int, ...], where):
        """Version 3, symmetric phi = V(|x|) at weight w: the ones (if V changes below w, at
        distance d_down) and the zeros (if above, d_up) are each looked up as a side record
        (need, multiset of their accepted values); rho(u) is the sum of the sides' values,
        0 when no block is sensitive (FORMAT.md, kind tree, "Version 3")."""
        value, rho_id, sides = self.value, self.rho_id, self.sides
        ones = [rho_id[c] for c in children if value[c]]
        bit, down, up = aggregator.side_needs(len(ones))
        used = []
        if down is not None:
            used.append(sides.lookup(down, ones, where, _describe))
        if up is not None:
            used.append(sides.lookup(up, [rho_id[c] for c in children if not value[c]], where,
                                     _describe))
        for found in used:
            if not isinstance(found, SideRecord):
                raise _Rejected(found)
        if len(used) == 1:
            return bit, used[0].value, tuple(used)
        rho = sum((side.value for side in used[1:]), used[0].value) if used else Fraction(0)
        return bit, rho, tuple(used)


# --- tree shapes ------------------------------------------------------------------------------


def _read_tree(description: dict, aggregators: Aggregators, version: int = 1):
    """A compact uniform description, a composed spec, or an fbs-tree/1 document (flat)."""
    if "uniform" in description:
        require_keys(description, {"uniform"}, set(), "tree")
        return _Uniform(get_typed(description, "uniform", dict, "tree"), aggregators, version)
    if "spec" in description:
        require_keys(description, {"spec"}, set(), "tree")
        return _Composed(get_typed(description, "spec", str, "tree"), aggregators)
    return _Explicit(description, aggregators)


class _Uniform:
    """Every internal node has the same aggregator; q^d leaves, all at depth d."""

    def __init__(self, body: dict, aggregators: Aggregators, version: int = 1):
        require_keys(body, {"aggregator", "depth"}, set(), "tree.uniform")
        self.aggregator = aggregators.get(get_typed(body, "aggregator", str, "tree.uniform"),
                                          "tree.uniform")
        self.depth = get_typed(body, "depth", int, "tree.uniform")
        self.q = self.aggregator.q
        if not 0 <= self.depth <= MAX_UNIFORM_DEPTH:
            error = CertificateTooLarge if self.depth > 0 else CertificateMalformed
            raise error(f"tree.uniform: depth {brief(self.depth)} is not in "
                        f"0..{MAX_UNIFORM_DEPTH}")
        counted = self.aggregator.values is not None and self.q <= MAX_COUNTED_WIDTH
        leaf_limit = _uniform_leaf_limit(self.q, self.depth,
                                         version if counted else min(version, SHARED_VERSION))
        if self.q ** self.depth > leaf_limit:
            raise CertificateTooLarge(f"tree.uniform: more than {leaf_limit} leaves")
        self.n_leaves = self.q ** self.depth

    def internal_nodes(self, symmetric: bool | None = None) -> int:
        """The internal nodes (symmetric=False: those of a non-symmetric aggregator)."""
        if symmetric is not None and symmetric != (self.aggregator.values is not None):
            return 0
        return self.depth if self.q == 1 else (self.n_leaves - 1) // (self.q - 1)

    def symmetric_nodes(self) -> int:
        """At most the distinct keys of the symmetric nodes (each key has at most two sides):
        level d holds the 2 leaf classes, and the distinct keys of level k < d, multisets of
        q classes of level k + 1 (a class is fixed by its key), are at most K_k = min(q^k,
        C(K_{k+1} + q - 1, q)), K_d = 2; the sum over k < d (FORMAT.md, kind tree, "Bounds
        of the side records")."""
        if self.aggregator.values is None:
            return 0
        keys, total = 2, 0
        for level in range(self.depth - 1, -1, -1):
            keys = min(self.q ** level, comb(keys + self.q - 1, self.q))
            total += keys
        return total

    def evaluate(self, alpha, classes: _Classes) -> int:
        """Level by level from the leaves: node j of a level has children q*j .. q*j+q-1.

        A level is its nodes' classes packed in `width` bytes each; a node's key is the slice
        of its q children (a symmetric aggregator's: the tuple of their classes), counted (C
        speed), and each distinct key is resolved once with its multiplicity. With a packed
        alpha and a symmetric aggregator the parents of leaves are keyed by their number of
        ones (the multiset of their children's classes 0, 1), counted by integer shifts a
        chunk at a time; so is every level with at most 32 distinct classes, keyed by its
        children's count of each class."""
        q, aggregator, top = self.q, self.aggregator, self.depth - 1
        counted = classes.records.shared and aggregator.values is not None and \
            q <= MAX_COUNTED_WIDTH
        present = None  # the distinct classes of the level, when known
        if type(alpha) is str:
            level = alpha.encode("ascii").translate(_BIT_VALUES)
        elif self.depth and counted:
            level, top = self._parents_of_leaves(alpha, classes), self.depth - 2
            present = sorted(set(level))
        else:
            level = b"".join(alpha.leaf_bytes(q))
        code = "B" if type(level) is bytes else level.typecode
        level = level if type(level) is bytes else level.tobytes()
        for depth in range(top, -1, -1):
            step = q * array(code).itemsize
            if counted and code == "B" and present is not None and \
                    len(present) <= MAX_COUNTED_CLASSES:
                keys, table = _by_counts(level, present, q, classes, aggregator, depth)
            elif counted:  # a node's key: its children's classes, as a tuple (C speed)
                keys = list(zip(*[iter(array(code, level))] * q))
                table = _by_multisets(Counter(keys), classes, aggregator, depth, keys)
            else:
                keys = [level[j:j + step] for j in range(0, len(level), step)]
                table = {key: classes.node(aggregator, tuple(array(code, key)),
                                           (depth, _FirstIndex(keys, key)), count)
                         for key, count in Counter(keys).items()}
            parents = [table[key] for key in keys]
            present = sorted(set(table.values()))
            code = _typecode(present[-1])
            level = array(code, parents).tobytes()
        return array(code, level)[0]

    def _parents_of_leaves(self, alpha: PackedAlpha, classes: _Classes):
        """The classes of the parents of leaves (an array): a parent's children are leaves
        of classes 0 and 1, so its sorted key is fixed by its number of ones c, and the
        nodes of each c are resolved once with their count."""
        q, aggregator, depth = self.q, self.aggregator, self.depth - 1
        counts = b"".join(_ones_per_parent(chunk, q) for chunk in alpha.leaf_bytes(q))
        table = [0] * (q + 1)
        for ones in range(q + 1):
            count = counts.count(ones.to_bytes(1, "big"))
            if count:
                children = (0,) * (q - ones) + (1,) * ones
                table[ones] = classes.node(aggregator, children,
                                           (depth, _FirstIndex(counts, bytes([ones]))), count,
                                           ordered=True)
        code = _typecode(max(table))
        if code == "B":
            return array("B", counts.translate(bytes(table) + bytes(255 - q)))
        return array(code, map(table.__getitem__, counts))


def _by_counts(level: bytes, present: list[int], q: int, classes: _Classes,
               aggregator: _Aggregator, depth: int) -> tuple[list, dict]:
    """A level of at most 32 distinct classes (one byte a node), a symmetric aggregator:
    each parent's key is the number of its children of each class (K bytes, counted by
    integer shifts), which is its multiset; (the keys, key -> class). A count is at most q,
    so it fits in b = bit_length(q) bits, and 8 // b classes are counted at once, each in
    its own b bits of a byte (no sum reaches the next field: none passes q)."""
    width, bits = len(present), q.bit_length()
    together, mask = max(1, 8 // bits), (1 << bits) - 1
    vectors = bytearray(width * (len(level) // q))
    for first in range(0, width, together):
        group = present[first:first + together]
        indicator = level.translate(bytes(sum(1 << bits * a for a, c in enumerate(group)
                                              if b == c) for b in range(256)))
        counts = _ones_per_parent(indicator, q)
        for a in range(len(group)):
            vectors[first + a::width] = counts.translate(bytes((x >> bits * a) & mask
                                                               for x in range(256)))
    vectors = bytes(vectors)
    keys = [vectors[j:j + width] for j in range(0, len(vectors), width)]
    table = {}
    for key, count in Counter(keys).items():
        kids = tuple(c for c, n in zip(present, key) for _ in range(n))
        table[key] = classes.node(aggregator, kids, (depth, _FirstIndex(keys, key)), count,
                                  ordered=True)
    return keys, table


def _by_multisets(ordered: Counter, classes: _Classes, aggregator: _Aggregator,
                  depth: int, keys: list) -> dict:
    """Ordered keys (children's classes as tuples) -> class, a symmetric aggregator's nodes
    resolved once per multiset of children's classes (what its key sorts them to anyway)."""
    multisets: dict[tuple, list] = {}
    sorted_of = {}
    for key, count in ordered.items():
        kids = sorted_of[key] = tuple(sorted(key))
        found = multisets.get(kids)
        if found is None:
            multisets[kids] = [count, key]
        else:
            found[0] += count
    resolved = {kids: classes.node(aggregator, kids, (depth, _FirstIndex(keys, first)), count,
                                   ordered=True)
                for kids, (count, first) in multisets.items()}
    return {key: resolved[kids] for key, kids in sorted_of.items()}


def _ones_per_parent(leaves: bytes, q: int) -> bytes:
    """The sum of each q consecutive bytes (q <= 255, len a multiple of q), for bytes whose
    sums over any q consecutive ones stay below 256 (0/1 bytes; or several counts packed in
    bit fields of a byte, each field's sum below its width): byte j of sum_{k<q} (X >> 8k)
    is leaves[j-q+1] + ... + leaves[j] (no carries), summed as windows of 1, 2, 4, ... bytes
    (q's binary digits), 2 log q big shifts."""
    window, width = int.from_bytes(leaves, "big"), 1  # byte j: the sum of `width` bytes to j
    total, offset = 0, 0
    while True:
        if q & width:  # add the window of `width` bytes ending `offset` bytes earlier
            total += window >> (8 * offset)
            offset += width
        if 2 * width > q:
            break
        window += window >> (8 * width)
        width *= 2
    return total.to_bytes(len(leaves), "big")[q - 1::q]


def _uniform_leaf_limit(q: int, depth: int, version: int) -> int:
    """2^23 leaves; version 2: 2^26 when q <= 2^10 and q^(d-1) <= 2^23; version 3 with a
    symmetric aggregator of width <= 255 (its parents of leaves are counted, never sliced):
    2^29 when q^(d-1) <= 2^26 (FORMAT.md, kind tree, "Leaves")."""
    if version == 1 or q > MAX_PACKED_WIDTH or depth < 1:
        return MAX_LEAVES
    if version == SHARED_VERSION:
        return MAX_LEAVES_PACKED if q ** (depth - 1) <= MAX_LEAVES else MAX_LEAVES
    return MAX_LEAVES_SIDES if q ** (depth - 1) <= MAX_LEAVES_PACKED else MAX_LEAVES


class _FirstIndex:
    """The index of a key's first node in its level, found only when a message needs it."""

    def __init__(self, keys, key: bytes):
        self.keys, self.key = keys, key

    def __format__(self, spec: str) -> str:
        return format(self.keys.index(self.key), spec)


def _typecode(largest: int) -> str:
    """The smallest unsigned array type code holding `largest`."""
    for code in "BHIL":
        if largest < 1 << (8 * array(code).itemsize):
            return code
    return "Q"


_BIT_VALUES = bytes.maketrans(b"01", b"\x00\x01")
_LEAF_KEYS = {"id", "query"}
_INTERNAL_KEYS = {"id", "aggregator", "children"}
_FLIPPED = bytes.maketrans(b"01", b"\x01\x00")


class _NodeList:
    """A tree as internal nodes in post-order: (aggregator, children, where), children a
    range of consecutive alpha positions (leaves), or a tuple whose entries are ~p for the
    leaf at alpha position p and k >= 0 for the k-th (earlier) node."""

    nodes: list
    n_leaves: int
    depth: int

    def internal_nodes(self, symmetric: bool | None = None) -> int:
        """The internal nodes (symmetric=False: those of a non-symmetric aggregator)."""
        if symmetric is None:
            return len(self.nodes)
        return sum(1 for aggregator, _, _ in self.nodes
                   if (aggregator.values is not None) == symmetric)

    def symmetric_nodes(self) -> int:
        """The internal nodes whose aggregator is symmetric (each has at most two sides)."""
        return self.internal_nodes(symmetric=True)

    def evaluate(self, alpha, classes: _Classes) -> int:
        alpha = alpha if type(alpha) is str else alpha.text()
        if not self.nodes:
            return int(alpha)
        bits = alpha.encode("ascii").translate(_BIT_VALUES)
        done: list[int] = []
        for aggregator, children, where in self.nodes:
            if type(children) is range:  # all leaves, consecutive
                kids = tuple(bits[children.start:children.stop])
            else:
                kids = tuple([done[c] if c >= 0 else bits[~c] for c in children])
            done.append(classes.node(aggregator, kids, where))
        return done[-1]


class _Composed(_NodeList):
    """compose(OUTER; INNER_1; ...) and tribes:W:S read as trees (FORMAT.md section 3): the
    outer function is a node over its inner parts, a part that is not composed is a node
    over its own inputs, tribes:W:S is or:S over S nodes and:W."""

    def __init__(self, spec: str, aggregators: Aggregators):
        self.aggregators, self.nodes, self.n_leaves = aggregators, [], 0
        self.leaf_parts: set[str] = set()
        self.depth = self._add(normal_form(spec, aggregators.split_budget), 0)
        if self.n_leaves > MAX_LEAVES:
            raise CertificateTooLarge(f"tree.spec: more than {MAX_LEAVES} leaves")
        if len(self.nodes) > MAX_NODES:
            raise CertificateTooLarge(f"tree.spec: more than {MAX_NODES} nodes")

    def _add(self, spec: str, nesting: int) -> int:
        """Append the subtree of `spec` (nodes in post-order); return its depth."""
        if nesting > 32 or len(self.nodes) > MAX_NODES:
            raise CertificateTooLarge(f"tree.spec: composed deeper than 32 levels or more than "
                                      f"{MAX_NODES} nodes")
        if spec in self.leaf_parts:  # a part already read as not composed
            return self._leaf_node(spec)
        parts = compose_parts(spec, self.aggregators.split_budget)
        tribes = _tribes(spec)
        if parts is not None:
            if len(parts) < 2:
                raise CertificateMalformed(f"tree.spec: {spec[:40]!r} needs an outer function "
                                           "and at least one inner")
            outer, inners = parts[0], parts[1:]
        elif tribes is not None:
            width, count = tribes
            outer, inners = f"or:{count}", [f"and:{width}"] * count
        else:
            return self._leaf_node(spec)
        aggregator = self.aggregators.get(outer, "tree.spec")
        if aggregator.q != len(inners):  # before any inner part is read
            raise CertificateMalformed(f"tree.spec: outer {outer[:40]!r} has arity {aggregator.q} "
                                       f"but {len(inners)} inner functions are given")
        children, depth = [], 0
        for inner in inners:
            depth = max(depth, self._add(inner, nesting + 1))
            children.append(len(self.nodes) - 1)
        self.nodes.append((aggregator, tuple(children), spec[:40]))
        return depth + 1

    def _leaf_node(self, spec: str) -> int:
        """A part that is not composed: one node over its own q inputs (depth 1)."""
        aggregator = self.aggregators.get(spec, "tree.spec")
        if self.n_leaves + aggregator.q > MAX_LEAVES:
            raise CertificateTooLarge(f"tree.spec: more than {MAX_LEAVES} leaves")
        start, self.n_leaves = self.n_leaves, self.n_leaves + aggregator.q
        self.nodes.append((aggregator, range(start, self.n_leaves), spec[:40]))
        self.leaf_parts.add(spec)
        return 1


def _tribes(spec: str) -> tuple[int, int] | None:
    """(W, S) of a tribes:W:S spec (ASCII digits, W, S >= 1), else None."""
    family, _, rest = spec.partition(":")
    fields = rest.split(":")
    if family != "tribes" or len(fields) != 2 or not all(
            0 < len(x) <= 9 and x.isascii() and x.isdigit() for x in fields):
        return None
    width, count = int(fields[0]), int(fields[1])
    if width >= 1 and count >= 1 and width * count > MAX_LEAVES:
        raise CertificateTooLarge(f"tree.spec: {spec[:40]!r}: W*S is more than {MAX_LEAVES} "
                                  "leaves")
    if width < 1 or count < 1:
        raise CertificateMalformed(f"tree.spec: {spec[:40]!r}: need 1 <= W, S and W*S <= "
                                   f"{MAX_LEAVES}")
    return width, count


class _Explicit(_NodeList):
    """An fbs-tree/1 document, flat layout: nodes with ids, children by id, leaf queries."""

    def __init__(self, document: dict, aggregators: Aggregators):
        require_keys(document, {"format", "root", "nodes"}, {"description", "depth"}, "tree")
        if document["format"] != TREE_FORMAT:
            raise CertificateMalformed(f"tree.format: expected {TREE_FORMAT!r}")
        root = get_typed(document, "root", str, "tree")
        nodes = get_typed(document, "nodes", list, "tree")
        if not nodes or len(nodes) > MAX_NODES:
            error = CertificateTooLarge if nodes else CertificateMalformed
            raise error(f"tree.nodes: expected 1 to {MAX_NODES} nodes")
        self.aggregators = aggregators
        names, index, children, aggregators_of = self._records(nodes)
        if root not in index:
            raise CertificateMalformed(f"tree.root {brief(root)} is not a node")
        order, depth, resolved = self._walk(index[root], names, index, children)
        if len(order) != len(names):
            raise CertificateMalformed("tree: some node is not reachable from the root")
        leaves = [u for u in order if children[u] is None]
        self.n_leaves = len(leaves)
        self.depth = max(depth[u] for u in leaves)
        if "depth" in document and document["depth"] != self.depth:
            raise CertificateMalformed(f"tree.depth: declared {brief(document['depth'])}, "
                                       f"the tree has depth {self.depth}")
        queries = [nodes[u]["query"] for u in leaves]
        if len(set(queries)) != len(queries):
            raise CertificateMalformed("tree: leaf queries must be pairwise distinct "
                                       "(paper Section 5)")
        self.nodes = self._post_order(order, leaves, resolved, aggregators_of, names)

    def _records(self, nodes: list) -> tuple[list, dict, list, list]:
        """Node k's id, the index of every id, node k's child ids (None for a leaf) and
        aggregator; every node read once."""
        names, index, children, aggregators_of = [], {}, [], []
        known = self.aggregators.by_text
        for k, node in enumerate(nodes):
            # the two common shapes, well-formed, in a few dictionary operations; anything
            # else (or any doubt) takes the checks below, which name the error
            keys = node.keys() if type(node) is dict else None
            node_id = node.get("id") if keys is not None else None
            if type(node_id) is str and node_id not in index:
                if keys == _LEAF_KEYS and type(node["query"]) is str:
                    index[node_id] = k
                    names.append(node_id)
                    children.append(None)
                    aggregators_of.append(None)
                    continue
                text, kids = node.get("aggregator"), node.get("children")
                aggregator = known.get(text) if type(text) is str else None
                if (keys == _INTERNAL_KEYS and aggregator is not None and type(kids) is list
                        and len(kids) == aggregator.q and all(type(c) is str for c in kids)):
                    index[node_id] = k
                    names.append(node_id)
                    children.append(kids)
                    aggregators_of.append(aggregator)
                    continue
            where = f"tree.nodes[{k}]"
            if type(node) is not dict:
                raise CertificateMalformed(f"{where}: expected an object")
            require_keys(node, {"id"}, {"aggregator", "children", "query", "label"}, where)
            node_id = get_typed(node, "id", str, where)
            if node_id in index:
                raise CertificateMalformed(f"{where}: duplicate id {brief(node_id)}")
            if "query" in node:
                if "aggregator" in node or "children" in node:
                    raise CertificateMalformed(f"{where}: a leaf has no aggregator or children")
                get_typed(node, "query", str, where)
                kids, aggregator = None, None
            else:
                require_keys(node, {"id", "aggregator", "children"}, {"label"}, where)
                aggregator = self.aggregators.get(node["aggregator"], where)
                kids = get_typed(node, "children", list, where)
                if len(kids) != aggregator.q or any(type(c) is not str for c in kids):
                    raise CertificateMalformed(f"{where}: expected {aggregator.q} child ids (the "
                                               "aggregator's arity)")
            index[node_id] = k
            names.append(node_id)
            children.append(kids)
            aggregators_of.append(aggregator)
        return names, index, children, aggregators_of

    @staticmethod
    def _walk(root: int, names: list, index: dict, children: list):
        """Depth-first pre-order from the root, with every node's depth and its children's
        indices; every node must be reached exactly once."""
        order, depth, stack = [], [-1] * len(names), [root]
        resolved: list = [None] * len(names)
        depth[root] = 0
        while stack:
            node = stack.pop()
            order.append(node)
            kids = children[node]
            if kids is None:
                continue
            found = resolved[node] = [index.get(child, -1) for child in kids]
            below = depth[node] + 1
            for child, k in zip(reversed(kids), reversed(found)):
                if k < 0:
                    raise CertificateMalformed(f"tree: node {brief(names[node])} has unknown "
                                               f"child {brief(child)}")
                if depth[k] >= 0:
                    raise CertificateMalformed(f"tree: node {brief(child)} is reached twice "
                                               "(a cycle or a shared node)")
                depth[k] = below
                stack.append(k)
        return order, depth, resolved

    @staticmethod
    def _post_order(order: list, leaves: list, resolved: list, aggregators_of: list,
                    names: list) -> list:
        """Internal nodes children first (reversed pre-order); a child is ~p for the leaf
        at alpha position p (leaves take alpha in pre-order), else its node's index."""
        slot = [0] * len(names)
        for position, leaf in enumerate(leaves):
            slot[leaf] = ~position
        nodes = []
        for node in reversed(order):
            kids = resolved[node]
            if kids is None:
                continue
            slot[node] = len(nodes)
            nodes.append((aggregators_of[node], tuple([slot[k] for k in kids]), names[node]))
        return nodes
