"""The proved program's build and command line (verify/formal/proved_build.py, proved_run.py,
verify/commands/proved.py): missing tools named by their Debian packages, one build per source
version under a lock, `fbs check --proved`, `fbs certify --proved`, and the refusal of a kind
without a proved checker before anything is written."""

from __future__ import annotations

import json
import shutil
import threading
import time

import pytest
from cli_run import fbs_cli

from verify.base.errors import BadInput
from verify.formal import proved_build


def test_missing_tools_name_the_debian_packages(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(BadInput) as error:
        proved_build.program()
    message = str(error.value)
    assert "coqc" in message and "ocamlfind" in message
    for package in ("coq", "ocaml-findlib", "libzarith-ocaml-dev", "libyojson-ocaml-dev"):
        assert package in message


def test_missing_tools_are_exit_code_2(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    path = tmp_path / "c.json"
    path.write_text("{}")
    code, _, err = fbs_cli(capsys, "check", "--proved", path)
    assert code == 2 and "libzarith-ocaml-dev" in err and err.count("\n") == 1


def test_concurrent_first_uses_build_once(monkeypatch, tmp_path):
    monkeypatch.setenv("FBS_PROVED_CACHE", str(tmp_path))
    builds = []

    def build(work):
        builds.append(work)
        time.sleep(0.3)
        (work / "made").write_text("x")

    found = []
    threads = [threading.Thread(target=lambda: found.append(proved_build._cached("entry", build)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1 and len(set(found)) == 1 and (found[0] / "made").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry", "entry.lock"]


def test_a_failed_build_leaves_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("FBS_PROVED_CACHE", str(tmp_path))

    def build(work):
        (work / "half").write_text("x")
        raise proved_build.BuildFailure("no")

    with pytest.raises(proved_build.BuildFailure):
        proved_build._cached("entry", build)
    assert [p.name for p in tmp_path.iterdir()] == ["entry.lock"]


def test_the_cache_is_keyed_by_the_sources(monkeypatch, tmp_path):
    before = proved_build.program_entry()
    copy = tmp_path / "coq"
    shutil.copytree(proved_build.COQ_DIR, copy)
    monkeypatch.setattr(proved_build, "COQ_DIR", copy)
    assert proved_build.program_entry() == before
    main = copy / "native" / "main.ml"
    main.write_text(main.read_text() + "\n(* edited *)\n")
    assert proved_build.program_entry() != before


def test_the_second_use_builds_nothing(proved, capsys):
    assert proved_build.program() == proved
    assert "building" not in capsys.readouterr().err


def _certify(capsys, tmp_path, *argv):
    out = tmp_path / f"{argv[0].replace(':', '_')}.json"
    return out, fbs_cli(capsys, "certify", *argv, "-o", out, "--proved")


def test_fbs_check_proved(capsys, proved, tmp_path):
    out, (code, _, _) = _certify(capsys, tmp_path, "maj:5", "--at", "00011", "--method", "table")
    assert code == 0
    bad = tmp_path / "bad.json"
    bad.write_text(out.read_text().replace('"value": "3"', '"value": "4"'))
    code, stdout, stderr = fbs_cli(capsys, "check", "--proved", out, bad)
    assert code == 1
    proved, refused = stdout.splitlines()  # verdicts on standard output, as `fbs check`'s
    assert proved == f'proved: {out}: fbs = 3: FbsIs (MAJ 5) (bitsOf "00011") (3 # 1) ' \
                     "[Extract.checkExhaustiveFamily_sound]"
    assert refused.startswith(f"REFUSED: {bad}: ") and stderr == ""


def test_fbs_certify_proved_checks_before_writing(capsys, proved, tmp_path):
    out, (code, stdout, _) = _certify(capsys, tmp_path, "maj:5", "--at", "00011")
    assert code == 0 and out.exists() and "proved: " in stdout and "(MAJ 5)" in stdout
    out, (code, stdout, _) = _certify(capsys, tmp_path, "wthr:3,2,2,1:4", "--at", "0000",
                                      "--method", "threshold")
    assert code == 0 and out.exists() and "FbsIs (WTHR [3; 2; 2; 1]%Z (4)%Z)" in stdout
    out, (code, _, stderr) = _certify(capsys, tmp_path, "maj:7", "--at", "0000111",
                                      "--method", "sat")
    assert code == 2 and not out.exists()
    assert "kind sat-lrat has no proved checker yet (proved kinds: exhaustive" in stderr


def test_measures_proved_checks_the_four_certificates(capsys, proved, tmp_path):
    code, stdout, _ = fbs_cli(capsys, "measures", "maj:5", "--certificates", tmp_path / "m",
                              "--proved")
    assert code == 0
    lines = [line for line in stdout.splitlines() if line.startswith("proved: ")]
    assert len(lines) == 4 and all("(eval (MAJ 5)) 5 " in line for line in lines)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m-C.json", "m-bs.json", "m-fbs.json", "m-s.json"]


def test_measures_proved_beyond_the_old_bound_and_census_refusal(capsys, proved, tmp_path):
    """q = 9 was beyond the program's old global-measure bound (q <= 7); since issue 37 its
    bounds are the stdlib checker's (q <= 14): MAJ_9 has s = bs = fbs = C = 5 (k + 1 for
    MAJ_{2k+1}, FORMAT.md section 11's closed form), each proved."""
    code, stdout, _ = fbs_cli(capsys, "measures", "maj:9", "--certificates", tmp_path / "m",
                              "--proved")
    lines = [line for line in stdout.splitlines() if line.startswith("proved: ")]
    assert code == 0 and len(lines) == 4
    assert all("(eval (MAJ 9)) 9 " in line and " (5 # 1)" in line for line in lines), lines
    code, _, stderr = fbs_cli(capsys, "census", "--exhaustive", "6", "--proved", "--uncertified")
    assert code == 2 and "takes no --uncertified" in stderr


def test_census_proved_checks_every_batch(capsys, proved):
    """`fbs census --exhaustive 4 --proved`: the one batch of q = 4's 29 classes, accepted by
    the stdlib checker, is proved too (its line on standard error, the report unchanged)."""
    code, stdout, stderr = fbs_cli(capsys, "census", "--exhaustive", "4", "--proved", "--json")
    assert code == 0, stderr
    assert stderr.startswith("proved: census-classes batch 1 (q = 4): classes = 29: ")
    assert stderr.count("\n") == 1 and "CensusClassesCheck.checkCensusClasses_sound" in stderr
    assert json.loads(stdout)["q"] == 4


MUTATIONS = [  # each breaks a proof of Extract.v
    ("the tree's children swapped", "lookTab (if b then r else l) x'", "lookTab (if b then l else r) x'"),
    ("the table split one bit late", "(firstn (2 ^ q') t)) (buildTab q' (skipn (2 ^ q') t))",
     "(firstn (2 ^ q) t)) (buildTab q' (skipn (2 ^ q) t))"),
    ("MAJ's threshold not strict", "Nat.ltb n (2 * k)", "Nat.leb n (2 * k)"),
    ("THR's weight off by one", "Z.leb T (Z.of_nat k)", "Z.leb T (Z.of_nat (S k))"),
    ("the arity check dropped", "bool := Nat.eqb (length z) (arity F).", "bool := true."),
    ("AND's step one weight low", "NAnd n => VStep (Z.of_N n)", "NAnd n => VStep (Z.of_N n - 1)"),
    ("the runs' length check dropped", "N.eqb (runsLen r) (arityN k) && checkSymmetricRuns",
     "checkSymmetricRuns"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,old,new", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_wrong_definition_in_extract_v_breaks_its_proofs(proved, tmp_path, name, old, new):
    import subprocess

    text = (proved_build.COQ_DIR / "native" / "Extract.v").read_text()
    assert text.count(old) == 1, name
    (tmp_path / "Extract.v").write_text(text.replace(old, new))
    done = subprocess.run(["coqc", "-q", "-R", str(proved_build.coq_library()), "FbsCoq",
                           "Extract.v"], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert done.returncode != 0, name


def test_check_proved_json_of_several_files_is_one_list(capsys, proved, tmp_path):
    """FORMAT.md section 9's tiny example (AND_2 at 11, capacities 1/2 and 2: V = 5/2) and the
    same with the value raised: one JSON document, a list of the two verdicts, exit 1."""
    import json

    good = {"format": "fbs-certificate/1", "kind": "weighted", "spec": "and:2", "arity": 2,
            "input": "11", "capacities": ["1/2", "2"], "value": "5/2",
            "primal": [{"block": [0], "weight": "1/2"}, {"block": [1], "weight": "2"}],
            "dual": ["1", "1"]}
    (tmp_path / "a.json").write_text(json.dumps(good))
    (tmp_path / "b.json").write_text(json.dumps({**good, "value": "3"}))
    code, stdout, _ = fbs_cli(capsys, "check", "--proved", "--json", tmp_path / "a.json",
                              tmp_path / "b.json")
    rows = json.loads(stdout)
    assert code == 1 and [row["exit"] for row in rows] == [0, 1]
    assert "WeightedFbsIs (AND 2)" in rows[0]["line"] and "(5 # 2)" in rows[0]["line"]
