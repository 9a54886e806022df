import FbsDebate.Statements

/-! Proof of the induction of Theorem 4.2 (`ChainBound`) and of `SoundnessBound`.

Induction on d, generalizing the sequence n: for d + 1, the shifted sequence k ↦ n (k + 1)
satisfies the chain for d, so n (d + 1) * b ^ d ≤ n 1 * a ^ d; multiply by b and use
n 1 * b ≤ n 0 * a. Only core lemmas: Nat.mul_le_mul, Nat.mul_assoc, Nat.mul_comm. -/

namespace FbsDebate

theorem powSucc (x k : Nat) : x ^ (k + 1) = x ^ k * x := rfl

theorem mulRightComm (x y z : Nat) : x * y * z = x * z * y := by
  rw [Nat.mul_assoc, Nat.mul_comm y z, ← Nat.mul_assoc]

theorem chain_bound : ChainBound := by
  intro n a b d
  induction d generalizing n with
  | zero =>
    intro _
    first
    | exact Nat.le_refl _
    | simp
  | succ d ih =>
    intro h
    have h' : Chain (fun k => n (k + 1)) a b d := by
      intro k hk
      exact h (k + 1) (Nat.succ_lt_succ hk)
    have hd : n (d + 1) * b ^ d ≤ n 1 * a ^ d := ih (fun k => n (k + 1)) h'
    have h0 : n 1 * b ≤ n 0 * a := h 0 (Nat.zero_lt_succ d)
    calc n (d + 1) * b ^ (d + 1) = n (d + 1) * b ^ d * b := by rw [powSucc b d, Nat.mul_assoc]
      _ ≤ n 1 * a ^ d * b := Nat.mul_le_mul hd (Nat.le_refl b)
      _ = n 1 * b * a ^ d := mulRightComm (n 1) (a ^ d) b
      _ ≤ n 0 * a * a ^ d := Nat.mul_le_mul h0 (Nat.le_refl (a ^ d))
      _ = n 0 * a ^ (d + 1) := by rw [powSucc a d, Nat.mul_assoc, Nat.mul_comm a (a ^ d)]

theorem soundness_bound : SoundnessBound := by
  intro n a b d D L hD hc hL
  calc D * b ^ d = n d * b ^ d := by rw [hD]
    _ ≤ n 0 * a ^ d := chain_bound n a b d hc
    _ ≤ L * a ^ d := Nat.mul_le_mul hL (Nat.le_refl (a ^ d))

end FbsDebate
