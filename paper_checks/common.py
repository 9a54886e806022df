"""Small helpers shared by the paper checks."""

from fractions import Fraction


def ones_first(ones: int, n: int) -> str:
    """The input with the first `ones` bits set, in run-length form (docs/notes.md, section 2)."""
    parts = [f"1^{ones}"] if ones else []
    return ",".join(parts + ([f"0^{n - ones}"] if n > ones else []))


def min_block_mass(result) -> Fraction:
    """min over minimal sensitive blocks B of p(B): Bob's worst-case chance to hit a lie set.

    For the table method the primal support does not list every block, so the minimum is
    taken over all minimal blocks; for the symmetric method over the minimal types.
    """
    from verify.functions.bits import parse_bits, parse_runs
    from verify.functions.spec import parse_spec
    from verify.sensitivity.blocks import bits_to_index, mask_to_block, minimal_sensitive_masks
    from verify.sensitivity.symmetric import minimal_types

    p = result.sampling
    function = parse_spec(result.spec)
    if result.method == "symmetric":
        weight = parse_runs(result.input).weight
        p_one, p_zero = p.on_ones, p.on_zeros
        return min(a * p_one + b * p_zero for a, b in minimal_types(function.values, weight))
    masks = minimal_sensitive_masks(function.truth_table(), bits_to_index(parse_bits(result.input)))
    return min(sum(p[i] for i in mask_to_block(int(m), function.arity)) for m in masks)
