"""Kind `global-measure`: s(f), bs(f), fbs(f) or C(f), the maximum over all 2^q inputs (q <= 14).

certificates/FORMAT.md, section 11. The checker computes, with bitsets over the 2^q positions:
- s_x at every x (flip each coordinate of the table once, a bit-sliced counter);
- C_x at every x: x lies in a constant subcube with free coordinates F iff the table is
  constant on x + span(F), computed for all F by const[F] = const[F - b] & const[F - b]
  flipped at b & (f(x) = f(x^b)) (2^q steps of whole-table operations).
So s(f) and C(f) need no witness. For bs and fbs (s_x <= bs_x <= fbs_x <= C_x, docs/notes.md
section 3) the certificate gives the lower bound at one input (disjoint sensitive blocks, or
a primal packing of Definition 3.3) and, for exactly the inputs y with C_y > value, an upper
bound: a dual of Definition 3.4 feasible at y of value <= value (fbs), < value + 1 (bs), or
(bs, q <= 10) y named for the checker's own packing dynamic program. Standard library only.
"""

from __future__ import annotations

from fractions import Fraction

from . import bitset
from .dual_check import light_sensitive_block
from .errors import CertificateMalformed, CertificateTooLarge
from .fields import brief, get_typed, read_block, read_primal, require_keys
from .measure_kind import MAX_MEASURE_ARITY, largest_packing, sensitive_masks
from .rationals import common_denominator, over_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected
from .spec_eval import parse_spec

MAX_GLOBAL_ARITY = 14       # 2^q tables of 2^q bits held at once: 32 MiB at q = 14
MAX_UPPER_POSITIONS = 1 << 26  # duals listed x 2^q: the feasibility passes a file may ask for
MAX_PACKING_STEPS = 1 << 24    # packings listed x 3^q: the dynamic programs a file may ask for
MEASURES = ("s", "bs", "fbs", "C")
COMMON = {"format", "kind", "measure", "spec", "arity", "value", "input"}
FIELDS = {"s": set(), "C": set(), "fbs": {"witness", "upper"},
          "bs": {"witness", "upper", "packings"}}


def check(obj: dict) -> CheckReport:
    """Check a kind-"global-measure" certificate; the report names the first failing condition."""
    measure = obj.get("measure")
    if type(measure) is not str or measure not in MEASURES:
        raise CertificateMalformed(f"measure: expected one of {', '.join(MEASURES)}, "
                                   f"got {brief(measure)}")
    require_keys(obj, COMMON | FIELDS[measure], {"producer"}, "certificate")
    spec = parse_spec(get_typed(obj, "spec", str, "certificate"), None, MAX_GLOBAL_ARITY)
    q = spec.arity
    if get_typed(obj, "arity", int, "certificate") != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, the certificate claims "
                                   f"{brief(obj['arity'])}")
    x = _read_input(obj["input"], q, "input")
    value = parse_number(obj["value"], "value")
    if value < 0 or (measure != "fbs" and value.denominator != 1):
        raise CertificateMalformed(f"value: {measure} is a non-negative "
                                   f"{'number' if measure == 'fbs' else 'integer'}")
    table = spec.truth_table()
    report = {"s": _check_s, "C": _check_c, "fbs": _check_fbs, "bs": _check_bs}[measure](
        obj, table, q, x, value)
    if report is not None:
        return report
    return accepted(value, f"valid: {measure}(f) = max over the 2^{q} inputs = {show(value)}, "
                           f"reached at {format(x, f'0{q}b') if q else ''} (spec "
                           f"{spec.text[:40]}, q = {q})", measure)


def _read_input(text: object, q: int, where: str) -> int:
    if type(text) is not str or len(text) != q or text.strip("01"):
        raise CertificateMalformed(f"{where}: expected a 0/1 string of length q = {q}")
    return int(text, 2) if q else 0


# --- s and C: computed at every input -----------------------------------------------------------

def flip_masks(q: int) -> list[int]:
    """low[b]: the positions whose bit b is 0, for flipping bit b of every position."""
    size = 1 << q
    return [((1 << size) - 1) ^ bitset.bit_high(b, size) for b in range(q)]


def flip(table: int, b: int, low: list[int]) -> int:
    """The table g with g[p] = table[p XOR 2^b]."""
    width = 1 << b
    return ((table & low[b]) << width) | ((table >> width) & low[b])


def flipped_differences(table: int, q: int) -> list[int]:
    """diff[b]: the positions p with f(p) != f(p XOR 2^b) (b = q-1-i for coordinate i)."""
    low = flip_masks(q)
    return [table ^ flip(table, b, low) for b in range(q)]


def sensitivity_planes(table: int, q: int) -> list[int]:
    """s_x at every position, as the bit planes of a bit-sliced counter."""
    planes: list[int] = []
    for diff in flipped_differences(table, q):
        bitset.add_weighted(planes, diff, 1)
    return planes


def certificate_covers(table: int, q: int) -> list[int]:
    """cover[k]: the positions x with C_x <= k (some constant subcube through x has q - k
    free coordinates), k = 0..q."""
    full = (1 << (1 << q)) - 1
    same = [full ^ diff for diff in flipped_differences(table, q)]
    low_masks = flip_masks(q)
    const = [full] + [0] * ((1 << q) - 1)
    free_layer = [0] * (q + 1)
    free_layer[0] = full
    for free in range(1, 1 << q):
        b = (free & -free).bit_length() - 1
        previous = const[free ^ (1 << b)]
        const[free] = previous & flip(previous, b, low_masks) & same[b]
        free_layer[free.bit_count()] |= const[free]
    cover, union = [0] * (q + 1), 0
    for free_count in range(q, -1, -1):  # C_x <= k iff x is in a constant subcube of >= q-k free
        union |= free_layer[free_count]
        cover[q - free_count] = union
    return cover


def _maximum_at(members_at_least, value: int, x: int, measure: str) -> CheckReport | None:
    """value = max over inputs, reached at x: members_at_least(k) is the set with measure >= k."""
    if members_at_least(value + 1):
        return rejected("not-maximum", f"some input has {measure}_x > {value}")
    if not (members_at_least(value) >> x) & 1:
        return rejected("input", f"{measure}_x < {value} at the given input")
    return None


def _check_s(obj, table: int, q: int, x: int, value: Fraction) -> CheckReport | None:
    planes = sensitivity_planes(table, q)
    full = (1 << (1 << q)) - 1
    return _maximum_at(lambda k: bitset.at_least(planes, k, full), int(value), x, "s")


def _check_c(obj, table: int, q: int, x: int, value: Fraction) -> CheckReport | None:
    cover = certificate_covers(table, q)
    full = (1 << (1 << q)) - 1

    def at_least(k: int) -> int:  # C_x >= k iff x is not in cover[k - 1]
        return full if k <= 0 else (0 if k > q else full ^ cover[k - 1])
    return _maximum_at(at_least, int(value), x, "C")


# --- bs and fbs: a lower bound at the input, an upper bound where C_y exceeds the value --------

def _sensitive_at(table: int, q: int, y: int) -> int:
    """The sensitive family at y as the exhaustive kind has it: block mask m is sensitive iff
    bit m XOR y is set."""
    return table ^ ((1 << (1 << q)) - 1) if (table >> y) & 1 else table


def _mask(block: tuple[int, ...], q: int) -> int:
    return sum(1 << (q - 1 - i) for i in block)


def _check_fbs(obj, table: int, q: int, x: int, value: Fraction) -> CheckReport | None:
    """The witness, a packing of Definition 3.3 at x, as integers over the weights' common
    denominator (at most 2^14 bits, like the duals': FORMAT.md section 11, Work bound)."""
    primal = read_primal(get_typed(obj, "witness", list, "certificate"), q, "witness",
                         numbers={})
    denominator = common_denominator([w for _, w in primal], "witness weights")
    sensitive = bitset.to_lookup(_sensitive_at(table, q, x), q)
    load = [0] * q
    for k, ((block, weight), scaled) in enumerate(zip(primal,
                                                      over_denominator([w for _, w in primal],
                                                                       denominator))):
        if scaled < 0:
            return rejected("witness-nonnegative", f"witness[{k}]: weight {show(weight)} < 0")
        if not bitset.test(sensitive, _mask(block, q) ^ x):
            return rejected("witness-sensitive", f"witness[{k}] block {list(block)} is not "
                                                 "sensitive at the input")
        for i in block:
            load[i] += scaled
    if any(total > denominator for total in load):
        return rejected("witness-load", "a coordinate's load exceeds 1 (Definition 3.3)")
    total = Fraction(scaled_sum([w for _, w in primal], denominator), denominator)
    if total != value:
        return rejected("witness-value", f"the primal weights sum to {show(total)}, not "
                                         f"{show(value)}")
    return _check_upper(obj, table, q, value, packings=False)


def _check_bs(obj, table: int, q: int, x: int, value: Fraction) -> CheckReport | None:
    witness = get_typed(obj, "witness", list, "certificate")
    sensitive = bitset.to_lookup(_sensitive_at(table, q, x), q)
    used = 0
    for k, entry in enumerate(witness):
        mask = _mask(read_block(entry, q, f"witness[{k}]"), q)
        if not bitset.test(sensitive, mask ^ x):
            return rejected("witness-sensitive", f"witness[{k}] is not a sensitive block")
        if used & mask:
            return rejected("witness-disjoint", f"witness[{k}] meets an earlier block")
        used |= mask
    if len(witness) != value:
        return rejected("witness-value", f"the witness has {len(witness)} blocks, claimed "
                                         f"value = {value}")
    return _check_upper(obj, table, q, value, packings=True)


def _check_upper(obj, table: int, q: int, value: Fraction, packings: bool) -> CheckReport | None:
    """Every y with C_y > value has a dual feasible at y of value <= value (fbs) or < value + 1
    (bs, an integer: then bs_y <= fbs_y <= value), or (bs) is named in `packings` and its
    largest packing is <= value."""
    full = (1 << (1 << q)) - 1
    needed = _positions(full ^ certificate_covers(table, q)[min(int(value), q)])
    upper = get_typed(obj, "upper", list, "certificate")
    packed = _read_packings(obj, q) if packings else []
    if len(upper) * (1 << q) > MAX_UPPER_POSITIONS or len(packed) * 3 ** q > MAX_PACKING_STEPS:
        raise CertificateTooLarge(f"upper/packings: {len(upper)} duals and {len(packed)} "
                                  f"packings at q = {q} exceed the work bound (FORMAT.md, "
                                  "section 11)")
    if len(upper) + len(packed) != len(needed):  # before any dual is read
        return rejected("upper-inputs", f"{len(needed)} inputs have C_y > {show(value)}; the "
                                        f"certificate bounds {len(upper) + len(packed)} "
                                        "(each exactly once)")
    duals = [_read_upper(entry, q, k) for k, entry in enumerate(upper)]
    listed = [y for y, _ in duals] + packed
    if len(set(listed)) != len(listed) or set(listed) != needed:
        return rejected("upper-inputs", f"{len(needed)} inputs have C_y > {show(value)}; the "
                                        f"certificate bounds {len(set(listed))} "
                                        "(each exactly once)")
    for y, t in duals:
        report = _dual_bound(table, q, y, t, value, integer=packings)
        if report is not None:
            return report
    for y in packed:
        if largest_packing(sensitive_masks(table, q, y), q) > value:
            return rejected("upper-packing", f"at {format(y, f'0{q}b')} more than {value} "
                                             "disjoint sensitive blocks exist")
    return None


def _positions(bits: int) -> set[int]:
    found, position = set(), 0
    while bits:
        if bits & 1:
            found.add(position)
        bits >>= 1
        position += 1
    return found


def _read_packings(obj: dict, q: int) -> list[int]:
    names = get_typed(obj, "packings", list, "certificate")
    if names and q > MAX_MEASURE_ARITY:
        raise CertificateMalformed(f"packings: the checker's packing program takes q <= "
                                   f"{MAX_MEASURE_ARITY}")
    return [_read_input(name, q, f"packings[{k}]") for k, name in enumerate(names)]


def _read_upper(entry: object, q: int, k: int) -> tuple[int, list[Fraction]]:
    where = f"upper[{k}]"
    if type(entry) is not dict:
        raise CertificateMalformed(f"{where}: expected an object with \"input\" and \"dual\"")
    require_keys(entry, {"input", "dual"}, set(), where)
    dual = get_typed(entry, "dual", list, where)
    if len(dual) != q:
        raise CertificateMalformed(f"{where}.dual: expected q = {q} entries")
    return (_read_input(entry["input"], q, f"{where}.input"),
            [parse_number(t, f"{where}.dual[{i}]") for i, t in enumerate(dual)])


def _dual_bound(table: int, q: int, y: int, t: list[Fraction], value: Fraction,
                integer: bool) -> CheckReport | None:
    at = format(y, f"0{q}b")
    if any(ti < 0 for ti in t):
        return rejected("upper-nonnegative", f"the dual at {at} has a negative entry")
    denominator = common_denominator(t, f"the dual at {at}")
    weights = [ti.numerator * (denominator // ti.denominator) for ti in t]
    total = Fraction(sum(weights), denominator)
    if (total >= value + 1) if integer else (total > value):
        return rejected("upper-value", f"the dual at {at} has value {show(total)}, which does "
                                       f"not bound the measure by {show(value)}")
    if light_sensitive_block(_sensitive_at(table, q, y), q, weights, denominator, y) is not None:
        return rejected("upper-feasible", f"the dual at {at} misses a sensitive block "
                                          "(t(B) < 1, Definition 3.4)")
    return None
