"""The sat-lrat kind's circuit (verify/checker/circuit_cnf.py), a second implementation of the
spec language inside the trusted checker, against the package's evaluator
(verify.functions.spec) and an independent per-input brute force (test_checker_spec_eval's
reference, which shares no code with either), on thousands of seeded random specs of every
family, compositions included.

For each spec and a random z, at every block y (all 2^q of them): the circuit's value
f(z XOR y) equals both evaluators', and the circuit's Tseitin clauses are satisfied by its
gate values and force every gate (flipping one gate's value violates one of its clauses at
every point), so the claim CNF has exactly one model per y, with the output f(z XOR y).
"""

from __future__ import annotations

import itertools
import random

import pytest
from test_checker_spec_eval import reference

from verify.checker.circuit_cnf import function_circuit
from verify.functions.spec import parse_spec

FAMILIES = ("and", "or", "parity", "maj", "thr", "wthr", "sym", "index", "tribes", "tt",
            "tthex", "expr", "exprn", "cnf", "compose")
MAX_Q = 8


def formula(rng: random.Random, n: int, depth: int) -> str:
    if depth == 0 or rng.random() < 0.25:
        return rng.choice(["0", "1", "true", "false"]) if rng.random() < 0.1 else \
            f"x{rng.randint(1, n)}"
    kind = rng.choice("~&|^()")
    if kind == "~":
        return "~" + formula(rng, n, depth - 1)
    if kind in "()":
        return "(" + formula(rng, n, depth - 1) + ")"
    operands = [formula(rng, n, depth - 1) for _ in range(rng.randint(2, 4))]
    return (rng.choice(["", " "]) + kind + rng.choice(["", " "])).join(operands)


def cnf_text(rng: random.Random, n: int) -> str:
    clauses = [[rng.choice([v, -v]) for v in rng.sample(range(1, n + 1), rng.randint(0, n))]
               for _ in range(rng.randint(0, 6))]
    if clauses and rng.random() < 0.9:
        clauses = [c for c in clauses if c] or [[1]]
    return f"c random\np cnf {n} {len(clauses)}\n" + "".join(
        " ".join(map(str, c + [0])) + "\n" for c in clauses)


def leaf_spec(rng: random.Random, family: str, n: int, files: dict, folder) -> str:
    """A random spec of `family` with about n inputs."""
    if family in ("and", "or", "parity", "maj"):
        return f"{family}:{n}"
    if family == "thr":
        return f"thr:{n}:{rng.randint(-1, n + 1)}"
    if family == "wthr":
        weights = [rng.choice([0, 1, 2, 3, 5, 8, 13, 2**40 + 1]) for _ in range(n)]
        return f"wthr:{','.join(map(str, weights))}:{rng.randint(-1, sum(weights) + 1)}"
    if family == "sym":
        return "sym:" + "".join(rng.choice("01") for _ in range(n + 1))
    if family == "index":
        return f"index:{1 if n < 6 else 2}"
    if family == "tribes":
        width = rng.randint(1, 3)
        return f"tribes:{width}:{max(1, n // width)}"
    if family == "tt":
        return "tt:" + "".join(rng.choice("01") for _ in range(2 ** n))
    if family == "tthex":
        return f"tt:0x{rng.getrandbits(2 ** n):0{max(1, 2 ** n // 4)}x}:{n}"
    if family == "cnf":
        path = str(folder / f"f{len(files)}.cnf")
        files[path] = cnf_text(rng, n)
        return f"cnf:{path}"
    text = formula(rng, n, 3)
    if family == "exprn" or "x" not in text:
        return f"expr:{n}:{text}"
    return f"expr:{text}"


def random_spec(rng: random.Random, family: str, files: dict, folder, depth: int = 0) -> str:
    """A random spec of `family`; `compose` nests random parts (two levels at most)."""
    if family != "compose" or depth >= 2:
        family = rng.choice(FAMILIES[:-1]) if family == "compose" else family
        return leaf_spec(rng, family, rng.randint(1, 4), files, folder)
    outer = leaf_spec(rng, rng.choice(["and", "or", "parity", "maj", "thr", "sym", "tt",
                                       "expr", "exprn", "wthr"]), rng.randint(1, 3), files,
                      folder)
    k = reference(outer, files)[0]
    inners = [random_spec(rng, rng.choice(FAMILIES), files, folder, depth + 1)
              for _ in range(k)]
    if sum(reference(inner, files)[0] for inner in inners) > MAX_Q:
        return outer
    return f"compose({';'.join([outer] + inners)})"


def check_circuit(spec: str, files: dict, rng: random.Random) -> None:
    """The circuit against both evaluators at every block, and its clauses against its gates."""
    q, brute = reference(spec, files)
    package = parse_spec(spec)
    assert package.arity == q, spec
    z = tuple(rng.randint(0, 1) for _ in range(q))
    circuit = function_circuit(spec, "".join(map(str, z)), files)
    ys = list(itertools.product((0, 1), repeat=q))
    blocks = [tuple(i for i in range(q) if y[i]) for y in ys]
    f_z, values = circuit.values(blocks)
    assert f_z == brute(z) == package(z), spec
    for y, value in zip(ys, values):
        x = tuple(a ^ b for a, b in zip(z, y))
        assert value == brute(x) == package(x), (spec, z, y)
    _check_clauses(circuit, ys)


def _check_clauses(circuit, ys) -> None:
    """Every clause holds at the evaluated gate values at every point, and each gate is forced:
    with its value flipped, one of its clauses fails at every point."""
    builder = circuit.builder
    full = (1 << len(ys)) - 1
    inputs = [sum(1 << p for p, y in enumerate(ys) if y[i]) for i in range(circuit.arity)]
    values = builder.evaluate(inputs, full)

    def holds(clause, flipped=0):
        result = 0
        for literal in clause:
            value = values[abs(literal)] ^ (full if abs(literal) == flipped else 0)
            result |= value if literal > 0 else full ^ value
        return result

    by_variable: dict[int, list] = {}
    for clause in builder.clauses:
        assert holds(clause) == full, clause
        for literal in clause:
            by_variable.setdefault(abs(literal), []).append(clause)
    for _, out, _ in builder.gates:
        violated = 0
        for clause in by_variable[out]:
            violated |= full ^ holds(clause, flipped=out)
        assert violated == full, out


def specs(count: int, seed: int, folder) -> list[tuple[str, dict]]:
    """`count` seeded random specs, cycling through every family."""
    rng, found = random.Random(seed), []
    for k in range(count):
        files: dict = {}
        spec = random_spec(rng, FAMILIES[k % len(FAMILIES)], files, folder)
        found.append((spec, files))
    return found


def _write(files: dict) -> None:
    for path, text in files.items():
        with open(path, "w") as handle:
            handle.write(text)


def run_differential(count: int, seed: int, folder) -> set[str]:
    families = set()
    rng = random.Random(seed + 1)
    for spec, files in specs(count, seed, folder):
        _write(files)
        check_circuit(spec, files, rng)
        families.add("compose" if spec.startswith("compose(") else spec.split(":")[0])
    return families


def test_circuit_matches_both_evaluators_fast_subset(tmp_path):
    families = run_differential(300, seed=2026, folder=tmp_path)
    assert families >= {"and", "or", "parity", "maj", "thr", "wthr", "sym", "index", "tribes",
                        "tt", "expr", "cnf", "compose"}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_circuit_matches_both_evaluators_thousands(tmp_path, seed):
    run_differential(1000, seed=seed, folder=tmp_path)


def test_the_differential_test_catches_a_wrong_gate(tmp_path, monkeypatch):
    """A circuit whose XOR gate evaluates as OR is caught (the test can fail)."""
    from verify.checker import circuit_cnf

    original = circuit_cnf.Builder.evaluate

    def wrong(self, inputs, full):
        gates = self.gates
        self.gates = [("and", out, ins) if op == "xor" else (op, out, ins)
                      for op, out, ins in gates]
        try:
            return original(self, inputs, full)
        finally:
            self.gates = gates

    monkeypatch.setattr(circuit_cnf.Builder, "evaluate", wrong)
    with pytest.raises(AssertionError):
        run_differential(60, seed=7, folder=tmp_path)


def test_the_clause_check_catches_a_one_directional_gate(tmp_path, monkeypatch):
    """An AND gate encoded in one direction only (out -> inputs) leaves its output unforced."""
    from verify.checker import circuit_cnf

    original = circuit_cnf.Builder._gate

    def one_way(self, op, inputs, clauses):
        if op != "and":
            return original(self, op, inputs, clauses)
        return original(self, op, inputs, lambda o: [c for c in clauses(o) if c[0] == -o])

    monkeypatch.setattr(circuit_cnf.Builder, "_gate", one_way)
    with pytest.raises(AssertionError):
        run_differential(60, seed=8, folder=tmp_path)
