(* LookaheadLowerBound.v -- ours (docs/menus.md section 1, "The same for every Alice who never
   loses"): on the menu of k + 1 majorities of three leaves (CompletenessCost.v's famTree,
   d = 1, q = 3, Q = 3), EVERY deterministic adaptive procedure that chooses her alternative
   and never loses on the family's legal realisable oracles asks >= k distinct first-leaf
   queries on some legal realisable oracle (the adversary's). Not only her rule (that is
   lookahead_unbounded): any Alice's choice. Queries are modelled as in LowerBound.v's checkers:
   a finite decision tree that asks a leaf query and branches on the answer, or stops with
   its choice. Randomised procedures are not covered. Checked by coqc 8.16 (coq/check.sh);
   every Print Assumptions at the end must answer "Closed under the global context". *)

From Coq Require Import QArith List Lia Bool.
From FbsCoq Require Import FbsTrees Completeness Families CompletenessCost.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* A deterministic adaptive query procedure on the family (queries are leaves (j, i): leaf i
   of alternative j): ask a query and branch on the oracle's answer, or stop and choose an
   alternative. *)
Inductive proc : Type :=
| Choose : nat -> proc
| AskLeaf : nat * nat -> (bool -> proc) -> proc.

(* The alternative the procedure chooses under the oracle O. *)
Fixpoint run (O : nat * nat -> bool) (P : proc) : nat :=
  match P with
  | Choose j => j
  | AskLeaf x f => run O (f (O x))
  end.

(* The queries it asks under O, in order. *)
Fixpoint asked (O : nat * nat -> bool) (P : proc) : list (nat * nat) :=
  match P with
  | Choose _ => []
  | AskLeaf x f => x :: asked O (f (O x))
  end.

(* The first-leaf queries (j, 0) among a list of queries. *)
Definition firstLeaves (L : list (nat * nat)) : list (nat * nat) :=
  filter (fun x => Nat.eqb (snd x) 0) L.

(* NEVER LOSES on the family: on every legal oracle of the family (FamLegal: the second and
   third leaves of every alternative true, so every alternative has value 1) on which some
   realisation satisfies the FBS condition (Proposition H's hypothesis), the chosen
   alternative exists and passes the FBS condition at its true child values (Bob's check at
   her alternative passes on the truth: choosing an alternative failing it, she loses with
   positive probability, docs/menus.md section 1). *)
Definition NeverLoses (bob : Agg -> list bool -> list Q) (rho : Q) (k : nat) (P : proc) : Prop :=
  forall O, FamLegal O -> Realisable O bob rho (famTree k) ->
    (run O P < S k)%nat /\
    altFbsOK O bob rho (fun _ => majAgg 3) (fun _ => 3%nat) (fun j i => Leaf (j, i)) (run O P) = true.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

Definition inb (j : nat) (G : list nat) : bool := existsb (Nat.eqb j) G.

Lemma inb_spec : forall j G, inb j G = true <-> In j G.
Proof.
  intros j G. unfold inb. rewrite existsb_exists. split.
  - intros [j' [H E]]. apply Nat.eqb_eq in E. subst. exact H.
  - intros H. exists j. split; [exact H | apply Nat.eqb_refl].
Qed.

(* The oracle of the family whose true first leaves are those of the alternatives <= k
   outside G. *)
Definition outside (k : nat) (G : list nat) (x : nat * nat) : bool :=
  (negb (Nat.eqb (snd x) 0) || (Nat.leb (fst x) k && negb (inb (fst x) G)))%bool.

(* The oracles the adversary still allows after answering false at the first leaves of F
   (and of every alternative > k: there are none in the family's menu). *)
Definition Allowed (k : nat) (F : list nat) (O : nat * nat -> bool) : Prop :=
  FamLegal O /\ (forall j, In j F -> O (j, 0%nat) = false) /\
  (forall j, (k < j)%nat -> O (j, 0%nat) = false).

Lemma outside_allowed : forall k F G, incl F G -> Allowed k F (outside k G).
Proof.
  intros k F G HFG. split; [| split].
  - intros j i Hi. unfold outside. simpl. destruct i; [lia | reflexivity].
  - intros j Hj. unfold outside. simpl. rewrite (proj2 (inb_spec j G) (HFG j Hj)).
    apply andb_false_r.
  - intros j Hj. unfold outside. simpl. rewrite (proj2 (Nat.leb_gt j k) Hj). reflexivity.
Qed.

Lemma outside_open : forall k G j, (j <= k)%nat -> ~ In j G -> outside k G (j, 0%nat) = true.
Proof.
  intros k G j Hj Hn. unfold outside. cbn [fst snd]. rewrite (proj2 (Nat.leb_le j k) Hj).
  destruct (inb j G) eqn:E; [apply inb_spec in E; contradiction | reflexivity].
Qed.

Lemma outside_closed : forall k G j, In j G -> outside k G (j, 0%nat) = false.
Proof.
  intros k G j Hj. unfold outside. cbn [fst snd]. rewrite (proj2 (inb_spec j G) Hj).
  rewrite andb_false_r. reflexivity.
Qed.

(* With the family's Bob, realisable = some first leaf of an alternative <= k is true, and
   the FBS condition at alternative j = its first leaf is true. *)
Lemma never_loses_first : forall bob rho k P, FamBob bob rho -> NeverLoses bob rho k P ->
  forall O, FamLegal O -> forall j, (j <= k)%nat -> O (j, 0%nat) = true ->
  (run O P <= k)%nat /\ O (run O P, 0%nat) = true.
Proof.
  intros bob rho k P Hbob HN O HO j Hj Ht.
  destruct (HN O HO (fam_realisable bob rho Hbob O k j HO Hj Ht)) as [Hlt Hok].
  rewrite (fam_altOK bob rho Hbob O _ HO) in Hok. split; [lia | exact Hok].
Qed.

(* An alternative <= k outside a list G shorter than k + 1. *)
Lemma exists_outside : forall k G, (length G < S k)%nat ->
  exists j, (j <= k)%nat /\ ~ In j G.
Proof.
  intros k G HG.
  destruct (find (fun j => negb (inb j G)) (seq 0 (S k))) as [j |] eqn:E.
  - apply find_some in E. destruct E as [Hin Hn]. apply in_seq in Hin. exists j. split; [lia |].
    intros H. apply inb_spec in H. rewrite H in Hn. discriminate.
  - exfalso. assert (Hi : incl (seq 0 (S k)) G).
    { intros j Hj. assert (Hf := find_none _ _ E j Hj). apply inb_spec.
      cbv beta in Hf. destruct (inb j G); [reflexivity | discriminate Hf]. }
    assert (Hl := NoDup_incl_length (seq_NoDup (S k) 0) Hi). rewrite seq_length in Hl. lia.
Qed.

(* The adversary, by induction on the procedure: with F the alternatives <= k whose first
   leaf it has answered false (|F| <= k, so one alternative is still open), a procedure that
   never loses on the allowed oracles asks the first leaves of k - |F| further alternatives
   outside F on some allowed realisable oracle. It answers a second or third leaf true, a
   first leaf false (the leaf of an alternative in F or > k, or a new one while two remain
   open), and stops at the last open alternative's first leaf (answer true). A procedure
   choosing while two alternatives j1 /= j2 are open loses on one of the oracles making only
   j1, or only j2, feasible. *)
Lemma adversary : forall bob rho k, FamBob bob rho -> forall P F,
  NoDup F -> incl F (seq 0 (S k)) -> (length F <= k)%nat ->
  (forall O, Allowed k F O -> forall j, (j <= k)%nat -> O (j, 0%nat) = true ->
     (run O P <= k)%nat /\ O (run O P, 0%nat) = true) ->
  exists O L, Allowed k F O /\ (exists j, (j <= k)%nat /\ O (j, 0%nat) = true) /\
    NoDup L /\ (k - length F <= length L)%nat /\
    forall j, In j L -> (j <= k)%nat /\ ~ In j F /\ In (j, 0%nat) (asked O P).
Proof.
  intros bob rho k Hbob P. induction P as [c | x f IH]; intros F HND HF Hlen HN.
  - (* she stops: two open alternatives would make her lose *)
    destruct (Nat.eq_dec (length F) k) as [Ek | Ne].
    + destruct (exists_outside k F ltac:(lia)) as [j [Hj Hn]].
      exists (outside k F), []. split; [apply outside_allowed, incl_refl |]. split.
      { exists j. split; [exact Hj | exact (outside_open k F j Hj Hn)]. }
      split; [constructor |]. split; [simpl; lia |]. intros j' [].
    + exfalso. destruct (exists_outside k F ltac:(lia)) as [j1 [Hj1 Hn1]].
      destruct (exists_outside k (c :: F) ltac:(simpl; lia)) as [j2 [Hj2 Hn2]].
      assert (Ht := outside_open k (c :: F) j2 Hj2 Hn2).
      destruct (HN (outside k (c :: F)) (outside_allowed k F (c :: F) (incl_tl c (incl_refl F)))
                  j2 Hj2 Ht) as [_ Hc].
      cbn [run] in Hc. rewrite (outside_closed k (c :: F) c (or_introl eq_refl)) in Hc.
      discriminate.
  - destruct x as [j i].
    (* the answer every allowed oracle gives, except at a new first leaf *)
    destruct (Nat.eq_dec i 0) as [-> | Hi]; cycle 1.
    + (* a second or third leaf: true *)
      destruct (IH true F HND HF Hlen) as [O [L [HA [HR [HL [Hk HLj]]]]]].
      { intros O HA j' Hj' Ht. assert (E : O (j, i) = true) by (apply (proj1 HA); lia).
        specialize (HN O HA j' Hj' Ht). cbn [run] in HN. rewrite E in HN. exact HN. }
      exists O, L. split; [exact HA |]. split; [exact HR |]. split; [exact HL |]. split; [exact Hk |].
      intros j' Hj'. destruct (HLj j' Hj') as [H1 [H2 H3]]. split; [exact H1 |]. split; [exact H2 |].
      cbn [asked]. right. rewrite ((proj1 HA) j i ltac:(lia)). exact H3.
    + destruct (in_dec Nat.eq_dec j F) as [HjF | HjF];
        [| destruct (Nat.le_gt_cases j k) as [Hjk | Hjk]].
      1, 3: (* a first leaf already answered, or of no alternative: false *)
        assert (Hfalse : forall O, Allowed k F O -> O (j, 0%nat) = false)
          by (intros O [_ [H1 H2]]; first [apply H1; assumption | apply H2; assumption]);
        destruct (IH false F HND HF Hlen) as [O [L [HA [HR [HL [Hk HLj]]]]]];
        [ intros O HA j' Hj' Ht; specialize (HN O HA j' Hj' Ht); cbn [run] in HN;
          rewrite (Hfalse O HA) in HN; exact HN
        | exists O, L; split; [exact HA |]; split; [exact HR |]; split; [exact HL |];
          split; [exact Hk |];
          intros j' Hj'; destruct (HLj j' Hj') as [H1 [H2 H3]]; split; [exact H1 |];
          split; [exact H2 |]; cbn [asked]; right; rewrite (Hfalse O HA); exact H3 ].
      (* a new first leaf *)
      destruct (Nat.eq_dec (length F) k) as [Ek | Ne].
      * (* the last open alternative: nothing more to count *)
        destruct (exists_outside k F ltac:(lia)) as [j1 [Hj1 Hn1]].
        exists (outside k F), []. split; [apply outside_allowed, incl_refl |]. split.
        { exists j1. split; [exact Hj1 | exact (outside_open k F j1 Hj1 Hn1)]. }
        split; [constructor |]. split; [simpl; lia |]. intros j' [].
      * (* answer false, and j is counted *)
        destruct (IH false (j :: F)) as [O [L [HA [HR [HL [Hk HLj]]]]]].
        { constructor; assumption. }
        { intros y [<- | Hy]; [apply in_seq; lia | apply HF, Hy]. }
        { simpl. lia. }
        { intros O HA j' Hj' Ht.
          assert (HA' : Allowed k F O).
          { destruct HA as [H0 [H1 H2]]. split; [exact H0 |]. split; [| exact H2].
            intros y Hy. apply H1. right. exact Hy. }
          specialize (HN O HA' j' Hj' Ht). cbn [run] in HN.
          rewrite ((proj1 (proj2 HA)) j (or_introl eq_refl)) in HN. exact HN. }
        assert (Hj0 : O (j, 0%nat) = false) by (apply (proj1 (proj2 HA)); left; reflexivity).
        exists O, (j :: L). split.
        { destruct HA as [H0 [H1 H2]]. split; [exact H0 |]. split; [| exact H2].
          intros y Hy. apply H1. right. exact Hy. }
        split; [exact HR |]. split.
        { constructor; [| exact HL]. intros Hin. destruct (HLj j Hin) as [_ [Hn _]].
          apply Hn. left. reflexivity. }
        split; [simpl in Hk |- *; lia |].
        intros j' [<- | Hj'].
        -- split; [exact Hjk |]. split; [exact HjF |]. left. reflexivity.
        -- destruct (HLj j' Hj') as [H1 [H2 H3]]. split; [exact H1 |].
           split; [intros Hin; apply H2; right; exact Hin |].
           cbn [asked]. right. rewrite Hj0. exact H3.
Qed.

(* EVERY ALICE WHO NEVER LOSES ASKS >= k FIRST LEAVES (ours, docs/menus.md section 1). For
   every k, every Bob passing MAJ3 at 111 and failing it at 011 (FamBob: rho in [3/2, 2) with
   the optimal dual), and every deterministic adaptive procedure P choosing her alternative on
   the menu of k + 1 majorities of three leaves (d = 1, q = 3, every node solved with <= 3
   queries) that never loses on the family's legal realisable oracles, there is a legal
   (hence valid) realisable oracle of the family (the adversary's) on which P asks >= k
   distinct first-leaf queries: no bound in d, q and Q alone holds for any Alice who never
   loses. *)
Theorem lookahead_lower_bound :
  forall (bob : Agg -> list bool -> list Q) (rho : Q) (k : nat) (P : proc),
  FamBob bob rho -> NeverLoses bob rho k P ->
  exists O, FamLegal O /\ Valid O (famTree k) /\ Realisable O bob rho (famTree k) /\
    (k <= distinct pairDec (firstLeaves (asked O P)))%nat.
Proof.
  intros bob rho k P Hbob HN.
  destruct (adversary bob rho k Hbob P [] (NoDup_nil _) (incl_nil_l _) ltac:(simpl; lia))
    as [O [L [HA [[j [Hj Ht]] [HL [Hk HLj]]]]]].
  { intros O HA j Hj Ht. exact (never_loses_first bob rho k P Hbob HN O (proj1 HA) j Hj Ht). }
  exists O. split; [exact (proj1 HA) |]. split; [exact (fam_valid O k (proj1 HA)) |].
  split; [exact (fam_realisable bob rho Hbob O k j (proj1 HA) Hj Ht) |].
  assert (Hnd : NoDup (map (fun j => (j, 0%nat)) L)).
  { apply FinFun.Injective_map_NoDup; [| exact HL]. intros a b E. injection E. auto. }
  assert (Hin : incl (map (fun j => (j, 0%nat)) L) (nodup pairDec (firstLeaves (asked O P)))).
  { intros x Hx. apply in_map_iff in Hx. destruct Hx as [j' [<- Hj']].
    apply nodup_In. apply filter_In. split; [apply (HLj j' Hj') | reflexivity]. }
  assert (Hl := NoDup_incl_length Hnd Hin). rewrite map_length in Hl.
  unfold distinct. simpl in Hk. lia.
Qed.

Print Assumptions lookahead_lower_bound.
