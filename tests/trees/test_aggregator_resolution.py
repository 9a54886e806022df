"""Each aggregator spec of a tree is resolved once, when the tree is read (issue 40 section 5).

The resolution is counted at its two gates: `parse_spec` (a real parse) and the per-spec
cache of verify.functions.aggregators, through which every look-up of an aggregator by its
spec text goes. Reading a tree file parses each distinct spec once; the worst-case DP, the
budgeted worst case and the lower bound then run on the resolved aggregators handed down
with the tree and look no spec up at all.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter

import pytest

import verify
from verify.functions import aggregators
from verify.functions import spec as spec_module
from verify.functions.aggregators import Aggregator, resolve

SPECS = ["maj:3", "and:2", "index:1"]  # two symmetric, one not (its truth table is read)


@pytest.fixture
def tree_files(tmp_path):
    tree = verify.random_tree(seed=3, depth=3, aggregators=SPECS)
    oracle = verify.random_oracle(tree, seed=1)
    path, oracle_path = tmp_path / "t.json", tmp_path / "o.json"
    verify.write_tree(path, tree, oracle_path=oracle_path, oracle=oracle)
    internal = [tree.aggregators[i] for i in tree.internal()]
    assert len(internal) > len(set(internal)) == len(SPECS)  # specs shared by several nodes
    return path, oracle_path


@pytest.fixture
def counted(monkeypatch):
    """(parses, lookups): Counters by spec text of parse_spec calls and of look-ups of an
    aggregator by its spec (the per-spec cache), from a cold cache."""
    parses, lookups = Counter(), Counter()
    parse, cached = spec_module.parse_spec, aggregators._resolve

    def counting_parse(text, *args, **kwargs):
        parses[text] += 1
        return parse(text, *args, **kwargs)

    def counting_lookup(text):
        lookups[text] += 1
        return cached(text)

    _clear_caches()  # every memo keyed by spec starts cold, whatever ran before
    monkeypatch.setattr(aggregators, "parse_spec", counting_parse)
    monkeypatch.setattr(aggregators, "_resolve", counting_lookup)
    yield parses, lookups
    cached.cache_clear()


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("verify."):
            for value in list(vars(module).values()):
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


RUNS = {
    "worst-case": lambda tree, oracle: verify.worst_case(tree, oracle, 3),
    "worst-case symmetric rule": lambda tree, oracle: verify.worst_case(tree, oracle, 3,
                                                                        rule="symmetric"),
    "budgeted worst case": lambda tree, oracle: verify.budgeted_worst_case(tree, oracle,
                                                                           strategies=5),
    "lower bound": lambda tree, oracle: verify.tree_fbs(tree, oracle),
}


@pytest.mark.parametrize("run", sorted(RUNS))
def test_one_resolution_per_distinct_spec(tree_files, counted, run):
    parses, lookups = counted
    path, oracle_path = tree_files
    tree = verify.load_tree(path)
    assert dict(parses) == {spec: 1 for spec in SPECS}
    assert all(isinstance(tree.aggregators[i], Aggregator) for i in tree.internal())
    lookups.clear()
    result = RUNS[run](tree, verify.load_oracle(oracle_path))
    assert result is not None
    assert not lookups  # no aggregator of the tree looked up by its spec after the read
    assert dict(parses) == {spec: 1 for spec in SPECS}  # nothing parsed again


def test_worst_case_from_a_path_parses_each_spec_once(tree_files, counted):
    parses, _ = counted
    path, oracle_path = tree_files
    verify.worst_case(str(path), str(oracle_path), 3)
    assert dict(parses) == {spec: 1 for spec in SPECS}


def test_resolved_aggregator_carries_what_the_layers_read():
    """Arity, weight classes and truth table against the definitions (maj:3: 1 iff at least
    two ones; tribes:2:2 = (x1 and x2) or (x3 and x4)), and the certified local results."""
    from itertools import product

    from verify.sensitivity.exact_fbs import certified_fbs

    maj, tribes = resolve("maj:3"), resolve("tribes:2:2")
    assert resolve(maj) is maj and resolve("maj:3") is maj and maj == "maj:3"
    assert (maj.arity, maj.symmetric, tuple(maj.values)) == (3, True, (0, 0, 1, 1))
    assert (tribes.arity, tribes.symmetric, tribes.values) == (4, False, None)
    for z in product((0, 1), repeat=4):
        expected = int((z[0] and z[1]) or (z[2] and z[3]))
        assert tribes.evaluate(z) == expected
        assert tribes.table[int("".join(map(str, z)), 2)] == expected
    assert [maj.evaluate(z) for z in product((0, 1), repeat=3)] == [0, 0, 0, 1, 0, 1, 1, 1]
    result = certified_fbs(maj, (1, 1, 0))
    assert result.certified and maj.local_results[(1, 1, 0)] is result
    assert certified_fbs("maj:3", (1, 1, 0)) is result  # a spec string reaches the same one
    with pytest.raises(AttributeError):
        maj.arity = 4
