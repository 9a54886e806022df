"""Every row of certificates/FORMAT.md's hostile files (tests/checker/hostile_files.py): files
under 10 MB that once made the checker run for minutes or past 4 GiB now get an answer (exit
0, 1 or 2): the verdict and the bound it names, and a peak memory under 2 GiB, measured on the
checker's own process (the one `fbs check` starts) with os.wait4, under hard limits so that a
regression fails instead of hanging the machine. Seconds are not asserted (they depend on the
machine's load): the CPU limit below only stops a hang, and the promise of 10 CPU seconds is
measured by `python bench/bench_hardening.py --hostile-files` (bench/RESULTS.md)."""

from __future__ import annotations

import pytest
from hostile_files import ROWS, measure_check

from verify.checker import lrat, spec_eval

HANG_CPU_SECONDS, PEAK_MIB = 120, 2048  # a hard stop for a hang, not a bar

# row: (exit code, text of the message: the verdict or the bound that refuses the file)
EXPECTED = {
    "expr-24-negated": (2, "more than 2^38 bit-operations"),
    "wthr-1000-digits": (1, "primal[12] block [12] is not sensitive"),
    "gzip-nested-lists": (2, "more than 8000000 JSON values"),
    "threshold-huge-cells": (2, "the knapsack DP needs 16 x 1048575 cells of 6 30-bit words"),
    "sat-dense-dual-bits": (2, "the weights have too many set bits"),
    "sat-nested-compose": (2, "scans more than 2097152 parentheses and semicolons"),
    "dimacs-shared-sat": (2, "more than 3000000 literals, every reference counted"),
    "dimacs-shared-exhaustive": (2, "more than 2^38 bit-operations"),
    "dimacs-shared-tree": (1, "no record for aggregator"),
    "lrat-visit-limit": (2, "exceeds the work budget of 60000000 literal visits"),
    "lrat-deletions": (2, "exceeds the work budget of 60000000 literal visits"),
    "tree-deep-chain": (2, "depth 5000000 is not in 0..64"),
    "tree-at-budget": (0, "rho_T = fbs_alpha(F_T) = 80"),
    "tree-many-searches": (2, "more than 2^38 bit-operations"),
    "exhaustive-28": (2, "more than 2^38 bit-operations"),
    "exhaustive-28-valid": (0, "fbs_z(f) = 28/15"),
    "exhaustive-many-blocks": (1, "block [21] is sensitive (f(z^B) = 1, f(z) = 0) but t(B) = 0"),
    "tree-v2-most-leaves": (0, "40353607 leaves and depth 9"),
    "tree-v2-huge-multiplicity": (2, "nodes: expected 1 to 4611686018427387904 nodes"),
}
SLOW = {"gzip-nested-lists", "sat-dense-dual-bits", "dimacs-shared-sat",
        "dimacs-shared-exhaustive", "dimacs-shared-tree", "lrat-deletions",
        "tree-many-searches", "exhaustive-many-blocks", "sat-nested-compose",
        "lrat-visit-limit", "tree-v2-most-leaves"}


def test_every_row_has_an_expectation():
    assert set(EXPECTED) == set(ROWS)


@pytest.mark.parametrize("row", [pytest.param(row, marks=pytest.mark.slow) if row in SLOW
                                 else row for row in ROWS])
def test_hostile_file_is_answered_within_the_bounds(row, tmp_path):
    path = tmp_path / f"{row}.json"
    path.write_bytes(ROWS[row]())
    assert path.stat().st_size < 10 * 2**20
    result = measure_check(path, cpu_seconds=HANG_CPU_SECONDS, memory_bytes=3 << 30)
    code, text = EXPECTED[row]
    assert result["exit"] == code and result["process_exit"] == code, result
    assert text in result["verdict"]["message"], result["verdict"]
    # every refusal here is a bound, not a format error: the --json verdict says so
    assert result["verdict"]["too_large"] is (code == 2), result["verdict"]
    assert result["peak_mib"] < PEAK_MIB, result


def test_the_bounds_are_the_documented_numbers():
    """FORMAT.md states these numbers; the rows above depend on them."""
    assert spec_eval.WORK_LIMIT == 2**38 and lrat.MAX_WORK == 60_000_000
    assert spec_eval.MAX_SPLIT_EVENTS == 2**21


def test_the_measure_sees_a_process_over_the_bound(tmp_path, monkeypatch):
    """The measurement is not vacuous: with the JSON value bound lifted in the child (a
    deliberately weaker checker), the gzip row is no longer refused by that bound but runs
    into the memory limit (1 GiB here): a MemoryError, or the process killed."""
    from verify.base import checker_process

    path = tmp_path / "lists.json"
    path.write_bytes(ROWS["gzip-nested-lists"]())
    boot = checker_process.BOOT.replace(
        "from verify.checker.__main__ import main;",
        "import verify.checker.reader as r; r.MAX_JSON_VALUES = 10**12; "
        "from verify.checker.__main__ import main;")
    assert boot != checker_process.BOOT
    monkeypatch.setattr(checker_process, "BOOT", boot)
    result = measure_check(path, cpu_seconds=20, memory_bytes=1 << 30)
    message = (result["verdict"] or {}).get("message", "")
    assert "JSON values" not in message
    assert "MemoryError" in message or result["process_exit"] < 0 or result["peak_mib"] > 900
