(* LowerBound.v -- paper Section 5, Lemma 5.4: on a tree whose leaves all lie at depth d (leaf
   queries pairwise distinct: a leaf of a ctree is its own variable), if every internal node's
   local fbs at the reference child values is >= rho >= 1, then rho_T = fbs_alpha(F_T) >= rho^d.
   Both fbs are taken in the dual (minimum) form of paper Definition 3.4, so no LP duality is
   assumed: "fbs_z(phi) >= rho" reads "every feasible local dual has value >= rho" and
   "rho_T >= rho^d" reads "every feasible global dual has value >= rho^d". The proof is the
   tree certificate's recursion run backwards (FbsTreeCert.v, primal_bound): the lightest
   sensitive blocks of the children (minW) give, scaled, a feasible local dual. Checked by
   coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed under the
   global context". *)

From Coq Require Import QArith Qminmax Qabs Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* Every leaf of T lies at depth exactly d (the paper's depth-d tree of Section 5). *)
Fixpoint UniformDepth (T : ctree) (d : nat) : Prop :=
  match T, d with
  | CLeaf, O => True
  | CNode _ q kids, S d' => forall i, (i < q)%nat -> UniformDepth (kids i) d'
  | _, _ => False
  end.

(* The child values z^u of a node under the reference assignment alpha. *)
Definition childValues (q : nat) (kids : nat -> ctree) (alpha : path -> bool) : list bool :=
  map (fun i => F (kids i) (sub alpha i)) (seq 0 q).

(* fbs_{z^u}(phi_u) >= rho at every internal node (paper Lemma 5.4's hypothesis), in the dual
   form of Definition 3.4: every feasible local dual has value >= rho. *)
Fixpoint LocalFbsAtLeast (rho : Q) (T : ctree) (alpha : path -> bool) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      (forall v, DualFeasible phi (childValues q kids alpha) v -> rho <= totalWeight q v) /\
      (forall i, (i < q)%nat -> LocalFbsAtLeast rho (kids i) (sub alpha i))
  end.

(* rho_T >= R, in the dual form: every feasible dual of the global LP of F_T at alpha has value
   >= R. *)
Definition GlobalFbsAtLeast (R : Q) (T : ctree) (alpha : path -> bool) : Prop :=
  forall t, GlobalDualFeasible T alpha t -> R <= dualValue T t.

(* An m-query randomised adaptive checker (paper Section 5, "Adaptive checker"), together
   with the fixed strategy of Alice it talks to (her messages are functions of the transcript
   and her coins, so the pair is one decision tree): a finite tree that asks the oracle a
   query (any string: here any path, leaf or not) and branches on the answer, flips a coin
   that takes its first branch with rational probability p, or stops and outputs a bit
   (true = accept). *)
Inductive checker : Type :=
| Output : bool -> checker
| Ask : path -> (bool -> checker) -> checker
| Coin : Q -> checker -> checker -> checker.

(* Every coin has 0 <= p <= 1. *)
Fixpoint CoinsOK (C : checker) : Prop :=
  match C with
  | Output _ => True
  | Ask _ k => forall b, CoinsOK (k b)
  | Coin p c1 c2 => 0 <= p <= 1 /\ CoinsOK c1 /\ CoinsOK c2
  end.

(* At most m oracle queries on every branch. *)
Fixpoint QueriesAtMost (C : checker) (m : nat) : Prop :=
  match C with
  | Output _ => True
  | Ask _ k => match m with O => False | S m' => forall b, QueriesAtMost (k b) m' end
  | Coin _ c1 c2 => QueriesAtMost c1 m /\ QueriesAtMost c2 m
  end.

(* P[the checker accepts] under the oracle O, exactly. *)
Fixpoint accept (O : path -> bool) (C : checker) : Q :=
  match C with
  | Output b => if b then 1 else 0
  | Ask x k => accept O (k (O x))
  | Coin p c1 c2 => p * accept O c1 + (1 - p) * accept O c2
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Lemma qpow_pos : forall r n, 1 <= r -> 0 < qpow r n.
Proof. intros r n Hr. generalize (qpow_ge_1 r n Hr). lra. Qed.

Lemma valOf_nonneg : forall T alpha t, (forall p, 0 <= t p) -> 0 <= valOf (minW T alpha t).
Proof.
  intros T alpha t Ht. assert (W := minW_witness T alpha t).
  destruct (minW T alpha t) as [[m H] |]; simpl; [| lra].
  destruct W as [_ W]. rewrite <- W. apply gw_nonneg. exact Ht.
Qed.

(* The induction (homogeneous form): if every sensitive block of F_T has t-weight >= c >= 0,
   then t has total weight >= c rho^d. *)
Lemma lower_bound_scaled : forall rho, 1 <= rho -> forall T d alpha,
  LocalFbsAtLeast rho T alpha -> UniformDepth T d ->
  forall t c, (forall p, 0 <= t p) -> 0 <= c ->
  (forall H, SensitiveF T alpha H -> c <= gw T t H) ->
  c * qpow rho d <= gw T t (fun _ => true).
Proof.
  intros rho Hrho T. induction T as [| phi q kids IH]; intros d alpha HL HU t c Ht Hc HS.
  - destruct d as [| d]; [| contradiction]. simpl.
    assert (H1 : SensitiveF CLeaf alpha (fun _ => true)).
    { unfold SensitiveF, flipA. simpl. destruct (alpha []); discriminate. }
    specialize (HS _ H1). simpl in HS. lra.
  - destruct d as [| d]; [contradiction |]. simpl in HU. destruct HL as [Hloc HL].
    set (z := childValues q kids alpha) in *.
    set (ws := fun i => minW (kids i) (sub alpha i) (sub t i)).
    set (s := fun i => valOf (ws i)).
    assert (Hpow := qpow_pos rho d Hrho).
    assert (Hs0 : forall i, 0 <= s i) by (intros i; apply valOf_nonneg; intros p; apply Ht).
    (* Step 1: s_i rho^(d-1) <= t(leaves of child i), by induction. *)
    assert (H1 : forall i, (i < q)%nat -> s i * qpow rho d <= gw (kids i) (sub t i) (fun _ => true)).
    { intros i Hi. apply (IH i d (sub alpha i) (HL i Hi) (HU i Hi)); [intros p; apply Ht | apply Hs0 |].
      intros H HSi. destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
        as [m [W [Em Hm]]]. unfold s, ws. rewrite Em. exact Hm. }
    (* Step 2: every child has a sensitive block (else the induction gives any bound). *)
    assert (Hsome : forall i, (i < q)%nat -> isSomeW (ws i) = true).
    { intros i Hi. destruct (ws i) eqn:En; [reflexivity | exfalso].
      set (G := gw (kids i) (sub t i) (fun _ => true)).
      assert (HG : 0 <= G) by (apply gw_nonneg; intros; apply Ht).
      assert (Hnn : 0 <= (G + 1) / qpow rho d) by (apply Qle_shift_div_l; [exact Hpow | lra]).
      assert (Hb := IH i d (sub alpha i) (HL i Hi) (HU i Hi) (sub t i) ((G + 1) / qpow rho d)
                       (fun p => Ht _) Hnn).
      assert (Hvac : forall H, SensitiveF (kids i) (sub alpha i) H ->
                (G + 1) / qpow rho d <= gw (kids i) (sub t i) H).
      { intros H HSi. destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
          as [m [W [Em _]]]. unfold ws in En. congruence. }
      specialize (Hb Hvac). fold G in Hb.
      assert (E : (G + 1) / qpow rho d * qpow rho d == G + 1)
        by (unfold Qdiv; rewrite <- Qmult_assoc, (Qmult_comm (/ qpow rho d)), Qmult_inv_r;
            [ring | lra]).
      rewrite E in Hb. lra. }
    (* Step 3: c rho <= sum_i s_i, since s / c is a feasible local dual. *)
    assert (H3 : c * rho <= qsum q s).
    { destruct (Qlt_le_dec 0 c) as [Hcpos | Hc0];
        [| assert (c == 0) by lra; apply (Qle_trans _ 0);
           [rewrite H; lra | apply qsum_nonneg; intros; apply Hs0]].
      set (v := map (fun i => s i / c) (seq 0 q)).
      assert (Hz : length z = q) by (unfold z, childValues; rewrite map_length, seq_length; reflexivity).
      assert (Hv : forall i, (i < q)%nat -> nth i v 0 = s i / c) by (intros; unfold v; apply nth_map_seq; assumption).
      assert (Hfeas : DualFeasible phi z v).
      { split.
        - intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
          + rewrite (Hv i Hi). apply Qle_shift_div_l; [exact Hcpos |]. generalize (Hs0 i). lra.
          + unfold v. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra.
        - intros B HB. rewrite Hz.
          set (J := map (fun i => nth i B false) (seq 0 q)).
          assert (HJl : length J = q) by (unfold J; rewrite map_length, seq_length; reflexivity).
          assert (HJn : forall i, (i < q)%nat -> nth i J false = nth i B false)
            by (intros; unfold J; apply nth_map_seq; assumption).
          assert (Es : sensb phi z J = true).
          { unfold sensb. apply negb_true_iff.
            destruct (Bool.eqb (phi (flip z J)) (phi z)) eqn:E; [| reflexivity].
            exfalso. apply Bool.eqb_prop in E. apply HB.
            rewrite (flip_ext z B J) by (intros i Hi; rewrite HJn by lia; reflexivity). exact E. }
          assert (Hcand : candidate phi q z ws J =
                          Some (qsum q (fun i => if nth i J false then s i else 0), unionBlock q ws J)).
          { unfold candidate. rewrite Es.
            assert (E2 : forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q) = true).
            { apply forallb_forall. intros i Hi. apply in_seq in Hi.
              destruct (nth i J false); [apply Hsome; lia | reflexivity]. }
            rewrite E2. reflexivity. }
          destruct (candidate_ok phi q kids alpha t J _ _
                      (fun i _ => minW_witness (kids i) (sub alpha i) (sub t i)) Hcand) as [HSu Hg].
          specialize (HS _ HSu). rewrite Hg in HS.
          assert (E : blockWeight q v B == qsum q (fun i => if nth i J false then s i else 0) * / c).
          { unfold blockWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
            rewrite HJn, Hv by exact Hi. destruct (nth i B false); unfold Qdiv; ring. }
          rewrite E. apply (Qle_trans _ (c * / c)).
          + rewrite Qmult_inv_r by lra. lra.
          + apply Qmult_le_compat_r; [exact HS | apply Qinv_le_0_compat; lra]. }
      specialize (Hloc v Hfeas).
      assert (E : totalWeight q v == qsum q s * / c).
      { unfold totalWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
        rewrite Hv by exact Hi. reflexivity. }
      rewrite E in Hloc.
      assert (Hc' : c * (qsum q s * / c) == qsum q s)
        by (field; intro; lra).
      apply (Qle_trans _ (c * (qsum q s * / c))); [| rewrite Hc'; lra].
      rewrite !(Qmult_comm c). apply Qmult_le_compat_r; lra. }
    (* Step 4: c rho^d = (c rho) rho^(d-1) <= sum_i s_i rho^(d-1) <= sum_i t(child i). *)
    simpl. apply (Qle_trans _ (qsum q s * qpow rho d)).
    + setoid_replace (c * (rho * qpow rho d)) with ((c * rho) * qpow rho d) by ring.
      apply Qmult_le_compat_r; lra.
    + rewrite <- qsum_mul_r. apply qsum_le. intros i Hi. apply H1. exact Hi.
Qed.

(* LEMMA 5.4 (paper, Section 5). Let rho >= 1 and let every internal node u of a tree whose
   leaves all lie at depth d satisfy fbs_{z^u}(phi_u) >= rho, z^u the child values induced by
   the reference assignment alpha. Then rho_T = fbs_alpha(F_T) >= rho^d: every feasible dual of
   the global fbs LP of F_T at alpha has value >= rho^d. *)
Theorem lemma_5_4 : forall (rho : Q) (T : ctree) (d : nat) (alpha : path -> bool),
  1 <= rho -> LocalFbsAtLeast rho T alpha -> UniformDepth T d ->
  GlobalFbsAtLeast (qpow rho d) T alpha.
Proof.
  intros rho T d alpha Hrho HL HU t [Ht Hf].
  assert (E : dualValue T t == gw T t (fun _ => true)).
  { rewrite <- dualBlock_gw. unfold dualValue, dualBlock. apply qlsum_ext. reflexivity. }
  rewrite E. apply (Qle_trans _ (1 * qpow rho d)); [lra |].
  apply (lower_bound_scaled rho Hrho T d alpha HL HU t 1 Ht ltac:(lra)).
  intros H HS. rewrite <- dualBlock_gw. apply Hf. exact HS.
Qed.

(* ======================================================================================== *)
(* Lemma 5.2, Theorem 5.3 and Theorem 5.1: the adversarial oracle                            *)
(* ======================================================================================== *)

Lemma gw_all : forall T t, dualValue T t == gw T t (fun _ => true).
Proof.
  intros T t. rewrite <- dualBlock_gw. unfold dualValue, dualBlock. apply qlsum_ext. reflexivity.
Qed.

Lemma gw_scale : forall T t H c, gw T (fun p => c * t p) H == c * gw T t H.
Proof.
  induction T as [| phi q kids IH]; intros t H c; simpl.
  - destruct (H []); ring.
  - rewrite (Qmult_comm c), <- qsum_mul_r. apply qsum_ext. intros i _.
    rewrite (IH i (sub t i) (sub H i) c). ring.
Qed.

Lemma gw_zero : forall T H, gw T (fun _ => 0) H == 0.
Proof.
  induction T as [| phi q kids IH]; intros H; simpl; [destruct (H []); reflexivity |].
  apply (Qeq_trans _ (qsum q (fun _ => 0))); [apply qsum_ext; intros i _; apply IH |].
  clear. induction q as [| q IHq]; simpl; [reflexivity |]. rewrite IHq. reflexivity.
Qed.

(* LEMMA 5.2 (paper, Section 5; A light sensitive block), for F_T (every f on q coordinates is
   F_T of the one-node tree CNode f q (fun _ => CLeaf)). If fbs_alpha(F_T) >= R > 0, every
   weighting p >= 0 of the leaves has a sensitive block H with p(H) <= p(all) / R (for a
   distribution p(all) = 1). Proved from the dual form: the lightest sensitive block, of weight
   mu, makes p / mu a feasible dual. *)
Theorem lemma_5_2 : forall (T : ctree) (alpha : path -> bool) (R : Q) (p : path -> Q),
  0 < R -> GlobalFbsAtLeast R T alpha -> (forall x, 0 <= p x) ->
  exists H, SensitiveF T alpha H /\ dualBlock T p H <= dualValue T p / R.
Proof.
  intros T alpha R p HR HG Hp.
  assert (HW := minW_witness T alpha p).
  destruct (minW T alpha p) as [[mu H] |] eqn:E.
  - destruct HW as [HS Hmu]. exists H. split; [exact HS |]. rewrite dualBlock_gw, Hmu.
    assert (HP0 : 0 <= dualValue T p) by (rewrite gw_all; apply gw_nonneg; exact Hp).
    destruct (Qlt_le_dec 0 mu) as [Hpos | Hle].
    + assert (Hfeas : GlobalDualFeasible T alpha (fun x => / mu * p x)).
      { split.
        - intros x. apply Qmult_le_0_compat; [apply Qinv_le_0_compat; lra | apply Hp].
        - intros H' HS'. rewrite dualBlock_gw, gw_scale.
          destruct (minW_lower T alpha p H' Hp HS') as [m [W [Em Hm]]].
          rewrite E in Em. injection Em as <- <-.
          apply (Qle_trans _ (/ mu * mu)); [rewrite Qmult_comm, Qmult_inv_r by lra; lra |].
          rewrite !(Qmult_comm (/ mu)). apply Qmult_le_compat_r; [exact Hm |].
          apply Qinv_le_0_compat; lra. }
      specialize (HG _ Hfeas).
      assert (E2 : dualValue T (fun x => / mu * p x) == / mu * dualValue T p)
        by (rewrite !gw_all; apply gw_scale).
      rewrite E2 in HG. apply Qle_shift_div_l; [exact HR |].
      apply (Qmult_le_r _ _ (/ mu)); [apply Qinv_lt_0_compat; exact Hpos |].
      setoid_replace (mu * R * / mu) with R by (field; intro; lra). lra.
    + apply (Qle_trans _ 0); [exact Hle |]. apply Qle_shift_div_l; [exact HR | lra].
  - exfalso.
    assert (Hfeas : GlobalDualFeasible T alpha (fun _ => 0)).
    { split; [intros; lra |]. intros H' HS'.
      destruct (minW_lower T alpha p H' Hp HS') as [m [W [Em _]]]. congruence. }
    specialize (HG _ Hfeas). rewrite gw_all in HG.
    rewrite gw_zero in HG. lra.
Qed.

(* Does the checker query a string of S? Its probability under O. *)
Fixpoint hits (O : path -> bool) (S : path -> bool) (C : checker) : Q :=
  match C with
  | Output _ => 0
  | Ask x k => if S x then 1 else hits O S (k (O x))
  | Coin p c1 c2 => p * hits O S c1 + (1 - p) * hits O S c2
  end.

Definition single (l : path) : path -> bool :=
  fun x => if list_eq_dec Nat.eq_dec x l then true else false.

Lemma accept_bounds : forall O C, CoinsOK C -> 0 <= accept O C <= 1.
Proof.
  intros O C. induction C as [b | x k IH | p c1 IH1 c2 IH2]; intros HC; simpl.
  - destruct b; lra.
  - apply IH. apply HC.
  - destruct HC as [Hp [H1 H2]]. specialize (IH1 H1). specialize (IH2 H2). nra.
Qed.

Lemma hits_nonneg : forall O S C, CoinsOK C -> 0 <= hits O S C.
Proof.
  intros O S C. induction C as [b | x k IH | p c1 IH1 c2 IH2]; intros HC; simpl.
  - lra.
  - destruct (S x); [lra | apply IH, HC].
  - destruct HC as [Hp [H1 H2]]. specialize (IH1 H1). specialize (IH2 H2). nra.
Qed.

(* The coupling (proof of Theorem 5.3): under two oracles that agree outside S, the runs with
   the same coins agree until the checker queries S. *)
Lemma coupling : forall O O' S C, CoinsOK C -> (forall x, S x = false -> O x = O' x) ->
  Qabs (accept O C - accept O' C) <= hits O S C.
Proof.
  intros O O' S C. induction C as [b | x k IH | p c1 IH1 c2 IH2]; intros HC HO; cbn [accept hits].
  - apply Qabs_Qle_condition. destruct b; lra.
  - destruct (S x) eqn:Ex.
    + rewrite Qabs_Qle_condition.
      assert (A := accept_bounds O (k (O x)) (HC _)).
      assert (B := accept_bounds O' (k (O' x)) (HC _)). lra.
    + rewrite <- (HO x Ex). apply IH; [apply HC | exact HO].
  - destruct HC as [Hp [H1 H2]].
    assert (A1 := IH1 H1 HO). assert (A2 := IH2 H2 HO).
    rewrite Qabs_Qle_condition in A1, A2 |- *. nra.
Qed.

Lemma qlsum_plus_map : forall (A : Type) (g h : A -> Q) xs,
  qlsum (map (fun a => g a + h a) xs) == qlsum (map g xs) + qlsum (map h xs).
Proof. induction xs as [| x xs IH]; simpl; [ring |]. rewrite IH. ring. Qed.

Lemma qlsum_nonneg : forall (A : Type) (g : A -> Q) xs, (forall a, 0 <= g a) -> 0 <= qlsum (map g xs).
Proof. intros A g xs Hg. induction xs as [| x xs IH]; simpl; [lra |]. specialize (Hg x). lra. Qed.

Lemma qlsum_elem : forall (A : Type) (g : A -> Q) xs y, (forall a, 0 <= g a) -> In y xs ->
  g y <= qlsum (map g xs).
Proof.
  intros A g xs y Hg. induction xs as [| x xs IH]; intros Hy; [destruct Hy |]. simpl.
  destruct Hy as [<- | Hy].
  - assert (0 <= qlsum (map g xs)) by (apply qlsum_nonneg; exact Hg). lra.
  - specialize (IH Hy). specialize (Hg x). lra.
Qed.

Lemma qlsum_le_map : forall (A : Type) (g h : A -> Q) xs, (forall a, g a <= h a) ->
  qlsum (map g xs) <= qlsum (map h xs).
Proof. intros A g h xs H. induction xs as [| x xs IH]; simpl; [lra |]. specialize (H x). lra. Qed.

(* The union bound: P[the checker queries S] <= sum over the strings l of S of P[it queries l]. *)
Lemma union_bound : forall O S C L, CoinsOK C -> (forall x, S x = true -> In x L) ->
  hits O S C <= qlsum (map (fun l => if S l then hits O (single l) C else 0) L).
Proof.
  intros O S C L. induction C as [b | x k IH | p c1 IH1 c2 IH2]; intros HC HL; simpl.
  - apply qlsum_nonneg. intros l. destruct (S l); lra.
  - destruct (S x) eqn:Ex.
    + apply (Qle_trans _ (if S x then hits O (single x) (Ask x k) else 0)).
      * rewrite Ex. simpl. unfold single. destruct (list_eq_dec Nat.eq_dec x x); [lra | congruence].
      * apply (qlsum_elem _ (fun l => if S l then hits O (single l) (Ask x k) else 0)); [| apply HL, Ex].
        intros l. destruct (S l); [apply hits_nonneg; exact HC | lra].
    + apply (Qle_trans _ _ _ (IH (O x) (HC _) HL)). apply Qle_lteq. right.
      apply qlsum_ext. intros l _. destruct (S l) eqn:El; [| reflexivity]. simpl.
      replace (single l x) with false; [reflexivity |].
      unfold single. destruct (list_eq_dec Nat.eq_dec x l); [congruence | reflexivity].
  - destruct HC as [Hp [H1 H2]]. specialize (IH1 H1 HL). specialize (IH2 H2 HL).
    apply (Qle_trans _ (p * qlsum (map (fun l => if S l then hits O (single l) c1 else 0) L)
                        + (1 - p) * qlsum (map (fun l => if S l then hits O (single l) c2 else 0) L)));
      [nra |].
    rewrite <- !qlsum_scale, <- qlsum_plus_map. apply Qle_lteq. right.
    apply qlsum_ext. intros l _. destruct (S l); simpl; ring.
Qed.

Lemma count_single : forall L x, NoDup L ->
  qlsum (map (fun l => if single l x then 1 else 0) L) <= 1.
Proof.
  intros L x HN. induction HN as [| y L Hy HN IH]; simpl; [lra |].
  unfold single at 1. destruct (list_eq_dec Nat.eq_dec x y) as [-> | Hne]; [| lra].
  assert (E : qlsum (map (fun l => if single l y then 1 else 0) L) == 0).
  { clear -Hy. induction L as [| l L IHL]; simpl; [reflexivity |].
    unfold single at 1. destruct (list_eq_dec Nat.eq_dec y l) as [-> | _].
    - exfalso. apply Hy. left. reflexivity.
    - rewrite IHL; [ring |]. intros H. apply Hy. right. exact H. }
  lra.
Qed.

(* Gamma = sum over distinct strings of P[queried] <= m (proof of Theorem 5.3). *)
Lemma expected_queries : forall O C m L, CoinsOK C -> QueriesAtMost C m -> NoDup L ->
  qlsum (map (fun l => hits O (single l) C) L) <= inject_Z (Z.of_nat m).
Proof.
  intros O C. induction C as [b | x k IH | p c1 IH1 c2 IH2]; intros m L HC HQ HN; simpl.
  - assert (E : qlsum (map (fun _ => 0) L) == 0)
      by (clear; induction L; simpl; [reflexivity | rewrite IHL; ring]).
    rewrite E. unfold Qle. simpl. lia.
  - destruct m as [| m]; [contradiction |].
    apply (Qle_trans _ (qlsum (map (fun l => if single l x then 1 else 0) L)
                        + qlsum (map (fun l => hits O (single l) (k (O x))) L))).
    + rewrite <- qlsum_plus_map. apply qlsum_le_map. intros l.
      assert (0 <= hits O (single l) (k (O x))) by (apply hits_nonneg, HC).
      destruct (single l x); lra.
    + assert (H1 := count_single L x HN). assert (H2 := IH (O x) m L (HC _) (HQ _) HN).
      rewrite Nat2Z.inj_succ, <- Z.add_1_r, inject_Z_plus.
      change (inject_Z 1) with 1. lra.
  - destruct HC as [Hp [H1 H2]]. destruct HQ as [Q1 Q2].
    specialize (IH1 m L H1 Q1 HN). specialize (IH2 m L H2 Q2 HN).
    rewrite qlsum_plus_map, !qlsum_scale. nra.
Qed.

Lemma nodup_map_cons : forall i (l : list path), NoDup l -> NoDup (map (cons i) l).
Proof.
  intros i l HN. induction HN as [| x l Hx HN IH]; simpl; constructor; [| exact IH].
  intros H. apply in_map_iff in H. destruct H as [y [E Hy]]. injection E as ->. contradiction.
Qed.

Lemma nodup_app : forall (A : Type) (l l' : list A), NoDup l -> NoDup l' ->
  (forall a, In a l -> ~ In a l') -> NoDup (l ++ l').
Proof.
  intros A l l' H1 H2 Hd. induction H1 as [| x l Hx H1 IH]; simpl; [exact H2 |].
  constructor.
  - intros H. apply in_app_or in H. destruct H as [H | H]; [contradiction |].
    exact (Hd x (or_introl eq_refl) H).
  - apply IH. intros a Ha. apply Hd. right. exact Ha.
Qed.

(* Leaf queries are pairwise distinct (a leaf is named by its path). *)
Lemma leaves_nodup : forall T, NoDup (leaves T).
Proof.
  induction T as [| phi q kids IH]; cbn [leaves]; [constructor; [intros [] | constructor] |].
  induction q as [| q IHq]; [constructor |].
  rewrite seq_S, flat_map_app. simpl. rewrite app_nil_r. apply nodup_app.
  - exact IHq.
  - apply nodup_map_cons, IH.
  - intros a Ha Hb. apply in_flat_map in Ha. destruct Ha as [i [Hi Ha]].
    apply in_seq in Hi. apply in_map_iff in Ha. destruct Ha as [p [<- _]].
    apply in_map_iff in Hb. destruct Hb as [p' [E _]]. injection E as E. lia.
Qed.

(* F_T reads its variables at the leaves only. *)
Lemma F_leaves : forall T x y, (forall p, In p (leaves T) -> x p = y p) -> F T x = F T y.
Proof.
  induction T as [| phi q kids IH]; intros x y E; simpl.
  - apply E. left. reflexivity.
  - f_equal. apply map_ext_in. intros i Hi. apply IH. intros p Hp. apply E. simpl.
    apply in_flat_map. exists i. split; [exact Hi | apply in_map; exact Hp].
Qed.

Definition onLeaves (T : ctree) (H : path -> bool) : path -> bool :=
  fun p => (H p && if in_dec (list_eq_dec Nat.eq_dec) p (leaves T) then true else false)%bool.

(* THEOREM 5.3 (paper, Section 5; collapsed-function lower bound). Let rho_T = fbs_alpha(F_T)
   be >= R > 0 (dual form) for the reference oracle alpha = O_Y. For every m-query randomised
   adaptive checker C (with Alice's fixed strategy folded in) there is a block H of leaf
   queries such that the oracle O_N = O_Y flipped on H changes the root value
   (SensitiveF) and the checker's acceptance probabilities under O_Y and O_N differ by at most
   min(1, m / R). *)
Theorem theorem_5_3 : forall (T : ctree) (alpha : path -> bool) (R : Q) (C : checker) (m : nat),
  0 < R -> GlobalFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->
  exists H, (forall p, H p = true -> In p (leaves T)) /\ SensitiveF T alpha H /\
    Qabs (accept alpha C - accept (flipA alpha H) C) <= Qmin 1 (inject_Z (Z.of_nat m) / R).
Proof.
  intros T alpha R C m HR HG HC HQ.
  assert (onLeaves_in : forall T H p, onLeaves T H p = true -> In p (leaves T)).
  { clear. intros T H p Hp. unfold onLeaves in Hp. apply andb_prop in Hp as [_ Hp].
    destruct (in_dec (list_eq_dec Nat.eq_dec) p (leaves T)); [assumption | discriminate]. }
  set (a := fun l => hits alpha (single l) C).
  assert (Ha : forall l, 0 <= a l) by (intros; apply hits_nonneg, HC).
  destruct (lemma_5_2 T alpha R a HR HG Ha) as [H [HS Hlight]].
  exists (onLeaves T H). split; [| split].
  - apply onLeaves_in.
  - unfold SensitiveF in *. rewrite <- (F_leaves T (flipA alpha H)); [exact HS |].
    intros p Hp. unfold flipA, onLeaves. destruct (in_dec (list_eq_dec Nat.eq_dec) p (leaves T)); [| contradiction].
    rewrite andb_true_r. reflexivity.
  - apply Q.min_glb.
    + rewrite Qabs_Qle_condition.
      assert (A := accept_bounds alpha C HC). assert (B := accept_bounds (flipA alpha (onLeaves T H)) C HC).
      lra.
    + apply (Qle_trans _ (hits alpha (onLeaves T H) C)).
      * apply coupling; [exact HC |]. intros x Ex. unfold flipA. rewrite Ex. symmetry. apply xorb_false_r.
      * apply (Qle_trans _ _ _ (union_bound alpha (onLeaves T H) C (leaves T) HC (onLeaves_in T H))).
        apply (Qle_trans _ (dualBlock T a H)).
        -- unfold dualBlock. apply Qle_lteq. right. apply qlsum_ext. intros p Hp.
           unfold onLeaves. destruct (in_dec (list_eq_dec Nat.eq_dec) p (leaves T)); [| contradiction].
           rewrite andb_true_r. reflexivity.
        -- apply (Qle_trans _ _ _ Hlight). apply Qle_shift_div_l; [exact HR |].
           unfold Qdiv. rewrite <- Qmult_assoc, (Qmult_comm (/ R)), Qmult_inv_r by lra.
           rewrite Qmult_1_r. apply expected_queries; [exact HC | exact HQ | apply leaves_nodup].
Qed.

(* THEOREM 5.1 (paper, Section 5). Let rho >= 1 and let every internal node of a tree whose
   leaves all lie at depth d have fbs_{z^u}(phi_u) >= rho at the child values induced by O_Y =
   alpha. For every m-query randomised adaptive checker there is an oracle O_N (O_Y flipped on
   a block of leaf queries) with val_{O_N}(root) <> val_{O_Y}(root) and
   |P[Acc_Y] - P[Acc_N]| <= min(1, m rho^-d). *)
Theorem theorem_5_1 : forall (rho : Q) (T : ctree) (d : nat) (alpha : path -> bool)
                             (C : checker) (m : nat),
  1 <= rho -> LocalFbsAtLeast rho T alpha -> UniformDepth T d -> CoinsOK C -> QueriesAtMost C m ->
  exists H, (forall p, H p = true -> In p (leaves T)) /\
    F T (flipA alpha H) <> F T alpha /\
    Qabs (accept alpha C - accept (flipA alpha H) C) <= Qmin 1 (inject_Z (Z.of_nat m) * / qpow rho d).
Proof.
  intros rho T d alpha C m Hrho HL HU HC HQ.
  exact (theorem_5_3 T alpha (qpow rho d) C m (qpow_pos rho d Hrho)
           (lemma_5_4 rho T d alpha Hrho HL HU) HC HQ).
Qed.

(* The consequence the paper draws after Theorem 5.1: a checker that outputs the root value
   correctly with probability >= 1 - eps under every oracle makes m >= (1 - 2 eps) rho^d
   queries. *)
Corollary corollary_5_1 : forall (rho : Q) (T : ctree) (d : nat) (alpha : path -> bool)
                                 (C : checker) (m : nat) (eps : Q),
  1 <= rho -> LocalFbsAtLeast rho T alpha -> UniformDepth T d -> CoinsOK C -> QueriesAtMost C m ->
  (forall O, (F T O = true -> 1 - eps <= accept O C) /\ (F T O = false -> accept O C <= eps)) ->
  1 - 2 * eps <= inject_Z (Z.of_nat m) * / qpow rho d.
Proof.
  intros rho T d alpha C m eps Hrho HL HU HC HQ Hcor.
  destruct (theorem_5_1 rho T d alpha C m Hrho HL HU HC HQ) as [H [_ [HS Hadv]]].
  assert (Hm := Q.le_min_r 1 (inject_Z (Z.of_nat m) * / qpow rho d)).
  apply Qabs_Qle_condition in Hadv.
  destruct (Hcor alpha) as [Y1 Y0]. destruct (Hcor (flipA alpha H)) as [N1 N0].
  destruct (F T alpha) eqn:Ea, (F T (flipA alpha H)) eqn:En; try congruence.
  - specialize (Y1 eq_refl). specialize (N0 eq_refl). lra.
  - specialize (Y0 eq_refl). specialize (N1 eq_refl). lra.
Qed.

(* Theorem 5.3's consequence (used by Theorem B3, ours, docs/budgeted.md section 4): a checker
   that outputs the root value correctly with probability >= 1 - eps under every oracle makes
   m >= (1 - 2 eps) R queries whenever rho_T >= R > 0. *)
Corollary corollary_5_3 : forall (T : ctree) (alpha : path -> bool) (R : Q) (C : checker)
                                 (m : nat) (eps : Q),
  0 < R -> GlobalFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->
  (forall O, (F T O = true -> 1 - eps <= accept O C) /\ (F T O = false -> accept O C <= eps)) ->
  (1 - 2 * eps) * R <= inject_Z (Z.of_nat m).
Proof.
  intros T alpha R C m eps HR HG HC HQ Hcor.
  destruct (theorem_5_3 T alpha R C m HR HG HC HQ) as [H [_ [HS Hadv]]].
  assert (Hm := Q.le_min_r 1 (inject_Z (Z.of_nat m) / R)).
  apply Qabs_Qle_condition in Hadv.
  assert (Hle : 1 - 2 * eps <= inject_Z (Z.of_nat m) / R).
  { destruct (Hcor alpha) as [Y1 Y0]. destruct (Hcor (flipA alpha H)) as [N1 N0].
    destruct (F T alpha) eqn:Ea, (F T (flipA alpha H)) eqn:En; try congruence.
    - specialize (Y1 eq_refl). specialize (N0 eq_refl). lra.
    - specialize (Y0 eq_refl). specialize (N1 eq_refl). lra. }
  apply (Qmult_le_compat_r _ _ R) in Hle; [| lra].
  unfold Qdiv in Hle. rewrite <- Qmult_assoc, (Qmult_comm (/ R)), Qmult_inv_r in Hle by lra.
  rewrite Qmult_1_r in Hle. exact Hle.
Qed.

Print Assumptions lemma_5_4.
Print Assumptions lemma_5_2.
Print Assumptions theorem_5_3.
Print Assumptions theorem_5_1.
Print Assumptions corollary_5_1.
Print Assumptions corollary_5_3.
