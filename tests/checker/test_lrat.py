"""The stdlib LRAT checker (verify/checker/lrat.py) and the DRAT -> LRAT converter.

Proofs come from CaDiCaL 1.9.5 (pysat) on UNSAT formulas whose status is known in closed form
(pigeonhole) or by brute force; the checker must accept them and reject every mutation,
truncation, and proof for another formula.  dratify, if installed, re-checks the DRAT proofs.
"""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.solvers import Solver

from verify.base.errors import SolverFailure
from verify.checker import CertificateMalformed
from verify.checker.lrat import check_lrat
from verify.sensitivity.sat.drat_to_lrat import drat_to_lrat
from verify.sensitivity.sat.proof import refute


def pigeonhole(holes: int) -> tuple[int, list[list[int]]]:
    """holes + 1 pigeons into `holes` holes: unsatisfiable."""
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(holes + 1)]
    for j in range(holes):
        for a, b in itertools.combinations(range(holes + 1), 2):
            clauses.append([-var(a, j), -var(b, j)])
    return (holes + 1) * holes, clauses


def random_3cnf(seed: int) -> tuple[int, list[list[int]]]:
    rng = random.Random(seed)
    n = rng.randint(5, 25)
    clauses = {tuple(sorted(rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), 3)))
               for _ in range(int(n * 5))}
    return n, [list(c) for c in sorted(clauses)]


def brute_force_sat(n: int, clauses) -> bool:
    return any(all(any((lit > 0) == bool(x[abs(lit) - 1]) for lit in c) for c in clauses)
               for x in itertools.product((0, 1), repeat=n))


def unsat_instances():
    instances = [pigeonhole(h) for h in (2, 3, 4, 5)]
    for seed in range(40):
        n, clauses = random_3cnf(seed)
        if n <= 14 and not brute_force_sat(n, clauses):
            instances.append((n, clauses))
    instances += [(1, [[1], [-1]]), (2, [[1, 2], []]), (3, [[1], [-1, 2], [-2, 3], [-3]])]
    return instances


INSTANCES = unsat_instances()


@pytest.mark.parametrize("k", range(len(INSTANCES)))
def test_converted_proofs_are_accepted(k):
    n, clauses = INSTANCES[k]
    outcome = refute(n, clauses, "drat")
    assert not outcome.satisfiable
    result = check_lrat(clauses, outcome.lrat, n)
    assert result.refuted, result.message


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_native_lrat_route_is_accepted(holes):
    n, clauses = pigeonhole(holes)
    outcome = refute(n, clauses, "lrat")
    assert check_lrat(clauses, outcome.lrat, n).refuted


def test_satisfiable_formula_has_no_proof():
    n, clauses = pigeonhole(3)
    clauses = clauses[1:]  # drop one pigeon: satisfiable
    outcome = refute(n, clauses, "drat")
    assert outcome.satisfiable and brute_force_sat(n, clauses)


def _proof(holes=5):
    n, clauses = pigeonhole(holes)
    return n, clauses, refute(n, clauses, "drat").lrat


def test_truncated_proofs_are_rejected():
    n, clauses, proof = _proof()
    lines = proof.splitlines()
    for cut in (0, 1, len(lines) // 2, len(lines) - 1):
        result = check_lrat(clauses, "\n".join(lines[:cut]), n)
        assert not result.refuted
    assert "without deriving the empty clause" in check_lrat(clauses, "", n).message


def test_mutated_proofs_are_rejected():
    n, clauses, proof = _proof()
    lines = proof.splitlines()
    rng = random.Random(1)
    rejected = attempted = 0
    for _ in range(60):
        index = rng.randrange(len(lines))
        tokens = lines[index].split()
        if "d" in tokens:
            continue
        first_zero = tokens.index("0", 1)
        hints = tokens[first_zero + 1:-1]
        if not hints:
            continue
        mutated = list(tokens)
        position = first_zero + 1 + rng.randrange(len(hints))
        del mutated[position]  # drop one hint
        attempted += 1
        candidate = lines[:index] + [" ".join(mutated)] + lines[index + 1:]
        try:
            result = check_lrat(clauses, "\n".join(candidate), n)
        except CertificateMalformed:
            rejected += 1
            continue
        if not result.refuted:
            rejected += 1
    # a dropped hint can be redundant, but most of the time it breaks the chain
    assert attempted >= 20 and rejected >= attempted // 2
    # the final step without its hints never refutes
    last = lines[-1].split()
    assert last[1] == "0"
    assert not check_lrat(clauses, "\n".join(lines[:-1] + [f"{last[0]} 0 0"]), n).refuted


def test_strengthened_lemma_is_rejected():
    n, clauses, proof = _proof(4)
    lines = proof.splitlines()
    # replace the first lemma by the empty clause with the same hints: not RUP
    tokens = lines[0].split()
    first_zero = tokens.index("0", 1)
    forged = [tokens[0], "0"] + tokens[first_zero + 1:]
    result = check_lrat(clauses, "\n".join([" ".join(forged)] + lines[1:]), n)
    assert not result.refuted


def test_proof_for_another_formula_is_rejected():
    n, clauses, proof = _proof(4)
    other_n, other = pigeonhole(4)
    other = [list(reversed(c)) for c in reversed(other)]  # same clauses, other numbering
    assert not check_lrat(other, proof, other_n).refuted
    weaker = clauses[1:]  # drop a clause: satisfiable, no proof can refute it
    assert not check_lrat(weaker, proof, n).refuted


def test_hand_written_proofs():
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    assert check_lrat(clauses, "5 2 0 1 2 0\n6 0 5 3 4 0\n", 2).refuted
    assert not check_lrat(clauses, "5 2 0 1 0\n6 0 5 3 4 0\n", 2).refuted   # hint 1 not enough
    deleted = check_lrat(clauses, "5 2 0 1 2 0\n5 d 3 0\n6 0 5 3 4 0\n", 2)
    assert not deleted.refuted and "not an active clause" in deleted.message
    rat = check_lrat(clauses, "5 2 0 -1 2 0\n", 2)
    assert not rat.refuted and "RAT" in rat.message
    out_of_order = check_lrat(clauses, "4 2 0 1 2 0\n", 2)
    assert not out_of_order.refuted
    assert check_lrat([[]], "2 0 1 0\n", 1).refuted


@pytest.mark.parametrize("text", [
    "5 2 0 1 2", "5 2 1 2 0", "x 2 0 1 0", "5 2 0 1 2 0 7", "5 d 1", "5 2 0 1 99999999999999999999 0",
    "5 9 0 1 2 0", "5 2 0 1 0 2 0 0 1",
])
def test_malformed_lines_raise(text):
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    with pytest.raises(CertificateMalformed):
        check_lrat(clauses, text + "\n", 2)


def test_converter_rejects_non_rup_lemma():
    clauses = [[1, 2], [-1, 2]]
    with pytest.raises(SolverFailure, match="not RUP"):
        drat_to_lrat(2, clauses, ["1 0", "0"])
    with pytest.raises(SolverFailure):
        drat_to_lrat(2, clauses, ["2 0"])  # never reaches the empty clause


def test_dratify_agrees_when_installed():
    dratify = pytest.importorskip("dratify")
    for n, clauses in INSTANCES[:8]:
        if not clauses or any(not c for c in clauses):
            continue
        with Solver(name="cadical195", bootstrap_with=clauses, with_proof=True) as solver:
            assert not solver.solve()
            drat = "\n".join(solver.get_proof()) + "\n"
        text = f"p cnf {n} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
        assert dratify.check_proof(dratify.parse_dimacs(text), drat).ok
