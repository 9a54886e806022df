(* Families.v -- the functions that exported certificates (coq/certificates/) name, the part a
   reader must trust to recognise a statement: a truth table written as a string of 0/1
   characters, and the named families of the spec grammar (certificates/FORMAT.md section 3).
   The bits of an input x are x_1 .. x_q in list order. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import ZArith QArith List Bool String Ascii.
From FbsCoq Require Import FbsModel Measures.
Import ListNotations.

(* A bit string: "0" is false, every other character ("1") true; "0110" is [false; true;
   true; false]. Inputs, blocks and truth tables are written this way. *)
Fixpoint bitsOf (s : string) : list bool :=
  match s with
  | EmptyString => []
  | String c rest => negb (Ascii.eqb c "0"%char) :: bitsOf rest
  end.

(* Position j of a truth table holds f(x) where x_1 .. x_q is j in binary, x_1 the most
   significant bit (FORMAT.md section 1). *)
Fixpoint bitsIndex (acc : nat) (x : list bool) : nat :=
  match x with [] => acc | b :: r => bitsIndex (2 * acc + (if b then 1 else 0)) r end.
Definition ttFun (tt : list bool) : Agg := fun x => nth (bitsIndex 0 x) tt false.

(* |x|, the number of ones. *)
Definition ones (x : list bool) : nat := List.length (filter (fun b => b) x).

(* The named families' functions, each meant for q = n bits: and:n, or:n, parity:n, maj:n
   (|x| > n/2, strict), thr:n:T (|x| >= T) and tribes:W:S (some group of W consecutive bits is
   all ones, S groups). As aggregators (`Agg`) they read any list; the statements name them
   through the `Family` values below, which carry the arity. *)
Definition andAgg (n : nat) : Agg := fun x => Nat.eqb (ones x) n.
Definition orAgg (n : nat) : Agg := fun x => Nat.ltb 0 (ones x).
Definition parityAgg (n : nat) : Agg := fun x => Nat.odd (ones x).
Definition majAgg (n : nat) : Agg := fun x => Nat.ltb n (2 * ones x).
Definition thrAgg (n : nat) (T : Z) : Agg := fun x => Z.leb T (Z.of_nat (ones x)).
Definition tribesAgg (W S : nat) : Agg :=
  fun x => existsb (fun g => forallb (fun j => nth (g * W + j) x false) (seq 0 W)) (seq 0 S).

(* A function of the spec grammar with its arity q: what an exported statement names. The
   statements below (FbsIs, SensitivityOf, ...) hold only at inputs of exactly q bits, so
   `FbsIs (AND 7) (bitsOf "11111") v` is false for every v (issue 40). *)
Record Family := family { arity : nat; eval : Agg }.

Definition AND (n : nat) : Family := family n (andAgg n).
Definition OR (n : nat) : Family := family n (orAgg n).
Definition PARITY (n : nat) : Family := family n (parityAgg n).
Definition MAJ (n : nat) : Family := family n (majAgg n).
Definition THR (n : nat) (T : Z) : Family := family n (thrAgg n T).
Definition TRIBES (W S : nat) : Family := family (W * S) (tribesAgg W S).
(* A truth table of 2^q characters (FORMAT.md section 1): arity log2 of its length. *)
Definition TT (s : string) : Family :=
  family (Nat.log2 (String.length s)) (ttFun (bitsOf s)).
(* sym:V0...VN: f(x) = V_{|x|}, arity N. *)
Definition SYM (s : string) : Family :=
  family (String.length s - 1) (fun x => nth (ones x) (bitsOf s) false).

(* wthr:W1,...,WN:T (certificates/FORMAT.md section 8): f(x) = [sum_i W_i x_i >= T], arity N.
   wsum ws x = sum_i W_i x_i over the first min(N, |x|) positions. *)
Fixpoint wsum (ws : list Z) (x : list bool) : Z :=
  match ws, x with
  | w :: ws', b :: x' => ((if b then w else 0) + wsum ws' x')%Z
  | _, _ => 0%Z
  end.
Definition wthrAgg (ws : list Z) (T : Z) : Agg := fun x => Z.leb T (wsum ws x).
Definition WTHR (ws : list Z) (T : Z) : Family := family (List.length ws) (wthrAgg ws T).

(* z is an input of F: exactly arity F bits. *)
Definition InputOf (F : Family) (z : list bool) : Prop :=
  List.length z = arity F.

(* The statements an exported certificate proves, in the words of model/FbsModel.v and
   model/Measures.v, at an input of F's arity. *)
Definition FbsIs (F : Family) (z : list bool) (v : Q) : Prop :=
  InputOf F z /\ FbsValue (eval F) z v.
Definition SensitivityOf (F : Family) (z : list bool) (k : nat) : Prop :=
  InputOf F z /\ SensitivityIs (eval F) z k.
Definition BlockSensitivityOf (F : Family) (z : list bool) (k : nat) : Prop :=
  InputOf F z /\ BlockSensitivityIs (eval F) z k.
Definition CertificateComplexityOf (F : Family) (z : list bool) (k : nat) : Prop :=
  InputOf F z /\ CertificateComplexityIs (eval F) z k.

(* What the exported proofs use: the arity is checked by computation. *)
Lemma inputOf_check : forall F z, Nat.eqb (List.length z) (arity F) = true -> InputOf F z.
Proof. intros F z H. apply Nat.eqb_eq in H. exact H. Qed.

(* The issue's two examples: at an input of another length the statement is false. *)
Example wrong_arity_examples :
  (forall v, ~ FbsIs (AND 7) (bitsOf "11111") v) /\ (forall v, ~ FbsIs (MAJ 4) (bitsOf "01101") v).
Proof. split; intros v [H _]; discriminate H. Qed.
