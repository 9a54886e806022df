"""Typed errors a user can cause, and the exit codes of `fbs` (docs/notes.md, section 2).

Exit codes: 0 success; 1 a certificate is invalid, or a check or a theorem's hypothesis or
conclusion fails on the given instance (the command says which); 2 bad input (a spec, bit
string, file, option, a malformed certificate, a size beyond a documented limit, a missing
output folder, a missing or broken coqc); 3 a bug of fbs-verify (an internal error or a
solver/checker disagreement); 130 interrupted (Ctrl-C).
"""

from contextlib import contextmanager
from typing import Iterator

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class FbsError(Exception):
    """Base class: a one-line message meant for the user."""

    exit_code = EXIT_BAD_INPUT


class BadInput(FbsError):
    """A bad function spec, bit string, file or option (exit code 2)."""

    exit_code = EXIT_BAD_INPUT


class UnknownName(BadInput):
    """A name that is not one of a fixed list; the message lists every valid name, and the
    command line prints it in full (never cut)."""

    full_message = True


class TooLarge(BadInput):
    """The input is beyond what the chosen method can do (exit code 2)."""


class SolverFailure(FbsError):
    """An untrusted solver could not produce a certificate: a bug of ours (exit code 3)."""

    exit_code = EXIT_BUG


def beyond_checker_bound(error: Exception) -> TooLarge:
    """TooLarge (exit 2) for a certificate the trusted checker refused only for exceeding one
    of its documented size or work bounds (verify.checker.errors.CertificateTooLarge,
    certificates/FORMAT.md): a limit of the checker, neither a rejected certificate nor a bug."""
    return TooLarge(f"the certificate is beyond the checker's work bound: {error}")


@contextmanager
def checker_bounds_as_too_large() -> Iterator[None]:
    """Run the trusted checker's code (its encoder, LRAT checker, spec evaluator) so that a
    CertificateTooLarge it raises becomes `beyond_checker_bound` (exit 2), not a bug."""
    from verify.checker.errors import CertificateTooLarge

    try:
        yield
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
