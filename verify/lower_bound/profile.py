"""A checker as Theorem 5.3 (paper Section 5) sees it: the probability a_s that it queries
each leaf under the reference oracle O_Y, its query budget m, and its acceptance. Its own
module so that the checkers (adaptive.py) and the adversary (adversary.py) both import it,
neither the other."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from verify.base.arguments import instance

ZERO = Fraction(0)


@dataclass(frozen=True)
class Profile:
    """A checker as Theorem 5.3 sees it: a_s per leaf, the budget m, and (built-in) Acc."""

    name: str
    budget: int  # m
    a: dict[int, Fraction]  # leaf node -> P_{O_Y}[the checker queries q_leaf] (zeros omitted)
    acceptance: object = None  # callable(H leaves, changed values) -> (P[Acc_Y], P[Acc_N])
    notes: str = ""

    @property
    def gamma(self) -> Fraction:
        """Gamma = sum_s a_s = E_{O_Y}[# distinct leaf queries] (exact, grouped by value)."""
        return sum((value * count for value, count in Counter(self.a.values()).items()), ZERO)


PROFILE = instance(Profile, what="a Profile (budgeted_checker)")  # the argument kind
