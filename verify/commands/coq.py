"""`fbs coq`: certificates as Coq theorems, proved by the Coq checker (docs/formal.md section 10)."""

from __future__ import annotations

from .arguments import check_outputs, report_stream


def register(commands) -> None:
    coq = commands.add_parser(
        "coq", help="export certificates as a Coq file whose theorems coqc proves by running "
                    "the Coq checkers (kinds exhaustive, symmetric, measure and tree)")
    coq.add_argument("files", metavar="CERT", nargs="+",
                     help="certificate file (gzip accepted); one theorem each")
    coq.add_argument("-o", "--output", required=True, metavar="OUT.v",
                     help="the Coq file (written atomically; - for standard output)")
    coq.add_argument("--check", action="store_true",
                     help="then compile it with coqc against coq/ (a checkout's Coq library)")
    coq.set_defaults(run=run_coq)


def run_coq(args) -> int:
    """The Coq file is made in memory; with --check, coqc proves it first and the file is
    written only if it did (nothing written on a refusal or an error)."""
    from verify.base.errors import BadInput
    from verify.base.files import write_text_atomic
    from verify.formal.coq_export import export_text

    check_outputs([(args.output, "-o")], [(name, "certificate") for name in args.files])
    if args.check and args.output == "-":
        raise BadInput("--check needs a file name for the output, not '-'")
    count, text = export_text(args.files)
    stream = report_stream(args.output)
    if args.check and not checked_by_coqc(text, args.output, stream):
        return 1
    write_text_atomic(args.output, text)
    print(f"{count} theorem(s) written to {args.output}", file=stream)
    return 0


def checked_by_coqc(text: str, output: str, stream) -> bool:
    """`--check`: coqc on the text before it is written; True if every theorem is closed."""
    from verify.formal.coq_run import check_text

    ok, said = check_text(text)
    if ok:
        print(f"coqc: every theorem of {output} proved, Print Assumptions closed", file=stream)
        return True
    print(f"coqc REFUSED {output} (nothing written): "
          f"{said.splitlines()[-1] if said else 'no output'}", file=stream)
    return False
