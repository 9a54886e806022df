(* Extract.v -- the proved checkers as one OCaml module, Checkers (checkers.ml/.mli), for the
   native program `fbs-proved` (coq/native/README.md, docs/formal.md section "The proved
   program"). Every function the program calls is listed below; each is the checker whose
   reflection lemma is named beside it, or a definition of the model a statement names (the
   families of model/Families.v, the trees of model/TreeStatements.v).

   Only the standard extraction libraries are used: ExtrOcamlBasic (bool, list, prod, option
   as OCaml's own), ExtrOcamlZBigInt (Z, N, positive as Zarith's Big_int_Z) and
   ExtrOcamlString (string as OCaml's), and four `Extract Constant`s of ours (issue 38, below):
   Z.land, Z.lor, Z.ldiff and Z.testbit as Zarith's logand, logor, logand-lognot and testbit.
   No other function a proof relies on is given an `Extract Constant` of ours. Adding a kind:
   one line in the Extraction command below. *)

From FbsCoq Require Import FbsModel FbsTrees FbsTreeModel FbsTreeCert Families TreeStatements
  ExhaustiveCheck TreeCheck TreeV3Check TreeV3General SymmetricCheck MeasureCheck GlobalMeasureCheck
  CensusClassesCheck WeightedStatements WeightedCheck ThresholdCheck CensusShardCheck.
From Coq Require Import String ZArith NArith QArith List Lia Bool.
Import ListNotations.
Require Extraction.
Require Import ExtrOcamlBasic ExtrOcamlZBigInt ExtrOcamlString.
Extraction Language OCaml.

(* Z's bitwise operations as Zarith's (ours; docs/formal.md section 19 lists them in the trusted
   base): Coq's own definitions recurse over the binary digits with a division per digit in the
   extracted program, where Zarith does one machine operation a word. Zarith's logand, logor,
   lognot and testbit are two's-complement operations on Z, as Coq's Z.land, Z.lor, Z.ldiff and
   Z.testbit are; testbit at a negative position is false in Coq (and raises in Zarith: guarded),
   and at a position beyond OCaml's int it is the sign. The bit tables of census-shard
   (checkers/CensusShardCheck.v) and census-classes' upFun (checkers/CensusClassesCheck.v) are
   the users. *)
Extract Constant Z.land => "(fun a b -> Z.logand a b)".
Extract Constant Z.lor => "(fun a b -> Z.logor a b)".
Extract Constant Z.ldiff => "(fun a b -> Z.logand a (Z.lognot b))".
Extract Constant Z.testbit => "(fun a n -> if Z.sign n < 0 then false else if Z.numbits n > 30 then Z.sign a < 0 else Z.testbit a (Z.to_int n))".

(* Kind exhaustive with a truth table (ours): ttFun reads position bitsIndex x of the table, 2^q
   steps in unary; ttFast reads the same bit from a complete binary tree of the table in q
   steps. checkExhaustiveTable runs checkExhaustive on ttFast, and its lemma states the
   result for ttFun itself (the two agree on every input of length q, and FbsValue only reads
   f there). Checked whenever this file compiles (the build requires every Print Assumptions
   below to be closed). *)
Inductive btab : Type := BLeaf (b : bool) | BNode (l r : btab).

Fixpoint buildTab (q : nat) (t : list bool) : btab :=
  match q with
  | O => BLeaf (nth 0 t false)
  | S q' => BNode (buildTab q' (firstn (2 ^ q') t)) (buildTab q' (skipn (2 ^ q') t))
  end.

Fixpoint lookTab (T : btab) (x : list bool) : bool :=
  match T, x with
  | BLeaf b, _ => b
  | BNode l r, b :: x' => lookTab (if b then r else l) x'
  | BNode l _, [] => lookTab l []
  end.

Definition ttFast (q : nat) (t : list bool) : Agg := let T := buildTab q t in fun x => lookTab T x.

(* bitsIndex_shift, bitsIndex_below, nth_firstn_below, nth_skipn_plus: checkers/GlobalMeasureCheck.v *)
Lemma lookTab_build : forall x t, lookTab (buildTab (length x) t) x = nth (bitsIndex 0 x) t false.
Proof.
  induction x as [| b x IH]; intros t; [reflexivity |].
  change (bitsIndex 0 (b :: x)) with (bitsIndex (2 * 0 + (if b then 1 else 0))%nat x).
  rewrite bitsIndex_shift. change (length (b :: x)) with (S (length x)).
  cbn [buildTab lookTab]. destruct b; simpl.
  - rewrite IH, nth_skipn_plus. f_equal. lia.
  - rewrite IH, nth_firstn_below by apply bitsIndex_below. reflexivity.
Qed.

Lemma ttFast_ttFun : forall q t x, length x = q -> ttFast q t x = ttFun t x.
Proof. intros q t x <-. unfold ttFast, ttFun. apply lookTab_build. Qed.

Lemma flip_length : forall z B, length (flip z B) = length z.
Proof. intros. unfold flip. rewrite map_length, seq_length. reflexivity. Qed.

Lemma sensitive_ext : forall f g z B, (forall x, length x = length z -> f x = g x) ->
  Sensitive f z B <-> Sensitive g z B.
Proof.
  intros f g z B H. unfold Sensitive.
  rewrite (H (flip z B)) by apply flip_length. rewrite (H z) by reflexivity. tauto.
Qed.

Lemma fbsValue_ext : forall f g z v, (forall x, length x = length z -> f x = g x) ->
  FbsValue f z v -> FbsValue g z v.
Proof.
  intros f g z v H.
  assert (HS : forall B, Sensitive f z B <-> Sensitive g z B) by (intros; apply sensitive_ext; exact H).
  assert (HP : forall ws, PrimalFeasible f z ws <-> PrimalFeasible g z ws).
  { intros ws. unfold PrimalFeasible. split; intros [A B]; split; auto; intros Jw HJ;
      destruct (A Jw HJ) as (? & ? & S); repeat split; auto; apply HS; exact S. }
  assert (HD : forall t, DualFeasible f z t <-> DualFeasible g z t).
  { intros t. unfold DualFeasible. split; intros [A B]; split; auto; intros B0 S;
      apply B; apply HS; exact S. }
  unfold FbsValue, PackingOptimum, DualOptimum.
  intros [[[ws [Hw Ev]] Hmax] [[t [Ht Et]] Hmin]]. repeat split.
  - exists ws. split; [apply HP |]; assumption.
  - intros ws' Hw'. apply Hmax, HP, Hw'.
  - exists t. split; [apply HD |]; assumption.
  - intros t' Ht'. apply Hmin, HD, Ht'.
Qed.

Definition checkExhaustiveTable (tt z : list bool) (ws : list (list bool * Q)) (t : list Q) (v : Q) : bool :=
  checkExhaustiveFast (ttFast (length z) tt) z ws t v.

Theorem checkExhaustiveTable_sound : forall tt z ws t v,
  checkExhaustiveTable tt z ws t v = true -> FbsValue (ttFun tt) z v.
Proof.
  intros tt z ws t v H. apply (fbsValue_ext (ttFast (length z) tt)).
  - intros x Hx. apply ttFast_ttFun. exact Hx.
  - apply (checkExhaustiveFast_sound _ _ ws t). exact H.
Qed.

(* Kind symmetric: the values V(k) of each symmetric family, so that symFun V, the function
   checkSymmetric_sound speaks of, IS the family's function eval F of model/Families.v (by
   conversion, checked below whenever this file compiles). *)
Definition andV (n : nat) : nat -> bool := fun k => Nat.eqb k n.
Definition orV : nat -> bool := fun k => Nat.ltb 0 k.
Definition parityV : nat -> bool := fun k => Nat.odd k.
Definition majV (n : nat) : nat -> bool := fun k => Nat.ltb n (2 * k).
Definition thrV (T : Z) : nat -> bool := fun k => Z.leb T (Z.of_nat k).
Definition symV (values : list bool) : nat -> bool := fun k => nth k values false.

Lemma andV_is_AND : forall n, symFun (andV n) = eval (AND n). Proof. reflexivity. Qed.
Lemma orV_is_OR : forall n, symFun orV = eval (OR n). Proof. reflexivity. Qed.
Lemma parityV_is_PARITY : forall n, symFun parityV = eval (PARITY n). Proof. reflexivity. Qed.
Lemma majV_is_MAJ : forall n, symFun (majV n) = eval (MAJ n). Proof. reflexivity. Qed.
Lemma thrV_is_THR : forall n T, symFun (thrV T) = eval (THR n T). Proof. reflexivity. Qed.
Lemma symV_is_SYM : forall s, symFun (symV (bitsOf s)) = eval (SYM s). Proof. reflexivity. Qed.

(* The statements the program prints name a Family (model/Families.v: FbsIs F z v,
   SensitivityOf F z k, ...), which hold only at inputs of F's arity: each checker below checks
   the arity by computation, then runs the checker of its kind on eval F (ours). *)
Definition arityOK (F : Family) (z : list bool) : bool := Nat.eqb (length z) (arity F).

Lemma arityOK_sound : forall F z, arityOK F z = true -> InputOf F z.
Proof. intros F z H. apply inputOf_check. exact H. Qed.

(* Both run checkExhaustiveFast (the walk over the 2^q inputs, issue 37; ExhaustiveCheck.v). *)
Definition checkExhaustiveFamily (F : Family) z ws t v : bool :=
  arityOK F z && checkExhaustiveFast (eval F) z ws t v.
Theorem checkExhaustiveFamily_sound : forall F z ws t v,
  checkExhaustiveFamily F z ws t v = true -> FbsIs F z v.
Proof.
  intros F z ws t v H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha | exact (checkExhaustiveFast_sound _ _ _ _ _ H)].
Qed.

(* A truth table TT s, read in q steps (checkExhaustiveTable). *)
Definition checkExhaustiveTT (s : String.string) z ws t v : bool :=
  arityOK (TT s) z && checkExhaustiveTable (bitsOf s) z ws t v.
Theorem checkExhaustiveTT_sound : forall s z ws t v,
  checkExhaustiveTT s z ws t v = true -> FbsIs (TT s) z v.
Proof.
  intros s z ws t v H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha | exact (checkExhaustiveTable_sound _ _ _ _ _ H)].
Qed.

(* The symmetric families the program reads, each with its values V. *)
Inductive symFamily : Type :=
  SAnd (n : nat) | SOr (n : nat) | SParity (n : nat) | SMaj (n : nat) | SThr (n : nat) (T : Z)
| SSym (s : String.string).

Definition symF (k : symFamily) : Family :=
  match k with
  | SAnd n => AND n | SOr n => OR n | SParity n => PARITY n | SMaj n => MAJ n
  | SThr n T => THR n T | SSym s => SYM s
  end.
Definition symVals (k : symFamily) : nat -> bool :=
  match k with
  | SAnd n => andV n | SOr _ => orV | SParity _ => parityV | SMaj n => majV n
  | SThr _ T => thrV T | SSym s => symV (bitsOf s)
  end.
Lemma symVals_is_family : forall k, symFun (symVals k) = eval (symF k).
Proof. destruct k; reflexivity. Qed.

Definition checkSymmetricFamily (k : symFamily) z prim t1 t0 v : bool :=
  arityOK (symF k) z && checkSymmetric (symVals k) z prim t1 t0 v.
Theorem checkSymmetricFamily_sound : forall k z prim t1 t0 v,
  checkSymmetricFamily k z prim t1 t0 v = true -> FbsIs (symF k) z v.
Proof.
  intros k z prim t1 t0 v H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha |].
  rewrite <- symVals_is_family. exact (checkSymmetric_sound _ _ _ _ _ _ H).
Qed.

(* Kind symmetric at any arity (ours, issue 37): the family's arity in N, the input as runs
   (expandRuns), V in one of the shapes of checkers/SymmetricCheck.v (a step, a majority
   step, parity, a table), checked by checkSymmetricRuns, whose lemma
   checkSymmetricRuns_sound states FbsValue for symFun (shapeNat sh); the shape agrees with
   the family's own function on every input of its arity (symShape_agrees), so the lemma
   concludes FbsIs (symFN k) (expandRuns r) v. No unary number is built at run time. *)
Inductive symFamilyN : Type :=
  NAnd (n : N) | NOr (n : N) | NParity (n : N) | NMaj (n : N) | NThr (n : N) (T : Z)
| NSym (s : String.string).

Definition symFN (k : symFamilyN) : Family :=
  match k with
  | NAnd n => AND (N.to_nat n) | NOr n => OR (N.to_nat n) | NParity n => PARITY (N.to_nat n)
  | NMaj n => MAJ (N.to_nat n) | NThr n T => THR (N.to_nat n) T | NSym s => SYM s
  end.
Definition symShapeOf (k : symFamilyN) : symShape :=
  match k with
  | NAnd n => VStep (Z.of_N n) | NOr _ => VStep 1%Z | NParity _ => VOdd | NMaj n => VMaj n
  | NThr _ T => VStep T | NSym s => VTable s
  end.
Definition arityN (k : symFamilyN) : N :=
  match k with
  | NAnd n | NOr n | NParity n | NMaj n | NThr n _ => n
  | NSym s => (lenN s 0 - 1)%N
  end.

Lemma lenN_length : forall s acc, lenN s acc = (acc + N.of_nat (String.length s))%N.
Proof.
  induction s as [| c s IH]; intros acc; cbn [lenN String.length]; [lia |].
  rewrite IH. lia.
Qed.

Lemma arityN_ok : forall k, N.to_nat (arityN k) = arity (symFN k).
Proof.
  destruct k; cbn [arityN symFN arity AND OR PARITY MAJ THR SYM]; try reflexivity.
  rewrite lenN_length. lia.
Qed.

Lemma tableAt_bitsOf : forall s m, tableAt s (N.of_nat m) = nth m (bitsOf s) false.
Proof.
  induction s as [| c s IH]; intros m; [destruct m; reflexivity |].
  destruct m as [| m]; [reflexivity |].
  rewrite Nat2N.inj_succ, tableAt_succ, IH. reflexivity.
Qed.

Lemma odd_of_nat : forall m, N.odd (N.of_nat m) = Nat.odd m.
Proof.
  induction m as [| m IH]; [reflexivity |].
  rewrite Nat2N.inj_succ, N.odd_succ, Nat.odd_succ, <- N.negb_odd, <- Nat.negb_odd, IH.
  reflexivity.
Qed.

Lemma symShape_agrees : forall k x, (ones x <= N.to_nat (arityN k))%nat ->
  symFun (shapeNat (symShapeOf k)) x = eval (symFN k) x.
Proof.
  intros k x Hx. unfold symFun, shapeNat. set (m := ones x) in *.
  destruct k as [n | n | n | n | n T | s]; cbn [symShapeOf shapeV symFN eval arityN
    AND OR PARITY MAJ THR SYM] in *; unfold andAgg, orAgg, parityAgg, majAgg, thrAgg; fold m.
  - destruct (Z.leb_spec (Z.of_N n) (Z.of_N (N.of_nat m))), (Nat.eqb_spec m (N.to_nat n)); lia.
  - destruct (Z.leb_spec 1 (Z.of_N (N.of_nat m))), (Nat.ltb_spec 0 m); lia.
  - apply odd_of_nat.
  - destruct (N.ltb_spec n (2 * N.of_nat m)), (Nat.ltb_spec (N.to_nat n) (2 * m)); lia.
  - rewrite nat_N_Z. reflexivity.
  - apply tableAt_bitsOf.
Qed.

Definition checkSymmetricRunsFamily (k : symFamilyN) (r : list (bool * N)) prim t1 t0 v : bool :=
  N.eqb (runsLen r) (arityN k) && checkSymmetricRuns (symShapeOf k) r prim t1 t0 v.

Theorem checkSymmetricRunsFamily_sound : forall k r prim t1 t0 v,
  checkSymmetricRunsFamily k r prim t1 t0 v = true -> FbsIs (symFN k) (expandRuns r) v.
Proof.
  intros k r prim t1 t0 v H. apply andb_prop in H as [Ha H]. apply N.eqb_eq in Ha.
  assert (Hlen : length (expandRuns r) = arity (symFN k))
    by (rewrite length_expandRuns, Ha; apply arityN_ok).
  split; [exact Hlen |].
  apply (fbsValue_ext (symFun (shapeNat (symShapeOf k)))); [| exact (checkSymmetricRuns_sound _ _ _ _ _ _ H)].
  intros x Hx. apply symShape_agrees. rewrite arityN_ok, <- Hlen, <- Hx. apply ones_le.
Qed.

(* FORMAT.md section 5's example, maj:99 at 1^50,0^49, for the family's own definition. *)
Example maj99_runs_family : FbsIs (MAJ 99) (expandRuns [(true, 50%N); (false, 49%N)]) 50.
Proof.
  apply (checkSymmetricRunsFamily_sound (NMaj 99) _ [(1%N, 0%N, 50)] 1 0). vm_compute. reflexivity.
Qed.

(* Kind measure: s, bs and C of F at an input of its arity. *)
Definition checkSFamily (F : Family) z w k : bool := arityOK F z && checkS (eval F) z w k.
(* bs through the table (checkBSFast, ours, issue 37; checkers/MeasureCheck.v). *)
Definition checkBSFamily (F : Family) z w k : bool := arityOK F z && checkBSFast (eval F) z w k.
Definition checkCFamily (F : Family) z H k : bool := arityOK F z && checkC (eval F) z H k.
Theorem checkSFamily_sound : forall F z w k, checkSFamily F z w k = true -> SensitivityOf F z k.
Proof.
  intros F z w k H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha | exact (checkS_sound _ _ _ _ H)].
Qed.
Theorem checkBSFamily_sound : forall F z w k, checkBSFamily F z w k = true -> BlockSensitivityOf F z k.
Proof.
  intros F z w k H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha | exact (checkBSFast_sound _ _ _ _ H)].
Qed.
Theorem checkCFamily_sound : forall F z w k, checkCFamily F z w k = true -> CertificateComplexityOf F z k.
Proof.
  intros F z w k H. apply andb_prop in H as [Ha H].
  split; [apply arityOK_sound; exact Ha | exact (checkC_sound _ _ _ _ H)].
Qed.

(* The arity check at work: maj:5's certificate at a 4-bit input is refused. *)
Example arity_refused : checkSFamily (MAJ 5) (bitsOf "0011"%string) [2; 3]%nat 2%nat = false.
Proof. vm_compute. reflexivity. Qed.

(* Kind weighted: the weighted LP of F at an input of its arity (ours), through
   checkWeighted_sound (checkers/WeightedCheck.v); a truth table TT s is read in q steps
   (ttFast, as checkExhaustiveTable), weightedValue_ext carrying the statement to ttFun. *)
Definition checkWeightedFamily (F : Family) z c w d v : bool :=
  arityOK F z && checkWeighted (eval F) z c w d v.
Theorem checkWeightedFamily_sound : forall F z c w d v,
  checkWeightedFamily F z c w d v = true -> WeightedFbsIs F z c v.
Proof.
  intros F z c w d v H. apply andb_prop in H as [Ha H].
  destruct (checkWeighted_sound _ _ _ _ _ _ H) as [Hc Hv].
  split; [apply arityOK_sound; exact Ha | split; [exact Hc | exact Hv]].
Qed.

Definition checkWeightedTT (s : String.string) z c w d v : bool :=
  arityOK (TT s) z && checkWeighted (ttFast (length z) (bitsOf s)) z c w d v.
Theorem checkWeightedTT_sound : forall s z c w d v,
  checkWeightedTT s z c w d v = true -> WeightedFbsIs (TT s) z c v.
Proof.
  intros s z c w d v H. apply andb_prop in H as [Ha H].
  destruct (checkWeighted_sound _ _ _ _ _ _ H) as [Hc Hv].
  split; [apply arityOK_sound; exact Ha | split; [exact Hc |]].
  apply (weightedValue_ext (ttFast (length z) (bitsOf s))); [| exact Hv].
  intros x Hx. apply ttFast_ttFun. exact Hx.
Qed.

Extraction "checkers.ml"
  (* the functions the statements name: model/Families.v, model/TreeStatements.v *)
  bitsOf ttFun AND OR PARITY MAJ THR TRIBES TT SYM eval arity
  uniform over node alphaOf
  (* kind exhaustive: checkExhaustiveFamily_sound and checkExhaustiveTT_sound (above, over
     checkExhaustive_sound of checkers/ExhaustiveCheck.v) *)
  checkExhaustiveFamily checkExhaustiveTT
  (* kind tree, versions 1 and 2: checkTree_sound (checkers/TreeCheck.v) *)
  mkRec checkTree
  (* kind tree, version 3: checkTreeV3_family_sound (checkers/TreeV3Check.v) *)
  mkSideIn checkTreeV3
  (* kind tree, version 3, every tree form: checkTree3Bits_sound (checkers/TreeV3General.v) *)
  toC symFam famOf checkTree3 checkTree3Bits nodeSides tabOf nodeRes isortBy clsLe canonCls prepSide buildSides
  (* kind symmetric: checkSymmetricFamily_sound (above, over checkSymmetric_sound of
     checkers/SymmetricCheck.v) *)
  checkSymmetricFamily
  (* kind symmetric at any arity: checkSymmetricRunsFamily_sound (above, over
     checkSymmetricRuns_sound of checkers/SymmetricCheck.v) *)
  checkSymmetricRunsFamily symFN
  (* kind measure: checkSFamily_sound, checkBSFamily_sound, checkCFamily_sound (above, over
     checkers/MeasureCheck.v) *)
  checkSFamily checkBSFamily checkCFamily
  (* kind global-measure: checkGlobalMeasure_sound (checkers/GlobalMeasureCheck.v), run on
     eval F and arity F; checkGlobalTT_sound for a truth table's text (TT s) *)
  checkGlobalMeasure checkGlobalTT
  (* kind census-classes: checkCensusClasses_sound (checkers/CensusClassesCheck.v) *)
  checkCensusClasses
  (* kind weighted: checkWeightedFamily_sound, checkWeightedTT_sound (above, over
     checkWeighted_sound of checkers/WeightedCheck.v) *)
  checkWeightedFamily checkWeightedTT
  (* kind threshold: checkThresholdFamily_sound (checkers/ThresholdCheck.v); WTHR names the
     function (model/Families.v) *)
  WTHR checkThresholdFamily

  (* kind census-shard: checkShardWith_sound (checkers/CensusShardCheck.v), run with ctxOf q *)
  checkShardWith ctxOf.

Print Assumptions checkExhaustiveTable_sound.
Print Assumptions checkExhaustiveFamily_sound.
Print Assumptions checkExhaustiveTT_sound.
Print Assumptions checkSymmetricFamily_sound.
Print Assumptions checkSymmetricRunsFamily_sound.
Print Assumptions symShape_agrees.
Print Assumptions checkSFamily_sound.
Print Assumptions checkBSFamily_sound.
Print Assumptions checkCFamily_sound.
Print Assumptions andV_is_AND.
Print Assumptions majV_is_MAJ.
Print Assumptions thrV_is_THR.
Print Assumptions symV_is_SYM.
Print Assumptions checkWeightedFamily_sound.
Print Assumptions checkWeightedTT_sound.
Print Assumptions checkThresholdFamily_sound.
(* The soundness lemmas of the checkers the program runs directly (their files' own Print
   Assumptions are checked by coq/check.sh; these lines make the program's build check them too,
   so a local build with an admitted lemma fails). *)
Print Assumptions checkTree_sound.
Print Assumptions checkTreeV3_family_sound.
Print Assumptions checkTree3Bits_sound.
Print Assumptions checkGlobalMeasure_sound.
Print Assumptions checkGlobalTT_sound.
Print Assumptions checkCensusClasses_sound.
Print Assumptions checkShard_sound.
Print Assumptions checkShardWith_sound.
