"""DIMACS CNF parsing (the `cnf:PATH` spec; grammar: certificates/FORMAT.md, section 3).

Lines starting with `c` or `%` are comments; one header `p cnf V C` (V >= 1) before the
clauses; literals are ASCII integers `-?[0-9]{1,9}` with |l| <= V, each clause ended by 0
(a clause may span lines); exactly C clauses.
"""

from __future__ import annotations

import re

from verify.base.errors import BadInput, TooLarge

MAX_CNF_VARS = 10**6
MAX_CNF_LITERALS = 4_000_000  # the trusted checker's limit (certificates/FORMAT.md, section 3)
_HEADER = re.compile(r"p\s+cnf\s+([0-9]{1,9})\s+([0-9]{1,12})")
_LITERAL = re.compile(r"-?[0-9]{1,9}")


def parse_dimacs(text: str, where: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Return (number of variables, clauses); raise BadInput on malformed text."""
    header, clauses, current, literals = None, [], [], 0
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "c%":
            continue
        if line[0] == "p":
            header = _header(line, number, where, header)
            continue
        if header is None:
            raise BadInput(f"{where}: line {number}: clause before the 'p cnf' header")
        for token in line.split():
            if _LITERAL.fullmatch(token) is None:
                raise BadInput(f"{where}: line {number}: {token[:20]!r} is not a literal")
            literal = int(token)
            if abs(literal) > header[0]:
                raise BadInput(f"{where}: line {number}: literal {literal} exceeds the "
                               f"{header[0]} declared variables")
            if literal == 0:
                clauses.append(tuple(current))
                current = []
                continue
            current.append(literal)
            literals += 1
            if literals > MAX_CNF_LITERALS:
                raise TooLarge(f"{where}: more than {MAX_CNF_LITERALS} literals")
    if header is None:
        raise BadInput(f"{where}: no 'p cnf V C' header")
    if current:
        raise BadInput(f"{where}: the last clause is not terminated by 0")
    if len(clauses) != header[1]:
        raise BadInput(f"{where}: the header declares {header[1]} clauses, found {len(clauses)}")
    return header[0], tuple(clauses)


def _header(line: str, number: int, where: str, previous) -> tuple[int, int]:
    match = _HEADER.fullmatch(line)
    if previous is not None or match is None:
        raise BadInput(f"{where}: line {number}: bad or repeated header {line[:40]!r}")
    n_vars, n_clauses = int(match.group(1)), int(match.group(2))
    if n_vars < 1:
        raise BadInput(f"{where}: a CNF needs at least one variable (header 'p cnf 0 ...')")
    if n_vars > MAX_CNF_VARS:
        raise TooLarge(f"{where}: CNF needs at most {MAX_CNF_VARS} variables, header says {n_vars}")
    return n_vars, n_clauses
