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

(* ======================================================================================== *)
(* The primal half: every feasible global dual has value >= V                                *)
(* ======================================================================================== *)

(* The local primal of each node: blocks J of children (masks) with weights w_J. *)
Definition Primals := path -> list (list bool * Q).

Definition load (ws : list (list bool * Q)) (i : nat) : Q :=
  qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) ws).

(* The checker's primal checks (FORMAT.md section 6, steps 3-5): w >= 0, every block is
   sensitive for phi_u at z_u, load_i <= c_i, sum_J w_J = value. *)
Fixpoint PrimalChecked (T : ctree) (alpha : path -> bool) (rec : Records) (prim : Primals)
  : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      (forall Jw, In Jw (prim []) ->
         0 <= snd Jw /\ Sensitive phi (map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) (fst Jw)) /\
      (forall i, (i < q)%nat -> load (prim []) i <= accepted (kids i) (sub rec i)) /\
      qlsum (map snd (prim [])) == fst (rec []) /\
      (forall i, (i < q)%nat -> PrimalChecked (kids i) (sub alpha i) (sub rec i) (sub prim i))
  end.

(* Block weight of any leaf weighting t, by recursion over the tree. *)
Fixpoint gw (T : ctree) (t : path -> Q) (H : path -> bool) : Q :=
  match T with
  | CLeaf => if H [] then t [] else 0
  | CNode _ q kids => qsum q (fun i => gw (kids i) (sub t i) (sub H i))
  end.

Lemma dualBlock_gw : forall T t H, dualBlock T t H == gw T t H.
Proof.
  induction T as [| phi q kids IH]; intros t H; unfold dualBlock; simpl.
  - destruct (H []); ring.
  - rewrite qlsum_flat_map_seq. apply qsum_ext. intros i Hi. rewrite map_map.
    rewrite <- IH. unfold dualBlock. apply qlsum_ext. intros p _. reflexivity.
Qed.

Lemma gw_nonneg : forall T t H, (forall p, 0 <= t p) -> 0 <= gw T t H.
Proof.
  induction T as [| phi q kids IH]; intros t H Ht; simpl.
  - destruct (H []); [apply Ht | lra].
  - apply qsum_nonneg. intros i _. apply IH. intros p. apply Ht.
Qed.

Lemma gw_ext : forall T t H H', (forall p, H p = H' p) -> gw T t H == gw T t H'.
Proof.
  induction T as [| phi q kids IH]; intros t H H' E; simpl.
  - rewrite E. reflexivity.
  - apply qsum_ext. intros i _. apply IH. intros p. apply E.
Qed.

Lemma gw_empty : forall T t H, (forall p, H p = false) -> gw T t H == 0.
Proof.
  induction T as [| phi q kids IH]; intros t H E; simpl.
  - rewrite E. reflexivity.
  - apply (Qeq_trans _ (qsum q (fun _ => 0))).
    + apply qsum_ext. intros i _. apply IH. intros p. apply E.
    + clear. induction q as [| q IHq]; simpl; [reflexivity |]. rewrite IHq. reflexivity.
Qed.

Lemma F_ext : forall T x y, (forall p, x p = y p) -> F T x = F T y.
Proof.
  induction T as [| phi q kids IH]; intros x y E; simpl; [apply E |].
  f_equal. apply map_ext. intros i. apply IH. intros p. apply E.
Qed.

(* All masks of length q. *)
Fixpoint allMasks (q : nat) : list (list bool) :=
  match q with
  | O => [[]]
  | S n => flat_map (fun b => map (cons b) (allMasks n)) [false; true]
  end.

Lemma in_allMasks : forall J, In J (allMasks (length J)).
Proof.
  induction J as [| b J IH]; simpl; [left; reflexivity |].
  rewrite app_nil_r. apply in_or_app. destruct b; [right | left]; apply in_map; exact IH.
Qed.

(* The lightest element of a list of weighted witnesses. *)
Fixpoint minBy {X : Type} (l : list (Q * X)) : option (Q * X) :=
  match l with
  | [] => None
  | x :: rest =>
      match minBy rest with
      | None => Some x
      | Some y => if Qle_bool (fst x) (fst y) then Some x else Some y
      end
  end.

Lemma minBy_in : forall {X : Type} (l : list (Q * X)) x, minBy l = Some x -> In x l.
Proof.
  induction l as [| y l IH]; intros x H; simpl in H; [discriminate |].
  destruct (minBy l) as [z |] eqn:E.
  - destruct (Qle_bool (fst y) (fst z)); injection H as <-; [left; reflexivity |].
    right. apply IH. reflexivity.
  - injection H as <-. left. reflexivity.
Qed.

Lemma minBy_le : forall {X : Type} (l : list (Q * X)) y, In y l ->
  exists x, minBy l = Some x /\ fst x <= fst y.
Proof.
  induction l as [| z l IH]; intros y Hy; [destruct Hy |]. simpl.
  destruct (minBy l) as [m |] eqn:E.
  - assert (Hm : fst m <= fst y \/ y = z).
    { destruct Hy as [<- | Hy]; [right; reflexivity |].
      destruct (IH y Hy) as [x [Ex Hx]]. injection Ex as ->. left. exact Hx. }
    destruct (Qle_bool (fst z) (fst m)) eqn:C.
    + apply Qle_bool_iff in C. exists z. split; [reflexivity |].
      destruct Hm as [Hm | ->]; lra.
    + assert (~ fst z <= fst m) by (intro Hq; apply Qle_bool_iff in Hq; congruence).
      exists m. split; [reflexivity |]. destruct Hm as [Hm | ->]; lra.
  - destruct Hy as [Hy | Hy].
    + subst z. exists y. split; [reflexivity | lra].
    + destruct (IH y Hy) as [x [Ex _]]. congruence.
Qed.

Definition sensb (phi : Agg) (z J : list bool) : bool := negb (Bool.eqb (phi (flip z J)) (phi z)).

Definition valOf (o : option (Q * (path -> bool))) : Q :=
  match o with Some (m, _) => m | None => 0 end.
Definition witOf (o : option (Q * (path -> bool))) : path -> bool :=
  match o with Some (_, H) => H | None => fun _ => false end.
Definition isSomeW (o : option (Q * (path -> bool))) : bool :=
  match o with Some _ => true | None => false end.

(* The leaf block made of the children's witnesses on J. *)
Definition unionBlock (q : nat) (ws : nat -> option (Q * (path -> bool))) (J : list bool)
  : path -> bool :=
  fun p => match p with
           | [] => false
           | i :: p' => (nth i J false && Nat.ltb i q && witOf (ws i) p')%bool
           end.

Definition candidate (phi : Agg) (q : nat) (z : list bool)
  (ws : nat -> option (Q * (path -> bool))) (J : list bool) : option (Q * (path -> bool)) :=
  if (sensb phi z J &&
      forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q))%bool
  then Some (qsum q (fun i => if nth i J false then valOf (ws i) else 0), unionBlock q ws J)
  else None.

Definition somes {X : Type} (l : list (option X)) : list X :=
  flat_map (fun o => match o with Some x => [x] | None => [] end) l.

(* The lightest sensitive block of F_T at alpha under the weights t, with its weight. *)
Fixpoint minW (T : ctree) (alpha : path -> bool) (t : path -> Q) : option (Q * (path -> bool)) :=
  match T with
  | CLeaf => Some (t [], fun _ => true)
  | CNode phi q kids =>
      let ws := fun i => minW (kids i) (sub alpha i) (sub t i) in
      minBy (somes (map (candidate phi q (map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) ws)
                        (allMasks q)))
  end.

Lemma in_somes : forall {X : Type} (l : list (option X)) x, In x (somes l) <-> In (Some x) l.
Proof.
  intros X l x. unfold somes. rewrite in_flat_map. split.
  - intros [o [Ho Hx]]. destruct o as [y |]; [| destruct Hx]. destruct Hx as [<- | []]. exact Ho.
  - intros H. exists (Some x). split; [exact H | left; reflexivity].
Qed.

Definition Witness (T : ctree) (alpha : path -> bool) (t : path -> Q) (o : option (Q * (path -> bool))) : Prop :=
  match o with Some (m, H) => SensitiveF T alpha H /\ gw T t H == m | None => True end.

(* A candidate is a sensitive block of F_u of the announced weight. *)
Lemma candidate_ok : forall phi q kids alpha t J m H,
  (forall i, (i < q)%nat -> Witness (kids i) (sub alpha i) (sub t i) (minW (kids i) (sub alpha i) (sub t i))) ->
  candidate phi q (map (fun i => F (kids i) (sub alpha i)) (seq 0 q))
    (fun i => minW (kids i) (sub alpha i) (sub t i)) J = Some (m, H) ->
  SensitiveF (CNode phi q kids) alpha H /\ gw (CNode phi q kids) t H == m.
Proof.
  intros phi q kids alpha t J m H IH Hc. unfold candidate in Hc.
  set (z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) in *.
  set (ws := fun i => minW (kids i) (sub alpha i) (sub t i)) in *.
  destruct (sensb phi z J) eqn:Es; [| discriminate].
  destruct (forallb _ (seq 0 q)) eqn:Ef; [| discriminate]. simpl in Hc.
  injection Hc as <- <-.
  rewrite forallb_forall in Ef.
  assert (Hsome : forall i, (i < q)%nat -> nth i J false = true ->
            exists m' H', ws i = Some (m', H') /\ SensitiveF (kids i) (sub alpha i) H' /\
                          gw (kids i) (sub t i) H' == m').
  { intros i Hi HJ. specialize (Ef i (proj2 (in_seq q 0 i) (conj (Nat.le_0_l i) Hi))).
    cbv beta in Ef. rewrite HJ in Ef. specialize (IH i Hi). fold (ws i) in IH.
    change (isSomeW (ws i) = true) in Ef.
    destruct (ws i) as [[m' H'] |]; [| simpl in Ef; discriminate]. exists m', H'. auto. }
  assert (Hsub : forall i, (i < q)%nat -> forall p,
            sub (unionBlock q ws J) i p = (nth i J false && witOf (ws i) p)%bool).
  { intros i Hi p. unfold sub, unionBlock. rewrite (proj2 (Nat.ltb_lt i q) Hi).
    destruct (nth i J false); reflexivity. }
  split.
  - unfold SensitiveF. simpl.
    replace (map (fun i => F (kids i) (sub (flipA alpha (unionBlock q ws J)) i)) (seq 0 q))
      with (flip z J).
    + unfold sensb in Es. apply negb_true_iff in Es. intro E. fold z in E.
      rewrite E in Es. rewrite eqb_reflx in Es. discriminate.
    + unfold flip. replace (length z) with q by (unfold z; rewrite map_length, seq_length; reflexivity).
      apply map_ext_in. intros i Hi. apply in_seq in Hi. unfold z. rewrite nth_map_seq by lia.
      destruct (nth i J false) eqn:HJ.
      * destruct (Hsome i ltac:(lia) HJ) as [m' [H' [Ew [HS _]]]].
        rewrite (F_ext (kids i) (sub (flipA alpha (unionBlock q ws J)) i) (flipA (sub alpha i) H')).
        -- unfold SensitiveF in HS.
           destruct (F (kids i) (sub alpha i)), (F (kids i) (flipA (sub alpha i) H')); simpl;
             congruence.
        -- intros p. unfold flipA. change (sub (fun p0 => xorb (alpha p0) (unionBlock q ws J p0)) i p)
             with (xorb (sub alpha i p) (sub (unionBlock q ws J) i p)).
           rewrite Hsub by lia. rewrite HJ, Ew. reflexivity.
      * rewrite (F_ext (kids i) (sub (flipA alpha (unionBlock q ws J)) i) (sub alpha i)).
        -- rewrite xorb_false_r. reflexivity.
        -- intros p. unfold flipA. change (sub (fun p0 => xorb (alpha p0) (unionBlock q ws J p0)) i p)
             with (xorb (sub alpha i p) (sub (unionBlock q ws J) i p)).
           rewrite Hsub by lia. rewrite HJ. apply xorb_false_r.
  - simpl. apply qsum_ext. intros i Hi. destruct (nth i J false) eqn:HJ.
    + destruct (Hsome i Hi HJ) as [m' [H' [Ew [_ Hg]]]].
      change (minW (kids i) (sub alpha i) (sub t i)) with (ws i). rewrite Ew. simpl.
      rewrite <- Hg. apply gw_ext. intros p. rewrite Hsub by exact Hi. rewrite HJ, Ew. reflexivity.
    + apply gw_empty. intros p. rewrite Hsub by exact Hi. rewrite HJ. reflexivity.
Qed.

(* (a) minW returns a sensitive block of the weight it announces. *)
Lemma minW_witness : forall T alpha t, Witness T alpha t (minW T alpha t).
Proof.
  induction T as [| phi q kids IH]; intros alpha t.
  - simpl. split; [| destruct true; reflexivity].
    unfold SensitiveF, flipA. simpl. destruct (alpha []); discriminate.
  - unfold Witness. destruct (minW (CNode phi q kids) alpha t) as [[m H] |] eqn:E; [| exact I].
    simpl in E. apply minBy_in in E. apply in_somes in E. apply in_map_iff in E.
    destruct E as [J [Hc _]].
    exact (candidate_ok phi q kids alpha t J m H (fun i _ => IH i (sub alpha i) (sub t i)) Hc).
Qed.

(* (b) every sensitive block weighs at least what minW returns. *)
Lemma minW_lower : forall T alpha t H, (forall p, 0 <= t p) -> SensitiveF T alpha H ->
  exists m W, minW T alpha t = Some (m, W) /\ m <= gw T t H.
Proof.
  induction T as [| phi q kids IH]; intros alpha t H Ht HS.
  - unfold SensitiveF, flipA in HS. simpl in *. exists (t []), (fun _ => true).
    split; [reflexivity |]. destruct (H []); [lra |]. rewrite xorb_false_r in HS. contradiction.
  - set (z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)).
    set (ws := fun i => minW (kids i) (sub alpha i) (sub t i)).
    set (J := map (fun i => xorb (F (kids i) (sub alpha i))
                                 (F (kids i) (flipA (sub alpha i) (sub H i)))) (seq 0 q)).
    assert (HJl : length J = q) by (unfold J; rewrite map_length, seq_length; reflexivity).
    assert (HSi : forall i, (i < q)%nat -> nth i J false = true ->
              SensitiveF (kids i) (sub alpha i) (sub H i)).
    { intros i Hi HJ. unfold J in HJ. rewrite nth_map_seq in HJ by exact Hi. unfold SensitiveF.
      destruct (F (kids i) (sub alpha i)), (F (kids i) (flipA (sub alpha i) (sub H i)));
        simpl in HJ; congruence. }
    assert (Hws : forall i, (i < q)%nat -> nth i J false = true ->
              exists m W, ws i = Some (m, W) /\ m <= gw (kids i) (sub t i) (sub H i)).
    { intros i Hi HJ. apply IH; [intros p; apply Ht | exact (HSi i Hi HJ)]. }
    assert (Hc : candidate phi q z ws J =
                 Some (qsum q (fun i => if nth i J false then valOf (ws i) else 0),
                       unionBlock q ws J)).
    { unfold candidate.
      assert (E1 : sensb phi z J = true).
      { unfold sensb. apply negb_true_iff. destruct (Bool.eqb (phi (flip z J)) (phi z)) eqn:E;
          [| reflexivity]. exfalso. apply Bool.eqb_prop in E. apply HS. simpl.
        unfold z, J in E. rewrite flip_children in E. exact E. }
      assert (E2 : forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q) = true).
      { apply forallb_forall. intros i Hi. apply in_seq in Hi.
        destruct (nth i J false) eqn:HJ; [| reflexivity].
        destruct (Hws i ltac:(lia) HJ) as [m [W [-> _]]]. reflexivity. }
      rewrite E1, E2. reflexivity. }
    assert (Hin : In (qsum q (fun i => if nth i J false then valOf (ws i) else 0), unionBlock q ws J)
                     (somes (map (candidate phi q z ws) (allMasks q)))).
    { apply in_somes. rewrite <- Hc. apply in_map. rewrite <- HJl. apply in_allMasks. }
    destruct (minBy_le _ _ Hin) as [[m W] [Em Hm]]. exists m, W. split; [exact Em |].
    simpl in Hm |- *. apply (Qle_trans _ _ _ Hm). apply qsum_le. intros i Hi.
    destruct (nth i J false) eqn:HJ.
    + destruct (Hws i Hi HJ) as [m' [W' [Ew Hle]]]. rewrite Ew. exact Hle.
    + apply gw_nonneg. intros p. apply Ht.
Qed.

Lemma qsum_plus : forall n g h, qsum n (fun i => g i + h i) == qsum n g + qsum n h.
Proof. induction n as [| n IH]; intros g h; simpl; [ring |]. rewrite IH. ring. Qed.

(* Exchange of the two sums: sum_i s_i load_i = sum_J w_J s(J). *)
Lemma load_swap : forall q (s : nat -> Q) (ws : list (list bool * Q)),
  qsum q (fun i => s i * load ws i)
  == qlsum (map (fun Jw => snd Jw * qsum q (fun i => if nth i (fst Jw) false then s i else 0)) ws).
Proof.
  intros q s ws. induction ws as [| [J w] ws IH]; unfold load in *; cbn [map qlsum fst snd].
  - apply (Qeq_trans _ (qsum q (fun _ => 0))).
    + apply qsum_ext. intros. ring.
    + clear. induction q as [| q IHq]; [reflexivity |]. cbn [qsum]. rewrite IHq. ring.
  - rewrite <- IH. rewrite (Qmult_comm w), <- qsum_mul_r.
    rewrite <- qsum_plus. apply qsum_ext. intros i _. destruct (nth i J false); ring.
Qed.

(* The induction: lambda * rho(u) <= t(all leaves of u) whenever every sensitive block of F_u
   has t-weight >= lambda. *)
Lemma primal_bound : forall T alpha rec prim, PrimalChecked T alpha rec prim ->
  forall t lambda, (forall p, 0 <= t p) -> 0 <= lambda ->
  (forall H, SensitiveF T alpha H -> lambda <= gw T t H) ->
  lambda * accepted T rec <= gw T t (fun _ => true).
Proof.
  induction T as [| phi q kids IH]; intros alpha rec prim HC t lambda Ht Hl HS.
  - simpl. assert (H1 : SensitiveF CLeaf alpha (fun _ => true)).
    { unfold SensitiveF, flipA. simpl. destruct (alpha []); discriminate. }
    specialize (HS _ H1). simpl in HS. lra.
  - destruct HC as [Hprim [Hload [Hval HC]]].
    set (z := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)) in *.
    set (ws := fun i => minW (kids i) (sub alpha i) (sub t i)).
    set (s := fun i => valOf (ws i)).
    set (c := fun i => accepted (kids i) (sub rec i)).
    assert (Hs0 : forall i, 0 <= s i).
    { intros i. unfold s, ws. assert (W := minW_witness (kids i) (sub alpha i) (sub t i)).
      destruct (minW (kids i) (sub alpha i) (sub t i)) as [[m H] |]; simpl; [| lra].
      destruct W as [_ W]. rewrite <- W. apply gw_nonneg. intros p. apply Ht. }
    (* Step 1: s_i c_i <= t(leaves of child i), by induction. *)
    assert (H1 : forall i, (i < q)%nat -> s i * c i <= gw (kids i) (sub t i) (fun _ => true)).
    { intros i Hi. apply (IH i (sub alpha i) (sub rec i) (sub prim i) (HC i Hi));
        [intros p; apply Ht | apply Hs0 |].
      intros H HSi. destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
        as [m [W [Em Hm]]]. unfold s, ws. rewrite Em. exact Hm. }
    (* A block with positive primal weight has only children with a witness. *)
    assert (Hc0 : forall i, (i < q)%nat -> ws i = None -> c i <= 0).
    { intros i Hi Hn. destruct (Qlt_le_dec 0 (c i)) as [Hpos | Hle]; [exfalso | exact Hle].
      set (G := gw (kids i) (sub t i) (fun _ => true)).
      assert (HG : 0 <= G) by (apply gw_nonneg; intros; apply Ht).
      assert (Hb := IH i (sub alpha i) (sub rec i) (sub prim i) (HC i Hi) (sub t i)
                       ((G + 1) / c i) (fun p => Ht _)).
      assert (Hnn : 0 <= (G + 1) / c i)
        by (apply Qle_shift_div_l; [exact Hpos | lra]).
      specialize (Hb Hnn).
      assert (Hvac : forall H, SensitiveF (kids i) (sub alpha i) H ->
                (G + 1) / c i <= gw (kids i) (sub t i) H).
      { intros H HSi. destruct (minW_lower (kids i) (sub alpha i) (sub t i) H (fun p => Ht _) HSi)
          as [m [W [Em _]]]. unfold ws in Hn. congruence. }
      specialize (Hb Hvac). fold G in Hb.
      assert (E : (G + 1) / c i * c i == G + 1)
        by (unfold Qdiv; rewrite <- Qmult_assoc, (Qmult_comm (/ c i)), Qmult_inv_r; [ring | lra]).
      change (accepted (kids i) (sub rec i)) with (c i) in Hb. rewrite E in Hb. lra. }
    (* Step 3: w_J lambda <= w_J s(J) for every primal block. *)
    assert (H3 : forall Jw, In Jw (prim []) ->
              snd Jw * lambda <= snd Jw * qsum q (fun i => if nth i (fst Jw) false then s i else 0)).
    { intros [J w] HJw. simpl. destruct (Hprim _ HJw) as [Hw HJs]. simpl in Hw, HJs.
      destruct (Qlt_le_dec 0 w) as [Hpos | Hw0]; [| assert (w == 0) by lra;
        rewrite H; lra].
      assert (Hall : forall i, (i < q)%nat -> nth i J false = true -> isSomeW (ws i) = true).
      { intros i Hi HJ. destruct (ws i) eqn:E; [reflexivity | exfalso].
        assert (Hci := Hc0 i Hi E). assert (Hli := Hload i Hi). fold (c i) in Hli.
        assert (w <= load (prim []) i).
        { clear -HJw HJ Hprim. unfold load. induction (prim []) as [| [J' w'] l IHl];
            [destruct HJw |]. simpl.
          assert (Hrest : 0 <= qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) l)).
          { clear -Hprim. induction l as [| [J'' w''] l IHl]; simpl; [lra |].
            assert (0 <= w'') by exact (proj1 (Hprim (J'', w'') (or_intror (or_introl eq_refl)))).
            assert (0 <= qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) l)).
            { apply IHl. intros Jw HJw. destruct HJw as [<- | HJw]; [apply Hprim; left; reflexivity |].
              apply Hprim. right. right. exact HJw. }
            destruct (nth i J'' false); lra. }
          assert (0 <= w') by exact (proj1 (Hprim (J', w') (or_introl eq_refl))).
          destruct HJw as [E | HJw].
          - injection E as <- <-. rewrite HJ. simpl. lra.
          - assert (w <= qlsum (map (fun Jw => if nth i (fst Jw) false then snd Jw else 0) l)).
            { apply IHl; [intros Jw H'; apply Hprim; right; exact H' | exact HJw]. }
            destruct (nth i J' false); simpl; lra. }
        lra. }
      assert (Hcand : candidate phi q z ws J =
                      Some (qsum q (fun i => if nth i J false then s i else 0), unionBlock q ws J)).
      { unfold candidate.
        assert (E1 : sensb phi z J = true).
        { unfold sensb. apply negb_true_iff. destruct (Bool.eqb (phi (flip z J)) (phi z)) eqn:E;
            [| reflexivity]. apply Bool.eqb_prop in E. contradiction. }
        assert (E2 : forallb (fun i => if nth i J false then isSomeW (ws i) else true) (seq 0 q) = true).
        { apply forallb_forall. intros i Hi. apply in_seq in Hi.
          destruct (nth i J false) eqn:HJ; [apply Hall; [lia | exact HJ] | reflexivity]. }
        rewrite E1, E2. reflexivity. }
      destruct (candidate_ok phi q kids alpha t J _ _
                  (fun i _ => minW_witness (kids i) (sub alpha i) (sub t i)) Hcand) as [HSu Hg].
      specialize (HS _ HSu). rewrite Hg in HS.
      rewrite !(Qmult_comm w). apply Qmult_le_compat_r; lra. }
    (* Steps 2 and 4. *)
    simpl. fold c.
    apply (Qle_trans _ (qsum q (fun i => s i * c i))).
    + apply (Qle_trans _ (qsum q (fun i => s i * load (prim []) i))).
      * rewrite load_swap. rewrite <- Hval.
        apply (Qle_trans _ (qlsum (map (fun Jw => snd Jw * lambda) (prim [])))).
        -- rewrite <- qlsum_scale. apply Qle_lteq. right. apply qlsum_ext. intros. ring.
        -- clear -H3. induction (prim []) as [| x l IHl]; simpl; [lra |].
           assert (Hx := H3 x (or_introl eq_refl)).
           assert (IHl' : qlsum (map (fun Jw => snd Jw * lambda) l) <=
                          qlsum (map (fun Jw => snd Jw * qsum q (fun i => if nth i (fst Jw) false then s i else 0)) l))
             by (apply IHl; intros; apply H3; right; assumption).
           lra.
      * apply qsum_le. intros i Hi. rewrite !(Qmult_comm (s i)).
        apply Qmult_le_compat_r; [exact (Hload i Hi) | apply Hs0].
    + apply qsum_le. intros i Hi. apply H1. exact Hi.
Qed.

(* THE FACTORED CERTIFICATE, primal half (FORMAT.md section 6, "Primal"): if every node's
   record passes the checker's primal checks, every feasible dual of the global fbs LP of F_T
   at alpha has value >= V, so rho_T >= V (paper Definition 3.4). *)
Theorem tree_certificate_primal : forall T alpha rec prim, PrimalChecked T alpha rec prim ->
  forall t, GlobalDualFeasible T alpha t -> accepted T rec <= dualValue T t.
Proof.
  intros T alpha rec prim HC t [Ht Hf].
  assert (E : dualValue T t == gw T t (fun _ => true)).
  { rewrite <- dualBlock_gw. unfold dualValue, dualBlock. apply qlsum_ext. reflexivity. }
  rewrite E. apply (Qle_trans _ (1 * accepted T rec)); [lra |].
  apply (primal_bound T alpha rec prim HC t 1 Ht ltac:(lra)).
  intros H HS. rewrite <- dualBlock_gw. apply Hf. exact HS.
Qed.

(* THE FACTORED CERTIFICATE (FORMAT.md section 6, "Why the node-by-node check implies the
   global one"): records passing the checker's local checks certify V = rho_T = fbs_alpha(F_T),
   the minimum of the global dual LP (paper Definition 3.4): the product of the local duals is
   feasible with value V, and no feasible dual has a smaller value. *)
Theorem tree_certificate : forall T alpha rec prim,
  DualChecked T alpha rec -> PrimalChecked T alpha rec prim ->
  (GlobalDualFeasible T alpha (productDual T rec) /\
   dualValue T (productDual T rec) == accepted T rec) /\
  (forall t, GlobalDualFeasible T alpha t -> accepted T rec <= dualValue T t).
Proof.
  intros T alpha rec prim HD HP. split.
  - exact (tree_certificate_dual T alpha rec HD).
  - exact (tree_certificate_primal T alpha rec prim HP).
Qed.

(* ======================================================================================== *)
(* Shared records (FORMAT.md section 6, "Version 2"; ours): a lookup by key                  *)
(* ======================================================================================== *)

(* The data a record is checked against: aggregator, arity, z and capacities c_i. *)
Definition Entry := (Agg * nat * list bool * (nat -> Q))%type.

(* The checker's local checks of one record (value, v) with primal w at the entry's data. *)
Definition LocalChecked (e : Entry) (r : Q * list Q) (w : list (list bool * Q)) : Prop :=
  match e with
  | (phi, q, z, c) =>
      DualFeasible phi z (snd r) /\ qsum q (fun i => c i * nth i (snd r) 0) == fst r /\
      (forall Jw, In Jw w -> 0 <= snd Jw /\ Sensitive phi z (fst Jw)) /\
      (forall i, (i < q)%nat -> load w i <= c i) /\ qlsum (map snd w) == fst r
  end.

(* Every node's key names an entry equal to the node's own data: its aggregator and arity,
   z_u (the children's values under alpha) and the children's accepted values, these read
   from the shared records themselves (the checker recomputes all of it from the tree,
   alpha and the values it accepted, never from the file). *)
Fixpoint KeyedBy {K : Type} (T : ctree) (alpha : path -> bool) (key : path -> K)
  (tab : K -> Q * list Q) (data : K -> Entry) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      data (key []) = (phi, q, map (fun i => F (kids i) (sub alpha i)) (seq 0 q),
                       fun i => accepted (kids i) (fun p => tab (key (i :: p)))) /\
      (forall i, (i < q)%nat -> KeyedBy (kids i) (sub alpha i) (sub key i) tab data)
  end.

(* Checking each shared record once, at its own data, gives the per-node checks of the
   unshared statement for the records looked up by key. *)
Lemma shared_checked : forall (K : Type) T alpha (key : path -> K) tab primTab data,
  (forall k, LocalChecked (data k) (tab k) (primTab k)) -> KeyedBy T alpha key tab data ->
  DualChecked T alpha (fun p => tab (key p)) /\
  PrimalChecked T alpha (fun p => tab (key p)) (fun p => primTab (key p)).
Proof.
  intros K T. induction T as [| phi q kids IH]; intros alpha key tab primTab data Hok HK.
  - split; exact I.
  - simpl in HK. destruct HK as [Hdata Hkids].
    assert (Hl := Hok (key [])). rewrite Hdata in Hl. simpl in Hl.
    destruct Hl as [Hf [Hv [Hw [Hload Hsum]]]].
    assert (Hrec : forall i, (i < q)%nat ->
              DualChecked (kids i) (sub alpha i) (sub (fun p => tab (key p)) i) /\
              PrimalChecked (kids i) (sub alpha i) (sub (fun p => tab (key p)) i)
                            (sub (fun p => primTab (key p)) i)).
    { intros i Hi. exact (IH i (sub alpha i) (sub key i) tab primTab data Hok (Hkids i Hi)). }
    split; simpl.
    + split; [exact Hf |]. split; [exact Hv |].
      intros i Hi. exact (proj1 (Hrec i Hi)).
    + split; [exact Hw |]. split; [exact Hload |]. split; [exact Hsum |].
      intros i Hi. exact (proj2 (Hrec i Hi)).
Qed.

(* THE SHARED CERTIFICATE (ours): records shared among nodes with equal (aggregator, z,
   children's values), each checked once, certify V = rho_T exactly as tree_certificate. *)
Theorem shared_tree_certificate : forall (K : Type) T alpha (key : path -> K) tab primTab data,
  (forall k, LocalChecked (data k) (tab k) (primTab k)) -> KeyedBy T alpha key tab data ->
  let rec := fun p => tab (key p) in
  (GlobalDualFeasible T alpha (productDual T rec) /\
   dualValue T (productDual T rec) == accepted T rec) /\
  (forall t, GlobalDualFeasible T alpha t -> accepted T rec <= dualValue T t).
Proof.
  intros K T alpha key tab primTab data Hok HK rec.
  destruct (shared_checked K T alpha key tab primTab data Hok HK) as [HD HP].
  exact (tree_certificate T alpha rec (fun p => primTab (key p)) HD HP).
Qed.

Print Assumptions tree_certificate_dual.
Print Assumptions tree_certificate_primal.
Print Assumptions tree_certificate.
Print Assumptions shared_tree_certificate.
