"""The import boundary of the trusted checker (docs/design.md, Trust boundary): standard library only."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "verify" / "checker"
ALLOWED = {"fractions", "json", "hashlib", "math", "itertools", "functools", "dataclasses",
           "typing", "collections", "enum", "re", "sys", "os", "pathlib", "io", "gzip",
           "base64", "zlib", "array", "__future__"}
HEAVY = ("numpy", "flint", "z3", "pysat", "highspy", "sympy", "scipy", "mpmath")
MODULES = sorted(CHECKER.glob("*.py"))


def _imports(path: Path):
    """(line, top-level module or None for relative, relative level) of every import."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0], 0
        elif isinstance(node, ast.ImportFrom):
            top = node.module.split(".")[0] if node.module and node.level == 0 else None
            yield node.lineno, top, node.level


def test_checker_modules_exist():
    names = {path.name for path in MODULES}
    assert {"__init__.py", "spec_eval.py", "exhaustive.py", "rationals.py", "reader.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_imports_are_stdlib_or_relative(path):
    for line, module, level in _imports(path):
        where = f"{path.name}:{line}"
        if level:
            assert level == 1, f"{where}: relative import leaves verify/checker"
        else:
            assert module in sys.stdlib_module_names, f"{where}: {module} is not stdlib"
            assert module in ALLOWED, f"{where}: {module} is not on the checker's allowlist"


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_dynamic_imports(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            assert node.id not in ("__import__", "importlib", "exec", "eval"), \
                f"{path.name}:{node.lineno}: {node.id}"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("import_module", "__import__"), f"{path.name}:{node.lineno}"


def test_module_names_do_not_shadow_stdlib():
    for path in MODULES:
        if path.stem != "__init__":
            assert path.stem not in sys.stdlib_module_names, path.name


def test_importing_and_running_the_checker_loads_no_heavy_module():
    script = (
        "import sys\n"
        "import verify.checker as c\n"
        "obj = {'format': c.FORMAT, 'kind': 'exhaustive', 'spec': 'compose(maj:3;and:2;or:2;expr:x1)',"
        " 'arity': 5, 'input': '11010', 'value': '1', 'primal': [], 'dual': ['0'] * 5}\n"
        "c.check_certificate(obj)\n"
        "c.evaluate_spec('cnf:a', {'a': 'p cnf 2 1\\n1 -2 0\\n'})\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"heavy modules loaded: {result.stdout.strip()}"
