"""The compiled side levels (verify/lower_bound/side_kernel.py) against the pure-Python path
(SideLevels with compiled=False), field by field: every side record, the classes, rho_T and
the path products at the root, the local fbs extremes and the ordered keys; also when the
compiled path hands over to Python in mid-level (a small overflow limit), and rho_T against
the version-1 certificate path's value (a second method) and the checker's acceptance."""

from __future__ import annotations

import random

import pytest

from verify.base.jit import COMPILED
from verify.functions.aggregators import aggregator_function
from verify.lower_bound import side_kernel, side_levels
from verify.lower_bound.side_levels import side_rho_t
from verify.lower_bound.tree_fbs import uniform_tree_fbs
from verify.trees.model import UniformTree

CASES = [("maj:3", 5), ("maj:5", 3), ("maj:9", 3), ("thr:5:2", 3), ("thr:7:4", 3),
         ("and:3", 3), ("or:4", 3), ("parity:3", 3), ("thr:6:1", 2), ("maj:7", 3)]


def _alpha(q: int, depth: int, seed: int) -> str:
    rng = random.Random(seed)
    density = rng.choice([0.2, 0.5, 0.8])
    return "".join("1" if rng.random() < density else "0" for _ in range(q ** depth))


def _fields(spec: str, depth: int, alpha: str, compiled: bool | None):
    levels = side_rho_t(spec, aggregator_function(spec).values, depth, alpha, compiled=compiled)
    root = levels.root
    fields = {"rho_T": levels.number(root), "low": levels.number(root, "low"),
              "high": levels.number(root, "high"), "classes": levels.class_count(),
              "rho_min": levels.rho_min, "rho_max": levels.rho_max,
              "ordered_keys": levels.ordered_keys(), "records": levels.records()}
    return fields, levels


@pytest.mark.parametrize("spec,depth", CASES)
@pytest.mark.parametrize("seed", range(3))
def test_compiled_equals_python_field_by_field(spec, depth, seed):
    alpha = _alpha(aggregator_function(spec).arity, depth, seed)
    compiled, levels = _fields(spec, depth, alpha, True)
    python, _ = _fields(spec, depth, alpha, False)
    assert (levels.kernel is not None) == COMPILED  # no hand-over: the numbers are small
    for name in python:
        assert compiled[name] == python[name], name


@pytest.mark.parametrize("limit", [1e2, 1e3, 1e4, 1e6])
@pytest.mark.parametrize("spec,depth", [("maj:3", 5), ("maj:9", 3), ("thr:5:2", 3)])
def test_hand_over_in_mid_level_equals_python(spec, depth, limit, monkeypatch):
    """A small limit stops the compiled path at a row of some level; the Python path takes
    the tables over there and the results are the Python path's, field by field."""
    monkeypatch.setattr(side_kernel, "LIMIT", limit)
    alpha = _alpha(aggregator_function(spec).arity, depth, 7)
    compiled, _ = _fields(spec, depth, alpha, True)
    python, _ = _fields(spec, depth, alpha, False)
    for name in python:
        assert compiled[name] == python[name], name


def test_a_hand_over_happens_below_the_limit(monkeypatch):
    """maj:9 depth 3 has values with denominators up to 5^2: a limit of 100 must stop the
    compiled path (the kernel is dropped), one of 10^6 must not."""
    alpha = _alpha(9, 3, 1)
    monkeypatch.setattr(side_kernel, "LIMIT", 100.0)
    assert _fields("maj:9", 3, alpha, True)[1].kernel is None
    monkeypatch.setattr(side_kernel, "LIMIT", 1e6)
    assert (_fields("maj:9", 3, alpha, True)[1].kernel is not None) == COMPILED


def test_the_default_compiles_only_large_trees(monkeypatch):
    """side_rho_t's default takes the compiled path from COMPILED_FROM_LEAVES leaves on."""
    alpha = _alpha(3, 4, 0)
    assert _fields("maj:3", 4, alpha, None)[1].kernel is None
    monkeypatch.setattr(side_levels, "COMPILED_FROM_LEAVES", len(alpha))
    assert (_fields("maj:3", 4, alpha, None)[1].kernel is not None) == COMPILED


@pytest.mark.parametrize("seed", range(2))
def test_compiled_rho_t_equals_version_1_and_is_certified(seed, monkeypatch):
    """The compiled path's certificate (version 3) is accepted by the checker, and rho_T
    equals the version-1 recursion's (one record per node key, no side records)."""
    monkeypatch.setattr(side_levels, "COMPILED_FROM_LEAVES", 1)
    tree = UniformTree("maj:5", 3)
    alpha = _alpha(5, 3, seed)
    result = uniform_tree_fbs(tree, alpha)
    assert result.certified
    assert result.value == uniform_tree_fbs(tree, alpha, version=1).value
