"""Benchmark for issues 30 (section 4) and 40 (section 2): the checker's work bounded by its file.

One hostile certificate file per root cause the issue names (each under 10 MB, most gzipped
to a few hundred KB), checked by `python -m verify.checker --json FILE` in a fresh process
under hard limits (CPU seconds, address space), as `fbs check` runs it; the script records
the exit code, the verdict, CPU seconds (user + system) and peak resident memory
(os.wait4's ru_maxrss) of that process. With --before ROOT it also runs the checker of
another tree (for example the commit before the fix, `git archive COMMIT verify | tar -x -C
ROOT`) on the same files, in the same run, and prints the ratio.

    python bench/bench_checker_bounds.py [--before ROOT] [--rows NAME,...] [--cpu 60]

The tests (tests/checker/test_checker_work_counts.py) build small files of the same shapes
and assert the refusals and work counts; seconds are measured only here.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIB = 1 << 20


def _json(document: dict, compress: bool = True) -> bytes:
    data = json.dumps(document, separators=(",", ":")).encode()
    return gzip.compress(data, compresslevel=6, mtime=0) if compress else data


def _exhaustive(spec: str, q: int, **extra) -> dict:
    """f at 0^q with the singletons of weight 1 and t = 1 (valid iff every flip at 0^q
    changes f)."""
    return {"format": "fbs-certificate/1", "kind": "exhaustive", "spec": spec, "arity": q,
            "input": "0" * q, "value": str(q),
            "primal": [{"block": [i], "weight": "1"} for i in range(q)], "dual": ["1"] * q,
            **extra}


def formulas_in_a_composition() -> bytes:
    """Cause 1: an OR of 12 distinct 1-input formulas of about 1.9 million characters each
    (x1 & x1 & ..., a different tail each): 23 MB of formulas, each under the per-formula
    bound; the checker once parsed them all (about a second each)."""
    body = "&".join(["x1"] * 630_000)
    parts = [f"expr:1:{body}&{'&'.join(['1'] * (k + 1))}" for k in range(12)]
    return _json(_exhaustive(f"compose(or:12;{';'.join(parts)})", 12))


def dimacs_comment_lines() -> bytes:
    """Cause 2: a DIMACS text of f = x1 followed by 80 million comment lines (`c`): once
    free, split into a list of 80 million strings (gigabytes)."""
    text = "p cnf 1 1\n1 0\n" + "c\n" * 80_000_000
    return _json(_exhaustive("cnf:a.cnf", 1, files={"a.cnf": text}))


def dimacs_zero_tokens() -> bytes:
    """Cause 2: 40 million `0` tokens on one line (40 million empty clauses)."""
    count = 40_000_000
    text = f"p cnf 1 {count}\n" + "0 " * count + "\n"
    return _json(_exhaustive("cnf:a.cnf", 1, files={"a.cnf": text}))


def sat_gates_times_blocks() -> bytes:
    """Cause 3: sat-lrat, a random 20-input table (a multiplexer of about 260,000 gates once
    the constant leaves are folded) and 100,000 distinct primal blocks: the circuit was
    evaluated once per 1,024 blocks."""
    import random

    rng = random.Random(0)
    q = 20
    table = "".join(rng.choice("0123456789abcdef") for _ in range((1 << q) // 4))
    masks = rng.sample(range(1, 1 << q), 100_000)  # distinct nonempty blocks
    blocks = [tuple(i for i in range(q) if (mask >> i) & 1) for mask in masks]
    return _json({"format": "fbs-certificate/1", "kind": "sat-lrat", "spec": f"tt:0x{table}:{q}",
                  "arity": q, "input": "0" * q, "value": "0",
                  "primal": [{"block": list(b), "weight": "0"} for b in blocks],
                  "dual": ["0"] * q, "encoding": "fbs-cnf/1", "cnf_sha256": "0" * 64,
                  "lrat": "H4sIAAAAAAAAAwMAAAAAAAAAAAA="})


def tree_composed_wide(n: int = 1_040_000) -> bytes:
    """Cause 4: version 2, valid: the composed spec or:n at alpha = 0^n (width 1.04 million,
    one record of n capacities, n duals and n singleton blocks)."""
    record = [f"or:{n}", "0" * n, ["1"] * n, str(n), [[[i], "1"] for i in range(n)],
              ["1"] * n, 1]
    return _json({"format": "fbs-certificate/1", "kind": "tree", "version": 2,
                  "tree": {"spec": f"or:{n}"},
                  "alpha_base64": base64.b64encode(bytes((n + 7) // 8)).decode(),
                  "value": str(n), "records": [record]})


def tree_explicit_binary(depth: int = 19) -> bytes:
    """Cause 4: version 2: an explicit complete binary tree of and:2 of the given depth at all
    ones (2^20 - 1 = 1,048,575 nodes at depth 19, near the most the JSON value bound allows;
    refused now, above 600,000 nodes; 524,287 nodes at depth 18: valid), one shared record
    per level (capacities c, c: value 2c)."""
    nodes, leaves = [], 1 << depth
    for level in range(depth):
        for j in range(1 << level):
            nodes.append({"id": f"n{level}.{j}", "aggregator": "and:2",
                          "children": [f"n{level + 1}.{2 * j}", f"n{level + 1}.{2 * j + 1}"]})
    nodes += [{"id": f"n{depth}.{j}", "query": f"q{j}"} for j in range(leaves)]
    records, c = [], 1
    for level in range(depth - 1, -1, -1):
        records.append(["and:2", "11", [str(c), str(c)], str(2 * c),
                        [[[0], str(c)], [[1], str(c)]], ["1", "1"], 1 << level])
        c *= 2
    return _json({"format": "fbs-certificate/1", "kind": "tree", "version": 2,
                  "tree": {"format": "fbs-tree/1", "root": "n0.0", "nodes": nodes},
                  "alpha_base64": base64.b64encode(b"\xff" * (leaves // 8)).decode(),
                  "value": str(c), "records": records})


def measure_bs_long_witness() -> bytes:
    """Cause 5: measure bs of or:4 with a witness of 3.9 million blocks [0]: the second meets
    the first, but the whole witness was read first."""
    text = ('{"format":"fbs-certificate/1","kind":"measure","measure":"bs","spec":"or:4",'
            '"arity":4,"input":"0000","value":"4","witness":['
            + ",".join(["[0]"] * 3_900_000) + "]}")
    return gzip.compress(text.encode(), mtime=0)


def symmetric_coprime_weights() -> bytes:
    """Cause 6: symmetric or:10^6 at 0^n, a million primal types whose weights cycle over
    1/p for the 1,150 primes above 1,000 (their product: just under 2^14 bits), so a
    running Fraction sum carries a denominator of thousands of bits through every addition."""
    primes = [p for p in range(1001, 20000) if all(p % d for d in range(2, int(p ** .5) + 1))]
    primes = primes[:1150]
    n = 10**6
    types = [{"ones": 0, "zeros": 1, "weight": f"1/{primes[k % len(primes)]}"}
             for k in range(1_000_000)]
    return _json({"format": "fbs-certificate/1", "kind": "symmetric", "spec": f"or:{n}",
                  "arity": n, "input": f"0^{n}", "value": "1",
                  "dual": {"ones": "0", "zeros": "1"}, "primal": types})


def threshold_coprime_weights() -> bytes:
    """Cause 6: threshold, wthr:1,...,1:1 (OR) of 1,150 inputs at 0^q, t_i = 1/p_i, and a
    primal of the 660,675 pairs {i, j} of weight 1/p over the 1,150 primes above 1,000
    (cycling; their product: just under 2^14 bits): the primal value was a Fraction sum of
    660,675 terms."""
    primes = [p for p in range(1001, 20000) if all(p % d for d in range(2, int(p ** .5) + 1))]
    q = 1150
    weights = [f"1/{p}" for p in primes[:q]]
    pairs = [[i, j] for i in range(q) for j in range(i + 1, q)]
    primal = [{"block": pair, "weight": weights[k % q]} for k, pair in enumerate(pairs)]
    return _json({"format": "fbs-certificate/1", "kind": "threshold",
                  "spec": f"wthr:{','.join(['1'] * q)}:1", "arity": q, "input": "0" * q,
                  "value": "1", "dual": weights, "primal": primal})


def nested_compositions() -> bytes:
    """Cause 7: a tree aggregator composed 31 deep around a sym: part of 30 million values
    (few parentheses): every level copied and rescanned the 30 MB text."""
    spec = "sym:" + "01" * 15_000_000
    for _ in range(31):
        spec = f"compose(and:1;{spec})"
    return _json({"format": "fbs-certificate/1", "kind": "tree",
                  "tree": {"format": "fbs-tree/1", "root": "r",
                           "nodes": [{"id": "r", "aggregator": spec, "children": ["a"]},
                                     {"id": "a", "query": "a"}]},
                  "alpha": "0", "value": "1", "records": []})


# --- issue 40, section 2: five more files past the bound ----------------------------------


def global_fbs_coprime_witness(entries: int = 1000, digits: int = 995) -> bytes:
    """Issue 40, file 1: global-measure fbs of parity:14 whose witness has `entries` weights
    1/d over random odd d of `digits` digits (seed 0; nearly coprime, so the running
    Fraction loads carried a denominator of about entries x 3,300 bits)."""
    import random

    rng = random.Random(0)
    q = 14
    odd_blocks = [m for m in range(1, 1 << q) if m.bit_count() % 2][:entries]
    witness = [{"block": [i for i in range(q) if (m >> (q - 1 - i)) & 1],
                "weight": f"1/{rng.randrange(10 ** (digits - 1), 10 ** digits) | 1}"}
               for m in odd_blocks]
    return _json({"format": "fbs-certificate/1", "kind": "global-measure", "measure": "fbs",
                  "spec": "parity:14", "arity": q, "value": "14", "input": "0" * q,
                  "witness": witness, "upper": []})


def tree_v3_side_texts(texts: int = 64_000_000) -> bytes:
    """Issue 40, file 2: a version-3 tree (one or:2 node) whose one side record's capacity
    and dual strings hold `texts` number texts in all (`1 1 1 ...`): six JSON values, so
    under the value bound, but split into tens of millions of strings."""
    half = texts // 2
    ones = " ".join(["1"] * half)
    return _json({"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                  "tree": {"uniform": {"aggregator": "or:2", "depth": 1}},
                  "alpha_base64": base64.b64encode(b"\x00").decode(), "value": "2",
                  "records": [], "sides": [[1, ones, "1", ones, 1]]})


def tree_v3_many_sides(count: int = 1_300_000) -> bytes:
    """Issue 40, file 3: a version-3 tree of one or:2 node and `count` side records of
    distinct capacities (the JSON value bound allows about 1.33 million): each was read and
    parsed before the one node was checked."""
    sides = [[1, f"{k + 1} {k + 2}", str(k + 1), "1 0", 1] for k in range(count)]
    return _json({"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                  "tree": {"uniform": {"aggregator": "or:2", "depth": 1}},
                  "alpha_base64": base64.b64encode(b"\x00").decode(), "value": "1",
                  "records": [], "sides": sides})


def tree_v3_many_sides_wide_tree(count: int = 1_300_000) -> bytes:
    """Issue 40, file 3 with a tree whose keys could use that many side records: uniform
    maj:3 of depth 16 (43 million leaves; at most 798,725 distinct keys, so 1,597,450 node
    sides) at alpha = 0, and the same `count` side records: the bound on side records does
    not refuse them, so all are read (what remains of file 3, measured)."""
    depth, leaves = 16, 3 ** 16
    sides = [[1, f"{k + 1} {k + 2}", str(k + 1), "1 0", 1] for k in range(count)]
    return _json({"format": "fbs-certificate/1", "kind": "tree", "version": 3,
                  "tree": {"uniform": {"aggregator": "maj:3", "depth": depth}},
                  "alpha_base64": base64.b64encode(bytes((leaves + 7) // 8)).decode(),
                  "value": "1", "records": [], "sides": sides})


def sat_empty_runs(runs: int = 7_900_000) -> bytes:
    """Issue 40, audit: sat-lrat whose run-length input holds 7.9 million empty runs `0^0`
    (under the JSON value bound, which counts their commas): split and matched one by one."""
    return _json({"format": "fbs-certificate/1", "kind": "sat-lrat", "spec": "maj:3",
                  "arity": 3, "input": ",".join(["0^0"] * runs) + ",0^3", "value": "0",
                  "primal": [], "dual": ["0"] * 3, "encoding": "fbs-cnf/1",
                  "cnf_sha256": "0" * 64, "lrat": "H4sIAAAAAAAAAwMAAAAAAAAAAAA="})


FANO_LINES = [(0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (1, 4, 6), (2, 3, 6), (2, 4, 5)]


def fano_entry() -> dict:
    """The census-classes entry of the up-set of the Fano plane's lines at q = 7 (valid):
    fbs = 7/3 (weight 1/3 on each line, t = 1/3 on each point), s = 0, C = 3 (q minus the
    4 points off a line), bs = 1 (lines meet) < floor(7/3): the packing program runs."""
    q = 7
    lines = [sum(1 << (q - 1 - i) for i in line) for line in FANO_LINES]
    table = sum(1 << m for m in range(1 << q) if any(m & line == line for line in lines))
    return {"table": hex(table), "fbs": "7/3", "s": 0, "bs": 1, "C": 3, "denominator": 3,
            "weights": [[line, 1] for line in lines], "dual": [1] * q, "packing": [lines[0]]}


def census_repeated_entry(copies: int = 166_458) -> bytes:
    """Issue 40, file 4: a valid census-classes certificate of `copies` copies of the Fano
    entry (near the JSON value bound): each copy reran the packing program."""
    return _json({"format": "fbs-certificate/1", "kind": "census-classes", "arity": 7,
                  "classes": [fano_entry()] * copies})


def sat_gates_times_million_blocks(q: int = 50_001, count: int = 1_000_000) -> bytes:
    """Issue 40, file 5: sat-lrat, maj:50001 (an adder network of about 700,000 clauses) at
    0^q and 1,000,000 distinct two-coordinate primal blocks (seed 1; 7 JSON values each):
    the primal was read and the circuit built before gates x passes was charged."""
    import random

    rng = random.Random(1)
    pairs: set = set()
    while len(pairs) < count:
        i, j = rng.randrange(q), rng.randrange(q)
        if i != j:
            pairs.add((min(i, j), max(i, j)))
    return _json({"format": "fbs-certificate/1", "kind": "sat-lrat", "spec": f"maj:{q}",
                  "arity": q, "input": "0" * q, "value": "0",
                  "primal": [{"block": list(b), "weight": "0"} for b in sorted(pairs)],
                  "dual": ["0"] * q, "encoding": "fbs-cnf/1", "cnf_sha256": "0" * 64,
                  "lrat": "H4sIAAAAAAAAAwMAAAAAAAAAAAA="})


ROWS = {
    "1 formulas in a composition": formulas_in_a_composition,
    "2 DIMACS comment lines": dimacs_comment_lines,
    "2 DIMACS zero tokens": dimacs_zero_tokens,
    "3 sat-lrat gates x blocks": sat_gates_times_blocks,
    "4 tree v2 composed width 1.04M (valid)": tree_composed_wide,
    "4 tree v2 explicit 1.05M nodes (valid)": tree_explicit_binary,
    "4 tree v2 explicit 524K nodes (valid)": lambda: tree_explicit_binary(18),
    "5 measure bs witness 3.9M blocks": measure_bs_long_witness,
    "6 symmetric 1M coprime weights": symmetric_coprime_weights,
    "6 threshold 660K coprime weights": threshold_coprime_weights,
    "7 compose 31 deep around 30 MB": nested_compositions,
    "40.1 global-measure fbs, 1,000 coprime 995-digit witness weights":
        global_fbs_coprime_witness,
    "40.2 tree v3, 64M number texts in one side record": tree_v3_side_texts,
    "40.2b tree v3, 7,999,998 number texts in one side record (at the bound)":
        lambda: tree_v3_side_texts(7_999_998),
    "40.3 tree v3, 1.3M side records": tree_v3_many_sides,
    "40.4 census-classes, 166,458 copies of the Fano entry (valid)": census_repeated_entry,
    "40.5 sat-lrat, maj:50001 at 1M blocks": sat_gates_times_million_blocks,
    "40.3w tree v3, 1.3M side records, maj:3 depth 16": tree_v3_many_sides_wide_tree,
    "40.6 sat-lrat, input of 7.9M empty runs": sat_empty_runs,
}


def check(root: Path, path: Path, cpu: int, memory: int) -> dict:
    """One `python -m verify.checker --json FILE` of the checker under `root`, limited to
    `cpu` CPU seconds and `memory` bytes of address space."""
    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = dict(os.environ, PYTHONPATH=str(root))
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen([sys.executable, "-m", "verify.checker", "--json", str(path)],
                                   cwd=root, env=env, stdout=out, stderr=subprocess.DEVNULL,
                                   stdin=subprocess.DEVNULL, preexec_fn=limits)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        lines = out.read().decode(errors="replace").splitlines()
    verdict = json.loads(lines[0]) if lines else {}
    code = os.waitstatus_to_exitcode(status)
    message = verdict.get("message", "") if verdict else f"killed (signal {-code})" \
        if code < 0 else f"no verdict (exit {code})"
    return {"exit": verdict.get("exit", code), "cpu": usage.ru_utime + usage.ru_stime,
            "peak_mib": usage.ru_maxrss / 1024, "message": message}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a tree holding the checker before the fix")
    parser.add_argument("--rows", help="comma-separated row numbers or name prefixes")
    parser.add_argument("--cpu", type=int, default=60, help="CPU seconds allowed per check")
    parser.add_argument("--memory-gib", type=float, default=3.0)
    args = parser.parse_args()
    rows = ROWS
    if args.rows:
        wanted = args.rows.split(",")
        rows = {k: v for k, v in ROWS.items() if any(k.startswith(w) for w in wanted)}
    memory = int(args.memory_gib * (1 << 30))
    print("| file | size | checker | exit | CPU s | peak MiB | answer |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for name, build in rows.items():
            path = Path(folder) / "certificate.json"
            path.write_bytes(build())
            size = f"{path.stat().st_size / 1e6:.2f} MB"
            trees = [("before", args.before)] if args.before else []
            for label, root in trees + [("after", ROOT)]:
                result = check(root, path, args.cpu, memory)
                message = result["message"].split("malformed certificate: ")[-1]
                print(f"| {name} | {size} | {label} | {result['exit']} | {result['cpu']:.1f} | "
                      f"{result['peak_mib']:.0f} | {message[:110]} |", flush=True)


if __name__ == "__main__":
    main()
