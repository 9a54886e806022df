"""The global census: fbs(f), s(f), bs(f), C(f) (the maximum over the inputs x) of every
Boolean function of q <= 5 inputs, from the census by structure (docs/census.md, ours).

For each input x and many functions at once (numpy, one uint32 truth table per function),
the table of h(y) = f(x XOR y) is a permutation of positions; the inputs are walked in Gray
code order, so each step is one delta swap. The sensitive family at x is
S = {B : h(1_B) != h(0)}; its upward closure up(S) = up(M(f, x)) is the up-set whose class
the census measured. A dense table maps every up-set to its class, and each class to the
ranks of its four values packed in one word (a byte per measure), so the maximum over x of
all four ranks is one bytewise maximum. Only the functions with f(0^q) = 0 are walked: f and
its complement have the same sensitive family at every input, so each count is doubled.

Exact; the per-class values are the census's (certified when it was); the maximum over x
and the counting are computed here, not by the checker. q = 5 (2^32 functions): 2,048
chunks of 2^20 functions, split over `workers` processes; the counts do not depend on it.
"""

from __future__ import annotations

import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from verify.base.errors import SolverFailure, TooLarge
from verify.base.numbers import fraction_text, int_text
from verify.base.progress import Progress

from .antichains import classify, positions_without_bit

MAX_GLOBAL_ARITY = 5  # 2^32 functions; q = 6 has 2^64
DEFAULT_GLOBAL_ARITY = 4  # `exhaustive_census` adds the global census up to here by itself
MEASURES = ("fbs", "s", "bs", "C")
CHUNK_BITS = 20  # functions per chunk: 2^20 (4 MiB of uint32 tables)
MAX_WORKERS = 256  # processes of the global census (`workers`, `fbs census --workers`)


@dataclass(frozen=True)
class GlobalLookup:
    """For q inputs: the sorted distinct values of each measure, the class number of every
    up-set table (dense, 0 = the empty family), and per class number its four ranks packed
    (byte k of the word = the rank of MEASURES[k])."""

    q: int
    values: dict[str, list[Fraction]]
    class_number: np.ndarray  # uint8 or uint16, indexed by up-set table
    packed_ranks: np.ndarray  # uint32, indexed by class number


def global_lookup(class_values: list[tuple[int, tuple]], q: int) -> GlobalLookup:
    """The lookup from the census's classes: (canonical table, (fbs, s, bs, C)) per class."""
    by_class = dict(class_values)
    values, rank = {}, {}
    for k, measure in enumerate(MEASURES):
        values[measure] = sorted({Fraction(0)} | {Fraction(v[k]) for v in by_class.values()})
        if len(values[measure]) > 255:
            raise SolverFailure(f"{measure} takes {len(values[measure])} values: more than a "
                                "byte per rank")
        rank[measure] = {v: r for r, v in enumerate(values[measure])}
    classes = classify(q)
    packed = np.zeros(len(classes.canonical) + 1, dtype=np.uint32)  # number 0: the empty family
    for number, table in enumerate(classes.canonical.tolist(), 1):
        packed[number] = sum(rank[m][Fraction(by_class[int(table)][k])] << (8 * k)
                             for k, m in enumerate(MEASURES))
    dtype = np.uint8 if len(packed) <= 256 else np.uint16
    try:
        class_number = np.zeros(2 ** (2 ** q), dtype=dtype)  # q = 5: zero pages, untouched
    except MemoryError:
        raise TooLarge(_memory_message(q, "this process could not map it")) from None
    class_number[classes.tables.astype(np.int64)] = (classes.class_of + 1).astype(dtype)
    return GlobalLookup(q, values, class_number, packed)


def global_ranks(functions: np.ndarray, lookup: GlobalLookup) -> np.ndarray:
    """The ranks of the four measures, maximised over x, per function: shape (n, 4) uint8
    (column k for MEASURES[k]). Truth-table bit j of a function = its value at input j."""
    q, size = lookup.q, 1 << lookup.q
    h = functions.astype(np.uint32)
    full, one = np.uint32((1 << size) - 1), np.uint32(1)
    best = np.zeros(len(h), dtype=np.uint32)
    for k in range(size):  # x = k XOR (k >> 1): step k flips the lowest set bit of k
        if k:
            _flip_position_bit(h, (k & -k).bit_length() - 1, q)
        sensitive = (h ^ (full * (h & one))) & (full ^ one)
        ranks = lookup.packed_ranks[lookup.class_number[upward_closure(sensitive, q)]]
        np.maximum(best.view(np.uint8), ranks.view(np.uint8), out=best.view(np.uint8))
    return best.view(np.uint8).reshape(len(h), 4)


def global_figures(class_values: list[tuple[int, tuple]], q: int, *, workers: int = 1,
                   progress: bool | None = None) -> dict:
    """Distributions of the four global measures over all 2^(2^q) functions."""
    check_global_arity(q)
    lookup = global_lookup(class_values, q)
    chunks = _chunks(q)
    counts = np.zeros((4, 256), dtype=np.int64)
    with Progress(len(chunks), f"global census, q = {q}", enabled=progress) as bar:
        for part in _chunk_counts(class_values, q, chunks, workers, lookup):
            counts += part
            bar.update()
    document = {"functions": int_text(2 ** (2 ** q))}
    for k, measure in enumerate(MEASURES):
        document[measure] = {fraction_text(v): int_text(2 * int(n))  # f and its complement
                             for v, n in zip(lookup.values[measure], counts[k]) if n}
    total = sum(int(n) for n in document["fbs"].values())
    if total != 2 ** (2 ** q):
        raise SolverFailure(f"the global census counted {total} functions, not 2^(2^{q})")
    document["identities"] = chain_identities(document)
    return document


CHAIN = ("s", "bs", "fbs", "C")  # s(f) <= bs(f) <= fbs(f) <= C(f) at every function


def chain_identities(document: dict) -> list[dict]:
    """What the distributions prove for each neighbour pair a <= b of the chain: equal
    distributions mean a(f) = b(f) for EVERY function (a(f) <= b(f) everywhere and the sums
    over all functions agree, so no function has a(f) < b(f)); otherwise the values whose
    counts differ, where some function has a(f) < b(f)."""
    found = []
    for low, high in zip(CHAIN, CHAIN[1:]):
        a, b = document[low], document[high]
        differ = sorted((v for v in set(a) | set(b) if a.get(v) != b.get(v)), key=Fraction)
        found.append({"measures": [low, high], "equal_for_every_function": not differ,
                      "counts_differ_at": differ})
    return found


GLOBAL_OVERHEAD_BYTES = 1 << 30  # beside the table, per process: Python, numpy, a chunk's
# arrays (bench/RESULTS.md, "global census memory": VmPeak of a q = 5 worker minus the table)


def global_memory_bytes(q: int) -> int:
    """The address space one process of the global census needs: its table of class
    numbers, one byte per up-set table (2^(2^q) of them; q <= 5 has at most 255 classes),
    mostly zero pages never touched, and the rest."""
    return 2 ** (2 ** q) + GLOBAL_OVERHEAD_BYTES


def _memory_message(q: int, why: str, remedy: str = "raise the limit (ulimit -v)") -> str:
    return (f"the global census of q = {q} needs about {_gib(global_memory_bytes(q))} of "
            f"address space per process (a table of 2^{2 ** q} class numbers, "
            f"{_gib(2 ** (2 ** q))}, almost all of it never touched): {why}; {remedy} or "
            "leave out --global")


def _gib(n: int) -> str:
    return f"{n / 2 ** 30:.1f} GiB"


def check_global_memory(q: int) -> None:
    """TooLarge, before any work, if this process's address-space limit (RLIMIT_AS, ulimit
    -v) is below `global_memory_bytes(q)`; workers inherit the limit."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY and soft < global_memory_bytes(q):
        raise TooLarge(_memory_message(q, f"the address-space limit is {_gib(soft)}"))


def check_global_arity(q: int) -> None:
    """TooLarge beyond q = 5: the walk visits all 2^(2^q) functions."""
    if not 1 <= q <= MAX_GLOBAL_ARITY:
        raise TooLarge(f"the global census enumerates all 2^(2^q) functions: q <= "
                       f"{MAX_GLOBAL_ARITY}, got {q}")


def _chunks(q: int) -> list[tuple[int, int]]:
    """[start, stop) ranges of truth tables, together every table with f(0^q) = 0 once."""
    total = 2 ** (2 ** q)
    step = 2 << CHUNK_BITS
    return [(start, min(start + step, total)) for start in range(0, total, step)]


def _chunk_counts(class_values, q: int, chunks, workers: int, lookup: GlobalLookup):
    """Per chunk, the 4 x 256 counts of ranks; in order, whatever the number of workers.

    Workers ignore SIGINT (a Ctrl-C to the process group reaches this process only, which
    then terminates them at once rather than waiting for their chunks); a worker that dies
    (the out-of-memory killer's usual victim) is TooLarge naming the memory it needs."""
    if workers <= 1 or len(chunks) == 1:
        yield from (chunk_counts(lookup, start, stop) for start, stop in chunks)
        return
    global _WORKER_LOOKUP
    _WORKER_LOOKUP = lookup  # inherited by forked workers; others build their own
    pool = ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(class_values, q))
    try:
        yield from pool.map(_worker_counts, chunks, chunksize=4)
    except BrokenProcessPool:
        _stop(pool)
        raise TooLarge(_memory_message(q, "a worker process died (killed, e.g. by the "
                                          "out-of-memory killer)",
                                       "give it more memory, use fewer --workers")) from None
    except BaseException:
        _stop(pool)
        raise
    finally:
        _WORKER_LOOKUP = None
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Terminate the workers now (their running chunks are not waited for)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def chunk_counts(lookup: GlobalLookup, start: int, stop: int) -> np.ndarray:
    """Counts of each rank of each measure over the even truth tables in [start, stop)."""
    ranks = global_ranks(np.arange(start, stop, 2, dtype=np.uint64), lookup)
    return np.stack([np.bincount(ranks[:, k], minlength=256) for k in range(4)])


_WORKER_LOOKUP: GlobalLookup | None = None
_WORKER_ERROR: str | None = None


def _start_worker(class_values, q: int) -> None:
    """A worker: SIGINT ignored; the lookup inherited (fork) or built, and a failure kept
    for its first chunk to raise (an initializer's exception is printed with a traceback)."""
    global _WORKER_LOOKUP, _WORKER_ERROR
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _WORKER_LOOKUP is None or _WORKER_LOOKUP.q != q:
        try:
            _WORKER_LOOKUP = global_lookup(class_values, q)
        except (MemoryError, TooLarge):
            _WORKER_ERROR = _memory_message(q, "a worker process could not map it")


def _worker_counts(chunk: tuple[int, int]) -> np.ndarray:
    if _WORKER_ERROR is not None:
        raise TooLarge(_WORKER_ERROR)
    return chunk_counts(_WORKER_LOOKUP, *chunk)


def _flip_position_bit(tables: np.ndarray, b: int, q: int) -> None:
    """tables[j] <- tables[j XOR 2^b] for every position j (a delta swap)."""
    shift = tables.dtype.type(1 << b)
    low = tables.dtype.type(positions_without_bit(b, q))
    swapped = ((tables >> shift) ^ tables) & low
    tables ^= swapped ^ (swapped << shift)


def upward_closure(tables: np.ndarray, q: int) -> np.ndarray:
    """Every set containing a member: add each coordinate in turn (position bit b)."""
    closed = tables.copy()
    for b in range(q):
        low = tables.dtype.type(positions_without_bit(b, q))
        closed |= (closed & low) << tables.dtype.type(1 << b)
    return closed
