"""The resumable certification of the census shards (verify.sweep.shard_driver and the
`fbs census --exhaustive Q --certify-shards STORE` command): the summary against the census by
classes, resume, the same records whatever the number of workers, kept certificates against
the cover check, a checker that refuses, the proved plug's glue, bad options."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections import Counter

import pytest

from tests.cli_run import fbs_cli
from verify.base.errors import BadInput
from verify.checker.census_cover import census_by_shards
from verify.checker.reader import load_json
from verify.formal.proved_run import ProvedVerdict
from verify.sweep import shard_checkers, shard_driver
from verify.sweep.census_shards import shard_prefixes
from verify.sweep.exhaustive_census import exhaustive_census
from verify.sweep.shard_checkers import ACCEPTED, REJECTED, Verdict
from verify.sweep.shard_driver import certify_shards, summary


def _records(store, q):
    folder = os.path.join(store, f"q{q}", "shards")
    return {name: open(os.path.join(folder, name), "rb").read()
            for name in sorted(os.listdir(folder))}


@pytest.mark.parametrize("q", [3, 4])
def test_the_certified_summary_equals_the_census_by_classes(tmp_path, q):
    result = certify_shards(q, str(tmp_path), progress=False)
    document = result["summary"]
    assert document["certified"] and not result["failed"]
    assert document["checker"] == "stdlib" and len(document["checker_versions"]) == 1
    assert document["shards_accepted"] == len(shard_prefixes(q))
    assert int(document["pairs"]) == 2 ** (2 ** q) * 2 ** q
    classes = exhaustive_census(q, certify=False).to_json()
    for measure in ("fbs", "s", "bs", "C"):
        assert document[measure] == classes[measure]
    written = json.loads((tmp_path / f"q{q}" / "summary-stdlib.json").read_text())
    assert written == document


def test_a_rerun_resumes_and_the_records_do_not_depend_on_the_workers(tmp_path):
    q = 5
    first, second = str(tmp_path / "one"), str(tmp_path / "two")
    partial = certify_shards(q, first, start=4, stop=11, progress=False)
    assert partial["done"] == 7 and not partial["summary"]["certified"]
    assert partial["summary"]["shards_accepted"] == 7
    rest = certify_shards(q, first, progress=False)
    assert rest["done"] == 30 - 7 and rest["skipped"] == 7 and rest["summary"]["certified"]
    again = certify_shards(q, first, progress=False)
    assert again["done"] == 0 and again["skipped"] == 30
    certify_shards(q, second, workers=2, progress=False)
    assert _records(first, q) == _records(second, q)


def test_kept_certificates_have_the_recorded_digests_and_pass_the_cover_check(tmp_path):
    q = 4
    document = certify_shards(q, str(tmp_path), keep=True, progress=False)["summary"]
    folder = tmp_path / f"q{q}" / "certificates"
    certificates, digests = [], {}
    for path in sorted(folder.iterdir()):
        data = gzip.decompress(path.read_bytes())
        certificate = load_json(data)
        certificates.append(certificate)
        digests[certificate["prefix"]] = [hashlib.sha256(data).hexdigest()]
    assert digests == document["certificates"]
    census = census_by_shards(certificates)  # the stdlib checker and the cover, on the files
    by_fbs = Counter()
    for key, n in census["distribution"].items():
        by_fbs[str(key[0]) if key[0].denominator > 1 else str(key[0].numerator)] += n
    assert {k: str(v) for k, v in by_fbs.items()} == document["fbs"]


class _Refusing:
    """A checker plug that refuses one shard's certificate."""

    name = "stdlib"

    def __init__(self, refused: str):
        self.refused = refused

    def version(self):
        return "test-refusing"

    def prepare(self):
        pass

    def check(self, data, name):
        if json.loads(data)["prefix"] == self.refused:
            return Verdict(REJECTED, f"{name}: counts: refused by the test")
        return Verdict(ACCEPTED, name)


def test_a_refused_shard_leaves_the_census_uncertified_and_is_redone(tmp_path, monkeypatch):
    q = 4
    refused = hex(shard_prefixes(q)[3])
    monkeypatch.setattr(shard_driver, "checker", lambda name: _Refusing(refused))
    result = certify_shards(q, str(tmp_path), progress=False)
    assert [r["prefix"] for r in result["failed"]] == [refused]
    assert not result["summary"]["certified"]
    assert result["summary"]["shards_accepted"] == len(shard_prefixes(q)) - 1
    monkeypatch.setattr(shard_driver, "checker", shard_checkers.checker)
    rerun = certify_shards(q, str(tmp_path), progress=False)
    assert rerun["done"] == 1 and rerun["summary"]["certified"]


def test_a_missing_or_changed_record_uncertifies_the_summary(tmp_path):
    q = 4
    certify_shards(q, str(tmp_path), progress=False)
    assert summary(q, str(tmp_path), "stdlib")["certified"]
    assert not summary(q, str(tmp_path), "proved")["certified"]  # another checker's: none
    path = tmp_path / f"q{q}" / "shards" / f"{hex(shard_prefixes(q)[2])}.json"
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "certificates": [
        {**record["certificates"][0], "verdict": "rejected"}]}))
    assert not summary(q, str(tmp_path), "stdlib")["certified"]
    path.unlink()
    document = summary(q, str(tmp_path), "stdlib")
    assert not document["certified"] and document["shards_without_record"] == 1


def test_the_proved_plug_refuses_before_any_work_without_the_kind(tmp_path, monkeypatch):
    from verify.formal import proved_run

    monkeypatch.setattr(proved_run, "proved_kinds", lambda: ["exhaustive", "census-classes"])
    store = tmp_path / "store"
    with pytest.raises(BadInput, match="no checker of kind census-shard"):
        certify_shards(3, str(store), "proved", progress=False)
    assert not store.exists()


def test_the_proved_plug_maps_the_programs_exit_codes(monkeypatch):
    from verify.formal import proved_build, proved_run

    monkeypatch.setattr(proved_build, "program", lambda: "fbs-proved")
    plug = shard_checkers.checker("proved")
    for code, verdict in [(0, ACCEPTED), (1, REJECTED), (2, "error"), (3, "error")]:
        def fake(binary, data, name, tables=True, c=code):
            assert tables is False  # a census-shard certificate names no spec to evaluate
            return ProvedVerdict(name, c, f"line {c}")

        monkeypatch.setattr(proved_run, "check_data", fake)
        assert plug.check(b"{}", "x") == Verdict(verdict, f"line {code}")


def _move_counts(path):
    """The reviewer's tampering: some pairs moved from one row key to another, so every total
    the summary checks (pairs, |K|) still adds up."""
    record = json.loads(path.read_text())
    counts = record["counts"]
    moved = int(counts[0][4]) // 2
    counts[0][4] = str(int(counts[0][4]) - moved)
    counts.append(["4/3", 0, 1, 2, str(moved)])
    path.write_text(json.dumps(record))


def test_a_tampered_record_keeps_the_totals_and_recheck_finds_it(capsys, tmp_path):
    """The summary trusts the records (it checks their totals only): a record whose counts
    were moved between keys still sums right and the summary stays certified with a wrong
    distribution; `--recheck` produces and checks every shard again, reports the record that
    differs (exit 1) and puts the fresh one back, after which the summary is the census's."""
    q = 4
    code, _, err = fbs_cli(capsys, "census", "--exhaustive", q, "--certify-shards", tmp_path)
    assert code == 0, err
    honest = _records(str(tmp_path), q)
    truth = exhaustive_census(q, certify=False).to_json()["fbs"]
    prefix = hex(shard_prefixes(q)[3])
    _move_counts(tmp_path / f"q{q}" / "shards" / f"{prefix}.json")
    lied = summary(q, str(tmp_path), "stdlib")
    assert lied["certified"] and lied["fbs"] != truth  # what the records say, unaudited
    code, _, err = fbs_cli(capsys, "census", "--exhaustive", q, "--certify-shards", tmp_path)
    assert code == 0  # a plain rerun skips accepted records
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", q, "--certify-shards", tmp_path,
                             "--recheck")
    assert code == 1 and "1 stored record(s) differed" in err and prefix in err, err
    assert _records(str(tmp_path), q) == honest
    assert summary(q, str(tmp_path), "stdlib")["fbs"] == truth
    code, _, err = fbs_cli(capsys, "census", "--exhaustive", q, "--certify-shards", tmp_path,
                           "--recheck")
    assert code == 0, err


def test_the_command_certifies_and_says_by_which_checker(capsys, tmp_path):
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 3, "--certify-shards", tmp_path)
    assert code == 0, err
    assert "certified by the stdlib checker" in out and "all 5 shards" in out
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 4, "--certify-shards", tmp_path,
                             "--from", 0, "--to", 2)
    assert code == 0 and "2 of 10 shards accepted" in out and "not certified" in out


@pytest.mark.parametrize("argv", [
    ["--exhaustive", 4, "--certify-shards", "S", "--from", 5, "--to", 3],
    ["--exhaustive", 4, "--certify-shards", "S", "--to", 11],
    ["--exhaustive", 8, "--certify-shards", "S"],
    ["--exhaustive", 4, "--checker", "stdlib"],
    ["--exhaustive", 4, "--from", 2],
    ["--exhaustive", 4, "--recheck"],
    ["--exhaustive", 4, "--certify-shards", "S", "--uncertified"],
    ["--exhaustive", 4, "--certify-shards", "S", "--shard-certificates", "D"],
    ["--exhaustive", 4, "--certify-shards", "S", "--checker", "z3"],
    ["--exhaustive", 7],
])
def test_bad_options_exit_2_with_one_line_and_write_nothing(capsys, tmp_path, argv):
    argv = [tmp_path / a if a in ("S", "D") else a for a in argv]
    code, _, err = fbs_cli(capsys, "census", *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "S").exists()


def test_a_refusal_exits_3(capsys, tmp_path, monkeypatch):
    refused = hex(shard_prefixes(3)[1])
    monkeypatch.setattr(shard_driver, "checker", lambda name: _Refusing(refused))
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 3, "--certify-shards", tmp_path)
    assert code == 3 and refused in err and "not certified" in out


def test_shards_beyond_the_checkers_bounds_are_certified_in_parts(tmp_path, monkeypatch):
    """With the checker's bounds lowered to 7 visits and 1 packing program a file, the driver
    cuts every larger shard into parts 0/n..n-1/n (n doubled while a part needs more programs),
    each accepted under those bounds, and the summary is the same census."""
    from verify.checker import census_shard_kind

    q = 5
    whole = certify_shards(q, str(tmp_path / "whole"), progress=False)["summary"]
    monkeypatch.setattr(census_shard_kind, "MAX_VISITS", 7)
    monkeypatch.setattr(census_shard_kind, "MAX_PACKING_PROGRAMS", 1)
    split = certify_shards(q, str(tmp_path / "split"), progress=False)["summary"]
    assert split["certified"]
    for measure in ("fbs", "s", "bs", "C"):
        assert split[measure] == whole[measure]
    for prefix in shard_prefixes(q):
        record = shard_driver.read_record(str(tmp_path / "split"), q, prefix)
        parts = len(record["certificates"])
        assert all(c["visits"] <= 7 for c in record["certificates"])
        assert sum(c["visits"] for c in record["certificates"]) == record["visits"]
        assert parts >= -(-record["visits"] // 7)


def test_a_part_needing_too_many_packing_programs_is_split_finer(monkeypatch):
    """At q = 6 some visits need the checker's packing program (bs < floor(fbs)); with its
    bound lowered to 1 a file, the driver doubles n until no part needs more than one."""
    from verify.checker import census_shard_kind
    from verify.sweep.census_shards import run_shard
    from verify.sweep.shard_checkers import StdlibChecker
    from verify.sweep.shard_producer import ShardWalk

    q = 6
    walks = [ShardWalk(q, p) for p in shard_prefixes(q)]
    walk = min((w for w in walks if w.packing_programs((0, 1)) >= 2), key=lambda w: w.visits)
    monkeypatch.setattr(census_shard_kind, "MAX_PACKING_PROGRAMS", 1)
    plug = StdlibChecker()
    record = shard_driver.certify_shard(q, walk.prefix, plug, plug.version())
    parts = len(record["certificates"])
    assert parts >= 2 and parts & (parts - 1) == 0  # 1 doubled
    assert all(walk.packing_programs((k, parts)) <= 1 for k in range(parts))
    assert record["verdict"] == ACCEPTED
    assert record["counts"] == run_shard(q, walk.prefix)["counts"]


@pytest.mark.slow
def test_a_q7_shard_of_more_than_2_17_visits_is_certified_in_parts(tmp_path):
    from verify.sweep.census_shards import run_shard, shard_sizes
    from verify.sweep.shard_checkers import StdlibChecker

    prefixes = shard_prefixes(7)
    sizes = dict(zip(prefixes, shard_sizes(7, prefixes)))
    prefix = min((p for p in prefixes if sizes[p] > 1 << 17), key=lambda p: sizes[p])
    plug = StdlibChecker()
    record = shard_driver.certify_shard(7, prefix, plug, plug.version())
    assert record["verdict"] == ACCEPTED and len(record["certificates"]) == 2
    assert record["counts"] == run_shard(7, prefix)["counts"]


def test_a_recorded_digest_is_that_of_the_certificate_regenerated(tmp_path):
    """docs/census.md: any shard's certificate comes back byte for byte from ShardWalk."""
    from verify.sweep.shard_producer import ShardWalk

    q = 5
    certify_shards(q, str(tmp_path), progress=False)
    for prefix in shard_prefixes(q)[::7]:
        record = shard_driver.read_record(str(tmp_path), q, prefix)
        data, _ = ShardWalk(q, prefix).part((0, 1))
        assert record["certificates"][0]["sha256"] == hashlib.sha256(data).hexdigest()
