"""Menu trees (Alice decomposes on the fly, Section 3.2) shared by the menu checks.

Hand-made trees with a point to make, then seeded random menu trees
(`verify.trees.menus.random_menu_tree`: every menu's alternatives agree under the oracle).
"""


from verify.base.data import data_dir
from verify.trees.menus import build_menu_tree, random_menu_tree
from verify.trees.tree_file import load_menu_tree

EXAMPLES = data_dir("examples")
AGGREGATOR_SETS = (("maj:3", "and:2", "or:2", "tt:0110"), ("thr:4:2", "maj:3", "and:3", "or:2"))


def _leaf(name: str) -> dict:
    return {"id": name, "query": name}


def _tree(records: list[dict], description: str):
    return build_menu_tree({r["id"]: r for r in records}, records[0]["id"], description)


def sensitive_alternative():
    """A liar would like and:5 (one lie in five); Bob's check refuses its lying z at rho < 5."""
    records = [{"id": "r", "alternatives": ["gentle", "sensitive"]},
               {"id": "gentle", "aggregator": "maj:3", "children": ["g1", "g2", "g3"]},
               {"id": "sensitive", "aggregator": "and:5", "children": [f"s{i}" for i in range(1, 6)]},
               *[_leaf(f"g{i}") for i in (1, 2, 3)], *[_leaf(f"s{i}") for i in range(1, 6)]]
    oracle = {"g1": 0, "g2": 0, "g3": 1, "s1": 1, "s2": 1, "s3": 1, "s4": 1, "s5": 0}
    return _tree(records, "menu: maj:3 or the more sensitive and:5"), oracle


def hidden_sensitive_node():
    """maj:3 (honest fbs 3/2) hides and:4 at 1111 (fbs 4) below it; and:2 has fbs 2."""
    records = [{"id": "r", "alternatives": ["tempting", "safe"]},
               {"id": "tempting", "aggregator": "maj:3", "children": ["t1", "t2", "S"]},
               {"id": "S", "aggregator": "and:4", "children": ["s1", "s2", "s3", "s4"]},
               {"id": "safe", "aggregator": "and:2", "children": ["u", "v"]},
               _leaf("t1"), _leaf("t2"), *[_leaf(f"s{i}") for i in range(1, 5)], _leaf("u"),
               _leaf("v")]
    oracle = {name: 1 for name in ("t1", "t2", "s1", "s2", "s3", "s4", "u", "v")}
    return _tree(records, "menu: a gentle root hiding a sensitive node, or and:2"), oracle


def example_tree():
    """examples/menu-tree.json with examples/menu-oracle.json (docs/formats.md)."""
    import json

    tree = load_menu_tree(EXAMPLES / "menu-tree.json")
    oracle = json.loads((EXAMPLES / "menu-oracle.json").read_text())["answers"]
    return tree, oracle


def menu_grid():
    """(name, tree, oracle): the hand-made trees, then seeded random ones (depth 1 to 3)."""
    yield "sensitive_alternative", *sensitive_alternative()
    yield "hidden_sensitive_node", *hidden_sensitive_node()
    yield "example", *example_tree()
    for set_index, specs in enumerate(AGGREGATOR_SETS):
        for depth, seeds in ((1, range(6)), (2, range(10)), (3, range(3))):
            for seed in seeds:
                tree, oracle = random_menu_tree(100 * set_index + 10 * depth + seed, depth,
                                                list(specs), 0.7, 2 + seed % 2)
                yield f"random set {set_index} d{depth} seed {seed}", tree, oracle
