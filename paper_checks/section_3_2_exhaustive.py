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
        queried = set()
        counting = {s: v for s, v in oracle.items()}
        values = node_values(tree, _Recorder(counting, queried))
        row = {"aggregator": spec, "depth": depth, "leaves": len(tree.leaves()), "q_d": q**depth,
               "distinct_queries": len(queried), "root": values[0]}
        rows.append(row)
        if not row["leaves"] == row["q_d"] == row["distinct_queries"]:
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


class _Recorder(dict):
    """An oracle that records which queries were asked."""

    def __init__(self, answers, asked):
        super().__init__(answers)
        self.asked = asked

    def __getitem__(self, query):
        self.asked.add(query)
        return super().__getitem__(query)


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
