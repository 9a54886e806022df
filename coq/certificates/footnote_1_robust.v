(* Exported by `fbs coq` (fbs-verify) from certificates/paper/footnote_1_robust/and_5-31ab11cb9111.json.gz and 45 more.
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

(* Tree certificates (kind tree): RhoT T alpha V says that V = rho_T = fbs_alpha(F_T), the
   minimum of the global dual LP of F_T at alpha (paper Definition 3.4, Section 5;
   coq/model/TreeStatements.v: the tree T, alpha from its bit string, leaves depth-first left
   to right). Each proof runs the checker of coq/checkers/TreeCheck.v (checkTree_sound). *)
From FbsCoq Require Import FbsTreeModel TreeStatements TreeCheck.

(* certificates/paper/footnote_1_robust/and_5-31ab11cb9111.json.gz: spec and:5 (kind symmetric) at 11111 *)
Definition fbs_and_5_at_11111_types : list (nat * nat * Q) := [(1%nat, 0%nat, (5 # 1))].

Theorem fbs_and_5_at_11111 :
  FbsIs (AND 5) (bitsOf "11111") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 5) _ fbs_and_5_at_11111_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/compose_maj_3_and_2_or_2_parity_2_-8a3851038831.json.gz: tree compose(maj:3;and:2;or:2;parity:2), 6 leaves, 4 records *)
Definition fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_records : list TRec := [
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "01", (1 # 1))] [(0 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "111") [(1 # 1); (2 # 1); (2 # 1)] (5 # 2) [(bitsOf "110", (1 # 2)); (bitsOf "101", (1 # 2)); (bitsOf "011", (3 # 2))] [(1 # 2); (1 # 2); (1 # 2)]].

Theorem fbs_compose_maj_3_and_2_or_2_parity_2_at_110110 :
  let T := (node (MAJ 3) [(over (AND 2)); (over (OR 2)); (over (PARITY 2))]) in
  RhoT T (alphaOf T (bitsOf "110110")) (5 # 2).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_compose_maj_3_and_2_or_2_parity_2_at_110110_records).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-031d8d76ddb2.json.gz: spec maj:12 (kind symmetric) at 111111100000 *)
Definition fbs_maj_12_at_111111100000_types : list (nat * nat * Q) := [(1%nat, 0%nat, (7 # 1))].

Theorem fbs_maj_12_at_111111100000 :
  FbsIs (MAJ 12) (bitsOf "111111100000") (7 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111100000_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-038688a0c1ec.json.gz: spec maj:12 (kind symmetric) at 111111111000 *)
Definition fbs_maj_12_at_111111111000_types : list (nat * nat * Q) := [(3%nat, 0%nat, (3 # 1))].

Theorem fbs_maj_12_at_111111111000 :
  FbsIs (MAJ 12) (bitsOf "111111111000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111111000_types (1 # 3) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-07fc6bc793a2.json.gz: spec maj:12 (kind symmetric) at 111111111110 *)
Definition fbs_maj_12_at_111111111110_types : list (nat * nat * Q) := [(5%nat, 0%nat, (11 # 5))].

Theorem fbs_maj_12_at_111111111110 :
  FbsIs (MAJ 12) (bitsOf "111111111110") (11 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111111110_types (1 # 5) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-37d69528ee26.json.gz: spec maj:12 (kind symmetric) at 110000000000 *)
Definition fbs_maj_12_at_110000000000_types : list (nat * nat * Q) := [(0%nat, 5%nat, (2 # 1))].

Theorem fbs_maj_12_at_110000000000 :
  FbsIs (MAJ 12) (bitsOf "110000000000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_110000000000_types (0 # 1) (1 # 5)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-3a0652acbda7.json.gz: spec maj:12 (kind symmetric) at 000000000000 *)
Definition fbs_maj_12_at_000000000000_types : list (nat * nat * Q) := [(0%nat, 7%nat, (12 # 7))].

Theorem fbs_maj_12_at_000000000000 :
  FbsIs (MAJ 12) (bitsOf "000000000000") (12 # 7).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_000000000000_types (0 # 1) (1 # 7)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-4c4fc967031d.json.gz: spec maj:12 (kind symmetric) at 111111110000 *)
Definition fbs_maj_12_at_111111110000_types : list (nat * nat * Q) := [(2%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_12_at_111111110000 :
  FbsIs (MAJ 12) (bitsOf "111111110000") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111110000_types (1 # 2) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-8dbb64187eea.json.gz: spec maj:12 (kind symmetric) at 111111111111 *)
Definition fbs_maj_12_at_111111111111_types : list (nat * nat * Q) := [(6%nat, 0%nat, (2 # 1))].

Theorem fbs_maj_12_at_111111111111 :
  FbsIs (MAJ 12) (bitsOf "111111111111") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111111111_types (1 # 6) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-99a1fc0179a5.json.gz: spec maj:12 (kind symmetric) at 111000000000 *)
Definition fbs_maj_12_at_111000000000_types : list (nat * nat * Q) := [(0%nat, 4%nat, (9 # 4))].

Theorem fbs_maj_12_at_111000000000 :
  FbsIs (MAJ 12) (bitsOf "111000000000") (9 # 4).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111000000000_types (0 # 1) (1 # 4)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-ad154ac3608d.json.gz: spec maj:12 (kind symmetric) at 111111111100 *)
Definition fbs_maj_12_at_111111111100_types : list (nat * nat * Q) := [(4%nat, 0%nat, (5 # 2))].

Theorem fbs_maj_12_at_111111111100 :
  FbsIs (MAJ 12) (bitsOf "111111111100") (5 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111111100_types (1 # 4) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-ae0241d6dd8f.json.gz: spec maj:12 (kind symmetric) at 100000000000 *)
Definition fbs_maj_12_at_100000000000_types : list (nat * nat * Q) := [(0%nat, 6%nat, (11 # 6))].

Theorem fbs_maj_12_at_100000000000 :
  FbsIs (MAJ 12) (bitsOf "100000000000") (11 # 6).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_100000000000_types (0 # 1) (1 # 6)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-c0d55a279877.json.gz: spec maj:12 (kind symmetric) at 111111000000 *)
Definition fbs_maj_12_at_111111000000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (6 # 1))].

Theorem fbs_maj_12_at_111111000000 :
  FbsIs (MAJ 12) (bitsOf "111111000000") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111111000000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-dadf5ada1a19.json.gz: spec maj:12 (kind symmetric) at 111100000000 *)
Definition fbs_maj_12_at_111100000000_types : list (nat * nat * Q) := [(0%nat, 3%nat, (8 # 3))].

Theorem fbs_maj_12_at_111100000000 :
  FbsIs (MAJ 12) (bitsOf "111100000000") (8 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111100000000_types (0 # 1) (1 # 3)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_12-e083b24118c8.json.gz: spec maj:12 (kind symmetric) at 111110000000 *)
Definition fbs_maj_12_at_111110000000_types : list (nat * nat * Q) := [(0%nat, 2%nat, (7 # 2))].

Theorem fbs_maj_12_at_111110000000 :
  FbsIs (MAJ 12) (bitsOf "111110000000") (7 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 12 (2 * k)) _ fbs_maj_12_at_111110000000_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-1d75a5ad590a.json.gz: spec maj:15 (kind symmetric) at 111111111000000 *)
Definition fbs_maj_15_at_111111111000000_types : list (nat * nat * Q) := [(2%nat, 0%nat, (9 # 2))].

Theorem fbs_maj_15_at_111111111000000 :
  FbsIs (MAJ 15) (bitsOf "111111111000000") (9 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111000000_types (1 # 2) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-238a3faad339.json.gz: spec maj:15 (kind symmetric) at 100000000000000 *)
Definition fbs_maj_15_at_100000000000000_types : list (nat * nat * Q) := [(0%nat, 7%nat, (2 # 1))].

Theorem fbs_maj_15_at_100000000000000 :
  FbsIs (MAJ 15) (bitsOf "100000000000000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_100000000000000_types (0 # 1) (1 # 7)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-299698792a32.json.gz: spec maj:15 (kind symmetric) at 111111111110000 *)
Definition fbs_maj_15_at_111111111110000_types : list (nat * nat * Q) := [(4%nat, 0%nat, (11 # 4))].

Theorem fbs_maj_15_at_111111111110000 :
  FbsIs (MAJ 15) (bitsOf "111111111110000") (11 # 4).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111110000_types (1 # 4) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-36bd284157d8.json.gz: spec maj:15 (kind symmetric) at 111111111111111 *)
Definition fbs_maj_15_at_111111111111111_types : list (nat * nat * Q) := [(8%nat, 0%nat, (15 # 8))].

Theorem fbs_maj_15_at_111111111111111 :
  FbsIs (MAJ 15) (bitsOf "111111111111111") (15 # 8).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111111111_types (1 # 8) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-39338c23e3b9.json.gz: spec maj:15 (kind symmetric) at 111111111111110 *)
Definition fbs_maj_15_at_111111111111110_types : list (nat * nat * Q) := [(7%nat, 0%nat, (2 # 1))].

Theorem fbs_maj_15_at_111111111111110 :
  FbsIs (MAJ 15) (bitsOf "111111111111110") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111111110_types (1 # 7) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-3edb4fa28249.json.gz: spec maj:15 (kind symmetric) at 111111100000000 *)
Definition fbs_maj_15_at_111111100000000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (8 # 1))].

Theorem fbs_maj_15_at_111111100000000 :
  FbsIs (MAJ 15) (bitsOf "111111100000000") (8 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111100000000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-5dbce069f02a.json.gz: spec maj:15 (kind symmetric) at 111111000000000 *)
Definition fbs_maj_15_at_111111000000000_types : list (nat * nat * Q) := [(0%nat, 2%nat, (9 # 2))].

Theorem fbs_maj_15_at_111111000000000 :
  FbsIs (MAJ 15) (bitsOf "111111000000000") (9 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111000000000_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-616edbad6011.json.gz: spec maj:15 (kind symmetric) at 111110000000000 *)
Definition fbs_maj_15_at_111110000000000_types : list (nat * nat * Q) := [(0%nat, 3%nat, (10 # 3))].

Theorem fbs_maj_15_at_111110000000000 :
  FbsIs (MAJ 15) (bitsOf "111110000000000") (10 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111110000000000_types (0 # 1) (1 # 3)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-64811581b573.json.gz: spec maj:15 (kind symmetric) at 111111110000000 *)
Definition fbs_maj_15_at_111111110000000_types : list (nat * nat * Q) := [(1%nat, 0%nat, (8 # 1))].

Theorem fbs_maj_15_at_111111110000000 :
  FbsIs (MAJ 15) (bitsOf "111111110000000") (8 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111110000000_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-7dc45e28d1f9.json.gz: spec maj:15 (kind symmetric) at 000000000000000 *)
Definition fbs_maj_15_at_000000000000000_types : list (nat * nat * Q) := [(0%nat, 8%nat, (15 # 8))].

Theorem fbs_maj_15_at_000000000000000 :
  FbsIs (MAJ 15) (bitsOf "000000000000000") (15 # 8).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_000000000000000_types (0 # 1) (1 # 8)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-8fe0df6e7a11.json.gz: spec maj:15 (kind symmetric) at 111100000000000 *)
Definition fbs_maj_15_at_111100000000000_types : list (nat * nat * Q) := [(0%nat, 4%nat, (11 # 4))].

Theorem fbs_maj_15_at_111100000000000 :
  FbsIs (MAJ 15) (bitsOf "111100000000000") (11 # 4).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111100000000000_types (0 # 1) (1 # 4)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-bc4410c0d495.json.gz: spec maj:15 (kind symmetric) at 111000000000000 *)
Definition fbs_maj_15_at_111000000000000_types : list (nat * nat * Q) := [(0%nat, 5%nat, (12 # 5))].

Theorem fbs_maj_15_at_111000000000000 :
  FbsIs (MAJ 15) (bitsOf "111000000000000") (12 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111000000000000_types (0 # 1) (1 # 5)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-c65aa3cff60f.json.gz: spec maj:15 (kind symmetric) at 111111111111000 *)
Definition fbs_maj_15_at_111111111111000_types : list (nat * nat * Q) := [(5%nat, 0%nat, (12 # 5))].

Theorem fbs_maj_15_at_111111111111000 :
  FbsIs (MAJ 15) (bitsOf "111111111111000") (12 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111111000_types (1 # 5) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-c7a9c32b8015.json.gz: spec maj:15 (kind symmetric) at 111111111111100 *)
Definition fbs_maj_15_at_111111111111100_types : list (nat * nat * Q) := [(6%nat, 0%nat, (13 # 6))].

Theorem fbs_maj_15_at_111111111111100 :
  FbsIs (MAJ 15) (bitsOf "111111111111100") (13 # 6).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111111100_types (1 # 6) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-d8cad4551ab7.json.gz: spec maj:15 (kind symmetric) at 111111111100000 *)
Definition fbs_maj_15_at_111111111100000_types : list (nat * nat * Q) := [(3%nat, 0%nat, (10 # 3))].

Theorem fbs_maj_15_at_111111111100000 :
  FbsIs (MAJ 15) (bitsOf "111111111100000") (10 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_111111111100000_types (1 # 3) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_15-e8ffe9d5e2ae.json.gz: spec maj:15 (kind symmetric) at 110000000000000 *)
Definition fbs_maj_15_at_110000000000000_types : list (nat * nat * Q) := [(0%nat, 6%nat, (13 # 6))].

Theorem fbs_maj_15_at_110000000000000 :
  FbsIs (MAJ 15) (bitsOf "110000000000000") (13 # 6).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 15 (2 * k)) _ fbs_maj_15_at_110000000000000_types (0 # 1) (1 # 6)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_6-4dd7ff7ead9d.json.gz: spec maj:6 (kind symmetric) at 111100 *)
Definition fbs_maj_6_at_111100_types : list (nat * nat * Q) := [(1%nat, 0%nat, (4 # 1))].

Theorem fbs_maj_6_at_111100 :
  FbsIs (MAJ 6) (bitsOf "111100") (4 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 6 (2 * k)) _ fbs_maj_6_at_111100_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-42a2cd14428c.json.gz: spec maj:9 (kind symmetric) at 111111111 *)
Definition fbs_maj_9_at_111111111_types : list (nat * nat * Q) := [(5%nat, 0%nat, (9 # 5))].

Theorem fbs_maj_9_at_111111111 :
  FbsIs (MAJ 9) (bitsOf "111111111") (9 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111111111_types (1 # 5) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-50bdbd9d9ef0.json.gz: spec maj:9 (kind symmetric) at 100000000 *)
Definition fbs_maj_9_at_100000000_types : list (nat * nat * Q) := [(0%nat, 4%nat, (2 # 1))].

Theorem fbs_maj_9_at_100000000 :
  FbsIs (MAJ 9) (bitsOf "100000000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_100000000_types (0 # 1) (1 # 4)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-5fbfb186f9c5.json.gz: spec maj:9 (kind symmetric) at 111100000 *)
Definition fbs_maj_9_at_111100000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (5 # 1))].

Theorem fbs_maj_9_at_111100000 :
  FbsIs (MAJ 9) (bitsOf "111100000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111100000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-60538bda776f.json.gz: spec maj:9 (kind symmetric) at 000000000 *)
Definition fbs_maj_9_at_000000000_types : list (nat * nat * Q) := [(0%nat, 5%nat, (9 # 5))].

Theorem fbs_maj_9_at_000000000 :
  FbsIs (MAJ 9) (bitsOf "000000000") (9 # 5).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_000000000_types (0 # 1) (1 # 5)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-6df94dd61b9b.json.gz: spec maj:9 (kind symmetric) at 111111110 *)
Definition fbs_maj_9_at_111111110_types : list (nat * nat * Q) := [(4%nat, 0%nat, (2 # 1))].

Theorem fbs_maj_9_at_111111110 :
  FbsIs (MAJ 9) (bitsOf "111111110") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111111110_types (1 # 4) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-b9412f2b334f.json.gz: spec maj:9 (kind symmetric) at 111111000 *)
Definition fbs_maj_9_at_111111000_types : list (nat * nat * Q) := [(2%nat, 0%nat, (3 # 1))].

Theorem fbs_maj_9_at_111111000 :
  FbsIs (MAJ 9) (bitsOf "111111000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111111000_types (1 # 2) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-d5da029da57b.json.gz: spec maj:9 (kind symmetric) at 111111100 *)
Definition fbs_maj_9_at_111111100_types : list (nat * nat * Q) := [(3%nat, 0%nat, (7 # 3))].

Theorem fbs_maj_9_at_111111100 :
  FbsIs (MAJ 9) (bitsOf "111111100") (7 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111111100_types (1 # 3) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-e18ae3157ff4.json.gz: spec maj:9 (kind symmetric) at 111000000 *)
Definition fbs_maj_9_at_111000000_types : list (nat * nat * Q) := [(0%nat, 2%nat, (3 # 1))].

Theorem fbs_maj_9_at_111000000 :
  FbsIs (MAJ 9) (bitsOf "111000000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111000000_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-f410a9bf257c.json.gz: spec maj:9 (kind symmetric) at 110000000 *)
Definition fbs_maj_9_at_110000000_types : list (nat * nat * Q) := [(0%nat, 3%nat, (7 # 3))].

Theorem fbs_maj_9_at_110000000 :
  FbsIs (MAJ 9) (bitsOf "110000000") (7 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_110000000_types (0 # 1) (1 # 3)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/maj_9-f655a23e1fad.json.gz: spec maj:9 (kind symmetric) at 111110000 *)
Definition fbs_maj_9_at_111110000_types : list (nat * nat * Q) := [(1%nat, 0%nat, (5 # 1))].

Theorem fbs_maj_9_at_111110000 :
  FbsIs (MAJ 9) (bitsOf "111110000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 9 (2 * k)) _ fbs_maj_9_at_111110000_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/or_5-6e6bb3c3c249.json.gz: spec or:5 (kind symmetric) at 00100 *)
Definition fbs_or_5_at_00100_types : list (nat * nat * Q) := [(1%nat, 0%nat, (1 # 1))].

Theorem fbs_or_5_at_00100 :
  FbsIs (OR 5) (bitsOf "00100") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 0 k) _ fbs_or_5_at_00100_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/parity_6-b4d26ca501dd.json.gz: spec parity:6 (kind symmetric) at 010110 *)
Definition fbs_parity_6_at_010110_types : list (nat * nat * Q) := [(1%nat, 0%nat, (3 # 1)); (0%nat, 1%nat, (3 # 1))].

Theorem fbs_parity_6_at_010110 :
  FbsIs (PARITY 6) (bitsOf "010110") (6 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.odd k) _ fbs_parity_6_at_010110_types (1 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/thr_7_3-4b2f40a908c2.json.gz: spec thr:7:3 (kind symmetric) at 1100000 *)
Definition fbs_thr_7_3_at_1100000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (5 # 1))].

Theorem fbs_thr_7_3_at_1100000 :
  FbsIs (THR 7 (3)%Z) (bitsOf "1100000") (5 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Z.leb (3)%Z (Z.of_nat k)) _ fbs_thr_7_3_at_1100000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/footnote_1_robust/tribes_2_3-a6bb11fd6515.json.gz: tree tribes:2:3, 6 leaves, 4 records *)
Definition fbs_tribes_2_3_at_110100_records : list TRec := [
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "10", (1 # 1))] [(1 # 1); (0 # 1)];
  mkRec (bitsOf "00") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "11", (1 # 1))] [(1 # 2); (1 # 2)];
  mkRec (bitsOf "001") [(1 # 1); (1 # 1); (2 # 1)] (2 # 1) [(bitsOf "001", (2 # 1))] [(0 # 1); (0 # 1); (1 # 1)]].

Theorem fbs_tribes_2_3_at_110100 :
  let T := (node (OR 3) (repeat (over (AND 2)) 3)) in
  RhoT T (alphaOf T (bitsOf "110100")) (2 # 1).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_tribes_2_3_at_110100_records).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_5_at_11111, fbs_compose_maj_3_and_2_or_2_parity_2_at_110110, fbs_maj_12_at_111111100000, fbs_maj_12_at_111111111000, fbs_maj_12_at_111111111110, fbs_maj_12_at_110000000000, fbs_maj_12_at_000000000000, fbs_maj_12_at_111111110000, fbs_maj_12_at_111111111111, fbs_maj_12_at_111000000000, fbs_maj_12_at_111111111100, fbs_maj_12_at_100000000000, fbs_maj_12_at_111111000000, fbs_maj_12_at_111100000000, fbs_maj_12_at_111110000000, fbs_maj_15_at_111111111000000, fbs_maj_15_at_100000000000000, fbs_maj_15_at_111111111110000, fbs_maj_15_at_111111111111111, fbs_maj_15_at_111111111111110, fbs_maj_15_at_111111100000000, fbs_maj_15_at_111111000000000, fbs_maj_15_at_111110000000000, fbs_maj_15_at_111111110000000, fbs_maj_15_at_000000000000000, fbs_maj_15_at_111100000000000, fbs_maj_15_at_111000000000000, fbs_maj_15_at_111111111111000, fbs_maj_15_at_111111111111100, fbs_maj_15_at_111111111100000, fbs_maj_15_at_110000000000000, fbs_maj_6_at_111100, fbs_maj_9_at_111111111, fbs_maj_9_at_100000000, fbs_maj_9_at_111100000, fbs_maj_9_at_000000000, fbs_maj_9_at_111111110, fbs_maj_9_at_111111000, fbs_maj_9_at_111111100, fbs_maj_9_at_111000000, fbs_maj_9_at_110000000, fbs_maj_9_at_111110000, fbs_or_5_at_00100, fbs_parity_6_at_010110, fbs_thr_7_3_at_1100000, fbs_tribes_2_3_at_110100).
Print Assumptions all_theorems.
