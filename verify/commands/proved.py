"""`--proved` of the commands that write certificates (fbs certify, tree fbs, measures,
census): also check them with the proved program fbs-proved (docs/formal.md, "The proved
program"). A kind without a proved checker is refused before the work, or, where the kind is
known only afterwards (fbs certify), before anything is written (exit 2)."""

from __future__ import annotations

from verify.base.errors import BadInput, FbsError

HELP = ("also check the certificate(s) with the proved checker (the Coq checkers extracted to "
        "a native program, built on first use; docs/formal.md)")


class ProvedDisagrees(FbsError):
    """The proved checker refused a certificate the stdlib checker accepted: a bug of ours
    (exit code 3)."""

    exit_code = 3


def add_proved(parser) -> None:
    parser.add_argument("--proved", action="store_true", help=HELP)


def require_proved_kind(kind: str) -> None:
    """BadInput (exit 2) unless fbs-proved has a checker for `kind` (e.g. tree/3)."""
    from verify.formal.proved_run import proved_kinds

    kinds = proved_kinds()
    if kind not in kinds:
        raise BadInput(f"--proved: kind {kind} has no proved checker yet (proved kinds: "
                       f"{', '.join(kinds)})")


def check_proved(named: list[tuple[str, bytes]], stream) -> None:
    """fbs-proved on each (name, JSON bytes); its line goes to `stream`. A refusal for a
    bound or an unsupported form is BadInput (exit 2); the checker answering false on a
    certificate the stdlib checker accepted is ProvedDisagrees (exit 3)."""
    from verify.formal.proved_build import program
    from verify.formal.proved_run import check_data

    binary = program()
    for name, data in named:
        verdict = check_data(binary, data, name)
        if verdict.exit == 0:
            print(verdict.line, file=stream)
        elif verdict.exit == 2:
            raise BadInput(f"--proved: {verdict.line.removeprefix('error: ')}")
        else:
            raise ProvedDisagrees(f"--proved: the proved checker refuses what the stdlib "
                                  f"checker accepted: {verdict.line}")


def check_proved_files(paths: list[str], stream) -> None:
    """check_proved on written certificate files."""
    from verify.formal.proved_run import certificate_bytes

    check_proved([(path, certificate_bytes(path)) for path in paths], stream)
