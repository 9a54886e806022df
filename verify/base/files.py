"""File input and output, in one place: bounded JSON reading, versioned documents, and
writes that never leave a half-written file (a sibling temporary file, then os.replace).

Every failure is `BadInput` (exit code 2) with a one-line message naming the file.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from .errors import BadInput


def read_source(name: str, what: str, limit: int) -> str:
    """The text of file `name` (`-`: standard input), at most limit + 1 characters."""
    try:
        if name == "-":
            return sys.stdin.read(limit + 1)
        with Path(name).open() as handle:
            return handle.read(limit + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read {what} from {name!r}: {error.__class__.__name__}") from None


def read_argument(text: str, what: str, limit: int) -> str:
    """A command-line value given inline, or as @FILE / @- (a long value does not fit in argv)."""
    return read_source(text[1:], what, limit) if text.startswith("@") else text


def read_json(path: str | Path, what: str) -> dict:
    """A JSON object from a file, or BadInput with a one-line reason."""
    try:
        text = Path(path).read_text()
    except OSError as error:
        raise BadInput(f"cannot read {what} file {str(path)!r}: "
                       f"{error.strerror or error.__class__.__name__}") from None
    except UnicodeDecodeError:
        raise BadInput(f"{what} file {str(path)!r} is not UTF-8 text") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{what} file {str(path)!r} is not valid JSON "
                       f"(line {error.lineno}, column {error.colno}: {error.msg})") from None
    except (RecursionError, ValueError):
        raise BadInput(f"{what} file {str(path)!r}: JSON nested too deeply or with a number "
                       "too long to read") from None
    if not isinstance(document, dict):
        raise BadInput(f"{what} file {str(path)!r}: the top level must be a JSON object")
    return document


def read_versioned(path: str | Path, what: str, version: str, keys: set[str]) -> tuple[dict, str]:
    """A JSON object with `"format": version` and no top-level key outside `keys`.

    Returns the document and the `where` prefix for later one-line error messages.
    """
    document = read_json(path, what)
    where = f"{what} {str(path)!r}"
    if document.get("format") != version:
        raise BadInput(f"{where}: missing or unsupported \"format\" (expected {version!r})")
    unknown = set(document) - keys - {"format"}
    if unknown:
        raise BadInput(f"{where}: unknown top-level key {sorted(unknown)[0]!r}")
    return document, where


def write_json(path: str | Path, document, compact: bool = False) -> None:
    """Write JSON atomically: a temporary file in the same directory, then rename."""
    text = json.dumps(document, separators=(",", ":")) if compact else json.dumps(document, indent=1)
    write_text_atomic(path, text + "\n")


def write_text_atomic(path: str | Path, text: str) -> None:
    """Never leaves a half-written file: write a sibling temporary file, then os.replace."""
    write_texts_atomic([(path, text)])


def write_texts_atomic(items) -> None:
    """Write several files (text, or bytes): all temporaries first, then all renames;
    temporaries removed on error."""
    items = list(items)
    targets = [Path(path).resolve() for path, _ in items]
    if len(set(targets)) != len(targets):
        raise BadInput("two outputs name the same file; give each output its own path")
    staged, current = [], None
    try:
        for path, text in items:
            current = Path(path)
            temporary = current.with_name(f".{current.name}.partial-{os.getpid()}")
            staged.append((temporary, current))
            temporary.write_bytes(text) if isinstance(text, bytes) else temporary.write_text(text)
        for temporary, current in staged:
            os.replace(temporary, current)
    except OSError as error:
        raise BadInput(f"cannot write {str(current)!r}: {error.strerror or error}") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


class AtomicOutput:
    """A text file opened for streaming that appears under its name only on success."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.temporary = self.path.with_name(f".{self.path.name}.partial-{os.getpid()}")
        try:
            self.handle = self.temporary.open("w")
        except OSError as error:
            raise BadInput(f"cannot write {str(self.path)!r}: {error.strerror or error}") from None

    def __enter__(self):
        return self.handle

    def __exit__(self, kind, value, traceback) -> None:
        self.handle.close()
        try:
            if kind is None:
                os.replace(self.temporary, self.path)
        except OSError as error:
            raise BadInput(f"cannot write {str(self.path)!r}: {error.strerror or error}") from None
        finally:
            self.temporary.unlink(missing_ok=True)
