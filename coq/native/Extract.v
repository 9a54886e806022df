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
  TreeCheck TreeV3Check SymmetricCheck MeasureCheck.
Require Extraction.
Require Import ExtrOcamlBasic ExtrOcamlZBigInt ExtrOcamlString.
Extraction Language OCaml.

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
  (* kind symmetric: checkSymmetric_sound (checkers/SymmetricCheck.v) *)
  checkSymmetric
  (* kind measure: checkS_sound, checkBS_sound, checkC_sound (checkers/MeasureCheck.v) *)
  checkS checkBS checkC.
