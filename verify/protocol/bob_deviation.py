"""Bob deviating from the sampling rule: exact win probabilities on small trees (Section 1.2,
"Honesty and correctness are dominant strategies").

A pure Alice strategy is a table (node, claim) -> claim vector z (`TableAlice`); a Bob strategy
maps the state he sees, (node, z), to a distribution over the children. The protocol's checks
(consistency, fbs <= rho, leaf check) are the engine's `step`; only the child Bob samples
changes. `bob_win_probability` evaluates any such pair exactly; `best_deterministic_bob` is
Bob's best pure reply to a fixed Alice (a DP: the state (node, claim) fixes z, so a choice per
state is a strategy). `lying_strategies` enumerates every pure liar strategy in which each
(node, claim) uses a vector passing both checks (a vector failing one loses at once under
every Bob, so it cannot separate two Bob strategies).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from verify.base.errors import TooLarge

from .bob_rules import bob_view
from .engine import BOB_WINS, Debate, step

ONE, ZERO = Fraction(1), Fraction(0)


@dataclass(frozen=True)
class TableAlice:
    """A pure Alice strategy: the top answer and z for every (node, claim) she may defend; on
    a tree with menus also the alternative she takes at every (menu node, claim)."""

    top: int
    table: dict  # (node, claim) -> z, or at a menu node the alternative's index
    name: str = "table"

    def answer(self, debate: Debate) -> int:
        return self.top

    def choose(self, debate: Debate, node: int, claim: int) -> int:
        return self.table[node, claim]

    def decompose(self, debate: Debate, node: int, claim: int) -> tuple[int, ...]:
        return self.table.get((node, claim), debate.truth(node))


def rule_bob(debate: Debate, node: int, z: tuple[int, ...], p) -> tuple[Fraction, ...]:
    """The protocol's Bob: the rule's p (already in the step)."""
    return p


def _game_value(debate: Debate, alice, combine) -> Fraction:
    """P[Bob wins] against `alice` by the protocol's recursion (memoised on (node, claim));
    combine(node, step, value) gives an internal node's value from its children's."""
    memo: dict = {}

    def value(node: int, claim: int) -> Fraction:
        if (node, claim) not in memo:
            z = None if debate.tree.is_leaf(node) else alice.decompose(debate, node, claim)
            current = step(debate, node, claim, z)
            if current.outcome is not None:
                memo[node, claim] = ONE if current.outcome == BOB_WINS else ZERO
            else:
                memo[node, claim] = combine(node, current, value)
        return memo[node, claim]

    return value(debate.tree.root, alice.answer(debate))


def bob_win_probability(debate: Debate, alice, bob=rule_bob) -> Fraction:
    """Exact P[Bob wins] when Alice plays `alice` and Bob samples bob(debate, node, z, p_rule)."""

    def average(node: int, current, value) -> Fraction:
        p = bob(debate, node, current.z, current.p)
        return sum((pi * value(c, zi) for pi, c, zi in
                    zip(p, debate.tree.children[node], current.z) if pi), ZERO)

    return _game_value(debate, alice, average)


def best_deterministic_bob(debate: Debate, alice) -> tuple[Fraction, dict]:
    """Bob's best pure reply to `alice`: (his win probability, {(node, z): child index})."""
    choice: dict = {}

    def best(node: int, current, value) -> Fraction:
        kids = debate.tree.children[node]
        scores = [value(c, zi) for c, zi in zip(kids, current.z)]
        chosen = max(range(len(kids)), key=lambda i: (scores[i], -i))
        choice[node, current.z] = chosen
        return scores[chosen]

    return _game_value(debate, alice, best), choice


def deterministic_bob(choice: dict):
    """A Bob strategy from {(node, z): child}: a point mass (the rule's p where not listed)."""

    def bob(debate, node, z, p):
        i = choice.get((node, z))
        return p if i is None else tuple(ONE if j == i else ZERO for j in range(len(z)))

    return bob


def truth_following_bob(debate: Debate, node: int, z: tuple[int, ...], p):
    """A Bob who knows the true values: the first child whose claim is false, else the rule."""
    wrong = [i for i, c in enumerate(debate.tree.children[node]) if z[i] != debate.values[c]]
    if not wrong:
        return p
    return tuple(ONE if j == wrong[0] else ZERO for j in range(len(z)))


def passing_vectors(debate: Debate, node: int, claim: int) -> list[tuple[int, ...]]:
    """Claim vectors for `claim` at `node` that pass the consistency and the fbs check."""
    spec, out = debate.tree.aggregators[node], []
    for z in product((0, 1), repeat=debate.tree.width(node)):
        if spec.evaluate(z) == claim and bob_view(spec, z, debate.rule).fbs <= debate.rho:
            out.append(z)
    return out


def lying_strategies(debate: Debate, limit: int = 20000):
    """Every pure strategy of a lying Alice over passing vectors (TooLarge above `limit`)."""
    tree = debate.tree
    keys, options = [], []
    for node in tree.internal():
        for claim in (0, 1):
            vectors = passing_vectors(debate, node, claim)
            if vectors:
                keys.append((node, claim))
                options.append(vectors)
    count = 1
    for vectors in options:
        count *= len(vectors)
    if count > limit:
        raise TooLarge(f"{count} pure Alice strategies (at most {limit} are enumerated)")
    top = 1 - debate.values[tree.root]
    for picks in product(*options):
        yield TableAlice(top, dict(zip(keys, picks)))
