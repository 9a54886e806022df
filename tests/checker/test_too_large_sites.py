"""Every place where the checker refuses a file for a documented size or work bound raises
CertificateTooLarge (a subclass of CertificateMalformed: still exit code 2), with a message
naming the bound; a structurally wrong file raises plain CertificateMalformed
(certificates/FORMAT.md, section 4). Bounds too large to reach cheaply are lowered with
monkeypatch (the module reads them when it checks)."""

from __future__ import annotations

import gzip
import json
from fractions import Fraction

import pytest

from verify.checker import (
    CertificateMalformed,
    CertificateTooLarge,
    check_bytes,
    check_certificate,
    check_file,
    circuit_cnf,
    dimacs,
    expr,
    lrat,
    rationals,
    reader,
    sat_kind,
    spec_eval,
    symmetric_kind,
    threshold_kind,
    tree_kind,
)
from verify.checker.__main__ import verdict


def _tree(description: dict) -> dict:
    return {"format": "fbs-certificate/1", "kind": "tree", "tree": description, "alpha": "1",
            "value": "1", "records": []}


def _uniform(aggregator: str, depth: int) -> dict:
    return _tree({"uniform": {"aggregator": aggregator, "depth": depth}})


def _threshold_dp() -> dict:
    """A threshold certificate whose knapsack DP (16 x 2^20 cells of 6 words) is refused."""
    n, need = 16, (1 << 24) // 16 - 2
    return {"format": "fbs-certificate/1", "kind": "threshold",
            "spec": f"wthr:{','.join([str(need)] * n)}:{need}", "arity": n, "input": "0" * n,
            "value": "1", "primal": [],
            "dual": [f"1/{(1 << 13) + 1 + k}" for k in range(n)]}


def _nested(depth: int, inner: str) -> str:
    for _ in range(depth):
        inner = f"compose(and:1;{inner})"
    return inner


def _claim(spec: str, z: str, weights: list[int], bound: int):
    return circuit_cnf.claim_cnf(circuit_cnf.function_circuit(spec, z), weights, bound)


# name: (constants to lower {(module, name): value}, the call, text of the message)
SITES = {
    "file bytes": ({}, lambda tmp: check_bytes(b"{}" * 10, max_bytes=10), "exceeds 10 bytes"),
    "file bytes on disk": ({}, lambda tmp: check_file(_write(tmp, b"{}" * 10), max_bytes=10),
                           "exceeds 10 bytes"),
    "decompressed bytes": ({}, lambda tmp: check_bytes(gzip.compress(b" " * 100), max_bytes=50),
                           "decompressed certificate exceeds 50 bytes"),
    "JSON values": ({(reader, "MAX_JSON_VALUES"): 5},
                    lambda tmp: check_bytes(b"[1,2,3,4,5,6]"), "more than 5 JSON values"),
    "JSON integer digits": ({}, lambda tmp: check_bytes(b"[" + b"7" * 1001 + b"]"),
                            "longer than 1000 digits"),
    "number characters": ({}, lambda tmp: rationals.parse_number("1" * 1001, "value"),
                          "longer than 1000 characters"),
    "common denominator": ({}, lambda tmp: rationals.common_denominator(
        [Fraction(1, 3), Fraction(1, 5)], "dual", max_bits=3), "exceeds 3 bits"),
    "formula nesting": ({}, lambda tmp: expr.parse_formula("(" * 65 + "x1" + ")" * 65, "f"),
                        "nested deeper than 64"),
    "formula characters": ({(expr, "MAX_FORMULA_CHARS"): 10},
                           lambda tmp: expr.parse_formula("x1&x2&x3&x4", "f"),
                           "longer than 10 characters"),
    "DIMACS literals": ({(dimacs, "MAX_LITERALS"): 2},
                        lambda tmp: dimacs.parse_dimacs("p cnf 3 1\n1 2 3 0\n", "a.cnf"),
                        "more than 2 literals"),
    "LRAT line bytes (carried)": ({(lrat, "MAX_LINE_BYTES"): 8},
                                  lambda tmp: lrat.check_lrat([[1], [-1]], [b"3 0 1 2"] * 3, 1),
                                  "longer than 8 bytes"),
    "LRAT line bytes": ({(lrat, "MAX_LINE_BYTES"): 4},
                        lambda tmp: lrat.check_lrat([[1], [-1]], "3 0 1 2 0\n", 1),
                        "longer than 4 bytes"),
    "LRAT lines": ({(lrat, "MAX_PROOF_LINES"): 1},
                   lambda tmp: lrat.check_lrat([[1], [-1]], "3 d 1 0\n4 d 2 0\n", 1),
                   "more than 1 non-blank lines"),
    "LRAT tokens": ({(lrat, "MAX_WORK"): 10},
                    lambda tmp: lrat.check_lrat([[1], [-1]], "3 d 1 0\n", 1),
                    "work budget of 10 literal visits"),
    "LRAT hint visits": ({(lrat, "MAX_WORK"): 4 * lrat.TOKEN_COST + 2},
                         lambda tmp: lrat.check_lrat([[1, 1, 1], [-1]], "3 0 1 2 0\n", 1),
                         "work budget of"),
    "LRAT text bytes": ({(sat_kind, "MAX_LRAT_BYTES"): 10},
                        lambda tmp: list(sat_kind.lrat_chunks(gzip.compress(b"3 0 1 2 0\n" * 3))),
                        "exceeds 10 bytes"),
    "spec work": ({}, lambda tmp: spec_eval.Budget(10).charge(11), "more than 2^3 bit-operations"),
    "spec work (module bound)": ({(spec_eval, "WORK_LIMIT"): 1 << 16},
                                 lambda tmp: spec_eval.evaluate_spec("expr:x1&x2|x3"),
                                 "more than 2^16 bit-operations"),
    "composition splitting": ({(spec_eval, "MAX_SPLIT_EVENTS"): 8},
                              lambda tmp: spec_eval.parse_spec(_nested(4, "and:2")),
                              "scans more than 8 parentheses"),
    "spec arity": ({}, lambda tmp: spec_eval.parse_spec("compose(and:2;and:20;and:20)"),
                   "arity 40 exceeds the limit 28"),
    "spec N": ({}, lambda tmp: spec_eval.parse_spec("and:29"), "exceeds the arity limit 28"),
    "spec integer digits": ({}, lambda tmp: spec_eval.parse_spec("thr:3:" + "1" * 1001),
                            "more than 1000 characters"),
    "wthr weights": ({}, lambda tmp: spec_eval.parse_spec("wthr:" + ",".join("1" * 29) + ":1"),
                     "29 weights exceed the arity limit 28"),
    "sym values": ({}, lambda tmp: spec_eval.parse_spec("sym:" + "0" * 30),
                   "arity 29 exceeds the limit 28"),
    "index arity": ({}, lambda tmp: spec_eval.parse_spec("index:5"),
                    "K + 2^K = 37 exceeds the limit 28"),
    "tt table": ({}, lambda tmp: spec_eval.parse_spec("tt:0110", max_table_arity=1),
                 "a truth table of arity 2 exceeds the limit 1"),
    "tt hex table": ({}, lambda tmp: spec_eval.parse_spec("tt:0xff:3", max_table_arity=2),
                     "a truth table of arity 3 exceeds the limit 2"),
    "cnf arity": ({}, lambda tmp: spec_eval.parse_spec("cnf:a.cnf", {"a.cnf": "p cnf 30 1\n1 0\n"}),
                  "arity 30 exceeds the limit 28"),
    "compose depth": ({}, lambda tmp: spec_eval.parse_spec(_nested(33, "and:1")),
                      "compose nested deeper than 32"),
    "formula tables held": ({(spec_eval, "MAX_TABLE_BYTES"): 1},
                            lambda tmp: spec_eval.evaluate_spec("expr:x1&x2|x3"),
                            "tables of 2^3 bits at once"),
    "bit-sliced sum": ({(spec_eval, "MAX_COUNTER_BYTES"): 0},
                       lambda tmp: spec_eval.evaluate_spec("compose(maj:20;" + ";".join(
                           ["parity:1"] * 20) + ")"), "bit-sliced sum"),
    "threshold weights": ({(threshold_kind, "MAX_ARITY"): 2},
                          lambda tmp: threshold_kind.parse_wthr("wthr:1,1,1:1"),
                          "more than 2 weights"),
    "threshold digits": ({}, lambda tmp: threshold_kind.parse_wthr("wthr:" + "1" * 1001 + ":1"),
                         "longer than 1000 digits"),
    "threshold DP": ({}, lambda tmp: check_certificate(_threshold_dp()),
                     "the knapsack DP needs 16 x 1048575 cells"),
    "claim CNF clauses": ({(circuit_cnf, "MAX_CLAUSES"): 3},
                          lambda tmp: circuit_cnf.function_circuit("maj:5", "00000"),
                          "exceeds the size limit (3 clauses"),
    "adder weight bits": ({}, lambda tmp: circuit_cnf.Builder(2).weighted_sum(
        [(1 << 4096, 1)]), "more than 4096 bits"),
    "adder set bits": ({(circuit_cnf, "MAX_LITERALS"): 0},
                       lambda tmp: circuit_cnf.Builder(2).weighted_sum([((1 << 70) - 1, 1)] * 60),
                       "too many set bits"),
    "sum weight bits": ({}, lambda tmp: circuit_cnf.Builder(2).sum_at_most([(1 << 4096, 1)], 3),
                        "more than 4096 bits"),
    "cnf part literals": ({(circuit_cnf, "MAX_CNF_PART_LITERALS"): 3},
                          lambda tmp: circuit_cnf.function_circuit(
                              "cnf:a.cnf", "00", {"a.cnf": "p cnf 2 2\n1 2 0\n-1 0\n"}),
                          "more than 3 literals"),
    "claim bound bits": ({}, lambda tmp: _claim("and:2", "00", [1, 1], 1 << 4096),
                         "the bound has more than 4096 bits"),
    "uniform depth": ({}, lambda tmp: check_certificate(_uniform("and:1", 65)),
                      "depth 65 is not in 0..64"),
    "uniform leaves": ({}, lambda tmp: check_certificate(_uniform("and:2", 24)),
                       "more than 8388608 leaves"),
    "composed tree nesting": ({}, lambda tmp: check_certificate(_tree({"spec": _nested(34, "and:1")})),
                              "composed deeper than 32 levels"),
    "composed tree leaves": ({(tree_kind, "MAX_LEAVES"): 3},
                             lambda tmp: check_certificate(_tree({"spec": "compose(and:2;and:2;and:2)"})),
                             "more than 3 leaves"),
    "tribes leaves": ({(tree_kind, "MAX_LEAVES"): 3},
                      lambda tmp: check_certificate(_tree({"spec": "tribes:2:2"})),
                      "W*S is more than 3 leaves"),
    "explicit tree nodes": ({(tree_kind, "MAX_NODES"): 1},
                            lambda tmp: check_certificate(_tree({
                                "format": "fbs-tree/1", "root": "a",
                                "nodes": [{"id": "a", "query": "a"}, {"id": "b", "query": "b"}]})),
                            "expected 1 to 1 nodes"),
    "symmetric sym values": ({(symmetric_kind, "MAX_ARITY"): 3},
                             lambda tmp: symmetric_kind.symmetric_values("sym:01010"),
                             "sym needs 2 to 4 values"),
    "symmetric N": ({}, lambda tmp: symmetric_kind.symmetric_values("and:100000001"),
                    "accepts N <= 100000000"),
    "tree aggregator arity": ({}, lambda tmp: check_certificate(_uniform("expr:25:x1", 1)),
                              "N = 25 exceeds the arity limit 24"),
}

# structurally wrong (not beyond a bound): plain CertificateMalformed
MALFORMED = {
    "not JSON": lambda: check_bytes(b"{"),
    "wrong kind": lambda: check_certificate({"format": "fbs-certificate/1", "kind": "nope"}),
    "bad spec": lambda: spec_eval.parse_spec("and:x"),
    "unbalanced compose": lambda: spec_eval.parse_spec("compose(and:2;(and:1;and:1)"),
    "negative uniform depth": lambda: check_certificate(_uniform("and:1", -1)),
    "empty explicit tree": lambda: check_certificate(_tree({"format": "fbs-tree/1", "root": "a",
                                                            "nodes": []})),
    "tribes of width 0": lambda: check_certificate(_tree({"spec": "tribes:0:2"})),
    "negative adder weight": lambda: circuit_cnf.Builder(2).sum_at_most([(-1, 1)], 3),
    "threshold not an integer": lambda: threshold_kind.parse_wthr("wthr:1,a:1"),
    "sym not bits": lambda: symmetric_kind.symmetric_values("sym:012"),
    "DIMACS literal beyond its variables": lambda: dimacs.parse_dimacs("p cnf 1 1\n2 0\n", "a"),
    "LRAT not a step": lambda: lrat.check_lrat([[1], [-1]], "x\n", 1),
}


def _write(folder, data: bytes):
    path = folder / "certificate.json"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("site", sorted(SITES))
def test_a_bound_raises_certificate_too_large(site, monkeypatch, tmp_path):
    lowered, call, text = SITES[site]
    for (module, name), value in lowered.items():
        monkeypatch.setattr(module, name, value)
    with pytest.raises(CertificateTooLarge) as caught:
        call(tmp_path)
    assert text in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_structural_error_stays_plain_malformed(case):
    with pytest.raises(CertificateMalformed) as caught:
        MALFORMED[case]()
    assert type(caught.value) is CertificateMalformed


def test_too_large_is_still_malformed():
    """Callers that catch CertificateMalformed (exit 2) keep catching the subclass."""
    assert issubclass(CertificateTooLarge, CertificateMalformed)


def test_the_json_verdict_says_too_large(tmp_path):
    """`python -m verify.checker --json`: exit 2 either way, `too_large` tells them apart."""
    big = _write(tmp_path, json.dumps(_uniform("and:1", 65)).encode())
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_uniform("and:1", 0)))
    assert (verdict(str(big))["exit"], verdict(str(big))["too_large"]) == (2, True)
    assert (verdict(str(bad))["exit"], verdict(str(bad))["too_large"]) == (2, False)
    assert verdict(str(good))["too_large"] is False
    assert verdict(str(big))["message"].startswith(f"{big}: beyond the checker's work bound: ")
    assert verdict(str(bad))["message"].startswith(f"{bad}: malformed certificate: ")


def test_fbs_check_names_the_work_bound(tmp_path, capsys):
    """`fbs check` on a file refused only for a bound: exit 2, and it says so (it once called
    such a file a "malformed certificate")."""
    from verify.cli import main

    big = _write(tmp_path, json.dumps(_uniform("and:1", 65)).encode())
    assert main(["check", str(big)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{big}: beyond the checker's work bound: " in err, err
    assert "malformed" not in err
