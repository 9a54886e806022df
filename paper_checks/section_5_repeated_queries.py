"""Section 5 (Setup): with repeated leaf queries a q-ary AND collapses to a one-bit identity."""

from verify.base.errors import BadInput
from verify.lower_bound.global_function import check_distinct_queries, global_truth_table
from verify.lower_bound.tree_fbs import tree_fbs
from verify.report.runner import CheckResult, PaperCheck, text
from verify.trees.tree_file import parse_tree

NAME = "section_5_repeated_queries"
PLACE = "Section 5, Setup (pairwise distinct leaf queries)"
CLAIM = ("This assumption is needed for a non-trivial lower bound: for example, if all q leaves "
         "of a q-ary AND root query the same string, then the decomposition tree T computes "
         "only a one-bit identity function.")
WIDTHS = (2, 3, 5, 10, 16)


def and_tree(q: int, same: bool):
    nodes = [{"id": "r", "aggregator": f"and:{q}", "children": [f"l{i}" for i in range(q)]}]
    nodes += [{"id": f"l{i}", "query": "the one question" if same else f"question {i}"}
              for i in range(q)]
    return parse_tree({"format": "fbs-tree/1", "root": "r", "nodes": nodes})


def run(context) -> CheckResult:
    rows, failures = [], []
    for q in WIDTHS:
        repeated = and_tree(q, same=True)
        variables, table = global_truth_table(repeated, allow_repeated=True)
        identity = len(variables) == 1 and list(table) == [False, True]
        collapsed = context.certified_fbs(NAME, "tt:01", "1").value  # F_T at alpha = 1
        local = context.certified_fbs(NAME, f"and:{q}", "1" * q).value
        distinct = and_tree(q, same=False)
        rho_t = tree_fbs(distinct, {f"question {i}": 1 for i in range(q)})
        try:
            check_distinct_queries(repeated)
            refused = False
        except BadInput as error:
            refused = "q-ary AND" in str(error)
        row = {"q": q, "F_T_is_identity": identity, "fbs_collapsed": text(collapsed),
               "local_fbs_and": text(local), "rho_T_distinct_queries": text(rho_t.value),
               "refused_with_the_papers_example": refused}
        rows.append(row)
        if not (identity and collapsed == 1 and local == q == rho_t.value and rho_t.certified
                and refused):
            failures.append(row)
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"q in {WIDTHS}: with one repeated query F_T is the identity on 1 variable (fbs 1, "
        "certified) while the AND's local fbs at 1^q is q; with distinct queries rho_T = q "
        "(certified); the tools refuse repeated queries citing this example",
        "failed" if failures else "confirmed",
        values={"rows": rows, "failures": failures},
        notes=[
            "F_T over repeated queries is built with one variable per distinct query "
                    "(verify.lower_bound.global_function.global_truth_table(allow_repeated=True)); every other "
                    "tool refuses such trees"])


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
