(* MenuDistinct.v -- Corollary M4 (ours, docs/menus.md section 3; Theorem 5.1 for the menu
   game): on a menu tree whose leaf queries are pairwise distinct over all alternatives, whose
   leaves all lie at depth d (menus are not levels: a realisation replaces a menu by one of its
   alternatives) and whose every alternative's local fbs at the values induced by the legal
   reference oracle O_Y is >= rho >= 1, rho_M >= rho^d; with Proposition M2, a checker that
   outputs the root value correctly with probability >= 1 - eps under every legal oracle makes
   m >= (1 - 2 eps) rho^d queries. Proved directly by Lemma 5.4's induction on the menu tree
   (lightest legal blocks of the children combine into a legal block of the node, and of a
   menu), in the dual form of Definition 3.4. Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Qabs Lqa Psatz List Lia Bool Arith.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeModel FbsTreeCert LowerBound MenuModel
  MenuLowerBound.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* Every leaf lies at depth d, counting decomposition nodes only (every realisation has
   uniform depth d). *)
Fixpoint MUniformDepth (T : mtree) (d : nat) : Prop :=
  match T, d with
  | MLeaf _, O => True
  | MNode _ q kids, S d' => forall i, (i < q)%nat -> MUniformDepth (kids i) d'
  | MMenu k alts, _ => forall j, (j <= k)%nat -> MUniformDepth (alts j) d
  | _, _ => False
  end.

(* Every alternative's every decomposition node u has fbs_{z^u}(phi_u) >= rho at the child
   values z^u induced by alpha, in the dual form: every feasible local dual has value >= rho. *)
Fixpoint MLocalFbsAtLeast (rho : Q) (T : mtree) (alpha : path -> bool) : Prop :=
  match T with
  | MLeaf _ => True
  | MNode phi q kids =>
      (forall v, DualFeasible phi (map (fun i => mval (kids i) alpha) (seq 0 q)) v ->
                 rho <= totalWeight q v) /\
      (forall i, (i < q)%nat -> MLocalFbsAtLeast rho (kids i) alpha)
  | MMenu k alts => forall j, (j <= k)%nat -> MLocalFbsAtLeast rho (alts j) alpha
  end.

(* ======================================================================================== *)
(* A family of subtrees with pairwise distinct queries                                       *)
(* ======================================================================================== *)

Definition famQ (kids : nat -> mtree) (n : nat) : list path :=
  flat_map (fun i => mqueries (kids i)) (seq 0 n).

Lemma famQ_S : forall kids n, famQ kids (S n) = famQ kids n ++ mqueries (kids n).
Proof. intros kids n. unfold famQ. rewrite seq_S, flat_map_app. simpl. rewrite app_nil_r. reflexivity. Qed.

Lemma nodup_app_l : forall (l l' : list path), NoDup (l ++ l') -> NoDup l.
Proof.
  induction l as [| a l IH]; intros l' HN; [constructor |]. inversion HN as [| b m Hb HN' E].
  constructor; [intros Ha; apply Hb, in_or_app; left; exact Ha | exact (IH l' HN')].
Qed.

Lemma nodup_app_r : forall (l l' : list path), NoDup (l ++ l') -> NoDup l'.
Proof.
  induction l as [| a l IH]; intros l' HN; [exact HN |]. inversion HN. apply (IH l'). assumption.
Qed.

Lemma nodup_app_disj : forall (l l' : list path) x, NoDup (l ++ l') -> In x l -> In x l' -> False.
Proof.
  induction l as [| a l IH]; intros l' x HN H1 H2; [destruct H1 |]. inversion HN as [| b m Hb HN' E].
  destruct H1 as [-> | H1]; [apply Hb, in_or_app; right; exact H2 | exact (IH l' x HN' H1 H2)].
Qed.

Lemma fam_in : forall kids n i x, (i < n)%nat -> In x (mqueries (kids i)) -> In x (famQ kids n).
Proof. intros kids n i x Hi Hx. apply in_flat_map. exists i. split; [apply in_seq; lia | exact Hx]. Qed.

Lemma fam_nodup_part : forall kids n i, NoDup (famQ kids n) -> (i < n)%nat ->
  NoDup (mqueries (kids i)).
Proof.
  intros kids n. induction n as [| n IH]; intros i HN Hi; [lia |]. rewrite famQ_S in HN.
  destruct (Nat.eq_dec i n) as [-> | Hne]; [exact (nodup_app_r _ _ HN) |].
  apply IH; [exact (nodup_app_l _ _ HN) | lia].
Qed.

Lemma fam_disjoint : forall kids n i j x, NoDup (famQ kids n) -> (i < n)%nat -> (j < n)%nat ->
  In x (mqueries (kids i)) -> In x (mqueries (kids j)) -> i = j.
Proof.
  intros kids n. induction n as [| n IH]; intros i j x HN Hi Hj Hxi Hxj; [lia |].
  rewrite famQ_S in HN.
  destruct (Nat.eq_dec i n) as [-> | Hi'], (Nat.eq_dec j n) as [-> | Hj']; [reflexivity | | |].
  - exfalso. apply (nodup_app_disj _ _ x HN); [apply (fam_in kids n j); [lia | exact Hxj] | exact Hxi].
  - exfalso. apply (nodup_app_disj _ _ x HN); [apply (fam_in kids n i); [lia | exact Hxi] | exact Hxj].
  - apply (IH i j x (nodup_app_l _ _ HN)); [lia | lia | exact Hxi | exact Hxj].
Qed.

Lemma fam_sum : forall kids n (g : path -> Q), NoDup (famQ kids n) ->
  qlsum (map g (qset (famQ kids n))) == qsum n (fun i => qlsum (map g (qset (mqueries (kids i))))).
Proof.
  intros kids n g HN. unfold qset. rewrite nodup_fixed_point by exact HN.
  unfold famQ. rewrite qlsum_flat_map_seq. apply qsum_ext. intros i Hi.
  rewrite nodup_fixed_point; [reflexivity |]. exact (fam_nodup_part kids n i HN Hi).
Qed.

(* The union of the blocks Hf i of the selected subtrees i. *)
Definition unionB (sel : nat -> bool) (Hf : nat -> path -> bool) (n : nat) : path -> bool :=
  fun x => existsb (fun i => sel i && Hf i x) (seq 0 n).

Lemma unionB_on : forall kids n sel Hf i x, NoDup (famQ kids n) ->
  (forall j y, (j < n)%nat -> Hf j y = true -> In y (mqueries (kids j))) ->
  (i < n)%nat -> In x (mqueries (kids i)) -> unionB sel Hf n x = (sel i && Hf i x)%bool.
Proof.
  intros kids n sel Hf i x HN Hin Hi Hx. unfold unionB.
  destruct (sel i && Hf i x)%bool eqn:E.
  - apply existsb_exists. exists i. split; [apply in_seq; lia | exact E].
  - destruct (existsb _ _) eqn:E2; [| reflexivity]. exfalso.
    apply existsb_exists in E2. destruct E2 as [j [Hj Ej]]. apply in_seq in Hj.
    apply andb_prop in Ej as [Sj Hjx].
    assert (Eij := fam_disjoint kids n i j x HN Hi ltac:(lia) Hx (Hin j x ltac:(lia) Hjx)).
    subst j. rewrite Sj, Hjx in E. discriminate.
Qed.

(* On the queries of subtree i, flipping the union is flipping Hf i (selected) or nothing. *)
Lemma unionB_flip : forall kids n sel Hf i alpha, NoDup (famQ kids n) ->
  (forall j y, (j < n)%nat -> Hf j y = true -> In y (mqueries (kids j))) -> (i < n)%nat ->
  forall x, In x (mqueries (kids i)) ->
  flipA alpha (unionB sel Hf n) x = (if sel i then flipA alpha (Hf i) x else alpha x).
Proof.
  intros kids n sel Hf i alpha HN Hin Hi x Hx. unfold flipA.
  rewrite (unionB_on kids n sel Hf i x HN Hin Hi Hx). destruct (sel i); [reflexivity |].
  apply xorb_false_r.
Qed.

Lemma weightOn_union : forall kids n sel Hf t i, NoDup (famQ kids n) ->
  (forall j y, (j < n)%nat -> Hf j y = true -> In y (mqueries (kids j))) -> (i < n)%nat ->
  weightOn (mqueries (kids i)) t (unionB sel Hf n) ==
  if sel i then weightOn (mqueries (kids i)) t (Hf i) else 0.
Proof.
  intros kids n sel Hf t i HN Hin Hi. unfold weightOn.
  destruct (sel i) eqn:Es.
  - apply qlsum_ext. intros x Hx. apply (proj1 (in_qset _ _)) in Hx.
    rewrite (unionB_on kids n sel Hf i x HN Hin Hi Hx), Es. reflexivity.
  - apply qlsum_zero. intros x Hx. apply (proj1 (in_qset _ _)) in Hx.
    rewrite (unionB_on kids n sel Hf i x HN Hin Hi Hx), Es. reflexivity.
Qed.

Lemma weightOn_nonneg : forall L t H, (forall x, 0 <= t x) -> 0 <= weightOn L t H.
Proof. intros L t H Ht. apply qlsum_nonneg. intros x. destruct (H x); [apply Ht | lra]. Qed.

(* Finite choice over the indices 0 .. n-1. *)
Lemma finite_choice : forall (A : Type) (a0 : A) (P : nat -> A -> Prop) n,
  (forall i, (i < n)%nat -> exists x, P i x) -> exists f, forall i, (i < n)%nat -> P i (f i).
Proof.
  intros A a0 P n. induction n as [| n IH]; intros H.
  - exists (fun _ => a0). intros i Hi. lia.
  - destruct IH as [f Hf]; [intros i Hi; apply H; lia |].
    destruct (H n ltac:(lia)) as [x Hx].
    exists (fun i => if Nat.eqb i n then x else f i). intros i Hi.
    destruct (Nat.eqb i n) eqn:E; [apply Nat.eqb_eq in E; subst; exact Hx |].
    apply Nat.eqb_neq in E. apply Hf. lia.
Qed.

(* ======================================================================================== *)
(* Corollary M4                                                                              *)
(* ======================================================================================== *)

Lemma legal_node_kid : forall phi q kids O i, legal (MNode phi q kids) O = true -> (i < q)%nat ->
  legal (kids i) O = true.
Proof. intros phi q kids O i HL Hi. exact (forallb_seq _ q i HL Hi). Qed.

Lemma flip_ne : forall a b : bool, a <> b -> a = negb b.
Proof. intros [] [] H; try reflexivity; congruence. Qed.

(* At a decomposition node with distinct queries, the union of legal sensitive blocks of the
   children selected by B is legal and flips exactly those children; if B is a sensitive block
   of phi at the children's values, the union is a legal sensitive block of the node. *)
Lemma node_union : forall phi q kids alpha (B : list bool) Hf,
  legal (MNode phi q kids) alpha = true -> NoDup (famQ kids q) ->
  (forall j y, (j < q)%nat -> Hf j y = true -> In y (mqueries (kids j))) ->
  (forall i, (i < q)%nat -> nth i B false = true -> LegalSensitive (kids i) alpha (Hf i)) ->
  forall i, (i < q)%nat ->
    legal (kids i) (flipA alpha (unionB (fun i => nth i B false) Hf q)) = true /\
    mval (kids i) (flipA alpha (unionB (fun i => nth i B false) Hf q))
    = xorb (mval (kids i) alpha) (nth i B false).
Proof.
  intros phi q kids alpha B Hf HA HN Hin HS i Hi.
  assert (E := unionB_flip kids q (fun i => nth i B false) Hf i alpha HN Hin Hi). cbv beta in E.
  destruct (nth i B false) eqn:EB.
  - destruct (HS i Hi EB) as [HLi HSi].
    rewrite (legal_local _ _ _ E), (mval_local _ _ _ E). split; [exact HLi |].
    rewrite (flip_ne _ _ HSi). destruct (mval (kids i) alpha); reflexivity.
  - rewrite (legal_local _ _ _ E), (mval_local _ _ _ E).
    split; [exact (legal_node_kid phi q kids alpha i HA Hi) | symmetry; apply xorb_false_r].
Qed.

Lemma node_union_sensitive : forall phi q kids alpha (B : list bool) Hf,
  legal (MNode phi q kids) alpha = true -> NoDup (famQ kids q) ->
  (forall j y, (j < q)%nat -> Hf j y = true -> In y (mqueries (kids j))) ->
  (forall i, (i < q)%nat -> nth i B false = true -> LegalSensitive (kids i) alpha (Hf i)) ->
  Sensitive phi (map (fun i => mval (kids i) alpha) (seq 0 q)) B ->
  LegalSensitive (MNode phi q kids) alpha (unionB (fun i => nth i B false) Hf q).
Proof.
  intros phi q kids alpha B Hf HA HN Hin HS HB.
  assert (Hkv := node_union phi q kids alpha B Hf HA HN Hin HS).
  split.
  - simpl. apply forallb_forall. intros i Hi. apply in_seq in Hi. apply Hkv. lia.
  - cbn [mval]. unfold Sensitive, flip in HB. rewrite map_length, seq_length in HB.
    replace (map (fun i => mval (kids i) (flipA alpha (unionB (fun i => nth i B false) Hf q))) (seq 0 q))
      with (map (fun i => xorb (nth i (map (fun i => mval (kids i) alpha) (seq 0 q)) false)
                               (nth i B false)) (seq 0 q)); [exact HB |].
    apply map_ext_in. intros i Hi. apply in_seq in Hi.
    rewrite nth_map_seq by lia. symmetry. apply Hkv. lia.
Qed.

Lemma legal_menu_alt : forall k alts O j, legal (MMenu k alts) O = true -> (j <= k)%nat ->
  legal (alts j) O = true /\ mval (alts j) O = mval (alts 0%nat) O.
Proof.
  intros k alts O j HL Hj. assert (H := forallb_seq _ (S k) j HL ltac:(lia)).
  apply andb_prop in H as [H1 H2]. split; [exact H1 | apply Bool.eqb_prop, H2].
Qed.

(* At a menu with distinct queries, the union of a legal sensitive block of every alternative
   flips them all to the same value: a legal sensitive block of the menu. *)
Lemma menu_union_sensitive : forall k alts alpha Hf,
  legal (MMenu k alts) alpha = true -> NoDup (famQ alts (S k)) ->
  (forall j y, (j < S k)%nat -> Hf j y = true -> In y (mqueries (alts j))) ->
  (forall j, (j < S k)%nat -> LegalSensitive (alts j) alpha (Hf j)) ->
  LegalSensitive (MMenu k alts) alpha (unionB (fun _ => true) Hf (S k)).
Proof.
  intros k alts alpha Hf HA HN Hin HS. set (U := unionB (fun _ => true) Hf (S k)).
  assert (Hav : forall j, (j < S k)%nat ->
            legal (alts j) (flipA alpha U) = true /\
            mval (alts j) (flipA alpha U) = negb (mval (alts 0%nat) alpha)).
  { intros j Hj.
    assert (E : forall x, In x (mqueries (alts j)) -> flipA alpha U x = flipA alpha (Hf j) x)
      by exact (unionB_flip alts (S k) (fun _ => true) Hf j alpha HN Hin Hj).
    destruct (HS j Hj) as [HLj HSj].
    rewrite (legal_local _ _ _ E), (mval_local _ _ _ E). split; [exact HLj |].
    rewrite (flip_ne _ _ HSj). f_equal. apply (legal_menu_alt k alts alpha j HA). lia. }
  split.
  - cbn [legal]. apply forallb_forall. intros j Hj. apply in_seq in Hj.
    destruct (Hav j ltac:(lia)) as [H1 H2]. destruct (Hav 0%nat ltac:(lia)) as [_ H3].
    rewrite H1, H2, H3, Bool.eqb_reflx. reflexivity.
  - cbn [mval]. rewrite (proj2 (Hav 0%nat ltac:(lia))). destruct (mval (alts 0%nat) alpha); discriminate.
Qed.

(* The induction's statement at one subtree: every legal sensitive block of weight >= c
   gives total weight >= c rho^d. *)
Definition ScaledBound (rho : Q) (T : mtree) (d : nat) (alpha : path -> bool) (t : path -> Q) : Prop :=
  forall c, 0 <= c -> (forall H, LegalSensitive T alpha H -> c <= weightOn (mqueries T) t H) ->
  c * qpow rho d <= valueOn (mqueries T) t.

(* A subtree meeting the bound has a lightest legal sensitive block H0, of weight
   t(H0) <= t(all) / rho^d. *)
Lemma has_min_block : forall rho T d alpha t, 1 <= rho -> (forall x, 0 <= t x) ->
  ScaledBound rho T d alpha t ->
  exists H0, (forall x, H0 x = true -> In x (mqueries T)) /\ LegalSensitive T alpha H0 /\
    weightOn (mqueries T) t H0 * qpow rho d <= valueOn (mqueries T) t.
Proof.
  intros rho T d alpha t Hrho Ht HB. assert (Hpow := qpow_pos rho d Hrho).
  destruct (legal_min_block T alpha t) as [Hnone | [H0 [Hin [HS Hmin]]]].
  - exfalso. set (G := valueOn (mqueries T) t).
    assert (HG : 0 <= G) by (apply valueOn_nonneg; exact Ht).
    assert (Hnn : 0 <= (G + 1) / qpow rho d) by (apply Qle_shift_div_l; [exact Hpow | lra]).
    specialize (HB _ Hnn (fun H HS => False_ind _ (Hnone H HS))). fold G in HB.
    assert (E : (G + 1) / qpow rho d * qpow rho d == G + 1)
      by (unfold Qdiv; rewrite <- Qmult_assoc, (Qmult_comm (/ qpow rho d)), Qmult_inv_r;
          [ring | lra]).
    rewrite E in HB. lra.
  - exists H0. split; [exact Hin | split; [exact HS |]]. apply HB; [apply weightOn_nonneg, Ht |].
    exact Hmin.
Qed.



Lemma m4_scaled : forall rho, 1 <= rho -> forall T d alpha t,
  legal T alpha = true -> NoDup (mqueries T) -> MLocalFbsAtLeast rho T alpha ->
  MUniformDepth T d -> (forall x, 0 <= t x) -> ScaledBound rho T d alpha t.
Proof.
  intros rho Hrho T. induction T as [x | phi q kids IH | k alts IH];
    intros d alpha t HA HN HL HU Ht c Hc HS.
  - (* a leaf: the block {x} is legal and flips it *)
    destruct d as [| d]; [| contradiction]. simpl.
    assert (H1 : LegalSensitive (MLeaf x) alpha (fun _ => true)).
    { split; [reflexivity |]. simpl. unfold flipA. destruct (alpha x); discriminate. }
    specialize (HS _ H1). unfold weightOn, valueOn in *. simpl in *. lra.
  - destruct d as [| d]; [contradiction |]. cbn [MLocalFbsAtLeast MUniformDepth] in HL, HU.
    destruct HL as [Hloc HL]. change (mqueries (MNode phi q kids)) with (famQ kids q) in *.
    assert (Hpow := qpow_pos rho d Hrho).
    assert (Hkid : forall i, (i < q)%nat -> exists H0,
      (forall x, H0 x = true -> In x (mqueries (kids i))) /\ LegalSensitive (kids i) alpha H0 /\
      weightOn (mqueries (kids i)) t H0 * qpow rho d <= valueOn (mqueries (kids i)) t).
    { intros i Hi. apply has_min_block; [exact Hrho | exact Ht |].
      apply (IH i d alpha t (legal_node_kid phi q kids alpha i HA Hi)
               (fam_nodup_part kids q i HN Hi) (HL i Hi) (HU i Hi) Ht). }
    destruct (finite_choice _ (fun _ => false) _ q Hkid) as [Hf HHf].
    assert (Hin : forall j y, (j < q)%nat -> Hf j y = true -> In y (mqueries (kids j)))
      by (intros j y Hj; apply (HHf j Hj)).
    set (m := fun i => weightOn (mqueries (kids i)) t (Hf i)).
    assert (Hm0 : forall i, 0 <= m i) by (intros i; apply weightOn_nonneg, Ht).
    set (z := map (fun i => mval (kids i) alpha) (seq 0 q)) in *.
    assert (Hz : length z = q) by (unfold z; rewrite map_length, seq_length; reflexivity).
    (* c rho <= sum_i m_i: m / c is a feasible local dual *)
    assert (H3 : c * rho <= qsum q m).
    { destruct (Qlt_le_dec 0 c) as [Hcpos | Hc0];
        [| apply (Qle_trans _ 0); [nra | apply qsum_nonneg; intros; apply Hm0]].
      set (v := map (fun i => m i / c) (seq 0 q)).
      assert (Hv : forall i, (i < q)%nat -> nth i v 0 = m i / c)
        by (intros; unfold v; apply nth_map_seq; assumption).
      assert (Hfeas : DualFeasible phi z v).
      { split.
        - intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
          + rewrite (Hv i Hi). apply Qle_shift_div_l; [exact Hcpos |]. generalize (Hm0 i). lra.
          + unfold v. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra.
        - intros B HB. rewrite Hz.
          set (U := unionB (fun i => nth i B false) Hf q).
          assert (HUS : LegalSensitive (MNode phi q kids) alpha U)
            by exact (node_union_sensitive phi q kids alpha B Hf HA HN Hin
                        (fun i Hi _ => proj1 (proj2 (HHf i Hi))) HB).
          specialize (HS U HUS). unfold weightOn in HS. cbn [mqueries] in HS.
          fold (famQ kids q) in HS. rewrite fam_sum in HS by exact HN.
          assert (E : qsum q (fun i => qlsum (map (fun x => if U x then t x else 0)
                                                  (qset (mqueries (kids i)))))
                      == qsum q (fun i => if nth i B false then m i else 0)).
          { apply qsum_ext. intros i Hi.
            exact (weightOn_union kids q (fun i => nth i B false) Hf t i HN Hin Hi). }
          rewrite E in HS.
          assert (E2 : blockWeight q v B == qsum q (fun i => if nth i B false then m i else 0) * / c).
          { unfold blockWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
            rewrite Hv by exact Hi. destruct (nth i B false); unfold Qdiv; ring. }
          rewrite E2. apply (Qle_trans _ (c * / c)).
          + rewrite Qmult_inv_r by lra. lra.
          + apply Qmult_le_compat_r; [exact HS | apply Qinv_le_0_compat; lra]. }
      specialize (Hloc v Hfeas).
      assert (E : totalWeight q v == qsum q m * / c).
      { unfold totalWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i Hi.
        rewrite Hv by exact Hi. reflexivity. }
      rewrite E in Hloc.
      assert (Hc' : c * (qsum q m * / c) == qsum q m) by (field; intro; lra).
      apply (Qle_trans _ (c * (qsum q m * / c))); [| rewrite Hc'; lra].
      rewrite !(Qmult_comm c). apply Qmult_le_compat_r; lra. }
    (* c rho^(d+1) <= sum_i m_i rho^d <= sum_i t(child i) *)
    unfold valueOn. rewrite fam_sum by exact HN. simpl.
    apply (Qle_trans _ (qsum q m * qpow rho d)).
    + setoid_replace (c * (rho * qpow rho d)) with ((c * rho) * qpow rho d) by ring.
      apply Qmult_le_compat_r; lra.
    + rewrite <- qsum_mul_r. apply qsum_le. intros i Hi. apply (HHf i Hi).
  - (* a menu: the union of the alternatives' lightest blocks flips them all, legally *)
    cbn [MLocalFbsAtLeast MUniformDepth] in HL, HU.
    change (mqueries (MMenu k alts)) with (famQ alts (S k)) in *.
    assert (Halt : forall j, (j < S k)%nat -> exists H0,
      (forall x, H0 x = true -> In x (mqueries (alts j))) /\ LegalSensitive (alts j) alpha H0 /\
      weightOn (mqueries (alts j)) t H0 * qpow rho d <= valueOn (mqueries (alts j)) t).
    { intros j Hj. apply has_min_block; [exact Hrho | exact Ht |].
      apply (IH j d alpha t (proj1 (legal_menu_alt k alts alpha j HA ltac:(lia)))
               (fam_nodup_part alts (S k) j HN Hj) (HL j ltac:(lia)) (HU j ltac:(lia)) Ht). }
    destruct (finite_choice _ (fun _ => false) _ (S k) Halt) as [Hf HHf].
    assert (Hin : forall j y, (j < S k)%nat -> Hf j y = true -> In y (mqueries (alts j)))
      by (intros j y Hj; apply (HHf j Hj)).
    set (U := unionB (fun _ => true) Hf (S k)).
    assert (HUS : LegalSensitive (MMenu k alts) alpha U)
      by exact (menu_union_sensitive k alts alpha Hf HA HN Hin (fun j Hj => proj1 (proj2 (HHf j Hj)))).
    specialize (HS U HUS). unfold weightOn in HS. rewrite fam_sum in HS by exact HN.
    unfold valueOn. rewrite fam_sum by exact HN.
    apply (Qle_trans _ (qsum (S k) (fun j => weightOn (mqueries (alts j)) t (Hf j)) * qpow rho d)).
    + apply Qmult_le_compat_r; [| apply Qlt_le_weak, qpow_pos, Hrho].
      apply (Qle_trans _ _ _ HS). apply Qle_lteq. right. apply qsum_ext. intros j Hj.
      exact (weightOn_union alts (S k) (fun _ => true) Hf t j HN Hin Hj).
    + rewrite <- qsum_mul_r. apply qsum_le. intros j Hj. apply (HHf j Hj).
Qed.

(* COROLLARY M4 (ours, docs/menus.md section 3; Lemma 5.4 for the menu game). Let rho >= 1,
   let the reference oracle alpha = O_Y be legal, the leaf queries pairwise distinct over the
   whole menu tree, every leaf at depth d and every alternative's local fbs >= rho. Then
   rho_M >= rho^d: every feasible dual of the LP over the legal sensitive blocks has value
   >= rho^d. *)
Theorem corollary_M4 : forall (rho : Q) (T : mtree) (d : nat) (alpha : path -> bool),
  1 <= rho -> legal T alpha = true -> NoDup (mqueries T) -> MLocalFbsAtLeast rho T alpha ->
  MUniformDepth T d -> MenuFbsAtLeast (qpow rho d) T alpha.
Proof.
  intros rho T d alpha Hrho HA HN HL HU t [Ht Hf].
  apply (Qle_trans _ (1 * qpow rho d)); [lra |].
  exact (m4_scaled rho Hrho T d alpha t HA HN HL HU Ht 1 ltac:(lra) Hf).
Qed.

(* Corollary M4 with Proposition M2: a checker that outputs the root value correctly with
   probability >= 1 - eps under every legal oracle makes m >= (1 - 2 eps) rho^d queries. *)
Corollary corollary_M4_queries : forall (rho : Q) (T : mtree) (d : nat) (alpha : path -> bool)
                                        (C : checker) (m : nat) (eps : Q),
  1 <= rho -> legal T alpha = true -> NoDup (mqueries T) -> MLocalFbsAtLeast rho T alpha ->
  MUniformDepth T d -> CoinsOK C -> QueriesAtMost C m ->
  (forall O, legal T O = true ->
     (mval T O = true -> 1 - eps <= accept O C) /\ (mval T O = false -> accept O C <= eps)) ->
  (1 - 2 * eps) * qpow rho d <= inject_Z (Z.of_nat m).
Proof.
  intros rho T d alpha C m eps Hrho HA HN HL HU HC HQ Hcor.
  exact (proposition_M2_queries T alpha (qpow rho d) C m eps HA (qpow_pos rho d Hrho)
           (corollary_M4 rho T d alpha Hrho HA HN HL HU) HC HQ Hcor).
Qed.

Print Assumptions corollary_M4.
Print Assumptions corollary_M4_queries.
