(* InstanceOptimalityExamples.v -- non-vacuity of Theorem B3 (ours, theorems/InstanceOptimality.v):
   one instance meeting every hypothesis of theorem_B3_rhoT at once, with the OPTIMAL weighted
   Bob, on which the soundness bound is attained exactly.

   The instance: MAJ_3 of three leaves, the oracle answering 0, 0, 1 (root value 0), the
   weighted Bob optBobw of OptimalBobExamples.v (optimal at every claim vector and capacity
   vector of MAJ_3), Bob's knowledge R(v). rho_T = 2 (Bob's dual (1, 1, 0) at 001), and the
   honest root budget is 2 as well (B2 (b)'s bridge holds here, computed). The liar claims the
   root 1 with children 101 (the lie on x0) and budgets (1, 1, 1), root budget 2 = beta_max:
   Bob's optimal dual at 101 is (1, 0, 1), so one run catches her with probability exactly
   1/2 = 1/rho_T. With delta = 1/8: the least R with (1 - 1/rho_T)^R <= delta is R = 3, and
   three runs against the liar all miss with probability exactly 1/8 = delta. The logarithmic
   count R = ceil(2 ln 8) = 5 has the witness n = 6 ((1 + 5/12)^6 >= 8, n = 5 is not one), and
   every checker right with probability >= 7/8 makes m >= (1 - 2/8) 2 = 3/2 queries, i.e. 2.
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed
   under the global context". *)

From Coq Require Import String QArith Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert Families LowerBound Completeness BudgetedFloors.
From FbsCoq Require Import HonestBudgets BudgetedLeaves FbsExamples OptimalBobExamples InstanceOptimality.
Import ListNotations.
Open Scope Q_scope.

(* The same tree on the certificate's model: MAJ_3 of three leaves, the leaves answering 001. *)
Definition maj3C : ctree := CNode (majAgg 3) 3 (fun _ => CLeaf).
Definition alpha001 : path -> bool := fun p =>
  match p with [i] => nth i [false; false; true] false | _ => false end.

(* The liar: root claim 1 (with root budget 2, in the mixture below), children 101, budgets
   (1, 1, 1). *)
Definition liar3 : Strategy := fun _ => (0%nat, [true; false; true], [1; 1; 1]).
Definition liarMix : list (Q * (bool * Q * Strategy)) := [(1, (true, 2, liar3))].

Lemma maj3C_optimal : BobOptimalTree optBobw maj3C alpha001.
Proof.
  split.
  - apply optBobw_optimal; [vm_compute; tauto |].
    intros [| [| [| i]]]; vm_compute; try discriminate; destruct i; discriminate.
  - intros i _. exact I.
Qed.

Lemma liarMix_lying : LyingMix oracle001 maj3Tree liarMix.
Proof.
  split; [| vm_compute; reflexivity].
  intros x [<- | []]. split; [simpl; lra | vm_compute; discriminate].
Qed.

(* THEOREM B3, NON-VACUOUS AND ATTAINED: every hypothesis of theorem_B3_rhoT holds at
   delta = 1/8 and R = 3 (with rho_T = 2 and B2 (b)'s bridge computed), the liar's three runs
   all miss with probability exactly 1/8 = delta, R = 3 is the least count meeting the
   hypothesis, and the honest Alice is never caught. *)
Theorem theorem_B3_example :
  KnownSound oracle001 (@knownR nat) /\ BobwFeasible optBobw /\ Valid oracle001 maj3Tree /\
  BobOptimalTree optBobw maj3C alpha001 /\ betaT optBobw maj3C alpha001 == 2 /\
  honestBudget oracle001 knownR optBobw maj3Tree == betaT optBobw maj3C alpha001 /\
  qpow (1 - / betaT optBobw maj3C alpha001) 3 <= 1 # 8 /\
  ~ qpow (1 - / betaT optBobw maj3C alpha001) 2 <= 1 # 8 /\
  LyingMix oracle001 maj3Tree liarMix /\
  catchMix oracle001 knownR optBobw (betaT optBobw maj3C alpha001) maj3Tree liarMix == 1 # 2 /\
  allMiss (map (catchMix oracle001 knownR optBobw (betaT optBobw maj3C alpha001) maj3Tree)
               [liarMix; liarMix; liarMix]) == 1 # 8 /\
  catchRoot oracle001 knownR (budgetRule knownR optBobw) (betaT optBobw maj3C alpha001) maj3Tree
    (val oracle001 maj3Tree)
    (honestBudget oracle001 knownR optBobw maj3Tree) (honestBudgeted oracle001 knownR optBobw maj3Tree) == 0 /\
  GlobalFbsAtLeast 2 maj3C alpha001.
Proof.
  assert (Hb : betaT optBobw maj3C alpha001 == 2) by (vm_compute; reflexivity).
  assert (Hh : honestBudget oracle001 knownR optBobw maj3Tree == betaT optBobw maj3C alpha001)
    by (vm_compute; reflexivity).
  assert (HR : qpow (1 - / betaT optBobw maj3C alpha001) 3 <= 1 # 8) by (vm_compute; discriminate).
  destruct (theorem_B3_rhoT nat oracle001 knownR optBobw (knownR_sound oracle001) optBobw_feasible
              maj3Tree maj3C alpha001 (1 # 8) 3 maj3Tree_valid maj3C_optimal
              ltac:(rewrite Hb; lra) Hh HR) as [_ [HG [_ [Hc _]]]].
  split; [exact (knownR_sound oracle001) |]. split; [exact optBobw_feasible |].
  split; [exact maj3Tree_valid |]. split; [exact maj3C_optimal |]. split; [exact Hb |].
  split; [exact Hh |]. split; [exact HR |]. split; [vm_compute; intro H; apply H; reflexivity |].
  split; [exact liarMix_lying |]. split; [vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |]. split; [| intros t Ht; rewrite <- Hb; exact (HG t Ht)].
  exact Hc.
Qed.

(* The logarithm-free count: R = ceil(rho_T ln(1/delta)) = ceil(2 ln 8) = 5 (2 ln 8 = 4.16, a
   paper fact) has the witness n = 6 of log_free_runs, which then gives (1 - 1/2)^5 <= 1/8;
   n = 5 is not a witness. *)
Theorem theorem_B3_witness_example :
  / (1 # 8) <= qpow (1 + qn 5 / (2 * qn 6)) 6 /\
  ~ / (1 # 8) <= qpow (1 + qn 5 / (2 * qn 5)) 5 /\
  qpow (1 - / 2) 5 <= 1 # 8.
Proof.
  assert (Hw : / (1 # 8) <= qpow (1 + qn 5 / (2 * qn 6)) 6) by (vm_compute; discriminate).
  split; [exact Hw |]. split; [vm_compute; intro H; apply H; reflexivity |].
  exact (log_free_runs 2 (1 # 8) 5 6 ltac:(lra) ltac:(reflexivity) ltac:(lia) Hw).
Qed.

(* The lower half on the same instance: the checker asking the three leaves and answering their
   majority is right under every oracle (eps = 0) with m = 3 queries, meeting every hypothesis
   of the lower bound (iii): (1 - 0) 2 <= 3. *)
Definition maj3Checker : checker :=
  Ask [0%nat] (fun b0 => Ask [1%nat] (fun b1 => Ask [2%nat] (fun b2 => Output (majAgg 3 [b0; b1; b2])))).

Theorem theorem_B3_lower_example :
  CoinsOK maj3Checker /\ QueriesAtMost maj3Checker 3 /\
  (forall O, (F maj3C O = true -> 1 - 0 <= accept O maj3Checker) /\
             (F maj3C O = false -> accept O maj3Checker <= 0)) /\
  (1 - 2 * 0) * betaT optBobw maj3C alpha001 <= qn 3 /\
  (1 - 2 * (1 # 8)) * betaT optBobw maj3C alpha001 == 3 # 2.
Proof.
  assert (Hc : forall O, (F maj3C O = true -> 1 - 0 <= accept O maj3Checker) /\
                         (F maj3C O = false -> accept O maj3Checker <= 0)).
  { intros O. unfold F, maj3C, maj3Checker, accept, sub. simpl.
    destruct (O [0%nat]), (O [1%nat]), (O [2%nat]);  unfold majAgg, Families.ones; simpl;
      split; intro H; try discriminate H; lra. }
  split; [simpl; intros; exact I |]. split; [simpl; intros; exact I |]. split; [exact Hc |].
  split; [| vm_compute; reflexivity].
  destruct (theorem_B3_rhoT nat oracle001 knownR optBobw (knownR_sound oracle001) optBobw_feasible
              maj3Tree maj3C alpha001 (1 # 8) 3 maj3Tree_valid maj3C_optimal
              ltac:(vm_compute; discriminate) ltac:(vm_compute; reflexivity)
              ltac:(vm_compute; discriminate)) as [_ [_ [_ [_ Hl]]]].
  apply (Hl maj3Checker 3%nat 0); [simpl; intros; exact I | simpl; intros; exact I | exact Hc].
Qed.

(* The repetition lemma against an adaptive Alice, attained: two runs, each missing with
   probability exactly 1/2 whatever happened before; the second run depends on how the first
   missed (outcome 0: one way to miss, with probability 1/2; outcome 1: two ways, 1/4 each). *)
Definition adaptiveRuns : rounds :=
  Round 2 (fun _ => 1 # 4)
    (fun i => match i with
              | O => Round 1 (fun _ => 1 # 2) (fun _ => Done)
              | _ => Round 2 (fun _ => 1 # 4) (fun _ => Done)
              end).

Theorem repetition_adaptive_example :
  MissAtMost (1 # 2) 2 adaptiveRuns /\ missAll adaptiveRuns == qpow (1 - (1 # 2)) 2 /\
  missAll adaptiveRuns == 1 # 4.
Proof.
  split; [| split; vm_compute; reflexivity].
  simpl. split; [intros; lra |]. split; [vm_compute; discriminate |].
  intros [| [| i]] Hi; simpl.
  - split; [intros; lra |]. split; [vm_compute; discriminate | intros; exact I].
  - split; [intros; lra |]. split; [vm_compute; discriminate | intros; exact I].
  - lia.
Qed.

(* The engine's rule (leaf budgets read as 1) on the same instance: the liar's three runs all
   miss with probability exactly 1/8 = (1 - 1/2)^3, theorem_B3_sound_engine's bound. *)
Theorem theorem_B3_sound_engine_example :
  KnownSound oracle001 (@knownR nat) /\ BobwFeasible optBobw /\ Valid oracle001 maj3Tree /\
  1 <= 2 /\ true <> val oracle001 maj3Tree /\
  allMiss (map (fun x => catchRoot oracle001 knownR (budgetRuleE knownR optBobw) 2 maj3Tree
                           (fst (fst x)) (snd (fst x)) (snd x))
               [(true, 2, liar3); (true, 2, liar3); (true, 2, liar3)]) == qpow (1 - / 2) 3.
Proof.
  split; [exact (knownR_sound oracle001) |]. split; [exact optBobw_feasible |].
  split; [exact maj3Tree_valid |]. split; [lra |]. split; [vm_compute; discriminate |].
  vm_compute. reflexivity.
Qed.

Print Assumptions theorem_B3_example.
Print Assumptions theorem_B3_witness_example.
Print Assumptions theorem_B3_lower_example.
Print Assumptions repetition_adaptive_example.
Print Assumptions theorem_B3_sound_engine_example.
