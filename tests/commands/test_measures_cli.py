"""`fbs measures SPEC`: the four global measures, their certificates, and bad input."""

import json

import pytest
from cli_run import fbs_cli


def test_majority_nine_closed_form_and_certificates(capsys, tmp_path):
    """MAJ_9 (k = 4): s = bs = fbs = C = k + 1 = 5 (docs/notes.md closed forms); the four
    certificates are written and each passes `fbs check` (the checker's own process)."""
    prefix = tmp_path / "maj9"
    code, out, err = fbs_cli(capsys, "measures", "maj:9", "--json", "--certificates", prefix)
    assert code == 0, err
    document = json.loads(out)
    assert [document[m]["value"] for m in ("s", "bs", "fbs", "C")] == ["5"] * 4
    assert all(document[m]["certified"] for m in ("s", "bs", "fbs", "C"))
    assert document["fbs"]["at"].count("1") in (4, 5)  # weights k and k + 1 reach k + 1
    for m in ("s", "bs", "fbs", "C"):
        code, out, err = fbs_cli(capsys, "check", f"{prefix}-{m}.json")
        assert code == 0 and out.startswith("valid:") and f"{m} = 5" in out, err


def test_text_output_names_every_measure(capsys):
    code, out, _ = fbs_cli(capsys, "measures", "parity:6")
    assert code == 0
    for m in ("s(f)", "bs(f)", "fbs(f)", "C(f)"):
        assert f"{m}" in out and "= 6 at" in out


@pytest.mark.parametrize("argv, phrase", [
    (["measures", "tribes:3:5"], "q <= 14"),
    (["measures", "maj:15", "--certificates", "{tmp}/maj15"], "closed form over weights"),
    (["measures", "maj:3", "--certificates", ""], "prefix"),
    (["measures", "nosuch:3"], "nosuch"),
])
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, argv, phrase):
    code, out, err = fbs_cli(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == 2 and out == "" and err.count("\n") == 1 and phrase in err, err


def test_a_certificate_prefix_that_names_the_spec_file_is_refused(capsys, tmp_path):
    spec = tmp_path / "f-s.json"
    spec.write_text("maj:3")
    code, _, err = fbs_cli(capsys, "measures", f"@{spec}", "--certificates", tmp_path / "f")
    assert code == 2 and spec.read_text() == "maj:3", err


def test_majority_twenty_by_weights_is_exact_and_says_so(capsys):
    """Issue 39: `fbs measures maj:20` was refused. MAJ_20 (strict: 1 iff |x| >= 11) reaches
    11 at weight 11 (w / (w - t + 1)); exit 0, and the output says how it was computed."""
    code, out, err = fbs_cli(capsys, "measures", "maj:20")
    assert code == 0, err
    assert out.count("= 11 at 0^9,1^11 (exact: closed form over weights, not certified)") == 4
    assert "over the 21 weights" in out
    code, out, _ = fbs_cli(capsys, "measures", "maj:20", "--json")
    document = json.loads(out)
    assert document["fbs"] == {"value": "11", "value_float": 11.0, "at": "0" * 9 + "1" * 11,
                               "certified": False}
    assert "closed form" in document["source"]


def test_a_long_truth_table_is_shown_by_its_start_and_digest(capsys, tmp_path):
    """Issue 39: `fbs measures @FILE` echoed a 16 KB truth table."""
    import hashlib

    spec = "tt:" + "0110" * (1 << 10)  # 4096 values: q = 12
    (tmp_path / "f.txt").write_text(spec)
    code, out, _ = fbs_cli(capsys, "measures", f"@{tmp_path / 'f.txt'}")
    first = out.splitlines()[0]
    assert code == 0 and len(first) < 160 and spec not in out
    assert f"({len(spec)} characters, sha256 {hashlib.sha256(spec.encode()).hexdigest()[:16]}" \
        in first
