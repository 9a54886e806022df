"""Plan jobs with run counts of 100 digits and more go into the store as the JSON convention
says (exact integers as strings, the float beside them), and a row that Arrow cannot take
fails that job alone, never its batch."""

import pyarrow as pa
import pytest

from verify import plan, read_store
from verify.sweep import execute
from verify.sweep.execute import run_task
from verify.sweep.jobs import normalize_job
from verify.sweep.runner import run_on_cluster
from verify.sweep.store import Store

PLANS = [("10", 100), ("41", 100), ("2", 3), ("17", 90)]


def _jobs():
    return [(f"job-{k}", normalize_job({"kind": "plan", "rho": rho, "depth": depth}, "test"))
            for k, (rho, depth) in enumerate(PLANS)]


def test_huge_run_counts_are_stored_exactly():
    rows, _, errors = run_task(_jobs())
    assert errors == []
    values = rows.column("value").to_pylist()
    expected = [plan(rho, depth, "1/100").runs_theorem for rho, depth in PLANS]
    assert values == [str(n) for n in expected]
    assert len(values[0]) >= 100 and len(values[1]) > 150  # 41^100 has 162 digits
    # independently: the least n with (1 - rho^-d)^n <= 1/100; (7/8)^35 <= 1/100 < (7/8)^34,
    # and for rho^d = 10^100, n = ln(100) * 10^100 to 15 digits (ln(1 - e) = -e to 1e-100)
    assert values[2] == "35"
    assert values[0][:15] == "460517018598809"
    floats = rows.column("value_float").to_pylist()
    assert all(abs(f / float(n) - 1) < 1e-12 for f, n in zip(floats, expected))


def test_a_row_arrow_refuses_fails_only_its_job(monkeypatch):
    real = execute._RUNNERS["plan"]

    def bad_arity(job, functions):
        row, certificate = real(job, functions)
        if job["rho"] == "41":
            row["arity"] = 2 ** 40  # does not fit the int32 column
        return row, certificate
    monkeypatch.setitem(execute._RUNNERS, "plan", bad_arity)
    rows, _, errors = run_task(_jobs())
    assert [identity for identity, _ in errors] == ["job-1"]
    assert "does not fit the store" in errors[0][1]
    assert rows.column("job_id").to_pylist() == ["job-0", "job-2", "job-3"]


@pytest.mark.slow
def test_a_sweep_of_huge_plans_completes_and_reads_back(client1, tmp_path):
    jobs = [job for _, job in _jobs()]
    report = run_on_cluster(iter(jobs), len(jobs), Store(tmp_path / "s", create=True), client1)
    assert report.errors == [] and report.computed == len(PLANS)
    table = read_store(tmp_path / "s", ["value"])
    assert table.schema.field("value").type == pa.string()
    stored = sorted(int(v) for v in table.column("value").to_pylist())
    assert stored == sorted(plan(rho, depth, "1/100").runs_theorem for rho, depth in PLANS)
