"""One-step aggregators by spec (paper Definition 3.1, M_D; Section 5's phi_u).

A decomposition tree names the aggregator phi_u of each internal node by a spec of the public
grammar; the protocol, the worst-case dynamic program and the lower bound evaluate phi_u at
many claim vectors z. This module is the one place that parses those specs: `resolve` turns a
spec into an `Aggregator` once (when a tree is read), and the layers above read what they need
from that object (arity, whether phi is symmetric, its values by Hamming weight, its truth
table in docs/notes.md section 2 order, z_1 most significant, and the certified local fbs
results the sensitivity layer stores in it) instead of parsing the spec again.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

from .families import Symmetric
from .spec import parse_spec


class Aggregator(str):
    """An aggregator spec resolved once: the spec text itself (so it is written, compared
    and hashed as its spec, and a plain spec string still works wherever one is passed),
    carrying its BooleanFunction `function`, `arity`, `symmetric`, `values` (V(0..q) of a
    symmetric phi, its Hamming-weight classes; None otherwise), the truth table `table`
    (built on first use) and `local_results`, the certified fbs results at claim vectors z
    (filled on first use by verify.sensitivity.exact_fbs.certified_fbs). Immutable but
    for those two caches."""

    def __new__(cls, spec: str, function):
        self = super().__new__(cls, spec)
        symmetric = isinstance(function, Symmetric)
        fields = {"function": function, "arity": function.arity, "symmetric": symmetric,
                  "values": function.values if symmetric else None, "local_results": {}}
        self.__dict__.update(fields)
        return self

    def __setattr__(self, name, value):
        raise AttributeError(f"an Aggregator is immutable (setting {name!r})")

    def __reduce__(self):
        return resolve, (str(self),)

    @cached_property
    def table(self) -> tuple[int, ...]:
        """phi's truth table (docs/notes.md, section 2 order) as a tuple of 0/1."""
        return tuple(int(v) for v in self.function.truth_table())

    def evaluate(self, z) -> int:
        """phi(z) (a symmetric phi of any width by V(|z|), never by a truth table)."""
        if self.symmetric:
            return self.values[sum(z)]
        return self.table[z_index(z)]


@lru_cache(maxsize=None)
def _resolve(spec: str) -> Aggregator:
    return Aggregator(spec, parse_spec(spec))


def resolve(spec: str) -> Aggregator:
    """The Aggregator of a spec: parsed once per distinct spec (an Aggregator is itself)."""
    return spec if isinstance(spec, Aggregator) else _resolve(str(spec))


def aggregator_function(spec: str):
    """The BooleanFunction of an aggregator spec (parsed once per spec)."""
    return resolve(spec).function


def aggregator_table(spec: str):
    """The aggregator's truth table (docs/notes.md, section 2 order) as a tuple of 0/1."""
    return resolve(spec).table


def z_index(z) -> int:
    """Truth-table index of a claim vector z_1..z_q (z_1 most significant)."""
    index = 0
    for bit in z:
        index = (index << 1) | bit
    return index


def evaluate(spec: str, z) -> int:
    """phi(z) for an aggregator spec and a claim vector z (a symmetric aggregator of any
    width by its value at |z|, never by a truth table)."""
    return resolve(spec).evaluate(z)
