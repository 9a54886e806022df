(* Extract.v -- the proved checkers as one OCaml module, Checkers (checkers.ml/.mli), for the
   native program `fbs-proved` (coq/native/README.md, docs/formal.md section "The proved
   program"). Every function the program calls is listed below; each is the checker whose
   reflection lemma is named beside it, or a definition of the model a statement names (the
   families of model/Families.v, the trees of model/TreeStatements.v).

   Only the standard extraction libraries are used: ExtrOcamlBasic (bool, list, prod, option
   as OCaml's own), ExtrOcamlZBigInt (Z, N, positive as Zarith's Big_int_Z) and
   ExtrOcamlString (string as OCaml's). No function a proof relies on is given an
   `Extract Constant` of ours. Adding a kind: one line in the Extraction command below. *)

From FbsCoq Require Import FbsModel FbsTreeModel Families TreeStatements ExhaustiveCheck
  TreeCheck TreeV3Check SymmetricCheck MeasureCheck CensusClassesCheck.
From Coq Require Import ZArith List.
Require Extraction.
Require Import ExtrOcamlBasic ExtrOcamlZBigInt ExtrOcamlString.
Extraction Language OCaml.

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
  (* kind exhaustive: checkExhaustive_sound (checkers/ExhaustiveCheck.v) *)
  checkExhaustive
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
