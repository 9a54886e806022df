(* OptimalBobExamples.v -- Theorems 4.2, B1 (ours) and B4 (ours) attained by the OPTIMAL Bob.
   FbsExamples.v's examples for B1 and B4 use Bob's all-ones dual, feasible but not optimal at
   the liar's claims; the paper's Bob and the tool's (rules vertex and symmetric) sample by an
   optimal dual. Here, on one tree, Bob's duals are proved optimal at every claim vector of
   every node and for every capacity vector Alice can cause, every hypothesis of each theorem
   holds at once, and the exact minimum over ALL of Alice's strategies equals the theorem's
   bound: the lower bound is the theorem itself, and one concrete strategy attains it (for
   Theorem 4.2 also the dynamic program of checkers/WorstCase.v, `worst_is_min`).

   The tree: MAJ_3(MAJ_3(x0, x1, x2), x3, x4), the oracle answering 0, 0, 1, 0, 1 (the inner
   node is 0, the root MAJ_3(0, 0, 1) = 0), leaves at depths 2 and 1. rho = 2 = fbs_z(MAJ_3)
   for every z, d = 2; beta_max = 3 = rho_T (the honest root budget: weighted dual (1, 1, 0) at
   001 with capacities (2, 1, 1)). The liar claims the root 1 with children 101 (the lie on the
   inner node only) and budgets (2, 1, 1), and the inner node 1 with children 101 (the lie on
   x0) and budgets (1, 1, 1). Paper branch: 1/2 * 1/2 = 1/4 = rho^-d. Budgeted branch: the
   inner node has weight 2 * 1 of W = 3, then 1/2: 1/3 = g(beta_max). Mixed, lambda = 1/2:
   7/24, two different terms. The Python engine gives the same three numbers under the rules
   vertex and symmetric (tests/formal/test_coq.py compares them with these files' values).
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed
   under the global context". *)

From Coq Require Import String QArith Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert ExhaustiveCheck Families WorstCase BudgetedFloors.
From FbsCoq Require Import FbsExamples.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Bob's optimal weighted dual for MAJ_3 (the budgeted protocol's Bob)                       *)
(* ======================================================================================== *)

(* The candidates at z: at 000 and 111 (every pair of children a minimal sensitive block) the
   four vertices of the LP's polytope; elsewhere (two singleton blocks) the one vertex, the
   paper Bob's maj3Dual z, optimal for every capacity vector. *)
Definition maj3Cands (z : list bool) : list (list Q) :=
  match z with
  | [false; false; false] | [true; true; true] =>
      [[1 # 2; 1 # 2; 1 # 2]; [1; 1; 0]; [1; 0; 1]; [0; 1; 1]]
  | _ => [maj3Dual z]
  end.

(* The candidate of least weighted value sum_i c_i t_i, the earliest on ties. *)
Fixpoint bestFor (c : list Q) (best : list Q) (l : list (list Q)) : list Q :=
  match l with
  | [] => best
  | t :: r => bestFor c (if Qle_bool (weightedValue 3 c best) (weightedValue 3 c t) then best else t) r
  end.

Definition maj3WDual (z : list bool) (c : list Q) : list Q :=
  match maj3Cands z with [] => [] | t :: r => bestFor c t r end.

(* Bob checks the dual before using it (the guard never fails on MAJ_3's inputs); on any other
   input he falls back to the all-ones dual, so that BobwFeasible holds for every aggregator. *)
Definition optBobw (f : Agg) (z : list bool) (c : list Q) : list Q :=
  if dualFeasibleb f z (maj3WDual z c) then maj3WDual z c else bobOnes f z.

Lemma optBobw_feasible : BobwFeasible optBobw.
Proof.
  intros f z c. unfold optBobw. destruct (dualFeasibleb f z (maj3WDual z c)) eqn:E;
    first [apply dualFeasibleb_sound; exact E | apply (proj1 bobOnes_feasible)].
Qed.

Lemma bestFor_spec : forall c l best,
  In (bestFor c best l) (best :: l) /\
  forall t, In t (best :: l) -> weightedValue 3 c (bestFor c best l) <= weightedValue 3 c t.
Proof.
  intros c l. induction l as [| x l IH]; intros best; simpl.
  - split; [left; reflexivity |]. intros t [<- | []]. lra.
  - set (b' := if Qle_bool (weightedValue 3 c best) (weightedValue 3 c x) then best else x).
    assert (Hb : (b' = best \/ b' = x) /\ weightedValue 3 c b' <= weightedValue 3 c best /\
                 weightedValue 3 c b' <= weightedValue 3 c x).
    { unfold b'. destruct (Qle_bool _ _) eqn:E.
      - apply Qle_bool_iff in E. split; [left; reflexivity | lra].
      - assert (~ weightedValue 3 c best <= weightedValue 3 c x)
          by (intro H; apply Qle_bool_iff in H; congruence).
        split; [right; reflexivity | lra]. }
    destruct (IH b') as [Hin Hle]. destruct Hb as [Hb [H1 H2]]. split.
    + destruct Hin as [E | Hin]; [| right; right; exact Hin].
      destruct Hb as [Hb | Hb]; rewrite <- E, Hb; [left | right; left]; reflexivity.
    + intros t [<- | [<- | Ht]].
      * apply (Qle_trans _ _ _ (Hle b' (or_introl eq_refl))). exact H1.
      * apply (Qle_trans _ _ _ (Hle b' (or_introl eq_refl))). exact H2.
      * apply Hle. right. exact Ht.
Qed.

Lemma maj3WDual_spec : forall z c, In z (allMasks 3) ->
  In (maj3WDual z c) (maj3Cands z) /\
  forall t, In t (maj3Cands z) -> weightedValue 3 c (maj3WDual z c) <= weightedValue 3 c t.
Proof.
  intros z c Hz. unfold maj3WDual.
  destruct (maj3Cands z) as [| t0 r] eqn:E.
  - exfalso. simpl in Hz. repeat (destruct Hz as [<- | Hz]; [discriminate |]). exact Hz.
  - apply bestFor_spec.
Qed.

Lemma maj3Cands_feasible : forall z, In z (allMasks 3) ->
  forallb (dualFeasibleb (majAgg 3) z) (maj3Cands z) = true.
Proof.
  intros z Hz. simpl in Hz.
  repeat (destruct Hz as [<- | Hz]; [vm_compute; reflexivity |]). contradiction.
Qed.

Lemma optBobw_maj3 : forall z c, In z (allMasks 3) -> optBobw (majAgg 3) z c = maj3WDual z c.
Proof.
  intros z c Hz. unfold optBobw.
  destruct (maj3WDual_spec z c Hz) as [Hin _].
  assert (H := maj3Cands_feasible z Hz). rewrite forallb_forall in H.
  rewrite (H _ Hin). reflexivity.
Qed.

(* The facts a feasible dual gives on the sensitive block B (when B is one). *)
Ltac use_block Hf B :=
  let H := fresh "HB" in
  try (assert (H : 1 <= blockWeight 3 _ B)
         by (apply Hf; apply sensitive_of_sensb; vm_compute; reflexivity)).

(* Weak duality, parametric in c >= 0: every feasible dual t has a weighted value at least
   that of some candidate. Two singleton blocks {i}, {j}: c.t >= c_i + c_j. At 000 and 111
   (every pair a block): if c_k >= c_i + c_j, c.t >= c_i (t_i + t_k) + c_j (t_j + t_k) >=
   c_i + c_j; otherwise c = sum_{i<j} y_ij (e_i + e_j) with y >= 0 and c.t >= sum y =
   (c_0 + c_1 + c_2) / 2. *)
Lemma maj3Cands_lower : forall z c t, In z (allMasks 3) -> (forall i, 0 <= nth i c 0) ->
  DualFeasible (majAgg 3) z t -> exists v, In v (maj3Cands z) /\ weightedValue 3 c v <= weightedValue 3 c t.
Proof.
  intros z c t Hz Hc [Ht Hf].
  assert (C0 := Hc 0%nat). assert (C1 := Hc 1%nat). assert (C2 := Hc 2%nat).
  assert (T0 := Ht 0%nat). assert (T1 := Ht 1%nat). assert (T2 := Ht 2%nat).
  set (c0 := nth 0 c 0) in *. set (c1 := nth 1 c 0) in *. set (c2 := nth 2 c 0) in *.
  simpl in Hz.
  repeat (destruct Hz as [<- | Hz];
    [ simpl length in Hf;
      use_block Hf [true; false; false]; use_block Hf [false; true; false];
      use_block Hf [false; false; true]; use_block Hf [true; true; false];
      use_block Hf [true; false; true]; use_block Hf [false; true; true];
      unfold blockWeight in *; simpl in *;
      set (t0 := nth 0 t 0) in *; set (t1 := nth 1 t 0) in *; set (t2 := nth 2 t 0) in *;
      unfold weightedValue; simpl;
      fold c0 c1 c2 t0 t1 t2
    | ]); try contradiction.
  (* the six vectors with two singleton blocks *)
  all: try (eexists; split; [left; reflexivity |]; simpl; nra).
  (* 000 and 111 *)
  all: destruct (Qlt_le_dec c2 (c0 + c1)) as [L2 | L2];
    [ destruct (Qlt_le_dec c1 (c0 + c2)) as [L1 | L1];
      [ destruct (Qlt_le_dec c0 (c1 + c2)) as [L0 | L0];
        [ exists [1 # 2; 1 # 2; 1 # 2]; split; [left; reflexivity |]; simpl;
          assert (0 <= (c0 + c1 - c2) * (t0 + t1 - 1)) by (apply Qmult_le_0_compat; lra);
          assert (0 <= (c0 + c2 - c1) * (t0 + t2 - 1)) by (apply Qmult_le_0_compat; lra);
          assert (0 <= (c1 + c2 - c0) * (t1 + t2 - 1)) by (apply Qmult_le_0_compat; lra);
          nra
        | exists [0; 1; 1]; split; [right; right; right; left; reflexivity |]; simpl;
          assert (0 <= c1 * (t1 + t0 - 1)) by (apply Qmult_le_0_compat; lra);
          assert (0 <= c2 * (t2 + t0 - 1)) by (apply Qmult_le_0_compat; lra);
          assert (0 <= (c0 - c1 - c2) * t0) by (apply Qmult_le_0_compat; lra);
          nra ]
      | exists [1; 0; 1]; split; [right; right; left; reflexivity |]; simpl;
        assert (0 <= c0 * (t0 + t1 - 1)) by (apply Qmult_le_0_compat; lra);
        assert (0 <= c2 * (t2 + t1 - 1)) by (apply Qmult_le_0_compat; lra);
        assert (0 <= (c1 - c0 - c2) * t1) by (apply Qmult_le_0_compat; lra);
        nra ]
    | exists [1; 1; 0]; split; [right; left; reflexivity |]; simpl;
      assert (0 <= c0 * (t0 + t2 - 1)) by (apply Qmult_le_0_compat; lra);
      assert (0 <= c1 * (t1 + t2 - 1)) by (apply Qmult_le_0_compat; lra);
      assert (0 <= (c2 - c0 - c1) * t2) by (apply Qmult_le_0_compat; lra);
      nra ].
Qed.

(* OPTIMALITY: at every claim vector z of MAJ_3 and every capacity vector c >= 0 (capacities
   are 0 or max(beta_i, 1)), Bob's weighted dual is feasible and of least weighted value. *)
Theorem optBobw_optimal : forall z c, In z (allMasks 3) -> (forall i, 0 <= nth i c 0) ->
  BobwOptimalAt optBobw (majAgg 3) z c.
Proof.
  intros z c Hz Hc. split; [apply optBobw_feasible |].
  intros t Ht. assert (Hl : length z = 3%nat).
  { simpl in Hz. repeat (destruct Hz as [<- | Hz]; [reflexivity |]). contradiction. }
  rewrite Hl, (optBobw_maj3 z c Hz).
  destruct (maj3Cands_lower z c t Hz Hc Ht) as [v [Hv Hle]].
  apply (Qle_trans _ _ _ (proj2 (maj3WDual_spec z c Hz) v Hv)). exact Hle.
Qed.

(* ======================================================================================== *)
(* The instance: MAJ_3(MAJ_3(x0, x1, x2), x3, x4) at 00101                                    *)
(* ======================================================================================== *)

Definition majTree2 : tree nat :=
  Node 1 (fun _ => majAgg 3) (fun _ => 3%nat)
       (fun _ i => match i with O => maj3Tree | 1%nat => Leaf 3%nat | _ => Leaf 4%nat end).
Definition oracle00101 : nat -> bool := fun k => nth k (bitsOf "00101"%string) false.

(* The liar: root claim 1, children 101 with budgets (2, 1, 1); at the inner node 101 with
   budgets (1, 1, 1). One strategy for both protocols (budgets are ignored by the paper's). *)
Definition liar2 : Strategy := fun p =>
  match p with
  | [] => (0%nat, [true; false; true], [2; 1; 1])
  | _ => (0%nat, [true; false; true], [1; 1; 1])
  end.

(* The honest Alice: true claims 001 at both nodes, honest budgets (rho_T(inner) = 2). *)
Definition honest2 : Strategy := fun p =>
  match p with
  | [] => (0%nat, [false; false; true], [2; 1; 1])
  | _ => (0%nat, [false; false; true], [1; 1; 1])
  end.

Lemma majTree2_valid : Valid oracle00101 majTree2.
Proof.
  simpl. split; [lia |]. intros k Hk. split; [reflexivity |].
  intros [| [| [| i]]] Hi; simpl; try exact I; try lia.
  split; [lia |]. intros k' Hk'. split; [reflexivity |]. intros; exact I.
Qed.

Lemma majTree2_depth : DepthLe majTree2 2.
Proof.
  simpl. intros k i _ Hi. destruct i as [| [| i]]; simpl; try exact I.
  intros; exact I.
Qed.

(* THEOREM 4.2 WITH THE OPTIMAL BOB, depth 2: every hypothesis holds, and the bound
   1/4 = rho^-d is the exact minimum over all of Alice's strategies (worst_is_min). *)
Theorem theorem_4_2_optimal_bob_depth2_example :
  BobFeasible optBob /\ 1 <= 2 /\ Valid oracle00101 majTree2 /\ DepthLe majTree2 2 /\
  true <> val oracle00101 majTree2 /\
  worst oracle00101 optBob 2 majTree2 true == / qpow 2 2 /\
  (forall s, / qpow 2 2 <= catch oracle00101 (paperRule optBob 2) majTree2 true 0 s) /\
  catch oracle00101 (paperRule optBob 2) majTree2 true 0 liar2 == / qpow 2 2 /\
  / qpow 2 2 == 1 # 4 /\
  catch oracle00101 (paperRule optBob 2) majTree2 false 0 honest2 == 0.
Proof.
  assert (Hn : forall f z i, 0 <= nth i (optBob f z) 0) by (intros f z i; apply optBob_feasible).
  destruct (worst_is_min nat oracle00101 optBob 2 Hn majTree2 true 0) as [Hlow _].
  assert (Hw : worst oracle00101 optBob 2 majTree2 true == / qpow 2 2) by (vm_compute; reflexivity).
  split; [exact optBob_feasible |]. split; [lra |]. split; [exact majTree2_valid |].
  split; [exact majTree2_depth |]. split; [discriminate |]. split; [exact Hw |].
  split; [intros s; rewrite <- Hw; apply Hlow |].
  repeat split; vm_compute; reflexivity.
Qed.

(* THEOREM B1 (ours) WITH THE OPTIMAL BOB: R(v) is sound, Bob's weighted duals are feasible
   and optimal at every claim vector and every capacity vector >= 0, the tree is valid, the
   claim is wrong; with beta_max = 3 = rho_T the minimum over ALL of Alice's strategies and
   root budgets is exactly g(3) = 1/3: Theorem B1 bounds every one, liar2 attains it. The
   honest Alice with budget 3 is never caught. *)
Theorem theorem_B1_optimal_bob_example :
  KnownSound oracle00101 (@knownR nat) /\ BobwFeasible optBobw /\
  (forall z c, In z (allMasks 3) -> (forall i, 0 <= nth i c 0) -> BobwOptimalAt optBobw (majAgg 3) z c) /\
  Valid oracle00101 majTree2 /\ true <> val oracle00101 majTree2 /\
  (forall beta s,
     guarantee 3 <= catchRoot oracle00101 knownR (budgetRule knownR optBobw) 3 majTree2 true beta s) /\
  catchRoot oracle00101 knownR (budgetRule knownR optBobw) 3 majTree2 true 3 liar2 == guarantee 3 /\
  guarantee 3 == 1 # 3 /\
  catchRoot oracle00101 knownR (budgetRule knownR optBobw) 3 majTree2 false 3 honest2 == 0.
Proof.
  split; [exact (knownR_sound oracle00101) |]. split; [exact optBobw_feasible |].
  split; [exact optBobw_optimal |]. split; [exact majTree2_valid |]. split; [discriminate |].
  split.
  { intros beta s. exact (proj2 (theorem_B1 nat oracle00101 knownR optBobw (knownR_sound _)
                                   optBobw_feasible majTree2 true beta 3 s majTree2_valid
                                   ltac:(discriminate))). }
  repeat split; vm_compute; reflexivity.
Qed.

(* THEOREM B4 (ours) WITH THE OPTIMAL BOBS: the paper Bob's duals are optimal (value fbs_z at
   every z, optBob_optimal), the budgeted Bob's weighted duals are optimal (optBobw_optimal),
   lambda = 1/2, rho = 2, d = 2, beta_max = 3; the minimum over ALL of Alice's strategies of
   the mixed catch probability is exactly (1/2) 2^-2 + (1/2) g(3) = 7/24: Theorem B4 bounds
   every one, liar2 attains it (two different terms: 1/4 and 1/3). *)
Theorem theorem_B4_optimal_bob_example :
  BobFeasible optBob /\ 1 <= 2 /\ KnownSound oracle00101 (@knownR nat) /\ BobwFeasible optBobw /\
  (forall z, In z (allMasks 3) ->
     optBob (majAgg 3) z = maj3Dual z /\ FbsValue (majAgg 3) z (totalWeight 3 (optBob (majAgg 3) z))) /\
  (forall z c, In z (allMasks 3) -> (forall i, 0 <= nth i c 0) -> BobwOptimalAt optBobw (majAgg 3) z c) /\
  0 <= 1 # 2 <= 1 /\ Valid oracle00101 majTree2 /\ DepthLe majTree2 2 /\
  true <> val oracle00101 majTree2 /\
  (forall beta s, (1 # 2) * / qpow 2 2 + (1 - (1 # 2)) * guarantee 3
     <= catchMixed oracle00101 optBob 2 knownR optBobw (1 # 2) 3 majTree2 true beta s) /\
  catchMixed oracle00101 optBob 2 knownR optBobw (1 # 2) 3 majTree2 true 3 liar2
    == (1 # 2) * / qpow 2 2 + (1 - (1 # 2)) * guarantee 3 /\
  (1 # 2) * / qpow 2 2 + (1 - (1 # 2)) * guarantee 3 == 7 # 24 /\
  catchMixed oracle00101 optBob 2 knownR optBobw (1 # 2) 3 majTree2 false 3 honest2 == 0.
Proof.
  split; [exact optBob_feasible |]. split; [lra |].
  split; [exact (knownR_sound oracle00101) |]. split; [exact optBobw_feasible |].
  split; [exact optBob_optimal |]. split; [exact optBobw_optimal |].
  split; [lra |]. split; [exact majTree2_valid |]. split; [exact majTree2_depth |].
  split; [discriminate |].
  split.
  { intros beta s. exact (theorem_B4 nat oracle00101 optBob 2 knownR optBobw optBob_feasible
                            ltac:(lra) (knownR_sound _) optBobw_feasible (1 # 2) 3 majTree2 2%nat
                            true beta s ltac:(lra) majTree2_valid majTree2_depth
                            ltac:(discriminate)). }
  repeat split; vm_compute; reflexivity.
Qed.

Print Assumptions optBobw_optimal.
Print Assumptions theorem_4_2_optimal_bob_depth2_example.
Print Assumptions theorem_B1_optimal_bob_example.
Print Assumptions theorem_B4_optimal_bob_example.
