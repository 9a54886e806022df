(* Exported by `fbs coq` (fbs-verify) from certificates/paper/lemma_5_4/and_2-3bd1b81caa91.json.gz and 8 more.
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

(* certificates/paper/lemma_5_4/and_2-3bd1b81caa91.json.gz: spec and:2 (kind symmetric) at 11 *)
Definition fbs_and_2_at_11_types : list (nat * nat * Q) := [(1%nat, 0%nat, (2 # 1))].

Theorem fbs_and_2_at_11 :
  FbsIs (AND 2) (bitsOf "11") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 2) _ fbs_and_2_at_11_types (1 # 1) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/and_2-84e460a14824.json.gz: spec and:2 (kind symmetric) at 10 *)
Definition fbs_and_2_at_10_types : list (nat * nat * Q) := [(0%nat, 1%nat, (1 # 1))].

Theorem fbs_and_2_at_10 :
  FbsIs (AND 2) (bitsOf "10") (1 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.eqb k 2) _ fbs_and_2_at_10_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/maj_3-0434a35647de.json.gz: spec maj:3 (kind symmetric) at 000 *)
Definition fbs_maj_3_at_000_types : list (nat * nat * Q) := [(0%nat, 2%nat, (3 # 2))].

Theorem fbs_maj_3_at_000 :
  FbsIs (MAJ 3) (bitsOf "000") (3 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 3 (2 * k)) _ fbs_maj_3_at_000_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/maj_3-84f9b3725bf0.json.gz: spec maj:3 (kind symmetric) at 111 *)
Definition fbs_maj_3_at_111_types : list (nat * nat * Q) := [(2%nat, 0%nat, (3 # 2))].

Theorem fbs_maj_3_at_111 :
  FbsIs (MAJ 3) (bitsOf "111") (3 # 2).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 3 (2 * k)) _ fbs_maj_3_at_111_types (1 # 2) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/maj_5-77b3905fa61f.json.gz: spec maj:5 (kind symmetric) at 01000 *)
Definition fbs_maj_5_at_01000_types : list (nat * nat * Q) := [(0%nat, 2%nat, (2 # 1))].

Theorem fbs_maj_5_at_01000 :
  FbsIs (MAJ 5) (bitsOf "01000") (2 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 5 (2 * k)) _ fbs_maj_5_at_01000_types (0 # 1) (1 # 2)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/or_3-99e5d3e8027d.json.gz: spec or:3 (kind symmetric) at 000 *)
Definition fbs_or_3_at_000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (3 # 1))].

Theorem fbs_or_3_at_000 :
  FbsIs (OR 3) (bitsOf "000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.ltb 0 k) _ fbs_or_3_at_000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/parity_3-777e691ded47.json.gz: spec parity:3 (kind symmetric) at 000 *)
Definition fbs_parity_3_at_000_types : list (nat * nat * Q) := [(0%nat, 1%nat, (3 # 1))].

Theorem fbs_parity_3_at_000 :
  FbsIs (PARITY 3) (bitsOf "000") (3 # 1).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Nat.odd k) _ fbs_parity_3_at_000_types (0 # 1) (1 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/thr_4_2-a1e5ebbaba7c.json.gz: spec thr:4:2 (kind symmetric) at 1111 *)
Definition fbs_thr_4_2_at_1111_types : list (nat * nat * Q) := [(3%nat, 0%nat, (4 # 3))].

Theorem fbs_thr_4_2_at_1111 :
  FbsIs (THR 4 (2)%Z) (bitsOf "1111") (4 # 3).
Proof.
  split; [apply inputOf_check; vm_compute; reflexivity |].
  apply (checkSymmetric_sound (fun k => Z.leb (2)%Z (Z.of_nat k)) _ fbs_thr_4_2_at_1111_types (1 # 3) (0 # 1)).
  vm_compute. reflexivity.
Qed.

(* certificates/paper/lemma_5_4/tribes_2_2-21e5cea2b2c7.json.gz: tree tribes:2:2, 4 leaves, 3 records *)
Definition fbs_tribes_2_2_at_1011_records : list TRec := [
  mkRec (bitsOf "01") [(1 # 1); (1 # 1)] (1 # 1) [(bitsOf "10", (1 # 1))] [(1 # 1); (0 # 1)];
  mkRec (bitsOf "11") [(1 # 1); (1 # 1)] (2 # 1) [(bitsOf "10", (1 # 1)); (bitsOf "01", (1 # 1))] [(1 # 1); (1 # 1)];
  mkRec (bitsOf "01") [(1 # 1); (2 # 1)] (2 # 1) [(bitsOf "01", (2 # 1))] [(0 # 1); (1 # 1)]].

Theorem fbs_tribes_2_2_at_1011 :
  let T := (node (OR 2) (repeat (over (AND 2)) 2)) in
  RhoT T (alphaOf T (bitsOf "1011")) (2 # 1).
Proof.
  intros T. apply (checkTree_sound _ _ fbs_tribes_2_2_at_1011_records).
  vm_compute. reflexivity.
Qed.

(* Every theorem above, so that one Print Assumptions covers them all. *)
Definition all_theorems := (fbs_and_2_at_11, fbs_and_2_at_10, fbs_maj_3_at_000, fbs_maj_3_at_111, fbs_maj_5_at_01000, fbs_or_3_at_000, fbs_parity_3_at_000, fbs_thr_4_2_at_1111, fbs_tribes_2_2_at_1011).
Print Assumptions all_theorems.
