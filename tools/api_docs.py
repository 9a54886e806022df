"""Write docs/api.md from the docstrings of the public API (`python tools/api_docs.py`).

tests/test_api.py fails when docs/api.md differs from what this prints, so the page cannot
go stale: after changing a public docstring or signature, run this and commit the page.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import verify  # noqa: E402

SECTIONS = [
    ("Section 3.3: fractional block sensitivity",
     ["fbs", "certify", "check", "blocks", "check_blocks", "parse_spec"]),
    ("Sections 3.1 and 3.2: decomposition trees and oracles",
     ["load_tree", "load_menu_tree", "load_oracle", "write_tree", "uniform_tree", "random_tree", "literature_tree",
      "random_oracle", "node_values", "tree_info", "tree_to_networkx", "tree_from_networkx",
      "oracle_from_networkx"]),
    ("Section 4: the FBS Debate protocol", ["debate", "worst_case", "completeness", "plan"]),
    ("Section 5: the lower bound", ["tree_fbs", "adversary", "light_block"]),
    ("Budgeted FBS Debate: THIS PROJECT'S EXTENSION, not the paper's (docs/budgeted.md)",
     ["budgeted_debate", "budgeted_worst_case", "budgeted_completeness", "budgeted_plan",
      "budgeted_optimality", "budgeted_checker"]),
    ("The paper report", ["paper", "check_stored"]),
    ("Sweeps on Dask and their census", ["run_sweep", "read_store", "census",
                                         "exhaustive_census"]),
    ("Notebooks and dataframes", ["NotebookView"]),
]
RESULTS = [("verify.sensitivity.exact_fbs", "FbsResult"),
           ("verify.sensitivity.api", "CertificateCheck"), ("verify.sensitivity.api", "BlockList"),
           ("verify.sensitivity.sat.family", "FamilyReport"), ("verify.trees.api", "TreeInfo"),
           ("verify.protocol.api", "DebateRuns"), ("verify.protocol.api", "WorstCase"),
           ("verify.protocol.api", "Completeness"), ("verify.protocol.planner", "Plan"),
           ("verify.lower_bound.api", "GlobalFbs"), ("verify.lower_bound.api", "Adversary"),
           ("verify.budgeted.api", "BudgetedRuns"), ("verify.budgeted.api", "BudgetedWorstCase"),
           ("verify.budgeted.api", "BudgetedCompleteness"), ("verify.budgeted.api", "BudgetedPlan"),
           ("verify.budgeted.api", "BudgetedOptimality"),
           ("verify.report.api", "PaperReport"), ("verify.report.api", "StoredCheck"),
           ("verify.sweep.api", "SweepResult"), ("verify.sweep.census", "Census"),
           ("verify.sweep.exhaustive_census", "ExhaustiveCensus")]


def _doc(obj) -> list[str]:
    """The docstring with doctest examples fenced as Python code."""
    out, in_code = [], False
    for line in inspect.getdoc(obj).splitlines():
        if line.startswith(">>>") and not in_code:
            out.append("```python")
            in_code = True
        elif not line.strip() and in_code:
            out.append("```")
            in_code = False
        out.append(line)
    return out + (["```"] if in_code else [])


def _summary(cls) -> str:
    """The first paragraph of a docstring, whole (never cut at its first line)."""
    return " ".join(inspect.getdoc(cls).split("\n\n")[0].split())


def _heading(name: str, obj) -> str:
    return f"### `{name}`" if inspect.isclass(obj) else f"### `{name}{inspect.signature(obj)}`"


def render() -> str:
    out = ["# Python API", "",
           "Generated from the docstrings by `python tools/api_docs.py`; every example below runs",
           "as a doctest in the test suite. Import everything from `verify`:", "",
           "```python", "from verify import fbs, debate, worst_case, tree_fbs, adversary", "```",
           "",
           "Trees and oracles can be given as objects or as paths of `fbs-tree/1` and",
           "`fbs-oracle/1` files ([formats.md](formats.md)). Every function returns a frozen",
           "result with exact `Fraction`s; `to_json()` is what the matching `fbs` command prints",
           "with `--json`. Errors a caller can cause raise `verify.BadInput` (a `verify.FbsError`",
           "with exit code 2); `verify.SolverFailure` (exit code 3) means a bug of ours. A",
           "wrong argument (a missing or unknown one, a wrong type, an option that would be",
           "ignored) is `BadInput` with one line naming the function and the argument, before",
           "any work (`verify/base/arguments.py`).", ""]
    for title, names in SECTIONS:
        out += [f"## {title}", ""]
        for name in names:
            obj = getattr(verify, name)
            out += [_heading(name, obj), "", *_doc(obj), ""]
    out += ["## Result types", "",
            "All frozen dataclasses (fields below; `to_json()` gives the command's document).", ""]
    for module, name in RESULTS:
        cls = getattr(importlib.import_module(module), name)
        fields = ", ".join(f"`{f.name}`" for f in dataclasses.fields(cls))
        out += [f"### `{name}` ({module})", "", _summary(cls), "", f"Fields: {fields}.", ""]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[1] / "docs" / "api.md"
    target.write_text(render())
    print(f"wrote {target}")
