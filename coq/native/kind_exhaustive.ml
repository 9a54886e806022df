(* kind_exhaustive.ml -- kind `exhaustive` (certificates/FORMAT.md section 2) for the checker
   checkExhaustive of checkers/ExhaustiveCheck.v, run with the arity check of Extract.v
   (checkExhaustiveFamily, checkExhaustiveTT), proved sound by checkExhaustiveFamily_sound and
   checkExhaustiveTT_sound: accepted means FbsIs F z v (model/Families.v). Untrusted reader: fields to the checker's inputs. *)

open Reader

(* The Coq checker (checkExhaustiveFast, issue 37) walks the 2^q inputs z^B depth first in
   O(q) memory, summing t(B) in integers, and evaluates f at each (a family by counting in
   unary, a truth table through checkExhaustiveTable's binary tree): about 0.5 us per input,
   maj:20 in 0.5 s (the stdlib checker's bit-parallel comparator: 0.05 s) and maj:24 in 12 s
   (stdlib 0.07 s). So this bound stays below FORMAT.md's q = 28: beyond it the program
   refuses (exit 2) rather than run for minutes. A truth table of 2^20 or more characters is
   refused as a stack overflow (the table is read by the non-tail-recursive bitsOf and split
   by buildTab). *)
let max_arity = 20

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "spec"; "arity"; "input"; "value"; "primal"; "dual"]
    ["files"; "bob_rule"; "producer"];
  let fn = Spec.read_checked kv in
  (match List.assoc_opt "bob_rule" kv with
   | None | Some (`String _) -> () | Some _ -> malformed "bob_rule: expected a JSON string");
  let q = fn.Spec.arity in
  let zs = str "input" (field kv "input") in
  if String.length zs <> q then malformed (Printf.sprintf "input: expected a 0/1 string of length q = %d" q);
  let z = bits "input" zs in
  let value = number "value" (field kv "value") in
  let primal = primal_masks q (list "primal" (field kv "primal")) in
  let dual = List.mapi (fun i x -> number (Printf.sprintf "dual[%d]" i) x) (list "dual" (field kv "dual")) in
  if List.length dual <> q then malformed (Printf.sprintf "dual: expected q = %d entries" q);
  check_denominators "primal" (List.map snd primal);
  check_denominators "dual" dual;
  if q > max_arity then
    too_large (Printf.sprintf "arity %d > %d, the proved program's bound for kind exhaustive" q max_arity);
  let ws = List.map (fun (m, w) -> (bits "block" m, q_of w)) primal in
  let ok, lemma = match fn.Spec.table with
    | Some text -> (Checkers.checkExhaustiveTT text z ws (List.map q_of dual) (q_of value),
                    "Extract.checkExhaustiveTT_sound")
    | None -> (Checkers.checkExhaustiveFamily fn.Spec.family z ws (List.map q_of dual) (q_of value),
               "Extract.checkExhaustiveFamily_sound") in
  { Verdict.accepted = ok; quantity = "fbs"; value = show_q value;
    statement = Printf.sprintf "FbsIs %s %s %s" fn.Spec.term (coq_bits zs) (coq_q value);
    lemma }
