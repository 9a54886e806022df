(* Exported by `fbs coq` (fbs-verify) from certificates/paper/definitions_3_3_3_4_duality/and_5-31ab11cb9111.json.gz and 69 more.
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

(* certificates/paper/definitions_3_3_3_4_duality/and_5-31ab11cb9111.json.gz: spec and:5 at 11111 *)
Definition fbs_and_5_at_11111_primal : list (list bool * Q) := [(bitsOf "10000", (1 # 1)); (bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1)); (bitsOf "00010", (1 # 1)); (bitsOf "00001", (1 # 1))].
Definition fbs_and_5_at_11111_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_and_5_at_11111 :
  FbsIs (AND 5) (bitsOf "11111") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_and_5_at_11111_primal fbs_and_5_at_11111_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/compose_maj_3_and_2_or_2_parity_2_-8a3851038831.json.gz: spec compose(maj:3;and:2;or:2;parity:2) at 110110 *)
Definition fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_primal : list (list bool * Q) := [(bitsOf "100100", (1 # 2)); (bitsOf "100010", (1 # 2)); (bitsOf "010001", (1 # 1)); (bitsOf "000110", (1 # 2))].
Definition fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_dual : list Q := [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)].

Theorem fbs_compose_maj_3_and_2_or_2_parity_2_at_110110 :
  FbsIs (TT "0000011001100110000001100110011000000110011001100110111111111111") (bitsOf "110110") (5 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_primal fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/expr__x1___x2_____x3___x4_-6dd7e3fc0766.json.gz: spec expr:(x1 & x2) | (x3 ^ x4) at 1010 *)
Definition fbs_expr_x1_x2_x3_x4_at_1010_primal : list (list bool * Q) := [(bitsOf "0010", (1 # 1)); (bitsOf "0001", (1 # 1))].
Definition fbs_expr_x1_x2_x3_x4_at_1010_dual : list Q := [(0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_expr_x1_x2_x3_x4_at_1010 :
  FbsIs (TT "0110011001101111") (bitsOf "1010") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_expr_x1_x2_x3_x4_at_1010_primal fbs_expr_x1_x2_x3_x4_at_1010_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/index_2-14a380756f6b.json.gz: spec index:2 at 100110 *)
Definition fbs_index_2_at_100110_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "000010", (1 # 1))].
Definition fbs_index_2_at_100110_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (0 # 1)].

Theorem fbs_index_2_at_100110 :
  FbsIs (TT "0000000011111111000011110000111100110011001100110101010101010101") (bitsOf "100110") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_index_2_at_100110_primal fbs_index_2_at_100110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/maj_6-4dd7ff7ead9d.json.gz: spec maj:6 at 111100 *)
Definition fbs_maj_6_at_111100_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "001000", (1 # 1)); (bitsOf "000100", (1 # 1))].
Definition fbs_maj_6_at_111100_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_maj_6_at_111100 :
  FbsIs (MAJ 6) (bitsOf "111100") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_maj_6_at_111100_primal fbs_maj_6_at_111100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/maj_9-f655a23e1fad.json.gz: spec maj:9 at 111110000 *)
Definition fbs_maj_9_at_111110000_primal : list (list bool * Q) := [(bitsOf "100000000", (1 # 1)); (bitsOf "010000000", (1 # 1)); (bitsOf "001000000", (1 # 1)); (bitsOf "000100000", (1 # 1)); (bitsOf "000010000", (1 # 1))].
Definition fbs_maj_9_at_111110000_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (0 # 1); (0 # 1)].

Theorem fbs_maj_9_at_111110000 :
  FbsIs (MAJ 9) (bitsOf "111110000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_maj_9_at_111110000_primal fbs_maj_9_at_111110000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/or_5-6e6bb3c3c249.json.gz: spec or:5 at 00100 *)
Definition fbs_or_5_at_00100_primal : list (list bool * Q) := [(bitsOf "00100", (1 # 1))].
Definition fbs_or_5_at_00100_dual : list Q := [(0 # 1); (0 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_or_5_at_00100 :
  FbsIs (OR 5) (bitsOf "00100") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_or_5_at_00100_primal fbs_or_5_at_00100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/parity_6-b4d26ca501dd.json.gz: spec parity:6 at 010110 *)
Definition fbs_parity_6_at_010110_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "001000", (1 # 1)); (bitsOf "000100", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_parity_6_at_010110_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_parity_6_at_010110 :
  FbsIs (PARITY 6) (bitsOf "010110") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_parity_6_at_010110_primal fbs_parity_6_at_010110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/thr_7_3-4b2f40a908c2.json.gz: spec thr:7:3 at 1100000 *)
Definition fbs_thr_7_3_at_1100000_primal : list (list bool * Q) := [(bitsOf "0010000", (1 # 1)); (bitsOf "0001000", (1 # 1)); (bitsOf "0000100", (1 # 1)); (bitsOf "0000010", (1 # 1)); (bitsOf "0000001", (1 # 1))].
Definition fbs_thr_7_3_at_1100000_dual : list Q := [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_thr_7_3_at_1100000 :
  FbsIs (THR 7 (3)%Z) (bitsOf "1100000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_thr_7_3_at_1100000_primal fbs_thr_7_3_at_1100000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tribes_2_3-a6bb11fd6515.json.gz: spec tribes:2:3 at 110100 *)
Definition fbs_tribes_2_3_at_110100_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1))].
Definition fbs_tribes_2_3_at_110100_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tribes_2_3_at_110100 :
  FbsIs (TRIBES 2 3) (bitsOf "110100") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tribes_2_3_at_110100_primal fbs_tribes_2_3_at_110100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_00001111-948f6aea4abb.json.gz: spec tt:00001111 at 100 *)
Definition fbs_tt_00001111_at_100_primal : list (list bool * Q) := [(bitsOf "100", (1 # 1))].
Definition fbs_tt_00001111_at_100_dual : list Q := [(1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_00001111_at_100 :
  FbsIs (TT "00001111") (bitsOf "100") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_00001111_at_100_primal fbs_tt_00001111_at_100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0000111110000111000100011011011111100-20d1cf91d9cf.json.gz: spec tt:0000111110000111000100011011011111100101011000111000010110000111100011110100111000100000101100000110011101110011100011100111111100101111001011101111010100111110111010111010011011111000011001110000010100101000110001111111111010011110111100101101111100011000 at 10010011 *)
Definition fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011_primal : list (list bool * Q) := [(bitsOf "10000010", (1 # 1)); (bitsOf "01000000", (1 # 1)); (bitsOf "00101000", (1 # 1)); (bitsOf "00010000", (1 # 1)); (bitsOf "00000101", (1 # 1))].
Definition fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011 :
  FbsIs (TT "0000111110000111000100011011011111100101011000111000010110000111100011110100111000100000101100000110011101110011100011100111111100101111001011101111010100111110111010111010011011111000011001110000010100101000110001111111111010011110111100101101111100011000") (bitsOf "10010011") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011_primal fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0001-116570d2a663.json.gz: spec tt:0001 at 11 *)
Definition fbs_tt_0001_at_11_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))].
Definition fbs_tt_0001_at_11_dual : list Q := [(1 # 1); (1 # 1)].

Theorem fbs_tt_0001_at_11 :
  FbsIs (TT "0001") (bitsOf "11") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0001_at_11_primal fbs_tt_0001_at_11_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0001-6e2ed9135f24.json.gz: spec tt:0001 at 10 *)
Definition fbs_tt_0001_at_10_primal : list (list bool * Q) := [(bitsOf "01", (1 # 1))].
Definition fbs_tt_0001_at_10_dual : list Q := [(0 # 1); (1 # 1)].

Theorem fbs_tt_0001_at_10 :
  FbsIs (TT "0001") (bitsOf "10") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0001_at_10_primal fbs_tt_0001_at_10_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_00010101-c34cfef43dc0.json.gz: spec tt:00010101 at 101 *)
Definition fbs_tt_00010101_at_101_primal : list (list bool * Q) := [(bitsOf "100", (1 # 1)); (bitsOf "001", (1 # 1))].
Definition fbs_tt_00010101_at_101_dual : list Q := [(1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_00010101_at_101 :
  FbsIs (TT "00010101") (bitsOf "101") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_00010101_at_101_primal fbs_tt_00010101_at_101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0001110110101101110010101111101011000-cfcef911fffd.json.gz: spec tt:0001110110101101110010101111101011000110011100101101110110010110 at 000110 *)
Definition fbs_tt_000111011010110111001_1334d9a3c6_at_000110_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "001100", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_tt_000111011010110111001_1334d9a3c6_at_000110_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_000111011010110111001_1334d9a3c6_at_000110 :
  FbsIs (TT "0001110110101101110010101111101011000110011100101101110110010110") (bitsOf "000110") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_000111011010110111001_1334d9a3c6_at_000110_primal fbs_tt_000111011010110111001_1334d9a3c6_at_000110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0010-573af67b04fa.json.gz: spec tt:0010 at 01 *)
Definition fbs_tt_0010_at_01_primal : list (list bool * Q) := [(bitsOf "11", (1 # 1))].
Definition fbs_tt_0010_at_01_dual : list Q := [(1 # 1); (0 # 1)].

Theorem fbs_tt_0010_at_01 :
  FbsIs (TT "0010") (bitsOf "01") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0010_at_01_primal fbs_tt_0010_at_01_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0010-600c132a15e9.json.gz: spec tt:0010 at 00 *)
Definition fbs_tt_0010_at_00_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1))].
Definition fbs_tt_0010_at_00_dual : list Q := [(1 # 1); (0 # 1)].

Theorem fbs_tt_0010_at_00 :
  FbsIs (TT "0010") (bitsOf "00") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0010_at_00_primal fbs_tt_0010_at_00_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0010-b15dd9fe5502.json.gz: spec tt:0010 at 11 *)
Definition fbs_tt_0010_at_11_primal : list (list bool * Q) := [(bitsOf "01", (1 # 1))].
Definition fbs_tt_0010_at_11_dual : list Q := [(0 # 1); (1 # 1)].

Theorem fbs_tt_0010_at_11 :
  FbsIs (TT "0010") (bitsOf "11") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0010_at_11_primal fbs_tt_0010_at_11_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0010101011100000001001100001100010101-5a15adee44f6.json.gz: spec tt:0010101011100000001001100001100010101000011010110010111110101011100111100011001011100110001111010010010111100000110101011000000000001101110011100100100111101010011101001011110101101011001000000010011111011001010010001011011010111111010010100110011101001010 at 10011111 *)
Definition fbs_tt_001010101110000000100_955400ba6d_at_10011111_primal : list (list bool * Q) := [(bitsOf "11000000", (1 # 1)); (bitsOf "00110000", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000110", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_001010101110000000100_955400ba6d_at_10011111_dual : list Q := [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (1 # 1); (1 # 2); (1 # 2); (1 # 1)].

Theorem fbs_tt_001010101110000000100_955400ba6d_at_10011111 :
  FbsIs (TT "0010101011100000001001100001100010101000011010110010111110101011100111100011001011100110001111010010010111100000110101011000000000001101110011100100100111101010011101001011110101101011001000000010011111011001010010001011011010111111010010100110011101001010") (bitsOf "10011111") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_001010101110000000100_955400ba6d_at_10011111_primal fbs_tt_001010101110000000100_955400ba6d_at_10011111_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0010111110110001010101101010010010110-67579d7a4c28.json.gz: spec tt:0010111110110001010101101010010010110100010001011110001001111110 at 000000 *)
Definition fbs_tt_001011111011000101010_445b4197bd_at_000000_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010001", (1 # 1)); (bitsOf "001000", (1 # 1)); (bitsOf "000100", (1 # 1)); (bitsOf "000010", (1 # 1))].
Definition fbs_tt_001011111011000101010_445b4197bd_at_000000_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_001011111011000101010_445b4197bd_at_000000 :
  FbsIs (TT "0010111110110001010101101010010010110100010001011110001001111110") (bitsOf "000000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_001011111011000101010_445b4197bd_at_000000_primal fbs_tt_001011111011000101010_445b4197bd_at_000000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_00110011000000011100011000101001-32b4db021ab9.json.gz: spec tt:00110011000000011100011000101001 at 11110 *)
Definition fbs_tt_00110011000000011100011000101001_at_11110_primal : list (list bool * Q) := [(bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1)); (bitsOf "00010", (1 # 1)); (bitsOf "00001", (1 # 1))].
Definition fbs_tt_00110011000000011100011000101001_at_11110_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_00110011000000011100011000101001_at_11110 :
  FbsIs (TT "00110011000000011100011000101001") (bitsOf "11110") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_00110011000000011100011000101001_at_11110_primal fbs_tt_00110011000000011100011000101001_at_11110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_00110101-dbf112b05b2b.json.gz: spec tt:00110101 at 000 *)
Definition fbs_tt_00110101_at_000_primal : list (list bool * Q) := [(bitsOf "101", (1 # 1)); (bitsOf "010", (1 # 1))].
Definition fbs_tt_00110101_at_000_dual : list Q := [(1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_00110101_at_000 :
  FbsIs (TT "00110101") (bitsOf "000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_00110101_at_000_primal fbs_tt_00110101_at_000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0011101011110011000101000111001010111-e753172ae8cc.json.gz: spec tt:0011101011110011000101000111001010111100101000100010010011100100 at 111001 *)
Definition fbs_tt_001110101111001100010_c5e6643e80_at_111001_primal : list (list bool * Q) := [(bitsOf "100100", (1 # 2)); (bitsOf "100001", (1 # 2)); (bitsOf "010000", (1 # 1)); (bitsOf "001000", (1 # 1)); (bitsOf "000101", (1 # 2)); (bitsOf "000010", (1 # 1))].
Definition fbs_tt_001110101111001100010_c5e6643e80_at_111001_dual : list Q := [(1 # 2); (1 # 1); (1 # 1); (1 # 2); (1 # 1); (1 # 2)].

Theorem fbs_tt_001110101111001100010_c5e6643e80_at_111001 :
  FbsIs (TT "0011101011110011000101000111001010111100101000100010010011100100") (bitsOf "111001") (9 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_001110101111001100010_c5e6643e80_at_111001_primal fbs_tt_001110101111001100010_c5e6643e80_at_111001_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0011111101010100-d771dc7eaf32.json.gz: spec tt:0011111101010100 at 0011 *)
Definition fbs_tt_0011111101010100_at_0011_primal : list (list bool * Q) := [(bitsOf "1100", (1 # 1)); (bitsOf "0010", (1 # 1))].
Definition fbs_tt_0011111101010100_at_0011_dual : list Q := [(1 # 1); (0 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_0011111101010100_at_0011 :
  FbsIs (TT "0011111101010100") (bitsOf "0011") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0011111101010100_at_0011_primal fbs_tt_0011111101010100_at_0011_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_01000010110011110110101000101010-f9972ec32760.json.gz: spec tt:01000010110011110110101000101010 at 10010 *)
Definition fbs_tt_01000010110011110110101000101010_at_10010_primal : list (list bool * Q) := [(bitsOf "10000", (1 # 1)); (bitsOf "00010", (1 # 1)); (bitsOf "00001", (1 # 1))].
Definition fbs_tt_01000010110011110110101000101010_at_10010_dual : list Q := [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_01000010110011110110101000101010_at_10010 :
  FbsIs (TT "01000010110011110110101000101010") (bitsOf "10010") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_01000010110011110110101000101010_at_10010_primal fbs_tt_01000010110011110110101000101010_at_10010_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0100011010010111-c3a14ed9040d.json.gz: spec tt:0100011010010111 at 1110 *)
Definition fbs_tt_0100011010010111_at_1110_primal : list (list bool * Q) := [(bitsOf "1001", (1 # 1)); (bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1))].
Definition fbs_tt_0100011010010111_at_1110_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_0100011010010111_at_1110 :
  FbsIs (TT "0100011010010111") (bitsOf "1110") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0100011010010111_at_1110_primal fbs_tt_0100011010010111_at_1110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0100011011011100101010101000111001010-945ed350ce14.json.gz: spec tt:0100011011011100101010101000111001010111100110111110101111000011011111011111101111101110010011111100000000110010010000010010111100110101001111001001011001010001101100101001101000110000101111000110010101101011100101101111000110000010010111100111101101110011 at 00101101 *)
Definition fbs_tt_010001101101110010101_379bfecb8e_at_00101101_primal : list (list bool * Q) := [(bitsOf "11000000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00010100", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000010", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_010001101101110010101_379bfecb8e_at_00101101_dual : list Q := [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_010001101101110010101_379bfecb8e_at_00101101 :
  FbsIs (TT "0100011011011100101010101000111001010111100110111110101111000011011111011111101111101110010011111100000000110010010000010010111100110101001111001001011001010001101100101001101000110000101111000110010101101011100101101111000110000010010111100111101101110011") (bitsOf "00101101") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_010001101101110010101_379bfecb8e_at_00101101_primal fbs_tt_010001101101110010101_379bfecb8e_at_00101101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_01000111-0b3ccdb680f5.json.gz: spec tt:01000111 at 000 *)
Definition fbs_tt_01000111_at_000_primal : list (list bool * Q) := [(bitsOf "110", (1 # 1)); (bitsOf "001", (1 # 1))].
Definition fbs_tt_01000111_at_000_dual : list Q := [(1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_01000111_at_000 :
  FbsIs (TT "01000111") (bitsOf "000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_01000111_at_000_primal fbs_tt_01000111_at_000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0101000000111101101011111101110100000-90df3d7f0c91.json.gz: spec tt:01010000001111011010111111011101000001110010100101100101000100110110110011100000100111011011011111010111011101000000001101011110 at 1000011 *)
Definition fbs_tt_010100000011110110101_ac7754555c_at_1000011_primal : list (list bool * Q) := [(bitsOf "1000000", (1 # 1)); (bitsOf "0100000", (1 # 1)); (bitsOf "0010000", (1 # 1)); (bitsOf "0000010", (1 # 1)); (bitsOf "0000001", (1 # 1))].
Definition fbs_tt_010100000011110110101_ac7754555c_at_1000011_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_010100000011110110101_ac7754555c_at_1000011 :
  FbsIs (TT "01010000001111011010111111011101000001110010100101100101000100110110110011100000100111011011011111010111011101000000001101011110") (bitsOf "1000011") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_010100000011110110101_ac7754555c_at_1000011_primal fbs_tt_010100000011110110101_ac7754555c_at_1000011_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0101011101011101010110001011011000110-d9379c9754fe.json.gz: spec tt:0101011101011101010110001011011000110101001010111001110110110101 at 001101 *)
Definition fbs_tt_010101110101110101011_931dcdd369_at_001101_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "011000", (1 # 1)); (bitsOf "000011", (1 # 1))].
Definition fbs_tt_010101110101110101011_931dcdd369_at_001101_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_010101110101110101011_931dcdd369_at_001101 :
  FbsIs (TT "0101011101011101010110001011011000110101001010111001110110110101") (bitsOf "001101") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_010101110101110101011_931dcdd369_at_001101_primal fbs_tt_010101110101110101011_931dcdd369_at_001101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0110-048563aa1c9c.json.gz: spec tt:0110 at 10 *)
Definition fbs_tt_0110_at_10_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))].
Definition fbs_tt_0110_at_10_dual : list Q := [(1 # 1); (1 # 1)].

Theorem fbs_tt_0110_at_10 :
  FbsIs (TT "0110") (bitsOf "10") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0110_at_10_primal fbs_tt_0110_at_10_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0110010000001000100100101001000010010-ed69aafac196.json.gz: spec tt:0110010000001000100100101001000010010000001011110101101111010111001111110110001011011110101110001011100111111001001100110111110110100010001110100001100000010010110100101100111111000011110010101111101000000001110010000011010010001101111010110110101110001111 at 01111001 *)
Definition fbs_tt_011001000000100010010_d91e4bafbe_at_01111001_primal : list (list bool * Q) := [(bitsOf "10000000", (1 # 1)); (bitsOf "01010000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_011001000000100010010_d91e4bafbe_at_01111001_dual : list Q := [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_011001000000100010010_d91e4bafbe_at_01111001 :
  FbsIs (TT "0110010000001000100100101001000010010000001011110101101111010111001111110110001011011110101110001011100111111001001100110111110110100010001110100001100000010010110100101100111111000011110010101111101000000001110010000011010010001101111010110110101110001111") (bitsOf "01111001") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011001000000100010010_d91e4bafbe_at_01111001_primal fbs_tt_011001000000100010010_d91e4bafbe_at_01111001_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0110100000100100-4045ad86b4e1.json.gz: spec tt:0110100000100100 at 0111 *)
Definition fbs_tt_0110100000100100_at_0111_primal : list (list bool * Q) := [(bitsOf "1010", (1 # 1)); (bitsOf "0101", (1 # 1))].
Definition fbs_tt_0110100000100100_at_0111_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_0110100000100100_at_0111 :
  FbsIs (TT "0110100000100100") (bitsOf "0111") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0110100000100100_at_0111_primal fbs_tt_0110100000100100_at_0111_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0110110000000001111110100001001011111-018f5e585a58.json.gz: spec tt:0110110000000001111110100001001011111101101011110011101000000000101001011110100001111111101101001010101010011110100001000000101100110110000111011111111001111010111000111100001000000101100110010011010001101101001011110111110011010011111000011100100010101101 at 10111110 *)
Definition fbs_tt_011011000000000111111_0b8ebd176d_at_10111110_primal : list (list bool * Q) := [(bitsOf "10001000", (1 # 1)); (bitsOf "01000100", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00010000", (1 # 1)); (bitsOf "00000010", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_011011000000000111111_0b8ebd176d_at_10111110_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_011011000000000111111_0b8ebd176d_at_10111110 :
  FbsIs (TT "0110110000000001111110100001001011111101101011110011101000000000101001011110100001111111101101001010101010011110100001000000101100110110000111011111111001111010111000111100001000000101100110010011010001101101001011110111110011010011111000011100100010101101") (bitsOf "10111110") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011011000000000111111_0b8ebd176d_at_10111110_primal fbs_tt_011011000000000111111_0b8ebd176d_at_10111110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_01110010-a80b2e2633e2.json.gz: spec tt:01110010 at 000 *)
Definition fbs_tt_01110010_at_000_primal : list (list bool * Q) := [(bitsOf "010", (1 # 1)); (bitsOf "001", (1 # 1))].
Definition fbs_tt_01110010_at_000_dual : list Q := [(0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_01110010_at_000 :
  FbsIs (TT "01110010") (bitsOf "000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_01110010_at_000_primal fbs_tt_01110010_at_000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0111001111010111-39401a2216a1.json.gz: spec tt:0111001111010111 at 1000 *)
Definition fbs_tt_0111001111010111_at_1000_primal : list (list bool * Q) := [(bitsOf "1000", (1 # 1)); (bitsOf "0100", (1 # 1)); (bitsOf "0010", (1 # 1))].
Definition fbs_tt_0111001111010111_at_1000_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_0111001111010111_at_1000 :
  FbsIs (TT "0111001111010111") (bitsOf "1000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0111001111010111_at_1000_primal fbs_tt_0111001111010111_at_1000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0111010011000001101100111001000001111-0a892f9f7442.json.gz: spec tt:0111010011000001101100111001000001111110110010010100010011100101001010001100001110001011101011101001110000001100100010100010101001110110000000001110011010110001111110111100001101111000000111010110111011010100111000101100001100101111011100001010111101011010 at 00111011 *)
Definition fbs_tt_011101001100000110110_ee3b917148_at_00111011_primal : list (list bool * Q) := [(bitsOf "10000000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00011000", (1 # 1)); (bitsOf "00000100", (1 # 1)); (bitsOf "00000010", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_011101001100000110110_ee3b917148_at_00111011_dual : list Q := [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_011101001100000110110_ee3b917148_at_00111011 :
  FbsIs (TT "0111010011000001101100111001000001111110110010010100010011100101001010001100001110001011101011101001110000001100100010100010101001110110000000001110011010110001111110111100001101111000000111010110111011010100111000101100001100101111011100001010111101011010") (bitsOf "00111011") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011101001100000110110_ee3b917148_at_00111011_primal fbs_tt_011101001100000110110_ee3b917148_at_00111011_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0111011111011111111011101101100101110-44e3170e302d.json.gz: spec tt:0111011111011111111011101101100101110111011000000100001110101111111000100001011101010010110111110110000011011000111010011001001001000111110111010010010110010110100100101111011000001011111100010000111000010010100011101101111110110001001001000110101110100110 at 01001110 *)
Definition fbs_tt_011101111101111111101_bcdd964142_at_01001110_primal : list (list bool * Q) := [(bitsOf "01010000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00001001", (1 # 1)); (bitsOf "00000100", (1 # 1)); (bitsOf "00000010", (1 # 1))].
Definition fbs_tt_011101111101111111101_bcdd964142_at_01001110_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_011101111101111111101_bcdd964142_at_01001110 :
  FbsIs (TT "0111011111011111111011101101100101110111011000000100001110101111111000100001011101010010110111110110000011011000111010011001001001000111110111010010010110010110100100101111011000001011111100010000111000010010100011101101111110110001001001000110101110100110") (bitsOf "01001110") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011101111101111111101_bcdd964142_at_01001110_primal fbs_tt_011101111101111111101_bcdd964142_at_01001110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0111110011111100010101111101001010110-741bbc283068.json.gz: spec tt:0111110011111100010101111101001010110110011010111101000011010000101001101000010001011111101011110011001100011100001101111001001110000101111110011011011100011011000111111110110100011000101111010011001011100001010100001001010011100110101111100101000000001001 at 11101100 *)
Definition fbs_tt_011111001111110001010_4718e0f8a5_at_11101100_primal : list (list bool * Q) := [(bitsOf "10010000", (1 # 1)); (bitsOf "01000010", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000101", (1 # 1))].
Definition fbs_tt_011111001111110001010_4718e0f8a5_at_11101100_dual : list Q := [(1 # 2); (0 # 1); (1 # 1); (1 # 2); (1 # 1); (1 # 2); (1 # 1); (1 # 2)].

Theorem fbs_tt_011111001111110001010_4718e0f8a5_at_11101100 :
  FbsIs (TT "0111110011111100010101111101001010110110011010111101000011010000101001101000010001011111101011110011001100011100001101111001001110000101111110011011011100011011000111111110110100011000101111010011001011100001010100001001010011100110101111100101000000001001") (bitsOf "11101100") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_011111001111110001010_4718e0f8a5_at_11101100_primal fbs_tt_011111001111110001010_4718e0f8a5_at_11101100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_0111111111011101-0bc3da74badb.json.gz: spec tt:0111111111011101 at 1110 *)
Definition fbs_tt_0111111111011101_at_1110_primal : list (list bool * Q) := [(bitsOf "1000", (1 # 1)); (bitsOf "0010", (1 # 1)); (bitsOf "0001", (1 # 1))].
Definition fbs_tt_0111111111011101_at_1110_dual : list Q := [(1 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_0111111111011101_at_1110 :
  FbsIs (TT "0111111111011101") (bitsOf "1110") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_0111111111011101_at_1110_primal fbs_tt_0111111111011101_at_1110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1000-faa06e0acca6.json.gz: spec tt:1000 at 10 *)
Definition fbs_tt_1000_at_10_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1))].
Definition fbs_tt_1000_at_10_dual : list Q := [(1 # 1); (0 # 1)].

Theorem fbs_tt_1000_at_10 :
  FbsIs (TT "1000") (bitsOf "10") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1000_at_10_primal fbs_tt_1000_at_10_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_10001010-a03390dad76b.json.gz: spec tt:10001010 at 100 *)
Definition fbs_tt_10001010_at_100_primal : list (list bool * Q) := [(bitsOf "110", (1 # 1)); (bitsOf "001", (1 # 1))].
Definition fbs_tt_10001010_at_100_dual : list Q := [(1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_10001010_at_100 :
  FbsIs (TT "10001010") (bitsOf "100") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10001010_at_100_primal fbs_tt_10001010_at_100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_10001110010000000110110110110011-04ede890c473.json.gz: spec tt:10001110010000000110110110110011 at 00100 *)
Definition fbs_tt_10001110010000000110110110110011_at_00100_primal : list (list bool * Q) := [(bitsOf "10100", (1 # 1)); (bitsOf "01000", (1 # 1)); (bitsOf "00011", (1 # 1))].
Definition fbs_tt_10001110010000000110110110110011_at_00100_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_10001110010000000110110110110011_at_00100 :
  FbsIs (TT "10001110010000000110110110110011") (bitsOf "00100") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10001110010000000110110110110011_at_00100_primal fbs_tt_10001110010000000110110110110011_at_00100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1001-649ab8655a9e.json.gz: spec tt:1001 at 11 *)
Definition fbs_tt_1001_at_11_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))].
Definition fbs_tt_1001_at_11_dual : list Q := [(1 # 1); (1 # 1)].

Theorem fbs_tt_1001_at_11 :
  FbsIs (TT "1001") (bitsOf "11") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1001_at_11_primal fbs_tt_1001_at_11_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1001-8ff429605570.json.gz: spec tt:1001 at 00 *)
Definition fbs_tt_1001_at_00_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))].
Definition fbs_tt_1001_at_00_dual : list Q := [(1 # 1); (1 # 1)].

Theorem fbs_tt_1001_at_00 :
  FbsIs (TT "1001") (bitsOf "00") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1001_at_00_primal fbs_tt_1001_at_00_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1001000101101010-95730d113ae1.json.gz: spec tt:1001000101101010 at 1100 *)
Definition fbs_tt_1001000101101010_at_1100_primal : list (list bool * Q) := [(bitsOf "1000", (1 # 1)); (bitsOf "0100", (1 # 1)); (bitsOf "0001", (1 # 1))].
Definition fbs_tt_1001000101101010_at_1100_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_1001000101101010_at_1100 :
  FbsIs (TT "1001000101101010") (bitsOf "1100") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1001000101101010_at_1100_primal fbs_tt_1001000101101010_at_1100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_10010111-04b39f673e14.json.gz: spec tt:10010111 at 010 *)
Definition fbs_tt_10010111_at_010_primal : list (list bool * Q) := [(bitsOf "100", (1 # 1)); (bitsOf "010", (1 # 1)); (bitsOf "001", (1 # 1))].
Definition fbs_tt_10010111_at_010_dual : list Q := [(1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_10010111_at_010 :
  FbsIs (TT "10010111") (bitsOf "010") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10010111_at_010_primal fbs_tt_10010111_at_010_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1001101000001101010110100100011100001-d362b9040829.json.gz: spec tt:1001101000001101010110100100011100001100001010111101110000010000101001111011111000011101101110110000101110010001001000010110110101101001001110101010101110100100011001100001011010000101100101000100101100010101100001101000001110100100010101000101111001001010 at 10010100 *)
Definition fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100_primal : list (list bool * Q) := [(bitsOf "10000100", (1 # 1)); (bitsOf "01000000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00010010", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000001", (1 # 1))].
Definition fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100 :
  FbsIs (TT "1001101000001101010110100100011100001100001010111101110000010000101001111011111000011101101110110000101110010001001000010110110101101001001110101010101110100100011001100001011010000101100101000100101100010101100001101000001110100100010101000101111001001010") (bitsOf "10010100") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100_primal fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1001101001111001100110101011101011100-d4bedcc832de.json.gz: spec tt:1001101001111001100110101011101011100100101101101001101100110110 at 100101 *)
Definition fbs_tt_100110100111100110011_fccb06c7f4_at_100101_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "001100", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_tt_100110100111100110011_fccb06c7f4_at_100101_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_100110100111100110011_fccb06c7f4_at_100101 :
  FbsIs (TT "1001101001111001100110101011101011100100101101101001101100110110") (bitsOf "100101") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_100110100111100110011_fccb06c7f4_at_100101_primal fbs_tt_100110100111100110011_fccb06c7f4_at_100101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1010000101101101010001101111111111100-6353dd0bcd67.json.gz: spec tt:10100001011011010100011011111111111000001101000101101111100100101011101011101111001111011000001110101000001011010110001011000110 at 0010011 *)
Definition fbs_tt_101000010110110101000_6b94acac05_at_0010011_primal : list (list bool * Q) := [(bitsOf "1000000", (1 # 1)); (bitsOf "0100100", (1 # 1)); (bitsOf "0010001", (1 # 1)); (bitsOf "0001000", (1 # 1)); (bitsOf "0000010", (1 # 1))].
Definition fbs_tt_101000010110110101000_6b94acac05_at_0010011_dual : list Q := [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_101000010110110101000_6b94acac05_at_0010011 :
  FbsIs (TT "10100001011011010100011011111111111000001101000101101111100100101011101011101111001111011000001110101000001011010110001011000110") (bitsOf "0010011") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_101000010110110101000_6b94acac05_at_0010011_primal fbs_tt_101000010110110101000_6b94acac05_at_0010011_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_10100010-bc790215959b.json.gz: spec tt:10100010 at 101 *)
Definition fbs_tt_10100010_at_101_primal : list (list bool * Q) := [(bitsOf "101", (1 # 1))].
Definition fbs_tt_10100010_at_101_dual : list Q := [(0 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_10100010_at_101 :
  FbsIs (TT "10100010") (bitsOf "101") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10100010_at_101_primal fbs_tt_10100010_at_101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1010010010001111011001110111100100001-87922d430784.json.gz: spec tt:1010010010001111011001110111100100001101101011110011100101100000010001000100010001100011101100110100000000010000101010110110000011000110110000001001010100011011111101101011101101001010110110000001000101001010100101010100000101110101100010000110100000111010 at 01111100 *)
Definition fbs_tt_101001001000111101100_e31002fadf_at_01111100_primal : list (list bool * Q) := [(bitsOf "10000000", (1 # 1)); (bitsOf "01010000", (1 # 1)); (bitsOf "00100010", (1 # 1)); (bitsOf "00001000", (1 # 1)); (bitsOf "00000101", (1 # 1))].
Definition fbs_tt_101001001000111101100_e31002fadf_at_01111100_dual : list Q := [(1 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 1); (1 # 2); (1 # 2); (1 # 2)].

Theorem fbs_tt_101001001000111101100_e31002fadf_at_01111100 :
  FbsIs (TT "1010010010001111011001110111100100001101101011110011100101100000010001000100010001100011101100110100000000010000101010110110000011000110110000001001010100011011111101101011101101001010110110000001000101001010100101010100000101110101100010000110100000111010") (bitsOf "01111100") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_101001001000111101100_e31002fadf_at_01111100_primal fbs_tt_101001001000111101100_e31002fadf_at_01111100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_10110011100000010011010100011011-7f24dc8c398f.json.gz: spec tt:10110011100000010011010100011011 at 10010 *)
Definition fbs_tt_10110011100000010011010100011011_at_10010_primal : list (list bool * Q) := [(bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1)); (bitsOf "00010", (1 # 1))].
Definition fbs_tt_10110011100000010011010100011011_at_10010_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_10110011100000010011010100011011_at_10010 :
  FbsIs (TT "10110011100000010011010100011011") (bitsOf "10010") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_10110011100000010011010100011011_at_10010_primal fbs_tt_10110011100000010011010100011011_at_10010_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1011100111001101111011101110101110111-d6fa30aa6e4b.json.gz: spec tt:10111001110011011110111011101011101110001100101100100110100011000011111111111001110011000100001011111111000101100000100100000110 at 1111000 *)
Definition fbs_tt_101110011100110111101_6ccdc3935d_at_1111000_primal : list (list bool * Q) := [(bitsOf "1000000", (1 # 1)); (bitsOf "0100001", (1 # 1)); (bitsOf "0011000", (1 # 1)); (bitsOf "0000110", (1 # 1))].
Definition fbs_tt_101110011100110111101_6ccdc3935d_at_1111000_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_101110011100110111101_6ccdc3935d_at_1111000 :
  FbsIs (TT "10111001110011011110111011101011101110001100101100100110100011000011111111111001110011000100001011111111000101100000100100000110") (bitsOf "1111000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_101110011100110111101_6ccdc3935d_at_1111000_primal fbs_tt_101110011100110111101_6ccdc3935d_at_1111000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1100000011110000000101001110000101111-89b6d677c919.json.gz: spec tt:1100000011110000000101001110000101111011100001011100001110111011011010110111010101001011001010000000011111100111000110011111010100100000100001001001001111011001001110111101111111101100000101011111100010000110101100100001010001101110110101101101001111001110 at 00000110 *)
Definition fbs_tt_110000001111000000010_b1c9dc9118_at_00000110_primal : list (list bool * Q) := [(bitsOf "10010000", (1 # 3)); (bitsOf "10001011", (1 # 3)); (bitsOf "10000100", (1 # 3)); (bitsOf "01000000", (1 # 1)); (bitsOf "00100000", (1 # 1)); (bitsOf "00011001", (2 # 3)); (bitsOf "00000110", (2 # 3))].
Definition fbs_tt_110000001111000000010_b1c9dc9118_at_00000110_dual : list Q := [(1 # 3); (1 # 1); (1 # 1); (2 # 3); (1 # 3); (2 # 3); (1 # 3); (0 # 1)].

Theorem fbs_tt_110000001111000000010_b1c9dc9118_at_00000110 :
  FbsIs (TT "1100000011110000000101001110000101111011100001011100001110111011011010110111010101001011001010000000011111100111000110011111010100100000100001001001001111011001001110111101111111101100000101011111100010000110101100100001010001101110110101101101001111001110") (bitsOf "00000110") (13 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_110000001111000000010_b1c9dc9118_at_00000110_primal fbs_tt_110000001111000000010_b1c9dc9118_at_00000110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11001011111011101000000110110111-bfa288c5655d.json.gz: spec tt:11001011111011101000000110110111 at 11101 *)
Definition fbs_tt_11001011111011101000000110110111_at_11101_primal : list (list bool * Q) := [(bitsOf "10010", (1 # 1)); (bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1)); (bitsOf "00001", (1 # 1))].
Definition fbs_tt_11001011111011101000000110110111_at_11101_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_11001011111011101000000110110111_at_11101 :
  FbsIs (TT "11001011111011101000000110110111") (bitsOf "11101") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11001011111011101000000110110111_at_11101_primal fbs_tt_11001011111011101000000110110111_at_11101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11010000-506050cbb4e4.json.gz: spec tt:11010000 at 110 *)
Definition fbs_tt_11010000_at_110_primal : list (list bool * Q) := [(bitsOf "110", (1 # 1))].
Definition fbs_tt_11010000_at_110_dual : list Q := [(1 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_11010000_at_110 :
  FbsIs (TT "11010000") (bitsOf "110") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11010000_at_110_primal fbs_tt_11010000_at_110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1101000000110100101100000111110101110-f30da50b9876.json.gz: spec tt:11010000001101001011000001111101011100000110000110010010011101110111101101111101011101010110011101101101000101001111110100110100 at 1011100 *)
Definition fbs_tt_110100000011010010110_5088e96b42_at_1011100_primal : list (list bool * Q) := [(bitsOf "1000000", (1 # 1)); (bitsOf "0101000", (1 # 1)); (bitsOf "0010000", (1 # 1)); (bitsOf "0000010", (1 # 1)); (bitsOf "0000001", (1 # 1))].
Definition fbs_tt_110100000011010010110_5088e96b42_at_1011100_dual : list Q := [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_110100000011010010110_5088e96b42_at_1011100 :
  FbsIs (TT "11010000001101001011000001111101011100000110000110010010011101110111101101111101011101010110011101101101000101001111110100110100") (bitsOf "1011100") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_110100000011010010110_5088e96b42_at_1011100_primal fbs_tt_110100000011010010110_5088e96b42_at_1011100_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11010011-2b97f0652ca5.json.gz: spec tt:11010011 at 000 *)
Definition fbs_tt_11010011_at_000_primal : list (list bool * Q) := [(bitsOf "100", (1 # 1)); (bitsOf "010", (1 # 1))].
Definition fbs_tt_11010011_at_000_dual : list Q := [(1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_11010011_at_000 :
  FbsIs (TT "11010011") (bitsOf "000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11010011_at_000_primal fbs_tt_11010011_at_000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1101110100101001111010100010110010101-27931dd98818.json.gz: spec tt:11011101001010011110101000101100101011100111110010011101000010101010111101010001100000000101111010000111100100001011101010101010 at 1011000 *)
Definition fbs_tt_110111010010100111101_f15665bf9d_at_1011000_primal : list (list bool * Q) := [(bitsOf "1000010", (1 # 1)); (bitsOf "0100000", (1 # 1)); (bitsOf "0001000", (1 # 1)); (bitsOf "0000100", (1 # 1)); (bitsOf "0000001", (1 # 1))].
Definition fbs_tt_110111010010100111101_f15665bf9d_at_1011000_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_110111010010100111101_f15665bf9d_at_1011000 :
  FbsIs (TT "11011101001010011110101000101100101011100111110010011101000010101010111101010001100000000101111010000111100100001011101010101010") (bitsOf "1011000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_110111010010100111101_f15665bf9d_at_1011000_primal fbs_tt_110111010010100111101_f15665bf9d_at_1011000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1101110111011011100101000100000110011-7bf8ad694e9b.json.gz: spec tt:1101110111011011100101000100000110011001010100111001001001100111 at 110110 *)
Definition fbs_tt_110111011101101110010_3afb97c5d3_at_110110_primal : list (list bool * Q) := [(bitsOf "100000", (1 # 1)); (bitsOf "010000", (1 # 1)); (bitsOf "000100", (1 # 1)); (bitsOf "000010", (1 # 1)); (bitsOf "000001", (1 # 1))].
Definition fbs_tt_110111011101101110010_3afb97c5d3_at_110110_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_110111011101101110010_3afb97c5d3_at_110110 :
  FbsIs (TT "1101110111011011100101000100000110011001010100111001001001100111") (bitsOf "110110") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_110111011101101110010_3afb97c5d3_at_110110_primal fbs_tt_110111011101101110010_3afb97c5d3_at_110110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1110-607d5a927982.json.gz: spec tt:1110 at 11 *)
Definition fbs_tt_1110_at_11_primal : list (list bool * Q) := [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))].
Definition fbs_tt_1110_at_11_dual : list Q := [(1 # 1); (1 # 1)].

Theorem fbs_tt_1110_at_11 :
  FbsIs (TT "1110") (bitsOf "11") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1110_at_11_primal fbs_tt_1110_at_11_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11100000-c12019f0bee9.json.gz: spec tt:11100000 at 001 *)
Definition fbs_tt_11100000_at_001_primal : list (list bool * Q) := [(bitsOf "100", (1 # 1)); (bitsOf "010", (1 # 1))].
Definition fbs_tt_11100000_at_001_dual : list Q := [(1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_11100000_at_001 :
  FbsIs (TT "11100000") (bitsOf "001") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11100000_at_001_primal fbs_tt_11100000_at_001_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11100010010100001010011000111001-7c7a5a660d71.json.gz: spec tt:11100010010100001010011000111001 at 11110 *)
Definition fbs_tt_11100010010100001010011000111001_at_11110_primal : list (list bool * Q) := [(bitsOf "01000", (1 # 1)); (bitsOf "00100", (1 # 1)); (bitsOf "00010", (1 # 1)); (bitsOf "00001", (1 # 1))].
Definition fbs_tt_11100010010100001010011000111001_at_11110_dual : list Q := [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (1 # 1)].

Theorem fbs_tt_11100010010100001010011000111001_at_11110 :
  FbsIs (TT "11100010010100001010011000111001") (bitsOf "11110") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11100010010100001010011000111001_at_11110_primal fbs_tt_11100010010100001010011000111001_at_11110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_1110101110101111-7a0ca526b9d5.json.gz: spec tt:1110101110101111 at 0110 *)
Definition fbs_tt_1110101110101111_at_0110_primal : list (list bool * Q) := [(bitsOf "0101", (1 # 1))].
Definition fbs_tt_1110101110101111_at_0110_dual : list Q := [(0 # 1); (0 # 1); (0 # 1); (1 # 1)].

Theorem fbs_tt_1110101110101111_at_0110 :
  FbsIs (TT "1110101110101111") (bitsOf "0110") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_1110101110101111_at_0110_primal fbs_tt_1110101110101111_at_0110_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11110110111001001111001011111011-22c386be6e2f.json.gz: spec tt:11110110111001001111001011111011 at 11000 *)
Definition fbs_tt_11110110111001001111001011111011_at_11000_primal : list (list bool * Q) := [(bitsOf "10011", (1 # 1)); (bitsOf "01100", (1 # 1))].
Definition fbs_tt_11110110111001001111001011111011_at_11000_dual : list Q := [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_11110110111001001111001011111011_at_11000 :
  FbsIs (TT "11110110111001001111001011111011") (bitsOf "11000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11110110111001001111001011111011_at_11000_primal fbs_tt_11110110111001001111001011111011_at_11000_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11111000001101001111111101100011-e7217fc6a091.json.gz: spec tt:11111000001101001111111101100011 at 10111 *)
Definition fbs_tt_11111000001101001111111101100011_at_10111_primal : list (list bool * Q) := [(bitsOf "10000", (1 # 1)); (bitsOf "01100", (1 # 1))].
Definition fbs_tt_11111000001101001111111101100011_at_10111_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (0 # 1)].

Theorem fbs_tt_11111000001101001111111101100011_at_10111 :
  FbsIs (TT "11111000001101001111111101100011") (bitsOf "10111") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11111000001101001111111101100011_at_10111_primal fbs_tt_11111000001101001111111101100011_at_10111_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/tt_11111000011001010010111100000001-2e13965f96ce.json.gz: spec tt:11111000011001010010111100000001 at 11101 *)
Definition fbs_tt_11111000011001010010111100000001_at_11101_primal : list (list bool * Q) := [(bitsOf "10000", (1 # 1)); (bitsOf "01000", (1 # 1)); (bitsOf "00010", (1 # 1))].
Definition fbs_tt_11111000011001010010111100000001_at_11101_dual : list Q := [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)].

Theorem fbs_tt_11111000011001010010111100000001_at_11101 :
  FbsIs (TT "11111000011001010010111100000001") (bitsOf "11101") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_tt_11111000011001010010111100000001_at_11101_primal fbs_tt_11111000011001010010111100000001_at_11101_dual).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/definitions_3_3_3_4_duality/wthr_3_2_2_1_1_5-86bea928997f.json.gz: spec wthr:3,2,2,1,1:5 at 11111 *)
Definition fbs_wthr_3_2_2_1_1_5_at_11111_primal : list (list bool * Q) := [(bitsOf "11000", (1 # 5)); (bitsOf "10100", (1 # 5)); (bitsOf "10011", (3 # 5)); (bitsOf "01110", (2 # 5)); (bitsOf "01101", (2 # 5))].
Definition fbs_wthr_3_2_2_1_1_5_at_11111_dual : list Q := [(3 # 5); (2 # 5); (2 # 5); (1 # 5); (1 # 5)].

Theorem fbs_wthr_3_2_2_1_1_5_at_11111 :
  FbsIs (TT "00000000000001110001111111111111") (bitsOf "11111") (9 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkExhaustive_sound _ _ fbs_wthr_3_2_2_1_1_5_at_11111_primal fbs_wthr_3_2_2_1_1_5_at_11111_dual).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_5_at_11111, fbs_compose_maj_3_and_2_or_2_parity_2_at_110110, fbs_expr_x1_x2_x3_x4_at_1010, fbs_index_2_at_100110, fbs_maj_6_at_111100, fbs_maj_9_at_111110000, fbs_or_5_at_00100, fbs_parity_6_at_010110, fbs_thr_7_3_at_1100000, fbs_tribes_2_3_at_110100, fbs_tt_00001111_at_100, fbs_tt_000011111000011100010_f5ee7da3eb_at_10010011, fbs_tt_0001_at_11, fbs_tt_0001_at_10, fbs_tt_00010101_at_101, fbs_tt_000111011010110111001_1334d9a3c6_at_000110, fbs_tt_0010_at_01, fbs_tt_0010_at_00, fbs_tt_0010_at_11, fbs_tt_001010101110000000100_955400ba6d_at_10011111, fbs_tt_001011111011000101010_445b4197bd_at_000000, fbs_tt_00110011000000011100011000101001_at_11110, fbs_tt_00110101_at_000, fbs_tt_001110101111001100010_c5e6643e80_at_111001, fbs_tt_0011111101010100_at_0011, fbs_tt_01000010110011110110101000101010_at_10010, fbs_tt_0100011010010111_at_1110, fbs_tt_010001101101110010101_379bfecb8e_at_00101101, fbs_tt_01000111_at_000, fbs_tt_010100000011110110101_ac7754555c_at_1000011, fbs_tt_010101110101110101011_931dcdd369_at_001101, fbs_tt_0110_at_10, fbs_tt_011001000000100010010_d91e4bafbe_at_01111001, fbs_tt_0110100000100100_at_0111, fbs_tt_011011000000000111111_0b8ebd176d_at_10111110, fbs_tt_01110010_at_000, fbs_tt_0111001111010111_at_1000, fbs_tt_011101001100000110110_ee3b917148_at_00111011, fbs_tt_011101111101111111101_bcdd964142_at_01001110, fbs_tt_011111001111110001010_4718e0f8a5_at_11101100, fbs_tt_0111111111011101_at_1110, fbs_tt_1000_at_10, fbs_tt_10001010_at_100, fbs_tt_10001110010000000110110110110011_at_00100, fbs_tt_1001_at_11, fbs_tt_1001_at_00, fbs_tt_1001000101101010_at_1100, fbs_tt_10010111_at_010, fbs_tt_100110100000110101011_ce0be6c8e8_at_10010100, fbs_tt_100110100111100110011_fccb06c7f4_at_100101, fbs_tt_101000010110110101000_6b94acac05_at_0010011, fbs_tt_10100010_at_101, fbs_tt_101001001000111101100_e31002fadf_at_01111100, fbs_tt_10110011100000010011010100011011_at_10010, fbs_tt_101110011100110111101_6ccdc3935d_at_1111000, fbs_tt_110000001111000000010_b1c9dc9118_at_00000110, fbs_tt_11001011111011101000000110110111_at_11101, fbs_tt_11010000_at_110, fbs_tt_110100000011010010110_5088e96b42_at_1011100, fbs_tt_11010011_at_000, fbs_tt_110111010010100111101_f15665bf9d_at_1011000, fbs_tt_110111011101101110010_3afb97c5d3_at_110110, fbs_tt_1110_at_11, fbs_tt_11100000_at_001, fbs_tt_11100010010100001010011000111001_at_11110, fbs_tt_1110101110101111_at_0110, fbs_tt_11110110111001001111001011111011_at_11000, fbs_tt_11111000001101001111111101100011_at_10111, fbs_tt_11111000011001010010111100000001_at_11101, fbs_wthr_3_2_2_1_1_5_at_11111).
Print Assumptions all_theorems.
