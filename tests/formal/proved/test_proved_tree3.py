"""fbs-proved on kind tree, version 3 (coq/native/kind_tree3.ml, the Coq checker checkTreeV3
of coq/checkers/TreeV3Check.v): the statement, and the stdlib checker's verdict on the compact
uniform certificates the suite writes (`uniform_tree_fbs`, what `fbs tree fbs` writes) and on
their mutations (the claimed value, a side record's need, capacities, value, dual and uses, a
side record removed, a bit of alpha). A side record's `uses`, a side record no node uses and
two side records with one key are cross-checks of the producer that soundness does not use;
the proved program makes them as the stdlib checker does (exit 1, 2, 2; kind_tree3.ml)."""

from __future__ import annotations

import base64
import copy
import random
from fractions import Fraction

import pytest

from verify.lower_bound.tree_fbs import uniform_tree_fbs
from verify.trees.model import UniformTree

BASES = [("maj:3", 3, 1), ("and:2", 4, 2), ("or:3", 2, 3), ("parity:2", 3, 4), ("thr:4:3", 2, 5),
         ("maj:5", 2, 6), ("maj:3", 0, 7)]


def _v3(spec: str, depth: int, seed: int) -> dict:
    tree = UniformTree(spec, depth)
    rng = random.Random(seed)
    alpha = "".join(rng.choice("01") for _ in range(tree.n_leaves))
    certificate = uniform_tree_fbs(tree, alpha).certificate
    assert certificate["version"] == 3
    return certificate


def _flip_alpha(obj: dict, j: int) -> None:
    raw = bytearray(base64.b64decode(obj["alpha_base64"]))
    raw[j // 8] ^= 1 << (7 - j % 8)
    obj["alpha_base64"] = base64.b64encode(bytes(raw)).decode()


def _bump(text: str, i: int, delta: Fraction) -> str:
    parts = text.split(" ")
    parts[i] = str(Fraction(parts[i]) + delta)
    return " ".join(parts)


def _mutations(obj: dict):
    """Single changes that soundness depends on (FORMAT.md section 6, version 3's checks)."""
    yield "value + 1", lambda o: o.update(value=str(Fraction(o["value"]) + 1))
    yield "value - 1/3", lambda o: o.update(value=str(Fraction(o["value"]) - Fraction(1, 3)))
    leaves = len(base64.b64decode(obj["alpha_base64"])) * 8
    for j in range(min(leaves, 8)):
        yield f"alpha bit {j}", lambda o, j=j: _flip_alpha(o, j)
    for k, (need, caps, _value, dual, _uses) in enumerate(obj["sides"]):
        yield f"side {k} removed", lambda o, k=k: o["sides"].pop(k)
        yield f"side {k} value + 1/2", lambda o, k=k: o["sides"][k].__setitem__(2, str(Fraction(o["sides"][k][2]) + Fraction(1, 2)))
        yield f"side {k} need + 1", lambda o, k=k: o["sides"][k].__setitem__(0, o["sides"][k][0] + 1)
        yield f"side {k} need - 1", lambda o, k=k: o["sides"][k].__setitem__(0, o["sides"][k][0] - 1)
        yield f"side {k} uses + 1", lambda o, k=k: o["sides"][k].__setitem__(4, o["sides"][k][4] + 1)
        yield f"side {k} uses - 1", lambda o, k=k: o["sides"][k].__setitem__(4, o["sides"][k][4] - 1)
        yield f"side {k} repeated", lambda o, k=k: o["sides"].append(list(o["sides"][k]))
        for i in range(len(caps.split(" "))):
            yield f"side {k} capacity {i} + 1", lambda o, k=k, i=i: o["sides"][k].__setitem__(1, _bump(o["sides"][k][1], i, Fraction(1)))
            yield f"side {k} dual {i} + 1/2", lambda o, k=k, i=i: o["sides"][k].__setitem__(3, _bump(o["sides"][k][3], i, Fraction(1, 2)))
            yield f"side {k} dual {i} - 1/2", lambda o, k=k, i=i: o["sides"][k].__setitem__(3, _bump(o["sides"][k][3], i, Fraction(-1, 2)))


def _stdlib(obj: dict) -> tuple[int, str]:
    import json

    from verify.checker import CertificateMalformed
    from verify.checker.reader import check_bytes

    try:
        report = check_bytes(json.dumps(obj).encode())
        return (0 if report.valid else 1), report.message or ""
    except CertificateMalformed as error:
        return 2, str(error)


def test_the_statement_is_the_model_s(run_proved):
    got = run_proved(_v3("maj:3", 2, 1))
    assert got.exit == 0, got.line
    assert ": rho_T = " in got.line
    assert "RhoT (uniform (MAJ 3) 2) (fun p => alpha (leafIndex 3 p))" in got.line
    assert "alpha = the 9 leaf bits of alpha_base64" in got.line
    assert got.line.endswith("[TreeV3Check.checkTreeV3_family_sound]")


@pytest.mark.parametrize("spec,depth,seed", BASES)
def test_the_suite_s_certificates_are_proved(run_proved, spec, depth, seed):
    certificate = _v3(spec, depth, seed)
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line
    assert f"rho_T = {Fraction(certificate['value'])}:" in got.line


@pytest.mark.slow
@pytest.mark.parametrize("spec,depth,seed", BASES[:6])
def test_mutants_get_the_stdlib_checker_s_verdict(run_proved, spec, depth, seed):
    base = _v3(spec, depth, seed)
    compared = 0
    for name, mutate in _mutations(base):
        obj = copy.deepcopy(base)
        mutate(obj)
        want, message = _stdlib(obj)
        got = run_proved(obj)
        assert got.exit == want, f"{spec} depth {depth}, {name}: stdlib {want} ({message}), proved {got.line}"
        compared += 1
    assert compared >= 10


def test_the_producer_cross_checks_are_the_stdlib_checker_s(run_proved):
    base = _v3("maj:3", 2, 1)
    uses = copy.deepcopy(base)
    uses["sides"][0][4] += 1
    extra = copy.deepcopy(base)
    extra["sides"].append([1, "7 7", "14", "1 1", 1])
    twice = copy.deepcopy(base)
    twice["sides"].append(list(base["sides"][0]))
    reordered = copy.deepcopy(twice)  # the same key, capacities written in another order
    caps = reordered["sides"][-1][1].split(" ")
    reordered["sides"][-1][1] = " ".join(reversed(caps))
    reordered["sides"][-1][3] = " ".join(reversed(reordered["sides"][-1][3].split(" ")))
    for obj, stdlib in ((uses, 1), (extra, 2), (twice, 2), (reordered, 2)):
        assert _stdlib(obj)[0] == stdlib
        got = run_proved(obj)
        assert got.exit == stdlib, got.line
        assert "\n" not in got.line
    assert "record-multiplicity" in run_proved(uses).line
    assert "duplicate key" in run_proved(twice).line


def test_an_unused_side_record_that_fails_its_checks_is_malformed_as_in_the_stdlib(run_proved):
    """The stdlib checker checks a side record on first use: an unused one that would fail
    (its dual 0) is malformed as unused, not invalid."""
    base = _v3("maj:3", 2, 1)
    obj = copy.deepcopy(base)
    obj["sides"].append([1, "7 7", "14", "0 0", 1])
    assert _stdlib(obj)[0] == 2
    assert run_proved(obj).exit == 2


def test_malformed_sides_are_refused_as_the_stdlib_checker_does(run_proved):
    base = _v3("maj:3", 2, 1)
    cases = []
    for k, value in ((0, 0), (0, True), (4, 0), (1, 5), (3, "1"), (1, "1  1"), (1, " 1 1")):
        obj = copy.deepcopy(base)
        obj["sides"][0][k] = value
        cases.append(obj)
    missing = copy.deepcopy(base)
    del missing["sides"]
    cases.append(missing)
    for obj in cases:
        got = run_proved(obj)
        assert (got.exit, _stdlib(obj)[0]) == (2, 2), got.line
        assert got.line.count("\n") == 0


@pytest.mark.parametrize("spec,depth", [("maj:3", 30), ("and:1", 30), ("and:1", 64), ("maj:2", 30)])
def test_a_depth_30_tree_is_one_line(run_proved, spec, depth):
    """q^d leaves above 2^29 are refused before any work (exit 2, as the stdlib checker);
    width 1 has one leaf at any depth: proved like the stdlib checker."""
    if int(spec.split(":")[1]) ** depth <= 1 << 20:
        certificate = _v3(spec, depth, 0)
    else:
        certificate = {"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                       "tree": {"uniform": {"aggregator": spec, "depth": depth}},
                       "alpha_base64": "AA==", "value": "1", "records": [], "sides": []}
    got = run_proved(certificate)
    assert got.exit == _stdlib(certificate)[0], got.line
    assert got.exit in (0, 2) and "\n" not in got.line
