(* kind_tree.ml -- kind `tree`, versions 1 and 2 (certificates/FORMAT.md section 6) for the
   checker checkTree of checkers/TreeCheck.v, proved sound by checkTree_sound: accepted means
   RhoT T (alphaOf T alpha) V, V = rho_T = fbs_alpha(F_T) (model/TreeStatements.v).
   Untrusted reader: the tree (compact uniform form, composed spec, or explicit fbs-tree/1
   document) as the model's ctree (uniform, over, node), alpha as bits, the records as TRec.
   The checker uses each node's own aggregator, so a record's `aggregator` and (version 2) its
   `nodes` multiplicity are read for their form only: soundness does not use them, and the
   program does not compare the multiplicities (the stdlib checker does). *)

open Reader

(* The Coq checker re-evaluates F_T below every node, reads alpha by a scan of the leaves and
   runs each node's record checks on its 2^q blocks: beyond these the program refuses
   (exit 2). *)
let max_leaves = 1 lsl 14
let max_work = 1 lsl 31
let max_nodes = 600_000
let max_nesting = 32
let max_uniform_depth = 64

type shape = { mutable leaves : int; mutable nodes : int; mutable work : int;
               mutable depths : int }  (* the sum of the nodes' depths *)

(* F_T is evaluated again below every node: the sum over nodes of their subtrees' sizes, the
   sum of the nodes' depths, is bounded too (a chain 3,000 deep is refused). *)
let max_depths = 1 lsl 22
let charge_depth sh depth count =
  sh.depths <- sh.depths + depth * count;
  if sh.depths > max_depths then too_large "tree: the sum of the nodes' depths exceeds 2^22 (the proved checker evaluates F_T below every node)"

let charge sh (fn : Spec.fn) count =
  let q = fn.Spec.arity in
  let per = (1 lsl q) * (if fn.Spec.table <> None then 1 lsl q else q) in
  sh.nodes <- sh.nodes + count;
  if sh.nodes > max_nodes then too_large "tree: more than 600000 nodes";
  sh.work <- sh.work + count * per;
  if sh.work > max_work then too_large "tree: the proved checker's work exceeds 2^31 steps (internal nodes x 2^q blocks)"

let add_leaves sh n =
  sh.leaves <- sh.leaves + n;
  if sh.leaves > max_leaves then too_large (Printf.sprintf "tree: more than %d leaves (the proved checker reads alpha by a scan of the leaves)" max_leaves)

(* compose(OUTER; INNER...) split at its top-level semicolons, or None. *)
let compose_parts (s : string) : string list option =
  let n = String.length s in
  if n < 9 || String.sub s 0 8 <> "compose(" || s.[n - 1] <> ')' then None
  else begin
    let body = String.sub s 8 (n - 9) in
    let parts = ref [] and depth = ref 0 and start = ref 0 in
    String.iteri (fun i c ->
        if c = '(' then incr depth
        else if c = ')' then (decr depth; if !depth < 0 then malformed "tree.spec: unbalanced parentheses")
        else if c = ';' && !depth = 0 then (parts := String.sub body !start (i - !start) :: !parts; start := i + 1))
      body;
    if !depth <> 0 then malformed "tree.spec: unbalanced parentheses";
    Some (List.rev (String.sub body !start (String.length body - !start) :: !parts))
  end

let rec composed sh depth (spec : string) : string * Checkers.ctree =
  if depth > max_nesting then malformed "tree.spec: compose nested deeper than 32";
  let s = nospace spec in
  match compose_parts s with
  | Some (outer :: inners) ->
      let fn = Spec.read "tree.spec" outer in
      if List.length inners <> fn.Spec.arity then malformed "tree.spec: the outer arity differs from the number of inner parts";
      charge sh fn 1;
      let kids = List.map (composed sh (depth + 1)) inners in
      (Printf.sprintf "(node %s [%s])" fn.Spec.term (String.concat "; " (List.map fst kids)),
       Checkers.node fn.Spec.family (List.map snd kids))
  | Some [] -> malformed "tree.spec: empty composition"
  | None ->
      match String.split_on_char ':' s with
      | ["tribes"; w; g] ->
          let w = Spec.param "tree.spec" w ~low:1 and g = Spec.param "tree.spec" g ~low:1 in
          if w > max_leaves || g > max_leaves then too_large "tree.spec: tribes too wide";
          let inner = Spec.read "tree.spec" (Printf.sprintf "and:%d" w)
          and outer = Spec.read "tree.spec" (Printf.sprintf "or:%d" g) in
          add_leaves sh (w * g); charge sh inner g; charge sh outer 1;
          (Printf.sprintf "(node %s (repeat (over %s) %d))" outer.Spec.term inner.Spec.term g,
           Checkers.node outer.Spec.family (List.init g (fun _ -> Checkers.over inner.Spec.family)))
      | _ ->
          let fn = Spec.read "tree.spec" s in
          add_leaves sh fn.Spec.arity; charge sh fn 1;
          (Printf.sprintf "(over %s)" fn.Spec.term, Checkers.over fn.Spec.family)

let uniform sh (body : Yojson.Safe.t) : string * Checkers.ctree =
  let kv = obj "tree.uniform" body in
  require_keys "tree.uniform" kv ["aggregator"; "depth"] [];
  let fn = Spec.read "tree.uniform.aggregator" (str "tree.uniform.aggregator" (field kv "aggregator")) in
  let d = int_in "tree.uniform.depth" 0 max_uniform_depth (field kv "depth") in
  let q = fn.Spec.arity in
  (* q^d leaves and (q^d - 1)/(q - 1) internal nodes, counted level by level *)
  let level = ref 1 in
  for k = 1 to d do
    charge sh fn !level; charge_depth sh (k - 1) !level;
    level := !level * q; if !level > max_leaves then add_leaves sh !level
  done;
  add_leaves sh !level;
  (Printf.sprintf "(uniform %s %d)" fn.Spec.term d, Checkers.uniform fn.Spec.family (nat d))

(* An fbs-tree/1 document's root and its nodes by id (`Leaf query or `Node (aggregator,
   children)), checked field by field; shared with kind_tree3.ml. *)
let read_nodes (kv : (string * Yojson.Safe.t) list) =
  require_keys "tree" kv ["format"; "root"; "nodes"] ["description"; "depth"];
  if str "tree.format" (field kv "format") <> "fbs-tree/1" then malformed "tree.format: expected \"fbs-tree/1\"";
  let root = str "tree.root" (field kv "root") in
  let nodes = list "tree.nodes" (field kv "nodes") in
  if nodes = [] then malformed "tree.nodes: expected 1 to 600000 nodes";
  if List.length nodes > max_nodes then too_large "tree.nodes: more than 600000 nodes";
  let by_id = Hashtbl.create 1024 in
  List.iteri (fun k node ->
      let where = Printf.sprintf "tree.nodes[%d]" k in
      let n = obj where node in
      require_keys where n ["id"] ["aggregator"; "children"; "query"; "label"];
      let id = str (where ^ ".id") (field n "id") in
      if Hashtbl.mem by_id id then malformed (where ^ ": duplicate id");
      if List.mem_assoc "query" n then begin
        if List.mem_assoc "aggregator" n || List.mem_assoc "children" n then malformed (where ^ ": a leaf has no aggregator or children");
        Hashtbl.add by_id id (`Leaf (str (where ^ ".query") (field n "query")))
      end else begin
        require_keys where n ["id"; "aggregator"; "children"] ["label"];
        let agg = str (where ^ ".aggregator") (field n "aggregator") in
        let kids = List.map (str (where ^ ".children")) (list (where ^ ".children") (field n "children")) in
        Hashtbl.add by_id id (`Node (agg, kids))
      end) nodes;
  (root, by_id)

(* An fbs-tree/1 document: nodes by id, every node reached once from the root, leaf queries
   pairwise distinct; built recursively from the root (a stack overflow is a refusal). *)
let explicit sh (kv : (string * Yojson.Safe.t) list) : string * Checkers.ctree =
  let root, by_id = read_nodes kv in
  let seen = Hashtbl.create 1024 and queries = Hashtbl.create 1024 and depth_max = ref 0 in
  let rec build depth id : string * Checkers.ctree =
    (match Hashtbl.find_opt by_id id with None -> malformed "tree: unknown child id" | Some _ -> ());
    if Hashtbl.mem seen id then malformed "tree: a node is reached twice (a cycle or a shared node)";
    Hashtbl.add seen id ();
    match Hashtbl.find by_id id with
    | `Leaf query ->
        if Hashtbl.mem queries query then malformed "tree: leaf queries must be pairwise distinct (paper Section 5)";
        Hashtbl.add queries query ();
        add_leaves sh 1; depth_max := max !depth_max depth;
        ("CLeaf", Checkers.CLeaf)
    | `Node (agg, kids) ->
        let fn = Spec.read "tree.nodes.aggregator" agg in
        if List.length kids <> fn.Spec.arity then malformed "tree: a node's children differ from its aggregator's arity";
        charge sh fn 1; charge_depth sh depth 1;
        let built = List.map (build (depth + 1)) kids in
        (Printf.sprintf "(node %s [%s])" fn.Spec.term (String.concat "; " (List.map fst built)),
         Checkers.node fn.Spec.family (List.map snd built)) in
  if not (Hashtbl.mem by_id root) then malformed "tree.root is not a node";
  let t = build 0 root in
  if Hashtbl.length seen <> Hashtbl.length by_id then malformed "tree: some node is not reachable from the root";
  (match List.assoc_opt "depth" kv with
   | Some d when d <> `Int !depth_max -> malformed "tree.depth: differs from the tree's depth"
   | _ -> ());
  t

(* base64 (RFC 4648, padded) of ceil(L/8) bytes, leaf j at bit 7 - j mod 8 of byte j / 8. *)
let unpack_alpha (text : string) (leaves : int) : string =
  let size = (leaves + 7) / 8 in
  if String.length text <> 4 * ((size + 2) / 3) then malformed "alpha_base64: wrong length";
  let dec c = match c with
    | 'A'..'Z' -> Char.code c - 65 | 'a'..'z' -> Char.code c - 71 | '0'..'9' -> Char.code c + 4
    | '+' -> 62 | '/' -> 63 | _ -> malformed "alpha_base64: not valid base64" in
  let out = Buffer.create size in
  let n = String.length text in
  let i = ref 0 in
  while !i < n do
    let pad = (if text.[!i + 3] = '=' then 1 else 0) + (if text.[!i + 2] = '=' then 1 else 0) in
    if pad > 0 && !i + 4 <> n then malformed "alpha_base64: not valid base64";
    if pad = 2 && text.[!i + 2] <> '=' then malformed "alpha_base64: not valid base64";
    let v = (dec text.[!i] lsl 18) lor (dec text.[!i + 1] lsl 12)
            lor (if pad >= 2 then 0 else dec text.[!i + 2] lsl 6) lor (if pad >= 1 then 0 else dec text.[!i + 3]) in
    Buffer.add_char out (Char.chr (v lsr 16));
    if pad < 2 then Buffer.add_char out (Char.chr ((v lsr 8) land 255));
    if pad < 1 then Buffer.add_char out (Char.chr (v land 255));
    i := !i + 4
  done;
  let raw = Buffer.contents out in
  if String.length raw <> size then malformed "alpha_base64: wrong number of bytes";
  let bits = String.init leaves (fun j -> if (Char.code raw.[j / 8] lsr (7 - j mod 8)) land 1 = 1 then '1' else '0') in
  if size > 0 && leaves mod 8 <> 0 && (Char.code raw.[size - 1]) land ((1 lsl (8 - leaves mod 8)) - 1) <> 0 then
    malformed "alpha_base64: the unused bits of the last byte must be 0";
  bits

let block_mask where q (b : Yojson.Safe.t) : string =
  let idx = List.map (int_in where 0 (q - 1)) (list where b) in
  if idx = [] then malformed (where ^ ": a block is nonempty");
  let rec incr = function a :: (b :: _ as r) -> a < b && incr r | _ -> true in
  if not (incr idx) then malformed (where ^ ": coordinates must be strictly increasing");
  let m = Bytes.make q '0' in List.iter (fun i -> Bytes.set m i '1') idx; Bytes.to_string m

(* A record (version 1: an object; version 2: [aggregator, z, capacities, value, primal,
   dual, nodes]) as the checker's TRec. *)
let record shared k (e : Yojson.Safe.t) : Checkers.tRec =
  let where = Printf.sprintf "records[%d]" k in
  let agg, z, caps, value, primal, dual =
    if shared then match list where e with
      | [a; z; c; v; p; d; n] ->
          ignore (match n with `Int m when m >= 1 -> m | `Intlit _ -> too_large (where ^ ".nodes: too large")
                             | _ -> malformed (where ^ ".nodes: expected an integer >= 1"));
          let pairs = List.map (fun pw -> match list where pw with
              | [b; w] -> (b, w) | _ -> malformed (where ^ ".primal: pairs [block, weight]")) (list where p) in
          (a, z, c, v, pairs, d)
      | _ -> malformed (where ^ ": expected [aggregator, z, capacities, value, primal, dual, nodes]")
    else begin
      let r = obj where e in
      require_keys where r ["aggregator"; "z"; "capacities"; "value"; "primal"; "dual"] [];
      let pairs = List.map (fun pw -> let o = obj where pw in
                             require_keys where o ["block"; "weight"] [];
                             (field o "block", field o "weight")) (list where (field r "primal")) in
      (field r "aggregator", field r "z", field r "capacities", field r "value", pairs, field r "dual")
    end in
  ignore (str (where ^ ".aggregator") agg);
  let zs = str (where ^ ".z") z in
  let q = String.length zs in
  if q = 0 then malformed (where ^ ".z: empty");
  let nums what l = let l = List.mapi (fun i x -> number (Printf.sprintf "%s.%s[%d]" where what i) x) (list where l) in
    if List.length l <> q then malformed (Printf.sprintf "%s.%s: expected %d entries" where what q); l in
  let cs = nums "capacities" caps and ds = nums "dual" dual in
  let seen = Hashtbl.create 16 in
  let ws = List.map (fun (b, w) ->
      let m = block_mask (where ^ ".primal") q b in
      if Hashtbl.mem seen m then malformed (where ^ ".primal: duplicate block");
      Hashtbl.add seen m ();
      (m, number (where ^ ".primal.weight") w)) primal in
  check_denominators where (cs @ List.map snd ws);
  check_denominators where ds;
  { Checkers.rz = bits (where ^ ".z") zs; rc = List.map q_of cs; rv = q_of (number (where ^ ".value") value);
    rw = List.map (fun (m, w) -> (bits where m, q_of w)) ws; rd = List.map q_of ds }

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  let shared = List.mem_assoc "version" kv in
  if shared then begin
    require_keys "certificate" kv ["format"; "kind"; "version"; "tree"; "alpha_base64"; "value"; "records"] ["files"; "producer"];
    if field kv "version" <> `Int 2 then malformed "version: expected 2"
  end else
    require_keys "certificate" kv ["format"; "kind"; "tree"; "alpha"; "value"; "records"] ["files"; "producer"];
  let sh = { leaves = 0; nodes = 0; work = 0; depths = 0 } in
  let tkv = obj "tree" (field kv "tree") in
  let term, t =
    if List.mem_assoc "uniform" tkv then (require_keys "tree" tkv ["uniform"] []; uniform sh (field tkv "uniform"))
    else if List.mem_assoc "spec" tkv then (require_keys "tree" tkv ["spec"] []; composed sh 0 (str "tree.spec" (field tkv "spec")))
    else explicit sh tkv in
  let alpha = if shared then unpack_alpha (str "alpha_base64" (field kv "alpha_base64")) sh.leaves
    else str "alpha" (field kv "alpha") in
  if String.length alpha <> sh.leaves then malformed (Printf.sprintf "alpha: expected one bit per leaf (%d)" sh.leaves);
  let alpha_bits = bits "alpha" alpha in
  let records = List.mapi (record shared) (list "records" (field kv "records")) in
  let nrec = List.length records in
  if sh.nodes * nrec > max_work / 64 then too_large "tree: nodes x records exceeds the proved checker's bound";
  let value = number "value" (field kv "value") in
  let ok = Checkers.checkTree t (Checkers.alphaOf t alpha_bits) records (q_of value) in
  let term = if !full_statements || String.length term <= 200 then term
    else Printf.sprintf "<T: a Coq term of %d characters, md5 %s>" (String.length term) (Digest.to_hex (Digest.string term)) in
  { Verdict.accepted = ok; quantity = "rho_T"; value = show_q value;
    statement = Printf.sprintf "let T := %s in RhoT T (alphaOf T %s) %s" term (coq_bits alpha) (coq_q value);
    lemma = "TreeCheck.checkTree_sound" }
