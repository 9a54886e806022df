"""Results in Jupyter: a Markdown view (`_repr_markdown_`) and, for tables, `to_pandas()`.

Every public result mixes in `NotebookView`: its view is a two-column table of what its
`to_json()` holds (exact values as p/q, long lists cut with a count), after the rows the
result puts first (`notebook_rows`: the value, the method, certified or not, the witness).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from verify.base.numbers import json_text

MAX_ROWS = 40
MAX_REPR = 300  # characters of repr(result)
MAX_CELL = 160


class NotebookView:
    """Every result renders in Jupyter: `_repr_markdown_()` is a table of the value, the
    method, certified or not and the witness, then the rest of `to_json()`. Results that are
    tables have `to_pandas()`: `BlockList`, `WorstCase` (the liar's reachable states),
    `PaperReport` (one row per check), `SweepResult` (the store's rows) and `Census`
    (`to_pandas("measures")` or `to_pandas("trees")`); pandas is needed only there.

    >>> from verify import blocks, fbs
    >>> print(fbs("maj:5", "11100", method="table")._repr_markdown_())  # doctest: +ELLIPSIS
    **FbsResult**
    <BLANKLINE>
    | | |
    |---|---|
    | fbs | 3 at 11100 of maj:5 |
    | method | table |
    | certified | True: certified: the stdlib-only checker accepted the certificate |
    | primal y (Def. 3.3) | {x1}: 1, {x2}: 1, {x3}: 1 |
    | dual t (Def. 3.4) | 1 on x1..x3; 0 on the other 2 |
    | Bob's p = t/sum(t) | 1/3 (~0.333333) on x1..x3; 0 on the other 2 |
    ...
    >>> blocks("maj:3", "110").to_pandas().to_dict("records")
    [{'block': [0], 'size': 1}, {'block': [1], 'size': 1}]

    `fbs` (and `blocks`, `check_blocks`) also take a sympy Boolean expression. Its symbols
    become x1, x2, ... in natural order of their names (digit runs compare as numbers:
    a1 < a2 < a10; symbols sharing a name stay distinct variables), the arity being the number
    of symbols; `variables=[...]` (symbols or names) gives the order and may add unused
    variables. The result's `variables` says which symbol each coordinate is:

    >>> import sympy
    >>> from verify import fbs
    >>> a1, a2, a10 = sympy.symbols("a1 a2 a10")
    >>> r = fbs(a1 & a2 & ~a10, "110")
    >>> r.spec, r.value, r.variables
    ('expr:3:(x1 & x2 & ~(x3))', Fraction(3, 1), ('a1', 'a2', 'a10'))
    >>> fbs(a1 | a10, "010", variables=[a10, a2, a1]).variables
    ('a10', 'a2', 'a1')
    """

    notebook_hidden: tuple[str, ...] = ()  # to_json() fields that notebook_rows already show

    if TYPE_CHECKING:  # every result defines it: what its command prints with --json
        def to_json(self) -> dict: ...

    def notebook_rows(self) -> list[tuple[str, str]]:
        """(label, text) rows shown first; the rest of to_json() follows."""
        return []

    def __repr__(self) -> str:
        """Short: the class and its first rows (a result may hold a whole tree or store;
        `to_json()` and `_repr_markdown_()` give the full data). Result dataclasses are
        declared with repr=False so that this one is used."""
        rows = self.notebook_rows() or json_rows(self.to_json())[:4]
        text = "; ".join(f"{label}: {value}" for label, value in rows[:4])
        if len(text) > MAX_REPR:
            text = text[:MAX_REPR - 3] + "..."
        return f"<{type(self).__name__} {text} (all fields: .to_json())>"

    def _repr_markdown_(self) -> str:
        first = self.notebook_rows()
        shown = {label for label, _ in first} | set(self.notebook_hidden)
        rows = first + [row for row in json_rows(self.to_json()) if row[0] not in shown]
        lines = [f"**{type(self).__name__}**", "", "| | |", "|---|---|"]
        lines += [f"| {label} | {cell(text)} |" for label, text in rows[:MAX_ROWS]]
        if len(rows) > MAX_ROWS:
            lines.append(f"| ... | {len(rows) - MAX_ROWS} more fields: see `to_json()` |")
        return "\n".join(lines) + "\n"


def json_rows(document: dict) -> list[tuple[str, str]]:
    """One (key, text) row per field of a to_json() document; a `<name>_float` beside an
    exact `<name>` is left out (the exact value is shown)."""
    rows = []
    for key, value in document.items():
        if key.endswith("_float") and key[:-len("_float")] in document:
            continue
        rows.append((key, value_text(value)))
    return rows


def value_text(value) -> str:
    """A JSON value as short text: scalars as they are, lists as their length and first
    items, objects as compact JSON, everything cut to MAX_CELL characters."""
    if isinstance(value, list):
        head = json_text(value[:3], separators=(",", ":"), default=str)
        text = f"{len(value)} item(s): {head[:-1]}{', ...]' if len(value) > 3 else ']'}"
    elif isinstance(value, dict):
        text = json_text(value, separators=(",", ":"), default=str)
    else:
        text = str(value)
    return text if len(text) <= MAX_CELL else text[:MAX_CELL - 3] + "..."


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def exact_columns(frame, columns):
    """The frame with each exact column (p/q text) as `fractions.Fraction` objects, and a
    float column `<name>_float` beside it (kept if the frame has one), so that sums and
    comparisons stay exact and `astype(float)` is never needed."""
    from fractions import Fraction

    for name in columns:
        if name not in frame.columns:
            continue
        exact = frame[name].map(lambda v: None if _missing(v) else Fraction(v))
        frame[name] = exact
        if f"{name}_float" not in frame.columns:
            frame.insert(frame.columns.get_loc(name) + 1, f"{name}_float",
                         exact.map(lambda v: None if v is None else float(v)))
    return frame


def _missing(value) -> bool:
    """None, or the NaN pandas puts in a column of nulls."""
    return value is None or (isinstance(value, float) and value != value)


def require_pandas():
    """The pandas module, or BadInput with how to install it."""
    from .errors import BadInput

    try:
        import pandas
    except ImportError:
        raise BadInput("to_pandas() needs pandas: pip install pandas") from None
    return pandas
