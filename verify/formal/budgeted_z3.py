"""A z3 mirror of Theorem B1 (soundness of Budgeted FBS Debate): THIS PROJECT'S EXTENSION.

The theorem and its proof are ours (docs/budgeted.md, section 2), not the paper's. Each
inequality the proof uses is checked as in verify.formal.soundness_z3: hypotheses plus the
negated claim go to z3 over the reals, a claim counts as proved only on `unsat`, long
arguments are chains of small steps (cut rule), and the hypotheses are first shown
satisfiable.

* ``budget_step(q)`` -- steps S1-S3 at one node with q children and a symbolic set J of
  lying children: t >= 0, c >= 0, c_i >= 1 and c_i L_i >= 1 on J, t(J) >= 1,
  W = sum_i c_i t_i <= beta imply W >= t(J) >= 1 and
  P = sum_i (c_i t_i / W) L_i >= t(J) / W >= 1 / W >= 1 / beta.
* ``budget_guarantee()`` -- g(beta) = min(1, 1/beta) equals 1/c for c = max(beta, 1), and g is
  non-increasing (the induction hypothesis at a child, and the root check).
* ``mixed_bound()`` -- Theorem B4 (Mixed FBS Debate): lambda A + (1 - lambda) B >=
  lambda a + (1 - lambda) b >= min(lambda, 1 - lambda) max(a, b) for branch bounds A >= a, B >= b.
* ``budget_averaging(n)`` -- step A: if P[lose | d_j] >= g for every one of n decompositions
  (or transcripts) with probabilities pi_j, then P[lose] = sum_j pi_j P[lose | d_j] >= g.
"""

from __future__ import annotations

import z3

from verify.base.interrupts import deferred_interrupts

from .soundness_z3 import (
    TIMEOUT_MS,
    Problem,
    ProofResult,
    Step,
    _indexed,
    _partial_sums_ge,
    _reals,
    _select,
    prove,
)

REF_STEP = "ours, docs/budgeted.md, Theorem B1, steps S1-S3 (W >= t(J) >= 1, P >= 1/beta)"
REF_GUARANTEE = "ours, docs/budgeted.md, Theorem B1: g(beta) = 1/max(beta, 1), g non-increasing"
REF_AVERAGING = "ours, docs/budgeted.md, Theorem B1, step A (averaging)"


def budget_step(q: int) -> Problem:
    """Steps S1-S3 of Theorem B1 at a node with q children (symbolic J)."""
    t, c, loss = _reals("t", q), _reals("c", q), _reals("L", q)
    member = [z3.Bool(f"j{i}") for i in range(q)]
    t_in = _reals("tJ", q)  # t_i if i in J else 0
    weighted = _reals("ct", q)  # c_i t_i
    caught = _reals("ctL", q)  # c_i t_i L_i
    w, beta, t_j, total = z3.Reals("W beta T_J N")
    hyps = (
        ("t >= 0, c >= 0, 0 <= L <= 1", tuple(x >= 0 for x in t + c)
         + tuple(z3.And(x >= 0, x <= 1) for x in loss)),
        *_indexed("J membership of t", [_select(member[i], t_in[i], t[i]) for i in range(q)]),
        *_indexed("c_i >= 1 on J", [z3.Implies(member[i], c[i] >= 1) for i in range(q)]),
        *_indexed("c_i L_i >= 1 on J (induction)",
                  [z3.Implies(member[i], c[i] * loss[i] >= 1) for i in range(q)]),
        *_indexed("ct_i = c_i t_i", [weighted[i] == c[i] * t[i] for i in range(q)]),
        *_indexed("ctL_i = c_i t_i L_i", [caught[i] == weighted[i] * loss[i] for i in range(q)]),
        ("sums", (t_j == z3.Sum(t_in), w == z3.Sum(weighted), total == z3.Sum(caught))),
        ("t(J) >= 1", (t_j >= 1,)),
        ("budget check", (beta >= w,)),
    )
    base = ("t >= 0, c >= 0, 0 <= L <= 1",)
    term = [f"ct_{i} >= tJ_{i}" for i in range(q)]
    steps = tuple(Step(term[i], weighted[i] >= t_in[i],
                       base + (f"J membership of t[{i}]", f"c_i >= 1 on J[{i}]",
                               f"ct_i = c_i t_i[{i}]")) for i in range(q))
    steps += _partial_sums_ge("S1: sum_{i<m} ct_i >= sum_{i<m} tJ_i, m =", weighted,
                              lambda m: z3.Sum(t_in[:m]), term, ())
    steps += (Step("S1: W >= T_J", w >= t_j, ("sums", f"S1: sum_{{i<m}} ct_i >= sum_{{i<m}} "
                                                      f"tJ_i, m = {q}")),
              Step("S1: W >= 1", w >= 1, ("S1: W >= T_J", "t(J) >= 1")))
    caught_term = [f"ctL_{i} >= tJ_{i}" for i in range(q)]
    steps += tuple(Step(caught_term[i], caught[i] >= t_in[i],
                        base + (f"J membership of t[{i}]", f"c_i L_i >= 1 on J (induction)[{i}]",
                                f"ct_i = c_i t_i[{i}]", f"ctL_i = c_i t_i L_i[{i}]"))
                   for i in range(q))
    steps += _partial_sums_ge("S2: sum_{i<m} ctL_i >= sum_{i<m} tJ_i, m =", caught,
                              lambda m: z3.Sum(t_in[:m]), caught_term, ())
    steps += (
        Step("S2: N >= T_J", total >= t_j,
             ("sums", f"S2: sum_{{i<m}} ctL_i >= sum_{{i<m}} tJ_i, m = {q}")),
        Step("S2: N/W >= T_J/W", total / w >= t_j / w, ("S2: N >= T_J", "S1: W >= 1")),
        Step("S3: T_J/W >= 1/W", t_j / w >= 1 / w, ("t(J) >= 1", "S1: W >= 1")),
        Step("S3: 1/W >= 1/beta", 1 / w >= 1 / beta, ("S1: W >= 1", "budget check")),
        Step("S3: P = N/W >= 1/beta", total / w >= 1 / beta,
             ("S2: N/W >= T_J/W", "S3: T_J/W >= 1/W", "S3: 1/W >= 1/beta")),
        Step("S3: beta >= 1, so 1/beta = min(1, 1/beta)", beta >= 1, ("S1: W >= 1",
                                                                         "budget check")),
    )
    return Problem(
        f"budget_step_q{q}",
        f"(ours) for all real t, c, L in R^{q}, beta and every set J of [{q}] (symbolic "
        "membership): t >= 0, c >= 0, 0 <= L <= 1, c_i >= 1 and c_i L_i >= 1 on J, t(J) >= 1, "
        "W = sum_i c_i t_i <= beta imply W >= 1 and sum_i (c_i t_i / W) L_i >= 1/beta",
        REF_STEP, hyps, steps, {"q": q}, {"t": t, "c": c, "L": loss, "J": member, "W": w,
                                          "beta": beta, "T_J": t_j, "N": total})


def budget_guarantee() -> Problem:
    """g(beta) = min(1, 1/beta) is 1/c for c = max(beta, 1), and is non-increasing."""
    beta, beta_max, c, g, g_max = z3.Reals("beta beta_max c g g_max")
    hyps = (
        ("0 < beta <= beta_max", (beta > 0, beta <= beta_max)),
        ("c = max(beta, 1)", (c == z3.If(beta >= 1, beta, 1),)),
        ("g = min(1, 1/beta)", (g == z3.If(beta <= 1, 1, 1 / beta),
                                g_max == z3.If(beta_max <= 1, 1, 1 / beta_max))),
    )
    steps = (
        Step("g = 1/c", g == 1 / c, ("0 < beta <= beta_max", "c = max(beta, 1)",
                                     "g = min(1, 1/beta)")),
        Step("g >= g(beta_max)", g >= g_max, ("0 < beta <= beta_max", "g = min(1, 1/beta)")),
        Step("0 < g <= 1", z3.And(g > 0, g <= 1), ("0 < beta <= beta_max", "g = min(1, 1/beta)")),
    )
    return Problem("budget_guarantee",
                   "(ours) for all real 0 < beta <= beta_max: min(1, 1/beta) = 1/max(beta, 1) "
                   "and min(1, 1/beta) >= min(1, 1/beta_max)",
                   REF_GUARANTEE, hyps, steps, {}, {"beta": beta, "beta_max": beta_max})


def budget_averaging(n: int) -> Problem:
    """Step A: a convex combination of n conditional loss probabilities, each >= g, is >= g."""
    pi, cond, v = _reals("pi", n), _reals("P", n), _reals("v", n)
    g, total = z3.Reals("g P_lose")
    hyps = (
        ("probabilities", tuple(x >= 0 for x in pi) + (z3.Sum(pi) == 1,)),
        *_indexed("P[lose | d_j] >= g", [x >= g for x in cond]),
        *_indexed("v_j = pi_j P[lose | d_j]", [vj == p * x for vj, p, x in zip(v, pi, cond)]),
        ("total probability", (total == z3.Sum(v),)),
    )
    term = [f"v_{j} >= pi_{j} g" for j in range(n)]
    steps = tuple(Step(term[j], v[j] >= pi[j] * g,
                       ("probabilities", f"P[lose | d_j] >= g[{j}]", f"v_j = pi_j P[lose | d_j][{j}]"))
                  for j in range(n))
    steps += _partial_sums_ge("sum_{j<m} v_j >= (sum_{j<m} pi_j) g, m =", v,
                              lambda m: z3.Sum(pi[:m]) * g, term, ())
    steps += (Step("P[lose] >= g", total >= g,
                   ("probabilities", "total probability",
                    f"sum_{{j<m}} v_j >= (sum_{{j<m}} pi_j) g, m = {n}")),)
    return Problem(f"budget_averaging_n{n}",
                   f"(ours) for every distribution pi over n = {n} decompositions or transcripts "
                   "and conditional loss probabilities each >= g: P[lose] >= g",
                   REF_AVERAGING, hyps, steps, {"n": n}, {"pi": pi, "P": cond, "g": g})


REF_MIXED = "ours, docs/budgeted.md, Theorem B4 (Mixed FBS Debate)"


def mixed_bound() -> Problem:
    """Theorem B4's arithmetic: with a private lambda-coin, the catch probability
    M = lambda A + (1 - lambda) B of one strategy, where A >= a and B >= b are the two
    branches' catch probabilities and bounds, is >= lambda a + (1 - lambda) b, and so
    within a factor min(lambda, 1 - lambda) of the better of a and b."""
    lam, a, b, big_a, big_b, m, best = z3.Reals("lambda a b A B M best")
    hyps = (
        ("0 <= lambda <= 1", (lam >= 0, lam <= 1)),
        ("branch bounds", (big_a >= a, big_b >= b)),
        ("bounds are probabilities", (a >= 0, b >= 0, a <= 1, b <= 1)),
        ("mixture", (m == lam * big_a + (1 - lam) * big_b,)),
        ("best = max(a, b)", (best == z3.If(a >= b, a, b),)),
    )
    steps = (
        Step("lambda A >= lambda a", lam * big_a >= lam * a, ("0 <= lambda <= 1",
                                                              "branch bounds")),
        Step("(1 - lambda) B >= (1 - lambda) b", (1 - lam) * big_b >= (1 - lam) * b,
             ("0 <= lambda <= 1", "branch bounds")),
        Step("B4: M >= lambda a + (1 - lambda) b", m >= lam * a + (1 - lam) * b,
             ("mixture", "lambda A >= lambda a", "(1 - lambda) B >= (1 - lambda) b")),
        Step("lambda a + (1 - lambda) b >= min(lambda, 1 - lambda) max(a, b)",
             lam * a + (1 - lam) * b >= z3.If(lam <= 1 - lam, lam, 1 - lam) * best,
             ("0 <= lambda <= 1", "bounds are probabilities", "best = max(a, b)")),
        Step("M >= min(lambda, 1 - lambda) max(a, b)",
             m >= z3.If(lam <= 1 - lam, lam, 1 - lam) * best,
             ("B4: M >= lambda a + (1 - lambda) b",
              "lambda a + (1 - lambda) b >= min(lambda, 1 - lambda) max(a, b)")),
    )
    return Problem("mixed_bound",
                   "(ours) for all real 0 <= lambda <= 1, 0 <= a, b <= 1, A >= a, B >= b: "
                   "lambda A + (1 - lambda) B >= lambda a + (1 - lambda) b >= "
                   "min(lambda, 1 - lambda) max(a, b)",
                   REF_MIXED, hyps, steps, {}, {"lambda": lam, "a": a, "b": b, "A": big_a,
                                                "B": big_b, "M": m})


def problems(max_q: int = 12, max_n: int = 8) -> list[Problem]:
    """Every problem of the budgeted mirror, in the order of the proof of Theorem B1."""
    out = [budget_step(q) for q in range(1, max_q + 1)]
    out.append(budget_guarantee())
    out += [budget_averaging(n) for n in range(1, max_n + 1)]
    out.append(mixed_bound())
    return out


def prove_all(max_q: int = 12, max_n: int = 8, timeout_ms: int = TIMEOUT_MS) -> list[ProofResult]:
    """Prove every step; Ctrl-C ends it between z3 calls (verify.base.interrupts)."""
    with deferred_interrupts():
        return [prove(problem, timeout_ms) for problem in problems(max_q, max_n)]
