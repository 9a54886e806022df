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
  MeasureCheck MeasureChain Antichains.
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

Print Assumptions lemma_1_fbs.
Print Assumptions lemma_1_s.
Print Assumptions lemma_1_bs.
Print Assumptions lemma_1_C.
Print Assumptions lemma_1.
