(* Measures.v -- sensitivity s, block sensitivity bs and certificate complexity C of f at an
   input z (docs/notes.md section 3; certificates/FORMAT.md section 10, kind `measure`), in
   the words of model/FbsModel.v (blocks are masks, `Sensitive` is paper Definition 3.3's
   sensitive block). The part a reader must trust: checkers/MeasureCheck.v proves its
   checker sound against these definitions and theorems/MeasureChain.v proves the chain
   s <= bs <= fbs <= C (ours) from them. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import List Bool QArith.
From FbsCoq Require Import FbsModel.
Import ListNotations.
Local Open Scope nat_scope.

(* The block {i} among q coordinates. *)
Definition unitBlock (q i : nat) : list bool := map (fun j => Nat.eqb j i) (seq 0 q).

(* s_z(f) = k: exactly k coordinates i < q are sensitive (the block {i} is sensitive); the
   list S names them, each once. *)
Definition SensitivityIs (f : Agg) (z : list bool) (k : nat) : Prop :=
  exists S : list nat, NoDup S /\ length S = k /\
    forall i, In i S <-> (i < length z /\ Sensitive f z (unitBlock (length z) i)).

(* Two blocks share no coordinate i < q. *)
Definition DisjointBlocks (q : nat) (B B' : list bool) : Prop :=
  forall i, i < q -> nth i B false = false \/ nth i B' false = false.

(* Every two blocks of the list (at different places in it) are disjoint. *)
Fixpoint Pairwise (q : nat) (Bs : list (list bool)) : Prop :=
  match Bs with
  | [] => True
  | B :: rest => (forall B', In B' rest -> DisjointBlocks q B B') /\ Pairwise q rest
  end.

(* A list of pairwise disjoint sensitive blocks of f at z (blocks of q = length z bits). *)
Definition DisjointSensitive (f : Agg) (z : list bool) (Bs : list (list bool)) : Prop :=
  (forall B, In B Bs -> length B = length z /\ Sensitive f z B) /\ Pairwise (length z) Bs.

(* bs_z(f) = k: the largest number of pairwise disjoint sensitive blocks is k. *)
Definition BlockSensitivityIs (f : Agg) (z : list bool) (k : nat) : Prop :=
  (exists Bs, DisjointSensitive f z Bs /\ length Bs = k) /\
  (forall Bs, DisjointSensitive f z Bs -> length Bs <= k).

(* The number of coordinates i < q in the set H (a mask). *)
Definition setSize (q : nat) (H : list bool) : nat :=
  length (filter (fun i => nth i H false) (seq 0 q)).

(* H is a certificate of f at z: every input y (of q = length z bits) that agrees with z on
   the coordinates of H has f(y) = f(z). *)
Definition Certificate (f : Agg) (z H : list bool) : Prop :=
  forall y, length y = length z ->
    (forall i, i < length z -> nth i H false = true -> nth i y false = nth i z false) ->
    f y = f z.

(* C_z(f) = k: the fewest coordinates of a certificate of f at z is k. *)
Definition CertificateComplexityIs (f : Agg) (z : list bool) (k : nat) : Prop :=
  (exists H, Certificate f z H /\ setSize (length z) H = k) /\
  (forall H, Certificate f z H -> k <= setSize (length z) H).

(* ======================================================================================== *)
(* The measures of a whole function: the maximum over all 2^q inputs (certificates/FORMAT.md  *)
(* section 11, kind `global-measure`; issue 37)                                               *)
(* ======================================================================================== *)

(* s(f) = k, attained at x: s_x(f) = k and no input y of q bits has s_y(f) > k. *)
Definition MaxSensitivityIs (f : Agg) (q : nat) (x : list bool) (k : nat) : Prop :=
  length x = q /\ SensitivityIs f x k /\
  forall y k', length y = q -> SensitivityIs f y k' -> k' <= k.

(* bs(f) = k, attained at x: bs_x(f) = k and no input y of q bits has more than k pairwise
   disjoint sensitive blocks. *)
Definition MaxBlockSensitivityIs (f : Agg) (q : nat) (x : list bool) (k : nat) : Prop :=
  length x = q /\ BlockSensitivityIs f x k /\
  forall y Bs, length y = q -> DisjointSensitive f y Bs -> length Bs <= k.

(* fbs(f) = v, attained at x: fbs_x(f) = v as the optimum of paper Definition 3.3's packing LP,
   and no input y of q bits has a feasible packing of value > v. *)
Definition MaxFbsIs (f : Agg) (q : nat) (x : list bool) (v : Q) : Prop :=
  length x = q /\ PackingOptimum f x v /\
  forall y ws, length y = q -> PrimalFeasible f y ws -> Qle (primalValue ws) v.

(* C(f) = k, attained at x: C_x(f) = k and every input y of q bits has a certificate of at
   most k coordinates. *)
Definition MaxCertificateComplexityIs (f : Agg) (q : nat) (x : list bool) (k : nat) : Prop :=
  length x = q /\ CertificateComplexityIs f x k /\
  forall y, length y = q -> exists H, Certificate f y H /\ setSize q H <= k.

(* The four as one statement: measure m of f over the q-bit inputs is v, attained at x (for
   s, bs and C, v is the integer k). *)
Inductive MeasureName : Set := MeasureS | MeasureBS | MeasureFbs | MeasureC.

Definition GlobalMeasureIs (m : MeasureName) (f : Agg) (q : nat) (x : list bool) (v : Q) : Prop :=
  match m with
  | MeasureFbs => MaxFbsIs f q x v
  | MeasureS => exists k, Qeq v (inject_Z (Z.of_nat k)) /\ MaxSensitivityIs f q x k
  | MeasureBS => exists k, Qeq v (inject_Z (Z.of_nat k)) /\ MaxBlockSensitivityIs f q x k
  | MeasureC => exists k, Qeq v (inject_Z (Z.of_nat k)) /\ MaxCertificateComplexityIs f q x k
  end.
