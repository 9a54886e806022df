"""`verify.exhaustive_census(q, certify=, global_measures=, workers=)`: wrong option types or
values are BadInput (exit 2 on the command line) before any work. Before, certify="no" gave a
result whose `certified` was the string "no", workers="2" or None a TypeError from inside the
global census, and workers=0, -1 or 2.5 ran as if 1 (the command line refuses 0)."""

import pytest

from verify import exhaustive_census
from verify.base.errors import BadInput
from verify.sweep import exhaustive_census as module


@pytest.mark.parametrize("options, words", [
    ({"certify": "no"}, "certify"),
    ({"certify": 1}, "certify"),
    ({"global_measures": "yes"}, "global_measures"),
    ({"global_measures": 1}, "global_measures"),
    ({"workers": 0}, "workers"),
    ({"workers": -1}, "workers"),
    ({"workers": 2.5}, "workers"),
    ({"workers": "2"}, "workers"),
    ({"workers": None}, "workers"),
    ({"workers": True}, "workers"),
    ({"workers": 10 ** 6}, "workers"),
])
def test_bad_options_are_refused_before_the_work(monkeypatch, options, words):
    def no_work(q):
        raise AssertionError("classify ran before the options were checked")

    monkeypatch.setattr(module, "classify", no_work)
    with pytest.raises(BadInput, match=words):
        exhaustive_census(2, **options)


def test_good_options_give_the_same_counts():
    """Every function of 2 inputs: 2 constants, 4 literals (C = 1), the other 10 C = 2."""
    plain = exhaustive_census(2, certify=False)
    assert plain.certified is False
    assert plain.global_figures["C"] == {"0": "2", "1": "4", "2": "10"}
    for options in ({"workers": 2, "global_measures": True}, {"workers": 1},
                    {"global_measures": None, "certify": True}):
        census = exhaustive_census(2, **options)
        assert census.global_figures == plain.global_figures
        assert census.certified is options.get("certify", True)


def test_the_command_default_workers_fit_on_a_machine_of_many_cores(capsys, monkeypatch):
    """Without --workers the command uses the cores, at most the API's bound."""
    import json
    import os

    from tests.cli_run import fbs_cli

    monkeypatch.setattr(os, "cpu_count", lambda: 1000)
    code, out, err = fbs_cli(capsys, "census", "--exhaustive", 2, "--global", "--json",
                             "--uncertified")
    assert code == 0, err
    assert json.loads(out)["global"]["C"] == {"0": "2", "1": "4", "2": "10"}
