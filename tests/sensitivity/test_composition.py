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


@pytest.mark.parametrize("shared_from", [64, 0])
@pytest.mark.parametrize("seed", range(30))
def test_recursion_equals_the_truth_table(seed, shared_from, monkeypatch):
    """Both certificate versions (SHARED_FROM = 0: version 2, records shared up to a
    permutation of a symmetric aggregator's children, the dual permuted back)."""
    from verify.sensitivity import composition

    monkeypatch.setattr(composition, "SHARED_FROM", shared_from)
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


def tribes_closed_form(x: str, width: int) -> tuple[int, list[list[int]]]:
    """fbs of tribes at x and its minimal sensitive blocks' description, from the definition:
    f = 1: a block must break every satisfied tribe, fbs = W; f = 0: a block must complete
    some tribe (its zeros), fbs = S."""
    tribes = [list(range(k, k + width)) for k in range(0, len(x), width)]
    satisfied = [t for t in tribes if all(x[i] == "1" for i in t)]
    if satisfied:
        return width, satisfied
    return len(tribes), [[i for i in t if x[i] == "0"] for t in tribes]


@pytest.mark.parametrize("seed", range(6))
def test_wide_tribes_by_the_shared_certificate(seed):
    """More than SHARED_FROM leaves: version-2 certificate (records shared up to permutation),
    compact dual and p. Values from the closed form; the dual is feasible on the closed-form
    blocks and sums to fbs; p = t / fbs; the record count is the number of distinct
    (aggregator, multiset of children's classes), at most 9 and:8 records + 1 or:16."""
    rng = random.Random(seed)
    density = rng.choice([0.5, 0.8, 0.95])
    x = "".join("1" if rng.random() < density else "0" for _ in range(8 * 16))
    result = fbs("tribes:8:16", x)
    value, blocks = tribes_closed_form(x, 8)
    assert result.certified and result.value == value
    assert result.certificate["version"] == 2 and "alpha_base64" in result.certificate
    assert len(result.certificate["records"]) <= 10
    dual = list(result.dual)
    assert sum(dual) == value and all(t >= 0 for t in dual)
    if len(blocks[0]) == 8 and all(x[i] == "1" for i in blocks[0]):  # f = 1: one bit per tribe
        assert sum(min(dual[i] for i in tribe) for tribe in blocks) >= 1
    else:
        assert all(sum(dual[i] for i in block) >= 1 for block in blocks)
    assert list(result.sampling) == [t / value for t in dual]
    assert check_certificate(result.certificate).value == value


@pytest.mark.parametrize("seed", range(4))
def test_shared_and_unshared_certificates_agree(seed, monkeypatch):
    """Random nested maj/and/or/thr compositions (81 leaves) certified in version 1 (one
    record per exact key) and in version 2 (shared records): equal values, both duals of
    value fbs, never more shared records than exact ones."""
    from verify.sensitivity import composition

    rng = random.Random(100 + seed)
    spec = "compose(maj:3;" + ";".join(
        f"compose({rng.choice(['maj:3', 'or:3', 'and:3'])};"
        + ";".join(rng.choice(["and:9", "or:9", "maj:9", "thr:9:4"]) for _ in range(3)) + ")"
        for _ in range(3)) + ")"
    x = "".join(rng.choice("01") for _ in range(81))
    shared = fbs(spec, x)
    monkeypatch.setattr(composition, "SHARED_FROM", 10 ** 6)
    exact = fbs(spec, x)
    assert "version" in shared.certificate and "version" not in exact.certificate
    assert shared.certified and exact.certified and shared.value == exact.value
    assert sum(shared.dual) == sum(exact.dual) == shared.value
    assert len(shared.certificate["records"]) <= len(exact.certificate["records"])
