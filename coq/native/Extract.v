(* Extract.v -- the proved checkers as one OCaml module, Checkers (checkers.ml/.mli), for the
   native program `fbs-proved` (coq/native/README.md, docs/formal.md section "The proved
   program"). Every function the program calls is listed below; each is the checker whose
   reflection lemma is named beside it, or a definition of the model a statement names (the
   families of model/Families.v, the trees of model/TreeStatements.v).

   Only the standard extraction libraries are used: ExtrOcamlBasic (bool, list, prod, option
   as OCaml's own), ExtrOcamlZBigInt (Z, N, positive as Zarith's Big_int_Z) and
   ExtrOcamlString (string as OCaml's). No function a proof relies on is given an
   `Extract Constant` of ours. Adding a kind: one line in the Extraction command below. *)

From FbsCoq Require Import FbsModel FbsTrees FbsTreeModel FbsTreeCert Families TreeStatements
  ExhaustiveCheck TreeCheck TreeV3Check SymmetricCheck MeasureCheck CensusClassesCheck.
From Coq Require Import ZArith QArith List Lia Bool.
Import ListNotations.
Require Extraction.
Require Import ExtrOcamlBasic ExtrOcamlZBigInt ExtrOcamlString.
Extraction Language OCaml.

(* Kind exhaustive with a truth table (ours): ttFun reads position bitsIndex x of the table, 2^q
   steps in unary; ttFast reads the same bit from a complete binary tree of the table in q
   steps. checkExhaustiveTable runs checkExhaustive on ttFast, and its lemma states the
   result for ttFun itself (the two agree on every input of length q, and FbsValue only reads
   f there). Checked whenever this file compiles (the build requires every Print Assumptions
   below to be closed). *)
Inductive btab : Type := BLeaf (b : bool) | BNode (l r : btab).

Fixpoint buildTab (q : nat) (t : list bool) : btab :=
  match q with
  | O => BLeaf (nth 0 t false)
  | S q' => BNode (buildTab q' (firstn (2 ^ q') t)) (buildTab q' (skipn (2 ^ q') t))
  end.

Fixpoint lookTab (T : btab) (x : list bool) : bool :=
  match T, x with
  | BLeaf b, _ => b
  | BNode l r, b :: x' => lookTab (if b then r else l) x'
  | BNode l _, [] => lookTab l []
  end.

Definition ttFast (q : nat) (t : list bool) : Agg := let T := buildTab q t in fun x => lookTab T x.

Lemma bitsIndex_acc : forall x acc, bitsIndex acc x = (acc * 2 ^ length x + bitsIndex 0 x)%nat.
Proof.
  induction x as [| b x IH]; intros acc; [simpl; lia |].
  change (bitsIndex acc (b :: x)) with (bitsIndex (2 * acc + (if b then 1 else 0))%nat x).
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite (IH (2 * acc + (if b then 1 else 0))%nat), (IH (2 * 0 + (if b then 1 else 0))%nat).
  change (length (b :: x)) with (S (length x)). rewrite Nat.pow_succ_r'.
  destruct b; lia.
Qed.

Lemma bitsIndex_lt : forall x, (bitsIndex 0 x < 2 ^ length x)%nat.
Proof.
  induction x as [| b x IH]; [simpl; lia |].
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite bitsIndex_acc. change (length (b :: x)) with (S (length x)).
  rewrite Nat.pow_succ_r'. destruct b; simpl; lia.
Qed.

Lemma nth_firstn_lt : forall (t : list bool) n i, (i < n)%nat -> nth i (firstn n t) false = nth i t false.
Proof.
  induction t as [| a t IH]; intros n i H; destruct n; simpl; try lia.
  - destruct i; reflexivity.
  - destruct i; [reflexivity | apply IH; lia].
Qed.

Lemma nth_skipn_add : forall (t : list bool) n i, nth i (skipn n t) false = nth (n + i) t false.
Proof.
  induction t as [| a t IH]; intros n i; destruct n; simpl; try reflexivity.
  - destruct i; reflexivity.
  - apply IH.
Qed.

Lemma lookTab_build : forall x t, lookTab (buildTab (length x) t) x = nth (bitsIndex 0 x) t false.
Proof.
  induction x as [| b x IH]; intros t; [reflexivity |].
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite bitsIndex_acc. change (length (b :: x)) with (S (length x)).
  cbn [buildTab lookTab]. destruct b; simpl.
  - rewrite IH, nth_skipn_add. f_equal. lia.
  - rewrite IH, nth_firstn_lt by apply bitsIndex_lt. reflexivity.
Qed.

Lemma ttFast_ttFun : forall q t x, length x = q -> ttFast q t x = ttFun t x.
Proof. intros q t x <-. unfold ttFast, ttFun. apply lookTab_build. Qed.

Lemma flip_length : forall z B, length (flip z B) = length z.
Proof. intros. unfold flip. rewrite map_length, seq_length. reflexivity. Qed.

Lemma sensitive_ext : forall f g z B, (forall x, length x = length z -> f x = g x) ->
  Sensitive f z B <-> Sensitive g z B.
Proof.
  intros f g z B H. unfold Sensitive.
  rewrite (H (flip z B)) by apply flip_length. rewrite (H z) by reflexivity. tauto.
Qed.

Lemma fbsValue_ext : forall f g z v, (forall x, length x = length z -> f x = g x) ->
  FbsValue f z v -> FbsValue g z v.
Proof.
  intros f g z v H.
  assert (HS : forall B, Sensitive f z B <-> Sensitive g z B) by (intros; apply sensitive_ext; exact H).
  assert (HP : forall ws, PrimalFeasible f z ws <-> PrimalFeasible g z ws).
  { intros ws. unfold PrimalFeasible. split; intros [A B]; split; auto; intros Jw HJ;
      destruct (A Jw HJ) as (? & ? & S); repeat split; auto; apply HS; exact S. }
  assert (HD : forall t, DualFeasible f z t <-> DualFeasible g z t).
  { intros t. unfold DualFeasible. split; intros [A B]; split; auto; intros B0 S;
      apply B; apply HS; exact S. }
  unfold FbsValue, PackingOptimum, DualOptimum.
  intros [[[ws [Hw Ev]] Hmax] [[t [Ht Et]] Hmin]]. repeat split.
  - exists ws. split; [apply HP |]; assumption.
  - intros ws' Hw'. apply Hmax, HP, Hw'.
  - exists t. split; [apply HD |]; assumption.
  - intros t' Ht'. apply Hmin, HD, Ht'.
Qed.

Definition checkExhaustiveTable (tt z : list bool) (ws : list (list bool * Q)) (t : list Q) (v : Q) : bool :=
  checkExhaustive (ttFast (length z) tt) z ws t v.

Theorem checkExhaustiveTable_sound : forall tt z ws t v,
  checkExhaustiveTable tt z ws t v = true -> FbsValue (ttFun tt) z v.
Proof.
  intros tt z ws t v H. apply (fbsValue_ext (ttFast (length z) tt)).
  - intros x Hx. apply ttFast_ttFun. exact Hx.
  - apply (checkExhaustive_sound _ _ ws t). exact H.
Qed.

(* Kind symmetric: the values V(k) of each symmetric family, so that symFun V, the function
   checkSymmetric_sound speaks of, IS the family of model/Families.v (by conversion, checked
   below whenever this file compiles): the program states FbsValue (MAJ n) z v. *)
Definition andV (n : nat) : nat -> bool := fun k => Nat.eqb k n.
Definition orV : nat -> bool := fun k => Nat.ltb 0 k.
Definition parityV : nat -> bool := fun k => Nat.odd k.
Definition majV (n : nat) : nat -> bool := fun k => Nat.ltb n (2 * k).
Definition thrV (T : Z) : nat -> bool := fun k => Z.leb T (Z.of_nat k).
Definition symV (values : list bool) : nat -> bool := fun k => nth k values false.

Lemma andV_is_AND : forall n, symFun (andV n) = AND n. Proof. reflexivity. Qed.
Lemma orV_is_OR : forall n, symFun orV = OR n. Proof. reflexivity. Qed.
Lemma parityV_is_PARITY : forall n, symFun parityV = PARITY n. Proof. reflexivity. Qed.
Lemma majV_is_MAJ : forall n, symFun (majV n) = MAJ n. Proof. reflexivity. Qed.
Lemma thrV_is_THR : forall n T, symFun (thrV T) = THR n T. Proof. reflexivity. Qed.

Extraction "checkers.ml"
  (* the functions the statements name: model/Families.v, model/TreeStatements.v *)
  bitsOf ttFun AND OR PARITY MAJ THR TRIBES
  uniform over node alphaOf
  (* kind exhaustive: checkExhaustive_sound (checkers/ExhaustiveCheck.v); for a truth table
     checkExhaustiveTable_sound (above) *)
  checkExhaustive checkExhaustiveTable
  (* kind tree, versions 1 and 2: checkTree_sound (checkers/TreeCheck.v) *)
  mkRec checkTree
  (* kind tree, version 3: checkTreeV3_sound (checkers/TreeV3Check.v) *)
  mkSideIn checkTreeV3
  (* kind symmetric: checkSymmetric_sound (checkers/SymmetricCheck.v), V by the lemmas above *)
  checkSymmetric andV orV parityV majV thrV symV
  (* kind measure: checkS_sound, checkBS_sound, checkC_sound (checkers/MeasureCheck.v) *)
  checkS checkBS checkC
  (* kind census-classes: checkCensusClasses_sound (checkers/CensusClassesCheck.v) *)
  checkCensusClasses.

Print Assumptions checkExhaustiveTable_sound.
Print Assumptions andV_is_AND.
Print Assumptions majV_is_MAJ.
Print Assumptions thrV_is_THR.
