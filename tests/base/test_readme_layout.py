"""The README is the entry point (issue 39, item 2): at most 150 lines, exactly two quick-start
commands (the second is what `.ci/run` runs), a tour whose commands work, links into the site;
docs/layout.md names every folder of verify/."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from cli_run import fbs_cli

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def _sh_block(after: str) -> list[str]:
    """The command lines of the first ```sh block after the heading `after`."""
    text = README[README.index(after):]
    block = text[text.index("```sh\n") + 6:]
    return [line for line in block[:block.index("```")].splitlines() if line.strip()]


def test_layout_names_every_package_folder():
    layout = (ROOT / "docs" / "layout.md").read_text()
    folders = sorted(p.name for p in (ROOT / "verify").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert "budgeted" in folders
    missing = [name for name in folders if f"`{name}/`" not in layout]
    assert not missing, missing


def test_the_readme_is_an_entry_point():
    assert len(README.splitlines()) <= 150
    for page in ("docs/install.md", "docs/tutorial.ipynb", "docs/commands.md", "docs/api.md",
                 "CITATION.cff", "CHANGELOG.md"):
        assert f"]({page})" in README, page
    for target in re.findall(r"\]\(([^)#\s]+)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), f"README links to {target}, which does not exist"


def test_exactly_two_quick_start_commands_and_ci_runs_the_second():
    first, second = _sh_block("## Quick start")
    assert first.endswith("/fbs paper") and "pip install -e ." in first
    assert second.endswith("python -m pytest") and "'.[test]'" in second
    ci = (ROOT / ".ci" / "run").read_text()
    assert second in ci.replace("-q ", "")


@pytest.mark.slow
def test_the_tour_runs(capsys, tmp_path, monkeypatch):
    """Each command of the README's tour, in order, in an empty folder: exit 0."""
    monkeypatch.chdir(tmp_path)
    import shutil

    for line in _sh_block("## A short tour"):
        argv = shlex.split(line.split("#")[0])
        assert argv[0] == "fbs", line
        if argv[1] == "coq" and shutil.which("coqc") is None:
            continue  # CI installs coqc (.ci/run)
        code, out, err = fbs_cli(capsys, *argv[1:])
        assert code == 0, (line, err)
