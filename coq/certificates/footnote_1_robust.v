(* Exported by `fbs coq` (fbs-verify) from certificates/paper/footnote_1_robust/compose_maj_3_and_2_or_2_parity_2_-8a3851038831.json.gz, certificates/paper/footnote_1_robust/tribes_2_3-a6bb11fd6515.json.gz.
   The exporter is untrusted; what to read is each Theorem's statement: FbsValue f z v says
   that v is the optimum of the packing LP (paper Definition 3.3) and of the dual LP
   (Definition 3.4) of f at z (coq/model/FbsModel.v; the functions are coq/model/Families.v).
   Each proof runs the checker of coq/checkers/ExhaustiveCheck.v, proved sound
   (checkExhaustive_sound). Check: fbs coq ... --check, or compile coq/ (coq/check.sh order)
   with -R coq FbsCoq and then this file. *)

From Coq Require Import String QArith List.
From FbsCoq Require Import FbsModel Families ExhaustiveCheck.
Import ListNotations.
Open Scope string_scope.
Open Scope Q_scope.

(* Tree certificates (kind tree): RhoT T alpha V says that V = rho_T = fbs_alpha(F_T), the
   minimum of the global dual LP of F_T at alpha (paper Definition 3.4, Section 5;
   coq/model/TreeStatements.v: the tree T, alpha from its bit string, leaves depth-first left
   to right). Each proof runs the checker of coq/checkers/TreeCheck.v (checkTree_sound). *)
From FbsCoq Require Import FbsTreeModel TreeStatements TreeCheck.

(* certificates/paper/footnote_1_robust/compose_maj_3_and_2_or_2_parity_2_-8a3851038831.json.gz: tree compose(maj:3;and:2;or:2;parity:2), 6 leaves, 4 records *)
Definition fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_records : list TRec := [
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "01", (1 # 1))] [(0 # 1); (1 # 1)];
  mkRec (bitsOf "10") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "111") [(2 # 1); (1 # 1); (2 # 1)] (5 # 2) [(bitsOf "110", (1 # 2)); (bitsOf "101", (3 # 2)); (bitsOf "011", (1 # 2))] [(1 # 2); (1 # 2); (1 # 2)]].

Theorem fbs_compose_maj_3_and_2_or_2_parity_2_at_110110 :
  let T := (node (MAJ 3) [(over (AND 2) 2); (over (OR 2) 2); (over (PARITY 2) 2)]) in
  RhoT T (alphaOf T (bitsOf "110110")) (5 # 2).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_records).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/tribes_2_3-a6bb11fd6515.json.gz: tree tribes:2:3, 6 leaves, 4 records *)
Definition fbs_tribes_2_3_at_110100_records : list TRec := [
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "10", (1 # 1))] [(1 # 1); (0 # 1)];
  mkRec (bitsOf "00") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "11", (1 # 1))] [(1 # 2); (1 # 2)];
  mkRec (bitsOf "100") [(2 # 1); (1 # 1); (1 # 1)] (2 # 1) [(bitsOf "100", (2 # 1))] [(1 # 1); (0 # 1); (0 # 1)]].

Theorem fbs_tribes_2_3_at_110100 :
  let T := (node (OR 3) (repeat (over (AND 2) 2) 3)) in
  RhoT T (alphaOf T (bitsOf "110100")) (2 # 1).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_tribes_2_3_at_110100_records).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_compose_maj_3_and_2_or_2_parity_2_at_110110, fbs_tribes_2_3_at_110100).
Print Assumptions all_theorems.
