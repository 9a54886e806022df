"""One shard of the Q = 7 census with certified values (docs/census.md, "What is certified").

The committed Q = 7 census (bench/census/q7-shards) is exact, not certified: the compiled
kernel's values were added up without the checker. `certify_shard` recomputes one shard's
visits (U0, R), U0 inside the shard's canonical table R (census_shards), with the kernel's
witnesses (`census_kernel.witnesses`: primal/dual integer pairs, a largest packing, a
hitting set), passes them through the stdlib-only checker as kind `census-classes`
certificates of up to 4,096 entries (certificates/FORMAT.md, section 12), and adds up the
pairs by the four values of the accepted entries (`compiled_census.compiled_rows`), as
`run_shard` does. `compare_with_store`
then says whether the shard's row in a STORE holds the same counts.

What the checker certifies is each visit's fbs, s, bs and C (of the table U0 | R << 64,
which it evaluates itself); the weight of a visit, |K| * 2^(q + 1 + |U| - |A|), is exact,
not certified (|K| from all 6! images of R, |U| - |A| from the kernel), as at q <= 6.
"""

from __future__ import annotations

import json
from collections import defaultdict

import numpy as np

from verify.base.numbers import fraction_text, int_text

from .compiled_census import BATCH, compiled_rows


def certify_shard(q: int, prefix: int, part: tuple[int, int] = (0, 1)) -> dict:
    """{"orbit", "antichains", "certificates_checked", "counts"} of part k of n of the shard
    (the keys and order of `census_shards.run_shard`), every value from an entry the checker
    accepted; SolverFailure if it rejects one."""
    from .census_shards import orbit_size, shard_lower

    points = q - 1
    orbit = orbit_size(prefix, points)
    lower = shard_lower(q, prefix, part)
    high = prefix if q == 7 else 0
    lows = lower if q == 7 else lower | np.uint64(prefix << (1 << points))
    counts: dict = defaultdict(int)
    checked = 0
    for start in range(0, len(lows), BATCH):  # one certificate a batch; memory stays small
        found, count = compiled_rows(lows[start:start + BATCH],
                                     np.full(min(BATCH, len(lows) - start), orbit), q, True, high)
        checked += count
        for row in found:
            counts[(row.fbs, row.s, row.bs, row.C)] += row.pairs
    return {"orbit": orbit, "antichains": len(lower), "certificates_checked": checked,
            "counts": [[fraction_text(f), s, bs, c, int_text(n)]
                       for (f, s, bs, c), n in sorted(counts.items())]}


def stored_shards(store, q: int) -> dict:
    """{prefix (int): [params of each stored part]} of the census-shard rows of q in STORE."""
    import pyarrow.compute as pc

    from .store import Store

    table = Store(store).read_rows(["params"])
    table = table.filter(pc.equal(table.column("kind"), "census-shard"))
    found: dict = defaultdict(list)
    for spec, text in zip(*(table.column(c).to_pylist() for c in ("spec", "params"))):
        params = json.loads(text)
        if params["q"] == q:  # rows from before "prefix" was a param: in the spec only
            found[int(params.get("prefix", spec.split(":")[2]), 16)].append(params)
    return found


def compare_with_store(result: dict, stored: list[dict]) -> bool:
    """Whether the stored parts of a shard (whole, or every part of one split) add up to the
    certified shard's antichains and counts."""
    by_part = {tuple(p.get("part", (0, 1))): p for p in stored}  # a part stored twice: once
    splits = {n for _, n in by_part}
    if len(splits) != 1 or set(by_part) != {(k, n) for n in splits for k in range(n)}:
        return False
    stored = list(by_part.values())
    totals: dict = defaultdict(int)
    for params in stored:
        for fbs, s, bs, c, n in params["counts"]:
            totals[(fbs, s, bs, c)] += int(n)
    mine = {(fbs, s, bs, c): int(n) for fbs, s, bs, c, n in result["counts"]}
    return (sum(p["antichains"] for p in stored) == result["antichains"]
            and all(p["orbit"] == result["orbit"] for p in stored) and totals == mine)
