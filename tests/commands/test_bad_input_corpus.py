"""A corpus of bad inputs across every command (issue 11, "Done when").

Each case runs the command line in-process in a folder of valid input files and asserts: the
documented exit code (2 for bad input), exactly one line on stderr starting "fbs: error:", no
traceback, nothing on stdout, nothing written (no new file, no partial file) and every input
unchanged. `{D}` is the folder; T, O, A, Q, C, F, S, B name the fixture files below.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from work_count import python_lines

from verify.cli import main

TREE = {"format": "fbs-tree/1", "root": "r", "nodes": [
    {"id": "r", "aggregator": "maj:3", "children": ["a", "b", "c"]},
    {"id": "a", "query": "qa"}, {"id": "b", "query": "qb"}, {"id": "c", "query": "qc"}]}
ORACLE = {"format": "fbs-oracle/1", "answers": {"qa": 1, "qb": 1, "qc": 0}}
ALICE = {"format": "fbs-alice/1", "answer": 0, "claims": {"r": "100"}}
QUERIES = {"format": "fbs-queries/1", "budget": 2,
           "probabilities": {"qa": "1/2", "qb": "1/2", "qc": "1"}}
FAMILY = {"blocks": [[0], [1]]}


def fixtures(folder: Path) -> None:
    from verify.sensitivity.api import certify

    for name, document in (("T.json", TREE), ("O.json", ORACLE), ("A.json", ALICE),
                           ("Q.json", QUERIES), ("F.json", FAMILY)):
        (folder / name).write_text(json.dumps(document))
    certify("maj:3", "110", output=folder / "C.json")
    (folder / "S.txt").write_text("maj:3")
    (folder / "B.txt").write_text("110")
    (folder / "f.cnf").write_text("p cnf 2 1\n1 2 0\n")
    (folder / "bad.json").write_text("{not json")
    (folder / "empty.json").write_text("")
    (folder / "list.json").write_text("[]")
    (folder / "blocks.json").write_text("[[0], []]")  # a bare list of blocks, one empty
    (folder / "latin1.json").write_bytes(b'{"a": "\xff"}')
    (folder / "deep.json").write_text("[" * 100000)
    (folder / "C.json.gz").write_bytes(gzip.compress((folder / "C.json").read_bytes())[:-8])
    (folder / "sub").mkdir()
    beyond_fixtures(folder)


def tree_with(**changes) -> str:
    return json.dumps({**TREE, **changes})


def spec_cases():
    """compute (and certify / blocks) with specs and inputs that are not valid."""
    bad_specs = [
        "", " ", "maj", "maj:", "maj:0", "maj:-3", "maj:x", "maj:３", "maj:６", "and:٣",
        "maj:99999999999", "maj:3:1", "foo:3", "thr:3", "thr:a:1", "thr:3:٣", "wthr:1,,2:1",
        "wthr:1,-2:1", "wthr::1", "sym:0", "sym:012", "index:0", "index:17", "index:x",
        "tribes:0:2", "tribes:2", "tt:", "tt:0", "tt:1", "tt:012", "tt:011", "tt:0xG:2",
        "tt:0xFF:5", "tt:0x1:3", "tt:0x1:25", "tt:0xF:26", "tt:0x1:100000", "tt:0x1:0",
        "expr:", "expr:1", "expr:0", "expr:true", "expr:x0", "expr:x01", "expr:x1x2",
        "expr:x1 x2", "expr:x1+x2", "expr:~", "expr:()", "expr:(x1", "expr:x1)", "expr:2:x3",
        "expr:0:x1", "expr:x١", "expr:" + "(" * 65 + "x1" + ")" * 65, "expr:x1&&x2",
        "cnf:/nonexistent.cnf", "cnf:{D}/bad.json", "cnf:{D}/sub", "compose(", "compose()",
        "compose(and:2;or:1)", "compose(and:1;or:1;or:1)", "compose(and:1;foo:1)",
        "compose(and:1;(or:1)", "compose(" * 40 + "maj:1" + ")" * 40, "@{D}/missing.txt",
        "@{D}/sub", "@{D}/latin1.json",
    ]
    for spec in bad_specs:
        yield ["compute", spec, "--at", "1"]
    for bits in ["", "2", "01a", "1^", "1^x", "2^3", "1^1234567890", "1^3,0", "@{D}/missing",
                 "@{D}/sub", "111 1", "١١٠", "1" * 4]:
        yield ["compute", "maj:3", "--at", bits]
    yield ["compute", "maj:3"]
    yield ["compute", "maj:3", "--at", "110", "--measures", "--bogus"]
    yield ["compute", "@-", "--at", "@-"]
    yield ["compute", "tribes:5:6", "--at", "1" * 30, "--measures"]
    for spec in ["maj:x", "tt:0xFF:5", "expr:1"]:
        yield ["certify", spec, "--at", "1", "-o", "{D}/out.json"]
    yield ["certify", "maj:3", "--at", "110"]
    yield ["certify", "maj:3", "--at", "110", "-o", ""]
    yield ["certify", "maj:3", "--at", "110", "-o", "{D}/sub"]
    yield ["certify", "maj:3", "--at", "110", "-o", "{D}/nofolder/out.json"]
    yield ["certify", "maj:3", "--at", "110", "-o", "{D}/C.json", "--at", "@{D}/C.json"]
    yield ["certify", "@{D}/S.txt", "--at", "110", "-o", "{D}/S.txt"]
    yield ["certify", "maj:3", "--at", "@{D}/B.txt", "-o", "{D}/B.txt"]
    yield ["certify", "cnf:{D}/f.cnf", "--at", "00", "-o", "{D}/f.cnf"]
    yield ["certify", "maj:3", "--at", "110", "-o", "-", "--json"]
    yield ["certify", "maj:3", "--at", "110", "-o", "/dev/full"]
    yield ["blocks", "maj:3", "--at", "110", "--limit", "0"]
    yield ["blocks", "maj:3", "--at", "110", "--limit", "-1"]
    yield ["blocks", "maj:3", "--at", "110", "--limit", "١"]
    yield ["blocks", "maj:3", "--at", "110", "--backend", "magic"]
    yield ["blocks", "maj:3", "--at", "110", "--check", "{D}/missing.json"]
    yield ["blocks", "maj:3", "--at", "110", "--check", "{D}/bad.json"]
    yield ["blocks", "maj:3", "--at", "110", "--check", "{D}/blocks.json"]
    yield ["blocks", "maj:3", "--at", "110", "--check", "{D}/T.json"]
    yield ["blocks", "maj:x", "--at", "110"]
    yield ["blocks", "maj:3", "--at", "11"]


def check_cases():
    for name in ["missing.json", "bad.json", "empty.json", "list.json", "latin1.json",
                 "deep.json", "C.json.gz", "sub", "T.json"]:
        yield ["check", "{D}/" + name]
    yield ["check"]


def tree_cases():
    for name in ["missing.json", "bad.json", "empty.json", "list.json", "latin1.json",
                 "deep.json", "O.json", "sub"]:
        yield ["tree", "info", "{D}/" + name]
    yield ["tree", "info", "{D}/T.json", "--oracle", "{D}/T.json"]
    yield ["tree", "info", "{D}/T.json", "--oracle", "{D}/missing.json"]
    yield ["tree", "info", "-", "--oracle", "-"]
    build = ["tree", "build", "-o", "{D}/new.json"]
    yield build
    yield build + ["--aggregator", "maj:3"]
    yield build + ["--depth", "2"]
    yield build + ["--aggregator", "maj:x", "--depth", "2"]
    yield build + ["--aggregator", "maj:3", "--depth", "-1"]
    yield build + ["--aggregator", "maj:3", "--depth", "٣"]
    yield build + ["--aggregator", "maj:3", "--depth", "99999999999999999999"]
    yield build + ["--aggregator", "maj:3", "--depth", "30"]
    yield build + ["--aggregator", "maj:3", "--aggregator", "and:2", "--depth", "2"]
    yield build + ["--aggregator", "tt:0x6ac1:4", "--depth", "2", "--literature"]
    yield build + ["--random", "--seed", "-3", "--aggregator", "maj:3", "--depth", "2"]
    yield build + ["--random", "--aggregator", "maj:3", "--depth", "2", "--leaf-probability",
                   "2"]
    yield build + ["--random", "--aggregator", "maj:3", "--depth", "2", "--leaf-probability",
                   "x"]
    yield build + ["--aggregator", "maj:3", "--depth", "2", "--oracle-out", "{D}/o.json",
                   "--ones", "3"]
    yield build + ["--aggregator", "maj:3", "--depth", "2", "--oracle-out", "{D}/new.json"]
    yield build + ["--aggregator", "maj:3", "--depth", "2", "--oracle-seed", "-1",
                   "--oracle-out", "{D}/o.json"]
    yield build + ["--literature", "--papers", "0"]
    yield build + ["--literature", "--papers", "9", "--supporting", "10"]
    yield build + ["--literature", "--papers", "100001"]
    yield build + ["--aggregator", "and:30", "--depth", "1", "--json", "-o", "-"]
    yield ["tree", "build", "--aggregator", "maj:3", "--depth", "1", "-o", ""]
    yield ["tree", "build", "--aggregator", "maj:3", "--depth", "1", "-o", "{D}/sub"]
    yield ["tree", "build", "--aggregator", "cnf:{D}/f.cnf", "--depth", "1", "-o", "{D}/f.cnf"]
    yield ["tree", "build", "--aggregator", "tt:0x6ac1d3b2:5", "--depth", "1", "-o",
           "{D}/new.json", "--oracle-out", "{D}/new.json"]
    fbs = ["tree", "fbs", "{D}/T.json", "--oracle", "{D}/O.json"]
    yield fbs + ["--method", "magic"]
    yield fbs + ["--eps", "0.5"]
    yield fbs + ["--eps", "x"]
    yield fbs + ["--eps", "0.01,0.٣"]
    yield fbs + ["--eps", ""]
    yield fbs + ["--certificate", "{D}/T.json"]
    yield fbs + ["--certificate", "{D}/O.json"]
    yield fbs + ["--certificate", ""]
    yield fbs + ["--certificate", "-", "--json"]
    yield ["tree", "fbs", "{D}/T.json", "--oracle", "{D}/A.json"]
    yield ["tree", "fbs", "{D}/T.json"]


def debate_cases():
    instance = ["{D}/T.json", "--oracle", "{D}/O.json"]
    for command in ("run", "worst-case", "completeness"):
        extra = ["--alice", "honest"] if command == "run" else []
        base = ["debate", command, *instance, *extra]
        for rho in ["0.5", "0", "-2", "four", "٣", "1/0", "", "nan", "inf", "1e", "1e1000001"]:
            yield base + ["--rho", rho]
        yield base + ["--rho", "2", "--rule", "random"]
        yield ["debate", command, "{D}/missing.json", "--oracle", "{D}/O.json", "--rho", "2",
               *extra]
        yield ["debate", command, "{D}/T.json", "--oracle", "{D}/bad.json", "--rho", "2", *extra]
        yield ["debate", command, "{D}/T.json", "--oracle", "{D}/T.json", "--rho", "2", *extra]
    run = ["debate", "run", *instance, "--rho", "2"]
    yield run
    for change in (["--alice", "nobody"], ["--alice", "{D}/bad.json"],
                   ["--alice", "{D}/T.json"], ["--alice", "honest", "--runs", "0"],
                   ["--alice", "honest", "--runs", "-5"], ["--alice", "honest", "--runs", "x"],
                   ["--alice", "honest", "--runs", "1000000001"],
                   ["--alice", "honest", "--seed", "-1"],
                   ["--alice", "honest", "--confidence", "1"],
                   ["--alice", "honest", "--confidence", "0"],
                   ["--alice", "honest", "--confidence", "x"],
                   ["--alice", "honest", "--transcript", ""],
                   ["--alice", "honest", "--transcript", "{D}/sub"],
                   ["--alice", "honest", "--transcript", "{D}/T.json"],
                   ["--alice", "{D}/A.json", "--transcript", "{D}/A.json"],
                   ["--alice", "honest", "--transcript", "-", "--json"],
                   ["--alice", "worst", "--transcript", "/dev/full", "--runs", "100000"]):
        yield run + change
    plan = ["debate", "plan"]
    yield plan + ["--rho", "4", "--delta", "0.01"]
    yield plan + ["--rho", "4", "--depth", "3"]
    for rho, depth, delta in [("1000001", "3", "0.01"), ("4", "1001", "0.01"), ("1/2", "3", "0.1"),
                              ("4", "3", "0"), ("4", "3", "1"), ("4", "3", "2"), ("4", "3", "-1"),
                              ("4", "3", "x"), ("4", "3", "1e-10000000"), ("4", "-1", "0.1"),
                              ("4", "٣", "0.1"), ("٤", "3", "0.1"), ("4", "3", "0.٥"),
                              ("99999999999999999999", "3", "0.01"), ("4", "99999999999", "0.1")]:
        yield plan + ["--rho", rho, "--depth", depth, "--delta", delta]
    yield plan + ["--rho", "4", "--depth", "3", "--delta", "0.1", "--width", "0"]
    yield plan + ["--rho", "4", "--depth", "3", "--delta", "0.1", "--width", "100000000"]
    yield plan + ["--rho", "4", "--delta", "0.1", "--tree", "{D}/T.json"]
    yield plan + ["--rho", "4", "--depth", "5", "--delta", "0.1", "--tree", "{D}/T.json",
                  "--oracle", "{D}/O.json"]


def adversary_cases():
    base = ["adversary", "{D}/T.json", "--oracle", "{D}/O.json"]
    out = ["-o", "{D}/n.json"]
    yield base + out
    yield base + ["--checker", "uniform:2"]
    for checker in ["debate", "debate:", "debate:x", "debate:0", "debate:-1", "debate:٣",
                    "uniform:0", "uniform:1000000000001", "uniform:99999999999999",
                    "exhaustive:3", "random:3", "uniform:1000000000000", "debate:1000000000000",
                    "dfs:0", "dfs:x", "adaptive:", "adaptive:٣", "adaptive:10000001"]:
        yield base + ["--checker", checker] + out
    yield base + ["--checker", "uniform:2", "--queries", "{D}/Q.json"] + out
    for queries in ["missing.json", "bad.json", "T.json", "empty.json"]:
        yield base + ["--queries", "{D}/" + queries] + out
    yield base + ["--checker", "uniform:2", "-o", "{D}/O.json"]
    yield base + ["--checker", "uniform:2", "-o", "{D}/T.json"]
    yield base + ["--queries", "{D}/Q.json", "-o", "{D}/Q.json"]
    yield base + ["--checker", "uniform:2", "-o", ""]
    yield base + ["--checker", "uniform:2", "-o", "{D}/sub"]
    yield base + ["--checker", "uniform:2", "-o", "-", "--json"]
    yield base + ["--checker", "debate:2", "--rho", "x"] + out
    yield base + ["--checker", "debate:2", "--rule", "random"] + out


def paper_cases():
    yield ["paper", "--only", "no_such_check", "--report-dir", "{D}/report"]
    yield ["paper", "--only", "section_3_3_and", "--report-dir", "{D}/T.json"]
    yield ["paper", "--check-stored", "--store", "{D}/sub"]
    yield ["paper", "--only", "section_3_3_and", "--store", "{D}", "--report-dir", "{D}"]
    yield ["paper", "--bogus"]
    yield ["paper", "--only", "section_3_3_and", "--report-dir", ""]


def other_cases():
    yield []
    yield ["frobnicate"]
    yield ["debate"]
    yield ["tree"]
    yield ["compute", "--help-me"]


BIG = "7" * 5000  # beyond Python's 4300-digit int <-> str limit


def beyond_fixtures(folder: Path) -> None:
    """Inputs of the second round of hostile input (numbers, sweeps, stores)."""
    (folder / "QB.json").write_text(json.dumps({**QUERIES, "probabilities": {
        "qa": "1/" + BIG, "qb": "1/2", "qc": "1"}}))
    (folder / "rho.jsonl").write_text(json.dumps({"kind": "plan", "rho": BIG, "depth": 2}) + "\n")
    (folder / "wrho.jsonl").write_text(json.dumps({
        "kind": "worst-case", "tree": {"uniform": "maj:3", "depth": 1}, "oracle": {"random": 0},
        "rho": "1e5000"}) + "\n")
    (folder / "thr.jsonl").write_text(json.dumps({"kind": "certify", "spec": "maj:3",
                                                  "input": "110", "method": "threshold"}) + "\n")
    (folder / "and30.jsonl").write_text(json.dumps({
        "kind": "compute", "spec": "and:30", "input": "1" * 30, "method": "table",
        "measures": False}) + "\n")
    (folder / "wide.jsonl").write_text(json.dumps({
        "kind": "worst-case", "tree": {"uniform": "and:25", "depth": 1},
        "oracle": {"random": 0}, "protocol": "budgeted"}) + "\n")
    fault_fixtures(folder)
    wrong_schema_store(folder / "wrongschema")
    wrong_schema_store(folder / "wrongschema-old")
    (folder / "wrongschema-old" / "manifest.jsonl").unlink()  # a store from before manifests


def wrong_schema_store(path: Path) -> None:
    """A sweep store whose only rows part is a Parquet file of another schema."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from verify.sweep.store import Store

    Store(path, create=True)
    (path / "rows").mkdir()
    pq.write_table(pa.table({"x": [1, 2]}), path / "rows" / "part-0.parquet")


def beyond_cases():
    """Bad input beyond the first corpus: numbers past Python's 4300-digit limit, deep
    compositions, limits decided before the work, non-ASCII digits, sweeps and stores."""
    instance = ["{D}/T.json", "--oracle", "{D}/O.json"]
    for command in ("run", "worst-case", "completeness"):
        extra = ["--alice", "honest"] if command == "run" else []
        for rho in (BIG, "1e5000", "1/" + BIG, "1e-5000"):
            yield ["debate", command, *instance, *extra, "--rho", rho]
        yield ["debate", command, *instance, *extra, "--protocol", "budgeted",
               "--beta-max", BIG]
    for beta in ("1e30", "1e309", "1e5000", "1000001"):
        yield ["debate", "worst-case", *instance, "--protocol", "budgeted", "--beta-max", beta]
    yield ["debate", "plan", "--protocol", "budgeted", "--beta-max", BIG]
    for rho in (BIG, "1e5000"):
        yield ["adversary", *instance, "--checker", "debate:2", "--rho", rho, "-o", "{D}/n.json"]
    yield ["adversary", *instance, "--queries", "{D}/QB.json", "-o", "{D}/n.json"]
    yield ["debate", "plan", "--rho", BIG, "--depth", "3", "--delta", "0.1"]
    yield ["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "1/" + "7" * 1000001]
    yield ["tree", "fbs", *instance, "--eps", "1/" + BIG]
    yield ["tree", "fbs", *instance, "--eps", "1e-5000"]
    for protocol in ([], ["--protocol", "budgeted"]):
        yield ["debate", "run", *instance, "--alice", "honest", "--rho", "2", "--confidence",
               "1/" + BIG, *protocol]
        yield ["debate", "run", *instance, "--alice", "honest", "--rho", "2", "--runs",
               "1000000000", *protocol]
    yield ["compute", "compose(and:1;" * 500 + "maj:1" + ")" * 500, "--at", "1"]
    yield ["compute", "compose(and:1;" * 500, "--at", "1"]
    yield ["certify", "compose(and:1;" * 500 + "maj:1" + ")" * 500, "--at", "1", "-o",
           "{D}/n.json"]
    yield ["tree", "build", "--aggregator", "compose(and:1;" * 500 + "maj:1" + ")" * 500,
           "--depth", "1", "-o", "{D}/n.json"]
    sweep = ["sweep", "-o", "{D}/store"]
    for family in ("random-trees:" + BIG + ":1:2:maj:3", "random-trees:0:" + BIG + ":2:maj:3",
                   "random-trees:0:1:" + BIG + ":maj:3", "random-trees:0:1:50:maj:3",
                   "random-trees:0:1:2000:maj:3@0.5", "npn:٣", "all:٢", "random-trees:٣:1:2:maj:3"):
        yield sweep + ["--family", family]
    yield sweep + ["--family", "all:1", "--workers", "٢"]
    for jobs in ("rho.jsonl", "wrho.jsonl", "thr.jsonl", "and30.jsonl", "wide.jsonl"):
        yield ["sweep", "{D}/" + jobs, "-o", "{D}/store"]
    yield ["census", "{D}/wrongschema"]
    yield ["census", "{D}/wrongschema-old"]
    yield ["certify", "maj:3", "--at", "110", "-o", "{D}/newdir/"]
    yield ["tree", "build", "--aggregator", "maj:3", "--depth", "1", "-o", "{D}/newdir/"]
    yield ["paper", "--check-stored", "--update-stored"]


def fault_fixtures(folder: Path) -> None:
    """Stores whose rows/ or certificates/ is a file (issue 32, Faults)."""
    from verify.sweep.store import Store

    for name in ("rows", "certificates"):
        Store(folder / f"{name}-file", create=True)
        (folder / f"{name}-file" / name).write_text("not a folder")


def fault_cases():
    """Issue 32: damaged stores, options that would be ignored, a store that is not one."""
    for name in ("rows", "certificates"):
        yield ["sweep", "--family", "all:1", "-o", f"{{D}}/{name}-file"]
        yield ["census", f"{{D}}/{name}-file"]
    yield ["sweep", "--family", "census-shards:3@2", "--family", "census-shards:3@3", "-o",
           "{D}/store"]
    yield ["paper", "--only", "section_3_3_and", "--store", "/nonexistent"]
    yield ["paper", "--only", "section_3_3_and", "--store", "{D}/sub"]
    yield ["paper", "--only", "no_such_check", "--list"]
    yield ["paper", "--list", "--update-stored"]
    yield ["paper", "--list", "--json"]
    yield ["paper", "--only", "section_3_3_and", "--update-stored"]


CASES = [*spec_cases(), *check_cases(), *tree_cases(), *debate_cases(), *adversary_cases(),
         *paper_cases(), *other_cases(), *beyond_cases(), *fault_cases()]


def test_the_corpus_is_large_and_covers_every_command():
    assert len(CASES) >= 150
    names = {tuple(c[:2]) if c and c[0] in ("tree", "debate") else tuple(c[:1]) for c in CASES}
    for command in (("compute",), ("certify",), ("check",), ("blocks",), ("tree", "build"),
                    ("tree", "info"), ("tree", "fbs"), ("debate", "run"), ("debate", "plan"),
                    ("debate", "worst-case"), ("debate", "completeness"), ("adversary",),
                    ("paper",)):
        assert command in names, command


# A refusal comes before the work: counted in Python lines (tests/work_count.py), never in
# seconds (a loaded machine); the wall times are bench/bench_prompt_refusals.py's.
REFUSAL_LINES = 5_000_000  # the largest case: 2.1 million (a /dev/full transcript)
ANSWER_LINES = 20_000_000  # the largest answered case: 3.5 million


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    import sympy  # noqa: F401  (imported here once: a case's lines count its work, not imports)

    folder = tmp_path_factory.mktemp("corpus")
    fixtures(folder)
    return folder


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
            for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c)[:80] + (f" ({len(' '.join(c))} chars)"
                                                               if len(" ".join(c)) > 80 else "")
                                          for c in CASES])
def test_bad_input_is_refused_cleanly(case, workspace, capsys, monkeypatch):
    import io
    import sys

    monkeypatch.chdir(workspace)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    before = snapshot(workspace)
    argv = [a.replace("{D}", str(workspace)) for a in case]

    def run():
        try:
            return main(argv)
        except SystemExit as stop:
            return stop.code

    code, _ = python_lines(run, REFUSAL_LINES)
    out, err = capsys.readouterr()
    assert code == 2, f"exit {code}: {err!r} {out[:200]!r}"
    assert err.count("\n") == 1 and err.startswith("fbs: error:"), err
    assert "Traceback" not in err and out == ""
    assert snapshot(workspace) == before  # nothing written, every input unchanged


# ----------------------------------------------------------------------------- real streams

STREAM_CASES = [  # (argv, how standard input / output is set up)
    (["compute", "@-", "--at", "110"], "stdin closed"),
    (["compute", "maj:3", "--at", "@-"], "stdin closed"),
    (["tree", "info", "-"], "stdin closed"),
    (["check", "-"], "stdin closed"),
    (["compute", "maj:3", "--at", "110", "--json"], "stdout closed"),
    (["compute", "maj:3", "--at", "110"], "stdout closed"),
    (["compute", "maj:3", "--at", "110"], "stdout full"),
    (["compute", "maj:3", "--at", "110", "--json"], "stdout full"),
    (["tree", "info", "{D}/T.json", "--json"], "stdout full"),
    (["check", "{D}/C.json", "--json"], "stdout full"),
    (["check", "{D}/C.json"], "stdout full"),
    (["paper", "--only", "section_3_3_and", "--json", "--report-dir", "{D}/report"],
     "stdout full"),
]


@pytest.mark.slow
@pytest.mark.parametrize("case, streams", STREAM_CASES,
                         ids=[" ".join(c) + f" ({s})" for c, s in STREAM_CASES])
def test_closed_or_full_standard_streams_are_refused_cleanly(case, streams, workspace):
    """A real child process: `<&-`, `>&-` and `> /dev/full` as a shell would set them up."""
    import os
    import subprocess
    import sys

    before = snapshot(workspace)
    argv = [a.replace("{D}", str(workspace)) for a in case]

    def setup():
        if streams == "stdin closed":
            os.close(0)
        elif streams == "stdout closed":
            os.close(1)

    stdout = open("/dev/full", "w") if streams == "stdout full" else subprocess.DEVNULL
    with stdout if streams == "stdout full" else open(os.devnull) as _:
        done = subprocess.run([sys.executable, "-m", "verify", *argv], cwd=workspace,
                              stdin=subprocess.DEVNULL if streams != "stdin closed" else None,
                              stdout=stdout, stderr=subprocess.PIPE, preexec_fn=setup,
                              timeout=300)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.count("\n") == 1 and err.startswith("fbs: error:") and "Traceback" not in err
    after = snapshot(workspace)
    if case[0] == "paper":  # the report folder is the command's (whole) output
        after = {k: v for k, v in after.items() if not k.startswith("report")}
    assert after == before


# ----------------------------------------------------------------------------- answered

ANSWERED = [  # inputs at the edge of a limit: answered (exit 0), promptly
    ["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "1e-999999"],
    ["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "1/" + BIG, "--json"],
    ["debate", "worst-case", "{D}/T.json", "--oracle", "{D}/O.json", "--protocol", "budgeted",
     "--beta-max", "1e6"],
    ["debate", "worst-case", "{D}/T.json", "--oracle", "{D}/O.json", "--rho", "7" * 1000],
]


@pytest.mark.parametrize("case", ANSWERED, ids=[" ".join(c)[:70] for c in ANSWERED])
def test_inputs_at_a_limit_are_answered_with_bounded_work(case, workspace, capsys, monkeypatch):
    monkeypatch.chdir(workspace)
    code, _ = python_lines(lambda: main([a.replace("{D}", str(workspace)) for a in case]),
                           ANSWER_LINES)
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and out, err


def test_the_plan_at_delta_10_to_minus_999999_is_exact(capsys):
    """R = ceil(ln(delta) / ln(1 - 1/64)) by an independent float computation: with
    ln(delta) = -999999 ln 10 the float is far from an integer, so its ceiling is exact."""
    import json
    import math

    assert main(["debate", "plan", "--rho", "4", "--depth", "3", "--delta", "1e-999999",
                 "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    expected = math.ceil(-999999 * math.log(10) / math.log1p(-1 / 64))
    assert int(document["runs_theorem"]) == expected
    assert document["delta"] == "1/1" + "0" * 999999


@pytest.mark.parametrize("length", [240, 241, 248, 255])
def test_output_names_up_to_255_bytes_are_written(length, tmp_path, capsys):
    name = tmp_path / ("c" * (length - 5) + ".json")
    assert len(name.name) == length
    assert main(["certify", "maj:3", "--at", "110", "-o", str(name)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == [name.name]  # no temporary left behind
    assert json.loads(name.read_text())["spec"] == "maj:3"


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB tmpfs filled to its last pages (root only; skipped elsewhere)."""
    import os
    import subprocess

    folder = tmp_path / "full"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs",
                                            str(folder)], capture_output=True).returncode:
        pytest.skip("needs root to mount a small tmpfs (a full disk)")
    try:
        (folder / "filler").write_bytes(b"\0" * (56 * 1024))
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], capture_output=True)


@pytest.mark.slow
def test_a_report_on_a_full_disk_leaves_nothing(full_disk, capsys):
    before = snapshot(full_disk)
    # a check whose report draws a plot, so that it exceeds the 64 KiB disk
    code = main(["paper", "--only", "section_1_2_fifty_of_99", "--report-dir",
                 str(full_disk / "report" / "inner")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "No space left" in err, err
    assert snapshot(full_disk) == before  # neither report/ nor report/inner/ is left
