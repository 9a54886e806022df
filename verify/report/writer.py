"""The `fbs paper` report: a terminal table, report.md, report.json and PNG plots (issue 6)."""

from __future__ import annotations

import io
import json
import shutil
import textwrap
from fractions import Fraction
from pathlib import Path

from verify.base.errors import BadInput
from verify.base.files import write_texts_atomic
from verify.base.interrupts import raise_if_interrupted

PLOTS = ("fbs_majority.png", "catch_vs_bound.png", "advantage_vs_m.png",
         "budgeted_vs_paper.png")


def print_table(results, differences, directory: Path) -> None:
    """One row per check: claim, paper's statement, computed, status."""
    width = min(shutil.get_terminal_size((120, 20)).columns, 160)
    print(f"{'check':<38} {'status':<14} computed")
    print("-" * width)
    for r in results:
        computed = r.computed if r.status != "failed" else f"{r.computed} [{r.reason}]"
        lines = textwrap.wrap(computed, max(30, width - 54)) or [""]
        print(f"{r.name:<38} {r.status:<14} {lines[0]}")
        for line in lines[1:]:
            print(f"{'':<53} {line}")
    counts = {s: sum(1 for r in results if r.status == s) for s in ("confirmed", "refined", "failed",
                                                                    "not-checkable")}
    print("-" * width)
    print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"; report written to {directory}/")
    for line in differences:
        print(f"STORED CERTIFICATE MISMATCH: {line}")


def write_report(report, directory: Path) -> None:
    """report.md, report.json and the plots of a PaperReport, written into `directory`: all
    rendered first, then written together (write_texts_atomic), so that an interrupt or an
    error never leaves a new report.json beside an old report.md."""
    results, differences = report.results, list(report.differences)
    plots = render_plots(results)
    files = {"report.json": json.dumps(report.to_json(), indent=1, default=str) + "\n", **plots,
             "report.md": _markdown(results, differences, list(plots))}
    raise_if_interrupted()  # not even the folder after a Ctrl-C that Python dropped
    created = [folder for folder in (directory, *directory.parents) if not folder.exists()]
    try:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise BadInput(f"cannot use {str(directory)!r} as the report folder: "
                           f"{error.strerror or error}") from None
        write_texts_atomic([(directory / name, content) for name, content in files.items()])
    except BaseException:
        for folder in created:  # innermost first: a failed report leaves no empty folder
            try:
                folder.rmdir()
            except OSError:
                pass
        raise


def _markdown(results, differences, plotted) -> str:
    lines = ["# fbs-verify: paper regression report", "",
             "Every number called certified passed the stdlib-only checker; its certificate is "
             "stored under `certificates/paper/`.", "",
             "| check | place | paper's statement | computed | status |", "|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| `{r.name}` | {r.place} | {_cell(r.claim)} | {_cell(r.computed)} | "
                     f"**{r.status}** |")
    lines += ["", "## Details", ""]
    for r in results:
        lines += [f"### {r.name} ({r.status})", "", f"*{r.place}.* {r.claim}", "",
                  f"Computed: {r.computed}", ""]
        if r.reason:
            lines += [f"Reason: {r.reason}", ""]
        lines += [f"- deviation: {d}" for d in r.deviations]
        lines += [f"- certificates: {len(r.certificates)}; time {r.seconds} s", ""]
        lines += _table(r.values.get("table"))
    if differences:
        lines += ["## Stored certificate differences", ""] + [f"- {d}" for d in differences]
    lines += ["", "## Plots", ""] + [f"![{p}]({p})" for p in plotted]
    return "\n".join(lines) + "\n"


def _table(table) -> list[str]:
    """A check's {"columns": [(key, header), ...], "rows": [...]} as a Markdown table."""
    if not table:
        return []
    keys, headers = zip(*table["columns"])
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(_cell(str(row[k])) for k in keys) + " |" for row in table["rows"]]
    return lines + [""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_plots(results) -> dict[str, bytes]:
    """The plots as PNG bytes by file name, from the checks' values where the checks ran."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    by_name = {r.name: r for r in results}
    rendered = {}
    for name, draw in zip(PLOTS, (_majority_plot, _catch_plot, _advantage_plot, _budgeted_plot)):
        figure, axes = pyplot.subplots(figsize=(6.4, 4.2))
        if draw(axes, by_name):
            figure.tight_layout()
            image = io.BytesIO()
            figure.savefig(image, format="png", dpi=110, metadata={"Software": None})
            rendered[name] = image.getvalue()
        pyplot.close(figure)
    return rendered


def _majority_plot(axes, by_name) -> bool:
    """fbs of MAJ_99 against the Hamming weight of Alice's claim (symmetric method)."""
    from verify.sensitivity.exact_fbs import fbs

    weights = list(range(100))
    values = [float(fbs("maj:99", "1" * w + "0" * (99 - w)).value) for w in weights]
    axes.plot(weights, values, marker=".", lw=1)
    axes.set_yscale("log")
    axes.axvline(66, color="grey", ls=":", lw=1)
    axes.annotate("66 of 99 (fbs 66/17)", (66, 66 / 17), textcoords="offset points", xytext=(5, 10))
    axes.annotate("50 of 99 (fbs 50)", (50, 50), textcoords="offset points", xytext=(5, 0))
    axes.set(xlabel="Hamming weight of the claim z (number of supporting papers)",
             ylabel="fbs_z(MAJ_99) (log scale)", title="fbs of majority against Hamming weight")
    return True


def _catch_plot(axes, by_name) -> bool:
    """Exact worst-case catch probability against rho^-d, by depth (Theorem 4.2 grid)."""
    result = by_name.get("theorem_4_2_soundness")
    rows = result.values.get("grid", []) if result else []
    if not rows:
        return False
    comparator = result.values.get("uniform_comparator", [])
    for depth in sorted({r["depth"] for r in rows}):
        chosen = [r for r in rows if r["depth"] == depth]
        axes.scatter([float(Fraction(r["bound"])) for r in chosen],
                     [float(Fraction(r["catch"])) for r in chosen], s=16, label=f"d = {depth}")
    axes.scatter([float(Fraction(r["bound"])) for r in comparator],
                 [float(Fraction(r["catch"])) for r in comparator], s=10, marker="x",
                 color="grey", label="uniform rule (not covered)")
    low = min(float(Fraction(r["bound"])) for r in rows + comparator)
    axes.plot([low, 1], [low, 1], color="black", lw=1, label="catch = rho^-d")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set(xlabel="rho^-d (Theorem 4.2 bound)", ylabel="exact worst-case catch probability",
             title="Theorem 4.2: every optimal-dual point lies on or above the line")
    axes.legend(fontsize=8)
    return True


def _advantage_plot(axes, by_name) -> bool:
    """The lower bound's advantage bound min(1, m rho^-d) against the query budget m."""
    result = by_name.get("theorem_5_1")
    rows = result.values.get("advantage", []) if result else []
    if not rows:
        return False
    axes.plot([r["m"] for r in rows], [float(Fraction(r["bound"])) for r in rows],
              label="min(1, m rho^-d)")
    if any("exact" in r for r in rows):
        axes.scatter([r["m"] for r in rows if "exact" in r],
                     [float(Fraction(r["exact"])) for r in rows if "exact" in r], s=12,
                     color="C1", label="exact advantage of a checker")
    axes.set_xscale("log")
    axes.set(xlabel="queries m", ylabel="distinguishing advantage",
             title="Theorem 5.1: advantage bound against m")
    axes.legend(fontsize=8)
    return True


def _budgeted_plot(axes, by_name) -> bool:
    """Runs for delta = 1/100: the paper's protocol, the budgeted one (ours), the lower bound."""
    result = by_name.get("budgeted_debate")
    rows = result.values.get("rows", []) if result else []
    if not rows:
        return False
    rows = sorted(rows, key=lambda r: Fraction(r["rho_T"]))
    x = [float(Fraction(r["rho_T"])) for r in rows]
    for key, label, marker in (("runs_paper_bound", "paper protocol, from rho^-d (Thm 4.2)", "x"),
                               ("runs_paper_exact", "paper protocol, exact worst case", "+"),
                               ("runs_budgeted", "budgeted protocol (ours), 1/rho_T", "o")):
        axes.scatter(x, [r[key] for r in rows], s=14, marker=marker, label=label)
    axes.plot(x, [max(r["lower_bound_queries"], 1) for r in rows], color="black", lw=1,
              label="lower bound ceil((1 - 2 delta) rho_T) (Thm 5.3)")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set(xlabel="rho_T (certified global fbs)", ylabel="runs for catch prob. >= 0.99",
             title="Budgeted FBS Debate (ours) against the paper's protocol")
    axes.legend(fontsize=7)
    return True
