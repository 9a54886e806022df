"""The local fbs at the honest claims: fbs_{z*}(phi_u) at every internal node u (paper Section 4).

z* = the correct answers of u's children under the oracle (`verify.trees.oracles.node_values`).
The FBS condition of Theorem 4.1 holds for a protocol rho iff every value is <= rho, so the
smallest such rho is their maximum; Lemma 5.4 and Theorem 5.1 use their minimum.
"""

from __future__ import annotations

from fractions import Fraction

from verify.sensitivity.exact_fbs import certified_fbs

from .model import Tree


def honest_fbs(tree: Tree, values) -> dict[int, Fraction]:
    """fbs_{z*}(phi_u) at the correct answers z* of every internal node u (certified).

    The smallest rho for which the FBS condition of Theorem 4.1 holds is their maximum.
    """
    return {node: certified_fbs(tree.aggregators[node],
                                tuple(values[c] for c in tree.children[node])).value
            for node in tree.internal()}
