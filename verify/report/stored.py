"""Certificates stored in the repository (issue 6): `certificates/paper/` and its manifest.

Stored files are canonical JSON (sorted keys, no `producer`), gzip-compressed with a fixed
timestamp, so the same certificate is the same bytes. `check_stored` uses only the stdlib
checker: it imports nothing from the untrusted side.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from verify.base.checker_process import check_in_process
from verify.base.data import data_dir
from verify.base.files import write_text_atomic
from verify.base.numbers import canonical_json, json_text
from verify.checker import CertificateMalformed

MANIFEST_FORMAT = "fbs-certificate-manifest/1"
STORE = data_dir("paper")  # certificates/paper, or its copy in an installed package


def canonical(certificate: dict) -> bytes:
    """The stored form: sorted keys, compact, without the informational `producer`."""
    return canonical_json({k: v for k, v in certificate.items() if k != "producer"}).encode()


def file_name(certificate_id: str) -> str:
    return certificate_id + ".json.gz"


def write_store(certificates: dict[str, dict], store: Path = STORE) -> None:
    """Replace the stored certificates and the manifest (files are written before the manifest)."""
    entries = []
    for certificate_id in sorted(certificates):
        data = canonical(certificates[certificate_id])
        path = store / file_name(certificate_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, gzip.compress(data, mtime=0))
        entries.append({"id": certificate_id, "file": file_name(certificate_id),
                        "sha256": hashlib.sha256(data).hexdigest(),
                        "value": certificates[certificate_id]["value"]})
    for stale in set(store.rglob("*.json.gz")) - {store / e["file"] for e in entries}:
        stale.unlink()
    manifest = {"format": MANIFEST_FORMAT, "certificates": entries}
    write_text_atomic(store / "MANIFEST.json", json_text(manifest, indent=1) + "\n")


def read_manifest(store: Path = STORE) -> list[dict]:
    """The manifest's entries; an unreadable manifest is a CertificateMalformed."""
    try:
        manifest = json.loads((store / "MANIFEST.json").read_text())
    except (OSError, ValueError) as error:
        raise CertificateMalformed(f"{store / 'MANIFEST.json'}: unreadable manifest "
                                   f"({type(error).__name__})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise CertificateMalformed(f"{store / 'MANIFEST.json'}: not a {MANIFEST_FORMAT} file")
    return manifest["certificates"]


@dataclass(frozen=True)
class StoredProblem:
    """A stored certificate that failed: which file, and the failing condition."""

    file: str
    condition: str
    message: str


def check_stored(store: Path = STORE, progress=None) -> tuple[int, list[StoredProblem]]:
    """Re-verify every stored certificate with the checker alone, in a process of its own that
    loads nothing untrusted (verify/base/checker_process.py): (number checked, problems)."""
    entries = read_manifest(store)
    problems, to_check = [], []
    for entry in entries:
        path = store / entry["file"]
        problem, data = _hash_problem(path, entry)
        if problem:
            problems.append(problem)
            if progress:
                progress.update()
        else:
            to_check.append((path, entry, json.loads(data)["value"]))

    def checked(verdict: dict) -> None:
        if progress:
            progress.update()

    verdicts = check_in_process([path for path, _, _ in to_check], checked) if to_check else []
    for (path, entry, value), verdict in zip(to_check, verdicts):
        problem = _verdict_problem(path, entry, value, verdict)
        if problem:
            problems.append(problem)
    return len(entries), problems


def _hash_problem(path: Path, entry: dict) -> tuple[StoredProblem | None, bytes]:
    """(a problem with the file or its hash, else None; the decompressed content)."""
    try:
        data = gzip.decompress(path.read_bytes())
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        return StoredProblem(str(path), "unreadable", type(error).__name__), b""
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        return StoredProblem(str(path), "sha256", "content differs from the manifest's hash"), b""
    return None, data


def _verdict_problem(path: Path, entry: dict, value: str, verdict: dict) -> StoredProblem | None:
    """A problem the checker found (or a value that differs from the manifest's), else None."""
    if verdict["exit"] == 2:  # too-large: beyond a documented bound of the checker
        kind = "too-large" if verdict.get("too_large") else "malformed"
        return StoredProblem(str(path), kind, verdict["message"])
    if not verdict["valid"]:
        return StoredProblem(str(path), verdict["condition"], verdict["message"])
    if str(entry["value"]) != value:
        return StoredProblem(str(path), "value", f"manifest says {entry['value']}")
    return None


def compare_with_store(certificates: dict[str, dict], store: Path = STORE,
                       only: set[str] | None = None) -> list[str]:
    """Differences between recomputed certificates and the stored ones (empty = identical)."""
    try:
        stored = {e["id"]: e for e in read_manifest(store)}
    except CertificateMalformed as error:
        return [str(error)]
    differences = []
    for certificate_id, certificate in sorted(certificates.items()):
        entry = stored.get(certificate_id)
        if entry is None:
            differences.append(f"{certificate_id}: recomputed but not stored")
        elif hashlib.sha256(canonical(certificate)).hexdigest() != entry["sha256"]:
            differences.append(f"{certificate_id}: recomputed certificate differs from the stored one")
    for certificate_id in sorted(stored):
        belongs = only is None or certificate_id.split("/")[0] in only
        if belongs and certificate_id not in certificates:
            differences.append(f"{certificate_id}: stored but no longer produced")
    return differences
