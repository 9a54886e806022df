(* MeasureChain.v -- the chain s_z(f) <= bs_z(f) <= fbs_z(f) <= C_z(f) at every input z (ours:
   the paper's footnote 3 relates fbs's dual to randomized certificate complexity; the chain is
   standard, docs/notes.md section 3 has the three-line proof). Over model/Measures.v's
   definitions of s, bs and C and model/FbsModel.v's FbsValue (fbs_z(f) as the optimum of
   both linear programs of Definitions 3.3 and 3.4), with no LP duality theorem: the sensitive
   singletons are disjoint sensitive blocks (s <= bs); disjoint sensitive blocks with weight
   1 each are a feasible packing (bs <= fbs); the indicator of a certificate is a feasible
   dual (fbs <= C). Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end
   must answer "Closed under the global context". *)

From Coq Require Import QArith Lqa List Lia Bool PeanoNat.
From FbsCoq Require Import FbsTrees FbsTreeCert Measures SymmetricCheck.
Import ListNotations.
Open Scope Q_scope.

(* --- s <= bs ------------------------------------------------------------------------------ *)

Lemma unitBlock_nth : forall q i c, (c < q)%nat -> nth c (unitBlock q i) false = Nat.eqb c i.
Proof. intros. unfold unitBlock. rewrite nth_map_seq by assumption. reflexivity. Qed.

Lemma unitBlocks_pairwise : forall q S, NoDup S -> Pairwise q (map (unitBlock q) S).
Proof.
  intros q S. induction S as [| i S IH]; intros HN; [exact I |].
  inversion HN as [| ? ? Hi HS]; subst. split; [| apply IH; exact HS].
  intros B' HB'. apply in_map_iff in HB' as [j [<- Hj]]. intros c Hc.
  rewrite !unitBlock_nth by exact Hc.
  destruct (Nat.eqb c i) eqn:E; [right | left; reflexivity].
  apply Nat.eqb_eq in E. subst c. apply Nat.eqb_neq. intros ->. contradiction.
Qed.

Theorem s_le_bs : forall f z s bs, SensitivityIs f z s -> BlockSensitivityIs f z bs -> (s <= bs)%nat.
Proof.
  intros f z s bs [S [HN [Hl HS]]] [_ Hmax]. rewrite <- Hl, <- (map_length (unitBlock (length z))).
  apply Hmax. split; [| apply unitBlocks_pairwise; exact HN].
  intros B HB. apply in_map_iff in HB as [i [<- Hi]]. apply HS in Hi as [_ Hs].
  split; [unfold unitBlock; rewrite map_length, seq_length; reflexivity | exact Hs].
Qed.

(* --- bs <= fbs ---------------------------------------------------------------------------- *)

Definition unitWeights (Bs : list (list bool)) : list (list bool * Q) := map (fun B => (B, 1)) Bs.

Lemma load_zero : forall Bs i, (forall B, In B Bs -> nth i B false = false) ->
  load (unitWeights Bs) i == 0.
Proof.
  induction Bs as [| B Bs IH]; intros i H; [reflexivity |]. unfold load in *. cbn [unitWeights map qlsum fst snd].
  rewrite (H B (or_introl eq_refl)), IH; [reflexivity |]. intros B' HB'. apply H. right. exact HB'.
Qed.

Lemma load_pairwise : forall q Bs i, Pairwise q Bs -> (i < q)%nat -> load (unitWeights Bs) i <= 1.
Proof.
  intros q. induction Bs as [| B Bs IH]; intros i HP Hi; [unfold load; simpl; lra |].
  destruct HP as [Hd Hp].
  assert (E : load (unitWeights (B :: Bs)) i == (if nth i B false then 1 else 0) + load (unitWeights Bs) i)
    by reflexivity.
  rewrite E. destruct (nth i B false) eqn:EB.
  - rewrite load_zero; [lra |]. intros B' HB'. destruct (Hd B' HB' i Hi) as [F | F]; [congruence | exact F].
  - assert (IH' := IH i Hp Hi). lra.
Qed.

Lemma unitWeights_value : forall Bs, primalValue (unitWeights Bs) == natQ (length Bs).
Proof.
  induction Bs as [| B Bs IH]; [reflexivity |]. unfold primalValue in *. cbn [unitWeights map qlsum snd length].
  rewrite IH. replace (S (length Bs)) with (1 + length Bs)%nat by lia. rewrite natQ_add. reflexivity.
Qed.

Theorem bs_le_fbs : forall f z bs v, BlockSensitivityIs f z bs -> FbsValue f z v -> natQ bs <= v.
Proof.
  intros f z bs v [[Bs [[HB Hp] Hl]] _] [[_ Hmax] _]. rewrite <- Hl, <- unitWeights_value.
  apply Hmax. split.
  - intros Jw HJw. apply in_map_iff in HJw as [B [<- HBin]]. cbn [fst snd].
    destruct (HB B HBin) as [H1 H2]. split; [lra | split; assumption].
  - intros i Hi. apply (load_pairwise (length z)); assumption.
Qed.

(* --- fbs <= C ----------------------------------------------------------------------------- *)

Definition indicator (q : nat) (H : list bool) : list Q :=
  map (fun i => if nth i H false then 1 else 0) (seq 0 q).

Lemma qsum_ge_term : forall n g i, (forall j, (j < n)%nat -> 0 <= g j) -> (i < n)%nat -> g i <= qsum n g.
Proof.
  induction n as [| n IH]; intros g i H Hi; [lia |]. cbn [qsum].
  destruct (Nat.eq_dec i n) as [-> | Ne].
  - assert (0 <= qsum n g) by (apply qsum_nonneg; intros; apply H; lia). lra.
  - assert (g i <= qsum n g) by (apply IH; [intros; apply H | ]; lia).
    assert (0 <= g n) by (apply H; lia). lra.
Qed.

Lemma qsum_count : forall n (p : nat -> bool),
  qsum n (fun i => if p i then 1 else 0) == natQ (length (filter p (seq 0 n))).
Proof.
  induction n as [| n IH]; intros p; [reflexivity |]. cbn [qsum]. rewrite IH, seq_S, filter_app, app_length.
  rewrite natQ_add. simpl. destruct (p n); reflexivity.
Qed.

(* A certificate meets every sensitive block: else z^B agrees with z on H. *)
Lemma certificate_meets : forall f z H B, Certificate f z H -> Sensitive f z B ->
  exists i, (i < length z)%nat /\ nth i B false = true /\ nth i H false = true.
Proof.
  intros f z H B HC HS.
  destruct (existsb (fun i => nth i B false && nth i H false) (seq 0 (length z))) eqn:E.
  - apply existsb_exists in E as [i [Hi E]]. apply in_seq in Hi. apply andb_prop in E.
    exists i. split; [lia | exact E].
  - exfalso. apply HS, HC; [apply flip_length |]. intros i Hi HHi. unfold flip.
    rewrite nth_map_seq by exact Hi.
    assert (Hn : nth i B false = false).
    { destruct (nth i B false) eqn:EB; [| reflexivity]. exfalso.
      assert (In i (seq 0 (length z))) by (apply in_seq; lia).
      assert (existsb (fun i => nth i B false && nth i H false) (seq 0 (length z)) = true)
        by (apply existsb_exists; exists i; rewrite EB, HHi; split; [assumption | reflexivity]).
      congruence. }
    rewrite Hn. apply xorb_false_r.
Qed.

Lemma indicator_nth : forall q H i, (i < q)%nat -> nth i (indicator q H) 0 = if nth i H false then 1 else 0.
Proof. intros. unfold indicator. rewrite nth_map_seq by assumption. reflexivity. Qed.

Lemma indicator_feasible : forall f z H, Certificate f z H -> DualFeasible f z (indicator (length z) H).
Proof.
  intros f z H HC. split.
  - intros i. destruct (Nat.lt_ge_cases i (length z)) as [Hi | Hi].
    + rewrite indicator_nth by exact Hi. destruct (nth i H false); lra.
    + rewrite nth_overflow by (unfold indicator; rewrite map_length, seq_length; exact Hi). lra.
  - intros B HS. destruct (certificate_meets f z H B HC HS) as [i [Hi [HB HH]]].
    unfold blockWeight.
    apply (Qle_trans _ ((fun j => if nth j B false then nth j (indicator (length z) H) 0 else 0) i)).
    + cbv beta. rewrite HB, indicator_nth, HH by exact Hi. lra.
    + apply (qsum_ge_term (length z)
        (fun j => if nth j B false then nth j (indicator (length z) H) 0 else 0) i); [| exact Hi].
      intros j Hj. rewrite indicator_nth by exact Hj.
      destruct (nth j B false), (nth j H false); lra.
Qed.

Theorem fbs_le_C : forall f z v c, FbsValue f z v -> CertificateComplexityIs f z c -> v <= natQ c.
Proof.
  intros f z v c [_ [_ Hmin]] [[H [HC Hs]] _]. rewrite <- Hs.
  apply (Qle_trans _ _ _ (Hmin _ (indicator_feasible f z H HC))).
  unfold dualValueAt, totalWeight, setSize. rewrite <- qsum_count. apply Qle_lteq. right.
  apply qsum_ext. intros i Hi. rewrite indicator_nth by exact Hi. reflexivity.
Qed.

(* THE CHAIN (ours; docs/notes.md section 3): s_z(f) <= bs_z(f) <= fbs_z(f) <= C_z(f). *)
Theorem measure_chain : forall f z s bs v c,
  SensitivityIs f z s -> BlockSensitivityIs f z bs -> FbsValue f z v ->
  CertificateComplexityIs f z c ->
  (s <= bs)%nat /\ inject_Z (Z.of_nat bs) <= v /\ v <= inject_Z (Z.of_nat c).
Proof.
  intros f z s bs v c Hs Hbs Hv Hc. split; [| split].
  - exact (s_le_bs f z s bs Hs Hbs).
  - exact (bs_le_fbs f z bs v Hbs Hv).
  - exact (fbs_le_C f z v c Hv Hc).
Qed.

Print Assumptions s_le_bs.
Print Assumptions bs_le_fbs.
Print Assumptions fbs_le_C.
Print Assumptions measure_chain.
