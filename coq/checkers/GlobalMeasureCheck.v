(* GlobalMeasureCheck.v -- the checker of kind `global-measure` (certificates/FORMAT.md section
   11; issue 37): s(f), bs(f), fbs(f) or C(f), the maximum over all 2^q inputs, reached at the
   certificate's input. `checkGlobalMeasure` is a boolean function of the certificate's data;
   its reflection lemma `checkGlobalMeasure_sound` concludes `GlobalMeasureIs` of
   model/Measures.v. The checks are FORMAT.md's, in its words:
   - s and C carry no witness: s_y and C_y are computed at every input y;
   - fbs (bs): a witness at the input (a feasible packing of value v; v pairwise disjoint
     sensitive blocks), and for exactly the inputs y with C_y > v an upper bound: a dual
     feasible at y of value <= v (bs: < v + 1), or, for bs, y named in `packings` and the
     packing dynamic program of checkers/MeasureCheck.v (`best`) giving <= v.
   Where C_y <= v no upper bound is needed: a certificate H of f at y with |H| <= v gives the
   feasible dual 1_H (`indicator_feasible`), so every packing at y is <= |H| (weak duality).

   Speed (ours, issue 37): f is read once into a complete binary tree of its 2^q values
   (`tab`, first coordinate at the root), and the whole-function quantities are computed by
   recursion on that tree rather than input by input:
   - s_y at every y (`stab`): s at (b :: y') is s of the half b at y' plus [f(0 y') <> f(1 y')];
   - C_y at every y (`ctab`, on a table of option bool, None where the function is not
     constant): a subcube through (b :: y') either fixes the first coordinate (a subcube of
     the half b, one more fixed coordinate) or frees it (a subcube through y' on which both
     halves are constant with the same value: the table `agree` of the two halves). So
     C(b :: y') = min(1 + C_half_b(y'), C_agree(y')), O(3^q) steps in all (the 3^q subcubes);
     `ctab_spec` proves it is the least size of a certificate (model/Measures.v);
   - the inputs listed in `upper`/`packings` are counted on a tree (`bump`), and the count at
     every input must be 1 where C_y > v and 0 elsewhere (each listed exactly once).
   The checker runs on the table's function look T; `checkGlobalTable_sound` transfers the
   statement to any f that T represents (they agree on every q-bit input), built from f
   (`checkGlobalMeasure`) or read from a truth table's text (`checkGlobalTT`, TT of
   model/Families.v). Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith Lqa List Lia Bool PeanoNat.
From Coq Require String.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert FbsDuality ExhaustiveCheck SymmetricCheck
  Measures MeasureCheck MeasureChain Families.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Tables: complete binary trees of the values at the 2^q inputs                             *)
(* ======================================================================================== *)

Inductive tab (A : Type) : Type := TL (a : A) | TN (l r : tab A).
Arguments TL {A} a.
Arguments TN {A} l r.

(* The value at input y: the first coordinate picks the half (false: left). A leaf is
   constant below it, at any input. *)
Fixpoint look {A} (t : tab A) (y : list bool) : A :=
  match t with
  | TL a => a
  | TN l r => match y with b :: y' => look (if b then r else l) y' | [] => look l [] end
  end.

(* The half of t where the first coordinate is b. *)
Definition half {A} (b : bool) (t : tab A) : tab A :=
  match t with TL a => TL a | TN l r => if b then r else l end.

Lemma look_cons : forall A (t : tab A) b y, look t (b :: y) = look (half b t) y.
Proof. intros A t b y. destruct t; reflexivity. Qed.

(* The table of g over the inputs of d bits. *)
Fixpoint build {A} (d : nat) (g : list bool -> A) : tab A :=
  match d with
  | O => TL (g [])
  | S d' => TN (build d' (fun y => g (false :: y))) (build d' (fun y => g (true :: y)))
  end.

Lemma look_build : forall A d (g : list bool -> A) y, length y = d -> look (build d g) y = g y.
Proof.
  intros A d. induction d as [| d IH]; intros g [| b y] H; simpl in H; try discriminate.
  - reflexivity.
  - injection H as H. simpl. destruct b; rewrite IH by exact H; reflexivity.
Qed.

(* h applied input by input to two tables (two leaves: one leaf). *)
Fixpoint zipd {A B C} (d : nat) (h : A -> B -> C) (t : tab A) (u : tab B) : tab C :=
  match t, u with
  | TL a, TL b => TL (h a b)
  | _, _ =>
      match d with
      | O => TL (h (look t []) (look u []))
      | S d' => TN (zipd d' h (half false t) (half false u)) (zipd d' h (half true t) (half true u))
      end
  end.

Lemma look_zipd : forall A B C d (h : A -> B -> C) t u y, length y = d ->
  look (zipd d h t u) y = h (look t y) (look u y).
Proof.
  intros A B C d. induction d as [| d IH]; intros h t u y H.
  - destruct y; [| discriminate]. destruct t, u; reflexivity.
  - destruct y as [| b y]; [discriminate |]. injection H as H.
    assert (E : look (zipd (S d) h t u) (b :: y) =
                look (zipd d h (half b t) (half b u)) y).
    { destruct t, u; [destruct b; simpl; rewrite IH by exact H; reflexivity | ..];
        destruct b; reflexivity. }
    rewrite E, IH by exact H. rewrite !look_cons. reflexivity.
Qed.

Fixpoint mapt {A B} (h : A -> B) (t : tab A) : tab B :=
  match t with TL a => TL (h a) | TN l r => TN (mapt h l) (mapt h r) end.

Lemma look_mapt : forall A B (h : A -> B) t y, look (mapt h t) y = h (look t y).
Proof.
  intros A B h. induction t as [a | l IHl r IHr]; intros y; [reflexivity |].
  destruct y as [| [|] y]; simpl; auto.
Qed.

(* The table of a truth table's text (TT of model/Families.v): position bitsIndex 0 y of the
   list, the left half holding the first 2^(d-1) positions. *)
Fixpoint ofList (d : nat) (t : list bool) : tab bool :=
  match d with
  | O => TL (nth 0 t false)
  | S d' => TN (ofList d' (firstn (2 ^ d') t)) (ofList d' (skipn (2 ^ d') t))
  end.

Lemma bitsIndex_shift : forall x acc, bitsIndex acc x = (acc * 2 ^ length x + bitsIndex 0 x)%nat.
Proof.
  induction x as [| b x IH]; intros acc; [simpl; lia |].
  change (bitsIndex acc (b :: x)) with (bitsIndex (2 * acc + (if b then 1 else 0))%nat x).
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite (IH (2 * acc + (if b then 1 else 0))%nat), (IH (2 * 0 + (if b then 1 else 0))%nat).
  change (length (b :: x)) with (S (length x)). rewrite Nat.pow_succ_r'.
  destruct b; lia.
Qed.

Lemma bitsIndex_below : forall x, (bitsIndex 0 x < 2 ^ length x)%nat.
Proof.
  induction x as [| b x IH]; [simpl; lia |].
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite bitsIndex_shift. change (length (b :: x)) with (S (length x)).
  rewrite Nat.pow_succ_r'. destruct b; simpl; lia.
Qed.

Lemma nth_firstn_below : forall (t : list bool) n i, (i < n)%nat -> nth i (firstn n t) false = nth i t false.
Proof.
  induction t as [| a t IH]; intros n i H; destruct n; simpl; try lia.
  - destruct i; reflexivity.
  - destruct i; [reflexivity | apply IH; lia].
Qed.

Lemma nth_skipn_plus : forall (t : list bool) n i, nth i (skipn n t) false = nth (n + i) t false.
Proof.
  induction t as [| a t IH]; intros n i; destruct n; simpl; try reflexivity.
  - destruct i; reflexivity.
  - apply IH.
Qed.

Lemma look_ofList : forall x t, look (ofList (length x) t) x = ttFun t x.
Proof.
  unfold ttFun. induction x as [| b x IH]; intros t; [reflexivity |].
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite bitsIndex_shift. change (length (b :: x)) with (S (length x)).
  cbn [ofList look]. destruct b; simpl.
  - rewrite IH, nth_skipn_plus. f_equal. lia.
  - rewrite IH, nth_firstn_below by apply bitsIndex_below. reflexivity.
Qed.

(* ======================================================================================== *)
(* s_y at every input                                                                         *)
(* ======================================================================================== *)

(* s_y(f): the number of sensitive coordinates (checkers/MeasureCheck.v's list). *)
Definition sensCount (f : Agg) (y : list bool) : nat := length (sensCoords f y).

Fixpoint stab (d : nat) (t : tab bool) : tab nat :=
  match d with
  | O => TL O
  | S d' =>
      let df := zipd d' (fun a b => if Bool.eqb a b then O else 1%nat) (half false t) (half true t) in
      TN (zipd d' Nat.add (stab d' (half false t)) df) (zipd d' Nat.add (stab d' (half true t)) df)
  end.

Lemma filter_map_S : forall (p : nat -> bool) l,
  length (filter p (map S l)) = length (filter (fun i => p (S i)) l).
Proof. intros p l. induction l as [| a l IH]; [reflexivity |]. simpl. destruct (p (S a)); simpl; auto. Qed.

Lemma unitBlock_S : forall n i, unitBlock (S n) (S i) = false :: unitBlock n i.
Proof.
  intros n i. unfold unitBlock. change (seq 0 (S n)) with (0%nat :: seq 1 n).
  rewrite <- seq_shift. cbn [map]. rewrite map_map. reflexivity.
Qed.

Lemma flip_none : forall z B, (forall i, nth i B false = false) -> flip z B = z.
Proof.
  induction z as [| a z IH]; intros B H; [reflexivity |]. rewrite flip_cons.
  assert (H0 := H 0%nat). destruct B as [| c B]; simpl in *.
  - rewrite xorb_false_r, IH; [reflexivity | intros [|]; reflexivity].
  - subst c. rewrite xorb_false_r, IH; [reflexivity | intros i; apply (H (S i))].
Qed.

Lemma map_false_nth : forall (l : list nat) i, nth i (map (fun _ => false) l) false = false.
Proof. induction l as [| a l IH]; intros [| i]; simpl; auto. Qed.

Lemma flip_unit0 : forall b y, flip (b :: y) (unitBlock (S (length y)) 0) = negb b :: y.
Proof.
  intros b y. rewrite flip_cons. unfold unitBlock.
  change (seq 0 (S (length y))) with (0%nat :: seq 1 (length y)). rewrite <- seq_shift.
  cbn [map hd tl]. rewrite map_map. rewrite xorb_true_r. f_equal. apply flip_none. intros i. apply map_false_nth.
Qed.

Lemma sensCount_cons : forall f b y, sensCount f (b :: y) =
  ((if Bool.eqb (f (negb b :: y)) (f (b :: y)) then O else 1) + sensCount (fun z => f (b :: z)) y)%nat.
Proof.
  intros f b y. unfold sensCount, sensCoords. cbn [length].
  change (seq 0 (S (length y))) with (0%nat :: seq 1 (length y)). rewrite <- seq_shift.
  assert (E0 : sensb f (b :: y) (unitBlock (S (length y)) 0) =
               negb (Bool.eqb (f (negb b :: y)) (f (b :: y)))).
  { unfold sensb. rewrite flip_unit0. reflexivity. }
  assert (Ef : filter (fun i => sensb f (b :: y) (unitBlock (S (length y)) (S i))) (seq 0 (length y)) =
               filter (fun i => sensb (fun z => f (b :: z)) y (unitBlock (length y) i)) (seq 0 (length y))).
  { apply filter_ext. intros i. unfold sensb. rewrite unitBlock_S, flip_cons. cbn [hd tl].
    rewrite xorb_false_r. reflexivity. }
  cbn [filter]. rewrite E0.
  destruct (Bool.eqb (f (negb b :: y)) (f (b :: y))); cbn [negb length Nat.add];
    rewrite filter_map_S, Ef; reflexivity.
Qed.

Lemma sensCount_ext : forall f g y, (forall z, f z = g z) -> sensCount f y = sensCount g y.
Proof.
  intros f g y H. unfold sensCount, sensCoords, sensb. f_equal. apply filter_ext. intros i.
  rewrite !H. reflexivity.
Qed.

(* ours: the table stab d t holds s_y of look t at every input y of d bits. *)
Lemma stab_spec : forall d t y, length y = d -> look (stab d t) y = sensCount (look t) y.
Proof.
  induction d as [| d IH]; intros t y H.
  - destruct y; [reflexivity | discriminate].
  - destruct y as [| b y]; [discriminate |]. injection H as H.
    rewrite sensCount_cons, (sensCount_ext _ (look (half b t))) by (intros; apply look_cons).
    rewrite !look_cons.
    destruct b; cbn [stab half negb]; rewrite look_zipd by exact H; rewrite IH by exact H;
      rewrite look_zipd by exact H;
      destruct (look (half false t) y), (look (half true t) y); cbn; lia.
Qed.

(* ======================================================================================== *)
(* C_y at every input                                                                         *)
(* ======================================================================================== *)

(* Both constant with the same value: that value. *)
Definition agree (a b : option bool) : option bool :=
  match a, b with Some x, Some y => if Bool.eqb x y then Some x else None | _, _ => None end.

(* min(1 + a, b), None standing for "no certificate". *)
Definition step (a b : option nat) : option nat :=
  match a, b with
  | Some x, Some y => Some (Nat.min (S x) y)
  | Some x, None => Some (S x)
  | None, b => b
  end.

(* Same value at every input (leaves only: a TN is never compared). *)
Definition sameLeaf (a b : option bool) : bool :=
  match a, b with
  | Some x, Some y => Bool.eqb x y
  | None, None => true
  | _, _ => false
  end.

(* A node, or one leaf when both halves are the same leaf (compression: constant regions and
   regions with no constant value stay one leaf). *)
Definition nodeO (l r : tab (option bool)) : tab (option bool) :=
  match l, r with
  | TL a, TL b => if sameLeaf a b then TL a else TN l r
  | _, _ => TN l r
  end.

Lemma look_nodeO : forall l r y, look (nodeO l r) y = look (TN l r) y.
Proof.
  intros [a | l1 r1] [b | l2 r2] y; try reflexivity. unfold nodeO.
  destruct (sameLeaf a b) eqn:E; [| reflexivity].
  assert (a = b) as <- by (destruct a as [[]|], b as [[]|]; simpl in E; congruence).
  destruct y as [| [|] y]; reflexivity.
Qed.

(* The table of agree, input by input, compressed; None wherever one side is None. *)
Fixpoint zipAgree (d : nat) (t u : tab (option bool)) : tab (option bool) :=
  match t, u with
  | TL None, _ => TL None
  | _, TL None => TL None
  | TL a, TL b => TL (agree a b)
  | _, _ =>
      match d with
      | O => TL (agree (look t []) (look u []))
      | S d' => nodeO (zipAgree d' (half false t) (half false u)) (zipAgree d' (half true t) (half true u))
      end
  end.

Lemma agree_none_r : forall a, agree a None = None.
Proof. intros [[]|]; reflexivity. Qed.

Lemma look_zipAgree : forall d t u y, length y = d ->
  look (zipAgree d t u) y = agree (look t y) (look u y).
Proof.
  induction d as [| d IH]; intros t u y H.
  - destruct y; [| discriminate].
    destruct t as [[a|] | l r], u as [[b|] | l' r']; simpl; rewrite ?agree_none_r; reflexivity.
  - destruct y as [| b y]; [discriminate |]. injection H as H.
    assert (G : look (nodeO (zipAgree d (half false t) (half false u)) (zipAgree d (half true t) (half true u))) (b :: y)
      = agree (look t (b :: y)) (look u (b :: y))).
    { rewrite look_nodeO, !(look_cons _ t), !(look_cons _ u). cbn [look]. destruct b; apply IH, H. }
    destruct t as [[a|] | l r], u as [[c|] | l' r']; cbn [zipAgree];
      rewrite ?agree_none_r; try reflexivity; exact G.
Qed.

(* Some a at a leaf, else None. *)
Definition leafOf {A} (t : tab A) : option A := match t with TL a => Some a | TN _ _ => None end.

Fixpoint ctab (d : nat) (t : tab (option bool)) : tab (option nat) :=
  match leafOf t with
  | Some o => TL (match o with Some _ => Some O | None => None end)
  | None =>
      match d with
      | O => TL (match look t [] with Some _ => Some O | None => None end)
      | S d' =>
          let m := ctab d' (zipAgree d' (half false t) (half true t)) in
          TN (zipd d' step (ctab d' (half false t)) m) (zipd d' step (ctab d' (half true t)) m)
      end
  end.

(* The table of Some o f, compressed. *)
Fixpoint someTable (t : tab bool) : tab (option bool) :=
  match t with TL a => TL (Some a) | TN l r => nodeO (someTable l) (someTable r) end.

Lemma look_someTable : forall t y, look (someTable t) y = Some (look t y).
Proof.
  induction t as [a | l IHl r IHr]; intros y; [reflexivity |]. cbn [someTable].
  rewrite look_nodeO. destruct y as [| [|] y]; simpl; auto.
Qed.

(* H certifies g at y: g takes one value Some b on every input agreeing with y on H. *)
Definition CertO (g : list bool -> option bool) (y H : list bool) : Prop :=
  exists b, forall z, length z = length y ->
    (forall i, (i < length y)%nat -> nth i H false = true -> nth i z false = nth i y false) ->
    g z = Some b.

Lemma setSize_cons : forall d H,
  setSize (S d) H = ((if nth 0 H false then 1 else 0) + setSize d (tl H))%nat.
Proof.
  intros d H. unfold setSize. change (seq 0 (S d)) with (0%nat :: seq 1 d). rewrite <- seq_shift.
  cbn [filter]. assert (E : forall i, nth (S i) H false = nth i (tl H) false)
    by (intros i; destruct H; [destruct i |]; reflexivity).
  destruct (nth 0 H false); cbn [length Nat.add]; rewrite filter_map_S;
    [f_equal |]; f_equal; apply filter_ext; intros i; apply E.
Qed.

Lemma agree_some : forall a b c, agree a b = Some c -> a = Some c /\ b = Some c.
Proof.
  intros [x|] [y|] c H; simpl in H; try discriminate.
  destruct (Bool.eqb x y) eqn:E; [| discriminate]. apply Bool.eqb_prop in E. subst. split; congruence.
Qed.

Lemma step_cases : forall a b c, step a b = Some c ->
  (exists c', a = Some c' /\ c = S c') \/ b = Some c.
Proof.
  intros [x|] [y|] c H; unfold step in H; try (right; congruence).
  - assert (Ec : c = Nat.min (S x) y) by congruence. subst c.
    destruct (Nat.le_ge_cases (S x) y) as [L | L].
    + left. exists x. split; [reflexivity |]. rewrite Nat.min_l by exact L. reflexivity.
    + right. rewrite Nat.min_r by exact L. reflexivity.
  - left. exists x. split; congruence.
Qed.

Lemma step_le_l : forall a b x, a = Some x -> exists c, step a b = Some c /\ (c <= S x)%nat.
Proof. intros a [y|] x ->; eexists; split; [reflexivity | lia | reflexivity | lia]. Qed.

Lemma step_le_r : forall a b y, b = Some y -> exists c, step a b = Some c /\ (c <= y)%nat.
Proof. intros [x|] b y ->; eexists; split; [reflexivity | lia | reflexivity | lia]. Qed.

Lemma setSize_nil : forall d, setSize d [] = O.
Proof.
  intros d. unfold setSize. induction (seq 0 d) as [| i l IH]; [reflexivity |].
  simpl. destruct i; exact IH.
Qed.

Lemma ctab_leaf : forall d t o y, leafOf t = Some o ->
  look (ctab d t) y = match o with Some _ => Some O | None => None end /\
  forall z, look t z = o.
Proof.
  intros d t o y L. destruct t as [a | l r]; [| discriminate]. injection L as <-.
  destruct d; split; reflexivity.
Qed.

(* ours: ctab d t holds, at every input y of d bits, the least size of an H certifying look t
   at y (None: no H certifies it). *)
Lemma ctab_leaf_spec : forall d t o y, leafOf t = Some o ->
  (forall c, look (ctab d t) y = Some c -> exists H, CertO (look t) y H /\ setSize d H = c) /\
  (forall H, CertO (look t) y H -> exists c, look (ctab d t) y = Some c /\ (c <= setSize d H)%nat).
Proof.
  intros d t o y L. destruct (ctab_leaf d t o y L) as [Ec Et]. rewrite Ec. split.
  - intros c Hc. destruct o as [b|]; [| discriminate]. injection Hc as <-. exists [].
    split; [| apply setSize_nil]. exists b. intros z _ _. apply Et.
  - intros H [b Hb]. assert (Hy' := Hb y eq_refl (fun _ _ _ => eq_refl)). rewrite Et in Hy'.
    subst o. eexists; split; [reflexivity | lia].
Qed.

Lemma ctab_spec : forall d t y, length y = d ->
  (forall c, look (ctab d t) y = Some c -> exists H, CertO (look t) y H /\ setSize d H = c) /\
  (forall H, CertO (look t) y H -> exists c, look (ctab d t) y = Some c /\ (c <= setSize d H)%nat).
Proof.
  induction d as [| d IH]; intros t y Hy; destruct (leafOf t) as [o|] eqn:L;
    try exact (ctab_leaf_spec _ t o y L).
  - destruct y; [| discriminate]. cbn [ctab]. rewrite L. cbv beta iota. split.
    + intros c Hc. destruct (look t []) as [b|] eqn:E; [| discriminate]. injection Hc as <-.
      exists []. split; [| reflexivity]. exists b. intros z Hz _. destruct z; [exact E | discriminate].
    + intros H [b Hb]. rewrite (Hb [] eq_refl) by (intros i Hi; simpl in Hi; lia).
      eexists; split; [reflexivity | lia].
  - destruct y as [| a y]; [discriminate |]. injection Hy as Hy.
    set (m := zipAgree d (half false t) (half true t)).
    assert (Hm : forall z, length z = d -> look m z = agree (look t (false :: z)) (look t (true :: z))).
    { intros z Hz. unfold m. rewrite look_zipAgree by exact Hz. rewrite !look_cons. reflexivity. }
    assert (E : look (ctab (S d) t) (a :: y) = step (look (ctab d (half a t)) y) (look (ctab d m) y)).
    { cbn [ctab]. rewrite L. cbv beta iota zeta. fold m. destruct a; cbn [look]; apply look_zipd; exact Hy. }
    rewrite E. destruct (IH (half a t) y Hy) as [IA1 IA2]. destruct (IH m y Hy) as [IM1 IM2].
    split.
    + intros c Hc. apply step_cases in Hc as [[c' [Ha ->]] | Hb].
      * destruct (IA1 c' Ha) as [H [[b Hb] Hs]]. exists (true :: H). split.
        -- exists b. intros [| z0 z] Hz Hag; [discriminate |]. injection Hz as Hz.
           assert (z0 = a) as -> by (apply (Hag 0%nat); simpl; lia).
           rewrite look_cons. apply Hb; [congruence |].
           intros i Hi HH. apply (Hag (S i)); simpl; [lia | exact HH].
        -- rewrite setSize_cons. cbn [nth tl]. lia.
      * destruct (IM1 c Hb) as [H [[b Hb'] Hs]]. exists (false :: H). split.
        -- exists b. intros [| z0 z] Hz Hag; [discriminate |]. injection Hz as Hz.
           assert (Hz' : length z = d) by congruence.
           assert (A : agree (look t (false :: z)) (look t (true :: z)) = Some b).
           { rewrite <- Hm by exact Hz'. apply Hb'; [congruence |].
             intros i Hi HH. apply (Hag (S i)); simpl; [lia | exact HH]. }
           apply agree_some in A as [A0 A1]. destruct z0; assumption.
        -- rewrite setSize_cons. cbn [nth tl]. lia.
    + intros H [b Hb]. rewrite setSize_cons.
      destruct (nth 0 H false) eqn:H0.
      * destruct (IA2 (tl H)) as [x [Hx Hle]].
        { exists b. intros z Hz Hag. rewrite <- look_cons. apply Hb; [simpl; congruence |].
          intros [| i] Hi HH; [reflexivity |]. simpl. apply Hag; [simpl in Hi; lia |].
          destruct H; [destruct i; discriminate | exact HH]. }
        destruct (step_le_l _ (look (ctab d m) y) x Hx) as [c [Hc Hcle]].
        exists c. split; [exact Hc | lia].
      * destruct (IM2 (tl H)) as [x [Hx Hle]].
        { exists b. intros z Hz Hag. rewrite Hm by congruence.
          assert (G : forall z0, look t (z0 :: z) = Some b).
          { intros z0. apply Hb; [simpl; congruence |].
            intros [| i] Hi HH; [congruence |]. simpl. apply Hag; [simpl in Hi; lia |].
            destruct H; [destruct i; discriminate | exact HH]. }
          rewrite !G. simpl. rewrite eqb_reflx. reflexivity. }
        destruct (step_le_r (look (ctab d (half a t)) y) _ x Hx) as [c [Hc Hcle]].
        exists c. split; [exact Hc | lia].
Qed.

(* A certificate of f (model/Measures.v) is exactly an H certifying Some o f. *)
Lemma certO_certificate : forall f y H, CertO (fun z => Some (f z)) y H <-> Certificate f y H.
Proof.
  intros f y H. split.
  - intros [b Hb] z Hz Hag. assert (E1 := Hb z Hz Hag).
    assert (E2 := Hb y eq_refl (fun _ _ _ => eq_refl)). congruence.
  - intros HC. exists (f y). intros z Hz Hag. f_equal. apply HC; assumption.
Qed.

(* ======================================================================================== *)
(* The inputs that need an upper bound, each listed exactly once                              *)
(* ======================================================================================== *)

(* One more at input y. *)
Fixpoint bump (t : tab nat) (y : list bool) : tab nat :=
  match t with
  | TL n => match y with [] => TL (S n) | _ => t end
  | TN l r => match y with b :: y' => if b then TN l (bump r y') else TN (bump l y') r | [] => t end
  end.

Lemma look_bump_other : forall t y z, length y = length z -> y <> z -> look (bump t y) z = look t z.
Proof.
  induction t as [n | l IHl r IHr]; intros y z Hl Hne.
  - destruct y, z; simpl in Hl; try discriminate; [congruence | reflexivity].
  - destruct y as [| b y], z as [| c z]; simpl in Hl; try discriminate; [congruence |].
    injection Hl as Hl. destruct b, c; cbn [bump look]; try reflexivity;
      [apply IHr | apply IHl]; try exact Hl; congruence.
Qed.

Lemma look_bumps_absent : forall L t z, (forall y, In y L -> length y = length z) -> ~ In z L ->
  look (fold_left bump L t) z = look t z.
Proof.
  induction L as [| y L IH]; intros t z HL Hz; [reflexivity |]. cbn [fold_left].
  rewrite IH; [| intros y' Hy'; apply HL; right; exact Hy' | intros Hin; apply Hz; right; exact Hin].
  apply look_bump_other; [apply HL; left; reflexivity | intros ->; apply Hz; left; reflexivity].
Qed.

(* y needs an upper bound: C_y > v (CT is the table of C_y). *)
Definition needsUpper (CT : tab (option nat)) (v : Q) (y : list bool) : bool :=
  match look CT y with Some c => negb (Qle_bool (natQ c) v) | None => true end.

(* Each listed input is one of q bits, and the number of times an input is listed is 1 if it
   needs an upper bound and 0 otherwise. *)
Definition listedExactly (CT : tab (option nat)) (q : nat) (v : Q) (listed : list (list bool)) : bool :=
  forallb (fun y => Nat.eqb (length y) q) listed
  && (let count := fold_left bump listed (build q (fun _ => O)) in
      forallb (fun y => Nat.eqb (look count y) (if needsUpper CT v y then 1 else O)) (allMasks q)).

(* ======================================================================================== *)
(* The checker, on a table T of f (the function it reads is look T)                          *)
(* ======================================================================================== *)

Definition cTable (q : nat) (T : tab bool) : tab (option nat) := ctab q (someTable T).

(* Dual feasibility at y on the table (ours): every block B with t(B) < 1 leaves f unchanged.
   The blocks are walked coordinate by coordinate (B_i = 0: the half of y_i; B_i = 1: the
   other half, t_i added), a branch ending as soon as its weight reaches 1 (t >= 0: every
   block below it is heavy). fy is f(y). *)
Fixpoint lightOK (d : nat) (T : tab bool) (y : list bool) (t : list Q) (fy : bool) (acc : Q) : bool :=
  if Qle_bool 1 acc then true else
  match d, y with
  | O, _ => Bool.eqb (look T []) fy
  | S d', b :: y' =>
      lightOK d' (half b T) y' (tl t) fy acc && lightOK d' (half (negb b) T) y' (tl t) fy (acc + hd 0 t)
  | S _, [] => false
  end.

(* An upper bound at y: a dual of Definition 3.4 with q entries, t >= 0, feasible at y. *)
Definition dualAt (T : tab bool) (q : nat) (e : list bool * list Q) : bool :=
  Nat.eqb (length (snd e)) q && Nat.eqb (length (fst e)) q && forallb (Qle_bool 0) (snd e)
  && lightOK q T (fst e) (snd e) (look T (fst e)) 0.

Definition checkGlobalS (T : tab bool) (q : nat) (x : list bool) (k : nat) : bool :=
  let ST := stab q T in
  Nat.eqb (length x) q && Nat.eqb (look ST x) k
  && forallb (fun y => Nat.leb (look ST y) k) (allMasks q).

Definition checkGlobalC (T : tab bool) (q : nat) (x : list bool) (k : nat) : bool :=
  let CT := cTable q T in
  Nat.eqb (length x) q
  && match look CT x with Some c => Nat.eqb c k | None => false end
  && forallb (fun y => match look CT y with Some c => Nat.leb c k | None => false end) (allMasks q).

Definition checkGlobalFbs (T : tab bool) (q : nat) (x : list bool) (v : Q)
    (witness : list (list bool * Q)) (upper : list (list bool * list Q)) : bool :=
  Nat.eqb (length x) q && primalFeasibleb (look T) x witness && Qeq_bool (primalValue witness) v
  && listedExactly (cTable q T) q v (map fst upper)
  && forallb (fun e => dualAt T q e && Qle_bool (totalWeight q (snd e)) v) upper.

Definition checkGlobalBS (T : tab bool) (q : nat) (x : list bool) (k : nat)
    (witness : list (list bool)) (upper : list (list bool * list Q))
    (packings : list (list bool)) : bool :=
  Nat.eqb (length x) q
  && forallb (fun B => Nat.eqb (length B) q && sensb (look T) x B) witness
  && pairwiseb q witness && Nat.eqb (length witness) k
  && listedExactly (cTable q T) q (natQ k) (map fst upper ++ packings)
  && forallb (fun e => dualAt T q e && negb (Qle_bool (natQ k + 1) (totalWeight q (snd e)))) upper
  && forallb (fun y => Nat.leb (best (look T) y q (repeat true q)) k) packings.

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

Definition checkGlobalTable (m : MeasureName) (T : tab bool) (q : nat) (x : list bool) (v : Q)
    (data : GlobalData) : bool :=
  match m, data with
  | MeasureFbs, DataFbs w u => checkGlobalFbs T q x v w u
  | MeasureS, DataS => match natOfValue v with Some k => checkGlobalS T q x k | None => false end
  | MeasureC, DataC => match natOfValue v with Some k => checkGlobalC T q x k | None => false end
  | MeasureBS, DataBS w u p =>
      match natOfValue v with Some k => checkGlobalBS T q x k w u p | None => false end
  | _, _ => false
  end.

(* The checker of a function f: its table, built from f (2^q values). *)
Definition checkGlobalMeasure (m : MeasureName) (f : Agg) (q : nat) (x : list bool) (v : Q)
    (data : GlobalData) : bool :=
  checkGlobalTable m (build q f) q x v data.

(* The checker of a truth table's text s (TT s of model/Families.v), its table read from s. *)
Definition checkGlobalTT (m : MeasureName) (s : String.string) (q : nat) (x : list bool) (v : Q)
    (data : GlobalData) : bool :=
  checkGlobalTable m (ofList q (bitsOf s)) q x v data.

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


(* A certificate H at y with |H| <= v bounds every packing at y by v (weak duality). *)
Lemma cert_bound : forall f y q H v ws, length y = q -> Certificate f y H ->
  natQ (setSize q H) <= v -> PrimalFeasible f y ws -> primalValue ws <= v.
Proof.
  intros f y q H v ws <- Hc Hs Hws.
  apply (Qle_trans _ _ _ (weak_duality f y ws _ Hws (indicator_feasible f y H Hc))).
  unfold dualValueAt. rewrite indicator_value. exact Hs.
Qed.

Lemma nonneg_nth : forall t, forallb (Qle_bool 0) t = true -> forall i, 0 <= nth i t 0.
Proof.
  induction t as [| a t IH]; intros H i; [destruct i; simpl; lra |].
  simpl in H. apply andb_prop in H as [Ha Ht]. destruct i as [| i]; simpl.
  - apply Qle_bool_iff, Ha.
  - apply IH, Ht.
Qed.

Lemma blockWeight_nonneg : forall d t B, (forall i, 0 <= nth i t 0) -> 0 <= blockWeight d t B.
Proof.
  intros d t B Ht. unfold blockWeight. apply qsum_nonneg. intros i _.
  destruct (nth i B false); [apply Ht | lra].
Qed.

Lemma blockWeight_cons : forall d t B, blockWeight (S d) t B ==
  (if hd false B then hd 0 t else 0) + blockWeight d (tl t) (tl B).
Proof.
  intros d t B. unfold blockWeight. rewrite qsum_shift.
  assert (E : forall i, nth (S i) B false = nth i (tl B) false) by (intros i; destruct B; [destruct i |]; reflexivity).
  assert (E' : forall i, nth (S i) t 0 = nth i (tl t) 0) by (intros i; destruct t; [destruct i |]; reflexivity).
  apply Qplus_comp; [destruct B as [| [|] B], t; reflexivity |].
  apply qsum_ext. intros i _. rewrite E, E'. reflexivity.
Qed.

(* ours: lightOK accepts only if every block B that changes f has acc + t(B) >= 1. *)
Lemma lightOK_sound : forall d T y t fy acc, length y = d -> (forall i, 0 <= nth i t 0) ->
  lightOK d T y t fy acc = true ->
  forall B, look T (flip y B) <> fy -> 1 <= acc + blockWeight d t B.
Proof.
  induction d as [| d IH]; intros T y t fy acc Hy Ht H B HB; cbn [lightOK] in H;
    destruct (Qle_bool 1 acc) eqn:E.
  - apply Qle_bool_iff in E. pose proof (blockWeight_nonneg 0 t B Ht). lra.
  - destruct y; [| discriminate]. apply Bool.eqb_prop in H. rewrite flip_nil in HB. contradiction.
  - apply Qle_bool_iff in E. pose proof (blockWeight_nonneg (S d) t B Ht). lra.
  - destruct y as [| b y]; [discriminate |]. injection Hy as Hy. apply andb_prop in H as [H0 H1].
    assert (Ht' : forall i, 0 <= nth i (tl t) 0) by (intros i; destruct t; [destruct i; simpl; lra | apply (Ht (S i))]).
    rewrite flip_cons, look_cons in HB. rewrite blockWeight_cons.
    destruct (hd false B).
    + rewrite xorb_true_r in HB. pose proof (IH _ _ _ _ _ Hy Ht' H1 (tl B) HB). lra.
    + rewrite xorb_false_r in HB. pose proof (IH _ _ _ _ _ Hy Ht' H0 (tl B) HB). lra.
Qed.

Lemma dualAt_sound : forall T q y t, dualAt T q (y, t) = true -> DualFeasible (look T) y t.
Proof.
  intros T q y t H. unfold dualAt in H. cbn [fst snd] in H.
  apply andb_prop in H as [H Hl]. apply andb_prop in H as [H Hn]. apply andb_prop in H as [_ Hy].
  apply Nat.eqb_eq in Hy. pose proof (nonneg_nth t Hn) as Ht. split; [exact Ht |].
  intros B HB. rewrite Hy. pose proof (lightOK_sound q T y t (look T y) 0 Hy Ht Hl B HB). lra.
Qed.

Lemma certO_table : forall T y H, CertO (look (someTable T)) y H <-> Certificate (look T) y H.
Proof.
  intros T y H. rewrite <- certO_certificate. unfold CertO.
  split; intros [b Hb]; exists b; intros z Hz Ha; specialize (Hb z Hz Ha);
    rewrite look_someTable in *; exact Hb.
Qed.

(* C from the table: c at y is the least size of a certificate of look T at y. *)
Lemma cTable_some : forall T q y c, length y = q -> look (cTable q T) y = Some c ->
  exists H, Certificate (look T) y H /\ setSize q H = c.
Proof.
  intros T q y c Hy Hc. destruct (ctab_spec q (someTable T) y Hy) as [S1 _].
  destruct (S1 c Hc) as [H [HC Hs]]. exists H. split; [apply certO_table, HC | exact Hs].
Qed.

Lemma cTable_least : forall T q y H, length y = q -> Certificate (look T) y H ->
  exists c, look (cTable q T) y = Some c /\ (c <= setSize q H)%nat.
Proof.
  intros T q y H Hy HC. destruct (ctab_spec q (someTable T) y Hy) as [_ S2].
  apply S2, certO_table, HC.
Qed.

(* Every input of q bits has a certificate of at most v coordinates, or is listed. *)
Lemma listed_cover : forall T q v listed y, listedExactly (cTable q T) q v listed = true ->
  length y = q ->
  (exists H, Certificate (look T) y H /\ natQ (setSize q H) <= v) \/ In y listed.
Proof.
  intros T q v listed y H Hy. unfold listedExactly in H. apply andb_prop in H as [Hlen H].
  rewrite forallb_forall in Hlen, H. specialize (H y (in_allMasks_q q y Hy)).
  apply Nat.eqb_eq in H. unfold needsUpper in H.
  assert (Hlisted : look (fold_left bump listed (build q (fun _ => O))) y <> O -> In y listed).
  { intros Hne. destruct (in_dec (list_eq_dec Bool.bool_dec) y listed) as [Hin | Hout]; [exact Hin |].
    exfalso. apply Hne. rewrite look_bumps_absent.
    - rewrite look_build by exact Hy. reflexivity.
    - intros y' Hy'. specialize (Hlen y' Hy'). apply Nat.eqb_eq in Hlen. congruence.
    - exact Hout. }
  destruct (look (cTable q T) y) as [c |] eqn:Ec; [destruct (Qle_bool (natQ c) v) eqn:Ev |].
  - left. destruct (cTable_some T q y c Hy Ec) as [Hc [HC Hs]]. exists Hc. split; [exact HC |].
    rewrite Hs. apply Qle_bool_iff, Ev.
  - right. apply Hlisted. rewrite H. discriminate.
  - right. apply Hlisted. rewrite H. discriminate.
Qed.

Theorem checkGlobalS_sound : forall T q x k, checkGlobalS T q x k = true ->
  MaxSensitivityIs (look T) q x k.
Proof.
  intros T q x k H. unfold checkGlobalS in H.
  apply andb_prop in H as [H Hall]. apply andb_prop in H as [Hq Hx].
  apply Nat.eqb_eq in Hq. apply Nat.eqb_eq in Hx. rewrite stab_spec in Hx by exact Hq.
  split; [exact Hq | split].
  - rewrite <- Hx. apply sensCount_is.
  - intros y k' Hy Hs. rewrite forallb_forall in Hall.
    specialize (Hall y (in_allMasks_q q y Hy)). apply Nat.leb_le in Hall.
    rewrite stab_spec in Hall by exact Hy.
    rewrite (sensitivity_unique (look T) y k' (sensCount (look T) y) Hs (sensCount_is (look T) y)).
    exact Hall.
Qed.

Theorem checkGlobalC_sound : forall T q x k, checkGlobalC T q x k = true ->
  MaxCertificateComplexityIs (look T) q x k.
Proof.
  intros T q x k H. unfold checkGlobalC in H.
  apply andb_prop in H as [H Hall]. apply andb_prop in H as [Hq Hx].
  apply Nat.eqb_eq in Hq. split; [exact Hq | split; [split |]].
  - destruct (look (cTable q T) x) as [c |] eqn:Ec; [| discriminate]. apply Nat.eqb_eq in Hx.
    subst c. rewrite Hq. apply (cTable_some T q x k Hq Ec).
  - intros Hc HC. destruct (cTable_least T q x Hc Hq HC) as [c [Ec Hle]].
    rewrite Ec in Hx. apply Nat.eqb_eq in Hx. subst c. rewrite Hq. exact Hle.
  - intros y Hy. rewrite forallb_forall in Hall. specialize (Hall y (in_allMasks_q q y Hy)).
    destruct (look (cTable q T) y) as [c |] eqn:Ec; [| discriminate]. apply Nat.leb_le in Hall.
    destruct (cTable_some T q y c Hy Ec) as [Hc [HC Hs]]. exists Hc. split; [exact HC | lia].
Qed.

Theorem checkGlobalFbs_sound : forall T q x v w u, checkGlobalFbs T q x v w u = true ->
  MaxFbsIs (look T) q x v.
Proof.
  intros T q x v w u H. unfold checkGlobalFbs in H.
  apply andb_prop in H as [H Hu]. apply andb_prop in H as [H Hl].
  apply andb_prop in H as [H Hv]. apply andb_prop in H as [Hq Hw].
  apply Nat.eqb_eq in Hq. apply Qeq_bool_iff in Hv. apply primalFeasibleb_sound in Hw.
  assert (Hmax : forall y ws, length y = q -> PrimalFeasible (look T) y ws -> primalValue ws <= v).
  { intros y ws Hy Hws. destruct (listed_cover T q v _ y Hl Hy) as [[Hc [HC Hs]] | Hin].
    - exact (cert_bound _ y q Hc v ws Hy HC Hs Hws).
    - apply in_map_iff in Hin as [[y' t] [E Hin]]. simpl in E. subst y'.
      rewrite forallb_forall in Hu. specialize (Hu _ Hin). simpl in Hu.
      apply andb_prop in Hu as [Hd Ht]. apply dualAt_sound in Hd.
      apply Qle_bool_imp_le in Ht.
      apply (Qle_trans _ _ _ (weak_duality _ y ws t Hws Hd)).
      unfold dualValueAt. rewrite Hy. exact Ht. }
  split; [exact Hq | split; [split |]].
  - exists w. split; assumption.
  - intros ws Hws. apply (Hmax x ws Hq Hws).
  - exact Hmax.
Qed.

Theorem checkGlobalBS_sound : forall T q x k w u p, checkGlobalBS T q x k w u p = true ->
  MaxBlockSensitivityIs (look T) q x k.
Proof.
  intros T q x k w u p H. unfold checkGlobalBS in H.
  apply andb_prop in H as [H Hp]. apply andb_prop in H as [H Hu].
  apply andb_prop in H as [H Hl]. apply andb_prop in H as [H Hk].
  apply andb_prop in H as [H Hpw]. apply andb_prop in H as [Hq Hs].
  apply Nat.eqb_eq in Hq. apply Nat.eqb_eq in Hk. apply pairwiseb_sound in Hpw.
  assert (Hw : DisjointSensitive (look T) x w).
  { split; [| rewrite Hq; exact Hpw]. intros B HB. rewrite forallb_forall in Hs.
    specialize (Hs B HB). apply andb_prop in Hs as [H1 H2]. apply Nat.eqb_eq in H1.
    split; [congruence | apply sensitive_of_sensb, H2]. }
  assert (Hmax : forall y Bs, length y = q -> DisjointSensitive (look T) y Bs -> (length Bs <= k)%nat).
  { intros y Bs Hy HD. destruct (disjoint_packing _ y Bs HD) as [Hpf Hpv].
    destruct (listed_cover T q (natQ k) _ y Hl Hy) as [[Hc [HC Hsz]] | Hin].
    - apply natQ_le. rewrite <- Hpv. exact (cert_bound _ y q Hc _ _ Hy HC Hsz Hpf).
    - apply in_app_or in Hin as [Hin | Hin].
      + apply in_map_iff in Hin as [[y' t] [E Hin]]. simpl in E. subst y'.
        rewrite forallb_forall in Hu. specialize (Hu _ Hin). simpl in Hu.
        apply andb_prop in Hu as [Hd Ht]. apply dualAt_sound in Hd.
        apply negb_true_iff in Ht.
        assert (Ht' : totalWeight q t < natQ k + 1).
        { apply Qnot_le_lt. intro E. apply Qle_bool_iff in E. congruence. }
        assert (Hb := weak_duality _ y _ t Hpf Hd). unfold dualValueAt in Hb. rewrite Hy, Hpv in Hb.
        assert (Hlt : natQ (length Bs) < natQ k + 1) by lra.
        unfold natQ, Qlt in Hlt. simpl in Hlt. rewrite !Z.mul_1_r in Hlt. lia.
      + rewrite forallb_forall in Hp. specialize (Hp y Hin). apply Nat.leb_le in Hp.
        destruct HD as [HB HP].
        apply (Nat.le_trans _ (best (look T) y q (repeat true q))); [| exact Hp].
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

(* ======================================================================================== *)
(* From the table's function to f                                                             *)
(* ======================================================================================== *)

(* The statements read f only at inputs of q bits (ours). *)
Lemma sensitive_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall z B, length z = q -> (Sensitive f z B <-> Sensitive g z B).
Proof.
  intros z B Hz. unfold Sensitive.
  rewrite (same (flip z B)) by (unfold flip; rewrite map_length, seq_length; exact Hz).
  rewrite (same z) by exact Hz. tauto.
Qed.

Lemma sensitivityIs_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall z k, length z = q -> SensitivityIs g z k -> SensitivityIs f z k.
Proof.
  intros z k Hz [S [HS [Hl Hi]]]. exists S. split; [exact HS | split; [exact Hl |]].
  intros i. rewrite Hi, (sensitive_same f g q same z _ Hz). tauto.
Qed.

Lemma disjointSensitive_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall z Bs, length z = q ->
  (DisjointSensitive f z Bs <-> DisjointSensitive g z Bs).
Proof.
  intros z Bs Hz. unfold DisjointSensitive.
  split; intros [HB Hp]; split; try exact Hp; intros B HBin; destruct (HB B HBin) as [A C];
    (split; [exact A | apply (sensitive_same f g q same z B Hz); exact C]).
Qed.

Lemma primalFeasible_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall z ws, length z = q ->
  (PrimalFeasible f z ws <-> PrimalFeasible g z ws).
Proof.
  intros z ws Hz. unfold PrimalFeasible.
  split; intros [HB Hl]; split; try exact Hl; intros Jw HJ; destruct (HB Jw HJ) as (A & C & D);
    (split; [exact A | split; [exact C | apply (sensitive_same f g q same z _ Hz); exact D]]).
Qed.

Lemma certificate_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall z H, length z = q -> (Certificate f z H <-> Certificate g z H).
Proof.
  intros z H Hz. unfold Certificate.
  split; intros C y Hy Ha.
  - rewrite <- (same y), <- (same z) by congruence. apply C; assumption.
  - rewrite (same y), (same z) by congruence. apply C; assumption.
Qed.

Lemma globalMeasure_same (f g : Agg) (q : nat) (same : forall y, length y = q -> f y = g y) :
  forall m x v, GlobalMeasureIs m g q x v -> GlobalMeasureIs m f q x v.
Proof.
  intros m x v. destruct m; cbn [GlobalMeasureIs].
  - intros [k [Ek [Hx [Hs Hmax]]]]. exists k. split; [exact Ek |]. split; [exact Hx | split].
    + apply (sensitivityIs_same f g q same); assumption.
    + intros y k' Hy Hs'. apply (Hmax y k' Hy).
      destruct Hs' as [S [HS [Hl Hi]]]. exists S. split; [exact HS | split; [exact Hl |]].
      intros i. rewrite Hi, (sensitive_same f g q same y _ Hy). tauto.
  - intros [k [Ek [Hx [[[Bs [HB HBl]] Hb] Hmax]]]]. exists k. split; [exact Ek |].
    split; [exact Hx | split; [split |]].
    + exists Bs. split; [apply (disjointSensitive_same f g q same); assumption | exact HBl].
    + intros Bs' HB'. apply Hb, (disjointSensitive_same f g q same); assumption.
    + intros y Bs' Hy HB'. apply (Hmax y Bs' Hy), (disjointSensitive_same f g q same); assumption.
  - intros [Hx [[[ws [Hw Ev]] Hb] Hmax]]. split; [exact Hx | split; [split |]].
    + exists ws. split; [apply (primalFeasible_same f g q same); assumption | exact Ev].
    + intros ws' Hw'. apply Hb, (primalFeasible_same f g q same); assumption.
    + intros y ws' Hy Hw'. apply (Hmax y ws' Hy), (primalFeasible_same f g q same); assumption.
  - intros [k [Ek [Hx [[[H [HC Hs]] Hl] Hmax]]]]. exists k. split; [exact Ek |].
    split; [exact Hx | split; [split |]].
    + exists H. split; [apply (certificate_same f g q same); assumption | exact Hs].
    + intros H' HC'. apply Hl, (certificate_same f g q same); assumption.
    + intros y Hy. destruct (Hmax y Hy) as [H' [HC' Hs']]. exists H'.
      split; [apply (certificate_same f g q same); assumption | exact Hs'].
Qed.

Lemma natOfValue_sound : forall v k, natOfValue v = Some k -> v == inject_Z (Z.of_nat k).
Proof.
  intros [n d] k H. unfold natOfValue in H. cbn [Qden Qnum] in H.
  destruct (Pos.eqb d 1) eqn:E; [apply Pos.eqb_eq in E; subst d | discriminate].
  destruct n as [| p | p]; inversion H; subst; unfold Qeq; cbn [Qnum Qden].
  - reflexivity.
  - rewrite positive_nat_Z. reflexivity.
Qed.

(* The checker on a table T of f: sound whenever T holds f's value at every q-bit input. *)
Theorem checkGlobalTable_sound : forall m f T q x v data,
  (forall y, length y = q -> look T y = f y) ->
  checkGlobalTable m T q x v data = true -> GlobalMeasureIs m f q x v.
Proof.
  intros m f T q x v data HT H. apply (globalMeasure_same f (look T) q); [intros y Hy; symmetry; apply HT, Hy |].
  destruct m, data; simpl in H; try discriminate; simpl.
  all: try (destruct (natOfValue v) as [k |] eqn:E; [| discriminate]; exists k;
            split; [apply natOfValue_sound, E |]).
  - apply checkGlobalS_sound, H.
  - eapply checkGlobalBS_sound, H.
  - eapply checkGlobalFbs_sound, H.
  - apply checkGlobalC_sound, H.
Qed.

(* THE REFLECTION LEMMA (ours, issue 37): an accepted global-measure certificate states the
   measure's maximum over all q-bit inputs, reached at x. *)
Theorem checkGlobalMeasure_sound : forall m f q x v data,
  checkGlobalMeasure m f q x v data = true -> GlobalMeasureIs m f q x v.
Proof.
  intros m f q x v data H. apply (checkGlobalTable_sound m f (build q f) q x v data); [| exact H].
  intros y Hy. apply look_build, Hy.
Qed.

(* The same for a truth table's text s: the function is TT s's, ttFun (bitsOf s). *)
Theorem checkGlobalTT_sound : forall m s q x v data,
  checkGlobalTT m s q x v data = true -> GlobalMeasureIs m (ttFun (bitsOf s)) q x v.
Proof.
  intros m s q x v data H. apply (checkGlobalTable_sound m _ (ofList q (bitsOf s)) q x v data); [| exact H].
  intros y <-. apply look_ofList.
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

Print Assumptions ctab_spec.
Print Assumptions stab_spec.
Print Assumptions checkGlobalTable_sound.
Print Assumptions checkGlobalTT_sound.
Print Assumptions checkGlobalMeasure_sound.
Print Assumptions global_examples.
