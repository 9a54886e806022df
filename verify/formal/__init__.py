"""Formal mirrors of the soundness argument: each step of Theorem 4.2's proof and Lemma 5.2's
averaging proved with z3 (the Coq proofs are in coq/, see docs/formal.md; the unchecked Lean
twin is lean/)."""
