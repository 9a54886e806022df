(* reader.ml -- the untrusted, total reader of fbs-proved: a certificate file (JSON, already
   decompressed: the launcher gunzips, or `gzip -dc FILE | fbs-proved -`) as a checked JSON
   value, and the helpers the kind readers use to turn fields into the checkers' inputs.
   Every problem is the exception Refuse (exit code, one line); nothing here decides a
   verdict. Bounds (certificates/FORMAT.md section 4): 256 MiB, 8,000,000 JSON values
   (counted before parsing), number strings and integer literals of at most 1000 characters,
   no duplicate keys, no NaN/Infinity. *)

exception Refuse of int * string

let malformed msg = raise (Refuse (2, "malformed certificate: " ^ msg))
let too_large msg = raise (Refuse (2, "beyond the checker's work bound: " ^ msg))

(* --full-statements: print every statement whole (a tree's Coq term too), never its digest. *)
let full_statements = ref false

let max_bytes = 256 * 1024 * 1024
let max_values = 8_000_000
let max_number_chars = 1000

(* At most max_bytes + 1 bytes of the file (or standard input for "-"). *)
let read_input (name : string) : string =
  let ic = try if name = "-" then (set_binary_mode_in stdin true; stdin) else open_in_bin name
    with Sys_error e -> raise (Refuse (2, "cannot read certificate file: " ^ e)) in
  let buf = Buffer.create 65536 and chunk = Bytes.create 65536 in
  let rec go () =
    if Buffer.length buf <= max_bytes then begin
      let n = input ic chunk 0 (Bytes.length chunk) in
      if n > 0 then (Buffer.add_subbytes buf chunk 0 n; go ())
    end in
  (try go () with Sys_error e -> raise (Refuse (2, "cannot read certificate file: " ^ e)));
  if name <> "-" then close_in_noerr ic;
  if Buffer.length buf > max_bytes then
    too_large (Printf.sprintf "certificate file exceeds %d bytes" max_bytes);
  Buffer.contents buf

(* 1 + the count of [ { , : bounds the number of JSON values (FORMAT.md section 4). *)
let values_bound (s : string) : int =
  let n = ref 1 in
  String.iter (fun c -> if c = '[' || c = '{' || c = ',' || c = ':' then incr n) s; !n

(* Strict JSON on top of yojson: no duplicate key, no NaN/Infinity, no extension (tuples,
   variants), integer literals of at most 1000 digits. *)
let rec strict (v : Yojson.Safe.t) : unit =
  match v with
  | `Null | `Bool _ | `Int _ | `String _ -> ()
  | `Intlit s -> if String.length s > max_number_chars then
      too_large "JSON integer longer than 1000 digits"
  | `Float f -> if not (Float.is_finite f) then
      malformed "JSON constant NaN or Infinity is not allowed"
  | `List l -> List.iter strict l
  | `Assoc kv ->
      let keys = List.sort compare (List.map fst kv) in
      let rec dup = function a :: (b :: _ as r) -> if a = b then Some a else dup r | _ -> None in
      (match dup keys with Some k -> malformed ("duplicate JSON key " ^ String.escaped k)
                         | None -> ());
      List.iter (fun (_, x) -> strict x) kv
  | `Tuple _ | `Variant _ -> malformed "not valid JSON"

let parse (data : string) : Yojson.Safe.t =
  if String.length data >= 2 && data.[0] = '\x1f' && data.[1] = '\x8b' then
    malformed "gzip data: decompress first (gzip -dc FILE | fbs-proved -)";
  if values_bound data > max_values then
    too_large "certificate too large: more than 8000000 JSON values";
  let v = try Yojson.Safe.from_string data
    with Yojson.Json_error e -> malformed ("not valid JSON: " ^ List.hd (String.split_on_char '\n' e))
       | Invalid_argument _ | Failure _ -> malformed "not valid JSON" in
  strict v; v

(* --- fields --- *)

let obj (where : string) (v : Yojson.Safe.t) = match v with
  | `Assoc kv -> kv | _ -> malformed (where ^ ": expected a JSON object")

let require_keys (where : string) kv (required : string list) (optional : string list) =
  List.iter (fun k -> if not (List.mem_assoc k kv) then
                malformed (Printf.sprintf "%s: missing field '%s'" where k)) required;
  List.iter (fun (k, _) -> if not (List.mem k required || List.mem k optional) then
                malformed (Printf.sprintf "%s: unknown field '%s'" where (String.escaped k))) kv

let field kv k = List.assoc k kv

let str where = function `String s -> s | _ -> malformed (where ^ ": expected a JSON string")
let list where = function `List l -> l | _ -> malformed (where ^ ": expected a JSON array")

(* A JSON integer (bool is not one) as an OCaml int in [lo, hi]. *)
let int_in where lo hi (v : Yojson.Safe.t) : int = match v with
  | `Int n when lo <= n && n <= hi -> n
  | `Int _ | `Intlit _ -> malformed (Printf.sprintf "%s: expected an integer in %d..%d" where lo hi)
  | _ -> malformed (where ^ ": expected a JSON integer")

let is_digits s = s <> "" && String.for_all (fun c -> '0' <= c && c <= '9') s

(* "p/q" or "p": ASCII digits, optional leading '-', positive denominator, <= 1000 chars. *)
let number where (v : Yojson.Safe.t) : Z.t * Z.t =
  let s = str where v in
  if String.length s > max_number_chars then too_large (where ^ ": number longer than 1000 characters");
  let bad () = malformed (where ^ ": not of the form \"p/q\" or \"p\"") in
  let p, q = match String.index_opt s '/' with
    | None -> s, "1" | Some i -> String.sub s 0 i, String.sub s (i + 1) (String.length s - i - 1) in
  let pd = if String.length p > 0 && p.[0] = '-' then String.sub p 1 (String.length p - 1) else p in
  if not (is_digits pd && is_digits q) then bad ();
  let qz = Z.of_string q in
  if Z.equal qz Z.zero then malformed (where ^ ": denominator 0");
  (Z.of_string p, qz)

let q_of (p, d) : Checkers.q = { Checkers.qnum = p; qden = d }

(* The least common denominator of the numbers must fit in 2^14 bits (FORMAT.md section 3). *)
let max_denominator_bits = 1 lsl 14
let check_denominators where (xs : (Z.t * Z.t) list) =
  let l = List.fold_left (fun acc (_, d) ->
      let acc = Z.lcm acc d in
      if Z.numbits acc > max_denominator_bits then
        too_large (where ^ ": the common denominator exceeds 2^14 bits");
      acc) Z.one xs in
  ignore l

(* A primal [{"block": [i, ...], "weight": "p/q"}, ...] as (mask of q characters 0/1, weight):
   each block nonempty, at most q strictly increasing coordinates in 0..q-1, no block twice. *)
let primal_masks (q : int) (entries : Yojson.Safe.t list) : (string * (Z.t * Z.t)) list =
  let seen = Hashtbl.create 64 in
  List.mapi (fun k e ->
      let at = Printf.sprintf "primal[%d]" k in
      let e = obj at e in
      require_keys at e ["block"; "weight"] [];
      let block = list at (field e "block") in
      if block = [] || List.length block > q then malformed (at ^ ": a block is a nonempty list of at most q coordinates");
      let idx = List.map (int_in at 0 (q - 1)) block in
      let rec incr = function a :: (b :: _ as r) -> a < b && incr r | _ -> true in
      if not (incr idx) then malformed (at ^ ": coordinates must be strictly increasing");
      if Hashtbl.mem seen idx then malformed (at ^ ": duplicate block");
      Hashtbl.add seen idx ();
      let mask = Bytes.make q '0' in
      List.iter (fun i -> Bytes.set mask i '1') idx;
      (Bytes.to_string mask, number (at ^ ".weight") (field e "weight"))) entries

(* s without the whitespace the spec grammar ignores (the key of a launcher's table). *)
let nospace (s : string) : string =
  String.concat "" (List.map (String.make 1) (List.filter (fun c -> not (String.contains " \t\n\r\x0b\x0c" c)) (List.init (String.length s) (String.get s))))

(* A 0/1 string as the model's bits (model/Families.v bitsOf, run as extracted). *)
let explode s = List.init (String.length s) (String.get s)
let bits where (s : string) : bool list =
  if not (String.for_all (fun c -> c = '0' || c = '1') s) then
    malformed (where ^ ": expected a 0/1 string");
  Checkers.bitsOf (explode s)

let rec nat_of_int_acc acc n = if n <= 0 then acc else nat_of_int_acc (Checkers.S acc) (n - 1)
let nat (n : int) : Checkers.nat = nat_of_int_acc Checkers.O n

(* --- printing the statement --- *)

let show_q ((p, d) : Z.t * Z.t) : string =
  let g = Z.gcd p d in
  let p, d = Z.div p g, Z.div d g in
  if Z.equal d Z.one then Z.to_string p else Z.to_string p ^ "/" ^ Z.to_string d

let coq_q ((p, d) : Z.t * Z.t) : string =
  if Z.sign p < 0 then Printf.sprintf "((%s) # %s)" (Z.to_string p) (Z.to_string d)
  else Printf.sprintf "(%s # %s)" (Z.to_string p) (Z.to_string d)

(* A bit string in a statement: itself up to 64 bits, else its runs (1^50,0^49) when they
   are short, else its length and MD5 digest. *)
let runs (s : string) : string =
  let b = Buffer.create 64 and n = String.length s in
  let i = ref 0 in
  while !i < n && Buffer.length b <= 64 do
    let j = ref !i in
    while !j < n && s.[!j] = s.[!i] do incr j done;
    if Buffer.length b > 0 then Buffer.add_char b ',';
    Buffer.add_string b (Printf.sprintf "%c^%d" s.[!i] (!j - !i));
    i := !j
  done;
  if !i < n then "" else Buffer.contents b

let coq_bits (s : string) : string =
  if String.length s <= 64 then Printf.sprintf "(bitsOf \"%s\")" s
  else match runs s with
    | r when r <> "" && String.length r <= 64 -> Printf.sprintf "(bitsOf <%d bits: %s>)" (String.length s) r
    | _ -> Printf.sprintf "(bitsOf <%d bits, md5 %s>)" (String.length s) (Digest.to_hex (Digest.string s))
