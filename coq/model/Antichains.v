(* Antichains.v -- the objects of the census reduction (ours, docs/census.md): families of
   blocks on q coordinates, their minimal members, up-sets, antichains, the four measures of a
   family (nu*, sigma, nu, tau), coordinate permutations acting on blocks and families, and
   the finite counts the census weights by. The part a reader must trust for the statements of
   theorems/CensusLemmas.v. A block is a mask of q bits (model/FbsModel.v's convention: the
   coordinates i < q with nth i B = true); a family is a predicate on blocks, and only its
   members of q bits count (every family below holds masks of q bits only). Checked by
   coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith List Bool PeanoNat.
From FbsCoq Require Import FbsModel Measures FbsTreeCert Families.
Import ListNotations.

Definition Fam := list bool -> Prop.

(* B is inside B' (on the coordinates i < q). *)
Definition Sub (q : nat) (B B' : list bool) : Prop :=
  forall i, (i < q)%nat -> nth i B false = true -> nth i B' false = true.

(* A family of q-bit blocks. *)
Definition FamOf (q : nat) (A : Fam) : Prop := forall B, A B -> length B = q.

(* The inclusion-minimal members of A: no other member of A lies inside them. *)
Definition MinimalOf (q : nat) (A : Fam) : Fam :=
  fun B => A B /\ forall B', A B' -> Sub q B' B -> B' = B.

(* S(f, z), the sensitive blocks of f at z (paper Definition 3.3), as q-bit masks, q = length
   z, and M(f, z), its minimal members. *)
Definition SensFam (f : Agg) (z : list bool) : Fam := fun B => length B = length z /\ Sensitive f z B.
Definition MinSens (f : Agg) (z : list bool) : Fam := MinimalOf (length z) (SensFam f z).

(* up(A): the q-bit blocks that contain a member of A. *)
Definition Up (q : nat) (A : Fam) : Fam := fun B => length B = q /\ exists C, A C /\ Sub q C B.

(* An antichain: no member lies inside another. *)
Definition Antichain (q : nat) (A : Fam) : Prop :=
  forall B C, A B -> A C -> Sub q B C -> B = C.

(* An up-set of q-bit blocks: closed under taking larger q-bit blocks. *)
Definition UpSet (q : nat) (U : Fam) : Prop :=
  FamOf q U /\ forall B C, U B -> length C = q -> Sub q B C -> U C.

(* --- The four measures of a family A of q-bit blocks (docs/census.md, Definitions) ------- *)

(* sigma(A) = k: exactly k one-element members {i}, i < q, listed by S. *)
Definition SigmaIs (q : nat) (A : Fam) (k : nat) : Prop :=
  exists S : list nat, NoDup S /\ length S = k /\ forall i, In i S <-> ((i < q)%nat /\ A (unitBlock q i)).

(* nu(A) = k: the most pairwise disjoint members is k. *)
Definition NuIs (q : nat) (A : Fam) (k : nat) : Prop :=
  (exists Bs, (forall B, In B Bs -> A B) /\ Pairwise q Bs /\ length Bs = k) /\
  (forall Bs, (forall B, In B Bs -> A B) -> Pairwise q Bs -> (length Bs <= k)%nat).

(* H meets every member of A. *)
Definition Transversal (q : nat) (A : Fam) (H : list bool) : Prop :=
  forall B, A B -> exists i, (i < q)%nat /\ nth i B false = true /\ nth i H false = true.

(* tau(A) = k: the fewest coordinates meeting every member is k. *)
Definition TauIs (q : nat) (A : Fam) (k : nat) : Prop :=
  (exists H, Transversal q A H /\ setSize q H = k) /\
  (forall H, Transversal q A H -> (k <= setSize q H)%nat).

(* nu*(A) = v: v is the optimum of the fractional packing LP of A and of its dual (the
   fractional transversal LP), as FbsValue is for the sensitive blocks. *)
Definition FracPrimalFeasible (q : nat) (A : Fam) (ws : list (list bool * Q)) : Prop :=
  (forall Jw, In Jw ws -> 0 <= snd Jw /\ A (fst Jw)) /\
  (forall i, (i < q)%nat -> load ws i <= 1).
Definition FracDualFeasible (q : nat) (A : Fam) (t : list Q) : Prop :=
  (forall i, 0 <= nth i t 0) /\ (forall B, A B -> 1 <= blockWeight q t B).
Definition NuStarIs (q : nat) (A : Fam) (v : Q) : Prop :=
  ((exists ws, FracPrimalFeasible q A ws /\ primalValue ws == v) /\
   (forall ws, FracPrimalFeasible q A ws -> primalValue ws <= v)) /\
  ((exists t, FracDualFeasible q A t /\ totalWeight q t == v) /\
   (forall t, FracDualFeasible q A t -> v <= totalWeight q t)).

(* --- Coordinate permutations -------------------------------------------------------------- *)

(* p is a permutation of {0, .., q-1} with inverse pinv. *)
Definition Perm (q : nat) (p pinv : nat -> nat) : Prop :=
  forall i, (i < q)%nat -> (p i < q)%nat /\ (pinv i < q)%nat /\ p (pinv i) = i /\ pinv (p i) = i.

(* relabel q p B: coordinate i is in the result iff p i is in B (the image of B under p^-1). *)
Definition relabel (q : nat) (p : nat -> nat) (B : list bool) : list bool :=
  map (fun i => nth (p i) B false) (seq 0 q).

(* pi(A) = {pi(B) : B in A} for pi = p^-1 ... written as: B is in it iff relabel q p B is in A,
   i.e. the image of A under relabel q pinv. *)
Definition permFam (q : nat) (p : nat -> nat) (A : Fam) : Fam :=
  fun B => length B = q /\ A (relabel q p B).

(* --- Finite families and counts (Lemma 2 and the census's weights) ----------------------- *)

(* A finite family of q-bit blocks, given by a boolean test on the masks of allMasks q. *)
Definition famOfb (q : nat) (a : list bool -> bool) : Fam := fun B => length B = q /\ a B = true.

(* |A| and |up(A)| for a boolean test a: the q-bit blocks it accepts, and those containing one. *)
Definition subb (q : nat) (B B' : list bool) : bool :=
  forallb (fun i => implb (nth i B false) (nth i B' false)) (seq 0 q).
Definition upb (q : nat) (a : list bool -> bool) (B : list bool) : bool :=
  existsb (fun C => a C && subb q C B) (allMasks q).
Definition countb (q : nat) (a : list bool -> bool) : nat := length (filter a (allMasks q)).

(* --- Lemma 2's objects, computable ---------------------------------------------------------- *)

(* h = f(x XOR .): the function f read from the input x (x^y is flip x y). *)
Definition shiftFun (f : Agg) (x : list bool) : Agg := fun y => f (flip x y).

(* The all-zero input 0^q. *)
Definition zeros (q : nat) : list bool := repeat false q.

(* Equality of masks, as a boolean. *)
Definition eqMask (B C : list bool) : bool := if list_eq_dec Bool.bool_dec B C then true else false.

(* B is a minimal member of the finite family s: s B, and no other member of s lies inside B. *)
Definition minb (q : nat) (s : list bool -> bool) (B : list bool) : bool :=
  s B && forallb (fun C => negb (s C && subb q C B && negb (eqMask C B))) (allMasks q).

(* M(f, x) as the list of its members, in the order of allMasks q (q = length x). *)
Definition minsOf (f : Agg) (x : list bool) : list (list bool) :=
  filter (minb (length x) (sensb f x)) (allMasks (length x)).

(* The membership test of a family given as a list of masks. *)
Definition memb (A : list (list bool)) (B : list bool) : bool := existsb (eqMask B) A.

(* N(A) = 2^q * 2 * 2^(|up(A)| - |A|) (docs/census.md, Lemma 2), for A a list of masks. *)
Definition censusWeight (q : nat) (A : list (list bool)) : nat :=
  2 ^ q * 2 * 2 ^ (countb q (upb q (memb A)) - length A).

(* --- The census's index: all antichains, all pairs (f, x) ----------------------------------- *)

(* All sublists of l (each keeps l's order). *)
Fixpoint sublists {X : Type} (l : list X) : list (list X) :=
  match l with
  | [] => [[]]
  | x :: r => map (cons x) (sublists r) ++ sublists r
  end.

(* A list of masks is an antichain: no member inside another. *)
Definition isAntichainb (q : nat) (A : list (list bool)) : bool :=
  forallb (fun B => forallb (fun C => implb (subb q B C) (eqMask B C)) A) A.

(* The antichains of nonempty q-bit blocks, each as the list of its members in the order of
   allMasks q (tl drops the empty block, allMasks q's first mask). *)
Definition antichainsOf (q : nat) : list (list (list bool)) :=
  filter (isAntichainb q) (sublists (tl (allMasks q))).

(* All pairs (f, x) of a function of q inputs (its truth table, Families.ttFun) and an input. *)
Definition pairsOf (q : nat) : list (list bool * list bool) := list_prod (allMasks (2 ^ q)) (allMasks q).

Definition eqFam (A A' : list (list bool)) : bool :=
  if list_eq_dec (list_eq_dec Bool.bool_dec) A A' then true else false.

(* The number of pairs (f, x) with M(f, x) = A. *)
Definition countPairs (q : nat) (A : list (list bool)) : nat :=
  length (filter (fun p => eqFam (minsOf (ttFun (fst p)) (snd p)) A) (pairsOf q)).
