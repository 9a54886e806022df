"""The trusted encoder (verify/checker/circuit_cnf.py) against brute force.

For every spec family and small q: the claim CNF restricted to each block y is satisfiable
iff f(z^y) != f(z) and sum T_i y_i <= K, where f is evaluated by the untrusted evaluator
(verify.functions.families) and by the checker's own truth tables (spec_eval); the circuit's direct
evaluation agrees; the weighted-sum constraint alone has exactly the brute-force models.
"""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.solvers import Solver

from verify.checker import CertificateMalformed, circuit_cnf
from verify.checker.circuit_cnf import Builder, build_claim, function_circuit
from verify.checker.spec_eval import evaluate_spec
from verify.functions.spec import parse_spec

SPECS = [
    "and:4", "or:3", "parity:5", "maj:5", "maj:6", "thr:6:2", "thr:4:0", "thr:4:9",
    "sym:0110101", "sym:1111", "wthr:3,1,4,1,5:7", "wthr:0,2,2,7:-1", "wthr:5,5,5:16",
    "index:2", "index:3", "tribes:2:3", "tribes:3:2", "tt:0110100110010110", "tt:0x6996:4",
    "tt:01", "expr:(x1&~x2)|x3^x4", "expr:x1&0|1^x2", "expr:3:x1^x1", "expr:~(x1|x2)&(x3^1)",
    "compose(maj:3;and:2;or:2;expr:x1)", "compose(wthr:2,1,1:2;parity:2;maj:3;tt:01)",
    "compose(index:1;tribes:2:2;maj:3;xor_placeholder)",
]
SPECS[-1] = "compose(index:1;tribes:2:2;maj:3;parity:2)"


def _brute_points(q):
    return list(itertools.product((0, 1), repeat=q))


@pytest.mark.parametrize("spec", SPECS)
def test_claim_cnf_matches_brute_force(spec):
    f = parse_spec(spec)
    q = f.arity
    _, table = evaluate_spec(spec)
    rng = random.Random(spec)
    for _ in range(3):
        z = tuple(rng.randint(0, 1) for _ in range(q))
        z_text = "".join(map(str, z))
        weights = [rng.randint(0, 6) for _ in range(q)]
        bound = rng.randint(-1, 14)
        claim = build_claim(spec, z_text, weights, bound)
        assert claim.f_z == f(z)
        with Solver(name="cadical195", bootstrap_with=claim.clauses) as solver:
            for y in _brute_points(q):
                x = tuple(a ^ b for a, b in zip(z, y))
                position = int("".join(map(str, x)), 2)
                assert (table >> position) & 1 == f(x)  # two independent evaluators agree
                expected = f(x) != f(z) and sum(w for w, b in zip(weights, y) if b) <= bound
                assumptions = [(i + 1) if b else -(i + 1) for i, b in enumerate(y)]
                assert solver.solve(assumptions=assumptions) == expected, (z_text, y)


@pytest.mark.parametrize("spec", SPECS)
def test_circuit_evaluation_matches_function(spec):
    f = parse_spec(spec)
    q = f.arity
    z = tuple(random.Random(spec).randint(0, 1) for _ in range(q))
    circuit = function_circuit(spec, "".join(map(str, z)))
    blocks = [tuple(i for i in range(q) if y[i]) for y in _brute_points(q)]
    f_z, values = circuit.values(blocks)
    assert f_z == f(z)
    for block, value in zip(blocks, values):
        x = tuple(1 - z[i] if i in block else z[i] for i in range(q))
        assert value == f(x)


def test_cnf_spec_with_embedded_file():
    text = "p cnf 3 2\n1 -2 0\n2 3 0\n"
    files = {"f.cnf": text}
    rng = random.Random(4)
    for _ in range(4):
        z = "".join(rng.choice("01") for _ in range(3))
        weights = [rng.randint(0, 3) for _ in range(3)]
        claim = build_claim("cnf:f.cnf", z, weights, 3, files)

        def f(x):
            return int((x[0] or not x[1]) and (x[1] or x[2]))
        zb = tuple(map(int, z))
        with Solver(name="cadical195", bootstrap_with=claim.clauses) as solver:
            for y in _brute_points(3):
                x = tuple(a ^ b for a, b in zip(zb, y))
                expected = f(x) != f(zb) and sum(w for w, b in zip(weights, y) if b) <= 3
                assert solver.solve(assumptions=[(i + 1) * (1 if b else -1)
                                                 for i, b in enumerate(y)]) == expected


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("method", ["bdd", "adder"])
def test_weighted_sum_models_match_brute_force(seed, method, monkeypatch):
    if method == "adder":
        monkeypatch.setattr(circuit_cnf, "BDD_NODE_LIMIT", 0)
    rng = random.Random(seed)
    n = rng.randint(1, 8)
    weights = [rng.choice([0, 1, 2, 3, 7, 8, 100, 2**40 + 1]) for _ in range(n)]
    bound = rng.choice([-1, 0, 1, 5, 9, sum(weights) - 1, sum(weights), 2**40])
    builder = Builder(n)
    builder.emit([builder.sum_at_most([(w, i + 1) for i, w in enumerate(weights)], bound)])
    with Solver(name="cadical195", bootstrap_with=builder.clauses) as solver:
        for y in _brute_points(n):
            expected = sum(w for w, b in zip(weights, y) if b) <= bound
            assumptions = [(i + 1) if b else -(i + 1) for i, b in enumerate(y)]
            assert solver.solve(assumptions=assumptions) == expected, (weights, bound, y)
        # exactly one model on the gate variables for every y (full Tseitin definitions)
    models = 0
    with Solver(name="cadical195", bootstrap_with=builder.clauses) as solver:
        for model in solver.enum_models():
            models += 1
    assert models == sum(1 for y in _brute_points(n)
                         if sum(w for w, b in zip(weights, y) if b) <= bound)


def test_bdd_and_adder_agree_on_larger_sums(monkeypatch):
    rng = random.Random(9)
    weights = [rng.randint(0, 50) for _ in range(14)]
    bound = sum(weights) // 3
    points = [tuple(rng.randint(0, 1) for _ in range(14)) for _ in range(300)]
    results = {}
    for limit in (circuit_cnf.BDD_NODE_LIMIT, 0):
        monkeypatch.setattr(circuit_cnf, "BDD_NODE_LIMIT", limit)
        builder = Builder(14)
        out = builder.sum_at_most([(w, i + 1) for i, w in enumerate(weights)], bound)
        inputs = [sum(1 << p for p, y in enumerate(points) if y[i]) for i in range(14)]
        values = builder.evaluate(inputs, (1 << len(points)) - 1)
        bits = values[abs(out)] if out > 0 else ((1 << len(points)) - 1) ^ values[abs(out)]
        results[limit] = [(bits >> p) & 1 for p in range(len(points))]
    expected = [int(sum(w for w, b in zip(weights, y) if b) <= bound) for y in points]
    assert results[0] == expected and results[circuit_cnf.BDD_NODE_LIMIT] == expected


def test_encoding_is_deterministic():
    spec = "compose(maj:3;wthr:3,2,2:4;index:1;tribes:2:2)"
    z = "1011001100"
    weights = [3, 0, 1, 4, 1, 5, 9, 2, 6, 5]
    assert build_claim(spec, z, weights, 11).sha256() == build_claim(spec, z, weights, 11).sha256()
    assert build_claim(spec, z, weights, 11).sha256() != build_claim(spec, z, weights, 12).sha256()
    assert build_claim(spec, z, weights, 11).sha256() != build_claim(spec, "1011001101", weights, 11).sha256()


def test_size_limits(monkeypatch):
    monkeypatch.setattr(circuit_cnf, "MAX_CLAUSES", 100)
    with pytest.raises(CertificateMalformed, match="size limit"):
        function_circuit("parity:200", "0" * 200)
    with pytest.raises(CertificateMalformed, match="arity"):
        function_circuit(f"and:{circuit_cnf.MAX_ARITY + 1}", "0")
    with pytest.raises(CertificateMalformed, match="negative weight"):
        function_circuit("wthr:1,-2:1", "00")
    with pytest.raises(CertificateMalformed, match="input"):
        function_circuit("and:3", "01")
    with pytest.raises(CertificateMalformed):
        build_claim("and:2", "00", [2**5000, 1], 3)


def test_wide_functions_build():
    q = 128
    circuit = function_circuit("tribes:8:16", "1" * q)
    assert circuit.values([(0,), (0, 8)])[1] == [1, 1]  # f = 1 at all ones; flipping stays 1
    z = "0" * 37
    circuit = function_circuit("index:5", z)
    f_z, values = circuit.values([(5,), (0, 5 + 16)])
    assert f_z == 0 and values == [1, 1]
