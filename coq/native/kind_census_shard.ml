(* kind_census_shard.ml -- kind `census-shard` (certificates/FORMAT.md section 13) for the
   checker checkShard of checkers/CensusShardCheck.v, proved sound by checkShard_sound:
   accepted means R is the least of its images under the permutations of the q - 1 points, the
   orbit is the number of distinct images, and for every visit U0 of the part (the checker's own
   enumeration) the up-set U = U0 | R << 2^(q-1) has the key's values (CensusEntryIs: fbs, s, bs,
   C of the minimal members of U and of the function U at 0^q), and every claimed count is
   |K| * 2^(q+1) * the sum of 2^(extra U) over the visits of its key.
   Untrusted reader: fields and the FORMAT.md bounds (malformed as the stdlib checker says);
   each claimed fbs reduced (p/g, d/g), the form the checker's keys have. The checker
   enumerates the visits, computes every value and finds every witness itself. *)

open Reader

let max_visits = 1 lsl 17
let max_parts = 1_000_000
let pair_keys = ["denominator"; "weights"; "dual"; "packing"]

(* A JSON integer in 0..2^64 - 1 (FORMAT.md: "integers in 0..2^64"). *)
let natural where (v : Yojson.Safe.t) : Z.t = match v with
  | `Int n when n >= 0 -> Z.of_int n
  | `Intlit s when is_digits s && Z.numbits (Z.of_string s) <= 64 -> Z.of_string s
  | _ -> malformed (where ^ ": expected an integer in 0..2^64")

let mask q where (v : Yojson.Safe.t) : int = match v with
  | `Int m when 0 < m && m < 1 lsl q -> m
  | _ -> malformed (Printf.sprintf "%s: mask is not a nonempty set of %d points" where q)

(* "0x..." of at most 2^p bits, an up-set on p points (verify/checker/upsets.py). *)
let prefix p (v : Yojson.Safe.t) : Z.t =
  let text = match v with `String s -> s | _ -> "" in
  let n = String.length text in
  if n < 3 || String.sub text 0 2 <> "0x" || n > 3 + (1 lsl p) / 4 then
    malformed (Printf.sprintf "prefix: expected a hex string 0x... of at most 2^%d bits" p);
  let hex = String.sub text 2 (n - 2) in
  if not (String.for_all (fun c -> ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')) hex) then
    malformed "prefix: not hexadecimal";
  let t = Z.of_string_base 16 hex in
  let mem m = Z.testbit t m in
  let upset = ref (Z.numbits t <= 1 lsl p) in
  for m = 0 to (1 lsl p) - 1 do
    if mem m then for b = 0 to p - 1 do if not (mem (m lor (1 lsl b))) then upset := false done
  done;
  if not !upset then malformed (Printf.sprintf "prefix: not an up-set on %d points" p);
  t

let part (v : Yojson.Safe.t) : int * int =
  let bad () = malformed (Printf.sprintf "part: expected \"k/n\" with 0 <= k < n <= %d" max_parts) in
  match v with
  | `String s -> (match String.split_on_char '/' s with
      | [k; n] when is_digits k && is_digits n && String.length k <= 7 && String.length n <= 7 ->
          let k = int_of_string k and n = int_of_string n in
          if 0 <= k && k < n && n <= max_parts then (k, n) else bad ()
      | _ -> bad ())
  | _ -> bad ()

let pair q k (e : Yojson.Safe.t) : Checkers.pairIn =
  let at = Printf.sprintf "pairs[%d]" k in
  let kv = obj at e in
  require_keys at kv pair_keys [];
  let f key = field kv key in
  let d = natural (at ^ ".denominator") (f "denominator") in
  let shape () = malformed (Printf.sprintf "%s: a positive denominator, weights [[mask, numerator], ...], q = %d dual numerators and a packing" at q) in
  let weights = match f "weights" with `List l -> l | _ -> shape () in
  let dual = match f "dual" with `List l -> l | _ -> shape () in
  let packing = match f "packing" with `List l -> l | _ -> shape () in
  if Z.equal d Z.zero || List.length dual <> q then shape ();
  let seen = Hashtbl.create 16 in
  let ws = List.map (fun item -> match item with
      | `List [m; w] ->
          let m = mask q (at) m in
          if Hashtbl.mem seen m then malformed (Printf.sprintf "%s.weights: mask %d repeated" at m);
          Hashtbl.add seen m ();
          (Z.of_int m, natural (at ^ ".weights") w)
      | _ -> malformed (at ^ ".weights: each entry is [mask, numerator]")) weights in
  let dual = List.map (natural (at ^ ".dual")) dual in
  let used = ref 0 in
  let pack = List.map (fun v -> let m = mask q at v in
                        if !used land m <> 0 then malformed (Printf.sprintf "%s.packing: mask %d meets another" at m);
                        used := !used lor m; Z.of_int m) packing in
  { Checkers.piDen = d; piWeights = ws; piDual = dual; piPacking = pack }

(* The number of up-sets on p points inside `bound` (verify/checker/upsets.py's count, untrusted:
   only to apply the stdlib checker's order of refusals, a part with another number of visits
   before the pairs' bound; the checker enumerates the visits itself). *)
let rec ups p bound : Z.t list =
  if p = 0 then (if Z.testbit bound 0 then [Z.zero; Z.one] else [Z.zero]) else
  let half = 1 lsl (p - 1) in
  let low = Z.extract bound 0 half and high = Z.shift_right bound half in
  List.concat_map (fun h -> List.map (fun l -> Z.logor l (Z.shift_left h half)) (ups (p - 1) (Z.logand low h)))
    (ups (p - 1) high)

let counted : (int * Z.t, Z.t) Hashtbl.t = Hashtbl.create 64
let rec count p bound : Z.t =
  if p = 0 then (if Z.testbit bound 0 then Z.of_int 2 else Z.one) else
  match Hashtbl.find_opt counted (p, bound) with
  | Some n -> n
  | None ->
      let half = 1 lsl (p - 1) in
      let low = Z.extract bound 0 half and high = Z.shift_right bound half in
      let n = List.fold_left (fun acc h -> Z.add acc (count (p - 1) (Z.logand low h))) Z.zero (ups (p - 1) high) in
      Hashtbl.add counted (p, bound) n; n

let natural_small where v = let k = natural where v in
  if Z.leq k (Z.of_int 64) then nat (Z.to_int k) else nat 65  (* no key has a value above q *)

let counts (raw : Yojson.Safe.t list) =
  let seen = Hashtbl.create 64 in
  List.map (fun item -> match item with
      | `List [fbs; s; bs; c; n] ->
          let (p, d) = number "counts" fbs in
          let g = Z.gcd p d in
          let p, d = Z.div p g, Z.div d g in
          let sv = natural "counts" s and bsv = natural "counts" bs and cv = natural "counts" c in
          let n = match n with
            | `String t when is_digits t && String.length t <= 100 -> Z.of_string t
            | _ -> malformed "counts: the pairs are a decimal string" in
          let key = (Z.to_string p, Z.to_string d, Z.to_string sv, Z.to_string bsv, Z.to_string cv) in
          if Hashtbl.mem seen key then malformed "counts: a row is repeated";
          Hashtbl.add seen key ();
          ((((({ Checkers.qnum = p; qden = d } : Checkers.q), natural_small "counts" s), natural_small "counts" bs),
            natural_small "counts" c), n)
      | _ -> malformed "counts: each entry is [fbs, s, bs, C, pairs]") raw

(* Checkers.ctxOf q (what the checker needs of q alone: candidate sets, tables, the
   permutations), computed once per q in a run: checkShardWith_sound speaks of exactly this. *)
let contexts : (int, Checkers.ctx) Hashtbl.t = Hashtbl.create 8
let context q = match Hashtbl.find_opt contexts q with
  | Some x -> x
  | None -> let x = Checkers.ctxOf (nat q) in Hashtbl.add contexts q x; x

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "arity"; "prefix"; "part"; "orbit"; "pairs"; "use"; "counts"] ["producer"];
  let q = int_in "arity" 2 7 (field kv "arity") in
  let r = prefix (q - 1) (field kv "prefix") in
  let (k, n) = part (field kv "part") in
  let use = list "use" (field kv "use") in
  if List.length use > max_visits then
    too_large (Printf.sprintf "use: more than %d visits in one certificate (split the shard into parts)" max_visits);
  let orbit = match field kv "orbit" with
    | `Int o -> Z.of_int o | `Intlit s -> Z.of_string s | _ -> malformed "orbit: expected a JSON integer" in
  let raw_pairs = list "pairs" (field kv "pairs") in
  let visits = count (q - 1) (Z.logand r (Z.lognot Z.one)) in
  let in_part = Z.max Z.zero (Z.div (Z.add (Z.sub visits (Z.of_int k)) (Z.of_int (n - 1))) (Z.of_int n)) in
  let same_count = Z.equal in_part (Z.of_int (List.length use)) in
  (* as the stdlib checker: a part with another number of visits is refused (by the checker,
     whose walk then fails) before the pairs' bound applies *)
  if same_count && List.length raw_pairs > max 1 (List.length use) then too_large "pairs: more pairs than visits";
  let raw_pairs = if same_count then raw_pairs else [] in
  let pairs = List.mapi (pair q) raw_pairs in
  let npairs = List.length pairs in
  let use = if not same_count then List.map (fun _ -> Z.zero) use else List.mapi (fun i v -> match v with
      | `Int j when 0 <= j && j < npairs -> Z.of_int j
      | _ -> malformed (Printf.sprintf "use[%d]: expected a pair index in 0..%d" i (npairs - 1))) use in
  let claimed = counts (list "counts" (field kv "counts")) in
  let shard = { Checkers.shQ = nat q; shPrefix = r; shK = Z.of_int k; shN = Z.of_int n; shOrbit = orbit;
                shPairs = pairs; shUse = use; shCounts = claimed } in
  let ok = Checkers.checkShardWith (context q) shard in
  let row = String.concat "; " (List.map (fun ((((v, s), bs), c), cnt) ->
      let ni x = let rec go acc = function Checkers.O -> acc | Checkers.S m -> go (acc + 1) m in go 0 x in
      Printf.sprintf "(%s, %d, %d, %d) -> %s" (show_q (v.Checkers.qnum, v.Checkers.qden)) (ni s) (ni bs) (ni c)
        (Z.to_string cnt)) claimed) in
  let row_shown = if String.length row <= 400 then row
    else Printf.sprintf "%d keys, md5 %s" (List.length claimed) (Digest.to_hex (Digest.string row)) in
  { Verdict.accepted = ok; quantity = "visits"; value = string_of_int (List.length use);
    statement = Printf.sprintf
        "ShardIs: shard R = %s of q = %d, part %d/%d: R <= every image of R under the permutations of the %d points, |K| = %s distinct images, and for every visit U0 of partVisits %d R %d %d, VisitIs %d (visitTable %d U0 R) key (CensusEntryIs: NuStarIs/SigmaIs/NuIs/TauIs of MinimalOf q (UpFam q U); FbsValue/SensitivityIs/BlockSensitivityIs/CertificateComplexityIs of upFun U at zeros q), and each row count = |K| * 2^(q+1) * sum of 2^(extraOf U) over the visits of its key: %s"
        (Z.format "%#x" r) q k n (q - 1) (Z.to_string orbit) q k n q q row_shown;
    lemma = "CensusShardCheck.checkShardWith_sound" }
