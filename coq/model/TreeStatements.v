(* TreeStatements.v -- what an exported tree certificate (coq/certificates/, kind `tree`) states,
   the part a reader must trust to read it: `RhoT T alpha V` (V = rho_T = fbs_alpha(F_T), the
   optimum of the global dual LP of F_T at alpha, paper Definition 3.4 and Section 5), the
   trees named by their shape (a complete tree with one aggregator, a node over its own leaves,
   a node over listed subtrees) and alpha read from a bit string, one bit per leaf in
   depth-first left-to-right order (certificates/FORMAT.md section 6). The aggregators are the
   families of model/Families.v. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith List Bool.
From FbsCoq Require Import FbsModel FbsTreeModel Families.
Import ListNotations.
Open Scope Q_scope.

(* V = rho_T: some feasible dual of F_T's global LP at alpha has value V, and every feasible
   dual has value >= V (V is the minimum of paper Definition 3.4's LP for F_T at alpha). *)
Definition RhoT (T : ctree) (alpha : path -> bool) (V : Q) : Prop :=
  (exists t, GlobalDualFeasible T alpha t /\ dualValue T t == V) /\
  (forall t, GlobalDualFeasible T alpha t -> V <= dualValue T t).

(* The aggregators are families (model/Families.v), which carry their arity q: a node of F
   has exactly q = arity F children. *)

(* The complete q-ary tree of depth d with F at every internal node, q = arity F (the
   certificate's compact form {"uniform": {"aggregator": F, "depth": d}}). *)
Fixpoint uniformQ (phi : Agg) (q d : nat) : ctree :=
  match d with O => CLeaf | S d' => CNode phi q (fun _ => uniformQ phi q d') end.
Definition uniform (F : Family) (d : nat) : ctree := uniformQ (eval F) (arity F) d.

(* A node with aggregator F over its q = arity F own leaves (a spec that is not composed, read
   as a tree). *)
Definition over (F : Family) : ctree := CNode (eval F) (arity F) (fun _ => CLeaf).

(* A node with aggregator F over the listed subtrees, in order (compose(F; ...), and the
   explicit trees). Its q = arity F children are the first q subtrees of the list, leaves
   past the list's end (the exporter writes exactly q). *)
Definition node (F : Family) (kids : list ctree) : ctree :=
  CNode (eval F) (arity F) (fun i => nth i kids CLeaf).

(* alpha from a bit string: the leaf at path p gets the bit at p's position in `leaves T`
   (depth-first, left to right, model/FbsTreeModel.v). *)
Fixpoint pathEqb (p p' : path) : bool :=
  match p, p' with
  | [], [] => true
  | i :: r, i' :: r' => Nat.eqb i i' && pathEqb r r'
  | _, _ => false
  end.
Fixpoint indexOf (p : path) (ps : list path) : nat :=
  match ps with [] => O | p' :: rest => if pathEqb p p' then O else S (indexOf p rest) end.
Definition alphaOf (T : ctree) (bits : list bool) : path -> bool :=
  let ls := leaves T in fun p => nth (indexOf p ls) bits false.
