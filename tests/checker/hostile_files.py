"""The twelve hostile certificate files of certificates/FORMAT.md's work bounds: files under
10 MB that once made the checker run for minutes or past 4 GiB. Each builder returns the
file's bytes (gzip where the row says so); `python tests/checker/hostile_files.py FOLDER`
writes them all (bench/bench_hardening.py measures them; tests/checker/
test_hostile_work_bounds.py asserts the bounds).
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import sys
from fractions import Fraction
from pathlib import Path

from checker_tree_examples import costly_tree_certificate

MIB = 1 << 20
SAT_MAJ3 = {  # maj:3 at 110 (certificates/FORMAT.md, kind sat-lrat, tiny example)
    "format": "fbs-certificate/1", "kind": "sat-lrat", "spec": "maj:3", "arity": 3,
    "input": "110", "value": "2",
    "primal": [{"block": [0], "weight": "1"}, {"block": [1], "weight": "1"}],
    "dual": ["1", "1", "0"], "encoding": "fbs-cnf/1",
    "cnf_sha256": "e61f1cba690bbb25baacb80478a5f300e05c9ab317883b9493008cf67e606e4c",
    "lrat": "H4sIAAAAAAAAAy3KywkAMAgE0btVTAOCaz4k/TcWhRzfMLp4EuigRVgGru/dFr7al9Hst1ptmqhOe6L74z5CAAAA"}


def _json(document: dict) -> bytes:
    return json.dumps(document, separators=(",", ":")).encode()


def _exhaustive(spec: str, q: int, files: dict | None = None) -> dict:
    """An exhaustive certificate of value q at 0^q: singletons of weight 1, dual all 1 (valid
    when every single flip at 0^q changes f)."""
    document = {"format": "fbs-certificate/1", "kind": "exhaustive", "spec": spec, "arity": q,
                "input": "0" * q, "value": str(q),
                "primal": [{"block": [i], "weight": "1"} for i in range(q)], "dual": ["1"] * q}
    if files:
        document["files"] = files
    return document


def _gzip_of(pattern: bytes, total: int, head: bytes = b"", tail: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as stream:
        stream.write(head)
        chunk = pattern * max(1, MIB // len(pattern))
        for _ in range(total // len(chunk)):
            stream.write(chunk)
        stream.write(tail)
    return buffer.getvalue()


def expr_negated_conjunction() -> bytes:
    """Exhaustive, expr: of a flat conjunction of 24 negated variables, repeated (151 KB)."""
    one = "&".join(f"~x{i}" for i in range(1, 25))
    return _json(_exhaustive("expr:" + "&".join([one] * 1360), 24))


def wthr_thousand_digit_weight() -> bytes:
    """Exhaustive, a wthr part of a composition with a 1,000-digit weight and threshold (the
    bit-sliced counter once held one table per bit of the weight)."""
    big = "9" * 1000
    return _json(_exhaustive(f"compose(wthr:{big},1:{big};parity:12;parity:12)", 24))


def gzip_nested_empty_lists() -> bytes:
    """A gzip file of a JSON array of 2^26 empty arrays (256 MiB of `[],`)."""
    return _gzip_of(b"[],", 255 * MIB, head=b"[", tail=b"[]]")


def threshold_huge_cells() -> bytes:
    """Threshold kind: a knapsack DP of 2^24 cells whose values are 16,000-bit integers."""
    n = 16
    need = (1 << 24) // n - 2
    weights = [need] * n
    dual = [f"1/{(1 << 13) + 1 + k}" for k in range(n)]  # lcm of 16 denominators: ~ 16,000 bits
    document = {"format": "fbs-certificate/1", "kind": "threshold",
                "spec": f"wthr:{','.join(map(str, weights))}:{need}", "arity": n,
                "input": "0" * n, "value": "1", "primal": [], "dual": dual}
    return _json(document)


def sat_dense_dual_bits() -> bytes:
    """Sat-lrat, or:100000 at 0^q with t_i = 1/(1000 + i mod 50): D = lcm(1000..1049), every
    T_i = D/(1000 + i mod 50) has hundreds of set bits, and the bound D - 1 admits sums of
    about a thousand of them (no small BDD): the adder network's columns were filled with
    10^5 x hundreds of literals before any size limit. The primal puts w = t_i on each
    singleton (consistent values)."""
    from fractions import Fraction

    q = 100_000
    texts = [f"1/{1000 + i % 50}" for i in range(q)]
    value = sum(Fraction(q // 50, 1000 + k) for k in range(50))
    primal = [{"block": [i], "weight": text} for i, text in enumerate(texts)]
    document = dict(SAT_MAJ3, spec=f"or:{q}", arity=q, input="0" * q, dual=texts,
                    primal=primal, value=f"{value.numerator}/{value.denominator}")
    return _json(document)


def sat_nested_compose() -> bytes:
    """Sat-lrat: compose nested 31 deep around a 2 MB formula (each level re-parsed)."""
    formula = "expr:" + "^".join(f"(x{i % 20 + 1}&x{(i + 1) % 20 + 1})" for i in range(110_000))
    spec = formula
    for _ in range(31):
        spec = f"compose(and:1;{spec})"
    return _json(dict(SAT_MAJ3, spec=spec, arity=20, input="0" * 20,
                      dual=["1"] * 20, primal=[], value="0"))


def _big_cnf() -> str:
    """A 5 MB DIMACS text over one variable (700,000 clauses `1 -1 0`)."""
    return "p cnf 1 700000\n" + "1 -1 0\n" * 700_000


def dimacs_referenced_many_times(kind: str) -> bytes:
    """One embedded 5 MB DIMACS file referenced by every part of a composition (sat,
    exhaustive) or by 31 distinct tree aggregators."""
    files = {"a.cnf": _big_cnf()}
    if kind == "tree":
        nodes = [{"id": "r", "aggregator": "or:31", "children": [f"u{j}" for j in range(31)]}]
        for j in range(31):
            aggregator = "compose(and:1;" * (j + 1) + "cnf:a.cnf" + ")" * (j + 1)
            nodes += [{"id": f"u{j}", "aggregator": aggregator, "children": [f"l{j}"]},
                      {"id": f"l{j}", "query": f"l{j}"}]
        return _json({"format": "fbs-certificate/1", "kind": "tree",
                      "tree": {"format": "fbs-tree/1", "root": "r", "nodes": nodes},
                      "alpha": "0" * 31, "value": "0", "records": [], "files": files})
    q = 24 if kind == "exhaustive" else 64
    spec = f"compose(or:{q};{';'.join(['cnf:a.cnf'] * q)})"
    if kind == "exhaustive":
        return _json(_exhaustive(spec, q, files))
    return _json(dict(SAT_MAJ3, spec=spec, arity=q, input="0" * q, dual=["1"] * q,
                      primal=[], value="0", files=files))


def lrat_at_the_visit_limit() -> bytes:
    """Sat-lrat: an LRAT step adds a clause of 1,000 copies of one literal (RUP from the unit
    clause 1), the next hints it 600,000 times: each hint visits 1,000 literals (6 x 10^8
    visits, beyond the old 5 x 10^8 limit, in 4 KB of gzip)."""
    proof = ("19 " + "4 " * 1000 + "0 1 0\n20 0 " + "19 " * 600_000 + "0\n").encode()
    return _json(dict(SAT_MAJ3, lrat=base64.b64encode(gzip.compress(proof, mtime=0)).decode()))


def lrat_deletion_tokens() -> bytes:
    """Sat-lrat: the valid proof, then 255 MiB of deletion lines (344 KB gzipped)."""
    proof = gzip.decompress(base64.b64decode(SAT_MAJ3["lrat"]))
    steps = proof.splitlines(keepends=True)
    line = b"18 d " + b"1 " * (2 * MIB - 8) + b"0\n"
    body = _gzip_of(line, 255 * MIB, head=b"".join(steps[:-1]), tail=steps[-1])
    return _json(dict(SAT_MAJ3, lrat=base64.b64encode(body).decode()))


def uniform_deep_chain() -> bytes:
    """Tree kind: a uniform tree of width 1 and depth 5,000,000 (280 bytes)."""
    return _json({"format": "fbs-certificate/1", "kind": "tree",
                  "tree": {"uniform": {"aggregator": "and:1", "depth": 5_000_000}},
                  "alpha": "1", "value": "1",
                  "records": [{"aggregator": "and:1", "z": "1", "capacities": ["1"],
                               "value": "1", "primal": [{"block": [0], "weight": "1"}],
                               "dual": ["1"]}]})


def tree_at_the_budget(count: int = 4) -> bytes:
    """Tree kind, valid: an AND of `count` nodes, each a distinct 20-input formula of 30,000
    variables (about 2^35 bit-operations each)."""
    return _json(costly_tree_certificate(count))


def _maj7_all_ones(depth: int, nodes_of_root: int = 1) -> dict:
    """Version 2, valid: maj:7 of depth `depth` at all ones, one shared record per level
    (at capacities c: v = 1/4 on each child, seven cyclic 4-blocks of weight c/4; value
    7c/4), alpha packed."""
    leaves = 7 ** depth
    packed = b"\xff" * (leaves // 8) + bytes([(0xff << (8 - leaves % 8)) & 0xff] if leaves % 8
                                            else [])
    records, c = [], Fraction(1)
    for level in range(depth):
        weight = str(c / 4)
        records.append(["maj:7", "1" * 7, [str(c)] * 7, str(7 * c / 4),
                        [[sorted((i + k) % 7 for k in range(4)), weight] for i in range(7)],
                        ["1/4"] * 7, 7 ** (depth - 1 - level)])
        c = 7 * c / 4
    records[-1][-1] = nodes_of_root
    return {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
            "tree": {"uniform": {"aggregator": "maj:7", "depth": depth}},
            "alpha_base64": base64.b64encode(packed).decode(), "value": str(c),
            "records": records}


def tree_packed_most_leaves() -> bytes:
    """Tree kind version 2, valid: maj:7 of depth 9 (40,353,607 leaves, 6.7 MB of base64)."""
    return _json(_maj7_all_ones(9))


def tree_huge_multiplicity() -> bytes:
    """Tree kind version 2: the root's record claims 2^62 + 1 nodes."""
    return _json(_maj7_all_ones(3, nodes_of_root=2**62 + 1))


def exhaustive_28_inputs() -> bytes:
    """Exhaustive at q = 28: a formula of 4,000 operations over 28 variables (15 KB)."""
    formula = "|".join(f"(x{i % 28 + 1}&~x{(i * 7 + 3) % 28 + 1})" for i in range(1360))
    return _json(_exhaustive(f"expr:28:{formula}", 28))


def tree_many_searches(count: int = 4000) -> bytes:
    """Tree kind: an OR of `count` nodes, each a distinct non-symmetric 13-input AND (an
    `expr:` with a different tail) at 0^13 whose valid dual has 8,191 light sets, so each
    record runs the whole depth-first search and then the comparator."""
    q = 13
    conjunction = "&".join(f"x{i}" for i in range(1, q + 1))
    nodes = [{"id": "r", "aggregator": f"or:{count}",
              "children": [f"u{k}" for k in range(count)]}]
    records = [{"aggregator": f"or:{count}", "z": "0" * count, "capacities": ["1"] * count,
                "value": str(count), "dual": ["1"] * count,
                "primal": [{"block": [i], "weight": "1"} for i in range(count)]}]
    for k in range(count):
        tail = "".join("&1" if (k >> b) & 1 else "&true" for b in range(12))  # k in binary
        aggregator = f"expr:{q}:{conjunction}{tail}"
        children = [f"l{k}.{i}" for i in range(q)]
        nodes.append({"id": f"u{k}", "aggregator": aggregator, "children": children})
        nodes += [{"id": c, "query": c} for c in children]
        records.append({"aggregator": aggregator, "z": "0" * q, "capacities": ["1"] * q,
                        "value": "1", "primal": [{"block": list(range(q)), "weight": "1"}],
                        "dual": ["1012/13000"] + ["999/13000"] * (q - 1)})
    return _json({"format": "fbs-certificate/1", "kind": "tree",
                  "tree": {"format": "fbs-tree/1", "root": "r", "nodes": nodes},
                  "alpha": "0" * q * count, "value": str(count), "records": records})


def exhaustive_many_blocks() -> bytes:
    """Exhaustive, parity:22 at 0^22 with a primal of 520,000 distinct odd blocks (weight 0)
    and t = 0: just under the bound on JSON values (about 7.8 million), 1.5 MB gzipped;
    every block is sensitive, the dual is not feasible."""
    q, entries, mask = 22, [], 0
    while len(entries) < 520_000:
        mask += 1
        if bin(mask).count("1") % 2:
            block = ",".join(str(i) for i in range(q) if (mask >> (q - 1 - i)) & 1)
            entries.append('{"block":[%s],"weight":"0"}' % block)
    zeros, dual = "0" * q, ",".join(['"0"'] * q)
    text = ('{"format":"fbs-certificate/1","kind":"exhaustive","spec":"parity:22","arity":22,'
            f'"input":"{zeros}","value":"0","primal":[{",".join(entries)}],"dual":[{dual}]}}')
    return gzip.compress(text.encode(), mtime=0)


def exhaustive_28_valid() -> bytes:
    """Exhaustive at q = 28, valid: maj:28 at 0^28, fbs = 28/15 (the 28 cyclic blocks of 15
    coordinates with weight 1/15, t = 1/15): the whole table, the comparator over 2^28 blocks."""
    q = 28
    primal = [{"block": sorted((k + j) % q for j in range(15)), "weight": "1/15"}
              for k in range(q)]
    return _json({"format": "fbs-certificate/1", "kind": "exhaustive", "spec": "maj:28",
                  "arity": q, "input": "0" * q, "value": "28/15", "primal": primal,
                  "dual": ["1/15"] * q})


ROWS = {
    "expr-24-negated": expr_negated_conjunction,
    "wthr-1000-digits": wthr_thousand_digit_weight,
    "gzip-nested-lists": gzip_nested_empty_lists,
    "threshold-huge-cells": threshold_huge_cells,
    "sat-dense-dual-bits": sat_dense_dual_bits,
    "sat-nested-compose": sat_nested_compose,
    "dimacs-shared-sat": lambda: dimacs_referenced_many_times("sat"),
    "dimacs-shared-exhaustive": lambda: dimacs_referenced_many_times("exhaustive"),
    "dimacs-shared-tree": lambda: dimacs_referenced_many_times("tree"),
    "lrat-visit-limit": lrat_at_the_visit_limit,
    "lrat-deletions": lrat_deletion_tokens,
    "tree-deep-chain": uniform_deep_chain,
    "tree-at-budget": tree_at_the_budget,
    "tree-many-searches": tree_many_searches,
    "exhaustive-28": exhaustive_28_inputs,
    "exhaustive-28-valid": exhaustive_28_valid,
    "exhaustive-many-blocks": exhaustive_many_blocks,
    "tree-v2-most-leaves": tree_packed_most_leaves,
    "tree-v2-huge-multiplicity": tree_huge_multiplicity,
}


def write_all(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, build in ROWS.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_bytes(build())
    return paths


def measure_check(path: Path, cpu_seconds: int = 60, memory_bytes: int = 3 << 30) -> dict:
    """Check one file in the checker's own process (as `fbs check` runs it) under hard limits
    (CPU seconds, address space): exit code, the JSON verdict line, CPU seconds (user +
    system) and peak RSS in MiB of that child alone (os.wait4)."""
    import os
    import resource
    import subprocess
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from verify.base.checker_process import checker_argv

    def limits():
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            open(os.devnull, "rb") as stdin:
        process = subprocess.Popen(checker_argv([str(path)]), stdin=stdin, stdout=out,
                                   stderr=err, preexec_fn=limits)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        lines = out.read().decode().splitlines()
        stderr = err.read().decode()[-500:]
    verdict = json.loads(lines[0]) if lines else None
    return {"exit": verdict["exit"] if verdict else process.returncode,
            "process_exit": process.returncode, "verdict": verdict, "stderr": stderr,
            "cpu": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024}


def main(folder: Path) -> None:
    """Write every file and measure it."""
    for name, path in write_all(folder).items():
        result = measure_check(path)
        message = (result["verdict"] or {}).get("message", result["stderr"])[:150]
        print(f"{name}: {path.stat().st_size} bytes: exit {result['exit']} "
              f"({result['process_exit']}), {result['cpu']:.2f} s, {result['peak_mib']:.0f} MiB: "
              f"{message}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
