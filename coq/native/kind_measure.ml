(* kind_measure.ml -- kind `measure` (certificates/FORMAT.md section 10) for the checkers
   checkS, checkBSFast (the table of issue 37) and checkC of checkers/MeasureCheck.v, run with the arity check of Extract.v
   (checkSFamily, checkBSFamily, checkCFamily), proved sound by checkSFamily_sound,
   checkBSFamily_sound and checkCFamily_sound: accepted means SensitivityOf F z k,
   BlockSensitivityOf F z k or CertificateComplexityOf F z k (model/Families.v). *)

open Reader

(* The stdlib checker's bound, q <= 10 for every measure (FORMAT.md section 10); bs runs
   through checkBSFast's table of the 2^q sets (issue 37), so it has no bound of its own. *)
let max_arity = 10

let coordinates where q (w : Yojson.Safe.t) : int list =
  let l = list where w in
  if List.length l > q then malformed (where ^ ": more than q coordinates");
  let idx = List.map (int_in where 0 (q - 1)) l in
  let rec incr = function a :: (b :: _ as r) -> a < b && incr r | _ -> true in
  if not (incr idx) then malformed (where ^ ": coordinates must be strictly increasing");
  idx

let mask q idx = String.init q (fun i -> if List.mem i idx then '1' else '0')

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "measure"; "spec"; "arity"; "input"; "value"; "witness"] ["producer"];
  let measure = str "measure" (field kv "measure") in
  if not (List.mem measure ["s"; "bs"; "C"]) then malformed "measure: expected \"s\", \"bs\" or \"C\"";
  let fn = Spec.read "spec" (str "spec" (field kv "spec")) in
  let q = fn.Spec.arity in
  if q > max_arity then too_large "arity > 10 (kind measure)";
  if int_in "arity" 1 max_arity (field kv "arity") <> q then malformed "arity: differs from the spec's";
  let zs = str "input" (field kv "input") in
  if String.length zs <> q then malformed (Printf.sprintf "input: expected %d bits" q);
  let z = bits "input" zs in
  let vs = str "value" (field kv "value") in
  if not (is_digits vs) || String.length vs > 1000 then malformed "value: expected an integer >= 0";
  let k = match int_of_string_opt vs with Some k when k <= q + 1 -> k | _ -> q + 2 in
  let w = field kv "witness" in
  let statement, lemma, ok = match measure with
    | "s" -> let idx = coordinates "witness" q w in
        ("SensitivityOf", "checkSFamily_sound", fun () -> Checkers.checkSFamily fn.Spec.family z (List.map nat idx) (nat k))
    | "C" -> let idx = coordinates "witness" q w in
        ("CertificateComplexityOf", "checkCFamily_sound",
         fun () -> Checkers.checkCFamily fn.Spec.family z (bits "witness" (mask q idx)) (nat k))
    | _ ->
        let blocks = List.mapi (fun j b ->
            let idx = coordinates (Printf.sprintf "witness[%d]" j) q b in
            if idx = [] then malformed "witness: a block is nonempty";
            bits "witness" (mask q idx)) (list "witness" w) in
        if List.length blocks > q then malformed "witness: more than q blocks";
        ("BlockSensitivityOf", "checkBSFamily_sound", fun () -> Checkers.checkBSFamily fn.Spec.family z blocks (nat k)) in
  let accepted = k <= q + 1 && ok () in
  { Verdict.accepted; quantity = measure; value = vs;
    statement = Printf.sprintf "%s %s %s %s" statement fn.Spec.term (coq_bits zs) vs;
    lemma = "Extract." ^ lemma }
