(* Measures.v -- sensitivity s, block sensitivity bs and certificate complexity C of f at an
   input z (docs/notes.md section 3; certificates/FORMAT.md section 10, kind `measure`), in
   the words of model/FbsModel.v (blocks are masks, `Sensitive` is paper Definition 3.3's
   sensitive block). The part a reader must trust: checkers/MeasureCheck.v proves its
   checker sound against these definitions and theorems/MeasureChain.v proves the chain
   s <= bs <= fbs <= C (ours) from them. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import List Bool.
From FbsCoq Require Import FbsModel.
Import ListNotations.

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
