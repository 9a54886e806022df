(* spec.ml -- the function a certificate's `spec` names, as the model's Family (model/Families.v:
   a function with its arity): the families and:N, or:N, parity:N, maj:N, thr:N:T, tribes:W:S,
   and a truth table tt:BITS (TT "BITS"), read here; any other spec only with a truth table given by the
   launcher (`--table SPEC=BITS`, computed by the stdlib checker's spec evaluator), which the
   statement then names by its bits. Untrusted: the statement printed names the function. *)

open Reader

type fn = { term : string;  (* the Coq Family term, as the statement prints it *)
            family : Checkers.family;  (* the model's Family; agg is its function, eval *)
            agg : Checkers.agg; arity : int;
            table : char list option }  (* a truth table's text (TT's string), or None *)

let of_family term family arity table = { term; family; agg = Checkers.eval family; arity; table }

(* TT "BITS", or for a long table its length and md5 (the statement names the table by it). *)
let tt_term (bitstr : string) : string =
  if String.length bitstr <= 64 then Printf.sprintf "(TT \"%s\")" bitstr
  else Printf.sprintf "(TT <%d characters, md5 %s>)" (String.length bitstr) (Digest.to_hex (Digest.string bitstr))

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
      ignore (bits where bitstr);  (* 0/1 characters only *)
      let text = explode bitstr in
      of_family (tt_term bitstr) (Checkers.tT text) q (Some text)
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
      let name, family = match fam with
        | "and" -> "AND", Checkers.aND | "or" -> "OR", Checkers.oR
        | "parity" -> "PARITY", Checkers.pARITY | _ -> "MAJ", Checkers.mAJ in
      of_family (Printf.sprintf "(%s %d)" name q) (family (nat q)) q None
  | ["thr"; n; t] ->
      let q = arity_ok where (param where n ~low:1) in
      let neg = String.length t > 0 && t.[0] = '-' in
      let digits = if neg then String.sub t 1 (String.length t - 1) else t in
      if String.length t > 1000 || not (is_digits digits) then malformed (where ^ ": bad threshold");
      let tz = Z.of_string t in
      of_family (Printf.sprintf "(THR %d (%s)%%Z)" q (Z.to_string tz)) (Checkers.tHR (nat q) tz) q None
  | ["tribes"; w; g] ->
      let w = param where w ~low:1 and g = param where g ~low:1 in
      if w > max_arity || g > max_arity then too_large (where ^ ": arity > 28");
      let q = arity_ok where (w * g) in
      of_family (Printf.sprintf "(TRIBES %d %d)" w g) (Checkers.tRIBES (nat w) (nat g)) q None
  | _ -> raise (Refuse (2, Printf.sprintf "unsupported: %s: spec %S is not read by the proved program (families and:, or:, parity:, maj:, thr:, tribes: and tt:BITS; `fbs check --proved` supplies the truth table of any other spec)" where (if String.length s > 40 then String.sub s 0 40 ^ "..." else s)))

(* A certificate's `spec`, its optional `files` (DIMACS texts, read by the launcher's table
   only: a family or tt: uses none) and its `arity`: the spec's function, of that arity. *)
let read_checked (kv : (string * Yojson.Safe.t) list) : fn =
  let spec = str "spec" (field kv "spec") in
  let fn = read "spec" spec in
  (match List.assoc_opt "files" kv with
   | None -> ()
   | Some f ->
       List.iter (fun (_, text) -> ignore (str "files: a DIMACS text" text)) (obj "files" f);
       if not (Hashtbl.mem tables (nospace spec)) then malformed "files: the spec uses no cnf: file");
  if int_in "arity" 1 max_arity (field kv "arity") <> fn.arity then
    malformed (Printf.sprintf "arity: the spec has arity %d" fn.arity);
  fn
