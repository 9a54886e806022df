"""The census by structure cut into shards, for a cluster (q = 7: 490,013,147 classes).

An up-set U on q points (docs/census.md) is a pair (U0, U1) of up-sets on the other q - 1
points with U0 inside U1: U0 holds the sets without coordinate 0, U1 the sets with it
(coordinate 0 removed); U0 never holds the empty set, U1 may (then {0} is a member). A
permutation of coordinates 1..q-1 maps such pairs onto pairs and keeps the four measures
and |up(A)| - |A|, so the pairs whose U1 lies in a class K of up-sets on q - 1 points
contribute |K| times what the pairs (U0, R) with U0 inside the class's canonical table R
contribute (for each U1 = pi(R) in K, U0 -> pi^-1(U0) is a bijection onto the U0 inside R).
A **shard** is one such class, named by R (its canonical prefix); it enumerates every U0
inside R and adds up N(A) = 2^q * 2 * 2^(|up(A)| - |A|) per (fbs, s, bs, C).

A shard job (`{"kind": "census-shard", "q": Q, "prefix": "0x..."}`) is run by `fbs sweep`'s
Dask machinery (verify.sweep.execute), one STORE row per shard, so a rerun resumes;
`shard_census` adds up the shards in a STORE and says how many of all are there. The
worker derives |K| itself (all (q-1)! permutations of R) and refuses an R that is not the
least table of its class, so a shard can neither be counted twice nor weighted wrongly.
Values: exact; with "certify": true each pair's four values also pass the checker.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

import numpy as np

from verify.base.errors import BadInput
from verify.base.numbers import fraction_text, int_text

from .antichains import delta_swap, heap_transpositions, positions_without_bit, swap_positions

MAX_SHARD_ARITY = 7
ROW_KEY_BITS = 10  # per field of a kernel row packed into one int64 key (distinct_rows)
# classes of up-sets on q - 1 points, the full one (holding the empty set) included: OEIS A003182
SHARDS = {2: 3, 3: 5, 4: 10, 5: 30, 6: 210, 7: 16353}


def shard_prefixes(q: int) -> list[int]:
    """The canonical tables R of all shards of the census on q points, sorted (the classes
    of q - 1 points from their own shards when the kernel is compiled: 0.4 s, not 13 s, at
    q = 7)."""
    from .antichains import classify
    from .census_kernel import COMPILED

    full = (1 << (1 << (q - 1))) - 1
    if COMPILED and q >= 3:
        canonical = compiled_classes(q - 1)[0]
    else:
        canonical = classify(q - 1).canonical
    return sorted([int(t) for t in canonical.tolist()] + [full])


def shard_job(q: int, prefix: int, part: tuple[int, int] = (0, 1)) -> dict:
    """Part k of n of a shard: the U0 at positions k, k + n, k + 2n, ... of its list."""
    job = {"kind": "census-shard", "q": q, "prefix": hex(prefix)}
    return job if part == (0, 1) else {**job, "part": f"{part[0]}/{part[1]}"}


def normalize_shard_job(raw: dict) -> dict:
    """{"q", "prefix", optional "certify"} checked: R an up-set on q - 1 points (that it is
    the least of its class is checked by the worker, which needs all (q-1)! images)."""
    q, prefix, certify = raw["q"], raw["prefix"], raw.get("certify", False)
    part = _part(raw.get("part", "0/1"))
    if type(q) is not int or not 2 <= q <= MAX_SHARD_ARITY:
        raise BadInput(f"\"q\" must be an integer in 2..{MAX_SHARD_ARITY}, got {q!r}")
    if not isinstance(prefix, str) or not prefix.startswith("0x"):
        raise BadInput("\"prefix\" must be a hex string 0x... (an up-set table on q - 1 points)")
    try:
        table = int(prefix, 16)
    except ValueError:
        raise BadInput(f"\"prefix\" {prefix[:40]!r} is not hexadecimal") from None
    if type(certify) is not bool:
        raise BadInput("\"certify\" must be true or false")
    points = q - 1
    if not 0 <= table < 1 << (1 << points) or _closure(table, points) != table:
        raise BadInput(f"\"prefix\" {prefix[:40]} is not an up-set on {points} points")
    job = {"q": q, "prefix": hex(table), "certify": certify}
    return job if part == (0, 1) else {**job, "part": f"{part[0]}/{part[1]}"}


MAX_PARTS = 10**6


def _part(text) -> tuple[int, int]:
    """"k/n" with 0 <= k < n <= MAX_PARTS."""
    k, _, n = text.partition("/") if isinstance(text, str) else ("", "", "")
    if not (k.isdigit() and n.isdigit() and k.isascii() and n.isascii()) or not (
            0 <= int(k) < int(n) <= MAX_PARTS):
        raise BadInput(f"\"part\" must be \"k/n\" with 0 <= k < n <= {MAX_PARTS}")
    return int(k), int(n)


def compiled_classes(q: int) -> tuple[np.ndarray, np.ndarray]:
    """(canonical tables sorted, class sizes) of the up-sets on 2 <= q <= 6 points."""
    from .antichains import up_sets
    from .census_kernel import least_images

    points = q - 1
    lower = up_sets(points)
    tables, weights = [], []
    for prefix in shard_prefixes(q):
        inside = lower[(lower & np.uint64(~prefix & (2**64 - 1))) == 0]
        tables.append(inside | np.uint64(prefix << (1 << points)))
        weights.append(np.full(len(inside), orbit_size(prefix, points), np.int64))
    canonical, inverse = np.unique(least_images(np.concatenate(tables), q), return_inverse=True)
    sizes = np.zeros(len(canonical), np.int64)
    np.add.at(sizes, inverse, np.concatenate(weights))
    return canonical, sizes


def orbit_size(table: int, points: int) -> int:
    """|K|: the number of distinct images of an up-set table under all permutations of the
    points; BadInput unless it is an up-set and the least of them."""
    if not 0 <= table < 1 << (1 << points) or _closure(table, points) != table or (
            table & 1 and table != (1 << (1 << points)) - 1):
        raise BadInput(f"prefix {hex(table)[:40]} is not an up-set on {points} points")
    images, current = {table}, table
    for a, b in heap_transpositions(points):  # every permutation, one transposition a step
        current = swap_positions(current, *delta_swap(a, b, points))
        images.add(current)
    if min(images) != table:
        raise BadInput(f"prefix {hex(table)[:40]} is not the least table of its class")
    return len(images)


def _closure(table: int, points: int) -> int:
    for b in range(points):
        table |= (table & positions_without_bit(b, points)) << (1 << b)
    return table


@lru_cache(maxsize=2)
def _lower_candidates(points: int) -> np.ndarray:
    """All up-sets on `points` points without the empty set (the empty table included)."""
    from .antichains import up_sets

    return up_sets(points)


def shard_lower(q: int, prefix: int, part: tuple[int, int] = (0, 1)) -> np.ndarray:
    """The U0 of part k of n of the shard R: the up-sets on q - 1 points inside R (without
    the empty set), every n-th from the k-th."""
    lower = _lower_candidates(q - 1)
    return lower[(lower & np.uint64(~prefix & ((1 << 64) - 1))) == 0][part[0]::part[1]]


def run_shard(q: int, prefix: int, certify: bool = False,
              part: tuple[int, int] = (0, 1)) -> dict:
    """The pairs of part k of n of the shard by (fbs, s, bs, C): {"orbit", "antichains",
    "counts"}."""
    from .census_kernel import COMPILED
    from .class_rows import class_row

    points = q - 1
    orbit = orbit_size(prefix, points)
    lower = shard_lower(q, prefix, part)
    counts: dict = defaultdict(int)
    checked = 0
    if COMPILED and not certify:
        counts = compiled_counts(q, prefix, orbit, lower)
    for table0 in [] if COMPILED and not certify else lower.tolist():
        table = int(table0) | (prefix << (1 << points))  # coordinate 0: the top position bit
        row, count = class_row(table, orbit, q, certify)
        counts[(row.fbs, row.s, row.bs, row.C)] += row.pairs
        checked += count
    return {"orbit": orbit, "antichains": len(lower), "certificates_checked": checked,
            "counts": [[fraction_text(f), s, bs, c, int_text(n)]
                       for (f, s, bs, c), n in sorted(counts.items())]}


def _split_of(job: dict) -> tuple[tuple[int, str], int]:
    """((q, prefix), number of parts) of a census-shard job."""
    return (job["q"], job["prefix"]), int(job.get("part", "0/1").split("/")[1])


def _stored_splits(store) -> dict:
    """{(q, prefix): {parts}} of the census-shard rows in STORE's intact parts (from their
    specs antichains:Q:PREFIX[:K/N]; rows from before parts existed are whole shards); a
    damaged part is left out: the sweep sets it aside and computes its jobs again."""
    import pyarrow.compute as pc

    damaged = {part for part, _ in store.damaged_parts()}
    found: dict = defaultdict(set)
    specs = []
    for part in store.row_parts():
        if f"rows/{part.name}" not in damaged:
            table = store.read_part(part, ["kind", "spec"])
            specs += table.filter(pc.equal(table.column("kind"), "census-shard")).column(
                "spec").to_pylist()
    for spec in specs:
        fields = spec.split(":")
        parts = int(fields[3].split("/")[1]) if len(fields) > 3 else 1
        found[(int(fields[1]), hex(int(fields[2], 16)))].add(parts)
    return found


def check_shard_splits(families, jobs, store) -> None:
    """BadInput, before any work, if a shard would be split in two ways: by the jobs asked
    for, or by them and the parts already in STORE (a Store or None); such a shard could
    never be added up (docs/formats.md, census-shards)."""
    wanted: dict = defaultdict(set)
    for family in families:
        if family.shards is not None:
            q, prefixes, parts = family.shards
            for prefix in prefixes:
                wanted[(q, hex(prefix))].add(parts)
    for job in jobs:
        if job.get("kind") == "census-shard":
            key, parts = _split_of(job)
            wanted[key].add(parts)
    if not wanted:
        return
    stored = _stored_splits(store) if store is not None else {}
    for (q, prefix), splits in wanted.items():
        every = splits | stored.get((q, prefix), set())
        if len(every) > 1:
            where = " (with the parts already in STORE)" if stored.get((q, prefix)) else ""
            raise BadInput(f"shard {prefix[:20]}... of q = {q} would be split in different "
                           f"ways ({sorted(every)} parts){where}: it could never be added "
                           "up; use one PARTS per shard")


def compiled_counts(q: int, prefix: int, orbit: int, lower: np.ndarray) -> dict:
    """{(fbs, s, bs, C): pairs} of the tables U0 | R on top, by the compiled kernel
    (verify.sweep.census_kernel): each visit stands for orbit * 2^(q + 1 + |up| - |A|)
    pairs (Lemma 2 of docs/census.md, times |K|)."""
    from .census_kernel import evaluate

    if q == 7:
        rows = evaluate(lower, prefix, q)
    else:
        rows = evaluate(lower | np.uint64(prefix << (1 << (q - 1))), 0, q)
    counts: dict = defaultdict(int)
    distinct, times = distinct_rows(rows)
    for (num, den, s, bs, c, excess), n in zip(distinct.tolist(), times.tolist()):
        counts[(Fraction(num, den), s, bs, c)] += n * orbit << (q + 1 + excess)
    return counts


def distinct_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of an int64 matrix and how often each occurs, rows in increasing
    order: np.unique along axis 0, but through one int64 key per row (ROW_KEY_BITS a field)
    when every field fits (a sort of integers: 0.14 us a row against 2.8 us at q = 7)."""
    width = rows.shape[1]
    if len(rows) == 0:
        return rows, np.zeros(0, np.int64)
    if rows.min() < 0 or rows.max() >> ROW_KEY_BITS or width * ROW_KEY_BITS > 63:
        return np.unique(rows, axis=0, return_counts=True)
    key = np.zeros(len(rows), np.int64)
    for j in range(width):
        key = (key << ROW_KEY_BITS) | rows[:, j]
    keys, times = np.unique(key, return_counts=True)
    shifts = ROW_KEY_BITS * np.arange(width - 1, -1, -1)
    return (keys[:, None] >> shifts) & ((1 << ROW_KEY_BITS) - 1), times


def shard_census(store, q: int) -> dict:
    """The shards of q in STORE added up: how many of all there are, the pairs they cover,
    and (complete or not) the distributions over the covered pairs."""
    from .class_rows import MEASURES
    from .store import Store

    if q not in SHARDS:
        raise BadInput(f"the sharded census covers 2 <= q <= {MAX_SHARD_ARITY}")
    import pyarrow.compute as pc

    table = Store(store).read_rows(["params"])
    table = table.filter(pc.equal(table.column("kind"), "census-shard"))
    parts: dict = defaultdict(dict)  # prefix -> {(k, n): params}, certified preferred
    for spec, text in zip(*(table.column(c).to_pylist() for c in ("spec", "params"))):
        params = json.loads(text)
        if params["q"] == q:  # rows written before parts existed: whole shards
            prefix = params.get("prefix", spec.split(":")[2])
            key = tuple(params.get("part", (0, 1)))
            kept = parts[prefix].get(key)
            if kept is None or (params["certify"] and not kept["certify"]):
                parts[prefix][key] = params
    totals: dict = defaultdict(int)
    holders: dict = {}  # (fbs, s, bs, C) -> (visits, prefix, part) of its smallest holder
    shards, antichains, certified = 0, 0, True
    for prefix, found in parts.items():
        splits = {n for _, n in found}
        if len(splits) > 1:
            raise BadInput(f"STORE holds shard {prefix[:20]}... of q = {q} split in different "
                           f"ways ({sorted(splits)} parts): it cannot be added up")
        shards += len(found) == splits.pop()
        for part, params in sorted(found.items()):
            antichains += params["antichains"] * params["orbit"]
            certified &= params["certify"]
            for fbs, s, bs, c, n in params["counts"]:
                key = (Fraction(fbs), s, bs, c)
                totals[key] += int(n)
                holder = (params["antichains"], int(prefix, 16), part)
                holders[key] = min(holders.get(key, holder), holder)
    covered = sum(totals.values())
    everything = 2 ** (2 ** q) * 2 ** q
    complete = shards == SHARDS[q]
    if complete and covered != everything:
        raise BadInput(f"STORE holds every shard of q = {q} but they cover {covered} pairs, "
                       f"not 2^(2^{q}) * 2^{q}")
    document = {"q": q, "shards": shards, "shards_total": SHARDS[q], "complete": complete,
                "antichains": int_text(antichains), "inputs_covered": int_text(covered),
                "inputs_total": int_text(everything), "certified": certified and shards > 0}
    document["chain_violations"] = int_text(sum(
        n for (f, s, bs, c), n in totals.items() if not s <= bs <= f <= c))
    document["largest_ratios"] = _largest_ratios(totals, holders, q)
    for k, measure in enumerate(MEASURES):
        by_value: dict = defaultdict(int)
        for key, n in totals.items():
            by_value[key[k]] += n
        document[measure] = {fraction_text(v): int_text(by_value[v]) for v in sorted(by_value)}
    return document


def shard_sizes(q: int, prefixes: list[int]) -> list[int]:
    """How many antichains each shard visits (the up-sets U0 inside R), without listing
    them: U0 on q - 1 points is a pair (a0, a1) of up-sets on q - 2 points, a0 inside a1,
    a0 without the empty set, and U0 inside R iff a0 inside R0 and a1 inside R1; so the
    count is the sum over a1 inside R1 of #{a0 inside a1 AND R0} (an up-set again)."""
    from .antichains import up_sets

    half = q - 2
    lower = up_sets(half) if half else np.zeros(1, np.uint64)
    every = np.append(lower, np.uint64((1 << (1 << half)) - 1))  # sorted: full is largest
    inside = np.array([np.count_nonzero((lower & ~v) == 0) for v in every], dtype=np.int64)
    width = 1 << half
    sizes = []
    for prefix in prefixes:
        low, high = prefix & ((1 << width) - 1), prefix >> width
        uppers = every[(every & np.uint64(~high & (2 ** 64 - 1))) == 0]
        meets = uppers & np.uint64(low)
        sizes.append(int(inside[np.searchsorted(every, meets)].sum()))
    return sizes


def _largest_ratios(totals: dict, holders: dict, q: int) -> dict:
    """fbs/bs, C/fbs, bs/s: the largest value over the covered pairs (denominator > 0), the
    pairs attaining it and a witness (a function and an input attaining it, found again in
    the smallest stored shard part that holds the least attaining row)."""
    from .census_witness import record_witness
    from .class_rows import MEASURES, RATIOS

    found = {}
    for name, (top, over) in RATIOS.items():
        i, j = MEASURES.index(top), MEASURES.index(over)
        ratios = {key: Fraction(key[i]) / key[j] for key in totals if key[j]}
        if ratios:
            best = max(ratios.values())
            attaining = sorted(key for key, r in ratios.items() if r == best)
            _, prefix, part = holders[attaining[0]]
            visits = shard_lower(q, prefix, part).tolist()
            found[name] = {"ratio": fraction_text(best), "attained_by": int_text(
                sum(totals[key] for key in attaining)),
                "witness": record_witness(q, prefix, visits, attaining[0])}
    return found
