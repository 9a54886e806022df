(* GlobalMeasureCheck.v -- the checker of kind `global-measure` (certificates/FORMAT.md section
   11; issue 37): s(f), bs(f), fbs(f) or C(f), the maximum over all 2^q inputs, reached at the
   certificate's input. `checkGlobalMeasure` is a boolean function of the certificate's data;
   its reflection lemma `checkGlobalMeasure_sound` concludes `GlobalMeasureIs` of
   model/Measures.v. The checks are FORMAT.md's, in its words:
   - s and C carry no witness: s_y and "C_y <= k" are computed at every input y;
   - fbs (bs): a witness at the input (a feasible packing of value v; v pairwise disjoint
     sensitive blocks), and for exactly the inputs y with C_y > v an upper bound: a dual
     feasible at y of value <= v (bs: < v + 1), or, for bs, y named in `packings` and the
     packing dynamic program of checkers/MeasureCheck.v (`best`) giving <= v.
   Where C_y <= v no upper bound is needed: a certificate H of f at y with |H| <= v gives the
   feasible dual 1_H (`indicator_feasible`), so every packing at y is <= |H| (weak duality).
   The function f is any `Agg`; an exported statement names it by its family or truth table
   (model/Families.v). Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith Lqa List Lia Bool PeanoNat.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert FbsDuality ExhaustiveCheck SymmetricCheck
  Measures MeasureCheck MeasureChain Families.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* The checker                                                                                *)
(* ======================================================================================== *)

(* s_y(f): the number of sensitive coordinates (checkers/MeasureCheck.v's list). *)
Definition sensCount (f : Agg) (y : list bool) : nat := length (sensCoords f y).

(* C_y(f) <= v: some certificate of f at y has at most v coordinates (every mask tried). *)
Definition certWithin (f : Agg) (y : list bool) (v : Q) : bool :=
  existsb (fun H => Qle_bool (natQ (setSize (length y) H)) v && certb f y H)
          (allMasks (length y)).

Definition sameInput (y y' : list bool) : bool :=
  if list_eq_dec Bool.bool_dec y y' then true else false.

(* The inputs that need an upper bound are listed exactly: each listed input needs one, each
   input that needs one is listed, and there are as many entries as such inputs (so none is
   listed twice). *)
Definition listedExactly (f : Agg) (q : nat) (v : Q) (listed : list (list bool)) : bool :=
  forallb (fun y => Nat.eqb (length y) q && negb (certWithin f y v)) listed
  && forallb (fun y => certWithin f y v || existsb (sameInput y) listed) (allMasks q)
  && Nat.eqb (length listed) (length (filter (fun y => negb (certWithin f y v)) (allMasks q))).

(* An upper bound at y: a dual of Definition 3.4 with q entries, feasible at y. *)
Definition dualAt (f : Agg) (q : nat) (e : list bool * list Q) : bool :=
  Nat.eqb (length (snd e)) q && dualFeasibleb f (fst e) (snd e).

Definition checkGlobalS (f : Agg) (q : nat) (x : list bool) (k : nat) : bool :=
  Nat.eqb (length x) q && Nat.eqb (sensCount f x) k
  && forallb (fun y => Nat.leb (sensCount f y) k) (allMasks q).

(* C at x: the first certificate of k coordinates, checked optimal by checkC. *)
Definition checkGlobalC (f : Agg) (q : nat) (x : list bool) (k : nat) : bool :=
  Nat.eqb (length x) q
  && match find (fun H => Nat.eqb (setSize q H) k && certb f x H) (allMasks q) with
     | Some H => checkC f x H k
     | None => false
     end
  && forallb (fun y => certWithin f y (natQ k)) (allMasks q).

Definition checkGlobalFbs (f : Agg) (q : nat) (x : list bool) (v : Q)
    (witness : list (list bool * Q)) (upper : list (list bool * list Q)) : bool :=
  Nat.eqb (length x) q && primalFeasibleb f x witness && Qeq_bool (primalValue witness) v
  && listedExactly f q v (map fst upper)
  && forallb (fun e => dualAt f q e && Qle_bool (totalWeight q (snd e)) v) upper.

Definition checkGlobalBS (f : Agg) (q : nat) (x : list bool) (k : nat)
    (witness : list (list bool)) (upper : list (list bool * list Q))
    (packings : list (list bool)) : bool :=
  Nat.eqb (length x) q
  && forallb (fun B => Nat.eqb (length B) q && sensb f x B) witness
  && pairwiseb q witness && Nat.eqb (length witness) k
  && listedExactly f q (natQ k) (map fst upper ++ packings)
  && forallb (fun e => dualAt f q e && negb (Qle_bool (natQ k + 1) (totalWeight q (snd e)))) upper
  && forallb (fun y => Nat.leb (best f y q (repeat true q)) k) packings.

(* The certificate's data, by measure (FORMAT.md section 11's fields). *)
Inductive GlobalData : Type :=
| DataS
| DataC
| DataFbs (witness : list (list bool * Q)) (upper : list (list bool * list Q))
| DataBS (witness : list (list bool)) (upper : list (list bool * list Q)) (packings : list (list bool)).

(* k as the value v, for the integer measures. *)
Definition natOfValue (v : Q) : option nat :=
  if (Qden v =? 1)%positive then
    match Qnum v with Z0 => Some O | Zpos p => Some (Pos.to_nat p) | Zneg _ => None end
  else None.

Definition checkGlobalMeasure (m : MeasureName) (f : Agg) (q : nat) (x : list bool) (v : Q)
    (data : GlobalData) : bool :=
  match m, data with
  | MeasureFbs, DataFbs w u => checkGlobalFbs f q x v w u
  | MeasureS, DataS => match natOfValue v with Some k => checkGlobalS f q x k | None => false end
  | MeasureC, DataC => match natOfValue v with Some k => checkGlobalC f q x k | None => false end
  | MeasureBS, DataBS w u p =>
      match natOfValue v with Some k => checkGlobalBS f q x k w u p | None => false end
  | _, _ => false
  end.

(* ======================================================================================== *)
(* Soundness                                                                                  *)
(* ======================================================================================== *)

Lemma sensitivity_unique : forall f z a b, SensitivityIs f z a -> SensitivityIs f z b -> a = b.
Proof.
  intros f z a b [S [HS [HSl HSi]]] [T [HT [HTl HTi]]]. subst a b.
  apply Nat.le_antisymm; apply NoDup_incl_length; auto; intros i Hi.
  - apply HTi, HSi, Hi.
  - apply HSi, HTi, Hi.
Qed.

Lemma sensCount_is : forall f y, SensitivityIs f y (sensCount f y).
Proof.
  intros f y. apply (checkS_sound f y (sensCoords f y)). unfold checkS, sensCount.
  destruct (list_eq_dec Nat.eq_dec (sensCoords f y) (sensCoords f y)) as [_ | N]; [| contradiction].
  apply Nat.eqb_refl.
Qed.

Lemma natQ_le : forall a b, natQ a <= natQ b -> (a <= b)%nat.
Proof.
  intros a b H. unfold natQ, Qle in H. simpl in H. rewrite !Z.mul_1_r in H. lia.
Qed.

(* The indicator of H has value |H|. *)
Lemma indicator_value : forall q H, totalWeight q (indicator q H) == natQ (setSize q H).
Proof.
  intros q H. unfold totalWeight, setSize. rewrite <- qsum_count.
  apply qsum_ext. intros i Hi. rewrite indicator_nth by exact Hi. reflexivity.
Qed.

(* C_y <= v bounds every packing at y by v. *)
Lemma certWithin_bound : forall f y v ws, certWithin f y v = true -> PrimalFeasible f y ws ->
  primalValue ws <= v.
Proof.
  intros f y v ws H Hws. unfold certWithin in H. apply existsb_exists in H as [Hc [_ H]].
  apply andb_prop in H as [Hs Hc']. apply Qle_bool_imp_le in Hs. apply certb_sound in Hc'.
  apply (Qle_trans _ _ _ (weak_duality f y ws _ Hws (indicator_feasible f y Hc Hc'))).
  unfold dualValueAt. rewrite indicator_value. exact Hs.
Qed.

Lemma sameInput_eq : forall y y', sameInput y y' = true -> y = y'.
Proof. intros y y' H. unfold sameInput in H. destruct (list_eq_dec Bool.bool_dec y y'); congruence. Qed.

(* Every input of q bits has C_y <= v, or is listed. *)
Lemma listed_cover : forall f q v listed y, listedExactly f q v listed = true -> length y = q ->
  certWithin f y v = true \/ In y listed.
Proof.
  intros f q v listed y H Hy. unfold listedExactly in H.
  apply andb_prop in H as [H _]. apply andb_prop in H as [_ H].
  rewrite forallb_forall in H. specialize (H y (in_allMasks_q q y Hy)).
  apply orb_prop in H as [H | H]; [left; exact H | right].
  apply existsb_exists in H as [y' [Hin E]]. apply sameInput_eq in E. subst y'. exact Hin.
Qed.

(* Disjoint sensitive blocks with weight 1 are a feasible packing (MeasureChain.v). *)
Lemma disjoint_packing : forall f y Bs, DisjointSensitive f y Bs ->
  PrimalFeasible f y (unitWeights Bs) /\ primalValue (unitWeights Bs) == natQ (length Bs).
Proof.
  intros f y Bs [HB Hp]. split; [split |].
  - intros Jw HJw. apply in_map_iff in HJw as [B [<- HBin]]. cbn [fst snd].
    destruct (HB B HBin) as [H1 H2]. split; [lra | split; assumption].
  - intros i Hi. apply (load_pairwise (length y)); assumption.
  - apply unitWeights_value.
Qed.

Theorem checkGlobalS_sound : forall f q x k, checkGlobalS f q x k = true -> MaxSensitivityIs f q x k.
Proof.
  intros f q x k H. unfold checkGlobalS in H.
  apply andb_prop in H as [H Hall]. apply andb_prop in H as [Hq Hx].
  apply Nat.eqb_eq in Hq. apply Nat.eqb_eq in Hx. split; [exact Hq | split].
  - rewrite <- Hx. apply sensCount_is.
  - intros y k' Hy Hs. rewrite forallb_forall in Hall.
    specialize (Hall y (in_allMasks_q q y Hy)). apply Nat.leb_le in Hall.
    rewrite (sensitivity_unique f y k' (sensCount f y) Hs (sensCount_is f y)). exact Hall.
Qed.

Theorem checkGlobalC_sound : forall f q x k, checkGlobalC f q x k = true ->
  MaxCertificateComplexityIs f q x k.
Proof.
  intros f q x k H. unfold checkGlobalC in H.
  apply andb_prop in H as [H Hall]. apply andb_prop in H as [Hq Hx].
  apply Nat.eqb_eq in Hq. split; [exact Hq | split].
  - destruct (find _ _) as [Hc |]; [apply (checkC_sound f x Hc k Hx) | discriminate].
  - intros y Hy. rewrite forallb_forall in Hall. specialize (Hall y (in_allMasks_q q y Hy)).
    unfold certWithin in Hall. apply existsb_exists in Hall as [Hc [_ Hall]].
    apply andb_prop in Hall as [Hs Hc']. exists Hc. split; [apply certb_sound, Hc' |].
    apply Qle_bool_imp_le in Hs. rewrite Hy in Hs. apply natQ_le, Hs.
Qed.

Theorem checkGlobalFbs_sound : forall f q x v w u, checkGlobalFbs f q x v w u = true ->
  MaxFbsIs f q x v.
Proof.
  intros f q x v w u H. unfold checkGlobalFbs in H.
  apply andb_prop in H as [H Hu]. apply andb_prop in H as [H Hl].
  apply andb_prop in H as [H Hv]. apply andb_prop in H as [Hq Hw].
  apply Nat.eqb_eq in Hq. apply Qeq_bool_iff in Hv. apply primalFeasibleb_sound in Hw.
  assert (Hmax : forall y ws, length y = q -> PrimalFeasible f y ws -> primalValue ws <= v).
  { intros y ws Hy Hws. destruct (listed_cover f q v _ y Hl Hy) as [Hc | Hin].
    - exact (certWithin_bound f y v ws Hc Hws).
    - apply in_map_iff in Hin as [[y' t] [E Hin]]. simpl in E. subst y'.
      rewrite forallb_forall in Hu. specialize (Hu _ Hin). simpl in Hu.
      apply andb_prop in Hu as [Hd Ht]. unfold dualAt in Hd. simpl in Hd.
      apply andb_prop in Hd as [_ Hd]. apply dualFeasibleb_sound in Hd.
      apply Qle_bool_imp_le in Ht.
      apply (Qle_trans _ _ _ (weak_duality f y ws t Hws Hd)).
      unfold dualValueAt. rewrite Hy. exact Ht. }
  split; [exact Hq | split; [split |]].
  - exists w. split; assumption.
  - intros ws Hws. apply (Hmax x ws Hq Hws).
  - exact Hmax.
Qed.

Theorem checkGlobalBS_sound : forall f q x k w u p, checkGlobalBS f q x k w u p = true ->
  MaxBlockSensitivityIs f q x k.
Proof.
  intros f q x k w u p H. unfold checkGlobalBS in H.
  apply andb_prop in H as [H Hp]. apply andb_prop in H as [H Hu].
  apply andb_prop in H as [H Hl]. apply andb_prop in H as [H Hk].
  apply andb_prop in H as [H Hpw]. apply andb_prop in H as [Hq Hs].
  apply Nat.eqb_eq in Hq. apply Nat.eqb_eq in Hk. apply pairwiseb_sound in Hpw.
  assert (Hw : DisjointSensitive f x w).
  { split; [| rewrite Hq; exact Hpw]. intros B HB. rewrite forallb_forall in Hs.
    specialize (Hs B HB). apply andb_prop in Hs as [H1 H2]. apply Nat.eqb_eq in H1.
    split; [congruence | apply sensitive_of_sensb, H2]. }
  assert (Hmax : forall y Bs, length y = q -> DisjointSensitive f y Bs -> (length Bs <= k)%nat).
  { intros y Bs Hy HD. destruct (disjoint_packing f y Bs HD) as [Hpf Hpv].
    destruct (listed_cover f q (natQ k) _ y Hl Hy) as [Hc | Hin].
    - apply natQ_le. rewrite <- Hpv. exact (certWithin_bound f y _ _ Hc Hpf).
    - apply in_app_or in Hin as [Hin | Hin].
      + apply in_map_iff in Hin as [[y' t] [E Hin]]. simpl in E. subst y'.
        rewrite forallb_forall in Hu. specialize (Hu _ Hin). simpl in Hu.
        apply andb_prop in Hu as [Hd Ht]. unfold dualAt in Hd. simpl in Hd.
        apply andb_prop in Hd as [_ Hd]. apply dualFeasibleb_sound in Hd.
        apply negb_true_iff in Ht.
        assert (Ht' : totalWeight q t < natQ k + 1).
        { apply Qnot_le_lt. intro E. apply Qle_bool_iff in E. congruence. }
        assert (Hb := weak_duality f y _ t Hpf Hd). unfold dualValueAt in Hb. rewrite Hy, Hpv in Hb.
        assert (Hlt : natQ (length Bs) < natQ k + 1) by lra.
        unfold natQ, Qlt in Hlt. simpl in Hlt. rewrite !Z.mul_1_r in Hlt. lia.
      + rewrite forallb_forall in Hp. specialize (Hp y Hin). apply Nat.leb_le in Hp.
        destruct HD as [HB HP].
        apply (Nat.le_trans _ (best f y q (repeat true q))); [| exact Hp].
        apply best_bound.
        * rewrite Hy. apply setSize_le.
        * intros B HBin. destruct (HB B HBin) as [H1 H2]. split; [exact H1 | split; [exact H2 |]].
          intros c Hc _. rewrite Hy in Hc.
          rewrite (nth_indep _ false true) by (rewrite repeat_length; exact Hc). apply nth_repeat.
        * exact HP. }
  split; [exact Hq | split; [split |]].
  - exists w. split; assumption.
  - intros Bs HD. apply (Hmax x Bs Hq HD).
  - exact Hmax.
Qed.

Lemma natOfValue_sound : forall v k, natOfValue v = Some k -> v == inject_Z (Z.of_nat k).
Proof.
  intros [n d] k H. unfold natOfValue in H. cbn [Qden Qnum] in H.
  destruct (Pos.eqb d 1) eqn:E; [apply Pos.eqb_eq in E; subst d | discriminate].
  destruct n as [| p | p]; inversion H; subst; unfold Qeq; cbn [Qnum Qden].
  - reflexivity.
  - rewrite positive_nat_Z. reflexivity.
Qed.

(* THE REFLECTION LEMMA (ours, issue 37): an accepted global-measure certificate states the
   measure's maximum over all q-bit inputs, reached at x. *)
Theorem checkGlobalMeasure_sound : forall m f q x v data,
  checkGlobalMeasure m f q x v data = true -> GlobalMeasureIs m f q x v.
Proof.
  intros m f q x v data H. destruct m, data; simpl in H; try discriminate; simpl.
  all: try (destruct (natOfValue v) as [k |] eqn:E; [| discriminate]; exists k;
            split; [apply natOfValue_sound, E |]).
  - apply checkGlobalS_sound, H.
  - eapply checkGlobalBS_sound, H.
  - eapply checkGlobalFbs_sound, H.
  - apply checkGlobalC_sound, H.
Qed.

(* ======================================================================================== *)
(* Examples: maj:3 (s = bs = fbs = C = 2, reached at 011) and computed refusals               *)
(* ======================================================================================== *)

From Coq Require Import String.
Local Open Scope string_scope.
Definition maj3 : Agg := eval (MAJ 3).
Definition fbsWitness : list (list bool * Q) := [(bitsOf "010", 1); (bitsOf "001", 1)].
Definition bsWitness : list (list bool) := [bitsOf "010"; bitsOf "001"].

Example global_examples :
  GlobalMeasureIs MeasureS maj3 3 (bitsOf "011") 2 /\
  GlobalMeasureIs MeasureBS maj3 3 (bitsOf "011") 2 /\
  GlobalMeasureIs MeasureFbs maj3 3 (bitsOf "011") 2 /\
  GlobalMeasureIs MeasureC maj3 3 (bitsOf "011") 2.
Proof.
  split; [| split; [| split]].
  - apply (checkGlobalMeasure_sound _ _ _ _ _ DataS). vm_compute. reflexivity.
  - apply (checkGlobalMeasure_sound _ _ _ _ _ (DataBS bsWitness [] [])). vm_compute. reflexivity.
  - apply (checkGlobalMeasure_sound _ _ _ _ _ (DataFbs fbsWitness [])). vm_compute. reflexivity.
  - apply (checkGlobalMeasure_sound _ _ _ _ _ DataC). vm_compute. reflexivity.
Qed.

(* Refused: s = 3; s = 2 claimed at 000 (s_000 = 0); C = 1; fbs = 3/2 (the witness sums to 2);
   fbs with a witness block that is not sensitive at 011 (100); fbs with an upper bound for
   an input that needs none (C_000 = 2 <= 2); bs with two meeting blocks (011 twice is not a
   packing); bs = 2 with a witness of one block; a fractional value for s; a measure with
   another's data. *)
Example global_rejects :
  map (fun c => match c with (m, x, v, d) => checkGlobalMeasure m maj3 3 (bitsOf x) v d end)
    [(MeasureS, "011", 3, DataS); (MeasureS, "000", 2, DataS); (MeasureC, "011", 1, DataC);
     (MeasureFbs, "011", 3 # 2, DataFbs fbsWitness []);
     (MeasureFbs, "011", 2, DataFbs [(bitsOf "100", 1); (bitsOf "001", 1)] []);
     (MeasureFbs, "011", 2, DataFbs fbsWitness [(bitsOf "000", [1; 1; 0])]);
     (MeasureBS, "011", 2, DataBS [bitsOf "011"; bitsOf "011"] [] []);
     (MeasureBS, "011", 2, DataBS [bitsOf "010"] [] []);
     (MeasureS, "011", 5 # 2, DataS); (MeasureS, "011", 2, DataC)]%string
  = [false; false; false; false; false; false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions checkGlobalS_sound.
Print Assumptions checkGlobalC_sound.
Print Assumptions checkGlobalFbs_sound.
Print Assumptions checkGlobalBS_sound.
Print Assumptions checkGlobalMeasure_sound.
Print Assumptions global_examples.
