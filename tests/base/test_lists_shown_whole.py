"""Lists and inputs on a terminal are shown whole or say what they leave out (issue 31,
section 2): lies as 1-based ranges, z in the run-length form every command reads back."""

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.cli_run import fbs_cli
from verify.base.witness import ranges_text
from verify.functions.bits import bits_display, parse_bits


def test_ranges_by_hand():
    assert ranges_text([0, 1, 2, 5, 7, 8]) == "1-3, 6, 8-9"
    assert ranges_text(range(33)) == "1-33"
    assert ranges_text([]) == "none"


def test_ranges_cut_say_how_many():
    text = ranges_text(range(0, 200, 2), limit=4)
    assert text == "1, 3, 5, 7, ... (+96 more ranges; 100 in all)"


def _expand(text: str) -> list[int]:
    if text == "none":
        return []
    found = []
    for piece in text.split(", "):
        first, _, last = piece.partition("-")
        found.extend(range(int(first) - 1, int(last or first)))
    return found


@given(st.sets(st.integers(0, 300), max_size=60))
def test_ranges_read_back(indices):
    assert _expand(ranges_text(indices, limit=10**6)) == sorted(indices)


@given(st.text(alphabet="01", min_size=1, max_size=400))
def test_bits_display_reads_back_or_says_the_cut(bits):
    shown = bits_display(bits)
    if "..." in shown:
        assert f"{len(bits)} bits in all" in shown
    else:
        assert "".join(map(str, parse_bits(shown, len(bits)))) == bits


def test_paper_example_lies_and_z_whole(capsys, tmp_path):
    """The q = 99 literature tree (66 supporting papers): the liar's 33 lies and z are printed
    whole, and they are the ones --json gives."""
    tree, oracle = tmp_path / "t.json", tmp_path / "o.json"
    code, _, err = fbs_cli(capsys, "tree", "build", "--literature", "--papers", 99,
                           "--supporting", 66, "-o", tree, "--oracle-out", oracle)
    assert code == 0, err
    argv = ["debate", "worst-case", tree, "--oracle", oracle, "--rho", 4, "--rule", "symmetric"]
    code, text, err = fbs_cli(capsys, *argv)
    assert code == 0, err
    code, out, err = fbs_cli(capsys, *argv, "--json")
    top = json.loads(out)["strategy"][0]
    line = next(row for row in text.splitlines() if "strategy at the root" in row)
    z_text = line.split("z = ")[1].split(" ")[0]
    assert "".join(map(str, parse_bits(z_text, 99))) == "".join(map(str, top["z"]))
    lies = line.split("at children ")[1].split(")")[0]
    assert _expand(lies) == sorted(top["lies"])
    assert f"({len(top['lies'])} lie(s)" in line and "..." not in line
