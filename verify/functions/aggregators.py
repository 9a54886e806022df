"""One-step aggregators by spec (paper Definition 3.1, M_D; Section 5's phi_u).

A decomposition tree names the aggregator phi_u of each internal node by a spec of the public
grammar; the protocol, the worst-case dynamic program and the lower bound evaluate phi_u at
many claim vectors z. This module is the one place that does so: each spec is parsed once
and its truth table (docs/notes.md, section 2 order, z_1 most significant) built once.
"""

from __future__ import annotations

from functools import lru_cache

from .families import Symmetric
from .spec import parse_spec


@lru_cache(maxsize=None)
def aggregator_function(spec: str):
    """The BooleanFunction of an aggregator spec (parsed once per spec)."""
    return parse_spec(spec)


@lru_cache(maxsize=None)
def aggregator_table(spec: str):
    """The aggregator's truth table (docs/notes.md, section 2 order) as a tuple of 0/1."""
    return tuple(int(v) for v in aggregator_function(spec).truth_table())


def z_index(z) -> int:
    """Truth-table index of a claim vector z_1..z_q (z_1 most significant)."""
    index = 0
    for bit in z:
        index = (index << 1) | bit
    return index


def evaluate(spec: str, z) -> int:
    """phi(z) for an aggregator spec and a claim vector z (a symmetric aggregator of any
    width by its value at |z|, never by a truth table)."""
    function = aggregator_function(spec)
    if isinstance(function, Symmetric):
        return function.values[sum(z)]
    return aggregator_table(spec)[z_index(z)]
