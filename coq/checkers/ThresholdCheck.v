(* ThresholdCheck.v -- an executable checker for certificates of kind `threshold`
   (certificates/FORMAT.md section 8): f(x) = [sum_i W_i x_i >= T] (model/Families.v, WTHR),
   the point z, the primal blocks with their weights, the dual t and the value v, at any width
   (N up to 100,000). The primal checks and both values are those of kind `exhaustive`, run in
   one pass over lists (no unary index): a block is sensitive iff flipping it moves the
   weighted sum across T, the loads are summed block by block, sums are reduced (Qplus').
   Dual feasibility is not checked over the 2^N blocks: with S = sum_i W_i z_i, the side (the
   coordinates with z_i = f(z) and W_i > 0) and need (S - T + 1 if f(z) = 1, else T - S), the
   checker scales t to integers T_i over a common denominator D (and checks t_i = T_i / D),
   then runs FORMAT.md's knapsack DP over the side: best[k] bounds from below the cost T(B) of
   every side set B of weight >= k (k = 0..need), and it requires best[need] >= D (or that
   the whole side weighs less than need: then no block is sensitive).

   Proved sound against the model (ours): `checkThreshold_sound : checkThreshold ws T z prim
   t v = true -> FbsValue (wthrAgg ws T) z v`, and `checkThresholdFamily_sound` concludes
   `FbsIs (WTHR ws T) z v`. The two facts behind the DP: every sensitive block B has side
   weight W(B ∩ side) >= need (`sens_need`, weights >= 0 checked), and the DP's last cell is
   at most T(B ∩ side) for every side set of weight >= need (`dp_sound`, an invariant over
   the row; only this direction is needed), while t(B) >= T(B ∩ side) / D since t >= 0
   (`side_cost_le`). The DP's base row holds D (not infinity) above cell 0: a cap, which
   soundness does not use. Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at
   the end must answer "Closed under the global context". *)

From Coq Require Import String ZArith QArith Qreduction Lqa List Lia Bool.
From FbsCoq Require Import FbsModel FbsTrees FbsTreeCert FbsDuality Families.
Import ListNotations.
Open Scope Q_scope.

(* ======================================================================================== *)
(* Lists without indices                                                                     *)
(* ======================================================================================== *)

(* z^B, flipped position by position (flip of model/FbsModel.v, without indices). *)
Fixpoint xorL (z B : list bool) : list bool :=
  match z with [] => [] | a :: z' => xorb a (hd false B) :: xorL z' (tl B) end.

Lemma nth_S_tl : forall (A : Type) (l : list A) i d, nth (S i) l d = nth i (tl l) d.
Proof. intros A l i d. destruct l; [destruct i |]; reflexivity. Qed.

Lemma flip_xorL : forall z B, flip z B = xorL z B.
Proof.
  induction z as [| a z IH]; intros B; [reflexivity |].
  unfold flip. cbn [length seq map xorL]. rewrite <- seq_shift, map_map. f_equal.
  - destruct B; reflexivity.
  - rewrite <- IH. unfold flip. apply map_ext. intros i. rewrite (nth_S_tl _ B). reflexivity.
Qed.

(* Sums of rationals, reduced at every step (Qplus'), from the left. *)
Definition qlsumR (l : list Q) : Q := fold_left Qplus' l 0.

Lemma qlsumR_gen : forall l a, fold_left Qplus' l a == a + qlsum l.
Proof.
  induction l as [| x l IH]; intros a; simpl; [ring |].
  rewrite IH, Qplus'_correct. ring.
Qed.

Lemma qlsumR_qlsum : forall l, qlsumR l == qlsum l.
Proof. intros l. unfold qlsumR. rewrite qlsumR_gen. ring. Qed.

Lemma map_nth_seq_self : forall (t : list Q), map (fun i => nth i t 0) (seq 0 (length t)) = t.
Proof.
  induction t as [| x t IH]; [reflexivity |].
  cbn [length seq map]. rewrite <- seq_shift, map_map. simpl. f_equal. exact IH.
Qed.

Lemma qlsum_seq_S : forall (g : nat -> Q) n,
  qlsum (map g (seq 0 (S n))) == g O + qlsum (map (fun i => g (S i)) (seq 0 n)).
Proof. intros g n. cbn [seq map qlsum]. rewrite <- seq_shift, map_map. reflexivity. Qed.

(* The loads, block by block: acc_i + w for every i in B. *)
Fixpoint addLoad (w : Q) (B : list bool) (acc : list Q) : list Q :=
  match acc with
  | [] => []
  | a :: acc' => (if hd false B then Qplus' a w else a) :: addLoad w (tl B) acc'
  end.

Definition loadsOf (z : list bool) (ws : list (list bool * Q)) : list Q :=
  fold_left (fun acc Jw => addLoad (snd Jw) (fst Jw) acc) ws (map (fun _ => 0) z).

Lemma addLoad_length : forall w B acc, length (addLoad w B acc) = length acc.
Proof. intros w B acc. revert B. induction acc; intros B; simpl; auto. Qed.

Lemma addLoad_nth : forall w acc B i, (i < length acc)%nat ->
  nth i (addLoad w B acc) 0 == nth i acc 0 + (if nth i B false then w else 0).
Proof.
  intros w. induction acc as [| a acc IH]; intros B i Hi; simpl in Hi; [lia |].
  destruct i as [| i].
  - simpl. destruct B as [| b B]; simpl; [ring |]. destruct b; [rewrite Qplus'_correct |]; ring.
  - simpl. rewrite IH by lia. rewrite (nth_S_tl _ B). reflexivity.
Qed.

Lemma loads_gen : forall ws acc i, (i < length acc)%nat ->
  nth i (fold_left (fun acc Jw => addLoad (snd Jw) (fst Jw) acc) ws acc) 0 == nth i acc 0 + load ws i
  /\ length (fold_left (fun acc Jw => addLoad (snd Jw) (fst Jw) acc) ws acc) = length acc.
Proof.
  induction ws as [| [J w] ws IH]; intros acc i Hi.
  - simpl. unfold load. simpl. split; [ring | reflexivity].
  - simpl. destruct (IH (addLoad w J acc) i) as [E L]; [rewrite addLoad_length; exact Hi |].
    rewrite addLoad_length in L. split; [| exact L].
    rewrite E, addLoad_nth by exact Hi. unfold load. simpl. ring.
Qed.

Lemma nth_zeros : forall (z : list bool) i, nth i (map (fun _ => 0) z) 0 = 0.
Proof. induction z; intros [| i]; simpl; auto. Qed.

(* ======================================================================================== *)
(* The knapsack DP over the side and its invariant                                           *)
(* ======================================================================================== *)

(* An item: (on the side, weight W_i, scaled cost T_i). *)
Definition item : Type := (bool * Z * Z)%type.

(* The side weight and cost of a block B (a mask), and the side's whole weight. *)
Fixpoint wsel (its : list item) (B : list bool) : Z :=
  match its with [] => 0%Z | (a, w, _) :: r => ((if a && hd false B then w else 0) + wsel r (tl B))%Z end.
Fixpoint csel (its : list item) (B : list bool) : Z :=
  match its with [] => 0%Z | (a, _, c) :: r => ((if a && hd false B then c else 0) + csel r (tl B))%Z end.
Fixpoint wtotal (its : list item) : Z :=
  match its with [] => 0%Z | (a, w, _) :: r => ((if a then w else 0) + wtotal r)%Z end.

(* Side weights and all costs >= 0 (checked). *)
Definition itemsOK (its : list item) : bool :=
  forallb (fun it => match it with (a, w, c) => implb a (Z.leb 0 w) && Z.leb 0 c end) its.

(* One item (w, c): best'[k] = min(best[k], c if k < w, else best[k - w] + c). *)
Fixpoint prefixC (w c : Z) (r : list Z) : list Z :=
  match r with
  | [] => []
  | _ :: r' => if Z.ltb 0 w then c :: prefixC (Z.pred w) c r' else []
  end.
Fixpoint zipMin (a b : list Z) : list Z :=
  match a, b with x :: a', y :: b' => Z.min x y :: zipMin a' b' | _, _ => [] end.
Definition upd (w c : Z) (r : list Z) : list Z := zipMin r (prefixC w c r ++ map (Z.add c) r).

(* The same row update by tail calls only (rows of up to 2^22 cells; rev_append), proved
   equal to upd (updT_upd). *)
Fixpoint zipMinT (acc a b : list Z) : list Z :=
  match a, b with x :: a', y :: b' => zipMinT (Z.min x y :: acc) a' b' | _, _ => rev_append acc [] end.
Fixpoint prefixAcc (w c : Z) (r acc : list Z) : list Z :=
  match r with
  | [] => acc
  | _ :: r' => if Z.ltb 0 w then prefixAcc (Z.pred w) c r' (c :: acc) else acc
  end.
Fixpoint mapAddAcc (c : Z) (r acc : list Z) : list Z :=
  match r with [] => acc | x :: r' => mapAddAcc c r' ((c + x)%Z :: acc) end.
Definition updT (w c : Z) (r : list Z) : list Z :=
  zipMinT [] r (rev_append (prefixAcc w c r []) (rev_append (mapAddAcc c r []) [])).

Lemma zipMinT_eq : forall a b acc, zipMinT acc a b = rev_append acc (zipMin a b).
Proof. induction a as [| x a IH]; intros [| y b] acc; simpl; auto. rewrite IH. reflexivity. Qed.

Lemma prefixAcc_eq : forall r w c acc, prefixAcc w c r acc = rev_append (prefixC w c r) acc.
Proof. induction r as [| x r IH]; intros w c acc; simpl; [reflexivity |]. destruct (Z.ltb 0 w); [apply IH | reflexivity]. Qed.

Lemma mapAddAcc_eq : forall c r acc, mapAddAcc c r acc = rev_append (map (Z.add c) r) acc.
Proof. intros c. induction r as [| x r IH]; intros acc; simpl; [reflexivity | apply IH]. Qed.

Lemma updT_upd : forall w c r, updT w c r = upd w c r.
Proof.
  intros w c r. unfold updT, upd. rewrite zipMinT_eq, prefixAcc_eq, mapAddAcc_eq.
  rewrite !rev_append_rev, !app_nil_r, !rev_involutive. reflexivity.
Qed.

Fixpoint dp (its : list item) (r : list Z) : list Z :=
  match its with [] => r | (a, w, c) :: rest => dp rest (if a then updT w c r else r) end.

(* The first row: 0, then the cap at cells 1..n. *)
Definition row0 (cap : Z) (n : positive) : list Z := 0%Z :: Pos.iter (cons cap) [] n.

Lemma prefixC_length : forall r w c, length (prefixC w c r) = Nat.min (Z.to_nat w) (length r).
Proof.
  induction r as [| x r IH]; intros w c; simpl; [lia |].
  destruct (Z.ltb_spec 0 w); simpl; [rewrite IH; lia | lia].
Qed.

Lemma prefixC_nth : forall r w c k, (k < length (prefixC w c r))%nat -> nth k (prefixC w c r) 0%Z = c.
Proof.
  induction r as [| x r IH]; intros w c k Hk; simpl in *; [lia |].
  destruct (Z.ltb 0 w); simpl in *; [| lia]. destruct k; [reflexivity | apply IH; lia].
Qed.

Lemma zipMin_length : forall a b, length (zipMin a b) = Nat.min (length a) (length b).
Proof. induction a; intros [| y b]; simpl; auto. Qed.

Lemma zipMin_nth : forall a b k, (k < length a)%nat -> (k < length b)%nat ->
  nth k (zipMin a b) 0%Z = Z.min (nth k a 0%Z) (nth k b 0%Z).
Proof.
  induction a as [| x a IH]; intros b k Ha Hb; simpl in Ha; [lia |].
  destruct b as [| y b]; simpl in Hb; [lia |]. destruct k; simpl; [reflexivity | apply IH; lia].
Qed.

Lemma upd_length : forall w c r, length (upd w c r) = length r.
Proof.
  intros. unfold upd. rewrite zipMin_length, app_length, map_length. lia.
Qed.

Lemma upd_nth : forall w c r k, (k < length r)%nat ->
  nth k (upd w c r) 0%Z = Z.min (nth k r 0%Z)
    (if Nat.ltb k (Z.to_nat w) then c else (c + nth (k - Z.to_nat w) r 0)%Z).
Proof.
  intros w c r k Hk. unfold upd.
  rewrite zipMin_nth by (try rewrite app_length, map_length; lia). f_equal.
  assert (Hl := prefixC_length r w c).
  destruct (Nat.ltb_spec k (Z.to_nat w)).
  - rewrite app_nth1 by lia. apply prefixC_nth. lia.
  - rewrite app_nth2 by lia. rewrite Hl.
    replace (Nat.min (Z.to_nat w) (length r)) with (Z.to_nat w) by lia.
    rewrite nth_indep with (d' := Z.add c 0%Z) by (rewrite map_length; lia).
    rewrite map_nth. reflexivity.
Qed.

(* The invariant: every (weight W, cost C) pair in P has best[k] <= C for k <= W. *)
Definition Inv (P : Z -> Z -> Prop) (r : list Z) : Prop :=
  forall W C, P W C -> forall k, (k < length r)%nat -> (Z.of_nat k <= W)%Z -> (nth k r 0 <= C)%Z.
Definition NN (P : Z -> Z -> Prop) : Prop := forall W C, P W C -> (0 <= C)%Z.
Definition ext (P : Z -> Z -> Prop) (it : item) : Z -> Z -> Prop :=
  match it with
  | (a, w, c) => fun W C => P W C \/ (a = true /\ exists W0 C0, P W0 C0 /\ W = (W0 + w)%Z /\ C = (C0 + c)%Z)
  end.
Fixpoint closure (P : Z -> Z -> Prop) (its : list item) : Z -> Z -> Prop :=
  match its with [] => P | it :: rest => closure (ext P it) rest end.

Lemma upd_inv : forall P r w c, Inv P r -> NN P -> (0 <= w)%Z -> (0 <= c)%Z ->
  Inv (ext P (true, w, c)) (upd w c r).
Proof.
  intros P r w c HI HN Hw Hc W C HP k Hk HkW. rewrite upd_length in Hk. rewrite upd_nth by exact Hk.
  destruct HP as [HP | [_ [W0 [C0 [HP [EW EC]]]]]].
  - assert (H := HI W C HP k Hk HkW). lia.
  - subst W C. assert (H0 := HN W0 C0 HP).
    destruct (Nat.ltb_spec k (Z.to_nat w)) as [Hlt | Hge]; [lia |].
    assert (H1 := HI W0 C0 HP (k - Z.to_nat w)%nat ltac:(lia) ltac:(lia)). lia.
Qed.

Lemma dp_inv : forall its P r, Inv P r -> NN P -> itemsOK its = true ->
  Inv (closure P its) (dp its r) /\ length (dp its r) = length r.
Proof.
  induction its as [| [[a w] c] its IH]; intros P r HI HN Hok; [split; [exact HI | reflexivity] |].
  simpl in Hok |- *. apply andb_prop in Hok as [Hit Hok]. apply andb_prop in Hit as [Hw Hc].
  apply Z.leb_le in Hc.
  assert (HN' : NN (ext P (a, w, c))).
  { intros W C [HP | [_ [W0 [C0 [HP [_ EC]]]]]]; [exact (HN W C HP) |]. subst C.
    assert (H := HN W0 C0 HP). lia. }
  destruct a.
  - rewrite updT_upd.
    apply Z.leb_le in Hw. destruct (IH (ext P (true, w, c)) (upd w c r)) as [HI' HL];
      [apply upd_inv; assumption | exact HN' | exact Hok |].
    split; [exact HI' | rewrite HL; apply upd_length].
  - apply IH; [| exact HN' | exact Hok].
    intros W C [HP | [E _]]; [exact (HI W C HP) | discriminate E].
Qed.

Lemma closure_sel : forall its B (P : Z -> Z -> Prop) W C, P W C ->
  closure P its (W + wsel its B)%Z (C + csel its B)%Z.
Proof.
  induction its as [| [[a w] c] its IH]; intros B P W C HP; simpl.
  - replace (W + 0)%Z with W by lia. replace (C + 0)%Z with C by lia. exact HP.
  - destruct (a && hd false B) eqn:E.
    + apply andb_prop in E as [Ea _]. subst a.
      replace (W + (w + wsel its (tl B)))%Z with ((W + w) + wsel its (tl B))%Z by lia.
      replace (C + (c + csel its (tl B)))%Z with ((C + c) + csel its (tl B))%Z by lia.
      apply IH. right. split; [reflexivity |]. exists W, C. auto.
    + replace (W + (0 + wsel its (tl B)))%Z with (W + wsel its (tl B))%Z by lia.
      replace (C + (0 + csel its (tl B)))%Z with (C + csel its (tl B))%Z by lia.
      apply IH. left. exact HP.
Qed.

Lemma iter_cons_length : forall (x : Z) p, length (Pos.iter (cons x) [] p) = Pos.to_nat p.
Proof.
  intros x p. induction p using Pos.peano_ind; [reflexivity |].
  rewrite Pos.iter_succ. simpl. rewrite IHp, Pos2Nat.inj_succ. reflexivity.
Qed.

Lemma last_nth_pred : forall (l : list Z) d, l <> [] -> last l d = nth (pred (length l)) l d.
Proof.
  induction l as [| a l IH]; intros d H; [congruence |].
  destruct l as [| b l]; [reflexivity |].
  change (last (a :: b :: l) d) with (last (b :: l) d). rewrite IH by discriminate. reflexivity.
Qed.

(* The DP's last cell is at most the cost of every side set of weight >= n. *)
Theorem dp_sound : forall its (n : positive) cap B, itemsOK its = true ->
  (Zpos n <= wsel its B)%Z -> (last (dp its (row0 cap n)) 0%Z <= csel its B)%Z.
Proof.
  intros its n cap B Hok HW.
  set (P0 := fun W C : Z => W = 0%Z /\ C = 0%Z).
  assert (HI0 : Inv P0 (row0 cap n)).
  { intros W C [EW EC] k Hk Hkw. subst W C. destruct k; [reflexivity | lia]. }
  assert (HN0 : NN P0) by (intros W C [_ EC]; lia).
  destruct (dp_inv its P0 (row0 cap n) HI0 HN0 Hok) as [HI HL].
  assert (Hc := closure_sel its B P0 0 0 (conj eq_refl eq_refl)).
  assert (Hlen : length (row0 cap n) = S (Pos.to_nat n)).
  { unfold row0. simpl. rewrite iter_cons_length. reflexivity. }
  rewrite last_nth_pred by (intros E; rewrite E in HL; simpl in HL; lia).
  rewrite HL, Hlen. simpl pred.
  apply (HI _ _ Hc (Pos.to_nat n)); [lia |]. rewrite positive_nat_Z. lia.
Qed.

(* ======================================================================================== *)
(* The side of a weighted threshold at z                                                     *)
(* ======================================================================================== *)

Fixpoint mkItems (fz : bool) (ws : list Z) (z : list bool) (Ts : list Z) : list item :=
  match ws, z, Ts with
  | w :: ws', b :: z', c :: Ts' => (Bool.eqb b fz && Z.ltb 0 w, w, c) :: mkItems fz ws' z' Ts'
  | _, _, _ => []
  end.

Definition needOf (S T : Z) : Z := if Z.leb T S then (S - T + 1)%Z else (T - S)%Z.

Lemma flip_down : forall ws z Ts B, length ws = length z -> length Ts = length z ->
  forallb (Z.leb 0) ws = true ->
  (wsum ws z - wsel (mkItems true ws z Ts) B <= wsum ws (xorL z B))%Z.
Proof.
  induction ws as [| w ws IH]; intros z Ts B Hz HT Hn; destruct z as [| b z]; simpl in *; try lia.
  destruct Ts as [| c Ts]; simpl in HT; [lia |]. apply andb_prop in Hn as [Hw Hn]. apply Z.leb_le in Hw.
  simpl. assert (H := IH z Ts (tl B) ltac:(lia) ltac:(lia) Hn).
  destruct b, (hd false B), (Z.ltb_spec 0 w); simpl; lia.
Qed.

Lemma flip_up : forall ws z Ts B, length ws = length z -> length Ts = length z ->
  forallb (Z.leb 0) ws = true ->
  (wsum ws (xorL z B) <= wsum ws z + wsel (mkItems false ws z Ts) B)%Z.
Proof.
  induction ws as [| w ws IH]; intros z Ts B Hz HT Hn; destruct z as [| b z]; simpl in *; try lia.
  destruct Ts as [| c Ts]; simpl in HT; [lia |]. apply andb_prop in Hn as [Hw Hn]. apply Z.leb_le in Hw.
  simpl. assert (H := IH z Ts (tl B) ltac:(lia) ltac:(lia) Hn).
  destruct b, (hd false B), (Z.ltb_spec 0 w); simpl; lia.
Qed.

(* Every sensitive block weighs at least need on the side (weights >= 0). *)
Theorem sens_need : forall ws T z Ts B, length ws = length z -> length Ts = length z ->
  forallb (Z.leb 0) ws = true -> Sensitive (wthrAgg ws T) z B ->
  (needOf (wsum ws z) T <= wsel (mkItems (Z.leb T (wsum ws z)) ws z Ts) B)%Z.
Proof.
  intros ws T z Ts B Hz HT Hn HS. unfold Sensitive, wthrAgg in HS. rewrite flip_xorL in HS.
  unfold needOf. destruct (Z.leb T (wsum ws z)) eqn:E.
  - apply Z.leb_le in E. assert (H := flip_down ws z Ts B Hz HT Hn).
    destruct (Z.leb_spec T (wsum ws (xorL z B))); [congruence | lia].
  - apply Z.leb_gt in E. assert (H := flip_up ws z Ts B Hz HT Hn).
    destruct (Z.leb_spec T (wsum ws (xorL z B))); [lia | congruence].
Qed.

Lemma wsel_le_wtotal : forall its B, itemsOK its = true -> (wsel its B <= wtotal its)%Z.
Proof.
  induction its as [| [[a w] c] its IH]; intros B Hok; simpl in *; [lia |].
  apply andb_prop in Hok as [Hit Hok]. apply andb_prop in Hit as [Hw _].
  assert (H := IH (tl B) Hok). destruct a, (hd false B); simpl in *; try lia.
Qed.

(* t_i = T_i / D, position by position. *)
Fixpoint checkScaled (D : positive) (t : list Q) (Ts : list Z) : bool :=
  match t, Ts with
  | [], [] => true
  | x :: t', c :: Ts' => Qeq_bool x (c # D) && checkScaled D t' Ts'
  | _, _ => false
  end.

Lemma Qmake_plus : forall a b D, ((a + b)%Z # D) == (a # D) + (b # D).
Proof. intros a b D. unfold Qeq, Qplus. simpl. rewrite Pos2Z.inj_mul. ring. Qed.

(* t(B) >= T(B on the side) / D when t >= 0. *)
Theorem side_cost_le : forall z ws Ts t B fz D, length ws = length z -> length Ts = length z ->
  checkScaled D t Ts = true -> forallb (Qle_bool 0) t = true ->
  (csel (mkItems fz ws z Ts) B # D)
  <= qlsum (map (fun i => if nth i B false then nth i t 0 else 0) (seq 0 (length z))).
Proof.
  induction z as [| b z IH]; intros ws Ts t B fz D Hz HT Hs Hn.
  - destruct ws; simpl; unfold Qle; simpl; lia.
  - destruct ws as [| w ws]; simpl in Hz; [lia |]. destruct Ts as [| c Ts]; simpl in HT; [lia |].
    destruct t as [| x t]; simpl in Hs; [discriminate |].
    apply andb_prop in Hs as [Hx Hs]. apply Qeq_bool_iff in Hx.
    simpl in Hn. apply andb_prop in Hn as [H0 Hn]. apply Qle_bool_iff in H0.
    cbn [length]. rewrite qlsum_seq_S.
    rewrite (map_ext (fun i => if nth (S i) B false then nth (S i) (x :: t) 0 else 0)
                     (fun i => if nth i (tl B) false then nth i t 0 else 0))
      by (intros i; rewrite (nth_S_tl _ B); reflexivity).
    cbn [mkItems csel]. rewrite Qmake_plus. apply Qplus_le_compat.
    + replace (nth 0 B false) with (hd false B) by (destruct B; reflexivity).
      destruct (Bool.eqb b fz && Z.ltb 0 w)%bool, (hd false B); simpl.
      * rewrite Hx. apply Qle_refl.
      * unfold Qle; simpl; lia.
      * apply (Qle_trans _ 0); [unfold Qle; simpl; lia | exact H0].
      * unfold Qle; simpl; lia.
    + apply IH; auto.
Qed.

(* ======================================================================================== *)
(* The checker                                                                               *)
(* ======================================================================================== *)

(* A block is sensitive iff flipping it moves sum_i W_i x_i across T (fz = f(z), computed
   once). *)
Definition sensT (ws : list Z) (T : Z) (z : list bool) (fz : bool) (B : list bool) : bool :=
  negb (Bool.eqb (Z.leb T (wsum ws (xorL z B))) fz).

Lemma sensT_sound : forall ws T z B, sensT ws T z (Z.leb T (wsum ws z)) B = true ->
  Sensitive (wthrAgg ws T) z B.
Proof.
  intros ws T z B H HS. unfold sensT in H. unfold wthrAgg in HS. rewrite flip_xorL in HS.
  rewrite HS, eqb_reflx in H. discriminate.
Qed.

(* The primal checks of FORMAT.md section 8 (as kind exhaustive's): weights >= 0, blocks of
   N bits and sensitive, every load <= 1. *)
Definition primalT (ws : list Z) (T : Z) (z : list bool) (prim : list (list bool * Q)) : bool :=
  let q := length z in
  let fz := Z.leb T (wsum ws z) in
  (forallb (fun Jw => Qle_bool 0 (snd Jw) && Nat.eqb (length (fst Jw)) q && sensT ws T z fz (fst Jw)) prim
   && forallb (fun l => Qle_bool l 1) (loadsOf z prim))%bool.

Lemma primalT_sound : forall ws T z prim, primalT ws T z prim = true ->
  PrimalFeasible (wthrAgg ws T) z prim.
Proof.
  intros ws T z prim H. unfold primalT in H. apply andb_prop in H as [Hb Hl].
  rewrite forallb_forall in Hb, Hl. split.
  - intros Jw HJ. specialize (Hb Jw HJ). apply andb_prop in Hb as [Hb Hs].
    apply andb_prop in Hb as [H0 Hq]. split; [apply Qle_bool_iff; exact H0 |].
    split; [apply Nat.eqb_eq; exact Hq | apply sensT_sound; exact Hs].
  - intros i Hi.
    assert (Hz : (i < length (map (fun _ : bool => 0%Q) z))%nat) by (rewrite map_length; exact Hi).
    destruct (loads_gen prim (map (fun _ => 0) z) i Hz) as [E L].
    assert (Hin : In (nth i (loadsOf z prim) 0) (loadsOf z prim)).
    { apply nth_In. unfold loadsOf. rewrite L. exact Hz. }
    specialize (Hl _ Hin). apply Qle_bool_iff in Hl. unfold loadsOf in Hl.
    rewrite E, nth_zeros in Hl. lra.
Qed.

(* The common denominator D of t and the scaled t_i * D (hints: checkScaled checks them). *)
Definition scaleDen (t : list Q) : positive :=
  Z.to_pos (fold_left (fun acc x => Z.lcm acc (Zpos (Qden x))) t 1%Z).
Definition scaled (D : positive) (t : list Q) : list Z :=
  map (fun x => (Qnum x * (Zpos D / Zpos (Qden x)))%Z) t.

(* THE CHECKER *)
Definition checkThreshold (ws : list Z) (T : Z) (z : list bool) (prim : list (list bool * Q))
  (t : list Q) (v : Q) : bool :=
  let S := wsum ws z in
  let need := needOf S T in
  let D := scaleDen t in
  let Ts := scaled D t in
  let its := mkItems (Z.leb T S) ws z Ts in
  (forallb (Z.leb 0) ws && Nat.eqb (length ws) (length z) && Nat.eqb (length t) (length z)
   && primalT ws T z prim && Qeq_bool (qlsumR (map snd prim)) v
   && forallb (Qle_bool 0) t && Qeq_bool (qlsumR t) v
   && checkScaled D t Ts && itemsOK its
   && (Z.ltb (wtotal its) need
       || match need with
          | Zpos n => Z.leb (Zpos D) (last (dp its (row0 (Zpos D) n)) 0%Z)
          | _ => false
          end))%bool.

Lemma checkScaled_length : forall D t Ts, checkScaled D t Ts = true -> length Ts = length t.
Proof. intros D t. induction t as [| x t IH]; intros [| c Ts] H; simpl in *; try discriminate; auto.
  apply andb_prop in H as [_ H]. rewrite (IH Ts H). reflexivity. Qed.

(* THE REFLECTION LEMMA (ours): a certificate the checker accepts proves fbs_z(f) = v for the
   weighted threshold f = wthrAgg ws T, in the model's words. *)
Theorem checkThreshold_sound : forall ws T z prim t v,
  checkThreshold ws T z prim t v = true -> FbsValue (wthrAgg ws T) z v.
Proof.
  intros ws T z prim t v H. unfold checkThreshold in H.
  apply andb_prop in H as [H Hdual]. apply andb_prop in H as [H Hok].
  apply andb_prop in H as [H Hsc]. apply andb_prop in H as [H Htv].
  apply andb_prop in H as [H Htn]. apply andb_prop in H as [H Hpv].
  apply andb_prop in H as [H Hp]. apply andb_prop in H as [H Hlt].
  apply andb_prop in H as [Hwn Hlw].
  apply Nat.eqb_eq in Hlt, Hlw. apply Qeq_bool_iff in Htv, Hpv.
  set (D := scaleDen t) in *. set (Ts := scaled D t) in *.
  assert (HTs : length Ts = length z) by (rewrite (checkScaled_length _ _ _ Hsc); exact Hlt).
  apply (fbs_value_of_pair _ _ prim t v (primalT_sound _ _ _ _ Hp)).
  - split.
    + intros i. destruct (Nat.lt_ge_cases i (length t)) as [Hi | Hi].
      * rewrite forallb_forall in Htn. apply Qle_bool_iff, Htn, nth_In, Hi.
      * rewrite nth_overflow by exact Hi. lra.
    + intros B HS.
      assert (Hneed := sens_need ws T z Ts B Hlw HTs Hwn HS).
      set (its := mkItems (Z.leb T (wsum ws z)) ws z Ts) in *.
      assert (Hcost : (Zpos D <= csel its B)%Z).
      { apply orb_prop in Hdual as [Hlt' | Hdp].
        - apply Z.ltb_lt in Hlt'. assert (H := wsel_le_wtotal its B Hok). lia.
        - destruct (needOf (wsum ws z) T) as [| n | n] eqn:En; try discriminate.
          apply Z.leb_le in Hdp. assert (H := dp_sound its n (Zpos D) B Hok Hneed). lia. }
      assert (Hside := side_cost_le z ws Ts t B (Z.leb T (wsum ws z)) D Hlw HTs Hsc Htn).
      fold its in Hside. unfold blockWeight. rewrite qsum_qlsum.
      apply (Qle_trans _ (csel its B # D)); [| exact Hside].
      unfold Qle; simpl. lia.
  - unfold primalValue. rewrite <- qlsumR_qlsum. exact Hpv.
  - unfold dualValueAt, totalWeight. rewrite <- Hlt, qsum_qlsum, map_nth_seq_self, <- qlsumR_qlsum.
    exact Htv.
Qed.

(* The statement in the words of model/Families.v: the input has the family's arity N. *)
Definition checkThresholdFamily (ws : list Z) (T : Z) (z : list bool) prim t v : bool :=
  (Nat.eqb (length z) (length ws) && checkThreshold ws T z prim t v)%bool.

Theorem checkThresholdFamily_sound : forall ws T z prim t v,
  checkThresholdFamily ws T z prim t v = true -> FbsIs (WTHR ws T) z v.
Proof.
  intros ws T z prim t v H. apply andb_prop in H as [Ha H]. split.
  - apply Nat.eqb_eq. exact Ha.
  - exact (checkThreshold_sound _ _ _ _ _ _ H).
Qed.

(* FORMAT.md section 8's tiny example: wthr:3,2,2,1,1:5 at 11111 has fbs 9/5 (the pair
   `fbs compute wthr:3,2,2,1,1:5 --at 11111 --json` prints: dual (3/5, 2/5, 2/5, 1/5, 1/5),
   primal {0,1}, {0,2} at 1/5, {0,3,4} at 3/5, {1,2,3}, {1,2,4} at 2/5). *)
Definition wEx : list Z := [3; 2; 2; 1; 1]%Z.
Definition tEx : list Q := [3 # 5; 2 # 5; 2 # 5; 1 # 5; 1 # 5].
Definition pEx : list (list bool * Q) :=
  [(bitsOf "11000", 1 # 5); (bitsOf "10100", 1 # 5); (bitsOf "10011", 3 # 5);
   (bitsOf "01110", 2 # 5); (bitsOf "01101", 2 # 5)]%string.

Example tiny_threshold : FbsIs (WTHR wEx 5) (bitsOf "11111"%string) (9 # 5).
Proof. apply (checkThresholdFamily_sound _ _ _ pEx tEx). vm_compute. reflexivity. Qed.

(* Refused (FORMAT.md's must-reject list): the dual moved onto one coordinate with the same
   sum (the block {1, 2, 3} weighs 5 and costs 0: the DP's refusal); the value raised by one;
   a primal block that does not reach the threshold ({1, 2}); a negative weight; an input of
   the wrong length. *)
Example tiny_threshold_rejects :
  [checkThresholdFamily wEx 5 (bitsOf "11111") pEx [9 # 5; 0; 0; 0; 0] (9 # 5);
   checkThresholdFamily wEx 5 (bitsOf "11111") pEx tEx (14 # 5);
   checkThresholdFamily wEx 5 (bitsOf "11111")
     ((bitsOf "01100", 1 # 5) :: tl pEx) tEx (9 # 5);
   checkThresholdFamily [3; 2; 2; 1; -1]%Z 5 (bitsOf "11111") pEx tEx (9 # 5);
   checkThresholdFamily wEx 5 (bitsOf "1111") pEx tEx (9 # 5)]%string
  = [false; false; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Print Assumptions flip_xorL.
Print Assumptions dp_sound.
Print Assumptions sens_need.
Print Assumptions side_cost_le.
Print Assumptions checkThreshold_sound.
Print Assumptions checkThresholdFamily_sound.
Print Assumptions tiny_threshold.
