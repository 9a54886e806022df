(* InstanceOptimality.v -- Theorem B3 (ours, docs/budgeted.md section 4): with beta_max = rho_T,
   R independent runs of Budgeted FBS Debate catch a lying Alice with probability
   >= 1 - (1 - 1/rho_T)^R, which is >= 1 - delta as soon as R >= rho_T ln(1/delta); and every
   checker right with probability >= 1 - eps under every oracle makes m >= (1 - 2 eps) rho_T
   queries. Everything over Q, without the Reals library (which rests on axioms) and without
   logarithms: the condition "R >= rho ln(1/delta)" is replaced by its logarithm-free witness
   form "(1 + R/(rho n))^n >= 1/delta for some n >= 1" (log_free_runs below), proved from the
   two-value AM-GM inequality (1 - x)^R (1 + xR/n)^n <= 1, itself from Bernoulli's inequality.
   That R = ceil(rho ln(1/delta)) has such a witness n is a one-line fact about real numbers
   left on paper (docs/formal.md section 17). Checked by coqc 8.16 (coq/check.sh); every
   Print Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert LowerBound Completeness HonestBudgets BudgetedLeaves.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* P[every run misses] for independent runs, run j catching with probability c_j. *)
Definition allMiss (cs : list Q) : Q := fold_right (fun c acc => (1 - c) * acc) 1 cs.

(* A natural number as a rational. *)
Definition qn (k : nat) : Q := inject_Z (Z.of_nat k).

(* P[a randomised Alice, a finite mixture of (weight, (root claim, root budget, strategy)),
   is caught in one run of the budgeted protocol with the root checks at beta_max]. *)
Definition catchMix {Query : Type} (oracle : Query -> bool) (known : tree Query -> option bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (betaMax : Q) (T : tree Query)
  (mix : list (Q * (bool * Q * Strategy))) : Q :=
  qlsum (map (fun x => fst x * catchRoot oracle known (budgetRule known bobw) betaMax T
                                 (fst (fst (snd x))) (snd (fst (snd x))) (snd (snd x))) mix).

(* A randomised Alice lying about the root: weights >= 0 summing to 1, every claim wrong. *)
Definition LyingMix {Query : Type} (oracle : Query -> bool) (T : tree Query)
  (mix : list (Q * (bool * Q * Strategy))) : Prop :=
  (forall x, In x mix -> 0 <= fst x /\ fst (fst (snd x)) <> val oracle T) /\
  qlsum (map fst mix) == 1.

(* R runs against an Alice who adapts each run to the earlier ones (ours): Round k w next is a
   run that misses with outcome i < k with probability w i (its other outcomes are catches),
   followed by the runs next i, which may depend on i (Alice sees the missed run). *)
Inductive rounds : Type :=
| Done : rounds
| Round : nat -> (nat -> Q) -> (nat -> rounds) -> rounds.

(* P[every run misses]. *)
Fixpoint missAll (g : rounds) : Q :=
  match g with
  | Done => 1
  | Round k w next => qsum k (fun i => w i * missAll (next i))
  end.

(* Exactly R runs on every branch, each missing with probability <= 1 - p given the history. *)
Fixpoint MissAtMost (p : Q) (R : nat) (g : rounds) : Prop :=
  match R, g with
  | O, Done => True
  | S R', Round k w next =>
      (forall i, (i < k)%nat -> 0 <= w i) /\ qsum k w <= 1 - p /\
      (forall i, (i < k)%nat -> MissAtMost p R' (next i))
  | _, _ => False
  end.

(* ======================================================================================== *)
(* Part 1. The repetition lemma                                                              *)
(* ======================================================================================== *)

Lemma qpow_nonneg : forall r n, 0 <= r -> 0 <= qpow r n.
Proof. intros r n Hr. induction n as [| n IH]; simpl; [lra | apply Qmult_le_0_compat; assumption]. Qed.

(* REPETITION (ours): independent runs each catching with probability in [p, 1] all miss with
   probability in [0, (1 - p)^R], R the number of runs. *)
Theorem repetition : forall (p : Q) (cs : list Q),
  (forall c, In c cs -> p <= c <= 1) -> 0 <= allMiss cs <= qpow (1 - p) (length cs).
Proof.
  intros p cs. induction cs as [| c cs IH]; intros Hc; simpl; [lra |].
  destruct (Hc c (or_introl eq_refl)) as [Hp H1].
  destruct (IH (fun c' H => Hc c' (or_intror H))) as [H0 Hle].
  split; [apply Qmult_le_0_compat; lra |].
  apply (Qle_trans _ ((1 - p) * allMiss cs)); [apply Qmult_le_compat_r; lra |].
  rewrite !(Qmult_comm (1 - p)). apply Qmult_le_compat_r; [exact Hle | lra].
Qed.

(* REPETITION AGAINST AN ADAPTIVE ALICE (ours): if every run misses with probability <= 1 - p
   whatever happened before it, all R runs miss with probability <= (1 - p)^R (the chain rule). *)
Theorem repetition_adaptive : forall (p : Q) (R : nat) (g : rounds),
  p <= 1 -> MissAtMost p R g -> 0 <= missAll g <= qpow (1 - p) R.
Proof.
  intros p R. induction R as [| R IH]; intros g Hp Hg; destruct g as [| k w next]; simpl in Hg |- *;
    try contradiction; [lra |].
  destruct Hg as [Hw [Hs Hn]].
  assert (Hb : forall i, (i < k)%nat -> 0 <= missAll (next i) <= qpow (1 - p) R)
    by (intros i Hi; exact (IH (next i) Hp (Hn i Hi))).
  split.
  - apply qsum_nonneg. intros i Hi. apply Qmult_le_0_compat; [exact (Hw i Hi) | exact (proj1 (Hb i Hi))].
  - apply (Qle_trans _ (qsum k (fun i => w i * qpow (1 - p) R))).
    + apply qsum_le. intros i Hi. rewrite !(Qmult_comm (w i)).
      apply Qmult_le_compat_r; [exact (proj2 (Hb i Hi)) | exact (Hw i Hi)].
    + rewrite qsum_mul_r.
      assert (0 <= qpow (1 - p) R) by (apply qpow_nonneg; lra).
      apply Qmult_le_compat_r; [exact Hs | exact H].
Qed.

(* ======================================================================================== *)
(* Part 2. Without logarithms: (1 - x)^R (1 + xR/n)^n <= 1                                  *)
(* ======================================================================================== *)

Lemma qn_S : forall k, qn (S k) == qn k + 1.
Proof. intros k. unfold qn. rewrite Nat2Z.inj_succ, <- Z.add_1_r, inject_Z_plus. reflexivity. Qed.

Lemma qn_add : forall k l, qn (k + l) == qn k + qn l.
Proof. intros k l. unfold qn. rewrite Nat2Z.inj_add, inject_Z_plus. reflexivity. Qed.

Lemma qn_nonneg : forall k, 0 <= qn k.
Proof.
  intros k. unfold qn. change 0 with (inject_Z 0). rewrite <- Zle_Qle. apply Nat2Z.is_nonneg.
Qed.

Lemma qn_pos : forall k, (0 < k)%nat -> 0 < qn k.
Proof.
  intros k Hk. unfold qn. change 0 with (inject_Z 0). rewrite <- Zlt_Qlt. lia.
Qed.

Lemma qpow_mul : forall r s n, qpow (r * s) n == qpow r n * qpow s n.
Proof. intros r s n. induction n as [| n IH]; simpl; [lra | rewrite IH; ring]. Qed.

Lemma qpow_one : forall n, qpow 1 n == 1.
Proof. intros n. induction n as [| n IH]; simpl; [lra | rewrite IH; lra]. Qed.

Lemma qpow_add : forall r k l, qpow r (k + l) == qpow r k * qpow r l.
Proof. intros r k l. induction k as [| k IH]; simpl; [ring | rewrite IH; ring]. Qed.

Lemma qpow_le : forall r s n, 0 <= r -> r <= s -> qpow r n <= qpow s n.
Proof.
  intros r s n H0 H. induction n as [| n IH]; simpl; [lra |].
  assert (0 <= qpow r n) by (apply qpow_nonneg; exact H0). nra.
Qed.

Lemma qpow_pos' : forall r n, 0 < r -> 0 < qpow r n.
Proof.
  intros r n H. induction n as [| n IH]; simpl; [lra |]. apply Qmult_lt_0_compat; assumption.
Qed.

(* Bernoulli's inequality, homogeneous: u >= 0, u + v >= 0 give
   u^(k+1) + (k+1) u^k v <= (u + v)^(k+1). *)
Lemma bernoulli : forall k u v, 0 <= u -> 0 <= u + v ->
  qpow u (S k) + qn (S k) * qpow u k * v <= qpow (u + v) (S k).
Proof.
  intros k u v Hu Huv. induction k as [| k IH].
  - change (qn 1) with 1. cbn [qpow]. lra.
  - assert (HP := qpow_nonneg u k Hu). assert (Hk := qn_nonneg k).
    change (qpow u (S (S k))) with (u * qpow u (S k)).
    change (qpow (u + v) (S (S k))) with ((u + v) * qpow (u + v) (S k)).
    rewrite !qn_S in *. change (qpow u (S k)) with (u * qpow u k) in *.
    assert (E : (u + v) * (u * qpow u k + (qn k + 1) * qpow u k * v)
                == u * (u * qpow u k) + (qn k + 1 + 1) * (u * qpow u k) * v
                   + (qn k + 1) * qpow u k * (v * v)) by ring.
    assert (0 <= (qn k + 1) * qpow u k * (v * v)).
    { apply Qmult_le_0_compat; [apply Qmult_le_0_compat; lra | nra]. }
    assert (IH' := Qmult_le_compat_r _ _ (u + v) IH Huv).
    rewrite !(Qmult_comm _ (u + v)) in IH'. lra.
Qed.


Lemma qpow_eq : forall k x y, x == y -> qpow x k == qpow y k.
Proof. intros k x y E. induction k as [| k IH]; simpl; [reflexivity | rewrite IH, E; reflexivity]. Qed.

(* The AM-GM step: A >= 0, b >= 0 give (N + 1)^(N+1) A^N b <= (N A + b)^(N+1). *)
Lemma amgm_step : forall N A b, 0 <= A -> 0 <= b ->
  qpow (qn (S N)) (S N) * (qpow A N * b) <= qpow (qn N * A + b) (S N).
Proof.
  intros N A b HA Hb. assert (HN := qn_nonneg N).
  assert (Hu : 0 <= qn (S N) * A) by (rewrite qn_S; apply Qmult_le_0_compat; lra).
  assert (Huv : 0 <= qn (S N) * A + (b - A)).
  { rewrite qn_S. assert (0 <= qn N * A) by (apply Qmult_le_0_compat; lra). lra. }
  assert (HB := bernoulli N (qn (S N) * A) (b - A) Hu Huv).
  assert (Hle : qpow (qn (S N) * A + (b - A)) (S N) == qpow (qn N * A + b) (S N)).
  { assert (E : qn (S N) * A + (b - A) == qn N * A + b) by (rewrite qn_S; ring).
    exact (qpow_eq (S N) _ _ E). }
  rewrite Hle in HB. rewrite !qpow_mul in HB.
  change (qpow (qn (S N)) (S N)) with (qn (S N) * qpow (qn (S N)) N) in *.
  change (qpow A (S N)) with (A * qpow A N) in HB.
  set (P := qpow (qn (S N)) N) in *. set (Z := qpow A N) in *.
  set (K := qn (S N)) in *. set (X := qpow (qn N * A + b) (S N)) in *.
  assert (E2 : K * P * (Z * b) == K * P * (A * Z) + K * (P * Z) * (b - A)) by ring.
  rewrite E2. exact HB.
Qed.

(* Two-value AM-GM: a, b >= 0 give (R + n)^(R+n) a^R b^n <= (R a + n b)^(R+n). *)
Lemma amgm2 : forall R n a b, 0 <= a -> 0 <= b ->
  qpow (qn (R + n)) (R + n) * (qpow a R * qpow b n) <= qpow (qn R * a + qn n * b) (R + n).
Proof.
  intros R n a b Ha Hb. induction n as [| n IH].
  - rewrite Nat.add_0_r. change (qpow b 0) with 1. rewrite Qmult_1_r, <- qpow_mul.
    apply Qle_lteq. right. apply qpow_eq. change (qn 0) with 0. ring.
  - rewrite Nat.add_succ_r. set (N := (R + n)%nat) in *.
    set (S0 := qn R * a + qn n * b) in *.
    assert (HS0 : 0 <= S0).
    { unfold S0. generalize (qn_nonneg R) (qn_nonneg n). intros. 
      assert (0 <= qn R * a) by (apply Qmult_le_0_compat; lra).
      assert (0 <= qn n * b) by (apply Qmult_le_0_compat; lra). lra. }
    assert (Hbn := qpow_nonneg b n Hb). assert (Har := qpow_nonneg a R Ha).
    assert (ES : qn R * a + qn (S n) * b == S0 + b) by (unfold S0; rewrite qn_S; ring).
    assert (Hpw := qpow_eq).
    rewrite (Hpw _ _ _ ES). change (qpow b (S n)) with (b * qpow b n).
    destruct (Nat.eq_dec N 0) as [H0 | H0].
    + assert (HR : R = 0%nat) by lia. assert (Hn : n = 0%nat) by lia.
      rewrite H0. subst R n. unfold S0. change (qn 0) with 0. change (qn 1) with 1.
      cbn [qpow]. lra.
    + assert (HNp := qn_pos N ltac:(lia)).
      set (A := S0 / qn N).
      assert (HA : 0 <= A) by (unfold A, Qdiv; apply Qmult_le_0_compat; [exact HS0 | apply Qinv_le_0_compat; lra]).
      assert (EA : S0 == qn N * A) by (unfold A; field; lra).
      assert (HPN := qpow_pos' (qn N) N HNp).
      (* from the induction hypothesis: a^R b^n <= A^N *)
      assert (Hab : qpow a R * qpow b n <= qpow A N).
      { rewrite (Hpw _ _ _ EA), qpow_mul in IH.
        apply (Qmult_le_l _ _ (qpow (qn N) N) HPN). exact IH. }
      assert (Hst := amgm_step N A b HA Hb). rewrite (qpow_eq (S N) (qn N * A + b) (S0 + b)) in Hst by (rewrite EA; reflexivity).
      assert (HK := qpow_nonneg (qn (S N)) (S N) (qn_nonneg _)).
      apply (Qle_trans _ (qpow (qn (S N)) (S N) * (qpow A N * b))); [| exact Hst].
      rewrite !(Qmult_comm (qpow (qn (S N)) (S N))). apply Qmult_le_compat_r; [| exact HK].
      assert (E4 : qpow a R * (b * qpow b n) == qpow a R * qpow b n * b) by ring.
      rewrite E4. apply Qmult_le_compat_r; [exact Hab | exact Hb].
Qed.

(* THE LOGARITHM-FREE BOUND (ours): 0 <= x <= 1 and n >= 1 give (1 - x)^R (1 + xR/n)^n <= 1,
   i.e. (1 - x)^R <= e^(-xR) and (1 + y/n)^n <= e^y combined, without e. *)
Theorem exp_free_bound : forall (x : Q) (R n : nat), 0 <= x <= 1 -> (0 < n)%nat ->
  qpow (1 - x) R * qpow (1 + x * qn R / qn n) n <= 1.
Proof.
  intros x R n Hx Hn. assert (Hnp := qn_pos n Hn). assert (HR := qn_nonneg R).
  assert (Hb : 0 <= 1 + x * qn R / qn n).
  { unfold Qdiv. assert (0 <= x * qn R * / qn n); [| lra].
    apply Qmult_le_0_compat; [apply Qmult_le_0_compat; lra | apply Qinv_le_0_compat; lra]. }
  assert (H := amgm2 R n (1 - x) (1 + x * qn R / qn n) ltac:(lra) Hb).
  assert (E : qn R * (1 - x) + qn n * (1 + x * qn R / qn n) == qn (R + n)).
  { rewrite qn_add. field. lra. }
  rewrite (qpow_eq _ _ _ E) in H.
  assert (HP := qpow_pos' (qn (R + n)) (R + n) (qn_pos (R + n) ltac:(lia))).
  apply (Qmult_le_l _ _ (qpow (qn (R + n)) (R + n)) HP). lra.
Qed.

(* B3's COUNT OF RUNS WITHOUT LOGARITHMS (ours): if some n >= 1 has (1 + R/(rho n))^n >= 1/delta
   (for R >= rho ln(1/delta) such an n exists: (1 + y/n)^n increases to e^y, docs/formal.md
   section 17), then (1 - 1/rho)^R <= delta. *)
Theorem log_free_runs : forall (rho delta : Q) (R n : nat),
  1 <= rho -> 0 < delta -> (0 < n)%nat -> / delta <= qpow (1 + qn R / (rho * qn n)) n ->
  qpow (1 - / rho) R <= delta.
Proof.
  intros rho delta R n Hrho Hd Hn Hw. assert (Hnp := qn_pos n Hn).
  assert (Hx : 0 <= / rho <= 1).
  { split; [apply Qinv_le_0_compat; lra | apply inv_le_1; exact Hrho]. }
  assert (H := exp_free_bound (/ rho) R n Hx Hn).
  assert (E : 1 + / rho * qn R / qn n == 1 + qn R / (rho * qn n)).
  { field. split; intro; lra. }
  rewrite (qpow_eq _ _ _ E) in H.
  set (B := qpow (1 + qn R / (rho * qn n)) n) in *.
  set (P := qpow (1 - / rho) R) in *.
  assert (Hid : 0 < / delta) by (apply Qinv_lt_0_compat; exact Hd).
  assert (HB : 0 < B) by lra.
  (* P * B <= 1 and B >= 1/delta give P <= delta *)
  assert (HP : 0 <= P) by (apply qpow_nonneg; lra).
  assert (H2 : P * / delta <= 1).
  { apply (Qle_trans _ (P * B)); [| exact H].
    rewrite !(Qmult_comm P). apply Qmult_le_compat_r; [exact Hw | exact HP]. }
  apply (Qmult_le_compat_r _ _ delta) in H2; [| lra].
  rewrite <- Qmult_assoc, (Qmult_comm (/ delta)), Qmult_inv_r, Qmult_1_r in H2 by lra. lra.
Qed.

(* ======================================================================================== *)
(* Part 3. Theorem B3: soundness by repetition, completeness, the lower bound                *)
(* ======================================================================================== *)

Lemma guarantee_at_least_1 : forall b, 1 <= b -> guarantee b == / b.
Proof.
  intros b Hb. unfold guarantee. destruct (Qle_bool b 1) eqn:E; [| reflexivity].
  apply Qle_bool_iff in E. assert (b == 1) by lra. rewrite H. reflexivity.
Qed.

Lemma mixture_le_1 : forall (A : Type) (w c : A -> Q) (xs : list A),
  (forall x, In x xs -> 0 <= w x /\ c x <= 1) ->
  qlsum (map (fun x => w x * c x) xs) <= qlsum (map w xs).
Proof.
  intros A w c xs. induction xs as [| x xs IH]; intros H; simpl; [lra |].
  destruct (H x (or_introl eq_refl)) as [Hw Hc].
  assert (IH' := IH (fun y Hy => H y (or_intror Hy))).
  assert (w x * c x <= w x * 1) by (rewrite !(Qmult_comm (w x)); apply Qmult_le_compat_r; assumption).
  lra.
Qed.

(* One run against a randomised lying Alice: caught with probability in [g(beta_max), 1]. *)
Lemma catchMix_bounds : forall (Query : Type) (oracle : Query -> bool)
  (known : tree Query -> option bool) (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (betaMax : Q) mix, Valid oracle T -> LyingMix oracle T mix ->
  guarantee betaMax <= catchMix oracle known bobw betaMax T mix <= 1.
Proof.
  intros Query oracle known bobw Hk Hb T betaMax mix HV [Hmix Hsum]. split.
  - exact (theorem_B1_randomised Query oracle known bobw Hk Hb T betaMax mix HV Hmix Hsum).
  - unfold catchMix. rewrite <- Hsum. apply mixture_le_1. intros x Hx.
    split; [exact (proj1 (Hmix x Hx)) |]. unfold catchRoot.
    destruct (rootChecks known betaMax T _ _); [| lra].
    apply catch_le_1. apply (budget_weights_nonneg known), (budgetRule_strict known bobw), Hb.
Qed.

(* THEOREM B3, SOUNDNESS BY REPETITION (ours): with beta_max = rho >= 1, independent runs
   against any randomised lying Alices (one mixture a run) all miss with probability
   <= (1 - 1/rho)^R, R the number of runs. *)
Theorem theorem_B3_sound :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (rho : Q) (runs : list (list (Q * (bool * Q * Strategy)))),
    Valid oracle T -> 1 <= rho -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
    0 <= allMiss (map (catchMix oracle known bobw rho T) runs) <= qpow (1 - / rho) (length runs).
Proof.
  intros Query oracle known bobw Hk Hb T rho runs HV Hrho Hruns.
  rewrite <- (map_length (catchMix oracle known bobw rho T)).
  apply repetition. intros c Hc. apply in_map_iff in Hc as [mix [<- Hin]].
  rewrite <- guarantee_at_least_1 by exact Hrho.
  exact (catchMix_bounds Query oracle known bobw Hk Hb T rho mix HV (Hruns mix Hin)).
Qed.

(* THEOREM B3's SOUNDNESS FOR THE ENGINE'S RULE (ours): the same bound for the rule the tool runs
   (budgetRuleE, a leaf child's budget read as 1; Theorem B1 for it is theorem_B1_engine),
   against deterministic lying strategies, one a run. *)
Theorem theorem_B3_sound_engine :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (rho : Q) (runs : list (bool * Q * Strategy)),
    Valid oracle T -> 1 <= rho -> (forall x, In x runs -> fst (fst x) <> val oracle T) ->
    0 <= allMiss (map (fun x => catchRoot oracle known (budgetRuleE known bobw) rho T
                                  (fst (fst x)) (snd (fst x)) (snd x)) runs)
      <= qpow (1 - / rho) (length runs).
Proof.
  intros Query oracle known bobw Hk Hb T rho runs HV Hrho Hruns.
  rewrite <- (map_length (fun x => catchRoot oracle known (budgetRuleE known bobw) rho T
                                     (fst (fst x)) (snd (fst x)) (snd x))).
  apply repetition. intros c Hc. apply in_map_iff in Hc as [x [<- Hin]].
  rewrite <- guarantee_at_least_1 by exact Hrho. split.
  - exact (proj2 (theorem_B1_engine Query oracle known bobw Hk Hb T _ _ rho _ HV (Hruns x Hin))).
  - unfold catchRoot. destruct (rootChecks known rho T _ _); [| lra].
    apply catch_le_1, budgetRuleE_nonneg, Hb.
Qed.

(* THEOREM B3 (ours, docs/budgeted.md section 4), composed. Let rho >= 1 be the budget bound
   beta_max of the protocol on the tree T (the model with menus, any oracle) and a lower bound
   of rho_T on the certificate's model Tc at alpha (distinct leaf queries), and let R runs
   satisfy (1 - 1/rho)^R <= delta (log_free_runs gives it from a witness n). Then
   (i) R independent runs catch every randomised lying Alice except with probability <= delta;
   (ii) the honest budgeted Alice is never caught, provided her root budget is at most rho
        (Theorem B2 (b): it is rho_T, by honest_budget_is_rhoT and the bridge, theorem_B3_rhoT);
   (iii) every checker right with probability >= 1 - eps under every oracle makes
        m >= (1 - 2 eps) rho queries (corollary_5_3). *)
Theorem theorem_B3 :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (Tc : ctree) (alpha : path -> bool) (rho delta : Q) (R : nat),
    Valid oracle T -> 1 <= rho -> GlobalFbsAtLeast rho Tc alpha ->
    qpow (1 - / rho) R <= delta ->
    (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
       allMiss (map (catchMix oracle known bobw rho T) runs) <= delta) /\
    (honestBudget oracle known bobw T <= rho ->
       catchRoot oracle known (budgetRule known bobw) rho T (val oracle T)
         (honestBudget oracle known bobw T) (honestBudgeted oracle known bobw T) == 0) /\
    (forall (C : checker) (m : nat) (eps : Q), CoinsOK C -> QueriesAtMost C m ->
       (forall O, (F Tc O = true -> 1 - eps <= accept O C) /\ (F Tc O = false -> accept O C <= eps)) ->
       (1 - 2 * eps) * rho <= qn m).
Proof.
  intros Query oracle known bobw Hk Hb T Tc alpha rho delta R HV Hrho HG HR. split; [| split].
  - intros runs Hlen Hruns. rewrite <- Hlen in HR.
    destruct (theorem_B3_sound Query oracle known bobw Hk Hb T rho runs HV Hrho Hruns). lra.
  - exact (proj2 (theorem_B2a Query oracle known bobw T rho HV Hk)).
  - intros C m eps HC HQ Hcor. exact (corollary_5_3 Tc alpha rho C m eps ltac:(lra) HG HC HQ Hcor).
Qed.

(* THEOREM B3 AT rho = rho_T (ours): with Bob's weighted dual optimal at every node of Tc
   (BobOptimalTree), rho := beta(Tc) is rho_T exactly (honest_budget_is_rhoT: a feasible
   global dual of value rho, and none smaller), so the lower bound holds at rho_T itself. The
   one premise left is B2 (b)'s bridge: the honest root budget on the protocol's tree T is
   beta(Tc) (here assumed as the hypothesis Hbridge; it is a theorem on paper, docs/formal.md
   section 0). *)
Theorem theorem_B3_rhoT :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (Tc : ctree) (alpha : path -> bool) (delta : Q) (R : nat),
    Valid oracle T -> BobOptimalTree bobw Tc alpha -> 1 <= betaT bobw Tc alpha ->
    honestBudget oracle known bobw T == betaT bobw Tc alpha ->
    qpow (1 - / betaT bobw Tc alpha) R <= delta ->
    (exists t, GlobalDualFeasible Tc alpha t /\ dualValue Tc t == betaT bobw Tc alpha) /\
    GlobalFbsAtLeast (betaT bobw Tc alpha) Tc alpha /\
    (forall runs, length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
       allMiss (map (catchMix oracle known bobw (betaT bobw Tc alpha) T) runs) <= delta) /\
    catchRoot oracle known (budgetRule known bobw) (betaT bobw Tc alpha) T (val oracle T)
      (honestBudget oracle known bobw T) (honestBudgeted oracle known bobw T) == 0 /\
    (forall (C : checker) (m : nat) (eps : Q), CoinsOK C -> QueriesAtMost C m ->
       (forall O, (F Tc O = true -> 1 - eps <= accept O C) /\ (F Tc O = false -> accept O C <= eps)) ->
       (1 - 2 * eps) * betaT bobw Tc alpha <= qn m).
Proof.
  intros Query oracle known bobw Hk Hb T Tc alpha delta R HV HO H1 Hbridge HR.
  destruct (honest_budget_is_rhoT bobw Tc alpha HO) as [[Hf Hv] [HG _]].
  destruct (theorem_B3 Query oracle known bobw Hk Hb T Tc alpha _ delta R HV H1 HG HR)
    as [Hs [Hc Hl]].
  split; [exists (productDual Tc (betaRecords bobw Tc alpha)); split; assumption |].
  split; [exact HG |]. split; [exact Hs |]. split; [apply Hc; rewrite Hbridge; lra | exact Hl].
Qed.

(* B3 with the count of runs in its logarithm-free witness form (ours). *)
Corollary theorem_B3_witness :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q),
  KnownSound oracle known -> BobwFeasible bobw ->
  forall (T : tree Query) (rho delta : Q) (R n : nat)
         (runs : list (list (Q * (bool * Q * Strategy)))),
    Valid oracle T -> 1 <= rho -> 0 < delta -> (0 < n)%nat ->
    / delta <= qpow (1 + qn R / (rho * qn n)) n ->
    length runs = R -> (forall mix, In mix runs -> LyingMix oracle T mix) ->
    allMiss (map (catchMix oracle known bobw rho T) runs) <= delta.
Proof.
  intros Query oracle known bobw Hk Hb T rho delta R n runs HV Hrho Hd Hn Hw Hlen Hruns.
  assert (HR := log_free_runs rho delta R n Hrho Hd Hn Hw). rewrite <- Hlen in HR.
  destruct (theorem_B3_sound Query oracle known bobw Hk Hb T rho runs HV Hrho Hruns). lra.
Qed.

Print Assumptions repetition.
Print Assumptions repetition_adaptive.
Print Assumptions exp_free_bound.
Print Assumptions log_free_runs.
Print Assumptions theorem_B3_sound.
Print Assumptions theorem_B3_sound_engine.
Print Assumptions theorem_B3.
Print Assumptions theorem_B3_rhoT.
Print Assumptions theorem_B3_witness.
