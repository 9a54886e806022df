(* Families.v -- the functions that exported certificates (coq/certificates/) name, the part a
   reader must trust to recognise a statement: a truth table written as a string of 0/1
   characters, and the named families of the spec grammar (certificates/FORMAT.md section 3).
   The bits of an input x are x_1 .. x_q in list order. Checked by coqc 8.16 (coq/check.sh). *)

From Coq Require Import ZArith List Bool String Ascii.
From FbsCoq Require Import FbsModel.
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

(* The named families, each on q = n bits: and:n, or:n, parity:n, maj:n (|x| > n/2, strict),
   thr:n:T (|x| >= T) and tribes:W:S (some group of W consecutive bits is all ones, S groups). *)
Definition AND (n : nat) : Agg := fun x => Nat.eqb (ones x) n.
Definition OR (n : nat) : Agg := fun x => Nat.ltb 0 (ones x).
Definition PARITY (n : nat) : Agg := fun x => Nat.odd (ones x).
Definition MAJ (n : nat) : Agg := fun x => Nat.ltb n (2 * ones x).
Definition THR (n : nat) (T : Z) : Agg := fun x => Z.leb T (Z.of_nat (ones x)).
Definition TRIBES (W S : nat) : Agg :=
  fun x => existsb (fun g => forallb (fun j => nth (g * W + j) x false) (seq 0 W)) (seq 0 S).
