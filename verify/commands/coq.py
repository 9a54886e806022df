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
    from verify.formal.coq_export import export_files

    check_outputs([(args.output, "-o")], [(name, "certificate") for name in args.files])
    count = export_files(args.files, args.output)
    stream = report_stream(args.output)
    print(f"{count} theorem(s) written to {args.output}", file=stream)
    return check_with_coqc(args.output, stream) if args.check else 0


def check_with_coqc(path: str, stream) -> int:
    """`--check` / `--coq-check`: coqc on the written file; 0 if every theorem is closed."""
    from verify.base.errors import BadInput
    from verify.formal.coq_run import check_exported

    if path == "-":
        raise BadInput("--check needs a file name for the output, not '-'")
    ok, output = check_exported(path)
    if ok:
        print(f"coqc: every theorem of {path} proved, Print Assumptions closed", file=stream)
        return 0
    print(f"coqc REFUSED {path}: {output.splitlines()[-1] if output else 'no output'}",
          file=stream)
    return 1
