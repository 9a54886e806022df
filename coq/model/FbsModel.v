(* FbsModel.v -- the definitions the theorems of theorems/ are about (the part a reader must
   trust): aggregators, blocks and sensitive blocks (paper Definition 3.3), dual feasibility
   (Definition 3.4), decomposition trees with menus, Alice's strategies and the protocols'
   exact catch probabilities; then the two linear programs of Definitions 3.3 and 3.4 at one
   input and what "v is their optimum" means. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Part 1. Definitions (the part a reader must trust)                                        *)
(* ======================================================================================== *)

(* Finite sums over the indices 0 .. n-1. *)
Fixpoint qsum (n : nat) (g : nat -> Q) : Q :=
  match n with O => 0 | S n' => qsum n' g + g n' end.

Fixpoint qpow (r : Q) (n : nat) : Q :=
  match n with O => 1 | S n' => r * qpow r n' end.

(* An aggregator reads the claims of its q children as a list of q bits. *)
Definition Agg := list bool -> bool.

(* z^B: flip the coordinates of z that the block B (a membership mask) selects. *)
Definition flip (z B : list bool) : list bool :=
  map (fun i => xorb (nth i z false) (nth i B false)) (seq 0 (length z)).

(* B is a sensitive block of f at z (paper Definition 3.3). *)
Definition Sensitive (f : Agg) (z B : list bool) : Prop := f (flip z B) <> f z.

(* t(B) = sum_{i in B} t_i over the q = length z children, and sum_i t_i. *)
Definition blockWeight (q : nat) (t : list Q) (B : list bool) : Q :=
  qsum q (fun i => if nth i B false then nth i t 0 else 0).
Definition totalWeight (q : nat) (t : list Q) : Q := qsum q (fun i => nth i t 0).

(* Dual feasibility, the LP constraints of paper Definition 3.4: t >= 0 and every sensitive
   block B of f at z has t(B) >= 1. *)
Definition DualFeasible (f : Agg) (z : list bool) (t : list Q) : Prop :=
  (forall i, 0 <= nth i t 0) /\
  (forall B, Sensitive f z B -> 1 <= blockWeight (length z) t B).

(* The lying children: J_i = true iff Alice's claim z_i differs from the truth g_i. *)
Definition lying (z g : list bool) : list bool :=
  map (fun i => xorb (nth i z false) (nth i g false)) (seq 0 (length z)).

(* Bob's distribution: P[Bob samples a child of B] = t(B) / sum_i t_i. *)
Definition probBlock (q : nat) (t : list Q) (B : list bool) : Q :=
  blockWeight q t B / totalWeight q t.

Section Trees.

Context {Query : Type}.

(* A decomposition tree with menus (paper Definition 3.2; the menu is this project's
   extension, a fixed tree is a menu of size 1). A leaf asks the oracle one query. An internal
   node offers m alternative decompositions; alternative k has aggregator agg k on arity k
   children, child i being kids k i (i < arity k). Only indices k < m, i < arity k are ever
   used, so a tree has finitely many nodes (tree_finite below). *)
Inductive tree : Type :=
| Leaf : Query -> tree
| Node : forall (m : nat) (agg : nat -> Agg) (arity : nat -> nat)
                (kids : nat -> nat -> tree), tree.

(* The number of alternatives below and at a node, and the depth. *)
Fixpoint DepthLe (T : tree) (d : nat) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      match d with
      | O => False
      | S d' => forall k i, (k < m)%nat -> (i < arity k)%nat -> DepthLe (kids k i) d'
      end
  end.

Variable oracle : Query -> bool.   (* the human-judgment oracle O *)

(* The true value of a node: the oracle at a leaf, the first alternative's aggregator on the
   children's true values at an internal node. *)
Fixpoint val (T : tree) : bool :=
  match T with
  | Leaf x => oracle x
  | Node m agg arity kids => agg 0%nat (map (fun i => val (kids 0%nat i)) (seq 0 (arity 0%nat)))
  end.

Definition childVals (arity : nat -> nat) (kids : nat -> nat -> tree) (k : nat) : list bool :=
  map (fun i => val (kids k i)) (seq 0 (arity k)).

(* A valid tree: every menu is non-empty and every alternative is a correct decomposition
   (paper Definition 3.1: the aggregator on the children's true values gives the true value). *)
Fixpoint Valid (T : tree) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      (0 < m)%nat /\
      forall k, (k < m)%nat ->
        agg k (childVals arity kids k) = val T /\
        forall i, (i < arity k)%nat -> Valid (kids k i)
  end.

(* Alice's (deterministic, adaptive) strategy: at the node reached by the path p of child
   indices from the root, she picks a menu alternative, the children's claims and the
   children's budgets (the paper's protocol ignores budgets). Her earlier outputs are
   functions of the path, so this is every deterministic strategy. *)
Definition Strategy := list nat -> (nat * list bool * list Q)%type.
Definition shift (s : Strategy) (i : nat) : Strategy := fun p => s (i :: p).

(* A sampling rule: what Bob does at a node once Alice's decomposition is consistent. Given
   the aggregator, the children, the arity, the claims z, Alice's budget at the node and her
   children's budgets, it either makes Alice lose (None) or gives weights w: Bob samples child
   i with probability w_i / sum_j w_j (and the run ends in Alice's favour if the sum is 0). *)
Definition Rule := Agg -> (nat -> tree) -> nat -> list bool -> Q -> list Q -> option (list Q).

(* P[Alice is caught] from node T where she claims a with budget beta, exactly: 1 at a failed
   check, 0 or 1 at a leaf, and Bob's exact average over the children otherwise. *)
Fixpoint catch (r : Rule) (T : tree) (a : bool) (beta : Q) (s : Strategy) : Q :=
  match T with
  | Leaf x => if Bool.eqb a (oracle x) then 0 else 1
  | Node m agg arity kids =>
      let '(k, z, bs) := s [] in
      if (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool then
        match r (agg k) (kids k) (arity k) z beta bs with
        | None => 1
        | Some w =>
            let W := totalWeight (arity k) w in
            if Qeq_bool W 0 then 0 else
            qsum (arity k) (fun i => nth i w 0 / W *
                    catch r (kids k i) (nth i z false) (nth i bs 0) (shift s i))
        end
      else 1
  end.

(* --- The paper's protocol (Section 4) ---------------------------------------------------- *)

(* Bob's dual for (f, z): any function; soundness needs only that it is dual feasible. *)
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

(* Step 2 (check sum t = fbs_z <= rho, else Alice loses) and step 3 (sample p_i = t_i / sum t). *)
Definition paperRule : Rule := fun f kids q z beta bs =>
  let t := bob f z in
  if Qle_bool (totalWeight q t) rho then Some t else None.

(* Any rule that samples only after the paper's check passed, by the paper's distribution
   (the paper's rule, and the mixed protocol's paper branch). *)
Definition PaperStrict (r : Rule) : Prop :=
  forall f kids q z beta bs w, r f kids q z beta bs = Some w ->
    w = bob f z /\ totalWeight q w <= rho.

Definition BobFeasible : Prop := forall f z, DualFeasible f z (bob f z).

(* --- The budgeted protocol (ours, docs/budgeted.md section 1) ------------------------------ *)

(* Bob's knowledge of constant subtrees, e.g. |R(v)| = 1 (see knownR below); sound if it only
   ever names the true value. *)
Variable known : tree -> option bool.
Definition KnownSound : Prop := forall T b, Valid T -> known T = Some b -> val T = b.

(* Capacities: 0 for a constant child, max(beta_i, 1) otherwise. *)
Definition capacity (kids : nat -> tree) (bs : list Q) (i : nat) : Q :=
  match known (kids i) with Some _ => 0 | None => Qmax (nth i bs 0) 1 end.

(* Step 3: every constant child is claimed at its value. *)
Definition constantsOK (kids : nat -> tree) (q : nat) (z : list bool) : bool :=
  forallb (fun i => match known (kids i) with
                    | Some b => Bool.eqb (nth i z false) b | None => true end) (seq 0 q).

(* Bob's dual of the weighted LP at (f, z, c): again only feasibility is needed. *)
Variable bobw : Agg -> list bool -> list Q -> list Q.
Definition BobwFeasible : Prop := forall f z c, DualFeasible f z (bobw f z c).

(* Steps 3-5: constant-child check, budget check beta >= W = sum_i c_i t_i, then sample
   p_i = c_i t_i / W. *)
Definition budgetRule : Rule := fun f kids q z beta bs =>
  let c := map (capacity kids bs) (seq 0 q) in
  let t := bobw f z c in
  let w := map (fun i => nth i c 0 * nth i t 0) (seq 0 q) in
  if (constantsOK kids q z && Qle_bool (totalWeight q w) beta)%bool then Some w else None.

Definition BudgetStrict (r : Rule) : Prop :=
  forall f kids q z beta bs w, r f kids q z beta bs = Some w ->
    (forall i b, (i < q)%nat -> known (kids i) = Some b -> nth i z false = b) /\
    totalWeight q w <= beta /\
    exists t, DualFeasible f z t /\
      forall i, (i < q)%nat ->
        (0 <= nth i w 0) /\
        (known (kids i) = None -> nth i w 0 == Qmax (nth i bs 0) 1 * nth i t 0).

(* g(beta) = min(1, 1/beta), with g(beta) = 1 for beta <= 1. *)
Definition guarantee (beta : Q) : Q := if Qle_bool beta 1 then 1 else / beta.

(* Root checks: a constant root claimed wrongly, or beta(root) > beta_max, loses. *)
Definition rootChecks (betaMax : Q) (T : tree) (a : bool) (beta : Q) : bool :=
  (match known T with Some b => Bool.eqb a b | None => true end && Qle_bool beta betaMax)%bool.

Definition catchRoot (r : Rule) (betaMax : Q) (T : tree) (a : bool) (beta : Q) (s : Strategy) : Q :=
  if rootChecks betaMax T a beta then catch r T a beta s else 1.

(* --- The mixed protocol (ours): Alice must pass both checks; Bob privately flips a lambda
   coin before the run and samples by the paper's rule or by the budgeted rule. ------------ *)
Definition bothChecks (sampleByPaper : bool) : Rule := fun f kids q z beta bs =>
  match paperRule f kids q z beta bs, budgetRule f kids q z beta bs with
  | Some w1, Some w2 => Some (if sampleByPaper then w1 else w2)
  | _, _ => None
  end.

Definition catchMixed (lambda betaMax : Q) (T : tree) (a : bool) (beta : Q) (s : Strategy) : Q :=
  lambda * catchRoot (bothChecks true) betaMax T a beta s
  + (1 - lambda) * catchRoot (bothChecks false) betaMax T a beta s.

End Trees.

Arguments tree : clear implicits.

(* Finite sums over a list. *)
Fixpoint qlsum (xs : list Q) : Q := match xs with [] => 0 | x :: r => x + qlsum r end.

(* ======================================================================================== *)
(* The two linear programs at one input z (paper Definitions 3.3 and 3.4)                   *)
(* ======================================================================================== *)

(* A packing (the primal LP of Definition 3.3): a list of blocks (masks) with weights. The
   load of coordinate i is the total weight of the blocks containing i. *)
Definition load (ws : list (list bool * Q)) (i : nat) : Q :=
  qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) ws).

(* Primal feasibility: every weight is >= 0, every block is a sensitive block of f at z (a
   subset of the q = length z coordinates), and every coordinate has load <= 1. *)
Definition PrimalFeasible (f : Agg) (z : list bool) (ws : list (list bool * Q)) : Prop :=
  (forall Jw, In Jw ws -> 0 <= snd Jw /\ length (fst Jw) = length z /\ Sensitive f z (fst Jw)) /\
  (forall i, (i < length z)%nat -> load ws i <= 1).

(* The value of a packing, sum_B w_B, and of a dual, sum_i t_i. *)
Definition primalValue (ws : list (list bool * Q)) : Q := qlsum (map snd ws).
Definition dualValueAt (z : list bool) (t : list Q) : Q := totalWeight (length z) t.

(* v is the optimum of Definition 3.3's packing LP (fbs_z(f) as a maximum) ... *)
Definition PackingOptimum (f : Agg) (z : list bool) (v : Q) : Prop :=
  (exists ws, PrimalFeasible f z ws /\ primalValue ws == v) /\
  (forall ws, PrimalFeasible f z ws -> primalValue ws <= v).

(* ... and of Definition 3.4's dual LP (fbs_z(f) as a minimum). *)
Definition DualOptimum (f : Agg) (z : list bool) (v : Q) : Prop :=
  (exists t, DualFeasible f z t /\ dualValueAt z t == v) /\
  (forall t, DualFeasible f z t -> v <= dualValueAt z t).

(* fbs_z(f) = v: v is the optimum of both programs. *)
Definition FbsValue (f : Agg) (z : list bool) (v : Q) : Prop :=
  PackingOptimum f z v /\ DualOptimum f z v.
