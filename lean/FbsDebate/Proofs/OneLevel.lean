import FbsDebate.Statements

/-! Proof of inequality (1) (`OneLevelStep`, `OneLevelStepFlags`): s * b ≤ a * D ≤ a * tB. -/

namespace FbsDebate

theorem one_level_step : OneLevelStep := by
  intro tB s D a b hB _ hs
  exact Nat.le_trans hs
    (Nat.le_trans (Nat.mul_le_mul (Nat.le_refl a) hB) (Nat.le_of_eq (Nat.mul_comm a tB)))

theorem one_level_step_flags : OneLevelStepFlags := by
  intro ts D a b hB hpos hs
  exact one_level_step (blockSum ts) (totalSum ts) D a b hB hpos hs

/-- Sanity: a block's weight is at most the total (so P[I ∈ B] ≤ 1). Not a trusted statement. -/
theorem blockSum_le_totalSum : ∀ ts : List (Nat × Bool), blockSum ts ≤ totalSum ts
  | [] => Nat.le_refl 0
  | (t, true) :: rest => Nat.add_le_add_left (blockSum_le_totalSum rest) t
  | (t, false) :: rest => Nat.le_trans (blockSum_le_totalSum rest) (Nat.le_add_left _ t)

end FbsDebate
