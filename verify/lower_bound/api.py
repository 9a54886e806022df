"""The public API of paper Section 5: the global fbs rho_T and the adversarial oracles.

Trees and oracles may be given as objects or as file paths (see `verify.trees.api`). Both
functions return a frozen result with exact Fractions whose `to_json()` is what the matching
command prints with `--json` (`fbs tree fbs`, `fbs adversary`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Sequence

from verify.base.arguments import (
    EXACT,
    FLAG,
    PATH,
    TEXT,
    ExactArg,
    PathArg,
    api,
    optional,
    sequence,
)
from verify.base.errors import BadInput, SolverFailure
from verify.base.files import check_paths, write_text_atomic
from verify.base.notebook import NotebookView
from verify.base.numbers import exact_fields, fraction_text, integer_field, json_text
from verify.base.progress import Progress
from verify.lower_bound.adversary import PROFILE
from verify.protocol.bob_rules import RULE
from verify.trees.api import as_oracle, as_tree, input_files, oracle_bits, source_name
from verify.trees.kinds import ORACLE, TREE, OracleArg, TreeArg
from verify.trees.model import Tree, UniformTree
from verify.trees.oracles import write_oracle

from . import tree_fbs as recursion
from .adversary import AdversaryReport, Profile, adversarial_oracle, make_profile, report_document
from .global_function import DirectRho, QueryRow, direct_rho, query_table

DEFAULT_EPS = (Fraction(1, 100), Fraction(1, 10), Fraction(1, 4))


@dataclass(frozen=True, repr=False)
class GlobalFbs(NotebookView):
    """rho_T = fbs_alpha(F_T) (Section 5), with Lemma 5.4's bounds and Theorem 5.1's table."""

    tree_source: str | None
    oracle_source: str | None
    method: str  # "recursive" (weighted recursion, tree certificate) or "direct" (F_T's table)
    recursive: recursion.TreeFbs
    direct: DirectRho | None
    rows: tuple[QueryRow, ...]
    worst_case_catch: Fraction | None  # FBS Debate's best liar at O_Y, with worst_case=True
    certificate_path: str | None = None

    @property
    def value(self) -> Fraction:
        """rho_T (from the chosen method)."""
        return self.recursive.value if self.direct is None else self.direct.value

    @property
    def certified(self) -> bool:
        return self.recursive.certified if self.direct is None else self.direct.certified

    @property
    def certificate(self) -> dict:
        """Kind `tree` (recursive) or `exhaustive` (direct)."""
        return self.recursive.certificate if self.direct is None else self.direct.result.certificate

    @property
    def methods_agree(self) -> bool | None:
        """direct == recursive (None for the recursive method alone)."""
        return None if self.direct is None else self.direct.value == self.recursive.value

    def to_json(self) -> dict:
        """The JSON document `fbs tree fbs --json` prints."""
        document = self.recursive.summary()
        document.update(tree=self.tree_source, oracle=self.oracle_source, method=self.method)
        if self.direct is not None:
            direct = self.direct
            document.update(**exact_fields("rho_T", direct.value), certified=direct.certified, status=direct.result.status,
                            message=direct.result.message,
                            recursive_rho_T=fraction_text(self.recursive.value),
                            methods_agree=self.methods_agree)
        document["theorem_5_1"] = [query_row_document(row) for row in self.rows]
        document["theorem_5_1_applicable"] = document["uniform_depth"]
        if self.worst_case_catch is not None:
            document.update(exact_fields("worst_case_catch_exact", self.worst_case_catch))
        if self.certificate_path is not None:
            document["certificate"] = self.certificate_path
        return document


def query_row_document(row: QueryRow) -> dict:
    """One row of Theorem 5.1's table as JSON (exact integers as strings)."""
    return {"eps": fraction_text(row.eps), "m_min_rho_d": integer_field(row.lower_bound_rho_d),
            "m_min_rho_T": integer_field(row.lower_bound_rho_t),
            "debate_runs_theorem": integer_field(row.debate_runs_theorem),
            "debate_runs_worst_case_at_O_Y": integer_field(row.debate_runs_worst_case),
            "debate_runs_vs_adversary": integer_field(row.debate_runs_vs_adversary),
            "note": "FBS Debate's checker queries one leaf per run: m = R"}


TREE_FBS_METHODS = ("recursive", "direct")


@api(tree=TREE, oracle=ORACLE, method=TEXT, eps=sequence(EXACT, "numbers"),
     worst_case=FLAG, certificate=optional(PATH), progress=FLAG)
def tree_fbs(tree: TreeArg, oracle: OracleArg, *, method: str = "recursive",
             eps: Sequence[ExactArg] = DEFAULT_EPS, worst_case: bool = False,
             certificate: PathArg | None = None, progress: bool = False) -> GlobalFbs:
    """rho_T of the tree at the oracle, certified, with Theorem 5.1's query table for each eps.

    method "recursive" (any size: the weighted composition recursion, checked node by node;
    a described uniform tree, `uniform_tree(..., compact=True)` or a `uniform` file, is never
    listed) or "direct" (the fbs LP of F_T's truth table, at most 20 leaves). worst_case=True
    adds FBS Debate's exact runs. certificate: a path to write the certificate to.

    >>> from verify import random_oracle, tree_fbs, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = tree_fbs(tree, random_oracle(tree, seed=0))
    >>> result.value, result.certified
    (Fraction(4, 1), True)
    """
    if method not in TREE_FBS_METHODS:
        raise BadInput(f"unknown method {method!r} (choose from {', '.join(TREE_FBS_METHODS)})")
    eps = [Fraction(e) for e in eps]
    loaded = as_tree(tree, compact=method == "recursive" and not worst_case)
    check_paths([(certificate, "the certificate output")], input_files(tree, oracle, loaded))
    if isinstance(loaded, UniformTree):  # described, never listed
        direct, recursive = None, recursion.uniform_tree_fbs(loaded, oracle_bits(oracle, loaded))
        answers = None
    else:
        answers = as_oracle(oracle, loaded)
        direct = direct_rho(loaded, answers) if method == "direct" else None
        with Progress(len(loaded.internal()), "weighted recursion",
                      enabled=None if progress else False) as bar:
            recursive = recursion.tree_fbs(loaded, answers, check=direct is None, progress=bar)
    exact_catch = against = None
    if worst_case:
        from .adversary import debate_runs_vs_adversary

        exact_catch = _worst_case_catch(loaded, answers, recursive)
        against = debate_runs_vs_adversary(loaded, answers, recursive, eps)
    value = recursive.value if direct is None else direct.value
    rows = query_table(recursive.rho_min or 0, recursive.rho_max or 0, value, loaded.depth, eps,
                       exact_catch, against, uniform_depth=loaded.is_uniform)
    result = GlobalFbs(source_name(tree), source_name(oracle), method, recursive, direct,
                       tuple(rows), exact_catch)
    if not result.certified:
        raise SolverFailure(f"rho_T = {fraction_text(value)} was not certified: "
                            f"{result.to_json()['message']}; nothing written")
    if certificate is not None:
        write_text_atomic(certificate,
                          json_text(result.certificate, separators=(",", ":")) + "\n")
        result = replace(result, certificate_path=str(certificate))
    return result


def _worst_case_catch(tree: Tree, answers, recursive) -> Fraction:
    """The exact worst-case catch probability of FBS Debate at rho = the largest honest fbs."""
    from verify.protocol.engine import Debate
    from verify.protocol.worst_case import solve_worst_case

    rho = max(recursive.rho_max or 1, 1)
    return solve_worst_case(Debate.create(tree, answers, rho, "vertex")).catch_probability_exact


@dataclass(frozen=True, repr=False)
class Adversary(NotebookView):
    """Theorem 5.3's oracle O_N against one checker, with every inequality checked exactly."""

    tree: Tree
    tree_source: str | None
    oracle_source: str | None
    profile: Profile
    report: AdversaryReport
    output: str | None = None  # where O_N was written

    @property
    def oracle_n(self) -> dict[str, int]:
        return self.report.oracle_n

    @property
    def advantage(self) -> Fraction | None:
        return self.report.advantage

    def to_json(self) -> dict:
        """The JSON document `fbs adversary --json` prints."""
        document = report_document(self.report, self.tree)
        document.update(tree=self.tree_source, oracle=self.oracle_source,
                        checker_notes=self.profile.notes)
        if self.output is not None:
            document["output"] = self.output
        return document


@api(tree=TREE, oracle=ORACLE, checker=optional(TEXT), queries=optional(PATH), rule=RULE,
     sat_check=FLAG, output=optional(PATH), progress=FLAG, profile=optional(PROFILE))
def adversary(tree: TreeArg, oracle: OracleArg, *, checker: str | None = None,
              queries: PathArg | None = None, rule: str = "vertex", rho: ExactArg | None = None,
              sat_check: bool = True, output: PathArg | None = None, progress: bool = False,
              profile: Profile | None = None) -> Adversary:
    """An oracle O_N that flips the root yet fools the checker (Theorem 5.3), checked exactly.

    checker: "debate:R", "uniform:M" or "exhaustive"; or queries: an fbs-queries/1 file; or
    profile: a checker's query profile built elsewhere (e.g. `verify.budgeted_checker`).
    Raises SolverFailure (nothing written) if any inequality fails; writes O_N to `output`.

    >>> from fractions import Fraction
    >>> from verify import adversary, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = adversary(tree, random_oracle(tree, seed=0), checker="uniform:2")
    >>> result.report.all_hold, result.advantage <= Fraction(2) / result.report.rho_t
    (True, True)
    """
    from verify.protocol.engine import parse_rho

    loaded = as_tree(tree)
    check_paths([(output, "the O_N output")], input_files(tree, oracle, loaded)
                + [(source_name(queries), "the queries file")])
    answers = as_oracle(oracle, loaded)
    rho = None if rho is None else parse_rho(rho)
    if profile is None:
        profile = make_profile(loaded, answers, checker, queries, rule, rho)
    elif checker is not None or queries is not None:
        raise BadInput("give one of checker, queries and profile")
    with Progress(len(loaded.internal()), "weighted recursion",
                  enabled=None if progress else False) as bar:
        rho_t = recursion.tree_fbs(loaded, answers, progress=bar)
    report = adversarial_oracle(loaded, answers, profile, rho_t, sat_check=sat_check)
    if not (report.all_hold and report.certified):
        failed = [c.name for c in report.checks if c.applicable and not c.holds]
        raise SolverFailure(f"a check failed ({'; '.join(failed) or 'rho_T not certified'}); "
                            "nothing written")
    if output is not None:
        write_oracle(output, report.oracle_n,
                     f"adversarial oracle O_N (Theorem 5.3) for checker {report.checker}: O_Y of "
                     f"{source_name(oracle) or 'the given oracle'} flipped on {len(report.block)} "
                     "leaf queries")
    return Adversary(loaded, source_name(tree), source_name(oracle), profile, report,
                     None if output is None else str(output))
