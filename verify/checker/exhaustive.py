"""Kind `exhaustive`: a primal/dual pair for fbs_z(f), checked against all 2^q - 1 blocks.

Valid means: w is feasible for the primal LP of Def. 3.3 (nonnegative, sensitive blocks,
loads <= 1), t is feasible for the dual LP of Def. 3.4 (nonnegative, every sensitive block
has t(B) >= 1), and sum(w) = sum(t) = value.  Weak duality then gives value = fbs_z(f).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import bitset
from .dual_check import light_sensitive_block
from .errors import CertificateMalformed
from .fields import brief, get_typed, read_dual, read_files, read_primal, require_keys
from .rationals import common_denominator, over_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected
from .spec_eval import ParsedSpec, parse_spec

REQUIRED = {"format", "kind", "spec", "arity", "input", "value", "primal", "dual"}
OPTIONAL = {"files", "bob_rule", "producer"}


@dataclass(frozen=True)
class Family:
    """The sensitive blocks at z: block mask m is sensitive iff bit m XOR shift of `bits` is set."""

    bits: int
    shift: int


@dataclass(frozen=True)
class Claim:
    """A well-formed exhaustive certificate (step 1 passed).  Weights are also kept as
    integers over a common denominator: t_i = dual_int[i] / dual_den (the weights are scaled
    by primal_den as they are used, never all held)."""

    spec: ParsedSpec
    z: str
    value: Fraction
    primal: list[tuple[tuple[int, ...], Fraction]]
    dual: list[Fraction]
    primal_den: int
    dual_den: int
    dual_int: list[int]

    @property
    def q(self) -> int:
        return self.spec.arity


def check(obj: dict) -> CheckReport:
    """Steps 1-6 of certificates/FORMAT.md; the report names the first failing condition."""
    claim = read_claim(obj)
    table = claim.spec.truth_table()
    z_index = int(claim.z, 2) if claim.q else 0
    f_z = (table >> z_index) & 1
    # block B is sensitive iff position mask(B) XOR z of `sensitive` is set: no permutation
    sensitive = table ^ ((1 << (1 << claim.q)) - 1) if f_z else table
    for step in (_nonnegative, _primal_sensitive, _loads, _values, _dual_feasible):
        report = step(claim, Family(sensitive, z_index), f_z)
        if report is not None:
            return report
    return accepted(
        claim.value, f"valid: fbs_z(f) = {show(claim.value)} for spec {_short(claim.spec.text)} "
                     f"at z = {_short(claim.z)} (q = {claim.q}, {len(claim.primal)} primal blocks)")


# --- step 1: well-formed --------------------------------------------------------------------

def read_claim(obj: dict) -> Claim:
    """Structure, types and sizes; the spec's arity is derived by spec_eval (cheap parse)."""
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    files = read_files(obj)
    spec = parse_spec(get_typed(obj, "spec", str, "certificate"), files)
    q = spec.arity
    arity = get_typed(obj, "arity", int, "certificate")
    if arity != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, "
                                   f"the certificate claims {brief(arity)}")
    unused = [path for path in files if path not in spec.paths]
    if unused:
        raise CertificateMalformed(f"files: {brief(unused[0])} is not used by the spec")
    if "bob_rule" in obj:
        get_typed(obj, "bob_rule", str, "certificate")
    z = get_typed(obj, "input", str, "certificate")
    if len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}, "
                                   f"got {len(z)} characters")
    value = parse_number(obj["value"], "value")
    t = read_dual(obj, q)
    primal = read_primal(get_typed(obj, "primal", list, "certificate"), q, numbers={})
    weights = [w for _, w in primal]
    primal_den = common_denominator(weights, "primal weights")
    dual_den = common_denominator(t, "dual")
    return Claim(spec, z, value, primal, t, primal_den, dual_den,
                 list(over_denominator(t, dual_den)))


# --- steps 2-6 --------------------------------------------------------------------------------

def _nonnegative(claim: Claim, sensitive: Family, f_z: int) -> CheckReport | None:
    """Step 2: w_B >= 0 and t_i >= 0."""
    for k, (block, weight) in enumerate(claim.primal):
        if weight < 0:
            return rejected("primal-nonnegative", f"primal[{k}] block {list(block)}: "
                                                  f"weight {show(weight)} < 0")
    for i, ti in enumerate(claim.dual):
        if ti < 0:
            return rejected("dual-nonnegative", f"dual[{i}]: t_{i} = {show(ti)} < 0")
    return None


def _primal_sensitive(claim: Claim, sensitive: Family, f_z: int) -> CheckReport | None:
    """Step 3: every primal block is sensitive at z (Def. 3.3)."""
    lookup = bitset.to_lookup(sensitive.bits, claim.q)
    for k, (block, _) in enumerate(claim.primal):
        if not bitset.test(lookup, _mask(block, claim.q) ^ sensitive.shift):
            return rejected("primal-sensitive", f"primal[{k}] block {list(block)} is not "
                                                f"sensitive at z: f(z^B) = f(z) = {f_z}")
    return None


def _loads(claim: Claim, sensitive: Family, f_z: int) -> CheckReport | None:
    """Step 4: sum of w_B over blocks containing i is <= 1 for every coordinate i."""
    load = [0] * claim.q
    weights = over_denominator([w for _, w in claim.primal], claim.primal_den)
    for (block, _), weight in zip(claim.primal, weights):
        for i in block:
            load[i] += weight
    for i, total in enumerate(load):
        if total > claim.primal_den:
            return rejected("primal-load", f"coordinate {i}: load sum_(B contains {i}) w_B = "
                                           f"{show(Fraction(total, claim.primal_den))} > 1")
    return None


def _values(claim: Claim, sensitive: Family, f_z: int) -> CheckReport | None:
    """Step 5: sum(w) == value and sum(t) == value."""
    primal_sum = Fraction(scaled_sum([w for _, w in claim.primal], claim.primal_den),
                          claim.primal_den)
    if primal_sum != claim.value:
        return rejected("primal-value", f"sum of primal weights = {show(primal_sum)}, "
                                        f"claimed value = {show(claim.value)}")
    dual_sum = Fraction(sum(claim.dual_int), claim.dual_den)
    if dual_sum != claim.value:
        return rejected("dual-value", f"sum of dual t_i = {show(dual_sum)}, "
                                      f"claimed value = {show(claim.value)}")
    return None


def _dual_feasible(claim: Claim, sensitive: Family, f_z: int) -> CheckReport | None:
    """Step 6: every sensitive block has t(B) >= 1 (Def. 3.4), over all 2^q - 1 blocks."""
    mask = light_sensitive_block(sensitive.bits, claim.q, claim.dual_int, claim.dual_den,
                                 sensitive.shift)
    if mask is None:
        return None
    block = [i for i in range(claim.q) if (mask >> (claim.q - 1 - i)) & 1]
    weight = Fraction(sum(claim.dual_int[i] for i in block), claim.dual_den)
    return rejected("dual-feasible", f"block {block} is sensitive (f(z^B) = {1 - f_z}, "
                                     f"f(z) = {f_z}) but t(B) = {show(weight)} < 1")


def _mask(block: tuple[int, ...], q: int) -> int:
    """Coordinate i is bit q-1-i of a position (docs/notes.md, section 2)."""
    mask = 0
    for i in block:
        mask |= 1 << (q - 1 - i)
    return mask


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."
