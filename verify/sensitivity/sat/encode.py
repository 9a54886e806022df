"""Encodings of the separation query (untrusted).

The query: a block y in {0,1}^q (y_i = 1 iff i in B) with x = z XOR y, f(x) != f(z) and
sum_i T_i y_i <= D - 1.

* pysat: the function part is the trusted checker's Tseitin circuit (verify.checker.circuit_cnf,
  so the oracle and the certificate see the same CNF); the weight part is either soft clauses
  [-y_i] of weight T_i for RC2 (minimum-weight block) or the checker's adder + comparator.
* z3: an independent encoding built directly from the BooleanFunction objects of
  verify.functions.families (Bool variables, If/PbGe/Or/And/Xor), with `PbLe` or `Optimize`.

The two function encodings share no code, so the conformance tests that compare both backends
with the truth table also test the trusted encoder.
"""

from __future__ import annotations

from verify.base.errors import BadInput, TooLarge, beyond_checker_bound
from verify.checker import CertificateMalformed, CertificateTooLarge
from verify.checker.circuit_cnf import FunctionCircuit, function_circuit
from verify.functions.families import (
    BooleanFunction,
    CallableFunction,
    Circuit,
    Cnf,
    Composition,
    Index,
    Symmetric,
    Tribes,
    TruthTable,
    WeightedThreshold,
    embedded_files,
)

MAX_Z3_TABLE_ARITY = 16


def spec_and_files(function: BooleanFunction) -> tuple[str, dict[str, str]]:
    """The spec text the checker re-reads, and the embedded DIMACS files of cnf: specs."""
    if isinstance(function, CallableFunction):
        raise BadInput(f"{function.spec}: the sat method needs a function spec, not a callable")
    return function.spec, embedded_files(function)


def checker_circuit(function: BooleanFunction, z: str) -> FunctionCircuit:
    """The trusted encoder's circuit of f(z XOR y): TooLarge beyond the checker's documented
    bounds (the certificate would be refused), BadInput for a spec it cannot encode."""
    spec, files = spec_and_files(function)
    try:
        return function_circuit(spec, z, files)
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
    except CertificateMalformed as error:
        raise BadInput(f"{spec}: {error}") from None


def sensitivity_clauses(circuit: FunctionCircuit) -> tuple[list[list[int]], int, int]:
    """(clauses of the circuit plus the unit 'f(z^B) != f(z)', number of variables, f(z))."""
    f_z, _ = circuit.values([])
    unit = [-circuit.output if f_z else circuit.output]
    return list(circuit.builder.clauses) + [unit], circuit.builder.n_vars, f_z


# --- z3 ------------------------------------------------------------------------------------

def z3_function(function: BooleanFunction, x: list):
    """f(x) as a z3 Boolean expression over the z3 Booleans (or constants) x."""
    import z3

    if isinstance(function, Symmetric):
        count = z3.Sum([z3.If(xi, 1, 0) for xi in x])
        ones = [w for w, v in enumerate(function.values) if v]
        if len(ones) == len(function.values):
            return z3.BoolVal(True)
        return z3.Or([count == w for w in ones]) if ones else z3.BoolVal(False)
    if isinstance(function, WeightedThreshold):
        if function.threshold <= 0:
            return z3.BoolVal(True)
        terms = [(xi, w) for xi, w in zip(x, function.weights) if w]
        return z3.PbGe(terms, function.threshold) if terms else z3.BoolVal(False)
    if isinstance(function, Index):
        k = function.address_bits
        return _z3_mux(x[:k], x[k:])
    if isinstance(function, Tribes):
        w = function.width
        return z3.Or([z3.And(x[s:s + w]) for s in range(0, len(x), w)])
    if isinstance(function, TruthTable):
        if function.arity > MAX_Z3_TABLE_ARITY:
            raise TooLarge(f"{function.spec}: the z3 backend encodes truth tables up to "
                           f"q = {MAX_Z3_TABLE_ARITY}")
        return _z3_mux(x, [z3.BoolVal(bool(v)) for v in function.truth_table()])
    if isinstance(function, Circuit):
        return _z3_formula(function.formula, x)
    if isinstance(function, Cnf):
        return z3.And([z3.Or([x[lit - 1] if lit > 0 else z3.Not(x[-lit - 1]) for lit in clause])
                       for clause in function.clauses])
    if isinstance(function, Composition):
        outputs = [z3_function(inner, x[start:start + inner.arity])
                   for inner, start in zip(function.inners, function.offsets())]
        return z3_function(function.outer, outputs)
    raise BadInput(f"{function.spec}: the z3 backend cannot encode {type(function).__name__}")


def _z3_mux(selectors: list, leaves: list):
    import z3

    if len(leaves) == 1:
        return leaves[0]
    half = len(leaves) // 2
    return z3.If(selectors[0], _z3_mux(selectors[1:], leaves[half:]),
                 _z3_mux(selectors[1:], leaves[:half]))


def _z3_formula(node: tuple, x: list):
    import z3

    op = node[0]
    if op == "var":
        return x[node[1]]
    if op == "const":
        return z3.BoolVal(bool(node[1]))
    children = [_z3_formula(child, x) for child in node[1:]]
    if op == "not":
        return z3.Not(children[0])
    if op == "and":
        return z3.And(children)
    if op == "or":
        return z3.Or(children)
    result = children[0]
    for child in children[1:]:
        result = z3.Xor(result, child)
    return result


def z3_sensitivity(function: BooleanFunction, bits) -> tuple[list, object]:
    """(block variables y, the z3 constraint 'f(z XOR y) != f(z)')."""
    import z3

    y = [z3.Bool(f"y{i}") for i in range(function.arity)]
    x = [z3.Not(yi) if bit else yi for yi, bit in zip(y, bits)]
    f_z = bool(function(tuple(bits)))
    expression = z3_function(function, x)
    return y, (z3.Not(expression) if f_z else expression)
