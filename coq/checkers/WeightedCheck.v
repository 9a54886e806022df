(* WeightedCheck.v -- an executable checker for certificates of kind `weighted`
   (certificates/FORMAT.md section 9): one weighted fbs LP of f at z with capacities c, the
   primal (blocks with weights), the dual d and the value v. It is the record check of kind
   `tree` (checkers/TreeCheck.v, `localb`: weights >= 0, blocks sensitive, load_i <= c_i,
   sum w = v, d dual feasible over all 2^q blocks, sum_i c_i d_i = v) at the function's own
   z and c, plus two length checks (c and every block have q = length z entries).

   Proved sound against the model (ours): `checkWeighted_sound : checkWeighted f z c w d v =
   true -> length c = length z /\ WeightedValue f z c v` (model/WeightedStatements.v), by weak
   duality of the weighted programs (`weighted_weak_duality`): for any packing w within c and
   any dual feasible t, sum_B w_B <= sum_B w_B t(B) = sum_i t_i load_i <= sum_i c_i t_i.
   Capacities are not checked >= 0 separately: load_i >= 0 and load_i <= c_i imply it.
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer
   "Closed under the global context". *)

From Coq Require Import String QArith Lqa List Lia Bool.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert FbsDuality ExhaustiveCheck Families
  WeightedStatements TreeCheck.
Import ListNotations.
Open Scope Q_scope.

(* THE CHECKER *)
Definition checkWeighted (f : Agg) (z : list bool) (c : list Q) (w : list (list bool * Q))
  (d : list Q) (v : Q) : bool :=
  (Nat.eqb (length c) (length z)
   && forallb (fun Jw => Nat.eqb (length (fst Jw)) (length z)) w
   && localb f (length z) z c v d w)%bool.

(* Weak duality of the weighted programs (ours). *)
Theorem weighted_weak_duality : forall f z c ws t, WPrimalFeasible f z c ws -> DualFeasible f z t ->
  primalValue ws <= weightedDualValue z c t.
Proof.
  intros f z c ws t [Hw Hl] Ht.
  apply (Qle_trans _ _ _ (packing_le_weighted f z ws t Ht Hw)).
  unfold blockWeight. rewrite <- (load_swap (length z) (fun i => nth i t 0) ws).
  unfold weightedDualValue. apply qsum_le. intros i Hi.
  assert (H0 := proj1 Ht i). assert (H1 := Hl i Hi).
  rewrite (Qmult_comm (nth i c 0)). rewrite !(Qmult_comm (nth i t 0)).
  apply Qmult_le_compat_r; assumption.
Qed.

Lemma weighted_value_of_pair : forall f z c ws t v,
  WPrimalFeasible f z c ws -> DualFeasible f z t -> primalValue ws == v ->
  weightedDualValue z c t == v -> WeightedValue f z c v.
Proof.
  intros f z c ws t v Hp Hd Ev Et. split; split.
  - exists ws. split; assumption.
  - intros ws' Hp'. rewrite <- Et. exact (weighted_weak_duality f z c ws' t Hp' Hd).
  - exists t. split; assumption.
  - intros t' Hd'. rewrite <- Ev. exact (weighted_weak_duality f z c ws t' Hp Hd').
Qed.

(* THE REFLECTION LEMMA (ours): a certificate the checker accepts proves that v is the
   weighted fbs of f at z with capacities c (the optimum of both weighted programs). *)
Theorem checkWeighted_sound : forall f z c w d v,
  checkWeighted f z c w d v = true -> length c = length z /\ WeightedValue f z c v.
Proof.
  intros f z c w d v H. unfold checkWeighted in H.
  apply andb_prop in H as [H Hloc]. apply andb_prop in H as [Hc Hlen].
  apply Nat.eqb_eq in Hc. split; [exact Hc |]. rewrite forallb_forall in Hlen.
  destruct (localb_sound _ _ _ _ _ _ _ Hloc) as [Hprim [Hload [Hsum [Hfeas Hval]]]].
  apply (weighted_value_of_pair f z c w d v).
  - split.
    + intros Jw HJw. destruct (Hprim Jw HJw) as [H0 HS].
      split; [exact H0 | split; [apply Nat.eqb_eq, Hlen, HJw | exact HS]].
    + exact Hload.
  - exact Hfeas.
  - exact Hsum.
  - unfold weightedDualValue. exact Hval.
Qed.

(* The same statement for any g that agrees with f on the inputs of length z (a truth table
   read through a faster evaluator, coq/native/Extract.v). *)
Lemma weightedValue_ext : forall f g z c v, (forall x, length x = length z -> f x = g x) ->
  WeightedValue f z c v -> WeightedValue g z c v.
Proof.
  intros f g z c v H.
  assert (HS : forall B, Sensitive f z B <-> Sensitive g z B).
  { intros B. unfold Sensitive. rewrite (H (flip z B)) by apply flip_length.
    rewrite (H z) by reflexivity. tauto. }
  assert (HP : forall ws, WPrimalFeasible f z c ws <-> WPrimalFeasible g z c ws).
  { intros ws. unfold WPrimalFeasible. split; intros [A B]; split; auto; intros Jw HJ;
      destruct (A Jw HJ) as (? & ? & S); repeat split; auto; apply HS; exact S. }
  assert (HD : forall t, DualFeasible f z t <-> DualFeasible g z t).
  { intros t. unfold DualFeasible. split; intros [A B]; split; auto; intros B0 S;
      apply B; apply HS; exact S. }
  unfold WeightedValue. intros [[[ws [Hw Ev]] Hmax] [[t [Ht Et]] Hmin]]. repeat split.
  - exists ws. split; [apply HP |]; assumption.
  - intros ws' Hw'. apply Hmax, HP, Hw'.
  - exists t. split; [apply HD |]; assumption.
  - intros t' Ht'. apply Hmin, HD, Ht'.
Qed.

(* FORMAT.md section 9's tiny example: AND on 2 bits at 11 with capacities (1/2, 2) has
   weighted fbs 5/2; and its must-reject mutations are refused (the value 3, the weight 3 on
   block [1] (load 3 > 2), the dual (1, 1/2), the capacity -1/2, an insensitive block [0, 1]
   of or:2 at 10, a block of the wrong length). *)
Definition tinyW : list (list bool * Q) := [(bitsOf "10"%string, 1 # 2); (bitsOf "01"%string, 2)].

Example tiny_weighted : WeightedValue (andAgg 2) (bitsOf "11"%string) [1 # 2; 2] (5 # 2).
Proof. apply (checkWeighted_sound _ _ _ tinyW [1; 1]). vm_compute. reflexivity. Qed.

Example tiny_weighted_rejects :
  [checkWeighted (andAgg 2) (bitsOf "11") [1 # 2; 2] tinyW [1; 1] 3;
   checkWeighted (andAgg 2) (bitsOf "11") [1 # 2; 2] [(bitsOf "10", 1 # 2); (bitsOf "01", 3)] [1; 1] (5 # 2);
   checkWeighted (andAgg 2) (bitsOf "11") [1 # 2; 2] tinyW [1; 1 # 2] (5 # 2);
   checkWeighted (andAgg 2) (bitsOf "11") [-1 # 2; 2] tinyW [1; 1] (5 # 2);
   checkWeighted (orAgg 2) (bitsOf "10") [1; 1] [(bitsOf "11", 1)] [1; 0] 1;
   checkWeighted (andAgg 2) (bitsOf "11") [1 # 2; 2] [(bitsOf "100", 1 # 2); (bitsOf "01", 2)] [1; 1] (5 # 2)]%string
  = [false; false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions weighted_weak_duality.
Print Assumptions checkWeighted_sound.
Print Assumptions weightedValue_ext.
Print Assumptions tiny_weighted.
