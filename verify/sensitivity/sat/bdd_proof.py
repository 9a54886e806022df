"""A direct refutation of the claim CNF for threshold specs (wthr, thr, maj): untrusted.

CDCL solvers find the claim "a sensitive block with T(B) <= D - 1" hard when f itself is a
linear threshold: the CNF then joins two knapsack constraints.  In the checker's encoding
(circuit_cnf.py) both constraints are reduced ordered BDDs over the coordinates in increasing
order, so a dynamic program over *pairs* of BDD nodes decides the claim: a pair (u, v) is
dead if no completion of the block satisfies both.  For every dead pair, bottom-up, this
module writes the DRAT lemmas

    (-u  -v  -y_c)   (-u  -v  y_c)   (-u  -v)

where c is the first coordinate either node tests; each is RUP by the if-then-else gate
clauses and the lemmas of the child pairs.  The root pair is asserted by the two unit clauses,
so the empty clause follows.  verify/sensitivity/sat/drat_to_lrat.py turns the lemmas into LRAT (and
re-checks each by unit propagation); the trusted checker verifies the LRAT as usual.
Returns None when the shape does not apply (other family, or a constraint on the adder).
"""

from __future__ import annotations

import sys

from verify.checker import circuit_cnf
from verify.checker.circuit_cnf import (
    _FALSE,
    _TRUE,
    Builder,
    ClaimCnf,
    FunctionCircuit,
    _Encoder,
    _threshold_bdd,
    claim_cnf,
)
from verify.checker.spec_eval import parse_spec as checker_parse_spec

FAMILIES = ("wthr", "thr", "maj")
MAX_PAIRS = 3_000_000


class _Recording(Builder):
    """The checker's builder, remembering each threshold BDD and the literal of each node."""

    def __init__(self, n_inputs: int):
        super().__init__(n_inputs)
        self.records = []
        self.starts = []  # clause count when each threshold constraint began

    def sum_at_most(self, terms, bound):
        self.starts.append(len(self.clauses))
        result = super().sum_at_most(terms, bound)
        kept = [(w, lit) for w, lit in terms if w]
        diagram = _threshold_bdd([w for w, _ in kept], bound, circuit_cnf.BDD_NODE_LIMIT)
        wires = None
        if diagram is not None:  # replay: every gate is cached, nothing new is emitted
            count = len(self.clauses)
            wires = []
            for level, high, low in diagram.nodes:
                wires.append(self.ite(kept[level][1], self._wire(wires, high),
                                      self._wire(wires, low)))
            assert len(self.clauses) == count
        self.records.append((kept, diagram, wires, result))
        return result


def product_refutation(spec: str, z: str, weights: list[int], bound: int,
                       files: dict | None = None) -> tuple[ClaimCnf, list[str]] | None:
    """(the claim CNF, DRAT lemma lines ending in the empty clause), or None if the claim is
    not of the two-BDD shape or is satisfiable."""
    if spec.strip().partition(":")[0] not in FAMILIES:
        return None
    q = checker_parse_spec(spec, files, max_arity=circuit_cnf.MAX_ARITY).arity
    builder = _Recording(q)
    x = [(-(i + 1) if bit == "1" else i + 1) for i, bit in enumerate(z)]
    output = _Encoder(builder, files or {}).build(spec, x)
    claim = claim_cnf(FunctionCircuit(builder, output, q, z), weights, bound)
    if len(builder.records) != 2 or any(r[1] is None for r in builder.records):
        return None
    (f_terms, f_bdd, f_wires, f_root), (t_terms, t_bdd, t_wires, t_root) = builder.records
    if output != -f_root:
        return None
    unit, t_unit = claim.clauses[builder.starts[1] - 1], claim.clauses[-1]
    if len(unit) != 1 or len(t_unit) != 1:
        return None
    asserted, t_asserted = unit[0], t_unit[0]
    if t_asserted != t_root:
        return None
    true = builder.true
    sides = [(f_terms, f_bdd, f_wires), (t_terms, t_bdd, t_wires)]

    def literal(side: int, node: tuple[int, int]) -> int:
        index, sign = node
        if index == _TRUE:
            return sign * true
        if index == _FALSE:
            return -sign * true
        return sign * sides[side][2][index]

    def coordinate(side: int, node) -> int | None:
        index = node[0]
        if index < 0:
            return None
        level = sides[side][1].nodes[index][0]
        return abs(sides[side][0][level][1]) - 1

    def child(side: int, node, c: int, y: int):
        index, sign = node
        if index < 0 or coordinate(side, node) != c:
            return node
        level, high, low = sides[side][1].nodes[index]
        positive = sides[side][0][level][1] > 0
        return (high if (y if positive else 1 - y) else low), sign

    def value(node) -> bool | None:
        index, sign = node
        if index == _TRUE:
            return sign > 0
        if index == _FALSE:
            return sign < 0
        return None

    lines: list[str] = []
    alive_memo: dict = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * q + 1000))

    def alive(u, v) -> bool:
        vu, vv = value(u), value(v)
        if vu is False or vv is False:
            return False
        if vu is True and vv is True:
            return True
        key = (u, v)
        if key in alive_memo:
            return alive_memo[key]
        if len(alive_memo) > MAX_PAIRS:
            raise _TooMany
        cu, cv = coordinate(0, u), coordinate(1, v)
        c = min(x for x in (cu, cv) if x is not None)
        result = False
        for y in (1, 0):
            if alive(child(0, u, c, y), child(1, v, c, y)):
                result = True
        if not result:
            a, b = literal(0, u), literal(1, v)
            lines.append(f"{-a} {-b} {-(c + 1)} 0")
            lines.append(f"{-a} {-b} {c + 1} 0")
            lines.append(f"{-a} {-b} 0")
        alive_memo[key] = result
        return result

    f_node = (f_bdd.root, 1 if asserted == f_root else -1)
    if literal(0, f_node) != asserted:
        return None
    try:
        if alive(f_node, (t_bdd.root, 1)):
            return None
    except _TooMany:
        return None
    lines.append("0")
    return claim, _dedupe(lines)


class _TooMany(Exception):
    pass


def _dedupe(lines: list[str]) -> list[str]:
    """Drop lemmas that are tautologies or repeats (a shared node can meet itself)."""
    seen, kept = set(), []
    for line in lines:
        literals = [int(t) for t in line.split()[:-1]]
        key = tuple(sorted(set(literals)))
        if any(-lit in key for lit in key) or key in seen:
            continue
        seen.add(key)
        kept.append(" ".join(map(str, key)) + " 0")
    return kept
