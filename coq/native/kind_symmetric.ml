(* kind_symmetric.ml -- kind `symmetric` (certificates/FORMAT.md section 5) for the checker
   checkSymmetricRuns of checkers/SymmetricCheck.v, run with the arity check of Extract.v
   (checkSymmetricRunsFamily), proved sound by checkSymmetricRunsFamily_sound: accepted means
   FbsIs F (expandRuns r) v for the family F (symFN k) and the input's runs r, so the
   statement names the family. Binary integers throughout (issue 37): no bound of the
   program's own below FORMAT.md's (arity <= 10^8). Untrusted reader. *)

open Reader

(* The input as runs (bit, count): run-length text 1^600,0^401 as it stands, plain bits
   grouped into their runs; the sum of the counts must be the arity (malformed otherwise). *)
let input_runs n (s : string) : (bool * Z.t) list * string =
  let total = ref 0 in
  let add c = total := !total + c; if !total > n then malformed "input: more bits than the arity" in
  let runs =
    if s <> "" && String.for_all (fun c -> c = '0' || c = '1') s then begin
      let acc = ref [] and i = ref 0 and len = String.length s in
      while !i < len do
        let j = ref !i in
        while !j < len && s.[!j] = s.[!i] do incr j done;
        add (!j - !i);
        acc := (s.[!i] = '1', Z.of_int (!j - !i)) :: !acc;
        i := !j
      done;
      List.rev !acc
    end else
      List.map (fun run -> match String.split_on_char '^' run with
          | [bit; count] when (bit = "0" || bit = "1") && is_digits count && String.length count <= 9 ->
              let c = int_of_string count in
              add c;
              (bit = "1", Z.of_int c)
          | _ -> malformed "input: bits or runs B^COUNT joined by commas") (String.split_on_char ',' s) in
  if !total <> n then malformed (Printf.sprintf "input: expected %d bits" n);
  (* the statement's input: the bits up to 64, else the runs (merged) when short, else the
     md5 of the plain bits or of the run-length text *)
  let shown =
    if String.length s <= 64 && String.for_all (fun c -> c = '0' || c = '1') s then coq_bits s
    else begin
      let merged = List.fold_left (fun acc (b, c) -> match acc with
          | (b', c') :: rest when b' = b -> (b, Z.add c c') :: rest
          | _ when Z.equal c Z.zero -> acc
          | _ -> (b, c) :: acc) [] runs |> List.rev in
      let text = String.concat "," (List.map (fun (b, c) -> Printf.sprintf "%c^%s" (if b then '1' else '0') (Z.to_string c)) merged) in
      if n <= 64 then coq_bits (String.concat "" (List.map (fun (b, c) -> String.make (Z.to_int c) (if b then '1' else '0')) merged))
      else if String.length text <= 64 then Printf.sprintf "(bitsOf <%d bits: %s>)" n text
      else if String.for_all (fun c -> c = '0' || c = '1') s then coq_bits s
      else Printf.sprintf "(bitsOf <%d bits in %d runs, md5 of the runs %s>)" n (List.length merged) (Digest.to_hex (Digest.string text))
    end in
  (runs, shown)

let family where (spec : string) n : string * Checkers.symFamilyN =
  let s = String.trim spec in
  let count what = Spec.param where what ~low:1 in
  match String.split_on_char ':' s with
  | ["and"; m] when count m = n -> (Printf.sprintf "(AND %d)" n, Checkers.NAnd (Z.of_int n))
  | ["or"; m] when count m = n -> (Printf.sprintf "(OR %d)" n, Checkers.NOr (Z.of_int n))
  | ["parity"; m] when count m = n -> (Printf.sprintf "(PARITY %d)" n, Checkers.NParity (Z.of_int n))
  | ["maj"; m] when count m = n -> (Printf.sprintf "(MAJ %d)" n, Checkers.NMaj (Z.of_int n))
  | ["thr"; m; t] when count m = n ->
      let digits = if String.length t > 0 && t.[0] = '-' then String.sub t 1 (String.length t - 1) else t in
      if String.length t > 1000 || not (is_digits digits) then malformed (where ^ ": bad threshold");
      let tz = Z.of_string t in
      (Printf.sprintf "(THR %d (%s)%%Z)" n (Z.to_string tz), Checkers.NThr (Z.of_int n, tz))
  | ["sym"; v] when String.length v = n + 1 ->
      ignore (bits where v);  (* 0/1 characters only *)
      let term = if String.length v <= 64 then Printf.sprintf "(SYM \"%s\")" v
        else Printf.sprintf "(SYM <%d characters, md5 %s>)" (String.length v) (Digest.to_hex (Digest.string v)) in
      (term, Checkers.NSym (explode v))
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
  let runs, shown = input_runs n (str "input" (field kv "input")) in
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
  let prim = List.map (fun (a, b, y) -> ((Z.of_int a, Z.of_int b), q_of y)) types in
  let ok = Checkers.checkSymmetricRunsFamily v runs prim (q_of t1) (q_of t0) (q_of value) in
  { Verdict.accepted = ok; quantity = "fbs"; value = show_q value;
    statement = Printf.sprintf "FbsIs %s %s %s" term shown (coq_q value);
    lemma = "Extract.checkSymmetricRunsFamily_sound" }
