"""The build step that ships data with the package (everything else is in pyproject.toml).

A wheel or `pip install .` copies the paper's stored certificates, the example trees and the
Coq sources into `verify/_data/` (verify/base/data.py reads them there); an editable install
copies nothing and reads the checkout's folders. The sdist carries the folders (MANIFEST.in).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# name in verify/_data -> (folder of the checkout, the files it ships)
DATA = {"paper": ("certificates/paper", ("MANIFEST.json", "*.json.gz")),
        "examples": ("examples", ("*.json", "*.jsonl", "*.md")),
        "coq": ("coq", ("*.v", "*.ml", "check.sh", "*.md"))}


class build_py_with_data(build_py):
    """build_py, then the data folders copied into the built package."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name, (folder, patterns) in DATA.items():
            source = ROOT / folder
            for pattern in patterns:
                for path in sorted(source.rglob(pattern)):
                    target = Path(self.build_lib) / "verify" / "_data" / name / path.relative_to(source)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, target)


setup(cmdclass={"build_py": build_py_with_data})
