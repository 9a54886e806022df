(* MenuExamples.v -- non-vacuity of MenuLowerBound.v (Propositions M1 and M2, ours, docs/menus.md
   section 3) on docs/menus.md's shared-query menu: the root offers the alternatives
   not-all-equal(a, c, b) and maj(b, c, a), at the reference oracle a = 0, b = c = 1 (legal:
   both are 1). Both realisations have rho_R = 2, while the only legal flip of the root is
   {b, c}, so rho_M = 1: M1's inequality holds strictly, and the one-query checker that reads b
   attains M2's bound min(1, m / rho_M) = 1 against every legal root-flipping oracle. For
   Corollary M4 (distinct queries), the menu and(a, b) or nor(c, e) at a = b = 1, c = e = 0:
   rho = 2, d = 1, and rho_M = rho^d = 2 exactly. For Proposition M3, the menu and(a, b) or c at
   a = b = c = 1: rho_M = 1, the smaller of the realisations' 2 and 1. Checked by
   coqc 8.16 (coq/check.sh); every Print Assumptions at the end must answer "Closed under the
   global context". *)

From Coq Require Import QArith Qminmax Qabs Lqa List Lia Bool Arith.
From FbsCoq Require Import FbsModel FbsTreeModel LowerBound MenuModel MenuLowerBound MenuDistinct
  MenuRealisations.
Import ListNotations.
Open Scope Q_scope.

Definition qa : path := [0%nat].
Definition qb : path := [1%nat].
Definition qc : path := [2%nat].

Definition nae3 : Agg := fun z =>
  match z with [x; y; w] => negb (Bool.eqb x y && Bool.eqb y w) | _ => false end.
Definition maj3 : Agg := fun z =>
  match z with [x; y; w] => (x && y || y && w || x && w)%bool | _ => false end.

Definition leaves3 (x y w : path) : nat -> mtree := fun i =>
  match i with 0%nat => MLeaf x | 1%nat => MLeaf y | _ => MLeaf w end.

(* The menu: alternative 0 is nae(a, c, b), alternative 1 is maj(b, c, a). *)
Definition sharedMenu : mtree :=
  MMenu 1 (fun j => match j with
                    | 0%nat => MNode nae3 3 (leaves3 qa qc qb)
                    | _ => MNode maj3 3 (leaves3 qb qc qa)
                    end).

Definition alphaY : path -> bool := fun x =>
  match x with [1%nat] | [2%nat] => true | _ => false end.

Lemma alphaY_legal : legal sharedMenu alphaY = true.
Proof. vm_compute. reflexivity. Qed.

Lemma sharedMenu_queries : qset (mqueries sharedMenu) = [qb; qc; qa].
Proof. vm_compute. reflexivity. Qed.

(* The block {b, c}. *)
Definition Hbc : path -> bool := fun x => match x with [1%nat] | [2%nat] => true | _ => false end.

Lemma Hbc_legal_sensitive : LegalSensitive sharedMenu alphaY Hbc.
Proof. split; vm_compute; [reflexivity | discriminate]. Qed.

(* rho_M >= 1: every feasible dual covers {b, c}. *)
Lemma sharedMenu_rhoM_ge_1 : MenuFbsAtLeast 1 sharedMenu alphaY.
Proof.
  intros t [Ht Hf]. specialize (Hf Hbc Hbc_legal_sensitive).
  unfold weightOn, valueOn in *. rewrite sharedMenu_queries in *. simpl in *.
  generalize (Ht qa). lra.
Qed.

(* Every legal sensitive block flips b and c and leaves a (the only legal root flip is
   (0, 1, 1) -> (0, 0, 0)). *)
Lemma sharedMenu_only_bc : forall H, LegalSensitive sharedMenu alphaY H ->
  H qa = false /\ H qb = true /\ H qc = true.
Proof.
  intros H [HL HS]. unfold qa, qb, qc.
  destruct (H [0%nat]) eqn:Ea, (H [1%nat]) eqn:Eb, (H [2%nat]) eqn:Ec;
    cbv [legal mval sharedMenu leaves3 flipA alphaY nae3 maj3 seq map forallb qa qb qc] in HL, HS;
    rewrite ?Ea, ?Eb, ?Ec in HL, HS; simpl in HL, HS;
    first [discriminate | (exfalso; apply HS; reflexivity) | auto].
Qed.

(* rho_M = 1 exactly: the dual with weight 1 on b alone is feasible, of value 1. *)
Definition tb : path -> Q := fun x => match x with [1%nat] => 1 | _ => 0 end.

Lemma sharedMenu_rhoM_le_1 : MenuDualFeasible sharedMenu alphaY tb /\
  valueOn (mqueries sharedMenu) tb == 1.
Proof.
  split; [split |].
  - intros x. unfold tb. destruct x as [| [| [| n]] [|]]; lra.
  - intros H HS. destruct (sharedMenu_only_bc H HS) as [Ea [Eb Ec]].
    unfold weightOn. rewrite sharedMenu_queries. simpl. unfold qa, qb, qc in *.
    rewrite Ea, Eb, Ec. simpl. lra.
  - unfold valueOn. rewrite sharedMenu_queries. reflexivity.
Qed.

(* rho_R >= 2 for both realisations: nae(a, c, b) at (0, 1, 1) has the sensitive blocks {a}
   and {b, c}; maj(b, c, a) at (1, 1, 0) has {b} and {c}. *)
Definition Ha : path -> bool := fun x => match x with [0%nat] => true | _ => false end.
Definition Hb : path -> bool := fun x => match x with [1%nat] => true | _ => false end.
Definition Hc : path -> bool := fun x => match x with [2%nat] => true | _ => false end.

Lemma sharedMenu_rhoR_ge_2 : forall s, RealFbsAtLeast 2 sharedMenu s alphaY.
Proof.
  intros s t [Ht Hf]. unfold RealSensitive, valueOn, weightOn in *.
  assert (Hp := pick_le s 1). unfold sharedMenu in *. cbn [rval rqueries] in *.
  destruct (pick s 1) as [| [| n]]; [| | lia].
  - assert (E : qset (rqueries (MNode nae3 3 (leaves3 qa qc qb)) (sub s 0)) = [qa; qc; qb])
      by (vm_compute; reflexivity).
    assert (H1 := Hf Ha ltac:(vm_compute; discriminate)).
    assert (H2 := Hf Hbc ltac:(vm_compute; discriminate)).
    rewrite E in *. simpl in *. lra.
  - assert (E : qset (rqueries (MNode maj3 3 (leaves3 qb qc qa)) (sub s 1)) = [qb; qc; qa])
      by (vm_compute; reflexivity).
    assert (H1 := Hf Hb ltac:(vm_compute; discriminate)).
    assert (H2 := Hf Hc ltac:(vm_compute; discriminate)).
    rewrite E in *. simpl in *. generalize (Ht qa). lra.
Qed.

(* PROPOSITION M1, non-vacuity: its hypothesis (a legal reference oracle) is met, it gives
   rho_R >= 1 for every realisation from rho_M >= 1, and it is strict here: rho_M = 1 (a
   feasible dual of value 1) while every rho_R >= 2. *)
Theorem proposition_M1_example :
  legal sharedMenu alphaY = true /\ (forall s, RealFbsAtLeast 1 sharedMenu s alphaY) /\
  MenuFbsAtLeast 1 sharedMenu alphaY /\
  (exists t, MenuDualFeasible sharedMenu alphaY t /\ valueOn (mqueries sharedMenu) t == 1) /\
  (forall s, RealFbsAtLeast 2 sharedMenu s alphaY).
Proof.
  split; [exact alphaY_legal | split; [| split; [exact sharedMenu_rhoM_ge_1 | split]]].
  - intros s. exact (proposition_M1_bound 1 sharedMenu alphaY s alphaY_legal sharedMenu_rhoM_ge_1).
  - exists tb. exact sharedMenu_rhoM_le_1.
  - exact sharedMenu_rhoR_ge_2.
Qed.

(* The one-query checker that reads b and accepts iff b = 1. *)
Definition readB : checker := Ask qb (fun v => Output v).

(* PROPOSITION M2, non-vacuity: every hypothesis is met (rho_M >= 1 > 0, fair coins, one
   query), the theorem gives a legal root-flipping oracle, and the bound min(1, m / rho_M) = 1
   is attained: against every legal root-flipping oracle the checker's advantage is exactly 1
   (the single query b separates O_Y from the only legal oracle that flips the root). *)
Theorem proposition_M2_example :
  (exists H, (forall x, H x = true -> In x (mqueries sharedMenu)) /\
     legal sharedMenu (flipA alphaY H) = true /\
     mval sharedMenu (flipA alphaY H) <> mval sharedMenu alphaY /\
     Qabs (accept alphaY readB - accept (flipA alphaY H) readB) <= Qmin 1 (inject_Z (Z.of_nat 1) / 1)) /\
  Qmin 1 (inject_Z (Z.of_nat 1) / 1) == 1 /\
  (forall H, LegalSensitive sharedMenu alphaY H ->
     Qabs (accept alphaY readB - accept (flipA alphaY H) readB) == 1).
Proof.
  split; [| split].
  - apply (proposition_M2 sharedMenu alphaY 1 readB 1); [lra | exact sharedMenu_rhoM_ge_1 | |].
    + intros b. exact I.
    + intros b. exact I.
  - reflexivity.
  - intros H HS. destruct (sharedMenu_only_bc H HS) as [_ [Eb _]].
    unfold readB, accept, flipA. unfold qb in *. rewrite Eb. reflexivity.
Qed.

(* ======================================================================================== *)
(* Corollary M4: and(a, b) or nor(c, e) at a = b = 1, c = e = 0                            *)
(* ======================================================================================== *)

Definition qe : path := [3%nat].
Definition mand2 : Agg := fun z => match z with [x; y] => (x && y)%bool | _ => false end.
Definition mnor2 : Agg := fun z => match z with [x; y] => negb (x || y) | _ => false end.
Definition leaves2 (x y : path) : nat -> mtree := fun i =>
  match i with 0%nat => MLeaf x | _ => MLeaf y end.

Definition andNorMenu : mtree :=
  MMenu 1 (fun j => match j with
                    | 0%nat => MNode mand2 2 (leaves2 qa qb)
                    | _ => MNode mnor2 2 (leaves2 qc qe)
                    end).

Definition alpha4 : path -> bool := fun x =>
  match x with [0%nat] | [1%nat] => true | _ => false end.

Lemma andNor_queries : qset (mqueries andNorMenu) = [qa; qb; qc; qe].
Proof. vm_compute. reflexivity. Qed.

Lemma andNor_nodup : NoDup (mqueries andNorMenu).
Proof.
  replace (mqueries andNorMenu) with (qset (mqueries andNorMenu)) by (vm_compute; reflexivity).
  apply NoDup_nodup.
Qed.

(* Both aggregators have the sensitive blocks {0} and {1} at their inputs: local fbs >= 2. *)
Lemma two_singletons : forall (f : Agg) z v, Sensitive f z [true; false] -> Sensitive f z [false; true] ->
  length z = 2%nat -> DualFeasible f z v -> 2 <= totalWeight 2 v.
Proof.
  intros f z v H0 H1 Hl [_ Hf]. rewrite Hl in Hf.
  assert (A := Hf _ H0). assert (B := Hf _ H1). unfold blockWeight, totalWeight in *. simpl in *. lra.
Qed.

Lemma andNor_local : MLocalFbsAtLeast 2 andNorMenu alpha4.
Proof.
  intros j Hj. destruct j as [| [| j]]; [| | lia]; simpl; (split; [| intros i _; destruct i; exact I]);
    intros v; apply two_singletons; try reflexivity; unfold Sensitive; vm_compute; discriminate.
Qed.

Lemma andNor_uniform : MUniformDepth andNorMenu 1.
Proof. intros j Hj. destruct j as [| [| j]]; [| | lia]; intros i _; destruct i; exact I. Qed.

(* The dual with weight 1 on a and on b: every legal flip of the root flips and(a, b). *)
Definition t4 : path -> Q := fun x => match x with [0%nat] | [1%nat] => 1 | _ => 0 end.

Lemma andNor_t4 : MenuDualFeasible andNorMenu alpha4 t4.
Proof.
  split.
  - intros x. unfold t4. destruct x as [| [| [| [| n]]] [|]]; lra.
  - intros H [HL HS]. unfold weightOn. rewrite andNor_queries. simpl.
    unfold qa, qb, qc, qe in *.
    destruct (H [0%nat]) eqn:Ea, (H [1%nat]) eqn:Eb, (H [2%nat]) eqn:Ec, (H [3%nat]) eqn:Ee;
      cbv [legal mval andNorMenu leaves2 flipA alpha4 mand2 mnor2 seq map forallb qa qb qc qe] in HL, HS;
      rewrite ?Ea, ?Eb, ?Ec, ?Ee in HL, HS; simpl in HL, HS;
      first [discriminate | (exfalso; apply HS; reflexivity) | simpl; lra].
Qed.

(* COROLLARY M4, non-vacuity: every hypothesis met at once (rho = 2 >= 1, alpha legal, distinct
   queries, local fbs 2 in both alternatives, depth 1), and the bound attained: rho_M >= 2 by
   the corollary, and a feasible dual of value exactly rho^d = 2. *)
Theorem corollary_M4_example :
  1 <= 2 /\ legal andNorMenu alpha4 = true /\ NoDup (mqueries andNorMenu) /\
  MLocalFbsAtLeast 2 andNorMenu alpha4 /\ MUniformDepth andNorMenu 1 /\
  MenuFbsAtLeast (qpow 2 1) andNorMenu alpha4 /\
  MenuDualFeasible andNorMenu alpha4 t4 /\ valueOn (mqueries andNorMenu) t4 == qpow 2 1.
Proof.
  assert (HA : legal andNorMenu alpha4 = true) by (vm_compute; reflexivity).
  split; [lra | split; [exact HA | split; [exact andNor_nodup | split; [exact andNor_local |]]]].
  split; [exact andNor_uniform |]. split.
  - exact (corollary_M4 2 andNorMenu 1 alpha4 ltac:(lra) HA andNor_nodup andNor_local andNor_uniform).
  - split; [exact andNor_t4 |]. unfold valueOn. rewrite andNor_queries. reflexivity.
Qed.

(* ======================================================================================== *)
(* Proposition M3: and(a, b) or the leaf c at a = b = c = 1                                 *)
(* ======================================================================================== *)

Definition andLeafMenu : mtree :=
  MMenu 1 (fun j => match j with 0%nat => MNode mand2 2 (leaves2 qa qb) | _ => MLeaf qc end).
Definition allOnes : path -> bool := fun _ => true.

Lemma andLeaf_nodup : NoDup (mqueries andLeafMenu).
Proof.
  replace (mqueries andLeafMenu) with (qset (mqueries andLeafMenu)) by (vm_compute; reflexivity).
  apply NoDup_nodup.
Qed.

(* Every realisation has rho_R >= 1: and(a, b) needs t_a, t_b >= 1; the leaf c needs t_c >= 1. *)
Lemma andLeaf_realisations : forall s, RealFbsAtLeast 1 andLeafMenu s allOnes.
Proof.
  intros s t [Ht Hf]. unfold RealSensitive, valueOn, weightOn in *.
  assert (Hp := pick_le s 1). unfold andLeafMenu in *. cbn [rval rqueries] in *.
  destruct (pick s 1) as [| [| n]]; [| | lia].
  - assert (E : qset (rqueries (MNode mand2 2 (leaves2 qa qb)) (sub s 0)) = [qa; qb])
      by (vm_compute; reflexivity).
    assert (H1 := Hf Ha ltac:(vm_compute; discriminate)).
    rewrite E in *. simpl in *. generalize (Ht qb). lra.
  - assert (H1 := Hf Hc ltac:(vm_compute; discriminate)). simpl in *. lra.
Qed.

(* The and(a, b) realisation alone has rho_R >= 2. *)
Lemma andLeaf_and_realisation : RealFbsAtLeast 2 andLeafMenu (fun _ => 0%nat) allOnes.
Proof.
  intros t [Ht Hf]. unfold RealSensitive, valueOn, weightOn in *.
  assert (E : qset (rqueries andLeafMenu (fun _ => 0%nat)) = [qa; qb]) by (vm_compute; reflexivity).
  assert (H1 := Hf Ha ltac:(vm_compute; discriminate)).
  assert (H2 := Hf Hb ltac:(vm_compute; discriminate)).
  rewrite E in *. simpl in *. lra.
Qed.

(* The dual with weight 1 on c: every legal flip of the root flips c. *)
Definition tc : path -> Q := fun x => match x with [2%nat] => 1 | _ => 0 end.

Lemma andLeaf_tc : MenuDualFeasible andLeafMenu allOnes tc /\ valueOn (mqueries andLeafMenu) tc == 1.
Proof.
  assert (E : qset (mqueries andLeafMenu) = [qa; qb; qc]) by (vm_compute; reflexivity).
  split; [split |].
  - intros x. unfold tc. destruct x as [| [| [| [| n]]] [|]]; lra.
  - intros H [HL HS]. unfold weightOn. rewrite E. simpl. unfold qa, qb, qc in *.
    destruct (H [0%nat]) eqn:Ea, (H [1%nat]) eqn:Eb, (H [2%nat]) eqn:Ec;
      cbv [legal mval andLeafMenu leaves2 flipA allOnes mand2 seq map forallb qa qb qc] in HL, HS;
      rewrite ?Ea, ?Eb, ?Ec in HL; rewrite ?Ea, ?Eb, ?Ec in HS; simpl in HL, HS;
      first [discriminate | (exfalso; apply HS; reflexivity) | simpl; lra].
  - unfold valueOn. rewrite E. reflexivity.
Qed.

(* PROPOSITION M3, non-vacuity: both hypotheses met (a legal reference oracle, distinct
   queries); rho_R >= 1 for every realisation gives rho_M >= 1 through M3, and rho_M = 1 is the
   minimum over the realisations, not the and(a, b) realisation's rho_R >= 2. *)
Theorem proposition_M3_example :
  legal andLeafMenu allOnes = true /\ NoDup (mqueries andLeafMenu) /\
  MenuFbsAtLeast 1 andLeafMenu allOnes /\
  MenuDualFeasible andLeafMenu allOnes tc /\ valueOn (mqueries andLeafMenu) tc == 1 /\
  RealFbsAtLeast 2 andLeafMenu (fun _ => 0%nat) allOnes.
Proof.
  assert (HA : legal andLeafMenu allOnes = true) by (vm_compute; reflexivity).
  split; [exact HA | split; [exact andLeaf_nodup | split]].
  - apply (proposition_M3 1 andLeafMenu allOnes HA andLeaf_nodup). exact andLeaf_realisations.
  - split; [exact (proj1 andLeaf_tc) | split; [exact (proj2 andLeaf_tc) | exact andLeaf_and_realisation]].
Qed.

Print Assumptions proposition_M1_example.
Print Assumptions proposition_M2_example.
Print Assumptions proposition_M3_example.
Print Assumptions corollary_M4_example.
