(* CensusCount.v -- Lemma 2's count for every q (ours, docs/census.md): the number of pairs
   (f, x) of a function of q inputs (its truth table) and an input with M(f, x) = A is
   N(A) = 2^q * 2 * 2^(|up(A)| - |A|), for every antichain A of nonempty blocks. For each x the
   map tt -> psi_x(tt) (position 0: f(x); position B <> 0: [B sensitive for f at x]) permutes
   the 2^(2^q) truth tables (Lemma 2's bijection f <-> (f(x), S(f, x))), the minimal members of
   S are A iff A <= S <= up(A) (lemma_2_characterisation), and the tables meeting such
   position-wise constraints are counted by a product. Checked by coqc 8.16 (coq/check.sh);
   every Print Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import List Lia Bool PeanoNat Permutation.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert Measures ExhaustiveCheck MeasureCheck Families
  Antichains CensusLemmas.
Import ListNotations.
Open Scope nat_scope.

(* ======================================================================================== *)
(* Truth tables: position j of a table is the j-th mask of allMasks q                        *)
(* ======================================================================================== *)

Lemma bitsIndex_acc : forall B acc, bitsIndex acc B = acc * 2 ^ length B + bitsIndex 0 B.
Proof.
  induction B as [| b B IH]; intros acc; simpl; [lia |].
  rewrite (IH (2 * acc + _)), (IH (if b then 1 else 0)). destruct b; lia.
Qed.

Lemma allMasks_S : forall n, allMasks (S n) = map (cons false) (allMasks n) ++ map (cons true) (allMasks n).
Proof. intros n. simpl. rewrite app_nil_r. reflexivity. Qed.

Lemma allMasks_count : forall n, length (allMasks n) = 2 ^ n.
Proof. induction n as [| n IH]; [reflexivity |]. rewrite allMasks_S, app_length, !map_length, IH. simpl. lia. Qed.

Lemma bitsIndex_nth : forall n j, j < 2 ^ n -> bitsIndex 0 (nth j (allMasks n) []) = j.
Proof.
  induction n as [| n IH]; intros j Hj; [simpl in Hj; destruct j; [reflexivity | lia] |].
  rewrite allMasks_S. assert (HL := allMasks_count n). simpl in Hj.
  destruct (Nat.lt_ge_cases j (2 ^ n)) as [Hlt | Hge].
  - rewrite app_nth1 by (rewrite map_length; lia).
    rewrite (nth_indep _ [] (false :: [])) by (rewrite map_length; lia). rewrite map_nth.
    simpl. apply IH, Hlt.
  - rewrite app_nth2 by (rewrite map_length; lia). rewrite map_length.
    rewrite (nth_indep _ [] (true :: [])) by (rewrite map_length; lia). rewrite map_nth.
    simpl. rewrite bitsIndex_acc.
    rewrite (allMasks_length n) by (apply nth_In; lia). rewrite IH by lia. lia.
Qed.

Lemma bitsIndex_lt : forall B, bitsIndex 0 B < 2 ^ length B.
Proof.
  induction B as [| b B IH]; simpl; [lia |]. rewrite bitsIndex_acc. destruct b; simpl; lia.
Qed.

(* The mask of a position, and the position of a mask. *)
Lemma nth_bitsIndex : forall q B, length B = q -> nth (bitsIndex 0 B) (allMasks q) [] = B.
Proof.
  intros q B HB. destruct (In_nth (allMasks q) B [] (in_allMasks_q q B HB)) as [j [Hj E]].
  rewrite allMasks_count in Hj. rewrite <- E at 1. rewrite bitsIndex_nth by exact Hj. exact E.
Qed.

(* A table is the list of its function's values on the masks. *)
Lemma table_values : forall q tt, length tt = 2 ^ q -> map (ttFun tt) (allMasks q) = tt.
Proof.
  intros q tt Hl. apply nth_ext with (d := false) (d' := false); [rewrite map_length, allMasks_count; auto |].
  intros j Hj. rewrite map_length, allMasks_count in Hj.
  rewrite (nth_indep _ false (ttFun tt [])) by (rewrite map_length, allMasks_count; exact Hj).
  rewrite map_nth. unfold ttFun. rewrite bitsIndex_nth by exact Hj. reflexivity.
Qed.

Lemma ttFun_map : forall q (g : list bool -> bool) B, length B = q -> ttFun (map g (allMasks q)) B = g B.
Proof.
  intros q g B HB. unfold ttFun. rewrite (nth_indep _ false (g [])).
  - rewrite map_nth, nth_bitsIndex by exact HB. reflexivity.
  - rewrite map_length, allMasks_count, <- HB. apply bitsIndex_lt.
Qed.

(* ======================================================================================== *)
(* Counting tables under position-wise constraints: a product                               *)
(* ======================================================================================== *)

Definition choices (c : bool -> bool) : nat := (if c false then 1 else 0) + (if c true then 1 else 0).

Fixpoint prodc (n : nat) (c : nat -> bool -> bool) : nat :=
  match n with O => 1 | S n' => choices (c 0) * prodc n' (fun j => c (S j)) end.

Definition meets (n : nat) (c : nat -> bool -> bool) (w : list bool) : bool :=
  forallb (fun j => c j (nth j w false)) (seq 0 n).

Lemma meets_cons : forall n c b w, meets (S n) c (b :: w) = c 0 b && meets n (fun j => c (S j)) w.
Proof.
  intros. unfold meets. simpl. rewrite <- seq_shift. f_equal.
  induction (seq 0 n) as [| j l IH]; simpl; [reflexivity |]. rewrite IH. reflexivity.
Qed.

Lemma count_product : forall n c, length (filter (meets n c) (allMasks n)) = prodc n c.
Proof.
  induction n as [| n IH]; intros c; [reflexivity |].
  rewrite allMasks_S, filter_app, app_length. cbn [prodc].
  assert (E : forall b, length (filter (meets (S n) c) (map (cons b) (allMasks n))) =
                        (if c 0 b then 1 else 0) * prodc n (fun j => c (S j))).
  { intros b. rewrite count_map. rewrite <- (IH (fun j => c (S j))).
    destruct (c 0 b) eqn:E.
    - simpl. rewrite Nat.add_0_r. f_equal. apply filter_ext. intros w. rewrite meets_cons, E. reflexivity.
    - simpl. clear IH. induction (allMasks n) as [| w l IHl]; [reflexivity |]. simpl.
      rewrite meets_cons, E. simpl. exact IHl. }
  rewrite !E. unfold choices. lia.
Qed.

(* With one or two choices at every position: 2 to the number of free positions. *)
Lemma prodc_pow : forall n c, (forall j, j < n -> choices (c j) = 1 \/ choices (c j) = 2) ->
  prodc n c = 2 ^ length (filter (fun j => Nat.eqb (choices (c j)) 2) (seq 0 n)).
Proof.
  induction n as [| n IH]; intros c H; [reflexivity |]. cbn [prodc].
  rewrite IH by (intros j Hj; apply H; lia). simpl seq. rewrite <- seq_shift.
  assert (Hc : length (filter (fun j => Nat.eqb (choices (c j)) 2) (0 :: map S (seq 0 n))) =
    (if Nat.eqb (choices (c 0)) 2 then 1 else 0) + length (filter (fun j => Nat.eqb (choices (c (S j))) 2) (seq 0 n)))
    by (simpl; destruct (Nat.eqb (choices (c 0)) 2); simpl; rewrite count_map; reflexivity).
  rewrite Hc. destruct (H 0 ltac:(lia)) as [-> | ->]; simpl; lia.
Qed.

(* ======================================================================================== *)
(* Lemma 2's bijection on tables, at an input x                                              *)
(* ======================================================================================== *)

(* The family a table w stands for: its nonempty positions holding 1. *)
Definition famq (q : nat) (w : list bool) (B : list bool) : bool := negb (eqMask B (zeros q)) && ttFun w B.

Section AtInput.
Variable x : list bool.
Let q := length x.

(* psi_x(tt): position 0 (the empty block) holds f(x), position B <> 0 holds [B sensitive]. *)
Definition psiAt (tt : list bool) (B : list bool) : bool :=
  xorb (ttFun tt (flip x B)) (if eqMask B (zeros q) then false else ttFun tt x).
Definition psi (tt : list bool) : list bool := map (psiAt tt) (allMasks q).

Lemma psi_in : forall tt, In (psi tt) (allMasks (2 ^ q)).
Proof. intros tt. apply in_allMasks_q. unfold psi. rewrite map_length, allMasks_count. reflexivity. Qed.

Lemma flip_zeros_mask : flip x (zeros q) = x.
Proof. apply flip_by_zeros. Qed.

(* psi_x is one-to-one on the tables of length 2^q. *)
Lemma psi_inj : forall tt tt', length tt = 2 ^ q -> length tt' = 2 ^ q -> psi tt = psi tt' -> tt = tt'.
Proof.
  intros tt tt' Hl Hl' E. rewrite <- (table_values q tt Hl), <- (table_values q tt' Hl').
  assert (Hv : forall B, length B = q -> psiAt tt B = psiAt tt' B).
  { intros B HB. assert (E' := f_equal (fun w => ttFun w B) E). cbv beta in E'. unfold psi in E'.
    rewrite !(ttFun_map q) in E' by exact HB. exact E'. }
  assert (Hx : ttFun tt x = ttFun tt' x).
  { assert (E0 := Hv (zeros q) (zeros_length q)). unfold psiAt in E0.
    replace (eqMask (zeros q) (zeros q)) with true in E0 by (symmetry; apply eqMask_true; reflexivity).
    rewrite flip_zeros_mask, !xorb_false_r in E0. exact E0. }
  apply map_ext_in. intros y Hy. assert (Hyl := allMasks_length _ _ Hy).
  set (B := flip x y). assert (HB : length B = q) by (unfold B; apply flip_length).
  assert (Hxy : flip x B = y) by (unfold B; apply flip_flip; exact Hyl).
  assert (E1 := Hv B HB). unfold psiAt in E1. rewrite Hxy, Hx in E1.
  destruct (eqMask B (zeros q)); [rewrite !xorb_false_r in E1; exact E1 |].
  destruct (ttFun tt y), (ttFun tt' y), (ttFun tt' x); simpl in E1; congruence.
Qed.

(* So it permutes the tables. *)
Lemma psi_perm : Permutation (map psi (allMasks (2 ^ q))) (allMasks (2 ^ q)).
Proof.
  apply NoDup_Permutation_bis.
  - apply nodup_map_inj; [| apply nodup_allMasks]. intros a b Ha Hb.
    apply psi_inj; apply (allMasks_length (2 ^ q)); assumption.
  - rewrite map_length. lia.
  - intros w Hw. apply in_map_iff in Hw as [tt [<- _]]. apply psi_in.
Qed.

(* On psi_x(tt), famq (below) is S(f, x). *)
Lemma famw_psi : forall tt B, length B = q -> famq q (psi tt) B = sensb (ttFun tt) x B.
Proof.
  intros tt B HB. unfold famq, psi. rewrite (ttFun_map q) by exact HB. unfold psiAt, sensb.
  destruct (eqMask B (zeros q)) eqn:E; simpl.
  - apply eqMask_true in E. subst B. rewrite flip_zeros_mask, eqb_reflx. reflexivity.
  - destruct (ttFun tt (flip x B)), (ttFun tt x); reflexivity.
Qed.

End AtInput.

(* ======================================================================================== *)
(* The count                                                                                  *)
(* ======================================================================================== *)

Lemma forallb_ext_in_helper : forall (X : Type) (f g : X -> bool) l, (forall x, In x l -> f x = g x) ->
  forallb f l = forallb g l.
Proof.
  intros X f g l H. induction l as [| y l IH]; [reflexivity |]. simpl.
  rewrite (H y (or_introl eq_refl)), IH by (intros; apply H; right; auto). reflexivity.
Qed.

Lemma minb_ext : forall q s s', (forall B, length B = q -> s B = s' B) -> forall B, length B = q ->
  minb q s B = minb q s' B.
Proof.
  intros q s s' H B HB. unfold minb. rewrite H by exact HB. f_equal. apply forallb_ext_in_helper.
  intros C HC. rewrite H by apply (allMasks_length _ _ HC). reflexivity.
Qed.

Lemma filter_eq_iff : forall (X : Type) (f g : X -> bool) l,
  filter f l = filter g l <-> forall y, In y l -> f y = g y.
Proof.
  intros X f g l. split; [| apply filter_ext_in]. intros E y Hy. apply eq_true_iff_eq. split; intros H.
  - assert (Hin : In y (filter f l)) by (apply filter_In; auto). rewrite E in Hin. apply filter_In in Hin. apply Hin.
  - assert (Hin : In y (filter g l)) by (apply filter_In; auto). rewrite <- E in Hin. apply filter_In in Hin. apply Hin.
Qed.

Lemma memb_In : forall A B, memb A B = true <-> In B A.
Proof.
  intros A B. unfold memb. rewrite existsb_exists. split.
  - intros [C [HC E]]. apply eqMask_true in E. subst. exact HC.
  - intros H. exists B. split; [exact H | apply eqMask_true; reflexivity].
Qed.

(* A sublist of a list without repetitions is the filter of its own members. *)
Lemma sublist_filter : forall l L, NoDup l -> In L (sublists l) -> L = filter (memb L) l.
Proof.
  induction l as [| x l IH]; intros L HN HL; simpl in HL.
  - destruct HL as [<- | []]. reflexivity.
  - apply NoDup_cons_iff in HN as [Hx HN]. apply in_app_or in HL as [HL | HL].
    + apply in_map_iff in HL as [L' [<- HL']]. cbn [filter].
      replace (memb (x :: L') x) with true by (symmetry; apply memb_In; left; reflexivity).
      f_equal. rewrite (IH L' HN HL') at 1. apply filter_ext_in. intros y Hy.
      apply eq_true_iff_eq. rewrite !memb_In. simpl. split; [auto | intros [-> | H]; [contradiction | exact H]].
    + cbn [filter]. replace (memb L x) with false.
      * apply IH; assumption.
      * symmetry. apply not_true_iff_false. rewrite memb_In. intros H.
        exact (Hx (sublists_incl _ _ _ HL x H)).
Qed.

Lemma upb_spec : forall q a B, length B = q -> upb q a B = true <-> Up q (famOfb q a) B.
Proof.
  intros q a B HB. unfold upb. rewrite existsb_exists. split.
  - intros [C [HC E]]. apply andb_prop in E as [Ha Hs]. split; [exact HB |].
    exists C. split; [split; [apply (allMasks_length _ _ HC) | exact Ha] | apply subb_Sub, Hs].
  - intros [_ [C [[HCl Ha] Hs]]]. exists C. split; [apply in_allMasks_q, HCl |].
    rewrite Ha. apply subb_Sub, Hs.
Qed.

Lemma tl_allMasks : forall q B, In B (tl (allMasks q)) -> length B = q /\ B <> zeros q.
Proof.
  intros q B HB. assert (H := nodup_allMasks q). rewrite allMasks_head in H.
  apply NoDup_cons_iff in H as [Hz _]. split.
  - apply (allMasks_length q). rewrite allMasks_head. right. exact HB.
  - intros ->. contradiction.
Qed.

(* An antichain of the census: its members are nonempty q-bit blocks, pairwise not inside
   each other, and it is the filter of its members. *)
Lemma antichainsOf_spec : forall q A, In A (antichainsOf q) ->
  A = filter (memb A) (allMasks q) /\ Antichain q (famOfb q (memb A)) /\
  (forall B, In B A -> length B = q /\ B <> zeros q).
Proof.
  intros q A HA. unfold antichainsOf in HA. apply filter_In in HA as [HA Hanti].
  assert (Hmem : forall B, In B A -> length B = q /\ B <> zeros q)
    by (intros B HB; apply tl_allMasks, (sublists_incl _ _ _ HA B HB)).
  split; [| split; [| exact Hmem]].
  - rewrite allMasks_head. simpl.
    replace (memb A (zeros q)) with false.
    + apply sublist_filter; [| exact HA]. assert (H := nodup_allMasks q). rewrite allMasks_head in H.
      apply NoDup_cons_iff in H. apply H.
    + symmetry. apply not_true_iff_false. rewrite memb_In. intros H. apply (proj2 (Hmem _ H)). reflexivity.
  - intros B C [_ HB] [_ HC] Hs. apply memb_In in HB, HC. unfold isAntichainb in Hanti.
    rewrite forallb_forall in Hanti. specialize (Hanti B HB). rewrite forallb_forall in Hanti.
    specialize (Hanti C HC). rewrite (proj2 (subb_Sub q B C) Hs) in Hanti. apply eqMask_true, Hanti.
Qed.

(* The position-wise constraints of "the family of w has the minimal members A". *)
Definition constraint (q : nat) (A : list (list bool)) (j : nat) (b : bool) : bool :=
  let B := nth j (allMasks q) [] in
  if eqMask B (zeros q) then true else implb (memb A B) b && implb b (upb q (memb A) B).

Lemma pointwise_meets : forall q A w, (forall B, In B A -> B <> zeros q) ->
  (forall B, In B (allMasks q) ->
     implb (memb A B) (famq q w B) && implb (famq q w B) (upb q (memb A) B) = true) <->
  meets (2 ^ q) (constraint q A) w = true.
Proof.
  intros q A w Hz. unfold meets. rewrite forallb_forall. split.
  - intros H j Hj. apply in_seq in Hj. assert (HBin : In (nth j (allMasks q) []) (allMasks q))
      by (apply nth_In; rewrite allMasks_count; lia).
    specialize (H _ HBin). unfold constraint. cbv zeta.
    destruct (eqMask (nth j (allMasks q) []) (zeros q)) eqn:Ez; [reflexivity |].
    unfold famq in H. rewrite Ez in H. simpl in H. unfold ttFun in H. rewrite bitsIndex_nth in H by lia. exact H.
  - intros H B HB. destruct (In_nth (allMasks q) B [] HB) as [j [Hj E]]. rewrite allMasks_count in Hj.
    assert (H' := H j ltac:(apply in_seq; lia)). unfold constraint in H'. cbv zeta in H'. rewrite E in H'.
    unfold famq. destruct (eqMask B (zeros q)) eqn:Ez.
    + apply eqMask_true in Ez. rewrite Ez. cbn [negb andb]. replace (memb A (zeros q)) with false; [reflexivity |].
      symmetry. apply not_true_iff_false. rewrite memb_In. intros Hin. exact (Hz _ Hin eq_refl).
    + simpl. unfold ttFun. rewrite <- E, bitsIndex_nth by lia. rewrite E. exact H'.
Qed.

(* A table's family has the minimal members A iff the table meets the constraints. *)
Lemma has_antichain_iff : forall q A w, In A (antichainsOf q) ->
  eqFam (filter (minb q (famq q w)) (allMasks q)) A = meets (2 ^ q) (constraint q A) w.
Proof.
  intros q A w HA. destruct (antichainsOf_spec q A HA) as [HAf [Hanti Hmem]].
  apply eq_true_iff_eq. rewrite eqFam_true, <- pointwise_meets by (intros B HB; apply Hmem, HB).
  transitivity (forall B, In B (allMasks q) -> minb q (famq q w) B = memb A B).
  { split; intros H.
    - apply (filter_eq_iff _ _ _ (allMasks q)). rewrite H. exact HAf.
    - transitivity (filter (memb A) (allMasks q)); [apply filter_ext_in; exact H | symmetry; exact HAf]. }
  transitivity (forall B, MinimalOf q (famOfb q (famq q w)) B <-> famOfb q (memb A) B).
  { split; intros H B.
    - split; intros HB.
      + assert (HBl := proj1 (proj1 HB)). split; [exact HBl |].
        rewrite <- (H B (in_allMasks_q _ _ HBl)). apply minb_spec; assumption.
      + destruct HB as [HBl HB]. apply minb_spec; [exact HBl |]. rewrite (H B (in_allMasks_q _ _ HBl)). exact HB.
    - intros HB. assert (HBl := allMasks_length _ _ HB). apply eq_true_iff_eq.
      rewrite (minb_spec q _ B HBl), H. unfold famOfb. tauto. }
  rewrite (lemma_2_characterisation q (famOfb q (memb A)) (famq q w) (fun B H => proj1 H) Hanti).
  split.
  - intros [H1 H2] B HB. assert (HBl := allMasks_length _ _ HB). apply andb_true_intro. split.
    + destruct (memb A B) eqn:E; [| reflexivity]. simpl. apply (H1 B (conj HBl E)).
    + destruct (famq q w B) eqn:E; [| reflexivity]. simpl. apply upb_spec; [exact HBl | apply H2; split; assumption].
  - intros H. split.
    + intros B [HBl HB]. split; [exact HBl |]. assert (E := H B (in_allMasks_q _ _ HBl)).
      rewrite HB in E. simpl in E. apply andb_prop in E as [E _]. exact E.
    + intros B [HBl HB]. apply upb_spec; [exact HBl |]. assert (E := H B (in_allMasks_q _ _ HBl)).
      rewrite HB in E. apply andb_prop in E as [_ E]. exact E.
Qed.

(* The number of free positions: 1 (the empty block) + |up(A)| - |A|. *)
Lemma free_positions : forall q A, In A (antichainsOf q) ->
  length (filter (fun j => Nat.eqb (choices (constraint q A j)) 2) (seq 0 (2 ^ q))) =
  1 + (countb q (upb q (memb A)) - length A).
Proof.
  intros q A HA. destruct (antichainsOf_spec q A HA) as [HAf [_ Hmem]].
  set (free := fun B => eqMask B (zeros q) || (upb q (memb A) B && negb (memb A B))).
  assert (E1 : length (filter (fun j => Nat.eqb (choices (constraint q A j)) 2) (seq 0 (2 ^ q))) =
               length (filter free (allMasks q))).
  { rewrite <- (map_nth_seq _ (allMasks q) []) at 1. rewrite count_map, allMasks_count. f_equal.
    apply filter_ext. intros j. unfold constraint, free, choices. cbv zeta.
    destruct (eqMask (nth j (allMasks q) []) (zeros q)); [reflexivity |].
    destruct (memb A _), (upb q (memb A) _); reflexivity. }
  assert (Hupz : upb q (memb A) (zeros q) = false).
  { apply not_true_iff_false. intros Hu. apply upb_spec in Hu as [_ [C [[HCl HC] Hs]]]; [| apply zeros_length].
    apply memb_In in HC. apply (proj2 (Hmem C HC)). apply (Sub_antisym q); [exact HCl | apply zeros_length | exact Hs |].
    intros i _ Hi. rewrite nth_zeros in Hi. discriminate. }
  assert (E2 : length (filter free (allMasks q)) =
               1 + length (filter (fun B => upb q (memb A) B && negb (memb A B)) (allMasks q))).
  { rewrite allMasks_head. cbn [filter]. unfold free at 1.
    replace (eqMask (zeros q) (zeros q)) with true by (symmetry; apply eqMask_true; reflexivity).
    rewrite Hupz. simpl. f_equal. f_equal. apply filter_ext_in. intros B HB. unfold free.
    replace (eqMask B (zeros q)) with false; [reflexivity |]. symmetry. apply not_true_iff_false.
    rewrite eqMask_true. apply (tl_allMasks q B HB). }
  assert (E3 : forall l, (forall B, In B l -> memb A B = true -> upb q (memb A) B = true) ->
    length (filter (fun B => upb q (memb A) B && negb (memb A B)) l) + length (filter (memb A) l) =
    length (filter (upb q (memb A)) l)).
  { induction l as [| B l IH]; intros H; [reflexivity |]. simpl.
    assert (IH' := IH (fun C HC => H C (or_intror HC))).
    destruct (memb A B) eqn:Ea; [rewrite (H B (or_introl eq_refl) Ea) |]; destruct (upb q (memb A) B); simpl; lia. }
  assert (Hle := E3 (allMasks q) (fun B HB Ea => proj2 (upb_spec q (memb A) B (allMasks_length _ _ HB))
                   (conj (allMasks_length _ _ HB) (ex_intro _ B (conj (conj (allMasks_length _ _ HB) Ea) (Sub_refl q B)))))).
  rewrite <- HAf in Hle. unfold countb. rewrite E1, E2. lia.
Qed.

Lemma constraint_choices : forall q A j, In A (antichainsOf q) ->
  choices (constraint q A j) = 1 \/ choices (constraint q A j) = 2.
Proof.
  intros q A j HA. unfold choices, constraint. cbv zeta.
  destruct (eqMask (nth j (allMasks q) []) (zeros q)); [right; reflexivity |].
  destruct (memb A (nth j (allMasks q) [])) eqn:Ea.
  - left. assert (Hin := proj1 (memb_In _ _) Ea).
    destruct (antichainsOf_spec q A HA) as [_ [_ Hm]]. destruct (Hm _ Hin) as [Hl _].
    replace (upb q (memb A) (nth j (allMasks q) [])) with true; [reflexivity |]. symmetry.
    apply upb_spec; [exact Hl |]. split; [exact Hl |].
    exists (nth j (allMasks q) []). split; [split; [exact Hl | exact Ea] | apply Sub_refl].
  - destruct (upb q (memb A) (nth j (allMasks q) [])); [right | left]; reflexivity.
Qed.

(* For each input x: the tables whose M(f, x) is A number 2 * 2^(|up(A)| - |A|). *)
Lemma count_at_input : forall x A, In A (antichainsOf (length x)) ->
  length (filter (fun tt => eqFam (minsOf (ttFun tt) x) A) (allMasks (2 ^ length x))) =
  2 * 2 ^ (countb (length x) (upb (length x) (memb A)) - length A).
Proof.
  intros x A HA.
  set (Pw := fun w => eqFam (filter (minb (length x) (famq (length x) w)) (allMasks (length x))) A).
  assert (E1 : filter (fun tt => eqFam (minsOf (ttFun tt) x) A) (allMasks (2 ^ length x)) =
               filter (fun tt => Pw (psi x tt)) (allMasks (2 ^ length x))).
  { apply filter_ext_in. intros tt _. unfold Pw. f_equal. unfold minsOf. apply filter_ext_in.
    intros B HB. apply minb_ext; [| apply (allMasks_length _ _ HB)].
    intros C HC. symmetry. apply famw_psi, HC. }
  rewrite E1, <- (count_map _ _ Pw (psi x)), (count_perm _ Pw _ _ (psi_perm x)).
  rewrite (filter_ext Pw (meets (2 ^ length x) (constraint (length x) A))) by (intros w; apply has_antichain_iff, HA).
  rewrite count_product, prodc_pow by (intros j _; apply constraint_choices, HA).
  rewrite free_positions by exact HA. simpl. lia.
Qed.

Lemma count_prod_swap : forall (P : list bool * list bool -> bool) (L1 L2 : list (list bool)),
  length (filter P (list_prod L1 L2)) = natSum (fun x => length (filter (fun tt => P (tt, x)) L1)) L2.
Proof.
  intros P L1 L2. induction L1 as [| tt L1 IH].
  - simpl. symmetry. apply natSum_zero. reflexivity.
  - cbn [list_prod]. rewrite filter_app, app_length, IH, count_map.
    transitivity (natSum (fun x => (if P (tt, x) then 1 else 0) + length (filter (fun tt0 => P (tt0, x)) L1)) L2).
    + rewrite natSum_add. f_equal. clear IH. induction L2 as [| x L2 IHL]; [reflexivity |].
      cbn [filter natSum]. destruct (P (tt, x)); cbn [length]; rewrite IHL; reflexivity.
    + apply natSum_ext_helper. intros x. simpl. destruct (P (tt, x)); reflexivity.
Qed.

(* LEMMA 2 (ours), the count for every q: for every antichain A of nonempty q-bit blocks, the
   number of pairs (f, x) with M(f, x) = A is N(A) = 2^q * 2 * 2^(|up(A)| - |A|). *)
Theorem lemma_2_count : forall q A, In A (antichainsOf q) -> countPairs q A = censusWeight q A.
Proof.
  intros q A HA. unfold countPairs, pairsOf. rewrite count_prod_swap. cbn [fst snd].
  transitivity (natSum (fun _ => 2 * 2 ^ (countb q (upb q (memb A)) - length A)) (allMasks q)).
  - assert (H : forall l, (forall x, In x l -> length x = q) ->
      natSum (fun x => length (filter (fun tt => eqFam (minsOf (ttFun tt) x) A) (allMasks (2 ^ q)))) l =
      natSum (fun _ => 2 * 2 ^ (countb q (upb q (memb A)) - length A)) l).
    { induction l as [| x l IH]; intros Hl; [reflexivity |]. simpl.
      rewrite IH by (intros; apply Hl; right; auto). f_equal.
      assert (Hx := Hl x (or_introl eq_refl)). subst q. apply count_at_input, HA. }
    apply H. intros x Hx. apply (allMasks_length _ _ Hx).
  - unfold censusWeight. generalize (2 ^ (countb q (upb q (memb A)) - length A)). intros c.
    rewrite <- (allMasks_count q). induction (allMasks q) as [| x l IH]; [reflexivity |].
    cbn [natSum length]. rewrite IH. lia.
Qed.

Lemma filter_true_helper : forall (X : Type) (l : list X), filter (fun _ => true) l = l.
Proof. intros X l. induction l as [| x l IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

(* THE CLASS-SUM THEOREM (ours), for every q: for every property P of antichains and any
   classes of antichains on which P and N are constant (the permutation classes are such for
   the four measures, Lemmas 1 and 3), the number of pairs (f, x) with P(M(f, x)) is the sum
   over the classes K with P(A_K) of |K| * 2^(q + 1 + |up(A_K)| - |A_K|). *)
Theorem class_sum_theorem : forall q (P : list (list bool) -> bool) (classes : list (list (list (list bool)))),
  Permutation (concat classes) (antichainsOf q) ->
  (forall C, In C classes -> C <> [] /\
     forall A, In A C -> P A = P (hd [] C) /\ censusWeight q A = censusWeight q (hd [] C)) ->
  length (filter (fun p => P (minsOf (ttFun (fst p)) (snd p))) (pairsOf q)) =
  natSum (fun C => if P (hd [] C) then length C * censusWeight q (hd [] C) else 0) classes.
Proof.
  intros q P classes HP HC. rewrite class_sum_by_antichains.
  rewrite (natSum_ext_in _ _ (fun A => if P A then censusWeight q A else 0))
    by (intros A HA; rewrite (lemma_2_count q A HA); reflexivity).
  apply class_sum_by_classes; assumption.
Qed.

(* The weights of all antichains add up to all the pairs, for every q. *)
Theorem census_total : forall q, natSum (censusWeight q) (antichainsOf q) = 2 ^ (2 ^ q) * 2 ^ q.
Proof.
  intros q. assert (H := class_sum_by_antichains q (fun _ => true)).
  rewrite filter_true_helper in H. unfold pairsOf in H. rewrite prod_length, !allMasks_count in H.
  rewrite H. apply natSum_ext_in. intros A HA. symmetry. apply lemma_2_count, HA.
Qed.

Print Assumptions lemma_2_count.
Print Assumptions class_sum_theorem.
Print Assumptions census_total.
