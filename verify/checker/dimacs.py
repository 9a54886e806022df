"""DIMACS CNF text (the `cnf:PATH` spec, embedded in a certificate's "files")."""

from __future__ import annotations

import re

from .errors import CertificateMalformed, CertificateTooLarge

_HEADER = re.compile(r"p\s+cnf\s+([0-9]{1,9})\s+([0-9]{1,12})")
_LITERAL = re.compile(r"-?[0-9]{1,9}")
MAX_LITERALS = 4_000_000  # of one DIMACS text (about 1 microsecond each to parse)
MAX_UNITS = 6_000_000     # lines and tokens of all the DIMACS texts of one file
# the line breaks of str.splitlines ("\r\n" counted twice: an upper bound on the lines)
_LINE_BREAKS = ("\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


class DimacsBudget:
    """The lines and tokens that parsing DIMACS text may still read: every line (comments and
    blank lines too) and every token (literals, the 0 that ends a clause, header words) is a
    unit, charged before it is read; one budget for all the texts of a file."""

    def __init__(self, limit: int | None = None):
        self.left = MAX_UNITS if limit is None else limit

    def charge(self, units: int, where: str) -> None:
        self.left -= units
        if self.left < 0:
            raise CertificateTooLarge(f"{where}: too costly to check: the DIMACS texts of the "
                                      f"file have more than {MAX_UNITS} lines and tokens")


def parse_dimacs(text: str, where: str,
                 budget: DimacsBudget | None = None) -> tuple[int, list[list[int]]]:
    """Return (number of variables, clauses).  Lines starting with 'c' or '%' are comments;
    one header 'p cnf V C' precedes the clauses; every clause ends with 0; exactly C clauses;
    every literal is a nonzero integer with |literal| <= V.  Lines and tokens are charged to
    `budget` before they are read (the lines before the text is split)."""
    budget = budget or DimacsBudget()
    budget.charge(1 + sum(text.count(mark) for mark in _LINE_BREAKS), where)
    header, clauses, current, literals = None, [], [], 0
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "c%":
            continue
        if line[0] == "p":
            budget.charge(4, where)
            header = _header(line, number, where, header)
            continue
        if header is None:
            raise CertificateMalformed(f"{where}: line {number}: clause before the 'p cnf' header")
        for token in _tokens(line, budget, where):
            if token == "0":  # the end of a clause, the commonest token
                clauses.append(current)
                current = []
                continue
            if _LITERAL.fullmatch(token) is None:
                raise CertificateMalformed(f"{where}: line {number}: {token[:20]!r} "
                                           f"is not a literal")
            literal = int(token)
            if abs(literal) > header[0]:
                raise CertificateMalformed(f"{where}: line {number}: literal {literal} exceeds "
                                           f"the {header[0]} declared variables")
            if literal:
                current.append(literal)
                literals += 1
                if literals > MAX_LITERALS:
                    raise CertificateTooLarge(f"{where}: more than {MAX_LITERALS} literals")
            else:
                clauses.append(current)
                current = []
    if header is None:
        raise CertificateMalformed(f"{where}: no 'p cnf V C' header")
    if current:
        raise CertificateMalformed(f"{where}: the last clause is not terminated by 0")
    if len(clauses) != header[1]:
        raise CertificateMalformed(f"{where}: the header declares {header[1]} clauses, "
                                   f"found {len(clauses)}")
    return header[0], clauses


def _tokens(line: str, budget: DimacsBudget, where: str) -> list[str]:
    """The tokens of a line, charged to the budget: split at most budget.left times (C
    speed, a list bounded by the budget), so a line holding more is refused unread."""
    tokens = line.split(None, max(budget.left, 0))
    budget.charge(len(tokens), where)
    return tokens


def parsed_dimacs(files: dict, path: str, where: str) -> tuple[int, list[list[int]]]:
    """parse_dimacs of files[path], parsed once per text however often it is referenced:
    the result is kept in files (a Files mapping, fields.read_files) when it can hold it,
    and so is the budget of lines and tokens shared by all the file's texts."""
    text = files[path]
    cache = getattr(files, "parsed", None)
    if cache is None:
        return parse_dimacs(text, where)
    if path not in cache:
        cache[path] = parse_dimacs(text, where, files.dimacs_budget)
    return cache[path]


def _header(line: str, number: int, where: str, previous) -> tuple[int, int]:
    match = _HEADER.fullmatch(line)
    if previous is not None or match is None:
        raise CertificateMalformed(f"{where}: line {number}: bad or repeated header {line[:40]!r}")
    return int(match.group(1)), int(match.group(2))


def evaluate_cnf(clauses: list[list[int]], inputs: list[int], full: int) -> int:
    """Positions where every clause has a true literal (f = 1 iff x satisfies the CNF)."""
    result = full
    for clause in clauses:
        satisfied = 0
        for literal in clause:
            value = inputs[abs(literal) - 1]
            satisfied |= value if literal > 0 else full ^ value
        result &= satisfied
        if not result:
            break
    return result
