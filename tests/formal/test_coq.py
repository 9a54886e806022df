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

import io
import json
import re
import shutil
import subprocess
from contextlib import redirect_stdout
from fractions import Fraction
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
    "Measures": [],  # definitions only (model/: s, bs, C at an input; the global maxima)
    "Families": ["inputOf_check", "wrong_arity_examples"],
    "ExhaustiveCheck": ["dualFeasibleb_sound", "primalFeasibleb_sound", "checkExhaustive_sound",
                        "maj3_certificate", "maj3_rejects", "walkMasks_sound",
                        "blockWeight_wsum", "dualFast_sound", "checkExhaustiveFast_sound",
                        "maj3_fast"],
    "TreeStatements": [],  # definitions only: RhoT, uniform/over/node trees, alphaOf
    "TreeCheck": ["localb_sound", "accT_sound", "checkTree_sound", "tiny_tree", "tiny_rejects",
                  "shared_maj3", "shared_rejects"],
    "WeightedStatements": [],  # definitions only: WeightedValue, WeightedFbsIs (kind weighted)
    "WeightedCheck": ["weighted_weak_duality", "checkWeighted_sound", "weightedValue_ext",
                      "tiny_weighted", "tiny_weighted_rejects"],
    "ThresholdCheck": ["flip_xorL", "dp_sound", "sens_need", "side_cost_le",
                       "checkThreshold_sound", "checkThresholdFamily_sound", "tiny_threshold",
                       "tiny_threshold_rejects"],
    "TreeV3Check": ["lemma_M", "sideOK_facts", "node_arr", "nodeRes_good", "walk_sound",
                    "checkTreeV3_sound", "checkTreeV3_family_sound", "tiny_maj3", "maj3_depth2",
                    "maj3_depth2_rejects"],
    "TreeV3General": ["symFam_symmetric", "assemble", "pick_good", "pick_nonneg", "acc3_sound",
                      "checkTree3_sound", "alook_alphaOf", "checkTree3Bits_sound", "tiny_v3",
                      "tiny_v3_bits", "tiny_v3_rejects", "tiny_v3_bits_rejects", "mixed_v3"],
    "SymmetricCheck": ["dualOK_sound", "symPrimal_feasible", "checkSymmetric_sound",
                       "maj99_certificate", "maj3_symmetric", "maj3_symmetric_rejects",
                       "constOn_sound", "vbuild_look", "shapeVF_ok",
                       "checkSymmetricRuns_checkSymmetric",
                       "checkSymmetricRuns_sound", "maj99_runs", "maj99_runs_rejects"],
    "MeasureCheck": ["checkS_sound", "checkBS_sound", "checkC_sound", "best_bound",
                     "maj5_s", "maj5_bs", "maj5_C", "maj5_at_00111", "maj5_measure_rejects",
                     "stepVal_bound", "bsTable_sound", "checkBSFast_sound", "maj5_bs_fast",
                     "maj5_bs_fast_rejects"],
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
    "OptimalBobExamples": ["optBobw_optimal", "theorem_4_2_optimal_bob_depth2_example",
                           "theorem_B1_optimal_bob_example", "theorem_B4_optimal_bob_example"],
    "MeasureChain": ["s_le_bs", "bs_le_fbs", "fbs_le_C", "measure_chain"],
    "GlobalMeasureCheck": ["stab_spec", "ctab_spec", "checkGlobalS_sound", "checkGlobalC_sound",
                           "checkGlobalFbs_sound", "checkGlobalBS_sound", "checkGlobalTable_sound",
                           "checkGlobalMeasure_sound", "checkGlobalTT_sound", "global_examples",
                           "global_rejects"],
    "MenuModel": [],  # definitions only: menu trees, legal oracles, realisations, rho_M, rho_R
    "MenuLowerBound": ["proposition_M1", "proposition_M1_bound", "legal_min_block",
                       "lemma_M2_light", "proposition_M2", "proposition_M2_queries"],
    "MenuDistinct": ["corollary_M4", "corollary_M4_queries"],
    "MenuRealisations": ["m3_cover", "proposition_M3"],
    "MenuExamples": ["proposition_M1_example", "proposition_M2_example",
                     "proposition_M3_example", "corollary_M4_example"],
    "HonestLeaves": ["theorem_B2c"],
    "BudgetedLeaves": ["theorem_B1_engine", "proposition_B1prime_a",
                       "proposition_B1prime_b_leaves"],
    "BudgetedExamples": ["theorem_B2c_example", "proposition_B1prime_example"],
    "CompletenessCost": ["theorem_4_1_cost", "proposition_H_queries", "lookahead_unbounded"],
    "CostExamples": ["theorem_4_1_cost_example", "proposition_H_queries_example",
                     "lookahead_unbounded_example"],
    "HonestBridge": ["honest_budget_bridge", "honest_budget_rhoT_protocol", "honest_engine_catch",
                     "theorem_B2b", "rhoQ_of_rhoT", "theorem_B2b_queries"],
    "BridgeExamples": ["theorem_B2b_example", "repeated_query_counterexample"],
    "InstanceOptimality": ["repetition", "repetition_adaptive", "exp_free_bound", "log_free_runs",
                           "theorem_B3_sound", "theorem_B3_sound_engine", "theorem_B3",
                           "theorem_B3_rhoT", "theorem_B3_witness"],
    "InstanceOptimalityExamples": ["theorem_B3_example", "theorem_B3_witness_example",
                                   "theorem_B3_lower_example", "repetition_adaptive_example",
                                   "theorem_B3_sound_engine_example"],
    "BudgetedRecursion": ["freeb_sound", "proposition_B1prime_b", "proposition_B1prime_b_root"],
    "RecursionExamples": ["proposition_B1prime_b_recursion_example", "toolCut_chain_example"],
    "Antichains": [],  # definitions only: families, minimal members, up-sets, nu*, sigma, nu, tau
    "CensusLemmas": ["lemma_1_fbs", "lemma_1_s", "lemma_1_bs", "lemma_1_C", "lemma_1",
                     "lemma_3_nu_star", "lemma_3_sigma", "lemma_3_nu", "lemma_3_tau",
                     "lemma_3_counts", "lemma_3", "lemma_2_translation",
                     "lemma_2_shift_involutive", "lemma_2_determined", "lemma_2_every_pair",
                     "minsOf_spec", "lemma_2_characterisation", "lemma_2", "minsOf_listed",
                     "class_sum_by_antichains", "class_sum_by_classes", "lemma_4",
                     "lemma_4_split", "lemma_4_join", "lemma_4_transport_join",
                     "minimal_permFam", "lemma_4_shard", "minimal_blocks_suffice",
                     "fbs_ge_one"],
    "CensusClassesCheck": ["checkCzero_sound", "bbuild_lookup", "census_entry_of_measures",
                           "checkCensusEntry_sound", "checkCensusClasses_sound",
                           "maj3_census_entry", "checkShardVisit_sound", "maj3_visit"],
    "CensusShardCheck": ["pair_fbs", "checkShard_sound", "checkShardWith_sound", "example_shard",
                         "example_refusals"],
    "CensusCount": ["lemma_2_count", "class_sum_theorem", "census_total"],
    "CensusExamples": ["lemma_2_count_q2", "lemma_2_count_q3", "census_total_q2",
                       "census_total_q3", "census_by_classes_q3", "census_by_classes_example",
                       "lemma_1_example", "lemma_4_example", "lemma_4_shard_example"],
    "InstanceOptimalityProtocol": ["theorem_B3_protocol", "rhoT_of_rhoQ",
                                   "theorem_B3_protocol_queries"],
    "InstanceOptimalityProtocolExamples": ["theorem_B3_protocol_example"],
    "LookaheadLowerBound": ["lookahead_lower_bound"],
    "LookaheadExamples": ["lookahead_lower_bound_example", "lookahead_fewer_lose_example"],
    "CensusShards": ["lemma_4_count", "census_by_shards"],
    "CensusShardExamples": ["census_by_shards_q3", "lemma_4_count_q3"],
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
    # native/Extract.v is compiled by the proved program's build (verify/formal/proved_build.py,
    # which also requires its Print Assumptions closed), not by check.sh: it writes OCaml files
    library = [p for p in COQ_DIR.rglob("*.v") if p.parent.name not in ("certificates", "native")]
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


def first_file_only(text: str = ""):
    """An edit of the copy: check.sh compiles only its first file, with `text` appended (the
    checks after compiling are the same, on one file instead of fifty)."""
    def edit(copy: Path) -> None:
        script = copy / "check.sh"
        first = check_sh_files()[0]
        script.write_text(re.sub(r"^files=\([^)]*\)", f"files=({first})",
                                 script.read_text(), count=1, flags=re.M))
        path = copy / first
        path.write_text(path.read_text() + text)
    return edit


@apply(coq_run)
@pytest.mark.parametrize("text", [
    "",
    "\nLocal Axiom bad : False.\n",
    "\n#[local] Axiom bad : False.\n",
    "\nDefinition harmless := 0. Axiom bad : False.\n",
    "\nModule Hidden.\n  Local Parameter bad : False.\nEnd Hidden.\n",
], ids=["control", "local-axiom", "attribute-local-axiom", "axiom-after-a-command",
        "parameter-in-a-module"])
def test_check_sh_finds_an_axiom_the_grep_misses(tmp_path, text):
    """Issue 40: check.sh lists every constant through Coq (Print Module) and requires its
    assumptions closed, so an axiom in a form the source grep does not see fails it."""
    done = run_check_sh(tmp_path, first_file_only(text))
    if not text:
        assert done.returncode == 0, done.stderr
        assert "Coq check passed" in done.stdout and "constants of the 1 files have a body" in done.stdout
        return
    assert done.returncode != 0
    assert "constants have a body" in done.stderr, done.stderr


def test_readme_counts_are_check_sh_counts():
    """coq/README.md quotes the counts `check.sh --counts` prints (no coqc needed)."""
    done = subprocess.run(["bash", str(COQ_DIR / "check.sh"), "--counts"], capture_output=True,
                          text=True, timeout=60)
    match = re.fullmatch(r"(\d+) library files, (\d+) certificate files, (\d+) Print Assumptions\n",
                         done.stdout)
    assert match, done.stdout
    library, certificates, printed = map(int, match.groups())
    assert library == len(check_sh_files())
    assert certificates == len(list((COQ_DIR / "certificates").glob("*.v")))
    readme = normalise((COQ_DIR / "README.md").read_text())
    assert (f"{library} library files and {certificates} exported certificate files, "
            f"{printed} `Print Assumptions` closed") in readme


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
    # fbs: the witness's feasibility at the input not checked
    ("Nat.eqb (length x) q && primalFeasibleb (look T) x witness && Qeq_bool (primalValue witness) v",
     "Nat.eqb (length x) q && Qeq_bool (primalValue witness) v"),
    # an input that needs an upper bound and is not listed: not refused (count 0 accepted)
    ("Nat.eqb (look count y) (if needsUpper CT v y then 1 else O)",
     "Nat.leb (look count y) (if needsUpper CT v y then 1 else O)"),
    # s: no input's sensitivity compared with k
    ("  && forallb (fun y => Nat.leb (look ST y) k) (allMasks q).", "."),
    # C: the last of the 2^q inputs not enumerated
    ("  && forallb (fun y => match look CT y with Some c => Nat.leb c k | None => false end) (allMasks q).",
     "  && forallb (fun y => match look CT y with Some c => Nat.leb c k | None => false end)\n"
     "       (removelast (allMasks q))."),
    # C: a subcube that frees the first coordinate without both halves constant (agree
    # replaced by "the left half's value")
    ("  match a, b with Some x, Some y => if Bool.eqb x y then Some x else None | _, _ => None end.",
     "  match a, b with Some x, _ => Some x | _, _ => None end."),
    # C: the compression merges two different leaves
    ("  | TL a, TL b => if sameLeaf a b then TL a else TN l r", "  | TL a, TL b => TL a"),
    # s: the first coordinate's flip not counted
    ("      TN (zipd d' Nat.add (stab d' (half false t)) df) (zipd d' Nat.add (stab d' (half true t)) df)",
     "      TN (stab d' (half false t)) (stab d' (half true t))"),
    # bs: the witness's blocks not checked disjoint
    ("  && pairwiseb q witness && Nat.eqb (length witness) k", "  && Nat.eqb (length witness) k"),
    # an upper bound's dual not checked feasible
    ("  && lightOK q T (fst e) (snd e) (look T (fst e)) 0.", "."),
    # a dual's entries not checked non-negative (the walk's early end needs t >= 0)
    (" && forallb (Qle_bool 0) (snd e)\n", "\n"),
], ids=["fbs-witness-infeasible", "inputs-not-covered", "s-no-maximum", "C-misses-an-input",
        "C-agree-dropped", "C-compression-merges-unequal", "s-first-flip-dropped", "bs-meeting-blocks", "upper-dual-infeasible", "upper-dual-negative"])
def test_a_wrong_global_measure_checker_breaks_its_proof(mutated, old, new):
    """Issue 37: each weakened check of the `global-measure` checker breaks its reflection
    lemma (or the refused examples) in its file."""
    done = mutated(replace_once("checkers/GlobalMeasureCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/GlobalMeasureCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
def test_a_statement_without_the_arity_breaks_the_examples(mutated):
    """Issue 40: FbsIs without `InputOf F z` would make `FbsIs (AND 7) (bitsOf "11111") 0`
    true (AND 7 is constant on 5 bits); Families.v's wrong_arity_examples then fail."""
    done = mutated(replace_once("model/Families.v", "  InputOf F z /\\ FbsValue (eval F) z v.",
                                "  FbsValue (eval F) z v."))
    assert done.returncode != 0
    assert 'File "./model/Families.v"' in done.stderr, done.stderr


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
    # the dual's value not compared with v (checkExhaustive; then checkExhaustiveFast, the one
    # the proved program runs: both carry the same last line)
    ("dualFeasibleb f z t\n   && Qeq_bool (primalValue ws) v && Qeq_bool (dualValueAt z t) v)%bool.",
     "dualFeasibleb f z t\n   && Qeq_bool (primalValue ws) v)%bool."),
    ("dualFast f z t\n   && Qeq_bool (primalValue ws) v && Qeq_bool (dualValueAt z t) v)%bool.",
     "dualFast f z t\n   && Qeq_bool (primalValue ws) v)%bool."),
], ids=["skips-a-block", "negative-weight", "insensitive-block", "negative-dual", "no-dual-value",
        "fast-no-dual-value"])
def test_a_wrong_exhaustive_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `exhaustive` (issue 27): each weakened check breaks the
    reflection lemma (or the refused examples), so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/ExhaustiveCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/ExhaustiveCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # a node's record not checked (skipped) once its pairs match
    ("if (Nat.eqb (length (rz r)) q && localb phi q z cs (rv r) d w)%bool",
     "if Nat.eqb (length (rz r)) q"),
    # a negative primal weight accepted
    ("(fun Jw => Qle_bool 0 (snd Jw) && sensb phi z (fst Jw))", "(fun Jw => sensb phi z (fst Jw))"),
    # the dual checked on the blocks of the first q - 1 children only: misses the sensitive
    # blocks that contain the last child
    ("&& dualFeasibleb phi z d", "&& dualFeasibleb phi (removelast z) d"),
    # the root's value not compared with V
    ("Some v => Qeq_bool v V", "Some v => true"),
    # a record's capacities not compared with the children's values: still sound (the record
    # is checked at the node's own capacities), but it accepts FORMAT.md's must-reject record
    # with capacities (1, 1, 1), so the example tiny_rejects breaks
    ("(Bool.eqb (fst a) (fst b) && Qeq_bool (snd a) (snd b))%bool", "Bool.eqb (fst a) (fst b)"),
], ids=["skips-a-record", "negative-weight", "misses-a-sensitive-block", "no-root-value",
        "capacities-not-matched"])
def test_a_wrong_tree_checker_breaks_its_proof_or_example(mutated, old, new):
    """The Coq checker of kind `tree` (issue 27): each weakened check breaks the reflection
    lemma (or a refused example), so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/TreeCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/TreeCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # primal-load: sum_j min(c_j, T) >= k T not checked (Lemma M has no loads to spread)
    ("  Qle_bool (inject_Z (Z.of_nat k) * T) (qlsumR (map (fun c => Qmin c T) cs)) &&\n", ""),
    # dual-value: sum_j c_j v_j = T not checked
    ("  Qeq_bool (qlsumR (zipWith Qmult cs vs)) T &&\n", ""),
    # dual-feasible: the need smallest duals not compared with 1
    ("  Qle_bool 1 (inject_Z (Z.of_nat k) * theta - qlsumR (map (fun v => Qmax 0 (theta - v)) vs)).",
     "  true."),
    # a side's need not checked to be d_down / d_up (V constant closer to the node's weight)
    ("  | Some k => if const k then match findSide m k cs",
     "  | Some k => if true then match findSide m k cs"),
    # the root's value not compared with V
    ("  | Some (_, r) => Qeq_bool r V", "  | Some (_, r) => true"),
], ids=["no-primal-load", "no-dual-value", "no-dual-feasible", "need-not-checked", "no-root-value"])
def test_a_wrong_version_3_tree_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `tree`, version 3 (issue 37, checkers/TreeV3Check.v): each
    weakened side check breaks the reflection lemma, so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/TreeV3Check.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/TreeV3Check.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # a node read with more or fewer children than its aggregator's arity
    ("  if negb (Nat.eqb (length cs) q) then None else", "  if false then None else"),
    # alpha's bits not counted against the tree's leaves (alphaOf pads or drops bits)
    ("  Nat.eqb (length bits) (nleaves T) && checkTree3", "  checkTree3"),
    # the side records' checks skipped
    ("  forallb sideOKb ss &&", "  true &&"),
    # a version-2 record's value taken one above what its checks certify
    ("      | Some (v, _, _) => Some (eval f z, Qred v)",
     "      | Some (v, _, _) => Some (eval f z, Qred (v + 1))"),
    # a leaf's rho taken as 2
    ("  | L3 => Some (alpha [], 1)", "  | L3 => Some (alpha [], 2)"),
    # the root's value not compared with V
    ("  | Some (_, r) => Qeq_bool r V", "  | Some (_, r) => true"),
], ids=["arity-not-checked", "alpha-length-not-checked", "no-side-checks", "record-value-plus-1",
        "leaf-rho-2", "no-root-value"])
def test_a_wrong_general_version_3_tree_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `tree`, version 3, every form (issue 37,
    checkers/TreeV3General.v): each weakened check breaks the reflection lemma, so check.sh
    fails in the checker's file."""
    done = mutated(replace_once("checkers/TreeV3General.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/TreeV3General.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the empty set allowed in U (f(0^q) = 1: the sensitive blocks are no longer U)
    ("  negb (f z) && checkS f z sw s && checkCzero f q H c", "  checkS f z sw s && checkCzero f q H c"),
    # C: no smaller certificate not checked
    ("  && forallb (fun y => implb (Nat.ltb q (k + setSize q y)) (f y)) (allMasks q).", "."),
    # C: the minimality test one input short (inputs of exactly q - k + 1 ones unchecked)
    ("implb (Nat.ltb q (k + setSize q y))", "implb (Nat.ltb (S q) (k + setSize q y))"),
    # bs: a packing below floor(fbs) taken as bs
    ("  && ((Z.eqb (Z.of_nat bs) (floorQ v)", "  && ((Z.leb (Z.of_nat bs) (floorQ v)"),
    # bs: compared with floor(fbs) - 1 (a packing one short of the floor taken as bs)
    ("Definition floorQ (v : Q) : Z := Z.div (Qnum v) (Zpos (Qden v)).",
     "Definition floorQ (v : Q) : Z := Z.div (Qnum v) (Zpos (Qden v)) - 1."),
], ids=["empty-set-in-U", "no-C-minimality", "C-off-by-one", "bs-below-floor", "bs-floor-minus-1"])
def test_a_wrong_census_classes_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `census-classes` (issue 37, checkers/CensusClassesCheck.v): each
    weakened check breaks the reflection lemma, so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/CensusClassesCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/CensusClassesCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # fbs: no member S of U with t(S) < 1 not checked (Lemma P's dual side)
    ("&& Z.eqb (Z.land U (poLow P)) 0", "&& true"),
    # fbs: the pair's weighted sets not checked to be members of U (Lemma P's primal side)
    ("  negb (Z.testbit U 0) && forallb (Z.testbit U) (poIdx P) &&", "  negb (Z.testbit U 0) && true &&"),
    # the empty set allowed in U
    ("  negb (Z.testbit U 0) && forallb", "  true && forallb"),
    # a pair's loads not checked
    ("forallb (fun i => Z.leb (zLoadB bw i) (piDen p)) (seq 0 q))", "true)"),
    # a pair's primal and dual sums not compared
    ("&& Z.eqb (zDual q p) (zPrimal p)", "&& true"),
    # the low table one short (sets with t(S) = D - 1 taken as covered)
    ("tableOf (fun B => Z.ltb (zWeight q nums B) D) (allMasks q)",
     "tableOf (fun B => Z.ltb (zWeight q nums B) (D - 1)) (allMasks q)"),
    # C: the sets larger than the candidate not checked to be in U
    ("Z.eqb (Z.ldiff (nth (q - k) bigs 0%Z) U) 0.", "true."),
    # bs: a packing below floor(fbs) taken as bs
    ("Z.eqb (Z.of_nat (poPackLen P)) (poFloor P)", "Z.leb (Z.of_nat (poPackLen P)) (poFloor P)"),
    # the row: keys found in the visits but not claimed let through
    ("  && forallb (fun kn => existsb (fun kn' => keyEqb (fst kn) (fst kn')) claimed) row.", "  && true."),
], ids=["no-low-table", "weights-outside-U", "empty-set-in-U", "no-loads", "no-sums", "low-off-by-one",
        "no-C-minimality", "bs-below-floor", "unclaimed-keys"])
def test_a_wrong_census_shard_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `census-shard` (issue 38, checkers/CensusShardCheck.v): each
    weakened check breaks checkShard_sound, so check.sh fails in the checker's file."""
    done = mutated(replace_once("checkers/CensusShardCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/CensusShardCheck.v"' in done.stderr, done.stderr


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


@apply(coq_run)
@pytest.mark.parametrize("name,old,new", [
    # the budgeted Bob's weighted dual at 000 and 111 made non-optimal: (1, 1, 1) instead of
    # the vertex (1/2, 1/2, 1/2), which is the only optimum at c = (1, 1, 1)
    ("examples/OptimalBobExamples.v", "[[1 # 2; 1 # 2; 1 # 2]; [1; 1; 0]",
     "[[1; 1; 1]; [1; 1; 0]"),
    # ... and at the six other vectors: all ones instead of the two singleton blocks
    ("examples/OptimalBobExamples.v", "  | _ => [maj3Dual z]", "  | _ => [repeat 1 3]"),
    # the budgeted Bob replaced by the all-ones dual (feasible, not optimal)
    ("examples/OptimalBobExamples.v", "then maj3WDual z c else bobOnes f z.",
     "then bobOnes f z else bobOnes f z."),
    # one entry of the paper Bob's table made non-optimal (value 3 instead of fbs = 2)
    ("examples/FbsExamples.v", "| [true; false; false] | [false; true; true] => [0; 1; 1]",
     "| [true; false; false] | [false; true; true] => [1; 1; 1]"),
], ids=["weighted-000", "weighted-singletons", "weighted-all-ones", "paper-table-entry"])
def test_a_non_optimal_bob_breaks_the_examples(mutated, name, old, new):
    """The examples attaining Theorems 4.2, B1 and B4 with the OPTIMAL Bobs (issue 27) prove
    each dual optimal: a feasible but non-optimal dual breaks that proof, in the file edited."""
    done = mutated(replace_once(name, old, new))
    assert done.returncode != 0
    assert f'File "./{name}"' in done.stderr, done.stderr


# The optimal-Bob examples (coq/examples/OptimalBobExamples.v, FbsExamples.v): a fixed tree,
# an oracle, the protocol's flags for `fbs debate worst-case`, and the Coq term whose value is
# the exact minimum over Alice's strategies (by the theorem's bound and the attaining liar, or
# by worst_is_min).
MAJ3_OF_MAJ3 = {"format": "fbs-tree/1", "description": "maj:3 of (maj:3 of x0 x1 x2), x3, x4",
                "depth": 2,
                "root": {"id": "r", "aggregator": "maj:3", "children": [
                    {"id": "u", "aggregator": "maj:3", "children": [
                        {"id": f"x{i}", "query": f"q{i}"} for i in range(3)]},
                    {"id": "x3", "query": "q3"}, {"id": "x4", "query": "q4"}]}}
MAJ3 = {"format": "fbs-tree/1", "description": "maj:3 of x0 x1 x2", "depth": 1,
        "root": {"id": "r", "aggregator": "maj:3",
                 "children": [{"id": f"x{i}", "query": f"q{i}"} for i in range(3)]}}
OPTIMAL_BOB_INSTANCES = [
    ("maj3-maj3-paper", MAJ3_OF_MAJ3, "00101", ["--protocol", "paper"],
     "worst oracle00101 optBob 2 majTree2 true"),
    ("maj3-maj3-budgeted", MAJ3_OF_MAJ3, "00101", ["--protocol", "budgeted"],
     "catchRoot oracle00101 knownR (budgetRule knownR optBobw) 3 majTree2 true 3 liar2"),
    ("maj3-maj3-mixed", MAJ3_OF_MAJ3, "00101", ["--protocol", "mixed:1/2"],
     "catchMixed oracle00101 optBob 2 knownR optBobw (1 # 2) 3 majTree2 true 3 liar2"),
    ("maj3-paper", MAJ3, "001", ["--protocol", "paper"], "worst oracle001 optBob 2 maj3Tree true"),
]


def engine_worst_case(tmp_path: Path, tree: dict, answers: str, flags: list[str],
                      rule: str) -> Fraction:
    """The engine's exact worst case (`fbs debate worst-case --json`), refused if not exact."""
    report = worst_case_report(tmp_path, tree, answers, flags, rule)
    if "catch_probability_exact" in report:  # the paper's protocol: the exact DP
        return Fraction(report["catch_probability_exact"])
    interval = report["worst_case"]
    assert interval["exact"] and interval["lower_bound"] == interval["upper_bound"]
    return Fraction(interval["lower_bound"])


def worst_case_report(tmp_path: Path, tree: dict, answers: str, flags: list[str],
                      rule: str) -> dict:
    """The JSON report of `fbs debate worst-case --json` on a tree and its oracle's answers."""
    from verify.cli import main

    tree_file, oracle_file = tmp_path / "tree.json", tmp_path / "oracle.json"
    tree_file.write_text(json.dumps(tree))
    oracle_file.write_text(json.dumps({"format": "fbs-oracle/1", "answers": {
        f"q{i}": int(bit) for i, bit in enumerate(answers)}}))
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["debate", "worst-case", str(tree_file), "--oracle", str(oracle_file),
                     "--rho", "2", "--rule", rule, "--json", *flags])
    assert code == 0
    return json.loads(out.getvalue())


def coq_values(compiled: Path, terms: list[str],
               modules: str = "FbsTrees WorstCase FbsExamples OptimalBobExamples") -> list[Fraction]:
    """Each term's value as coqc's vm_compute prints it (the terms may name the modules')."""
    probe = compiled / "ProbeOptimalBob.v"
    probe.write_text(
        "From Coq Require Import QArith.\n"
        f"From FbsCoq Require Import {modules}.\n"
        "Open Scope Q_scope.\n" + "".join(f"Eval vm_compute in Qred ({t}).\n" for t in terms))
    done = subprocess.run([COQC, "-q", "-R", ".", "FbsCoq", probe.name], cwd=compiled,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    values = re.findall(r"=\s*(-?\d+)(?:\s*#\s*(\d+))?\s*:\s*Q", done.stdout)
    assert len(values) == len(terms), done.stdout
    return [Fraction(int(n), int(d or 1)) for n, d in values]


@apply(coq_run)
def test_optimal_bob_examples_agree_with_the_engine(compiled, tmp_path):
    """Coq's exact minima with the optimal Bobs (1/4, 1/3, 7/24 and 1/2) are the engine's exact
    worst cases under both dual rules (the engine's default beta_max = rho_T = 3, lambda = 1/2):
    the two models meet on the examples that attain Theorems 4.2, B1 and B4 (issue 27)."""
    coq = coq_values(compiled, [term for *_, term in OPTIMAL_BOB_INSTANCES])
    assert coq == [Fraction(1, 4), Fraction(1, 3), Fraction(7, 24), Fraction(1, 2)]
    for (name, tree, answers, flags, _), value in zip(OPTIMAL_BOB_INSTANCES, coq):
        for rule in ("vertex", "symmetric"):
            assert engine_worst_case(tmp_path, tree, answers, flags, rule) == value, (name, rule)


@apply(coq_run)
@pytest.mark.parametrize("name,old,new,fails_in", [
    # Proposition M1 without a legal reference oracle: Fact 0 (every realisation computes the
    # menu's value) is lost, and with it the proof
    ("theorems/MenuLowerBound.v",
     "  legal T alpha = true -> RealDualFeasible T s alpha t ->",
     "  True -> RealDualFeasible T s alpha t ->", "theorems/MenuLowerBound.v"),
    # the LP over all sensitive blocks instead of the legal ones: Proposition M2's adversary
    # is no longer legal
    ("model/MenuModel.v",
     "  legal T (flipA alpha H) = true /\\ mval T (flipA alpha H) <> mval T alpha.",
     "  mval T (flipA alpha H) <> mval T alpha.", "theorems/MenuLowerBound.v"),
    # Proposition M2's query bound without a legal O_Y: the checker's correctness, assumed
    # under legal oracles only, says nothing at O_Y
    ("theorems/MenuLowerBound.v",
     "  legal T alpha = true -> 0 < R -> MenuFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->",
     "  True -> 0 < R -> MenuFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->",
     "theorems/MenuLowerBound.v"),
    # Corollary M4 with leaves allowed at any depth: false (a leaf alternative has rho_M = 1)
    ("theorems/MenuDistinct.v", "  | MLeaf _, O => True", "  | MLeaf _, _ => True",
     "theorems/MenuDistinct.v"),
    # Corollary M4 without distinct queries: the children's lightest blocks no longer combine
    ("theorems/MenuDistinct.v",
     "  1 <= rho -> legal T alpha = true -> NoDup (mqueries T) -> MLocalFbsAtLeast rho T alpha ->\n"
     "  MUniformDepth T d -> MenuFbsAtLeast (qpow rho d) T alpha.",
     "  1 <= rho -> legal T alpha = true -> True -> MLocalFbsAtLeast rho T alpha ->\n"
     "  MUniformDepth T d -> MenuFbsAtLeast (qpow rho d) T alpha.", "theorems/MenuDistinct.v"),
    # Proposition M3 with shared queries: false (MenuExamples.v's shared-query menu has
    # rho_M = 1 < 2 = every rho_R)
    ("theorems/MenuRealisations.v",
     "  legal T alpha = true -> NoDup (mqueries T) ->\n  (MenuFbsAtLeast r T alpha <->",
     "  legal T alpha = true -> True ->\n  (MenuFbsAtLeast r T alpha <->",
     "theorems/MenuRealisations.v"),
], ids=["M1-no-legal-reference", "M2-illegal-blocks", "M2-queries-no-legal-reference",
        "M4-any-depth", "M4-shared-queries", "M3-shared-queries"])
def test_a_dropped_menu_hypothesis_breaks_the_proof(mutated, name, old, new, fails_in):
    """Propositions M1-M3 and Corollary M4 (ours, docs/menus.md section 3) need their
    hypotheses and the legality of the blocks: weakened, the proof no longer compiles."""
    done = mutated(replace_once(name, old, new))
    assert done.returncode != 0
    assert f'File "./{fails_in}"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the dual check skips the top weight k = n (a sensitive block flipping every zero)
    ("(seq 0 (S (length z))).", "(seq 0 (length z))."),
    # a negative type weight accepted
    ("    Qle_bool 0 y && Nat.leb a (ones z)", "    true && Nat.leb a (ones z)"),
    # a type not checked to be sensitive (V(w - a + b) <> V(w))
    ("    && negb (Bool.eqb (V (ones z - a + b)%nat) (V (ones z))) end) prim.",
     "    && true end) prim."),
    # the load of the ones of z not checked (a class of coordinates skipped)
    ("  Qle_bool (qlsum (map (fun p => match p with (a, _, y) => natQ a * y end) prim)) "
     "(natQ (ones z))\n  && Qle_bool", "  true\n  && Qle_bool"),
    # a negative t0 accepted
    ("  Qle_bool 0 t1 && Qle_bool 0 t0\n", "  Qle_bool 0 t1 && true\n"),
], ids=["misses-a-sensitive-weight", "negative-weight", "insensitive-type", "skips-a-class",
        "negative-dual"])
def test_a_wrong_symmetric_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `symmetric` (issue 27): each weakened check breaks the proved
    Hamming-weight reduction (or the refused examples), so check.sh fails in its file."""
    done = mutated(replace_once("checkers/SymmetricCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/SymmetricCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the dual below w: d1 * t1 >= 1 not checked (a dual too small on a sensitive weight)
    ("      else Qle_bool 1 (NQ d1 * t1) && constOn sh (w + 1 - d1)%N w b)",
     "      else constOn sh (w + 1 - d1)%N w b)"),
    # the dual above w: the window one weight too short (a weight at distance d0 - 1 missed)
    ("constOn sh w (N.min n (w + d0 - 1)%N) b)", "constOn sh w (N.min n (w + d0 - 2)%N) b)"),
    # parity read as constant on any range
    ("  | VOdd => N.eqb lo hi && Bool.eqb (N.odd lo) b", "  | VOdd => Bool.eqb (N.odd lo) b"),
    # a type not checked to be sensitive
    ("    && negb (Bool.eqb (shapeVF sh tv (w - a + b)%N) (shapeVF sh tv w)) end) prim.",
     "    && true end) prim."),
], ids=["runs-dual-below-unchecked", "runs-window-short", "runs-parity-constant",
        "runs-insensitive-type"])
def test_a_wrong_symmetric_runs_checker_breaks_its_proof(mutated, old, new):
    """The checker of kind `symmetric` at any arity (checkSymmetricRuns, issue 37, ours):
    each weakened check breaks its proof that it accepts only what checkSymmetric accepts."""
    done = mutated(replace_once("checkers/SymmetricCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/SymmetricCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # a flipped coordinate's weight not added along the walk
    ("      then walkMasks f fz D zs' (tl ns) (negb zi :: pre) (s + hd 0%Z ns)%Z",
     "      then walkMasks f fz D zs' (tl ns) (negb zi :: pre) s"),
    # the scaled weights not compared with t (n_i / D taken on trust)
    ("  (forallb (fun x => Qle_bool 0 x && Qeq_bool (scaleQ D x # D) x) t",
     "  (forallb (fun x => Qle_bool 0 x) t"),
], ids=["walk-drops-a-weight", "walk-scaling-unchecked"])
def test_a_wrong_mask_walk_breaks_its_proof(mutated, old, new):
    """checkExhaustiveFast (issue 37, ours): a walk that miscounts t(B) or trusts its
    scaling breaks dualFast's proof, so check.sh fails in ExhaustiveCheck.v."""
    done = mutated(replace_once("checkers/ExhaustiveCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/ExhaustiveCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the packings that avoid the lowest coordinate of A forgotten
    ("        (look (without (length z) A (unitBlock (length z) i)))\n  end.",
     "        0\n  end."),
    # the block taken not counted
    ("        (map (fun B => S (look (without (length z) A B)))\n             (filter (fun B => nth i B false && withinL B A) sens))",
     "        (map (fun B => look (without (length z) A B))\n             (filter (fun B => nth i B false && withinL B A) sens))"),
], ids=["bs-table-forgets-avoiding", "bs-table-block-uncounted"])
def test_a_wrong_bs_table_breaks_its_proof(mutated, old, new):
    """checkBSFast (issue 37, ours): a step of the table that undercounts breaks
    stepVal_bound, so check.sh fails in MeasureCheck.v."""
    done = mutated(replace_once("checkers/MeasureCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/MeasureCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # Theorem B2 (c) with any Bob instead of an optimal one at every node
    ("  BobOptimalTree bobw T alpha ->\n"
     "  (forall p, betaT bobw T alpha * leafProb bobw T alpha p == liveDual bobw T alpha p) /\\",
     "  True ->\n"
     "  (forall p, betaT bobw T alpha * leafProb bobw T alpha p == liveDual bobw T alpha p) /\\"),
    # the product of the local duals without dropping the children of budget 0 (which Bob
    # never samples): the telescoping fails
    ("        (if Qeq_bool (nth i (capsOf bobw q kids alpha) 0) 0 then 0\n"
     "         else nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0)",
     "        nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0"),
], ids=["B2c-any-bob", "B2c-product-with-dead-children"])
def test_theorem_B2c_needs_its_hypothesis(mutated, old, new):
    """Theorem B2 (c) (ours): Bob's leaf distribution times rho_T is the live product of his
    local duals only with an optimal Bob, and only with the children of budget 0 dropped."""
    done = mutated(replace_once("theorems/HonestLeaves.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/HonestLeaves.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # C: the certificate check misses an input (the last of the 2^q)
    ("(Bool.eqb (f y) (f z))) (allMasks (length z)).",
     "(Bool.eqb (f y) (f z))) (removelast (allMasks (length z)))."),
    # bs: no optimality check (the witness's size believed)
    ("  && Nat.leb (best f z (length z) (repeat true (length z))) k.", "."),
    # bs: witness blocks not checked to be disjoint
    ("  | B :: rest => forallb (disjb q B) rest && pairwiseb q rest",
     "  | B :: rest => pairwiseb q rest"),
    # bs: the dynamic program misses the sensitive blocks of one coordinate
    ("&& within (length z) B A && sensb f z B)",
     "&& within (length z) B A && sensb f z B && negb (Nat.eqb (length (filter (fun b => b) B)) 1))"),
    # bs: witness blocks not checked to be sensitive (checkBS; then checkBSFast, the one the
    # proved program runs)
    ("Definition checkBS (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=\n"
     "  forallb (fun B => Nat.eqb (length B) (length z) && sensb f z B) witness",
     "Definition checkBS (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=\n"
     "  forallb (fun B => Nat.eqb (length B) (length z)) witness"),
    ("Definition checkBSFast (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=\n"
     "  forallb (fun B => Nat.eqb (length B) (length z) && sensb f z B) witness",
     "Definition checkBSFast (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=\n"
     "  forallb (fun B => Nat.eqb (length B) (length z)) witness"),
], ids=["C-misses-an-input", "bs-no-optimality", "bs-meeting-blocks", "bs-misses-a-block",
        "bs-insensitive-block", "bs-fast-insensitive-block"])
def test_a_wrong_measure_checker_breaks_its_proof(mutated, old, new):
    """The Coq checker of kind `measure` (issue 27): each weakened check breaks a reflection
    lemma (or the refused examples), so check.sh fails in its file."""
    done = mutated(replace_once("checkers/MeasureCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/MeasureCheck.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # Proposition B1' (a) for the model's rule (a liar may inflate a leaf child's capacity):
    # D(z) = W(z, c0) no longer bounds W
    ("    L <= catchRoot oracle known (budgetRuleE known bobw) betaMax (Node m agg arity kids) a beta s.",
     "    L <= catchRoot oracle known (budgetRule known bobw) betaMax (Node m agg arity kids) a beta s."),
    # Proposition B1' (a) without Bob's optimality at c0: z is no longer shown to lie in A
    ("       BobwOptimalAt bobw (agg k) z (caps0 known (kids k) (arity k)) /\\\n       (weightedValue",
     "       True /\\\n       (weightedValue"),
    # the engine's rule reading Alice's leaf budgets: the first case of (b) loses c = c0
    ("  map (fun i => match kids i with Leaf _ => 1 | _ => nth i bs 0 end) (seq 0 q).",
     "  map (fun i => nth i bs 0) (seq 0 q)."),
], ids=["B1prime-a-model-rule", "B1prime-a-no-optimal-bob", "B1prime-b-leaf-budgets-read"])
def test_proposition_B1prime_needs_its_hypotheses(mutated, old, new):
    """Proposition B1' (a) and the first case of (b) (ours) hold for the engine's rule, where a
    leaf child's budget is 1, and (a) needs Bob's optimal dual at c0."""
    done = mutated(replace_once("theorems/BudgetedLeaves.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/BudgetedLeaves.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # Theorem 4.1's cost without the depth bound
    ("  Valid oracle T -> HonestFbsAtMost oracle bob rho T -> DepthLe T d ->\n"
     "  CostBounded ch TD Tt Qc B qmax T ->\n  let '(won, c) := protocolRun",
     "  Valid oracle T -> HonestFbsAtMost oracle bob rho T -> True ->\n"
     "  CostBounded ch TD Tt Qc B qmax T ->\n  let '(won, c) := protocolRun"),
    # ... without the arity bound q
    ("      (decStep ch T <= TD)%nat /\\ (bobStep ch T <= B)%nat /\\ (arity 0%nat <= qmax)%nat /\\",
     "      (decStep ch T <= TD)%nat /\\ (bobStep ch T <= B)%nat /\\ True /\\"),
    # ... without the decomposition time T_D
    ("      (decStep ch T <= TD)%nat /\\ (bobStep ch T <= B)%nat /\\",
     "      True /\\ (bobStep ch T <= B)%nat /\\"),
    # ... with T_D left out of the bound (the decomposition charged but not counted)
    ("  won = true /\\ (aliceTime c <= Tt + d * (TD + qmax * Tt))%nat /\\",
     "  won = true /\\ (aliceTime c <= Tt + d * (qmax * Tt))%nat /\\"),
    # ... without the FBS condition: the honest Alice may lose the run
    ("  Valid oracle T -> HonestFbsAtMost oracle bob rho T -> DepthLe T d ->\n"
     "  CostBounded ch TD Tt Qc B qmax T ->\n  let '(won, c) := protocolRun",
     "  Valid oracle T -> True -> DepthLe T d ->\n"
     "  CostBounded ch TD Tt Qc B qmax T ->\n  let '(won, c) := protocolRun"),
    # Proposition H's queries without a valid tree (an empty menu reads outside Q(M))
    ("  Valid oracle T ->\n  incl (lookaheadReads oracle bob rho T p) (allQueries T) /\\",
     "  True ->\n  incl (lookaheadReads oracle bob rho T p) (allQueries T) /\\"),
    # her reads without the look-ahead (only her claims' values): they no longer determine
    # her choice
    ("      feasReads T ++ flat_map (fun i => valReads (kids k i)) (seq 0 (arity k)) ++",
     "      flat_map (fun i => valReads (kids k i)) (seq 0 (arity k)) ++"),
    # no bound in d, q, Q alone, for a Bob that need not fail MAJ3 at 011
    ("  FamBob bob rho ->\n  DepthLe (famTree k) 1", "  True ->\n  DepthLe (famTree k) 1"),
], ids=["cost-no-depth", "cost-no-arity", "cost-no-T_D", "cost-T_D-not-counted",
        "cost-no-fbs-condition", "H-queries-no-valid-tree", "H-queries-no-lookahead",
        "unbounded-any-bob"])
def test_theorem_4_1_cost_and_H_queries_need_their_hypotheses(mutated, old, new):
    """Theorem 4.1's cost, Proposition H's queries and the family without a bound in d, q and
    Q (coq/theorems/CompletenessCost.v): each dropped hypothesis, or T_D left out of the
    bound, breaks the proof in that file."""
    done = mutated(replace_once("theorems/CompletenessCost.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/CompletenessCost.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # without never-loses: the procedure choosing alternative 0 blind asks nothing
    ("  FamBob bob rho -> NeverLoses bob rho k P ->\n  exists O,",
     "  FamBob bob rho -> True ->\n  exists O,"),
    # any Bob (one that need not fail MAJ3 at 011: every alternative may be feasible)
    ("  FamBob bob rho -> NeverLoses bob rho k P ->\n  exists O,",
     "  True -> NeverLoses bob rho k P ->\n  exists O,"),
    # never losing only on the oracles where alternative 0 is feasible: choosing 0 blind
    ("  forall O, FamLegal O -> Realisable O bob rho (famTree k) ->\n    (run O P < S k)%nat",
     "  forall O, FamLegal O -> Realisable O bob rho (famTree k) -> O (0%nat, 0%nat) = true ->\n"
     "    (run O P < S k)%nat"),
    # the bound k + 1 (false: scan3 asks 3 first leaves on every oracle, LookaheadExamples.v)
    ("    (k <= distinct pairDec (firstLeaves (asked O P)))%nat.",
     "    (S k <= distinct pairDec (firstLeaves (asked O P)))%nat."),
], ids=["no-never-loses", "any-bob", "never-loses-weakened", "bound-k-plus-1"])
def test_lookahead_lower_bound_needs_its_hypotheses(mutated, old, new):
    """Every Alice who never loses asks >= k first leaves (ours, docs/menus.md section 1;
    coq/theorems/LookaheadLowerBound.v): without never-losing, for a Bob that need not fail
    MAJ3 at 011, with never-losing asked only where alternative 0 is feasible, or with the
    bound raised to k + 1, the proof in that file fails."""
    done = mutated(replace_once("theorems/LookaheadLowerBound.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/LookaheadLowerBound.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the repetition lemma with catch probabilities above 1 allowed: a factor 1 - c < 0
    ("  (forall c, In c cs -> p <= c <= 1) -> 0 <= allMiss cs <= qpow (1 - p) (length cs).",
     "  (forall c, In c cs -> p <= c) -> 0 <= allMiss cs <= qpow (1 - p) (length cs)."),
    # the adaptive repetition lemma with negative miss probabilities allowed
    ("      (forall i, (i < k)%nat -> 0 <= w i) /\\ qsum k w <= 1 - p /\\",
     "      qsum k w <= 1 - p /\\"),
    # the logarithm-free bound for x > 1 (false: x = 3, R = 2, n = 1 gives 4 * 7)
    ("Theorem exp_free_bound : forall (x : Q) (R n : nat), 0 <= x <= 1 -> (0 < n)%nat ->",
     "Theorem exp_free_bound : forall (x : Q) (R n : nat), 0 <= x -> (0 < n)%nat ->"),
    # the count of runs with delta = 0 allowed (/ 0 = 0 in Q: every n a witness)
    ("  1 <= rho -> 0 < delta -> (0 < n)%nat -> / delta <= qpow (1 + qn R / (rho * qn n)) n ->\n"
     "  qpow (1 - / rho) R <= delta.",
     "  1 <= rho -> True -> (0 < n)%nat -> / delta <= qpow (1 + qn R / (rho * qn n)) n ->\n"
     "  qpow (1 - / rho) R <= delta."),
    # Theorem B3 with beta_max = rho < 1 allowed (g(rho) = 1 is no longer 1 / rho)
    ("    Valid oracle T -> 1 <= rho -> GlobalFbsAtLeast rho Tc alpha ->",
     "    Valid oracle T -> True -> GlobalFbsAtLeast rho Tc alpha ->"),
    # Theorem B3's lower half without rho_T >= rho
    ("    Valid oracle T -> 1 <= rho -> GlobalFbsAtLeast rho Tc alpha ->",
     "    Valid oracle T -> 1 <= rho -> True ->"),
    # a mixture whose strategies may claim the truth: Theorem B1 no longer applies
    ("  (forall x, In x mix -> 0 <= fst x /\\ fst (fst (snd x)) <> val oracle T) /\\",
     "  (forall x, In x mix -> 0 <= fst x) /\\"),
    # B3's soundness for the engine's rule with runs that may claim the truth
    ("    Valid oracle T -> 1 <= rho -> (forall x, In x runs -> fst (fst x) <> val oracle T) ->",
     "    Valid oracle T -> 1 <= rho -> True ->"),
    # Theorem B3 at rho_T without B2 (b)'s bridge: the honest budget may exceed beta_max
    ("    honestBudget oracle known bobw T == betaT bobw Tc alpha ->",
     "    True ->"),
    # Theorem B3 at rho_T without Bob's optimality: betaT is no longer rho_T
    ("    Valid oracle T -> BobOptimalTree bobw Tc alpha -> 1 <= betaT bobw Tc alpha ->",
     "    Valid oracle T -> True -> 1 <= betaT bobw Tc alpha ->"),
], ids=["repetition-c-above-1", "adaptive-negative-miss", "exp-free-x-above-1", "runs-delta-0",
        "B3-rho-below-1", "B3-no-rhoT-bound", "B3-truthful-mixture", "B3-engine-truthful-run",
        "B3-no-bridge", "B3-no-optimal-bob"])
def test_theorem_B3_needs_its_hypotheses(mutated, old, new):
    """Theorem B3 (ours, docs/budgeted.md section 4): each hypothesis dropped breaks its proof."""
    done = mutated(replace_once("theorems/InstanceOptimality.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/InstanceOptimality.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # Bob's dual optimal at every node dropped: the honest budget is no longer rho_T
    # (theorem_B2b needs it), so (ii) fails
    ("  Valid oracle T -> BobwFeasible bobw -> BobOptimalNodes oracle bobw T ->\n"
     "  RhoT (toC T) (alphaO oracle T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->",
     "  Valid oracle T -> BobwFeasible bobw -> True ->\n"
     "  RhoT (toC T) (alphaO oracle T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->"),
    # the honest budget without Bob's knowledge R(v) (every child max(beta_i, 1)) is no
    # longer rho_T (2 against 1 in theorem_B2b_example)
    ("  RhoT (toC T) (alphaO oracle T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->\n"
     "  (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->\n"
     "     allMiss (map (catchMix oracle knownR bobw rhoT T) runs) <= delta) /\\\n"
     "  honestBudget oracle knownR bobw T == rhoT /\\",
     "  RhoT (toC T) (alphaO oracle T) rhoT -> 1 <= rhoT -> qpow (1 - / rhoT) R <= delta ->\n"
     "  (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->\n"
     "     allMiss (map (catchMix oracle knownR bobw rhoT T) runs) <= delta) /\\\n"
     "  honestBudget oracle (fun _ => None) bobw T == rhoT /\\"),
    # distinct leaf queries dropped: rho_T on the queries is no longer rho_T on the leaves
    # (repeated_query_counterexample: 1 against 2)
    ("  BobOptimalNodes oracle bobw T -> NoDup (leafQs T) -> RhoQ oracle T (leafQs T) rhoT ->\n"
     "  RhoT (toC T) (alphaO oracle T) rhoT.",
     "  BobOptimalNodes oracle bobw T -> True -> RhoQ oracle T (leafQs T) rhoT ->\n"
     "  RhoT (toC T) (alphaO oracle T) rhoT."),
], ids=["B3-protocol-no-optimal-bob", "B3-protocol-no-knownR", "B3-protocol-repeated-queries"])
def test_theorem_B3_protocol_needs_its_hypotheses(mutated, old, new):
    """Theorem B3 on the protocol's tree (ours): without the bridge premise, (ii) needs Bob's
    optimal dual at every node and his knowledge R(v), and rho_T on the queries needs distinct
    leaf queries."""
    done = mutated(replace_once("theorems/InstanceOptimalityProtocol.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/InstanceOptimalityProtocol.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # any feasible Bob instead of an optimal one at every node: the honest budgets are no
    # longer the recursion's (optimal_toC fails)
    ("         BobwOptimalAt bobw (agg 0%nat) (childVals oracle arity kids 0%nat) c) /\\",
     "         DualFeasible (agg 0%nat) (childVals oracle arity kids 0%nat)\n"
     "           (bobw (agg 0%nat) (childVals oracle arity kids 0%nat) c)) /\\"),
    # Bob without R(v) (the sketch: every child max(beta_i, 1)): a constant child's
    # capacity is no longer its budget 0 (2 against rho_T = 1 in theorem_B2b_example)
    ("  honestBudget oracle knownR bobw T == betaT bobw (toC T) (alphaO oracle T).",
     "  honestBudget oracle (fun _ => None) bobw T == betaT bobw (toC T) (alphaO oracle T)."),
    # distinct leaf queries dropped: rho_T on the leaves is no longer rho_T on the queries
    # (repeated_query_counterexample: 2 against 1)
    ("  Valid oracle T -> BobOptimalNodes oracle bobw T -> NoDup (leafQs T) ->",
     "  Valid oracle T -> BobOptimalNodes oracle bobw T -> True ->"),
], ids=["B2b-any-bob", "B2b-no-knownR", "B2b-repeated-queries"])
def test_theorem_B2b_needs_its_hypotheses(mutated, old, new):
    """Theorem B2 (b) (ours) on the protocol's tree: beta(root) = rho_T needs Bob's optimal
    dual at every node, the capacity 0 of the children constant for R(v), and distinct leaf
    queries."""
    done = mutated(replace_once("theorems/HonestBridge.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/HonestBridge.v"' in done.stderr, done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # the liar's budgets (2, 1, 1): W = 3 > beta_max = 2, the budget check catches her surely
    ("Definition liar3 : Strategy := fun _ => (0%nat, [true; false; true], [1; 1; 1]).",
     "Definition liar3 : Strategy := fun _ => (0%nat, [true; false; true], [2; 1; 1])."),
    # the liar's root budget 3 > beta_max = 2: the root check catches her surely
    ("Definition liarMix : list (Q * (bool * Q * Strategy)) := [(1, (true, 2, liar3))].",
     "Definition liarMix : list (Q * (bool * Q * Strategy)) := [(1, (true, 3, liar3))]."),
], ids=["liar-over-budget", "liar-root-over-beta-max"])
def test_theorem_B3_example_is_attained(mutated, old, new):
    """The example's values are computed, not assumed: a liar over a budget is caught surely,
    so 1/2 per run and 1/8 over three runs no longer hold and the example breaks."""
    done = mutated(replace_once("examples/InstanceOptimalityExamples.v", old, new))
    assert done.returncode != 0
    assert 'File "./examples/InstanceOptimalityExamples.v"' in done.stderr, done.stderr
# Proposition B1' (b) with the tool's cut-offs (coq/theorems/BudgetedRecursion.v, ours): the
# instance of coq/examples/RecursionExamples.v, AND2(XOR2(x0, x1), OR2(x2, x3)) at 0110.
AND_XOR_OR = {"format": "fbs-tree/1", "description": "and:2 of (parity:2 of x0 x1), (or:2 of x2 x3)",
              "depth": 2,
              "root": {"id": "r", "aggregator": "and:2", "children": [
                  {"id": "u", "aggregator": "parity:2", "children": [
                      {"id": "x0", "query": "q0"}, {"id": "x1", "query": "q1"}]},
                  {"id": "v", "aggregator": "or:2", "children": [
                      {"id": "x2", "query": "q2"}, {"id": "x3", "query": "q3"}]}]}}


@apply(coq_run)
def test_b1prime_recursion_example_is_the_tools_lower_end(compiled, tmp_path):
    """Coq's ell(root) with the tool's cut-offs (vm_compute of BudgetedRecursion.v's `ell`, the
    engine's rule) and the exact catch probability of the liar attaining it are the Python
    tool's printed lower and upper ends, the lower end coming from the children's floors
    (Proposition B1' (b)); without the floors the tool's bound is B1' (a)'s 1/3 only."""
    coq = coq_values(compiled, [
        "ell oracle0110 knownR bobE toolCut nil andXorOr",
        "ell oracle0110 knownR bobE toolCut (cons (0, 0)%nat nil) xorNode",
        "ell oracle0110 knownR bobE toolCut (cons (0, 1)%nat nil) orNode",
        "catchRoot oracle0110 knownR (budgetRuleE knownR bobE) 3 andXorOr false 2 liarX",
    ], modules="FbsTrees BudgetedLeaves BudgetedExamples BudgetedRecursion RecursionExamples")
    assert coq == [Fraction(1, 2)] * 4
    for rule in ("vertex", "symmetric"):
        report = worst_case_report(tmp_path, AND_XOR_OR, "0110", ["--protocol", "budgeted"], rule)
        interval = report["worst_case"]
        assert "children's floors" in interval["lower_bound_from"], interval
        assert Fraction(interval["lower_bound"]) == coq[0], (rule, interval)
        assert Fraction(interval["upper_bound"]) == coq[3], (rule, interval)


@apply(coq_run)
@pytest.mark.parametrize("edits", [
    # Bob's dual not optimal (the hypothesis dropped): a true non-constant child keeps weight
    [("    Valid oracle T -> BobOptimalE oracle known bobw T -> a <> val oracle T ->\n"
      "    ell oracle known bobw cut p T",
      "    Valid oracle T -> a <> val oracle T ->\n    ell oracle known bobw cut p T")],
    # the cut-off returning 1 instead of 0 where the computation stops (ell and its unfolding)
    [("      if cut p T then 0 else", "      if cut p T then 1 else"),
     ("  if cut p (Node m agg arity kids) then 0 else",
      "  if cut p (Node m agg arity kids) then 1 else")],
    # the second case without its freeness test (a true child in a minimal block)
    [("                            || match known (kids j) with Some _ => true | None => freeb f z j end)",
      "                            || true)")],
    # freeb without the sub-block test (B' need not lie inside B)
    [("                                 && forallb (fun i => implb (nth i B' false) (nth i B false))\n"
      "                                            (seq 0 (length z)))",
      "                                 )")],
    # the model's rule (a liar may inflate a leaf child's capacity): the first case loses c0
    [("    ell oracle known bobw cut p T <= catch oracle (budgetRuleE known bobw) T a beta s.",
      "    ell oracle known bobw cut p T <= catch oracle (budgetRule known bobw) T a beta s.")],
    # the root without Bob's optimality at c0: z is no longer shown to lie in A
    [("       BobwOptimalAt bobw (agg k) z (caps0 known (kids k) (arity k)) /\\\n       (weightedValue",
      "       True /\\\n       (weightedValue")],
], ids=["no-optimal-bob", "cut-returns-1", "no-freeness-check", "freeb-no-subset",
        "model-rule", "root-no-optimal-bob-at-c0"])
def test_proposition_B1prime_b_recursion_needs_its_hypotheses(mutated, edits):
    """Proposition B1' (b) with the cut-offs (ours): each dropped hypothesis or weakened step of
    the recursion breaks a proof in BudgetedRecursion.v."""
    def edit(copy: Path) -> None:
        for old, new in edits:
            replace_once("theorems/BudgetedRecursion.v", old, new)(copy)
    done = mutated(edit)
    assert done.returncode != 0
    assert 'File "./theorems/BudgetedRecursion.v"' in done.stderr, done.stderr


def and_chain(n: int) -> dict:
    """n AND2 nodes in a chain, AND2(... AND2(x0, x1) ..., x_n), as RecursionExamples.v's
    andChain (n - 1): the bottom node n - 1 levels below the root."""
    node = {"id": "u0", "aggregator": "and:2", "children": [
        {"id": "x0", "query": "q0"}, {"id": "x1", "query": "q1"}]}
    for j in range(1, n):
        node = {"id": f"u{j}", "aggregator": "and:2", "children": [
            node, {"id": f"x{j + 1}", "query": f"q{j + 1}"}]}
    return {"format": "fbs-tree/1", "description": f"a chain of {n} and:2", "depth": n,
            "root": node}


@apply(coq_run)
def test_tool_cut_offs_agree_with_coq(compiled, tmp_path):
    """The tool's depth cut-off is Coq's toolCut: on the chain of 4 AND2 nodes at all-ones
    Coq's ell(root) with toolCut is 1 and the tool prints [1, 1]; on the chain of 5 (the
    bottom node 4 levels down) toolCut gives 0, the tool's lower end falls to B1' (a)'s
    1/rho_T = 1/6 (its floors cut at the same node), while without the cut Coq's ell is 1."""
    coq = coq_values(compiled, [
        "ell allTrue knownR bobE toolCut nil (andChain 3)",
        "ell allTrue knownR bobE toolCut nil (andChain 4)",
        "ell allTrue knownR bobE (fun _ _ => false) nil (andChain 4)",
    ], modules="FbsTrees BudgetedExamples BudgetedRecursion RecursionExamples")
    assert coq == [1, 0, 1]
    tool = []
    for n in (4, 5):
        report = worst_case_report(tmp_path, and_chain(n), "1" * (n + 1),
                                   ["--protocol", "budgeted"], "vertex")
        tool.append((Fraction(report["worst_case"]["lower_bound"]),
                     Fraction(report["worst_case"]["upper_bound"])))
    assert tool == [(coq[0], 1), (Fraction(1, 6), coq[2])]


@apply(coq_run)
@pytest.mark.parametrize("name,old,new", [
    # Lemma 2's characterisation without "A is an antichain"
    ("theorems/CensusLemmas.v",
     "Theorem lemma_2_characterisation : forall q A (s : list bool -> bool), FamOf q A -> Antichain q A ->",
     "Theorem lemma_2_characterisation : forall q A (s : list bool -> bool), FamOf q A -> True ->"),
    # Lemma 3 (tau) without "p is a permutation"
    ("theorems/CensusLemmas.v",
     "Theorem lemma_3_tau : forall q p pinv A k, Perm q p pinv -> FamOf q A ->",
     "Theorem lemma_3_tau : forall q p pinv A k, True -> FamOf q A ->"),
    # Lemma 3 (|A|, |up(A)|) without "p is a permutation"
    ("theorems/CensusLemmas.v",
     "Theorem lemma_3_counts : forall q p pinv a, Perm q p pinv ->",
     "Theorem lemma_3_counts : forall q p pinv a, True ->"),
    # Lemma 4 without U0 inside U1
    ("theorems/CensusLemmas.v",
     "   (UpSet q (part0 U) /\\ UpSet q (part1 U) /\\ (forall T, part0 U T -> part1 U T) /\\ ~ part0 U (zeros q))).",
     "   (UpSet q (part0 U) /\\ UpSet q (part1 U) /\\ True /\\ ~ part0 U (zeros q)))."),
    # Lemma 4's shard transport without "p is a permutation"
    ("theorems/CensusLemmas.v",
     "Theorem lemma_4_shard : forall q p pinv (R U1 U0 : Fam), Perm q p pinv -> FamOf q U0 ->",
     "Theorem lemma_4_shard : forall q p pinv (R U1 U0 : Fam), True -> FamOf q U0 ->"),
    # the class-sum theorem without P constant on each class
    ("theorems/CensusLemmas.v",
     "  (forall C, In C classes -> C <> [] /\\ forall A, In A C -> P A = P (hd d C) /\\ N A = N (hd d C)) ->",
     "  (forall C, In C classes -> C <> [] /\\ forall A, In A C -> True /\\ N A = N (hd d C)) ->"),
    # Lemma 1's step "every sensitive block contains a minimal one" weakened to its length
    ("theorems/CensusLemmas.v",
     "Lemma sensitive_covered : forall f z B, SensFam f z B -> exists B', MinSens f z B' /\\ Sub (length z) B' B.",
     "Lemma sensitive_covered : forall f z B, SensFam f z B -> exists B', MinSens f z B' /\\ length B' = length z."),
    # minimality tested against every member inside B, B itself included
    ("model/Antichains.v",
     "  s B && forallb (fun C => negb (s C && subb q C B && negb (eqMask C B))) (allMasks q).",
     "  s B && forallb (fun C => negb (s C && subb q C B)) (allMasks q)."),
    # Lemma 2's count for every q without "A is an antichain of nonempty blocks"
    ("theorems/CensusCount.v",
     "Theorem lemma_2_count : forall q A, In A (antichainsOf q) -> countPairs q A = censusWeight q A.",
     "Theorem lemma_2_count : forall q A, True -> countPairs q A = censusWeight q A."),
    # Lemma 2's weight without the factor 2 of f(x)
    ("model/Antichains.v",
     "  2 ^ q * 2 * 2 ^ (countb q (upb q (memb A)) - length A).",
     "  2 ^ q * 2 ^ (countb q (upb q (memb A)) - length A)."),
], ids=["antichain-dropped", "tau-no-permutation", "counts-no-permutation",
        "shard-U0-not-in-U1", "shard-no-permutation", "class-sum-P-not-constant", "minimal-cover-weakened",
        "minimal-test-wrong", "count-not-an-antichain", "weight-missing-factor-2"])
def test_a_wrong_census_lemma_breaks_its_proof(mutated, name, old, new):
    """The census reduction (docs/census.md, ours; issue 28): each dropped hypothesis or
    broken step makes coqc refuse a census file (the last in check.sh's order)."""
    done = mutated(replace_once(name, old, new))
    assert done.returncode != 0
    assert any(f'File "./{census}"' in done.stderr for census in
               ["theorems/CensusLemmas.v", "theorems/CensusCount.v", "examples/CensusExamples.v"]), done.stderr


@apply(coq_run)
@pytest.mark.parametrize("old,new", [
    # Lemma 4's counting step without g invariant under the permutations
    ("  (forall pi, ok pi -> forall U0, In U0 (inside R) -> g (act pi U0) (act pi R) = g U0 R) ->\n"
     "  natSum (fun U1 => if existsb (eqX U1) K",
     "  True ->\n  natSum (fun U1 => if existsb (eqX U1) K"),
    # Lemma 4's counting step without K listed once each (|K| would count a repeat twice)
    ("  NoDup ups -> NoDup K -> (forall U1, In U1 K -> In U1 ups) ->",
     "  NoDup ups -> True -> (forall U1, In U1 K -> In U1 ups) ->"),
    # the shard-level class sum without g invariant
    ("     (forall pi, ok pi -> forall U0, In U0 (inside (fst c)) -> g (act pi U0) (act pi (fst c)) = g U0 (fst c))) ->",
     "     True) ->"),
    # the shard-level class sum with classes that only cover the up-sets (no partition)
    ("  Permutation (concat (map snd classes)) ups ->",
     "  incl ups (concat (map snd classes)) ->"),
], ids=["count-g-not-invariant", "count-K-repeats", "shards-g-not-invariant", "shards-not-a-partition"])
def test_a_wrong_shard_count_breaks_its_proof(mutated, old, new):
    """Lemma 4's counting step and the class-sum theorem at the shard level (docs/census.md,
    ours; issue 28): each dropped hypothesis makes coqc refuse theorems/CensusShards.v."""
    done = mutated(replace_once("theorems/CensusShards.v", old, new))
    assert done.returncode != 0
    assert 'File "./theorems/CensusShards.v"' in done.stderr, done.stderr
