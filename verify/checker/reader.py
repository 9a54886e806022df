"""Read a certificate file: bounded size, optional gzip, strict JSON (certificates/FORMAT.md)."""

from __future__ import annotations

import gzip
import io
import json
import os

from .certificate import check_certificate
from .errors import CertificateMalformed, CertificateTooLarge
from .report import CheckReport

MAX_FILE_BYTES = 256 * 2**20
MAX_JSON_INTEGER_CHARS = 1000
MAX_JSON_VALUES = 8_000_000  # arrays, objects, keys and scalars of one certificate
GZIP_MAGIC = b"\x1f\x8b"


def check_file(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES) -> CheckReport:
    """Read and check a certificate file (at most max_bytes, after gunzip if gzip-compressed).
    Every problem with the file itself raises CertificateMalformed with a one-line message."""
    return check_bytes(read_bytes(path, max_bytes), max_bytes)


def read_certificate(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES) -> object:
    """A certificate file's JSON, read as `check_file` reads it (bounded, gzip, strict)."""
    data = read_bytes(path, max_bytes)
    return load_json(_gunzip(data, max_bytes) if data[:2] == GZIP_MAGIC else data)


def check_bytes(data: bytes, max_bytes: int = MAX_FILE_BYTES) -> CheckReport:
    """Check a certificate given as the bytes of its file (gzip accepted, max_bytes bounds
    the input and its decompression)."""
    if len(data) > max_bytes:
        raise CertificateTooLarge(f"certificate file exceeds {max_bytes} bytes")
    if data[:2] == GZIP_MAGIC:
        data = _gunzip(data, max_bytes)
    obj = load_json(data)
    try:
        return check_certificate(obj)
    except (RecursionError, MemoryError) as error:
        raise CertificateTooLarge(f"certificate too large or too deep to check "
                                   f"({type(error).__name__})") from None


def read_bytes(path: str | os.PathLike, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes, gunzipped if they start with the gzip magic; never more than max_bytes."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        raise CertificateMalformed(f"cannot read certificate file: {reason}") from None
    if len(data) > max_bytes:
        raise CertificateTooLarge(f"certificate file exceeds {max_bytes} bytes")
    return data


def _gunzip(data: bytes, max_bytes: int) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            data = stream.read(max_bytes + 1)
    except Exception as error:  # gzip raises OSError, EOFError or zlib.error on bad data
        raise CertificateMalformed(f"bad gzip data: {type(error).__name__}") from None
    if len(data) > max_bytes:
        raise CertificateTooLarge(f"decompressed certificate exceeds {max_bytes} bytes")
    return data


def load_json(data: bytes) -> object:
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity, no huge integer literals, at
    most MAX_JSON_VALUES values (counted before any is built, so memory is bounded)."""
    if json_values_bound(data) > MAX_JSON_VALUES:
        raise CertificateTooLarge(f"certificate too large: more than {MAX_JSON_VALUES} JSON "
                                  "values (arrays, objects, keys, numbers, strings)")
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates,
                          parse_constant=_no_constant, parse_int=_bounded_int)
    except CertificateMalformed:
        raise
    except (ValueError, RecursionError, MemoryError) as error:
        detail = str(error).splitlines()[0][:80] if str(error) else type(error).__name__
        raise CertificateMalformed(f"not valid JSON: {detail}") from None


def json_values_bound(data: bytes) -> int:
    """An upper bound on the number of values json.loads would build from data: every value
    but the first of an array or object follows a ',' (a key and its value: a ':'), and each
    container opens with '[' or '{'. Characters inside strings only raise the bound."""
    return 1 + sum(data.count(mark) for mark in (b"[", b"{", b",", b":"))


def _no_duplicates(pairs: list) -> dict:
    obj = dict(pairs)  # in C; a repeated key makes it shorter than the pairs
    if len(obj) == len(pairs):
        return obj
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise CertificateMalformed(f"duplicate JSON key {key[:40]!r}")
        obj[key] = value
    return obj


def _no_constant(name: str):
    raise CertificateMalformed(f"JSON constant {name} is not allowed")


def _bounded_int(text: str) -> int:
    if len(text) > MAX_JSON_INTEGER_CHARS:
        raise CertificateTooLarge(f"JSON integer longer than {MAX_JSON_INTEGER_CHARS} digits")
    return int(text)
