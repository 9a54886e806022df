"""Verdicts shared by the `fbs debate` protocols (paper, budgeted, mixed): how an exact value
outside a sampled interval is explained, and the honest Alice's exit rule under Theorem B2(a).
A leaf of `verify.commands`: the protocol modules import it, it imports none of them."""

from __future__ import annotations

import sys

from verify.base.numbers import as_fraction, shown


def outside_note(level: float, inside: bool) -> str:
    """Why an exact value outside a sampled interval is not an error."""
    if inside:
        return ""
    return (f"; a {level:g}% interval misses the exact value for at most "
            f"{100 - level:g}% of seeds: expected sometimes, not an error")


def honest_verdict(root_budget, beta_max, loses: bool, how: str) -> int:
    """One rule for the honest Alice in both protocols: 1 with a warning when the theorem's
    hypothesis fails (here B2(a): her root budget <= beta_max), a bug of ours (exit 3) if she
    loses although it holds, 0 otherwise. The budgets are Fractions or their JSON text, of
    any length."""
    if as_fraction(root_budget) > as_fraction(beta_max):
        print(f"fbs: warning: Theorem B2(a)'s hypothesis fails: the honest root budget "
              f"{shown(root_budget)} exceeds beta_max = {shown(beta_max)}, so the honest Alice "
              f"loses at the root check ({how})", file=sys.stderr)
        return 1
    if loses:
        from verify.base.errors import SolverFailure

        raise SolverFailure("the honest Alice loses although her root budget <= beta_max "
                            "(a bug of ours)")
    return 0


def worst_case_verdict(document) -> None:
    """A warning (no exit code: the computation succeeded) when the honest Alice would lose."""
    if as_fraction(document["honest_root_budget"]) > as_fraction(document["beta_max"]):
        honest_verdict(document["honest_root_budget"], document["beta_max"], True,
                       "in every run; the worst case above is about liars only")
