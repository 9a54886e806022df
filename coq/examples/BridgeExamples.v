(* BridgeExamples.v -- non-vacuity of HonestBridge.v (Theorem B2 (b), ours, on the protocol's
   tree): AND2(x, K) with K a constant subtree (an aggregator that is always 1, over one leaf),
   the oracle answering 1 everywhere, and Bob's optimal weighted dual (0 at a constant
   aggregator, the all-ones dual at AND2 on 11, optimal for every capacity vector). Every
   hypothesis of theorem_B2b holds; Bob knows K constant from R(v), so K gets capacity 0, and
   the honest root budget computed by the protocol's rule is 1 = rho_T (F_T = x); the honest
   Alice with beta_max = 1 is never caught, under the model's and the engine's rule (both
   computed). Without Bob's constant-subtree knowledge (the issue's sketch: every child
   max(beta_i, 1)) the honest root budget is 2 > rho_T (computed), so the capacity 0 matters.
   The leaf queries are distinct and rho_T on the queries is 1 too (theorem_B2b_queries).
   With a repeated query (AND2 of two leaves asking the same query) the honest root budget is 2
   while the function of the answers has fbs 1 (repeated_query_counterexample). Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed
   under the global context". *)

From Coq Require Import QArith Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert TreeStatements LowerBound Completeness
  BudgetedFloors HonestBudgets BudgetedLeaves LowerBoundExamples HonestBridge.
Import ListNotations.
Open Scope Q_scope.

(* K: always 1, over the leaf asking query 1; the root: AND2 of the leaf asking query 0 and K. *)
Definition constK : tree nat := Node 1 (fun _ _ => true) (fun _ => 1%nat) (fun _ _ => Leaf 1%nat).
Definition andK : tree nat :=
  Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => if Nat.eqb i 0 then Leaf 0%nat else constK).

(* Bob: 0 at an aggregator constant on its inputs, the all-ones dual elsewhere. *)
Definition bobC (f : Agg) (z : list bool) (c : list Q) : list Q :=
  if forallb (fun y => Bool.eqb (f y) (f z)) (allMasks (length z)) then repeat 0 (length z)
  else bobOnes f z.

Lemma bobC_optimal_and2 : forall c, (forall i, 0 <= nth i c 0) ->
  BobwOptimalAt bobC and2 [true; true] c.
Proof. intros c Hc. exact (ones_optimal_and2 c (Hc 0%nat) (Hc 1%nat)). Qed.

Lemma bobC_optimal_const : forall c, (forall i, 0 <= nth i c 0) ->
  BobwOptimalAt bobC (fun _ => true) [true] c.
Proof.
  intros c Hc. split; [split |].
  - intros [| [| i]]; simpl; lra.
  - intros B HB. exfalso. apply HB. reflexivity.
  - intros t [Ht _]. unfold weightedValue. simpl.
    assert (A := Hc 0%nat). assert (B := Ht 0%nat). nra.
Qed.

Lemma andK_valid : Valid allTrue andK.
Proof.
  split; [lia |]. intros k Hk. assert (k = 0%nat) by lia. subst k. split; [reflexivity |].
  intros [| [| i]] Hi; simpl in Hi; try lia; [exact I |].
  split; [lia |]. intros k' Hk'. assert (k' = 0%nat) by lia. subst k'. split; [reflexivity |].
  intros; exact I.
Qed.

Lemma andK_optimal : BobOptimalNodes allTrue bobC andK.
Proof.
  split; [exact bobC_optimal_and2 |].
  intros [| [| i]] Hi; simpl in Hi; try lia; [exact I |].
  split; [exact bobC_optimal_const |]. intros; exact I.
Qed.

(* THEOREM B2 (b), non-vacuous: all hypotheses hold, Bob knows K constant, the honest root
   budget is 1 = rho_T (computed), the honest Alice with beta_max = rho_T = 1 is never caught
   under either rule (computed), and the sketch's capacities would give 2. *)
Theorem theorem_B2b_example :
  Valid allTrue andK /\ BobOptimalNodes allTrue bobC andK /\
  knownR constK = Some true /\
  honestBudget allTrue knownR bobC andK == 1 /\
  RhoT (toC andK) (alphaO allTrue andK) 1 /\
  catchRoot allTrue knownR (budgetRule knownR bobC) 1 andK true 1
    (honestBudgeted allTrue knownR bobC andK) == 0 /\
  catchRoot allTrue knownR (budgetRuleE knownR bobC) 1 andK true 1
    (honestBudgeted allTrue knownR bobC andK) == 0 /\
  honestBudget allTrue (fun _ => None) bobC andK == 2 /\
  NoDup (leafQs andK) /\ RhoQ allTrue andK (leafQs andK) 1.
Proof.
  assert (Hb : honestBudget allTrue knownR bobC andK == 1) by (vm_compute; reflexivity).
  assert (HR : RhoT (toC andK) (alphaO allTrue andK) 1).
  { destruct (honest_budget_rhoT_protocol nat allTrue bobC andK andK_optimal)
      as [[t [Ht Hv]] HG].
    split; [exists t; split; [exact Ht | rewrite Hv; exact Hb] |].
    intros t' Ht'. rewrite <- Hb. exact (HG t' Ht'). }
  assert (HN : NoDup (leafQs andK)).
  { simpl. constructor; [simpl; intros [H | []]; discriminate | constructor; [intros [] | constructor]]. }
  split; [exact andK_valid | split; [exact andK_optimal |]].
  split; [vm_compute; reflexivity | split; [exact Hb | split; [exact HR |]]].
  split; [vm_compute; reflexivity | split; [vm_compute; reflexivity |]].
  split; [vm_compute; reflexivity | split; [exact HN |]].
  exact (rhoQ_of_rhoT Nat.eq_dec allTrue andK 1 HN HR).
Qed.

(* ======================================================================================== *)
(* With a repeated leaf query, beta(root) is not rho_T of the function of the answers        *)
(* ======================================================================================== *)

(* AND2 of two leaves asking the same query 0, the oracle answering 1. *)
Definition andSame : tree nat := Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ _ => Leaf 0%nat).

Lemma andSame_valid : Valid allTrue andSame.
Proof.
  split; [lia |]. intros k Hk. assert (k = 0%nat) by lia. subst k. split; [reflexivity |].
  intros; exact I.
Qed.

(* THEOREM B2 (b) NEEDS DISTINCT LEAF QUERIES: every hypothesis but distinctness holds, the
   honest root budget is 2 (computed), which is rho_T read on the leaves (two variables), but
   the function of the oracle's answers is x_0 AND x_0 = x_0, whose fbs at the oracle over its
   one query is 1: so beta(root) = 2 > 1 = rho_T. *)
Theorem repeated_query_counterexample :
  Valid allTrue andSame /\ BobOptimalNodes allTrue bobC andSame /\
  leafQs andSame = [0%nat; 0%nat] /\ ~ NoDup (leafQs andSame) /\
  honestBudget allTrue knownR bobC andSame == 2 /\
  RhoT (toC andSame) (alphaO allTrue andSame) 2 /\
  RhoQ allTrue andSame [0%nat] 1.
Proof.
  assert (HO : BobOptimalNodes allTrue bobC andSame)
    by (split; [exact bobC_optimal_and2 | intros; exact I]).
  assert (Hb : honestBudget allTrue knownR bobC andSame == 2) by (vm_compute; reflexivity).
  split; [exact andSame_valid | split; [exact HO | split; [reflexivity | split]]].
  - simpl. intros HN. inversion HN as [| x l Hn _]. apply Hn. left. reflexivity.
  - split; [exact Hb | split].
    + destruct (honest_budget_rhoT_protocol nat allTrue bobC andSame HO) as [[t [Ht Hv]] HG].
      split; [exists t; split; [exact Ht | rewrite Hv; exact Hb] |].
      intros t' Ht'. rewrite <- Hb. exact (HG t' Ht').
    + split.
      * exists (fun _ => 1). split; [split |].
        -- intros x. lra.
        -- intros H HS. unfold qBlock. simpl. destruct (H 0%nat) eqn:E; [lra |].
           exfalso. apply HS. unfold flipO. simpl. rewrite E. reflexivity.
        -- simpl. reflexivity.
      * intros t [Ht Hf]. assert (A := Hf (fun _ => true) ltac:(vm_compute; discriminate)).
        unfold qBlock in A. simpl in A |- *. lra.
Qed.

Print Assumptions theorem_B2b_example.
Print Assumptions repeated_query_counterexample.
