"""Dispatch a parsed certificate to the checks of its kind (certificates/FORMAT.md).

Each kind's module is imported on first use: checking a symmetric certificate never loads
the SAT kind's CNF encoder and LRAT checker.
"""

from __future__ import annotations

from .errors import CertificateMalformed
from .fields import brief
from .report import CheckReport

FORMAT = "fbs-certificate/1"
KINDS = ("exhaustive", "symmetric", "tree", "threshold", "sat-lrat", "weighted", "measure",
         "global-measure", "census-classes", "census-shard")


def kind_checker(kind: str):
    """The check function of a kind, its module imported on first use."""
    if kind == "exhaustive":
        from .exhaustive import check
    elif kind == "symmetric":
        from .symmetric_kind import check
    elif kind == "tree":
        from .tree_kind import check
    elif kind == "threshold":
        from .threshold_kind import check
    elif kind == "weighted":
        from .weighted_kind import check
    elif kind == "measure":
        from .measure_kind import check
    elif kind == "global-measure":
        from .global_kind import check
    elif kind == "census-classes":
        from .census_classes_kind import check
    elif kind == "census-shard":
        from .census_shard_kind import check
    else:
        from .sat_kind import check_sat_certificate as check
    return check


def check_certificate(obj: object) -> CheckReport:
    """Check a certificate given as parsed JSON.  Raises CertificateMalformed if it is not
    well-formed; returns valid=False naming the first failing condition if a claim is wrong."""
    if type(obj) is not dict:
        raise CertificateMalformed("a certificate is a JSON object")
    if obj.get("format") != FORMAT:
        raise CertificateMalformed(f"format: expected {FORMAT!r}, got {brief(obj.get('format'))}")
    kind = obj.get("kind")
    if type(kind) is not str or kind not in KINDS:
        raise CertificateMalformed(f"kind: unsupported {brief(kind)} "
                                   f"(this checker knows: {', '.join(sorted(KINDS))})")
    return kind_checker(kind)(obj)
