"""`fbs blocks SPEC --at BITS [--check FAMILY.json] [--backend sat|z3] [--limit N] [--json]`.

Without --check: the minimal sensitive blocks of f at z (truth table for q <= 24, else
enumerated with the solver backend, at most --limit of them).  With --check: for a family
{"blocks": [[0-based coordinates], ...]} decide whether every member is sensitive and minimal
and whether the family is complete (every sensitive block contains a member); a failure
prints its witness block.  Exit codes: 0 all properties hold, 1 one fails, 2 bad input.
"""

from __future__ import annotations

import json
import sys

MAX_TABLE_ARITY = 24
MAX_FAMILY_BYTES = 64 * 2**20


def register(commands) -> None:
    from .compute import read_spec_argument

    blocks = commands.add_parser("blocks", help="minimal sensitive blocks; check a block family")
    blocks.add_argument("spec", metavar="SPEC", type=read_spec_argument,
                        help="function spec (expr:, cnf:, wthr:, index:, tribes:, compose(...), ...)")
    blocks.add_argument("--at", required=True, metavar="BITS",
                        help="input x_1..x_q: bits, run-length 1^4,0^2, @FILE or @- (stdin)")
    blocks.add_argument("--check", metavar="FAMILY.json",
                        help='decide sensitive/minimal/complete for {"blocks": [[i, ...], ...]}')
    blocks.add_argument("--backend", choices=("sat", "z3"), default="sat",
                        help="solver backend (default sat: pysat/CaDiCaL)")
    blocks.add_argument("--limit", type=int, default=1000, metavar="N",
                        help="list at most N blocks (solver enumeration; default 1000)")
    blocks.add_argument("--json", action="store_true", help="machine-readable output")
    blocks.set_defaults(run=run_blocks)


def run_blocks(args) -> int:
    from verify.base.errors import BadInput
    from verify.functions.bits import parse_bits
    from verify.functions.spec import parse_spec

    function = parse_spec(args.spec)
    bits = parse_bits(args.at, function.arity)
    if args.limit < 1:
        raise BadInput("--limit must be at least 1")
    if args.check:
        return _check(function, bits, read_family(args.check, function.arity), args)
    return _list(function, bits, args)


def read_family(path: str, q: int) -> list[tuple[int, ...]]:
    """{"blocks": [[0-based coordinates], ...]}: nonempty blocks, coordinates in 0..q-1."""
    from verify.base.errors import BadInput

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FAMILY_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read the family file {path!r}: {error.__class__.__name__}") from None
    if len(data) > MAX_FAMILY_BYTES:
        raise BadInput(f"{path}: family file exceeds {MAX_FAMILY_BYTES // 2**20} MiB")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadInput(f"{path}: not valid JSON") from None
    if type(document) is not dict or type(document.get("blocks")) is not list:
        raise BadInput(f'{path}: expected an object {{"blocks": [[i, ...], ...]}}')
    family, seen = [], set()
    for k, entry in enumerate(document["blocks"]):
        if type(entry) is not list or not entry or any(type(i) is not int for i in entry):
            raise BadInput(f"{path}: blocks[{k}] is not a nonempty list of integers")
        if any(not 0 <= i < q for i in entry):
            raise BadInput(f"{path}: blocks[{k}] has a coordinate outside 0..{q - 1}")
        block = tuple(sorted(set(entry)))
        if block in seen:
            raise BadInput(f"{path}: blocks[{k}] repeats the block {list(block)}")
        seen.add(block)
        family.append(block)
    return family


def _check(function, bits, family, args) -> int:
    from verify.cli import print_json
    from verify.sensitivity.sat.family import check_family

    report = check_family(function, bits, family, args.backend)
    if args.json:
        print_json({
            "spec": function.spec, "backend": report.backend, "ok": report.ok,
            "complete": report.complete,
            "witness": None if report.witness is None else list(report.witness),
            "members": [{"block": list(m.block), "sensitive": m.sensitive, "minimal": m.minimal,
                         "smaller": None if m.witness is None else list(m.witness)}
                        for m in report.members]})
        return 0 if report.ok else 1
    for m in report.members:
        if not m.sensitive:
            print(f"block {list(m.block)}: NOT sensitive (f(z^B) = f(z))")
        elif not m.minimal:
            print(f"block {list(m.block)}: sensitive, NOT minimal: {list(m.witness)} is a "
                  f"smaller sensitive block inside it")
        else:
            print(f"block {list(m.block)}: sensitive, minimal")
    if report.complete:
        print(f"family complete: every sensitive block contains a member ({report.backend})")
    else:
        print(f"family NOT complete: the sensitive block {list(report.witness)} contains no "
              f"member ({report.backend})")
    print("all properties hold" if report.ok else "some property fails")
    return 0 if report.ok else 1


def _list(function, bits, args) -> int:
    from verify.cli import print_json

    if function.arity <= MAX_TABLE_ARITY:
        from verify.sensitivity.blocks import bits_to_index, mask_to_block, minimal_sensitive_masks

        masks = minimal_sensitive_masks(function.truth_table(), bits_to_index(bits))
        found = sorted((mask_to_block(int(m), function.arity) for m in masks),
                       key=lambda b: (len(b), b))
        complete = len(found) <= args.limit
        found, method = found[:args.limit], "truth table"
    else:
        from verify.sensitivity.sat.family import enumerate_minimal

        found, complete = enumerate_minimal(function, bits, args.backend, args.limit)
        method = f"{args.backend} enumeration"
    if args.json:
        print_json({"spec": function.spec, "blocks": [list(b) for b in found],
                    "complete": complete, "method": method})
        return 0
    for block in found:
        print(json.dumps(list(block)))
    more = "all of them" if complete else f"stopped at --limit {args.limit}; there are more"
    print(f"{len(found)} minimal sensitive blocks ({more}; {method})", file=sys.stderr)
    return 0
