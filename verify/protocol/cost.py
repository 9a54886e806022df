"""What one run of FBS Debate costs (paper Theorem 4.1): oracle queries and Bob's LP work.

* Oracle queries are COUNTED, not derived: the engine hands Alice the oracle wrapped in a
  `CountingOracle` and reads its counter around every move she makes (her top answer and each
  claim vector); the judge's leaf check reads the same oracle once at the end of a run.
* Alice's time: a debater may keep an integer `work` counter (abstract time units; the solving
  Alice of verify.protocol.solving counts children listed, aggregator evaluations and oracle
  reads); the engine records its increase per move. Debaters without one report None.
* Bob's fbs work: one fbs value per round that passes the consistency check (step 2 of the
  protocol). The paper's Bob solves the dual LP of Definition 3.4 restricted to minimal blocks,
  which has the same optimum (docs/notes.md, section 1), of size (variables, constraints) =
  (q, number of inclusion-minimal sensitive blocks of phi_u at z); minimal blocks form an
  antichain, so by Sperner's theorem constraints <= C(q, floor(q/2)); a run needs at most d
  values. For a symmetric aggregator this Bob solves NO LP: the value and his dual come from
  the closed form of the reduced LP (`verify.fbs` method "symmetric"); such rounds are
  counted as `closed_forms`, the others as `lp_solves`, and the sizes are those of the LP of
  Definition 3.4 (solved, or replaced by the closed form).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from verify.functions.aggregators import Aggregator, resolve


class CountingOracle(Mapping):
    """An oracle (query -> bit) that counts its reads (`calls`); membership is not a read."""

    def __init__(self, answers: Mapping):
        self.answers = answers.answers if isinstance(answers, CountingOracle) else answers
        self.calls = 0

    def __getitem__(self, query):
        value = self.answers[query]
        self.calls += 1
        return value

    def __contains__(self, query) -> bool:
        return query in self.answers

    def __iter__(self):
        return iter(self.answers)

    def __len__(self) -> int:
        return len(self.answers)


MAX_TABLE_WIDTH = 20  # minimal blocks from the truth table up to this width


@lru_cache(maxsize=None)
def by_closed_form(spec: str) -> bool:
    """True if Bob's fbs at this aggregator comes from the symmetric closed form (no LP)."""
    phi = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
    return phi.symmetric


@lru_cache(maxsize=None)
def lp_size(spec: str, z: tuple[int, ...]) -> tuple[int, int]:
    """(variables, constraints) of Bob's dual LP at z: q and the number of minimal sensitive
    blocks (by type counting for symmetric aggregators, from the truth table otherwise)."""
    phi = spec if isinstance(spec, Aggregator) else resolve(spec)
    q = phi.arity
    if phi.symmetric:
        from verify.sensitivity.symmetric import minimal_types

        weight = sum(z)
        count = sum(math.comb(weight, a) * math.comb(q - weight, b)
                    for a, b in minimal_types(phi.values, weight))
        return q, count
    if q > MAX_TABLE_WIDTH:
        return q, -1  # not counted (documented: wider non-symmetric aggregators)
    from verify.sensitivity.blocks import bits_to_index, minimal_sensitive_masks

    return q, len(minimal_sensitive_masks(phi.function.truth_table(), bits_to_index(z)))


def sperner_bound(q: int) -> int:
    """The largest antichain of subsets of q children: C(q, floor(q/2))."""
    return math.comb(q, q // 2)


@dataclass(frozen=True)
class RunCost:
    """The cost of one run (or, from `StateGraph.cost_maxima`, each measure's maximum)."""

    alice_queries: int  # oracle reads by Alice (top answer and every claim vector)
    judge_queries: int  # oracle reads by the judge's leaf check (0 or 1)
    alice_work: int | None  # Alice's own time units, None if she keeps no counter
    rounds: int  # internal nodes visited
    lp_solves: int  # Bob's LPs (rounds past the consistency check without a closed form)
    lp_variables_max: int  # of Definition 3.4's LP at those rounds (solved or closed form)
    lp_constraints_max: int  # -1: not counted (non-symmetric aggregator wider than 20)
    closed_forms: int = 0  # rounds whose fbs came from the symmetric closed form (no LP)

    def to_json(self) -> dict:
        return {"alice_queries": self.alice_queries, "judge_queries": self.judge_queries,
                "alice_work": self.alice_work, "rounds": self.rounds,
                "lp_solves": self.lp_solves, "closed_forms": self.closed_forms,
                "lp_variables_max": self.lp_variables_max,
                "lp_constraints_max": self.lp_constraints_max}


def measured(alice, oracle: CountingOracle, move, *args):
    """(result of alice's move, oracle reads it made, work units it spent or None)."""
    before_calls, before_work = oracle.calls, getattr(alice, "work", None)
    result = move(*args)
    work = None if before_work is None else alice.work - before_work
    return result, oracle.calls - before_calls, work


def path_cost(answer_queries: int, answer_work, steps) -> RunCost:
    """The cost of one run from its steps (engine.Step objects, root first)."""
    internal = [s for s in steps if s.z is not None]
    works = [answer_work] + [s.alice_work for s in internal]
    lps = [s.lp for s in internal if s.lp is not None]
    closed = sum(s.lp is not None and s.closed_form for s in internal)
    return RunCost(answer_queries + sum(s.alice_queries for s in internal),
                   sum(s.judge_queries for s in steps),
                   None if any(w is None for w in works) else sum(works),
                   len(internal), len(lps) - closed, max((v for v, _ in lps), default=0),
                   max((c for _, c in lps), default=0), closed)
