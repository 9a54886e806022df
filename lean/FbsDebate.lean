import FbsDebate.Statements
import FbsDebate.Proofs.OneLevel
import FbsDebate.Proofs.Induction
import FbsDebate.Proofs.Budgeted
import FbsDebate.TreeStatements

/-!
# FbsDebate

Root of the library: the statements a reader must trust are in `FbsDebate/Statements.lean`;
their proofs are in `FbsDebate/Proofs/`. `FbsDebate/TreeStatements.lean` mirrors, as
statements only (no Lean proof), what `coq/FbsTrees.v` and `coq/FbsTreeCert.v` prove. The checks below make `lake build` print the axioms
each proved statement depends on; `sorryAx` in that list would mean an unfinished proof.
-/

namespace FbsDebate

/-- Everything proved, in one place: the statements of `Statements.lean` hold. -/
theorem all_statements :
    OneLevelStep ∧ OneLevelStepFlags ∧ ChainBound ∧ SoundnessBound :=
  ⟨one_level_step, one_level_step_flags, chain_bound, soundness_bound⟩

/-- Budgeted FBS Debate (THIS PROJECT'S EXTENSION, docs/budgeted.md): Theorem B1's steps. -/
theorem all_budgeted_statements :
    Budgeted.BudgetWeight ∧ Budgeted.BudgetStep ∧ Budgeted.GuaranteeAntitone ∧
      Budgeted.BudgetAveraging :=
  ⟨Budgeted.budget_weight, Budgeted.budget_step, Budgeted.guarantee_antitone,
    Budgeted.budget_averaging⟩

end FbsDebate

#print axioms FbsDebate.all_statements
#print axioms FbsDebate.all_budgeted_statements
