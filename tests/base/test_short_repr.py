"""repr() of a result is short; the full data is on request (issue 31: 616,144 characters for
the worst case on a 3,906-node tree)."""

import verify
from verify import random_oracle, uniform_tree, worst_case
from verify.base.notebook import MAX_REPR, NotebookView


def test_worst_case_on_a_3906_node_tree():
    tree = uniform_tree("maj:5", 5)  # 1 + 5 + ... + 5^5 = 3,906 nodes
    assert tree.n_nodes == 3906
    result = worst_case(tree, random_oracle(tree, seed=1), 3)
    text = repr(result)
    assert len(text) <= MAX_REPR + 60 and text.startswith("<WorstCase ")
    assert len(result.to_json()["strategy"]) == result.to_json()["strategy_states"]


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_result_class_uses_the_short_repr():
    for name in verify.__all__:
        getattr(verify, name)  # load every public module
    classes = list(_subclasses(NotebookView))
    assert len(classes) >= 20
    for cls in classes:
        assert cls.__repr__ is NotebookView.__repr__, cls.__name__
