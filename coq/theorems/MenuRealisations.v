(* MenuRealisations.v -- Proposition M3 (ours, docs/menus.md section 3): if the leaf queries are
   pairwise distinct over the whole menu tree, rho_M = min_R rho_R. In the dual form of
   Definition 3.4 (every fbs is the minimum value of its feasible duals): for every r,
   rho_M >= r iff rho_R >= r for every realisation R. One direction is Proposition M1; the
   other turns a feasible dual t of the legal-block LP into a realisation R and a feasible dual
   of R's LP of value <= t's: at a decomposition node the children's duals are put side by
   side, at a menu the alternative with the smallest value per unit of its lightest legal block
   is kept and its dual scaled (docs/menus.md's minimum at every menu). Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith Qminmax Qabs Lqa Psatz List Lia Bool Arith.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeModel FbsTreeCert LowerBound MenuModel
  MenuLowerBound MenuDistinct.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Sums over families with disjoint parts                                                    *)
(* ======================================================================================== *)

Lemma nodup_app_disjoint : forall (A B : list path), (forall x, In x A -> ~ In x B) ->
  qset (A ++ B) = qset A ++ qset B.
Proof.
  unfold qset. induction A as [| a A IH]; intros B Hd; simpl; [reflexivity |].
  rewrite IH by (intros x Hx; apply Hd; right; exact Hx).
  destruct (in_dec (list_eq_dec Nat.eq_dec) a (A ++ B)) as [H1 | H1],
           (in_dec (list_eq_dec Nat.eq_dec) a A) as [H2 | H2]; try reflexivity.
  - exfalso. apply in_app_or in H1. destruct H1 as [H1 | H1]; [contradiction |].
    exact (Hd a (or_introl eq_refl) H1).
  - exfalso. apply H1, in_or_app. left. exact H2.
Qed.

Lemma fam_sum_disj : forall (P : nat -> list path) n (g : path -> Q),
  (forall i j x, (i < n)%nat -> (j < n)%nat -> In x (P i) -> In x (P j) -> i = j) ->
  qlsum (map g (qset (flat_map P (seq 0 n)))) == qsum n (fun i => qlsum (map g (qset (P i)))).
Proof.
  intros P n g. induction n as [| n IH]; intros Hd; [reflexivity |].
  rewrite seq_S, flat_map_app. simpl. rewrite app_nil_r.
  rewrite nodup_app_disjoint.
  - rewrite map_app, qlsum_app, IH; [reflexivity |]. intros i j x Hi Hj. apply Hd; lia.
  - intros x Hx Hn. apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]]. apply in_seq in Hi.
    assert (E := Hd i n x ltac:(lia) ltac:(lia) Hx Hn). lia.
Qed.

Lemma qsum_zero_below : forall n (g : nat -> Q), (forall j, (j < n)%nat -> g j == 0) -> qsum n g == 0.
Proof.
  induction n as [| n IH]; intros g H; simpl; [reflexivity |].
  rewrite (H n ltac:(lia)), (IH g); [ring |]. intros j Hj. apply H. lia.
Qed.

Lemma qsum_only : forall n (g : nat -> Q) i, (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> g j == 0) -> qsum n g == g i.
Proof.
  induction n as [| n IH]; intros g i Hi H0; [lia |]. simpl.
  destruct (Nat.eq_dec i n) as [-> | Hne].
  - rewrite (qsum_zero_below n g); [ring |]. intros j Hj. apply H0; lia.
  - rewrite (H0 n ltac:(lia) ltac:(lia)), (IH g i ltac:(lia)); [ring |]. intros j Hj Hji. apply H0; lia.
Qed.

Lemma qsum_ge_one : forall n (g : nat -> Q) i, (forall j, (j < n)%nat -> 0 <= g j) -> (i < n)%nat ->
  g i <= qsum n g.
Proof.
  induction n as [| n IH]; intros g i H Hi; [lia |]. simpl.
  destruct (Nat.eq_dec i n) as [-> | Hne].
  - assert (0 <= qsum n g) by (apply qsum_nonneg; intros j Hj; apply H; lia). lra.
  - assert (g i <= qsum n g) by (apply IH; [intros j Hj; apply H; lia | lia]).
    assert (0 <= g n) by (apply H; lia). lra.
Qed.

(* The realisation that keeps alternative j at the root menu and Sr j' below alternative j'. *)
Definition menuChoice (j : nat) (Sr : nat -> path -> nat) : path -> nat :=
  fun p => match p with [] => j | j' :: p' => Sr j' p' end.

Lemma menu_choice : forall k alts Sr j, (j <= k)%nat ->
  (forall O, rval (MMenu k alts) (menuChoice j Sr) O = rval (alts j) (Sr j) O) /\
  rqueries (MMenu k alts) (menuChoice j Sr) = rqueries (alts j) (Sr j).
Proof.
  intros k alts Sr j Hj. simpl. unfold pick. simpl. replace (Nat.min j k) with j by lia.
  split; [intros O |]; reflexivity.
Qed.

Lemma weightOn_le_value : forall L t H, (forall x, 0 <= t x) -> weightOn L t H <= valueOn L t.
Proof.
  intros L t H Ht. apply qlsum_le_map. intros x. destruct (H x); [lra | apply Ht].
Qed.

(* ======================================================================================== *)
(* From a feasible dual of the legal-block LP to a realisation and a dual of its LP          *)
(* ======================================================================================== *)

(* The induction's statement at one subtree: a dual t giving weight >= c to every legal
   sensitive block yields a realisation s and a dual t' >= 0 giving weight >= c to every
   sensitive block of F_s, of value <= t's. *)
Definition RealCover (T : mtree) (alpha : path -> bool) (t : path -> Q) : Prop :=
  forall c, 0 <= c -> (forall H, LegalSensitive T alpha H -> c <= weightOn (mqueries T) t H) ->
  exists s t', (forall x, 0 <= t' x) /\
    (forall B, RealSensitive T s alpha B -> c <= weightOn (rqueries T s) t' B) /\
    valueOn (rqueries T s) t' <= valueOn (mqueries T) t.

(* What the induction keeps of a child: its lightest legal sensitive block (or none), and a
   realisation with a dual that gives every sensitive block at least that weight (or has no
   sensitive block). *)
Definition Pack (T : mtree) (alpha : path -> bool) (t : path -> Q)
                (o : option (path -> bool)) (s : path -> nat) (t' : path -> Q) : Prop :=
  (forall x, 0 <= t' x) /\ valueOn (rqueries T s) t' <= valueOn (mqueries T) t /\
  match o with
  | Some H0 => (forall x, H0 x = true -> In x (mqueries T)) /\ LegalSensitive T alpha H0 /\
      forall B, RealSensitive T s alpha B ->
        weightOn (mqueries T) t H0 <= weightOn (rqueries T s) t' B
  | None => forall B, ~ RealSensitive T s alpha B
  end.

Lemma pack_exists : forall T alpha t, (forall x, 0 <= t x) -> RealCover T alpha t ->
  exists p : option (path -> bool) * (path -> nat) * (path -> Q),
    Pack T alpha t (fst (fst p)) (snd (fst p)) (snd p).
Proof.
  intros T alpha t Ht HC.
  destruct (legal_min_block T alpha t) as [Hnone | [H0 [Hin [HS Hmin]]]].
  - set (V := valueOn (mqueries T) t).
    assert (HV : 0 <= V) by (apply valueOn_nonneg; exact Ht).
    destruct (HC (V + 1) ltac:(lra) (fun H HS => False_ind _ (Hnone H HS)))
      as [s [t' [Ht' [HB Hv]]]].
    exists (None, s, t'). simpl. split; [exact Ht' | split; [exact Hv |]].
    intros B HSB. specialize (HB B HSB).
    assert (W := weightOn_le_value (rqueries T s) t' B Ht'). fold V in Hv. lra.
  - destruct (HC (weightOn (mqueries T) t H0) (weightOn_nonneg _ _ _ Ht) Hmin)
      as [s [t' [Ht' [HB Hv]]]].
    exists (Some H0, s, t'). simpl. split; [exact Ht' | split; [exact Hv |]].
    split; [exact Hin | split; [exact HS | exact HB]].
Qed.

Definition blockOf (o : option (path -> bool)) : path -> bool :=
  match o with Some H => H | None => fun _ => false end.

Lemma m3_cover : forall T alpha t, legal T alpha = true -> NoDup (mqueries T) ->
  (forall x, 0 <= t x) -> RealCover T alpha t.
Proof.
  induction T as [x | phi q kids IH | k alts IH]; intros alpha t HA HN Ht c Hc HS.
  - (* a leaf: its sensitive blocks are its legal sensitive blocks *)
    exists (fun _ => 0%nat), t. split; [exact Ht | split; [| apply Qle_refl]].
    intros B HB. apply HS. split; [reflexivity | exact HB].
  - (* a decomposition node: the children's realisations and duals side by side *)
    change (mqueries (MNode phi q kids)) with (famQ kids q) in *.
    assert (Hp : forall i, (i < q)%nat ->
      exists p : option (path -> bool) * (path -> nat) * (path -> Q),
        Pack (kids i) alpha t (fst (fst p)) (snd (fst p)) (snd p)).
    { intros i Hi. apply pack_exists; [exact Ht |].
      apply IH; [exact (legal_node_kid phi q kids alpha i HA Hi) |
                 exact (fam_nodup_part kids q i HN Hi) | exact Ht]. }
    destruct (finite_choice _ (None, fun _ => 0%nat, fun _ => 0) _ q Hp) as [pk Hpk].
    set (O := fun i => fst (fst (pk i))) in *. set (Sr := fun i => snd (fst (pk i))) in *.
    set (Tt := fun i => snd (pk i)) in *.
    set (t' := fun x => qsum q (fun i => if memb x (rqueries (kids i) (Sr i)) then Tt i x else 0)).
    set (s0 := fun p => match p with [] => 0%nat | i :: p' => Sr i p' end).
    exists s0, t'.
    assert (ER : rqueries (MNode phi q kids) s0 = flat_map (fun i => rqueries (kids i) (Sr i)) (seq 0 q))
      by reflexivity.
    rewrite ER.
    assert (Hd : forall i j x, (i < q)%nat -> (j < q)%nat -> In x (rqueries (kids i) (Sr i)) ->
                   In x (rqueries (kids j) (Sr j)) -> i = j)
      by (intros i j x Hi Hj H1 H2;
          exact (fam_disjoint kids q i j x HN Hi Hj (rqueries_incl _ _ _ H1) (rqueries_incl _ _ _ H2))).
    assert (Ht'i : forall i x, (i < q)%nat -> In x (rqueries (kids i) (Sr i)) -> t' x == Tt i x).
    { intros i x Hi Hx. unfold t'. rewrite (qsum_only q _ i Hi).
      - replace (memb x (rqueries (kids i) (Sr i))) with true by (symmetry; apply memb_true; exact Hx).
        reflexivity.
      - intros j Hj Hji. destruct (memb x (rqueries (kids j) (Sr j))) eqn:E; [| reflexivity].
        apply memb_true in E. exfalso. apply Hji. exact (Hd j i x Hj Hi E Hx). }
    assert (Hw : forall B, weightOn (flat_map (fun i => rqueries (kids i) (Sr i)) (seq 0 q)) t' B
                           == qsum q (fun i => weightOn (rqueries (kids i) (Sr i)) (Tt i) B)).
    { intros B. unfold weightOn. rewrite fam_sum_disj by exact Hd. apply qsum_ext. intros i Hi.
      apply qlsum_ext. intros x Hx. apply (proj1 (in_qset _ _)) in Hx.
      destruct (B x); [apply Ht'i; assumption | reflexivity]. }
    split; [| split].
    + intros x. unfold t'. apply qsum_nonneg. intros i Hi.
      destruct (memb x _); [apply (Hpk i Hi) | lra].
    + intros B HB. cbn [rval] in HB.
      change (fun i => rval (kids i) (sub s0 i) (flipA alpha B))
        with (fun i => rval (kids i) (Sr i) (flipA alpha B)) in HB.
      change (fun i => rval (kids i) (sub s0 i) alpha) with (fun i => rval (kids i) (Sr i) alpha) in HB.
      set (J := map (fun i => negb (Bool.eqb (rval (kids i) (Sr i) (flipA alpha B))
                                             (rval (kids i) (Sr i) alpha))) (seq 0 q)).
      assert (HJn : forall i, (i < q)%nat -> nth i J false = true ->
                      RealSensitive (kids i) (Sr i) alpha B).
      { intros i Hi E. unfold J in E. rewrite nth_map_seq in E by exact Hi.
        intros E2. rewrite E2, Bool.eqb_reflx in E. discriminate. }
      assert (HSi : forall i, (i < q)%nat -> nth i J false = true ->
                      LegalSensitive (kids i) alpha (blockOf (O i))).
      { intros i Hi E. destruct (Hpk i Hi) as [_ [_ Hm]]. fold (O i) (Sr i) (Tt i) in Hm.
        destruct (O i) as [H0 |]; [exact (proj1 (proj2 Hm)) | destruct (Hm B (HJn i Hi E))]. }
      assert (Hin : forall j y, (j < q)%nat -> blockOf (O j) y = true -> In y (mqueries (kids j))).
      { intros j y Hj E. destruct (Hpk j Hj) as [_ [_ Hm]]. fold (O j) (Sr j) (Tt j) in Hm.
        destruct (O j) as [H0 |]; [exact (proj1 Hm y E) | discriminate]. }
      assert (HJ : Sensitive phi (map (fun i => mval (kids i) alpha) (seq 0 q)) J).
      { unfold Sensitive, flip. rewrite map_length, seq_length.
        replace (map (fun i => mval (kids i) alpha) (seq 0 q))
          with (map (fun i => rval (kids i) (Sr i) alpha) (seq 0 q))
          by (apply map_ext_in; intros i Hi; apply in_seq in Hi;
              apply fact_0, (legal_node_kid phi q kids alpha i HA); lia).
        replace (map (fun i => xorb (nth i (map (fun i => rval (kids i) (Sr i) alpha) (seq 0 q)) false)
                                    (nth i J false)) (seq 0 q))
          with (map (fun i => rval (kids i) (Sr i) (flipA alpha B)) (seq 0 q)); [exact HB |].
        apply map_ext_in. intros i Hi. apply in_seq in Hi. unfold J.
        rewrite !nth_map_seq by lia.
        destruct (rval (kids i) (Sr i) (flipA alpha B)), (rval (kids i) (Sr i) alpha); reflexivity. }
      assert (HUS := node_union_sensitive phi q kids alpha J (fun i => blockOf (O i)) HA HN Hin HSi HJ).
      specialize (HS _ HUS). unfold weightOn in HS. rewrite fam_sum in HS by exact HN.
      rewrite Hw. apply (Qle_trans _ _ _ HS). apply qsum_le. intros i Hi.
      rewrite (weightOn_union kids q (fun i => nth i J false) (fun i => blockOf (O i)) t i HN Hin Hi).
      destruct (nth i J false) eqn:E.
      * destruct (Hpk i Hi) as [_ [_ Hm]]. fold (O i) (Sr i) (Tt i) in Hm.
        destruct (O i) as [H0 |]; [exact (proj2 (proj2 Hm) B (HJn i Hi E)) | destruct (Hm B (HJn i Hi E))].
      * apply weightOn_nonneg. apply (Hpk i Hi).
    + unfold valueOn. rewrite fam_sum_disj by exact Hd. rewrite fam_sum by exact HN.
      apply qsum_le. intros i Hi.
      apply (Qle_trans _ (valueOn (rqueries (kids i) (Sr i)) (Tt i))); [| apply (Hpk i Hi)].
      apply Qle_lteq. right. apply qlsum_ext. intros x Hx. apply (proj1 (in_qset _ _)) in Hx.
      apply Ht'i; assumption.
  - (* a menu: keep the alternative with the least value per unit of its lightest block *)
    change (mqueries (MMenu k alts)) with (famQ alts (S k)) in *.
    assert (Hp : forall j, (j < S k)%nat ->
      exists p : option (path -> bool) * (path -> nat) * (path -> Q),
        Pack (alts j) alpha t (fst (fst p)) (snd (fst p)) (snd p)).
    { intros j Hj. apply pack_exists; [exact Ht |].
      apply IH; [exact (proj1 (legal_menu_alt k alts alpha j HA ltac:(lia))) |
                 exact (fam_nodup_part alts (S k) j HN Hj) | exact Ht]. }
    destruct (finite_choice _ (None, fun _ => 0%nat, fun _ => 0) _ (S k) Hp) as [pk Hpk].
    set (O := fun j => fst (fst (pk j))) in *. set (Sr := fun j => snd (fst (pk j))) in *.
    set (Tt := fun j => snd (pk j)) in *.
    set (V := fun j => valueOn (mqueries (alts j)) t).
    set (v' := fun j => valueOn (rqueries (alts j) (Sr j)) (Tt j)).
    assert (HV0 : forall j, (j < S k)%nat -> 0 <= V j) by (intros; apply valueOn_nonneg, Ht).
    assert (Hv'0 : forall j, (j < S k)%nat -> 0 <= v' j) by (intros j Hj; apply valueOn_nonneg, (Hpk j Hj)).
    assert (Hv'V : forall j, (j < S k)%nat -> v' j <= V j) by (intros j Hj; apply (Hpk j Hj)).
    assert (Htot : valueOn (famQ alts (S k)) t == qsum (S k) V) by (unfold valueOn; apply fam_sum, HN).
    (* keeping alternative j with its dual scaled by f *)
    assert (Hkeep : forall j f, (j < S k)%nat -> 0 <= f -> f * v' j <= qsum (S k) V ->
              (forall B, RealSensitive (alts j) (Sr j) alpha B ->
                         c <= f * weightOn (rqueries (alts j) (Sr j)) (Tt j) B) ->
              exists s t', (forall x, 0 <= t' x) /\
                (forall B, RealSensitive (MMenu k alts) s alpha B ->
                           c <= weightOn (rqueries (MMenu k alts) s) t' B) /\
                valueOn (rqueries (MMenu k alts) s) t' <= valueOn (famQ alts (S k)) t).
    { intros j f Hj Hf Hval HB. destruct (menu_choice k alts Sr j ltac:(lia)) as [Ev Eq].
      exists (menuChoice j Sr), (fun x => f * Tt j x). rewrite Eq, Htot. split; [| split].
      - intros x. apply Qmult_le_0_compat; [exact Hf | apply (Hpk j Hj)].
      - intros B HSB. unfold RealSensitive in HSB. rewrite !Ev in HSB.
        apply (Qle_trans _ _ _ (HB B HSB)). unfold weightOn. rewrite <- qlsum_scale.
        apply Qle_lteq. right. apply qlsum_ext. intros x _. destruct (B x); ring.
      - unfold valueOn. rewrite qlsum_scale. exact Hval. }
    destruct (find (fun j => match O j with None => true | Some _ => false end) (seq 0 (S k)))
      as [j0 |] eqn:EF.
    + (* an alternative without a legal sensitive block: keep it, nothing of it flips *)
      apply find_some in EF. destruct EF as [Hj0 E0]. apply in_seq in Hj0.
      destruct (Hpk j0 ltac:(lia)) as [_ [_ Hm]]. fold (O j0) (Sr j0) (Tt j0) in Hm.
      destruct (O j0); [discriminate |].
      apply (Hkeep j0 1 ltac:(lia) ltac:(lra)).
      * rewrite Qmult_1_l. apply (Qle_trans _ (V j0)); [apply Hv'V; lia |].
        apply qsum_ge_one; [exact HV0 | lia].
      * intros B HSB. destruct (Hm B HSB).
    + (* every alternative has one: their union flips the menu legally *)
      assert (HSome : forall j, (j < S k)%nat -> O j <> None).
      { intros j Hj E. assert (E' := find_none _ _ EF j ltac:(apply in_seq; lia)).
        cbv beta in E'. rewrite E in E'. discriminate. }
      set (m := fun j => weightOn (mqueries (alts j)) t (blockOf (O j))).
      assert (Hm0 : forall j, 0 <= m j) by (intros j; apply weightOn_nonneg, Ht).
      assert (Hpack : forall j, (j < S k)%nat ->
                (forall y, blockOf (O j) y = true -> In y (mqueries (alts j))) /\
                LegalSensitive (alts j) alpha (blockOf (O j)) /\
                forall B, RealSensitive (alts j) (Sr j) alpha B ->
                  m j <= weightOn (rqueries (alts j) (Sr j)) (Tt j) B).
      { intros j Hj. destruct (Hpk j Hj) as [_ [_ Hm]]. fold (O j) (Sr j) (Tt j) in Hm.
        unfold m. destruct (O j) as [H0 |] eqn:EO; [exact Hm | destruct (HSome j Hj EO)]. }
      assert (HUS := menu_union_sensitive k alts alpha (fun j => blockOf (O j)) HA HN
                       (fun j y Hj => proj1 (Hpack j Hj) y) (fun j Hj => proj1 (proj2 (Hpack j Hj)))).
      specialize (HS _ HUS). unfold weightOn in HS. rewrite fam_sum in HS by exact HN.
      assert (Hc_m : c <= qsum (S k) m).
      { apply (Qle_trans _ _ _ HS). apply Qle_lteq. right. apply qsum_ext. intros j Hj.
        exact (weightOn_union alts (S k) (fun _ => true) (fun j => blockOf (O j)) t j HN
                 (fun j y Hj => proj1 (Hpack j Hj) y) Hj). }
      destruct (Qlt_le_dec 0 c) as [Hcpos | Hc0].
      * destruct (least_member _ (fun j => negb (Qle_bool (m j) 0)) (fun j => v' j / m j) (seq 0 (S k)))
          as [Hnone | [js [Hjs [Pjs Hmin]]]].
        -- exfalso. assert (qsum (S k) m <= 0); [| lra].
           apply (Qle_trans _ (qsum (S k) (fun _ => 0))).
           ++ apply qsum_le. intros j Hj. specialize (Hnone j ltac:(apply in_seq; lia)).
              apply negb_false_iff, Qle_bool_iff in Hnone. exact Hnone.
           ++ rewrite qsum_zero_below; [lra | intros; reflexivity].
        -- apply in_seq in Hjs. apply negb_true_iff in Pjs.
           assert (Hmpos : 0 < m js)
             by (destruct (Qlt_le_dec 0 (m js)) as [H | H]; [exact H | apply Qle_bool_iff in H; congruence]).
           set (w := v' js / m js).
           assert (Hw0 : 0 <= w) by (apply Qle_shift_div_l; [exact Hmpos | generalize (Hv'0 js ltac:(lia)); lra]).
           apply (Hkeep js (c / m js) ltac:(lia)).
           ++ apply Qle_shift_div_l; [exact Hmpos | lra].
           ++ assert (E : c / m js * v' js == c * w) by (unfold w; field; intro; lra).
              rewrite E. apply (Qle_trans _ (qsum (S k) m * w)); [apply Qmult_le_compat_r; assumption |].
              rewrite <- qsum_mul_r. apply qsum_le. intros j Hj.
              apply (Qle_trans _ (v' j)); [| apply Hv'V, Hj].
              destruct (Qle_bool (m j) 0) eqn:Ej.
              ** apply Qle_bool_iff in Ej. assert (m j == 0) by (generalize (Hm0 j); lra).
                 setoid_rewrite H. rewrite Qmult_0_l. apply Hv'0, Hj.
              ** assert (Hmj : 0 < m j)
                   by (destruct (Qlt_le_dec 0 (m j)) as [H | H]; [exact H | apply Qle_bool_iff in H; congruence]).
                 assert (Hle := Hmin j ltac:(apply in_seq; lia) ltac:(rewrite Ej; reflexivity)).
                 cbv beta in Hle. fold w in Hle.
                 apply (Qle_trans _ (v' j / m j * m j)).
                 --- rewrite (Qmult_comm (m j)). apply Qmult_le_compat_r; [exact Hle | lra].
                 --- apply Qle_lteq. right. field. intro; lra.
           ++ intros B HSB. destruct (Hpack js ltac:(lia)) as [_ [_ Hb]].
              apply (Qle_trans _ (c / m js * m js)).
              ** apply Qle_lteq. right. field. intro; lra.
              ** rewrite !(Qmult_comm (c / m js)). apply Qmult_le_compat_r; [exact (Hb B HSB) |].
                 apply Qle_shift_div_l; [exact Hmpos | lra].
      * (* c <= 0: any alternative *)
        apply (Hkeep 0%nat 1 ltac:(lia) ltac:(lra)).
        -- rewrite Qmult_1_l. apply (Qle_trans _ (V 0%nat)); [apply Hv'V; lia |].
           apply qsum_ge_one; [exact HV0 | lia].
        -- intros B _. rewrite Qmult_1_l. apply (Qle_trans _ 0); [exact Hc0 |].
           apply weightOn_nonneg, (Hpk 0%nat ltac:(lia)).
Qed.

(* PROPOSITION M3 (ours, docs/menus.md section 3). If the leaf queries are pairwise distinct
   over the whole menu tree and the reference oracle alpha = O_Y is legal, then
   rho_M = min_R rho_R, in the dual form: for every r, rho_M >= r iff rho_R >= r for every
   realisation R (every choice s of an alternative at every menu). *)
Theorem proposition_M3 : forall (r : Q) (T : mtree) (alpha : path -> bool),
  legal T alpha = true -> NoDup (mqueries T) ->
  (MenuFbsAtLeast r T alpha <-> forall s, RealFbsAtLeast r T s alpha).
Proof.
  intros r T alpha HA HN. split.
  - intros HM s. exact (proposition_M1_bound r T alpha s HA HM).
  - intros HR t [Ht Hf].
    destruct (m3_cover T alpha t HA HN Ht 1 ltac:(lra) Hf) as [s [t' [Ht' [HB Hv]]]].
    apply (Qle_trans _ _ _ (HR s t' (conj Ht' HB))). exact Hv.
Qed.

Print Assumptions m3_cover.
Print Assumptions proposition_M3.
