"""The `fbs-transcript/1` transcript of Budgeted FBS Debate runs (ours; docs/formats.md).

The paper protocol's transcript (verify.protocol.transcript) with the budget fields: the
header carries "protocol": "budgeted" and beta_max; every round carries Alice's budget, her
child budgets, Bob's capacities and the needed budget W_u, and the budget check.
"""

from __future__ import annotations

from verify.base.numbers import fraction_text, json_text
from verify.protocol.engine import ALICE_WINS
from verify.protocol.transcript import TranscriptWriter


def _texts(values):
    return None if values is None else [fraction_text(v) for v in values]


class BudgetedTranscriptWriter(TranscriptWriter):
    """JSON lines: one header, then one object per round of every run, with budgets."""

    def header_fields(self, runs: int, alice: str) -> dict:
        tree = self.debate.tree
        return {"format": "fbs-transcript/1", "protocol": "budgeted (this project's extension)",
                "tree": tree.description, "depth": tree.depth,
                "beta_max": fraction_text(self.debate.beta_max), "rule": self.debate.rule,
                "alice": alice, "alice_answer": self.graph.answer,
                "true_value": self.debate.values[tree.root], "seed": self.seed, "runs": runs}

    def _fragment(self, s: int) -> str:
        step, tree = self.graph.steps[s], self.debate.tree
        node = step.node
        fields = {"level": tree.depth - tree.depths[node], "depth": tree.depths[node],
                  "node": tree.ids[node], "claim": step.claim,
                  "budget": fraction_text(step.budget)}
        if tree.is_leaf(node):
            fields.update(query=tree.queries[node], oracle=step.oracle,
                          leaf_check=step.outcome == ALICE_WINS)
        elif step.z is not None:
            fields.update(z="".join(map(str, step.z)), child_budgets=_texts(step.child_budgets),
                          consistency=step.consistent, capacities=_texts(step.capacities),
                          budget_needed=None if step.needed is None else fraction_text(step.needed),
                          p=_texts(step.p))
        fields.update(outcome=step.outcome, reason=step.reason)
        return json_text(fields, separators=(",", ":"))[1:-1]

    def _path_bounds(self):
        return None

    def _end(self, s: int) -> str:
        return ""
