(* FbsDebate.v -- the Coq twin of lean/FbsDebate: Theorem 4.2's induction and inequality (1)
   of "How to Have a Sensitive Debate", stated over nat with common denominators
   (rho = a / b, a probability P = n / D), exactly as in lean/FbsDebate/Statements.lean.
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
