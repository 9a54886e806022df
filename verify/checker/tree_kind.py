"""Kind `tree`: a factored certificate for rho_T = fbs_alpha(F_T) (certificates/FORMAT-tree.md).

F_T is the global function of a decomposition tree (paper Section 5): its variables are the
leaves in depth-first, left-to-right order, and alpha gives their reference values. The
certificate lists one record per distinct node key (aggregator, z_u, capacities); this
checker recomputes every z_u bottom-up from alpha with its own spec evaluator, takes the
capacities c_i to be the values it has already accepted for the children (1 at a leaf),
finds the node's record by that key, and checks the record locally and exactly:

  primal: weights >= 0, every block sensitive for phi_u at z_u, load_i <= c_i, sum w = value;
  dual:   v_i >= 0, sum_i c_i v_i = value, v(S) >= 1 for EVERY sensitive block S (all 2^q - 1).

If every node passes, the root's value equals fbs_alpha(F_T): FORMAT-tree.md proves that the
products of the local primals (duals) are a primal (dual) solution of F_T's fbs LP at alpha
with that value. Standard library only (docs/design.md, Trust boundary).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import bitset
from .dual_check import light_sensitive_block
from .errors import CertificateMalformed
from .fields import brief, get_typed, read_files, read_primal, require_keys
from .rationals import common_denominator, parse_number, show
from .report import CheckReport, accepted, rejected
from .spec_eval import MAX_ARITY, parse_spec
from .wide_symmetric import SymmetricAggregator, wide_symmetric

REQUIRED = {"format", "kind", "tree", "alpha", "value", "records"}
OPTIONAL = {"producer", "files"}
RECORD_KEYS = {"aggregator", "z", "capacities", "value", "primal", "dual"}
TREE_FORMAT = "fbs-tree/1"
MAX_NODES = 5_000_000
MAX_LEAVES = 1 << 23
ONE = Fraction(1)


class _Rejected(Exception):
    """A claim that does not hold; carries the report."""

    def __init__(self, report: CheckReport):
        super().__init__(report.message)
        self.report = report


def check(obj: dict) -> CheckReport:
    """Check a kind-"tree" certificate; the report names the first failing condition."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    files = read_files(obj)
    functions = _Functions(files)
    shape = _read_tree(get_typed(obj, "tree", dict, "certificate"), functions)
    alpha = get_typed(obj, "alpha", str, "certificate")
    if len(alpha) != shape.n_leaves or alpha.strip("01"):
        raise CertificateMalformed(f"alpha: expected a 0/1 string with one bit per leaf "
                                   f"({shape.n_leaves}), got {len(alpha)} characters")
    claimed = parse_number(obj["value"], "value")
    records = _Records(get_typed(obj, "records", list, "certificate"), functions)
    try:
        value = shape.evaluate(alpha, records)
    except _Rejected as failure:
        return failure.report
    records.require_all_used()
    if value != claimed:
        return rejected("root-value", f"the root's certified value is {show(value)}, "
                                      f"the certificate claims {show(claimed)}")
    return accepted(value, f"valid: rho_T = fbs_alpha(F_T) = {show(value)} for a tree with "
                           f"{shape.n_leaves} leaves and depth {shape.depth} "
                           f"({len(records.items)} node records)")


# --- aggregators ------------------------------------------------------------------------------


class _Functions:
    """Aggregator truth tables (the checker's own evaluator), sensitive families per (spec, z)."""

    def __init__(self, files: dict):
        self.files = files
        self.tables: dict[str, tuple[int, int]] = {}
        self.families: dict[tuple[str, str], tuple[int, bytes]] = {}

    def table(self, spec: object, where: str) -> tuple[int, int]:
        """(q, truth-table bitset) of an aggregator spec."""
        if type(spec) is not str:
            raise CertificateMalformed(f"{where}: an aggregator must be a spec string")
        if spec not in self.tables and (wide := wide_symmetric(spec, MAX_ARITY)) is not None:
            self.tables[spec] = (wide.n, wide)  # wider than a table: see wide_symmetric.py
        if spec not in self.tables:
            parsed = parse_spec(spec, self.files, MAX_ARITY)
            if parsed.arity < 1:
                raise CertificateMalformed(f"{where}: aggregator {spec[:40]!r} has arity 0")
            self.tables[spec] = (parsed.arity, parsed.truth_table())
        return self.tables[spec]

    def value(self, spec: str, z: str) -> int:
        """phi(z) for a claim vector given as bits (z_1 most significant)."""
        _, table = self.tables[spec]
        if isinstance(table, SymmetricAggregator):
            return table.value_at(z)
        return (table >> int(z, 2)) & 1

    def sensitive(self, spec: str, z: str) -> tuple[int, bytes]:
        """The sensitive family at z as a bitset over block masks, and its byte lookup."""
        key = (spec, z)
        if isinstance(self.tables[spec][1], SymmetricAggregator):
            return self.tables[spec][1].at(z), None
        if key not in self.families:
            q, table = self.tables[spec]
            z_index = int(z, 2)
            family = bitset.xor_permute(table, z_index, q)
            if (table >> z_index) & 1:
                family ^= (1 << (1 << q)) - 1
            self.families[key] = (family, bitset.to_lookup(family, q))
        return self.families[key]


# --- records ----------------------------------------------------------------------------------


@dataclass
class _Record:
    index: int
    spec: str
    z: str
    capacities: tuple[Fraction, ...]
    value: Fraction
    primal: list[tuple[tuple[int, ...], Fraction]]
    dual: list[Fraction]
    checked: bool = False


class _Records:
    """Node records keyed by (aggregator, z, capacities); each checked once, on first use."""

    def __init__(self, entries: list, functions: _Functions):
        self.functions = functions
        self.items: dict[tuple, _Record] = {}
        for k, entry in enumerate(entries):
            record = self._read(k, entry)
            key = (record.spec, record.z, record.capacities)
            if key in self.items:
                raise CertificateMalformed(f"records[{k}]: duplicate key (same aggregator, z and "
                                           f"capacities as records[{self.items[key].index}])")
            self.items[key] = record

    def _read(self, k: int, entry: object) -> _Record:
        where = f"records[{k}]"
        if type(entry) is not dict:
            raise CertificateMalformed(f"{where}: expected an object")
        require_keys(entry, RECORD_KEYS, set(), where)
        spec = get_typed(entry, "aggregator", str, where)
        q, _ = self.functions.table(spec, where)
        z = get_typed(entry, "z", str, where)
        if len(z) != q or z.strip("01"):
            raise CertificateMalformed(f"{where}: z must be {q} bits")
        capacities = _numbers(get_typed(entry, "capacities", list, where), q, f"{where}.capacities")
        dual = _numbers(get_typed(entry, "dual", list, where), q, f"{where}.dual")
        primal = read_primal(get_typed(entry, "primal", list, where), q, f"{where}.primal")
        return _Record(k, spec, z, capacities, parse_number(entry["value"], f"{where}.value"),
                       primal, dual)

    def lookup(self, spec: str, z: str, capacities: tuple[Fraction, ...], node: str) -> Fraction:
        """The value of the record for this node key, after its local checks."""
        record = self.items.get((spec, z, capacities))
        if record is None:
            raise _Rejected(rejected("record-missing", f"node {node}: no record for aggregator "
                                     f"{spec[:40]!r}, z = {z[:40]}, capacities "
                                     f"[{', '.join(show(c) for c in capacities[:6])}"
                                     f"{', ...' if len(capacities) > 6 else ''}]"))
        if not record.checked:
            failure = _check_record(record, self.functions)
            if failure is not None:
                raise _Rejected(failure)
            record.checked = True
        return record.value

    def require_all_used(self) -> None:
        unused = [r.index for r in self.items.values() if not r.checked]
        if unused:
            raise CertificateMalformed(f"records[{unused[0]}] is not the record of any node "
                                       f"({len(unused)} unused record(s))")


def _numbers(entries: list, q: int, where: str) -> tuple[Fraction, ...]:
    if len(entries) != q:
        raise CertificateMalformed(f"{where}: expected {q} entries, got {len(entries)}")
    return tuple(parse_number(x, f"{where}[{i}]") for i, x in enumerate(entries))


def _check_record(record: _Record, functions: _Functions) -> CheckReport | None:
    """The local weighted LP checks of one record (FORMAT-tree.md, "What is checked")."""
    where = f"records[{record.index}] ({record.spec[:30]} at z = {record.z[:30]})"
    q = len(record.z)
    family, lookup = functions.sensitive(record.spec, record.z)
    if any(c < 0 for c in record.capacities):
        return rejected("capacity-nonnegative", f"{where}: a capacity is negative")
    for block, weight in record.primal:
        if weight < 0:
            return rejected("primal-nonnegative", f"{where}: block {list(block)} has weight "
                                                  f"{show(weight)} < 0")
        if not (family.sensitive(block) if lookup is None else bitset.test(lookup, _mask(block, q))):
            return rejected("primal-sensitive", f"{where}: block {list(block)} is not sensitive")
    weights = [w for _, w in record.primal]
    denominator = common_denominator(weights + list(record.capacities), f"{where} primal")
    load = [0] * q
    for block, weight in record.primal:
        for i in block:
            load[i] += weight.numerator * (denominator // weight.denominator)
    for i, total in enumerate(load):
        if Fraction(total, denominator) > record.capacities[i]:
            return rejected("primal-load", f"{where}: coordinate {i} has load "
                                           f"{show(Fraction(total, denominator))} > capacity "
                                           f"{show(record.capacities[i])}")
    if sum(weights, Fraction(0)) != record.value:
        return rejected("primal-value", f"{where}: sum of primal weights = "
                                        f"{show(sum(weights, Fraction(0)))}, value = {show(record.value)}")
    if any(v < 0 for v in record.dual):
        return rejected("dual-nonnegative", f"{where}: a dual entry is negative")
    dual_value = sum((c * v for c, v in zip(record.capacities, record.dual)), Fraction(0))
    if dual_value != record.value:
        return rejected("dual-value", f"{where}: sum_i c_i v_i = {show(dual_value)}, "
                                      f"value = {show(record.value)}")
    dual_den = common_denominator(list(record.dual), f"{where} dual")
    scaled = [v.numerator * (dual_den // v.denominator) for v in record.dual]
    if lookup is None:
        block = family.light_block(scaled, dual_den)
    else:
        light = light_sensitive_block(family, q, scaled, dual_den)
        block = None if light is None else [i for i in range(q) if (light >> (q - 1 - i)) & 1]
    if block is not None:
        return rejected("dual-feasible", f"{where}: block {block} is sensitive but v(B) = "
                                         f"{show(sum((record.dual[i] for i in block), Fraction(0)))} < 1")
    return None


def _mask(block: tuple[int, ...], q: int) -> int:
    mask = 0
    for i in block:
        mask |= 1 << (q - 1 - i)
    return mask


# --- tree shapes ------------------------------------------------------------------------------


def _read_tree(description: dict, functions: _Functions):
    """A compact uniform description or an explicit fbs-tree/1 document (flat layout)."""
    if "uniform" in description:
        require_keys(description, {"uniform"}, set(), "tree")
        return _Uniform(get_typed(description, "uniform", dict, "tree"), functions)
    return _Explicit(description, functions)


class _Uniform:
    """Every internal node has the same aggregator; q^d leaves, all at depth d."""

    def __init__(self, body: dict, functions: _Functions):
        require_keys(body, {"aggregator", "depth"}, set(), "tree.uniform")
        self.spec = get_typed(body, "aggregator", str, "tree.uniform")
        self.depth = get_typed(body, "depth", int, "tree.uniform")
        self.q, _ = functions.table(self.spec, "tree.uniform")
        if self.depth < 0 or (self.q > 1 and self.depth > 64):
            raise CertificateMalformed(f"tree.uniform: bad depth {brief(self.depth)}")
        if self.q ** self.depth > MAX_LEAVES or (self.q == 1 and self.depth > MAX_NODES):
            raise CertificateMalformed(f"tree.uniform: more than {MAX_LEAVES} leaves")
        self.n_leaves = self.q ** self.depth
        self.functions = functions

    def evaluate(self, alpha: str, records: _Records) -> Fraction:
        """Level by level from the leaves: node j of a level has children q*j .. q*j+q-1."""
        q, spec, values = self.q, self.spec, alpha
        rho = [ONE] * len(values)
        for level in range(self.depth - 1, -1, -1):
            next_values, next_rho = [], []
            for j in range(0, len(values), q):
                z = values[j:j + q]
                next_rho.append(records.lookup(spec, z, tuple(rho[j:j + q]),
                                               f"{j // q} of level {level}"))
                next_values.append("1" if self.functions.value(spec, z) else "0")
            values, rho = "".join(next_values), next_rho
        return rho[0]


class _Explicit:
    """An fbs-tree/1 document, flat layout: nodes with ids, children by id, leaf queries."""

    def __init__(self, document: dict, functions: _Functions):
        require_keys(document, {"format", "root", "nodes"}, {"description", "depth"}, "tree")
        if document["format"] != TREE_FORMAT:
            raise CertificateMalformed(f"tree.format: expected {TREE_FORMAT!r}")
        root = get_typed(document, "root", str, "tree")
        nodes = get_typed(document, "nodes", list, "tree")
        if not nodes or len(nodes) > MAX_NODES:
            raise CertificateMalformed(f"tree.nodes: expected 1 to {MAX_NODES} nodes")
        self.functions = functions
        records = self._records(nodes)
        if root not in records:
            raise CertificateMalformed(f"tree.root {brief(root)} is not a node")
        self.order, self.parent_depth = self._walk(root, records)
        if len(self.order) != len(records):
            raise CertificateMalformed("tree: some node is not reachable from the root")
        self.records = records
        self.leaves = [i for i in self.order if "query" in records[i]]
        self.n_leaves = len(self.leaves)
        self.depth = max(self.parent_depth[i] for i in self.leaves)
        if "depth" in document and document["depth"] != self.depth:
            raise CertificateMalformed(f"tree.depth: declared {brief(document['depth'])}, "
                                       f"the tree has depth {self.depth}")
        queries = [records[i]["query"] for i in self.leaves]
        if len(set(queries)) != len(queries):
            raise CertificateMalformed("tree: leaf queries must be pairwise distinct "
                                       "(paper Section 5)")

    def _records(self, nodes: list) -> dict[str, dict]:
        records: dict[str, dict] = {}
        for k, node in enumerate(nodes):
            where = f"tree.nodes[{k}]"
            if type(node) is not dict:
                raise CertificateMalformed(f"{where}: expected an object")
            require_keys(node, {"id"}, {"aggregator", "children", "query", "label"}, where)
            node_id = get_typed(node, "id", str, where)
            if node_id in records:
                raise CertificateMalformed(f"{where}: duplicate id {brief(node_id)}")
            if "query" in node:
                if "aggregator" in node or "children" in node:
                    raise CertificateMalformed(f"{where}: a leaf has no aggregator or children")
                get_typed(node, "query", str, where)
            else:
                require_keys(node, {"id", "aggregator", "children"}, {"label"}, where)
                q, _ = self.functions.table(node["aggregator"], where)
                children = get_typed(node, "children", list, where)
                if len(children) != q or any(type(c) is not str for c in children):
                    raise CertificateMalformed(f"{where}: expected {q} child ids (the "
                                               "aggregator's arity)")
            records[node_id] = node
        return records

    @staticmethod
    def _walk(root: str, records: dict[str, dict]) -> tuple[list[str], dict[str, int]]:
        """Depth-first pre-order; every node must be reached exactly once."""
        order, depth, stack = [], {root: 0}, [root]
        while stack:
            node = stack.pop()
            order.append(node)
            children = records[node].get("children", [])
            for child in reversed(children):
                if child not in records:
                    raise CertificateMalformed(f"tree: node {brief(node)} has unknown child "
                                               f"{brief(child)}")
                if child in depth:
                    raise CertificateMalformed(f"tree: node {brief(child)} is reached twice "
                                               "(a cycle or a shared node)")
                depth[child] = depth[node] + 1
                stack.append(child)
        return order, depth

    def evaluate(self, alpha: str, records: _Records) -> Fraction:
        """Post-order: children before parents; leaves take alpha in pre-order."""
        value: dict[str, str] = {leaf: bit for leaf, bit in zip(self.leaves, alpha)}
        rho: dict[str, Fraction] = {leaf: ONE for leaf in self.leaves}
        for node in reversed(self.order):
            record = self.records[node]
            if "query" in record:
                continue
            children, spec = record["children"], record["aggregator"]
            z = "".join(value[c] for c in children)
            rho[node] = records.lookup(spec, z, tuple(rho[c] for c in children), repr(node[:40]))
            value[node] = "1" if self.functions.value(spec, z) else "0"
        return rho[self.order[0]]
