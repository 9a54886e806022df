"""s, bs and C at one input by brute force over all 2^q - 1 blocks, for small q (q <= 6).

A second, independent route to the measures of `verify.sensitivity.measures` (which reads
them off the minimal sensitive blocks with RC2 MaxSAT): here straight from the truth table
and Definition 3.3's notion of a sensitive block (paper Section 3.3; the chain
s <= bs <= fbs <= C of docs/notes.md, section 3), every sensitive block (not only the minimal
ones) going to the exhaustive packing and transversal searches over coordinate masks of
`verify.sensitivity.hypergraph`. Exact integers, used by the census (`verify.sweep.jobs`)
where q <= 4 and cross-checked against the RC2 route in tests/sweep/test_small_measures.py.
"""

from __future__ import annotations

from verify.base.errors import TooLarge
from verify.sensitivity.hypergraph import maximum_packing, minimum_transversal, singletons
from verify.sensitivity.measures import Measures

MAX_BRUTE_FORCE_ARITY = 6


def brute_force_measures(table: str, z: int) -> Measures:
    """s, bs and C of the function with truth table `table` ("0"/"1" characters, position j =
    f(j in binary, x_1 most significant)) at the input whose index is z."""
    size = len(table)
    q = size.bit_length() - 1
    if size != 1 << q or q > MAX_BRUTE_FORCE_ARITY:
        raise TooLarge(f"brute-force measures need a truth table of 2^q bits, q <= "
                       f"{MAX_BRUTE_FORCE_ARITY}")
    # Block B (a bit mask over coordinates, x_1 = the most significant) is sensitive iff
    # f(z xor B) != f(z); coordinate i is bit q-1-i of an input index.
    sensitive = [mask for mask in range(1, size) if table[z ^ mask] != table[z]]
    return Measures(singletons(sensitive), len(maximum_packing(sensitive, q)),
                    minimum_transversal(sensitive, q).bit_count())
