"""One JSON convention for exact values in every to_json() (docs/notes.md, section 2).

An exact value is a string "p/q" (or "p"); a float appears only under a name ending in
`_float`, and `<name>_float` beside an exact `<name>` is its nearest double (or null). No
Fraction, no {"exact", "float"} pair, no integer beyond what a double holds exactly.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import verify

EXACT = re.compile(r"-?[0-9]+(/[0-9]+)?")
PARAMETERS = {"confidence", "seconds"}  # a float the user gave; measured durations


def documents():
    from verify.lower_bound.api import adversary, tree_fbs
    from verify.protocol.api import completeness, debate, plan, worst_case
    from verify.sensitivity.api import blocks, check, check_blocks

    tree = verify.uniform_tree("maj:3", 2)
    oracle = verify.random_oracle(tree, seed=0)
    yield "fbs", verify.fbs("maj:6", "111100", measures=True).to_json()
    yield "fbs symmetric", verify.fbs("maj:1001", "1^600,0^401").to_json()
    yield "fbs sat", verify.fbs("tribes:5:6", "1" * 30).to_json()
    yield "check", check(verify.fbs("maj:3", "110").certificate).to_json()
    yield "blocks", blocks("maj:3", "110").to_json()
    yield "check_blocks", check_blocks("maj:3", "110", [(0,)]).to_json()
    yield "tree_info", verify.tree_info(tree, oracle).to_json()
    yield "debate", debate(tree, oracle, 2, alice="worst", runs=100).to_json()
    yield "debate honest", debate(tree, oracle, 2, alice="honest", runs=10).to_json()
    yield "worst_case", worst_case(tree, oracle, 2).to_json()
    yield "completeness", completeness(tree, oracle, 2).to_json()
    yield "plan", plan(4, 3, "1/100", width=6).to_json()
    yield "plan huge", plan(10**6, 1000, "1e-300").to_json()
    yield "tree_fbs", tree_fbs(tree, oracle, worst_case=True).to_json()
    yield "adversary", adversary(tree, oracle, checker="debate:3").to_json()
    yield "paper", verify.paper(only=["section_1_2_fifty_of_99"], report_dir=None).to_json()
    yield "budgeted run", verify.budgeted_debate(tree, oracle, alice="worst", runs=50).to_json()
    yield "budgeted worst", verify.budgeted_worst_case(tree, oracle, strategies=20).to_json()
    yield "budgeted complete", verify.budgeted_completeness(tree, oracle).to_json()
    yield "budgeted plan", verify.budgeted_plan(delta="1e-300", tree=tree, oracle=oracle).to_json()
    yield "budgeted optimal", verify.budgeted_optimality(tree, oracle).to_json()


DOCUMENTS = list(documents())


def walk(value, path=""):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from walk(item, f"{path}[{k}]")


@pytest.mark.parametrize("name, document", DOCUMENTS, ids=[n for n, _ in DOCUMENTS])
def test_one_convention_for_exact_values(name, document):
    assert json.loads(json.dumps(document)) == document  # plain JSON, nothing else
    for path, value in walk(document):
        key = path.rsplit(".", 1)[-1].split("[")[0]
        assert not isinstance(value, Fraction), path
        if isinstance(value, dict):
            assert set(value) != {"exact", "float"}, f"{path}: the old exact/float pair"
            for field, item in value.items():
                if field.endswith("_float") and field[:-6] in value:
                    exact = value[field[:-6]]
                    assert exact is None or EXACT.fullmatch(str(exact)), f"{path}.{field}"
                    if exact is not None and item is not None and len(exact) < 4000:
                        assert item == float(Fraction(exact)), f"{path}.{field}"
        if isinstance(value, float):
            assert key.endswith("_float") or key in PARAMETERS or "_float[" in path, path
        if isinstance(value, int) and not isinstance(value, bool):
            assert abs(value) < 2**53, f"{path}: an exact integer this large must be a string"


def test_huge_exact_values_keep_every_digit():
    """rho^-d with rho = 10^6, d = 1000 has a 6001-digit denominator (beyond Python's
    4300-digit str limit): the JSON keeps it whole, the float is null (beyond a double)."""
    document = dict(DOCUMENTS)["plan huge"]
    assert document["per_run_bound"] == "1/1" + "0" * 6000
    assert document["per_run_bound_float"] == 0.0
    assert len(document["runs_theorem"]) == 6003 and document["rho_d_ln_1_over_delta_float"] is None
