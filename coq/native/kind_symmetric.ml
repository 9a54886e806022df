(* kind_symmetric.ml -- kind `symmetric` (certificates/FORMAT.md section 5) for the checker
   checkSymmetric of checkers/SymmetricCheck.v, run with the arity check of Extract.v
   (checkSymmetricFamily), proved sound by checkSymmetricFamily_sound: accepted means
   FbsIs F z v for the family F (symF k; symFun of its values is eval F, symVals_is_family),
   so the statement names the family. Untrusted reader. *)

open Reader

(* The Coq checker counts in unary: the weight of z and every k <= n cost O(n) each, so a
   certificate costs O(n^2) steps; beyond this arity the program refuses (exit 2; the stdlib
   checker goes to 10^8). *)
let max_arity = 4096

(* A run-length input 1^600,0^401 or plain bits, expanded (after the arity bound). *)
let input_bits n (s : string) : string =
  if String.for_all (fun c -> c = '0' || c = '1') s then s
  else begin
    let b = Buffer.create n in
    List.iter (fun run -> match String.split_on_char '^' run with
        | [bit; count] when (bit = "0" || bit = "1") && is_digits count && String.length count <= 9 ->
            let c = int_of_string count in
            if Buffer.length b + c > n then malformed "input: more bits than the arity";
            Buffer.add_string b (String.make c bit.[0])
        | _ -> malformed "input: bits or runs B^COUNT joined by commas") (String.split_on_char ',' s);
    Buffer.contents b
  end

let family where (spec : string) n : string * Checkers.symFamily =
  let s = String.trim spec in
  let count what = Spec.param where what ~low:1 in
  match String.split_on_char ':' s with
  | ["and"; m] when count m = n -> (Printf.sprintf "(AND %d)" n, Checkers.SAnd (nat n))
  | ["or"; m] when count m = n -> (Printf.sprintf "(OR %d)" n, Checkers.SOr (nat n))
  | ["parity"; m] when count m = n -> (Printf.sprintf "(PARITY %d)" n, Checkers.SParity (nat n))
  | ["maj"; m] when count m = n -> (Printf.sprintf "(MAJ %d)" n, Checkers.SMaj (nat n))
  | ["thr"; m; t] when count m = n ->
      let digits = if String.length t > 0 && t.[0] = '-' then String.sub t 1 (String.length t - 1) else t in
      if String.length t > 1000 || not (is_digits digits) then malformed (where ^ ": bad threshold");
      let tz = Z.of_string t in
      (Printf.sprintf "(THR %d (%s)%%Z)" n (Z.to_string tz), Checkers.SThr (nat n, tz))
  | ["sym"; v] when String.length v = n + 1 ->
      ignore (bits where v);  (* 0/1 characters only *)
      let term = if String.length v <= 64 then Printf.sprintf "(SYM \"%s\")" v
        else Printf.sprintf "(SYM <%d characters, md5 %s>)" (String.length v) (Digest.to_hex (Digest.string v)) in
      (term, Checkers.SSym (explode v))
  | _ -> malformed (where ^ ": a symmetric family (and:, or:, parity:, maj:, thr:, sym:) of the certificate's arity")

(* A type's count of flipped ones or zeros: an integer >= 0; one above n is read as n + 1
   (the checker refuses it all the same, as it refuses any count above the weight: a
   witness, not part of the statement). *)
let count where n (v : Yojson.Safe.t) : int = match v with
  | `Int m when m >= 0 -> min m (n + 1)
  | `Intlit s when String.length s > 0 && s.[0] <> '-' -> n + 1
  | _ -> malformed (where ^ ": expected an integer >= 0")

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "spec"; "arity"; "input"; "value"; "dual"; "primal"]
    ["bob_rule"; "producer"];
  let n = match field kv "arity" with
    | `Int n when n >= 1 && n <= 100_000_000 -> n
    | `Int _ | `Intlit _ -> malformed "arity: expected an integer in 1..10^8"
    | _ -> malformed "arity: expected a JSON integer" in
  let term, v = family "spec" (str "spec" (field kv "spec")) n in
  if n > max_arity then too_large (Printf.sprintf "arity %d > %d, the proved program's bound for kind symmetric (unary counting)" n max_arity);
  let zs = input_bits n (str "input" (field kv "input")) in
  if String.length zs <> n then malformed (Printf.sprintf "input: expected %d bits" n);
  let value = number "value" (field kv "value") in
  let d = obj "dual" (field kv "dual") in
  require_keys "dual" d ["ones"; "zeros"] [];
  let t1 = number "dual.ones" (field d "ones") and t0 = number "dual.zeros" (field d "zeros") in
  let types = List.mapi (fun k e ->
      let at = Printf.sprintf "primal[%d]" k in
      let e = obj at e in
      require_keys at e ["ones"; "zeros"; "weight"] [];
      let a = count (at ^ ".ones") n (field e "ones") and b = count (at ^ ".zeros") n (field e "zeros") in
      (a, b, number (at ^ ".weight") (field e "weight"))) (list "primal" (field kv "primal")) in
  check_denominators "primal" (List.map (fun (_, _, y) -> y) types);
  check_denominators "dual" [t1; t0];
  let prim = List.map (fun (a, b, y) -> ((nat a, nat b), q_of y)) types in
  let ok = Checkers.checkSymmetricFamily v (bits "input" zs) prim (q_of t1) (q_of t0) (q_of value) in
  { Verdict.accepted = ok; quantity = "fbs"; value = show_q value;
    statement = Printf.sprintf "FbsIs %s %s %s" term (coq_bits zs) (coq_q value);
    lemma = "Extract.checkSymmetricFamily_sound" }
