"""`fbs tree build` and `fbs tree info`: decomposition trees and oracles (docs/formats.md)."""

from __future__ import annotations

from .arguments import count


def _probability(text: str) -> float:
    """argparse type: a probability in [0, 1] (ASCII digits)."""
    from verify.base.errors import BadInput
    from verify.base.numbers import parse_fraction

    value = parse_fraction(text, "a probability")
    if value > 1:
        raise BadInput(f"a probability must lie in [0, 1], got {text}")
    return float(value)


def register(commands) -> None:
    tree = commands.add_parser("tree", help="build or inspect decomposition trees (fbs-tree/1)")
    sub = tree.add_subparsers(dest="tree_command", required=True, parser_class=type(tree))

    build = sub.add_parser("build", help="write a uniform, literature-example or random tree",
                           description="Uniform: --aggregator SPEC --depth D. Literature example "
                           "(paper Section 1.2): --literature [--papers N --supporting K]. "
                           "Random: --random --seed S --depth D --aggregator SPEC "
                           "[--aggregator SPEC ...] [--leaf-probability P].")
    kind = build.add_mutually_exclusive_group()
    kind.add_argument("--literature", action="store_true", help="the literature-majority example")
    kind.add_argument("--random", action="store_true", help="a seeded random tree")
    build.add_argument("--aggregator", action="append", metavar="SPEC",
                       help="aggregator spec (repeat for random trees)")
    build.add_argument("--depth", type=count, metavar="D",
                       help="depth d (uniform and random trees)")
    build.add_argument("--seed", type=count, default=0, help="random tree seed")
    build.add_argument("--leaf-probability", type=_probability, default=0.0, metavar="P",
                       help="random trees: chance that a non-first child is an early leaf")
    build.add_argument("--papers", type=count, default=9,
                       help="literature example: q papers (the paper's own example: 99)")
    build.add_argument("--supporting", type=count, default=6,
                       help="literature example: supporting papers (the paper's: 66)")
    build.add_argument("-o", "--output", required=True, metavar="TREE",
                       help="tree file to write (- for standard output)")
    build.add_argument("--oracle-out", metavar="ORACLE", help="also write an oracle (random, "
                       "seeded; the example's own for --literature)")
    build.add_argument("--oracle-seed", type=count, default=0, metavar="S",
                       help="random oracle seed")
    build.add_argument("--ones", type=_probability, default=0.5, metavar="P",
                       help="random oracle: probability of a 1 answer")
    build.add_argument("--layout", choices=["uniform", "flat", "nested"], default=None,
                       help="file layout: uniform trees are written described (`uniform`, with "
                       "the oracle as leaf bits) unless flat or nested is asked for; other trees "
                       "default to flat")
    build.add_argument("--nested", action="store_true", help="the same as --layout nested")
    build.add_argument("--json", action="store_true", help="machine-readable summary")
    build.set_defaults(run=run_build)

    info = sub.add_parser("info", help="validate a tree and summarise it (with an oracle: the "
                          "true root value and the largest honest local fbs, i.e. the smallest "
                          "rho for which the FBS condition holds)")
    info.add_argument("tree", metavar="TREE", help="fbs-tree/1 file (- for standard input)")
    info.add_argument("--oracle", metavar="ORACLE", help="fbs-oracle/1 file")
    info.add_argument("--json", action="store_true", help="machine-readable output")
    info.set_defaults(run=run_info)

    from .tree_fbs import register_tree_fbs

    register_tree_fbs(sub)


def _build_tree(args):
    from verify.base.errors import BadInput
    from verify.trees.builders import literature_tree, random_tree, uniform_tree
    from verify.trees.oracles import random_oracle

    if args.literature:
        if args.aggregator or args.depth is not None:
            raise BadInput("--literature builds the paper's example: it takes --papers and "
                           "--supporting, not --aggregator or --depth")
        tree, oracle = literature_tree(args.papers, args.supporting)
        return tree, oracle, (f"literature example: {args.papers} papers, {args.supporting} "
                              "supporting and sound")
    if not args.aggregator or args.depth is None:
        raise BadInput("give --aggregator SPEC and --depth D (or --literature)")
    if args.random:
        tree = random_tree(args.seed, args.depth, args.aggregator, args.leaf_probability)
    else:
        if len(args.aggregator) != 1:
            raise BadInput("a uniform tree takes exactly one --aggregator (use --random for several)")
        layout = "nested" if args.nested else args.layout or "uniform"
        tree = uniform_tree(args.aggregator[0], args.depth, compact=layout == "uniform")
    if not args.oracle_out:
        return tree, None, ""
    oracle = random_oracle(tree, args.oracle_seed, args.ones)
    return tree, oracle, f"random oracle: seed {args.oracle_seed}, P[1] = {args.ones}"


def run_build(args) -> int:
    from verify.base.errors import BadInput
    from verify.cli import print_json
    from verify.functions.spec import cnf_paths
    from verify.trees.api import tree_info, write_tree
    from verify.trees.model import Tree, UniformTree

    from .arguments import check_outputs, refuse_json_with_stdout, report_stream

    refuse_json_with_stdout(args.json, args.output, args.oracle_out)
    specs = args.aggregator or []
    check_outputs([(args.output, "-o"), (args.oracle_out, "--oracle-out")],
                  [(path, "a cnf: aggregator") for spec in specs for path in cnf_paths(spec)])
    tree, oracle, description = _build_tree(args)
    if args.layout == "uniform" and isinstance(tree, Tree):
        raise BadInput("--layout uniform describes uniform trees only (--aggregator SPEC --depth D)")
    write_tree(args.output, tree, nested=args.nested or args.layout == "nested",
               oracle_path=args.oracle_out, oracle=oracle, oracle_description=description)
    if args.json:
        document = tree_info(tree).to_json()
        document.update(tree=args.output, oracle=args.oracle_out, oracle_description=description)
        print_json(document)
        return 0
    stream = report_stream(args.output, args.oracle_out)
    leaves = tree.n_leaves if isinstance(tree, UniformTree) else len(tree.leaves())
    print(f"wrote {args.output}: {tree.description}; {tree.n_nodes} nodes, "
          f"{leaves} leaves, depth {tree.depth}", file=stream)
    if args.oracle_out:
        print(f"wrote {args.oracle_out}: {description}", file=stream)
    return 0


def run_info(args) -> int:
    from verify.cli import print_json
    from verify.trees.api import tree_info

    document = tree_info(args.tree, args.oracle).to_json()
    if args.json:
        print_json(document)
        return 0
    print(f"{args.tree}: {document['description'] or '(no description)'}")
    several = "" if document["uniform_depth"] else " (maximum; leaves at several depths)"
    print(f"  {document['nodes']} nodes, {document['leaves']} leaves "
          f"({document['distinct_queries']} distinct queries), depth {document['depth']}"
          f"{several}, max width {document['max_width']}")
    print(f"  aggregators: {', '.join(document['aggregators']) or '(none: the root is a leaf)'}")
    if document.get("menus"):
        print(f"  menus: {document['menus']} node(s) offer alternative decompositions; "
              f"{document['realisations']} realisation(s) (counts above include every "
              "alternative)")
    if args.oracle:
        print(f"  true root value L(x) = {document['root_value']}")
        if document["min_rho_for_fbs_condition"] is not None:
            every = " whichever alternatives Alice picks" if document.get("menus") else ""
            print(f"  FBS condition (Theorem 4.1) holds for rho >= "
                  f"{document['min_rho_for_fbs_condition']}{every} (largest honest fbs, at "
                  f"node {document['max_fbs_node']!r})")
    return 0
