(* RecursionExamples.v -- non-vacuity of BudgetedRecursion.v (Proposition B1' (b) with the
   tool's cut-offs, ours): AND2(XOR2(x0, x1), OR2(x2, x3)) at 0110 (the tree the docs call
   `random seed 28`: AND(XOR(0, 1), OR(1, 0)), true value 1). Bob: BudgetedExamples.v's bobE
   (the optimal dual bobAnd on AND2, the all-ones dual elsewhere: feasible at every aggregator,
   optimal at every lying claim vector of the root for every capacity vector, and the unique
   optimum at XOR2 00, 11 and OR2 00). The floors, computed in Coq with the tool's cut-offs:
   ell(XOR node) = ell(OR node) = 1/2 (first case: one of two leaves, p = 1/2), and at the root
   every lying claim vector (00, 01, 10) is in the second case, so ell(root) = F(root, z) = 1/2
   for every z. Every hypothesis of both theorems holds, and the liar who flips the XOR node
   (root claims 01, budgets (2, 1)) and then x1 (claims 00) is caught with probability exactly
   1/2: the bound is attained, and it is the Python tool's printed lower end (and upper end)
   on this instance (tests/formal/test_coq.py). Checked by coqc 8.16 (coq/check.sh); every
   Print Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert BudgetedFloors BudgetedLeaves LowerBoundExamples
  BudgetedExamples BudgetedRecursion.
Import ListNotations.
Open Scope Q_scope.

Definition xor2 : Agg := fun z => xorb (nth 0 z false) (nth 1 z false).
Definition or2 : Agg := fun z => (nth 0 z false || nth 1 z false)%bool.
Definition xorNode : tree nat := Node 1 (fun _ => xor2) (fun _ => 2%nat) (fun _ i => Leaf i).
Definition orNode : tree nat := Node 1 (fun _ => or2) (fun _ => 2%nat) (fun _ i => Leaf (2 + i)%nat).
Definition andXorOr : tree nat :=
  Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => match i with O => xorNode | _ => orNode end).
Definition oracle0110 : nat -> bool := fun k => nth k [false; true; true; false] false.

(* The liar: root claim 0 with children 01 (the lie on the XOR node) and budgets (2, 1); at the
   XOR node claims 00 (the lie on x1) with budgets (1, 1). *)
Definition liarX : Strategy := fun p =>
  match p with
  | [] => (0%nat, [false; true], [2; 1])
  | _ => (0%nat, [false; false], [1; 1])
  end.

Lemma andXorOr_valid : Valid oracle0110 andXorOr.
Proof.
  simpl. split; [lia |]. intros k Hk. split; [reflexivity |].
  intros [| [| i]] Hi; simpl; (split; [lia |]); intros k' Hk'; (split; [reflexivity |]);
    intros; exact I.
Qed.

Lemma engineCaps_nonneg : forall (Query : Type) (known : tree Query -> option bool) kids q bs i,
  0 <= nth i (engineCaps known kids q bs) 0.
Proof.
  intros Query known kids q bs i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
  - rewrite engine_cap_nth by exact Hi. destruct (known (kids i)); [lra |].
    destruct (kids i); [lra |]. generalize (Q.le_max_r (nth i bs 0) 1). lra.
  - unfold engineCaps. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra.
Qed.

Lemma bobE_and2_optimal : forall z c, length z = 2%nat -> and2 z = false ->
  0 <= nth 0 c 0 -> 0 <= nth 1 c 0 -> BobwOptimalAt bobE and2 z c.
Proof.
  intros z c Hl Hz H0 H1. unfold BobwOptimalAt, bobE.
  replace (isAnd2 and2 z) with true by (unfold isAnd2; rewrite Hl; reflexivity).
  apply bobAnd_optimal; assumption.
Qed.

Lemma andXorOr_optimal : BobOptimalE oracle0110 knownR bobE andXorOr.
Proof.
  split.
  - intros k z bs Hk Hl Hz _ _. assert (k = 0%nat) by lia. subst k.
    apply bobE_and2_optimal; [exact Hl | | apply engineCaps_nonneg | apply engineCaps_nonneg].
    destruct (and2 z); [exfalso; apply Hz; reflexivity | reflexivity].
  - intros k [| [| i]] Hk Hi; try lia; (split; [intros k' z bs _ _ _ _ HL; vm_compute in HL; discriminate |]);
      intros; exact I.
Qed.

(* PROPOSITION B1' (b) with the cut-offs, non-vacuous and attained: every hypothesis of
   proposition_B1prime_b and proposition_B1prime_b_root holds, ell(root) = 1/2 computed with
   the tool's cut-offs (and F(root, z) = 1/2 at each lying z), every liar is caught with
   probability >= 1/2 with or without the root checks (beta_max = 3 = rho_T), and liarX is
   caught with probability exactly 1/2. *)
Theorem proposition_B1prime_b_recursion_example :
  KnownSound oracle0110 (@knownR nat) /\ BobwFeasible bobE /\ Valid oracle0110 andXorOr /\
  BobOptimalE oracle0110 knownR bobE andXorOr /\ false <> val oracle0110 andXorOr /\
  ell oracle0110 knownR bobE toolCut [] andXorOr == 1 # 2 /\
  ell oracle0110 knownR bobE toolCut [(0, 0)%nat] xorNode == 1 # 2 /\
  ell oracle0110 knownR bobE toolCut [(0, 1)%nat] orNode == 1 # 2 /\
  (forall beta s, 1 # 2 <= catch oracle0110 (budgetRuleE knownR bobE) andXorOr false beta s) /\
  (forall beta s, 1 # 2 <= catchRoot oracle0110 knownR (budgetRuleE knownR bobE) 3 andXorOr false beta s) /\
  catchRoot oracle0110 knownR (budgetRuleE knownR bobE) 3 andXorOr false 2 liarX == 1 # 2.
Proof.
  assert (Hell : ell oracle0110 knownR bobE toolCut [] andXorOr == 1 # 2) by (vm_compute; reflexivity).
  split; [exact (knownR_sound oracle0110) |]. split; [exact bobE_feasible |].
  split; [exact andXorOr_valid |]. split; [exact andXorOr_optimal |]. split; [discriminate |].
  split; [exact Hell |]. split; [vm_compute; reflexivity |]. split; [vm_compute; reflexivity |].
  split; [| split].
  - intros beta s. rewrite <- Hell.
    exact (proposition_B1prime_b nat oracle0110 knownR bobE toolCut (knownR_sound _) bobE_feasible
             andXorOr [] false beta s andXorOr_valid andXorOr_optimal ltac:(discriminate)).
  - intros beta s.
    apply (proposition_B1prime_b_root nat oracle0110 knownR bobE toolCut (knownR_sound _) bobE_feasible);
      [exact andXorOr_valid | exact andXorOr_optimal | discriminate | lra |].
    intros k z Hk Hl Hz _. assert (k = 0%nat) by lia. subst k. split.
    + change (caps0 knownR ((fun _ i => match i with O => xorNode | _ => orNode end) 0%nat) 2)
        with (caps0 knownR (fun i => match i with O => xorNode | _ => orNode end) 2).
      replace (caps0 knownR (fun i => match i with O => xorNode | _ => orNode end) 2) with [1; 1]
        by (vm_compute; reflexivity).
      apply bobE_and2_optimal; [exact Hl | exact Hz | simpl; lra | simpl; lra].
    + intros _. right.
      destruct (and2_lie_vectors z Hl Hz) as [-> | [-> | ->]];
        apply Qle_bool_imp_le; vm_compute; reflexivity.
  - vm_compute. reflexivity.
Qed.

(* ======================================================================================== *)
(* The cut-offs at work: a chain of AND2 nodes at all-ones                                  *)
(* ======================================================================================== *)

(* andChain n: n + 1 AND2 nodes, AND2(AND2(... AND2(x0, x1) ..., x_n), x_(n+1)); the bottom node
   is n levels below the root. *)
Fixpoint andChain (n : nat) : tree nat :=
  match n with
  | O => Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => Leaf i)
  | S n' => Node 1 (fun _ => and2) (fun _ => 2%nat)
                 (fun _ i => match i with O => andChain n' | _ => Leaf (S n) end)
  end.

Lemma andChain_valid : forall n, Valid allTrue (andChain n) /\ val allTrue (andChain n) = true.
Proof.
  induction n as [| n [IHv IHt]].
  - split; [| reflexivity]. simpl. split; [lia |]. intros k Hk. split; [reflexivity |]. intros; exact I.
  - split.
    + simpl. split; [lia |]. intros k Hk. split; [reflexivity |].
      intros [| i] Hi; [exact IHv | exact I].
    + simpl. simpl in IHt. rewrite IHt. reflexivity.
Qed.

Lemma andChain_optimal : forall n, BobOptimalE allTrue knownR bobE (andChain n).
Proof.
  induction n as [| n IH].
  - split; [intros k z bs _ _ _ _ HL; vm_compute in HL; discriminate |].
    intros; exact I.
  - split.
    + intros k z bs Hk Hl Hz _ _. assert (k = 0%nat) by lia. subst k.
      assert (Hv := proj2 (andChain_valid (S n))). simpl andChain in Hv. rewrite Hv in Hz.
      apply bobE_and2_optimal; [exact Hl | | apply engineCaps_nonneg | apply engineCaps_nonneg].
      destruct (and2 z); [exfalso; apply Hz; reflexivity | reflexivity].
    + intros k [| i] Hk Hi; [exact IH | exact I].
Qed.

(* THE CUT-OFFS (non-vacuity of their effect, ours): with the tool's cut-offs the floor of the
   root is 1 on the chain of 4 AND2 nodes (its bottom node 3 levels down) and 0 on the chain of
   5 (its bottom node 4 levels down, cut); without a cut it is 1 on both, and then
   proposition_B1prime_b proves that every lie at the root of the chain of 5 is caught surely.
   The tool prints [1, 1] and [1/6, 1] on these trees: its lower end falls back to
   nu / D = 1/6 = 1/rho_T exactly where toolCut cuts (tests/formal/test_coq.py). *)
Theorem toolCut_chain_example :
  ell allTrue knownR bobE toolCut [] (andChain 3) == 1 /\
  ell allTrue knownR bobE toolCut [] (andChain 4) == 0 /\
  ell allTrue knownR bobE (fun _ _ => false) [] (andChain 4) == 1 /\
  (forall beta s, 1 <= catch allTrue (budgetRuleE knownR bobE) (andChain 4) false beta s).
Proof.
  assert (Hell : ell allTrue knownR bobE (fun _ _ => false) [] (andChain 4) == 1) by (vm_compute; reflexivity).
  split; [vm_compute; reflexivity |]. split; [vm_compute; reflexivity |]. split; [exact Hell |].
  intros beta s. rewrite <- Hell.
  apply (proposition_B1prime_b nat allTrue knownR bobE (fun _ _ => false) (knownR_sound _) bobE_feasible);
    [apply andChain_valid | apply andChain_optimal | rewrite (proj2 (andChain_valid 4)); discriminate].
Qed.

Print Assumptions proposition_B1prime_b_recursion_example.
Print Assumptions toolCut_chain_example.
