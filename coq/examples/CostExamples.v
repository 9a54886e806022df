(* CostExamples.v -- non-vacuity of CompletenessCost.v: Theorem 4.1's cost attained exactly
   on a uniform tree with constant charges, Proposition H's |Q(M)| attained by the look-ahead
   Alice, and the family with no bound in d, q and Q alone met by a concrete (feasible) Bob.
   Every instance meets all its theorem's hypotheses at once; the numbers are computed with
   vm_compute. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must
   answer "Closed under the global context". *)

From Coq Require Import QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees Completeness Families CompletenessCost.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Theorem 4.1's cost: AND2(AND2(x0, x1), AND2(x2, x3)), every leaf true, d = 2, q = 2.       *)
(* ======================================================================================== *)

Definition and2Of (l r : tree nat) : tree nat :=
  Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => match i with O => l | _ => r end).
Definition and4 : tree nat := and2Of (and2Of (Leaf 0%nat) (Leaf 1%nat)) (and2Of (Leaf 2%nat) (Leaf 3%nat)).

(* Constant charges: T_D = 3 to decompose, T = 5 and Q = 2 to solve any node, B = 7 for
   Bob's round. *)
Definition flat : Charges nat :=
  {| decStep := fun _ => 3%nat; solveTime := fun _ => 5%nat; solveQueries := fun _ => 2%nat;
     bobStep := fun _ => 7%nat |}.

Lemma and4_valid : Valid allTrue and4.
Proof.
  simpl. split; [lia |]. intros [| k] Hk; [| lia]. split; [reflexivity |].
  intros [| [| i]] Hi; try lia;
    (split; [lia |]); intros [| k] Hk'; try lia;
    (split; [reflexivity | intros [| [| j]] Hj; try lia; exact I]).
Qed.

Lemma and4_fbs : HonestFbsAtMost allTrue bobOnes 2 and4.
Proof.
  simpl. split; [vm_compute; discriminate |].
  intros [| [| i]] Hi; try lia;
    (split; [vm_compute; discriminate | intros [| [| j]] Hj; try lia; exact I]).
Qed.

Lemma and4_depth : DepthLe and4 2.
Proof. simpl. intros [| k] [| [| i]] Hk Hi; try lia; intros [| k'] [| [| j]] Hk' Hj; try lia; exact I. Qed.

Lemma and4_bounded : CostBounded flat 3 5 2 7 2 and4.
Proof.
  simpl. repeat split; try lia.
  intros [| [| i]] Hi; try lia; (simpl; repeat split; try lia; intros [| [| j]] Hj; try lia; simpl; lia).
Qed.

(* THEOREM 4.1's cost, non-vacuous and tight: all hypotheses hold at d = 2, q = 2, T_D = 3,
   T = 5, Q = 2, B = 7, and the run down to the leaf x1 (Bob's samples 0, 1) is won and costs
   exactly the bounds: Alice 5 + 2 (3 + 2 * 5) = 31 time and 2 + 2 * 2 * 2 = 10 queries, Bob
   2 * 7 = 14, the judge 1 query. *)
Theorem theorem_4_1_cost_example :
  Valid allTrue and4 /\ HonestFbsAtMost allTrue bobOnes 2 and4 /\ DepthLe and4 2 /\
  CostBounded flat 3 5 2 7 2 and4 /\
  protocolRun allTrue bobOnes 2 flat and4 [0%nat; 1%nat] = (true, mkCost 31 10 14 1) /\
  (31 = 5 + 2 * (3 + 2 * 5) /\ 10 = 2 + 2 * 2 * 2 /\ 14 = 2 * 7)%nat.
Proof.
  split; [exact and4_valid |]. split; [exact and4_fbs |]. split; [exact and4_depth |].
  split; [exact and4_bounded |]. split; [vm_compute; reflexivity | lia].
Qed.

(* ======================================================================================== *)
(* Proposition H's queries: the menu of three majorities (famTree 2), Bob's optimal MAJ3 dual *)
(* ======================================================================================== *)

(* Bob's dual for MAJ3: (1/2, 1/2, 1/2) at 111 (value 3/2), the indicator of the ones
   otherwise (value 2 at 011, 101, 110). *)
Definition bobMaj3 : Agg -> list bool -> list Q := fun _ z =>
  if forallb (fun b => b) z then [1 # 2; 1 # 2; 1 # 2] else map (fun b : bool => if b then 1 else 0) z.

Lemma bobMaj3_feasible_111 : DualFeasible (majAgg 3) [true; true; true] (bobMaj3 (majAgg 3) [true; true; true]).
Proof.
  split.
  - intros [| [| [| i]]]; simpl; try lra; destruct i; unfold Qle; simpl; lia.
  - intros B HS. unfold Sensitive, flip, blockWeight in *. simpl in *.
    destruct (nth 0 B false), (nth 1 B false), (nth 2 B false); vm_compute in HS;
      try (exfalso; apply HS; reflexivity); vm_compute; discriminate.
Qed.

Lemma bobMaj3_feasible_011 : DualFeasible (majAgg 3) [false; true; true] (bobMaj3 (majAgg 3) [false; true; true]).
Proof.
  split.
  - intros [| [| [| i]]]; simpl; try lra; destruct i; unfold Qle; simpl; lia.
  - intros B HS. unfold Sensitive, flip, blockWeight in *. simpl in *.
    destruct (nth 0 B false), (nth 1 B false), (nth 2 B false); vm_compute in HS;
      try (exfalso; apply HS; reflexivity); vm_compute; discriminate.
Qed.

Lemma bobMaj3_fam : FamBob bobMaj3 (3 # 2).
Proof. split; [vm_compute; discriminate | vm_compute; intros H; apply H; reflexivity]. Qed.

(* PROPOSITION H's queries, non-vacuous and tight: on the menu of three majorities with the
   reference oracle (only the last alternative all true) the look-ahead Alice is never caught,
   and on the run to the first leaf of her choice she reads exactly |Q(M)| = 9 distinct
   queries. *)
Theorem proposition_H_queries_example :
  Valid (famOracle 2) (famTree 2) /\ Realisable (famOracle 2) bobMaj3 (3 # 2) (famTree 2) /\
  catch (famOracle 2) (paperRule bobMaj3 (3 # 2)) (famTree 2) (val (famOracle 2) (famTree 2)) 0
    (lookahead (famOracle 2) bobMaj3 (3 # 2) (famTree 2)) == 0 /\
  choose (famOracle 2) bobMaj3 (3 # 2) (famTree 2) = 2%nat /\
  distinct pairDec (lookaheadReads (famOracle 2) bobMaj3 (3 # 2) (famTree 2) [0%nat]) = 9%nat /\
  distinct pairDec (allQueries (famTree 2)) = 9%nat.
Proof.
  destruct (lookahead_unbounded bobMaj3 (3 # 2) 2 bobMaj3_fam) as [_ [_ [HV [HR _]]]].
  split; [exact HV |]. split; [exact HR |].
  split; [exact (proposition_H _ _ _ _ _ HV HR) |].
  split; [vm_compute; reflexivity |]. split; vm_compute; reflexivity.
Qed.

(* NO BOUND IN d, q AND Q ALONE, met: with Bob's feasible MAJ3 dual at rho = 3/2 and k = 13,
   every set of queries determining her choice has >= 13 > 12 = Q + d q Q distinct queries
   (d = 1, q = 3, Q = 3), and the reads of proposition_H_queries (42 distinct queries, all of
   Q(M)) are such a set. *)
Theorem lookahead_unbounded_example :
  DualFeasible (majAgg 3) [true; true; true] (bobMaj3 (majAgg 3) [true; true; true]) /\
  DualFeasible (majAgg 3) [false; true; true] (bobMaj3 (majAgg 3) [false; true; true]) /\
  FamBob bobMaj3 (3 # 2) /\
  (forall S : list (nat * nat),
    (forall O', Valid O' (famTree 13) -> Realisable O' bobMaj3 (3 # 2) (famTree 13) ->
       (forall x, In x S -> O' x = famOracle 13 x) ->
       choose O' bobMaj3 (3 # 2) (famTree 13) = choose (famOracle 13) bobMaj3 (3 # 2) (famTree 13)) ->
    (13 <= distinct pairDec S)%nat) /\
  (3 + 1 * 3 * 3 < 13)%nat /\
  distinct pairDec (lookaheadReads (famOracle 13) bobMaj3 (3 # 2) (famTree 13) [0%nat]) = 42%nat.
Proof.
  split; [exact bobMaj3_feasible_111 |]. split; [exact bobMaj3_feasible_011 |].
  split; [exact bobMaj3_fam |].
  destruct (lookahead_unbounded bobMaj3 (3 # 2) 13 bobMaj3_fam) as [_ [_ [_ [_ HS]]]].
  split; [exact HS |]. split; [lia | vm_compute; reflexivity].
Qed.

Print Assumptions theorem_4_1_cost_example.
Print Assumptions proposition_H_queries_example.
Print Assumptions lookahead_unbounded_example.
