"""Typed errors a user can cause, each with a documented exit code (docs/notes.md, section 2)."""


class FbsError(Exception):
    """Base class: a one-line message meant for the user."""

    exit_code = 2


class BadInput(FbsError):
    """A bad function spec, bit string, file or option (exit code 2)."""

    exit_code = 2


class TooLarge(BadInput):
    """The input is beyond what the chosen method can do (exit code 2)."""


class SolverFailure(FbsError):
    """An untrusted solver could not produce a certificate (exit code 3)."""

    exit_code = 3
