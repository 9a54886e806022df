"""The checker's own evaluator of function specs (certificates/FORMAT.md, "Specs").

A spec parses to a Node: its arity and a function from the bitsets of its inputs to the
bitset of its output (bitset.py).  Evaluating a spec of arity q runs the node on the bitsets
of x_1..x_q and yields the whole truth table; composition feeds inner outputs to the outer
node.  Independent of the untrusted parser in verify/functions/spec.py by design (docs/design.md, Trust boundary).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from . import bitset
from .dimacs import evaluate_cnf, parsed_dimacs
from .errors import CertificateMalformed, CertificateTooLarge
from .expr import MAX_FORMULA_CHARS, count_nodes, evaluate_formula, parse_formula, tables_held

MAX_ARITY = 28               # q of the exhaustive kind (2^28 positions: 32 MiB per table)
MAX_COMPOSE_DEPTH = 32
MAX_INTEGER_CHARS = 1000
WORK_LIMIT = 1 << 38          # bit-operations one evaluation may spend
MIN_OPERATION_COST = 1 << 16  # per big-int operation, to cover Python overhead at small q
CACHED_ARITY = 25             # tables of 2^q > 2^25 bits cost 2^(q - 25) times more
MAX_TABLE_BYTES = 1 << 30     # the tables a formula holds at once, with the q inputs
DIRECT_PASSES = 16            # a split threshold or stored table: a few passes over 2^q bits
MAX_COUNTER_BYTES = 256 << 20  # the bit planes of one bit-sliced sum
MAX_SPLIT_EVENTS = 1 << 21    # '(', ')' and ';' scanned to split the compositions of a file
MAX_SPLIT_CHARS = 1 << 25     # characters scanned (and copied) to split them
MAX_TABLE_ROUTE = 16          # a threshold of at most this many parts may go table + multiplexer
MAX_FORMULA_FILE_CHARS = 4_000_000  # characters of the expr: formulas parsed for one file


class Budget:
    """Bit-operations a check may still spend; one budget can be shared by all the specs of
    a file (the tree kind), so a file's work is bounded whatever it repeats."""

    def __init__(self, limit: int | None = None):
        self.limit, self.spent = WORK_LIMIT if limit is None else limit, 0

    def charge(self, amount: int) -> None:
        self.spent += amount
        if self.spent > self.limit:
            raise CertificateTooLarge(f"too costly to check: more than 2^{self.limit.bit_length() - 1}"
                                      " bit-operations of spec evaluation")


class ParseBudget:
    """What parsing the specs of one file may still read: the parentheses and semicolons
    that splitting compositions scans (a part nested k deep is scanned once per level), and
    the characters of the `expr:` formulas it parses (each distinct text parsed once per
    file, its tree kept here for every later use)."""

    def __init__(self, passes: int = 1):
        """`passes`: how often the caller splits each part (the SAT encoder: twice)."""
        self.left = MAX_SPLIT_EVENTS * passes
        # the characters splitting scans and copies: a part nested k deep k times, so the
        # text the levels of a nesting hold at once is bounded too (not depth x size)
        self.characters_left = MAX_SPLIT_CHARS * passes
        self.formula_left = MAX_FORMULA_FILE_CHARS
        self.formulas: dict[str, tuple[tuple, int]] = {}

    def formula(self, text: str, where: str) -> tuple[tuple, int]:
        """parse_formula(text): charged by its length before it is parsed, once per text."""
        found = self.formulas.get(text)
        if found is None:
            if len(text) > MAX_FORMULA_CHARS:  # the bound of one formula, named as such
                return parse_formula(text, where)
            self.formula_left -= len(text)
            if self.formula_left < 0:
                raise CertificateTooLarge(f"{where}: too costly to check: the formulas of the "
                                          f"file have more than {MAX_FORMULA_FILE_CHARS} "
                                          "characters")
            found = self.formulas[text] = parse_formula(text, where)
        return found

    def spend(self, text: str) -> None:
        """Charge a split of `text`: its length, then its parentheses and semicolons (each
        counted before they are scanned)."""
        self.characters_left -= len(text)
        if self.characters_left < 0:
            raise CertificateTooLarge(f"too costly to check: splitting the compositions "
                                      f"scans more than {MAX_SPLIT_CHARS} characters (a part "
                                      "nested k deep is scanned k times)")
        self.left -= text.count("(") + text.count(")") + text.count(";")
        if self.left < 0:
            raise CertificateTooLarge(f"too costly to check: splitting the compositions "
                                      f"scans more than {MAX_SPLIT_EVENTS} parentheses and "
                                      f"semicolons (nested compositions around a long part)")


class Context:
    """The universe of 2^q positions, the variable bitsets and the work budget."""

    def __init__(self, q: int, budget: Budget | None = None):
        self.q = q
        self.size = 1 << q
        self.full = (1 << self.size) - 1
        self.budget = budget or Budget()
        self.charge(2 * q)
        self.variables = bitset.variables(q)

    def charge(self, operations: int) -> None:
        """Account for big-int operations; refuse specs too costly to evaluate."""
        self.budget.charge(operations * operation_cost(self.q))


def operation_cost(q: int) -> int:
    """Bit-operations charged for one operation on tables of 2^q bits: 2^q (at least
    MIN_OPERATION_COST, Python's overhead), times 2^(q - 25) beyond 2^25 bits, where tables
    no longer fit the processor's cache (measured per operation: 0.12 ms at q = 24, 0.34 ms
    at q = 25, 1.1 ms at q = 26, 3 ms at q = 27, 25 to 50 ms at q = 28)."""
    return max(1 << q, MIN_OPERATION_COST) << max(0, q - CACHED_ARITY)


@dataclass(frozen=True)
class Node:
    """A parsed spec: arity and the map from input bitsets to the output bitset; `direct`,
    where present, builds the truth table over the node's own variables without them
    (thresholds split in the middle, stored tables as they are)."""

    arity: int
    run: Callable[[list[int], Context], int]
    direct: Callable[[], int] | None = None


@dataclass(frozen=True)
class ParsedSpec:
    """A spec checked for syntax and size, ready to evaluate; paths = the cnf: files used."""

    text: str
    node: Node
    paths: frozenset[str]

    @property
    def arity(self) -> int:
        return self.node.arity

    def truth_table(self, budget: Budget | None = None) -> int:
        """The bitset of f over all 2^q inputs (bit j = f at position j, docs/notes.md, section 2)."""
        if self.node.direct is not None:
            (budget or Budget()).charge(DIRECT_PASSES * operation_cost(self.arity))
            return self.node.direct()
        context = Context(self.arity, budget)
        return self.node.run(context.variables, context)


def parse_spec(spec: object, files: dict | None = None, max_arity: int = MAX_ARITY,
               max_table_arity: int | None = None,
               split_budget: ParseBudget | None = None) -> ParsedSpec:
    """Parse a spec (cheap; nothing is evaluated).  cnf:PATH reads files[PATH] only.
    max_table_arity caps the inputs of a `tt:` table (default: max_arity); split_budget is
    shared by the specs of one file (default: a fresh one)."""
    if not isinstance(spec, str):
        raise CertificateMalformed(f"spec must be a string, got {type(spec).__name__}")
    parser = _Parser(files or {}, max_arity,
                     max_arity if max_table_arity is None else max_table_arity,
                     split_budget or ParseBudget())
    node = parser.parse(spec, 0)
    return ParsedSpec(spec, node, frozenset(parser.paths))


def evaluate_spec(spec: str, files: dict | None = None,
                  max_arity: int = MAX_ARITY) -> tuple[int, int]:
    """Return (q, truth-table bitset) of a spec; CertificateMalformed on a bad spec."""
    parsed = parse_spec(spec, files, max_arity)
    return parsed.arity, parsed.truth_table()


_BYTE_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _reverse_bits(value: int, length: int) -> int:
    """The integer whose bit j is bit (length - 1 - j) of value: string position j -> bit j."""
    if length < 8:
        return int(format(value, f"0{length}b")[::-1], 2)
    return int.from_bytes(value.to_bytes(length // 8, "big").translate(_BYTE_REVERSED), "little")


def _hex_bytes(text: str) -> bytes | None:
    """bytes.fromhex of a string of hex digits only (no spaces: then two digits per byte)."""
    try:
        data = bytes.fromhex(text)
    except ValueError:
        return None
    return data if 2 * len(data) == len(text) else None


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


class _Parser:
    """Turns spec text into Nodes; one method per family."""

    def __init__(self, files: dict, max_arity: int, max_table_arity: int,
                 split_budget: ParseBudget):
        self.files = files
        self.split_budget = split_budget
        self.max_arity = max_arity
        self.max_table_arity = min(max_arity, max_table_arity)
        self.paths: set[str] = set()

    def fail(self, spec: str, what: str) -> CertificateMalformed:
        return CertificateMalformed(f"spec {_short(spec)}: {what}")

    def too_large(self, spec: str, what: str) -> CertificateTooLarge:
        """A spec beyond a documented bound (arity, digits, nesting): not a wrong one."""
        return CertificateTooLarge(f"spec {_short(spec)}: {what}")

    def parse(self, spec: str, depth: int) -> Node:
        spec = spec.strip()
        if spec.startswith("compose(") and spec.endswith(")"):
            return self.compose(spec, depth)
        family, _, rest = spec.partition(":")
        method = _FAMILIES.get(family)
        if method is None:
            raise self.fail(spec, "unknown family (and, or, parity, maj, thr, wthr, sym, index, "
                                  "tribes, tt, expr, cnf, compose)")
        node = method(self, rest, spec)
        return self.capped(node, spec)

    def capped(self, node: Node, spec: str) -> Node:
        if node.arity < 1:
            raise self.fail(spec, "a function needs at least one input (arity 0)")
        if node.arity > self.max_arity:
            raise self.too_large(spec, f"arity {node.arity} exceeds the limit {self.max_arity}")
        return node

    def integer(self, text: str, spec: str, what: str, low: int = 1, signed: bool = False) -> int:
        pattern = r"-?[0-9]+" if signed else r"[0-9]+"
        if len(text) > MAX_INTEGER_CHARS:
            raise self.too_large(spec, f"{what} has more than {MAX_INTEGER_CHARS} characters")
        if re.fullmatch(pattern, text) is None:
            raise self.fail(spec, f"{what} must be {'an' if signed else 'a non-negative'} integer, "
                                  f"got {_short(text)}")
        value = int(text)
        if not signed and value < low:
            raise self.fail(spec, f"{what} must be >= {low}, got {value}")
        return value

    def arity(self, text: str, spec: str, what: str = "N") -> int:
        value = self.integer(text, spec, what)
        if value > self.max_arity:
            raise self.too_large(spec, f"{what} = {value} exceeds the arity limit "
                                       f"{self.max_arity}")
        return value

    def fields(self, rest: str, count: int, spec: str) -> list[str]:
        parts = rest.split(":")
        if len(parts) != count:
            raise self.fail(spec, f"expected {count} field(s) after the family name")
        return parts

    # --- counting families -------------------------------------------------------------

    def reduce(self, rest: str, spec: str) -> Node:
        (n_text,) = self.fields(rest, 1, spec)
        n = self.arity(n_text, spec)
        family = spec.split(":")[0]
        return Node(n, lambda inputs, ctx: _reduce(family, inputs, ctx))

    def maj(self, rest: str, spec: str) -> Node:
        (n_text,) = self.fields(rest, 1, spec)
        n = self.arity(n_text, spec)
        return _threshold_node([1] * n, n // 2 + 1)

    def thr(self, rest: str, spec: str) -> Node:
        n_text, t_text = self.fields(rest, 2, spec)
        n, t = self.arity(n_text, spec), self.integer(t_text, spec, "T", signed=True)
        return _threshold_node([1] * n, t)

    def wthr(self, rest: str, spec: str) -> Node:
        w_text, t_text = self.fields(rest, 2, spec)
        parts = w_text.split(",")
        if len(parts) > self.max_arity:
            raise self.too_large(spec, f"{len(parts)} weights exceed the arity limit "
                                       f"{self.max_arity}")
        for part in parts:
            if part.startswith("-"):
                raise self.fail(spec, f"negative weight {_short(part)}")
        weights = [self.integer(part, spec, "a weight", low=0) for part in parts]
        t = self.integer(t_text, spec, "T", signed=True)
        return _threshold_node(weights, t)

    def sym(self, rest: str, spec: str) -> Node:
        if re.fullmatch(r"[01]{2,}", rest) is None:
            raise self.fail(spec, "sym needs N+1 >= 2 values, each 0 or 1")
        if len(rest) - 1 > self.max_arity:
            raise self.too_large(spec, f"arity {len(rest) - 1} exceeds the limit "
                                       f"{self.max_arity}")
        values = [int(c) for c in rest]
        return Node(len(values) - 1, lambda inputs, ctx: _symmetric(values, inputs, ctx),
                    lambda: bitset.symmetric_values(values, len(values) - 1))

    # --- structured families -----------------------------------------------------------

    def index(self, rest: str, spec: str) -> Node:
        (k_text,) = self.fields(rest, 1, spec)
        k = self.arity(k_text, spec, "K")
        if k + (1 << k) > self.max_arity:
            raise self.too_large(spec, f"arity K + 2^K = {k + (1 << k)} exceeds "
                                       f"the limit {self.max_arity}")

        def run(inputs: list[int], ctx: Context) -> int:
            ctx.charge(3 << k)
            return bitset.mux(inputs[:k], inputs[k:])
        return Node(k + (1 << k), run)

    def tribes(self, rest: str, spec: str) -> Node:
        w_text, s_text = self.fields(rest, 2, spec)
        width, count = self.arity(w_text, spec, "W"), self.arity(s_text, spec, "S")

        def run(inputs: list[int], ctx: Context) -> int:
            ctx.charge(width * count + count)
            result = 0
            for group in range(count):
                result |= _reduce("and", inputs[group * width:(group + 1) * width], ctx)
            return result
        return Node(width * count, run)

    def tt(self, rest: str, spec: str) -> Node:
        if rest.startswith("0x"):
            return self.tt_hex(rest[2:], spec)
        if re.fullmatch(r"[01]+", rest) is None:
            raise self.fail(spec, "a truth table is a string of 0s and 1s (or tt:0xHEX:Q)")
        q = len(rest).bit_length() - 1
        if len(rest) != 1 << q:
            raise self.fail(spec, f"truth-table length {len(rest)} is not a power of two")
        if q > self.max_table_arity:
            raise self.too_large(spec, f"a truth table of arity {q} exceeds the limit "
                                       f"{self.max_table_arity}")
        return _table_node(q, int(rest[::-1], 2))

    def tt_hex(self, rest: str, spec: str) -> Node:
        hex_text, separator, q_text = rest.rpartition(":")
        if not separator:  # tt:0xHEX: 2^(Q-2) digits fix Q when there are at least 2
            hex_text, digits = rest, len(rest)
            if digits < 2 or digits & (digits - 1):
                raise self.fail(spec, "tt:0xHEX without Q needs 2^(Q-2) >= 2 hex digits "
                                      "(else write tt:0xHEX:Q)")
            q_text = str(digits.bit_length() + 1)
        if ":" in hex_text:
            raise self.fail(spec, "expected 2 field(s) after the family name")
        q = self.integer(q_text, spec, "Q", low=0)
        if q > self.max_table_arity:
            raise self.too_large(spec, f"a truth table of arity {q} exceeds the limit "
                                       f"{self.max_table_arity}")
        length = 1 << q
        if len(hex_text) != max(1, length // 4):
            raise self.fail(spec, f"a table of Q = {q} inputs has {max(1, length // 4)} hex "
                                  f"digit(s), got {len(hex_text)}")
        if q >= 3:  # the exact length (checked above): read as bytes
            data = _hex_bytes(hex_text)
            if data is not None:
                return _table_node(q, int.from_bytes(data.translate(_BYTE_REVERSED), "little"))
        if re.fullmatch(r"[0-9a-fA-F]+", hex_text) is None:
            raise self.fail(spec, "expected tt:0xHEX:Q with hexadecimal digits")
        value = int(hex_text, 16)
        if value >> length:
            raise self.fail(spec, f"the hex value has more than 2^Q = {length} bits")
        return _table_node(q, _reverse_bits(value, length))

    def expr(self, rest: str, spec: str) -> Node:
        fixed = re.match(r"([0-9]+):", rest)
        formula_text = rest[fixed.end():] if fixed else rest
        tree, largest = self.split_budget.formula(formula_text, f"spec {_short(spec)}")
        arity = self.arity(fixed.group(1), spec) if fixed else largest
        if largest > arity:
            raise self.fail(spec, f"the formula uses x{largest} but the arity is {arity}")
        cost, held = count_nodes(tree), tables_held(tree)

        def run(inputs: list[int], ctx: Context) -> int:
            ctx.charge(cost)
            if (ctx.q + 2 + held) * max(ctx.size // 8, 1) > MAX_TABLE_BYTES:
                raise CertificateTooLarge(f"too costly to check: the formula holds {held} "
                                          f"tables of 2^{ctx.q} bits at once (limit: "
                                          f"{MAX_TABLE_BYTES >> 20} MiB with the inputs)")
            return evaluate_formula(tree, inputs, ctx.full)
        return Node(arity, run)

    def cnf(self, rest: str, spec: str) -> Node:
        text = self.files.get(rest)
        if not isinstance(text, str):
            raise self.fail(spec, f"the DIMACS text of {_short(rest)} is not embedded in \"files\"")
        self.paths.add(rest)
        n_vars, clauses = parsed_dimacs(self.files, rest, f"spec {_short(spec)}")
        if n_vars > self.max_arity:
            raise self.too_large(spec, f"arity {n_vars} exceeds the limit {self.max_arity}")
        cost = sum(len(clause) + 1 for clause in clauses)

        def run(inputs: list[int], ctx: Context) -> int:
            ctx.charge(cost)
            return evaluate_cnf(clauses, inputs, ctx.full)
        return Node(n_vars, run)

    def compose(self, spec: str, depth: int) -> Node:
        if depth >= MAX_COMPOSE_DEPTH:
            raise self.too_large(spec, f"compose nested deeper than {MAX_COMPOSE_DEPTH}")
        parts = _split_top_level(spec[len("compose("):-1], self.split_budget)
        if parts is None:
            raise self.fail(spec, "unbalanced parentheses")
        if len(parts) < 2:
            raise self.fail(spec, "compose needs an outer function and at least one inner")
        outer = self.parse(parts[0], depth + 1)
        if outer.arity != len(parts) - 1:  # before any inner part is parsed
            raise self.fail(spec, f"the outer function has arity {outer.arity} "
                                  f"but {len(parts) - 1} inner functions are given")
        inners, arity = [], 0
        for part in parts[1:]:
            inners.append(self.parse(part, depth + 1))
            arity += inners[-1].arity
            if arity > self.max_arity:  # before the next part is parsed
                raise self.too_large(spec, f"arity {arity} exceeds the limit {self.max_arity}")
        node = Node(arity, lambda inputs, ctx: _compose(outer, inners, inputs, ctx))
        return self.capped(node, spec)


_FAMILIES = {
    "and": _Parser.reduce, "or": _Parser.reduce, "parity": _Parser.reduce, "maj": _Parser.maj,
    "thr": _Parser.thr, "wthr": _Parser.wthr, "sym": _Parser.sym, "index": _Parser.index,
    "tribes": _Parser.tribes, "tt": _Parser.tt, "expr": _Parser.expr, "cnf": _Parser.cnf,
}


def normal_form(spec: str, budget: ParseBudget | None = None) -> str:
    """The spec with the whitespace the grammar ignores removed (around the spec and around
    every part of a composition), so that equal functions written alike get one key."""
    spec = spec.strip()
    budget = budget or ParseBudget()
    parts = compose_parts(spec, budget)
    if parts is None:
        return spec
    return "compose(" + ";".join(normal_form(part, budget) for part in parts) + ")"


def compose_parts(spec: str, budget: ParseBudget | None = None) -> list[str] | None:
    """[OUTER, INNER_1, ...] of a `compose(...)` spec (unstripped), None for any other spec
    or unbalanced parentheses."""
    if not (spec.startswith("compose(") and spec.endswith(")")):
        return None
    return _split_top_level(spec[len("compose("):-1], budget)


def _split_top_level(text: str, budget: ParseBudget | None = None) -> list[str] | None:
    """Split at ';' outside parentheses; None if the parentheses do not balance. The scan
    is charged to `budget` before it starts."""
    (budget or ParseBudget()).spend(text)
    parts, depth, start = [], 0, 0
    for match in re.finditer(r"[();]", text):
        char = match.group()
        if char == ";" and depth == 0:
            parts.append(text[start:match.start()])
            start = match.end()
        elif char != ";":
            depth += 1 if char == "(" else -1
            if depth < 0:
                return None
    if depth:
        return None
    return parts + [text[start:]]


# --- evaluation on bitsets ----------------------------------------------------------------

def _reduce(family: str, inputs: list[int], ctx: Context) -> int:
    """AND, OR or XOR of the inputs (and/or/parity)."""
    ctx.charge(len(inputs))
    result = ctx.full if family == "and" else 0
    for value in inputs:
        if family == "and":
            result &= value
        elif family == "or":
            result |= value
        else:
            result ^= value
    return result


def _counter(weights: list[int], inputs: list[int], ctx: Context) -> list[int]:
    """Bit-sliced planes of sum_i weights[i] * x_i (one table per bit of the sum: refused
    beyond MAX_COUNTER_BYTES)."""
    levels = sum(weights).bit_length() + 2
    if levels * max(ctx.size // 8, 1) > MAX_COUNTER_BYTES:
        raise CertificateTooLarge(f"too costly to check: a bit-sliced sum of {levels} bit "
                                  f"planes over 2^{ctx.q} positions exceeds "
                                  f"{MAX_COUNTER_BYTES >> 20} MiB")
    ctx.charge(6 * levels * len(weights) + 4 * levels)
    planes: list[int] = []
    for weight, value in zip(weights, inputs):
        bitset.add_weighted(planes, value, weight)
    return planes


def _threshold(weights: list[int], t: int, inputs: list[int], ctx: Context) -> int:
    """1 iff sum_i weights[i] x_i >= t (thr, maj, wthr)."""
    return bitset.at_least(_counter(weights, inputs, ctx), t, ctx.full)


def _threshold_node(weights: list[int], t: int) -> Node:
    """thr, maj, wthr: split in the middle on its own variables; on other inputs as a table
    and multiplexer when that is cheaper (few inputs), else bit-sliced. Weights above t > 0
    count as t (the same function, a smaller sum)."""
    n = len(weights)
    capped = [min(w, t) for w in weights] if t > 0 else weights

    def direct() -> int:
        return bitset.weighted_at_least([(0, w) for w in capped], t, n)

    def run(inputs: list[int], ctx: Context) -> int:
        levels = sum(capped).bit_length() + 2
        if n <= MAX_TABLE_ROUTE and 3 << n <= 6 * levels * n + 4 * levels:
            ctx.charge(DIRECT_PASSES)
            return _run_table(n, direct(), inputs, ctx)
        return _threshold(capped, t, inputs, ctx)
    return Node(n, run, direct)


def _symmetric(values: list[int], inputs: list[int], ctx: Context) -> int:
    """values[|x|] (sym)."""
    if all(values):
        return ctx.full
    planes = _counter([1] * len(inputs), inputs, ctx)
    ctx.charge(len(values) * (len(planes) + 1))
    result = 0
    for weight, value in enumerate(values):
        if value:
            result |= bitset.equal_to(planes, weight, ctx.full)
    return result


def _compose(outer: Node, inners: list[Node], inputs: list[int], ctx: Context) -> int:
    """outer(inner_1(block 1), ..., inner_k(block k)), blocks of consecutive inputs."""
    outputs, offset = [], 0
    for inner in inners:
        outputs.append(inner.run(inputs[offset:offset + inner.arity], ctx))
        offset += inner.arity
    return outer.run(outputs, ctx)


def _table_node(q: int, table: int) -> Node:
    """A truth table (bit j = position j) as a node."""
    return Node(q, lambda inputs, ctx: _run_table(q, table, inputs, ctx), lambda: table)


def _run_table(q: int, table: int, inputs: list[int], ctx: Context) -> int:
    """Fast path when the inputs are consecutive variables x_{s+1}..x_{s+q}: stretch and tile
    the table; otherwise a multiplexer tree over the inputs."""
    start = _consecutive_variables(inputs, ctx)
    if start is not None:
        ctx.charge(8)
        return _expand(table, q, ctx.q - start - q, ctx.size)
    ctx.charge(3 << q)
    leaves = [ctx.full if (table >> a) & 1 else 0 for a in range(1 << q)]
    return bitset.mux(inputs, leaves)


def _consecutive_variables(inputs: list[int], ctx: Context) -> int | None:
    """s if inputs == variables[s:s+len(inputs)], else None (None also for no inputs)."""
    if not inputs:
        return None
    for start, variable in enumerate(ctx.variables[:ctx.q - len(inputs) + 1]):
        if inputs[0] == variable:
            if inputs == ctx.variables[start:start + len(inputs)]:
                return start
            return None
    return None


def _expand(table: int, q: int, low_bits: int, size: int) -> int:
    """Each of the 2^q table bits repeated 2^low_bits times, the result tiled over size bits."""
    if not low_bits and 1 << q == size:
        return table
    text = format(table, f"0{1 << q}b")
    if low_bits:
        repeat = 1 << low_bits
        text = text.translate({48: "0" * repeat, 49: "1" * repeat})
    block = len(text)
    return bitset.tile(int(text, 2), block, size)
