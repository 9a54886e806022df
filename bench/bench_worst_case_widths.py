"""The worst-case DP over Hamming weights by width (issue 32): the cost behind
MAX_SYMMETRIC_DP_WIDTH in verify/protocol/worst_case.py.

Times `verify.worst_case` (CPU seconds, one run each, in this process) on a uniform tree of
depth 1 over random leaves (seed 1) at rho = 300, for maj:q at several widths and for and:310
(whose lie needs fbs 310 > rho: the losing claim, once found by enumerating 2^310 vectors).

    python bench/bench_worst_case_widths.py
"""

from __future__ import annotations

import time

from verify import random_oracle, uniform_tree, worst_case

SPECS = ("maj:101", "maj:201", "maj:401", "maj:512", "and:310")


def main() -> None:
    for spec in SPECS:
        tree = uniform_tree(spec, 1)
        start = time.process_time()
        result = worst_case(tree, random_oracle(tree, 1), 300)
        seconds = time.process_time() - start
        print(f"{spec}: {seconds:.2f} s CPU, catch = {result.to_json()['catch_probability_exact']}")


if __name__ == "__main__":
    main()
