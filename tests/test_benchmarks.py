"""The benchmarks in bench/ keep working as the package moves: every `from verify... import`
they contain (also inside the child-process scripts they run as strings) resolves, and the
lower-bound benchmark's smoke run certifies the same rho_T from the library and from files."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
IMPORT = re.compile(r"^\s*from (verify(?:\.\w+)*) import \(?([\w, \n]+?)\)?$", re.M)


def _imports():
    for script in sorted(BENCH.glob("*.py")):
        for module, names in IMPORT.findall(script.read_text()):
            for name in filter(None, (n.strip() for n in names.split(","))):
                yield script.name, module, name


@pytest.mark.parametrize("script, module, name", sorted(set(_imports())))
def test_every_import_of_the_benchmarks_resolves(script, module, name):
    assert hasattr(importlib.import_module(module), name), f"{script}: {module}.{name}"


def test_the_import_scan_finds_the_child_scripts():
    """Guards the scan itself: imports inside CHILD strings are found."""
    found = {(s, m) for s, m, _ in _imports()}
    assert ("bench_lower_bound.py", "verify.lower_bound.adversary") in found


@pytest.mark.slow
def test_the_lower_bound_benchmark_runs():
    result = subprocess.run([sys.executable, str(BENCH / "bench_lower_bound.py"), "--quick"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    rho = [row for row in rows if row["bench"] == "rho_recursive"]
    assert len(rho) == 2 and rho[0]["rho_T"] == rho[1]["rho_T"]  # library == files
    assert all(row["certified"] for row in rows) and len(rows) == 4
