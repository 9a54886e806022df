"""The census of q points from accepted `census-shard` certificates: that the shards cover
every class of up-sets on q - 1 points exactly once, and the distribution they add up to
(certificates/FORMAT.md, section 13; docs/census.md, Lemma 4 and "census by shards").

Each certificate was accepted by `census_shard_kind.check`, which proved its prefix R the
least table of its class and its |K|. Least tables name distinct classes, so when the
prefixes are distinct and their |K| add up to the number of up-sets on q - 1 points (counted
here, not taken from a table), every class is one shard. A shard split into n parts must
bring parts 0..n-1, once each. Standard library only.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from .upsets import count_up_sets_inside


class CoverFailure(ValueError):
    """The shards do not cover the classes exactly once (the message says how)."""


def census_by_shards(certificates: list) -> dict:
    """{"q", "shards", "classes_covered", "pairs", "distribution"} of kind-`census-shard`
    certificates, each checked here; CoverFailure if one is rejected or unless they cover
    every class of up-sets on q - 1 points exactly once."""
    from .certificate import check_certificate

    if not certificates:
        raise CoverFailure("no shard certificates")
    for index, certificate in enumerate(certificates):
        if type(certificate) is not dict or certificate.get("kind") != "census-shard":
            raise CoverFailure(f"certificate {index} is not of kind census-shard")
        report = check_certificate(certificate)
        if not report.valid:
            raise CoverFailure(f"certificate {index} rejected: {report.message}")
    accepted = certificates
    q = accepted[0]["arity"]
    parts: dict = defaultdict(dict)
    orbits: dict = {}
    for certificate in accepted:
        if certificate["arity"] != q:
            raise CoverFailure(f"shards of q = {q} and q = {certificate['arity']} together")
        prefix = int(certificate["prefix"], 16)
        k, n = (int(v) for v in certificate["part"].split("/"))
        if (k, n) in parts[prefix]:
            raise CoverFailure(f"shard {hex(prefix)[:20]} part {k}/{n} twice")
        parts[prefix][(k, n)] = certificate
        orbits[prefix] = certificate["orbit"]
    for prefix, found in parts.items():
        splits = {n for _, n in found}
        if len(splits) != 1 or len(found) != splits.pop():
            raise CoverFailure(f"shard {hex(prefix)[:20]}: parts {sorted(found)} are not "
                               "0/n..n-1/n of one n")
    classes = count_up_sets_inside(q - 1, (1 << (1 << (q - 1))) - 1)
    if sum(orbits.values()) != classes:
        raise CoverFailure(f"the shards' |K| add up to {sum(orbits.values())}, not the "
                           f"{classes} up-sets on {q - 1} points: some class is missing")
    distribution: dict = defaultdict(int)
    for certificate in accepted:
        for fbs, s, bs, c, n in certificate["counts"]:
            distribution[(Fraction(fbs), s, bs, c)] += int(n)
    total = sum(distribution.values())
    if total != 2 ** (2 ** q) * 2 ** q:
        raise CoverFailure(f"the shards cover {total} pairs, not 2^(2^{q}) * 2^{q}")
    return {"q": q, "shards": len(parts), "classes_covered": classes, "pairs": total,
            "distribution": dict(sorted(distribution.items()))}
