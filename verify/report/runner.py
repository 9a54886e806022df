"""The paper regression suite (issue 6): one check per paper claim, run and reported.

A check is a `PaperCheck` in a module of the top-level `paper_checks` package. It returns a
`CheckResult` (claim as the paper states it, what was computed, exact values, status) and
hands every certified value's certificate to the `Context`, which the stored-certificate
manifest (`certificates/paper/MANIFEST.json`) compares against.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Callable

from verify.base.errors import FbsError
from verify.base.numbers import fraction_text

STATUSES = ("confirmed", "refined", "no-number", "failed", "not-checkable")
# confirmed: the claim holds as stated on what was checked; refined: it holds with a
# correction or a sharper statement (a number or a scope the paper gets differently);
# no-number: the paper states the claim without a number and the check adds the exact value;
# failed: a computed value contradicts it (or the check crashed); not-checkable: out of reach.


@dataclass
class CheckResult:
    """The outcome of one paper check."""

    name: str
    place: str  # section / definition / theorem
    claim: str  # the paper's statement
    computed: str  # one line: what was computed
    status: str  # one of STATUSES
    values: dict = field(default_factory=dict)  # exact values, as strings / nested data
    deviations: list[str] = field(default_factory=list)  # where the check departs from the claim
    notes: list[str] = field(default_factory=list)  # readings, scope, what holds as stated
    reason: str = ""  # why not-checkable or failed
    certificates: list[str] = field(default_factory=list)  # ids of certificates handed in
    seconds: float = 0.0

    def as_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class PaperCheck:
    """A registered check: `run(context)` returns a CheckResult."""

    name: str
    place: str
    claim: str
    run: Callable[["Context"], CheckResult]


class Context:
    """Collects certificates while checks run; offers the certified fbs."""

    def __init__(self):
        self.certificates: dict[str, dict] = {}

    def certified_fbs(self, check: str, spec: str, z, **options):
        """verify.fbs that must be certified; its certificate is stored under check/spec@z."""
        from verify.functions.bits import parse_runs
        from verify.sensitivity.exact_fbs import fbs

        result = fbs(spec, z, **options)
        if not result.certified:
            raise FbsError(f"{spec} at {result.input[:40]}: {result.message}")
        expanded = parse_runs(result.input).bits()  # ids name the plain input, however given
        self.certificates[f"{check}/{_certificate_id(spec, expanded)}"] = result.certificate
        return result


def _certificate_id(spec: str, bits: str) -> str:
    import hashlib

    readable = "".join(c if c.isalnum() else "_" for c in spec)[:40]
    digest = hashlib.sha256(f"{spec}@{bits}".encode()).hexdigest()[:12]
    return f"{readable}-{digest}"


def run_check(check: PaperCheck, context: Context) -> CheckResult:
    """Run one check; an exception becomes a failed result naming it."""
    start = time.perf_counter()
    before = set(context.certificates)
    try:
        result = check.run(context)
    except Exception as error:  # noqa: BLE001 - a crashing check is a failed check
        result = CheckResult(check.name, check.place, check.claim, "the check raised an error",
                             "failed", reason=f"{type(error).__name__}: {error}")
    if result.status not in STATUSES:
        result.status, result.reason = "failed", f"unknown status {result.status!r}"
    result.certificates = sorted(set(context.certificates) - before)
    result.seconds = round(time.perf_counter() - start, 3)
    return result


def text(value) -> str:
    """Exact values as strings for reports: Fractions as p/q."""
    if isinstance(value, Fraction):
        return fraction_text(value)
    return str(value)
