"""verify.base.interrupts: a Ctrl-C whose KeyboardInterrupt Python dropped (raised inside a
__del__, as z3's objects are freed) still stops the command before it writes anything."""

import os
import signal

import pytest
from cli_run import fbs_cli as fbs

import verify.commands.compute as compute
from verify.base.files import AtomicOutput, write_text_atomic
from verify.base.interrupts import deferred_interrupts, interrupted, remember_interrupts


class _InterruptedWhileFreed:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)  # the handler raises here; Python drops it


def _drop_an_interrupt():
    _InterruptedWhileFreed()


@pytest.fixture(autouse=True)
def _python_sigint():
    """Python's own SIGINT handler for each test, even when the suite runs with SIGINT
    ignored (a background job of a shell without job control); afterwards, as it was."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    remember_interrupts()  # later in-process commands start clean either way
    signal.signal(signal.SIGINT, previous)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("writer", ["atomic", "streamed"])
def test_a_dropped_interrupt_stops_the_command_before_it_writes(tmp_path, capsys, monkeypatch,
                                                                 writer):
    output = tmp_path / "out.json"

    def command(args):
        _drop_an_interrupt()
        if writer == "atomic":
            write_text_atomic(output, "{}\n")
        else:
            with AtomicOutput(output) as handle:
                handle.write("{}\n")
        return 0

    monkeypatch.setattr(compute, "run_compute", command)
    code, _, err = fbs(capsys, "compute", "maj:3", "--at", "110")
    assert (code, err.strip()) == (130, "fbs: interrupted")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_dropped_interrupt_turns_a_finished_command_into_130(capsys, monkeypatch):
    def command(args):
        _drop_an_interrupt()
        return 0

    monkeypatch.setattr(compute, "run_compute", command)
    assert fbs(capsys, "compute", "maj:3", "--at", "110")[0] == 130


def test_each_command_starts_without_an_earlier_interrupt(capsys):
    remember_interrupts()
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        signal.getsignal(signal.SIGINT)  # a bytecode boundary: the handler runs
    assert interrupted()
    code, out, _ = fbs(capsys, "compute", "maj:3", "--at", "110")
    assert code == 0 and "2" in out and not interrupted()


def test_an_ignored_sigint_stays_ignored():
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        remember_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_a_deferred_interrupt_is_raised_on_leaving_the_region():
    remember_interrupts()
    reached_the_end = False
    with pytest.raises(KeyboardInterrupt):
        with deferred_interrupts():
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # many bytecode boundaries: the handler ran, did not raise
                pass
            reached_the_end = True
    assert reached_the_end and interrupted()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_dropped_interrupt_stops_a_long_run_at_its_next_step(tmp_path, capsys, monkeypatch):
    """`fbs debate run --runs N --transcript T`: a Ctrl-C dropped while the first batch of runs
    is written stops the command at the next batch (it went on through all N runs, minutes
    for N = 16,000,000, before the end-of-command check turned it into 130)."""
    from verify.protocol.transcript import TranscriptWriter

    tree, oracle, transcript = tmp_path / "t.json", tmp_path / "o.json", tmp_path / "out.jsonl"
    assert fbs(capsys, "tree", "build", "--aggregator", "maj:3", "--depth", 2, "-o", tree,
               "--oracle-out", oracle)[0] == 0
    batches = []
    original = TranscriptWriter.runs

    def runs(self, first, choices):
        batches.append(first)
        if len(batches) == 1:
            _drop_an_interrupt()
        original(self, first, choices)

    monkeypatch.setattr(TranscriptWriter, "runs", runs)
    code, _, err = fbs(capsys, "debate", "run", tree, "--oracle", oracle, "--rho", 2,
                       "--alice", "worst", "--runs", 20 * 2 ** 16, "--transcript", transcript)
    assert (code, err.strip()) == (130, "fbs: interrupted")
    assert len(batches) == 1  # of 20
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.json", "t.json"]
