"""`fbs tree fbs`: the global fbs rho_T of a tree at its reference oracle (paper Section 5).

Registered under `fbs tree` by verify/commands/tree.py calling `register_tree_fbs(sub)`.
"""

from __future__ import annotations

import sys

from .proved import add_proved

DEFAULT_EPS = "1/100,1/10,1/4"


def register_tree_fbs(tree_subparsers) -> None:
    """Add `fbs tree fbs TREE --oracle ORACLE [--method direct|recursive] [--json] ...`."""
    parser = tree_subparsers.add_parser(
        "fbs", help="global fbs rho_T = fbs_alpha(F_T) of the tree at the oracle (Section 5)",
        description="rho_T exactly: 'recursive' (default) runs the weighted composition "
        "recursion, certified node by node by the stdlib-only checker (any size); 'direct' "
        "solves the fbs LP of F_T's truth table (at most 20 leaves). Also reports Lemma 5.4's "
        "rho^d and the path products of the local fbs values, and Theorem 5.1's query table.")
    parser.add_argument("tree", metavar="TREE", help="fbs-tree/1 file (distinct leaf queries)")
    parser.add_argument("--oracle", required=True, metavar="ORACLE", help="fbs-oracle/1 file (O_Y)")
    parser.add_argument("--method", choices=["direct", "recursive"], default="recursive",
                        help="recursive (any size) or direct (F_T's truth table)")
    parser.add_argument("--certificate", metavar="FILE", help="write the certificate (kind tree "
                        "for recursive, exhaustive for direct), atomically (- for standard output)")
    parser.add_argument("--eps", default=DEFAULT_EPS, metavar="E1,E2,...",
                        help=f"Theorem 5.1 table: failure probabilities (default {DEFAULT_EPS})")
    parser.add_argument("--worst-case", action="store_true", help="add FBS Debate's exact runs: "
                        "against the worst-case liar at O_Y (DP; widths <= 12) and against "
                        "Theorem 5.3's oracle O_N (scans R; small trees)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_proved(parser)
    parser.set_defaults(run=run_tree_fbs)


def _eps_values(text: str):
    from fractions import Fraction

    from verify.base.errors import BadInput
    from verify.base.numbers import parse_fraction

    values = [parse_fraction(part, "--eps") for part in text.split(",") if part.strip()]
    if not values or any(not 0 < e < Fraction(1, 2) for e in values):
        raise BadInput("--eps values must lie in (0, 1/2)")
    return values


def run_tree_fbs(args) -> int:
    from verify.cli import print_json
    from verify.lower_bound.api import tree_fbs

    from .arguments import check_outputs, refuse_json_with_stdout, report_stream

    refuse_json_with_stdout(args.json, args.certificate)
    check_outputs([(args.certificate, "--certificate")],
                  [(args.tree, "TREE"), (args.oracle, "--oracle")])
    if args.proved:
        _require_proved(args)
    result = tree_fbs(args.tree, args.oracle, method=args.method, eps=_eps_values(args.eps),
                      worst_case=args.worst_case, certificate=args.certificate, progress=True)
    document = result.to_json()
    if args.json:
        print_json(document)
    else:
        _print(document, report_stream(args.certificate))
    if args.proved:
        from .proved import check_proved_files

        check_proved_files([args.certificate], sys.stderr if args.json else
                           report_stream(args.certificate))
    if result.methods_agree is False:
        print("fbs: internal error: the direct and recursive rho_T disagree", file=sys.stderr)
        return 3
    return 0


def _require_proved(args) -> None:
    """--proved, before the work: a certificate file, of a kind fbs-proved checks (tree
    version 3 for the recursion, exhaustive for the direct method)."""
    from verify.base.errors import BadInput
    from verify.checker.tree_kind import SIDES_VERSION

    from .proved import require_proved_kind

    if args.certificate in (None, "-"):
        raise BadInput("--proved checks the written certificate: give --certificate FILE")
    require_proved_kind("exhaustive" if args.method == "direct" else f"tree/{SIDES_VERSION}")


def _print(document: dict, stream) -> None:
    def say(text: str) -> None:
        print(text, file=stream)

    label = "certified" if document["certified"] else "NOT CERTIFIED"
    say(f"{document['tree'] or 'a tree without a description'}: {document['leaves']} leaves, depth {document['depth']}"
        f"{'' if document['uniform_depth'] else ' (leaves at several depths)'}; "
        f"{document['internal_nodes']} internal nodes, {document['distinct_local_lps']} distinct "
        "local LPs")
    say(f"  rho_T = fbs_alpha(F_T) = {_short(document['rho_T'])} ({document['method']}, {label})")
    if "recursive_rho_T" in document:
        agree = "agrees" if document["methods_agree"] else "DISAGREES"
        say(f"  the weighted recursion gives {_short(document['recursive_rho_T'])} ({agree})")
    say(f"  local fbs at the honest claims: min rho = {_short(document['rho_min_local'])}, "
        f"max = {_short(document['rho_max_local'])}")
    paths = (f"min path product {_short(document['path_product_min'])} <= rho_T <= max path "
             f"product {_short(document['path_product_max'])}")
    if document["lemma_5_4_applicable"]:
        say(f"  Lemma 5.4: rho^d = {_short(document['lemma_5_4_bound_rho_min_d'])} <= {paths}")
    else:
        say("  Lemma 5.4 and Theorem 5.1: not applicable (the leaves lie at several depths; "
            "both assume every leaf at depth d)")
        say(f"    rho_min^d = {_short(document['rho_min_d'])} is no bound here; {paths}")
    say("  Theorem 5.1: queries m needed for success 1 - eps under every oracle, beside FBS "
        "Debate's runs R (one leaf query per run, so m = R)"
        f"{':' if document['theorem_5_1_applicable'] else '; the rho^d column is Theorem 5.1, not applicable here (n/a):'}")
    say("    eps      m >= (1-2eps)rho^d  m >= (1-2eps)rho_T  R: Thm 4.2 bound / liar at O_Y "
        "(DP) / vs Thm 5.3's O_N")
    for row in document["theorem_5_1"]:
        dp, against = (("-" if row[k] is None else row[k]) for k in
                       ("debate_runs_worst_case_at_O_Y", "debate_runs_vs_adversary"))
        by_rho_d = _short(row["m_min_rho_d"]) if row["m_min_rho_d"] is not None else "n/a"
        say(f"    {row['eps']:<8} {by_rho_d:<19} {_short(row['m_min_rho_T']):<19} "
            f"{_short(row['debate_runs_theorem'])} / {_short(dp)} / {_short(against)}")
    if "certificate" in document:
        say(f"  certificate written to {document['certificate']}")


def _short(text) -> str:
    """An exact value from the JSON document, shortened for a terminal."""
    from verify.base.numbers import shown

    return shown(None if text is None or text == "-" else str(text))
