"""rho_T = fbs_alpha(F_T) by the weighted composition recursion, with a factored certificate.

docs/notes.md, section 1 (Composition); paper Section 5. For a tree with pairwise distinct leaf
queries and the reference oracle O_Y:

    rho_T(leaf) = 1
    rho_T(u)    = min { sum_i c_i v_i : v >= 0, v(S) >= 1 for every sensitive block S of
                        phi_u at z_u },   c_i = rho_T(child i),  z_u = O_Y's child values,

a *weighted* fbs LP per internal node (its dual: max sum_S w_S s.t. sum_{S contains i} w_S
<= c_i). Why it is exact (certificates/FORMAT.md, kind tree): products of local primals are a
feasible primal of F_T at alpha, products of local duals along root paths a feasible dual
leaf weighting, both of value rho_T(root). Lemma 5.4 follows: rho_T(u) >= fbs_{z_u}(phi_u) *
min_i c_i, so rho_T >= rho^d when every local fbs is >= rho (uniform depth d).

The local LPs (closed form for symmetric aggregators, column generation otherwise) are
`verify.sensitivity.weighted.local_weighted_fbs`, memoised on (aggregator, z_u, capacities).

Nothing here is trusted: `tree_fbs(..., check=True)` builds the factored certificate
(`fbs-certificate/1`, kind "tree") and reports the value as certified only after the
stdlib-only checker `verify.checker.tree_kind` accepted it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from verify import __version__
from verify.base.errors import BadInput, SolverFailure, beyond_checker_bound
from verify.base.lazy import numpy as np
from verify.base.numbers import exact_fields, fraction_text
from verify.checker.tree_kind import SHARED_VERSION, SIDES_VERSION, is_symmetric_aggregator
from verify.functions.aggregators import Aggregator, resolve
from verify.functions.families import embedded_files
from verify.sensitivity.certificates import pack_alpha
from verify.sensitivity.weighted import (
    LocalSolution,
    local_fbs,
    local_weighted_fbs,
    record_document,
    shared_record,
    side_packing,
    solve_local,
    symmetric_local,
)
from verify.trees.model import Tree, UniformTree
from verify.trees.oracles import is_bit_string, node_values
from verify.trees.tree_file import tree_document

from .global_function import check_distinct_queries, leaf_order
from .side_levels import distinct_rows, side_rho_t

ONE, ZERO = Fraction(1), Fraction(0)
CERTIFICATE_FORMAT = "fbs-certificate/1"

Block = tuple[int, ...]


# ----------------------------------------------------------------------------- the recursion


STATUS_CERTIFIED, STATUS_REJECTED, STATUS_UNCHECKED = 0, 1, 2


@dataclass(frozen=True)
class TreeFbs:
    """rho_T by the weighted recursion, with per-node values and the memoised local LPs.

    status: 0 = certified (the stdlib-only checker accepted the factored certificate),
    1 = rejected or malformed (a bug), 2 = not checked (check=False); message says which.
    """

    tree: Tree
    values: list[int]  # val_{O_Y}(u) at every node
    rho: list[Fraction]  # rho_T(u) = fbs of the subtree's function at alpha
    record_of: list[int]  # internal node -> index into records (-1 at leaves)
    records: list[LocalSolution]
    local: list[Fraction | None]  # fbs_{z_u}(phi_u) (unweighted), None at leaves
    certificate: dict | None = field(default=None, repr=False)
    status: int = STATUS_UNCHECKED
    message: str = "not certified: the checker was not run (check=False)"

    @property
    def value(self) -> Fraction:
        return self.rho[self.tree.root]

    @property
    def certified(self) -> bool:
        return self.status == STATUS_CERTIFIED

    @property
    def depth(self) -> int:
        return self.tree.depth

    @property
    def distinct_local_lps(self) -> int:
        """The number of distinct (aggregator, z_u, capacities), children in order."""
        return len(self.records)

    @property
    def rho_min(self) -> Fraction | None:
        """min over internal nodes of fbs_{z_u}(phi_u): the best rho for Lemma 5.4."""
        local = [x for x in self.local if x is not None]
        return min(local) if local else None

    @property
    def rho_max(self) -> Fraction | None:
        """max local fbs: the smallest protocol rho for which honest Alice passes (Thm 4.1)."""
        local = [x for x in self.local if x is not None]
        return max(local) if local else None

    @property
    def lemma_bound(self) -> Fraction:
        """rho^d with rho = rho_min (Lemma 5.4; its proof assumes every leaf at depth d)."""
        return ONE if self.rho_min is None else self.rho_min ** self.depth

    def path_products(self) -> tuple[Fraction, Fraction]:
        """(min, max) over root-leaf paths of the product of the local fbs values.

        rho_T(u) lies between fbs_u * min_i rho_T(child i) and fbs_u * max_i rho_T(child i)
        (an optimal weighted dual is an unweighted dual and vice versa), so
        min path product <= rho_T <= max path product.
        """
        tree = self.tree
        low, high = [ONE] * tree.n_nodes, [ONE] * tree.n_nodes
        for node in reversed(range(tree.n_nodes)):
            kids = tree.children[node]
            if kids:
                low[node] = self.local[node] * min(low[c] for c in kids)
                high[node] = self.local[node] * max(high[c] for c in kids)
        return low[tree.root], high[tree.root]

    def summary(self) -> dict:
        """rho_T beside rho^d and the path products of local fbs (exact strings)."""
        return summary_document(self, self.tree.is_uniform, len(self.tree.internal()),
                                len(self.tree.leaves()))


NON_UNIFORM_NOTE = ("not applicable: the leaves lie at several depths and Lemma 5.4 and "
                    "Theorem 5.1 assume every leaf at depth d (Definition 3.2); rho_min^d is "
                    "then no lower bound on rho_T (AND(x, AND(y, w)) at 111: rho_min^d = 4 > "
                    "rho_T = 3); the path products and Theorem 5.3's rho_T still apply")


def summary_document(result, uniform: bool, internal: int, leaves: int) -> dict:
    """The summary of a TreeFbs or UniformTreeFbs (what `fbs tree fbs --json` starts with).

    With leaves at several depths Lemma 5.4 is not applicable: its bound is null, rho_min^d
    is reported under its own name and `lemma_5_4_note` says why."""
    low, high = result.path_products()
    return {**exact_fields("rho_T", result.value),
            "certified": result.certified, "status": result.status, "message": result.message,
            "depth": result.depth, "uniform_depth": uniform,
            "rho_min_local": _text(result.rho_min), "rho_max_local": _text(result.rho_max),
            "rho_min_d": fraction_text(result.lemma_bound),
            "lemma_5_4_applicable": uniform,
            "lemma_5_4_bound_rho_min_d": fraction_text(result.lemma_bound) if uniform else None,
            "lemma_5_4_note": None if uniform else NON_UNIFORM_NOTE,
            "path_product_min": fraction_text(low), "path_product_max": fraction_text(high),
            "distinct_local_lps": result.distinct_local_lps, "internal_nodes": internal,
            "leaves": leaves}


def _text(x):
    return None if x is None else fraction_text(x)


# ----------------------------------------------------------------------------- uniform trees


@dataclass(frozen=True)
class UniformTreeFbs:
    """rho_T of a described uniform tree (verify.trees.model.UniformTree), never listed:
    per level, nodes are classes (value, rho_T, min and max path product below) and every
    distinct (children's classes) key is solved once. Same interface as TreeFbs."""

    tree: UniformTree
    value: Fraction
    records: list[LocalSolution]
    rho_min: Fraction | None
    rho_max: Fraction | None
    path_low: Fraction
    path_high: Fraction
    classes: int
    distinct_local_lps: int = 0  # distinct (z_u, capacities), children in order (as TreeFbs)
    certificate: dict | None = field(default=None, repr=False)
    status: int = STATUS_UNCHECKED
    message: str = "not certified: the checker was not run (check=False)"

    depth = property(lambda self: self.tree.depth)
    certified = property(lambda self: self.status == STATUS_CERTIFIED)
    lemma_bound = TreeFbs.lemma_bound

    def path_products(self) -> tuple[Fraction, Fraction]:
        """(min, max) over root-leaf paths of the product of the local fbs values."""
        return self.path_low, self.path_high

    def summary(self) -> dict:
        return summary_document(self, True, self.tree.n_internal, self.tree.n_leaves)


def uniform_tree_fbs(tree: UniformTree, alpha: str, check: bool = True,
                     version: int = SIDES_VERSION) -> UniformTreeFbs:
    """rho_T by the weighted recursion on a UniformTree with leaf bits alpha (leaf order);
    with check=True certified by the tree-kind checker (compact `uniform` certificate of
    FORMAT.md's version 3: side records for a symmetric aggregator; version=2 writes shared
    records, version=1 the older unshared format)."""
    if len(alpha) != tree.n_leaves or not is_bit_string(alpha):
        raise BadInput(f"the oracle must give one bit per leaf ({tree.n_leaves})")
    if version not in (1, SHARED_VERSION, SIDES_VERSION):
        raise BadInput(f"tree certificate version must be 1, {SHARED_VERSION} or "
                       f"{SIDES_VERSION}")
    phi = tree.aggregator  # resolved when the tree was read
    if version == SIDES_VERSION and phi.symmetric and is_symmetric_aggregator(phi):
        return _uniform_by_sides(tree, alpha, phi.values, check)
    result = _uniform_by_records(tree, alpha, check, min(version, SHARED_VERSION))
    if version == SIDES_VERSION and result.certificate is not None:
        certificate = dict(result.certificate, version=SIDES_VERSION, sides=[])
        return _checked(result, certificate)  # no symmetric node: no side records
    return result


def _uniform_by_sides(tree: UniformTree, alpha: str, values, check: bool) -> UniformTreeFbs:
    """Version 3 on a symmetric aggregator: one side record per (need, side's capacities)."""
    levels = side_rho_t(tree.aggregator, values, tree.depth, alpha)
    root = levels.root
    result = UniformTreeFbs(tree, levels.number(root), [], levels.rho_min, levels.rho_max,
                            levels.number(root, "low"), levels.number(root, "high"),
                            len(levels.value), levels.ordered_keys())
    if not check:
        return result
    certificate = _uniform_certificate(tree, alpha, result.value, SIDES_VERSION, [],
                                       sides=levels.records())
    del levels  # the per-level state is not needed while the checker runs
    return _checked(result, certificate)


def _uniform_certificate(tree: UniformTree, alpha: str, value, version: int, records: list,
                         **extra) -> dict:
    """A kind-tree certificate of a described uniform tree (FORMAT.md section 6): the fields
    versions 2 and 3 share, then `extra` (version 3's side records)."""
    return {
        "format": CERTIFICATE_FORMAT, "kind": "tree", "version": version,
        "tree": {"uniform": {"aggregator": str(tree.aggregator), "depth": tree.depth}},
        "alpha_base64": pack_alpha(alpha), "value": fraction_text(value),
        "records": records, **extra,
        "producer": {"tool": "fbs-verify", "version": __version__},
    }


def _uniform_by_records(tree: UniformTree, alpha: str, check: bool,
                        version: int) -> UniformTreeFbs:
    """Versions 1 and 2: one record per distinct node key."""
    classes = _LevelClasses(tree.aggregator, shared=version == SHARED_VERSION,
                            multisets=MULTISET_ROWS)
    level = np.frombuffer(alpha.encode("ascii"), dtype=np.uint8) - ord("0")  # 1 byte a leaf
    for _ in range(tree.depth):
        level = classes.next_level(level.reshape(-1, tree.width))
    root = int(level[0])
    result = UniformTreeFbs(tree, classes.rho[root], classes.records, classes.rho_min,
                            classes.rho_max, classes.low[root], classes.high[root],
                            len(classes.rho), len(classes.exact_keys))
    if not check:
        return result
    certificate = _uniform_certificate(
        tree, alpha, result.value, SHARED_VERSION,
        [shared_record(r, n) for r, n in zip(classes.records, classes.record_nodes)])
    if version == 1:
        del certificate["version"], certificate["alpha_base64"]
        certificate.update(alpha=alpha, records=[record_document(r) for r in classes.records])
    files = embedded_files(tree.aggregator.function)
    if files:
        certificate["files"] = dict(sorted(files.items()))
    del classes  # the per-level state (keys, ids) is not needed while the checker runs
    return _checked(result, certificate)


ROWS_AT_ONCE = 1 << 20
MULTISET_ROWS = True  # symmetric aggregator: one parent() per multiset of children's classes


class _LevelClasses:
    """Node classes (value, rho, min and max path product) of a uniform tree, level by level;
    classes 0 and 1 are the leaves."""

    def __init__(self, spec: str, shared: bool = True, multisets: bool = True):
        self.spec = spec = spec if isinstance(spec, Aggregator) else resolve(spec)
        self.value, self.rho, self.low, self.high = [0, 1], [ONE, ONE], [ONE, ONE], [ONE, ONE]
        self.numbers = {ONE: 0}  # each distinct Fraction gets a small id, hashed once
        self.number_of = [0, 0]  # class -> id of its rho
        self.rho_float = [1.0, 1.0]  # class -> rho as a float (orders most pairs quickly)
        self.ids = {(0, 0, 0, 0): 0, (1, 0, 0, 0): 1}  # (value, ids of rho, low, high)
        self.records: list[LocalSolution] = []
        self.record_nodes: list[int] = []  # how many nodes use each record
        self.record_of: dict[tuple, int] = {}  # shared key (z, capacity ids) -> record
        self.symmetric = shared and is_symmetric_aggregator(spec)
        self.multisets = multisets and self.symmetric  # rows sorted before the lookup
        self.weight_values = spec.values  # None unless phi is symmetric
        self.sides: dict[tuple, tuple] = {}  # (need, a side's capacity ids) -> its packing
        self.exact_keys: set[tuple] = set()  # (z, capacity ids) with the children in order
        self.local: dict[tuple, Fraction] = {}  # z -> fbs_z(phi)
        self.rho_min = self.rho_max = None

    def next_level(self, rows: np.ndarray) -> np.ndarray:
        """The classes of the parents of `rows` (one row of child classes per parent).

        A symmetric aggregator's class (value, rho, path products) and shared record do not
        depend on the children's order, so the rows are sorted first and each distinct
        multiset of children's classes is resolved once (the ordered keys are only counted,
        by array operations, for `distinct_local_lps`)."""
        if self.multisets:
            self._count_ordered(rows)
            rows = np.sort(rows, axis=1)
        first, inverse, counts = distinct_rows(rows, len(self.rho))
        mapped = np.array([self.parent(tuple(rows[i].tolist()), int(n))
                           for i, n in zip(first, counts)], dtype=np.int64)
        return mapped[inverse]

    def _count_ordered(self, rows: np.ndarray) -> None:
        """Add this level's distinct (z, capacities) with the children in order to
        `exact_keys`, as rows of pair codes 2 * (id of rho) + value."""
        code = 2 * np.array(self.number_of, dtype=np.int64) + np.array(self.value, dtype=np.int64)
        for start in range(0, len(rows), ROWS_AT_ONCE):  # bounded memory on wide levels
            pairs = code[rows[start:start + ROWS_AT_ONCE]]
            first, _, _ = distinct_rows(pairs, int(code.max()) + 1)
            self.exact_keys.update(map(tuple, pairs[first].tolist()))

    def parent(self, kids: tuple[int, ...], count: int = 1) -> int:
        """The class of `count` nodes with these children's classes; their record is shared
        by every permutation of the children when the aggregator is symmetric."""
        z = tuple(self.value[c] for c in kids)
        if not self.multisets:
            self.exact_keys.add((z, tuple(self.number_of[c] for c in kids)))
        # the checker keys a symmetric aggregator's record by the multiset of (z_i, c_i):
        # any fixed order of equal pairs will do (small integer ids, no Fraction comparisons)
        shared = sorted(kids, key=lambda c: (self.value[c], self.number_of[c])) \
            if self.symmetric else kids
        key = (tuple(self.value[c] for c in shared), tuple(self.number_of[c] for c in shared))
        if key not in self.record_of:
            self.record_of[key] = len(self.records)
            if self.symmetric:  # the record lists the pairs sorted by value: one canonical form
                shared = sorted(shared, key=lambda c: (self.value[c], self.rho_float[c],
                                                       self.rho[c]))  # exact on float ties
            self.records.append(self._solve(shared))
            self.record_nodes.append(0)
        self.record_nodes[self.record_of[key]] += count
        rho = self.records[self.record_of[key]].value
        if z not in self.local:
            self.local[z] = local_fbs(self.spec, z).value
        local = self.local[z]
        self.rho_min = local if self.rho_min is None else min(self.rho_min, local)
        self.rho_max = local if self.rho_max is None else max(self.rho_max, local)
        distinct = set(kids)
        low = local * min(self.low[c] for c in distinct)
        high = local * max(self.high[c] for c in distinct)
        found = (self.spec.evaluate(z), self._id(rho), self._id(low), self._id(high))
        if found not in self.ids:
            self.ids[found] = len(self.rho)
            self.number_of.append(found[1])
            self.rho_float.append(float(rho))
            for column, item in zip((self.value, self.rho, self.low, self.high),
                                    (found[0], rho, low, high)):
                column.append(item)
        return self.ids[found]

    def _solve(self, kids) -> LocalSolution:
        """The local LP at these children (in this order); a symmetric aggregator's sides
        solved once per (need, the side's capacities), as solve_local would solve them."""
        z, capacities = tuple(self.value[c] for c in kids), tuple(self.rho[c] for c in kids)
        if not self.symmetric or self.weight_values is None:
            return solve_local(self.spec, z, capacities)
        value, primal, dual = symmetric_local(self.weight_values, z, capacities,
                                              [self.number_of[c] for c in kids], self.sides)
        return LocalSolution(str(self.spec), z, capacities, value, primal, dual, "symmetric")

    def _id(self, number: Fraction) -> int:
        return self.numbers.setdefault(number, len(self.numbers))


def tree_fbs(tree: Tree, answers: dict[str, int], check: bool = True, progress=None) -> TreeFbs:
    """rho_T by the weighted recursion; with check=True certified by the tree-kind checker."""
    check_distinct_queries(tree)
    values = node_values(tree, answers)
    n = tree.n_nodes
    rho: list = [ONE] * n
    record_of = [-1] * n
    local: list = [None] * n
    records: list[LocalSolution] = []
    memo: dict = {}
    for node in reversed(range(n)):
        kids = tree.children[node]
        if not kids:
            continue
        spec = tree.aggregators[node]
        z = tuple(values[c] for c in kids)
        key = (spec, z, tuple(rho[c] for c in kids))
        index = memo.get(key)
        if index is None:
            index = memo[key] = len(records)
            records.append(local_weighted_fbs(*key))
        record_of[node] = index
        rho[node] = records[index].value
        local[node] = local_fbs(spec, z).value
        if progress is not None:
            progress.update(1)
    result = TreeFbs(tree, values, rho, record_of, records, local)
    return certify(result) if check else result


# ----------------------------------------------------------------------------- certificate


def is_compact_uniform(tree: Tree) -> bool:
    """Every internal node has the same aggregator and every leaf is at depth d."""
    specs = {tree.aggregators[i] for i in tree.internal()}
    return len(specs) == 1 and tree.is_uniform


def tree_certificate(result: TreeFbs, version: int = SIDES_VERSION) -> dict:
    """The factored certificate (kind "tree", certificates/FORMAT.md, kind tree): version 3
    (side records for symmetric aggregators, shared records for the others, packed alpha),
    version 2 (shared records) or the older version 1 (one record per exact key)."""
    tree = result.tree
    if tree.n_nodes > 1 and is_compact_uniform(tree):
        description = {"uniform": {"aggregator": str(tree.aggregators[tree.root]),
                                   "depth": tree.depth}}
    else:
        description = tree_document(tree)
    alpha = "".join("1" if result.values[leaf] else "0" for leaf in leaf_order(tree))
    certificate = {
        "format": CERTIFICATE_FORMAT,
        "kind": "tree",
        "version": SHARED_VERSION,
        "tree": description,
        "alpha_base64": pack_alpha(alpha),
        "value": fraction_text(result.value),
        "records": shared_records(result, sides=version == SIDES_VERSION),
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    if version == SIDES_VERSION:
        certificate.update(version=SIDES_VERSION, sides=side_records(result))
    if version == 1:
        del certificate["version"], certificate["alpha_base64"]
        certificate.update(alpha=alpha, records=[record_document(r) for r in result.records])
    files: dict[str, str] = {}
    for spec in sorted({tree.aggregators[i] for i in tree.internal()}):
        files.update(embedded_files(spec.function))
    if files:
        certificate["files"] = dict(sorted(files.items()))
    return certificate


def coq_tree_certificate(result) -> dict:
    """Version 2 (shared records) of a certified result's tree certificate, the version the
    Coq checker reads (coq/checkers/TreeCheck.v; version 3's side records are not modelled
    in Coq): `fbs tree fbs ... --coq OUT.v`. Checked by the stdlib-only checker; a
    SolverFailure if it is rejected (a bug of ours)."""
    from verify.checker.tree_kind import unpack_alpha

    if isinstance(result, UniformTreeFbs):
        alpha = unpack_alpha(result.certificate["alpha_base64"], result.tree.n_leaves)
        shared = uniform_tree_fbs(result.tree, alpha, version=SHARED_VERSION)
    else:
        shared = _checked(result, tree_certificate(result, version=SHARED_VERSION))
    if not shared.certified or shared.value != result.value:
        raise SolverFailure(f"the version-2 tree certificate was not certified: {shared.message}")
    return shared.certificate


def shared_records(result: TreeFbs, sides: bool = False) -> list[dict]:
    """Version-2 records: one per (aggregator, z, capacities), the children of a symmetric
    aggregator sorted by (z_i, c_i), each with the number of nodes that use it (with
    sides=True, version 3, only the nodes of non-symmetric aggregators)."""
    tree, counts, symmetric = result.tree, {}, {}
    for node in tree.internal():
        spec, kids = tree.aggregators[node], tree.children[node]
        if spec not in symmetric:
            symmetric[spec] = is_symmetric_aggregator(spec)
        if sides and symmetric[spec]:
            continue
        pairs = [(result.values[c], result.rho[c]) for c in kids]
        if symmetric[spec]:
            pairs.sort()
        key = (spec, tuple(z for z, _ in pairs), tuple(c for _, c in pairs))
        counts[key] = counts.get(key, 0) + 1
    return [shared_record(local_weighted_fbs(*key), n) for key, n in counts.items()]


def side_records(result: TreeFbs) -> list[list]:
    """Version-3 side records of the nodes with symmetric aggregators: one per (need, the
    multiset of the side's capacities), with the number of node sides that use it."""
    tree, uses, weights = result.tree, {}, {}
    for node in tree.internal():
        spec, kids = tree.aggregators[node], tree.children[node]
        if spec not in weights:
            weights[spec] = spec.values if is_symmetric_aggregator(spec) else None
        values = weights[spec]
        if values is None:
            continue
        ones = sorted(result.rho[c] for c in kids if result.values[c])
        zeros = sorted(result.rho[c] for c in kids if not result.values[c])
        for side, step in ((ones, -1), (zeros, +1)):
            need = values.nearest_change(len(ones), step)
            if need is not None:
                key = (need, tuple(side))
                uses[key] = uses.get(key, 0) + 1
    records = []
    for (need, side), count in uses.items():
        value, dual = side_packing(need, [(c.numerator, c.denominator) for c in side])
        records.append([need, " ".join(map(fraction_text, side)), fraction_text(value),
                        " ".join(map(fraction_text, dual)), count])
    return records


def certify(result: TreeFbs) -> TreeFbs:
    """The result with its certificate, checked by the stdlib-only checker (kind "tree")."""
    return _checked(result, tree_certificate(result))


def _checked(result, certificate: dict):
    """The result with the certificate and the stdlib-only checker's verdict."""
    from verify.checker.errors import CertificateMalformed, CertificateTooLarge
    from verify.checker.tree_kind import check

    try:
        report = check(certificate)
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
    except CertificateMalformed as error:
        return replace(result, certificate=certificate, status=STATUS_REJECTED,
                       message=f"NOT certified: malformed certificate ({error})")
    if report.valid and report.value == result.value:
        return replace(result, certificate=certificate, status=STATUS_CERTIFIED,
                       message=f"certified: {report.message}")
    return replace(result, certificate=certificate, status=STATUS_REJECTED,
                   message=f"NOT certified: [{report.condition}] {report.message}")


# ----------------------------------------------------------------------------- products (tests)


def product_dual(result: TreeFbs) -> dict[int, Fraction]:
    """t_leaf = product of the local duals v along the root path (a dual of F_T at alpha)."""
    tree = result.tree
    weight = {tree.root: ONE}
    for node in range(tree.n_nodes):
        for i, child in enumerate(tree.children[node]):
            weight[child] = weight[node] * result.records[result.record_of[node]].dual[i]
    return {leaf: weight[leaf] for leaf in tree.leaves()}


def product_primal(result: TreeFbs, node: int | None = None) -> dict[frozenset, Fraction]:
    """The product family of leaf blocks (value rho_T): EXPONENTIAL, for small trees only.

    w_H = w_J * prod_{i in J} w^i_{H_i} / c_i for a local block J at the node and blocks H_i
    of the children's product families.
    """
    tree = result.tree
    node = tree.root if node is None else node
    if not tree.children[node]:
        return {frozenset([node]): ONE}
    record = result.records[result.record_of[node]]
    family: dict[frozenset, Fraction] = {}
    child_families = {}
    for block, weight in record.primal:
        combos = [(frozenset(), weight)]
        for i in block:
            child = tree.children[node][i]
            if child not in child_families:
                child_families[child] = product_primal(result, child)
            c = record.capacities[i]
            combos = [(h | sub, w * sw / c) for h, w in combos
                      for sub, sw in child_families[child].items()]
        for h, w in combos:
            family[h] = family.get(h, ZERO) + w
    return family
