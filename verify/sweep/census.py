"""`fbs census`: what a researcher wants from a sweep, computed from STORE exactly.

For fbs rows (kinds compute/certify), per arity q: the distributions of fbs, s, bs and C;
the chain s <= bs <= fbs <= C (docs/notes.md, section 3) checked on every row; the largest ratios
fbs/bs, C/fbs and bs/s with the first function and input (canonical order) attaining each
and how many attain it; the inputs with bs < fbs < C. For tree rows: the protocol
comparison tables (worst-case catch probability per Bob rule against Theorem 4.2's rho^-d,
and for Budgeted FBS Debate, ours, against Theorem B1's 1/rho_T; rho_T against Lemma 5.4's
rho^d). Every row the census names is re-verified: its stored
certificate goes through the stdlib-only checker again, and s, bs, C are recomputed by the
other method (RC2 MaxSAT through `verify.fbs(..., measures=True)`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from verify.base.errors import BadInput
from verify.base.notebook import NotebookView, exact_columns, require_pandas
from verify.base.numbers import fraction_text

from .store import Store

FORMAT = "fbs-census/1"
RATIOS = {"fbs/bs": ("fbs", "bs"), "C/fbs": ("C", "fbs"), "bs/s": ("bs", "s")}
EXAMPLES = 5
FBS_COLUMNS = ["arity", "value", "certified", "s", "bs", "C", "certificate"]


@dataclass(frozen=True, repr=False)
class Census(NotebookView):
    """The summary (`to_json()` is the JSON file; `verify.sweep.census_report` renders it)."""

    store: str
    rows: int
    certified: int
    arities: dict  # q -> the figures of that arity
    trees: dict  # "worst-case" / "tree-fbs" -> table rows
    named: tuple  # every row the census names, with its re-verification

    @property
    def all_reverified(self) -> bool:
        return all(item["reverified"] for item in self.named)

    def to_json(self) -> dict:
        """The JSON document `fbs census --json` prints."""
        return {"format": FORMAT, "store": self.store, "rows": self.rows,
                "certified": self.certified, "arities": self.arities, "trees": self.trees,
                "named_rows": len(self.named), "all_reverified": self.all_reverified,
                "reverification": list(self.named)}

    def to_pandas(self, table: str = "measures"):
        """A DataFrame: "measures" (one row per arity, measure and value: `inputs` counted
        and their `share`; values exact as Fractions, `value_float` beside them) or "trees" (the
        tree tables, one row per group, with its `kind`)."""
        pandas = require_pandas()
        if table == "trees":
            return pandas.DataFrame([{"kind": kind, **row} for kind, rows in self.trees.items()
                                     for row in rows])
        if table != "measures":
            raise BadInput(f"unknown census table {table!r} (measures or trees)")
        rows = []
        for q, figure in self.arities.items():
            for measure in ("fbs", "s", "bs", "C"):
                counts = figure.get(measure, {})
                total = sum(counts.values())
                rows += [{"arity": int(q), "measure": measure, "value": value,
                          "value_float": float(Fraction(value)), "inputs": count,
                          "share": count / total} for value, count in counts.items()]
        frame = pandas.DataFrame(rows, columns=["arity", "measure", "value", "value_float",
                                                "inputs", "share"])
        return exact_columns(frame, ["value"])


def summarise(store: Store, reverify: bool = True) -> Census:
    """The census of every row in STORE."""
    import pyarrow.compute as pc

    store.check_intact()
    table = store.read_rows(FBS_COLUMNS + ["bound", "params"])
    named: list[dict] = []
    fbs_rows = table.filter(pc.is_in(table.column("kind"), pa_strings("compute", "certify")))
    arities = _fbs_figures(fbs_rows, named) if fbs_rows.num_rows else {}
    tree_rows = table.filter(pc.is_in(table.column("kind"), pa_strings("worst-case", "tree-fbs")))
    trees = _tree_tables(tree_rows) if tree_rows.num_rows else {}
    if reverify:
        _reverify(store, named)
    certified = pc.sum(table.column("certified")).as_py() or 0
    return Census(str(store.path), table.num_rows, certified, arities, trees, tuple(named))


def pa_strings(*texts):
    import pyarrow as pa

    return pa.array(texts, pa.string())


# ----------------------------------------------------------------------------- fbs rows

COMBO = ["arity", "value", "s", "bs", "C"]


def _fbs_figures(table, named: list) -> dict:
    """Per arity: distributions, chain check, extremes, bs < fbs < C: exact arithmetic on the
    distinct (q, fbs, s, bs, C) combinations (Arrow group-by), then the rows they name."""
    counts = table.group_by(COMBO).aggregate([("spec", "count")]).to_pylist()
    combos = {tuple(c[k] for k in COMBO): c["spec_count"] for c in counts}
    fractions = {text: Fraction(text) for text in {key[1] for key in combos}}
    figures = {}
    for q in sorted({key[0] for key in combos}):
        mine = {key: n for key, n in combos.items() if key[0] == q}
        figures[str(q)] = _arity_figures(table, q, mine, fractions, named)
    return figures


def _arity_figures(table, q: int, combos: dict, fractions: dict, named: list) -> dict:
    import pyarrow.compute as pc

    rows = table.filter(pc.equal(table.column("arity"), q))
    figure = {"inputs": sum(combos.values()),
              "functions": pc.count_distinct(rows.column("spec")).as_py(),
              "fbs": _distribution(combos, lambda k: k[1], fractions)}
    measured = {k: n for k, n in combos.items() if k[2] is not None}
    if not measured:
        return figure
    for position, name in ((2, "s"), (3, "bs"), (4, "C")):
        figure[name] = _distribution(measured, lambda k, p=position: k[p], fractions)
    value = {k: {"fbs": fractions[k[1]], "s": k[2], "bs": k[3], "C": k[4]} for k in measured}
    figure["chain_violations"] = sum(n for k, n in measured.items() if not (
        value[k]["s"] <= value[k]["bs"] <= value[k]["fbs"] <= value[k]["C"]))
    figure["fbs_not_integer"] = sum(n for k, n in measured.items()
                                    if value[k]["fbs"].denominator != 1)
    figure["extremes"] = {name: _extreme(rows, name, measured, value, named) for name in RATIOS}
    strict = _rows_with(rows, [k for k in measured
                               if value[k]["bs"] < value[k]["fbs"] < value[k]["C"]])
    figure["bs_lt_fbs_lt_C"] = {
        "inputs": strict.num_rows, "functions": pc.count_distinct(strict.column("spec")).as_py(),
        "examples": [_name(row, named, "bs < fbs < C") for row in strict.slice(0, EXAMPLES)
                     .to_pylist()]}
    figure["s_zero_bs_positive"] = sum(n for k, n in measured.items()
                                       if value[k]["s"] == 0 < value[k]["bs"])
    return figure


def _distribution(combos: dict, pick, fractions: dict) -> dict:
    counts: dict = defaultdict(int)
    for key, n in combos.items():
        counts[pick(key)] += n
    order = sorted(counts, key=lambda v: fractions[v] if isinstance(v, str) else v)
    return {str(v): counts[v] for v in order}


def _extreme(rows, name: str, measured: dict, value: dict, named: list):
    """The largest ratio (denominator > 0), how many inputs attain it, and the first one."""
    top, over = RATIOS[name]
    ratios = {k: Fraction(value[k][top]) / value[k][over] for k in measured if value[k][over]}
    if not ratios:
        return None
    best = max(ratios.values())
    keys = [k for k, r in ratios.items() if r == best]
    first = _rows_with(rows, keys).slice(0, 1).to_pylist()[0]
    from .census_witness import spec_as_table

    return {"ratio": fraction_text(best), "ratio_float": float(best),
            "attained_by": sum(measured[k] for k in keys), "first": _name(first, named, name),
            "witness": {"spec": spec_as_table(first["spec"]), "input": first["input"]}}


def _rows_with(rows, keys: list):
    """The rows (in canonical order) whose (q, fbs, s, bs, C) is one of `keys`."""
    import pyarrow.compute as pc

    mask = None
    for key in keys:
        match = None
        for column, wanted in zip(COMBO, key):
            equal = pc.equal(rows.column(column), wanted)
            match = equal if match is None else pc.and_(match, equal)
        mask = match if mask is None else pc.or_(mask, match)
    return rows.slice(0, 0) if mask is None else rows.filter(mask)


def _name(row: dict, named: list, why: str) -> dict:
    """A named row (function, input, figures), queued for re-verification."""
    item = {"why": why, "spec": row["spec"], "input": row["input"], "fbs": row["value"],
            "s": row["s"], "bs": row["bs"], "C": row["C"], "certificate": row["certificate"],
            "reverified": False}
    named.append(item)
    return {k: item[k] for k in ("spec", "input", "fbs", "s", "bs", "C")}


def _reverify(store: Store, named: list) -> None:
    """The checker on each named row's stored certificate; s, bs, C by the RC2 route."""
    from verify.base.errors import beyond_checker_bound
    from verify.checker import CertificateMalformed, CertificateTooLarge, check_certificate
    from verify.sensitivity.exact_fbs import fbs

    certificates = store.certificates_by_digest(
        {item["certificate"] for item in named if item["certificate"]})
    for item in named:
        certificate = certificates.get(item["certificate"])
        try:
            report = None if certificate is None else check_certificate(certificate)
        except CertificateTooLarge as error:
            raise beyond_checker_bound(error) from None
        except CertificateMalformed:
            report = None
        checked = (report is not None and report.valid and report.value == Fraction(item["fbs"])
                   and certificate.get("spec") == item["spec"]
                   and _same_input(certificate.get("input"), item["input"]))
        measures = fbs(item["spec"], item["input"], measures=True, check=False).measures
        same = (measures.sensitivity, measures.block_sensitivity,
                measures.certificate_complexity) == (item["s"], item["bs"], item["C"])
        item.update(checker_valid=checked, measures_rechecked=same, reverified=checked and same)


def _same_input(certified: object, stored: str) -> bool:
    """The certificate's input (bits, or runs `1^5,0^3` in kind symmetric) is the row's bits."""
    from verify.base.errors import FbsError
    from verify.functions.bits import format_bits, parse_bits

    if not isinstance(certified, str) or certified.startswith("@"):  # never read a file
        return False
    try:
        return format_bits(parse_bits(certified, len(stored))) == stored
    except (FbsError, TypeError, ValueError):
        return False


# ----------------------------------------------------------------------------- tree rows


def _tree_tables(table) -> dict:
    """Per (depth, aggregators[, rule]): worst-case catch probabilities against rho^-d,
    and rho_T against rho^d."""
    groups: dict = defaultdict(list)
    for kind, value, bound, params in zip(*(table.column(c).to_pylist() for c in
                                            ("kind", "value", "bound", "params"))):
        p = json.loads(params)
        key = (kind, p["depth"], ",".join(p["aggregators"]), p.get("rule", ""))
        groups[key].append((Fraction(value), Fraction(bound), p))
    tables: dict = {"worst-case": [], "tree-fbs": []}
    for (kind, depth, aggregators, rule), items in sorted(groups.items()):
        values = [v for v, _, _ in items]
        row = {"depth": depth, "aggregators": aggregators, "trees": len(items),
               "min": fraction_text(min(values)), "max": fraction_text(max(values)),
               "mean_float": sum(map(float, values)) / len(values),
               "min_ratio_to_bound": fraction_text(min(v / b for v, b, _ in items))}
        if kind == "worst-case" and rule == "budgeted":  # ours: its bound is Theorem B1's
            row.update(rule="budgeted (ours)", bound_from="Theorem B1 (ours)",
                       bound_met=sum(p["theorem_b1_holds"] for _, _, p in items))
        elif kind == "worst-case":
            row.update(rule=rule, bound_from="Theorem 4.2",
                       bound_met=sum(v >= b for v, b, _ in items))
        else:
            row.update(rho_T_equals_rho_d=sum(v == b for v, b, _ in items),
                       lemma_5_4_holds=sum(v >= b for v, b, _ in items))
        tables[kind].append(row)
    return {kind: rows for kind, rows in tables.items() if rows}
