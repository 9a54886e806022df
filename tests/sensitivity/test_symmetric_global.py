"""`measures` of a symmetric f beyond q = 14: the closed form over weights
(verify/sensitivity/symmetric_global.py, issue 39 item 4), against the whole-table route
(every input, q <= 10) and the closed forms of THR_t, MAJ, AND, OR and PARITY."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import TooLarge, fbs, measures, measures_at
from verify.functions.spec import parse_spec
from verify.sensitivity.global_measures import global_measures
from verify.sensitivity.symmetric_global import symmetric_values

MEASURES = ("s", "bs", "fbs", "C")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 1), min_size=2, max_size=11))
def test_weights_agree_with_every_input(values):
    """Any symmetric f of q <= 10 inputs (sym:V): the maxima over weights equal the maxima
    over all 2^q inputs of the whole-table route, and the input reported reaches each."""
    spec = "sym:" + "".join(map(str, values))
    function = parse_spec(spec)
    by_weights, inputs = symmetric_values(function)
    whole = global_measures(function, check=False)
    assert by_weights == {m: whole.values[m] for m in MEASURES}
    at = {m: measures_at(spec, inputs[m]) for m in ("s", "bs", "C")}
    assert at["s"].sensitivity == by_weights["s"]
    assert at["bs"].block_sensitivity == by_weights["bs"]
    assert at["C"].certificate_complexity == by_weights["C"]
    assert fbs(spec, inputs["fbs"], method="table").value == by_weights["fbs"]


def threshold_fbs(n: int, t: int) -> Fraction:
    """max over w of THR_t's fbs at weight w (GUIDE closed form, written out here):
    w / (w - t + 1) if w >= t, else (n - w) / (t - w)."""
    return max(Fraction(w, w - t + 1) if w >= t else Fraction(n - w, t - w)
               for w in range(n + 1))


@pytest.mark.parametrize("n", [20, 50, 99])
@pytest.mark.parametrize("family", ["thr3", "thr_late", "maj", "and", "or"])
def test_threshold_closed_forms_beyond_fourteen(n, family):
    """THR_t, 1 <= t <= n: at w = t (s = C = t) and w = t - 1 (n - t + 1) every measure
    reaches max(t, n - t + 1), and fbs's closed form peaks there too. MAJ_n (strict:
    t = floor(n/2) + 1), AND_n (t = n) and OR_n (t = 1) are thresholds."""
    t = {"thr3": 3, "thr_late": n - 4, "maj": n // 2 + 1, "and": n, "or": 1}[family]
    spec = {"maj": f"maj:{n}", "and": f"and:{n}", "or": f"or:{n}"}.get(family, f"thr:{n}:{t}")
    result = measures(spec)
    top = max(t, n - t + 1)
    assert (result.s, result.bs, result.C) == (top, top, top)
    assert result.fbs == threshold_fbs(n, t) == top
    assert not any(result.certified.values()) and "closed form" in result.source
    assert fbs(spec, result.inputs["fbs"]).value == top  # the input shown reaches it


@pytest.mark.parametrize("n", [20, 50, 99])
def test_parity_is_n_everywhere(n):
    result = measures(f"parity:{n}")
    assert [result.values[m] for m in MEASURES] == [n] * 4


def test_majority_99_peaks_at_fifty():
    """MAJ_{2k+1}: k + 1 at weights k and k + 1; MAJ_99 with exactly 50 ones is the paper's
    "Bob must check all 50". The first weight reaching it, 49, is reported."""
    result = measures("maj:99")
    assert result.fbs == 50 and result.inputs["fbs"].count("1") == 49
    assert fbs("maj:99", "1^50,0^49").value == 50


def test_constant_symmetric_function_is_zero():
    result = measures("sym:" + "0" * 31)
    assert [result.values[m] for m in MEASURES] == [0] * 4


def test_beyond_the_weight_bound_is_refused():
    with pytest.raises(TooLarge, match="q <= 100000"):
        measures("maj:100001")
