"""Certifying the shards of the census of Q <= 7 points, resumably (docs/census.md, "Certifying
the shards of Q"; issue 38 items 3 and 5): for each shard, the compiled producer writes its
kind census-shard certificate(s) (verify.sweep.shard_producer), a checker judges the bytes
(verify.sweep.shard_checkers: the stdlib checker, or the proved program), and one record a
shard goes into STORE: the certificates' SHA-256 digests (of their canonical bytes), the
checker and its version digest, the verdict, the row. The certificates themselves are kept
only on request (`keep`).

STORE/q{Q}/shards/{prefix}.json holds a shard's record (canonical JSON, written atomically
once the shard is judged), so a rerun skips the shards the same checker already accepted
(resume) and the records do not depend on the number of workers or on the order they finish.
A shard of more than MAX_VISITS visits is certified in parts k/n (FORMAT.md section 13), n
doubled while a part would need more than MAX_PACKING_PROGRAMS packing programs of the checker.

`summary` adds up the records: `certified` is true only when every shard of Q has a record
whose every part the named checker accepted, the records' |K| add up to the number of
up-sets on Q - 1 points (counted here) and the rows to 2^(2^Q) * 2^Q pairs, as
`verify.checker.census_cover.census_by_shards` checks for certificates held in memory. What
the summary rests on beyond the checker's verdicts: this driver, which records a verdict
beside the digest of the bytes it gave the checker and sums the rows of those bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import defaultdict
from fractions import Fraction

from verify.base.errors import BadInput
from verify.base.numbers import canonical_json, fraction_text, int_text

from .shard_checkers import ACCEPTED, checker

RECORD_VERSION = 1


def default_checker(q: int) -> str:
    """The stdlib checker for q <= 6; at q = 7 its walk (25 us a visit, 42 CPU-hours) is the
    proved program's job."""
    return "stdlib" if q <= 6 else "proved"


def shard_range(q: int, start: int | None, stop: int | None) -> list[int]:
    """The prefixes of shards start..stop - 1 in canonical order (census_shards
    .shard_prefixes); BadInput outside 0 <= start < stop <= the number of shards."""
    from .census_shards import MAX_SHARD_ARITY, shard_prefixes

    if type(q) is not int or not 2 <= q <= MAX_SHARD_ARITY:
        raise BadInput(f"--certify-shards: Q must be in 2..{MAX_SHARD_ARITY}, got {q!r}")
    prefixes = shard_prefixes(q)
    start = 0 if start is None else start
    stop = len(prefixes) if stop is None else stop
    if not 0 <= start < stop <= len(prefixes):
        raise BadInput(f"--from/--to: expected 0 <= K < L <= {len(prefixes)} (the shards of "
                       f"q = {q}), got {start} and {stop}")
    return prefixes[start:stop]


def record_path(store: str, q: int, prefix: int) -> str:
    return os.path.join(store, f"q{q}", "shards", f"{hex(prefix)}.json")


def read_record(store: str, q: int, prefix: int) -> dict | None:
    """The shard's record, or None when it is missing or unreadable (then it is redone)."""
    path = record_path(store, q, prefix)
    try:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and record.get("prefix") == hex(prefix) else None


def certify_shards(q: int, store: str, checker_name: str | None = None,
                   start: int | None = None, stop: int | None = None, workers: int = 1,
                   keep: bool = False, progress: bool = True, recheck: bool = False) -> dict:
    """Certify shards start..stop - 1 of q into STORE (skipping those the checker already
    accepted there, unless `recheck`) and return {"done", "skipped", "failed": [records not
    accepted], "changed": [prefixes whose stored record differs from the fresh one], "summary"}
    (summary: `summary(q, store, checker)` over every shard of q). With `recheck` every shard
    of the range is produced and checked again and its stored record compared with the fresh
    one (certificate digests, |K|, visits, counts): the summary trusts the records, and this
    is how a STORE is audited."""
    from verify.base.progress import Progress

    name = checker_name or default_checker(q)
    plug = checker(name)
    prefixes = shard_range(q, start, stop)
    plug.prepare()  # the proved program: built, and refused without the kind, before work
    _prepare_store(store, q, keep)
    version = plug.version()
    stored = {p: read_record(store, q, p) for p in prefixes}
    todo = prefixes if recheck else [p for p in prefixes if not _accepted(stored[p], name)]
    failed, changed = [], []
    with Progress(len(todo), "shards", enabled=None if progress else False) as bar:
        for record in _records(q, todo, store, name, version, keep, workers):
            if record["verdict"] != ACCEPTED:
                failed.append(record)
            before = stored[int(record["prefix"], 16)]
            if recheck and before is not None and _content(before) != _content(record):
                changed.append(record["prefix"])
            bar.update()
    return {"done": len(todo), "skipped": len(prefixes) - len(todo), "failed": failed,
            "changed": changed, "summary": summary(q, store, name, write=True)}


def _content(record: dict) -> tuple:
    """What a record states about its shard (not who checked it, nor the checker's version)."""
    return (record.get("q"), record.get("prefix"), record.get("orbit"), record.get("visits"),
            [(c.get("part"), c.get("sha256")) for c in record.get("certificates") or []],
            record.get("counts"))


def _prepare_store(store: str, q: int, keep: bool) -> None:
    if os.path.exists(store) and not os.path.isdir(store):
        raise BadInput(f"--certify-shards: {store!r} is not a folder")
    os.makedirs(os.path.join(store, f"q{q}", "shards"), exist_ok=True)
    if keep:
        os.makedirs(os.path.join(store, f"q{q}", "certificates"), exist_ok=True)


def _accepted(record: dict | None, name: str) -> bool:
    return record is not None and record.get("checker") == name and (
        record.get("verdict") == ACCEPTED)


def _records(q, todo, store, name, version, keep, workers):
    """Each shard certified and its record written, in `todo` order (a pool of `workers`
    processes when more than one)."""
    jobs = [(q, prefix, store, name, version, keep) for prefix in todo]
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield _certify_job(job)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_certify_job, jobs, chunksize=1)


def _certify_job(job) -> dict:
    from verify.base.files import write_text_atomic

    q, prefix, store, name, version, keep = job
    record = certify_shard(q, prefix, checker(name), version,
                           os.path.join(store, f"q{q}", "certificates") if keep else None)
    write_text_atomic(record_path(store, q, prefix), canonical_json(record) + "\n")
    return record


def certify_shard(q: int, prefix: int, plug, version: str, keep_in: str | None = None) -> dict:
    """The record of one shard: each part produced, judged by `plug`, digested (and written
    gzipped into keep_in when given)."""
    from verify.checker.census_shard_kind import MAX_PACKING_PROGRAMS, MAX_VISITS

    from .shard_producer import ShardWalk

    walk = ShardWalk(q, prefix)  # every visit once, in order; parts are cut from it
    visits = walk.visits
    parts = max(1, -(-visits // MAX_VISITS))
    while any(walk.packing_programs((k, parts)) > MAX_PACKING_PROGRAMS for k in range(parts)):
        parts *= 2
        if parts > max(visits, 1):
            raise BadInput(f"shard {hex(prefix)}: no split keeps the packing programs within "
                           "the checker's bound")
    entries, row, verdict = [], defaultdict(int), ACCEPTED
    for k in range(parts):
        data, facts = walk.part((k, parts))
        part = f"{k}/{parts}"
        judged = plug.check(data, f"census-shard q{q} {hex(prefix)} part {part}")
        entry = {"part": part, "sha256": hashlib.sha256(data).hexdigest(),
                 "verdict": judged.verdict, "visits": facts["visits"], "pairs": facts["pairs"]}
        if judged.verdict != ACCEPTED:
            entry["line"] = judged.line[:300]
            verdict = judged.verdict
        entries.append(entry)
        for fbs, s, bs, c, n in facts["counts"]:
            row[(Fraction(fbs), s, bs, c)] += int(n)
        if keep_in is not None:
            _keep(keep_in, q, prefix, k, parts, data)
    orbit = walk.orbit
    return {"record": RECORD_VERSION, "q": q, "prefix": hex(prefix), "orbit": orbit,
            "visits": visits, "checker": plug.name, "checker_version": version,
            "verdict": verdict, "certificates": entries,
            "counts": [[fraction_text(f), s, bs, c, int_text(n)]
                       for (f, s, bs, c), n in sorted(row.items())]}


def _keep(folder: str, q: int, prefix: int, k: int, parts: int, data: bytes) -> None:
    import gzip

    from verify.base.files import write_text_atomic

    name = f"census-shard-q{q}-{hex(prefix)}" + (f"-part{k}of{parts}" if parts > 1 else "")
    write_text_atomic(os.path.join(folder, name + ".json.gz"), gzip.compress(data, mtime=0))


def summary(q: int, store: str, checker_name: str, write: bool = False) -> dict:
    """The census of q from STORE's records: `certified` only when every shard's record was
    accepted by `checker_name` and the records cover the classes once (see the module)."""
    from verify.checker.upsets import count_up_sets_inside

    from .census_shards import SHARDS, shard_prefixes
    from .class_rows import MEASURES

    prefixes = shard_prefixes(q)
    totals: dict = defaultdict(int)
    versions: dict = defaultdict(int)
    digests, orbits, accepted, missing = {}, 0, 0, 0
    for prefix in prefixes:
        record = read_record(store, q, prefix)
        if not _accepted(record, checker_name) or not _whole(record):
            missing += record is None
            continue
        accepted += 1
        versions[record["checker_version"]] += 1
        digests[record["prefix"]] = [c["sha256"] for c in record["certificates"]]
        orbits += record["orbit"]
        for fbs, s, bs, c, n in record["counts"]:
            totals[(Fraction(fbs), s, bs, c)] += int(n)
    classes = count_up_sets_inside(q - 1, (1 << (1 << (q - 1))) - 1)
    pairs = sum(totals.values())
    complete = accepted == len(prefixes) == SHARDS[q]
    covered = complete and orbits == classes and pairs == 2 ** (2 ** q) * 2 ** q
    document = {"q": q, "certified": covered, "checker": checker_name,
                "checker_versions": dict(sorted(versions.items())),
                "shards_total": len(prefixes), "shards_accepted": accepted,
                "shards_without_record": missing, "classes_covered": orbits,
                "classes_total": classes, "pairs": int_text(pairs),
                "pairs_total": int_text(2 ** (2 ** q) * 2 ** q)}
    for k, measure in enumerate(MEASURES):
        by_value: dict = defaultdict(int)
        for key, n in totals.items():
            by_value[key[k]] += n
        document[measure] = {fraction_text(v): int_text(by_value[v]) for v in sorted(by_value)}
    document["certificates"] = digests
    if write:
        from verify.base.files import write_text_atomic

        write_text_atomic(os.path.join(store, f"q{q}", f"summary-{checker_name}.json"),
                          canonical_json(document) + "\n")
    return document


def _whole(record: dict) -> bool:
    """The record's parts are 0/n..n-1/n of one n, every one accepted."""
    entries = record.get("certificates") or []
    n = len(entries)
    return n > 0 and [c.get("part") for c in entries] == [f"{k}/{n}" for k in range(n)] and all(
        c.get("verdict") == ACCEPTED for c in entries)
