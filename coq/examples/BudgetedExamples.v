(* BudgetedExamples.v -- non-vacuity of HonestLeaves.v (Theorem B2 (c), ours): on
   AND2(AND2, AND2) at 1111 with Bob's all-ones dual, optimal at every node (LowerBoundExamples.v,
   honest_budget_example), the honest run reaches each of the four leaves with probability
   exactly 1/4, computed in Coq; rho_T pi = (1, 1, 1, 1) is a feasible dual of value 4 = rho_T,
   and pi sums to 1. Of BudgetedLeaves.v (Proposition B1' (a) and the first case of (b), ours,
   for the engine's rule): AND2 of two true leaves, where every lie is caught with probability 1
   by the optimal Bob under the engine's rule, and the model's inflated leaf budget (caught with
   probability 1/6 in proposition_B1prime_b_example) buys nothing (1/2 with the all-ones Bob).
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must
   answer "Closed under the global context". *)

From Coq Require Import QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound BudgetedFloors HonestBudgets
  HonestLeaves BudgetedLeaves LowerBoundExamples.
Import ListNotations.
Open Scope Q_scope.

(* THEOREM B2 (c), non-vacuity: the hypothesis (an optimal Bob at every node) is met, the
   leaf distribution is uniform, 1/4 at every leaf (the leaves are the paths [i; j], i, j < 2),
   and 4 pi is an optimal dual: feasible, of value 4, and no feasible dual is smaller. *)
Theorem theorem_B2c_example :
  BobOptimalTree (fun f z _ => bobOnes f z) and4Tree ones /\
  (forall i j, (i < 2)%nat -> (j < 2)%nat ->
     leafProb (fun f z _ => bobOnes f z) and4Tree ones [i; j] == 1 # 4) /\
  GlobalDualFeasible and4Tree ones (fun p => 4 * leafProb (fun f z _ => bobOnes f z) and4Tree ones p) /\
  dualValue and4Tree (fun p => 4 * leafProb (fun f z _ => bobOnes f z) and4Tree ones p) == 4 /\
  GlobalFbsAtLeast 4 and4Tree ones /\
  dualValue and4Tree (leafProb (fun f z _ => bobOnes f z) and4Tree ones) == 1.
Proof.
  destruct honest_budget_example as [HO [Hb _]].
  destruct (theorem_B2c _ and4Tree ones HO) as [_ [[Hn Hf] [Hv [HG H1]]]].
  assert (Hfeas : GlobalDualFeasible and4Tree ones
                    (fun p => 4 * leafProb (fun f z _ => bobOnes f z) and4Tree ones p)).
  { split.
    - intros p. specialize (Hn p). cbv beta in Hn. rewrite Hb in Hn. exact Hn.
    - intros H HS. specialize (Hf H HS). unfold dualBlock in *.
      rewrite (qlsum_ext _ _ (fun p => if H p then betaT (fun f z _ => bobOnes f z) and4Tree ones
                                                    * leafProb (fun f z _ => bobOnes f z) and4Tree ones p else 0));
        [exact Hf |]. intros p _. destruct (H p); [rewrite Hb |]; reflexivity. }
  split; [exact HO | split; [| split; [exact Hfeas | split; [| split]]]].
  - intros i j Hi Hj. destruct i as [| [| i]]; [| | lia]; destruct j as [| [| j]]; try lia;
      vm_compute; reflexivity.
  - rewrite <- Hb. rewrite <- Hv. unfold dualValue. apply qlsum_ext. intros p _. rewrite Hb.
    reflexivity.
  - intros t Ht. rewrite <- Hb. exact (HG t Ht).
  - apply H1. rewrite Hb. lra.
Qed.

(* ======================================================================================== *)
(* Proposition B1' (a) and (b), first case, for the engine's rule: AND2 of two true leaves   *)
(* ======================================================================================== *)

(* Bob: LowerBoundExamples.v's optimal dual bobAnd on aggregators that are AND2 on two bits,
   the all-ones dual elsewhere, so that he is feasible at every aggregator (Theorem B1's
   hypothesis). *)
Definition isAnd2 (f : Agg) (z : list bool) : bool :=
  (Nat.eqb (length z) 2 && f [true; true] && negb (f [true; false]) && negb (f [false; true])
   && negb (f [false; false]))%bool.
Definition bobE : Agg -> list bool -> list Q -> list Q := fun f z c =>
  if isAnd2 f z then bobAnd f z c else bobOnes f z.

Lemma isAnd2_agrees : forall f z, isAnd2 f z = true -> length z = 2%nat /\
  forall y, length y = 2%nat -> f y = and2 y.
Proof.
  intros f z H. unfold isAnd2 in H. repeat (apply andb_prop in H as [H ?]).
  split; [apply Nat.eqb_eq; assumption |].
  intros [| x [| w [| ]]] Hy; simpl in Hy; try lia.
  destruct x, w; unfold and2; simpl; [assumption | | |]; apply negb_true_iff; assumption.
Qed.

Lemma bobE_feasible : BobwFeasible bobE.
Proof.
  intros f z c. unfold bobE. destruct (isAnd2 f z) eqn:E; [| exact (proj2 bobOnes_feasible f z c)].
  destruct (isAnd2_agrees f z E) as [Hl Hf].
  assert (Hflip : forall B, length (flip z B) = 2%nat)
    by (intros B; unfold flip; rewrite map_length, seq_length; exact Hl).
  assert (Hiff : forall t, DualFeasible and2 z t -> DualFeasible f z t).
  { intros t [Ht Hs]. split; [exact Ht |]. intros B HB. apply Hs. unfold Sensitive in *.
    rewrite <- (Hf _ (Hflip B)), <- (Hf _ Hl). exact HB. }
  apply Hiff.
  destruct z as [| x [| y [| ]]]; simpl in Hl; try lia.
  assert (Hn : forall a b i, 0 <= a -> 0 <= b -> 0 <= nth i [a; b] 0)
    by (intros a b [| [| i]] Ha Hb; simpl; [exact Ha | exact Hb | destruct i; lra]).
  unfold bobAnd. destruct x, y; [| | | destruct (Qle_bool (nth 0 c 0) (nth 1 c 0))];
    (split; [intros i; apply Hn; lra |]);
    intros B HB; unfold Sensitive, flip, and2 in HB; simpl in HB; unfold blockWeight; simpl;
    destruct (nth 0 B false), (nth 1 B false); simpl in *; try congruence; lra.
Qed.

Lemma and2_lie_vectors : forall z, length z = 2%nat -> and2 z = false ->
  z = [true; false] \/ z = [false; true] \/ z = [false; false].
Proof.
  intros [| x [| y [| ]]] Hl Hz; simpl in Hl; try lia. destruct x, y; try discriminate Hz; auto.
Qed.

(* PROPOSITION B1' (a) and (b), first case, non-vacuous and tight for the engine's rule: every
   hypothesis met with L = 1 (nu(z) = D(z) = 1 at each of the three lying claim vectors), so
   every liar is caught surely, whatever the budgets and beta_max; and under the engine's rule
   the liar who inflates the true leaf's budget to 5 against the all-ones Bob is caught with
   probability 1/2, not the model's 1/6. *)
Theorem proposition_B1prime_example :
  KnownSound allTrue (@knownR nat) /\ BobwFeasible bobE /\ Valid allTrue and2Tree /\
  false <> val allTrue and2Tree /\
  (forall beta betaMax s,
     1 <= catchRoot allTrue knownR (budgetRuleE knownR bobE) betaMax and2Tree false beta s) /\
  (forall beta s, 1 <= catch allTrue (budgetRuleE knownR bobE) and2Tree false beta s) /\
  catch allTrue (budgetRuleE knownR (fun f z _ => bobOnes f z)) and2Tree false 6
    (playB [true; false] [5; 1]) == 1 # 2.
Proof.
  assert (Hc0 : caps0 knownR (fun i : nat => Leaf i) 2 = [1; 1]) by reflexivity.
  assert (Hopt : forall z, length z = 2%nat -> and2 z = false ->
            BobwOptimalAt bobE and2 z [1; 1]).
  { intros z Hl Hz. unfold BobwOptimalAt, bobE.
    replace (isAnd2 and2 z) with true by (unfold isAnd2; rewrite Hl; reflexivity).
    apply bobAnd_optimal; [exact Hl | exact Hz | simpl; lra | simpl; lra]. }
  split; [exact (knownR_sound allTrue) |]. split; [exact bobE_feasible |].
  split; [exact and2Tree_valid |]. split; [discriminate |]. split; [| split].
  - intros beta betaMax s.
    apply (proposition_B1prime_a nat allTrue knownR bobE (knownR_sound allTrue) bobE_feasible);
      [exact and2Tree_valid | discriminate | lra |].
    intros k z Hk Hl Hz _. assert (k = 0%nat) by lia. subst k.
    change (caps0 knownR ((fun _ i => Leaf i) 0%nat) 2) with (caps0 knownR (fun i : nat => Leaf i) 2).
    rewrite Hc0. split; [exact (Hopt z Hl Hz) |]. intros _ t [Ht Hf].
    unfold perChildD. rewrite Hc0. change (nonConstLeaves knownR (fun i : nat => Leaf i) 2) with true.
    destruct (and2_lie_vectors z Hl Hz) as [-> | [-> | ->]]; vm_compute bobE; unfold weightedValue; simpl.
    + assert (B := Hf [false; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in *. simpl in *. lra.
    + assert (B := Hf [true; false] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in *. simpl in *. lra.
    + assert (B := Hf [true; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in *. simpl in *. lra.
  - intros beta s.
    apply (proposition_B1prime_b_leaves nat allTrue knownR bobE (knownR_sound allTrue) bobE_feasible);
      [exact and2Tree_valid | discriminate | lra |].
    intros k z Hk Hl Hz _. assert (k = 0%nat) by lia. subst k.
    split; [reflexivity |].
    destruct (and2_lie_vectors z Hl Hz) as [-> | [-> | ->]]; vm_compute; discriminate.
  - vm_compute. reflexivity.
Qed.

Print Assumptions proposition_B1prime_example.
Print Assumptions theorem_B2c_example.
