(* CensusExamples.v -- non-vacuity of theorems/CensusLemmas.v (ours, docs/census.md), computed
   with vm_compute: Lemma 2's count N(A) = 2^q * 2 * 2^(|up(A)| - |A|) checked against brute
   force over all pairs (f, x) for every antichain at q = 2 and q = 3; the weights adding up to
   2^(2^q) * 2^q; the class-sum theorem at q = 3 over the permutation classes, with a class-
   invariant property (sigma(A) = 1, Lemma 3) whose count by brute force equals the sum over
   classes; Lemma 1 and Lemma 4 on concrete functions and up-sets. Checked by coqc 8.16
   (coq/check.sh). *)

From Coq Require Import String QArith List Bool PeanoNat Lia Permutation.
From FbsCoq Require Import FbsModel FbsTreeCert Families Measures ExhaustiveCheck MeasureCheck Antichains
  CensusLemmas CensusCount.
Import ListNotations.
Open Scope nat_scope.

(* --- Lemma 2's count against brute force ---------------------------------------------------- *)

(* M(f, x) for every pair, computed once; then the pairs of each antichain counted. *)
Definition allMins (q : nat) : list (list (list bool)) :=
  map (fun p => minsOf (ttFun (fst p)) (snd p)) (pairsOf q).

Definition countCheck (q : nat) : bool :=
  let ms := allMins q in
  forallb (fun A => Nat.eqb (length (filter (fun m => eqFam m A) ms)) (censusWeight q A)) (antichainsOf q).

Lemma countPairs_allMins : forall q A,
  countPairs q A = length (filter (fun m => eqFam m A) (allMins q)).
Proof. intros q A. unfold countPairs, allMins. rewrite count_map. reflexivity. Qed.

Lemma countCheck_sound : forall q, countCheck q = true ->
  forall A, In A (antichainsOf q) -> countPairs q A = censusWeight q A.
Proof.
  intros q H A HA. unfold countCheck in H. rewrite forallb_forall in H.
  rewrite countPairs_allMins. apply Nat.eqb_eq, H, HA.
Qed.

(* LEMMA 2 at q = 2 and q = 3 (ours): for every antichain A of nonempty blocks, the number of
   pairs (f, x) with M(f, x) = A (brute force over the 2^(2^q) * 2^q pairs) is
   2^q * 2 * 2^(|up(A)| - |A|). *)
Theorem lemma_2_count_q2 : forall A, In A (antichainsOf 2) -> countPairs 2 A = censusWeight 2 A.
Proof. apply countCheck_sound. vm_compute. reflexivity. Qed.

Theorem lemma_2_count_q3 : forall A, In A (antichainsOf 3) -> countPairs 3 A = censusWeight 3 A.
Proof. apply countCheck_sound. vm_compute. reflexivity. Qed.

(* The antichains' weights add up to all the pairs: 2^(2^q) * 2^q (6 antichains at q = 2, 19
   at q = 3). *)
Theorem census_total_q3 : length (antichainsOf 3) = 19 /\
  natSum (censusWeight 3) (antichainsOf 3) = 2 ^ (2 ^ 3) * 2 ^ 3 /\ length (pairsOf 3) = 2 ^ (2 ^ 3) * 2 ^ 3.
Proof. vm_compute. repeat split. Qed.

Theorem census_total_q2 : length (antichainsOf 2) = 5 /\
  natSum (censusWeight 2) (antichainsOf 2) = 2 ^ (2 ^ 2) * 2 ^ 2.
Proof. vm_compute. split; reflexivity. Qed.

(* --- The class-sum theorem at q = 3, over the permutation classes -------------------------- *)

(* The 6 permutations of {0, 1, 2}, and an antichain relabelled (its members re-sorted). *)
Definition perms3 : list (nat -> nat) :=
  map (fun l i => nth i l i) [[0; 1; 2]; [0; 2; 1]; [1; 0; 2]; [1; 2; 0]; [2; 0; 1]; [2; 1; 0]].
Definition permAnti (q : nat) (p : nat -> nat) (A : list (list bool)) : list (list bool) :=
  filter (memb (map (relabel q p) A)) (tl (allMasks q)).
Definition orbit (q : nat) (ps : list (nat -> nat)) (A : list (list bool)) : list (list (list bool)) :=
  filter (fun A' => existsb (fun p => eqFam (permAnti q p A) A') ps) (antichainsOf q).

(* The classes: the orbit of each antichain that comes first in its orbit. *)
Definition classes3 : list (list (list (list bool))) :=
  map (orbit 3 perms3) (filter (fun A => eqFam (hd [] (orbit 3 perms3 A)) A) (antichainsOf 3)).

Definition famDec := list_eq_dec (list_eq_dec Bool.bool_dec).

Lemma perm_of_counts : forall l l' : list (list (list bool)),
  forallb (fun x => Nat.eqb (count_occ famDec l x) (count_occ famDec l' x)) (l ++ l') = true -> Permutation l l'.
Proof.
  intros l l' H. apply (Permutation_count_occ famDec). intros x. rewrite forallb_forall in H.
  destruct (in_dec famDec x (l ++ l')) as [Hin | Hout]; [apply Nat.eqb_eq, H, Hin |].
  rewrite !(proj1 (count_occ_not_In famDec _ x)); [reflexivity | |]; intros Hx; apply Hout, in_or_app; auto.
Qed.

(* The classes split the antichains, and the weights are constant on each class (Lemma 3's
   counts), computed. *)
Lemma classes3_weights : forallb (fun C => negb (Nat.eqb (length C) 0) &&
    forallb (fun A => Nat.eqb (censusWeight 3 A) (censusWeight 3 (hd [] C))) C) classes3 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma classes3_cover : forallb (fun x => Nat.eqb (count_occ famDec (concat classes3) x) (count_occ famDec (antichainsOf 3) x))
    (concat classes3 ++ antichainsOf 3) = true.
Proof. vm_compute. reflexivity. Qed.

Lemma classes3_split : Permutation (concat classes3) (antichainsOf 3) /\
  forall C, In C classes3 -> C <> [] /\ forall A, In A C -> censusWeight 3 A = censusWeight 3 (hd [] C).
Proof.
  split; [apply perm_of_counts, classes3_cover |].
  intros C HC. assert (H1 := classes3_weights). rewrite forallb_forall in H1.
  destruct (andb_prop _ _ (H1 C HC)) as [Hne Hw].
  split; [intros ->; discriminate |]. intros A HA.
  rewrite forallb_forall in Hw. apply Nat.eqb_eq, Hw, HA.
Qed.

(* THE CLASS-SUM THEOREM at q = 3 (ours): for every property P of antichains constant on each
   permutation class (as the four measures are, Lemma 3), the number of the 2^8 * 2^3 pairs
   (f, x) with P(M(f, x)) is the sum over the classes K with P(A_K) of |K| * N(A_K). *)
Theorem census_by_classes_q3 : forall P : list (list bool) -> bool,
  (forall C, In C classes3 -> forall A, In A C -> P A = P (hd [] C)) ->
  length (filter (fun p => P (minsOf (ttFun (fst p)) (snd p))) (pairsOf 3)) =
  natSum (fun C => if P (hd [] C) then length C * censusWeight 3 (hd [] C) else 0) classes3.
Proof.
  intros P HP. rewrite class_sum_by_antichains.
  rewrite (natSum_ext_in _ _ (fun A => if P A then censusWeight 3 A else 0))
    by (intros A HA; rewrite (lemma_2_count_q3 A HA); reflexivity).
  destruct classes3_split as [H1 H2]. apply class_sum_by_classes; [exact H1 |].
  intros C HC. destruct (H2 C HC) as [Hne Hw]. split; [exact Hne |].
  intros A HA. split; [apply HP; assumption | apply Hw, HA].
Qed.

(* sigma(A), the one-element members, as a count (class-invariant, Lemma 3). *)
Definition sigmaL (A : list (list bool)) : nat := length (filter (fun B => Nat.eqb (ones B) 1) A).

(* Non-vacuity: P = "sigma(M) = 1" (by Lemma 1, s_x(f) = 1) meets the hypothesis, and the
   brute-force count over the 2,048 pairs equals the sum over the 10 classes. *)
Theorem census_by_classes_example :
  (forall C, In C classes3 -> forall A, In A C -> Nat.eqb (sigmaL A) 1 = Nat.eqb (sigmaL (hd [] C)) 1) /\
  length classes3 = 9 /\
  length (filter (fun p => Nat.eqb (sigmaL (minsOf (ttFun (fst p)) (snd p))) 1) (pairsOf 3)) = 768 /\
  natSum (fun C => if Nat.eqb (sigmaL (hd [] C)) 1 then length C * censusWeight 3 (hd [] C) else 0) classes3 = 768.
Proof.
  split; [| vm_compute; repeat split].
  assert (H : forallb (fun C => forallb (fun A => Bool.eqb (Nat.eqb (sigmaL A) 1) (Nat.eqb (sigmaL (hd [] C)) 1)) C)
                classes3 = true) by (vm_compute; reflexivity).
  intros C HC A HA. rewrite forallb_forall in H. specialize (H C HC). rewrite forallb_forall in H.
  apply Bool.eqb_prop, H, HA.
Qed.


(* --- Lemma 1 on maj:3 at 000 ----------------------------------------------------------------- *)

(* Non-vacuity of Lemma 1: at z = 000, M(maj3, z) = {{2,3}, {1,3}, {1,2}} (computed), and the
   measures checked by the certificate checkers (fbs = 3/2, s = 0, bs = 1, C = 2) are
   nu*(M), sigma(M), nu(M) and tau(M). *)
Theorem lemma_1_example :
  minsOf (majAgg 3) (bitsOf "000") = [bitsOf "011"; bitsOf "101"; bitsOf "110"] /\
  NuStarIs 3 (MinSens (majAgg 3) (bitsOf "000")) (3 # 2)%Q /\ SigmaIs 3 (MinSens (majAgg 3) (bitsOf "000")) 0 /\
  NuIs 3 (MinSens (majAgg 3) (bitsOf "000")) 1 /\ TauIs 3 (MinSens (majAgg 3) (bitsOf "000")) 2.
Proof.
  destruct (lemma_1 (majAgg 3) (bitsOf "000") (3 # 2)%Q 0 1 2) as [H1 [H2 [H3 H4]]].
  split; [vm_compute; reflexivity |]. split; [apply H1, maj3_family |].
  split; [apply H2, (checkS_sound _ _ []); vm_compute; reflexivity |].
  split; [apply H3, (checkBS_sound _ _ [bitsOf "110"]); vm_compute; reflexivity |].
  apply H4, (checkC_sound _ _ (bitsOf "110")). vm_compute. reflexivity.
Qed.

(* --- Lemma 4 at q = 3 --------------------------------------------------------------------------- *)

Definition isUpSetb (q : nat) (u : list bool -> bool) : bool :=
  forallb (fun B => forallb (fun C => implb (u B && subb q B C) (u C)) (allMasks q)) (allMasks q).

Lemma isUpSetb_sound : forall q u, isUpSetb q u = true -> UpSet q (famOfb q u).
Proof.
  intros q u H. split; [intros B [HB _]; exact HB |]. intros B C [HBl HB] HC Hs. split; [exact HC |].
  unfold isUpSetb in H. rewrite forallb_forall in H. specialize (H B (in_allMasks_q _ _ HBl)).
  rewrite forallb_forall in H. specialize (H C (in_allMasks_q _ _ HC)).
  rewrite HB, (proj2 (subb_Sub q B C) Hs) in H. exact H.
Qed.

(* The up-sets of q-bit blocks, each as the list of its members. *)
Definition upsetsOf (q : nat) : list (list (list bool)) :=
  filter (fun U => isUpSetb q (memb U)) (sublists (allMasks q)).

(* Non-vacuity of Lemma 4: U0 = {{2,3}} and U1 = {{2}, {3}, {2,3}} on the points 2, 3 meet its
   hypotheses and give an up-set on 3 points; and at q = 3 both sides of the bijection have 19
   members (the up-sets without the empty block; the pairs U0 <= U1 of up-sets on 2 points,
   U0 without the empty block). *)
Theorem lemma_4_example :
  UpSet 3 (join (famOfb 2 (memb [bitsOf "11"])) (famOfb 2 (memb [bitsOf "01"; bitsOf "10"; bitsOf "11"]))) /\
  length (filter (fun U => negb (memb U (zeros 3))) (upsetsOf 3)) = 19 /\
  length (filter (fun UU => negb (memb (fst UU) (zeros 2)) &&
                           forallb (memb (snd UU)) (fst UU)) (list_prod (upsetsOf 2) (upsetsOf 2))) = 19.
Proof.
  split; [| vm_compute; split; reflexivity].
  apply (lemma_4_join 2); [apply isUpSetb_sound; vm_compute; reflexivity .. | |].
  - intros T [HT E]. split; [exact HT |]. revert E. apply (in_allMasks_q 2 T) in HT.
    repeat (destruct HT as [<- | HT]; [vm_compute; auto |]). destruct HT.
  - intros [_ E]. vm_compute in E. discriminate.
Qed.

Print Assumptions lemma_2_count_q2.
Print Assumptions lemma_2_count_q3.
Print Assumptions census_total_q3.
Print Assumptions census_by_classes_q3.
Print Assumptions census_by_classes_example.
Print Assumptions lemma_1_example.
Print Assumptions lemma_4_example.

(* --- Lemma 4's shard transport at q = 2 ------------------------------------------------------ *)

Definition swap2 (i : nat) : nat := match i with 0 => 1 | 1 => 0 | _ => i end.

Lemma swap2_perm : Perm 2 swap2 swap2.
Proof. intros [| [| i]] Hi; simpl; repeat split; lia. Qed.

(* Non-vacuity of lemma_4_shard: R = {{3}, {2,3}} on the points 2, 3, U1 = pi(R) = {{2}, {2,3}}
   for the swap pi (U1 <> R), and U0 = {{2,3}} inside U1 meet its hypotheses; U0 is carried to
   pi^-1(U0) = {{2,3}}, inside R, and back. *)
Theorem lemma_4_shard_example :
  let R := famOfb 2 (memb [bitsOf "01"; bitsOf "11"]) in
  let U0 := famOfb 2 (memb [bitsOf "11"]) in
  permFam 2 swap2 R (bitsOf "10") /\ ~ R (bitsOf "10") /\
  UpSet 2 U0 /\ ~ U0 (zeros 2) /\ (forall T, U0 T -> permFam 2 swap2 R T) /\
  UpSet 2 (permFam 2 swap2 U0) /\ ~ permFam 2 swap2 U0 (zeros 2) /\ (forall T, permFam 2 swap2 U0 T -> R T).
Proof.
  intros R U0.
  assert (HU0 : UpSet 2 U0 /\ ~ U0 (zeros 2) /\ (forall T, U0 T -> permFam 2 swap2 R T)).
  { split; [apply isUpSetb_sound; vm_compute; reflexivity |]. split; [intros [_ E]; vm_compute in E; discriminate |].
    intros T [HT E]. apply memb_In in E. destruct E as [<- | []].
    split; [reflexivity |]. split; [reflexivity | vm_compute; reflexivity]. }
  destruct (lemma_4_shard 2 swap2 swap2 R (permFam 2 swap2 R) U0 swap2_perm (fun B H => proj1 H)
             (fun B => iff_refl _)) as [[H _] _].
  split; [split; [reflexivity | split; [reflexivity | vm_compute; reflexivity]] |].
  split; [intros [_ E]; vm_compute in E; discriminate |].
  destruct HU0 as [H1 [H2 H3]]. split; [exact H1 | split; [exact H2 | split; [exact H3 |]]].
  apply H. split; [exact H1 | split; assumption].
Qed.

Print Assumptions lemma_4_shard_example.
