"""The trusted fbs certificate checker: standard library only (docs/design.md, Trust boundary).

It re-verifies certificates for fbs_z(f) (paper Def. 3.3/3.4) with exact arithmetic and its
own spec evaluator; certificates/FORMAT.md defines the format.  tests/checker/test_checker_imports.py
enforces that nothing outside the standard library is imported here.
"""

from .certificate import FORMAT, check_certificate
from .errors import CertificateMalformed, CertificateTooLarge
from .reader import check_bytes, check_file
from .report import CheckReport
from .spec_eval import MAX_ARITY, evaluate_spec

__all__ = ["CertificateMalformed", "CertificateTooLarge", "CheckReport", "FORMAT", "MAX_ARITY",
           "check_bytes", "check_certificate", "check_file", "evaluate_spec"]
