(* InstanceOptimalityProtocolExamples.v -- non-vacuity of Theorem B3 on the protocol's tree
   (ours, theorems/InstanceOptimalityProtocol.v): one instance meeting every hypothesis of
   theorem_B3_protocol and theorem_B3_protocol_queries at once, on which the soundness bound is
   attained exactly.

   The instance of InstanceOptimalityExamples.v, now on one tree: MAJ_3 of three leaves asking
   the distinct queries 0, 1, 2, the oracle answering 0, 0, 1 (root value 0), the weighted Bob
   optBobw of OptimalBobExamples.v (feasible everywhere, optimal at every node), Bob's
   knowledge R(v). rho_T = 2 on the leaves and on the queries (both from the honest root
   budget, computed: 2), with delta = 1/8 and R = 3, the least count with
   (1 - 1/2)^R <= 1/8. The liar of InstanceOptimalityExamples.v (root claim 1, root budget 2,
   children 101, budgets (1, 1, 1)) is caught in one run with probability exactly 1/2, so three
   runs all miss with probability exactly 1/8 = delta; the honest Alice is never caught under
   either rule (computed); the majority checker (eps = 0, m = 3) meets the lower bound
   (1 - 0) 2 <= 3. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must
   answer "Closed under the global context". *)

From Coq Require Import String QArith Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert Families TreeStatements LowerBound Completeness.
From FbsCoq Require Import BudgetedFloors HonestBudgets BudgetedLeaves FbsExamples OptimalBobExamples.
From FbsCoq Require Import HonestBridge InstanceOptimality InstanceOptimalityExamples.
From FbsCoq Require Import InstanceOptimalityProtocol.
Import ListNotations.
Open Scope Q_scope.

Lemma maj3Tree_optimal : BobOptimalNodes oracle001 optBobw maj3Tree.
Proof.
  split; [| intros i _; exact I].
  intros c Hc. apply optBobw_optimal; [vm_compute; tauto | exact Hc].
Qed.

Lemma maj3Tree_rhoT : RhoT (toC maj3Tree) (alphaO oracle001 maj3Tree) 2.
Proof.
  assert (Hb : honestBudget oracle001 knownR optBobw maj3Tree == 2) by (vm_compute; reflexivity).
  destruct (honest_budget_rhoT_protocol nat oracle001 optBobw maj3Tree maj3Tree_optimal)
    as [[t [Ht Hv]] HG].
  split; [exists t; split; [exact Ht | rewrite Hv; exact Hb] |].
  intros t' Ht'. rewrite <- Hb. exact (HG t' Ht').
Qed.

Lemma maj3Tree_nodup : NoDup (leafQs maj3Tree).
Proof. vm_compute. repeat constructor; simpl; intuition discriminate. Qed.

Lemma maj3Checker_right : forall O,
  (F (toC maj3Tree) O = true -> 1 - 0 <= accept O maj3Checker) /\
  (F (toC maj3Tree) O = false -> accept O maj3Checker <= 0).
Proof.
  intros O. unfold F, maj3Tree, toC, maj3Checker, accept, sub. simpl.
  destruct (O [0%nat]), (O [1%nat]), (O [2%nat]); unfold majAgg, Families.ones; simpl;
    split; intro H; try discriminate H; lra.
Qed.

(* THEOREM B3 ON THE PROTOCOL'S TREE, NON-VACUOUS AND ATTAINED: every hypothesis of
   theorem_B3_protocol (and of theorem_B3_protocol_queries) holds at rho_T = 2, delta = 1/8,
   R = 3 (the least count), with no bridge premise; the liar's three runs all miss with
   probability exactly 1/8 = delta; the honest root budget is rho_T and the honest Alice is
   never caught; the majority checker meets the lower bound. *)
Theorem theorem_B3_protocol_example :
  Valid oracle001 maj3Tree /\ BobwFeasible optBobw /\ BobOptimalNodes oracle001 optBobw maj3Tree /\
  RhoT (toC maj3Tree) (alphaO oracle001 maj3Tree) 2 /\
  NoDup (leafQs maj3Tree) /\ RhoQ oracle001 maj3Tree (leafQs maj3Tree) 2 /\
  1 <= 2 /\ qpow (1 - / 2) 3 <= 1 # 8 /\ ~ qpow (1 - / 2) 2 <= 1 # 8 /\
  LyingMix oracle001 maj3Tree liarMix /\
  allMiss (map (catchMix oracle001 knownR optBobw 2 maj3Tree) [liarMix; liarMix; liarMix])
    == 1 # 8 /\
  honestBudget oracle001 knownR optBobw maj3Tree == 2 /\
  catchRoot oracle001 knownR (budgetRule knownR optBobw) 2 maj3Tree (val oracle001 maj3Tree)
    (honestBudget oracle001 knownR optBobw maj3Tree)
    (honestBudgeted oracle001 knownR optBobw maj3Tree) == 0 /\
  catchRoot oracle001 knownR (budgetRuleE knownR optBobw) 2 maj3Tree (val oracle001 maj3Tree)
    (honestBudget oracle001 knownR optBobw maj3Tree)
    (honestBudgeted oracle001 knownR optBobw maj3Tree) == 0 /\
  (1 - 2 * 0) * 2 <= qn 3.
Proof.
  assert (HR : qpow (1 - / 2) 3 <= 1 # 8) by (vm_compute; discriminate).
  assert (HQ := rhoQ_of_rhoT Nat.eq_dec oracle001 maj3Tree 2 maj3Tree_nodup maj3Tree_rhoT).
  destruct (theorem_B3_protocol_queries nat Nat.eq_dec oracle001 optBobw maj3Tree 2 (1 # 8) 3
              maj3Tree_valid optBobw_feasible maj3Tree_optimal maj3Tree_nodup HQ ltac:(lra) HR)
    as [_ [E [Hc [Hc' Hl]]]].
  split; [exact maj3Tree_valid |]. split; [exact optBobw_feasible |].
  split; [exact maj3Tree_optimal |]. split; [exact maj3Tree_rhoT |].
  split; [exact maj3Tree_nodup |]. split; [exact HQ |]. split; [lra |]. split; [exact HR |].
  split; [vm_compute; intro H; apply H; reflexivity |]. split; [exact liarMix_lying |].
  split; [vm_compute; reflexivity |].
  split; [exact E |]. split; [exact Hc |]. split; [exact Hc' |].
  apply (Hl maj3Checker 3%nat 0); [simpl; intros; exact I | simpl; intros; exact I |].
  exact maj3Checker_right.
Qed.

Print Assumptions theorem_B3_protocol_example.
