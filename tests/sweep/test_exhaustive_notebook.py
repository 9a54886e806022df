"""The census by structure in a notebook (issue 31, section 4): a Markdown view, and
to_pandas() with one row per class, blocks as readable sets and fbs as exact Fractions."""

from fractions import Fraction

from verify import exhaustive_census, random_oracle, uniform_tree, worst_case


def test_one_row_per_class_with_readable_blocks_and_exact_fbs():
    census = exhaustive_census(3)
    frame = census.to_pandas()
    assert len(frame) == census.to_json()["classes"]
    assert frame["pairs"].sum() == 2 ** (2 ** 3) * 2 ** 3  # every (function, input) pair
    assert all(type(v) is Fraction for v in frame["fbs"])
    assert (frame["fbs_float"] == [float(v) for v in frame["fbs"]]).all()
    # the distribution of fbs over pairs: the brute-force counts for q = 3 (tests/sweep)
    by_value = frame.groupby("fbs")["pairs"].sum().to_dict()
    assert by_value == {Fraction(0): 16, Fraction(1): 592, Fraction(3, 2): 32, Fraction(2): 1152,
                        Fraction(3): 256}
    # the class of the three singletons at 000 (OR_3 / parity-like): fbs 3, s = bs = C = 3
    row = frame[frame["blocks_text"] == "{x1}, {x2}, {x3}"].iloc[0]
    assert row["blocks"] == (frozenset({0}), frozenset({1}), frozenset({2}))
    assert (row["fbs"], row["s"], row["bs"], row["C"]) == (3, 3, 3, 3)
    assert "**ExhaustiveCensus**" in census._repr_markdown_()


def test_worst_case_frame_has_exact_catch_probabilities():
    tree = uniform_tree("maj:3", 2)
    result = worst_case(tree, random_oracle(tree, seed=2), 2)
    frame = result.to_pandas()
    assert all(type(v) is Fraction for v in frame["catch"])
    assert frame["catch"].iloc[0] == result.catch_probability_exact  # the root's state first
    assert frame["catch_float"].iloc[0] == float(result.catch_probability_exact)
