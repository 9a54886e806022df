"""The public API of paper Section 4: run FBS Debate, its exact worst case, completeness, plans.

Trees and oracles may be given as objects or as file paths (see `verify.trees.api`). Every
function returns a frozen result with exact Fractions; `to_json()` is what the matching
`fbs debate ...` command prints with `--json`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from verify.base.arguments import (
    FLAG,
    PATH,
    ExactArg,
    PathArg,
    api,
    instance,
    integer,
    number,
    optional,
)
from verify.base.files import AtomicOutput, check_paths
from verify.base.notebook import NotebookView, exact_columns, require_pandas
from verify.base.numbers import exact_fields, fraction_text
from verify.base.progress import Progress
from verify.protocol.bob_rules import RULE
from verify.trees.api import as_menu_tree, as_oracle, input_files, oracle_bits
from verify.trees.described import DescribedTree
from verify.trees.kinds import ORACLE, TREE, OracleArg, TreeArg
from verify.trees.menus import count_realisations
from verify.trees.model import UniformTree

from .bob_rules import OPTIMAL_DUAL_RULES, require_optimal_dual_rule
from .debaters import BUILT_IN, HonestAlice, WorstCaseAlice, make_alice
from .engine import Debate, StateGraph, compile_states, parse_rho
from .menus import chosen_alternatives, realised_debate
from .worst_case_keyed import described_worst_case, internal_states

if TYPE_CHECKING:  # imported where used (start-up time: mpmath for intervals and plans)
    from . import planner
    from .completeness import CompletenessReport
    from .sampling import RunsResult


def debate_instance(tree, oracle, rho, rule: str = "vertex") -> Debate:
    """A validated Debate from a tree and an oracle (objects or files), rho and Bob's rule;
    the tree may offer menus (alternative decompositions, fbs-tree/2)."""
    loaded = as_menu_tree(tree)
    return Debate.create(loaded, as_oracle(oracle, loaded), parse_rho(rho), rule)


def _progress(enabled: bool, total: int, label: str) -> Progress:
    """A progress bar on a terminal when enabled, silent otherwise."""
    return Progress(total, label, enabled=None if enabled else False)


def _common(debate: Debate) -> dict:
    tree = debate.tree
    note = None if tree.is_uniform else (
        f"leaves lie at several depths; Theorem 4.2 is applied with the maximum depth {tree.depth}")
    document = {"tree": tree.description, "nodes": tree.n_nodes, "depth": tree.depth,
                "depth_note": note, "rho": fraction_text(debate.rho), "rule": debate.rule,
                "true_value": debate.values[tree.root],
                **exact_fields("theorem_4_2_bound", debate.theorem_bound),
                "theorem_4_2_applies": debate.rule in OPTIMAL_DUAL_RULES,
                "child_numbering": "0-based: child i is the paper's y_(i+1)"}
    if tree.has_menus:
        document.update(menu_nodes=len(tree.menus()), realisations=count_realisations(tree),
                        honest_alternatives=chosen_alternatives(debate))
    return document


def fbs_condition_violations(debate: Debate) -> tuple[tuple[str, Fraction], ...]:
    """Internal nodes where the FBS condition of Theorem 4.1 fails: (node id, honest fbs > rho);
    with menus, in the realisation the honest Alice forms (verify.protocol.menus)."""
    from .completeness import _violations

    return tuple(_violations(realised_debate(debate)))


# ----------------------------------------------------------------------------- runs


@dataclass(frozen=True, repr=False)
class DebateRuns(NotebookView):
    """N seeded runs of FBS Debate against one Alice, beside the exact catch probability."""

    debate: Debate
    alice: object  # HonestAlice, WorstCaseAlice or ScriptedAlice
    graph: StateGraph
    runs: RunsResult

    @property
    def catch_probability_exact(self) -> Fraction:
        return self.runs.catch_probability_exact

    @property
    def catch_rate_estimate(self) -> float:
        return self.runs.catch_rate_estimate

    @property
    def fbs_condition_violations(self) -> tuple[tuple[str, Fraction], ...]:
        """Nodes where the FBS condition fails (Theorem 4.1's hypothesis), for honest runs."""
        return fbs_condition_violations(self.debate)

    def to_json(self) -> dict:
        """The JSON document `fbs debate run --json` prints."""
        debate, result = self.debate, self.runs
        document = _common(debate)
        document.update({
            "alice": self.alice.name, "alice_answer": self.graph.answer,
            "alice_lies": self.graph.answer != debate.values[debate.tree.root]})
        document.update(result.to_json())
        document["cost_per_run_max"] = {
            **self.graph.cost_maxima().to_json(),
            "note": "each measure's maximum over the runs of positive probability: Alice's and "
                    "the judge's counted oracle reads, Alice's work units (null: she keeps no "
                    "counter), Bob's LPs (variables, minimal sensitive blocks); the honest Alice "
                    "reads precomputed values (0 queries), --alice solver solves through the "
                    "oracle (Theorem 4.1)"}
        if isinstance(self.alice, WorstCaseAlice):
            document.update({**exact_fields("instance_bound", self.alice.result.instance_bound),
                             "theorem_4_2_holds": self.alice.result.theorem_holds})
        if isinstance(self.alice, HonestAlice) or self.alice.name.startswith("solver"):
            violations = self.fbs_condition_violations
            document.update({"fbs_condition_holds": not violations,
                             "violations": [{"node": n, "fbs": fraction_text(v)}
                                            for n, v in violations[:100]]})
        return document


ALICE = instance(str, os.PathLike, what="honest, worst, solver, solver-lazy or the path of an "
                 "fbs-alice/1 script")


@api(tree=TREE, oracle=ORACLE, alice=ALICE, runs=integer(1), seed=integer(0), rule=RULE,
     confidence=number(0, 1), transcript=optional(PATH), progress=FLAG)
def debate(tree: TreeArg, oracle: OracleArg, rho: ExactArg, *, alice: str = "honest",
           runs: int = 1, seed: int = 0, rule: str = "vertex", confidence: float = 0.95,
           transcript: PathArg | None = None, progress: bool = False) -> DebateRuns:
    """Run FBS Debate (Section 4) `runs` times with seeded randomness.

    alice: "honest" (Theorem 4.1's strategy), "worst" (the exact worst-case liar), "solver"
    (the honest Alice who solves each sub-problem through the counted oracle, so the result's
    cost counts her real oracle queries; verify.protocol.solving), "solver-lazy" (the same,
    short-circuiting: she stops reading children once an aggregator's value is decided) or
    the path of an fbs-alice/1 script. The solver Alices need a fixed tree: a tree with menus
    is refused (BadInput). transcript: a path for the JSON-lines transcript (written
    atomically). The exact catch probability of the strategy comes with the sampled rate.

    A tree with menus (alternative decompositions, fbs-tree/2, docs/menus.md) is read with
    `load_menu_tree` (a path given here is read the same way), e.g.
    `debate(load_menu_tree("examples/menu-tree.json"), "examples/menu-oracle.json", 2)`.

    >>> from verify import debate, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = debate(tree, random_oracle(tree, seed=0), 2, alice="worst", runs=1000, seed=1)
    >>> result.catch_probability_exact, result.runs.interval_contains_exact
    (Fraction(1, 4), True)
    """
    from verify.base.errors import BadInput

    from .sampling import check_run_size, sample_runs

    instance = debate_instance(tree, oracle, rho, rule)
    script = None if alice in BUILT_IN else alice
    check_paths([(transcript, "the transcript output")],
                input_files(tree, oracle, instance.tree) + [(script, "the Alice script")])
    if not 1 <= runs <= 10**9 or seed < 0:
        raise BadInput(f"--runs must be in 1..10^9 and --seed >= 0, got {runs} and {seed}")
    if not 0 < confidence < 1:
        raise BadInput(f"--confidence must be in (0, 1), got {confidence}")
    check_run_size(runs, instance.tree.depth)
    if alice == "worst":
        with _progress(progress, instance.tree.n_nodes, "worst-case DP") as bar:
            debater = make_alice(alice, instance, bar)
    else:
        debater = make_alice(alice, instance)
    graph = compile_states(instance, debater)
    with _progress(progress, runs, "runs") as bar:
        if transcript is None:
            result = sample_runs(instance, graph, runs, seed, confidence, None, debater.name, bar)
        else:
            with AtomicOutput(transcript) as stream:
                result = sample_runs(instance, graph, runs, seed, confidence, stream,
                                     debater.name, bar)
    return DebateRuns(instance, debater, graph, result)


# ----------------------------------------------------------------------------- worst case


@dataclass(frozen=True, repr=False)
class WorstCase(NotebookView):
    """The exact worst-case liar (Theorem 4.2's dynamic program) and its reachable states
    (`graph`, compiled when first read; on a described uniform tree the strategy's internal
    states are walked without it, verify.protocol.worst_case_keyed)."""

    debate: Debate
    alice: WorstCaseAlice

    @cached_property
    def graph(self) -> StateGraph:
        """Every state reachable with positive probability, leaves included."""
        return compile_states(self.debate, self.alice)

    @cached_property
    def strategy_steps(self) -> tuple:
        """The reachable states at internal nodes, breadth first (those with a claim vector)."""
        if isinstance(self.debate.tree, DescribedTree):
            return tuple(internal_states(self.debate, self.alice))
        return tuple(current for current in self.graph.steps if current.z is not None)

    @property
    def catch_probability_exact(self) -> Fraction:
        return self.alice.result.catch_probability_exact

    @property
    def theorem_bound(self) -> Fraction:
        """rho^-d (Theorem 4.2)."""
        return self.alice.result.theorem_bound

    def to_json(self, states: int | None = None) -> dict:
        """The JSON document `fbs debate worst-case --json` prints (with `states`, only the
        first that many reachable states are listed; `strategy_states` counts them all).
        Each `strategy` row is a reachable state of the liar at an internal node: her claim
        vector z, the children she lies about, fbs_z, `outcome` (what Bob's checks at this
        node decide: "continues" when both pass and Bob samples a child, else "bob_wins" or
        "alice_wins", as in transcripts) and catch(node, claim), the exact catch probability
        from there (docs/formats.md, "Worst-case liar")."""
        debate, result, tree = self.debate, self.alice.result, self.debate.tree
        strategy, steps = [], self.strategy_steps
        for current in steps[:states]:
            node = current.node
            lies = [i for i, c in enumerate(current.sub_problems(tree))
                    if current.z[i] != debate.values[c]]
            chosen = {} if current.alternative is None else {
                "alternative": tree.ids[current.decomposition(tree)]}
            strategy.append({"node": tree.ids[node], **chosen, "claim": current.claim,
                             "z": "".join(map(str, current.z)), "lies": lies,
                             "fbs": fraction_text(current.fbs) if current.fbs is not None else None,
                             "outcome": current.outcome or CONTINUES,
                             "catch": fraction_text(result.catch[node][current.claim])})
        document = _common(debate)
        document.update({
            "alice_answer": 1 - debate.values[tree.root],
            **exact_fields("catch_probability_exact", result.catch_probability_exact),
            "theorem_4_2_holds": result.theorem_holds,
            **exact_fields("instance_bound", result.instance_bound),
            **exact_fields("true_claim_catch", result.true_claim_catch),
            "memo_entries": result.memo_entries, "strategy_states": len(steps),
            "strategy": strategy})
        return document

    def to_pandas(self):
        """The worst-case liar's reachable states as a DataFrame, one row per state (the
        `strategy` of to_json(): node, claim, z, lies, fbs, outcome, catch; on a tree with
        menus also `alternative`, the decomposition she chose, None at ordinary nodes); fbs
        and catch are exact Fractions with fbs_float and catch_float beside them."""
        rows = self.to_json()["strategy"]
        menus = ["alternative"] if any("alternative" in row for row in rows) else []
        frame = require_pandas().DataFrame(rows, columns=["node", *menus, "claim", "z", "lies",
                                                          "fbs", "outcome", "catch"])
        return exact_columns(frame, ["fbs", "catch"])


CONTINUES = "continues"  # a strategy row's outcome when Bob's checks pass and he samples a child


@api(tree=TREE, oracle=ORACLE, rule=RULE, progress=FLAG)
def worst_case(tree: TreeArg, oracle: OracleArg, rho: ExactArg, *, rule: str = "vertex",
               progress: bool = False) -> WorstCase:
    """The liar minimising Bob's exact catch probability, beside Theorem 4.2's rho^-d.

    A described uniform tree (`uniform_tree(..., compact=True)` or a `uniform` file) is
    solved without listing it, by classes of equal subproblems (the same values, choices and
    strategy; verify.protocol.worst_case_keyed), up to the description's 2^26 leaves.

    >>> from verify import random_oracle, uniform_tree, worst_case
    >>> tree = uniform_tree("and:2", 2)
    >>> result = worst_case(tree, random_oracle(tree, seed=3), 2)
    >>> result.catch_probability_exact >= result.theorem_bound
    True
    >>> big = uniform_tree("maj:9", 7, compact=True)  # 5,380,840 nodes, never listed
    >>> worst_case(big, random_oracle(big, seed=0), 5).catch_probability_exact
    Fraction(1, 78125)
    """
    loaded = as_menu_tree(tree, compact=True)
    if isinstance(loaded, UniformTree):  # described: solved by classes, never listed
        with _progress(progress, loaded.n_nodes, "worst-case DP") as bar:
            instance, solved = described_worst_case(loaded, oracle_bits(oracle, loaded), rho,
                                                    rule, bar)
        return WorstCase(instance, WorstCaseAlice(solved))
    instance = Debate.create(loaded, as_oracle(oracle, loaded), parse_rho(rho), rule)
    with _progress(progress, instance.tree.n_nodes, "worst-case DP") as bar:
        return WorstCase(instance, WorstCaseAlice.solve(instance, bar))


# ----------------------------------------------------------------------------- completeness


@dataclass(frozen=True, repr=False)
class Completeness(NotebookView):
    """Every path Bob can sample against the honest Alice (Theorem 4.1); with menus, on the
    realisation her choices form (she plays it exactly; node ids are the alternatives')."""

    debate: Debate
    report: CompletenessReport

    @property
    def never_loses(self) -> bool:
        return self.report.never_loses

    def to_json(self) -> dict:
        """The JSON document `fbs debate completeness --json` prints."""
        report = self.report
        document = _common(self.debate)
        document.update({
            "paths": report.paths, "honest_never_loses": report.never_loses,
            **exact_fields("loss_probability", report.loss_probability),
            "fbs_condition_holds": report.fbs_condition_holds,
            "violations": [{"node": n, "fbs": fraction_text(v)} for n, v in report.violations],
            "losing_paths": [{"path": list(p.nodes), "reason": p.reason,
                              "probability": fraction_text(p.probability)}
                             for p in report.losing_paths[:100]],
            "queries_on_path_max": report.queries_on_path_max,
            "query_bound_d_q_Q": report.query_bound, "Q": report.Q, "q": report.width,
            "d": report.depth})
        return document


@api(tree=TREE, oracle=ORACLE, rule=RULE)
def completeness(tree: TreeArg, oracle: OracleArg, rho: ExactArg, *,
                 rule: str = "vertex") -> Completeness:
    """Enumerate every Bob sample path against the honest Alice (small trees).

    >>> from verify import completeness, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> completeness(tree, random_oracle(tree, seed=0), 2).never_loses
    True
    """
    from .completeness import check_completeness

    instance = debate_instance(tree, oracle, rho, rule)
    return Completeness(instance, check_completeness(realised_debate(instance)))


# ----------------------------------------------------------------------------- plan


@api(depth=optional(integer(0)), width=optional(integer(1)), tree=optional(TREE),
     oracle=optional(ORACLE), rule=RULE, progress=FLAG)
def plan(rho: ExactArg, depth: int | None = None, delta: ExactArg = "1/100", *,
         width: int | None = None, tree: TreeArg | None = None, oracle: OracleArg | None = None,
         rule: str = "vertex", progress: bool = False) -> planner.Plan:
    """Runs needed to catch a liar with probability >= 1 - delta (Section 4, after Theorem 4.2).

    With a tree and an oracle, also the runs for the tree's exact worst-case catch
    probability (the dynamic program) beside the theorem's rho^-d.

    >>> from verify import plan
    >>> result = plan(2, 3, "1/100")
    >>> result.per_run_bound, result.runs_theorem
    (Fraction(1, 8), 35)
    """
    from verify.base.errors import BadInput

    from . import planner

    require_optimal_dual_rule(rule, "debate plan (its per-run bound rho^-d)")
    rho = parse_rho(rho)
    delta = planner.parse_probability(delta, "--delta")
    exact = leaves = None
    if tree is None and (oracle is not None or rule != "vertex"):
        raise BadInput("--oracle and --rule need --tree (without a tree they would be ignored)")
    if tree is not None:
        if oracle is None:
            raise BadInput("--tree needs --oracle")
        instance = debate_instance(tree, oracle, rho, rule)
        if depth is not None and depth != instance.tree.depth:
            raise BadInput(f"--depth {depth} does not match the tree's depth {instance.tree.depth}")
        depth, width = instance.tree.depth, width or instance.tree.max_width()
        leaves = len(instance.tree.leaves())
        with _progress(progress, instance.tree.n_nodes, "worst-case DP") as bar:
            exact = WorstCaseAlice.solve(instance, bar).result.catch_probability_exact
    if depth is None:
        raise BadInput("give --depth D (or --tree and --oracle)")
    if width is not None and width < 1:
        raise BadInput(f"--width must be >= 1, got {width}")
    return planner.plan(rho, depth, delta, width, exact, rule if tree is not None else None,
                        leaves)

