"""Adversarial oracles for Theorem 5.3 (and 5.1): flip O_Y on a light sensitive block H.

Theorem 5.3's proof, executable. A checker V is summarised by a_s = P_{O_Y}[V queries s]
for every leaf query s, and its budget m (sum_s a_s <= m). With p = a / Gamma, Lemma 5.2 for
F_T gives a sensitive block H with p(H) <= 1/rho_T; here H comes from Lemma 5.4's weighted
recursion run on the masses a_s directly (verify.lower_bound.light_blocks), so a(H) <= Gamma / rho_T <=
m / rho_T. O_N flips O_Y on H; the root value flips, and coupling the two executions gives
|P[Acc_Y] - P[Acc_N]| <= P_{O_Y}[V queries H] <= a(H) <= min(1, m / rho_T) <= min(1, m rho^-d).

Checkers (`profile`), each with EXACT a_s and, for the built-in ones, the exact advantage.
Alice's strategy is fixed and the same under both oracles (Section 5, "Adaptive checker"):
she is honest for O_Y, i.e. claims val_{O_Y}(u) at every node, and queries no oracle.

* ``exhaustive``  queries every leaf (m = L, a_s = 1), evaluates the tree and accepts iff the
  root value equals Alice's claim. P[Acc_Y] = 1, P[Acc_N] = [val_N(root) = val_Y(root)] = 0.
* ``uniform:M``   M leaves drawn independently and uniformly WITH replacement (m = M), each
  queried; accepts iff every sampled leaf's answer equals Alice's claim for it.
  a_s = 1 - (1 - 1/L)^M; P[Acc_Y] = 1, P[Acc_N] = (1 - |H|/L)^M.
* ``debate:R``    R independent runs of FBS Debate (verify.protocol.engine.step, Bob's rule, rho);
  accepts iff no run ends with Bob winning. One run reaches leaf s with probability
  pi_s = product of Bob's p along the path (it stops early at a constant aggregator, where
  Alice wins, or at a failed fbs check, where Bob wins under both oracles: mass f). Each run
  queries at most one leaf, so m = R and a_s = 1 - (1 - pi_s)^R. Under O_N a run is caught
  iff it ends at a leaf of H (the engine's leaf check under O_N); P[Acc_Y] = (1 - f)^R,
  P[Acc_N] = (1 - f - pi(H))^R.
* ``dfs:M``, ``adaptive:M``  adaptive short-circuit evaluation with M queries, deterministic
  or in random child order (verify.lower_bound.adaptive): the next query depends on the answers.
* ``--queries FILE`` (`fbs-queries/1`): a_s and m given; no advantage is computed.

Exact arithmetic: a_s are Fractions, computed once per distinct reach probability; Gamma is
summed per distinct value, the subtree masses of the light-block recursion as integers over
one common denominator. The z3 re-check of H lives in verify.tree_sat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from verify.base.errors import BadInput, TooLarge
from verify.base.files import read_versioned
from verify.base.numbers import exact_fields, fraction_text, json_text, parse_fraction
from verify.trees.model import Tree
from verify.trees.oracles import check_covers

from .global_function import check_distinct_queries, leaf_order
from .light_blocks import flipped_values, tree_light_block
from .profile import PROFILE, Profile  # noqa: F401 (PROFILE re-exported: the API's kind)

ONE, ZERO = Fraction(1), Fraction(0)
QUERIES_FORMAT = "fbs-queries/1"




# ----------------------------------------------------------------------------- checkers


MAX_EXACT_POWER_BITS = 1 << 22  # bits of the exact powers (1 - p)^M a checker profile needs


def parse_checker(text: str) -> tuple[str, int | None]:
    """`debate:R`, `uniform:M` or `exhaustive` -> (kind, parameter)."""
    kind, _, rest = text.partition(":")
    if kind == "exhaustive" and not rest:
        return kind, None
    if kind in ("debate", "uniform") and re.fullmatch(r"[0-9]{1,13}", rest) \
            and 1 <= int(rest) <= 10**12:
        return kind, int(rest)
    raise BadInput(f"--checker must be debate:R, uniform:M, budgeted:R, dfs:M, adaptive:M "
                   f"(1 <= R, M <= 10^12, "
                   f"ASCII digits) or exhaustive, got {text[:40]!r}")


def check_power_cost(name: str, exponent: int, bases) -> None:
    """Refuse (exit 2) a profile whose exact powers base^exponent would be too large.

    (1 - p)^M has about M * log2(denominator of p) bits, for every distinct base p; their
    total is kept below MAX_EXACT_POWER_BITS so that every check stays exact and prompt."""
    bits = exponent * sum(max(Fraction(b).denominator.bit_length(), 1) for b in set(bases))
    if bits > MAX_EXACT_POWER_BITS:
        most = max(1, exponent * MAX_EXACT_POWER_BITS // bits)
        raise TooLarge(f"{name}: the exact acceptance probabilities would need about {bits} bits "
                       f"(at most {MAX_EXACT_POWER_BITS}); on this tree use at most {most}")


def exhaustive_profile(tree: Tree) -> Profile:
    """Queries every leaf; accepts iff the evaluated root value equals Alice's claim."""
    leaves = tree.leaves()

    def acceptance(h, changed):
        return ONE, ZERO if tree.root in changed else ONE

    return Profile("exhaustive", len(leaves), {leaf: ONE for leaf in leaves}, acceptance,
                   "queries all L leaves, accepts iff val(root) = Alice's claim")


def uniform_profile(tree: Tree, samples: int) -> Profile:
    """M independent uniform leaf samples (with replacement); reject on any disagreement."""
    leaves = tree.leaves()
    size = len(leaves)
    check_power_cost(f"uniform:{samples}", samples, [Fraction(1, size)])
    a = ONE - (ONE - Fraction(1, size)) ** samples

    def acceptance(h, changed):
        return ONE, (ONE - Fraction(len(h), size)) ** samples

    return Profile(f"uniform:{samples}", samples, {leaf: a for leaf in leaves}, acceptance,
                   f"{samples} uniform leaf samples with replacement; accepts iff each sampled "
                   "answer equals Alice's claim")


@dataclass
class DebateReach:
    """One FBS Debate run with honest-for-O_Y Alice: where it ends, with what probability."""

    reach: dict[int, Fraction]  # leaf -> P[the run ends at that leaf's check]
    values: tuple[int, ...]  # val_{O_Y}(u): honest Alice's claims
    failed: Fraction  # P[Bob wins at an fbs check] (the same under every oracle)
    constant: Fraction  # P[the run ends at a constant aggregator] (Alice wins)
    rule: str
    rho: Fraction


def debate_reach(tree: Tree, answers: dict[str, int], rule: str = "vertex", rho=None) -> DebateReach:
    """Exact end distribution of one run, through the protocol engine's `step`.

    rho defaults to the largest honest local fbs, the smallest rho for which the honest
    Alice passes every fbs check (Theorem 4.1).
    """
    from verify.protocol.engine import ALICE_WINS, Debate, step
    from verify.trees.local_fbs import honest_fbs
    from verify.trees.oracles import node_values

    if rho is None:
        local = honest_fbs(tree, node_values(tree, answers))
        rho = max(local.values(), default=ONE)
        rho = max(rho, ONE)
    debate = Debate.create(tree, answers, rho, rule)
    reach, failed, constant = {}, ZERO, ZERO
    stack = [(tree.root, ONE)]
    while stack:
        node, probability = stack.pop()
        claim = debate.values[node]
        if tree.is_leaf(node):
            reach[node] = reach.get(node, ZERO) + probability
            continue
        current = step(debate, node, claim, debate.truth(node))
        if current.outcome is not None:
            if current.outcome == ALICE_WINS:
                constant += probability
            else:
                failed += probability
            continue
        for child, p in zip(tree.children[node], current.p):
            if p:
                stack.append((child, probability * p))
    return DebateReach(reach, debate.values, failed, constant, rule, debate.rho)


def debate_profile(tree: Tree, answers: dict[str, int], runs: int, rule: str = "vertex",
                   rho=None, ends: DebateReach | None = None) -> Profile:
    """R independent FBS Debate runs; accept iff no run ends with Bob winning."""
    from verify.protocol.engine import BOB_WINS, Debate, step

    ends = debate_reach(tree, answers, rule, rho) if ends is None else ends
    check_power_cost(f"debate:{runs}", runs, list(ends.reach.values()) + [ends.failed])
    powers: dict[Fraction, Fraction] = {}
    a = {}
    for leaf, pi in ends.reach.items():
        if pi not in powers:
            powers[pi] = ONE - (ONE - pi) ** runs
        a[leaf] = powers[pi]

    def acceptance(h, changed):
        flipped = dict(answers)
        for leaf in h:
            flipped[tree.queries[leaf]] = 1 - answers[tree.queries[leaf]]
        debate_n = Debate(tree, flipped, ends.rho, rule, ends.values)  # Alice claims O_Y's values
        caught = sum((ends.reach[leaf] for leaf in h if leaf in ends.reach
                      and step(debate_n, leaf, ends.values[leaf]).outcome == BOB_WINS), ZERO)
        return (ONE - ends.failed) ** runs, (ONE - ends.failed - caught) ** runs

    return Profile(f"debate:{runs}", runs, a, acceptance,
                   f"{runs} independent FBS Debate runs (rule {rule}, rho = "
                   f"{fraction_text(ends.rho)}), honest-for-O_Y Alice; accepts iff no run is "
                   f"caught; one run fails an fbs check with probability {fraction_text(ends.failed)}")


def debate_runs_vs_adversary(tree: Tree, answers: dict[str, int], result, eps_values,
                             rule: str = "vertex", rho=None, limit: int = 2000) -> dict:
    """{eps: smallest R <= limit (else None) such that debate:R is correct with probability
    >= 1 - eps under O_Y AND under Theorem 5.3's oracle O_N built against debate:R}.

    Theorem 5.3 then forces R >= (1 - 2 eps) rho_T (R runs query at most R leaves).
    """
    ends = debate_reach(tree, answers, rule, rho)
    pending = sorted((Fraction(e) for e in eps_values), reverse=True)
    found: dict = {}
    for runs in range(1, limit + 1):
        if not pending:
            break
        profile = debate_profile(tree, answers, runs, rule, rho, ends)
        block = tree_light_block(result, profile.a if profile.gamma > 0 else
                                 {leaf: ONE for leaf in tree.leaves()}, "weighted")
        acc_y, acc_n = profile.acceptance(block.leaves, None)
        success = min(acc_y, ONE - acc_n)
        while pending and success >= 1 - pending[0]:
            found[pending.pop(0)] = runs
    found.update({eps: None for eps in pending})
    return found


def load_queries(path: str | Path, tree: Tree) -> Profile:
    """An `fbs-queries/1` file: {"budget": m, "probabilities": {query: a_s} or [a_s, ...]}.

    A list is in leaf_order (depth-first, left to right); a query missing from an object
    has a_s = 0. Each a_s must lie in [0, 1] and their sum must not exceed m.
    """
    document, where = read_versioned(path, "queries", QUERIES_FORMAT,
                                     {"budget", "probabilities", "description"})
    budget = document.get("budget")
    if type(budget) is not int or budget < 0:
        raise BadInput(f"{where}: \"budget\" must be a non-negative integer (the query budget m)")
    raw = document.get("probabilities")
    order = leaf_order(tree)
    if isinstance(raw, list):
        if len(raw) != len(order):
            raise BadInput(f"{where}: {len(raw)} probabilities for {len(order)} leaves")
        items = list(zip(order, raw))
    elif isinstance(raw, dict):
        by_query = {tree.queries[leaf]: leaf for leaf in order}
        unknown_query = next((q for q in raw if q not in by_query), None)
        if unknown_query is not None:
            raise BadInput(f"{where}: {unknown_query[:60]!r} is not a leaf query of the tree")
        items = [(by_query[q], value) for q, value in raw.items()]
    else:
        raise BadInput(f"{where}: \"probabilities\" must be an object {{query: a_s}} or a list")
    a = {}
    for leaf, value in items:
        number = _probability(value, f"{where}: a_s for {tree.queries[leaf][:40]!r}")
        if number:
            a[leaf] = number
    profile = Profile(f"queries:{Path(path).name}", budget, a, None, "given a_s and budget")
    if profile.gamma > budget:
        raise BadInput(f"{where}: the budget m = {budget} is below the sum of the query "
                       f"probabilities ({fraction_text(profile.gamma)}), impossible for an "
                       "m-query checker")
    return profile


def _probability(value, where: str) -> Fraction:
    if type(value) is bool or not isinstance(value, (int, float, str)):
        raise BadInput(f"{where} must be a number or a string such as \"1/4\"")
    number = parse_fraction(value, where, allow_negative=True)
    if not 0 <= number <= 1:
        raise BadInput(f"{where} = {value} is not a probability in [0, 1]")
    return number


def make_profile(tree: Tree, answers: dict[str, int], checker: str | None = None,
                 queries: str | None = None, rule: str = "vertex", rho=None) -> Profile:
    """The checker from a --checker text or a --queries file."""
    check_distinct_queries(tree)
    if (checker is None) == (queries is None):
        raise BadInput("give exactly one of --checker and --queries")
    if queries is not None:
        return load_queries(queries, tree)
    from .adaptive import adaptive_profile, parse_adaptive

    adaptive = parse_adaptive(checker)
    if adaptive is not None:
        return adaptive_profile(tree, answers, *adaptive)
    kind, parameter = parse_checker(checker)
    if kind == "exhaustive":
        return exhaustive_profile(tree)
    if kind == "uniform":
        return uniform_profile(tree, parameter)
    return debate_profile(tree, answers, parameter, rule, rho)


# ----------------------------------------------------------------------------- the oracle


@dataclass(frozen=True)
class Verified:
    """One inequality or fact, with its exact sides and the verdict."""

    name: str
    holds: bool | None  # None: the theorem's hypothesis fails here, so it does not apply
    left: Fraction | None = None
    right: Fraction | None = None
    detail: str = ""

    @property
    def applicable(self) -> bool:
        return self.holds is not None

    def document(self) -> dict:
        out = {"name": self.name, "holds": self.holds, "applicable": self.applicable,
               "detail": self.detail}
        for side in ("left", "right"):
            value = getattr(self, side)
            if value is not None:
                out.update(exact_fields(side, value))
        return out


@dataclass(frozen=True)
class AdversaryReport:
    """O_N and the exact checks of Theorem 5.3 (and 5.1's bound)."""

    checker: str
    budget: int
    rho_t: Fraction
    rho_min: Fraction | None
    depth: int
    block: tuple[int, ...]  # leaves of H
    oracle_n: dict[str, int]
    gamma: Fraction
    mass: Fraction  # a(H)
    acc_y: Fraction | None
    acc_n: Fraction | None
    checks: tuple[Verified, ...] = ()
    certified: bool = False
    notes: tuple[str, ...] = ()

    @property
    def advantage(self) -> Fraction | None:
        return None if self.acc_y is None else abs(self.acc_y - self.acc_n)

    @property
    def all_hold(self) -> bool:
        """Every applicable check holds (a check whose hypothesis fails is not applicable)."""
        return all(check.holds for check in self.checks if check.applicable)


def adversarial_oracle(tree: Tree, answers: dict[str, int], profile: Profile, rho_result=None,
                       sat_check: bool = True) -> AdversaryReport:
    """Theorem 5.3: O_N = O_Y flipped on a light sensitive block H, with every check exact."""
    from .tree_fbs import tree_fbs

    check_distinct_queries(tree)
    check_covers(tree, answers)
    result = rho_result if rho_result is not None else tree_fbs(tree, answers)
    if result.value == 0:
        raise BadInput("F_T is constant at the reference assignment (rho_T = 0): no oracle "
                       "flips the root value (Theorem 5.3 assumes rho_T > 0)")
    gamma = profile.gamma
    masses = profile.a if gamma > 0 else {leaf: ONE for leaf in tree.leaves()}
    block = tree_light_block(result, masses, "weighted")
    leaves = block.leaves
    oracle_n = dict(answers)
    for leaf in leaves:
        oracle_n[tree.queries[leaf]] = 1 - answers[tree.queries[leaf]]
    changed = flipped_values(tree, result.values, leaves)
    mass = sum((profile.a.get(leaf, ZERO) for leaf in leaves), ZERO)
    acc = profile.acceptance(leaves, changed) if profile.acceptance else (None, None)
    report = AdversaryReport(profile.name, profile.budget, result.value, result.rho_min,
                             tree.depth, leaves, oracle_n, gamma, mass, *acc,
                             certified=result.certified)
    return replace(report, checks=tuple(_verify(report, tree, answers, result, changed, sat_check)))


def _verify(report: AdversaryReport, tree, answers, result, changed,
            sat_check: bool) -> list[Verified]:
    """The exact checks of Theorem 5.3's proof (and Theorem 5.1's bound) on this O_N."""
    from verify.trees.oracles import node_values

    m, rho_t = Fraction(report.budget), report.rho_t
    checks: list[Verified] = []
    values_n = node_values(tree, report.oracle_n)
    flipped = values_n[tree.root] != result.values[tree.root]
    checks.append(Verified(
        "root value flips (evaluation)", flipped and tree.root in changed,
        detail=f"val_Y(root) = {result.values[tree.root]}, val_N(root) = {values_n[tree.root]}"))
    if sat_check:
        from .tree_sat import sat_sensitivity

        holds, detail = sat_sensitivity(tree, answers, report.block)
        checks.append(Verified("H is sensitive for F_T (z3 on the tree encoding)", holds,
                               detail=detail))
    checks.append(Verified("Gamma = sum_s a_s <= m", report.gamma <= m, report.gamma, m))
    checks.append(Verified("a(H) <= m / rho_T", report.mass <= m / rho_t, report.mass,
                           m / rho_t))
    checks.append(Verified("a(H) <= Gamma / rho_T (Lemma 5.2 for F_T)",
                           report.mass <= report.gamma / rho_t, report.mass,
                           report.gamma / rho_t))
    if report.advantage is None:
        return checks
    advantage = report.advantage
    checks.append(Verified("advantage <= a(H) (coupling + union bound)",
                           advantage <= report.mass, advantage, report.mass))
    checks.append(Verified("advantage <= min(1, m / rho_T) (Theorem 5.3)",
                           advantage <= min(ONE, m / rho_t), advantage, min(ONE, m / rho_t)))
    if report.rho_min is not None and report.rho_min > 0:
        name = "advantage <= min(1, m rho^-d) (Theorem 5.1, rho = min local fbs)"
        bound = min(ONE, m / report.rho_min ** report.depth)
        if tree.is_uniform:
            checks.append(Verified(name, advantage <= bound, advantage, bound))
        else:
            checks.append(Verified(name, None, advantage, bound, "not applicable: the leaves lie "
                                   "at several depths and Theorem 5.1 assumes one depth d; "
                                   "Theorem 5.3's bound m / rho_T above applies"))
    return checks


# ----------------------------------------------------------------------------- output


def report_document(report: AdversaryReport, tree: Tree) -> dict:
    """The JSON form of a report (exact "p/q" strings, `<name>_float` beside them)."""
    return {
        "checker": report.checker, "budget_m": report.budget,
        **exact_fields("rho_T", report.rho_t), "rho_T_certified": report.certified,
        **exact_fields("rho_min_local", report.rho_min), "depth": report.depth,
        "uniform_depth": tree.is_uniform,
        "block_H": {"size": len(report.block),
                    "leaves": [tree.ids[l] for l in report.block[:1000]],
                    "queries": [tree.queries[l] for l in report.block[:1000]],
                    "truncated": len(report.block) > 1000},
        **exact_fields("gamma", report.gamma), **exact_fields("a_H", report.mass),
        **exact_fields("P_acc_Y", report.acc_y), **exact_fields("P_acc_N", report.acc_n),
        **exact_fields("advantage", report.advantage),
        "checks": [check.document() for check in report.checks],
        "all_hold": report.all_hold, "notes": list(report.notes),
    }


def write_queries(path: str | Path, profile: Profile, tree: Tree) -> None:
    """An `fbs-queries/1` file for a profile (used by tests and examples)."""
    from verify.base.files import write_text_atomic

    document = {"format": QUERIES_FORMAT, "budget": profile.budget,
                "probabilities": {tree.queries[leaf]: fraction_text(a)
                                  for leaf, a in profile.a.items()}}
    write_text_atomic(path, json_text(document, indent=1) + "\n")
