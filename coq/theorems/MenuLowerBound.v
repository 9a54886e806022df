(* MenuLowerBound.v -- docs/menus.md section 3 (ours): Proposition M1 (rho_M <= rho_R for every
   realisation R) and Proposition M2 (Theorem 5.3's adversarial oracle with legal blocks: every
   m-query checker that relies on the menu being correct has advantage <= min(1, m / rho_M)
   against a legal oracle flipping the root), with its consequence m >= (1 - 2 eps) rho_M.
   Queries may be shared between leaves and alternatives. Both fbs in the dual form of
   Definition 3.4 (model/MenuModel.v), so no LP duality is assumed. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith Qminmax Qabs Lqa Psatz List Lia Bool Arith.
From FbsCoq Require Import FbsModel FbsTreeModel FbsTreeCert LowerBound MenuModel.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Fact 0 and locality                                                                       *)
(* ======================================================================================== *)

Lemma forallb_seq : forall (g : nat -> bool) n i, forallb g (seq 0 n) = true -> (i < n)%nat ->
  g i = true.
Proof.
  intros g n i H Hi. rewrite forallb_forall in H. apply H. apply in_seq. lia.
Qed.

Lemma forallb_ext_in' : forall (A : Type) (g h : A -> bool) l, (forall a, In a l -> g a = h a) ->
  forallb g l = forallb h l.
Proof.
  intros A g h l E. induction l as [| a l IH]; simpl; [reflexivity |].
  rewrite (E a (or_introl eq_refl)), IH; [reflexivity |]. intros b Hb. apply E. right. exact Hb.
Qed.

Lemma pick_le : forall s k, (pick s k <= k)%nat.
Proof. intros s k. unfold pick. lia. Qed.

(* FACT 0 (docs/menus.md section 3): under a legal oracle every realisation computes the value
   of the menu tree. *)
Lemma fact_0 : forall T O s, legal T O = true -> rval T s O = mval T O.
Proof.
  induction T as [x | phi q kids IH | k alts IH]; intros O s HL; simpl in *.
  - reflexivity.
  - f_equal. apply map_ext_in. intros i Hi. apply in_seq in Hi. apply IH.
    apply (forallb_seq _ q i HL). lia.
  - assert (Hj := forallb_seq _ (S k) (pick s k) HL ltac:(generalize (pick_le s k); lia)).
    apply andb_prop in Hj as [Hl He]. apply Bool.eqb_prop in He.
    rewrite IH by exact Hl. exact He.
Qed.

(* F_R reads the queries of Q(R) only. *)
Lemma rval_local : forall T s O O', (forall x, In x (rqueries T s) -> O x = O' x) ->
  rval T s O = rval T s O'.
Proof.
  induction T as [x | phi q kids IH | k alts IH]; intros s O O' E; simpl in *.
  - apply E. left. reflexivity.
  - f_equal. apply map_ext_in. intros i Hi. apply IH. intros x Hx. apply E.
    apply in_flat_map. exists i. split; assumption.
  - apply IH. exact E.
Qed.

(* The value and the legality read the queries of Q(M) only. *)
Lemma mval_local : forall T O O', (forall x, In x (mqueries T) -> O x = O' x) ->
  mval T O = mval T O'.
Proof.
  induction T as [x | phi q kids IH | k alts IH]; intros O O' E; cbn [mval legal mqueries] in *.
  - apply E. left. reflexivity.
  - f_equal. apply map_ext_in. intros i Hi. apply IH. intros x Hx. apply E.
    apply in_flat_map. exists i. split; assumption.
  - apply IH. intros x Hx. apply E. apply in_flat_map. exists 0%nat.
    split; [apply in_seq; lia | exact Hx].
Qed.

Lemma legal_local : forall T O O', (forall x, In x (mqueries T) -> O x = O' x) ->
  legal T O = legal T O'.
Proof.
  induction T as [x | phi q kids IH | k alts IH]; intros O O' E; cbn [mval legal mqueries] in *.
  - reflexivity.
  - apply forallb_ext_in'. intros i Hi. apply IH. intros x Hx. apply E.
    apply in_flat_map. exists i. split; assumption.
  - assert (E0 : forall x, In x (mqueries (alts 0%nat)) -> O x = O' x).
    { intros x Hx. apply E. apply in_flat_map. exists 0%nat. split; [apply in_seq; lia | exact Hx]. }
    apply forallb_ext_in'. intros j Hj.
    assert (Ej : forall x, In x (mqueries (alts j)) -> O x = O' x).
    { intros x Hx. apply E. apply in_flat_map. exists j. split; assumption. }
    rewrite (IH j O O' Ej), (mval_local _ O O' Ej), (mval_local _ O O' E0). reflexivity.
Qed.

(* Q(R) is part of Q(M). *)
Lemma rqueries_incl : forall T s x, In x (rqueries T s) -> In x (mqueries T).
Proof.
  induction T as [y | phi q kids IH | k alts IH]; intros s x Hx; cbn [rqueries mqueries] in *.
  - exact Hx.
  - apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]].
    apply in_flat_map. exists i. split; [exact Hi | eapply IH; exact Hx].
  - apply in_flat_map. exists (pick s k). split; [apply in_seq; generalize (pick_le s k); lia |].
    eapply IH. exact Hx.
Qed.

(* ======================================================================================== *)
(* Sums over sets of queries                                                                 *)
(* ======================================================================================== *)

Definition memb (x : path) (L : list path) : bool :=
  if in_dec (list_eq_dec Nat.eq_dec) x L then true else false.

Lemma memb_true : forall x L, memb x L = true <-> In x L.
Proof.
  intros x L. unfold memb. destruct (in_dec (list_eq_dec Nat.eq_dec) x L); split; intros H;
    [exact i | reflexivity | discriminate | contradiction].
Qed.

Lemma memb_false : forall x L, memb x L = false <-> ~ In x L.
Proof.
  intros x L. unfold memb. destruct (in_dec (list_eq_dec Nat.eq_dec) x L); split; intros H;
    [discriminate | contradiction | assumption | reflexivity].
Qed.

Lemma in_qset : forall x L, In x (qset L) <-> In x L.
Proof. intros x L. apply nodup_In. Qed.

Lemma qset_nodup : forall L, NoDup (qset L).
Proof. intros L. apply NoDup_nodup. Qed.

Lemma qlsum_zero : forall (A : Type) (g : A -> Q) xs, (forall a, In a xs -> g a == 0) ->
  qlsum (map g xs) == 0.
Proof.
  intros A g xs H. induction xs as [| x xs IH]; simpl; [reflexivity |].
  rewrite (H x (or_introl eq_refl)), IH; [ring |]. intros a Ha. apply H. right. exact Ha.
Qed.

(* The sum over a duplicate-free L' of g at one member a. *)
Lemma qlsum_single : forall (g : path -> Q) L a, NoDup L -> In a L ->
  qlsum (map (fun x => if list_eq_dec Nat.eq_dec x a then g x else 0) L) == g a.
Proof.
  intros g L a HN. induction HN as [| y L Hy HN IH]; intros Ha; [destruct Ha |]. simpl.
  destruct (list_eq_dec Nat.eq_dec y a) as [-> | Hne].
  - rewrite qlsum_zero; [ring |]. intros x Hx.
    destruct (list_eq_dec Nat.eq_dec x a) as [-> | _]; [contradiction | reflexivity].
  - destruct Ha as [-> | Ha]; [congruence |]. rewrite IH by exact Ha. ring.
Qed.

(* Restricting a sum over L' to a duplicate-free part L of it gives the sum over L. *)
Lemma qlsum_restrict : forall (g : path -> Q) L L', NoDup L -> NoDup L' -> incl L L' ->
  qlsum (map (fun x => if memb x L then g x else 0) L') == qlsum (map g L).
Proof.
  intros g L L' HN. revert L'. induction HN as [| a L Ha HN IH]; intros L' HN' Hi; simpl.
  - apply qlsum_zero. intros x _. reflexivity.
  - apply (Qeq_trans _ (qlsum (map (fun x => if list_eq_dec Nat.eq_dec x a then g x else 0) L')
                        + qlsum (map (fun x => if memb x L then g x else 0) L'))).
    + rewrite <- qlsum_plus_map. apply qlsum_ext. intros x _.
      destruct (list_eq_dec Nat.eq_dec x a) as [-> | Hne].
      * replace (memb a (a :: L)) with true by (symmetry; apply memb_true; left; reflexivity).
        replace (memb a L) with false by (symmetry; apply memb_false; exact Ha). ring.
      * destruct (memb x L) eqn:E2.
        -- replace (memb x (a :: L)) with true
             by (symmetry; apply memb_true; right; apply memb_true; exact E2). ring.
        -- replace (memb x (a :: L)) with false; [ring |]. symmetry. apply memb_false.
           intros [E | E]; [congruence | apply memb_false in E2; contradiction].
    + rewrite qlsum_single by (assumption || (apply Hi; left; reflexivity)).
      rewrite IH; [reflexivity | exact HN' |]. intros x Hx. apply Hi. right. exact Hx.
Qed.

Lemma weightOn_ext : forall L t H H', (forall x, In x L -> H x = H' x) ->
  weightOn L t H == weightOn L t H'.
Proof.
  intros L t H H' E. unfold weightOn. apply qlsum_ext. intros x Hx.
  rewrite E; [reflexivity |]. apply in_qset. exact Hx.
Qed.

(* ======================================================================================== *)
(* Proposition M1                                                                            *)
(* ======================================================================================== *)

(* t extended by 0 outside Q(R). *)
Definition restrictTo (L : list path) (t : path -> Q) : path -> Q :=
  fun x => if memb x L then t x else 0.

Lemma restrict_sum : forall T s (g : path -> Q),
  qlsum (map (fun x => if memb x (rqueries T s) then g x else 0) (qset (mqueries T)))
  == qlsum (map g (qset (rqueries T s))).
Proof.
  intros T s g. rewrite <- (qlsum_restrict g (qset (rqueries T s)) (qset (mqueries T)));
    [| apply qset_nodup | apply qset_nodup |].
  - apply qlsum_ext. intros x _. unfold memb.
    destruct (in_dec (list_eq_dec Nat.eq_dec) x (rqueries T s)) as [H1 | H1],
             (in_dec (list_eq_dec Nat.eq_dec) x (qset (rqueries T s))) as [H2 | H2];
      rewrite ?in_qset in H2; try tauto; reflexivity.
  - intros x Hx. apply in_qset. apply (proj1 (in_qset _ _)) in Hx.
    eapply rqueries_incl. exact Hx.
Qed.

(* PROPOSITION M1 (ours, docs/menus.md section 3): rho_M <= rho_R for every realisation R.
   Let alpha = O_Y be legal. Every feasible dual t of the fbs LP of F_R at alpha, extended by
   0 outside Q(R), is a feasible dual of the LP over the legal sensitive blocks of Q(M), with
   the same value. *)
Theorem proposition_M1 : forall (T : mtree) (alpha : path -> bool) (s : path -> nat)
                                (t : path -> Q),
  legal T alpha = true -> RealDualFeasible T s alpha t ->
  MenuDualFeasible T alpha (restrictTo (rqueries T s) t) /\
  valueOn (mqueries T) (restrictTo (rqueries T s) t) == valueOn (rqueries T s) t.
Proof.
  intros T alpha s t HA [Ht Hf]. split; [split |].
  - intros x. unfold restrictTo. destruct (memb x (rqueries T s)); [apply Ht | lra].
  - intros H [HL HS]. unfold weightOn.
    apply (Qle_trans _ (weightOn (rqueries T s) t H)).
    + apply Hf. unfold RealSensitive. rewrite !fact_0 by assumption. exact HS.
    + unfold weightOn. rewrite <- restrict_sum. apply Qle_lteq. right. apply qlsum_ext.
      intros x _. unfold restrictTo. destruct (H x), (memb x (rqueries T s)); reflexivity.
  - unfold valueOn. rewrite <- restrict_sum. apply qlsum_ext. intros x _. reflexivity.
Qed.

(* M1 in the form the lower bounds use: rho_M >= r gives rho_R >= r for every realisation. *)
Corollary proposition_M1_bound : forall (r : Q) (T : mtree) (alpha : path -> bool)
                                        (s : path -> nat),
  legal T alpha = true -> MenuFbsAtLeast r T alpha -> RealFbsAtLeast r T s alpha.
Proof.
  intros r T alpha s HA HM t Ht. destruct (proposition_M1 T alpha s t HA Ht) as [Hf Hv].
  rewrite <- Hv. apply HM. exact Hf.
Qed.

(* ======================================================================================== *)
(* Proposition M2: Lemma 5.2 over the legal sensitive blocks, then Theorem 5.3's coupling    *)
(* ======================================================================================== *)

(* Every block agrees on L with one of the subsets of L. *)
Fixpoint subsetsL (L : list path) : list (list path) :=
  match L with
  | [] => [[]]
  | a :: r => subsetsL r ++ map (cons a) (subsetsL r)
  end.

Lemma subsetsL_filter : forall L (H : path -> bool), In (filter H L) (subsetsL L).
Proof.
  induction L as [| a L IH]; intros H; simpl; [left; reflexivity |].
  apply in_or_app. destruct (H a); [right; apply in_map | left]; apply IH.
Qed.

Lemma memb_filter : forall L (H : path -> bool) x, In x L -> memb x (filter H L) = H x.
Proof.
  intros L H x Hx. destruct (H x) eqn:E.
  - apply memb_true. apply filter_In. split; assumption.
  - apply memb_false. intros Hf. apply filter_In in Hf. destruct Hf as [_ Hf]. congruence.
Qed.

(* A least-weight member of a finite list among those satisfying a test. *)
Lemma least_member : forall (A : Type) (P : A -> bool) (w : A -> Q) (l : list A),
  (forall c, In c l -> P c = false) \/
  exists c0, In c0 l /\ P c0 = true /\ forall c, In c l -> P c = true -> w c0 <= w c.
Proof.
  intros A P w l. induction l as [| a l [IH | [c0 [Hc0 [Pc0 Hmin]]]]].
  - left. intros c [].
  - destruct (P a) eqn:Pa.
    + right. exists a. split; [left; reflexivity | split; [exact Pa |]].
      intros c [<- | Hc] Pc; [lra | rewrite (IH c Hc) in Pc; discriminate].
    + left. intros c [<- | Hc]; [exact Pa | apply IH, Hc].
  - right. destruct (P a) eqn:Pa; [destruct (Qlt_le_dec (w a) (w c0)) as [Hlt | Hle] |].
    + exists a. split; [left; reflexivity | split; [exact Pa |]].
      intros c [<- | Hc] Pc; [lra | specialize (Hmin c Hc Pc); lra].
    + exists c0. split; [right; exact Hc0 | split; [exact Pc0 |]].
      intros c [<- | Hc] Pc; [exact Hle | apply Hmin; assumption].
    + exists c0. split; [right; exact Hc0 | split; [exact Pc0 |]].
      intros c [<- | Hc] Pc; [congruence | apply Hmin; assumption].
Qed.

Definition legalSensb (T : mtree) (alpha H : path -> bool) : bool :=
  legal T (flipA alpha H) && negb (Bool.eqb (mval T (flipA alpha H)) (mval T alpha)).

Lemma legalSensb_iff : forall T alpha H, legalSensb T alpha H = true <-> LegalSensitive T alpha H.
Proof.
  intros T alpha H. unfold legalSensb, LegalSensitive. rewrite andb_true_iff, negb_true_iff.
  split; intros [H1 H2]; split; try exact H1.
  - intros E. rewrite E, Bool.eqb_reflx in H2. discriminate.
  - destruct (Bool.eqb _ _) eqn:E; [| reflexivity]. apply Bool.eqb_prop in E. contradiction.
Qed.

(* Legality and sensitivity of a block read it on Q(M) only. *)
Lemma legalSens_local : forall T alpha H H', (forall x, In x (mqueries T) -> H x = H' x) ->
  LegalSensitive T alpha H -> LegalSensitive T alpha H'.
Proof.
  intros T alpha H H' E [HL HS].
  assert (Ef : forall x, In x (mqueries T) -> flipA alpha H x = flipA alpha H' x)
    by (intros x Hx; unfold flipA; rewrite E by exact Hx; reflexivity).
  split; [rewrite <- (legal_local T _ _ Ef); exact HL | rewrite <- (mval_local T _ _ Ef); exact HS].
Qed.

Lemma valueOn_nonneg : forall L t, (forall x, 0 <= t x) -> 0 <= valueOn L t.
Proof. intros L t Ht. apply qlsum_nonneg. exact Ht. Qed.

Lemma subsetsL_incl : forall L S, In S (subsetsL L) -> incl S L.
Proof.
  induction L as [| a L IH]; intros S HS; simpl in HS.
  - destruct HS as [<- | []]. intros x [].
  - apply in_app_or in HS. destruct HS as [HS | HS].
    + intros x Hx. right. exact (IH S HS x Hx).
    + apply in_map_iff in HS. destruct HS as [S' [<- HS']].
      intros x [<- | Hx]; [left; reflexivity | right; exact (IH S' HS' x Hx)].
Qed.

(* A lightest legal sensitive block inside Q(M), if there is a legal sensitive block at all:
   every block equals, on Q(M), the subset of its members, and there are finitely many. *)
Lemma legal_min_block : forall (T : mtree) (alpha : path -> bool) (p : path -> Q),
  (forall H, ~ LegalSensitive T alpha H) \/
  exists H0, (forall x, H0 x = true -> In x (mqueries T)) /\ LegalSensitive T alpha H0 /\
    forall H, LegalSensitive T alpha H -> weightOn (mqueries T) p H0 <= weightOn (mqueries T) p H.
Proof.
  intros T alpha p.
  set (L := qset (mqueries T)).
  set (blk := fun S x => memb x S).
  assert (Hin : forall S, In S (subsetsL L) -> forall x, blk S x = true -> In x (mqueries T)).
  { intros S HS x Hx. unfold blk in Hx. apply memb_true in Hx.
    apply in_qset. exact (subsetsL_incl L S HS x Hx). }
  assert (Hrep : forall H, LegalSensitive T alpha H ->
            LegalSensitive T alpha (blk (filter H L)) /\
            weightOn (mqueries T) p H == weightOn (mqueries T) p (blk (filter H L))).
  { intros H HS.
    assert (E : forall x, In x (mqueries T) -> H x = blk (filter H L) x).
    { intros x Hx. unfold blk. rewrite memb_filter; [reflexivity |]. apply in_qset. exact Hx. }
    split; [exact (legalSens_local T alpha H _ E HS) |].
    apply weightOn_ext. intros x Hx. apply E. exact Hx. }
  destruct (least_member _ (fun S => legalSensb T alpha (blk S))
              (fun S => weightOn (mqueries T) p (blk S)) (subsetsL L))
    as [Hnone | [S0 [HS0 [PS0 Hmin]]]].
  - left. intros H HS. destruct (Hrep H HS) as [HS' _].
    apply legalSensb_iff in HS'. rewrite (Hnone _ (subsetsL_filter L H)) in HS'. discriminate.
  - right. exists (blk S0). split; [exact (Hin S0 HS0) | split; [apply legalSensb_iff; exact PS0 |]].
    intros H HS. destruct (Hrep H HS) as [HS' Ew]. rewrite Ew.
    exact (Hmin _ (subsetsL_filter L H) (proj2 (legalSensb_iff _ _ _) HS')).
Qed.

(* LEMMA 5.2 over the legal sensitive blocks (the first step of Proposition M2's proof): if
   rho_M >= R > 0, every weighting p >= 0 of the queries has a legal sensitive block H inside
   Q(M) with p(H) <= p(Q(M)) / R. *)
Lemma lemma_M2_light : forall (T : mtree) (alpha : path -> bool) (R : Q) (p : path -> Q),
  0 < R -> MenuFbsAtLeast R T alpha -> (forall x, 0 <= p x) ->
  exists H, (forall x, H x = true -> In x (mqueries T)) /\ LegalSensitive T alpha H /\
    weightOn (mqueries T) p H <= valueOn (mqueries T) p / R.
Proof.
  intros T alpha R p HR HM Hp.
  destruct (legal_min_block T alpha p) as [Hnone | [H0 [Hin [HS0 Hmin]]]].
  - exfalso.
    assert (Hfeas : MenuDualFeasible T alpha (fun _ => 0))
      by (split; [intros; lra | intros H HS; destruct (Hnone H HS)]).
    specialize (HM _ Hfeas). unfold valueOn in HM.
    rewrite qlsum_zero in HM by (intros; reflexivity). lra.
  - exists H0. split; [exact Hin | split; [exact HS0 |]].
    set (mu := weightOn (mqueries T) p H0) in *.
    assert (HP0 : 0 <= valueOn (mqueries T) p) by (apply valueOn_nonneg; exact Hp).
    destruct (Qlt_le_dec 0 mu) as [Hpos | Hle].
    + assert (Hfeas : MenuDualFeasible T alpha (fun x => / mu * p x)).
      { split.
        - intros x. apply Qmult_le_0_compat; [apply Qinv_le_0_compat; lra | apply Hp].
        - intros H HS. assert (Hm := Hmin H HS).
          assert (E : weightOn (mqueries T) (fun x => / mu * p x) H
                      == / mu * weightOn (mqueries T) p H).
          { unfold weightOn. rewrite <- qlsum_scale. apply qlsum_ext. intros x _.
            destruct (H x); ring. }
          rewrite E. apply (Qle_trans _ (/ mu * mu)); [rewrite Qmult_comm, Qmult_inv_r by lra; lra |].
          rewrite !(Qmult_comm (/ mu)). apply Qmult_le_compat_r; [exact Hm |].
          apply Qinv_le_0_compat; lra. }
      specialize (HM _ Hfeas).
      assert (E2 : valueOn (mqueries T) (fun x => / mu * p x) == / mu * valueOn (mqueries T) p)
        by (unfold valueOn; apply qlsum_scale).
      rewrite E2 in HM. apply Qle_shift_div_l; [exact HR |].
      apply (Qmult_le_r _ _ (/ mu)); [apply Qinv_lt_0_compat; exact Hpos |].
      setoid_replace (mu * R * / mu) with R by (field; intro; lra). lra.
    + apply (Qle_trans _ 0); [exact Hle |]. apply Qle_shift_div_l; [exact HR | lra].
Qed.

(* PROPOSITION M2 (ours, docs/menus.md section 3; Theorem 5.3's argument with legal blocks).
   Let rho_M >= R > 0 (dual form) at the reference oracle alpha = O_Y. For every m-query
   randomised adaptive checker C (which may know the whole menu tree; Alice's fixed strategy
   folded in) there is a block H of queries of Q(M) such that O_N = O_Y flipped on H is legal,
   changes the root value, and the acceptance probabilities under O_Y and O_N differ by at most
   min(1, m / R). *)
Theorem proposition_M2 : forall (T : mtree) (alpha : path -> bool) (R : Q) (C : checker)
                                (m : nat),
  0 < R -> MenuFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->
  exists H, (forall x, H x = true -> In x (mqueries T)) /\
    legal T (flipA alpha H) = true /\ mval T (flipA alpha H) <> mval T alpha /\
    Qabs (accept alpha C - accept (flipA alpha H) C) <= Qmin 1 (inject_Z (Z.of_nat m) / R).
Proof.
  intros T alpha R C m HR HM HC HQ.
  set (a := fun l => hits alpha (single l) C).
  assert (Ha : forall l, 0 <= a l) by (intros; apply hits_nonneg, HC).
  destruct (lemma_M2_light T alpha R a HR HM Ha) as [H [Hsub [[HL HS] Hlight]]].
  exists H. split; [exact Hsub | split; [exact HL | split; [exact HS |]]].
  apply Q.min_glb.
  - rewrite Qabs_Qle_condition.
    assert (A := accept_bounds alpha C HC). assert (B := accept_bounds (flipA alpha H) C HC). lra.
  - apply (Qle_trans _ (hits alpha H C)).
    + apply coupling; [exact HC |]. intros x Ex. unfold flipA. rewrite Ex. symmetry. apply xorb_false_r.
    + assert (Hq : forall x, H x = true -> In x (qset (mqueries T)))
        by (intros x Hx; apply in_qset, Hsub, Hx).
      apply (Qle_trans _ _ _ (union_bound alpha H C (qset (mqueries T)) HC Hq)).
      apply (Qle_trans _ _ _ Hlight). apply Qle_shift_div_l; [exact HR |].
      unfold Qdiv. rewrite <- Qmult_assoc, (Qmult_comm (/ R)), Qmult_inv_r by lra.
      rewrite Qmult_1_r. apply expected_queries; [exact HC | exact HQ | apply qset_nodup].
Qed.

(* M2's consequence: a checker that outputs the root value correctly with probability
   >= 1 - eps under every legal oracle makes m >= (1 - 2 eps) R queries whenever
   rho_M >= R > 0 at a legal reference oracle alpha. *)
Corollary proposition_M2_queries : forall (T : mtree) (alpha : path -> bool) (R : Q)
                                          (C : checker) (m : nat) (eps : Q),
  legal T alpha = true -> 0 < R -> MenuFbsAtLeast R T alpha -> CoinsOK C -> QueriesAtMost C m ->
  (forall O, legal T O = true ->
     (mval T O = true -> 1 - eps <= accept O C) /\ (mval T O = false -> accept O C <= eps)) ->
  (1 - 2 * eps) * R <= inject_Z (Z.of_nat m).
Proof.
  intros T alpha R C m eps HA HR HM HC HQ Hcor.
  destruct (proposition_M2 T alpha R C m HR HM HC HQ) as [H [_ [HL [HS Hadv]]]].
  assert (Hm := Q.le_min_r 1 (inject_Z (Z.of_nat m) / R)).
  apply Qabs_Qle_condition in Hadv.
  assert (Hle : 1 - 2 * eps <= inject_Z (Z.of_nat m) / R).
  { destruct (Hcor alpha HA) as [Y1 Y0]. destruct (Hcor (flipA alpha H) HL) as [N1 N0].
    destruct (mval T alpha) eqn:Ea, (mval T (flipA alpha H)) eqn:En; try congruence.
    - specialize (Y1 eq_refl). specialize (N0 eq_refl). lra.
    - specialize (Y0 eq_refl). specialize (N1 eq_refl). lra. }
  apply (Qmult_le_compat_r _ _ R) in Hle; [| lra].
  unfold Qdiv in Hle. rewrite <- Qmult_assoc, (Qmult_comm (/ R)), Qmult_inv_r in Hle by lra.
  rewrite Qmult_1_r in Hle. exact Hle.
Qed.

Print Assumptions proposition_M1.
Print Assumptions proposition_M1_bound.
Print Assumptions legal_min_block.
Print Assumptions lemma_M2_light.
Print Assumptions proposition_M2.
Print Assumptions proposition_M2_queries.
