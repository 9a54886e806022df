"""DIMACS CNF parsing (the `cnf:PATH` spec): header `p cnf V C`, clauses ending in 0."""

from __future__ import annotations

from verify.base.errors import BadInput, TooLarge

MAX_CNF_VARS = 10**6
MAX_CNF_LITERALS = 10**7


def parse_dimacs(text: str, spec: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Return (number of variables, clauses); raise BadInput on malformed text."""
    header, tokens = None, []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "c%":
            continue
        if line.startswith("p"):
            header = _header(line, number, spec, header)
            continue
        if header is None:
            raise BadInput(f"{spec!r}: line {number}: clause before the 'p cnf' header")
        tokens.extend(line.split())
        if len(tokens) > MAX_CNF_LITERALS:
            raise TooLarge(f"{spec!r}: more than {MAX_CNF_LITERALS} literals")
    if header is None:
        raise BadInput(f"{spec!r}: no 'p cnf V C' header")
    return header[0], _clauses(tokens, header, spec)


def _header(line: str, number: int, spec: str, previous) -> tuple[int, int]:
    parts = line.split()
    if previous is not None or len(parts) != 4 or parts[1] != "cnf" \
            or not parts[2].isdigit() or not parts[3].isdigit():
        raise BadInput(f"{spec!r}: line {number}: bad header {line[:40]!r}")
    n_vars, n_clauses = int(parts[2]), int(parts[3])
    if not 1 <= n_vars <= MAX_CNF_VARS:
        raise TooLarge(f"{spec!r}: CNF needs 1 to {MAX_CNF_VARS} variables, header says {n_vars}")
    return n_vars, n_clauses


def _clauses(tokens: list[str], header: tuple[int, int], spec: str):
    n_vars, n_clauses = header
    clauses, current = [], []
    for token in tokens:
        try:
            literal = int(token)
        except ValueError:
            raise BadInput(f"{spec!r}: {token[:20]!r} is not a literal") from None
        if abs(literal) > n_vars:
            raise BadInput(f"{spec!r}: literal {literal} exceeds the {n_vars} declared variables")
        if literal == 0:
            clauses.append(tuple(current))
            current = []
        else:
            current.append(literal)
    if current:
        raise BadInput(f"{spec!r}: last clause is not terminated by 0")
    if len(clauses) != n_clauses:
        raise BadInput(f"{spec!r}: header declares {n_clauses} clauses, found {len(clauses)}")
    return tuple(clauses)
