"""The checker's one exception type (exit code 2 in `fbs check`, certificates/FORMAT.md)."""


class CertificateMalformed(Exception):
    """A certificate that cannot be checked: unreadable, not JSON, wrong structure,
    a bad spec, or beyond the supported size.  The message is one line."""
