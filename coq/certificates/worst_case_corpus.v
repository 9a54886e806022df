(* Written by tools/export_coq_certificates.py (verify/formal/coq_worst_case.py, untrusted).
   Each Example states that the worst-case catch probability `worst` (coq/checkers/WorstCase.v)
   of a lying Alice, on a fixed tree with an oracle, rho and Bob's duals (the Python engine's
   rule, `vertex` or `symmetric`, as a table), equals the exact worst case the Python engine
   (verify/protocol/worst_case.py) computed; coqc checks each by vm_compute. By
   worst_is_min_table, `worst` is the minimum over all of Alice's strategies of the model's
   catch (coq/model/FbsModel.v). *)

From Coq Require Import String QArith List.
From FbsCoq Require Import FbsModel Families WorstCase.
Import ListNotations.
Open Scope string_scope.
Open Scope Q_scope.

(* menu_example: 19 nodes, depth 2 *)
Definition menu_example : tree nat := (Node 2 (fun k => match k with 0%nat => (eval (MAJ 5)) | _ => (eval (AND 4)) end) (fun k => match k with 0%nat => 5%nat | _ => 4%nat end) (fun k i => match k with 0%nat => match i with 0%nat => (Leaf 3%nat) | 1%nat => (Leaf 4%nat) | 2%nat => (Leaf 5%nat) | 3%nat => (Leaf 6%nat) | _ => (Leaf 7%nat) end | _ => match i with 0%nat => (Leaf 11%nat) | 1%nat => (Leaf 12%nat) | 2%nat => (Leaf 0%nat) | _ => (Node 2 (fun k => match k with 0%nat => (eval (AND 2)) | _ => (eval (MAJ 3)) end) (fun k => match k with 0%nat => 2%nat | _ => 3%nat end) (fun k i => match k with 0%nat => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 1%nat) end | _ => match i with 0%nat => (Leaf 8%nat) | 1%nat => (Leaf 9%nat) | _ => (Leaf 10%nat) end end)) end end)).

(* Bob's duals, rule vertex, for and:2, and:4, maj:3, maj:5 *)
Definition bob_0 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0000"), [(1 # 4); (1 # 4); (1 # 4); (1 # 4)]);
   ((bitsOf "0000000000000001", bitsOf "0001"), [(1 # 3); (1 # 3); (1 # 3); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0010"), [(1 # 3); (1 # 3); (0 # 1); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "0011"), [(1 # 2); (1 # 2); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0100"), [(1 # 3); (0 # 1); (1 # 3); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "0101"), [(1 # 2); (0 # 1); (1 # 2); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0110"), [(1 # 2); (0 # 1); (0 # 1); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "0111"), [(1 # 1); (0 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1000"), [(0 # 1); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "1001"), [(0 # 1); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1010"), [(0 # 1); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "1011"), [(0 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1100"), [(0 # 1); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "1101"), [(0 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1110"), [(0 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1111"), [(1 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00000"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00001"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00010"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00011"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00100"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00101"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00110"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00111"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01000"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01001"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01011"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01100"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01101"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01110"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10000"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10001"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10010"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10011"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10100"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10101"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10110"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10111"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11000"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11001"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11011"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11100"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11101"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11110"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_0_nonneg : tableNonneg bob_0 = true.
Proof. vm_compute. reflexivity. Qed.

(* menu_example_vertex_rho2: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example menu_example_vertex_rho2 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_0) (2 # 1) menu_example true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_vertex_rho3: rule vertex, rho 3, the engine's exact worst case 1/3 *)
Example menu_example_vertex_rho3 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_0) (3 # 1) menu_example true == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_vertex_rho4: rule vertex, rho 4, the engine's exact worst case 1/8 *)
Example menu_example_vertex_rho4 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_0) (4 # 1) menu_example true == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example menu_example_o0_vertex : worst (fun k => nth k (bitsOf "1010011000110") false) (tableBob bob_0) (2 # 1) menu_example true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2, and:4, maj:3, maj:5 *)
Definition bob_1 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0000"), [(1 # 4); (1 # 4); (1 # 4); (1 # 4)]);
   ((bitsOf "0000000000000001", bitsOf "0001"), [(1 # 3); (1 # 3); (1 # 3); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0010"), [(1 # 3); (1 # 3); (0 # 1); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "0011"), [(1 # 2); (1 # 2); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0100"), [(1 # 3); (0 # 1); (1 # 3); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "0101"), [(1 # 2); (0 # 1); (1 # 2); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "0110"), [(1 # 2); (0 # 1); (0 # 1); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "0111"), [(1 # 1); (0 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1000"), [(0 # 1); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "0000000000000001", bitsOf "1001"), [(0 # 1); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1010"), [(0 # 1); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "1011"), [(0 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1100"), [(0 # 1); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "0000000000000001", bitsOf "1101"), [(0 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1110"), [(0 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0000000000000001", bitsOf "1111"), [(1 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00000"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00001"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00010"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00011"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00100"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00101"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00110"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00111"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01000"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01001"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01011"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01100"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01101"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01110"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10000"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10001"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10010"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10011"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10100"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10101"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10110"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10111"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11000"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11001"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11011"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11100"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11101"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11110"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_1_nonneg : tableNonneg bob_1 = true.
Proof. vm_compute. reflexivity. Qed.

(* menu_example_symmetric_rho2: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example menu_example_symmetric_rho2 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_1) (2 # 1) menu_example true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_symmetric_rho3: rule symmetric, rho 3, the engine's exact worst case 1/3 *)
Example menu_example_symmetric_rho3 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_1) (3 # 1) menu_example true == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_symmetric_rho4: rule symmetric, rho 4, the engine's exact worst case 1/8 *)
Example menu_example_symmetric_rho4 : worst (fun k => nth k (bitsOf "1011100000111") false) (tableBob bob_1) (4 # 1) menu_example true == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* menu_example_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example menu_example_o0_symmetric : worst (fun k => nth k (bitsOf "1010011000110") false) (tableBob bob_1) (2 # 1) menu_example true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d1: 4 nodes, depth 1 *)
Definition uniform_maj_3_d1 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)).

(* Bob's duals, rule vertex, for maj:3 *)
Definition bob_2 : BobTable :=
  [((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)])].
Example bob_2_nonneg : tableNonneg bob_2 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d1_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example uniform_maj_3_d1_o0_vertex : worst (fun k => nth k (bitsOf "001") false) (tableBob bob_2) (2 # 1) uniform_maj_3_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for maj:3 *)
Definition bob_3 : BobTable :=
  [((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)])].
Example bob_3_nonneg : tableNonneg bob_3 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d1_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example uniform_maj_3_d1_o0_symmetric : worst (fun k => nth k (bitsOf "001") false) (tableBob bob_3) (2 # 1) uniform_maj_3_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d1_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/2 *)
Example uniform_maj_3_d1_o1_vertex : worst (fun k => nth k (bitsOf "100") false) (tableBob bob_2) (3 # 1) uniform_maj_3_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d1_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/2 *)
Example uniform_maj_3_d1_o1_symmetric : worst (fun k => nth k (bitsOf "100") false) (tableBob bob_3) (3 # 1) uniform_maj_3_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d2: 13 nodes, depth 2 *)
Definition uniform_maj_3_d2 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)) | 1%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 3%nat) | 1%nat => (Leaf 4%nat) | _ => (Leaf 5%nat) end)) | _ => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 6%nat) | 1%nat => (Leaf 7%nat) | _ => (Leaf 8%nat) end)) end)).

(* uniform_maj_3_d2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/4 *)
Example uniform_maj_3_d2_o0_vertex : worst (fun k => nth k (bitsOf "001101011") false) (tableBob bob_2) (2 # 1) uniform_maj_3_d2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/4 *)
Example uniform_maj_3_d2_o0_symmetric : worst (fun k => nth k (bitsOf "001101011") false) (tableBob bob_3) (2 # 1) uniform_maj_3_d2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example uniform_maj_3_d2_o1_vertex : worst (fun k => nth k (bitsOf "100111001") false) (tableBob bob_2) (3 # 1) uniform_maj_3_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_3_d2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example uniform_maj_3_d2_o1_symmetric : worst (fun k => nth k (bitsOf "100111001") false) (tableBob bob_3) (3 # 1) uniform_maj_3_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_and_2_d2: 7 nodes, depth 2 *)
Definition uniform_and_2_d2 : tree nat := (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)) end)).

(* Bob's duals, rule vertex, for and:2 *)
Definition bob_4 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_4_nonneg : tableNonneg bob_4 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_and_2_d2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example uniform_and_2_d2_o0_vertex : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_4) (2 # 1) uniform_and_2_d2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2 *)
Definition bob_5 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_5_nonneg : tableNonneg bob_5 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_and_2_d2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example uniform_and_2_d2_o0_symmetric : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_5) (2 # 1) uniform_and_2_d2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_and_2_d2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/2 *)
Example uniform_and_2_d2_o1_vertex : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_4) (3 # 1) uniform_and_2_d2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_and_2_d2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/2 *)
Example uniform_and_2_d2_o1_symmetric : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_5) (3 # 1) uniform_and_2_d2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_or_2_d2: 7 nodes, depth 2 *)
Definition uniform_or_2_d2 : tree nat := (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | _ => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)) end)).

(* Bob's duals, rule vertex, for or:2 *)
Definition bob_6 : BobTable :=
  [((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_6_nonneg : tableNonneg bob_6 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_or_2_d2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example uniform_or_2_d2_o0_vertex : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_6) (2 # 1) uniform_or_2_d2 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for or:2 *)
Definition bob_7 : BobTable :=
  [((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_7_nonneg : tableNonneg bob_7 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_or_2_d2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example uniform_or_2_d2_o0_symmetric : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_7) (2 # 1) uniform_or_2_d2 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_or_2_d2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/2 *)
Example uniform_or_2_d2_o1_vertex : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_6) (3 # 1) uniform_or_2_d2 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_or_2_d2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/2 *)
Example uniform_or_2_d2_o1_symmetric : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_7) (3 # 1) uniform_or_2_d2 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_parity_2_d2: 7 nodes, depth 2 *)
Definition uniform_parity_2_d2 : tree nat := (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | _ => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)) end)).

(* Bob's duals, rule vertex, for parity:2 *)
Definition bob_8 : BobTable :=
  [((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_8_nonneg : tableNonneg bob_8 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_parity_2_d2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/4 *)
Example uniform_parity_2_d2_o0_vertex : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_8) (2 # 1) uniform_parity_2_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for parity:2 *)
Definition bob_9 : BobTable :=
  [((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_9_nonneg : tableNonneg bob_9 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_parity_2_d2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/4 *)
Example uniform_parity_2_d2_o0_symmetric : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_9) (2 # 1) uniform_parity_2_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_parity_2_d2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example uniform_parity_2_d2_o1_vertex : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_8) (3 # 1) uniform_parity_2_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_parity_2_d2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example uniform_parity_2_d2_o1_symmetric : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_9) (3 # 1) uniform_parity_2_d2 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_5_d1: 6 nodes, depth 1 *)
Definition uniform_maj_5_d1 : tree nat := (Node 1 (fun k => (eval (MAJ 5))) (fun k => 5%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | 2%nat => (Leaf 2%nat) | 3%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)).

(* Bob's duals, rule vertex, for maj:5 *)
Definition bob_10 : BobTable :=
  [((bitsOf "00000001000101110001011101111111", bitsOf "00000"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00001"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00010"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00011"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00100"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00101"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00110"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00111"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01000"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01001"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01011"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01100"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01101"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01110"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10000"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10001"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10010"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10011"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10100"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10101"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10110"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10111"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11000"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11001"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11011"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11100"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11101"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11110"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_10_nonneg : tableNonneg bob_10 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_5_d1_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example uniform_maj_5_d1_o0_vertex : worst (fun k => nth k (bitsOf "00110") false) (tableBob bob_10) (2 # 1) uniform_maj_5_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for maj:5 *)
Definition bob_11 : BobTable :=
  [((bitsOf "00000001000101110001011101111111", bitsOf "00000"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00001"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00010"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00011"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00100"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00101"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00110"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "00111"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01000"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01001"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01011"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01100"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01101"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01110"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "01111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10000"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10001"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10010"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10011"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10100"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10101"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10110"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "10111"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11000"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11001"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11011"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11100"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11101"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11110"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "00000001000101110001011101111111", bitsOf "11111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_11_nonneg : tableNonneg bob_11 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_5_d1_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example uniform_maj_5_d1_o0_symmetric : worst (fun k => nth k (bitsOf "00110") false) (tableBob bob_11) (2 # 1) uniform_maj_5_d1 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_5_d1_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/3 *)
Example uniform_maj_5_d1_o1_vertex : worst (fun k => nth k (bitsOf "10011") false) (tableBob bob_10) (3 # 1) uniform_maj_5_d1 false == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* uniform_maj_5_d1_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/3 *)
Example uniform_maj_5_d1_o1_symmetric : worst (fun k => nth k (bitsOf "10011") false) (tableBob bob_11) (3 # 1) uniform_maj_5_d1 false == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* uniform_thr_4_2_d1: 5 nodes, depth 1 *)
Definition uniform_thr_4_2_d1 : tree nat := (Node 1 (fun k => (eval (THR 4 (2)%Z))) (fun k => 4%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | 2%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)).

(* Bob's duals, rule vertex, for thr:4:2 *)
Definition bob_12 : BobTable :=
  [((bitsOf "0001011101111111", bitsOf "0000"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "0001"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0011"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0100"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0101"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0110"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1000"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1001"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1011"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1100"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1101"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1110"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_12_nonneg : tableNonneg bob_12 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_thr_4_2_d1_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example uniform_thr_4_2_d1_o0_vertex : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_12) (2 # 1) uniform_thr_4_2_d1 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for thr:4:2 *)
Definition bob_13 : BobTable :=
  [((bitsOf "0001011101111111", bitsOf "0000"), [(1 # 2); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "0001"), [(1 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0010"), [(1 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0011"), [(0 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0100"), [(1 # 1); (0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0101"), [(0 # 1); (1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0110"), [(0 # 1); (1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "0111"), [(0 # 1); (1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1000"), [(0 # 1); (1 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1001"), [(1 # 1); (0 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1010"), [(1 # 1); (0 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1011"), [(1 # 2); (0 # 1); (1 # 2); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1100"), [(1 # 1); (1 # 1); (0 # 1); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1101"), [(1 # 2); (1 # 2); (0 # 1); (1 # 2)]);
   ((bitsOf "0001011101111111", bitsOf "1110"), [(1 # 2); (1 # 2); (1 # 2); (0 # 1)]);
   ((bitsOf "0001011101111111", bitsOf "1111"), [(1 # 3); (1 # 3); (1 # 3); (1 # 3)])].
Example bob_13_nonneg : tableNonneg bob_13 = true.
Proof. vm_compute. reflexivity. Qed.

(* uniform_thr_4_2_d1_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example uniform_thr_4_2_d1_o0_symmetric : worst (fun k => nth k (bitsOf "0011") false) (tableBob bob_13) (2 # 1) uniform_thr_4_2_d1 false == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* uniform_thr_4_2_d1_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/3 *)
Example uniform_thr_4_2_d1_o1_vertex : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_12) (3 # 1) uniform_thr_4_2_d1 false == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* uniform_thr_4_2_d1_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/3 *)
Example uniform_thr_4_2_d1_o1_symmetric : worst (fun k => nth k (bitsOf "1001") false) (tableBob bob_13) (3 # 1) uniform_thr_4_2_d1 false == (1 # 3).
Proof. vm_compute. reflexivity. Qed.

(* random_0: 8 nodes, depth 2 *)
Definition random_0 : tree nat := (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | _ => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | 1%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)) end)).

(* Bob's duals, rule vertex, for and:2, maj:3 *)
Definition bob_14 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)])].
Example bob_14_nonneg : tableNonneg bob_14 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_0_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example random_0_o0_vertex : worst (fun k => nth k (bitsOf "00110") false) (tableBob bob_14) (2 # 1) random_0 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2, maj:3 *)
Definition bob_15 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)])].
Example bob_15_nonneg : tableNonneg bob_15 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_0_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example random_0_o0_symmetric : worst (fun k => nth k (bitsOf "00110") false) (tableBob bob_15) (2 # 1) random_0 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* random_0_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example random_0_o1_vertex : worst (fun k => nth k (bitsOf "10011") false) (tableBob bob_14) (3 # 1) random_0 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_0_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example random_0_o1_symmetric : worst (fun k => nth k (bitsOf "10011") false) (tableBob bob_15) (3 # 1) random_0 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_0: 13 nodes, depth 3 *)
Definition mixed_0 : tree nat := (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | _ => (Leaf 2%nat) end)) | _ => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 5%nat) | _ => (Leaf 6%nat) end)) end)) end)).

(* Bob's duals, rule vertex, for and:2, parity:2 *)
Definition bob_16 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_16_nonneg : tableNonneg bob_16 = true.
Proof. vm_compute. reflexivity. Qed.

(* mixed_0_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example mixed_0_o0_vertex : worst (fun k => nth k (bitsOf "0101010") false) (tableBob bob_16) (2 # 1) mixed_0 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2, parity:2 *)
Definition bob_17 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_17_nonneg : tableNonneg bob_17 = true.
Proof. vm_compute. reflexivity. Qed.

(* mixed_0_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example mixed_0_o0_symmetric : worst (fun k => nth k (bitsOf "0101010") false) (tableBob bob_17) (2 # 1) mixed_0 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* mixed_0_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example mixed_0_o1_vertex : worst (fun k => nth k (bitsOf "0011110") false) (tableBob bob_16) (3 # 1) mixed_0 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_0_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example mixed_0_o1_symmetric : worst (fun k => nth k (bitsOf "0011110") false) (tableBob bob_17) (3 # 1) mixed_0 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_1: 12 nodes, depth 2 *)
Definition random_1 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)) | 1%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)) | _ => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 5%nat) | 1%nat => (Leaf 6%nat) | _ => (Leaf 7%nat) end)) end)).

(* random_1_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/4 *)
Example random_1_o0_vertex : worst (fun k => nth k (bitsOf "00110101") false) (tableBob bob_14) (2 # 1) random_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_1_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/4 *)
Example random_1_o0_symmetric : worst (fun k => nth k (bitsOf "00110101") false) (tableBob bob_15) (2 # 1) random_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_1_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example random_1_o1_vertex : worst (fun k => nth k (bitsOf "10011100") false) (tableBob bob_14) (3 # 1) random_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_1_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example random_1_o1_symmetric : worst (fun k => nth k (bitsOf "10011100") false) (tableBob bob_15) (3 # 1) random_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_1: 25 nodes, depth 3 *)
Definition mixed_1 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)) | 1%nat => (Leaf 3%nat) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 4%nat) | _ => (Leaf 5%nat) end)) end)) | 1%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 6%nat) | 1%nat => (Leaf 7%nat) | _ => (Leaf 8%nat) end)) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 9%nat) | _ => (Leaf 10%nat) end)) end)) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 11%nat) | _ => (Leaf 12%nat) end)) | _ => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 13%nat) | _ => (Leaf 14%nat) end)) end)) end)).

(* Bob's duals, rule vertex, for and:2, maj:3, parity:2 *)
Definition bob_18 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_18_nonneg : tableNonneg bob_18 = true.
Proof. vm_compute. reflexivity. Qed.

(* mixed_1_o0_vertex: rule vertex, rho 2, the engine's exact worst case 3/8 *)
Example mixed_1_o0_vertex : worst (fun k => nth k (bitsOf "011001011000100") false) (tableBob bob_18) (2 # 1) mixed_1 true == (3 # 8).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2, maj:3, parity:2 *)
Definition bob_19 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0110", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "01"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "10"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0110", bitsOf "11"), [(1 # 1); (1 # 1)])].
Example bob_19_nonneg : tableNonneg bob_19 = true.
Proof. vm_compute. reflexivity. Qed.

(* mixed_1_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 3/8 *)
Example mixed_1_o0_symmetric : worst (fun k => nth k (bitsOf "011001011000100") false) (tableBob bob_19) (2 # 1) mixed_1 true == (3 # 8).
Proof. vm_compute. reflexivity. Qed.

(* mixed_1_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example mixed_1_o1_vertex : worst (fun k => nth k (bitsOf "001111001101011") false) (tableBob bob_18) (3 # 1) mixed_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_1_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example mixed_1_o1_symmetric : worst (fun k => nth k (bitsOf "001111001101011") false) (tableBob bob_19) (3 # 1) mixed_1 true == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_2: 11 nodes, depth 2 *)
Definition random_2 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)) | 1%nat => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)) | _ => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 5%nat) | _ => (Leaf 6%nat) end)) end)).

(* Bob's duals, rule vertex, for maj:3, or:2 *)
Definition bob_20 : BobTable :=
  [((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_20_nonneg : tableNonneg bob_20 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/4 *)
Example random_2_o0_vertex : worst (fun k => nth k (bitsOf "0011010") false) (tableBob bob_20) (2 # 1) random_2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for maj:3, or:2 *)
Definition bob_21 : BobTable :=
  [((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_21_nonneg : tableNonneg bob_21 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/4 *)
Example random_2_o0_symmetric : worst (fun k => nth k (bitsOf "0011010") false) (tableBob bob_21) (2 # 1) random_2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example random_2_o1_vertex : worst (fun k => nth k (bitsOf "1001110") false) (tableBob bob_20) (3 # 1) random_2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example random_2_o1_symmetric : worst (fun k => nth k (bitsOf "1001110") false) (tableBob bob_21) (3 # 1) random_2 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_2: 13 nodes, depth 3 *)
Definition mixed_2 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | 1%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)) | _ => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 4%nat) | _ => (Leaf 5%nat) end)) end)) | 1%nat => (Leaf 6%nat) | _ => (Leaf 7%nat) end)).

(* mixed_2_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/2 *)
Example mixed_2_o0_vertex : worst (fun k => nth k (bitsOf "11010100") false) (tableBob bob_18) (2 # 1) mixed_2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* mixed_2_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/2 *)
Example mixed_2_o0_symmetric : worst (fun k => nth k (bitsOf "11010100") false) (tableBob bob_19) (2 # 1) mixed_2 true == (1 # 2).
Proof. vm_compute. reflexivity. Qed.

(* mixed_2_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/8 *)
Example mixed_2_o1_vertex : worst (fun k => nth k (bitsOf "01110010") false) (tableBob bob_18) (3 # 1) mixed_2 true == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* mixed_2_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/8 *)
Example mixed_2_o1_symmetric : worst (fun k => nth k (bitsOf "01110010") false) (tableBob bob_19) (3 # 1) mixed_2 true == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* random_3: 10 nodes, depth 2 *)
Definition random_3 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | _ => (Leaf 1%nat) end)) | 1%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 2%nat) | _ => (Leaf 3%nat) end)) | _ => (Node 1 (fun k => (eval (OR 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 4%nat) | _ => (Leaf 5%nat) end)) end)).

(* Bob's duals, rule vertex, for and:2, maj:3, or:2 *)
Definition bob_22 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_22_nonneg : tableNonneg bob_22 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_3_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/4 *)
Example random_3_o0_vertex : worst (fun k => nth k (bitsOf "001101") false) (tableBob bob_22) (2 # 1) random_3 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* Bob's duals, rule symmetric, for and:2, maj:3, or:2 *)
Definition bob_23 : BobTable :=
  [((bitsOf "0001", bitsOf "00"), [(1 # 2); (1 # 2)]);
   ((bitsOf "0001", bitsOf "01"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0001", bitsOf "10"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0001", bitsOf "11"), [(1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "000"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "00010111", bitsOf "001"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "010"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "011"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "100"), [(0 # 1); (1 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "101"), [(1 # 1); (0 # 1); (1 # 1)]);
   ((bitsOf "00010111", bitsOf "110"), [(1 # 1); (1 # 1); (0 # 1)]);
   ((bitsOf "00010111", bitsOf "111"), [(1 # 2); (1 # 2); (1 # 2)]);
   ((bitsOf "0111", bitsOf "00"), [(1 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "01"), [(0 # 1); (1 # 1)]);
   ((bitsOf "0111", bitsOf "10"), [(1 # 1); (0 # 1)]);
   ((bitsOf "0111", bitsOf "11"), [(1 # 2); (1 # 2)])].
Example bob_23_nonneg : tableNonneg bob_23 = true.
Proof. vm_compute. reflexivity. Qed.

(* random_3_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/4 *)
Example random_3_o0_symmetric : worst (fun k => nth k (bitsOf "001101") false) (tableBob bob_23) (2 # 1) random_3 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_3_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/4 *)
Example random_3_o1_vertex : worst (fun k => nth k (bitsOf "100111") false) (tableBob bob_22) (3 # 1) random_3 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* random_3_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/4 *)
Example random_3_o1_symmetric : worst (fun k => nth k (bitsOf "100111") false) (tableBob bob_23) (3 # 1) random_3 false == (1 # 4).
Proof. vm_compute. reflexivity. Qed.

(* mixed_3: 15 nodes, depth 3 *)
Definition mixed_3 : tree nat := (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (MAJ 3))) (fun k => 3%nat) (fun k i => match i with 0%nat => (Leaf 0%nat) | 1%nat => (Leaf 1%nat) | _ => (Leaf 2%nat) end)) | _ => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 3%nat) | _ => (Leaf 4%nat) end)) end)) | 1%nat => (Node 1 (fun k => (eval (PARITY 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Node 1 (fun k => (eval (AND 2))) (fun k => 2%nat) (fun k i => match i with 0%nat => (Leaf 5%nat) | _ => (Leaf 6%nat) end)) | _ => (Leaf 7%nat) end)) | _ => (Leaf 8%nat) end)).

(* mixed_3_o0_vertex: rule vertex, rho 2, the engine's exact worst case 1/8 *)
Example mixed_3_o0_vertex : worst (fun k => nth k (bitsOf "110101100") false) (tableBob bob_18) (2 # 1) mixed_3 false == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* mixed_3_o0_symmetric: rule symmetric, rho 2, the engine's exact worst case 1/8 *)
Example mixed_3_o0_symmetric : worst (fun k => nth k (bitsOf "110101100") false) (tableBob bob_19) (2 # 1) mixed_3 false == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* mixed_3_o1_vertex: rule vertex, rho 3, the engine's exact worst case 1/8 *)
Example mixed_3_o1_vertex : worst (fun k => nth k (bitsOf "011100101") false) (tableBob bob_18) (3 # 1) mixed_3 false == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* mixed_3_o1_symmetric: rule symmetric, rho 3, the engine's exact worst case 1/8 *)
Example mixed_3_o1_symmetric : worst (fun k => nth k (bitsOf "011100101") false) (tableBob bob_19) (3 # 1) mixed_3 false == (1 # 8).
Proof. vm_compute. reflexivity. Qed.

(* Every Example above, so that one Print Assumptions covers them all. *)
Definition all_instances := (bob_0_nonneg, menu_example_vertex_rho2, menu_example_vertex_rho3, menu_example_vertex_rho4, menu_example_o0_vertex, bob_1_nonneg, menu_example_symmetric_rho2, menu_example_symmetric_rho3, menu_example_symmetric_rho4, menu_example_o0_symmetric, bob_2_nonneg, uniform_maj_3_d1_o0_vertex, bob_3_nonneg, uniform_maj_3_d1_o0_symmetric, uniform_maj_3_d1_o1_vertex, uniform_maj_3_d1_o1_symmetric, uniform_maj_3_d2_o0_vertex, uniform_maj_3_d2_o0_symmetric, uniform_maj_3_d2_o1_vertex, uniform_maj_3_d2_o1_symmetric, bob_4_nonneg, uniform_and_2_d2_o0_vertex, bob_5_nonneg, uniform_and_2_d2_o0_symmetric, uniform_and_2_d2_o1_vertex, uniform_and_2_d2_o1_symmetric, bob_6_nonneg, uniform_or_2_d2_o0_vertex, bob_7_nonneg, uniform_or_2_d2_o0_symmetric, uniform_or_2_d2_o1_vertex, uniform_or_2_d2_o1_symmetric, bob_8_nonneg, uniform_parity_2_d2_o0_vertex, bob_9_nonneg, uniform_parity_2_d2_o0_symmetric, uniform_parity_2_d2_o1_vertex, uniform_parity_2_d2_o1_symmetric, bob_10_nonneg, uniform_maj_5_d1_o0_vertex, bob_11_nonneg, uniform_maj_5_d1_o0_symmetric, uniform_maj_5_d1_o1_vertex, uniform_maj_5_d1_o1_symmetric, bob_12_nonneg, uniform_thr_4_2_d1_o0_vertex, bob_13_nonneg, uniform_thr_4_2_d1_o0_symmetric, uniform_thr_4_2_d1_o1_vertex, uniform_thr_4_2_d1_o1_symmetric, bob_14_nonneg, random_0_o0_vertex, bob_15_nonneg, random_0_o0_symmetric, random_0_o1_vertex, random_0_o1_symmetric, bob_16_nonneg, mixed_0_o0_vertex, bob_17_nonneg, mixed_0_o0_symmetric, mixed_0_o1_vertex, mixed_0_o1_symmetric, random_1_o0_vertex, random_1_o0_symmetric, random_1_o1_vertex, random_1_o1_symmetric, bob_18_nonneg, mixed_1_o0_vertex, bob_19_nonneg, mixed_1_o0_symmetric, mixed_1_o1_vertex, mixed_1_o1_symmetric, bob_20_nonneg, random_2_o0_vertex, bob_21_nonneg, random_2_o0_symmetric, random_2_o1_vertex, random_2_o1_symmetric, mixed_2_o0_vertex, mixed_2_o0_symmetric, mixed_2_o1_vertex, mixed_2_o1_symmetric, bob_22_nonneg, random_3_o0_vertex, bob_23_nonneg, random_3_o0_symmetric, random_3_o1_vertex, random_3_o1_symmetric, mixed_3_o0_vertex, mixed_3_o0_symmetric, mixed_3_o1_vertex, mixed_3_o1_symmetric).
Print Assumptions all_instances.
