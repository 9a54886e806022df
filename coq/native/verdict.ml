(* verdict.ml -- what a kind reader returns: the Coq checker's answer and the statement its
   reflection lemma then proves, in the model's words. *)
type t = { accepted : bool;   (* the extracted checker returned true *)
           quantity : string; (* fbs, s, bs, C, rho_T *)
           value : string;    (* the value, reduced, for the summary *)
           statement : string;(* the Coq proposition proved, e.g. FbsIs (MAJ 3) ... *)
           lemma : string }   (* the reflection lemma that proves it from `accepted` *)
