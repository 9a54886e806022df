/-!
# The statements a reader must trust

Theorem 4.2 of "How to Have a Sensitive Debate" (FBS debate soundness) and inequality (1) of
its proof, stated over natural numbers with common denominators (core Lean has no reals):
rho = a / b, a probability P = n / D. Every statement is a `Prop`; the proofs live in
`FbsDebate/Proofs/` and `FbsDebate.lean` collects them. See `lean/README.md` for the map to
the paper and the list of deviations.
-/

namespace FbsDebate

/-- Inequality (1), one node. Bob's dual weights in units of 1/D: `tB` = D * sum_{i in B} t_i,
`s` = D * sum_i t_i; rho = a / b. Hypotheses: the block has weight at least 1 (`D ≤ tB`),
`0 < s`, and the stability check passed (sum_i t_i ≤ rho, i.e. `s * b ≤ a * D`).
Conclusion: P[I ∈ B] = tB / s ≥ b / a = 1 / rho, cross-multiplied: `s * b ≤ tB * a`. -/
def OneLevelStep : Prop :=
  ∀ (tB s D a b : Nat), D ≤ tB → 0 < s → s * b ≤ a * D → s * b ≤ tB * a

/-- Sum of the weights whose membership flag is set: sum_{i in B} t_i for B given by flags. -/
def blockSum : List (Nat × Bool) → Nat
  | [] => 0
  | (t, true) :: rest => t + blockSum rest
  | (_, false) :: rest => blockSum rest

/-- Sum of all weights: sum_i t_i. -/
def totalSum : List (Nat × Bool) → Nat
  | [] => 0
  | (t, _) :: rest => t + totalSum rest

/-- Inequality (1) for q = `ts.length` coordinates, weights `ts[i].1` (in units of 1/D) and a
block B given by the membership flags `ts[i].2`. -/
def OneLevelStepFlags : Prop :=
  ∀ (ts : List (Nat × Bool)) (D a b : Nat),
    D ≤ blockSum ts → 0 < totalSum ts → totalSum ts * b ≤ a * D →
    totalSum ts * b ≤ blockSum ts * a

/-- The averaging step at every level: P[W_k] = n k / D and P[W_k] ≥ P[W_(k+1)] / rho for
k < d, cross-multiplied (rho = a / b): `n (k + 1) * b ≤ n k * a`. -/
def Chain (n : Nat → Nat) (a b d : Nat) : Prop :=
  ∀ k, k < d → n (k + 1) * b ≤ n k * a

/-- The induction of Theorem 4.2's proof: P[W_0] ≥ rho^-d * P[W_d], i.e.
`n d * b ^ d ≤ n 0 * a ^ d`. -/
def ChainBound : Prop :=
  ∀ (n : Nat → Nat) (a b d : Nat), Chain n a b d → n d * b ^ d ≤ n 0 * a ^ d

/-- Theorem 4.2: with P[W_d] = 1 (`n d = D`) and P[Alice loses] = L / D ≥ P[W_0]
(`n 0 ≤ L`), P[Alice loses] ≥ rho^-d, i.e. `D * b ^ d ≤ L * a ^ d`. -/
def SoundnessBound : Prop :=
  ∀ (n : Nat → Nat) (a b d D L : Nat),
    n d = D → Chain n a b d → n 0 ≤ L → D * b ^ d ≤ L * a ^ d

end FbsDebate
