"""fbs_z(f) by column generation with a solver-based separation step (paper Defs. 3.3/3.4).

Like verify/sensitivity/colgen.py, but the blocks are never enumerated: the master is the packing LP
(verify.sensitivity.exact_lp.PackingLP) over the blocks found so far; its exact optimal dual t, scaled to
integers T / D, goes to a separation oracle (verify/sensitivity/sat/backends.py), which returns sensitive
blocks with T(B) < D.  When there is none, the dual is feasible for the full LP and the master
optimum is fbs_z(f).  That last claim is then *proved*: the trusted checker's encoder builds
the CNF of "a sensitive block with T(B) <= D - 1", CaDiCaL refutes it with a proof, and the
LRAT refutation goes into the certificate (kind "sat-lrat", certificates/FORMAT.md, kind sat-lrat).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from verify import __version__
from verify.base.errors import BadInput, SolverFailure, TooLarge, checker_bounds_as_too_large
from verify.base.numbers import fraction_text, scale_to_integers
from verify.checker.circuit_cnf import ENCODING, claim_cnf
from verify.functions.bits import as_bits, format_bits
from verify.functions.families import BooleanFunction
from verify.sensitivity.certificates import FORMAT, run_length
from verify.sensitivity.exact_lp import PackingLP

from .backends import Block, make_oracle
from .encode import checker_circuit, spec_and_files
from .proof import SolveOutcome, pack, refute

BLOCKS_PER_ROUND = 8
MAX_ROUNDS = 5000
PLAIN_INPUT_BITS = 256  # longer inputs go into the certificate in run-length form


@dataclass(frozen=True)
class SatSolution:
    """Exact fbs_z(f) with an optimal primal, an optimal dual and a sat-lrat certificate."""

    value: Fraction
    primal: tuple[tuple[Block, Fraction], ...]  # (block, weight), at most q of them
    dual: tuple[Fraction, ...]  # t_i, Definition 3.4
    certificate: dict = field(repr=False)
    backend: str = "sat"
    rounds: int = 0
    columns: int = 0
    oracle_calls: int = 0
    separation_seconds: float = 0.0  # time inside the separation oracle
    lp_seconds: float = 0.0
    proof_seconds: float = 0.0  # final CNF, CaDiCaL and DRAT -> LRAT
    lemmas: int = 0  # LRAT lines
    cnf_clauses: int = 0


def solve_by_sat(function: str | BooleanFunction, bits, backend: str = "sat", *,
                 mode: str | None = None, proof: str = "auto",
                 blocks_per_round: int = BLOCKS_PER_ROUND,
                 max_rounds: int = MAX_ROUNDS) -> SatSolution:
    """Exact fbs of `function` (spec or BooleanFunction with a spec) at `bits` (string in any
    form verify.functions.bits accepts, or a 0/1 sequence), with separation by `backend` ("sat" = pysat,
    "z3", "dp" = knapsack DP for wthr, "auto" = dp for wthr else sat) and the final dual proved feasible by an LRAT
    refutation: `proof` "drat" (CaDiCaL, DRAT -> LRAT), "lrat" (CaDiCaL's own LRAT), "bdd"
    (BDD-pair proof for wthr/thr/maj, verify/sensitivity/sat/bdd_proof.py) or "auto" (bdd where it
    applies, else drat).  The certificate is not checked here: verify.fbs does that."""
    if isinstance(function, str):
        from verify.functions.spec import parse_spec

        function = parse_spec(function)
    spec, files = spec_and_files(function)
    q = function.arity
    bits = as_bits(bits, q)
    z = format_bits(bits)
    oracle = make_oracle(function, bits, backend, mode)
    master = _Master(q)
    clock = _Clock()

    with clock("separation"):
        singletons = [(i,) for i in range(q)]
        master.add([b for b, s in zip(singletons, oracle.sensitive(singletons)) if s])
        master.add(oracle.find_blocks([1] * q, q + 1, blocks_per_round))
    rounds = 0
    while True:
        rounds += 1
        if rounds > max_rounds:
            raise SolverFailure(f"column generation did not converge in {max_rounds} rounds")
        with clock("lp"):
            value, primal, dual = master.solve()
        T, D = scale_to_integers(dual)
        with clock("separation"):
            new = [b for b in oracle.find_blocks(T, D, blocks_per_round) if b not in master.seen]
        if new:
            master.add(new)
            continue
        with clock("proof"), checker_bounds_as_too_large():  # the checker's encoder, bounded
            claim, outcome = _prove(function, spec, z, T, D, files, proof)
        if outcome.satisfiable:  # the oracle missed a block: take the solver's, go on
            block = oracle.minimize(_block(outcome.model, q), T)
            if block in master.seen:
                raise SolverFailure(f"the final CNF has a model at block {list(block)}, "
                                    f"which the master LP already covers")
            master.add([block])
            continue
        break
    _within_checker_bounds(outcome.lrat)
    certificate = sat_certificate(spec, bits, value, primal, dual, claim.sha256(),
                                  pack(outcome.lrat), files)
    return SatSolution(value, primal, dual, certificate, oracle.name, rounds, len(master.seen),
                       oracle.calls, clock.total["separation"], clock.total["lp"],
                       clock.total["proof"], outcome.lemmas, len(claim.clauses))


def _within_checker_bounds(lrat: str) -> None:
    """TooLarge (exit 2) for a proof the checker would refuse as too costly to check
    (certificates/FORMAT.md, kind sat-lrat, "Work bound"): a limit, not a bug."""
    from verify.checker.lrat import MAX_PROOF_LINES
    from verify.checker.sat_kind import MAX_LRAT_BYTES

    lines = sum(1 for line in lrat.splitlines() if line.strip())
    if lines > MAX_PROOF_LINES or len(lrat) > MAX_LRAT_BYTES:
        raise TooLarge(f"the LRAT proof has {lines} lines and {len(lrat)} bytes; the checker "
                       f"accepts at most {MAX_PROOF_LINES} lines and {MAX_LRAT_BYTES} bytes")


def _prove(function, spec, z, T, D, files, proof):
    """The claim CNF and its refutation: for wthr/thr/maj first the BDD-pair proof
    (verify/sensitivity/sat/bdd_proof.py), which CDCL cannot match on two knapsack constraints; else
    CaDiCaL by the chosen route."""
    if proof in ("auto", "bdd"):
        from .bdd_proof import product_refutation
        from .drat_to_lrat import drat_to_lrat

        found = product_refutation(spec, z, T, D - 1, files)
        if found is not None:
            claim, lemmas = found
            text, lines = drat_to_lrat(claim.n_vars, claim.clauses, lemmas)
            return claim, SolveOutcome(False, None, text, lines)
        if proof == "bdd":
            raise BadInput(f"{spec}: the bdd proof applies to wthr/thr/maj claims whose two "
                           f"constraints are BDDs")
    claim = claim_cnf(checker_circuit(function, z), T, D - 1)
    return claim, refute(claim.n_vars, claim.clauses, "drat" if proof == "auto" else proof)


def sat_certificate(spec: str, bits, value: Fraction, primal, dual, cnf_sha256: str,
                    lrat_packed: str, files: dict | None = None) -> dict:
    """Certificate of kind `sat-lrat` (certificates/FORMAT.md, kind sat-lrat)."""
    certificate = {
        "format": FORMAT,
        "kind": "sat-lrat",
        "spec": spec,
        "arity": len(bits),
        "input": format_bits(bits) if len(bits) <= PLAIN_INPUT_BITS else run_length(bits),
        "value": fraction_text(value),
        "primal": [{"block": list(block), "weight": fraction_text(w)} for block, w in primal],
        "dual": [fraction_text(t) for t in dual],
        "encoding": ENCODING,
        "cnf_sha256": cnf_sha256,
        "lrat": lrat_packed,
        "producer": {"tool": "fbs-verify", "version": __version__},
    }
    if files:
        certificate["files"] = dict(files)
    return certificate


class _Master:
    """The restricted packing LP over the blocks found so far."""

    def __init__(self, q: int):
        self.q = q
        self.lp = PackingLP([Fraction(1)] * q)
        self.blocks: list[Block] = []
        self.seen: set[Block] = set()

    def add(self, blocks: list[Block]) -> None:
        fresh = []
        for block in blocks:
            if block not in self.seen:
                self.seen.add(block)
                fresh.append(block)
        self.blocks.extend(fresh)
        self.lp.add_columns([{i: Fraction(1) for i in b} for b in fresh], [Fraction(1)] * len(fresh))

    def solve(self):
        if not self.blocks:  # f is constant at z: no sensitive block, fbs = 0, t = 0
            return Fraction(0), (), tuple(Fraction(0) for _ in range(self.q))
        optimum = self.lp.solve_exact()
        primal = tuple(sorted((self.blocks[j], w) for j, w in optimum.primal.items()))
        return optimum.value, primal, optimum.dual


def _block(model, q: int) -> Block:
    values = {abs(lit): lit > 0 for lit in model if abs(lit) <= q}
    return tuple(i for i in range(q) if values.get(i + 1, False))


class _Clock:
    """Accumulated wall-clock seconds per phase."""

    def __init__(self):
        self.total = {"separation": 0.0, "lp": 0.0, "proof": 0.0}

    def __call__(self, phase: str):
        clock = self

        class _Timer:
            def __enter__(self):
                self.start = time.perf_counter()

            def __exit__(self, *exc):
                clock.total[phase] += time.perf_counter() - self.start
        return _Timer()
