"""`fbs compute`, `fbs certify` and `fbs check` (issue 2)."""

from __future__ import annotations

import sys

from verify.base.numbers import fraction_text


def register(commands) -> None:
    compute = commands.add_parser("compute", help="exact fbs of SPEC at an input")
    _common(compute)
    compute.add_argument("--json", action="store_true", help="machine-readable output")
    compute.add_argument("--measures", action="store_true", help="also s, bs and C at the input")
    compute.set_defaults(run=run_compute)

    certify = commands.add_parser("certify", help="compute fbs and write its certificate")
    _common(certify)
    certify.add_argument("-o", "--output", required=True, metavar="FILE")
    certify.set_defaults(run=run_certify)

    check = commands.add_parser("check", help="re-verify a certificate with the stdlib-only checker")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--json", action="store_true")
    check.set_defaults(run=run_check)


def _common(parser) -> None:
    parser.add_argument("spec", metavar="SPEC", type=read_spec_argument,
                        help="function spec, e.g. maj:6 (see README), or @FILE holding one")
    parser.add_argument("--at", required=True, metavar="BITS",
                        help="input x_1..x_q: bits, run-length 1^4,0^2, @FILE or @- (stdin)")
    parser.add_argument("--method", default="auto", metavar="METHOD",
                        help="auto (default: symmetric, composition, threshold, table up to "
                        "q = 24, then sat or z3), symmetric, composition, threshold, table "
                        "(q <= 28), sat, z3")


def read_spec_argument(text: str) -> str:
    """A spec given inline or as @FILE (a long truth table does not fit in argv)."""
    from verify.base.files import read_argument

    return read_argument(text, "the spec", 2**30).strip()


def run_compute(args) -> int:
    from verify.cli import print_json
    from verify.sensitivity.exact_fbs import fbs

    result = fbs(args.spec, args.at, measures=args.measures, method=args.method)
    if args.json:
        print_json(result.to_json())
    else:
        _print_summary(result)
    return 0 if result.certified else 3


def _print_summary(result) -> None:
    from verify.functions.bits import PerBit, parse_runs

    label = "certified" if result.certified else "NOT CERTIFIED"
    print(f"fbs of {result.spec} at {_short(result.input)} = {fraction_text(result.value)} "
          f"(~{float(result.value):.6g}, {label}, method {result.method})")
    print(f"  minimal sensitive blocks: {result.n_minimal_blocks}; "
          f"primal support: {len(result.primal)} blocks")
    if isinstance(result.sampling, PerBit):
        ones = parse_runs(result.input).weight
        print(f"  Bob's sampling distribution p = t/sum(t): {fraction_text(result.sampling.on_ones)} "
              f"on each of the {ones} ones, {fraction_text(result.sampling.on_zeros)} on each of "
              f"the {len(result.sampling) - ones} zeros")
    elif result.sampling is not None:
        support = [(i, p) for i, p in enumerate(result.sampling) if p]
        shown = ", ".join(f"x{i + 1}: {fraction_text(p)}" for i, p in support[:12])
        more = f", ... ({len(support)} coordinates)" if len(support) > 12 else ""
        print(f"  Bob's sampling distribution p = t/sum(t): {shown}{more}")
    else:
        print("  f is constant: no sensitive block, fbs = 0, Bob has no distribution")
    if result.measures is not None:
        m = result.measures
        print(f"  s = {m.sensitivity} <= bs = {m.block_sensitivity} <= fbs = "
              f"{fraction_text(result.value)} <= C = {m.certificate_complexity} "
              "(s, bs, C: exact, from RC2 MaxSAT; not part of the certificate)")


def _short(bits: str) -> str:
    return bits if len(bits) <= 64 else f"{bits[:30]}...{bits[-30:]} ({len(bits)} bits)"


def run_certify(args) -> int:
    from verify.sensitivity.api import certify

    result = certify(args.spec, args.at, output=args.output, method=args.method)
    print(f"certified fbs = {fraction_text(result.value)}; certificate written to {args.output}")
    return 0


def run_check(args) -> int:
    from verify.cli import print_json
    from verify.sensitivity.api import check

    verdict = check(args.file)
    if args.json:
        print_json(verdict.to_json())
    elif verdict.valid:
        print(f"valid: {args.file}: fbs = {fraction_text(verdict.value)}")
    else:
        print(f"INVALID: {args.file}: [{verdict.condition}] {verdict.message}", file=sys.stderr)
    return 0 if verdict.valid else 1
