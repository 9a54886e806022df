"""`fbs census --exhaustive Q`: fbs, s, bs and C over every (function, input) pair of Q inputs.

By the reduction of docs/census.md (ours), the pair (f, x) has the measures of the antichain A
of its minimal sensitive blocks, and each antichain A of nonempty sets stands for exactly
2^Q * 2 * 2^(|up(A)| - |A|) pairs (up(A): the sets containing a member of A); the measures
and |up(A)| do not change under coordinate permutations, so one representative per class
(`verify.sweep.antichains`) carries the class size. On A (paper Def. 3.3/3.4; docs/notes.md, section 3):
fbs is the fractional packing number, s the number of singletons, bs the packing number and
C the transversal number (`verify.sensitivity.hypergraph`).

Each class's representative is the monotone function U whose minimal true sets are A, at
0^Q, where the sensitive blocks are exactly up(A). With `certify`, its fbs goes through the
stdlib-only checker as a kind-`exhaustive` certificate and s, bs, C as kind-`measure`
certificates (a witness, optimality by enumeration); the census then takes every value from
the checker's report. The class sizes are counted (exact, untrusted), and the counts are
checked to add up to the 2^(2^Q) * 2^Q pairs.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field

from verify.base.arguments import FLAG, api, optional
from verify.base.errors import BadInput, SolverFailure, TooLarge
from verify.base.notebook import NotebookView, exact_columns, require_pandas
from verify.base.numbers import fraction_text, int_text
from verify.sensitivity.hypergraph import mask_block

from .antichains import MAX_ENUMERATED_ARITY, classify
from .census_witness import hex_spec
from .class_rows import MEASURES, RATIOS, ClassRow, class_row  # noqa: F401 (the API's names)
from .global_census import (
    DEFAULT_GLOBAL_ARITY,
    MAX_WORKERS,
    check_global_arity,
    check_global_memory,
    global_figures,
)

FORMAT = "fbs-census-exhaustive/1"
EXAMPLES = 5


@dataclass(frozen=True, repr=False)
class ExhaustiveCensus(NotebookView):
    """The census of all pairs on q inputs, by classes of antichains. In a notebook: its
    figures as a table; `to_pandas()` has one row per class."""

    q: int
    rows: tuple[ClassRow, ...]
    antichains: int
    certified: bool  # every value of every class came from the checker's report
    certificates_checked: int
    global_figures: dict | None  # the four measures maximised over the inputs (q <= 4,
    # or q = 5 when asked for), else None
    seconds: dict = field(default_factory=dict, compare=False)  # wall time per step

    @property
    def pairs(self) -> int:
        return sum(row.pairs for row in self.rows)

    def to_json(self) -> dict:
        """The JSON document `fbs census --exhaustive Q --json` prints (counts as strings)."""
        return {"format": FORMAT, "q": self.q, "functions": int_text(2 ** (2 ** self.q)),
                "inputs": int_text(self.pairs), "antichains": self.antichains,
                "classes": len(self.rows), "certified": self.certified,
                "certificates_checked": self.certificates_checked,
                **figures(self.rows, self.q), "global": self.global_figures}

    def notebook_rows(self) -> list[tuple[str, str]]:
        document = self.to_json()
        shown = {m: ", ".join(f"{v}: {n}" for v, n in document[m].items()) for m in MEASURES}
        return [("pairs", f"{document['inputs']} (function, input) pairs of q = {self.q}, "
                          f"{len(self.rows)} classes"),
                ("certified", str(self.certified)), *shown.items()]

    def to_pandas(self):
        """One row per class of antichains: its minimal sensitive blocks (`blocks`, sets of
        0-based coordinates; `blocks_text` as x1..xq), the antichains and pairs it stands for,
        fbs (exact Fraction, `fbs_float` beside it), s, bs, C, and a pair having it."""
        frame = require_pandas().DataFrame([_class_record(row, self.q) for row in self.rows])
        return exact_columns(frame, ["fbs"])


@api(progress=optional(FLAG))  # q and the other options: _check_options, with their ranges
def exhaustive_census(q: int, *, certify: bool = True, global_measures: bool | None = None,
                      workers: int = 1, progress: bool | None = None) -> ExhaustiveCensus:
    """fbs, s, bs and C over every (function, input) pair of q <= 6 inputs: their exact
    distributions, the largest ratios fbs/bs, C/fbs, bs/s and where they occur, by classes
    of antichains of minimal sensitive blocks (the reduction of docs/census.md, ours). With
    `certify`, every class's four values come from the stdlib-only checker's reports.
    `global_measures` (default: q <= 4) adds the global census, the four measures maximised
    over the inputs, for q <= 5 (q = 5: 2^32 functions in `workers` processes, minutes).

    >>> from verify import exhaustive_census
    >>> census = exhaustive_census(3)
    >>> census.certified, census.to_json()["fbs"]
    (True, {'0': '16', '1': '592', '3/2': '32', '2': '1152', '3': '256'})
    """
    if type(q) is not int or not 1 <= q <= MAX_ENUMERATED_ARITY:
        raise TooLarge(f"the census by structure handles 1 <= q <= {MAX_ENUMERATED_ARITY} "
                       f"(q = 7 has 2.4 * 10^12 antichains), got {q!r}")
    _check_options(certify, global_measures, workers)
    if global_measures is None:
        global_measures = q <= DEFAULT_GLOBAL_ARITY
    if global_measures:
        check_global_arity(q)  # before the classes' work
        check_global_memory(q)
    clock = time.perf_counter()
    canonical, sizes = _classes(q)
    seconds = {"classes": time.perf_counter() - clock}
    clock = time.perf_counter()
    rows, checked = _rows(canonical, sizes, q, certify)
    seconds["measures" + (" and checks" if certify else "")] = time.perf_counter() - clock
    pairs = sum(row.pairs for row in rows)
    if pairs != 2 ** (2 ** q) * 2 ** q:
        raise SolverFailure(f"class weights add up to {pairs}, not 2^(2^{q}) * 2^{q}")
    overall = None
    if global_measures:
        clock = time.perf_counter()
        overall = global_figures([(row.table, tuple(row.value(m) for m in MEASURES))
                                  for row in rows], q, workers=workers, progress=progress)
        seconds["global census"] = time.perf_counter() - clock
    return ExhaustiveCensus(q, tuple(rows), int(sizes.sum()), certify, checked, overall,
                            seconds)


def _classes(q: int):
    """(canonical tables, class sizes): compiled from the shard visits when numba is there
    (verify.sweep.compiled_census), else every up-set's canonical form in numpy."""
    from .census_kernel import COMPILED

    if COMPILED and q >= 2:
        from .census_shards import compiled_classes

        return compiled_classes(q)
    classes = classify(q)
    return classes.canonical, classes.sizes


def _rows(canonical, sizes, q: int, certify: bool) -> tuple[list, int]:
    """(ClassRow per class, certificates checked): the compiled kernel with batch
    certificates when numba is there, else the Python path with four certificates a class."""
    from .census_kernel import COMPILED

    if COMPILED:
        from .compiled_census import compiled_rows

        return compiled_rows(canonical, sizes, q, certify)
    rows, checked = [], 0
    for table, size in zip(canonical.tolist(), sizes.tolist()):
        row, count = class_row(int(table), int(size), q, certify)
        rows.append(row)
        checked += count
    return rows, checked


def _check_options(certify, global_measures, workers) -> None:
    """BadInput for an option of the wrong type or range (before any work)."""
    if type(certify) is not bool:
        raise BadInput(f"certify must be True or False, got {certify!r}")
    if global_measures is not None and type(global_measures) is not bool:
        raise BadInput(f"global_measures must be True, False or None, got {global_measures!r}")
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise BadInput(f"workers must be an integer in 1..{MAX_WORKERS}, got {workers!r}")


# ----------------------------------------------------------------------------- figures


def figures(rows, q: int) -> dict:
    """Distributions, chain check, ratio extremes and bs < fbs < C, weighted by pairs."""
    document = {m: _distribution(rows, m) for m in MEASURES}
    document["chain_violations"] = int_text(sum(
        r.pairs for r in rows if not r.s <= r.bs <= r.fbs <= r.C))
    document["fbs_not_integer"] = int_text(sum(r.pairs for r in rows if r.fbs.denominator != 1))
    document["s_zero_bs_positive"] = int_text(sum(r.pairs for r in rows if r.s == 0 < r.bs))
    document["extremes"] = {name: _extreme(rows, name, q) for name in RATIOS}
    strict = [r for r in rows if r.bs < r.fbs < r.C]
    document["bs_lt_fbs_lt_C"] = {"inputs": int_text(sum(r.pairs for r in strict)),
                                  "classes": len(strict),
                                  "examples": [_example(r, q) for r in strict[:EXAMPLES]]}
    return document


def _distribution(rows, measure: str) -> dict:
    counts: dict = defaultdict(int)
    for row in rows:
        counts[row.value(measure)] += row.pairs
    return {fraction_text(v): int_text(counts[v]) for v in sorted(counts)}


def _extreme(rows, name: str, q: int) -> dict | None:
    """The largest and least ratio (where the denominator is positive), the pairs and classes
    attaining the largest, and the first classes attaining it."""
    top, over = RATIOS[name]
    ratios = [(row.value(top) / row.value(over), row) for row in rows if row.value(over)]
    if not ratios:
        return None
    best = max(ratio for ratio, _ in ratios)
    least = min(ratio for ratio, _ in ratios)
    attaining = [row for ratio, row in ratios if ratio == best]
    return {"ratio": fraction_text(best), "ratio_float": float(best),
            "attained_by": int_text(sum(r.pairs for r in attaining)),
            "classes": len(attaining), "examples": [_example(r, q) for r in attaining[:EXAMPLES]],
            "witness": {"spec": hex_spec(attaining[0].table, q), "input": "0" * q},
            "least_ratio": fraction_text(least),
            "least_attained_by": int_text(sum(r.pairs for ratio, r in ratios if ratio == least))}


def _class_record(row: ClassRow, q: int) -> dict:
    blocks = sorted((mask_block(m, q) for m in row.antichain), key=lambda b: (len(b), b))
    return {"blocks": tuple(frozenset(b) for b in blocks),
            "blocks_text": ", ".join("{" + ",".join(f"x{i + 1}" for i in b) + "}"
                                     for b in blocks) or "(none)",
            "antichains": row.size, "pairs": row.pairs, "fbs": fraction_text(row.fbs),
            "s": row.s, "bs": row.bs, "C": row.C, "spec": row.spec(q), "input": "0" * q}


def _example(row: ClassRow, q: int) -> dict:
    """A class as the user sees it: the minimal sensitive blocks and one pair having them."""
    return {"blocks": [mask_block(m, q) for m in row.antichain], "spec": row.spec(q),
            "input": "0" * q, "pairs": int_text(row.pairs), "fbs": fraction_text(row.fbs),
            "s": row.s, "bs": row.bs, "C": row.C}
