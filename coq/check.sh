#!/usr/bin/env bash
# Check the Coq proofs with coqc (Debian package `coq`, 8.16), in dependency order. Layout
# (coq/README.md): model/ (the definitions a reader must trust), checkers/ (executable
# certificate checkers with their reflection lemmas), theorems/ (the paper's and our theorems),
# examples/ (concrete instances, non-vacuity), certificates/ (exported certificates, each a
# theorem proved by running a checker; compiled last, all of them). Every file
# is compiled with `-R . FbsCoq`, so `From FbsCoq Require Import M` finds M in any folder.
# Compiles in a temporary directory (no build files in the tree) and FAILS unless every
# `Print Assumptions` line answers "Closed under the global context" and no file contains
# Admitted, admit, Axiom, Parameter or Hypothesis. Without coqc: one line saying the check was
# skipped, or exit 1 when COQ_REQUIRED=1.
set -euo pipefail
cd "$(dirname "$0")"
files=(model/FbsModel.v theorems/FbsDebate.v theorems/FbsTrees.v model/FbsTreeModel.v theorems/FbsTreeCert.v theorems/FbsDuality.v model/Families.v checkers/ExhaustiveCheck.v model/TreeStatements.v checkers/TreeCheck.v checkers/TreeV3Check.v checkers/SymmetricCheck.v model/Measures.v checkers/MeasureCheck.v checkers/WorstCase.v examples/FbsExamples.v theorems/BudgetedMixed.v theorems/LowerBound.v theorems/Completeness.v theorems/UpperBound.v theorems/BudgetedFloors.v theorems/HonestBudgets.v examples/LowerBoundExamples.v examples/OptimalBobExamples.v theorems/MeasureChain.v model/MenuModel.v theorems/MenuLowerBound.v theorems/MenuDistinct.v theorems/MenuRealisations.v examples/MenuExamples.v theorems/HonestLeaves.v theorems/BudgetedLeaves.v examples/BudgetedExamples.v theorems/CompletenessCost.v examples/CostExamples.v theorems/HonestBridge.v examples/BridgeExamples.v theorems/InstanceOptimality.v examples/InstanceOptimalityExamples.v theorems/BudgetedRecursion.v examples/RecursionExamples.v model/Antichains.v theorems/CensusLemmas.v checkers/CensusClassesCheck.v theorems/CensusCount.v examples/CensusExamples.v theorems/InstanceOptimalityProtocol.v examples/InstanceOptimalityProtocolExamples.v theorems/LookaheadLowerBound.v examples/LookaheadExamples.v theorems/CensusShards.v examples/CensusShardExamples.v)
# certificates exported by tools/export_coq_certificates.py (fbs coq), after the library
shopt -s nullglob
certificates=(certificates/*.v)
# COQ_LIBRARY_ONLY=1 (the mutation tests, which edit the library only): leave out the
# exported certificates, which only use the library
if [ "${COQ_LIBRARY_ONLY:-0}" = "1" ]; then certificates=(); fi
all=("${files[@]}" "${certificates[@]}")
if ! command -v coqc >/dev/null 2>&1; then
  if [ "${COQ_REQUIRED:-0}" = "1" ]; then
    echo "Coq check failed: coqc not installed (apt-get install -y coq)" >&2
    exit 1
  fi
  echo "Coq check skipped: coqc not installed (apt-get install -y coq); the z3 mirror (verify/formal/soundness_z3.py) is checked instead."
  exit 0
fi
if grep -nE '(^|[^A-Za-z_])(Admitted|admit)[.]|^[[:space:]]*(Axiom|Axioms|Parameter|Parameters|Hypothesis|Hypotheses|Conjecture)[[:space:]]' "${all[@]}"; then
  echo "Coq check failed: a proof is unfinished or an axiom is declared (lines above)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp --parents "${all[@]}" "$work/"
out=""
printed=0
for f in "${all[@]}"; do
  said="$(cd "$work" && coqc -q -R . FbsCoq "$f")"
  out+="$said"$'\n'
  # each file's Print Assumptions closed, checked as soon as it is compiled (fails early)
  wanted=$(grep -c "^Print Assumptions" "$f" || true)
  got=$(grep -c "^Closed under the global context" <<<"$said" || true)
  if [ "$got" != "$wanted" ]; then
    echo "$out"
    echo "Coq check failed: $got of $wanted Print Assumptions of $f are closed (see above)" >&2
    exit 1
  fi
  printed=$((printed + wanted))
done
echo "$out"
closed=$(grep -c "^Closed under the global context" <<<"$out" || true)
if [ "$closed" != "$printed" ]; then
  echo "Coq check failed: $closed of $printed Print Assumptions are closed (see above)" >&2
  exit 1
fi
echo "Coq check passed: $printed theorems closed under the global context; $(coqc --version | head -1)"
