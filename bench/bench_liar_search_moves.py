"""Benchmark: the liar search's lying-child moves (issue 30, section 1; docs/budgeted.md,
section 5). The peer is the same search with the lying children's inflation switched off
(MAX_LYING_MOVE_STATES = -1), in the same process and run, on the same instances; Bob's
LP cache is emptied before each measurement.
Usage:  python bench/bench_liar_search_moves.py
Prints per instance: the catch probability found, the states planned (a work count that does
not depend on the machine's load) and the CPU seconds, for both, and the CPU ratio.
"""

from __future__ import annotations

import time

import verify.budgeted.liar_search as search
from verify import random_oracle, random_tree, tree_fbs, uniform_tree
from verify.budgeted import bob
from verify.budgeted.engine import BudgetedDebate

AGGREGATORS = ["maj:3", "and:2", "or:2", "thr:3:2", "parity:2", "tt:0110", "tt:0111", "and:3",
               "or:3"]


def instances():
    for spec, depth in (("maj:17", 2), ("maj:5", 3), ("maj:9", 2)):
        tree = uniform_tree(spec, depth)
        yield f"{spec} depth {depth} (oracle seed 0)", tree, random_oracle(tree, 0)
    for seed in (19, 107):
        tree = random_tree(seed, 2 if seed == 19 else 3, AGGREGATORS)
        yield f"random_tree({seed}, {tree.depth}) (oracle seed {seed + 1})", tree, \
            random_oracle(tree, seed + 1)


def measure(debate, states: int):
    saved, search.MAX_LYING_MOVE_STATES = search.MAX_LYING_MOVE_STATES, states
    try:
        bob._VIEWS.clear()
        start = time.process_time()
        result = search.sacrifice_search(debate)
        return result.catch_probability_exact, result.states, time.process_time() - start
    finally:
        search.MAX_LYING_MOVE_STATES = saved


def main() -> None:
    print("| instance | with lying moves: catch, states, CPU s | peer (off): catch, states, "
          "CPU s | CPU ratio |")
    print("|---|---|---|---|")
    for name, tree, oracle in instances():
        debate = BudgetedDebate.create(tree, oracle, tree_fbs(tree, oracle).value)
        peer = measure(debate, -1)
        ours = measure(debate, search.MAX_LYING_MOVE_STATES)
        print(f"| {name} | {ours[0]}, {ours[1]}, {ours[2]:.2f} | {peer[0]}, {peer[1]}, "
              f"{peer[2]:.2f} | {ours[2] / max(peer[2], 1e-9):.2f} |", flush=True)


if __name__ == "__main__":
    main()
