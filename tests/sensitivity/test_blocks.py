"""Minimal sensitive blocks: both enumeration methods against brute force (Definition 3.3)."""

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import sensitive_blocks

from verify.functions.spec import parse_spec
from verify.sensitivity.blocks import (
    bits_to_index,
    block_to_mask,
    mask_to_block,
    minimal_sensitive_masks,
)


def brute_force_minimal(f, z):
    blocks = [set(b) for b in sensitive_blocks(f, z)]
    return sorted(tuple(sorted(b)) for b in blocks if not any(o < b for o in blocks))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7).flatmap(
    lambda q: st.tuples(st.lists(st.integers(0, 1), min_size=2**q, max_size=2**q),
                        st.lists(st.integers(0, 1), min_size=q, max_size=q))))
def test_both_methods_match_brute_force(case):
    table, z = case
    q = len(z)
    function = parse_spec("tt:" + "".join(map(str, table)))
    # the reference reads the generated table directly (x_1 most significant), not the parser
    expected = brute_force_minimal(lambda x: table[int("".join(map(str, x)), 2)], tuple(z))
    for method in ("levelwise", "closure", "auto"):
        masks = minimal_sensitive_masks(function.truth_table(), bits_to_index(z), method)
        assert sorted(mask_to_block(int(m), q) for m in masks) == expected


def test_block_mask_round_trip_uses_x1_as_most_significant():
    assert block_to_mask([0], 4) == 0b1000
    assert mask_to_block(0b0101, 4) == (1, 3)


def test_majority_two_thirds_blocks_are_pairs_of_ones():
    function = parse_spec("maj:12")
    masks = minimal_sensitive_masks(function.truth_table(), bits_to_index([1] * 8 + [0] * 4))
    blocks = [mask_to_block(int(m), 12) for m in masks]
    assert len(blocks) == 28  # C(8, 2): weight 8 - 2 = 6 is no longer > 12/2
    assert all(len(b) == 2 and max(b) < 8 for b in blocks)
