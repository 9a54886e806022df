(* Exported by `fbs coq` (fbs-verify) from certificates/paper/section_5_repeated_queries/and_10-55997ba45c69.json.gz, certificates/paper/section_5_repeated_queries/and_16-99f96541bc08.json.gz, certificates/paper/section_5_repeated_queries/tt_01-a4709a697223.json.gz.
   The exporter is untrusted; what to read is each Theorem's statement: FbsIs F z v says that
   z has exactly arity F bits and v is the optimum of the packing LP (paper Definition 3.3) and
   of the dual LP (Definition 3.4) of F's function at z (coq/model/FbsModel.v; the functions,
   each with its arity, are coq/model/Families.v; SensitivityOf, BlockSensitivityOf and
   CertificateComplexityOf likewise fix the arity).
   Each proof runs the checker of coq/checkers/ExhaustiveCheck.v (checkExhaustive_sound),
   for kind symmetric of coq/checkers/SymmetricCheck.v (checkSymmetric_sound), for kind
   measure of coq/checkers/MeasureCheck.v (s, bs, C: coq/model/Measures.v), all proved
   sound. Check: fbs coq ... --check, or compile coq/ (coq/check.sh order)
   with -R coq FbsCoq and then this file. *)

From Coq Require Import String QArith List.
From FbsCoq Require Import FbsModel Families ExhaustiveCheck SymmetricCheck Measures MeasureCheck.
Import ListNotations.
Open Scope string_scope.
Open Scope Q_scope.

(* certificates/paper/section_5_repeated_queries/and_10-55997ba45c69.json.gz: spec and:10 (kind symmetric) at 1111111111 *)
Definition fbs_and_10_at_1111111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (10 # 1))].

Theorem fbs_and_10_at_1111111111 :
  FbsIs (AND 10) (bitsOf "1111111111") (10 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 10) _ fbs_and_10_at_1111111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_5_repeated_queries/and_16-99f96541bc08.json.gz: spec and:16 (kind symmetric) at 1111111111111111 *)
Definition fbs_and_16_at_1111111111111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (16 # 1))].

Theorem fbs_and_16_at_1111111111111111 :
  FbsIs (AND 16) (bitsOf "1111111111111111") (16 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 16) _ fbs_and_16_at_1111111111111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_5_repeated_queries/tt_01-a4709a697223.json.gz: spec tt:01 at 1 *)
Definition fbs_tt_01_at_1_primal : list (list bool * Q) := [(bitsOf "1", (1 # 1))].
Definition fbs_tt_01_at_1_dual : list Q := [(1 # 1)].

Theorem fbs_tt_01_at_1 :
  FbsIs (TT "01") (bitsOf "1") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_01_at_1_primal fbs_tt_01_at_1_dual).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_10_at_1111111111, fbs_and_16_at_1111111111111111, fbs_tt_01_at_1).
Print Assumptions all_theorems.
