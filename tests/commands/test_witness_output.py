"""Text output shows why a value is what it is: the primal blocks with their weights, the dual
t, Bob's p, H's queries; --measures never changes the method; `fbs check` numbers coordinates
from 1. Printed witnesses are re-checked against brute force (tests/reference.py)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from cli_run import fbs_cli as fbs
from reference import brute_measures, fbs_by_z3, sensitive_blocks

from verify.base.witness import coordinates_text, vector_text
from verify.commands.witness import one_based
from verify.functions.spec import parse_spec

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def printed_primal(out: str) -> list[tuple[tuple[int, ...], Fraction]]:
    line = next(line for line in out.splitlines() if "primal y" in line)
    blocks = []
    for inside, weight in re.findall(r"\{([^}]*)\}: ([0-9/]+)", line):
        coordinates = []
        for piece in inside.split(", "):
            first, _, last = piece.partition("..")
            low = int(first[1:]) - 1
            high = int(last[1:]) - 1 if last else low
            coordinates += range(low, high + 1)
        blocks.append((tuple(coordinates), Fraction(weight)))
    return blocks


@pytest.mark.parametrize("spec, z", [("maj:5", "11100"), ("index:2", "000000"),
                                     ("tt:0110", "01"), ("wthr:3,1,1,2:4", "1010"),
                                     ("expr:(x1 & x2) | (x3 & x4)", "0000")])
def test_the_printed_primal_is_an_optimal_witness(capsys, spec, z):
    code, out, _ = fbs(capsys, "compute", spec, "--at", z, "--method", "table")
    assert code == 0
    function = parse_spec(spec)
    bits = tuple(int(b) for b in z)
    everything = sensitive_blocks(function, bits)
    optimum, _ = fbs_by_z3(everything, len(bits))
    primal = printed_primal(out)
    assert sum(w for _, w in primal) == optimum  # optimal, by an independent LP
    for block, _ in primal:
        assert tuple(sorted(block)) in everything  # each block sensitive, by evaluation
    for i in range(len(bits)):
        assert sum(w for block, w in primal if i in block) <= 1


def test_dual_and_distribution_are_printed_by_coordinate(capsys):
    code, out, _ = fbs(capsys, "compute", "maj:5", "--at", "11100", "--method", "table")
    assert code == 0
    assert "dual t (Definition 3.4): 1 on x1..x3; 0 on the other 2" in out
    assert "p = t/sum(t): 1/3 (~0.333333) on x1..x3; 0 on the other 2" in out
    code, out, _ = fbs(capsys, "compute", "maj:1000001", "--at", "1^600000,0^400001")
    assert "1/100000 (~1e-05) on each of the 600000 ones, 0 on each of the 400001 zeros" in out
    assert "block types (a = 100000 ones, b = 0 zeros) weight 6" in out


def test_long_witnesses_are_truncated_with_a_count(capsys):
    code, out, _ = fbs(capsys, "compute", "parity:20", "--at", "01" * 10, "--method", "table")
    line = next(line for line in out.splitlines() if "primal y" in line)
    assert code == 0 and line.count("{") == 8 and "(+12 more blocks)" in line


def test_certify_prints_the_witness(capsys, tmp_path):
    code, out, _ = fbs(capsys, "certify", "maj:5", "--at", "11100", "-o", tmp_path / "c.json")
    assert code == 0 and "{x1}: 1, {x2}: 1, {x3}: 1" in out and "1/3 (~0.333333) on each of the 3 ones" in out
    assert "certificate written to" in out


def tribes(x) -> int:
    """tribes:3:3 by its definition: the OR of three ANDs of 3 consecutive bits."""
    return int(any(all(x[3 * k:3 * k + 3]) for k in range(3)))


TRIBES = tribes


def test_measures_never_change_the_method(capsys):
    code, plain, _ = fbs(capsys, "compute", "tribes:3:3", "--at", "0" * 9, "--json")
    code2, with_measures, _ = fbs(capsys, "compute", "tribes:3:3", "--at", "0" * 9, "--json",
                                  "--measures")
    plain, with_measures = json.loads(plain), json.loads(with_measures)
    measures = with_measures.pop("measures")
    assert code == code2 == 0 and plain == with_measures  # same method, same t and p
    assert plain["method"] == "composition" and plain["sampling"] == ["1/9"] * 9
    assert (measures["s"], measures["bs"], measures["C"]) == brute_measures(TRIBES, "0" * 9)
    code, out, _ = fbs(capsys, "compute", "tribes:3:3", "--at", "0" * 9, "--measures")
    assert "1/9 (~0.111111) on x1..x9" in out and "composition method's" in out


@pytest.mark.parametrize("spec, z", [("wthr:3,1,1,2:4", "1010"), ("wthr:2,2,1,1,1:4", "00111")])
def test_threshold_method_with_measures(capsys, spec, z):
    code, out, _ = fbs(capsys, "compute", spec, "--at", z, "--method", "threshold", "--json",
                       "--measures")
    document = json.loads(out)
    assert code == 0 and document["method"] == "threshold"
    measures = document["measures"]
    assert (measures["s"], measures["bs"], measures["C"]) == brute_measures(spec, z)


def test_measures_beyond_the_table_are_refused_before_work(capsys):
    code, _, err = fbs(capsys, "compute", "tribes:6:6", "--at", "0" * 36, "--measures")
    assert code == 2 and "--measures needs a symmetric spec or q <= 28" in err
    assert err.count("\n") == 1


def test_adversary_names_the_queries_of_h(capsys, tmp_path):
    args = ["adversary", EXAMPLES / "literature-tree.json", "--oracle",
            EXAMPLES / "literature-oracle.json", "--checker", "uniform:3"]
    code, out, _ = fbs(capsys, *args, "-o", tmp_path / "a.json")
    code2, document, _ = fbs(capsys, *args, "-o", tmp_path / "b.json", "--json")
    queries = json.loads(document)["block_H"]["queries"]
    assert code == code2 == 0 and queries
    line = next(line for line in out.splitlines() if line.startswith("  H ("))
    assert all(f'"{query}"' in line for query in queries)
    assert f"({len(queries)} leaf quer" in line


def tampered(tmp_path, change) -> Path:
    from verify import fbs as compute

    certificate = compute("maj:5", "11100", method="table").certificate
    certificate = json.loads(json.dumps(certificate))
    change(certificate)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(certificate))
    return path


@pytest.mark.parametrize("change, expected", [
    (lambda c: c["primal"][2].update(block=[3]), "primal[2] block {x4} is not sensitive"),
    (lambda c: c.update(dual=["1", "1", "2", "-1", "0"]), "dual[3] (x4): t_4 = -1 < 0"),
    (lambda c: c.update(dual=["1", "1", "0", "1", "0"]), "block {x3} is sensitive"),
])
def test_check_numbers_coordinates_from_one(capsys, tmp_path, change, expected):
    path = tampered(tmp_path, change)
    code, _, err = fbs(capsys, "check", path)
    assert code == 1 and expected in err
    code, out, _ = fbs(capsys, "check", path, "--json")
    assert "[" in json.loads(out)["message"]  # JSON keeps the certificate's 0-based numbering


def test_formatting_helpers():
    assert coordinates_text([0, 1, 2, 4, 6, 7]) == "x1..x3, x5, x7, x8"
    assert coordinates_text(list(range(0, 40, 2)), 3) == "x1, x3, x5, ... (+17 more pieces)"
    assert vector_text([Fraction(1, 2), 0, Fraction(1, 2)]) == "1/2 (~0.5) on x1, x3; 0 on the other 1"
    assert one_based("coordinate 4: load sum_(B contains 4) w_B = 2 > 1") == \
        "coordinate x5: load sum_(B contains x5) w_B = 2 > 1"


def test_an_exact_value_outside_the_sampled_interval_is_explained_and_exits_0(capsys):
    """Seed 40, 50 runs: 4 catches of a liar caught w.p. 1/4 (the 95% interval misses it)."""
    from verify import debate

    tree, oracle = EXAMPLES / "maj6-tree.json", EXAMPLES / "maj6-oracle.json"
    result = debate(tree, oracle, 4, alice="worst", runs=50, seed=40)
    assert not result.runs.interval_contains_exact  # the case this test is about
    code, out, _ = fbs(capsys, "debate", "run", tree, "--oracle", oracle, "--rho", "4",
                       "--alice", "worst", "--runs", "50", "--seed", "40")
    assert code == 0 and "OUTSIDE the interval" in out
    assert "a 95% interval misses the exact value for at most 5% of seeds" in out
    assert "not an error" in out
