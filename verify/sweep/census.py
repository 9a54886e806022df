"""`fbs census`: what a researcher wants from a sweep, computed from STORE exactly.

For fbs rows (kinds compute/certify), per arity q: the distributions of fbs, s, bs and C;
the chain s <= bs <= fbs <= C (paper footnote 3) checked on every row; the largest ratios
fbs/bs, C/fbs and bs/s with the first function and input (canonical order) attaining each
and how many attain it; the inputs with bs < fbs < C. For tree rows: the protocol
comparison tables (worst-case catch probability per Bob rule against Theorem 4.2's rho^-d;
rho_T against Lemma 5.4's rho^d). Every row the census names is re-verified: its stored
certificate goes through the stdlib-only checker again, and s, bs, C are recomputed by the
other method (RC2 MaxSAT through `verify.fbs(..., measures=True)`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from verify.base.numbers import fraction_text

from .store import Store

FORMAT = "fbs-census/1"
RATIOS = {"fbs/bs": ("fbs", "bs"), "C/fbs": ("C", "fbs"), "bs/s": ("bs", "s")}
EXAMPLES = 5
FBS_COLUMNS = ["arity", "value", "certified", "s", "bs", "C", "certificate"]


@dataclass(frozen=True)
class Census:
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


def summarise(store: Store, reverify: bool = True) -> Census:
    """The census of every row in STORE."""
    table = store.read_rows(FBS_COLUMNS + ["value_float", "bound", "params"])
    kinds = table.column("kind").to_pylist()
    named: list[dict] = []
    fbs_rows = [i for i, kind in enumerate(kinds) if kind in ("compute", "certify")]
    arities = _fbs_figures(table.take(fbs_rows), named) if fbs_rows else {}
    tree_rows = [i for i, kind in enumerate(kinds) if kind in ("worst-case", "tree-fbs")]
    trees = _tree_tables(table.take(tree_rows)) if tree_rows else {}
    if reverify:
        _reverify(store, named)
    return Census(str(store.path), table.num_rows, sum(table.column("certified").to_pylist()),
                  arities, trees, tuple(named))


# ----------------------------------------------------------------------------- fbs rows


def _fbs_figures(table, named: list) -> dict:
    """Per arity: distributions, chain check, extremes, bs < fbs < C (exact arithmetic on
    the distinct (fbs, s, bs, C) combinations, then the first row of each extreme)."""
    columns = {name: table.column(name).to_pylist() for name in
               ("arity", "spec", "input", "value", "s", "bs", "C", "certificate")}
    fractions = {text: Fraction(text) for text in set(columns["value"])}
    combos: dict[tuple, list[int]] = defaultdict(list)  # (q, fbs, s, bs, C) -> row indices
    for i, key in enumerate(zip(columns["arity"], columns["value"], columns["s"],
                                columns["bs"], columns["C"])):
        combos[key].append(i)
    figures = {}
    for q in sorted(set(columns["arity"])):
        mine = {key: rows for key, rows in combos.items() if key[0] == q}
        figures[str(q)] = _arity_figures(mine, fractions, columns, named)
    return figures


def _arity_figures(combos: dict, fractions: dict, columns: dict, named: list) -> dict:
    count = sum(len(rows) for rows in combos.values())
    figure = {"inputs": count,
              "functions": len({columns["spec"][i] for rows in combos.values() for i in rows}),
              "fbs": _distribution(combos, lambda k: k[1], fractions)}
    measured = {k: rows for k, rows in combos.items() if k[2] is not None}
    if not measured:
        return figure
    for position, name in ((2, "s"), (3, "bs"), (4, "C")):
        figure[name] = _distribution(measured, lambda k, p=position: k[p], fractions)
    value = {k: {"fbs": fractions[k[1]], "s": k[2], "bs": k[3], "C": k[4]} for k in measured}
    figure["chain_violations"] = sum(len(rows) for k, rows in measured.items() if not (
        value[k]["s"] <= value[k]["bs"] <= value[k]["fbs"] <= value[k]["C"]))
    figure["fbs_not_integer"] = sum(len(rows) for k, rows in measured.items()
                                    if value[k]["fbs"].denominator != 1)
    figure["extremes"] = {name: _extreme(name, measured, value, columns, named)
                          for name in RATIOS}
    strict = sorted(i for k, rows in measured.items()
                    if value[k]["bs"] < value[k]["fbs"] < value[k]["C"] for i in rows)
    figure["bs_lt_fbs_lt_C"] = {"inputs": len(strict), "functions": len(
        {columns["spec"][i] for i in strict}), "examples": [
        _name(i, columns, named, "bs < fbs < C") for i in strict[:EXAMPLES]]}
    figure["s_zero_bs_positive"] = sum(len(rows) for k, rows in measured.items()
                                       if value[k]["s"] == 0 < value[k]["bs"])
    return figure


def _distribution(combos: dict, pick, fractions: dict) -> dict:
    counts: dict = defaultdict(int)
    for key, rows in combos.items():
        counts[pick(key)] += len(rows)
    order = sorted(counts, key=lambda v: fractions[v] if isinstance(v, str) else v)
    return {str(v): counts[v] for v in order}


def _extreme(name: str, measured: dict, value: dict, columns: dict, named: list):
    """The largest ratio (denominator > 0), how many inputs attain it, and the first one."""
    top, over = RATIOS[name]
    ratios = {k: Fraction(value[k][top]) / value[k][over] for k in measured if value[k][over]}
    if not ratios:
        return None
    best = max(ratios.values())
    attaining = sorted(i for k, r in ratios.items() if r == best for i in measured[k])
    return {"ratio": fraction_text(best), "ratio_float": float(best),
            "attained_by": len(attaining), "first": _name(attaining[0], columns, named, name)}


def _name(i: int, columns: dict, named: list, why: str) -> dict:
    """A named row (function, input, figures), queued for re-verification."""
    item = {"why": why, "spec": columns["spec"][i], "input": columns["input"][i],
            "fbs": columns["value"][i], "s": columns["s"][i], "bs": columns["bs"][i],
            "C": columns["C"][i], "certificate": columns["certificate"][i],
            "reverified": False}
    named.append(item)
    return {k: item[k] for k in ("spec", "input", "fbs", "s", "bs", "C")}


def _reverify(store: Store, named: list) -> None:
    """The checker on each named row's stored certificate; s, bs, C by the RC2 route."""
    from verify.checker import CertificateMalformed, check_certificate
    from verify.sensitivity.exact_fbs import fbs

    certificates = store.certificates_by_digest(
        {item["certificate"] for item in named if item["certificate"]})
    for item in named:
        certificate = certificates.get(item["certificate"])
        try:
            report = None if certificate is None else check_certificate(certificate)
        except CertificateMalformed:
            report = None
        checked = (report is not None and report.valid and report.value == Fraction(item["fbs"])
                   and certificate.get("spec") == item["spec"]
                   and certificate.get("input") == item["input"])
        measures = fbs(item["spec"], item["input"], measures=True, check=False).measures
        same = (measures.sensitivity, measures.block_sensitivity,
                measures.certificate_complexity) == (item["s"], item["bs"], item["C"])
        item.update(checker_valid=checked, measures_rechecked=same, reverified=checked and same)


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
        if kind == "worst-case":
            row.update(rule=rule, theorem_4_2_holds=sum(v >= b for v, b, _ in items))
        else:
            row.update(rho_T_equals_rho_d=sum(v == b for v, b, _ in items),
                       lemma_5_4_holds=sum(v >= b for v, b, _ in items))
        tables[kind].append(row)
    return {kind: rows for kind, rows in tables.items() if rows}
