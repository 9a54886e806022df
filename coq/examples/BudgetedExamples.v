(* BudgetedExamples.v -- non-vacuity of HonestLeaves.v (Theorem B2 (c), ours): on
   AND2(AND2, AND2) at 1111 with Bob's all-ones dual, optimal at every node (LowerBoundExamples.v,
   honest_budget_example), the honest run reaches each of the four leaves with probability
   exactly 1/4, computed in Coq; rho_T pi = (1, 1, 1, 1) is a feasible dual of value 4 = rho_T,
   and pi sums to 1. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must
   answer "Closed under the global context". *)

From Coq Require Import QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound BudgetedFloors HonestBudgets
  HonestLeaves LowerBoundExamples.
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

Print Assumptions theorem_B2c_example.
