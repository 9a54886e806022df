(* kind_census_classes.ml -- kind `census-classes` (certificates/FORMAT.md section 12) for the
   checker checkCensusClasses of checkers/CensusClassesCheck.v, proved sound by
   checkCensusClasses_sound: accepted means CensusEntryIs q table fbs s bs C for every entry,
   i.e. NuStarIs, SigmaIs, NuIs and TauIs of MinimalOf q (UpFam q table) are fbs, s, bs and C,
   and so are FbsValue, SensitivityIs, BlockSensitivityIs and CertificateComplexityIs of the
   monotone function upFun q table at zeros q (Lemma 1).
   Untrusted reader: fields and the FORMAT.md bounds (malformed as the stdlib checker says);
   masks to blocks (coordinate i = bit q-1-i); numerators / D as Q; and two witnesses the
   certificate does not carry, which the checker verifies: the coordinates of the one-point
   members (s) and the complement of a largest set outside U (a smallest certificate, C). *)

open Reader

let max_arity = 7
let max_entries = 1 lsl 20
let entry_keys = ["table"; "fbs"; "s"; "bs"; "C"; "denominator"; "weights"; "dual"; "packing"]

(* A JSON integer in 0..2^64 - 1 (FORMAT.md: "integers in 0..2^64"). *)
let natural where (v : Yojson.Safe.t) : Z.t = match v with
  | `Int n when n >= 0 -> Z.of_int n
  | `Intlit s when is_digits s && Z.numbits (Z.of_string s) <= 64 -> Z.of_string s
  | _ -> malformed (where ^ ": expected an integer in 0..2^64")

(* A claimed measure as the checker's nat: values above q + 1 are all refused alike. *)
let measure q where v = let k = natural where v in
  if Z.leq k (Z.of_int (q + 1)) then Z.to_int k else q + 2

let mask q where (v : Yojson.Safe.t) : int = match v with
  | `Int m when 0 < m && m < 1 lsl q -> m
  | _ -> malformed (where ^ ": a mask is a nonempty set of q points (1..2^q - 1)")

(* Mask m as the model's block: coordinate i is bit q-1-i. *)
let block q (m : int) : bool list = List.init q (fun i -> (m lsr (q - 1 - i)) land 1 = 1)

let popcount m = let rec go m c = if m = 0 then c else go (m land (m - 1)) (c + 1) in go m 0

(* "0x..." of at most 2^q bits: an up-set of nonempty sets on q points. *)
let table q where (v : Yojson.Safe.t) : Z.t =
  let text = str where v in
  let n = String.length text in
  if n < 3 || String.sub text 0 2 <> "0x" || n > 2 + (1 lsl q) / 4 + 1 then
    malformed (Printf.sprintf "%s: expected a hex string 0x... of at most 2^%d bits" where q);
  let hex = String.sub text 2 (n - 2) in
  if not (String.for_all (fun c -> ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')) hex) then
    malformed (where ^ ": not hexadecimal");
  let t = Z.of_string_base 16 hex in
  let mem m = Z.testbit t m in
  let upset = ref (Z.numbits t <= 1 lsl q && not (mem 0)) in
  for m = 0 to (1 lsl q) - 1 do
    if mem m then for b = 0 to q - 1 do
        if not (mem (m lor (1 lsl b))) then upset := false done
  done;
  if not !upset then malformed (Printf.sprintf "%s: not an up-set of nonempty sets on %d points" where q);
  t

let entry q k (e : Yojson.Safe.t) : Checkers.censusEntry * string =
  let at = Printf.sprintf "classes[%d]" k in
  let kv = obj at e in
  require_keys at kv entry_keys [];
  let f key = field kv key in
  let t = table q (at ^ ".table") (f "table") in
  let (vp, vd) as v = number (at ^ ".fbs") (f "fbs") in
  let s = measure q (at ^ ".s") (f "s") and bs = measure q (at ^ ".bs") (f "bs")
  and c = measure q (at ^ ".C") (f "C") in
  let d = natural (at ^ ".denominator") (f "denominator") in
  if Z.equal d Z.zero then malformed (at ^ ".denominator: must be positive");
  let ws = List.map (fun p -> match p with
      | `List [m; w] -> (block q (mask q (at ^ ".weights") m),
                         { Checkers.qnum = natural (at ^ ".weights") w; qden = d })
      | _ -> malformed (at ^ ".weights: each entry is [mask, numerator]")) (list (at ^ ".weights") (f "weights")) in
  let dual = list (at ^ ".dual") (f "dual") in
  if List.length dual <> q then malformed (Printf.sprintf "%s: dual a list of q = %d numerators" at q);
  let dual = List.map (fun x -> { Checkers.qnum = natural (at ^ ".dual") x; qden = d }) dual in
  let packing = List.map (fun m -> block q (mask q (at ^ ".packing") m)) (list (at ^ ".packing") (f "packing")) in
  (* the witnesses: the one-point members, and the complement of a largest set outside U *)
  let full = (1 lsl q) - 1 in
  let scoords = List.filter (fun i -> Z.testbit t (1 lsl (q - 1 - i))) (List.init q Fun.id) in
  let outside = ref 0 in
  for m = 0 to full do if not (Z.testbit t m) && popcount m > popcount !outside then outside := m done;
  let cert = block q (full land lnot !outside) in
  let e = { Checkers.ceTable = t; ceWeights = ws; ceDual = dual; ceFbs = q_of v;
            ceSCoords = List.map nat scoords; ceS = nat s; ceCert = cert; ceC = nat c;
            cePacking = packing; ceBs = nat bs } in
  let claim = Printf.sprintf "CensusEntryIs %d %s %s %s %s %s" q (Z.to_string t) (coq_q (vp, vd))
      (Z.to_string (natural "s" (f "s"))) (Z.to_string (natural "bs" (f "bs"))) (Z.to_string (natural "C" (f "C"))) in
  (e, claim)

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  require_keys "certificate" kv ["format"; "kind"; "arity"; "classes"] ["producer"];
  let q = int_in "arity" 1 max_arity (field kv "arity") in
  let classes = list "classes" (field kv "classes") in
  if List.length classes > max_entries then too_large "classes: more than 2^20 entries";
  (* tail-recursive (up to 2^20 entries): OCaml's List.mapi is not *)
  let read = List.rev (snd (List.fold_left (fun (k, acc) e -> (k + 1, entry q k e :: acc)) (0, []) classes)) in
  let entries = List.rev (List.rev_map fst read) and claims = List.rev (List.rev_map snd read) in
  let n = List.length entries in
  let ok = Checkers.checkCensusClasses (nat q) entries in
  let listing = String.concat "\n" claims in
  let shown = match claims with
    | [] -> "no entries"
    | [c] -> c
    | c :: _ -> Printf.sprintf "%s, ... (%d entries; md5 of their CensusEntryIs lines: %s)" c n
                  (Digest.to_hex (Digest.string listing)) in
  { Verdict.accepted = ok; quantity = "classes"; value = string_of_int n;
    statement = Printf.sprintf "forall entry: CensusEntryIs q table fbs s bs C (NuStarIs/SigmaIs/NuIs/TauIs of MinimalOf q (UpFam q table); FbsValue/SensitivityIs/BlockSensitivityIs/CertificateComplexityIs of upFun q table at zeros q): %s" shown;
    lemma = "CensusClassesCheck.checkCensusClasses_sound" }
