(* WorstCase.v -- the worst-case liar's catch probability under the paper's protocol, computed
   by the dynamic program over claims (the one verify/protocol/worst_case.py runs), for a given
   Bob dual map and rho, and proved equal to the minimum over ALL of Alice's strategies of the
   model's exact catch probability (`worst_is_min`): no strategy does better than `worst`, and
   one strategy attains it. At a node Alice picks a menu alternative k and claims z; an
   inconsistent choice, or one failing Bob's check sum t <= rho, loses at once (value 1).
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer
   "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees FbsTreeCert.
Import ListNotations.
Open Scope Q_scope.

Section Worst.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.

(* Bob's exact average at a node once Alice claimed z (the paper's rule), the children's
   values given by `child`. *)
Definition stepValue (f : Agg) (q : nat) (z : list bool) (child : nat -> bool -> Q) : Q :=
  let t := bob f z in
  if Qle_bool (totalWeight q t) rho then
    if Qeq_bool (totalWeight q t) 0 then 0
    else qsum q (fun i => nth i t 0 / totalWeight q t * child i (nth i z false))
  else 1.

Fixpoint minList (d : Q) (l : list Q) : Q :=
  match l with [] => d | x :: r => Qmin x (minList d r) end.

(* Alice's consistent choices at a node claimed a: alternative k < m and z with agg k z = a. *)
Definition choices (m : nat) (agg : nat -> Agg) (arity : nat -> nat) (a : bool)
  : list (nat * list bool) :=
  flat_map (fun k => map (pair k) (filter (fun z => Bool.eqb (agg k z) a) (allMasks (arity k))))
           (seq 0 m).

(* THE DYNAMIC PROGRAM: 0 or 1 at a leaf; at a node the minimum over Alice's consistent
   choices of Bob's average over the children's worst cases, and 1 (she loses at once) if
   every choice is worse or there is none. *)
Fixpoint worst (T : tree Query) (a : bool) : Q :=
  match T with
  | Leaf x => if Bool.eqb a (oracle x) then 0 else 1
  | Node m agg arity kids =>
      minList 1 (map (fun kz => stepValue (agg (fst kz)) (arity (fst kz)) (snd kz)
                                  (fun i b => worst (kids (fst kz) i) b))
                     (choices m agg arity a))
  end.

End Worst.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Lemma minList_le_d : forall d l, minList d l <= d.
Proof.
  induction l as [| x l IH]; simpl; [lra |]. apply (Qle_trans _ _ _ (Q.le_min_r _ _)). exact IH.
Qed.

Lemma minList_le_in : forall d l x, In x l -> minList d l <= x.
Proof.
  induction l as [| y l IH]; intros x Hx; simpl in *; [contradiction |].
  destruct Hx as [<- | Hx]; [apply Q.le_min_l |].
  apply (Qle_trans _ _ _ (Q.le_min_r _ _)). apply IH. exact Hx.
Qed.

Lemma minList_attained : forall d l, minList d l == d \/ exists x, In x l /\ minList d l == x.
Proof.
  induction l as [| x l IH]; simpl; [left; reflexivity |].
  destruct (Q.min_dec x (minList d l)) as [E | E].
  - right. exists x. split; [left; reflexivity | exact E].
  - destruct IH as [IH | [y [Hy Ey]]]; [left; rewrite E; exact IH |].
    right. exists y. split; [right; exact Hy | rewrite E; exact Ey].
Qed.

Lemma in_choices : forall m agg arity a k z, (k < m)%nat -> length z = arity k -> agg k z = a ->
  In (k, z) (choices m agg arity a).
Proof.
  intros m agg arity a k z Hk Hl Ha. unfold choices. apply in_flat_map. exists k.
  split; [apply in_seq; lia |]. apply in_map. apply filter_In. split.
  - rewrite <- Hl. apply in_allMasks.
  - rewrite Ha. apply eqb_reflx.
Qed.

Lemma choices_in : forall m agg arity a kz, In kz (choices m agg arity a) ->
  (fst kz < m)%nat /\ length (snd kz) = arity (fst kz) /\ agg (fst kz) (snd kz) = a.
Proof.
  intros m agg arity a [k z] H. unfold choices in H. apply in_flat_map in H as [k' [Hk H]].
  apply in_map_iff in H as [z' [E H]]. injection E as <- <-. apply filter_In in H as [Hz Ha].
  apply in_seq in Hk. simpl. split; [lia |]. split.
  - clear -Hz. revert z' Hz. induction (arity k') as [| n IH]; intros z Hz; simpl in Hz.
    + destruct Hz as [<- | []]. reflexivity.
    + rewrite app_nil_r in Hz. apply in_app_or in Hz.
      destruct Hz as [Hz | Hz]; apply in_map_iff in Hz as [z' [<- Hz]]; simpl; f_equal; apply IH; exact Hz.
  - apply Bool.eqb_prop. exact Ha.
Qed.

Section Proofs.

Context {Query : Type}.
Variable oracle : Query -> bool.
Variable bob : Agg -> list bool -> list Q.
Variable rho : Q.
(* A section variable, discharged at End Proofs: every lemma below takes it as a premise. *)
Variable bob_nonneg : forall f z i, 0 <= nth i (bob f z) 0.

Notation r := (paperRule bob rho).

Lemma totalWeight_nonneg : forall q t, (forall i, 0 <= nth i t 0) -> 0 <= totalWeight q t.
Proof. intros q t H. apply qsum_nonneg. intros i _. apply H. Qed.

(* Bob's average is monotone in the children's values (his weights are >= 0). *)
Lemma stepValue_mono : forall f q z (c1 c2 : nat -> bool -> Q),
  (forall i, (i < q)%nat -> c1 i (nth i z false) <= c2 i (nth i z false)) ->
  stepValue bob rho f q z c1 <= stepValue bob rho f q z c2.
Proof.
  intros f q z c1 c2 H. unfold stepValue.
  destruct (Qle_bool _ rho); [| lra]. destruct (Qeq_bool _ 0) eqn:E; [lra |].
  apply qsum_le. intros i Hi.
  assert (HW : 0 < totalWeight q (bob f z)).
  { assert (H0 := totalWeight_nonneg q (bob f z) (bob_nonneg f z)).
    destruct (Qeq_dec (totalWeight q (bob f z)) 0) as [E0 | E0].
    - rewrite <- Qeq_bool_iff in E0. congruence.
    - apply Qle_lteq in H0 as [H0 | H0]; [exact H0 | symmetry in H0; contradiction]. }
  assert (Hp : 0 <= nth i (bob f z) 0 / totalWeight q (bob f z)).
  { apply Qle_shift_div_l; [exact HW | rewrite Qmult_0_l; apply bob_nonneg]. }
  rewrite !(Qmult_comm (nth i (bob f z) 0 / _)). apply Qmult_le_compat_r; [apply H; exact Hi | exact Hp].
Qed.

Lemma stepValue_ext : forall f q z (c1 c2 : nat -> bool -> Q),
  (forall i, (i < q)%nat -> c1 i (nth i z false) == c2 i (nth i z false)) ->
  stepValue bob rho f q z c1 == stepValue bob rho f q z c2.
Proof.
  intros f q z c1 c2 H. apply Qle_antisym; apply stepValue_mono; intros i Hi; rewrite (H i Hi); lra.
Qed.

(* The model's catch, once Alice's choice at the root passed the consistency check, is Bob's
   average over the children's catch values. *)
Lemma catch_step : forall m agg arity kids a beta s k z bs,
  s [] = (k, z, bs) -> (k < m)%nat -> length z = arity k -> agg k z = a ->
  catch oracle r (Node m agg arity kids) a beta s
  = stepValue bob rho (agg k) (arity k) z
      (fun i b => catch oracle r (kids k i) b (nth i bs 0) (shift s i)).
Proof.
  intros m agg arity kids a beta s k z bs Hs Hk Hl Ha. simpl. rewrite Hs.
  rewrite (proj2 (Nat.ltb_lt k m) Hk), Hl, Nat.eqb_refl, Ha, eqb_reflx. simpl.
  unfold paperRule, stepValue. destruct (Qle_bool _ rho); reflexivity.
Qed.

(* No strategy does better than `worst`. *)
Theorem worst_le_catch : forall T a beta s, worst oracle bob rho T a <= catch oracle r T a beta s.
Proof.
  induction T as [x | m agg arity kids IH]; intros a beta s.
  - simpl. destruct (Bool.eqb a (oracle x)); lra.
  - destruct (s []) as [[k z] bs] eqn:Hs.
    destruct (Nat.ltb k m && Nat.eqb (length z) (arity k) && Bool.eqb (agg k z) a)%bool eqn:C.
    + apply andb_prop in C as [C Ha]. apply andb_prop in C as [Hk Hl].
      apply Nat.ltb_lt in Hk. apply Nat.eqb_eq in Hl. apply Bool.eqb_prop in Ha.
      rewrite (catch_step m agg arity kids a beta s k z bs Hs Hk Hl Ha). simpl.
      assert (Hin := in_choices m agg arity a k z Hk Hl Ha).
      eapply Qle_trans.
      * apply minList_le_in. apply in_map_iff. exists (k, z). split; [reflexivity | exact Hin].
      * simpl. apply stepValue_mono. intros i _. apply IH.
    + simpl. rewrite Hs, C. apply minList_le_d.
Qed.

(* Finite choice: a strategy for each child i < n, as one function. *)
Lemma finite_choice : forall (P : nat -> Strategy -> Prop) n,
  (forall i, (i < n)%nat -> exists s, P i s) -> exists g, forall i, (i < n)%nat -> P i (g i).
Proof.
  intros P n. induction n as [| n IH]; intros H.
  - exists (fun _ _ => (0%nat, [], [])). intros i Hi. lia.
  - destruct IH as [g Hg]; [intros i Hi; apply H; lia |].
    destruct (H n ltac:(lia)) as [sn Hn].
    exists (fun i => if Nat.eqb i n then sn else g i). intros i Hi.
    destruct (Nat.eqb i n) eqn:E; [apply Nat.eqb_eq in E; subst i; exact Hn |].
    apply Nat.eqb_neq in E. apply Hg. lia.
Qed.

(* Some strategy attains `worst`. *)
Theorem worst_attained : forall T a beta, exists s, catch oracle r T a beta s == worst oracle bob rho T a.
Proof.
  induction T as [x | m agg arity kids IH]; intros a beta.
  - exists (fun _ => (0%nat, [], [])). simpl. reflexivity.
  - simpl worst.
    destruct (minList_attained 1 (map (fun kz => stepValue bob rho (agg (fst kz)) (arity (fst kz)) (snd kz)
                                  (fun i b => worst oracle bob rho (kids (fst kz) i) b))
                     (choices m agg arity a))) as [E | [v [Hv E]]].
    + (* Alice gives up: an alternative index out of range loses at once *)
      exists (fun _ => (m, [], [])). rewrite E. simpl.
      rewrite (proj2 (Nat.ltb_ge m m) (le_n m)). reflexivity.
    + apply in_map_iff in Hv as [[k z] [<- Hkz]]. simpl in E.
      destruct (choices_in m agg arity a (k, z) Hkz) as [Hk [Hl Ha]]. simpl in Hk, Hl, Ha.
      destruct (finite_choice (fun i s => catch oracle r (kids k i) (nth i z false) (nth i [] 0) s
                                          == worst oracle bob rho (kids k i) (nth i z false))
                              (arity k)) as [g Hg].
      { intros i _. apply IH. }
      exists (fun p => match p with [] => (k, z, []) | i :: p' => g i p' end).
      rewrite E. rewrite (catch_step m agg arity kids a beta _ k z [] eq_refl Hk Hl Ha).
      apply stepValue_ext. intros i Hi. exact (Hg i Hi).
Qed.

End Proofs.

(* THE WORST CASE (paper Theorem 4.2's game, the paper's rule with any Bob whose duals are
   >= 0): `worst` is the minimum over all of Alice's strategies of the model's catch. *)
Theorem worst_is_min : forall (Query : Type) (oracle : Query -> bool)
  (bob : Agg -> list bool -> list Q) (rho : Q),
  (forall f z i, 0 <= nth i (bob f z) 0) ->
  forall (T : tree Query) (a : bool) (beta : Q),
    (forall s, worst oracle bob rho T a <= catch oracle (paperRule bob rho) T a beta s) /\
    (exists s, catch oracle (paperRule bob rho) T a beta s == worst oracle bob rho T a).
Proof.
  intros Query oracle bob rho H T a beta. split.
  - intros s. apply worst_le_catch. exact H.
  - apply worst_attained. exact H.
Qed.

(* ======================================================================================== *)
(* Bob given as a table (the duals the Python engine's rule computes), for concrete instances  *)
(* ======================================================================================== *)

(* An entry ((key, z), t): at a node whose aggregator has the truth table `key` (map f over the
   2^q masks in order), Bob's dual for the claims z is t. Missing entries give t = [] (sum 0:
   the run ends in Alice's favour there, never in Bob's). *)
Definition BobTable := list ((list bool * list bool) * list Q).

Fixpoint bitsEqb (x y : list bool) : bool :=
  match x, y with
  | [], [] => true
  | a :: x', b :: y' => Bool.eqb a b && bitsEqb x' y'
  | _, _ => false
  end.

Definition tableBob (tab : BobTable) : Agg -> list bool -> list Q := fun f z =>
  let key := map f (allMasks (length z)) in
  match find (fun e => (bitsEqb (fst (fst e)) key && bitsEqb (snd (fst e)) z)%bool) tab with
  | Some e => snd e
  | None => []
  end.

Definition tableNonneg (tab : BobTable) : bool := forallb (fun e => forallb (Qle_bool 0) (snd e)) tab.

Lemma nth_nonneg : forall l i, (forall x, In x l -> 0 <= x) -> 0 <= nth i l 0.
Proof.
  intros l i H. destruct (Nat.lt_ge_cases i (length l)) as [Hi | Hi].
  - apply H. apply nth_In. exact Hi.
  - rewrite nth_overflow by exact Hi. lra.
Qed.

Lemma tableBob_nonneg : forall tab, tableNonneg tab = true -> forall f z i, 0 <= nth i (tableBob tab f z) 0.
Proof.
  intros tab H f z i. unfold tableBob.
  destruct (find _ tab) as [e |] eqn:E; [| destruct i; simpl; lra].
  apply find_some in E as [Hin _]. unfold tableNonneg in H. rewrite forallb_forall in H.
  specialize (H e Hin). rewrite forallb_forall in H.
  apply nth_nonneg. intros x Hx. apply Qle_bool_iff. apply H. exact Hx.
Qed.

(* For a table Bob with duals >= 0, the computed `worst` is the minimum over Alice's strategies
   of the model's catch (what the corpus coq/certificates/worst_case_corpus.v relies on). *)
Theorem worst_is_min_table : forall (Query : Type) (oracle : Query -> bool) (tab : BobTable) (rho : Q),
  tableNonneg tab = true ->
  forall (T : tree Query) (a : bool) (beta : Q),
    (forall s, worst oracle (tableBob tab) rho T a <= catch oracle (paperRule (tableBob tab) rho) T a beta s) /\
    (exists s, catch oracle (paperRule (tableBob tab) rho) T a beta s == worst oracle (tableBob tab) rho T a).
Proof. intros Query oracle tab rho H. apply worst_is_min. apply tableBob_nonneg. exact H. Qed.

Print Assumptions worst_is_min.
Print Assumptions worst_is_min_table.
