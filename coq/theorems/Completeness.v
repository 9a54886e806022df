(* Completeness.v -- paper Theorem 4.1 (completeness: the honest Alice is never caught, and the
   count of her oracle queries) over arbitrary finite trees with menus, and the second half of
   Theorem B4 (ours, docs/budgeted.md section 7): each branch of the mixed protocol catches at
   least as often as the protocol it refines, so a lying Alice loses with probability
   >= lambda P* + (1 - lambda) B*. Checked by coqc 8.16 (coq/check.sh); every Print
   Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa Psatz List Lia Bool.
From FbsCoq Require Import FbsTrees.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

Section Honest.

Context {Query : Type}.
Variable oracle : Query -> bool.

(* The node reached by the path p of child indices, following the first menu alternative
   (the decomposition the honest Alice defends). *)
Fixpoint subtreeAt (T : tree Query) (p : list nat) : tree Query :=
  match p with
  | [] => T
  | i :: p' => match T with
               | Leaf _ => T
               | Node m agg arity kids => subtreeAt (kids 0%nat i) p'
               end
  end.

(* The honest Alice (proof of Theorem 4.1): at every node she decomposes as the tree's first
   alternative and claims the children's true values; budgets are not used by the paper's
   protocol. *)
Definition honest (T : tree Query) : Strategy :=
  fun p => match subtreeAt T p with
           | Leaf _ => (0%nat, [], [])
           | Node m agg arity kids => (0%nat, childVals oracle arity kids 0%nat, [])
           end.

(* The FBS condition of Theorem 4.1 at every node of the honest decomposition: the value of
   Bob's dual at the true children's values is <= rho (it is fbs_z(phi_u) when Bob's dual is
   optimal, paper Definition 3.4). *)
Fixpoint HonestFbsAtMost (bob : Agg -> list bool -> list Q) (rho : Q) (T : tree Query) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      totalWeight (arity 0%nat) (bob (agg 0%nat) (childVals oracle arity kids 0%nat)) <= rho /\
      forall i, (i < arity 0%nat)%nat -> HonestFbsAtMost bob rho (kids 0%nat i)
  end.

(* The oracle queries the honest Alice makes along the run that Bob's samples p lead to: at
   the root she solves the root (cost T), and at every internal node reached she solves each
   child of the decomposition she defends; cost u is what solving node u costs her (the Q of
   Theorem 4.1). *)
Fixpoint honestQueries (cost : tree Query -> nat) (T : tree Query) (p : list nat) : nat :=
  match T, p with
  | Node m agg arity kids, i :: p' =>
      (fold_right plus 0 (map (fun j => cost (kids 0%nat j)) (seq 0 (arity 0%nat)))
       + if Nat.ltb i (arity 0%nat) then honestQueries cost (kids 0%nat i) p' else 0)%nat
  | _, _ => 0%nat
  end.

(* Every node's cost is <= Q and every arity is <= qmax, along the honest decomposition. *)
Fixpoint Bounded (cost : tree Query -> nat) (Qc qmax : nat) (T : tree Query) : Prop :=
  match T with
  | Leaf _ => (cost T <= Qc)%nat
  | Node m agg arity kids =>
      (cost T <= Qc)%nat /\ (arity 0%nat <= qmax)%nat /\
      forall i, (i < arity 0%nat)%nat -> Bounded cost Qc qmax (kids 0%nat i)
  end.

End Honest.

(* A rule refines another when it either makes Alice lose or samples exactly as the other. *)
Definition Refines {Query : Type} (r1 r2 : @Rule Query) : Prop :=
  forall f kids q z beta bs, r1 f kids q z beta bs = None \/ r1 f kids q z beta bs = r2 f kids q z beta bs.

(* ======================================================================================== *)
(* Theorem 4.1                                                                               *)
(* ======================================================================================== *)

Lemma qsum_zero : forall n g, (forall i, (i < n)%nat -> g i == 0) -> qsum n g == 0.
Proof.
  induction n as [| n IH]; intros g H; simpl; [reflexivity |].
  rewrite IH by (intros; apply H; lia). rewrite H by lia. ring.
Qed.

(* THEOREM 4.1 (paper, Section 4; completeness). On every finite tree with menus and every
   oracle, if Bob's dual at the honest decomposition of every node has value <= rho (the FBS
   condition), the honest Alice (true root claim, the first alternative, true children's
   claims) is caught with probability exactly 0. *)
Theorem theorem_4_1 :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (T : tree Query),
  Valid oracle T -> HonestFbsAtMost oracle bob rho T ->
  catch oracle (paperRule bob rho) T (val oracle T) 0 (honest oracle T) == 0.
Proof.
  intros Query oracle bob rho T. induction T as [x | m agg arity kids IH]; intros HV HF.
  - simpl. rewrite eqb_reflx. reflexivity.
  - destruct HV as [Hm HV]. destruct HF as [Hrho HF]. destruct (HV 0%nat Hm) as [_ HVk].
    cbn [catch]. unfold honest at 1. cbn [subtreeAt].
    rewrite (proj2 (Nat.ltb_lt 0 m) Hm), childVals_length, Nat.eqb_refl.
    change (val oracle (Node m agg arity kids)) with (agg 0%nat (childVals oracle arity kids 0%nat)).
    rewrite eqb_reflx. simpl andb. cbv iota.
    unfold paperRule. apply Qle_bool_iff in Hrho. rewrite Hrho.
    destruct (Qeq_bool _ 0); [reflexivity |].
    apply qsum_zero. intros i Hi. rewrite nth_childVals by exact Hi.
    assert (E : catch oracle (paperRule bob rho) (kids 0%nat i) (val oracle (kids 0%nat i))
                  (nth i [] 0) (shift (honest oracle (Node m agg arity kids)) i) == 0).
    { destruct i; exact (IH 0%nat _ (HVk _ Hi) (HF _ Hi)). }
    rewrite E. ring.
Qed.

Lemma sum_map_le : forall (g : nat -> nat) n c, (forall j, (j < n)%nat -> (g j <= c)%nat) ->
  (fold_right plus 0 (map g (seq 0 n)) <= n * c)%nat.
Proof.
  intros g n c H. induction n as [| n IH]; [simpl; lia |].
  rewrite seq_S, map_app, fold_right_app. simpl.
  assert (Hn := H n ltac:(lia)).
  assert (forall k, fold_right plus k (map g (seq 0 n)) = k + fold_right plus 0 (map g (seq 0 n)))%nat.
  { clear. induction (seq 0 n) as [| x l IHl]; intros k; simpl; [lia |]. rewrite IHl. lia. }
  rewrite H0. specialize (IH ltac:(intros; apply H; lia)). lia.
Qed.

Lemma bounded_cost : forall (Query : Type) (cost : tree Query -> nat) Qc qmax T,
  Bounded cost Qc qmax T -> (cost T <= Qc)%nat.
Proof. intros Query cost Qc qmax T H. destruct T; simpl in H; tauto. Qed.

(* THEOREM 4.1, the cost: along every run (every sequence p of Bob's samples) on a tree of
   depth <= d whose nodes cost the honest Alice <= Q queries each to solve and have arity
   <= q, she makes <= Q + d q Q oracle queries (the root, then q children per level):
   O(d q Q). *)
Lemma honestQueries_bound :
  forall (Query : Type) (oracle : Query -> bool) (cost : tree Query -> nat) (Qc qmax d : nat)
         (T : tree Query) (p : list nat),
  Valid oracle T -> DepthLe T d -> Bounded cost Qc qmax T ->
  (honestQueries cost T p <= d * qmax * Qc)%nat.
Proof.
  intros Query oracle cost Qc qmax d T. revert d.
  induction T as [x | m agg arity kids IH]; intros d p HV HD HB.
  - destruct p; simpl; lia.
  - destruct HB as [Hc [Hq HB]]. destruct HV as [Hm HV]. destruct (HV 0%nat Hm) as [_ HVk].
    destruct d as [| d]; [contradiction |].
    destruct p as [| i p]; [simpl; lia |]. cbn [honestQueries].
    assert (Hs := sum_map_le (fun j => cost (kids 0%nat j)) (arity 0%nat) Qc
                    (fun j Hj => bounded_cost _ _ _ _ _ (HB j Hj))).
    assert (Hmul : (arity 0%nat * Qc <= qmax * Qc)%nat) by (apply Nat.mul_le_mono_r; exact Hq).
    destruct (Nat.ltb i (arity 0%nat)) eqn:Hi.
    + apply Nat.ltb_lt in Hi.
      specialize (IH 0%nat i d p (HVk i Hi) (HD 0%nat i Hm Hi) (HB i Hi)). nia.
    + nia.
Qed.

Theorem theorem_4_1_queries :
  forall (Query : Type) (oracle : Query -> bool) (cost : tree Query -> nat) (Qc qmax d : nat)
         (T : tree Query) (p : list nat),
  Valid oracle T -> DepthLe T d -> Bounded cost Qc qmax T ->
  (cost T + honestQueries cost T p <= Qc + d * qmax * Qc)%nat.
Proof.
  intros Query oracle cost Qc qmax d T p HV HD HB.
  assert (H1 := bounded_cost _ _ _ _ _ HB).
  assert (H2 := honestQueries_bound Query oracle cost Qc qmax d T p HV HD HB). lia.
Qed.

(* ======================================================================================== *)
(* Theorem B4, second half (ours): each branch is at least the protocol it refines            *)
(* ======================================================================================== *)

Section Branches.

Context {Query : Type}.
Variable oracle : Query -> bool.

(* Bob's exact average of numbers <= 1 is <= 1. *)
Lemma average_le_1 : forall n (w : list Q) (c : nat -> Q),
  (forall i, (i < n)%nat -> 0 <= nth i w 0) -> (forall i, (i < n)%nat -> c i <= 1) ->
  (if Qeq_bool (totalWeight n w) 0 then 0
   else qsum n (fun i => nth i w 0 / totalWeight n w * c i)) <= 1.
Proof.
  intros n w c Hw Hc. destruct (Qeq_bool (totalWeight n w) 0) eqn:E; [lra |].
  assert (HW0 : 0 <= totalWeight n w) by (apply qsum_nonneg; exact Hw).
  assert (HW : 0 < totalWeight n w).
  { destruct (Qlt_le_dec 0 (totalWeight n w)) as [H | H]; [exact H |].
    assert (Hq : totalWeight n w == 0) by lra. apply Qeq_bool_iff in Hq. congruence. }
  apply (Qle_trans _ (qsum n (fun i => nth i w 0 * / totalWeight n w))).
  - apply qsum_le. intros i Hi. specialize (Hc i Hi). specialize (Hw i Hi).
    assert (0 <= nth i w 0 * / totalWeight n w)
      by (apply Qmult_le_0_compat; [exact Hw | apply Qinv_le_0_compat; lra]).
    unfold Qdiv. apply (Qle_trans _ (nth i w 0 * / totalWeight n w * 1)); [| lra].
    rewrite !(Qmult_comm (nth i w 0 * / totalWeight n w)). apply Qmult_le_compat_r; assumption.
  - rewrite qsum_mul_r. unfold totalWeight. rewrite Qmult_inv_r; [lra |].
    intro H0. unfold totalWeight in HW. lra.
Qed.

Lemma catch_le_1 : forall r : @Rule Query, WeightsNonneg r ->
  forall T a beta s, catch oracle r T a beta s <= 1.
Proof.
  intros r Hr T. induction T as [x | m agg arity kids IH]; intros a beta s; simpl.
  - destruct (Bool.eqb a (oracle x)); lra.
  - destruct (s []) as [[k z] bs].
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool; [| lra].
    destruct (r (agg k) (kids k) (arity k) z beta bs) as [w |] eqn:Hrw; [| lra].
    apply average_le_1; [intros i Hi; exact (Hr _ _ _ _ _ _ _ Hrw i Hi) | intros i _; apply IH].
Qed.

(* A refining rule catches at least as often, on every tree and against every strategy. *)
Lemma catch_refines : forall r1 r2 : @Rule Query, WeightsNonneg r2 -> Refines r1 r2 ->
  forall T a beta s, catch oracle r2 T a beta s <= catch oracle r1 T a beta s.
Proof.
  intros r1 r2 Hr Href T. induction T as [x | m agg arity kids IH]; intros a beta s.
  - simpl. lra.
  - assert (H1 := catch_le_1 r2 Hr (Node m agg arity kids) a beta s). revert H1. simpl.
    destruct (s []) as [[k z] bs].
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool; [| lra].
    destruct (Href (agg k) (kids k) (arity k) z beta bs) as [E | E]; rewrite E; [lra |].
    destruct (r2 (agg k) (kids k) (arity k) z beta bs) as [w |] eqn:Hrw; [| lra]. intros _.
    destruct (Qeq_bool (totalWeight (arity k) w) 0) eqn:EW; [lra |].
    assert (HW0 : 0 <= totalWeight (arity k) w)
      by (apply qsum_nonneg; intros i Hi; exact (Hr _ _ _ _ _ _ _ Hrw i Hi)).
    apply qsum_le. intros i Hi.
    assert (0 <= nth i w 0 / totalWeight (arity k) w).
    { unfold Qdiv. apply Qmult_le_0_compat; [exact (Hr _ _ _ _ _ _ _ Hrw i Hi) |].
      apply Qinv_le_0_compat; exact HW0. }
    assert (Hc := IH k i (nth i z false) (nth i bs 0) (shift s i)). nra.
Qed.

Lemma catchRoot_ge : forall (known : tree Query -> option bool) (r : @Rule Query), WeightsNonneg r ->
  forall betaMax T a beta s, catch oracle r T a beta s <= catchRoot oracle known r betaMax T a beta s.
Proof.
  intros known r Hr betaMax T a beta s. unfold catchRoot.
  destruct (rootChecks known betaMax T a beta); [lra | apply catch_le_1; exact Hr].
Qed.

End Branches.

Lemma bothChecks_refines_paper : forall {Query : Type} bob rho (known : tree Query -> option bool) bobw,
  Refines (bothChecks bob rho known bobw true) (paperRule bob rho).
Proof.
  intros Query bob rho known bobw f kids q z beta bs. unfold bothChecks.
  destruct (paperRule bob rho f kids q z beta bs); destruct (budgetRule known bobw f kids q z beta bs);
    auto.
Qed.

Lemma bothChecks_refines_budget : forall {Query : Type} bob rho (known : tree Query -> option bool) bobw,
  Refines (bothChecks bob rho known bobw false) (budgetRule known bobw).
Proof.
  intros Query bob rho known bobw f kids q z beta bs. unfold bothChecks.
  destruct (paperRule bob rho f kids q z beta bs); destruct (budgetRule known bobw f kids q z beta bs);
    auto.
Qed.

(* THEOREM B4, second half (ours, docs/budgeted.md section 7): against every strategy, the
   mixed protocol catches with probability >= lambda A + (1 - lambda) B, A the paper's
   protocol's and B the budgeted protocol's catch probability against the same strategy (the
   paper branch is the paper's protocol with extra checks and root checks, the budgeted branch
   the budgeted protocol with the paper's check added). *)
Theorem theorem_B4_branches :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (known : tree Query -> option bool) (bobw : Agg -> list bool -> list Q -> list Q),
  BobFeasible bob -> BobwFeasible bobw ->
  forall (lambda betaMax : Q) (T : tree Query) (a : bool) (beta : Q) (s : Strategy),
    0 <= lambda <= 1 ->
    lambda * catch oracle (paperRule bob rho) T a beta s
    + (1 - lambda) * catchRoot oracle known (budgetRule known bobw) betaMax T a beta s
      <= catchMixed oracle bob rho known bobw lambda betaMax T a beta s.
Proof.
  intros Query oracle bob rho known bobw Hbob Hbw lambda betaMax T a beta s Hl.
  assert (Hp := @paper_weights_nonneg Query bob rho _ (paperRule_strict bob rho) Hbob).
  assert (Hb := @budget_weights_nonneg Query known _ (budgetRule_strict known bobw Hbw)).
  assert (Hpb := @paper_weights_nonneg Query bob rho _ (bothChecks_paper bob rho known bobw) Hbob).
  assert (H1 : catch oracle (paperRule bob rho) T a beta s
               <= catchRoot oracle known (bothChecks bob rho known bobw true) betaMax T a beta s).
  { apply (Qle_trans _ _ _ (catch_refines oracle _ _ Hp (bothChecks_refines_paper bob rho known bobw)
                              T a beta s)).
    apply catchRoot_ge. exact Hpb. }
  assert (H2 : catchRoot oracle known (budgetRule known bobw) betaMax T a beta s
               <= catchRoot oracle known (bothChecks bob rho known bobw false) betaMax T a beta s).
  { unfold catchRoot. destruct (rootChecks known betaMax T a beta); [| lra].
    exact (catch_refines oracle _ _ Hb (bothChecks_refines_budget bob rho known bobw) T a beta s). }
  unfold catchMixed. nra.
Qed.

(* THEOREM B4 with the exact worst cases (ours): if P* bounds the paper protocol's catch
   probability and B* the budgeted protocol's (with its root checks) from below over all of
   Alice's strategies, the mixed protocol catches every strategy with probability
   >= lambda P* + (1 - lambda) B*. *)
Theorem theorem_B4_exact :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (known : tree Query -> option bool) (bobw : Agg -> list bool -> list Q -> list Q),
  BobFeasible bob -> BobwFeasible bobw ->
  forall (lambda betaMax Pstar Bstar : Q) (T : tree Query) (a : bool) (beta : Q),
    0 <= lambda <= 1 ->
    (forall s', Pstar <= catch oracle (paperRule bob rho) T a beta s') ->
    (forall s', Bstar <= catchRoot oracle known (budgetRule known bobw) betaMax T a beta s') ->
    forall s, lambda * Pstar + (1 - lambda) * Bstar
              <= catchMixed oracle bob rho known bobw lambda betaMax T a beta s.
Proof.
  intros Query oracle bob rho known bobw Hbob Hbw lambda betaMax Pstar Bstar T a beta Hl HP HB s.
  apply (Qle_trans _ (lambda * catch oracle (paperRule bob rho) T a beta s
         + (1 - lambda) * catchRoot oracle known (budgetRule known bobw) betaMax T a beta s)).
  - assert (H1 := HP s). assert (H2 := HB s). nra.
  - exact (theorem_B4_branches Query oracle bob rho known bobw Hbob Hbw lambda betaMax T a beta s Hl).
Qed.

(* ======================================================================================== *)
(* Proposition H (ours, docs/menus.md section 1): the look-ahead honest Alice with menus      *)
(* ======================================================================================== *)

Section LookAhead.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

(* Alternative k of a node passes the FBS condition at the true child values. *)
Definition altFbsOK (agg : nat -> Agg) (arity : nat -> nat) (kids : nat -> nat -> tree Query)
  (k : nat) : bool :=
  Qle_bool (totalWeight (arity k) (bob (agg k) (childVals oracle arity kids k))) rho.

(* Feasible (docs/menus.md): a leaf is; a node is if one of its alternatives passes the FBS
   condition and has only feasible children. *)
Fixpoint feasible (T : tree Query) : bool :=
  match T with
  | Leaf _ => true
  | Node m agg arity kids =>
      existsb (fun k => altFbsOK agg arity kids k &&
                        forallb (fun i => feasible (kids k i)) (seq 0 (arity k)))%bool (seq 0 m)
  end.

(* Some realisation (a choice of one alternative at every node) satisfies the FBS condition. *)
Fixpoint Realisable (T : tree Query) : Prop :=
  match T with
  | Leaf _ => True
  | Node m agg arity kids =>
      exists k, (k < m)%nat /\ altFbsOK agg arity kids k = true /\
                forall i, (i < arity k)%nat -> Realisable (kids k i)
  end.

(* Her choice at a node: the first feasible alternative (docs/menus.md breaks ties by the
   smallest local fbs; any feasible choice proves Proposition H). *)
Definition choose (T : tree Query) : nat :=
  match T with
  | Leaf _ => 0%nat
  | Node m agg arity kids =>
      match find (fun k => altFbsOK agg arity kids k &&
                           forallb (fun i => feasible (kids k i)) (seq 0 (arity k)))%bool (seq 0 m) with
      | Some k => k
      | None => 0%nat
      end
  end.

Fixpoint chosenAt (T : tree Query) (p : list nat) : tree Query :=
  match p with
  | [] => T
  | i :: p' => match T with
               | Leaf _ => T
               | Node m agg arity kids => chosenAt (kids (choose T) i) p'
               end
  end.

(* The look-ahead honest Alice: her chosen alternative and the true children's values. *)
Definition lookahead (T : tree Query) : Strategy :=
  fun p => match chosenAt T p with
           | Leaf _ => (0%nat, [], [])
           | Node m agg arity kids =>
               let k := choose (Node m agg arity kids) in (k, childVals oracle arity kids k, [])
           end.

Lemma realisable_feasible : forall T, Realisable T -> feasible T = true.
Proof.
  induction T as [x | m agg arity kids IH]; intros HR; [reflexivity |].
  destruct HR as [k [Hk [Hok HR]]]. simpl. apply existsb_exists. exists k.
  split; [apply in_seq; lia |]. rewrite Hok. simpl. apply forallb_forall.
  intros i Hi. apply in_seq in Hi. apply IH, HR. lia.
Qed.

Lemma choose_ok : forall m agg arity kids, feasible (Node m agg arity kids) = true ->
  let k := choose (Node m agg arity kids) in
  (k < m)%nat /\ altFbsOK agg arity kids k = true /\
  forall i, (i < arity k)%nat -> feasible (kids k i) = true.
Proof.
  intros m agg arity kids HF k. simpl in HF. unfold k, choose.
  destruct (find _ (seq 0 m)) as [k' |] eqn:E.
  - apply find_some in E. destruct E as [Hin Hok]. apply in_seq in Hin.
    apply andb_prop in Hok as [Hok Hall]. rewrite forallb_forall in Hall.
    split; [lia |]. split; [exact Hok |]. intros i Hi. apply Hall, in_seq. lia.
  - exfalso. apply existsb_exists in HF. destruct HF as [k' [Hin Hok]].
    assert (H := find_none _ _ E k' Hin). congruence.
Qed.

End LookAhead.

(* PROPOSITION H (ours, docs/menus.md section 1). On every finite tree with menus (every
   alternative a correct decomposition), if some realisation satisfies the FBS condition at
   rho, the look-ahead honest Alice (at every node the first feasible alternative, the true
   children's values) is caught with probability exactly 0. *)
Theorem proposition_H :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (T : tree Query),
  Valid oracle T -> Realisable oracle bob rho T ->
  catch oracle (paperRule bob rho) T (val oracle T) 0 (lookahead oracle bob rho T) == 0.
Proof.
  intros Query oracle bob rho T HV HR.
  assert (HF := realisable_feasible oracle bob rho T HR). clear HR. revert HV HF.
  induction T as [x | m agg arity kids IH]; intros HV HF.
  - simpl. rewrite eqb_reflx. reflexivity.
  - destruct (choose_ok oracle bob rho m agg arity kids HF) as [Hk [Hok HFk]].
    set (k := choose oracle bob rho (Node m agg arity kids)) in *.
    destruct HV as [Hm HV]. destruct (HV k Hk) as [Hval HVk].
    cbn [catch]. unfold lookahead at 1. cbn [chosenAt]. fold k.
    rewrite (proj2 (Nat.ltb_lt k m) Hk), childVals_length, Nat.eqb_refl, Hval, eqb_reflx.
    simpl andb. cbv iota.
    unfold paperRule. unfold altFbsOK in Hok. rewrite Hok.
    destruct (Qeq_bool _ 0); [reflexivity |].
    apply qsum_zero. intros i Hi. rewrite nth_childVals by exact Hi.
    assert (E : catch oracle (paperRule bob rho) (kids k i) (val oracle (kids k i))
                  (nth i [] 0) (shift (lookahead oracle bob rho (Node m agg arity kids)) i) == 0).
    { destruct i; exact (IH k _ (HVk _ Hi) (HFk _ Hi)). }
    rewrite E. ring.
Qed.

(* ======================================================================================== *)
(* Theorem B2 (a) (ours, docs/budgeted.md section 3): the honest budgeted Alice               *)
(* ======================================================================================== *)

Section HonestBudgets.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable known : tree Query -> option bool.
Variable bobw : Agg -> list bool -> list Q -> list Q.

(* The honest budget (docs/budgeted.md section 3): beta(leaf) = 1 and beta(u) = W(z*_u, c),
   the value sum_i c_i t_i of Bob's weighted dual at the true child values, with the
   capacities c of the honest children's budgets (0 for a constant child). *)
Fixpoint honestBudget (T : tree Query) : Q :=
  match T with
  | Leaf _ => 1
  | Node m agg arity kids =>
      let bs := map (fun i => honestBudget (kids 0%nat i)) (seq 0 (arity 0%nat)) in
      let c := map (capacity known (kids 0%nat) bs) (seq 0 (arity 0%nat)) in
      let t := bobw (agg 0%nat) (childVals oracle arity kids 0%nat) c in
      totalWeight (arity 0%nat) (map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity 0%nat)))
  end.

(* The honest budgeted Alice: the first alternative, the true children's values, the
   children's honest budgets. *)
Definition honestBudgeted (T : tree Query) : Strategy :=
  fun p => match subtreeAt T p with
           | Leaf _ => (0%nat, [], [])
           | Node m agg arity kids =>
               (0%nat, childVals oracle arity kids 0%nat,
                map (fun i => honestBudget (kids 0%nat i)) (seq 0 (arity 0%nat)))
           end.

End HonestBudgets.

(* THEOREM B2 (a) (ours, docs/budgeted.md section 3). On every finite tree (with menus, the
   honest Alice defending the first alternative), every oracle, every Bob's weighted dual and
   every sound knowledge of constant subtrees, the honest budgeted Alice (true values, honest
   budgets) is caught with probability exactly 0, and with the root checks too whenever
   beta(root) <= beta_max. *)
Theorem theorem_B2a :
  forall (Query : Type) (oracle : Query -> bool) (known : tree Query -> option bool)
         (bobw : Agg -> list bool -> list Q -> list Q) (T : tree Query) (betaMax : Q),
  Valid oracle T -> KnownSound oracle known ->
  catch oracle (budgetRule known bobw) T (val oracle T) (honestBudget oracle known bobw T)
        (honestBudgeted oracle known bobw T) == 0 /\
  (honestBudget oracle known bobw T <= betaMax ->
   catchRoot oracle known (budgetRule known bobw) betaMax T (val oracle T)
             (honestBudget oracle known bobw T) (honestBudgeted oracle known bobw T) == 0).
Proof.
  intros Query oracle known bobw T betaMax HV Hk.
  assert (Hcatch : forall T, Valid oracle T ->
            catch oracle (budgetRule known bobw) T (val oracle T) (honestBudget oracle known bobw T)
                  (honestBudgeted oracle known bobw T) == 0).
  { clear T HV. intros T. induction T as [x | m agg arity kids IH]; intros HV.
    - simpl. rewrite eqb_reflx. reflexivity.
    - destruct HV as [Hm HV]. destruct (HV 0%nat Hm) as [_ HVk].
      cbn [catch]. unfold honestBudgeted at 1. cbn [subtreeAt].
      rewrite (proj2 (Nat.ltb_lt 0 m) Hm), childVals_length, Nat.eqb_refl.
      change (val oracle (Node m agg arity kids)) with (agg 0%nat (childVals oracle arity kids 0%nat)).
      rewrite eqb_reflx. simpl andb. cbv iota.
      assert (Hc : constantsOK known (kids 0%nat) (arity 0%nat) (childVals oracle arity kids 0%nat) = true).
      { unfold constantsOK. apply forallb_forall. intros i Hi. apply in_seq in Hi.
        destruct (known (kids 0%nat i)) as [b |] eqn:Eb; [| reflexivity].
        rewrite nth_childVals by lia. rewrite (Hk _ b (HVk i ltac:(lia)) Eb). apply eqb_reflx. }
      set (bs := map (fun i => honestBudget oracle known bobw (kids 0%nat i)) (seq 0 (arity 0%nat))).
      set (c := map (capacity known (kids 0%nat) bs) (seq 0 (arity 0%nat))).
      set (t := bobw (agg 0%nat) (childVals oracle arity kids 0%nat) c).
      set (w := map (fun i => nth i c 0 * nth i t 0) (seq 0 (arity 0%nat))).
      assert (Hrule : budgetRule known bobw (agg 0%nat) (kids 0%nat) (arity 0%nat)
                        (childVals oracle arity kids 0%nat)
                        (honestBudget oracle known bobw (Node m agg arity kids)) bs = Some w).
      { unfold budgetRule. fold c. fold t. fold w. rewrite Hc.
        change (honestBudget oracle known bobw (Node m agg arity kids)) with (totalWeight (arity 0%nat) w).
        rewrite (proj2 (Qle_bool_iff _ _) (Qle_refl _)). reflexivity. }
      rewrite Hrule.
      destruct (Qeq_bool _ 0); [reflexivity |].
      apply qsum_zero. intros i Hi. rewrite nth_childVals by exact Hi.
      unfold bs. rewrite (nth_map_seq Q (fun j => honestBudget oracle known bobw (kids 0%nat j)) (arity 0%nat) i 0 Hi).
      assert (E : catch oracle (budgetRule known bobw) (kids 0%nat i) (val oracle (kids 0%nat i))
                    (honestBudget oracle known bobw (kids 0%nat i))
                    (shift (honestBudgeted oracle known bobw (Node m agg arity kids)) i) == 0).
      { exact (IH 0%nat i (HVk i Hi)). }
      rewrite E. ring. }
  split; [exact (Hcatch T HV) |].
  intros Hb. unfold catchRoot, rootChecks.
  assert (E1 : match known T with Some b => Bool.eqb (val oracle T) b | None => true end = true).
  { destruct (known T) as [b |] eqn:Eb; [| reflexivity]. rewrite (Hk T b HV Eb). apply eqb_reflx. }
  rewrite E1, (proj2 (Qle_bool_iff _ _) Hb). exact (Hcatch T HV).
Qed.

Print Assumptions theorem_4_1.
Print Assumptions theorem_4_1_queries.
Print Assumptions theorem_B4_branches.
Print Assumptions theorem_B4_exact.
Print Assumptions proposition_H.
Print Assumptions theorem_B2a.
