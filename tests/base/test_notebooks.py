"""Notebooks and dataframes: Markdown views of results, to_pandas() for tables, trees to and
from networkx, sympy expressions as functions."""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction

import networkx
import pandas
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import sensitive_blocks

import verify
from verify.base.errors import BadInput
from verify.functions.spec import parse_spec
from verify.functions.sympy_input import spec_from_sympy, variable_order
from verify.sweep.census import Census

# --- Markdown views ---------------------------------------------------------------------------


def test_fbs_result_shows_value_method_certified_and_witness():
    view = verify.fbs("maj:5", "11100", method="table")._repr_markdown_()
    assert view.startswith("**FbsResult**")
    assert "| fbs | 3 at 11100 of maj:5 |" in view and "| method | table |" in view
    assert "| certified | True: certified" in view
    assert "{x1}: 1, {x2}: 1, {x3}: 1" in view and "1/3 (~0.333333) on x1..x3; 0 on the other 2" in view


def small_instance():
    tree = verify.uniform_tree("maj:3", 2)
    return tree, verify.random_oracle(tree, seed=4)


FACTORIES = {
    "CertificateCheck": lambda tree, oracle: verify.check(verify.fbs("maj:3", "110").certificate),
    "BlockList": lambda tree, oracle: verify.blocks("maj:3", "110"),
    "GlobalFbs": lambda tree, oracle: verify.tree_fbs(tree, oracle),
    "WorstCase": lambda tree, oracle: verify.worst_case(tree, oracle, 2),
    "Completeness": lambda tree, oracle: verify.completeness(tree, oracle, 2),
    "Plan": lambda tree, oracle: verify.plan(4, 3, "1/100"),
    "TreeInfo": lambda tree, oracle: verify.tree_info(tree, oracle),
    "BudgetedPlan": lambda tree, oracle: verify.budgeted_plan(delta="1/100", tree=tree,
                                                              oracle=oracle),
    "PaperReport": lambda tree, oracle: verify.paper(only=["section_3_3_and"], report_dir=None),
}


@pytest.mark.parametrize("name", FACTORIES)
def test_every_result_has_a_markdown_view_of_its_fields(name):
    result = FACTORIES[name](*small_instance())
    assert type(result).__name__ == name
    view = result._repr_markdown_()
    assert view.startswith(f"**{type(result).__name__}**") and "|---|---|" in view
    shown = [line.split(" | ")[0].lstrip("| ") for line in view.splitlines()[4:]]
    document = result.to_json()  # a <name>_float beside an exact <name> is not repeated
    fields = [key for key in document
              if not (key.endswith("_float") and key[:-len("_float")] in document)]
    assert shown[:len(fields)] == fields[:len(shown)]  # the fields, in to_json() order
    for key in ("certified", "valid", "value"):
        if key in document and not isinstance(document[key], (dict, list)):
            assert f"| {key} | {document[key]} |" in view


# --- dataframes -------------------------------------------------------------------------------


def test_worst_case_states_as_a_dataframe():
    tree, oracle = small_instance()
    result = verify.worst_case(tree, oracle, 2)
    frame = result.to_pandas()
    strategy = result.to_json()["strategy"]
    assert isinstance(frame, pandas.DataFrame) and len(frame) == len(strategy)
    assert list(frame.columns) == ["node", "claim", "z", "lies", "fbs", "fbs_float", "outcome",
                                   "catch", "catch_float"]
    assert frame["node"].tolist() == [state["node"] for state in strategy]


def test_blocks_and_paper_report_as_dataframes():
    frame = verify.blocks("index:2", "000000").to_pandas()
    everything = sensitive_blocks(parse_spec("index:2"), (0,) * 6)
    minimal = {b for b in everything if not any(set(a) < set(b) for a in everything)}
    assert set(map(tuple, frame["block"])) == minimal
    assert frame["size"].tolist() == [len(b) for b in frame["block"]]
    report = verify.paper(only=["section_3_3_and", "section_1_2_fifty_of_99"], report_dir=None)
    frame = report.to_pandas()
    assert frame["name"].tolist() == ["section_3_3_and", "section_1_2_fifty_of_99"]
    assert frame["status"].tolist() == ["confirmed", "no-number"]


def test_census_tables_as_dataframes():
    census = Census("store", 10, 10, {"2": {"fbs": {"1": 9, "3/2": 3, "2": 4},
                                            "s": {"0": 16}}},
                    {"tree-fbs": [{"depth": 2, "aggregators": "maj:3", "min": "4"}]}, ())
    frame = census.to_pandas()
    fbs_rows = frame[frame["measure"] == "fbs"]
    assert fbs_rows["inputs"].tolist() == [9, 3, 4]
    assert fbs_rows["share"].tolist() == [9 / 16, 3 / 16, 4 / 16]
    assert fbs_rows["value_float"].tolist() == [1.0, 1.5, 2.0]
    trees = census.to_pandas("trees")
    assert trees.to_dict("records") == [{"kind": "tree-fbs", "depth": 2, "aggregators": "maj:3",
                                         "min": "4"}]
    with pytest.raises(BadInput):
        census.to_pandas("nope")


def test_without_pandas_to_pandas_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(BadInput, match="pip install pandas"):
        verify.blocks("maj:3", "110").to_pandas()


@pytest.mark.slow
def test_a_sweep_as_a_dataframe(tmp_path):
    result = verify.run_sweep(tmp_path / "store", families=["all:1"], workers=1)
    frame = result.to_pandas()
    assert len(frame) == 4 * 2 and set(frame["spec"]) == {"tt:00", "tt:01", "tt:10", "tt:11"}


# --- networkx ---------------------------------------------------------------------------------


def trees():
    yield verify.uniform_tree("maj:3", 2)
    yield verify.literature_tree()[0]
    yield verify.random_tree(5, 3, ["maj:3", "and:2", "tt:0110"], leaf_probability=0.3)


@pytest.mark.parametrize("tree", list(trees()), ids=["uniform", "literature", "random"])
def test_trees_round_trip_through_networkx(tree):
    oracle = verify.random_oracle(tree, seed=2)
    graph = verify.tree_to_networkx(tree, oracle)
    assert networkx.is_arborescence(graph) and graph.number_of_nodes() == tree.n_nodes
    root = graph.graph["root"]
    assert networkx.shortest_path_length(graph, root, tree.ids[tree.leaves()[0]]) == \
        tree.depths[tree.leaves()[0]]
    assert verify.tree_from_networkx(graph) == tree
    assert verify.oracle_from_networkx(graph) == oracle
    assert verify.tree_fbs(verify.tree_from_networkx(graph), oracle).value == \
        verify.tree_fbs(tree, oracle).value


def graph_of(edges, **nodes):
    graph = networkx.DiGraph()
    for node, attributes in nodes.items():
        graph.add_node(node, **attributes)
    for parent, child, position in edges:
        graph.add_edge(parent, child, position=position)
    return graph


LEAF = {"query": "q"}


@pytest.mark.parametrize("graph, message", [
    (graph_of([("r", "a", 0), ("r", "b", 1), ("b", "r", 0)], r={"aggregator": "and:2"}, a=LEAF,
              b={"aggregator": "or:1"}), "parent"),  # a cycle: no node without a parent
    (graph_of([("r", "a", 0), ("r", "b", None)], r={"aggregator": "and:2"}, a=LEAF,
              b={"query": "p"}), "position"),
    (graph_of([("r", "a", 0), ("r", "b", 1)], r={}, a=LEAF, b={"query": "p"}), "aggregator"),
    (graph_of([("r", "a", 0), ("r", "b", 1)], r={"aggregator": "maj:3"}, a=LEAF,
              b={"query": "p"}), "arity 3"),
    (graph_of([("r", "a", 0), ("s", "a", 0)], r={"aggregator": "or:1"},
              s={"aggregator": "or:1"}, a=LEAF), "2 nodes without a parent"),
    (graph_of([("r", "a", 0)], r={"aggregator": "or:1"}, a={}), "query"),
    (networkx.Graph(), "DiGraph"),
])
def test_a_graph_that_is_not_a_tree_is_refused(graph, message):
    with pytest.raises(BadInput, match=message):
        verify.tree_from_networkx(graph)


def test_without_networkx_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(BadInput, match="pip install networkx"):
        verify.tree_to_networkx(verify.uniform_tree("maj:3", 1))


# --- sympy ------------------------------------------------------------------------------------


def sympy_expressions():
    import sympy
    from sympy.logic import boolalg

    symbols = sympy.symbols("b a c")
    leaves = st.sampled_from(list(symbols) + [sympy.true, sympy.false])

    def extend(children):
        two = st.tuples(children, children)
        return st.one_of(
            children.map(boolalg.Not), two.map(lambda p: boolalg.And(*p)),
            two.map(lambda p: boolalg.Or(*p)), two.map(lambda p: boolalg.Xor(*p)),
            two.map(lambda p: boolalg.Implies(*p)), two.map(lambda p: boolalg.Equivalent(*p)),
            st.tuples(children, children, children).map(lambda p: boolalg.ITE(*p)))

    return st.recursive(leaves, extend, max_leaves=8)


@settings(max_examples=120, deadline=None)
@given(expression=sympy_expressions())
def test_a_sympy_expression_reads_as_its_truth_table(expression):
    symbols = variable_order(expression)
    function = parse_spec(spec_from_sympy(expression))
    assert function.arity == max(len(symbols), 1)
    assert [s.name for s in symbols] == sorted(s.name for s in expression.free_symbols)
    for x in itertools.product((0, 1), repeat=function.arity):
        expected = bool(expression.subs({s: bool(v) for s, v in zip(symbols, x)}))
        assert function(x) == int(expected), (expression, x)


def test_fbs_accepts_a_sympy_expression():
    import sympy

    a, b, c = sympy.symbols("a b c")
    result = verify.fbs(sympy.Or(sympy.And(a, b), c), "000")
    assert result.value == verify.fbs("expr:(x1 & x2) | x3", "000").value == 2
    x1, x3 = sympy.symbols("x1 x3")
    assert verify.fbs(x1 & x3, "11").value == 2  # the arity is the number of symbols
    assert verify.fbs(x1 & x3, "111", variables=["x1", "x2", "x3"]).value == 2
    with pytest.raises(BadInput):
        verify.fbs(sympy.Integer(3), "1")
    with pytest.raises(BadInput):
        verify.fbs(sympy.Symbol("y") < 3, "1")
    assert Fraction(verify.fbs(sympy.Xor(a, b, c), "010").value) == 3


# --- the tutorial -----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_tutorial_runs(tmp_path):
    """docs/tutorial.ipynb (issue 39, item 3) runs from top to bottom in a fresh kernel; its
    cells assert what they show (the chain s <= bs <= fbs <= C, the three inputs of one
    function alike, maj:99's 66/17, Theorem 4.2's bound, bs < fbs < C, the Coq proof)."""
    import nbclient
    import nbformat

    from verify.base.data import PACKAGE

    notebook = nbformat.read(PACKAGE.parent / "docs" / "tutorial.ipynb", as_version=4)
    assert not any(cell.get("outputs") for cell in notebook.cells), "commit it without outputs"
    nbclient.NotebookClient(notebook, timeout=900, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = "".join(output.get("text", "") for cell in notebook.cells
                    for output in cell.get("outputs", []))
    assert "bs = 2 < fbs = 5/2 < C = 3" in shown
    assert "Print Assumptions closed" in shown  # coqc is installed in CI (.ci/run)
