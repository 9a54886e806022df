"""A witness for each record ratio of the census by shards: one function `tt:0xHEX:Q` and one
input attaining the record (docs/census.md, "Witnesses").

A stored shard keeps only how many pairs take each (fbs, s, bs, C), not which antichains do.
So the record's row is looked up in the smallest stored shard part that holds it, and that
part is visited again until an antichain A with that row appears. By Lemma 2 of
docs/census.md the monotone function f_A(y) = [the ones of y hold a member of A] at the input
0^Q has exactly the minimal sensitive blocks A, so its four measures are the row's. The
measures of the witness are computed again on the Python path (verify.sweep.class_rows), not
taken from the compiled kernel that located it.
"""

from __future__ import annotations

from fractions import Fraction

from verify.base.errors import SolverFailure
from verify.base.numbers import fraction_text


def record_witness(q: int, prefix: int, visits, key: tuple) -> dict:
    """{"spec", "input", "fbs", "s", "bs", "C"} of the first of a shard part's `visits` (the
    U0 under R = `prefix`, as `census_shards.shard_lower` lists them) whose (fbs, s, bs, C)
    is `key`."""
    from .class_rows import class_row

    points = q - 1
    lower = [int(t) for t in visits]
    for index in _candidates(q, prefix, lower, key):
        row, _ = class_row(lower[index] | (prefix << (1 << points)), 1, q, False)
        if (row.fbs, row.s, row.bs, row.C) == key:
            return {"spec": hex_spec(row.table, q), "input": "0" * q,
                    "fbs": fraction_text(row.fbs), "s": row.s, "bs": row.bs, "C": row.C}
    raise SolverFailure(f"shard {hex(prefix)[:20]}... of q = {q} holds the row {key} in "
                        "STORE but no visit of it has that row")


def _candidates(q: int, prefix: int, lower: list[int], key: tuple):
    """Positions in `lower` to try: those whose compiled row is `key` first (the kernel is
    untrusted here, it only saves visits), then every position."""
    from .census_kernel import COMPILED

    if COMPILED and lower:
        import numpy as np

        from .census_kernel import evaluate

        lows = np.array(lower, np.uint64)
        rows = (evaluate(lows, prefix, q) if q == 7
                else evaluate(lows | np.uint64(prefix << (1 << (q - 1))), 0, q))
        for i, (num, den, s, bs, c) in enumerate(rows[:, :5].tolist()):
            if (Fraction(num, den), s, bs, c) == key:
                yield i
    yield from range(len(lower))


def spec_as_table(spec: str) -> str:
    """The `tt:0xHEX:Q` spec of the function a spec names (its whole truth table)."""
    from verify.functions.families import TruthTable
    from verify.functions.spec import parse_spec

    function = parse_spec(spec)
    return TruthTable(function.packed_table(), function.arity, spec).to_hex_spec()


def hex_spec(table: int, q: int) -> str:
    """`tt:0xHEX:Q` of a class table (bit j of `table` is position j of the truth table,
    position 0 first: the leftmost hex digit holds positions 0-3)."""
    bits = "".join("1" if (table >> j) & 1 else "0" for j in range(1 << q))
    digits = max(1, (1 << q) // 4)
    return f"tt:0x{int(bits, 2):0{digits}x}:{q}"
