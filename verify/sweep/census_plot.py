"""The census plot: one panel per measure that has data (share of inputs at each value of
fbs, s, bs, C, bars on a linear axis so that shares compare by length) and one panel per
kind of tree row (the least value / bound per group, a line at 1 where the bound holds).
No empty panel, no panel without labelled axes, a title naming the store."""

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
    panels += [(_tree_panel, kind) for kind, rows in census.trees.items() if rows]
    columns = 1 if len(panels) <= 1 else 2
    rows = max(1, (len(panels) + 1) // 2) if columns == 2 else 1
    figure = Figure(figsize=(11 if columns == 2 else 7, 3.8 * rows + 0.6), dpi=100)
    figure.suptitle(f"Census of {census.store} ({census.rows} rows)", fontsize=10)
    if not panels:
        axes = figure.add_subplot(1, 1, 1)
        axes.set_axis_off()
        axes.text(0.5, 0.5, "no fbs or tree rows in this store", ha="center", va="center")
    for index, (draw, what) in enumerate(panels):
        draw(figure.add_subplot(rows, columns, index + 1), census, what)
    figure.tight_layout()
    return figure


def plot(census) -> bytes:
    """The census figure as PNG bytes."""
    buffer = io.BytesIO()
    census_figure(census).savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def _measure_panel(axes, census, measure: str) -> None:
    """Share of the (f, x) pairs of each arity at each value of the measure."""
    arities = [q for q, figure in census.arities.items() if measure in figure]
    values = sorted({v for q in arities for v in census.arities[q][measure]},
                    key=lambda text: Fraction(text))
    width = 0.8 / max(len(arities), 1)
    for k, q in enumerate(arities):
        counts = census.arities[q][measure]
        total = sum(counts.values())
        axes.bar([i + k * width for i in range(len(values))],
                 [counts.get(v, 0) / total for v in values], width, label=f"q = {q}")
    axes.set_xticks([i + 0.4 - width / 2 for i in range(len(values))], values,
                    fontsize=7, rotation=60 if len(values) > 8 else 0)
    axes.set_ylim(0, 1)
    axes.set(xlabel=f"value of {measure} at the input",
             ylabel="share of (function, input) pairs")
    axes.set_title(f"{measure}: share of inputs at each value (linear scale)", fontsize=9)
    axes.legend(fontsize=7, title="arity", title_fontsize=7)


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
    axes.set_xticks(range(len(rows)), labels, fontsize=6, rotation=60, ha="right")
    axes.set_ylim(0, max(ratios + [1]) * 1.1)
    ylabel, title = TREE_PANELS.get(kind, ("least value / bound", kind))
    group = "depth, aggregators, Bob's rule" if kind == "worst-case" else "depth, aggregators"
    axes.set(ylabel=ylabel, xlabel=f"group of trees ({group})")
    axes.set_title(title, fontsize=9)
