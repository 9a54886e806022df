"""`census` on every function of 2 and 3 inputs against brute force (issue 14).

The reference here shares nothing with the package: sensitive blocks by direct evaluation,
fbs by z3's optimiser over all sensitive blocks (tests/reference.py), s, bs and C by
exhaustive search over block families and coordinate sets.
"""

import itertools
import json
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest
from reference import all_inputs, fbs_by_z3, sensitive_blocks

from verify.sweep.api import census, read_store
from verify.sweep.census_report import markdown, write_outputs


@lru_cache(maxsize=None)
def _reference_figures(blocks: tuple, q: int) -> tuple:
    """(fbs, s, bs, C) from the set of all sensitive blocks."""
    value = fbs_by_z3(list(blocks), q)[1]
    s = sum(1 for b in blocks if len(b) == 1)
    bs = max((len(family) for r in range(len(blocks) + 1)
              for family in itertools.combinations(blocks, r)
              if sum(map(len, family)) == len(set().union(*family))), default=0)
    c = min(len(hit) for r in range(q + 1) for hit in itertools.combinations(range(q), r)
            if all(set(b) & set(hit) for b in blocks))
    return value, s, bs, c


def _reference(q: int) -> list[tuple]:
    """(table, input, fbs, s, bs, C) for every function of q inputs at every input."""
    rows = []
    for k in range(2 ** 2 ** q):
        table = format(k, f"0{2 ** q}b")

        def f(x, table=table):
            return int(table[int("".join(map(str, x)), 2)])

        for z in all_inputs(q):
            figures = _reference_figures(tuple(sensitive_blocks(f, z)), q)
            rows.append((f"tt:{table}", "".join(map(str, z)), *figures))
    return rows  # canonical order: spec, then input


@pytest.fixture(scope="module")
def summary(small_census_store):
    return census(small_census_store)


@pytest.mark.parametrize("q", [2, 3])
@pytest.mark.slow
def test_distributions_match_brute_force(summary, q):
    rows, figure = _reference(q), summary.to_json()["arities"][str(q)]
    assert figure["inputs"] == len(rows) == 2 ** 2 ** q * 2 ** q
    assert figure["functions"] == 2 ** 2 ** q
    for position, name in ((2, "fbs"), (3, "s"), (4, "bs"), (5, "C")):
        counts = Counter(row[position] for row in rows)
        expected = {str(v) if name != "fbs" else _text(v): n
                    for v, n in sorted(counts.items())}
        assert figure[name] == expected, name
    assert figure["chain_violations"] == 0
    assert figure["fbs_not_integer"] == sum(1 for row in rows if row[2].denominator != 1)
    assert figure["s_zero_bs_positive"] == sum(1 for row in rows if row[3] == 0 < row[4])


@pytest.mark.parametrize("q", [2, 3])
@pytest.mark.slow
def test_extremes_and_strict_gaps_match_brute_force(summary, q):
    rows, figure = _reference(q), summary.to_json()["arities"][str(q)]
    for name, (top, over) in {"fbs/bs": (2, 4), "C/fbs": (5, 2), "bs/s": (4, 3)}.items():
        ratios = [(Fraction(row[top]) / row[over], row) for row in rows if row[over]]
        best = max(r for r, _ in ratios)
        attaining = [row for r, row in ratios if r == best]
        extreme = figure["extremes"][name]
        assert Fraction(extreme["ratio"]) == best, name
        assert extreme["attained_by"] == len(attaining), name
        first = attaining[0]
        assert (extreme["first"]["spec"], extreme["first"]["input"]) == first[:2], name
    strict = [row for row in rows if row[4] < row[2] < row[5]]
    gaps = figure["bs_lt_fbs_lt_C"]
    assert gaps["inputs"] == len(strict)
    assert gaps["functions"] == len({row[0] for row in strict})
    assert [(e["spec"], e["input"]) for e in gaps["examples"]] == [r[:2] for r in strict[:5]]


@pytest.mark.slow
def test_q3_has_fractional_fbs_strictly_between_bs_and_c(summary):
    """MAJ_3 at 000: blocks {1,2},{1,3},{2,3}: bs = 1 < fbs = 3/2 < C = 2 (a hand check)."""
    examples = summary.to_json()["arities"]["3"]["bs_lt_fbs_lt_C"]["examples"]
    assert {"spec": "tt:00010111", "input": "000", "fbs": "3/2", "s": 0, "bs": 1,
            "C": 2} in examples


@pytest.mark.slow
def test_every_named_row_is_reverified_by_the_checker(summary):
    assert summary.named and summary.all_reverified
    assert all(item["checker_valid"] and item["measures_rechecked"] for item in summary.named)


@pytest.mark.slow
def test_a_tampered_certificate_fails_reverification(small_census_store, tmp_path):
    import shutil

    import pyarrow as pa
    import pyarrow.parquet as pq

    from verify.base.errors import BadInput
    from verify.sweep.store import MANIFEST, _file_digest

    copy = tmp_path / "copy"
    shutil.copytree(small_census_store, copy)
    named = census(copy, reverify=False).named
    digest = named[0]["certificate"]
    for part in (copy / "certificates").glob("part-*.parquet"):
        table = pq.read_table(part)
        texts = table.column("certificate").to_pylist()
        digests = table.column("sha256").to_pylist()
        if digest in digests:
            document = json.loads(texts[digests.index(digest)])
            document["value"] = "5"  # a wrong claim: the stored hash no longer matches
            texts[digests.index(digest)] = json.dumps(document)
            pq.write_table(pa.table({"sha256": digests, "certificate": texts}), part)
            tampered = part
    with pytest.raises(BadInput, match="is damaged"):  # the manifest's checksum notices first
        census(copy)
    digest_now, size = _file_digest(tampered)  # a tamperer who also rewrites the manifest
    with open(copy / MANIFEST, "a") as manifest:
        manifest.write(json.dumps({"part": f"certificates/{tampered.name}",
                                   "sha256": digest_now, "bytes": size}) + "\n")
    assert not census(copy).all_reverified  # ... is caught by re-verification


@pytest.mark.slow
def test_outputs_markdown_json_and_png(summary, tmp_path):
    prefix = tmp_path / "census"
    write_outputs(summary, str(prefix))
    assert json.loads((tmp_path / "census.json").read_text())["all_reverified"] is True
    assert (tmp_path / "census.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = (tmp_path / "census.md").read_text()
    assert text == markdown(summary) and "| fbs/bs |" in text and "bs < fbs < C" in text


@pytest.mark.slow
def test_the_store_opens_in_pandas(small_census_store):
    import pandas as pd

    frame = pd.read_parquet(small_census_store / "rows")
    assert len(frame) == 2112 and set(frame["certified"]) == {True}
    assert {"spec", "input", "value", "certified", "s", "bs", "C"} <= set(frame.columns)


@pytest.mark.slow
def test_the_store_opens_in_polars_as_the_docs_say(small_census_store):
    import polars as pl

    frame = pl.read_parquet(str(small_census_store / "rows" / "*.parquet"))
    expected = read_store(small_census_store)
    assert frame.height == expected.num_rows == 2112
    key = ["job_id", "value", "certified", "s", "bs", "C"]
    assert sorted(frame.select(key).rows()) == sorted(zip(*(expected.column(c).to_pylist()
                                                            for c in key)))


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@pytest.mark.slow
def test_tree_sweeps_give_the_protocol_tables(client2, tmp_path):
    from verify import (
        budgeted_worst_case,
        random_oracle,
        random_tree,
        tree_fbs,
        tree_info,
        worst_case,
    )
    from verify.sweep.generators import derived_seed, parse_family
    from verify.sweep.runner import run_on_cluster
    from verify.sweep.store import Store

    family = parse_family("random-trees:7:3:2:maj:3,and:2")
    assert len(family) == 15  # per tree: tree-fbs, 3 Bob rules, budgeted (ours)
    run_on_cluster(iter(family), len(family), Store(tmp_path / "s", create=True), client2)
    tables = census(tmp_path / "s").trees
    pairs = [(random_tree(derived_seed(7, i, "tree"), 2, ["maj:3", "and:2"]),
              derived_seed(7, i, "oracle")) for i in range(3)]
    instances = [(tree, random_oracle(tree, seed)) for tree, seed in pairs]
    groups = {}
    for tree, answers in instances:
        key = ",".join(sorted({tree.aggregators[i] for i in tree.internal()}))
        groups.setdefault(key, []).append((tree, answers))
    rows = {(r["aggregators"], r["rule"]): r for r in tables["worst-case"]}
    for key, members in groups.items():
        for rule in ("vertex", "symmetric", "uniform"):
            rhos = [max(tree_info(t, a).min_rho_for_fbs_condition or 1, 1) for t, a in members]
            catches = [worst_case(t, a, rho, rule=rule).catch_probability_exact
                       for (t, a), rho in zip(members, rhos)]
            at_bound = sum(c >= Fraction(1) / Fraction(rho) ** t.depth
                           for c, rho, (t, _) in zip(catches, rhos, members))
            row = rows[(key, rule)]
            assert row["trees"] == len(members)
            assert Fraction(row["min"]) == min(catches) and Fraction(row["max"]) == max(catches)
            assert (row["bound_from"], row["bound_met"]) == ("Theorem 4.2", at_bound)
            if rule == "vertex":  # the rule Theorem 4.2 is about: it holds on every tree
                assert at_bound == len(members)
        budgeted = [budgeted_worst_case(t, a) for t, a in members]  # ours, Theorem B1
        row = rows[(key, "budgeted (ours)")]
        assert Fraction(row["min"]) == min(b.least_catch for b in budgeted)
        assert row["bound_from"] == "Theorem B1 (ours)"
        assert row["bound_met"] == sum(b.guarantee_holds for b in budgeted) == len(members)
        global_rows = {r["aggregators"]: r for r in tables["tree-fbs"]}
        values = [tree_fbs(t, a).value for t, a in members]
        assert Fraction(global_rows[key]["min"]) == min(values)
        assert global_rows[key]["lemma_5_4_holds"] == len(members)  # rho_T >= rho^d


def test_a_certificate_input_in_runs_is_the_rows_bits_and_never_a_file():
    from verify.sweep.census import _same_input

    assert _same_input("1^2,0^1", "110") and _same_input("110", "110")
    assert not _same_input("1^1,0^2", "110") and not _same_input("11", "110")
    assert not _same_input("@/etc/hostname", "110") and not _same_input(None, "110")


def test_oracle_files_in_leaf_bits_are_read_against_the_jobs_tree(tmp_path):
    """`fbs tree build` writes a uniform tree's oracle as leaf bits: a tree-fbs job naming
    those files gets the rho_T that verify.tree_fbs gives for the same files."""
    from verify import tree_fbs
    from verify.cli import main
    from verify.sweep.execute import run_task
    from verify.sweep.jobs import job_id, normalize_job

    tree, oracle = str(tmp_path / "t.json"), str(tmp_path / "o.json")
    assert main(["tree", "build", "--aggregator", "maj:3", "--depth", "2", "-o", tree,
                 "--oracle-out", oracle, "--oracle-seed", "3"]) == 0
    assert '"bits"' in open(oracle).read()
    job = normalize_job({"kind": "tree-fbs", "tree": {"file": tree}, "oracle": {"file": oracle}},
                        "test")
    rows, _, errors = run_task([(job_id(job), job)])
    assert errors == [] and rows.column("value").to_pylist() == [str(tree_fbs(tree, oracle).value)]
    with pytest.raises(Exception, match="unknown key"):
        normalize_job({"kind": "tree-fbs", "tree": {"file": tree},
                       "oracle": {"file": oracle, "bits": "0"}}, "test")
