"""Where the data shipped with fbs-verify lives: the paper's stored certificates
(`certificates/paper/`), the example trees (`examples/`) and the Coq library (`coq/`).

One rule: an installed package (`pip install .`, a wheel) carries copies of the three folders
inside itself, in `verify/_data/paper`, `verify/_data/examples` and `verify/_data/coq`
(setup.py's build step copies them there), and those are used; a checkout or an editable
install has no `verify/_data/`, and uses the repository's own folders next to `verify/`.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # verify/
SHIPPED = PACKAGE / "_data"
FOLDERS = {"paper": "certificates/paper", "examples": "examples", "coq": "coq"}


def data_dir(name: str) -> Path:
    """The folder of shipped data `name` ("paper", "examples" or "coq"), by the rule above."""
    shipped = SHIPPED / name
    return shipped if shipped.is_dir() else PACKAGE.parent / FOLDERS[name]
