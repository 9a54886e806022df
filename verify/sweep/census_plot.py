"""The census plot: one panel per measure that has data (share of inputs at each value of
fbs, s, bs, C, bars on a linear axis so that shares compare by length, placed at the values
themselves so that 3/2 sits between 1 and 2), one panel comparing the four measures at the
largest arity, and one panel per kind of tree row (the least value / bound per group, a line
at 1 where the bound holds). No empty panel, no panel without labelled axes, a title naming
the store, fonts of at least 9 points, legends outside the data."""

from __future__ import annotations

import io
from fractions import Fraction

MEASURES = ("fbs", "s", "bs", "C")


def census_figure(census):
    """The matplotlib Figure of a census (verify.sweep.census.Census)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    panels = [(_measure_panel, m) for m in MEASURES
              if any(m in figure for figure in census.arities.values())]
    compared = [q for q, figure in census.arities.items() if len(figure.keys() & set(MEASURES)) > 1]
    if compared:
        panels.append((_comparison_panel, max(compared, key=int)))
    panels += [(_tree_panel, kind) for kind, rows in census.trees.items() if rows]
    columns = 1 if len(panels) <= 1 else 2
    rows = max(1, (len(panels) + 1) // 2) if columns == 2 else 1
    figure = Figure(figsize=(13 if columns == 2 else 8, 4.4 * rows + 0.6), dpi=100,
                    layout="constrained")
    figure.suptitle(f"Census of {census.store} ({census.rows} rows)", fontsize=12)
    if not panels:
        axes = figure.add_subplot(1, 1, 1)
        axes.set_axis_off()
        axes.text(0.5, 0.5, "no fbs or tree rows in this store", ha="center", va="center")
    for index, (draw, what) in enumerate(panels):
        draw(figure.add_subplot(rows, columns, index + 1), census, what)
    return figure


def plot(census) -> bytes:
    """The census figure as PNG bytes."""
    buffer = io.BytesIO()
    census_figure(census).savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def value_axis(axes, values: list[str], what: str) -> list[float]:
    """Exact values (p/q text) placed at their size on the x axis, each labelled as written."""
    positions = [float(Fraction(v)) for v in values]
    axes.set_xticks(positions, values, fontsize=9, rotation=60 if len(values) > 8 else 0)
    axes.set_xlabel(f"value of {what} (axis to scale)", fontsize=10)
    return positions


def _gap(positions: list[float]) -> float:
    gaps = [b - a for a, b in zip(positions, positions[1:])]
    return min(gaps, default=1.0)


def _measure_panel(axes, census, measure: str) -> None:
    """Share of the (f, x) pairs of each arity at each value of the measure."""
    arities = [q for q, figure in census.arities.items() if measure in figure]
    values = sorted({v for q in arities for v in census.arities[q][measure]},
                    key=lambda text: Fraction(text))
    positions = value_axis(axes, values, f"{measure} at the input")
    width = 0.8 * _gap(positions) / max(len(arities), 1)
    for k, q in enumerate(arities):
        counts = census.arities[q][measure]
        total = sum(counts.values())
        offset = (k - (len(arities) - 1) / 2) * width
        axes.bar([x + offset for x in positions], [counts.get(v, 0) / total for v in values],
                 width, label=f"q = {q}")
    axes.set_ylim(0, 1)
    axes.set_ylabel("share of (function, input) pairs", fontsize=10)
    axes.set_title(f"{measure}: share of inputs at each value (linear scale)", fontsize=11)
    axes.legend(fontsize=9, title="arity", title_fontsize=9, loc="upper left",
                bbox_to_anchor=(1.01, 1.0))


def _comparison_panel(axes, census, q: str, over: str = "(function, input) pairs") -> None:
    """The four measures' distributions at one arity side by side, on one value axis: the
    chain s <= bs <= fbs <= C shows as mass moving right."""
    figure = census.arities[q]
    shown = [m for m in ("s", "bs", "fbs", "C") if m in figure]
    values = sorted({v for m in shown for v in figure[m]}, key=lambda text: Fraction(text))
    where = "at the input" if "input" in over else "(maximum over the inputs)"
    positions = value_axis(axes, values, f"the measure {where}")
    width = 0.8 * _gap(positions) / len(shown)
    for k, measure in enumerate(shown):
        counts = figure[measure]
        total = sum(counts.values())
        offset = (k - (len(shown) - 1) / 2) * width
        axes.bar([x + offset for x in positions], [counts.get(v, 0) / total for v in values],
                 width, label=measure)
    axes.set_ylim(0, 1)
    axes.set_ylabel(f"share of {over}", fontsize=10)
    axes.set_title(f"q = {q}: s, bs, fbs and C compared over all {over} (linear scale)",
                   fontsize=11)
    axes.legend(fontsize=9, title="measure", title_fontsize=9, loc="upper left",
                bbox_to_anchor=(1.01, 1.0))


TREE_PANELS = {
    "tree-fbs": ("rho_T / rho^d, least over the group's trees",
                 "Lemma 5.4: rho_T >= rho^d (line: rho_T = rho^d)"),
    "worst-case": ("least catch probability / bound",
                   "worst-case liar against the bound (Thm 4.2; ours: Thm B1); line: = bound"),
}


def _tree_panel(axes, census, kind: str) -> None:
    """Per group of trees (depth, aggregators[, rule]): the least value / bound."""
    rows = census.trees[kind]
    labels = [f"d={r['depth']} {r['aggregators']}" + (f" {r['rule']}" if "rule" in r else "")
              for r in rows]
    ratios = [float(Fraction(r["min_ratio_to_bound"])) for r in rows]
    axes.bar(range(len(rows)), ratios, 0.6, color="C0")
    axes.axhline(1, color="black", lw=1)
    axes.set_xticks(range(len(rows)), labels, fontsize=9, rotation=60, ha="right")
    axes.set_ylim(0, max(ratios + [1]) * 1.1)
    ylabel, title = TREE_PANELS.get(kind, ("least value / bound", kind))
    group = "depth, aggregators, Bob's rule" if kind == "worst-case" else "depth, aggregators"
    axes.set(ylabel=ylabel, xlabel=f"group of trees ({group})")
    axes.set_title(title, fontsize=11)


def exhaustive_plot(census) -> bytes:
    """PNG bytes of the census by structure (verify.sweep.exhaustive_census): the four
    measures compared over all (function, input) pairs and, with the global census, over all
    functions (each measure maximised over the inputs)."""
    import matplotlib

    matplotlib.use("Agg")
    from types import SimpleNamespace

    from matplotlib.figure import Figure

    document = census.to_json()
    q = str(census.q)
    views = [("(function, input) pairs", {m: document[m] for m in MEASURES})]
    if document["global"] is not None:
        views.append(("functions", {m: document["global"][m] for m in MEASURES}))
    figure = Figure(figsize=(8 * len(views), 5), dpi=100, layout="constrained")
    figure.suptitle(f"Exhaustive census of every function of {q} inputs "
                    f"({'certified' if census.certified else 'exact, not certified'})",
                    fontsize=12)
    for k, (over, counts) in enumerate(views):
        shares = SimpleNamespace(arities={q: {m: {v: int(n) for v, n in counts[m].items()}
                                              for m in MEASURES}})
        _comparison_panel(figure.add_subplot(1, len(views), k + 1), shares, q, over)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()
