(* CensusClassesCheck.v -- the checker of certificate kind `census-classes` (ours;
   certificates/FORMAT.md section 12, docs/census.md) with its reflection lemma. An entry is an
   up-set U of nonempty sets of q points, given as a bit table (an integer: bit m is the set of
   mask m, coordinate i = bit q-1-i, which is position m of the truth table, model/Families.v's
   ttFun), and claims fbs, s, bs and C of the monotone function U at 0^q. The lemma
   checkCensusEntry_sound states, in the model's words, that nu*, sigma, nu and tau of the
   family of minimal members of U (model/Antichains.v) are the claimed values, and, the other
   side of Lemma 1 (theorems/CensusLemmas.v, lemma_1), that FbsValue, SensitivityIs,
   BlockSensitivityIs and CertificateComplexityIs of the function U at 0^q are. bs: the packing
   gives the lower bound, bs = floor(fbs) the upper one (MeasureChain's packing-as-weights
   argument); otherwise the exhaustive search of checkers/MeasureCheck.v (checkBS). Checked by
   coqc 8.16 (coq/check.sh). *)

From Coq Require Import QArith ZArith List Bool PeanoNat Lia Lqa.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert Measures Families SymmetricCheck ExhaustiveCheck MeasureCheck
  MeasureChain Antichains CensusLemmas.
Import ListNotations.

(* --- The objects the statement names ------------------------------------------------------ *)

(* The index of an input y in a truth table: y_1 .. y_q read in binary, y_1 the most
   significant bit (model/Families.v's bitsIndex, in Z). *)
Fixpoint zIndex (acc : Z) (y : list bool) : Z :=
  match y with [] => acc | b :: r => zIndex (2 * acc + (if b then 1 else 0))%Z r end.

(* The monotone function U: U(y) = 1 iff bit (index of y) of the table is set, i.e. iff the
   set y (a q-bit input) is in U. *)
Definition upFun (table : Z) : Agg := fun y => Z.testbit table (zIndex 0 y).

(* The family U of q-bit blocks. *)
Definition UpFam (q : nat) (table : Z) : Fam := fun B => length B = q /\ upFun table B = true.

(* --- U evaluated fast: the table split into a binary tree, one branch per coordinate ------ *)

Inductive btree := BLeaf (b : bool) | BNode (l r : btree).

(* The leaf of the input y: coordinate 1 chooses the branch first. *)
Fixpoint blookup (t : btree) (y : list bool) : bool :=
  match t, y with
  | BNode l r, b :: y' => blookup (if b then r else l) y'
  | BLeaf b, _ => b
  | BNode _ _, [] => false
  end.

(* [2^(2^(n-1)); ..; 2^(2^0)]: the moduli splitting a table of 2^n bits in halves. *)
Fixpoint pows (n : nat) : list Z :=
  match n with
  | O => []
  | S n' => (match pows n' with [] => 2 | p :: _ => p * p end)%Z :: pows n'
  end.

(* The tree of a table: the low half of its bits (coordinate 1 = 0) left, the high half right
   (Z.modulo and Z.div, Zarith's in the program). *)
Fixpoint bbuild (ps : list Z) (tbl : Z) : btree :=
  match ps with
  | [] => BLeaf (Z.odd tbl)
  | p :: ps' => BNode (bbuild ps' (Z.modulo tbl p)) (bbuild ps' (Z.div tbl p))
  end.

(* What an accepted entry proves: the four measures of the minimal members of U, and (Lemma 1)
   fbs, s, bs and C of the function U at 0^q. *)
Definition CensusEntryIs (q : nat) (table : Z) (v : Q) (s bs c : nat) : Prop :=
  NuStarIs q (MinimalOf q (UpFam q table)) v /\ SigmaIs q (MinimalOf q (UpFam q table)) s /\
  NuIs q (MinimalOf q (UpFam q table)) bs /\ TauIs q (MinimalOf q (UpFam q table)) c /\
  FbsValue (upFun table) (zeros q) v /\ SensitivityIs (upFun table) (zeros q) s /\
  BlockSensitivityIs (upFun table) (zeros q) bs /\
  CertificateComplexityIs (upFun table) (zeros q) c.

(* --- The checker -------------------------------------------------------------------------- *)

(* floor(v) for v >= 0. *)
Definition floorQ (v : Q) : Z := Z.div (Qnum v) (Zpos (Qden v)).

(* The packing: q-bit sensitive blocks, pairwise disjoint, k of them (checkBS's first part). *)
Definition packingb (f : Agg) (z : list bool) (packing : list (list bool)) (k : nat) : bool :=
  forallb (fun B => Nat.eqb (length B) (length z) && sensb f z B) packing
  && pairwiseb (length z) packing && Nat.eqb (length packing) k.

(* No block weighted twice (FORMAT.md: masks distinct). *)
Fixpoint distinctb (Bs : list (list bool)) : bool :=
  match Bs with
  | [] => true
  | B :: rest => negb (existsb (eqMask B) rest) && distinctb rest
  end.

(* The complement of H on the q coordinates. *)
Definition complementOf (q : nat) (H : list bool) : list bool := map (fun i => negb (nth i H false)) (seq 0 q).

(* C at 0^q when f(0^q) = 0: H is a certificate of k coordinates, and f = 1 on every input
   of more than q - k ones (so the complement of a smaller set, which agrees with 0^q on it,
   is no counterexample to f = 0 there: no smaller certificate). 2^q evaluations. *)
Definition checkCzero (f : Agg) (q : nat) (H : list bool) (k : nat) : bool :=
  certb f (zeros q) H && Nat.eqb (setSize q H) k
  && forallb (fun y => implb (Nat.ltb q (k + setSize q y)) (f y)) (allMasks q).

(* One entry: the empty set not in U; s by its coordinates (sw), C by a smallest certificate
   (H), fbs by the two LPs (ws, t), bs by the packing and floor(fbs) or the exhaustive search. *)
Definition checkCensusEntry (q : nat) (table : Z) (ws : list (list bool * Q)) (t : list Q) (v : Q)
  (sw : list nat) (s : nat) (H : list bool) (c : nat) (packing : list (list bool)) (bs : nat) : bool :=
  let tree := bbuild (pows q) table in
  let f := blookup tree in
  let z := zeros q in
  negb (f z) && checkS f z sw s && checkCzero f q H c
  && distinctb (map fst ws) && checkExhaustive f z ws t v
  && ((Z.eqb (Z.of_nat bs) (floorQ v) && packingb f z packing bs) || checkBS f z packing bs).

(* --- Soundness ---------------------------------------------------------------------------- *)

Lemma packingb_disjoint : forall f z packing k, packingb f z packing k = true ->
  DisjointSensitive f z packing /\ length packing = k.
Proof.
  intros f z P k H. unfold packingb in H. apply andb_prop in H as [H Hk]. apply andb_prop in H as [Hs Hp].
  apply Nat.eqb_eq in Hk. split; [split |]; [| apply pairwiseb_sound; exact Hp | exact Hk].
  intros B HB. rewrite forallb_forall in Hs. specialize (Hs B HB). apply andb_prop in Hs as [Hl Hs].
  split; [apply Nat.eqb_eq; exact Hl | apply sensitive_of_sensb; exact Hs].
Qed.

(* Every packing weighs at most v as a primal solution (MeasureChain.bs_le_fbs's argument), so
   it has at most floor(v) blocks. *)
Lemma packing_le_floor : forall f z v Bs, FbsValue f z v -> DisjointSensitive f z Bs ->
  (Z.of_nat (length Bs) <= floorQ v)%Z.
Proof.
  intros f z v Bs [[_ Hmax] _] [HB Hp].
  assert (Hle : natQ (length Bs) <= v).
  { rewrite <- unitWeights_value. apply Hmax. split.
    - intros Jw HJw. apply in_map_iff in HJw as [B [<- HBin]]. cbn [fst snd].
      destruct (HB B HBin) as [H1 H2]. split; [lra | split; assumption].
    - intros i Hi. apply (load_pairwise (length z)); assumption. }
  unfold natQ, inject_Z, Qle in Hle. cbn [Qnum Qden] in Hle. unfold floorQ.
  apply Z.div_le_lower_bound; [lia |]. lia.
Qed.

Lemma filter_negb_length : forall (X : Type) (p : X -> bool) l,
  (length (filter (fun x => negb (p x)) l) + length (filter p l) = length l)%nat.
Proof. intros X p l. induction l as [| a l IH]; [reflexivity |]. simpl. destruct (p a); simpl; lia. Qed.

Lemma nth_complement : forall q H i, (i < q)%nat -> nth i (complementOf q H) false = negb (nth i H false).
Proof.
  intros q H i Hi. unfold complementOf. set (g := fun j => negb (nth j H false)).
  rewrite (nth_indep _ false (g 0%nat)) by (rewrite map_length, seq_length; exact Hi).
  rewrite map_nth, seq_nth by exact Hi. reflexivity.
Qed.

Lemma setSize_complement : forall q H, (setSize q (complementOf q H) + setSize q H = q)%nat.
Proof.
  intros q H. unfold setSize.
  rewrite (filter_ext_in (fun i => nth i (complementOf q H) false) (fun i => negb (nth i H false))).
  - rewrite filter_negb_length, seq_length. reflexivity.
  - intros i Hi. apply in_seq in Hi. apply nth_complement. lia.
Qed.

Lemma checkCzero_sound : forall f q H k, f (zeros q) = false -> checkCzero f q H k = true ->
  CertificateComplexityIs f (zeros q) k.
Proof.
  intros f q H k H0 Hc. unfold checkCzero in Hc. apply andb_prop in Hc as [Hc Hall].
  apply andb_prop in Hc as [Hc Hk]. apply Nat.eqb_eq in Hk. rewrite forallb_forall in Hall. split.
  - exists H. split; [apply certb_sound; exact Hc | rewrite zeros_length; exact Hk].
  - intros H' HC. rewrite zeros_length.
    assert (Hy : length (complementOf q H') = q) by (unfold complementOf; rewrite map_length, seq_length; reflexivity).
    assert (Fy : f (complementOf q H') = f (zeros q)).
    { apply HC; [rewrite zeros_length; exact Hy |]. intros i Hi EH. rewrite zeros_length in Hi.
      rewrite nth_complement by exact Hi. rewrite EH, nth_zeros. reflexivity. }
    specialize (Hall _ (in_allMasks_q _ _ Hy)). assert (Hs := setSize_complement q H').
    destruct (Nat.ltb q (k + setSize q (complementOf q H'))) eqn:E.
    + simpl in Hall. congruence.
    + apply Nat.ltb_ge in E. lia.
Qed.

Lemma bs_of_check : forall f z v packing bs, FbsValue f z v ->
  (Z.eqb (Z.of_nat bs) (floorQ v) && packingb f z packing bs) || checkBS f z packing bs = true ->
  BlockSensitivityIs f z bs.
Proof.
  intros f z v P bs Hv H. apply orb_prop in H as [H | H]; [| apply (checkBS_sound _ _ P); exact H].
  apply andb_prop in H as [Hf Hp]. apply Z.eqb_eq in Hf. destruct (packingb_disjoint _ _ _ _ Hp) as [HD Hl].
  split; [exists P; split; assumption |]. intros Bs HBs. assert (E := packing_le_floor f z v Bs Hv HBs). lia.
Qed.

Lemma zIndex_acc : forall y acc, zIndex acc y = (acc * 2 ^ Z.of_nat (length y) + zIndex 0 y)%Z.
Proof.
  induction y as [| b y IH]; intros acc; cbn [zIndex length]; [simpl; lia |].
  rewrite (IH (2 * acc + _)%Z), (IH (2 * 0 + _)%Z). rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia. ring.
Qed.

Lemma zIndex_bound : forall y, (0 <= zIndex 0 y < 2 ^ Z.of_nat (length y))%Z.
Proof.
  induction y as [| b y IH]; cbn [zIndex length]; [simpl; lia |].
  rewrite zIndex_acc, Nat2Z.inj_succ, Z.pow_succ_r by lia. destruct b; lia.
Qed.

Lemma pows_S : forall n, pows (S n) = (2 ^ (2 ^ Z.of_nat n))%Z :: pows n.
Proof.
  induction n as [| n IH]; [reflexivity |].
  change (pows (S (S n))) with ((match pows (S n) with [] => 2 | p :: _ => p * p end)%Z :: pows (S n)).
  rewrite IH. f_equal. rewrite <- Z.pow_add_r by (apply Z.pow_nonneg; lia).
  f_equal. rewrite Nat2Z.inj_succ, Z.pow_succ_r by lia. ring.
Qed.

(* The tree reads the table: the fast evaluation is U. *)
Lemma bbuild_lookup : forall n tbl y, length y = n ->
  blookup (bbuild (pows n) tbl) y = Z.testbit tbl (zIndex 0 y).
Proof.
  induction n as [| n IH]; intros tbl y Hy.
  - destruct y; [| discriminate]. cbn [pows bbuild blookup zIndex]. symmetry. apply Z.bit0_odd.
  - destruct y as [| b y]; [discriminate |]. injection Hy as Hy. rewrite pows_S. cbn [bbuild blookup zIndex].
    rewrite zIndex_acc, Hy. assert (Hb := zIndex_bound y). rewrite Hy in Hb.
    assert (H2 : (0 <= 2 ^ Z.of_nat n)%Z) by (apply Z.pow_nonneg; lia).
    destruct b; rewrite IH by exact Hy.
    + rewrite Z.div_pow2_bits by lia. f_equal; lia.
    + rewrite Z.mod_pow2_bits_low by lia. f_equal; lia.
Qed.

Lemma fast_is_upFun : forall q table B, length B = q -> blookup (bbuild (pows q) table) B = upFun table B.
Proof. intros q table B HB. apply bbuild_lookup, HB. Qed.

(* The sensitive blocks at 0^q of a function g agreeing with U on q-bit inputs are the members
   of U (the empty set not in U). *)
Lemma sens_zeros_up : forall q table (g : Agg), (forall B, length B = q -> g B = upFun table B) ->
  upFun table (zeros q) = false -> forall B, SensFam g (zeros q) B <-> UpFam q table B.
Proof.
  intros q table g Hg H0 B. unfold SensFam, UpFam, Sensitive. rewrite zeros_length.
  rewrite (Hg (zeros q) (zeros_length q)), H0.
  split; intros [Hl HB]; split; auto.
  - subst q. rewrite flip_zeros, Hg in HB by reflexivity. destruct (upFun table B); [reflexivity | contradiction].
  - subst q. rewrite flip_zeros, Hg, HB by reflexivity. discriminate.
Qed.

(* Two families with the same members (of q bits) have the same four measures. *)
Lemma same_members_reduces : forall q (A A' : Fam), FamOf q A' -> (forall B, A B <-> A' B) -> Reduces q A A'.
Proof.
  intros q A A' HF E. split; [intros B HB; apply E, HB |].
  intros B HB. exists B. split; [apply E, HB | split; [apply HF, HB | apply Sub_refl]].
Qed.

Lemma minimal_up_iff : forall q table (g : Agg), (forall B, length B = q -> g B = upFun table B) ->
  upFun table (zeros q) = false ->
  forall B, MinimalOf q (UpFam q table) B <-> MinimalOf q (SensFam g (zeros q)) B.
Proof.
  intros q table g Hg H0 B. apply MinimalOf_ext. intros B'. symmetry. apply (sens_zeros_up q table g Hg H0).
Qed.

Lemma minimal_up : forall q table (g : Agg), (forall B, length B = q -> g B = upFun table B) ->
  upFun table (zeros q) = false -> Reduces q (MinimalOf q (UpFam q table)) (MinimalOf q (SensFam g (zeros q))).
Proof.
  intros q table g Hg H0. apply same_members_reduces; [| apply (minimal_up_iff q table g Hg H0)].
  intros B [[HB _] _]. rewrite zeros_length in HB. exact HB.
Qed.

(* The four facts at 0^q for a function g agreeing with U on q-bit inputs (the checker's fast
   evaluation) give the entry's statement, by Lemma 1 applied to g and to U. *)
Theorem census_entry_of_measures : forall q table (g : Agg) v s bs c,
  (forall B, length B = q -> g B = upFun table B) -> upFun table (zeros q) = false ->
  FbsValue g (zeros q) v -> SensitivityIs g (zeros q) s ->
  BlockSensitivityIs g (zeros q) bs -> CertificateComplexityIs g (zeros q) c ->
  CensusEntryIs q table v s bs c.
Proof.
  intros q table g v s bs c Hg H0 Hv Hs Hbs Hc.
  destruct (lemma_1 g (zeros q) v s bs c) as [L1 [L2 [L3 L4]]].
  destruct (lemma_1 (upFun table) (zeros q) v s bs c) as [M1 [M2 [M3 M4]]].
  unfold MinSens in L1, L2, L3, L4, M1, M2, M3, M4. rewrite zeros_length in L1, L2, L3, L4, M1, M2, M3, M4.
  assert (Rg := minimal_up q table g Hg H0).
  assert (Ru := minimal_up q table (upFun table) (fun _ _ => eq_refl) H0).
  assert (Eg := fun i (_ : (i < q)%nat) => iff_sym (minimal_up_iff q table g Hg H0 (unitBlock q i))).
  assert (Eu := fun i (_ : (i < q)%nat) =>
    iff_sym (minimal_up_iff q table (upFun table) (fun _ _ => eq_refl) H0 (unitBlock q i))).
  assert (Fv : NuStarIs q (MinimalOf q (UpFam q table)) v) by (apply (reduces_nu_star _ _ _ _ Rg), L1, Hv).
  assert (Fs : SigmaIs q (MinimalOf q (UpFam q table)) s) by (apply (reduces_sigma _ _ _ _ Eg), L2, Hs).
  assert (Fbs : NuIs q (MinimalOf q (UpFam q table)) bs) by (apply (reduces_nu _ _ _ _ Rg), L3, Hbs).
  assert (Fc : TauIs q (MinimalOf q (UpFam q table)) c) by (apply (reduces_tau _ _ _ _ Rg), L4, Hc).
  split; [exact Fv | split; [exact Fs | split; [exact Fbs | split; [exact Fc |]]]].
  split; [apply M1, (reduces_nu_star _ _ _ _ Ru), Fv |].
  split; [apply M2, (reduces_sigma _ _ _ _ Eu), Fs |].
  split; [apply M3, (reduces_nu _ _ _ _ Ru), Fbs |].
  apply M4, (reduces_tau _ _ _ _ Ru), Fc.
Qed.

(* THE REFLECTION LEMMA: an entry the checker accepts proves its four values, in the model's
   words (CensusEntryIs above). *)
Theorem checkCensusEntry_sound : forall q table ws t v sw s H c packing bs,
  checkCensusEntry q table ws t v sw s H c packing bs = true -> CensusEntryIs q table v s bs c.
Proof.
  intros q table ws t v sw s H c P bs Hc. unfold checkCensusEntry in Hc. cbv zeta in Hc.
  apply andb_prop in Hc as [Hc Hbs]. apply andb_prop in Hc as [Hc Hv]. apply andb_prop in Hc as [Hc _].
  apply andb_prop in Hc as [Hc HC]. apply andb_prop in Hc as [H0 Hs]. apply negb_true_iff in H0.
  assert (Fv := checkExhaustive_sound _ _ _ _ _ Hv).
  assert (Hg := fast_is_upFun q table). pose proof H0 as Hf0.
  rewrite (Hg _ (zeros_length q)) in H0.
  apply (census_entry_of_measures q table _ v s bs c Hg H0); [exact Fv | apply (checkS_sound _ _ sw); exact Hs |
    apply (bs_of_check _ _ v P); assumption | apply (checkCzero_sound _ _ H); [exact Hf0 | exact HC]].
Qed.

(* A whole certificate: every entry (a record of the checker's inputs) accepted, with a
   tail-recursive walk over the list (the program's stack). *)
Record CensusEntry := mkCensusEntry {
  ceTable : Z; ceWeights : list (list bool * Q); ceDual : list Q; ceFbs : Q;
  ceSCoords : list nat; ceS : nat; ceCert : list bool; ceC : nat;
  cePacking : list (list bool); ceBs : nat }.

Definition checkEntry (q : nat) (e : CensusEntry) : bool :=
  checkCensusEntry q (ceTable e) (ceWeights e) (ceDual e) (ceFbs e) (ceSCoords e) (ceS e)
    (ceCert e) (ceC e) (cePacking e) (ceBs e).

Fixpoint checkCensusClasses (q : nat) (es : list CensusEntry) : bool :=
  match es with
  | [] => true
  | e :: rest => if checkEntry q e then checkCensusClasses q rest else false
  end.

Theorem checkCensusClasses_sound : forall q es, checkCensusClasses q es = true ->
  forall e, In e es -> CensusEntryIs q (ceTable e) (ceFbs e) (ceS e) (ceBs e) (ceC e).
Proof.
  intros q. induction es as [| e0 es IH]; intros Hc e He; [destruct He |]. simpl in Hc.
  destruct (checkEntry q e0) eqn:E; [| discriminate]. destruct He as [<- | He].
  - apply (checkCensusEntry_sound _ _ _ _ _ _ _ _ _ _ _ E).
  - apply IH; assumption.
Qed.

(* --- The FORMAT.md example: MAJ_3 at 000 (table 0xe8): fbs 3/2, s 0, bs 1, C 2 ----------- *)

Definition maj3Entry : CensusEntry :=
  mkCensusEntry 232%Z
    [([false; true; true], 1 # 2); ([true; false; true], 1 # 2); ([true; true; false], 1 # 2)]
    [1 # 2; 1 # 2; 1 # 2] (3 # 2) [] 0 [false; true; true] 2 [[false; true; true]] 1.

Example maj3_census_entry : CensusEntryIs 3 232%Z (3 # 2) 0 1 2.
Proof. apply (checkCensusEntry_sound _ _ (ceWeights maj3Entry) (ceDual maj3Entry) _ [] _ [false; true; true] _
    [[false; true; true]]). vm_compute. reflexivity. Qed.

(* The function is MAJ_3 (model/Families.v), by computation on its 8 inputs. *)
Example maj3_table : forall y, In y (allMasks 3) -> upFun 232%Z y = eval (MAJ 3) y.
Proof. intros y Hy. repeat (destruct Hy as [<- | Hy]; [reflexivity |]). destruct Hy. Qed.

(* Refused: a wrong s, C, fbs, bs (the packing of 1 claimed as 0 or 2), an overloaded
   coordinate, an infeasible dual, a block outside U, a weight twice, the empty set in U. *)
Example maj3_refusals :
  map (fun e => checkEntry 3 e)
    [mkCensusEntry 232 (ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [0%nat] 1 [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 232 (ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0 [false; false; true] 1 [[false; true; true]] 1;
     mkCensusEntry 232 (ceWeights maj3Entry) (ceDual maj3Entry) 2 [] 0 [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 232 (ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0 [false; true; true] 2 [] 0;
     mkCensusEntry 232 (ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0 [false; true; true] 2
       [[false; true; true]; [true; true; false]] 2;
     mkCensusEntry 232 [([false; true; true], 1); ([true; false; true], 1 # 2); ([true; true; false], 1 # 2)]
       [1 # 2; 1 # 2; 1 # 2] 2 [] 0 [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 232 (ceWeights maj3Entry) [1 # 2; 1 # 2; 0] (3 # 2) [] 0 [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 232 (([false; false; true], 0) :: ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0
       [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 232 (([false; true; true], 0) :: ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0
       [false; true; true] 2 [[false; true; true]] 1;
     mkCensusEntry 233 (ceWeights maj3Entry) (ceDual maj3Entry) (3 # 2) [] 0 [false; true; true] 2 [[false; true; true]] 1]
  = repeat false 10.
Proof. vm_compute. reflexivity. Qed.

(* --- Kind census-shard (FORMAT.md section 13): the facts of one visit -------------------- *)

(* Visit U0 (an up-set on the points 1..q-1) of the shard of prefix R stands for the up-set
   U = U0 | R << 2^(q-1) on q points (coordinate 1 is the top mask bit). *)
Definition visitTable (q : nat) (u0 r : Z) : Z := Z.lor u0 (Z.shiftl r (Z.of_nat (2 ^ (q - 1)))).

(* One visit's fbs, s, bs and C, checked as a census-classes entry of U. What a census-shard
   checker adds (the visits' enumeration, the orbit |K|, the weighted counts) is not here. *)
Definition checkShardVisit (q : nat) (u0 r : Z) (ws : list (list bool * Q)) (t : list Q) (v : Q)
  (sw : list nat) (s : nat) (H : list bool) (c : nat) (packing : list (list bool)) (bs : nat) : bool :=
  checkCensusEntry q (visitTable q u0 r) ws t v sw s H c packing bs.

Theorem checkShardVisit_sound : forall q u0 r ws t v sw s H c packing bs,
  checkShardVisit q u0 r ws t v sw s H c packing bs = true -> CensusEntryIs q (visitTable q u0 r) v s bs c.
Proof. intros q u0 r ws t v sw s H c P bs E. exact (checkCensusEntry_sound _ _ _ _ _ _ _ _ _ _ _ E). Qed.

(* MAJ_3 at 000 as the visit U0 = {x2, x3} (table 8) of the shard R = the nonempty sets of
   {x2, x3} (table 14): U = 8 | 14 << 4 = 232. *)
Example maj3_visit : CensusEntryIs 3 (visitTable 3 8 14) (3 # 2) 0 1 2.
Proof. apply (checkShardVisit_sound _ _ _ (ceWeights maj3Entry) (ceDual maj3Entry) _ [] _ [false; true; true] _
    [[false; true; true]]). vm_compute. reflexivity. Qed.

Print Assumptions checkCensusEntry_sound.
Print Assumptions checkCensusClasses_sound.
Print Assumptions checkShardVisit_sound.
