"""The README's Layout section names every folder of verify/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_layout_names_every_package_folder():
    text = (ROOT / "README.md").read_text()
    layout = text[text.index("## Layout"):text.index("## Limits")]
    folders = sorted(p.name for p in (ROOT / "verify").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert "budgeted" in folders
    missing = [name for name in folders if f"`{name}/`" not in layout]
    assert not missing, missing
