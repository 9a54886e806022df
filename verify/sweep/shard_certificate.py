"""The kind `census-shard` certificate of one shard part (certificates/FORMAT.md, section 13):
the LP pairs the visits reuse and, per visit, which pair proves its fbs and bs.

Untrusted producer. Visits run in the checker's order (every up-set U0 inside R without the
empty set, increasing); each visit takes the most recent of the last MEMO_PAIRS pairs that
proves its fbs and bs (the test of lp_memo: P inside A, up(A) missing {S : t(S) < 1}, and a
packing of floor(fbs) members inside U), else a new pair from the exact LP
(`hypergraph.fractional_packing`) and a largest packing. The certificate is then run through
the stdlib-only checker: a row is certified only if it accepts.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import lcm

from verify.base.errors import SolverFailure
from verify.base.numbers import fraction_text, int_text

MEMO_PAIRS = 64


def shard_certificate(q: int, prefix: int, part: tuple[int, int] = (0, 1)) -> dict:
    """The certificate of part k of n of shard R = `prefix` of the census on q points."""
    from verify.checker.census_classes_kind import minimal_members, transversal_number

    from .census_shards import orbit_size, shard_lower

    points = q - 1
    orbit = orbit_size(prefix, points)
    pairs, tables, use, row = [], [], [], defaultdict(int)
    for lower in shard_lower(q, prefix, part).tolist():
        table = int(lower) | prefix << (1 << points)
        members = minimal_members(table, q)
        index = _recall(tables, table, members)
        if index is None:
            pair, fitted = _new_pair(members, q)
            pairs.append(pair)
            tables.append(fitted)
            index = len(pairs) - 1
        use.append(index)
        value, bs = _values(tables[index], members, q)
        s = sum(1 for m in members if m & (m - 1) == 0)
        row[(value, s, bs, transversal_number(table, q))] += orbit << (
            q + 1 + table.bit_count() - len(members))
    return {"format": "fbs-certificate/1", "kind": "census-shard", "arity": q,
            "prefix": hex(prefix), "part": f"{part[0]}/{part[1]}", "orbit": orbit,
            "pairs": pairs, "use": use,
            "counts": [[fraction_text(f), s, bs, c, int_text(n)]
                       for (f, s, bs, c), n in sorted(row.items())],
            "producer": {"tool": "fbs-verify", "method": "census shard, exact LP pairs reused"}}


def checked_shard_certificate(q: int, prefix: int, part: tuple[int, int] = (0, 1)) -> dict:
    """`shard_certificate`, returned only after the stdlib-only checker accepted it."""
    from verify.checker import check_certificate

    certificate = shard_certificate(q, prefix, part)
    report = check_certificate(certificate)
    if not report.valid:
        raise SolverFailure(f"the checker rejected the certificate of shard {hex(prefix)}: "
                            f"{report.message}")
    return certificate


def _recall(tables: list, table: int, members: list[int]) -> int | None:
    """The most recent of the last MEMO_PAIRS pairs proving the visit's fbs whose packing
    lies in the visit's up-set."""
    minimal = sum(1 << m for m in members)
    for index in range(len(tables) - 1, max(-1, len(tables) - 1 - MEMO_PAIRS), -1):
        support, low_sets, packing, _ = tables[index]
        if not (support & ~minimal or table & low_sets or packing & ~table):
            return index
    return None


def _values(fitted: tuple, members: list[int], q: int) -> tuple[Fraction, int]:
    """(fbs, bs) of a visit its pair fits: bs = floor(fbs) when the pair's packing has that
    many members, else a largest packing of the visit (the checker's fallback too)."""
    from verify.sensitivity.hypergraph import maximum_packing

    value, packing = fitted[3], fitted[2].bit_count()
    if packing == value.numerator // value.denominator:
        return value, packing
    return value, len(maximum_packing(members, q))


def _new_pair(members: list[int], q: int) -> tuple[dict, tuple]:
    """A pair from the exact LP and a largest packing of the visit: (JSON, tables)."""
    from verify.sensitivity.hypergraph import fractional_packing, maximum_packing

    lp = fractional_packing(members, q)
    packing = maximum_packing(members, q)
    denominator = lcm(*(w.denominator for w in lp.weights.values()),
                      *(t.denominator for t in lp.cover))
    dual = [int(t * denominator) for t in lp.cover]  # coordinate i = bit q-1-i
    by_bit = dual[::-1]
    low_sets = sum(1 << m for m in range(1 << q)
                   if sum(by_bit[b] for b in range(q) if (m >> b) & 1) < denominator)
    pair = {"denominator": denominator,
            "weights": [[m, int(w * denominator)] for m, w in sorted(lp.weights.items()) if w],
            "dual": dual, "packing": list(packing)}
    support = sum(1 << m for m, w in lp.weights.items() if w)
    return pair, (support, low_sets, sum(1 << m for m in packing), Fraction(lp.value))
