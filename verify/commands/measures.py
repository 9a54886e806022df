"""`fbs measures SPEC`: s(f), bs(f), fbs(f) and C(f), each maximised over all inputs, certified
(kind `global-measure`, certificates/FORMAT.md section 11)."""

from __future__ import annotations

from verify.base.numbers import json_text

from .arguments import check_outputs, spec_inputs, spec_text
from .proved import add_proved

MEASURES = ("s", "bs", "fbs", "C")


def register(commands) -> None:
    parser = commands.add_parser(
        "measures", help="s, bs, fbs and C of SPEC maximised over all inputs (q <= 14; symmetric "
        "specs any q <= 100000)",
        description="The four measures of f maximised over its 2^q inputs, each with an input "
        "reaching it, certified by the stdlib-only checker (kind global-measure) for q <= 14. "
        "A symmetric spec (and, or, parity, maj, thr, sym) beyond q = 14 is solved exactly by "
        "the closed form over its q + 1 Hamming weights, not certified (no certificate kind "
        "states a maximum over weights; --certificates is refused there).")
    parser.add_argument("spec", metavar="SPEC",
                        help="function spec, e.g. maj:9 or tt:0x...:10, or @FILE / @- holding one")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--certificates", metavar="PREFIX",
                        help="write PREFIX-s.json, PREFIX-bs.json, PREFIX-fbs.json and "
                        "PREFIX-C.json (each checked by `fbs check`), atomically")
    add_proved(parser)
    parser.set_defaults(run=run_measures)


def _outputs(prefix: str | None) -> list[tuple[str, str]]:
    if prefix is None:
        return []
    if not prefix or prefix.endswith(("/", ".")):
        from verify.base.errors import BadInput

        raise BadInput(f"--certificates {prefix!r}: give a file name prefix, such as out/maj9")
    return [(f"{prefix}-{m}.json", "--certificates") for m in MEASURES]


def run_measures(args) -> int:

    from verify.base.files import write_texts_atomic
    from verify.cli import print_json
    from verify.sensitivity.global_measures import measures

    spec = spec_text(args.spec)
    outputs = _outputs(args.certificates)
    check_outputs(outputs, spec_inputs(args.spec, spec))
    if args.proved:  # before the work
        from verify.base.errors import BadInput

        from .proved import require_proved_kind

        if not outputs:
            raise BadInput("--proved checks the written certificates: give --certificates PREFIX")
        require_proved_kind("global-measure")
    result = measures(spec, progress=None)
    if outputs and not result.certificates:
        from verify.base.errors import BadInput

        raise BadInput(f"--certificates: q = {result.arity} > 14, where the maxima come from "
                       "the closed form over weights, which no certificate kind states; "
                       "nothing written (drop --certificates)")
    texts = [(path, json_text(result.certificates[m], indent=1) + "\n")
             for (path, _), m in zip(outputs, MEASURES)]
    if args.proved:  # before anything is written: a refusal (e.g. q > 7) writes nothing
        import sys

        from .proved import check_proved

        check_proved([(path, text.encode()) for path, text in texts],
                     sys.stderr if args.json else sys.stdout)
    if outputs:
        write_texts_atomic(texts)
    if args.json:
        print_json(result.to_json())
    else:
        _print(result, outputs)
    by_weights = not result.certificates  # the closed form: exact, never certified
    return 0 if by_weights or all(result.certified.values()) else 1


def _print(result, outputs) -> None:
    from verify.base.numbers import short_fraction
    from verify.functions.bits import bits_display

    by_weights = not result.certificates
    print(f"measures of {spec_display(result.spec)} over all {_count(result.arity)} inputs "
          f"(q = {result.arity}):")
    for m in MEASURES:
        label = ("exact: closed form over weights, not certified" if by_weights else
                 "certified" if result.certified[m] else "exact, NOT certified")
        print(f"  {m + '(f)':7} = {short_fraction(result.values[m])} at "
              f"{bits_display(result.inputs[m])} ({label})")
    if by_weights:
        print(f"  f is symmetric: each measure at x depends only on |x|, so each maximum is "
              f"taken over the {result.arity + 1} weights (s, bs, C and fbs in closed form "
              "per weight); the input shown is the first of its weight")
    else:
        print(f"  s <= bs <= fbs <= C at every input; fbs_x and bs_x solved exactly at "
              f"{result.solved['fbs']} and {result.solved['bs']} input(s), the others bounded "
              "by C_x")
    if outputs:
        print(f"  certificates: {', '.join(path for path, _ in outputs)}")


def _count(q: int) -> str:
    """2^q written out up to q = 64, else as a power."""
    return str(2 ** q) if q <= 64 else f"2^{q}"


def spec_display(spec: str) -> str:
    """A spec for a terminal: whole up to 80 characters, else its start, its length and a
    digest (a truth table read from @FILE can be 16 KB; --json has it whole)."""
    if len(spec) <= 80:
        return spec
    import hashlib

    digest = hashlib.sha256(spec.encode()).hexdigest()[:16]
    return f"{spec[:24]}... ({len(spec)} characters, sha256 {digest}...)"
