"""The quick run (`pytest -m "not slow"`) and the full run (`.ci/run`): the marker is
registered, CI deselects nothing, and no test that starts a Dask cluster is left unmarked."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLUSTER_FIXTURES = {"client1", "client2", "small_census_store", "summary"}


def test_the_slow_marker_is_registered():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("slow:") for marker in options["markers"])


def test_ci_runs_the_whole_suite():
    script = (ROOT / ".ci" / "run").read_text()
    runs = [line for line in script.splitlines() if "pytest" in line and not line.startswith("#")]
    assert runs and not any(re.search(r"pytest\b.*\s-m\s", line) or "not slow" in line
                            for line in runs)


def _marked_slow(function: ast.FunctionDef) -> bool:
    return any("slow" in ast.unparse(decorator) for decorator in function.decorator_list)


def test_tests_that_start_a_cluster_are_marked_slow():
    unmarked = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                arguments = {a.arg for a in node.args.args}
                if arguments & CLUSTER_FIXTURES and not _marked_slow(node):
                    unmarked.append(f"{path.relative_to(ROOT)}::{node.name}")
    assert not unmarked, unmarked
