"""The checkers the certification driver (verify.sweep.shard_driver) runs on each census-shard
certificate, behind one plug: a name, a version digest, and a verdict on the certificate's
bytes (docs/census.md, "Certifying the shards of Q").

- `stdlib`: the stdlib-only checker (verify/checker), on the bytes read by its bounded strict
  reader; version: SHA-256 of its sources (verify/checker/*.py, sorted by name).
- `proved`: the proved native program fbs-proved (coq/native/, verify.formal.proved_run),
  kind census-shard (docs/formal.md section 13j); refused before any work by a program without
  that kind (`fbs-proved --kinds`). Version: the program's cache entry (the digest of its Coq and OCaml sources and
  of the tools' versions, verify.formal.proved_build.program_entry).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from verify.base.errors import BadInput

ACCEPTED, REJECTED, ERROR = "accepted", "rejected", "error"
CHECKERS = ("stdlib", "proved")
KIND = "census-shard"


@dataclass(frozen=True)
class Verdict:
    """A checker's answer on one certificate: ACCEPTED, REJECTED (the checker answers false)
    or ERROR (malformed, beyond a bound, or the checker failed), and its one line."""

    verdict: str
    line: str


class StdlibChecker:
    name = "stdlib"

    def version(self) -> str:
        import verify.checker

        folder = Path(verify.checker.__file__).parent
        sha = hashlib.sha256()
        for path in sorted(folder.glob("*.py")):
            sha.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return f"stdlib-{sha.hexdigest()[:20]}"

    def prepare(self) -> None:
        """Nothing to build."""

    def check(self, data: bytes, name: str) -> Verdict:
        from verify.checker import check_certificate
        from verify.checker.errors import CertificateMalformed
        from verify.checker.reader import load_json

        try:
            report = check_certificate(load_json(data))
        except (CertificateMalformed, RecursionError, MemoryError) as error:
            return Verdict(ERROR, f"error: {name}: {error}")
        if report.valid:
            return Verdict(ACCEPTED, f"{name}: {report.message}")
        return Verdict(REJECTED if report.condition != "malformed" else ERROR,
                       f"{name}: {report.message}")


class ProvedChecker:
    name = "proved"

    def version(self) -> str:
        from verify.formal.proved_build import program_entry

        return program_entry()

    def prepare(self) -> None:
        """Build the program (first use) and refuse, before any work, if it has no checker of
        kind census-shard."""
        from verify.formal.proved_run import proved_kinds

        kinds = proved_kinds()
        if KIND not in kinds:
            raise BadInput(f"--checker proved: the proved program has no checker of kind {KIND} "
                           f"yet (its kinds: {', '.join(kinds)}); use --checker stdlib")

    def check(self, data: bytes, name: str) -> Verdict:
        from verify.formal.proved_build import program
        from verify.formal.proved_run import check_data

        answer = check_data(program(), data, name, tables=False)
        verdict = {0: ACCEPTED, 1: REJECTED}.get(answer.exit, ERROR)
        return Verdict(verdict, answer.line)


def checker(name: str):
    """The checker named `name` (CHECKERS)."""
    if name == "stdlib":
        return StdlibChecker()
    if name == "proved":
        return ProvedChecker()
    raise BadInput(f"--checker: expected one of {', '.join(CHECKERS)}, got {name[:40]!r}")
