"""`fbs adversary --checker dfs:M` on wide symmetric trees (issue 30, section 5): the paper's
q = 99 literature tree and and:40 trees hung (the short-circuit test enumerated the 2^98
completions of maj:99's unknown children); a non-symmetric aggregator too wide for that
enumeration is refused before any work, naming the largest width allowed.

The exact profile is compared with the brute force of test_adaptive_checkers.py (a plain
recursive short-circuit evaluator with a query counter), whose "is phi fixed" is replaced here by
closed forms written from the definitions of AND and strict majority (its truth table would have
2^99 rows)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import test_adaptive_checkers as brute
from work_count import python_lines

from verify.base.errors import TooLarge
from verify.lower_bound.adaptive import adaptive_profile
from verify.trees.builders import literature_tree, uniform_tree
from verify.trees.model import from_records
from verify.trees.oracles import random_oracle

ROOT = Path(__file__).resolve().parents[2]
WORK = 1_000_000  # Python lines (54,000 for the literature tree); 2^98 completions never end


def _fixed_by_definition(spec: str, known: tuple):
    """AND_n: 0 once a 0 is known, 1 once all n are 1; MAJ_n (1 iff more than n/2 ones): 1
    once the known ones exceed n/2, 0 once they cannot (ones + unknown <= n/2)."""
    ones, unknown = known.count(1), known.count(None)
    n = len(known)
    if spec.startswith("and:"):
        return 0 if 0 in known else (1 if unknown == 0 else None)
    assert spec.startswith("maj:")
    if 2 * ones > n:
        return 1
    return 0 if 2 * (ones + unknown) <= n else None


def _literature():
    return literature_tree(99, 66)


def _and40(depth):
    tree = uniform_tree("and:40", depth)
    answers = random_oracle(tree, 0)
    answers = {key: 1 for key in answers}  # all ones: dfs must read every leaf it can
    answers[tree.queries[tree.leaves()[-1]]] = 0
    return tree, answers


@pytest.mark.parametrize("budget", [1, 3, 100, 10**6])
@pytest.mark.parametrize("instance", ["literature q=99", "and:40 depth 1", "and:40 depth 2"])
def test_dfs_on_wide_symmetric_trees_matches_the_brute_force(instance, budget, monkeypatch):
    tree, answers = _literature() if instance.startswith("literature") else \
        _and40(int(instance[-1]))
    monkeypatch.setattr(brute, "_fixed", _fixed_by_definition)
    accept, a = brute.brute_force(tree, answers, budget, randomised=False)
    profile, _ = python_lines(lambda: adaptive_profile(tree, answers, "dfs", budget), WORK)
    assert accept == 1  # Alice is honest for O_Y
    assert {leaf: p for leaf, p in profile.a.items() if p} == a
    assert len(a) == min(budget, len(a))  # never more queries than the budget


def test_the_literature_tree_reads_as_many_papers_as_the_majority_needs():
    """Independently of any evaluator: 66 good papers of 99 come first, so dfs decides the
    majority after the first 50 papers, reading both leaves of each (all are 1): 100 queries."""
    tree, answers = _literature()
    profile, _ = python_lines(lambda: adaptive_profile(tree, answers, "dfs", 10**6), WORK)
    assert len(profile.a) == 100


def test_a_wide_non_symmetric_aggregator_is_refused_before_the_work():
    weights = ",".join(["2"] + ["1"] * 12)  # 13 inputs, not symmetric
    spec = f"wthr:{weights}:3"
    records = [{"id": "r", "aggregator": spec, "children": [f"l{i}" for i in range(13)]}]
    records += [{"id": f"l{i}", "query": f"Q{i}"} for i in range(13)]
    tree = from_records(records, "r", "wide")
    answers = {f"Q{i}": 0 for i in range(13)}
    with pytest.raises(TooLarge, match="q <= 12, this tree has wthr:2,1,1"):
        python_lines(lambda: adaptive_profile(tree, answers, "dfs", 5), 10_000)


@pytest.mark.parametrize("checker", ["dfs:1", "dfs:1000000"])
def test_the_command_answers_on_the_literature_tree(tmp_path, checker):
    fbs = [sys.executable, "-m", "verify"]
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    subprocess.run(fbs + ["tree", "build", "--literature", "--papers", "99", "--supporting",
                          "66", "-o", str(tree), "--oracle-out", str(oracle)], check=True,
                   capture_output=True, cwd=ROOT, timeout=600)
    done = subprocess.run(fbs + ["adversary", str(tree), "--oracle", str(oracle), "--checker",
                                 checker, "-o", str(tmp_path / "n.json"), "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)  # hang guard
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "n.json").exists()
