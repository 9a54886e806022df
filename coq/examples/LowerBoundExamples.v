(* LowerBoundExamples.v -- non-vacuity of LowerBound.v (Lemma 5.4, Theorems 5.3 and 5.1) and
   Completeness.v (Theorem 4.1, Theorem B4's second half): for each, one small concrete
   instance meets ALL the hypotheses at once and the bound is attained, computed with
   vm_compute where it is a number. Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Qabs Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound Completeness UpperBound BudgetedFloors
  HonestBudgets.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Lemma 5.4: AND2(AND2(x00, x01), AND2(x10, x11)) at all ones, rho = 2, d = 2: rho_T = 4.   *)
(* ======================================================================================== *)

Definition and2Leaves : ctree := CNode and2 2 (fun _ => CLeaf).
Definition and4Tree : ctree := CNode and2 2 (fun _ => and2Leaves).
Definition ones : path -> bool := fun _ => true.

(* fbs_11(AND2) >= 2: the blocks {0} and {1} are sensitive, so every feasible dual has
   t_0 >= 1 and t_1 >= 1. *)
Lemma and2_fbs_ge_2 : forall v, DualFeasible and2 [true; true] v -> 2 <= totalWeight 2 v.
Proof.
  intros v [_ Hf].
  assert (H0 := Hf [true; false] ltac:(unfold Sensitive; simpl; discriminate)).
  assert (H1 := Hf [false; true] ltac:(unfold Sensitive; simpl; discriminate)).
  unfold blockWeight, totalWeight in *. simpl in *. lra.
Qed.

Lemma and4_local : LocalFbsAtLeast 2 and4Tree ones.
Proof.
  simpl. split; [exact and2_fbs_ge_2 |]. intros i _. split; [exact and2_fbs_ge_2 |].
  intros j _. exact I.
Qed.

Lemma and4_uniform : UniformDepth and4Tree 2.
Proof. simpl. intros i _ j _. exact I. Qed.

(* The records of the product dual (all ones): value 2 at the AND2 nodes, 4 at the root. *)
Definition and4Rec : Records := fun p => match p with [] => (4, [1; 1]) | _ => (2, [1; 1]) end.

Lemma and4_checked : DualChecked and4Tree ones and4Rec.
Proof.
  assert (Hf : DualFeasible and2 [true; true] [1; 1]) by exact (proj1 bobOnes_feasible and2 [true; true]).
  simpl. split; [exact Hf |]. split; [vm_compute; reflexivity |].
  intros i _. split; [exact Hf |]. split; [vm_compute; reflexivity |]. intros j _. exact I.
Qed.

(* LEMMA 5.4, non-vacuous and tight: every hypothesis holds (rho = 2 >= 1, fbs = 2 at every
   node, every leaf at depth 2), so every feasible global dual has value >= 2^2 = 4, and the
   product of the local all-ones duals is a feasible global dual of value exactly 4:
   rho_T = rho^d. *)
Theorem lemma_5_4_example :
  1 <= 2 /\ LocalFbsAtLeast 2 and4Tree ones /\ UniformDepth and4Tree 2 /\
  GlobalFbsAtLeast (qpow 2 2) and4Tree ones /\
  GlobalDualFeasible and4Tree ones (productDual and4Tree and4Rec) /\
  dualValue and4Tree (productDual and4Tree and4Rec) == qpow 2 2.
Proof.
  split; [lra |]. split; [exact and4_local |]. split; [exact and4_uniform |].
  split; [exact (lemma_5_4 2 and4Tree 2 ones ltac:(lra) and4_local and4_uniform) |].
  destruct (tree_certificate_dual and4Tree ones and4Rec and4_checked) as [H1 H2].
  split; [exact H1 |]. rewrite H2. vm_compute. reflexivity.
Qed.

(* THE BOUND rho_T <= rho^d (ours), non-vacuous and tight on the same tree: Bob's all-ones dual
   is feasible with value 2 = rho at every node, so some feasible global dual has value
   <= 2^2, and by Lemma 5.4 every one has value >= 4: rho_T = rho^d = 4 exactly. *)
Theorem rhoT_le_rho_pow_example :
  1 <= 2 /\ LocalDualAtMost bobOnes 2 and4Tree ones /\ CDepthLe and4Tree 2 /\
  (exists t, GlobalDualFeasible and4Tree ones t /\ dualValue and4Tree t == qpow 2 2).
Proof.
  assert (Hf : DualFeasible and2 [true; true] [1; 1]) by exact (proj1 bobOnes_feasible and2 [true; true]).
  assert (HL : LocalDualAtMost bobOnes 2 and4Tree ones).
  { simpl. split; [exact Hf |]. split; [vm_compute; discriminate |].
    intros i _. split; [exact Hf |]. split; [vm_compute; discriminate |]. intros; exact I. }
  assert (HD : CDepthLe and4Tree 2) by (simpl; intros i _ j _; exact I).
  split; [lra |]. split; [exact HL |]. split; [exact HD |].
  destruct (rhoT_le_rho_pow bobOnes 2 and4Tree 2 ones ltac:(lra) HL HD) as [t [Ht Hv]].
  exists t. split; [exact Ht |].
  assert (H4 := lemma_5_4 2 and4Tree 2 ones ltac:(lra) and4_local and4_uniform t Ht). lra.
Qed.

(* ======================================================================================== *)
(* Theorems 5.3 and 5.1: one query against AND2 at 11 (rho = 2, d = 1, m = 1).              *)
(* ======================================================================================== *)

(* The checker flips a fair coin, asks leaf 0 or leaf 1, and accepts iff the answer is 1. *)
Definition coinChecker : checker :=
  Coin (1 # 2) (Ask [0%nat] (fun b => Output b)) (Ask [1%nat] (fun b => Output b)).

(* THEOREM 5.1 (and 5.3 with R = rho_T = 2), non-vacuous and tight: every hypothesis holds,
   and no oracle the theorem may choose does better than min(1, m rho^-d) = 1/2 against this
   checker: every sensitive block moves its acceptance probability by at least 1/2. *)
Theorem theorem_5_1_example :
  1 <= 2 /\ LocalFbsAtLeast 2 and2Leaves ones /\ UniformDepth and2Leaves 1 /\
  CoinsOK coinChecker /\ QueriesAtMost coinChecker 1 /\
  Qmin 1 (inject_Z (Z.of_nat 1) * / qpow 2 1) == 1 # 2 /\
  accept ones coinChecker == 1 /\
  (forall H, SensitiveF and2Leaves ones H ->
     1 # 2 <= Qabs (accept ones coinChecker - accept (flipA ones H) coinChecker)).
Proof.
  split; [lra |]. split; [split; [exact and2_fbs_ge_2 | intros; exact I] |].
  split; [intros i _; exact I |]. split; [simpl; split; [lra | split; intros; exact I] |].
  split; [simpl; split; intros; exact I |]. split; [vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |].
  intros H HS. unfold SensitiveF, flipA, ones, sub in *. simpl in *.
  destruct (H [0%nat]) eqn:E0, (H [1%nat]) eqn:E1;
    try (exfalso; apply HS; unfold sub; simpl; rewrite E0, E1; reflexivity);
    apply Qle_bool_iff; vm_compute; reflexivity.
Qed.

(* ======================================================================================== *)
(* Theorem 4.1: AND2 of two true leaves, Bob's all-ones dual (fbs = 2).                      *)
(* ======================================================================================== *)

Lemma and2Tree_valid : Valid allTrue and2Tree.
Proof.
  simpl. split; [lia |]. intros k Hk. split; [reflexivity |]. intros; exact I.
Qed.

(* THEOREM 4.1, non-vacuous and tight: with rho = 2 = fbs_11(AND2) every hypothesis holds and
   the honest Alice is caught with probability exactly 0; with rho = 3/2 the FBS condition
   fails and the same honest Alice loses at once (probability 1). *)
Theorem theorem_4_1_example :
  Valid allTrue and2Tree /\ HonestFbsAtMost allTrue bobOnes 2 and2Tree /\
  catch allTrue (paperRule bobOnes 2) and2Tree (val allTrue and2Tree) 0 (honest allTrue and2Tree) == 0 /\
  ~ HonestFbsAtMost allTrue bobOnes (3 # 2) and2Tree /\
  catch allTrue (paperRule bobOnes (3 # 2)) and2Tree (val allTrue and2Tree) 0
    (honest allTrue and2Tree) == 1.
Proof.
  split; [exact and2Tree_valid |].
  assert (HF : HonestFbsAtMost allTrue bobOnes 2 and2Tree).
  { simpl. split; [vm_compute; discriminate | intros; exact I]. }
  split; [exact HF |].
  split; [exact (theorem_4_1 nat allTrue bobOnes 2 and2Tree and2Tree_valid HF) |].
  split; [| vm_compute; reflexivity].
  intros [H _]. vm_compute in H. apply H. reflexivity.
Qed.

(* ======================================================================================== *)
(* Theorem B4, second half: AND2(AND2(x0, x1), x2), every leaf true (as FbsExamples.v).      *)
(* ======================================================================================== *)

Definition and2Node' (l r : tree nat) : tree nat :=
  Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => match i with O => l | _ => r end).
Definition t3' : tree nat := and2Node' (and2Node' (Leaf 0%nat) (Leaf 1%nat)) (Leaf 2%nat).
Definition liar' : Strategy := fun p =>
  match p with
  | [] => (0%nat, [false; true], [2; 1])
  | _ => (0%nat, [true; false], [1; 1])
  end.
Definition bobw1' : Agg -> list bool -> list Q -> list Q := fun f z _ => bobOnes f z.

Lemma t3'_valid : Valid allTrue t3'.
Proof.
  simpl. split; [lia |]. intros k Hk. assert (k = 0%nat) by lia. subst k.
  split; [reflexivity |]. intros [| [| i]] Hi; simpl; try lia; try exact I.
  split; [lia |]. intros k Hk'. assert (k = 0%nat) by lia. subst k.
  split; [reflexivity |]. intros [| [| j]] Hj; simpl; try lia; exact I.
Qed.

Lemma t3'_depth : DepthLe t3' 2.
Proof.
  simpl. intros k i Hk Hi. assert (k = 0%nat) by lia. subst k.
  destruct i as [| [| i]]; try lia; simpl; [| exact I].
  intros k j _ _. destruct j as [| [| j]]; exact I.
Qed.

(* THEOREM B4 with the exact worst cases, non-vacuous and tight: P* = 1/4 (Theorem 4.2 bounds
   every strategy, the liar attains it) and B* = 1/3 (Theorem B1 with beta_max = 3, attained
   by the same liar) meet both hypotheses, and the liar is caught by the mixed protocol with
   probability exactly (1/2) P* + (1/2) B* = 7/24. *)
Theorem theorem_B4_exact_example :
  BobFeasible bobOnes /\ BobwFeasible bobw1' /\ 0 <= 1 # 2 <= 1 /\
  (forall s', 1 # 4 <= catch allTrue (paperRule bobOnes 2) t3' false 3 s') /\
  (forall s', 1 # 3 <= catchRoot allTrue knownR (budgetRule knownR bobw1') 3 t3' false 3 s') /\
  catch allTrue (paperRule bobOnes 2) t3' false 3 liar' == 1 # 4 /\
  catchRoot allTrue knownR (budgetRule knownR bobw1') 3 t3' false 3 liar' == 1 # 3 /\
  catchMixed allTrue bobOnes 2 knownR bobw1' (1 # 2) 3 t3' false 3 liar'
    == (1 # 2) * (1 # 4) + (1 - (1 # 2)) * (1 # 3).
Proof.
  split; [exact (proj1 bobOnes_feasible) |]. split; [exact (proj2 bobOnes_feasible) |].
  split; [lra |]. split.
  - intros s'. assert (H := paper_sound_rule allTrue bobOnes 2 _ (paperRule_strict bobOnes 2)
                              (proj1 bobOnes_feasible) ltac:(lra) t3' 2 false 3 s' t3'_valid t3'_depth
                              ltac:(discriminate)).
    assert (E : / qpow 2 2 == 1 # 4) by (vm_compute; reflexivity). rewrite E in H. exact H.
  - split.
    + intros s'. assert (H := proj2 (theorem_B1 nat allTrue knownR bobw1' (knownR_sound allTrue)
                                      (proj2 bobOnes_feasible) t3' false 3 3 s' t3'_valid
                                      ltac:(discriminate))).
      assert (E : guarantee 3 == 1 # 3) by (vm_compute; reflexivity). rewrite E in H. exact H.
    + repeat split; vm_compute; reflexivity.
Qed.

(* ======================================================================================== *)
(* Proposition H: a menu offering AND2(x0, x1) (fbs 2) or the identity of x2 (fbs 1), rho = 3/2 *)
(* ======================================================================================== *)

Definition idAgg : Agg := fun z => nth 0 z false.
Definition menuH : tree nat :=
  Node 2 (fun k => match k with O => and2 | _ => idAgg end)
         (fun k => match k with O => 2%nat | _ => 1%nat end)
         (fun k i => match k with O => Leaf i | _ => Leaf 2%nat end).

(* PROPOSITION H, non-vacuous and needed: every hypothesis holds (the tree is valid, the
   identity alternative is a realisation meeting the FBS condition at rho = 3/2), and the
   look-ahead Alice is caught with probability exactly 0, while Theorem 4.1's honest Alice,
   who defends the first alternative (AND2, fbs 2 > 3/2), loses with probability 1. *)
Theorem proposition_H_example :
  Valid allTrue menuH /\ Realisable allTrue bobOnes (3 # 2) menuH /\
  catch allTrue (paperRule bobOnes (3 # 2)) menuH (val allTrue menuH) 0
    (lookahead allTrue bobOnes (3 # 2) menuH) == 0 /\
  catch allTrue (paperRule bobOnes (3 # 2)) menuH (val allTrue menuH) 0 (honest allTrue menuH) == 1.
Proof.
  assert (HV : Valid allTrue menuH).
  { simpl. split; [lia |]. intros [| [| k]] Hk; try lia; (split; [reflexivity | intros; exact I]). }
  assert (HR : Realisable allTrue bobOnes (3 # 2) menuH).
  { exists 1%nat. split; [lia |]. split; [vm_compute; reflexivity | intros; exact I]. }
  split; [exact HV |]. split; [exact HR |].
  split; [exact (proposition_H nat allTrue bobOnes (3 # 2) menuH HV HR) |].
  vm_compute. reflexivity.
Qed.

(* THEOREM B2 (a), non-vacuous and tight: on the same tree with Bob's knowledge R(v) (sound)
   and his all-ones weighted dual, the honest budget is beta(root) = 3 (capacities (2, 1)), the
   honest budgeted Alice is caught with probability exactly 0 with beta_max = 3, and with
   beta_max = 2 < beta(root) the root check makes her lose (probability 1). *)
Theorem theorem_B2a_example :
  Valid allTrue t3' /\ KnownSound allTrue (@knownR nat) /\
  honestBudget allTrue knownR bobw1' t3' == 3 /\
  catchRoot allTrue knownR (budgetRule knownR bobw1') 3 t3' (val allTrue t3')
    (honestBudget allTrue knownR bobw1' t3') (honestBudgeted allTrue knownR bobw1' t3') == 0 /\
  catchRoot allTrue knownR (budgetRule knownR bobw1') 2 t3' (val allTrue t3')
    (honestBudget allTrue knownR bobw1' t3') (honestBudgeted allTrue knownR bobw1' t3') == 1.
Proof.
  assert (Hb : honestBudget allTrue knownR bobw1' t3' == 3) by (vm_compute; reflexivity).
  split; [exact t3'_valid |]. split; [exact (knownR_sound allTrue) |]. split; [exact Hb |].
  split; [| vm_compute; reflexivity].
  exact (proj2 (theorem_B2a nat allTrue knownR bobw1' t3' 3 t3'_valid (knownR_sound allTrue))
               ltac:(rewrite Hb; lra)).
Qed.

(* ======================================================================================== *)
(* Proposition B1' (b), the step with an optimal Bob: AND2 of two true leaves.               *)
(* ======================================================================================== *)

(* An optimal weighted dual of AND2 at every claim vector consistent with the lie "0": at 10
   only the block {1} is sensitive, at 01 only {0}, at 00 only {0, 1} (the cheaper capacity
   carries it). *)
Definition bobAnd : Agg -> list bool -> list Q -> list Q := fun f z c =>
  match z with
  | [true; false] => [0; 1]
  | [false; true] => [1; 0]
  | [false; false] => if Qle_bool (nth 0 c 0) (nth 1 c 0) then [1; 0] else [0; 1]
  | _ => [1; 1]
  end.

Lemma nth2_nonneg : forall x y i, 0 <= x -> 0 <= y -> 0 <= nth i [x; y] 0.
Proof. intros x y [| [| i]] Hx Hy; simpl; [exact Hx | exact Hy | destruct i; lra]. Qed.

Lemma bobAnd_optimal : forall z c, length z = 2%nat -> and2 z = false ->
  0 <= nth 0 c 0 -> 0 <= nth 1 c 0 -> BobwOptimalAt bobAnd and2 z c.
Proof.
  intros z c Hl Hz H0 H1.
  destruct z as [| x [| y [| ]]]; simpl in Hl; try lia. destruct x, y; try discriminate Hz.
  - split; [split |].
    + intros i. apply nth2_nonneg; lra.
    + intros B HB. unfold Sensitive, flip, and2 in HB. simpl in HB. unfold blockWeight. simpl.
      destruct (nth 0 B false), (nth 1 B false); simpl in *; try congruence; lra.
    + intros t [Ht Hf].
      assert (Hb := Hf [false; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in Hb. simpl in Hb. unfold weightedValue. simpl.
      assert (A := Ht 0%nat). assert (B := Ht 1%nat). nra.
  - split; [split |].
    + intros i. apply nth2_nonneg; lra.
    + intros B HB. unfold Sensitive, flip, and2 in HB. simpl in HB. unfold blockWeight. simpl.
      destruct (nth 0 B false), (nth 1 B false); simpl in *; try congruence; lra.
    + intros t [Ht Hf].
      assert (Hb := Hf [true; false] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in Hb. simpl in Hb. unfold weightedValue. simpl.
      assert (A := Ht 0%nat). assert (B := Ht 1%nat). nra.
  - unfold BobwOptimalAt, bobAnd. destruct (Qle_bool (nth 0 c 0) (nth 1 c 0)) eqn:E;
      [apply Qle_bool_iff in E | assert (~ nth 0 c 0 <= nth 1 c 0) by (intro X; apply Qle_bool_iff in X; congruence)];
      (split; [split |]).
    + intros i. apply nth2_nonneg; lra.
    + intros B HB. unfold Sensitive, flip, and2 in HB. simpl in HB. unfold blockWeight. simpl.
      destruct (nth 0 B false), (nth 1 B false); simpl in *; try congruence; lra.
    + intros t [Ht Hf].
      assert (Hb := Hf [true; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in Hb. simpl in Hb. unfold weightedValue. simpl.
      assert (A := Ht 0%nat). assert (B := Ht 1%nat). nra.
    + intros i. apply nth2_nonneg; lra.
    + intros B HB. unfold Sensitive, flip, and2 in HB. simpl in HB. unfold blockWeight. simpl.
      destruct (nth 0 B false), (nth 1 B false); simpl in *; try congruence; lra.
    + intros t [Ht Hf].
      assert (Hb := Hf [true; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
      unfold blockWeight in Hb. simpl in Hb. unfold weightedValue. simpl.
      assert (A := Ht 0%nat). assert (B := Ht 1%nat). nra.
Qed.

Definition playB (z : list bool) (bs : list Q) : Strategy := fun _ => (0%nat, z, bs).

(* PROPOSITION B1' (b)'s step, non-vacuous and tight, and optimality needed: on AND2 of two
   true leaves with Bob's optimal dual, every hypothesis holds with b = 1 (a lying leaf is
   always caught), so every liar is caught with probability 1 whatever the budgets; with
   Bob's all-ones dual, feasible but not optimal, a liar claiming children (1, 0) who inflates
   the true child's budget to 5 is caught with probability 1/6 only. *)
Theorem proposition_B1prime_b_example :
  KnownSound allTrue (@knownR nat) /\ Valid allTrue and2Tree /\ false <> val allTrue and2Tree /\
  (forall beta s, 1 <= catch allTrue (budgetRule knownR bobAnd) and2Tree false beta s) /\
  catch allTrue (budgetRule knownR (fun f z _ => bobOnes f z)) and2Tree false 6
    (playB [true; false] [5; 1]) == 1 # 6.
Proof.
  split; [exact (knownR_sound allTrue) |]. split; [exact and2Tree_valid |].
  split; [discriminate |]. split; [| vm_compute; reflexivity].
  intros beta s. apply (proposition_B1prime_b_step nat allTrue knownR bobAnd (knownR_sound allTrue));
    [exact and2Tree_valid | discriminate | lra |].
  intros k z Hk Hl Hz _. assert (k = 0%nat) by lia. subst k.
  assert (Hcap : forall bs i, 0 <= nth i (map (capacity knownR (fun i => Leaf i) bs) (seq 0 2)) 0).
  { intros bs [| [| i]]; unfold capacity; cbn;
      [generalize (Q.le_max_r (nth 0 bs 0) 1); lra |
       generalize (Q.le_max_r (nth 1 bs 0) 1); lra | destruct i; lra]. }
  split; [| split].
  - intros bs. apply bobAnd_optimal; [exact Hl | exact Hz | apply Hcap | apply Hcap].
  - intros j Hj Htrue _. simpl in Hj.
    destruct z as [| x [| y [| ]]]; simpl in Hl; try lia. destruct x, y; try discriminate Hz;
      destruct j as [| [| j]]; try lia; simpl in Htrue; try discriminate Htrue.
    + intros B HB. exists [false; true]. unfold Sensitive, flip, and2 in HB |- *. simpl in HB |- *.
      split; [discriminate |]. split; [| reflexivity].
      intros [| [| i]]; simpl; try discriminate; [| destruct i; discriminate].
      intros _. destruct (nth 0 B false), (nth 1 B false); simpl in HB; congruence.
    + intros B HB. exists [true; false]. unfold Sensitive, flip, and2 in HB |- *. simpl in HB |- *.
      split; [discriminate |]. split; [| reflexivity].
      intros [| [| i]]; simpl; try discriminate; [| destruct i; discriminate].
      intros _. destruct (nth 0 B false), (nth 1 B false); simpl in HB; congruence.
  - intros i beta' s' Hi Hlie. simpl in Hi.
    destruct i as [| [| i]]; try lia; simpl in Hlie |- *.
    + destruct (nth 0 z false); simpl in *; [exfalso; apply Hlie; reflexivity | lra].
    + destruct (nth 1 z false); simpl in *; [exfalso; apply Hlie; reflexivity | lra].
Qed.

(* ======================================================================================== *)
(* The honest budgets are rho_T: AND2(AND2, AND2) at 1111 with an optimal Bob.               *)
(* ======================================================================================== *)

(* At 11 both singletons are sensitive, so the all-ones dual is optimal for every capacities
   c >= 0. *)
Lemma ones_optimal_and2 : forall c, 0 <= nth 0 c 0 -> 0 <= nth 1 c 0 ->
  BobwOptimalAt (fun f z _ => bobOnes f z) and2 [true; true] c.
Proof.
  intros c H0 H1. split; [exact (proj1 bobOnes_feasible and2 [true; true]) |].
  intros t [Ht Hf].
  assert (A := Hf [true; false] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
  assert (B := Hf [false; true] ltac:(unfold Sensitive, flip, and2; simpl; discriminate)).
  unfold blockWeight in A, B. simpl in A, B. unfold weightedValue, bobOnes. simpl. nra.
Qed.

(* THE HONEST BUDGETS ARE rho_T (ours), non-vacuous: Bob's all-ones dual is optimal at every
   node of AND2(AND2, AND2) at 1111 (capacities 1 below, 2 at the root), and the honest budget
   is exactly 4 = rho_T: a feasible global dual of value 4 exists and none is smaller. *)
Theorem honest_budget_example :
  BobOptimalTree (fun f z _ => bobOnes f z) and4Tree ones /\
  betaT (fun f z _ => bobOnes f z) and4Tree ones == 4 /\
  GlobalFbsAtLeast 4 and4Tree ones /\
  (exists t, GlobalDualFeasible and4Tree ones t /\ dualValue and4Tree t == 4).
Proof.
  assert (HO : BobOptimalTree (fun f z _ => bobOnes f z) and4Tree ones).
  { split.
    - apply ones_optimal_and2; vm_compute; discriminate.
    - intros i _. split; [apply ones_optimal_and2; vm_compute; discriminate | intros; exact I]. }
  assert (Hb : betaT (fun f z _ => bobOnes f z) and4Tree ones == 4) by (vm_compute; reflexivity).
  destruct (honest_budget_is_rhoT _ and4Tree ones HO) as [[Hf Hv] [HG _]].
  split; [exact HO |]. split; [exact Hb |]. split.
  - intros t Ht. rewrite <- Hb. exact (HG t Ht).
  - exists (productDual and4Tree (betaRecords (fun f z _ => bobOnes f z) and4Tree ones)).
    split; [exact Hf |]. rewrite Hv. exact Hb.
Qed.

Print Assumptions lemma_5_4_example.
Print Assumptions rhoT_le_rho_pow_example.
Print Assumptions theorem_5_1_example.
Print Assumptions theorem_4_1_example.
Print Assumptions theorem_B4_exact_example.
Print Assumptions proposition_H_example.
Print Assumptions theorem_B2a_example.
Print Assumptions proposition_B1prime_b_example.
Print Assumptions honest_budget_example.
