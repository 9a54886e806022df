"""`fbs blocks SPEC --at BITS [--check FAMILY.json] [--backend sat|z3] [--limit N] [--json]`.

Without --check: the minimal sensitive blocks of f at z (truth table for q <= 24, else
enumerated with the solver backend, at most --limit of them).  With --check: for a family
{"blocks": [[0-based coordinates], ...]} (or the bare list) decide whether every member is sensitive and minimal
and whether the family is complete (every sensitive block contains a member); a failure
prints its witness block.  Exit codes: 0 all properties hold, 1 one fails, 2 bad input.
"""

from __future__ import annotations

import sys


def register(commands) -> None:
    from .arguments import count

    blocks = commands.add_parser("blocks", help="minimal sensitive blocks; check a block family")
    blocks.add_argument("spec", metavar="SPEC",
                        help="function spec (expr:, cnf:, wthr:, index:, tribes:, compose(...), "
                        "...), or @FILE / @-")
    blocks.add_argument("--at", required=True, metavar="BITS",
                        help="input x_1..x_q: bits, run-length 1^4,0^2, @FILE or @- (stdin)")
    blocks.add_argument("--check", metavar="FAMILY.json",
                        help='decide sensitive/minimal/complete for {"blocks": [[i, ...], ...]} '
                        "or a bare list of blocks, coordinates from 0 (docs/formats.md, Block "
                        "family; - for standard input)")
    blocks.add_argument("--backend", choices=("sat", "z3"), default="sat",
                        help="solver backend (default sat: pysat/CaDiCaL)")
    blocks.add_argument("--limit", type=count, default=1000, metavar="N",
                        help="list at most N blocks (solver enumeration)")
    blocks.add_argument("--json", action="store_true", help="machine-readable output")
    blocks.set_defaults(run=run_blocks)


def run_blocks(args) -> int:
    from verify.base.errors import BadInput
    from verify.cli import print_json
    from verify.functions.bits import parse_bits
    from verify.functions.spec import parse_spec
    from verify.sensitivity.api import blocks, check_blocks, load_family

    from .arguments import bits_inputs, check_outputs, spec_inputs, spec_text

    spec = spec_text(args.spec)
    check_outputs([], spec_inputs(args.spec, spec) + bits_inputs(args.at)
                  + [(args.check, "--check family file")])
    function = parse_spec(spec)
    bits = parse_bits(args.at, function.arity)
    if args.limit < 1:
        raise BadInput("--limit must be at least 1")
    if args.check:
        report = check_blocks(function, bits, load_family(args.check, function.arity),
                              backend=args.backend)
        if args.json:
            print_json(report.to_json())
        else:
            _print_family(report)
        return 0 if report.ok else 1
    found = blocks(function, bits, backend=args.backend, limit=args.limit)
    if args.json:
        print_json(found.to_json())
        return 0
    for block in found.blocks:
        print(paper_block(block))
    more = "all of them" if found.complete else f"stopped at --limit {args.limit}; there are more"
    print(f"{len(found.blocks)} minimal sensitive blocks ({more}; {found.method})", file=sys.stderr)
    return 0


def paper_block(block) -> str:
    """A block as the paper writes it, coordinates from 1: {x1, x3} for [0, 2]."""
    return "{" + ", ".join(f"x{i + 1}" for i in block) + "}"


def _print_family(report) -> None:
    for m in report.members:
        named = f"block {list(m.block)} = {paper_block(m.block)}"  # the file's, the paper's
        if not m.sensitive:
            print(f"{named}: NOT sensitive (f(z^B) = f(z))")
        elif not m.minimal:
            print(f"{named}: sensitive, NOT minimal: {paper_block(m.witness)} is a smaller "
                  "sensitive block inside it")
        else:
            print(f"{named}: sensitive, minimal")
    if report.complete:
        print(f"family complete: every sensitive block contains a member ({report.backend})")
    else:
        print(f"family NOT complete: the sensitive block {paper_block(report.witness)} contains "
              f"no member ({report.backend})")
    print("all properties hold" if report.ok else "some property fails")
