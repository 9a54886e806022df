"""The public API of Mixed FBS Debate: THIS PROJECT'S EXTENSION (docs/budgeted.md, section 7).

rho defaults to the smallest rho with which the honest Alice passes the paper's checks (the
largest honest local fbs, at least 1), beta_max to rho_T. Results are frozen, exact, and
`to_json()` is what `fbs debate ... --protocol mixed[:LAMBDA]` prints with `--json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from verify.base.arguments import api, integer
from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import exact_fields, integer_field
from verify.protocol.bob_rules import check_rule, require_optimal_dual_rule
from verify.protocol.engine import Debate, parse_rho
from verify.protocol.planner import parse_probability, repetitions_needed
from verify.protocol.worst_case import by_weight, solve_worst_case
from verify.protocol.worst_case_keyed import described_worst_case_classes
from verify.trees.described import DescribedTree
from verify.trees.local_fbs import honest_fbs

from .api import Instance, budgeted_instance, worst_case_of
from .debaters import honest_alice
from .described import ordered_keys
from .mixed import (
    DEFAULT_LAMBDA,
    MixedDebate,
    PaperLiarWithBudgets,
    branch_catches,
    parse_lambda,
)
from .paper_liar_levels import budget_levels

ONE, ZERO = Fraction(1), Fraction(0)
MIXED_GUARANTEE = "--protocol mixed (its guarantee, Theorem B4)"
MIXED = "mixed (this project's extension, docs/budgeted.md section 7; not the paper's protocol)"


@dataclass(frozen=True)
class MixedInstance:
    instance: Instance
    mixed: MixedDebate

    def common(self) -> dict:
        mixed = self.mixed
        document = self.instance.common()
        document.update({"protocol": MIXED, **exact_fields("lambda", mixed.lam),
                         **exact_fields("rho", mixed.paper.rho), "rule": mixed.paper.rule,
                         **exact_fields("paper_guarantee", mixed.paper_guarantee),
                         **exact_fields("budgeted_guarantee", mixed.budgeted.guarantee),
                         **exact_fields("guarantee", mixed.guarantee)})
        return document


def mixed_instance(tree, oracle, *, lam=DEFAULT_LAMBDA, rho=None, beta_max=None,
                   rule: str = "vertex", compact: bool = False) -> MixedInstance:
    """The instance (compact=True: a described uniform tree stays described, as in
    budgeted_instance; the paper's Debate then reads the same lazy nodes and values)."""
    require_optimal_dual_rule(rule, MIXED_GUARANTEE)
    instance = budgeted_instance(tree, oracle, beta_max, compact=compact)
    debate = instance.debate
    if rho is None:
        rho = max(ONE, largest_honest_fbs(instance))
    if isinstance(debate.tree, DescribedTree):
        paper = Debate(debate.tree, debate.oracle, parse_rho(rho), check_rule(rule),
                       debate.values)
    else:
        paper = Debate.create(debate.tree, debate.oracle, rho, rule)
    return MixedInstance(instance, MixedDebate(debate, paper, parse_lambda(lam)))


def largest_honest_fbs(instance: Instance) -> Fraction:
    """max over internal nodes of fbs at the true child values (0 if there is none): on a
    described tree the rho_T classes' largest local fbs (uniform_tree_fbs's rho_max)."""
    debate = instance.debate
    if isinstance(debate.tree, DescribedTree):
        return instance.rho.rho_max or ZERO
    return max([ZERO, *honest_fbs(debate.tree, debate.values).values()])


# ----------------------------------------------------------------------------- worst case


@dataclass(frozen=True)
class MixedWorstCase:
    """[proved lower bound, best liar found] for the mixed protocol (Theorem B4, ours)."""

    setup: MixedInstance
    paper_exact: Fraction | None  # P*: the paper protocol's exact worst case (None: too large)
    budgeted_lower: Fraction  # the budgeted interval's proved end
    budgeted_upper: Fraction
    candidates: tuple[tuple[str, Fraction, Fraction, Fraction], ...]  # name, mixed, paper, budg.

    @property
    def lower_bound(self) -> Fraction:
        """max of B4's two forms: lambda rho^-d + (1 - lambda) min(1, 1/beta_max) and
        lambda P* + (1 - lambda) B*_lower."""
        mixed = self.setup.mixed
        paper = mixed.paper_guarantee if self.paper_exact is None else self.paper_exact
        return max(mixed.guarantee, mixed.lam * paper + (1 - mixed.lam) * self.budgeted_lower)

    @property
    def upper_bound(self) -> Fraction:
        return min(c[1] for c in self.candidates)

    @property
    def exact(self) -> bool:
        return self.lower_bound == self.upper_bound

    @property
    def consistent(self) -> bool:
        return self.lower_bound <= self.upper_bound

    def to_json(self) -> dict:
        document = self.setup.common()
        document.update({
            "worst_case": {**exact_fields("lower_bound", self.lower_bound),
                           **exact_fields("upper_bound", self.upper_bound), "exact": self.exact,
                           "lower_bound_from": "Theorem B4 (ours), docs/budgeted.md section 7",
                           "upper_bound_from": "the least exact mixed catch probability of the "
                                               "liars found"},
            **exact_fields("paper_worst_exact", self.paper_exact),
            "budgeted_worst": {**exact_fields("lower_bound", self.budgeted_lower),
                               **exact_fields("upper_bound", self.budgeted_upper)},
            "liars": [{"name": name, **exact_fields("mixed_catch", mixed),
                       **exact_fields("paper_branch", paper),
                       **exact_fields("budgeted_branch", budgeted)}
                      for name, mixed, paper, budgeted in self.candidates]})
        return document


@api(strategies=integer(0))
def mixed_worst_case(tree, oracle, *, lam=DEFAULT_LAMBDA, rho=None, beta_max=None,
                     rule: str = "vertex", strategies: int = 50) -> MixedWorstCase:
    """The mixed protocol's worst case as an interval: Theorem B4's lower bound (with the
    paper protocol's exact P* and the budgeted interval's proved end) and the paper's worst
    liar and the budgeted search's liars, each evaluated exactly in both branches.

    >>> from verify import random_oracle, uniform_tree
    >>> from verify.budgeted.mixed_api import mixed_worst_case
    >>> tree = uniform_tree("maj:3", 2)
    >>> result = mixed_worst_case(tree, random_oracle(tree, seed=0))
    >>> result.setup.mixed.guarantee, result.lower_bound <= result.upper_bound
    (Fraction(1, 4), True)
    """
    setup = mixed_instance(tree, oracle, lam=lam, rho=rho, beta_max=beta_max, rule=rule,
                           compact=True)
    mixed = setup.mixed
    debate = mixed.budgeted
    try:
        paper, levels = _paper_worst_case(mixed)
        paper_exact = paper.catch_probability_exact
    except TooLarge:
        paper, paper_exact, levels = None, None, None
    budgeted = worst_case_of(setup.instance, None, strategies, 0, False)
    lie = 1 - debate.values[debate.tree.root]
    key = ordered_keys(debate)
    sacrifice = budgeted.sacrifice
    searched = {node for node, _, _ in sacrifice.decisions}
    # honest play passes the paper's check too when rho >= every honest local fbs
    liars = [(sacrifice.alice, largest_honest_fbs(setup.instance) <= mixed.paper.rho,
              lambda node: node if node in searched else key(node))]
    if budgeted.committed is not None:
        liars.append((budgeted.committed.alice, False, None))
    if budgeted.grid is not None:
        liars.append((budgeted.grid.alice, False, None))
    if paper is not None:
        liars.append((PaperLiarWithBudgets(debate, paper.choices, lie, key, levels), False,
                      key))
    candidates = []
    for liar, cut, same in liars:
        in_paper, in_budgeted = branch_catches(mixed, liar, cut, same)
        candidates.append((liar.name, mixed.lam * in_paper + (1 - mixed.lam) * in_budgeted,
                           in_paper, in_budgeted))
    return MixedWorstCase(setup, paper_exact, budgeted.lower_bound, budgeted.upper_bound,
                          tuple(candidates))


def _paper_worst_case(mixed: MixedDebate):
    """The paper protocol's exact worst case (its choices and value) and its liar's budgets
    per class, or None: by classes on a described tree (verify.protocol.worst_case_keyed;
    the budgets by verify.budgeted.paper_liar_levels for a symmetric aggregator), else the
    expanded DP."""
    tree = mixed.budgeted.tree
    if isinstance(tree, DescribedTree):
        _, result, classes = described_worst_case_classes(
            tree.tree, mixed.budgeted.oracle.bits, mixed.paper.rho, mixed.paper.rule)
        if tree.depth and by_weight(tree.spec, mixed.paper.rule):
            return result, budget_levels(mixed.budgeted, classes)
        return result, None
    return solve_worst_case(mixed.paper), None


# ----------------------------------------------------------------------------- completeness


@dataclass(frozen=True)
class MixedCompleteness:
    setup: MixedInstance
    paper_branch_loss: Fraction
    budgeted_branch_loss: Fraction
    root_budget: Fraction
    largest_local_fbs: Fraction

    @property
    def loss_probability(self) -> Fraction:
        lam = self.setup.mixed.lam
        return lam * self.paper_branch_loss + (1 - lam) * self.budgeted_branch_loss

    @property
    def hypothesis_holds(self) -> bool:
        """beta(root) <= beta_max (B2(a)) and every honest local fbs <= rho (Theorem 4.1)."""
        mixed = self.setup.mixed
        return self.root_budget <= mixed.budgeted.beta_max and \
            self.largest_local_fbs <= mixed.paper.rho

    def to_json(self) -> dict:
        document = self.setup.common()
        document.update({**exact_fields("honest_root_budget", self.root_budget),
                         **exact_fields("largest_honest_local_fbs", self.largest_local_fbs),
                         "hypothesis_holds": self.hypothesis_holds,
                         **exact_fields("paper_branch_loss", self.paper_branch_loss),
                         **exact_fields("budgeted_branch_loss", self.budgeted_branch_loss),
                         **exact_fields("loss_probability", self.loss_probability),
                         "honest_never_loses": self.loss_probability == 0})
        return document


def mixed_completeness(tree, oracle, *, lam=DEFAULT_LAMBDA, rho=None, beta_max=None,
                       rule: str = "vertex") -> MixedCompleteness:
    """The honest Alice (true bits, honest budgets) in both branches, exactly."""
    setup = mixed_instance(tree, oracle, lam=lam, rho=rho, beta_max=beta_max, rule=rule)
    debate = setup.mixed.budgeted
    alice = honest_alice(debate)
    paper_loss, budgeted_loss = branch_catches(setup.mixed, alice)
    largest = max([ZERO, *honest_fbs(debate.tree, debate.values).values()])
    return MixedCompleteness(setup, paper_loss, budgeted_loss, alice.budgets[debate.tree.root],
                             largest)


# ----------------------------------------------------------------------------- plan


@dataclass(frozen=True)
class MixedPlan:
    lam: Fraction
    rho: Fraction
    depth: int
    beta_max: Fraction
    delta: Fraction
    per_run_bound: Fraction
    runs: int
    runs_paper: int
    runs_budgeted: int

    def to_json(self) -> dict:
        return {"protocol": MIXED, **exact_fields("lambda", self.lam),
                **exact_fields("rho", self.rho), "depth": self.depth,
                **exact_fields("beta_max", self.beta_max), **exact_fields("delta", self.delta),
                **exact_fields("per_run_bound", self.per_run_bound),
                "runs": integer_field(self.runs), "runs_paper": integer_field(self.runs_paper),
                "runs_budgeted": integer_field(self.runs_budgeted),
                "note": "per-run bound lambda rho^-d + (1 - lambda) min(1, 1/beta_max) "
                        "(Theorem B4, ours)"}


def mixed_plan(*, lam=DEFAULT_LAMBDA, rho=None, depth=None, beta_max=None, delta="1/100",
               tree=None, oracle=None, rule: str = "vertex") -> MixedPlan:
    """The smallest R with (1 - c)^R <= delta for Theorem B4's per-run bound c.

    >>> from verify.budgeted.mixed_api import mixed_plan
    >>> plan = mixed_plan(rho=2, depth=3, beta_max=4, delta="1/100")
    >>> plan.per_run_bound, plan.runs, plan.runs_paper, plan.runs_budgeted
    (Fraction(3, 16), 23, 35, 17)
    """
    require_optimal_dual_rule(rule, MIXED_GUARANTEE)
    delta = parse_probability(delta, "--delta")
    if tree is not None:
        if oracle is None:
            raise BadInput("--tree needs --oracle")
        mixed = mixed_instance(tree, oracle, lam=lam, rho=rho, beta_max=beta_max,
                               rule=rule).mixed
        rho, depth, beta_max, lam = (mixed.paper.rho, mixed.budgeted.tree.depth,
                                     mixed.budgeted.beta_max, mixed.lam)
    if rho is None or depth is None or beta_max is None:
        raise BadInput("give --rho, --depth and --beta-max (or --tree and --oracle)")
    from verify.protocol.engine import parse_rho

    from .engine import parse_beta_max, parse_budget

    beta_max = parse_budget(beta_max) if tree is not None else parse_beta_max(beta_max)
    rho, lam = parse_rho(rho), parse_lambda(lam)
    if rho > 10**6 or beta_max > 10**6 or int(depth) > 1000:
        raise TooLarge("the mixed planner handles rho, beta_max <= 10^6 and depth <= 1000")
    paper = ONE / rho ** int(depth)
    budgeted = ONE if beta_max <= 1 else ONE / beta_max
    bound = lam * paper + (1 - lam) * budgeted
    return MixedPlan(lam, rho, int(depth), beta_max, delta, bound,
                     repetitions_needed(bound, delta), repetitions_needed(paper, delta),
                     repetitions_needed(budgeted, delta))
