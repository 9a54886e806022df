(* FbsTrees.v -- Theorem 4.2 of "How to Have a Sensitive Debate" and Theorem B1 (ours,
   docs/budgeted.md) proved over arbitrary finite decomposition trees, with the protocols'
   catch probabilities computed exactly (QArith) by recursion over Bob's sampling.
   Checked by coqc 8.16 (coq/check.sh). No Admitted, no Axiom: every Print Assumptions at the
   end must answer "Closed under the global context". The definitions (Part 1) are in
   model/FbsModel.v, exported from here. *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
From FbsCoq Require Export FbsModel.
Import ListNotations.
Open Scope Q_scope.

(* Part 1, the definitions a reader must trust, is model/FbsModel.v. *)

(* ======================================================================================== *)
(* Part 2. Finite sums and list facts                                                        *)
(* ======================================================================================== *)

(* Step A (averaging): a convex combination of numbers >= b is >= b. *)
Lemma averaging : forall (A : Type) (w c : A -> Q) (b : Q) (xs : list A),
  (forall x, In x xs -> 0 <= w x /\ b <= c x) ->
  b * qlsum (map w xs) <= qlsum (map (fun x => w x * c x) xs).
Proof.
  intros A w c b xs. induction xs as [| x xs IH]; intros H; simpl; [lra |].
  destruct (H x (or_introl eq_refl)) as [Hw Hc].
  assert (IH' := IH (fun y Hy => H y (or_intror Hy))).
  assert (b * w x <= w x * c x) by (rewrite (Qmult_comm (w x)); apply Qmult_le_compat_r; assumption).
  lra.
Qed.

Lemma qsum_le : forall n g h, (forall i, (i < n)%nat -> g i <= h i) -> qsum n g <= qsum n h.
Proof.
  induction n as [| n IH]; intros g h H; simpl; [lra |].
  assert (qsum n g <= qsum n h) by (apply IH; intros; apply H; lia).
  assert (g n <= h n) by (apply H; lia). lra.
Qed.

Lemma qsum_nonneg : forall n g, (forall i, (i < n)%nat -> 0 <= g i) -> 0 <= qsum n g.
Proof.
  intros n g H. apply (Qle_trans _ (qsum n (fun _ => 0))).
  - clear H. induction n as [| n IH]; simpl; lra.
  - apply qsum_le. exact H.
Qed.

Lemma qsum_ext : forall n g h, (forall i, (i < n)%nat -> g i == h i) -> qsum n g == qsum n h.
Proof.
  intros n g h H. apply Qle_antisym; apply qsum_le; intros i Hi; rewrite (H i Hi); lra.
Qed.

Lemma qsum_mul_r : forall n g c, qsum n (fun i => g i * c) == qsum n g * c.
Proof. induction n as [| n IH]; intros g c; simpl; [lra |]. rewrite IH. ring. Qed.

Lemma nth_map_seq : forall (A : Type) (F : nat -> A) n i d,
  (i < n)%nat -> nth i (map F (seq 0 n)) d = F i.
Proof.
  intros A F n i d Hi. rewrite nth_indep with (d' := F 0%nat) by (rewrite map_length, seq_length; exact Hi).
  rewrite map_nth, seq_nth by exact Hi. reflexivity.
Qed.

Lemma map_nth_seq : forall (A : Type) (l : list A) d,
  map (fun i => nth i l d) (seq 0 (length l)) = l.
Proof.
  intros A l d. apply nth_ext with (d := d) (d' := d).
  - rewrite map_length, seq_length. reflexivity.
  - intros n Hn. rewrite map_length, seq_length in Hn. apply nth_map_seq. exact Hn.
Qed.

Lemma qpow_ge_1 : forall r n, 1 <= r -> 1 <= qpow r n.
Proof.
  intros r n Hr. induction n as [| n IH]; simpl; [lra |].
  apply (Qle_trans _ (1 * 1)); [lra |]. apply Qmult_le_compat_nonneg; lra.
Qed.

Lemma inv_le_1 : forall x, 1 <= x -> / x <= 1.
Proof. intros x Hx. apply Qle_shift_inv_r; lra. Qed.

Lemma inv_antitone : forall x y, 0 < x -> x <= y -> / y <= / x.
Proof.
  intros x y Hx Hxy. apply Qle_shift_inv_r; [lra |].
  assert (Hi : 0 <= / x) by (apply Qinv_le_0_compat; lra).
  assert (H1 : / x * x == 1) by (rewrite Qmult_comm; apply Qmult_inv_r; intro; lra).
  assert (H2 : / x * x <= / x * y) by (rewrite !(Qmult_comm (/ x)); apply Qmult_le_compat_r; assumption).
  lra.
Qed.

(* Bob's exact average is at least the weight of the block J divided by W, when every sampled
   term i in J contributes at least u_i. *)
Lemma sample_lower : forall n (w c u : nat -> Q) (J : nat -> bool) (W : Q),
  0 < W -> (forall i, (i < n)%nat -> 0 <= w i) -> (forall i, (i < n)%nat -> 0 <= c i) ->
  (forall i, (i < n)%nat -> J i = true -> u i <= w i * c i) ->
  qsum n (fun i => if J i then u i else 0) / W <= qsum n (fun i => w i / W * c i).
Proof.
  intros n w c u J W HW Hw Hc Hu. unfold Qdiv.
  rewrite <- qsum_mul_r. apply qsum_le. intros i Hi.
  assert (HiW : 0 <= / W) by (apply Qinv_le_0_compat; lra).
  destruct (J i) eqn:HJ.
  - specialize (Hu i Hi HJ).
    setoid_replace (w i * / W * c i) with ((w i * c i) * / W) by ring.
    apply Qmult_le_compat_r; assumption.
  - setoid_replace (0 * / W) with 0 by ring.
    apply Qmult_le_0_compat; [apply Qmult_le_0_compat; auto | auto].
Qed.

(* ======================================================================================== *)
(* Part 3. The core lemma                                                                    *)
(* ======================================================================================== *)

Lemma nth_lying : forall z g i, (i < length z)%nat ->
  nth i (lying z g) false = xorb (nth i z false) (nth i g false).
Proof. intros. unfold lying. apply nth_map_seq. assumption. Qed.

Lemma flip_lying : forall z g, length g = length z -> flip z (lying z g) = g.
Proof.
  intros z g Hl. unfold flip.
  transitivity (map (fun i => nth i g false) (seq 0 (length g))); [| apply map_nth_seq].
  rewrite Hl. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  rewrite nth_lying by lia. destruct (nth i z false), (nth i g false); reflexivity.
Qed.

Lemma flip_empty : forall z B, (forall i, (i < length z)%nat -> nth i B false = false) ->
  flip z B = z.
Proof.
  intros z B H. unfold flip.
  transitivity (map (fun i => nth i z false) (seq 0 (length z))); [| apply map_nth_seq].
  apply map_ext_in. intros i Hi. apply in_seq in Hi. rewrite H by lia. apply xorb_false_r.
Qed.

(* A sensitive block is not empty. *)
Lemma sensitive_nonempty : forall f z B, Sensitive f z B ->
  exists i, (i < length z)%nat /\ nth i B false = true.
Proof.
  intros f z B HS.
  destruct (existsb (fun i => nth i B false) (seq 0 (length z))) eqn:E.
  - apply existsb_exists in E. destruct E as [i [Hi HB]]. apply in_seq in Hi.
    exists i. split; [lia | exact HB].
  - exfalso. apply HS. rewrite flip_empty; [reflexivity |].
    intros i Hi. destruct (nth i B false) eqn:HB; [| reflexivity].
    assert (Hx : existsb (fun i => nth i B false) (seq 0 (length z)) = true).
    { apply existsb_exists. exists i. split; [apply in_seq; lia | exact HB]. }
    rewrite Hx in E. discriminate.
Qed.

Lemma blockWeight_le_total : forall q t B, (forall i, 0 <= nth i t 0) ->
  blockWeight q t B <= totalWeight q t.
Proof.
  intros q t B Ht. apply qsum_le. intros i _. destruct (nth i B false); [lra | apply Ht].
Qed.

(* THE CORE LEMMA (proof of Theorem 4.2, the set B there, called J here). If Alice claims a
   at u, her children's claims z satisfy f(z) = a and the claim is false (a <> f(g) where g are
   the children's true values), then the set J of lying children is non-empty and a sensitive
   block of f at z; dual feasibility gives t(J) >= 1, and Bob samples a lying child with
   probability t(J) / sum_i t_i >= 1 / sum_i t_i = 1 / fbs. *)
Theorem core_lemma : forall (f : Agg) (z g : list bool) (t : list Q) (a : bool),
  DualFeasible f z t -> length g = length z -> f z = a -> a <> f g ->
  (exists i, (i < length z)%nat /\ nth i (lying z g) false = true) /\
  Sensitive f z (lying z g) /\
  1 <= blockWeight (length z) t (lying z g) /\
  / totalWeight (length z) t <= probBlock (length z) t (lying z g).
Proof.
  intros f z g t a [Ht Hfeas] Hl Hz Ha.
  assert (HS : Sensitive f z (lying z g)).
  { unfold Sensitive. rewrite flip_lying by exact Hl. rewrite Hz. auto. }
  assert (HJ := Hfeas _ HS).
  assert (HW := blockWeight_le_total (length z) t (lying z g) Ht).
  split; [exact (sensitive_nonempty _ _ _ HS) |]. split; [exact HS |]. split; [exact HJ |].
  unfold probBlock, Qdiv.
  apply (Qle_trans _ (1 * / totalWeight (length z) t)); [lra |].
  apply Qmult_le_compat_r; [exact HJ | apply Qinv_le_0_compat; lra].
Qed.

(* ======================================================================================== *)
(* Part 4. Theorem 4.2 over arbitrary finite trees with menus                                *)
(* ======================================================================================== *)

Section Soundness.

Context {Query : Type}.
Variable oracle : Query -> bool.

Lemma childVals_length : forall arity (kids : nat -> nat -> tree Query) k,
  length (childVals oracle arity kids k) = arity k.
Proof. intros. unfold childVals. rewrite map_length, seq_length. reflexivity. Qed.

Lemma nth_childVals : forall arity (kids : nat -> nat -> tree Query) k i,
  (i < arity k)%nat -> nth i (childVals oracle arity kids k) false = val oracle (kids k i).
Proof. intros. unfold childVals. apply nth_map_seq. assumption. Qed.

Definition WeightsNonneg (r : @Rule Query) : Prop :=
  forall f kids q z beta bs w, r f kids q z beta bs = Some w ->
    forall i, (i < q)%nat -> 0 <= nth i w 0.

Lemma catch_nonneg : forall r : @Rule Query, WeightsNonneg r ->
  forall T a beta s, 0 <= catch oracle r T a beta s.
Proof.
  intros r Hr T. induction T as [x | m agg arity kids IH]; intros a beta s; simpl.
  - destruct (Bool.eqb a (oracle x)); lra.
  - destruct (s []) as [[k z] bs] eqn:Hs.
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool;
      [| lra].
    destruct (r (agg k) (kids k) (arity k) z beta bs) as [w |] eqn:Hrw; [| lra].
    destruct (Qeq_bool (totalWeight (arity k) w) 0); [lra |].
    apply qsum_nonneg. intros i Hi. apply Qmult_le_0_compat; [| apply IH].
    unfold Qdiv. apply Qmult_le_0_compat; [eapply Hr; eauto |].
    apply Qinv_le_0_compat, qsum_nonneg. intros j Hj. eapply Hr; eauto.
Qed.

(* The decomposition Alice gives at a node passed the structural checks of the protocol. *)
Lemma structural_checks : forall k m (arity : nat -> nat) (agg : nat -> Agg) (z : list bool) a,
  (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool = true ->
  (k < m)%nat /\ length z = arity k /\ agg k z = a.
Proof.
  intros k m arity agg z a H.
  apply andb_prop in H as [H Ha]. apply andb_prop in H as [Hk Hl].
  apply Nat.ltb_lt in Hk. apply Nat.eqb_eq in Hl. apply Bool.eqb_prop in Ha. auto.
Qed.

Lemma lying_child : forall arity (kids : nat -> nat -> tree Query) k z i,
  length z = arity k -> (i < arity k)%nat ->
  nth i (lying z (childVals oracle arity kids k)) false = true ->
  nth i z false <> val oracle (kids k i).
Proof.
  intros arity kids k z i Hl Hi HJ. rewrite nth_lying in HJ by lia.
  rewrite nth_childVals in HJ by exact Hi.
  destruct (nth i z false), (val oracle (kids k i)); simpl in HJ; congruence.
Qed.

Lemma W_nonzero : forall W, 1 <= W -> Qeq_bool W 0 = false.
Proof.
  intros W HW. destruct (Qeq_bool W 0) eqn:E; [| reflexivity].
  apply Qeq_bool_eq in E. lra.
Qed.

Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

Lemma paper_weights_nonneg : forall r : @Rule Query, PaperStrict bob rho r -> BobFeasible bob ->
  WeightsNonneg r.
Proof.
  intros r Hr Hb f kids q z beta bs w Hw i _. destruct (Hr _ _ _ _ _ _ _ Hw) as [-> _].
  apply (proj1 (Hb f z)).
Qed.

(* Theorem 4.2 for every rule that samples by the paper's distribution after the paper's
   check: by induction over the tree, the invariant P[caught | claim wrong at a node whose
   subtree has depth <= d] >= rho^-d. *)
Theorem paper_sound_rule : forall r : @Rule Query, PaperStrict bob rho r -> BobFeasible bob -> 1 <= rho ->
  forall (T : tree Query) d a beta s, Valid oracle T -> DepthLe T d -> a <> val oracle T ->
  / qpow rho d <= catch oracle r T a beta s.
Proof.
  intros r Hr Hbob Hrho T.
  assert (Hnn := catch_nonneg r (paper_weights_nonneg r Hr Hbob)).
  induction T as [x | m agg arity kids IH]; intros d a beta s HV HD Ha.
  - simpl in Ha |- *. destruct (Bool.eqb a (oracle x)) eqn:E.
    + apply Bool.eqb_prop in E. contradiction.
    + apply inv_le_1, qpow_ge_1; exact Hrho.
  - destruct d as [| d]; [simpl in HD; contradiction |].
    assert (Hb1 : / qpow rho (S d) <= 1) by (apply inv_le_1, qpow_ge_1; exact Hrho).
    assert (Hb0 : 0 <= / qpow rho d)
      by (apply Qinv_le_0_compat; generalize (qpow_ge_1 rho d Hrho); lra).
    simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
      eqn:Hc; [| exact Hb1].
    destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
    destruct (r (agg k) (kids k) (arity k) z beta bs) as [w |] eqn:Hrw; [| exact Hb1].
    destruct (Hr _ _ _ _ _ _ _ Hrw) as [Hw HWrho]. subst w.
    set (t := bob (agg k) z) in *.
    destruct HV as [_ HV]. destruct (HV k Hk) as [Hval HVk].
    assert (Hgl : length (childVals oracle arity kids k) = length z)
      by (rewrite childVals_length; lia).
    assert (Hfalse : a <> agg k (childVals oracle arity kids k)) by (rewrite Hval; exact Ha).
    destruct (core_lemma (agg k) z _ t a (Hbob _ _) Hgl Hz Hfalse) as [_ [_ [HJ _]]].
    rewrite Hl in HJ.
    set (J := lying z (childVals oracle arity kids k)) in *.
    assert (Ht : forall i, 0 <= nth i t 0) by exact (proj1 (Hbob (agg k) z)).
    assert (HW1 : 1 <= totalWeight (arity k) t)
      by (generalize (blockWeight_le_total (arity k) t J Ht); lra).
    rewrite (W_nonzero _ HW1).
    set (W := totalWeight (arity k) t) in *.
    apply (Qle_trans _ (qsum (arity k)
             (fun i => if nth i J false then nth i t 0 * / qpow rho d else 0) / W)).
    + (* the arithmetic: t(J) b / W >= b / W >= b / rho = rho^-(d+1) *)
      assert (Hsum : qsum (arity k) (fun i => if nth i J false then nth i t 0 * / qpow rho d else 0)
                     == blockWeight (arity k) t J * / qpow rho d).
      { unfold blockWeight. rewrite <- qsum_mul_r. apply qsum_ext. intros i _.
        destruct (nth i J false); ring. }
      rewrite Hsum. simpl qpow. rewrite Qinv_mult_distr.
      assert (HiW : / rho <= / W) by (apply inv_antitone; lra).
      assert (HiW0 : 0 <= / W) by (apply Qinv_le_0_compat; lra).
      assert (HJW : / W <= blockWeight (arity k) t J * / W).
      { apply (Qle_trans _ (1 * / W)); [lra |]. apply Qmult_le_compat_r; assumption. }
      unfold Qdiv.
      setoid_replace (blockWeight (arity k) t J * / qpow rho d * / W)
        with ((blockWeight (arity k) t J * / W) * / qpow rho d) by ring.
      apply Qmult_le_compat_r; [lra | exact Hb0].
    + apply sample_lower; [lra | intros; apply Ht | intros; apply Hnn |].
      intros i Hi HJi.
      assert (Hlie := lying_child arity kids k z i Hl Hi HJi).
      assert (HIH := IH k i d (nth i z false) (nth i bs 0) (shift s i) (HVk i Hi) (HD k i Hk Hi) Hlie).
      rewrite !(Qmult_comm (nth i t 0)). apply Qmult_le_compat_r; [exact HIH | apply Ht].
Qed.

Lemma paperRule_strict : PaperStrict bob rho (@paperRule Query bob rho).
Proof.
  intros f kids q z beta bs w H. unfold paperRule in H.
  destruct (Qle_bool (totalWeight q (bob f z)) rho) eqn:E; [| discriminate].
  injection H as <-. split; [reflexivity |]. apply Qle_bool_iff. exact E.
Qed.

End Soundness.

(* Every tree has a finite depth: the trees above are finite. *)
Lemma depth_mono : forall {Query : Type} (T : tree Query) d d',
  DepthLe T d -> (d <= d')%nat -> DepthLe T d'.
Proof.
  intros Query T. induction T as [x | m agg arity kids IH]; intros d d' HD Hd; [exact I |].
  destruct d as [| d]; [contradiction |]. destruct d' as [| d']; [lia |].
  simpl in *. intros k i Hk Hi. apply (IH k i d); [apply HD; assumption | lia].
Qed.

Lemma finite_bound : forall n (P : nat -> nat -> Prop),
  (forall i d d', P i d -> (d <= d')%nat -> P i d') ->
  (forall i, (i < n)%nat -> exists d, P i d) -> exists D, forall i, (i < n)%nat -> P i D.
Proof.
  induction n as [| n IH]; intros P Hm H; [exists 0%nat; intros; lia |].
  destruct (IH P Hm) as [D1 H1]; [intros; apply H; lia |].
  destruct (H n) as [D2 H2]; [lia |].
  exists (Nat.max D1 D2). intros i Hi.
  destruct (Nat.eq_dec i n) as [-> | Hne].
  - apply (Hm n D2); [exact H2 | lia].
  - apply (Hm i D1); [apply H1; lia | lia].
Qed.

Theorem tree_finite : forall {Query : Type} (T : tree Query), exists d, DepthLe T d.
Proof.
  intros Query T. induction T as [x | m agg arity kids IH]; [exists 0%nat; exact I |].
  assert (Hk : forall k, (k < m)%nat -> exists D, forall i, (i < arity k)%nat -> DepthLe (kids k i) D).
  { intros k _. apply finite_bound; [intros i d d' H Hd; exact (depth_mono _ d d' H Hd) |].
    intros i _. apply IH. }
  destruct (finite_bound m (fun k D => forall i, (i < arity k)%nat -> DepthLe (kids k i) D))
    as [D HD]; [| exact Hk |].
  - intros k d d' H Hd i Hi. exact (depth_mono _ d d' (H i Hi) Hd).
  - exists (S D). simpl. intros k i Hk' Hi. exact (HD k Hk' i Hi).
Qed.

(* THEOREM 4.2 (paper, Section 4), over every finite decomposition tree with menus of depth
   <= d, every oracle, every adaptive deterministic Alice (menu choices and claims chosen along
   the path) and every Bob whose duals are feasible: if Alice's root claim is wrong, FBS Debate
   with parameter rho >= 1 catches her with probability >= rho^-d. The paper's protocol has no
   budgets: the budget arguments (0 at the root, Alice's third output below) are ignored. *)
Theorem theorem_4_2 :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q),
  BobFeasible bob -> 1 <= rho ->
  forall (T : tree Query) (d : nat) (a : bool) (s : Strategy),
    Valid oracle T -> DepthLe T d -> a <> val oracle T ->
    / qpow rho d <= catch oracle (paperRule bob rho) T a 0 s.
Proof.
  intros Query oracle bob rho Hbob Hrho T d a s HV HD Ha.
  exact (paper_sound_rule oracle bob rho _ (paperRule_strict bob rho) Hbob Hrho T d a 0 s HV HD Ha).
Qed.

(* ======================================================================================== *)
(* Part 5. Theorem B1 (ours, docs/budgeted.md): the budgeted protocol                        *)
(* ======================================================================================== *)

Lemma guarantee_le_1 : forall b, guarantee b <= 1.
Proof.
  intros b. unfold guarantee. destruct (Qle_bool b 1) eqn:E; [lra |].
  apply inv_le_1. assert (~ b <= 1) by (intro H; apply Qle_bool_iff in H; congruence). lra.
Qed.

(* g(beta) = 1 / max(beta, 1): the capacity times the guarantee is 1. *)
Theorem capacity_guarantee : forall b, Qmax b 1 * guarantee b == 1.
Proof.
  intros b. unfold guarantee. destruct (Qle_bool b 1) eqn:E.
  - apply Qle_bool_iff in E. rewrite Q.max_r by exact E. ring.
  - assert (H : ~ b <= 1) by (intro H; apply Qle_bool_iff in H; congruence).
    rewrite Q.max_l by lra. apply Qmult_inv_r. intro. lra.
Qed.

(* g is non-increasing, so the root check beta(root) <= beta_max gives g(beta_max). *)
Theorem guarantee_antitone : forall b b', b <= b' -> guarantee b' <= guarantee b.
Proof.
  intros b b' H. unfold guarantee.
  destruct (Qle_bool b' 1) eqn:E'; destruct (Qle_bool b 1) eqn:E;
    try apply Qle_bool_iff in E; try apply Qle_bool_iff in E'.
  - lra.
  - assert (~ b <= 1) by (intro X; apply Qle_bool_iff in X; congruence). lra.
  - apply inv_le_1. assert (~ b' <= 1) by (intro X; apply Qle_bool_iff in X; congruence). lra.
  - assert (~ b <= 1) by (intro X; apply Qle_bool_iff in X; congruence).
    apply inv_antitone; lra.
Qed.

Lemma guarantee_inv : forall W beta, 1 <= W -> W <= beta -> guarantee beta <= / W.
Proof.
  intros W beta HW Hb. unfold guarantee. destruct (Qle_bool beta 1) eqn:E.
  - apply Qle_bool_iff in E. assert (W == 1) by lra. rewrite H. unfold Qinv. simpl. lra.
  - apply inv_antitone; lra.
Qed.

Section Budgeted.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable known : tree Query -> option bool.

Lemma budget_weights_nonneg : forall r : @Rule Query, BudgetStrict known r -> WeightsNonneg r.
Proof.
  intros r Hr f kids q z beta bs w Hw i Hi.
  destruct (Hr _ _ _ _ _ _ _ Hw) as [_ [_ [t [_ Ht]]]]. apply (Ht i Hi).
Qed.

(* The invariant (B1.1) for every rule that samples only after the budgeted protocol's
   checks, by its distribution: a wrong claim with budget beta is caught with
   probability >= g(beta) = min(1, 1/beta). Induction over the tree. *)
Theorem budget_sound_rule : forall r : @Rule Query, BudgetStrict known r ->
  KnownSound oracle known ->
  forall (T : tree Query) a beta s, Valid oracle T -> a <> val oracle T ->
  guarantee beta <= catch oracle r T a beta s.
Proof.
  intros r Hr Hknown T.
  assert (Hnn := catch_nonneg oracle r (budget_weights_nonneg r Hr)).
  induction T as [x | m agg arity kids IH]; intros a beta s HV Ha.
  - simpl in Ha |- *. destruct (Bool.eqb a (oracle x)) eqn:E.
    + apply Bool.eqb_prop in E. contradiction.
    + apply guarantee_le_1.
  - assert (Hg1 := guarantee_le_1 beta).
    simpl catch. destruct (s []) as [[k z] bs] eqn:Hs.
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool
      eqn:Hc; [| exact Hg1].
    destruct (structural_checks _ _ _ _ _ _ Hc) as [Hk [Hl Hz]].
    destruct (r (agg k) (kids k) (arity k) z beta bs) as [w |] eqn:Hrw; [| exact Hg1].
    destruct (Hr _ _ _ _ _ _ _ Hrw) as [Hconst [HWb [t [Hfeas Hw]]]].
    destruct HV as [_ HV]. destruct (HV k Hk) as [Hval HVk].
    assert (Hgl : length (childVals oracle arity kids k) = length z)
      by (rewrite childVals_length; lia).
    assert (Hfalse : a <> agg k (childVals oracle arity kids k)) by (rewrite Hval; exact Ha).
    destruct (core_lemma (agg k) z _ t a Hfeas Hgl Hz Hfalse) as [_ [_ [HJ _]]].
    rewrite Hl in HJ.
    set (J := lying z (childVals oracle arity kids k)) in *.
    assert (Ht : forall i, 0 <= nth i t 0) by exact (proj1 Hfeas).
    (* J contains no constant child: the constant-child check fixed their claims. *)
    assert (HJc : forall i, (i < arity k)%nat -> nth i J false = true -> known (kids k i) = None).
    { intros i Hi HJi. destruct (known (kids k i)) as [b |] eqn:Eb; [| reflexivity].
      exfalso. apply (lying_child oracle arity kids k z i Hl Hi HJi).
      rewrite (Hconst i b Hi Eb). symmetry. exact (Hknown _ b (HVk i Hi) Eb). }
    (* For i in J: w_i = max(beta_i, 1) t_i >= t_i. *)
    assert (HJw : forall i, (i < arity k)%nat -> nth i J false = true ->
                  nth i w 0 == Qmax (nth i bs 0) 1 * nth i t 0)
      by (intros i Hi HJi; exact (proj2 (Hw i Hi) (HJc i Hi HJi))).
    (* Step S1: W >= t(J) >= 1. *)
    assert (HWJ : blockWeight (arity k) t J <= totalWeight (arity k) w).
    { apply qsum_le. intros i Hi. destruct (nth i J false) eqn:HJi.
      - rewrite (HJw i Hi HJi). assert (Hm := Q.le_max_r (nth i bs 0) 1).
        assert (H0 := Ht i).
        apply (Qle_trans _ (1 * nth i t 0)); [lra |]. apply Qmult_le_compat_r; assumption.
      - apply (proj1 (Hw i Hi)). }
    assert (HW1 : 1 <= totalWeight (arity k) w) by lra.
    rewrite (W_nonzero _ HW1).
    set (W := totalWeight (arity k) w) in *.
    apply (Qle_trans _ (blockWeight (arity k) t J / W)).
    + (* Step S3: t(J) / W >= 1 / W >= 1 / beta = g(beta). *)
      apply (Qle_trans _ (/ W)); [exact (guarantee_inv W beta HW1 HWb) |].
      unfold Qdiv. apply (Qle_trans _ (1 * / W)); [lra |].
      apply Qmult_le_compat_r; [exact HJ | apply Qinv_le_0_compat; lra].
    + (* Step S2: a lying child i is reached with p_i = c_i t_i / W and lost from there with
         probability >= g(beta_i) = 1 / c_i. *)
      apply sample_lower; [lra | intros i Hi; apply (proj1 (Hw i Hi)) | intros; apply Hnn |].
      intros i Hi HJi.
      assert (Hlie := lying_child oracle arity kids k z i Hl Hi HJi).
      assert (HIH := IH k i (nth i z false) (nth i bs 0) (shift s i) (HVk i Hi) Hlie).
      rewrite (HJw i Hi HJi).
      assert (Hm := Q.le_max_r (nth i bs 0) 1). assert (H0 := Ht i).
      assert (Hc1 := capacity_guarantee (nth i bs 0)).
      apply (Qle_trans _ (Qmax (nth i bs 0) 1 * nth i t 0 * guarantee (nth i bs 0))).
      * setoid_replace (Qmax (nth i bs 0) 1 * nth i t 0 * guarantee (nth i bs 0))
          with (nth i t 0 * (Qmax (nth i bs 0) 1 * guarantee (nth i bs 0))) by ring.
        rewrite Hc1. lra.
      * rewrite !(Qmult_comm (Qmax (nth i bs 0) 1 * nth i t 0)).
        apply Qmult_le_compat_r; [exact HIH |].
        apply Qmult_le_0_compat; lra.
Qed.

Variable bobw : Agg -> list bool -> list Q -> list Q.

Lemma budgetRule_strict : BobwFeasible bobw -> BudgetStrict known (budgetRule known bobw).
Proof.
  intros Hb f kids q z beta bs w H. unfold budgetRule in H.
  set (c := map (capacity known kids bs) (seq 0 q)) in *.
  set (t := bobw f z c) in *.
  destruct (constantsOK known kids q z) eqn:Ec; [| discriminate].
  destruct (Qle_bool _ beta) eqn:Eb; [| discriminate]. simpl in H.
  injection H as <-. split; [| split; [apply Qle_bool_iff; exact Eb |]].
  - intros i b Hi Hk. unfold constantsOK in Ec. rewrite forallb_forall in Ec.
    specialize (Ec i (proj2 (in_seq q 0 i) (conj (Nat.le_0_l i) Hi))).
    rewrite Hk in Ec. apply Bool.eqb_prop in Ec. exact Ec.
  - exists t. split; [apply Hb |]. intros i Hi.
    rewrite nth_map_seq by exact Hi. unfold c. rewrite nth_map_seq by exact Hi.
    assert (Ht := proj1 (Hb f z c) i). fold t in Ht.
    unfold capacity. split.
    + destruct (known (kids i)); [lra |].
      apply Qmult_le_0_compat; [| exact Ht].
      apply (Qle_trans _ 1); [lra | apply Q.le_max_r].
    + intros ->. reflexivity.
Qed.

Lemma catchRoot_lower : forall r betaMax T a beta s b, b <= 1 ->
  b <= catch oracle r T a beta s -> b <= catchRoot oracle known r betaMax T a beta s.
Proof.
  intros r betaMax T a beta s b H1 H. unfold catchRoot.
  destruct (rootChecks known betaMax T a beta); assumption.
Qed.

Lemma catchRoot_guarantee : forall r, BudgetStrict known r -> KnownSound oracle known ->
  forall betaMax T a beta s, Valid oracle T -> a <> val oracle T ->
  guarantee betaMax <= catchRoot oracle known r betaMax T a beta s.
Proof.
  intros r Hr Hk betaMax T a beta s HV Ha. unfold catchRoot.
  destruct (rootChecks known betaMax T a beta) eqn:E; [| apply guarantee_le_1].
  unfold rootChecks in E. apply andb_prop in E as [_ E]. apply Qle_bool_iff in E.
  apply (Qle_trans _ (guarantee beta)); [exact (guarantee_antitone _ _ E) |].
  exact (budget_sound_rule r Hr Hk T a beta s HV Ha).
Qed.

End Budgeted.

(* THEOREM B1 (ours, docs/budgeted.md section 2), over every finite tree (with menus), every
   oracle, every adaptive deterministic Alice (menu choices, claims, budgets) and every Bob
   whose weighted duals are feasible and whose knowledge of constant subtrees is sound:
   a wrong claim defended with budget beta is caught with probability >= min(1, 1/beta)
   (the invariant (B1.1), with capacities 0 for constant children and max(beta_i, 1)
   otherwise), and with the root checks, a wrong root claim is caught with probability
   >= min(1, 1/beta_max). *)
Theorem theorem_B1 :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (a : bool) (beta betaMax : Q) (s : Strategy),
    Valid oracle T -> a <> val oracle T ->
    (guarantee beta <= catch oracle (budgetRule known bobw) T a beta s) /\
    (guarantee betaMax <= catchRoot oracle known (budgetRule known bobw) betaMax T a beta s).
Proof.
  intros Query oracle known bobw Hk Hb T a beta betaMax s HV Ha.
  assert (Hr := budgetRule_strict known bobw Hb). split.
  - exact (budget_sound_rule oracle known _ Hr Hk T a beta s HV Ha).
  - exact (catchRoot_guarantee oracle known _ Hr Hk betaMax T a beta s HV Ha).
Qed.

(* ======================================================================================== *)
(* Part 6. Theorem B4 (ours): the mixed protocol                                             *)
(* ======================================================================================== *)

Lemma bothChecks_paper : forall {Query : Type} bob rho (known : tree Query -> option bool) bobw,
  PaperStrict bob rho (bothChecks bob rho known bobw true).
Proof.
  intros Query bob rho known bobw f kids q z beta bs w H. unfold bothChecks in H.
  destruct (paperRule bob rho f kids q z beta bs) as [w1 |] eqn:E1; [| discriminate].
  destruct (budgetRule known bobw f kids q z beta bs); [| discriminate].
  injection H as <-. exact (paperRule_strict bob rho f kids q z beta bs w1 E1).
Qed.

Lemma bothChecks_budget : forall {Query : Type} bob rho (known : tree Query -> option bool) bobw,
  BobwFeasible bobw -> BudgetStrict known (bothChecks bob rho known bobw false).
Proof.
  intros Query bob rho known bobw Hb f kids q z beta bs w H. unfold bothChecks in H.
  destruct (paperRule bob rho f kids q z beta bs); [| discriminate].
  destruct (budgetRule known bobw f kids q z beta bs) as [w2 |] eqn:E2; [| discriminate].
  injection H as <-. exact (budgetRule_strict known bobw Hb f kids q z beta bs w2 E2).
Qed.

(* THEOREM B4 (ours): Alice's decompositions must pass both protocols' checks; before the run
   Bob privately flips a lambda-coin and samples by the paper's rule (probability lambda) or
   by the budgeted rule. Alice's strategy cannot see the coin (one strategy for both
   branches). A wrong root claim is caught with probability
   >= lambda rho^-d + (1 - lambda) min(1, 1/beta_max). *)
Theorem theorem_B4 :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (known : tree Query -> option bool) (bobw : Agg -> list bool -> list Q -> list Q),
  BobFeasible bob -> 1 <= rho -> KnownSound oracle known -> BobwFeasible bobw ->
  forall (lambda betaMax : Q) (T : tree Query) (d : nat) (a : bool) (beta : Q) (s : Strategy),
    0 <= lambda <= 1 -> Valid oracle T -> DepthLe T d -> a <> val oracle T ->
    lambda * / qpow rho d + (1 - lambda) * guarantee betaMax
      <= catchMixed oracle bob rho known bobw lambda betaMax T a beta s.
Proof.
  intros Query oracle bob rho known bobw Hbob Hrho Hk Hbw lambda betaMax T d a beta s
    Hl HV HD Ha.
  unfold catchMixed.
  assert (H1 : / qpow rho d <= catchRoot oracle known (bothChecks bob rho known bobw true)
                                 betaMax T a beta s).
  { apply catchRoot_lower; [apply inv_le_1, qpow_ge_1; exact Hrho |].
    exact (paper_sound_rule oracle bob rho _ (bothChecks_paper bob rho known bobw) Hbob Hrho
             T d a beta s HV HD Ha). }
  assert (H2 : guarantee betaMax <= catchRoot oracle known (bothChecks bob rho known bobw false)
                                      betaMax T a beta s)
    by exact (catchRoot_guarantee oracle known _ (bothChecks_budget bob rho known bobw Hbw) Hk
                betaMax T a beta s HV Ha).
  apply Qplus_le_compat.
  - rewrite !(Qmult_comm lambda). apply Qmult_le_compat_r; [exact H1 | lra].
  - rewrite !(Qmult_comm (1 - lambda)). apply Qmult_le_compat_r; [exact H2 | lra].
Qed.

(* With beta_max >= 1 the bound reads lambda rho^-d + (1 - lambda) / beta_max. *)
Corollary theorem_B4_inverse :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (known : tree Query -> option bool) (bobw : Agg -> list bool -> list Q -> list Q),
  BobFeasible bob -> 1 <= rho -> KnownSound oracle known -> BobwFeasible bobw ->
  forall (lambda betaMax : Q) (T : tree Query) (d : nat) (a : bool) (beta : Q) (s : Strategy),
    0 <= lambda <= 1 -> 1 <= betaMax -> Valid oracle T -> DepthLe T d -> a <> val oracle T ->
    lambda * / qpow rho d + (1 - lambda) * / betaMax
      <= catchMixed oracle bob rho known bobw lambda betaMax T a beta s.
Proof.
  intros Query oracle bob rho known bobw Hbob Hrho Hk Hbw lambda betaMax T d a beta s
    Hl Hb HV HD Ha.
  assert (E : guarantee betaMax == / betaMax).
  { unfold guarantee. destruct (Qle_bool betaMax 1) eqn:E; [| reflexivity].
    apply Qle_bool_iff in E. assert (betaMax == 1) by lra. rewrite H. reflexivity. }
  rewrite <- E. exact (theorem_B4 Query oracle bob rho known bobw Hbob Hrho Hk Hbw
                         lambda betaMax T d a beta s Hl HV HD Ha).
Qed.

(* ======================================================================================== *)
(* Part 7. Randomised Alice, and Bob's knowledge of constant subtrees                        *)
(* ======================================================================================== *)

(* A randomised Alice is a finite mixture of deterministic strategies (weights >= 0, sum 1);
   every strategy of the mixture claims the root wrongly (P[...| wrong claim]). *)
Theorem theorem_4_2_randomised :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q),
  BobFeasible bob -> 1 <= rho ->
  forall (T : tree Query) (d : nat) (mix : list (Q * (bool * Strategy))),
    Valid oracle T -> DepthLe T d ->
    (forall x, In x mix -> 0 <= fst x /\ fst (snd x) <> val oracle T) ->
    qlsum (map fst mix) == 1 ->
    / qpow rho d <= qlsum (map (fun x => fst x *
                        catch oracle (paperRule bob rho) T (fst (snd x)) 0 (snd (snd x))) mix).
Proof.
  intros Query oracle bob rho Hbob Hrho T d mix HV HD Hmix Hsum.
  apply (Qle_trans _ (/ qpow rho d * qlsum (map fst mix))); [rewrite Hsum; lra |].
  apply (averaging _ fst (fun x => catch oracle (paperRule bob rho) T (fst (snd x)) 0 (snd (snd x)))).
  intros x Hx. destruct (Hmix x Hx) as [Hw Ha]. split; [exact Hw |].
  exact (theorem_4_2 Query oracle bob rho Hbob Hrho T d _ _ HV HD Ha).
Qed.

Theorem theorem_B1_randomised :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (betaMax : Q) (mix : list (Q * (bool * Q * Strategy))),
    Valid oracle T ->
    (forall x, In x mix -> 0 <= fst x /\ fst (fst (snd x)) <> val oracle T) ->
    qlsum (map fst mix) == 1 ->
    guarantee betaMax <= qlsum (map (fun x => fst x *
        catchRoot oracle known (budgetRule known bobw) betaMax T (fst (fst (snd x)))
                  (snd (fst (snd x))) (snd (snd x))) mix).
Proof.
  intros Query oracle known bobw Hk Hb T betaMax mix HV Hmix Hsum.
  apply (Qle_trans _ (guarantee betaMax * qlsum (map fst mix))); [rewrite Hsum; lra |].
  apply (averaging _ fst (fun x => catchRoot oracle known (budgetRule known bobw) betaMax T
                                     (fst (fst (snd x))) (snd (fst (snd x))) (snd (snd x)))).
  intros x Hx. destruct (Hmix x Hx) as [Hw Ha]. split; [exact Hw |].
  exact (proj2 (theorem_B1 Query oracle known bobw Hk Hb T _ _ betaMax _ HV Ha)).
Qed.

(* Bob's sets R(v) of the values a subtree can take (docs/budgeted.md section 1), computed
   without the oracle: R(leaf) = {0, 1}, R(u) = phi_u(R(child 1) x ... x R(child q)) (first menu
   alternative); a node is constant when R(v) has one element. *)
Fixpoint products (ls : list (list bool)) : list (list bool) :=
  match ls with
  | [] => [[]]
  | l :: rest => flat_map (fun b => map (cons b) (products rest)) l
  end.

Fixpoint reach {Query : Type} (T : tree Query) : list bool :=
  match T with
  | Leaf _ => [false; true]
  | Node m agg arity kids =>
      map (agg 0%nat) (products (map (fun i => reach (kids 0%nat i)) (seq 0 (arity 0%nat))))
  end.

Definition knownR {Query : Type} (T : tree Query) : option bool :=
  match reach T with
  | [] => None
  | b :: rest => if forallb (Bool.eqb b) rest then Some b else None
  end.

Lemma in_products : forall ls g, length g = length ls ->
  (forall i, (i < length ls)%nat -> In (nth i g false) (nth i ls [])) -> In g (products ls).
Proof.
  induction ls as [| l ls IH]; intros g Hl H; destruct g as [| b g]; simpl in *; try lia.
  - left. reflexivity.
  - apply in_flat_map. exists b. split; [exact (H 0%nat ltac:(lia)) |].
    apply in_map. apply IH; [lia |]. intros i Hi. exact (H (S i) ltac:(lia)).
Qed.

Lemma val_in_reach : forall {Query : Type} (oracle : Query -> bool) (T : tree Query),
  Valid oracle T -> In (val oracle T) (reach T).
Proof.
  intros Query oracle T. induction T as [x | m agg arity kids IH]; intros HV; simpl.
  - destruct (oracle x); simpl; auto.
  - apply in_map. destruct HV as [Hm HV]. destruct (HV 0%nat Hm) as [_ HVk].
    apply in_products; [rewrite !map_length; reflexivity |].
    intros i Hi. rewrite map_length, seq_length in Hi.
    rewrite !nth_map_seq by exact Hi. apply IH. apply HVk. exact Hi.
Qed.

(* Bob's knowledge from R is sound, so Theorem B1 holds with known = knownR. *)
Theorem knownR_sound : forall {Query : Type} (oracle : Query -> bool),
  KnownSound oracle (@knownR Query).
Proof.
  intros Query oracle T b HV Hk. unfold knownR in Hk.
  assert (Hin := val_in_reach oracle T HV).
  destruct (reach T) as [| b0 rest]; [discriminate |].
  destruct (forallb (Bool.eqb b0) rest) eqn:E; [| discriminate]. injection Hk as <-.
  destruct Hin as [<- | Hin]; [reflexivity |].
  rewrite forallb_forall in E. specialize (E _ Hin). apply Bool.eqb_prop in E. auto.
Qed.

(* ======================================================================================== *)
(* Part 8. Sanity: the hypotheses can be met, and the catch probability computes              *)
(* ======================================================================================== *)

(* Bob's all-ones dual is feasible for every aggregator (every sensitive block is non-empty),
   so BobFeasible and BobwFeasible are not vacuous. *)
Definition bobOnes (f : Agg) (z : list bool) : list Q := repeat 1 (length z).

Lemma nth_repeat_1 : forall n i, 0 <= nth i (repeat 1 n) 0 /\ ((i < n)%nat -> nth i (repeat 1 n) 0 = 1).
Proof.
  induction n as [| n IH]; intros i; destruct i as [| i]; simpl; try (split; [lra | lia]).
  - split; [lra | reflexivity].
  - destruct (IH i) as [H1 H2]. split; [exact H1 | intros; apply H2; lia].
Qed.

Theorem bobOnes_feasible : BobFeasible bobOnes /\ BobwFeasible (fun f z _ => bobOnes f z).
Proof.
  assert (H : forall f z, DualFeasible f z (bobOnes f z)).
  { intros f z. split; [intros i; apply nth_repeat_1 |].
    intros B HS. destruct (sensitive_nonempty f z B HS) as [i [Hi HB]].
    unfold blockWeight, bobOnes.
    apply (Qle_trans _ (qsum (length z) (fun j => if Nat.eqb j i then 1 else 0))).
    - clear HS HB. induction (length z) as [| n IHn]; [lia |]. simpl.
      destruct (Nat.eqb n i) eqn:E.
      + apply Nat.eqb_eq in E. subst n.
        assert (0 <= qsum i (fun j => if Nat.eqb j i then 1 else 0))
          by (apply qsum_nonneg; intros; destruct (Nat.eqb _ _); lra). lra.
      + apply Nat.eqb_neq in E. assert (i < n)%nat by lia. specialize (IHn H). lra.
    - apply qsum_le. intros j Hj. destruct (Nat.eqb j i) eqn:E.
      + apply Nat.eqb_eq in E. subst j. rewrite HB. rewrite (proj2 (nth_repeat_1 _ i) Hj). lra.
      + destruct (nth j B false); [apply nth_repeat_1 | lra]. }
  split; [exact H | intros f z c; apply H].
Qed.

(* AND of two leaves, both true: fbs_11(AND_2) = 2, so rho = 2 and d = 1 give 1/2. A liar
   claiming 0 with children (1, 0) is caught with probability exactly 1/2 (Theorem 4.2 is
   tight here), one claiming (0, 0) with probability 1, the honest Alice never. *)
Definition and2 : Agg := fun z => (nth 0 z false && nth 1 z false)%bool.
Definition and2Tree : tree nat := Node 1 (fun _ => and2) (fun _ => 2%nat) (fun _ i => Leaf i).
Definition allTrue : nat -> bool := fun _ => true.
Definition play (z : list bool) : Strategy := fun p => (0%nat, z, []).

Example and2_one_liar :
  catch allTrue (paperRule bobOnes 2) and2Tree false 0 (play [true; false]) == 1 # 2.
Proof. vm_compute. reflexivity. Qed.

Example and2_two_liars :
  catch allTrue (paperRule bobOnes 2) and2Tree false 0 (play [false; false]) == 1.
Proof. vm_compute. reflexivity. Qed.

Example and2_honest :
  catch allTrue (paperRule bobOnes 2) and2Tree true 0 (play [true; true]) == 0.
Proof. vm_compute. reflexivity. Qed.

Example and2_inconsistent :
  catch allTrue (paperRule bobOnes 2) and2Tree false 0 (play [true; true]) == 1.
Proof. vm_compute. reflexivity. Qed.

(* With rho = 3/2 < fbs, Bob's check fails and the liar loses at once. *)
Example and2_check_fails :
  catch allTrue (paperRule bobOnes (3 # 2)) and2Tree false 0 (play [true; false]) == 1.
Proof. vm_compute. reflexivity. Qed.

Print Assumptions core_lemma.
Print Assumptions tree_finite.
Print Assumptions theorem_4_2.
Print Assumptions capacity_guarantee.
Print Assumptions guarantee_antitone.
Print Assumptions theorem_B1.
Print Assumptions theorem_B4.
Print Assumptions theorem_B4_inverse.
Print Assumptions paper_sound_rule.
Print Assumptions budget_sound_rule.
Print Assumptions theorem_4_2_randomised.
Print Assumptions theorem_B1_randomised.
Print Assumptions knownR_sound.
Print Assumptions bobOnes_feasible.
