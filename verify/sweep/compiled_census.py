"""The census by structure of q <= 6 with the compiled kernel: classes from the shard visits,
values from one batch certificate per 4,096 classes.

Classes (docs/census.md, Lemma 4, ours): every up-set on q points is (U0, U1) with U1 in a
class K of up-sets on q - 1 points, and the up-sets with U1 in K are |K| copies of the
visits (U0, R), U0 inside K's least table R; so the canonical forms of the visits alone,
each counted |K| times, give every class and its size (at q = 6: 268,988 visits instead of
7,828,353 up-sets). Canonical forms: the least image under all q! permutations
(census_kernel.least_images, the compiled twin of antichains.canonical_tables).

Values: the kernel's rows and witnesses (untrusted); with `certify`, the stdlib-only checker
accepts a kind `census-classes` certificate (certificates/FORMAT.md, section 12) for every
4,096 classes, and the census takes the four values from the accepted entries.
"""

from __future__ import annotations

from contextvars import ContextVar
from fractions import Fraction

import numpy as np

from verify.base.errors import SolverFailure

BATCH = 4096
# `fbs census --exhaustive Q --proved`: called with every batch certificate the stdlib checker
# accepted (verify/commands/sweep.py sets it around the census)
ON_BATCH: ContextVar = ContextVar("on_batch", default=None)


def compiled_rows(canonical: np.ndarray, sizes: np.ndarray, q: int, certify: bool,
                  high: int = 0, on_batch=None):
    """(ClassRow per class, certificates checked): values from the kernel, and with
    `certify` from batch certificates the checker accepted (each then passed to `on_batch`,
    if given: `fbs census --proved`). The tables are canonical[i] | high << 64 (a high word
    only at q = 7: the visits of a Q = 7 shard)."""
    from .census_kernel import witnesses
    from .class_rows import ClassRow, class_row

    rows, members, weights, packings = (a.tolist() for a in witnesses(canonical, q,
                                                                      high=high))
    found, entries = [], []
    for i, (low, size) in enumerate(zip(canonical.tolist(), sizes.tolist())):
        table, row = low | high << 64, rows[i]
        if row[1] == 0:  # the simplex's overflow mark: the Python path for this class
            found.append(class_row(table, size, q, certify)[0])
            continue
        antichain = tuple(m for m in members[i] if m >= 0)
        found.append(ClassRow(table, antichain, size, size << (1 + row[5] + q),
                              Fraction(row[0], row[1]), row[2], row[3], row[4]))
        if certify:
            entries.append(_entry(table, q, row, antichain, weights[i], packings[i]))
    checked, on_batch = 0, on_batch or ON_BATCH.get()
    for start in range(0, len(entries), BATCH):
        batch = _check_batch(entries[start:start + BATCH], q)
        if on_batch is not None:
            on_batch(batch)
        checked += 1
    return found, checked


def _entry(table: int, q: int, row, antichain, weights, packing) -> dict:
    """One class's claims and witnesses in the census-classes format (coordinate i of the
    dual is bit q-1-i of a mask)."""
    return {"table": hex(table), "fbs": str(Fraction(row[0], row[1])),
            "s": row[2], "bs": row[3], "C": row[4], "denominator": row[1],
            "weights": [[m, w] for m, w in zip(antichain, weights) if w],
            "dual": [row[7 + q - 1 - i] for i in range(q)],
            "packing": [m for m in packing if m >= 0]}


def _check_batch(entries: list, q: int) -> dict:
    """The batch's census-classes certificate, which the stdlib checker accepted."""
    from verify.checker import check_certificate

    certificate = {"format": "fbs-certificate/1", "kind": "census-classes", "arity": q,
                   "classes": entries}
    report = check_certificate(certificate)
    if not report.valid or report.value != len(entries):
        raise SolverFailure(f"the checker rejected a census-classes certificate: "
                            f"{report.message}")
    return certificate
