"""The Coq model and the Python engine on the same instances: the worst-case corpus.

For each instance (a fixed tree, an oracle, rho and Bob's rule `vertex` or `symmetric`) the
Python engine's exact worst case (verify.protocol.worst_case, the dynamic program of Theorem
4.2) is written into a Coq file as the expected value of `worst` (coq/checkers/WorstCase.v),
with the tree, the oracle and Bob's duals (the rule's, for every claim vector of every
aggregator of the tree) as data; coqc computes `worst` by vm_compute and compares. By
`worst_is_min_table`, `worst` is the minimum over all of Alice's strategies of the model's
catch probability, so the two agree only if the engine's number is the model's. This module
is untrusted; coq/certificates/worst_case_corpus.v is what it writes (tools/export_coq_
certificates.py), and tests/formal/test_coq_worst_case.py checks that the file is current.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from verify.base.data import data_dir

from .coq_terms import aggregator_term, rational

RULES = ("vertex", "symmetric")
EXAMPLES = data_dir("examples")  # the menu tree of the README

HEADER = """(* Written by tools/export_coq_certificates.py (verify/formal/coq_worst_case.py, untrusted).
   Each Example states that the worst-case catch probability `worst` (coq/checkers/WorstCase.v)
   of a lying Alice, on a fixed tree with an oracle, rho and Bob's duals (the Python engine's
   rule, `vertex` or `symmetric`, as a table), equals the exact worst case the Python engine
   (verify/protocol/worst_case.py) computed; coqc checks each by vm_compute. By
   worst_is_min_table, `worst` is the minimum over all of Alice's strategies of the model's
   catch (coq/model/FbsModel.v). *)

From Coq Require Import String QArith List.
From FbsCoq Require Import FbsModel Families WorstCase.
Import ListNotations.
Open Scope string_scope.
Open Scope Q_scope.
"""


def corpus():
    """The instances: (name, tree name, tree, oracle, rho, rule), 68 of them: the menu tree of
    examples/ (its oracle with rho 2, 3, 4 and a random one); uniform trees, random trees with
    several aggregators, mixed depths (early leaves), each with two oracles (rho 2 with the
    first, 3 with the second); both rules."""
    from verify.trees.api import as_menu_tree
    from verify.trees.builders import random_tree, uniform_tree
    from verify.trees.oracles import load_oracle, random_oracle

    trees = []
    for spec, depth in [("maj:3", 1), ("maj:3", 2), ("and:2", 2), ("or:2", 2), ("parity:2", 2),
                        ("maj:5", 1), ("thr:4:2", 1)]:
        trees.append((f"uniform_{spec}_d{depth}", uniform_tree(spec, depth)))
    for seed in range(4):
        trees.append((f"random_{seed}", random_tree(seed, 2, ["maj:3", "and:2", "or:2"])))
        trees.append((f"mixed_{seed}", random_tree(seed, 3, ["maj:3", "and:2", "parity:2"],
                                                   leaf_probability=0.4)))
    instances = []
    menu = as_menu_tree(EXAMPLES / "menu-tree.json")
    for rule in RULES:
        for rho in (Fraction(2), Fraction(3), Fraction(4)):
            instances.append((f"menu_example_{rule}_rho{rho}", "menu_example", menu,
                              load_oracle(EXAMPLES / "menu-oracle.json"), rho, rule))
        instances.append((f"menu_example_o0_{rule}", "menu_example", menu,
                          random_oracle(menu, seed=0), Fraction(2), rule))
    for tree_name, tree in trees:
        tree_name = tree_name.replace(":", "_")
        for seed, rho in ((0, Fraction(2)), (1, Fraction(3))):
            oracle = random_oracle(tree, seed=seed)
            for rule in RULES:
                instances.append((f"{tree_name}_o{seed}_{rule}", tree_name, tree, oracle, rho,
                                  rule))
    return instances


def _table(spec: str) -> str:
    from verify.functions.aggregators import aggregator_function

    f = aggregator_function(spec)
    return "".join(str(f(format(j, f"0{f.arity}b"))) for j in range(2 ** f.arity))


def _cases(variable: str, terms: list[str]) -> str:
    """match variable with 0 => terms[0] | ... | _ => the last term end (a single term alone)."""
    if len(terms) == 1:
        return terms[0]
    cases = " | ".join(f"{i}%nat => {term}" for i, term in enumerate(terms[:-1]))
    return f"match {variable} with {cases} | _ => {terms[-1]} end"


def tree_term(tree, node: int, leaf_index: dict[str, int]) -> str:
    """A tree as a Coq term of `tree nat` (coq/model/FbsModel.v): a menu node offers its
    alternatives (decomposition nodes), an ordinary node is a menu of one; leaf queries are
    numbered by `leaf_index`."""
    if tree.is_leaf(node):
        return f"(Leaf {leaf_index[tree.queries[node]]}%nat)"
    alternatives = list(tree.children[node]) if tree.is_menu(node) else [node]
    if any(tree.is_menu(a) or tree.is_leaf(a) for a in alternatives):
        raise ValueError("an alternative that is itself a menu or a leaf has no Coq term here")
    aggregators = [aggregator_term(tree.aggregators[a], _table(tree.aggregators[a]))
                   for a in alternatives]
    arities = [f"{len(tree.children[a])}%nat" for a in alternatives]
    kids = [_cases("i", [tree_term(tree, c, leaf_index) for c in tree.children[a]])
            for a in alternatives]
    return (f"(Node {len(alternatives)} (fun k => {_cases('k', aggregators)}) "
            f"(fun k => {_cases('k', arities)}) (fun k i => {_cases('k', kids)}))")


def bob_table(tree, rule: str) -> str:
    """Bob's dual under `rule` for every claim vector of every aggregator of the tree, keyed
    by the aggregator's truth table (WorstCase.v, tableBob)."""
    from verify.protocol.bob_rules import bob_view

    entries = []
    for spec in sorted({s for s in tree.aggregators if s is not None}):
        table = _table(spec)
        q = len(table).bit_length() - 1
        for z in product((0, 1), repeat=q):
            dual = "; ".join(rational(t) for t in bob_view(spec, z, rule).dual)
            entries.append(f'((bitsOf "{table}", bitsOf "{"".join(map(str, z))}"), [{dual}])')
    return "[" + ";\n   ".join(entries) + "]"


def instance_text(name: str, tree_name: str, bob_name: str, tree, oracle, rho: Fraction,
                  rule: str) -> tuple[str, Fraction]:
    """The Example of one instance, and the engine's value."""
    from verify.protocol.api import worst_case

    result = worst_case(tree, oracle, rho, rule=rule)
    value = result.catch_probability_exact
    queries = sorted({tree.queries[leaf] for leaf in tree.leaves()})
    bits = "".join(str(oracle[query]) for query in queries)
    lie = "true" if result.debate.values[tree.root] == 0 else "false"
    text = (f"\n(* {name}: rule {rule}, rho {rho}, the engine's exact worst case {value} *)\n"
            f'Example {name} : worst (fun k => nth k (bitsOf "{bits}") false) (tableBob '
            f"{bob_name}) {rational(rho)} {tree_name} {lie} == {rational(value)}.\n"
            "Proof. vm_compute. reflexivity. Qed.\n")
    return text, value


def corpus_text() -> str:
    """The Coq file coq/certificates/worst_case_corpus.v: each tree and each Bob table once,
    then an Example per instance."""
    parts, names, trees, bobs = [HEADER], [], set(), {}
    for name, tree_name, tree, oracle, rho, rule in corpus():
        if tree_name not in trees:
            trees.add(tree_name)
            queries = sorted({tree.queries[leaf] for leaf in tree.leaves()})
            term = tree_term(tree, tree.root, {query: k for k, query in enumerate(queries)})
            parts.append(f"\n(* {tree_name}: {tree.n_nodes} nodes, depth {tree.depth} *)\n"
                         f"Definition {tree_name} : tree nat := {term}.\n")
        key = (tuple(sorted({s for s in tree.aggregators if s is not None})), rule)
        if key not in bobs:
            bobs[key] = f"bob_{len(bobs)}"
            table = bob_table(tree, rule)
            parts.append(f"\n(* Bob's duals, rule {rule}, for {', '.join(key[0])} *)\n"
                         f"Definition {bobs[key]} : BobTable :=\n  {table}.\n"
                         f"Example {bobs[key]}_nonneg : tableNonneg {bobs[key]} = true.\n"
                         "Proof. vm_compute. reflexivity. Qed.\n")
            names.append(f"{bobs[key]}_nonneg")
        parts.append(instance_text(name, tree_name, bobs[key], tree, oracle, rho, rule)[0])
        names.append(name)
    parts.append("\n(* Every Example above, so that one Print Assumptions covers them all. *)\n"
                 f"Definition all_instances := ({', '.join(names)}).\n"
                 "Print Assumptions all_instances.\n")
    return "".join(parts)
