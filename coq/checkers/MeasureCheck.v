(* MeasureCheck.v -- an executable checker for certificates of kind `measure`
   (certificates/FORMAT.md section 10): s, bs or C of f at z, a witness and the optimality
   check by enumeration over the 2^q blocks. Each check is proved sound against
   model/Measures.v: `checkS_sound` (s_z(f) = k: the listed coordinates are exactly the
   sensitive ones), `checkBS_sound` (bs_z(f) = k: k disjoint sensitive blocks, and no packing
   is larger: `best`, the largest packing inside a set of coordinates by the recursion "the
   lowest coordinate of the set is unused, or in the block taken"), `checkC_sound` (C_z(f) =
   k: the witness is a certificate of k coordinates, and no set of fewer coordinates is one).
   Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed
   under the global context". *)

From Coq Require Import String QArith List Lia Bool PeanoNat.
From FbsCoq Require Import FbsTrees FbsTreeCert ExhaustiveCheck Families Measures.
Import ListNotations.
Open Scope nat_scope.

Lemma sensb_of_sensitive : forall f z B, Sensitive f z B -> sensb f z B = true.
Proof.
  intros f z B HS. unfold sensb. destruct (Bool.eqb (f (flip z B)) (f z)) eqn:E; [| reflexivity].
  apply Bool.eqb_prop in E. contradiction.
Qed.

Lemma allMasks_length : forall q y, In y (allMasks q) -> length y = q.
Proof.
  induction q as [| q IH]; intros y H; simpl in H.
  - destruct H as [<- | []]. reflexivity.
  - rewrite app_nil_r in H. apply in_app_or in H.
    destruct H as [H | H]; apply in_map_iff in H as [y' [<- Hy]]; simpl; rewrite (IH y' Hy); reflexivity.
Qed.

Lemma in_allMasks_q : forall q y, length y = q -> In y (allMasks q).
Proof. intros q y <-. apply in_allMasks. Qed.

(* The first q bits of a mask, as a mask of length q. *)
Definition trunc (q : nat) (B : list bool) : list bool := map (fun i => nth i B false) (seq 0 q).

Lemma trunc_nth : forall q B i, i < q -> nth i (trunc q B) false = nth i B false.
Proof. intros. unfold trunc. rewrite nth_map_seq by assumption. reflexivity. Qed.

Lemma trunc_length : forall q B, length (trunc q B) = q.
Proof. intros. unfold trunc. rewrite map_length, seq_length. reflexivity. Qed.

(* ======================================================================================== *)
(* s: the listed coordinates are exactly the sensitive ones                                  *)
(* ======================================================================================== *)

Definition sensCoords (f : Agg) (z : list bool) : list nat :=
  filter (fun i => sensb f z (unitBlock (length z) i)) (seq 0 (length z)).

Definition checkS (f : Agg) (z : list bool) (witness : list nat) (k : nat) : bool :=
  (if list_eq_dec Nat.eq_dec witness (sensCoords f z) then true else false)
  && Nat.eqb (length witness) k.

Theorem checkS_sound : forall f z witness k, checkS f z witness k = true -> SensitivityIs f z k.
Proof.
  intros f z w k H. unfold checkS in H. apply andb_prop in H as [H Hk].
  destruct (list_eq_dec Nat.eq_dec w (sensCoords f z)) as [-> | _]; [| discriminate].
  apply Nat.eqb_eq in Hk. exists (sensCoords f z). split; [| split; [exact Hk |]].
  - apply NoDup_filter, seq_NoDup.
  - intros i. unfold sensCoords. rewrite filter_In, in_seq. split.
    + intros [Hi Hs]. split; [lia | apply sensitive_of_sensb; exact Hs].
    + intros [Hi Hs]. split; [lia | apply sensb_of_sensitive; exact Hs].
Qed.

(* ======================================================================================== *)
(* C: the witness is a certificate, and no smaller set is                                     *)
(* ======================================================================================== *)

Definition agreesOn (z H y : list bool) : bool :=
  forallb (fun i => implb (nth i H false) (Bool.eqb (nth i y false) (nth i z false)))
          (seq 0 (length z)).

(* H is a certificate: every y of q bits agreeing with z on H has f(y) = f(z). *)
Definition certb (f : Agg) (z H : list bool) : bool :=
  forallb (fun y => implb (agreesOn z H y) (Bool.eqb (f y) (f z))) (allMasks (length z)).

Lemma certb_sound : forall f z H, certb f z H = true -> Certificate f z H.
Proof.
  intros f z H Hc y Hy Ha. unfold certb in Hc. rewrite forallb_forall in Hc.
  specialize (Hc y (in_allMasks_q _ _ Hy)).
  assert (Ea : agreesOn z H y = true).
  { unfold agreesOn. apply forallb_forall. intros i Hi. apply in_seq in Hi.
    destruct (nth i H false) eqn:EH; [| reflexivity]. simpl. rewrite (Ha i ltac:(lia) EH).
    apply eqb_reflx. }
  rewrite Ea in Hc. simpl in Hc. apply Bool.eqb_prop. exact Hc.
Qed.

Lemma certb_complete : forall f z H, Certificate f z H -> certb f z H = true.
Proof.
  intros f z H HC. unfold certb. apply forallb_forall. intros y Hy.
  destruct (agreesOn z H y) eqn:Ea; [| reflexivity]. simpl.
  rewrite (HC y (allMasks_length _ _ Hy)); [apply eqb_reflx |].
  intros i Hi HH. unfold agreesOn in Ea. rewrite forallb_forall in Ea.
  assert (Hin : In i (seq 0 (length z))) by (apply in_seq; lia).
  specialize (Ea i Hin). rewrite HH in Ea. simpl in Ea.
  apply Bool.eqb_prop. exact Ea.
Qed.

Definition checkC (f : Agg) (z H : list bool) (k : nat) : bool :=
  certb f z H && Nat.eqb (setSize (length z) H) k
  && forallb (fun H' => implb (Nat.ltb (setSize (length z) H') k) (negb (certb f z H')))
             (allMasks (length z)).

Lemma setSize_trunc : forall q H, setSize q (trunc q H) = setSize q H.
Proof.
  intros q H. unfold setSize. f_equal. apply filter_ext_in. intros i Hi. apply in_seq in Hi.
  apply trunc_nth. lia.
Qed.

Lemma certificate_trunc : forall f z H, Certificate f z H -> Certificate f z (trunc (length z) H).
Proof.
  intros f z H HC y Hy Ha. apply HC; [exact Hy |]. intros i Hi HH. apply Ha; [exact Hi |].
  rewrite trunc_nth by exact Hi. exact HH.
Qed.

Theorem checkC_sound : forall f z H k, checkC f z H k = true -> CertificateComplexityIs f z k.
Proof.
  intros f z H k Hc. unfold checkC in Hc. apply andb_prop in Hc as [Hc Hmin].
  apply andb_prop in Hc as [Hc Hk]. apply Nat.eqb_eq in Hk. split.
  - exists H. split; [apply certb_sound; exact Hc | exact Hk].
  - intros H' HC'. rewrite <- setSize_trunc. rewrite forallb_forall in Hmin.
    assert (Hin : In (trunc (length z) H') (allMasks (length z)))
      by (apply in_allMasks_q, trunc_length).
    specialize (Hmin _ Hin). rewrite (certb_complete f z _ (certificate_trunc f z H' HC')) in Hmin.
    destruct (Nat.ltb (setSize (length z) (trunc (length z) H')) k) eqn:E; [discriminate |].
    apply Nat.ltb_ge in E. exact E.
Qed.

(* ======================================================================================== *)
(* bs: k disjoint sensitive blocks, and no packing is larger                                  *)
(* ======================================================================================== *)

Definition disjb (q : nat) (B B' : list bool) : bool :=
  forallb (fun i => negb (nth i B false && nth i B' false)) (seq 0 q).

Fixpoint pairwiseb (q : nat) (Bs : list (list bool)) : bool :=
  match Bs with
  | [] => true
  | B :: rest => forallb (disjb q B) rest && pairwiseb q rest
  end.

(* Set operations on masks of q coordinates. *)
Definition within (q : nat) (B A : list bool) : bool :=
  forallb (fun i => implb (nth i B false) (nth i A false)) (seq 0 q).
Definition without (q : nat) (A B : list bool) : list bool :=
  map (fun i => nth i A false && negb (nth i B false)) (seq 0 q).
Definition lowest (q : nat) (A : list bool) : option nat := find (fun i => nth i A false) (seq 0 q).

(* The most pairwise disjoint sensitive blocks inside the set A (fuel >= |A|): the lowest
   coordinate i of A is in no block (A - {i}), or in the block B taken (A - B). *)
Fixpoint best (f : Agg) (z : list bool) (fuel : nat) (A : list bool) : nat :=
  match fuel with
  | O => O
  | S fuel' =>
      match lowest (length z) A with
      | None => O
      | Some i =>
          fold_left Nat.max
            (map (fun B => S (best f z fuel' (without (length z) A B)))
                 (filter (fun B => nth i B false && within (length z) B A && sensb f z B)
                         (allMasks (length z))))
            (best f z fuel' (without (length z) A (unitBlock (length z) i)))
      end
  end.

Definition checkBS (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=
  forallb (fun B => Nat.eqb (length B) (length z) && sensb f z B) witness
  && pairwiseb (length z) witness && Nat.eqb (length witness) k
  && Nat.leb (best f z (length z) (repeat true (length z))) k.

Lemma fold_max_init : forall l a, a <= fold_left Nat.max l a.
Proof. induction l as [| x l IH]; intros a; simpl; [lia |]. specialize (IH (Nat.max a x)). lia. Qed.

Lemma fold_max_in : forall l a x, In x l -> x <= fold_left Nat.max l a.
Proof.
  induction l as [| y l IH]; intros a x H; [destruct H |]. simpl. destruct H as [E | H].
  - subst y. assert (H1 := fold_max_init l (Nat.max a x)). lia.
  - apply IH. exact H.
Qed.

Lemma count_lt : forall n (p p' : nat -> bool) i,
  (forall j, j < n -> p j = true -> p' j = true) -> i < n -> p i = false -> p' i = true ->
  length (filter p (seq 0 n)) < length (filter p' (seq 0 n)).
Proof.
  assert (Hle : forall n (p p' : nat -> bool), (forall j, j < n -> p j = true -> p' j = true) ->
    length (filter p (seq 0 n)) <= length (filter p' (seq 0 n))).
  { induction n as [| n IH]; intros p p' H; [simpl; lia |].
    rewrite !seq_S, !filter_app, !app_length. simpl.
    assert (IH' := IH p p' ltac:(intros j Hj; apply H; lia)).
    destruct (p n) eqn:E; [rewrite (H n ltac:(lia) E) |]; destruct (p' n); simpl; lia. }
  induction n as [| n IH]; intros p p' i H Hi Hp Hp'; [lia |].
  rewrite !seq_S, !filter_app, !app_length. simpl.
  destruct (Nat.eq_dec i n) as [-> | Ne].
  - rewrite Hp, Hp'. assert (Hle' := Hle n p p' ltac:(intros j Hj; apply H; lia)). simpl. lia.
  - assert (IH' := IH p p' i ltac:(intros j Hj; apply H; lia) ltac:(lia) Hp Hp').
    destruct (p n) eqn:E; [rewrite (H n ltac:(lia) E) |]; destruct (p' n); simpl; lia.
Qed.

(* Removing from A a block that meets it makes A smaller. *)
Lemma without_smaller : forall q A B i, i < q -> nth i A false = true -> nth i B false = true ->
  setSize q (without q A B) < setSize q A.
Proof.
  intros q A B i Hi HA HB. unfold setSize. apply (count_lt q _ _ i); [| exact Hi | | exact HA].
  - intros j Hj. unfold without. rewrite nth_map_seq by exact Hj. intros E.
    apply andb_prop in E as [E _]. exact E.
  - unfold without. rewrite nth_map_seq by exact Hi. rewrite HB. apply andb_false_r.
Qed.

(* A sensitive block has a coordinate i < q. *)
Lemma sensitive_nonempty : forall f z B, Sensitive f z B ->
  exists i, i < length z /\ nth i B false = true.
Proof.
  intros f z B HS. destruct (existsb (fun i => nth i B false) (seq 0 (length z))) eqn:E.
  - apply existsb_exists in E as [i [Hi E]]. apply in_seq in Hi. exists i. split; [lia | exact E].
  - exfalso. apply HS. f_equal. unfold flip.
    rewrite <- (map_nth_seq bool z false) at 2. apply map_ext_in. intros i Hi.
    destruct (nth i B false) eqn:EB; [| apply xorb_false_r].
    assert (existsb (fun i => nth i B false) (seq 0 (length z)) = true)
      by (apply existsb_exists; exists i; split; assumption). congruence.
Qed.

Lemma pairwise_remove : forall q Bs1 B0 Bs2, Pairwise q (Bs1 ++ B0 :: Bs2) ->
  Pairwise q (Bs1 ++ Bs2) /\ forall B', In B' (Bs1 ++ Bs2) -> DisjointBlocks q B0 B'.
Proof.
  intros q Bs1. induction Bs1 as [| B1 Bs1 IH]; intros B0 Bs2 HP.
  - destruct HP as [Hd Hp]. split; assumption.
  - destruct HP as [Hd Hp]. destruct (IH B0 Bs2 Hp) as [Hp' Hd0]. split.
    + split; [| exact Hp']. intros B' HB'. apply Hd. apply in_app_or in HB'.
      apply in_or_app. destruct HB' as [H | H]; [left; exact H | right; right; exact H].
    + intros B' [<- | HB'].
      * intros i Hi. assert (D := Hd B0 ltac:(apply in_or_app; right; left; reflexivity) i Hi).
        destruct D as [D | D]; [right | left]; exact D.
      * apply Hd0. exact HB'.
Qed.

Lemma nth_unitBlock : forall q i c, c < q -> nth c (unitBlock q i) false = Nat.eqb c i.
Proof. intros. unfold unitBlock. rewrite nth_map_seq by assumption. reflexivity. Qed.

Lemma nth_without : forall q A B c, c < q ->
  nth c (without q A B) false = nth c A false && negb (nth c B false).
Proof. intros. unfold without. rewrite nth_map_seq by assumption. reflexivity. Qed.

(* Every packing inside A has at most best(A) blocks. *)
Lemma best_bound : forall f z fuel A Bs, setSize (length z) A <= fuel ->
  (forall B, In B Bs -> length B = length z /\ Sensitive f z B /\
     forall c, c < length z -> nth c B false = true -> nth c A false = true) ->
  Pairwise (length z) Bs -> length Bs <= best f z fuel A.
Proof.
  intros f z fuel. induction fuel as [| fuel IH]; intros A Bs Hs HB HP.
  - destruct Bs as [| B Bs]; [simpl; lia | exfalso].
    destruct (HB B (or_introl eq_refl)) as [_ [HS Hin]].
    destruct (sensitive_nonempty f z B HS) as [i [Hi HBi]].
    assert (W := without_smaller _ A B i Hi (Hin i Hi HBi) HBi). lia.
  - cbn [best]. destruct (lowest (length z) A) as [i |] eqn:El.
    2: { destruct Bs as [| B Bs]; [simpl; lia | exfalso].
         destruct (HB B (or_introl eq_refl)) as [_ [HS Hin]].
         destruct (sensitive_nonempty f z B HS) as [i [Hi HBi]].
         unfold lowest in El. assert (F := find_none _ _ El i ltac:(apply in_seq; lia)).
         cbv beta in F. rewrite (Hin i Hi HBi) in F. discriminate. }
    unfold lowest in El. apply find_some in El as [Hi HAi]. apply in_seq in Hi.
    assert (Hi' : i < length z) by lia.
    destruct (existsb (fun B => nth i B false) Bs) eqn:E.
    + apply existsb_exists in E as [B0 [HB0 HB0i]]. apply in_split in HB0 as [Bs1 [Bs2 ->]].
      destruct (pairwise_remove _ _ _ _ HP) as [HP' Hd].
      destruct (HB B0 ltac:(apply in_or_app; right; left; reflexivity)) as [HL0 [HS0 Hin0]].
      apply (Nat.le_trans _ (S (best f z fuel (without (length z) A B0)))).
      * rewrite app_length. cbn [length]. rewrite Nat.add_succ_r. apply le_n_S.
        rewrite <- app_length. apply IH.
        -- assert (W := without_smaller _ A B0 i Hi' HAi HB0i). lia.
        -- intros B HBin. destruct (HB B ltac:(apply in_app_or in HBin; apply in_or_app;
                                              destruct HBin; [left | right; right]; assumption))
             as [HL [HS Hin]].
           split; [exact HL | split; [exact HS |]]. intros c Hc HBc.
           rewrite nth_without by exact Hc. rewrite (Hin c Hc HBc).
           destruct (Hd B HBin c Hc) as [D | D]; [rewrite D; reflexivity | congruence].
        -- exact HP'.
      * apply fold_max_in. apply (in_map (fun B => S (best f z fuel (without (length z) A B)))).
        apply filter_In. split.
        -- apply in_allMasks_q. exact HL0.
        -- rewrite HB0i, (sensb_of_sensitive f z B0 HS0). cbn [andb].
           rewrite andb_true_r. unfold within. apply forallb_forall. intros c Hc.
           apply in_seq in Hc. destruct (nth c B0 false) eqn:Ec; [| reflexivity].
           simpl. apply Hin0; [lia | exact Ec].
    + eapply Nat.le_trans; [| apply fold_max_init]. apply IH.
      * assert (W := without_smaller _ A (unitBlock (length z) i) i Hi' HAi
                       ltac:(rewrite nth_unitBlock by exact Hi'; apply Nat.eqb_refl)). lia.
      * intros B HBin. destruct (HB B HBin) as [HL [HS Hin]].
        split; [exact HL | split; [exact HS |]]. intros c Hc HBc.
        rewrite nth_without, nth_unitBlock by exact Hc. rewrite (Hin c Hc HBc).
        destruct (Nat.eqb c i) eqn:Eci; [| reflexivity]. apply Nat.eqb_eq in Eci. subst c.
        assert (existsb (fun B => nth i B false) Bs = true)
          by (apply existsb_exists; exists B; split; assumption). congruence.
      * exact HP.
Qed.

Lemma disjb_sound : forall q B B', disjb q B B' = true -> DisjointBlocks q B B'.
Proof.
  intros q B B' H i Hi. unfold disjb in H. rewrite forallb_forall in H.
  assert (Hin : In i (seq 0 q)) by (apply in_seq; lia). specialize (H i Hin).
  destruct (nth i B false), (nth i B' false); simpl in H; auto; discriminate.
Qed.

Lemma pairwiseb_sound : forall q Bs, pairwiseb q Bs = true -> Pairwise q Bs.
Proof.
  induction Bs as [| B Bs IH]; intros H; [exact I |]. cbn [pairwiseb] in H.
  apply andb_prop in H as [Hd Hp]. rewrite forallb_forall in Hd. split; [| apply IH; exact Hp].
  intros B' HB'. apply disjb_sound, Hd, HB'.
Qed.

Lemma setSize_le : forall q A, setSize q A <= q.
Proof.
  intros q A. unfold setSize. rewrite <- (seq_length q 0) at 2.
  induction (seq 0 q) as [| x l IH]; [reflexivity |]. simpl. destruct (nth x A false); simpl; lia.
Qed.

Theorem checkBS_sound : forall f z witness k, checkBS f z witness k = true ->
  BlockSensitivityIs f z k.
Proof.
  intros f z w k H. unfold checkBS in H. apply andb_prop in H as [H Hb].
  apply andb_prop in H as [H Hk]. apply andb_prop in H as [Hs Hp].
  apply Nat.eqb_eq in Hk. apply Nat.leb_le in Hb. rewrite forallb_forall in Hs. split.
  - exists w. split; [split |]; [| apply pairwiseb_sound; exact Hp | exact Hk].
    intros B HB. specialize (Hs B HB). apply andb_prop in Hs as [HL HS].
    split; [apply Nat.eqb_eq; exact HL | apply sensitive_of_sensb; exact HS].
  - intros Bs [HB HP]. apply (Nat.le_trans _ _ _ (best_bound f z (length z) (repeat true (length z)) Bs
      ltac:(apply setSize_le) ltac:(intros B HBin; destruct (HB B HBin) as [HL HS]; split;
        [exact HL | split; [exact HS |]]; intros c Hc _; rewrite (nth_indep _ false true) by (rewrite repeat_length; exact Hc);
        apply nth_repeat) HP)).
    exact Hb.
Qed.

(* ======================================================================================== *)
(* bs with a table (ours, issue 37): the same recursion as `best`, each set A computed once  *)
(* ======================================================================================== *)

(* `best` recomputes the sensitive blocks at every call and revisits a set A once per path
   to it. checkBSFast computes the recursion's value for every A of the 2^q sets once, in
   allMasks order (a subset of A comes before A), from the sensitive blocks listed once, and
   stores it in a binary trie keyed by the bits of A; a value missing from the trie (never,
   in that order) is computed by `best`. Soundness needs no order: every value in the trie
   bounds the packings inside its set (packBound), and so does `best` (best_bound). *)
Inductive btrie : Type := TEmpty | TLeaf (v : nat) | TNode (l r : btrie).

Fixpoint tlook (t : btrie) (k : list bool) : option nat :=
  match t, k with
  | TLeaf v, [] => Some v
  | TNode l r, b :: k' => tlook (if b then r else l) k'
  | _, _ => None
  end.

Fixpoint tins (t : btrie) (k : list bool) (v : nat) : btrie :=
  match k with
  | [] => TLeaf v
  | b :: k' =>
      match t with
      | TNode l r => if b then TNode l (tins r k' v) else TNode (tins l k' v) r
      | _ => if b then TNode TEmpty (tins TEmpty k' v) else TNode (tins TEmpty k' v) TEmpty
      end
  end.

Lemma tlook_empty : forall k, tlook TEmpty k = None.
Proof. intros [| b k]; reflexivity. Qed.

Lemma tlook_tins : forall k t v k' v', tlook (tins t k v) k' = Some v' ->
  (k' = k /\ v' = v) \/ tlook t k' = Some v'.
Proof.
  induction k as [| b k IH]; intros t v k' v' H.
  - destruct k'; cbn in H; [inversion H; left; split; reflexivity | discriminate].
  - destruct k' as [| b' k']; [destruct t; cbn in H; try destruct b; discriminate |].
    assert (Hnode : forall l r, tlook (if b then TNode l (tins r k v) else TNode (tins l k v) r)
                                      (b' :: k') = Some v' ->
              (b' :: k' = b :: k /\ v' = v) \/ tlook (TNode l r) (b' :: k') = Some v').
    { intros l r Hl. destruct b, b'; cbn in Hl |- *;
        try (right; exact Hl);
        destruct (IH _ _ _ _ Hl) as [[-> ->] | Ho]; (left; split; reflexivity) || (right; exact Ho). }
    destruct t as [| w | l r].
    + destruct (Hnode TEmpty TEmpty H) as [E | E]; [left; exact E | destruct b'; cbn in E; try rewrite tlook_empty in E; discriminate].
    + destruct (Hnode TEmpty TEmpty H) as [E | E]; [left; exact E | destruct b'; cbn in E; try rewrite tlook_empty in E; discriminate].
    + exact (Hnode l r H).
Qed.

(* v bounds the number of pairwise disjoint sensitive blocks inside A. *)
Definition packBound (f : Agg) (z A : list bool) (v : nat) : Prop :=
  forall Bs, (forall B, In B Bs -> length B = length z /\ Sensitive f z B /\
     forall c, c < length z -> nth c B false = true -> nth c A false = true) ->
  Pairwise (length z) Bs -> length Bs <= v.

(* B inside A, bit by bit (for two masks of one length). *)
Fixpoint withinL (B A : list bool) : bool :=
  match B, A with
  | b :: B', a :: A' => implb b a && withinL B' A'
  | _, _ => true
  end.

Lemma withinL_complete : forall B A, length B = length A ->
  (forall c, c < length B -> nth c B false = true -> nth c A false = true) -> withinL B A = true.
Proof.
  induction B as [| b B IH]; intros A HL H; [reflexivity |].
  destruct A as [| a A]; [discriminate |]. cbn [withinL].
  rewrite (IH A ltac:(simpl in HL; lia) ltac:(intros c Hc; apply (H (S c)); simpl; lia)).
  destruct b; [assert (Ha := H 0 ltac:(simpl; lia) eq_refl); simpl in Ha; subst a |]; reflexivity.
Qed.

Definition sensBlocks (f : Agg) (z : list bool) : list (list bool) :=
  filter (sensb f z) (allMasks (length z)).

(* A's value from the values of smaller sets (look): `best`'s step. *)
Definition stepVal (z : list bool) (sens : list (list bool)) (look : list bool -> nat)
  (A : list bool) : nat :=
  match lowest (length z) A with
  | None => 0
  | Some i =>
      fold_left Nat.max
        (map (fun B => S (look (without (length z) A B)))
             (filter (fun B => nth i B false && withinL B A) sens))
        (look (without (length z) A (unitBlock (length z) i)))
  end.

Definition lookOr (f : Agg) (z : list bool) (t : btrie) (A : list bool) : nat :=
  match tlook t A with Some v => v | None => best f z (length z) A end.

Definition bsTable (f : Agg) (z : list bool) : btrie :=
  let sens := sensBlocks f z in
  fold_left (fun t A => tins t A (stepVal z sens (lookOr f z t) A)) (allMasks (length z)) TEmpty.

Definition checkBSFast (f : Agg) (z : list bool) (witness : list (list bool)) (k : nat) : bool :=
  forallb (fun B => Nat.eqb (length B) (length z) && sensb f z B) witness
  && pairwiseb (length z) witness && Nat.eqb (length witness) k
  && Nat.leb (lookOr f z (bsTable f z) (repeat true (length z))) k.

Lemma stepVal_bound : forall f z look A, length A = length z ->
  (forall A', length A' = length z -> packBound f z A' (look A')) ->
  packBound f z A (stepVal z (sensBlocks f z) look A).
Proof.
  intros f z look A HLA Hlook Bs HB HP. unfold stepVal.
  destruct (lowest (length z) A) as [i |] eqn:El.
  2: { destruct Bs as [| B Bs]; [simpl; lia | exfalso].
       destruct (HB B (or_introl eq_refl)) as [_ [HS Hin]].
       destruct (sensitive_nonempty f z B HS) as [i [Hi HBi]].
       unfold lowest in El. assert (F := find_none _ _ El i ltac:(apply in_seq; lia)).
       cbv beta in F. rewrite (Hin i Hi HBi) in F. discriminate. }
  unfold lowest in El. apply find_some in El as [Hi HAi]. apply in_seq in Hi.
  assert (Hi' : i < length z) by lia.
  assert (Hwl : forall B, length (without (length z) A B) = length z)
    by (intros B; unfold without; rewrite map_length, seq_length; reflexivity).
  destruct (existsb (fun B => nth i B false) Bs) eqn:E.
  - apply existsb_exists in E as [B0 [HB0 HB0i]]. apply in_split in HB0 as [Bs1 [Bs2 ->]].
    destruct (pairwise_remove _ _ _ _ HP) as [HP' Hd].
    destruct (HB B0 ltac:(apply in_or_app; right; left; reflexivity)) as [HL0 [HS0 Hin0]].
    apply (Nat.le_trans _ (S (look (without (length z) A B0)))).
    + rewrite app_length. cbn [length]. rewrite Nat.add_succ_r. apply le_n_S.
      rewrite <- app_length. apply (Hlook _ (Hwl B0)).
      * intros B HBin. destruct (HB B ltac:(apply in_app_or in HBin; apply in_or_app;
                                            destruct HBin; [left | right; right]; assumption))
           as [HL [HS Hin]].
        split; [exact HL | split; [exact HS |]]. intros c Hc HBc.
        rewrite nth_without by exact Hc. rewrite (Hin c Hc HBc).
        destruct (Hd B HBin c Hc) as [D | D]; [rewrite D; reflexivity | congruence].
      * exact HP'.
    + apply fold_max_in. apply (in_map (fun B => S (look (without (length z) A B)))).
      apply filter_In. split.
      * unfold sensBlocks. apply filter_In. split; [apply in_allMasks_q; exact HL0 |].
        apply sensb_of_sensitive. exact HS0.
      * rewrite HB0i. cbn [andb]. apply withinL_complete; [congruence |].
        intros c Hc. apply Hin0. lia.
  - eapply Nat.le_trans; [| apply fold_max_init]. apply (Hlook _ (Hwl _)).
    + intros B HBin. destruct (HB B HBin) as [HL [HS Hin]].
      split; [exact HL | split; [exact HS |]]. intros c Hc HBc.
      rewrite nth_without, nth_unitBlock by exact Hc. rewrite (Hin c Hc HBc).
      destruct (Nat.eqb c i) eqn:Eci; [| reflexivity]. apply Nat.eqb_eq in Eci. subst c.
      assert (existsb (fun B => nth i B false) Bs = true)
        by (apply existsb_exists; exists B; split; assumption). congruence.
    + exact HP.
Qed.

Definition trieSound (f : Agg) (z : list bool) (t : btrie) : Prop :=
  forall A v, tlook t A = Some v -> length A = length z -> packBound f z A v.

Lemma lookOr_bound : forall f z t, trieSound f z t ->
  forall A, length A = length z -> packBound f z A (lookOr f z t A).
Proof.
  intros f z t Ht A HA. unfold lookOr. destruct (tlook t A) as [v |] eqn:E.
  - exact (Ht A v E HA).
  - intros Bs HB HP. apply (best_bound f z (length z) A Bs); [| exact HB | exact HP].
    apply setSize_le.
Qed.

Lemma bsTable_sound : forall f z, trieSound f z (bsTable f z).
Proof.
  intros f z. unfold bsTable.
  assert (Gen : forall Ms t, trieSound f z t ->
    trieSound f z (fold_left (fun t A => tins t A (stepVal z (sensBlocks f z) (lookOr f z t) A)) Ms t)).
  { induction Ms as [| M Ms IH]; intros t Ht; [exact Ht |]. cbn [fold_left]. apply IH.
    intros A v Hl HA. destruct (tlook_tins _ _ _ _ _ Hl) as [[-> ->] | Ho].
    - apply stepVal_bound; [exact HA |]. apply lookOr_bound. exact Ht.
    - exact (Ht A v Ho HA). }
  apply Gen. intros A v H. rewrite tlook_empty in H. discriminate.
Qed.

Theorem checkBSFast_sound : forall f z witness k, checkBSFast f z witness k = true ->
  BlockSensitivityIs f z k.
Proof.
  intros f z w k H. unfold checkBSFast in H. apply andb_prop in H as [H Hb].
  apply andb_prop in H as [H Hk]. apply andb_prop in H as [Hs Hp].
  apply Nat.eqb_eq in Hk. apply Nat.leb_le in Hb. rewrite forallb_forall in Hs. split.
  - exists w. split; [split |]; [| apply pairwiseb_sound; exact Hp | exact Hk].
    intros B HB. specialize (Hs B HB). apply andb_prop in Hs as [HL HS].
    split; [apply Nat.eqb_eq; exact HL | apply sensitive_of_sensb; exact HS].
  - intros Bs [HB HP]. eapply Nat.le_trans; [| exact Hb].
    apply (lookOr_bound f z _ (bsTable_sound f z) (repeat true (length z)) (repeat_length _ _) Bs);
      [| exact HP].
    intros B HBin. destruct (HB B HBin) as [HL HS]. split; [exact HL | split; [exact HS |]].
    intros c Hc _. rewrite (nth_indep _ false true) by (rewrite repeat_length; exact Hc).
    apply nth_repeat.
Qed.

(* The same answers as checkBS on FORMAT.md's examples: MAJ_5 at 00000 (bs = 1) and at 00111
   (bs = 3), and the two refusals of bs. *)
Example maj5_bs_fast : BlockSensitivityIs (majAgg 5) (bitsOf "00000") 1 /\
  BlockSensitivityIs (majAgg 5) (bitsOf "00111") 3.
Proof.
  split; [apply (checkBSFast_sound _ _ [bitsOf "11100"]) |
          apply (checkBSFast_sound _ _ [bitsOf "00100"; bitsOf "00010"; bitsOf "00001"])];
    vm_compute; reflexivity.
Qed.
Example maj5_bs_fast_rejects :
  [checkBSFast (majAgg 5) (bitsOf "00000") [] 0;
   checkBSFast (majAgg 5) (bitsOf "00000") [bitsOf "11100"; bitsOf "00111"] 2;
   checkBSFast (majAgg 5) (bitsOf "00111") [bitsOf "00100"; bitsOf "00010"] 2]
  = [false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions checkBSFast_sound.

(* FORMAT.md section 10's example: MAJ_5 at 00000 has s = 0, bs = 1 (two 3-sets of five
   points meet) and C = 3 (a set meets every 3-set iff its complement has at most 2 points). *)
Example maj5_s : SensitivityIs (majAgg 5) (bitsOf "00000") 0.
Proof. apply (checkS_sound _ _ []). vm_compute. reflexivity. Qed.

Example maj5_bs : BlockSensitivityIs (majAgg 5) (bitsOf "00000") 1.
Proof. apply (checkBS_sound _ _ [bitsOf "11100"]). vm_compute. reflexivity. Qed.

Example maj5_C : CertificateComplexityIs (majAgg 5) (bitsOf "00000") 3.
Proof. apply (checkC_sound _ _ (bitsOf "00111")). vm_compute. reflexivity. Qed.

(* MAJ_5 at 00111 (weight 3): every one is sensitive, s = bs = C = 3. *)
Example maj5_at_00111 : SensitivityIs (majAgg 5) (bitsOf "00111") 3 /\
  BlockSensitivityIs (majAgg 5) (bitsOf "00111") 3 /\ CertificateComplexityIs (majAgg 5) (bitsOf "00111") 3.
Proof.
  split; [| split].
  - apply (checkS_sound _ _ [2; 3; 4]). vm_compute. reflexivity.
  - apply (checkBS_sound _ _ [bitsOf "00100"; bitsOf "00010"; bitsOf "00001"]). vm_compute. reflexivity.
  - apply (checkC_sound _ _ (bitsOf "00111")). vm_compute. reflexivity.
Qed.

(* Refused (FORMAT.md's must-reject table): C with a witness that is not a certificate, C
   not minimum, bs not maximum, bs with blocks that meet, s missing a sensitive coordinate. *)
Example maj5_measure_rejects :
  [checkC (majAgg 5) (bitsOf "00000") (bitsOf "00011") 2;
   checkC (majAgg 5) (bitsOf "00000") (bitsOf "01111") 4;
   checkBS (majAgg 5) (bitsOf "00000") [] 0;
   checkBS (majAgg 5) (bitsOf "00000") [bitsOf "11100"; bitsOf "00111"] 2;
   checkS (majAgg 5) (bitsOf "00111") [2; 3] 2]
  = [false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions checkS_sound.
Print Assumptions checkBS_sound.
Print Assumptions checkC_sound.
Print Assumptions maj5_at_00111.
