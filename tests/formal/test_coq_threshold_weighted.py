"""Mutation tests of the Coq checkers of kinds `weighted` and `threshold` (issue 37,
coq/checkers/WeightedCheck.v and ThresholdCheck.v): each dropped or weakened check breaks the
checker's reflection lemma (or a lemma it rests on, or a computed refusal of its examples),
so coq/check.sh fails in the checker's own file."""

from __future__ import annotations

import pytest
from test_coq import needs_coqc, replace_once

WEIGHTED = [
    # the capacities' length not checked
    ("  (Nat.eqb (length c) (length z)\n   && forallb", "  (true\n   && forallb"),
    # a block of another length accepted
    ("   && forallb (fun Jw => Nat.eqb (length (fst Jw)) (length z)) w\n", "\n"),
    # the capacities ignored (loads compared with 1, the dual's value unweighted)
    ("   && localb f (length z) z c v d w)%bool.",
     "   && localb f (length z) z (map (fun _ => 1) c) v d w)%bool."),
]


@pytest.mark.slow
@needs_coqc
@pytest.mark.parametrize("old,new", WEIGHTED, ids=["no-capacity-length", "no-block-length",
                                                   "capacities-ignored"])
def test_a_wrong_weighted_checker_breaks_its_proof(mutated, old, new):
    done = mutated(replace_once("checkers/WeightedCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/WeightedCheck.v"' in done.stderr, done.stderr


THRESHOLD = [
    # dual-feasible: the DP's last cell not compared with D
    ("Z.leb (Zpos D) (last (dp its (row0 (Zpos D) n)) 0%Z)", "true"),
    # need one too large (sets of weight exactly need left out of the DP's question)
    ("if Z.leb T S then (S - T + 1)%Z else (T - S)%Z.", "if Z.leb T S then (S - T + 2)%Z else (T - S)%Z."),
    # the DP's shift one short: best'[k] = best[k - w + 1] + c
    ("  | _ :: r' => if Z.ltb 0 w then c :: prefixC (Z.pred w) c r' else []",
     "  | _ :: r' => if Z.ltb 1 w then c :: prefixC (Z.pred w) c r' else []"),
    # the same in the row update that runs (tail calls): best'[k] = best[k - w + 1] + c
    ("  | _ :: r' => if Z.ltb 0 w then prefixAcc (Z.pred w) c r' (c :: acc) else acc",
     "  | _ :: r' => if Z.ltb 1 w then prefixAcc (Z.pred w) c r' (c :: acc) else acc"),
    # the side taken from the other value of z
    ("(Bool.eqb b fz && Z.ltb 0 w, w, c)", "(Bool.eqb b (negb fz) && Z.ltb 0 w, w, c)"),
    # negative weights allowed
    ("  (forallb (Z.leb 0) ws && Nat.eqb", "  (Nat.eqb"),
    # t_i = T_i / D not checked
    ("   && checkScaled D t Ts && itemsOK its", "   && itemsOK its"),
    # the loads not compared with 1
    ("   && forallb (fun l => Qle_bool l 1) (loadsOf z prim))%bool.", ")%bool."),
]


@pytest.mark.slow
@needs_coqc
@pytest.mark.parametrize("old,new", THRESHOLD, ids=[
    "no-dual-feasible", "need-plus-one", "shift-one-short", "run-shift-one-short", "wrong-side",
    "negative-weights", "no-scaling-check", "no-primal-load"])
def test_a_wrong_threshold_checker_breaks_its_proof(mutated, old, new):
    done = mutated(replace_once("checkers/ThresholdCheck.v", old, new))
    assert done.returncode != 0
    assert 'File "./checkers/ThresholdCheck.v"' in done.stderr, done.stderr
