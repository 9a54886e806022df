(* Exported by `fbs coq` (fbs-verify) from certificates/paper/section_5_repeated_queries/tt_01-a4709a697223.json.gz.
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

(* certificates/paper/section_5_repeated_queries/tt_01-a4709a697223.json.gz: spec tt:01 at 1 *)
Definition fbs_tt_01_at_1_primal : list (list bool * Q) := [(bitsOf "1", (1 # 1))].
Definition fbs_tt_01_at_1_dual : list Q := [(1 # 1)].

Theorem fbs_tt_01_at_1 :
  FbsValue (ttFun (bitsOf "01")) (bitsOf "1") (1 # 1).
Proof.
  apply (checkExhaustive_sound _ _ fbs_tt_01_at_1_primal fbs_tt_01_at_1_dual).
  vm_compute. reflexivity.
Qed.

Print Assumptions fbs_tt_01_at_1.
