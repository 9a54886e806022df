"""A valid input whose certificate the trusted checker refuses only for one of its documented
work or size bounds (CertificateTooLarge, certificates/FORMAT.md section 4) is exit 2 with one
line "the certificate is beyond the checker's work bound: <the checker's message>", nothing
written; never "NOT CERTIFIED (a bug: please report it)" with exit 3.

The fast tests lower a bound of the in-process checker (monkeypatch); the slow one is a real
case, a q = 26 formula of 2,801 operations (2^38 bit-operations allow 2,048 at q = 26)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from verify.base.errors import TooLarge
from verify.checker import CertificateMalformed, CertificateTooLarge, circuit_cnf, lrat, spec_eval
from verify.checker import tree_kind as checker_tree_kind
from verify.cli import main

PREFIX = "fbs: error: the certificate is beyond the checker's work bound: "
SPEC_WORK = "too costly to check: more than 2^16 bit-operations of spec evaluation"
FORMULA = "expr:x1&x2|x3"  # arity 3, certified by the table method (kind exhaustive)


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(code: int, out: str, err: str, bound: str) -> bool:
    """Exit 2, nothing on stdout, exactly one stderr line naming the bound."""
    return code == 2 and out == "" and err.count("\n") == 1 and err.startswith(PREFIX) \
        and bound in err


@pytest.fixture
def small_spec_budget(monkeypatch):
    """The checker's spec-evaluation budget lowered from 2^38 to 2^16 bit-operations."""
    monkeypatch.setattr(spec_eval, "WORK_LIMIT", 1 << 16)


def test_compute_is_too_large_not_a_bug(small_spec_budget, capsys):
    code, out, err = run(capsys, "compute", FORMULA, "--at", "110", "--method", "table")
    assert refused(code, out, err, SPEC_WORK), (code, out, err)
    assert err == PREFIX + SPEC_WORK + "\n"


def test_certify_writes_nothing(small_spec_budget, capsys, tmp_path):
    output = tmp_path / "c.json"
    code, out, err = run(capsys, "certify", FORMULA, "--at", "110", "--method", "table",
                         "-o", output)
    assert refused(code, out, err, SPEC_WORK), (code, out, err)
    assert list(tmp_path.iterdir()) == []


def test_without_the_subclass_the_same_run_is_reported_as_a_bug(monkeypatch, capsys):
    """The distinction is what makes it exit 2: a checker that raised plain
    CertificateMalformed at its budget (as before) turns the same run into exit 3."""
    monkeypatch.setattr(spec_eval, "WORK_LIMIT", 1 << 16)
    monkeypatch.setattr(spec_eval, "CertificateTooLarge", CertificateMalformed)
    code, out, err = run(capsys, "compute", FORMULA, "--at", "110", "--method", "table")
    assert code == 3 and "a bug" in out + err


def test_compute_without_the_lowered_bound_is_certified(capsys):
    """The same run under the real bound: certified, exit 0 (the fixture above is what refuses)."""
    code, out, _ = run(capsys, "compute", FORMULA, "--at", "110", "--method", "table")
    assert code == 0 and "at 110 = 2 (certified" in out


def _tree_files(folder):
    """AND of two 3-input formulas over distinct leaves, all answers 1."""
    nodes = [{"id": "r", "aggregator": "and:2", "children": ["u", "v"]}]
    for name in "uv":
        nodes.append({"id": name, "aggregator": "expr:3:x1&x2|x3",
                      "children": [f"{name}{i}" for i in range(3)]})
        nodes += [{"id": f"{name}{i}", "query": f"{name}{i}"} for i in range(3)]
    (folder / "t.json").write_text(json.dumps({"format": "fbs-tree/1", "root": "r",
                                               "nodes": nodes}))
    answers = {f"{name}{i}": 1 for name in "uv" for i in range(3)}
    (folder / "o.json").write_text(json.dumps({"format": "fbs-oracle/1", "answers": answers}))


def test_tree_fbs_is_too_large_and_writes_nothing(monkeypatch, capsys, tmp_path):
    _tree_files(tmp_path)
    certificate = tmp_path / "cert.json"
    code, _, err = run(capsys, "tree", "fbs", tmp_path / "t.json", "--oracle",
                       tmp_path / "o.json", "--certificate", certificate)
    assert code == 0 and certificate.exists(), err  # certified under the real bound
    certificate.unlink()
    monkeypatch.setattr(checker_tree_kind, "TREE_WORK_LIMIT", 1 << 10)
    code, out, err = run(capsys, "tree", "fbs", tmp_path / "t.json", "--oracle",
                         tmp_path / "o.json", "--certificate", certificate)
    assert refused(code, out, err, "more than 2^10 bit-operations"), (code, out, err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.json", "t.json"]


def test_sat_method_claim_cnf_bound(monkeypatch, capsys):
    """The sat method builds the claim CNF with the checker's encoder: its size limit is a
    bound (exit 2), not a crash."""
    monkeypatch.setattr(circuit_cnf, "MAX_CLAUSES", 3)
    code, out, err = run(capsys, "compute", FORMULA, "--at", "110", "--method", "sat")
    assert refused(code, out, err, "the claim CNF exceeds the size limit (3 clauses"), \
        (code, out, err)


def test_sat_method_lrat_work_bound(monkeypatch, capsys):
    monkeypatch.setattr(lrat, "MAX_WORK", 8)
    code, out, err = run(capsys, "compute", FORMULA, "--at", "110", "--method", "sat")
    assert refused(code, out, err, "LRAT proof exceeds the work budget of 8"), (code, out, err)


def test_python_check_of_a_document(monkeypatch):
    from verify import check, fbs

    certificate = fbs(FORMULA, "110", method="table").certificate
    monkeypatch.setattr(spec_eval, "WORK_LIMIT", 1 << 16)
    with pytest.raises(TooLarge, match="^the certificate is beyond the checker's work bound: "
                                       "too costly"):
        check(certificate)


# --- every other caller, with the checker entry it uses replaced by one that refuses -------

def _refuse(error_type):
    def checker(*args, **kwargs):
        raise error_type("too costly to check: more than 2^3 bit-operations (test)")
    return checker


def _bob(monkeypatch):
    from verify.budgeted import bob

    monkeypatch.setattr(bob, "_VIEWS", {})
    bob.budget_view("expr:3:x1&x2|x3", (1, 1, 0), (Fraction(1),) * 3)


def _optimality(monkeypatch):
    from verify import budgeted_optimality, random_oracle, uniform_tree

    tree = uniform_tree("maj:3", 2)
    return budgeted_optimality(tree, random_oracle(tree, seed=0))


def _census(monkeypatch):
    from verify.sweep import census

    class Store:
        def certificates_by_digest(self, digests):
            return {"d": {"spec": "maj:3", "input": "110"}}

    census._reverify(Store(), [{"certificate": "d", "fbs": "2", "spec": "maj:3",
                                "input": "110"}])


CALLERS = {  # caller: (module and name of the checker entry it calls, run it)
    "budgeted Bob's budget LP": ("verify.budgeted.bob", "check_weighted_lp", _bob),  # in memory
    "budgeted optimality": ("verify.budgeted.optimality", "check_certificate", _optimality),
    "sweep census re-verification": ("verify.checker", "check_certificate", _census),
}


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_every_caller_maps_the_bound_to_too_large(caller, monkeypatch):
    import importlib

    module, name, call = CALLERS[caller]
    monkeypatch.setattr(importlib.import_module(module), name, _refuse(CertificateTooLarge))
    with pytest.raises(TooLarge, match="^the certificate is beyond the checker's work bound: "
                                       r"too costly to check: more than 2\^3"):
        call(monkeypatch)


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_a_plain_malformed_certificate_is_not_called_too_large(caller, monkeypatch):
    """The mapping follows the subclass: the same caller given a plain CertificateMalformed
    does what it did before (a failed or rejected certificate), not TooLarge."""
    import importlib

    module, name, call = CALLERS[caller]
    monkeypatch.setattr(importlib.import_module(module), name, _refuse(CertificateMalformed))
    try:
        call(monkeypatch)
    except TooLarge:
        pytest.fail("a plain malformed certificate was reported as too large")
    except Exception:  # noqa: BLE001 - e.g. SolverFailure: anything but TooLarge
        pass


def test_stored_certificate_verdict_names_the_bound():
    from verify.report.stored import _verdict_problem

    verdict = {"file": "x", "valid": False, "condition": "malformed", "exit": 2,
               "message": "x: malformed certificate: too costly", "value": None,
               "too_large": True}
    assert _verdict_problem("x", {"value": "1"}, "1", verdict).condition == "too-large"
    assert _verdict_problem("x", {"value": "1"}, "1", dict(verdict, too_large=False)).condition \
        == "malformed"


@pytest.mark.slow
def test_a_real_formula_beyond_the_bound(capsys, tmp_path):
    """q = 26, 700 terms (x_i & ~x_j) joined by | (2,801 operations): the package's table
    method solves it; the checker refuses it before evaluating (2,801 x 2^27 > 2^38)."""
    formula = "|".join(f"(x{i % 26 + 1}&~x{(i * 7 + 3) % 26 + 1})" for i in range(700))
    spec = tmp_path / "spec.txt"
    spec.write_text(f"expr:26:{formula}")
    output = tmp_path / "c.json"
    code, out, err = run(capsys, "certify", f"@{spec}", "--at", "0" * 26, "--method", "table",
                         "-o", output)
    assert refused(code, out, err, "more than 2^38 bit-operations of spec evaluation"), \
        (code, out, err)
    assert not output.exists()
