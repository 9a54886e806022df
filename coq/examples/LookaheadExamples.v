(* LookaheadExamples.v -- non-vacuity of LookaheadLowerBound.v (ours): on the menu of four
   majorities (k = 3) with Bob's feasible MAJ3 dual at rho = 3/2, a procedure that asks the
   first leaves of alternatives 0, 1, 2 in turn never loses and asks exactly k = 3 of them on
   the adversary's oracle (at most 3 on every oracle: the bound is attained); a procedure that
   stops after two loses on a computed legal realisable oracle. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith List Lia Bool.
From FbsCoq Require Import FbsTrees Completeness Families CompletenessCost CostExamples
  LookaheadLowerBound.
Import ListNotations.
Open Scope Q_scope.

(* Ask the first leaf of alternatives 0, 1, 2 in turn, choose the first true one, else 3. *)
Definition scan3 : proc :=
  AskLeaf (0, 0)%nat (fun b0 => if b0 then Choose 0 else
  AskLeaf (1, 0)%nat (fun b1 => if b1 then Choose 1 else
  AskLeaf (2, 0)%nat (fun b2 => if b2 then Choose 2 else Choose 3))).

(* The same, stopping after two queries: choose 2 blind. *)
Definition scan2 : proc :=
  AskLeaf (0, 0)%nat (fun b0 => if b0 then Choose 0 else
  AskLeaf (1, 0)%nat (fun b1 => if b1 then Choose 1 else Choose 2)).

Lemma fam3_realisable : Realisable (famOracle 3) bobMaj3 (3 # 2) (famTree 3).
Proof.
  exact (proj1 (proj2 (proj2 (proj2 (lookahead_unbounded bobMaj3 (3 # 2) 3 bobMaj3_fam))))).
Qed.

Lemma scan3_never_loses : NeverLoses bobMaj3 (3 # 2) 3 scan3.
Proof.
  intros O HO [j [Hj [Hok _]]].
  rewrite (fam_altOK bobMaj3 (3 # 2) bobMaj3_fam O j HO) in Hok.
  rewrite (fam_altOK bobMaj3 (3 # 2) bobMaj3_fam O _ HO). unfold scan3. cbn [run].
  destruct (O (0, 0)%nat) eqn:E0; cbn [run]; [split; [lia | exact E0] |].
  destruct (O (1, 0)%nat) eqn:E1; cbn [run]; [split; [lia | exact E1] |].
  destruct (O (2, 0)%nat) eqn:E2; cbn [run]; [split; [lia | exact E2] |].
  split; [lia |]. destruct j as [| [| [| [| j]]]]; try congruence; lia.
Qed.

(* EVERY ALICE WHO NEVER LOSES ASKS >= k FIRST LEAVES, met and attained (k = 3): scan3 meets
   the theorem's hypotheses (Bob's MAJ3 dual is feasible, passes at 111 and fails at 011 at
   rho = 3/2; scan3 never loses), on the adversary's oracle (only alternative 3 feasible:
   famOracle 3, legal and realisable) it asks exactly 3 distinct first leaves, and on every
   legal oracle at most 3 queries: the bound k is attained. *)
Theorem lookahead_lower_bound_example :
  DualFeasible (majAgg 3) [true; true; true] (bobMaj3 (majAgg 3) [true; true; true]) /\
  DualFeasible (majAgg 3) [false; true; true] (bobMaj3 (majAgg 3) [false; true; true]) /\
  FamBob bobMaj3 (3 # 2) /\ NeverLoses bobMaj3 (3 # 2) 3 scan3 /\
  FamLegal (famOracle 3) /\ Realisable (famOracle 3) bobMaj3 (3 # 2) (famTree 3) /\
  distinct pairDec (firstLeaves (asked (famOracle 3) scan3)) = 3%nat /\
  (forall O, (length (asked O scan3) <= 3)%nat) /\
  (exists O, FamLegal O /\ Realisable O bobMaj3 (3 # 2) (famTree 3) /\
     (3 <= distinct pairDec (firstLeaves (asked O scan3)))%nat).
Proof.
  split; [exact bobMaj3_feasible_111 |]. split; [exact bobMaj3_feasible_011 |].
  split; [exact bobMaj3_fam |]. split; [exact scan3_never_loses |].
  split; [exact (famOracle_legal 3) |]. split; [exact fam3_realisable |].
  split; [vm_compute; reflexivity |]. split.
  - intros O. unfold scan3. cbn [asked length].
    repeat match goal with |- context [O ?x] => destruct (O x); cbn [asked length] end; lia.
  - destruct (lookahead_lower_bound bobMaj3 (3 # 2) 3 scan3 bobMaj3_fam scan3_never_loses)
      as [O [HO [_ [HR Hk]]]].
    exists O. split; [exact HO |]. split; [exact HR | exact Hk].
Qed.

(* FEWER QUERIES LOSE: scan2 asks at most 2 < 3 queries on every oracle, and on the legal
   realisable oracle famOracle 3 it chooses alternative 2, whose first leaf is false: Bob's
   check fails at 011 (its honest local fbs 2 > 3/2), so scan2 does not never lose. *)
Theorem lookahead_fewer_lose_example :
  (forall O, (length (asked O scan2) <= 2)%nat) /\
  run (famOracle 3) scan2 = 2%nat /\
  altFbsOK (famOracle 3) bobMaj3 (3 # 2) (fun _ => majAgg 3) (fun _ => 3%nat)
    (fun j i => Leaf (j, i)) 2 = false /\
  ~ NeverLoses bobMaj3 (3 # 2) 3 scan2.
Proof.
  split.
  { intros O. unfold scan2. cbn [asked length].
    repeat match goal with |- context [O ?x] => destruct (O x); cbn [asked length] end; lia. }
  split; [vm_compute; reflexivity |]. split; [vm_compute; reflexivity |].
  intros HN. destruct (HN (famOracle 3) (famOracle_legal 3) fam3_realisable) as [_ Hok].
  revert Hok. vm_compute. discriminate.
Qed.

Print Assumptions lookahead_lower_bound_example.
Print Assumptions lookahead_fewer_lose_example.
