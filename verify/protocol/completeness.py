"""Completeness (paper Theorem 4.1), checked by enumerating every path Bob can sample.

For a small tree, an honest Alice (verify.protocol.debaters.HonestAlice) plays against every
sequence of Bob's choices with p_i > 0. Theorem 4.1: if the FBS condition holds
(fbs_z(phi_u) <= rho at the correct answers of every internal node u), she never loses.
If it fails somewhere, the enumeration lists the paths on which she loses and the exact
probability of losing.

Oracle queries: the theorem's honest Alice solves the q children of each visited node, at
Q queries each, so a run costs at most d * q * Q queries. Here Alice solves a sub-problem by
evaluating its whole subtree, so Q = the largest number of leaves below a non-root node;
`queries_on_path` counts, without reuse, the leaves below the children of every internal
node visited on a path (the top answer is phi_root(z), no extra queries).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from verify.base.errors import TooLarge

from .bob_rules import bob_view
from .debaters import HonestAlice
from .engine import BOB_WINS, Debate, step

MAX_PATHS = 1_000_000


@dataclass(frozen=True)
class LosingPath:
    """A path on which the honest Alice loses, and its probability."""

    nodes: tuple[str, ...]
    reason: str
    probability: Fraction


@dataclass(frozen=True)
class CompletenessReport:
    """The result of enumerating every Bob sample path against the honest Alice."""

    rho: Fraction
    rule: str
    paths: int
    losing_paths: tuple[LosingPath, ...]
    loss_probability: Fraction
    fbs_condition_holds: bool
    violations: tuple[tuple[str, Fraction], ...]  # (node id, honest fbs) with fbs > rho
    queries_on_path_max: int
    query_bound: int  # d * q * Q
    depth: int
    width: int
    Q: int
    notes: tuple[str, ...] = field(default=())

    @property
    def never_loses(self) -> bool:
        return not self.losing_paths


def check_completeness(debate: Debate, max_paths: int = MAX_PATHS) -> CompletenessReport:
    """Enumerate every path of positive probability with the honest Alice."""
    tree, alice = debate.tree, HonestAlice()
    leaves = tree.leaf_counts()
    paths, losing, max_queries = 0, [], 0
    stack = [(tree.root, alice.answer(debate), (), Fraction(1), 0)]
    while stack:
        node, claim, trail, probability, queries = stack.pop()
        z = None if tree.is_leaf(node) else alice.decompose(debate, node, claim)
        current = step(debate, node, claim, z)
        trail = trail + (tree.ids[node],)
        if z is not None:
            queries += sum(leaves[c] for c in tree.children[node])
        if current.outcome is not None:
            paths += 1
            if paths > max_paths:
                raise TooLarge(f"more than {max_paths} sample paths: the completeness "
                               "enumeration is for small trees")
            max_queries = max(max_queries, queries)
            if current.outcome == BOB_WINS:
                losing.append(LosingPath(trail, current.reason, probability))
            continue
        for child, zi, pi in zip(tree.children[node], current.z, current.p):
            if pi:
                stack.append((child, zi, trail, probability * pi, queries))
    violations = _violations(debate)
    q = tree.max_width()
    big_q = max((leaves[i] for i in range(1, tree.n_nodes)), default=1)
    return CompletenessReport(
        debate.rho, debate.rule, paths, tuple(losing),
        sum((path.probability for path in losing), Fraction(0)), not violations,
        tuple(violations), max_queries, tree.depth * q * big_q, tree.depth, q, big_q)


def _violations(debate: Debate) -> list[tuple[str, Fraction]]:
    """Internal nodes whose correct answers violate the FBS condition fbs <= rho."""
    tree, found = debate.tree, []
    for node in tree.internal():
        value = bob_view(tree.aggregators[node], debate.truth(node), debate.rule).fbs
        if value > debate.rho:
            found.append((tree.ids[node], value))
    return found
