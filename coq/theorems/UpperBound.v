(* UpperBound.v -- the bound rho_T <= rho^d (ours, docs/budgeted.md section 6, the converse
   direction of paper Lemma 5.4): on a tree of depth <= d with distinct leaf queries (a leaf of
   a ctree is its own variable), if Bob's dual at every internal node is feasible at the
   reference child values with value <= rho, with rho >= 1, then the product of Bob's local
   duals is a feasible dual of the global fbs LP of F_T of value <= rho^d, so
   rho_T = fbs_alpha(F_T) <= rho^d and the budgeted guarantee 1/rho_T is never below the
   paper's rho^-d. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end
   must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* Every leaf of T lies at depth <= d. *)
Fixpoint CDepthLe (T : ctree) (d : nat) : Prop :=
  match T with
  | CLeaf => True
  | CNode _ q kids => match d with O => False | S d' => forall i, (i < q)%nat -> CDepthLe (kids i) d' end
  end.

(* Bob's dual at every internal node is feasible at the reference child values, with value
   <= rho (so fbs_{z^u}(phi_u) <= rho, paper Definition 3.4's minimum). *)
Fixpoint LocalDualAtMost (bob : Agg -> list bool -> list Q) (rho : Q) (T : ctree)
  (alpha : path -> bool) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      DualFeasible phi (childValues q kids alpha) (bob phi (childValues q kids alpha)) /\
      totalWeight q (bob phi (childValues q kids alpha)) <= rho /\
      (forall i, (i < q)%nat -> LocalDualAtMost bob rho (kids i) (sub alpha i))
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

(* The records of the factored certificate made of Bob's duals: at each node its local dual
   and the value sum_i rho(child i) v_i. *)
Fixpoint bobRecords (bob : Agg -> list bool -> list Q) (T : ctree) (alpha : path -> bool) : Records :=
  match T with
  | CLeaf => fun _ => (1, [])
  | CNode phi q kids =>
      fun p => match p with
               | [] => (qsum q (fun i => accepted (kids i) (bobRecords bob (kids i) (sub alpha i))
                                         * nth i (bob phi (childValues q kids alpha)) 0),
                        bob phi (childValues q kids alpha))
               | i :: p' => bobRecords bob (kids i) (sub alpha i) p'
               end
  end.

Lemma bobRecords_checked : forall bob rho T alpha, LocalDualAtMost bob rho T alpha ->
  DualChecked T alpha (bobRecords bob T alpha).
Proof.
  intros bob rho T. induction T as [| phi q kids IH]; intros alpha HL; [exact I |].
  destruct HL as [Hf [_ HL]]. simpl. split; [exact Hf |]. split; [reflexivity |].
  intros i Hi. exact (IH i (sub alpha i) (HL i Hi)).
Qed.

Lemma accepted_bound : forall bob rho, 1 <= rho -> forall T d alpha,
  LocalDualAtMost bob rho T alpha -> CDepthLe T d ->
  0 <= accepted T (bobRecords bob T alpha) <= qpow rho d.
Proof.
  intros bob rho Hrho T. induction T as [| phi q kids IH]; intros d alpha HL HD.
  - simpl. generalize (qpow_ge_1 rho d Hrho). lra.
  - destruct d as [| d]; [contradiction |]. destruct HL as [[Hv _] [Hw HL]]. simpl.
    set (v := bob phi (childValues q kids alpha)) in *.
    assert (Hp := qpow_ge_1 rho d Hrho).
    assert (Hc : forall i, (i < q)%nat ->
              0 <= accepted (kids i) (bobRecords bob (kids i) (sub alpha i)) <= qpow rho d)
      by (intros i Hi; exact (IH i d (sub alpha i) (HL i Hi) (HD i Hi))).
    split.
    + apply qsum_nonneg. intros i Hi. apply Qmult_le_0_compat; [apply Hc, Hi | apply Hv].
    + apply (Qle_trans _ (qsum q (fun i => qpow rho d * nth i v 0))).
      * apply qsum_le. intros i Hi. apply Qmult_le_compat_r; [apply Hc, Hi | apply Hv].
      * apply (Qle_trans _ (qpow rho d * rho)).
        -- setoid_replace (qsum q (fun i => qpow rho d * nth i v 0))
             with (qsum q (fun i => nth i v 0) * qpow rho d)
             by (rewrite <- qsum_mul_r; apply qsum_ext; intros; ring).
           rewrite (Qmult_comm (qpow rho d) rho). apply Qmult_le_compat_r; [exact Hw | lra].
        -- rewrite Qmult_comm. lra.
Qed.

(* PROPOSITION (rho_T <= rho^d; ours, docs/budgeted.md section 6). If rho >= 1 and Bob's dual
   at every internal node of a tree of depth <= d is feasible with value <= rho, the product
   of his local duals is a feasible dual of the global fbs LP of F_T at alpha with value
   <= rho^d: rho_T <= rho^d. *)
Theorem rhoT_le_rho_pow : forall (bob : Agg -> list bool -> list Q) (rho : Q) (T : ctree)
                                 (d : nat) (alpha : path -> bool),
  1 <= rho -> LocalDualAtMost bob rho T alpha -> CDepthLe T d ->
  exists t, GlobalDualFeasible T alpha t /\ dualValue T t <= qpow rho d.
Proof.
  intros bob rho T d alpha Hrho HL HD.
  destruct (tree_certificate_dual T alpha _ (bobRecords_checked bob rho T alpha HL)) as [Hf Hv].
  exists (productDual T (bobRecords bob T alpha)). split; [exact Hf |].
  rewrite Hv. exact (proj2 (accepted_bound bob rho Hrho T d alpha HL HD)).
Qed.

Print Assumptions rhoT_le_rho_pow.
