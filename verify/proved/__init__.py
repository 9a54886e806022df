"""The proved checker (docs/formal.md, "The proved program"): the Coq checkers of coq/checkers/,
extracted to OCaml (coq/native/Extract.v) with a small untrusted reader, built on first use
into a per-user cache (build.py) and run on certificate files (run.py)."""
