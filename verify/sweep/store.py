"""The sweep STORE: a folder of Parquet part files that pandas, polars and pyarrow open directly.

    STORE/fbs-sweep-store.json        {"format": "fbs-sweep-store/1", "manifest": true}:
                                      marks the folder, and says it keeps a manifest
    STORE/manifest.jsonl              {"part": "rows/part-<task>.parquet", "sha256": ...,
                                      "bytes": N}, one line per part written;
                                      {"part": ..., "set_aside": true} once a rerun has
                                      moved it aside or found it missing
    STORE/rows/part-<task>.parquet    one row per job (ROW_SCHEMA)
    STORE/certificates/part-<task>.parquet   (sha256, certificate): content-addressed
    STORE/damaged/                    parts found damaged, moved aside by a rerun

Consistency (docs/formats.md, "Sweep store"): a part file is written under a temporary
name and renamed into place, certificates before rows, then its checksum is appended to the
manifest, so at every instant, Ctrl-C or a killed process included, STORE holds complete
parts only; a job is done exactly when its row is in a rows part that `damaged_parts` finds
intact (its checksum and its certificates part's match the manifest). Only this module
writes to STORE, and only the submitting process calls it (one writer, guarded by a lock
file). A store written before the manifest existed has none: its parts are checked for
being readable with the right schema only. A store whose marker says it keeps a manifest
is never read as such an old store: with its manifest lost, every part counts as damaged
(a flipped bit would otherwise go unnoticed and give a wrong census). A rows part the
manifest lists that is gone from rows/ (deleted by hand) is damaged too, "missing": a
census must not quietly add up fewer parts; a rerun computes its jobs again and records it
as set aside.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from verify.base.errors import BadInput
from verify.base.files import write_text_atomic
from verify.base.numbers import json_text

FORMAT = "fbs-sweep-store/1"
MARKER = "fbs-sweep-store.json"
MANIFEST = "manifest.jsonl"
DAMAGED = "damaged"
ROW_SCHEMA = pa.schema([
    ("job_id", pa.string()), ("kind", pa.string()), ("spec", pa.string()),
    ("input", pa.string()), ("arity", pa.int32()), ("value", pa.string()),
    ("value_float", pa.float64()), ("certified", pa.bool_()), ("status", pa.int8()),
    ("method", pa.string()), ("s", pa.int32()), ("bs", pa.int32()), ("C", pa.int32()),
    ("measures_method", pa.string()), ("bound", pa.string()), ("params", pa.string()),
    ("certificate", pa.string()),
])
CERTIFICATE_SCHEMA = pa.schema([("sha256", pa.string()), ("certificate", pa.string())])
CANONICAL_ORDER = [("kind", "ascending"), ("spec", "ascending"), ("input", "ascending"),
                   ("job_id", "ascending")]


def rows_table(rows: list[dict]) -> pa.Table:
    """Rows (dicts with ROW_SCHEMA's keys, missing ones null) as an Arrow table."""
    return pa.Table.from_pylist(rows, schema=ROW_SCHEMA)


def certificate_text(certificate: dict) -> tuple[str, str]:
    """(SHA-256 hex, compact sorted JSON): a certificate's content address and its text."""
    text = json_text(certificate, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest(), text


def certificate_table(certificates: dict[str, str]) -> pa.Table:
    digests = sorted(certificates)
    return pa.table({"sha256": digests, "certificate": [certificates[d] for d in digests]},
                    schema=CERTIFICATE_SCHEMA)


class Store:
    """An existing or new sweep store at `path` (see the module docstring for the layout)."""

    def __init__(self, path: str | os.PathLike, create: bool = False):
        self.path = Path(path)
        self.rows, self.certificates = self.path / "rows", self.path / "certificates"
        self._lock = None
        if create:
            self._create()
        self.marked_manifest = self._check_marker()
        self._check_folders()

    # ------------------------------------------------------------------ opening
    @staticmethod
    def check_target(path: str | os.PathLike) -> None:
        """BadInput unless `path` is a store, an empty folder or a new name (creates nothing)."""
        path = Path(path)
        if path.exists() and not path.is_dir():
            raise BadInput(f"STORE {str(path)!r} exists and is not a folder; refusing to touch it")
        if path.is_dir() and not (path / MARKER).exists() and any(path.iterdir()):
            raise BadInput(f"{str(path)!r} is a non-empty folder but not a sweep store (no "
                           f"{MARKER}); refusing to write into it")
        if not path.exists() and not path.absolute().parent.is_dir():
            raise BadInput(f"cannot create STORE {str(path)!r}: its parent folder does not exist")

    @staticmethod
    def exists(path: str | os.PathLike) -> bool:
        """True if `path` is a sweep store (its marker file is there)."""
        return (Path(path) / MARKER).is_file()

    def _create(self) -> None:
        self.check_target(self.path)
        try:
            self.path.mkdir(exist_ok=True)
        except OSError as error:
            raise BadInput(f"cannot create STORE {str(self.path)!r}: "
                           f"{error.strerror or error}") from None
        if not (self.path / MARKER).exists():
            write_text_atomic(self.path / MANIFEST, "")
            self._write_marker()

    def _write_marker(self) -> None:
        """The marker of a store that keeps a manifest (it outlives a lost manifest)."""
        write_text_atomic(self.path / MARKER,
                          json_text({"format": FORMAT, "manifest": True}) + "\n")

    def _check_marker(self) -> bool:
        """BadInput unless the marker names this format; whether it says there is a manifest."""
        marker = self.path / MARKER
        try:
            document = json.loads(marker.read_text())
        except FileNotFoundError:
            raise BadInput(f"{str(self.path)!r} is not a sweep store (no {MARKER})") from None
        except (OSError, ValueError, UnicodeDecodeError):
            raise BadInput(f"{str(marker)!r} is unreadable or not JSON") from None
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise BadInput(f"{str(marker)!r}: unsupported store format (expected {FORMAT!r})")
        return document.get("manifest") is True

    def _check_folders(self) -> None:
        """BadInput if STORE's rows/ or certificates/ is there but not a folder."""
        for folder in (self.rows, self.certificates, self.path / DAMAGED):
            if (folder.exists() or folder.is_symlink()) and not folder.is_dir():
                raise BadInput(f"STORE {str(self.path)!r}: {folder.name} is not a folder; "
                               "the store is damaged (move it away, or start a new STORE)")

    def lock(self) -> None:
        """Take the store's writer lock (BadInput if another sweep holds it); drop stale temps."""
        try:
            self._lock = (self.path / ".lock").open("a")
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BadInput(f"STORE {str(self.path)!r} is in use by another sweep") from None
        except OSError as error:
            raise BadInput(f"cannot lock STORE {str(self.path)!r}: "
                           f"{error.strerror or error}") from None
        if (self.path / MANIFEST).is_file() and not self.marked_manifest:
            self._write_marker()  # a store from before the marker said so: say it now
            self.marked_manifest = True
        try:
            for folder in (self.rows, self.certificates):
                folder.mkdir(exist_ok=True)
                for stale in folder.glob(".*.partial-*"):  # left by a killed earlier sweep
                    stale.unlink(missing_ok=True)
        except OSError as error:
            self.unlock()
            raise BadInput(f"cannot prepare STORE {str(self.path)!r}: "
                           f"{error.strerror or error}") from None

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    # ------------------------------------------------------------------ writing
    def write_part(self, task_id: str, rows: pa.Table, certificates: pa.Table) -> None:
        """One task's results: certificates first, then rows (the rows part marks it done),
        then their checksums in the manifest (a part without one counts as damaged)."""
        entries = []
        if certificates.num_rows:
            entries.append(_write_table(self.certificates / f"part-{task_id}.parquet",
                                        certificates))
        if rows.num_rows:
            entries.append(_write_table(self.rows / f"part-{task_id}.parquet", rows))
        if entries and self.has_manifest():
            lines = "".join(json_text({"part": f"{folder}/{name}", "sha256": digest,
                                        "bytes": size}) + "\n"
                            for folder, name, digest, size in entries)
            self._append_manifest(lines)

    def _append_manifest(self, lines: str) -> None:
        """Append to the manifest, first ending a last line cut by a killed sweep or a full
        disk (else the new first line would be glued to it, unreadable)."""
        try:
            with open(self.path / MANIFEST, "a+b") as manifest:
                if manifest.tell() > 0:
                    manifest.seek(-1, os.SEEK_END)
                    if manifest.read(1) != b"\n":
                        lines = "\n" + lines
                manifest.write(lines.encode())
        except OSError as error:
            raise BadInput(f"cannot write {str(self.path / MANIFEST)!r}: "
                           f"{error.strerror or error}") from None

    # ------------------------------------------------------------------ integrity
    def has_manifest(self) -> bool:
        """True if the store keeps a manifest: the file is there or the marker says so."""
        return self.marked_manifest or (self.path / MANIFEST).is_file()

    def manifest_lost(self) -> bool:
        """True if the marker says there is a manifest but the file is gone."""
        return self.marked_manifest and not (self.path / MANIFEST).exists()

    def checksums(self) -> dict[str, tuple[str, int]] | None:
        """{"rows/part-X.parquet": (sha256, bytes)} from the manifest (the last line for a
        part wins; an unreadable line, e.g. cut by a killed sweep, is skipped); None for a
        store without a manifest; {} for one whose manifest was lost (no part is intact)."""
        if not self.has_manifest():
            return None
        if self.manifest_lost():
            return {}
        found = {}
        try:
            text = (self.path / MANIFEST).read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            raise BadInput(f"cannot read {str(self.path / MANIFEST)!r}: "
                           f"{error.strerror or error}") from None
        for line in text.splitlines():
            try:
                entry = json.loads(line)
                if entry.get("set_aside") is True:
                    found.pop(entry["part"], None)
                else:
                    found[entry["part"]] = (str(entry["sha256"]), int(entry["bytes"]))
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
        return found

    def damaged_parts(self) -> list[tuple[str, str]]:
        """[(rows part, why)] for every rows part that is not intact: its checksum (or that of
        the certificates part its rows need) differs from the manifest's or is missing, the
        certificates part is gone, or (no manifest) a part is unreadable or of another
        schema. Both parts' checksums are recomputed from the files."""
        sums = self.checksums()
        damaged = []
        for part in self.row_parts():
            why = (f"{MANIFEST} is missing (the store's marker says it keeps one)"
                   if self.manifest_lost() else
                   _part_problem(part, sums, ROW_SCHEMA, f"rows/{part.name}"))
            if why is None and self._needs_certificates(part):
                why = self._certificates_problem(part.name, sums)
            if why is not None:
                damaged.append((f"rows/{part.name}", why))
        return damaged + [(name, "it is missing (the manifest lists it: deleted from rows/?)")
                          for name in self.missing_parts(sums)]

    def missing_parts(self, sums=None) -> list[str]:
        """The rows parts the manifest lists that are not in rows/ (not set aside by a rerun)."""
        sums = self.checksums() if sums is None else sums
        present = {f"rows/{part.name}" for part in self.row_parts()}
        return sorted(name for name in (sums or {})
                      if name.startswith("rows/") and name not in present)

    def _certificates_problem(self, name: str, sums) -> str | None:
        certificates = self.certificates / name
        if not certificates.exists():
            return f"its certificates part certificates/{name} is missing"
        why = _part_problem(certificates, sums, CERTIFICATE_SCHEMA, f"certificates/{name}")
        return None if why is None else f"its certificates part certificates/{name}: {why}"

    def _needs_certificates(self, part: Path) -> bool:
        column = _read(part, ["certificate"]).column("certificate")
        return column.null_count < len(column)

    def check_intact(self) -> None:
        """BadInput naming the first damaged part (for readers: census, read_store)."""
        damaged = self.damaged_parts()
        if damaged:
            part, why = damaged[0]
            more = f" (and {len(damaged) - 1} more)" if len(damaged) > 1 else ""
            raise BadInput(f"STORE {str(self.path)!r}: part {part} is damaged: {why}{more}; "
                           "rerun `fbs sweep` with the same jobs to recompute it")

    def set_aside_damaged(self) -> list[str]:
        """Move every damaged rows part (and its certificates part) to STORE/damaged/, so
        that their jobs count as not done and are computed again; the parts moved."""
        damaged = self.damaged_parts()
        if not damaged:
            return []
        aside = self.path / DAMAGED
        try:
            aside.mkdir(exist_ok=True)
            for part, _ in damaged:
                name = Path(part).name
                for folder in ("rows", "certificates"):
                    source = self.path / folder / name
                    if source.exists():
                        os.replace(source, aside / f"{folder}-{name}")
        except OSError as error:
            raise BadInput(f"cannot move damaged parts of STORE {str(self.path)!r} aside: "
                           f"{error.strerror or error}") from None
        if self.has_manifest() and not self.manifest_lost():
            self._append_manifest("".join(json_text({"part": part, "set_aside": True}) + "\n"
                                          for part, _ in damaged))
        return [part for part, _ in damaged]

    # ------------------------------------------------------------------ reading
    def row_parts(self) -> list[Path]:
        return sorted(self.rows.glob("part-*.parquet")) if self.rows.is_dir() else []

    def read_part(self, part: Path, columns: list[str]) -> pa.Table:
        """Some columns of one rows part (BadInput if it is unreadable)."""
        return _read(part, columns)

    def done_ids(self) -> set[str]:
        """The job ids whose result is in STORE."""
        done: set[str] = set()
        for part in self.row_parts():
            done.update(_read(part, ["job_id"]).column("job_id").to_pylist())
        return done

    def read_rows(self, columns: list[str] | None = None) -> pa.Table:
        """Every row, in canonical order (kind, spec, input, job id): the same whatever the
        number of workers or the order in which parts were written."""
        parts = [_read(part, None if columns is None else sorted(set(columns) | {
            "kind", "spec", "input", "job_id"})) for part in self.row_parts()]
        table = pa.concat_tables(parts) if parts else ROW_SCHEMA.empty_table()
        if columns is not None:
            table = table.select(sorted(set(columns) | {"kind", "spec", "input", "job_id"},
                                        key=ROW_SCHEMA.names.index))
        return table.sort_by(CANONICAL_ORDER)

    def certificates_by_digest(self, digests) -> dict[str, dict]:
        """The stored certificates with the given SHA-256 digests, re-hashed on reading."""
        import pyarrow.compute as pc

        wanted, found = pa.array(sorted(set(digests)), pa.string()), {}
        for part in sorted(self.certificates.glob("part-*.parquet")):
            hits = pc.is_in(_read(part, ["sha256"]).column("sha256"), value_set=wanted)
            if not pc.any(hits).as_py():
                continue  # the certificate texts are read only where a digest matched
            table = _read(part, None).filter(hits)
            for digest, text in zip(*(table.column(c).to_pylist() for c in table.column_names)):
                if hashlib.sha256(text.encode()).hexdigest() == digest:
                    found[digest] = json.loads(text)
        return found


def _read(part: Path, columns) -> pa.Table:
    try:
        with pq.ParquetFile(part) as reader:  # one file: no dataset machinery
            expected = CERTIFICATE_SCHEMA if part.parent.name == "certificates" else ROW_SCHEMA
            if not reader.schema_arrow.equals(expected):
                raise BadInput(f"{str(part)!r} is not a part of a sweep store (another schema)")
            return reader.read(columns=columns)
    except (OSError, pa.ArrowException) as error:
        raise BadInput(f"{str(part)!r} is not a readable Parquet part: "
                       f"{type(error).__name__}") from None


def _part_problem(part: Path, sums, schema: pa.Schema, name: str) -> str | None:
    """Why a part file is not intact, or None."""
    if sums is not None:
        if name not in sums:
            return "no checksum in the manifest (written by a sweep that was killed?)"
        digest, size = _file_digest(part)
        if (digest, size) != sums[name]:
            return "its SHA-256 differs from the manifest's (changed or cut after writing)"
        return None
    try:
        with pq.ParquetFile(part) as reader:
            return None if reader.schema_arrow.equals(schema) else "another schema"
    except (OSError, pa.ArrowException) as error:
        return f"not readable as Parquet ({type(error).__name__})"


def _file_digest(path: Path) -> tuple[str, int]:
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size


def _write_table(path: Path, table: pa.Table) -> tuple[str, str, str, int]:
    """Write a part atomically; (folder, name, sha256, bytes) of what was written."""
    temporary = path.with_name(f".{path.name}.partial-{os.getpid()}")
    try:
        pq.write_table(table, temporary, compression="zstd")
        digest, size = _file_digest(temporary)
        os.replace(temporary, path)
    except OSError as error:
        raise BadInput(f"cannot write {str(path)!r}: {error.strerror or error}") from None
    finally:
        temporary.unlink(missing_ok=True)
    return path.parent.name, path.name, digest, size

