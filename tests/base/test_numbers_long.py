"""Numbers past Python's 4300-digit int <-> str limit: converted exactly and fast, and typed
numbers refused beyond their documented size before any arithmetic."""

import sys
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from work_count import python_lines

from verify.base.errors import TooLarge
from verify.base.numbers import (
    MAX_LONG_DIGITS,
    MAX_TYPED_DIGITS,
    fraction_from_text,
    fraction_text,
    int_text,
    parse_fraction,
    short_fraction,
    text_int,
)


def decimal_text(n: int) -> str:
    """An independent conversion: the decimal module (no digit limit, exact at this
    precision)."""
    with localcontext() as context:
        context.prec = max(28, n.bit_length())
        return str(Decimal(n))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=40000), st.integers(min_value=1, max_value=10**6),
       st.booleans())
def test_long_integers_round_trip_exactly(bits, low, negative):
    n = (1 << bits) + low
    n = -n if negative else n
    assert int_text(n) == decimal_text(n)
    assert text_int(int_text(n)) == n
    x = Fraction(n, 3**(bits // 7) + 1)
    assert fraction_from_text(fraction_text(x)) == x


def test_a_million_digits_convert_without_pythons_quadratic_conversion():
    """Under Python's default 4,300-digit limit, its own (quadratic: about a minute here)
    int <-> str raises ValueError, so passing shows the conversion is another (GMP's); the
    time is measured by bench/bench_test_bars.py."""
    n = 7 ** 1183000  # 999,751 digits
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        text = int_text(n)
        assert text_int(text) == n and len(text) == 999751
        assert "a 999751-digit integer" in short_fraction(Fraction(n))
    finally:
        sys.set_int_max_str_digits(previous)


@pytest.mark.parametrize("text, value", [
    ("7" * MAX_TYPED_DIGITS, int("7" * MAX_TYPED_DIGITS)),
    ("1/" + "3" * MAX_TYPED_DIGITS, Fraction(1, int("3" * MAX_TYPED_DIGITS))),
    ("1e1000", 10**1000), ("1e-1000", Fraction(1, 10**1000)), ("0" * 1500 + "12/4", 3),
    ("2.50e+0001", 25), ("-3/4", Fraction(-3, 4)),
])
def test_typed_numbers_at_the_limit_are_read_exactly(text, value):
    assert parse_fraction(text, "x", allow_negative=True) == value


@pytest.mark.parametrize("text", [
    "7" * (MAX_TYPED_DIGITS + 1), "1/" + "3" * (MAX_TYPED_DIGITS + 1), "1e1001", "1e-1001",
    "1e5000", "1e0000000000000000009999", "7" * 5000, "1/" + "7" * 5000,
])
def test_typed_numbers_beyond_the_limit_are_too_large(text):
    with pytest.raises(TooLarge, match="at most 1000 digits"):
        python_lines(lambda: parse_fraction(text, "x"), 2_000)  # refused before the arithmetic


def test_delta_takes_a_million_digits():
    assert parse_fraction("1e-999999", "d", max_digits=MAX_LONG_DIGITS) == Fraction(1, 10**999999)
    with pytest.raises(TooLarge):
        parse_fraction("1e-1000001", "d", max_digits=MAX_LONG_DIGITS)


def test_documents_with_ints_past_the_limit_are_written(tmp_path, capsys):
    """A raw int of 5,001 digits in a document: json.dumps writes ints by str(), which raises
    ValueError past 4,300 digits; print_json, write_json and canonical_json write it, and the
    limit is back afterwards (checked against the decimal module's text)."""
    import json

    from verify.base.files import write_json
    from verify.base.numbers import canonical_json
    from verify.cli import print_json

    n = 3 * 10**5000 + 7
    print_json({"n": n})
    assert capsys.readouterr().out == '{\n "n": ' + decimal_text(n) + "\n}\n"
    write_json(tmp_path / "d.json", {"n": n}, compact=True)
    assert (tmp_path / "d.json").read_text() == '{"n":' + decimal_text(n) + "}\n"
    assert canonical_json({"n": n}) == '{"n":' + decimal_text(n) + "}"
    with pytest.raises(ValueError):
        json.dumps({"n": n})
