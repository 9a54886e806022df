(* WeightedStatements.v -- the statement a certificate of kind `weighted` proves
   (certificates/FORMAT.md section 9), in the words of model/FbsModel.v: the weighted fbs LP of
   f at z with capacities c (this project's extension, docs/budgeted.md section 1; ours),

     V = max { sum_B w_B : w >= 0 on sensitive blocks of f at z, load_i <= c_i }
       = min { sum_i c_i t_i : t dual feasible (Definition 3.4) },

   and WeightedFbsIs F z c V for a function F of model/Families.v at an input of its arity.
   With every c_i = 1 this is FbsValue (fbs_z(f), Definitions 3.3/3.4). Checked by coqc 8.16
   (coq/check.sh). *)

From Coq Require Import QArith List.
From FbsCoq Require Import FbsModel Families.
Import ListNotations.
Open Scope Q_scope.

(* A packing within capacities c: every weight >= 0, every block a sensitive block of f at z
   (a mask of length z), and load_i <= c_i for every coordinate. *)
Definition WPrimalFeasible (f : Agg) (z : list bool) (c : list Q) (ws : list (list bool * Q)) : Prop :=
  (forall Jw, In Jw ws -> 0 <= snd Jw /\ length (fst Jw) = length z /\ Sensitive f z (fst Jw)) /\
  (forall i, (i < length z)%nat -> load ws i <= nth i c 0).

(* The weighted value sum_i c_i t_i of a dual t. *)
Definition weightedDualValue (z : list bool) (c t : list Q) : Q :=
  qsum (length z) (fun i => nth i c 0 * nth i t 0).

(* v is the optimum of both weighted programs. *)
Definition WeightedValue (f : Agg) (z : list bool) (c : list Q) (v : Q) : Prop :=
  ((exists ws, WPrimalFeasible f z c ws /\ primalValue ws == v) /\
   (forall ws, WPrimalFeasible f z c ws -> primalValue ws <= v)) /\
  ((exists t, DualFeasible f z t /\ weightedDualValue z c t == v) /\
   (forall t, DualFeasible f z t -> v <= weightedDualValue z c t)).

(* The statement of kind `weighted`: z is an input of F, c has one capacity per coordinate, and
   v is the weighted fbs of F at z with capacities c. *)
Definition WeightedFbsIs (F : Family) (z : list bool) (c : list Q) (v : Q) : Prop :=
  InputOf F z /\ length c = length z /\ WeightedValue (eval F) z c v.
