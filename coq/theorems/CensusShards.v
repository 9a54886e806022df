(* CensusShards.v -- Lemma 4's counting step and the class-sum theorem at the level of shards
   (ours, docs/census.md, Lemma 4): a shard is named by the least up-set R of its class K and
   weighted by |K|. The pairs (U0, U1) with U1 in K contribute |K| times what the pairs
   (U0, R), U0 inside R, contribute, for any g invariant under the permutations, given the
   bijection U0 -> pi^-1 U0 between the U0 inside U1 = pi(R) and those inside R (the transport
   theorems/CensusLemmas.v proves as lemma_4_shard); and the shards of classes that partition
   the up-sets add up to the whole census. Stated over finite lists, for any type of up-sets
   and of permutations acting on them (examples/CensusShardExamples.v instantiates it with
   the up-sets of 3-bit blocks and the 6 permutations of 3 points). Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import List Lia Bool PeanoNat Permutation.
From FbsCoq Require Import CensusLemmas.
Import ListNotations.
Open Scope nat_scope.

Lemma natSum_perm : forall (X : Type) (g : X -> nat) l l', Permutation l l' -> natSum g l = natSum g l'.
Proof. intros X g l l' H. induction H; simpl; lia. Qed.

Lemma natSum_map' : forall (X Y : Type) (g : Y -> nat) (f : X -> Y) l, natSum g (map f l) = natSum (fun x => g (f x)) l.
Proof. intros X Y g f l. induction l as [| x l IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

Lemma natSum_const : forall (X : Type) (c : nat) (l : list X), natSum (fun _ => c) l = length l * c.
Proof. intros X c l. induction l as [| x l IH]; simpl; lia. Qed.

Lemma natSum_app' : forall (X : Type) (g : X -> nat) l l', natSum g (l ++ l') = natSum g l + natSum g l'.
Proof. intros X g l l'. induction l as [| x l IH]; simpl; lia. Qed.

Lemma natSum_filter : forall (X : Type) (g : X -> nat) (t : X -> bool) l,
  natSum (fun x => if t x then g x else 0) l = natSum g (filter t l).
Proof. intros X g t l. induction l as [| x l IH]; simpl; [reflexivity |]. destruct (t x); simpl; lia. Qed.

Section Shards.

(* X: the up-sets (of q-bit blocks); Pm: the permutations, ok pi: pi is one of them, acting by
   act; inside U1: the up-sets U0 inside U1 without the empty block, listed once each. *)
Variables (X Pm : Type) (ok : Pm -> Prop) (act : Pm -> X -> X) (inside : X -> list X).

(* The U0 side of a shard: the contribution of the pairs (U0, U1), U0 inside U1. *)
Definition shardSum (g : X -> X -> nat) (U1 : X) : nat := natSum (fun U0 => g U0 U1) (inside U1).

(* U1 = pi(R), and U0 -> pi(U0) maps the U0 inside R one-to-one onto those inside U1, with
   inverse pinv (the transport of lemma_4_shard). *)
Definition Transport (R U1 : X) : Prop :=
  exists pi pinv, ok pi /\ U1 = act pi R /\
    (forall U0, In U0 (inside R) -> In (act pi U0) (inside U1) /\ act pinv (act pi U0) = U0) /\
    (forall U0, In U0 (inside U1) -> In (act pinv U0) (inside R) /\ act pi (act pinv U0) = U0).

(* The bijection gives equal inner sums: the shard of U1 = pi(R) is the shard of R. *)
Lemma shard_transport : forall (g : X -> X -> nat) R U1, NoDup (inside R) -> NoDup (inside U1) ->
  (forall pi, ok pi -> forall U0, In U0 (inside R) -> g (act pi U0) (act pi R) = g U0 R) ->
  Transport R U1 -> shardSum g U1 = shardSum g R.
Proof.
  intros g R U1 HNR HN1 Hinv [pi [pinv [Hok [-> [Hto Hback]]]]]. unfold shardSum.
  assert (HP : Permutation (map (act pi) (inside R)) (inside (act pi R))).
  { apply NoDup_Permutation; [| exact HN1 |].
    - apply nodup_map_inj; [| exact HNR]. intros x y Hx Hy E.
      rewrite <- (proj2 (Hto x Hx)), <- (proj2 (Hto y Hy)), E. reflexivity.
    - intros U0. rewrite in_map_iff. split; [intros [V [<- HV]]; exact (proj1 (Hto V HV)) |].
      intros HU0. exists (act pinv U0). split; [exact (proj2 (Hback U0 HU0)) | exact (proj1 (Hback U0 HU0))]. }
  rewrite <- (natSum_perm _ _ _ _ HP), natSum_map'. apply natSum_ext_in. intros U0 HU0. apply Hinv; assumption.
Qed.

(* LEMMA 4, THE COUNTING STEP (ours): for a class K (a list of up-sets listed once each, all
   among the up-sets ups) with least member R, each U1 in K the image pi(R) under a
   transport, and g invariant under the permutations, the pairs (U0, U1) with U1 in K
   contribute |K| times what the pairs (U0, R), U0 inside R, contribute. *)
Theorem lemma_4_count : forall (eqX : X -> X -> bool), (forall a b, eqX a b = true <-> a = b) ->
  forall (g : X -> X -> nat) (ups K : list X) (R : X),
  NoDup ups -> NoDup K -> (forall U1, In U1 K -> In U1 ups) ->
  (forall U, In U ups -> NoDup (inside U)) -> In R ups ->
  (forall U1, In U1 K -> Transport R U1) ->
  (forall pi, ok pi -> forall U0, In U0 (inside R) -> g (act pi U0) (act pi R) = g U0 R) ->
  natSum (fun U1 => if existsb (eqX U1) K then shardSum g U1 else 0) ups = length K * shardSum g R.
Proof.
  intros eqX HeqX g ups K R HNu HNK HKu HNi HR HT Hinv.
  rewrite natSum_filter, <- natSum_const.
  assert (HP : Permutation (filter (fun U1 => existsb (eqX U1) K) ups) K).
  { apply NoDup_Permutation; [apply NoDup_filter, HNu | exact HNK |]. intros U1. rewrite filter_In, existsb_exists.
    split; [intros [_ [V [HV E]]]; apply HeqX in E; subst V; exact HV |].
    intros HU1. split; [apply HKu, HU1 | exists U1; split; [exact HU1 | apply HeqX; reflexivity]]. }
  rewrite (natSum_perm _ _ _ _ HP). apply natSum_ext_in. intros U1 HU1.
  apply shard_transport; [apply HNi, HR | apply HNi, HKu, HU1 | exact Hinv | apply HT, HU1].
Qed.

(* THE CLASS-SUM THEOREM AT THE SHARD LEVEL (ours): classes (R, K) whose member lists K
   partition the up-sets ups (each up-set in exactly one class, once), each U1 in K a
   transport of R, and g invariant: the census over all pairs (U0, U1) is the sum over the
   classes of |K| times the shard of R. *)
Theorem census_by_shards : forall (g : X -> X -> nat) (ups : list X) (classes : list (X * list X)),
  Permutation (concat (map snd classes)) ups ->
  (forall U, In U ups -> NoDup (inside U)) ->
  (forall c, In c classes -> In (fst c) ups /\ (forall U1, In U1 (snd c) -> Transport (fst c) U1) /\
     (forall pi, ok pi -> forall U0, In U0 (inside (fst c)) -> g (act pi U0) (act pi (fst c)) = g U0 (fst c))) ->
  natSum (shardSum g) ups = natSum (fun c => length (snd c) * shardSum g (fst c)) classes.
Proof.
  intros g ups classes HP HNi HC. rewrite <- (natSum_perm _ _ _ _ HP).
  assert (Hin : forall U, In U (concat (map snd classes)) -> NoDup (inside U))
    by (intros U HU; apply HNi, (Permutation_in _ HP), HU).
  clear HP. induction classes as [| [R K] classes IH]; [reflexivity |].
  simpl concat. rewrite natSum_app'. simpl natSum.
  rewrite IH; [| intros c Hc; apply HC; right; exact Hc |
               intros U HU; apply Hin; simpl; apply in_or_app; right; exact HU].
  f_equal. destruct (HC (R, K) (or_introl eq_refl)) as [HR [HT Hinv]]. cbn [fst snd] in *.
  rewrite <- natSum_const. apply natSum_ext_in. intros U1 HU1.
  apply shard_transport; [apply HNi, HR | apply Hin; simpl; apply in_or_app; left; exact HU1 | exact Hinv | apply HT, HU1].
Qed.

End Shards.

Print Assumptions lemma_4_count.
Print Assumptions census_by_shards.
