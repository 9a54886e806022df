"""fbs-proved on kind tree, version 3, every tree form but the compact uniform one of a
symmetric family (coq/native/kind_tree3.ml, the Coq checker checkTree3Bits of
coq/checkers/TreeV3General.v): explicit trees with mixed aggregators as `fbs tree build
--random` and `fbs tree fbs` write them (`random_tree`, `random_oracle`, `tree_fbs`,
`tree_certificate`), the uniform tree of a non-symmetric aggregator, `sym:` and wide
aggregators, specs read through the launcher's truth tables (wthr:, expr:, compose, index:,
tt:0x); the statement; and the stdlib checker's verdict on each, on single mutants and
on the producer cross-checks (exit codes compared, seeds fixed)."""

from __future__ import annotations

import base64
import copy
import random
from fractions import Fraction

import pytest
from test_proved_tree3 import _bump, _flip_alpha, _stdlib

from verify.lower_bound.tree_fbs import tree_certificate, tree_fbs, uniform_tree_fbs
from verify.trees.builders import random_tree
from verify.trees.model import UniformTree
from verify.trees.oracles import random_oracle

# (aggregators, depth, leaf probability, seed): mixed symmetric families, a non-symmetric
# aggregator (version-2 records beside side records), sym:, a truth table
RANDOM = [(["maj:3", "and:2"], 3, 0.0, 1), (["maj:3", "or:2", "parity:3"], 3, 0.3, 2),
          (["thr:4:2", "maj:5", "and:3"], 2, 0.2, 3), (["tribes:2:2", "maj:3"], 2, 0.0, 4),
          (["sym:0110", "and:2", "or:3"], 3, 0.3, 5), (["tt:0110", "maj:3"], 3, 0.2, 6),
          (["tribes:2:2", "or:2", "sym:1001"], 3, 0.4, 7), (["maj:3", "and:2"], 5, 0.5, 8),
          # specs the program reads through the launcher's truth tables (proved_run.spec_tables)
          (["wthr:1,2,1:2", "expr:x1&(x2|x3)", "maj:3"], 3, 0.2, 9),
          (["compose(or:2;and:2;and:2)", "index:1", "tt:0x6996", "sym:0110"], 3, 0.2, 10)]


def _random_v3(aggregators, depth, leaf_probability, seed) -> dict:
    tree = random_tree(seed, depth, aggregators, leaf_probability)
    certificate = tree_certificate(tree_fbs(tree, random_oracle(tree, seed)))
    assert certificate["version"] == 3
    return certificate


def _set(path, value):
    def mutate(o):
        target = o
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(target[path[-1]]) if callable(value) else value
    return mutate


def _mutations(obj: dict):
    """Single changes: the value, alpha, every field of the first side records and records."""
    yield "value + 1", _set(["value"], lambda v: str(Fraction(v) + 1))
    yield "value - 1/2", _set(["value"], lambda v: str(Fraction(v) - Fraction(1, 2)))
    for j in range(6):
        yield f"alpha bit {j}", lambda o, j=j: _flip_alpha(o, j)
    for k, (_need, caps, _value, _dual, _uses) in enumerate(obj["sides"][:4]):
        yield f"side {k} removed", lambda o, k=k: o["sides"].pop(k)
        yield f"side {k} repeated", lambda o, k=k: o["sides"].append(list(o["sides"][k]))
        yield f"side {k} need + 1", _set(["sides", k, 0], lambda n: n + 1)
        yield f"side {k} value + 1/2", _set(["sides", k, 2], lambda v: str(Fraction(v) + Fraction(1, 2)))
        yield f"side {k} uses + 1", _set(["sides", k, 4], lambda u: u + 1)
        yield f"side {k} capacity 0 + 1", _set(["sides", k, 1], lambda c: _bump(c, 0, Fraction(1)))
        yield f"side {k} dual 0 - 1/2", _set(["sides", k, 3], lambda d: _bump(d, 0, Fraction(-1, 2)))
    for k, _record in enumerate(obj["records"][:3]):
        yield f"record {k} removed", lambda o, k=k: o["records"].pop(k)
        yield f"record {k} value + 1", _set(["records", k, 3], lambda v: str(Fraction(v) + 1))
        yield f"record {k} dual 0 - 1", _set(["records", k, 5, 0], lambda v: str(Fraction(v) - 1))
        yield f"record {k} nodes + 1", _set(["records", k, 6], lambda n: n + 1)
        yield f"record {k} capacity 0 + 1", _set(["records", k, 2, 0], lambda v: str(Fraction(v) + 1))
        yield f"record {k} repeated", lambda o, k=k: o["records"].append(copy.deepcopy(o["records"][k]))


def test_the_statement_is_the_model_s(run_proved):
    got = run_proved(_random_v3(["maj:3", "and:2"], 2, 0.0, 1))
    assert got.exit == 0, got.line
    assert "let T := (node (" in got.line and "in RhoT T (alphaOf T " in got.line
    assert "CLeaf" in got.line
    assert got.line.endswith("[TreeV3General.checkTree3Bits_sound]")


@pytest.mark.parametrize("aggregators,depth,leaf_probability,seed", RANDOM)
def test_random_trees_are_proved_with_the_stdlib_checker_s_value(run_proved, aggregators, depth,
                                                                 leaf_probability, seed):
    certificate = _random_v3(aggregators, depth, leaf_probability, seed)
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line
    assert f"rho_T = {Fraction(certificate['value'])}:" in got.line


@pytest.mark.parametrize("spec,depth,seed", [("tribes:2:2", 2, 1), ("tt:0110", 3, 2),
                                             ("sym:0110", 3, 3), ("sym:1001", 2, 4)])
def test_uniform_trees_of_other_aggregators_are_proved(run_proved, spec, depth, seed):
    tree = UniformTree(spec, depth)
    rng = random.Random(seed)
    alpha = "".join(rng.choice("01") for _ in range(tree.n_leaves))
    certificate = uniform_tree_fbs(tree, alpha).certificate
    assert certificate["version"] == 3
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line


def test_a_wide_symmetric_aggregator_is_proved(run_proved):
    """maj:31 and sym: of width 30 (arity above the truth tables' 28): side records only."""
    certificate = _random_v3(["maj:31", "sym:" + "01" * 15 + "1"], 1, 0.0, 3)
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line


@pytest.mark.slow
@pytest.mark.parametrize("aggregators,depth,leaf_probability,seed", RANDOM[:7] + RANDOM[8:])
def test_single_mutants_get_the_stdlib_checker_s_verdict(run_proved, aggregators, depth,
                                                         leaf_probability, seed):
    base = _random_v3(aggregators, depth, leaf_probability, seed)
    compared = 0
    for name, mutate in _mutations(base):
        obj = copy.deepcopy(base)
        mutate(obj)
        want, message = _stdlib(obj)
        got = run_proved(obj)
        assert got.exit == want, f"{aggregators} seed {seed}, {name}: stdlib {want} ({message}), proved {got.line}"
        assert got.exit == 0 or "proved:" not in got.line
        compared += 1
    assert compared >= 10


def test_a_depth_30_tree_is_one_line(run_proved):
    """A depth-30 explicit tree (every non-first child an early leaf): checked, one line, the
    stdlib checker's verdict (issue 37, item 2)."""
    certificate = _random_v3(["maj:3", "and:2", "or:2"], 30, 1.0, 11)
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line
    assert "\n" not in got.line


def test_a_chain_1000_deep_is_proved_and_one_12000_deep_refused_in_one_line(run_proved):
    """A chain 1,000 deep (`random_tree`'s depth limit) is checked with the stdlib checker's
    value; one 12,000 deep is beyond the proved checker's depth bound (10,000): exit 2, one
    line, no stack overflow."""
    certificate = _random_v3(["and:2", "or:2"], 1000, 1.0, 12)
    got = run_proved(certificate)
    assert (got.exit, _stdlib(certificate)[0]) == (0, 0), got.line
    depth = 12_000
    nodes = [{"id": f"n{k}", "aggregator": "and:2", "children": [f"n{k + 1}", f"l{k}"]}
             for k in range(depth)]
    nodes += [{"id": f"l{k}", "query": f"L{k}"} for k in range(depth)]
    nodes.append({"id": f"n{depth}", "query": "end"})
    deep = {"format": "fbs-certificate/1", "kind": "tree", "version": 3,
            "tree": {"format": "fbs-tree/1", "root": "n0", "nodes": nodes},
            "alpha_base64": base64.b64encode(bytes((depth + 1 + 7) // 8)).decode(),
            "value": "1", "records": [], "sides": []}
    got = run_proved(deep)
    assert got.exit == 2 and "\n" not in got.line and "deeper than 10000" in got.line, got.line


def test_full_statements_print_the_term_the_digest_names(proved, tmp_path):
    """A long tree term is printed as its length and MD5; `--full-statements` prints the term
    itself, whose length and MD5 are those, with one `(MAJ 3)` / `(AND 2)` per node of the
    tree file (counted from the file, not from the program)."""
    import hashlib
    import json
    import re

    from verify.formal.proved_run import check_file

    certificate = _random_v3(["maj:3", "and:2"], 3, 0.0, 1)
    path = tmp_path / "c.json"
    path.write_text(json.dumps(certificate))
    short, whole = check_file(proved, str(path)), check_file(proved, str(path), full=True)
    assert (short.exit, whole.exit) == (0, 0), (short.line, whole.line)
    size, digest = re.search(r"<T: a Coq term of (\d+) characters, md5 ([0-9a-f]{32})>",
                             short.line).groups()
    term = re.search(r"let T := (.*) in RhoT T ", whole.line).group(1)
    assert len(term) == int(size) and hashlib.md5(term.encode()).hexdigest() == digest
    nodes = certificate["tree"]["nodes"]
    for spec, name in (("maj:3", "(MAJ 3)"), ("and:2", "(AND 2)")):
        assert term.count(name) == sum(n.get("aggregator") == spec for n in nodes) > 0


def test_full_statements_without_proved_is_refused(capsys):
    from tests.cli_run import fbs_cli

    code, _, err = fbs_cli(capsys, "check", "x.json", "--full-statements")
    assert code == 2 and "--full-statements applies to --proved" in err
