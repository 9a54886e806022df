"""The checker's exceptions (exit code 2 in `fbs check`, certificates/FORMAT.md)."""


class CertificateMalformed(Exception):
    """A certificate that cannot be checked: unreadable, not JSON, wrong structure,
    a bad spec, or beyond the supported size.  The message is one line."""


class CertificateTooLarge(CertificateMalformed):
    """A certificate refused only because it exceeds one of the checker's documented size or
    work bounds (certificates/FORMAT.md, section 4 and each kind's "Work bound"); the message
    names the bound.  Still exit code 2, but a caller can tell "beyond a limit" from "wrong"."""
