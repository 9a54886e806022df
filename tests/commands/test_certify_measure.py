"""`fbs certify SPEC --at Z --measure s|bs|C` (kind measure, issue 39 item 4): the written
certificate passes `fbs check`, and its value is the brute-force value over all 2^q blocks."""

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli_run import fbs_cli


def brute_force(table: str, z: int, q: int) -> dict:
    """s, bs, C at z from the sensitive blocks (masks), every subset enumerated."""
    sensitive = [m for m in range(1, 1 << q) if table[z ^ m] != table[z]]
    s = sum(1 for m in sensitive if m & (m - 1) == 0)

    def packing(free: int) -> int:
        return max([0] + [1 + packing(free & ~m) for m in sensitive if m & free == m])

    c = min(bin(h).count("1") for h in range(1 << q) if all(m & h for m in sensitive))
    return {"s": s, "bs": packing((1 << q) - 1), "C": c}


def certify_and_check(capsys, spec: str, z: str, measure: str, folder: Path) -> tuple:
    cert = folder / f"{measure}.json"
    code, out, err = fbs_cli(capsys, "certify", spec, "--at", z, "--measure", measure,
                             "-o", cert)
    assert code == 0, err
    check_code, check_out, check_err = fbs_cli(capsys, "check", cert)
    assert check_code == 0 and check_out.startswith("valid:"), check_err
    return out, json.loads(cert.read_text()), check_out


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys: read per call
@given(st.integers(1, 5).flatmap(lambda q: st.tuples(
    st.just(q), st.text("01", min_size=1 << q, max_size=1 << q), st.integers(0, (1 << q) - 1),
    st.sampled_from(["s", "bs", "C"]))))
def test_random_tables_are_certified_at_their_brute_force_value(capsys, case):
    q, table, z, measure = case
    bits = format(z, f"0{q}b")
    with tempfile.TemporaryDirectory() as folder:
        _, certificate, verdict = certify_and_check(capsys, "tt:" + table, bits, measure,
                                                    Path(folder))
    expected = brute_force(table, z, q)[measure]
    assert certificate["kind"] == "measure" and certificate["value"] == str(expected)
    assert verdict.strip().endswith(f"{measure} = {expected}")


@pytest.mark.parametrize("spec, z, values", [
    ("maj:5", "11000", {"s": 3, "bs": 3, "C": 3}),     # MAJ_{2k+1} at weight k: k + 1
    ("and:6", "111111", {"s": 6, "bs": 6, "C": 6}),    # AND_n at 1^n: n
    ("and:6", "011111", {"s": 1, "bs": 1, "C": 1}),    # elsewhere 1
    ("parity:7", "0100110", {"s": 7, "bs": 7, "C": 7}),
    ("thr:7:3", "1000000", {"s": 0, "bs": 3, "C": 5}),  # w < t: bs = floor((n-w)/(t-w)), C = n-t+1
])
def test_closed_forms(capsys, tmp_path, spec, z, values):
    for measure, value in values.items():
        out, certificate, _ = certify_and_check(capsys, spec, z, measure, tmp_path)
        assert certificate["value"] == str(value) and certificate["spec"] == spec
        assert out.startswith(f"{measure} of {spec} at {z} = {value} (certified; kind measure)")


def test_the_witness_is_shown_numbered_from_one(capsys, tmp_path):
    out, certificate, _ = certify_and_check(capsys, "maj:5", "11000", "bs", tmp_path)
    assert sorted(certificate["witness"]) == [[2], [3], [4]]
    assert "  witness (pairwise disjoint sensitive blocks): {x5}, {x4}, {x3}" in out


@pytest.mark.parametrize("argv, phrase", [
    (["maj:11", "--at", "0^11", "--measure", "s"], "q <= 10"),
    (["maj:9", "--at", "0^9", "--measure", "C", "--coq", "OUT.v"], "arity 9 > 7"),
    (["maj:5", "--at", "00000", "--measure", "s", "--method", "table"], "fbs only"),
    (["maj:5", "--at", "00000", "--measure", "fbs"], "invalid choice"),
])
def test_refusals_write_nothing(capsys, tmp_path, argv, phrase):
    argv = [str(tmp_path / a) if a == "OUT.v" else a for a in argv]
    code, out, err = fbs_cli(capsys, "certify", *argv, "-o", tmp_path / "c.json")
    assert code == 2 and err.count("\n") == 1 and phrase in err, err
    assert list(tmp_path.iterdir()) == []
