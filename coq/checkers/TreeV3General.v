(* TreeV3General.v -- an executable checker for certificates of kind `tree`, version 3
   (certificates/FORMAT.md section 6, "Version 3: side records keyed by (need, multiset of the
   side's capacities)"), for every tree form `fbs tree fbs` and `fbs tree build` write: an
   explicit tree (or a composed spec) with any aggregator at any node. A node of a symmetric
   family (and:, or:, parity:, maj:, thr:, sym:; SymF below, any width) is checked by its side
   records as in TreeV3Check.v (nodeRes: the value is the sum of its sides' records, looked up
   by (need, the side's capacities sorted)); a node of any other family by a version-2 record
   (TreeCheck.v's pickRec: the record's pairs (z_i, c_i) matched with the node's up to a
   permutation, then every local check of FORMAT.md steps 3-7 at the node's own aggregator,
   z_u and capacities). The checker computes each node's class (its value under alpha, its
   accepted rho, in lowest terms) bottom-up in one pass; the side records pass their checks
   once each (sideOKb).

   Proved sound against the model (checkTree3_sound, ours): accepted means RhoT (toC t) alpha V,
   toC t being the model's ctree (TreeStatements.node at every node, the symmetric families as
   the model's AND, OR, PARITY, MAJ, THR, SYM), V = rho_T = fbs_alpha(F_T). The proof hands
   every node to FORMAT.md's "Why the side checks imply V = rho_T" (ours): a symmetric node's
   version-1 record comes from nodeRes_good (Lemma M, TreeV3Check.v), another node's is the
   record pickRec checked; then tree_certificate (theorems/FbsTreeCert.v). The symmetry of a
   node's aggregator is proved here for each family of SymF (no hypothesis is left to the
   reader). Checked by coqc 8.16 (coq/check.sh); every Print Assumptions at the end must
   answer "Closed under the global context". *)

From Coq Require Import String QArith Qminmax Lqa List Lia Bool ZArith FMapPositive Permutation.
From FbsCoq Require Import FbsModel FbsTreeModel FbsTrees FbsTreeCert Families TreeStatements
  TreeCheck TreeV3Check.
Import ListNotations.
Open Scope Q_scope.

(* ---------------------------------------------------------------------------------------- *)
(* The trees the checker reads                                                               *)
(* ---------------------------------------------------------------------------------------- *)

(* The symmetric families (FORMAT.md section 6, "Aggregators"), as the model's Families. *)
Inductive SymF : Type :=
| GAnd (n : nat) | GOr (n : nat) | GPar (n : nat) | GMaj (n : nat) | GThr (n : nat) (t : Z)
| GSym (s : string).

Definition symFam (s : SymF) : Family :=
  match s with
  | GAnd n => AND n | GOr n => OR n | GPar n => PARITY n | GMaj n => MAJ n | GThr n t => THR n t
  | GSym s => SYM s
  end.

Lemma symFam_symmetric : forall s, Symmetric (eval (symFam s)).
Proof.
  intros [n | n | n | n | n t | s]; cbn [symFam];
    try (apply symmetric_AND || apply symmetric_OR || apply symmetric_PARITY ||
         apply symmetric_MAJ || apply symmetric_THR).
  intros x y HP. unfold SYM. cbn [eval]. rewrite (ones_perm x y HP). reflexivity.
Qed.

(* A node's aggregator: a symmetric family (side records) or any other (version-2 records). *)
Inductive Agg3 : Type := ASym (s : SymF) | AOther (f : Family).
Definition famOf (a : Agg3) : Family := match a with ASym s => symFam s | AOther f => f end.

Inductive t3 : Type := L3 | N3 (a : Agg3) (kids : list t3).

(* The model's tree: TreeStatements.node at every internal node (the statement printed names
   it in these words: node (MAJ 9) [...], CLeaf). *)
Fixpoint toC (t : t3) : ctree :=
  match t with L3 => CLeaf | N3 a kids => node (famOf a) (map toC kids) end.

(* Induction over t3 with a hypothesis for every child. *)
Fixpoint t3_ind' (P : t3 -> Prop) (HL : P L3) (HN : forall a kids, Forall P kids -> P (N3 a kids))
  (t : t3) : P t :=
  match t with
  | L3 => HL
  | N3 a kids => HN a kids ((fix g (l : list t3) : Forall P l :=
                              match l with
                              | [] => Forall_nil P
                              | x :: r => Forall_cons x (t3_ind' P HL HN x) (g r)
                              end) kids)
  end.

(* ---------------------------------------------------------------------------------------- *)
(* The checker                                                                               *)
(* ---------------------------------------------------------------------------------------- *)

(* Version-2 records in buckets by a hash of the multiset of their pairs (z_i, c_i), c_i in
   lowest terms (a hint only: pickRec checks every candidate at the node itself). *)
Definition pairHash (b : bool) (c : Q) : Z := hstep (if b then 1 else 2)%Z (Qred c).
Definition recHash (z : list bool) (cs : list Q) : positive :=
  Z.to_pos (1 + fold_left (fun h bc => Z.modulo (h + pairHash (fst bc) (snd bc)) hmod) (combine z cs) 0)%Z.
Definition RecMap := PositiveMap.t (list TRec).
Definition addRec (m : RecMap) (r : TRec) : RecMap :=
  let h := recHash (rz r) (rc r) in PositiveMap.add h (r :: bucket h m) m.
Definition buildRecs (rs : list TRec) : RecMap := fold_left addRec rs (PositiveMap.empty _).

Section Walk.
Variables (m : SideMap) (rm : RecMap).

(* A node with aggregator a whose children have the classes cs: its class, or None. *)
Definition nodeCls (a : Agg3) (cs : list cls) : option cls :=
  let f := famOf a in
  let q := arity f in
  if negb (Nat.eqb (length cs) q) then None else
  match a with
  | ASym _ => nodeRes q (tabOf (eval f) q) m (isortBy clsLe cs)
  | AOther _ =>
      let z := map fst cs in
      let c := map snd cs in
      match pickRec (eval f) q z c (bucket (recHash z c) rm) with
      | Some (v, _, _) => Some (eval f z, Qred v)
      | None => None
      end
  end.

(* The children's classes, child i read at sub alpha i. *)
Section Kids.
Variables (acc : t3 -> (path -> bool) -> option cls) (alpha : path -> bool).
Fixpoint kidsCls (ks : list t3) (i : nat) : option (list cls) :=
  match ks with
  | [] => Some []
  | k :: ks' =>
      match acc k (sub alpha i) with
      | Some c => match kidsCls ks' (S i) with Some cs => Some (c :: cs) | None => None end
      | None => None
      end
  end.
End Kids.

Fixpoint acc3 (t : t3) (alpha : path -> bool) : option cls :=
  match t with
  | L3 => Some (alpha [], 1)
  | N3 a kids => match kidsCls acc3 alpha kids O with Some cs => nodeCls a cs | None => None end
  end.
End Walk.

(* THE CHECKER: every side record passes its checks, every node has its side records (a
   symmetric node) or a version-2 record that passes at the node (any other), and the root's
   accepted value is V (1 if the root is a leaf). *)
Definition checkTree3 (t : t3) (alpha : path -> bool) (sides : list SideIn) (recs : list TRec)
  (V : Q) : bool :=
  let ss := fold_left (fun acc s => prepSide s :: acc) sides [] in
  forallb sideOKb ss &&
  match acc3 (buildSides ss) (buildRecs recs) t alpha with
  | Some (_, r) => Qeq_bool r V
  | None => false
  end.

(* ---------------------------------------------------------------------------------------- *)
(* Soundness                                                                                 *)
(* ---------------------------------------------------------------------------------------- *)

(* The class c of tree T at alpha is right: its bit is F_T's value, its rho is accepted by
   records that pass the per-node checks of theorems/FbsTreeCert.v. *)
Definition CorrectC (T : ctree) (a : path -> bool) (c : cls) : Prop :=
  F T a = fst c /\ 0 <= snd c /\
  exists rec prim, DualChecked T a rec /\ PrimalChecked T a rec prim /\ accepted T rec == snd c.

(* A node whose children's classes cs are right, and whose own class r is Good for cs. *)
Lemma assemble : forall phi q (kf : nat -> ctree) a cs r, Good phi q cs r ->
  (forall i, (i < q)%nat -> CorrectC (kf i) (sub a i) (nth i cs (false, 0))) -> CorrectC (CNode phi q kf) a r.
Proof.
  intros phi q kf a cs r [Hl [Hr [Hf [d [w HL]]]]] Hkids. unfold LocalChecked in HL. unfold cls in *.
  destruct HL as [[Hd1 Hd2] [Hval [Hw [Hload Hsum]]]].
  destruct (finite_choice (Records * Primals)%type (fun _ => (0, []), fun _ => [])
              (fun i rp => DualChecked (kf i) (sub a i) (fst rp) /\
                           PrimalChecked (kf i) (sub a i) (fst rp) (snd rp) /\
                           accepted (kf i) (fst rp) == snd (nth i cs (false, 0))) q)
    as [f Hfp].
  { intros i Hi. destruct (Hkids i Hi) as [_ [_ [rec [prim [A1 [A2 A3]]]]]]. exists (rec, prim). auto. }
  assert (Hz : map (fun i => F (kf i) (sub a i)) (seq 0 q) = map fst cs).
  { apply nth_ext with (d := false) (d' := false); [rewrite !map_length, seq_length; auto |].
    intros i Hi. rewrite map_length, seq_length in Hi. rewrite nth_map_seq by exact Hi.
    rewrite (nth_map' _ _ fst cs (false, 0) false i) by lia. apply (Hkids i Hi). }
  set (rec := fun p : path => match p with [] => (snd r, d) | i :: p' => fst (f i) p' end).
  set (prim := fun p : path => match p with [] => w | i :: p' => snd (f i) p' end).
  assert (Hacc : forall i, (i < q)%nat -> accepted (kf i) (sub rec i) == snd (nth i cs (false, 0))).
  { intros i Hi. exact (proj2 (proj2 (Hfp i Hi))). }
  split; [| split; [exact Hr |]].
  { cbn [F]. rewrite Hz, Hf. reflexivity. }
  exists rec, prim. split; [| split].
  - change (DualFeasible phi (map (fun i => F (kf i) (sub a i)) (seq 0 q)) d /\
            qsum q (fun i => accepted (kf i) (sub rec i) * nth i d 0) == snd r /\
            (forall i, (i < q)%nat -> DualChecked (kf i) (sub a i) (sub rec i))).
    rewrite Hz. split; [split; assumption |]. split.
    + rewrite <- Hval. apply qsum_ext. intros i Hi. rewrite Hacc by exact Hi. reflexivity.
    + intros i Hi. exact (proj1 (Hfp i Hi)).
  - change ((forall Jw, In Jw w -> 0 <= snd Jw /\
                Sensitive phi (map (fun i => F (kf i) (sub a i)) (seq 0 q)) (fst Jw)) /\
            (forall i, (i < q)%nat -> load w i <= accepted (kf i) (sub rec i)) /\
            qlsum (map snd w) == snd r /\
            (forall i, (i < q)%nat -> PrimalChecked (kf i) (sub a i) (sub rec i) (sub prim i))).
    rewrite Hz. split; [exact Hw |]. split; [| split; [exact Hsum |]].
    + intros i Hi. rewrite Hacc by exact Hi. apply Hload. exact Hi.
    + intros i Hi. exact (proj1 (proj2 (Hfp i Hi))).
  - reflexivity.
Qed.

Lemma kidsCls_nth : forall acc alpha ks i cs, kidsCls acc alpha ks i = Some cs ->
  length cs = length ks /\
  forall n, (n < length ks)%nat -> acc (nth n ks L3) (sub alpha (i + n)) = Some (nth n cs (false, 0)).
Proof.
  intros acc alpha ks. induction ks as [| k ks IH]; intros i cs H; simpl in H.
  - injection H as <-. split; [reflexivity | intros n Hn; simpl in Hn; lia].
  - destruct (acc k (sub alpha i)) as [c |] eqn:E1; [| discriminate].
    destruct (kidsCls acc alpha ks (S i)) as [cs' |] eqn:E2; [| discriminate].
    injection H as <-. destruct (IH (S i) cs' E2) as [L Hn]. split; [simpl; rewrite L; reflexivity |].
    intros [| n] Hn'; simpl; [rewrite Nat.add_0_r; exact E1 |].
    rewrite <- Nat.add_succ_comm. apply Hn. simpl in Hn'. lia.
Qed.

(* The record pickRec checked at a node is a Good class for it (values compared as numbers). *)
Lemma pick_good : forall phi q cs rs v d w, length cs = q ->
  pickRec phi q (map fst cs) (map snd cs) rs = Some (v, d, w) -> (forall c, In c cs -> 0 <= snd c) ->
  0 <= v -> Good phi q cs (phi (map fst cs), Qred v).
Proof.
  intros phi q cs rs v d w Hl Hp Hnn Hv.
  destruct (localb_sound _ _ _ _ _ _ _ (pickRec_local _ _ _ _ _ _ _ _ Hp)) as [Hw [Hload [Hsum [Hfeas Hval]]]].
  split; [exact Hl |]. split.
  { cbn [snd]. apply Qle_trans with v; [exact Hv |]. apply Qle_lteq. right. symmetry. apply Qred_correct. }
  split; [reflexivity |].
  exists d, w. cbn [snd]. unfold LocalChecked.
  assert (Hc : forall i, nth i (map snd cs) 0 = snd (nth i cs (false, 0))).
  { intros i. change 0 with (snd (false, 0)) at 1. apply map_nth. }
  cbn [fst snd]. split; [exact Hfeas |]. split; [| split; [exact Hw | split]].
  - apply Qeq_trans with v; [| symmetry; apply Qred_correct].
    rewrite <- Hval. apply qsum_ext. intros i Hi. rewrite Hc. reflexivity.
  - intros i Hi. rewrite <- Hc. apply Hload. exact Hi.
  - apply Qeq_trans with v; [exact Hsum | symmetry; apply Qred_correct].
Qed.

(* A version-2 record's value is >= 0 when its checks pass and the capacities are >= 0: the
   dual v >= 0 (dual-feasible includes it) and sum_i c_i v_i = value. *)
Lemma pick_nonneg : forall phi q cs rs v d w, length cs = q ->
  pickRec phi q (map fst cs) (map snd cs) rs = Some (v, d, w) -> (forall c, In c cs -> 0 <= snd c) -> 0 <= v.
Proof.
  intros phi q cs rs v d w Hl Hp Hnn.
  destruct (localb_sound _ _ _ _ _ _ _ (pickRec_local _ _ _ _ _ _ _ _ Hp)) as [_ [_ [_ [[Hd _] Hval]]]].
  rewrite <- Hval. apply qsum_nonneg. intros i Hi. apply Qmult_le_0_compat.
  - destruct (Nat.lt_ge_cases i (length cs)) as [Hi' | Hi'].
    + change 0 with (snd (false, 0)) at 2. rewrite map_nth. apply Hnn. apply nth_In. exact Hi'.
    + rewrite nth_overflow by (rewrite map_length; exact Hi'). lra.
  - apply Hd.
Qed.

Lemma acc3_sound : forall ss rs, forallb sideOKb ss = true ->
  forall t alpha c, acc3 (buildSides ss) rs t alpha = Some c -> CorrectC (toC t) alpha c.
Proof.
  intros ss rs Hss t. induction t as [| a kids IH] using t3_ind'; intros alpha c H.
  - simpl in H. injection H as <-. split; [reflexivity |]. split; [cbn [snd]; lra |].
    exists (fun _ => (0, [])), (fun _ => []). split; [exact I | split; [exact I | reflexivity]].
  - cbn [acc3] in H.
    destruct (kidsCls (acc3 (buildSides ss) rs) alpha kids O) as [cs |] eqn:Ek; [| discriminate].
    destruct (kidsCls_nth _ _ _ _ _ Ek) as [Hlen Hn].
    assert (Hkids : forall n, (n < length kids)%nat -> CorrectC (toC (nth n kids L3)) (sub alpha n) (nth n cs (false, 0))).
    { intros n Hn'. rewrite Forall_forall in IH. apply IH; [apply nth_In; exact Hn' |]. exact (Hn n Hn'). }
    assert (Hnn : forall x, In x cs -> 0 <= snd x).
    { intros x Hx. apply In_nth with (d := (false, 0)) in Hx as [n [Hn' <-]]. rewrite Hlen in Hn'.
      exact (proj1 (proj2 (Hkids n Hn'))). }
    unfold nodeCls in H. cbv zeta in H.
    destruct (Nat.eqb (length cs) (arity (famOf a))) eqn:Eq; [| discriminate]. apply Nat.eqb_eq in Eq. cbn [negb] in H.
    assert (Hgood : Good (eval (famOf a)) (arity (famOf a)) cs c).
    { destruct a as [s | g].
      - assert (Hs : Symmetric (eval (famOf (ASym s)))) by apply symFam_symmetric.
        apply (good_perm _ _ (isortBy clsLe cs) cs c Hs); [| apply isortBy_perm].
        assert (Hl' : length (isortBy clsLe cs) = arity (famOf (ASym s)))
          by (rewrite (Permutation_length (isortBy_perm clsLe cs)); exact Eq).
        assert (Hn' : forall x, In x (isortBy clsLe cs) -> 0 <= snd x)
          by (intros x Hx; apply Hnn; apply (Permutation_in _ (isortBy_perm clsLe cs)); exact Hx).
        exact (nodeRes_good _ _ _ ss _ c Hs (symBy_tabOf _ _ Hs) Hss Hl' Hn' H).
      - destruct (pickRec _ _ _ _ _) as [[[v d] w] |] eqn:Ep; [| discriminate]. injection H as <-.
        apply (pick_good _ _ _ _ _ d w Eq Ep Hnn). exact (pick_nonneg _ _ _ _ _ d w Eq Ep Hnn). }
    cbn [toC]. unfold node. apply (assemble _ _ _ _ cs c Hgood).
    intros i Hi. rewrite <- Eq, Hlen in Hi.
    rewrite (nth_indep _ CLeaf (toC L3)) by (rewrite map_length; exact Hi). rewrite map_nth.
    apply Hkids. exact Hi.
Qed.

(* THE REFLECTION LEMMA (ours): a version-3 certificate of the tree toC t, accepted by the
   checker, proves V = rho_T in the model's words: V is the minimum of the global dual LP of
   F_T at alpha (model/TreeStatements.v). *)
Theorem checkTree3_sound : forall t alpha sides recs V,
  checkTree3 t alpha sides recs V = true -> RhoT (toC t) alpha V.
Proof.
  intros t alpha sides recs V H. unfold checkTree3 in H. apply andb_prop in H as [Hss H].
  destruct (acc3 _ _ t alpha) as [[b r] |] eqn:Ea; [| discriminate]. apply Qeq_bool_iff in H.
  destruct (acc3_sound _ _ Hss t alpha (b, r) Ea) as [_ [_ [rec [prim [HD [HP Hacc]]]]]]. cbn [snd] in Hacc.
  destruct (tree_certificate _ _ _ _ HD HP) as [[Hfeas Hval] Hmin].
  split.
  - exists (productDual (toC t) rec). split; [exact Hfeas |]. rewrite Hval, Hacc. exact H.
  - intros u Hu. rewrite <- H, <- Hacc. exact (Hmin u Hu).
Qed.

(* With alpha read from the certificate's bits (one per leaf, depth-first order). *)
Corollary checkTree3_bits_sound : forall t bits sides recs V,
  checkTree3 t (alphaOf (toC t) bits) sides recs V = true -> RhoT (toC t) (alphaOf (toC t) bits) V.
Proof. intros t bits sides recs V H. exact (checkTree3_sound _ _ _ _ _ H). Qed.

(* ---------------------------------------------------------------------------------------- *)
(* alpha read in time linear in the tree: a tree of the bits, looked up along the path       *)
(* ---------------------------------------------------------------------------------------- *)

(* alphaOf T bits reads leaf p at p's position in `leaves T` (model/TreeStatements.v), a scan
   of the leaves per lookup. The checker reads the same bits through a tree of them shaped like
   T (abuild, one pass over the bits), looked up along the path (alook), and
   alook_alphaOf proves the two equal at every path. *)
Inductive atree : Type := ALeaf (b : bool) | ANode (ks : list atree).

Fixpoint alook (a : atree) (p : path) : bool :=
  match p, a with
  | [], ALeaf b => b
  | i :: p', ANode ks => alook (nth i ks (ANode [])) p'
  | _, _ => false
  end.

(* The tree of the bits of T's leaves, and the bits left over. *)
Section Go.
Variable f : nat -> list bool -> atree * list bool.
Fixpoint goB (is : list nat) (bs : list bool) : list atree * list bool :=
  match is with
  | [] => ([], bs)
  | i :: is' => let (a, bs1) := f i bs in let (as', bs2) := goB is' bs1 in (a :: as', bs2)
  end.
End Go.

Fixpoint abuild (T : ctree) (bits : list bool) : atree * list bool :=
  match T with
  | CLeaf => (ALeaf (hd false bits), tl bits)
  | CNode _ q kids => let (ks, rest) := goB (fun i => abuild (kids i)) (seq 0 q) bits in (ANode ks, rest)
  end.

Fixpoint nleaves (T : ctree) : nat :=
  match T with
  | CLeaf => 1
  | CNode _ q kids => fold_right (fun i acc => (nleaves (kids i) + acc)%nat) O (seq 0 q)
  end.

Lemma nleaves_length : forall T, nleaves T = length (leaves T).
Proof.
  induction T as [| phi q kids IH]; [reflexivity |]. cbn [nleaves leaves].
  induction (seq 0 q) as [| i is IHis]; [reflexivity |]. cbn [fold_right flat_map].
  rewrite app_length, map_length, IHis, IH. reflexivity.
Qed.

Lemma alook_default : forall p, alook (ANode []) p = false.
Proof. induction p as [| i p IH]; [reflexivity |]. cbn [alook]. destruct i; exact IH. Qed.

Lemma indexOf_le : forall x l, (indexOf x l <= length l)%nat.
Proof. intros x l. induction l as [| y l IH]; simpl; [lia |]. destruct (pathEqb x y); lia. Qed.

Lemma indexOf_app : forall x a b, indexOf x (a ++ b) =
  if Nat.ltb (indexOf x a) (length a) then indexOf x a else (length a + indexOf x b)%nat.
Proof.
  intros x a b. induction a as [| y a IH]; [reflexivity |]. cbn [app indexOf length].
  destruct (pathEqb x y); [reflexivity |]. rewrite IH.
  destruct (Nat.ltb (indexOf x a) (length a)) eqn:E.
  - assert (E' : Nat.ltb (S (indexOf x a)) (S (length a)) = true) by (apply Nat.ltb_lt; apply Nat.ltb_lt in E; lia).
    rewrite E'. reflexivity.
  - assert (E' : Nat.ltb (S (indexOf x a)) (S (length a)) = false) by (apply Nat.ltb_ge; apply Nat.ltb_ge in E; lia).
    rewrite E'. reflexivity.
Qed.

Lemma pathEqb_refl : forall p, pathEqb p p = true.
Proof. induction p as [| i p IH]; simpl; [reflexivity |]. rewrite Nat.eqb_refl. exact IH. Qed.

Lemma indexOf_cons_map : forall i p j l,
  indexOf (i :: p) (map (cons j) l) = if Nat.eqb i j then indexOf p l else length l.
Proof.
  intros i p j l. induction l as [| y l IH]; cbn [map indexOf pathEqb length].
  - destruct (Nat.eqb i j); reflexivity.
  - rewrite IH. destruct (Nat.eqb i j); cbn [andb]; [destruct (pathEqb p y) |]; reflexivity.
Qed.

Lemma indexOf_nil_map : forall j l, indexOf [] (map (cons j) l) = length l.
Proof. intros j l. induction l as [| y l IH]; simpl; [reflexivity | rewrite IH; reflexivity]. Qed.

(* The bits of the children, block by block. *)
Lemma flat_nth : forall (L : nat -> list path) (B : nat -> list bool) i p is,
  NoDup is -> (forall j, In j is -> length (B j) = length (L j)) ->
  nth (indexOf (i :: p) (flat_map (fun j => map (cons j) (L j)) is)) (flat_map B is) false =
  if existsb (Nat.eqb i) is then nth (indexOf p (L i)) (B i) false else false.
Proof.
  intros L B i p is. unfold path in *. induction is as [| j is IH]; intros Hnd HB.
  - reflexivity.
  - cbn [flat_map existsb]. rewrite indexOf_app, indexOf_cons_map, map_length.
    inversion Hnd as [| j' is' Hj Hnd']; subst.
    assert (HBj := HB j (or_introl eq_refl)).
    assert (HB' : forall k, In k is -> length (B k) = length (L k)) by (intros k Hk; apply HB; right; exact Hk).
    destruct (Nat.eqb i j) eqn:E.
    + apply Nat.eqb_eq in E. subst j. cbn [orb].
      destruct (_ <? _)%nat eqn:Elt.
      * apply Nat.ltb_lt in Elt. rewrite app_nth1 by (rewrite HBj; exact Elt). reflexivity.
      * apply Nat.ltb_ge in Elt.
        assert (Eq : indexOf p (L i) = length (L i)) by (pose proof (indexOf_le p (L i)); unfold path in *; lia).
        rewrite app_nth2 by (rewrite HBj; lia). rewrite HBj, Nat.add_comm, Nat.add_sub.
        rewrite (IH Hnd' HB').
        assert (Hn : existsb (Nat.eqb i) is = false).
        { apply Bool.not_true_iff_false. intros Hx. apply existsb_exists in Hx as [k [Hk Ek]].
          apply Nat.eqb_eq in Ek. subst k. contradiction. }
        rewrite Hn, Eq, nth_overflow by (rewrite HBj; lia). reflexivity.
    + cbn [orb]. destruct (_ <? _)%nat eqn:Elt; [apply Nat.ltb_lt in Elt; lia |]. rewrite app_nth2 by (rewrite HBj; lia).
      rewrite HBj, Nat.add_comm, Nat.add_sub. apply IH; assumption.
Qed.

Lemma flat_nil : forall (L : nat -> list path) is,
  indexOf [] (flat_map (fun j => map (cons j) (L j)) is) = length (flat_map (fun j => map (cons j) (L j)) is).
Proof.
  intros L is. induction is as [| j is IH]; [reflexivity |]. cbn [flat_map].
  rewrite indexOf_app, indexOf_nil_map, map_length, Nat.ltb_irrefl, IH, app_length, map_length. reflexivity.
Qed.

Lemma flat_length : forall (L : nat -> list path) is,
  length (flat_map (fun j => map (cons j) (L j)) is) = fold_right (fun j acc => (length (L j) + acc)%nat) O is.
Proof. intros L is. induction is as [| j is IH]; [reflexivity |]. cbn. rewrite app_length, map_length, IH. reflexivity. Qed.

Lemma flat_map_ext_in' : forall {A B : Type} (f g : A -> list B) l,
  (forall a, In a l -> f a = g a) -> flat_map f l = flat_map g l.
Proof.
  intros A B f g l. induction l as [| x l IH]; intros H; [reflexivity |]. cbn [flat_map].
  rewrite (H x (or_introl eq_refl)), IH; [reflexivity |]. intros a Ha. apply H. right. exact Ha.
Qed.

Lemma split_bits : forall (n : nat -> nat) is bits, NoDup is ->
  length bits = fold_right (fun j acc => (n j + acc)%nat) O is ->
  exists B : nat -> list bool, (forall j, In j is -> length (B j) = n j) /\ bits = flat_map B is.
Proof.
  intros n is. induction is as [| j is IH]; intros bits Hnd Hl.
  - exists (fun _ => []). destruct bits; [| simpl in Hl; lia]. split; [intros j [] | reflexivity].
  - inversion Hnd as [| j' is' Hj Hnd']; subst. cbn [fold_right] in Hl.
    destruct (IH (skipn (n j) bits) Hnd' ltac:(rewrite skipn_length; lia)) as [B [HB Hbits]].
    exists (fun i => if Nat.eqb i j then firstn (n j) bits else B i). split.
    + intros i [<- | Hi]; [rewrite Nat.eqb_refl, firstn_length; lia |].
      destruct (Nat.eqb i j) eqn:E; [apply Nat.eqb_eq in E; subst; contradiction | apply HB; exact Hi].
    + cbn [flat_map]. rewrite Nat.eqb_refl.
      assert (Hfl : flat_map (fun i => if Nat.eqb i j then firstn (n j) bits else B i) is = flat_map B is).
      { apply flat_map_ext_in'. intros i Hi. destruct (Nat.eqb i j) eqn:E; [| reflexivity].
        apply Nat.eqb_eq in E. subst. contradiction. }
      rewrite Hfl, <- Hbits. symmetry. apply firstn_skipn.
Qed.

Lemma goB_spec : forall f (n : nat -> nat) (P : nat -> list bool -> atree -> Prop) is B rest,
  (forall j, In j is -> length (B j) = n j) ->
  (forall j Bj r, In j is -> length Bj = n j -> snd (f j (Bj ++ r)) = r /\ P j Bj (fst (f j (Bj ++ r)))) ->
  snd (goB f is (flat_map B is ++ rest)) = rest /\ length (fst (goB f is (flat_map B is ++ rest))) = length is /\
  forall k, (k < length is)%nat -> P (nth k is O) (B (nth k is O)) (nth k (fst (goB f is (flat_map B is ++ rest))) (ANode [])).
Proof.
  intros f n P is. induction is as [| j is IH]; intros B rest HB Hf.
  - split; [reflexivity |]. split; [reflexivity | intros k Hk; simpl in Hk; lia].
  - cbn [flat_map]. rewrite <- app_assoc. cbn [goB].
    destruct (Hf j (B j) (flat_map B is ++ rest) (or_introl eq_refl) (HB j (or_introl eq_refl))) as [Hr HP].
    destruct (f j (B j ++ (flat_map B is ++ rest))) as [a bs1] eqn:E. cbn [fst snd] in Hr, HP. subst bs1.
    destruct (IH B rest (fun k Hk => HB k (or_intror Hk)) (fun k Bk r Hk => Hf k Bk r (or_intror Hk))) as [H1 [H2 H3]].
    destruct (goB f is (flat_map B is ++ rest)) as [as' bs2]. cbn [fst snd] in H1, H2, H3 |- *.
    split; [exact H1 |]. split; [cbn [length]; rewrite H2; reflexivity |].
    intros [| k] Hk; [exact HP |]. apply H3. simpl in Hk. lia.
Qed.

Lemma abuild_spec : forall T bits rest, length bits = length (leaves T) ->
  snd (abuild T (bits ++ rest)) = rest /\
  forall p, alook (fst (abuild T (bits ++ rest))) p = nth (indexOf p (leaves T)) bits false.
Proof.
  induction T as [| phi q kids IH]; intros bits rest Hl.
  - destruct bits as [| b [| b' bs]]; simpl in Hl; try lia. split; [reflexivity |].
    intros [| i p]; reflexivity.
  - cbn [leaves] in Hl |- *. rewrite flat_length in Hl.
    destruct (split_bits (fun j => length (leaves (kids j))) (seq 0 q) bits (seq_NoDup q 0) Hl) as [B [HB Hbits]].
    subst bits. cbn [abuild].
    destruct (goB_spec (fun i => abuild (kids i)) (fun j => length (leaves (kids j)))
                (fun j Bj a => forall p, alook a p = nth (indexOf p (leaves (kids j))) Bj false)
                (seq 0 q) B rest HB (fun j Bj r _ HBj => IH j Bj r HBj)) as [H1 [H2 H3]].
    destruct (goB _ (seq 0 q) (flat_map B (seq 0 q) ++ rest)) as [ks r]. cbn [fst snd] in H1, H2, H3 |- *.
    split; [exact H1 |]. rewrite seq_length in H2, H3.
    intros [| i p].
    + rewrite flat_nil. rewrite nth_overflow; [reflexivity |].
      pose proof (flat_length (fun j => leaves (kids j)) (seq 0 q)) as Hfl. cbn beta in Hfl. unfold path in *. lia.
    + cbn [alook]. rewrite (flat_nth (fun j => leaves (kids j)) B i p (seq 0 q) (seq_NoDup q 0) HB).
      destruct (Nat.lt_ge_cases i q) as [Hi | Hi].
      * assert (Hex : existsb (Nat.eqb i) (seq 0 q) = true)
          by (apply existsb_exists; exists i; split; [apply in_seq; lia | apply Nat.eqb_refl]).
        rewrite Hex. specialize (H3 i Hi). cbn beta in H3. rewrite seq_nth in H3 by exact Hi.
        cbn [Nat.add] in H3. exact (H3 p).
      * assert (Hex : existsb (Nat.eqb i) (seq 0 q) = false).
        { apply Bool.not_true_iff_false. intros Hx. apply existsb_exists in Hx as [k [Hk Ek]].
          apply Nat.eqb_eq in Ek. subst k. apply in_seq in Hk. lia. }
        rewrite Hex. rewrite nth_overflow by lia. apply alook_default.
Qed.

(* The tree of the bits reads what alphaOf reads, at every path. *)
Lemma alook_alphaOf : forall T bits, length bits = nleaves T ->
  forall p, alook (fst (abuild T bits)) p = alphaOf T bits p.
Proof.
  intros T bits Hl p. rewrite nleaves_length in Hl. unfold alphaOf.
  rewrite <- (app_nil_r bits) at 1. exact (proj2 (abuild_spec T bits [] Hl) p).
Qed.

(* THE CHECKER with alpha given as its bits: their number is T's leaves, and checkTree3 runs on
   the tree of them. *)
Definition checkTree3Bits (t : t3) (bits : list bool) (sides : list SideIn) (recs : list TRec)
  (V : Q) : bool :=
  let T := toC t in
  Nat.eqb (length bits) (nleaves T) && checkTree3 t (alook (fst (abuild T bits))) sides recs V.

(* THE REFLECTION LEMMA in the words of model/TreeStatements.v (ours): alpha is alphaOf T bits. *)
Theorem checkTree3Bits_sound : forall t bits sides recs V,
  checkTree3Bits t bits sides recs V = true -> RhoT (toC t) (alphaOf (toC t) bits) V.
Proof.
  intros t bits sides recs V H. unfold checkTree3Bits in H. apply andb_prop in H as [Hl H].
  apply Nat.eqb_eq in Hl. unfold checkTree3 in H. apply andb_prop in H as [Hss H].
  destruct (acc3 _ _ t _) as [[b r] |] eqn:Ea; [| discriminate]. apply Qeq_bool_iff in H.
  destruct (acc3_sound _ _ Hss t _ (b, r) Ea) as [_ [_ [rec [prim [HD [HP Hacc]]]]]]. cbn [snd] in Hacc.
  assert (E := alook_alphaOf (toC t) bits Hl).
  apply (DualChecked_ext _ _ _ _ E) in HD. apply (PrimalChecked_ext _ _ _ _ _ E) in HP.
  destruct (tree_certificate _ _ _ _ HD HP) as [[Hfeas Hval] Hmin].
  split.
  - exists (productDual (toC t) rec). split; [exact Hfeas |]. rewrite Hval, Hacc. exact H.
  - intros u Hu. rewrite <- H, <- Hacc. exact (Hmin u Hu).
Qed.

(* Examples: FORMAT.md's tiny example in version 3 (maj:3 over (and:2 of A, B), C, D at 1110:
   rho_T = 3, no version-2 record), refused with the value 4 or without the AND's side record;
   a mixed tree, tribes:2:2 (a version-2 record) under or:2 beside a leaf, at 1010 1: rho_T = 2. *)
Definition tinyT3 : t3 := N3 (ASym (GMaj 3)) [N3 (ASym (GAnd 2)) [L3; L3]; L3; L3].
Definition tinySides : list SideIn := [mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 1 [1; 2] 3 [1; 1]].
Example tiny_v3 : RhoT (toC tinyT3) (alphaOf (toC tinyT3) (bitsOf "1110")) 3.
Proof. apply (checkTree3_bits_sound _ _ tinySides []). vm_compute. reflexivity. Qed.
Example tiny_v3_rejects :
  [checkTree3 tinyT3 (alphaOf (toC tinyT3) (bitsOf "1110")) tinySides [] 4;
   checkTree3 tinyT3 (alphaOf (toC tinyT3) (bitsOf "1110")) [mkSideIn 1 [1; 2] 3 [1; 1]] [] 3;
   checkTree3 tinyT3 (alphaOf (toC tinyT3) (bitsOf "1110")) [mkSideIn 1 [1; 1] 2 [1; 1]; mkSideIn 1 [1; 2] 3 [1#2; 1]] [] 3]
  = [false; false; false].
Proof. vm_compute. reflexivity. Qed.

Example tiny_v3_bits : RhoT (toC tinyT3) (alphaOf (toC tinyT3) (bitsOf "1110")) 3.
Proof. apply (checkTree3Bits_sound _ _ tinySides []). vm_compute. reflexivity. Qed.
Example tiny_v3_bits_rejects : map (fun b => checkTree3Bits tinyT3 (bitsOf b) tinySides [] 3) ["1110"; "111"; "11100"; "1111"]%string
  = [true; false; false; false].
Proof. vm_compute. reflexivity. Qed.

Definition mixedT3 : t3 := N3 (ASym (GOr 2)) [N3 (AOther (TRIBES 2 2)) [L3; L3; L3; L3]; L3].
(* tribes:2:2 at 1010 is 0; flipping bit 1 or bit 3 alone makes it 1: the version-2 record has
   the blocks {1}, {3} (weight 1 each) and the dual (0, 1, 0, 1), value 2. or:2 at (0, 1) has
   the ones side (need 1, capacities 1), value 1: rho_T = 1. *)
Definition mixedRec : TRec := mkRec (bitsOf "1010") [1; 1; 1; 1] 2
  [(bitsOf "0100", 1); (bitsOf "0001", 1)] [0; 1; 0; 1].
Example mixed_v3 : RhoT (toC mixedT3) (alphaOf (toC mixedT3) (bitsOf "10101")) 1.
Proof. apply (checkTree3_bits_sound _ _ [mkSideIn 1 [1] 1 [1]] [mixedRec]). vm_compute. reflexivity. Qed.

(* ---------------------------------------------------------------------------------------- *)
(* Producer cross-checks, outside the soundness: which records the nodes use                 *)
(* ---------------------------------------------------------------------------------------- *)

(* The stdlib checker also refuses a side record or a record that no node uses, and compares
   a side record's `uses` (a record's `nodes`) with the number of node sides (nodes) using it
   (FORMAT.md section 6). Soundness does not need these counts (checkTree3_sound holds
   whatever they are); the program (coq/native/kind_tree3.ml) counts them with nodeSides,
   which is not proved, to give the stdlib checker's verdict on such files. *)

(* The sides (need, capacities sorted) of a symmetric node whose children have the sorted
   classes k. *)
Definition nodeSides (q : nat) (tab : list bool) (k : list cls) : list (nat * list Q) :=
  let w := ones (map fst k) in
  (match dDown tab w with Some d => [(d, map snd (filter fst k))] | None => [] end) ++
  (match dUp tab q w with Some d => [(d, map snd (filter (fun c => negb (fst c)) k))] | None => [] end).

Print Assumptions symFam_symmetric.
Print Assumptions assemble.
Print Assumptions acc3_sound.
Print Assumptions checkTree3_sound.
Print Assumptions checkTree3_bits_sound.
Print Assumptions alook_alphaOf.
Print Assumptions checkTree3Bits_sound.
Print Assumptions tiny_v3.
Print Assumptions tiny_v3_bits.
Print Assumptions mixed_v3.
