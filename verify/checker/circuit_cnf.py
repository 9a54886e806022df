"""The trusted CNF encoder of the SAT certificates (kind "sat-lrat", certificates/FORMAT.md, kind sat-lrat).

Standard library only.  From a spec, an input z and integer weights T_1..T_q with a bound K it
builds, deterministically, the CNF of the claim

    "there is a block B (y_i = 1 iff i in B) with f(z^B) != f(z) and sum_{i in B} T_i <= K".

Variables 1..q are y_1..y_q; variable q+1 is the constant TRUE (unit clause [q+1]); every other
variable is the output of one gate.  The input bits of f are the literals x_i = y_i if z_i = 0
and x_i = -y_i if z_i = 1, so x = z XOR y without extra variables.  Gates are Tseitin-encoded
with *both* directions (every gate output is a function of its inputs), so for a fixed y the
CNF has exactly one model on the gate variables, and the output literal of f is true in it iff
f(z^B) = 1.  The same gate list is evaluated directly (on bitsets, many points at once) to get
f(z) and to test primal blocks, so the CNF and the evaluator share one circuit.

Families: and/or/parity as AND/OR/XOR gates; maj/thr/sym/wthr by a binary adder network (full
and half adders, columns processed first-in first-out) followed by a comparator with a
constant; index and tt as a multiplexer tree (x_1 selects at the root); tribes as an OR of
ANDs; expr through the checker's formula parser (expr.py); cnf as the AND of its clauses over
the x literals; compose by feeding inner outputs to the outer circuit.  Gates with constant or
repeated inputs are folded, and identical gates are shared (structural hashing); both are
deterministic, so the checker and the producer obtain byte-identical DIMACS text.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from dataclasses import dataclass

from .dimacs import parsed_dimacs
from .errors import CertificateMalformed, CertificateTooLarge
from .spec_eval import ParseBudget, _split_top_level, parse_spec

ENCODING = "fbs-cnf/1"
BDD_NODE_LIMIT = 200_000     # larger threshold BDDs fall back to the adder network
MAX_ARITY = 100_000          # q of a SAT certificate
MAX_CLAUSES = 3_000_000      # clauses of one claim CNF (function circuit + weighted sum)
MAX_LITERALS = 12_000_000    # literal occurrences of one claim CNF
MAX_CNF_PART_LITERALS = 3_000_000  # literals of cnf: parts encoded, over every reference
MAX_WEIGHT_BITS = 4096       # bits of one weight T_i or of the bound K
MAX_TABLE_INPUTS = 20        # inputs of a tt: table (a multiplexer of 2^q leaves)
EVALUATION_BATCH = 1024      # points per pass when evaluating the gate list, at least
MAX_EVALUATION_BITS = 1 << 27  # variables x points: the bitsets one pass may hold (16 MiB)
MAX_GATE_EVALUATIONS = 1 << 22  # gates x passes (about 1.6 microseconds each, 1,255-point passes)


class Builder:
    """A growing circuit: Tseitin clauses plus the gate list that evaluates them."""

    def __init__(self, n_inputs: int):
        self.n_inputs = n_inputs
        self.true = n_inputs + 1
        self.n_vars = n_inputs + 1
        self.clauses: list[list[int]] = [[self.true]]
        self.literals = 1
        self.gates: list[tuple[str, int, tuple[int, ...]]] = []
        self._cache: dict[tuple, int] = {}
        self.points: int | None = None  # while set: the points the gate list will be evaluated at

    # --- bookkeeping -------------------------------------------------------------------

    def emit(self, clause: list[int]) -> None:
        self.clauses.append(clause)
        self.literals += len(clause)
        if len(self.clauses) > MAX_CLAUSES or self.literals > MAX_LITERALS:
            raise CertificateTooLarge(f"the claim CNF exceeds the size limit ({MAX_CLAUSES} "
                                      f"clauses, {MAX_LITERALS} literals)")

    def _gate(self, op: str, inputs: tuple[int, ...], clauses) -> int:
        key = (op, inputs)
        found = self._cache.get(key)
        if found is not None:
            return found
        self.n_vars += 1
        out = self.n_vars
        for clause in clauses(out):
            self.emit(clause)
        self.gates.append((op, out, inputs))
        self._cache[key] = out
        if self.points is not None:
            charge_evaluation(len(self.gates), self.n_vars, self.points)
        return out

    def is_const(self, literal: int) -> bool:
        return abs(literal) == self.true

    # --- gates -------------------------------------------------------------------------

    def and_(self, literals) -> int:
        """out <-> AND of the literals (TRUE for none)."""
        kept: list[int] = []
        seen: set[int] = set()
        for lit in literals:
            if lit == self.true or lit in seen:
                continue
            if lit == -self.true or -lit in seen:
                return -self.true
            seen.add(lit)
            kept.append(lit)
        if not kept:
            return self.true
        if len(kept) == 1:
            return kept[0]
        inputs = tuple(sorted(kept))
        return self._gate("and", inputs, lambda o: [[-o, a] for a in inputs]
                          + [[o] + [-a for a in inputs]])

    def or_(self, literals) -> int:
        """out <-> OR of the literals (FALSE for none)."""
        return -self.and_([-lit for lit in literals])

    def xor_(self, a: int, b: int) -> int:
        """out <-> a XOR b."""
        if self.is_const(a):
            return b if a == -self.true else -b
        if self.is_const(b):
            return a if b == -self.true else -a
        if a == b:
            return -self.true
        if a == -b:
            return self.true
        sign = (-1 if a < 0 else 1) * (-1 if b < 0 else 1)
        a, b = sorted((abs(a), abs(b)))
        out = self._gate("xor", (a, b), lambda o: [[-o, a, b], [-o, -a, -b],
                                                   [o, -a, b], [o, a, -b]])
        return sign * out

    def xor_all(self, literals) -> int:
        result = -self.true
        for lit in literals:
            result = self.xor_(result, lit)
        return result

    def xor3(self, a: int, b: int, c: int) -> int:
        """out <-> a XOR b XOR c (the sum bit of a full adder)."""
        variables = {abs(a), abs(b), abs(c)}
        if len(variables) < 3 or self.true in variables:
            return self.xor_(self.xor_(a, b), c)
        sign = (-1 if a < 0 else 1) * (-1 if b < 0 else 1) * (-1 if c < 0 else 1)
        inputs = tuple(sorted(variables))

        def clauses(o: int) -> list[list[int]]:
            rows = []
            for pattern in range(8):  # one clause per input pattern forces the parity
                values = [(pattern >> k) & 1 for k in range(3)]
                clause = [-v if bit else v for v, bit in zip(inputs, values)]
                rows.append(clause + [o if sum(values) % 2 else -o])
            return rows
        return sign * self._gate("xor3", inputs, clauses)

    def maj3(self, a: int, b: int, c: int) -> int:
        """out <-> at least two of a, b, c (the carry of a full adder)."""
        for first, second, third in ((a, b, c), (b, c, a), (c, a, b)):
            if first == self.true:
                return self.or_([second, third])
            if first == -self.true:
                return self.and_([second, third])
            if first == second:
                return first
            if first == -second:
                return third
        inputs = tuple(sorted((a, b, c)))
        x, y, z = inputs
        return self._gate("maj", inputs, lambda o: [
            [-x, -y, o], [-x, -z, o], [-y, -z, o], [x, y, -o], [x, z, -o], [y, z, -o]])

    def ite(self, s: int, t: int, e: int) -> int:
        """out <-> (t if s else e)."""
        if s == self.true:
            return t
        if s == -self.true:
            return e
        if t == e:
            return t
        if t == -e:
            return self.xor_(s, e)
        if t == self.true:
            return self.or_([s, e])
        if t == -self.true:
            return self.and_([-s, e])
        if e == self.true:
            return self.or_([-s, t])
        if e == -self.true:
            return self.and_([s, t])
        if s < 0:
            s, t, e = -s, e, t
        return self._gate("ite", (s, t, e), lambda o: [
            [-s, -t, o], [-s, t, -o], [s, -e, o], [s, e, -o], [-t, -e, o], [t, e, -o]])

    # --- arithmetic --------------------------------------------------------------------

    def weighted_sum(self, terms) -> list[int]:
        """Bits (least significant first) of sum_k w_k * [lit_k] for terms (w_k >= 0, lit_k):
        columns of literals reduced by full adders (three in, sum stays, carry moves up) and
        half adders, first in first out."""
        columns: list[deque] = []
        for weight, _ in terms:
            if weight < 0:
                raise CertificateMalformed("a weight of the adder network is negative")
            if weight.bit_length() > MAX_WEIGHT_BITS:
                raise CertificateTooLarge(f"a weight has more than {MAX_WEIGHT_BITS} bits")
        # every set bit is one literal of a column, and every literal but the last of a
        # column enters an adder whose clauses hold it: more than MAX_LITERALS of them
        # cannot fit the claim CNF, so they are refused before any is pushed
        if sum(weight.bit_count() for weight, _ in terms) > MAX_LITERALS + MAX_WEIGHT_BITS + 64:
            raise CertificateTooLarge(f"the claim CNF exceeds the size limit ({MAX_LITERALS} "
                                      f"literals): the weights have too many set bits")
        for weight, lit in terms:
            binary = bin(weight)[:1:-1]  # least significant bit first
            level = binary.find("1")
            while level >= 0:
                self._push(columns, level, lit)
                level = binary.find("1", level + 1)
        bits = []
        level = 0
        while level < len(columns):
            column = columns[level]
            while len(column) >= 3:
                a, b, c = column.popleft(), column.popleft(), column.popleft()
                self._push(columns, level + 1, self.maj3(a, b, c))
                self._push(columns, level, self.xor3(a, b, c))
            if len(column) == 2:
                a, b = column.popleft(), column.popleft()
                self._push(columns, level + 1, self.and_([a, b]))
                column.append(self.xor_(a, b))
            bits.append(column[0] if column else -self.true)
            level += 1
        return bits

    def _push(self, columns: list[deque], level: int, lit: int) -> None:
        while len(columns) <= level:
            columns.append(deque())
        if lit != -self.true:
            columns[level].append(lit)

    def at_most(self, bits: list[int], bound: int) -> int:
        """out <-> (the number with these bits) <= bound, for an integer constant bound."""
        if bound < 0:
            return -self.true
        if bound >> len(bits):
            return self.true
        result = self.true
        for level, bit in enumerate(bits):
            if (bound >> level) & 1:
                result = self.or_([-bit, result])
            else:
                result = self.and_([-bit, result])
        return result

    def at_least(self, bits: list[int], bound: int) -> int:
        return -self.at_most(bits, bound - 1)

    def sum_at_most(self, terms, bound: int) -> int:
        """out <-> sum_k w_k [lit_k] <= bound (w_k >= 0): a reduced ordered BDD over the terms
        in the given order when it has at most BDD_NODE_LIMIT nodes, else the adder network
        and comparator."""
        terms = [(w, lit) for w, lit in terms if w]
        for weight, _ in terms:
            if weight < 0:
                raise CertificateMalformed("a weight is negative")
            if weight.bit_length() > MAX_WEIGHT_BITS:
                raise CertificateTooLarge(f"a weight has more than {MAX_WEIGHT_BITS} bits")
        diagram = _threshold_bdd([w for w, _ in terms], bound, BDD_NODE_LIMIT)
        if diagram is None:
            return self.at_most(self.weighted_sum(terms), bound)
        literals = [lit for _, lit in terms]
        wires: list[int] = []
        for level, high, low in diagram.nodes:
            wires.append(self.ite(literals[level], self._wire(wires, high), self._wire(wires, low)))
        return self._wire(wires, diagram.root)

    def _wire(self, wires: list[int], node: int) -> int:
        """Node references of _Bdd: -1 FALSE, -2 TRUE, k >= 0 the k-th inner node."""
        if node == _FALSE:
            return -self.true
        if node == _TRUE:
            return self.true
        return wires[node]

    def equals(self, bits: list[int], value: int) -> int:
        if value < 0 or value >> len(bits):
            return -self.true
        return self.and_([bit if (value >> level) & 1 else -bit for level, bit in enumerate(bits)])

    def mux(self, selectors: list[int], leaves: list[int]) -> int:
        """leaves[a] where a is the selectors read in binary, selectors[0] most significant."""
        return self._mux(selectors, 0, leaves, 0, len(leaves))

    def _mux(self, selectors, depth, leaves, start, count) -> int:
        if count == 1:
            return leaves[start]
        half = count // 2
        low = self._mux(selectors, depth + 1, leaves, start, half)
        high = self._mux(selectors, depth + 1, leaves, start + half, half)
        return self.ite(selectors[depth], high, low)

    # --- evaluation --------------------------------------------------------------------

    def evaluate(self, inputs: list[int], full: int) -> list[int]:
        """Bitsets of every variable, given the bitsets of variables 1..n_inputs (bit p of
        each int = the value at point p; full = all points)."""
        values = [0] * (self.n_vars + 1)
        values[1:self.n_inputs + 1] = inputs
        values[self.true] = full

        def lit(literal: int) -> int:
            value = values[abs(literal)]
            return value if literal > 0 else full ^ value

        for op, out, ins in self.gates:
            if op == "and":
                value = full
                for a in ins:
                    value &= lit(a)
            elif op == "xor":
                value = lit(ins[0]) ^ lit(ins[1])
            elif op == "xor3":
                value = lit(ins[0]) ^ lit(ins[1]) ^ lit(ins[2])
            elif op == "maj":
                a, b, c = (lit(v) for v in ins)
                value = (a & b) | (a & c) | (b & c)
            else:  # ite
                s, t, e = (lit(v) for v in ins)
                value = (s & t) | ((full ^ s) & e)
            values[out] = value
        return values


# --- the BDD of a threshold constraint ----------------------------------------------------

_FALSE, _TRUE = -1, -2


@dataclass
class _Bdd:
    """Inner nodes in creation order (children before parents): (level, high, low), where
    high is the node reached when the term at `level` is 1; root = the node of the whole sum."""

    nodes: list[tuple[int, int, int]]
    root: int


def _threshold_bdd(weights: list[int], bound: int, limit: int) -> _Bdd | None:
    """The reduced ordered BDD of sum_k weights[k] y_k <= bound, or None if it needs more than
    `limit` inner nodes.  Node (k, b) decides sum_{j >= k} weights[j] y_j <= b; all budgets b
    in an interval [lo, hi] give the same function, so each level keeps its intervals
    (Abio et al., "BDDs for pseudo-Boolean constraints - revisited", 2011)."""
    n = len(weights)
    rest = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        rest[k] = rest[k + 1] + weights[k]
    levels: list[list[tuple[int, int, int]]] = [[] for _ in range(n + 1)]  # (lo, hi, node)
    nodes: list[tuple[int, int, int]] = []
    unique: dict[tuple[int, int, int], int] = {}
    infinity = rest[0] + abs(bound) + 1

    def lookup(k: int, b: int):
        """The interval of level k holding b (intervals of a level are disjoint, kept sorted)."""
        row = levels[k]
        low, high = 0, len(row)
        while low < high:  # first interval with lo > b
            middle = (low + high) // 2
            if row[middle][0] <= b:
                low = middle + 1
            else:
                high = middle
        if low and row[low - 1][1] >= b:
            return row[low - 1]
        return None

    def insert(k: int, entry: tuple[int, int, int]) -> None:
        row = levels[k]
        position = len(row)
        while position and row[position - 1][0] > entry[0]:
            position -= 1
        row.insert(position, entry)

    # iterative post-order over (k, b) to avoid deep recursion on long sums
    def build(k0: int, b0: int) -> tuple[int, int, int] | None:
        stack = [(k0, b0)]
        while stack:
            k, b = stack[-1]
            if b < 0 or rest[k] <= b or lookup(k, b) is not None:
                stack.pop()
                continue
            high, low = _interval(k + 1, b - weights[k]), _interval(k + 1, b)
            if high is None:
                stack.append((k + 1, b - weights[k]))
                continue
            if low is None:
                stack.append((k + 1, b))
                continue
            stack.pop()
            lo = max(low[0], high[0] + weights[k])
            hi = min(low[1], high[1] + weights[k])
            if high[2] == low[2]:
                node = low[2]
            else:
                key = (k, high[2], low[2])
                node = unique.get(key)
                if node is None:
                    if len(nodes) >= limit:
                        return None
                    node = unique[key] = len(nodes)
                    nodes.append(key)
            insert(k, (lo, hi, node))
        return _interval(k0, b0)

    def _interval(k: int, b: int):
        if b < 0:
            return (-infinity, -1, _FALSE)
        if rest[k] <= b:
            return (rest[k], infinity, _TRUE)
        return lookup(k, b)

    found = build(0, bound)
    if found is None:
        return None
    return _Bdd(nodes, found[2])


# --- the function circuit of a spec -------------------------------------------------------

@dataclass
class FunctionCircuit:
    """f(z XOR y) as a circuit over the block variables y_1..y_q."""

    builder: Builder
    output: int
    arity: int
    z: str
    f_z: int | None = None

    def values(self, blocks: list[tuple[int, ...]]) -> tuple[int, list[int]]:
        """(f(z), [f(z^B) for B in blocks]) by evaluating the gate list on bitsets: z and the
        blocks in passes of as many points as MAX_EVALUATION_BITS allows (at least
        EVALUATION_BATCH), the gates times the passes counted, and refused above
        MAX_GATE_EVALUATIONS, before any pass; f(z) is kept for later calls."""
        if not blocks and self.f_z is not None:
            return self.f_z, []
        points = [()] + list(blocks)
        batch = charge_evaluation(len(self.builder.gates), self.builder.n_vars, len(points))
        results: list[int] = []
        for start in range(0, len(points), batch):
            results.extend(self._evaluate(points[start:start + batch]))
        self.f_z = results[0]
        return results[0], results[1:]

    def _evaluate(self, blocks: list[tuple[int, ...]]) -> list[int]:
        """f(z^B) for each block, bit p of every bitset being block p (each coordinate's
        bitset built out of its positions: linear in the blocks and the bitsets' bytes)."""
        n = len(blocks)
        positions: dict[int, list[int]] = {}
        for p, block in enumerate(blocks):
            for i in block:
                positions.setdefault(i, []).append(p)
        inputs = [0] * self.arity
        for i, found in positions.items():
            bits = bytearray((n + 7) // 8)
            for p in found:
                bits[p >> 3] |= 1 << (p & 7)
            inputs[i] = int.from_bytes(bits, "little")
        full = (1 << n) - 1
        out = self.builder.evaluate(inputs, full)[abs(self.output)]
        if self.output < 0:
            out ^= full
        return [1 if c == "1" else 0 for c in reversed(format(out, f"0{n}b"))]


def charge_evaluation(gates: int, n_vars: int, points: int) -> int:
    """The points of one pass (as many as MAX_EVALUATION_BITS allows, at least
    EVALUATION_BATCH) when evaluating `gates` gates over `n_vars` variables at `points`
    points (z and the primal blocks); CertificateTooLarge when gates x passes exceeds
    MAX_GATE_EVALUATIONS. Both grow while a circuit is built, so charging every new gate
    refuses a circuit as soon as its evaluation would be refused."""
    batch = max(EVALUATION_BATCH, MAX_EVALUATION_BITS // (n_vars + 1))
    passes = -(-points // batch)
    if gates * passes > MAX_GATE_EVALUATIONS:
        raise CertificateTooLarge(f"too costly to check: evaluating the circuit's {gates} "
                                  f"gates at {points - 1} primal blocks takes {passes} "
                                  f"passes, more than {MAX_GATE_EVALUATIONS} gate evaluations")
    return batch


def function_circuit(spec: str, z: str, files: dict | None = None,
                     arity: int | None = None,
                     parse_budget: ParseBudget | None = None,
                     points: int | None = None) -> FunctionCircuit:
    """Parse the spec (CertificateMalformed if invalid) and build f(z XOR y); `arity`: the
    spec was already parsed (by spec_eval.parse_spec with this module's limits), with
    `parse_budget`, whose parsed formulas are reused here. `points`: the circuit will be
    evaluated at that many points, charged gate by gate as it is built (charge_evaluation),
    so a circuit too costly to evaluate is refused before it is finished."""
    parse_budget = parse_budget or ParseBudget()
    if arity is None:
        arity = parse_spec(spec, files, max_arity=MAX_ARITY, max_table_arity=MAX_TABLE_INPUTS,
                           split_budget=parse_budget).arity
    q = arity
    if type(z) is not str or len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}")
    builder = Builder(q)
    x = [(-(i + 1) if bit == "1" else i + 1) for i, bit in enumerate(z)]
    builder.points = points
    output = _Encoder(builder, files or {}, parse_budget).build(spec, x)
    builder.points = None  # the claim's gates (claim_cnf) are never evaluated
    return FunctionCircuit(builder, output, q, z)


class _Encoder:
    """One method per spec family; the spec was validated by spec_eval.parse_spec."""

    def __init__(self, builder: Builder, files: dict, parse_budget: ParseBudget | None = None):
        self.b = builder
        self.files = files
        self.arities: dict[str, int] = {}
        self.formulas: dict[str, tuple] = {}
        self.parse_budget = parse_budget or ParseBudget()  # formulas parse_spec parsed
        self.split_budget = ParseBudget(passes=2)  # each part: arity, then build
        self.cnf_literals = 0  # literals of cnf: parts read so far, over every reference

    def build(self, spec: str, x: list[int]) -> int:
        spec = spec.strip()
        if spec.startswith("compose(") and spec.endswith(")"):
            parts = _split_top_level(spec[len("compose("):-1], self.split_budget)
            outputs, offset = [], 0
            for part in parts[1:]:
                arity = self.arity(part)
                outputs.append(self.build(part, x[offset:offset + arity]))
                offset += arity
            return self.build(parts[0], outputs)
        family, _, rest = spec.partition(":")
        return getattr(self, "family_" + family)(rest, x)

    def arity(self, spec: str) -> int:
        """The arity of a part: a composition sums its inner parts' arities (each part is
        split once per level, never re-parsed whole), any other spec is parsed once."""
        spec = spec.strip()
        found = self.arities.get(spec)
        if found is None:
            if spec.startswith("compose(") and spec.endswith(")"):
                found = sum(self.arity(part)
                            for part in _split_top_level(spec[len("compose("):-1],
                                                         self.split_budget)[1:])
            elif spec.startswith("expr:"):
                fixed, tree, largest = self.formula_of(spec[len("expr:"):])
                found = fixed if fixed is not None else largest
            else:
                found = parse_spec(spec, self.files, max_arity=MAX_ARITY,
                                   max_table_arity=MAX_TABLE_INPUTS).arity
            self.arities[spec] = found
        return found

    def family_and(self, rest, x):
        return self.b.and_(x)

    def family_or(self, rest, x):
        return self.b.or_(x)

    def family_parity(self, rest, x):
        return self.b.xor_all(x)

    def family_maj(self, rest, x):
        return -self.b.sum_at_most([(1, lit) for lit in x], len(x) // 2)

    def family_thr(self, rest, x):
        return -self.b.sum_at_most([(1, lit) for lit in x], int(rest.split(":")[1]) - 1)

    def family_sym(self, rest, x):
        values = [int(c) for c in rest]
        if all(values):
            return self.b.true
        bits = self.count(x)
        return self.b.or_([self.b.equals(bits, w) for w, v in enumerate(values) if v])

    def family_wthr(self, rest, x):
        weights_text, t_text = rest.split(":")
        weights = [int(w) for w in weights_text.split(",")]
        return -self.b.sum_at_most(list(zip(weights, x)), int(t_text) - 1)

    def family_index(self, rest, x):
        k = int(rest)
        return self.b.mux(x[:k], x[k:])

    def family_tribes(self, rest, x):
        width = int(rest.split(":")[0])
        return self.b.or_([self.b.and_(x[s:s + width]) for s in range(0, len(x), width)])

    def family_tt(self, rest, x):
        if rest.startswith("0x"):
            hex_text, q_text = rest[2:].split(":")
            bits = format(int(hex_text, 16), f"0{1 << int(q_text)}b")
        else:
            bits = rest
        t = self.b.true
        return self.b.mux(x, [t if c == "1" else -t for c in bits])

    def family_expr(self, rest, x):
        _, tree, _ = self.formula_of(rest)
        return self.formula(tree, x)

    def formula_of(self, rest: str) -> tuple[int | None, tuple, int]:
        """(fixed arity or None, formula tree, largest variable) of `expr:REST`, parsed once."""
        found = self.formulas.get(rest)
        if found is None:
            fixed = re.match(r"([0-9]+):", rest)
            tree, largest = self.parse_budget.formula(rest[fixed.end():] if fixed else rest,
                                                      "expr")
            found = self.formulas[rest] = (int(fixed.group(1)) if fixed else None, tree, largest)
        return found

    def formula(self, tree, x) -> int:
        kind = tree[0]
        if kind == "var":
            return x[tree[1]]
        if kind == "const":
            return self.b.true if tree[1] else -self.b.true
        if kind == "not":
            return -self.formula(tree[1], x)
        children = [self.formula(child, x) for child in tree[1]]
        if kind == "and":
            return self.b.and_(children)
        if kind == "or":
            return self.b.or_(children)
        return self.b.xor_all(children)

    def family_cnf(self, rest, x):
        _, clauses = parsed_dimacs(self.files, rest, "cnf")
        self.cnf_literals += sum(len(clause) + 1 for clause in clauses)
        if self.cnf_literals > MAX_CNF_PART_LITERALS:
            raise CertificateTooLarge(f"too costly to check: the cnf: parts of the spec hold "
                                      f"more than {MAX_CNF_PART_LITERALS} literals, every "
                                      f"reference counted")
        return self.b.and_([self.b.or_([x[lit - 1] if lit > 0 else -x[-lit - 1] for lit in clause])
                            for clause in clauses])

    def count(self, x) -> list[int]:
        return self.b.weighted_sum([(1, lit) for lit in x])


# --- the claim CNF ------------------------------------------------------------------------

@dataclass(frozen=True)
class ClaimCnf:
    """The CNF of "some block B has f(z^B) != f(z) and sum_{i in B} T_i <= K"."""

    n_vars: int
    clauses: list[list[int]]
    f_z: int

    def dimacs(self) -> str:
        lines = [f"p cnf {self.n_vars} {len(self.clauses)}"]
        lines.extend(" ".join(map(str, clause)) + " 0" for clause in self.clauses)
        return "\n".join(lines) + "\n"

    def sha256(self) -> str:
        return hashlib.sha256(self.dimacs().encode("ascii")).hexdigest()


def claim_cnf(circuit: FunctionCircuit, weights: list[int], bound: int) -> ClaimCnf:
    """Extend a fresh function circuit by the sensitivity unit and sum T_i y_i <= bound.
    The circuit's builder is consumed (call function_circuit again for another claim)."""
    b = circuit.builder
    if len(weights) != circuit.arity:
        raise CertificateMalformed(f"expected {circuit.arity} weights, got {len(weights)}")
    if bound.bit_length() > MAX_WEIGHT_BITS:
        raise CertificateTooLarge(f"the bound has more than {MAX_WEIGHT_BITS} bits")
    f_z, _ = circuit.values([])
    b.emit([-circuit.output if f_z else circuit.output])
    b.emit([b.sum_at_most([(w, i + 1) for i, w in enumerate(weights)], bound)])
    return ClaimCnf(b.n_vars, b.clauses, f_z)


def build_claim(spec: str, z: str, weights: list[int], bound: int,
                files: dict | None = None) -> ClaimCnf:
    """function_circuit + claim_cnf in one call."""
    return claim_cnf(function_circuit(spec, z, files), weights, bound)
