(* BudgetedRecursion.v -- Proposition B1' (b) (ours, docs/budgeted.md section 5) as the tool
   computes it (verify/budgeted/bounds.py, _Floors): the children's floors ell(v), defined by
   recursion with the tool's cut-offs, bound the catch probability of every lie at v, for the
   engine's budgeted rule budgetRuleE (BudgetedLeaves.v: a leaf child's budget read as 1, as
   verify/budgeted/engine.py runs the protocol). The recursion combines the three cases: the
   first (non-constant children all leaves: the sum over the lying children of Bob's p_i at
   c0), the second (no minimal sensitive block contains a true non-constant child: the least
   floor of a lying child, Bob's dual optimal) and the third (0, also where the computation
   stops). At the root the bound is max(nu(z) / D(z), F(root, z)) for each claim vector z
   (Proposition B1' (a) or (b) per z). Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert BudgetedFloors BudgetedLeaves.
From FbsCoq Require ExhaustiveCheck MeasureCheck.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* The least element of a list of rationals, 1 for the empty list (the tool's default=ONE). *)
Definition qminl (l : list Q) : Q := fold_right Qmin 1 l.

(* Child j is in no minimal sensitive block of f at z: every sensitive block B (a mask of
   length |z|) containing j contains a sensitive block B' without j. *)
Definition freeb (f : Agg) (z : list bool) (j : nat) : bool :=
  forallb (fun B => implb (sensb f z B && nth j B false)
             (existsb (fun B' => sensb f z B' && negb (nth j B' false)
                                 && forallb (fun i => implb (nth i B' false) (nth i B false))
                                            (seq 0 (length z)))
                      (allMasks (length z))))
          (allMasks (length z)).

(* F(v, z) of Proposition B1' (b) at a node with aggregator f, children kids (q of them, true
   values g), claim vector z, given the children's floors kidFloor:
   - every non-constant child a leaf: the sum over the lying children of Bob's
     p_i = c0_i t_i / W(z, c0) at the capacities c0;
   - else, every true non-constant child free: the least floor of a lying child;
   - else 0. *)
Definition floorAt {Query : Type} (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (kidFloor : nat -> Q) (f : Agg)
  (kids : nat -> tree Query) (q : nat) (g z : list bool) : Q :=
  if nonConstLeaves known kids q then
    qsum q (fun i => if nth i (lying z g) false then
                       nth i (caps0 known kids q) 0 * nth i (bobw f z (caps0 known kids q)) 0
                       / weightedValue q (caps0 known kids q) (bobw f z (caps0 known kids q))
                     else 0)
  else if forallb (fun j => nth j (lying z g) false
                            || match known (kids j) with Some _ => true | None => freeb f z j end)
                  (seq 0 q)
  then qminl (map kidFloor (filter (fun i => nth i (lying z g) false) (seq 0 q)))
  else 0.

(* The claim vectors of a decomposition consistent with the claim a and with the constant
   children (listed among all 2^q masks). *)
Definition lieVectors {Query : Type} (known : tree Query -> option bool) (f : Agg)
  (kids : nat -> tree Query) (q : nat) (a : bool) : list (list bool) :=
  filter (fun z => (Bool.eqb (f z) a && constantsOK known kids q z)%bool) (allMasks q).

(* ell(v) with the cut-offs: 1 at a leaf; 0 where cut p v says the computation stops (p the
   position of v: the (alternative, child) pairs from v up to the root, so length p is v's
   depth); otherwise the least F(v, z) over the alternatives k and the claim vectors z
   consistent with the lie negb (val v), child i's floor taken at position (k, i) :: p. *)
Fixpoint ell {Query : Type} (oracle : Query -> bool) (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (cut : list (nat * nat) -> tree Query -> bool)
  (p : list (nat * nat)) (T : tree Query) : Q :=
  match T with
  | Leaf _ => 1
  | Node m agg arity kids =>
      if cut p T then 0 else
      qminl (flat_map (fun k =>
        map (floorAt known bobw (fun i => ell oracle known bobw cut ((k, i) :: p) (kids k i)) (agg k)
                     (kids k) (arity k) (childVals oracle arity kids k))
            (lieVectors known (agg k) (kids k) (arity k) (negb (val oracle T))))
        (seq 0 m))
  end.

(* The tool's cut-offs (verify/budgeted/bounds.py, FLOOR_DEPTH = 3, FLOOR_WIDTH = 12): an
   internal node more than 3 levels below the root, or with an alternative wider than 12. (The
   tool's third cut-off, its budget of listed claim vectors, sets to 0 the floors of the nodes
   it reaches once the budget is spent: a cut that depends on the position, also covered,
   since the theorems hold for every cut.) *)
Definition toolCut {Query : Type} (p : list (nat * nat)) (T : tree Query) : bool :=
  match T with
  | Leaf _ => false
  | Node m agg arity kids => (Nat.ltb 3 (length p) || existsb (fun k => Nat.ltb 12 (arity k)) (seq 0 m))%bool
  end.

(* Bob's weighted dual is optimal wherever the recursion's second case uses it: at every
   internal node, every alternative whose non-constant children are not all leaves, every
   claim vector consistent with a lie and with the constant children, and every capacity
   vector the engine's rule can produce. *)
Fixpoint BobOptimalE {Query : Type} (oracle : Query -> bool) (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      (forall k z bs, (k < m)%nat -> length z = arity k -> agg k z <> val oracle T ->
         constantsOK known (kids k) (arity k) z = true ->
         nonConstLeaves known (kids k) (arity k) = false ->
         BobwOptimalAt bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) /\
      (forall k i, (k < m)%nat -> (i < arity k)%nat -> BobOptimalE oracle known bobw (kids k i))
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Lemma qminl_le1 : forall l, qminl l <= 1.
Proof.
  induction l as [| x l IH]; simpl; [lra |].
  apply (Qle_trans _ _ _ (Q.le_min_r x _)). exact IH.
Qed.

Lemma qminl_le : forall l x, In x l -> qminl l <= x.
Proof.
  induction l as [| y l IH]; intros x Hx; [destruct Hx |]. simpl.
  destruct Hx as [<- | Hx]; [apply Q.le_min_l |].
  apply (Qle_trans _ _ _ (Q.le_min_r y _)). apply IH. exact Hx.
Qed.

Lemma sensb_true : forall f z B, sensb f z B = true <-> Sensitive f z B.
Proof.
  intros f z B. unfold sensb, Sensitive.
  destruct (f (flip z B)), (f z); simpl; split; congruence.
Qed.

(* freeb decides FreeChild. *)
Lemma freeb_sound : forall f z j, (j < length z)%nat -> freeb f z j = true -> FreeChild f z j.
Proof.
  intros f z j Hj H B HB.
  destruct (nth j B false) eqn:EBj; [| exists B; split; [exact HB | split; [auto | exact EBj]]].
  set (B0 := map (fun i => nth i B false) (seq 0 (length z))).
  assert (HL : length B0 = length z) by (unfold B0; rewrite map_length, seq_length; reflexivity).
  assert (HB0 : In B0 (allMasks (length z))) by (rewrite <- HL; apply in_allMasks).
  unfold freeb in H. rewrite forallb_forall in H. specialize (H B0 HB0).
  assert (HS0 : sensb f z B0 = true).
  { apply sensb_true. unfold Sensitive. unfold B0. rewrite ExhaustiveCheck.flip_trunc. exact HB. }
  assert (Hj0 : nth j B0 false = true) by (unfold B0; rewrite nth_map_seq by exact Hj; exact EBj).
  rewrite HS0, Hj0 in H. simpl in H. apply existsb_exists in H as [B' [HB' E]].
  apply andb_prop in E as [E Hsub]. apply andb_prop in E as [HS' Hj'].
  exists B'. split; [apply sensb_true; exact HS' |]. split.
  - intros i Hi. destruct (Nat.lt_ge_cases i (length z)) as [Hiz | Hiz].
    + rewrite forallb_forall in Hsub. specialize (Hsub i (proj2 (in_seq _ 0 i) (conj (Nat.le_0_l i) Hiz))).
      rewrite Hi in Hsub. simpl in Hsub. unfold B0 in Hsub. rewrite nth_map_seq in Hsub by exact Hiz.
      exact Hsub.
    + rewrite nth_overflow in Hi; [discriminate |].
      rewrite (MeasureCheck.allMasks_length _ _ HB'). exact Hiz.
  - apply negb_true_iff. exact Hj'.
Qed.

Lemma ell_node : forall (Query : Type) oracle known bobw cut p m agg arity (kids : nat -> nat -> tree Query),
  ell oracle known bobw cut p (Node m agg arity kids) =
  if cut p (Node m agg arity kids) then 0 else
  qminl (flat_map (fun k =>
    map (floorAt known bobw (fun i => ell oracle known bobw cut ((k, i) :: p) (kids k i)) (agg k)
                 (kids k) (arity k) (childVals oracle arity kids k))
        (lieVectors known (agg k) (kids k) (arity k) (negb (val oracle (Node m agg arity kids)))))
    (seq 0 m)).
Proof. reflexivity. Qed.

Lemma constantsOK_nth : forall (Query : Type) (known : tree Query -> option bool) kids q z j bj,
  constantsOK known kids q z = true -> (j < q)%nat -> known (kids j) = Some bj -> nth j z false = bj.
Proof.
  intros Query known kids q z j bj Ec Hj Hkj. unfold constantsOK in Ec. rewrite forallb_forall in Ec.
  specialize (Ec j (proj2 (in_seq q 0 j) (conj (Nat.le_0_l j) Hj))).
  rewrite Hkj in Ec. apply Bool.eqb_prop in Ec. exact Ec.
Qed.

(* A lying child is not known constant. *)
Lemma lying_nonconst : forall (Query : Type) (oracle : Query -> bool) known,
  KnownSound oracle known -> forall (kids : nat -> tree Query) q z i,
  constantsOK known kids q z = true -> (i < q)%nat -> Valid oracle (kids i) ->
  nth i z false <> val oracle (kids i) -> known (kids i) = None.
Proof.
  intros Query oracle known Hknown kids q z i Ec Hi HV Hlie.
  destruct (known (kids i)) as [bi |] eqn:Eb; [| reflexivity]. exfalso. apply Hlie.
  rewrite (constantsOK_nth _ known kids q z i bi Ec Hi Eb). symmetry. exact (Hknown _ bi HV Eb).
Qed.

(* One step of the engine's rule at a node: the checks fail (caught surely), or they pass,
   W >= 1 and the catch probability is Bob's average p_i = c_i t_i / W over the children. *)
Lemma engine_cases : forall (Query : Type) (oracle : Query -> bool) known bobw,
  KnownSound oracle known -> BobwFeasible bobw ->
  forall m agg arity (kids : nat -> nat -> tree Query) a beta s,
  Valid oracle (Node m agg arity kids) -> a <> val oracle (Node m agg arity kids) ->
  catch oracle (budgetRuleE known bobw) (Node m agg arity kids) a beta s == 1 \/
  exists k z bs, s [] = (k, z, bs) /\ (k < m)%nat /\ length z = arity k /\ agg k z = a /\
    constantsOK known (kids k) (arity k) z = true /\
    weightedValue (arity k) (engineCaps known (kids k) (arity k) bs)
      (bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) <= beta /\
    1 <= weightedValue (arity k) (engineCaps known (kids k) (arity k) bs)
           (bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) /\
    catch oracle (budgetRuleE known bobw) (Node m agg arity kids) a beta s ==
    qsum (arity k) (fun i =>
      nth i (engineCaps known (kids k) (arity k) bs) 0
      * nth i (bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) 0
      / weightedValue (arity k) (engineCaps known (kids k) (arity k) bs)
          (bobw (agg k) z (engineCaps known (kids k) (arity k) bs))
      * catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)).
Proof.
  intros Query oracle known bobw Hknown Hbf m agg arity kids a beta s HV Ha.
  simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
  destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
    eqn:Hc; [| left; reflexivity].
  destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
  change (budgetRuleE known bobw (agg k) (kids k) (arity k) z beta bs)
    with (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs)).
  set (c := engineCaps known (kids k) (arity k) bs).
  set (t := bobw (agg k) z c).
  set (w := map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity k))).
  destruct (budgetRule known bobw (agg k) (kids k) (arity k) z beta (leafBudgets (kids k) (arity k) bs))
    as [w' |] eqn:Hrw; [| left; reflexivity].
  assert (Ec : constantsOK known (kids k) (arity k) z = true /\ totalWeight (arity k) w <= beta /\ w' = w).
  { unfold budgetRule in Hrw. fold (engineCaps known (kids k) (arity k) bs) c t w in Hrw.
    destruct (constantsOK known (kids k) (arity k) z); [| discriminate].
    destruct (Qle_bool _ beta) eqn:Eb; [| discriminate]. injection Hrw as <-.
    split; [reflexivity | split; [apply Qle_bool_iff, Eb | reflexivity]]. }
  destruct Ec as [Ec [HWb ->]].
  destruct (Hbf (agg k) z c) as [Ht Hfeas]. fold t in Ht, Hfeas.
  destruct HV as [_ HV]. destruct (HV k Hk) as [Hval HVk].
  assert (Hw : forall i, (i < arity k)%nat -> nth i w 0 = nth i c 0 * nth i t 0)
    by (intros; unfold w; apply nth_map_seq; assumption).
  assert (Hc0 : forall i, (i < arity k)%nat -> 0 <= nth i c 0).
  { intros i Hi. unfold c. rewrite engine_cap_nth by exact Hi.
    destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra |].
    generalize (Q.le_max_r (nth i bs 0) 1). lra. }
  assert (Hgl : length (childVals oracle arity kids k) = length z) by (rewrite childVals_length; lia).
  assert (Hfalse : a <> agg k (childVals oracle arity kids k)) by (rewrite Hval; exact Ha).
  destruct (core_lemma (agg k) z _ t a (conj Ht Hfeas) Hgl Hz Hfalse) as [_ [_ [HJ _]]].
  rewrite Hl in HJ. set (J := lying z (childVals oracle arity kids k)) in *.
  assert (HWt : totalWeight (arity k) w == weightedValue (arity k) c t)
    by (unfold totalWeight, weightedValue; apply qsum_ext; intros i Hi; rewrite Hw by exact Hi; reflexivity).
  assert (HW1 : 1 <= weightedValue (arity k) c t).
  { apply (Qle_trans _ _ _ HJ). unfold weightedValue, blockWeight. apply qsum_le. intros i Hi.
    assert (H0 := Ht i).
    destruct (nth i J false) eqn:HJi; [| apply Qmult_le_0_compat; [apply Hc0, Hi | exact H0]].
    assert (Hnc := lying_nonconst Query oracle known Hknown (kids k) (arity k) z i Ec Hi (HVk i Hi)
                     (lying_child oracle arity kids k z i Hl Hi HJi)).
    assert (Hc1 : 1 <= nth i c 0).
    { unfold c. rewrite engine_cap_nth, Hnc by exact Hi. destruct (kids k i); [lra | apply Q.le_max_r]. }
    apply (Qle_trans _ (1 * nth i t 0)); [lra |]. apply Qmult_le_compat_r; assumption. }
  rewrite (W_nonzero _ (Qle_trans _ _ _ HW1 (proj2 (Qle_lteq _ _) (or_intror (Qeq_sym _ _ HWt))))).
  right. exists k, z, bs. fold c t. split; [reflexivity |]. split; [exact Hk |]. split; [exact Hl |].
  split; [exact Hz |]. split; [exact Ec |]. split; [lra |].
  split; [exact HW1 |].
  apply qsum_ext. intros i Hi. rewrite Hw by exact Hi. rewrite HWt. reflexivity.
Qed.

(* F(v, z) bounds the catch probability of a decomposition z that passed the checks, given
   that each lying child's catch probability is at least its floor. *)
Lemma floorAt_le : forall (Query : Type) (oracle : Query -> bool) known bobw,
  KnownSound oracle known -> BobwFeasible bobw ->
  forall m agg arity (kids : nat -> nat -> tree Query) k z bs (kidFloor : nat -> Q) (x : nat -> Q),
  Valid oracle (Node m agg arity kids) -> (k < m)%nat -> length z = arity k ->
  constantsOK known (kids k) (arity k) z = true ->
  1 <= weightedValue (arity k) (engineCaps known (kids k) (arity k) bs)
         (bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) ->
  (nonConstLeaves known (kids k) (arity k) = false ->
     BobwOptimalAt bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) ->
  (forall i, (i < arity k)%nat -> 0 <= x i) ->
  (forall i, (i < arity k)%nat -> nth i z false <> val oracle (kids k i) ->
     kidFloor i <= x i /\ ((exists y, kids k i = Leaf y) -> x i == 1)) ->
  floorAt known bobw kidFloor (agg k) (kids k) (arity k) (childVals oracle arity kids k) z
  <= qsum (arity k) (fun i =>
      nth i (engineCaps known (kids k) (arity k) bs) 0
      * nth i (bobw (agg k) z (engineCaps known (kids k) (arity k) bs)) 0
      / weightedValue (arity k) (engineCaps known (kids k) (arity k) bs)
          (bobw (agg k) z (engineCaps known (kids k) (arity k) bs))
      * x i).
Proof.
  intros Query oracle known bobw Hknown Hbf m agg arity kids k z bs kidFloor x HV Hk Hl Ec HW1 Hopt Hx Hkid.
  destruct HV as [_ HV]. destruct (HV k Hk) as [_ HVk].
  set (c := engineCaps known (kids k) (arity k) bs) in *.
  set (t := bobw (agg k) z c) in *.
  set (W := weightedValue (arity k) c t) in *.
  set (J := lying z (childVals oracle arity kids k)).
  destruct (Hbf (agg k) z c) as [Ht _]. fold t in Ht.
  assert (Hc0 : forall i, (i < arity k)%nat -> 0 <= nth i c 0).
  { intros i Hi. unfold c. rewrite engine_cap_nth by exact Hi.
    destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra |].
    generalize (Q.le_max_r (nth i bs 0) 1). lra. }
  assert (HiW : 0 < / W) by (apply Qinv_lt_0_compat; lra).
  assert (Hp : forall i, (i < arity k)%nat -> 0 <= nth i c 0 * nth i t 0 / W).
  { intros i Hi. unfold Qdiv. apply Qmult_le_0_compat; [apply Qmult_le_0_compat; [apply Hc0, Hi | apply Ht] | lra]. }
  assert (Hterm : forall i, (i < arity k)%nat -> 0 <= nth i c 0 * nth i t 0 / W * x i)
    by (intros i Hi; apply Qmult_le_0_compat; [apply Hp, Hi | apply Hx, Hi]).
  assert (Hlie : forall i, (i < arity k)%nat -> nth i J false = true -> nth i z false <> val oracle (kids k i))
    by (intros i Hi HJi; exact (lying_child oracle arity kids k z i Hl Hi HJi)).
  unfold floorAt. fold J. destruct (nonConstLeaves known (kids k) (arity k)) eqn:EL.
  - (* first case: the capacities are c0, a lying child is a leaf, caught surely *)
    assert (Ecc : c = caps0 known (kids k) (arity k)) by (apply engine_caps_c0; exact EL).
    unfold W, t. rewrite <- Ecc. fold t W.
    apply qsum_le. intros i Hi. destruct (nth i J false) eqn:HJi; [| apply Hterm, Hi].
    assert (Hnc := lying_nonconst Query oracle known Hknown (kids k) (arity k) z i Ec Hi (HVk i Hi) (Hlie i Hi HJi)).
    assert (Hleaf : exists y, kids k i = Leaf y).
    { unfold nonConstLeaves in EL. rewrite forallb_forall in EL.
      specialize (EL i (proj2 (in_seq (arity k) 0 i) (conj (Nat.le_0_l i) Hi))). rewrite Hnc in EL.
      destruct (kids k i) as [y |]; [exists y; reflexivity | discriminate]. }
    rewrite (proj2 (Hkid i Hi (Hlie i Hi HJi)) Hleaf). lra.
  - destruct (forallb _ (seq 0 (arity k))) eqn:EF.
    + (* second case: Bob's p lives on the lying children *)
      set (b := qminl (map kidFloor (filter (fun i => nth i J false) (seq 0 (arity k))))).
      assert (Hopt' := Hopt eq_refl). fold c t in Hopt'.
      assert (Hout : forall i, (i < arity k)%nat -> nth i J false = false -> nth i c 0 * nth i t 0 == 0).
      { intros i Hi HJi. rewrite forallb_forall in EF.
        specialize (EF i (proj2 (in_seq (arity k) 0 i) (conj (Nat.le_0_l i) Hi))). rewrite HJi in EF.
        simpl in EF. unfold c at 1. rewrite engine_cap_nth by exact Hi.
        destruct (known (kids k i)) as [bi |] eqn:Eb; [ring |].
        assert (Hpos : 0 < nth i c 0).
        { unfold c. rewrite engine_cap_nth, Eb by exact Hi. destruct (kids k i); [lra |].
          generalize (Q.le_max_r (nth i bs 0) 1). lra. }
        assert (Hz0 := optimal_dual_vanishes bobw (agg k) z c i Hopt' ltac:(lia) Hpos
                         (freeb_sound (agg k) z i ltac:(lia) EF)).
        fold t in Hz0. rewrite Hz0. ring. }
      assert (Hsum : qsum (arity k) (fun i => nth i c 0 * nth i t 0 / W) == 1).
      { unfold Qdiv. rewrite qsum_mul_r. change (qsum (arity k) (fun i => nth i c 0 * nth i t 0)) with W.
        apply Qmult_inv_r. lra. }
      apply (Qle_trans _ (qsum (arity k) (fun i => nth i c 0 * nth i t 0 / W * b))).
      * rewrite qsum_mul_r, Hsum. lra.
      * apply qsum_le. intros i Hi. destruct (nth i J false) eqn:HJi.
        -- assert (Hb : b <= x i).
           { apply (Qle_trans _ (kidFloor i)); [| exact (proj1 (Hkid i Hi (Hlie i Hi HJi)))].
             apply qminl_le. apply in_map. apply filter_In. split; [apply in_seq; lia | exact HJi]. }
           rewrite !(Qmult_comm (nth i c 0 * nth i t 0 / W)). apply Qmult_le_compat_r; [exact Hb | apply Hp, Hi].
        -- unfold Qdiv. rewrite (Hout i Hi HJi). lra.
    + (* third case: 0 *)
      apply qsum_nonneg. exact Hterm.
Qed.

(* PROPOSITION B1' (b) (ours, docs/budgeted.md section 5), the recursion with the cut-offs, for
   the engine's rule: with Bob's weighted dual feasible everywhere and optimal where the
   second case uses it, every lie at a node T is caught with probability >= ell(T), whatever
   its budget and Alice's strategy, for every cut-off rule cut (the tool's is toolCut) and
   every position p. *)
Theorem proposition_B1prime_b :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (cut : list (nat * nat) -> tree Query -> bool),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (p : list (nat * nat)) (a : bool) (beta : Q) (s : Strategy),
    Valid oracle T -> BobOptimalE oracle known bobw T -> a <> val oracle T ->
    ell oracle known bobw cut p T <= catch oracle (budgetRuleE known bobw) T a beta s.
Proof.
  intros Query oracle known bobw cut Hknown Hbf T.
  assert (Hnn := catch_nonneg oracle _ (budgetRuleE_nonneg Query known bobw Hbf)).
  induction T as [y | m agg arity kids IH]; intros p a beta s HV HO Ha.
  - simpl in *. destruct (Bool.eqb a (oracle y)) eqn:E; [apply Bool.eqb_prop in E; contradiction | lra].
  - rewrite ell_node. destruct (cut p (Node m agg arity kids)); [apply Hnn |].
    destruct (engine_cases Query oracle known bobw Hknown Hbf m agg arity kids a beta s HV Ha)
      as [E1 | [k [z [bs [Hs [Hk [Hl [Hz [Ec [_ [HW1 E]]]]]]]]]]];
      [rewrite E1; apply qminl_le1 |].
    rewrite E. destruct HO as [HOk HOi]. assert (HV' := HV). destruct HV' as [_ HVn].
    apply (Qle_trans _ (floorAt known bobw (fun i => ell oracle known bobw cut ((k, i) :: p) (kids k i)) (agg k)
                          (kids k) (arity k) (childVals oracle arity kids k) z)).
    + apply qminl_le. apply in_flat_map. exists k. split; [apply in_seq; lia |].
      apply in_map. unfold lieVectors. apply filter_In. split; [rewrite <- Hl; apply in_allMasks |].
      rewrite Ec, Hz. destruct a, (val oracle (Node m agg arity kids)); simpl; congruence.
    + apply (floorAt_le Query oracle known bobw Hknown Hbf m agg arity kids k z bs);
      [exact HV | exact Hk | exact Hl | exact Ec | exact HW1 | | |].
      * intros HL. apply HOk; auto. rewrite Hz. exact Ha.
      * intros i Hi. apply Hnn.
      * intros i Hi Hlie. destruct (HVn k Hk) as [_ HVk]. split.
        -- apply IH; [apply HVk, Hi | apply HOi; assumption | exact Hlie].
        -- intros [y Ey]. rewrite Ey in Hlie |- *. simpl in Hlie |- *.
           destruct (Bool.eqb (nth i z false) (oracle y)) eqn:E'; [apply Bool.eqb_prop in E'; contradiction | reflexivity].
Qed.

(* PROPOSITION B1' (b) AT THE ROOT (ours): with the root checks (beta(root) <= beta_max, a
   constant root claimed at its value), the bound of (a) and the floors combine per claim
   vector: if every consistent z in A (W(z, c0) <= beta_max) has L D(z) <= t(J(z)) for every
   feasible dual t (L <= nu(z) / D(z)) or L <= F(root, z), then every liar is caught with
   probability >= L, i.e. >= min over z in A of max(nu(z) / D(z), F(root, z)). *)
Theorem proposition_B1prime_b_root :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (cut : list (nat * nat) -> tree Query -> bool),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall m agg arity (kids : nat -> nat -> tree Query) (a : bool) (beta betaMax L : Q) (s : Strategy),
    Valid oracle (Node m agg arity kids) -> BobOptimalE oracle known bobw (Node m agg arity kids) ->
    a <> val oracle (Node m agg arity kids) -> L <= 1 ->
    (forall k z, (k < m)%nat -> length z = arity k -> agg k z = a ->
       constantsOK known (kids k) (arity k) z = true ->
       BobwOptimalAt bobw (agg k) z (caps0 known (kids k) (arity k)) /\
       (weightedValue (arity k) (caps0 known (kids k) (arity k))
          (bobw (agg k) z (caps0 known (kids k) (arity k))) <= betaMax ->
        (forall t, DualFeasible (agg k) z t ->
           L * perChildD known bobw betaMax (agg k) (kids k) (arity k) z
           <= blockWeight (arity k) t (lying z (childVals oracle arity kids k))) \/
        L <= floorAt known bobw (fun i => ell oracle known bobw cut [(k, i)] (kids k i)) (agg k) (kids k)
               (arity k) (childVals oracle arity kids k) z)) ->
    L <= catchRoot oracle known (budgetRuleE known bobw) betaMax (Node m agg arity kids) a beta s.
Proof.
  intros Query oracle known bobw cut Hknown Hbf m agg arity kids a beta betaMax L s HV HO Ha HL1 Hnode.
  assert (Hnn := catch_nonneg oracle _ (budgetRuleE_nonneg Query known bobw Hbf)).
  unfold catchRoot.
  destruct (rootChecks known betaMax (Node m agg arity kids) a beta) eqn:Hroot; [| exact HL1].
  assert (HbM : beta <= betaMax)
    by (unfold rootChecks in Hroot; apply andb_prop in Hroot as [_ E]; apply Qle_bool_iff; exact E).
  destruct (engine_cases Query oracle known bobw Hknown Hbf m agg arity kids a beta s HV Ha)
    as [E1 | [k [z [bs [Hs [Hk [Hl [Hz [Ec [HWb [HW1 E]]]]]]]]]]]; [rewrite E1; exact HL1 |].
  rewrite E. assert (HV' := HV). destruct HV' as [_ HVn]. destruct (HVn k Hk) as [Hval HVk].
  destruct (Hnode k z Hk Hl Hz Ec) as [Hopt0 HA].
  set (c := engineCaps known (kids k) (arity k) bs) in *.
  set (t := bobw (agg k) z c) in *.
  set (W := weightedValue (arity k) c t) in *.
  set (c0 := caps0 known (kids k) (arity k)) in *.
  destruct (Hbf (agg k) z c) as [Ht Hfeas]. fold t in Ht, Hfeas.
  assert (Hc0c : forall i, (i < arity k)%nat -> nth i c0 0 <= nth i c 0).
  { intros i Hi. unfold c0, caps0, c. rewrite nth_map_seq, engine_cap_nth by exact Hi.
    destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra | apply Q.le_max_r]. }
  assert (HinA : weightedValue (arity k) c0 (bobw (agg k) z c0) <= betaMax).
  { (* Bob optimal at c0: W(z, c0) <= the weighted value of his dual at c *)
    assert (Hmin := proj2 Hopt0). rewrite Hl in Hmin. apply (Qle_trans _ _ _ (Hmin t (conj Ht Hfeas))).
    apply (Qle_trans _ W); [| lra]. unfold W, weightedValue. apply qsum_le. intros i Hi.
    apply Qmult_le_compat_r; [apply Hc0c, Hi | apply Ht]. }
  destruct (HA HinA) as [Ha' | Hb'].
  - (* Proposition B1' (a) at this z *)
    set (J := lying z (childVals oracle arity kids k)) in *.
    specialize (Ha' t (conj Ht Hfeas)).
    assert (HWD : W <= perChildD known bobw betaMax (agg k) (kids k) (arity k) z).
    { unfold perChildD. destruct (nonConstLeaves known (kids k) (arity k)) eqn:EL; [| lra].
      fold c0. assert (Ecc : c = c0) by (apply engine_caps_c0; exact EL).
      unfold W, t. rewrite Ecc. apply Qle_refl. }
    assert (HiW : 0 < / W) by (apply Qinv_lt_0_compat; lra).
    apply (Qle_trans _ (blockWeight (arity k) t J / W)).
    + destruct (Qlt_le_dec 0 L) as [HL0 | HL0].
      * apply Qle_shift_div_l; [lra |].
        apply (Qle_trans _ (L * perChildD known bobw betaMax (agg k) (kids k) (arity k) z)); [| exact Ha'].
        rewrite !(Qmult_comm L). apply Qmult_le_compat_r; [exact HWD | lra].
      * apply (Qle_trans _ 0); [exact HL0 |]. apply Qle_shift_div_l; [lra |].
        rewrite Qmult_0_l. apply qsum_nonneg. intros i _. destruct (nth i J false); [apply Ht | lra].
    + unfold blockWeight, Qdiv. rewrite <- qsum_mul_r. apply qsum_le. intros i Hi.
      destruct (nth i J false) eqn:HJi.
      * assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
        assert (Hnc := lying_nonconst Query oracle known Hknown (kids k) (arity k) z i Ec Hi (HVk i Hi) Hlie).
        assert (Hcc := lying_child_cap Query oracle known bobw Hknown Hbf (kids k i) (nth i z false)
                         (nth i bs 0) (shift s i) (HVk i Hi) Hlie Hnc).
        assert (Ecap : nth i c 0 = match kids k i with Leaf _ => 1 | _ => Qmax (nth i bs 0) 1 end).
        { unfold c. rewrite engine_cap_nth, Hnc by exact Hi. reflexivity. }
        rewrite <- Ecap in Hcc.
        set (x := catch oracle (budgetRuleE known bobw) (kids k i) (nth i z false) (nth i bs 0) (shift s i)) in *.
        assert (H0 := Ht i).
        setoid_replace (nth i c 0 * nth i t 0 * / W * x) with (nth i t 0 * / W * (nth i c 0 * x)) by ring.
        apply (Qle_trans _ (nth i t 0 * / W * 1)); [lra |].
        rewrite !(Qmult_comm (nth i t 0 * / W)).
        apply Qmult_le_compat_r; [exact Hcc | apply Qmult_le_0_compat; lra].
      * rewrite Qmult_0_l. apply Qmult_le_0_compat; [| apply Hnn].
        apply Qmult_le_0_compat; [| lra]. apply Qmult_le_0_compat; [| apply Ht].
        unfold c. rewrite engine_cap_nth by exact Hi.
        destruct (known (kids k i)); [lra |]. destruct (kids k i); [lra |].
        generalize (Q.le_max_r (nth i bs 0) 1). lra.
  - (* Proposition B1' (b) at this z: the floors *)
    apply (Qle_trans _ _ _ Hb').
    destruct HO as [HOk HOi].
    apply (floorAt_le Query oracle known bobw Hknown Hbf m agg arity kids k z bs);
      [exact HV | exact Hk | exact Hl | exact Ec | exact HW1 | | |].
    + intros HL. apply HOk; auto. rewrite Hz. exact Ha.
    + intros i Hi. apply Hnn.
    + intros i Hi Hlie. split.
      * apply proposition_B1prime_b; [exact Hknown | exact Hbf | apply HVk, Hi | apply HOi; assumption | exact Hlie].
      * intros [y Ey]. rewrite Ey in Hlie |- *. simpl in Hlie |- *.
        destruct (Bool.eqb (nth i z false) (oracle y)) eqn:E'; [apply Bool.eqb_prop in E'; contradiction | reflexivity].
Qed.

Print Assumptions freeb_sound.
Print Assumptions proposition_B1prime_b.
Print Assumptions proposition_B1prime_b_root.
