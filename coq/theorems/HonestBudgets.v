(* HonestBudgets.v -- the recursion behind Theorem B2 (b) (ours, docs/budgeted.md section 3):
   on a tree with distinct leaf queries (a ctree), if Bob's weighted dual is optimal at every
   node, the honest budgets beta(leaf) = 1, beta(u) = W(z*_u, c) with c_i = beta(child i)
   equal rho_T(u) = fbs_alpha(F_u) exactly, and beta(v) = 0 for a constant subtree (no sensitive
   block). No LP duality is assumed: rho_T is taken in the dual (minimum) form of Definition
   3.4, and Bob's optimality is the predicate BobwOptimalAt. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound BudgetedFloors.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* The honest budgets: 1 at a leaf, the value of Bob's weighted dual at the true child values
   with the children's budgets as capacities. *)
Fixpoint betaT (bobw : Agg -> list bool -> list Q -> list Q) (T : ctree) (alpha : path -> bool) : Q :=
  match T with
  | CLeaf => 1
  | CNode phi q kids =>
      let c := map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q) in
      weightedValue q c (bobw phi (childValues q kids alpha) c)
  end.

(* Bob's weighted dual is optimal at every node, with the children's budgets as capacities. *)
Fixpoint BobOptimalTree (bobw : Agg -> list bool -> list Q -> list Q) (T : ctree)
  (alpha : path -> bool) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      BobwOptimalAt bobw phi (childValues q kids alpha)
        (map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q)) /\
      (forall i, (i < q)%nat -> BobOptimalTree bobw (kids i) (sub alpha i))
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Section Proofs.

Variable bobw : Agg -> list bool -> list Q -> list Q.

Lemma qsum_ge_term : forall n (g : nat -> Q) i, (forall j, 0 <= g j) -> (i < n)%nat -> g i <= qsum n g.
Proof.
  induction n as [| n IH]; intros g i Hg Hi; [lia |]. simpl.
  destruct (Nat.eq_dec i n) as [-> | Hne].
  - assert (0 <= qsum n g) by (apply qsum_nonneg; intros; apply Hg). lra.
  - assert (Hn := Hg n). specialize (IH g i Hg ltac:(lia)). lra.
Qed.

Lemma childValues_length : forall q kids alpha, length (childValues q kids alpha) = q.
Proof. intros. unfold childValues. rewrite map_length, seq_length. reflexivity. Qed.

Lemma caps_nth : forall q (kids : nat -> ctree) alpha i, (i < q)%nat ->
  nth i (map (fun j => betaT bobw (kids j) (sub alpha j)) (seq 0 q)) 0 = betaT bobw (kids i) (sub alpha i).
Proof. intros. apply nth_map_seq. assumption. Qed.

Lemma betaT_nonneg : forall T alpha, BobOptimalTree bobw T alpha -> 0 <= betaT bobw T alpha.
Proof.
  induction T as [| phi q kids IH]; intros alpha HO; simpl; [lra |].
  destruct HO as [[[Hv _] _] HO]. unfold weightedValue. apply qsum_nonneg. intros i Hi.
  rewrite caps_nth by exact Hi. apply Qmult_le_0_compat; [apply IH, HO, Hi | apply Hv].
Qed.

Lemma no_sensitive_of_none : forall T alpha,
  minW T alpha (fun _ => 0) = None -> forall H, ~ SensitiveF T alpha H.
Proof.
  intros T alpha E H HS. destruct (minW_lower T alpha (fun _ => 0) H (fun _ => Qle_refl 0) HS)
    as [m [W [Em _]]]. congruence.
Qed.

(* A constant subtree (no sensitive block) has budget 0. *)
Lemma betaT_constant : forall T alpha, BobOptimalTree bobw T alpha ->
  (forall H, ~ SensitiveF T alpha H) -> betaT bobw T alpha == 0.
Proof.
  induction T as [| phi q kids IH]; intros alpha HO Hno.
  - exfalso. apply (Hno (fun _ => true)). unfold SensitiveF, flipA. simpl.
    destruct (alpha []); discriminate.
  - destruct HO as [[[Hv Hf] Hopt] HO]. simpl.
    set (z := childValues q kids alpha) in *.
    set (c := map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q)) in *.
    set (ws := fun i => minW (kids i) (sub alpha i) (sub (fun _ : path => 0) i)).
    set (v' := map (fun i => if isSomeW (ws i) then 0 else 1) (seq 0 q)).
    assert (Hz : length z = q) by apply childValues_length.
    assert (Hv' : forall i, (i < q)%nat -> nth i v' 0 = if isSomeW (ws i) then 0 else 1)
      by (intros; unfold v'; apply nth_map_seq; assumption).
    assert (Hfeas : DualFeasible phi z v').
    { split.
      - intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
        + rewrite Hv' by exact Hi. destruct (isSomeW (ws i)); lra.
        + unfold v'. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra.
      - intros B HB. rewrite Hz.
        destruct (existsb (fun i => nth i B false && negb (isSomeW (ws i)))%bool (seq 0 q)) eqn:Ex.
        + apply existsb_exists in Ex. destruct Ex as [i [Hi Hb]]. apply in_seq in Hi.
          apply andb_prop in Hb as [HBi Hn]. apply negb_true_iff in Hn.
          apply (Qle_trans _ (if nth i B false then nth i v' 0 else 0)).
          * rewrite HBi, Hv', Hn by lia. lra.
          * unfold blockWeight.
            assert (Hnn : forall j, 0 <= (if nth j B false then nth j v' 0 else 0)).
            { intros j. destruct (nth j B false); [| lra].
              destruct (Nat.lt_ge_cases j q) as [Hj | Hj].
              - rewrite Hv' by exact Hj. destruct (isSomeW (ws j)); lra.
              - unfold v'. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra. }
            exact (qsum_ge_term q (fun j => if nth j B false then nth j v' 0 else 0) i Hnn ltac:(lia)).
        + exfalso.
          set (J := map (fun i => nth i B false) (seq 0 q)).
          assert (HJn : forall i, (i < q)%nat -> nth i J false = nth i B false)
            by (intros; unfold J; apply nth_map_seq; assumption).
          assert (Es : sensb phi z J = true).
          { unfold sensb. apply negb_true_iff.
            destruct (Bool.eqb (phi (flip z J)) (phi z)) eqn:E; [| reflexivity].
            exfalso. apply Bool.eqb_prop in E. apply HB.
            rewrite (flip_ext z B J) by (intros i Hi; rewrite HJn by lia; reflexivity). exact E. }
          assert (E2 : forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q) = true).
          { apply forallb_forall. intros i Hi. apply in_seq in Hi. rewrite HJn by lia.
            destruct (nth i B false) eqn:HBi; [| reflexivity].
            destruct (isSomeW (ws i)) eqn:Ei; [reflexivity |].
            assert (Hin : existsb (fun i => nth i B false && negb (isSomeW (ws i)))%bool (seq 0 q) = true).
            { apply existsb_exists. exists i. split; [apply in_seq; lia |]. rewrite HBi, Ei. reflexivity. }
            congruence. }
          assert (Hcand : candidate phi q z ws J =
                          Some (qsum q (fun i => if nth i J false then valOf (ws i) else 0), unionBlock q ws J)).
          { unfold candidate. rewrite Es, E2. reflexivity. }
          destruct (candidate_ok phi q kids alpha (fun _ => 0) J _ _
                      (fun i _ => minW_witness (kids i) (sub alpha i) (sub (fun _ => 0) i)) Hcand)
            as [HSu _].
          exact (Hno _ HSu). }
    specialize (Hopt v' Hfeas). rewrite Hz in Hopt.
    assert (Hzero : weightedValue q c v' == 0).
    { unfold weightedValue. apply (Qeq_trans _ (qsum q (fun _ => 0))).
      - apply qsum_ext. intros i Hi. rewrite Hv' by exact Hi. unfold c. rewrite caps_nth by exact Hi.
        destruct (isSomeW (ws i)) eqn:Ei; [ring |].
        assert (Hn : ws i = None) by (destruct (ws i); [discriminate | reflexivity]).
        rewrite (IH i (sub alpha i) (HO i Hi) (no_sensitive_of_none _ _ Hn)). ring.
      - clear. induction q as [| q IHq]; simpl; [reflexivity |]. rewrite IHq. reflexivity. }
    assert (H0 : 0 <= weightedValue q c (bobw phi z c)).
    { unfold weightedValue. apply qsum_nonneg. intros i Hi. unfold c. rewrite caps_nth by exact Hi.
      apply Qmult_le_0_compat; [apply betaT_nonneg, HO, Hi | apply Hv]. }
    lra.
Qed.

(* The records of the honest budgets and Bob's duals pass the tree certificate's dual checks. *)
Fixpoint betaRecords (T : ctree) (alpha : path -> bool) : Records :=
  match T with
  | CLeaf => fun _ => (1, [])
  | CNode phi q kids =>
      fun p => match p with
               | [] => (betaT bobw T alpha,
                        bobw phi (childValues q kids alpha)
                             (map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q)))
               | i :: p' => betaRecords (kids i) (sub alpha i) p'
               end
  end.

Lemma accepted_betaRecords : forall T alpha, accepted T (betaRecords T alpha) = betaT bobw T alpha.
Proof. intros [| phi q kids] alpha; reflexivity. Qed.

Lemma betaRecords_checked : forall T alpha, BobOptimalTree bobw T alpha ->
  DualChecked T alpha (betaRecords T alpha).
Proof.
  induction T as [| phi q kids IH]; intros alpha HO; [exact I |].
  destruct HO as [[Hf _] HO]. cbn [DualChecked]. split; [exact Hf |]. split.
  - change (fst (betaRecords (CNode phi q kids) alpha [])) with (betaT bobw (CNode phi q kids) alpha).
    cbn [betaT]. unfold weightedValue. apply qsum_ext. intros i Hi.
    change (sub (betaRecords (CNode phi q kids) alpha) i) with (betaRecords (kids i) (sub alpha i)).
    change (snd (betaRecords (CNode phi q kids) alpha []))
      with (bobw phi (childValues q kids alpha) (map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q))).
    rewrite accepted_betaRecords, caps_nth by exact Hi. ring.
  - intros i Hi. exact (IH i (sub alpha i) (HO i Hi)).
Qed.

(* The homogeneous lower bound: c0 beta(T) <= t(all) when every sensitive block weighs >= c0. *)
Lemma betaT_lower : forall T alpha, BobOptimalTree bobw T alpha ->
  forall t c0, (forall p, 0 <= t p) -> 0 <= c0 ->
  (forall H, SensitiveF T alpha H -> c0 <= gw T t H) ->
  c0 * betaT bobw T alpha <= gw T t (fun _ => true).
Proof.
  induction T as [| phi q kids IH]; intros alpha HO t c0 Ht Hc HS.
  - simpl. assert (H1 : SensitiveF CLeaf alpha (fun _ => true)).
    { unfold SensitiveF, flipA. simpl. destruct (alpha []); discriminate. }
    specialize (HS _ H1). simpl in HS. lra.
  - destruct HO as [[[Hv Hf] Hopt] HO].
    set (z := childValues q kids alpha) in *.
    set (c := map (fun i => betaT bobw (kids i) (sub alpha i)) (seq 0 q)) in *.
    set (ws := fun i => minW (kids i) (sub alpha i) (sub t i)).
    set (s := fun i => valOf (ws i)).
    assert (Hz : length z = q) by apply childValues_length.
    assert (Hs0 : forall i, 0 <= s i) by (intros i; apply valOf_nonneg; intros p; apply Ht).
    assert (Hb0 : forall i, (i < q)%nat -> 0 <= betaT bobw (kids i) (sub alpha i))
      by (intros i Hi; apply betaT_nonneg, HO, Hi).
    (* Step 1: s_i beta_i <= t(child i). *)
    assert (H1 : forall i, (i < q)%nat -> s i * betaT bobw (kids i) (sub alpha i)
                                          <= gw (kids i) (sub t i) (fun _ => true)).
    { intros i Hi. apply (IH i (sub alpha i) (HO i Hi)); [intros p; apply Ht | apply Hs0 |].
      intros H HSi. destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
        as [m [W [Em Hm]]]. unfold s, ws. rewrite Em. exact Hm. }
    (* A child without a sensitive block has budget 0. *)
    assert (Hnone : forall i, (i < q)%nat -> isSomeW (ws i) = false ->
                    betaT bobw (kids i) (sub alpha i) == 0).
    { intros i Hi Ei. apply betaT_constant; [apply HO, Hi |]. intros H HSi.
      destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
        as [m [W [Em _]]]. unfold ws in Ei. rewrite Em in Ei. discriminate. }
    (* Step 2: c0 beta(u) <= sum_i beta_i s_i, since v_i = s_i / c0 (1 on constant children) is
       feasible and Bob's dual is optimal. *)
    assert (H2 : c0 * betaT bobw (CNode phi q kids) alpha <= qsum q (fun i => s i * betaT bobw (kids i) (sub alpha i))).
    { destruct (Qlt_le_dec 0 c0) as [Hcpos | Hc0];
        [| assert (c0 == 0) by lra; rewrite H;
           apply (Qle_trans _ 0); [lra | apply qsum_nonneg; intros i Hi;
                                         apply Qmult_le_0_compat; [apply Hs0 | apply Hb0, Hi]]].
      set (v := map (fun i => if isSomeW (ws i) then s i / c0 else 1) (seq 0 q)).
      assert (Hvn : forall i, (i < q)%nat -> nth i v 0 = if isSomeW (ws i) then s i / c0 else 1)
        by (intros; unfold v; apply nth_map_seq; assumption).
      assert (Hvnn : forall i, 0 <= nth i v 0).
      { intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
        - rewrite Hvn by exact Hi. destruct (isSomeW (ws i)); [| lra].
          apply Qle_shift_div_l; [exact Hcpos |]. generalize (Hs0 i). lra.
        - unfold v. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra. }
      assert (Hfeas : DualFeasible phi z v).
      { split; [exact Hvnn |]. intros B HB. rewrite Hz.
        assert (Hterm : forall j, 0 <= (if nth j B false then nth j v 0 else 0))
          by (intros j; destruct (nth j B false); [apply Hvnn | lra]).
        destruct (existsb (fun i => nth i B false && negb (isSomeW (ws i)))%bool (seq 0 q)) eqn:Ex.
        + apply existsb_exists in Ex. destruct Ex as [i [Hi Hb]]. apply in_seq in Hi.
          apply andb_prop in Hb as [HBi Hn]. apply negb_true_iff in Hn.
          apply (Qle_trans _ (if nth i B false then nth i v 0 else 0)).
          * rewrite HBi, Hvn, Hn by lia. lra.
          * unfold blockWeight.
            exact (qsum_ge_term q (fun j => if nth j B false then nth j v 0 else 0) i Hterm ltac:(lia)).
        + set (J := map (fun i => nth i B false) (seq 0 q)).
          assert (HJn : forall i, (i < q)%nat -> nth i J false = nth i B false)
            by (intros; unfold J; apply nth_map_seq; assumption).
          assert (Es : sensb phi z J = true).
          { unfold sensb. apply negb_true_iff.
            destruct (Bool.eqb (phi (flip z J)) (phi z)) eqn:E; [| reflexivity].
            exfalso. apply Bool.eqb_prop in E. apply HB.
            rewrite (flip_ext z B J) by (intros i Hi; rewrite HJn by lia; reflexivity). exact E. }
          assert (Hall : forall i, (i < q)%nat -> nth i B false = true -> isSomeW (ws i) = true).
          { intros i Hi HBi. destruct (isSomeW (ws i)) eqn:Ei; [reflexivity |].
            assert (Hin : existsb (fun i => nth i B false && negb (isSomeW (ws i)))%bool (seq 0 q) = true).
            { apply existsb_exists. exists i. split; [apply in_seq; lia |]. rewrite HBi, Ei. reflexivity. }
            congruence. }
          assert (E2 : forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q) = true).
          { apply forallb_forall. intros i Hi. apply in_seq in Hi. rewrite HJn by lia.
            destruct (nth i B false) eqn:HBi; [apply Hall; [lia | exact HBi] | reflexivity]. }
          assert (Hcand : candidate phi q z ws J =
                          Some (qsum q (fun i => if nth i J false then s i else 0), unionBlock q ws J)).
          { unfold candidate. rewrite Es, E2. reflexivity. }
          destruct (candidate_ok phi q kids alpha t J _ _
                      (fun i _ => minW_witness (kids i) (sub alpha i) (sub t i)) Hcand) as [HSu Hg].
          specialize (HS _ HSu). rewrite Hg in HS.
          assert (E : blockWeight q v B == qsum q (fun i => if nth i J false then s i else 0) * / c0).
          { unfold blockWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
            rewrite HJn by exact Hi. destruct (nth i B false) eqn:HBi; [| ring].
            rewrite Hvn, (Hall i Hi HBi) by exact Hi. reflexivity. }
          rewrite E. apply (Qle_trans _ (c0 * / c0)).
          * rewrite Qmult_inv_r by lra. lra.
          * apply Qmult_le_compat_r; [exact HS | apply Qinv_le_0_compat; lra]. }
      specialize (Hopt v Hfeas). rewrite Hz in Hopt.
      assert (E : weightedValue q c v == qsum q (fun i => s i * betaT bobw (kids i) (sub alpha i)) * / c0).
      { unfold weightedValue. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
        unfold c. rewrite caps_nth, Hvn by exact Hi.
        destruct (isSomeW (ws i)) eqn:Ei; [unfold Qdiv; ring |].
        rewrite (Hnone i Hi Ei). unfold s, valOf.
        destruct (ws i); [discriminate |]. ring. }
      rewrite E in Hopt. simpl betaT. fold z c.
      apply (Qle_trans _ (c0 * (qsum q (fun i => s i * betaT bobw (kids i) (sub alpha i)) * / c0))).
      + rewrite !(Qmult_comm c0). apply Qmult_le_compat_r; [exact Hopt | lra].
      + assert (E3 : c0 * (qsum q (fun i => s i * betaT bobw (kids i) (sub alpha i)) * / c0)
                     == qsum q (fun i => s i * betaT bobw (kids i) (sub alpha i))) by (field; lra).
        rewrite E3. lra. }
    simpl gw. apply (Qle_trans _ _ _ H2). apply qsum_le. intros i Hi. apply H1. exact Hi.
Qed.

End Proofs.

(* THE HONEST BUDGETS ARE rho_T (ours; the recursion of Theorem B2 (b), docs/budgeted.md
   section 3). On a tree with distinct leaf queries, if Bob's weighted dual is optimal at every
   node (capacities: the children's budgets), the honest budget beta(T) is exactly
   rho_T = fbs_alpha(F_T): the product of Bob's local duals is a feasible global dual of value
   beta(T), and every feasible global dual has value >= beta(T); and a constant subtree has
   budget 0. *)
Theorem honest_budget_is_rhoT : forall (bobw : Agg -> list bool -> list Q -> list Q)
                                       (T : ctree) (alpha : path -> bool),
  BobOptimalTree bobw T alpha ->
  (GlobalDualFeasible T alpha (productDual T (betaRecords bobw T alpha)) /\
   dualValue T (productDual T (betaRecords bobw T alpha)) == betaT bobw T alpha) /\
  GlobalFbsAtLeast (betaT bobw T alpha) T alpha /\
  ((forall H, ~ SensitiveF T alpha H) -> betaT bobw T alpha == 0).
Proof.
  intros bobw T alpha HO. split; [| split].
  - destruct (tree_certificate_dual T alpha _ (betaRecords_checked bobw T alpha HO)) as [Hf Hv].
    split; [exact Hf |]. rewrite Hv. rewrite accepted_betaRecords. reflexivity.
  - intros t [Ht Hf]. rewrite gw_all. apply (Qle_trans _ (1 * betaT bobw T alpha)); [lra |].
    apply (betaT_lower bobw T alpha HO t 1 Ht ltac:(lra)).
    intros H HS. rewrite <- dualBlock_gw. apply Hf. exact HS.
  - exact (betaT_constant bobw T alpha HO).
Qed.

Print Assumptions honest_budget_is_rhoT.
