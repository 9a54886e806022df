"""The progress bar's estimate of the time left (issue 31: long runs were silent)."""

import io

import pytest

from verify.base.progress import Progress, remaining_text


@pytest.mark.parametrize("elapsed, share, shown", [
    (10, 0.5, "about 10 s left"),          # half done in 10 s: 10 s more at that pace
    (60, 0.25, "about 3 min left"),        # a quarter in 1 min: 3 min more
    (3600, 0.4, "about 1.5 h left"),       # 40 % in 1 h: 1.5 h more
])
def test_the_rest_at_the_pace_so_far(elapsed, share, shown):
    assert remaining_text(elapsed, share).strip() == ", " + shown


@pytest.mark.parametrize("elapsed, share", [(0.5, 0.5), (10, 0.0), (10, 1.0)])
def test_no_estimate_without_a_pace_or_when_done(elapsed, share):
    assert "left" not in remaining_text(elapsed, share)


def test_a_bar_on_a_terminal_shows_counts_and_a_silent_one_writes_nothing():
    shown, silent = io.StringIO(), io.StringIO()
    with Progress(4, "jobs", stream=shown, enabled=True, interval=0) as bar:
        bar.update(4)
    with Progress(4, "jobs", stream=silent) as bar:  # StringIO is not a terminal
        bar.update(4)
    assert "jobs: [" in shown.getvalue() and "100.0% (4/4)" in shown.getvalue()
    assert silent.getvalue() == ""


def test_work_of_unknown_size_counts_steps_and_seconds():
    """The budgeted worst case's sacrifice search (46 s silent on maj:9 depth 6) shows the
    states searched so far (issue 31); no bar, since the total is not known in advance."""
    shown = io.StringIO()
    with Progress(None, "search (states)", stream=shown, enabled=True, interval=0) as bar:
        bar.update(7)
    assert "search (states): 7 so far, 0 s" in shown.getvalue() and "[" not in shown.getvalue()


def test_the_sacrifice_search_reports_every_state(monkeypatch):
    from verify import random_oracle, uniform_tree
    from verify.budgeted.api import budgeted_instance
    from verify.budgeted.liar_search import sacrifice_search

    tree = uniform_tree("maj:3", 2)
    debate = budgeted_instance(tree, random_oracle(tree, seed=4), None).debate
    ticks = []
    result = sacrifice_search(debate, tick=lambda: ticks.append(1))
    assert len(ticks) == result.states > 0
