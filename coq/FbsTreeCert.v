(* FbsTreeCert.v -- the factored certificate of kind `tree` (certificates/FORMAT.md, section 6):
   the records the trusted checker verifies node by node imply a feasible dual of the global
   fbs LP of F_T at alpha (paper Definition 3.4) whose value is the certified V, hence
   fbs_alpha(F_T) = rho_T <= V. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at
   the end must answer "Closed under the global context". *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool.
From FbsCoq Require Import FbsTrees.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Definitions (the part a reader must trust)                                                *)
(* ======================================================================================== *)

(* A decomposition tree whose leaves are F_T's variables (paper Section 5, Setup: leaf
   queries pairwise distinct, so a leaf is its own variable). A leaf is named by its path, the
   list of child indices from the root. *)
Inductive ctree : Type :=
| CLeaf : ctree
| CNode : forall (phi : Agg) (q : nat) (kids : nat -> ctree), ctree.

Definition path := list nat.
Definition sub {A : Type} (x : path -> A) (i : nat) : path -> A := fun p => x (i :: p).

(* F_T (paper Section 5, Notation): each leaf reads its variable, internal nodes aggregate. *)
Fixpoint F (T : ctree) (x : path -> bool) : bool :=
  match T with
  | CLeaf => x []
  | CNode phi q kids => phi (map (fun i => F (kids i) (sub x i)) (seq 0 q))
  end.

Fixpoint leaves (T : ctree) : list path :=
  match T with
  | CLeaf => [[]]
  | CNode _ q kids => flat_map (fun i => map (cons i) (leaves (kids i))) (seq 0 q)
  end.

(* A block H of leaves is sensitive for F_T at alpha when flipping it changes F_T. *)
Definition flipA (x H : path -> bool) : path -> bool := fun p => xorb (x p) (H p).
Definition SensitiveF (T : ctree) (alpha H : path -> bool) : Prop :=
  F T (flipA alpha H) <> F T alpha.

(* A global dual: weights t on the leaves; its value and the weight of a block. *)
Definition dualValue (T : ctree) (t : path -> Q) : Q := qlsum (map t (leaves T)).
Definition dualBlock (T : ctree) (t : path -> Q) (H : path -> bool) : Q :=
  qlsum (map (fun p => if H p then t p else 0) (leaves T)).

(* The LP constraints of paper Definition 3.4 for F_T at alpha. *)
Definition GlobalDualFeasible (T : ctree) (alpha : path -> bool) (t : path -> Q) : Prop :=
  (forall p, 0 <= t p) /\ (forall H, SensitiveF T alpha H -> 1 <= dualBlock T t H).

(* The records: the node at path p (relative to the subtree) has the record rec p =
   (rho(u), v). The checker finds a node's record by its key (aggregator, z_u, capacities);
   here every node is simply given its record. *)
Definition Records := path -> (Q * list Q).

(* The accepted values: rho(leaf) = 1, rho(u) = the record's value. *)
Definition accepted (T : ctree) (rec : Records) : Q :=
  match T with CLeaf => 1 | CNode _ _ _ => fst (rec []) end.

(* The checks the trusted checker makes on a node's record (FORMAT.md section 6, steps 6-7),
   with z_u the children's values under alpha and c_i = rho(child i):
   dual-nonnegative and dual-feasible (v >= 0, v(J) >= 1 for every sensitive block J of
   phi_u at z_u) and dual-value (sum_i c_i v_i = value). *)
Fixpoint DualChecked (T : ctree) (alpha : path -> bool) (rec : Records) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      DualFeasible phi (map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) (snd (rec [])) /\
      qsum q (fun i => accepted (kids i) (sub rec i) * nth i (snd (rec [])) 0) == fst (rec []) /\
      (forall i, (i < q)%nat -> DualChecked (kids i) (sub alpha i) (sub rec i))
  end.

(* The global dual the certificate's argument builds: t_l = the product of the local duals v
   along the path to leaf l. *)
Fixpoint productDual (T : ctree) (rec : Records) (p : path) : Q :=
  match T, p with
  | CLeaf, [] => 1
  | CNode _ q kids, i :: p' =>
      if Nat.ltb i q then nth i (snd (rec [])) 0 * productDual (kids i) (sub rec i) p' else 0
  | _, _ => 0
  end.

(* ======================================================================================== *)
(* Proofs                                                                                    *)
(* ======================================================================================== *)

(* The block weight of the product dual, by recursion over the tree. *)
Fixpoint tw (T : ctree) (rec : Records) (H : path -> bool) : Q :=
  match T with
  | CLeaf => if H [] then 1 else 0
  | CNode _ q kids => qsum q (fun i => nth i (snd (rec [])) 0 * tw (kids i) (sub rec i) (sub H i))
  end.

Lemma qlsum_app : forall xs ys, qlsum (xs ++ ys) == qlsum xs + qlsum ys.
Proof. induction xs as [| x xs IH]; intros ys; simpl; [ring |]. rewrite IH. ring. Qed.

Lemma qlsum_scale : forall (A : Type) (g : A -> Q) c xs,
  qlsum (map (fun a => c * g a) xs) == c * qlsum (map g xs).
Proof. induction xs as [| x xs IH]; simpl; [ring |]. rewrite IH. ring. Qed.

Lemma qlsum_ext : forall (A : Type) (g h : A -> Q) xs, (forall a, In a xs -> g a == h a) ->
  qlsum (map g xs) == qlsum (map h xs).
Proof.
  induction xs as [| x xs IH]; intros H; simpl; [reflexivity |].
  rewrite (H x (or_introl eq_refl)), IH; [reflexivity |]. intros a Ha. apply H. right. exact Ha.
Qed.

Lemma qlsum_flat_map_seq : forall (A : Type) (g : A -> Q) (h : nat -> list A) q,
  qlsum (map g (flat_map h (seq 0 q))) == qsum q (fun i => qlsum (map g (h i))).
Proof.
  induction q as [| q IH]; [reflexivity |].
  rewrite seq_S, flat_map_app, map_app, qlsum_app, IH. simpl. rewrite app_nil_r. reflexivity.
Qed.

Lemma dualBlock_tw : forall T rec H, dualBlock T (productDual T rec) H == tw T rec H.
Proof.
  induction T as [| phi q kids IH]; intros rec H; unfold dualBlock; simpl.
  - destruct (H []); ring.
  - rewrite qlsum_flat_map_seq. apply qsum_ext. intros i Hi. rewrite map_map.
    rewrite <- IH. unfold dualBlock.
    rewrite <- qlsum_scale. apply qlsum_ext. intros p _. simpl.
    rewrite (proj2 (Nat.ltb_lt i q) Hi). unfold sub. destruct (H (i :: p)); ring.
Qed.

Lemma tw_nonneg : forall T alpha rec H, DualChecked T alpha rec -> 0 <= tw T rec H.
Proof.
  induction T as [| phi q kids IH]; intros alpha rec H HC; simpl.
  - destruct (H []); lra.
  - destruct HC as [[Hv _] [_ HC]]. apply qsum_nonneg. intros i Hi.
    apply Qmult_le_0_compat; [apply Hv | apply (IH i (sub alpha i)); apply HC; exact Hi].
Qed.

Lemma productDual_nonneg : forall T alpha rec, DualChecked T alpha rec ->
  forall p, 0 <= productDual T rec p.
Proof.
  induction T as [| phi q kids IH]; intros alpha rec HC p; destruct p as [| i p]; simpl; try lra.
  destruct (Nat.ltb i q) eqn:E; [| lra]. apply Nat.ltb_lt in E.
  destruct HC as [[Hv _] [_ HC]].
  apply Qmult_le_0_compat; [apply Hv | apply (IH i (sub alpha i)); apply HC; exact E].
Qed.

Lemma tw_total : forall T alpha rec, DualChecked T alpha rec ->
  tw T rec (fun _ => true) == accepted T rec.
Proof.
  induction T as [| phi q kids IH]; intros alpha rec HC; simpl; [reflexivity |].
  destruct HC as [_ [Hval HC]]. rewrite <- Hval. apply qsum_ext. intros i Hi.
  rewrite (IH i (sub alpha i) (sub rec i) (HC i Hi)). ring.
Qed.

(* Flipping H below u flips exactly the children J(H) whose own subtree function flips. *)
Lemma flip_children : forall q (kids : nat -> ctree) alpha H,
  let z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q) in
  let J := map (fun i => xorb (F (kids i) (sub alpha i)) (F (kids i) (flipA (sub alpha i) (sub H i))))
               (seq 0 q) in
  flip z J = map (fun i => F (kids i) (flipA (sub alpha i) (sub H i))) (seq 0 q).
Proof.
  intros q kids alpha H z J. unfold flip. subst z.
  rewrite map_length, seq_length. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  unfold J. rewrite !nth_map_seq by lia.
  destruct (F (kids i) (sub alpha i)), (F (kids i) (flipA (sub alpha i) (sub H i))); reflexivity.
Qed.

Lemma tw_sensitive : forall T alpha rec H, DualChecked T alpha rec -> SensitiveF T alpha H ->
  1 <= tw T rec H.
Proof.
  induction T as [| phi q kids IH]; intros alpha rec H HC HS.
  - unfold SensitiveF, flipA in HS. simpl in *.
    destruct (H []); [lra |]. rewrite xorb_false_r in HS. contradiction.
  - destruct HC as [[Hv Hfeas] [_ HC]]. simpl.
    set (z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) in *.
    set (J := map (fun i => xorb (F (kids i) (sub alpha i))
                                 (F (kids i) (flipA (sub alpha i) (sub H i)))) (seq 0 q)).
    assert (HJ : Sensitive phi z J).
    { unfold Sensitive. unfold J, z. rewrite flip_children. exact HS. }
    assert (Hz : length z = q) by (unfold z; rewrite map_length, seq_length; reflexivity).
    specialize (Hfeas J HJ). rewrite Hz in Hfeas.
    apply (Qle_trans _ _ _ Hfeas). unfold blockWeight. apply qsum_le. intros i Hi.
    destruct (nth i J false) eqn:HJi.
    + unfold J in HJi. rewrite nth_map_seq in HJi by exact Hi.
      assert (HSi : SensitiveF (kids i) (sub alpha i) (sub H i)).
      { unfold SensitiveF. destruct (F (kids i) (sub alpha i)),
          (F (kids i) (flipA (sub alpha i) (sub H i))); simpl in HJi; congruence. }
      assert (H1 := IH i (sub alpha i) (sub rec i) (sub H i) (HC i Hi) HSi).
      assert (H0 := Hv i).
      apply (Qle_trans _ (nth i (snd (rec [])) 0 * 1)); [lra |].
      rewrite !(Qmult_comm (nth i (snd (rec [])) 0)). apply Qmult_le_compat_r; assumption.
    + apply Qmult_le_0_compat; [apply Hv | exact (tw_nonneg _ _ _ _ (HC i Hi))].
Qed.

(* THE FACTORED CERTIFICATE, dual half (certificates/FORMAT.md section 6, "Dual"): if every
   node's record passes the checker's dual checks, the product of the local duals along the
   paths is a feasible dual of the global fbs LP of F_T at alpha, of value rho(root) = V.
   By paper Definition 3.4 (fbs is the minimum over feasible duals), rho_T <= V. *)
Theorem tree_certificate_dual : forall T alpha rec, DualChecked T alpha rec ->
  GlobalDualFeasible T alpha (productDual T rec) /\
  dualValue T (productDual T rec) == accepted T rec.
Proof.
  intros T alpha rec HC. split; [split |].
  - exact (productDual_nonneg T alpha rec HC).
  - intros H HS. rewrite dualBlock_tw. exact (tw_sensitive T alpha rec H HC HS).
  - assert (E : dualValue T (productDual T rec) == dualBlock T (productDual T rec) (fun _ => true)).
    { unfold dualValue, dualBlock. apply qlsum_ext. intros. reflexivity. }
    rewrite E, dualBlock_tw. exact (tw_total T alpha rec HC).
Qed.

Print Assumptions tree_certificate_dual.
