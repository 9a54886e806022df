"""Repeated debates: seeded sampled runs, confidence intervals, and the repetition planner.

Section 4 after Theorem 4.2: one run catches a lying Alice with probability c >= rho^-d,
so R independent runs catch her with probability 1 - (1 - c)^R, and O(rho^d log n) runs
give 1 - 1/poly(n). `plan` computes the exact smallest R with (1 - c)^R <= delta for
c = rho^-d (and for an exact c from the worst-case DP), beside rho^d ln(1/delta) and the
q^d leaf queries of exhaustive checking.

Sampling: the strategy's reachable states are compiled once (verify.protocol.StateGraph)
with a float cumulative distribution per state (the exact p is reported separately); all
runs advance level by level with numpy. Randomness: numpy Generator(PCG64(seed)); run r
uses row r of the uniforms drawn in blocks of CHUNK rows x d columns, its k-th sample the
k-th entry, so a run's path does not depend on the other runs and the same seed gives the
same output byte for byte. `verify.protocol.run_once` with the same row reproduces it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numpy as np

from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import fraction_text

from .engine import ALICE_WINS, BOB_WINS, Debate, StateGraph, cumulative

CHUNK = 1 << 16


@dataclass(frozen=True)
class RunsResult:
    """N sampled runs: the catch count, the estimate and intervals, and the exact value."""

    runs: int
    seed: int
    caught: int
    confidence: float
    clopper_pearson: tuple[float, float]
    wilson: tuple[float, float]
    catch_probability_exact: Fraction

    @property
    def catch_rate_estimate(self) -> float:
        return self.caught / self.runs

    @property
    def interval_contains_exact(self) -> bool:
        low, high = self.clopper_pearson
        return low <= float(self.catch_probability_exact) <= high


class _Arrays:
    """The state graph as numpy arrays for vectorised walking."""

    def __init__(self, graph: StateGraph):
        n = len(graph.steps)
        width = max((len(s.p) for s in graph.steps if s.p is not None), default=1)
        self.terminal = np.array([s.outcome is not None for s in graph.steps], dtype=bool)
        self.caught = np.array([s.outcome == BOB_WINS for s in graph.steps], dtype=bool)
        self.cum = np.full((n, width), np.inf)
        self.last = np.zeros(n, dtype=np.int64)
        self.next = np.full((n, width), -1, dtype=np.int64)
        for s, current in enumerate(graph.steps):
            if current.p is None:
                continue
            q = len(current.p)
            self.cum[s, :q] = cumulative(current.p)
            self.last[s] = max(i for i, p in enumerate(current.p) if p)
            self.next[s, :q] = graph.next_state[s]


def walk(arrays: _Arrays, uniforms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Final state and the chosen child per level (-1 after the end) for each run."""
    n, levels = uniforms.shape
    state = np.zeros(n, dtype=np.int64)
    choices = np.full((n, levels), -1, dtype=np.int64)
    for k in range(levels):
        active = np.flatnonzero(~arrays.terminal[state])
        if active.size == 0:
            break
        current = state[active]
        index = np.count_nonzero(arrays.cum[current] <= uniforms[active, k, None], axis=1)
        index = np.minimum(index, arrays.last[current])
        choices[active, k] = index
        state[active] = arrays.next[current, index]
    return state, choices


def sample_runs(debate: Debate, graph: StateGraph, runs: int, seed: int,
                confidence: float = 0.95, transcript=None, alice_name: str = "",
                progress=None) -> RunsResult:
    """N seeded runs of the protocol; optionally stream the JSON-lines transcript."""
    if runs < 1:
        raise BadInput(f"--runs must be >= 1, got {runs}")
    if seed < 0:
        raise BadInput(f"--seed must be >= 0, got {seed}")
    if not 0 < confidence < 1:
        raise BadInput(f"the confidence level must be in (0, 1), got {confidence}")
    arrays = _Arrays(graph)
    writer = None if transcript is None else TranscriptWriter(debate, graph, seed, transcript)
    if writer is not None:
        writer.header(runs, alice_name)
    rng = np.random.Generator(np.random.PCG64(seed))
    caught, done = 0, 0
    while done < runs:
        n = min(CHUNK, runs - done)
        uniforms = rng.random((n, debate.tree.depth))
        final, choices = walk(arrays, uniforms)
        caught += int(np.count_nonzero(arrays.caught[final]))
        if writer is not None:
            writer.runs(done, choices)
        done += n
        if progress is not None:
            progress.update(n)
    return RunsResult(runs, seed, caught, confidence, clopper_pearson(caught, runs, confidence),
                      wilson(caught, runs, confidence), graph.catch_probability())


class TranscriptWriter:
    """JSON lines: one header, then one object per protocol round of every run."""

    def __init__(self, debate: Debate, graph: StateGraph, seed: int, stream):
        self.debate, self.graph, self.seed, self.stream = debate, graph, seed, stream
        self.prefix_rule = json.dumps(debate.rule)
        self.fragments = [self._fragment(s) for s in range(len(graph.steps))]
        self.bounds = self._path_bounds()

    def header(self, runs: int, alice: str) -> None:
        tree = self.debate.tree
        self.stream.write(json.dumps({
            "format": "fbs-transcript/1", "tree": tree.description, "depth": tree.depth,
            "rho": fraction_text(self.debate.rho), "rule": self.debate.rule, "alice": alice,
            "alice_answer": self.graph.answer, "true_value": self.debate.values[tree.root],
            "seed": self.seed, "runs": runs}, separators=(",", ":")) + "\n")

    def _fragment(self, s: int) -> str:
        step, tree = self.graph.steps[s], self.debate.tree
        node = step.node
        fields = {"level": tree.depth - tree.depths[node], "depth": tree.depths[node],
                  "node": tree.ids[node], "claim": step.claim}
        if step.z is None:
            fields.update(query=tree.queries[node], oracle=step.oracle,
                          leaf_check=step.outcome == ALICE_WINS)
        else:
            fields.update(z="".join(map(str, step.z)), consistency=step.consistent)
            if step.fbs is not None:
                fields.update(fbs=fraction_text(step.fbs), fbs_check=step.fbs_ok)
            fields["p"] = None if step.p is None else [fraction_text(x) for x in step.p]
        fields.update(outcome=step.outcome, reason=step.reason)
        return json.dumps(fields, separators=(",", ":"))[1:-1]

    def _path_bounds(self) -> list[Fraction]:
        """Product of 1/fbs_z over the internal nodes passed on the way to each state."""
        bounds = [Fraction(1)] * len(self.graph.steps)
        for s, step in enumerate(self.graph.steps):
            for t in self.graph.next_state[s]:
                if t >= 0:
                    bounds[t] = bounds[s] / step.fbs
        return bounds

    def runs(self, first: int, choices: np.ndarray) -> None:
        lines, nexts = [], self.graph.next_state
        head = f',"seed":{self.seed},"rule":{self.prefix_rule},'
        for offset, row in enumerate(choices.tolist()):
            run, s = first + offset, 0
            for i in row:
                if i < 0:
                    break
                lines.append(f'{{"run":{run}{head}{self.fragments[s]},"sampled":{i}}}\n')
                s = nexts[s][i]
            lines.append(f'{{"run":{run}{head}{self.fragments[s]},'
                         f'"path_bound":"{fraction_text(self.bounds[s])}"}}\n')
        self.stream.write("".join(lines))


# ----------------------------------------------------------------------------- intervals


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval (closed form), z = the two-sided normal quantile."""
    z = float(mpmath.sqrt(2) * mpmath.erfinv(confidence))
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def clopper_pearson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval: beta quantiles by bisection on I_x(a, b)."""
    alpha = 1 - confidence
    low = 0.0 if k == 0 else _beta_quantile(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else _beta_quantile(1 - alpha / 2, k + 1, n - k)
    return low, high


def _beta_quantile(target: float, a: float, b: float) -> float:
    low, high = 0.0, 1.0
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if regularized_beta(a, b, middle) < target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b) by the continued fraction (modified Lentz), in floats."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1 - math.exp(log_front) * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny, c, d = 1e-300, 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 200_000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return h


# ----------------------------------------------------------------------------- planner


def parse_probability(text, what: str) -> Fraction:
    """An exact probability in (0, 1) from "0.01", "1/100" or "1e-6"."""
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise BadInput(f"{what} must be a number in (0, 1), got {text!r}") from None
    if not 0 < value < 1:
        raise BadInput(f"{what} must be in (0, 1), got {text}")
    return value


def repetitions_needed(c: Fraction, delta: Fraction) -> int | None:
    """The smallest R with (1 - c)^R <= delta (None if c = 0: no number of runs suffices)."""
    c, delta = Fraction(c), Fraction(delta)
    if c <= 0:
        return None
    if c >= 1:
        return 1
    with mpmath.workdps(60):
        guess = int(mpmath.ceil(mpmath.log(_mp(delta)) / mpmath.log(1 - _mp(c))))
    guess = max(guess, 1)
    while guess > 1 and _at_most(1 - c, guess - 1, delta):
        guess -= 1
    while not _at_most(1 - c, guess, delta):
        guess += 1
    return guess


def _mp(x: Fraction):
    return mpmath.mpf(x.numerator) / x.denominator


def _at_most(base: Fraction, power: int, delta: Fraction) -> bool:
    """base^power <= delta, exactly for moderate powers, at 80 digits otherwise."""
    if power * max(base.numerator.bit_length(), base.denominator.bit_length()) <= 200_000:
        return base ** power <= delta
    with mpmath.workdps(80):
        return power * mpmath.log(_mp(base)) <= mpmath.log(_mp(delta))


@dataclass(frozen=True)
class Plan:
    """How many independent runs catch a lying Alice with probability >= 1 - delta."""

    rho: Fraction
    depth: int
    delta: Fraction
    per_run_bound: Fraction  # rho^-d (Theorem 4.2)
    runs_theorem: int  # smallest R with (1 - rho^-d)^R <= delta
    rho_d_log: float  # rho^d ln(1/delta): the O(rho^d log n) statement with delta = n^-O(1)
    width: int | None
    exhaustive_leaves: int | None  # q^d leaf queries of checking the whole tree
    per_run_exact: Fraction | None = None  # the worst-case DP's exact catch probability
    runs_exact: int | None = None


MAX_PLAN_DEPTH = 1000
MAX_PLAN_RHO = 10**6


def plan(rho: Fraction, depth: int, delta: Fraction, width: int | None = None,
         exact: Fraction | None = None) -> Plan:
    """The repetition plan (exact R), for rho^-d and optionally an exact per-run value."""
    if type(depth) is not int or depth < 0:
        raise BadInput(f"the depth must be a non-negative integer, got {depth!r}")
    if depth > MAX_PLAN_DEPTH or Fraction(rho) > MAX_PLAN_RHO:
        raise TooLarge(f"the planner handles depth <= {MAX_PLAN_DEPTH} and rho <= {MAX_PLAN_RHO}")
    bound = Fraction(1) / Fraction(rho) ** depth
    with mpmath.workdps(30):
        rho_d_log = float(_mp(Fraction(rho)) ** depth * mpmath.log(1 / _mp(Fraction(delta))))
    return Plan(Fraction(rho), depth, Fraction(delta), bound, repetitions_needed(bound, delta),
                rho_d_log, width, None if width is None else width ** depth,
                exact, None if exact is None else repetitions_needed(exact, delta))
