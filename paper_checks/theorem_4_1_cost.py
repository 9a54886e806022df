"""Theorem 4.1's cost: an honest Alice wins in O(d (T_D + q T)) time and O(d q Q) queries.

The honest Alice here solves her sub-problems through the oracle (verify.protocol.solving),
and the engine COUNTS her oracle reads and work units per run (verify.protocol.cost). Q, T and
T_D are measured separately, by solving every non-root node on its own with a fresh counter;
the per-run maxima over every run of positive probability (exact, over the state graph) must
stay within the theorem's bounds with constant 1: queries <= d q Q, work <= d (T_D + q T) + 1
(the + 1 is her top answer A(x) = phi_root(z), one aggregator evaluation). Bob's LP work is counted too: at most d LPs
per run, each with q variables and at most C(q, floor(q/2)) constraints (minimal blocks).
"""

import numpy as np

from verify.protocol.cost import CountingOracle, sperner_bound
from verify.protocol.engine import Debate, compile_states, run_once
from verify.protocol.solving import SolvingAlice
from verify.report.runner import CheckResult, PaperCheck

from .theorem_4_2_soundness import _rhos
from .trees_corpus import grid_trees

NAME = "theorem_4_1_cost"
PLACE = "Theorem 4.1 (completeness): time and query bounds"
CLAIM = ("An honest Alice can always win in the FBS debate on input x in O(d (T_D + q T)) time "
         "and O(d q Q) queries to O, where Alice computes the children of a node in time T_D and "
         "solves L at any node in time T with Q queries.")
MAX_LEAVES = 256
SAMPLED_RUNS = 8


def measured_parameters(debate: Debate, lazy: bool) -> dict:
    """Q, T (max over non-root nodes of one standalone solve) and T_D = q (children listed)."""
    tree, queries, work = debate.tree, 0, 0
    for node in range(tree.n_nodes):
        if node == tree.root:
            continue
        alice, oracle = SolvingAlice(lazy), CountingOracle(debate.oracle)
        alice.solve(Debate(tree, oracle, debate.rho, debate.rule, debate.values), node)
        queries, work = max(queries, oracle.calls), max(work, alice.work)
    q = tree.max_width()
    return {"d": tree.depth, "q": q, "Q": queries, "T": work, "T_D": q}


def cost_row(spec, depth, tree, oracle, lazy: bool) -> dict:
    """One tree: the counted per-run maxima beside d q Q, d (T_D + q T) and Bob's LP bounds."""
    debate = Debate.create(tree, oracle, _rhos(tree, oracle)[0], "vertex")
    p = measured_parameters(debate, lazy)
    graph = compile_states(debate, SolvingAlice(lazy))
    most = graph.cost_maxima()
    sampled = _sampled_runs_within(debate, lazy, most)
    bounds = {"queries": p["d"] * p["q"] * p["Q"],
              "time": p["d"] * (p["T_D"] + p["q"] * p["T"]) + 1,  # + phi_root for A(x)
              "lp_constraints": sperner_bound(p["q"])}
    holds = (most.alice_queries <= bounds["queries"] and most.alice_work <= bounds["time"]
             and most.judge_queries <= 1 and most.lp_solves <= p["d"]
             and most.closed_forms <= p["d"] and most.rounds <= p["d"]
             and most.lp_variables_max <= p["q"] and
             0 <= most.lp_constraints_max <= bounds["lp_constraints"])
    wins = graph.catch_probability() == 0
    return {"aggregator": spec, "depth": depth, "solver": "lazy" if lazy else "full", **p,
            "alice_queries_max": most.alice_queries, "d_q_Q": bounds["queries"],
            "alice_work_max": most.alice_work, "d_T_D_plus_q_T_plus_1": bounds["time"],
            "judge_queries_max": most.judge_queries, "lp_solves_max": most.lp_solves,
            "closed_forms_max": most.closed_forms, "rounds_max": most.rounds,
            "lp_variables_max": most.lp_variables_max,
            "lp_constraints_max": most.lp_constraints_max,
            "sperner_bound": bounds["lp_constraints"], "honest_never_loses": wins,
            "sampled_runs_within_maxima": sampled, "ok": holds and wins and sampled}


def _sampled_runs_within(debate: Debate, lazy: bool, most) -> bool:
    """A few seeded single runs (engine.run_once, counting on their own) stay within the maxima."""
    rng = np.random.Generator(np.random.PCG64(41))
    for _ in range(SAMPLED_RUNS):
        cost = run_once(debate, SolvingAlice(lazy), rng.random(max(debate.tree.depth, 1))).cost
        if not (0 < cost.alice_queries <= most.alice_queries and cost.alice_work <= most.alice_work
                and cost.lp_solves <= most.lp_solves and cost.judge_queries <= 1):
            return False
    return True


def run(context) -> CheckResult:
    rows = []
    for spec, depth, tree, oracle in grid_trees():
        if len(tree.leaves()) > MAX_LEAVES:
            continue
        for lazy in (False, True):
            rows.append(cost_row(spec, depth, tree, oracle, lazy))
    failures = [r for r in rows if not r["ok"]]
    tight = [r for r in rows if r["alice_queries_max"] == r["d_q_Q"]]
    saved = [r for r in rows if r["solver"] == "lazy" and r["Q"] < _leaves_below(r)]
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"{len(rows)} (tree, solver) cases at the smallest rho satisfying the FBS condition: the "
        "counted oracle reads of the solving honest Alice per run (max over every run) <= d q Q "
        "and her counted work <= d (T_D + q T) + 1 (one evaluation of phi_root for her top "
        "answer), with Q, T, T_D measured by standalone solves and constant 1; queries meet "
        f"d q Q exactly in {len(tight)}; the short-circuit solver's "
        f"measured Q is below the subtree size in {len(saved)}; Bob computes <= d fbs values per "
        "run (an LP, or for a symmetric aggregator the closed form in its place, no LP), the LP "
        "of Definition 3.4 having <= q variables and <= C(q, floor(q/2)) constraints (minimal "
        "sensitive blocks); "
        "the honest Alice never loses",
        "failed" if failures else "confirmed",
        values={"cases": rows, "failures": failures[:10]},
        notes=[
            "time is counted in abstract units (children listed, aggregator evaluations, oracle "
            "reads, short-circuit tests), not seconds: T_D = q (Alice lists the q children) and "
            "T = the largest standalone solve of a non-root node",
            "Q and T are maxima over the NON-root nodes (the sub-problems Alice solves); the "
            "theorem allows any node, which only loosens the bounds; her top answer is phi_root of "
            "the root's solved children, reused for the first round",
            "Bob's LP is counted as the dual LP of Definition 3.4 over the inclusion-minimal "
            "sensitive blocks (same optimum); Theorem 4.1 does not bound Bob's work: the bound "
            "checked here (minimal blocks form an antichain, so at most C(q, floor(q/2)) of them "
            "by Sperner's theorem) is this project's addition; trees with at most "
            f"{MAX_LEAVES} leaves"])


def _leaves_below(row) -> int:
    """q^(d-1): the leaves below a child of the root of the uniform grid tree."""
    return row["q"] ** (row["d"] - 1)


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
