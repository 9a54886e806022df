"""The layout stays true (issue 10): every import points down the layers, the checker imports
nothing of the package, and tests/ has the package's shape.

Layers, bottom to top (docs/design.md): base, functions, sensitivity, trees, protocol,
lower_bound, budgeted (this project's extension), formal, report, sweep, commands. A module
may import its own layer or a lower one; the top-level package `paper_checks` (one module per
paper claim) sits above all of them: it may import any layer, and no module of `verify` imports
it (the report's runner loads it by name); the trusted checker (verify/checker) may be imported
by anyone and imports only the standard library (tests/checker/test_checker_imports.py checks
the allowlist).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import verify

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "verify"
LAYERS = ["base", "functions", "sensitivity", "trees", "protocol", "lower_bound", "budgeted",
          "formal", "report", "sweep", "commands"]
RANK = {name: rank for rank, name in enumerate(LAYERS)}
TOP_LEVEL = {"cli": "commands", "__main__": "commands"}  # verify/cli.py is the CLI entry point
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "checker" not in p.relative_to(PACKAGE).parts)
CHECKS = ROOT / "paper_checks"  # above every layer of verify


def _layer(module: str) -> str | None:
    """The layer of a dotted module name inside verify (None for the package root)."""
    parts = module.split(".")
    if parts[0] != "verify" or len(parts) == 1:
        return None
    return TOP_LEVEL.get(parts[1], parts[1])


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, root: Path = ROOT):
    """(line, imported module, imported name) for every import, relative ones resolved."""
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                yield node.lineno, module, alias.name


def _target_layer(module: str, name: str | None) -> str | None:
    """The layer an import reaches; `from verify import X` goes through the lazy API map."""
    if module == "verify" and name is not None:
        if name == "__version__":
            return "base"
        return _layer(verify._LAZY[name]) if name in verify._LAZY else _layer(f"verify.{name}")
    return _layer(module)


def test_every_folder_is_a_known_layer():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(LAYERS) | {"checker"}


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_imports_point_down(path):
    here = _layer(_module_name(path))
    for line, module, name in _imported(path):
        assert not module.startswith("paper_checks"), (
            f"{path.relative_to(ROOT)}:{line} imports {module}: paper_checks sits above verify")
        if not module.startswith("verify") or module.startswith("verify.checker"):
            continue
        target = _target_layer(module, name)
        if here is None or target is None:  # verify/__init__.py: the lazy API map only
            assert here is None and path.name == "__init__.py", f"{path}:{line}: {module}"
            continue
        assert RANK[target] <= RANK[here], (
            f"{path.relative_to(ROOT)}:{line} imports {module} ({target}) from the lower layer "
            f"{here}: imports must point down ({' <- '.join(LAYERS)})")


def test_paper_checks_sit_above_verify():
    """paper_checks is a top-level package of one module per paper claim, importing only verify
    (any layer), its own modules and third-party code; verify never imports it statically."""
    modules = sorted(CHECKS.glob("*.py"))
    assert len(modules) > 10
    for path in modules:
        for line, module, _ in _imported(path):
            assert not module.startswith("tests"), f"{path.relative_to(ROOT)}:{line}: {module}"
    assert not (PACKAGE / "report" / "checks").exists()


def test_the_package_root_imports_nothing_eagerly():
    tree = ast.parse((PACKAGE / "__init__.py").read_text())
    assert not [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_the_api_map_names_real_objects_in_the_right_modules():
    for name, module in verify._LAZY.items():
        assert _layer(module) in RANK, module
        assert getattr(verify, name) is not None


def test_tests_have_the_package_shape():
    folders = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= set(LAYERS) | {"checker", "paper_checks"}, folders - set(LAYERS)
    loose = {p.name for p in (ROOT / "tests").glob("test_*.py")}
    assert loose <= {"test_layout.py", "test_api.py", "test_benchmarks.py"}, loose


def test_a_violation_is_detected(tmp_path):
    """The rule itself: sensitivity importing protocol must be reported (guards the test)."""
    bad = tmp_path / "verify" / "sensitivity" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("from verify.protocol.engine import Debate\nfrom ..trees import model\n")
    found = [_target_layer(m, n) for _, m, n in _imported(bad, tmp_path)]
    assert found == ["protocol", "trees"]
    assert all(RANK[t] > RANK["sensitivity"] for t in found)



def test_imports_are_sorted_and_names_defined():
    """ruff's isort and pyflakes rules: no unused, undefined or unsorted imports."""
    import shutil
    import subprocess
    import sys

    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    result = subprocess.run([ruff, "check", "--select", "I,F", "verify", "tests", "bench",
                             "tools"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]


def _relative_imports(folder: Path) -> dict[str, set[str]]:
    """module -> the modules of the same folder it imports (relative imports, lazy ones too)."""
    edges = {}
    for path in folder.glob("*.py"):
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets |= ({node.module.split(".")[0]} if node.module
                            else {alias.name for alias in node.names})
        edges[path.stem] = targets
    return edges


def _circle(edges: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(name: str, active: list[str]):
        if name in active:
            return active[active.index(name):] + [name]
        if name in done:
            return None
        for target in sorted(edges.get(name, ())):
            found = visit(target, active + [name])
            if found:
                return found
        done.add(name)
        return None

    return next((c for c in (visit(n, []) for n in sorted(edges)) if c), None)


@pytest.mark.parametrize("folder", sorted(p.name for p in PACKAGE.iterdir()
                                          if p.is_dir() and p.name != "__pycache__"))
def test_no_import_circle_inside_a_folder(folder):
    """Issue 30, section 6: the modules of each folder import one another as a DAG (the
    circles commands/ budgeted <-> debate <-> mixed, lower_bound/ adaptive <-> adversary and
    sweep/ jobs <-> trees are gone)."""
    assert _circle(_relative_imports(PACKAGE / folder)) is None


def test_the_circle_finder_finds_one():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None
