(* kind_global.ml -- kind `global-measure` (certificates/FORMAT.md section 11) for the checkers
   checkGlobalMeasure and checkGlobalTT of checkers/GlobalMeasureCheck.v, proved sound by
   checkGlobalMeasure_sound and checkGlobalTT_sound: accepted means GlobalMeasureIs m (eval F) q
   x v (model/Measures.v) with q = arity F, the spec's Family (model/Families.v; for TT s,
   eval F is ttFun (bitsOf s)): m(f) = v is the maximum over all 2^q inputs, reached at x.
   Untrusted reader: fields to the checker's GlobalData. *)

open Reader

(* The stdlib checker's bounds (certificates/FORMAT.md section 11, Work bound): q <= 14, at most
   2^26 / 2^q duals and 2^24 / 3^q packings (q <= 10). The Coq checker computes s_y and C_y at
   every input on a binary tree of f's 2^q values (C in O(3^q) steps). *)
let max_arity = 14
let max_upper_positions = 1 lsl 26
let max_packing_steps = 1 lsl 24
let max_packing_arity = 10

let coordinates where q (w : Yojson.Safe.t) : int list =
  let l = list where w in
  if l = [] || List.length l > q then malformed (where ^ ": a block is a nonempty list of at most q coordinates");
  let idx = List.map (int_in where 0 (q - 1)) l in
  let rec incr = function a :: (b :: _ as r) -> a < b && incr r | _ -> true in
  if not (incr idx) then malformed (where ^ ": coordinates must be strictly increasing");
  idx

let mask q idx = String.init q (fun i -> if List.mem i idx then '1' else '0')

let input_of where q (v : Yojson.Safe.t) : bool list =
  let s = str where v in
  if String.length s <> q then malformed (Printf.sprintf "%s: expected %d bits" where q);
  bits where s

let upper q (kv : (string * Yojson.Safe.t) list) : (bool list * Checkers.q list) list =
  let entries = list "upper" (field kv "upper") in
  if List.length entries * (1 lsl q) > max_upper_positions then
    too_large (Printf.sprintf "upper: %d duals at q = %d exceed the work bound (FORMAT.md, section 11)" (List.length entries) q);
  List.mapi (fun k e ->
      let at = Printf.sprintf "upper[%d]" k in
      let e = obj at e in
      require_keys at e ["input"; "dual"] [];
      let t = List.mapi (fun i x -> number (Printf.sprintf "%s.dual[%d]" at i) x) (list (at ^ ".dual") (field e "dual")) in
      if List.length t <> q then malformed (Printf.sprintf "%s.dual: expected q = %d entries" at q);
      check_denominators at t;
      (input_of (at ^ ".input") q (field e "input"), List.map q_of t))
    entries

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  let measure = match List.assoc_opt "measure" kv with
    | Some v -> str "measure" v | None -> malformed "certificate: missing field 'measure'" in
  let extra = match measure with
    | "s" | "C" -> [] | "fbs" -> ["witness"; "upper"] | "bs" -> ["witness"; "upper"; "packings"]
    | _ -> malformed "measure: expected \"s\", \"bs\", \"fbs\" or \"C\"" in
  require_keys "certificate" kv (["format"; "kind"; "measure"; "spec"; "arity"; "input"; "value"] @ extra) ["producer"];
  let fn = Spec.read "spec" (str "spec" (field kv "spec")) in
  let q = fn.Spec.arity in
  if int_in "arity" 1 14 (field kv "arity") <> q then malformed "arity: differs from the spec's";
  if q > max_arity then
    too_large (Printf.sprintf "arity %d > %d, the bound of kind global-measure" q max_arity);
  let zs = str "input" (field kv "input") in
  let x = input_of "input" q (field kv "input") in
  let value = number "value" (field kv "value") in
  check_denominators "value" [value];
  let name, data = match measure with
    | "s" -> "MeasureS", Checkers.DataS
    | "C" -> "MeasureC", Checkers.DataC
    | "fbs" ->
        let seen = Hashtbl.create 16 in
        let w = List.mapi (fun k e ->
            let at = Printf.sprintf "witness[%d]" k in
            let e = obj at e in
            require_keys at e ["block"; "weight"] [];
            let idx = coordinates at q (field e "block") in
            if Hashtbl.mem seen idx then malformed (at ^ ": duplicate block");
            Hashtbl.add seen idx ();
            (mask q idx, number (at ^ ".weight") (field e "weight"))) (list "witness" (field kv "witness")) in
        check_denominators "witness" (List.map snd w);
        "MeasureFbs", Checkers.DataFbs (List.map (fun (m, y) -> (bits "witness" m, q_of y)) w, upper q kv)
    | _ ->
        let w = List.mapi (fun k b -> bits "witness" (mask q (coordinates (Printf.sprintf "witness[%d]" k) q b)))
            (list "witness" (field kv "witness")) in
        if List.length w > q then malformed "witness: more than q blocks";
        let names = list "packings" (field kv "packings") in
        if names <> [] && q > max_packing_arity then
          malformed (Printf.sprintf "packings: the checker's packing program takes q <= %d" max_packing_arity);
        let rec pow3 n = if n = 0 then 1 else 3 * pow3 (n - 1) in
        if List.length names * pow3 q > max_packing_steps then
          too_large (Printf.sprintf "packings: %d packings at q = %d exceed the work bound (FORMAT.md, section 11)" (List.length names) q);
        let p = List.mapi (fun k y -> input_of (Printf.sprintf "packings[%d]" k) q y) names in
        "MeasureBS", Checkers.DataBS (w, upper q kv, p) in
  let m = match name with "MeasureS" -> Checkers.MeasureS | "MeasureC" -> Checkers.MeasureC
    | "MeasureFbs" -> Checkers.MeasureFbs | _ -> Checkers.MeasureBS in
  let ok, lemma = match fn.Spec.table with
    | Some text -> (Checkers.checkGlobalTT m text (nat q) x (q_of value) data,
                    "GlobalMeasureCheck.checkGlobalTT_sound")
    | None -> (Checkers.checkGlobalMeasure m fn.Spec.agg (nat q) x (q_of value) data,
               "GlobalMeasureCheck.checkGlobalMeasure_sound") in
  { Verdict.accepted = ok; quantity = "max " ^ measure; value = show_q value;
    statement = Printf.sprintf "GlobalMeasureIs %s (eval %s) %d %s %s" name fn.Spec.term q (coq_bits zs) (coq_q value);
    lemma }
