"""A standard-library LRAT checker (certificates/FORMAT.md, kind sat-lrat, "The proof").

LRAT text, one step per line (tokens separated by blanks; lines starting with 'c' are
comments):

    ID L1 ... Lk 0 H1 ... Hm 0     add clause ID = (L1 ... Lk), derived from hint clauses H1..Hm
    ID d C1 ... Cm 0               delete clauses C1..Cm

Clauses 1..N are the N clauses of the CNF, in order.  Every added ID is larger than all earlier
IDs.  A clause is accepted only by reverse unit propagation (RUP) on its hints alone: assume
the negation of the clause, then walk the hints in order; each hint clause must be unit (its
one non-false literal becomes true) or falsified (conflict, the clause is proved).  RAT steps
(negative hints) are not accepted.  The proof is a refutation only if it adds the empty
clause.

The proof is read as a stream of chunks and scanned line by line: blank stretches are skipped
at C speed, a line may hold at most MAX_LINE_BYTES, at most MAX_PROOF_LINES lines are not
blank, and MAX_WORK bounds the literal visits and the tokens (deletions too).  So time is linear in the proof text
with a bounded number of Python-level steps, and memory is bounded by one line plus the stored
clauses (at most one per line); a malformed, truncated or hostile proof ends in
CertificateMalformed or a failed result, never a hang.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from .errors import CertificateMalformed, CertificateTooLarge

MAX_WORK = 60_000_000  # literal visits while checking hints, plus TOKEN_COST per token read
TOKEN_COST = 8  # a token (parsed, converted, maybe a deletion) costs about 8 literal visits
MAX_LINE_BYTES = 4 << 20  # one LRAT line
MAX_PROOF_LINES = 1_000_000  # non-blank lines (steps and comments); blank lines are free
_NUMBER = rb"-?[0-9]{1,19}"
_LINE = re.compile(rb"%s(?:[ \t]+(?:%s|d))*" % (_NUMBER, _NUMBER))
_VISIBLE = re.compile(rb"[^ \t\r\n\f\v]")  # the first character of a non-blank line


@dataclass(frozen=True)
class LratResult:
    """refuted: the proof derives the empty clause; message: one line (what failed)."""

    refuted: bool
    message: str
    steps: int = 0


def proof_lines(chunks: Iterable[bytes]) -> Iterable[tuple[int, bytes]]:
    """(line number, stripped text) of every step line of a proof given as byte chunks."""
    carry, line_number, visible = b"", 0, [0]
    for chunk in chunks:
        data = carry + chunk if carry else chunk
        end = data.rfind(b"\n") + 1
        carry = data[end:]
        line_number = yield from _lines_of(data, end, line_number, visible)
        if len(carry) > MAX_LINE_BYTES:
            raise CertificateTooLarge(f"LRAT line {line_number + 1}: longer than "
                                      f"{MAX_LINE_BYTES} bytes")
    if carry:
        yield from _lines_of(carry + b"\n", len(carry) + 1, line_number, visible)


def _lines_of(data: bytes, end: int, line_number: int, visible: list[int]):
    """Step lines of data[:end] (whole lines); returns the line count after them. Blank
    stretches are skipped at C speed (isspace, a character-class search, count)."""
    if end == 0 or data[:end].isspace():
        return line_number + data.count(b"\n", 0, end)
    position = 0
    while (match := _VISIBLE.search(data, position, end)) is not None:
        first = match.start()
        stop = data.find(b"\n", first, end)
        line_number += data.count(b"\n", position, first)
        position = stop + 1
        visible[0] += 1
        if visible[0] > MAX_PROOF_LINES:
            raise CertificateTooLarge(f"LRAT proof has more than {MAX_PROOF_LINES} non-blank "
                                      "lines")
        if data[first:first + 1] == b"c":
            line_number += 1
            continue
        line = data[first:stop].rstrip()
        if len(line) > MAX_LINE_BYTES:
            raise CertificateTooLarge(f"LRAT line {line_number + 1}: longer than "
                                      f"{MAX_LINE_BYTES} bytes")
        line_number += 1
        yield line_number, line
    return line_number + data.count(b"\n", position, end)


def check_lrat(clauses: list[list[int]], proof: bytes | str | Iterable[bytes],
               n_vars: int) -> LratResult:
    """Check an LRAT refutation of `clauses` (numbered 1..len(clauses)).

    proof: the text, or an iterable of byte chunks (streamed, never held whole)."""
    if isinstance(proof, str):
        proof = proof.encode("ascii", "replace")
    chunks = [proof] if isinstance(proof, bytes) else proof
    database: dict[int, list[int] | tuple[int, ...]] = dict(enumerate(clauses, 1))
    last_id = len(clauses)
    work = steps = 0
    for number, line in proof_lines(chunks):
        if _LINE.fullmatch(line) is None:
            raise CertificateMalformed(f"LRAT line {number}: not an LRAT step: {line[:40]!r}")
        tokens = line.split()
        steps += 1
        work += TOKEN_COST * len(tokens)
        if work > MAX_WORK:
            raise _over_budget()
        if tokens[1:2] == [b"d"]:
            for clause_id in _terminated(_integers(tokens[2:], number), number, "deletion"):
                database.pop(clause_id, None)
            continue
        numbers = _integers(tokens, number)
        step_id = numbers[0]
        if step_id <= last_id:
            return LratResult(False, f"LRAT line {number}: clause id {step_id} is not larger "
                                     f"than the previous id {last_id}", steps)
        last_id = step_id
        lemma, hints = _split_addition(numbers[1:], number)
        for literal in lemma:
            if abs(literal) > n_vars:
                raise CertificateMalformed(f"LRAT line {number}: literal {literal} is not a "
                                           f"variable of the CNF (1..{n_vars})")
        # reverse unit propagation on the hints only: start from the negated lemma
        true = {-literal for literal in lemma}
        conflict = False
        for hint in hints:
            if hint < 0:
                return LratResult(False, f"LRAT line {number}: negative hint {hint} (RAT steps "
                                         f"are not accepted)", steps)
            clause = database.get(hint)
            if clause is None:
                return LratResult(False, f"LRAT line {number}: hint {hint} is not an active "
                                         f"clause", steps)
            work += len(clause) + 1
            if work > MAX_WORK:
                raise _over_budget()
            open_literals = [literal for literal in clause if -literal not in true]
            if not open_literals:
                conflict = True
                break
            if len(open_literals) > 1 and len(set(open_literals)) > 1:
                return LratResult(False, f"LRAT line {number}: hint {hint} is neither unit "
                                         f"nor falsified", steps)
            true.add(open_literals[0])
        if not conflict:
            return LratResult(False, f"LRAT line {number}: the hints of clause {step_id} end "
                                     f"without a conflict", steps)
        if not lemma:
            return LratResult(True, f"empty clause derived at LRAT line {number}", steps)
        database[step_id] = tuple(lemma)
    return LratResult(False, "the proof ends without deriving the empty clause "
                             "(truncated or not a refutation)", steps)


def _over_budget() -> CertificateTooLarge:
    return CertificateTooLarge(f"LRAT proof exceeds the work budget of {MAX_WORK} literal "
                               f"visits ({TOKEN_COST} per token read, deletions included)")


def _integers(tokens: list[bytes], number: int) -> list[int]:
    for token in tokens:
        if len(token) > 19:
            raise CertificateMalformed(f"LRAT line {number}: number {token[:20]!r}... is too long")
    try:
        return [int(token) for token in tokens]
    except ValueError:
        raise CertificateMalformed(f"LRAT line {number}: expected integers") from None


def _terminated(numbers: list[int], number: int, what: str) -> list[int]:
    if not numbers or numbers[-1] != 0:
        raise CertificateMalformed(f"LRAT line {number}: {what} is not terminated by 0")
    body = numbers[:-1]
    if 0 in body:
        raise CertificateMalformed(f"LRAT line {number}: unexpected 0 inside a {what}")
    return body


def _split_addition(numbers: list[int], number: int) -> tuple[list[int], list[int]]:
    """(literals, hints) of 'L1 .. Lk 0 H1 .. Hm 0'."""
    try:
        first = numbers.index(0)
    except ValueError:
        raise CertificateMalformed(f"LRAT line {number}: the clause is not terminated by 0") from None
    return numbers[:first], _terminated(numbers[first + 1:], number, "hint list")
