"""Section 3.2 / footnote 2: a brute-force protocol visiting all leaves needs q^d queries."""

from verify.report.runner import CheckResult, PaperCheck
from verify.trees.builders import literature_tree

from .trees_corpus import grid_trees

NAME = "section_3_2_exhaustive"
PLACE = "Section 3.2 (after Definition 3.2) and footnote 2"
CLAIM = ("A brute-force debate protocol that visits all the leaves of a decomposition tree "
         "requires q^d queries to the oracle O.")


def run(context) -> CheckResult:
    from verify.trees.oracles import node_values

    rows, wrong = [], []
    for spec, depth, tree, oracle in grid_trees():
        q = tree.max_width()
        queried: set[str] = set()
        root = _exhaustive_root(tree, _Recorder(oracle, queried))
        row = {"aggregator": spec, "depth": depth, "leaves": len(tree.leaves()), "q_d": q**depth,
               "distinct_queries": len(queried), "root": root}
        rows.append(row)
        if not row["leaves"] == row["q_d"] == row["distinct_queries"] or \
                root != node_values(tree, oracle)[0]:
            wrong.append(row)
    literature, _ = literature_tree()
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"evaluating the root bottom-up queries every leaf: {len(rows)} uniform trees, leaves = "
        f"distinct queries = q^d in each (the literature example has {len(literature.leaves())} "
        "leaves); footnote 2's doubly-efficient protocol is outside this model",
        "failed" if wrong else "confirmed",
        values={"trees": rows, "mismatches": wrong},
        notes=[
            "footnote 2 (one oracle query with the doubly-efficient protocol of "
                    "Brown-Cohen et al. 2024, still O(q^d) time) concerns another protocol and is "
                    "not checkable here"])


def _exhaustive_root(tree, oracle) -> int:
    """The brute-force protocol: every node evaluated bottom-up, every leaf read from the oracle
    (node_values, the package's evaluator, validates a copy of the oracle, so the recording
    oracle is read here; its root must equal node_values' root)."""
    values = [0] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        values[node] = (tree.aggregators[node].evaluate([values[c] for c in kids]) if kids
                        else oracle[tree.queries[node]])
    return values[0]


class _Recorder(dict):
    """An oracle that records which queries were asked."""

    def __init__(self, answers, asked):
        super().__init__(answers)
        self.asked = asked

    def __getitem__(self, query):
        self.asked.add(query)
        return super().__getitem__(query)


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
