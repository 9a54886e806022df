(* CompletenessCost.v -- the cost half of paper Theorem 4.1 (O(d (T_D + q T)) time and
   O(d q Q) oracle queries) in an explicit cost model: the honest run of the protocol as a
   recursive function that returns its outcome and its cost; and the oracle queries of the
   look-ahead honest Alice of Proposition H (ours, docs/menus.md section 1): what she reads is
   contained in Q(M), so she asks at most |Q(M)| distinct queries, her moves are functions of
   those answers, and no bound in d, q and Q alone holds for her rule. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith List Lia Bool FinFun.
From FbsCoq Require Import FbsTrees Completeness Families.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust): the cost model                               *)
(* ======================================================================================== *)

(* The unit charges of the model, per node u of the tree (abstract: any natural numbers).
   The paper's T_D is "Alice can calculate the children of any non-leaf node in time T_D",
   its T and Q "Alice can solve L(x_u) at any node u in time T and Q queries to O"; Bob's
   work at a node (the consistency check M_D(x, y, z) = A(x), the dual LP of step 2, the
   sampling of step 3) is charged bobStep u, and the leaf check is one oracle query of the
   judge. Everything else is free: passing claims and indices, the recursion's bookkeeping,
   Alice's claims z (the values she solved), the choice of the decomposition (no menus: the
   first alternative). *)
Record Charges (Query : Type) := {
  decStep : tree Query -> nat;      (* Alice computes the children of u (T_D) *)
  solveTime : tree Query -> nat;    (* Alice solves L at u: time (T) ... *)
  solveQueries : tree Query -> nat; (* ... and oracle queries (Q) *)
  bobStep : tree Query -> nat       (* Bob's checks and sampling at u (not in the paper's bound) *)
}.
Arguments decStep {Query}.
Arguments solveTime {Query}.
Arguments solveQueries {Query}.
Arguments bobStep {Query}.

(* The cost of a run, in four counters. *)
Record Cost := mkCost { aliceTime : nat; aliceQueries : nat; bobTime : nat; judgeQueries : nat }.

Definition addCost (c1 c2 : Cost) : Cost :=
  mkCost (aliceTime c1 + aliceTime c2) (aliceQueries c1 + aliceQueries c2)
         (bobTime c1 + bobTime c2) (judgeQueries c1 + judgeQueries c2).

Fixpoint natSum (xs : list nat) : nat := match xs with [] => 0 | x :: r => x + natSum r end%nat.

Section Run.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.
Variable ch : Charges Query.

(* One round at the internal node u = Node m agg arity kids (the honest Alice, paper Section
   4): she computes the children of the first alternative (decStep u) and solves each of its
   arity children (solveTime, solveQueries each); Bob checks and samples (bobStep u). *)
Definition roundCost (u : tree Query) : Cost :=
  match u with
  | Leaf _ => mkCost 0 0 0 0
  | Node m agg arity kids =>
      mkCost (decStep ch u + natSum (map (fun i => solveTime ch (kids 0%nat i)) (seq 0 (arity 0%nat))))
             (natSum (map (fun i => solveQueries ch (kids 0%nat i)) (seq 0 (arity 0%nat))))
             (bobStep ch u) 0
  end.

(* The honest run from node T where Alice claims a, Bob's samples being p: at a leaf the
   judge asks the oracle once and Alice wins iff her claim is its answer; at an internal node
   the round is played (the protocol's two checks: consistency M_D(y, z) = a and Bob's
   fbs check sum t <= rho) and, if both pass, the run goes on at the child Bob samples (the
   head of p; an index out of range or an exhausted p ends the run). The result: whether
   Alice has not lost, and the cost. *)
Fixpoint honestRun (T : tree Query) (a : bool) (p : list nat) : bool * Cost :=
  match T with
  | Leaf x => (Bool.eqb a (oracle x), mkCost 0 0 0 1)
  | Node m agg arity kids =>
      let z := childVals oracle arity kids 0%nat in
      if (Nat.ltb 0 m && Bool.eqb (agg 0%nat z) a
          && Qle_bool (totalWeight (arity 0%nat) (bob (agg 0%nat) z)) rho)%bool then
        match p with
        | i :: p' =>
            if Nat.ltb i (arity 0%nat) then
              let '(won, c) := honestRun (kids 0%nat i) (nth i z false) p' in
              (won, addCost (roundCost T) c)
            else (true, roundCost T)
        | [] => (true, roundCost T)
        end
      else (false, roundCost T)
  end.

(* The whole run: Alice first solves the root (her answer A(x) = L(x), time solveTime T and
   solveQueries T), then the rounds. *)
Definition protocolRun (T : tree Query) (p : list nat) : bool * Cost :=
  let '(won, c) := honestRun T (val oracle T) p in
  (won, addCost (mkCost (solveTime ch T) (solveQueries ch T) 0 0) c).

(* The hypotheses of Theorem 4.1's cost, along the honest decomposition (first alternatives):
   every node is solved in time <= T with <= Q queries, every internal node is decomposed in
   time <= T_D, has arity <= q and costs Bob <= B. *)
Fixpoint CostBounded (TD Tt Qc B qmax : nat) (T : tree Query) : Prop :=
  match T with
  | Leaf _ => (solveTime ch T <= Tt)%nat /\ (solveQueries ch T <= Qc)%nat
  | Node m agg arity kids =>
      (solveTime ch T <= Tt)%nat /\ (solveQueries ch T <= Qc)%nat /\
      (decStep ch T <= TD)%nat /\ (bobStep ch T <= B)%nat /\ (arity 0%nat <= qmax)%nat /\
      forall i, (i < arity 0%nat)%nat -> CostBounded TD Tt Qc B qmax (kids 0%nat i)
  end.

End Run.

(* ======================================================================================== *)
(* Theorem 4.1, the cost                                                                     *)
(* ======================================================================================== *)

Lemma natSum_le : forall (g : nat -> nat) n c, (forall j, (j < n)%nat -> (g j <= c)%nat) ->
  (natSum (map g (seq 0 n)) <= n * c)%nat.
Proof.
  intros g n c H. induction n as [| n IH]; [simpl; lia |].
  rewrite seq_S, map_app.
  assert (E : forall l1 l2, natSum (l1 ++ l2) = (natSum l1 + natSum l2)%nat).
  { induction l1 as [| x l1 IHl]; intros l2; simpl; [reflexivity | rewrite IHl; lia]. }
  rewrite E. simpl. assert (Hn := H n ltac:(lia)). specialize (IH ltac:(intros; apply H; lia)).
  lia.
Qed.

Lemma costBounded_root : forall {Query : Type} (ch : Charges Query) TD Tt Qc B qmax T,
  CostBounded ch TD Tt Qc B qmax T -> (solveTime ch T <= Tt)%nat /\ (solveQueries ch T <= Qc)%nat.
Proof. intros Query ch TD Tt Qc B qmax T H. destruct T; simpl in H; tauto. Qed.

(* The rounds of a run: on a tree of depth <= d, honest decomposition with arity <= q and
   charges within T_D, T, Q, B, she wins (under the FBS condition) and the rounds cost her
   <= d (T_D + q T) time and <= d q Q queries, Bob <= d B, the judge <= 1 query. *)
Lemma honestRun_bound :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (ch : Charges Query) (TD Tt Qc B qmax d : nat) (T : tree Query) (p : list nat),
  Valid oracle T -> HonestFbsAtMost oracle bob rho T -> DepthLe T d ->
  CostBounded ch TD Tt Qc B qmax T ->
  let '(won, c) := honestRun oracle bob rho ch T (val oracle T) p in
  won = true /\ (aliceTime c <= d * (TD + qmax * Tt))%nat /\
  (aliceQueries c <= d * qmax * Qc)%nat /\ (bobTime c <= d * B)%nat /\ (judgeQueries c <= 1)%nat.
Proof.
  intros Query oracle bob rho ch TD Tt Qc B qmax d T. revert d.
  induction T as [x | m agg arity kids IH]; intros d p HV HF HD HB.
  - simpl. rewrite eqb_reflx. repeat split; lia.
  - destruct HV as [Hm HV]. destruct (HV 0%nat Hm) as [_ HVk]. destruct HF as [Hrho HF].
    destruct HB as [_ [_ [Hdec [Hbob [Hq HB]]]]].
    destruct d as [| d]; [contradiction |].
    assert (Ht := natSum_le (fun i => solveTime ch (kids 0%nat i)) (arity 0%nat) Tt
                    (fun j Hj => proj1 (costBounded_root ch _ _ _ _ _ _ (HB j Hj)))).
    assert (Hqs := natSum_le (fun i => solveQueries ch (kids 0%nat i)) (arity 0%nat) Qc
                    (fun j Hj => proj2 (costBounded_root ch _ _ _ _ _ _ (HB j Hj)))).
    assert (M1 : (arity 0%nat * Tt <= qmax * Tt)%nat) by (apply Nat.mul_le_mono_r; exact Hq).
    assert (M2 : (arity 0%nat * Qc <= qmax * Qc)%nat) by (apply Nat.mul_le_mono_r; exact Hq).
    cbn [honestRun].
    change (val oracle (Node m agg arity kids)) with (agg 0%nat (childVals oracle arity kids 0%nat)).
    rewrite (proj2 (Nat.ltb_lt 0 m) Hm), eqb_reflx. apply Qle_bool_iff in Hrho. rewrite Hrho.
    simpl andb. cbv iota.
    destruct p as [| i p].
    + cbn [roundCost aliceTime aliceQueries bobTime judgeQueries]. repeat split; nia.
    + destruct (Nat.ltb i (arity 0%nat)) eqn:Hi.
      * apply Nat.ltb_lt in Hi. rewrite nth_childVals by exact Hi.
        specialize (IH 0%nat i d p (HVk i Hi) (HF i Hi) (HD 0%nat i Hm Hi) (HB i Hi)).
        destruct (honestRun oracle bob rho ch (kids 0%nat i) (val oracle (kids 0%nat i)) p)
          as [won c] eqn:E.
        destruct IH as [Hw [H1 [H2 [H3 H4]]]].
        cbn [roundCost addCost aliceTime aliceQueries bobTime judgeQueries].
        repeat split; [exact Hw | nia | nia | nia | lia].
      * cbn [roundCost aliceTime aliceQueries bobTime judgeQueries]. repeat split; nia.
Qed.

(* THEOREM 4.1, the cost (paper, Section 4), in the cost model above. On every finite tree
   (with menus, the honest Alice defending the first alternatives) of depth <= d, every
   oracle, every Bob and rho with the FBS condition at every honest node, if the honest
   decomposition has arity <= q and the charges are within T_D (decomposing), T and Q
   (solving a node) and B (Bob's round), then along every run (every sequence p of Bob's
   samples) the honest Alice does not lose and the run costs
     Alice  <= T + d (T_D + q T)  time  and  <= Q + d q Q  oracle queries,
     Bob    <= d B  time, the judge <= 1 oracle query:
   O(d (T_D + q T)) and O(d q Q), the constants of the paper's O being 1 (plus her answer at
   the root, one solve: T and Q). *)
Theorem theorem_4_1_cost :
  forall (Query : Type) (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (ch : Charges Query) (TD Tt Qc B qmax d : nat) (T : tree Query) (p : list nat),
  Valid oracle T -> HonestFbsAtMost oracle bob rho T -> DepthLe T d ->
  CostBounded ch TD Tt Qc B qmax T ->
  let '(won, c) := protocolRun oracle bob rho ch T p in
  won = true /\ (aliceTime c <= Tt + d * (TD + qmax * Tt))%nat /\
  (aliceQueries c <= Qc + d * qmax * Qc)%nat /\ (bobTime c <= d * B)%nat /\
  (judgeQueries c <= 1)%nat.
Proof.
  intros Query oracle bob rho ch TD Tt Qc B qmax d T p HV HF HD HB.
  assert (H := honestRun_bound Query oracle bob rho ch TD Tt Qc B qmax d T p HV HF HD HB).
  destruct (costBounded_root ch _ _ _ _ _ _ HB) as [Ht Hq].
  unfold protocolRun.
  destruct (honestRun oracle bob rho ch T (val oracle T) p) as [won c].
  destruct H as [Hw [H1 [H2 [H3 H4]]]]. cbn [addCost aliceTime aliceQueries bobTime judgeQueries].
  repeat split; [exact Hw | lia | lia | lia | lia].
Qed.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust): the look-ahead Alice's oracle queries        *)
(* ======================================================================================== *)

Section Reads.

Context {Query : Type}.

(* Q(M): the leaf queries of every alternative of every node (with repetitions). *)
Fixpoint allQueries (T : tree Query) : list Query :=
  match T with
  | Leaf x => [x]
  | Node m agg arity kids =>
      flat_map (fun k => flat_map (fun i => allQueries (kids k i)) (seq 0 (arity k))) (seq 0 m)
  end.

(* The queries read to compute val T (the oracle at a leaf, the first alternative's children
   otherwise: val's own recursion). *)
Fixpoint valReads (T : tree Query) : list Query :=
  match T with
  | Leaf x => [x]
  | Node m agg arity kids => flat_map (fun i => valReads (kids 0%nat i)) (seq 0 (arity 0%nat))
  end.

(* The queries read to compute feasible T: for every alternative k, the true values of its
   children (altFbsOK reads them) and their feasibility (the recursion of feasible). A lazy
   evaluation (existsb stopping at the first feasible alternative) reads a part of these. *)
Fixpoint feasReads (T : tree Query) : list Query :=
  match T with
  | Leaf _ => []
  | Node m agg arity kids =>
      flat_map (fun k => flat_map (fun i => valReads (kids k i) ++ feasReads (kids k i))
                                  (seq 0 (arity k))) (seq 0 m)
  end.

Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

(* What the look-ahead Alice reads along the run that Bob's samples p lead to: at every node
   reached, the reads of her choice (feasibility of the node) and of her claims (the true
   values of the chosen alternative's children); the run follows her chosen alternative. *)
Fixpoint runReads (T : tree Query) (p : list nat) : list Query :=
  match T with
  | Leaf _ => []
  | Node m agg arity kids =>
      let k := choose oracle bob rho T in
      feasReads T ++ flat_map (fun i => valReads (kids k i)) (seq 0 (arity k)) ++
      match p with
      | i :: p' => if Nat.ltb i (arity k) then runReads (kids k i) p' else []
      | [] => []
      end
  end.

(* All her reads on the run: her root claim val T, then the rounds. *)
Definition lookaheadReads (T : tree Query) (p : list nat) : list Query :=
  valReads T ++ runReads T p.

(* Her moves along the run (the alternative and the claims at every node reached), as the
   strategy lookahead plays them. *)
Fixpoint movesAlong (T : tree Query) (s : Strategy) (p : list nat) : list (nat * list bool) :=
  match T with
  | Leaf _ => []
  | Node m agg arity kids =>
      let '(k, z, _) := s [] in
      (k, z) :: match p with
                | i :: p' => if Nat.ltb i (arity k) then movesAlong (kids k i) (shift s i) p' else []
                | [] => []
                end
  end.

End Reads.

(* ======================================================================================== *)
(* Proposition H, the look-ahead Alice's oracle queries (ours)                               *)
(* ======================================================================================== *)

Lemma in_flat_map_seq : forall (A : Type) (g : nat -> list A) n i x,
  (i < n)%nat -> In x (g i) -> In x (flat_map g (seq 0 n)).
Proof. intros A g n i x Hi Hx. apply in_flat_map. exists i. split; [apply in_seq; lia | exact Hx]. Qed.

Lemma existsb_ext_in : forall (A : Type) (f g : A -> bool) l,
  (forall x, In x l -> f x = g x) -> existsb f l = existsb g l.
Proof.
  intros A f g l H. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite H by (left; reflexivity). rewrite IH by (intros; apply H; right; assumption). reflexivity.
Qed.

Lemma forallb_ext_in : forall (A : Type) (f g : A -> bool) l,
  (forall x, In x l -> f x = g x) -> forallb f l = forallb g l.
Proof.
  intros A f g l H. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite H by (left; reflexivity). rewrite IH by (intros; apply H; right; assumption). reflexivity.
Qed.

Lemma find_ext_in : forall (A : Type) (f g : A -> bool) l,
  (forall x, In x l -> f x = g x) -> find f l = find g l.
Proof.
  intros A f g l H. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite H by (left; reflexivity). rewrite IH by (intros; apply H; right; assumption). reflexivity.
Qed.

Section Dependence.

Context {Query : Type}.
Variables O1 O2 : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

Definition AgreeOn (L : list Query) : Prop := forall x, In x L -> O1 x = O2 x.

Lemma agree_app : forall L1 L2, AgreeOn (L1 ++ L2) -> AgreeOn L1 /\ AgreeOn L2.
Proof. intros L1 L2 H. split; intros x Hx; apply H, in_or_app; auto. Qed.

Lemma agree_flat : forall (g : nat -> list Query) n i, (i < n)%nat ->
  AgreeOn (flat_map g (seq 0 n)) -> AgreeOn (g i).
Proof. intros g n i Hi H x Hx. apply H. exact (in_flat_map_seq _ g n i x Hi Hx). Qed.

Lemma val_dep : forall T, AgreeOn (valReads T) -> val O1 T = val O2 T.
Proof.
  induction T as [x | m agg arity kids IH]; intros H.
  - apply H. left. reflexivity.
  - simpl. f_equal. apply map_ext_in. intros i Hi. apply in_seq in Hi.
    apply IH. apply (agree_flat (fun i => valReads (kids 0%nat i)) (arity 0%nat) i); [lia | exact H].
Qed.

Lemma childVals_dep : forall arity (kids : nat -> nat -> tree Query) k,
  AgreeOn (flat_map (fun i => valReads (kids k i)) (seq 0 (arity k))) ->
  childVals O1 arity kids k = childVals O2 arity kids k.
Proof.
  intros arity kids k H. unfold childVals. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  apply val_dep. apply (agree_flat (fun i => valReads (kids k i)) (arity k) i); [lia | exact H].
Qed.

Lemma alt_agree : forall m arity (kids : nat -> nat -> tree Query) k,
  (k < m)%nat ->
  AgreeOn (flat_map (fun k => flat_map (fun i => valReads (kids k i) ++ feasReads (kids k i))
                                       (seq 0 (arity k))) (seq 0 m)) ->
  AgreeOn (flat_map (fun i => valReads (kids k i)) (seq 0 (arity k))) /\
  forall i, (i < arity k)%nat -> AgreeOn (feasReads (kids k i)).
Proof.
  intros m arity kids k Hk H. assert (Hk' := agree_flat _ _ k Hk H). split.
  - intros x Hx. apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]]. apply in_seq in Hi.
    apply (agree_flat _ _ i) in Hk'; [| lia]. apply Hk'. apply in_or_app. left. exact Hx.
  - intros i Hi x Hx. apply (agree_flat _ _ i Hi Hk'). apply in_or_app. right. exact Hx.
Qed.

Lemma feasible_dep : forall T, AgreeOn (feasReads T) ->
  feasible O1 bob rho T = feasible O2 bob rho T.
Proof.
  induction T as [x | m agg arity kids IH]; intros H; [reflexivity |].
  simpl. apply existsb_ext_in. intros k Hk. apply in_seq in Hk.
  destruct (alt_agree m arity kids k ltac:(lia) H) as [Hv Hf].
  unfold altFbsOK. rewrite (childVals_dep arity kids k Hv). f_equal.
  apply forallb_ext_in. intros i Hi. apply in_seq in Hi. apply IH. apply Hf. lia.
Qed.

Lemma choose_dep : forall T, AgreeOn (feasReads T) ->
  choose O1 bob rho T = choose O2 bob rho T.
Proof.
  intros [x | m agg arity kids] H; [reflexivity |]. unfold choose.
  rewrite (find_ext_in _ _ (fun k => altFbsOK O2 bob rho agg arity kids k &&
                                     forallb (fun i => feasible O2 bob rho (kids k i)) (seq 0 (arity k)))%bool);
    [reflexivity |].
  intros k Hk. apply in_seq in Hk.
  destruct (alt_agree m arity kids k ltac:(lia) H) as [Hv Hf].
  unfold altFbsOK. rewrite (childVals_dep arity kids k Hv). f_equal.
  apply forallb_ext_in. intros i Hi. apply in_seq in Hi. apply feasible_dep. apply Hf. lia.
Qed.

(* Her moves along the run, computed with O1 and with O2, are the same when the two oracles
   agree on what she reads along the run. *)
Lemma moves_dep : forall T p, AgreeOn (runReads O1 bob rho T p) ->
  movesAlong T (lookahead O1 bob rho T) p = movesAlong T (lookahead O2 bob rho T) p.
Proof.
  induction T as [x | m agg arity kids IH]; intros p H; [reflexivity |].
  cbn [runReads] in H.
  apply agree_app in H as [Hfeas H]. apply agree_app in H as [Hvals Hrest].
  assert (Hc := choose_dep (Node m agg arity kids) Hfeas).
  set (k := choose O1 bob rho (Node m agg arity kids)) in *.
  cbn [movesAlong]. unfold lookahead at 1 3. cbn [chosenAt]. fold k. rewrite <- Hc. fold k.
  rewrite (childVals_dep arity kids k Hvals). f_equal.
  destruct p as [| i p]; [reflexivity |].
  destruct (Nat.ltb i (arity k)); [| reflexivity].
  change (shift (lookahead O1 bob rho (Node m agg arity kids)) i) with (lookahead O1 bob rho (kids k i)).
  change (shift (lookahead O2 bob rho (Node m agg arity kids)) i)
    with (lookahead O2 bob rho (kids (choose O2 bob rho (Node m agg arity kids)) i)).
  rewrite <- Hc. fold k. apply IH. exact Hrest.
Qed.

End Dependence.

Section Containment.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

Lemma valReads_incl : forall T, Valid oracle T -> incl (valReads T) (allQueries T).
Proof.
  induction T as [y | m agg arity kids IH]; intros HV x Hx; [exact Hx |].
  destruct HV as [Hm HV]. destruct (HV 0%nat Hm) as [_ HVk].
  apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]]. apply in_seq in Hi.
  apply (in_flat_map_seq _ _ m 0%nat x Hm). apply (in_flat_map_seq _ _ _ i x); [lia |].
  apply (IH 0%nat i (HVk i ltac:(lia))). exact Hx.
Qed.

Lemma feasReads_incl : forall T, Valid oracle T -> incl (feasReads T) (allQueries T).
Proof.
  induction T as [y | m agg arity kids IH]; intros HV x Hx; [destruct Hx |].
  destruct HV as [Hm HV].
  apply in_flat_map in Hx. destruct Hx as [k [Hk Hx]]. apply in_seq in Hk.
  destruct (HV k ltac:(lia)) as [_ HVk].
  apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]]. apply in_seq in Hi.
  apply (in_flat_map_seq _ _ m k x); [lia |]. apply (in_flat_map_seq _ _ _ i x); [lia |].
  apply in_app_or in Hx as [Hx | Hx].
  - exact (valReads_incl (kids k i) (HVk i ltac:(lia)) x Hx).
  - exact (IH k i (HVk i ltac:(lia)) x Hx).
Qed.

Lemma choose_lt : forall m agg arity kids, (0 < m)%nat ->
  (choose oracle bob rho (Node m agg arity kids) < m)%nat.
Proof.
  intros m agg arity kids Hm. unfold choose.
  destruct (find _ (seq 0 m)) as [k |] eqn:E; [| exact Hm].
  apply find_some in E. destruct E as [Hin _]. apply in_seq in Hin. lia.
Qed.

Lemma runReads_incl : forall T p, Valid oracle T -> incl (runReads oracle bob rho T p) (allQueries T).
Proof.
  induction T as [y | m agg arity kids IH]; intros p HV x Hx; [destruct Hx |].
  assert (HV' := HV). destruct HV as [Hm HV].
  assert (Hk := choose_lt m agg arity kids Hm).
  set (k := choose oracle bob rho (Node m agg arity kids)) in *.
  destruct (HV k Hk) as [_ HVk].
  cbn [runReads] in Hx. fold k in Hx.
  apply in_app_or in Hx as [Hx | Hx]; [exact (feasReads_incl _ HV' x Hx) |].
  apply in_app_or in Hx as [Hx | Hx].
  - apply in_flat_map in Hx. destruct Hx as [i [Hi Hx]]. apply in_seq in Hi.
    apply (in_flat_map_seq _ _ m k x Hk). apply (in_flat_map_seq _ _ _ i x); [lia |].
    exact (valReads_incl (kids k i) (HVk i ltac:(lia)) x Hx).
  - destruct p as [| i p]; [destruct Hx |].
    destruct (Nat.ltb i (arity k)) eqn:Hi; [| destruct Hx]. apply Nat.ltb_lt in Hi.
    apply (in_flat_map_seq _ _ m k x Hk). apply (in_flat_map_seq _ _ _ i x Hi).
    exact (IH k i p (HVk i Hi) x Hx).
Qed.

End Containment.

(* The number of distinct elements of a list (decidable equality). *)
Definition distinct {A : Type} (dec : forall x y : A, {x = y} + {x <> y}) (L : list A) : nat :=
  length (nodup dec L).

Lemma distinct_incl : forall (A : Type) (dec : forall x y : A, {x = y} + {x <> y}) L1 L2,
  incl L1 L2 -> (distinct dec L1 <= distinct dec L2)%nat.
Proof.
  intros A dec L1 L2 H. unfold distinct. apply NoDup_incl_length; [apply NoDup_nodup |].
  intros x Hx. apply nodup_In. apply H. apply (nodup_In dec). exact Hx.
Qed.

(* PROPOSITION H, her oracle queries (ours, docs/menus.md section 1). On every finite tree
   with menus and every oracle making it valid, along every run (Bob's samples p) the queries
   the look-ahead honest Alice reads (her root claim, then at every node reached the
   feasibility of every alternative and the true values of her chosen alternative's
   children) are leaf queries of the menu tree, so she asks at most |Q(M)| distinct queries;
   and her moves along the run are functions of the answers to those queries (any oracle
   agreeing with O on them gives the same root claim and the same moves): asking each of them
   once suffices. *)
Theorem proposition_H_queries :
  forall (Query : Type) (dec : forall x y : Query, {x = y} + {x <> y})
         (oracle : Query -> bool) (bob : Agg -> list bool -> list Q) (rho : Q)
         (T : tree Query) (p : list nat),
  Valid oracle T ->
  incl (lookaheadReads oracle bob rho T p) (allQueries T) /\
  (distinct dec (lookaheadReads oracle bob rho T p) <= distinct dec (allQueries T))%nat /\
  (forall oracle' : Query -> bool,
     (forall x, In x (lookaheadReads oracle bob rho T p) -> oracle' x = oracle x) ->
     val oracle' T = val oracle T /\
     movesAlong T (lookahead oracle' bob rho T) p = movesAlong T (lookahead oracle bob rho T) p).
Proof.
  intros Query dec oracle bob rho T p HV.
  assert (Hincl : incl (lookaheadReads oracle bob rho T p) (allQueries T)).
  { intros x Hx. apply in_app_or in Hx as [Hx | Hx].
    - exact (valReads_incl oracle T HV x Hx).
    - exact (runReads_incl oracle bob rho T p HV x Hx). }
  split; [exact Hincl |]. split; [exact (distinct_incl _ dec _ _ Hincl) |].
  intros oracle' Hag. split.
  - apply val_dep. intros x Hx. apply Hag. apply in_or_app. left. exact Hx.
  - symmetry. apply moves_dep. intros x Hx. symmetry. apply Hag. apply in_or_app. right. exact Hx.
Qed.

(* ======================================================================================== *)
(* No bound in d, q and Q alone (ours): a family where her choice needs k queries            *)
(* ======================================================================================== *)

(* The root is a menu of k + 1 alternatives, alternative j the majority of its own three
   leaves (j, 0), (j, 1), (j, 2): depth 1, arity 3. *)
Definition famTree (k : nat) : tree (nat * nat) :=
  Node (S k) (fun _ => majAgg 3) (fun _ => 3%nat) (fun j i => Leaf (j, i)).

(* The reference oracle: every leaf true except (j, 0) for j < k. Every alternative has value
   1 (legal), and only the last one, k, has all three children true. *)
Definition famOracle (k : nat) (x : nat * nat) : bool :=
  (negb (Nat.eqb (snd x) 0) || Nat.leb k (fst x))%bool.

(* The same oracle with the answer to (j, 0) turned to true. *)
Definition famFlip (k j : nat) (x : nat * nat) : bool :=
  (famOracle k x || (Nat.eqb (fst x) j && Nat.eqb (snd x) 0))%bool.

Definition pairDec : forall x y : nat * nat, {x = y} + {x <> y}.
Proof. decide equality; apply Nat.eq_dec. Defined.

(* Bob's dual passes the check at 111 (fbs_111(MAJ3) = 3/2 with his optimal dual) and fails
   at 011 (fbs_011(MAJ3) = 2): any rho with 3/2 <= rho < 2 and an optimal Bob. *)
Definition FamBob (bob : Agg -> list bool -> list Q) (rho : Q) : Prop :=
  totalWeight 3 (bob (majAgg 3) [true; true; true]) <= rho /\
  ~ totalWeight 3 (bob (majAgg 3) [false; true; true]) <= rho.

Section Family.

Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.
Context (Hbob : FamBob bob rho).

Definition FamLegal (O : nat * nat -> bool) : Prop := forall j i, (0 < i)%nat -> O (j, i) = true.

Lemma fam_childVals : forall O j, FamLegal O ->
  childVals O (fun _ => 3%nat) (fun j i => Leaf (j, i)) j = [O (j, 0%nat); true; true].
Proof.
  intros O j HO. unfold childVals. simpl. rewrite (HO j 1%nat), (HO j 2%nat) by lia. reflexivity.
Qed.

Lemma fam_valid : forall O k, FamLegal O -> Valid O (famTree k).
Proof.
  intros O k HO. split; [lia |]. intros j Hj. split.
  - change (majAgg 3 (childVals O (fun _ => 3%nat) (fun j i => Leaf (j, i)) j) =
            majAgg 3 (childVals O (fun _ => 3%nat) (fun j i => Leaf (j, i)) 0%nat)).
    rewrite !(fam_childVals O) by exact HO.
    destruct (O (j, 0%nat)), (O (0%nat, 0%nat)); reflexivity.
  - intros; exact I.
Qed.

Lemma fam_altOK : forall O j, FamLegal O ->
  altFbsOK O bob rho (fun _ => majAgg 3) (fun _ => 3%nat) (fun j i => Leaf (j, i)) j = O (j, 0%nat).
Proof.
  intros O j HO. unfold altFbsOK. rewrite (fam_childVals O j HO).
  destruct Hbob as [H1 H2]. destruct (O (j, 0%nat)).
  - apply Qle_bool_iff. exact H1.
  - destruct (Qle_bool _ rho) eqn:E; [| reflexivity]. apply Qle_bool_iff in E. contradiction.
Qed.

Lemma fam_choose : forall O k, FamLegal O ->
  choose O bob rho (famTree k) =
  match find (fun j => O (j, 0%nat)) (seq 0 (S k)) with Some j => j | None => 0%nat end.
Proof.
  intros O k HO. unfold famTree, choose.
  rewrite (find_ext_in _ _ (fun j => O (j, 0%nat))); [reflexivity |].
  intros j _. rewrite (fam_altOK O j HO). destruct (O (j, 0%nat)); reflexivity.
Qed.

Lemma find_first : forall (f : nat -> bool) n s j, (s <= j < s + n)%nat -> f j = true ->
  (forall j', (s <= j' < j)%nat -> f j' = false) -> find f (seq s n) = Some j.
Proof.
  intros f n. induction n as [| n IH]; intros s j Hj Hf Hb; [lia |]. simpl.
  destruct (Nat.eq_dec s j) as [<- | Hne]; [rewrite Hf; reflexivity |].
  rewrite Hb by lia. apply IH; [lia | exact Hf |]. intros j' Hj'. apply Hb. lia.
Qed.

Lemma fam_realisable : forall O k j, FamLegal O -> (j <= k)%nat -> O (j, 0%nat) = true ->
  Realisable O bob rho (famTree k).
Proof.
  intros O k j HO Hj Ht. exists j. split; [lia |]. split.
  - rewrite (fam_altOK O j HO). exact Ht.
  - intros; exact I.
Qed.

Lemma famOracle_legal : forall k, FamLegal (famOracle k).
Proof. intros k j i Hi. unfold famOracle. simpl. destruct i; [lia | reflexivity]. Qed.

Lemma famFlip_legal : forall k j, FamLegal (famFlip k j).
Proof. intros k j j' i Hi. unfold famFlip. rewrite famOracle_legal by exact Hi. reflexivity. Qed.

Lemma fam_choose_base : forall k, choose (famOracle k) bob rho (famTree k) = k.
Proof.
  intros k. rewrite (fam_choose _ k (famOracle_legal k)).
  rewrite (find_first _ (S k) 0 k); [reflexivity | lia | |].
  - unfold famOracle. simpl. rewrite ?Nat.leb_refl, ?orb_true_r. reflexivity.
  - intros j' Hj'. unfold famOracle. simpl. apply Nat.leb_gt. lia.
Qed.

Lemma fam_choose_flip : forall k j, (j < k)%nat -> choose (famFlip k j) bob rho (famTree k) = j.
Proof.
  intros k j Hj. rewrite (fam_choose _ k (famFlip_legal k j)).
  rewrite (find_first _ (S k) 0 j); [reflexivity | lia | |].
  - unfold famFlip. simpl. rewrite ?Nat.eqb_refl, ?orb_true_r. reflexivity.
  - intros j' Hj'. unfold famFlip, famOracle. simpl.
    rewrite (proj2 (Nat.leb_gt k j')) by lia. rewrite (proj2 (Nat.eqb_neq j' j)) by lia.
    reflexivity.
Qed.

End Family.

Lemma map_pair_nodup : forall k, NoDup (map (fun j => (j, 0%nat)) (seq 0 k)).
Proof.
  intros k. apply FinFun.Injective_map_NoDup; [| apply seq_NoDup].
  intros a b E. injection E. auto.
Qed.

(* NO BOUND IN d, q AND Q ALONE (ours, docs/menus.md section 1). For every k, on the menu of
   k + 1 majorities of three leaves (depth d = 1, arity q = 3, every node solved with <= 3
   queries), with any Bob passing MAJ3 at 111 and failing it at 011 (rho in [3/2, 2) with the
   optimal dual), the reference oracle is legal and meets Proposition H's hypothesis, and
   every set S of queries whose answers determine the look-ahead Alice's choice at the root
   (any legal oracle meeting the hypothesis and agreeing with the reference on S gives her
   the same choice) has >= k distinct queries. So any procedure computing her rule asks
   >= k queries on this oracle (the queries asked on it form such a set), unbounded in k
   while d q Q = 9. *)
Theorem lookahead_unbounded :
  forall (bob : Agg -> list bool -> list Q) (rho : Q) (k : nat),
  FamBob bob rho ->
  DepthLe (famTree k) 1 /\ length (valReads (famTree k)) = 3%nat /\
  Valid (famOracle k) (famTree k) /\ Realisable (famOracle k) bob rho (famTree k) /\
  forall S : list (nat * nat),
    (forall O', Valid O' (famTree k) -> Realisable O' bob rho (famTree k) ->
       (forall x, In x S -> O' x = famOracle k x) ->
       choose O' bob rho (famTree k) = choose (famOracle k) bob rho (famTree k)) ->
    (k <= distinct pairDec S)%nat.
Proof.
  intros bob rho k Hbob.
  split; [simpl; intros; exact I |]. split; [reflexivity |].
  split; [exact (fam_valid _ k (famOracle_legal k)) |].
  split.
  { apply (fam_realisable bob rho Hbob _ k k (famOracle_legal k)); [lia |].
    unfold famOracle. simpl. rewrite ?Nat.leb_refl, ?orb_true_r. reflexivity. }
  intros S HS.
  assert (Hin : incl (map (fun j => (j, 0%nat)) (seq 0 k)) S).
  { intros x Hx. apply in_map_iff in Hx. destruct Hx as [j [<- Hj]]. apply in_seq in Hj.
    destruct (in_dec pairDec (j, 0%nat) S) as [H | H]; [exact H | exfalso].
    assert (E := HS (famFlip k j) (fam_valid _ k (famFlip_legal k j))).
    rewrite (fam_choose_flip bob rho Hbob k j ltac:(lia)), (fam_choose_base bob rho Hbob k) in E.
    assert (j = k); [| lia]. apply E.
    - apply (fam_realisable bob rho Hbob _ k j (famFlip_legal k j)); [lia |].
      unfold famFlip. simpl. rewrite ?Nat.eqb_refl, ?orb_true_r. reflexivity.
    - intros [a b] Hx. unfold famFlip. cbn [fst snd].
      destruct (Nat.eqb a j && Nat.eqb b 0)%bool eqn:Eab; [| apply orb_false_r].
      apply andb_prop in Eab as [Ea Eb]. apply Nat.eqb_eq in Ea, Eb. subst a b. contradiction. }
  assert (Hl := NoDup_incl_length (map_pair_nodup k) (fun x Hx => proj2 (nodup_In pairDec S x) (Hin x Hx))).
  rewrite map_length, seq_length in Hl. exact Hl.
Qed.

Print Assumptions theorem_4_1_cost.
Print Assumptions proposition_H_queries.
Print Assumptions lookahead_unbounded.
