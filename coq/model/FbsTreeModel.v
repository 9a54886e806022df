(* FbsTreeModel.v -- the definitions the tree certificate's theorems (theorems/FbsTreeCert.v)
   are about, the part a reader must trust: a decomposition tree whose leaves are F_T's
   variables, F_T, its sensitive blocks of leaves and the global fbs dual LP of F_T at alpha
   (paper Definition 3.4). Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith List Bool.
From FbsCoq Require Import FbsModel.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* A decomposition tree whose leaves are F_T's variables (paper Section 5, Setup: leaf
   queries pairwise distinct, so a leaf is its own variable). A leaf is named by its path, the
   list of child indices from the root. *)
Inductive ctree : Type :=
| CLeaf : ctree
| CNode : forall (phi : Agg) (q : nat) (kids : nat -> ctree), ctree.

Definition path := list nat.
Definition sub {A : Type} (x : path -> A) (i : nat) : path -> A := fun p => x (i :: p).

(* F_T (paper Section 5, Notation): each leaf reads its variable, internal nodes aggregate. *)
Fixpoint F (T : ctree) (x : path -> bool) : bool :=
  match T with
  | CLeaf => x []
  | CNode phi q kids => phi (map (fun i => F (kids i) (sub x i)) (seq 0 q))
  end.

Fixpoint leaves (T : ctree) : list path :=
  match T with
  | CLeaf => [[]]
  | CNode _ q kids => flat_map (fun i => map (cons i) (leaves (kids i))) (seq 0 q)
  end.

(* A block H of leaves is sensitive for F_T at alpha when flipping it changes F_T. *)
Definition flipA (x H : path -> bool) : path -> bool := fun p => xorb (x p) (H p).
Definition SensitiveF (T : ctree) (alpha H : path -> bool) : Prop :=
  F T (flipA alpha H) <> F T alpha.

(* A global dual: weights t on the leaves; its value and the weight of a block. *)
Definition dualValue (T : ctree) (t : path -> Q) : Q := qlsum (map t (leaves T)).
Definition dualBlock (T : ctree) (t : path -> Q) (H : path -> bool) : Q :=
  qlsum (map (fun p => if H p then t p else 0) (leaves T)).

(* The LP constraints of paper Definition 3.4 for F_T at alpha. *)
Definition GlobalDualFeasible (T : ctree) (alpha : path -> bool) (t : path -> Q) : Prop :=
  (forall p, 0 <= t p) /\ (forall H, SensitiveF T alpha H -> 1 <= dualBlock T t H).

