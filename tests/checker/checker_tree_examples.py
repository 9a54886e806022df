"""Tree certificates shared by the checker's tests (certificates/FORMAT.md, kind tree)."""

# The FORMAT.md (kind tree) example: MAJ(A and B, C, D) at 1110, rho_T = 3.
FORMAT_EXAMPLE = {
    "format": "fbs-certificate/1", "kind": "tree",
    "tree": {"format": "fbs-tree/1", "root": "r", "nodes": [
        {"id": "r", "aggregator": "maj:3", "children": ["u", "c", "d"]},
        {"id": "u", "aggregator": "and:2", "children": ["a", "b"]},
        {"id": "a", "query": "A?"}, {"id": "b", "query": "B?"},
        {"id": "c", "query": "C?"}, {"id": "d", "query": "D?"}]},
    "alpha": "1110",
    "value": "3",
    "records": [
        {"aggregator": "and:2", "z": "11", "capacities": ["1", "1"], "value": "2",
         "primal": [{"block": [0], "weight": "1"}, {"block": [1], "weight": "1"}],
         "dual": ["1", "1"]},
        {"aggregator": "maj:3", "z": "110", "capacities": ["2", "1", "1"], "value": "3",
         "primal": [{"block": [0], "weight": "2"}, {"block": [1], "weight": "1"}],
         "dual": ["1", "1", "0"]}]}


def costly_tree_certificate(count: int) -> dict:
    """AND of `count` nodes, each a distinct 20-input formula of 30,000 variables (the AND
    of x1..x20, repeated) at all ones; every record correct."""
    nodes = [{"id": "r", "aggregator": f"and:{count}",
              "children": [f"u{k}" for k in range(count)]}]
    records = [{"aggregator": f"and:{count}", "z": "1" * count, "capacities": ["20"] * count,
                "value": str(20 * count), "dual": ["1"] * count,
                "primal": [{"block": [i], "weight": "20"} for i in range(count)]}]
    for k in range(count):
        formula = "expr:20:" + "&".join(f"x{(i + k) % 20 + 1}" for i in range(30000))
        children = [f"l{k}.{i}" for i in range(20)]
        nodes.append({"id": f"u{k}", "aggregator": formula, "children": children})
        nodes += [{"id": c, "query": c} for c in children]
        records.append({"aggregator": formula, "z": "1" * 20, "capacities": ["1"] * 20,
                        "value": "20", "primal": [{"block": [i], "weight": "1"}
                                                  for i in range(20)], "dual": ["1"] * 20})
    return {"format": "fbs-certificate/1", "kind": "tree",
            "tree": {"format": "fbs-tree/1", "root": "r", "nodes": nodes},
            "alpha": "1" * 20 * count, "value": str(20 * count), "records": records}
