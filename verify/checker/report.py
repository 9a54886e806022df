"""The verdict of a certificate check (certificates/FORMAT.md, "What is checked")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class CheckReport:
    """valid: every condition holds, so value = fbs_z(f) (paper Def. 3.3/3.4, LP duality).
    condition: short id of the first failing condition ("" if valid).
    message: one line, derived value next to claimed value.
    value: the certified value when valid, else None.
    quantity: what the value is ("fbs", or "s", "bs", "C" for the measure kind)."""

    valid: bool
    condition: str
    message: str
    value: Fraction | None
    quantity: str = "fbs"


def accepted(value: Fraction, message: str, quantity: str = "fbs") -> CheckReport:
    """A report for a certificate that passed every check."""
    return CheckReport(True, "", message, value, quantity)


def rejected(condition: str, message: str) -> CheckReport:
    """A report naming the first failing condition."""
    return CheckReport(False, condition, message, None)
