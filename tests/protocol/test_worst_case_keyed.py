"""The worst case on a described uniform tree (verify.protocol.worst_case_keyed, issue 29
section 3) against the expanded DP on the listed tree (kept as the reference), field by field;
against brute force over every Alice strategy and an independent peer; Bob's dual the same as
the expanded path's; the limits and refusals that held before."""

import importlib.util
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_run import fbs_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from test_worst_case import RULES, brute_force_worst

from verify.base.errors import BadInput, TooLarge
from verify.protocol.api import worst_case
from verify.protocol.bob_rules import bob_view
from verify.protocol.worst_case import weight_options
from verify.trees.api import write_tree
from verify.trees.builders import uniform_tree
from verify.trees.model import UniformTree
from verify.trees.oracles import LeafBits, random_oracle

PEER_PATH = Path(__file__).resolve().parents[2] / "bench" / "peer_worst_case.py"
_spec = importlib.util.spec_from_file_location("peer_worst_case", PEER_PATH)
PEER = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(PEER)

SPECS = ["maj:3", "maj:5", "thr:4:3", "and:2", "or:3", "parity:3", "sym:0110", "tt:01101011",
         "tt:0110", "compose(or:2;and:2;and:1)"]
RHOS = [Fraction(1), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(5)]


def both_paths(spec, depth, seed, rho, rule, ones=0.5):
    """(keyed WorstCase on the description, expanded WorstCase on the listed tree)."""
    described = uniform_tree(spec, depth, compact=True)
    listed = uniform_tree(spec, depth)
    answers = random_oracle(listed, seed=seed, ones=ones)
    return worst_case(described, answers, rho, rule=rule), worst_case(listed, answers, rho,
                                                                       rule=rule)


def result_fields(result):
    """Every field of a WorstCaseResult, per-node sequences as tuples (memo_entries aside:
    it counts the distinct subproblems each path solved)."""
    return (result.rule, result.rho, result.depth, result.uniform_depth,
            result.catch_probability_exact, result.true_claim_catch, result.theorem_bound,
            result.instance_bound, tuple(result.catch),
            tuple(tuple(choice) for choice in result.choices), result.fbs_evaluations)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPECS), st.integers(0, 3), st.integers(0, 10**6), st.sampled_from(RHOS),
       st.sampled_from(RULES), st.sampled_from([0.2, 0.5, 0.8]))
def test_every_field_equals_the_expanded_dp(spec, depth, seed, rho, rule, ones):
    if depth == 3 and spec in ("maj:5", "thr:4:3"):
        depth = 2  # keep the listed reference small
    keyed, expanded = both_paths(spec, depth, seed, rho, rule, ones)
    assert result_fields(keyed.alice.result) == result_fields(expanded.alice.result)
    document, reference = keyed.to_json(), expanded.to_json()
    document.pop("memo_entries"), reference.pop("memo_entries")  # work counts of each path
    assert document == reference
    # the strategy replayed through the protocol's step on the described tree, leaves included
    assert keyed.graph.steps == expanded.graph.steps
    assert keyed.graph.next_state == expanded.graph.next_state
    assert keyed.graph.catch_probability() == keyed.catch_probability_exact


@pytest.mark.parametrize("rule", RULES)
def test_the_text_summary_lists_the_root_and_counts_every_state(rule):
    keyed, _ = both_paths("maj:5", 3, 4, Fraction(3), rule)
    whole, head = keyed.to_json(), keyed.to_json(states=1)
    assert head["strategy"] == whole["strategy"][:1]
    assert head["strategy_states"] == whole["strategy_states"] == len(whole["strategy"]) > 1


@pytest.mark.parametrize("spec", ["maj:3", "and:3", "parity:3", "thr:3:2", "sym:0110",
                                  "tt:01101011", "and:2", "tt:0110"])
@pytest.mark.parametrize("rule", RULES)
def test_keyed_equals_brute_force_over_all_strategies(spec, rule):
    """Depth 1 (and depth 2 for width 2): every oracle, min over every deterministic Alice."""
    for depth in ([1, 2] if spec in ("and:2", "tt:0110") else [1]):
        listed = uniform_tree(spec, depth)
        queries = [listed.queries[i] for i in listed.leaves()]
        for index, bits in enumerate(itertools.product((0, 1), repeat=len(queries))):
            answers = dict(zip(queries, bits))
            rho = RHOS[index % len(RHOS)]
            keyed = worst_case(UniformTree(spec, depth), answers, rho, rule=rule)
            assert keyed.catch_probability_exact == brute_force_worst(listed, answers, rho, rule)


@pytest.mark.parametrize("spec", ["maj:3", "maj:5", "maj:9", "thr:7:3", "and:4", "sym:01101"])
@pytest.mark.parametrize("rule", RULES)
def test_bobs_dual_is_the_expanded_paths_at_every_claim_vector(spec, rule):
    """The keyed DP samples by weight (p1(w) on the ones, p0(w) on the zeros); the engine's
    step, which replays the strategy and which the expanded DP's strategy goes through, uses
    bob_view at the actual z. A different optimal dual could change the worst case, so they
    must agree at every z, fbs included."""
    options = weight_options(spec, rule)
    q = len(options) - 1
    for z in itertools.product((0, 1), repeat=q):
        view, option = bob_view(spec, z, rule), options[sum(z)]
        assert view.fbs == option.fbs
        expected = None if option.p_one is None else tuple(
            option.p_one if bit else option.p_zero for bit in z)
        assert view.p == expected, z


@pytest.mark.parametrize("rule", RULES)
def test_the_strategy_listing_runs_step_once_per_claim_vector(monkeypatch, rule):
    """Work count: the described tree's states run the protocol's `step` once per distinct
    (claim, z) (every internal node has the same aggregator), and the listing still equals
    the expanded path's state by state."""
    from verify.protocol import worst_case_keyed

    calls = []

    def counted(*args):
        calls.append(args[2:])
        return step(*args)

    step = worst_case_keyed.step
    monkeypatch.setattr(worst_case_keyed, "step", counted)
    keyed, expanded = both_paths("maj:5", 3, 4, Fraction(3), rule)
    states = keyed.strategy_steps
    assert states == tuple(s for s in expanded.graph.steps if s.z is not None)
    distinct = {(s.claim, s.z) for s in states}
    assert len(calls) == len(distinct) < len(states)


@pytest.mark.slow
def test_depth_beyond_the_listing_limit_against_the_independent_peer():
    """maj:3 of depth 14 has 7,174,453 nodes, more than a listed tree may have (refused);
    described, its worst case is solved and equals bench/peer_worst_case.py's, a DP written
    from the paper independently of the engine (threshold closed forms, Fractions)."""
    with pytest.raises(TooLarge):
        uniform_tree("maj:3", 14)
    described = UniformTree("maj:3", 14)
    bits = random_oracle(described, seed=3).bits
    result = worst_case(described, LeafBits(bits), Fraction(3, 2))
    assert result.catch_probability_exact == PEER.worst_catch(bits, 3, 2, 14, Fraction(3, 2))
    assert result.catch_probability_exact >= result.theorem_bound == Fraction(2, 3) ** 14


@pytest.mark.parametrize("spec, q, t, depth", [("maj:5", 5, 3, 4), ("maj:9", 9, 5, 3),
                                               ("thr:7:3", 7, 3, 3), ("maj:9", 9, 5, 5)])
@pytest.mark.parametrize("rho", [Fraction(2), Fraction(5), Fraction(7, 2)])
def test_the_independent_peer_agrees_on_thresholds(spec, q, t, depth, rho):
    described = UniformTree(spec, depth)
    bits = random_oracle(described, seed=depth).bits
    assert worst_case(described, LeafBits(bits), rho).catch_probability_exact == \
        PEER.worst_catch(bits, q, t, depth, rho)


@pytest.mark.parametrize("rule", RULES)
def test_the_command_prints_the_same_on_both_layouts(capsys, tmp_path, rule):
    """`fbs debate worst-case` on a uniform file and on the same tree written flat: the same
    text, and the same --json but for memo_entries (the work each path did)."""
    oracle = random_oracle(uniform_tree("maj:5", 3), seed=2)
    write_tree(tmp_path / "u.json", UniformTree("maj:5", 3), oracle_path=tmp_path / "o.json",
               oracle=oracle)
    write_tree(tmp_path / "f.json", uniform_tree("maj:5", 3))
    outputs = []
    for name in ("u.json", "f.json"):
        for extra in ([], ["--json"]):
            outputs.append(fbs_cli(capsys, "debate", "worst-case", tmp_path / name, "--oracle",
                                   tmp_path / "o.json", "--rho", "3", "--rule", rule, *extra))
    assert [code for code, _, _ in outputs] == [0, 0, 0, 0]
    assert outputs[0][1] == outputs[2][1]
    documents = [json.loads(out) for _, out, _ in (outputs[1], outputs[3])]
    assert [d.pop("memo_entries") > 0 for d in documents] == [True, True]
    assert documents[0] == documents[1]


def test_limits_and_refusals_still_hold(tmp_path):
    # the width limit of the DP: checked before any work, described or listed
    with pytest.raises(TooLarge, match="width"):
        worst_case(UniformTree("maj:513", 1), _ones(UniformTree("maj:513", 1)), 2)
    wide = "compose(or:2;and:6;and:7)"
    with pytest.raises(TooLarge, match="width"):
        worst_case(UniformTree(wide, 1), random_oracle(uniform_tree(wide, 1), 1), 4)
    # the size of a description (2^29 leaves at most, for a symmetric aggregator)
    with pytest.raises(TooLarge):
        UniformTree("maj:9", 10)
    # rho and the oracle
    tree = UniformTree("maj:3", 2)
    with pytest.raises(BadInput, match="rho"):
        worst_case(tree, random_oracle(uniform_tree("maj:3", 2), 0), "1/2")
    with pytest.raises(BadInput, match="leaf bits"):
        worst_case(tree, _ones(UniformTree("maj:3", 1)), 2)
    with pytest.raises(BadInput, match="does not answer"):
        worst_case(tree, {"Q(r.1.1)": 1}, 2)
    with pytest.raises(BadInput, match="rule"):
        worst_case(tree, _ones(tree), 2, rule="nearest")


def _ones(tree):
    return LeafBits("1" * tree.n_leaves)


def _uniform_files(folder, spec, depth, bits=None):
    tree = UniformTree(spec, depth)
    oracle = LeafBits(bits if bits is not None else "1" * tree.n_leaves)
    write_tree(folder / "t.json", tree, oracle_path=folder / "o.json", oracle=oracle)
    return folder / "t.json", folder / "o.json"


@pytest.mark.parametrize("extra, message", [
    ([], "--rho is required"),
    (["--rho", "3", "--beta-max", "4"], "--beta-max belongs to --protocol budgeted"),
    (["--rho", "3", "--protocol", "paperz"], "protocol"),
    (["--rho", "0.5"], "rho must be >= 1"),
    (["--rho", "3", "--rule", "nearest"], "invalid choice"),
])
def test_the_command_refuses_as_before_on_a_described_tree(capsys, tmp_path, extra, message):
    tree, oracle = _uniform_files(tmp_path, "maj:3", 2)
    code, out, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", oracle, *extra)
    assert (code, out) == (2, "") and message in err and len(err.strip().splitlines()) == 1


def test_the_command_refuses_bad_oracles_and_widths_on_a_described_tree(capsys, tmp_path):
    tree, _ = _uniform_files(tmp_path, "maj:3", 2)
    short = tmp_path / "short.json"
    short.write_text(json.dumps({"format": "fbs-oracle/1", "bits": "0101"}))
    code, _, err = fbs_cli(capsys, "debate", "worst-case", tree, "--oracle", short, "--rho", "2")
    assert code == 2 and "9 leaves" in err
    wide, oracle = _uniform_files(tmp_path, "maj:513", 1)
    code, _, err = fbs_cli(capsys, "debate", "worst-case", wide, "--oracle", oracle, "--rho", "2")
    assert code == 2 and "width <= 512" in err


@pytest.mark.parametrize("spec, depth", [("tt:10", 5), ("tt:01", 3), ("maj:65", 1),
                                         ("maj:13", 2), ("sym:0000", 2), ("tt:0000", 2)])
@pytest.mark.parametrize("rule", RULES)
def test_unary_wide_and_constant_aggregators(spec, depth, rule):
    """Width 1 (one node a level), rows too wide for integer codes (2^65 > 2^62: numpy's
    row-wise unique), constant aggregators (fbs = 0, Bob has no distribution)."""
    keyed, expanded = both_paths(spec, depth, 11, Fraction(3), rule)
    assert result_fields(keyed.alice.result) == result_fields(expanded.alice.result)
    document, reference = keyed.to_json(), expanded.to_json()
    document.pop("memo_entries"), reference.pop("memo_entries")
    assert document == reference


def test_a_described_result_shows_in_a_notebook():
    keyed, expanded = both_paths("maj:3", 3, 2, Fraction(2), "vertex")
    shown = [[line for line in result._repr_markdown_().splitlines() if "memo_entries" not in line]
             for result in (keyed, expanded)]
    assert shown[0] == shown[1] and len(shown[0]) > 10
    assert keyed.to_pandas().equals(expanded.to_pandas())
