"""Formal mirrors of the soundness argument: each step of Theorem 4.2's proof and Lemma 5.2's
averaging proved with z3 (the Coq twin is coq/FbsDebate.v, the unchecked Lean twin lean/)."""
