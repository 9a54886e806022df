import FbsDebate.BudgetedStatements

/-! Proofs of the Budgeted FBS Debate statements (ours; unchecked, see lean/README.md). -/

namespace FbsDebate.Budgeted

theorem jSum_le_wSum (E F : Nat) : ∀ xs : List Child, LyingOK E F xs → E * jSum xs ≤ wSum xs
  | [], _ => by simp [jSum, wSum]
  | (t, c, n, true) :: rest, h => by
    obtain ⟨hc, _, hr⟩ := h
    have ih := jSum_le_wSum E F rest hr
    have h1 : E * t ≤ t * c := by
      rw [Nat.mul_comm E t]; exact Nat.mul_le_mul_left t hc
    simp only [jSum, wSum, Nat.mul_add]
    exact Nat.add_le_add h1 ih
  | (t, c, n, false) :: rest, h => by
    have ih := jSum_le_wSum E F rest h
    simp only [jSum, wSum]
    exact Nat.le_trans ih (Nat.le_add_left _ _)

theorem jSum_le_nSum (E F : Nat) : ∀ xs : List Child, LyingOK E F xs → E * F * jSum xs ≤ nSum xs
  | [], _ => by simp [jSum, nSum]
  | (t, c, n, true) :: rest, h => by
    obtain ⟨_, hcn, hr⟩ := h
    have ih := jSum_le_nSum E F rest hr
    have h1 : E * F * t ≤ t * c * n := by
      rw [Nat.mul_comm (E * F) t, Nat.mul_assoc t c n]; exact Nat.mul_le_mul_left t hcn
    simp only [jSum, nSum, Nat.mul_add]
    exact Nat.add_le_add h1 ih
  | (t, c, n, false) :: rest, h => by
    have ih := jSum_le_nSum E F rest h
    simp only [jSum, nSum]
    exact Nat.le_trans ih (Nat.le_add_left _ _)

theorem budget_weight : BudgetWeight := by
  intro xs D E F h hJ
  have hw := jSum_le_wSum E F xs h
  have hD : D * E ≤ jSum xs * E := Nat.mul_le_mul_right E hJ
  rw [Nat.mul_comm (jSum xs) E] at hD
  exact Nat.le_trans hD hw

theorem budget_step : BudgetStep := by
  intro xs D E F A B h hJ hW
  have hN := jSum_le_nSum E F xs h
  have hD : E * F * D ≤ E * F * jSum xs := Nat.mul_le_mul_left (E * F) hJ
  have hDN : E * F * D ≤ nSum xs := Nat.le_trans hD hN
  have hA : A * (E * F * D) ≤ A * nSum xs := Nat.mul_le_mul_left A hDN
  have hWF : wSum xs * B * F ≤ A * (D * E) * F := Nat.mul_le_mul_right F hW
  have e1 : wSum xs * F * B = wSum xs * B * F := Nat.mul_right_comm _ _ _
  have e2 : A * (D * E) * F = A * (E * F * D) := by
    rw [Nat.mul_assoc A, Nat.mul_comm D E, Nat.mul_assoc E D F, Nat.mul_comm D F,
      ← Nat.mul_assoc E F D]
  rw [e1, Nat.mul_comm (nSum xs) A]
  exact Nat.le_trans hWF (e2 ▸ hA)

theorem guarantee_antitone : GuaranteeAntitone := by
  intro A B A' B' _ _ h
  have hB' : B' ≤ Nat.max A' B' := Nat.le_max_right A' B'
  have hA' : A' ≤ Nat.max A' B' := Nat.le_max_left A' B'
  by_cases hAB : A ≤ B
  · rw [Nat.max_eq_right hAB, Nat.mul_comm B' B]
    exact Nat.mul_le_mul_left B hB'
  · have hBA : B ≤ A := Nat.le_of_lt (Nat.lt_of_not_le hAB)
    rw [Nat.max_eq_left hBA, Nat.mul_comm B' A]
    have h2 : A' * B ≤ Nat.max A' B' * B := Nat.mul_le_mul_right B hA'
    rw [Nat.mul_comm (Nat.max A' B') B] at h2
    exact Nat.le_trans h h2

theorem budget_averaging : BudgetAveraging := by
  intro xs g
  induction xs with
  | nil => intro _; simp [weightSum, weightedLoss]
  | cons x rest ih =>
    intro h
    obtain ⟨w, n⟩ := x
    have hx : g ≤ n := h (w, n) (List.mem_cons_self _ _)
    have hr := ih (fun y hy => h y (List.mem_cons_of_mem _ hy))
    have h1 : g * w ≤ w * n := by rw [Nat.mul_comm g w]; exact Nat.mul_le_mul_left w hx
    simp only [weightSum, weightedLoss, Nat.mul_add]
    exact Nat.add_le_add h1 hr

end FbsDebate.Budgeted
