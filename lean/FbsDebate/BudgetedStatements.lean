/-!
# Budgeted FBS Debate: THIS PROJECT'S EXTENSION (docs/budgeted.md), not the paper's

The steps of Theorem B1's proof (soundness of Budgeted FBS Debate) over natural numbers with
common denominators, the same statements as the Coq twin (`coq/FbsDebate.v`, section
"Budgeted FBS Debate"): a child is `(T, C, N, inJ)` with t_i = T / D (Bob's dual weight),
c_i = C / E (its capacity), L_i = N / F (Alice's loss probability below it) and `inJ` saying
whether it lies; beta = A / B. Proofs: `FbsDebate/Proofs/Budgeted.lean`. NOT machine-checked
(no Lean toolchain here, see lean/README.md); the Coq twin and the z3 mirror are checked.
-/

namespace FbsDebate.Budgeted

abbrev Child := Nat × Nat × Nat × Bool

/-- D * t(J): the dual weights of the lying children. -/
def jSum : List Child → Nat
  | [] => 0
  | (t, _, _, true) :: rest => t + jSum rest
  | (_, _, _, false) :: rest => jSum rest

/-- D * E * W = sum_i T_i C_i. -/
def wSum : List Child → Nat
  | [] => 0
  | (t, c, _, _) :: rest => t * c + wSum rest

/-- D * E * F * sum_i c_i t_i L_i; P[lose] = nSum / (wSum * F). -/
def nSum : List Child → Nat
  | [] => 0
  | (t, c, n, _) :: rest => t * c * n + nSum rest

/-- On the lying children: c_i ≥ 1 and c_i L_i ≥ 1 (the induction hypothesis). -/
def LyingOK (E F : Nat) : List Child → Prop
  | [] => True
  | (_, c, n, true) :: rest => E ≤ c ∧ E * F ≤ c * n ∧ LyingOK E F rest
  | (_, _, _, false) :: rest => LyingOK E F rest

/-- Step S1: W ≥ t(J) ≥ 1. -/
def BudgetWeight : Prop :=
  ∀ (xs : List Child) (D E F : Nat), LyingOK E F xs → D ≤ jSum xs → D * E ≤ wSum xs

/-- Steps S2-S3: t(J) ≥ 1 and W ≤ beta give P[lose] ≥ 1 / beta, cross-multiplied. -/
def BudgetStep : Prop :=
  ∀ (xs : List Child) (D E F A B : Nat), LyingOK E F xs → D ≤ jSum xs →
    wSum xs * B ≤ A * (D * E) → wSum xs * F * B ≤ nSum xs * A

/-- The guarantee g(beta) = min(1, 1/beta) = 1 / max(beta, 1) is B / max(A, B) for
beta = A / B (B > 0), and it is non-increasing (the root check beta ≤ beta_max gives
g(beta) ≥ g(beta_max)): A / B ≤ A' / B' implies B' / max(A', B') ≤ B / max(A, B),
cross-multiplied. Mirrors `GuaranteeAntitone` of coq/FbsDebate.v. -/
def GuaranteeAntitone : Prop :=
  ∀ (A B A' B' : Nat), 0 < B → 0 < B' → A * B' ≤ A' * B →
    B' * Nat.max A B ≤ B * Nat.max A' B'

def weightSum : List (Nat × Nat) → Nat
  | [] => 0
  | (w, _) :: rest => w + weightSum rest

def weightedLoss : List (Nat × Nat) → Nat
  | [] => 0
  | (w, n) :: rest => w * n + weightedLoss rest

/-- Step A: a convex combination of conditional loss numerators each ≥ g is ≥ g. -/
def BudgetAveraging : Prop :=
  ∀ (xs : List (Nat × Nat)) (g : Nat), (∀ x ∈ xs, g ≤ x.2) → g * weightSum xs ≤ weightedLoss xs

end FbsDebate.Budgeted
