(* kind_weighted.ml -- kind `weighted` (certificates/FORMAT.md section 9) for the checker
   checkWeighted of checkers/WeightedCheck.v, run with the arity check of Extract.v
   (checkWeightedFamily, checkWeightedTT), proved sound by checkWeightedFamily_sound and
   checkWeightedTT_sound: accepted means WeightedFbsIs F z c v (model/WeightedStatements.v).
   Untrusted reader: fields to the checker's inputs. *)

open Reader

(* The Coq checker scans all 2^q masks for the dual, as kind exhaustive's: beyond this
   arity the program refuses (exit 2); the stdlib checker goes to q = 24, and to any width
   for a symmetric family (closed forms). *)
let max_arity = 20

let coq_list (xs : (Z.t * Z.t) list) : string =
  "[" ^ String.concat "; " (List.map coq_q xs) ^ "]"

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv
    ["format"; "kind"; "spec"; "arity"; "input"; "capacities"; "value"; "primal"; "dual"]
    ["files"; "producer"];
  let fn = Spec.read_checked kv in
  let q = fn.Spec.arity in
  let zs = str "input" (field kv "input") in
  if String.length zs <> q then malformed (Printf.sprintf "input: expected a 0/1 string of length q = %d" q);
  let z = bits "input" zs in
  let nums key = let l = list key (field kv key) in
    if List.length l <> q then malformed (Printf.sprintf "%s: expected q = %d entries" key q);
    List.mapi (fun i x -> number (Printf.sprintf "%s[%d]" key i) x) l in
  let caps = nums "capacities" in
  let value = number "value" (field kv "value") in
  let primal = primal_masks q (list "primal" (field kv "primal")) in
  let dual = nums "dual" in
  check_denominators "primal" (caps @ List.map snd primal);  (* as a tree record's *)
  check_denominators "dual" dual;
  if q > max_arity then
    too_large (Printf.sprintf "arity %d > %d, the proved program's bound for kind weighted" q max_arity);
  let ws = List.map (fun (m, w) -> (bits "block" m, q_of w)) primal in
  let c = List.map q_of caps and d = List.map q_of dual and v = q_of value in
  let ok, lemma = match fn.Spec.table with
    | Some text -> (Checkers.checkWeightedTT text z c ws d v, "Extract.checkWeightedTT_sound")
    | None -> (Checkers.checkWeightedFamily fn.Spec.family z c ws d v, "Extract.checkWeightedFamily_sound") in
  { Verdict.accepted = ok; quantity = "weighted fbs"; value = show_q value;
    statement = Printf.sprintf "WeightedFbsIs %s %s %s %s" fn.Spec.term (coq_bits zs) (coq_list caps) (coq_q value);
    lemma }
