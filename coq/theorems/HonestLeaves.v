(* HonestLeaves.v -- Theorem B2 (c) (ours, docs/budgeted.md section 3) on the certificate's
   model (ctree: distinct leaf queries): in the honest run with capacities c_i = beta(child i)
   and Bob's weighted dual t optimal at every node, Bob goes from node u to child i with
   probability c_i t_i / W(u), W(u) = beta(u); the probability pi_l of reaching leaf l, times
   rho_T = beta(root), is the product of Bob's local duals along the path (children of budget 0,
   which Bob never samples, set to 0): the telescoping of the written proof. That product is a
   feasible dual of F_T's global LP of value beta(root) = rho_T, so rho_T pi is an optimal dual
   and pi sums to 1 when rho_T > 0. Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound BudgetedFloors HonestBudgets.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* The honest capacities at a node: the children's honest budgets. *)
Definition capsOf (bobw : Agg -> list bool -> list Q -> list Q) (q : nat) (kids : nat -> ctree)
                  (alpha : path -> bool) : list Q :=
  map (fun j => betaT bobw (kids j) (sub alpha j)) (seq 0 q).

(* pi_l: the probability that the honest run reaches the leaf at path p, Bob sampling child i
   with probability c_i t_i / W(u) (the budgeted protocol's step 5, FbsModel.v budgetRule),
   W(u) = sum_i c_i t_i = beta(u). *)
Fixpoint leafProb (bobw : Agg -> list bool -> list Q -> list Q) (T : ctree) (alpha : path -> bool)
                  (p : path) : Q :=
  match T, p with
  | CLeaf, [] => 1
  | CNode phi q kids, i :: p' =>
      if Nat.ltb i q then
        nth i (capsOf bobw q kids alpha) 0
          * nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0
          / betaT bobw (CNode phi q kids) alpha * leafProb bobw (kids i) (sub alpha i) p'
      else 0
  | _, _ => 0
  end.

(* The product of Bob's local duals along the path, a child of budget 0 counting 0. *)
Fixpoint liveDual (bobw : Agg -> list bool -> list Q -> list Q) (T : ctree) (alpha : path -> bool)
                  (p : path) : Q :=
  match T, p with
  | CLeaf, [] => 1
  | CNode phi q kids, i :: p' =>
      if Nat.ltb i q then
        (if Qeq_bool (nth i (capsOf bobw q kids alpha) 0) 0 then 0
         else nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0)
          * liveDual bobw (kids i) (sub alpha i) p'
      else 0
  | _, _ => 0
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Lemma gw_text : forall T t t' H, (forall p, t p == t' p) -> gw T t H == gw T t' H.
Proof.
  induction T as [| phi q kids IH]; intros t t' H E; simpl.
  - destruct (H []); [apply E | reflexivity].
  - apply qsum_ext. intros i _. apply IH. intros p. apply E.
Qed.

Lemma gw_le_all : forall T t H, (forall p, 0 <= t p) -> gw T t H <= gw T t (fun _ => true).
Proof.
  induction T as [| phi q kids IH]; intros t H Ht; simpl.
  - destruct (H []); [lra | apply Ht].
  - apply qsum_le. intros i _. apply IH. intros p. apply Ht.
Qed.

Lemma caps_nth' : forall bobw q kids alpha i, (i < q)%nat ->
  nth i (capsOf bobw q kids alpha) 0 = betaT bobw (kids i) (sub alpha i).
Proof. intros. unfold capsOf. apply nth_map_seq. assumption. Qed.

(* A subtree with a sensitive block has a positive honest budget. *)
Lemma betaT_pos : forall bobw T alpha H, BobOptimalTree bobw T alpha -> SensitiveF T alpha H ->
  0 < betaT bobw T alpha.
Proof.
  intros bobw T alpha H HO HS.
  destruct (honest_budget_is_rhoT bobw T alpha HO) as [[[Hn Hf] Hv] _].
  specialize (Hf H HS). rewrite dualBlock_gw in Hf. rewrite gw_all in Hv.
  assert (L := gw_le_all T _ H Hn). lra.
Qed.

Lemma optimal_nonneg : forall bobw phi z c, BobwOptimalAt bobw phi z c -> forall i, 0 <= nth i (bobw phi z c) 0.
Proof. intros bobw phi z c [[Hv _] _] i. apply Hv. Qed.

(* The telescoping: beta(T) pi_l = the product of the live local duals. *)
Lemma leafProb_telescopes : forall bobw T alpha, BobOptimalTree bobw T alpha ->
  forall p, betaT bobw T alpha * leafProb bobw T alpha p == liveDual bobw T alpha p.
Proof.
  intros bobw. induction T as [| phi q kids IH]; intros alpha HO p; destruct p as [| i p];
    cbn [leafProb liveDual]; try (simpl; ring).
  destruct (Nat.ltb i q) eqn:Ei; [| ring]. apply Nat.ltb_lt in Ei.
  destruct HO as [Hopt HO]. specialize (IH i (sub alpha i) (HO i Ei) p).
  rewrite caps_nth' in * by exact Ei.
  set (c := capsOf bobw q kids alpha) in *. set (z := childValues q kids alpha) in *.
  set (t := bobw phi z c) in *. set (ci := betaT bobw (kids i) (sub alpha i)) in *.
  set (W := betaT bobw (CNode phi q kids) alpha).
  assert (Hci : 0 <= ci) by (apply betaT_nonneg, HO, Ei).
  assert (Hti : 0 <= nth i t 0) by (apply (optimal_nonneg bobw phi z c Hopt)).
  destruct (Qeq_bool ci 0) eqn:Ec.
  - apply Qeq_bool_eq in Ec. rewrite Ec. unfold Qdiv. ring.
  - apply Qeq_bool_neq in Ec.
    destruct (Qeq_dec W 0) as [HW | HW].
    + (* W = 0: c_i t_i <= W forces t_i = 0 *)
      assert (Hle : nth i c 0 * nth i t 0 <= W).
      { unfold W. simpl betaT.
        change (map (fun j => betaT bobw (kids j) (sub alpha j)) (seq 0 q)) with c. fold z t.
        unfold weightedValue. apply (qsum_ge_term q (fun j => nth j c 0 * nth j t 0) i); [| exact Ei].
        intros j. destruct (Nat.lt_ge_cases j q) as [Hj | Hj].
        - unfold c. rewrite caps_nth' by exact Hj.
          apply Qmult_le_0_compat; [apply betaT_nonneg, HO, Hj | apply (optimal_nonneg bobw phi z _ Hopt)].
        - unfold c, capsOf. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra. }
      unfold c in Hle. rewrite caps_nth' in Hle by exact Ei. fold ci in Hle.
      assert (Ht0 : nth i t 0 == 0).
      { assert (0 < ci) by (destruct (Qlt_le_dec 0 ci); [assumption | exfalso; apply Ec; lra]).
        rewrite HW in Hle. nra. }
      fold W. rewrite HW, Ht0. unfold Qdiv. ring.
    + fold W. rewrite <- IH. field. exact HW.
Qed.

Lemma liveDual_nonneg : forall bobw T alpha, BobOptimalTree bobw T alpha ->
  forall p, 0 <= liveDual bobw T alpha p.
Proof.
  intros bobw. induction T as [| phi q kids IH]; intros alpha HO p; destruct p as [| i p];
    cbn [liveDual]; try lra.
  destruct (Nat.ltb i q) eqn:Ei; [| lra]. apply Nat.ltb_lt in Ei. destruct HO as [Hopt HO].
  apply Qmult_le_0_compat; [| apply IH, HO, Ei].
  destruct (Qeq_bool _ 0); [lra | apply (optimal_nonneg _ _ _ _ Hopt)].
Qed.

Lemma sub_liveDual : forall bobw phi q kids alpha i, (i < q)%nat -> forall p,
  sub (liveDual bobw (CNode phi q kids) alpha) i p ==
  (if Qeq_bool (betaT bobw (kids i) (sub alpha i)) 0 then 0
   else nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0)
  * liveDual bobw (kids i) (sub alpha i) p.
Proof.
  intros bobw phi q kids alpha i Hi p. unfold sub. cbn [liveDual].
  rewrite (proj2 (Nat.ltb_lt i q) Hi), caps_nth' by exact Hi. reflexivity.
Qed.

(* The live product dual has value beta(T). *)
Lemma liveDual_value : forall bobw T alpha, BobOptimalTree bobw T alpha ->
  gw T (liveDual bobw T alpha) (fun _ => true) == betaT bobw T alpha.
Proof.
  intros bobw. induction T as [| phi q kids IH]; intros alpha HO; [reflexivity |].
  destruct HO as [Hopt HO]. cbn [gw]. simpl betaT. unfold weightedValue. apply qsum_ext.
  intros i Hi. rewrite (gw_text _ _ _ _ (sub_liveDual bobw phi q kids alpha i Hi)).
  rewrite gw_scale. fold (capsOf bobw q kids alpha). rewrite caps_nth' by exact Hi.
  rewrite (gw_ext _ _ (sub (fun _ : path => true) i) (fun _ => true)) by reflexivity.
  rewrite (IH i (sub alpha i) (HO i Hi)).
  destruct (Qeq_bool (betaT bobw (kids i) (sub alpha i)) 0) eqn:Ec.
  - apply Qeq_bool_eq in Ec. rewrite Ec. ring.
  - ring.
Qed.

(* The live product dual is feasible: every sensitive block of F_T has weight >= 1 (a child
   of budget 0 has no sensitive block, so the lying children it drops are never needed). *)
Lemma liveDual_sensitive : forall bobw T alpha H, BobOptimalTree bobw T alpha ->
  SensitiveF T alpha H -> 1 <= gw T (liveDual bobw T alpha) H.
Proof.
  intros bobw. induction T as [| phi q kids IH]; intros alpha H HO HS.
  - unfold SensitiveF, flipA in HS. simpl in *.
    destruct (H []); [lra |]. rewrite xorb_false_r in HS. contradiction.
  - destruct HO as [Hopt HO]. pose proof Hopt as [[Hv Hfeas] _]. cbn [gw].
    set (z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) in *.
    set (J := map (fun i => xorb (F (kids i) (sub alpha i))
                                 (F (kids i) (flipA (sub alpha i) (sub H i)))) (seq 0 q)).
    assert (HJ : Sensitive phi z J).
    { unfold Sensitive. unfold J, z. rewrite flip_children. exact HS. }
    assert (Hz : length (childValues q kids alpha) = q) by apply childValues_length.
    specialize (Hfeas J HJ). rewrite Hz in Hfeas.
    apply (Qle_trans _ _ _ Hfeas). unfold blockWeight. apply qsum_le. intros i Hi.
    rewrite (gw_text _ _ _ _ (sub_liveDual bobw phi q kids alpha i Hi)), gw_scale.
    fold (capsOf bobw q kids alpha).
    destruct (nth i J false) eqn:HJi.
    + unfold J in HJi. rewrite nth_map_seq in HJi by exact Hi.
      assert (HSi : SensitiveF (kids i) (sub alpha i) (sub H i)).
      { unfold SensitiveF. destruct (F (kids i) (sub alpha i)),
          (F (kids i) (flipA (sub alpha i) (sub H i))); simpl in HJi; congruence. }
      assert (Hpos := betaT_pos bobw (kids i) (sub alpha i) (sub H i) (HO i Hi) HSi).
      replace (Qeq_bool (betaT bobw (kids i) (sub alpha i)) 0) with false
        by (symmetry; apply not_true_iff_false; intros E; apply Qeq_bool_eq in E; lra).
      assert (H1 := IH i (sub alpha i) (sub H i) (HO i Hi) HSi).
      assert (H0 := Hv i).
      apply (Qle_trans _ (nth i (bobw phi (childValues q kids alpha) (capsOf bobw q kids alpha)) 0 * 1));
        [lra |].
      rewrite !(Qmult_comm (nth i _ 0)). apply Qmult_le_compat_r; assumption.
    + apply Qmult_le_0_compat; [| apply gw_nonneg, liveDual_nonneg, HO, Hi].
      destruct (Qeq_bool _ 0); [lra | apply Hv].
Qed.

(* THEOREM B2 (c) (ours, docs/budgeted.md section 3), on the certificate's model. With Bob's
   weighted dual optimal at every node (capacities: the children's honest budgets), the honest
   run's leaf distribution pi, times rho_T = beta(root), is the product of Bob's local duals
   along the path (children of budget 0 counted 0), which is a feasible dual of F_T's global
   LP at alpha of value beta(root), and every feasible dual has value >= beta(root): rho_T pi
   is an optimal dual. When rho_T > 0, pi sums to 1 over the leaves. *)
Theorem theorem_B2c : forall (bobw : Agg -> list bool -> list Q -> list Q) (T : ctree)
                             (alpha : path -> bool),
  BobOptimalTree bobw T alpha ->
  (forall p, betaT bobw T alpha * leafProb bobw T alpha p == liveDual bobw T alpha p) /\
  GlobalDualFeasible T alpha (fun p => betaT bobw T alpha * leafProb bobw T alpha p) /\
  dualValue T (fun p => betaT bobw T alpha * leafProb bobw T alpha p) == betaT bobw T alpha /\
  GlobalFbsAtLeast (betaT bobw T alpha) T alpha /\
  (0 < betaT bobw T alpha -> dualValue T (leafProb bobw T alpha) == 1).
Proof.
  intros bobw T alpha HO.
  assert (Htel := leafProb_telescopes bobw T alpha HO).
  assert (Hval : dualValue T (fun p => betaT bobw T alpha * leafProb bobw T alpha p)
                 == betaT bobw T alpha).
  { rewrite gw_all, (gw_text _ _ _ _ Htel). apply liveDual_value, HO. }
  split; [exact Htel | split; [split | split; [exact Hval | split]]].
  - intros p. rewrite Htel. apply liveDual_nonneg, HO.
  - intros H HS. rewrite dualBlock_gw, (gw_text _ _ _ _ Htel). apply liveDual_sensitive; assumption.
  - exact (proj1 (proj2 (honest_budget_is_rhoT bobw T alpha HO))).
  - intros Hpos. rewrite gw_all in Hval |- *. rewrite gw_scale in Hval.
    apply (Qmult_inj_l _ _ (betaT bobw T alpha)); [lra |]. rewrite Hval. ring.
Qed.

Print Assumptions theorem_B2c.
