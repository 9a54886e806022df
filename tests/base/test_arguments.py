"""The public API refuses bad arguments with BadInput and a one-line reason (issue 32): no
option silently ignored, no TypeError, KeyError, AttributeError or ValueError escaping."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import verify
from verify.base.errors import BadInput
from verify.trees.tree_file import parse_tree

MAJ = verify.uniform_tree("maj:3", 1)
ORACLE = {"Q(r.1)": 1, "Q(r.2)": 0, "Q(r.3)": 0}
LEAF = {"id": "x", "query": "x"}
MENU = parse_tree({"format": "fbs-tree/2", "root": {"id": "r", "alternatives": [
    {"id": "A", "aggregator": "and:2", "children": [{"id": "x", "query": "x"},
                                                     {"id": "y", "query": "y"}]},
    {"id": "B", "aggregator": "or:2", "children": [{"id": "u", "query": "u"},
                                                    {"id": "v", "query": "v"}]}]}}, menus=True)


def refused(call, match: str | None = None) -> str:
    with pytest.raises(BadInput, match=match) as caught:
        call()
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- options that were silently ignored -------------------------------------------------------


def test_tree_fbs_refuses_an_unknown_method():
    refused(lambda: verify.tree_fbs(MAJ, ORACLE, method="nope"), "unknown method 'nope'")
    assert verify.tree_fbs(MAJ, ORACLE, method="direct").method == "direct"


@pytest.mark.parametrize("choice", [{0: 1}, {5: 0}, {"r": 1}, {True: 1}])
def test_realise_refuses_a_choice_at_no_menu_node(choice):
    fixed = parse_tree({"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "and:2", "children": ["x", "y"]}, LEAF,
        {"id": "y", "query": "y"}]})
    refused(lambda: verify.realise(fixed, choice), "not the index of a menu node")


@pytest.mark.parametrize("choice", [{0: 0, 1: 0}, {0: 0, 7: 1}, {0: 0, "r": 1}])
def test_realise_refuses_a_choice_beside_the_menu_nodes(choice):
    refused(lambda: verify.realise(MENU, choice), "not the index of a menu node")


def test_realise_still_takes_the_menu_choices():
    assert verify.realise(MENU, {0: 1}).ids == ("B", "u", "v")  # the docstring's example
    refused(lambda: verify.realise(MENU, {0: "1"}), "must be an integer")
    refused(lambda: verify.realise(MENU, [1]), "expected a dict")


@pytest.mark.parametrize("arity", [5, 2, 0, "3"])
def test_fbs_refuses_an_arity_a_spec_would_ignore(arity):
    refused(lambda: verify.fbs("maj:3", "110", arity=arity), "arity")


def test_fbs_takes_the_spec_own_arity():
    assert verify.fbs("maj:3", "110", arity=3).value == 2  # both ones are sensitive


# --- every public function: bad arguments are BadInput ----------------------------------------

FUNCTIONS = sorted(n for n in verify.__all__ if inspect.isfunction(getattr(verify, n)))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_every_public_function_declares_its_arguments(name):
    """The systematic part: each public function is wrapped by verify.base.arguments.api,
    which binds the call and checks every argument's kind before any work."""
    assert hasattr(getattr(verify, name), "api_kinds"), f"{name} lacks @api(...)"


def _baselines(folder: Path) -> dict:
    """A valid, fast call of each public function (the sweep changes one argument at a time);
    the store, sweep and paper functions are swept by `test_store_and_report_arguments`."""
    verify.write_tree(folder / "t.json", MAJ, oracle_path=folder / "o.json", oracle=ORACLE)
    graph = verify.tree_to_networkx(MAJ, ORACLE)
    return {
        "adversary": ((MAJ, ORACLE), {"checker": "uniform:2"}),
        "blocks": (("maj:3", "110"), {}),
        "budgeted_checker": ((MAJ, ORACLE, 2), {}),
        "budgeted_completeness": ((MAJ, ORACLE), {}),
        "budgeted_debate": ((MAJ, ORACLE), {}),
        "budgeted_optimality": ((MAJ, ORACLE), {}),
        "budgeted_plan": ((), {"tree": MAJ, "oracle": ORACLE}),
        "budgeted_worst_case": ((MAJ, ORACLE), {"strategies": 3, "grid": ["1"]}),
        "certify": (("maj:3", "110"), {}),
        "check": ((verify.fbs("maj:3", "110").certificate,), {}),
        "check_blocks": (("maj:3", "110", [[0]]), {}),
        "completeness": ((MAJ, ORACLE, 2), {}),
        "debate": ((MAJ, ORACLE, 2), {}),
        "exhaustive_census": ((2,), {}),
        "fbs": (("maj:3", "110"), {}),
        "light_block": (("and:4", "1111", ["1/4"] * 4), {}),
        "literature_tree": ((), {}),
        "measures": (("maj:3",), {}),
        "measures_at": (("maj:3", "110"), {}),
        "load_menu_tree": ((folder / "t.json",), {}),
        "load_oracle": ((folder / "o.json",), {}),
        "load_tree": ((folder / "t.json",), {}),
        "node_values": ((MAJ, ORACLE), {}),
        "oracle_from_networkx": ((graph,), {}),
        "parse_spec": (("maj:3",), {}),
        "plan": ((4, 3), {}),
        "random_oracle": ((MAJ, 1), {}),
        "random_tree": ((1, 2, ["maj:3"]), {}),
        "realisations": ((MENU,), {}),
        "realise": ((MENU, {0: 1}), {}),
        "tree_fbs": ((MAJ, ORACLE), {}),
        "tree_from_networkx": ((graph,), {}),
        "tree_info": ((MAJ, ORACLE), {}),
        "tree_to_networkx": ((MAJ, ORACLE), {}),
        "uniform_tree": (("maj:3", 1), {}),
        "worst_case": ((MAJ, ORACLE, 2), {}),
        "write_tree": ((folder / "w.json", MAJ), {}),
    }


SLOW_OR_STORE = {"paper", "check_stored", "run_sweep", "census", "read_store"}
BAD_VALUES = [None, 1.5, "nope", -1, [], {}, object(), True, float("nan")]


def _call(function, args, kwargs):
    result = function(*args, **kwargs)
    return list(result) if inspect.isgenerator(result) else result


def test_the_baselines_cover_every_fast_public_function(tmp_path):
    assert set(_baselines(tmp_path)) == set(FUNCTIONS) - SLOW_OR_STORE


@pytest.mark.parametrize("name", sorted(set(FUNCTIONS) - SLOW_OR_STORE))
def test_any_bad_argument_is_bad_input_or_accepted_never_another_error(name, tmp_path,
                                                                       monkeypatch):
    """Each parameter in turn replaced by each bad value: the call either succeeds (a value
    some parameters take, such as None or a path that was written) or raises an FbsError
    with one line; never TypeError, KeyError, AttributeError, ValueError (issue 32)."""
    monkeypatch.chdir(tmp_path)  # files such as "nope" are written here, not in the tree
    args, kwargs = _baselines(tmp_path)[name]
    function = getattr(verify, name)
    _call(function, args, kwargs)  # the baseline itself is valid
    escaped = sweep_escapes(function, args, kwargs, BAD_VALUES)
    assert not escaped, escaped


def with_argument(function, args, kwargs, name: str, value) -> tuple[list, dict]:
    """The call's arguments with the parameter `name` given `value` (by position if the call
    gives it by position, else by keyword)."""
    parameters = list(inspect.signature(function).parameters.values())
    position = [p.name for p in parameters].index(name)
    call_args, call_kwargs = list(args), dict(kwargs)
    if parameters[position].kind is inspect.Parameter.KEYWORD_ONLY or position >= len(args):
        call_kwargs[name] = value
    else:
        call_args[position] = value
    return call_args, call_kwargs


def sweep_escapes(function, args, kwargs, values, skip=lambda name, value: False,
                  serialise: bool = False) -> list[str]:
    """Each parameter in turn given each value (unless `skip`): the calls that raised
    anything but an FbsError with one line (or, with `serialise`, whose result's JSON does
    not dump), as "name=value: error" lines."""
    import json

    escaped = []
    for parameter in inspect.signature(function).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        for value in values:
            if skip(parameter.name, value):
                continue
            call_args, call_kwargs = with_argument(function, args, kwargs, parameter.name, value)
            try:
                result = _call(function, call_args, call_kwargs)
                if serialise and hasattr(result, "to_json"):
                    json.dumps(result.to_json())
            except verify.FbsError as error:
                assert str(error) and "\n" not in str(error), (parameter.name, value, error)
            except Exception as error:  # noqa: BLE001 - the point of the sweep
                shown = " ".join(repr(value).split())[:30]
                escaped.append(f"{parameter.name}={shown}: {type(error).__name__}: {error}")
    return escaped


def test_unknown_or_missing_arguments_are_bad_input():
    refused(lambda: verify.debate(MAJ, ORACLE, 2, runz=3), "unexpected keyword argument 'runz'")
    refused(lambda: verify.worst_case(MAJ, ORACLE), "missing a required argument: 'rho'")
    refused(lambda: verify.uniform_tree("maj:3", 1, 2), "too many positional arguments")


@pytest.mark.parametrize("call, match", [
    (lambda: verify.worst_case(None, ORACLE, 2), "tree=None: expected a Tree"),
    (lambda: verify.debate(MAJ, ORACLE, 2, runs=1.5), "runs=1.5: expected an integer"),
    (lambda: verify.adversary(MAJ, ORACLE, checker=5), "checker=5: expected a string"),
    (lambda: verify.debate(MAJ, ORACLE, 2, progress="yes"), "progress='yes': expected True"),
    (lambda: verify.blocks("maj:3", "110", backend="nope"), "expected one of sat, z3"),
    (lambda: verify.worst_case(MAJ, ORACLE, 2, rule="nope"), "expected one of vertex"),
    (lambda: verify.plan(4, 3, oracle=ORACLE), "need --tree"),
    (lambda: verify.tree_to_networkx(MAJ, {}), "does not answer"),
    (lambda: verify.write_tree("w.json", MAJ, oracle=ORACLE), "oracle and oracle_path"),
])
def test_the_issue_examples_are_refused_with_one_line(call, match, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    refused(call, match)


def test_a_graph_leaf_without_a_query_is_bad_input():
    import networkx

    graph = networkx.DiGraph()
    graph.add_edge("r", "a", position=0)
    graph.nodes["r"]["aggregator"] = "and:1"
    refused(lambda: verify.tree_from_networkx(graph), "needs a string attribute 'query'")
    graph.nodes["a"]["answer"] = 1
    refused(lambda: verify.oracle_from_networkx(graph), "needs a string attribute 'query'")


@pytest.mark.parametrize("call, match", [
    (lambda store: verify.read_store(store, ["nope"]), "no column 'nope'"),
    (lambda store: verify.read_store(store, "value"), "expected a list of column names"),
    (lambda store: verify.read_store(5), "store=5: expected a path"),
    (lambda store: verify.census(store, reverify="no"), "expected True or False"),
    (lambda store: verify.run_sweep(store, families=["all:1"], workers=0), "--workers must be"),
    (lambda store: verify.run_sweep(store, workers=1.0), "workers=1.0: expected an integer"),
    (lambda store: verify.run_sweep(store, scheduler=5), "expected a string"),
    (lambda store: verify.paper(only="section_3_3_and"), "expected a list of check names"),
    (lambda store: verify.paper(report_dir=5), "expected a path"),
    (lambda store: verify.check_stored(store=5), "expected a path"),
    (lambda store: verify.exhaustive_census(2, workers=1.0), "workers must be an integer"),
])
def test_store_and_report_arguments(call, match, tmp_path):
    from verify.sweep.store import Store

    store = tmp_path / "S"
    Store(store, create=True)  # an empty, intact store
    refused(lambda: call(store), match)


# --- the decorator itself ---------------------------------------------------------------------


def test_the_decorator_binds_checks_and_keeps_the_message_on_one_line():
    from verify.base.arguments import FLAG, api, integer, number, sequence

    @api(count=integer(0), share=number(0, 1), flags=sequence(FLAG, "flags"))
    def sample(count, share=0.5, *, flags=()):
        return count, share, flags

    class Tall:
        def __repr__(self):
            return "line one\nline two"

    assert sample(3, flags=[True]) == (3, 0.5, [True])
    refused(lambda: sample(-1), r"sample: count=-1: expected an integer >= 0")
    refused(lambda: sample(Tall()), r"count=line one line two: expected an integer")
    refused(lambda: sample(1, 2), r"share=2: expected a number in \[0, 1\]")
    refused(lambda: sample(1, float("inf")), "expected a finite number")
    refused(lambda: sample(1, flags=[1]), "item 1: expected True or False")
    refused(lambda: sample(1, 0.5, [True]), "too many positional arguments")
    refused(lambda: sample(), "missing a required argument: 'count'")
    refused(lambda: sample(share=0.5), "missing a required argument: 'count'")
    refused(lambda: sample(count=-2), "count=-2: expected an integer >= 0")  # by keyword
    assert sample.__wrapped__.__name__ == "sample" and "count" in sample.api_kinds
