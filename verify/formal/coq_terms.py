"""Coq terms shared by the exporters (coq_export, coq_export_tree, coq_worst_case): the
functions of coq/model/Families.v by name, rational literals and comment-safe text. Untrusted,
like every exporter: coqc checks what the terms name."""

from __future__ import annotations

import re
from fractions import Fraction

# coqc checks a q = 10 table in 1.4 s of CPU and a q = 12 one in 5.5 s; a q = 14 table took
# more than 49 s (each of the 2^q masks reads the table by position, so the work grows as
# 4^q; bench/RESULTS.md, bench_coq_checker.py). Beyond 12 the export is refused.
MAX_COQ_ARITY = 12
_FAMILY = re.compile(r"(and|or|parity|maj):([0-9]+)")
_THRESHOLD = re.compile(r"thr:([0-9]+):(-?[0-9]+)")
_TRIBES = re.compile(r"tribes:([0-9]+):([0-9]+)")


def function_term(spec: str, table: str) -> str:
    """The Coq `Family` naming f with its arity: its family (coq/model/Families.v) or its truth
    table `TT` (position j: f at j in binary, x_1 the most significant bit)."""
    if match := _FAMILY.fullmatch(spec):
        return f"({match.group(1).upper()} {int(match.group(2))})"
    if match := _THRESHOLD.fullmatch(spec):
        return f"(THR {int(match.group(1))} ({int(match.group(2))})%Z)"
    if match := _TRIBES.fullmatch(spec):
        return f"(TRIBES {int(match.group(1))} {int(match.group(2))})"
    return f'(TT "{table}")'


def is_table(term: str) -> bool:
    """Whether function_term named f by its truth table."""
    return term.startswith("(TT ")


def aggregator_term(spec: str, table: str) -> str:
    """f as a Coq aggregator (`Agg`, for the model's trees): the family's function."""
    return f"(eval {function_term(spec, table)})"


def rational(x: Fraction) -> str:
    """A Coq rational literal of Q_scope."""
    return f"({x.numerator} # {x.denominator})" if x >= 0 else \
        f"(({x.numerator}) # {x.denominator})"


def comment(text: str) -> str:
    """Text safe inside a Coq comment: one line, no comment delimiters, no `"` (coqc reads a
    string literal inside a comment: an unclosed one swallows the file) and encodable as
    UTF-8 (a file name that is not UTF-8 shows its bytes as backslash escapes)."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return " ".join(text.replace("(*", "( *").replace("*)", "* )").replace('"', "'").split())
