"""The census as Markdown and a plot, and its three files PREFIX.md, PREFIX.json, PREFIX.png
(rendered in memory first, then written together atomically: all three or none)."""

from __future__ import annotations

from verify.base.files import write_texts_atomic
from verify.base.numbers import json_text

from .census import Census


def markdown(census: Census) -> str:
    """The census as a Markdown document."""
    lines = [f"# Census of `{census.store}`", "",
             f"{census.rows} rows, {census.certified} certified by the stdlib-only checker. "
             f"Every row named below was re-verified (its stored certificate checked again, "
             f"s, bs and C recomputed by RC2 MaxSAT): "
             f"**{'all agree' if census.all_reverified else 'DISAGREEMENT'}** "
             f"({len(census.named)} rows).", ""]
    for q, figure in census.arities.items():
        lines += _arity_section(q, figure)
    for kind, rows in census.trees.items():
        lines += _tree_section(kind, rows)
    return "\n".join(lines) + "\n"


def _arity_section(q: str, figure: dict) -> list[str]:
    lines = [f"## Functions of {q} input{'' if q == '1' else 's'}", "",
             f"{figure['functions']} functions, {figure['inputs']} (function, input) pairs.", ""]
    lines += _distribution_table(figure)
    if "extremes" not in figure:
        return lines
    lines += [f"Chain s <= bs <= fbs <= C violated at {figure['chain_violations']} inputs; "
              f"fbs is not an integer at {figure['fbs_not_integer']}; s = 0 < bs at "
              f"{figure['s_zero_bs_positive']} (bs/s undefined there).", "",
              "| largest ratio | value | inputs attaining it | first (function, input) | "
              "fbs | s | bs | C |", "|---|---|---|---|---|---|---|---|"]
    for name, extreme in figure["extremes"].items():
        if extreme is not None:
            first = extreme["first"]
            lines.append(f"| {name} | {extreme['ratio']} | {extreme['attained_by']} | "
                         f"`{first['spec']}` at `{first['input']}` | {first['fbs']} | "
                         f"{first['s']} | {first['bs']} | {first['C']} |")
    strict = figure["bs_lt_fbs_lt_C"]
    if not strict["inputs"]:
        return lines + ["", "bs < fbs < C at no input.", ""]
    lines += ["", f"bs < fbs < C at {strict['inputs']} inputs of {strict['functions']} "
              "functions; the first ones:", ""]
    lines += [f"- `{e['spec']}` at `{e['input']}`: bs = {e['bs']} < fbs = {e['fbs']} < "
              f"C = {e['C']}" for e in strict["examples"]]
    return lines + [""]


def _distribution_table(figure: dict) -> list[str]:
    measures = [m for m in ("fbs", "s", "bs", "C") if m in figure]
    lines = ["| measure | value: number of inputs |", "|---|---|"]
    for m in measures:
        lines.append(f"| {m} | " + ", ".join(f"{v}: {n}" for v, n in figure[m].items()) + " |")
    return lines + [""]


def _tree_section(kind: str, rows: list[dict]) -> list[str]:
    if kind == "worst-case":
        lines = ["## FBS Debate against the worst-case liar, per Bob rule", "",
                 "Exact catch probability of the best liar (Theorem 4.2's DP) beside the "
                 "theorem's rho^-d, rho the smallest passing value (the theorem is about the "
                 "vertex rule; the other rules are compared with the same bound). Rule "
                 "`budgeted (ours)`: "
                 "Budgeted FBS Debate, this project's extension, not the paper's protocol; "
                 "least catch over exact and searched liars beside Theorem B1's 1/rho_T "
                 "(the bound column).", "",
                 "| depth | aggregators | rule | trees | min catch | mean catch | max catch | "
                 "min catch / bound | bound met on |", "|---|---|---|---|---|---|---|---|---|"]
        lines += [f"| {r['depth']} | {r['aggregators']} | {r['rule']} | {r['trees']} | "
                  f"{r['min']} | {r['mean_float']:.4g} | {r['max']} | "
                  f"{r['min_ratio_to_bound']} | {r['bound_met']} ({r['bound_from']}) |"
                  for r in rows]
    else:
        lines = ["## Global fbs rho_T against Lemma 5.4's rho^d", "",
                 "| depth | aggregators | trees | min rho_T | mean rho_T | max rho_T | "
                 "min rho_T / rho^d | rho_T = rho^d | Lemma 5.4 holds |",
                 "|---|---|---|---|---|---|---|---|---|"]
        lines += [f"| {r['depth']} | {r['aggregators']} | {r['trees']} | {r['min']} | "
                  f"{r['mean_float']:.4g} | {r['max']} | {r['min_ratio_to_bound']} | "
                  f"{r['rho_T_equals_rho_d']} | {r['lemma_5_4_holds']} |" for r in rows]
    return lines + [""]


def plot(census: Census) -> bytes:
    """PNG: shares of fbs, s, bs and C per arity, and the tree tables against their bounds
    (verify.sweep.census_plot)."""
    from .census_plot import plot as render

    return render(census)


def write_outputs(census: Census, prefix: str) -> None:
    """PREFIX.md, PREFIX.json and PREFIX.png, all three or none."""
    write_texts_atomic([(f"{prefix}.md", markdown(census)),
                        (f"{prefix}.json", json_text(census.to_json(), indent=1) + "\n"),
                        (f"{prefix}.png", plot(census))])
