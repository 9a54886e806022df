"""The census by structure as Markdown, and its files PREFIX.md and PREFIX.json (atomically)."""

from __future__ import annotations

from verify.base.files import write_texts_atomic
from verify.base.numbers import json_text

from .exhaustive_census import ExhaustiveCensus


def markdown(census: ExhaustiveCensus) -> str:
    """The census of every (function, input) pair on q inputs as a Markdown document."""
    document = census.to_json()
    q = census.q
    status = ("every class's fbs, s, bs and C certified by the stdlib-only checker "
              f"({document['certificates_checked']} certificates)" if census.certified
              else "exact, **not certified** (run without --uncertified to certify)")
    lines = [f"# Census of every Boolean function of {q} input{'s' if q > 1 else ''}, "
             "by structure", "",
             f"{document['functions']} functions, {document['inputs']} (function, input) "
             f"pairs, from {document['antichains']} antichains of minimal sensitive blocks in "
             f"{document['classes']} classes up to coordinate permutations "
             "(the reduction of docs/census.md, ours); " + status + ". Blocks name the "
             "coordinates x_1..x_q by their index.", "",
             "| measure | value: number of (function, input) pairs |", "|---|---|"]
    for measure in ("fbs", "s", "bs", "C"):
        lines.append(f"| {measure} | " + ", ".join(f"{v}: {n}" for v, n in
                                                     document[measure].items()) + " |")
    lines += ["", f"Chain s <= bs <= fbs <= C violated at {document['chain_violations']} pairs; "
              f"fbs is not an integer at {document['fbs_not_integer']}; s = 0 < bs at "
              f"{document['s_zero_bs_positive']} (bs/s undefined there).", "",
              "| ratio | largest | pairs attaining it | classes | minimal sensitive blocks of "
              "the first class | fbs | s | bs | C | least | witness (function at input) |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, extreme in document["extremes"].items():
        if extreme is not None:
            first = extreme["examples"][0]
            lines.append(f"| {name} | {extreme['ratio']} | {extreme['attained_by']} | "
                         f"{extreme['classes']} | {_blocks(first)} | {first['fbs']} | "
                         f"{first['s']} | {first['bs']} | {first['C']} | "
                         f"{extreme['least_ratio']} | `{extreme['witness']['spec']}` at "
                         f"`{extreme['witness']['input']}` |")
    strict = document["bs_lt_fbs_lt_C"]
    lines += ["", f"bs < fbs < C at {strict['inputs']} pairs ({strict['classes']} classes); "
              "the first classes:", ""]
    lines += [f"- {_blocks(e)} (e.g. `{e['spec']}` at `{e['input']}`): bs = {e['bs']} < "
              f"fbs = {e['fbs']} < C = {e['C']}, {e['pairs']} pairs" for e in strict["examples"]]
    lines += ["", *_global_section(document["global"], q, census.certified)]
    return "\n".join(lines) + "\n"


def _global_section(overall: dict | None, q: int, certified: bool) -> list[str]:
    if overall is None:
        more = ("; q = 5 with --global (minutes)" if q == 5 else
                f" and 5 only (q = {q} has 2^{2 ** q} functions)")
        return [f"The global measures (the maximum over the inputs) are computed for q <= 4"
                f"{more}.", ""]
    source = ("from the certified class values; the maximum over x is computed, not certified"
              if certified else "from the class values; **not certified**")
    lines = ["## The global measures: fbs(f) = max over x of fbs_x(f), and s, bs, C alike",
             "", f"Over all {overall['functions']} functions (exact, {source}).", "",
             "| measure | value: number of functions |", "|---|---|"]
    for measure in ("fbs", "s", "bs", "C"):
        lines.append(f"| {measure} | " + ", ".join(f"{v}: {n}" for v, n in
                                                     overall[measure].items()) + " |")
    return lines + ["", *identity_lines(overall), ""]


def identity_lines(overall: dict) -> list[str]:
    """What the table proves: s(f) <= bs(f) <= fbs(f) <= C(f) at every function, so equal
    distributions of two neighbours mean equal values at every function."""
    lines = []
    for pair in overall.get("identities", ()):
        low, high = pair["measures"]
        if pair["equal_for_every_function"]:
            lines.append(f"- {low}(f) = {high}(f) for every one of the {overall['functions']} "
                         f"functions (equal distributions, and {low}(f) <= {high}(f) at each; "
                         "exact, from the computed maxima, not certified)")
        else:
            lines.append(f"- {low}(f) < {high}(f) for some functions: the counts differ at "
                         f"{', '.join(pair['counts_differ_at'])}")
    return lines


def _blocks(example: dict) -> str:
    return "{" + ", ".join("{" + ",".join(str(i + 1) for i in block) + "}"
                           for block in example["blocks"]) + "}"


def write_outputs(census: ExhaustiveCensus, prefix: str) -> None:
    """PREFIX.md, PREFIX.json and PREFIX.png (the four measures compared), all or none."""
    from .census_plot import exhaustive_plot

    write_texts_atomic([(f"{prefix}.md", markdown(census)),
                        (f"{prefix}.json", json_text(census.to_json(), indent=1) + "\n"),
                        (f"{prefix}.png", exhaustive_plot(census))])
