"""random-trees families whose aggregators contain commas (wthr weights) or semicolons
(compose): the aggregator list reads as intended, and a bad one points to a jobs file."""

import pytest

from verify.base.errors import BadInput
from verify.sweep.generators import parse_family


def aggregators_of(text: str) -> list[list[str]]:
    return [job["tree"]["aggregators"] for job in parse_family(text)]


@pytest.mark.parametrize("text, expected", [
    ("random-trees:1:5:2:maj:3,wthr:2,1,1,1:3", ["maj:3", "wthr:2,1,1,1:3"]),
    ("random-trees:1:5:2:maj:3;wthr:2,1,1,1:3", ["maj:3", "wthr:2,1,1,1:3"]),
    ("random-trees:1:5:2:wthr:2,1,1,1:3", ["wthr:2,1,1,1:3"]),
    ("random-trees:1:5:2:maj:3,and:2@0.5", ["maj:3", "and:2"]),
    ("random-trees:1:5:2:compose(maj:3;and:1;or:1;and:1);and:2",
     ["compose(maj:3;and:1;or:1;and:1)", "and:2"]),
    ("random-trees:1:5:2:tt:0110,compose(and:2;or:1;or:1)",
     ["tt:0110", "compose(and:2;or:1;or:1)"]),
])
def test_aggregator_lists_read_as_intended(text, expected):
    found = aggregators_of(text)
    assert len(found) == 5 * 5 and all(aggregators == expected for aggregators in found)


def test_the_weighted_threshold_is_used_by_the_trees():
    from verify import random_tree

    jobs = [job for job in parse_family("random-trees:1:5:2:maj:3,wthr:2,1,1,1:3")
            if job["kind"] == "tree-fbs"]
    used = set()
    for job in jobs:
        tree = random_tree(job["tree"]["random"], 2, job["tree"]["aggregators"])
        used |= {tree.aggregators[node] for node in tree.internal()}
    assert "wthr:2,1,1,1:3" in used


def test_a_bad_aggregator_list_points_to_a_jobs_file():
    with pytest.raises(BadInput, match="jobs file") as caught:
        parse_family("random-trees:1:5:2:maj:3,wthr:2,x:3")
    assert "'x'" in str(caught.value)
