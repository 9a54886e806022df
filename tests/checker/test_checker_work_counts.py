"""The checker's work is bounded by what it reads (issue 30, section 4): each hostile shape is
built here, small, and the test asserts the refusal (exit 2, a message naming the bound) or a
work count, never seconds (timings: bench/bench_checker_bounds.py, bench/RESULTS.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from verify.checker import (
    CertificateMalformed,
    CertificateTooLarge,
    check_certificate,
    circuit_cnf,
    dimacs,
    measure_kind,
    spec_eval,
)
from verify.checker.spec_eval import Budget
from verify.checker.tree_kind import Aggregators, LocalLP, check_local_lp

PRIMES = [p for p in range(3, 2000) if all(p % d for d in range(2, int(p ** 0.5) + 1))][:150]


@pytest.fixture
def fraction_additions(monkeypatch):
    """Counts Fraction + Fraction (each costs two gcds of growing numbers when the
    denominators are coprime): the kinds must sum over a common denominator as integers."""
    counter = {"additions": 0}
    add, radd = Fraction.__add__, Fraction.__radd__

    def counted(original):
        def wrapper(a, b):
            counter["additions"] += 1
            return original(a, b)
        return wrapper
    monkeypatch.setattr(Fraction, "__add__", counted(add))
    monkeypatch.setattr(Fraction, "__radd__", counted(radd))
    return counter


def test_symmetric_kind_sums_coprime_weights_as_integers(fraction_additions):
    # or:N at 0^N: a type (0 ones, b zeros) is sensitive for every b >= 1; 150 types of
    # weights 1/p over distinct primes p: a Fraction sum would add 150 times per total
    n = 10**6
    types = [{"ones": 0, "zeros": k + 1, "weight": f"1/{p}"} for k, p in enumerate(PRIMES)]
    value = sum((Fraction(1, p) for p in PRIMES), Fraction(0))
    fraction_additions["additions"] = 0
    certificate = {"format": "fbs-certificate/1", "kind": "symmetric", "spec": f"or:{n}",
                   "arity": n, "input": f"0^{n}", "value": f"{value.numerator}/{value.denominator}",
                   "dual": {"ones": "0", "zeros": "1"}, "primal": types}
    report = check_certificate(certificate)
    # the primal checks pass (value = the sum of the weights, computed independently above);
    # the dual sums to n, not the value
    assert report.condition == "dual-value"
    assert fraction_additions["additions"] <= 4


def test_threshold_kind_sums_coprime_weights_as_integers(fraction_additions):
    # wthr:1,...,1:1 at 0^q (OR): every singleton is sensitive; weights 1/p, dual t_i = 1/p_i
    q = len(PRIMES)
    weights = [f"1/{p}" for p in PRIMES]
    value = sum((Fraction(1, p) for p in PRIMES), Fraction(0))
    fraction_additions["additions"] = 0
    certificate = {"format": "fbs-certificate/1", "kind": "threshold",
                   "spec": f"wthr:{','.join(['1'] * q)}:1", "arity": q, "input": "0" * q,
                   "value": f"{value.numerator}/{value.denominator}", "dual": weights,
                   "primal": [{"block": [i], "weight": w} for i, w in enumerate(weights)]}
    report = check_certificate(certificate)
    assert report.condition == "dual-feasible"  # t({i}) = 1/p_i < 1: not a dual, as expected
    assert fraction_additions["additions"] <= 4


def test_measure_bs_witness_is_read_block_by_block(monkeypatch):
    # OR_4 at 0000: 100,000 witness blocks [0]: the second meets the first
    reads = {"blocks": 0}
    original = measure_kind.read_block

    def counted(*args):
        reads["blocks"] += 1
        return original(*args)
    monkeypatch.setattr(measure_kind, "read_block", counted)
    certificate = {"format": "fbs-certificate/1", "kind": "measure", "measure": "bs",
                   "spec": "or:4", "arity": 4, "input": "0000", "value": "100000",
                   "witness": [[0]] * 100_000}
    report = check_certificate(certificate)
    assert report.condition == "witness-disjoint" and "witness[1]" in report.message
    assert reads["blocks"] == 2


@pytest.mark.parametrize("measure", ["s", "C"])
def test_a_coordinate_list_longer_than_q_is_refused_before_it_is_read(measure):
    certificate = {"format": "fbs-certificate/1", "kind": "measure", "measure": measure,
                   "spec": "or:4", "arity": 4, "input": "0000", "value": "4",
                   "witness": list(range(1_000_000))}
    with pytest.raises(CertificateMalformed, match="at most q = 4 coordinates, got 1000000"):
        check_certificate(certificate)


class CountingText(str):
    """A z that counts how often it is scanned whole (str.count)."""

    scans = 0

    def count(self, *args):
        CountingText.scans += 1
        return super().count(*args)


def test_a_wide_symmetric_record_counts_its_ones_once():
    # or:q at 0^q with q singleton blocks of weight 1 and v = 1: valid, value q. Counting
    # the ones of z per block cost q per block, q^2 in all (1.04 million wide: minutes)
    q = 20_000
    aggregator = Aggregators({}, Budget()).get(f"or:{q}", "test")
    one = Fraction(1)
    record = LocalLP(0, aggregator, CountingText("0" * q), (one,) * q, Fraction(q),
                     [((i,), one) for i in range(q)], (one,) * q)
    CountingText.scans = 0
    assert check_local_lp(record) is None
    assert CountingText.scans <= 2


# ---------------------------------------------------------------------- DIMACS text


def _cnf_certificate(files: dict, spec: str = "cnf:a.cnf") -> dict:
    """Exhaustive, f = x1 at 0: value 1 (the singleton {0} of weight 1, t = 1)."""
    return {"format": "fbs-certificate/1", "kind": "exhaustive", "spec": spec, "arity": 1,
            "input": "0", "value": "1", "primal": [{"block": [0], "weight": "1"}],
            "dual": ["1"], "files": files}


X1 = "p cnf 1 1\n1 0\n"


def test_a_small_cnf_is_checked():
    assert check_certificate(_cnf_certificate({"a.cnf": X1})).valid


@pytest.mark.parametrize("padding", [
    "c comment\n" * 60,            # comment lines
    "\n" * 60,                     # blank lines
    "0 " * 60,                     # zero tokens: empty clauses
], ids=["comments", "blank-lines", "empty-clauses"])
def test_every_line_and_token_of_a_cnf_is_counted(padding, monkeypatch):
    monkeypatch.setattr(dimacs, "MAX_UNITS", 50)
    clauses = padding.count("0 ")
    text = f"p cnf 1 {1 + clauses}\n1 0\n" + padding
    with pytest.raises(CertificateTooLarge, match="more than 50 lines and tokens"):
        check_certificate(_cnf_certificate({"a.cnf": text}))


def test_the_cnf_count_is_per_file(monkeypatch):
    # two texts of 31 units each (24 line breaks + 1, the header's 4 tokens, a literal and
    # its 0): each fits 50, both do not
    monkeypatch.setattr(dimacs, "MAX_UNITS", 50)
    text = X1 + "c\n" * 22
    assert check_certificate(_cnf_certificate({"a.cnf": text})).valid
    spec = "compose(and:2;cnf:a.cnf;cnf:b.cnf)"
    document = dict(_cnf_certificate({"a.cnf": text, "b.cnf": text}, spec), arity=2,
                    input="11", primal=[{"block": [0], "weight": "1"},
                                        {"block": [1], "weight": "1"}],
                    dual=["1", "1"], value="2")
    with pytest.raises(CertificateTooLarge, match="more than 50 lines and tokens"):
        check_certificate(document)
    monkeypatch.setattr(dimacs, "MAX_UNITS", 62)
    assert check_certificate(document).valid


def test_the_documented_dimacs_bound():
    assert dimacs.MAX_UNITS == 6_000_000 and dimacs.MAX_LITERALS == 4_000_000


# ---------------------------------------------------------------------- formulas


@pytest.fixture
def formula_parses(monkeypatch):
    """Counts the formulas the checker parses (each costs about a microsecond a character)."""
    counter = {"parses": 0, "characters": 0}

    def counted(original):
        def parse(text, where):
            counter["parses"] += 1
            counter["characters"] += len(text)
            return original(text, where)
        return parse
    for module in (spec_eval, circuit_cnf):  # the SAT encoder once parsed formulas again
        if hasattr(module, "parse_formula"):
            monkeypatch.setattr(module, "parse_formula", counted(module.parse_formula))
    return counter


FORMULA = "expr:1:" + "&".join(["x1"] * 20)  # 59 characters after expr:1:, f = x1


def test_extra_composition_parts_are_refused_before_they_are_parsed(formula_parses):
    spec = f"compose(and:1;{';'.join([FORMULA] * 1000)})"
    with pytest.raises(CertificateMalformed, match="arity 1 but 1000 inner functions"):
        check_certificate(_exhaustive_x1(spec))
    assert formula_parses["parses"] == 0


def test_parts_beyond_the_arity_limit_are_refused_before_the_rest_is_parsed(formula_parses):
    # 20 distinct parts of arity 3: the tenth passes the limit 28
    parts = [formula.replace("expr:1:", "expr:3:") for formula in _distinct_formulas(20)]
    spec = f"compose(or:20;{';'.join(parts)})"
    with pytest.raises(CertificateTooLarge, match="arity 30 exceeds the limit 28"):
        check_certificate(_exhaustive_x1(spec))
    assert formula_parses["parses"] == 10


def _exhaustive_x1(spec: str, q: int = 1) -> dict:
    return {"format": "fbs-certificate/1", "kind": "exhaustive", "spec": spec, "arity": q,
            "input": "0" * q, "value": "1", "primal": [{"block": [0], "weight": "1"}],
            "dual": ["1"] + ["0"] * (q - 1)}


def _distinct_formulas(count: int) -> list[str]:
    """`count` distinct 1-input formulas equal to x1 (x1 & ... & x1 & 1 & 1 ..., k in unary)."""
    return ["expr:1:" + "&".join(["x1"] * 20 + ["1"] * k) for k in range(count)]


@pytest.mark.parametrize("kind", ["exhaustive", "measure", "tree", "weighted", "sat-lrat"])
def test_the_formulas_of_a_file_share_one_budget(kind, monkeypatch, formula_parses):
    # or of 8 distinct formulas (8 x 59 to 73 characters): each fits, together over 300
    monkeypatch.setattr(spec_eval, "MAX_FORMULA_FILE_CHARS", 300)
    formulas = _distinct_formulas(8)
    spec = f"compose(or:8;{';'.join(formulas)})"
    document = _exhaustive_x1(spec, 8)
    if kind == "measure":
        document = {"format": "fbs-certificate/1", "kind": "measure", "measure": "s",
                    "spec": spec, "arity": 8, "input": "0" * 8, "value": "8",
                    "witness": list(range(8))}
    elif kind == "tree":
        nodes = [{"id": "r", "aggregator": "or:8", "children": [f"u{k}" for k in range(8)]}]
        for k, formula in enumerate(formulas):
            nodes += [{"id": f"u{k}", "aggregator": formula, "children": [f"l{k}"]},
                      {"id": f"l{k}", "query": f"l{k}"}]
        document = {"format": "fbs-certificate/1", "kind": "tree",
                    "tree": {"format": "fbs-tree/1", "root": "r", "nodes": nodes},
                    "alpha": "0" * 8, "value": "8", "records": []}
    elif kind == "weighted":
        document = dict(document, kind="weighted", capacities=["1"] * 8)
    elif kind == "sat-lrat":
        document = dict(document, kind="sat-lrat", encoding="fbs-cnf/1", cnf_sha256="0" * 64,
                        lrat="H4sIAAAAAAAAAwMAAAAAAAAAAAA=")
    with pytest.raises(CertificateTooLarge, match="formulas of the file have more than 300"):
        check_certificate(document)
    assert formula_parses["characters"] <= 300


def test_a_sat_certificate_parses_its_formula_once(formula_parses):
    from verify.sensitivity.sat.solve import solve_by_sat

    certificate = solve_by_sat("expr:(x1&x2)|x3", "110").certificate
    formula_parses["parses"] = 0
    assert check_certificate(certificate).valid
    assert formula_parses["parses"] == 1


def test_the_documented_formula_bounds():
    assert spec_eval.MAX_FORMULA_FILE_CHARS == 4_000_000


# ---------------------------------------------------------------------- sat-lrat circuit


def _sat_or(q: int) -> dict:
    """Sat-lrat, or:q at 0^q with q singletons of weight 1 and t = 1: the primal checks pass,
    the proof (of maj:3, FORMAT.md's example) is for another claim."""
    return {"format": "fbs-certificate/1", "kind": "sat-lrat", "spec": f"or:{q}", "arity": q,
            "input": "0" * q, "value": str(q),
            "primal": [{"block": [i], "weight": "1"} for i in range(q)], "dual": ["1"] * q,
            "encoding": "fbs-cnf/1",
            "cnf_sha256": "e61f1cba690bbb25baacb80478a5f300e05c9ab317883b9493008cf67e606e4c",
            "lrat": "H4sIAAAAAAAAAy3KywkAMAgE0btVTAOCaz4k/TcWhRzfMLp4EuigRVgGru/dFr7al9Hst1ptmqhOe6L74z"
                    "5CAAAA"}


def test_the_circuit_is_evaluated_once_for_z_and_every_block(monkeypatch):
    # was: once for z, once per 1,024 blocks, once more for the claim CNF (7 passes here)
    passes = {"count": 0}
    original = circuit_cnf.Builder.evaluate

    def counted(self, inputs, full):
        passes["count"] += 1
        return original(self, inputs, full)
    monkeypatch.setattr(circuit_cnf.Builder, "evaluate", counted)
    report = check_certificate(_sat_or(5000))
    assert report.condition == "cnf-hash"
    assert passes["count"] == 1


def test_gates_times_passes_is_bounded_before_any_pass(monkeypatch):
    # or:5000 is one AND gate of 5000 inputs; passes of 1,024 points: 5 passes for 5000
    # blocks and z. Gates x passes above the bound is refused before the first pass.
    monkeypatch.setattr(circuit_cnf, "MAX_EVALUATION_BITS", 0)
    monkeypatch.setattr(circuit_cnf, "MAX_GATE_EVALUATIONS", 4)
    monkeypatch.setattr(circuit_cnf.Builder, "evaluate", None)  # never reached
    with pytest.raises(CertificateTooLarge, match="1 gates at 5000 primal blocks takes 5 passes, "
                                                  "more than 4 gate evaluations"):
        check_certificate(_sat_or(5000))


def test_the_documented_circuit_bounds():
    assert circuit_cnf.MAX_GATE_EVALUATIONS == 2**22 and circuit_cnf.EVALUATION_BATCH == 1024
    assert circuit_cnf.MAX_EVALUATION_BITS == 2**27


# ---------------------------------------------------------------------- nested compositions


def _nested(depth: int, inner: str) -> str:
    for _ in range(depth):
        inner = f"compose(and:1;{inner})"
    return inner


TABLE = "tt:" + "01" * 2048  # 12 inputs, 4,099 characters, no parenthesis or semicolon


@pytest.mark.parametrize("kind", ["exhaustive", "tree"])
def test_nested_compositions_are_charged_by_the_characters_they_scan(kind, monkeypatch):
    # nested 5 deep, each level scans the table again: about 5 x 4,100 characters; few
    # parentheses and semicolons, so only the characters bound the work (and the copies)
    monkeypatch.setattr(spec_eval, "MAX_SPLIT_CHARS", 15_000)
    spec = _nested(5, TABLE)
    if kind == "exhaustive":
        document = _exhaustive_x1(spec, 12)
    else:
        document = {"format": "fbs-certificate/1", "kind": "tree", "tree": {"spec": spec},
                    "alpha": "0" * 12, "value": "1", "records": []}
    with pytest.raises(CertificateTooLarge, match="scans more than 15000 characters"):
        check_certificate(document)
    monkeypatch.setattr(spec_eval, "MAX_SPLIT_CHARS", 30_000)
    spec_eval.parse_spec(spec)  # within the bound: parsed


def test_the_documented_split_bounds():
    assert spec_eval.MAX_SPLIT_CHARS == 2**25 and spec_eval.MAX_SPLIT_EVENTS == 2**21


def test_the_documented_tree_node_bound():
    """Explicit and composed trees: at most 600,000 nodes (FORMAT.md, kind tree), so that
    reading them fits the checker's promise; beyond it the file is refused as too large."""
    from verify.checker import tree_kind

    assert tree_kind.MAX_NODES == 600_000
    with pytest.raises(CertificateTooLarge, match="more than 600000 nodes"):
        check_certificate({"format": "fbs-certificate/1", "kind": "tree",
                           "tree": {"spec": "tribes:1:600000"}, "alpha": "0" * 600_000,
                           "value": "1", "records": []})
