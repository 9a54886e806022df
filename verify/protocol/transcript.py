"""The `fbs-transcript/1` JSON-lines transcript of sampled runs (docs/formats.md).

One header line, then one object per protocol round of every run: the node, Alice's claim,
her claim vector z, Bob's checks and distribution p, the child he sampled, and at the end
of a run the product of 1/fbs_z along its path.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from verify.base.numbers import fraction_text, json_text

from .engine import ALICE_WINS, Debate, StateGraph


class TranscriptWriter:
    """JSON lines: one header, then one object per protocol round of every run."""

    def __init__(self, debate: Debate, graph: StateGraph, seed: int, stream):
        self.debate, self.graph, self.seed, self.stream = debate, graph, seed, stream
        self.prefix_rule = json_text(debate.rule)
        self.fragments = [self._fragment(s) for s in range(len(graph.steps))]
        self.bounds = self._path_bounds()

    def header(self, runs: int, alice: str) -> None:
        self.stream.write(json_text(self.header_fields(runs, alice), separators=(",", ":")) + "\n")

    def header_fields(self, runs: int, alice: str) -> dict:
        tree = self.debate.tree
        return {"format": "fbs-transcript/1", "tree": tree.description, "depth": tree.depth,
                "rho": fraction_text(self.debate.rho), "rule": self.debate.rule, "alice": alice,
                "alice_answer": self.graph.answer, "true_value": self.debate.values[tree.root],
                "alice_answer_queries": self.graph.answer_queries, "seed": self.seed, "runs": runs}

    def _fragment(self, s: int) -> str:
        step, tree = self.graph.steps[s], self.debate.tree
        node = step.node
        fields = {"level": tree.depth - tree.depths[node], "depth": tree.depths[node],
                  "node": tree.ids[node], "claim": step.claim}
        if step.alternative is not None:  # a menu node: the decomposition Alice chose
            fields["alternative"] = tree.ids[step.decomposition(tree)]
        if step.z is None:
            fields.update(query=tree.queries[node], oracle=step.oracle,
                          leaf_check=step.outcome == ALICE_WINS, judge_queries=1)
        else:
            fields.update(z="".join(map(str, step.z)), consistency=step.consistent,
                          alice_queries=step.alice_queries)
            if step.fbs is not None:
                fields.update(fbs=fraction_text(step.fbs), fbs_check=step.fbs_ok)
            if step.lp is not None:
                fields["lp"] = list(step.lp)
                fields["closed_form"] = step.closed_form
            fields["p"] = None if step.p is None else [fraction_text(x) for x in step.p]
        fields.update(outcome=step.outcome, reason=step.reason)
        return json_text(fields, separators=(",", ":"))[1:-1]

    def _path_bounds(self) -> list[Fraction]:
        """Product of 1/fbs_z over the internal nodes passed on the way to each state."""
        bounds = [Fraction(1)] * len(self.graph.steps)
        for s, step in enumerate(self.graph.steps):
            for t in self.graph.next_state[s]:
                if t >= 0:
                    bounds[t] = bounds[s] / step.fbs
        return bounds

    def _end(self, s: int) -> str:
        """Fields of a run's last line: the product of 1/fbs_z along its path."""
        return f',"path_bound":"{fraction_text(self.bounds[s])}"'

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
            lines.append(f'{{"run":{run}{head}{self.fragments[s]}{self._end(s)}}}\n')
        self.stream.write("".join(lines))
