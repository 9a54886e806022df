"""rho_T = fbs_alpha(F_T) by the weighted composition recursion, with a factored certificate.

docs/notes.md, section 1 (Composition); paper Section 5. For a tree with pairwise distinct leaf
queries and the reference oracle O_Y:

    rho_T(leaf) = 1
    rho_T(u)    = min { sum_i c_i v_i : v >= 0, v(S) >= 1 for every sensitive block S of
                        phi_u at z_u },   c_i = rho_T(child i),  z_u = O_Y's child values,

a *weighted* fbs LP per internal node (its dual: max sum_S w_S s.t. sum_{S contains i} w_S
<= c_i). Why it is exact (certificates/FORMAT-tree.md): products of local primals are a
feasible primal of F_T at alpha, products of local duals along root paths a feasible dual
leaf weighting, both of value rho_T(root). Lemma 5.4 follows: rho_T(u) >= fbs_{z_u}(phi_u) *
min_i c_i, so rho_T >= rho^d when every local fbs is >= rho (uniform depth d).

Local solvers (`local_weighted_fbs`, memoised on (aggregator, z_u, capacities)):
* symmetric aggregators (and, or, parity, maj, thr, sym): the minimal sensitive blocks are the
  k-subsets of z's ones and the l-subsets of its zeros (k, l = distance to the nearest weight
  where the value changes, down and up). A capacitated k-uniform packing has the closed form
  T = min_{0<=j<k} (sum of the capacities without the j largest) / (k - j); the dual puts
  1/(k - j*) on the other elements; McNaughton's wrap-around rule gives a primal of value T.
* every other aggregator: column generation on the minimal sensitive blocks (verify.sensitivity.colgen),
  exact, with capacities.
Coordinates with c_i = 0 (a child whose subtree is constant at alpha) cannot be flipped:
blocks through them get no weight and they get v_i = 1 at no cost.

Nothing here is trusted: `tree_fbs(..., check=True)` builds the factored certificate
(`fbs-certificate/1`, kind "tree") and reports the value as certified only after the
stdlib-only checker `verify.checker.tree_kind` accepted it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from verify import __version__
from verify.base.errors import BadInput
from verify.base.numbers import exact_fields, fraction_text
from verify.functions.aggregators import aggregator_function
from verify.functions.families import Symmetric, embedded_files
from verify.sensitivity.blocks import bits_to_index, mask_to_block, minimal_sensitive_masks
from verify.trees.model import Tree
from verify.trees.oracles import node_values
from verify.trees.tree_file import tree_document

from .global_function import check_distinct_queries, leaf_order

ONE, ZERO = Fraction(1), Fraction(0)
CERTIFICATE_FORMAT = "fbs-certificate/1"

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


# ----------------------------------------------------------------------------- local LPs


@lru_cache(maxsize=None)
def local_weighted_fbs(spec: str, z: tuple[int, ...], capacities: tuple[Fraction, ...]) -> LocalSolution:
    """min sum c_i v_i s.t. v(S) >= 1 on every sensitive block of phi at z, and its dual."""
    function = aggregator_function(spec)
    if len(z) != function.arity or len(capacities) != function.arity:
        raise BadInput(f"{spec}: expected {function.arity} claim bits and capacities")
    if any(c < 0 for c in capacities):
        raise BadInput(f"{spec}: capacities must be >= 0")
    if isinstance(function, Symmetric):
        value, primal, dual = _symmetric_local(function.values, z, capacities)
        method = "symmetric"
    else:
        value, primal, dual = _lp_local(spec, z, capacities)
        method = "lp"
    return LocalSolution(spec, z, capacities, value, primal, dual, method)


def local_fbs(spec: str, z: tuple[int, ...]) -> LocalSolution:
    """The unweighted fbs_z(phi) (all capacities 1), by the same local solver."""
    return local_weighted_fbs(spec, tuple(z), (ONE,) * len(z))


def _symmetric_local(values, z, capacities):
    """Closed form for f(x) = V(|x|): the ones' and the zeros' packings are independent."""
    q, weight = len(z), sum(z)
    down = _nearest_change(values, weight, -1)
    up = _nearest_change(values, weight, +1)
    dual = [ZERO] * q
    primal: list[tuple[Block, Fraction]] = []
    value = ZERO
    for bit, size in ((1, down), (0, up)):
        if size is None:
            continue  # no sensitive block flips only this side: v stays 0 there
        part = [i for i in range(q) if z[i] == bit]
        part_value, part_primal = _uniform_packing(part, size, capacities, dual)
        value += part_value
        primal.extend(part_primal)
    return value, tuple(sorted(primal)), tuple(dual)


def _nearest_change(values, weight: int, step: int) -> int | None:
    """Smallest d >= 1 with V(weight + step d) != V(weight), or None."""
    k = weight + step
    while 0 <= k < len(values):
        if values[k] != values[weight]:
            return abs(k - weight)
        k += step
    return None


def _uniform_packing(part: list[int], k: int, capacities, dual: list) -> tuple[Fraction, list]:
    """Max packing of k-subsets of `part` under capacities; writes the optimal dual into `dual`.

    T = min_{0 <= j < k} (sum of the capacities without the j largest) / (k - j), the first
    minimiser j*. Dual: 1/(k - j*) on the others, 0 on the j* largest, 1 where c_i = 0
    (every k-subset then has v(S) >= 1). Primal: McNaughton's wrap-around of lengths
    min(c_i, T) (= T for the j* largest) on k machines of length T; each time slice runs k
    distinct elements, i.e. one k-subset, weighted by the slice's length.
    """
    for i in part:
        if capacities[i] == 0:
            dual[i] = ONE
    usable = sorted((i for i in part if capacities[i] > 0), key=lambda i: (-capacities[i], i))
    if len(usable) < k:
        return ZERO, []
    suffix = [ZERO] * (len(usable) + 1)
    for position in range(len(usable) - 1, -1, -1):
        suffix[position] = suffix[position + 1] + capacities[usable[position]]
    best, best_j = None, 0
    for j in range(k):
        candidate = suffix[j] / (k - j)
        if best is None or candidate < best:
            best, best_j = candidate, j
    share = Fraction(1, k - best_j)
    for position, i in enumerate(usable):
        dual[i] = ZERO if position < best_j else share
    lengths = [best if position < best_j else capacities[i] for position, i in enumerate(usable)]
    return best, _wrap_around(usable, lengths, k, best)


def _wrap_around(elements: list[int], lengths: list[Fraction], k: int, period: Fraction) -> list:
    """McNaughton: lay the lengths end to end (total >= k * period), cut into k rows."""
    starts, position = [], ZERO
    for length in lengths:
        starts.append(position)
        position += length
    if position < k * period:  # cannot happen for the optimal T (see the docstring)
        raise AssertionError("wrap-around: the lengths do not fill k machines")
    cuts = sorted({s % period for s in starts} | {ZERO})
    blocks: dict[Block, Fraction] = {}
    for a, start in enumerate(cuts):
        end = cuts[a + 1] if a + 1 < len(cuts) else period
        members = [elements[bisect_right(starts, r * period + start) - 1] for r in range(k)]
        block = tuple(sorted(members))
        blocks[block] = blocks.get(block, ZERO) + (end - start)
    return list(blocks.items())


@lru_cache(maxsize=4096)
def _minimal_masks(spec: str, z: tuple[int, ...]):
    table = aggregator_function(spec).truth_table()
    return minimal_sensitive_masks(table, bits_to_index(z))


def _lp_local(spec: str, z, capacities):
    """Column generation with capacities; coordinates with c_i = 0 are cut out first."""
    from verify.sensitivity.colgen import solve_fbs_lp

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
        low, high = self.path_products()
        return {**exact_fields("rho_T", self.value),
                "certified": self.certified, "status": self.status, "message": self.message,
                "depth": self.depth, "uniform_depth": self.tree.is_uniform,
                "rho_min_local": _text(self.rho_min), "rho_max_local": _text(self.rho_max),
                "lemma_5_4_bound_rho_min_d": fraction_text(self.lemma_bound),
                "path_product_min": fraction_text(low), "path_product_max": fraction_text(high),
                "distinct_local_lps": len(self.records), "internal_nodes": len(self.tree.internal()),
                "leaves": len(self.tree.leaves())}


def _text(x):
    return None if x is None else fraction_text(x)


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


def tree_certificate(result: TreeFbs) -> dict:
    """The factored certificate (kind "tree", certificates/FORMAT-tree.md)."""
    tree = result.tree
    if tree.n_nodes > 1 and is_compact_uniform(tree):
        description = {"uniform": {"aggregator": tree.aggregators[tree.root], "depth": tree.depth}}
    else:
        description = tree_document(tree)
    alpha = "".join("1" if result.values[leaf] else "0" for leaf in leaf_order(tree))
    certificate = {
        "format": CERTIFICATE_FORMAT,
        "kind": "tree",
        "tree": description,
        "alpha": alpha,
        "value": fraction_text(result.value),
        "records": [_record_document(r) for r in result.records],
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    files: dict[str, str] = {}
    for spec in sorted({tree.aggregators[i] for i in tree.internal()}):
        files.update(embedded_files(aggregator_function(spec)))
    if files:
        certificate["files"] = dict(sorted(files.items()))
    return certificate


def _record_document(record: LocalSolution) -> dict:
    return {"aggregator": record.spec,
            "z": "".join(map(str, record.z)),
            "capacities": [fraction_text(c) for c in record.capacities],
            "value": fraction_text(record.value),
            "primal": [{"block": list(b), "weight": fraction_text(w)} for b, w in record.primal],
            "dual": [fraction_text(v) for v in record.dual]}


def certify(result: TreeFbs) -> TreeFbs:
    """The result with its certificate, checked by the stdlib-only checker (kind "tree")."""
    from verify.checker.errors import CertificateMalformed
    from verify.checker.tree_kind import check

    certificate = tree_certificate(result)
    try:
        report = check(certificate)
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
