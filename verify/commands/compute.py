"""`fbs compute`, `fbs certify` and `fbs check`: exact fbs and its certificate (paper Section 3.3)."""

from __future__ import annotations

from verify.base.errors import BadInput
from verify.base.numbers import short_fraction

from .arguments import (
    bits_inputs,
    check_outputs,
    refuse_json_with_stdout,
    report_stream,
    spec_inputs,
    spec_text,
)
from .proved import add_proved


def register(commands) -> None:
    compute = commands.add_parser("compute", help="exact fbs of SPEC at an input")
    _common(compute)
    compute.add_argument("--json", action="store_true", help="machine-readable output")
    compute.add_argument("--measures", action="store_true", help="also s, bs and C at the input")
    compute.set_defaults(run=run_compute)

    certify = commands.add_parser("certify", help="compute fbs and write its certificate")
    _common(certify)
    certify.add_argument("-o", "--output", required=True, metavar="FILE",
                         help="certificate file (written atomically; - for standard output)")
    certify.add_argument("--json", action="store_true", help="machine-readable report")
    certify.add_argument("--coq", metavar="OUT.v",
                         help="also write the certificate as a Coq theorem (fbs coq; kinds "
                         "exhaustive, symmetric and tree: --method table, symmetric or "
                         "composition; with --measure, kind measure up to q = 7)")
    certify.add_argument("--measure", choices=("s", "bs", "C"),
                         help="certify s, bs or C at the input instead of fbs (kind measure, "
                         "q <= 10: the checker re-derives optimality by enumeration)")
    add_proved(certify)
    certify.set_defaults(run=run_certify)

    check = commands.add_parser(
        "check", help="re-verify a certificate with the stdlib-only checker",
        description="Prints one verdict line on standard output, `valid: FILE: QUANTITY = "
        "VALUE` (exit 0) or `INVALID: FILE: [CONDITION] MESSAGE` (exit 1); a malformed or "
        "unreadable certificate is one error line on standard error (exit 2).")
    check.add_argument("files", metavar="FILE", nargs="+",
                       help="certificate (gzip accepted; - for standard input); several with "
                            "--proved")
    check.add_argument("--json", action="store_true", help="machine-readable output")
    check.add_argument("--proved", action="store_true",
                       help="check with the proved checker instead: the Coq checkers extracted "
                            "to a native program, built on first use (docs/formal.md); one "
                            "line a file (`proved: ...` or the refusal), the exit code the "
                            "largest of the files'; --json: an object, or a list for several files")
    check.add_argument("--full-statements", action="store_true",
                       help="with --proved: print every statement whole (a tree's Coq term "
                            "instead of its length and MD5)")
    check.set_defaults(run=run_check)


def _common(parser) -> None:
    parser.add_argument("spec", metavar="SPEC",
                        help="function spec, e.g. maj:6 (see README), or @FILE / @- holding one")
    parser.add_argument("--at", required=True, metavar="BITS",
                        help="input x_1..x_q: bits, run-length 1^4,0^2, @FILE or @- (stdin)")
    parser.add_argument("--method", default="auto", metavar="METHOD",
                        help="auto (default: symmetric, composition, threshold, table up to "
                        "q = 24, then sat or z3), symmetric, composition, threshold, table "
                        "(q <= 28), sat, z3")


def _inputs(args, spec: str) -> list:
    return spec_inputs(args.spec, spec) + bits_inputs(args.at)


def run_compute(args) -> int:
    from verify.cli import print_json
    from verify.sensitivity.exact_fbs import fbs

    spec = spec_text(args.spec)
    check_outputs([], _inputs(args, spec))
    result = fbs(spec, args.at, measures=args.measures, method=args.method)
    if args.json:
        print_json(result.to_json())
    else:
        _print_summary(result)
    return 0 if result.certified else 3


def _print_summary(result, stream=None) -> None:
    """The value, then its witness (Definitions 3.3/3.4, Section 4 step 3): the primal blocks
    with their weights, the dual t, Bob's p = t/sum(t), each compact and truncated."""
    import sys

    from verify.sensitivity.witness_text import per_coordinate_text, primal_text

    def say(text: str) -> None:
        print(text, file=stream or sys.stdout)

    label = "certified" if result.certified else "NOT CERTIFIED (a bug: please report it)"
    say(f"fbs of {_short(result.spec)} at {_short(result.input)} = "
        f"{short_fraction(result.value)} ({label}; method {result.method})")
    say(f"  {block_counts(result)}")
    say(f"  primal y (Definition 3.3): {primal_text(result)}")
    if result.sampling is None:
        say("  f is constant: no sensitive block, fbs = 0, t = 0, Bob has no distribution")
    else:
        say(f"  dual t (Definition 3.4): {per_coordinate_text(result, result.dual)}")
        say(f"  Bob's distribution p = t/sum(t): "
            f"{per_coordinate_text(result, result.sampling)}")
    if result.measures is not None:
        m = result.measures
        say(f"  s = {m.sensitivity} <= bs = {m.block_sensitivity} <= fbs = "
            f"{short_fraction(result.value)} <= C = {m.certificate_complexity} (s, bs, C exact: "
            f"{m.source}; not part of the certificate; fbs, t and p above are the "
            f"{result.method} method's)")


def block_counts(result) -> str:
    """What the block counts of a result are, per method (they mean different things)."""
    if result.method == "symmetric":
        types = ", ".join(f"({a}, {b})" for a, b, _ in (result.primal_types or ()))
        return (f"minimal sensitive block types (a ones, b zeros flipped): "
                f"{result.n_minimal_blocks}, each standing for every block of its type; "
                f"primal support: {len(result.primal_types or ())} block type(s) {types}")
    if result.method in ("sat", "z3", "threshold"):
        return (f"column generation produced {result.n_minimal_blocks} sensitive blocks (the "
                f"minimal ones are not enumerated at this width); primal support: "
                f"{len(result.primal)} blocks")
    if result.method == "composition":
        return (f"the composition as a tree: {result.n_minimal_blocks} distinct local LPs, "
                "certified by the tree kind (no explicit blocks of f)")
    return (f"minimal sensitive blocks: {result.n_minimal_blocks} (all of them, from the truth "
            f"table); primal support: {len(result.primal)} blocks")


def _short(text: str) -> str:
    """A spec or an input for a terminal: a spec cut in the middle (it is in --json whole),
    an input as bits_display shows it."""
    from verify.functions.bits import bits_display

    if set(text) <= {"0", "1"}:
        return bits_display(text)
    return text if len(text) <= 64 else f"{text[:30]}...{text[-30:]} ({len(text)} characters)"


def run_certify(args) -> int:
    from verify.cli import print_json
    from verify.sensitivity.api import certify

    refuse_json_with_stdout(args.json, args.output)
    spec = spec_text(args.spec)
    outputs = [(args.output, "-o")] + ([(args.coq, "--coq")] if args.coq else [])
    check_outputs(outputs, _inputs(args, spec))
    if args.measure:
        return _certify_measure(args, spec)
    method = _coq_method(args.method) if args.coq else args.method
    deferred = args.coq or args.proved
    result = certify(spec, args.at, output=None if deferred else args.output, method=method)
    if args.proved:  # before anything is written: a refusal writes nothing
        _check_proved(result, args)
    if args.coq:
        _write_with_coq(result, spec, args)
    elif args.proved:
        from verify.sensitivity.certificates import write_certificate

        write_certificate(result.certificate, args.output)
    if args.json:
        print_json(result.to_json())
        return 0
    stream = report_stream(args.output, args.coq)
    _print_summary(result, stream)
    print(f"certificate written to {args.output}", file=stream)
    if args.coq:
        print(f"Coq theorem written to {args.coq}", file=stream)
    return 0


def _certify_measure(args, spec: str) -> int:
    """`--measure s|bs|C`: kind measure (certificates/FORMAT.md section 10), checked before
    anything is written; with --coq the Coq file is made first (it may refuse beyond q = 7)."""
    from verify.base.files import write_text_atomic
    from verify.cli import print_json
    from verify.sensitivity.certificates import write_certificate
    from verify.sensitivity.measure_certify import certify_measure

    if args.method != "auto":
        raise BadInput("--measure computes s, bs or C from the truth table; --method applies "
                       "to fbs only")
    result = certify_measure(spec, args.at, args.measure)
    if args.proved:  # before anything is written: a refusal writes nothing
        _check_proved(result, args)
    text = None
    if args.coq:
        from verify.formal.coq_export import coq_text

        text = coq_text([(f"fbs certify {_short(spec)} --at {_short(result.input)} "
                          f"--measure {args.measure}", result.certificate)])
    write_certificate(result.certificate, args.output)
    if text is not None:
        write_text_atomic(args.coq, text)
    if args.json:
        print_json({"spec": result.spec, "input": result.input, "measure": result.measure,
                    "value": str(result.value), "witness": result.witness, "certified": True,
                    "message": result.message})
        return 0
    stream = report_stream(args.output, args.coq)
    print(f"{args.measure} of {_short(result.spec)} at {_short(result.input)} = {result.value} "
          f"(certified; kind measure)", file=stream)
    print(f"  witness ({_WITNESS[args.measure]}): {_witness_text(result)}", file=stream)
    print(f"certificate written to {args.output}", file=stream)
    if args.coq:
        print(f"Coq theorem written to {args.coq}", file=stream)
    return 0


def _witness_text(result) -> str:
    """Coordinates numbered from 1, as everywhere in text: {x1, x3} (s, C) or blocks (bs)."""
    def braces(block) -> str:
        return "{" + ", ".join(f"x{i + 1}" for i in block) + "}"

    if result.measure == "bs":
        return ", ".join(braces(block) for block in result.witness) or "none"
    return braces(result.witness)


_WITNESS = {"s": "the sensitive coordinates", "bs": "pairwise disjoint sensitive blocks",
            "C": "coordinates meeting every sensitive block"}


def _check_proved(result, args) -> None:
    """--proved: the certificate's kind must have a proved checker, and fbs-proved accepts it
    (verify/commands/proved.py); its line goes to the report's stream."""
    import json

    from verify.formal.proved_run import kind_key

    from .proved import check_proved, require_proved_kind

    require_proved_kind(kind_key(result.certificate))
    stream = report_stream(args.output, args.coq) if not args.json else __import__("sys").stderr
    name = args.output if args.output != "-" else "the certificate"
    check_proved([(name, json.dumps(result.certificate).encode())], stream)


def _coq_method(method: str) -> str:
    """--coq needs a certificate of a kind the Coq checkers cover: the table method (kind
    exhaustive; auto means table), the symmetric method (kind symmetric) or the composition
    method (kind tree)."""
    if method not in ("auto", "table", "symmetric", "composition"):
        raise BadInput(f"--coq: method {method} does not write a certificate of a kind the Coq "
                       "checkers cover (exhaustive, symmetric, tree); use --method table, "
                       "symmetric or composition")
    return "table" if method == "auto" else method


def _write_with_coq(result, spec: str, args) -> None:
    """The Coq file is made first (it may refuse: an arity beyond the Coq checker's bound), so
    nothing is written unless both files can be."""
    from verify.base.files import json_file_text, write_texts_atomic
    from verify.formal.coq_export import coq_text

    # the source names the certificate in the Coq file and in a refusal: spec and input cut
    # (a refusal's reason comes after it and must stay on the line)
    text = coq_text([(f"fbs certify {_short(spec)} --at {_short(args.at)}", result.certificate)])
    write_texts_atomic([(args.output, json_file_text(result.certificate)), (args.coq, text)])


def run_check(args) -> int:
    """The checker runs in a process of its own that loads nothing untrusted
    (verify/base/checker_process.py). The verdict line, valid or INVALID, goes to standard
    output (exit 0 or 1); errors (malformed, unreadable: exit 2) to standard error."""
    from verify.base.checker_process import check_in_process
    from verify.cli import print_json

    from .witness import one_based

    if args.full_statements and not args.proved:
        raise BadInput("--full-statements applies to --proved (the stdlib checker prints no "
                       "statement)")
    if args.proved:
        return run_check_proved(args)
    if len(args.files) != 1:
        raise BadInput("fbs check takes one FILE (several with --proved)")
    args.file = args.files[0]
    verdict = check_in_process([args.file])[0]
    if verdict["exit"] == 2:
        raise BadInput(verdict["message"])
    if args.json:
        print_json({key: verdict[key] for key in ("file", "valid", "condition", "message",
                                                  "value", "quantity")})
    elif verdict["valid"]:
        print(f"valid: {args.file}: {verdict['quantity']} = {verdict['value']}")
    else:
        print(f"INVALID: {args.file}: [{verdict['condition']}] {one_based(verdict['message'])}")
    return 0 if verdict["valid"] else 1


def run_check_proved(args) -> int:
    """`fbs check --proved FILE...`: one line per file from fbs-proved (the statement proved,
    or the refusal); the exit code is the largest of the files' (0, 1, 2, 3)."""
    import sys

    from verify.cli import print_json
    from verify.formal.proved_run import check_files

    verdicts = check_files(args.files, full=args.full_statements)
    if args.json:
        rows = [{"file": v.file, "exit": v.exit, "line": v.line} for v in verdicts]
        print_json(rows[0] if len(rows) == 1 else rows)
    else:
        for verdict in verdicts:
            print(verdict.line, file=sys.stdout if verdict.exit in (0, 1) else sys.stderr)
    return max(verdict.exit for verdict in verdicts)
