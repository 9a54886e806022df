"""A Python callable's outputs are read as 0/1, never coerced with bool() (issue 32): "0" is
truthy, None falsy, 2 and 0.5 truthy, so a coercion silently changes the function. Only 0, 1,
True, False (and numpy's bool and integer 0/1) are accepted; anything else is BadInput naming
the input and the value."""

from __future__ import annotations

import math

import numpy as np
import pytest

import verify
from verify.base.errors import BadInput


def majority(x) -> int:
    return int(sum(x) >= 2)


@pytest.mark.parametrize("wrap", [int, bool, np.bool_, np.int64, np.uint8])
def test_zero_one_outputs_of_every_accepted_type_give_the_majority(wrap):
    # fbs of maj:3 at 110 is 2 (both ones are sensitive, the zero is not)
    assert verify.fbs(lambda x: wrap(majority(x)), "110", arity=3).value == 2


@pytest.mark.parametrize("output", [
    lambda x: "1" if sum(x) >= 2 else "0",  # every "0" is truthy
    lambda x: None,
    lambda x: 2 * majority(x),
    lambda x: 0.5,
    lambda x: math.nan,
    lambda x: float(majority(x)),
    lambda x: np.float64(majority(x)),
    lambda x: [majority(x)],
])
def test_any_other_output_is_refused_naming_input_and_value(output):
    with pytest.raises(BadInput, match=r"returned .* at [01]{3} ") as caught:
        verify.fbs(output, "110", arity=3)
    assert "\n" not in str(caught.value)
