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


def count_calls(monkeypatch, owner, name: str) -> dict:
    """Replace owner.name by a wrapper counting its calls: {"calls": n}."""
    counter = {"calls": 0}
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        counter["calls"] += 1
        return original(*args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return counter


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
    reads = count_calls(monkeypatch, measure_kind, "read_block")
    certificate = {"format": "fbs-certificate/1", "kind": "measure", "measure": "bs",
                   "spec": "or:4", "arity": 4, "input": "0000", "value": "100000",
                   "witness": [[0]] * 100_000}
    report = check_certificate(certificate)
    assert report.condition == "witness-disjoint" and "witness[1]" in report.message
    assert reads["calls"] == 2


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


# ---------------------------------------------------------------------- issue 40, section 2
# Five more shapes past the bound (bench/bench_checker_bounds.py builds them full size):
# each is refused before the work it would cost, or its repeated work is done once.


def _global_fbs(denominators: list[int]) -> dict:
    """global-measure fbs of parity:14 at 0^14 whose witness puts weight 1/d on the first
    len(denominators) odd blocks (each sensitive: parity flips on an odd block)."""
    q = 14
    blocks = [m for m in range(1, 1 << q) if m.bit_count() % 2][:len(denominators)]
    return {"format": "fbs-certificate/1", "kind": "global-measure", "measure": "fbs",
            "spec": "parity:14", "arity": q, "value": "14", "input": "0" * q,
            "witness": [{"block": [i for i in range(q) if (m >> (q - 1 - i)) & 1],
                         "weight": f"1/{d}"} for m, d in zip(blocks, denominators)],
            "upper": []}


def test_a_global_witness_of_huge_coprime_denominators_is_refused_at_once(fraction_additions):
    # 40 weights 1/d, d odd of 995 digits (seed 0): the running Fraction loads once carried
    # a denominator of 40 x 3,300 bits; their common denominator passes 2^14 bits at the fifth
    import random

    rng = random.Random(0)
    certificate = _global_fbs([rng.randrange(10**994, 10**995) | 1 for _ in range(40)])
    fraction_additions["additions"] = 0
    with pytest.raises(CertificateTooLarge, match="witness weights: the common denominator "
                                                  "exceeds 16384 bits"):
        check_certificate(certificate)
    assert fraction_additions["additions"] == 0


def test_a_global_witness_is_summed_as_integers(fraction_additions):
    # 150 weights 1/p over distinct primes (under the bound): loads and value over the
    # common denominator; the sum is not 14, so the value check fails (computed here apart)
    certificate = _global_fbs(PRIMES)
    total = sum((Fraction(1, p) for p in PRIMES), Fraction(0))
    fraction_additions["additions"] = 0
    report = check_certificate(certificate)
    assert report.condition == "witness-value"
    assert fraction_additions["additions"] <= 4
    # with the value the weights sum to, the witness passes; parity:14 has C_y = 14 > that
    # value at every y, so the empty `upper` fails next
    certificate["value"] = f"{total.numerator}/{total.denominator}"
    assert check_certificate(certificate).condition == "upper-inputs"


def _v3_certificate() -> dict:
    from verify.lower_bound.tree_fbs import tree_certificate, tree_fbs
    from verify.trees.builders import uniform_tree
    from verify.trees.oracles import random_oracle

    tree = uniform_tree("maj:3", 3)
    return tree_certificate(tree_fbs(tree, random_oracle(tree, 5), check=False), version=3)


def _side_texts(certificate: dict) -> int:
    return sum(side[1].count(" ") + side[3].count(" ") + 2 for side in certificate["sides"])


def test_the_number_texts_of_side_strings_are_counted_at_the_bound(monkeypatch):
    from verify.checker import tree_sides

    certificate = _v3_certificate()
    texts = _side_texts(certificate)
    monkeypatch.setattr(tree_sides, "MAX_SIDE_TEXTS", texts)
    assert check_certificate(certificate).valid
    monkeypatch.setattr(tree_sides, "MAX_SIDE_TEXTS", texts - 1)
    with pytest.raises(CertificateTooLarge, match=f"more than {texts - 1} number texts"):
        check_certificate(certificate)


def test_a_side_string_of_a_million_texts_is_refused_before_it_is_split(monkeypatch):
    # one side record whose strings hold 2 x 500,000 texts `1`: counted by their spaces
    # (C), refused before split would build a million strings (about 60 MB)
    import tracemalloc

    from verify.checker import tree_sides

    monkeypatch.setattr(tree_sides, "MAX_SIDE_TEXTS", 100_000)
    certificate = _v3_certificate()
    ones = " ".join(["1"] * 500_000)
    certificate["sides"].insert(0, [1, ones, "1", ones, 1])
    tracemalloc.start()
    try:
        with pytest.raises(CertificateTooLarge, match="more than 100000 number texts"):
            check_certificate(certificate)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20  # bytes allocated at most at once (the split alone: ~60 MB)


def test_the_documented_side_text_bound():
    from verify.checker import tree_sides

    assert tree_sides.MAX_SIDE_TEXTS == 8_000_000


@pytest.mark.parametrize("field", ["sides", "records"])
def test_more_records_than_node_sides_are_refused_before_any_is_read(field, monkeypatch):
    # maj:3 of depth 3: its distinct keys are at most 4 at level 2 (multisets of 3 leaves
    # of 2 classes), 3 at level 1 and 1 at the root, so at most 2 x 8 = 16 node sides, and
    # no node with a version-2 record: 17 more side records (or one record) leave one unused
    from verify.checker import tree_kind, tree_sides

    side_reads = count_calls(monkeypatch, tree_sides.SideRecords, "_read")
    record_reads = count_calls(monkeypatch, tree_kind._Records, "_read")
    monkeypatch.setattr(tree_kind, "STRUCTURAL_PASS_SIDES", 10**6)  # the shape's bound alone
    certificate = _v3_certificate()
    assert check_certificate(certificate).valid and 0 < side_reads["calls"] <= 16
    side_reads["calls"] = record_reads["calls"] = 0
    if field == "sides":
        certificate["sides"] += [[1, f"{k} {k}", "1", "1 1", 1] for k in range(17)]
        message = "side records, but the tree has at most 16 node sides"
    else:
        certificate["records"] = [["maj:3", "000", ["1"] * 3, "0", [], ["0"] * 3, 1]]
        message = "1 records, but only 0 nodes of the tree use one"
    with pytest.raises(CertificateMalformed, match=message):
        check_certificate(certificate)
    assert side_reads["calls"] == record_reads["calls"] == 0


FANO = [(0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (1, 4, 6), (2, 3, 6), (2, 4, 5)]


def _fano_entry(relabel: tuple[int, ...] = tuple(range(7))) -> dict:
    """The up-set of the Fano plane's lines (points relabelled): fbs = 7/3 (1/3 on each
    line, t = 1/3 on each point), s = 0, C = 3 (the 4 points off a line hold no line),
    bs = 1 (any two lines meet) < floor(7/3) = 2: the checker runs its packing program."""
    q = 7
    lines = [sum(1 << (q - 1 - relabel[i]) for i in line) for line in FANO]
    table = sum(1 << m for m in range(1 << q) if any(m & line == line for line in lines))
    return {"table": hex(table), "fbs": "7/3", "s": 0, "bs": 1, "C": 3, "denominator": 3,
            "weights": [[line, 1] for line in lines], "dual": [1] * q, "packing": [lines[0]]}


def _census(entries: list) -> dict:
    return {"format": "fbs-certificate/1", "kind": "census-classes", "arity": 7,
            "classes": entries}


@pytest.fixture
def packing_programs(monkeypatch):
    from verify.checker import census_classes_kind

    return count_calls(monkeypatch, census_classes_kind, "largest_packing")


def test_a_repeated_census_entry_runs_the_packing_program_once(packing_programs):
    report = check_certificate(_census([_fano_entry()] * 1000))
    assert report.valid and report.value == 1000
    assert packing_programs["calls"] == 1


def test_census_packing_programs_are_charged_per_distinct_table(packing_programs,
                                                                monkeypatch):
    from verify.checker import census_classes_kind

    monkeypatch.setattr(census_classes_kind, "MAX_PACKING_PROGRAMS", 2)
    # three labellings of the plane: three distinct tables, each needing the program
    entries = [_fano_entry(relabel) for relabel in
               [(0, 1, 2, 3, 4, 5, 6), (1, 0, 2, 3, 4, 5, 6), (6, 1, 2, 3, 4, 5, 0)]]
    assert len({entry["table"] for entry in entries}) == 3
    assert check_certificate(_census(entries[:2] * 50)).valid
    assert packing_programs["calls"] == 2
    with pytest.raises(CertificateTooLarge, match="more than 2 distinct tables need the "
                                                  "packing program"):
        check_certificate(_census(entries))


def test_the_documented_census_bounds():
    from verify.checker import census_classes_kind

    assert census_classes_kind.MAX_PACKING_PROGRAMS == 2**14
    assert census_classes_kind.MAX_ENTRIES == 2**20


def _sat_maj(q: int, blocks: list) -> dict:
    return dict(_sat_or(q), spec=f"maj:{q}", value="0", dual=["0"] * q,
                primal=[{"block": list(b), "weight": "0"} for b in blocks])


def test_gates_times_passes_is_charged_while_the_circuit_is_built(monkeypatch):
    # maj:201 (an adder network of hundreds of gates) at 5,000 two-point blocks: 5 passes of
    # 1,024 points, so 10 gates already cost 50 gate evaluations: the build stops at the
    # 11th gate, before the rest of the circuit and before any primal block is read
    from verify.checker import sat_kind

    q = 201
    blocks = [(i, j) for i in range(q) for j in range(i + 1, q)][:5000]
    monkeypatch.setattr(circuit_cnf, "MAX_EVALUATION_BITS", 0)
    monkeypatch.setattr(circuit_cnf, "MAX_GATE_EVALUATIONS", 50)
    monkeypatch.setattr(sat_kind, "read_primal", None)  # never reached
    charges = count_calls(monkeypatch, circuit_cnf, "charge_evaluation")
    with pytest.raises(CertificateTooLarge, match="evaluating the circuit's 11 gates at 5000 "
                                                  "primal blocks takes 5 passes, more than 50"):
        check_certificate(_sat_maj(q, blocks))
    assert charges["calls"] == 11


def test_a_circuit_within_the_charge_is_evaluated_as_before():
    # the same shape within the real bound: the circuit is built, the primal read and
    # evaluated; flipping two of 201 zeros leaves maj:201 at 0, so the block is insensitive
    q = 201
    report = check_certificate(_sat_maj(q, [(0, 1), (0, 2)]))
    assert report.condition == "primal-sensitive"


def test_a_run_length_sat_input_of_more_than_q_runs_is_refused_before_its_split():
    certificate = dict(_sat_or(3), input=",".join(["0^0"] * 1_000_000) + ",0^3")
    with pytest.raises(CertificateMalformed, match="input: more than q = 3 runs"):
        check_certificate(certificate)
    assert check_certificate(dict(_sat_or(3), input="0^1,0^2")).condition == "cnf-hash"


def test_global_upper_entries_are_counted_before_they_are_read(monkeypatch):
    # maj:5 has C_y = 3 everywhere, so no input needs an upper bound: 100,000 listed duals
    # are one too many without reading any
    from verify.checker import global_kind

    monkeypatch.setattr(global_kind, "_read_upper", None)  # never reached
    certificate = {"format": "fbs-certificate/1", "kind": "global-measure", "measure": "fbs",
                   "spec": "maj:5", "arity": 5, "value": "3", "input": "00011",
                   "witness": [{"block": [i], "weight": "1"} for i in range(3)],
                   "upper": [{"input": "00000", "dual": ["1"] * 5}] * 100_000}
    assert check_certificate(certificate).condition == "upper-inputs"


def _distinct_keys(alpha: str, q: int) -> int:
    """The distinct multisets of children's classes over the levels of a complete q-ary tree
    whose leaves read alpha (a class: a leaf bit, or a node's multiset), by recursion on the
    levels; the checker's pass counts these."""
    level, keys = [int(bit) for bit in alpha], {}
    while len(level) > 1:
        level = [keys.setdefault(tuple(sorted(level[j:j + q])), len(keys) + 2)
                 for j in range(0, len(level), q)]
    return len(keys)


def test_many_side_records_are_counted_against_the_keys_of_the_tree(monkeypatch):
    # beyond STRUCTURAL_PASS_SIDES records the tree is walked once with classes fixed by their
    # keys (no record read): two side records per distinct key at most
    from verify.checker import tree_kind, tree_sides
    from verify.checker.tree_kind import unpack_alpha

    certificate = _v3_certificate()
    keys = _distinct_keys(unpack_alpha(certificate["alpha_base64"], 27), 3)
    assert keys < 8  # fewer than the shape's bound (4 + 3 + 1)
    monkeypatch.setattr(tree_kind, "STRUCTURAL_PASS_SIDES", 0)
    assert check_certificate(certificate).valid
    monkeypatch.setattr(tree_sides.SideRecords, "_read", None)  # never reached
    extra = 2 * keys + 1 - len(certificate["sides"])
    certificate["sides"] += [[1, f"{k} {k}", "1", "1 1", 1] for k in range(extra)]
    with pytest.raises(CertificateMalformed, match=f"at most {2 * keys} node sides"):
        check_certificate(certificate)


def test_the_documented_structural_pass_threshold():
    from verify.checker import tree_kind

    assert tree_kind.STRUCTURAL_PASS_SIDES == 2**17
