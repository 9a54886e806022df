"""Alice debaters (paper Section 4): honest, scripted lies, and the worst-case liar.

* `HonestAlice` answers A(x) = L(x) and decomposes every claim with the correct answers
  z = (L(y_1), .., L(y_q)): the strategy of the proof of Theorem 4.1. At a menu node she
  takes the alternative of `verify.protocol.menus.honest_choices` (docs/menus.md).
* `ScriptedAlice` reads an `fbs-alice/1` file (docs/formats.md):
      {"format": "fbs-alice/1", "answer": 0 or 1, "claims": {"node id": "z bits", ...}}
  At a listed node she claims the given z (whatever claim she is defending there, so an
  inconsistent script loses the consistency check); elsewhere she gives the correct answers.
  An optional "alternatives": {"menu node id": "alternative id"} picks decompositions at
  menu nodes; elsewhere she takes the honest Alice's alternative.
* `WorstCaseAlice` lies at the root (A(x) = 1 - L(x)) and plays the exact DP's minimiser
  (verify.protocol.worst_case), alternatives included. Where no claim vector passes both
  checks she loses anyway; she then outputs the first consistent z (which fails the fbs
  check), or the correct answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from verify.base.errors import BadInput
from verify.base.files import read_versioned
from verify.functions.aggregators import Aggregator, resolve

from .engine import Debate
from .menus import honest_choices
from .worst_case import WorstCaseResult, solve_worst_case

SCRIPT_FORMAT = "fbs-alice/1"


class HonestAlice:
    """The honest strategy of Theorem 4.1."""

    name = "honest"

    def answer(self, debate: Debate) -> int:
        return debate.values[debate.tree.root]

    def choose(self, debate: Debate, node: int, claim: int) -> int:
        return honest_choices(debate)[node]

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        return debate.truth(node)


@dataclass
class ScriptedAlice:
    """Scripted lies: a top answer and claim vectors for chosen node ids."""

    top: int
    claims: dict[str, tuple[int, ...]]
    name: str = "scripted"
    alternatives: dict[str, str] | None = None  # menu node id -> alternative id

    def answer(self, debate: Debate) -> int:
        return self.top

    def choose(self, debate: Debate, node: int, claim: int) -> int:
        tree = debate.tree
        chosen = (self.alternatives or {}).get(tree.ids[node])
        if chosen is None:
            return honest_choices(debate)[node]
        return [tree.ids[a] for a in tree.children[node]].index(chosen)

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        return self.claims.get(debate.tree.ids[node], debate.truth(node))

    def validate(self, debate: Debate) -> "ScriptedAlice":
        """BadInput if a scripted node id is unknown, a leaf, or z has the wrong width."""
        tree = debate.tree
        for node_id, chosen in (self.alternatives or {}).items():
            node = tree.node(node_id)
            options = [tree.ids[a] for a in tree.children[node]] if tree.is_menu(node) else []
            if chosen not in options:
                raise BadInput(f"script: {node_id!r} is not a menu node with an alternative "
                               f"{chosen!r}" if options else
                               f"script: node {node_id!r} is not a menu node")
        for node_id, z in self.claims.items():
            node = tree.node(node_id)
            if tree.is_leaf(node) or tree.is_menu(node):
                raise BadInput(f"script: node {node_id!r} is a leaf or a menu node; claims are "
                               "for decomposition nodes (a menu's alternatives)")
            if len(z) != tree.width(node):
                raise BadInput(f"script: node {node_id!r} has {tree.width(node)} children "
                               f"but the claim vector has {len(z)} bits")
        return self


def load_script(path: str | Path) -> ScriptedAlice:
    """Read an `fbs-alice/1` file."""
    document, where = read_versioned(path, "Alice script", SCRIPT_FORMAT,
                                     {"answer", "claims", "alternatives", "description"})
    top = document.get("answer")
    if type(top) is not int or top not in (0, 1):
        raise BadInput(f"{where}: \"answer\" must be 0 or 1")
    claims = document.get("claims", {})
    if not isinstance(claims, dict):
        raise BadInput(f"{where}: \"claims\" must map node ids to bit strings")
    parsed = {}
    for node_id, bits in claims.items():
        if not isinstance(bits, str) or not bits or set(bits) - {"0", "1"}:
            raise BadInput(f"{where}: the claim for {node_id!r} must be a bit string like \"0110\"")
        parsed[node_id] = tuple(int(b) for b in bits)
    alternatives = document.get("alternatives", {})
    if not isinstance(alternatives, dict) or \
            not all(isinstance(v, str) for v in alternatives.values()):
        raise BadInput(f"{where}: \"alternatives\" must map menu node ids to alternative ids")
    return ScriptedAlice(top, parsed, name=f"script:{Path(path).name}",
                         alternatives=dict(alternatives))


@dataclass
class WorstCaseAlice:
    """The DP-optimal liar (minimises Bob's exact catch probability)."""

    result: WorstCaseResult
    name: str = "worst"

    @classmethod
    def solve(cls, debate: Debate, progress=None) -> "WorstCaseAlice":
        return cls(solve_worst_case(debate, progress))

    def answer(self, debate: Debate) -> int:
        return 1 - debate.values[debate.tree.root]

    def choose(self, debate: Debate, node: int, claim: int) -> int:
        return self.result.choices[node][claim]

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        z = self.result.choices[node][claim]
        return z if z is not None else self._losing_claim(debate, node, claim)

    def _losing_claim(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        z = first_vector_with_value(debate.tree.aggregators[node], claim)
        return debate.truth(node) if z is None else z


def first_vector_with_value(spec: str, value: int) -> tuple[int, ...] | None:
    """The first z in lexicographic order (z_1 first) with phi(z) = value, or None. For a
    symmetric phi it is 0^(q-k) 1^k with k the smallest weight of that value: any z of weight
    w >= k has at most q - w leading zeros (O(1), any width). Otherwise the first such row
    of phi's truth table (the worst-case DP keeps those aggregators narrow)."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
    q = spec.arity
    if spec.symmetric:
        values = spec.values
        k = 0 if values[0] == value else values.nearest_change(0, +1)
        return None if k is None else (0,) * (q - k) + (1,) * k
    table = spec.table
    if value not in table:
        return None
    index = table.index(value)
    return tuple((index >> (q - 1 - i)) & 1 for i in range(q))


BUILT_IN = ("honest", "worst", "solver", "solver-lazy")


def make_alice(kind: str, debate: Debate, progress=None):
    """`honest`, `worst`, `solver` / `solver-lazy` (the honest Alice who solves her
    sub-problems through the counted oracle, verify.protocol.solving), or the path of an
    `fbs-alice/1` script."""
    if kind == "honest":
        return HonestAlice()
    if kind in ("solver", "solver-lazy"):
        from .solving import SolvingAlice

        return SolvingAlice(lazy=kind == "solver-lazy")
    if kind == "worst":
        return WorstCaseAlice.solve(debate, progress)
    if kind != "-" and not Path(kind).is_file():
        raise BadInput(f"--alice must be honest, worst, solver, solver-lazy or an Alice script "
                       f"file (- for standard input); {kind!r} is none")
    return load_script(kind).validate(debate)
