"""The public API of Budgeted FBS Debate: THIS PROJECT'S EXTENSION (docs/budgeted.md).

Trees and oracles are objects or file paths (verify.trees.api). beta_max defaults to rho_T,
the certified global fbs of Section 5 (leaf queries must then be pairwise distinct). Every
function returns a frozen result with exact Fractions; `to_json()` is what the matching
`fbs ... --protocol budgeted` command prints with `--json`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
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
    integer,
    number,
    optional,
    sequence,
)
from verify.base.errors import BadInput, TooLarge
from verify.base.files import AtomicOutput
from verify.base.notebook import NotebookView
from verify.base.numbers import as_float, exact_fields, fraction_text, integer_field
from verify.base.progress import Progress
from verify.lower_bound.adversary import Profile
from verify.lower_bound.global_function import check_distinct_queries, leaf_order
from verify.lower_bound.tree_fbs import TreeFbs, tree_fbs, uniform_tree_fbs
from verify.protocol.engine import ALICE_WINS, BOB_WINS, StateGraph
from verify.protocol.planner import parse_probability, repetitions_needed
from verify.protocol.sampling import RunsResult, check_run_size, sample_runs
from verify.trees.api import as_oracle, as_tree, oracle_bits
from verify.trees.kinds import ORACLE, TREE, OracleArg, TreeArg
from verify.trees.model import UniformTree

from .bob import seed_views
from .bounds import (
    MAX_ROOT_WIDTH,
    LowerBound,
    exact_at_height_one,
    per_child_lower_bound,
)
from .debaters import CommittedAlice, honest_alice, honest_budgets
from .described import described_debate, internal_groups
from .engine import BudgetedDebate, compile_states, parse_beta_max
from .liar_search import SacrificeSearch, sacrifice_search
from .transcript import BudgetedTranscriptWriter
from .worst_case import (
    CommittedWorstCase,
    GridWorstCase,
    RandomSearch,
    committed_worst_case,
    default_grid,
    grid_combinations,
    grid_worst_case,
    random_search,
)

ONE, ZERO = Fraction(1), Fraction(0)
EXTENSION = "budgeted (this project's extension, docs/budgeted.md; not the paper's protocol)"
# Work budgets of `worst_case_plan`, decided before any work; each LP is ~0.1-0.5 ms here, so
# every stage stays within seconds (bench/RESULTS.md, "Budgeted worst case: work budgets").
MAX_EXACT_NODES = 40  # the committed DP is attempted up to this size
MAX_COMMITTED_COMBINATIONS = 20_000  # ... and this many child-outcome combinations (LPs)
MAX_GRID_COMBINATIONS = 100_000  # the grid DP runs when its predicted work is at most this
MAX_BOUND_VECTORS = 1 << 13  # claim vectors (two LPs each) the per-child bound may list
MAX_RANDOM_NODES = 5_000  # the random liar search runs up to this size
MAX_RANDOM_WIDTH = 14  # ... at widths up to this (each liar lists 2^q vectors per node)
MAX_RANDOM_WORK = 1_000_000  # ... and as many liars as fit this many vectors and states
MAX_DIRECT_LEAVES = 20  # optimality certified on F_T's truth table up to this many leaves


@dataclass(frozen=True)
class Instance:
    """A budgeted debate with rho_T beside it (None if the leaf queries repeat)."""

    debate: BudgetedDebate
    rho: TreeFbs | None

    @property
    def rho_t(self) -> Fraction | None:
        return None if self.rho is None else self.rho.value

    def common(self) -> dict:
        tree, debate = self.debate.tree, self.debate
        return {"protocol": EXTENSION, "tree": tree.description, "nodes": tree.n_nodes,
                "depth": tree.depth, **exact_fields("beta_max", debate.beta_max),
                **exact_fields("rho_T", self.rho_t), **exact_fields("guarantee", debate.guarantee),
                "true_value": debate.values[tree.root]}


def budgeted_instance(tree, oracle, beta_max=None, compact: bool = False) -> Instance:
    """The instance; rho_T is computed (certified) whenever the leaf queries are distinct.
    With compact=True a described uniform tree stays described (verify.budgeted.described:
    values, ranges and honest budgets per class, nodes read on demand)."""
    loaded = as_tree(tree, compact=compact)
    if isinstance(loaded, UniformTree):
        return _described_instance(loaded, oracle_bits(oracle, loaded), beta_max)
    answers = as_oracle(oracle, loaded)
    rho = None
    try:
        check_distinct_queries(loaded)
        distinct = True
    except BadInput:
        if beta_max is None:
            raise BadInput("beta_max defaults to rho_T, which needs pairwise distinct leaf "
                           "queries (paper Section 5): give beta_max explicitly") from None
        distinct = False
    if distinct:
        rho = _certified_rho(tree_fbs(loaded, answers))
        seed_views(rho.records, rho.certified)
    limit = rho.value if beta_max is None else parse_beta_max(beta_max)
    return Instance(BudgetedDebate.create(loaded, answers, limit), rho)


def _described_instance(tree: UniformTree, bits: str, beta_max) -> Instance:
    """A uniform tree's leaf queries are distinct: rho_T by classes (uniform_tree_fbs)."""
    rho = _certified_rho(uniform_tree_fbs(tree, bits))
    limit = rho.value if beta_max is None else parse_beta_max(beta_max)
    return Instance(described_debate(tree, bits, limit), rho)


def _certified_rho(rho):
    if not rho.certified:
        raise BadInput(f"rho_T was not certified: {rho.message}")
    return rho


def _alice(instance: Instance, kind: str):
    if kind == "honest":
        return honest_alice(instance.debate)
    if kind == "worst":
        return sacrifice_search(instance.debate).alice
    raise BadInput(f"the budgeted protocol takes --alice honest or worst, got {kind!r}")


# ----------------------------------------------------------------------------- runs


@dataclass(frozen=True, repr=False)
class BudgetedRuns(NotebookView):
    """N seeded runs of Budgeted FBS Debate against one Alice, with the exact catch probability."""

    instance: Instance
    alice: CommittedAlice
    graph: StateGraph
    runs: RunsResult

    @property
    def catch_probability_exact(self) -> Fraction:
        return self.runs.catch_probability_exact

    def to_json(self) -> dict:
        debate, result = self.instance.debate, self.runs
        claim, budget = self.alice.answer(debate)
        document = self.instance.common()
        document.update({
            "alice": self.alice.name, "alice_answer": claim,
            **exact_fields("alice_root_budget", budget),
            "alice_lies": claim != debate.values[debate.tree.root]})
        document.update(result.to_json())
        return document


@api(tree=TREE, oracle=ORACLE, alice=TEXT, runs=integer(1), seed=integer(0),
     confidence=number(0, 1), transcript=optional(PATH), progress=FLAG)
def budgeted_debate(tree: TreeArg, oracle: OracleArg, *, beta_max: ExactArg | None = None,
                    alice: str = "honest", runs: int = 1, seed: int = 0,
                    confidence: float = 0.95, transcript: PathArg | None = None,
                    progress: bool = False) -> BudgetedRuns:
    """Run Budgeted FBS Debate (ours) `runs` times; alice "honest" or "worst" (the best liar
    of the sacrifice-and-inflate search, any tree size; an upper bound on the worst case).

    >>> from verify import budgeted_debate, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = budgeted_debate(tree, random_oracle(tree, seed=0), alice="worst", runs=2000)
    >>> result.catch_probability_exact, result.instance.rho_t   # meets 1 / rho_T exactly here
    (Fraction(1, 4), Fraction(4, 1))
    """
    if not 1 <= runs <= 10**9 or seed < 0:
        raise BadInput(f"--runs must be in 1..10^9 and --seed >= 0, got {runs} and {seed}")
    if not 0 < confidence < 1:
        raise BadInput(f"--confidence must be in (0, 1), got {confidence}")
    instance = budgeted_instance(tree, oracle, beta_max)
    check_run_size(runs, instance.debate.tree.depth)
    debater = _alice(instance, alice)
    graph = compile_states(instance.debate, debater)
    with Progress(runs, "runs", enabled=None if progress else False) as bar:
        if transcript is None:
            result = sample_runs(instance.debate, graph, runs, seed, confidence, None,
                                 debater.name, bar)
        else:
            with AtomicOutput(transcript) as stream:
                result = sample_runs(instance.debate, graph, runs, seed, confidence, stream,
                                     debater.name, bar, BudgetedTranscriptWriter)
    return BudgetedRuns(instance, debater, graph, result)


# ----------------------------------------------------------------------------- worst case


@dataclass(frozen=True, repr=False)
class BudgetedWorstCase(NotebookView):
    """The worst case as an interval [proved lower bound, best liar found] (docs/budgeted.md,
    section 5): exact only where the two meet. Every liar found is compared with the
    guarantee min(1, 1/beta_max) of Theorem B1."""

    instance: Instance
    lower: LowerBound  # Proposition B1' (ours), any tree size
    exact_all: Fraction | None  # exact over ALL liars (root children leaves or constant)
    sacrifice: SacrificeSearch
    committed: CommittedWorstCase | None
    grid: GridWorstCase | None
    search: RandomSearch | None
    skipped: tuple[str, ...]  # why a search was not attempted (decided before the work)

    @property
    def lower_bound(self) -> Fraction:
        """Proved: every liar is caught with at least this probability."""
        return self.lower.value if self.exact_all is None else max(self.lower.value,
                                                                   self.exact_all)

    @property
    def upper_bound(self) -> Fraction:
        """The least exact catch probability of a liar found (the worst case is <= this)."""
        found = [self.sacrifice.catch_probability_exact]
        found += [x.catch_probability_exact for x in (self.committed, self.grid) if x is not None]
        if self.search is not None:
            found.append(self.search.least_catch)
        return min(found)

    @property
    def least_catch(self) -> Fraction:
        """The best liar found (= upper_bound)."""
        return self.upper_bound

    @property
    def exact(self) -> bool:
        return self.lower_bound == self.upper_bound

    @property
    def honest_root_budget(self) -> Fraction:
        """The honest Alice's root budget (rho_T with distinct queries); above beta_max she
        loses at the root check (Theorem B2(a)'s hypothesis fails)."""
        debate = self.instance.debate
        return honest_budgets(debate)[debate.tree.root]

    @property
    def consistent(self) -> bool:
        """lower <= upper; False would be a bug of ours (a proof contradicted by a liar)."""
        return self.lower_bound <= self.upper_bound

    @property
    def guarantee_holds(self) -> bool:
        grid_ok = self.grid is None or self.grid.invariant_holds
        violations = 0 if self.search is None else self.search.violations
        return self.upper_bound >= self.instance.debate.guarantee and grid_ok and \
            violations == 0

    def to_json(self) -> dict:
        document = self.instance.common()
        committed, grid, search, lower = self.committed, self.grid, self.search, self.lower
        document.update({
            "alice_answer": 1 - self.instance.debate.values[self.instance.debate.tree.root],
            **exact_fields("honest_root_budget", self.honest_root_budget),
            "worst_case": {
                **exact_fields("lower_bound", self.lower_bound),
                **exact_fields("upper_bound", self.upper_bound),
                "exact": self.exact,
                "lower_bound_from": "exact over all liars (every non-constant child of the root "
                                    "is a leaf)" if self.exact_all is not None else
                                    f"{lower.method}, docs/budgeted.md Proposition B1' (ours)",
                "upper_bound_from": "the least exact catch probability of the liars found"},
            "per_child_bound": {**exact_fields("value", lower.value), "method": lower.method,
                                "vector": None if lower.vector is None
                                else "".join(map(str, lower.vector)),
                                **exact_fields("nu", lower.nu),
                                **exact_fields("denominator", lower.denominator)},
            "sacrifice_search": {
                **exact_fields("catch_probability_exact",
                               self.sacrifice.catch_probability_exact),
                "states": self.sacrifice.states},
            "committed_exact": None if committed is None else {
                **exact_fields("catch_probability_exact", committed.catch_probability_exact),
                **exact_fields("root_budget", committed.root_budget),
                "exact_over": "committed liars only",
                "outcomes": committed.outcomes, "combinations": committed.combinations},
            "grid_exact": None if grid is None else {
                **exact_fields("catch_probability_exact", grid.catch_probability_exact),
                **exact_fields("root_budget", grid.root_budget),
                "exact_over": "liars whose budgets lie on the grid only",
                "grid": [fraction_text(g) for g in grid.grid], "states": grid.states,
                "invariant_holds": grid.invariant_holds},
            "random_search": None if search is None else {
                "strategies": search.strategies, "seed": search.seed,
                **exact_fields("least_catch", search.least_catch),
                **exact_fields("least_root_budget", search.least_root_budget),
                "violations": search.violations},
            **exact_fields("least_catch", self.least_catch),
            "guarantee_holds": self.guarantee_holds, "skipped": list(self.skipped)})
        return document


@dataclass(frozen=True)
class WorstCasePlan:
    """What `budgeted_worst_case` attempts, decided from the tree alone before any work: each
    stage's work is predicted (claim vectors listed, LPs solved) and a stage beyond its budget
    is skipped with the reason, so every tree gets at least Theorem B1's bound in seconds."""

    lower: str  # "per-child" (its floors capped: MAX_BOUND_VECTORS) or "theorem B1"
    exact_height_one: bool  # the exact value over all liars (root children leaves) is listed
    committed: bool
    grid: bool
    strategies: int  # random liars drawn (0: skipped)
    skipped: tuple[str, ...]


def _lower_plan(debate: BudgetedDebate, skipped: list) -> tuple[str, bool]:
    tree = debate.tree
    kids = tree.children[tree.root]
    root_vectors = 1 << len(kids)
    height_one = all(tree.is_leaf(c) or debate.constant(c) for c in kids)
    if len(kids) > MAX_ROOT_WIDTH or root_vectors > MAX_BOUND_VECTORS:
        limit = min(MAX_ROOT_WIDTH, MAX_BOUND_VECTORS.bit_length() - 1)
        skipped.append(f"per-child bound{' and exact height-one value' if height_one else ''}: "
                       f"attempted for roots of width <= {limit} (they list 2^q claim vectors, "
                       f"two LPs each); this root has width {len(kids)}, so the lower bound is "
                       "Theorem B1's")
        return "theorem B1", False
    return "per-child", height_one


def _committed_predicted(debate: BudgetedDebate) -> int:
    """A lower bound on the combinations the committed DP examines: a non-constant child's
    table holds both claims (>= 2 entries), a constant child's at least one."""
    tree = debate.tree
    return sum(count << sum(not debate.constant(c) for c in tree.children[n])
               for n, count in internal_groups(debate))


def _random_plan(debate: BudgetedDebate, strategies: int, skipped: list) -> int:
    """Each random liar lists the 2^q claim vectors of every internal node (the "cheap" and
    "random" families) and solves one LP per state it reaches: as many as the budget allows."""
    tree = debate.tree
    if not strategies:
        return 0
    if tree.n_nodes > MAX_RANDOM_NODES:
        skipped.append(f"random search: attempted up to {MAX_RANDOM_NODES} nodes (each liar "
                       f"costs one LP per node); this tree has {tree.n_nodes}")
        return 0
    widths = [len(tree.children[n]) for n in range(tree.n_nodes) if tree.children[n]]
    if max(widths, default=0) > MAX_RANDOM_WIDTH:
        skipped.append(f"random search: attempted up to width {MAX_RANDOM_WIDTH} (each liar "
                       f"lists 2^q claim vectors per node); this tree has width {max(widths)}")
        return 0
    per_liar = sum(1 << q for q in widths) + tree.n_nodes
    affordable = min(strategies, MAX_RANDOM_WORK // per_liar)
    if affordable < strategies:
        skipped.append(f"random search: {strategies - affordable} of {strategies} liars (each "
                       f"lists {per_liar} claim vectors and states; budget {MAX_RANDOM_WORK})")
    return affordable


def worst_case_plan(debate: BudgetedDebate, grid=None, strategies: int = 200) -> WorstCasePlan:
    """The stages `budgeted_worst_case` attempts and why the others are not, from the tree
    alone, before any work (each stage's work predicted against its budget above)."""
    tree, skipped = debate.tree, []
    lower, height_one = _lower_plan(debate, skipped)
    random_liars = _random_plan(debate, strategies, skipped)
    predicted = _committed_predicted(debate) if tree.n_nodes <= MAX_EXACT_NODES else None
    committed = predicted is not None and predicted <= MAX_COMMITTED_COMBINATIONS
    if tree.n_nodes > MAX_EXACT_NODES:
        skipped.append(f"committed DP: attempted up to {MAX_EXACT_NODES} nodes; this tree has "
                       f"{tree.n_nodes}")
    elif not committed:
        skipped.append(f"committed DP: it would examine at least {predicted} combinations (one "
                       f"LP each), more than {MAX_COMMITTED_COMBINATIONS}")
    try:
        grid_values = tuple(sorted(set(Fraction(g) for g in (grid or default_grid(debate)))))
    except TooLarge as error:  # the default grid is refused before it is built
        skipped.append(f"grid DP: {error}")
        return WorstCasePlan(lower, height_one, committed, False, random_liars, tuple(skipped))
    predicted = grid_combinations(debate, grid_values)
    run_grid = predicted <= MAX_GRID_COMBINATIONS
    if not run_grid:
        skipped.append(f"grid DP: it would examine {predicted} combinations (one LP each), "
                       f"more than {MAX_GRID_COMBINATIONS}")
    return WorstCasePlan(lower, height_one, committed, run_grid, random_liars, tuple(skipped))


def _lower_bound(debate: BudgetedDebate, plan: WorstCasePlan) -> LowerBound:
    if plan.lower == "theorem B1":
        return LowerBound(debate.guarantee, "Theorem B1 (the root's claim vectors are not "
                          "listed: see skipped)", None, None, debate.beta_max, 0)
    root_vectors = 1 << len(debate.tree.children[debate.tree.root])
    return per_child_lower_bound(debate, floor_vectors=MAX_BOUND_VECTORS - root_vectors)


@api(tree=TREE, oracle=ORACLE, grid=optional(sequence(EXACT, "numbers")), strategies=integer(0),
     seed=integer(0), progress=FLAG)
def budgeted_worst_case(tree: TreeArg, oracle: OracleArg, *, beta_max: ExactArg | None = None,
                        grid: Sequence[ExactArg] | None = None, strategies: int = 200,
                        seed: int = 0, progress: bool = False) -> BudgetedWorstCase:
    """The worst case as an interval [proved lower bound, best liar found]: the per-child
    bound or the exact value at height one (roots of width <= 13; Theorem B1 beyond); liars
    from the sacrifice search (any size), the committed and grid DPs (small trees) and a
    seeded random search, each within a work budget decided before the work (`worst_case_plan`).
    A described uniform tree (`uniform_tree(..., compact=True)` or a `uniform` file) is never
    listed: values, ranges and honest budgets per class (verify.budgeted.described), only the
    states the searches visit read, the liar evaluated without its honest subtrees
    (verify.budgeted.strategy_catch); the same interval as on the listed tree.

    >>> from verify import budgeted_worst_case, random_oracle, uniform_tree
    >>> tree = uniform_tree("thr:4:2", 2)
    >>> result = budgeted_worst_case(tree, random_oracle(tree, seed=5))
    >>> result.lower_bound, result.upper_bound, result.exact
    (Fraction(1, 4), Fraction(1, 4), True)
    >>> result.guarantee_holds, result.instance.debate.guarantee
    (True, Fraction(1, 4))
    """
    return worst_case_of(budgeted_instance(tree, oracle, beta_max, compact=True), grid,
                         strategies, seed, progress)


def worst_case_of(instance: Instance, grid, strategies: int, seed: int,
                  progress: bool) -> BudgetedWorstCase:
    """budgeted_worst_case on an instance already built (the mixed worst case shares its
    budgeted instance: rho_T and the honest classes are computed once)."""
    debate = instance.debate
    plan = worst_case_plan(debate, grid, strategies)
    run_committed, run_grid, strategies = plan.committed, plan.grid, plan.strategies
    skipped = list(plan.skipped)
    shown = None if progress else False
    stages = 2 + run_committed + run_grid + bool(strategies)
    with Progress(stages, "worst case (stages)", enabled=shown) as bar:
        lower = _lower_bound(debate, plan)
        if lower.floors_cut:
            skipped.append(f"children's floors (Proposition B1' (b)): stopped at "
                           f"{MAX_BOUND_VECTORS} claim vectors listed with the root's; the "
                           "later floors are taken as 0 (valid, weaker)")
        exact_all = exact_at_height_one(debate) if plan.exact_height_one else None
        bar.update()
        with Progress(None, "sacrifice-and-inflate search (states)", enabled=shown) as states:
            sacrifice = sacrifice_search(debate, tick=states.update)
        bar.update()
        committed = grid_case = None
        if max(lower.value, exact_all or 0) == sacrifice.catch_probability_exact:
            if run_committed or run_grid:
                skipped.append("committed and grid DPs: not needed, the interval is exact")
            run_committed = run_grid = False
        if run_committed:
            committed = _attempt(lambda d: committed_worst_case(d, MAX_COMMITTED_COMBINATIONS),
                                 debate, skipped, "committed")
            bar.update()
        if run_grid:
            grid_case = _attempt(lambda d: grid_worst_case(d, grid), debate, skipped, "grid")
            bar.update()
        search = None
        if strategies:
            with Progress(strategies, "random liars", enabled=shown) as liars:
                search = random_search(debate, strategies, seed, liars.update)
            bar.update()
    return BudgetedWorstCase(instance, lower, exact_all, sacrifice, committed, grid_case,
                             search, tuple(skipped))


def _attempt(solve, debate, skipped: list, name: str):
    try:
        return solve(debate)
    except TooLarge as error:
        skipped.append(f"{name}: {error}")
        return None


# ----------------------------------------------------------------------------- completeness


@dataclass(frozen=True, repr=False)
class BudgetedCompleteness(NotebookView):
    """The honest Alice against every path Bob can sample (our Theorem B2)."""

    instance: Instance
    alice: CommittedAlice
    graph: StateGraph

    @property
    def loss_probability(self) -> Fraction:
        return self.graph.catch_probability()

    @property
    def root_budget(self) -> Fraction:
        return self.alice.budgets[self.instance.debate.tree.root]

    def to_json(self) -> dict:
        document = self.instance.common()
        ends = [s for s in self.graph.steps if s.outcome is not None]
        document.update({
            **exact_fields("honest_root_budget", self.root_budget),
            "root_budget_equals_rho_T": None if self.instance.rho_t is None
            else self.root_budget == self.instance.rho_t,
            "states": len(self.graph.steps), "run_ends": len(ends),
            **exact_fields("loss_probability", self.loss_probability),
            "honest_never_loses": self.loss_probability == 0,
            "losing_reasons": sorted({s.reason for s in ends if s.outcome == BOB_WINS})})
        return document


@api(tree=TREE, oracle=ORACLE)
def budgeted_completeness(tree: TreeArg, oracle: OracleArg, *,
                          beta_max: ExactArg | None = None) -> BudgetedCompleteness:
    """Every state Bob can reach against the honest Alice, and her exact loss probability.

    >>> from verify import budgeted_completeness, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 3)
    >>> result = budgeted_completeness(tree, random_oracle(tree, seed=0))
    >>> result.loss_probability, result.root_budget == result.instance.rho_t
    (Fraction(0, 1), True)
    """
    instance = budgeted_instance(tree, oracle, beta_max)
    alice = honest_alice(instance.debate)
    return BudgetedCompleteness(instance, alice, compile_states(instance.debate, alice))


# ----------------------------------------------------------------------------- plan


@dataclass(frozen=True, repr=False)
class BudgetedPlan(NotebookView):
    """Runs for a lie to be caught with probability >= 1 - delta, beside Theorem 5.3's bound."""

    beta_max: Fraction
    delta: Fraction
    per_run_bound: Fraction  # min(1, 1/beta_max)
    runs: int
    rho_t: Fraction | None
    lower_bound: int | None  # ceil((1 - 2 delta) rho_T): queries any checker needs (Thm 5.3)
    honest_root_budget: Fraction | None = None  # with a tree: B2(a) needs it <= beta_max

    def to_json(self) -> dict:
        return {"protocol": EXTENSION, **exact_fields("beta_max", self.beta_max),
                **exact_fields("delta", self.delta),
                **exact_fields("per_run_bound", self.per_run_bound),
                "runs": integer_field(self.runs),
                "beta_max_ln_1_over_delta_float": as_float(self.beta_max) * math.log(
                    1 / as_float(self.delta)) if as_float(self.delta) else None,
                **exact_fields("rho_T", self.rho_t),
                "theorem_5_3_queries": integer_field(self.lower_bound),
                **exact_fields("honest_root_budget", self.honest_root_budget),
                "note": "one oracle query per run, so m = R; Theorem 5.3: m >= (1 - 2 delta) rho_T"}


@api(tree=optional(TREE), oracle=optional(ORACLE))
def budgeted_plan(beta_max: ExactArg | None = None, delta: ExactArg = "1/100", *,
                  tree: TreeArg | None = None, oracle: OracleArg | None = None) -> BudgetedPlan:
    """The smallest R with (1 - min(1, 1/beta_max))^R <= delta; with a tree, beta_max defaults
    to rho_T and Theorem 5.3's lower bound (1 - 2 delta) rho_T comes beside it.

    >>> from verify import budgeted_plan
    >>> budgeted_plan(4, "1/100").runs      # (3/4)^16 <= 1/100 < (3/4)^15
    17
    """
    delta = parse_probability(delta, "--delta")
    rho_t = honest = None
    if beta_max is not None:
        beta_max = parse_beta_max(beta_max)
    if tree is not None:
        if oracle is None:
            raise BadInput("--tree needs --oracle")
        instance = budgeted_instance(tree, oracle, beta_max)
        beta_max, rho_t = instance.debate.beta_max, instance.rho_t
        honest = honest_alice(instance.debate).budgets[instance.debate.tree.root]
    if beta_max is None:
        raise BadInput("give --beta-max B (or --tree and --oracle)")
    if beta_max > 10**6:
        raise TooLarge("the budgeted planner handles beta_max <= 10^6")
    bound = ONE if beta_max <= 1 else ONE / beta_max
    lower = None if rho_t is None else math.ceil((1 - 2 * delta) * rho_t)
    return BudgetedPlan(beta_max, delta, bound, repetitions_needed(bound, delta), rho_t, lower,
                        honest)


# ----------------------------------------------------------------------------- optimality


def leaf_reach(graph: StateGraph) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """(P[a run ends at leaf l] per leaf node, P[Alice wins early], P[Bob wins before a leaf])."""
    reach = [ZERO] * len(graph.steps)
    reach[0] = ONE
    leaves, early, failed = {}, ZERO, ZERO
    for s, current in enumerate(graph.steps):
        if current.outcome is None:
            for t, p in zip(graph.next_state[s], current.p):
                if t >= 0:
                    reach[t] += reach[s] * p
        elif current.reason == "leaf_check":
            leaves[current.node] = leaves.get(current.node, ZERO) + reach[s]
        elif current.outcome == ALICE_WINS:
            early += reach[s]
        else:
            failed += reach[s]
    return leaves, early, failed


@dataclass(frozen=True, repr=False)
class BudgetedOptimality(NotebookView):
    """Bob's leaf distribution against the honest Alice, pi, and t = rho_T pi as a certified
    optimal dual of the global LP of F_T at alpha (our Theorem B2)."""

    instance: Instance
    reach: dict[int, Fraction]
    dual: dict[int, Fraction]  # t_leaf = rho_T * pi_leaf
    method: str  # "exhaustive" (F_T's truth table) or "tree" (the factored certificate)
    certified: bool
    message: str
    certificate: dict

    def to_json(self) -> dict:
        tree = self.instance.debate.tree
        shown = leaf_order(tree)[:64]
        return {"protocol": EXTENSION, **exact_fields("rho_T", self.instance.rho_t),
                "leaves": len(self.reach), "sum_pi": fraction_text(sum(self.reach.values(), ZERO)),
                "pi": {tree.ids[leaf]: fraction_text(self.reach.get(leaf, ZERO)) for leaf in shown},
                "method": self.method, "certified": self.certified, "message": self.message}


@api(tree=TREE, oracle=ORACLE)
def budgeted_optimality(tree: TreeArg, oracle: OracleArg) -> BudgetedOptimality:
    """Certify that the honest run's leaf distribution times rho_T is an optimal dual of F_T.

    >>> from verify import budgeted_optimality, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = budgeted_optimality(tree, random_oracle(tree, seed=0))
    >>> result.method, result.certified, sum(result.reach.values())
    ('exhaustive', True, Fraction(1, 1))
    """
    from .optimality import certify_leaf_dual

    instance = budgeted_instance(tree, oracle)
    if instance.rho_t == 0:
        raise BadInput("F_T is constant at alpha (rho_T = 0): there is no leaf distribution")
    graph = compile_states(instance.debate, honest_alice(instance.debate))
    reach, _, _ = leaf_reach(graph)
    dual = {leaf: instance.rho_t * pi for leaf, pi in reach.items()}
    method, certified, message, certificate = certify_leaf_dual(instance, graph, dual)
    return BudgetedOptimality(instance, reach, dual, method, certified, message, certificate)


# ----------------------------------------------------------------------------- Theorem 5.3


@api(tree=TREE, oracle=ORACLE, runs=integer(1))
def budgeted_checker(tree: TreeArg, oracle: OracleArg, runs: int, *,
                     beta_max: ExactArg | None = None) -> Profile:
    """Theorem 5.3's view of R budgeted runs with the honest-for-O_Y Alice: a_s per leaf.

    >>> from verify import adversary, budgeted_checker, random_oracle, uniform_tree
    >>> tree = uniform_tree("maj:3", 2)
    >>> oracle = random_oracle(tree, seed=0)
    >>> attack = adversary(tree, oracle, profile=budgeted_checker(tree, oracle, 1))
    >>> attack.advantage, attack.report.rho_t          # m / rho_T, attained exactly
    (Fraction(1, 4), Fraction(4, 1))
    """
    if not 1 <= runs <= 10**12:
        raise BadInput(f"budgeted:R needs 1 <= R <= 10^12, got {runs}")
    instance = budgeted_instance(tree, oracle, beta_max)
    debate = instance.debate
    graph = compile_states(debate, honest_alice(debate))
    reach, _, failed = leaf_reach(graph)
    a = {leaf: ONE - (ONE - pi) ** runs for leaf, pi in reach.items() if pi}

    def acceptance(h, changed):
        """Alice claims O_Y's values, so under O_N a run is caught iff it ends at a leaf of H."""
        caught = sum((reach.get(leaf, ZERO) for leaf in set(h)), ZERO)
        return (ONE - failed) ** runs, (ONE - failed - caught) ** runs

    return Profile(f"budgeted:{runs}", runs, a, acceptance,
                   f"{runs} independent Budgeted FBS Debate runs ({EXTENSION}; beta_max = "
                   f"{fraction_text(debate.beta_max)}), honest-for-O_Y Alice with honest budgets; "
                   "accepts iff no run is caught")

