"""Adversarial oracles (Theorem 5.3): exact a_s and advantages against brute force.

* uniform:M  a_s and P[Acc_N] by enumerating all L^M sample sequences;
* debate:R   the per-run catch probability and the leaf reach probabilities from the
  protocol engine's state graph (verify.protocol.engine.compile_states), independent of the
  adversary's own traversal;
* every O_N flips the root (independent evaluation) and every inequality holds exactly.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from test_lower_bound import LITTLE, LITTLE_ORACLE, evaluate_by_node, flat, inner, leaf, run_cli

from verify.base.errors import BadInput
from verify.lower_bound.adversary import (
    adversarial_oracle,
    debate_profile,
    debate_reach,
    debate_runs_vs_adversary,
    exhaustive_profile,
    load_queries,
    make_profile,
    parse_checker,
    uniform_profile,
    write_queries,
)
from verify.lower_bound.global_function import direct_rho
from verify.lower_bound.tree_fbs import tree_fbs
from verify.lower_bound.tree_sat import sat_sensitivity
from verify.protocol.engine import Debate, compile_states
from verify.trees.builders import literature_tree, uniform_tree
from verify.trees.oracles import node_values, random_oracle
from verify.trees.tree_file import parse_tree

ONE = Fraction(1)


def root_value(tree, answers):
    return evaluate_by_node(tree, {l: answers[tree.queries[l]] for l in tree.leaves()})


def instances():
    literature, literature_oracle = literature_tree(5, 3)
    maj = uniform_tree("maj:3", 2)
    thr = uniform_tree("thr:4:2", 2)
    return [("little", LITTLE, LITTLE_ORACLE), ("literature", literature, literature_oracle),
            ("maj3^2", maj, random_oracle(maj, 5)), ("thr4^2", thr, random_oracle(thr, 6))]


INSTANCES = instances()


@pytest.mark.parametrize("name,tree,answers", INSTANCES, ids=[i[0] for i in INSTANCES])
@pytest.mark.parametrize("checker", ["exhaustive", "uniform:1", "uniform:4", "debate:1", "debate:6"])
def test_theorem_5_3_checks_hold(name, tree, answers, checker):
    profile = make_profile(tree, answers, checker)
    report = adversarial_oracle(tree, answers, profile)
    assert report.certified and report.all_hold, [c.document() for c in report.checks if not c.holds]
    assert root_value(tree, report.oracle_n) != root_value(tree, answers)
    changed = [q for q in answers if answers[q] != report.oracle_n[q]]
    assert sorted(changed) == sorted(tree.queries[l] for l in report.block)
    # rho_T by a second method: the fbs LP of F_T's truth table (every instance has <= 20
    # leaves), not the weighted recursion that adversarial_oracle itself uses
    direct = direct_rho(tree, answers)
    assert direct.certified and report.rho_t == direct.value
    m, rho = Fraction(profile.budget), direct.value
    assert report.mass <= m / rho
    assert report.advantage <= min(ONE, m / rho)
    if tree.is_uniform:  # Lemma 5.4 (rho_T >= rho^d) needs every leaf at depth d
        assert min(ONE, m / rho) <= min(ONE, m / report.rho_min ** tree.depth)


def test_theorem_5_1_needs_uniform_depth():
    # AND(x, AND(y, w)) at 111: both local fbs are 2, d = 2, but F_T = AND_3 has rho_T = 3.
    # Every O_N that flips the root flips a leaf, so against one uniform sample the best
    # adversary still has advantage >= 1/3 > m rho^-d = 1/4.
    tree = parse_tree(flat([inner("r", "and:2", ["x", "u"]), inner("u", "and:2", ["y", "w"]),
                            leaf("x"), leaf("y"), leaf("w")]))
    answers = {"Q(x)": 1, "Q(y)": 1, "Q(w)": 1}
    report = adversarial_oracle(tree, answers, uniform_profile(tree, 1))
    assert report.rho_t == 3 and report.rho_min == 2 and tree.depth == 2
    assert report.advantage == Fraction(1, 3) > Fraction(1, 4)
    theorem_5_1 = [c for c in report.checks if "Theorem 5.1" in c.name][0]
    assert not theorem_5_1.holds and "several depths" in theorem_5_1.detail


def test_uniform_checker_against_enumeration():
    tree, answers = LITTLE, LITTLE_ORACLE
    leaves = tree.leaves()
    samples = 3
    profile = uniform_profile(tree, samples)
    sequences = list(itertools.product(leaves, repeat=samples))
    for l in leaves:
        assert profile.a[l] == Fraction(sum(l in s for s in sequences), len(sequences))
    report = adversarial_oracle(tree, answers, profile)
    hit = sum(any(l in report.block for l in s) for s in sequences)
    assert report.acc_y == 1 and report.acc_n == Fraction(len(sequences) - hit, len(sequences))


class ClaimsOfOY:
    """Alice honest for O_Y: the same fixed strategy under both oracles."""

    name = "honest-for-O_Y"

    def __init__(self, values):
        self.values = values

    def answer(self, debate):
        return self.values[debate.tree.root]

    def decompose(self, debate, node, claim):
        return tuple(self.values[c] for c in debate.tree.children[node])


def graph_reach(graph):
    """P[a run ends in each terminal state], from the engine's state graph."""
    probability = [Fraction(0)] * len(graph.steps)
    probability[0] = ONE
    ends = {}
    for s, step in enumerate(graph.steps):
        if step.outcome is not None:
            ends[step.node] = ends.get(step.node, Fraction(0)) + probability[s]
            continue
        for p, t in zip(step.p, graph.next_state[s]):
            if p:
                probability[t] += probability[s] * p
    return ends


@pytest.mark.parametrize("name,tree,answers", INSTANCES, ids=[i[0] for i in INSTANCES])
@pytest.mark.parametrize("runs", [1, 3])
def test_debate_checker_against_the_state_graph(name, tree, answers, runs):
    values_y = node_values(tree, answers)
    profile = debate_profile(tree, answers, runs)
    report = adversarial_oracle(tree, answers, profile)
    rho = debate_reach(tree, answers).rho
    alice = ClaimsOfOY(values_y)
    graph_y = compile_states(Debate.create(tree, answers, rho), alice)
    reach = graph_reach(graph_y)
    for l in tree.leaves():
        pi = reach.get(l, Fraction(0))
        assert profile.a.get(l, Fraction(0)) == 1 - (1 - pi) ** runs
    graph_n = compile_states(Debate.create(tree, report.oracle_n, rho), alice)
    assert graph_y.catch_probability() == 0
    assert report.acc_y == 1
    assert report.acc_n == (1 - graph_n.catch_probability()) ** runs
    assert report.advantage == 1 - (1 - graph_n.catch_probability()) ** runs


def test_exhaustive_checker():
    tree, answers = LITTLE, LITTLE_ORACLE
    report = adversarial_oracle(tree, answers, exhaustive_profile(tree))
    assert report.budget == 4 and report.gamma == 4 and report.advantage == 1


def test_runs_against_the_adversary_respect_the_lower_bound():
    tree, answers = literature_tree(5, 3)
    result = tree_fbs(tree, answers)
    eps = [Fraction(1, 100), Fraction(1, 10), Fraction(1, 4)]
    found = debate_runs_vs_adversary(tree, answers, result, eps)
    for e in eps:
        assert found[e] is not None and found[e] >= (1 - 2 * e) * result.value


def test_sat_check_rejects_a_non_sensitive_block():
    tree, answers = LITTLE, LITTLE_ORACLE
    d = tree.node("d")  # D = 0 while MAJ already has two 1s: flipping D alone changes nothing
    assert sat_sensitivity(tree, answers, [d])[0] is False
    assert sat_sensitivity(tree, answers, [tree.node("c")])[0] is True


def test_generic_aggregators_in_the_sat_encoding():
    tree = parse_tree(flat([inner("r", "tt:00010111", ["a", "u", "b"]),
                            inner("u", "sym:0110", ["c", "d", "e"]), leaf("a"), leaf("b"),
                            leaf("c"), leaf("d"), leaf("e")]))
    answers = {f"Q({x})": int(x in "ace") for x in "abcde"}
    report = adversarial_oracle(tree, answers, make_profile(tree, answers, "uniform:2"))
    assert report.all_hold


def test_constant_tree_is_refused():
    tree = parse_tree(flat([inner("r", "sym:000", ["a", "b"]), leaf("a"), leaf("b")]))
    answers = {"Q(a)": 0, "Q(b)": 1}
    with pytest.raises(BadInput, match="rho_T = 0"):
        adversarial_oracle(tree, answers, make_profile(tree, answers, "exhaustive"))


@pytest.mark.parametrize("text", ["debate", "debate:0", "uniform:x", "exhaustive:3", "random:2"])
def test_bad_checker_names(text):
    with pytest.raises(BadInput):
        parse_checker(text)


# ----------------------------------------------------------------------------- --queries


def queries_file(tmp_path, probabilities, budget=2, **extra):
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"format": "fbs-queries/1", "budget": budget,
                                "probabilities": probabilities, **extra}))
    return str(path)


def test_queries_file_round_trip(tmp_path):
    tree, answers = LITTLE, LITTLE_ORACLE
    path = str(tmp_path / "p.json")
    write_queries(path, debate_profile(tree, answers, 2), tree)
    profile = load_queries(path, tree)
    assert profile.a == debate_profile(tree, answers, 2).a and profile.budget == 2
    report = adversarial_oracle(tree, answers, profile)
    assert report.advantage is None and report.all_hold
    listed = load_queries(queries_file(tmp_path, ["1/2", 0, 0.25, "0"]), tree)
    assert listed.gamma == Fraction(3, 4)


@pytest.mark.parametrize("probabilities,budget,message", [
    ({"Q(a)": "-1/2"}, 2, "not a probability"),
    ({"Q(a)": "3/2"}, 2, "not a probability"),
    ({"nobody asks this": "1/2"}, 2, "not a leaf query"),
    ({"Q(a)": 1, "Q(b)": 1, "Q(c)": "1/2"}, 2, "budget m = 2 is below"),
    ({"Q(a)": "x"}, 2, "must be a number such as"),
    ({"Q(a)": True}, 2, "must be a number"),
    (["1", "0"], 2, "2 probabilities for 4 leaves"),
    ({"Q(a)": "1/2"}, -1, "non-negative integer"),
])
def test_bad_queries_files(tmp_path, probabilities, budget, message):
    with pytest.raises(BadInput, match=message):
        load_queries(queries_file(tmp_path, probabilities, budget), LITTLE)


def test_malformed_queries_files(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": \"fbs-queries/1\", ")
    with pytest.raises(BadInput, match="not valid JSON"):
        load_queries(str(broken), LITTLE)
    with pytest.raises(BadInput, match="format"):
        load_queries(queries_file(tmp_path, {}, format="fbs-queries/0"), LITTLE)
    with pytest.raises(BadInput, match="unknown top-level key"):
        load_queries(queries_file(tmp_path, {}, extra=1), LITTLE)


def test_cli_adversary_with_a_queries_file(cli_files, capsys, tmp_path):
    folder, tree, oracle = cli_files
    path = queries_file(tmp_path, {"Q(a)": "1/2", "Q(b)": "1/2", "Q(c)": "1/10"}, budget=2)
    code, out, err = run_cli(["adversary", tree, "--oracle", oracle, "--queries", path,
                              "-o", str(folder / "n.json"), "--json"], capsys)
    assert code == 0, err
    document = json.loads(out)
    # the lightest sensitive block avoids the heavy leaves: {C} has a(H) = 1/10 <= 2/3
    assert document["block_H"]["queries"] == ["Q(c)"] and document["a_H"] == "1/10"
    assert document["advantage"] is None


# ----------------------------------------------------------------------------- CLI


@pytest.fixture
def cli_files(tmp_path):
    tree = tmp_path / "t.json"
    from verify.trees.tree_file import tree_document

    tree.write_text(json.dumps(tree_document(LITTLE)))
    oracle = tmp_path / "o.json"
    oracle.write_text(json.dumps({"format": "fbs-oracle/1", "answers": LITTLE_ORACLE}))
    return tmp_path, str(tree), str(oracle)


@pytest.mark.parametrize("checker", ["debate:2", "uniform:2", "exhaustive"])
def test_cli_adversary(cli_files, capsys, checker):
    folder, tree, oracle = cli_files
    out_path = folder / "n.json"
    code, out, err = run_cli(["adversary", tree, "--oracle", oracle, "--checker", checker,
                              "-o", str(out_path), "--json"], capsys)
    assert code == 0, err
    document = json.loads(out)
    assert document["all_hold"] and all(c["holds"] for c in document["checks"] if c["applicable"])
    # LITTLE's leaves lie at depths 1 and 2: Theorem 5.1's rho^-d bound is not applicable
    assert not LITTLE.is_uniform and not document["uniform_depth"]
    assert [c["name"] for c in document["checks"] if not c["applicable"]] in (
        [], ["advantage <= min(1, m rho^-d) (Theorem 5.1, rho = min local fbs)"])
    written = json.loads(out_path.read_text())
    assert written["format"] == "fbs-oracle/1"
    assert root_value(LITTLE, written["answers"]) != root_value(LITTLE, LITTLE_ORACLE)
    code, out, _ = run_cli(["adversary", tree, "--oracle", oracle, "--checker", checker,
                            "-o", str(out_path)], capsys)
    assert code == 0 and "[ok ] a(H) <= m / rho_T" in out


def test_cli_adversary_bad_input_writes_nothing(cli_files, capsys, tmp_path):
    folder, tree, oracle = cli_files
    out_path = folder / "never.json"
    bad = queries_file(tmp_path, {"Q(a)": "-1"})
    for argv in (["--queries", bad], ["--checker", "debate:x"], ["--checker", "uniform:0"],
                 ["--queries", str(folder / "missing.json")]):
        code, _, err = run_cli(["adversary", tree, "--oracle", oracle, *argv, "-o", str(out_path)],
                               capsys)
        assert code == 2 and err.startswith("fbs: error:") and err.count("\n") == 1, err
        assert not out_path.exists()
    repeated = folder / "rep.json"
    repeated.write_text(json.dumps(flat([inner("r", "and:2", ["a", "b"]), leaf("a", "s"),
                                         leaf("b", "s")])))
    code, _, err = run_cli(["adversary", str(repeated), "--oracle", oracle, "--checker",
                            "exhaustive", "-o", str(out_path)], capsys)
    assert code == 2 and "q-ary AND" in err and not out_path.exists()
    code, _, err = run_cli(["adversary", tree, "--oracle", oracle, "-o", str(out_path)], capsys)
    assert code == 2 and not out_path.exists()
