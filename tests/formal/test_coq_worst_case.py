"""The Coq model and the Python engine on the same instances (verify/formal/coq_worst_case.py).

coq/certificates/worst_case_corpus.v states, for each instance, that Coq's `worst`
(coq/checkers/WorstCase.v, proved to be the minimum over Alice's strategies of the model's
catch) equals the engine's exact worst case; coq/check.sh computes every one. Here: the
committed file is what the engine gives today (so an engine change that moves a value fails
here, and a model change that moves one fails in coqc), the corpus has the breadth the issue
asks for, and coqc refuses a corpus whose value is off.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from verify.formal.coq_run import check_file, closed
from verify.formal.coq_worst_case import corpus, corpus_text

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "coq" / "certificates" / "worst_case_corpus.v"


def test_the_committed_corpus_is_the_engines():
    assert CORPUS.read_text() == corpus_text()


def test_the_corpus_is_broad():
    instances = corpus()
    assert len(instances) >= 50
    assert {rule for *_, rule in instances} == {"vertex", "symmetric"}
    depths = {tree.depth for _, _, tree, *_ in instances}
    assert depths >= {1, 2, 3}
    mixed = [tree for _, _, tree, *_ in instances
             if len({tree.depths[leaf] for leaf in tree.leaves()}) > 1]
    assert mixed  # leaves at several depths
    assert any(tree.has_menus for _, _, tree, *_ in instances)  # alternative decompositions
    assert "(Node 2 (fun k => match k with" in CORPUS.read_text()  # exported as Coq menus
    values = set(re.findall(r"the engine's exact worst case ([0-9/]+) \*\)", CORPUS.read_text()))
    assert len(values) >= 4  # not one trivial value


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc not installed")
def test_coqc_refuses_a_wrong_value(compiled, tmp_path):
    """maj:3 at depth 1 with the optimal (vertex) Bob: the liar is caught with exactly 1/2 =
    rho^-1 (rho = 2); claiming 1/3 instead makes coqc fail (against the library compiled once,
    tests/formal/conftest.py)."""
    text = CORPUS.read_text()
    example = "Example uniform_maj_3_d1_o0_vertex :"
    start = text.index(example)
    end = text.index("Qed.", start)
    assert text[start:end].count("== (1 # 2).") == 1
    path = tmp_path / "Exported.v"
    path.write_text(text)
    assert closed(check_file(compiled, path), path)
    path.write_text(text[:start] + text[start:end].replace("== (1 # 2).", "== (1 # 3).")
                    + text[end:])
    assert not closed(check_file(compiled, path), path)
