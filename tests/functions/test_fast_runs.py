"""The array/bytes paths for bit strings and runs (parse_runs, run_length, the checker's
count_ones) against the obvious per-bit and per-run implementations, on random inputs."""

import re
import subprocess
import sys
from itertools import groupby
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import fbs
from verify.base.errors import BadInput
from verify.checker import CertificateMalformed, check_certificate
from verify.checker.symmetric_kind import count_ones
from verify.functions.bits import (
    NUMPY_FROM,
    PLAIN_IF_LONGER,
    count_runs,
    parse_runs,
    plain_weight,
    run_length_text,
)

ROOT = Path(__file__).resolve().parents[2]
_PART = re.compile(r"([01])\^([0-9]{1,9})")


def slow_run_length(bits: str) -> str:
    return ",".join(f"{key}^{len(list(group))}" for key, group in groupby(bits))


def slow_runs(text: str):
    """The per-part parser (the form before the regex/findall path), or None if invalid."""
    runs = []
    for part in text.split(","):
        match = _PART.fullmatch(part)
        if not match:
            return None
        bit, count = int(match.group(1)), int(match.group(2))
        if count:
            if runs and runs[-1][0] == bit:
                runs[-1] = (bit, runs[-1][1] + count)
            else:
                runs.append((bit, count))
    return tuple(runs) or None


def slow_count(text: str):
    """(length, ones) of plain bits or runs, None if the text is neither."""
    if text and set(text) <= {"0", "1"}:
        return len(text), text.count("1")
    length = ones = 0
    for part in text.split(","):
        match = _PART.fullmatch(part)
        if not match:
            return None
        length += int(match.group(2))
        ones += int(match.group(2)) * (match.group(1) == "1")
    return length, ones


bit_strings = st.text(alphabet="01", min_size=1, max_size=300)
run_texts = st.lists(st.tuples(st.sampled_from("01"), st.sampled_from(["", "0", "00"]),
                               st.integers(0, 40)), min_size=1, max_size=30).map(
    lambda parts: ",".join(f"{b}^{pad}{c}" for b, pad, c in parts))
noisy = st.text(alphabet="01^,2 a\u0661", min_size=0, max_size=40)


@given(bit_strings)
def test_plain_bits_runs_and_weight(bits):
    assert run_length_text(bits) == slow_run_length(bits)
    assert count_runs(bits) == len(list(groupby(bits)))
    assert plain_weight(bits) == bits.count("1")
    given_runs = parse_runs(bits)
    assert (given_runs.length, given_runs.weight) == (len(bits), bits.count("1"))
    assert given_runs.run_length() == slow_run_length(bits)
    assert count_ones(bits, len(bits)) == bits.count("1")


@given(run_texts)
def test_run_length_texts(text):
    check_run_length_text(text)


def check_run_length_text(text):
    """parse_runs on a run-length text against the per-part parser."""
    expected = slow_runs(text)
    if expected is None:
        with pytest.raises(BadInput):
            parse_runs(text)
        return
    found = parse_runs(text)
    assert found.runs == expected
    assert found.length == sum(c for _, c in expected)
    assert found.weight == sum(c for b, c in expected if b)
    assert found.run_length() == ",".join(f"{b}^{c}" for b, c in expected)
    assert found.bits() == "".join(str(b) * c for b, c in expected)
    assert count_ones(text, found.length) == found.weight


@given(noisy)
def test_malformed_inputs_agree(text):
    expected = slow_count(text)
    if expected is None:
        with pytest.raises(CertificateMalformed):
            count_ones(text, 1)
    else:
        assert count_ones(text, expected[0]) == expected[1]
        with pytest.raises(CertificateMalformed):
            count_ones(text, expected[0] + 1)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(PLAIN_IF_LONGER + 1, 5000))
def test_certificate_input_form_and_value(seed, n):
    """A random plain input (many runs) goes into the certificate as plain bits, the same
    input as runs gives the same value, and both certificates pass the checker."""
    import random

    rng = random.Random(seed)
    bits = "".join(rng.choice("01") for _ in range(n))
    as_bits, as_runs = fbs(f"maj:{n}", bits), fbs(f"maj:{n}", slow_run_length(bits))
    assert as_bits.value == as_runs.value and as_bits.certified and as_runs.certified
    plain = 4 * len(list(groupby(bits))) > n
    assert as_bits.certificate["input"] == (bits if plain else slow_run_length(bits))
    assert as_runs.certificate["input"] == slow_run_length(bits)


def test_checker_rejects_a_changed_weight():
    """One flipped bit of a plain-bits certificate changes the weight: rejected."""
    bits = "10" * 1000
    certificate = dict(fbs("maj:2000", bits).certificate)
    assert certificate["input"] == bits
    assert check_certificate(certificate).valid
    certificate["input"] = "1" + bits[1:-1] + "1"
    assert not check_certificate(certificate).valid


def test_a_short_input_stays_run_length():
    """Short inputs keep the run-length form of the stored certificates."""
    assert fbs("maj:3", "101").certificate["input"] == "1^1,0^1,1^1"
    assert fbs("maj:6", "111100").certificate["input"] == "1^4,0^2"


@pytest.mark.parametrize("seed", range(3))
def test_both_sides_of_the_numpy_threshold(seed):
    """Bits and run-length texts just below and above NUMPY_FROM (the stdlib path and the
    numpy path) against the per-bit and per-run implementations."""
    import random

    rng = random.Random(seed)
    for size in (NUMPY_FROM - 1, NUMPY_FROM + 1, 3 * NUMPY_FROM):
        bits = "".join(rng.choice("01") for _ in range(size))
        assert run_length_text(bits) == slow_run_length(bits)
        assert count_runs(bits) == len(list(groupby(bits)))
        assert plain_weight(bits) == bits.count("1")
        check_run_length_text(",".join(f"{rng.choice('01')}^{rng.randrange(3)}" for _ in range(size)))


def test_the_symmetric_path_does_not_import_numpy():
    """README: the symmetric closed form starts without numpy (verify/base/lazy.py): a child
    process calls fbs on plain bits and on runs, checks the certificates, and lists numpy's
    absence from sys.modules."""
    script = (
        "import sys\n"
        "from verify import fbs\n"
        "a = fbs('maj:5', '11100')\n"
        "b = fbs('maj:1000001', '1^600000,0^400001')\n"
        "c = fbs('thr:6:2', '1^1,0^5')\n"
        "print(a.value, b.value, c.value, a.certified and b.certified and c.certified,"
        " 'numpy' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["3", "6", "5", "True", "False"]
