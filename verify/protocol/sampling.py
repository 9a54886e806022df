"""Sampled debate runs: N seeded runs of the protocol, vectorised (paper Section 4).

Section 4 after Theorem 4.2: one run catches a lying Alice with probability c >= rho^-d.
The strategy's reachable states are compiled once (verify.protocol.engine.StateGraph) with a
float cumulative distribution per state (the exact p is reported separately); all runs
advance level by level with numpy. Randomness: numpy Generator(PCG64(seed)); run r uses row
r of the uniforms drawn in blocks of CHUNK rows x d columns, its k-th sample the k-th entry,
so a run's path does not depend on the other runs and the same seed gives the same output
byte for byte. `verify.protocol.engine.run_once` with the same row reproduces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from verify.base.errors import BadInput, TooLarge
from verify.base.notebook import NotebookView
from verify.base.numbers import exact_fields

from .engine import BOB_WINS, Debate, StateGraph, cumulative
from .intervals import clopper_pearson, wilson
from .transcript import TranscriptWriter

CHUNK = 1 << 16
MAX_RUN_SAMPLES = 10**8  # runs x depth uniforms drawn and walked (about 10 s on one core)


def check_run_size(runs: int, depth: int) -> None:
    """TooLarge before any work when `runs` runs of a depth-`depth` tree exceed
    MAX_RUN_SAMPLES samples."""
    if runs * max(depth, 1) > MAX_RUN_SAMPLES:
        raise TooLarge(f"{runs} runs of a depth-{depth} tree draw {runs * max(depth, 1)} "
                       f"samples, more than the limit 10^8 (runs x depth); use fewer runs")


@dataclass(frozen=True, repr=False)
class RunsResult(NotebookView):
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

    def to_json(self) -> dict:
        """The sampled-runs fields of `fbs debate run --json` (either protocol)."""
        return {"runs": self.runs, "seed": self.seed, "caught": self.caught,
                **exact_fields("catch_rate_estimate", Fraction(self.caught, self.runs)),
                "confidence": self.confidence,
                "clopper_pearson_float": list(self.clopper_pearson),
                "wilson_float": list(self.wilson),
                **exact_fields("catch_probability_exact", self.catch_probability_exact),
                "interval_contains_exact": self.interval_contains_exact}


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
                progress=None, writer_class=TranscriptWriter) -> RunsResult:
    """N seeded runs of the protocol; optionally stream the JSON-lines transcript."""
    if runs < 1:
        raise BadInput(f"--runs must be >= 1, got {runs}")
    if seed < 0:
        raise BadInput(f"--seed must be >= 0, got {seed}")
    if not 0 < confidence < 1:
        raise BadInput(f"the confidence level must be in (0, 1), got {confidence}")
    arrays = _Arrays(graph)
    writer = None if transcript is None else writer_class(debate, graph, seed, transcript)
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
