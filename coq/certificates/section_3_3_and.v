(* Exported by `fbs coq` (fbs-verify) from certificates/paper/section_3_3_and/and_1-2043be8541e1.json.gz and 17 more.
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

(* certificates/paper/section_3_3_and/and_1-2043be8541e1.json.gz: spec and:1 (kind symmetric) at 0 *)
Definition fbs_and_1_at_0_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_1_at_0 :
  FbsIs (AND 1) (bitsOf "0") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 1) _ fbs_and_1_at_0_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_1-b87488e26b0d.json.gz: spec and:1 (kind symmetric) at 1 *)
Definition fbs_and_1_at_1_types : list (nat * nat * Q) := [(1%nat, 0%nat, (1 # 1))].

Theorem fbs_and_1_at_1 :
  FbsIs (AND 1) (bitsOf "1") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 1) _ fbs_and_1_at_1_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_1000-b9f2d9b049f4.json.gz: spec and:1000 (kind symmetric) at 1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111 *)
Definition fbs_and_1000_at_8bfa2fa5f4_types : list (nat * nat * Q) := [(1%nat, 0%nat, (1000 # 1))].

Theorem fbs_and_1000_at_8bfa2fa5f4 :
  FbsIs (AND 1000) (bitsOf "1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111") (1000 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 1000) _ fbs_and_1000_at_8bfa2fa5f4_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_2-4650061e5c7e.json.gz: spec and:2 (kind symmetric) at 01 *)
Definition fbs_and_2_at_01_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_2_at_01 :
  FbsIs (AND 2) (bitsOf "01") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 2) _ fbs_and_2_at_01_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_2-b0b80e1d6b6a.json.gz: spec and:2 (kind symmetric) at 00 *)
Definition fbs_and_2_at_00_types : list (nat * nat * Q) := [(0%nat, 2%nat, (1 # 1))].

Theorem fbs_and_2_at_00 :
  FbsIs (AND 2) (bitsOf "00") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 2) _ fbs_and_2_at_00_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_25-9ce0b70cb246.json.gz: spec and:25 (kind symmetric) at 1111111111111111111111111 *)
Definition fbs_and_25_at_1111111111111111111111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (25 # 1))].

Theorem fbs_and_25_at_1111111111111111111111111 :
  FbsIs (AND 25) (bitsOf "1111111111111111111111111") (25 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 25) _ fbs_and_25_at_1111111111111111111111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-0e7c3d3412cf.json.gz: spec and:3 (kind symmetric) at 110 *)
Definition fbs_and_3_at_110_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_3_at_110 :
  FbsIs (AND 3) (bitsOf "110") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_110_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-1c38a85cc895.json.gz: spec and:3 (kind symmetric) at 101 *)
Definition fbs_and_3_at_101_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_3_at_101 :
  FbsIs (AND 3) (bitsOf "101") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_101_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-24d5a47bdd4c.json.gz: spec and:3 (kind symmetric) at 000 *)
Definition fbs_and_3_at_000_types : list (nat * nat * Q) := [(0%nat, 3%nat, (1 # 1))].

Theorem fbs_and_3_at_000 :
  FbsIs (AND 3) (bitsOf "000") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_000_types (0 # 1) (1 # 3)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-43e6147897a7.json.gz: spec and:3 (kind symmetric) at 010 *)
Definition fbs_and_3_at_010_types : list (nat * nat * Q) := [(0%nat, 2%nat, (1 # 1))].

Theorem fbs_and_3_at_010 :
  FbsIs (AND 3) (bitsOf "010") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_010_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-5b4793b5f674.json.gz: spec and:3 (kind symmetric) at 001 *)
Definition fbs_and_3_at_001_types : list (nat * nat * Q) := [(0%nat, 2%nat, (1 # 1))].

Theorem fbs_and_3_at_001 :
  FbsIs (AND 3) (bitsOf "001") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_001_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-8a961b547b98.json.gz: spec and:3 (kind symmetric) at 011 *)
Definition fbs_and_3_at_011_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_3_at_011 :
  FbsIs (AND 3) (bitsOf "011") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_011_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-e9e247506ec1.json.gz: spec and:3 (kind symmetric) at 111 *)
Definition fbs_and_3_at_111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (3 # 1))].

Theorem fbs_and_3_at_111 :
  FbsIs (AND 3) (bitsOf "111") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_3-f2c3f06867de.json.gz: spec and:3 (kind symmetric) at 100 *)
Definition fbs_and_3_at_100_types : list (nat * nat * Q) := [(0%nat, 2%nat, (1 # 1))].

Theorem fbs_and_3_at_100 :
  FbsIs (AND 3) (bitsOf "100") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 3) _ fbs_and_3_at_100_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_4-2bf4b10b808e.json.gz: spec and:4 (kind symmetric) at 1111 *)
Definition fbs_and_4_at_1111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (4 # 1))].

Theorem fbs_and_4_at_1111 :
  FbsIs (AND 4) (bitsOf "1111") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 4) _ fbs_and_4_at_1111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_6-9350900c8554.json.gz: spec and:6 (kind symmetric) at 111111 *)
Definition fbs_and_6_at_111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (6 # 1))].

Theorem fbs_and_6_at_111111 :
  FbsIs (AND 6) (bitsOf "111111") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 6) _ fbs_and_6_at_111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_7-0837f4410ce2.json.gz: spec and:7 (kind symmetric) at 1111111 *)
Definition fbs_and_7_at_1111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (7 # 1))].

Theorem fbs_and_7_at_1111111 :
  FbsIs (AND 7) (bitsOf "1111111") (7 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 7) _ fbs_and_7_at_1111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/section_3_3_and/and_99-7f3c62814f3f.json.gz: spec and:99 (kind symmetric) at 111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111 *)
Definition fbs_and_99_at_fa098eb852_types : list (nat * nat * Q) := [(1%nat, 0%nat, (99 # 1))].

Theorem fbs_and_99_at_fa098eb852 :
  FbsIs (AND 99) (bitsOf "111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111") (99 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 99) _ fbs_and_99_at_fa098eb852_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_1_at_0, fbs_and_1_at_1, fbs_and_1000_at_8bfa2fa5f4, fbs_and_2_at_01, fbs_and_2_at_00, fbs_and_25_at_1111111111111111111111111, fbs_and_3_at_110, fbs_and_3_at_101, fbs_and_3_at_000, fbs_and_3_at_010, fbs_and_3_at_001, fbs_and_3_at_011, fbs_and_3_at_111, fbs_and_3_at_100, fbs_and_4_at_1111, fbs_and_6_at_111111, fbs_and_7_at_1111111, fbs_and_99_at_fa098eb852).
Print Assumptions all_theorems.
