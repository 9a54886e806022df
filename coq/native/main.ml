(* main.ml -- fbs-proved [--tables FILE] FILE... (or --kinds: the kinds it checks): check certificates with the Coq checkers
   extracted to OCaml (module Checkers, from Extract.v). For each file, one line:

     proved: FILE: QUANTITY = VALUE: STATEMENT [LEMMA]           (standard output, exit 0)
     REFUSED: FILE: the proved checker answers false for STATEMENT  (standard error, exit 1)
     error: FILE: MESSAGE            (malformed, unsupported, a bound, a resource; exit 2)
     error: FILE: internal error: EXN                             (a bug of ours; exit 3)

   The process exits with the largest code. STATEMENT is the Coq proposition that LEMMA
   proves from the checker's answer true (docs/formal.md, "The proved program").
   `-` reads standard input. Gzip is not read here: the launcher (`fbs check --proved`)
   decompresses, or `gzip -dc FILE | fbs-proved -`.
   --tables FILE: a JSON object spec text -> truth table bits, for specs this program does
   not read itself (kind_exhaustive.ml, spec.ml). *)

(* The dispatcher: a certificate's kind (for kind tree, "tree/VERSION") -> its reader.
   Adding a kind: one reader file, one line here, one name in Extract.v. *)
let kinds : (string * ((string * Yojson.Safe.t) list -> Verdict.t)) list = [
  "exhaustive", Kind_exhaustive.check;
  "tree/1", Kind_tree.check;
  "tree/2", Kind_tree.check;
  "tree/3", Kind_tree3.check;
  "symmetric", Kind_symmetric.check;
  "measure", Kind_measure.check;
  "global-measure", Kind_global.check;
  "census-classes", Kind_census_classes.check;
  "weighted", Kind_weighted.check;
  "threshold", Kind_threshold.check;
  "census-shard", Kind_census_shard.check;
]

let kind_key kv =
  let kind = match List.assoc_opt "kind" kv with
    | Some (`String k) -> k
    | _ -> Reader.malformed "field 'kind' must be a JSON string" in
  if kind <> "tree" then kind
  else match List.assoc_opt "version" kv with
    | None -> "tree/1"
    | Some (`Int v) -> "tree/" ^ string_of_int v
    | Some _ -> Reader.malformed "field 'version' must be an integer"

let check_one (name : string) : int =
  let data = Reader.read_input name in
  let kv = Reader.obj "certificate" (Reader.parse data) in
  (match List.assoc_opt "format" kv with
   | Some (`String "fbs-certificate/1") -> ()
   | _ -> Reader.malformed "field 'format' must be \"fbs-certificate/1\"");
  let key = kind_key kv in
  match List.assoc_opt key kinds with
  | None ->
      raise (Reader.Refuse (2, Printf.sprintf "unsupported: kind %S has no proved checker (proved kinds: %s)"
                               key (String.concat ", " (List.map fst kinds))))
  | Some reader ->
      let v = reader kv in
      if v.Verdict.accepted then begin
        Printf.printf "proved: %s: %s = %s: %s [%s]\n%!" name v.quantity v.value v.statement v.lemma; 0
      end else begin
        Printf.eprintf "REFUSED: %s: the proved checker answers false for %s\n%!" name v.statement; 1
      end

let guarded (name : string) : int =
  let fail code msg = Printf.eprintf "error: %s: %s\n%!" name msg; code in
  try check_one name with
  | Reader.Refuse (code, msg) -> fail code msg
  | Stack_overflow -> fail 2 "beyond the checker's work bound: stack overflow (the certificate nests too deep)"
  | Out_of_memory -> fail 2 "beyond the checker's work bound: out of memory"
  | e -> fail 3 ("internal error (a bug of fbs-proved): " ^ Printexc.to_string e)

let read_tables (path : string) =
  let kv = Reader.obj "--tables" (Reader.parse (Reader.read_input path)) in
  List.iter (fun (spec, bits) -> Hashtbl.replace Spec.tables spec (Reader.str "--tables" bits)) kv

let () =
  let rec args = function
    | "--tables" :: path :: rest ->
        (match (try read_tables path; None with Reader.Refuse (_, m) -> Some m) with
         | Some m -> Printf.eprintf "error: --tables %s: %s\n%!" path m; exit 2
         | None -> args rest)
    | "--full-statements" :: rest -> Reader.full_statements := true; args rest
    | "--kinds" :: _ -> print_endline (String.concat " " (List.map fst kinds)); exit 0
    | "--" :: rest -> rest
    | rest -> rest in
  let files = args (List.tl (Array.to_list Sys.argv)) in
  if files = [] then begin
    prerr_endline "usage: fbs-proved [--tables FILE] [--] FILE... (FILE - is standard input)"; exit 2
  end;
  exit (List.fold_left (fun code f -> max code (guarded f)) 0 files)
