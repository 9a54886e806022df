"""`fbs census --exhaustive Q` from the command line: output files, JSON, bad input (exit 2,
one line, nothing written)."""

import json

import pytest

from tests.cli_run import fbs_cli


def test_exhaustive_census_writes_markdown_and_json(capsys, tmp_path):
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 2, "-o", tmp_path / "c")
    assert code == 0, err
    assert out == (tmp_path / "c.md").read_text()
    document = json.loads((tmp_path / "c.json").read_text())
    # 16 functions of 2 inputs at 4 inputs each; the committed census: fbs 0: 8, 1: 40, 2: 16
    assert document["fbs"] == {"0": "8", "1": "40", "2": "16"}
    assert document["certified"] is True and document["classes"] == 4
    assert "| fbs | 0: 8, 1: 40, 2: 16 |" in out


def test_exhaustive_census_json_uncertified(capsys):
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 3, "--json", "--uncertified")
    assert code == 0, err
    document = json.loads(out)
    assert document["certified"] is False and document["certificates_checked"] == 0
    assert document["extremes"]["fbs/bs"]["ratio"] == "3/2"


@pytest.mark.parametrize("argv, words", [
    (["census"], "give a STORE, --exhaustive Q"),
    (["census", "store", "--exhaustive", "2"], "adds up its shards"),
    (["census", "--exhaustive", "7"], "1 <= q <= 6"),
    (["census", "--exhaustive", "0"], "--exhaustive"),
    (["census", "--exhaustive", "x"], "--exhaustive"),
    (["census", "store", "--uncertified"], "apply to --exhaustive only"),
    (["census", "store", "--global"], "apply to --exhaustive only"),
    (["census", "store", "--exhaustive", "5", "--global"], "adds up its shards"),
    (["census", "--exhaustive", "6", "--global"], "q <= 5, got 6"),
    (["census", "--exhaustive", "4", "--workers", "2"], "--workers applies to --global"),
    (["census", "--exhaustive", "5", "--global", "--workers", "0"], "workers must be an integer in 1..256"),
    (["census", "--exhaustive", "5", "--global", "--workers", "x"], "--workers"),
])
def test_bad_input(capsys, tmp_path, argv, words):
    code, out, err = fbs_cli(capsys, *argv, "-o", tmp_path / "c")
    assert code == 2 and err.count("\n") == 1 and words in err, (code, err)
    assert "Traceback" not in err and not list(tmp_path.iterdir())


def test_fbs_check_names_the_measure_of_a_measure_certificate(capsys, tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": "fbs-certificate/1", "kind": "measure",
                                "measure": "C", "spec": "maj:5", "arity": 5, "input": "00000",
                                "value": "3", "witness": [2, 3, 4]}))
    code, out, err = fbs_cli(capsys, "check", path)
    assert code == 0 and out == f"valid: {path}: C = 3\n", (out, err)
    path.write_text(path.read_text().replace('"3"', '"4"').replace("[2, 3, 4]", "[1, 2, 3, 4]"))
    code, out, err = fbs_cli(capsys, "check", path)
    assert code == 1 and "not-minimum" in out  # the verdict line is on stdout (issue 39)


def test_the_command_prints_the_api_result(capsys):
    from verify import exhaustive_census

    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 3, "--json")
    assert code == 0 and json.loads(out) == exhaustive_census(3).to_json()


def test_a_bad_output_is_refused_before_the_work(capsys, tmp_path, no_census):
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 6, "-o", tmp_path / "no" / "c")
    assert code == 2 and "folder does not exist" in err and err.count("\n") == 1
    (tmp_path / "d.md").mkdir()
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 6, "-o", tmp_path / "d")
    assert code == 2 and "directory" in err


def test_global_with_workers_gives_the_default_global_census(capsys):
    """Q <= 4 always has the global census; --global --workers 2 gives the same document."""
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 3, "--json", "--uncertified")
    code2, out2, err2 = fbs_cli(capsys, "census", "--exhaustive", 3, "--json", "--uncertified",
                                "--global", "--workers", 2)
    assert code == code2 == 0, (err, err2)
    assert json.loads(out)["global"] == json.loads(out2)["global"]
    # every function of 3 inputs: the 2 constants, the 6 literals, the rest at least 2
    assert json.loads(out)["global"]["s"]["0"] == "2" and json.loads(out)["global"]["s"]["1"] == "6"


def test_without_global_q5_says_how_to_get_it(capsys):
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 5, "--uncertified")
    assert code == 0, err
    assert "q = 5 with --global" in out


def test_counts_take_their_plural_and_the_least_column_is_explained(capsys):
    """Issue 39: "(1 certificates)" and an unexplained `least` column."""
    from verify.base.numbers import counted

    assert [counted(n, "certificate") for n in (0, 1, "1", 2)] == \
        ["0 certificates", "1 certificate", "1 certificate", "2 certificates"]
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 1)
    document = json.loads(fbs_cli(capsys, "census", "--exhaustive", 1, "--json")[1])
    assert code == 0, err
    assert f"({counted(document['certificates_checked'], 'certificate')})" in out
    assert "1 certificates" not in out and "| C | least ratio | witness" in out
    assert ("Columns: largest, the ratio's maximum over the pairs whose denominator is positive; "
            "least ratio, its minimum over the same pairs; witness, ") in out
