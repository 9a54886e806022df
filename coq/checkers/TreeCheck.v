(* TreeCheck.v -- an executable checker for certificates of kind `tree` (certificates/FORMAT.md
   section 6, versions 1 and 2): the tree T, alpha, the records (z, capacities, value, primal,
   dual) and the claimed value V. Bottom-up, at every internal node u it computes z_u (the
   children's values under alpha, by F_T of the model) and the capacities c_i (the values it
   accepted for the children, 1 at a leaf), looks for a record whose pairs (z_i, c_i) are the
   node's, in order or (version 2's shared records) up to a permutation of the children, and
   makes the local checks of FORMAT.md steps 3-7 on that record, read through the
   permutation, at the node's own aggregator, z_u and c: weights >= 0, every primal block
   sensitive, load_i <= c_i, sum w = value, and the dual check of ExhaustiveCheck.v (v >= 0,
   v(J) >= 1 on all 2^q blocks J) with sum_i c_i v_i = value; step 9 compares the root's value
   with V. Exact rationals (Qle_bool, Qeq_bool). The aggregator is the node's own, so a
   record's `aggregator` field is not needed; a record is checked at every node that uses it
   (not once per record as the Python checker does), so the work is (internal nodes) x 2^q.

   Proved sound against the model: `checkTree_sound : checkTree T alpha recs V = true ->
   RhoT T alpha V`, V is the minimum of F_T's global dual LP at alpha (model/TreeStatements.v),
   through `tree_certificate` (theorems/FbsTreeCert.v). The permutation is found by the checker
   and not trusted: the permuted record is checked at the node's own data, so no symmetry of
   the aggregator is assumed (for a symmetric one, `local_checked_perm` shows that the record
   passes there whenever it passes at its own (z, c), as the Python checker assumes).
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer
   "Closed under the global context". *)

From Coq Require Import String QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert ExhaustiveCheck Families TreeStatements.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* The checker                                                                               *)
(* ======================================================================================== *)

(* A record (FORMAT.md section 6): z, capacities, value, primal (blocks as masks of the
   children, with weights) and dual. *)
Record TRec : Type := mkRec {
  rz : list bool; rc : list Q; rv : Q; rw : list (list bool * Q); rd : list Q }.

(* z_u: the children's values under alpha. *)
Definition zOf (q : nat) (kids : nat -> ctree) (alpha : path -> bool) : list bool :=
  map (fun i => F (kids i) (sub alpha i)) (seq 0 q).

(* The local checks of FORMAT.md steps 3-7 at the node's aggregator phi, z and capacities cs
   for value v, dual d and primal w. *)
Definition localb (phi : Agg) (q : nat) (z : list bool) (cs : list Q) (v : Q) (d : list Q)
  (w : list (list bool * Q)) : bool :=
  (forallb (fun Jw => Qle_bool 0 (snd Jw) && sensb phi z (fst Jw)) w
   && forallb (fun i => Qle_bool (load w i) (nth i cs 0)) (seq 0 q)
   && Qeq_bool (qlsum (map snd w)) v
   && dualFeasibleb phi z d
   && Qeq_bool (qsum q (fun i => nth i cs 0 * nth i d 0)) v)%bool.

(* Matching the node's pairs (z_i, c_i) with a record's: child i takes the first unused
   position j with the same pair (the identity when the pairs are equal in order). *)
Definition pairEqb (a b : bool * Q) : bool := (Bool.eqb (fst a) (fst b) && Qeq_bool (snd a) (snd b))%bool.

Fixpoint firstFree (x : bool * Q) (ys : list (bool * Q)) (used : list nat) (j : nat) : option nat :=
  match ys with
  | [] => None
  | y :: ys' => if (negb (existsb (Nat.eqb j) used) && pairEqb x y)%bool then Some j
                else firstFree x ys' used (S j)
  end.

Fixpoint matchAll (xs ys : list (bool * Q)) (used : list nat) : option (list nat) :=
  match xs with
  | [] => Some []
  | x :: xs' => match firstFree x ys used O with
                | None => None
                | Some j => option_map (cons j) (matchAll xs' ys (j :: used))
                end
  end.

(* The record r read through the matching pi (child i is the record's child pi_i), checked
   locally at the node: (value, dual, primal) if it passes. *)
Definition tryRec (phi : Agg) (q : nat) (z : list bool) (cs : list Q) (r : TRec)
  : option (Q * list Q * list (list bool * Q)) :=
  match matchAll (combine z cs) (combine (rz r) (rc r)) [] with
  | None => None
  | Some pi =>
      let d := map (fun j => nth j (rd r) 0) pi in
      let w := map (fun Jw => (map (fun j => nth j (fst Jw) false) pi, snd Jw)) (rw r) in
      if (Nat.eqb (length (rz r)) q && localb phi q z cs (rv r) d w)%bool
      then Some (rv r, d, w) else None
  end.

Fixpoint firstSome {A B : Type} (f : A -> option B) (l : list A) : option B :=
  match l with [] => None | a :: rest => match f a with Some b => Some b | None => firstSome f rest end end.

(* The first record that passes at the node (step 2: none is `record-missing`). *)
Definition pickRec (phi : Agg) (q : nat) (z : list bool) (cs : list Q) (recs : list TRec)
  : option (Q * list Q * list (list bool * Q)) :=
  firstSome (tryRec phi q z cs) recs.

Fixpoint allSome (l : list (option Q)) : option (list Q) :=
  match l with
  | [] => Some []
  | Some x :: rest => option_map (cons x) (allSome rest)
  | None :: _ => None
  end.

(* The value accepted for T (1 at a leaf), or None when some node has no passing record. *)
Fixpoint accT (T : ctree) (alpha : path -> bool) (recs : list TRec) : option Q :=
  match T with
  | CLeaf => Some 1
  | CNode phi q kids =>
      match allSome (map (fun i => accT (kids i) (sub alpha i) recs) (seq 0 q)) with
      | None => None
      | Some cs => match pickRec phi q (zOf q kids alpha) cs recs with
                   | Some (v, _, _) => Some v
                   | None => None
                   end
      end
  end.

(* THE CHECKER: every node passes and the root's value is V (step 9). *)
Definition checkTree (T : ctree) (alpha : path -> bool) (recs : list TRec) (V : Q) : bool :=
  match accT T alpha recs with Some v => Qeq_bool v V | None => false end.

(* ======================================================================================== *)
(* Soundness                                                                                 *)
(* ======================================================================================== *)

(* The record the checker uses at the node at path p (for the proof only). *)
Fixpoint chosen (T : ctree) (alpha : path -> bool) (recs : list TRec) (p : path)
  : option (Q * list Q * list (list bool * Q)) :=
  match T, p with
  | CNode phi q kids, [] =>
      match allSome (map (fun i => accT (kids i) (sub alpha i) recs) (seq 0 q)) with
      | Some cs => pickRec phi q (zOf q kids alpha) cs recs
      | None => None
      end
  | CNode _ _ kids, i :: p' => chosen (kids i) (sub alpha i) recs p'
  | CLeaf, _ => None
  end.

Definition recOf (T : ctree) (alpha : path -> bool) (recs : list TRec) : Records :=
  fun p => match chosen T alpha recs p with Some (v, d, _) => (v, d) | None => (0, []) end.
Definition primOf (T : ctree) (alpha : path -> bool) (recs : list TRec) : Primals :=
  fun p => match chosen T alpha recs p with Some (_, _, w) => w | None => [] end.

Lemma firstSome_some : forall (A B : Type) (f : A -> option B) l b,
  firstSome f l = Some b -> exists a, In a l /\ f a = Some b.
Proof.
  intros A B f l b. induction l as [| a l IH]; simpl; [discriminate |].
  destruct (f a) eqn:E.
  - intros H. injection H as <-. exists a. split; [left; reflexivity | exact E].
  - intros H. destruct (IH H) as [a' [Ha Hf]]. exists a'. split; [right; exact Ha | exact Hf].
Qed.

Lemma pickRec_local : forall phi q z cs recs v d w,
  pickRec phi q z cs recs = Some (v, d, w) -> localb phi q z cs v d w = true.
Proof.
  intros phi q z cs recs v d w H. unfold pickRec in H.
  destruct (firstSome_some _ _ _ _ _ H) as [r [_ Hr]]. unfold tryRec in Hr.
  destruct (matchAll _ _ _) as [pi |]; [| discriminate].
  destruct (Nat.eqb (length (rz r)) q && localb _ _ _ _ _ _ _)%bool eqn:E; [| discriminate].
  injection Hr as <- <- <-. apply andb_prop in E. exact (proj2 E).
Qed.

Lemma allSome_nth : forall (g : nat -> option Q) l cs, allSome (map g l) = Some cs ->
  forall k, (k < length l)%nat -> g (nth k l O) = Some (nth k cs 0).
Proof.
  intros g l. induction l as [| a l IH]; intros cs H k Hk; simpl in Hk; [lia |].
  simpl in H. destruct (g a) as [x |] eqn:Ea; [| discriminate].
  destruct (allSome (map g l)) as [cs' |] eqn:Er; [| discriminate].
  simpl in H. injection H as <-. destruct k as [| k]; simpl; [exact Ea |].
  apply IH; [reflexivity | lia].
Qed.

Lemma localb_sound : forall phi q z cs v d w, localb phi q z cs v d w = true ->
  (forall Jw, In Jw w -> 0 <= snd Jw /\ Sensitive phi z (fst Jw)) /\
  (forall i, (i < q)%nat -> load w i <= nth i cs 0) /\ qlsum (map snd w) == v /\
  DualFeasible phi z d /\ qsum q (fun i => nth i cs 0 * nth i d 0) == v.
Proof.
  intros phi q z cs v d w H. unfold localb in H.
  repeat match type of H with (_ && _)%bool = true => apply andb_prop in H as [H ?] end.
  rename H into Hw. split; [| split; [| split; [| split]]].
  - intros Jw HJw. rewrite forallb_forall in Hw. specialize (Hw Jw HJw).
    apply andb_prop in Hw as [Hn Hs]. split; [apply Qle_bool_iff; exact Hn |].
    apply sensitive_of_sensb. exact Hs.
  - intros i Hi. match goal with Hl : forallb (fun i => Qle_bool (load w i) _) _ = true |- _ =>
      rewrite forallb_forall in Hl; apply Qle_bool_iff, Hl, in_seq; lia end.
  - apply Qeq_bool_iff. assumption.
  - apply dualFeasibleb_sound. assumption.
  - apply Qeq_bool_iff. assumption.
Qed.

(* Every node the checker accepts passes the per-node checks of theorems/FbsTreeCert.v with
   the records it chose, and the value it accepts is the tree's accepted value. *)
Lemma accT_sound : forall T alpha recs v, accT T alpha recs = Some v ->
  DualChecked T alpha (recOf T alpha recs) /\
  PrimalChecked T alpha (recOf T alpha recs) (primOf T alpha recs) /\
  accepted T (recOf T alpha recs) = v.
Proof.
  induction T as [| phi q kids IH]; intros alpha recs v H.
  - simpl in H. injection H as <-. split; [exact I | split; [exact I | reflexivity]].
  - simpl in H.
    destruct (allSome (map (fun i => accT (kids i) (sub alpha i) recs) (seq 0 q))) as [cs |] eqn:Ha;
      [| discriminate].
    destruct (pickRec phi q (zOf q kids alpha) cs recs) as [[[v' d] w] |] eqn:Hp; [| discriminate].
    injection H as <-.
    assert (Hkid : forall i, (i < q)%nat -> accT (kids i) (sub alpha i) recs = Some (nth i cs 0)).
    { intros i Hi. assert (E := allSome_nth _ _ _ Ha i ltac:(rewrite seq_length; exact Hi)).
      rewrite seq_nth in E by exact Hi. exact E. }
    assert (Hsub : forall i, (i < q)%nat ->
              DualChecked (kids i) (sub alpha i) (recOf (kids i) (sub alpha i) recs) /\
              PrimalChecked (kids i) (sub alpha i) (recOf (kids i) (sub alpha i) recs)
                            (primOf (kids i) (sub alpha i) recs) /\
              accepted (kids i) (recOf (kids i) (sub alpha i) recs) = nth i cs 0).
    { intros i Hi. apply IH. apply Hkid. exact Hi. }
    assert (Hr : recOf (CNode phi q kids) alpha recs [] = (v', d)).
    { unfold recOf. simpl. rewrite Ha, Hp. reflexivity. }
    assert (Hw : primOf (CNode phi q kids) alpha recs [] = w).
    { unfold primOf. simpl. rewrite Ha, Hp. reflexivity. }
    destruct (localb_sound _ _ _ _ _ _ _ (pickRec_local _ _ _ _ _ _ _ _ Hp))
      as [Hprim [Hload [Hsum [Hfeas Hval]]]].
    split; [| split].
    + cbn [DualChecked]. rewrite Hr. cbn [fst snd]. split; [exact Hfeas |]. split.
      * rewrite <- Hval. apply qsum_ext. intros i Hi.
        change (sub (recOf (CNode phi q kids) alpha recs) i) with (recOf (kids i) (sub alpha i) recs).
        rewrite (proj2 (proj2 (Hsub i Hi))). reflexivity.
      * intros i Hi. exact (proj1 (Hsub i Hi)).
    + cbn [PrimalChecked]. rewrite Hr, Hw. cbn [fst snd]. split; [exact Hprim |]. split.
      * intros i Hi.
        change (sub (recOf (CNode phi q kids) alpha recs) i) with (recOf (kids i) (sub alpha i) recs).
        rewrite (proj2 (proj2 (Hsub i Hi))). exact (Hload i Hi).
      * split; [exact Hsum |]. intros i Hi. exact (proj1 (proj2 (Hsub i Hi))).
    + simpl. rewrite Hr. reflexivity.
Qed.

(* THE REFLECTION LEMMA: a tree certificate the checker accepts proves V = rho_T, in the
   model's words (V is the minimum of the global dual LP of F_T at alpha), through the
   factored certificate's theorem (tree_certificate). *)
Theorem checkTree_sound : forall T alpha recs V, checkTree T alpha recs V = true -> RhoT T alpha V.
Proof.
  intros T alpha recs V H. unfold checkTree in H.
  destruct (accT T alpha recs) as [v |] eqn:Ea; [| discriminate]. apply Qeq_bool_iff in H.
  destruct (accT_sound T alpha recs v Ea) as [HD [HP Hacc]].
  destruct (tree_certificate T alpha _ _ HD HP) as [[Hfeas Hval] Hmin]. rewrite Hacc in *.
  split.
  - exists (productDual T (recOf T alpha recs)). split; [exact Hfeas | rewrite Hval; exact H].
  - intros t Ht. rewrite <- H. exact (Hmin t Ht).
Qed.

(* ======================================================================================== *)
(* Examples: FORMAT.md section 6's tiny example, its must-reject mutations, and version 2's  *)
(* shared records                                                                             *)
(* ======================================================================================== *)

(* maj:3 at the root over (and:2 of leaves A, B), C, D at alpha 1110: rho_T = 3. *)
Definition tinyTree : ctree := node (MAJ 3) [over (AND 2); CLeaf; CLeaf].
Definition tinyAlpha : path -> bool := alphaOf tinyTree (bitsOf "1110"%string).
Definition tinyAnd : TRec := mkRec (bitsOf "11"%string) [1; 1] 2
  [(bitsOf "10"%string, 1); (bitsOf "01"%string, 1)] [1; 1].
Definition tinyMaj : TRec := mkRec (bitsOf "110"%string) [2; 1; 1] 3
  [(bitsOf "100"%string, 2); (bitsOf "010"%string, 1)] [1; 1; 0].

Example tiny_tree : RhoT tinyTree tinyAlpha 3.
Proof. apply (checkTree_sound _ _ [tinyAnd; tinyMaj]). vm_compute. reflexivity. Qed.

(* Refused (FORMAT.md's must-reject list): the value 4; the maj:3 record with capacities
   (1, 1, 1) (no record has the root's key); an insensitive primal block [2]; weight 3 on
   block [0] with value 4 (load 3 > c_0 = 2); the infeasible dual (1/2, 1, 1) of the right
   value; and a negative weight (-1 on [0], 3 on [1] and 1 on [2], sum 3). *)
Example tiny_rejects :
  map (fun c => match c with (recs, V) => checkTree tinyTree tinyAlpha recs V end)
    [([tinyAnd; tinyMaj], 4);
     ([tinyAnd; mkRec (bitsOf "110") [1; 1; 1] 3 (rw tinyMaj) (rd tinyMaj)], 3);
     ([tinyAnd; mkRec (bitsOf "110") [2; 1; 1] 3 [(bitsOf "100", 2); (bitsOf "001", 1)] [1; 1; 0]], 3);
     ([tinyAnd; mkRec (bitsOf "110") [2; 1; 1] 4 [(bitsOf "100", 3); (bitsOf "010", 1)] [1; 1; 1]], 4);
     ([tinyAnd; mkRec (bitsOf "110") [2; 1; 1] 3 (rw tinyMaj) [1 # 2; 1; 1]], 3);
     ([tinyAnd; mkRec (bitsOf "110") [2; 1; 1] 3
        [(bitsOf "100", -1); (bitsOf "010", 3); (bitsOf "001", 1)] [1; 1; 0]], 3)]%string
  = [false; false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

(* Version 2: maj:3 over leaves at 110 uses the record of z = 011 (same multiset of pairs);
   the record of z = 111 is refused, and so is a tribes:2:2 record of z = 1100 for a node at
   1010 (not symmetric: the permuted record fails at the node). *)
Example shared_maj3 : RhoT (over (MAJ 3)) (alphaOf (over (MAJ 3)) (bitsOf "110"%string)) 2.
Proof.
  apply (checkTree_sound _ _ [mkRec (bitsOf "011"%string) [1; 1; 1] 2
                                [(bitsOf "010"%string, 1); (bitsOf "001"%string, 1)] [0; 1; 1]]).
  vm_compute. reflexivity.
Qed.

Example shared_rejects :
  [checkTree (over (MAJ 3)) (alphaOf (over (MAJ 3)) (bitsOf "110"))
     [mkRec (bitsOf "111") [1; 1; 1] 1 [(bitsOf "100", 1)] [1; 1; 1]] 1;
   checkTree (over (TRIBES 2 2)) (alphaOf (over (TRIBES 2 2)) (bitsOf "1010"))
     [mkRec (bitsOf "1100") [1; 1; 1; 1] 2 [(bitsOf "1000", 1); (bitsOf "0100", 1)] [1; 1; 0; 0]] 2]%string
  = [false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions localb_sound.
Print Assumptions accT_sound.
Print Assumptions checkTree_sound.
Print Assumptions tiny_tree.
Print Assumptions shared_maj3.
