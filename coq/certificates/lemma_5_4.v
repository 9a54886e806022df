(* Exported by `fbs coq` (fbs-verify) from certificates/paper/lemma_5_4/tribes_2_2-21e5cea2b2c7.json.gz.
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

(* certificates/paper/lemma_5_4/tribes_2_2-21e5cea2b2c7.json.gz: tree tribes:2:2, 4 leaves, 3 records *)
Definition fbs_tribes_2_2_at_1011_records : list TRec := [
  mkRec (bitsOf "10") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "01", (1 # 1))] [(0 # 1); (1 # 1)];
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (2 # 1)] (2 # 1) [(bitsOf "01", (2 # 1))] [(0 # 1); (1 # 1)]].

Theorem fbs_tribes_2_2_at_1011 :
  let T := (node (OR 2) (repeat (over (AND 2) 2) 2)) in
  RhoT T (alphaOf T (bitsOf "1011")) (2 # 1).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_tribes_2_2_at_1011_records).
  vm_compute. reflexivity.
Qed.

Print Assumptions fbs_tribes_2_2_at_1011.
