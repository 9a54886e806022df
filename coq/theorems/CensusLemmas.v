(* CensusLemmas.v -- the census reduction (ours, docs/census.md): Lemma 1 (fbs, s, bs and C
   at an input are nu*, sigma, nu and tau of the minimal sensitive blocks M(f, z)), Lemma 3
   (the four measures, |A| and |up(A)| are invariant under coordinate permutations), Lemma 2's
   parts (the translation f -> f(x XOR .), the bijection h <-> (h(0), S(h, 0)), the
   characterisation "S has minimal members A iff A <= S <= up(A)" and the count of such S),
   the class-sum theorem's regrouping, and Lemma 4 (an up-set without the empty block is a pair
   U0 <= U1 of up-sets on one coordinate fewer). Over model/Antichains.v, model/Measures.v and
   model/FbsModel.v's FbsValue, with no LP duality theorem. Checked by coqc 8.16
   (coq/check.sh); every Print Assumptions at the end must answer "Closed under the global
   context". *)

From Coq Require Import QArith Lqa List Lia Bool PeanoNat Permutation.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert Measures SymmetricCheck ExhaustiveCheck
  MeasureCheck MeasureChain Families Antichains.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Blocks as sets                                                                             *)
(* ======================================================================================== *)

Lemma Sub_refl : forall q B, Sub q B B.
Proof. intros q B i _ H. exact H. Qed.

Lemma Sub_trans : forall q B C D, Sub q B C -> Sub q C D -> Sub q B D.
Proof. intros q B C D H1 H2 i Hi HB. apply H2, H1; assumption. Qed.

(* Two q-bit blocks inside each other are equal. *)
Lemma Sub_antisym : forall q B C, length B = q -> length C = q -> Sub q B C -> Sub q C B -> B = C.
Proof.
  intros q B C HB HC H1 H2. apply nth_ext with (d := false) (d' := false); [congruence |].
  intros i Hi. rewrite HB in Hi. destruct (nth i B false) eqn:E1, (nth i C false) eqn:E2; auto.
  - rewrite (H1 i Hi E1) in E2. discriminate.
  - rewrite (H2 i Hi E2) in E1. discriminate.
Qed.

Lemma trunc_id : forall q B, length B = q -> trunc q B = B.
Proof.
  intros q B HB. apply nth_ext with (d := false) (d' := false); [rewrite MeasureCheck.trunc_length; auto |].
  intros i Hi. rewrite MeasureCheck.trunc_length in Hi. apply trunc_nth. exact Hi.
Qed.

(* A q-bit block B with a coordinate of a block C inside it missing is larger than C. *)
Lemma setSize_lt : forall q B C i, Sub q C B -> (i < q)%nat -> nth i C false = false ->
  nth i B false = true -> (setSize q C < setSize q B)%nat.
Proof. intros q B C i H Hi HC HB. unfold setSize. apply (count_lt q _ _ i); auto. Qed.

Lemma subb_Sub : forall q B C, subb q B C = true <-> Sub q B C.
Proof.
  intros q B C. unfold subb, Sub. rewrite forallb_forall. split.
  - intros H i Hi HB. assert (E := H i (proj2 (in_seq _ _ _) (conj (Nat.le_0_l i) Hi))).
    rewrite HB in E. exact E.
  - intros H i Hi. apply in_seq in Hi. destruct (nth i B false) eqn:E; [| reflexivity].
    simpl. apply H; [lia | exact E].
Qed.

(* ======================================================================================== *)
(* Every member of a finite family contains a minimal member                                 *)
(* ======================================================================================== *)

Definition neqb (C B : list bool) : bool := if list_eq_dec Bool.bool_dec C B then false else true.

(* A q-bit block C inside B and different from B misses a coordinate of B. *)
Lemma strict_sub_gap : forall q B C, length B = q -> length C = q -> Sub q C B -> C <> B ->
  exists i, (i < q)%nat /\ nth i C false = false /\ nth i B false = true.
Proof.
  intros q B C HB HC Hs Ne.
  destruct (existsb (fun i => negb (nth i C false) && nth i B false) (seq 0 q)) eqn:F.
  - apply existsb_exists in F as [i [Hi F]]. apply in_seq in Hi. apply andb_prop in F as [F1 F2].
    exists i. split; [lia | split; [apply negb_true_iff; exact F1 | exact F2]].
  - exfalso. apply Ne. apply (Sub_antisym q); [exact HC | exact HB | exact Hs |].
    intros i Hi HBi. destruct (nth i C false) eqn:EC; [reflexivity |].
    assert (existsb (fun i => negb (nth i C false) && nth i B false) (seq 0 q) = true)
      by (apply existsb_exists; exists i; split; [apply in_seq; lia | rewrite EC, HBi; reflexivity]).
    congruence.
Qed.

(* For a family given by a boolean test: strong induction on the size of the member. *)
Lemma covers_minimal : forall q (a : list bool -> bool) B, famOfb q a B ->
  exists B', MinimalOf q (famOfb q a) B' /\ Sub q B' B.
Proof.
  intros q a. assert (H : forall n B, (setSize q B <= n)%nat -> famOfb q a B ->
    exists B', MinimalOf q (famOfb q a) B' /\ Sub q B' B); [| intros B; apply (H _ B (le_n _))].
  induction n as [| n IH]; intros B Hs HB;
    destruct (existsb (fun C => a C && subb q C B && neqb C B) (allMasks q)) eqn:E.
  2, 4: exists B; split; [split; [exact HB |] | apply Sub_refl];
        intros B' [HB'l HB'] Hsub; destruct (list_eq_dec Bool.bool_dec B' B) as [| Ne]; [assumption |];
        assert (Hin : In B' (allMasks q)) by (apply in_allMasks_q; exact HB'l);
        assert (existsb (fun C => a C && subb q C B && neqb C B) (allMasks q) = true)
          by (apply existsb_exists; exists B'; split; [exact Hin |];
              rewrite HB', (proj2 (subb_Sub q B' B) Hsub); unfold neqb;
              destruct (list_eq_dec Bool.bool_dec B' B); [contradiction | reflexivity]);
        congruence.
  all: apply existsb_exists in E as [C [HCin E]]; apply andb_prop in E as [E Hne];
       apply andb_prop in E as [Ha Hsub]; apply subb_Sub in Hsub;
       assert (HCl := allMasks_length _ _ HCin); unfold neqb in Hne;
       destruct (list_eq_dec Bool.bool_dec C B) as [-> | Ne]; [discriminate |];
       destruct (strict_sub_gap q B C (proj1 HB) HCl Hsub Ne) as [i [Hi [HCi HBi]]];
       assert (Hlt := setSize_lt q B C i Hsub Hi HCi HBi).
  - lia.
  - destruct (IH C ltac:(lia) (conj HCl Ha)) as [B' [HM HS]]. exists B'.
    split; [exact HM | exact (Sub_trans q _ _ _ HS Hsub)].
Qed.

(* The sensitive family is the boolean family of sensb. *)
Lemma SensFam_b : forall f z B, SensFam f z B <-> famOfb (length z) (sensb f z) B.
Proof.
  intros f z B. split; intros [Hl H]; split; auto.
  - apply sensb_of_sensitive. exact H.
  - apply sensitive_of_sensb. exact H.
Qed.

Lemma MinimalOf_ext : forall q A A', (forall B, A B <-> A' B) -> forall B, MinimalOf q A B <-> MinimalOf q A' B.
Proof.
  intros q A A' E B. split; intros [HB Hm]; (split; [apply E; exact HB |]); intros B' HB' Hs;
    (apply Hm; [apply E; exact HB' | exact Hs]).
Qed.

(* Every sensitive block contains a minimal one (docs/census.md, Lemma 1's first line). *)
Lemma sensitive_covered : forall f z B, SensFam f z B -> exists B', MinSens f z B' /\ Sub (length z) B' B.
Proof.
  intros f z B HB. apply SensFam_b in HB. destruct (covers_minimal _ _ _ HB) as [B' [HM HS]].
  exists B'. split; [| exact HS]. unfold MinSens.
  apply (MinimalOf_ext _ _ _ (SensFam_b f z)). exact HM.
Qed.

(* ======================================================================================== *)
(* A family and one inside it covering it have the same measures                             *)
(* ======================================================================================== *)

(* A <= A', every member of A' contains a member of A (of q bits), and the one-element members
   agree. *)
Definition Reduces (q : nat) (A A' : Fam) : Prop :=
  (forall B, A B -> A' B) /\ (forall B, A' B -> exists B', A B' /\ length B' = q /\ Sub q B' B).

Lemma load_cons : forall B w ws i, load ((B, w) :: ws) i == (if nth i B false then w else 0) + load ws i.
Proof. reflexivity. Qed.

(* Moving each weight of a packing of A' onto a member of A inside its block. *)
Lemma move_packing : forall q A A', Reduces q A A' -> forall ws,
  (forall Jw, In Jw ws -> 0 <= snd Jw /\ A' (fst Jw)) ->
  exists ws', (forall Jw, In Jw ws' -> 0 <= snd Jw /\ A (fst Jw)) /\ primalValue ws' == primalValue ws /\
    forall i, (i < q)%nat -> load ws' i <= load ws i.
Proof.
  intros q A A' [_ Hcov]. induction ws as [| [B w] ws IH]; intros H.
  - exists []. split; [intros _ [] |]. split; [reflexivity | intros; apply Qle_refl].
  - destruct (H (B, w) (or_introl eq_refl)) as [Hw HB]. cbn [fst snd] in Hw, HB.
    destruct (Hcov B HB) as [B' [HB' [_ Hs]]].
    destruct IH as [ws' [H1 [H2 H3]]]; [intros Jw HJw; apply H; right; exact HJw |].
    exists ((B', w) :: ws'). split; [| split].
    + intros Jw [<- | HJw]; [split; assumption | apply H1; exact HJw].
    + unfold primalValue in *. simpl. rewrite H2. reflexivity.
    + intros i Hi. rewrite !load_cons. assert (H3' := H3 i Hi).
      destruct (nth i B' false) eqn:E; [rewrite (Hs i Hi E) |]; destruct (nth i B false); lra.
Qed.

Lemma blockWeight_mono : forall q t B B', (forall i, 0 <= nth i t 0) -> Sub q B' B ->
  blockWeight q t B' <= blockWeight q t B.
Proof.
  intros q t B B' Ht Hs. unfold blockWeight. apply qsum_le. intros i Hi.
  destruct (nth i B' false) eqn:E; [rewrite (Hs i Hi E); lra |]. destruct (nth i B false); [apply Ht | lra].
Qed.

Lemma reduces_nu_star : forall q A A' v, Reduces q A A' -> NuStarIs q A' v <-> NuStarIs q A v.
Proof.
  intros q A A' v HR. assert (HR' := HR). destruct HR' as [Hin Hcov].
  assert (P1 : forall ws, FracPrimalFeasible q A ws -> FracPrimalFeasible q A' ws).
  { intros ws [H1 H2]. split; [| exact H2]. intros Jw HJw. destruct (H1 Jw HJw). split; auto. }
  assert (P2 : forall ws, FracPrimalFeasible q A' ws ->
            exists ws', FracPrimalFeasible q A ws' /\ primalValue ws' == primalValue ws).
  { intros ws [H1 H2]. destruct (move_packing q A A' HR ws H1) as [ws' [H1' [H2' H3']]].
    exists ws'. split; [split; [exact H1' |] | exact H2'].
    intros i Hi. apply (Qle_trans _ _ _ (H3' i Hi) (H2 i Hi)). }
  assert (D : forall t, FracDualFeasible q A' t <-> FracDualFeasible q A t).
  { intros t. split; intros [H1 H2]; split; auto.
    intros B HB. destruct (Hcov B HB) as [B' [HB' [_ Hs]]].
    apply (Qle_trans _ _ _ (H2 B' HB')). apply blockWeight_mono; assumption. }
  unfold NuStarIs. split; intros [[[ws [Hws Hv]] Hmax] [[t [Ht Htv]] Hmin]]; split; split.
  - destruct (P2 ws Hws) as [ws' [H1 H2]]. exists ws'. split; [exact H1 | rewrite H2; exact Hv].
  - intros ws' H. apply Hmax, P1, H.
  - exists t. split; [apply D, Ht | exact Htv].
  - intros t' H. apply Hmin, D, H.
  - exists ws. split; [apply P1, Hws | exact Hv].
  - intros ws' H. destruct (P2 ws' H) as [ws'' [H1 H2]]. rewrite <- H2. apply Hmax, H1.
  - exists t. split; [apply D, Ht | exact Htv].
  - intros t' H. apply Hmin, D, H.
Qed.

(* Replacing each block of a packing by a member of A inside it (each new block lies inside an
   old one, so the new blocks stay pairwise disjoint). *)
Lemma move_disjoint_in : forall q A A', Reduces q A A' -> forall Bs,
  (forall B, In B Bs -> A' B) -> Pairwise q Bs ->
  exists Bs', (forall B, In B Bs' -> A B) /\ Pairwise q Bs' /\ length Bs' = length Bs /\
    forall C', In C' Bs' -> exists C, In C Bs /\ Sub q C' C.
Proof.
  intros q A A' [_ Hcov]. induction Bs as [| B Bs IH]; intros H HP.
  - exists []. split; [intros _ [] | split; [exact I | split; [reflexivity | intros _ []]]].
  - destruct HP as [Hd HP]. destruct (Hcov B (H B (or_introl eq_refl))) as [B' [HB' [_ Hs]]].
    destruct (IH (fun C HC => H C (or_intror HC)) HP) as [Bs' [H1 [H2 [H3 H4]]]].
    exists (B' :: Bs'). split; [intros C [<- | HC]; [exact HB' | apply H1, HC] |].
    split; [split; [| exact H2] | split; [simpl; rewrite H3; reflexivity |]].
    + intros C' HC' i Hi. destruct (H4 C' HC') as [C [HC Hs']].
      destruct (Hd C HC i Hi) as [E | E]; [left | right].
      * destruct (nth i B' false) eqn:E'; [rewrite (Hs i Hi E') in E |]; congruence.
      * destruct (nth i C' false) eqn:E'; [rewrite (Hs' i Hi E') in E |]; congruence.
    + intros C' [<- | HC']; [exists B; split; [left; reflexivity | exact Hs] |].
      destruct (H4 C' HC') as [C [HC Hs']]. exists C. split; [right; exact HC | exact Hs'].
Qed.

Lemma move_disjoint : forall q A A', Reduces q A A' -> forall Bs,
  (forall B, In B Bs -> A' B) -> Pairwise q Bs ->
  exists Bs', (forall B, In B Bs' -> A B) /\ Pairwise q Bs' /\ length Bs' = length Bs.
Proof.
  intros q A A' HR Bs H HP. destruct (move_disjoint_in q A A' HR Bs H HP) as [Bs' [H1 [H2 [H3 _]]]].
  exists Bs'. auto.
Qed.

Lemma reduces_nu : forall q A A' k, Reduces q A A' -> NuIs q A' k <-> NuIs q A k.
Proof.
  intros q A A' k HR. assert (HR' := HR). destruct HR' as [Hin _]. unfold NuIs.
  split; intros [[Bs [H1 [H2 H3]]] Hmax]; split.
  - destruct (move_disjoint q A A' HR Bs H1 H2) as [Bs' [H1' [H2' H3']]]. exists Bs'.
    split; [exact H1' | split; [exact H2' | congruence]].
  - intros Bs' H1' H2'. apply Hmax; [intros B HB; apply Hin, H1', HB | exact H2'].
  - exists Bs. split; [intros B HB; apply Hin, H1, HB | split; assumption].
  - intros Bs' H1' H2'. destruct (move_disjoint q A A' HR Bs' H1' H2') as [Bs'' [H1'' [H2'' H3'']]].
    rewrite <- H3''. apply Hmax; assumption.
Qed.

Lemma reduces_transversal : forall q A A' H, Reduces q A A' -> Transversal q A' H <-> Transversal q A H.
Proof.
  intros q A A' H [Hin Hcov]. split; intros HT B HB.
  - apply HT, Hin, HB.
  - destruct (Hcov B HB) as [B' [HB' [_ Hs]]]. destruct (HT B' HB') as [i [Hi [E1 E2]]].
    exists i. split; [exact Hi | split; [apply Hs; assumption | exact E2]].
Qed.

Lemma reduces_tau : forall q A A' k, Reduces q A A' -> TauIs q A' k <-> TauIs q A k.
Proof.
  intros q A A' k HR. unfold TauIs.
  split; intros [[H [H1 H2]] Hmin]; split; try (exists H; split; [apply (reduces_transversal q A A' H HR), H1 | exact H2]);
    intros H' HT; apply Hmin, (reduces_transversal q A A' H' HR), HT.
Qed.

Lemma reduces_sigma : forall q A A' k, (forall i, (i < q)%nat -> A' (unitBlock q i) <-> A (unitBlock q i)) ->
  SigmaIs q A' k <-> SigmaIs q A k.
Proof.
  intros q A A' k E. unfold SigmaIs.
  split; intros [S [H1 [H2 H3]]]; exists S; (split; [exact H1 | split; [exact H2 |]]); intros i;
    rewrite H3; split; intros [Hi H]; (split; [exact Hi | apply E; assumption]).
Qed.

(* ======================================================================================== *)
(* Lemma 1 (ours): the four measures at an input are those of M(f, z)                        *)
(* ======================================================================================== *)

Lemma min_sens_reduces : forall f z, Reduces (length z) (MinSens f z) (SensFam f z).
Proof.
  intros f z. split; [intros B [HB _]; exact HB |].
  intros B HB. destruct (sensitive_covered f z B HB) as [B' [HM Hs]].
  exists B'. split; [exact HM | split; [exact (proj1 (proj1 HM)) | exact Hs]].
Qed.

Lemma unitBlock_length : forall q i, length (unitBlock q i) = q.
Proof. intros. unfold unitBlock. rewrite map_length, seq_length. reflexivity. Qed.

(* A sensitive one-element block is minimal. *)
Lemma unit_minimal : forall f z i, (i < length z)%nat ->
  SensFam f z (unitBlock (length z) i) <-> MinSens f z (unitBlock (length z) i).
Proof.
  intros f z i Hi. split; [| intros [H _]; exact H]. intros HS. split; [exact HS |].
  intros B' [HB'l HB'] Hs. destruct (sensitive_nonempty f z B' HB') as [j [Hj Ej]].
  assert (Hji : j = i) by (assert (E := Hs j Hj Ej); rewrite unitBlock_nth in E by exact Hj;
                           apply Nat.eqb_eq, E). subst j.
  apply nth_ext with (d := false) (d' := false); [rewrite unitBlock_length; exact HB'l |].
  intros c Hc. rewrite HB'l in Hc. rewrite unitBlock_nth by exact Hc.
  destruct (Nat.eqb c i) eqn:E; [apply Nat.eqb_eq in E; subst c; exact Ej |].
  destruct (nth c B' false) eqn:E'; [| reflexivity]. rewrite <- E. symmetry.
  assert (E2 := Hs c Hc E'). rewrite unitBlock_nth in E2 by exact Hc. exact E2.
Qed.

(* The model's measures are those of the sensitive family S(f, z). *)
Lemma fbs_is_nu_star_S : forall f z v, FbsValue f z v <-> NuStarIs (length z) (SensFam f z) v.
Proof.
  intros f z v. assert (D : forall t, DualFeasible f z t <-> FracDualFeasible (length z) (SensFam f z) t).
  { intros t. split; intros [H1 H2]; split; auto; [intros B [_ HB]; apply H2, HB |].
    intros B HB. rewrite <- blockWeight_trunc. apply H2. split; [apply ExhaustiveCheck.trunc_length |].
    unfold Sensitive. rewrite flip_trunc. exact HB. }
  assert (P : forall ws, PrimalFeasible f z ws <-> FracPrimalFeasible (length z) (SensFam f z) ws).
  { intros ws. unfold PrimalFeasible, FracPrimalFeasible, SensFam.
    split; intros [H1 H2]; split; auto; intros Jw HJw; specialize (H1 Jw HJw); tauto. }
  unfold FbsValue, PackingOptimum, DualOptimum, NuStarIs, dualValueAt.
  split; intros [[[ws [Hws Hv]] Hmax] [[t [Ht Htv]] Hmin]]; split; split.
  all: try (exists ws; split; [apply P, Hws | exact Hv]); try (exists t; split; [apply D, Ht | exact Htv]).
  all: try (intros ws' H; apply Hmax, P, H); intros t' H; apply Hmin, D, H.
Qed.

Lemma certificate_transversal : forall f z H,
  Certificate f z H <-> Transversal (length z) (SensFam f z) H.
Proof.
  intros f z H. split.
  - intros HC B [_ HB]. exact (certificate_meets f z H B HC HB).
  - intros HT y Hy Hagree. destruct (Bool.bool_dec (f y) (f z)) as [E | Ne]; [exact E | exfalso].
    set (B := map (fun i => xorb (nth i y false) (nth i z false)) (seq 0 (length z))).
    assert (Hf : flip z B = y).
    { apply nth_ext with (d := false) (d' := false); [rewrite flip_length; congruence |].
      intros i Hi. rewrite flip_length in Hi. unfold flip, B. rewrite !nth_map_seq by exact Hi.
      destruct (nth i y false), (nth i z false); reflexivity. }
    destruct (HT B) as [i [Hi [E1 E2]]].
    + split; [unfold B; rewrite map_length, seq_length; reflexivity |]. unfold Sensitive. rewrite Hf. exact Ne.
    + unfold B in E1. rewrite nth_map_seq in E1 by exact Hi. rewrite (Hagree i Hi E2) in E1.
      rewrite xorb_nilpotent in E1. discriminate.
Qed.

Theorem lemma_1_fbs : forall f z v, FbsValue f z v <-> NuStarIs (length z) (MinSens f z) v.
Proof.
  intros f z v. rewrite fbs_is_nu_star_S. apply reduces_nu_star, min_sens_reduces.
Qed.

Theorem lemma_1_s : forall f z k, SensitivityIs f z k <-> SigmaIs (length z) (MinSens f z) k.
Proof.
  intros f z k. assert (E : SensitivityIs f z k <-> SigmaIs (length z) (SensFam f z) k).
  { unfold SensitivityIs, SigmaIs. split; intros [S [H1 [H2 H3]]]; exists S; (split; [exact H1 | split; [exact H2 |]]);
      intros i; rewrite H3; unfold SensFam; rewrite unitBlock_length; tauto. }
  rewrite E. apply reduces_sigma. intros i Hi. apply unit_minimal, Hi.
Qed.

Theorem lemma_1_bs : forall f z k, BlockSensitivityIs f z k <-> NuIs (length z) (MinSens f z) k.
Proof.
  intros f z k. assert (E : BlockSensitivityIs f z k <-> NuIs (length z) (SensFam f z) k).
  { unfold BlockSensitivityIs, NuIs, DisjointSensitive, SensFam.
    split.
    - intros [[Bs [[H1 H2] H3]] Hmax]. split; [exists Bs; auto |].
      intros Bs' H1' H2'. apply Hmax. split; assumption.
    - intros [[Bs [H1 [H2 H3]]] Hmax]. split; [exists Bs; auto |].
      intros Bs' [H1' H2']. apply Hmax; assumption. }
  rewrite E. apply reduces_nu, min_sens_reduces.
Qed.

Theorem lemma_1_C : forall f z k, CertificateComplexityIs f z k <-> TauIs (length z) (MinSens f z) k.
Proof.
  intros f z k. assert (E : CertificateComplexityIs f z k <-> TauIs (length z) (SensFam f z) k).
  { unfold CertificateComplexityIs, TauIs.
    split; intros [[H [H1 H2]] Hmin]; split.
    all: try (exists H; split; [apply certificate_transversal, H1 | exact H2]).
    all: intros H' HT; apply Hmin, certificate_transversal, HT. }
  rewrite E. apply reduces_tau, min_sens_reduces.
Qed.

(* LEMMA 1 (ours, docs/census.md): fbs_z(f) = nu*(M), s_z(f) = sigma(M), bs_z(f) = nu(M) and
   C_z(f) = tau(M) for M = M(f, z), the minimal sensitive blocks. *)
Theorem lemma_1 : forall f z v s bs c,
  (FbsValue f z v <-> NuStarIs (length z) (MinSens f z) v) /\
  (SensitivityIs f z s <-> SigmaIs (length z) (MinSens f z) s) /\
  (BlockSensitivityIs f z bs <-> NuIs (length z) (MinSens f z) bs) /\
  (CertificateComplexityIs f z c <-> TauIs (length z) (MinSens f z) c).
Proof.
  intros. split; [apply lemma_1_fbs | split; [apply lemma_1_s | split; [apply lemma_1_bs | apply lemma_1_C]]].
Qed.


(* ======================================================================================== *)
(* Lemma 3 (ours): coordinate permutations                                                  *)
(* ======================================================================================== *)

Lemma Perm_sym : forall q p pinv, Perm q p pinv -> Perm q pinv p.
Proof. intros q p pinv H i Hi. destruct (H i Hi) as [H1 [H2 [H3 H4]]]. auto. Qed.

Lemma relabel_length : forall q p B, length (relabel q p B) = q.
Proof. intros. unfold relabel. rewrite map_length, seq_length. reflexivity. Qed.

Lemma relabel_nth : forall q p B i, (i < q)%nat -> nth i (relabel q p B) false = nth (p i) B false.
Proof. intros. unfold relabel. rewrite nth_map_seq by assumption. reflexivity. Qed.

Lemma relabel_inv : forall q p pinv B, Perm q p pinv -> length B = q ->
  relabel q pinv (relabel q p B) = B.
Proof.
  intros q p pinv B HP HB. apply nth_ext with (d := false) (d' := false); [rewrite relabel_length; auto |].
  intros i Hi. rewrite relabel_length in Hi. destruct (HP i Hi) as [_ [H2 [H3 _]]].
  rewrite !relabel_nth by assumption. rewrite H3. reflexivity.
Qed.

Lemma relabel_Sub : forall q p pinv B C, Perm q p pinv -> Sub q B C -> Sub q (relabel q p B) (relabel q p C).
Proof.
  intros q p pinv B C HP Hs i Hi. rewrite !relabel_nth by exact Hi. apply Hs. apply HP, Hi.
Qed.

Lemma relabel_unit : forall q p pinv i, Perm q p pinv -> (i < q)%nat ->
  relabel q p (unitBlock q i) = unitBlock q (pinv i).
Proof.
  intros q p pinv i HP Hi. apply nth_ext with (d := false) (d' := false);
    [rewrite relabel_length, unitBlock_length; reflexivity |].
  intros c Hc. rewrite relabel_length in Hc. rewrite relabel_nth, unitBlock_nth, unitBlock_nth by (auto; apply HP, Hc).
  destruct (HP c Hc) as [Hpc [_ [_ E1]]]. destruct (HP i Hi) as [_ [Hpi [E2 _]]].
  destruct (Nat.eqb (p c) i) eqn:E; symmetry.
  - apply Nat.eqb_eq in E. subst i. apply Nat.eqb_eq. congruence.
  - apply Nat.eqb_neq. intros ->. apply Nat.eqb_neq in E. congruence.
Qed.

(* Injective maps keep a list without repetitions. *)
Lemma nodup_map_inj : forall (X Y : Type) (g : X -> Y) l,
  (forall x y, In x l -> In y l -> g x = g y -> x = y) -> NoDup l -> NoDup (map g l).
Proof.
  intros X Y g l. induction l as [| x l IH]; intros Hinj HN; [constructor |].
  inversion HN as [| ? ? Hx Hl]; subst. simpl. constructor.
  - intros Hin. apply in_map_iff in Hin as [y [E Hy]].
    assert (x = y) by (apply Hinj; [left | right | symmetry]; auto). subst. contradiction.
  - apply IH; [intros; apply Hinj; auto; right; auto | exact Hl].
Qed.

Lemma perm_seq : forall q p pinv, Perm q p pinv -> Permutation (map p (seq 0 q)) (seq 0 q).
Proof.
  intros q p pinv HP. apply NoDup_Permutation.
  - apply nodup_map_inj; [| apply seq_NoDup]. intros x y Hx Hy E. apply in_seq in Hx, Hy.
    destruct (HP x ltac:(lia)) as [_ [_ [_ E1]]]. destruct (HP y ltac:(lia)) as [_ [_ [_ E2]]]. congruence.
  - apply seq_NoDup.
  - intros j. rewrite in_map_iff, in_seq. split.
    + intros [i [<- Hi]]. apply in_seq in Hi. split; [lia | apply HP; lia].
    + intros [_ Hj]. exists (pinv j). destruct (HP j Hj) as [_ [H2 [H3 _]]].
      split; [exact H3 | apply in_seq; lia].
Qed.

Lemma qsum_list : forall n g, qsum n g == qlsum (map g (seq 0 n)).
Proof.
  induction n as [| n IH]; intros g; [reflexivity |]. cbn [qsum]. rewrite seq_S, map_app, IH.
  assert (E : forall l l', qlsum (l ++ l') == qlsum l + qlsum l')
    by (induction l as [| x l IHl]; intros l'; simpl; [lra | rewrite IHl; lra]).
  rewrite E. simpl. lra.
Qed.

Lemma qlsum_perm : forall l l', Permutation l l' -> qlsum l == qlsum l'.
Proof. intros l l' HP. induction HP; simpl; lra. Qed.

(* Reindexing a sum by a permutation. *)
Lemma qsum_perm : forall q p pinv g, Perm q p pinv -> qsum q (fun i => g (p i)) == qsum q g.
Proof.
  intros q p pinv g HP. rewrite !qsum_list. rewrite <- (map_map p g).
  apply qlsum_perm, Permutation_map, (perm_seq q p pinv HP).
Qed.

Lemma count_map : forall (X Y : Type) (f : Y -> bool) (g : X -> Y) l,
  length (filter f (map g l)) = length (filter (fun x => f (g x)) l).
Proof. intros. induction l as [| x l IH]; simpl; [reflexivity |]. destruct (f (g x)); simpl; auto. Qed.

Lemma count_perm : forall (X : Type) (f : X -> bool) l l', Permutation l l' ->
  length (filter f l) = length (filter f l').
Proof.
  intros X f l l' HP. induction HP; simpl.
  - reflexivity.
  - destruct (f x); simpl; auto.
  - destruct (f x), (f y); simpl; auto.
  - congruence.
Qed.

Lemma setSize_relabel : forall q p pinv H, Perm q p pinv -> setSize q (relabel q p H) = setSize q H.
Proof.
  intros q p pinv H HP. unfold setSize.
  assert (E : filter (fun i => nth i (relabel q p H) false) (seq 0 q) = filter (fun i => nth (p i) H false) (seq 0 q))
    by (apply filter_ext_in; intros i Hi; apply in_seq in Hi; apply relabel_nth; lia).
  rewrite E.
  rewrite <- (count_map nat nat (fun j => nth j H false) p). apply count_perm, (perm_seq q p pinv HP).
Qed.

(* The transfer of each measure along a permutation r (inverse rinv) relating A1 and A2. *)
Section Transfer.
Variables (q : nat) (r rinv : nat -> nat) (A1 A2 : Fam).
Variable HP : Perm q r rinv.
Variable H12 : forall B, A1 B -> A2 (relabel q r B).
Variable H21 : forall B, A2 B -> A1 (relabel q rinv B).

Lemma rinv_inj : forall x y, (x < q)%nat -> (y < q)%nat -> rinv x = rinv y -> x = y.
Proof.
  intros x y Hx Hy E. destruct (HP x Hx) as [_ [_ [E1 _]]]. destruct (HP y Hy) as [_ [_ [E2 _]]]. congruence.
Qed.

Lemma transfer_sigma : forall k, SigmaIs q A1 k -> SigmaIs q A2 k.
Proof.
  intros k [S [HN [Hl HS]]]. exists (map rinv S). split; [| split; [rewrite map_length; exact Hl |]].
  - apply nodup_map_inj; [| exact HN]. intros x y Hx Hy E.
    apply HS in Hx as [Hx _]. apply HS in Hy as [Hy _]. apply rinv_inj; assumption.
  - intros j. rewrite in_map_iff. split.
    + intros [i [<- Hi]]. apply HS in Hi as [Hi HA]. destruct (HP i Hi) as [_ [Hri _]].
      split; [exact Hri |]. rewrite <- (relabel_unit q r rinv i HP Hi). apply H12, HA.
    + intros [Hj HA]. destruct (HP j Hj) as [Hrj [_ [_ E]]]. exists (r j). split; [exact E |].
      apply HS. split; [exact Hrj |]. rewrite <- (relabel_unit q rinv r j (Perm_sym _ _ _ HP) Hj).
      apply H21, HA.
Qed.

Lemma relabel_pairwise : forall p pinv Bs, Perm q p pinv -> Pairwise q Bs -> Pairwise q (map (relabel q p) Bs).
Proof.
  intros p pinv Bs HQ. induction Bs as [| B Bs IH]; intros H; [exact I |]. destruct H as [Hd H].
  split; [| apply IH, H]. intros C HC i Hi. apply in_map_iff in HC as [C' [<- HC']].
  rewrite !relabel_nth by exact Hi. apply Hd; [exact HC' | apply HQ, Hi].
Qed.

Lemma transfer_nu : forall k, NuIs q A1 k -> NuIs q A2 k.
Proof.
  intros k [[Bs [H1 [H2 H3]]] Hmax]. split.
  - exists (map (relabel q r) Bs). split; [| split; [apply (relabel_pairwise r rinv); assumption |
      rewrite map_length; exact H3]].
    intros B HB. apply in_map_iff in HB as [B' [<- HB']]. apply H12, H1, HB'.
  - intros Bs' H1' H2'. rewrite <- (map_length (relabel q rinv)). apply Hmax.
    + intros B HB. apply in_map_iff in HB as [B' [<- HB']]. apply H21, H1', HB'.
    + apply (relabel_pairwise rinv r); [apply Perm_sym, HP | exact H2'].
Qed.

(* A transversal of A1, relabelled, is one of A2 (and back). *)
Lemma transfer_transversal : forall p pinv (X Y : Fam) H, Perm q p pinv ->
  (forall B, Y B -> X (relabel q pinv B)) -> Transversal q X H -> Transversal q Y (relabel q p H).
Proof.
  intros p pinv X Y H HQ HYX HT B HB. destruct (HT _ (HYX B HB)) as [i [Hi [E1 E2]]].
  destruct (HQ i Hi) as [_ [Hpi [E3 _]]]. exists (pinv i). split; [exact Hpi |].
  rewrite relabel_nth in E1 by exact Hi. rewrite relabel_nth, E3 by exact Hpi. split; assumption.
Qed.

Lemma transfer_tau : forall k, TauIs q A1 k -> TauIs q A2 k.
Proof.
  intros k [[H [H1 H2]] Hmin]. split.
  - exists (relabel q r H). split; [apply (transfer_transversal r rinv A1 A2); assumption |].
    rewrite (setSize_relabel q r rinv H HP). exact H2.
  - intros H' HT. rewrite <- (setSize_relabel q rinv r H' (Perm_sym _ _ _ HP)). apply Hmin.
    apply (transfer_transversal rinv r A2 A1); [apply Perm_sym, HP | | exact HT].
    intros B HB. apply H12 in HB. exact HB.
Qed.

Definition relabelW (p : nat -> nat) (ws : list (list bool * Q)) : list (list bool * Q) :=
  map (fun Jw => (relabel q p (fst Jw), snd Jw)) ws.
Definition relabelT (p : nat -> nat) (t : list Q) : list Q := map (fun i => nth (p i) t 0) (seq 0 q).

Lemma load_relabel : forall p ws i, (i < q)%nat -> load (relabelW p ws) i == load ws (p i).
Proof.
  intros p ws i Hi. induction ws as [| [B w] ws IH]; [reflexivity |].
  unfold relabelW in *. simpl map. rewrite !load_cons. cbn [fst]. rewrite relabel_nth, IH by exact Hi. reflexivity.
Qed.

Lemma transfer_primal : forall p pinv (X Y : Fam) ws, Perm q p pinv -> (forall B, X B -> Y (relabel q p B)) ->
  FracPrimalFeasible q X ws -> FracPrimalFeasible q Y (relabelW p ws) /\ primalValue (relabelW p ws) == primalValue ws.
Proof.
  intros p pinv X Y ws HQ HXY [H1 H2]. split; [split |].
  - intros Jw HJw. unfold relabelW in HJw. apply in_map_iff in HJw as [Jw' [<- HJw']]. cbn [fst snd].
    destruct (H1 Jw' HJw'). split; [assumption | apply HXY; assumption].
  - intros i Hi. rewrite load_relabel by exact Hi. apply H2, HQ, Hi.
  - unfold primalValue, relabelW. rewrite map_map. reflexivity.
Qed.

Lemma relabelT_nth : forall p t i, (forall j, 0 <= nth j t 0) -> 0 <= nth i (relabelT p t) 0.
Proof.
  intros p t i Ht. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
  - unfold relabelT. rewrite nth_map_seq by exact Hi. apply Ht.
  - rewrite nth_overflow by (unfold relabelT; rewrite map_length, seq_length; exact Hi). lra.
Qed.

Lemma blockWeight_relabel : forall p pinv t B, Perm q p pinv ->
  blockWeight q (relabelT p t) B == blockWeight q t (relabel q pinv B).
Proof.
  intros p pinv t B HQ. unfold blockWeight.
  rewrite <- (qsum_perm q p pinv (fun i => if nth i (relabel q pinv B) false then nth i t 0 else 0) HQ).
  apply qsum_ext. intros i Hi. destruct (HQ i Hi) as [Hpi [_ [_ E]]].
  unfold relabelT. rewrite nth_map_seq, relabel_nth, E by assumption. reflexivity.
Qed.

Lemma transfer_dual : forall p pinv (X Y : Fam) t, Perm q p pinv -> (forall B, Y B -> X (relabel q pinv B)) ->
  FracDualFeasible q X t -> FracDualFeasible q Y (relabelT p t) /\ totalWeight q (relabelT p t) == totalWeight q t.
Proof.
  intros p pinv X Y t HQ HYX [H1 H2]. split; [split |].
  - intros i. apply relabelT_nth, H1.
  - intros B HB. rewrite (blockWeight_relabel p pinv t B HQ). apply H2, HYX, HB.
  - unfold totalWeight. rewrite <- (qsum_perm q p pinv (fun i => nth i t 0) HQ).
    apply qsum_ext. intros i Hi. unfold relabelT. rewrite nth_map_seq by exact Hi. reflexivity.
Qed.

Lemma transfer_nu_star : forall v, NuStarIs q A1 v -> NuStarIs q A2 v.
Proof.
  assert (HP' := Perm_sym _ _ _ HP).
  intros v [[[ws [Hws Hv]] Hmax] [[t [Ht Htv]] Hmin]]. split; split.
  - destruct (transfer_primal r rinv A1 A2 ws HP H12 Hws) as [H1 H2]. exists (relabelW r ws).
    split; [exact H1 | rewrite H2; exact Hv].
  - intros ws' H. destruct (transfer_primal rinv r A2 A1 ws' HP' H21 H) as [H1 H2]. rewrite <- H2. apply Hmax, H1.
  - destruct (transfer_dual r rinv A1 A2 t HP H21 Ht) as [H1 H2]. exists (relabelT r t).
    split; [exact H1 | rewrite H2; exact Htv].
  - intros t' H. destruct (transfer_dual rinv r A2 A1 t' HP' H12 H) as [H1 H2]. rewrite <- H2. apply Hmin, H1.
Qed.

End Transfer.

Lemma permFam_there : forall q p pinv A, Perm q p pinv -> FamOf q A ->
  forall B, A B -> permFam q p A (relabel q pinv B).
Proof.
  intros q p pinv A HP HA B HB. split; [apply relabel_length |].
  rewrite (relabel_inv q pinv p B (Perm_sym _ _ _ HP) (HA B HB)). exact HB.
Qed.

Lemma permFam_back : forall q p A B, permFam q p A B -> A (relabel q p B).
Proof. intros q p A B [_ H]. exact H. Qed.

(* LEMMA 3 (ours, docs/census.md): for a permutation p of the q coordinates (inverse pinv) and a
   family A of q-bit blocks, pi(A) = permFam q p A has the same nu*, sigma, nu and tau. *)
Theorem lemma_3_nu_star : forall q p pinv A v, Perm q p pinv -> FamOf q A ->
  NuStarIs q A v <-> NuStarIs q (permFam q p A) v.
Proof.
  intros q p pinv A v HP HA. split.
  - apply (transfer_nu_star q pinv p); [apply Perm_sym, HP | apply (permFam_there q p pinv A HP HA) | apply permFam_back].
  - apply (transfer_nu_star q p pinv); [exact HP | apply permFam_back | apply (permFam_there q p pinv A HP HA)].
Qed.

Theorem lemma_3_sigma : forall q p pinv A k, Perm q p pinv -> FamOf q A ->
  SigmaIs q A k <-> SigmaIs q (permFam q p A) k.
Proof.
  intros q p pinv A k HP HA. split.
  - apply (transfer_sigma q pinv p); [apply Perm_sym, HP | apply (permFam_there q p pinv A HP HA) | apply permFam_back].
  - apply (transfer_sigma q p pinv); [exact HP | apply permFam_back | apply (permFam_there q p pinv A HP HA)].
Qed.

Theorem lemma_3_nu : forall q p pinv A k, Perm q p pinv -> FamOf q A ->
  NuIs q A k <-> NuIs q (permFam q p A) k.
Proof.
  intros q p pinv A k HP HA. split.
  - apply (transfer_nu q pinv p); [apply Perm_sym, HP | apply (permFam_there q p pinv A HP HA) | apply permFam_back].
  - apply (transfer_nu q p pinv); [exact HP | apply permFam_back | apply (permFam_there q p pinv A HP HA)].
Qed.

Theorem lemma_3_tau : forall q p pinv A k, Perm q p pinv -> FamOf q A ->
  TauIs q A k <-> TauIs q (permFam q p A) k.
Proof.
  intros q p pinv A k HP HA. split.
  - apply (transfer_tau q pinv p); [apply Perm_sym, HP | apply (permFam_there q p pinv A HP HA) | apply permFam_back].
  - apply (transfer_tau q p pinv); [exact HP | apply permFam_back | apply (permFam_there q p pinv A HP HA)].
Qed.

(* --- |A| and |up(A)|: the permutation permutes the 2^q blocks ---------------------------- *)

Lemma nodup_app : forall (X : Type) (l l' : list X), NoDup l -> NoDup l' ->
  (forall x, In x l -> ~ In x l') -> NoDup (l ++ l').
Proof.
  intros X l l' H1 H2 H3. induction l as [| x l IH]; [exact H2 |]. inversion H1 as [| ? ? Hx Hl]; subst.
  simpl. constructor.
  - intros Hin. apply in_app_or in Hin as [Hin | Hin]; [contradiction | exact (H3 x (or_introl eq_refl) Hin)].
  - apply IH; [exact Hl | intros y Hy; apply H3; right; exact Hy].
Qed.

Lemma nodup_allMasks : forall q, NoDup (allMasks q).
Proof.
  induction q as [| q IH]; [repeat constructor; intros [] |]. simpl. rewrite app_nil_r.
  apply nodup_app; [apply nodup_map_inj; [intros x y _ _ E; injection E; auto | exact IH] .. |].
  intros x Hx Hy. apply in_map_iff in Hx as [? [<- _]]. apply in_map_iff in Hy as [? [E _]]. discriminate.
Qed.

Lemma perm_masks : forall q p pinv, Perm q p pinv -> Permutation (map (relabel q p) (allMasks q)) (allMasks q).
Proof.
  intros q p pinv HP. apply NoDup_Permutation; [| apply nodup_allMasks |].
  - apply nodup_map_inj; [| apply nodup_allMasks]. intros x y Hx Hy E.
    rewrite <- (relabel_inv q p pinv x HP (allMasks_length _ _ Hx)), <- (relabel_inv q p pinv y HP (allMasks_length _ _ Hy)).
    congruence.
  - intros B. rewrite in_map_iff. split.
    + intros [C [<- _]]. apply in_allMasks_q, relabel_length.
    + intros HB. exists (relabel q pinv B). split; [| apply in_allMasks_q, relabel_length].
      apply (relabel_inv q pinv p B (Perm_sym _ _ _ HP)), (allMasks_length _ _ HB).
Qed.

Lemma countb_relabel : forall q p pinv a, Perm q p pinv -> countb q (fun B => a (relabel q p B)) = countb q a.
Proof.
  intros q p pinv a HP. unfold countb. rewrite <- (count_map _ _ a (relabel q p)).
  apply count_perm, (perm_masks q p pinv HP).
Qed.

Lemma existsb_perm : forall (X : Type) (f : X -> bool) l l', Permutation l l' -> existsb f l = existsb f l'.
Proof.
  intros X f l l' HP. apply eq_true_iff_eq. rewrite !existsb_exists. split; intros [x [Hx E]]; exists x;
    (split; [| exact E]); [apply (Permutation_in _ HP) | apply (Permutation_in _ (Permutation_sym HP))]; exact Hx.
Qed.

Lemma subb_relabel : forall q p pinv C B, Perm q p pinv -> length C = q -> length B = q ->
  subb q (relabel q p C) (relabel q p B) = subb q C B.
Proof.
  intros q p pinv C B HP HC HB. apply eq_true_iff_eq. rewrite !subb_Sub. split; [| apply (relabel_Sub q p pinv), HP].
  intros H. rewrite <- (relabel_inv q p pinv C HP HC), <- (relabel_inv q p pinv B HP HB).
  apply (relabel_Sub q pinv p); [apply Perm_sym, HP | exact H].
Qed.

Lemma upb_relabel : forall q p pinv a B, Perm q p pinv -> length B = q ->
  upb q (fun C => a (relabel q p C)) B = upb q a (relabel q p B).
Proof.
  intros q p pinv a B HP HB. unfold upb.
  transitivity (existsb (fun C => a C && subb q C (relabel q p B)) (map (relabel q p) (allMasks q)));
    [| apply existsb_perm, (perm_masks q p pinv HP)].
  generalize (allMasks_length q). induction (allMasks q) as [| C l IH]; intros Hl; [reflexivity |]. simpl.
  rewrite (subb_relabel q p pinv C B HP (Hl C (or_introl eq_refl)) HB), IH by (intros; apply Hl; right; assumption).
  reflexivity.
Qed.

(* LEMMA 3, the weights (ours): a permutation keeps |A| and |up(A)|, hence |up(A)| - |A| and
   N(A), for a finite family A given by a boolean test a (pi(A) is the test a o relabel q p). *)
Theorem lemma_3_counts : forall q p pinv a, Perm q p pinv ->
  countb q (fun B => a (relabel q p B)) = countb q a /\
  countb q (upb q (fun B => a (relabel q p B))) = countb q (upb q a).
Proof.
  intros q p pinv a HP. split; [apply (countb_relabel q p pinv a HP) |].
  rewrite <- (countb_relabel q p pinv (upb q a) HP). unfold countb. f_equal. apply filter_ext_in.
  intros B HB. apply (upb_relabel q p pinv a B HP (allMasks_length _ _ HB)).
Qed.

(* pi(A) for a finite family is the finite family of the relabelled test. *)
Lemma permFam_famOfb : forall q p a B, permFam q p (famOfb q a) B <-> famOfb q (fun C => a (relabel q p C)) B.
Proof. intros q p a B. unfold permFam, famOfb. rewrite relabel_length. tauto. Qed.

(* ======================================================================================== *)
(* Lemma 2 (ours): the pairs with a given antichain                                         *)
(* ======================================================================================== *)

Lemma zeros_length : forall q, length (zeros q) = q.
Proof. intros. apply repeat_length. Qed.

Lemma nth_zeros : forall q i, nth i (zeros q) false = false.
Proof.
  intros q i. unfold zeros. destruct (Nat.lt_ge_cases i q) as [H | H].
  - apply nth_repeat. - apply nth_overflow. rewrite repeat_length. exact H.
Qed.

Lemma flip_zeros : forall B, flip (zeros (length B)) B = B.
Proof.
  intros B. apply nth_ext with (d := false) (d' := false); [rewrite flip_length, zeros_length; reflexivity |].
  intros i Hi. rewrite flip_length, zeros_length in Hi. unfold flip. rewrite zeros_length, nth_map_seq by exact Hi.
  rewrite nth_zeros. apply xorb_false_l.
Qed.

Lemma flip_by_zeros : forall x, flip x (zeros (length x)) = x.
Proof.
  intros x. apply nth_ext with (d := false) (d' := false); [apply flip_length |].
  intros i Hi. rewrite flip_length in Hi. unfold flip. rewrite nth_map_seq by exact Hi.
  rewrite nth_zeros. apply xorb_false_r.
Qed.

Lemma flip_after_zeros : forall x B, flip x (flip (zeros (length x)) B) = flip x B.
Proof.
  intros x B. unfold flip at 1 3. apply map_ext_in. intros i Hi. apply in_seq in Hi. f_equal.
  unfold flip. rewrite zeros_length, nth_map_seq by lia. rewrite nth_zeros. apply xorb_false_l.
Qed.

Lemma flip_flip : forall x y, length y = length x -> flip x (flip x y) = y.
Proof.
  intros x y Hy. apply nth_ext with (d := false) (d' := false); [rewrite flip_length; auto |].
  intros i Hi. rewrite flip_length in Hi. unfold flip at 1. rewrite nth_map_seq by exact Hi.
  unfold flip. rewrite nth_map_seq by exact Hi. destruct (nth i x false), (nth i y false); reflexivity.
Qed.

(* LEMMA 2, step 1 (ours): S(f, x) = S(h, 0) for h = f(x XOR .), and f -> h is a bijection of
   the functions (h read back from x is f). *)
Theorem lemma_2_translation : forall f x B,
  Sensitive f x B <-> Sensitive (shiftFun f x) (zeros (length x)) B.
Proof.
  intros f x B. unfold Sensitive, shiftFun. rewrite flip_after_zeros, flip_by_zeros. tauto.
Qed.

Theorem lemma_2_shift_involutive : forall f x y, length y = length x -> shiftFun (shiftFun f x) x y = f y.
Proof. intros f x y Hy. unfold shiftFun. rewrite flip_flip by exact Hy. reflexivity. Qed.

(* LEMMA 2, step 2 (ours): h -> (h(0), S(h, 0)) is one-to-one on the functions of q bits ... *)
Theorem lemma_2_determined : forall q (h g : Agg), h (zeros q) = g (zeros q) ->
  (forall B, length B = q -> Sensitive h (zeros q) B <-> Sensitive g (zeros q) B) ->
  forall y, length y = q -> h y = g y.
Proof.
  intros q h g H0 HS y Hy. assert (E := HS y Hy). unfold Sensitive in E. subst q.
  rewrite flip_zeros in E. rewrite H0 in E.
  destruct (h y), (g y), (g (zeros (length y))); try reflexivity; exfalso; destruct E as [E1 E2];
    first [apply E1; congruence | apply E2; congruence].
Qed.

(* ... and onto: every bit b and every family s without the empty block is (h(0), S(h, 0)). *)
Theorem lemma_2_every_pair : forall q b (s : list bool -> bool), s (zeros q) = false ->
  (fun y => xorb b (s y)) (zeros q) = b /\
  forall B, length B = q -> (Sensitive (fun y => xorb b (s y)) (zeros q) B <-> s B = true).
Proof.
  intros q b s H0. split; [rewrite H0; apply xorb_false_r |]. intros B HB. unfold Sensitive. subst q.
  rewrite flip_zeros, H0. destruct b, (s B); simpl; split; congruence.
Qed.

Lemma eqMask_true : forall B C, eqMask B C = true <-> B = C.
Proof. intros B C. unfold eqMask. destruct (list_eq_dec Bool.bool_dec B C); split; congruence. Qed.

(* minb computes the minimal members. *)
Lemma minb_spec : forall q s B, length B = q -> minb q s B = true <-> MinimalOf q (famOfb q s) B.
Proof.
  intros q s B HB. unfold minb. rewrite andb_true_iff, forallb_forall. split.
  - intros [Hs Hall]. split; [split; assumption |]. intros B' [HB'l HB'] Hsub.
    assert (E := Hall B' (in_allMasks_q _ _ HB'l)). rewrite HB', (proj2 (subb_Sub q B' B) Hsub) in E.
    destruct (eqMask B' B) eqn:Eq; [apply eqMask_true, Eq | discriminate].
  - intros [[_ Hs] Hm]. split; [exact Hs |]. intros C HC.
    destruct (s C) eqn:EC; [| reflexivity]. destruct (subb q C B) eqn:ES; [| reflexivity].
    rewrite (Hm C (conj (allMasks_length _ _ HC) EC) (proj1 (subb_Sub q C B) ES)).
    unfold eqMask. destruct (list_eq_dec Bool.bool_dec B B); [reflexivity | contradiction].
Qed.

(* minsOf f x lists exactly the minimal sensitive blocks M(f, x). *)
Theorem minsOf_spec : forall f x B, In B (minsOf f x) <-> MinSens f x B.
Proof.
  intros f x B. unfold minsOf. rewrite filter_In. unfold MinSens.
  rewrite (MinimalOf_ext _ _ _ (SensFam_b f x)). split.
  - intros [Hin Hm]. apply minb_spec; [apply (allMasks_length _ _ Hin) | exact Hm].
  - intros HM. assert (HB := proj1 (proj1 HM)). split; [apply in_allMasks_q, HB |].
    apply minb_spec; assumption.
Qed.

(* LEMMA 2, step 3 (ours): for an antichain A of q-bit blocks, a family S has the minimal
   members A iff A <= S <= up(A), i.e. S = A u X with X inside up(A) \ A. *)
Theorem lemma_2_characterisation : forall q A (s : list bool -> bool), FamOf q A -> Antichain q A ->
  ((forall B, MinimalOf q (famOfb q s) B <-> A B) <->
   ((forall B, A B -> famOfb q s B) /\ (forall B, famOfb q s B -> Up q A B))).
Proof.
  intros q A s HA Hanti. split.
  - intros E. split; [intros B HB; apply E, HB |]. intros B HB.
    destruct (covers_minimal q s B HB) as [B' [HM Hs]]. split; [exact (proj1 HB) |].
    exists B'. split; [apply E, HM | exact Hs].
  - intros [HAS HSU] B. split.
    + intros [HB Hm]. destruct (HSU B HB) as [_ [C [HC Hs]]].
      rewrite <- (Hm C (HAS C HC) Hs). exact HC.
    + intros HB. split; [apply HAS, HB |]. intros B' HB' Hs.
      destruct (HSU B' HB') as [HB'l [C [HC Hs']]].
      assert (E : C = B) by (apply Hanti; [exact HC | exact HB | exact (Sub_trans q _ _ _ Hs' Hs)]). subst C.
      apply (Sub_antisym q); [exact HB'l | exact (HA B HB) | exact Hs | exact Hs'].
Qed.

(* LEMMA 2's steps together (ours). *)
Theorem lemma_2 : forall q f x (A : Fam) (s : list bool -> bool),
  (forall B, Sensitive f x B <-> Sensitive (shiftFun f x) (zeros (length x)) B) /\
  (forall y, length y = length x -> shiftFun (shiftFun f x) x y = f y) /\
  (forall h g : Agg, h (zeros q) = g (zeros q) ->
     (forall B, length B = q -> Sensitive h (zeros q) B <-> Sensitive g (zeros q) B) ->
     forall y, length y = q -> h y = g y) /\
  (forall b, s (zeros q) = false -> (fun y => xorb b (s y)) (zeros q) = b /\
     forall B, length B = q -> (Sensitive (fun y => xorb b (s y)) (zeros q) B <-> s B = true)) /\
  (FamOf q A -> Antichain q A ->
    ((forall B, MinimalOf q (famOfb q s) B <-> A B) <->
     ((forall B, A B -> famOfb q s B) /\ (forall B, famOfb q s B -> Up q A B)))).
Proof.
  intros q f x A s. split; [apply lemma_2_translation |]. split; [apply lemma_2_shift_involutive |].
  split; [apply lemma_2_determined |]. split; [intros b; apply lemma_2_every_pair |].
  apply lemma_2_characterisation.
Qed.

(* LEMMA 3 together (ours). *)
Theorem lemma_3 : forall q p pinv A v s nu tau (a : list bool -> bool), Perm q p pinv -> FamOf q A ->
  (NuStarIs q A v <-> NuStarIs q (permFam q p A) v) /\ (SigmaIs q A s <-> SigmaIs q (permFam q p A) s) /\
  (NuIs q A nu <-> NuIs q (permFam q p A) nu) /\ (TauIs q A tau <-> TauIs q (permFam q p A) tau) /\
  countb q (fun B => a (relabel q p B)) = countb q a /\
  countb q (upb q (fun B => a (relabel q p B))) = countb q (upb q a).
Proof.
  intros q p pinv A v s nu tau a HP HA.
  split; [apply (lemma_3_nu_star q p pinv); assumption |]. split; [apply (lemma_3_sigma q p pinv); assumption |].
  split; [apply (lemma_3_nu q p pinv); assumption |]. split; [apply (lemma_3_tau q p pinv); assumption |].
  apply (lemma_3_counts q p pinv a HP).
Qed.

(* ======================================================================================== *)
(* The class-sum theorem (ours): the pairs counted by their antichain, then by classes        *)
(* ======================================================================================== *)

Local Open Scope nat_scope.

Fixpoint natSum {X : Type} (g : X -> nat) (l : list X) : nat :=
  match l with [] => 0 | x :: r => g x + natSum g r end.

Lemma natSum_ext_helper : forall (X : Type) (g h : X -> nat) l, (forall x, g x = h x) -> natSum g l = natSum h l.
Proof. intros X g h l H. induction l as [| x l IH]; simpl; [reflexivity |]. rewrite H, IH. reflexivity. Qed.

Lemma natSum_ext_in : forall (X : Type) (g h : X -> nat) l, (forall x, In x l -> g x = h x) -> natSum g l = natSum h l.
Proof.
  intros X g h l H. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite (H x (or_introl eq_refl)), IH by (intros; apply H; right; auto). reflexivity.
Qed.

Lemma natSum_add : forall (X : Type) (g h : X -> nat) l, natSum (fun x => g x + h x) l = natSum g l + natSum h l.
Proof. intros X g h l. induction l as [| x l IH]; simpl; lia. Qed.

Lemma natSum_zero : forall (X : Type) (g : X -> nat) l, (forall x, In x l -> g x = 0) -> natSum g l = 0.
Proof.
  intros X g l H. induction l as [| x l IH]; simpl; [reflexivity |].
  rewrite (H x (or_introl eq_refl)), IH by (intros; apply H; right; auto). reflexivity.
Qed.

(* A sum over a list without repetitions whose terms vanish off k0 (a member) is the k0 term. *)
Lemma natSum_single : forall (X : Type) (g : X -> nat) l k0, NoDup l -> In k0 l ->
  (forall k, In k l -> k <> k0 -> g k = 0) -> natSum g l = g k0.
Proof.
  intros X g l k0. induction l as [| k l IH]; intros HN Hin H; [destruct Hin |].
  apply NoDup_cons_iff in HN as [Hk HN]. simpl. destruct Hin as [-> | Hin].
  - rewrite natSum_zero; [lia |]. intros x Hx. apply H; [right; exact Hx | intros ->; contradiction].
  - assert (Hk0 : k <> k0) by (intros ->; contradiction).
    rewrite (H k (or_introl eq_refl) Hk0), IH by (auto; intros; apply H; auto; right; auto). reflexivity.
Qed.

(* The count of the members x of xs with P (m x), by the key m x (the keys listed once each). *)
Lemma count_by_keys : forall (X K : Type) (eqK : K -> K -> bool), (forall a b, eqK a b = true <-> a = b) ->
  forall (m : X -> K) (P : K -> bool) xs keys, NoDup keys -> (forall x, In x xs -> In (m x) keys) ->
  length (filter (fun x => P (m x)) xs) =
  natSum (fun k => if P k then length (filter (fun x => eqK (m x) k) xs) else 0) keys.
Proof.
  intros X K eqK HeqK m P xs keys HN. induction xs as [| x xs IH]; intros Hin.
  - simpl. symmetry. apply natSum_zero. intros k _. destruct (P k); reflexivity.
  - assert (E : forall k, (if P k then length (filter (fun y => eqK (m y) k) (x :: xs)) else 0) =
                (if P k then (if eqK (m x) k then 1 else 0) else 0) +
                (if P k then length (filter (fun y => eqK (m y) k) xs) else 0))
      by (intros k; simpl; destruct (P k), (eqK (m x) k); reflexivity).
    rewrite (natSum_ext_helper _ _ _ keys E), natSum_add, <- IH by (intros; apply Hin; right; auto).
    rewrite (natSum_single _ _ keys (m x) HN (Hin x (or_introl eq_refl))).
    + simpl. destruct (P (m x)); simpl; [| reflexivity].
      destruct (eqK (m x) (m x)) eqn:Ex; [reflexivity | exfalso].
      assert (eqK (m x) (m x) = true) by (apply HeqK; reflexivity). congruence.
    + intros k _ Ne. destruct (P k); [| reflexivity]. destruct (eqK (m x) k) eqn:Ek; [| reflexivity].
      apply HeqK in Ek. congruence.
Qed.

Lemma eqFam_true : forall A A', eqFam A A' = true <-> A = A'.
Proof. intros A A'. unfold eqFam. destruct (list_eq_dec (list_eq_dec Bool.bool_dec) A A'); split; congruence. Qed.

(* --- every pair's M(f, x) is listed once among the antichains ------------------------------ *)

Lemma allMasks_head : forall q, allMasks q = zeros q :: tl (allMasks q).
Proof.
  induction q as [| q IH]; [reflexivity |]. simpl. rewrite IH. reflexivity.
Qed.

Lemma filter_in_sublists : forall (X : Type) (g : X -> bool) l, In (filter g l) (sublists l).
Proof.
  intros X g l. induction l as [| x l IH]; simpl; [left; reflexivity |].
  apply in_or_app. destruct (g x); [left; apply in_map, IH | right; exact IH].
Qed.

Lemma sublists_incl : forall (X : Type) (l L : list X), In L (sublists l) -> forall y, In y L -> In y l.
Proof.
  intros X l. induction l as [| x l IH]; intros L HL y Hy; simpl in HL.
  - destruct HL as [<- | []]. destruct Hy.
  - apply in_app_or in HL as [HL | HL].
    + apply in_map_iff in HL as [L' [<- HL']]. destruct Hy as [-> | Hy]; [left; reflexivity | right; exact (IH L' HL' y Hy)].
    + right. exact (IH L HL y Hy).
Qed.

Lemma nodup_sublists : forall (X : Type) (l : list X), NoDup l -> NoDup (sublists l).
Proof.
  intros X l. induction l as [| x l IH]; intros HN; simpl; [repeat constructor; intros [] |].
  apply NoDup_cons_iff in HN as [Hx HN]. apply nodup_app.
  - apply nodup_map_inj; [intros a b _ _ E; injection E; auto | apply IH, HN].
  - apply IH, HN.
  - intros L HL HL'. apply in_map_iff in HL as [L' [<- _]]. apply Hx. exact (sublists_incl _ _ _ HL' x (or_introl eq_refl)).
Qed.

Lemma nodup_antichainsOf : forall q, NoDup (antichainsOf q).
Proof.
  intros q. apply NoDup_filter, nodup_sublists. assert (H := nodup_allMasks q). rewrite allMasks_head in H.
  apply NoDup_cons_iff in H as [_ H]. exact H.
Qed.

Lemma not_sensitive_zeros : forall f x, sensb f x (zeros (length x)) = false.
Proof. intros f x. unfold sensb. rewrite flip_by_zeros, eqb_reflx. reflexivity. Qed.

(* M(f, x) is an antichain of nonempty blocks: it is one of antichainsOf (length x). *)
Theorem minsOf_listed : forall f x, In (minsOf f x) (antichainsOf (length x)).
Proof.
  intros f x. unfold antichainsOf. apply filter_In. split.
  - unfold minsOf. rewrite allMasks_head. simpl. unfold minb at 1. rewrite not_sensitive_zeros. simpl.
    apply filter_in_sublists.
  - unfold isAntichainb. apply forallb_forall. intros B HB. apply forallb_forall. intros C HC.
    destruct (subb (length x) B C) eqn:E; [simpl | reflexivity]. apply eqMask_true.
    apply minsOf_spec in HB, HC. apply subb_Sub in E. destruct HC as [_ Hm]. apply Hm; [exact (proj1 HB) | exact E].
Qed.

(* THE CLASS-SUM THEOREM, first step (ours): for every q and every property P of antichains
   (a boolean test, e.g. "nu*(A) = v", by Lemma 1 the test "fbs_x(f) = v"), the number of pairs
   (f, x) of a function of q inputs and an input with P(M(f, x)) is the sum over the
   antichains A with P(A) of the number of pairs with M(f, x) = A. *)
Theorem class_sum_by_antichains : forall q (P : list (list bool) -> bool),
  length (filter (fun p => P (minsOf (ttFun (fst p)) (snd p))) (pairsOf q)) =
  natSum (fun A => if P A then countPairs q A else 0) (antichainsOf q).
Proof.
  intros q P. unfold countPairs. apply (count_by_keys _ _ eqFam eqFam_true (fun p => minsOf (ttFun (fst p)) (snd p))).
  - apply nodup_antichainsOf.
  - intros [tt x] Hp. apply in_prod_iff in Hp as [_ Hx]. cbn [fst snd].
    rewrite <- (allMasks_length _ _ Hx). apply minsOf_listed.
Qed.

(* THE CLASS-SUM THEOREM, second step (ours): the antichains grouped in classes (any split of
   the list of antichains into lists, e.g. the permutation classes) on which P and the weight N
   are constant (Lemma 3) give the sum over classes K of |K| * N(A_K), A_K the first member. *)
Theorem class_sum_by_classes : forall (K : Type) (P : K -> bool) (N : K -> nat) (keys : list K)
  (classes : list (list K)) (d : K), Permutation (concat classes) keys ->
  (forall C, In C classes -> C <> [] /\ forall A, In A C -> P A = P (hd d C) /\ N A = N (hd d C)) ->
  natSum (fun A => if P A then N A else 0) keys =
  natSum (fun C => if P (hd d C) then length C * N (hd d C) else 0) classes.
Proof.
  intros K P N keys classes d HP HC.
  assert (Hperm : forall l l', Permutation l l' -> natSum (fun A => if P A then N A else 0) l =
                                               natSum (fun A => if P A then N A else 0) l')
    by (intros l l' H; induction H; simpl; lia).
  rewrite <- (Hperm _ _ HP). clear HP. induction classes as [| C classes IH]; [reflexivity |].
  simpl. assert (Happ : forall l l', natSum (fun A => if P A then N A else 0) (l ++ l') =
             natSum (fun A => if P A then N A else 0) l + natSum (fun A => if P A then N A else 0) l')
    by (intros l l'; induction l as [| a l IHl]; simpl; lia).
  rewrite Happ, IH by (intros; apply HC; right; auto). f_equal.
  destruct (HC C (or_introl eq_refl)) as [_ Hc]. clear HC IH Happ.
  assert (Hc' : forall A, In A C -> (if P A then N A else 0) = (if P (hd d C) then N (hd d C) else 0))
    by (intros A HA; destruct (Hc A HA) as [-> ->]; reflexivity).
  remember (hd d C) as a. clear Heqa Hc. induction C as [| A C IHC]; simpl; [destruct (P a); lia |].
  rewrite (Hc' A (or_introl eq_refl)), IHC by (intros; apply Hc'; right; auto). destruct (P a); lia.
Qed.

(* ======================================================================================== *)
(* Lemma 4 (ours): the census in shards                                                      *)
(* ======================================================================================== *)

(* Fix coordinate 0 (docs/census.md's coordinate 1). For a family U of (q+1)-bit blocks b :: T,
   U0 = the members without coordinate 0 and U1 = {T : T u {0} in U}, families of q-bit blocks;
   join U0 U1 puts them back. *)
Definition part0 (U : Fam) : Fam := fun T => U (false :: T).
Definition part1 (U : Fam) : Fam := fun T => U (true :: T).
Definition join (U0 U1 : Fam) : Fam :=
  fun B => match B with [] => False | false :: T => U0 T | true :: T => U1 T end.

Lemma Sub_cons : forall q b c T T', Sub (S q) (b :: T) (c :: T') <-> ((b = true -> c = true) /\ Sub q T T').
Proof.
  intros q b c T T'. split.
  - intros H. split; [intros Hb; apply (H 0%nat); [lia | exact Hb] |].
    intros i Hi HT. apply (H (S i)); [lia | exact HT].
  - intros [H1 H2] [| i] Hi HB; [apply H1, HB | apply H2; [lia | exact HB]].
Qed.

Lemma zeros_S : forall q, zeros (S q) = false :: zeros q.
Proof. reflexivity. Qed.

(* LEMMA 4 (ours): U is an up-set of (q+1)-bit blocks without the empty block iff U0 and U1 are
   up-sets of q-bit blocks, U0 inside U1, and U0 without the empty block ... *)
Theorem lemma_4 : forall q U, FamOf (S q) U ->
  ((UpSet (S q) U /\ ~ U (zeros (S q))) <->
   (UpSet q (part0 U) /\ UpSet q (part1 U) /\ (forall T, part0 U T -> part1 U T) /\ ~ part0 U (zeros q))).
Proof.
  intros q U HU. split.
  - intros [[_ Hup] H0]. split; [| split; [| split]].
    + split; [intros T HT; apply HU in HT; simpl in HT; lia |].
      intros T C HT HC Hs. apply (Hup (false :: T)); [exact HT | simpl; lia | apply Sub_cons; split; auto].
    + split; [intros T HT; apply HU in HT; simpl in HT; lia |].
      intros T C HT HC Hs. apply (Hup (true :: T)); [exact HT | simpl; lia | apply Sub_cons; split; auto].
    + intros T HT. assert (Hl := HU _ HT). simpl in Hl.
      apply (Hup (false :: T)); [exact HT | simpl; lia | apply Sub_cons; split; [discriminate | apply Sub_refl]].
    + exact H0.
  - intros [[_ Hup0] [[_ Hup1] [H01 H0]]]. split; [split; [exact HU |] | exact H0].
    intros [| b T] [| c T'] HB HC Hs; try (simpl in HC; discriminate); [apply HU in HB; discriminate |].
    simpl in HC. apply Sub_cons in Hs as [Hbc Hs].
    destruct b, c.
    + apply (Hup1 T); [exact HB | lia | exact Hs].
    + discriminate (Hbc eq_refl).
    + apply (Hup1 T); [apply H01, HB | lia | exact Hs].
    + apply (Hup0 T); [exact HB | lia | exact Hs].
Qed.

(* ... and U is the join of its two parts (the map U -> (U0, U1) is one-to-one) ... *)
Theorem lemma_4_split : forall q U, FamOf (S q) U -> forall B, U B <-> join (part0 U) (part1 U) B.
Proof.
  intros q U HU [| b T]; simpl; [split; [intros H; apply HU in H; discriminate | intros []] |].
  destruct b; reflexivity.
Qed.

(* ... and every such pair (U0, U1) is the pair of an up-set (the map is onto). *)
Theorem lemma_4_join : forall q U0 U1, UpSet q U0 -> UpSet q U1 -> (forall T, U0 T -> U1 T) -> ~ U0 (zeros q) ->
  FamOf (S q) (join U0 U1) /\ UpSet (S q) (join U0 U1) /\ ~ join U0 U1 (zeros (S q)) /\
  (forall T, part0 (join U0 U1) T <-> U0 T) /\ (forall T, part1 (join U0 U1) T <-> U1 T).
Proof.
  intros q U0 U1 H0 H1 H01 Hz.
  assert (HF : FamOf (S q) (join U0 U1))
    by (intros [| [|] T] H; [destruct H | simpl; f_equal; apply (proj1 H1), H | simpl; f_equal; apply (proj1 H0), H]).
  assert (Hp0 : forall T, part0 (join U0 U1) T <-> U0 T) by reflexivity.
  assert (Hp1 : forall T, part1 (join U0 U1) T <-> U1 T) by reflexivity.
  split; [exact HF |]. split; [| split; [exact Hz | split; assumption]].
  apply (proj2 (lemma_4 q (join U0 U1) HF)). split; [exact H0 | split; [exact H1 | split; [exact H01 | exact Hz]]].
Qed.

(* --- Lemma 4's transport of a shard (ours) ----------------------------------------------- *)

(* A permutation p of the q points {1, .., q}, extended to fix coordinate 0. *)
Definition extPerm (p : nat -> nat) : nat -> nat := fun i => match i with O => O | S i => S (p i) end.

Lemma extPerm_Perm : forall q p pinv, Perm q p pinv -> Perm (S q) (extPerm p) (extPerm pinv).
Proof.
  intros q p pinv HP [| i] Hi; simpl; [lia |]. destruct (HP i ltac:(lia)) as [H1 [H2 [H3 H4]]].
  rewrite H3, H4. repeat split; lia.
Qed.

Lemma relabel_ext : forall q p b T, relabel (S q) (extPerm p) (b :: T) = b :: relabel q p T.
Proof.
  intros q p b T. unfold relabel. simpl. f_equal. rewrite <- seq_shift, map_map. reflexivity.
Qed.

(* Relabelling the q other points maps the join of (U0, U1) to the join of their images. *)
Theorem lemma_4_transport_join : forall q p U0 U1 B, length B = S q ->
  (permFam (S q) (extPerm p) (join U0 U1) B <-> join (permFam q p U0) (permFam q p U1) B).
Proof.
  intros q p U0 U1 [| b T] HB; [discriminate |]. simpl in HB. injection HB as HT.
  unfold permFam. rewrite relabel_ext. destruct b; simpl; rewrite HT; tauto.
Qed.

(* The minimal members of pi(A) are pi of the minimal members of A. *)
Theorem minimal_permFam : forall q p pinv A B, Perm q p pinv -> FamOf q A ->
  (MinimalOf q (permFam q p A) B <-> permFam q p (MinimalOf q A) B).
Proof.
  intros q p pinv A B HP HA. split.
  - intros [[HBl HB] Hm]. split; [exact HBl |]. split; [exact HB |]. intros C HC Hs.
    assert (Hs' : Sub q (relabel q pinv C) B).
    { rewrite <- (relabel_inv q p pinv B HP HBl). apply (relabel_Sub q pinv p); [apply Perm_sym, HP | exact Hs]. }
    assert (E := Hm (relabel q pinv C) (permFam_there q p pinv A HP HA C HC) Hs').
    rewrite <- E. symmetry. apply (relabel_inv q pinv p C (Perm_sym _ _ _ HP) (HA C HC)).
  - intros [HBl [HB Hm]]. split; [split; assumption |]. intros B' [HB'l HB'] Hs.
    assert (E := Hm _ HB' (relabel_Sub q p pinv B' B HP Hs)).
    rewrite <- (relabel_inv q p pinv B' HP HB'l), <- (relabel_inv q p pinv B HP HBl), E. reflexivity.
Qed.

Lemma relabel_zeros' : forall q p pinv, Perm q p pinv -> relabel q p (zeros q) = zeros q.
Proof.
  intros q p pinv HP. apply nth_ext with (d := false) (d' := false); [rewrite relabel_length, zeros_length; reflexivity |].
  intros i Hi. rewrite relabel_length in Hi. rewrite relabel_nth, !nth_zeros by exact Hi. reflexivity.
Qed.

(* LEMMA 4, the shards (ours): let U1 = pi(R) for a permutation pi of the q other points
   (U1 B iff R (relabel q p B)). Then U0 -> pi^-1(U0) = permFam q pinv U0 maps the up-sets U0
   inside U1 without the empty block one-to-one onto those inside R (its inverse is
   permFam q p), and the up-set join U0 U1 is the image of join (pi^-1 U0) R under pi extended
   to fix coordinate 0, so the two have the same minimal members up to that permutation
   (minimal_permFam) and the same four measures (lemma_3). *)
Theorem lemma_4_shard : forall q p pinv (R U1 U0 : Fam), Perm q p pinv -> FamOf q U0 ->
  (forall B, U1 B <-> permFam q p R B) ->
  ((UpSet q U0 /\ ~ U0 (zeros q) /\ (forall T, U0 T -> U1 T)) <->
   (UpSet q (permFam q pinv U0) /\ ~ permFam q pinv U0 (zeros q) /\ (forall T, permFam q pinv U0 T -> R T))) /\
  (forall B, permFam q p (permFam q pinv U0) B <-> U0 B) /\
  (forall B, length B = S q -> (join (permFam q pinv U0) R B <-> permFam (S q) (extPerm pinv) (join U0 U1) B)).
Proof.
  intros q p pinv R U1 U0 HP HU0 HU1. assert (HP' := Perm_sym _ _ _ HP).
  assert (Back : forall B, permFam q p (permFam q pinv U0) B <-> U0 B).
  { intros B. unfold permFam. split.
    - intros [HBl [_ H]]. rewrite (relabel_inv q p pinv B HP HBl) in H. exact H.
    - intros H. assert (HBl := HU0 B H). split; [exact HBl |]. split; [apply relabel_length |].
      rewrite (relabel_inv q p pinv B HP HBl). exact H. }
  split; [| split; [exact Back |]].
  - split.
    + intros [[_ Hup] [Hz Hin]]. split; [split |]; [intros B [HBl _]; exact HBl | | split].
      * intros B C [HBl HB] HC Hs. split; [exact HC |]. apply (Hup (relabel q pinv B)); [exact HB | apply relabel_length |].
        apply (relabel_Sub q pinv p); [exact HP' | exact Hs].
      * intros [_ H]. apply Hz. rewrite (relabel_zeros' q pinv p HP') in H. exact H.
      * intros T [HTl HT]. apply Hin, HU1 in HT. destruct HT as [_ HT].
        rewrite (relabel_inv q pinv p T HP' HTl) in HT. exact HT.
    + intros [[_ Hup] [Hz Hin]]. split; [split; [exact HU0 |] | split].
      * intros B C HB HC Hs. apply Back. apply Back in HB. destruct HB as [HBl HB].
        split; [exact HC |]. apply (Hup (relabel q p B)); [exact HB | apply relabel_length |].
        apply (relabel_Sub q p pinv); [exact HP | exact Hs].
      * intros H. apply Hz. split; [apply zeros_length |]. rewrite (relabel_zeros' q pinv p HP'). exact H.
      * intros T HT. apply HU1. assert (HTl := HU0 T HT). split; [exact HTl |]. apply Hin.
        apply Back in HT. exact (proj2 HT).
  - intros B HB. rewrite lemma_4_transport_join by exact HB. destruct B as [| b T]; [discriminate |].
    simpl in HB. injection HB as HT. destruct b; simpl; [| tauto].
    unfold permFam. rewrite HU1. unfold permFam. rewrite relabel_length.
    split; [intros H; split; [exact HT | split; [reflexivity | rewrite (relabel_inv q pinv p T HP' HT); exact H]] |].
    intros [_ [_ H]]. rewrite (relabel_inv q pinv p T HP' HT) in H. exact H.
Qed.

(* The main theorems; the class-sum steps are closed with theorems/CensusCount.v's
   class_sum_theorem, and tests/formal/test_coq.py prints every name. *)

(* ======================================================================================== *)
(* fbs >= 1 for a non-constant function; minimal blocks suffice (ours, docs/notes.md        *)
(* section 1: one line each on paper)                                                        *)
(* ======================================================================================== *)

(* Minimal blocks suffice: a t >= 0 with t(B) >= 1 on every minimal sensitive block of f at z
   is a feasible dual of Definition 3.4 (t(B) >= 1 on every sensitive block). *)
Theorem minimal_blocks_suffice : forall f z (t : list Q),
  (forall i, (0 <= nth i t 0)%Q) -> (forall B, MinSens f z B -> (1 <= blockWeight (length z) t B)%Q) ->
  DualFeasible f z t.
Proof.
  intros f z t Ht Hmin. split; [exact Ht |]. intros B HB.
  rewrite <- blockWeight_trunc.
  assert (HS : SensFam f z (map (fun i => nth i B false) (seq 0 (length z)))).
  { split; [apply ExhaustiveCheck.trunc_length |]. unfold Sensitive. rewrite flip_trunc. exact HB. }
  destruct (sensitive_covered _ _ _ HS) as [B' [HM HSub]].
  apply Qle_trans with (blockWeight (length z) t B'); [apply Hmin, HM |].
  apply blockWeight_mono; assumption.
Qed.

(* The input y differs from z exactly on the block lying z y, so that block is sensitive at z
   when f(y) <> f(z). *)
Lemma flip_lying : forall (z y : list bool), length y = length z -> flip z (lying z y) = y.
Proof.
  intros z y Hy. apply nth_ext with (d := false) (d' := false).
  - unfold flip. rewrite map_length, seq_length. congruence.
  - intros i Hi. unfold flip in Hi |- *. rewrite map_length, seq_length in Hi.
    rewrite nth_map_seq by exact Hi. unfold lying. rewrite nth_map_seq by exact Hi.
    destruct (nth i z false), (nth i y false); reflexivity.
Qed.

(* fbs_z(f) >= 1 when f is not constant on the inputs of z's length: the packing of weight 1
   on the block where z and a y with f(y) <> f(z) differ is feasible. *)
Theorem fbs_ge_one : forall f z (v : Q), FbsValue f z v ->
  (exists y, length y = length z /\ f y <> f z) -> (1 <= v)%Q.
Proof.
  intros f z v [[_ Hmax] _] [y [Hy Hne]].
  set (B := lying z y).
  assert (HB : length B = length z) by (unfold B, lying; rewrite map_length, seq_length; reflexivity).
  assert (Hfeas : PrimalFeasible f z [(B, 1%Q)]).
  { split.
    - intros Jw [E | []]. subst Jw. simpl. split; [lra |]. split; [exact HB |].
      unfold Sensitive. unfold B. rewrite flip_lying by exact Hy. exact Hne.
    - intros i _. unfold load. simpl. destruct (nth i B false); lra. }
  specialize (Hmax _ Hfeas). unfold primalValue in Hmax. simpl in Hmax. lra.
Qed.

Print Assumptions lemma_1.
Print Assumptions lemma_2.
Print Assumptions lemma_3.
Print Assumptions lemma_4_split.
Print Assumptions lemma_4_join.
Print Assumptions lemma_4_shard.
Print Assumptions minimal_blocks_suffice.
Print Assumptions fbs_ge_one.
