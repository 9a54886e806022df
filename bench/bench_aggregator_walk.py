"""Benchmark for issue 40 section 5: the call walk of a command, followed as data.

Usage:  python bench/bench_aggregator_walk.py [--out FILE.json]

Each row runs one `fbs` command in this process (verify.cli.main, after a warm-up run of the
same command so that lazy imports are done) under sys.setprofile and reads the calls between
modules of the `verify` package (module-level code of an import is not counted):

  stops      distinct call edges that cross a module boundary: (caller module and function,
             callee module and function), each counted once however often it runs;
  rooms      distinct modules of `verify` the walk enters;
  climbs     stops whose callee module is already on the call stack (the walk goes back up
             to a room it came from);
  aggregator_entries  distinct stops into verify/functions/aggregators.py (the call sites
             that reach the aggregator's module), split into `spec_lookups`, the stops into
             its module-level functions, which take a spec and look it up (resolve,
             aggregator_function, aggregator_table, evaluate), with `lookup_callers` the
             modules they come from, and `object_calls`, the stops into the methods of a
             resolved Aggregator handed down (phi.evaluate(z), phi.table on first use);
             `aggregator_calls` is the number of calls made in that module in all;
  parses     calls of verify.functions.spec.parse_spec for an aggregator (a real parse: the
             second and later resolutions of a spec are cache hits and do not call it).

Commands (example files of the repository and trees built seeded by `fbs tree build`):
`fbs debate worst-case` (the issue's path), `fbs debate worst-case --protocol budgeted`,
`fbs tree fbs` (lower bound) and `fbs census --exhaustive 3` (census).

With --timing, also the time of three worst-case commands, each a fresh process run
--repeats times (bench/measure.py: min and median wall and CPU seconds; not the peak RSS,
which for a child of this process starts at this process's own).

Before/after: run this script from a copy of the code before the change (`git archive
d6146e5 verify examples` with this file and bench/measure.py beside it) with --label
before, and from the repository with --label after; both go into one --out file.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PACKAGE = str(ROOT / "verify") + "/"
AGGREGATORS = "functions/aggregators.py"


def _module(filename: str) -> str | None:
    return filename[len(PACKAGE):] if filename.startswith(PACKAGE) else None


class Walk:
    """The module-boundary call edges of everything run inside `with walk:`."""

    def __init__(self):
        self.edges: dict[tuple, bool] = {}  # edge -> climbs
        self.rooms: set[str] = set()
        self.aggregator_calls = 0
        self.parses = 0

    def _profile(self, frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if code is _VISIBLE_CODE:  # a call of a cached function (hit or miss)
            code = frame.f_locals["cached"].__wrapped__.__code__
        callee = _module(code.co_filename)
        if code.co_name == "parse_spec" and callee == "functions/spec.py":
            self.parses += 1
        if callee is None or code.co_name == "<module>":
            return
        self.rooms.add(callee)
        if callee == AGGREGATORS:
            self.aggregator_calls += 1
        caller_frame = frame.f_back
        while caller_frame is not None and (_module(caller_frame.f_code.co_filename) is None
                                            or caller_frame.f_code is _VISIBLE_CODE):
            caller_frame = caller_frame.f_back  # through functools, dataclasses, numpy
        if caller_frame is None:
            return
        caller = _module(caller_frame.f_code.co_filename)
        if caller == callee:
            return
        edge = (caller, caller_frame.f_code.co_qualname, callee, code.co_qualname)
        if edge not in self.edges:
            above, up = set(), caller_frame.f_back
            while up is not None:
                above.add(_module(up.f_code.co_filename))
                up = up.f_back
            self.edges[edge] = callee in above or callee == caller

    def __enter__(self):
        self.patched = _make_caches_visible()
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc):
        sys.setprofile(None)
        for module, name, value in self.patched:
            setattr(module, name, value)

    def summary(self) -> dict:
        into = [edge for edge in self.edges if edge[2] == AGGREGATORS]
        lookups = [edge for edge in into if "." not in edge[3]]
        return {"stops": len(self.edges), "rooms": len(self.rooms),
                "climbs": sum(self.edges.values()), "aggregator_entries": len(into),
                "spec_lookups": len(lookups), "object_calls": len(into) - len(lookups),
                "lookup_callers": sorted({edge[0] for edge in lookups}),
                "aggregator_calls": self.aggregator_calls, "parses": self.parses}


def _visible(cached):
    """A Python-level wrapper of a functools cache, so that cache hits are calls the profile
    hook sees (a hit of the C-level cache is no Python call)."""
    def visible(*args, **kwargs):
        return cached(*args, **kwargs)
    visible.cache_clear, visible.cache_info = cached.cache_clear, cached.cache_info
    visible.__wrapped__ = cached.__wrapped__
    return visible


_VISIBLE_CODE = next(c for c in _visible.__code__.co_consts if getattr(c, "co_name", "") == "visible")


def _make_caches_visible() -> list[tuple]:
    """Replace every module-level functools cache bound in a `verify` module by _visible of
    it (the same wrapper for every module that binds it); the undo list."""
    import functools

    wrappers, undo = {}, []
    for name, module in list(sys.modules.items()):
        if not name.startswith("verify"):
            continue
        for attribute, value in list(vars(module).items()):
            if isinstance(value, functools._lru_cache_wrapper):
                if id(value) not in wrappers:
                    wrappers[id(value)] = _visible(value)
                setattr(module, attribute, wrappers[id(value)])
                undo.append((module, attribute, value))
    return undo


def walk_of(argv: list[str]) -> dict:
    """The walk of `fbs argv` in this process (after one untraced warm-up run)."""
    import verify.cli

    for traced in (False, True):
        _clear_caches()
        out = io.StringIO()
        walk = Walk()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            with walk if traced else contextlib.nullcontext():
                code = verify.cli.main(argv)
        if code != 0:
            raise RuntimeError(f"fbs {' '.join(argv)} exited {code}")
    return walk.summary()


def _clear_caches() -> None:
    """Empty every functools cache of the package, so the traced run computes from scratch."""
    import functools

    for name, module in list(sys.modules.items()):
        if not name.startswith("verify"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def commands(folder: Path) -> list[tuple[str, list[str]]]:
    import verify.cli

    def fbs(*argv):
        with contextlib.redirect_stdout(io.StringIO()):
            assert verify.cli.main(list(argv)) == 0

    examples = ROOT / "examples"
    mixed, mixed_oracle = folder / "mixed.json", folder / "mixed-oracle.json"
    fbs("tree", "build", "--random", "--seed", "3", "--depth", "3", "--aggregator", "maj:3",
        "--aggregator", "and:2", "--aggregator", "tribes:2:2", "-o", str(mixed),
        "--oracle-out", str(mixed_oracle), "--oracle-seed", "1")
    literature = [str(examples / "literature-tree.json"), "--oracle",
                  str(examples / "literature-oracle.json")]
    return [
        ("debate worst-case, literature example (maj:9 of and:2), rho 4",
         ["debate", "worst-case", *literature, "--rho", "4", "--json"]),
        ("debate worst-case, random tree (maj:3, and:2, tribes:2:2) depth 3, rho 3",
         ["debate", "worst-case", str(mixed), "--oracle", str(mixed_oracle), "--rho", "3",
          "--json"]),
        ("debate worst-case --protocol budgeted, literature example, rho 4",
         ["debate", "worst-case", *literature, "--rho", "4", "--protocol", "budgeted", "--json"]),
        ("tree fbs (lower bound), random tree (maj:3, and:2, tribes:2:2) depth 3",
         ["tree", "fbs", str(mixed), "--oracle", str(mixed_oracle), "--json"]),
        ("census --exhaustive 3", ["census", "--exhaustive", "3", "--json"]),
    ]


def timing_commands(folder: Path) -> list[tuple[str, list[str]]]:
    import verify.cli

    def fbs(*argv):
        with contextlib.redirect_stdout(io.StringIO()):
            assert verify.cli.main(list(argv)) == 0

    rows = []
    tree, oracle = folder / "maj15.json", folder / "maj15-oracle.json"
    fbs("tree", "build", "--aggregator", "maj:15", "--depth", "3", "--layout", "flat", "-o",
        str(tree), "--oracle-out", str(oracle), "--oracle-seed", "1")
    rows.append(("time: debate worst-case maj:15 depth 3 (flat), rho 12, vertex",
                 ["debate", "worst-case", str(tree), "--oracle", str(oracle), "--rho", "12",
                  "--json"]))
    literature, lit_oracle = folder / "lit.json", folder / "lit-oracle.json"
    fbs("tree", "build", "--literature", "--papers", "99", "--supporting", "66", "-o",
        str(literature), "--oracle-out", str(lit_oracle))
    rows.append(("time: debate worst-case literature example, 99 papers (66 supporting), rho 4",
                 ["debate", "worst-case", str(literature), "--oracle", str(lit_oracle),
                  "--rho", "4", "--json"]))
    examples = ROOT / "examples"
    rows.append(("time: debate worst-case --protocol budgeted, literature example (9 papers), "
                 "rho 4", ["debate", "worst-case", str(examples / "literature-tree.json"),
                           "--oracle", str(examples / "literature-oracle.json"), "--rho", "4",
                           "--protocol", "budgeted", "--json"]))
    return rows


def timed(argv: list[str], repeats: int) -> dict:
    sys.path.insert(0, str(ROOT / "bench"))
    from measure import FBS, repeat

    measured = repeat(FBS + argv, repeats)
    for key in ("peak_mib_min", "peak_mib_median"):
        del measured[key]  # a child's max RSS starts at this (large) process's at fork
    stdout = measured.pop("stdout")
    document = json.loads(stdout)
    keys = ("catch_probability_exact", "theorem_4_2_bound", "instance_bound")
    return {**measured, **{key: document[key] for key in keys if key in document},
            "stdout_sha256": hashlib.sha256(stdout.encode()).hexdigest()}


def _command(argv: list[str], folder: str) -> str:
    """The command line with built files by name and repository files by relative path."""
    def shown(arg: str) -> str:
        if arg.startswith(folder):
            return Path(arg).name
        return str(Path(arg).relative_to(ROOT)) if arg.startswith(str(ROOT)) else arg
    return "fbs " + " ".join(map(shown, argv))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timing", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results_aggregator_walk.json"))
    parser.add_argument("--label", default="after", help="the key of this run in --out")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, argv in commands(Path(folder)):
            row = {"name": name, "command": _command(argv, folder), **walk_of(argv)}
            print(json.dumps(row), flush=True)
            rows.append(row)
        for name, argv in timing_commands(Path(folder)) if args.timing else ():
            row = {"name": name, "command": _command(argv, folder), **timed(argv, args.repeats)}
            print(json.dumps(row), flush=True)
            rows.append(row)
    out = Path(args.out)
    results = json.loads(out.read_text()) if out.exists() else {}
    results[args.label] = rows
    out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
