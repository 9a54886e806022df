"""File input and output, in one place (docs/notes.md, section 2).

Reading: bounded; `-` is standard input (at most one input per command may use it).
Writing never destroys anything:

* an output is compared, after resolving symlinks, with every input of the command, and a
  match is refused ("would overwrite input ...") before any work is written;
* a regular file (or a new one) is replaced atomically: a sibling temporary file, then
  os.replace; a symlink is followed and its *target* replaced, the link itself kept;
* a device, a FIFO or `-` (standard output) is written in place: nothing is ever renamed
  over a file that is not regular;
* an empty name, a directory, a full disk or any other OSError is `BadInput` (exit code 2)
  with one line naming the file; a failing or interrupted command leaves no partial file.
"""

from __future__ import annotations

import io
import json
import os
import stat
import sys

from .errors import BadInput
from .interrupts import interrupted, raise_if_interrupted
from .numbers import json_text

STDIO = "-"
MAX_JSON_BYTES = 512 * 2**20


# ----------------------------------------------------------------------------- reading


def _binary_stdin():
    return getattr(sys.stdin, "buffer", None)


def read_bytes(name: str | os.PathLike, what: str, limit: int) -> bytes:
    """At most limit + 1 bytes of file `name` (`-`: standard input)."""
    name = os.fspath(name)
    try:
        if name == STDIO:
            if sys.stdin is None:  # started with standard input closed (`<&-`)
                raise BadInput(f"cannot read {what} from '-': standard input is closed")
            stream = _binary_stdin()
            return stream.read(limit + 1) if stream is not None else \
                sys.stdin.read(limit + 1).encode("utf-8")
        with open(name, "rb") as handle:
            return handle.read(limit + 1)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error.__class__.__name__
        raise BadInput(f"cannot read {what} from {name!r}: {reason}") from None


def read_source(name: str | os.PathLike, what: str, limit: int) -> str:
    """The UTF-8 text of file `name` (`-`: standard input); BadInput above `limit` bytes."""
    data = read_bytes(name, what, limit)
    if len(data) > limit:
        raise BadInput(f"{what} from {os.fspath(name)!r} is longer than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{what} from {os.fspath(name)!r} is not UTF-8 text") from None


def read_argument(text: str, what: str, limit: int) -> str:
    """A command-line value given inline, or as @FILE / @- (a long value does not fit in argv)."""
    return read_source(text[1:], what, limit) if text.startswith("@") else text


def argument_source(text) -> str | None:
    """The file an inline-or-@FILE argument reads (`-` for @-), or None."""
    return text[1:] if isinstance(text, str) and text.startswith("@") else None


def read_json(path: str | os.PathLike, what: str, limit: int = MAX_JSON_BYTES) -> dict:
    """A JSON object from a file (`-`: standard input), or BadInput with a one-line reason."""
    name = os.fspath(path)
    text = read_source(name, f"{what} file", limit)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{what} file {name!r} is not valid JSON "
                       f"(line {error.lineno}, column {error.colno}: {error.msg})") from None
    except (RecursionError, ValueError):
        raise BadInput(f"{what} file {name!r}: JSON nested too deeply or with a number "
                       "too long to read") from None
    if not isinstance(document, dict):
        raise BadInput(f"{what} file {name!r}: the top level must be a JSON object")
    return document


def read_versioned(path: str | os.PathLike, what: str, version: str,
                   keys: set[str]) -> tuple[dict, str]:
    """A JSON object with `"format": version` and no top-level key outside `keys`.

    Returns the document and the `where` prefix for later one-line error messages.
    """
    document = read_json(path, what)
    where = f"{what} {os.fspath(path)!r}"
    if document.get("format") != version:
        raise BadInput(f"{where}: missing or unsupported \"format\" (expected {version!r})")
    unknown = set(document) - keys - {"format"}
    if unknown:
        raise BadInput(f"{where}: unknown top-level key {sorted(unknown)[0]!r}")
    return document, where


# ----------------------------------------------------------------------------- paths


def _resolved(name: str) -> str:
    return os.path.realpath(name)


def _same_file(a: str, b: str) -> bool:
    if _resolved(a) == _resolved(b):
        return True
    try:
        return os.path.samefile(a, b)  # hard links
    except OSError:
        return False


def check_paths(outputs, inputs=()) -> None:
    """Refuse outputs that would destroy an input or each other (before any work is done).

    outputs, inputs: pairs (path or None, what). `-` is standard output / input: at most one
    output and one input may use it. Files inside a folder input (`what` ending in "folder")
    count as that input.
    """
    outputs = [(os.fspath(p), what) for p, what in outputs if p is not None]
    inputs = [(os.fspath(p), what) for p, what in inputs if p is not None]
    for name, what in outputs:
        if name == "":
            raise BadInput(f"{what}: the file name is empty")
    for kind, items in (("output", outputs), ("input", inputs)):
        streams = [what for name, what in items if name == STDIO]
        if len(streams) > 1:
            where = "standard output" if kind == "output" else "standard input"
            raise BadInput(f"{streams[0]} and {streams[1]} both use {where} ('-'); "
                           f"give one of them a file")
    files = [(name, what) for name, what in outputs if name != STDIO]
    for k, (name, what) in enumerate(files):
        for other, other_what in files[:k]:
            if _same_file(name, other):
                raise BadInput(f"{other_what} and {what} name the same file {name!r}; "
                               "give each output its own path")
        for source, source_what in inputs:
            if source == STDIO:
                continue
            if _same_file(name, source) or _inside(name, source, source_what):
                raise BadInput(f"{what} {name!r} would overwrite input {source!r} "
                               f"({source_what}); choose another output path")


def check_output_folders(outputs) -> None:
    """Refuse, before any work, an output whose folder does not exist or is not a folder:
    a command with two outputs must not write the first and then fail on the second."""
    for path, what in outputs:
        if path is None or os.fspath(path) in ("", STDIO):
            continue
        folder = os.path.dirname(os.fspath(path)) or "."
        if not os.path.isdir(folder):
            problem = "is not a folder" if os.path.exists(folder) else "does not exist"
            raise BadInput(f"{what} {os.fspath(path)!r}: the folder {folder!r} {problem}; "
                           "nothing written")


def _inside(name: str, folder: str, what: str) -> bool:
    if not what.endswith("folder"):
        return False
    try:
        return os.path.commonpath([_resolved(name), _resolved(folder)]) == _resolved(folder)
    except ValueError:
        return False


def output_target(name: str | os.PathLike) -> tuple[str, bool]:
    """(resolved path, replace atomically?) for an output name; BadInput for '' or a folder.

    Symlinks are followed; an existing file that is not regular (device, FIFO) is written in
    place; `-` is standard output (written in place).
    """
    name = os.fspath(name)
    if name == "":
        raise BadInput("cannot write to an empty file name")
    if name == STDIO:
        return STDIO, False
    if name.endswith(("/", os.sep)) and not os.path.isdir(name):
        raise BadInput(f"cannot write {name!r}: a name ending in '/' is a folder, and there is "
                       "no such folder")
    try:
        mode = os.stat(name).st_mode  # follows symlinks (/dev/stdout -> a pipe, a link -> file)
    except FileNotFoundError:
        return _resolved(name), True  # a new file, or the missing target of a symlink
    except OSError as error:
        raise BadInput(f"cannot write {name!r}: {error.strerror or error}") from None
    if stat.S_ISDIR(mode):
        raise BadInput(f"cannot write {name!r}: it is a directory")
    if not stat.S_ISREG(mode):
        return name, False  # a device, a FIFO, a socket: written in place, never renamed over
    return _resolved(name), True


# ----------------------------------------------------------------------------- writing


def json_file_text(document, compact: bool = False) -> str:
    """The text `write_json` writes."""
    return json_text(document, **({"separators": (",", ":")} if compact else {"indent": 1})) \
        + "\n"


def write_json(path: str | os.PathLike, document, compact: bool = False) -> None:
    """Write JSON (see the module doc: atomic for regular files, in place otherwise)."""
    write_text_atomic(path, json_file_text(document, compact))


def write_text_atomic(path: str | os.PathLike, text: str | bytes) -> None:
    """Write one output (text or bytes) without ever leaving a half-written file."""
    write_texts_atomic([(path, text)])


def write_texts_atomic(items) -> None:
    """Write several outputs: temporaries first, then outputs written in place (devices, FIFOs,
    standard output), then all renames; temporaries are removed on any error."""
    raise_if_interrupted()  # a Ctrl-C whose exception Python dropped: write nothing
    items = [(os.fspath(path), data) for path, data in items]
    check_paths([(name, "output") for name, _ in items])
    plan = [(name, data, *output_target(name)) for name, data in items]
    staged: list[tuple[str, str, str]] = []
    current = None
    try:
        for name, data, target, atomic in plan:
            if atomic:
                current = name
                temporary = _temporary(target)
                staged.append((temporary, target, name))
                _write_new(temporary, data, target)
        for name, data, target, atomic in plan:
            if not atomic:
                current = name
                _write_in_place(target, data)
        raise_if_interrupted()
        for temporary, target, name in staged:
            current = name
            os.replace(temporary, target)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise BadInput(f"cannot write {current!r}: {error.strerror or error}") from None
    finally:
        for temporary, _, _ in staged:
            _remove(temporary)


def _temporary(target: str) -> str:
    """A sibling temporary name; for a name near the 255-byte limit, a short hashed one."""
    folder, base = os.path.split(target)
    name = f".{base}.partial-{os.getpid()}"
    if len(os.fsencode(name)) > 255 - 8:
        import hashlib

        digest = hashlib.sha256(os.fsencode(base)).hexdigest()[:24]
        name = f".fbs-{digest}.partial-{os.getpid()}"
    return os.path.join(folder, name)


def _write_new(temporary: str, data, target: str) -> None:
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(temporary, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as handle:
        handle.write(data)
    _copy_mode(target, temporary)


def _copy_mode(target: str, temporary: str) -> None:
    """Keep an existing file's permission bits when it is replaced."""
    try:
        os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
    except OSError:
        pass


def _write_in_place(target: str, data) -> None:
    if target == STDIO:
        if isinstance(data, bytes):
            sys.stdout.flush()
            stream = getattr(sys.stdout, "buffer", None)
            if stream is None:
                sys.stdout.write(data.decode("utf-8"))
            else:
                stream.write(data)
                stream.flush()
        else:
            sys.stdout.write(data)
        sys.stdout.flush()
        return
    with open(target, "wb" if isinstance(data, bytes) else "w") as handle:
        handle.write(data)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class AtomicOutput:
    """A text output opened for streaming that appears under its name only on success.

    Regular files: a sibling temporary, renamed on success. Devices, FIFOs and `-`: written
    in place. Any OSError (also while the caller writes) becomes BadInput (exit code 2).
    """

    def __init__(self, path: str | os.PathLike):
        self.name = os.fspath(path)
        self.target, self.atomic = output_target(self.name)
        self.temporary = _temporary(self.target) if self.atomic else None
        try:
            if self.target == STDIO:
                self.handle = sys.stdout
            else:
                self.handle = open(self.temporary if self.atomic else self.target, "w",
                                   encoding="utf-8")
        except OSError as error:
            raise BadInput(f"cannot write {self.name!r}: {error.strerror or error}") from None

    def __enter__(self) -> io.TextIOBase:
        return self.handle

    def __exit__(self, kind, value, traceback) -> None:
        problem = value if isinstance(value, OSError) else None
        try:
            if self.handle is sys.stdout:
                sys.stdout.flush()
            else:
                self.handle.close()
            if kind is None and self.atomic and not interrupted():
                os.replace(self.temporary, self.target)
        except OSError as error:
            problem = problem or error
        finally:
            if self.atomic:
                _remove(self.temporary)
        if isinstance(problem, BrokenPipeError):
            raise problem
        if kind is None and problem is None:
            raise_if_interrupted()
        if problem is not None and (kind is None or problem is value):
            reason = getattr(problem, "strerror", None) or problem
            raise BadInput(f"cannot write {self.name!r}: {reason}") from None


def is_stdio(name) -> bool:
    """True for `-` (standard input or output)."""
    return name is not None and os.fspath(name) == STDIO
