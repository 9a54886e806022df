(* Exported by `fbs coq` (fbs-verify) from certificates/paper/lemma_5_2/tt_0110100001001100-f7ebb07441a0.json.gz and 3 more.
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

(* certificates/paper/lemma_5_2/tt_0110100001001100-f7ebb07441a0.json.gz: spec tt:0110100001001100 at 0000 *)
Definition fbs_tt_0110100001001100_at_0000_primal : list (list bool * Q) := [(bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1)); (bitsOf "0001", (1 # 1))].
Definition fbs_tt_0110100001001100_at_0000_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_0110100001001100_at_0000 :
  FbsValue (ttFun (bitsOf "0110100001001100")) (bitsOf "0000") (3 # 1).
Proof.
  apply (checkExhaustive_sound _ _ fbs_tt_0110100001001100_at_0000_primal fbs_tt_0110100001001100_at_0000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_0111000101100110000010111100101100101-9554834e3515.json.gz: spec tt:0111000101100110000010111100101100101010110000110000000101000001 at 001000 *)
Definition fbs_tt_011100010110011000001_f18d99ba6f_at_001000_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_tt_011100010110011000001_f18d99ba6f_at_001000_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_011100010110011000001_f18d99ba6f_at_001000 :
  FbsValue (ttFun (bitsOf "0111000101100110000010111100101100101010110000110000000101000001")) (bitsOf "001000") (4 # 1).
Proof.
  apply (checkExhaustive_sound _ _ fbs_tt_011100010110011000001_f18d99ba6f_at_001000_primal fbs_tt_011100010110011000001_f18d99ba6f_at_001000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_10110001000011111001101001011111-7f7660e2b394.json.gz: spec tt:10110001000011111001101001011111 at 01100 *)
Definition fbs_tt_10110001000011111001101001011111_at_01100_primal : list (list bool * Q) := [(bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1))].
Definition fbs_tt_10110001000011111001101001011111_at_01100_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_10110001000011111001101001011111_at_01100 :
  FbsValue (ttFun (bitsOf "10110001000011111001101001011111")) (bitsOf "01100") (2 # 1).
Proof.
  apply (checkExhaustive_sound _ _ fbs_tt_10110001000011111001101001011111_at_01100_primal fbs_tt_10110001000011111001101001011111_at_01100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_2/tt_1100101100100011-280a635340fe.json.gz: spec tt:1100101100100011 at 0010 *)
Definition fbs_tt_1100101100100011_at_0010_primal : list (list bool * Q) := [(bitsOf "1000", (1 # 1)); (bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1))].
Definition fbs_tt_1100101100100011_at_0010_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_1100101100100011_at_0010 :
  FbsValue (ttFun (bitsOf "1100101100100011")) (bitsOf "0010") (3 # 1).
Proof.
  apply (checkExhaustive_sound _ _ fbs_tt_1100101100100011_at_0010_primal fbs_tt_1100101100100011_at_0010_dual).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_tt_0110100001001100_at_0000, fbs_tt_011100010110011000001_f18d99ba6f_at_001000, fbs_tt_10110001000011111001101001011111_at_01100, fbs_tt_1100101100100011_at_0010).
Print Assumptions all_theorems.
