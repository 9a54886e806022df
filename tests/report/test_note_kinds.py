"""The report's classification (issue 30): a note is a `deviation` only where the check departs
from the claim; "the claim holds as stated" and readings are plain notes; a claim the paper
states without a number is `no-number`, not `refined`."""

import ast
from pathlib import Path

from verify.report.runner import STATUSES, CheckResult
from verify.report.writer import _markdown

ROOT = Path(__file__).resolve().parents[2]


def _keyword_strings(name: str):
    """(file, the joined string literals of each item of every `name=[...]` keyword)."""
    for path in sorted((ROOT / "paper_checks").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == name and \
                    isinstance(node.value, ast.List):
                for item in node.value.elts:
                    parts = [n.value for n in ast.walk(item)
                             if isinstance(n, ast.Constant) and isinstance(n.value, str)]
                    yield path.name, " ".join(parts)


def test_no_deviation_says_the_claim_holds_or_that_no_number_is_given():
    for path, text in _keyword_strings("deviations"):
        assert "holds as stated" not in text and "claim holds" not in text, path
        assert "states no number" not in text, path


def test_no_refined_check_says_the_paper_gives_no_number():
    fifty = (ROOT / "paper_checks" / "section_1_2_fifty_of_99.py").read_text()
    assert '"no-number" if ok' in fifty and "no-number" in STATUSES
    for path, text in _keyword_strings("notes"):
        assert "'refined' means" not in text, path


def test_the_markdown_labels_notes_and_deviations_apart():
    result = CheckResult("c", "place", "claim", "computed", "confirmed",
                         deviations=["a part not checked"], notes=["holds as stated here"])
    text = _markdown([result], [], [])
    assert "- deviation: a part not checked" in text and "- note: holds as stated here" in text
    assert "- deviation: holds as stated" not in text
