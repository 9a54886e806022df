(* BudgetedLeaves.v -- Proposition B1' (a) and the first case of B1' (b) (ours, docs/budgeted.md
   section 5) for the protocol as the engine runs it (verify/budgeted/engine.py): a leaf child's
   budget is fixed at 1, so a non-constant leaf child has capacity 1 whatever budget Alice
   writes for it. The variant rule budgetRuleE is the model's budgetRule read with every leaf
   child's budget replaced by 1 (capacities: 0 for a child Bob knows constant, 1 for a leaf,
   max(beta_i, 1) for an internal child). Theorem B1 carries over to it (a leaf's catch does
   not depend on its budget). Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at
   the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert BudgetedFloors MenuDistinct.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* Every leaf child's budget read as 1 (the engine fixes it). *)
Definition leafBudgets {Query : Type} (kids : nat -> tree Query) (q : nat) (bs : list Q) : list Q :=
  map (fun i => match kids i with Leaf _ => 1 | _ => nth i bs 0 end) (seq 0 q).

(* The engine's budgeted rule: the model's rule with the leaf children's budgets at 1. *)
Definition budgetRuleE {Query : Type} (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) : @Rule Query :=
  fun f kids q z beta bs => budgetRule known bobw f kids q z beta (leafBudgets kids q bs).

(* c0: capacity 0 on a child Bob knows constant, 1 on the others. *)
Definition caps0 {Query : Type} (known : tree Query -> option bool) (kids : nat -> tree Query)
  (q : nat) : list Q :=
  map (fun i => match known (kids i) with Some _ => 0 | None => 1 end) (seq 0 q).

(* Every non-constant child is a leaf. *)
Definition nonConstLeaves {Query : Type} (known : tree Query -> option bool)
  (kids : nat -> tree Query) (q : nat) : bool :=
  forallb (fun i => match known (kids i) with
                    | Some _ => true
                    | None => match kids i with Leaf _ => true | _ => false end
                    end) (seq 0 q).

(* D(z): W(z, c0) (Bob's weighted value at c0) if every non-constant child is a leaf,
   beta_max otherwise. *)
Definition perChildD {Query : Type} (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (betaMax : Q) (f : Agg) (kids : nat -> tree Query)
  (q : nat) (z : list bool) : Q :=
  if nonConstLeaves known kids q then weightedValue q (caps0 known kids q) (bobw f z (caps0 known kids q))
  else betaMax.

(* ======================================================================================== *)
(* Theorem B1 for the engine's rule                                                          *)
(* ======================================================================================== *)

(* A run of the engine's rule is a run of the model's rule with the leaf budgets rewritten. *)
Lemma catch_leafBudgets : forall (Query : Type) (oracle : Query -> bool) known bobw
  (T : tree Query) a beta s, exists s',
  catch oracle (budgetRuleE known bobw) T a beta s == catch oracle (budgetRule known bobw) T a beta s'.
Proof.
  intros Query oracle known bobw T. induction T as [x | m agg arity kids IH]; intros a beta s.
  - exists s. reflexivity.
  - destruct (s []) as [[k z] bs] eqn:Hs.
    destruct (finite_choice _ s
      (fun i s' => catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)
                   == catch oracle (budgetRule known bobw) (kids k i) (nth i z false) (nth i bs 0) s')
      (arity k) (fun i _ => IH k i (nth i z false) (nth i bs 0) (shift s i))) as [f Hf].
    set (bs' := leafBudgets (kids k) (arity k) bs).
    exists (fun p => match p with [] => (k, z, bs') | i :: p' => f i p' end).
    simpl catch. rewrite Hs.
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool; [| reflexivity].
    change (budgetRuleE known bobw (agg k) (kids k) (arity k) z beta bs)
      with (budgetRule known bobw (agg k) (kids k) (arity k) z beta bs').
    destruct (budgetRule known bobw (agg k) (kids k) (arity k) z beta bs') as [w |]; [| reflexivity].
    destruct (Qeq_bool (totalWeight (arity k) w) 0); [reflexivity |].
    apply qsum_ext. intros i Hi. rewrite (Hf i Hi).
    assert (E : catch oracle (budgetRule known bobw) (kids k i) (nth i z false) (nth i bs 0) (f i)
                == catch oracle (budgetRule known bobw) (kids k i) (nth i z false) (nth i bs' 0) (f i)).
    { unfold bs', leafBudgets. rewrite nth_map_seq by exact Hi.
      destruct (kids k i); reflexivity. }
    rewrite E. reflexivity.
Qed.

(* THEOREM B1 for the engine's rule (ours): a lie is caught with probability >= g(beta), and
   >= g(beta_max) with the root checks. *)
Theorem theorem_B1_engine :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (a : bool) (beta betaMax : Q) (s : Strategy),
    Valid oracle T -> a <> val oracle T ->
    (guarantee beta <= catch oracle (budgetRuleE known bobw) T a beta s) /\
    (guarantee betaMax <= catchRoot oracle known (budgetRuleE known bobw) betaMax T a beta s).
Proof.
  intros Query oracle known bobw Hk Hb T a beta betaMax s HV Ha.
  destruct (catch_leafBudgets Query oracle known bobw T a beta s) as [s' E].
  destruct (theorem_B1 Query oracle known bobw Hk Hb T a beta betaMax s' HV Ha) as [H1 H2].
  split; [rewrite E; exact H1 |]. unfold catchRoot in *.
  destruct (rootChecks known betaMax T a beta); [rewrite E; exact H2 | exact H2].
Qed.

(* ======================================================================================== *)
(* Proposition B1' (a) and the first case of B1' (b)                                         *)
(* ======================================================================================== *)

Lemma budgetRuleE_nonneg : forall (Query : Type) (known : tree Query -> option bool) bobw,
  BobwFeasible bobw -> WeightsNonneg (budgetRuleE known bobw).
Proof.
  intros Query known bobw Hb f kids q z beta bs w H i Hi.
  exact (budget_weights_nonneg known _ (budgetRule_strict known bobw Hb) f kids q z beta _ w H i Hi).
Qed.

(* The root step shared by (a) and (b): once the checks pass at the root, Bob's weights are
   c_i t_i with the engine's capacities, W >= 1 unless no child is sampled, and the catch
   probability is the average of the children's. *)
Definition engineCaps {Query : Type} (known : tree Query -> option bool) (kids : nat -> tree Query)
  (q : nat) (bs : list Q) : list Q :=
  map (capacity known kids (leafBudgets kids q bs)) (seq 0 q).

Lemma engine_cap_nth : forall (Query : Type) (known : tree Query -> option bool) kids q bs i,
  (i < q)%nat -> nth i (engineCaps known kids q bs) 0 =
  match known (kids i) with
  | Some _ => 0
  | None => match kids i with Leaf _ => 1 | _ => Qmax (nth i bs 0) 1 end
  end.
Proof.
  intros Query known kids q bs i Hi. unfold engineCaps. rewrite nth_map_seq by exact Hi.
  unfold capacity, leafBudgets. rewrite nth_map_seq by exact Hi.
  destruct (known (kids i)); [reflexivity |]. destruct (kids i); reflexivity.
Qed.

(* On a node whose non-constant children are all leaves, the engine's capacities are c0. *)
Lemma engine_caps_c0 : forall (Query : Type) (known : tree Query -> option bool) kids q bs,
  nonConstLeaves known kids q = true -> engineCaps known kids q bs = caps0 known kids q.
Proof.
  intros Query known kids q bs HL. unfold engineCaps, caps0. apply map_ext_in. intros i Hi.
  unfold nonConstLeaves in HL. rewrite forallb_forall in HL. specialize (HL i Hi).
  unfold capacity, leafBudgets. apply in_seq in Hi. rewrite nth_map_seq by lia.
  destruct (known (kids i)); [reflexivity |]. destruct (kids i); [reflexivity | discriminate].
Qed.

(* A lying child's capacity times its catch probability is >= 1 (Theorem B1 at an internal
   child, a certain catch at a leaf of capacity 1). *)
Lemma lying_child_cap : forall (Query : Type) (oracle : Query -> bool) known bobw,
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) b bi s, Valid oracle T -> b <> val oracle T -> known T = None ->
  1 <= match T with Leaf _ => 1 | _ => Qmax bi 1 end
       * catch oracle (budgetRuleE known bobw) T b bi s.
Proof.
  intros Query oracle known bobw Hk Hb T b bi s HV Hlie Hnc. destruct T as [x | m agg arity kids].
  - simpl in *. destruct (Bool.eqb b (oracle x)) eqn:E; [apply Bool.eqb_prop in E; contradiction | lra].
  - destruct (theorem_B1_engine Query oracle known bobw Hk Hb (Node m agg arity kids) b bi bi s HV Hlie)
      as [Hg _].
    rewrite <- (capacity_guarantee bi) at 1. rewrite !(Qmult_comm (Qmax bi 1)).
    apply Qmult_le_compat_r; [exact Hg |]. generalize (Q.le_max_r bi 1). lra.
Qed.

(* PROPOSITION B1' (a) (ours, docs/budgeted.md section 5), for the engine's rule. Let the root
   be a decomposition node and L <= 1. If at every claim vector z of the root consistent with
   the lie and with the constant children Bob's weighted dual is optimal at the capacities c0,
   and every z in A (those with W(z, c0) <= beta_max) has L D(z) <= nu(z) -- in the dual form:
   L D(z) <= t(J(z)) for every feasible dual t, J(z) the lying children -- then every Alice
   lying at the root is caught with probability >= L: the bound min over A of nu(z) / D(z). *)
Theorem proposition_B1prime_a :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall m agg arity (kids : nat -> nat -> tree Query) (a : bool) (beta betaMax L : Q) (s : Strategy),
    Valid oracle (Node m agg arity kids) -> a <> val oracle (Node m agg arity kids) -> L <= 1 ->
    (forall k z, (k < m)%nat -> length z = arity k -> agg k z = a ->
       (forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj) ->
       BobwOptimalAt bobw (agg k) z (caps0 known (kids k) (arity k)) /\
       (weightedValue (arity k) (caps0 known (kids k) (arity k))
          (bobw (agg k) z (caps0 known (kids k) (arity k))) <= betaMax ->
        forall t, DualFeasible (agg k) z t ->
          L * perChildD known bobw betaMax (agg k) (kids k) (arity k) z
          <= blockWeight (arity k) t (lying z (childVals oracle arity kids k)))) ->
    L <= catchRoot oracle known (budgetRuleE known bobw) betaMax (Node m agg arity kids) a beta s.
Proof.
  intros Query oracle known bobw Hknown Hbf m agg arity kids a beta betaMax L s HV Ha HL1 Hnode.
  unfold catchRoot.
  destruct (rootChecks known betaMax (Node m agg arity kids) a beta) eqn:Hroot; [| exact HL1].
  assert (HbM : beta <= betaMax)
    by (unfold rootChecks in Hroot; apply andb_prop in Hroot as [_ E]; apply Qle_bool_iff; exact E).
  assert (Hnn := catch_nonneg oracle _ (budgetRuleE_nonneg Query known bobw Hbf)).
  simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
  destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
    eqn:Hc; [| exact HL1].
  destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
  change (budgetRuleE known bobw (agg k) (kids k) (arity k) z beta bs)
    with (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs)).
  set (c := engineCaps known (kids k) (arity k) bs).
  set (t := bobw (agg k) z c).
  set (w := map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity k))).
  destruct (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs))
    as [w' |] eqn:Hrw; [| exact HL1].
  assert (Ec : constantsOK known (kids k) (arity k) z = true /\ totalWeight (arity k) w <= beta /\ w' = w).
  { unfold budgetRule in Hrw. fold (engineCaps known (kids k) (arity k) bs) c t w in Hrw.
    destruct (constantsOK known (kids k) (arity k) z); [| discriminate].
    destruct (Qle_bool _ beta) eqn:Eb; [| discriminate]. injection Hrw as <-.
    split; [reflexivity | split; [apply Qle_bool_iff, Eb | reflexivity]]. }
  destruct Ec as [Ec [HWb ->]].
  assert (Hconst : forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj).
  { intros j bj Hj Hkj. unfold constantsOK in Ec. rewrite forallb_forall in Ec.
    specialize (Ec j (proj2 (in_seq (arity k) 0 j) (conj (Nat.le_0_l j) Hj))).
    rewrite Hkj in Ec. apply Bool.eqb_prop in Ec. exact Ec. }
  destruct (Hnode k z Hk Hl Hz Hconst) as [Hopt0 HA].
  destruct (Hbf (agg k) z c) as [Ht Hfeas]. fold t in Ht, Hfeas.
  destruct HV as [_ HV]. destruct (HV k Hk) as [Hval HVk].
  assert (Hw : forall i, (i < arity k)%nat -> nth i w 0 = nth i c 0 * nth i t 0)
    by (intros; unfold w; apply nth_map_seq; assumption).
  assert (Hc0 : forall i, (i < arity k)%nat -> 0 <= nth i c 0).
  { intros i Hi. unfold c. rewrite engine_cap_nth by exact Hi.
    destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra |].
    generalize (Q.le_max_r (nth i bs 0) 1). lra. }
  assert (Hw0 : forall i, (i < arity k)%nat -> 0 <= nth i w 0)
    by (intros i Hi; rewrite Hw by exact Hi; apply Qmult_le_0_compat; [apply Hc0, Hi | apply Ht]).
  assert (Hgl : length (childVals oracle arity kids k) = length z) by (rewrite childVals_length; lia).
  assert (Hfalse : a <> agg k (childVals oracle arity kids k)) by (rewrite Hval; exact Ha).
  destruct (core_lemma (agg k) z _ t a (conj Ht Hfeas) Hgl Hz Hfalse) as [_ [_ [HJ _]]].
  rewrite Hl in HJ. set (J := lying z (childVals oracle arity kids k)) in *.
  (* a lying child: not constant, capacity >= 1, and c_i catch_i >= 1 *)
  assert (Hnc : forall i, (i < arity k)%nat -> nth i J false = true -> known (kids k i) = None).
  { intros i Hi HJi. assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
    destruct (known (kids k i)) as [bi |] eqn:Eb; [| reflexivity]. exfalso. apply Hlie.
    rewrite (Hconst i bi Hi Eb). symmetry. exact (Hknown _ bi (HVk i Hi) Eb). }
  assert (Hkid : forall i, (i < arity k)%nat -> nth i J false = true ->
            1 <= nth i c 0 /\
            1 <= nth i c 0 * catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)).
  { intros i Hi HJi. unfold c. rewrite engine_cap_nth, (Hnc i Hi HJi) by exact Hi. split.
    - destruct (kids k i); [lra | apply Q.le_max_r].
    - exact (lying_child_cap Query oracle known bobw Hknown Hbf (kids k i) (nth i z false)
               (nth i bs 0) (shift s i) (HVk i Hi) (lying_child oracle arity kids k z i Hl Hi HJi)
               (Hnc i Hi HJi)). }
  set (W := totalWeight (arity k) w) in *.
  assert (HWt : W == weightedValue (arity k) c t)
    by (unfold W, totalWeight, weightedValue; apply qsum_ext; intros i Hi; rewrite Hw by exact Hi; reflexivity).
  assert (HW1 : 1 <= W).
  { apply (Qle_trans _ _ _ HJ). unfold W, totalWeight, blockWeight. apply qsum_le. intros i Hi.
    destruct (nth i J false) eqn:HJi; [| apply Hw0, Hi].
    rewrite Hw by exact Hi. destruct (Hkid i Hi HJi) as [Hc1 _]. assert (H0 := Ht i).
    apply (Qle_trans _ (1 * nth i t 0)); [lra |]. apply Qmult_le_compat_r; assumption. }
  (* W <= D(z), and z is in A *)
  set (c0 := caps0 known (kids k) (arity k)) in *.
  assert (Hc0c : forall i, (i < arity k)%nat -> nth i c0 0 <= nth i c 0).
  { intros i Hi. unfold c0, caps0, c. rewrite nth_map_seq, engine_cap_nth by exact Hi.
    destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra | apply Q.le_max_r]. }
  assert (HinA : weightedValue (arity k) c0 (bobw (agg k) z c0) <= betaMax).
  { destruct Hopt0 as [_ Hmin]. rewrite Hl in Hmin. apply (Qle_trans _ _ _ (Hmin t (conj Ht Hfeas))).
    apply (Qle_trans _ W); [| lra]. rewrite HWt. unfold weightedValue. apply qsum_le. intros i Hi.
    apply Qmult_le_compat_r; [apply Hc0c, Hi | apply Ht]. }
  assert (HWD : W <= perChildD known bobw betaMax (agg k) (kids k) (arity k) z).
  { unfold perChildD. destruct (nonConstLeaves known (kids k) (arity k)) eqn:EL; [| lra].
    fold c0. assert (Ecc : c = c0) by (apply engine_caps_c0; exact EL).
    rewrite HWt. unfold t. rewrite Ecc. apply Qle_refl. }
  specialize (HA HinA t (conj Ht Hfeas)). fold J in HA.
  rewrite (W_nonzero _ HW1).
  apply (Qle_trans _ (blockWeight (arity k) t J / W)).
  - destruct (Qlt_le_dec 0 L) as [HL0 | HL0].
    + apply Qle_shift_div_l; [lra |].
      apply (Qle_trans _ (L * perChildD known bobw betaMax (agg k) (kids k) (arity k) z)); [| exact HA].
      rewrite !(Qmult_comm L). apply Qmult_le_compat_r; [exact HWD | lra].
    + apply (Qle_trans _ 0); [exact HL0 |]. apply Qle_shift_div_l; [lra |].
      rewrite Qmult_0_l. apply qsum_nonneg. intros i _. destruct (nth i J false); [apply Ht | lra].
  - unfold blockWeight, Qdiv. rewrite <- qsum_mul_r. apply qsum_le. intros i Hi.
    assert (HiW : 0 < / W) by (apply Qinv_lt_0_compat; lra).
    destruct (nth i J false) eqn:HJi.
    + destruct (Hkid i Hi HJi) as [_ Hcc]. rewrite Hw by exact Hi.
      set (x := catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)) in *.
      assert (H0 := Ht i).
      setoid_replace (nth i c 0 * nth i t 0 * / W * x) with (nth i t 0 * / W * (nth i c 0 * x)) by ring.
      apply (Qle_trans _ (nth i t 0 * / W * 1)); [lra |].
      rewrite !(Qmult_comm (nth i t 0 * / W)).
      apply Qmult_le_compat_r; [exact Hcc | apply Qmult_le_0_compat; lra].
    + rewrite Qmult_0_l. apply Qmult_le_0_compat; [apply Qmult_le_0_compat; [apply Hw0, Hi | lra] | apply Hnn].
Qed.

(* PROPOSITION B1' (b), its first case (ours, docs/budgeted.md section 5), for the engine's
   rule: at a node whose non-constant children are all leaves, the capacities are c0 whatever
   Alice writes, and a run is caught exactly when Bob samples a lying leaf; so if at every
   claim vector z consistent with the lie and the constant children the sum over the lying
   children of Bob's p_i = c0_i t_i / W(z, c0) is >= L <= 1, every lie at the node is caught with
   probability >= L, whatever its budget and strategy. *)
Theorem proposition_B1prime_b_leaves :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall m agg arity (kids : nat -> nat -> tree Query) (a : bool) (beta L : Q) (s : Strategy),
    Valid oracle (Node m agg arity kids) -> a <> val oracle (Node m agg arity kids) -> L <= 1 ->
    (forall k z, (k < m)%nat -> length z = arity k -> agg k z = a ->
       (forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj) ->
       nonConstLeaves known (kids k) (arity k) = true /\
       L <= qsum (arity k) (fun i =>
              if nth i (lying z (childVals oracle arity kids k)) false then
                nth i (caps0 known (kids k) (arity k)) 0
                * nth i (bobw (agg k) z (caps0 known (kids k) (arity k))) 0
                / weightedValue (arity k) (caps0 known (kids k) (arity k))
                    (bobw (agg k) z (caps0 known (kids k) (arity k)))
              else 0)) ->
    L <= catch oracle (budgetRuleE known bobw) (Node m agg arity kids) a beta s.
Proof.
  intros Query oracle known bobw Hknown Hbf m agg arity kids a beta L s HV Ha HL1 Hnode.
  assert (Hnn := catch_nonneg oracle _ (budgetRuleE_nonneg Query known bobw Hbf)).
  simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
  destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
    eqn:Hc; [| exact HL1].
  destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
  change (budgetRuleE known bobw (agg k) (kids k) (arity k) z beta bs)
    with (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs)).
  set (c := engineCaps known (kids k) (arity k) bs).
  set (t := bobw (agg k) z c).
  set (w := map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity k))).
  destruct (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs))
    as [w' |] eqn:Hrw; [| exact HL1].
  assert (Ec : constantsOK known (kids k) (arity k) z = true /\ w' = w).
  { unfold budgetRule in Hrw. fold (engineCaps known (kids k) (arity k) bs) c t w in Hrw.
    destruct (constantsOK known (kids k) (arity k) z); [| discriminate].
    destruct (Qle_bool _ beta); [| discriminate]. injection Hrw as <-. split; reflexivity. }
  destruct Ec as [Ec ->].
  assert (Hconst : forall j bj, (j < arity k)%nat -> known (kids k j) = Some bj -> nth j z false = bj).
  { intros j bj Hj Hkj. unfold constantsOK in Ec. rewrite forallb_forall in Ec.
    specialize (Ec j (proj2 (in_seq (arity k) 0 j) (conj (Nat.le_0_l j) Hj))).
    rewrite Hkj in Ec. apply Bool.eqb_prop in Ec. exact Ec. }
  destruct (Hnode k z Hk Hl Hz Hconst) as [HL HF].
  assert (Ecc : c = caps0 known (kids k) (arity k)) by (apply engine_caps_c0; exact HL).
  destruct (Hbf (agg k) z c) as [Ht _]. fold t in Ht.
  destruct HV as [_ HV]. destruct (HV k Hk) as [_ HVk].
  assert (Hw : forall i, (i < arity k)%nat -> nth i w 0 = nth i c 0 * nth i t 0)
    by (intros; unfold w; apply nth_map_seq; assumption).
  set (W := totalWeight (arity k) w).
  assert (HWt : W == weightedValue (arity k) c t)
    by (unfold W, totalWeight, weightedValue; apply qsum_ext; intros i Hi; rewrite Hw by exact Hi; reflexivity).
  unfold t in HWt, Hw, Ht. rewrite Ecc in HWt, Hw, Ht.
  set (J := lying z (childVals oracle arity kids k)) in *.
  assert (HF' : L <= qsum (arity k) (fun i => if nth i J false then
                  nth i (caps0 known (kids k) (arity k)) 0
                  * nth i (bobw (agg k) z (caps0 known (kids k) (arity k))) 0 / W else 0)).
  { apply (Qle_trans _ _ _ HF). apply Qle_lteq. right. apply qsum_ext. intros i _.
    destruct (nth i J false); [rewrite HWt |]; reflexivity. }
  clear HF. rename HF' into HF.
  destruct (Qeq_bool W 0) eqn:EW.
  - apply Qeq_bool_eq in EW.
    apply (Qle_trans _ _ _ HF). apply Qle_lteq. right. apply (Qeq_trans _ (qsum (arity k) (fun _ => 0))).
    + apply qsum_ext. intros i _. destruct (nth i J false); [| reflexivity].
      unfold Qdiv. rewrite EW. change (/ 0) with 0. ring.
    + clear. induction (arity k) as [| n IH]; simpl; [reflexivity | rewrite IH; reflexivity].
  - apply (Qle_trans _ _ _ HF). apply qsum_le. intros i Hi.
    destruct (nth i J false) eqn:HJi.
    + assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
      assert (Hleaf : exists x, kids k i = Leaf x).
      { unfold nonConstLeaves in HL. rewrite forallb_forall in HL.
        specialize (HL i (proj2 (in_seq (arity k) 0 i) (conj (Nat.le_0_l i) Hi))).
        destruct (known (kids k i)) as [bi |] eqn:Eb.
        - exfalso. apply Hlie. rewrite (Hconst i bi Hi Eb). symmetry. exact (Hknown _ bi (HVk i Hi) Eb).
        - destruct (kids k i) as [x |]; [exists x; reflexivity | discriminate]. }
      destruct Hleaf as [x Ex].
      assert (Hcatch : catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i) == 1).
      { rewrite Ex in *. simpl in Hlie |- *. destruct (Bool.eqb (nth i z false) (oracle x)) eqn:E;
          [apply Bool.eqb_prop in E; contradiction | reflexivity]. }
      rewrite Hcatch, Hw by exact Hi. rewrite Qmult_1_r. apply Qle_refl.
    + apply Qmult_le_0_compat; [| apply Hnn]. rewrite Hw by exact Hi. unfold Qdiv.
      apply Qmult_le_0_compat; [| apply Qinv_le_0_compat; rewrite HWt; unfold weightedValue;
                                  apply qsum_nonneg; intros j Hj].
      * apply Qmult_le_0_compat; [| apply Ht]. unfold caps0. rewrite nth_map_seq by exact Hi.
        destruct (known (kids k i)); lra.
      * apply Qmult_le_0_compat; [| apply Ht]. unfold caps0. rewrite nth_map_seq by exact Hj.
        destruct (known (kids k j)); lra.
Qed.

Print Assumptions theorem_B1_engine.
Print Assumptions proposition_B1prime_a.
Print Assumptions proposition_B1prime_b_leaves.
