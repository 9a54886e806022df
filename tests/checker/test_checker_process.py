"""The checker as a process of its own (`python -m verify.checker`): after checking one
certificate of every kind it holds only the standard library and verify.checker, and `fbs
check` / `fbs paper --check-stored` run it that way with the documented exit codes."""

from __future__ import annotations

import ast
import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from checker_tree_examples import FORMAT_EXAMPLE

from verify import fbs
from verify.base import checker_process
from verify.cli import main
from verify.sensitivity.sat.solve import solve_by_sat

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("exhaustive", "symmetric", "tree", "threshold", "sat-lrat", "weighted")

TREE = FORMAT_EXAMPLE
WEIGHTED = {"format": "fbs-certificate/1", "kind": "weighted", "spec": "and:2", "arity": 2,
            "input": "11", "capacities": ["1/2", "2"], "value": "5/2",
            "primal": [{"block": [0], "weight": "1/2"}, {"block": [1], "weight": "2"}],
            "dual": ["1", "1"]}


@pytest.fixture(scope="module")
def every_kind(tmp_path_factory) -> dict[str, Path]:
    """One valid certificate file of every kind (the exhaustive one reads an embedded CNF,
    the sat-lrat one is gzip-compressed); values from the paper's closed forms."""
    folder = tmp_path_factory.mktemp("kinds")
    exhaustive = dict(fbs("maj:3", "000", method="table").certificate)
    cnf = dict(fbs("maj:3", "000", method="table").certificate, spec="cnf:m.cnf",
               files={"m.cnf": "p cnf 3 3\n1 2 0\n1 3 0\n2 3 0\n"})
    documents = {"exhaustive": exhaustive, "exhaustive-cnf": cnf,
                 "symmetric": fbs("maj:99", "1" * 50 + "0" * 49).certificate,
                 "tree": TREE, "weighted": WEIGHTED,
                 "threshold": fbs("wthr:3,2,2,1,1:5", "11111", method="threshold").certificate,
                 "sat-lrat": solve_by_sat("maj:3", "110").certificate}
    assert {d["kind"] for d in documents.values()} == set(KINDS)
    files = {}
    for name, document in documents.items():
        files[name] = folder / f"{name}.json"
        files[name].write_text(json.dumps(document))
    files["sat-lrat"].write_bytes(gzip.compress(files["sat-lrat"].read_bytes()))
    return files


EXPECTED = {"exhaustive": "3/2", "exhaustive-cnf": "3/2", "symmetric": "50", "tree": "3",
            "weighted": "5/2", "threshold": "9/5", "sat-lrat": "2"}


def modules_after_checking(names: list[str]) -> tuple[list[dict], list[str]]:
    """(verdicts, sys.modules) of the exact process `fbs check` starts, checking `names`."""
    argv = checker_process.checker_argv(names)
    code = argv[argv.index("-c") + 1]
    ending = "sys.exit(main())"
    assert code.endswith(ending)
    argv[argv.index("-c") + 1] = code[:-len(ending)] + (
        "code = main(); import json; print(json.dumps(sorted(sys.modules)), file=sys.stderr); "
        "sys.exit(code)")
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()], json.loads(done.stderr)


def test_the_checker_process_loads_only_the_standard_library(every_kind):
    verdicts, modules = modules_after_checking([str(p) for p in every_kind.values()])
    assert {name: v["value"] for name, v in zip(every_kind, verdicts)} == EXPECTED
    assert all(v["valid"] and v["exit"] == 0 for v in verdicts)
    foreign = [m for m in modules if not _trusted(m)]
    assert foreign == []
    assert "verify.checker.sat_kind" in modules and "verify.checker.tree_kind" in modules
    for heavy in ("numpy", "flint", "highspy", "verify.base", "verify.sensitivity"):
        assert heavy not in modules


def _trusted(module: str) -> bool:
    top = module.split(".")[0]
    return (top in sys.stdlib_module_names or module in ("__main__", "verify")
            or module == "verify.checker" or module.startswith("verify.checker."))


def test_the_verify_package_init_imports_nothing():
    tree = ast.parse((ROOT / "verify" / "__init__.py").read_text())
    top_level = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert top_level == []


def test_the_module_check_is_not_vacuous():
    """The allowlist above rejects what an untrusted import would add."""
    assert not _trusted("numpy") and not _trusted("verify.sensitivity.api")
    assert not _trusted("verify.checkerx") and _trusted("verify.checker.lrat")


def test_python_m_verify_checker_lines_and_exit_codes(every_kind, tmp_path):
    wrong = json.loads(every_kind["tree"].read_text())
    wrong["value"] = "4"
    bad = tmp_path / "wrong.json"
    bad.write_text(json.dumps(wrong))
    broken = tmp_path / "broken.json"
    broken.write_text("{")

    def run(*names):
        return subprocess.run([sys.executable, "-m", "verify.checker", *map(str, names)],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)

    done = run(every_kind["tree"], every_kind["sat-lrat"])
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [f"valid: {every_kind['tree']}: fbs = 3",
                                        f"valid: {every_kind['sat-lrat']}: fbs = 2"]
    done = run(every_kind["tree"], bad)
    assert done.returncode == 1
    assert done.stderr.strip() == (f"INVALID: {bad}: [root-value] the root's certified value "
                                   "is 3, the certificate claims 4")
    done = run(bad, broken, every_kind["tree"])
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 2
    assert done.stderr.splitlines()[1].startswith(f"error: {broken}: malformed certificate: "
                                                  "not valid JSON")
    assert run().returncode == 2 and run("--bogus", broken).returncode == 2


def test_fbs_check_runs_the_checker_in_a_process(every_kind, monkeypatch, capsys):
    """fbs check gives its verdict although the in-process checker is broken: it never runs."""
    import verify.checker.reader as reader

    def broken(*args, **kwargs):
        raise AssertionError("the checker ran inside fbs")

    monkeypatch.setattr(reader, "check_file", broken)
    monkeypatch.setattr(reader, "check_bytes", broken)
    assert main(["check", str(every_kind["threshold"])]) == 0
    assert capsys.readouterr().out == f"valid: {every_kind['threshold']}: fbs = 9/5\n"
    assert main(["check", "--json", str(every_kind["symmetric"])]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["file", "valid", "condition", "message", "value", "quantity"]
    assert (document["valid"], document["condition"], document["value"]) == (True, "", "50")
    assert document["message"] == "fbs = 50 (symmetric, weight 50 of 99)"


def test_fbs_check_reports_what_the_process_says(every_kind, monkeypatch, capsys):
    """A wrong process verdict shows: fbs check trusts the process, not an in-process check."""
    def fake(names, on_verdict=None):
        return [{"file": str(names[0]), "valid": False, "condition": "dual-feasible",
                 "message": "invented", "value": None, "exit": 1}]

    monkeypatch.setattr(checker_process, "check_in_process", fake)
    assert main(["check", str(every_kind["exhaustive"])]) == 1
    assert "[dual-feasible] invented" in capsys.readouterr().out  # the verdict: stdout


def test_fbs_check_exit_codes_and_messages(every_kind, tmp_path, capsys):
    missing = tmp_path / "missing.json"
    assert main(["check", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == (f"fbs: error: {missing}: malformed certificate: "
                                               "cannot read certificate file: No such file or "
                                               "directory")
    wrong = json.loads(every_kind["exhaustive"].read_text())
    wrong["value"] = "2"
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(wrong))
    assert main(["check", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out) == {
        "file": str(path), "valid": False, "condition": "primal-value",
        "message": "sum of primal weights = 3/2, claimed value = 2", "value": None,
        "quantity": None}


def test_a_dead_checker_process_is_a_bug_not_a_verdict(every_kind, monkeypatch):
    monkeypatch.setattr(checker_process, "BOOT", "import sys; sys.exit(9)")
    with pytest.raises(checker_process.CheckerFailure, match="exit code 9"):
        checker_process.check_in_process([every_kind["tree"]])


def test_check_stored_runs_in_the_process(monkeypatch):
    """fbs paper --check-stored goes through the process (a fake one that refuses all)."""
    from verify.report import stored

    def refuse(names, on_verdict=None):
        return [{"file": str(n), "valid": False, "condition": "lrat", "message": "no",
                 "value": None, "exit": 1} for n in names]

    monkeypatch.setattr(stored, "check_in_process", refuse)
    count, problems = stored.check_stored()
    assert count > 0 and len(problems) == count and {p.condition for p in problems} == {"lrat"}


def test_the_checker_process_imports_the_standard_library_first(every_kind, tmp_path):
    """A non-editable install puts `verify/` in site-packages: a module there named like a
    standard one must not be what the trusted process loads. Here a folder holding `verify`
    (a link to this tree) beside a json.py and a fractions.py that end the process."""
    site = tmp_path / "site-packages"
    site.mkdir()
    (site / "verify").symlink_to(ROOT / "verify", target_is_directory=True)
    for shadow in ("json", "fractions", "gzip"):
        (site / f"{shadow}.py").write_text("import sys; sys.exit(97)\n")
    argv = [sys.executable, "-I", "-S", "-c", checker_process.boot_code(site), "--json", "--",
            str(every_kind["tree"]), str(every_kind["threshold"])]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, (done.returncode, done.stderr)
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert [v["value"] for v in verdicts] == [EXPECTED["tree"], EXPECTED["threshold"]]
    assert checker_process.BOOT == checker_process.boot_code(checker_process.PACKAGE_ROOT)


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_a_full_output_stream_keeps_the_exit_code_of_the_verdicts(every_kind, tmp_path,
                                                                   stream):
    """`python -m verify.checker FILE 2> /dev/full` once exited 1 ("invalid") for a
    malformed file: the failed write raised out of main. Every file is still checked; a full
    standard error keeps the verdicts' code, a full standard output makes it at least 2."""
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    wrong = json.loads(every_kind["tree"].read_text())
    wrong["value"] = "4"
    bad = tmp_path / "wrong.json"
    bad.write_text(json.dumps(wrong))
    cases = [([broken], 2), ([bad], 1), ([every_kind["tree"]], 0), ([broken, bad], 2),
             ([every_kind["tree"], bad], 1)]
    for names, expected in cases:
        for extra in ([], ["--json"]):
            with open("/dev/full", "w") as full:
                done = subprocess.run([sys.executable, "-m", "verify.checker", *extra,
                                       *map(str, names)], timeout=300, cwd=ROOT,
                                      **{stream: full})
            # a verdict that could not be written to a full standard output is itself exit 2
            # (tests/checker/test_checker_streams.py); without --json only "valid" lines go there
            to_stdout = bool(extra) or every_kind["tree"] in names
            wanted = max(expected, 2) if stream == "stdout" and to_stdout else expected
            assert done.returncode == wanted, (names, extra, done.returncode)
