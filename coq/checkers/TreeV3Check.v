(* TreeV3Check.v -- an executable checker for certificates of kind `tree`, version 3
   (certificates/FORMAT.md section 6, "Version 3: side records keyed by (need, multiset of the
   side's capacities)"), for the complete q-ary tree of depth d with one symmetric aggregator
   phi at every node (the compact uniform form `fbs tree fbs` writes), written to be extracted
   (coq/native/Extract.v): Z/positive arithmetic, numbers kept in lowest terms (Qred), hash
   buckets in PositiveMap where the Python checker uses dicts, nat only for counts bounded by
   the arity q.

   The checker (checkTreeV3): every side record (need k, capacities c_j, value T, dual v_j)
   (prepared by a tail-recursive fold: hundreds of thousands of records) passes FORMAT.md's side checks (c >= 0, T >= 0, sum_j min(c_j, T) >= k T, v >= 0,
   sum_j c_j v_j = T, the k smallest v_j sum to >= 1); then a walk over the tree computes every
   node's class (its value under alpha, its accepted rho): a parent of leaves by its count of
   ones (a table of q + 1 entries), a higher node by its children's classes, sorted, through a
   memo; a node's rho is the sum of the values of its sides' records, looked up by (need, the
   side's capacities sorted); the root's rho must be V. The counts `uses`, unused and
   duplicated side records are producer cross-checks the soundness does not need, and are not
   checked here.

   Proved sound against the model (checkTreeV3_sound): if phi is symmetric and the checker
   answers true, then RhoT (uniformQ phi q d) alpha V, V is the minimum of F_T's global dual LP
   at alpha (model/TreeStatements.v), with alpha reading leaf p = (i_1, ..., i_d) at position
   sum_k i_k q^(d-k) (depth-first order) of the certificate's alpha. The proof builds, for every
   node, the version-1 record R_u of FORMAT.md's "Why the side checks imply V = rho_T" (ours):
   the dual from the sides' duals, the primal from Lemma M (McNaughton's wrap-around, ours as
   stated in FORMAT.md, proved here as lemma_M), and hands the tree to tree_certificate
   (theorems/FbsTreeCert.v). Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at
   the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool ZArith FMapPositive Permutation.
From FbsCoq Require Import FbsModel FbsTreeModel FbsTrees FbsTreeCert Families TreeStatements.
Import ListNotations.
Open Scope Q_scope.


(* ---------------------------------------------------------------------------------------- *)
(* Lemma M (McNaughton's wrap-around; ours as stated in certificates/FORMAT.md section 6)    *)
(* ---------------------------------------------------------------------------------------- *)

Fixpoint zipWith {A B C : Type} (f : A -> B -> C) (xs : list A) (ys : list B) : list C :=
  match xs, ys with x :: xs', y :: ys' => f x y :: zipWith f xs' ys' | _, _ => [] end.

Definition isFull (T x : Q) : bool := Qeq_bool x T.
Definition isFrac (T x : Q) : bool := negb (Qle_bool x 0) && negb (Qle_bool T x).

(* The k-set of one step: every full item, then the first r fractional ones. *)
Fixpoint pick (T : Q) (r : nat) (l : list Q) : list bool :=
  match l with
  | [] => []
  | x :: l' => if isFull T x then true :: pick T r l'
               else if isFrac T x then
                 match r with O => false :: pick T O l' | S r' => true :: pick T r' l' end
               else false :: pick T r l'
  end.

Definition gap (T : Q) (b : bool) (x : Q) : Q := if b then x else T - x.
Definition epsOf (T : Q) (S : list bool) (l : list Q) : Q := fold_right Qmin T (zipWith (gap T) S l).
Definition stepL (e : Q) (S : list bool) (l : list Q) : list Q :=
  zipWith (fun (b : bool) x => if b then x - e else x) S l.

Definition nfull (T : Q) (l : list Q) : nat := length (filter (isFull T) l).
Definition nfrac (T : Q) (l : list Q) : nat := length (filter (isFrac T) l).
Definition qn (n : nat) : Q := inject_Z (Z.of_nat n).

Lemma qn_S : forall n, qn (S n) == qn n + 1.
Proof. intros n. unfold qn. rewrite Nat2Z.inj_succ, <- Z.add_1_r, inject_Z_plus. reflexivity. Qed.
Lemma qn_nonneg : forall n, 0 <= qn n.
Proof. intros n. unfold qn. change 0 with (inject_Z 0). rewrite <- Zle_Qle. lia. Qed.
Lemma qn_le : forall m n, qn m <= qn n -> (m <= n)%nat.
Proof. intros m n H. unfold qn in H. rewrite <- Zle_Qle in H. lia. Qed.

Lemma isFull_spec : forall T x, isFull T x = true <-> x == T.
Proof. intros. unfold isFull. apply Qeq_bool_iff. Qed.
Lemma isFrac_spec : forall T x, isFrac T x = true <-> 0 < x /\ x < T.
Proof.
  intros T x. unfold isFrac. rewrite andb_true_iff, !negb_true_iff.
  split.
  - intros [H1 H2]. split; apply Qnot_le_lt; intros H; apply Qle_bool_iff in H; congruence.
  - intros [H1 H2]. split; destruct (Qle_bool _ _) eqn:E; try reflexivity;
      apply Qle_bool_iff in E; lra.
Qed.

Lemma pick_length : forall T r l, length (pick T r l) = length l.
Proof.
  intros T r l. revert r. induction l as [| x l IH]; intros r; simpl; [reflexivity |].
  destruct (isFull T x); [simpl; rewrite IH; reflexivity |].
  destruct (isFrac T x); [destruct r |]; simpl; rewrite IH; reflexivity.
Qed.

Lemma pick_ones : forall T r l, ones (pick T r l) = (nfull T l + Nat.min r (nfrac T l))%nat.
Proof.
  intros T r l. revert r. unfold ones, nfull, nfrac.
  induction l as [| x l IH]; intros r; simpl; [lia |].
  destruct (isFull T x) eqn:Ef.
  - simpl. rewrite IH. destruct (isFrac T x) eqn:Eg; simpl; [| lia].
    apply isFull_spec in Ef. apply isFrac_spec in Eg. lra.
  - destruct (isFrac T x); [destruct r |]; simpl; rewrite ?IH; lia.
Qed.

(* every picked item is positive, every item left out is not full *)
Lemma pick_in : forall T r l b x, 0 < T -> In (b, x) (combine (pick T r l) l) ->
  (b = true -> 0 < x) /\ (b = false -> ~ x == T).
Proof.
  intros T r l. revert r. induction l as [| y l IH]; intros r b x HT Hin; [destruct Hin |].
  simpl in Hin. destruct (isFull T y) eqn:Ef.
  - destruct Hin as [E | Hin]; [| exact (IH r b x HT Hin)]. injection E as <- <-.
    apply isFull_spec in Ef. split; [intros _; lra | discriminate].
  - assert (Hnf : ~ y == T) by (intros E; apply isFull_spec in E; congruence).
    destruct (isFrac T y) eqn:Eg; [destruct r |];
      (destruct Hin as [E | Hin]; [injection E as <- <- | eapply IH; eassumption]);
      split; try discriminate; try (intros _; exact Hnf).
    intros _. apply isFrac_spec in Eg. lra.
Qed.

Lemma qlsum_full_frac : forall T l, 0 <= T -> (forall x, In x l -> 0 <= x <= T) ->
  qn (nfull T l) * T <= qlsum l /\ qlsum l <= qn (nfull T l + nfrac T l) * T.
Proof.
  intros T l HT. unfold nfull, nfrac. induction l as [| x l IH]; intros Hl; simpl.
  - unfold qn. simpl. split; rewrite Qmult_0_l; lra.
  - assert (Hx : 0 <= x <= T) by (apply Hl; left; reflexivity).
    destruct IH as [IH1 IH2]; [intros y Hy; apply Hl; right; exact Hy |].
    destruct (isFull T x) eqn:Ef; destruct (isFrac T x) eqn:Eg; simpl.
    + apply isFull_spec in Ef. apply isFrac_spec in Eg. lra.
    + apply isFull_spec in Ef. rewrite !qn_S. lra.
    + apply isFrac_spec in Eg. rewrite Nat.add_succ_r, qn_S. lra.
    + assert (x == 0).
      { destruct (Qlt_le_dec 0 x) as [Hp | Hp]; [| lra].
        destruct (Qlt_le_dec x T) as [Ht | Ht].
        - assert (Hc : isFrac T x = true) by (apply isFrac_spec; auto). congruence.
        - assert (Hc : isFull T x = true) by (apply isFull_spec; lra). congruence. }
      lra.
Qed.

Lemma zipWith_length : forall {A B C : Type} (f : A -> B -> C) xs ys,
  length xs = length ys -> length (zipWith f xs ys) = length xs.
Proof. intros A B C f xs. induction xs as [| x xs IH]; intros [| y ys] H; simpl in *; try lia. rewrite IH; lia. Qed.

Lemma nth_zipWith : forall {A B C : Type} (f : A -> B -> C) xs ys a b c j,
  length xs = length ys -> (j < length xs)%nat -> nth j (zipWith f xs ys) c = f (nth j xs a) (nth j ys b).
Proof.
  intros A B C f xs. induction xs as [| x xs IH]; intros [| y ys] a b c j H Hj; simpl in *; try lia.
  destruct j; [reflexivity | apply IH; lia].
Qed.

Lemma in_zipWith : forall {A B C : Type} (f : A -> B -> C) xs ys c, In c (zipWith f xs ys) ->
  exists a b, In (a, b) (combine xs ys) /\ c = f a b.
Proof.
  intros A B C f xs. induction xs as [| x xs IH]; intros [| y ys] c H; simpl in *; try tauto.
  destruct H as [<- | H]; [exists x, y; auto |]. destruct (IH ys c H) as [a [b [Hi E]]]. exists a, b; auto.
Qed.

Lemma in_zipWith_of_combine : forall {A B C : Type} (f : A -> B -> C) xs ys a b,
  In (a, b) (combine xs ys) -> In (f a b) (zipWith f xs ys).
Proof.
  intros A B C f xs. induction xs as [| x xs IH]; intros [| y ys] a b H; simpl in *; try tauto.
  destruct H as [E | H]; [injection E as -> ->; left; reflexivity | right; apply IH; exact H].
Qed.

Lemma fold_min_le : forall T xs, fold_right Qmin T xs <= T /\ forall x, In x xs -> fold_right Qmin T xs <= x.
Proof.
  intros T xs. induction xs as [| y xs [IH1 IH2]]; simpl; [split; [lra | tauto] |].
  split; [apply (Qle_trans _ _ _ (Q.le_min_r _ _)); exact IH1 |].
  intros x [<- | Hx]; [apply Q.le_min_l |]. apply (Qle_trans _ _ _ (Q.le_min_r _ _)). apply IH2; exact Hx.
Qed.

Lemma fold_min_in : forall T xs, fold_right Qmin T xs == T \/ In (fold_right Qmin T xs) xs.
Proof.
  intros T xs. induction xs as [| y xs IH]; simpl; [left; reflexivity |].
  set (m := fold_right Qmin T xs) in *. unfold Qmin, GenericMinMax.gmin.
  destruct (y ?= m); [right; left; reflexivity | right; left; reflexivity |].
  destruct IH as [IH | IH]; [left; exact IH | right; right; exact IH].
Qed.

Lemma fold_min_pos : forall T xs, 0 < T -> (forall x, In x xs -> 0 < x) -> 0 < fold_right Qmin T xs.
Proof.
  intros T xs HT H. destruct (fold_min_in T xs) as [E | E]; [rewrite E; exact HT | apply H; exact E].
Qed.

Lemma filter_lt : forall (S : list bool) (l : list Q) (P P' : Q -> bool) (f : bool -> Q -> Q),
  length S = length l ->
  (forall b x, In (b, x) (combine S l) -> P' (f b x) = true -> P x = true) ->
  (exists b x, In (b, x) (combine S l) /\ P x = true /\ P' (f b x) = false) ->
  (length (filter P' (zipWith f S l)) < length (filter P l))%nat.
Proof.
  intros S l P P' f.
  assert (Hle : forall S l, length S = length l ->
            (forall b x, In (b, x) (combine S l) -> P' (f b x) = true -> P x = true) ->
            (length (filter P' (zipWith f S l)) <= length (filter P l))%nat).
  { intros S0. induction S0 as [| b S0 IH]; intros [| x l0] Hlen Himp; simpl in *; try lia.
    destruct (P' (f b x)) eqn:E1.
    - rewrite (Himp b x (or_introl eq_refl) E1). simpl. apply le_n_S.
      apply IH; [lia | exact (fun b' x' H => Himp b' x' (or_intror H))].
    - destruct (P x); simpl; [apply le_S |]; (apply IH; [lia | exact (fun b' x' H => Himp b' x' (or_intror H))]). }
  revert l. induction S as [| b S IH]; intros [| x l] Hlen Himp [b0 [x0 [Hin [HP HP']]]]; simpl in *; try lia; try tauto.
  assert (Himp' := fun b' x' H => Himp b' x' (or_intror H)).
  destruct Hin as [E | Hin].
  - injection E as <- <-. rewrite HP, HP'. simpl. apply le_n_S. apply Hle; [lia | exact Himp'].
  - destruct (P' (f b x)) eqn:E1.
    + rewrite (Himp b x (or_introl eq_refl) E1). simpl. apply -> Nat.succ_lt_mono.
      apply IH; [lia | exact Himp' | exists b0, x0; auto].
    + assert (Hlt : (length (filter P' (zipWith f S l)) < length (filter P l))%nat)
        by (apply IH; [lia | exact Himp' | exists b0, x0; auto]).
      destruct (P x); simpl; lia.
Qed.

Lemma load_cons : forall J w W j, load ((J, w) :: W) j == (if nth j J false then w else 0) + load W j.
Proof. intros. unfold load. simpl. reflexivity. Qed.

Lemma load_nil : forall j, load [] j == 0.
Proof. intros. reflexivity. Qed.

Lemma qlsum_zipWith_step : forall e S l, length S = length l ->
  qlsum (stepL e S l) == qlsum l - e * qn (ones S).
Proof.
  intros e S. unfold stepL, ones. induction S as [| b S IH]; intros [| x l] H; simpl in *; try lia.
  - unfold qn, inject_Z. simpl. ring.
  - rewrite IH by lia. destruct b; simpl; [rewrite qn_S |]; lra.
Qed.

(* LEMMA M (McNaughton's wrap-around; ours as stated in FORMAT.md section 6): T >= 0,
   0 <= l_i <= T and sum_i l_i = k T give k-sets (masks of length m with k ones) with weights
   >= 0 of total T whose load at i is l_i. Proof: by induction on the number of l_i strictly
   between 0 and T (plus one while T > 0): take every l_i = T and enough other positive l_i to
   make a k-set S, give it the largest weight e that keeps 0 <= l_i - e on S and l_i <= T - e
   off S, and recurse on (T - e, l - e 1_S), where one more l_i reaches 0 or T - e. *)
Theorem lemma_M : forall (k : nat) (T : Q) (l : list Q), 0 <= T ->
  (forall x, In x l -> 0 <= x <= T) -> qlsum l == qn k * T ->
  exists W : list (list bool * Q),
    (forall Jw, In Jw W -> length (fst Jw) = length l /\ ones (fst Jw) = k /\ 0 <= snd Jw) /\
    qlsum (map snd W) == T /\
    (forall j, (j < length l)%nat -> load W j == nth j l 0).
Proof.
  intros k.
  assert (Main : forall n T l, (nfrac T l + (if Qle_bool T 0 then 0 else 1) <= n)%nat -> 0 <= T ->
    (forall x, In x l -> 0 <= x <= T) -> qlsum l == qn k * T ->
    exists W : list (list bool * Q),
      (forall Jw, In Jw W -> length (fst Jw) = length l /\ ones (fst Jw) = k /\ 0 <= snd Jw) /\
      qlsum (map snd W) == T /\ (forall j, (j < length l)%nat -> load W j == nth j l 0)).
  2: { intros T l. apply (Main (nfrac T l + 1)%nat). destruct (Qle_bool T 0); lia. }
  intros n. induction n as [| n IH]; intros T l Hn HT Hl Hsum.
  - (* measure 0: T = 0, so every item is 0 *)
    destruct (Qle_bool T 0) eqn:ET; [| lia]. apply Qle_bool_iff in ET.
    exists []. split; [intros Jw [] |]. split; [simpl; lra |].
    intros j Hj. rewrite load_nil. assert (Hx := Hl (nth j l 0) (nth_In l 0 Hj)). lra.
  - destruct (Qle_bool T 0) eqn:ET.
    + apply Qle_bool_iff in ET. exists []. split; [intros Jw [] |]. split; [simpl; lra |].
      intros j Hj. rewrite load_nil. assert (Hx := Hl (nth j l 0) (nth_In l 0 Hj)). lra.
    + assert (HT0 : 0 < T) by (apply Qnot_le_lt; intros E; apply Qle_bool_iff in E; congruence).
      destruct (qlsum_full_frac T l HT Hl) as [Hlo Hhi].
      assert (Hk1 : (nfull T l <= k)%nat).
      { apply qn_le. apply (Qmult_le_r _ _ T HT0). lra. }
      assert (Hk2 : (k <= nfull T l + nfrac T l)%nat).
      { apply qn_le. apply (Qmult_le_r _ _ T HT0). lra. }
      set (S := pick T (k - nfull T l) l).
      assert (HSl : length S = length l) by apply pick_length.
      assert (HSk : ones S = k) by (unfold S; rewrite pick_ones; lia).
      set (e := epsOf T S l).
      assert (Hgap : forall b x, In (b, x) (combine S l) -> 0 < gap T b x).
      { intros b x Hin. destruct (pick_in T _ l b x HT0 Hin) as [H1 H2].
        assert (Hx : 0 <= x <= T) by (apply Hl; apply (in_combine_r _ _ _ _ Hin)).
        unfold gap. destruct b; [apply H1; reflexivity |].
        assert (~ x == T) by (apply H2; reflexivity).
        destruct (Qeq_dec x T); [contradiction |]. lra. }
      assert (He0 : 0 < e).
      { apply fold_min_pos; [exact HT0 |]. intros y Hy. apply in_zipWith in Hy.
        destruct Hy as [b [x [Hin ->]]]. apply Hgap; exact Hin. }
      destruct (fold_min_le T (zipWith (gap T) S l)) as [HeT Hele]. fold (epsOf T S l) in HeT, Hele. fold e in HeT, Hele.
      assert (Hle : forall b x, In (b, x) (combine S l) -> e <= gap T b x).
      { intros b x Hin. apply Hele. apply in_zipWith_of_combine. exact Hin. }
      set (l' := stepL e S l).
      assert (Hl'len : length l' = length l) by (unfold l', stepL; rewrite zipWith_length; auto).
      assert (Hl' : forall y, In y l' -> 0 <= y <= T - e).
      { intros y Hy. unfold l', stepL in Hy. apply in_zipWith in Hy. destruct Hy as [b [x [Hin ->]]].
        assert (Hx : 0 <= x <= T) by (apply Hl; apply (in_combine_r _ _ _ _ Hin)).
        specialize (Hle b x Hin). unfold gap in Hle. destruct b; lra. }
      assert (Hsum' : qlsum l' == qn k * (T - e)).
      { unfold l'. rewrite qlsum_zipWith_step by exact HSl. rewrite HSk, Hsum. ring. }
      assert (Hmeas : (nfrac (T - e) l' + (if Qle_bool (T - e) 0 then 0 else 1) <= n)%nat).
      { destruct (Qle_bool (T - e) 0) eqn:E'.
        - apply Qle_bool_iff in E'.
          assert (nfrac (T - e) l' = O) as ->.
          { unfold nfrac. destruct (filter _ _) as [| y ys] eqn:Ef; [reflexivity |].
            assert (Hy : In y (filter (isFrac (T - e)) l')) by (rewrite Ef; left; reflexivity).
            apply filter_In in Hy as [_ Hy]. apply isFrac_spec in Hy. lra. }
          lia.
        - assert (HeT' : e < T) by (apply Qnot_le_lt; intros E; assert (Qle_bool (T - e) 0 = true) by (apply Qle_bool_iff; lra); congruence).
          assert (Hlt : (nfrac (T - e) l' < nfrac T l)%nat).
          { unfold nfrac, l', stepL. apply filter_lt; [exact HSl | |].
            - intros b x Hin Hf. apply isFrac_spec in Hf. apply isFrac_spec.
              specialize (Hle b x Hin). unfold gap in Hle. destruct b; lra.
            - destruct (fold_min_in T (zipWith (gap T) S l)) as [E | E]; fold (epsOf T S l) in E; fold e in E; [lra |].
              apply in_zipWith in E. destruct E as [b [x [Hin E]]]. exists b, x. split; [exact Hin |].
              assert (Hx : 0 <= x <= T) by (apply Hl; apply (in_combine_r _ _ _ _ Hin)).
              assert (Hg := Hgap b x Hin). assert (Ee : e == gap T b x) by (rewrite E; reflexivity).
              clear E. unfold gap in Ee, Hg.
              split.
              + apply isFrac_spec. destruct b; split; lra.
              + destruct (isFrac _ _) eqn:Ef; [| reflexivity]. apply isFrac_spec in Ef. destruct b; lra. }
          lia. }
      destruct (IH (T - e) l' Hmeas ltac:(lra) Hl' Hsum') as [W [HW1 [HW2 HW3]]].
      exists ((S, e) :: W). split; [| split].
      * intros Jw [<- | HJw]; [simpl; split; [exact HSl | split; [exact HSk | lra]] |].
        rewrite <- Hl'len. apply HW1. exact HJw.
      * simpl. rewrite HW2. ring.
      * intros j Hj. rewrite load_cons, HW3 by lia. unfold l', stepL.
        rewrite (nth_zipWith _ S l false 0 0 j HSl ltac:(lia)). destruct (nth j S false); ring.
Qed.

(* classes: (value under alpha, accepted rho), rho in lowest terms *)
Definition cls := (bool * Q)%type.

(* structural order and equality on numbers in lowest terms *)
Definition qcmp (a b : Q) : comparison :=
  match Z.compare (Qnum a) (Qnum b) with Eq => Pos.compare (Qden a) (Qden b) | c => c end.
Definition qleS (a b : Q) : bool := match qcmp a b with Gt => false | _ => true end.
Definition qeqS (a b : Q) : bool := Z.eqb (Qnum a) (Qnum b) && Pos.eqb (Qden a) (Qden b).
Definition clsLe (a b : cls) : bool :=
  match fst a, fst b with true, false => true | false, true => false | _, _ => qleS (snd a) (snd b) end.
Definition clsEqb (a b : cls) : bool := Bool.eqb (fst a) (fst b) && qeqS (snd a) (snd b).
Fixpoint listEqb {A : Type} (e : A -> A -> bool) (xs ys : list A) : bool :=
  match xs, ys with
  | [], [] => true
  | x :: xs', y :: ys' => e x y && listEqb e xs' ys'
  | _, _ => false
  end.

(* insertion sort (short lists: the children of one node, the entries of one side record) *)
Fixpoint insertBy {A : Type} (le : A -> A -> bool) (x : A) (l : list A) : list A :=
  match l with [] => [x] | y :: l' => if le x y then x :: l else y :: insertBy le x l' end.
Fixpoint isortBy {A : Type} (le : A -> A -> bool) (l : list A) : list A :=
  match l with [] => [] | x :: l' => insertBy le x (isortBy le l') end.

(* sums in lowest terms *)
Definition qlsumR (xs : list Q) : Q := fold_left (fun acc x => Qred (acc + x)) xs 0.

(* a hash of a list of numbers below 2^22 (only a hint: every lookup compares the keys themselves; a
   small hash keeps PositiveMap's walk over its bits short once extracted) *)
Definition hmod : Z := 4194301%Z.
Definition hstep (h : Z) (x : Q) : Z := Z.modulo (h * 1000003 + Qnum x * 31 + Zpos (Qden x))%Z hmod.
Definition hashQs (seed : Z) (xs : list Q) : positive := Z.to_pos (1 + fold_left hstep xs seed)%Z.
Definition hashCls (xs : list cls) : positive :=
  Z.to_pos (1 + fold_left (fun (h : Z) (c : cls) => hstep (h * 3 + if fst c then 1 else 2)%Z (snd c)) xs 7)%Z.

(* ---------------------------------------------------------------------------------------- *)
(* Side records (FORMAT.md section 6, version 3)                                             *)
(* ---------------------------------------------------------------------------------------- *)

(* A side record as read: need k, capacities c_j, value T, dual v_j. *)
Record SideIn : Type := mkSideIn { inNeed : nat; inCaps : list Q; inValue : Q; inDual : list Q }.
(* As checked: capacities and duals in lowest terms, the pairs sorted by capacity. *)
Record Side : Type := mkSide { sNeed : nat; sCaps : list Q; sValue : Q; sDual : list Q }.

Definition prepSide (r : SideIn) : Side :=
  let ps := isortBy (fun a b => qleS (fst a) (fst b))
              (combine (map Qred (inCaps r)) (map Qred (inDual r))) in
  mkSide (inNeed r) (map fst ps) (Qred (inValue r)) (map snd ps).

(* The side checks: capacity-nonnegative, primal-nonnegative, primal-load, dual-nonnegative,
   dual-value, dual-feasible (the need smallest v_j sum to >= 1, tested as
   k theta - sum_j max(0, theta - v_j) >= 1 at theta = the k-th smallest v_j). *)
Definition sideOKb (s : Side) : bool :=
  let k := sNeed s in let cs := sCaps s in let T := sValue s in let vs := sDual s in
  let theta := nth (pred k) (isortBy Qle_bool vs) 0 in
  Nat.eqb (length cs) (length vs) && negb (Nat.eqb k 0) && Nat.leb k (length cs) &&
  forallb (Qle_bool 0) cs && Qle_bool 0 T &&
  Qle_bool (inject_Z (Z.of_nat k) * T) (qlsumR (map (fun c => Qmin c T) cs)) &&
  forallb (Qle_bool 0) vs &&
  Qeq_bool (qlsumR (zipWith Qmult cs vs)) T &&
  Qle_bool 0 theta &&
  Qle_bool 1 (inject_Z (Z.of_nat k) * theta - qlsumR (map (fun v => Qmax 0 (theta - v)) vs)).

Definition SideMap := PositiveMap.t (list Side).
Definition bucket {A : Type} (h : positive) (m : PositiveMap.t (list A)) : list A :=
  match PositiveMap.find h m with Some b => b | None => [] end.
Definition sideHash (k : nat) (cs : list Q) : positive := hashQs (Z.of_nat k) cs.
Definition addSide (m : SideMap) (s : Side) : SideMap :=
  let h := sideHash (sNeed s) (sCaps s) in PositiveMap.add h (s :: bucket h m) m.
Definition buildSides (ss : list Side) : SideMap := fold_left addSide ss (PositiveMap.empty _).
Definition findSide (m : SideMap) (k : nat) (cs : list Q) : option Side :=
  find (fun s => Nat.eqb (sNeed s) k && listEqb qeqS (sCaps s) cs) (bucket (sideHash k cs) m).

(* ---------------------------------------------------------------------------------------- *)
(* A symmetric aggregator's values by weight, d_down and d_up                                *)
(* ---------------------------------------------------------------------------------------- *)

Definition canon (q w : nat) : list bool := repeat true w ++ repeat false (q - w).
Definition tabOf (phi : Agg) (q : nat) : list bool := map (fun w => phi (canon q w)) (seq 0 (S q)).
Definition tv (tab : list bool) (w : nat) : bool := nth w tab false.
Definition dDown (tab : list bool) (w : nat) : option nat :=
  find (fun k => negb (Bool.eqb (tv tab (w - k)) (tv tab w))) (seq 1 w).
Definition dUp (tab : list bool) (q w : nat) : option nat :=
  find (fun k => negb (Bool.eqb (tv tab (w + k)) (tv tab w))) (seq 1 (q - w)).
Definition constDown (tab : list bool) (w k : nat) : bool :=
  forallb (fun k' => Bool.eqb (tv tab (w - k')) (tv tab w)) (seq 1 (pred k)).
Definition constUp (tab : list bool) (w k : nat) : bool :=
  forallb (fun k' => Bool.eqb (tv tab (w + k')) (tv tab w)) (seq 1 (pred k)).

(* The value of one side of a node: 0 without a side (no change of V that way), else the value
   of the side record keyed by (need, the side's capacities). *)
Definition sideValue (m : SideMap) (o : option nat) (cs : list Q) (const : nat -> bool) : option Q :=
  match o with
  | None => Some 0
  | Some k => if const k then match findSide m k cs with Some s => Some (sValue s) | None => None end
              else None
  end.

(* A node whose children have the classes k: its value under alpha and its accepted rho (the
   sum of its sides' values), or None (record-missing). *)
Definition nodeRes (q : nat) (tab : list bool) (m : SideMap) (k : list cls) : option cls :=
  let w := ones (map fst k) in
  let c1 := map snd (filter fst k) in
  let c0 := map snd (filter (fun c => negb (fst c)) k) in
  match sideValue m (dDown tab w) c1 (constDown tab w), sideValue m (dUp tab q w) c0 (constUp tab w) with
  | Some t1, Some t0 => Some (tv tab w, Qred (t1 + t0))
  | _, _ => None
  end.

(* ---------------------------------------------------------------------------------------- *)
(* The walk over the complete q-ary tree, with a memo of node classes keyed by the sorted    *)
(* children's classes                                                                        *)
(* ---------------------------------------------------------------------------------------- *)

Definition Memo := PositiveMap.t (list (list cls * cls)).
Definition memoFind (mm : Memo) (k : list cls) : option cls :=
  match find (fun e => listEqb clsEqb (fst e) k) (bucket (hashCls k) mm) with
  | Some e => Some (snd e) | None => None end.
Definition memoAdd (mm : Memo) (k : list cls) (r : cls) : Memo :=
  let h := hashCls k in PositiveMap.add h ((k, r) :: bucket h mm) mm.

Definition classOf (q : nat) (tab : list bool) (m : SideMap) (k : list cls) (mm : Memo)
  : option cls * Memo :=
  let s := isortBy clsLe k in
  match memoFind mm s with
  | Some r => (Some r, mm)
  | None => match nodeRes q tab m s with Some r => (Some r, memoAdd mm s r) | None => (None, mm) end
  end.

Definition canonCls (q c : nat) : list cls := repeat (true, 1) c ++ repeat (false, 1) (q - c).
Definition leafTabOf (q : nat) (tab : list bool) (m : SideMap) : list (option cls) :=
  map (fun c => nodeRes q tab m (canonCls q c)) (seq 0 (S q)).

Fixpoint countOnes (get : Z -> bool) (base : Z) (is : list Z) (acc : nat) : nat :=
  match is with [] => acc | i :: is' => countOnes get base is' (if get (base + i)%Z then S acc else acc) end.

Fixpoint goKids (wk : Z -> Memo -> option cls * Memo) (base : Z) (is : list Z) (mm : Memo)
  : option (list cls) * Memo :=
  match is with
  | [] => (Some [], mm)
  | i :: is' =>
      match wk (base + i)%Z mm with
      | (Some c, mm1) => match goKids wk base is' mm1 with
                         | (Some cs, mm2) => (Some (c :: cs), mm2)
                         | (None, mm2) => (None, mm2)
                         end
      | (None, mm1) => (None, mm1)
      end
  end.

Section Walk.
Variables (q : nat) (tab : list bool) (m : SideMap) (leafTab : list (option cls)) (get : Z -> bool).
Let qz : Z := Z.of_nat q.
Let idx : list Z := map Z.of_nat (seq 0 q).

(* The class of node j of height h (its leaves are j q^h .. (j+1) q^h - 1). *)
Fixpoint walk (h : nat) (j : Z) (mm : Memo) : option cls * Memo :=
  match h with
  | O => (Some (get j, 1), mm)
  | S h' =>
      match h' with
      | O => (nth (countOnes get (j * qz) idx O) leafTab None, mm)
      | S _ =>
          match goKids (walk h') (j * qz)%Z idx mm with
          | (Some cs, mm1) => classOf q tab m cs mm1
          | (None, mm1) => (None, mm1)
          end
      end
  end.
End Walk.

(* THE CHECKER of a version-3 certificate of the complete q-ary tree of depth d with the
   symmetric aggregator phi at every node (FORMAT.md section 6, compact uniform form): every
   side record passes its checks, every node side has a side record, and the root's
   accepted value is V. get j is leaf j's bit of alpha (leaves in depth-first order). *)
Definition checkTreeV3 (phi : Agg) (q d : nat) (sides : list SideIn) (get : Z -> bool) (V : Q) : bool :=
  let tab := tabOf phi q in
  let ss := fold_left (fun acc s => prepSide s :: acc) sides [] in
  let m := buildSides ss in
  forallb sideOKb ss && Nat.ltb 0 q &&
  match fst (walk q tab m (leafTabOf q tab m) get d 0%Z (PositiveMap.empty _)) with
  | Some (_, r) => Qeq_bool r V
  | None => false
  end.

(* The leaf at path p = (i_1, ..., i_d) is leaf number sum_k i_k q^(d-k) (depth-first order). *)
Definition leafIndex (q : nat) (p : path) : Z := fold_left (fun acc i => acc * Z.of_nat q + Z.of_nat i)%Z p 0%Z.

(* Examples: maj:3 over leaves at 110 has one ones side (need 1, capacities 1 1), value 2; maj:3
   of depth 2 at 100 111 001 (the certificate `fbs tree fbs` writes for the seed-1 oracle) has
   rho_T = 4; refused: the value 5, a side record's value raised (5 for 4: primal-load), the
   dual 1/2 3/2 (dual-feasible), a side record removed (record-missing). *)
Definition bitsGet (s : list bool) (j : Z) : bool := nth (Z.to_nat j) s false.
Example tiny_maj3 : checkTreeV3 (majAgg 3) 3 1 [mkSideIn 1 [1; 1] 2 [1; 1]] (bitsGet [true; true; false]) 2 = true.
Proof. vm_compute. reflexivity. Qed.
Definition c32 := [mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 2 [1; 1; 1] (3#2) [1#2; 1#2; 1#2]; mkSideIn 1 [2; 2] 4 [1; 1]].
Definition a32 := bitsGet [true;false;false; true;true;true; false;false;true].
Example maj3_depth2_rejects : map (fun x => checkTreeV3 (majAgg 3) 3 2 (fst x) a32 (snd x))
  [(c32, 4); (c32, 5); ([mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 2 [1; 1; 1] (3#2) [1#2; 1#2; 1#2]; mkSideIn 1 [2; 2] 5 [1; 1]], 5);
   ([mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 2 [1; 1; 1] (3#2) [1#2; 1#2; 1#2]; mkSideIn 1 [2; 2] 4 [1#2; 3#2]], 4);
   ([mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 2 [1; 1; 1] (3#2) [1#2; 1#2; 1#2]], 4)]
  = [true; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

(* ======================================================================================== *)
(* Soundness                                                                                 *)
(* ======================================================================================== *)

Lemma insertBy_perm : forall {A : Type} (le : A -> A -> bool) x l, Permutation (insertBy le x l) (x :: l).
Proof.
  intros A le x l. induction l as [| y l IH]; simpl; [reflexivity |].
  destruct (le x y); [reflexivity |]. rewrite IH. apply perm_swap.
Qed.

Lemma isortBy_perm : forall {A : Type} (le : A -> A -> bool) l, Permutation (isortBy le l) l.
Proof.
  intros A le l. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite insertBy_perm. apply perm_skip. exact IH.
Qed.

Lemma filter_split_perm : forall {A : Type} (f : A -> bool) l,
  Permutation (filter f l ++ filter (fun x => negb (f x)) l) l.
Proof.
  intros A f l. induction l as [| x l IH]; simpl; [reflexivity |].
  destruct (f x); simpl; [apply perm_skip; exact IH |].
  rewrite <- Permutation_middle. apply perm_skip. exact IH.
Qed.

Lemma listEqb_eq : forall {A : Type} (e : A -> A -> bool), (forall a b, e a b = true -> a = b) ->
  forall xs ys, listEqb e xs ys = true -> xs = ys.
Proof.
  intros A e He xs. induction xs as [| x xs IH]; intros [| y ys] H; simpl in H; try discriminate; [reflexivity |].
  apply andb_prop in H as [H1 H2]. rewrite (He _ _ H1), (IH _ H2). reflexivity.
Qed.

Lemma qeqS_eq : forall a b, qeqS a b = true -> a = b.
Proof.
  intros [an ad] [bn bd] H. unfold qeqS in H. simpl in H. apply andb_prop in H as [H1 H2].
  apply Z.eqb_eq in H1. apply Pos.eqb_eq in H2. subst. reflexivity.
Qed.

Lemma clsEqb_eq : forall a b, clsEqb a b = true -> a = b.
Proof.
  intros [ab aq] [bb bq] H. unfold clsEqb in H. simpl in H. apply andb_prop in H as [H1 H2].
  apply Bool.eqb_prop in H1. apply qeqS_eq in H2. subst. reflexivity.
Qed.

(* Every entry of a bucket map satisfies P, kept by adding entries that satisfy it. *)
Definition BucketsOK {A : Type} (P : A -> Prop) (m : PositiveMap.t (list A)) : Prop :=
  forall h b, PositiveMap.find h m = Some b -> forall a, In a b -> P a.

Lemma bucket_ok : forall {A : Type} (P : A -> Prop) m h, BucketsOK P m -> forall a, In a (bucket h m) -> P a.
Proof.
  intros A P m h Hm a Ha. unfold bucket in Ha. destruct (PositiveMap.find h m) as [b |] eqn:E; [| destruct Ha].
  exact (Hm h b E a Ha).
Qed.

Lemma bucketsOK_add : forall {A : Type} (P : A -> Prop) m h a, BucketsOK P m -> P a ->
  BucketsOK P (PositiveMap.add h (a :: bucket h m) m).
Proof.
  intros A P m h a Hm Ha h' b E x Hx. destruct (Pos.eq_dec h' h) as [-> | Hne].
  - rewrite PositiveMap.gss in E. injection E as <-. destruct Hx as [<- | Hx]; [exact Ha |].
    exact (bucket_ok P m h Hm x Hx).
  - rewrite PositiveMap.gso in E by exact Hne. exact (Hm h' b E x Hx).
Qed.

Lemma bucketsOK_empty : forall {A : Type} (P : A -> Prop), BucketsOK P (PositiveMap.empty _).
Proof. intros A P h b E. rewrite PositiveMap.gempty in E. discriminate. Qed.

Lemma buildSides_ok : forall ss, BucketsOK (fun s => In s ss) (buildSides ss).
Proof.
  intros ss. unfold buildSides.
  assert (G : forall rest m, BucketsOK (fun s => In s ss) m -> (forall s, In s rest -> In s ss) ->
            BucketsOK (fun s => In s ss) (fold_left addSide rest m)).
  { intros rest. induction rest as [| s rest IH]; intros m Hm Hr; simpl; [exact Hm |].
    apply IH; [| intros; apply Hr; right; assumption].
    apply bucketsOK_add; [exact Hm | apply Hr; left; reflexivity]. }
  apply G; [apply bucketsOK_empty | auto].
Qed.

Lemma findSide_some : forall ss k cs s, findSide (buildSides ss) k cs = Some s ->
  In s ss /\ sNeed s = k /\ sCaps s = cs.
Proof.
  intros ss k cs s H. unfold findSide in H. apply find_some in H as [Hin Hs].
  apply andb_prop in Hs as [H1 H2]. apply Nat.eqb_eq in H1. apply (listEqb_eq _ qeqS_eq) in H2.
  split; [exact (bucket_ok _ _ _ (buildSides_ok ss) s Hin) | auto].
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* What a side record's checks give: Lemma M's k-sets and the dual bound                     *)
(* ---------------------------------------------------------------------------------------- *)

Lemma qlsumR_correct : forall xs, qlsumR xs == qlsum xs.
Proof.
  intros xs. unfold qlsumR.
  assert (G : forall xs a, fold_left (fun acc x => Qred (acc + x)) xs a == a + qlsum xs).
  { intros ys. induction ys as [| y ys IH]; intros a; cbn [fold_left qlsum]; [ring |].
    rewrite IH, Qred_correct. ring. }
  rewrite G. ring.
Qed.

Lemma qlsum_map_nth : forall (f : Q -> Q) xs, qlsum (map f xs) == qsum (length xs) (fun j => f (nth j xs 0)).
Proof.
  intros f xs. rewrite qsum_qlsum. rewrite <- (map_nth_seq Q xs 0) at 1. rewrite map_map. reflexivity.
Qed.

Lemma qlsum_zipWith_nth : forall (f : Q -> Q -> Q) xs ys, length xs = length ys ->
  qlsum (zipWith f xs ys) == qsum (length xs) (fun j => f (nth j xs 0) (nth j ys 0)).
Proof.
  intros f xs ys H. rewrite qsum_qlsum. apply Qle_antisym; apply Qle_lteq; right;
  (assert (E : zipWith f xs ys = map (fun j => f (nth j xs 0) (nth j ys 0)) (seq 0 (length xs)));
   [apply nth_ext with (d := 0) (d' := 0);
    [rewrite map_length, seq_length, zipWith_length by exact H; reflexivity |];
    intros n Hn; rewrite zipWith_length in Hn by exact H;
    rewrite nth_map_seq by exact Hn; apply nth_zipWith; assumption |]);
  rewrite E; reflexivity.
Qed.

(* Lowering: numbers m_j >= 0 of sum >= X >= 0 have parts 0 <= l_j <= m_j of sum X. *)
Lemma lower : forall (ms : list Q) X, 0 <= X -> X <= qlsum ms -> (forall x, In x ms -> 0 <= x) ->
  exists ls, length ls = length ms /\ qlsum ls == X /\
    forall j, (j < length ms)%nat -> 0 <= nth j ls 0 <= nth j ms 0.
Proof.
  intros ms. induction ms as [| x ms IH]; intros X H0 HX Hm; simpl in HX.
  - exists []. split; [reflexivity |]. split; [simpl; lra | intros j Hj; simpl in Hj; lia].
  - assert (Hx : 0 <= x) by (apply Hm; left; reflexivity).
    destruct (Qlt_le_dec x X) as [Hlt | Hle].
    + destruct (IH (X - x) ltac:(lra) ltac:(lra) (fun y Hy => Hm y (or_intror Hy))) as [ls [H1 [H2 H3]]].
      exists (x :: ls). split; [simpl; rewrite H1; reflexivity |]. split; [simpl; rewrite H2; ring |].
      intros [| j] Hj; simpl; [lra | apply H3; simpl in Hj; lia].
    + assert (Hz : 0 <= qlsum ms).
      { clear -Hm. induction ms as [| y ms IH]; simpl; [lra |].
        assert (0 <= y) by (apply Hm; right; left; reflexivity).
        assert (0 <= qlsum ms) by (apply IH; intros z [<- | Hz]; [apply Hm; left; reflexivity | apply Hm; right; right; exact Hz]).
        lra. }
      destruct (IH 0 ltac:(lra) Hz (fun y Hy => Hm y (or_intror Hy))) as [ls [H1 [H2 H3]]].
      exists (X :: ls). split; [simpl; rewrite H1; reflexivity |]. split; [simpl; rewrite H2; ring |].
      intros [| j] Hj; simpl; [lra | apply H3; simpl in Hj; lia].
Qed.

(* The facts a passing side record (k, c, T, v) gives (FORMAT.md section 6, version 3). *)
Definition SideFacts (k : nat) (cs : list Q) (T : Q) (vs : list Q) : Prop :=
  length vs = length cs /\ (1 <= k <= length cs)%nat /\ 0 <= T /\
  (forall j, 0 <= nth j vs 0) /\
  qsum (length cs) (fun j => nth j cs 0 * nth j vs 0) == T /\
  (exists theta, 0 <= theta /\
     1 <= qn k * theta - qsum (length cs) (fun j => Qmax 0 (theta - nth j vs 0))) /\
  (exists W : list (list bool * Q),
     (forall Jw, In Jw W -> length (fst Jw) = length cs /\ ones (fst Jw) = k /\ 0 <= snd Jw) /\
     qlsum (map snd W) == T /\ (forall j, (j < length cs)%nat -> load W j <= nth j cs 0)).

Lemma nth_map' : forall (A B : Type) (f : A -> B) l d d' j, (j < length l)%nat ->
  nth j (map f l) d' = f (nth j l d).
Proof. intros A B f l d d' j Hj. rewrite nth_indep with (d' := f d) by (rewrite map_length; exact Hj). apply map_nth. Qed.

Lemma forallb_nth_nonneg : forall xs, forallb (Qle_bool 0) xs = true -> forall j, 0 <= nth j xs 0.
Proof.
  intros xs H j. destruct (Nat.lt_ge_cases j (length xs)) as [Hj | Hj].
  - rewrite forallb_forall in H. apply Qle_bool_iff. apply H. apply nth_In. exact Hj.
  - rewrite nth_overflow by exact Hj. lra.
Qed.

Lemma sideOK_facts : forall s, sideOKb s = true -> SideFacts (sNeed s) (sCaps s) (sValue s) (sDual s).
Proof.
  intros s H. unfold sideOKb in H.
  repeat match type of H with (_ && _)%bool = true => apply andb_prop in H as [H ?] end.
  rename H into Hlen.
  match goal with
  | H1 : negb (Nat.eqb _ 0) = true, H2 : Nat.leb _ _ = true, H3 : forallb (Qle_bool 0) (sCaps s) = true,
    H4 : Qle_bool 0 (sValue s) = true, H5 : Qle_bool (inject_Z _ * _) _ = true,
    H6 : forallb (Qle_bool 0) (sDual s) = true, H7 : Qeq_bool _ (sValue s) = true,
    H8 : Qle_bool 0 ?th = true, H9 : Qle_bool 1 _ = true |- _ =>
      rename H1 into Hk0, H2 into Hkm, H3 into Hc, H4 into HT, H5 into Hload, H6 into Hv, H7 into Hval,
             H8 into Hth, H9 into Hfeas
  end.
  apply Nat.eqb_eq in Hlen. apply negb_true_iff, Nat.eqb_neq in Hk0. apply Nat.leb_le in Hkm.
  apply Qle_bool_iff in HT, Hload, Hth, Hfeas. apply Qeq_bool_iff in Hval.
  rewrite qlsumR_correct in Hload, Hval, Hfeas.
  set (k := sNeed s) in *. set (cs := sCaps s) in *. set (T := sValue s) in *. set (vs := sDual s) in *.
  split; [symmetry; exact Hlen |]. split; [lia |]. split; [exact HT |].
  split; [apply forallb_nth_nonneg; exact Hv |]. split.
  { rewrite <- Hval, qlsum_zipWith_nth by exact Hlen. reflexivity. }
  split.
  { eexists. split; [exact Hth |]. rewrite qlsum_map_nth, <- Hlen in Hfeas. exact Hfeas. }
  (* the primal: lower the min(c_j, T) to sum k T, then Lemma M *)
  assert (Hcs : forall c, In c cs -> 0 <= c) by (intros c Hin; rewrite forallb_forall in Hc; apply Qle_bool_iff, Hc, Hin).
  destruct (lower (map (fun c => Qmin c T) cs) (qn k * T)) as [ls [Hl1 [Hl2 Hl3]]].
  { apply Qmult_le_0_compat; [apply qn_nonneg | exact HT]. }
  { exact Hload. }
  { intros x Hx. apply in_map_iff in Hx as [c [<- Hin]]. apply Q.min_glb; [apply Hcs; exact Hin | exact HT]. }
  rewrite map_length in Hl1, Hl3.
  destruct (lemma_M k T ls HT) as [W [HW1 [HW2 HW3]]].
  { intros x Hx. apply In_nth with (d := 0) in Hx as [j [Hj <-]]. rewrite Hl1 in Hj.
    specialize (Hl3 j Hj). rewrite (nth_map' _ _ (fun c => Qmin c T) cs 0 0 j Hj) in Hl3.
    split; [lra | apply (Qle_trans _ _ _ (proj2 Hl3)); apply Q.le_min_r]. }
  { exact Hl2. }
  exists W. split; [| split; [exact HW2 |]].
  - intros Jw HJw. rewrite <- Hl1. apply HW1. exact HJw.
  - intros j Hj. rewrite HW3 by lia. specialize (Hl3 j Hj). rewrite (nth_map' _ _ (fun c => Qmin c T) cs 0 0 j Hj) in Hl3.
    apply (Qle_trans _ _ _ (proj2 Hl3)). apply Q.le_min_l.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* Counting and sums over index ranges                                                       *)
(* ---------------------------------------------------------------------------------------- *)

Fixpoint cntI (n : nat) (f : nat -> bool) : nat :=
  match n with O => O | S n' => (cntI n' f + if f n' then 1 else 0)%nat end.

Lemma ones_app : forall x y, ones (x ++ y) = (ones x + ones y)%nat.
Proof. intros x y. unfold ones. rewrite filter_app, app_length. reflexivity. Qed.

Lemma ones_map_seq : forall n f, ones (map f (seq 0 n)) = cntI n f.
Proof.
  induction n as [| n IH]; intros f; [reflexivity |].
  rewrite seq_S, map_app, ones_app, IH. simpl. unfold ones. simpl. destruct (f n); reflexivity.
Qed.

Lemma cntI_ext : forall n f g, (forall i, (i < n)%nat -> f i = g i) -> cntI n f = cntI n g.
Proof.
  induction n as [| n IH]; intros f g E; simpl; [reflexivity |].
  rewrite (IH f g) by (intros; apply E; lia). rewrite E by lia. reflexivity.
Qed.

Lemma cntI_split : forall a b f, cntI (a + b) f = (cntI a f + cntI b (fun i => f (a + i)%nat))%nat.
Proof.
  intros a b f. induction b as [| b IH]; simpl; [rewrite Nat.add_0_r; lia |].
  rewrite Nat.add_succ_r. simpl. rewrite IH. lia.
Qed.

Lemma cntI_le : forall n f, (cntI n f <= n)%nat.
Proof. induction n as [| n IH]; intros f; simpl; [lia |]. specialize (IH f). destruct (f n); lia. Qed.

Lemma cntI_negb : forall n f, cntI n (fun i => negb (f i)) = (n - cntI n f)%nat.
Proof.
  induction n as [| n IH]; intros f; cbn [cntI]; [reflexivity |]. rewrite IH.
  assert (H := cntI_le n f). destruct (f n); cbn [negb]; lia.
Qed.

Lemma cntI_nth : forall M, cntI (length M) (fun i => nth i M false) = ones M.
Proof.
  intros M. rewrite <- ones_map_seq. f_equal. apply map_nth_seq.
Qed.

Lemma cntI_false : forall n f, (forall i, (i < n)%nat -> f i = false) -> cntI n f = O.
Proof.
  induction n as [| n IH]; intros f H; cbn [cntI]; [reflexivity |].
  rewrite IH by (intros i Hi; apply H; lia). rewrite (H n) by lia. reflexivity.
Qed.

Lemma qsum_split : forall a b g, qsum (a + b) g == qsum a g + qsum b (fun i => g (a + i)%nat).
Proof.
  intros a b g. induction b as [| b IH]; simpl; [rewrite Nat.add_0_r; ring |].
  rewrite Nat.add_succ_r. simpl. rewrite IH. ring.
Qed.

Lemma theta_bound : forall n (v : nat -> Q) (B : nat -> bool) th, 0 <= th ->
  (forall i, (i < n)%nat -> 0 <= v i) ->
  qn (cntI n B) * th - qsum n (fun i => Qmax 0 (th - v i)) <= qsum n (fun i => if B i then v i else 0).
Proof.
  induction n as [| n IH]; intros v B th Hth Hv; cbn [cntI qsum].
  - unfold qn. simpl. rewrite Qmult_0_l. lra.
  - assert (IH' := IH v B th Hth (fun i Hi => Hv i ltac:(lia))).
    assert (M1 := Q.le_max_l 0 (th - v n)). assert (M2 := Q.le_max_r 0 (th - v n)).
    destruct (B n).
    + assert (E : qn (cntI n B + 1) * th == qn (cntI n B) * th + th).
      { unfold qn. rewrite Nat2Z.inj_add, inject_Z_plus. simpl. ring. }
      rewrite E. lra.
    + rewrite Nat.add_0_r. lra.
Qed.

Lemma qn_mono : forall a b th, (a <= b)%nat -> 0 <= th -> qn a * th <= qn b * th.
Proof.
  intros a b th H Hth. apply Qmult_le_compat_r; [| exact Hth]. unfold qn. rewrite <- Zle_Qle. lia.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* One side of a node: what its record gives                                                 *)
(* ---------------------------------------------------------------------------------------- *)

Definition sel (B : nat -> bool) (ds : list Q) (j : nat) : Q := if B j then nth j ds 0 else 0.

(* A side of n children (capacities cs) of a node of weight w, moving to weight mv k when k of
   them flip: dual ds, k-sets W, value t. *)
Definition SideSem (tab : list bool) (w : nat) (mv : nat -> nat) (n : nat) (cs : list Q) (t : Q)
  (ds : list Q) (W : list (list bool * Q)) : Prop :=
  length ds = n /\ (forall j, 0 <= nth j ds 0) /\ 0 <= t /\
  qsum n (fun j => nth j cs 0 * nth j ds 0) == t /\ qlsum (map snd W) == t /\
  (forall Jw, In Jw W -> length (fst Jw) = n /\ 0 <= snd Jw /\ tv tab (mv (ones (fst Jw))) <> tv tab w) /\
  (forall j, (j < n)%nat -> load W j <= nth j cs 0) /\
  (forall B : nat -> bool, forall k', (1 <= k' <= cntI n B)%nat -> tv tab (mv k') <> tv tab w ->
     1 <= qsum n (sel B ds)).

Lemma sideSem_of : forall ss tab w (mv : nat -> nat) n cs t,
  forallb sideOKb ss = true -> length cs = n -> (forall j, (j < n)%nat -> 0 <= nth j cs 0) ->
  sideValue (buildSides ss) (find (fun k => negb (Bool.eqb (tv tab (mv k)) (tv tab w))) (seq 1 n)) cs
    (fun k => forallb (fun k' => Bool.eqb (tv tab (mv k')) (tv tab w)) (seq 1 (pred k))) = Some t ->
  exists ds W, SideSem tab w mv n cs t ds W.
Proof.
  intros ss tab w mv n cs t Hss Hcs Hc0 H. unfold sideValue in H.
  destruct (find _ (seq 1 n)) as [k |] eqn:Ef.
  - apply find_some in Ef as [Hk Hch]. apply in_seq in Hk. apply negb_true_iff in Hch.
    destruct (forallb _ (seq 1 (pred k))) eqn:Ec; [| discriminate].
    destruct (findSide (buildSides ss) k cs) as [s |] eqn:Es; [| discriminate]. injection H as <-.
    destruct (findSide_some _ _ _ _ Es) as [Hin [Hk' Hc']].
    assert (Hok : sideOKb s = true) by (rewrite forallb_forall in Hss; apply Hss; exact Hin).
    destruct (sideOK_facts s Hok) as [Hlen [Hkm [HT [Hv [Hval [[th [Hth Hfeas]] [W [HW1 [HW2 HW3]]]]]]]]].
    rewrite Hk', Hc' in *. rewrite Hcs in *.
    exists (sDual s), W. split; [exact Hlen |]. split; [exact Hv |]. split; [exact HT |]. split; [exact Hval |].
    split; [exact HW2 |]. split; [| split; [exact HW3 |]].
    + intros Jw HJw. destruct (HW1 Jw HJw) as [A1 [A2 A3]]. split; [exact A1 | split; [exact A3 |]].
      rewrite A2. intros E. rewrite E, Bool.eqb_reflx in Hch. discriminate.
    + intros B k' Hk'' Hne.
      assert (Hkk : (k <= k')%nat).
      { destruct (Nat.lt_ge_cases k' k) as [Hlt | Hge]; [| exact Hge].
        rewrite forallb_forall in Ec. specialize (Ec k' ltac:(apply in_seq; lia)).
        apply Bool.eqb_prop in Ec. contradiction. }
      assert (Htb := theta_bound n (fun j => nth j (sDual s) 0) B th Hth (fun j _ => Hv j)).
      assert (Hmono := qn_mono k (cntI n B) th ltac:(lia) Hth).
      cbv beta in Htb. unfold sel. lra.
  - injection H as <-. exists (repeat 0 n), []. split; [apply repeat_length |].
    assert (Hz : forall j, nth j (repeat 0 n) 0 == 0).
    { intros j. rewrite nth_repeat. reflexivity. }
    split; [intros j; rewrite Hz; lra |]. split; [lra |]. split.
    { rewrite (qsum_ext n _ (fun _ => 0)) by (intros j _; rewrite Hz; ring).
      clear. induction n as [| n IH]; simpl; [reflexivity | rewrite IH; ring]. }
    split; [reflexivity |]. split; [intros Jw [] |]. split.
    { intros j Hj. unfold load. simpl. exact (Hc0 j Hj). }
    intros B k' Hk' Hne. exfalso. apply Hne.
    assert (Hn := find_none _ _ Ef k' ltac:(apply in_seq; assert (H := cntI_le n B); lia)).
    apply negb_false_iff, Bool.eqb_prop in Hn. exact Hn.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* A node with its ones first: the version-1 record R_u built from its sides                 *)
(* ---------------------------------------------------------------------------------------- *)

Definition zArr (m1 m0 : nat) : list bool := repeat true m1 ++ repeat false m0.
Definition SymBy (phi : Agg) (q : nat) (tab : list bool) : Prop :=
  forall x, length x = q -> phi x = tv tab (ones x).
Definition ext1 (m0 : nat) (W : list (list bool * Q)) : list (list bool * Q) :=
  map (fun Jw => (fst Jw ++ repeat false m0, snd Jw)) W.
Definition ext0 (m1 : nat) (W : list (list bool * Q)) : list (list bool * Q) :=
  map (fun Jw => (repeat false m1 ++ fst Jw, snd Jw)) W.

Lemma ones_repeat : forall b n, ones (repeat b n) = if b then n else O.
Proof. intros b n. induction n as [| n IH]; destruct b; unfold ones in *; simpl in *; lia. Qed.

Lemma zArr_length : forall m1 m0, length (zArr m1 m0) = (m1 + m0)%nat.
Proof. intros. unfold zArr. rewrite app_length, !repeat_length. reflexivity. Qed.

Lemma nth_app_lo : forall {A : Type} (x y : list A) d i, (i < length x)%nat -> nth i (x ++ y) d = nth i x d.
Proof. intros. apply app_nth1. exact H. Qed.
Lemma nth_app_hi : forall {A : Type} (x y : list A) d i, nth (length x + i) (x ++ y) d = nth i y d.
Proof. intros. rewrite app_nth2 by lia. f_equal. lia. Qed.

Lemma nth_repeat_in : forall {A : Type} (a d : A) n i, (i < n)%nat -> nth i (repeat a n) d = a.
Proof. intros. rewrite nth_indep with (d' := a) by (rewrite repeat_length; lia). apply nth_repeat. Qed.

Lemma nth_app_hi' : forall {A : Type} (x y : list A) d n i, length x = n -> nth (n + i) (x ++ y) d = nth i y d.
Proof. intros. subst n. apply nth_app_hi. Qed.

Lemma ones_flip_zArr : forall m1 m0 B, ones (flip (zArr m1 m0) B) =
  (m1 - cntI m1 (fun i => nth i B false) + cntI m0 (fun i => nth (m1 + i) B false))%nat.
Proof.
  intros m1 m0 B. unfold flip. rewrite zArr_length, ones_map_seq, cntI_split.
  rewrite (cntI_ext m1 _ (fun i => negb (nth i B false))).
  2: { intros i Hi. unfold zArr. rewrite nth_app_lo by (rewrite repeat_length; exact Hi).
       rewrite nth_repeat_in by exact Hi. destruct (nth i B false); reflexivity. }
  rewrite cntI_negb. f_equal. apply cntI_ext. intros i Hi. unfold zArr.
  rewrite nth_app_hi' by apply repeat_length. rewrite nth_repeat. destruct (nth (m1 + i) B false); reflexivity.
Qed.

Lemma load_app : forall A B i, load (A ++ B) i == load A i + load B i.
Proof. intros. unfold load. rewrite map_app, qlsum_app. reflexivity. Qed.

Lemma load_cons' : forall Jw W i, load (Jw :: W) i == (if nth i (fst Jw) false then snd Jw else 0) + load W i.
Proof. intros. unfold load. simpl. reflexivity. Qed.

Lemma load_map : forall f W i j,
  (forall Jw, In Jw W -> nth i (fst (f Jw)) false = nth j (fst Jw) false /\ snd (f Jw) = snd Jw) ->
  load (map f W) i == load W j.
Proof.
  intros f W i j H. induction W as [| Jw W IH]; [reflexivity |].
  simpl map. rewrite !load_cons'. destruct (H Jw (or_introl eq_refl)) as [E1 E2]. rewrite E1, E2, IH; [reflexivity |].
  intros; apply H; right; assumption.
Qed.

Lemma load_zero : forall W i, (forall Jw, In Jw W -> nth i (fst Jw) false = false) -> load W i == 0.
Proof.
  intros W i H. induction W as [| Jw W IH]; [reflexivity |].
  rewrite load_cons'. rewrite (H Jw (or_introl eq_refl)), IH by (intros; apply H; right; assumption). ring.
Qed.

Lemma flip_len : forall z B, length (flip z B) = length z.
Proof. intros. unfold flip. rewrite map_length, seq_length. reflexivity. Qed.

Lemma node_arr : forall phi tab m1 m0 c1 c0 t1 t0 d1 d0 W1 W0,
  SymBy phi (m1 + m0) tab -> length c1 = m1 -> length c0 = m0 ->
  SideSem tab m1 (fun k => m1 - k)%nat m1 c1 t1 d1 W1 ->
  SideSem tab m1 (fun k => m1 + k)%nat m0 c0 t0 d0 W0 ->
  phi (zArr m1 m0) = tv tab m1 /\ 0 <= t1 + t0 /\
  LocalChecked (phi, (m1 + m0)%nat, zArr m1 m0, fun i => nth i (c1 ++ c0) 0) (t1 + t0, d1 ++ d0)
    (ext1 m0 W1 ++ ext0 m1 W0).
Proof.
  intros phi tab m1 m0 c1 c0 t1 t0 d1 d0 W1 W0 Hsym Hc1 Hc0
    [Ld1 [Nd1 [Nt1 [V1 [S1 [B1 [L1 F1]]]]]]] [Ld0 [Nd0 [Nt0 [V0 [S0 [B0 [L0 F0]]]]]]].
  assert (Hz : phi (zArr m1 m0) = tv tab m1).
  { rewrite Hsym by apply zArr_length. unfold zArr. rewrite ones_app, !ones_repeat. f_equal. lia. }
  assert (Hflip : forall B, phi (flip (zArr m1 m0) B) =
            tv tab (m1 - cntI m1 (fun i => nth i B false) + cntI m0 (fun i => nth (m1 + i) B false))%nat).
  { intros B. rewrite Hsym by (rewrite flip_len; apply zArr_length). rewrite ones_flip_zArr. reflexivity. }
  assert (Hd : forall i, (i < m1)%nat -> nth i (d1 ++ d0) 0 = nth i d1 0)
    by (intros i Hi; apply nth_app_lo; lia).
  assert (Hd' : forall i, nth (m1 + i) (d1 ++ d0) 0 = nth i d0 0)
    by (intros i; rewrite <- Ld1; apply nth_app_hi).
  assert (Hc : forall i, (i < m1)%nat -> nth i (c1 ++ c0) 0 = nth i c1 0)
    by (intros i Hi; apply nth_app_lo; lia).
  assert (Hc' : forall i, nth (m1 + i) (c1 ++ c0) 0 = nth i c0 0)
    by (intros i; rewrite <- Hc1; apply nth_app_hi).
  split; [exact Hz |]. split; [lra |].
  unfold LocalChecked; cbn [fst snd]. split; [split |]; [| | split; [| split; [| split]]].
  - (* dual-nonnegative *)
    intros i. destruct (Nat.lt_ge_cases i m1) as [Hi | Hi]; [rewrite Hd by exact Hi; apply Nd1 |].
    replace i with (m1 + (i - m1))%nat by lia. rewrite Hd'. apply Nd0.
  - (* dual-feasible: a sensitive block reaches a weight where V changes *)
    intros B HB. unfold Sensitive in HB. rewrite Hflip, Hz in HB. rewrite zArr_length.
    unfold blockWeight. rewrite qsum_split.
    rewrite (qsum_ext m1 _ (sel (fun i => nth i B false) d1)) by (intros i Hi; unfold sel; rewrite Hd by exact Hi; reflexivity).
    rewrite (qsum_ext m0 _ (sel (fun i => nth (m1 + i) B false) d0)) by (intros i Hi; unfold sel; rewrite Hd'; reflexivity).
    assert (P1 : 0 <= qsum m1 (sel (fun i => nth i B false) d1))
      by (apply qsum_nonneg; intros i _; unfold sel; destruct (nth i B false); [apply Nd1 | lra]).
    assert (P0 : 0 <= qsum m0 (sel (fun i => nth (m1 + i) B false) d0))
      by (apply qsum_nonneg; intros i _; unfold sel; destruct (nth (m1 + i) B false); [apply Nd0 | lra]).
    set (a := cntI m1 (fun i => nth i B false)) in *. set (b := cntI m0 (fun i => nth (m1 + i) B false)) in *.
    assert (Ha : (a <= m1)%nat) by apply cntI_le. assert (Hb : (b <= m0)%nat) by apply cntI_le.
    destruct (lt_eq_lt_dec b a) as [[Hlt | Heq] | Hgt].
    + assert (E : (m1 - a + b = m1 - (a - b))%nat) by lia. rewrite E in HB.
      assert (1 <= qsum m1 (sel (fun i => nth i B false) d1)) by (apply (F1 _ (a - b)%nat); [fold a; lia | exact HB]).
      lra.
    + exfalso. apply HB. f_equal. lia.
    + assert (E : (m1 - a + b = m1 + (b - a))%nat) by lia. rewrite E in HB.
      assert (1 <= qsum m0 (sel (fun i => nth (m1 + i) B false) d0)) by (apply (F0 _ (b - a)%nat); [fold b; lia | exact HB]).
      lra.
  - (* dual-value *)
    rewrite qsum_split.
    rewrite (qsum_ext m1 _ (fun j => nth j c1 0 * nth j d1 0)) by (intros i Hi; rewrite Hc, Hd by exact Hi; reflexivity).
    rewrite (qsum_ext m0 _ (fun j => nth j c0 0 * nth j d0 0)) by (intros i Hi; rewrite Hc', Hd'; reflexivity).
    rewrite V1, V0. reflexivity.
  - (* primal-nonnegative, primal-sensitive *)
    intros Jw HJw. apply in_app_or in HJw as [HJw | HJw]; unfold ext1, ext0 in HJw;
      apply in_map_iff in HJw as [[M x] [<- HM]]; cbn [fst snd].
    + destruct (B1 _ HM) as [LM [Nx Ch]]. cbn [fst snd] in LM, Nx, Ch. split; [exact Nx |].
      unfold Sensitive. rewrite Hflip, Hz.
      rewrite (cntI_ext m1 _ (fun i => nth i M false)) by (intros i Hi; apply nth_app_lo; lia).
      rewrite (cntI_false m0) by (intros i Hi; rewrite nth_app_hi' by exact LM; rewrite nth_repeat; reflexivity).
      rewrite <- LM, cntI_nth, Nat.add_0_r. rewrite LM. exact Ch.
    + destruct (B0 _ HM) as [LM [Nx Ch]]. cbn [fst snd] in LM, Nx, Ch. split; [exact Nx |].
      unfold Sensitive. rewrite Hflip, Hz.
      rewrite (cntI_false m1) by (intros i Hi; rewrite nth_app_lo, nth_repeat by (rewrite repeat_length; exact Hi); reflexivity).
      rewrite (cntI_ext m0 _ (fun i => nth i M false)) by (intros i Hi; apply nth_app_hi'; apply repeat_length).
      rewrite <- LM, cntI_nth, Nat.sub_0_r. exact Ch.
  - (* primal-load *)
    intros i Hi. rewrite load_app. unfold ext1, ext0. destruct (Nat.lt_ge_cases i m1) as [Hlo | Hhi].
    + rewrite (load_map _ W1 i i), (load_zero (map _ W0) i).
      * rewrite Hc by exact Hlo. assert (H := L1 i Hlo). lra.
      * intros Jw HJw. apply in_map_iff in HJw as [[M x] [<- _]]. cbn [fst].
        rewrite nth_app_lo, nth_repeat by (rewrite repeat_length; exact Hlo). reflexivity.
      * intros [M x] HM. cbn [fst snd]. split; [| reflexivity]. apply nth_app_lo.
        destruct (B1 _ HM) as [LM _]. cbn [fst] in LM. lia.
    + replace i with (m1 + (i - m1))%nat by lia.
      rewrite (load_zero (map _ W1)), (load_map _ W0 _ (i - m1)%nat).
      * rewrite Hc'. assert (H := L0 (i - m1)%nat ltac:(lia)). lra.
      * intros [M x] HM. cbn [fst snd]. split; [| reflexivity]. apply nth_app_hi'; apply repeat_length.
      * intros Jw HJw. apply in_map_iff in HJw as [[M x] [<- HM]]. cbn [fst].
        destruct (B1 _ HM) as [LM _]. cbn [fst] in LM. rewrite nth_app_hi' by exact LM. rewrite nth_repeat. reflexivity.
  - (* primal-value *)
    rewrite map_app, qlsum_app. unfold ext1, ext0. rewrite !map_map. cbn [snd]. rewrite S1, S0. reflexivity.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* Node classes: what the memo stores                                                        *)
(* ---------------------------------------------------------------------------------------- *)

(* A node whose children have the classes k has class r: r's value bit is phi's value and the
   version-1 local checks hold at (phi, z = the children's bits, c = their rho) with value rho. *)
Definition Good (phi : Agg) (q : nat) (k : list cls) (r : cls) : Prop :=
  length k = q /\ 0 <= snd r /\ fst r = phi (map fst k) /\
  exists d w, LocalChecked (phi, q, map fst k, fun i => snd (nth i k (false, 0))) (snd r, d) w.

Lemma good_perm : forall phi q k k' r, Symmetric phi -> Good phi q k r -> Permutation k k' -> Good phi q k' r.
Proof.
  intros phi q k k' r Hs [Hl [Hr [Hf [d [w HL]]]]] HP. unfold cls in *.
  assert (Hl' : length k' = q) by (rewrite <- (Permutation_length HP); exact Hl).
  destruct (perm_of_Permutation (bool * Q) (false, 0) k' k (Permutation_sym HP)) as [pi [pinv [HIP Hn]]].
  rewrite Hl' in HIP, Hn.
  split; [exact Hl' |]. split; [exact Hr |]. split.
  { rewrite Hf. apply Hs. apply Permutation_map. exact HP. }
  assert (H := local_checked_perm phi q (map fst k) (fun i => snd (nth i k (false, 0)))
                 (map fst k') (fun i => snd (nth i k' (false, 0))) pi pinv (snd r, d) w HIP
                 (fun x Hx => symmetric_permL phi q pi pinv x Hs HIP Hx)).
  exists (permL pi q d 0), (permPrim pi q w). apply H.
  - rewrite map_length. exact Hl.
  - apply nth_ext with (d := false) (d' := false).
    + unfold permL. rewrite !map_length, seq_length. exact Hl'.
    + intros i Hi0. unfold permL in *. rewrite ?map_length, ?seq_length in Hi0.
      assert (Hi : (i < q)%nat) by (rewrite <- Hl'; exact Hi0). rewrite nth_map_seq by exact Hi.
      rewrite (nth_map' _ _ fst k' (false, 0) false i) by exact Hi0. rewrite Hn by exact Hi.
      destruct (HIP i Hi) as [Hpi _].
      rewrite (nth_map' _ _ fst k (false, 0) false (pi i)) by (rewrite Hl; exact Hpi). reflexivity.
  - intros i Hi. rewrite Hn by exact Hi. reflexivity.
  - exact HL.
Qed.

Lemma ones_le : forall l, (ones l <= length l)%nat.
Proof. intros l. unfold ones. induction l as [| b l IH]; simpl; [lia |]. destruct b; simpl; lia. Qed.

Lemma perm_canon_map : forall {A : Type} (f : bool -> A) l,
  Permutation (map f l) (repeat (f true) (ones l) ++ repeat (f false) (length l - ones l)).
Proof.
  intros A f l. induction l as [| b l IH]; [reflexivity |].
  assert (Hle := ones_le l). destruct b; unfold ones in *; cbn [map filter length].
  - apply perm_skip. exact IH.
  - replace (S (length l) - length (filter (fun b => b) l))%nat
      with (S (length l - length (filter (fun b => b) l))) by lia.
    cbn [repeat]. apply Permutation_cons_app. exact IH.
Qed.

Lemma symBy_tabOf : forall phi q, Symmetric phi -> SymBy phi q (tabOf phi q).
Proof.
  intros phi q Hs x Hx. unfold tv, tabOf. assert (Hle := ones_le x).
  rewrite nth_map_seq by lia. apply Hs. unfold canon.
  assert (H := perm_canon_map (fun b => b) x). rewrite map_id, Hx in H. exact H.
Qed.

Lemma LocalChecked_ext : forall phi q z c c' v v' d w, (forall i, (i < q)%nat -> c i == c' i) -> v == v' ->
  LocalChecked (phi, q, z, c) (v, d) w -> LocalChecked (phi, q, z, c') (v', d) w.
Proof.
  intros phi q z c c' v v' d w Hc Hv H. unfold LocalChecked in *. cbn [fst snd] in *.
  destruct H as [H1 [H2 [H3 [H4 H5]]]].
  split; [exact H1 |]. split; [| split; [exact H3 | split]].
  - apply (Qeq_trans _ v); [| exact Hv]. apply (Qeq_trans _ (qsum q (fun i => c i * nth i d 0))); [| exact H2].
    apply qsum_ext. intros i Hi. rewrite Hc by exact Hi. reflexivity.
  - intros i Hi. apply (Qle_trans _ (c i)); [apply H4; exact Hi |]. rewrite Hc by exact Hi. apply Qle_refl.
  - apply (Qeq_trans _ v); [exact H5 | exact Hv].
Qed.

Lemma map_fst_filter_true : forall (k : list cls), map fst (filter fst k) = repeat true (length (filter fst k)).
Proof. intros k. induction k as [| [b x] k IH]; [reflexivity |]. destruct b; simpl; [rewrite IH |]; auto. Qed.
Lemma map_fst_filter_false : forall (k : list cls),
  map fst (filter (fun c => negb (fst c)) k) = repeat false (length (filter (fun c => negb (fst c)) k)).
Proof. intros k. induction k as [| [b x] k IH]; [reflexivity |]. destruct b; simpl; [| rewrite IH]; auto. Qed.
Lemma ones_map_fst : forall (k : list cls), ones (map fst k) = length (filter fst k).
Proof. intros k. unfold ones. induction k as [| [b x] k IH]; [reflexivity |]. destruct b; simpl; auto. Qed.

Lemma nodeRes_good : forall phi q tab ss k r, Symmetric phi -> SymBy phi q tab ->
  forallb sideOKb ss = true -> length k = q -> (forall c, In c k -> 0 <= snd c) ->
  nodeRes q tab (buildSides ss) k = Some r -> Good phi q k r.
Proof.
  intros phi q tab ss k r Hs Hsym Hss Hlen Hnn H. unfold nodeRes in H.
  set (w := ones (map fst k)) in H.
  destruct (sideValue _ (dDown tab w) _ _) as [t1 |] eqn:E1; [| discriminate].
  destruct (sideValue _ (dUp tab q w) _ _) as [t0 |] eqn:E0; [| discriminate].
  injection H as <-.
  set (k1 := filter fst k) in *. set (k0 := filter (fun c => negb (fst c)) k) in *.
  assert (HP : Permutation (k1 ++ k0) k) by apply filter_split_perm.
  assert (Hw : length k1 = w) by (unfold w; rewrite ones_map_fst; reflexivity).
  assert (Hq : (length k1 + length k0)%nat = q) by (rewrite <- app_length, (Permutation_length HP); exact Hlen).
  assert (Hnn' : forall (kk : list cls), (forall c, In c kk -> In c k) ->
            forall j, (j < length (map snd kk))%nat -> 0 <= nth j (map snd kk) 0).
  { intros kk Hin j Hj. assert (Hi := nth_In _ 0 Hj). apply in_map_iff in Hi as [c [<- Hc]].
    apply Hnn, Hin, Hc. }
  assert (Hin1 : forall c, In c k1 -> In c k) by (intros c Hc; apply filter_In in Hc; apply Hc).
  assert (Hin0 : forall c, In c k0 -> In c k) by (intros c Hc; apply filter_In in Hc; apply Hc).
  destruct (sideSem_of ss tab w (fun j => w - j)%nat w (map snd k1) t1 Hss
              ltac:(rewrite map_length; exact Hw)
              (fun j Hj => Hnn' k1 Hin1 j ltac:(rewrite map_length, Hw; exact Hj)) E1) as [d1 [W1 HS1]].
  destruct (sideSem_of ss tab w (fun j => w + j)%nat (q - w) (map snd k0) t0 Hss
              ltac:(rewrite map_length; lia)
              (fun j Hj => Hnn' k0 Hin0 j ltac:(rewrite map_length; lia)) E0) as [d0 [W0 HS0]].
  assert (Hsym' : SymBy phi (w + (q - w)) tab) by (replace (w + (q - w))%nat with q by lia; exact Hsym).
  destruct (node_arr phi tab w (q - w) (map snd k1) (map snd k0) t1 t0 d1 d0 W1 W0 Hsym'
              ltac:(rewrite map_length; exact Hw) ltac:(rewrite map_length; lia) HS1 HS0) as [Hz [Ht HL]].
  assert (Hfst : map fst (k1 ++ k0) = zArr w (q - w)).
  { rewrite map_app. unfold k1, k0. rewrite map_fst_filter_true, map_fst_filter_false. fold k1 k0.
    unfold zArr. f_equal; f_equal; lia. }
  apply (good_perm phi q (k1 ++ k0) k _ Hs); [| exact HP].
  split; [rewrite app_length; exact Hq |]. pose proof (Qred_correct (t1 + t0)) as HR.
  split; [change (0 <= Qred (t1 + t0)); rewrite HR; exact Ht |].
  split; [cbn [fst]; rewrite Hfst, Hz; reflexivity |].
  exists (d1 ++ d0), (ext1 (q - w) W1 ++ ext0 w W0). change (snd (tv tab w, Qred (t1 + t0))) with (Qred (t1 + t0)). rewrite Hfst.
  replace q with (w + (q - w))%nat at 1 by lia.
  apply (LocalChecked_ext _ _ _ (fun i => nth i (map snd k1 ++ map snd k0) 0) _ (t1 + t0)); [| apply Qeq_sym; exact HR | exact HL].
  intros i Hi. rewrite <- map_app. rewrite (nth_map' _ _ snd (k1 ++ k0) (false, 0) 0 i); [reflexivity |].
  rewrite app_length. lia.
Qed.

(* ---------------------------------------------------------------------------------------- *)
(* The memo and the walk                                                                     *)
(* ---------------------------------------------------------------------------------------- *)

Definition MemoOK (phi : Agg) (q : nat) (mm : Memo) : Prop :=
  BucketsOK (fun e : list cls * cls => Good phi q (fst e) (snd e)) mm.

Lemma memoFind_good : forall phi q mm k r, MemoOK phi q mm -> memoFind mm k = Some r -> Good phi q k r.
Proof.
  intros phi q mm k r Hm H. unfold memoFind in H.
  destruct (find _ _) as [e |] eqn:E; [| discriminate]. injection H as <-.
  apply find_some in E as [Hin He]. apply (listEqb_eq _ clsEqb_eq) in He. rewrite <- He.
  exact (bucket_ok _ _ _ Hm e Hin).
Qed.

Lemma memoAdd_ok : forall phi q mm k r, MemoOK phi q mm -> Good phi q k r -> MemoOK phi q (memoAdd mm k r).
Proof. intros. unfold memoAdd. apply bucketsOK_add; assumption. Qed.

Lemma classOf_sound : forall phi q ss cs mm, Symmetric phi -> forallb sideOKb ss = true ->
  MemoOK phi q mm -> length cs = q -> (forall c, In c cs -> 0 <= snd c) ->
  MemoOK phi q (snd (classOf q (tabOf phi q) (buildSides ss) cs mm)) /\
  forall r, fst (classOf q (tabOf phi q) (buildSides ss) cs mm) = Some r -> Good phi q cs r.
Proof.
  intros phi q ss cs mm Hs Hss Hm Hl Hnn. unfold classOf.
  assert (HP := isortBy_perm clsLe cs). set (s := isortBy clsLe cs) in *.
  destruct (memoFind mm s) as [r |] eqn:E.
  - split; [exact Hm |]. intros r' H. injection H as <-.
    apply (good_perm phi q s cs r Hs (memoFind_good phi q mm s r Hm E) HP).
  - assert (Hs' : length s = q) by (rewrite (Permutation_length HP); exact Hl).
    assert (Hnn' : forall c, In c s -> 0 <= snd c) by (intros c Hc; apply Hnn; apply (Permutation_in _ HP Hc)).
    destruct (nodeRes q (tabOf phi q) (buildSides ss) s) as [r |] eqn:En.
    + assert (Hg := nodeRes_good phi q _ ss s r Hs (symBy_tabOf phi q Hs) Hss Hs' Hnn' En).
      split; [apply memoAdd_ok; assumption |]. intros r' H. injection H as <-.
      apply (good_perm phi q s cs r Hs Hg HP).
    + split; [exact Hm | discriminate].
Qed.

(* The model's side: a node of height h at alpha has class c. *)
Definition Correct (phi : Agg) (q h : nat) (a : path -> bool) (c : cls) : Prop :=
  F (uniformQ phi q h) a = fst c /\ 0 <= snd c /\
  exists rec prim, DualChecked (uniformQ phi q h) a rec /\ PrimalChecked (uniformQ phi q h) a rec prim /\
    accepted (uniformQ phi q h) rec == snd c.

Lemma DualChecked_ext : forall T a b rec, (forall p, a p = b p) -> DualChecked T a rec -> DualChecked T b rec.
Proof.
  induction T as [| phi q kids IH]; intros a b rec E H; [exact I |].
  destruct H as [H1 [H2 H3]]. split; [| split; [exact H2 |]].
  - erewrite map_ext; [exact H1 |]. intros i. apply F_ext. intros p. symmetry. apply E.
  - intros i Hi. apply (IH i (sub a i)); [intros p; apply E | apply H3; exact Hi].
Qed.

Lemma PrimalChecked_ext : forall T a b rec prim, (forall p, a p = b p) ->
  PrimalChecked T a rec prim -> PrimalChecked T b rec prim.
Proof.
  induction T as [| phi q kids IH]; intros a b rec prim E H; [exact I |].
  destruct H as [H1 [H2 [H3 H4]]]. split; [| split; [exact H2 | split; [exact H3 |]]].
  - intros Jw HJw. destruct (H1 Jw HJw) as [A1 A2]. split; [exact A1 |].
    erewrite map_ext; [exact A2 |]. intros i. apply F_ext. intros p. symmetry. apply E.
  - intros i Hi. apply (IH i (sub a i)); [intros p; apply E | apply H4; exact Hi].
Qed.

Lemma Correct_ext : forall phi q h a b c, (forall p, a p = b p) -> Correct phi q h a c -> Correct phi q h b c.
Proof.
  intros phi q h a b c E [H1 [H2 [rec [prim [H3 [H4 H5]]]]]].
  split; [rewrite <- H1; apply F_ext; intros p; symmetry; apply E |]. split; [exact H2 |].
  exists rec, prim. split; [apply (DualChecked_ext _ a); assumption |].
  split; [apply (PrimalChecked_ext _ a); assumption | exact H5].
Qed.

(* A node of height h+1 whose children have the classes cs (and are correct) has the class
   the memo gives for cs. *)
Lemma node_assemble : forall phi q h a cs r, Good phi q cs r ->
  (forall i, (i < q)%nat -> Correct phi q h (sub a i) (nth i cs (false, 0))) -> Correct phi q (S h) a r.
Proof.
  intros phi q h a cs r [Hl [Hr [Hf [d [w HL]]]]] Hkids. unfold LocalChecked in HL. unfold cls in *.
  destruct HL as [[Hd1 Hd2] [Hval [Hw [Hload Hsum]]]].
  destruct (finite_choice (Records * Primals)%type (fun _ => (0, []), fun _ => [])
              (fun i rp => DualChecked (uniformQ phi q h) (sub a i) (fst rp) /\
                           PrimalChecked (uniformQ phi q h) (sub a i) (fst rp) (snd rp) /\
                           accepted (uniformQ phi q h) (fst rp) == snd (nth i cs (false, 0))) q)
    as [f Hfp].
  { intros i Hi. destruct (Hkids i Hi) as [_ [_ [rec [prim [A1 [A2 A3]]]]]]. exists (rec, prim). auto. }
  assert (Hz : map (fun i => F (uniformQ phi q h) (sub a i)) (seq 0 q) = map fst cs).
  { apply nth_ext with (d := false) (d' := false); [rewrite !map_length, seq_length; auto |].
    intros i Hi. rewrite map_length, seq_length in Hi. rewrite nth_map_seq by exact Hi.
    rewrite (nth_map' _ _ fst cs (false, 0) false i) by lia. apply (Hkids i Hi). }
  set (rec := fun p : path => match p with [] => (snd r, d) | i :: p' => fst (f i) p' end).
  set (prim := fun p : path => match p with [] => w | i :: p' => snd (f i) p' end).
  assert (Hacc : forall i, (i < q)%nat -> accepted (uniformQ phi q h) (sub rec i) == snd (nth i cs (false, 0))).
  { intros i Hi. exact (proj2 (proj2 (Hfp i Hi))). }
  split; [| split; [exact Hr |]].
  { change (phi (map (fun i => F (uniformQ phi q h) (sub a i)) (seq 0 q)) = fst r). rewrite Hz, Hf. reflexivity. }
  exists rec, prim. split; [| split].
  - change (DualFeasible phi (map (fun i => F (uniformQ phi q h) (sub a i)) (seq 0 q)) d /\
            qsum q (fun i => accepted (uniformQ phi q h) (sub rec i) * nth i d 0) == snd r /\
            (forall i, (i < q)%nat -> DualChecked (uniformQ phi q h) (sub a i) (sub rec i))).
    rewrite Hz. split; [split; assumption |]. split.
    + rewrite <- Hval. apply qsum_ext. intros i Hi. rewrite Hacc by exact Hi. reflexivity.
    + intros i Hi. exact (proj1 (Hfp i Hi)).
  - change ((forall Jw, In Jw w -> 0 <= snd Jw /\
                Sensitive phi (map (fun i => F (uniformQ phi q h) (sub a i)) (seq 0 q)) (fst Jw)) /\
            (forall i, (i < q)%nat -> load w i <= accepted (uniformQ phi q h) (sub rec i)) /\
            qlsum (map snd w) == snd r /\
            (forall i, (i < q)%nat -> PrimalChecked (uniformQ phi q h) (sub a i) (sub rec i) (sub prim i))).
    rewrite Hz. split; [exact Hw |]. split; [| split; [exact Hsum |]].
    + intros i Hi. rewrite Hacc by exact Hi. apply Hload. exact Hi.
    + intros i Hi. exact (proj1 (proj2 (Hfp i Hi))).
  - reflexivity.
Qed.

(* alpha of the subtree of node j (of any height): leaf number j q^|p| + leafIndex p. *)
Definition alphaAt (q : nat) (get : Z -> bool) (j : Z) : path -> bool :=
  fun p => get (j * Z.of_nat q ^ Z.of_nat (length p) + leafIndex q p)%Z.

Lemma leafIndex_shift : forall q p s,
  fold_left (fun acc i => acc * Z.of_nat q + Z.of_nat i)%Z p s = (s * Z.of_nat q ^ Z.of_nat (length p) + leafIndex q p)%Z.
Proof.
  intros q p. unfold leafIndex. induction p as [| x p IH]; intros s; cbn [fold_left length]; [rewrite Z.pow_0_r; lia |].
  rewrite (IH (s * Z.of_nat q + Z.of_nat x)%Z).
  match goal with |- context [fold_left ?f p ?t] =>
    match t with 0%Z => fail 1 | _ => rewrite (IH t) end end.
  rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia. ring.
Qed.

Lemma alphaAt_sub : forall q get j i p,
  sub (alphaAt q get j) i p = alphaAt q get (j * Z.of_nat q + Z.of_nat i)%Z p.
Proof.
  intros q get j i p. unfold sub, alphaAt. f_equal. cbn [length].
  unfold leafIndex at 1. cbn [fold_left]. rewrite leafIndex_shift.
  rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia. ring.
Qed.

Lemma goKids_sound : forall (P : Z -> cls -> Prop) (Inv : Memo -> Prop) wk base is mm,
  (forall j mm, Inv mm -> Inv (snd (wk j mm)) /\ forall c, fst (wk j mm) = Some c -> P j c) ->
  Inv mm -> Inv (snd (goKids wk base is mm)) /\
  forall cs, fst (goKids wk base is mm) = Some cs ->
    length cs = length is /\ forall n, (n < length is)%nat -> P (base + nth n is 0)%Z (nth n cs (false, 0)).
Proof.
  intros P Inv wk base is. induction is as [| i is IH]; intros mm Hwk Hm; simpl.
  - split; [exact Hm |]. intros cs H. injection H as <-. split; [reflexivity | intros n Hn; simpl in Hn; lia].
  - destruct (Hwk (base + i)%Z mm Hm) as [Hm1 Hc].
    destruct (wk (base + i)%Z mm) as [[c |] mm1] eqn:E; cbn [fst snd] in *.
    + destruct (IH mm1 Hwk Hm1) as [Hm2 Hcs].
      destruct (goKids wk base is mm1) as [[cs |] mm2]; cbn [fst snd] in *.
      * split; [exact Hm2 |]. intros cs' H. injection H as <-.
        destruct (Hcs cs eq_refl) as [L Hn]. split; [simpl; rewrite L; reflexivity |].
        intros [| n] Hn'; simpl; [apply Hc; reflexivity | apply Hn; simpl in Hn'; lia].
      * split; [exact Hm2 | discriminate].
    + split; [exact Hm1 | discriminate].
Qed.

Lemma countOnes_ones : forall get base is acc,
  countOnes get base is acc = (acc + ones (map (fun i => get (base + i)%Z) is))%nat.
Proof.
  intros get base is. induction is as [| i is IH]; intros acc; simpl; [unfold ones; simpl; lia |].
  rewrite IH. unfold ones. simpl. destruct (get (base + i)%Z); simpl; lia.
Qed.

Lemma nth_idx : forall q n, (n < q)%nat -> nth n (map Z.of_nat (seq 0 q)) 0%Z = Z.of_nat n.
Proof. intros q n Hn. apply nth_map_seq. exact Hn. Qed.

Lemma walk_sound : forall phi q ss get, Symmetric phi -> forallb sideOKb ss = true ->
  let tab := tabOf phi q in let m := buildSides ss in
  forall h j mm, MemoOK phi q mm ->
    MemoOK phi q (snd (walk q tab m (leafTabOf q tab m) get h j mm)) /\
    forall c, fst (walk q tab m (leafTabOf q tab m) get h j mm) = Some c -> Correct phi q h (alphaAt q get j) c.
Proof.
  intros phi q ss get Hs Hss tab m h. induction h as [| h IH]; intros j mm Hm.
  - split; [exact Hm |]. intros c H. simpl in H. injection H as <-.
    split; [| split; [cbn [snd]; lra |]].
    + simpl. unfold alphaAt. simpl. f_equal. unfold leafIndex. simpl. lia.
    + exists (fun _ => (0, [])), (fun _ => []). split; [exact I | split; [exact I | reflexivity]].
  - destruct h as [| h'].
    + (* parents of leaves: the class by the count of ones *)
      split; [exact Hm |]. intros c H. cbn [walk fst] in H.
      set (cnt := countOnes get (j * Z.of_nat q)%Z (map Z.of_nat (seq 0 q)) O) in H.
      set (cs := map (fun i => (get (j * Z.of_nat q + Z.of_nat i)%Z, 1)) (seq 0 q)).
      assert (Hcnt : cnt = ones (map fst cs)).
      { unfold cnt, cs. rewrite countOnes_ones, !map_map. reflexivity. }
      unfold leafTabOf in H. destruct (Nat.lt_ge_cases cnt (S q)) as [Hlt | Hge].
      2: { rewrite nth_overflow in H by (rewrite map_length, seq_length; exact Hge). discriminate. }
      rewrite (nth_map_seq _ (fun c => nodeRes q tab m (canonCls q c))) in H by exact Hlt.
      assert (Hcl : length (canonCls q cnt) = q).
      { unfold canonCls. rewrite app_length, !repeat_length. lia. }
      assert (Hg := nodeRes_good phi q tab ss _ c Hs (symBy_tabOf phi q Hs) Hss Hcl
                      ltac:(intros x Hx; unfold canonCls in Hx; apply in_app_or in Hx as [Hx | Hx];
                            apply repeat_spec in Hx; subst x; cbn [snd]; lra) H).
      assert (HP : Permutation (canonCls q cnt) cs).
      { assert (E : cs = map (fun b => (b, 1)) (map fst cs)) by (unfold cs; rewrite !map_map; reflexivity).
        rewrite E. symmetry. rewrite Hcnt. unfold canonCls.
        assert (Lq : length (map fst cs) = q) by (unfold cs; rewrite !map_length, seq_length; reflexivity).
        pose proof (perm_canon_map (fun b => (b, 1)) (map fst cs)) as PC. rewrite Lq in PC. exact PC. }
      apply (node_assemble phi q O _ cs c (good_perm phi q _ cs c Hs Hg HP)).
      intros i Hi. unfold cs. rewrite (nth_map_seq _ (fun i => (get (j * Z.of_nat q + Z.of_nat i)%Z, 1))) by exact Hi.
      split; [| split; [cbn [snd]; lra |]].
      * simpl. unfold sub, alphaAt. simpl. f_equal. unfold leafIndex. simpl. lia.
      * exists (fun _ => (0, [])), (fun _ => []). split; [exact I | split; [exact I | reflexivity]].
    + (* higher nodes: the children's classes, then the memo or the side records *)
      cbn [walk].
      destruct (goKids_sound (fun j' c => Correct phi q (S h') (alphaAt q get j') c) (MemoOK phi q)
                  (walk q tab m (leafTabOf q tab m) get (S h')) (j * Z.of_nat q)%Z
                  (map Z.of_nat (seq 0 q)) mm (fun j' mm' H => IH j' mm' H) Hm) as [Hm1 Hcs].
      destruct (goKids _ _ _ mm) as [[cs |] mm1]; cbn [fst snd] in *; [| split; [exact Hm1 | discriminate]].
      destruct (Hcs cs eq_refl) as [Hlen Hkids]. rewrite map_length, seq_length in Hlen, Hkids.
      assert (Hnn : forall c, In c cs -> 0 <= snd c).
      { intros c Hc. apply In_nth with (d := (false, 0)) in Hc as [n [Hn <-]]. rewrite Hlen in Hn.
        exact (proj1 (proj2 (Hkids n Hn))). }
      destruct (classOf_sound phi q ss cs mm1 Hs Hss Hm1 Hlen Hnn) as [Hm2 Hr].
      split; [exact Hm2 |]. intros c H. apply (node_assemble phi q (S h') _ cs c (Hr c H)).
      intros i Hi. specialize (Hkids i Hi). rewrite nth_idx in Hkids by exact Hi.
      apply (Correct_ext _ _ _ (alphaAt q get (j * Z.of_nat q + Z.of_nat i)%Z)); [| exact Hkids].
      intros p. symmetry. apply alphaAt_sub.
Qed.

(* THE REFLECTION LEMMA: a version-3 certificate of the complete q-ary tree of depth d with the
   symmetric aggregator phi, accepted by the checker, proves V = rho_T in the model's words: V
   is the minimum of the global dual LP of F_T at alpha (model/TreeStatements.v), alpha giving
   leaf p = (i_1, ..., i_d) the bit number sum_k i_k q^(d-k) of get (depth-first order). *)
Theorem checkTreeV3_sound : forall phi q d sides get V, Symmetric phi ->
  checkTreeV3 phi q d sides get V = true -> RhoT (uniformQ phi q d) (fun p => get (leafIndex q p)) V.
Proof.
  intros phi q d sides get V Hs H. unfold checkTreeV3 in H.
  apply andb_prop in H as [H HV]. apply andb_prop in H as [Hss _].
  destruct (walk_sound phi q _ get Hs Hss d 0%Z (PositiveMap.empty _) (bucketsOK_empty _))
    as [_ Hw].
  destruct (fst (walk _ _ _ _ _ _ _ _)) as [[b r] |]; [| discriminate].
  apply Qeq_bool_iff in HV.
  destruct (Hw (b, r) eq_refl) as [_ [_ [rec [prim [HD [HP Hacc]]]]]]. cbn [snd] in Hacc.
  assert (E : forall p, alphaAt q get 0 p = get (leafIndex q p)) by (intros p; unfold alphaAt; f_equal; lia).
  apply (DualChecked_ext _ _ _ _ E) in HD. apply (PrimalChecked_ext _ _ _ _ _ E) in HP.
  destruct (tree_certificate _ _ _ _ HD HP) as [[Hfeas Hval] Hmin].
  split.
  - exists (productDual (uniformQ phi q d) rec). split; [exact Hfeas |]. rewrite Hval, Hacc. exact HV.
  - intros t Ht. rewrite <- HV, <- Hacc. exact (Hmin t Ht).
Qed.

(* ======================================================================================== *)
(* The symmetric families the tool writes, and examples                                      *)
(* ======================================================================================== *)

Lemma ones_perm : forall x y, Permutation x y -> ones x = ones y.
Proof.
  intros x y HP. unfold ones. induction HP as [| a l l' _ IH | a b l | l l' l'' _ IH1 _ IH2]; simpl.
  - reflexivity.
  - destruct a; simpl; rewrite IH; reflexivity.
  - destruct a, b; reflexivity.
  - rewrite IH1. exact IH2.
Qed.

Lemma symmetric_AND : forall n, Symmetric (andAgg n).
Proof. intros n x y HP. unfold andAgg. rewrite (ones_perm x y HP). reflexivity. Qed.
Lemma symmetric_OR : forall n, Symmetric (orAgg n).
Proof. intros n x y HP. unfold orAgg. rewrite (ones_perm x y HP). reflexivity. Qed.
Lemma symmetric_PARITY : forall n, Symmetric (parityAgg n).
Proof. intros n x y HP. unfold parityAgg. rewrite (ones_perm x y HP). reflexivity. Qed.
Lemma symmetric_MAJ : forall n, Symmetric (majAgg n).
Proof. intros n x y HP. unfold majAgg. rewrite (ones_perm x y HP). reflexivity. Qed.
Lemma symmetric_THR : forall n T, Symmetric (thrAgg n T).
Proof. intros n T x y HP. unfold thrAgg. rewrite (ones_perm x y HP). reflexivity. Qed.

(* maj:3 of depth 2 at alpha 100 111 001 (the certificate `fbs tree fbs` writes for the seed-1
   oracle): rho_T = 4. *)
(* The same theorem in the statements' words (model/TreeStatements.v): the tree of a family
   F, whose arity q is the tree's branching, of depth d. *)
Corollary checkTreeV3_family_sound : forall (F : Family) d sides get V, Symmetric (eval F) ->
  checkTreeV3 (eval F) (arity F) d sides get V = true ->
  RhoT (uniform F d) (fun p => get (leafIndex (arity F) p)) V.
Proof. intros F d sides get V Hs H. exact (checkTreeV3_sound _ _ _ _ _ _ Hs H). Qed.

Example maj3_depth2 : RhoT (uniform (MAJ 3) 2) (fun p => a32 (leafIndex 3 p)) 4.
Proof. apply (checkTreeV3_family_sound (MAJ 3) _ c32); [apply symmetric_MAJ | vm_compute; reflexivity]. Qed.

Print Assumptions lemma_M.
Print Assumptions sideOK_facts.
Print Assumptions node_arr.
Print Assumptions nodeRes_good.
Print Assumptions walk_sound.
Print Assumptions checkTreeV3_sound.
Print Assumptions checkTreeV3_family_sound.
Print Assumptions maj3_depth2.
