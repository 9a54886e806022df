"""`fbs debate run --alice worst` on and:40 and and:24 trees hung (issue 30, section 5): the
liar looked for a claim vector with the lying value among all 2^q vectors in lexicographic
order, and for AND claiming 1 the only one, 1^q, comes last.

Expected values from the definitions, not from the code: on AND_q at its root with k false
children, the liar claiming 1 must claim 1^q; there every singleton is a sensitive block, so
fbs = q (Bob rejects the claim at once when rho < q), and at rho >= q Bob's LP t_i >= 1 gives
t = 1^q and p uniform, and a run catches the lie iff Bob's child is one of the k false ones:
k/q. The first vector of a value, in lexicographic order, is checked
against a plain enumeration on narrow aggregators."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from work_count import python_lines

from verify import debate, uniform_tree
from verify.functions.aggregators import evaluate
from verify.protocol.debaters import first_vector_with_value


@pytest.mark.parametrize("q, false", [(40, 3), (24, 1)])
@pytest.mark.parametrize("rho", [2, "q"])
def test_the_worst_liar_on_a_wide_and_is_caught_with_probability_k_over_q(q, false, rho):
    tree = uniform_tree(f"and:{q}", 1)
    oracle = {tree.queries[leaf]: int(i >= false) for i, leaf in enumerate(tree.leaves())}
    rho = q if rho == "q" else rho
    result, _ = python_lines(lambda: debate(tree, oracle, rho, alice="worst", runs=20),
                             5_000_000)  # 2^40 claim vectors never end
    assert result.catch_probability_exact == (Fraction(false, q) if rho >= q else 1)


@pytest.mark.parametrize("spec", ["and:3", "or:4", "maj:5", "thr:5:2", "parity:4", "sym:01100",
                                  "tt:0110", "wthr:2,1,1:3", "tribes:2:2", "index:2"])
@pytest.mark.parametrize("value", [0, 1])
def test_the_first_vector_of_a_value_is_the_first_of_the_enumeration(spec, value):
    from verify.functions.aggregators import aggregator_function

    q = aggregator_function(spec).arity
    first = next((z for z in product((0, 1), repeat=q) if evaluate(spec, z) == value), None)
    assert first_vector_with_value(spec, value) == first


def test_a_constant_aggregator_has_no_vector_of_the_other_value():
    assert first_vector_with_value("sym:000", 1) is None
    assert first_vector_with_value("tt:0000", 1) is None
    assert first_vector_with_value("and:100000000", 1) == (1,) * 100000000
