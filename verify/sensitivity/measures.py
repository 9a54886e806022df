"""Sensitivity s, block sensitivity bs and certificate complexity C at z, exactly (issue 2).

All three are read off the minimal sensitive blocks (docs/notes.md, section 1): s counts the
singletons, bs is a maximum family of pairwise disjoint blocks (MaxSAT with RC2), and
C is a minimum hitting set of the blocks (MaxSAT with RC2). The chain
s <= bs <= fbs <= C holds at every input (docs/notes.md, section 3; a standard fact, not the paper's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from verify.base.errors import TooLarge

MAX_BLOCKS_FOR_MEASURES = 200_000


SYMMETRIC_SOURCE = "closed form over the minimal block types of a symmetric function"
BLOCKS_SOURCE = "RC2 MaxSAT over all minimal sensitive blocks of the truth table"


@dataclass(frozen=True)
class Measures:
    """s, bs and C of f at z (exact integers), and how they were computed."""

    sensitivity: int
    block_sensitivity: int
    certificate_complexity: int
    source: str = field(default=BLOCKS_SOURCE, compare=False)  # how, not what: not compared


def measures(blocks: Sequence[Sequence[int]], arity: int) -> Measures:
    """The three measures from the minimal sensitive blocks (0-based coordinates)."""
    if len(blocks) > MAX_BLOCKS_FOR_MEASURES:
        raise TooLarge(f"{len(blocks)} minimal sensitive blocks: measures support at most "
                       f"{MAX_BLOCKS_FOR_MEASURES}")
    singletons = sum(1 for block in blocks if len(block) == 1)
    return Measures(singletons, max_disjoint_blocks(blocks, arity), min_hitting_set(blocks, arity))


def max_disjoint_blocks(blocks: Sequence[Sequence[int]], arity: int) -> int:
    """Largest number of pairwise disjoint blocks (block sensitivity at z)."""
    return len(max_disjoint_family(blocks, arity))


def max_disjoint_family(blocks: Sequence[Sequence[int]], arity: int) -> list:
    """A largest family of pairwise disjoint blocks (a witness of bs at z), by RC2 MaxSAT."""
    if not blocks:
        return []
    from pysat.card import CardEnc, EncType
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    wcnf = WCNF()
    top = len(blocks)
    for coordinate in range(arity):
        users = [j + 1 for j, block in enumerate(blocks) if coordinate in block]
        if len(users) > 1:
            encoded = CardEnc.atmost(users, bound=1, top_id=top, encoding=EncType.seqcounter)
            top = max(top, encoded.nv)
            wcnf.extend(encoded.clauses)
    for j in range(len(blocks)):
        wcnf.append([j + 1], weight=1)
    with RC2(wcnf) as solver:
        model = solver.compute()
    if model is None:
        raise RuntimeError("MaxSAT instance unexpectedly unsatisfiable")
    chosen = {literal for literal in model if 0 < literal <= len(blocks)}
    return [tuple(blocks[j]) for j in range(len(blocks)) if j + 1 in chosen]


def min_hitting_set(blocks: Sequence[Sequence[int]], arity: int) -> int:
    """Smallest set of coordinates meeting every block (certificate complexity at z)."""
    if not blocks:
        return 0
    from pysat.formula import WCNF

    wcnf = WCNF()
    for block in blocks:
        wcnf.append([i + 1 for i in block])
    for i in range(arity):
        wcnf.append([-(i + 1)], weight=1)
    return _min_cost(wcnf)


def _min_cost(wcnf) -> int:
    from pysat.examples.rc2 import RC2

    with RC2(wcnf) as solver:
        if solver.compute() is None:
            raise RuntimeError("MaxSAT instance unexpectedly unsatisfiable")
        return solver.cost
