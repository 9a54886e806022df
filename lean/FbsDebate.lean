import FbsDebate.Statements
import FbsDebate.Proofs.OneLevel
import FbsDebate.Proofs.Induction

/-!
# FbsDebate

Root of the library: the statements a reader must trust are in `FbsDebate/Statements.lean`;
their proofs are in `FbsDebate/Proofs/`. The checks below make `lake build` print the axioms
each proved statement depends on; `sorryAx` in that list would mean an unfinished proof.
-/

namespace FbsDebate

/-- Everything proved, in one place: the statements of `Statements.lean` hold. -/
theorem all_statements :
    OneLevelStep ∧ OneLevelStepFlags ∧ ChainBound ∧ SoundnessBound :=
  ⟨one_level_step, one_level_step_flags, chain_bound, soundness_bound⟩

end FbsDebate

#print axioms FbsDebate.all_statements
