(* Exported by `fbs coq` (fbs-verify) from certificates/paper/lemma_5_2/and_8-13ad6cc8da08.json.gz and 8 more.
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

(* certificates/paper/lemma_5_2/and_8-13ad6cc8da08.json.gz: spec and:8 (kind symmetric) at 11111111 *)
Definition fbs_and_8_at_11111111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (8 # 1))].

Theorem fbs_and_8_at_11111111 :
  FbsIs (AND 8) (bitsOf "11111111") (8 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 8) _ fbs_and_8_at_11111111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/maj_30-a5e1f1bb6015.json.gz: spec maj:30 (kind symmetric) at 111111111111111111110000000000 *)
Definition fbs_maj_30_at_111111111111111111110000000000_types : list (nat * nat * Q) := [(5%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_30_at_111111111111111111110000000000 :
  FbsIs (MAJ 30) (bitsOf "111111111111111111110000000000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 30 (2 * k)) _ fbs_maj_30_at_111111111111111111110000000000_types (1 # 5) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/maj_99-e3a6f3dd17fa.json.gz: spec maj:99 (kind symmetric) at 111111111111111111111111111111111111111111111111110000000000000000000000000000000000000000000000000 *)
Definition fbs_maj_99_at_311f1e30cf_types : list (nat * nat * Q) := [(1%nat, 0%nat, (50 # 1))].

Theorem fbs_maj_99_at_311f1e30cf :
  FbsIs (MAJ 99) (bitsOf "111111111111111111111111111111111111111111111111110000000000000000000000000000000000000000000000000") (50 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 99 (2 * k)) _ fbs_maj_99_at_311f1e30cf_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/parity_5-49beb91df645.json.gz: spec parity:5 (kind symmetric) at 10110 *)
Definition fbs_parity_5_at_10110_types : list (nat * nat * Q) := [(1%nat, 0%nat, (3 # 1)); (0%nat, 1%nat, (2 # 1))].

Theorem fbs_parity_5_at_10110 :
  FbsIs (PARITY 5) (bitsOf "10110") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.odd k) _ fbs_parity_5_at_10110_types (1 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/thr_7_3-31f1c8c155f5.json.gz: spec thr:7:3 (kind symmetric) at 1110000 *)
Definition fbs_thr_7_3_at_1110000_types : list (nat * nat * Q) := [(1%nat, 0%nat, (3 # 1))].

Theorem fbs_thr_7_3_at_1110000 :
  FbsIs (THR 7 (3)%Z) (bitsOf "1110000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Z.leb (3)%Z (Z.of_nat k)) _ fbs_thr_7_3_at_1110000_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_0110100001001100-f7ebb07441a0.json.gz: spec tt:0110100001001100 at 0000 *)
Definition fbs_tt_0110100001001100_at_0000_primal : list (list bool * Q) := [(bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1)); (bitsOf "0001", (1 # 1))].
Definition fbs_tt_0110100001001100_at_0000_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_0110100001001100_at_0000 :
  FbsIs (TT "0110100001001100") (bitsOf "0000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0110100001001100_at_0000_primal fbs_tt_0110100001001100_at_0000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_0111000101100110000010111100101100101-9554834e3515.json.gz: spec tt:0111000101100110000010111100101100101010110000110000000101000001 at 001000 *)
Definition fbs_tt_011100010110011000001_f18d99ba6f_at_001000_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_tt_011100010110011000001_f18d99ba6f_at_001000_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_011100010110011000001_f18d99ba6f_at_001000 :
  FbsIs (TT "0111000101100110000010111100101100101010110000110000000101000001") (bitsOf "001000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011100010110011000001_f18d99ba6f_at_001000_primal fbs_tt_011100010110011000001_f18d99ba6f_at_001000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_10110001000011111001101001011111-7f7660e2b394.json.gz: spec tt:10110001000011111001101001011111 at 01100 *)
Definition fbs_tt_10110001000011111001101001011111_at_01100_primal : list (list bool * Q) := [(bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1))].
Definition fbs_tt_10110001000011111001101001011111_at_01100_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_10110001000011111001101001011111_at_01100 :
  FbsIs (TT "10110001000011111001101001011111") (bitsOf "01100") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10110001000011111001101001011111_at_01100_primal fbs_tt_10110001000011111001101001011111_at_01100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_1100101100100011-280a635340fe.json.gz: spec tt:1100101100100011 at 0010 *)
Definition fbs_tt_1100101100100011_at_0010_primal : list (list bool * Q) := [(bitsOf "1000", (1 # 1)); (bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1))].
Definition fbs_tt_1100101100100011_at_0010_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_1100101100100011_at_0010 :
  FbsIs (TT "1100101100100011") (bitsOf "0010") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1100101100100011_at_0010_primal fbs_tt_1100101100100011_at_0010_dual).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_8_at_11111111, fbs_maj_30_at_111111111111111111110000000000, fbs_maj_99_at_311f1e30cf, fbs_parity_5_at_10110, fbs_thr_7_3_at_1110000, fbs_tt_0110100001001100_at_0000, fbs_tt_011100010110011000001_f18d99ba6f_at_001000, fbs_tt_10110001000011111001101001011111_at_01100, fbs_tt_1100101100100011_at_0010).
Print Assumptions all_theorems.
