"""verify/commands/ has no import circle (issue 30, section 6: budgeted <-> debate <-> mixed):
the relative imports between its modules, lazy ones included, form a DAG."""

import ast
from pathlib import Path

COMMANDS = Path(__file__).resolve().parents[2] / "verify" / "commands"


def _edges() -> dict[str, set[str]]:
    edges = {}
    for path in COMMANDS.glob("*.py"):
        targets = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets |= {node.module} if node.module else {a.name for a in node.names}
        edges[path.stem] = targets
    return edges


def test_the_command_modules_import_without_a_circle():
    edges, done, active = _edges(), set(), []

    def visit(name):
        assert name not in active, f"import circle: {' -> '.join(active + [name])}"
        if name in done:
            return
        active.append(name)
        for target in sorted(edges.get(name, ())):
            visit(target)
        active.pop()
        done.add(name)

    for name in sorted(edges):
        visit(name)
