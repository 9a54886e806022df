"""The time bars the test suite used to assert (issue 30, section 3), measured here instead.

Tests never assert seconds: a loaded machine made four of them fail while the code was right.
Each test now asserts values, work counts (tests/work_count.py) or refusals; this script times
the same calls, each in a fresh process (bench/measure.py), and prints the CPU seconds of the
call itself beside the bar the test once asserted. Run:

    python bench/bench_test_bars.py [--only NAME ...] [--json]

The hostile checker files (10 CPU seconds each) are bench/bench_hardening.py --hostile-files;
the refusal corpus and the lost scheduler are bench/bench_prompt_refusals.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure import ROOT, python_child, run_once  # noqa: E402

TIMED = """
import sys, time
sys.path.insert(0, {tests!r}); sys.path.insert(0, {checker_tests!r})
{setup}
start = time.process_time()
try:
    {call}
except Exception as error:
    print("raised", type(error).__name__, str(error)[:80], file=sys.stderr)
print(time.process_time() - start)
"""

# name: (the bar the test asserted, in seconds; the test it came from; setup; the timed call)
CASES = {
    "random tree refused (depth 50, p 0.5)": (
        30, "tests/trees/test_random_tree_limits.py",
        "from verify.trees.builders import random_tree",
        "random_tree(0, 50, ['maj:3'], 0.5)"),
    "load a flat maj:5 tree, depth 6": (
        5, "tests/trees/test_trees.py",
        "import json, tempfile, pathlib\nfrom verify.trees.builders import uniform_tree\n"
        "from verify.trees.tree_file import load_tree, tree_document\n"
        "path = pathlib.Path(tempfile.mkdtemp()) / 'big.json'\n"
        "path.write_text(json.dumps(tree_document(uniform_tree('maj:5', 6))))",
        "load_tree(path)"),
    "evaluate maj:24 and thr:24:12 (checker)": (
        30, "tests/checker/test_checker_spec_eval.py",
        "from verify.checker import evaluate_spec",
        "evaluate_spec('maj:24'); evaluate_spec('thr:24:12')"),
    "too costly spec refused (checker)": (
        10, "tests/checker/test_checker_spec_eval.py",
        "from verify.checker import evaluate_spec\n"
        "spec = 'compose(tt:0x' + '6' * (2 ** 16 // 4) + ':16;' + ';'.join(['expr:~x1'] * 8 + "
        "['expr:x1&x2'] * 8) + ')'",
        "evaluate_spec(spec)"),
    "and:10^8 at 0 (symmetric kind)": (
        1, "tests/checker/test_checker_symmetric.py",
        "from verify.checker import check_certificate\n"
        "c = {'format': 'fbs-certificate/1', 'kind': 'symmetric', 'spec': 'and:100000000', "
        "'arity': 100000000, 'input': '0^100000000', 'value': '1', "
        "'dual': {'ones': '0', 'zeros': '1/100000000'}, "
        "'primal': [{'ones': 0, 'zeros': 100000000, 'weight': '1'}]}",
        "check_certificate(c)"),
    "a bs witness of 10^5 blocks (measure kind)": (
        5, "tests/checker/test_checker_measure.py",
        "from verify.checker import check_certificate\n"
        "from test_checker_measure import certificate\n"
        "c = certificate('or:10', '0' * 10, 'bs', 10 ** 5, [[0]] * 10 ** 5)",
        "check_certificate(c)"),
    "a million digits to text and back": (
        5, "tests/base/test_numbers_long.py",
        "from verify.base.numbers import int_text, text_int\nn = 7 ** 1183000",
        "text_int(int_text(n))"),
    "and:2 tree of depth 20, 20 classes (tree kind)": (
        10, "tests/checker/test_checker_tree.py",
        "from verify.checker.tree_kind import check\n"
        "records = [{'aggregator': 'and:2', 'z': '11', 'capacities': [str(2 ** k)] * 2, "
        "'value': str(2 ** (k + 1)), 'primal': [{'block': [0], 'weight': str(2 ** k)}, "
        "{'block': [1], 'weight': str(2 ** k)}], 'dual': ['1', '1']} for k in range(20)]\n"
        "c = {'format': 'fbs-certificate/1', 'kind': 'tree', 'tree': {'uniform': "
        "{'aggregator': 'and:2', 'depth': 20}}, 'alpha': '1' * 2 ** 20, 'value': str(2 ** 20), "
        "'records': records}",
        "check(c)"),
    "budgeted worst case, maj:17 root": (
        15, "tests/budgeted/test_worst_case_plan.py",
        "from verify import budgeted_worst_case, random_oracle, uniform_tree\n"
        "tree = uniform_tree('maj:17', 1); oracle = random_oracle(tree, seed=0)",
        "budgeted_worst_case(tree, oracle)"),
    "census --exhaustive 6 with a bad -o": (
        10, "tests/commands/test_census_exhaustive_cli.py",
        "from verify.cli import main",
        "main(['census', '--exhaustive', '6', '-o', '/nonexistent/c'])"),
}


def measure(name: str) -> dict:
    bar, test, setup, call = CASES[name]
    code = TIMED.format(tests=str(ROOT / "tests"), checker_tests=str(ROOT / "tests" / "checker"),
                        setup=setup, call=call)
    result = run_once(python_child(code))
    lines = result["stdout"].split()
    return {"case": name, "test": test, "bar_s": bar,
            "call_cpu_s": round(float(lines[-1]), 3) if lines else None,
            "process_cpu_s": round(result["cpu"], 3), "wall_s": round(result["wall"], 3),
            "peak_mib": round(result["peak_mib"]), "load_average": round(os.getloadavg()[0], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(CASES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(name) for name in args.only or CASES]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print("| case | the test's old bar | CPU of the call | process CPU | wall | peak | load |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['bar_s']} s | {r['call_cpu_s']} s | {r['process_cpu_s']} s | "
              f"{r['wall_s']} s | {r['peak_mib']} MiB | {r['load_average']} |")


if __name__ == "__main__":
    main()
