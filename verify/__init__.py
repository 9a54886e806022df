"""fbs-verify: exact, certified numbers for *How to Have a Sensitive Debate* (docs/api.md).

The public API, by paper section (every name loads its module on first use, so that
`import verify.checker` stays standard-library only):

* Section 3.3, fbs: `fbs`, `certify`, `check`, `blocks`, `check_blocks`, `parse_spec`;
  s, bs, fbs and C at one input (`measures_at`) and maximised over all inputs (`measures`)
* Sections 3.1-3.2, trees and oracles: `load_tree`, `load_oracle`, `uniform_tree`,
  `random_tree`, `literature_tree`, `random_oracle`, `node_values`, `tree_info`, `write_tree`,
  `tree_to_networkx`, `tree_from_networkx`, `oracle_from_networkx`;
  menus (Alice decomposes on the fly, docs/menus.md): `load_menu_tree`, `realise`, `realisations`
* Section 4, the protocol: `debate`, `worst_case`, `completeness`, `plan`
* Section 5, the lower bound: `tree_fbs`, `adversary`, `light_block`
* Budgeted FBS Debate, THIS PROJECT'S EXTENSION (docs/budgeted.md): `budgeted_debate`,
  `budgeted_worst_case`, `budgeted_completeness`, `budgeted_plan`, `budgeted_optimality`,
  `budgeted_checker`
* the paper report: `paper`, `check_stored`
* sweeps on Dask and their census: `run_sweep`, `read_store`, `census`, `exhaustive_census`
* errors: `FbsError`, `BadInput`, `TooLarge`, `SolverFailure`
* notebooks: every result is a `NotebookView` (`_repr_markdown_`; `to_pandas()` for tables)

Every function returns a frozen result with exact `Fraction`s; its `to_json()` is what the
matching `fbs` command prints with `--json`.

>>> from verify import fbs
>>> fbs("maj:6", "111100").value
Fraction(4, 1)
"""

__version__ = "0.1.0"

_API = {
    "verify.sensitivity.exact_fbs": ("fbs", "FbsResult", "measures_at"),
    "verify.sensitivity.global_measures": ("measures", "GlobalMeasures"),
    "verify.sensitivity.api": ("certify", "check", "blocks", "check_blocks"),
    "verify.sensitivity.measures": ("Measures",),
    "verify.functions.spec": ("parse_spec",),
    "verify.functions.families": ("BooleanFunction",),
    "verify.trees.api": ("Tree", "load_tree", "load_oracle", "uniform_tree", "random_tree",
                         "literature_tree", "random_oracle", "node_values", "tree_info",
                         "write_tree", "load_menu_tree", "realise", "realisations"),
    "verify.trees.graphs": ("tree_to_networkx", "tree_from_networkx", "oracle_from_networkx"),
    "verify.protocol.api": ("debate", "worst_case", "completeness", "plan"),
    "verify.lower_bound.api": ("tree_fbs", "adversary"),
    "verify.lower_bound.light_blocks": ("light_block",),
    "verify.budgeted.api": ("budgeted_debate", "budgeted_worst_case", "budgeted_completeness",
                            "budgeted_plan", "budgeted_optimality", "budgeted_checker"),
    "verify.report.api": ("paper", "check_stored"),
    "verify.sweep.api": ("run_sweep", "census", "read_store", "exhaustive_census"),
    "verify.base.errors": ("FbsError", "BadInput", "TooLarge", "SolverFailure"),
    "verify.base.notebook": ("NotebookView",),
}
_LAZY = {name: module for module, names in _API.items() for name in names}

__all__ = sorted(_LAZY)


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'verify' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


TYPE_CHECKING = False  # type checkers read the block below; at run time nothing is imported
if TYPE_CHECKING:  # the names of _API for mypy (tests/base/test_types.py keeps them equal)
    from verify.base.errors import BadInput, FbsError, SolverFailure, TooLarge  # noqa: F401
    from verify.base.notebook import NotebookView  # noqa: F401
    from verify.budgeted.api import (  # noqa: F401
        budgeted_checker,
        budgeted_completeness,
        budgeted_debate,
        budgeted_optimality,
        budgeted_plan,
        budgeted_worst_case,
    )
    from verify.functions.families import BooleanFunction  # noqa: F401
    from verify.functions.spec import parse_spec  # noqa: F401
    from verify.lower_bound.api import adversary, tree_fbs  # noqa: F401
    from verify.lower_bound.light_blocks import light_block  # noqa: F401
    from verify.protocol.api import completeness, debate, plan, worst_case  # noqa: F401
    from verify.report.api import check_stored, paper  # noqa: F401
    from verify.sensitivity.api import blocks, certify, check, check_blocks  # noqa: F401
    from verify.sensitivity.exact_fbs import FbsResult, fbs, measures_at  # noqa: F401
    from verify.sensitivity.global_measures import GlobalMeasures, measures  # noqa: F401
    from verify.sensitivity.measures import Measures  # noqa: F401
    from verify.sweep.api import census, exhaustive_census, read_store, run_sweep  # noqa: F401
    from verify.trees.api import (  # noqa: F401
        Tree,
        literature_tree,
        load_menu_tree,
        load_oracle,
        load_tree,
        node_values,
        random_oracle,
        random_tree,
        realisations,
        realise,
        tree_info,
        uniform_tree,
        write_tree,
    )
    from verify.trees.graphs import (  # noqa: F401
        oracle_from_networkx,
        tree_from_networkx,
        tree_to_networkx,
    )
