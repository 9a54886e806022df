"""What a user's code sees of the public API's types: tests/base/test_types.py runs mypy on this
file (never executed), so each call must type-check against the annotations of `verify`."""

from __future__ import annotations

from fractions import Fraction

import sympy

import verify


def researchers_day() -> None:
    result: verify.FbsResult = verify.fbs("maj:3", "110")
    value: Fraction = result.value
    certified: bool = result.certified
    a, b = sympy.symbols("a b")
    verify.fbs(a & b, "11", variables=["a", "b"])
    verify.fbs(lambda x: x[0] ^ x[1], (1, 0), arity=2)
    at: verify.Measures = verify.measures_at("tt:0110", "01")
    overall: verify.GlobalMeasures = verify.measures("maj:3")
    verify.certify("maj:3", "110", "c.json", method="symmetric")
    verify.check("c.json")
    verify.blocks("maj:3", "110", limit=10)
    verify.check_blocks("maj:3", "110", [(0,), (1,)])
    tree = verify.uniform_tree("maj:3", 2)
    oracle = verify.random_oracle(tree, seed=0)
    verify.worst_case(tree, oracle, Fraction(3, 2))
    verify.worst_case("tree.json", "oracle.json", "3/2", rule="symmetric")
    verify.completeness(tree, oracle, 2)
    verify.debate(tree, oracle, 2, runs=10, seed=1)
    verify.plan("3/2", 4, "1/100")
    verify.tree_fbs(tree, oracle).value
    verify.tree_info(tree, oracle).to_json()
    graph = verify.tree_to_networkx(tree, oracle)
    verify.tree_from_networkx(graph)
    verify.budgeted_plan(delta="1/100", tree=tree, oracle=oracle)
    verify.light_block("and:4", "1111", [Fraction(1, 4)] * 4)
    for choice, realised in verify.realisations(verify.load_menu_tree("menu-tree.json")):
        choice_of: dict[int, int] = choice
        verify.tree_info(realised)
    verify.paper(only=["section_3_3_and"], report_dir=None)
    print(value, certified, at, overall, choice_of)
