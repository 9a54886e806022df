"""`fbs paper` runs never clobber or mix with each other; --list and unknown names list every
check in full."""

from __future__ import annotations

import json

import pytest

import paper_checks
from verify.cli import main

CHECK = "section_3_3_and"
PLOTS = ("fbs_majority.png", "catch_vs_bound.png", "advantage_vs_m.png", "budgeted_vs_paper.png")


def names():
    """Every registered check, read from the package's own module list."""
    return list(paper_checks.MODULES)


def fake_report(folder, partial: bool) -> dict:
    """A report folder as a run leaves it: report.json, report.md and the four plots."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {"report.json": json.dumps({"partial": partial, "checks": [{"name": n} for n in names()]}),
             "report.md": "# the earlier report\n", **{plot: "old plot" for plot in PLOTS}}
    for name, text in files.items():
        (folder / name).write_text(text)
    return files


def test_a_partial_run_never_replaces_a_full_report(tmp_path, capsys):
    before = fake_report(tmp_path / "report", partial=False)
    assert main(["paper", "--only", CHECK, "--report-dir", str(tmp_path / "report")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "full report" in error
    assert {p.name: p.read_text() for p in (tmp_path / "report").iterdir()} == before


@pytest.mark.slow
def test_a_partial_run_goes_to_its_own_folder_says_so_and_removes_stale_plots(
        tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    before = fake_report(tmp_path / "report", partial=False)
    fake_report(tmp_path / "report" / "partial", partial=True)  # an earlier partial run
    assert main(["paper", "--only", CHECK]) == 0
    assert f"partial report (1 of {len(names())} checks) written to report/partial" in \
        capsys.readouterr().out
    assert {p.name: p.read_text() for p in (tmp_path / "report").iterdir()
            if p.is_file()} == before
    partial = tmp_path / "report" / "partial"
    written = json.loads((partial / "report.json").read_text())
    assert written["partial"] is True and written["total_checks"] == len(names())
    assert written["extensions_run"] is False  # issue 39: --only X said true
    assert [c["name"] for c in written["checks"]] == [CHECK]
    markdown = (partial / "report.md").read_text()
    assert f"Partial run: 1 of {len(names())} checks" in markdown
    # the plots of the earlier run are gone: section_3_3_and draws none of the four
    assert sorted(p.name for p in partial.glob("*.png")) == []
    assert all(plot not in markdown for plot in PLOTS)


def test_list_prints_every_check_name(capsys):
    assert main(["paper", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == names()


def test_an_unknown_name_lists_every_valid_name_in_full(capsys):
    assert main(["paper", "--only", "no_such_check"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "message cut" not in error
    assert all(name in error for name in names())


def test_extensions_run_says_whether_an_extension_check_ran(monkeypatch):
    """Issue 39: `fbs paper --only X` reported extensions_run: true. The field is true iff a
    check of paper_checks.EXTENSIONS ran (checks stubbed: the field, not the checks, is tested)."""
    from verify.report import api
    from verify.report.runner import CheckResult

    monkeypatch.setattr(api, "run_check", lambda check, context: CheckResult(
        check.name, "", "", "stub", "confirmed"))
    assert api.paper(only=[CHECK], report_dir=None).to_json()["extensions_run"] is False
    extension = sorted(paper_checks.EXTENSIONS)[0]
    assert api.paper(only=[CHECK, extension], report_dir=None).to_json()["extensions_run"]
