"""sympy expressions as functions (verify/functions/sympy_input.py): symbols are identified as
sympy identifies them, ordered by natural order of names (a1 < a2 < a10) or by `variables=`,
and the result says which symbol each coordinate is (issue 31 section 3, issue 32).

Expected values come from sympy's own evaluation of the expression (`subs`) and the brute-force
fbs of tests/reference.py, never from the package."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from reference import fbs_by_z3, sensitive_blocks

import verify
from verify.base.errors import BadInput


def expected_fbs(expression, order, z: str) -> Fraction:
    """fbs of the expression at z, coordinate k being order[k], by sympy's evaluation."""
    def f(x):
        return int(bool(expression.subs({s: bool(v) for s, v in zip(order, x)})))

    bits = tuple(int(b) for b in z)
    return fbs_by_z3(sensitive_blocks(f, bits), len(bits))[0]


def test_symbols_with_one_name_stay_two_variables():
    a, a_real = sympy.Symbol("a"), sympy.Symbol("a", real=True)
    expression = a & ~a_real
    result = verify.fbs(expression, "10")
    assert result.spec.startswith("expr:2:")
    assert result.value == expected_fbs(expression, [a, a_real], "10") == 2
    assert result.variables == ("Symbol('a')", "Symbol('a', real=True)")


def test_two_dummies_with_one_name_stay_two_variables():
    d1, d2 = sympy.Dummy("d"), sympy.Dummy("d")
    expression = d1 & ~d2
    result = verify.fbs(expression, "10")
    assert result.value == expected_fbs(expression, [d1, d2], "10") == 2
    assert len(set(result.variables)) == 2


def test_names_are_ordered_naturally_not_as_strings():
    a1, a2, a10 = sympy.symbols("a1 a2 a10")
    expression = a1 & a2 & ~a10
    result = verify.fbs(expression, "110")  # a1 = 1, a2 = 1, a10 = 0: f = 1
    assert result.variables == ("a1", "a2", "a10")
    assert result.value == expected_fbs(expression, [a1, a2, a10], "110") == 3
    assert result.to_json()["variables"] == {"x1": "a1", "x2": "a2", "x3": "a10"}
    assert "| variables | x1 = a1, x2 = a2, x3 = a10 |" in result._repr_markdown_()


def test_indexed_names_are_renumbered_and_the_arity_is_the_number_of_symbols():
    x3, x5 = sympy.symbols("x3 x5")
    result = verify.fbs(x3 | x5, "00")
    assert result.variables == ("x3", "x5") and result.value == 2
    with pytest.raises(BadInput):
        verify.fbs(x3 | x5, "00000")


def test_explicit_variables_fix_the_order_and_may_pad_the_arity():
    a, b = sympy.symbols("a b")
    expression = a & ~b
    result = verify.fbs(expression, "011", variables=[b, "c", a])
    assert result.variables == ("b", "c", "a")
    assert result.value == expected_fbs(expression, [b, sympy.Symbol("c"), a], "011") == 2
    x3, x5 = sympy.symbols("x3 x5")
    names = [f"x{k}" for k in range(1, 6)]
    assert verify.fbs(x3 | x5, "00000", variables=names).value == 2


@pytest.mark.parametrize("variables", [
    ["a"],  # b missing
    ["a", "b", "a"],  # twice
    "ab",  # not a list
    [1, 2],  # not symbols or names
    5,
])
def test_bad_variables_are_refused(variables):
    a, b = sympy.symbols("a b")
    with pytest.raises(BadInput):
        verify.fbs(a & b, "11", variables=variables)


def test_an_ambiguous_name_in_variables_is_refused():
    a, a_real = sympy.Symbol("a"), sympy.Symbol("a", real=True)
    with pytest.raises(BadInput, match="ambiguous"):
        verify.fbs(a & a_real, "11", variables=["a", a_real])


def test_variables_for_anything_but_sympy_is_refused():
    with pytest.raises(BadInput):
        verify.fbs("maj:3", "110", variables=["a", "b", "c"])


def test_blocks_of_a_sympy_expression_name_their_symbols():
    from reference import sensitive_blocks

    a1, a2, a10 = sympy.symbols("a1 a2 a10")
    expression = a1 & (a2 | a10)

    def f(x):
        return int(bool(expression.subs({a1: bool(x[0]), a2: bool(x[1]), a10: bool(x[2])})))

    every = sensitive_blocks(f, (1, 1, 0))
    minimal = sorted((b for b in every if not any(set(c) < set(b) for c in every)),
                     key=lambda b: (len(b), b))
    result = verify.blocks(expression, "110")
    assert sorted(result.blocks, key=lambda b: (len(b), b)) == minimal  # (0,), (1,)
    assert result.variables == ("a1", "a2", "a10")
    assert result.to_json()["variables"] == {"x1": "a1", "x2": "a2", "x3": "a10"}
    table = result.to_pandas()
    names = ["a1", "a2", "a10"]
    assert [list(s) for s in table["symbols"]] == [[names[i] for i in b] for b in result.blocks]


def test_a_constant_expression_has_no_variables_and_says_so():
    result = verify.fbs(sympy.true, "1")  # arity 1, constant: nothing is sensitive
    assert result.value == 0 and result.variables == ()
    assert "| variables | none (the expression is a constant) |" in result._repr_markdown_()


def test_check_blocks_of_a_sympy_expression_names_its_symbols():
    a1, a2, a10 = sympy.symbols("a1 a2 a10")
    report = verify.check_blocks(a1 & (a2 | a10), "110", [[0], [1]])
    # at 110 (a1 = a2 = 1, a10 = 0) the minimal sensitive blocks are {a1} and {a2}
    assert report.ok and report.variables == ("a1", "a2", "a10")
    assert report.to_json()["variables"] == {"x1": "a1", "x2": "a2", "x3": "a10"}
