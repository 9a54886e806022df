(* kind_tree3.ml -- kind `tree`, version 3 (certificates/FORMAT.md section 6, "Version 3: side
   records"), every tree form:
   - the compact uniform tree of a symmetric family (and:, or:, parity:, maj:, thr:): the
     checker checkTreeV3 of checkers/TreeV3Check.v, proved sound by checkTreeV3_family_sound:
     accepted means RhoT (uniform F d) (fun p => alpha (leafIndex q p)) V;
   - any other tree (explicit fbs-tree/1, composed spec, uniform of another aggregator): the
     checker checkTree3Bits of checkers/TreeV3General.v, proved sound by checkTree3Bits_sound:
     accepted means RhoT T (alphaOf T bits) V for the model's tree T (node, CLeaf), printed.
   Untrusted reader: the tree, alpha_base64, the side records [need, "c c ...", T, "v v ...",
   uses] as SideIn, the version-2 records (kind_tree.ml's reader) as TRec.

   The producer cross-checks the stdlib checker makes and soundness does not use (FORMAT.md):
   two side records (records) with one key, more of them than the tree's node sides (nodes)
   can use (malformed, before the check), a side record (record) no node uses (malformed), a
   `uses` (`nodes`) other than the number of node sides (nodes) using it
   (record-multiplicity, exit 1). This file walks the tree once without the checks (`mirror`:
   each node's class, the records it uses), then runs the proved checker on the records used
   and the value that walk found, then compares the counts and the claimed value in the
   stdlib checker's order: a failing check of a used record (exit 1), an unused record (2),
   a record's `nodes` (1), an unused side record (2), a side record's `uses` (1), the root's
   value (1). Only a true answer of the proved checker is printed as proved. *)

open Reader

(* The stdlib checker's bounds for the uniform symmetric form (FORMAT.md section 6, version
   3's leaves): 2^29 leaves, 2^23 when q^(d-1) > 2^26. *)
let max_leaves = 1 lsl 29
let max_depth = 64
let symmetric_families = ["and"; "or"; "parity"; "maj"; "thr"]

(* The general checker's bounds: the stdlib checker's 2^23 leaves and 600,000 nodes of an
   explicit tree, and 2^31 steps of local checks (a non-symmetric node's 2^q blocks, checked at
   every node that uses its record; q^2 per symmetric node for its table and sort). *)
let general_max_leaves = 1 lsl 23
let general_max_work = 1 lsl 31
let max_nodes = 600_000

let rec int_of_nat = function Checkers.O -> 0 | Checkers.S n -> 1 + int_of_nat n

(* a number in lowest terms, denominator > 0: the key of a capacity *)
let reduced ((p, d) : Z.t * Z.t) : Z.t * Z.t =
  let g = Z.gcd p d in if Z.equal g Z.zero then (p, d) else (Z.div p g, Z.div d g)
let of_q (x : Checkers.q) : Z.t * Z.t = reduced (x.Checkers.qnum, x.Checkers.qden)

(* ---- side records ---------------------------------------------------------------------- *)

(* A side's numbers: one string of number texts separated by single spaces. *)
let numbers where (text : string) : (Z.t * Z.t) list =
  List.map (fun t -> number where (`String t)) (String.split_on_char ' ' text)

type side = { sin : Checkers.sideIn; skey : int * (Z.t * Z.t) list; suses : int }

let side k (e : Yojson.Safe.t) : side =
  let where = Printf.sprintf "sides[%d]" k in
  match list where e with
  | [need; caps; value; dual; uses] ->
      let cs = numbers (where ^ ".capacities") (str (where ^ ".capacities") caps) in
      let m = List.length cs in
      let need = int_in (where ^ ".need") 1 m need in
      let ds = numbers (where ^ ".dual") (str (where ^ ".dual") dual) in
      if List.length ds <> m then malformed (where ^ ".dual: one number per capacity");
      let t = number (where ^ ".value") value in
      let uses = match uses with
        | `Int u when u >= 1 -> u   (* an OCaml int is below 2^62 *)
        | `Intlit s when s = "4611686018427387904" -> max_int
        | `Intlit s when s <> "" && s.[0] <> '-' -> too_large (where ^ ".uses: above 2^62")
        | _ -> malformed (where ^ ".uses: expected an integer 1..2^62") in
      check_denominators where (t :: cs);
      check_denominators where ds;
      { sin = { Checkers.inNeed = nat need; inCaps = List.map q_of cs; inValue = q_of t; inDual = List.map q_of ds };
        skey = (need, List.sort compare (List.map reduced cs)); suses = uses }
  | _ -> malformed (where ^ ": expected [need, capacities, value, dual, uses]")

let read_sides kv (node_sides : int) : side array =
  let entries = list "sides" (field kv "sides") in
  let n = List.length entries in
  if n > node_sides then
    malformed (Printf.sprintf "sides: %d side records, but the tree has at most %d node sides: some side record is unused or repeats another's key (duplicate key)" n node_sides);
  let _, rev = List.fold_left (fun (k, acc) e -> (k + 1, side k e :: acc)) (0, []) entries in
  let sides = Array.of_list (List.rev rev) in
  let seen = Hashtbl.create (2 * n + 1) in
  Array.iteri (fun k s ->
      match Hashtbl.find_opt seen s.skey with
      | Some j -> malformed (Printf.sprintf "sides[%d]: duplicate key (same need and multiset of capacities as sides[%d])" k j)
      | None -> Hashtbl.add seen s.skey k) sides;
  sides

(* The side records' index by key, and the number of node sides using each. *)
let side_index (sides : side array) =
  let by_key = Hashtbl.create (2 * Array.length sides + 1) in
  Array.iteri (fun k s -> Hashtbl.replace by_key s.skey k) sides;
  by_key

let side_key (need : Checkers.nat) (caps : Checkers.q list) : int * (Z.t * Z.t) list =
  (int_of_nat need, List.sort compare (List.map of_q caps))

(* The stdlib checker's order after its walk (module comment): unused records, their
   `nodes`, unused side records, their `uses`. *)
let cross_check_sides (sides : side array) (used : int array) =
  Array.iteri (fun k n -> if n = 0 then
                  malformed (Printf.sprintf "sides[%d] is not the side record of any node" k)) used;
  Array.iteri (fun k n -> if n <> sides.(k).suses then
                  raise (Refuse (1, Printf.sprintf "record-multiplicity: sides[%d] claims %d uses, %d node sides use it (the stdlib checker's cross-check)" k sides.(k).suses n))) used

(* f of the used entries, in order; built from the end, so no stack is needed however many
   records a file has (List.map is not tail-recursive in OCaml 4.13). *)
let subset_map (f : 'a -> 'b) (xs : 'a array) (used : int array) : 'b list =
  let out = ref [] in
  for k = Array.length xs - 1 downto 0 do if used.(k) > 0 then out := f xs.(k) :: !out done;
  !out

(* ---- the uniform tree of a symmetric family ------------------------------------------- *)

(* The mirror walk: every node's class (Coq's nodeRes, on the children's classes sorted),
   memoised by the multiset of its children's classes as the proved walk is, and how many nodes
   have each such key; a parent of leaves by its count of ones. Classes are numbered (a
   dictionary of Coq's (bool, Q) pairs), keys are sorted lists of numbers. *)
module Key = Hashtbl.Make (struct
    type t = int list
    let equal = ( = )
    let hash l = List.fold_left (fun h x -> (h * 1_000_003 + x) land max_int) 7 l
  end)

type entry = { cid : int; sorted : Checkers.cls list; mutable count : int }

let uniform_mirror (fn : Spec.fn) q d (alpha : string) m =
  let qn = nat q in
  let tab = Checkers.tabOf fn.Spec.agg qn in
  let ids : (Checkers.cls, int) Hashtbl.t = Hashtbl.create 4096 in
  let classes = ref (Array.make 1024 (false, { Checkers.qnum = Z.zero; qden = Z.one })) in
  let id_of (c : Checkers.cls) =
    match Hashtbl.find_opt ids c with
    | Some i -> i
    | None ->
        let i = Hashtbl.length ids in
        if i >= Array.length !classes then
          classes := Array.append !classes (Array.make (Array.length !classes) c);
        !classes.(i) <- c; Hashtbl.add ids c i; i in
  let memo : entry Key.t = Key.create 4096 in
  let entry (key : int list) =
    match Key.find_opt memo key with
    | Some e -> e
    | None ->
        let sorted = Checkers.isortBy Checkers.clsLe (List.map (fun i -> !classes.(i)) key) in
        let cid = match Checkers.nodeRes qn tab m sorted with Some c -> id_of c | None -> -1 in
        let e = { cid; sorted; count = 0 } in Key.add memo key e; e in
  let one = { Checkers.qnum = Z.one; qden = Z.one } in
  let leaf0 = id_of (false, one) and leaf1 = id_of (true, one) in
  let leaf_entries = Array.init (q + 1) (fun c ->
      entry (List.sort compare (List.init q (fun i -> if i < c then leaf1 else leaf0)))) in
  let kids = Array.make_matrix (d + 1) q 0 in
  let rec walk h j : int =
    if h = 0 then (if String.unsafe_get alpha j = '1' then leaf1 else leaf0)
    else if h = 1 then begin
      let c = ref 0 and base = j * q in
      for i = base to base + q - 1 do if String.unsafe_get alpha i = '1' then incr c done;
      let e = leaf_entries.(!c) in e.count <- e.count + 1; e.cid
    end else begin
      let row = kids.(h) and missing = ref false in
      for i = 0 to q - 1 do
        if not !missing then begin
          let c = walk (h - 1) (j * q + i) in
          if c < 0 then missing := true else row.(i) <- c
        end
      done;
      if !missing then -1 else begin
        let sorted = Array.copy row in
        Array.sort (fun (a : int) b -> compare a b) sorted;
        let e = entry (Array.to_list sorted) in e.count <- e.count + 1; e.cid
      end
    end in
  let root = walk d 0 in
  let root = if root < 0 then None else Some !classes.(root) in
  (root, memo, qn, tab)

let uniform_symmetric kv (tkv : (string * Yojson.Safe.t) list) fn spec d : Verdict.t =
  let q = fn.Spec.arity in
  (* q^d leaves, at most 2^29 *)
  let leaves = let rec go acc k = if k = 0 then acc
                 else if acc > max_leaves / q then too_large "tree: more than 2^29 leaves" else go (acc * q) (k - 1) in
    go 1 d in
  if leaves > max_leaves then too_large "tree: more than 2^29 leaves";
  if leaves > 1 lsl 23 && leaves / q > 1 lsl 26 then
    too_large "tree: more than 2^23 leaves with q^(d-1) > 2^26 (the stdlib checker's bound)";
  ignore tkv;
  (match list "records" (field kv "records") with
   | [] -> ()
   | rs -> malformed (Printf.sprintf "records: %d records, but only 0 nodes of the tree use one (every node of this tree has side records): some record is unused" (List.length rs)));
  let alpha = Kind_tree.unpack_alpha (str "alpha_base64" (field kv "alpha_base64")) leaves in
  let get j = String.unsafe_get alpha j = '1' in
  (* node sides: two per distinct key; a key is the multiset of the children's classes
     (FORMAT.md's bound K_k, capped by the nodes of the level) *)
  let node_sides =
    let rec binom n k = if k = 0 then 1 else
        let b = binom (n - 1) (k - 1) in if b > max_int / 2 / n then max_int / 2 else b * n / k in
    let rec levels k kbelow acc nodes_at = (* k from d - 1 down to 0 *)
      if k < 0 then acc else
        let kk = min nodes_at.(k) (binom (kbelow + q - 1) q) in
        levels (k - 1) kk (min (max_int / 4) (acc + kk)) nodes_at in
    let nodes_at = Array.make (max d 1) 1 in
    for k = 1 to d - 1 do nodes_at.(k) <- min (1 lsl 40) (nodes_at.(k - 1) * q) done;
    if d = 0 then 0 else 2 * levels (d - 1) 2 0 nodes_at in
  let sides = read_sides kv node_sides in
  let value = number "value" (field kv "value") in
  let statement v = Printf.sprintf "RhoT (uniform %s %d) (fun p => alpha (leafIndex %d p)) %s, alpha = the %d leaf bits of alpha_base64 (md5 of their 0/1 text: %s)"
      fn.Spec.term d q (coq_q v) leaves (Digest.to_hex (Digest.string alpha)) in
  let prepared = Checkers.buildSides (Array.to_list (Array.map (fun s -> Checkers.prepSide s.sin) sides)) in
  let root, memo, qn, tab = uniform_mirror fn q d alpha prepared in
  let refused = { Verdict.accepted = false; quantity = "rho_T"; value = show_q value;
                  statement = statement value; lemma = "TreeV3Check.checkTreeV3_family_sound" } in
  match root with
  | None -> refused   (* a node side without its side record: record-missing *)
  | Some (_, r) ->
      let by_key = side_index sides in
      let used = Array.make (Array.length sides) 0 in
      Key.iter (fun _ e ->
          if e.count > 0 then
            List.iter (fun (need, caps) ->
                match Hashtbl.find_opt by_key (side_key need caps) with
                | Some k -> used.(k) <- used.(k) + e.count
                | None -> ())
              (Checkers.nodeSides qn tab e.sorted)) memo;
      let found = of_q r in
      let ok = Checkers.checkTreeV3 fn.Spec.agg qn (nat d) (subset_map (fun s -> s.sin) sides used)
          (fun j -> get (Z.to_int j)) r in
      if not ok then refused else begin
        cross_check_sides sides used;
        if Z.equal (fst found) (fst (reduced value)) && Z.equal (snd found) (snd (reduced value)) then
          { refused with Verdict.accepted = true }
        else refused
      end

(* ---- every other tree: the general checker --------------------------------------------- *)

type shape = { mutable leaves : int; mutable nodes : int; mutable sym_nodes : int;
               mutable other_nodes : int; mutable work : int; mutable depths : int }

let charge sh amount what =
  sh.work <- sh.work + amount;
  if sh.work > general_max_work then too_large ("tree: the proved checker's work exceeds 2^31 steps (" ^ what ^ ")")

(* A symmetric family of any width, as TreeV3General's SymF, or None. *)
let symmetric_of (spec : string) : (Checkers.symF * string * int) option =
  let digits s = String.length s >= 1 && String.length s <= 9 && is_digits s in
  match String.split_on_char ':' spec with
  | [fam; n] when List.mem fam ["and"; "or"; "parity"; "maj"] && digits n && int_of_string n >= 1 ->
      let q = int_of_string n in
      let name, c = match fam with
        | "and" -> "AND", (fun x -> Checkers.GAnd x) | "or" -> "OR", (fun x -> Checkers.GOr x)
        | "parity" -> "PARITY", (fun x -> Checkers.GPar x) | _ -> "MAJ", (fun x -> Checkers.GMaj x) in
      if q > max_nodes then too_large ("tree: aggregator " ^ spec ^ " wider than the tree can be");
      Some (c (nat q), Printf.sprintf "(%s %d)" name q, q)
  | ["thr"; n; t] when digits n && int_of_string n >= 1 ->
      let q = int_of_string n in
      let neg = String.length t > 0 && t.[0] = '-' in
      let body = if neg then String.sub t 1 (String.length t - 1) else t in
      if String.length t > 1000 || not (is_digits body) then None
      else begin
        if q > max_nodes then too_large ("tree: aggregator " ^ spec ^ " wider than the tree can be");
        let tz = Z.of_string t in
        Some (Checkers.GThr (nat q, tz), Printf.sprintf "(THR %d (%s)%%Z)" q (Z.to_string tz), q)
      end
  | ["sym"; bits] when String.length bits >= 2 && String.for_all (fun c -> c = '0' || c = '1') bits ->
      let q = String.length bits - 1 in
      if q > max_nodes then too_large "tree: a sym: aggregator wider than the tree can be";
      Some (Checkers.GSym (explode bits), Printf.sprintf "(SYM \"%s\")" (if q <= 64 then bits else Printf.sprintf "<%d characters, md5 %s>" (q + 1) (Digest.to_hex (Digest.string bits))), q)
  | _ -> None

type agg = { spec : string; a3 : Checkers.agg3; term : string; q : int; sym : bool;
             fn : Checkers.family }

let aggregators : (string, agg) Hashtbl.t = Hashtbl.create 16

let agg_of sh where (text : string) : agg =
  let spec = nospace text in
  let a = match Hashtbl.find_opt aggregators spec with
    | Some a -> a
    | None ->
        let a = match symmetric_of spec with
          | Some (s, term, q) -> { spec; a3 = Checkers.ASym s; term; q; sym = true; fn = Checkers.symFam s }
          | None -> let f = Spec.read where spec in
            { spec; a3 = Checkers.AOther f.Spec.family; term = f.Spec.term; q = f.Spec.arity; sym = false; fn = f.Spec.family } in
        Hashtbl.add aggregators spec a; a in
  sh.nodes <- sh.nodes + 1;
  if sh.nodes > max_nodes then too_large "tree: more than 600000 nodes";
  if a.sym then begin sh.sym_nodes <- sh.sym_nodes + 1; charge sh (a.q * a.q + 1) "q^2 per symmetric node" end
  else begin sh.other_nodes <- sh.other_nodes + 1;
    charge sh ((1 lsl a.q) * (if Hashtbl.mem Spec.tables spec || String.length spec > 3 && String.sub spec 0 3 = "tt:" then 1 lsl a.q else a.q)) "2^q blocks per node" end;
  a

(* The tree as the OCaml mirror reads it, and as Coq's t3. *)
type tnode = TLeaf of int | TNode of agg * tnode list

let add_leaf sh =
  sh.leaves <- sh.leaves + 1;
  if sh.leaves > general_max_leaves then
    too_large (Printf.sprintf "tree: more than %d leaves" general_max_leaves);
  TLeaf (sh.leaves - 1)

(* The checker's walks recurse once per level: a tree deeper than 10,000 is refused (exit 2)
   before any stack could overflow. *)
let max_tree_depth = 10_000
let charge_depth sh depth =
  if depth > max_tree_depth then too_large "tree: deeper than 10000 levels (the proved checker recurses once per level)"

let rec composed sh depth (spec : string) : tnode =
  if depth > 32 then malformed "tree.spec: compose nested deeper than 32";
  let s = nospace spec in
  match Kind_tree.compose_parts s with
  | Some (outer :: inners) ->
      let a = agg_of sh "tree.spec" outer in
      if List.length inners <> a.q then malformed "tree.spec: the outer arity differs from the number of inner parts";
      charge_depth sh depth;
      TNode (a, List.map (composed sh (depth + 1)) inners)
  | Some [] -> malformed "tree.spec: empty composition"
  | None ->
      match String.split_on_char ':' s with
      | ["tribes"; w; g] ->
          let w = Spec.param "tree.spec" w ~low:1 and g = Spec.param "tree.spec" g ~low:1 in
          if w * g > general_max_leaves then too_large "tree.spec: tribes too wide";
          let outer = agg_of sh "tree.spec" (Printf.sprintf "or:%d" g) in
          charge_depth sh depth;
          TNode (outer, List.init g (fun _ ->
              let inner = agg_of sh "tree.spec" (Printf.sprintf "and:%d" w) in
              charge_depth sh (depth + 1);
              TNode (inner, List.init w (fun _ -> add_leaf sh))))
      | _ ->
          let a = agg_of sh "tree.spec" s in
          charge_depth sh depth;
          TNode (a, List.init a.q (fun _ -> add_leaf sh))

let uniform_tree sh (a : agg) (d : int) : tnode =
  let rec go k = if k = d then add_leaf sh else begin
      ignore (agg_of sh "tree.uniform.aggregator" a.spec); charge_depth sh k;
      TNode (a, List.init a.q (fun _ -> go (k + 1))) end in
  go 0

(* An fbs-tree/1 document (as kind_tree.ml reads it). *)
let explicit sh (kv : (string * Yojson.Safe.t) list) : tnode =
  let root, by_id = Kind_tree.read_nodes kv in
  let seen = Hashtbl.create 1024 and queries = Hashtbl.create 1024 and depth_max = ref 0 in
  let rec build depth id : tnode =
    (match Hashtbl.find_opt by_id id with None -> malformed "tree: unknown child id" | Some _ -> ());
    if Hashtbl.mem seen id then malformed "tree: a node is reached twice (a cycle or a shared node)";
    Hashtbl.add seen id ();
    match Hashtbl.find by_id id with
    | `Leaf query ->
        if Hashtbl.mem queries query then malformed "tree: leaf queries must be pairwise distinct (paper Section 5)";
        Hashtbl.add queries query ();
        depth_max := max !depth_max depth;
        add_leaf sh
    | `Node (agg, kids) ->
        let a = agg_of sh "tree.nodes.aggregator" agg in
        if List.length kids <> a.q then malformed "tree: a node's children differ from its aggregator's arity";
        charge_depth sh depth;
        TNode (a, List.map (build (depth + 1)) kids) in
  if not (Hashtbl.mem by_id root) then malformed "tree.root is not a node";
  let t = build 0 root in
  if Hashtbl.length seen <> Hashtbl.length by_id then malformed "tree: some node is not reachable from the root";
  (match List.assoc_opt "depth" kv with
   | Some d when d <> `Int !depth_max -> malformed "tree.depth: differs from the tree's depth"
   | _ -> ());
  t

let rec to_t3 = function
  | TLeaf _ -> Checkers.L3
  | TNode (a, kids) -> Checkers.N3 (a.a3, List.map to_t3 kids)

let rec term_of = function
  | TLeaf _ -> "CLeaf"
  | TNode (a, kids) -> Printf.sprintf "(node %s [%s])" a.term (String.concat "; " (List.map term_of kids))

(* A version-2 record with its key (normal-form aggregator, z, capacities in lowest terms, in
   order) and its `nodes`. *)
type record = { rin : Checkers.tRec; rkey : string * string * (Z.t * Z.t) list; rnodes : int }

let record k (e : Yojson.Safe.t) : record =
  let rin = Kind_tree.record true k e in
  let where = Printf.sprintf "records[%d]" k in
  match e with
  | `List [a; z; c; _; _; _; n] ->
      let nodes = match n with `Int m -> m | _ -> too_large (where ^ ".nodes: too large") in
      let caps = List.mapi (fun i x -> reduced (number (Printf.sprintf "%s.capacities[%d]" where i) x)) (list where c) in
      { rin; rkey = (nospace (str where a), str where z, caps); rnodes = nodes }
  | _ -> malformed (where ^ ": expected [aggregator, z, capacities, value, primal, dual, nodes]")

let general kv (tkv : (string * Yojson.Safe.t) list) : Verdict.t =
  let sh = { leaves = 0; nodes = 0; sym_nodes = 0; other_nodes = 0; work = 0; depths = 0 } in
  let tree =
    if List.mem_assoc "uniform" tkv then begin
      require_keys "tree" tkv ["uniform"] [];
      let ukv = obj "tree.uniform" (field tkv "uniform") in
      require_keys "tree.uniform" ukv ["aggregator"; "depth"] [];
      let a = agg_of sh "tree.uniform.aggregator" (str "tree.uniform.aggregator" (field ukv "aggregator")) in
      sh.nodes <- 0; sh.sym_nodes <- 0; sh.other_nodes <- 0; sh.work <- 0;
      let d = int_in "tree.uniform.depth" 0 max_depth (field ukv "depth") in
      let rec fits k acc = k = 0 || (acc <= general_max_leaves / a.q && fits (k - 1) (acc * a.q)) in
      if not (fits d 1) then too_large (Printf.sprintf "tree: more than %d leaves" general_max_leaves);
      uniform_tree sh a d
    end else if List.mem_assoc "spec" tkv then begin
      require_keys "tree" tkv ["spec"] [];
      composed sh 0 (str "tree.spec" (field tkv "spec"))
    end else explicit sh tkv in
  let alpha = Kind_tree.unpack_alpha (str "alpha_base64" (field kv "alpha_base64")) sh.leaves in
  let entries = list "records" (field kv "records") in
  if List.length entries > sh.other_nodes then
    malformed (Printf.sprintf "records: %d records, but only %d nodes of the tree use one: some record is unused or repeats another's key (duplicate key)" (List.length entries) sh.other_nodes);
  let records = Array.of_list (List.mapi record entries) in
  let seen = Hashtbl.create 64 in
  Array.iteri (fun k r -> match Hashtbl.find_opt seen r.rkey with
      | Some j -> malformed (Printf.sprintf "records[%d]: duplicate key (same aggregator, z and capacities as records[%d])" k j)
      | None -> Hashtbl.add seen r.rkey k) records;
  let sides = read_sides kv (2 * sh.sym_nodes) in
  let value = number "value" (field kv "value") in
  (* the mirror walk: classes, and the records used *)
  let prepared = Checkers.buildSides (Array.to_list (Array.map (fun s -> Checkers.prepSide s.sin) sides)) in
  let by_key = side_index sides in
  let side_used = Array.make (Array.length sides) 0 and rec_used = Array.make (Array.length records) 0 in
  let tabs = Hashtbl.create 16 in
  let one = { Checkers.qnum = Z.one; qden = Z.one } in
  let rec mirror = function
    | TLeaf j -> Some (alpha.[j] = '1', one)
    | TNode (a, kids) ->
        let rec all acc = function
          | [] -> Some (List.rev acc)
          | k :: rest -> (match mirror k with None -> None | Some c -> all (c :: acc) rest) in
        match all [] kids with
        | None -> None
        | Some cs ->
            let qn = nat a.q in
            if a.sym then begin
              let tab = match Hashtbl.find_opt tabs a.spec with Some t -> t
                | None -> let t = Checkers.tabOf (Checkers.eval a.fn) qn in Hashtbl.add tabs a.spec t; t in
              let sorted = Checkers.isortBy Checkers.clsLe cs in
              List.iter (fun (need, caps) -> match Hashtbl.find_opt by_key (side_key need caps) with
                  | Some k -> side_used.(k) <- side_used.(k) + 1 | None -> ())
                (Checkers.nodeSides qn tab sorted);
              Checkers.nodeRes qn tab prepared sorted
            end else begin
              let z = String.concat "" (List.map (fun (b, _) -> if b then "1" else "0") cs) in
              match Hashtbl.find_opt seen (a.spec, z, List.map (fun (_, c) -> of_q c) cs) with
              | None -> None
              | Some k ->
                  rec_used.(k) <- rec_used.(k) + 1;
                  let v = records.(k).rin.Checkers.rv in
                  Some (Checkers.eval a.fn (List.map fst cs), { Checkers.qnum = fst (of_q v); qden = snd (of_q v) })
            end in
  let term = term_of tree in
  let term = if !full_statements || String.length term <= 200 then term
    else Printf.sprintf "<T: a Coq term of %d characters, md5 %s>" (String.length term) (Digest.to_hex (Digest.string term)) in
  let statement v = Printf.sprintf "let T := %s in RhoT T (alphaOf T %s) %s" term (coq_bits alpha) (coq_q v) in
  let refused = { Verdict.accepted = false; quantity = "rho_T"; value = show_q value;
                  statement = statement value; lemma = "TreeV3General.checkTree3Bits_sound" } in
  let t3 = to_t3 tree in
  match mirror tree with
  | None -> refused
  | Some (_, r) ->
      let ok = Checkers.checkTree3Bits t3 (bits "alpha" alpha) (subset_map (fun s -> s.sin) sides side_used)
          (subset_map (fun r -> r.rin) records rec_used) r in
      if not ok then refused else begin
        Array.iteri (fun k n -> if n = 0 then
                        malformed (Printf.sprintf "records[%d] is not the record of any node" k)) rec_used;
        Array.iteri (fun k n -> if n <> records.(k).rnodes then
                        raise (Refuse (1, Printf.sprintf "record-multiplicity: records[%d] claims %d nodes, %d nodes of the tree use it (the stdlib checker's cross-check)" k records.(k).rnodes n))) rec_used;
        cross_check_sides sides side_used;
        if of_q r = reduced value then { refused with Verdict.accepted = true } else refused
      end

let check (kv : (string * Yojson.Safe.t) list) : Verdict.t =
  (* a larger minor heap and less eager major collections: the walks allocate many short-lived
     lists (maj:9 of depth 8: 8.4 s of CPU with OCaml's defaults, 7.3 s with these) *)
  Gc.set { (Gc.get ()) with Gc.space_overhead = 400; minor_heap_size = 1 lsl 20 };
  require_keys "certificate" kv ["format"; "kind"; "version"; "tree"; "alpha_base64"; "value"; "records"; "sides"]
    ["files"; "producer"];
  let tkv = obj "tree" (field kv "tree") in
  let uniform_symmetric_spec =
    match List.assoc_opt "uniform" tkv with
    | Some (`Assoc ukv) when List.length tkv = 1 ->
        (match List.assoc_opt "aggregator" ukv with
         | Some (`String s) ->
             let spec = nospace s in
             let family = List.hd (String.split_on_char ':' spec) in
             if List.mem family symmetric_families then
               (match (try Some (Spec.read "tree.uniform.aggregator" spec) with Refuse _ -> None) with
                | Some fn -> Some (fn, spec) | None -> None)
             else None
         | _ -> None)
    | _ -> None in
  match uniform_symmetric_spec with
  | Some (fn, spec) ->
      let ukv = obj "tree.uniform" (field tkv "uniform") in
      require_keys "tree.uniform" ukv ["aggregator"; "depth"] [];
      let d = int_in "tree.uniform.depth" 0 max_depth (field ukv "depth") in
      uniform_symmetric kv tkv fn spec d
  | None -> general kv tkv
