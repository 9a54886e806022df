"""Built-in job generators for `fbs sweep --family` (docs/formats.md, "Sweep jobs").

    all:Q                      every function of Q <= 4 inputs (as tt:BITS) at every input
    npn:Q                      one function per NPN class (the smallest truth table of the
                               class, read as a binary number), at every input; Q <= 4
    census-shards:Q[:FROM:TO][@PARTS]
                               the shards FROM..TO-1 (default: all) of the census by
                               structure of Q <= 7 inputs (census_shards.py), uncertified,
                               each split into PARTS jobs (default 1)
    random-trees:SEED:N:D:AGGS[@P]
                               N seeded random trees of depth D over the aggregator specs
                               AGGS, separated by ';' (or by ',' before a family name:
                               maj:3,wthr:2,1,1:3) (early-leaf probability P, default 0),
                               each with a seeded random oracle: tree-fbs, worst-case
                               under each of Bob's rules at the smallest passing rho, and
                               worst-case of Budgeted FBS Debate (ours, docs/budgeted.md)

Every seed is derived from the family text and the job's index, never from a worker, so a
family always expands to the same jobs in the same order.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from dataclasses import dataclass

import numpy as np

from verify.base.errors import BadInput

from .jobs import RULES, compute_job, normalize_job

MAX_FAMILY_ARITY = 4
MAX_RANDOM_TREES = 10**6


@dataclass(frozen=True)
class Family:
    """A named stream of canonical jobs with a known length."""

    text: str
    functions: tuple[int, ...] | None = None  # truth tables as integers (all, npn)
    arity: int = 0
    trees: tuple | None = None  # (seed, count, depth, aggregators, leaf probability)
    shards: tuple | None = None  # (q, prefixes, parts) of the census by structure

    def __len__(self) -> int:
        if self.shards is not None:
            return len(self.shards[1]) * self.shards[2]
        if self.trees is not None:
            return self.trees[1] * (2 + len(RULES))  # tree-fbs, each rule, budgeted
        return len(self.functions) << self.arity

    def __iter__(self):
        if self.shards is not None:
            from .census_shards import shard_job

            q, prefixes, parts = self.shards
            yield from (normalize_job(shard_job(q, p, (k, parts)), self.text)
                        for p in prefixes for k in range(parts))
            return
        if self.trees is not None:
            yield from _tree_jobs(*self.trees)
            return
        width, q = 1 << self.arity, self.arity
        inputs = [format(z, f"0{q}b") for z in range(width)]
        for k in self.functions:
            spec = f"tt:{k:0{width}b}"
            for bits in inputs:
                yield compute_job(spec, bits)


def parse_family(text: str) -> Family:
    """The family named by `text`; BadInput with the grammar if it is malformed."""
    name, _, rest = text.partition(":")
    if name in ("all", "npn"):
        if not _ascii_number(rest) or not 1 <= int(rest) <= MAX_FAMILY_ARITY:
            raise BadInput(f"--family {_shown(text)}: expected {name}:Q with "
                           f"1 <= Q <= {MAX_FAMILY_ARITY}")
        q = int(rest)
        functions = range(1 << (1 << q)) if name == "all" else npn_representatives(q)
        return Family(text, tuple(functions), q)
    if name == "census-shards":
        return Family(text, shards=_parse_shards(text, rest))
    if name == "random-trees":
        return Family(text, trees=_parse_random_trees(text, rest))
    raise BadInput(f"--family {_shown(text)}: unknown family (all:Q, npn:Q, census-shards:Q, "
                   "random-trees:SEED:N:DEPTH:AGG1;AGG2[@P])")


def npn_representatives(q: int) -> list[int]:
    """The smallest truth table (as an integer, position 0 the most significant bit) of each
    class of functions of q inputs under input permutation, input negation and output
    negation; 2, 4, 14 and 222 classes for q = 1..4 (OEIS A000370)."""
    width = 1 << q
    codes = np.arange(1 << width, dtype=np.int64)
    weights = np.int64(1) << np.arange(width - 1, -1, -1, dtype=np.int64)
    tables = ((codes[:, None] & weights[None, :]) != 0).astype(np.int64)
    best, everything = codes.copy(), (1 << width) - 1
    for permutation in itertools.permutations(range(q)):
        for negation in range(width):
            moved = [_move(j, permutation, negation, q) for j in range(width)]
            code = tables[:, moved] @ weights
            best = np.minimum(best, np.minimum(code, everything ^ code))
    return sorted(set(best.tolist()))


def _move(j: int, permutation, negation: int, q: int) -> int:
    """The input index y with y_i = x_{permutation(i)} xor negation_i, x = j in binary."""
    bits = [(j >> (q - 1 - i)) & 1 for i in range(q)]
    y = [bits[permutation[i]] ^ ((negation >> (q - 1 - i)) & 1) for i in range(q)]
    return int("".join(map(str, y)), 2) if q else 0


def _parse_shards(text: str, rest: str) -> tuple:
    from .census_shards import MAX_PARTS, MAX_SHARD_ARITY, SHARDS, shard_prefixes

    rest, _, split = rest.partition("@")
    fields = rest.split(":")
    usage = (f"--family {text!r}: expected census-shards:Q[:FROM:TO][@PARTS] with "
             f"2 <= Q <= {MAX_SHARD_ARITY}, 0 <= FROM < TO, 1 <= PARTS <= {MAX_PARTS}")
    if len(fields) not in (1, 3) or not all(f.isdigit() and f.isascii() for f in fields):
        raise BadInput(usage)
    if split and not (split.isdigit() and split.isascii() and 1 <= int(split) <= MAX_PARTS):
        raise BadInput(usage)
    q = int(fields[0])
    if q not in SHARDS:
        raise BadInput(usage)
    start, stop = (int(fields[1]), int(fields[2])) if len(fields) == 3 else (0, SHARDS[q])
    if not 0 <= start < stop:
        raise BadInput(usage)
    return q, tuple(shard_prefixes(q)[start:stop]), int(split or 1)


def _parse_random_trees(text: str, rest: str) -> tuple:
    fields = rest.split(":", 3)
    usage = (f"--family {_shown(text)}: expected random-trees:SEED:N:DEPTH:AGG1;AGG2[@P], e.g. "
             "random-trees:1:100:3:maj:3;and:2@0.2")
    if len(fields) != 4 or not all(_ascii_number(f) for f in fields[:3]):
        raise BadInput(f"{usage} (SEED, N and DEPTH: at most 18 ASCII digits)")
    seed, count, depth = (int(f) for f in fields[:3])
    aggregators, _, probability = fields[3].partition("@")
    try:
        leaf_probability = float(probability) if probability else 0.0
    except ValueError:
        raise BadInput(usage) from None
    if not 1 <= count <= MAX_RANDOM_TREES or not 0 <= leaf_probability <= 1:
        raise BadInput(f"{usage}; N in 1..{MAX_RANDOM_TREES}, P in [0, 1]")
    specs = split_aggregators(aggregators)
    try:
        normalize_job({"kind": "worst-case", "oracle": {"random": 0}, "tree": {  # validates
            "random": seed, "depth": depth, "aggregators": list(specs),
            "leaf_probability": leaf_probability}}, f"--family {_shown(text)}")
    except BadInput as error:
        raise BadInput(f"{error} (aggregators are separated by ';', or by ',' before a family "
                       "name: maj:3;wthr:2,1,1:3 or maj:3,wthr:2,1,1:3; any tree can be given "
                       "in a jobs file, docs/formats.md \"Sweep jobs\")") from None
    return seed, count, depth, specs, leaf_probability


_NEXT_SPEC = re.compile(r",(?=(?:and|or|parity|maj|thr|wthr|sym|index|tribes|tt|expr|cnf):"
                        r"|compose\()")  # a comma before a family name of the spec grammar


def split_aggregators(text: str) -> tuple[str, ...]:
    """The aggregator specs of a random-trees family: separated by ';' outside parentheses
    (compose(...) keeps its own), or by ',' where a family name follows (so that
    wthr:2,1,1:3 and maj:3,and:2 both read as intended)."""
    from verify.functions.spec import split_top_level

    parts = split_top_level(text, ";", text)
    if len(parts) == 1:
        parts = _NEXT_SPEC.split(text)
    return tuple(part.strip() for part in parts if part.strip())


def _shown(text: str) -> str:
    """The family text for a message (cut: a family may be pasted megabytes long)."""
    return repr(text if len(text) <= 80 else text[:60] + "...")


def _ascii_number(text: str) -> bool:
    """1 to 18 ASCII digits (str.isdigit also accepts other scripts' digits)."""
    return re.fullmatch(r"[0-9]{1,18}", text, re.ASCII) is not None


def derived_seed(*parts) -> int:
    """A 63-bit seed from the family's seed and the job's position (SHA-256)."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _tree_jobs(seed, count, depth, aggregators, leaf_probability):
    for index in range(count):
        tree = {"random": derived_seed(seed, index, "tree"), "depth": depth,
                "aggregators": list(aggregators), "leaf_probability": leaf_probability}
        oracle = {"random": derived_seed(seed, index, "oracle"), "ones": 0.5}
        yield {"kind": "tree-fbs", "tree": tree, "oracle": oracle}
        for rule in RULES:
            yield {"kind": "worst-case", "tree": tree, "oracle": oracle, "rule": rule,
                   "rho": "auto"}
        yield {"kind": "worst-case", "tree": tree, "oracle": oracle, "protocol": "budgeted"}
