(* BudgetedFloors.v -- the step of Proposition B1' (b) (ours, docs/budgeted.md section 5, the
   children's floors) that needs Bob's weighted dual to be OPTIMAL: at a node where no minimal
   sensitive block of the claimed vector contains a true non-constant child, every optimal
   weighted dual vanishes on the true non-constant children, so Bob samples only lying
   children and the node's lie is caught at least as often as the least-caught lying child.
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed
   under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* The weighted value sum_i c_i t_i of a dual (the objective of Bob's weighted LP,
   docs/budgeted.md section 1). *)
Definition weightedValue (q : nat) (c t : list Q) : Q := qsum q (fun i => nth i c 0 * nth i t 0).

(* Bob's weighted dual is optimal at (f, z, c): feasible, and of least weighted value among
   the feasible duals. *)
Definition BobwOptimalAt (bobw : Agg -> list bool -> list Q -> list Q) (f : Agg) (z : list bool)
  (c : list Q) : Prop :=
  DualFeasible f z (bobw f z c) /\
  forall t, DualFeasible f z t -> weightedValue (length z) c (bobw f z c) <= weightedValue (length z) c t.

(* Child j is free at (f, z): every sensitive block B contains a sensitive block B' without j
   (B1' (b)'s condition "no minimal sensitive block contains j", which implies it: every
   sensitive block contains a minimal one). *)
Definition FreeChild (f : Agg) (z : list bool) (j : nat) : Prop :=
  forall B, Sensitive f z B ->
    exists B', Sensitive f z B' /\ (forall i, nth i B' false = true -> nth i B false = true) /\
               nth j B' false = false.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Lemma qsum_single : forall n k x, (k < n)%nat -> qsum n (fun i => if Nat.eqb i k then x else 0) == x.
Proof.
  induction n as [| n IH]; intros k x Hk; [lia |]. simpl.
  destruct (Nat.eqb n k) eqn:E.
  - apply Nat.eqb_eq in E. subst k.
    assert (qsum n (fun i => if Nat.eqb i n then x else 0) == 0).
    { apply (Qeq_trans _ (qsum n (fun _ => 0))).
      - apply qsum_ext. intros i Hi. destruct (Nat.eqb i n) eqn:E'; [apply Nat.eqb_eq in E'; lia | reflexivity].
      - clear. induction n as [| n IHn]; simpl; [reflexivity |]. rewrite IHn. reflexivity. }
    lra.
  - apply Nat.eqb_neq in E. rewrite IH by lia. ring.
Qed.

Lemma blockWeight_mono : forall q t B B', (forall i, 0 <= nth i t 0) ->
  (forall i, nth i B' false = true -> nth i B false = true) -> blockWeight q t B' <= blockWeight q t B.
Proof.
  intros q t B B' Ht Hs. apply qsum_le. intros i _.
  destruct (nth i B' false) eqn:E'; [rewrite (Hs i E'); lra |].
  destruct (nth i B false); [apply Ht | lra].
Qed.

(* The key step: an optimal weighted dual vanishes on a free child of positive capacity. *)
Lemma optimal_dual_vanishes : forall bobw f z c j, BobwOptimalAt bobw f z c ->
  (j < length z)%nat -> 0 < nth j c 0 -> FreeChild f z j -> nth j (bobw f z c) 0 == 0.
Proof.
  intros bobw f z c j [[Ht Hf] Hopt] Hj Hc Hfree.
  set (t := bobw f z c) in *.
  set (t' := map (fun i => if Nat.eqb i j then 0 else nth i t 0) (seq 0 (length z))).
  assert (Ht' : forall i, (i < length z)%nat -> nth i t' 0 = if Nat.eqb i j then 0 else nth i t 0)
    by (intros; unfold t'; apply nth_map_seq; assumption).
  assert (Hnn : forall i, 0 <= nth i t' 0).
  { intros i. destruct (Nat.lt_ge_cases i (length z)) as [Hi | Hi].
    - rewrite Ht' by exact Hi. destruct (Nat.eqb i j); [lra | apply Ht].
    - unfold t'. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra. }
  assert (Hfeas : DualFeasible f z t').
  { split; [exact Hnn |]. intros B HB. destruct (Hfree B HB) as [B' [HB' [Hsub Hj']]].
    apply (Qle_trans _ (blockWeight (length z) t' B')); [| apply blockWeight_mono; assumption].
    apply (Qle_trans _ _ _ (Hf B' HB')). apply Qle_lteq. right.
    unfold blockWeight. apply qsum_ext. intros i Hi. rewrite Ht' by exact Hi.
    destruct (Nat.eqb i j) eqn:E; [apply Nat.eqb_eq in E; subst i; rewrite Hj'; reflexivity |].
    reflexivity. }
  specialize (Hopt t' Hfeas).
  assert (E : weightedValue (length z) c t
              == weightedValue (length z) c t' + nth j c 0 * nth j t 0).
  { unfold weightedValue. rewrite <- (qsum_single (length z) j (nth j c 0 * nth j t 0) Hj).
    rewrite <- qsum_plus. apply qsum_ext. intros i Hi. rewrite Ht' by exact Hi.
    destruct (Nat.eqb i j) eqn:Eij; [apply Nat.eqb_eq in Eij; subst i |]; ring. }
  assert (H0 := Ht j). nra.
Qed.

(* PROPOSITION B1' (b), its step with an optimal Bob (ours, docs/budgeted.md section 5). Let
   the budgeted protocol's Bob be optimal at every root decomposition (any claim vector z
   consistent with the lie and with the constant children, any children's budgets), and let
   every true non-constant child be free at every such z. If every lie at a lying child is
   caught with probability >= b <= 1, whatever its budget and strategy, then the lie at the
   root is caught with probability >= b, whatever Alice's budgets. *)
Theorem proposition_B1prime_b_step :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known ->
  forall m agg arity (kids : nat -> nat -> tree Query) (a : bool) (beta b : Q) (s : Strategy),
    Valid oracle (Node m agg arity kids) -> a <> val oracle (Node m agg arity kids) -> b <= 1 ->
    (forall k z, (k < m)%nat -> length z = arity k -> agg k z = a ->
       (forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj) ->
       (forall bs, BobwOptimalAt bobw (agg k) z (map (capacity known (kids k) bs) (seq 0 (arity k)))) /\
       (forall j, (j < arity k)%nat -> nth j z false = val oracle (kids k j) ->
          known (kids k j) = None -> FreeChild (agg k) z j) /\
       (forall i beta' s', (i < arity k)%nat -> nth i z false <> val oracle (kids k i) ->
          b <= catch oracle (budgetRule known bobw) (kids k i) (nth i z false) beta' s')) ->
    b <= catch oracle (budgetRule known bobw) (Node m agg arity kids) a beta s.
Proof.
  intros Query oracle known bobw Hknown m agg arity kids a beta b s HV Ha Hb1 Hnode.
  simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
  destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
    eqn:Hc; [| exact Hb1].
  destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
  set (c := map (capacity known (kids k) bs) (seq 0 (arity k))).
  set (t := bobw (agg k) z c).
  set (w := map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity k))).
  destruct (budgetRule known bobw (agg k) (kids k) (arity k) z beta bs) as [w' |] eqn:Hrw;
    [| exact Hb1].
  assert (Ec : constantsOK known (kids k) (arity k) z = true /\ w' = w).
  { unfold budgetRule in Hrw. fold c t w in Hrw.
    destruct (constantsOK known (kids k) (arity k) z); [| discriminate].
    destruct (Qle_bool _ beta); [| discriminate]. injection Hrw as <-. split; reflexivity. }
  destruct Ec as [Ec ->].
  assert (Hconst : forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj).
  { intros j bj Hj Hkj. unfold constantsOK in Ec. rewrite forallb_forall in Ec.
    specialize (Ec j (proj2 (in_seq (arity k) 0 j) (conj (Nat.le_0_l j) Hj))).
    rewrite Hkj in Ec. apply Bool.eqb_prop in Ec. exact Ec. }
  destruct (Hnode k z Hk Hl Hz Hconst) as [Hopt [Hfree Hkid]].
  destruct (Hopt bs) as [[Ht Hfeas] _]. fold c in Hopt. fold t in Ht, Hfeas.
  destruct HV as [_ HV]. destruct (HV k Hk) as [Hval HVk].
  assert (Hcap : forall i, (i < arity k)%nat -> nth i c 0 = capacity known (kids k) bs i)
    by (intros; unfold c; apply nth_map_seq; assumption).
  assert (Hw : forall i, (i < arity k)%nat -> nth i w 0 = nth i c 0 * nth i t 0)
    by (intros; unfold w; apply nth_map_seq; assumption).
  assert (Hc0 : forall i, (i < arity k)%nat -> 0 <= nth i c 0).
  { intros i Hi. rewrite Hcap by exact Hi. unfold capacity.
    destruct (known (kids k i)); [lra |]. generalize (Q.le_max_r (nth i bs 0) 1). lra. }
  assert (Hw0 : forall i, (i < arity k)%nat -> 0 <= nth i w 0)
    by (intros i Hi; rewrite Hw by exact Hi; apply Qmult_le_0_compat; [apply Hc0, Hi | apply Ht]).
  (* The lying children J, a sensitive block (the core lemma). *)
  assert (Hgl : length (childVals oracle arity kids k) = length z) by (rewrite childVals_length; lia).
  assert (Hfalse : a <> agg k (childVals oracle arity kids k)) by (rewrite Hval; exact Ha).
  destruct (core_lemma (agg k) z _ t a (conj Ht Hfeas) Hgl Hz Hfalse) as [_ [_ [HJ _]]].
  rewrite Hl in HJ. set (J := lying z (childVals oracle arity kids k)) in *.
  (* Every child outside J has weight 0: a constant one has capacity 0, a true non-constant
     one is free, so the optimal dual vanishes there. *)
  assert (Hout : forall i, (i < arity k)%nat -> nth i J false = false -> nth i w 0 == 0).
  { intros i Hi HJi. rewrite Hw by exact Hi. rewrite Hcap by exact Hi. unfold capacity.
    destruct (known (kids k i)) as [bi |] eqn:Eb; [ring |].
    assert (Htrue : nth i z false = val oracle (kids k i)).
    { unfold J in HJi. rewrite nth_lying in HJi by lia. rewrite nth_childVals in HJi by exact Hi.
      destruct (nth i z false), (val oracle (kids k i)); simpl in HJi; congruence. }
    assert (Hpos : 0 < nth i c 0).
    { rewrite Hcap by exact Hi. unfold capacity. rewrite Eb.
      generalize (Q.le_max_r (nth i bs 0) 1). lra. }
    assert (Hz0 := optimal_dual_vanishes bobw (agg k) z c i (Hopt bs) ltac:(lia) Hpos
                     (Hfree i Hi Htrue Eb)).
    fold t in Hz0. rewrite Hz0. ring. }
  (* W >= t(J) >= 1: the lying children are not constant, so their capacities are >= 1. *)
  assert (HW1 : 1 <= totalWeight (arity k) w).
  { apply (Qle_trans _ _ _ HJ). apply qsum_le. intros i Hi.
    destruct (nth i J false) eqn:HJi; [| apply Hw0, Hi].
    assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
    assert (Hnc : known (kids k i) = None).
    { destruct (known (kids k i)) as [bi |] eqn:Eb; [| reflexivity]. exfalso. apply Hlie.
      rewrite (Hconst i bi Hi Eb). symmetry. exact (Hknown _ bi (HVk i Hi) Eb). }
    rewrite Hw by exact Hi. rewrite Hcap by exact Hi. unfold capacity. rewrite Hnc.
    assert (Hm := Q.le_max_r (nth i bs 0) 1). assert (H0 := Ht i).
    apply (Qle_trans _ (1 * nth i t 0)); [lra |]. apply Qmult_le_compat_r; assumption. }
  rewrite (W_nonzero _ HW1). set (W := totalWeight (arity k) w) in *.
  assert (HiW : 0 < / W) by (apply Qinv_lt_0_compat; lra).
  apply (Qle_trans _ (qsum (arity k) (fun i => nth i w 0 / W * b))).
  - assert (E : qsum (arity k) (fun i => nth i w 0 / W * b)
                == (qsum (arity k) (fun i => nth i w 0) * / W) * b).
    { rewrite <- !qsum_mul_r. apply qsum_ext. intros. unfold Qdiv. ring. }
    assert (E2 : qsum (arity k) (fun i => nth i w 0) * / W == 1)
      by (change (qsum (arity k) (fun i => nth i w 0)) with W; apply Qmult_inv_r; lra).
    rewrite E, E2. lra.
  - apply qsum_le. intros i Hi.
    assert (Hp : 0 <= nth i w 0 / W) by (unfold Qdiv; apply Qmult_le_0_compat; [apply Hw0, Hi | lra]).
    destruct (nth i J false) eqn:HJi.
    + assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
      assert (Hcat := Hkid i (nth i bs 0) (shift s i) Hi Hlie). nra.
    + assert (E := Hout i Hi HJi). unfold Qdiv. rewrite E.
      set (x := catch oracle (budgetRule known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)).
      assert (E1 : 0 * / W * b == 0) by ring. assert (E2 : 0 * / W * x == 0) by ring. lra.
Qed.

Print Assumptions proposition_B1prime_b_step.
