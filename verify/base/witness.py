"""Witnesses as compact text (terminal output and notebook views): coordinates x1..xq
(numbered from 1, as in the paper), vectors grouped by value, primal blocks with their
weights, names; every list truncated to a few items with a count of the rest."""

from __future__ import annotations

from collections.abc import Sequence

from verify.base.numbers import short_fraction

SHOWN = 8  # items shown before "... (+N more)"


def coordinates_text(indices: Sequence[int], limit: int = SHOWN) -> str:
    """0-based coordinates as x1..x3, x7 (runs of consecutive coordinates joined), at most
    `limit` pieces; the rest counted."""
    pieces, start, previous = [], None, None
    for index in sorted(indices):
        if start is not None and index == previous + 1:
            previous = index
            continue
        if start is not None:
            pieces.append(_run(start, previous))
        start = previous = index
    if start is not None:
        pieces.append(_run(start, previous))
    return _truncated(pieces, limit, f"more coordinates or runs xi..xj; "
                                     f"{len(set(indices))} coordinates in all")


def ranges_text(indices: Sequence[int], limit: int = 4 * SHOWN) -> str:
    """0-based indices as 1-based ranges, '1-33, 40, 42-45' (children y_1..y_q are numbered
    from 1 as in the paper); at most `limit` ranges, the rest counted, never cut silently."""
    ordered = sorted(set(indices))
    pieces, start = [], 0
    for k in range(1, len(ordered) + 1):
        if k == len(ordered) or ordered[k] != ordered[k - 1] + 1:
            first, last = ordered[start] + 1, ordered[k - 1] + 1
            pieces.append(str(first) if first == last else f"{first}-{last}")
            start = k
    return _truncated(pieces, limit, f"more ranges; {len(ordered)} in all") if pieces else "none"


def _run(first: int, last: int) -> str:
    if first == last:
        return f"x{first + 1}"
    return f"x{first + 1}, x{last + 1}" if last == first + 1 else f"x{first + 1}..x{last + 1}"


def _truncated(pieces: list[str], limit: int, what: str) -> str:
    if len(pieces) <= limit:
        return ", ".join(pieces)
    return ", ".join(pieces[:limit]) + f", ... (+{len(pieces) - limit} {what})"


def value_text(value) -> str:
    """An exact value, compact: an integer as it is, p/q with its decimal beside it, or only
    the decimal when p/q is long (short_fraction)."""
    return short_fraction(value)


def vector_text(vector: Sequence, limit: int = SHOWN) -> str:
    """A per-coordinate vector grouped by value: '1/3 (~0.333333) on x1, x4, x7; 0 on the other 6'."""
    groups: dict = {}
    zeros = 0
    for index, value in enumerate(vector):
        if value:
            groups.setdefault(value, []).append(index)
        else:
            zeros += 1
    if not groups:
        return "0 on every coordinate"
    parts = [f"{value_text(value)} on {coordinates_text(indices, limit)}"
             for value, indices in groups.items()]
    text = _truncated(parts, limit, "more values")
    return text + (f"; 0 on the other {zeros}" if zeros else "")


def blocks_text(primal, limit: int = SHOWN) -> str:
    """Primal blocks with their weights: '{x1, x2}: 1/2 (~0.5), {x3}: 1'; at most `limit` blocks."""
    parts = [f"{{{coordinates_text(block, 4)}}}: {value_text(weight)}"
             for block, weight in primal]
    return _truncated(parts, limit, "more blocks")


def names_text(names: Sequence[str], total: int | None = None, limit: int = SHOWN,
               width: int = 60) -> str:
    """Names in double quotes (each cut to `width` characters), at most `limit`, with the
    count of the rest (`total` when more exist than are given)."""
    total = len(names) if total is None else total
    shown = [_quoted(name, width) for name in names[:limit]]
    rest = total - len(shown)
    return ", ".join(shown) + (f", ... (+{rest} more)" if rest > 0 else "")


def _quoted(name: str, width: int) -> str:
    text = " ".join(str(name).split())
    return '"' + (text if len(text) <= width else text[:width - 3] + "...") + '"'
