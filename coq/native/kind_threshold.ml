(* kind_threshold.ml -- kind `threshold` (certificates/FORMAT.md section 8) for the checker
   checkThresholdFamily of checkers/ThresholdCheck.v, proved sound by
   checkThresholdFamily_sound: accepted means FbsIs (WTHR ws T) z v (model/Families.v).
   Untrusted reader: the spec wthr:W1,...,WN:T as the list ws and T, the input (bits or runs),
   the primal blocks as N-bit masks, the dual; and the FORMAT.md work bound of the knapsack
   DP, computed here as the stdlib checker computes it (a refusal, never a verdict). *)

open Reader

let max_arity = 100_000
let max_weight_chars = 1000
let max_dp_cells = Z.shift_left Z.one 24  (* 30-bit words of all DP cells (time) *)
let max_dp_row = Z.shift_left Z.one 22    (* 30-bit words of one row (memory) *)
(* The proved checker holds every primal block as an N-bit mask: blocks x N is bounded. *)
let max_mask_bits = 1 lsl 24

let integer where (s : string) : Z.t =
  if String.length s > max_weight_chars then
    too_large (Printf.sprintf "%s: longer than %d digits" where max_weight_chars);
  let digits = if String.length s > 0 && s.[0] = '-' then String.sub s 1 (String.length s - 1) else s in
  if not (is_digits digits) then malformed (where ^ ": not an integer of at most 1000 digits");
  Z.of_string s

(* (ws, T) of wthr:W1,...,WN:T, W_i >= 0. *)
let parse_wthr (spec : string) : Z.t list * Z.t =
  let s = String.trim spec in
  match String.split_on_char ':' s with
  | ["wthr"; w; t] ->
      let texts = String.split_on_char ',' w in
      if List.length texts > max_arity then too_large (Printf.sprintf "spec: more than %d weights" max_arity);
      let ws = List.map (integer "spec") texts in
      let t = integer "spec" t in
      if List.exists (fun w -> Z.sign w < 0) ws then malformed "spec: weights must be non-negative";
      (ws, t)
  | _ -> malformed "spec: kind threshold accepts wthr:W1,...,WN:T"

let spec_term (spec : string) (ws : Z.t list) (t : Z.t) : string =
  let list = "[" ^ String.concat "; " (List.map Z.to_string ws) ^ "]" in
  if String.length list <= 120 then Printf.sprintf "(WTHR %s%%Z (%s)%%Z)" list (Z.to_string t)
  else Printf.sprintf "(WTHR <%d weights of spec %s, md5 %s> (%s)%%Z)" (List.length ws)
      (String.sub spec 0 (min 20 (String.length spec)) ^ "...") (Digest.to_hex (Digest.string (String.trim spec)))
      (Z.to_string t)

(* FORMAT.md section 8's work bound, as verify/checker/threshold_kind.py computes it. *)
let refuse_costly_dp (ws : Z.t list) (t : Z.t) (zs : string) (dual : (Z.t * Z.t) list) =
  let total = ref Z.zero in
  List.iteri (fun i w -> if zs.[i] = '1' then total := Z.add !total w) ws;
  let fz = Z.geq !total t in
  let need = if fz then Z.succ (Z.sub !total t) else Z.sub t !total in
  let den = List.fold_left (fun acc (_, d) -> Z.lcm acc d) Z.one dual in
  let side = ref 0 and wside = ref Z.zero and largest = ref Z.one in
  let dual = Array.of_list dual in
  List.iteri (fun i w ->
      if (zs.[i] = '1') = fz && Z.sign w > 0 then begin
        incr side; wside := Z.add !wside w;
        let (p, d) = dual.(i) in
        largest := Z.add !largest (Z.mul (Z.abs p) (Z.div den d))
      end) ws;
  let columns = Z.succ (Z.min need !wside) in
  let words = Z.of_int ((Z.numbits !largest + 29) / 30) in
  if Z.gt (Z.mul (Z.mul (Z.of_int !side) columns) words) max_dp_cells || Z.gt (Z.mul columns words) max_dp_row then
    too_large (Printf.sprintf "too costly to check: the knapsack DP needs %d x %s cells of %s 30-bit words" !side
                 (Z.to_string columns) (Z.to_string words))

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "spec"; "arity"; "input"; "value"; "primal"; "dual"]
    ["bob_rule"; "producer"];
  let spec = str "spec" (field kv "spec") in
  let ws, t = parse_wthr spec in
  let q = List.length ws in
  (match field kv "arity" with
   | `Int n when n = q -> ()
   | `Int _ | `Intlit _ -> malformed (Printf.sprintf "arity differs from the spec's arity %d" q)
   | _ -> malformed "arity: expected a JSON integer");
  let runs, _ = Kind_symmetric.input_runs q (str "input" (field kv "input")) in
  let zs = String.concat "" (List.map (fun (bit, count) ->
      String.make (Z.to_int count) (if bit then '1' else '0')) runs) in
  if String.length zs <> q then malformed (Printf.sprintf "input: expected %d bits" q);
  let value = number "value" (field kv "value") in
  let dual = List.mapi (fun i x -> number (Printf.sprintf "dual[%d]" i) x) (list "dual" (field kv "dual")) in
  if List.length dual <> q then malformed (Printf.sprintf "dual: expected q = %d entries" q);
  let entries = list "primal" (field kv "primal") in
  if List.length entries * q > max_mask_bits then
    too_large (Printf.sprintf "primal: %d blocks x %d coordinates exceeds 2^24 (the proved checker holds each block as an N-bit mask)" (List.length entries) q);
  let primal = primal_masks q entries in
  check_denominators "primal" (List.map snd primal);
  check_denominators "dual" dual;
  refuse_costly_dp ws t zs dual;
  (* a block's mask as bools directly (a witness, not part of the statement) *)
  let prim = List.map (fun (m, w) -> (List.init q (fun i -> m.[i] = '1'), q_of w)) primal in
  let ok = Checkers.checkThresholdFamily ws t (bits "input" zs) prim (List.map q_of dual) (q_of value) in
  { Verdict.accepted = ok; quantity = "fbs"; value = show_q value;
    statement = Printf.sprintf "FbsIs %s %s %s" (spec_term spec ws t) (coq_bits zs) (coq_q value);
    lemma = "ThresholdCheck.checkThresholdFamily_sound" }
