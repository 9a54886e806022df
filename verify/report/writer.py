"""The `fbs paper` report: a terminal table, report.md, report.json and PNG plots (issue 6)."""

from __future__ import annotations

import io
import shutil
import textwrap
from fractions import Fraction
from pathlib import Path

from verify.base.errors import BadInput
from verify.base.files import write_texts_atomic
from verify.base.interrupts import raise_if_interrupted
from verify.base.numbers import json_text
from verify.report.runner import STATUSES

PLOTS = ("fbs_majority.png", "catch_vs_bound.png", "advantage_vs_m.png",
         "budgeted_vs_paper.png")


def print_table(results, differences, directory: Path, partial: bool = False,
                total: int = 0, compared: int | None = None, extensions: bool = True) -> None:
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
    counts = {s: sum(1 for r in results if r.status == s) for s in STATUSES}
    print("-" * width)
    kind = f"partial report ({len(results)} of {total} checks)" if partial else "report"
    print(", ".join(f"{n} {s}" for s, n in counts.items()) + f"; {kind} written to {directory}/")
    print(stored_summary(differences, compared))
    if not extensions and not partial:
        print("the checks of this project's extensions (Budgeted FBS Debate) did not run: "
              "fbs paper --extensions")
    for line in differences:
        print(f"STORED CERTIFICATE MISMATCH: {line}")


def stored_summary(differences, compared: int | None) -> str:
    """Whether every recomputed certificate equals the stored one, in one line."""
    if differences:
        return (f"stored certificates: {len(differences)} DIFFER from the recomputed ones "
                "(listed below; exit 1)")
    counted = "" if compared is None else f"all {compared} "
    return f"stored certificates: {counted}recomputed certificates equal the stored ones"


def write_report(report, directory: Path) -> None:
    """report.md, report.json and the plots of a PaperReport, written into `directory`: all
    rendered first, then written together (write_texts_atomic), so that an interrupt or an
    error never leaves a new report.json beside an old report.md; then the plots of an earlier
    run that this run did not draw are removed (a folder never mixes two runs)."""
    results, differences = report.results, list(report.differences)
    plots = render_plots(results)
    files = {"report.json": json_text(report.to_json(), indent=1, default=str) + "\n", **plots,
             "report.md": _markdown(results, differences, list(plots),
                                    report.total_checks if report.partial else None)}
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
    _remove_stale_plots(directory, set(plots))


def refuse_unusable_folder(directory: Path) -> None:
    """BadInput before any check runs if `directory` (or the nearest part of its path that
    exists) is not a folder: the report could not be written after the work."""
    existing = next((folder for folder in (directory, *directory.parents) if folder.exists()),
                    None)
    if existing is not None and not existing.is_dir():
        raise BadInput(f"cannot use {str(directory)!r} as the report folder: "
                       f"{str(existing)!r} is not a folder")


def _remove_stale_plots(directory: Path, drawn: set[str]) -> None:
    for name in PLOTS:
        if name not in drawn:
            try:
                (directory / name).unlink(missing_ok=True)
            except OSError as error:
                raise BadInput(f"cannot remove the stale plot {str(directory / name)!r}: "
                               f"{error.strerror or error}") from None


def _markdown(results, differences, plotted, partial_of: int | None = None) -> str:
    """report.md; `partial_of` = the number of registered checks when only some ran."""
    lines = ["# fbs-verify: paper regression report", ""]
    if partial_of is not None:
        lines = ["# fbs-verify: partial paper report", "",
                 f"**Partial run: {len(results)} of {partial_of} checks** (`fbs paper --only`); "
                 "this is not the paper's full report (run `fbs paper` for it).", ""]
    lines += [
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
        lines += [f"- note: {n}" for n in r.notes]
        lines += [f"- certificates: {len(r.certificates)}; time {r.seconds} s", ""]
        lines += _table(r.values.get("table"))
    lines += ["## Stored certificates", "", stored_summary(differences, None) + ".", ""]
    if differences:
        lines += ["## Stored certificate differences", ""] + [f"- {d}" for d in differences]
    lines += ["", "## Plots", ""]
    for name in plotted:
        lines += [f"![{name}]({name})", "", f"*{name}.* {PLOT_CAPTIONS[name]}", ""]
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
        figure, axes = pyplot.subplots(figsize=PLOT_SIZES.get(name, (6.4, 4.2)),
                                       layout="constrained")
        if draw(axes, by_name):
            image = io.BytesIO()
            figure.savefig(image, format="png", dpi=110, metadata={"Software": None})
            rendered[name] = image.getvalue()
        pyplot.close(figure)
    return rendered


PLOT_SIZES = {"catch_vs_bound.png": (9, 4.6), "advantage_vs_m.png": (9.5, 4.6),
              "budgeted_vs_paper.png": (11.5, 5.2)}  # inches: room for a legend beside the data


def outside_legend(axes, width: int = 44) -> None:
    """The legend right of the axes (never over the data), in 9-point text, each label
    wrapped at `width` characters."""
    import textwrap

    handles, labels = axes.get_legend_handles_labels()
    axes.legend(handles, [textwrap.fill(label, width) for label in labels], fontsize=9,
                loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)


PLOT_CAPTIONS = {
    "fbs_majority.png": "Each point: the exact fbs of MAJ_99 (`maj:99`, strict majority, symmetric "
                        "method, certified) at a claim z with the given number of ones; log "
                        "y axis.",
    "catch_vs_bound.png": "Each point: one (tree, oracle, rho, Bob's rule) case of the Theorem 4.2 "
                          "grid; x is "
                          "the theorem's bound rho^-d, y the exact catch probability of one "
                          "FBS Debate run against the best liar (vertex and symmetric rules: "
                          "coloured by depth; "
                          "uniform rule: grey crosses, not covered by the theorem). Points on or "
                          "above the diagonal meet the bound; log-log axes.",
    "advantage_vs_m.png": "Each point: an m-query checker on the pivotal maj:3 tree of depth 3; "
                          "y is its exact distinguishing advantage against the oracle O_N built "
                          "by Theorem 5.3's proof, beside the bound min(1, m rho^-d); linear "
                          "axes.",
    "budgeted_vs_paper.png": "Each point: one tree of the budgeted_debate check; y is the number "
                             "of runs (one oracle query each) for catch probability >= 0.99. The "
                             "line is Theorem 5.3's lower bound on the queries of a checker right "
                             "under every oracle; the paper protocol's exact worst case is "
                             "computed at the one oracle O_Y (with rho tuned to it), a different "
                             "instance from the theorem's flipped oracle O_N, so its points may "
                             "lie below the line without contradicting the theorem.",
}


def _plain_log_ticks(axis) -> None:
    """Tick labels of a log axis as plain numbers (1, 2, 5, 10, ...), never 6x10^-1."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    axis.set_minor_formatter(NullFormatter())


def _majority_plot(axes, by_name) -> bool:
    """fbs of MAJ_99 against the Hamming weight of Alice's claim (symmetric method): drawn
    with the majority checks of Section 1.2 only."""
    from verify.sensitivity.exact_fbs import fbs

    if not {"section_1_2_majority_two_thirds", "section_1_2_fifty_of_99"} & set(by_name):
        return False

    weights = list(range(100))
    values = [float(fbs("maj:99", "1" * w + "0" * (99 - w)).value) for w in weights]
    axes.plot(weights, values, marker=".", lw=1)
    axes.set_yscale("log")
    _plain_log_ticks(axes.yaxis)
    axes.axvline(66, color="grey", ls=":", lw=1)
    axes.annotate("66 of 99 (fbs 66/17)", (66, 66 / 17), textcoords="offset points", xytext=(5, 10))
    axes.annotate("50 of 99 (fbs 50)", (50, 50), textcoords="offset points", xytext=(5, 0))
    axes.set(xlabel="ones in the claim z (supporting papers, of 99)",
             ylabel="fbs_z(MAJ_99) (fractional blocks, log scale)",
             title="maj:99 (strict majority of 99): exact fbs at each claim weight")
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
    _plain_log_ticks(axes.xaxis)
    _plain_log_ticks(axes.yaxis)
    axes.set(xlabel="rho^-d, Theorem 4.2's bound (probability, log scale)",
             ylabel="exact worst-case catch probability, one run (log scale)",
             title=f"Theorem 4.2 on its grid: {len(rows)} (tree, oracle, rho, rule) cases")
    outside_legend(axes)
    return True


def _advantage_plot(axes, by_name) -> bool:
    """The lower bound's advantage bound min(1, m rho^-d) against the query budget m."""
    result = by_name.get("theorem_5_1")
    rows = result.values.get("advantage", []) if result else []
    if not rows:
        return False
    tables = result.values.get("query_tables") or [{}]
    tree = tables[0].get("tree", "the check's tree")
    rho, depth = tables[0].get("rho_min"), tables[0].get("depth")
    named = f"{tree} (rho = {rho}, d = {depth})" if rho is not None else tree
    axes.plot([r["m"] for r in rows], [float(Fraction(r["bound"])) for r in rows],
              color="black", lw=1, label="bound min(1, m rho^-d) (Theorem 5.1)")
    for key, label, colour in (("exact", "FBS Debate, m runs (exact)", "C1"),
                               ("exact_uniform", "m uniform leaf samples (exact)", "C2")):
        if any(key in r for r in rows):
            axes.scatter([r["m"] for r in rows if key in r],
                         [float(Fraction(r[key])) for r in rows if key in r], s=12,
                         color=colour, label=label)
    axes.set_ylim(0, 1.05)
    axes.set(xlabel="queries m (oracle queries of the checker)",
             ylabel="advantage |P[Acc_Y] - P[Acc_N]| (probability)",
             title=f"Theorem 5.1 on the {named} tree")
    outside_legend(axes)
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
                               ("runs_paper_exact", "paper protocol, exact worst case at O_Y "
                                                    "(not Thm 5.3's O_N: may lie below the line)",
                                "+"),
                               ("runs_budgeted", "budgeted protocol (ours), 1/rho_T", "o")):
        axes.scatter(x, [r[key] for r in rows], s=14, marker=marker, label=label)
    if all("runs_budgeted_worst_low" in r for r in rows):  # the worst case is an interval
        low = [r["runs_budgeted_worst_low"] for r in rows]
        high = [r["runs_budgeted_worst_high"] for r in rows]
        axes.vlines(x, low, high, color="tab:green", lw=2)
        axes.scatter(x, low, s=10, marker="_", color="tab:green",
                     label="budgeted (ours), worst case in [lower bound, best liar found]")
    axes.plot(x, [max(r["lower_bound_queries"], 1) for r in rows], color="black", lw=1,
              label="Thm 5.3: queries >= ceil((1 - 2 delta) rho_T), checkers right under "
                    "every oracle")
    axes.set_xscale("log")
    axes.set_yscale("log")
    _plain_log_ticks(axes.xaxis)
    _plain_log_ticks(axes.yaxis)
    axes.set(xlabel="rho_T (certified global fbs, Section 5; log scale)",
             ylabel="runs R for catch >= 0.99 (1 query/run, log)")
    axes.set_title(f"Budgeted FBS Debate (ours) vs the paper's protocol: {len(rows)} trees, "
                   "delta = 1/100", fontsize=11)
    outside_legend(axes)
    return True
