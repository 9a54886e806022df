"""One regression check per claim of the paper; `fbs paper` runs them all.

Each module defines CHECK, a `verify.report.runner.PaperCheck`, and is named after its place in
the paper (section, definition, theorem). This package sits above every layer of `verify`: it
imports `verify`, and `verify` reaches it only by name (`verify.report.api.all_checks`).
A new check is a module here, registered in MODULES below and in the README's claim table.
"""

import importlib

MODULES = [
    "section_1_1_honesty_dominant",
    "section_1_1_instance_optimal",
    "section_1_2_majority_two_thirds",
    "section_1_2_fifty_of_99",
    "section_1_2_rho_d_vs_q_d",
    "section_3_3_and",
    "definitions_3_3_3_4_duality",
    "footnote_3_chain",
    "footnote_1_robust",
    "section_3_2_exhaustive",
    "theorem_4_1_completeness",
    "theorem_4_1_cost",
    "theorem_4_2_soundness",
    "theorem_4_2_z3",
    "theorem_4_1_menus",
    "theorem_4_2_menus",
    "section_4_repetitions",
    "lemma_5_2",
    "lemma_5_4",
    "theorem_5_3",
    "theorem_5_1",
    "section_5_repeated_queries",
    "section_5_menus",
    "budgeted_debate",  # this project's extension, not a claim of the paper
]


EXTENSIONS = ("budgeted_debate",)  # this project's own protocols: `fbs paper --extensions`


def all_checks():
    """The registered checks, in report order."""
    return [importlib.import_module(f"{__name__}.{name}").CHECK for name in MODULES]
