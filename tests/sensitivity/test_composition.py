"""compose(...) and tribes by the weighted recursion (issue 12) against the truth table."""

import random
from fractions import Fraction

import pytest

from verify import fbs
from verify.checker import CertificateMalformed, check_certificate
from verify.functions.spec import parse_spec
from verify.sensitivity.composition import composition_tree

PARTS = ["and:2", "or:2", "maj:3", "parity:2", "tt:0110", "thr:3:1", "sym:0101", "tt:01",
         "index:1", "wthr:2,1,1:2"]


def random_composition(rng: random.Random, depth: int) -> str:
    """A random nested compose(...) spec."""
    outer = rng.choice(["and:2", "or:3", "maj:3", "parity:2", "tt:0110", "thr:3:2"])
    arity = parse_spec(outer).arity
    inners = [random_composition(rng, depth - 1) if depth > 1 and rng.random() < 0.5
              else rng.choice(PARTS) for _ in range(arity)]
    return f"compose({';'.join([outer] + inners)})"


@pytest.mark.parametrize("seed", range(30))
def test_recursion_equals_the_truth_table(seed):
    rng = random.Random(seed)
    spec = random_composition(rng, 3)
    q = parse_spec(spec).arity
    if q > 14:
        spec, q = "compose(maj:3;and:2;or:2;parity:2)", 6
    z = "".join(rng.choice("01") for _ in range(q))
    tree = fbs(spec, z)
    table = fbs(spec, z, method="table")
    assert tree.method == "composition" and tree.certified and tree.certificate["kind"] == "tree"
    assert tree.value == table.value
    # the product dual is feasible for the full LP and optimal: covers every minimal block
    assert sum(tree.dual) == tree.value
    for block, _ in table.primal:
        assert sum(tree.dual[i] for i in block) >= 1


def test_tribes_is_or_of_ands():
    rng = random.Random(7)
    for _ in range(10):
        z = "".join(rng.choice("01") for _ in range(12))
        assert fbs("tribes:3:4", z).value == fbs("tribes:3:4", z, method="table").value
    wide = fbs("tribes:8:128", "1" * 8 + "0" * 1016)
    assert wide.certified and wide.method == "composition" and wide.value == 8


def test_wide_nested_majorities_in_closed_form():
    """maj:3 composed 5 levels deep (q = 243) at all ones: fbs_111(maj:3) = 3/2 at every
    node and equal children, so the product (3/2)^5."""
    spec = "maj:3"
    for _ in range(4):
        spec = f"compose(maj:3;{spec};{spec};{spec})"
    result = fbs(spec, "1" * 243)
    assert result.certified and result.value == Fraction(3, 2) ** 5


def test_parts_beyond_the_local_lp_fall_back():
    assert composition_tree(parse_spec("compose(and:2;index:3;or:1)")) is not None
    assert composition_tree(parse_spec("compose(and:2;index:5;or:1)")) is None  # q = 37
    assert fbs("compose(and:2;index:5;or:1)", "1" * 38).method == "z3"


def test_certificate_mutations_are_rejected():
    result = fbs("compose(maj:3;and:2;or:2;parity:2)", "110110")
    certificate = result.certificate
    assert certificate["tree"] == {"spec": "compose(maj:3;and:2;or:2;parity:2)"}
    assert check_certificate(certificate).value == result.value
    wrong = dict(certificate, value=str(result.value + 1))
    assert check_certificate(wrong).condition == "root-value"
    other = dict(certificate, tree={"spec": "compose(maj:3;and:2;or:2;and:2)"})
    assert not check_certificate(other).valid
    with pytest.raises(CertificateMalformed):
        check_certificate(dict(certificate, alpha="11011"))
    assert check_certificate(dict(certificate, tree={"spec": " compose( maj:3 ;and:2; or:2;"
                                                              "parity:2 ) "})).valid
    assert Fraction(certificate["value"]) == result.value
