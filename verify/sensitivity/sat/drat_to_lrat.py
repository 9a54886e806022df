"""Forward DRAT -> LRAT conversion by unit propagation with reason tracking (untrusted).

For each lemma of the DRAT proof, in order: assign the negation of the lemma on top of the
top-level assignment, unit-propagate over the current clause database (two watched
literals), and on a conflict walk the reasons back from the conflicting clause; the clauses
met, in trail order, followed by the conflicting clause, are the LRAT hints.  Top-level
(level 0) literals get their own unit lemma when they are derived, so a hint chain cites them
by one id.  Deletions remove clauses, except unit clauses (as drat-trim does by default).

Limitations (documented, SolverFailure when hit): a lemma that is not RUP - for example a RAT
lemma, which CaDiCaL 1.9.5 does not emit in its default configuration - ends the conversion,
and so does a proof that never reaches a conflict at the top level.  Every lemma is checked,
also those that the refutation does not need (no backward trimming), so the LRAT proof has
about as many lines as the DRAT proof.
"""

from __future__ import annotations

from verify.base.errors import SolverFailure


class _Converter:
    def __init__(self, n_vars: int):
        self.value = [0] * (n_vars + 1)      # 1 true, -1 false, 0 unassigned (per variable)
        self.level = [0] * (n_vars + 1)
        self.reason = [0] * (n_vars + 1)     # clause id that propagated the variable
        self.unit_id = [0] * (n_vars + 1)    # LRAT id of the unit clause of a level-0 literal
        self.trail: list[int] = []
        self.top = 0                         # trail length of level 0 (all propagated)
        self.clauses: dict[int, list[int]] = {}
        self.by_key: dict[tuple[int, ...], list[int]] = {}
        self.watches: dict[int, list[int]] = {}
        self.out: list[str] = []
        self.next_id = 1
        self.refuted = False
        self.lemmas = 0

    # --- assignment ----------------------------------------------------------------------

    def lit_value(self, lit: int) -> int:
        v = self.value[abs(lit)]
        return v if lit > 0 else -v

    def assign(self, lit: int, reason: int, level: int) -> None:
        var = abs(lit)
        self.value[var] = 1 if lit > 0 else -1
        self.level[var] = level
        self.reason[var] = reason
        self.trail.append(lit)

    def backtrack(self) -> None:
        for lit in self.trail[self.top:]:
            self.value[abs(lit)] = 0
        del self.trail[self.top:]

    # --- clause database -----------------------------------------------------------------

    def add(self, clause: list[int]) -> int:
        """Add a lemma; handle units and top-level conflicts."""
        cid = self.next_id
        self.next_id += 1
        self.clauses[cid] = clause
        self.by_key.setdefault(tuple(sorted(clause)), []).append(cid)
        open_lits = [lit for lit in clause if self.lit_value(lit) != -1]
        if not open_lits:
            self.finish(clause, cid)
            return cid
        if len(clause) == 1:
            lit = clause[0]
            if self.lit_value(lit) == 0:
                self.unit_id[abs(lit)] = cid
                self.assign(lit, cid, 0)
                self.propagate_top()
            return cid
        # watch two non-false literals if possible
        clause.sort(key=lambda lit: self.lit_value(lit) == -1)
        self.watches.setdefault(clause[0], []).append(cid)
        self.watches.setdefault(clause[1], []).append(cid)
        if len(open_lits) == 1 and self.lit_value(open_lits[0]) == 0:
            self.assign(open_lits[0], cid, 0)
            self.make_unit(open_lits[0])
            self.propagate_top()
        return cid

    def delete(self, clause: list[int]) -> None:
        ids = self.by_key.get(tuple(sorted(clause)))
        if not ids:
            return
        cid = ids[-1]
        if len(self.clauses[cid]) == 1:
            return  # unit deletions are ignored (drat-trim's default)
        ids.pop()
        del self.clauses[cid]
        self.out.append(f"{self.next_id - 1} d {cid} 0")

    # --- propagation ---------------------------------------------------------------------

    def propagate(self, start: int, level: int) -> int:
        """Unit propagation from trail position start; the id of a falsified clause or 0."""
        value, clauses, watches = self.value, self.clauses, self.watches
        i = start
        while i < len(self.trail):
            false_lit = -self.trail[i]
            i += 1
            watching = watches.get(false_lit)
            if not watching:
                continue
            kept: list[int] = []
            conflict = 0
            for position, cid in enumerate(watching):
                if conflict:
                    kept.append(cid)
                    continue
                clause = clauses.get(cid)
                if clause is None:
                    continue
                if clause[0] == false_lit:
                    clause[0], clause[1] = clause[1], clause[0]
                if clause[1] != false_lit:
                    continue  # stale watch
                first = clause[0]
                v = value[abs(first)]
                if (v if first > 0 else -v) == 1:
                    kept.append(cid)
                    continue
                for k in range(2, len(clause)):
                    lit = clause[k]
                    w = value[abs(lit)]
                    if (w if lit > 0 else -w) != -1:
                        clause[1], clause[k] = lit, false_lit
                        watches.setdefault(lit, []).append(cid)
                        break
                else:
                    kept.append(cid)
                    if (v if first > 0 else -v) == -1:
                        conflict = cid
                    else:
                        self.assign(first, cid, level)
            watches[false_lit] = kept
            if conflict:
                return conflict
        return 0

    def propagate_top(self) -> None:
        """Propagate at level 0; every implied literal gets a unit lemma; a conflict ends
        the proof with the empty clause."""
        start = self.top
        conflict = self.propagate(start, 0)
        for lit in self.trail[start:]:
            if not self.unit_id[abs(lit)]:
                self.make_unit(lit)
        self.top = len(self.trail)
        if conflict:
            self.finish(self.clauses[conflict], conflict)

    def load(self, clauses: list[list[int]]) -> None:
        """The original clauses get ids 1..m in order; then level-0 propagation."""
        units, empty = [], 0
        for original in clauses:
            clause = list(dict.fromkeys(original))
            cid = self.next_id
            self.next_id += 1
            self.clauses[cid] = clause
            self.by_key.setdefault(tuple(sorted(clause)), []).append(cid)
            if not clause:
                empty = empty or cid
            elif len(clause) == 1:
                units.append(cid)
            elif not any(-lit in clause for lit in clause):
                self.watches.setdefault(clause[0], []).append(cid)
                self.watches.setdefault(clause[1], []).append(cid)
        if empty:
            self.finish([], empty)
            return
        for cid in units:
            lit = self.clauses[cid][0]
            current = self.lit_value(lit)
            if current == 0:
                self.unit_id[abs(lit)] = cid
                self.assign(lit, cid, 0)
            elif current == -1:
                self.top = len(self.trail)
                self.finish([lit], cid)
                return
        self.propagate_top()

    def make_unit(self, lit: int) -> None:
        """Emit the unit lemma [lit] for a level-0 literal from its reason clause."""
        reason = self.reason[abs(lit)]
        hints = [self.unit_id[abs(other)] for other in self.clauses[reason] if other != lit]
        cid = self.next_id
        self.next_id += 1
        self.out.append(f"{cid} {lit} 0 {' '.join(map(str, hints + [reason]))} 0")
        self.unit_id[abs(lit)] = cid
        self.clauses[cid] = [lit]
        self.by_key.setdefault((lit,), []).append(cid)

    def finish(self, clause: list[int], cid: int) -> None:
        """All literals of the clause are false at level 0: derive the empty clause."""
        hints = [self.unit_id[abs(lit)] for lit in clause] + [cid]
        self.out.append(f"{self.next_id} 0 {' '.join(map(str, hints))} 0")
        self.next_id += 1
        self.refuted = True

    # --- lemmas --------------------------------------------------------------------------

    def lemma(self, clause: list[int]) -> None:
        """RUP-check a lemma, emit its LRAT line and add it."""
        if len(set(clause)) != len(clause):
            clause = list(dict.fromkeys(clause))
        if any(-lit in clause for lit in clause):
            return  # a tautology: never needed
        for lit in clause:
            if self.lit_value(lit) == 1:  # true at level 0: satisfied, cite its unit
                self.emit_and_add(clause, [self.unit_id[abs(lit)]])
                return
        for lit in clause:
            if self.lit_value(lit) == 0:
                self.assign(-lit, 0, 1)
        conflict = self.propagate(self.top, 1)
        if not conflict:
            self.backtrack()
            raise SolverFailure(f"DRAT lemma {clause[:8]}... is not RUP (a RAT step?); the "
                                f"DRAT -> LRAT conversion handles RUP lemmas only")
        hints = self.analyze(conflict)
        self.backtrack()
        self.emit_and_add(clause, hints)

    def analyze(self, conflict: int) -> list[int]:
        """Hints: level-0 unit ids, then level-1 reasons in trail order, then the conflict."""
        seen_vars: set[int] = set()
        units: list[int] = []
        needed: set[int] = set()
        stack = [conflict]
        while stack:
            cid = stack.pop()
            for lit in self.clauses[cid]:
                var = abs(lit)
                if var in seen_vars:
                    continue
                seen_vars.add(var)
                if self.level[var] == 0 and self.value[var]:
                    units.append(self.unit_id[var])
                elif self.reason[var]:
                    needed.add(var)
                    stack.append(self.reason[var])
        ordered = [self.reason[abs(lit)] for lit in self.trail[self.top:] if abs(lit) in needed]
        return units + ordered + [conflict]

    def emit_and_add(self, clause: list[int], hints: list[int]) -> None:
        cid = self.next_id
        self.out.append(f"{cid} {' '.join(map(str, clause))} 0 {' '.join(map(str, hints))} 0")
        self.lemmas += 1
        self.add(list(clause))


def drat_to_lrat(n_vars: int, clauses: list[list[int]], drat: list[str]) -> tuple[str, int]:
    """LRAT text refuting `clauses` (ids 1..len(clauses)) from DRAT lines (pysat's
    get_proof()); returns (text, number of LRAT lines).  SolverFailure if the DRAT proof
    has a non-RUP lemma or does not refute the clauses."""
    converter = _Converter(n_vars)
    converter.load(clauses)
    for line in drat:
        if converter.refuted:
            break
        tokens = line.split()
        if not tokens or tokens[0] == "c":
            continue
        deletion = tokens[0] == "d"
        literals = [int(t) for t in (tokens[1:] if deletion else tokens)]
        if not literals or literals[-1] != 0:
            raise SolverFailure(f"DRAT line {line[:40]!r} is not terminated by 0")
        literals.pop()
        if any(abs(lit) > n_vars for lit in literals):
            raise SolverFailure("the DRAT proof uses a variable outside the CNF (extended "
                                "resolution is not supported)")
        if deletion:
            converter.delete(literals)
        elif literals:
            converter.lemma(literals)
        else:
            raise SolverFailure("the DRAT proof adds the empty clause, but unit propagation "
                                "finds no conflict at the top level")
    if not converter.refuted:
        raise SolverFailure("the DRAT proof does not derive the empty clause")
    return "\n".join(converter.out) + "\n", len(converter.out)
