(* MenuModel.v -- the definitions docs/menus.md section 3 (ours) is about, the part a reader
   must trust: a menu tree whose leaves are oracle queries (two leaves, in one alternative or in
   two, may ask the same query), its value under an oracle, legal oracles (every menu's
   alternatives agree), realisations (one alternative chosen at every menu) and the two fbs LPs
   in the dual (minimum) form of paper Definition 3.4: rho_M over the legal sensitive blocks of
   Q(M), and rho_R = fbs_alpha(F_R) over the blocks of Q(R). Checked by coqc 8.16
   (coq/check.sh). *)

From Coq Require Import QArith List Bool Arith.
From FbsCoq Require Import FbsModel FbsTreeModel.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* A menu tree: a leaf asks the oracle a query (a string, here a path); a decomposition node
   aggregates its q children with phi; a menu node offers the alternatives alts 0 .. alts k
   (never empty). *)
Inductive mtree : Type :=
| MLeaf : path -> mtree
| MNode : forall (phi : Agg) (q : nat) (kids : nat -> mtree), mtree
| MMenu : forall (k : nat) (alts : nat -> mtree), mtree.

(* The value of every node under the oracle O; a menu node takes its first alternative's value
   (under a legal oracle all alternatives agree, so the choice does not matter). *)
Fixpoint mval (T : mtree) (O : path -> bool) : bool :=
  match T with
  | MLeaf x => O x
  | MNode phi q kids => phi (map (fun i => mval (kids i) O) (seq 0 q))
  | MMenu _ alts => mval (alts 0%nat) O
  end.

(* O is legal for T: at every menu (in every alternative, at every depth) all alternatives
   have the same value under O. *)
Fixpoint legal (T : mtree) (O : path -> bool) : bool :=
  match T with
  | MLeaf _ => true
  | MNode _ q kids => forallb (fun i => legal (kids i) O) (seq 0 q)
  | MMenu k alts =>
      forallb (fun j => legal (alts j) O && Bool.eqb (mval (alts j) O) (mval (alts 0%nat) O))
              (seq 0 (S k))
  end.

(* Q(M): the queries of every leaf of every alternative (with repetitions). *)
Fixpoint mqueries (T : mtree) : list path :=
  match T with
  | MLeaf x => [x]
  | MNode _ q kids => flat_map (fun i => mqueries (kids i)) (seq 0 q)
  | MMenu k alts => flat_map (fun j => mqueries (alts j)) (seq 0 (S k))
  end.

(* A realisation R: the choice s(p) at the menu at position p (out of range: the last
   alternative), so every s is a realisation and every realisation is some s. F_R and Q(R). *)
Definition pick (s : path -> nat) (k : nat) : nat := Nat.min (s []) k.

Fixpoint rval (T : mtree) (s : path -> nat) (O : path -> bool) : bool :=
  match T with
  | MLeaf x => O x
  | MNode phi q kids => phi (map (fun i => rval (kids i) (sub s i) O) (seq 0 q))
  | MMenu k alts => rval (alts (pick s k)) (sub s (pick s k)) O
  end.

Fixpoint rqueries (T : mtree) (s : path -> nat) : list path :=
  match T with
  | MLeaf x => [x]
  | MNode _ q kids => flat_map (fun i => rqueries (kids i) (sub s i)) (seq 0 q)
  | MMenu k alts => rqueries (alts (pick s k)) (sub s (pick s k))
  end.

(* A set of queries: the list without repetitions. Weights t on the queries; the value of t
   and the weight of a block H, both over the set of queries L. *)
Definition qset (L : list path) : list path := nodup (list_eq_dec Nat.eq_dec) L.
Definition valueOn (L : list path) (t : path -> Q) : Q := qlsum (map t (qset L)).
Definition weightOn (L : list path) (t : path -> Q) (H : path -> bool) : Q :=
  qlsum (map (fun x => if H x then t x else 0) (qset L)).

(* A legal sensitive block (docs/menus.md section 3): alpha flipped on H is legal and the
   root value changes. rho_M >= r in the dual form: every feasible dual (t >= 0, t(H) >= 1 on
   every legal sensitive block) has value >= r. *)
Definition LegalSensitive (T : mtree) (alpha H : path -> bool) : Prop :=
  legal T (flipA alpha H) = true /\ mval T (flipA alpha H) <> mval T alpha.
Definition MenuDualFeasible (T : mtree) (alpha : path -> bool) (t : path -> Q) : Prop :=
  (forall x, 0 <= t x) /\
  (forall H, LegalSensitive T alpha H -> 1 <= weightOn (mqueries T) t H).
Definition MenuFbsAtLeast (r : Q) (T : mtree) (alpha : path -> bool) : Prop :=
  forall t, MenuDualFeasible T alpha t -> r <= valueOn (mqueries T) t.

(* rho_R = fbs_alpha(F_R) >= r, the global dual LP of the realisation s over Q(R). *)
Definition RealSensitive (T : mtree) (s : path -> nat) (alpha H : path -> bool) : Prop :=
  rval T s (flipA alpha H) <> rval T s alpha.
Definition RealDualFeasible (T : mtree) (s : path -> nat) (alpha : path -> bool)
                            (t : path -> Q) : Prop :=
  (forall x, 0 <= t x) /\
  (forall H, RealSensitive T s alpha H -> 1 <= weightOn (rqueries T s) t H).
Definition RealFbsAtLeast (r : Q) (T : mtree) (s : path -> nat) (alpha : path -> bool) : Prop :=
  forall t, RealDualFeasible T s alpha t -> r <= valueOn (rqueries T s) t.
