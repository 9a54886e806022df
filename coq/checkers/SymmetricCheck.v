(* SymmetricCheck.v -- an executable checker for certificates of kind `symmetric`
   (certificates/FORMAT.md section 5): f(x) = V(|x|) is symmetric, the certificate gives the
   point z, a dual constant on the ones of z (t1) and on the zeros of z (t0), and a primal as
   weights y of block *types* (a, b) (a ones and b zeros of z flipped); nothing is enumerated
   per block. The checker makes FORMAT.md's checks over exact rationals, and it is proved sound
   against the model (`checkSymmetric_sound`): if it answers true, v is the optimum of
   Definition 3.4's dual LP and of Definition 3.3's packing LP of f at z, `FbsValue f z v`.
   The Hamming-weight reduction is PROVED here, not assumed: the proof builds a packing of
   actual blocks from the types (each type's weight spread over rotations of the ones and of
   the zeros of z, so every one of z carries a/|z| of it; `symPrimal`), and shows that the
   constant dual meets every sensitive block of the 2^q. Checked by coqc 8.16 (coq/check.sh);
   every Print Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import String QArith Lqa List Lia Bool PeanoNat ZArith NArith Ascii.
From FbsCoq Require Import FbsTrees FbsTreeCert FbsDuality Families.
Import ListNotations.
Open Scope Q_scope.

(* The symmetric function with value V(k) on the inputs of weight k. The families of
   model/Families.v (AND, OR, PARITY, MAJ, THR) are of this form by their definitions. *)
Definition symFun (V : nat -> bool) : Agg := fun x => V (ones x).

Definition natQ (n : nat) : Q := inject_Z (Z.of_nat n).

(* The certificate's dual: t_i = t1 on the ones of z, t0 on its zeros. *)
Definition symDual (z : list bool) (t1 t0 : Q) : list Q := map (fun b : bool => if b then t1 else t0) z.

(* ======================================================================================== *)
(* The checker (FORMAT.md section 5, "What is checked"), w = |z|, n = length z               *)
(* ======================================================================================== *)

(* Every type (a, b, y): y >= 0, a <= w, b <= n - w, and V(w - a + b) <> V(w). *)
Definition typesOK (V : nat -> bool) (z : list bool) (prim : list (nat * nat * Q)) : bool :=
  forallb (fun p => match p with (a, b, y) =>
    Qle_bool 0 y && Nat.leb a (ones z) && Nat.leb b (length z - ones z)%nat
    && negb (Bool.eqb (V (ones z - a + b)%nat) (V (ones z))) end) prim.

(* The loads: sum a*y <= w and sum b*y <= n - w. *)
Definition loadsOK (z : list bool) (prim : list (nat * nat * Q)) : bool :=
  Qle_bool (qlsum (map (fun p => match p with (a, _, y) => natQ a * y end) prim)) (natQ (ones z))
  && Qle_bool (qlsum (map (fun p => match p with (_, b, y) => natQ b * y end) prim))
              (natQ (length z - ones z)%nat).

(* Dual feasibility: t1, t0 >= 0, and for every weight k <= n with V(k) <> V(w),
   (w - k) t1 >= 1 if k < w, (k - w) t0 >= 1 if k > w. *)
Definition dualOK (V : nat -> bool) (z : list bool) (t1 t0 : Q) : bool :=
  Qle_bool 0 t1 && Qle_bool 0 t0
  && forallb (fun k => implb (negb (Bool.eqb (V k) (V (ones z))))
       (if Nat.ltb k (ones z) then Qle_bool 1 (natQ (ones z - k)%nat * t1)
        else Qle_bool 1 (natQ (k - ones z)%nat * t0))) (seq 0 (S (length z))).

Definition checkSymmetric (V : nat -> bool) (z : list bool) (prim : list (nat * nat * Q))
  (t1 t0 v : Q) : bool :=
  (typesOK V z prim && loadsOK z prim && dualOK V z t1 t0
   && Qeq_bool (qlsum (map (fun p => match p with (_, _, y) => y end) prim)) v
   && Qeq_bool (natQ (ones z) * t1 + natQ (length z - ones z)%nat * t0) v)%bool.

(* ======================================================================================== *)
(* Counting along z                                                                          *)
(* ======================================================================================== *)

Lemma natQ_add : forall a b, natQ (a + b) == natQ a + natQ b.
Proof. intros. unfold natQ. rewrite Nat2Z.inj_add, inject_Z_plus. reflexivity. Qed.

Lemma natQ_mul : forall a b, natQ (a * b) == natQ a * natQ b.
Proof. intros. unfold natQ. rewrite Nat2Z.inj_mul, inject_Z_mult. reflexivity. Qed.

Lemma natQ_le : forall a b, (a <= b)%nat -> natQ a <= natQ b.
Proof. intros. unfold natQ. rewrite <- Zle_Qle. lia. Qed.

Lemma natQ_pos : forall a, (0 < a)%nat -> 0 < natQ a.
Proof. intros. unfold natQ. change 0 with (inject_Z 0). rewrite <- Zlt_Qlt. lia. Qed.

Lemma natQ_nonneg : forall a, 0 <= natQ a.
Proof. intros. apply (natQ_le 0). lia. Qed.

Lemma ones_cons : forall x z, ones (x :: z) = ((if x then 1 else 0) + ones z)%nat.
Proof. intros [|] z; reflexivity. Qed.

Lemma ones_le : forall z, (ones z <= length z)%nat.
Proof. induction z as [| x z IH]; [apply Nat.le_refl |]. rewrite ones_cons. cbn [length]. destruct x; lia. Qed.

Lemma nth_tl : forall (B : list bool) i, nth (S i) B false = nth i (tl B) false.
Proof. intros [| b B] i; [destruct i |]; reflexivity. Qed.

Lemma flip_nil : forall B, flip [] B = [].
Proof. reflexivity. Qed.

Lemma flip_cons : forall x z B, flip (x :: z) B = xorb x (hd false B) :: flip z (tl B).
Proof.
  intros x z B. unfold flip. cbn [length seq map]. f_equal.
  - destruct B; reflexivity.
  - rewrite <- seq_shift, map_map. apply map_ext. intros i. rewrite (nth_tl B). reflexivity.
Qed.

(* The number of the coordinates with z_i = s that the block B flips. *)
Fixpoint hits (s : bool) (z B : list bool) : nat :=
  match z with
  | [] => 0
  | x :: z' => ((if Bool.eqb x s && hd false B then 1 else 0) + hits s z' (tl B))%nat
  end.

(* |z^B| = |z| - (ones flipped) + (zeros flipped). *)
Lemma ones_flip : forall z B, (ones (flip z B) + hits true z B = ones z + hits false z B)%nat.
Proof.
  induction z as [| x z IH]; intros B; [reflexivity |].
  rewrite flip_cons, !ones_cons. cbn [hits]. specialize (IH (tl B)).
  destruct x, (hd false B); simpl; lia.
Qed.

Lemma qsum_shift : forall n g, qsum (S n) g == g 0%nat + qsum n (fun i => g (S i)).
Proof.
  induction n as [| n IH]; intros g; [simpl; ring |].
  change (qsum (S (S n)) g) with (qsum (S n) g + g (S n)). rewrite IH. simpl. ring.
Qed.

Lemma blockWeight_cons : forall n x t B,
  blockWeight (S n) (x :: t) B == (if hd false B then x else 0) + blockWeight n t (tl B).
Proof.
  intros n x t B. unfold blockWeight. rewrite qsum_shift.
  rewrite (qsum_ext n _ (fun i => if nth i (tl B) false then nth i t 0 else 0))
    by (intros i _; rewrite nth_tl; reflexivity).
  destruct B; reflexivity.
Qed.

Lemma hits_le : forall s z B, (hits s z B <= length z)%nat.
Proof.
  intros s. induction z as [| x z IH]; intros B; [apply Nat.le_refl |].
  cbn [hits length]. specialize (IH (tl B)). destruct (Bool.eqb x s && hd false B)%bool; lia.
Qed.

(* ======================================================================================== *)
(* The dual: t(B) = (ones flipped) t1 + (zeros flipped) t0, so the weight checks suffice     *)
(* ======================================================================================== *)

Lemma blockWeight_symDual : forall z B t1 t0,
  blockWeight (length z) (symDual z t1 t0) B
  == natQ (hits true z B) * t1 + natQ (hits false z B) * t0.
Proof.
  induction z as [| x z IH]; intros B t1 t0.
  - unfold blockWeight. simpl. unfold natQ. simpl. ring.
  - cbn [length hits]. unfold symDual. cbn [map]. fold (symDual z t1 t0).
    rewrite blockWeight_cons, IH, !natQ_add.
    destruct x, (hd false B); cbn [Bool.eqb andb]; unfold natQ; simpl; ring.
Qed.

Lemma symDual_nonneg : forall z t1 t0 i, 0 <= t1 -> 0 <= t0 -> 0 <= nth i (symDual z t1 t0) 0.
Proof.
  induction z as [| x z IH]; intros t1 t0 i H1 H0; [destruct i; simpl; lra |].
  destruct i as [| i]; [destruct x; simpl; assumption |]. apply IH; assumption.
Qed.

Lemma forallb_seq : forall (p : nat -> bool) n k, forallb p (seq 0 n) = true -> (k < n)%nat ->
  p k = true.
Proof. intros p n k H Hk. rewrite forallb_forall in H. apply H, in_seq. lia. Qed.

Theorem dualOK_sound : forall V z t1 t0, dualOK V z t1 t0 = true ->
  DualFeasible (symFun V) z (symDual z t1 t0).
Proof.
  intros V z t1 t0 H. unfold dualOK in H. apply andb_prop in H as [H Hk].
  apply andb_prop in H as [H1 H0]. apply Qle_bool_iff in H1, H0. split.
  - intros i. apply symDual_nonneg; assumption.
  - intros B HS. unfold Sensitive, symFun in HS.
    set (k := ones (flip z B)) in HS.
    assert (Ek := ones_flip z B). fold k in Ek.
    assert (Hkn : (k <= length z)%nat).
    { unfold k. rewrite <- (flip_length z B). apply ones_le. }
    assert (Hc := forallb_seq _ _ k Hk ltac:(lia)). cbv beta in Hc.
    destruct (Bool.eqb (V k) (V (ones z))) eqn:E.
    { apply Bool.eqb_prop in E. contradiction. }
    cbn [negb implb] in Hc. rewrite blockWeight_symDual.
    assert (Hh1 := natQ_nonneg (hits true z B)). assert (Hh0 := natQ_nonneg (hits false z B)).
    assert (P1 : 0 <= natQ (hits true z B) * t1) by (apply Qmult_le_0_compat; assumption).
    assert (P0 : 0 <= natQ (hits false z B) * t0) by (apply Qmult_le_0_compat; assumption).
    destruct (Nat.ltb k (ones z)) eqn:Lt; apply Qle_bool_iff in Hc.
    + apply Nat.ltb_lt in Lt.
      assert (natQ (ones z - k) * t1 <= natQ (hits true z B) * t1)
        by (apply Qmult_le_compat_r; [apply natQ_le; lia | exact H1]). lra.
    + apply Nat.ltb_ge in Lt.
      assert (natQ (k - ones z) * t0 <= natQ (hits false z B) * t0)
        by (apply Qmult_le_compat_r; [apply natQ_le; lia | exact H0]). lra.
Qed.

Lemma hits_all : forall z, hits true z (repeat true (length z)) = ones z /\
  hits false z (repeat true (length z)) = (length z - ones z)%nat.
Proof.
  induction z as [| x z [IH1 IH0]]; [split; reflexivity |].
  cbn [hits length repeat hd tl]. rewrite IH1, IH0, ones_cons. assert (Hl := ones_le z).
  destruct x; cbn [Bool.eqb andb]; lia.
Qed.

Lemma dualValue_symDual : forall z t1 t0,
  dualValueAt z (symDual z t1 t0) == natQ (ones z) * t1 + natQ (length z - ones z) * t0.
Proof.
  intros z t1 t0. destruct (hits_all z) as [E1 E0]. rewrite <- E0, <- E1, <- blockWeight_symDual.
  unfold dualValueAt, totalWeight, blockWeight. apply qsum_ext. intros i Hi.
  rewrite (nth_indep _ false true) by (rewrite repeat_length; exact Hi). rewrite nth_repeat.
  reflexivity.
Qed.

(* ======================================================================================== *)
(* The primal: a type's weight spread over rotations                                          *)
(* ======================================================================================== *)

(* The block that flips, among the ones of z (in order, numbered r = 0, 1, ...), those with
   po r, and among the zeros those with pz r. *)
Fixpoint weave (z : list bool) (po pz : nat -> bool) : list bool :=
  match z with
  | [] => []
  | x :: z' => (if x then po 0%nat else pz 0%nat)
               :: weave z' (if x then (fun r => po (S r)) else po)
                           (if x then pz else (fun r => pz (S r)))
  end.

Lemma weave_length : forall z po pz, length (weave z po pz) = length z.
Proof. induction z as [| x z IH]; intros; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

(* Coordinate i of a woven block reads po or pz at a place m that depends on z and i only. *)
Lemma weave_nth : forall z i, (i < length z)%nat -> exists m, forall po pz,
  nth i (weave z po pz) false = if nth i z false then po m else pz m.
Proof.
  induction z as [| x z IH]; intros i Hi; [simpl in Hi; lia |].
  destruct i as [| i]; [exists 0%nat; intros; reflexivity |].
  simpl in Hi. destruct (IH i ltac:(lia)) as [m Hm].
  exists (if nth i z false then (if x then S m else m) else (if x then m else S m)).
  intros po pz. cbn [weave nth]. rewrite Hm. destruct x, (nth i z false); reflexivity.
Qed.

(* The number of r < g with p r. *)
Fixpoint cnt (g : nat) (p : nat -> bool) : nat :=
  match g with O => O | S g' => ((if p 0%nat then 1 else 0) + cnt g' (fun r => p (S r)))%nat end.

Lemma cnt_back : forall g p, cnt (S g) p = (cnt g p + if p g then 1 else 0)%nat.
Proof.
  induction g as [| g IH]; intros p; [simpl; lia |].
  change (cnt (S (S g)) p) with (((if p 0%nat then 1 else 0) + cnt (S g) (fun r => p (S r)))%nat).
  rewrite IH. simpl. lia.
Qed.

Lemma cnt_ext : forall g p p', (forall r, (r < g)%nat -> p r = p' r) -> cnt g p = cnt g p'.
Proof.
  induction g as [| g IH]; intros p p' E; [reflexivity |]. simpl.
  rewrite (E 0%nat ltac:(lia)), (IH (fun r => p (S r)) (fun r => p' (S r))); [reflexivity |].
  intros r Hr. apply E. lia.
Qed.

Lemma hits_weave : forall z po pz, hits true z (weave z po pz) = cnt (ones z) po /\
  hits false z (weave z po pz) = cnt (length z - ones z) pz.
Proof.
  induction z as [| x z IH]; intros po pz; [split; reflexivity |].
  rewrite ones_cons. assert (Hl := ones_le z). destruct x.
  - destruct (IH (fun r => po (S r)) pz) as [A1 A0]. cbn [hits weave hd tl length Bool.eqb andb].
    rewrite A1, A0. split; [cbn [cnt Nat.add]; destruct (po 0%nat); reflexivity |].
    replace (S (length z) - (1 + ones z))%nat with (length z - ones z)%nat by lia. reflexivity.
  - destruct (IH po (fun r => pz (S r))) as [A1 A0]. cbn [hits weave hd tl length Bool.eqb andb].
    rewrite A1, A0. split; [reflexivity |].
    replace (S (length z) - (0 + ones z))%nat with (S (length z - ones z)) by lia.
    cbn [cnt]. destruct (pz 0%nat); reflexivity.
Qed.

Lemma cnt_lt : forall g a, cnt g (fun r => Nat.ltb r a) = Nat.min g a.
Proof.
  induction g as [| g IH]; intros a; [reflexivity |]. rewrite cnt_back, IH.
  destruct (Nat.ltb g a) eqn:E; [apply Nat.ltb_lt in E | apply Nat.ltb_ge in E]; lia.
Qed.

(* The rotations: the window of the a first places of 0 .. g-1, rotated by j; every rotation
   has a places, and every place is in a of the g rotations. *)
Definition rot (g a j r : nat) : bool := Nat.ltb ((r + j) mod g) a.

Lemma cnt_rot_shift : forall g a j, cnt g (rot g a (S j)) = cnt g (rot g a j).
Proof.
  intros g a j. destruct g as [| g]; [reflexivity |].
  set (q := rot (S g) a j).
  assert (B := cnt_back (S g) q).
  change (cnt (S (S g)) q) with (((if q 0%nat then 1 else 0) + cnt (S g) (fun r => q (S r)))%nat) in B.
  assert (Q0 : q (S g) = q 0%nat).
  { unfold q, rot. replace (S g + j)%nat with (0 + j + 1 * S g)%nat by lia.
    rewrite Nat.mod_add by lia. reflexivity. }
  rewrite Q0 in B. transitivity (cnt (S g) (fun r => q (S r))); [| destruct (q 0%nat); lia].
  apply cnt_ext. intros r _. unfold q, rot. rewrite Nat.add_succ_r. reflexivity.
Qed.

Lemma cnt_rot : forall g a j, (a <= g)%nat -> cnt g (rot g a j) = a.
Proof.
  intros g a j Ha. induction j as [| j IH]; [| rewrite cnt_rot_shift; exact IH].
  rewrite (cnt_ext g _ (fun r => Nat.ltb r a)), cnt_lt; [lia |].
  intros r Hr. unfold rot. rewrite Nat.add_0_r, Nat.mod_small by exact Hr. reflexivity.
Qed.

(* Every place m of 0 .. g-1 is in a of the g rotations. *)
Lemma cnt_rot_place : forall g a m, (a <= g)%nat -> cnt g (fun j => rot g a j m) = a.
Proof.
  intros g a m Ha. transitivity (cnt g (rot g a m)); [| apply cnt_rot; exact Ha].
  apply cnt_ext. intros j _. unfold rot. rewrite Nat.add_comm. reflexivity.
Qed.

(* The packing: the weight y of type (a, b) is spread evenly over the blocks that flip the
   ones of z in a rotation j of a window of a places and the zeros of z in a rotation k of a
   window of b places (j, k over max(1, |z|) and max(1, n - |z|) values). *)
Definition spread (z : list bool) (y : Q) : Q :=
  y / (natQ (Nat.max 1 (ones z)) * natQ (Nat.max 1 (length z - ones z))).

Definition typeBlocks (z : list bool) (p : nat * nat * Q) : list (list bool * Q) :=
  match p with (a, b, y) =>
    flat_map (fun j => map (fun k => (weave z (rot (ones z) a j) (rot (length z - ones z) b k),
                                      spread z y))
                           (seq 0 (Nat.max 1 (length z - ones z))))
             (seq 0 (Nat.max 1 (ones z)))
  end.

Definition symPrimal (z : list bool) (prim : list (nat * nat * Q)) : list (list bool * Q) :=
  flat_map (typeBlocks z) prim.

Lemma qlsum_map_flat_map : forall (A B : Type) (g : B -> Q) (h : A -> list B) l,
  qlsum (map g (flat_map h l)) == qlsum (map (fun x => qlsum (map g (h x))) l).
Proof.
  induction l as [| x l IH]; [reflexivity |].
  cbn [flat_map map qlsum]. rewrite map_app, qlsum_app, IH. reflexivity.
Qed.

Lemma qsum_const : forall n c, qsum n (fun _ => c) == natQ n * c.
Proof.
  induction n as [| n IH]; intros c; [unfold natQ; simpl; ring |].
  cbn [qsum]. rewrite IH. replace (S n) with (n + 1)%nat by lia. rewrite natQ_add.
  change (natQ 1) with 1. ring.
Qed.

Lemma qsum_cnt : forall n (p : nat -> bool) c, qsum n (fun j => if p j then c else 0) == natQ (cnt n p) * c.
Proof.
  induction n as [| n IH]; intros p c; [unfold natQ; simpl; ring |].
  cbn [qsum]. rewrite IH, cnt_back, natQ_add. destruct (p n); [change (natQ 1) with 1 | change (natQ 0) with 0]; ring.
Qed.

Lemma max1_pos : forall g, (0 < Nat.max 1 g)%nat.
Proof. intros g. apply (Nat.lt_le_trans _ 1); [lia | apply Nat.le_max_l]. Qed.

Lemma max1_eq : forall g, (0 < g)%nat -> Nat.max 1 g = g.
Proof. intros g H. apply Nat.max_r. lia. Qed.

Lemma spread_pos : forall z, 0 < natQ (Nat.max 1 (ones z)) * natQ (Nat.max 1 (length z - ones z)).
Proof. intros z. apply Qmult_lt_0_compat; apply natQ_pos, max1_pos. Qed.

Lemma ones_pos : forall z i, nth i z false = true -> (0 < ones z)%nat.
Proof.
  induction z as [| x z IH]; intros i H; [destruct i; discriminate |].
  rewrite ones_cons. destruct i as [| i]; [simpl in H; subst x; lia |].
  assert (IH' := IH i H). lia.
Qed.

Lemma zeros_pos : forall z i, (i < length z)%nat -> nth i z false = false ->
  (0 < length z - ones z)%nat.
Proof.
  induction z as [| x z IH]; intros i Hi H; [simpl in Hi; lia |].
  rewrite ones_cons. assert (Hl := ones_le z). cbn [length]. destruct i as [| i].
  - simpl in H. subst x. lia.
  - simpl in Hi. assert (IH' := IH i ltac:(lia) H). destruct x; lia.
Qed.

(* A type's blocks load a one of z by a y / |z| and a zero by b y / (n - |z|). *)
Lemma type_load : forall z a b y i, (i < length z)%nat -> (a <= ones z)%nat ->
  (b <= length z - ones z)%nat ->
  qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) (typeBlocks z (a, b, y)))
  == if nth i z false then natQ a * y / natQ (ones z)
     else natQ b * y / natQ (length z - ones z).
Proof.
  intros z a b y i Hi Ha Hb. destruct (weave_nth z i Hi) as [m Hm]. unfold typeBlocks.
  rewrite qlsum_flat_map_seq.
  rewrite (qsum_ext _ _ (fun j => qsum (Nat.max 1 (length z - ones z)) (fun k =>
      if (if nth i z false then rot (ones z) a j m else rot (length z - ones z) b k m)
      then spread z y else 0))).
  2: { intros j _. rewrite map_map, <- qsum_qlsum. apply qsum_ext. intros k _. cbn [fst snd].
       rewrite Hm. reflexivity. }
  assert (P := spread_pos z). unfold spread in *.
  destruct (nth i z false) eqn:Ez.
  - assert (H1 := ones_pos z i Ez). rewrite (max1_eq _ H1) in *.
    rewrite (qsum_ext _ _ (fun j => natQ (Nat.max 1 (length z - ones z)) *
        (if rot (ones z) a j m then y / (natQ (ones z) * natQ (Nat.max 1 (length z - ones z))) else 0))).
    2: { intros j _. rewrite qsum_const. reflexivity. }
    rewrite (qsum_ext _ _ (fun j => (if rot (ones z) a j m then
        natQ (Nat.max 1 (length z - ones z)) * (y / (natQ (ones z) * natQ (Nat.max 1 (length z - ones z)))) else 0))).
    2: { intros j _. destruct (rot (ones z) a j m); ring. }
    rewrite qsum_cnt, cnt_rot_place by exact Ha. field.
    repeat split; apply Qnot_eq_sym, Qlt_not_eq, natQ_pos; first [assumption | apply max1_pos].
  - assert (H0 := zeros_pos z i Hi Ez).
    rewrite (max1_eq _ H0) in *.
    rewrite (qsum_ext _ _ (fun j => natQ b * y
        / (natQ (Nat.max 1 (ones z)) * natQ (length z - ones z)))).
    2: { intros j _. rewrite qsum_cnt, cnt_rot_place by exact Hb. unfold Qdiv. ring. }
    rewrite qsum_const. field.
    repeat split; apply Qnot_eq_sym, Qlt_not_eq, natQ_pos; first [assumption | apply max1_pos].
Qed.

Lemma type_value : forall z a b y, qlsum (map snd (typeBlocks z (a, b, y))) == y.
Proof.
  intros z a b y. unfold typeBlocks. rewrite qlsum_flat_map_seq.
  rewrite (qsum_ext _ _ (fun _ => natQ (Nat.max 1 (length z - ones z)) * spread z y)).
  2: { intros j _. rewrite map_map, <- qsum_qlsum. cbn [snd]. apply qsum_const. }
  rewrite qsum_const. assert (P := spread_pos z). unfold spread in *.
  field. repeat split; apply Qnot_eq_sym, Qlt_not_eq, natQ_pos; first [assumption | apply max1_pos].
Qed.

Lemma typesOK_in : forall V z prim a b y, typesOK V z prim = true -> In (a, b, y) prim ->
  0 <= y /\ (a <= ones z)%nat /\ (b <= length z - ones z)%nat /\
  V (ones z - a + b)%nat <> V (ones z).
Proof.
  intros V z prim a b y H Hin. unfold typesOK in H. rewrite forallb_forall in H.
  specialize (H _ Hin). cbv beta iota in H.
  apply andb_prop in H as [H Hs]. apply andb_prop in H as [H Hb].
  apply andb_prop in H as [Hy Ha]. apply Qle_bool_iff in Hy. apply Nat.leb_le in Ha, Hb.
  split; [exact Hy | split; [exact Ha | split; [exact Hb |]]].
  intros E. rewrite E, eqb_reflx in Hs. discriminate.
Qed.

(* THE REDUCTION, PRIMAL SIDE: types that pass the checks give a feasible packing of actual
   blocks (Definition 3.3). *)
Theorem symPrimal_feasible : forall V z prim, typesOK V z prim = true -> loadsOK z prim = true ->
  PrimalFeasible (symFun V) z (symPrimal z prim).
Proof.
  intros V z prim Ht Hl. unfold loadsOK in Hl. apply andb_prop in Hl as [L1 L0].
  apply Qle_bool_iff in L1, L0. split.
  - intros Jw HJw. unfold symPrimal in HJw. apply in_flat_map in HJw as [[[a b] y] [Hp HJw]].
    destruct (typesOK_in V z prim a b y Ht Hp) as [Hy [Ha [Hb HV]]].
    unfold typeBlocks in HJw. apply in_flat_map in HJw as [j [_ HJw]].
    apply in_map_iff in HJw as [k [<- _]]. cbn [fst snd]. split; [| split].
    + assert (P := spread_pos z). unfold spread, Qdiv.
      apply Qmult_le_0_compat; [exact Hy | apply Qinv_le_0_compat, Qlt_le_weak, P].
    + apply weave_length.
    + unfold Sensitive, symFun.
      destruct (hits_weave z (rot (ones z) a j) (rot (length z - ones z) b k)) as [E1 E0].
      assert (Ef := ones_flip z (weave z (rot (ones z) a j) (rot (length z - ones z) b k))).
      rewrite E1, E0, !cnt_rot in Ef by assumption.
      replace (ones (flip z _)) with (ones z - a + b)%nat by lia. exact HV.
  - intros i Hi. unfold load, symPrimal. rewrite qlsum_map_flat_map.
    destruct (nth i z false) eqn:Ez.
    + assert (H1 := natQ_pos _ (ones_pos z i Ez)).
      rewrite (qlsum_ext _ _ (fun p => / natQ (ones z) * match p with (a, _, y) => natQ a * y end)).
      2: { intros [[a b] y] Hp. destruct (typesOK_in V z prim a b y Ht Hp) as [_ [Ha [Hb _]]].
           rewrite type_load by assumption. rewrite Ez. unfold Qdiv. ring. }
      rewrite (qlsum_scale _ (fun p => match p with (a, _, y) => natQ a * y end)).
      rewrite Qmult_comm. apply Qle_shift_div_r; [exact H1 | lra].
    + assert (H0 := natQ_pos _ (zeros_pos z i Hi Ez)).
      rewrite (qlsum_ext _ _ (fun p => / natQ (length z - ones z)
                                       * match p with (_, b, y) => natQ b * y end)).
      2: { intros [[a b] y] Hp. destruct (typesOK_in V z prim a b y Ht Hp) as [_ [Ha [Hb _]]].
           rewrite type_load by assumption. rewrite Ez. unfold Qdiv. ring. }
      rewrite (qlsum_scale _ (fun p => match p with (_, b, y) => natQ b * y end)).
      rewrite Qmult_comm. apply Qle_shift_div_r; [exact H0 | lra].
Qed.

Lemma symPrimal_value : forall z prim,
  primalValue (symPrimal z prim) == qlsum (map (fun p => match p with (_, _, y) => y end) prim).
Proof.
  intros z prim. unfold primalValue, symPrimal. rewrite qlsum_map_flat_map.
  apply qlsum_ext. intros [[a b] y] _. apply type_value.
Qed.

(* THE REFLECTION LEMMA: a certificate of kind `symmetric` that the checker accepts proves
   fbs_z(f) = v for f(x) = V(|x|), in the model's words (v is the optimum of both linear
   programs of Definitions 3.3 and 3.4 at z, over all 2^q blocks). *)
Theorem checkSymmetric_sound : forall V z prim t1 t0 v,
  checkSymmetric V z prim t1 t0 v = true -> FbsValue (symFun V) z v.
Proof.
  intros V z prim t1 t0 v H. unfold checkSymmetric in H.
  apply andb_prop in H as [H Et]. apply andb_prop in H as [H Ev].
  apply andb_prop in H as [H Hd]. apply andb_prop in H as [Ht Hl].
  apply (fbs_value_of_pair _ _ (symPrimal z prim) (symDual z t1 t0) v).
  - apply symPrimal_feasible; assumption.
  - apply dualOK_sound. exact Hd.
  - rewrite symPrimal_value. apply Qeq_bool_iff. exact Ev.
  - rewrite dualValue_symDual. apply Qeq_bool_iff. exact Et.
Qed.

(* FORMAT.md section 5's example: MAJ_99 with 50 ones (the paper's "50 out of 99 papers") has
   fbs 50 (type (1, 0) of weight 50; t1 = 1, t0 = 0), stated for the family's definition. *)
Definition maj99at50 : list bool := repeat true 50 ++ repeat false 49.

Example maj99_certificate : FbsValue (majAgg 99) maj99at50 50.
Proof. apply (checkSymmetric_sound (fun k => Nat.ltb 99 (2 * k)) _ [(1%nat, 0%nat, 50)] 1 0). vm_compute. reflexivity. Qed.

(* MAJ_3 at 000: fbs 3/2 (type (0, 2) of weight 3/2; t0 = 1/2), as in ExhaustiveCheck.v. *)
Example maj3_symmetric : FbsValue (majAgg 3) (bitsOf "000"%string) (3 # 2).
Proof. apply (checkSymmetric_sound (fun k => Nat.ltb 3 (2 * k)) _ [(0%nat, 2%nat, 3 # 2)] 0 (1 # 2)). vm_compute. reflexivity. Qed.

(* Refused: a wrong value, a dual too small on a sensitive weight, a negative type weight
   (the rest balances it), an insensitive type, an overloaded zero, a negative t1. *)
Example maj3_symmetric_rejects :
  map (fun c => match c with (prim, t1, t0, v) =>
         checkSymmetric (fun k => Nat.ltb 3 (2 * k)) (bitsOf "000"%string) prim t1 t0 v end)
    [([(0%nat, 2%nat, 3 # 2)], 0, 1 # 2, 2);
     ([(0%nat, 2%nat, 3 # 4)], 0, 1 # 4, 3 # 4);
     ([(0%nat, 2%nat, 2); (0%nat, 3%nat, -1 # 2)], 0, 1 # 2, 3 # 2);
     ([(0%nat, 1%nat, 3 # 2)], 0, 1 # 2, 3 # 2);
     ([(0%nat, 2%nat, 2)], 0, 2 # 3, 2);
     ([(0%nat, 2%nat, 3 # 2)], -1, 1 # 2, 3 # 2)]
  = [false; false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions dualOK_sound.
Print Assumptions symPrimal_feasible.
Print Assumptions checkSymmetric_sound.
Print Assumptions maj99_certificate.
Print Assumptions maj3_symmetric.

(* ======================================================================================== *)
(* The checker at any arity (ours, issue 37): binary integers, a run-length input, and the    *)
(* dual read as "V is constant near w" (FORMAT.md section 5's d_down, d_up), so nothing is     *)
(* done per weight or per coordinate for the closed-form families.                           *)
(* ======================================================================================== *)

(* The input as runs (bit, count): expandRuns is the list of bits it stands for. *)
Definition expandRuns (r : list (bool * N)) : list bool :=
  flat_map (fun p => repeat (fst p) (N.to_nat (snd p))) r.

Definition runsOnes (r : list (bool * N)) : N :=
  fold_left (fun (acc : N) (p : bool * N) => if fst p then (acc + snd p)%N else acc) r 0%N.
Definition runsLen (r : list (bool * N)) : N := fold_left (fun (acc : N) (p : bool * N) => (acc + snd p)%N) r 0%N.

(* The values V(k) of a symmetric function in the shapes the families have: a step at c
   (V k = c <= k), majority of n (V k = n < 2k), parity, or a table of characters (sym:). *)
Inductive symShape : Type := VStep (c : Z) | VMaj (n : N) | VOdd | VTable (s : string).

Fixpoint tableAt (s : string) (k : N) : bool :=
  match s with
  | EmptyString => false
  | String c s' => if N.eqb k 0 then negb (Ascii.eqb c "0"%char) else tableAt s' (N.pred k)
  end.

Definition shapeV (sh : symShape) (k : N) : bool :=
  match sh with
  | VStep c => Z.leb c (Z.of_N k)
  | VMaj n => N.ltb n (2 * k)%N
  | VOdd => N.odd k
  | VTable s => tableAt s k
  end.

(* VTable s: the characters at lo .. hi (from index i on) all read b; stops after hi. *)
Fixpoint rangeAll (s : string) (i lo hi : N) (b : bool) : bool :=
  match s with
  | EmptyString => true
  | String c s' =>
      if N.ltb hi i then true
      else if N.leb lo i && negb (Bool.eqb (negb (Ascii.eqb c "0"%char)) b) then false
      else rangeAll s' (N.succ i) lo hi b
  end.

Fixpoint lenN (s : string) (acc : N) : N :=
  match s with EmptyString => acc | String _ s' => lenN s' (N.succ acc) end.

(* A table read in O(log n) (ours): a Braun tree, the value at position p (1-based) at the
   root for p = 1, in the left subtree at p / 2 for even p, in the right one for odd p > 1. *)
Inductive vtree : Type := VNil | VNode (x : bool) (l r : vtree).

Fixpoint vlook (t : vtree) (p : positive) : bool :=
  match t with
  | VNil => false
  | VNode x l r => match p with xH => x | xO m => vlook l m | xI m => vlook r m end
  end.

Fixpoint evensL (l : list bool) : list bool := match l with [] => [] | x :: r => x :: oddsL r end
with oddsL (l : list bool) : list bool := match l with [] => [] | _ :: r => evensL r end.

Fixpoint vbuild (d : nat) (l : list bool) : vtree :=
  match d, l with
  | O, _ | _, [] => VNil
  | S d', x :: r => VNode x (vbuild d' (evensL r)) (vbuild d' (oddsL r))
  end.

(* The shape's table as a tree (VNil for the closed forms), built once per certificate. *)
Definition tableOf (sh : symShape) : vtree :=
  match sh with VTable s => vbuild (N.to_nat (N.size (lenN s 0))) (bitsOf s) | _ => VNil end.
Definition shapeVF (sh : symShape) (tv : vtree) (k : N) : bool :=
  match sh with VTable _ => vlook tv (N.succ_pos k) | _ => shapeV sh k end.

(* V reads b at every weight of lo .. hi (constOn_sound). *)
Definition constOn (sh : symShape) (lo hi : N) (b : bool) : bool :=
  match sh with
  | VStep _ | VMaj _ => Bool.eqb (shapeV sh lo) b && Bool.eqb (shapeV sh hi) b
  | VOdd => N.eqb lo hi && Bool.eqb (N.odd lo) b
  | VTable s => rangeAll s 0 lo hi b && N.ltb hi (lenN s 0)
  end.

Definition NQ (x : N) : Q := inject_Z (Z.of_N x).

(* The least d with d * t >= 1 when t > 0 (any d would be sound: the checker checks
   d * t >= 1 itself); 0 when t <= 0. *)
Definition minStep (t : Q) : N :=
  if Z.ltb 0 (Qnum t) then Z.to_N ((Zpos (Qden t) + Qnum t - 1) / Qnum t)%Z else 0%N.

Definition typesOKN (sh : symShape) (tv : vtree) (w n : N) (prim : list (N * N * Q)) : bool :=
  forallb (fun p => match p with (a, b, y) =>
    Qle_bool 0 y && N.leb a w && N.leb b (n - w)%N
    && negb (Bool.eqb (shapeVF sh tv (w - a + b)%N) (shapeVF sh tv w)) end) prim.

Definition loadsOKN (w n : N) (prim : list (N * N * Q)) : bool :=
  Qle_bool (qlsum (map (fun p => match p with (a, _, y) => NQ a * y end) prim)) (NQ w)
  && Qle_bool (qlsum (map (fun p => match p with (_, b, y) => NQ b * y end) prim)) (NQ (n - w)%N).

(* Below w: V constant on w + 1 - d1 .. w with d1 * t1 >= 1 (on 0 .. w when d1 = 0); above
   w: V constant on w .. min n (w + d0 - 1) with d0 * t0 >= 1 (on w .. n when d0 = 0). *)
Definition dualOKN (sh : symShape) (w n : N) (t1 t0 : Q) : bool :=
  let b := shapeV sh w in
  let d1 := minStep t1 in let d0 := minStep t0 in
  (Qle_bool 0 t1 && Qle_bool 0 t0)
  && (if N.eqb d1 0 then constOn sh 0 w b
      else Qle_bool 1 (NQ d1 * t1) && constOn sh (w + 1 - d1)%N w b)
  && (if N.eqb d0 0 then constOn sh w n b
      else Qle_bool 1 (NQ d0 * t0) && constOn sh w (N.min n (w + d0 - 1)%N) b).

Definition checkSymmetricRuns (sh : symShape) (r : list (bool * N)) (prim : list (N * N * Q))
  (t1 t0 v : Q) : bool :=
  let w := runsOnes r in let n := runsLen r in
  (typesOKN sh (tableOf sh) w n prim && loadsOKN w n prim && dualOKN sh w n t1 t0
   && Qeq_bool (qlsum (map (fun p => match p with (_, _, y) => y end) prim)) v
   && Qeq_bool (NQ w * t1 + NQ (n - w)%N * t0) v)%bool.

(* --- its soundness: it accepts only what checkSymmetric accepts --------------------------- *)

Definition shapeNat (sh : symShape) : nat -> bool := fun k => shapeV sh (N.of_nat k).
Definition primNat (prim : list (N * N * Q)) : list (nat * nat * Q) :=
  map (fun p => match p with (a, b, y) => (N.to_nat a, N.to_nat b, y) end) prim.

Lemma ones_app_sym : forall x y, ones (x ++ y) = (ones x + ones y)%nat.
Proof. intros. unfold ones. rewrite filter_app, app_length. reflexivity. Qed.

Lemma ones_repeat_sym : forall b m, ones (repeat b m) = if b then m else O.
Proof.
  intros b m. induction m as [| m IH]; [destruct b; reflexivity |].
  cbn [repeat]. rewrite ones_cons, IH. destruct b; lia.
Qed.

Lemma runsOnes_acc : forall r acc,
  fold_left (fun (acc : N) (p : bool * N) => if fst p then (acc + snd p)%N else acc) r acc
  = (acc + fold_left (fun (acc : N) (p : bool * N) => if fst p then (acc + snd p)%N else acc) r 0)%N.
Proof.
  induction r as [| [b c] r IH]; intros acc; [simpl; lia |]. cbn [fold_left fst snd].
  rewrite IH, (IH (if b then (0 + c)%N else 0%N)). destruct b; lia.
Qed.

Lemma runsLen_acc : forall r acc,
  fold_left (fun (acc : N) (p : bool * N) => (acc + snd p)%N) r acc
  = (acc + fold_left (fun (acc : N) (p : bool * N) => (acc + snd p)%N) r 0)%N.
Proof.
  induction r as [| [b c] r IH]; intros acc; [simpl; lia |]. cbn [fold_left fst snd].
  rewrite IH, (IH (0 + c)%N). lia.
Qed.

Lemma ones_expandRuns : forall r, ones (expandRuns r) = N.to_nat (runsOnes r).
Proof.
  induction r as [| [b c] r IH]; [reflexivity |]. unfold expandRuns, runsOnes in *.
  cbn [flat_map fst snd fold_left]. rewrite ones_app_sym, IH, ones_repeat_sym, (runsOnes_acc r (if b then _ else _)). destruct b; lia.
Qed.

Lemma length_expandRuns : forall r, length (expandRuns r) = N.to_nat (runsLen r).
Proof.
  induction r as [| [b c] r IH]; [reflexivity |]. unfold expandRuns, runsLen in *.
  cbn [flat_map fst snd fold_left]. rewrite app_length, IH, repeat_length, (runsLen_acc r (0 + c)%N). lia.
Qed.

Lemma NQ_natQ : forall x, NQ x = natQ (N.to_nat x).
Proof. intros x. unfold NQ, natQ. rewrite N_nat_Z. reflexivity. Qed.

Lemma forallb_map' : forall (A B : Type) (f : B -> bool) (g : A -> B) l,
  forallb f (map g l) = forallb (fun x => f (g x)) l.
Proof. induction l as [| x l IH]; [reflexivity | cbn; rewrite IH; reflexivity]. Qed.

Lemma evens_odds_nth : forall l i, nth i (evensL l) false = nth (2 * i) l false /\
  nth i (oddsL l) false = nth (S (2 * i)) l false.
Proof.
  induction l as [| x r IH]; intros i; [destruct i; split; reflexivity |].
  cbn [evensL oddsL]. split.
  - destruct i as [| i]; [reflexivity |]. cbn [nth]. rewrite (proj2 (IH i)).
    replace (2 * S i)%nat with (S (S (2 * i))) by lia. reflexivity.
  - rewrite (proj1 (IH i)). reflexivity.
Qed.

Lemma evens_odds_length : forall l, (2 * length (evensL l) <= S (length l))%nat /\ (2 * length (oddsL l) <= length l)%nat.
Proof. induction l as [| x r IH]; [simpl; lia |]. cbn [evensL oddsL length]. lia. Qed.

Lemma vbuild_look : forall d l p, (length l < 2 ^ d)%nat ->
  vlook (vbuild d l) p = nth (Pos.to_nat p - 1) l false.
Proof.
  induction d as [| d IH]; intros l p Hl.
  - destruct l; [destruct (Pos.to_nat p - 1)%nat; reflexivity | simpl in Hl; lia].
  - destruct l as [| x r]; [destruct (Pos.to_nat p - 1)%nat; reflexivity |].
    assert (HL := evens_odds_length r). cbn [length] in Hl. rewrite Nat.pow_succ_r' in Hl.
    assert (Hm := Pos2Nat.is_pos). cbn [vbuild vlook].
    destruct p as [m | m |].
    + rewrite IH by lia. rewrite (proj2 (evens_odds_nth r _)). rewrite Pos2Nat.inj_xI.
      specialize (Hm m). replace (S (2 * Pos.to_nat m) - 1)%nat with (S (S (2 * (Pos.to_nat m - 1)))) by lia.
      reflexivity.
    + rewrite IH by lia. rewrite (proj1 (evens_odds_nth r _)). rewrite Pos2Nat.inj_xO.
      specialize (Hm m). replace (2 * Pos.to_nat m - 1)%nat with (S (2 * (Pos.to_nat m - 1))) by lia.
      reflexivity.
    + reflexivity.
Qed.

Lemma tableAt_nth : forall s k, tableAt s k = nth (N.to_nat k) (bitsOf s) false.
Proof.
  induction s as [| c s IH]; intros k; [destruct (N.to_nat k); reflexivity |].
  cbn [tableAt bitsOf]. destruct (N.eqb_spec k 0) as [-> | Hk]; [reflexivity |].
  rewrite IH. replace (N.to_nat k) with (S (N.to_nat (N.pred k))) by lia. reflexivity.
Qed.

Lemma lenN_nat : forall s acc, lenN s acc = (acc + N.of_nat (String.length s))%N.
Proof. induction s as [| c s IH]; intros acc; cbn [lenN String.length]; [lia | rewrite IH; lia]. Qed.

Lemma bitsOf_length : forall s, length (bitsOf s) = String.length s.
Proof. induction s as [| c s IH]; [reflexivity | cbn; rewrite IH; reflexivity]. Qed.

(* The tree reads what the table reads. *)
Lemma shapeVF_ok : forall sh k, shapeVF sh (tableOf sh) k = shapeV sh k.
Proof.
  intros [c | n | | s] k; try reflexivity. cbn [shapeVF tableOf shapeV].
  rewrite vbuild_look, tableAt_nth.
  - f_equal. assert (E := N.succ_pos_spec k).
    replace (Pos.to_nat (N.succ_pos k)) with (N.to_nat (N.pos (N.succ_pos k))) by reflexivity.
    rewrite E. lia.
  - rewrite bitsOf_length. assert (G := N.size_gt (lenN s 0)).
    set (m := N.size (lenN s 0)) in *. rewrite lenN_nat in G.
    assert (G' : (N.to_nat (N.of_nat (String.length s)) < N.to_nat (2 ^ m))%nat) by lia.
    rewrite N2Nat.inj_pow, Nat2N.id in G'. exact G'.
Qed.

Lemma typesOKN_nat : forall sh w n prim, typesOKN sh (tableOf sh) w n prim = true ->
  forall z, ones z = N.to_nat w -> length z = N.to_nat n ->
  typesOK (shapeNat sh) z (primNat prim) = true.
Proof.
  intros sh w n prim H z Ew En. unfold typesOK, primNat. rewrite forallb_map'.
  unfold typesOKN in H. rewrite forallb_forall in H. apply forallb_forall.
  intros [[a b] y] Hin. specialize (H _ Hin). cbv beta iota in H |- *. rewrite !shapeVF_ok in H.
  rewrite Ew, En. unfold shapeNat.
  replace (N.of_nat (N.to_nat w - N.to_nat a + N.to_nat b)) with (w - a + b)%N by lia.
  rewrite N2Nat.id.
  apply andb_prop in H as [H Hs]. apply andb_prop in H as [H Hb]. apply andb_prop in H as [Hy Ha].
  apply N.leb_le in Ha, Hb. rewrite Hy, Hs.
  replace (Nat.leb (N.to_nat a) (N.to_nat w)) with true by (symmetry; apply Nat.leb_le; lia).
  replace (Nat.leb (N.to_nat b) (N.to_nat n - N.to_nat w)) with true by (symmetry; apply Nat.leb_le; lia).
  reflexivity.
Qed.

Lemma loadsOKN_nat : forall w n prim, loadsOKN w n prim = true ->
  forall z, ones z = N.to_nat w -> length z = N.to_nat n -> loadsOK z (primNat prim) = true.
Proof.
  intros w n prim H z Ew En. unfold loadsOK, loadsOKN, primNat in *. rewrite !map_map.
  rewrite Ew, En, <- N2Nat.inj_sub, <- !NQ_natQ.
  rewrite (map_ext (fun x => match match x with (a, b, y) => (N.to_nat a, N.to_nat b, y) end with
                             | (a, _, y) => natQ a * y end)
                   (fun p => match p with (a, _, y) => NQ a * y end))
    by (intros [[a b] y]; rewrite NQ_natQ; reflexivity).
  rewrite (map_ext (fun x => match match x with (a, b, y) => (N.to_nat a, N.to_nat b, y) end with
                             | (_, b, y) => natQ b * y end)
                   (fun p => match p with (_, b, y) => NQ b * y end))
    by (intros [[a b] y]; rewrite NQ_natQ; reflexivity).
  exact H.
Qed.

Lemma tableAt_succ : forall c s k, tableAt (String c s) (N.succ k) = tableAt s k.
Proof. intros. cbn [tableAt]. rewrite N.pred_succ. destruct (N.eqb_spec (N.succ k) 0); [lia | reflexivity]. Qed.

Lemma rangeAll_sound : forall s i lo hi b, rangeAll s i lo hi b = true ->
  forall k, (lo <= k)%N -> (k <= hi)%N -> (i <= k)%N -> (k - i < lenN s 0)%N -> tableAt s (k - i) = b.
Proof.
  assert (Hlen : forall s acc, lenN s acc = (acc + lenN s 0)%N).
  { induction s as [| c s IH]; intros acc; [simpl; lia |]. cbn [lenN]. rewrite (IH (N.succ acc)), (IH (N.succ 0)). lia. }
  induction s as [| c s IH]; intros i lo hi b H k Hlo Hhi Hi Hk; [simpl in Hk; lia |].
  cbn [rangeAll] in H. destruct (N.ltb_spec hi i); [lia |].
  destruct (N.eq_dec k i) as [-> | Hne].
  - rewrite N.sub_diag. cbn [tableAt N.eqb].
    destruct (N.leb_spec lo i); [| lia]. cbn [andb] in H.
    destruct (Bool.eqb (negb (Ascii.eqb c "0"%char)) b) eqn:E; [| discriminate].
    apply Bool.eqb_prop in E. exact E.
  - destruct (N.leb lo i && negb (Bool.eqb (negb (Ascii.eqb c "0"%char)) b))%bool; [discriminate |].
    replace (k - i)%N with (N.succ (k - N.succ i)) by lia. rewrite tableAt_succ.
    apply (IH (N.succ i) lo hi b H k); try lia.
    cbn [lenN] in Hk. rewrite Hlen in Hk. lia.
Qed.

Theorem constOn_sound : forall sh lo hi b, constOn sh lo hi b = true ->
  forall k, (lo <= k)%N -> (k <= hi)%N -> shapeV sh k = b.
Proof.
  intros sh lo hi b H k Hlo Hhi.
  assert (Mono : forall c, sh = VStep c \/ (exists m, sh = VMaj m) ->
    Bool.eqb (shapeV sh lo) b && Bool.eqb (shapeV sh hi) b = true -> shapeV sh k = b).
  { intros c Hc E. apply andb_prop in E as [E1 E2]. apply Bool.eqb_prop in E1, E2.
    assert (M : forall x y, (x <= y)%N -> shapeV sh x = true -> shapeV sh y = true).
    { intros x y Hxy Hx. destruct Hc as [-> | [m ->]]; cbn [shapeV] in *.
      - apply Z.leb_le in Hx. apply Z.leb_le. lia.
      - apply N.ltb_lt in Hx. apply N.ltb_lt. lia. }
    destruct b.
    - apply (M lo); assumption.
    - destruct (shapeV sh k) eqn:Ek; [| reflexivity].
      rewrite (M k hi Hhi Ek) in E2. discriminate. }
  destruct sh as [c | m | | s].
  - apply (Mono c); [left; reflexivity | exact H].
  - apply (Mono 0%Z); [right; exists m; reflexivity | exact H].
  - cbn [constOn] in H. apply andb_prop in H as [E1 E2].
    apply N.eqb_eq in E1. apply Bool.eqb_prop in E2. cbn [shapeV].
    replace k with lo by lia. exact E2.
  - cbn [constOn] in H. apply andb_prop in H as [E1 E2]. apply N.ltb_lt in E2. cbn [shapeV].
    rewrite <- (N.sub_0_r k). apply (rangeAll_sound s 0 lo hi b E1 k); lia.
Qed.

Lemma NQ_le : forall x y, (x <= y)%N -> NQ x <= NQ y.
Proof. intros. unfold NQ. rewrite <- Zle_Qle. lia. Qed.

Lemma dualOKN_nat : forall sh w n t1 t0, dualOKN sh w n t1 t0 = true ->
  forall z, ones z = N.to_nat w -> length z = N.to_nat n -> dualOK (shapeNat sh) z t1 t0 = true.
Proof.
  intros sh w n t1 t0 H z Ew En. unfold dualOKN in H. cbv zeta in H.
  apply andb_prop in H as [H Hup]. apply andb_prop in H as [H Hdown].
  apply andb_prop in H as [H1 H0]. unfold dualOK. rewrite H1, H0. cbn [andb].
  apply Qle_bool_iff in H1, H0.
  apply forallb_forall. intros k Hk. apply in_seq in Hk. rewrite En in Hk.
  rewrite Ew. unfold shapeNat. rewrite N2Nat.id.
  set (b := shapeV sh w) in *.
  destruct (Bool.eqb (shapeV sh (N.of_nat k)) b) eqn:E; [reflexivity |]. cbn [negb implb].
  assert (Hne : shapeV sh (N.of_nat k) <> b) by (intros E'; rewrite E', eqb_reflx in E; discriminate).
  destruct (Nat.ltb_spec k (N.to_nat w)) as [Lt | Ge].
  - destruct (N.eqb_spec (minStep t1) 0) as [D | D].
    + exfalso. apply Hne. apply (constOn_sound sh 0 w b Hdown); lia.
    + apply andb_prop in Hdown as [Hq Hc]. apply Qle_bool_iff in Hq. apply Qle_bool_iff.
      assert (Far : (N.of_nat k < w + 1 - minStep t1)%N).
      { destruct (N.ltb_spec (N.of_nat k) (w + 1 - minStep t1)) as [L | L]; [exact L |].
        exfalso. apply Hne. apply (constOn_sound sh _ w b Hc); lia. }
      replace (N.to_nat w - k)%nat with (N.to_nat (w - N.of_nat k)) by lia.
      rewrite <- NQ_natQ.
      assert (NQ (minStep t1) * t1 <= NQ (w - N.of_nat k) * t1)
        by (apply Qmult_le_compat_r; [apply NQ_le; lia | exact H1]). lra.
  - destruct (N.eqb_spec (minStep t0) 0) as [D | D].
    + exfalso. apply Hne. apply (constOn_sound sh w n b Hup); lia.
    + apply andb_prop in Hup as [Hq Hc]. apply Qle_bool_iff in Hq. apply Qle_bool_iff.
      assert (Far : (N.min n (w + minStep t0 - 1) < N.of_nat k)%N).
      { destruct (N.ltb_spec (N.min n (w + minStep t0 - 1)) (N.of_nat k)) as [L | L]; [exact L |].
        exfalso. apply Hne. apply (constOn_sound sh w _ b Hc); [| exact L].
        destruct (N.eq_dec (N.of_nat k) w) as [Eq | Neq]; [| lia].
        exfalso. apply Hne. rewrite Eq. reflexivity. }
      assert (Eqk : (N.of_nat k <> w)).
      { intros Eq. apply Hne. rewrite Eq. reflexivity. }
      replace (k - N.to_nat w)%nat with (N.to_nat (N.of_nat k - w)) by lia.
      rewrite <- NQ_natQ.
      assert (NQ (minStep t0) * t0 <= NQ (N.of_nat k - w) * t0)
        by (apply Qmult_le_compat_r; [apply NQ_le; lia | exact H0]). lra.
Qed.

(* THE REFLECTION LEMMA at any arity (ours): a certificate checkSymmetricRuns accepts is one
   checkSymmetric accepts (on the expanded input, the types in nat), so it proves
   fbs_z(f) = v for f(x) = V(|x|) with V k = shapeV sh k. *)
Theorem checkSymmetricRuns_checkSymmetric : forall sh r prim t1 t0 v,
  checkSymmetricRuns sh r prim t1 t0 v = true ->
  checkSymmetric (shapeNat sh) (expandRuns r) (primNat prim) t1 t0 v = true.
Proof.
  intros sh r prim t1 t0 v H. unfold checkSymmetricRuns in H. cbv zeta in H.
  assert (Ew := ones_expandRuns r). assert (En := length_expandRuns r).
  apply andb_prop in H as [H Et]. apply andb_prop in H as [H Ev].
  apply andb_prop in H as [H Hd]. apply andb_prop in H as [Ht Hl].
  unfold checkSymmetric.
  rewrite (typesOKN_nat _ _ _ _ Ht _ Ew En), (loadsOKN_nat _ _ _ Hl _ Ew En),
    (dualOKN_nat _ _ _ _ _ Hd _ Ew En). cbn [andb].
  rewrite Ew, En, <- N2Nat.inj_sub, <- !NQ_natQ. rewrite Et, andb_true_r.
  unfold primNat. rewrite map_map.
  rewrite (map_ext _ (fun p => match p with (_, _, y) => y end)) by (intros [[a b] y]; reflexivity).
  exact Ev.
Qed.

Theorem checkSymmetricRuns_sound : forall sh r prim t1 t0 v,
  checkSymmetricRuns sh r prim t1 t0 v = true -> FbsValue (symFun (shapeNat sh)) (expandRuns r) v.
Proof.
  intros sh r prim t1 t0 v H. apply (checkSymmetric_sound _ _ (primNat prim) t1 t0).
  apply checkSymmetricRuns_checkSymmetric. exact H.
Qed.

(* MAJ_99 at 1^50,0^49 (FORMAT.md section 5's example) as runs, and a wrong value refused. *)
Example maj99_runs : checkSymmetricRuns (VMaj 99) [(true, 50%N); (false, 49%N)]
  [(1%N, 0%N, 50)] 1 0 50 = true.
Proof. vm_compute. reflexivity. Qed.
Example maj99_runs_rejects :
  map (fun c => match c with (t1, v) => checkSymmetricRuns (VMaj 99) [(true, 50%N); (false, 49%N)]
                                         [(1%N, 0%N, v)] t1 0 v end)
    [(1 # 2, 50); (1, 51); (1, 49)] = [false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions constOn_sound.
Print Assumptions checkSymmetricRuns_sound.
