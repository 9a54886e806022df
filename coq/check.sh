#!/usr/bin/env bash
# Check the Coq proofs with coqc (Debian package `coq`, 8.16), in dependency order. Layout
# (coq/README.md): model/ (the definitions a reader must trust), checkers/ (executable
# certificate checkers with their reflection lemmas), theorems/ (the paper's and our theorems),
# examples/ (concrete instances, non-vacuity), certificates/ (exported certificates, each a
# theorem proved by running a checker; compiled last, all of them). Every file
# is compiled with `-R . FbsCoq`, so `From FbsCoq Require Import M` finds M in any folder.
# Compiles in a temporary directory (no build files in the tree) and FAILS unless every
# `Print Assumptions` line answers "Closed under the global context" and, after compiling,
# every constant of every file (as Coq itself lists them, `Print Module`, nested modules
# included) has a body (`About`: opaque or transparent): an Axiom, Parameter, admitted proof or section-less
# Variable in any syntax (`Local Axiom`, `#[local] Axiom`, after another command on a line)
# fails the check. The source grep for Admitted, admit, Axiom, Parameter or Hypothesis stays
# as an early, cheap refusal. Without coqc: one line saying the check was skipped, or exit 1
# when COQ_REQUIRED=1. `check.sh --counts` prints the library's counts (files, Print
# Assumptions) without compiling; coq/README.md quotes them (tests/formal/test_coq.py).
set -euo pipefail
cd "$(dirname "$0")"
files=(model/FbsModel.v theorems/FbsDebate.v theorems/FbsTrees.v model/FbsTreeModel.v theorems/FbsTreeCert.v theorems/FbsDuality.v model/Measures.v model/Families.v checkers/ExhaustiveCheck.v model/TreeStatements.v checkers/TreeCheck.v model/WeightedStatements.v checkers/WeightedCheck.v checkers/ThresholdCheck.v checkers/TreeV3Check.v checkers/TreeV3General.v checkers/SymmetricCheck.v checkers/MeasureCheck.v checkers/WorstCase.v examples/FbsExamples.v theorems/BudgetedMixed.v theorems/LowerBound.v theorems/Completeness.v theorems/UpperBound.v theorems/BudgetedFloors.v theorems/HonestBudgets.v examples/LowerBoundExamples.v examples/OptimalBobExamples.v theorems/MeasureChain.v checkers/GlobalMeasureCheck.v model/MenuModel.v theorems/MenuLowerBound.v theorems/MenuDistinct.v theorems/MenuRealisations.v examples/MenuExamples.v theorems/HonestLeaves.v theorems/BudgetedLeaves.v examples/BudgetedExamples.v theorems/CompletenessCost.v examples/CostExamples.v theorems/HonestBridge.v examples/BridgeExamples.v theorems/InstanceOptimality.v examples/InstanceOptimalityExamples.v theorems/BudgetedRecursion.v examples/RecursionExamples.v model/Antichains.v theorems/CensusLemmas.v checkers/CensusClassesCheck.v checkers/CensusShardCheck.v theorems/CensusCount.v examples/CensusExamples.v theorems/InstanceOptimalityProtocol.v examples/InstanceOptimalityProtocolExamples.v theorems/LookaheadLowerBound.v examples/LookaheadExamples.v theorems/CensusShards.v examples/CensusShardExamples.v)
# certificates exported by tools/export_coq_certificates.py (fbs coq), after the library
shopt -s nullglob
certificates=(certificates/*.v)
# COQ_LIBRARY_ONLY=1 (the mutation tests, which edit the library only): leave out the
# exported certificates, which only use the library
if [ "${COQ_LIBRARY_ONLY:-0}" = "1" ]; then certificates=(); fi
all=("${files[@]}" "${certificates[@]}")
if [ "${1:-}" = "--counts" ]; then
  printed=$(cat "${all[@]}" | grep -c "^Print Assumptions" || true)
  echo "${#files[@]} library files, ${#certificates[@]} certificate files, $printed Print Assumptions"
  exit 0
fi
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
# Every constant, as Coq lists it: Print Module on each compiled file (and on every nested
# module it shows), then About on each constant: each must have a body.
modules=()
for f in "${all[@]}"; do m="${f%.v}"; modules+=("FbsCoq.${m//\//.}"); done
requires=$(printf 'Require %s.\n' "${modules[@]}")
constants=()
round=0
while [ "${#modules[@]}" -gt 0 ]; do
  round=$((round + 1))
  { echo "$requires"; i=0
    for m in "${modules[@]}"; do echo "Redirect \"list_${round}_$i\" Print Module $m."; i=$((i + 1)); done
  } >"$work/ListConstants.v"
  (cd "$work" && coqc -q -R . FbsCoq ListConstants.v >/dev/null)
  nested=()
  i=0
  for m in "${modules[@]}"; do
    listing="$work/list_${round}_$i.out"
    # the listing on one line, less its header "Module NAME := Struct"; then each declaration
    while read -r kind name; do
      case "$kind" in
        Module) nested+=("$m.$name") ;;
        *) constants+=("$m.$name") ;;
      esac
    done < <(tr -s '[:space:]' ' ' <"$listing" | sed -E 's/^ ?Module [^ ]+ := Struct//' \
               | grep -oE '(Definition|Parameter|Fixpoint|CoFixpoint|Module) [^ :(]+' || true)
    i=$((i + 1))
  done
  modules=("${nested[@]}")
done
# `About` says "is opaque" or "is (basically) transparent" of a constant with a body (a definition, or a
# proof ended by Qed or Defined); an axiom, parameter, admitted proof or section-less Variable
# has neither. (Print Assumptions of each constant would traverse every proof again.)
{ echo "$requires"; printf 'About %s.\n' "${constants[@]}"; } >"$work/AllConstants.v"
said="$(cd "$work" && coqc -q -R . FbsCoq AllConstants.v 2>&1)" || {
  echo "$said" | head -20
  echo "Coq check failed: listing the constants failed (above)" >&2
  exit 1
}
bodiless=$(awk '/ is (opaque|transparent)$| is basically transparent/ {body = 1}
                /^Expands to: Constant / {if (!body) print $4; body = 0}' <<<"$said")
with_body=$(grep -cE ' is (opaque|transparent)$| is basically transparent' <<<"$said" || true)
if [ -n "$bodiless" ] || [ "$with_body" != "${#constants[@]}" ]; then
  echo "$bodiless" | head -20
  echo "Coq check failed: $with_body of ${#constants[@]} constants have a body; the others (above) are axioms, parameters or admitted proofs" >&2
  exit 1
fi
echo "Coq check passed: $printed theorems closed under the global context, and all ${#constants[@]} constants of the ${#all[@]} files have a body; $(coqc --version | head -1)"
