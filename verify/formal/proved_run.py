"""Run the proved program fbs-proved (coq/native/) on certificate files: `fbs check --proved`
and `--proved` of the commands that write certificates. Untrusted glue, part of the reader
(docs/formal.md section 19): it reads the file within the bounds of certificates/FORMAT.md
section 4 (256 MiB before and after gunzip), decompresses gzip, and for a spec the program
does not read itself (not a family nor tt:BITS; kinds exhaustive, measure and tree) supplies
its truth table, computed by the stdlib checker's spec evaluator; the statement the program
prints then names that table (its bits, runs or MD5), so the reader sees the function that
was proved about."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import tempfile
from dataclasses import dataclass

MAX_TABLE_ARITY = 20  # beyond, the program refuses the certificate anyway (kind_exhaustive.ml)
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
    import sys

    from verify.checker.errors import CertificateMalformed
    from verify.checker.reader import GZIP_MAGIC, MAX_FILE_BYTES, _gunzip, read_bytes
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1) if name == "-" else read_bytes(name)
    if len(data) > MAX_FILE_BYTES:
        raise CertificateMalformed(f"certificate file exceeds {MAX_FILE_BYTES} bytes")
    return _gunzip(data, MAX_FILE_BYTES) if data[:2] == GZIP_MAGIC else data


def spec_tables(data: bytes) -> dict[str, str]:
    """spec (without whitespace) -> truth table bits, for every spec of an exhaustive or tree
    certificate that the program does not read itself (it refuses one without a table); {}
    when there is nothing to add or the file is not such a certificate (the program then
    judges it itself). A spec the stdlib evaluator refuses gets no table, so the program
    refuses it too."""
    from verify.checker.errors import CertificateMalformed
    from verify.checker.reader import load_json

    try:  # the stdlib checker's strict reader: JSON values bounded before any is built
        obj = load_json(data)
    except (CertificateMalformed, RecursionError, MemoryError):
        return {}
    if not isinstance(obj, dict):
        return {}
    files = obj.get("files") if isinstance(obj.get("files"), dict) else None
    tables: dict[str, str] = {}
    for spec in _specs(obj):
        key = _nospace(spec)
        if key not in tables and not _native_spec(key):
            bits = _table(key, files)
            if bits is not None:
                tables[key] = bits
    return tables


def _specs(obj: dict) -> list[str]:
    """The function specs an exhaustive, measure, global-measure, weighted or tree (versions 1, 2)
    certificate names."""
    if obj.get("kind") in ("exhaustive", "measure", "global-measure", "weighted"):
        return [obj["spec"]] if isinstance(obj.get("spec"), str) else []
    if obj.get("kind") != "tree" or not isinstance(obj.get("tree"), dict):
        return []
    tree = obj["tree"]
    if isinstance(tree.get("uniform"), dict):
        return [tree["uniform"].get("aggregator")] if isinstance(tree["uniform"].get("aggregator"), str) else []
    if isinstance(tree.get("spec"), str):
        return _composed_parts(_nospace(tree["spec"]), 0)
    nodes = tree.get("nodes") if isinstance(tree.get("nodes"), list) else []
    return sorted({node["aggregator"] for node in nodes if isinstance(node, dict)
                   and isinstance(node.get("aggregator"), str)})


def _composed_parts(spec: str, depth: int) -> list[str]:
    """The parts of compose(OUTER; INNER...), recursively (as coq/native/kind_tree.ml splits)."""
    if depth > 32 or not (spec.startswith("compose(") and spec.endswith(")")):
        return [spec]
    parts, level, start, body = [], 0, 0, spec[8:-1]
    for i, char in enumerate(body):
        level += (char == "(") - (char == ")")
        if char == ";" and level == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    return [parts[0]] + [p for part in parts[1:] for p in _composed_parts(part, depth + 1)]


def _table(spec: str, files: dict | None) -> str | None:
    from verify.checker.errors import CertificateMalformed
    from verify.checker.spec_eval import parse_spec

    if files and "cnf:" not in spec:  # the stdlib checker refuses unused files: no table
        return None
    try:
        parsed = parse_spec(spec, files)
        if parsed.arity > MAX_TABLE_ARITY:
            return None
        bits = parsed.truth_table()
    except (CertificateMalformed, RecursionError, MemoryError, TypeError, ValueError):
        return None
    return "".join("1" if bits >> j & 1 else "0" for j in range(1 << parsed.arity))


def _nospace(spec: str) -> str:
    return re.sub(r"[ \t\n\r\x0b\x0c]", "", spec)


def _native_spec(spec: str) -> bool:
    return re.fullmatch(r"(and|or|parity|maj):\d+|thr:\d+:-?\d+|tribes:\d+:\d+|tt:[01]+",
                        spec) is not None


def _limits() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    wanted = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    try:
        resource.setrlimit(resource.RLIMIT_STACK, (max(soft, wanted) if soft != resource.RLIM_INFINITY else soft, hard))
    except (ValueError, OSError):
        pass


def check_file(binary: str | os.PathLike, name: str, full: bool = False) -> ProvedVerdict:
    """fbs-proved on one certificate file (`-`: standard input); `full`: statements whole."""
    from verify.checker.errors import CertificateMalformed

    try:
        data = certificate_bytes(name)
    except CertificateMalformed as error:
        return ProvedVerdict(name, 2, f"error: {name}: {error}")
    return check_data(binary, data, name, full=full)


def check_data(binary: str | os.PathLike, data: bytes, name: str,
               tables: bool = True, full: bool = False) -> ProvedVerdict:
    """fbs-proved on a certificate's JSON bytes, reported under `name`; tables=False when the
    certificate names no spec (kind census-shard: its JSON is not parsed here, 0.2 us a
    visit otherwise)."""
    with tempfile.TemporaryDirectory() as work:
        argv = [os.fspath(binary)] + (["--full-statements"] if full else [])
        tables = spec_tables(data) if tables else {}
        if tables:
            path = os.path.join(work, "tables.json")
            with open(path, "w") as handle:
                json.dump(tables, handle)
            argv += ["--tables", path]
        done = subprocess.run(argv + ["-"], input=data, capture_output=True,
                              preexec_fn=_limits, check=False)
    out = (done.stdout + done.stderr).decode("utf-8", "replace").strip().splitlines()
    line = out[0] if out else f"error: {name}: fbs-proved ended with code {done.returncode}"
    line = line.replace(": -: ", f": {name}: ", 1)
    code = done.returncode if done.returncode in (0, 1, 2, 3) else 3
    if done.returncode < 0:  # killed by a signal: not a verdict
        line = f"error: {name}: fbs-proved ended by signal {-done.returncode}"
    return ProvedVerdict(name, code, line)


def proved_kinds() -> list[str]:
    """The kinds the program checks, as its dispatcher names them (`tree/2` for kind tree
    version 2); built on first use."""
    from .proved_build import program

    done = subprocess.run([os.fspath(program()), "--kinds"], capture_output=True, text=True,
                          check=False)
    return done.stdout.split()


def kind_key(certificate: dict) -> str:
    """A certificate's kind as the program's dispatcher names it."""
    kind = str(certificate.get("kind"))
    return f"tree/{certificate.get('version', 1)}" if kind == "tree" else kind


def check_files(names: list[str], full: bool = False) -> list[ProvedVerdict]:
    """Build (first use) and run the program on each file."""
    from .proved_build import program

    binary = program()
    return [check_file(binary, name, full) for name in names]
