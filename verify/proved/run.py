"""Run fbs-proved on certificate files (`fbs check --proved`, and `--proved` of the commands
that write certificates). Untrusted glue, part of the reader (docs/formal.md, "The proved
program"): it reads the file within the bounds of certificates/FORMAT.md section 4 (256 MiB
before and after gunzip), decompresses gzip, and for an exhaustive spec the program does not
read itself (not a family nor tt:BITS) supplies its truth table, computed by the stdlib
checker's spec evaluator; the statement the program prints then names that table by its bits
(or their MD5), so the reader sees the function that was proved about."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import tempfile
from dataclasses import dataclass

from verify.base.errors import BadInput

# The kinds the program checks, as its dispatcher names them (coq/native/main.ml).
PROVED_KINDS = ("exhaustive",)
STACK_BYTES = 1 << 30  # the program's stack limit (deep trees recurse); a refusal beyond it
EXIT_NAMES = {0: "proved", 1: "refused", 2: "error", 3: "bug"}


@dataclass(frozen=True)
class ProvedVerdict:
    """fbs-proved on one file: its exit code (0 proved, 1 the checker answers false, 2
    malformed/unsupported/beyond a bound, 3 a bug of ours) and its one line."""

    file: str
    exit: int
    line: str


def certificate_bytes(name: str) -> bytes:
    """The file's JSON bytes (gunzipped), by the stdlib checker's bounded reader."""
    from verify.checker.errors import CertificateMalformed
    from verify.checker.reader import GZIP_MAGIC, MAX_FILE_BYTES, _gunzip, read_bytes

    import sys
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1) if name == "-" else read_bytes(name)
    if len(data) > MAX_FILE_BYTES:
        raise CertificateMalformed(f"certificate file exceeds {MAX_FILE_BYTES} bytes")
    return _gunzip(data, MAX_FILE_BYTES) if data[:2] == GZIP_MAGIC else data


def spec_tables(data: bytes) -> dict[str, str]:
    """spec -> truth table bits, for an exhaustive certificate whose spec the program does not
    read (the program refuses it without one); {} when there is nothing to add or the file is
    not such a certificate (the program then judges it itself)."""
    from verify.checker.errors import CertificateMalformed
    from verify.checker.spec_eval import parse_spec

    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(obj, dict) or obj.get("kind") != "exhaustive" or \
            not isinstance(obj.get("spec"), str) or _native_spec(obj["spec"]):
        return {}
    try:
        spec = parse_spec(obj["spec"], obj.get("files") if isinstance(obj.get("files"), dict) else None)
        if spec.arity > 16:
            return {}
        bits = spec.truth_table()
    except (CertificateMalformed, RecursionError, MemoryError, TypeError, ValueError):
        return {}
    return {obj["spec"]: "".join("1" if bits >> j & 1 else "0" for j in range(1 << spec.arity))}


def _native_spec(spec: str) -> bool:
    import re

    return re.fullmatch(r"\s*((and|or|parity|maj):\d+|thr:\d+:-?\d+|tribes:\d+:\d+|tt:[01]+)\s*",
                        spec) is not None


def _limits() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    wanted = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    try:
        resource.setrlimit(resource.RLIMIT_STACK, (max(soft, wanted) if soft != resource.RLIM_INFINITY else soft, hard))
    except (ValueError, OSError):
        pass


def check_file(binary: str | os.PathLike, name: str) -> ProvedVerdict:
    """fbs-proved on one certificate file (`-`: standard input)."""
    from verify.checker.errors import CertificateMalformed

    try:
        data = certificate_bytes(name)
    except CertificateMalformed as error:
        return ProvedVerdict(name, 2, f"error: {name}: {error}")
    with tempfile.TemporaryDirectory() as work:
        argv = [os.fspath(binary)]
        tables = spec_tables(data)
        if tables:
            path = os.path.join(work, "tables.json")
            with open(path, "w") as handle:
                json.dump(tables, handle)
            argv += ["--tables", path]
        done = subprocess.run(argv + ["-"], input=data, capture_output=True,
                              preexec_fn=_limits)
    out = (done.stdout + done.stderr).decode("utf-8", "replace").strip().splitlines()
    line = out[0] if out else f"error: {name}: fbs-proved ended with code {done.returncode}"
    line = line.replace(": -: ", f": {name}: ", 1)
    code = done.returncode if done.returncode in (0, 1, 2, 3) else 3
    if done.returncode < 0:  # killed by a signal: not a verdict
        line = f"error: {name}: fbs-proved ended by signal {-done.returncode}"
    return ProvedVerdict(name, code, line)


def check_files(names: list[str]) -> list[ProvedVerdict]:
    """Build (first use) and run the program on each file."""
    from .build import program

    binary = program()
    return [check_file(binary, name) for name in names]


def refuse_unproved(kinds: list[str]) -> None:
    """BadInput (exit 2) when a command's --proved meets a kind without a proved checker."""
    missing = sorted(set(kinds) - set(PROVED_KINDS))
    if missing:
        raise BadInput(f"--proved: kind {', '.join(missing)} has no proved checker yet "
                       f"(proved kinds: {', '.join(PROVED_KINDS)})")
