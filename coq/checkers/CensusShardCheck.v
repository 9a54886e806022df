(* CensusShardCheck.v -- the checker of a whole certificate of kind `census-shard` (ours;
   certificates/FORMAT.md section 13, docs/census.md "census by shards") with its reflection
   lemma `checkShard_sound`. The checker enumerates the shard's visits itself (the up-sets U0
   inside R on q - 1 points without the empty set, in increasing order of their tables, part
   k of n), and per visit computes U = U0 | R << 2^(q-1), its four values and its weight
   exponent itself: fbs by Lemma P from the named LP pair (its pair-level facts checked once:
   loads, sums, the table of the sets S with t(S) < 1), s from the one-point members, C from a
   largest set outside U, bs from the pair's packing and floor(fbs) or the exhaustive packing
   search of checkers/MeasureCheck.v. It also checks that R is the least of its images under
   the (q-1)! permutations and computes |K| (the number of distinct images), and compares the
   claimed row exactly. Sets of points are bit tables (Z; Zarith in the program).
   The lemma concludes, for every visit, CensusEntryIs (checkers/CensusClassesCheck.v: the four
   measures of the minimal members of U and, by Lemma 1, fbs, s, bs and C of the monotone
   function U at 0^q), and that every claimed count is |K| * 2^(q+1) times the sum of
   2^(extra U) over the visits of that value, extra U the members of U with a member one point
   smaller (computed by shifts, `extraOf`). Not proved here: that the enumeration lists exactly
   the up-sets inside R once each, that `extraOf` is |U| - |A|, and that the images are the
   class of CensusShards.v's census_by_shards (docs/formal.md section 13j). Checked by coqc 8.16
   (coq/check.sh). *)

From Coq Require Import QArith ZArith List Bool PeanoNat Lia Lqa.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert FbsDuality Measures Families ExhaustiveCheck
  MeasureCheck MeasureChain Antichains CensusLemmas CensusClassesCheck.
Import ListNotations.

(* --- Tables of blocks --------------------------------------------------------------------- *)

(* The block of mask m on q points: coordinate i is bit q-1-i (so zIndex 0 of it is m). *)
Definition blockOf (q : nat) (m : Z) : list bool :=
  map (fun i => Z.testbit m (Z.of_nat (q - 1 - i))) (seq 0 q).

(* The table of the blocks of l satisfying p (bit zIndex 0 B set). *)
Definition tableOf (p : list bool -> bool) (l : list (list bool)) : Z :=
  fold_left (fun acc B => if p B then Z.setbit acc (zIndex 0 B) else acc) l 0%Z.

Lemma zIndex_nonneg : forall B, (0 <= zIndex 0 B)%Z.
Proof. intros B. apply zIndex_bound. Qed.

Lemma tableOf_in_aux : forall p l B acc, (In B l /\ p B = true) \/ Z.testbit acc (zIndex 0 B) = true ->
  Z.testbit (fold_left (fun acc B => if p B then Z.setbit acc (zIndex 0 B) else acc) l acc) (zIndex 0 B) = true.
Proof.
  intros p l B. induction l as [| x l IH]; intros acc H; simpl.
  - destruct H as [[[] _] | H]; exact H.
  - apply IH. destruct H as [[[<- | Hin] Hp] | H].
    + right. rewrite Hp. rewrite Z.setbit_eqb by apply zIndex_nonneg. rewrite Z.eqb_refl. reflexivity.
    + left. split; assumption.
    + right. destruct (p x); [| exact H]. rewrite Z.setbit_eqb by apply zIndex_nonneg. rewrite H, orb_true_r. reflexivity.
Qed.

Lemma tableOf_in : forall p l B, In B l -> p B = true -> Z.testbit (tableOf p l) (zIndex 0 B) = true.
Proof. intros p l B Hin Hp. apply tableOf_in_aux. left. split; assumption. Qed.

Lemma zIndex_zeros : forall q, zIndex 0 (zeros q) = 0%Z.
Proof. induction q as [| q IH]; [reflexivity |]. exact IH. Qed.

Lemma land_zero_testbit : forall a b n, Z.land a b = 0%Z -> Z.testbit b n = true -> Z.testbit a n = false.
Proof.
  intros a b n H Hb. assert (E := Z.land_spec a b n). rewrite H, Z.bits_0, Hb, andb_true_r in E. auto.
Qed.

Lemma ldiff_zero_testbit : forall a b n, Z.ldiff a b = 0%Z -> Z.testbit a n = true -> Z.testbit b n = true.
Proof.
  intros a b n H Ha. assert (E := Z.ldiff_spec a b n). rewrite H, Z.bits_0, Ha in E.
  destruct (Z.testbit b n); [reflexivity | discriminate].
Qed.

(* The function U at 0^q: a q-bit block B is sensitive iff it is a member. *)
Lemma sensb_up : forall q U B, length B = q -> Z.testbit U 0 = false ->
  sensb (upFun U) (zeros q) B = Z.testbit U (zIndex 0 B).
Proof.
  intros q U B HB H0. unfold sensb. subst q. rewrite flip_zeros. unfold upFun.
  rewrite zIndex_zeros, H0. destruct (Z.testbit U (zIndex 0 B)); reflexivity.
Qed.

Lemma sensitive_up : forall q U B, length B = q -> Z.testbit U 0 = false -> Z.testbit U (zIndex 0 B) = true ->
  Sensitive (upFun U) (zeros q) B.
Proof. intros q U B HB H0 H. apply sensitive_of_sensb. rewrite (sensb_up q U B HB H0). exact H. Qed.

(* --- The LP pairs, checked once each (Lemma P's hypotheses on w and t) -------------------- *)

Record PairIn := mkPairIn { piDen : Z; piWeights : list (Z * Z); piDual : list Z; piPacking : list Z }.

Definition pWs (q : nat) (p : PairIn) : list (list bool * Q) :=
  map (fun mw => (blockOf q (fst mw), Qmake (snd mw) (Z.to_pos (piDen p)))) (piWeights p).
Definition pT (p : PairIn) : list Q := map (fun x => Qmake x (Z.to_pos (piDen p))) (piDual p).
Definition pV (p : PairIn) : Q := Qred (Qmake (fold_left Z.add (map snd (piWeights p)) 0%Z) (Z.to_pos (piDen p))).
Definition pPack (q : nat) (p : PairIn) : list (list bool) := map (blockOf q) (piPacking p).

(* The table of the q-bit sets S with t(S) < 1, with t = nums / D: the numerators added in Z. *)
Fixpoint zsum (n : nat) (g : nat -> Z) : Z := match n with O => 0%Z | S n' => (zsum n' g + g n')%Z end.
Definition zWeight (q : nat) (nums : list Z) (B : list bool) : Z :=
  zsum q (fun i => if nth i B false then nth i nums 0%Z else 0%Z).
Definition lowTable (q : nat) (nums : list Z) (D : Z) : Z := tableOf (fun B => Z.ltb (zWeight q nums B) D) (allMasks q).

Lemma qsum_zsum : forall n d (g : nat -> Z), qsum n (fun i => Qmake (g i) d) == Qmake (zsum n g) d.
Proof.
  induction n as [| n IH]; intros d g; simpl; [reflexivity |]. rewrite IH.
  unfold Qeq, Qplus. simpl. rewrite Pos2Z.inj_mul. ring.
Qed.

Lemma blockWeight_zWeight : forall q nums d B,
  blockWeight q (map (fun x => Qmake x d) nums) B == Qmake (zWeight q nums B) d.
Proof.
  intros q nums d B. unfold blockWeight, zWeight. rewrite <- qsum_zsum. apply qsum_ext. intros i Hi.
  destruct (nth i B false); [| reflexivity].
  destruct (Nat.lt_ge_cases i (length nums)) as [Hn | Hn].
  - rewrite (nth_indep _ 0 (Qmake 0 d)) by (rewrite map_length; exact Hn). rewrite (map_nth (fun x => Qmake x d)). reflexivity.
  - rewrite nth_overflow by (rewrite map_length; exact Hn). rewrite nth_overflow by exact Hn. reflexivity.
Qed.

(* The pair's sums in Z (the numerators over the common D): each equals the model's sum / D. *)
Fixpoint zlsum (xs : list Z) : Z := match xs with [] => 0%Z | x :: r => (x + zlsum r)%Z end.
Definition wBlocks (q : nat) (p : PairIn) : list (list bool * Z) := map (fun mw => (blockOf q (fst mw), snd mw)) (piWeights p).
Definition zLoadB (bw : list (list bool * Z)) (i : nat) : Z :=
  zlsum (map (fun b => if nth i (fst b) false then snd b else 0%Z) bw).
Definition zLoad (q : nat) (p : PairIn) (i : nat) : Z := zLoadB (wBlocks q p) i.
Definition zPrimal (p : PairIn) : Z := zlsum (map snd (piWeights p)).
Definition zDual (q : nat) (p : PairIn) : Z := zsum q (fun i => nth i (piDual p) 0%Z).

Definition pairOK (q : nat) (p : PairIn) : bool :=
  Z.ltb 0 (piDen p) && forallb (fun mw => Z.leb 0 (snd mw)) (piWeights p)
  && forallb (fun x => Z.leb 0 x) (piDual p) && Nat.eqb (length (piDual p)) q
  && (let bw := wBlocks q p in forallb (fun i => Z.leb (zLoadB bw i) (piDen p)) (seq 0 q))
  && Z.eqb (fold_left Z.add (map snd (piWeights p)) 0%Z) (zPrimal p) && Z.eqb (zDual q p) (zPrimal p)
  && pairwiseb q (pPack q p).

Lemma Qmake_plus : forall a b d, Qmake a d + Qmake b d == Qmake (a + b) d.
Proof. intros a b d. unfold Qeq, Qplus. simpl. rewrite Pos2Z.inj_mul. ring. Qed.

Lemma qlsum_zlsum : forall (X : Type) (g : X -> Z) d l, qlsum (map (fun x => Qmake (g x) d) l) == Qmake (zlsum (map g l)) d.
Proof.
  intros X g d l. induction l as [| x l IH]; simpl; [reflexivity |]. rewrite IH. apply Qmake_plus.
Qed.

Lemma load_zLoad : forall q p i, load (pWs q p) i == Qmake (zLoad q p i) (Z.to_pos (piDen p)).
Proof.
  intros q p i. unfold load, pWs, zLoad, zLoadB, wBlocks. rewrite !map_map. cbn [fst snd].
  rewrite <- (qlsum_zlsum _ (fun mw => if nth i (blockOf q (fst mw)) false then snd mw else 0%Z)).
  induction (piWeights p) as [| mw l IH]; simpl; [reflexivity |]. rewrite IH.
  destruct (nth i (blockOf q (fst mw)) false); [reflexivity |]. apply Qplus_comp; [| reflexivity].
  unfold Qeq. simpl. reflexivity.
Qed.

Lemma primal_zPrimal : forall q p, primalValue (pWs q p) == Qmake (zPrimal p) (Z.to_pos (piDen p)).
Proof.
  intros q p. unfold primalValue, pWs, zPrimal. rewrite map_map. cbn [snd]. apply (qlsum_zlsum _ snd).
Qed.

Lemma dual_zDual : forall q p, length (piDual p) = q -> dualValueAt (zeros q) (pT p) == Qmake (zDual q p) (Z.to_pos (piDen p)).
Proof.
  intros q p Hl. unfold dualValueAt, totalWeight, zDual. rewrite zeros_length, <- qsum_zsum. apply qsum_ext. intros i Hi.
  unfold pT. rewrite (nth_indep _ 0 (Qmake 0 (Z.to_pos (piDen p)))) by (rewrite map_length; lia).
  rewrite (map_nth (fun x => Qmake x (Z.to_pos (piDen p)))). reflexivity.
Qed.

Lemma Qmake_le_1 : forall x D, (0 < D)%Z -> (x <= D)%Z -> Qmake x (Z.to_pos D) <= 1.
Proof. intros x D HD H. unfold Qle. simpl. rewrite Z2Pos.id by exact HD. lia. Qed.

(* What a visit needs of a pair, computed once. *)
Record PairOk := mkPairOk { poV : Q; poIdx : list Z; poSupp : Z; poLow : Z; poPackIdx : list Z;
  poPackLen : nat; poFloor : Z; poIn : PairIn }.

Definition prep (q : nat) (p : PairIn) : PairOk :=
  let idx := map (fun Jw => zIndex 0 (fst Jw)) (pWs q p) in
  let v := pV p in let pk := pPack q p in
  mkPairOk v idx (fold_left Z.setbit idx 0%Z) (lowTable q (piDual p) (piDen p))
    (map (zIndex 0) pk) (length pk) (floorQ v) p.

Lemma blockOf_length : forall q m, length (blockOf q m) = q.
Proof. intros q m. unfold blockOf. rewrite map_length, seq_length. reflexivity. Qed.

Lemma qsum_nonneg_le : forall n g, (forall i, (i < n)%nat -> 0 <= g i) -> 0 <= qsum n g.
Proof. induction n as [| n IH]; intros g H; simpl; [lra |]. assert (H1 := H n ltac:(lia)). assert (H2 := IH g ltac:(intros i Hi; apply H; lia)). lra. Qed.

Lemma Qmake_nonneg : forall x d, (0 <= x)%Z -> 0 <= Qmake x d.
Proof. intros x d H. unfold Qle. simpl. lia. Qed.

Lemma pairOK_primal : forall q U p, pairOK q p = true -> Z.testbit U 0 = false ->
  forallb (Z.testbit U) (poIdx (prep q p)) = true -> PrimalFeasible (upFun U) (zeros q) (pWs q p).
Proof.
  intros q U p Hok H0 Hin. unfold pairOK in Hok. repeat rewrite andb_true_iff in Hok.
  destruct Hok as [[[[[[[Hd Hw] Ht] Hlen] Hload] Hpv] Hdv] Hpw]. unfold PrimalFeasible. rewrite zeros_length. split.
  - intros Jw HJw. rewrite forallb_forall in Hin, Hw.
    assert (Hidx := Hin (zIndex 0 (fst Jw)) ltac:(cbn [prep poIdx]; apply in_map_iff; exists Jw; split; [reflexivity | exact HJw])).
    unfold pWs in HJw. apply in_map_iff in HJw as [mw [<- Hmw]]. cbn [fst snd] in *.
    split; [apply Qmake_nonneg, Z.leb_le, Hw, Hmw |]. split; [apply blockOf_length |].
    apply sensitive_up; [apply blockOf_length | exact H0 | exact Hidx].
  - intros i Hi. cbv zeta in Hload. rewrite forallb_forall in Hload. rewrite load_zLoad. apply Qmake_le_1; [apply Z.ltb_lt, Hd |].
    apply Z.leb_le, Hload, in_seq. lia.
Qed.

Lemma lowTable_spec : forall q p B, (0 < piDen p)%Z -> length B = q ->
  Z.testbit (lowTable q (piDual p) (piDen p)) (zIndex 0 B) = false -> 1 <= blockWeight q (pT p) B.
Proof.
  intros q p B Hd HB H. unfold pT. rewrite blockWeight_zWeight.
  destruct (Z.ltb (zWeight q (piDual p) B) (piDen p)) eqn:E.
  - assert (Hin := tableOf_in (fun B => Z.ltb (zWeight q (piDual p) B) (piDen p)) (allMasks q) B (in_allMasks_q _ _ HB) E).
    unfold lowTable in H. congruence.
  - apply Z.ltb_ge in E. unfold Qle. simpl. rewrite Z2Pos.id by exact Hd. lia.
Qed.

Lemma pairOK_dual : forall q U p, pairOK q p = true -> Z.testbit U 0 = false ->
  Z.land U (poLow (prep q p)) = 0%Z -> DualFeasible (upFun U) (zeros q) (pT p).
Proof.
  intros q U p Hok H0 Hlow. unfold pairOK in Hok. repeat rewrite andb_true_iff in Hok.
  destruct Hok as [[[[[[[Hd Hw] Ht] Hlen] Hload] Hpv] Hdv] Hpw]. split.
  - intros i. unfold pT. destruct (Nat.lt_ge_cases i (length (piDual p))) as [Hi | Hi].
    + rewrite (nth_indep _ 0 (Qmake 0 (Z.to_pos (piDen p)))) by (rewrite map_length; exact Hi).
      rewrite (map_nth (fun x => Qmake x (Z.to_pos (piDen p)))). apply Qmake_nonneg.
      rewrite forallb_forall in Ht. apply Z.leb_le, Ht, nth_In, Hi.
    + rewrite nth_overflow by (rewrite map_length; exact Hi). lra.
  - intros B HS. rewrite zeros_length. set (B' := trunc q B).
    assert (HB' : length B' = q) by apply trunc_length.
    assert (Hs : Z.testbit U (zIndex 0 B') = true).
    { rewrite <- (sensb_up q U B' HB' H0). unfold sensb. apply negb_true_iff.
      assert (E : flip (zeros q) B' = flip (zeros q) B).
      { unfold B', trunc. pose proof (flip_trunc (zeros q) B) as F. rewrite zeros_length in F. exact F. }
      rewrite E. destruct (Bool.eqb (upFun U (flip (zeros q) B)) (upFun U (zeros q))) eqn:Eb; [| reflexivity].
      apply Bool.eqb_prop in Eb. contradiction. }
    assert (Hl := land_zero_testbit _ _ (zIndex 0 B') Hlow). unfold prep in Hl; cbn [poLow] in Hl.
    destruct (Z.testbit (lowTable q (piDual p) (piDen p)) (zIndex 0 B')) eqn:El; [specialize (Hl eq_refl); congruence |].
    assert (Hw' := lowTable_spec q p B' ltac:(apply Z.ltb_lt, Hd) HB' El).
    assert (E : blockWeight q (pT p) B' == blockWeight q (pT p) B).
    { unfold B', trunc. pose proof (blockWeight_trunc (zeros q) B (pT p)) as F. rewrite zeros_length in F. exact F. }
    rewrite <- E. exact Hw'.
Qed.

(* The pair's value pV (reduced) is the primal sum over D: the sum checked once in Z. *)
Lemma fold_add_zlsum : forall l a, fold_left Z.add l a = (a + zlsum l)%Z.
Proof. induction l as [| x l IH]; intros a; simpl; [lia | rewrite IH; lia]. Qed.

Lemma pV_zPrimal : forall p, Z.eqb (fold_left Z.add (map snd (piWeights p)) 0%Z) (zPrimal p) = true ->
  Qmake (zPrimal p) (Z.to_pos (piDen p)) == pV p.
Proof.
  intros p H. apply Z.eqb_eq in H. unfold pV. rewrite Qred_correct, H. reflexivity.
Qed.

(* Lemma P at a visit: the pair's weights on members of U, no member S with t(S) < 1. *)
Lemma pair_fbs : forall q U p, pairOK q p = true -> Z.testbit U 0 = false ->
  forallb (Z.testbit U) (poIdx (prep q p)) = true -> Z.land U (poLow (prep q p)) = 0%Z ->
  FbsValue (upFun U) (zeros q) (poV (prep q p)).
Proof.
  intros q U p Hok H0 Hin Hlow. pose proof Hok as Hok'. unfold pairOK in Hok'. repeat rewrite andb_true_iff in Hok'.
  destruct Hok' as [[[[[[[Hd Hw] Ht] Hlen] Hload] Hpv] Hdv] Hpw]. change (poV (prep q p)) with (pV p).
  apply (fbs_value_of_pair _ _ (pWs q p) (pT p)).
  - apply pairOK_primal; assumption.
  - apply pairOK_dual; assumption.
  - rewrite primal_zPrimal. apply pV_zPrimal, Hpv.
  - rewrite dual_zDual by (apply Nat.eqb_eq, Hlen). apply Z.eqb_eq in Hdv. rewrite Hdv. apply pV_zPrimal, Hpv.
Qed.

(* --- s, C and bs at a visit ---------------------------------------------------------------- *)

Definition unitIdx (q : nat) : list Z := map (fun i => zIndex 0 (unitBlock q i)) (seq 0 q).

Lemma filter_map_length : forall (X Y : Type) (p : Y -> bool) (g : X -> Y) l,
  length (filter p (map g l)) = length (filter (fun x => p (g x)) l).
Proof. intros X Y p g l. induction l as [| x l IH]; simpl; [reflexivity |]. destruct (p (g x)); simpl; lia. Qed.

Lemma s_up : forall q U, Z.testbit U 0 = false ->
  SensitivityIs (upFun U) (zeros q) (length (filter (Z.testbit U) (unitIdx q))).
Proof.
  intros q U H0. apply (checkS_sound _ _ (sensCoords (upFun U) (zeros q))). unfold checkS.
  destruct (list_eq_dec Nat.eq_dec _ _) as [_ | C]; [| exfalso; apply C; reflexivity]. simpl. apply Nat.eqb_eq.
  unfold sensCoords, unitIdx. rewrite zeros_length, filter_map_length. f_equal. apply filter_ext.
  intros i. apply sensb_up; [apply unitBlock_length | exact H0].
Qed.

(* The candidates for a largest set outside U, largest first: (B, index, |B|, the table of the
   subsets of B). *)
Definition subTable (q : nat) (B : list bool) : Z := tableOf (agreesOn (zeros q) (complementOf q B)) (allMasks q).
Definition bigTable (q c : nat) : Z := tableOf (fun y => Nat.ltb q (c + setSize q y)) (allMasks q).
Definition bySize (q : nat) : list (list bool) :=
  flat_map (fun k => filter (fun B => Nat.eqb (setSize q B) k) (allMasks q)) (rev (seq 0 (S q))).
Definition candidates (q : nat) : list (list bool * Z * nat * Z) :=
  map (fun B => (B, zIndex 0 B, setSize q B, subTable q B)) (bySize q).

Fixpoint findOut (U : Z) (cs : list (list bool * Z * nat * Z)) : option (list bool * Z * nat * Z) :=
  match cs with
  | [] => None
  | c :: rest => let '(_, i, _, _) := c in if Z.testbit U i then findOut U rest else Some c
  end.

Lemma findOut_in : forall U cs c, findOut U cs = Some c -> In c cs.
Proof.
  intros U cs c. induction cs as [| [[[B i] k] s] cs IH]; simpl; [discriminate |].
  destruct (Z.testbit U i); [intros H; right; apply IH, H | intros H; injection H as <-; left; reflexivity].
Qed.

Lemma candidates_spec : forall q B i k s, In (B, i, k, s) (candidates q) ->
  length B = q /\ i = zIndex 0 B /\ k = setSize q B /\ s = subTable q B.
Proof.
  intros q B i k s H. unfold candidates in H. apply in_map_iff in H as [B' [E HB']]. injection E as <- <- <- <-.
  unfold bySize in HB'. apply in_flat_map in HB' as [k [_ Hf]]. apply filter_In in Hf as [Hm _].
  split; [apply (allMasks_length q), Hm | repeat split].
Qed.

(* CertificateComplexityIs at 0^q from Prop-level facts (the argument of checkCzero_sound). *)
Lemma c_zero : forall f q H k, f (zeros q) = false -> Certificate f (zeros q) H -> setSize q H = k ->
  (forall y, length y = q -> (q < k + setSize q y)%nat -> f y = true) -> CertificateComplexityIs f (zeros q) k.
Proof.
  intros f q H k H0 HC Hk Hall. unfold CertificateComplexityIs. rewrite zeros_length.
  split; [exists H; split; assumption |]. intros H' HC'.
  assert (Hy : length (complementOf q H') = q) by (unfold complementOf; rewrite map_length, seq_length; reflexivity).
  assert (Fy : f (complementOf q H') = f (zeros q)).
  { apply HC'; [rewrite zeros_length; exact Hy |]. intros i Hi EH. rewrite zeros_length in Hi.
    rewrite nth_complement by exact Hi. rewrite EH, nth_zeros. reflexivity. }
  assert (Hs := setSize_complement q H').
  destruct (Nat.ltb q (k + setSize q (complementOf q H'))) eqn:E.
  - apply Nat.ltb_lt in E. rewrite (Hall _ Hy E) in Fy. congruence.
  - apply Nat.ltb_ge in E. lia.
Qed.

Definition cFits (q : nat) (bigs : list Z) (U : Z) (k : nat) (sub : Z) : bool :=
  Z.eqb (Z.land U sub) 0 && Z.eqb (Z.ldiff (nth (q - k) bigs 0%Z) U) 0.

Definition cOf (q : nat) (cands : list (list bool * Z * nat * Z)) (bigs : list Z) (U : Z) : option nat :=
  match findOut U cands with
  | None => None
  | Some (_, _, k, sub) => if cFits q bigs U k sub then Some (q - k)%nat else None
  end.

Lemma agreesOn_of : forall z H y, (forall i, (i < length z)%nat -> nth i H false = true -> nth i y false = nth i z false) ->
  agreesOn z H y = true.
Proof.
  intros z H y Hy. unfold agreesOn. apply forallb_forall. intros i Hi. apply in_seq in Hi.
  destruct (nth i H false) eqn:E; [| reflexivity]. simpl. rewrite (Hy i ltac:(lia) E). apply eqb_reflx.
Qed.

Lemma setSize_le_q : forall q B, (setSize q B <= q)%nat.
Proof. intros q B. apply setSize_le. Qed.

Lemma cOf_sound : forall q U c, Z.testbit U 0 = false ->
  cOf q (candidates q) (map (bigTable q) (seq 0 (S q))) U = Some c -> CertificateComplexityIs (upFun U) (zeros q) c.
Proof.
  intros q U c H0 Hc. unfold cOf in Hc. destruct (findOut U (candidates q)) as [[[[B i] k] sub] |] eqn:F; [| discriminate].
  destruct (cFits q (map (bigTable q) (seq 0 (S q))) U k sub) eqn:E; [| discriminate].
  injection Hc as <-. unfold cFits in E. apply andb_prop in E as [Es Eb]. apply Z.eqb_eq in Es, Eb.
  destruct (candidates_spec q B i k sub (findOut_in _ _ _ F)) as [HB [-> [-> ->]]].
  assert (Hup0 : upFun U (zeros q) = false) by (unfold upFun; rewrite zIndex_zeros; exact H0).
  apply (c_zero _ _ (complementOf q B)); [exact Hup0 | | |].
  - intros y Hy Ha. rewrite Hup0. unfold upFun. apply (land_zero_testbit _ _ _ Es).
    apply tableOf_in; [apply in_allMasks_q; rewrite <- (zeros_length q); exact Hy |]. apply agreesOn_of, Ha.
  - assert (Hs := setSize_complement q B). lia.
  - intros y Hy Hlt. unfold upFun. apply (ldiff_zero_testbit _ _ _ Eb).
    assert (Hk := setSize_le_q q B).
    rewrite (nth_indep _ 0%Z (bigTable q 0)) by (rewrite map_length, seq_length; lia).
    rewrite map_nth, seq_nth by lia. rewrite Nat.add_0_l. unfold bigTable. apply tableOf_in; [apply in_allMasks_q, Hy |]. apply Nat.ltb_lt. lia.
Qed.

(* The search of MeasureCheck.best over a list Sl of the sensitive blocks computed once
   (bestS), and the same search keeping the blocks (bestWS): its length is bestS, which is
   best (best_bestS), so its blocks are a largest packing. *)
Fixpoint bestS (z : list bool) (Sl : list (list bool)) (fuel : nat) (A : list bool) : nat :=
  match fuel with
  | O => O
  | S fuel' =>
      match lowest (length z) A with
      | None => O
      | Some i =>
          fold_left Nat.max
            (map (fun B => S (bestS z Sl fuel' (without (length z) A B)))
                 (filter (fun B => nth i B false && within (length z) B A) Sl))
            (bestS z Sl fuel' (without (length z) A (unitBlock (length z) i)))
      end
  end.

Fixpoint bestWS (z : list bool) (Sl : list (list bool)) (fuel : nat) (A : list bool) : list (list bool) :=
  match fuel with
  | O => []
  | S fuel' =>
      match lowest (length z) A with
      | None => []
      | Some i =>
          fold_left (fun acc w => if Nat.ltb (length acc) (length w) then w else acc)
            (map (fun B => B :: bestWS z Sl fuel' (without (length z) A B))
                 (filter (fun B => nth i B false && within (length z) B A) Sl))
            (bestWS z Sl fuel' (without (length z) A (unitBlock (length z) i)))
      end
  end.

Lemma filter_fuse : forall (X : Type) (p s : X -> bool) l, filter (fun x => p x && s x) l = filter p (filter s l).
Proof.
  intros X p s l. induction l as [| x l IH]; simpl; [reflexivity |].
  destruct (s x) eqn:Es; destruct (p x) eqn:Ep; simpl; rewrite ?Ep, IH; reflexivity.
Qed.

Lemma best_bestS : forall f z fuel A, best f z fuel A = bestS z (filter (sensb f z) (allMasks (length z))) fuel A.
Proof.
  intros f z fuel. induction fuel as [| fuel IH]; intros A; [reflexivity |]. simpl.
  destruct (lowest (length z) A) as [i |]; [| reflexivity]. rewrite IH.
  rewrite (filter_fuse _ (fun B => nth i B false && within (length z) B A) (sensb f z)). f_equal.
  apply map_ext. intros B. rewrite IH. reflexivity.
Qed.

Lemma fold_longer : forall (l : list (list (list bool))) a,
  length (fold_left (fun acc w => if Nat.ltb (length acc) (length w) then w else acc) l a) =
  fold_left Nat.max (map (@length _) l) (length a).
Proof.
  induction l as [| x l IH]; intros a; simpl; [reflexivity |]. rewrite IH. f_equal.
  destruct (Nat.ltb_spec (length a) (length x)); lia.
Qed.

Lemma length_bestWS : forall z Sl fuel A, length (bestWS z Sl fuel A) = bestS z Sl fuel A.
Proof.
  intros z Sl fuel. induction fuel as [| fuel IH]; intros A; [reflexivity |]. simpl.
  destruct (lowest (length z) A) as [i |]; [| reflexivity]. rewrite fold_longer, map_map, IH. f_equal.
  apply map_ext. intros B. simpl. rewrite IH. reflexivity.
Qed.

(* The same search with within, without and lowest by one pass over the lists (withinR,
   withoutR, lowestR: equal to MeasureCheck's, which index each point with nth): bestWSF. *)
Fixpoint withinR (n : nat) (B A : list bool) : bool :=
  match n with O => true | S n' => implb (hd false B) (hd false A) && withinR n' (tl B) (tl A) end.
Fixpoint withoutR (n : nat) (A B : list bool) : list bool :=
  match n with O => [] | S n' => (hd false A && negb (hd false B)) :: withoutR n' (tl A) (tl B) end.
Fixpoint lowestR (n : nat) (A : list bool) (s : nat) : option nat :=
  match n with O => None | S n' => if hd false A then Some s else lowestR n' (tl A) (S s) end.

Lemma nthB_hd_skipn : forall s (B : list bool), nth s B false = hd false (skipn s B).
Proof. induction s as [| s IH]; intros [| b B]; simpl; auto; destruct s; reflexivity. Qed.

Lemma skipnB_tl : forall s (B : list bool), skipn (S s) B = tl (skipn s B).
Proof.
  induction s as [| s IH]; intros B; [destruct B; reflexivity |].
  destruct B as [| b B]; [reflexivity |]. exact (IH B).
Qed.

Lemma within_gen : forall n s B A,
  forallb (fun i => implb (nth i B false) (nth i A false)) (seq s n) = withinR n (skipn s B) (skipn s A).
Proof.
  induction n as [| n IH]; intros s B A; [reflexivity |]. cbn [seq forallb withinR].
  rewrite IH, !nthB_hd_skipn, !skipnB_tl. reflexivity.
Qed.

Lemma within_R : forall n B A, within n B A = withinR n B A.
Proof. intros n B A. apply within_gen. Qed.

Lemma without_gen : forall n s A B,
  map (fun i => nth i A false && negb (nth i B false)) (seq s n) = withoutR n (skipn s A) (skipn s B).
Proof.
  induction n as [| n IH]; intros s A B; [reflexivity |]. cbn [seq map withoutR].
  rewrite IH, !nthB_hd_skipn, !skipnB_tl. reflexivity.
Qed.

Lemma without_R : forall n A B, without n A B = withoutR n A B.
Proof. intros n A B. apply without_gen. Qed.

Lemma lowest_gen : forall n s A, find (fun i => nth i A false) (seq s n) = lowestR n (skipn s A) s.
Proof.
  induction n as [| n IH]; intros s A; [reflexivity |]. cbn [seq find lowestR].
  rewrite nthB_hd_skipn. destruct (hd false (skipn s A)); [reflexivity |]. rewrite IH, skipnB_tl. reflexivity.
Qed.

Lemma lowest_R : forall n A, lowest n A = lowestR n A 0.
Proof. intros n A. apply lowest_gen. Qed.

Fixpoint bestWSF (n : nat) (Sl : list (list bool)) (fuel : nat) (A : list bool) : list (list bool) :=
  match fuel with
  | O => []
  | S fuel' =>
      match lowestR n A 0 with
      | None => []
      | Some i =>
          fold_left (fun acc w => if Nat.ltb (length acc) (length w) then w else acc)
            (map (fun B => B :: bestWSF n Sl fuel' (withoutR n A B))
                 (filter (fun B => nth i B false && withinR n B A) Sl))
            (bestWSF n Sl fuel' (withoutR n A (unitBlock n i)))
      end
  end.

Lemma bestWSF_bestWS : forall z Sl fuel A, bestWSF (length z) Sl fuel A = bestWS z Sl fuel A.
Proof.
  intros z Sl fuel. induction fuel as [| fuel IH]; intros A; [reflexivity |]. cbn [bestWSF bestWS].
  rewrite <- lowest_R. destruct (lowest (length z) A) as [i |]; [| reflexivity].
  assert (Ef : filter (fun B => nth i B false && withinR (length z) B A) Sl
             = filter (fun B => nth i B false && within (length z) B A) Sl)
    by (apply filter_ext; intros B; rewrite within_R; reflexivity).
  rewrite Ef, (map_ext (fun B => B :: bestWSF (length z) Sl fuel (withoutR (length z) A B))
                       (fun B => B :: bestWS z Sl fuel (without (length z) A B)))
    by (intros B; rewrite IH, without_R; reflexivity).
  rewrite IH, without_R. reflexivity.
Qed.

Definition bsSearch (q : nat) (U : Z) : option nat :=
  let z := zeros q in
  let w := bestWSF (length z) (filter (sensb (upFun U) z) (allMasks (length z))) (length z) (repeat true (length z)) in
  if forallb (fun B => Nat.eqb (length B) (length z) && sensb (upFun U) z B) w && pairwiseb (length z) w
  then Some (length w) else None.

Definition packFits (U : Z) (P : PairOk) : bool :=
  forallb (Z.testbit U) (poPackIdx P) && Z.eqb (Z.of_nat (poPackLen P)) (poFloor P).

Definition bsOf (q : nat) (U : Z) (P : PairOk) : option nat :=
  if packFits U P then Some (poPackLen P) else bsSearch q U.

Lemma bsOf_sound : forall q U p k, pairOK q p = true -> Z.testbit U 0 = false ->
  FbsValue (upFun U) (zeros q) (poV (prep q p)) -> bsOf q U (prep q p) = Some k ->
  BlockSensitivityIs (upFun U) (zeros q) k.
Proof.
  intros q U p k Hok H0 Hv Hb. unfold bsOf in Hb.
  destruct (packFits U (prep q p)) eqn:E.
  - injection Hb as <-. unfold packFits in E. apply andb_prop in E as [Hin Hf]. apply Z.eqb_eq in Hf. cbn [poPackIdx poPackLen poFloor prep] in *.
    unfold pairOK in Hok. repeat rewrite andb_true_iff in Hok. destruct Hok as [_ Hpw].
    assert (HD : DisjointSensitive (upFun U) (zeros q) (pPack q p)).
    { split; [| rewrite zeros_length; apply pairwiseb_sound, Hpw]. intros B HB. rewrite zeros_length.
      assert (HL : length B = q) by (unfold pPack in HB; apply in_map_iff in HB as [m [<- _]]; apply blockOf_length).
      split; [exact HL |]. apply sensitive_up; [exact HL | exact H0 |].
      rewrite forallb_forall in Hin. apply Hin, in_map, HB. }
    split; [exists (pPack q p); split; [exact HD | reflexivity] |].
    intros Bs HBs. assert (Hle := packing_le_floor _ _ _ Bs Hv HBs). cbn [prep poV] in Hle. lia.
  - unfold bsSearch in Hb. cbv zeta in Hb.
    rewrite bestWSF_bestWS in Hb.
    set (w := bestWS (zeros q) (filter (sensb (upFun U) (zeros q)) (allMasks (length (zeros q))))
      (length (zeros q)) (repeat true (length (zeros q)))) in Hb.
    destruct (forallb (fun B => Nat.eqb (length B) (length (zeros q)) && sensb (upFun U) (zeros q) B) w
      && pairwiseb (length (zeros q)) w) eqn:C; [| discriminate].
    injection Hb as <-. apply (checkBS_sound _ _ w). unfold checkBS. rewrite C, Nat.eqb_refl. simpl.
    apply Nat.leb_le. unfold w. rewrite length_bestWS, best_bestS. lia.
Qed.

(* --- One visit ----------------------------------------------------------------------------- *)

(* The members of U with a member one point smaller (positions: bit b of a mask is point b),
   and their number: the exponent of the visit's weight, |U| - |A|. *)
Definition without_bit (q : nat) (b : nat) : Z :=
  fold_left (fun acc m => if Z.testbit (Z.of_nat m) (Z.of_nat b) then acc else Z.setbit acc (Z.of_nat m)) (seq 0 (2 ^ q)) 0%Z.
Definition nonMinimal (wos : list (nat * Z)) (U : Z) : Z :=
  fold_left (fun acc bw => Z.lor acc (Z.shiftl (Z.land U (snd bw)) (Z.shiftl 1 (Z.of_nat (fst bw))))) wos 0%Z.
(* The number of set bits of x, by clearing the lowest one (x & (x - 1)) at most n times. *)
Fixpoint popcount (n : nat) (x acc : Z) : Z :=
  match n with O => acc | S n' => if Z.eqb x 0 then acc else popcount n' (Z.land x (x - 1)) (acc + 1) end.
Definition extraOf (q : nat) (wos : list (nat * Z)) (U : Z) : Z := popcount (2 ^ q) (Z.land U (nonMinimal wos U)) 0.
Definition wosOf (q : nat) : list (nat * Z) := map (fun b => (b, without_bit q b)) (seq 0 q).

(* The bit count popcount (2^q) x 0 of extraOf, computed by halves when x is below 2^(2h) (the
   same number: popFast_popCtx). Spec: bitsum m x, the number of set bits among the low m. *)
Fixpoint bitsum (m : nat) (x : Z) : Z :=
  match m with O => 0%Z | S m' => (Z.b2z (Z.odd x) + bitsum m' (Z.div2 x))%Z end.

Lemma popcount_acc : forall n x acc, popcount n x acc = (acc + popcount n x 0)%Z.
Proof.
  induction n as [| n IH]; intros x acc; simpl; [lia |].
  destruct (Z.eqb x 0); [lia |]. rewrite (IH _ (acc + 1)%Z), (IH _ 1%Z). lia.
Qed.

Lemma bitsum_nonneg : forall m x, (0 <= bitsum m x)%Z.
Proof. induction m as [| m IH]; intros x; cbn [bitsum]; [lia |]. specialize (IH (Z.div2 x)). destruct (Z.odd x); cbn [Z.b2z]; lia. Qed.

Lemma bitsum_zero : forall m, bitsum m 0 = 0%Z.
Proof. induction m as [| m IH]; [reflexivity |]. exact IH. Qed.

Lemma odd_land : forall a b, Z.odd (Z.land a b) = (Z.odd a && Z.odd b)%bool.
Proof. intros a b. rewrite <- !Z.bit0_odd. apply Z.land_spec. Qed.

Lemma div2_land : forall a b, Z.div2 (Z.land a b) = Z.land (Z.div2 a) (Z.div2 b).
Proof. intros a b. rewrite !Z.div2_spec. apply Z.shiftr_land. Qed.

Lemma pow_succ_nat : forall m, (2 ^ Z.of_nat (S m) = 2 * 2 ^ Z.of_nat m)%Z.
Proof. intros m. rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia. reflexivity. Qed.

Lemma bitsum_clear : forall m x, (0 < x < 2 ^ Z.of_nat m)%Z -> bitsum m (Z.land x (x - 1)) = (bitsum m x - 1)%Z.
Proof.
  induction m as [| m IH]; intros x Hx; [simpl in Hx; lia |].
  rewrite pow_succ_nat in Hx. cbn [bitsum]. rewrite odd_land, div2_land.
  assert (Op : Z.odd (x - 1) = negb (Z.odd x)) by (rewrite Z.sub_1_r, Z.odd_pred, <- Z.negb_odd; reflexivity).
  rewrite Op.
  assert (Ex := Z.div2_odd x). set (y := Z.div2 x) in *.
  destruct (Z.odd x) eqn:Eo; cbn [Z.b2z negb andb] in *.
  - assert (E1 : Z.div2 (x - 1) = y) by (rewrite Z.div2_div; symmetry; apply (Z.div_unique _ _ _ 0); lia).
    rewrite E1, Z.land_diag. lia.
  - assert (E1 : Z.div2 (x - 1) = (y - 1)%Z) by (rewrite Z.div2_div; symmetry; apply (Z.div_unique _ _ _ 1); lia).
    rewrite E1, IH by lia. lia.
Qed.

Lemma land_pred_bound : forall x m, (0 < x < 2 ^ m)%Z -> (0 <= Z.land x (x - 1) < 2 ^ m)%Z.
Proof.
  intros x m Hx. assert (H0 : (0 <= Z.land x (x - 1))%Z) by (apply Z.land_nonneg; lia). split; [exact H0 |].
  destruct (Z.eq_dec (Z.land x (x - 1)) 0) as [E | E]; [lia |].
  assert (Hl : (Z.log2 x < m)%Z) by (apply Z.log2_lt_pow2; lia).
  apply Z.log2_lt_pow2; [lia |].
  assert (H := Z.log2_land x (x - 1) ltac:(lia) ltac:(lia)). lia.
Qed.

Lemma popcount_bitsum : forall n m x, (0 <= x < 2 ^ Z.of_nat m)%Z -> (bitsum m x <= Z.of_nat n)%Z ->
  popcount n x 0 = bitsum m x.
Proof.
  induction n as [| n IH]; intros m x Hx Hn; simpl.
  - assert (H := bitsum_nonneg m x). lia.
  - destruct (Z.eqb_spec x 0) as [-> | Hne]; [rewrite bitsum_zero; reflexivity |].
    rewrite popcount_acc. assert (Hc := bitsum_clear m x ltac:(lia)).
    rewrite (IH m); [lia | apply land_pred_bound; lia | lia].
Qed.

(* The split: the low a bits and the rest. *)
Lemma bitsum_split : forall a b x, bitsum (a + b) x = (bitsum a (Z.land x (Z.ones (Z.of_nat a))) + bitsum b (Z.shiftr x (Z.of_nat a)))%Z.
Proof.
  induction a as [| a IH]; intros b x; cbn [Nat.add bitsum].
  - rewrite Z.shiftr_0_r. lia.
  - rewrite IH. rewrite odd_land, div2_land.
    assert (O1 : Z.odd (Z.ones (Z.of_nat (S a))) = true).
    { rewrite <- Z.bit0_odd. apply Z.ones_spec_low. lia. }
    assert (D1 : Z.div2 (Z.ones (Z.of_nat (S a))) = Z.ones (Z.of_nat a)).
    { rewrite Z.div2_spec. apply Z.bits_inj'. intros i Hi. rewrite Z.shiftr_spec by lia.
      destruct (Z.lt_ge_cases i (Z.of_nat a)).
      - rewrite !Z.ones_spec_low by lia. reflexivity.
      - rewrite !Z.ones_spec_high by lia. reflexivity. }
    assert (S1 : Z.shiftr x (Z.of_nat (S a)) = Z.shiftr (Z.div2 x) (Z.of_nat a)).
    { rewrite Z.div2_spec, Z.shiftr_shiftr by lia. f_equal. lia. }
    rewrite O1, D1, S1, Bool.andb_true_r. lia.
Qed.

(* The bit count by k chunks of c bits each: for q = 6 and 7 the 32-bit chunks of a 64- or 128-bit
   table are OCaml's unboxed integers in Zarith, where the whole table is boxed. *)
Fixpoint popChunks (k c : nat) (x : Z) : Z :=
  match k with
  | O => 0%Z
  | S k' => (popcount c (Z.land x (Z.ones (Z.of_nat c))) 0 + popChunks k' c (Z.shiftr x (Z.of_nat c)))%Z
  end.

Lemma bitsum_le : forall m x, (bitsum m x <= Z.of_nat m)%Z.
Proof. induction m as [| m IH]; intros x; cbn [bitsum]; [lia |]. specialize (IH (Z.div2 x)). destruct (Z.odd x); cbn [Z.b2z]; lia. Qed.

Lemma popChunks_bitsum : forall k c x, (0 <= x < 2 ^ Z.of_nat (k * c))%Z -> popChunks k c x = bitsum (k * c) x.
Proof.
  induction k as [| k IH]; intros c x Hx; [reflexivity |]. cbn [popChunks]. change (S k * c)%nat with (c + k * c)%nat.
  rewrite bitsum_split.
  assert (Hl : (0 <= Z.land x (Z.ones (Z.of_nat c)) < 2 ^ Z.of_nat c)%Z).
  { rewrite Z.land_ones by lia. apply Z.mod_pos_bound. apply Z.pow_pos_nonneg; lia. }
  assert (Hh : (0 <= Z.shiftr x (Z.of_nat c) < 2 ^ Z.of_nat (k * c))%Z).
  { rewrite Z.shiftr_div_pow2 by lia. split; [apply Z.div_pos; [lia | apply Z.pow_pos_nonneg; lia] |].
    apply Z.div_lt_upper_bound; [apply Z.pow_pos_nonneg; lia |]. rewrite <- Z.pow_add_r by lia.
    change (S k * c)%nat with (c + k * c)%nat in Hx. rewrite Nat2Z.inj_add in Hx. lia. }
  rewrite (popcount_bitsum c c _ Hl (bitsum_le _ _)), IH by exact Hh. reflexivity.
Qed.

(* What popFast needs of q: the fuel 2^q, the chunks (k of 32 bits, k * 32 <= 2^q) and 2^(32 k). *)
Definition popCtx (q : nat) : nat * nat * nat * Z :=
  let k := Nat.div (2 ^ q) 32 in ((2 ^ q)%nat, k, 32%nat, (2 ^ Z.of_nat (k * 32))%Z).

Definition popFast (pc : nat * nat * nat * Z) (x : Z) : Z :=
  let '(n, k, c, bnd) := pc in if Z.leb 0 x && Z.ltb x bnd then popChunks k c x else popcount n x 0.

Lemma popFast_popCtx : forall q x, popFast (popCtx q) x = popcount (2 ^ q) x 0.
Proof.
  intros q x. unfold popCtx, popFast. set (n := (2 ^ q)%nat). set (k := Nat.div n 32).
  destruct (Z.leb_spec 0 x) as [H0 | H0]; [| reflexivity].
  destruct (Z.ltb_spec x (2 ^ Z.of_nat (k * 32))) as [H1 | H1]; [| reflexivity].
  cbn [andb]. rewrite popChunks_bitsum by lia.
  assert (Hk : (k * 32 <= n)%nat) by (unfold k; rewrite Nat.mul_comm; apply Nat.mul_div_le; lia).
  rewrite (popcount_bitsum n (k * 32)) by (auto; pose proof (bitsum_le (k * 32) x); lia). reflexivity.
Qed.

(* The key of a row: (fbs, s, bs, C). *)
Definition Key : Type := (Q * nat * nat * nat)%type.
Definition keyEqb (a b : Key) : bool :=
  let '(v, s, bs, c) := a in let '(v', s', bs', c') := b in
  Z.eqb (Qnum v) (Qnum v') && Pos.eqb (Qden v) (Qden v') && Nat.eqb s s' && Nat.eqb bs bs' && Nat.eqb c c'.

(* A visit: the values and the weight exponent, or None (refused). Minimality of the pair's
   weighted sets is checked as the stdlib checker does (not needed for soundness). *)
Definition fbsFits (U : Z) (P : PairOk) (nm : Z) : bool :=
  negb (Z.testbit U 0) && forallb (Z.testbit U) (poIdx P) && Z.eqb (Z.land U (poLow P)) 0
  && Z.eqb (Z.land (poSupp P) (Z.ldiff U nm)) (poSupp P).

Definition visitCheck (q : nat) (pc : nat * nat * nat * Z) (cands : list (list bool * Z * nat * Z)) (bigs units : list Z)
  (wos : list (nat * Z)) (U : Z) (P : PairOk) : option (Key * Z) :=
  let nm := nonMinimal wos U in
  if fbsFits U P nm then
    match cOf q cands bigs U, bsOf q U P with
    | Some c, Some bs =>
        Some ((poV P, length (filter (Z.testbit U) units), bs, c), popFast pc (Z.land U nm))
    | _, _ => None
    end
  else None.

Definition VisitIs (q : nat) (U : Z) (key : Key) : Prop :=
  let '(v, s, bs, c) := key in CensusEntryIs q U v s bs c.

Lemma visitCheck_sound : forall q U p key e, pairOK q p = true ->
  visitCheck q (popCtx q) (candidates q) (map (bigTable q) (seq 0 (S q))) (unitIdx q) (wosOf q) U (prep q p) = Some (key, e) ->
  VisitIs q U key /\ e = extraOf q (wosOf q) U.
Proof.
  intros q U p key e Hok H. unfold visitCheck in H. cbv zeta in H.
  destruct (fbsFits U (prep q p) (nonMinimal (wosOf q) U)) eqn:E; [| discriminate]. unfold fbsFits in E.
  repeat rewrite andb_true_iff in E. destruct E as [[[H0 Hin] Hlow] _]. apply negb_true_iff in H0. apply Z.eqb_eq in Hlow.
  destruct (cOf q (candidates q) (map (bigTable q) (seq 0 (S q))) U) as [c |] eqn:Hc; [| discriminate].
  destruct (bsOf q U (prep q p)) as [bs |] eqn:Hb; [| discriminate].
  injection H as <- <-. split; [| unfold extraOf; apply popFast_popCtx]. unfold VisitIs.
  assert (Hv := pair_fbs q U p Hok H0 Hin Hlow).
  assert (Hup0 : upFun U (zeros q) = false) by (unfold upFun; rewrite zIndex_zeros; exact H0).
  apply (census_entry_of_measures q U (upFun U)); [intros; reflexivity | exact Hup0 | exact Hv | apply s_up, H0 |
    apply (bsOf_sound q U p); assumption | apply cOf_sound; assumption].
Qed.

(* --- The visits: the up-sets inside a bound, in increasing order ---------------------------- *)

(* The up-sets on p points whose sets lie in `bound`, increasing: split at the highest point,
   a table is L | H << 2^(p-1) with H an up-set inside the high half of the bound and L one
   inside the low half and H (verify/checker/upsets.py's order). *)
Fixpoint upsInside (p : nat) (bound : Z) : list Z :=
  match p with
  | O => if Z.testbit bound 0 then [0%Z; 1%Z] else [0%Z]
  | S p' =>
      let w := Z.shiftl 1 (Z.of_nat p') in
      flat_map (fun h => map (fun l => Z.lor l (Z.shiftl h w)) (upsInside p' (Z.land (Z.land bound (Z.ones w)) h)))
        (upsInside p' (Z.shiftr bound w))
  end.

(* Part k of n: the visits at positions k, k + n, ... *)
Fixpoint every (k n i : Z) (l : list Z) : list Z :=
  match l with
  | [] => []
  | x :: rest => if Z.eqb (Z.modulo i n) k then x :: every k n (i + 1) rest else every k n (i + 1) rest
  end.

Definition partVisits (q : nat) (r k n : Z) : list Z := every k n 0 (upsInside (q - 1) (Z.ldiff r 1)).

(* --- The class: the images of R under the permutations of the q - 1 points --------------- *)

Fixpoint insertAll (x : nat) (l : list nat) : list (list nat) :=
  match l with
  | [] => [[x]]
  | y :: rest => (x :: l) :: map (cons y) (insertAll x rest)
  end.
Fixpoint perms (l : list nat) : list (list nat) :=
  match l with [] => [[]] | x :: rest => flat_map (insertAll x) (perms rest) end.

(* A permutation pi as the pairs (b, pi b); the image of mask m: point b goes to point pi b; the
   image of R: the images of its members (the positions 0..2^p - 1 whose bit is set in R). *)
Definition positions (p : nat) : list Z := map Z.of_nat (seq 0 (2 ^ p)).
Definition permPairs (pi : list nat) : list (Z * Z) := combine (map Z.of_nat (seq 0 (length pi))) (map Z.of_nat pi).
Definition permMask (pp : list (Z * Z)) (m : Z) : Z :=
  fold_left (fun acc bp => if Z.testbit m (fst bp) then Z.setbit acc (snd bp) else acc) pp 0%Z.
Definition imageOf (members : list Z) (pp : list (Z * Z)) : Z :=
  fold_left (fun acc m => Z.setbit acc (permMask pp m)) members 0%Z.
Definition images (q : nat) (r : Z) : list Z :=
  map (imageOf (filter (Z.testbit r) (positions (q - 1)))) (map permPairs (perms (seq 0 (q - 1)))).

Fixpoint nodupZ (l : list Z) : list Z :=
  match l with [] => [] | x :: rest => if existsb (Z.eqb x) rest then nodupZ rest else x :: nodupZ rest end.

(* --- The row ------------------------------------------------------------------------------- *)

Fixpoint lookupRow (k : Key) (row : list (Key * Z)) : Z :=
  match row with [] => 0%Z | (k', n) :: rest => ((if keyEqb k k' then n else 0) + lookupRow k rest)%Z end.

Fixpoint addRow (k : Key) (w : Z) (row : list (Key * Z)) : list (Key * Z) :=
  match row with
  | [] => [(k, w)]
  | (k', n) :: rest => if keyEqb k k' then (k', (n + w)%Z) :: rest else (k', n) :: addRow k w rest
  end.

Lemma keyEqb_eq : forall a b, keyEqb a b = true <-> a = b.
Proof.
  intros [[[[n d] s] bs] c] [[[[n' d'] s'] bs'] c']. unfold keyEqb. cbn [Qnum Qden].
  repeat rewrite andb_true_iff. rewrite Z.eqb_eq, Pos.eqb_eq, !Nat.eqb_eq. split.
  - intros [[[[-> ->] ->] ->] ->]. reflexivity.
  - intros E. injection E as -> -> -> -> ->. tauto.
Qed.

Lemma lookup_addRow : forall k k' w row, lookupRow k (addRow k' w row) = (lookupRow k row + if keyEqb k k' then w else 0)%Z.
Proof.
  intros k k' w row. induction row as [| [k0 n] rest IH]; simpl.
  - destruct (keyEqb k k'); lia.
  - destruct (keyEqb k' k0) eqn:E.
    + apply keyEqb_eq in E. subst k0. simpl. destruct (keyEqb k k'); lia.
    + simpl. rewrite IH. lia.
Qed.

(* The results of the visits: (U0, key, exponent) each, in visit order. *)
Definition Result : Type := (Z * Key * Z)%type.

Fixpoint sumRes (k : Key) (res : list Result) : Z :=
  match res with [] => 0%Z | (_, k', e) :: rest => ((if keyEqb k k' then 2 ^ e else 0) + sumRes k rest)%Z end.

Definition rowOf (res : list Result) : list (Key * Z) :=
  fold_left (fun row r => let '(_, k, e) := r in addRow k (Z.shiftl 1 e) row) res [].

Lemma rowOf_lookup : forall res k, lookupRow k (rowOf res) = sumRes k res.
Proof.
  intros res k. unfold rowOf. rewrite <- (Z.add_0_l (sumRes k res)).
  change 0%Z with (lookupRow k []). generalize (@nil (Key * Z)).
  induction res as [| [[u k'] e] rest IH]; intros row; simpl; [lia |].
  rewrite IH, lookup_addRow, Z.shiftl_1_l. lia.
Qed.

(* --- The whole certificate ----------------------------------------------------------------- *)

(* The PairOk of each pair, in a balanced tree by index. *)
Inductive ptree := PLeaf | PNode (l : ptree) (i : Z) (x : PairOk) (r : ptree).

Fixpoint pfind (i : Z) (t : ptree) : option PairOk :=
  match t with
  | PLeaf => None
  | PNode l j x r => if Z.eqb i j then Some x else if Z.ltb i j then pfind i l else pfind i r
  end.

Fixpoint pbuild (fuel : nat) (l : list (Z * PairOk)) (len : Z) : ptree :=
  match fuel with
  | O => PLeaf
  | S fuel' =>
      if Z.leb len 0 then PLeaf else
      let h := Z.div len 2 in
      match skipn (Z.to_nat h) l with
      | [] => PLeaf
      | (i, x) :: rest => PNode (pbuild fuel' (firstn (Z.to_nat h) l) h) i x (pbuild fuel' rest (len - h - 1))
      end
  end.

Fixpoint pIn (x : PairOk) (t : ptree) : Prop :=
  match t with PLeaf => False | PNode l _ y r => x = y \/ pIn x l \/ pIn x r end.

Lemma pfind_in : forall i t x, pfind i t = Some x -> pIn x t.
Proof.
  intros i t x. induction t as [| l IHl j y r IHr]; simpl; [discriminate |].
  destruct (Z.eqb i j); [intros H; injection H as <-; left; reflexivity |].
  destruct (Z.ltb i j); intros H; right; [left; apply IHl, H | right; apply IHr, H].
Qed.

Lemma pbuild_in : forall fuel l len x, pIn x (pbuild fuel l len) -> exists i, In (i, x) l.
Proof.
  induction fuel as [| fuel IH]; intros l len x H; simpl in H; [destruct H |].
  destruct (Z.leb len 0); [destruct H |].
  destruct (skipn (Z.to_nat (len / 2)) l) as [| [i y] rest] eqn:E; [destruct H |].
  assert (Hl : forall z, In z ((i, y) :: rest) -> In z l)
    by (rewrite <- E; intros z Hz; rewrite <- (firstn_skipn (Z.to_nat (len / 2)) l); apply in_or_app; right; exact Hz).
  destruct H as [<- | [H | H]].
  - exists i. apply Hl. left. reflexivity.
  - destruct (IH _ _ _ H) as [j Hj]. exists j. rewrite <- (firstn_skipn (Z.to_nat (len / 2)) l). apply in_or_app. left. exact Hj.
  - destruct (IH _ _ _ H) as [j Hj]. exists j. apply Hl. right. exact Hj.
Qed.

Fixpoint indexed (i : Z) (l : list PairIn) (q : nat) : list (Z * PairOk) :=
  match l with [] => [] | p :: rest => (i, prep q p) :: indexed (i + 1) rest q end.

Lemma indexed_in : forall q l i j x, In (j, x) (indexed i l q) -> exists p, In p l /\ x = prep q p.
Proof.
  intros q l. induction l as [| p l IH]; intros i j x H; simpl in H; [destruct H |].
  destruct H as [E | H]; [injection E as <- <-; exists p; split; [left |]; reflexivity |].
  destruct (IH _ _ _ H) as [p' [Hp' ->]]. exists p'. split; [right; exact Hp' | reflexivity].
Qed.

(* The walk over the visits and `use` together (tail-recursive: the results reversed). *)
Fixpoint walk (q : nat) (n2q : nat * nat * nat * Z) (cands : list (list bool * Z * nat * Z)) (bigs units : list Z) (wos : list (nat * Z))
  (rtop : Z) (t : ptree) (visits use : list Z) (acc : list Result) : option (list Result) :=
  match visits, use with
  | [], [] => Some acc
  | u0 :: vs, j :: us =>
      match pfind j t with
      | None => None
      | Some P =>
          match visitCheck q n2q cands bigs units wos (Z.lor u0 rtop) P with
          | None => None
          | Some (k, e) => walk q n2q cands bigs units wos rtop t vs us ((u0, k, e) :: acc)
          end
      end
  | _, _ => None
  end.

Record ShardIn := mkShardIn { shQ : nat; shPrefix : Z; shK : Z; shN : Z; shOrbit : Z; shPairs : list PairIn;
  shUse : list Z; shCounts : list (Key * Z) }.

Definition claimedOK (orbit : Z) (q : nat) (claimed : list (Key * Z)) (row : list (Key * Z)) : bool :=
  forallb (fun kn => Z.eqb (lookupRow (fst kn) claimed) (orbit * 2 ^ Z.of_nat (q + 1) * lookupRow (fst kn) row)) claimed
  && forallb (fun kn => existsb (fun kn' => keyEqb (fst kn) (fst kn')) claimed) row.

(* What depends on q only, computed once per q by the program (ctxOf; the glue keeps one per q). *)
Record Ctx := mkCtx { cxCands : list (list bool * Z * nat * Z); cxBigs : list Z; cxUnits : list Z;
  cxWos : list (nat * Z); cxN2q : nat * nat * nat * Z; cxPerms : list (list (Z * Z)); cxPos : list Z }.

Definition ctxOf (q : nat) : Ctx :=
  mkCtx (candidates q) (map (bigTable q) (seq 0 (S q))) (unitIdx q) (wosOf q) (popCtx q)
    (map permPairs (perms (seq 0 (q - 1)))) (positions (q - 1)).

(* The shard's results, or None. *)
Definition shardResults (x : Ctx) (c : ShardIn) : option (list Result) :=
  let q := shQ c in
  let t := pbuild 64 (indexed 0 (shPairs c) q) (Z.of_nat (length (shPairs c))) in
  option_map (@rev' Result)
    (walk q (cxN2q x) (cxCands x) (cxBigs x) (cxUnits x) (cxWos x)
       (Z.shiftl (shPrefix c) (Z.of_nat (2 ^ (q - 1)))) t (partVisits q (shPrefix c) (shK c) (shN c)) (shUse c) []).

(* The checker: the prefix least of its images, the orbit, every pair an LP pair (Lemma P's
   hypotheses), every visit, and the claimed row; the program runs it with x = ctxOf q. *)
Definition checkShardWith (x : Ctx) (c : ShardIn) : bool :=
  let q := shQ c in
  let imgs := map (imageOf (filter (Z.testbit (shPrefix c)) (cxPos x))) (cxPerms x) in
  Nat.leb 2 q && forallb (Z.leb (shPrefix c)) imgs && Z.eqb (Z.of_nat (length (nodupZ imgs))) (shOrbit c)
  && forallb (pairOK q) (shPairs c)
  && match shardResults x c with
     | None => false
     | Some res => claimedOK (shOrbit c) q (shCounts c) (rowOf res)
     end.

Definition checkShard (c : ShardIn) : bool := checkShardWith (ctxOf (shQ c)) c.

Lemma walk_sound : forall q pairs rtop t visits use acc res,
  (forall x, pIn x t -> exists p, In p pairs /\ pairOK q p = true /\ x = prep q p) ->
  walk q (popCtx q) (candidates q) (map (bigTable q) (seq 0 (S q))) (unitIdx q) (wosOf q) rtop t visits use acc = Some res ->
  (exists done, res = done ++ acc /\ map (fun r => fst (fst r)) (rev done) = visits /\
    forall u0 k e, In (u0, k, e) done -> VisitIs q (Z.lor u0 rtop) k /\ e = extraOf q (wosOf q) (Z.lor u0 rtop)).
Proof.
  intros q pairs rtop t visits. induction visits as [| u0 vs IH]; intros use acc res Ht H; destruct use as [| j us];
    cbn [walk] in H; try discriminate.
  - injection H as <-. exists []. split; [reflexivity | split; [reflexivity | intros ? ? ? []]].
  - destruct (pfind j t) as [P |] eqn:Ef; [| discriminate].
    destruct (Ht P (pfind_in _ _ _ Ef)) as [p [_ [Hok ->]]].
    destruct (visitCheck q (popCtx q) (candidates q) (map (bigTable q) (seq 0 (S q))) (unitIdx q) (wosOf q) (Z.lor u0 rtop) (prep q p))
      as [ke |] eqn:Ev; [| discriminate]. destruct ke as [k e].
    destruct (IH us _ res Ht H) as [done [Hd [Hmap Hdone]]].
    exists (done ++ [(u0, k, e)]). split; [rewrite Hd, <- app_assoc; reflexivity |]. split.
    + rewrite rev_app_distr. simpl. rewrite Hmap. reflexivity.
    + intros u k' e' Hin. apply in_app_or in Hin as [Hin | [E | []]]; [apply Hdone, Hin |].
      injection E as <- <- <-. apply (visitCheck_sound q _ p); assumption.
Qed.

(* What an accepted certificate proves (ours): R is <= each of its images, the claimed |K| is
   the number of distinct images, and there are results, one per visit of the part in the
   checker's own enumeration, each visit U = U0 | R << 2^(q-1) having the values of its key
   (CensusEntryIs) and the exponent extraOf U, such that every key's claimed count is
   |K| * 2^(q+1) * the sum of 2^extra over the visits of that key. *)
Definition ShardIs (c : ShardIn) : Prop :=
  (forall img, In img (images (shQ c) (shPrefix c)) -> (shPrefix c <= img)%Z) /\
  Z.of_nat (length (nodupZ (images (shQ c) (shPrefix c)))) = shOrbit c /\
  exists res : list Result,
    map (fun r => fst (fst r)) res = partVisits (shQ c) (shPrefix c) (shK c) (shN c) /\
    (forall u0 k e, In (u0, k, e) res ->
       VisitIs (shQ c) (visitTable (shQ c) u0 (shPrefix c)) k /\
       e = extraOf (shQ c) (wosOf (shQ c)) (visitTable (shQ c) u0 (shPrefix c))) /\
    forall k, lookupRow k (shCounts c) = (shOrbit c * 2 ^ Z.of_nat (shQ c + 1) * sumRes k res)%Z.

(* THE REFLECTION LEMMA (ours). *)
Theorem checkShard_sound : forall c, checkShard c = true -> ShardIs c.
Proof.
  intros c H. unfold ShardIs. unfold checkShard, checkShardWith in H. cbn [ctxOf cxPerms cxPos] in H. repeat rewrite andb_true_iff in H.
  destruct H as [[[[Hq Hleast] Horb] Hpairs] Hres]. split; [| split].
  - intros img Hi. rewrite forallb_forall in Hleast. apply Z.leb_le, Hleast, Hi.
  - apply Z.eqb_eq, Horb.
  - destruct (shardResults (ctxOf (shQ c)) c) as [res |] eqn:E; [| discriminate]. exists res.
    unfold shardResults in E. cbv zeta in E. cbn [ctxOf cxCands cxBigs cxUnits cxWos cxN2q] in E.
    destruct (walk (shQ c) (popCtx (shQ c)) (candidates (shQ c)) (map (bigTable (shQ c)) (seq 0 (S (shQ c)))) (unitIdx (shQ c))
      (wosOf (shQ c)) (Z.shiftl (shPrefix c) (Z.of_nat (2 ^ (shQ c - 1))))
      (pbuild 64 (indexed 0 (shPairs c) (shQ c)) (Z.of_nat (length (shPairs c))))
      (partVisits (shQ c) (shPrefix c) (shK c) (shN c)) (shUse c) []) as [rr |] eqn:W; [| discriminate].
    cbn [option_map] in E. injection E as <-. unfold rev' in *. rewrite <- rev_alt in *.
    assert (Ht : forall x, pIn x (pbuild 64 (indexed 0 (shPairs c) (shQ c)) (Z.of_nat (length (shPairs c)))) ->
      exists p, In p (shPairs c) /\ pairOK (shQ c) p = true /\ x = prep (shQ c) p).
    { intros x Hx. destruct (pbuild_in _ _ _ _ Hx) as [i Hi]. destruct (indexed_in _ _ _ _ _ Hi) as [p [Hp ->]].
      exists p. rewrite forallb_forall in Hpairs. split; [exact Hp | split; [apply Hpairs, Hp | reflexivity]]. }
    destruct (walk_sound _ _ _ _ _ _ _ _ Ht W) as [done [Hd [Hmap Hdone]]]. rewrite app_nil_r in Hd. subst rr.
    split; [exact Hmap |]. split.
    + intros u0 k e Hin. apply in_rev in Hin. exact (Hdone u0 k e Hin).
    + intros k. unfold claimedOK in Hres. apply andb_prop in Hres as [H1 H2]. rewrite forallb_forall in H1, H2.
      rewrite <- rowOf_lookup.
      destruct (existsb (fun kn => keyEqb k (fst kn)) (shCounts c)) eqn:Ek.
      * apply existsb_exists in Ek as [[k' n] [Hin Hk]]. apply keyEqb_eq in Hk. cbn [fst] in Hk. subst k'.
        apply Z.eqb_eq, (H1 (k, n) Hin).
      * assert (Hc0 : forall row, (forall kn, In kn row -> keyEqb k (fst kn) = false) -> lookupRow k row = 0%Z).
        { intros row Hr. induction row as [| [k' n] rest IH]; [reflexivity |].
          assert (E0 : keyEqb k k' = false) by exact (Hr (k', n) (or_introl eq_refl)). cbn [lookupRow].
          rewrite E0, IH by (intros kn Hkn; apply Hr; right; exact Hkn). reflexivity. }
        assert (Hnot : forall kn, In kn (shCounts c) -> keyEqb k (fst kn) = false).
        { intros kn Hkn. destruct (keyEqb k (fst kn)) eqn:E; [| reflexivity].
          assert (existsb (fun kn => keyEqb k (fst kn)) (shCounts c) = true) by (apply existsb_exists; exists kn; split; assumption).
          congruence. }
        rewrite (Hc0 _ Hnot), (Hc0 (rowOf (rev done))); [lia |].
        intros kn Hkn. destruct (keyEqb k (fst kn)) eqn:E; [| reflexivity]. apply keyEqb_eq in E.
        destruct (proj1 (existsb_exists _ _) (H2 kn Hkn)) as [kn' [Hin' Hk']]. apply keyEqb_eq in Hk'.
        assert (existsb (fun kn => keyEqb k (fst kn)) (shCounts c) = true).
        { apply existsb_exists. exists kn'. split; [exact Hin' |]. apply keyEqb_eq. congruence. }
        congruence.
Qed.

(* --- The FORMAT.md example: the shard R = {{1, 2}} of q = 3 (table 8), two visits ---------- *)

Definition exampleShard : ShardIn :=
  mkShardIn 3 8 0 1 1
    [mkPairIn 1 [(7, 1)]%Z [1; 0; 0]%Z [7]%Z; mkPairIn 1 [(3, 1)]%Z [0; 1; 0]%Z [3]%Z]
    [0; 1]%Z [((1 # 1, 0, 1, 1)%nat, 48%Z)].

Example example_shard : checkShard exampleShard = true.
Proof. vm_compute. reflexivity. Qed.

(* Refused: a visit missing; pair 0 named for the second visit; orbit 2; a count changed; a dual
   entry lowered; part 0/2 with both uses. *)
Example example_refusals :
  map checkShard
    [mkShardIn 3 8 0 1 1 (shPairs exampleShard) [0]%Z (shCounts exampleShard);
     mkShardIn 3 8 0 1 1 (shPairs exampleShard) [0; 0]%Z (shCounts exampleShard);
     mkShardIn 3 8 0 1 2 (shPairs exampleShard) [0; 1]%Z (shCounts exampleShard);
     mkShardIn 3 8 0 1 1 (shPairs exampleShard) [0; 1]%Z [((1 # 1, 0, 1, 1)%nat, 47%Z)];
     mkShardIn 3 8 0 1 1 [mkPairIn 1 [(7, 1)]%Z [1; 0; 0]%Z [7]%Z; mkPairIn 1 [(3, 1)]%Z [1; 0; 0]%Z [3]%Z] [0; 1]%Z
       (shCounts exampleShard);
     mkShardIn 3 8 0 2 1 (shPairs exampleShard) [0; 1]%Z (shCounts exampleShard)]
  = repeat false 6.
Proof. vm_compute. reflexivity. Qed.

(* The program's entry: the same checker with the q-context computed once per q. *)
Theorem checkShardWith_sound : forall c, checkShardWith (ctxOf (shQ c)) c = true -> ShardIs c.
Proof. intros c H. exact (checkShard_sound c H). Qed.

Print Assumptions checkShard_sound.
Print Assumptions checkShardWith_sound.
