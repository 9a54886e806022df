"""The census by shards, certified end to end (docs/census.md, "The certified census by shards"):
one kind `census-shard` certificate a shard in a folder, every one checked by the stdlib-only
checker, and the shards' cover of the classes checked (`verify.checker.census_cover`).

A rerun keeps the certificates already in the folder (it is resumable) and checks all of
them again: what is reported rests on the files and the checker, not on the run that wrote
them.
"""

from __future__ import annotations

import gzip
import hashlib
import os

from verify.base.errors import BadInput
from verify.base.numbers import fraction_text, int_text
from verify.base.progress import Progress

MAX_CERTIFIED_SHARD_ARITY = 6  # the stdlib checker's walk; q = 7 needs the proved program


def certified_census(q: int, folder: str, progress: bool = True) -> dict:
    """The distribution of (fbs, s, bs, C) over every (function, input) pair of q inputs,
    from certificates written (if missing) to and read back from `folder`; CoverFailure
    (verify.checker.census_cover) if a certificate there is rejected or a class uncovered."""
    from verify.checker.census_cover import census_by_shards
    from verify.checker.reader import read_bytes, read_certificate

    from .census_shards import shard_prefixes

    if not 2 <= q <= MAX_CERTIFIED_SHARD_ARITY:
        raise BadInput(f"certified shards: q must be in 2..{MAX_CERTIFIED_SHARD_ARITY} (the "
                       "stdlib checker walks every visit; q = 7 needs the proved program)")
    if not os.path.isdir(folder):
        raise BadInput(f"{folder!r} is not a folder")
    prefixes = shard_prefixes(q)
    certificates, digests = [], {}
    with Progress(len(prefixes), "shards", enabled=None if progress else False) as bar:
        for prefix in prefixes:
            path = os.path.join(folder, f"census-shard-q{q}-{hex(prefix)}.json.gz")
            if not os.path.exists(path):
                _write(path, q, prefix)
            digests[hex(prefix)] = hashlib.sha256(read_bytes(path)).hexdigest()
            certificates.append(read_certificate(path))
            bar.update()
    return _summary(census_by_shards(certificates), digests)


def _write(path: str, q: int, prefix: int) -> None:
    """The shard's certificate by the compiled producer (canonical JSON; the Python producer
    without numba), gzipped."""
    from verify.base.files import write_text_atomic

    from .shard_producer import produce

    data, _ = produce(q, prefix)
    write_text_atomic(path, gzip.compress(data, mtime=0))


def _summary(census: dict, digests: dict) -> dict:
    """The JSON summary: the four distributions, the cover and one digest per shard."""
    from .class_rows import MEASURES

    document = {"q": census["q"], "certified": True,
                "checker": "verify.checker (stdlib only), kind census-shard and the cover",
                "shards": census["shards"], "classes_covered": census["classes_covered"],
                "pairs": int_text(census["pairs"])}
    for k, measure in enumerate(MEASURES):
        by_value: dict = {}
        for key, n in census["distribution"].items():
            by_value[key[k]] = by_value.get(key[k], 0) + n
        document[measure] = {fraction_text(v): int_text(n) for v, n in sorted(by_value.items())}
    document["certificates"] = digests
    return document
