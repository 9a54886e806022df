(* ExhaustiveCheck.v -- an executable checker for certificates of kind `exhaustive`
   (certificates/FORMAT.md section 2): the function f, the point z, the primal blocks with their
   weights, the dual t and the value v. It makes the trusted Python checker's steps 2-6 over
   exact rationals (Q, compared by cross-multiplication in Z: Qle_bool, Qeq_bool), enumerating
   all 2^q masks for dual feasibility, and it is proved sound against the model: if it answers
   true, v is the optimum of Definition 3.4's dual LP at z and of Definition 3.3's packing LP
   (`checkExhaustive_sound`, through weak duality). A certificate is then checked by running
   the checker (vm_compute); coq/certificates/ holds the exported ones. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import String QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert FbsDuality Families.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Deciding dual feasibility for a concrete (f, z, t): the LP constraint quantifies over every *)
(* mask B (of any length); only its first length z bits matter, so the 2^q masks of length q  *)
(* decide it.                                                                                *)
(* ======================================================================================== *)

Definition dualFeasibleb (f : Agg) (z : list bool) (t : list Q) : bool :=
  (forallb (fun i => Qle_bool 0 (nth i t 0)) (seq 0 (length t)) &&
   forallb (fun B => implb (sensb f z B) (Qle_bool 1 (blockWeight (length z) t B)))
           (allMasks (length z)))%bool.

Lemma trunc_length : forall (z B : list bool),
  length (map (fun i => nth i B false) (seq 0 (length z))) = length z.
Proof. intros. rewrite map_length, seq_length. reflexivity. Qed.

Lemma flip_trunc : forall (z B : list bool), flip z (map (fun i => nth i B false) (seq 0 (length z))) = flip z B.
Proof.
  intros z B. unfold flip. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  rewrite nth_map_seq by lia. reflexivity.
Qed.

Lemma blockWeight_trunc : forall (z B : list bool) (t : list Q),
  blockWeight (length z) t (map (fun i => nth i B false) (seq 0 (length z)))
  == blockWeight (length z) t B.
Proof.
  intros z B t. unfold blockWeight. apply qsum_ext. intros i Hi.
  rewrite nth_map_seq by exact Hi. reflexivity.
Qed.

Theorem dualFeasibleb_sound : forall f z t, dualFeasibleb f z t = true -> DualFeasible f z t.
Proof.
  intros f z t H. unfold dualFeasibleb in H. apply andb_prop in H as [Hn Hs]. split.
  - intros i. destruct (Nat.lt_ge_cases i (length t)) as [Hi | Hi].
    + rewrite forallb_forall in Hn. apply Qle_bool_iff, Hn, in_seq. lia.
    + rewrite nth_overflow by exact Hi. lra.
  - intros B HS. set (B' := map (fun i => nth i B false) (seq 0 (length z))).
    rewrite forallb_forall in Hs.
    assert (Hin : In B' (allMasks (length z))).
    { rewrite <- (trunc_length z B). apply in_allMasks. }
    specialize (Hs B' Hin).
    assert (Hsb : sensb f z B' = true).
    { unfold sensb, B'. rewrite flip_trunc. apply negb_true_iff.
      destruct (Bool.eqb (f (flip z B)) (f z)) eqn:E; [| reflexivity].
      apply Bool.eqb_prop in E. contradiction. }
    rewrite Hsb in Hs. simpl in Hs. apply Qle_bool_iff in Hs.
    unfold B' in Hs. rewrite blockWeight_trunc in Hs. exact Hs.
Qed.


Lemma sensitive_of_sensb : forall f z B, sensb f z B = true -> Sensitive f z B.
Proof.
  intros f z B H HS. unfold sensb in H. rewrite HS, eqb_reflx in H. discriminate.
Qed.

(* ======================================================================================== *)
(* The packing (primal) checks: steps 2-4 of FORMAT.md section 2                             *)
(* ======================================================================================== *)

(* Every block has weight >= 0, q bits and is sensitive at z; every coordinate's load is <= 1. *)
Definition primalFeasibleb (f : Agg) (z : list bool) (ws : list (list bool * Q)) : bool :=
  (forallb (fun Jw => Qle_bool 0 (snd Jw) && Nat.eqb (length (fst Jw)) (length z)
                      && sensb f z (fst Jw)) ws &&
   forallb (fun i => Qle_bool (load ws i) 1) (seq 0 (length z)))%bool.

Theorem primalFeasibleb_sound : forall f z ws, primalFeasibleb f z ws = true -> PrimalFeasible f z ws.
Proof.
  intros f z ws H. unfold primalFeasibleb in H. apply andb_prop in H as [Hb Hl].
  rewrite forallb_forall in Hb, Hl. split.
  - intros Jw HJw. specialize (Hb Jw HJw). apply andb_prop in Hb as [Hb Hs].
    apply andb_prop in Hb as [H0 Hq]. split; [apply Qle_bool_iff; exact H0 |].
    split; [apply Nat.eqb_eq; exact Hq | apply sensitive_of_sensb; exact Hs].
  - intros i Hi. apply Qle_bool_iff, Hl, in_seq. lia.
Qed.

(* ======================================================================================== *)
(* The whole check (step 5 compares both values with v) and its soundness                    *)
(* ======================================================================================== *)

Definition checkExhaustive (f : Agg) (z : list bool) (ws : list (list bool * Q)) (t : list Q)
  (v : Q) : bool :=
  (primalFeasibleb f z ws && dualFeasibleb f z t
   && Qeq_bool (primalValue ws) v && Qeq_bool (dualValueAt z t) v)%bool.

(* THE REFLECTION LEMMA: a certificate the checker accepts proves fbs_z(f) = v, in the model's
   words (v is the optimum of both linear programs of Definitions 3.3 and 3.4). *)
Theorem checkExhaustive_sound : forall f z ws t v,
  checkExhaustive f z ws t v = true -> FbsValue f z v.
Proof.
  intros f z ws t v H. unfold checkExhaustive in H.
  apply andb_prop in H as [H Et]. apply andb_prop in H as [H Ev].
  apply andb_prop in H as [Hp Hd].
  apply (fbs_value_of_pair f z ws t v (primalFeasibleb_sound f z ws Hp) (dualFeasibleb_sound f z t Hd));
    apply Qeq_bool_iff; assumption.
Qed.

(* The FORMAT.md examples: MAJ_3 at 000 has fbs 3/2 (the pairs, weight 1/2 each; t = 1/2), and
   the checker refuses each must-reject mutation of it. *)
Definition maj3tt : list bool := bitsOf "00010111"%string.
Definition maj3primal : list (list bool * Q) :=
  [([true; true; false], 1 # 2); ([true; false; true], 1 # 2); ([false; true; true], 1 # 2)].

Example maj3_certificate : FbsValue (ttFun maj3tt) [false; false; false] (3 # 2).
Proof. apply (checkExhaustive_sound _ _ maj3primal [1 # 2; 1 # 2; 1 # 2]). vm_compute. reflexivity. Qed.

(* The same certificate for the family's own definition, majAgg 3 = maj:3. *)
Example maj3_family : FbsValue (majAgg 3) (bitsOf "000"%string) (3 # 2).
Proof. apply (checkExhaustive_sound _ _ maj3primal [1 # 2; 1 # 2; 1 # 2]). vm_compute. reflexivity. Qed.

(* Refused: a wrong value, a dual of the wrong sum, an infeasible dual of the right sum, a
   negative weight, an insensitive block, an overloaded coordinate, a block of the wrong length. *)
Example maj3_rejects :
  map (fun c => match c with (ws, t, v) => checkExhaustive (ttFun maj3tt) [false; false; false] ws t v end)
    [(maj3primal, [1 # 2; 1 # 2; 1 # 2], 2);
     (maj3primal, [1 # 2; 1 # 2; 1 # 4], 3 # 2);
     (maj3primal, [1 # 2; 3 # 4; 1 # 4], 3 # 2);
     ([([true; true; false], -1 # 2); ([true; false; true], 1); ([false; true; true], 1)], [1 # 2; 1 # 2; 1 # 2], 3 # 2);
     ([([true; false; false], 1 # 2); ([true; false; true], 1 # 2); ([false; true; true], 1 # 2)], [1 # 2; 1 # 2; 1 # 2], 3 # 2);
     ([([true; true; false], 1); ([true; false; true], 1 # 2); ([false; true; true], 0)], [1 # 2; 1 # 2; 1 # 2], 3 # 2);
     ([([true; true], 1 # 2); ([true; false; true], 1 # 2); ([false; true; true], 1 # 2)], [1 # 2; 1 # 2; 1 # 2], 3 # 2)]
  = [false; false; false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

(* ======================================================================================== *)
(* The dual check without a list of masks (ours, issue 37)                                  *)
(* ======================================================================================== *)

(* checkExhaustiveFast makes the same checks as checkExhaustive, but walks the 2^q inputs
   x = z^B depth first (one coordinate at a time, kept or flipped) instead of holding the
   2^q masks as a list, and sums t(B) along the walk in integers: every t_i is n_i / D over
   one common denominator D (checked: n_i # D == t_i), and t(B) >= 1 is D <= sum n_i. Memory
   O(q), and one integer addition per step. *)
Definition commonDen (t : list Q) : positive :=
  Z.to_pos (fold_left (fun d x => Z.lcm d (Zpos (Qden x))) t 1%Z).
Definition scaleQ (D : positive) (x : Q) : Z := (Qnum x * (Zpos D / Zpos (Qden x)))%Z.

Fixpoint walkMasks (f : Agg) (fz : bool) (D : Z) (zs : list bool) (ns : list Z)
  (pre : list bool) (s : Z) : bool :=
  match zs with
  | [] => implb (negb (Bool.eqb (f (rev pre)) fz)) (Z.leb D s)
  | zi :: zs' =>
      if walkMasks f fz D zs' (tl ns) (zi :: pre) s
      then walkMasks f fz D zs' (tl ns) (negb zi :: pre) (s + hd 0%Z ns)%Z
      else false
  end.

Definition dualFast (f : Agg) (z : list bool) (t : list Q) : bool :=
  let D := commonDen t in
  (forallb (fun x => Qle_bool 0 x && Qeq_bool (scaleQ D x # D) x) t
   && walkMasks f (f z) (Zpos D) z (map (scaleQ D) t) [] 0%Z)%bool.

Definition checkExhaustiveFast (f : Agg) (z : list bool) (ws : list (list bool * Q)) (t : list Q)
  (v : Q) : bool :=
  (primalFeasibleb f z ws && dualFast f z t
   && Qeq_bool (primalValue ws) v && Qeq_bool (dualValueAt z t) v)%bool.

(* The weight of B on the integers ns, along z. *)
Fixpoint wsum (zs : list bool) (ns : list Z) (B : list bool) : Z :=
  match zs with
  | [] => 0%Z
  | _ :: zs' => ((if hd false B then hd 0%Z ns else 0%Z) + wsum zs' (tl ns) (tl B))%Z
  end.

Lemma flip_cons_ex : forall x z B, flip (x :: z) B = xorb x (hd false B) :: flip z (tl B).
Proof.
  intros x z B. unfold flip. cbn [length seq map]. f_equal.
  - destruct B; reflexivity.
  - rewrite <- seq_shift, map_map. apply map_ext. intros i. destruct B; [destruct i |]; reflexivity.
Qed.

Lemma walkMasks_sound : forall f fz D zs ns pre s B,
  walkMasks f fz D zs ns pre s = true -> f (rev pre ++ flip zs B) <> fz ->
  (D <= s + wsum zs ns B)%Z.
Proof.
  intros f fz D. induction zs as [| zi zs IH]; intros ns pre s B H Hf.
  - cbn [walkMasks] in H. unfold flip in Hf. cbn [length seq map] in Hf. rewrite app_nil_r in Hf.
    destruct (Bool.eqb (f (rev pre)) fz) eqn:E.
    + apply Bool.eqb_prop in E. contradiction.
    + cbn [negb implb] in H. apply Z.leb_le in H. cbn [wsum]. lia.
  - cbn [walkMasks] in H. rewrite flip_cons_ex in Hf.
    destruct (walkMasks f fz D zs (tl ns) (zi :: pre) s) eqn:H1; [| discriminate].
    replace (rev pre ++ xorb zi (hd false B) :: flip zs (tl B))
      with (rev (xorb zi (hd false B) :: pre) ++ flip zs (tl B)) in Hf
      by (cbn [rev]; rewrite <- app_assoc; reflexivity).
    cbn [wsum]. destruct (hd false B).
    + rewrite xorb_true_r in Hf. assert (X := IH _ _ _ (tl B) H Hf). lia.
    + rewrite xorb_false_r in Hf. assert (X := IH _ _ _ (tl B) H1 Hf). lia.
Qed.

Lemma qsum_shift_ex : forall n g, qsum (S n) g == g 0%nat + qsum n (fun i => g (S i)).
Proof.
  induction n as [| n IH]; intros g; [simpl; ring |].
  change (qsum (S (S n)) g) with (qsum (S n) g + g (S n)). rewrite IH. simpl. ring.
Qed.

Lemma blockWeight_cons_ex : forall n t B, blockWeight (S n) t B ==
  (if hd false B then nth 0 t 0 else 0) + blockWeight n (tl t) (tl B).
Proof.
  intros n t B. unfold blockWeight. rewrite qsum_shift_ex. apply Qplus_comp.
  - destruct B; reflexivity.
  - apply qsum_ext. intros i _. destruct B as [| b B]; [destruct i; reflexivity |].
    destruct t; [destruct i; reflexivity | reflexivity].
Qed.

Lemma blockWeight_wsum : forall zs t ns (D : positive) B,
  (forall i, nth i t 0 == nth i ns 0%Z # D) ->
  blockWeight (length zs) t B == wsum zs ns B # D.
Proof.
  induction zs as [| zi zs IH]; intros t ns D B H.
  - unfold blockWeight. simpl. unfold Qeq. simpl. lia.
  - cbn [length wsum]. rewrite blockWeight_cons_ex.
    rewrite (IH (tl t) (tl ns) D (tl B)).
    2: { intros i. specialize (H (S i)). destruct t as [| x t], ns as [| n ns]; cbn [tl nth] in *;
         first [exact H | destruct i; exact H]. }
    assert (H0 := H 0%nat). destruct t as [| x t], ns as [| n ns]; cbn [hd nth] in *;
      destruct (hd false B); unfold Qeq, Qplus in *; simpl in *; nia.
Qed.

Lemma scaled_nth : forall D t, forallb (fun x => Qle_bool 0 x && Qeq_bool (scaleQ D x # D) x) t = true ->
  forall i, nth i t 0 == nth i (map (scaleQ D) t) 0%Z # D /\ 0 <= nth i t 0.
Proof.
  intros D t H i. rewrite forallb_forall in H.
  destruct (Nat.lt_ge_cases i (length t)) as [Hi | Hi].
  - rewrite (nth_indep _ 0%Z (scaleQ D 0)) by (rewrite map_length; exact Hi). rewrite map_nth.
    assert (Hx := H (nth i t 0) (nth_In _ _ Hi)). apply andb_prop in Hx as [H0 Heq].
    apply Qeq_bool_iff in Heq. apply Qle_bool_iff in H0. split; [symmetry; exact Heq | exact H0].
  - rewrite !nth_overflow by (try rewrite map_length; exact Hi). split; [unfold Qeq; simpl; lia | lra].
Qed.

Theorem dualFast_sound : forall f z t, dualFast f z t = true -> DualFeasible f z t.
Proof.
  intros f z t H. unfold dualFast in H. cbv zeta in H. apply andb_prop in H as [Hs Hw].
  assert (Hn := scaled_nth _ _ Hs). split.
  - intros i. apply (Hn i).
  - intros B HS. rewrite (blockWeight_wsum z t (map (scaleQ (commonDen t)) t) (commonDen t) B)
      by (intros i; apply (Hn i)).
    assert (Hd := walkMasks_sound f (f z) _ z _ [] 0%Z B Hw ltac:(exact HS)).
    unfold Qle. simpl. lia.
Qed.

Theorem checkExhaustiveFast_sound : forall f z ws t v,
  checkExhaustiveFast f z ws t v = true -> FbsValue f z v.
Proof.
  intros f z ws t v H. unfold checkExhaustiveFast in H.
  apply andb_prop in H as [H Et]. apply andb_prop in H as [H Ev].
  apply andb_prop in H as [Hp Hd].
  apply (fbs_value_of_pair f z ws t v (primalFeasibleb_sound f z ws Hp) (dualFast_sound f z t Hd));
    apply Qeq_bool_iff; assumption.
Qed.

(* FORMAT.md's MAJ_3 example and its must-reject mutations, through the walk. *)
Example maj3_fast : map (fun c => match c with (ws, t, v) =>
    checkExhaustiveFast (ttFun maj3tt) [false; false; false] ws t v end)
    [(maj3primal, [1 # 2; 1 # 2; 1 # 2], 3 # 2);
     (maj3primal, [1 # 2; 1 # 2; 1 # 2], 2);
     (maj3primal, [1 # 2; 3 # 4; 1 # 4], 3 # 2)]
  = [true; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions dualFast_sound.
Print Assumptions checkExhaustiveFast_sound.

Print Assumptions primalFeasibleb_sound.
Print Assumptions dualFeasibleb_sound.
Print Assumptions checkExhaustive_sound.
Print Assumptions maj3_certificate.
Print Assumptions maj3_family.
