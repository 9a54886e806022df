"""An fbs result's witness as compact text (Definitions 3.3/3.4, Section 4 step 3): the primal
blocks with their weights, the dual t and Bob's p = t/sum(t), coordinates numbered x1..xq.
Used by `fbs compute`/`fbs certify` and by the notebook view of FbsResult."""

from __future__ import annotations

from verify.base.witness import blocks_text, value_text, vector_text
from verify.functions.bits import PerBit, parse_runs


def primal_text(result) -> str:
    """The optimal primal y: explicit blocks, block types (wide symmetric), or why none."""
    if result.primal:
        return blocks_text(result.primal)
    if result.primal_types:
        types = ", ".join(f"(a = {a} ones, b = {b} zeros) weight {value_text(y)}"
                          for a, b, y in result.primal_types)
        return f"explicit blocks omitted at this width; block types {types}"
    if result.method == "composition":
        return ("no explicit blocks: the tree certificate holds one local LP per internal node "
                "(see the certificate)")
    return "none (fbs = 0)"


def per_coordinate_text(result, vector) -> str:
    """t or p: grouped by value, or one value on the ones and one on the zeros (PerBit)."""
    if vector is None:
        return "none (f is constant: no sensitive block, t = 0)"
    if isinstance(vector, PerBit):
        ones = parse_runs(result.input).weight
        sides = [(vector.on_ones, ones, "ones"), (vector.on_zeros, len(vector) - ones, "zeros")]
        return ", ".join(f"{value_text(value)} on each of the {count} {name}"
                         for value, count, name in sides if count)
    return vector_text(vector)
