"""The public API of paper Section 3.3 beside `fbs`: certificates, their check, sensitive blocks.

`fbs` itself lives in `verify.sensitivity.exact_fbs`; everything here is re-exported by
`verify` (see docs/api.md). Every function returns a frozen result whose `to_json()` is what
the matching `fbs` command prints with `--json`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from fractions import Fraction
from numbers import Integral
from typing import Any, Iterable, Sequence

from verify.base.arguments import BACKEND, PATH, InputArg, PathArg, api, instance, integer, optional
from verify.base.errors import BadInput, SolverFailure, beyond_checker_bound
from verify.base.files import argument_source, check_paths, read_bytes
from verify.base.notebook import NotebookView, require_pandas
from verify.base.numbers import fraction_text
from verify.checker import (
    CertificateMalformed,
    CertificateTooLarge,
    check_bytes,
    check_certificate,
    check_file,
)
from verify.checker.reader import MAX_FILE_BYTES as MAX_CERTIFICATE_BYTES
from verify.functions.bits import as_bits
from verify.functions.inputs import MAX_TABLE_ARITY
from verify.functions.kinds import FunctionArg

from .certificates import write_certificate
from .exact_fbs import FbsResult, fbs, read_function
from .sat.family import FamilyReport

MAX_FAMILY_BYTES = 64 * 2**20

Block = tuple[int, ...]


@api(output=optional(PATH))
def certify(f: FunctionArg, z: InputArg, output: PathArg | None = None,
            **options: Any) -> FbsResult:
    """`fbs(f, z, **options)`, required to be certified; the certificate written to `output`.

    Raises SolverFailure (nothing written) if the stdlib-only checker rejected it.

    >>> import os, tempfile
    >>> from verify import certify, check
    >>> path = os.path.join(tempfile.mkdtemp(), "and4.json")
    >>> certify("and:4", "1111", output=path).value
    Fraction(4, 1)
    >>> check(path).valid
    True
    """
    if output is not None:
        check_paths([(output, "the certificate output")], _function_inputs(f, z))
    result = fbs(f, z, **options)
    if not result.certified:
        raise SolverFailure(f"{result.message}; nothing written")
    if output is not None:
        write_certificate(result.certificate, output)
    return result


def _function_inputs(f, z) -> list[tuple[str | None, str]]:
    """The files a spec (its cnf: parts) and an @FILE input read."""
    from verify.functions.spec import cnf_paths

    found = [(path, "cnf: file of the spec") for path in cnf_paths(f)]
    return found + [(argument_source(z), "the input bits file")]


@dataclass(frozen=True, repr=False)
class CertificateCheck(NotebookView):
    """The stdlib-only checker's verdict on one certificate (certificates/FORMAT.md)."""

    file: str | None  # the file checked, None for an in-memory document
    valid: bool
    condition: str  # the first failing condition ("" if valid)
    message: str
    value: Fraction | None  # the certified value when valid
    quantity: str | None = "fbs"  # what the value is (fbs, or s, bs, C: kind measure); None if invalid

    def to_json(self) -> dict:
        """The JSON document `fbs check --json` prints."""
        return {"file": self.file, "valid": self.valid, "condition": self.condition,
                "message": self.message,
                "value": None if self.value is None else fraction_text(self.value),
                "quantity": self.quantity}


@api(certificate=instance(str, os.PathLike, dict, what="a path or a certificate dict"))
def check(certificate: str | os.PathLike | dict) -> CertificateCheck:
    """Re-verify a certificate (a file, gzip accepted, or a parsed document) with the checker.

    A certificate that is well-formed but wrong is `valid=False`; one that cannot be checked
    at all (unreadable, not JSON, bad structure) raises BadInput.

    >>> from verify import check, fbs
    >>> check(fbs("maj:3", "110").certificate).value
    Fraction(2, 1)
    """
    where = None if isinstance(certificate, dict) else os.fspath(certificate)
    try:
        if where is None:
            report = check_certificate(certificate)
        elif where == "-":
            report = check_bytes(read_bytes(where, "the certificate", MAX_CERTIFICATE_BYTES))
        else:
            report = check_file(where)
    except CertificateTooLarge as error:
        raise beyond_checker_bound(error) from None
    except CertificateMalformed as error:
        raise BadInput(f"{where or 'certificate'}: malformed certificate: {error}") from None
    return CertificateCheck(where, report.valid, report.condition, report.message, report.value,
                            report.quantity if report.valid else None)


@dataclass(frozen=True, repr=False)
class BlockList(NotebookView):
    """Minimal sensitive blocks of f at z (0-based coordinates), smallest first."""

    spec: str
    blocks: tuple[Block, ...]
    complete: bool  # False if the listing stopped at `limit`
    method: str  # "truth table" or "<backend> enumeration"
    variables: tuple[str, ...] | None = None  # sympy input: the symbol at coordinate 0, 1, ...

    def to_json(self) -> dict:
        """The JSON document `fbs blocks --json` prints (with `variables` for sympy input)."""
        document = {"spec": self.spec, "blocks": [list(b) for b in self.blocks],
                    "complete": self.complete, "method": self.method}
        if self.variables is not None:
            document["variables"] = {f"x{k + 1}": v for k, v in enumerate(self.variables)}
        return document

    def to_pandas(self):
        """One row per block: `block` (0-based coordinates, as in to_json()) and its `size`;
        for sympy input also `symbols`, the block's symbols."""
        rows = [{"block": list(b), "size": len(b)} for b in self.blocks]
        columns = ["block", "size"]
        if self.variables is not None:
            for row in rows:
                row["symbols"] = [self.variables[i] for i in row["block"]]
            columns.append("symbols")
        return require_pandas().DataFrame(rows, columns=columns)


@api(backend=BACKEND, limit=integer(1))
def blocks(f: FunctionArg, z: InputArg, *, backend: str = "sat", limit: int = 1000,
           variables: Sequence[str] | None = None) -> BlockList:
    """The minimal sensitive blocks of f at z (Definition 3.3): all of them, or the first `limit`.

    On the packed truth table for q <= 28 (MAX_TABLE_ARITY), else enumerated with the solver
    backend ("sat" or "z3"). `variables` orders a sympy expression's symbols, as in `fbs`.

    >>> from verify import blocks
    >>> blocks("maj:3", "110").blocks
    ((0,), (1,))
    """
    import numpy as np

    from .blocks import bits_to_index, mask_sizes, mask_to_block, minimal_sensitive_masks

    function, names = read_function(f, variables=variables)
    bits = as_bits(z, function.arity)
    if limit < 1:
        raise BadInput("--limit must be at least 1")
    if function.arity <= MAX_TABLE_ARITY:
        masks = minimal_sensitive_masks(function.packed_table(), bits_to_index(bits),
                                        arity=function.arity)
        # smallest first, then lexicographic: for blocks of one size, a larger mask comes first
        first = masks[np.lexsort((-masks, mask_sizes(masks)))[:limit]]
        found = tuple(mask_to_block(int(m), function.arity) for m in first)
        return BlockList(function.spec, found, masks.size <= limit, "truth table", names)
    from .sat.family import enumerate_minimal

    enumerated, complete = enumerate_minimal(function, bits, backend, limit)
    return BlockList(function.spec, tuple(enumerated), complete, f"{backend} enumeration", names)


@api(backend=BACKEND)
def check_blocks(f: FunctionArg, z: InputArg, family: Iterable[Sequence[int]], *,
                 backend: str = "sat",
                 variables: Sequence[str] | None = None) -> FamilyReport:
    """Decide, with z3 or SAT, whether each member of `family` is sensitive and minimal at z,
    and whether the family is complete (every sensitive block contains a member).
    `variables` orders a sympy expression's symbols, as in `fbs`.

    >>> from verify import check_blocks
    >>> check_blocks("maj:3", "110", [(0,), (1,)]).ok
    True
    >>> check_blocks("maj:3", "110", [(0,)]).witness
    (1,)
    """
    from .sat.family import check_family

    function, names = read_function(f, variables=variables)
    bits = as_bits(z, function.arity)
    if isinstance(family, (str, bytes, dict)) or not hasattr(family, "__iter__"):
        raise BadInput(f"the family must be a list of blocks [[i, ...], ...], got "
                       f"{type(family).__name__}")
    report = check_family(function, bits, checked_family(list(family), function.arity,
                                                         "the family"), backend)
    return report if names is None else replace(report, variables=names)


def load_family(path: str, q: int) -> list[Block]:
    """{"blocks": [[0-based coordinates], ...]} or the bare list [[...], ...] (docs/formats.md,
    "Block family"): nonempty blocks, coordinates in 0..q-1, no block twice."""
    data = read_bytes(path, "the family file", MAX_FAMILY_BYTES)
    if len(data) > MAX_FAMILY_BYTES:
        raise BadInput(f"{path}: family file exceeds {MAX_FAMILY_BYTES // 2**20} MiB")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadInput(f"{path}: not valid JSON") from None
    if type(document) is list:
        document = {"blocks": document}
    if type(document) is not dict or type(document.get("blocks")) is not list:
        raise BadInput(f'{path}: expected {{"blocks": [[i, ...], ...]}} or a list of blocks '
                       "[[i, ...], ...] (docs/formats.md, \"Block family\")")
    return checked_family(document["blocks"], q, path)


def checked_family(entries: list, q: int, where: str) -> list[Block]:
    """The blocks of a family: nonempty lists (tuples, sets) of integer coordinates in
    0..q-1 (never bools), no block twice; BadInput naming the first bad block."""
    family, seen = [], set()
    for k, entry in enumerate(entries):
        items = list(entry) if isinstance(entry, (list, tuple, set, frozenset)) else None
        if not items or any(isinstance(i, bool) or not isinstance(i, Integral) for i in items):
            raise BadInput(f"{where}: blocks[{k}] is not a nonempty list of integers")
        if any(not 0 <= i < q for i in items):
            raise BadInput(f"{where}: blocks[{k}] has a coordinate outside 0..{q - 1}")
        block = tuple(sorted({int(i) for i in items}))
        if block in seen:
            raise BadInput(f"{where}: blocks[{k}] repeats the block {list(block)}")
        seen.add(block)
        family.append(block)
    return family
