"""Write coq/certificates/ from certificates/paper/ (`python tools/export_coq_certificates.py`).

One Coq file per folder of certificates/paper/, a theorem per certificate the Coq checkers
cover (verify/formal/coq_export.py), and coq/certificates/README.md listing the others with
the reason; and worst_case_corpus.v, the Python engine's exact worst cases as Coq Examples
(verify/formal/coq_worst_case.py). coq/check.sh compiles the files; tests/formal/test_coq_export.py fails when they
differ from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verify.formal.coq_export import paper_exports  # noqa: E402
from verify.formal.coq_worst_case import corpus_text  # noqa: E402

OUT = ROOT / "coq" / "certificates"
CORPUS = "worst_case_corpus.v"  # the engine's worst cases against Coq's (issue 27, section 3)


def readme(files: dict[str, str], skipped: list[tuple[str, str]]) -> str:
    """The folder's README: what is exported, how it is checked, and what is left out."""
    theorems = sum(text.count("\nTheorem ") for text in files.values())
    lines = [
        "# Certificates of certificates/paper/ as Coq theorems",
        "",
        "Written by `python tools/export_coq_certificates.py` (`fbs coq`, untrusted); compiled by",
        "`coq/check.sh`, which fails unless every theorem is proved and its `Print Assumptions`",
        "is closed. Each theorem states `FbsIs F z v` (coq/model/Families.v: z has exactly arity F",
        "bits and v is the optimum of the packing LP of Definition 3.3 and of the dual LP of",
        "Definition 3.4 of F's function at z, coq/model/FbsModel.v), F named with its arity by",
        "its family or its truth table `TT` (coq/model/Families.v), and is proved by running",
        "the checker of coq/checkers/ExhaustiveCheck.v (kind exhaustive) or of",
        "coq/checkers/SymmetricCheck.v (kind symmetric, whose Hamming-weight reduction is proved",
        "there: `checkSymmetric_sound`). The Python checker is not involved.",
        "A certificate of kind `tree` gives `RhoT T alpha V` (coq/model/TreeStatements.v: V =",
        "rho_T, the minimum of the global dual LP of F_T at alpha; T named by its shape and",
        "families, alpha by its bits), proved by running coq/checkers/TreeCheck.v.",
        "",
        "`worst_case_corpus.v` (verify/formal/coq_worst_case.py): on 68 instances (the menu tree",
        "of examples/, uniform, random and mixed-depth trees; two oracles or more; rho 2 to 4; Bob's",
        "rules `vertex` and `symmetric`), the Python",
        "engine's exact worst-case catch probability equals Coq's `worst` (coq/checkers/",
        "WorstCase.v), which `worst_is_min_table` proves is the minimum over all of Alice's",
        "strategies of the model's catch.",
        "",
        f"{theorems} theorems in {len(files)} files: " + ", ".join(f"`{n}`" for n in sorted(files))
        + ".",
        "",
        f"Not exported here ({len(skipped)} certificates), with the reason:",
        "",
        "| certificate | reason |",
        "|---|---|",
    ]
    lines += [f"| `{name}` | {reason} |" for name, reason in skipped]
    return "\n".join(lines) + "\n"


def main() -> None:
    files, skipped = paper_exports(ROOT / "certificates" / "paper")
    OUT.mkdir(exist_ok=True)
    (OUT / CORPUS).write_text(corpus_text())
    for old in OUT.glob("*.v"):
        if old.name not in files and old.name != CORPUS:
            old.unlink()
    for name, text in files.items():
        (OUT / name).write_text(text)
    (OUT / "README.md").write_text(readme(files, skipped))
    print(f"{len(files)} files written to {OUT}; {len(skipped)} certificates without a theorem of "
          "their own (README.md says why)")


if __name__ == "__main__":
    main()
