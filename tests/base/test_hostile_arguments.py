"""Issue 40, section 1: one oracle validation for every public function, Python ints at the
`@api` boundary, and hostile arguments (masked arrays, numpy and sympy numbers, huge ints) as
BadInput, never TypeError, OverflowError or IndexError, and never a result whose JSON fails.

What an oracle's answer may be (verify.trees.oracles.checked_answers, the one rule): an integer
equal to 0 or 1 of any integer type (int, bool, numpy or sympy integer, numpy bool); -1, 2,
1.0, "1", Fraction(1), numpy floats and None are refused. In a file, only the JSON numbers 0 and
1 (true/false are refused by the format)."""

from __future__ import annotations

import inspect
import json
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import verify
from tests.base.test_arguments import (
    FUNCTIONS,
    SLOW_OR_STORE,
    _baselines,
    _call,
    sweep_escapes,
    with_argument,
)
from verify.base.errors import BadInput
from verify.trees.kinds import ORACLE
from verify.trees.oracles import LeafBits

REFUSED_ANSWERS = [-1, 2, "1", 1.0, np.float64(1), Fraction(1), None, np.int64(2), [1]]
ACCEPTED_ONES = [1, True, np.int64(1), np.uint8(1), np.bool_(True), sympy.Integer(1)]


def _kind_of(function, name):
    kind = function.api_kinds.get(name)
    return getattr(kind, "inner", kind)


def _oracle_parameters() -> list[tuple[str, str]]:
    """(function, parameter) of every public function whose argument is an oracle, found
    from verify.__all__ through the `@api` kinds: a new function cannot be missed."""
    found = []
    for name in FUNCTIONS:
        function = getattr(verify, name)
        for parameter in inspect.signature(function).parameters:
            if _kind_of(function, parameter) is ORACLE:
                found.append((name, parameter))
    return found


def test_every_parameter_named_like_an_oracle_has_the_oracle_kind():
    for name in FUNCTIONS:
        function = getattr(verify, name)
        for parameter in inspect.signature(function).parameters:
            if parameter in ("oracle", "answers"):
                assert _kind_of(function, parameter) is ORACLE, (name, parameter)
    assert ("node_values", "answers") in _oracle_parameters()
    assert len(_oracle_parameters()) >= 16  # the 16 of this round; more may come


def _oracle_call(name: str, parameter: str, folder, oracle):
    function = getattr(verify, name)
    args, kwargs = with_argument(function, *_baselines(folder)[name], parameter, oracle)
    if name == "write_tree":
        kwargs["oracle_path"] = folder / "written-oracle.json"
    if name == "plan":  # an oracle needs the tree (and its depth)
        args, kwargs["tree"] = args[:1], verify.uniform_tree("maj:3", 1)
    return lambda: _call(function, args, kwargs)


@pytest.mark.parametrize("name, parameter", _oracle_parameters())
def test_every_oracle_argument_refuses_an_answer_other_than_0_or_1(name, parameter, tmp_path):
    base = {"Q(r.1)": 1, "Q(r.2)": 0, "Q(r.3)": 0}
    for bad in REFUSED_ANSWERS:
        with pytest.raises(BadInput, match="must be 0 or 1") as caught:
            _oracle_call(name, parameter, tmp_path, {**base, "Q(r.2)": bad})()
        assert "\n" not in str(caught.value)
    altered = LeafBits("101")
    object.__setattr__(altered, "bits", "121")  # a frozen dataclass can still be altered
    with pytest.raises(BadInput, match="leaf bits must be"):
        _oracle_call(name, parameter, tmp_path, altered)()
    for one in ACCEPTED_ONES:  # read as 1: the same result as the Python int
        _oracle_call(name, parameter, tmp_path, {**base, "Q(r.1)": one})()


def test_node_values_refuses_what_the_others_refuse():
    """The silent wrong answer: -1 at one leaf made the root 0 where the true value is 1."""
    tree = verify.uniform_tree("maj:3", 2)
    oracle = verify.random_oracle(tree, seed=3)
    values = verify.node_values(tree, oracle)
    # the root is maj of its three children, each maj of its three leaves (independent reference)
    children = [int(sum(oracle[f"Q(r.{i}.{j})"] for j in (1, 2, 3)) >= 2) for i in (1, 2, 3)]
    assert values[0] == int(sum(children) >= 2) == 1
    for bad in (-1, 2):
        with pytest.raises(BadInput, match=r"node_values: answers=.*'Q\(r.1.2\)' must be 0 or 1"):
            verify.node_values(tree, {**oracle, "Q(r.1.2)": bad})
        with pytest.raises(BadInput, match="must be 0 or 1"):
            verify.worst_case(tree, {**oracle, "Q(r.1.2)": bad}, 2)


def test_node_values_takes_every_form_of_oracle(tmp_path):
    tree = verify.uniform_tree("maj:3", 1)
    answers = {"Q(r.1)": 1, "Q(r.2)": 0, "Q(r.3)": 1}
    verify.write_tree(tmp_path / "t.json", tree, oracle_path=tmp_path / "o.json", oracle=answers)
    expected = [1, 1, 0, 1]
    assert verify.node_values(tree, answers) == expected
    assert verify.node_values(tree, LeafBits("101")) == expected
    assert verify.node_values(tree, tmp_path / "o.json") == expected
    assert all(type(v) is int for v in verify.node_values(tree, {k: np.int8(v)
                                                                for k, v in answers.items()}))


@pytest.mark.parametrize("bits", ["", "012", "1 0", 101])
def test_leaf_bits_are_checked_when_made(bits):
    with pytest.raises(BadInput, match="leaf bits must be"):
        LeafBits(bits)


# --- integers at the @api boundary --------------------------------------------------------------

def _integer_parameters(folder) -> list[tuple[str, str, int]]:
    """(function, parameter, a valid value) for every integer parameter of the fast public
    functions: its kind receives Python ints (`python_number`); the value is the baseline's
    or the default."""
    found = []
    baselines = _baselines(folder)
    for name in sorted(baselines):
        function = getattr(verify, name)
        args, kwargs = baselines[name]
        for position, (parameter, spec) in enumerate(inspect.signature(function).parameters.items()):
            kind = _kind_of(function, parameter)
            if not getattr(kind, "integral", False):
                continue
            value = args[position] if position < len(args) else kwargs.get(parameter, spec.default)
            if type(value) is int:
                found.append((name, parameter, value))
    return found


def test_the_integer_parameters_are_found(tmp_path):
    found = {(name, parameter) for name, parameter, _ in _integer_parameters(tmp_path)}
    assert {("debate", "runs"), ("blocks", "limit"), ("random_oracle", "seed"),
            ("uniform_tree", "depth"), ("budgeted_worst_case", "strategies")} <= found


INTEGER_TYPES = [np.int64, np.int32, np.int8, np.uint8, np.uint64, sympy.Integer]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_integers_of_any_type_give_the_result_of_the_python_int(tmp_path, data):
    """The issue's examples: debate(..., runs=np.int64(3)).to_json() and blocks(...,
    limit=np.int64(3)).to_json() were not JSON-serialisable."""
    name, parameter, value = data.draw(st.sampled_from(_integer_parameters(tmp_path)))
    value += data.draw(st.integers(0, 1))
    integer_type = data.draw(st.sampled_from(INTEGER_TYPES))
    if integer_type is not sympy.Integer and not np.iinfo(integer_type).min <= value <= \
            np.iinfo(integer_type).max:
        integer_type = np.int64
    function = getattr(verify, name)

    def call(number):
        return _call(function, *with_argument(function, *_baselines(tmp_path)[name], parameter,
                                              number))

    def shown(result):
        if hasattr(result, "to_json"):
            return json.dumps(result.to_json(), sort_keys=True)
        return re.sub(r" at 0x[0-9a-f]+", "", repr(result))  # functions in a Profile

    try:
        expected = shown(call(value))
    except verify.FbsError as error:
        with pytest.raises(type(error)):
            call(integer_type(value))
        return
    assert shown(call(integer_type(value))) == expected


def test_a_menu_choice_of_numpy_integers_is_read_as_python_ints():
    from tests.base.test_arguments import MENU

    expected = verify.realise(MENU, {0: 1})
    assert verify.realise(MENU, {np.int64(0): np.uint8(1)}) == expected
    assert verify.realise(MENU, {sympy.Integer(0): sympy.Integer(1)}) == expected
    with pytest.raises(BadInput, match="must be an integer"):
        verify.realise(MENU, {0: True})


@pytest.mark.parametrize("call", [
    lambda: verify.debate(verify.uniform_tree("maj:3", 2),
                          verify.random_oracle(verify.uniform_tree("maj:3", 2), seed=3), 2,
                          runs=np.int64(3)),
    lambda: verify.blocks("maj:5", "11000", limit=np.int64(3)),
])
def test_the_issue_examples_serialise(call):
    document = call().to_json()
    json.dumps(document)


# --- hostile values for every parameter ---------------------------------------------------------

MASKED = np.ma.masked_array([1, 0, 1], mask=[0, 1, 0])
HOSTILE = [MASKED, np.ma.masked_array([1, 1, 0]), np.int64(3), np.int64(-1), sympy.Integer(3),
           sympy.Integer(-2), 10**30, -10**30, 10**400, np.float64(0.5), np.float32(0.5),
           sympy.Rational(1, 2), sympy.Float(0.25), np.bool_(True), np.array([1, 1, 0]),
           np.uint8(1), Fraction(1, 3), -1, True, 1.5, None]
# A parameter whose huge value is a long computation within a stated work budget, not a
# refusal: 10**30 random liars are cut to MAX_RANDOM_WORK // (work per liar), 83,333 here.
LONG_WITHIN_BUDGET = {("budgeted_worst_case", "strategies")}


@pytest.mark.parametrize("name", sorted(set(FUNCTIONS) - SLOW_OR_STORE))
def test_hostile_values_are_bad_input_or_a_result_that_serialises(name, tmp_path, monkeypatch):
    """Each parameter in turn replaced by each hostile value: a result whose JSON dumps, or
    an FbsError with one line; never TypeError, OverflowError, IndexError (issue 40 found 16)."""
    monkeypatch.chdir(tmp_path)
    args, kwargs = _baselines(tmp_path)[name]

    def long_within_budget(parameter, value):
        return (name, parameter) in LONG_WITHIN_BUDGET and isinstance(value, int) and value > 3

    escaped = sweep_escapes(getattr(verify, name), args, kwargs, HOSTILE, long_within_budget,
                            serialise=True)
    assert not escaped, escaped


@pytest.mark.parametrize("call", [lambda z: verify.fbs("maj:3", z),
                                  lambda z: verify.measures_at("maj:3", z),
                                  lambda z: verify.certify("maj:3", z)])
def test_a_masked_input_is_refused_and_an_unmasked_one_read(call):
    with pytest.raises(BadInput, match="masked array with masked entries"):
        call(MASKED)
    assert call(np.ma.masked_array([1, 0, 1])) == call("101")
