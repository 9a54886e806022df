"""Sensitive-block family checks with SAT and z3 (issue item 4; untrusted, both backends).

For f, an input z and a claimed family of blocks, three decisions:
* sensitive: f(z^B) != f(z)  -  the query with y fixed to the block;
* minimal:   B is sensitive and no sensitive block is a proper subset of B  -  a query with
             y_i = 0 outside B and some y_i = 0 inside B (a model is a smaller sensitive block);
* complete:  every sensitive block contains a member  -  a query "sensitive, and for every
             member M some i in M has y_i = 0" (a model is a sensitive block containing no
             member; it is shrunk to a minimal one before it is reported).
`enumerate_minimal` lists the minimal sensitive blocks with blocking clauses.  Backend "sat"
uses the trusted checker's circuit with CaDiCaL 1.9.5; backend "z3" the independent z3
encoding (verify/sensitivity/sat/encode.py).  tests/sensitivity/test_sat_family.py cross-checks both with brute force.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify.base.errors import BadInput
from verify.base.notebook import NotebookView
from verify.base.z3_check import z3_satisfiable
from verify.functions.families import BooleanFunction

from .backends import Block, PysatOracle, Z3Oracle


@dataclass(frozen=True)
class MemberReport:
    """One member of the family: sensitive? minimal? witness = a smaller sensitive block."""

    block: Block
    sensitive: bool
    minimal: bool
    witness: Block | None = None


@dataclass(frozen=True, repr=False)
class FamilyReport(NotebookView):
    """All three decisions; witness = a sensitive block containing no member (if incomplete)."""

    members: tuple[MemberReport, ...]
    complete: bool
    witness: Block | None
    backend: str
    spec: str = ""
    variables: tuple[str, ...] | None = None  # sympy input: the symbol at coordinate 0, 1, ...

    @property
    def ok(self) -> bool:
        return self.complete and all(m.sensitive and m.minimal for m in self.members)

    def to_json(self) -> dict:
        """The JSON document `fbs blocks --check --json` prints (with `variables` for sympy
        input)."""
        document = {
            "spec": self.spec, "backend": self.backend, "ok": self.ok, "complete": self.complete,
            "witness": None if self.witness is None else list(self.witness),
            "members": [{"block": list(m.block), "sensitive": m.sensitive, "minimal": m.minimal,
                         "smaller": None if m.witness is None else list(m.witness)}
                        for m in self.members]}
        if self.variables is not None:
            document["variables"] = {f"x{k + 1}": v for k, v in enumerate(self.variables)}
        return document


class _SatQueries:
    """CaDiCaL on the checker's circuit; extra clauses are guarded by activation literals."""

    def __init__(self, function: BooleanFunction, bits):
        from pysat.solvers import Solver

        self.oracle = PysatOracle(function, bits, "adder")
        self.q = function.arity
        self.next_var = self.oracle.n_vars
        self.solver = Solver(name="cadical195", bootstrap_with=self.oracle.hard)

    def _guard(self, clauses: list[list[int]]) -> int:
        self.next_var += 1
        for clause in clauses:
            self.solver.add_clause([-self.next_var] + clause)
        return self.next_var

    def solve(self, fixed: dict[int, int], clauses: list[list[int]]) -> Block | None:
        """A sensitive block with y_i = fixed[i] and the clauses, or None."""
        assumptions = [(i + 1) if v else -(i + 1) for i, v in fixed.items()]
        if clauses:
            guard = self._guard(clauses)
            assumptions.append(guard)
        if not self.solver.solve(assumptions=assumptions):
            if clauses:
                self.solver.add_clause([-guard])
            return None
        model = self.solver.get_model()
        if clauses:
            self.solver.add_clause([-guard])
        return self.oracle._block(model)

    def add_permanent(self, clause: list[int]) -> None:
        self.solver.add_clause(clause)

    def close(self):
        self.solver.delete()


class _Z3Queries:
    """z3 on its own encoding; each query in a push/pop scope."""

    def __init__(self, function: BooleanFunction, bits):
        import z3

        self.oracle = Z3Oracle(function, bits, "pble")
        self.solver = z3.Solver()
        self.solver.add(self.oracle.constraint)

    def solve(self, fixed: dict[int, int], clauses: list[list[int]]) -> Block | None:
        import z3

        y = self.oracle.y
        self.solver.push()
        try:
            for i, v in fixed.items():
                self.solver.add(y[i] if v else z3.Not(y[i]))
            for clause in clauses:
                self.solver.add(z3.Or([y[lit - 1] if lit > 0 else z3.Not(y[-lit - 1])
                                       for lit in clause]))
            if not z3_satisfiable(self.solver, "a block query"):
                return None
            model = self.solver.model()
            return tuple(i for i, yi in enumerate(y)
                         if z3.is_true(model.eval(yi, model_completion=True)))
        finally:
            self.solver.pop()

    def add_permanent(self, clause: list[int]) -> None:
        import z3

        y = self.oracle.y
        self.solver.add(z3.Or([y[lit - 1] if lit > 0 else z3.Not(y[-lit - 1]) for lit in clause]))

    def close(self):
        pass


def _queries(function: BooleanFunction, bits, backend: str):
    if backend == "sat":
        return _SatQueries(function, bits)
    if backend == "z3":
        return _Z3Queries(function, bits)
    raise BadInput(f"unknown backend {backend!r} (choose from sat, z3)")


def _minimal(queries, block: Block, q: int) -> Block:
    """An inclusion-minimal sensitive block inside a sensitive block: greedy removal of single
    coordinates, then a solver query for a sensitive proper subset, until there is none
    (sensitivity is not monotone, so greedy removal alone can stop too early)."""
    while True:
        block = queries.oracle.minimize(block, [1] * q)
        inside = set(block)
        smaller = queries.solve({i: 0 for i in range(q) if i not in inside},
                                [[-(i + 1) for i in block]])
        if smaller is None:
            return block
        block = smaller


def check_family(function: BooleanFunction, bits, family: list[Block],
                 backend: str = "sat") -> FamilyReport:
    """Decide sensitivity and minimality of every member and completeness of the family."""
    q = function.arity
    queries = _queries(function, bits, backend)
    try:
        members = []
        for block in family:
            inside = set(block)
            exact = {i: int(i in inside) for i in range(q)}
            sensitive = queries.solve(exact, []) is not None
            witness = None
            if sensitive:
                outside = {i: 0 for i in range(q) if i not in inside}
                smaller = queries.solve(outside, [[-(i + 1) for i in block]])
                if smaller is not None:
                    witness = _minimal(queries, smaller, q)
            members.append(MemberReport(tuple(block), sensitive, sensitive and witness is None,
                                        witness))
        avoiding = queries.solve({}, [[-(i + 1) for i in block] for block in family])
        witness = None if avoiding is None else _minimal(queries, avoiding, q)
        return FamilyReport(tuple(members), avoiding is None, witness, backend, function.spec)
    finally:
        queries.close()


def enumerate_minimal(function: BooleanFunction, bits, backend: str = "sat",
                      limit: int = 1000) -> tuple[list[Block], bool]:
    """(minimal sensitive blocks, True if that is all of them) - at most `limit` blocks.
    Each found block is blocked with the clause "not all of B", which excludes B and its
    supersets but no other minimal block."""
    q = function.arity
    queries = _queries(function, bits, backend)
    found: list[Block] = []
    try:
        while len(found) < limit:
            block = queries.solve({}, [])
            if block is None:
                return sorted(found, key=lambda b: (len(b), b)), True
            block = _minimal(queries, block, q)
            found.append(block)
            queries.add_permanent([-(i + 1) for i in block])
        exhausted = queries.solve({}, []) is None
        return sorted(found, key=lambda b: (len(b), b)), exhausted
    finally:
        queries.close()
