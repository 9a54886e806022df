"""Theorem 5.3: an oracle O_N flips the root yet gives advantage <= min(1, m / rho_T)."""

from fractions import Fraction

from verify.lower_bound.adaptive import MAX_WIDTH
from verify.lower_bound.adversary import adversarial_oracle, make_profile
from verify.lower_bound.tree_fbs import tree_fbs
from verify.report.runner import CheckResult, PaperCheck, text
from verify.trees.builders import literature_tree, uniform_tree
from verify.trees.oracles import random_oracle

NAME = "theorem_5_3"
PLACE = "Section 5, Theorem 5.3 (collapsed-function lower bound)"
CLAIM = ("Assume rho_T > 0. For every m-query adaptive checker V for T, there is an oracle O_N "
         "such that val_ON(root) != val_OY(root) and |P[Acc_Y] - P[Acc_N]| <= min{1, m/rho_T}.")
CHECKERS = ("exhaustive", "uniform:1", "uniform:3", "uniform:10", "debate:1", "debate:4",
            "debate:16", "dfs:2", "dfs:6", "dfs:12", "adaptive:2", "adaptive:6", "adaptive:12")
ADAPTIVE = ("dfs", "adaptive")  # checkers whose next query depends on the answers so far


def instances():
    literature, oracle = literature_tree(9, 6)
    maj = uniform_tree("maj:3", 3)
    thr = uniform_tree("thr:4:2", 2)
    tribes = uniform_tree("tribes:2:2", 2)
    return [("literature example, 6 of 9 papers", literature, oracle),
            ("maj:3 depth 3, oracle seed 8", maj, random_oracle(maj, 8)),
            ("thr:4:2 depth 2, oracle seed 9", thr, random_oracle(thr, 9)),
            ("tribes:2:2 depth 2, oracle seed 10", tribes, random_oracle(tribes, 10))]


def run(context) -> CheckResult:
    rows, failures = [], []
    for label, tree, oracle in instances():
        result = tree_fbs(tree, oracle)
        for checker in CHECKERS:
            if checker.startswith("adaptive:") and tree.max_width() > MAX_WIDTH:
                continue  # q! child orders per node: widths up to MAX_WIDTH
            profile = make_profile(tree, oracle, checker)
            report = adversarial_oracle(tree, oracle, profile, rho_result=result)
            bound = min(Fraction(1), Fraction(profile.budget) / result.value)
            row = {"tree": label, "checker": checker, "m": profile.budget,
                   "rho_T": text(result.value), "H_size": len(report.block),
                   "a_H": text(report.mass), "advantage": text(report.advantage),
                   "bound_min_1_m_over_rho_T": text(bound), "all_checks_hold": report.all_hold}
            rows.append(row)
            if not (report.all_hold and report.certified and report.advantage <= bound):
                failures.append(row)
    adaptive = [r for r in rows if r["checker"].split(":")[0] in ADAPTIVE]
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"{len(rows)} (tree, checker) pairs, {len(adaptive)} of them adaptive (short-circuit "
        "evaluation, left to right or in random child order): O_N flips the root (by evaluation "
        "and by z3), a(H) <= m/rho_T and the exact advantage <= min(1, m/rho_T) in all; rho_T "
        "certified",
        "failed" if failures else "confirmed",
        values={"rows": rows, "failures": failures[:10]},
        deviations=[
            "checked for concrete checkers, each with exact query probabilities a_s and an exact "
            "advantage: exhaustive (all leaves), uniform:M (M uniform samples with replacement, "
            "accept iff every sampled leaf agrees with Alice), debate:R (R FBS Debate runs, Bob's "
            "vertex rule, accept iff no run catches Alice), and two ADAPTIVE ones "
            "(verify/lower_bound/adaptive.py): dfs:M evaluates the tree depth-first left to right "
            "and short-circuits as soon as the answers fix a node, adaptive:M does the same in a "
            "uniformly random order of the unevaluated children (exact over all orders; widths "
            f"<= {MAX_WIDTH}); both accept Alice's claim when the M queries run out. The theorem "
            "quantifies over all adaptive checkers, which no finite check can"],
        notes=[
            "Alice's fixed strategy is honest for O_Y (claims val_OY at every node) under both "
            "oracles, as the theorem requires; she queries no oracle",
            "H comes from Lemma 5.4's weighted recursion on the masses a_s (a(H) <= Gamma/rho_T), "
            "the same guarantee as Lemma 5.2 applied to F_T with p = a/Gamma"])


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
