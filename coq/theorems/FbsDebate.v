(* FbsDebate.v -- the Coq twin of lean/FbsDebate: the ARITHMETIC SKELETON of Theorem 4.2's
   proof (inequality (1) and the averaging chain) of "How to Have a Sensitive Debate", stated
   over nat with common denominators (rho = a / b, a probability P = n / D), exactly as in
   lean/FbsDebate/Statements.lean. Theorem 4.2 itself, over arbitrary finite trees with the
   protocol's catch probability, is proved in FbsTrees.v.
   Checked by coqc 8.16 (coq/check.sh). No Admitted, no Axiom: the Print Assumptions lines at
   the end must answer "Closed under the global context". *)

From Coq Require Import Arith Lia List.
Import ListNotations.

(* ---------------------------------------------------------------------------------------- *)
(* Statements (the part a reader must trust)                                                 *)
(* ---------------------------------------------------------------------------------------- *)

(* Inequality (1), one node: tB = D * sum_{i in B} t_i, s = D * sum_i t_i, rho = a / b.
   D <= tB (block weight >= 1), 0 < s, s * b <= a * D (sum t <= rho)
   imply P[I in B] = tB / s >= b / a = 1 / rho, cross-multiplied. *)
Definition OneLevelStep : Prop :=
  forall tB s D a b : nat, D <= tB -> 0 < s -> s * b <= a * D -> s * b <= tB * a.

Fixpoint blockSum (ts : list (nat * bool)) : nat :=
  match ts with
  | [] => 0
  | (t, true) :: rest => t + blockSum rest
  | (_, false) :: rest => blockSum rest
  end.

Fixpoint totalSum (ts : list (nat * bool)) : nat :=
  match ts with
  | [] => 0
  | (t, _) :: rest => t + totalSum rest
  end.

(* Inequality (1) for q = length ts coordinates and a block given by membership flags. *)
Definition OneLevelStepFlags : Prop :=
  forall (ts : list (nat * bool)) (D a b : nat),
    D <= blockSum ts -> 0 < totalSum ts -> totalSum ts * b <= a * D ->
    totalSum ts * b <= blockSum ts * a.

(* The averaging step at every level: P[W_k] >= P[W_(k+1)] / rho for k < d. *)
Definition Chain (n : nat -> nat) (a b d : nat) : Prop :=
  forall k, k < d -> n (S k) * b <= n k * a.

(* The induction: P[W_0] >= rho^-d * P[W_d]. *)
Definition ChainBound : Prop :=
  forall (n : nat -> nat) (a b d : nat), Chain n a b d -> n d * b ^ d <= n 0 * a ^ d.

(* Theorem 4.2: P[W_d] = 1 (n d = D), P[Alice loses] = L / D >= P[W_0] => >= rho^-d. *)
Definition SoundnessBound : Prop :=
  forall (n : nat -> nat) (a b d D L : nat),
    n d = D -> Chain n a b d -> n 0 <= L -> D * b ^ d <= L * a ^ d.

(* ---------------------------------------------------------------------------------------- *)
(* Proofs                                                                                    *)
(* ---------------------------------------------------------------------------------------- *)

Theorem one_level_step : OneLevelStep.
Proof.
  unfold OneLevelStep. intros tB s D a b HB _ Hs.
  apply (Nat.le_trans _ (a * D)); [exact Hs |].
  rewrite (Nat.mul_comm tB a). apply Nat.mul_le_mono_l. exact HB.
Qed.

Theorem one_level_step_flags : OneLevelStepFlags.
Proof.
  unfold OneLevelStepFlags. intros ts D a b HB Hpos Hs.
  exact (one_level_step (blockSum ts) (totalSum ts) D a b HB Hpos Hs).
Qed.

(* Sanity, not a trusted statement: a block's weight is at most the total (P[I in B] <= 1). *)
Lemma blockSum_le_totalSum : forall ts, blockSum ts <= totalSum ts.
Proof.
  induction ts as [| [t [|]] rest IH]; simpl; lia.
Qed.

Theorem chain_bound : ChainBound.
Proof.
  unfold ChainBound. intros n a b d. revert n.
  induction d as [| d IH]; intros n H.
  - simpl. lia.
  - assert (Hs : Chain (fun k => n (S k)) a b d).
    { unfold Chain in *. intros k Hk. apply H. lia. }
    specialize (IH (fun k => n (S k)) Hs). simpl in IH.
    assert (H0 : n 1 * b <= n 0 * a) by (apply H; lia).
    simpl.
    apply (Nat.le_trans _ (n 1 * a ^ d * b)).
    + replace (n (S d) * (b * b ^ d)) with (n (S d) * b ^ d * b) by ring.
      apply Nat.mul_le_mono_r. exact IH.
    + replace (n 1 * a ^ d * b) with (n 1 * b * a ^ d) by ring.
      replace (n 0 * (a * a ^ d)) with (n 0 * a * a ^ d) by ring.
      apply Nat.mul_le_mono_r. exact H0.
Qed.

Theorem soundness_bound : SoundnessBound.
Proof.
  unfold SoundnessBound. intros n a b d D L HD Hc HL.
  rewrite <- HD.
  apply (Nat.le_trans _ (n 0 * a ^ d)).
  - exact (chain_bound n a b d Hc).
  - apply Nat.mul_le_mono_r. exact HL.
Qed.

Theorem all_statements :
  OneLevelStep /\ OneLevelStepFlags /\ ChainBound /\ SoundnessBound.
Proof.
  exact (conj one_level_step (conj one_level_step_flags (conj chain_bound soundness_bound))).
Qed.

Print Assumptions all_statements.

(* ---------------------------------------------------------------------------------------- *)
(* Budgeted FBS Debate: THIS PROJECT'S EXTENSION, not the paper's (docs/budgeted.md).         *)
(* Theorem B1's steps over nat with common denominators: a child is (T, C, N, inJ) with      *)
(* t_i = T / D, c_i = C / E, L_i = N / F (Alice's loss probability below child i) and inJ    *)
(* saying whether child i lies; beta = A / B.                                                *)
(* ---------------------------------------------------------------------------------------- *)

Fixpoint jSum (xs : list (nat * nat * nat * bool)) : nat :=
  match xs with
  | [] => 0
  | (T, _, _, true) :: rest => T + jSum rest
  | (_, _, _, false) :: rest => jSum rest
  end.

(* D * E * W = sum_i T_i C_i *)
Fixpoint wSum (xs : list (nat * nat * nat * bool)) : nat :=
  match xs with
  | [] => 0
  | (T, C, _, _) :: rest => T * C + wSum rest
  end.

(* D * E * F * N = sum_i T_i C_i N_i, so P[lose] = sum_i p_i L_i = nSum / (wSum * F) *)
Fixpoint nSum (xs : list (nat * nat * nat * bool)) : nat :=
  match xs with
  | [] => 0
  | (T, C, N, _) :: rest => T * C * N + nSum rest
  end.

(* On the lying children: c_i >= 1 and c_i L_i >= 1 (the induction hypothesis). *)
Fixpoint LyingOK (xs : list (nat * nat * nat * bool)) (E F : nat) : Prop :=
  match xs with
  | [] => True
  | (_, C, N, true) :: rest => E <= C /\ E * F <= C * N /\ LyingOK rest E F
  | (_, _, _, false) :: rest => LyingOK rest E F
  end.

(* Step S1: W >= t(J) >= 1, i.e. D * E <= wSum. *)
Definition BudgetWeight : Prop :=
  forall xs D E F, LyingOK xs E F -> D <= jSum xs -> D * E <= wSum xs.

(* Steps S2-S3: t(J) >= 1 and W <= beta imply P[lose] >= 1 / beta, cross-multiplied:
   wSum * F * B <= nSum * A. *)
Definition BudgetStep : Prop :=
  forall xs D E F A B, LyingOK xs E F -> D <= jSum xs ->
    wSum xs * B <= A * (D * E) -> wSum xs * F * B <= nSum xs * A.

(* The guarantee g(beta) = min(1, 1/beta) = 1 / max(beta, 1): for beta = A / B (B > 0) it is
   B / max(A, B). g is non-increasing (the root check beta <= beta_max gives
   g(beta) >= g(beta_max)): beta = A/B <= beta' = A'/B' implies
   B' / max(A', B') <= B / max(A, B), cross-multiplied. (Over Q, with g defined as
   min(1, 1/beta), this and g(beta) * max(beta, 1) = 1 are `guarantee_antitone` and
   `capacity_guarantee` in FbsTrees.v, where Theorem B1 itself is proved.) *)
Definition GuaranteeAntitone : Prop :=
  forall A B A' B', 0 < B -> 0 < B' -> A * B' <= A' * B ->
    B' * Nat.max A B <= B * Nat.max A' B'.

(* Step A: a convex combination (weights w over a common denominator) of conditional loss
   numerators n >= g is >= g. *)
Fixpoint weightSum (xs : list (nat * nat)) : nat :=
  match xs with [] => 0 | (w, _) :: rest => w + weightSum rest end.
Fixpoint weightedLoss (xs : list (nat * nat)) : nat :=
  match xs with [] => 0 | (w, n) :: rest => w * n + weightedLoss rest end.

Definition BudgetAveraging : Prop :=
  forall xs g, Forall (fun x => g <= snd x) xs -> g * weightSum xs <= weightedLoss xs.

Lemma jSum_le_wSum : forall xs E F, LyingOK xs E F -> E * jSum xs <= wSum xs.
Proof.
  induction xs as [| [[[T C] N] b] rest IH]; intros E F H; simpl in *; [lia |].
  destruct b.
  - destruct H as [HC [_ Hr]]. specialize (IH E F Hr).
    assert (T * E <= T * C) by (apply Nat.mul_le_mono_l; exact HC). nia.
  - specialize (IH E F H). nia.
Qed.

Lemma jSum_le_nSum : forall xs E F, LyingOK xs E F -> E * F * jSum xs <= nSum xs.
Proof.
  induction xs as [| [[[T C] N] b] rest IH]; intros E F H; simpl in *; [lia |].
  destruct b.
  - destruct H as [_ [HCN Hr]]. specialize (IH E F Hr).
    assert (T * (E * F) <= T * (C * N)) by (apply Nat.mul_le_mono_l; exact HCN). nia.
  - specialize (IH E F H). nia.
Qed.

Theorem budget_weight : BudgetWeight.
Proof.
  unfold BudgetWeight. intros xs D E F H HJ.
  pose proof (jSum_le_wSum xs E F H).
  assert (D * E <= jSum xs * E) by (apply Nat.mul_le_mono_r; exact HJ). nia.
Qed.

Theorem budget_step : BudgetStep.
Proof.
  unfold BudgetStep. intros xs D E F A B H HJ HW.
  pose proof (jSum_le_nSum xs E F H) as HN.
  assert (HD : E * F * D <= E * F * jSum xs) by (apply Nat.mul_le_mono_l; exact HJ).
  assert (HWF : wSum xs * B * F <= A * (D * E) * F) by (apply Nat.mul_le_mono_r; exact HW).
  assert (HDN : E * F * D <= nSum xs) by lia.
  assert (HA : A * (E * F * D) <= A * nSum xs) by (apply Nat.mul_le_mono_l; exact HDN).
  replace (wSum xs * F * B) with (wSum xs * B * F) by ring.
  replace (nSum xs * A) with (A * nSum xs) by ring.
  replace (A * (D * E) * F) with (A * (E * F * D)) in HWF by ring.
  lia.
Qed.

Theorem guarantee_antitone : GuaranteeAntitone.
Proof.
  unfold GuaranteeAntitone. intros A B A' B' HB HB' H.
  assert (B' <= Nat.max A' B') by lia. assert (A' <= Nat.max A' B') by lia.
  destruct (Nat.le_ge_cases A B) as [HAB | HAB].
  - rewrite Nat.max_r by exact HAB. rewrite Nat.mul_comm. apply Nat.mul_le_mono_l. assumption.
  - rewrite Nat.max_l by exact HAB.
    assert (A' * B <= Nat.max A' B' * B) by (apply Nat.mul_le_mono_r; assumption). nia.
Qed.

Theorem budget_averaging : BudgetAveraging.
Proof.
  unfold BudgetAveraging. induction xs as [| [w n] rest IH]; intros g H; simpl; [lia |].
  inversion H as [| x l Hx Hr]; subst. simpl in Hx. specialize (IH g Hr).
  assert (w * g <= w * n) by (apply Nat.mul_le_mono_l; exact Hx). nia.
Qed.

Theorem all_budgeted_statements :
  BudgetWeight /\ BudgetStep /\ GuaranteeAntitone /\ BudgetAveraging.
Proof.
  exact (conj budget_weight (conj budget_step (conj guarantee_antitone budget_averaging))).
Qed.

Print Assumptions all_budgeted_statements.
