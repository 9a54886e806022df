"""Tree certificates as Coq theorems (kind `tree`, certificates/FORMAT.md section 6, versions
1 and 2; `fbs coq`, `fbs certify --method composition --coq`).

The exported theorem states, in the words of coq/model/TreeStatements.v, `RhoT T alpha V`:
V = rho_T = fbs_alpha(F_T), the minimum of the global dual LP of F_T at alpha (paper
Definition 3.4, Section 5). T is named by its shape (`uniform (MAJ 9) 3`, `over (AND 2)`,
`node (MAJ 3) [...]`), its aggregators by their family (coq/model/Families.v, carrying the arity: a node of
`MAJ 3` has 3 children) or truth table `TT`,
and alpha by its bit string (`alphaOf T (bitsOf "...")`, leaves depth-first left to right).
The proof runs the Coq checker (coq/checkers/TreeCheck.v, `checkTree_sound`, vm_compute) on
the certificate's records; the records' `aggregator` fields are not written (the checker uses
each node's own aggregator).

Untrusted, like verify/formal/coq_export.py: a wrong tree, alpha, value or record gives a
statement coqc refuses to prove, or one that names other data, which the reader sees
(tests/formal/test_coq_export_tree.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from verify.base.errors import BadInput, TooLarge
from verify.formal.coq_terms import MAX_COQ_ARITY, function_term, is_table, rational
from verify.formal.coq_terms import comment as _comment

# coqc checks every internal node's record on all 2^q blocks, each evaluating the aggregator
# (q steps for a family, a table lookup of 2^q steps for a truth table), and reads alpha at a
# leaf by its position in the list of leaves (a scan): the export is refused beyond this many
# steps or leaves (maj:9 of depth 3: 91 nodes x 2^9 x 9 = 419,328 steps and 729 leaves, coqc
# about 3 s of CPU; maj:9 of depth 4, 3,778,560 steps and 6,561 leaves, 113 s; bench/RESULTS.md,
# bench_coq_checker.py --trees).
MAX_TREE_WORK = 1 << 22
MAX_TREE_LEAVES = 1 << 11
_TRIBES = re.compile(r"tribes:([0-9]+):([0-9]+)")


@dataclass(frozen=True)
class TreeRecord:
    """One record: z, capacities, value, primal (masks of the children, weights), dual."""

    z: str
    capacities: tuple[Fraction, ...]
    value: Fraction
    primal: tuple[tuple[str, Fraction], ...]
    dual: tuple[Fraction, ...]


@dataclass(frozen=True)
class TreeExport:
    """What an exported theorem needs from a tree certificate."""

    spec: str      # the tree described for names and comments
    tree: str      # the Coq term of T
    alpha: str     # one bit per leaf, depth-first left to right
    value: Fraction
    records: tuple[TreeRecord, ...]
    work: int      # the checker's steps in coqc (MAX_TREE_WORK)

    @property
    def z(self) -> str:  # the point, for coq_export.theorem_name
        return self.alpha


class _Shape:
    """The Coq term of a tree, its leaf count and the Coq checker's work."""

    def __init__(self, files: dict):
        self.files, self.leaves, self.work = files, 0, 0
        self.terms: dict[str, tuple[str, int]] = {}

    def aggregator(self, spec: str) -> tuple[str, int]:
        """(Coq term, arity) of an aggregator spec: a family, else its truth table."""
        from verify.checker.errors import CertificateTooLarge
        from verify.checker.spec_eval import normal_form, parse_spec

        spec = normal_form(spec)
        if spec not in self.terms:
            try:
                parsed = parse_spec(spec, self.files)
            except CertificateTooLarge as error:  # maj:29: a size refusal (exit 2), not a bug
                raise TooLarge(f"the Coq export reads each aggregator with the checker's spec "
                               f"evaluator: {error}; nothing written") from None
            q, term = parsed.arity, function_term(spec, "")
            if is_table(term):
                if q > MAX_COQ_ARITY:
                    raise TooLarge(f"aggregator {spec[:40]!r}: arity {q} > {MAX_COQ_ARITY} "
                                   "(a truth table in coqc)")
                bits = parsed.truth_table()
                term = function_term(spec, "".join("1" if bits >> j & 1 else "0"
                                                   for j in range(1 << q)))
            self.terms[spec] = term, q
        return self.terms[spec]

    def charge(self, term: str, q: int, nodes: int) -> None:
        """`nodes` internal nodes of arity q checked on 2^q blocks each."""
        self.work += nodes * (1 << q) * ((1 << q) if is_table(term) else q)
        if self.work > MAX_TREE_WORK:
            raise TooLarge(f"the Coq checker would take more than {MAX_TREE_WORK} steps "
                           "(internal nodes x 2^q blocks); nothing written")

    def uniform(self, body: dict) -> str:
        phi, q = self.aggregator(body["aggregator"])
        depth = body["depth"]
        self.leaves = q ** depth
        self.charge(phi, q, sum(q ** k for k in range(depth)))
        return f"(uniform {phi} {depth})"

    def composed(self, spec: str) -> str:
        """compose(OUTER; INNER...) as a node over the inner trees, tribes:W:S as or:S over S
        and:W nodes, any other spec one node over its own inputs (FORMAT.md section 6)."""
        from verify.checker.spec_eval import compose_parts, normal_form

        spec = normal_form(spec)
        parts = compose_parts(spec)
        if parts is not None:
            phi, q = self.aggregator(parts[0])
            self.charge(phi, q, 1)
            return f"(node {phi} [{'; '.join(self.composed(p) for p in parts[1:])}])"
        if match := _TRIBES.fullmatch(spec):
            width, count = int(match.group(1)), int(match.group(2))
            inner, _ = self.aggregator(f"and:{width}")
            outer, _ = self.aggregator(f"or:{count}")
            self.leaves += width * count
            self.charge(inner, width, count)
            self.charge(outer, count, 1)
            return f"(node {outer} (repeat (over {inner}) {count}))"
        phi, q = self.aggregator(spec)
        self.leaves += q
        self.charge(phi, q, 1)
        return f"(over {phi})"

    def explicit(self, document: dict) -> str:
        """An fbs-tree/1 document (flat layout), built bottom-up without recursion."""
        nodes = {node["id"]: node for node in document["nodes"]}
        done: dict[str, str] = {}
        stack = [document["root"]]
        while stack:
            node = nodes[stack[-1]]
            kids = node.get("children")
            if kids is None:
                done[stack.pop()], self.leaves = "CLeaf", self.leaves + 1
                continue
            waiting = [kid for kid in kids if kid not in done]
            if waiting:
                stack.extend(reversed(waiting))
                continue
            phi, q = self.aggregator(node["aggregator"])
            self.charge(phi, q, 1)
            done[stack.pop()] = f"(node {phi} [{'; '.join(done[kid] for kid in kids)}])"
        return done[document["root"]]


def tree_shape(tree: dict, files: dict) -> tuple[str, str, int, int]:
    """(description, Coq term, leaves, work) of a certificate's `tree` field; TooLarge beyond
    MAX_TREE_WORK or MAX_TREE_LEAVES."""
    shape = _Shape(files)
    if "uniform" in tree:
        body = tree["uniform"]
        term = shape.uniform(body)
        label = f"uniform {body['aggregator']} depth {body['depth']}"
    elif "spec" in tree:
        term, label = shape.composed(tree["spec"]), tree["spec"]
    else:
        term, label = shape.explicit(tree), "tree"
    if shape.leaves > MAX_TREE_LEAVES:
        raise TooLarge(f"{shape.leaves} leaves > {MAX_TREE_LEAVES}: coqc reads alpha by a scan "
                       "of the leaves; nothing written")
    return label, term, shape.leaves, shape.work


def _mask(block: list[int], q: int) -> str:
    members = set(block)
    return "".join("1" if i in members else "0" for i in range(q))


def _record(entry, shared: bool) -> TreeRecord:
    """A version-1 record (object) or version-2 record (array), already checked."""
    from verify.checker.rationals import parse_number

    if shared:
        _, z, capacities, value, primal, dual, _ = entry
        primal = [{"block": block, "weight": weight} for block, weight in primal]
    else:
        z, capacities, value = entry["z"], entry["capacities"], entry["value"]
        primal, dual = entry["primal"], entry["dual"]
    return TreeRecord(z, tuple(parse_number(c, "capacity") for c in capacities),
                      parse_number(value, "value"),
                      tuple((_mask(p["block"], len(z)), parse_number(p["weight"], "weight"))
                            for p in primal),
                      tuple(parse_number(v, "dual") for v in dual))


SIDES_VERSION = 3  # FORMAT.md section 6, "Version 3": side records, not modelled in Coq
_VERSION_3 = ("kind tree version 3 (side records) has no Coq checker yet (versions 1 and 2 "
              "do: for a tree file, `fbs tree fbs TREE --oracle O --coq OUT.v` writes version 2 "
              "and its theorem; for a composed spec, `fbs certify SPEC --at Z --method "
              "composition --coq OUT.v`)")


def read_tree(certificate: dict) -> TreeExport:
    """The data of a tree certificate the trusted Python checker has accepted (tree_shape's
    bounds)."""
    from verify.checker.fields import read_files
    from verify.checker.rationals import parse_number
    from verify.checker.tree_kind import unpack_alpha

    if certificate.get("version") == SIDES_VERSION:
        raise BadInput(_VERSION_3)
    shared = "version" in certificate
    label, term, leaves, work = tree_shape(certificate["tree"], read_files(certificate))
    alpha = unpack_alpha(certificate["alpha_base64"], leaves) if shared else certificate["alpha"]
    records = tuple(_record(entry, shared) for entry in certificate["records"])
    return TreeExport(label, term, alpha, parse_number(certificate["value"], "value"),
                      records, work)


def left_out(certificate: dict) -> str:
    """Why a (valid) tree certificate has no Coq theorem ("" if it has one)."""
    from verify.checker.fields import read_files

    if certificate.get("version") == SIDES_VERSION:
        return _VERSION_3
    try:
        tree_shape(certificate["tree"], read_files(certificate))
    except TooLarge as error:
        return f"too large for coqc: {error}"
    return ""


def tree_theorem_text(cert: TreeExport, name: str, source: str) -> str:
    """Records, statement and proof of one tree certificate."""

    def numbers(xs) -> str:
        return "[" + "; ".join(rational(x) for x in xs) + "]"

    records = ";\n  ".join(
        f'mkRec (bitsOf "{r.z}") {numbers(r.capacities)} {rational(r.value)} ['
        + "; ".join(f'(bitsOf "{mask}", {rational(w)})' for mask, w in r.primal)
        + f"] {numbers(r.dual)}" for r in cert.records)
    return (f"\n(* {_comment(source)}: tree {_comment(cert.spec)}, {len(cert.alpha)} leaves, "
            f"{len(cert.records)} records *)\n"
            f"Definition {name}_records : list TRec := [\n  {records}].\n\n"
            f"Theorem {name} :\n  let T := {cert.tree} in\n"
            f'  RhoT T (alphaOf T (bitsOf "{cert.alpha}")) {rational(cert.value)}.\n'
            f"Proof.\n  intros T. apply (checkTree_sound _ _ {name}_records).\n"
            f"  vm_compute. reflexivity.\nQed.\n")
