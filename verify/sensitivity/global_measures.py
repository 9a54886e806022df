"""s(f), bs(f), fbs(f) and C(f): each measure maximised over all 2^q inputs, certified (q <= 14;
a symmetric f of any larger q: symmetric_global.py, exact, not certified).

The chain s_x <= bs_x <= fbs_x <= C_x (docs/notes.md, section 3) prunes the work: s_x and C_x
are computed at every input with whole-table array operations (C_x through the constant
subcubes, one pass per set of free coordinates, a layer of sets at a time); fbs_x and bs_x are
solved exactly only at the inputs whose C_x exceeds the best value found so far, visited by
C_x descending. Every input y with C_y above the final value keeps an upper bound (the dual
of Definition 3.4 at y, or for bs a packing the checker recomputes when q <= 10), and the
certificates of kind `global-measure` (certificates/FORMAT.md, section 11) carry them to the
stdlib-only checker, which recomputes s_x and C_x itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

import numpy as np

from verify import __version__
from verify.base.arguments import FLAG, api, integer, optional
from verify.base.errors import TooLarge
from verify.base.notebook import NotebookView
from verify.base.numbers import fraction_text
from verify.base.progress import Progress
from verify.functions.families import BooleanFunction, Symmetric, TruthTable, embedded_files
from verify.functions.kinds import FunctionArg
from verify.functions.spec import short

from .blocks import mask_to_block, minimal_sensitive_masks
from .certificates import FORMAT
from .measures import max_disjoint_family

MAX_GLOBAL_ARITY = 14  # the checker's bound (C_x over 2^q subcubes of 2^q positions)
MAX_PACKING_ARITY = 10  # the checker recomputes a packing (3^q steps) up to this q
MEASURES = ("s", "bs", "fbs", "C")
WHOLE_TABLE = "every input of the truth table, certified by the checker"


@dataclass(frozen=True, repr=False)
class GlobalMeasures(NotebookView):
    """The four measures of f maximised over its inputs, each with an input reaching it.

    `values[m]` is exact; `certified[m]` is True once the checker accepted `certificates[m]`
    (bs stays uncertified, and says so, when q > 10 and an input needs its own packing).
    `solved` counts the inputs at which fbs_x and bs_x were solved exactly (the rest were
    bounded by C_x), of 2^q."""

    spec: str
    arity: int
    values: dict
    inputs: dict
    certified: dict
    certificates: dict
    solved: dict
    variables: tuple[str, ...] | None = None  # sympy input: the symbol at x1, x2, ...
    source: str = WHOLE_TABLE  # how the maxima were found (symmetric_global.SOURCE beyond q = 14)

    @property
    def s(self) -> int:
        return self.values["s"]

    @property
    def bs(self) -> int:
        return self.values["bs"]

    @property
    def fbs(self) -> Fraction:
        return self.values["fbs"]

    @property
    def C(self) -> int:  # noqa: N802 (the paper's name)
        return self.values["C"]

    def to_json(self) -> dict:
        """What `fbs measures --json` prints: per measure its exact value, an input reaching
        it and whether the checker certified it."""
        return {"spec": self.spec, "arity": self.arity, "inputs_total": str(1 << self.arity),
                **{m: {"value": fraction_text(Fraction(self.values[m])),
                       "value_float": float(self.values[m]), "at": self.inputs[m],
                       "certified": self.certified[m]} for m in MEASURES},
                "solved_exactly_at": {m: self.solved[m] for m in ("bs", "fbs")},
                "source": self.source,
                **({} if self.variables is None else {"variables": {
                    f"x{k + 1}": name for k, name in enumerate(self.variables)}})}

    def notebook_rows(self) -> list[tuple[str, str]]:
        from .exact_fbs import variables_text

        rows = [(m, f"{fraction_text(Fraction(self.values[m]))} at {self.inputs[m]}"
                    f"{'' if self.certified[m] else ' (not certified)'}") for m in MEASURES]
        return rows + ([] if self.variables is None else
                       [("variables", variables_text(self.variables))])

    notebook_hidden = MEASURES


def global_measures(function: BooleanFunction, *, check: bool = True,
                    progress: bool | None = None) -> GlobalMeasures:
    """The four measures of `function` maximised over all inputs (see the module docstring)."""
    q = function.arity
    if q > MAX_GLOBAL_ARITY and isinstance(function, Symmetric):
        return _by_weights(function)
    if q > MAX_GLOBAL_ARITY:
        raise TooLarge(f"{short(function.spec)}: measures over all inputs take q <= "
                       f"{MAX_GLOBAL_ARITY} (any q for a symmetric spec), got q = {q}")
    table = np.ascontiguousarray(function.truth_table(), dtype=bool)
    packed = function.packed_table()
    s_all, c_all = sensitivities(table, q), certificate_complexities(table, q)
    solver = _ExactAt(packed, q)
    order = np.lexsort((np.arange(1 << q), -c_all))  # C_x descending, ties by position
    with Progress(len(order), "measures (inputs by C_x)", enabled=progress) as bar:
        fbs_value, fbs_at = _maximise_fbs(solver, order, c_all, bar)
    s_at = int(s_all.argmax())
    bs_value, bs_at = _maximise_bs(solver, order, c_all, len(solver.bs_at(s_at)), s_at)
    spec = checker_spec(function, packed)
    values = {"s": int(s_all.max()), "bs": bs_value, "fbs": fbs_value, "C": int(c_all.max())}
    at = {"s": int(s_all.argmax()), "bs": bs_at, "fbs": fbs_at, "C": int(c_all.argmax())}
    certificates = {m: _certificate(m, spec, q, values[m], at[m], solver, c_all)
                    for m in MEASURES}
    certified = {m: bool(check and (document := certificates[m]) is not None
                         and _accepted(document)) for m in MEASURES}
    return GlobalMeasures(function.spec, q, values, {m: _bits(at[m], q) for m in MEASURES},
                          certified, certificates, {"bs": len(solver.bs), "fbs": len(solver.fbs)})


def _by_weights(function: Symmetric) -> GlobalMeasures:
    """Beyond q = 14, a symmetric f by the closed form over its q + 1 weights (exact, not
    certified; verify/sensitivity/symmetric_global.py)."""
    from .symmetric_global import SOURCE, symmetric_values

    values, inputs = symmetric_values(function)
    weights = function.arity + 1
    return GlobalMeasures(function.spec, function.arity, values, inputs,
                          {m: False for m in MEASURES}, {}, {"bs": weights, "fbs": weights},
                          source=SOURCE)


def sensitivities(table: np.ndarray, q: int) -> np.ndarray:
    """s_x at every position x: the coordinates whose flip changes f."""
    positions = np.arange(1 << q)
    return sum((table != table[positions ^ (1 << b)]).astype(np.int64) for b in range(q))


def certificate_complexities(table: np.ndarray, q: int) -> np.ndarray:
    """C_x at every position: q minus the most free coordinates of a subcube through x on
    which f is constant. const[F] (over positions) is built from const[F - b], b the lowest
    free bit of F, one layer of |F| at a time (the largest layer, C(14, 7) tables at q = 14)."""
    positions = np.arange(1 << q)
    same = [table == table[positions ^ (1 << b)] for b in range(q)]
    layer = {0: np.ones(1 << q, dtype=bool)}
    most_free = np.zeros(1 << q, dtype=np.int64)
    for size in range(1, q + 1):
        following = {}
        for free in _sets_of_size(q, size):
            b = (free & -free).bit_length() - 1
            previous = layer.get(free ^ (1 << b))
            if previous is None:  # f is constant on no subcube with those free coordinates
                continue
            constant = previous & previous[positions ^ (1 << b)] & same[b]
            if constant.any():
                following[free] = constant
                most_free[constant] = size
        if not following:
            break
        layer = following
    return q - most_free


def _sets_of_size(q: int, size: int):
    """Masks of q bits with `size` bits set, ascending (Gosper's hack)."""
    mask, limit = (1 << size) - 1, 1 << q
    while mask < limit:
        yield mask
        low = mask & -mask
        ripple = mask + low
        mask = (((ripple ^ mask) >> 2) // low) | ripple


class _ExactAt:
    """fbs_x (primal, dual) and bs_x (a largest packing) solved at single inputs, cached."""

    def __init__(self, packed: np.ndarray, q: int):
        self.packed, self.q = packed, q
        self.fbs: dict[int, tuple] = {}
        self.bs: dict[int, list] = {}

    def blocks(self, x: int) -> np.ndarray:
        return minimal_sensitive_masks(self.packed, x, arity=self.q)

    def fbs_at(self, x: int) -> tuple:
        if x not in self.fbs:
            from .colgen import solve_fbs_lp

            masks = self.blocks(x)
            if masks.size == 0:
                self.fbs[x] = (Fraction(0), (), (Fraction(0),) * self.q)
            else:
                solution = solve_fbs_lp(masks, self.q)
                primal = tuple(sorted((mask_to_block(int(m), self.q), w)
                                      for m, w in solution.primal.items()))
                self.fbs[x] = (solution.value, primal, tuple(solution.dual))
        return self.fbs[x]

    def bs_at(self, x: int) -> list:
        if x not in self.bs:
            blocks = [mask_to_block(int(m), self.q) for m in self.blocks(x)]
            self.bs[x] = max_disjoint_family(blocks, self.q)
        return self.bs[x]


def _maximise_fbs(solver: _ExactAt, order: np.ndarray, c_all: np.ndarray, bar) -> tuple:
    """Visit inputs by C_x descending while C_x exceeds the best fbs_x found."""
    best, best_at = Fraction(-1), int(order[0])
    for x in order.tolist():
        if c_all[x] <= best:
            break
        value = solver.fbs_at(x)[0]
        if value > best:
            best, best_at = value, x
        bar.update()
    return best, best_at


def _maximise_bs(solver: _ExactAt, order: np.ndarray, c_all: np.ndarray, start: int,
                 start_at: int) -> tuple[int, int]:
    """Like _maximise_fbs, from bs_x where s_x is largest (s_x <= bs_x), skipping inputs whose
    fbs_x (when known) already bounds bs_x by the best found."""
    best, best_at = start, start_at
    for x in order.tolist():
        if c_all[x] <= best:
            break
        known = solver.fbs.get(x)
        if known is not None and known[0] < best + 1:
            continue
        value = len(solver.bs_at(x))
        if value > best:
            best, best_at = value, x
    return best, best_at


def checker_spec(function: BooleanFunction, packed: np.ndarray) -> str:
    """The user's spec when the checker reads it alone, else the truth table as tt:0x..."""
    if embedded_files(function) or function.spec.startswith(("callable", "expr")):
        return TruthTable(packed, function.arity, "").to_hex_spec()
    return function.spec


def _bits(x: int, q: int) -> str:
    return format(x, f"0{q}b") if q else ""


def _certificate(measure: str, spec: str, q: int, value, x: int, solver: _ExactAt,
                 c_all: np.ndarray) -> dict | None:
    """The global-measure certificate, or None when bs needs a packing beyond q = 10."""
    document = {"format": FORMAT, "kind": "global-measure", "measure": measure, "spec": spec,
                "arity": q, "value": fraction_text(Fraction(value)), "input": _bits(x, q),
                "producer": {"tool": "fbs-verify", "version": __version__}}
    if measure in ("s", "C"):
        return document
    needed = [int(y) for y in np.flatnonzero(c_all > value)]
    if measure == "fbs":
        _, primal, _ = solver.fbs_at(x)
        document["witness"] = [{"block": list(b), "weight": fraction_text(w)} for b, w in primal]
        document["upper"] = [_upper(y, solver.fbs_at(y)[2], q) for y in needed]
        return document
    document["witness"] = [list(block) for block in solver.bs_at(x)]
    duals = [y for y in needed if solver.fbs_at(y)[0] < value + 1]
    packings = [y for y in needed if solver.fbs_at(y)[0] >= value + 1]
    if packings and q > MAX_PACKING_ARITY:
        return None
    document["upper"] = [_upper(y, solver.fbs_at(y)[2], q) for y in duals]
    document["packings"] = [_bits(y, q) for y in packings]
    return document


def _upper(y: int, dual, q: int) -> dict:
    return {"input": _bits(y, q), "dual": [fraction_text(t) for t in dual]}


def _accepted(certificate: dict) -> bool:
    from verify.checker import CertificateMalformed, check_certificate

    try:
        return check_certificate(certificate).valid
    except CertificateMalformed:
        return False


@api(arity=optional(integer(1)), check=FLAG, progress=optional(FLAG))
def measures(f: FunctionArg, *, arity: int | None = None, check: bool = True,
             progress: bool | None = None,
             variables: Sequence[str] | None = None) -> GlobalMeasures:
    """s(f), bs(f), fbs(f) and C(f), the maxima over all inputs, each with an input reaching it,
    certified by the stdlib-only checker (kind `global-measure`), for q <= 14; beyond, a
    symmetric spec by the closed form over its q + 1 weights (exact, `certified` False,
    `source` says so; q <= 100,000). A sympy
    expression's symbols become x1, x2, ... in natural order of names or in the order of
    `variables`; the result's `variables` names the symbol at each coordinate.

    >>> from verify import measures
    >>> m = measures("maj:5")
    >>> m.s, m.bs, m.fbs, m.C, m.inputs["fbs"], all(m.certified.values())
    (3, 3, Fraction(3, 1), 3, '00011', True)
    """
    from dataclasses import replace

    from .exact_fbs import read_function

    function, names = read_function(f, arity, variables)
    return replace(global_measures(function, check=check, progress=progress), variables=names)
