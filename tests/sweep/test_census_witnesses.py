"""Every extreme ratio of every committed census summary (q <= 7) names a function and an input
attaining it; each is recomputed here by `verify.fbs` (fbs) and by brute force over all 2^q
inputs (s, bs, C; tests/reference.py), never by the census code that found it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from reference import brute_measures

from verify import fbs
from verify.sweep.census_witness import hex_spec, spec_as_table

SUMMARIES = Path(__file__).resolve().parents[2] / "bench" / "census"
RATIOS = {"fbs/bs": ("fbs", "bs"), "C/fbs": ("C", "fbs"), "bs/s": ("bs", "s")}
# written by the current code, so each record names its witness as tt:0xHEX:Q
WITH_WITNESS = ["structure-q5.json", "structure-q6.json", "q7-shards-summary.json"]


def _records(document) -> list[tuple[str, dict]]:
    """(ratio name, record) of every extreme in a summary, however deep it sits."""
    found = []
    if isinstance(document, dict):
        for key, value in document.items():
            if key in ("extremes", "largest_ratios"):
                found += [(name, record) for name, record in value.items() if record]
            else:
                found += _records(value)
    elif isinstance(document, list):
        for value in document:
            found += _records(value)
    return found


def _named(record: dict) -> dict:
    """The pair a record names: its witness, or (older summaries) its first example."""
    return record.get("witness") or record.get("first") or record["examples"][0]


def _cases():
    for path in sorted(SUMMARIES.glob("*.json")):
        for name, record in _records(json.loads(path.read_text())):
            yield pytest.param(path.name, name, record, id=f"{path.stem}-{name}")


@pytest.mark.parametrize("summary_file, name, record", list(_cases()))
def test_each_record_is_attained_by_its_witness(summary_file, name, record):
    pair = _named(record)
    s, bs, c = brute_measures(pair["spec"], pair["input"])
    measured = {"fbs": fbs(pair["spec"], pair["input"]).value, "s": s, "bs": bs, "C": c}
    top, over = RATIOS[name]
    assert Fraction(measured[top]) / measured[over] == Fraction(record["ratio"])


@pytest.mark.parametrize("summary_file", WITH_WITNESS)
def test_current_summaries_name_witnesses_as_hex_tables(summary_file):
    records = _records(json.loads((SUMMARIES / summary_file).read_text()))
    assert len(records) == 3
    for _, record in records:
        q = len(record["witness"]["input"])
        assert record["witness"]["spec"].startswith("tt:0x")
        assert record["witness"]["spec"].endswith(f":{q}")


def test_the_q7_records_are_the_stated_ones():
    """The Q = 7 records of docs/census.md: fbs/bs = 7/3, C/fbs = 16/7, bs/s = 4."""
    summary = json.loads((SUMMARIES / "q7-shards-summary.json").read_text())
    assert {name: r["ratio"] for name, r in summary["largest_ratios"].items()} == {
        "fbs/bs": "7/3", "C/fbs": "16/7", "bs/s": "4"}


def test_the_fano_plane_attains_fbs_over_bs_7_3():
    """A second, closed-form witness of the Q = 7 fbs/bs record: f = "the ones of y hold a
    line of the Fano plane" at 0^7 has the 7 lines as minimal sensitive blocks, any two of
    which meet (bs = 1), and w = 1/3 on each line is a packing of weight 7/3 matched by
    t = 1/3 on each point (fbs = 7/3)."""
    lines = [{0, 1, 2}, {0, 3, 4}, {0, 5, 6}, {1, 3, 5}, {1, 4, 6}, {2, 3, 6}, {2, 4, 5}]
    table = 0
    for y in range(1 << 7):
        ones = {i for i in range(7) if (y >> (6 - i)) & 1}  # x_1 is the most significant bit
        table |= any(line <= ones for line in lines) << y
    spec = hex_spec(table, 7)
    assert fbs(spec, "0" * 7).value == Fraction(7, 3)
    assert brute_measures(spec, "0" * 7)[1] == 1


@pytest.mark.parametrize("spec", ["maj:3", "tt:0110", "tt:01", "parity:4"])
def test_hex_tables_name_the_same_function(spec):
    from verify.functions.spec import parse_spec

    same, original = parse_spec(spec_as_table(spec)), parse_spec(spec)
    assert same.arity == original.arity
    assert list(same.truth_table()) == list(original.truth_table())
