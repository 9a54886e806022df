"""The Coq proofs in coq/ (Theorem 4.2, Theorems B1 and B4 (ours), the tree certificate).

Runs coqc when it is installed (skipped otherwise, with the reason): every file compiles, each
named theorem exists and `Print Assumptions` answers "Closed under the global context"; and
coq/check.sh fails on an admitted proof, on a declared axiom and on a proof that uses a
section-less Variable (an axiom grep cannot see), so its pass means something. Mutating a
definition (dual feasibility, the capacity floor, Bob's sampling, the consistency check) must
break the proofs; a model that favours Bob (a zero-weight node or a leaf counted as a catch),
which the soundness proofs cannot see, must break the computed examples (FbsExamples.v).

A mutation test (a changed definition or hypothesis must break a proof) takes the fixture
`mutated` and calls it with an edit: `done = mutated(replace_once("model/FbsModel.v", old, new))`
then asserts `done.returncode != 0` (and, where it matters, `'File "./NAME"' in done.stderr`).
The unchanged library is compiled once per session (`compiled`, tests/formal/conftest.py);
each mutation copies it and recompiles only the first edited file and the files after it in
coq/check.sh's order, stopping at the first that coqc refuses (as check.sh does), so it costs
the suffix, not the library (tests/formal/coq_library.py). The tests of check.sh itself (its
pass on the repository, its refusal of an admitted proof, an axiom or a section-less Variable)
still run check.sh on a copy of coq/ (`run_check_sh`).
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from coq_library import COQ_DIR, COQC, check_sh_files

needs_coqc = pytest.mark.skipif(
    COQC is None, reason="coqc not installed (Debian: apt-get install -y coq); CI installs it"
)
coq_run = [pytest.mark.slow, needs_coqc]  # each compiles the proofs (seconds to a minute)

# Module -> the theorems docs/formal.md quotes (each must be closed under the global context).
THEOREMS = {
    "FbsModel": [],  # definitions only (model/: what a reader must trust)
    "FbsDebate": ["all_statements", "all_budgeted_statements"],
    "FbsTrees": [
        "core_lemma", "tree_finite", "theorem_4_2", "paper_sound_rule",
        "theorem_4_2_randomised", "capacity_guarantee", "guarantee_antitone",
        "budget_sound_rule", "theorem_B1", "theorem_B1_randomised", "knownR_sound",
        "theorem_B4", "theorem_B4_inverse", "bobOnes_feasible", "and2_one_liar",
        "and2_honest",
    ],
    "FbsTreeModel": [],
    "FbsTreeCert": ["tree_certificate_dual", "tree_certificate_primal", "tree_certificate",
                    "shared_tree_certificate", "local_checked_perm",
                    "shared_tree_certificate_multiset"],
    "FbsDuality": ["weak_duality", "fbs_value_of_pair"],
    "Families": [],
    "ExhaustiveCheck": ["dualFeasibleb_sound", "primalFeasibleb_sound", "checkExhaustive_sound",
                        "maj3_certificate", "maj3_rejects"],
    "WorstCase": ["worst_is_min", "worst_le_catch", "worst_attained", "worst_is_min_table"],
    "FbsExamples": [
        "theorem_4_2_example", "theorem_4_2_optimal_bob_example", "optBob_optimal", "theorem_B1_example", "theorem_B4_example",
        "zero_weight_example", "menu_example", "tree_certificate_example",
        "shared_perm_example",
    ],
    "BudgetedMixed": ["all_mixed_statements"],
    "LowerBound": ["lemma_5_4", "lemma_5_2", "theorem_5_3", "theorem_5_1", "corollary_5_1",
                   "corollary_5_3"],
    "Completeness": ["theorem_4_1", "theorem_4_1_queries", "theorem_B4_branches",
                     "theorem_B4_exact", "proposition_H", "theorem_B2a"],
    "UpperBound": ["rhoT_le_rho_pow"],
    "BudgetedFloors": ["optimal_dual_vanishes", "proposition_B1prime_b_step"],
    "HonestBudgets": ["honest_budget_is_rhoT"],
    "LowerBoundExamples": ["lemma_5_4_example", "rhoT_le_rho_pow_example", "theorem_5_1_example",
                           "theorem_4_1_example", "theorem_B4_exact_example",
                           "proposition_H_example", "theorem_B2a_example",
                           "proposition_B1prime_b_example", "honest_budget_example"],
}
CLOSED = "Closed under the global context"


def apply(marks):
    def wrap(test):
        for mark in reversed(marks):
            test = mark(test)
        return test
    return wrap


def test_check_sh_compiles_every_module_in_order():
    assert [Path(name).stem for name in check_sh_files()] == list(THEOREMS)
    library = [p for p in COQ_DIR.rglob("*.v") if p.parent.name != "certificates"]
    assert sorted(str(p.relative_to(COQ_DIR)) for p in library) == sorted(check_sh_files())
    assert "certificates=(certificates/*.v)" in (COQ_DIR / "check.sh").read_text()


@apply(coq_run)
def test_every_named_theorem_is_closed(compiled):
    names = [name for names in THEOREMS.values() for name in names]
    probe = compiled / "Probe.v"
    probe.write_text(
        "From FbsCoq Require Import " + " ".join(THEOREMS) + ".\n"
        + "".join(f"Print Assumptions {name}.\n" for name in names)
    )
    done = subprocess.run([COQC, "-q", "-R", ".", "FbsCoq", "Probe.v"], cwd=compiled,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr  # a missing name is an error
    assert done.stdout.count(CLOSED) == len(names), done.stdout
    assert "Axioms:" not in done.stdout


def test_docs_quote_every_theorem():
    doc = (COQ_DIR.parent / "docs" / "formal.md").read_text()
    for names in THEOREMS.values():
        for name in names:
            assert f"`{name}`" in doc, name


def normalise(text: str) -> str:
    return " ".join(text.split())


def test_docs_quotes_are_verbatim():
    """Every Coq block of docs/formal.md is a statement or definition copied from coq/."""
    doc = (COQ_DIR.parent / "docs" / "formal.md").read_text()
    sources = normalise(" ".join(p.read_text() for p in COQ_DIR.rglob("*.v")))
    blocks = re.findall(r"```coq\n(.*?)```", doc, re.S)
    assert len(blocks) >= 30
    for block in blocks:
        assert normalise(block) in sources, block
    quoted = normalise(" ".join(blocks))
    for name in ["core_lemma", "theorem_4_2", "theorem_B1", "theorem_B4", "tree_certificate"]:
        assert f"Theorem {name} :" in quoted, name


def test_docs_check_catches_a_changed_quote(tmp_path, monkeypatch):
    """The verbatim check fails when a quoted statement no longer matches the source."""
    doc = (COQ_DIR.parent / "docs" / "formal.md").read_text()
    changed = doc.replace("/ qpow rho d <= catch oracle (paperRule bob rho) T a 0 s.",
                          "/ qpow rho (S d) <= catch oracle (paperRule bob rho) T a 0 s.")
    assert changed != doc
    sources = normalise(" ".join(p.read_text() for p in COQ_DIR.rglob("*.v")))
    blocks = re.findall(r"```coq\n(.*?)```", changed, re.S)
    assert any(normalise(block) not in sources for block in blocks)


def run_check_sh(tmp_path: Path, edit, library_only: bool = True) -> subprocess.CompletedProcess:
    """check.sh on an edited copy of coq/; a mutation of the library leaves the exported
    certificates out (COQ_LIBRARY_ONLY=1: they only use the library, and cost a tenth of a
    run), the repository's own run keeps them."""
    copy = tmp_path / "coq"
    shutil.copytree(COQ_DIR, copy)
    edit(copy)
    env = {"PATH": shutil.os.environ["PATH"], "COQ_REQUIRED": "1",
           "COQ_LIBRARY_ONLY": "1" if library_only else "0"}
    return subprocess.run(["bash", str(copy / "check.sh")], capture_output=True, text=True,
                          timeout=900, env=env)


def append(text: str):
    """An edit of the copy: `text` added at the end of the first file (check.sh checks each
    file's Print Assumptions as soon as it compiles it, so a bad first file fails at once)."""
    def edit(copy: Path) -> None:
        path = copy / check_sh_files()[0]
        path.write_text(path.read_text() + text)
    return edit


def replace_once(name: str, old: str, new: str):
    """An edit of the copy: the one occurrence of `old` in coq/NAME becomes `new` (NAME is a
    path below coq/, such as model/FbsModel.v)."""
    def edit(copy: Path) -> None:
        path = copy / name
        text = path.read_text()
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new))
    return edit


@apply(coq_run)
def test_check_sh_passes_on_the_repository(tmp_path):
    done = run_check_sh(tmp_path, lambda copy: None, library_only=False)
    assert done.returncode == 0, done.stderr
    assert "Coq check passed" in done.stdout


@apply(coq_run)
@pytest.mark.parametrize("text", [
    "\nLemma bad : False.\nProof.\nAdmitted.\n",
    "\nAxiom bad : False.\n",
    "\nVariable bad : False.\nLemma worse : False.\nProof. exact bad. Qed.\nPrint Assumptions worse.\n",
], ids=["admitted", "axiom", "variable-outside-section"])
def test_check_sh_fails_on_an_unproved_statement(tmp_path, text):
    done = run_check_sh(tmp_path, append(text))
    assert done.returncode != 0
    assert "Coq check failed" in done.stderr


@apply(coq_run)
def test_a_mutation_that_changes_nothing_compiles(mutated):
    """The control of the mutation tests: an edit that leaves every proof intact (a comment
    added to the last file but one, which the last file requires) compiles, the recompiled
    file and the prefix compiled once together, so their failures come from the mutation."""
    def edit(copy: Path) -> None:
        path = copy / check_sh_files()[-2]
        path.write_text(path.read_text() + "\n(* a comment *)\n")
    done = mutated(edit)
    assert done.returncode == 0, done.stderr
    assert done.args[-1] == check_sh_files()[-1]


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # dual feasibility weakened to t(B) >= 0: the core lemma no longer gives t(J) >= 1
    ("1 <= blockWeight (length z) t B", "0 <= blockWeight (length z) t B"),
    # capacities floored at 1/2 instead of 1: Theorem B1's step S2 fails
    ("None => Qmax (nth i bs 0) 1 end", "None => Qmax (nth i bs 0) (1#2) end"),
    # Bob samples uniformly instead of by his weights: Theorem B1 becomes false (1/4 < 1/3
    # on FbsExamples.v's t3)
    ("fun i => nth i w 0 / W *", "fun i => 1 / inject_Z (Z.of_nat (arity k)) *"),
    # the consistency check f(z) = claim dropped: a liar claiming true children wins
    ("Bool.eqb (agg k z) a)%bool then", "true)%bool then"),
], ids=["dual-feasibility", "capacity-floor", "uniform-sampling", "no-consistency-check"])
def test_a_wrong_definition_breaks_the_proofs(mutated, old, new):
    done = mutated(replace_once("model/FbsModel.v", old, new))
    assert done.returncode != 0


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the dual check skips a block (the last mask, all q coordinates)
    ("(allMasks (length z)))%bool.", "(removelast (allMasks (length z))))%bool."),
    # a negative primal weight accepted
    ("(fun Jw => Qle_bool 0 (snd Jw) &&", "(fun Jw => true &&"),
    # a primal block not checked to be sensitive
    ("&& sensb f z (fst Jw)) ws", "&& true) ws"),
    # a negative dual entry accepted
    ("(fun i => Qle_bool 0 (nth i t 0))", "(fun i => true)"),
    # the dual's value not compared with v
    ("&& Qeq_bool (dualValueAt z t) v)%bool.", ")%bool."),
], ids=["skips-a-block", "negative-weight", "insensitive-block", "negative-dual", "no-dual-value"])
def test_a_wrong_exhaustive_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `exhaustive` (issue 27): each weakened check breaks the
    reflection lemma (or the refused examples), so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/ExhaustiveCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/ExhaustiveCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
def test_a_packing_without_the_load_constraint_breaks_weak_duality(mutated):
    done = mutated(replace_once(
        "model/FbsModel.v", "(forall i, (i < length z)%nat -> load ws i <= 1).", "True."))
    assert done.returncode != 0
    assert 'File "./theorems/FbsDuality.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new,fails_in", [
    # a node whose weights sum to 0 counted as a catch: it only favours Bob, so every soundness
    # proof still passes; the worst-case DP (checkers/WorstCase.v, which counts such a node as
    # Alice's) no longer equals the model's catch, and so does the computed honest run of
    # zero_weight_example (examples/FbsExamples.v, compiled later)
    ("if Qeq_bool W 0 then 0 else", "if Qeq_bool W 0 then 1 else", "checkers/WorstCase.v"),
    # a leaf that ignores the oracle and always catches Alice (the soundness proofs pass too);
    # the computed examples catch it
    ("if Bool.eqb a (oracle x) then 0 else 1", "if Bool.eqb a (oracle x) then 1 else 1",
     "theorems/FbsTrees.v"),
], ids=["zero-weight-caught", "leaf-ignores-oracle"])
def test_a_model_favouring_bob_breaks_the_examples(mutated, old, new, fails_in):
    """A catch probability that is too high makes soundness easier, not false; the exact values
    of the examples (the bound attained, the honest Alice never caught) are what pin it down."""
    done = mutated(replace_once("model/FbsModel.v", old, new))
    assert done.returncode != 0
    assert f'File "./{fails_in}"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # a non-symmetric aggregator allowed to share a record up to a permutation: false (a
    # dictator phi(x) = x_0 at z = 01, c = (1, 5) would accept the value 5 of z = 10, c = (5, 1))
    ("(Symmetric phi /\\ Permutation (pairsOf q zu cu) (pairsOf q z c))",
     "Permutation (pairsOf q zu cu) (pairsOf q z c)"),
    # the shared record's dual not permuted with the children: the local step is false
    ("(fst r, permL pi q (snd r) 0)", "(fst r, snd r)"),
], ids=["permutation-without-symmetry", "dual-not-permuted"])
def test_a_wrong_sharing_rule_breaks_the_proofs(mutated, old, new):
    """Sharing up to a permutation (ours) is proved for symmetric aggregators only."""
    done = mutated(replace_once("theorems/FbsTreeCert.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/FbsTreeCert.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("name,old,new", [
    # Lemma 5.4 with leaves allowed at any depth: false (a leaf at the root has rho_T = 1)
    ("theorems/LowerBound.v", "  | CLeaf, O => True", "  | CLeaf, _ => True"),
    # Theorem 5.3 with a checker whose queries are not counted down: Gamma <= m fails
    ("theorems/LowerBound.v", "S m' => forall b, QueriesAtMost (k b) m' end",
     "S m' => forall b, QueriesAtMost (k b) m end"),
    # Theorem 4.1 without the FBS condition: Bob's check may fail on the honest Alice
    ("theorems/Completeness.v",
     "      totalWeight (arity 0%nat) (bob (agg 0%nat) (childVals oracle arity kids 0%nat)) <= rho /\\",
     "      True /\\"),
    # Theorem B2 (a) without beta(root) <= beta_max: false (the root check makes her lose)
    ("theorems/Completeness.v", "  (honestBudget oracle known bobw T <= betaMax ->", "  (True ->"),
    # Proposition H with the first alternative instead of a feasible one
    ("theorems/Completeness.v", "      | Some k => k", "      | Some k => 0%nat"),
    # Proposition B1' (b)'s step with a feasible instead of an optimal Bob: false (1/6 < 1 in
    # proposition_B1prime_b_example)
    ("theorems/BudgetedFloors.v",
     "       (forall bs, BobwOptimalAt bobw (agg k) z (map (capacity known (kids k) bs) (seq 0 (arity k)))) /\\",
     "       (forall bs, DualFeasible (agg k) z (bobw (agg k) z (map (capacity known (kids k) bs) (seq 0 (arity k))))) /\\"),
    # the honest budgets with a feasible instead of an optimal Bob: beta can exceed rho_T
    ("theorems/HonestBudgets.v", "      BobwOptimalAt bobw phi (childValues q kids alpha)\n",
     "      (fun c => DualFeasible phi (childValues q kids alpha)"
     " (bobw phi (childValues q kids alpha) c))\n"),
    # rho_T <= rho^d without the depth bound (a deep tree accepted at depth 0)
    ("theorems/UpperBound.v",
     "match d with O => False | S d' => forall i, (i < q)%nat -> CDepthLe (kids i) d' end",
     "match d with O => True | S d' => forall i, (i < q)%nat -> CDepthLe (kids i) d' end"),
], ids=["lemma-5-4-any-depth", "theorem-5-3-uncounted-queries", "theorem-4-1-no-fbs-condition",
        "theorem-B2a-no-root-budget", "proposition-H-first-alternative", "B1prime-b-feasible-bob",
        "honest-budget-feasible-bob", "rhoT-bound-no-depth"])
def test_a_dropped_hypothesis_breaks_the_proof(mutated, name, old, new):
    """Each main theorem of LowerBound.v, Completeness.v, UpperBound.v, BudgetedFloors.v and
    HonestBudgets.v needs its hypothesis:
    weakened, the proof in that file no longer compiles."""
    done = mutated(replace_once(name, old, new))
    assert done.returncode != 0
    assert f'File "./{name}"' in done.stderr, done.stderr
