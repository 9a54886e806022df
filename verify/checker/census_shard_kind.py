"""Kind `census-shard`: one shard of the census by structure, its row checked at about the cost
of computing it (certificates/FORMAT.md, section 13; docs/census.md, Lemmas 1-4).

A shard of q points is named by an up-set R on q - 1 points, the least table of its class K
under permutations of those points. The checker derives everything but fbs and bs itself:
that R is an up-set and the least of its orbit, |K| (all (q-1)! images), the visits (every
up-set U0 on q - 1 points inside R without the empty set, in increasing order, part k of n),
and per visit the up-set U = U0 | R << 2^(q-1) of q points, its minimal members A, s (the
one-point members), C (q minus the largest set outside U) and the pairs the visit stands
for, |K| * 2^(q+1) * 2^(|U| - |A|) (Lemma 2 times Lemma 4's |K|).

fbs and bs come from a list of LP pairs, each checked once: weights w_B >= 0 over a common
denominator D on a set P of members, every point's load <= D, dual numerators t_i >= 0 with
sum t = sum w, and a packing of pairwise disjoint sets. Each visit names one pair; the pair
proves nu*(A) = sum w / D (paper Definition 3.3 at the pair's input, by weak duality) when P
lies in A and t(S) >= D on every member S of U (our Lemma P, FORMAT.md section 13). Its
packing, if it lies in U, gives bs >= its size, and bs <= floor(fbs); when the two differ the
checker runs its own packing program. The claimed row (pairs by (fbs, s, bs, C)) must equal
the checker's sums exactly. Work: one pass over the visits, which the file lists one by one.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from .census_classes_kind import minimal_members, transversal_number
from .errors import CertificateMalformed, CertificateTooLarge
from .fields import brief, get_typed, require_keys
from .measure_kind import largest_packing
from .rationals import parse_number
from .report import CheckReport, accepted, rejected
from .upsets import count_up_sets_inside, hex_table, is_up_set, orbit, up_sets_inside

MAX_SHARD_ARITY = 7
MAX_VISITS = 1 << 17  # a certificate's visits: its walk, about 3 s here (FORMAT.md section 13)
MAX_PACKING_PROGRAMS = 1 << 13  # visits whose bs needs the checker's own packing program
MAX_NUMERATOR_BITS = 64
MAX_PARTS = 10**6
REQUIRED = {"format", "kind", "arity", "prefix", "part", "orbit", "pairs", "use", "counts"}
OPTIONAL = {"producer"}
PAIR = {"denominator", "weights", "dual", "packing"}


def check(obj: dict) -> CheckReport:
    """Check a kind-"census-shard" certificate; its value is the number of visits."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    q = get_typed(obj, "arity", int, "certificate")
    if not 2 <= q <= MAX_SHARD_ARITY:
        raise CertificateMalformed(f"arity: expected 2..{MAX_SHARD_ARITY}, got {brief(q)}")
    prefix = _prefix(obj["prefix"], q)
    part = _part(obj["part"])
    use = get_typed(obj, "use", list, "certificate")
    if len(use) > MAX_VISITS:
        raise CertificateTooLarge(f"use: more than {MAX_VISITS} visits in one certificate "
                                  "(split the shard into parts)")
    if len(use) != max(0, (_visits(q, prefix) - part[0] + part[1] - 1) // part[1]):
        return rejected("use", f"use: {len(use)} entries, the part has another number of "
                               "visits")
    images = orbit(prefix, q - 1)
    if min(images) != prefix:
        return rejected("prefix", f"prefix {hex(prefix)[:40]} is not the least table of its "
                                  "class")
    size = len(images)
    if get_typed(obj, "orbit", int, "certificate") != size:
        return rejected("orbit", f"orbit: {brief(obj['orbit'])} claimed, the class has {size} "
                                 "tables")
    pairs = _pairs(get_typed(obj, "pairs", list, "certificate"), use, q)
    if isinstance(pairs, CheckReport):
        return pairs
    counts = _row(q, prefix, part, size, pairs, use)
    if isinstance(counts, CheckReport):
        return counts
    claimed = _claimed(get_typed(obj, "counts", list, "certificate"))
    if claimed != counts:
        return rejected("counts", f"counts: the claimed row differs from the visits' sums "
                                  f"at {_first_difference(claimed, counts)}")
    return accepted(Fraction(len(use)), f"valid: shard {hex(prefix)} of q = {q}, part "
                                        f"{part[0]}/{part[1]}: {len(use)} visits, |K| = "
                                        f"{size}, the row holds", "visits")


def shard_statement(obj: dict) -> dict:
    """The proved row of an accepted certificate, in the model's words (for the summary)."""
    return {"q": obj["arity"], "prefix": obj["prefix"], "part": obj["part"],
            "orbit": obj["orbit"], "counts": obj["counts"]}


def _visits(q: int, prefix: int) -> int:
    return count_up_sets_inside(q - 1, prefix & ~1)


def _row(q: int, prefix: int, part, size: int, pairs: list, use: list):
    """{(fbs, s, bs, C): pairs} of the part's visits, or the first rejection."""
    points, row = q - 1, defaultdict(int)
    budget = [MAX_PACKING_PROGRAMS]
    visits = up_sets_inside(points, prefix & ~1)
    singles = sum(1 << (1 << b) for b in range(q))
    for index, lower in enumerate(_every(visits, part)):
        table = lower | prefix << (1 << points)
        chosen = use[index]
        if type(chosen) is not int or not 0 <= chosen < len(pairs):
            raise CertificateMalformed(f"use[{index}]: expected a pair index in "
                                       f"0..{len(pairs) - 1}")
        members = minimal_members(table, q)
        fbs, bs = _values(pairs[chosen], table, members, q, budget)
        if fbs is None:
            return rejected("pair", f"use[{index}]: pair {chosen} does not prove nu* of "
                                    f"the visit {hex(table)[:40]}")
        s = sum(1 for m in members if (singles >> m) & 1)
        key = (fbs, s, bs, transversal_number(table, q))
        row[key] += size << (q + 1 + table.bit_count() - len(members))
    return row


def _values(pair, table: int, members: list[int], q: int, budget: list[int]):
    """(fbs, bs) of the visit by the pair, or (None, None) if it does not fit; a packing
    program charged against `budget`."""
    support, below, packing, value = pair
    minimal = sum(1 << m for m in members)
    if support & ~minimal or table & below:
        return None, None
    floor = value.numerator // value.denominator
    if packing & ~table or packing.bit_count() != floor:
        budget[0] -= 1
        if budget[0] < 0:
            raise CertificateTooLarge(f"more than {MAX_PACKING_PROGRAMS} visits whose bs "
                                      "needs the packing program (split the shard into parts)")
        sensitive = [bool((table >> m) & 1) for m in range(1 << q)]
        return value, largest_packing(sensitive, q)
    return value, floor


def _pairs(raw: list, use: list, q: int):
    """Each pair checked once: (P table, table of the sets S with t(S) < D, packing table,
    value), or the rejection of the first pair that is not an LP pair."""
    if len(raw) > max(1, len(use)):
        raise CertificateTooLarge("pairs: more pairs than visits")
    pairs = [_pair(entry, q, f"pairs[{k}]") for k, entry in enumerate(raw)]
    for k, pair in enumerate(pairs):
        if pair is None:
            return rejected("pair", f"pairs[{k}]: a point carries more than weight 1, or "
                                    "the primal and dual sums differ")
    return pairs


def _pair(entry, q: int, at: str):
    if type(entry) is not dict:
        raise CertificateMalformed(f"{at}: expected an object")
    require_keys(entry, PAIR, set(), at)
    denominator = _natural(entry["denominator"], f"{at}.denominator")
    weights, dual, packing = entry["weights"], entry["dual"], entry["packing"]
    if denominator == 0 or type(weights) is not list or type(dual) is not list or len(
            dual) != q or type(packing) is not list:
        raise CertificateMalformed(f"{at}: a positive denominator, weights [[mask, "
                                   f"numerator], ...], q = {q} dual numerators and a packing")
    loads, total, support = [0] * q, 0, 0
    for item in weights:
        if type(item) is not list or len(item) != 2:
            raise CertificateMalformed(f"{at}.weights: each entry is [mask, numerator]")
        mask, weight = _mask(item[0], q, at), _natural(item[1], f"{at}.weights")
        if (support >> mask) & 1:
            raise CertificateMalformed(f"{at}.weights: mask {mask} repeated")
        support |= 1 << mask
        total += weight
        for b in range(q):
            loads[b] += weight * ((mask >> b) & 1)
    by_bit = [_natural(t, f"{at}.dual") for t in reversed(dual)]  # coordinate i = bit q-1-i
    if max(loads) > denominator or total != sum(by_bit):
        return None
    return support, low_sets(by_bit, denominator, q), _packing(packing, q, at), Fraction(
        total, denominator)


def low_sets(by_bit: list[int], denominator: int, q: int) -> int:
    """The table of the sets S with t(S) < D (t(S) by adding one point to a smaller set)."""
    weight, table = [0] * (1 << q), 1  # the empty set: t = 0 < D
    for m in range(1, 1 << q):
        low = m & -m
        weight[m] = weight[m ^ low] + by_bit[low.bit_length() - 1]
        if weight[m] < denominator:
            table |= 1 << m
    return table


def _packing(masks: list, q: int, at: str) -> int:
    used, table = 0, 0
    for value in masks:
        mask = _mask(value, q, at)
        if used & mask:
            raise CertificateMalformed(f"{at}.packing: mask {mask} meets another")
        used |= mask
        table |= 1 << mask
    return table


def _every(visits, part):
    k, n = part
    for index, lower in enumerate(visits):
        if index % n == k:
            yield lower


def _claimed(raw: list) -> dict:
    row = {}
    for item in raw:
        if type(item) is not list or len(item) != 5:
            raise CertificateMalformed("counts: each entry is [fbs, s, bs, C, pairs]")
        fbs = parse_number(item[0], "counts")
        s, bs, c = (_natural(v, "counts") for v in item[1:4])
        if type(item[4]) is not str or not item[4].isdigit() or len(item[4]) > 100:
            raise CertificateMalformed("counts: the pairs are a decimal string")
        if (fbs, s, bs, c) in row:
            raise CertificateMalformed("counts: a row is repeated")
        row[(fbs, s, bs, c)] = int(item[4])
    return row


def _first_difference(claimed: dict, counts: dict) -> str:
    for key in sorted(set(claimed) | set(counts)):
        if claimed.get(key) != counts.get(key):
            return (f"(fbs, s, bs, C) = ({key[0]}, {key[1]}, {key[2]}, {key[3]}): claimed "
                    f"{claimed.get(key, 0)}, found {counts.get(key, 0)}")
    return "?"


def _prefix(text, q: int) -> int:
    table = hex_table(text, q - 1, "prefix")
    if not is_up_set(table, q - 1):
        raise CertificateMalformed(f"prefix: not an up-set on {q - 1} points")
    return table


def _part(text) -> tuple[int, int]:
    k, _, n = text.partition("/") if type(text) is str else ("", "", "")
    if not (k.isdigit() and n.isdigit() and len(k) <= 7 and len(n) <= 7) or not (
            0 <= int(k) < int(n) <= MAX_PARTS):
        raise CertificateMalformed(f"part: expected \"k/n\" with 0 <= k < n <= {MAX_PARTS}")
    return int(k), int(n)


def _mask(value, q: int, at: str) -> int:
    if type(value) is not int or not 0 < value < 1 << q:
        raise CertificateMalformed(f"{at}: mask {brief(value)} is not a nonempty set of "
                                   f"{q} points")
    return value


def _natural(value, at: str) -> int:
    if type(value) is not int or value < 0 or value.bit_length() > MAX_NUMERATOR_BITS:
        raise CertificateMalformed(f"{at}: expected an integer in 0..2^{MAX_NUMERATOR_BITS}")
    return value
