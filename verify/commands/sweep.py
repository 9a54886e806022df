"""`fbs sweep` and `fbs census` (issue 14): many certified computations on Dask, summarised;
`fbs census --exhaustive Q`: the census by structure (docs/census.md)."""

from __future__ import annotations

import os
import sys

from verify.base.errors import BadInput
from verify.base.numbers import json_text

from .arguments import positive


def register(commands) -> None:
    sweep = commands.add_parser(
        "sweep", help="run many jobs on Dask into a resumable Parquet STORE",
        description="Run JOBS (a JSON-lines file, one job a line: compute, certify, tree-fbs, "
        "worst-case, plan) and/or built-in families on Dask: a LocalCluster on this machine, "
        "or an existing cluster with --scheduler. One row per job goes to STORE (Parquet), "
        "with the certificates; a rerun skips the jobs already there.")
    sweep.add_argument("jobs", metavar="JOBS", nargs="?", help="JSON-lines file of jobs (- for "
                       "standard input)")
    sweep.add_argument("-o", "--output", required=True, metavar="STORE",
                       help="the store folder (created if new; resumed if a store)")
    sweep.add_argument("--family", action="append", default=[], metavar="FAMILY",
                       help="all:Q, npn:Q (Q <= 4) or random-trees:SEED:N:DEPTH:AGG1,AGG2[@P]; "
                       "repeatable")
    sweep.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, "
                       "e.g. tcp://host:8786 (default: a LocalCluster on this machine)")
    sweep.add_argument("--workers", type=_count, metavar="N", help="LocalCluster worker "
                       "processes (default: the number of cores)")
    sweep.add_argument("--json", action="store_true", help="machine-readable output")
    sweep.set_defaults(run=run_sweep)

    census = commands.add_parser(
        "census", help="summarise a sweep STORE, or every function of Q inputs (--exhaustive)",
        description="Distributions of fbs, s, bs and C; the largest ratios fbs/bs, C/fbs, bs/s "
        "with a function and input attaining them; the inputs where bs < fbs < C; for tree "
        "sweeps, the protocol comparison tables. Every fbs named is re-verified from its "
        "stored certificate by the stdlib-only checker. With --exhaustive Q instead of "
        "STORE: the same figures over every (function, input) pair of Q <= 6 inputs, by "
        "classes of antichains of minimal sensitive blocks (docs/census.md), each class "
        "certified; with both, the shards of Q that `fbs sweep --family census-shards:Q` "
        "put in STORE, added up. With --certify-shards STORE (Q <= 7): every shard's "
        "census-shard certificate produced and checked, one record a shard, resumable; "
        "the census is certified only when every shard of Q passed the named checker.")
    census.add_argument("store", metavar="STORE", nargs="?")
    census.add_argument("--exhaustive", type=positive, metavar="Q", help="instead of a STORE: "
                        "every (function, input) pair of Q <= 6 inputs, by classes of "
                        "antichains of minimal sensitive blocks, each certified")
    census.add_argument("--uncertified", action="store_true", help="with --exhaustive: skip "
                        "the checker (values exact, not certified)")
    census.add_argument("--global", dest="global_measures", action="store_true",
                        help="with --exhaustive 5: also the global census (fbs(f) = max over x, "
                        "and s, bs, C alike, over all 2^32 functions; minutes). Q <= 4 always "
                        "has it")
    census.add_argument("--workers", type=_count, metavar="N", help="with --global: processes "
                        "for the global census (default: the number of cores); with "
                        "--certify-shards: processes certifying shards (default 1)")
    census.add_argument("--shard-certificates", metavar="DIR", help="with --exhaustive Q "
                        "(2..6): one kind census-shard certificate a shard in DIR (written "
                        "where missing, so a rerun resumes), each checked by the stdlib "
                        "checker, and the cover of the classes checked: the census certified "
                        "end to end")
    census.add_argument("--certify-shards", metavar="STORE", help="with --exhaustive Q "
                        "(2..7): certify the shards of Q into the folder STORE: per shard the "
                        "compiled producer writes its census-shard certificate(s), --checker "
                        "judges them, and STORE/qQ/shards/PREFIX.json records the certificates' "
                        "SHA-256, the checker, its version digest, the verdict and the row "
                        "(a rerun skips the shards already accepted); then the summary "
                        "STORE/qQ/summary-CHECKER.json, certified only when every shard of Q "
                        "has passed (docs/census.md, \"Certifying the shards of Q\")")
    census.add_argument("--checker", choices=("stdlib", "proved"), help="with --certify-shards: "
                        "the stdlib-only checker, or the proved program fbs-proved (kind "
                        "census-shard, docs/formal.md section 13j); default stdlib for Q <= 6, "
                        "proved for Q = 7")
    census.add_argument("--from", dest="shard_from", type=_count, metavar="K", help="with "
                        "--certify-shards: the first shard (canonical order, from 0)")
    census.add_argument("--to", dest="shard_to", type=_count, metavar="L", help="with "
                        "--certify-shards: the shard after the last (default: all)")
    census.add_argument("--keep-certificates", action="store_true", help="with "
                        "--certify-shards: also keep the certificates (gzip) in STORE/qQ/"
                        "certificates (default: only their digests are kept)")
    census.add_argument("--recheck", action="store_true", help="with --certify-shards: "
                        "produce and check every shard of the range again, even those already "
                        "accepted, and compare each stored record with the fresh one (the "
                        "summary trusts STORE's records; this audits them): a record that "
                        "differs is reported, replaced, and the exit code is 1")
    census.add_argument("-o", "--output", metavar="PREFIX", help="write PREFIX.md, PREFIX.json "
                        "and PREFIX.png (atomically; --exhaustive: PREFIX.md and PREFIX.json)")
    census.add_argument("--json", action="store_true", help="print the JSON instead of Markdown")
    census.add_argument("--proved", action="store_true", help="with --exhaustive: also check "
                        "the classes' certificates (kind census-classes) with the proved checker "
                        "(docs/formal.md); its lines go to standard error")
    census.set_defaults(run=run_census)


def _count(text: str) -> int:
    """An argparse type: ASCII digits only (int() also reads other scripts' digits)."""
    import argparse
    import re

    if not re.fullmatch(r"[0-9]{1,18}", text.strip(), re.ASCII):
        raise argparse.ArgumentTypeError(f"expected a number of ASCII digits, got {text[:40]!r}")
    return int(text)


def run_sweep(args) -> int:
    from verify.cli import print_json
    from verify.sweep.api import run_sweep

    result = run_sweep(args.output, jobs=args.jobs, families=args.family,
                   scheduler=args.scheduler, workers=args.workers)
    if args.json:
        print_json(result.to_json())
    else:
        r = result.report
        if r.set_aside:
            print(f"{args.output}: {len(r.set_aside)} damaged part(s) moved to "
                  f"{args.output}/damaged/, their jobs computed again (e.g. {r.set_aside[0]})")
        if result.complete and r.already_done == r.jobs and not r.tasks:
            print(f"{args.output}: complete: all {r.jobs} jobs already in STORE; nothing to "
                  "compute (no cluster started)")
        else:
            print(f"{args.output}: {r.jobs} jobs, {r.already_done} already in STORE, "
                  f"{r.computed} computed in {r.tasks} tasks on {r.workers} workers, "
                  f"{r.seconds:.1f} s")
    if result.complete:
        return 0
    return _failed(result.report.errors)


def _failed(errors) -> int:
    """One line on stderr: exit 2 if every failed job is bad input (found on the worker),
    else 3 (a bug of ours or a failed task); --json lists the first 20."""
    from verify.base.errors import EXIT_BAD_INPUT, EXIT_BUG
    from verify.cli import _one_line

    bad = all(code == EXIT_BAD_INPUT for _, _, code in errors)
    identity, message, _ = next((e for e in errors if e[2] != EXIT_BAD_INPUT), errors[0])
    head = "fbs: error:" if bad else "fbs: internal error:"
    what = "are bad input" if bad else "failed"
    print(_one_line(f"{head} {len(errors)} job(s) {what} and are not in STORE, e.g. job "
                    f"{identity}: {message}"), file=sys.stderr)
    return EXIT_BAD_INPUT if bad else EXIT_BUG


def run_census(args) -> int:

    if args.store is None and args.exhaustive is None:
        raise BadInput("give a STORE, --exhaustive Q, or both (the shards of Q in STORE)")
    if args.proved:  # before the work
        return run_proved_census(args)
    if args.exhaustive is not None:
        return run_exhaustive_census(args)
    if args.uncertified or args.global_measures or args.workers is not None or (
            args.certify_shards is not None):
        raise BadInput("--uncertified, --global, --workers and --certify-shards apply to "
                       "--exhaustive only")
    from verify.sweep.api import census
    from verify.sweep.census_report import markdown, write_outputs

    if args.output is not None:
        from verify.base.files import check_paths

        _check_prefix_name(args.output)
        check_paths([(f"{args.output}.{ext}", f"the output {args.output + '.' + ext!r}")
                     for ext in ("md", "json", "png")], [(args.store, "the STORE folder")])
    result = census(args.store)
    _emit(result, args, write_outputs, markdown)
    if result.all_reverified:
        return 0
    print("fbs: internal error: a named row failed re-verification", file=sys.stderr)
    return 3


def run_exhaustive_census(args) -> int:
    """The API checks Q, --global and --workers (before any work); here only what is about
    the command line."""
    from verify.sweep.exhaustive_census import exhaustive_census  # not api: no Dask, no Arrow
    from verify.sweep.exhaustive_report import markdown, write_outputs
    from verify.sweep.global_census import MAX_WORKERS

    if args.certify_shards is not None:
        return run_certify_shards(args)
    if args.checker is not None or args.shard_from is not None or args.shard_to is not None or (
            args.keep_certificates or args.recheck):
        raise BadInput("--checker, --from, --to, --keep-certificates and --recheck apply to "
                       "--certify-shards only")
    if args.store is not None:
        return run_shard_census(args)
    if args.exhaustive == 7 and args.shard_certificates is None:
        raise BadInput("the census by structure handles 1 <= q <= 6 (q = 7 has 2.4 * 10^12 "
                       "antichains); q = 7 by shards: `fbs census --exhaustive 7 "
                       "--certify-shards STORE` (certified) or `fbs sweep --family "
                       "census-shards:7 -o STORE` (exact)")
    if args.shard_certificates is not None:
        return run_certified_shards(args)
    if args.workers is not None and not args.global_measures:
        raise BadInput("--workers applies to --global (the global census) only")
    if args.output is not None:
        _check_output_prefix(args.output)  # before minutes of work at Q = 6
    workers = min(os.cpu_count() or 1, MAX_WORKERS) if args.workers is None else args.workers
    result = exhaustive_census(args.exhaustive, certify=not args.uncertified,
                               global_measures=args.global_measures or None, workers=workers)
    _emit(result, args, write_outputs, markdown)
    return 0


def run_proved_census(args) -> int:
    """--exhaustive Q --proved: the census, each batch certificate of its classes (kind
    census-classes, accepted by the stdlib checker) also checked by the proved program; its
    lines go to standard error (standard output keeps the report)."""
    import json

    from verify.sweep.census_kernel import COMPILED
    from verify.sweep.compiled_census import ON_BATCH

    from .proved import check_proved, require_proved_kind

    if args.exhaustive is None or args.store is not None or args.shard_certificates is not None:
        raise BadInput("--proved applies to --exhaustive Q alone (not STORE, not "
                       "--shard-certificates)")
    if args.uncertified:
        raise BadInput("--proved checks the classes' certificates: it takes no --uncertified")
    if not COMPILED:
        raise BadInput("--proved: the census writes census-classes certificates only with the "
                       "compiled kernel (numba)")
    require_proved_kind("census-classes")
    batches = iter(range(1, 10**9))

    def check(certificate: dict) -> None:
        name = f"census-classes batch {next(batches)} (q = {certificate['arity']})"
        check_proved([(name, json.dumps(certificate).encode())], sys.stderr)

    token = ON_BATCH.set(check)
    try:
        return run_exhaustive_census(args)
    finally:
        ON_BATCH.reset(token)


def run_certified_shards(args) -> int:
    """--exhaustive Q --shard-certificates DIR: the census by shards, certified end to end."""
    from verify.checker.census_cover import CoverFailure
    from verify.cli import print_json
    from verify.sweep.certified_census import certified_census

    if args.uncertified or args.output is not None or args.global_measures or (
            args.workers is not None):
        raise BadInput("--shard-certificates takes no --uncertified, -o, --global, --workers")
    try:
        document = certified_census(args.exhaustive, args.shard_certificates)
    except CoverFailure as failure:
        print(f"fbs: INVALID: the census of q = {args.exhaustive} in "
              f"{args.shard_certificates} is not certified: {failure}", file=sys.stderr)
        return 1
    if args.json:
        print_json(document)
        return 0
    print(f"q = {document['q']}: {document['shards']} shards covering all "
          f"{document['classes_covered']} classes of up-sets on {document['q'] - 1} points, "
          f"{document['pairs']} (function, input) pairs; certified by the stdlib checker "
          f"(kind census-shard, one certificate a shard in {args.shard_certificates})")
    _print_distributions(document)
    return 0


def run_certify_shards(args) -> int:
    """--exhaustive Q --certify-shards STORE: each shard's certificate produced and checked,
    one record a shard in STORE (resumable), then the summary; exit 3 if a checker refused a
    certificate of ours."""
    from verify.cli import print_json
    from verify.sweep.shard_driver import certify_shards

    if args.store is not None or args.shard_certificates is not None or args.uncertified or (
            args.output is not None or args.global_measures or args.proved):
        raise BadInput("--certify-shards takes no STORE argument, --shard-certificates, "
                       "--uncertified, -o, --global or --proved (use --checker proved)")
    if args.workers is not None and not 1 <= args.workers <= 64:
        raise BadInput(f"--workers: expected 1..64, got {args.workers}")
    result = certify_shards(args.exhaustive, args.certify_shards, args.checker,
                            args.shard_from, args.shard_to, args.workers or 1,
                            args.keep_certificates, recheck=args.recheck)
    document = result["summary"]
    if args.json:
        print_json(result)
    else:
        print(_certified_line(document, result, args.certify_shards))
        if document["certified"]:
            _print_distributions(document)
    if result["failed"]:
        first = result["failed"][0]
        line = next((c.get("line", "") for c in first["certificates"]
                     if c["verdict"] != "accepted"), "")
        print(f"fbs: internal error: the {document['checker']} checker did not accept "
              f"{len(result['failed'])} shard certificate(s) of ours, e.g. shard "
              f"{first['prefix'][:24]}: {line}"[:400], file=sys.stderr)
        return 3
    if result["changed"]:
        print(f"fbs: --recheck: {len(result['changed'])} stored record(s) differed from the "
              f"shard produced and checked again (replaced), e.g. shard "
              f"{result['changed'][0][:24]}", file=sys.stderr)
        return 1
    return 0


def _certified_line(document: dict, result: dict, store: str) -> str:
    """One line: certified (by which checker) or how far the certification is."""
    checker = f"the {document['checker']} checker"
    versions = ", ".join(document["checker_versions"]) or "none"
    if document["certified"]:
        return (f"q = {document['q']}: all {document['shards_total']} shards, covering all "
                f"{document['classes_total']} classes of up-sets on {document['q'] - 1} "
                f"points and {document['pairs']} (function, input) pairs, certified by "
                f"{checker} (kind census-shard; checker version {versions}; records and "
                f"summary in {store})")
    return (f"q = {document['q']}: {document['shards_accepted']} of "
            f"{document['shards_total']} shards accepted by {checker} so far (this run: "
            f"{result['done']} judged, {result['skipped']} already accepted); not certified "
            "until every shard of q is")


def _print_distributions(document: dict) -> None:
    """The four distributions of a census document, one line each."""
    for measure in ("fbs", "s", "bs", "C"):
        print(f"  {measure}: " + json_text(document[measure]))


def _emit(result, args, write_outputs, markdown) -> None:
    """-o PREFIX's files first, then the JSON (--json) or the Markdown on standard output."""
    from verify.cli import print_json

    if args.output is not None:
        write_outputs(result, args.output)
    if args.json:
        print_json(result.to_json())
    else:
        sys.stdout.write(markdown(result))


def run_shard_census(args) -> int:
    """The shards of --exhaustive Q that a sweep (--family census-shards:Q) put in STORE."""

    from verify.cli import print_json
    from verify.sweep.census_shards import shard_census

    if (args.uncertified or args.output is not None or args.global_measures
            or args.workers is not None):
        raise BadInput("with a STORE, --exhaustive Q adds up its shards: no --uncertified, -o, "
                       "--global, --workers")
    document = shard_census(args.store, args.exhaustive)
    if args.json:
        print_json(document)
    else:
        print(f"q = {document['q']}: {document['shards']} of {document['shards_total']} shards "
              f"in STORE, covering {document['inputs_covered']} of {document['inputs_total']} "
              f"(function, input) pairs ({'complete' if document['complete'] else 'PARTIAL'}, "
              f"{'certified' if document['certified'] else 'exact, not certified'})")
        _print_distributions(document)
        for name, record in document["largest_ratios"].items():
            witness = record["witness"]
            print(f"  largest {name} = {record['ratio']} ({record['attained_by']} pairs), "
                  f"e.g. {witness['spec']} at {witness['input']}")
    return 0


def _check_output_prefix(prefix: str) -> None:
    """PREFIX.md, PREFIX.json and PREFIX.png can be written: not folders, in an existing
    folder."""
    import os

    from verify.base.files import check_paths, output_target

    _check_prefix_name(prefix)
    for suffix in (".md", ".json", ".png"):
        target, _ = output_target(prefix + suffix)
        folder = os.path.dirname(target) or "."
        if target != "-" and not os.path.isdir(folder):
            raise BadInput(f"cannot write {prefix + suffix!r}: its folder does not exist")
    check_paths([(prefix + suffix, f"the output {prefix + suffix!r}")
                 for suffix in (".md", ".json", ".png")])


def _check_prefix_name(prefix: str) -> None:
    """-o PREFIX names files PREFIX.md, ...: its last part must be a name, not '', '.' or '..'
    (else -o '' would write nothing and -o DIR/ would write hidden files DIR/.md, ...)."""
    import os

    if os.path.basename(prefix) in ("", ".", ".."):
        example = os.path.join(prefix, "census") if prefix else "census"
        raise BadInput(f"-o PREFIX {prefix!r} names no file: give a file name prefix such as "
                       f"{example!r} (writes {example}.md, {example}.json, ...)")
