(* HonestBridge.v -- Theorem B2 (b) as a whole (ours, docs/budgeted.md section 3): on the
   protocol's own tree (model/FbsModel.v, `tree`, the first alternative at every node), with
   Bob's constant subtrees read from R(v) (`knownR`) and the protocol's capacities (0 for a
   child Bob knows constant, max(beta_i, 1) otherwise), the honest root budget beta(root)
   equals rho_T, the global fbs of F_T at the oracle's answers, when Bob's weighted dual is
   optimal at every node; with beta_max = rho_T the honest Alice then never loses. The bridge
   to the recursion of HonestBudgets.v (`honest_budget_is_rhoT`, on the certificate's model
   `ctree`): the protocol's tree read as a ctree (`toC`) with alpha the oracle's answer at each
   leaf (`alphaO`); R(v) is exactly the set of values of the subtree's function over all
   assignments of its leaves (`reach_sound`, `reach_complete`), so a child is constant for R(v)
   iff it has no sensitive block, where its budget is 0, and its budget is >= 1 otherwise, so
   the protocol's capacities equal the children's budgets (`honest_budget_bridge`). Then, when
   the leaf queries are pairwise distinct (NoDup (leafQs T)), rho_T read on the leaves is rho_T
   read on the queries (the fbs of the function of the oracle's answers, `RhoQ`,
   `rhoQ_of_rhoT`), which gives `theorem_B2b_queries`; with a repeated query it is not
   (`repeated_query_counterexample` in examples/BridgeExamples.v). Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert TreeStatements LowerBound Completeness
  BudgetedFloors HonestBudgets BudgetedLeaves.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* The protocol's tree read as a tree whose leaves are variables (the first alternative at
   every node: the one the honest Alice defends and R(v) reads). *)
Fixpoint toC {Query : Type} (T : tree Query) : ctree :=
  match T with
  | Leaf _ => CLeaf
  | Node m agg arity kids => CNode (agg 0%nat) (arity 0%nat) (fun i => toC (kids 0%nat i))
  end.

(* alpha: the leaf at path p gets the oracle's answer to its query. *)
Fixpoint alphaO {Query : Type} (oracle : Query -> bool) (T : tree Query) (p : path) : bool :=
  match T, p with
  | Leaf x, _ => oracle x
  | Node m agg arity kids, i :: p' => alphaO oracle (kids 0%nat i) p'
  | Node _ _ _ _, [] => false
  end.

(* Bob's weighted dual is optimal (BudgetedFloors.v, BobwOptimalAt) at every node of the
   tree, at the true children's values, for every nonnegative capacity vector. *)
Fixpoint BobOptimalNodes {Query : Type} (oracle : Query -> bool)
  (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      (forall c, (forall i, 0 <= nth i c 0) ->
         BobwOptimalAt bobw (agg 0%nat) (childVals oracle arity kids 0%nat) c) /\
      (forall i, (i < arity 0%nat)%nat -> BobOptimalNodes oracle bobw (kids 0%nat i))
  end.

(* The leaf queries of the tree, depth-first, left to right (the first alternative). The
   leaf queries are pairwise distinct (paper Section 5, Setup) when NoDup (leafQs T). *)
Fixpoint leafQs {Query : Type} (T : tree Query) : list Query :=
  match T with
  | Leaf x => [x]
  | Node m agg arity kids => flat_map (fun i => leafQs (kids 0%nat i)) (seq 0 (arity 0%nat))
  end.

(* rho_T read on the queries: the global fbs dual LP (paper Definition 3.4) of the function
   o |-> val o T of the oracle's answers, at the oracle, over the queries qs (a list without
   repetition holding every leaf query). A dual weighs the queries; a set H of queries is
   sensitive when flipping the oracle's answers on H changes the root's value. *)
Definition flipO {Query : Type} (oracle H : Query -> bool) : Query -> bool :=
  fun x => xorb (oracle x) (H x).
Definition qBlock {Query : Type} (qs : list Query) (t : Query -> Q) (H : Query -> bool) : Q :=
  qlsum (map (fun x => if H x then t x else 0) qs).
Definition QDualFeasible {Query : Type} (oracle : Query -> bool) (T : tree Query)
  (qs : list Query) (t : Query -> Q) : Prop :=
  (forall x, 0 <= t x) /\
  (forall H, val (flipO oracle H) T <> val oracle T -> 1 <= qBlock qs t H).
Definition RhoQ {Query : Type} (oracle : Query -> bool) (T : tree Query) (qs : list Query)
  (V : Q) : Prop :=
  (exists t, QDualFeasible oracle T qs t /\ qlsum (map t qs) == V) /\
  (forall t, QDualFeasible oracle T qs t -> V <= qlsum (map t qs)).

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Section Bridge.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bobw : Agg -> list bool -> list Q -> list Q.

(* F_T at alpha is the protocol's true value. *)
Lemma F_alphaO : forall T : tree Query, F (toC T) (alphaO oracle T) = val oracle T.
Proof.
  induction T as [x | m agg arity kids IH]; [reflexivity |]. simpl. f_equal.
  apply map_ext_in. intros i _. exact (IH 0%nat i).
Qed.

Lemma childValues_toC : forall m agg arity (kids : nat -> nat -> tree Query),
  childValues (arity 0%nat) (fun i => toC (kids 0%nat i)) (alphaO oracle (Node m agg arity kids))
  = childVals oracle arity kids 0%nat.
Proof.
  intros. unfold childValues, childVals. apply map_ext_in. intros i _.
  exact (F_alphaO (kids 0%nat i)).
Qed.

Lemma products_in : forall ls g, In g (products ls) ->
  length g = length ls /\ forall i, (i < length ls)%nat -> In (nth i g false) (nth i ls []).
Proof.
  induction ls as [| l ls IH]; intros g Hg; simpl in Hg.
  - destruct Hg as [<- | []]. split; [reflexivity | simpl; intros; lia].
  - apply in_flat_map in Hg. destruct Hg as [b [Hb Hg]]. apply in_map_iff in Hg.
    destruct Hg as [g' [<- Hg']]. destruct (IH g' Hg') as [Hl Hn].
    split; [simpl; lia |]. intros [| i] Hi; [exact Hb |]. simpl in Hi |- *. apply Hn. lia.
Qed.

(* R(v) holds every value of the subtree's function ... *)
Lemma reach_sound : forall (T : tree Query) x, In (F (toC T) x) (reach T).
Proof.
  induction T as [y | m agg arity kids IH]; intros x.
  - simpl. destruct (x []); simpl; auto.
  - simpl. apply in_map. apply in_products; [rewrite !map_length; reflexivity |].
    intros i Hi. rewrite map_length, seq_length in Hi. rewrite !nth_map_seq by exact Hi.
    apply IH.
Qed.

(* ... and nothing else: every element of R(v) is a value of it. *)
Lemma reach_complete : forall (T : tree Query) b, In b (reach T) -> exists x, F (toC T) x = b.
Proof.
  induction T as [y | m agg arity kids IH]; intros b Hb.
  - exists (fun _ => b). reflexivity.
  - simpl in Hb. apply in_map_iff in Hb. destruct Hb as [g [Hgb Hg]].
    destruct (products_in _ g Hg) as [Hl Hn]. rewrite map_length, seq_length in Hl.
    destruct (finite_choice (path -> bool) (fun _ => false)
                (fun i x => F (toC (kids 0%nat i)) x = nth i g false) (arity 0%nat)) as [xs Hxs].
    { intros i Hi. apply IH. specialize (Hn i ltac:(rewrite map_length, seq_length; exact Hi)).
      rewrite nth_map_seq in Hn by exact Hi. exact Hn. }
    exists (fun p => match p with [] => false | i :: p' => xs i p' end).
    simpl. rewrite <- Hgb. f_equal. rewrite <- (map_nth_seq _ g false), Hl.
    apply map_ext_in. intros i Hi. apply in_seq in Hi. exact (Hxs i ltac:(lia)).
Qed.

Lemma reach_const : forall b0 rest y, forallb (Bool.eqb b0) rest = true -> In y (b0 :: rest) -> y = b0.
Proof.
  intros b0 rest y Hf [<- | Hy]; [reflexivity |]. rewrite forallb_forall in Hf.
  symmetry. apply Bool.eqb_prop. exact (Hf y Hy).
Qed.

(* A child Bob knows constant from R(v) has no sensitive block, whatever alpha. *)
Lemma knownR_no_sensitive : forall (T : tree Query) b alpha H,
  knownR T = Some b -> ~ SensitiveF (toC T) alpha H.
Proof.
  intros T b alpha H Hk HS. unfold knownR in Hk.
  assert (H1 := reach_sound T (flipA alpha H)). assert (H2 := reach_sound T alpha).
  destruct (reach T) as [| b0 rest]; [destruct H1 |].
  destruct (forallb (Bool.eqb b0) rest) eqn:Ef; [| discriminate].
  apply HS. rewrite (reach_const b0 rest _ Ef H1), (reach_const b0 rest _ Ef H2). reflexivity.
Qed.

(* Any other child has a sensitive block at every alpha. *)
Lemma knownR_sensitive : forall (T : tree Query) alpha,
  knownR T = None -> exists H, SensitiveF (toC T) alpha H.
Proof.
  intros T alpha Hk. unfold knownR in Hk. assert (Hin := reach_sound T alpha).
  destruct (reach T) as [| b0 rest] eqn:E; [destruct Hin |].
  destruct (forallb (Bool.eqb b0) rest) eqn:Ef; [discriminate |].
  assert (Hy : exists y, In y rest /\ y <> b0).
  { destruct (existsb (fun y => negb (Bool.eqb b0 y)) rest) eqn:Ex.
    - apply existsb_exists in Ex. destruct Ex as [y [Hy Hn]]. exists y. split; [exact Hy |].
      intros ->. rewrite eqb_reflx in Hn. discriminate.
    - exfalso. assert (forallb (Bool.eqb b0) rest = true); [| congruence].
      apply forallb_forall. intros y Hy. destruct (Bool.eqb b0 y) eqn:Eb; [reflexivity |].
      assert (existsb (fun y => negb (Bool.eqb b0 y)) rest = true); [| congruence].
      apply existsb_exists. exists y. rewrite Eb. split; [exact Hy | reflexivity]. }
  destruct Hy as [y [Hy Hne]].
  assert (Hx : exists x, F (toC T) x <> F (toC T) alpha).
  { destruct (reach_complete T b0 ltac:(rewrite E; left; reflexivity)) as [x0 E0].
    destruct (reach_complete T y ltac:(rewrite E; right; exact Hy)) as [x1 E1].
    destruct (Bool.bool_dec (F (toC T) x0) (F (toC T) alpha)) as [Ea | Ea];
      [exists x1; rewrite <- Ea, E0, E1; exact Hne | exists x0; exact Ea]. }
  destruct Hx as [x Hx]. exists (fun p => xorb (alpha p) (x p)). unfold SensitiveF.
  rewrite (F_ext (toC T) _ x); [exact Hx |].
  intros p. unfold flipA. destruct (alpha p), (x p); reflexivity.
Qed.

(* A tree with a sensitive block has budget >= 1 (an optimal Bob's budget is a feasible
   global dual's value). *)
Lemma betaT_ge1 : forall T alpha, BobOptimalTree bobw T alpha ->
  (exists H, SensitiveF T alpha H) -> 1 <= betaT bobw T alpha.
Proof.
  intros T alpha HO [H HS]. destruct (honest_budget_is_rhoT bobw T alpha HO) as [[[Hn Hf] Hv] _].
  rewrite <- Hv. apply (Qle_trans _ _ _ (Hf H HS)). unfold dualBlock, dualValue.
  apply qlsum_le_map. intros p. destruct (H p); [lra | apply Hn].
Qed.

Lemma caps_nonneg : forall q (kids : nat -> ctree) alpha,
  (forall i, (i < q)%nat -> 0 <= betaT bobw (kids i) (sub alpha i)) ->
  forall i, 0 <= nth i (map (fun j => betaT bobw (kids j) (sub alpha j)) (seq 0 q)) 0.
Proof.
  intros q kids alpha H i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
  - rewrite nth_map_seq by exact Hi. apply H, Hi.
  - rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra.
Qed.

(* Bob optimal at every node of the protocol's tree is Bob optimal on its ctree. *)
Lemma optimal_toC : forall T : tree Query, BobOptimalNodes oracle bobw T ->
  BobOptimalTree bobw (toC T) (alphaO oracle T).
Proof.
  induction T as [x | m agg arity kids IH]; intros HOT; [exact I |].
  destruct HOT as [HO HOk]. split.
  - cbn [BobOptimalTree toC]. rewrite childValues_toC. apply HO. apply caps_nonneg. intros i Hi.
    apply betaT_nonneg. exact (IH 0%nat i (HOk i Hi)).
  - intros i Hi. exact (IH 0%nat i (HOk i Hi)).
Qed.

(* The two optimal values at capacities equal as numbers are equal. *)
Lemma optimal_value_eq : forall f z c c', length c = length z ->
  (forall i, (i < length z)%nat -> nth i c 0 == nth i c' 0) ->
  BobwOptimalAt bobw f z c -> BobwOptimalAt bobw f z c' ->
  weightedValue (length z) c (bobw f z c) == weightedValue (length z) c' (bobw f z c').
Proof.
  intros f z c c' _ Hc [Hf Ho] [Hf' Ho'].
  assert (E : forall t, weightedValue (length z) c t == weightedValue (length z) c' t).
  { intros t. unfold weightedValue. apply qsum_ext. intros i Hi. rewrite (Hc i Hi). reflexivity. }
  specialize (Ho _ Hf'). specialize (Ho' _ Hf).
  assert (E1 := E (bobw f z c)). assert (E2 := E (bobw f z c')). lra.
Qed.

(* THE BRIDGE: the protocol's honest budget (Completeness.v, capacities 0 for a child known
   constant from R(v), max(beta_i, 1) otherwise) is the recursion's budget on the ctree. *)
Lemma honest_budget_bridge : forall T : tree Query, BobOptimalNodes oracle bobw T ->
  honestBudget oracle knownR bobw T == betaT bobw (toC T) (alphaO oracle T).
Proof.
  induction T as [x | m agg arity kids IH]; intros HOT; [reflexivity |].
  assert (HOC := optimal_toC _ HOT). destruct HOT as [HO HOk].
  set (q := arity 0%nat).
  set (bs := map (fun i => honestBudget oracle knownR bobw (kids 0%nat i)) (seq 0 q)).
  set (c := map (capacity knownR (kids 0%nat) bs) (seq 0 q)).
  set (z := childVals oracle arity kids 0%nat).
  set (c' := map (fun i => betaT bobw (toC (kids 0%nat i)) (alphaO oracle (kids 0%nat i))) (seq 0 q)).
  assert (Hz : length z = q) by apply childVals_length.
  assert (Hck : forall i, (i < q)%nat -> BobOptimalTree bobw (toC (kids 0%nat i)) (alphaO oracle (kids 0%nat i)))
    by (intros i Hi; apply optimal_toC, HOk, Hi).
  (* the capacities are the children's budgets *)
  assert (Hc : forall i, (i < length z)%nat -> nth i c 0 == nth i c' 0).
  { intros i Hi. rewrite Hz in Hi. unfold c, c'. rewrite !nth_map_seq by exact Hi.
    unfold capacity. destruct (knownR (kids 0%nat i)) as [b |] eqn:Ek.
    - symmetry. apply (betaT_constant bobw _ _ (Hck i Hi)). intros H.
      exact (knownR_no_sensitive _ b _ H Ek).
    - unfold bs. rewrite nth_map_seq by exact Hi. rewrite (IH 0%nat i (HOk i Hi)).
      apply Q.max_l. apply betaT_ge1; [exact (Hck i Hi) |]. apply knownR_sensitive, Ek. }
  assert (Hcn : forall i, 0 <= nth i c' 0)
    by exact (caps_nonneg q (fun i => toC (kids 0%nat i)) (alphaO oracle (Node m agg arity kids))
                (fun i Hi => betaT_nonneg bobw _ _ (Hck i Hi))).
  assert (Hcn0 : forall i, 0 <= nth i c 0).
  { intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
    - rewrite (Hc i ltac:(lia)). apply Hcn.
    - unfold c. rewrite nth_overflow by (rewrite map_length, seq_length; lia). lra. }
  assert (E := optimal_value_eq (agg 0%nat) z c c' ltac:(unfold c; rewrite map_length, seq_length; lia)
                 Hc (HO c Hcn0) (HO c' Hcn)).
  assert (Ez : childValues q (fun i => toC (kids 0%nat i)) (alphaO oracle (Node m agg arity kids)) = z)
    by exact (childValues_toC m agg arity kids).
  rewrite Hz in E. cbn [betaT toC]. fold q. rewrite Ez.
  change (map (fun i => betaT bobw (toC (kids 0%nat i)) (sub (alphaO oracle (Node m agg arity kids)) i)) (seq 0 q))
    with c'.
  rewrite <- E. cbn [honestBudget]. fold q bs c z. unfold totalWeight, weightedValue.
  apply qsum_ext. intros i Hi. rewrite nth_map_seq by exact Hi. reflexivity.
Qed.

End Bridge.

(* rho_T is unique. *)
Lemma rhoT_unique : forall T alpha V V', RhoT T alpha V -> RhoT T alpha V' -> V == V'.
Proof.
  intros T alpha V V' [[t [Ht Hv]] HV] [[t' [Ht' Hv']] HV'].
  specialize (HV t' Ht'). specialize (HV' t Ht). lra.
Qed.

(* THE HONEST ROOT BUDGET IS rho_T (ours; Theorem B2 (b)'s equality on the protocol's tree):
   with Bob optimal at every node, the honest budget of the protocol (capacities from knownR)
   is rho_T = fbs_alpha(F_T), the optimum of the global dual LP (RhoT, model/TreeStatements.v)
   of the tree read with its leaves as variables at the oracle's answers. *)
Theorem honest_budget_rhoT_protocol :
  forall (Query : Type) (oracle : Query -> bool) (bobw : Agg -> list bool -> list Q -> list Q)
         (T : tree Query),
  BobOptimalNodes oracle bobw T ->
  RhoT (toC T) (alphaO oracle T) (honestBudget oracle knownR bobw T).
Proof.
  intros Query oracle bobw T HO.
  assert (HC := optimal_toC oracle bobw T HO). assert (E := honest_budget_bridge oracle bobw T HO).
  destruct (honest_budget_is_rhoT bobw _ _ HC) as [[Hf Hv] [HG _]]. split.
  - eexists. split; [exact Hf |]. rewrite Hv, E. reflexivity.
  - intros t Ht. rewrite E. exact (HG t Ht).
Qed.

(* The engine's rule (BudgetedLeaves.v: a leaf child's budget read as 1) reads the honest
   budgets unchanged (a leaf's honest budget is 1), so the honest run is the same under both
   rules: Theorem B2 needs neither rule's treatment of a liar's leaf budgets. *)
Lemma leafBudgets_honest : forall (Query : Type) (oracle : Query -> bool) known bobw
  (kids : nat -> tree Query) q,
  leafBudgets kids q (map (fun i => honestBudget oracle known bobw (kids i)) (seq 0 q))
  = map (fun i => honestBudget oracle known bobw (kids i)) (seq 0 q).
Proof.
  intros. unfold leafBudgets. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  rewrite nth_map_seq by lia. destruct (kids i); reflexivity.
Qed.

Lemma honest_engine_catch : forall (Query : Type) (oracle : Query -> bool) known bobw
  (T : tree Query) a beta,
  catch oracle (budgetRuleE known bobw) T a beta (honestBudgeted oracle known bobw T)
  == catch oracle (budgetRule known bobw) T a beta (honestBudgeted oracle known bobw T).
Proof.
  intros Query oracle known bobw T. induction T as [x | m agg arity kids IH]; intros a beta;
    [reflexivity |].
  cbn [catch]. unfold honestBudgeted at 1 3. cbn [subtreeAt].
  set (bs := map (fun i => honestBudget oracle known bobw (kids 0%nat i)) (seq 0 (arity 0%nat))).
  destruct (Nat.ltb 0 m && Nat.eqb (length (childVals oracle arity kids 0)) (arity 0%nat)
            && Bool.eqb (agg 0%nat (childVals oracle arity kids 0)) a)%bool; [| reflexivity].
  assert (E : budgetRuleE known bobw (agg 0%nat) (kids 0%nat) (arity 0%nat)
                (childVals oracle arity kids 0) beta bs
              = budgetRule known bobw (agg 0%nat) (kids 0%nat) (arity 0%nat)
                  (childVals oracle arity kids 0) beta bs)
    by (unfold budgetRuleE, bs; rewrite leafBudgets_honest; reflexivity).
  rewrite E. destruct (budgetRule known bobw (agg 0%nat) (kids 0%nat) (arity 0%nat)
                         (childVals oracle arity kids 0) beta bs) as [w |]; [| reflexivity].
  destruct (Qeq_bool (totalWeight (arity 0%nat) w) 0); [reflexivity |].
  apply qsum_ext. intros i Hi. rewrite (IH 0%nat i). reflexivity.
Qed.

(* THEOREM B2 (b) (ours, docs/budgeted.md section 3), on the protocol's tree: if Bob's
   weighted dual is optimal at every node, the honest root budget of the protocol (the honest
   Alice's budgets, capacities 0 for a child constant for R(v) and max(beta_i, 1) otherwise)
   equals rho_T, the optimum of the global fbs dual LP of F_T (leaves as variables, as in
   Section 5 with distinct leaf queries) at the oracle's answers; so with beta_max = rho_T the
   honest Alice passes the root checks and is never caught, under the model's rule and under
   the engine's rule alike. *)
Theorem theorem_B2b :
  forall (Query : Type) (oracle : Query -> bool) (bobw : Agg -> list bool -> list Q -> list Q)
         (T : tree Query) (rhoT : Q),
  Valid oracle T -> BobOptimalNodes oracle bobw T -> RhoT (toC T) (alphaO oracle T) rhoT ->
  honestBudget oracle knownR bobw T == rhoT /\
  catchRoot oracle knownR (budgetRule knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  catchRoot oracle knownR (budgetRuleE knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0.
Proof.
  intros Query oracle bobw T rhoT HV HO HR.
  assert (E : honestBudget oracle knownR bobw T == rhoT)
    by exact (rhoT_unique _ _ _ _ (honest_budget_rhoT_protocol Query oracle bobw T HO) HR).
  destruct (theorem_B2a Query oracle knownR bobw T rhoT HV (knownR_sound oracle)) as [_ H2].
  assert (H := H2 ltac:(rewrite E; apply Qle_refl)).
  split; [exact E | split; [exact H |]].
  unfold catchRoot in *. destruct (rootChecks knownR rhoT T (val oracle T) _); [| exact H].
  rewrite honest_engine_catch. exact H.
Qed.

(* ======================================================================================== *)
(* Distinct leaf queries: rho_T on the leaves is rho_T on the queries                        *)
(* ======================================================================================== *)

Lemma nodup_app_parts : forall (A : Type) (l l' : list A), NoDup (l ++ l') ->
  NoDup l /\ NoDup l' /\ (forall x, In x l -> ~ In x l').
Proof.
  intros A l l'. induction l as [| a l IH]; intros H; simpl in H.
  - split; [constructor | split; [exact H | intros x []]].
  - inversion H as [| a' r Hn Hd]. subst. destruct (IH Hd) as [H1 [H2 H3]].
    split; [constructor; [intros Hin; apply Hn, in_or_app; left; exact Hin | exact H1] |].
    split; [exact H2 |]. intros x [<- | Hx] Hx'; [apply Hn, in_or_app; right; exact Hx' |].
    exact (H3 x Hx Hx').
Qed.

(* The parts of a duplicate-free flat_map are duplicate-free and pairwise disjoint. *)
Lemma nodup_flat_map_seq : forall (A : Type) (h : nat -> list A) q,
  NoDup (flat_map h (seq 0 q)) ->
  (forall i, (i < q)%nat -> NoDup (h i)) /\
  (forall i j x, (i < q)%nat -> (j < q)%nat -> In x (h i) -> In x (h j) -> i = j).
Proof.
  intros A h q. induction q as [| q IH]; intros H; [split; intros; lia |].
  rewrite seq_S, flat_map_app in H. simpl in H. rewrite app_nil_r in H.
  destruct (nodup_app_parts _ _ _ H) as [H1 [H2 H3]]. destruct (IH H1) as [IH1 IH2].
  split.
  - intros i Hi. destruct (Nat.eq_dec i q) as [-> | Hne]; [exact H2 | apply IH1; lia].
  - intros i j x Hi Hj Hxi Hxj.
    destruct (Nat.eq_dec i q) as [-> | Hne], (Nat.eq_dec j q) as [-> | Hne'];
      [reflexivity | | | apply (IH2 i j x); lia || assumption].
    + exfalso. apply (H3 x); [apply in_flat_map; exists j; split; [apply in_seq; lia | exact Hxj] | exact Hxi].
    + exfalso. apply (H3 x); [apply in_flat_map; exists i; split; [apply in_seq; lia | exact Hxi] | exact Hxj].
Qed.

Lemma in_leafQs_kid : forall (Query : Type) m agg arity (kids : nat -> nat -> tree Query) i x,
  (i < arity 0%nat)%nat -> In x (leafQs (kids 0%nat i)) -> In x (leafQs (Node m agg arity kids)).
Proof. intros. simpl. apply in_flat_map. exists i. split; [apply in_seq; lia | assumption]. Qed.

(* The value depends only on the answers to the leaf queries. *)
Lemma val_ext : forall (Query : Type) (o o' : Query -> bool) (T : tree Query),
  (forall x, In x (leafQs T) -> o x = o' x) -> val o T = val o' T.
Proof.
  intros Query o o' T. induction T as [y | m agg arity kids IH]; intros H.
  - simpl. apply H. left. reflexivity.
  - simpl. f_equal. apply map_ext_in. intros i Hi. apply in_seq in Hi. apply IH.
    intros x Hx. apply H. apply (in_leafQs_kid _ m agg arity kids i); [lia | exact Hx].
Qed.

(* A function of the queries pulled back to the leaves (the leaf at p reads its query). *)
Fixpoint pull {Query A : Type} (T : tree Query) (g : Query -> A) (d : A) (p : path) : A :=
  match T, p with
  | Leaf y, _ => g y
  | Node m agg arity kids, i :: p' => pull (kids 0%nat i) g d p'
  | Node _ _ _ _, [] => d
  end.

Lemma pull_const : forall (Query A : Type) (T : tree Query) (a : A) p, pull T (fun _ => a) a p = a.
Proof.
  intros Query A T a. induction T as [y | m agg arity kids IH]; intros [| i p]; simpl; auto.
Qed.

Lemma pull_nonneg : forall (Query : Type) (T : tree Query) (t : Query -> Q) p,
  (forall x, 0 <= t x) -> 0 <= pull T t 0 p.
Proof.
  intros Query T t. induction T as [y | m agg arity kids IH]; intros [| i p] Ht; simpl;
    auto; lra.
Qed.

(* Flipping the answers on H is flipping the leaves that ask a query of H. *)
Lemma F_flip_pull : forall (Query : Type) (oracle H : Query -> bool) (T : tree Query),
  F (toC T) (flipA (alphaO oracle T) (pull T H true)) = val (flipO oracle H) T.
Proof.
  intros Query oracle H T. induction T as [y | m agg arity kids IH]; [reflexivity |].
  simpl. f_equal. apply map_ext_in. intros i _. exact (IH 0%nat i).
Qed.

(* A query dual pulled back to the leaves has the same value. *)
Lemma value_pull : forall (Query : Type) (T : tree Query) (t : Query -> Q),
  dualValue (toC T) (pull T t 0) == qlsum (map t (leafQs T)).
Proof.
  intros Query T t. rewrite gw_all. induction T as [y | m agg arity kids IH].
  - simpl. ring.
  - simpl. rewrite qlsum_flat_map_seq. apply qsum_ext. intros i _.
    rewrite <- (IH 0%nat i). apply gw_ext. reflexivity.
Qed.

Section Transport.

Context {Query : Type}.
Variable eqQ : forall x y : Query, {x = y} + {x <> y}.
Variable oracle : Query -> bool.

(* A block of leaves read as a set of queries, and a dual on the leaves read on the queries
   (each query's weight is its leaf's: with distinct queries a query has one leaf). *)
Fixpoint qblk (T : tree Query) (H : path -> bool) (x : Query) : bool :=
  match T with
  | Leaf y => if eqQ y x then H [] else false
  | Node m agg arity kids =>
      existsb (fun i => qblk (kids 0%nat i) (sub H i) x) (seq 0 (arity 0%nat))
  end.

Fixpoint tq (T : tree Query) (t : path -> Q) (x : Query) : Q :=
  match T with
  | Leaf y => if eqQ y x then t [] else 0
  | Node m agg arity kids => qsum (arity 0%nat) (fun i => tq (kids 0%nat i) (sub t i) x)
  end.

Lemma qblk_notin : forall T H x, ~ In x (leafQs T) -> qblk T H x = false.
Proof.
  induction T as [y | m agg arity kids IH]; intros H x Hx; simpl.
  - destruct (eqQ y x) as [-> | _]; [exfalso; apply Hx; left; reflexivity | reflexivity].
  - apply not_true_iff_false. intros Ex. apply existsb_exists in Ex.
    destruct Ex as [i [Hi Hb]]. apply in_seq in Hi. rewrite IH in Hb; [discriminate |].
    intros Hin. apply Hx. apply (in_leafQs_kid _ m agg arity kids i); [lia | exact Hin].
Qed.

Lemma tq_notin : forall T t x, ~ In x (leafQs T) -> tq T t x == 0.
Proof.
  induction T as [y | m agg arity kids IH]; intros t x Hx; simpl.
  - destruct (eqQ y x) as [-> | _]; [exfalso; apply Hx; left; reflexivity | reflexivity].
  - apply (Qeq_trans _ (qsum (arity 0%nat) (fun _ => 0))).
    + apply qsum_ext. intros i Hi. apply IH. intros Hin. apply Hx.
      apply (in_leafQs_kid _ m agg arity kids i); [lia | exact Hin].
    + clear. induction (arity 0%nat) as [| n IHn]; simpl; [reflexivity |]. rewrite IHn. reflexivity.
Qed.

Lemma tq_nonneg : forall T t x, (forall p, 0 <= t p) -> 0 <= tq T t x.
Proof.
  induction T as [y | m agg arity kids IH]; intros t x Ht; simpl.
  - destruct (eqQ y x); [apply Ht | lra].
  - apply qsum_nonneg. intros i _. apply IH. intros p. apply Ht.
Qed.

(* With distinct queries, a query of child i is read in child i only. *)
Lemma qblk_kid : forall m agg arity (kids : nat -> nat -> tree Query) H i x,
  NoDup (leafQs (Node m agg arity kids)) -> (i < arity 0%nat)%nat -> In x (leafQs (kids 0%nat i)) ->
  qblk (Node m agg arity kids) H x = qblk (kids 0%nat i) (sub H i) x.
Proof.
  intros m agg arity kids H i x HN Hi Hx. simpl in HN |- *.
  destruct (nodup_flat_map_seq _ _ _ HN) as [_ Hd].
  destruct (qblk (kids 0%nat i) (sub H i) x) eqn:E.
  - apply existsb_exists. exists i. split; [apply in_seq; lia | exact E].
  - apply not_true_iff_false. intros Ex. apply existsb_exists in Ex.
    destruct Ex as [j [Hj Hb]]. apply in_seq in Hj.
    destruct (Nat.eq_dec j i) as [-> | Hne]; [congruence |].
    rewrite qblk_notin in Hb; [discriminate |]. intros Hin. apply Hne.
    exact (Hd j i x ltac:(lia) Hi Hin Hx).
Qed.

Lemma tq_kid : forall m agg arity (kids : nat -> nat -> tree Query) t i x,
  NoDup (leafQs (Node m agg arity kids)) -> (i < arity 0%nat)%nat -> In x (leafQs (kids 0%nat i)) ->
  tq (Node m agg arity kids) t x == tq (kids 0%nat i) (sub t i) x.
Proof.
  intros m agg arity kids t i x HN Hi Hx. simpl in HN |- *.
  destruct (nodup_flat_map_seq _ _ _ HN) as [_ Hd].
  rewrite <- (qsum_single (arity 0%nat) i (tq (kids 0%nat i) (sub t i) x) Hi).
  apply qsum_ext. intros j Hj. destruct (Nat.eqb_spec j i) as [-> | Hne]; [reflexivity |].
  apply tq_notin. intros Hin. exact (Hne (Hd j i x Hj Hi Hin Hx)).
Qed.

Lemma nodup_kid : forall m agg arity (kids : nat -> nat -> tree Query) i,
  NoDup (leafQs (Node m agg arity kids)) -> (i < arity 0%nat)%nat -> NoDup (leafQs (kids 0%nat i)).
Proof. intros. simpl in H. exact (proj1 (nodup_flat_map_seq _ _ _ H) i H0). Qed.

(* A block of leaves flips F_T as its set of queries flips the oracle. *)
Lemma F_flip_qblk : forall T H, NoDup (leafQs T) ->
  F (toC T) (flipA (alphaO oracle T) H) = val (flipO oracle (qblk T H)) T.
Proof.
  induction T as [y | m agg arity kids IH]; intros H HN.
  - simpl. unfold flipA, flipO. destruct (eqQ y y) as [_ | C]; [reflexivity | congruence].
  - simpl. f_equal. apply map_ext_in. intros i Hi. apply in_seq in Hi.
    change (F (toC (kids 0%nat i)) (flipA (alphaO oracle (kids 0%nat i)) (sub H i))
            = val (flipO oracle (qblk (Node m agg arity kids) H)) (kids 0%nat i)).
    rewrite (IH 0%nat i (sub H i) (nodup_kid m agg arity kids i HN ltac:(lia))).
    apply val_ext. intros x Hx. unfold flipO. rewrite (qblk_kid m agg arity kids H i x HN); [reflexivity | lia | exact Hx].
Qed.

Lemma qBlock_qblk : forall T t H, NoDup (leafQs T) ->
  qBlock (leafQs T) t (qblk T H) == gw (toC T) (pull T t 0) H.
Proof.
  induction T as [y | m agg arity kids IH]; intros t H HN.
  - unfold qBlock. simpl. destruct (eqQ y y) as [_ | C]; [| congruence]. destruct (H []); ring.
  - unfold qBlock. cbn [leafQs toC gw]. rewrite qlsum_flat_map_seq. apply qsum_ext. intros i Hi.
    rewrite <- (IH 0%nat i t (sub H i) (nodup_kid m agg arity kids i HN Hi)). unfold qBlock.
    apply qlsum_ext. intros x Hx. rewrite (qblk_kid m agg arity kids H i x HN Hi Hx). reflexivity.
Qed.

Lemma qBlock_tq : forall T t H, NoDup (leafQs T) ->
  qBlock (leafQs T) (tq T t) H == gw (toC T) t (pull T H true).
Proof.
  induction T as [y | m agg arity kids IH]; intros t H HN.
  - unfold qBlock. simpl. destruct (eqQ y y) as [_ | C]; [| congruence]. destruct (H y); ring.
  - unfold qBlock. cbn [leafQs toC gw]. rewrite qlsum_flat_map_seq. apply qsum_ext. intros i Hi.
    rewrite <- (IH 0%nat i (sub t i) H (nodup_kid m agg arity kids i HN Hi)). unfold qBlock.
    apply qlsum_ext. intros x Hx. destruct (H x); [| reflexivity]. exact (tq_kid m agg arity kids t i x HN Hi Hx).
Qed.

(* WITH DISTINCT LEAF QUERIES, rho_T ON THE LEAVES IS rho_T ON THE QUERIES. *)
Lemma rhoQ_of_rhoT : forall T V, NoDup (leafQs T) ->
  RhoT (toC T) (alphaO oracle T) V -> RhoQ oracle T (leafQs T) V.
Proof.
  intros T V HN [[t [[Ht Hf] Hv]] HG]. split.
  - exists (tq T t). split; [split |].
    + intros x. apply tq_nonneg, Ht.
    + intros H HS. rewrite qBlock_tq by exact HN. rewrite <- dualBlock_gw. apply Hf.
      unfold SensitiveF. rewrite F_flip_pull, F_alphaO. exact HS.
    + rewrite <- Hv. rewrite gw_all.
      rewrite (gw_ext _ _ _ (pull T (fun _ => true) true)) by (intros p; symmetry; apply pull_const).
      rewrite <- qBlock_tq by exact HN. unfold qBlock. apply qlsum_ext. reflexivity.
  - intros t' [Ht' Hf']. rewrite <- value_pull. apply HG. split.
    + intros p. apply pull_nonneg, Ht'.
    + intros H HS. rewrite dualBlock_gw, <- qBlock_qblk by exact HN. apply Hf'.
      rewrite <- F_flip_qblk by exact HN. rewrite <- (F_alphaO oracle T). exact HS.
Qed.

End Transport.

(* rho_T on the queries is unique. *)
Lemma rhoQ_unique : forall (Query : Type) (oracle : Query -> bool) T qs V V',
  RhoQ oracle T qs V -> RhoQ oracle T qs V' -> V == V'.
Proof.
  intros Query oracle T qs V V' [[t [Ht Hv]] HV] [[t' [Ht' Hv']] HV'].
  specialize (HV t' Ht'). specialize (HV' t Ht). lra.
Qed.

(* THEOREM B2 (b) (ours, docs/budgeted.md section 3) in the protocol's words: if the leaf
   queries are pairwise distinct and Bob's weighted dual is optimal at every node, the honest
   root budget of the protocol equals rho_T, the global fbs of the function of the oracle's
   answers at the oracle (RhoQ over the leaf queries); so with beta_max = rho_T the honest
   Alice passes the root checks and is never caught, under the model's rule and the engine's
   rule alike. (With a repeated query it fails: repeated_query_counterexample.) *)
Theorem theorem_B2b_queries :
  forall (Query : Type) (eqQ : forall x y : Query, {x = y} + {x <> y}) (oracle : Query -> bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) (rhoT : Q),
  Valid oracle T -> BobOptimalNodes oracle bobw T -> NoDup (leafQs T) ->
  RhoQ oracle T (leafQs T) rhoT ->
  honestBudget oracle knownR bobw T == rhoT /\
  catchRoot oracle knownR (budgetRule knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0 /\
  catchRoot oracle knownR (budgetRuleE knownR bobw) rhoT T (val oracle T)
    (honestBudget oracle knownR bobw T) (honestBudgeted oracle knownR bobw T) == 0.
Proof.
  intros Query eqQ oracle bobw T rhoT HV HO HN HR.
  assert (HT := honest_budget_rhoT_protocol Query oracle bobw T HO).
  assert (E : honestBudget oracle knownR bobw T == rhoT)
    by exact (rhoQ_unique _ _ _ _ _ _ (rhoQ_of_rhoT eqQ oracle T _ HN HT) HR).
  apply (theorem_B2b Query oracle bobw T rhoT HV HO).
  destruct HT as [[t [Ht Hv]] HG]. split; [exists t; split; [exact Ht | rewrite Hv; exact E] |].
  intros t' Ht'. rewrite <- E. exact (HG t' Ht').
Qed.

Print Assumptions honest_budget_bridge.
Print Assumptions honest_budget_rhoT_protocol.
Print Assumptions honest_engine_catch.
Print Assumptions theorem_B2b.
Print Assumptions rhoQ_of_rhoT.
Print Assumptions theorem_B2b_queries.
