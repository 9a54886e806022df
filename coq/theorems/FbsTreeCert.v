(* FbsTreeCert.v -- the factored certificate of kind `tree` (certificates/FORMAT.md, section 6):
   the records the trusted checker verifies node by node imply a feasible dual of the global
   fbs LP of F_T at alpha (paper Definition 3.4) whose value is the certified V, hence
   fbs_alpha(F_T) = rho_T <= V. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at
   the end must answer "Closed under the global context". The last sections (ours) model
   version 2's shared records: a lookup by key, the key of a symmetric aggregator being the
   multiset of pairs (z_i, c_i) (shared_tree_certificate_multiset). *)

From Coq Require Import QArith Qminmax Lqa List Lia Bool Permutation.
From FbsCoq Require Import FbsTrees.
From FbsCoq Require Export FbsTreeModel.
Import ListNotations.
Open Scope Q_scope.

(* The definitions a reader must trust (trees whose leaves are F_T's variables, F_T, its
   sensitive blocks and its global dual LP) are model/FbsTreeModel.v. *)

(* ======================================================================================== *)
(* The checker's records                                                                     *)
(* ======================================================================================== *)

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

(* ======================================================================================== *)
(* Sharing up to a permutation (FORMAT.md section 6, "Version 2"; ours)                      *)
(* ======================================================================================== *)

(* A symmetric aggregator: its value does not change when its input is permuted (the closed
   forms phi(x) = V(|x|) of the checker are such aggregators; see symmetric_of_count). *)
Definition Symmetric (phi : Agg) : Prop := forall x y, Permutation x y -> phi x = phi y.

(* pi is a permutation of the indices 0 .. q-1, with inverse pinv. *)
Definition IsPerm (q : nat) (pi pinv : nat -> nat) : Prop :=
  forall i, (i < q)%nat -> (pi i < q)%nat /\ (pinv i < q)%nat /\ pinv (pi i) = i /\ pi (pinv i) = i.

(* The list l read through pi: its i-th element is l's (pi i)-th, for i < q. *)
Definition permL {A : Type} (pi : nat -> nat) (q : nat) (l : list A) (d : A) : list A :=
  map (fun i => nth (pi i) l d) (seq 0 q).

(* A record and a primal moved to the permuted children: the same value and weights, the dual
   and every block read through pi. *)
Definition permRec (pi : nat -> nat) (q : nat) (r : Q * list Q) : Q * list Q :=
  (fst r, permL pi q (snd r) 0).
Definition permPrim (pi : nat -> nat) (q : nat) (w : list (list bool * Q)) : list (list bool * Q) :=
  map (fun Jw => (permL pi q (fst Jw) false, snd Jw)) w.

Lemma isPerm_seq : forall q pi pinv, IsPerm q pi pinv ->
  Permutation (map pi (seq 0 q)) (seq 0 q).
Proof.
  intros q pi pinv HP. apply NoDup_Permutation.
  - apply NoDup_map_inv with (f := pinv). rewrite map_map.
    rewrite (map_ext_in _ (fun i => i)); [rewrite map_id; apply seq_NoDup |].
    intros i Hi. apply in_seq in Hi. destruct (HP i) as [_ [_ [H _]]]; [lia | exact H].
  - apply seq_NoDup.
  - intros j. rewrite in_map_iff, in_seq. split.
    + intros [i [<- Hi]]. apply in_seq in Hi. destruct (HP i) as [H _]; lia.
    + intros Hj. exists (pinv j). destruct (HP j) as [_ [H1 [_ H2]]]; [lia |].
      split; [exact H2 | apply in_seq; lia].
Qed.

Lemma qsum_qlsum : forall n g, qsum n g == qlsum (map g (seq 0 n)).
Proof.
  induction n as [| n IH]; intros g; [reflexivity |].
  rewrite seq_S, map_app, qlsum_app. simpl. rewrite IH. ring.
Qed.

Lemma qlsum_perm : forall xs ys, Permutation xs ys -> qlsum xs == qlsum ys.
Proof.
  intros xs ys HP. induction HP; simpl; [reflexivity | rewrite IHHP; reflexivity | ring |].
  rewrite IHHP1. exact IHHP2.
Qed.

(* Reindexing a finite sum by a permutation of its indices. *)
Lemma qsum_perm : forall q pi pinv g, IsPerm q pi pinv ->
  qsum q (fun i => g (pi i)) == qsum q g.
Proof.
  intros q pi pinv g HP. rewrite !qsum_qlsum.
  rewrite <- (map_map pi g). apply qlsum_perm. apply Permutation_map. exact (isPerm_seq q pi pinv HP).
Qed.

Lemma nth_permL : forall (A : Type) pi q (l : list A) d i, (i < q)%nat ->
  nth i (permL pi q l d) d = nth (pi i) l d.
Proof. intros. unfold permL. apply nth_map_seq. assumption. Qed.

Lemma permL_length : forall (A : Type) pi q (l : list A) d, length (permL pi q l d) = q.
Proof. intros. unfold permL. rewrite map_length, seq_length. reflexivity. Qed.

(* A symmetric aggregator does not see a permutation of its q inputs. *)
Lemma symmetric_permL : forall phi q pi pinv x, Symmetric phi -> IsPerm q pi pinv ->
  length x = q -> phi (permL pi q x false) = phi x.
Proof.
  intros phi q pi pinv x HS HP Hx. apply HS. unfold permL.
  rewrite <- (map_map pi (fun j => nth j x false)).
  transitivity (map (fun j => nth j x false) (seq 0 q)).
  - apply Permutation_map. exact (isPerm_seq q pi pinv HP).
  - rewrite <- Hx, map_nth_seq. reflexivity.
Qed.

Lemma flip_length : forall z B, length (flip z B) = length z.
Proof. intros. unfold flip. rewrite map_length, seq_length. reflexivity. Qed.

(* Flipping the permuted block at the permuted point is permuting the flipped point. *)
Lemma flip_permL : forall q pi pinv z B, IsPerm q pi pinv -> length z = q ->
  flip (permL pi q z false) (permL pi q B false) = permL pi q (flip z B) false.
Proof.
  intros q pi pinv z B HP Hz. unfold flip at 1. rewrite permL_length.
  unfold permL at 3. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  rewrite !nth_permL by lia. unfold flip. rewrite nth_map_seq; [reflexivity |].
  destruct (HP i ltac:(lia)) as [H _]. lia.
Qed.

Lemma flip_ext : forall z B B', (forall i, (i < length z)%nat -> nth i B false = nth i B' false) ->
  flip z B = flip z B'.
Proof.
  intros z B B' E. unfold flip. apply map_ext_in. intros i Hi. apply in_seq in Hi.
  rewrite E by lia. reflexivity.
Qed.

(* THE LOCAL STEP (ours): a record that passes the local checks at (phi, q, z, c) passes them,
   permuted by pi, at (phi, q, z', c') whenever z' and c' are z and c read through pi and phi
   does not see pi (phi symmetric, or pi the identity). *)
Lemma local_checked_perm : forall phi q z c z' c' pi pinv r w,
  IsPerm q pi pinv -> (forall x, length x = q -> phi (permL pi q x false) = phi x) ->
  length z = q -> z' = permL pi q z false -> (forall i, (i < q)%nat -> c' i == c (pi i)) ->
  LocalChecked (phi, q, z, c) r w ->
  LocalChecked (phi, q, z', c') (permRec pi q r) (permPrim pi q w).
Proof.
  intros phi q z c z' c' pi pinv r w HP Hphi Hz -> Hc [[Hv Hfeas] [Hval [Hw [Hload Hsum]]]].
  assert (Hpi : forall i, (i < q)%nat -> (pi i < q)%nat) by (intros i Hi; apply (HP i Hi)).
  (* a block sensitive at z stays sensitive, permuted, at z' *)
  assert (Hsens : forall J, Sensitive phi z J -> Sensitive phi (permL pi q z false) (permL pi q J false)).
  { intros J HJ. unfold Sensitive in *. rewrite (flip_permL q pi pinv z J HP Hz).
    rewrite !Hphi by (try rewrite flip_length; exact Hz). exact HJ. }
  unfold LocalChecked, permRec, permPrim; cbn [fst snd]. split; [split |]; [| | split; [| split; [| split]]].
  - intros i. destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
    + rewrite nth_permL by exact Hi. apply Hv.
    + rewrite nth_overflow by (rewrite permL_length; exact Hi). lra.
  - intros B' HB'. rewrite permL_length.
    set (B := permL pinv q B' false).
    assert (HB : Sensitive phi z B).
    { unfold Sensitive in *. intros E. apply HB'.
      rewrite (flip_ext _ B' (permL pi q B false)).
      - rewrite (flip_permL q pi pinv z B HP Hz), !Hphi by (try rewrite flip_length; exact Hz).
        exact E.
      - rewrite permL_length. intros i Hi. unfold B. rewrite !nth_permL by (try apply Hpi; exact Hi).
        destruct (HP i Hi) as [_ [_ [-> _]]]. reflexivity. }
    specialize (Hfeas B HB). rewrite Hz in Hfeas. unfold blockWeight in *.
    rewrite <- (qsum_perm q pi pinv _ HP) in Hfeas.
    apply (Qle_trans _ _ _ Hfeas). apply Qle_lteq. right. apply qsum_ext. intros i Hi.
    unfold B. rewrite !nth_permL by (try apply Hpi; exact Hi).
    destruct (HP i Hi) as [_ [_ [-> _]]]. reflexivity.
  - rewrite <- Hval, <- (qsum_perm q pi pinv (fun i => c i * nth i (snd r) 0) HP). apply qsum_ext. intros i Hi.
    rewrite nth_permL by exact Hi. rewrite Hc by exact Hi. reflexivity.
  - intros Jw' HJw'. apply in_map_iff in HJw'. destruct HJw' as [Jw [<- HJw]]. cbn [fst snd].
    destruct (Hw Jw HJw) as [H0 HS]. split; [exact H0 | apply Hsens; exact HS].
  - intros i Hi. rewrite Hc by exact Hi. apply (Qle_trans _ (load w (pi i))); [| apply Hload; apply Hpi; exact Hi].
    apply Qle_lteq. right. unfold load. rewrite map_map. apply qlsum_ext. intros Jw _. cbn [fst snd].
    rewrite nth_permL by exact Hi. reflexivity.
  - rewrite map_map. cbn [snd]. exact Hsum.
Qed.

(* The checker's symmetric aggregators phi(x) = V(|x|) (FORMAT.md section 6, "Symmetric
   aggregators") are Symmetric. *)
Lemma symmetric_of_count : forall V : nat -> nat -> bool,
  Symmetric (fun x => V (length x) (count_occ bool_dec x true)).
Proof.
  intros V x y HP. rewrite (Permutation_length HP).
  rewrite (proj1 (Permutation_count_occ bool_dec x y) HP true). reflexivity.
Qed.

(* The arity of an entry. *)
Definition arityOf (e : Entry) : nat := match e with (_, q, _, _) => q end.

(* Every node's key names an entry whose z and capacities are the node's z_u and children's
   accepted values read through a permutation pi of the children (perm p = (pi, pinv) at the
   node at path p), with pi the identity unless the aggregator is symmetric. The checker's
   key of a symmetric aggregator is the multiset of pairs (z_i, c_i): equal multisets give
   such a pi; the checker never computes it. *)
Fixpoint KeyedByPerm {K : Type} (T : ctree) (alpha : path -> bool) (key : path -> K)
  (tab : K -> Q * list Q) (data : K -> Entry) (perm : path -> (nat -> nat) * (nat -> nat))
  : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      (exists z c, data (key []) = (phi, q, z, c) /\ length z = q /\
         IsPerm q (fst (perm [])) (snd (perm [])) /\
         (Symmetric phi \/ forall i, (i < q)%nat -> fst (perm []) i = i) /\
         forall i, (i < q)%nat ->
           F (kids i) (sub alpha i) = nth (fst (perm []) i) z false /\
           accepted (kids i) (fun p => tab (key (i :: p))) == c (fst (perm []) i)) /\
      (forall i, (i < q)%nat -> KeyedByPerm (kids i) (sub alpha i) (sub key i) tab data (sub perm i))
  end.

(* Sharing by equal keys is the case pi = identity. *)
Lemma keyed_by_perm_of_keyed_by : forall (K : Type) T alpha (key : path -> K) tab data,
  KeyedBy T alpha key tab data -> KeyedByPerm T alpha key tab data (fun _ => (fun i => i, fun i => i)).
Proof.
  intros K T. induction T as [| phi q kids IH]; intros alpha key tab data HK; [exact I |].
  destruct HK as [Hd HK]. split.
  - eexists _, _. split; [exact Hd |]. cbn [fst snd].
    split; [rewrite map_length, seq_length; reflexivity |].
    split; [intros i Hi; lia |]. split; [right; reflexivity |].
    intros i Hi. rewrite nth_map_seq by exact Hi. split; reflexivity.
  - intros i Hi. apply IH, HK, Hi.
Qed.

(* The per-node records a version-1 certificate would carry: the looked-up record, permuted. *)
Definition permRecs {K : Type} (key : path -> K) (tab : K -> Q * list Q) (data : K -> Entry)
  (perm : path -> (nat -> nat) * (nat -> nat)) : Records :=
  fun p => permRec (fst (perm p)) (arityOf (data (key p))) (tab (key p)).
Definition permPrims {K : Type} (key : path -> K) (primTab : K -> list (list bool * Q))
  (data : K -> Entry) (perm : path -> (nat -> nat) * (nat -> nat)) : Primals :=
  fun p => permPrim (fst (perm p)) (arityOf (data (key p))) (primTab (key p)).

Lemma accepted_fst : forall T (rec rec' : Records), (forall p, fst (rec p) = fst (rec' p)) ->
  accepted T rec = accepted T rec'.
Proof. intros [| phi q kids] rec rec' E; simpl; [reflexivity | apply E]. Qed.

Lemma accepted_permRecs : forall (K : Type) T (key : path -> K) tab data perm,
  accepted T (permRecs key tab data perm) = accepted T (fun p => tab (key p)).
Proof. intros. apply accepted_fst. intros p. reflexivity. Qed.

(* Checking each shared record once, at its own data, gives the per-node checks of the
   unshared statement for the permuted records. *)
Lemma shared_checked_perm : forall (K : Type) T alpha (key : path -> K) tab primTab data perm,
  (forall k, LocalChecked (data k) (tab k) (primTab k)) -> KeyedByPerm T alpha key tab data perm ->
  DualChecked T alpha (permRecs key tab data perm) /\
  PrimalChecked T alpha (permRecs key tab data perm) (permPrims key primTab data perm).
Proof.
  intros K T. induction T as [| phi q kids IH]; intros alpha key tab primTab data perm Hok HK.
  - split; exact I.
  - simpl in HK. destruct HK as [[z [c [Hdata [Hz [HP [Hsym Hkid]]]]]] Hkids].
    set (pi := fst (perm [])) in *. set (pinv := snd (perm [])) in *.
    set (zu := map (fun i => F (kids i) (sub alpha i)) (seq 0 q)).
    set (cu := fun i => accepted (kids i) (fun p => tab (key (i :: p)))).
    assert (Hl := Hok (key [])). rewrite Hdata in Hl.
    assert (Hloc : LocalChecked (phi, q, zu, cu) (permRec pi q (tab (key []))) (permPrim pi q (primTab (key [])))).
    { apply (local_checked_perm phi q z c zu cu pi pinv _ _ HP); [| exact Hz | | | exact Hl].
      - intros x Hx. destruct Hsym as [Hsym | Hid].
        + exact (symmetric_permL phi q pi pinv x Hsym HP Hx).
        + f_equal. rewrite <- (map_nth_seq bool x false) at 2. rewrite Hx. unfold permL.
          apply map_ext_in. intros i Hi. apply in_seq in Hi. rewrite Hid by lia. reflexivity.
      - unfold zu, permL. apply map_ext_in. intros i Hi. apply in_seq in Hi. apply Hkid. lia.
      - intros i Hi. apply Hkid. exact Hi. }
    destruct Hloc as [Hf [Hv [Hw [Hload Hsum]]]].
    assert (Hrec : forall i, (i < q)%nat ->
              DualChecked (kids i) (sub alpha i) (sub (permRecs key tab data perm) i) /\
              PrimalChecked (kids i) (sub alpha i) (sub (permRecs key tab data perm) i)
                            (sub (permPrims key primTab data perm) i)).
    { intros i Hi. exact (IH i (sub alpha i) (sub key i) tab primTab data (sub perm i) Hok (Hkids i Hi)). }
    assert (Hr : permRecs key tab data perm [] = permRec pi q (tab (key []))).
    { unfold permRecs. rewrite Hdata. reflexivity. }
    assert (Hp : permPrims key primTab data perm [] = permPrim pi q (primTab (key []))).
    { unfold permPrims. rewrite Hdata. reflexivity. }
    assert (Hacc : forall i, accepted (kids i) (sub (permRecs key tab data perm) i) = cu i).
    { intros i. unfold cu. apply accepted_fst. intros p. reflexivity. }
    split; cbn [DualChecked PrimalChecked]; rewrite ?Hr, ?Hp.
    + split; [exact Hf |]. split.
      * rewrite <- Hv. apply qsum_ext. intros i _. rewrite Hacc. reflexivity.
      * intros i Hi. exact (proj1 (Hrec i Hi)).
    + split; [exact Hw |]. split; [intros i Hi; rewrite Hacc; exact (Hload i Hi) |].
      split; [exact Hsum |]. intros i Hi. exact (proj2 (Hrec i Hi)).
Qed.

(* THE SHARED CERTIFICATE UP TO A PERMUTATION (ours): records shared among nodes whose key
   names the node's data up to a permutation of the children of a symmetric aggregator, each
   checked once at its own data, certify that V (the root's looked-up value) is the minimum
   of the global dual LP of F_T at alpha, i.e. V = rho_T. *)
Theorem shared_tree_certificate_perm : forall (K : Type) T alpha (key : path -> K) tab primTab data,
  (forall k, LocalChecked (data k) (tab k) (primTab k)) ->
  (exists perm, KeyedByPerm T alpha key tab data perm) ->
  let V := accepted T (fun p => tab (key p)) in
  (exists t, GlobalDualFeasible T alpha t /\ dualValue T t == V) /\
  (forall t, GlobalDualFeasible T alpha t -> V <= dualValue T t).
Proof.
  intros K T alpha key tab primTab data Hok [perm HK] V.
  destruct (shared_checked_perm K T alpha key tab primTab data perm Hok HK) as [HD HP].
  destruct (tree_certificate T alpha _ _ HD HP) as [[Hfeas Hval] Hmin].
  unfold V. rewrite <- (accepted_permRecs K T key tab data perm). split.
  - exists (productDual T (permRecs key tab data perm)). split; assumption.
  - exact Hmin.
Qed.

(* A permutation of lists is a permutation of their indices. *)
Lemma perm_of_Permutation : forall (A : Type) (d : A) (l l' : list A), Permutation l l' ->
  exists pi pinv, IsPerm (length l) pi pinv /\
    forall i, (i < length l)%nat -> nth i l d = nth (pi i) l' d.
Proof.
  intros A d l l' H. induction H as [| x l l' H IH | x y l | l l' l'' H1 IH1 H2 IH2].
  - exists (fun i => i), (fun i => i). split; intros i Hi; simpl in Hi; lia.
  - destruct IH as [pi [pinv [HP Hn]]].
    exists (fun i => match i with O => O | S j => S (pi j) end),
           (fun i => match i with O => O | S j => S (pinv j) end).
    split.
    + intros [| j] Hj; simpl in Hj |- *; [lia |].
      destruct (HP j ltac:(lia)) as [H1 [H2 [H3 H4]]]. rewrite H3, H4. split; [lia | split; [lia | auto]].
    + intros [| j] Hj; simpl in Hj |- *; [reflexivity |]. apply Hn. lia.
  - exists (fun i => match i with O => 1%nat | 1%nat => O | _ => i end),
           (fun i => match i with O => 1%nat | 1%nat => O | _ => i end).
    split.
    + intros [| [| j]] Hj; simpl in Hj |- *; lia.
    + intros [| [| j]] Hj; reflexivity.
  - destruct IH1 as [pi1 [pinv1 [HP1 Hn1]]]. destruct IH2 as [pi2 [pinv2 [HP2 Hn2]]].
    assert (E : length l = length l') by exact (Permutation_length H1).
    rewrite <- E in HP2, Hn2.
    exists (fun i => pi2 (pi1 i)), (fun i => pinv1 (pinv2 i)). split.
    + intros i Hi. destruct (HP1 i Hi) as [A1 [A2 [A3 A4]]].
      destruct (HP2 (pi1 i) A1) as [B1 [B2 [B3 B4]]].
      destruct (HP2 i Hi) as [C1 [C2 [C3 C4]]].
      destruct (HP1 (pinv2 i) C2) as [D1 [D2 [D3 D4]]].
      rewrite B3, A3, D4, C4. split; [exact B1 | split; [exact D2 | split; reflexivity]].
    + intros i Hi. rewrite Hn1 by exact Hi. apply Hn2. apply (HP1 i Hi).
Qed.

(* Finite choice: one witness for each index below n. *)
Lemma finite_choice : forall (A : Type) (a0 : A) (P : nat -> A -> Prop) n,
  (forall i, (i < n)%nat -> exists x, P i x) -> exists f : nat -> A, forall i, (i < n)%nat -> P i (f i).
Proof.
  intros A a0 P n. induction n as [| n IH]; intros H.
  - exists (fun _ => a0). intros i Hi. lia.
  - destruct IH as [f Hf]; [intros i Hi; apply H; lia |].
    destruct (H n ltac:(lia)) as [x Hx].
    exists (fun i => if Nat.eqb i n then x else f i). intros i Hi.
    destruct (Nat.eqb_spec i n) as [-> | Hne]; [exact Hx | apply Hf; lia].
Qed.

(* The checker's key of a node or record with aggregator phi, z and capacities c: the list of
   pairs (z_i, c_i), capacities in lowest terms (the checker's fractions); for a symmetric
   aggregator the key is this list up to order (its multiset). *)
Definition pairsOf (q : nat) (z : list bool) (c : nat -> Q) : list (bool * Q) :=
  map (fun i => (nth i z false, Qred (c i))) (seq 0 q).

(* The node's data (z_u, c^u) has the record's key (z, c): equal pairs, or equal multisets of
   pairs when phi is symmetric. *)
Definition KeyMatch (phi : Agg) (q : nat) (zu : list bool) (cu : nat -> Q) (z : list bool)
  (c : nat -> Q) : Prop :=
  pairsOf q zu cu = pairsOf q z c \/ (Symmetric phi /\ Permutation (pairsOf q zu cu) (pairsOf q z c)).

(* Every node's key names an entry with the node's aggregator and arity whose key (z, c)
   matches the node's z_u and children's accepted values, these read from the shared records
   (the checker recomputes them from the tree, alpha and the values it accepted). *)
Fixpoint KeyedByMultiset {K : Type} (T : ctree) (alpha : path -> bool) (key : path -> K)
  (tab : K -> Q * list Q) (data : K -> Entry) : Prop :=
  match T with
  | CLeaf => True
  | CNode phi q kids =>
      (exists z c, data (key []) = (phi, q, z, c) /\ length z = q /\
         KeyMatch phi q (map (fun i => F (kids i) (sub alpha i)) (seq 0 q))
                  (fun i => accepted (kids i) (fun p => tab (key (i :: p)))) z c) /\
      (forall i, (i < q)%nat -> KeyedByMultiset (kids i) (sub alpha i) (sub key i) tab data)
  end.

Lemma keyMatch_perm : forall phi q zu cu z c, KeyMatch phi q zu cu z c ->
  exists pi pinv, IsPerm q pi pinv /\ (Symmetric phi \/ forall i, (i < q)%nat -> pi i = i) /\
    forall i, (i < q)%nat -> nth i zu false = nth (pi i) z false /\ cu i == c (pi i).
Proof.
  intros phi q zu cu z c HM.
  assert (Hpt : forall pi i, (i < q)%nat -> (pi i < q)%nat ->
            nth i (pairsOf q zu cu) (false, 0) = nth (pi i) (pairsOf q z c) (false, 0) ->
            nth i zu false = nth (pi i) z false /\ cu i == c (pi i)).
  { intros pi i Hi Hpi E. unfold pairsOf in E. rewrite !nth_map_seq in E by assumption.
    injection E as E1 E2. split; [exact E1 |].
    rewrite <- (Qred_correct (cu i)), <- (Qred_correct (c (pi i))), E2. reflexivity. }
  destruct HM as [HE | [Hsym HP]].
  - exists (fun i => i), (fun i => i). split; [intros i Hi; lia |]. split; [right; reflexivity |].
    intros i Hi. apply (Hpt (fun j => j)); [exact Hi | exact Hi | rewrite HE; reflexivity].
  - destruct (perm_of_Permutation _ (false, 0) _ _ HP) as [pi [pinv [HI Hn]]].
    assert (Hq : length (pairsOf q zu cu) = q) by (unfold pairsOf; rewrite map_length, seq_length; reflexivity).
    rewrite Hq in HI, Hn.
    exists pi, pinv. split; [exact HI |]. split; [left; exact Hsym |].
    intros i Hi. apply Hpt; [exact Hi | apply (HI i Hi) | apply Hn; exact Hi].
Qed.

(* The multiset keys give a permutation at every node. *)
Lemma keyed_perm_of_multiset : forall (K : Type) T alpha (key : path -> K) tab data,
  KeyedByMultiset T alpha key tab data -> exists perm, KeyedByPerm T alpha key tab data perm.
Proof.
  intros K T. induction T as [| phi q kids IH]; intros alpha key tab data HK.
  - exists (fun _ => (fun i => i, fun i => i)). exact I.
  - destruct HK as [[z [c [Hd [Hz HM]]]] Hkids].
    destruct (keyMatch_perm _ _ _ _ _ _ HM) as [pi [pinv [HP [Hsym Hpt]]]].
    destruct (finite_choice _ (fun _ => (fun i => i, fun i => i))
                (fun i perm => KeyedByPerm (kids i) (sub alpha i) (sub key i) tab data perm) q)
      as [g Hg].
    { intros i Hi. exact (IH i (sub alpha i) (sub key i) tab data (Hkids i Hi)). }
    exists (fun p => match p with [] => (pi, pinv) | i :: p' => g i p' end). split.
    + exists z, c. cbn [fst snd]. split; [exact Hd |]. split; [exact Hz |].
      split; [exact HP |]. split; [exact Hsym |].
      intros i Hi. destruct (Hpt i Hi) as [E1 E2]. rewrite nth_map_seq in E1 by exact Hi.
      split; [exact E1 | exact E2].
    + intros i Hi. exact (Hg i Hi).
Qed.

(* THE SHARED CERTIFICATE (ours; FORMAT.md section 6, "Version 2"): records shared among
   nodes with the same key -- (aggregator, z, capacities), the multiset of pairs (z_i, c_i)
   for a symmetric aggregator -- each checked once at its own data, certify that the root's
   looked-up value V is the minimum of the global dual LP of F_T at alpha: V = rho_T. *)
Theorem shared_tree_certificate_multiset : forall (K : Type) T alpha (key : path -> K) tab primTab data,
  (forall k, LocalChecked (data k) (tab k) (primTab k)) -> KeyedByMultiset T alpha key tab data ->
  let V := accepted T (fun p => tab (key p)) in
  (exists t, GlobalDualFeasible T alpha t /\ dualValue T t == V) /\
  (forall t, GlobalDualFeasible T alpha t -> V <= dualValue T t).
Proof.
  intros K T alpha key tab primTab data Hok HK.
  exact (shared_tree_certificate_perm K T alpha key tab primTab data Hok
           (keyed_perm_of_multiset K T alpha key tab data HK)).
Qed.

Print Assumptions tree_certificate_dual.
Print Assumptions tree_certificate_primal.
Print Assumptions tree_certificate.
Print Assumptions shared_tree_certificate.
Print Assumptions local_checked_perm.
Print Assumptions shared_tree_certificate_perm.
Print Assumptions shared_tree_certificate_multiset.
