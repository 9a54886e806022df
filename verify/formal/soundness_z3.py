"""A z3 mirror of the proof of Theorem 4.2 (soundness) and of Lemma 5.2.

Every claim is checked the way a refutation prover checks it: the hypotheses and the
*negation* of the claim go to z3 over the reals, and the claim counts as proved only when
z3 answers ``unsat``. ``sat`` means the claim is false (the model is a counterexample and is
reported); ``unknown`` (for instance a timeout) is reported as unknown, never as proved.

What is mirrored (paper Section 4, proof of Theorem 4.2; Section 5, Lemma 5.2):

* ``one_level_step(q)`` -- inequality (1) at one node: t >= 0, sum_{i in B} t_i >= 1 and
  0 < sum_i t_i <= rho imply P[I in B] = sum_{i in B} t_i / sum_j t_j >= 1/rho, for q
  coordinates and a symbolic block B (membership booleans b_i).
* ``averaging_step(n)`` -- averaging (1) over the transcripts through level k:
  P[W_{k-1}] >= P[W_{k-1} and W_k] >= P[W_k]/rho, for up to n transcripts.
* ``induction_unrolled(d)`` -- the chain P[W_d] = 1, P[W_{k-1}] >= P[W_k]/rho gives
  P[Alice loses] >= P[W_0] >= rho^-d, unrolled for a fixed d.
* ``induction_base_symbolic()`` / ``induction_step_symbolic()`` -- the base case and the
  inductive step for a symbolic depth d and level k (rho^-j is an uninterpreted X(j) with
  X(0) = 1 and X(j+1) * rho = X(j)). Only these two cases are z3 proofs; the induction
  principle that combines them is applied at the meta level.
* ``lemma_5_2(blocks, coords)`` -- Lemma 5.2's averaging argument for every family of at most
  ``blocks`` blocks over ``coords`` coordinates (symbolic membership).

Long arguments are checked as a chain of steps, each step proved by z3 from the hypotheses
and earlier steps it names (cut rule); a result is ``proved`` only when every step is unsat.
This keeps each query small: asked in one piece with all hypotheses, z3 5.4.1 times out
(10 s) on inequality (1) in division form from q = 7, on the averaging step from 8
transcripts and on Lemma 5.2 from 4 blocks x 4 coordinates; as chains the whole suite takes
about 2 s. Before the steps, the hypotheses themselves are checked satisfiable, so that no
claim is proved vacuously.

z3 is an untrusted solver (docs/design.md, Trust boundary): a ``proved`` here is z3's word, which is why the
same induction is also stated for proof assistants (``lean/``, ``coq/``).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, replace
from types import SimpleNamespace

import z3

from verify.base.interrupts import deferred_interrupts
from verify.base.z3_check import z3_check

TIMEOUT_MS = 10_000  # per z3 query
PROVED, FAILED, UNKNOWN = "proved", "failed", "unknown"

REF_ONE_LEVEL = "Theorem 4.2, proof: inequality (1) (P[I in B] >= 1/sum_j t_j >= 1/rho)"
REF_AVERAGING = "Theorem 4.2, proof: averaging (1) gives P[W_{k-1}] >= rho^-1 P[W_k]"
REF_INDUCTION = "Theorem 4.2, proof: P[W_0] >= rho^-d P[W_d] = rho^-d; statement of Theorem 4.2"
REF_LEMMA_5_2 = "Lemma 5.2 (a light sensitive block), proof"


@dataclass(frozen=True)
class ProofResult:
    """The outcome of one z3 proof (a claim, possibly checked as a chain of steps)."""

    name: str
    statement: str
    paper_ref: str
    result: str  # PROVED, FAILED (z3 found a counterexample) or UNKNOWN
    z3_version: str
    seconds: float
    steps: int  # steps answered unsat (all of them when proved)
    detail: str = ""  # failing step and counterexample, or z3's reason for unknown
    params: dict = field(default_factory=dict)

    @property
    def proved(self) -> bool:
        return self.result == PROVED

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Step:
    """One claim of a proof, checked from the hypotheses and earlier steps named in `uses`.

    A name in `uses` is a hypothesis group's label or an earlier step's label; a base label
    such as "inequality (1)" also selects its indexed groups "inequality (1)[3]". `uses=None`
    means every hypothesis and every earlier step. Fewer premises make a stronger claim, and
    they keep z3's nonlinear core small (all premises at once time out, see module doc).
    """

    label: str
    claim: object  # z3.BoolRef
    uses: tuple | None = None


@dataclass(frozen=True)
class Problem:
    """Hypotheses (labelled groups of z3 formulas) and the steps to prove from them."""

    name: str
    statement: str
    paper_ref: str
    hypotheses: tuple  # ((label, (formula, ...)), ...)
    steps: tuple  # (Step, ...); the last step is the claim
    params: dict = field(default_factory=dict)
    symbols: dict = field(default_factory=dict)  # named z3 terms, for tests and variants

    def without(self, label: str) -> "Problem":
        """The same problem with a hypothesis group (and its indexed groups) dropped."""
        kept = tuple(h for h in self.hypotheses if not _matches(h[0], label))
        if len(kept) == len(self.hypotheses):
            raise KeyError(label)
        return replace(self, hypotheses=kept)

    def with_claim(self, label: str, claim) -> "Problem":
        """The same hypotheses and steps, then one more claim from all of them."""
        return replace(self, steps=self.steps + (Step(label, claim),))


def _matches(label: str, name: str) -> bool:
    return label == name or label.startswith(name + "[")


def z3_version() -> str:
    return z3.get_version_string()


def prove(problem: Problem, timeout_ms: int = TIMEOUT_MS) -> ProofResult:
    """Check every step of `problem` as unsat of its negation; stop at the first failure.

    First the hypotheses must be satisfiable (z3 finds a model); otherwise every claim would
    follow vacuously and the result is FAILED (or UNKNOWN if z3 cannot tell).
    """
    start = time.perf_counter()
    known = [(label, tuple(group)) for label, group in problem.hypotheses]
    result, detail, done = PROVED, "", 0
    consistent = _consistency(known, timeout_ms)
    if consistent != z3.sat:
        result = FAILED if consistent == z3.unsat else UNKNOWN
        detail = f"hypotheses: z3 says {consistent} (a proof from them would be vacuous)"
    for step in problem.steps if result == PROVED else ():
        premises = [f for label, group in known
                    if step.uses is None or any(_matches(label, u) for u in step.uses)
                    for f in group]
        answer, info = _refute(premises, step.claim, timeout_ms)
        if answer != z3.unsat:
            result = FAILED if answer == z3.sat else UNKNOWN
            detail = f"step '{step.label}': z3 says {answer}" + (f"; {info}" if info else "")
            break
        known.append((step.label, (step.claim,)))
        done += 1
    return ProofResult(problem.name, problem.statement, problem.paper_ref, result,
                       z3_version(), round(time.perf_counter() - start, 4), done, detail,
                       dict(problem.params))


def _consistency(known: list, timeout_ms: int):
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*(f for _, group in known for f in group))
    return z3_check(solver)


def _refute(premises: list, claim, timeout_ms: int):
    """z3's answer for premises + not(claim), with a counterexample or reason."""
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*premises)
    solver.add(z3.Not(claim))
    answer = z3_check(solver)
    if answer == z3.sat:
        return answer, "counterexample: " + _model_text(solver.model())
    if answer == z3.unknown:
        return answer, solver.reason_unknown()
    return answer, ""


def _model_text(model, limit: int = 600) -> str:
    parts = sorted(f"{d.name()}={model[d]}" for d in model.decls() if d.arity() == 0)
    text = ", ".join(parts)
    return text if len(text) <= limit else text[:limit] + " ..."


def _reals(prefix: str, count: int) -> list:
    return [z3.Real(f"{prefix}{i}") for i in range(count)]


def _select(flag, chosen, value):
    """chosen = If(flag, value, 0), stated as a clause: a definition of a fresh name.

    Naming every selected term keeps z3's nonlinear core small (measured: inequality (1)
    with sum_i If(b_i, t_i, 0) inside one product times out from q = 9 on).
    """
    return z3.If(flag, chosen == value, chosen == 0)


def _indexed(label: str, formulas) -> tuple:
    """Hypothesis groups label[0], label[1], ... with one formula each."""
    return tuple((f"{label}[{i}]", (f,)) for i, f in enumerate(formulas))


# --- Theorem 4.2, inequality (1) ---------------------------------------------------------

def one_level_step(q: int) -> Problem:
    """Inequality (1) of Theorem 4.2's proof at one node with q sub-problems.

    Bob's dual solution t, a block B given by symbolic membership b_i with
    T_B = sum_{i in B} t_i >= 1 (dual feasibility for B), S = sum_i t_i with 0 < S <= rho
    (the stability check passed). Bob picks I with p_i = P[I = i] = t_i / S. Steps as in the
    paper: P[I in B] = T_B / S >= 1/S >= 1/rho; also the multiplied-out form T_B rho >= S in
    one query from the hypotheses on t, and that p is a distribution (the only step that
    needs t >= 0).
    """
    t, p, b = _reals("t", q), _reals("p", q), [z3.Bool(f"b{i}") for i in range(q)]
    t_in, p_in = _reals("tB", q), _reals("pB", q)  # t_i resp. p_i if i in B, else 0
    rho, tb, s, p_b = z3.Reals("rho T_B S P_B")
    hyps = (
        ("t >= 0", tuple(x >= 0 for x in t)),
        *_indexed("B membership of t", [_select(b[i], t_in[i], t[i]) for i in range(q)]),
        *_indexed("B membership of p", [_select(b[i], p_in[i], p[i]) for i in range(q)]),
        ("p_i = t_i/S", tuple(p[i] == t[i] / s for i in range(q))),
        ("sums", (tb == z3.Sum(t_in), s == z3.Sum(t), p_b == z3.Sum(p_in))),
        ("T_B >= 1", (tb >= 1,)),
        ("S > 0", (s > 0,)),
        ("S <= rho", (s <= rho,)),
    )
    steps = tuple(Step(f"pB_{i} = tB_{i}/S", p_in[i] == t_in[i] / s,
                       (f"B membership of t[{i}]", f"B membership of p[{i}]", "p_i = t_i/S",
                        "S > 0"))
                  for i in range(q))
    steps += (
        Step("P[I in B] = T_B/S", p_b == tb / s,
             ("sums", "S > 0") + tuple(f"pB_{i} = tB_{i}/S" for i in range(q))),
        Step("T_B/S >= 1/S", tb / s >= 1 / s, ("T_B >= 1", "S > 0")),
        Step("1/S >= 1/rho", 1 / s >= 1 / rho, ("S > 0", "S <= rho")),
        Step("P[I in B] >= 1/rho", p_b >= 1 / rho,
             ("P[I in B] = T_B/S", "T_B/S >= 1/S", "1/S >= 1/rho")),
        Step("p is a distribution", z3.And(*(x >= 0 for x in p), z3.Sum(p) == 1),
             ("t >= 0", "p_i = t_i/S", "sums", "S > 0")),
        Step("T_B * rho >= S (one query from the hypotheses on t)", tb * rho >= s,
             ("t >= 0", "B membership of t", "sums", "T_B >= 1", "S > 0", "S <= rho")),
    )
    return Problem(
        f"one_level_step_q{q}",
        f"for all real t_1..t_{q}, rho and every block B of [{q}] (symbolic membership): "
        "t >= 0, sum_{i in B} t_i >= 1, 0 < sum_i t_i <= rho imply "
        "sum_{i in B} t_i / sum_i t_i >= 1/rho (and sum_{i in B} t_i * rho >= sum_i t_i)",
        REF_ONE_LEVEL, hyps, steps, {"q": q},
        {"t": t, "b": b, "rho": rho, "T_B": tb, "S": s, "P_B": p_b})


# --- Theorem 4.2, averaging over transcripts ---------------------------------------------

def averaging_step(n: int) -> Problem:
    """Averaging inequality (1) over the transcripts through level k (Theorem 4.2's proof).

    Transcripts j = 1..n through level k have probabilities pi_j >= 0 summing to 1; w_j says
    whether transcript j realizes W_k (W_k is determined by the transcript), so the number of
    transcripts realizing W_k is symbolic (0..n). c_j in [0, 1] is P[W_{k-1} | transcript j];
    inequality (1) gives c_j >= 1/rho when w_j. Total probability: P[W_{k-1}] = sum_j pi_j c_j,
    P[W_{k-1} and W_k] = sum_{j: w_j} pi_j c_j, P[W_k] = sum_{j: w_j} pi_j.
    Claim: P[W_{k-1}] >= P[W_{k-1} and W_k] >= P[W_k] / rho.
    """
    pi, c, w = _reals("pi", n), _reals("c", n), [z3.Bool(f"w{j}") for j in range(n)]
    v = _reals("v", n)  # v_j = pi_j c_j = P[transcript j and W_{k-1}]
    e, f = _reals("e", n), _reals("f", n)  # v_j resp. pi_j if transcript j realizes W_k
    rho, p_k, p_k1, p_both = z3.Reals("rho P_Wk P_Wk1 P_both")
    hyps = (
        ("transcript probabilities", tuple(x >= 0 for x in pi) + (z3.Sum(pi) == 1,)),
        *_indexed("conditional probability in [0,1]", [z3.And(x >= 0, x <= 1) for x in c]),
        ("rho > 0", (rho > 0,)),
        *_indexed("inequality (1)", [z3.Implies(wj, cj >= 1 / rho) for wj, cj in zip(w, c)]),
        *_indexed("v_j = pi_j c_j", [vj == x * y for vj, x, y in zip(v, pi, c)]),
        *_indexed("W_k membership", [z3.And(_select(w[j], e[j], v[j]), _select(w[j], f[j], pi[j]))
                                     for j in range(n)]),
        ("sums", (p_k == z3.Sum(f), p_k1 == z3.Sum(v), p_both == z3.Sum(e))),
    )
    hyp = _transcript_premises
    below = [f"0 <= v_{j}, e_{j} <= v_{j}" for j in range(n)]
    local = [f"e_{j} >= f_{j}/rho" for j in range(n)]
    steps = tuple(Step(below[j], z3.And(v[j] >= 0, e[j] <= v[j]), hyp(j)) for j in range(n))
    steps += tuple(Step(local[j], e[j] >= f[j] / rho, hyp(j)) for j in range(n))
    steps += _partial_sums_ge("sum_{j<m} e_j >= (sum_{j<m} f_j)/rho, m =", e,
                              lambda m: z3.Sum(f[:m]) / rho, local, ("rho > 0",))
    steps += (
        Step("P[W_{k-1} and W_k] >= P[W_k]/rho", p_both >= p_k / rho,
             ("sums", f"sum_{{j<m}} e_j >= (sum_{{j<m}} f_j)/rho, m = {n}")),
        Step("P[W_{k-1}] >= P[W_{k-1} and W_k]", p_k1 >= p_both, ("sums",) + tuple(below)),
        Step("P[W_{k-1}] >= P[W_k]/rho", p_k1 >= p_k / rho,
             ("P[W_{k-1} and W_k] >= P[W_k]/rho", "P[W_{k-1}] >= P[W_{k-1} and W_k]")),
    )
    return Problem(
        f"averaging_step_n{n}",
        f"for every probability space with at most {n} transcripts through level k, W_k "
        "determined by the transcript, and P[W_{k-1} | transcript] >= 1/rho on every "
        "transcript realizing W_k: P[W_{k-1}] >= P[W_{k-1} and W_k] >= P[W_k]/rho",
        REF_AVERAGING, hyps, steps, {"n": n},
        {"pi": pi, "c": c, "w": w, "rho": rho, "P_Wk": p_k, "P_Wk1": p_k1, "P_both": p_both})


def _transcript_premises(j: int) -> tuple:
    """The hypotheses about transcript j (and rho) in `averaging_step`."""
    return ("transcript probabilities", f"conditional probability in [0,1][{j}]", "rho > 0",
            f"inequality (1)[{j}]", f"v_j = pi_j c_j[{j}]", f"W_k membership[{j}]")


# --- Theorem 4.2, the induction ----------------------------------------------------------

def induction_unrolled(d: int) -> Problem:
    """Theorem 4.2's induction for a fixed depth d, unrolled.

    P_k stands for P[W_k] and L for P[Alice loses]: P_d = 1, P_{k-1} >= P_k / rho for
    k = d..1 (the averaging step), L >= P_0 (W_0 implies that Alice loses), rho > 0.
    Claim: P_0 >= rho^-d and L >= rho^-d. (rho^d is z3's power with a constant exponent.)
    """
    p, (rho, lose) = _reals("P", d + 1), z3.Reals("rho L")
    hyps = (
        ("rho > 0", (rho > 0,)),
        ("P[W_d] = 1", (p[d] == 1,)),
        *((f"averaging step[{k}]", (p[k - 1] >= p[k] / rho,)) for k in range(1, d + 1)),
        ("W_0 implies Alice loses", (lose >= p[0],)),
    )
    label = [f"P_{k} >= rho^-{d - k}" for k in range(d + 1)]
    steps = tuple(Step(label[k], p[k] >= 1 / rho ** (d - k),
                       ("rho > 0", f"averaging step[{k + 1}]",
                        label[k + 1] if k + 1 < d else "P[W_d] = 1"))
                  for k in range(d - 1, -1, -1))
    steps += (Step(f"P[Alice loses] >= rho^-{d}", lose >= 1 / rho ** d,
                   ("W_0 implies Alice loses", label[0])),)
    return Problem(
        f"induction_d{d}",
        f"for all real rho > 0 and P_0..P_{d}, L: P_{d} = 1, P_(k-1) >= P_k/rho (k = 1..{d}), "
        f"L >= P_0 imply P_0 >= rho^-{d} and L >= rho^-{d}",
        REF_INDUCTION, hyps, steps, {"d": d}, {"P": p, "rho": rho, "L": lose})


def _symbolic_chain():
    """P: Int -> Real (P(k) = P[W_k]) and X: Int -> Real (X(j) = rho^-j), symbolic d and k."""
    prob = z3.Function("P", z3.IntSort(), z3.RealSort())
    power = z3.Function("X", z3.IntSort(), z3.RealSort())
    d, k = z3.Ints("d k")
    return prob, power, d, k, z3.Real("rho")


def induction_base_symbolic() -> Problem:
    """Base case of Theorem 4.2's induction for symbolic d: P[W_d] = 1 >= rho^-0."""
    prob, power, d, _, _ = _symbolic_chain()
    hyps = (("d >= 0", (d >= 0,)), ("P[W_d] = 1", (prob(d) == 1,)), ("X(0) = 1", (power(0) == 1,)))
    return Problem(
        "induction_base_symbolic",
        "for every integer d >= 0: P(d) = 1 and X(0) = 1 imply P(d) >= X(d - d) "
        "(X(j) stands for rho^-j)",
        REF_INDUCTION, hyps, (Step("P(d) >= X(0)", prob(d) >= power(d - d)),),
        {"d": "symbolic"}, {"P": prob, "X": power, "d": d})


def induction_step_symbolic() -> Problem:
    """Inductive step of Theorem 4.2's proof for symbolic d and k (induction on j = d - k).

    X(j) stands for rho^-j (z3 has no real exponentiation): X(j + 1) * rho = X(j). From the
    averaging step P(k-1) >= P(k)/rho and the hypothesis P(k) >= X(d-k), conclude
    P(k-1) >= X(d-k+1). With the base case this proves P(0) >= X(d) = rho^-d by induction on
    j = d - k; that induction is meta-level, z3 checks the two cases only.
    """
    prob, power, d, k, rho = _symbolic_chain()
    hyps = (
        ("1 <= k <= d", (k >= 1, k <= d)),
        ("rho > 0", (rho > 0,)),
        ("X(j+1) * rho = X(j) at j = d-k", (power(d - k + 1) * rho == power(d - k),)),
        ("averaging step at level k", (prob(k - 1) >= prob(k) / rho,)),
        ("induction hypothesis", (prob(k) >= power(d - k),)),
    )
    return Problem(
        "induction_step_symbolic",
        "for all integers 1 <= k <= d and real rho > 0: P(k-1) >= P(k)/rho, P(k) >= X(d-k), "
        "X(d-k+1) * rho = X(d-k) imply P(k-1) >= X(d-k+1) (X(j) stands for rho^-j)",
        REF_INDUCTION, hyps, (Step("P(k-1) >= X(d-k+1)", prob(k - 1) >= power(d - k + 1)),),
        {"d": "symbolic", "k": "symbolic"}, {"P": prob, "X": power, "d": d, "k": k, "rho": rho})


# --- Lemma 5.2 ----------------------------------------------------------------------------

def lemma_5_2(blocks: int, coords: int) -> Problem:
    """Lemma 5.2's averaging argument for every family of <= `blocks` blocks on `coords` coords.

    Membership m[H][i] is symbolic; w_H >= 0 is a primal-feasible weighting (load
    sum_{H ni i} w_H <= 1 at every coordinate) with R = sum_H w_H > 0; p is a distribution.
    Steps as in the paper: sum_H w_H p(H) = sum_i p_i load_i <= sum_i p_i = 1, i.e.
    E[p(H)] = sum_H (w_H/R) p(H) <= 1/R; hence some H with w_H > 0 has p(H) <= 1/R.
    Products get names (a = w_H p_i restricted to H, ...) so that each step is small.
    """
    v = _lemma_5_2_symbols(blocks, coords)
    steps = _lemma_5_2_exchange(v) + _lemma_5_2_averaging(v)
    return Problem(
        f"lemma_5_2_blocks{blocks}_coords{coords}",
        f"for every family of at most {blocks} blocks over {coords} coordinates (symbolic "
        "membership), every w >= 0 with loads <= 1 and R = sum w > 0, and every distribution "
        "p: sum_H (w_H/R) p(H) <= 1/R, and some H with w_H > 0 has p(H) <= 1/R",
        REF_LEMMA_5_2, _lemma_5_2_hypotheses(v), steps, {"blocks": blocks, "coords": coords},
        {"w": v.w, "p": v.p, "m": v.m, "R": v.r, "pH": v.p_h, "E": v.expect})


def _lemma_5_2_symbols(blocks: int, coords: int) -> SimpleNamespace:
    """Variables of Lemma 5.2; sp/sw are p_i/w_H restricted to i in H, a/b/wp/pl/y products."""
    hs, cs = range(blocks), range(coords)
    grid = {x: [[z3.Real(f"{x}{h}_{i}") for i in cs] for h in hs] for x in ("sp", "sw", "a", "b")}
    return SimpleNamespace(
        hs=hs, cs=cs, m=[[z3.Bool(f"m{h}_{i}") for i in cs] for h in hs], r=z3.Real("R"),
        expect=z3.Real("E"), w=_reals("w", blocks), p=_reals("p", coords),
        p_h=_reals("pH", blocks), load=_reals("load", coords), wp=_reals("wp", blocks),
        pl=_reals("pl", coords), y=_reals("y", blocks), **grid)


def _lemma_5_2_hypotheses(v: SimpleNamespace) -> tuple:
    hs, cs = v.hs, v.cs
    return (
        ("p is a distribution", tuple(x >= 0 for x in v.p) + (z3.Sum(v.p) == 1,)),
        ("w >= 0", tuple(x >= 0 for x in v.w)),
        ("loads <= 1", tuple(x <= 1 for x in v.load)),
        ("R = sum w > 0", (v.r == z3.Sum(v.w), v.r > 0)),
        *((f"membership[{h},{i}]", (_select(v.m[h][i], v.sp[h][i], v.p[i]),
                                    _select(v.m[h][i], v.sw[h][i], v.w[h])))
          for h in hs for i in cs),
        *((f"p(H) def[{h}]", (v.p_h[h] == z3.Sum(v.sp[h]),)) for h in hs),
        *((f"load def[{i}]", (v.load[i] == z3.Sum([v.sw[h][i] for h in hs]),)) for i in cs),
        *((f"a def[{h},{i}]", (v.a[h][i] == v.w[h] * v.sp[h][i],)) for h in hs for i in cs),
        *((f"b def[{h},{i}]", (v.b[h][i] == v.sw[h][i] * v.p[i],)) for h in hs for i in cs),
        *((f"wp def[{h}]", (v.wp[h] == v.w[h] * v.p_h[h],)) for h in hs),
        *((f"pl def[{i}]", (v.pl[i] == v.p[i] * v.load[i],)) for i in cs),
        ("E def", (v.expect == z3.Sum(v.wp),)),
        *((f"y def[{h}]", (v.y[h] == v.wp[h] * v.r - v.w[h],)) for h in hs),
    )


def _lemma_5_2_exchange(v: SimpleNamespace) -> tuple:
    """sum_H w_H p(H) = sum_i p_i load_i <= sum_i p_i = 1 (exchange of summation)."""
    hs, cs = v.hs, v.cs
    steps = tuple(Step(f"a_{h},{i} = b_{h},{i}", v.a[h][i] == v.b[h][i],
                       (f"membership[{h},{i}]", f"a def[{h},{i}]", f"b def[{h},{i}]"))
                  for h in hs for i in cs)
    steps += tuple(Step(f"w_{h} p(H_{h}) = sum_i a_{h},i", v.wp[h] == z3.Sum(v.a[h]),
                        (f"p(H) def[{h}]", f"wp def[{h}]") + tuple(f"a def[{h},{i}]" for i in cs))
                   for h in hs)
    steps += tuple(Step(f"p_{i} load_{i} = sum_H b_H,{i}",
                        v.pl[i] == z3.Sum([v.b[h][i] for h in hs]),
                        (f"load def[{i}]", f"pl def[{i}]") + tuple(f"b def[{h},{i}]" for h in hs))
                   for i in cs)
    steps += (Step("sum_H w_H p(H) = sum_i p_i load_i", v.expect == z3.Sum(v.pl),
                   ("E def",) + tuple(st.label for st in steps)),)
    steps += tuple(Step(f"p_{i} load_{i} <= p_{i}", v.pl[i] <= v.p[i],
                        (f"pl def[{i}]", "p is a distribution", "loads <= 1")) for i in cs)
    return steps + (Step("sum_H w_H p(H) <= 1", v.expect <= 1,
                         ("sum_H w_H p(H) = sum_i p_i load_i", "p is a distribution")
                         + tuple(f"p_{i} load_{i} <= p_{i}" for i in cs)),)


def _lemma_5_2_averaging(v: SimpleNamespace) -> tuple:
    """E[p(H)] = sum_H (w_H/R) p(H) <= 1/R, hence some H in the support has p(H) <= 1/R."""
    hs, r, n = v.hs, v.r, len(v.hs)
    weighted = [v.w[h] / r * v.p_h[h] for h in hs]
    per_block = [f"(w_{h}/R) p(H_{h}) = w_{h} p(H_{h})/R" for h in hs]
    steps = tuple(Step(per_block[h], weighted[h] == v.wp[h] / r, (f"wp def[{h}]", "R = sum w > 0"))
                  for h in hs)
    steps += _partial_sums("sum_H (w_H/R) p(H) = (sum_H w_H p(H))/R, first", weighted,
                           lambda k: z3.Sum(v.wp[:k]) / r, per_block, ("R = sum w > 0",))
    steps += (Step("E[p(H)] = sum_H (w_H/R) p(H) <= 1/R", z3.Sum(weighted) <= 1 / r,
                   (f"sum_H (w_H/R) p(H) = (sum_H w_H p(H))/R, first {n}", "E def",
                    "sum_H w_H p(H) <= 1", "R = sum w > 0")),)
    excess = [f"y_{h} = w_{h} (p(H_{h}) R - 1)" for h in hs]
    steps += tuple(Step(excess[h], v.y[h] == v.w[h] * (v.p_h[h] * r - 1),
                        (f"y def[{h}]", f"wp def[{h}]")) for h in hs)
    steps += _partial_sums("sum_H y_H = R sum_H w_H p(H) - sum_H w_H, first", v.y,
                           lambda k: r * z3.Sum(v.wp[:k]) - z3.Sum(v.w[:k]),
                           [f"y def[{h}]" for h in hs], ())
    return steps + (
        Step("sum_H w_H (p(H) R - 1) <= 0", z3.Sum(v.y) <= 0,
             ("R = sum w > 0", "E def", "sum_H w_H p(H) <= 1",
              f"sum_H y_H = R sum_H w_H p(H) - sum_H w_H, first {n}")),
        Step("some H with w_H > 0 has p(H) R <= 1",
             z3.Or([z3.And(v.w[h] > 0, v.p_h[h] * r <= 1) for h in hs]),
             ("w >= 0", "R = sum w > 0", "sum_H w_H (p(H) R - 1) <= 0") + tuple(excess)),
        Step("some H with w_H > 0 has p(H) <= 1/R",
             z3.Or([z3.And(v.w[h] > 0, v.p_h[h] <= 1 / r) for h in hs]),
             ("R = sum w > 0", "some H with w_H > 0 has p(H) R <= 1")),
    )


def _partial_sums(label: str, terms: list, target, term_steps: list, uses: tuple,
                  relation=lambda lhs, rhs: lhs == rhs) -> tuple:
    """Steps 'label k': relation(sum(terms[:k]), target(k)) for k = 1..len(terms).

    Step k uses step k-1 and term_steps[k-1] (the fact about terms[k-1]), one term at a time:
    distributing a factor over a long sum in one query is where z3's nonlinear arithmetic
    times out.
    """
    steps = []
    for k in range(1, len(terms) + 1):
        previous = (f"{label} {k - 1}",) if k > 1 else ()
        steps.append(Step(f"{label} {k}", relation(z3.Sum(terms[:k]), target(k)),
                          uses + (term_steps[k - 1],) + previous))
    return tuple(steps)


def _partial_sums_ge(label, terms, target, term_steps, uses) -> tuple:
    """As `_partial_sums`, with sum(terms[:k]) >= target(k)."""
    return _partial_sums(label, terms, target, term_steps, uses, lambda lhs, rhs: lhs >= rhs)


# --- the suite ----------------------------------------------------------------------------

LEMMA_5_2_SIZES = ((1, 1), (2, 2), (2, 4), (3, 3), (4, 2), (4, 4), (5, 5), (6, 6))


def problems(max_q: int = 12, max_d: int = 10, max_n: int = 8,
             lemma_sizes=LEMMA_5_2_SIZES) -> list[Problem]:
    """Every problem of the mirror, in the order of the paper's argument."""
    out = [one_level_step(q) for q in range(1, max_q + 1)]
    out += [averaging_step(n) for n in range(1, max_n + 1)]
    out += [induction_unrolled(d) for d in range(1, max_d + 1)]
    out += [induction_base_symbolic(), induction_step_symbolic()]
    out += [lemma_5_2(b, c) for b, c in lemma_sizes]
    return out


def prove_all(max_q: int = 12, max_d: int = 10, max_n: int = 8,
              lemma_sizes=LEMMA_5_2_SIZES, timeout_ms: int = TIMEOUT_MS) -> list[ProofResult]:
    """Prove every problem; one ProofResult each (see `problems`). Ctrl-C ends it between
    z3 calls, never inside one (verify.base.interrupts)."""
    with deferred_interrupts():
        return [prove(problem, timeout_ms)
                for problem in problems(max_q, max_d, max_n, lemma_sizes)]


def main() -> int:
    """Print one line per proof; exit 0 only when everything is proved."""
    results = prove_all()
    for res in results:
        print(f"{res.result:8} {res.seconds:7.3f}s  {res.name}  ({res.steps} steps) {res.detail}")
    total = sum(res.seconds for res in results)
    print(f"z3 {z3_version()}: {sum(r.proved for r in results)}/{len(results)} proved, "
          f"{total:.2f}s total")
    return 0 if all(r.proved for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
