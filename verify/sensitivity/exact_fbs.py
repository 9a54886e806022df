"""`verify.fbs(f, z)`: exact, certified fractional block sensitivity (paper Section 3.3).

The value is reported as certified only after the stdlib-only checker
(`verify.checker`) accepted the certificate built here (docs/design.md, Trust boundary).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from verify.base.arguments import FLAG, TEXT, InputArg, api, integer, optional
from verify.base.errors import BadInput, SolverFailure, TooLarge, beyond_checker_bound
from verify.base.notebook import NotebookView
from verify.base.numbers import exact_fields, fraction_text
from verify.base.vectors import IndexedVector
from verify.functions.aggregators import Aggregator, resolve
from verify.functions.bits import BitRuns, PerBit, as_bits, format_bits, parse_bits, parse_runs
from verify.functions.families import (
    BooleanFunction,
    CallableFunction,
    Composition,
    Index,
    Symmetric,
    Tribes,
    TruthTable,
    embedded_files,
)
from verify.functions.inputs import MAX_TABLE_ARITY
from verify.functions.kinds import FunctionArg
from verify.functions.spec import parse_spec, short

from .blocks import bits_to_index, mask_to_block, minimal_sensitive_masks
from .certificates import exhaustive_certificate, symmetric_certificate
from .measures import Measures
from .symmetric import minimal_types, solve_symmetric, symmetric_measures
from .threshold import threshold_applies
from .weighted import uniform_packing

AUTO_TABLE_ARITY = 24  # method="auto" uses the truth table up to here (MAX_TABLE_ARITY: the limit)

STATUS_CERTIFIED = 0
STATUS_REJECTED = 1
STATUS_UNCHECKED = 2
STATUS_MESSAGES = {
    STATUS_CERTIFIED: "certified: the stdlib-only checker accepted the certificate",
    STATUS_REJECTED: "NOT certified: the checker rejected the certificate",
    STATUS_UNCHECKED: "not certified: the checker was not run (check=False)",
}


@dataclass(frozen=True, repr=False)
class FbsResult(NotebookView):
    """Exact fbs_z(f) with an optimal primal, an optimal dual and Bob's distribution."""

    spec: str
    input: str  # as given: plain bits, or run-length (never expanded)
    value: Fraction
    primal: tuple[tuple[tuple[int, ...], Fraction], ...]  # (block, weight); see `method`
    dual: Sequence[Fraction]  # t_i, Definition 3.4 (compact: PerBit for the symmetric
    # method, IndexedVector for compositions)
    sampling: Sequence[Fraction] | None  # p = t / sum(t), Section 4 step 3; None if fbs = 0
    status: int
    message: str
    certificate: dict = field(repr=False)
    measures: Measures | None = None
    n_minimal_blocks: int = 0  # what it counts depends on the method: BLOCK_COUNT_MEANING
    method: str = "table"
    primal_types: tuple | None = None  # symmetric method: (ones flipped, zeros flipped, weight)
    variables: tuple[str, ...] | None = None  # sympy input: the symbol at x1, x2, ...
    notebook_hidden = ("value", "method", "certified", "status", "message", "dual", "primal",
                       "sampling", "primal_types", "measures", "variables")

    @property
    def certified(self) -> bool:
        """True only if the stdlib-only checker accepted the certificate."""
        return self.status == STATUS_CERTIFIED

    def notebook_rows(self) -> list[tuple[str, str]]:
        """The notebook view's first rows: value, method, certified, the witness."""
        from verify.base.witness import value_text

        from .witness_text import per_coordinate_text, primal_text

        rows = [("fbs", f"{value_text(self.value)} at {self.input[:60]} of {self.spec[:60]}"),
                ("method", self.method), ("certified", f"{self.certified}: {self.message}"),
                ("primal y (Def. 3.3)", primal_text(self)),
                ("dual t (Def. 3.4)", per_coordinate_text(self, self.dual)),
                ("Bob's p = t/sum(t)", per_coordinate_text(self, self.sampling))]
        if self.variables is not None:
            rows.append(("variables", variables_text(self.variables)))
        if self.measures is not None:
            m = self.measures
            rows.append(("s, bs, C", f"{m.sensitivity}, {m.block_sensitivity}, "
                                     f"{m.certificate_complexity} ({m.source})"))
        return rows

    def to_json(self) -> dict:
        """The JSON document `fbs compute --json` prints (exact values as "p/q" strings).

        The symmetric method's dual and sampling are typed, {"ones": .., "zeros": ..} (one
        value on the ones of the input, one on its zeros), with `primal_types`; its input is
        printed as given, so the document stays small at any width."""
        document = {
            "spec": self.spec,
            "input": self.input,
            **exact_fields("value", self.value),
            "method": self.method,
            "block_count": self.n_minimal_blocks,
            "block_count_meaning": BLOCK_COUNT_MEANING[self.method],
            "dual": _vector_json(self.dual),
            "primal": [{"block": list(b), "weight": fraction_text(w)} for b, w in self.primal],
            "sampling": None if self.sampling is None else _vector_json(self.sampling),
            "certified": self.certified,
            "status": self.status,
            "message": self.message,
        }
        if self.primal_types is not None:
            document["primal_types"] = [{"ones": a, "zeros": b, "weight": fraction_text(y)}
                                        for a, b, y in self.primal_types]
        if self.measures is not None:
            m = self.measures
            document["measures"] = {"s": m.sensitivity, "bs": m.block_sensitivity,
                                    "C": m.certificate_complexity, "source": m.source}
        if self.variables is not None:
            document["variables"] = {f"x{k + 1}": name for k, name in enumerate(self.variables)}
        return document


def variables_text(variables: tuple[str, ...]) -> str:
    """The coordinates of a sympy input, "x1 = a1, x2 = a2, x3 = a10"."""
    if not variables:
        return "none (the expression is a constant)"
    return ", ".join(f"x{k + 1} = {name}" for k, name in enumerate(variables))


def _vector_json(vector):
    """A per-coordinate vector as JSON: a list, or {"ones", "zeros"} for a PerBit."""
    if isinstance(vector, PerBit):
        return {"ones": fraction_text(vector.on_ones), "zeros": fraction_text(vector.on_zeros)}
    if isinstance(vector, IndexedVector):
        texts = [fraction_text(x) for x in vector.values]
        return [texts[k] for k in vector.index]
    return [fraction_text(x) for x in vector]


def as_function(f, arity: int | None = None, variables=None) -> BooleanFunction:
    """A BooleanFunction from a spec string, a BooleanFunction, a sympy Boolean expression
    (its symbols become x1..xn in natural order of names, or in the order of `variables`:
    verify.functions.sympy_input), or a callable with an arity. An arity or variables that
    would be ignored is refused (BadInput)."""
    return read_function(f, arity, variables)[0]


def read_function(f, arity: int | None = None,
                  variables=None) -> tuple[BooleanFunction, tuple[str, ...] | None]:
    """`as_function` and, for a sympy expression, the symbol at x1, x2, ... (else None)."""
    from verify.functions.sympy_input import is_sympy_expression, sympy_spec

    if variables is not None and not is_sympy_expression(f):
        raise BadInput("variables= applies only to a sympy expression")
    names = None
    if is_sympy_expression(f):
        spec, names = sympy_spec(f, variables)
        function = parse_spec(spec)
    elif isinstance(f, (BooleanFunction, str)):
        function = f if isinstance(f, BooleanFunction) else parse_spec(f)
    elif callable(f):
        return CallableFunction(f, arity), None
    else:
        raise BadInput(f"cannot read {type(f).__name__} as a Boolean function")
    if arity is not None and arity != function.arity:
        raise BadInput(f"arity={arity!r} given, but {short(function.spec)} has arity "
                       f"{function.arity} (arity= is for a callable)")
    return function, names


METHODS = ("auto", "symmetric", "composition", "threshold", "table", "sat", "z3")
BLOCK_COUNT_MEANING = {
    "table": "minimal sensitive blocks (all of them, from the truth table)",
    "symmetric": "minimal sensitive block types (a ones, b zeros flipped)",
    "composition": "local LPs of the composition tree (records of its tree certificate)",
    "threshold": "sensitive blocks generated by column generation (not all minimal blocks)",
    "sat": "sensitive blocks generated by column generation (not all minimal blocks)",
    "z3": "sensitive blocks generated by column generation (not all minimal blocks)",
}
MAX_SOLVER_ARITY = 100_000  # the sat-lrat certificate's limit (certificates/FORMAT.md)


@dataclass(frozen=True)
class _Solved:
    """What a method hands back before the checker runs."""

    value: Fraction
    primal: tuple
    dual: Sequence[Fraction]
    sampling: Sequence[Fraction] | None
    certificate: dict
    measures: Measures | None
    n_minimal_blocks: int
    primal_types: tuple | None = None


@api(arity=optional(integer(1)), check=FLAG, measures=FLAG, method=TEXT)
def fbs(f: FunctionArg, z: InputArg, *, arity: int | None = None,
        check: bool = True, measures: bool = False, method: str = "auto",
        variables: Sequence[str] | None = None) -> FbsResult:
    """Exact fbs_z(f) with primal/dual certificate, checked by the independent checker.

    method: "symmetric" (closed form of the reduced LP, and/or/parity/maj/thr/sym of any
    width), "composition" (compose(...) and tribes as a tree: the weighted recursion, kind
    `tree` certificate), "threshold" (wthr: column generation with an exact knapsack DP,
    kind `threshold` certificate), "table" (truth table, q <= 28), "sat" / "z3"
    (solver-based separation and an LRAT-certified dual, any width), or "auto" (the first
    that applies in that order, the table only up to q = 24; `FbsResult.method` and the
    certificate's `producer.method` say which ran). measures=True adds s, bs and C at z
    (`measures_at`: closed form for symmetric specs, else from the truth table, q <= 28)
    and never changes the method. `arity` is for a callable; `variables` for a sympy
    expression (the order of its symbols, `as_function`; the result's `variables` names them).

    The two-thirds majority of paper Section 1.2: fbs 4, and Bob samples one of the four
    claimed-true sub-claims uniformly.

    >>> from verify import fbs
    >>> r = fbs("maj:6", "111100")
    >>> r.value, r.certified, r.sampling[:4], r.method
    (Fraction(4, 1), True, (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4)), 'symmetric')
    >>> fbs("maj:1000001", "1^600000,0^400001").value   # closed form, run-length input
    Fraction(6, 1)
    """
    function, names = read_function(f, arity, variables)
    chosen = choose_method(function, method)
    if measures:
        _require_measures(function)
    own_measures = measures and chosen in ("symmetric", "table")  # these give s, bs, C free
    if chosen == "symmetric":
        given = parse_runs(z, function.arity) if isinstance(z, str) else _runs(z, function.arity)
        solved, shown = _solve_symmetric(function, given, own_measures), given.text
    else:
        bits = parse_bits(z, function.arity) if isinstance(z, str) else _bits(z, function.arity)
        solved, shown = _SOLVERS[chosen](function, bits, own_measures, chosen), format_bits(bits)
        if isinstance(z, str) and "^" in z:
            shown = parse_runs(z).text
    found = solved.measures
    if measures and found is None:
        found = measures_at(function, z)
    solved.certificate.setdefault("producer", {})["method"] = chosen
    status = _check(solved.certificate) if check else STATUS_UNCHECKED
    return FbsResult(function.spec, shown, solved.value, solved.primal, solved.dual,
                     solved.sampling, status, STATUS_MESSAGES[status], solved.certificate,
                     found, solved.n_minimal_blocks, chosen, solved.primal_types,
                     names)


def _require_measures(function: BooleanFunction) -> None:
    """BadInput (before any work) when s, bs and C cannot be computed exactly."""
    if not isinstance(function, Symmetric) and function.arity > MAX_TABLE_ARITY:
        raise TooLarge(f"{short(function.spec)}: --measures needs a symmetric spec or "
                       f"q <= {MAX_TABLE_ARITY} (the truth table), got q = {function.arity}")


@api()
def measures_at(f: FunctionArg, z: InputArg) -> Measures:
    """s, bs and C of f at z, whatever method computes fbs: the closed form of a symmetric
    spec, else RC2 MaxSAT over the minimal sensitive blocks of the truth table (q <= 28).
    Exact, not certified (`fbs(..., measures=True)` adds them to a certified fbs; the
    maxima over all inputs, certified, are `measures`).

    >>> from verify import measures_at
    >>> m = measures_at("maj:5", "11000")   # MAJ_5 at weight k = 2: k + 1 = 3
    >>> m.sensitivity, m.block_sensitivity, m.certificate_complexity
    (3, 3, 3)
    """
    from .measures import SYMMETRIC_SOURCE
    from .measures import measures as compute_measures

    function = as_function(f)
    _require_measures(function)
    if isinstance(function, Symmetric):
        given = parse_runs(z, function.arity) if isinstance(z, str) else _runs(z, function.arity)
        return Measures(*symmetric_measures(function.values, given.weight), SYMMETRIC_SOURCE)
    bits = parse_bits(z, function.arity) if isinstance(z, str) else _bits(z, function.arity)
    masks = minimal_sensitive_masks(function.packed_table(), bits_to_index(bits),
                                    arity=function.arity)
    return compute_measures([mask_to_block(int(m), function.arity) for m in masks],
                            function.arity)


def certified_fbs(spec: str, z: tuple[int, ...]) -> FbsResult:
    """fbs(spec, z) for an aggregator (resolved, or a spec resolved here) and a claim vector,
    kept in the aggregator's `local_results`: computed once per (aggregator, z).

    Raises SolverFailure unless the stdlib-only checker accepted the certificate.
    """
    phi = spec if isinstance(spec, Aggregator) else resolve(spec)
    z = tuple(z)
    result = phi.local_results.get(z)
    if result is None:
        result = fbs(phi.function, format_bits(z))
        if not result.certified:
            raise SolverFailure(f"fbs of {spec} at {format_bits(z)} was not certified: "
                                f"{result.message}")
        phi.local_results[z] = result
    return result


def choose_method(function: BooleanFunction, method: str = "auto",
                  measures: bool = False) -> str:
    """The method `fbs` runs: the given one if it applies, else (auto) the first of
    symmetric, composition, threshold, table (q <= 24; q <= 28 for truth tables and
    callables) and a solver that applies. `measures` is accepted for compatibility and
    changes nothing: s, bs and C never change the method (`measures_at`)."""
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    applies = _APPLIES[method] if method in _APPLIES else None
    if applies is not None and not applies(function):
        raise BadInput(f"{function.spec}: the {method} method does not apply ({_NEEDS[method]})")
    if method == "table" and function.arity > MAX_TABLE_ARITY:
        raise TooLarge(f"{function.spec}: arity {function.arity} exceeds "
                       f"{MAX_TABLE_ARITY}, the limit of the truth-table method")
    if method != "auto":
        return method
    for name in ("symmetric", "composition", "threshold"):
        if _APPLIES[name](function):
            return name
    stored = isinstance(function, (TruthTable, CallableFunction))  # a table is all there is
    if function.arity <= (MAX_TABLE_ARITY if stored else AUTO_TABLE_ARITY):
        return "table"
    return default_backend(function)


def _solve_by_table(function: BooleanFunction, bits, measures: bool, method: str) -> _Solved:
    """Definitions 3.3/3.4 over the minimal sensitive blocks of the truth table."""
    if function.arity > MAX_TABLE_ARITY:
        raise TooLarge(f"{function.spec}: arity {function.arity} exceeds "
                       f"{MAX_TABLE_ARITY}, the limit of the truth-table method")
    from .colgen import solve_fbs_lp
    from .measures import measures as compute_measures

    table = function.packed_table()
    masks = minimal_sensitive_masks(table, bits_to_index(bits), arity=function.arity)
    solution = solve_fbs_lp(masks, function.arity)
    primal = tuple(sorted((mask_to_block(m, function.arity), w) for m, w in solution.primal.items()))
    certificate = exhaustive_certificate(_certificate_spec(function, table), bits, solution.value,
                                         primal, solution.dual, embedded_files(function))
    found = None
    if measures:
        blocks = [mask_to_block(int(m), function.arity) for m in masks]
        found = compute_measures(blocks, function.arity)
    return _Solved(solution.value, primal, solution.dual, sampling_distribution(solution.dual),
                   certificate, found, int(masks.size))


def _solve_by_solver(function: BooleanFunction, bits, measures: bool, backend: str) -> _Solved:
    """Column generation with SAT/z3 separation; the final dual is an LRAT-refuted claim."""
    from verify.checker.circuit_cnf import MAX_TABLE_INPUTS
    from verify.sensitivity.sat.solve import solve_by_sat

    if function.arity > MAX_SOLVER_ARITY:
        raise TooLarge(f"{short(function.spec)}: arity {function.arity} exceeds "
                       f"{MAX_SOLVER_ARITY}, the limit of the {backend} method and its certificate")
    if _largest_table(function) > MAX_TABLE_INPUTS:
        raise TooLarge(f"{short(function.spec)}: a tt: table of more than {MAX_TABLE_INPUTS} inputs "
                       f"inside a spec of arity {function.arity}: the {backend} method's "
                       "certificate (sat-lrat) encodes tables of at most that many inputs")
    solution = solve_by_sat(function, bits, "auto" if backend == "sat" else backend)
    return _Solved(solution.value, solution.primal, solution.dual,
                   sampling_distribution(solution.dual), solution.certificate, None,
                   solution.columns)


def _largest_table(function: BooleanFunction) -> int:
    """The largest arity of a tt: table inside a function (0 if none)."""
    if isinstance(function, TruthTable):
        return function.arity
    if isinstance(function, Composition):
        return max(_largest_table(part) for part in (function.outer, *function.inners))
    return 0


def _solve_symmetric(function: Symmetric, given: BitRuns, measures: bool) -> _Solved:
    """The closed form of the reduced two-row LP (verify.sensitivity.symmetric); the input
    stays in runs, the dual and p are one value on the ones and one on the zeros."""
    solution = solve_symmetric(function.values, given.weight)
    dual = PerBit(given, solution.t_zeros, solution.t_ones)
    sampling = None
    if solution.value:
        sampling = PerBit(given, solution.t_zeros / solution.value,
                          solution.t_ones / solution.value)
    certificate = symmetric_certificate(function.spec, given, solution)
    found = None
    if measures:
        from .measures import SYMMETRIC_SOURCE

        found = Measures(*symmetric_measures(function.values, given.weight), SYMMETRIC_SOURCE)
    return _Solved(solution.value, symmetric_blocks(function.values, given, solution), dual,
                   sampling, certificate, found, len(minimal_types(function.values, given.weight)),
                   solution.types)


MAX_EXPLICIT_BLOCKS = 1 << 16  # coordinates over all blocks of an explicit symmetric primal


def symmetric_blocks(values, given: BitRuns, solution) -> tuple:
    """An explicit optimal primal of at most q blocks for a symmetric function (McNaughton's
    wrap-around of each side's uniform packing), or () when it would be large."""
    down = next((a for a, b, _ in solution.types if a), None)
    up = next((b for a, b, _ in solution.types if b), None)
    size = given.weight * (down or 0) + (given.length - given.weight) * (up or 0)
    if not solution.types or size > MAX_EXPLICIT_BLOCKS:
        return ()
    bits = given.bits()
    ones = [i for i, bit in enumerate(bits) if bit == "1"]
    zeros = [i for i, bit in enumerate(bits) if bit == "0"]
    unit, scratch = [Fraction(1)] * given.length, [Fraction(0)] * given.length
    primal = []
    for part, k in ((ones, down), (zeros, up)):
        if k is not None:
            primal.extend(uniform_packing(part, k, unit, scratch)[1])
    return tuple(sorted(primal))


def _solve_by_composition(function: BooleanFunction, bits, measures: bool, method: str) -> _Solved:
    """compose(...) and tribes as a tree: the weighted recursion (verify.sensitivity.composition)."""
    from .composition import solve_composition

    solution = solve_composition(function, bits)
    return _Solved(solution.value, (), solution.dual, sampling_distribution(solution.dual),
                   solution.certificate, None, solution.records)


def _solve_by_threshold(function: BooleanFunction, bits, measures: bool, method: str) -> _Solved:
    """wthr: column generation with the exact knapsack DP (verify.sensitivity.threshold)."""
    from .threshold import solve_threshold

    solution = solve_threshold(function, bits)
    return _Solved(solution.value, solution.primal, solution.dual,
                   sampling_distribution(solution.dual), solution.certificate, None,
                   solution.columns)


def default_backend(function: BooleanFunction) -> str:
    """The solver method `auto` uses beyond the table: z3 where its separation measured
    faster (index, compositions the tree method cannot take; bench/RESULTS.md), else sat."""
    return "z3" if isinstance(function, (Index, Composition)) else "sat"


def composition_applies(function: BooleanFunction) -> bool:
    """compose(...) and tribes whose every part is symmetric or has arity <= 24."""
    from .composition import composition_tree

    return isinstance(function, (Composition, Tribes)) and composition_tree(function) is not None


_SOLVERS = {"table": _solve_by_table, "composition": _solve_by_composition,
            "threshold": _solve_by_threshold, "sat": _solve_by_solver, "z3": _solve_by_solver}
_APPLIES = {"symmetric": lambda f: isinstance(f, Symmetric), "composition": composition_applies,
            "threshold": threshold_applies}
_NEEDS = {"symmetric": "it needs and/or/parity/maj/thr/sym",
          "composition": "it needs compose(...) or tribes whose parts are symmetric or have "
                         "arity <= 24",
          "threshold": "it needs wthr with q * (sum of the weights + 1) <= 2^24"}


def sampling_distribution(dual) -> Sequence[Fraction] | None:
    """Bob's p_i = t_i / sum_j t_j (Section 4, step 3); None when t = 0 (fbs = 0). A compact
    dual (IndexedVector) gives a compact p: one exact sum and division per distinct value."""
    if isinstance(dual, IndexedVector):
        total = dual.total()
        return None if total == 0 else dual.divided(total)
    total = sum(dual, Fraction(0))
    return None if total == 0 else tuple(Fraction(t) / total for t in dual)


def _runs(z, arity: int) -> BitRuns:
    """A 0/1 sequence as a plain-bit input."""
    return parse_runs(format_bits(_bits(z, arity)), arity)


def _bits(z, arity: int) -> tuple[int, ...]:
    """A non-string input (tuple, list or numpy array of 0/1) as bits; BadInput otherwise."""
    return as_bits(z, arity)


def _certificate_spec(function: BooleanFunction, table) -> str:
    """The spec the checker evaluates: the user's spec, or the (packed) truth table for a
    callable."""
    if isinstance(function, CallableFunction):
        return TruthTable(table, function.arity, "").to_hex_spec()
    return function.spec


def _check(certificate: dict) -> int:
    """Run the stdlib-only checker; a malformed certificate is a rejected one, a certificate
    beyond the checker's documented work bounds is TooLarge (exit 2: a limit, not a bug)."""
    from verify.checker import CertificateMalformed, CertificateTooLarge, check_certificate

    try:
        report = check_certificate(certificate)
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
    except CertificateMalformed:
        return STATUS_REJECTED
    return STATUS_CERTIFIED if report.valid else STATUS_REJECTED
