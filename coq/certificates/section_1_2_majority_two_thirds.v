(* Exported by `fbs coq` (fbs-verify) from certificates/paper/section_1_2_majority_two_thirds/maj_18-d3ef6f038e7a.json.gz and 4 more.
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

(* certificates/paper/section_1_2_majority_two_thirds/maj_18-d3ef6f038e7a.json.gz: spec maj:18 (kind symmetric) at 111111111111000000 *)
Definition fbs_maj_18_at_111111111111000000_types : list (nat * nat * Q) := [(3%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_18_at_111111111111000000 :
  FbsIs (MAJ 18) (bitsOf "111111111111000000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 18 (2 * k)) _ fbs_maj_18_at_111111111111000000_types (1 # 3) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_1_2_majority_two_thirds/maj_24-fec1d08d8155.json.gz: spec maj:24 (kind symmetric) at 111111111111111100000000 *)
Definition fbs_maj_24_at_111111111111111100000000_types : list (nat * nat * Q) := [(4%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_24_at_111111111111111100000000 :
  FbsIs (MAJ 24) (bitsOf "111111111111111100000000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 24 (2 * k)) _ fbs_maj_24_at_111111111111111100000000_types (1 # 4) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_1_2_majority_two_thirds/maj_60-4c8b396f050f.json.gz: spec maj:60 (kind symmetric) at 111111111111111111111111111111111111111100000000000000000000 *)
Definition fbs_maj_60_at_9b1591f71a_types : list (nat * nat * Q) := [(10%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_60_at_9b1591f71a :
  FbsIs (MAJ 60) (bitsOf "111111111111111111111111111111111111111100000000000000000000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 60 (2 * k)) _ fbs_maj_60_at_9b1591f71a_types (1 # 10) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_1_2_majority_two_thirds/maj_600-0446029a23db.json.gz: spec maj:600 (kind symmetric) at 111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 *)
Definition fbs_maj_600_at_222082bd60_types : list (nat * nat * Q) := [(100%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_600_at_222082bd60 :
  FbsIs (MAJ 600) (bitsOf "111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 600 (2 * k)) _ fbs_maj_600_at_222082bd60_types (1 # 100) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_1_2_majority_two_thirds/maj_99-ed853342d36c.json.gz: spec maj:99 (kind symmetric) at 111111111111111111111111111111111111111111111111111111111111111111000000000000000000000000000000000 *)
Definition fbs_maj_99_at_ba61e83aca_types : list (nat * nat * Q) := [(17%nat, 0%nat, (66 # 17))].

Theorem fbs_maj_99_at_ba61e83aca :
  FbsIs (MAJ 99) (bitsOf "111111111111111111111111111111111111111111111111111111111111111111000000000000000000000000000000000") (66 # 17).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 99 (2 * k)) _ fbs_maj_99_at_ba61e83aca_types (1 # 17) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_maj_18_at_111111111111000000, fbs_maj_24_at_111111111111111100000000, fbs_maj_60_at_9b1591f71a, fbs_maj_600_at_222082bd60, fbs_maj_99_at_ba61e83aca).
Print Assumptions all_theorems.
