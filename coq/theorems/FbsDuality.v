(* FbsDuality.v -- weak duality between the two linear programs of paper Definitions 3.3
   (packing) and 3.4 (dual) at one input z, over the model's definitions (model/FbsModel.v):
   every feasible packing has value <= every feasible dual. So a certificate that supplies a
   feasible packing and a feasible dual of the same value v proves that v is the optimum of
   both programs (`fbs_value_of_pair`); no strong-duality theorem is needed. Checked by coqc
   8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed under the
   global context". *)

From Coq Require Import QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert.
Import ListNotations.
Open Scope Q_scope.

(* sum_B w_B <= sum_B w_B t(B), every packed block being sensitive and t(B) >= 1 on it. *)
Lemma packing_le_weighted : forall f z ws t, DualFeasible f z t ->
  (forall Jw, In Jw ws -> 0 <= snd Jw /\ length (fst Jw) = length z /\ Sensitive f z (fst Jw)) ->
  primalValue ws <= qlsum (map (fun Jw => snd Jw * blockWeight (length z) t (fst Jw)) ws).
Proof.
  intros f z ws t [_ Hs]. unfold primalValue.
  induction ws as [| [J w] ws IH]; intros Hw; simpl; [lra |].
  destruct (Hw (J, w) (or_introl eq_refl)) as [H0 [_ HS]]. simpl in H0, HS.
  assert (H1 := Hs J HS).
  assert (w * 1 <= w * blockWeight (length z) t J).
  { rewrite !(Qmult_comm w). apply Qmult_le_compat_r; assumption. }
  assert (IH' := IH (fun Jw H => Hw Jw (or_intror H))). lra.
Qed.

(* WEAK DUALITY (paper Definitions 3.3 and 3.4): the value of every feasible packing is at most
   the value of every feasible dual. *)
Theorem weak_duality : forall f z ws t, PrimalFeasible f z ws -> DualFeasible f z t ->
  primalValue ws <= dualValueAt z t.
Proof.
  intros f z ws t [Hw Hl] Ht.
  apply (Qle_trans _ _ _ (packing_le_weighted f z ws t Ht Hw)).
  unfold blockWeight. rewrite <- (load_swap (length z) (fun i => nth i t 0) ws).
  unfold dualValueAt, totalWeight. apply qsum_le. intros i Hi.
  assert (H0 := proj1 Ht i). assert (H1 := Hl i Hi).
  apply (Qle_trans _ (nth i t 0 * 1)); [| lra].
  rewrite !(Qmult_comm (nth i t 0)). apply Qmult_le_compat_r; assumption.
Qed.

(* A feasible packing and a feasible dual of the same value v: v is the optimum of both
   programs, fbs_z(f) = v. *)
Theorem fbs_value_of_pair : forall f z ws t v,
  PrimalFeasible f z ws -> DualFeasible f z t -> primalValue ws == v -> dualValueAt z t == v ->
  FbsValue f z v.
Proof.
  intros f z ws t v Hp Hd Ev Et. split; split.
  - exists ws. split; assumption.
  - intros ws' Hp'. rewrite <- Et. exact (weak_duality f z ws' t Hp' Hd).
  - exists t. split; assumption.
  - intros t' Hd'. rewrite <- Ev. exact (weak_duality f z ws t' Hp Hd').
Qed.

Print Assumptions weak_duality.
Print Assumptions fbs_value_of_pair.
