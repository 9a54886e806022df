(* CensusShardExamples.v -- non-vacuity of theorems/CensusShards.v (ours, docs/census.md,
   Lemma 4), computed with vm_compute at q = 3: the up-sets U1 of 3-bit blocks (20 of them),
   the U0 inside U1 without the empty block, the 6 permutations of the 3 points acting on
   up-sets, the 10 permutation classes, each named by its least member R; g(U0, U1) = the
   census weight N of the minimal members of the 4-point up-set join(U0, U1) (Lemma 2). Every
   hypothesis of lemma_4_count and census_by_shards is checked by a boolean test whose
   soundness is proved here, and the shards weighted by |K| add up to the direct sum over all
   167 pairs (U0, U1), which is 2^(2^4) * 2^4, census_total's closed form at 4 points. Checked
   by coqc 8.16 (coq/check.sh). *)

From Coq Require Import String List Bool PeanoNat Lia Permutation.
From FbsCoq Require Import FbsModel FbsTreeCert Families ExhaustiveCheck MeasureCheck Antichains CensusLemmas CensusCount CensusExamples
  CensusShards.
Import ListNotations.
Open Scope nat_scope.

(* --- The instance ----------------------------------------------------------------------------- *)

(* The up-sets of 3-bit blocks, upsetsOf 3 computed once (ups3_upsetsOf). *)
Definition ups3 : list (list (list bool)) := Eval vm_compute in upsetsOf 3.

Lemma ups3_upsetsOf : ups3 = upsetsOf 3.
Proof. vm_compute. reflexivity. Qed.

(* The kernel unfolds the computed list last (vm_compute ignores this; only proofs by
   conversion, which never need its members, are kept fast). *)
Strategy opaque [ups3].

(* The up-sets U0 inside U1, without the empty block. *)
Definition inside3 (U1 : list (list bool)) : list (list (list bool)) :=
  filter (fun U0 => negb (memb U0 (zeros 3)) && forallb (memb U1) U0) ups3.

(* pi(U) = {B : relabel p B in U}, listed in the order of allMasks 3. *)
Definition act3 (p : nat -> nat) (U : list (list bool)) : list (list bool) :=
  filter (fun B => memb U (relabel 3 p B)) (allMasks 3).

Definition ok3 (p : nat -> nat) : Prop := In p perms3.

(* join(U0, U1) on 4 points, the up-set U of Lemma 4, and g(U0, U1) = 2^(|U| - |A|), A the
   minimal members of U: the census weight N(A) = 2^4 * 2 * 2^(|up(A)| - |A|) of Lemma 2 over
   2^4 * 2, up(A) = U (minimality tested with a boolean equality of masks, for speed). *)
Definition joinL (U0 U1 : list (list bool)) : list (list bool) := map (cons false) U0 ++ map (cons true) U1.
Fixpoint beqMask (B C : list bool) : bool :=
  match B, C with [], [] => true | b :: B', c :: C' => Bool.eqb b c && beqMask B' C' | _, _ => false end.
Definition minCount (q : nat) (J : list (list bool)) : nat :=
  length (filter (fun B => forallb (fun C => implb (subb q C B) (beqMask C B)) J) J).
Definition g3 (U0 U1 : list (list bool)) : nat :=
  let J := joinL U0 U1 in 2 ^ (length J - minCount 4 J).

(* The classes: each up-set first in its orbit, with its orbit. *)
Definition orbitU (R : list (list bool)) : list (list (list bool)) :=
  filter (fun U => existsb (fun p => eqFam (act3 p R) U) perms3) ups3.
Definition shardClasses3 : list (list (list bool) * list (list (list bool))) :=
  map (fun R => (R, orbitU R)) (filter (fun R => eqFam (hd [] (orbitU R)) R) ups3).

(* --- Boolean tests of the hypotheses, and their soundness -------------------------------------- *)

Definition inL (U : list (list bool)) (l : list (list (list bool))) : bool := existsb (eqFam U) l.

Lemma inL_In : forall U l, inL U l = true <-> In U l.
Proof.
  intros U l. unfold inL. rewrite existsb_exists. split.
  - intros [V [HV E]]. apply eqFam_true in E. subst. exact HV.
  - intros H. exists U. split; [exact H | apply eqFam_true; reflexivity].
Qed.

(* Each permutation of perms3 with its inverse (a list l read as i -> nth i l i). *)
Definition permPairs3 : list ((nat -> nat) * (nat -> nat)) :=
  map (fun ll => (fun i => nth i (fst ll) i, fun i => nth i (snd ll) i))
    [([0; 1; 2], [0; 1; 2]); ([0; 2; 1], [0; 2; 1]); ([1; 0; 2], [1; 0; 2]);
     ([1; 2; 0], [2; 0; 1]); ([2; 0; 1], [1; 2; 0]); ([2; 1; 0], [2; 1; 0])].

Lemma permPairs3_ok : forall pp, In pp permPairs3 -> ok3 (fst pp).
Proof.
  intros pp H. unfold permPairs3 in H. apply in_map_iff in H as [ll [<- H]]. unfold ok3, perms3. cbn [fst].
  repeat (destruct H as [<- | H]; [simpl; tauto |]). destruct H.
Qed.

Definition transportb (R U1 : list (list bool)) : bool :=
  let iR := inside3 R in let i1 := inside3 U1 in
  existsb (fun pp => let p := fst pp in let pinv := snd pp in eqFam U1 (act3 p R) &&
    forallb (fun U0 => inL (act3 p U0) i1 && eqFam (act3 pinv (act3 p U0)) U0) iR &&
    forallb (fun U0 => inL (act3 pinv U0) iR && eqFam (act3 p (act3 pinv U0)) U0) i1) permPairs3.

Lemma transportb_sound : forall R U1, transportb R U1 = true -> Transport _ _ ok3 act3 inside3 R U1.
Proof.
  intros R U1 H. unfold transportb in H. apply existsb_exists in H as [[p pinv] [Hp H]].
  apply permPairs3_ok in Hp. cbn [fst] in Hp. cbn [fst snd] in H. apply andb_prop in H as [H H2]. apply andb_prop in H as [H0 H1].
  rewrite forallb_forall in H1, H2. apply eqFam_true in H0.
  exists p, pinv. split; [exact Hp | split; [exact H0 | split]].
  - intros U0 HU0. destruct (andb_prop _ _ (H1 U0 HU0)) as [E1 E2]. split; [apply inL_In, E1 | apply eqFam_true, E2].
  - intros U0 HU0. destruct (andb_prop _ _ (H2 U0 HU0)) as [E1 E2]. split; [apply inL_In, E1 | apply eqFam_true, E2].
Qed.

(* g is invariant on the shard of R, for g a parameter (so that no proof below unfolds g3). *)
Definition invCheck (g : list (list bool) -> list (list bool) -> nat) (ps : list (nat -> nat))
  (iR : list (list (list bool))) (R : list (list bool)) : bool :=
  forallb (fun p => forallb (fun U0 => Nat.eqb (g (act3 p U0) (act3 p R)) (g U0 R)) iR) ps.

Lemma invCheck_sound : forall g ps iR R, invCheck g ps iR R = true ->
  forall p, In p ps -> forall U0, In U0 iR -> g (act3 p U0) (act3 p R) = g U0 R.
Proof.
  intros g ps iR R H p Hp U0 HU0. unfold invCheck in H. rewrite forallb_forall in H. specialize (H p Hp).
  rewrite forallb_forall in H. apply Nat.eqb_eq. exact (H U0 HU0).
Qed.

Definition classb (g : list (list bool) -> list (list bool) -> nat) (c : list (list bool) * list (list (list bool))) : bool :=
  inL (fst c) ups3 && forallb (transportb (fst c)) (snd c) && invCheck g perms3 (inside3 (fst c)) (fst c).

Lemma nodup_ups3 : NoDup ups3.
Proof. rewrite ups3_upsetsOf. apply NoDup_filter, nodup_sublists, nodup_allMasks. Qed.

Lemma nodup_inside3 : forall U, NoDup (inside3 U).
Proof. intros U. apply NoDup_filter, nodup_ups3. Qed.

Lemma classb_sound : forall g c, classb g c = true ->
  In (fst c) ups3 /\ (forall U1, In U1 (snd c) -> Transport _ _ ok3 act3 inside3 (fst c) U1) /\
  (forall p, ok3 p -> forall U0, In U0 (inside3 (fst c)) -> g (act3 p U0) (act3 p (fst c)) = g U0 (fst c)).
Proof.
  intros g c H. unfold classb in H. apply andb_prop in H as [H Hi]. apply andb_prop in H as [HR HT].
  rewrite forallb_forall in HT. split; [apply inL_In, HR | split; [| exact (invCheck_sound g _ _ _ Hi)]].
  intros U1 HU1. apply transportb_sound, HT, HU1.
Qed.

(* --- The computed checks --------------------------------------------------------------------- *)

Lemma classes3_checked : forallb (classb g3) shardClasses3 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma classes3_partition : Permutation (concat (map snd shardClasses3)) ups3.
Proof. apply perm_of_counts. vm_compute. reflexivity. Qed.

(* THE CLASS-SUM THEOREM AT THE SHARD LEVEL at q = 3 (ours): the sum of g over all pairs
   (U0, U1) of up-sets on 3 points equals the sum over the 10 permutation classes of |K| times
   the shard of the class's least member R (proved by census_by_shards, not computed); and both
   sides are computed: 2^15 = 2^(2^4) * 2^4 / (2^4 * 2) (census_total at 4 points divided by
   Lemma 2's factor 2^4 * 2) over the 167 pairs, the weighted shards holding only 89 pairs. *)
Theorem census_by_shards_q3 :
  natSum (shardSum _ inside3 g3) ups3 = natSum (fun c => length (snd c) * shardSum _ inside3 g3 (fst c)) shardClasses3 /\
  natSum (fun c => length (snd c) * shardSum _ inside3 g3 (fst c)) shardClasses3 = 2 ^ 15 /\
  length ups3 = 20 /\ length shardClasses3 = 10 /\ natSum (fun U1 => length (inside3 U1)) ups3 = 167 /\
  natSum (fun c => length (inside3 (fst c))) shardClasses3 = 89.
Proof.
  split; [| split; [apply Nat.eqb_eq; vm_compute; reflexivity | vm_compute; repeat split]].
  apply (census_by_shards _ _ ok3 act3 inside3 g3 ups3 shardClasses3 classes3_partition).
  - intros U _. apply nodup_inside3.
  - intros c Hc. apply (classb_sound g3 c). exact (proj1 (forallb_forall (classb g3) shardClasses3) classes3_checked c Hc).
Qed.

(* LEMMA 4, THE COUNTING STEP at q = 3 (ours): for every permutation class K of up-sets on 3
   points with least member R, the pairs (U0, U1) with U1 in K contribute |K| times the shard
   of R (proved by lemma_4_count); computed on the class of R = the blocks containing point 3
   (|K| = 3, U1 <> R for two of them): 3 * 192 = 576. *)
Lemma classes3_members : forall c, In c shardClasses3 -> NoDup (snd c) /\ (forall U1, In U1 (snd c) -> In U1 ups3).
Proof.
  intros c Hc. unfold shardClasses3 in Hc. apply in_map_iff in Hc as [R [<- _]]. cbn [snd]. unfold orbitU.
  split; [apply NoDup_filter, nodup_ups3 | intros U1 HU1; apply filter_In in HU1; exact (proj1 HU1)].
Qed.

Lemma lemma_4_count_classes3 : forall c, In c shardClasses3 ->
  natSum (fun U1 => if existsb (eqFam U1) (snd c) then shardSum _ inside3 g3 U1 else 0) ups3 =
  length (snd c) * shardSum _ inside3 g3 (fst c).
Proof.
  intros c Hc. destruct (classb_sound g3 c (proj1 (forallb_forall (classb g3) shardClasses3) classes3_checked c Hc))
    as [HR [HT Hinv]].
  destruct (classes3_members c Hc) as [HN Hin].
  exact (lemma_4_count _ _ ok3 act3 inside3 eqFam eqFam_true g3 ups3 (snd c) (fst c) nodup_ups3 HN Hin
           (fun U _ => nodup_inside3 U) HR HT Hinv).
Qed.

Theorem lemma_4_count_q3 : (forall c, In c shardClasses3 ->
  natSum (fun U1 => if existsb (eqFam U1) (snd c) then shardSum _ inside3 g3 U1 else 0) ups3 =
  length (snd c) * shardSum _ inside3 g3 (fst c)) /\
  let R := [bitsOf "001"; bitsOf "011"; bitsOf "101"; bitsOf "111"] in
  inL R (map fst shardClasses3) = true /\ length (orbitU R) = 3 /\
  natSum (fun U1 => if existsb (eqFam U1) (orbitU R) then shardSum _ inside3 g3 U1 else 0) ups3 = 3 * 192 /\
  shardSum _ inside3 g3 R = 192.
Proof. split; [exact lemma_4_count_classes3 | vm_compute; repeat split]. Qed.

Print Assumptions census_by_shards_q3.
Print Assumptions lemma_4_count_q3.
