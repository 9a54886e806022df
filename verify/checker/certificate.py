"""Dispatch a parsed certificate to the checks of its kind (certificates/FORMAT.md)."""

from __future__ import annotations

from . import exhaustive, sat_kind, symmetric_kind, tree_kind, weighted_kind
from .errors import CertificateMalformed
from .fields import brief
from .report import CheckReport

FORMAT = "fbs-certificate/1"
KINDS = {"exhaustive": exhaustive.check, "symmetric": symmetric_kind.check,
         "tree": tree_kind.check, "sat-lrat": sat_kind.check_sat_certificate,
         "weighted": weighted_kind.check}


def check_certificate(obj: object) -> CheckReport:
    """Check a certificate given as parsed JSON.  Raises CertificateMalformed if it is not
    well-formed; returns valid=False naming the first failing condition if a claim is wrong."""
    if type(obj) is not dict:
        raise CertificateMalformed("a certificate is a JSON object")
    if obj.get("format") != FORMAT:
        raise CertificateMalformed(f"format: expected {FORMAT!r}, got {brief(obj.get('format'))}")
    kind = obj.get("kind")
    checker = KINDS.get(kind) if type(kind) is str else None
    if checker is None:
        raise CertificateMalformed(f"kind: unsupported {brief(kind)} "
                                   f"(this checker knows: {', '.join(sorted(KINDS))})")
    return checker(obj)
