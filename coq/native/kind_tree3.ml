(* kind_tree3.ml -- kind `tree`, version 3 (certificates/FORMAT.md section 6, "Version 3: side
   records") for the checker checkTreeV3 of checkers/TreeV3Check.v, proved sound by
   checkTreeV3_family_sound: accepted means RhoT (uniform F d) (fun p => alpha (leafIndex q p)) V,
   V = rho_T = fbs_alpha(F_T) (model/TreeStatements.v), for a symmetric family F of arity q
   (the checker runs on eval F and arity F).
   Untrusted reader: the compact uniform tree (and:, or:, parity:, maj:, thr: at every node),
   alpha_base64 as a byte string read bit by bit (leaf j at bit 7 - j mod 8 of byte j / 8),
   the side records [need, "c c ...", T, "v v ...", uses] as the checker's SideIn. `uses` is
   read for its form only (a producer cross-check soundness does not use, as are unused and
   duplicated side records: the stdlib checker refuses those, this program does not look). *)

open Reader

(* The stdlib checker's bounds for this form (FORMAT.md section 6, version 3's leaves): 2^29
   leaves, 2^23 when q^(d-1) > 2^26. *)
let max_leaves = 1 lsl 29
let max_depth = 64
let symmetric_families = ["and"; "or"; "parity"; "maj"; "thr"]

(* A side's numbers: one string of number texts separated by single spaces. *)
let numbers where (text : string) : (Z.t * Z.t) list =
  List.map (fun t -> number where (`String t)) (String.split_on_char ' ' text)

let side k (e : Yojson.Safe.t) : Checkers.sideIn =
  let where = Printf.sprintf "sides[%d]" k in
  match list where e with
  | [need; caps; value; dual; uses] ->
      let cs = numbers (where ^ ".capacities") (str (where ^ ".capacities") caps) in
      let m = List.length cs in
      let need = int_in (where ^ ".need") 1 m need in
      let ds = numbers (where ^ ".dual") (str (where ^ ".dual") dual) in
      if List.length ds <> m then malformed (where ^ ".dual: one number per capacity");
      let t = number (where ^ ".value") value in
      (match uses with
       | `Int u when u >= 1 -> ()   (* an OCaml int is below 2^62 *)
       | `Intlit s when s = "4611686018427387904" -> ()
       | `Intlit s when s <> "" && s.[0] <> '-' -> too_large (where ^ ".uses: above 2^62")
       | _ -> malformed (where ^ ".uses: expected an integer 1..2^62"));
      check_denominators where (t :: cs);
      check_denominators where ds;
      { Checkers.inNeed = nat need; inCaps = List.map q_of cs; inValue = q_of t; inDual = List.map q_of ds }
  | _ -> malformed (where ^ ": expected [need, capacities, value, dual, uses]")

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "version"; "tree"; "alpha_base64"; "value"; "records"; "sides"]
    ["files"; "producer"];
  let tkv = obj "tree" (field kv "tree") in
  if not (List.mem_assoc "uniform" tkv) then
    raise (Refuse (2, "unsupported: tree version 3: the proved checker reads the compact uniform form with a symmetric aggregator (and:, or:, parity:, maj:, thr:); `fbs check` checks the others"));
  require_keys "tree" tkv ["uniform"] [];
  let ukv = obj "tree.uniform" (field tkv "uniform") in
  require_keys "tree.uniform" ukv ["aggregator"; "depth"] [];
  let spec = nospace (str "tree.uniform.aggregator" (field ukv "aggregator")) in
  let family = List.hd (String.split_on_char ':' spec) in
  if not (List.mem family symmetric_families) then
    raise (Refuse (2, Printf.sprintf "unsupported: tree version 3: aggregator %S is not one of the symmetric families the proved checker reads (and:, or:, parity:, maj:, thr:)" spec));
  let fn = Spec.read "tree.uniform.aggregator" spec in
  let q = fn.Spec.arity and d = int_in "tree.uniform.depth" 0 max_depth (field ukv "depth") in
  (* q^d leaves, at most 2^29 *)
  let leaves = let rec go acc k = if k = 0 then acc
                 else if acc > max_leaves / q then too_large "tree: more than 2^29 leaves" else go (acc * q) (k - 1) in
    go 1 d in
  if leaves > max_leaves then too_large "tree: more than 2^29 leaves";
  if leaves > 1 lsl 23 && leaves / q > 1 lsl 26 then
    too_large "tree: more than 2^23 leaves with q^(d-1) > 2^26 (the stdlib checker's bound)";
  if list "records" (field kv "records") <> [] then malformed "records: a record no node uses (every node of this tree has side records)";
  let alpha = Kind_tree.unpack_alpha (str "alpha_base64" (field kv "alpha_base64")) leaves in
  let get j = String.unsafe_get alpha (Z.to_int j) = '1' in
  (* hundreds of thousands of side records: tail-recursive (List.mapi is not) *)
  let _, rev_sides = List.fold_left (fun (k, acc) e -> (k + 1, side k e :: acc)) (0, [])
      (list "sides" (field kv "sides")) in
  let sides = List.rev rev_sides in
  let value = number "value" (field kv "value") in
  let ok = Checkers.checkTreeV3 fn.Spec.agg (nat q) (nat d) sides get (q_of value) in
  { Verdict.accepted = ok; quantity = "rho_T"; value = show_q value;
    statement = Printf.sprintf "RhoT (uniform %s %d) (fun p => alpha (leafIndex %d p)) %s, alpha = the %d leaf bits of alpha_base64 (md5 of their 0/1 text: %s)"
        fn.Spec.term d q (coq_q value) leaves (Digest.to_hex (Digest.string alpha));
    lemma = "TreeV3Check.checkTreeV3_family_sound" }
