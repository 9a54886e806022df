(* FbsExamples.v -- non-vacuity of the main theorems of FbsTrees.v and FbsTreeCert.v.
   For each of theorem_4_2, theorem_B1, theorem_B4, tree_certificate and
   shared_tree_certificate_multiset, one small concrete instance meets ALL the theorem's
   hypotheses at once, and the quantity the theorem bounds is computed exactly (vm_compute)
   and equals the bound: the bounds are attained for the Bob of the instance, so the
   hypotheses are jointly satisfiable and the conclusions, stated for every feasible dual, are
   not weaker than stated. WHICH BOB: theorem_4_2_example, theorem_B1_example,
   theorem_B4_example, zero_weight_example and menu_example use the all-ones dual (`bobOnes`,
   and `bobw1` for the weighted one): feasible at every claim vector but not optimal at the
   liar's claims (AND2 at (0, 1) has fbs 1 and optimal dual (1, 0)), so they do not show the
   bounds tight for a Bob who samples by an optimal dual, as the paper's Bob and the tool's do
   (he catches this liar surely). With the OPTIMAL Bob: theorem_4_2_optimal_bob_example below
   (`optBob`, MAJ_3 at depth 1, 1/2), and OptimalBobExamples.v for Theorems 4.2 (depth 2),
   B1 and B4 (`optBob` and the optimal weighted `optBobw`). The honest Alice is never caught on the
   same instance (the catch probability is not trivially positive), and a node whose sampling
   weights sum to 0 ends in Alice's favour (so `catch` does not default to 1 there). Checked
   by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed under
   the global context". *)

From Coq Require Import String QArith Lqa List Lia Bool Permutation.
From FbsCoq Require Import FbsTrees FbsTreeCert ExhaustiveCheck Families WorstCase.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* The protocols: AND2(AND2(x0, x1), x2), every leaf true, fbs = 2 at every node.            *)
(* ======================================================================================== *)

(* Leaves at different depths: d = 2 for Theorem 4.2, while the budgeted protocol's honest
   root budget is rho_T = 2 * 1 + 1 * 1 = 3 (capacities (2, 1)), so the two guarantees
   differ (1/4 and 1/3) and Theorem B4's mixture is not a single term. *)
Definition and2Node (l r : tree nat) : tree nat :=
  Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => match i with O => l | _ => r end).
Definition t3 : tree nat := and2Node (and2Node (Leaf 0%nat) (Leaf 1%nat)) (Leaf 2%nat).

(* The liar: claims the root false, puts the lie on the AND node (children (0, 1), budgets
   (2, 1)), and there on x1 (children (1, 0), budgets (1, 1)). Against the all-ones dual
   (not optimal at these claims: fbs 1 there, where the all-ones dual sums to 2) the proofs'
   bounds are attained for this liar, in both protocols. *)
Definition liar : Strategy := fun p =>
  match p with
  | [] => (0%nat, [false; true], [2; 1])
  | _ => (0%nat, [true; false], [1; 1])
  end.

(* The honest Alice: true claims everywhere, honest budgets (beta(AND node) = 2). *)
Definition honest : Strategy := fun p =>
  match p with
  | [] => (0%nat, [true; true], [2; 1])
  | _ => (0%nat, [true; true], [1; 1])
  end.

Definition bobw1 : Agg -> list bool -> list Q -> list Q := fun f z _ => bobOnes f z.

Lemma t3_valid : Valid allTrue t3.
Proof.
  simpl. split; [lia |]. intros k Hk. assert (k = 0%nat) by lia. subst k.
  split; [reflexivity |]. intros [| [| i]] Hi; simpl; try lia; try exact I.
  split; [lia |]. intros k Hk'. assert (k = 0%nat) by lia. subst k.
  split; [reflexivity |]. intros [| [| j]] Hj; simpl; try lia; exact I.
Qed.

Lemma t3_depth : DepthLe t3 2.
Proof.
  simpl. intros k i Hk Hi. assert (k = 0%nat) by lia. subst k.
  destruct i as [| [| i]]; try lia; simpl; [| exact I].
  intros k j _ _. destruct j as [| [| j]]; exact I.
Qed.

(* THEOREM 4.2, non-vacuous, with the ALL-ONES Bob (`bobOnes`): all hypotheses hold (the
   all-ones dual is feasible, rho = 2, the tree is valid of depth 2, the root claim is wrong),
   and the liar is caught with probability exactly 1/4 = rho^-d: the bound is attained for
   this Bob, whose all-ones dual is feasible but not optimal at the liar's claims (the optimal
   Bob catches this liar with probability 1; see theorem_4_2_optimal_bob_example and
   OptimalBobExamples.v). The honest Alice is never caught. *)
Theorem theorem_4_2_example :
  BobFeasible bobOnes /\ 1 <= 2 /\ Valid allTrue t3 /\ DepthLe t3 2 /\ false <> val allTrue t3 /\
  catch allTrue (paperRule bobOnes 2) t3 false 0 liar == / qpow 2 2 /\
  / qpow 2 2 == 1 # 4 /\
  catch allTrue (paperRule bobOnes 2) t3 true 0 honest == 0.
Proof.
  split; [exact (proj1 bobOnes_feasible) |]. split; [lra |].
  split; [exact t3_valid |]. split; [exact t3_depth |]. split; [discriminate |].
  split; [vm_compute; reflexivity |]. split; vm_compute; reflexivity.
Qed.

(* THEOREM B1 (ours), non-vacuous, with the ALL-ONES weighted Bob (`bobw1`): Bob's knowledge
   R(v) is sound, his weighted duals are feasible, the tree is valid, the claim is wrong; with
   beta(root) = beta_max = 3 = rho_T the liar is caught with probability exactly 1/3 = g(3),
   with and without the root checks (the all-ones duals are feasible, not optimal at the
   liar's claims; the optimal Bob's example is theorem_B1_optimal_bob_example in
   OptimalBobExamples.v). The honest Alice with the honest budget 3 is never caught. *)
Theorem theorem_B1_example :
  KnownSound allTrue (@knownR nat) /\ BobwFeasible bobw1 /\ Valid allTrue t3 /\
  false <> val allTrue t3 /\
  catch allTrue (budgetRule knownR bobw1) t3 false 3 liar == guarantee 3 /\
  catchRoot allTrue knownR (budgetRule knownR bobw1) 3 t3 false 3 liar == guarantee 3 /\
  guarantee 3 == 1 # 3 /\
  catchRoot allTrue knownR (budgetRule knownR bobw1) 3 t3 true 3 honest == 0.
Proof.
  split; [exact (knownR_sound allTrue) |]. split; [exact (proj2 bobOnes_feasible) |].
  split; [exact t3_valid |]. split; [discriminate |].
  repeat split; vm_compute; reflexivity.
Qed.

(* THEOREM B4 (ours), non-vacuous, with the ALL-ONES Bobs (`bobOnes` and `bobw1`): every
   hypothesis of theorem_B4 holds (lambda = 1/2, rho = 2, d = 2, beta_max = 3), the liar
   passes both protocols' checks at every node, and is caught with probability exactly
   (1/2) 2^-2 + (1/2) g(3) = 7/24: the bound is attained with two different terms, for the
   all-ones duals (feasible, not optimal at the liar's claims; the optimal Bobs' example, also
   7/24, is theorem_B4_optimal_bob_example in OptimalBobExamples.v). The honest Alice is never
   caught. *)
Theorem theorem_B4_example :
  BobFeasible bobOnes /\ 1 <= 2 /\ KnownSound allTrue (@knownR nat) /\ BobwFeasible bobw1 /\
  0 <= 1 # 2 <= 1 /\ Valid allTrue t3 /\ DepthLe t3 2 /\ false <> val allTrue t3 /\
  catchMixed allTrue bobOnes 2 knownR bobw1 (1 # 2) 3 t3 false 3 liar
    == (1 # 2) * / qpow 2 2 + (1 - (1 # 2)) * guarantee 3 /\
  (1 # 2) * / qpow 2 2 + (1 - (1 # 2)) * guarantee 3 == 7 # 24 /\
  catchMixed allTrue bobOnes 2 knownR bobw1 (1 # 2) 3 t3 true 3 honest == 0.
Proof.
  split; [exact (proj1 bobOnes_feasible) |]. split; [lra |].
  split; [exact (knownR_sound allTrue) |]. split; [exact (proj2 bobOnes_feasible) |].
  split; [lra |]. split; [exact t3_valid |]. split; [exact t3_depth |].
  split; [discriminate |]. repeat split; vm_compute; reflexivity.
Qed.

(* A node whose sampling weights sum to 0 ends the run in Alice's favour: AND2 of two constant
   subtrees (R(v) = {1}) gets capacities (0, 0) in the budgeted protocol, so W = 0 and the
   honest Alice with budget 0 wins; a liar cannot even pass the constant-child check. *)
Definition constTrue : tree nat := Node 1 (fun _ _ => true) (fun _ => 1%nat) (fun _ _ => Leaf 0%nat).
Definition tConst : tree nat := and2Node constTrue constTrue.
Definition playK (z : list bool) : Strategy := fun p =>
  match p with [] => (0%nat, z, [0; 0]) | _ => (0%nat, [true], [0]) end.

Example zero_weight_example :
  knownR constTrue = Some true /\
  catch allTrue (budgetRule knownR bobw1) tConst true 0 (playK [true; true]) == 0 /\
  catch allTrue (budgetRule knownR bobw1) tConst false 0 (playK [true; false]) == 1.
Proof. repeat split; vm_compute; reflexivity. Qed.

(* Menus are Alice's: at a root offering AND2(x0, x1) (alternative 0) or the identity of x2
   (alternative 1), every leaf true, the liar is caught with probability 1/2 = rho^-d through
   alternative 0 and 1 through alternative 1; the honest Alice through alternative 1 is never
   caught; an alternative outside the menu loses. *)
Definition menuTree : tree nat :=
  Node 2 (fun k => match k with O => and2 | _ => fun z => nth 0 z false end)
         (fun k => match k with O => 2%nat | _ => 1%nat end)
         (fun k i => match k with O => Leaf i | _ => Leaf 2%nat end).
Definition pick (k : nat) (z : list bool) : Strategy := fun _ => (k, z, []).

Example menu_example :
  Valid allTrue menuTree /\ DepthLe menuTree 1 /\ false <> val allTrue menuTree /\
  catch allTrue (paperRule bobOnes 2) menuTree false 0 (pick 0 [true; false]) == / qpow 2 1 /\
  catch allTrue (paperRule bobOnes 2) menuTree false 0 (pick 1 [false]) == 1 /\
  catch allTrue (paperRule bobOnes 2) menuTree true 0 (pick 1 [true]) == 0 /\
  catch allTrue (paperRule bobOnes 2) menuTree true 0 (pick 2 [true]) == 1.
Proof.
  split.
  { simpl. split; [lia |]. intros [| [| k]] Hk; [| | lia]; (split; [reflexivity |]);
      intros; exact I. }
  split; [simpl; intros [| k] i _ _; exact I |]. split; [discriminate |].
  repeat split; vm_compute; reflexivity.
Qed.

(* ======================================================================================== *)
(* The tree certificate: FORMAT.md section 6's tiny example, maj:3 over (and:2 of A, B), C, D *)
(* at alpha = 1110, V = rho_T = 3.                                                            *)
(* ======================================================================================== *)

Definition maj3 : Agg := fun z =>
  let a := nth 0 z false in let b := nth 1 z false in let c := nth 2 z false in
  (a && b || a && c || b && c)%bool.

Definition certTree : ctree :=
  CNode maj3 3 (fun i => match i with O => CNode and2 2 (fun _ => CLeaf) | _ => CLeaf end).

(* Leaves A = [0; 0], B = [0; 1], C = [1], D = [2]; D is false. *)
Definition certAlpha : path -> bool := fun p => match p with [2%nat] => false | _ => true end.

(* The records of FORMAT.md's example (a leaf's record is never read: rho(leaf) = 1). *)
Definition certRec : Records := fun p =>
  match p with
  | [] => (3, [1; 1; 0])
  | [0%nat] => (2, [1; 1])
  | _ => (1, [])
  end.

Definition certPrim : Primals := fun p =>
  match p with
  | [] => [([true; false; false], 2); ([false; true; false], 1)]
  | [0%nat] => [([true; false], 1); ([false; true], 1)]
  | _ => []
  end.

Lemma certDual : DualChecked certTree certAlpha certRec.
Proof.
  simpl. split; [apply dualFeasibleb_sound; vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |].
  intros [| [| [| i]]] Hi; simpl; try lia; try exact I.
  split; [apply dualFeasibleb_sound; vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |].
  intros [| [| j]] Hj; simpl; try lia; exact I.
Qed.

Lemma certPrimal : PrimalChecked certTree certAlpha certRec certPrim.
Proof.
  simpl. split.
  { intros Jw HJw. simpl in HJw.
    destruct HJw as [<- | [<- | []]]; (split; [simpl; lra | apply sensitive_of_sensb;
      vm_compute; reflexivity]). }
  split; [intros [| [| [| i]]] Hi; try lia; apply Qle_bool_iff; vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |].
  intros [| [| [| i]]] Hi; simpl; try lia; try exact I.
  split.
  { intros Jw HJw. simpl in HJw.
    destruct HJw as [<- | [<- | []]]; (split; [simpl; lra | apply sensitive_of_sensb;
      vm_compute; reflexivity]). }
  split; [intros [| [| j]] Hj; try lia; apply Qle_bool_iff; vm_compute; reflexivity |].
  split; [vm_compute; reflexivity |].
  intros [| [| j]] Hj; simpl; try lia; exact I.
Qed.

(* THE TREE CERTIFICATE, non-vacuous: FORMAT.md's records pass the local checks (both
   hypotheses of tree_certificate hold), so V = 3 is the minimum of the global dual LP of F_T
   at 1110: the product dual (1, 1, 1, 0 on A, B, C, D) is feasible of value 3, and every
   feasible global dual has value >= 3. Moreover every records/primals pair passing the checks
   certifies exactly 3 (a record set claiming 4, say, cannot pass both). *)
Theorem tree_certificate_example :
  DualChecked certTree certAlpha certRec /\ PrimalChecked certTree certAlpha certRec certPrim /\
  accepted certTree certRec == 3 /\
  map (productDual certTree certRec) (leaves certTree) = [1; 1; 1; 0] /\
  GlobalDualFeasible certTree certAlpha (productDual certTree certRec) /\
  dualValue certTree (productDual certTree certRec) == 3 /\
  (forall t, GlobalDualFeasible certTree certAlpha t -> 3 <= dualValue certTree t) /\
  (forall rec prim, DualChecked certTree certAlpha rec -> PrimalChecked certTree certAlpha rec prim ->
     accepted certTree rec == 3).
Proof.
  destruct (tree_certificate certTree certAlpha certRec certPrim certDual certPrimal)
    as [[Hfeas Hval] Hmin].
  assert (H3 : accepted certTree certRec == 3) by (vm_compute; reflexivity).
  split; [exact certDual |]. split; [exact certPrimal |]. split; [exact H3 |].
  split; [vm_compute; reflexivity |]. split; [exact Hfeas |].
  split; [rewrite Hval; exact H3 |].
  split; [intros t Ht; rewrite <- H3; exact (Hmin t Ht) |].
  intros rec prim HD HP.
  destruct (tree_certificate certTree certAlpha rec prim HD HP) as [[Hfeas' Hval'] Hmin'].
  assert (Hle1 := Hmin' _ Hfeas). assert (Hle2 := Hmin _ Hfeas'). lra.
Qed.

(* ======================================================================================== *)
(* Sharing up to a permutation: two maj:3 nodes, at z = 110 and z = 011, reference one       *)
(* record (FORMAT.md section 6, "Version 2"); V = rho_T = 4.                                  *)
(* ======================================================================================== *)

(* maj:3 in the checker's closed form phi(x) = V(|x|): more than half of the inputs are 1. *)
Definition majc : Agg := fun x => Nat.ltb (length x) (2 * count_occ bool_dec x true).

Lemma majc_symmetric : Symmetric majc.
Proof. exact (symmetric_of_count (fun n k => Nat.ltb n (2 * k))). Qed.

(* maj:3 over u = maj:3(A, B, C), u' = maj:3(D, E, G) and a leaf H. *)
Definition permTree : ctree :=
  CNode majc 3 (fun i => match i with
                         | O | 1%nat => CNode majc 3 (fun _ => CLeaf)
                         | _ => CLeaf end).

(* alpha: A = B = 1, C = 0 (u at z = 110); D = 0, E = G = 1 (u' at z = 011); H = 0. *)
Definition permAlpha : path -> bool := fun p =>
  match p with
  | [0%nat; 2%nat] | [1%nat; 0%nat] | [2%nat] => false
  | _ => true
  end.

(* Keys: 0 = the shared record of (maj:3, {(1, 1), (1, 1), (0, 1)}), 1 = the root's record,
   2 = the leaves (never looked up: a leaf's value is 1). *)
Definition permKey : path -> nat := fun p =>
  match p with [] => 1%nat | [0%nat] | [1%nat] => 0%nat | _ => 2%nat end.

Definition permData : nat -> Entry := fun k =>
  match k with
  | O => (majc, 3%nat, [true; true; false], fun _ => 1)
  | 1%nat => (majc, 3%nat, [true; true; false], fun i => nth i [2; 2; 1] 0)
  | _ => (majc, 0%nat, [], fun _ => 0)
  end.

Definition permTab : nat -> Q * list Q := fun k =>
  match k with O => (2, [1; 1; 0]) | 1%nat => (4, [1; 1; 0]) | _ => (0, []) end.

Definition permPrimTab : nat -> list (list bool * Q) := fun k =>
  match k with
  | O => [([true; false; false], 1); ([false; true; false], 1)]
  | 1%nat => [([true; false; false], 2); ([false; true; false], 2)]
  | _ => []
  end.

Lemma permChecked : forall k, LocalChecked (permData k) (permTab k) (permPrimTab k).
Proof.
  intros [| [| k]]; unfold LocalChecked, permData, permTab, permPrimTab.
  1-2: split; [apply dualFeasibleb_sound; vm_compute; reflexivity |];
    split; [vm_compute; reflexivity |]; split;
    [ intros Jw HJw; destruct HJw as [<- | [<- | []]];
        (split; [simpl; lra | apply sensitive_of_sensb; vm_compute; reflexivity])
    | split; [intros [| [| [| i]]] Hi; try lia; apply Qle_bool_iff; vm_compute; reflexivity |];
      vm_compute; reflexivity ].
  - split; [apply dualFeasibleb_sound; vm_compute; reflexivity |].
    split; [vm_compute; reflexivity |]. split; [intros Jw [] |].
    split; [intros i Hi; lia | vm_compute; reflexivity].
Qed.

Lemma permKeyed : KeyedByMultiset permTree permAlpha permKey permTab permData.
Proof.
  split.
  - eexists _, _. split; [reflexivity |]. split; [reflexivity |]. left. vm_compute. reflexivity.
  - intros [| [| [| i]]] Hi; try lia; cbn [KeyedByMultiset]; split;
      try (intros j Hj; exact I).
    + eexists _, _. split; [reflexivity |]. split; [reflexivity |]. left. vm_compute. reflexivity.
    + eexists _, _. split; [reflexivity |]. split; [reflexivity |].
      right. split; [exact majc_symmetric |]. vm_compute.
      apply (Permutation_cons_append [(true, 1); (true, 1)] (false, 1)).
Qed.

(* SHARING UP TO A PERMUTATION, non-vacuous: u (z = 110) and u' (z = 011) reference the same
   record, checked once at z = 110 (u' matches it only up to the order of its pairs); all hypotheses of shared_tree_certificate_multiset hold,
   so V = 4 is the minimum of the global dual LP of F_T at alpha (rho_T = 4). *)
Theorem shared_perm_example :
  (forall k, LocalChecked (permData k) (permTab k) (permPrimTab k)) /\
  KeyedByMultiset permTree permAlpha permKey permTab permData /\
  permKey [0%nat] = permKey [1%nat] /\
  map (fun i => permAlpha [0%nat; i]) (seq 0 3) = [true; true; false] /\
  map (fun i => permAlpha [1%nat; i]) (seq 0 3) = [false; true; true] /\
  pairsOf 3 [false; true; true] (fun _ => 1) <> pairsOf 3 [true; true; false] (fun _ => 1) /\
  accepted permTree (fun p => permTab (permKey p)) == 4 /\
  (exists t, GlobalDualFeasible permTree permAlpha t /\ dualValue permTree t == 4) /\
  (forall t, GlobalDualFeasible permTree permAlpha t -> 4 <= dualValue permTree t).
Proof.
  destruct (shared_tree_certificate_multiset nat permTree permAlpha permKey permTab permPrimTab
              permData permChecked permKeyed) as [Hfeas Hmin].
  split; [exact permChecked |]. split; [exact permKeyed |].
  split; [reflexivity |]. split; [reflexivity |]. split; [reflexivity |].
  split; [vm_compute; discriminate |]. split; [vm_compute; reflexivity |].
  split; [exact Hfeas | exact Hmin].
Qed.

(* ======================================================================================== *)
(* Theorem 4.2 attained by the OPTIMAL Bob: maj:3 at depth 1                                 *)
(* ======================================================================================== *)

(* The examples above use Bob's all-ones dual, which is not optimal at the liar's claims (AND2
   at 10 has fbs 1): the optimal Bob catches that liar with probability 1. Here Bob (`optBob`,
   the paper's protocol) uses, for
   MAJ_3, the optimal (vertex) duals of verify/protocol/bob_rules.py at each claim vector z
   (each proved optimal below: its value is fbs_z(MAJ_3)); on any other input he falls back to
   the all-ones dual, so that BobFeasible holds for every aggregator. The tree is MAJ_3 over
   three leaves with answers 0, 0, 1 (the root is 0), rho = 2, d = 1, and the liar claims 1:
   the minimum over ALL of Alice's strategies of the catch probability is exactly
   1/2 = rho^-d. *)
Definition maj3Dual (z : list bool) : list Q :=
  match z with
  | [false; false; false] | [true; true; true] => [1 # 2; 1 # 2; 1 # 2]
  | [false; false; true] | [true; true; false] => [1; 1; 0]
  | [false; true; false] | [true; false; true] => [1; 0; 1]
  | [true; false; false] | [false; true; true] => [0; 1; 1]
  | _ => []
  end.

(* Bob checks the table's dual before using it (the guard never fails on MAJ_3's inputs). *)
Definition optBob (f : Agg) (z : list bool) : list Q :=
  if dualFeasibleb f z (maj3Dual z) then maj3Dual z else bobOnes f z.

Lemma optBob_feasible : BobFeasible optBob.
Proof.
  intros f z. unfold optBob. destruct (dualFeasibleb f z (maj3Dual z)) eqn:E.
  - apply dualFeasibleb_sound. exact E.
  - apply (proj1 bobOnes_feasible).
Qed.

(* Optimality: at every z, Bob's dual has the value fbs_z(MAJ_3) (a packing of the same value,
   checked by checkExhaustive: the pairs with weight 1/2 at 000 and 111, else the two
   sensitive singletons). *)
Definition maj3Packing (z : list bool) : list (list bool * Q) :=
  match z with
  | [false; false; false] | [true; true; true] =>
      [([true; true; false], 1 # 2); ([true; false; true], 1 # 2); ([false; true; true], 1 # 2)]
  | _ => map (fun i => (map (fun j => Nat.eqb i j) (seq 0 3), 1))
             (filter (fun i => Qle_bool 1 (nth i (maj3Dual z) 0)) (seq 0 3))
  end.

Lemma optBob_optimal : forall z, In z (allMasks 3) ->
  optBob (majAgg 3) z = maj3Dual z /\ FbsValue (majAgg 3) z (totalWeight 3 (optBob (majAgg 3) z)).
Proof.
  intros z Hz. simpl in Hz.
  repeat (destruct Hz as [<- | Hz]; [split; [vm_compute; reflexivity |];
    match goal with |- FbsValue _ ?z _ =>
      apply (checkExhaustive_sound _ _ (maj3Packing z) (maj3Dual z)) end;
    vm_compute; reflexivity |]).
  contradiction.
Qed.

Definition maj3Tree : tree nat := Node 1 (fun _ => majAgg 3) (fun _ => 3%nat) (fun _ i => Leaf i).
Definition oracle001 : nat -> bool := fun k => nth k (bitsOf "001"%string) false.

Lemma maj3Tree_valid : Valid oracle001 maj3Tree.
Proof.
  simpl. split; [lia |]. intros k Hk. split; [reflexivity |]. intros i _. exact I.
Qed.

(* THEOREM 4.2 WITH THE OPTIMAL BOB: every hypothesis holds, and the bound 1/2 = rho^-d is the
   exact minimum over all of Alice's strategies (worst_is_min): attained by the Bob the paper
   and the tool use. *)
Theorem theorem_4_2_optimal_bob_example :
  BobFeasible optBob /\ 1 <= 2 /\ Valid oracle001 maj3Tree /\ DepthLe maj3Tree 1 /\
  true <> val oracle001 maj3Tree /\
  (forall s, / qpow 2 1 <= catch oracle001 (paperRule optBob 2) maj3Tree true 0 s) /\
  (exists s, catch oracle001 (paperRule optBob 2) maj3Tree true 0 s == / qpow 2 1) /\
  / qpow 2 1 == 1 # 2.
Proof.
  assert (Hn : forall f z i, 0 <= nth i (optBob f z) 0) by (intros f z i; apply optBob_feasible).
  destruct (worst_is_min nat oracle001 optBob 2 Hn maj3Tree true 0) as [Hlow [s Hs]].
  assert (Hw : worst oracle001 optBob 2 maj3Tree true == / qpow 2 1) by (vm_compute; reflexivity).
  split; [exact optBob_feasible |]. split; [lra |]. split; [exact maj3Tree_valid |].
  split; [intros k i _ _; exact I |]. split; [discriminate |].
  split; [intros s'; rewrite <- Hw; apply Hlow |].
  split; [exists s; rewrite Hs; exact Hw | vm_compute; reflexivity].
Qed.

Print Assumptions theorem_4_2_example.
Print Assumptions theorem_4_2_optimal_bob_example.
Print Assumptions optBob_optimal.
Print Assumptions theorem_B1_example.
Print Assumptions theorem_B4_example.
Print Assumptions zero_weight_example.
Print Assumptions menu_example.
Print Assumptions tree_certificate_example.
Print Assumptions shared_perm_example.
