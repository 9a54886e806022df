(* spec.ml -- the function a certificate's `spec` names, as the model's function
   (model/Families.v): the families and:N, or:N, parity:N, maj:N, thr:N:T, tribes:W:S, and a
   truth table tt:BITS, read here; any other spec only with a truth table given by the
   launcher (`--table SPEC=BITS`, computed by the stdlib checker's spec evaluator), which the
   statement then names by its bits. Untrusted: the statement printed names the function. *)

open Reader

type fn = { term : string;  (* the Coq term, as the statement prints it *)
            agg : Checkers.agg; arity : int;
            table : bool list option }  (* a truth table, as the model's bits, or a family *)

let max_arity = 28

(* The launcher's tables: spec text -> bits. *)
let tables : (string, string) Hashtbl.t = Hashtbl.create 8

let param where s ~low =
  if String.length s > 1000 || not (is_digits s) then malformed (where ^ ": bad integer parameter");
  match int_of_string_opt s with
  | Some n when n >= low && n <= 1_000_000_000 -> n
  | _ -> malformed (where ^ ": parameter out of range")

let table_fn where (bitstr : string) : fn =
  let n = String.length bitstr in
  let rec log2 k acc = if k = 1 then Some acc else if k land 1 = 1 then None else log2 (k lsr 1) (acc + 1) in
  match (if n >= 2 then log2 n 0 else None) with
  | Some q when q <= max_arity ->
      let tt = bits where bitstr in
      { term = Printf.sprintf "(ttFun %s)" (coq_bits bitstr); agg = Checkers.ttFun tt; arity = q; table = Some tt }
  | _ -> malformed (where ^ ": a truth table has a power-of-two length >= 2")

let arity_ok where q = if q > max_arity then too_large (Printf.sprintf "%s: arity %d > %d" where q max_arity); q

(* The spec's function, or a refusal (exit 2) for a spec this program does not read. *)
let read (where : string) (text : string) : fn =
  let s = String.trim text in
  match Hashtbl.find_opt tables (nospace s) with
  | Some t -> table_fn where t
  | None ->
  match String.split_on_char ':' s with
  | ["tt"; b] when not (String.length b > 1 && b.[1] = 'x') -> table_fn where b
  | [fam; n] when List.mem fam ["and"; "or"; "parity"; "maj"] ->
      let q = arity_ok where (param where n ~low:1) in
      let name, agg = match fam with
        | "and" -> "AND", Checkers.aND | "or" -> "OR", Checkers.oR
        | "parity" -> "PARITY", Checkers.pARITY | _ -> "MAJ", Checkers.mAJ in
      { term = Printf.sprintf "(%s %d)" name q; agg = agg (nat q); arity = q; table = None }
  | ["thr"; n; t] ->
      let q = arity_ok where (param where n ~low:1) in
      let neg = String.length t > 0 && t.[0] = '-' in
      let digits = if neg then String.sub t 1 (String.length t - 1) else t in
      if String.length t > 1000 || not (is_digits digits) then malformed (where ^ ": bad threshold");
      let tz = Z.of_string t in
      { term = Printf.sprintf "(THR %d (%s)%%Z)" q (Z.to_string tz); agg = Checkers.tHR (nat q) tz; arity = q; table = None }
  | ["tribes"; w; g] ->
      let w = param where w ~low:1 and g = param where g ~low:1 in
      if w > max_arity || g > max_arity then too_large (where ^ ": arity > 28");
      let q = arity_ok where (w * g) in
      { term = Printf.sprintf "(TRIBES %d %d)" w g; agg = Checkers.tRIBES (nat w) (nat g); arity = q; table = None }
  | _ -> raise (Refuse (2, Printf.sprintf "unsupported: %s: spec %S is not read by the proved program (families and:, or:, parity:, maj:, thr:, tribes: and tt:BITS; `fbs check --proved` supplies the truth table of any other spec)" where (if String.length s > 40 then String.sub s 0 40 ^ "..." else s)))
