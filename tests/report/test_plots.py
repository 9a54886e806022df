"""Plots a reader can trust: labelled axes with units, titles naming the instance, linear
scales where shares are compared, plain tick labels, a caption per plot in report.md, no
empty panel and no matplotlib warning."""

from __future__ import annotations

import warnings

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from verify.report import writer
from verify.report.runner import CheckResult
from verify.sweep.census import Census
from verify.sweep.census_plot import census_figure, plot


def result(name: str, values: dict) -> CheckResult:
    return CheckResult(name, "place", "claim", "computed", "confirmed", values=values)


RESULTS = {
    "section_1_2_majority_two_thirds": result("section_1_2_majority_two_thirds", {}),
    "theorem_4_2_soundness": result("theorem_4_2_soundness", {
        "grid": [{"depth": 1, "bound": "1/2", "catch": "1/2"},
                 {"depth": 2, "bound": "1/4", "catch": "1/3"}],
        "uniform_comparator": [{"bound": "1/4", "catch": "1/5"}]}),
    "theorem_5_1": result("theorem_5_1", {
        "advantage": [{"m": m, "bound": f"{min(8, m)}/8", "exact": f"{m}/{m + 8}",
                       "exact_uniform": f"{m}/{m + 20}"} for m in range(1, 13)],
        "query_tables": [{"tree": "pivotal maj:3 depth 3", "rho_min": "2", "depth": 3}]}),
    "budgeted_debate": result("budgeted_debate", {"rows": [
        {"rho_T": "2", "runs_paper_bound": 30, "runs_paper_exact": 1, "runs_budgeted": 7,
         "lower_bound_queries": 2},
        {"rho_T": "9", "runs_paper_bound": 300, "runs_paper_exact": 40, "runs_budgeted": 40,
         "lower_bound_queries": 9}]}),
}
DRAWERS = dict(zip(writer.PLOTS, (writer._majority_plot, writer._catch_plot,
                                  writer._advantage_plot, writer._budgeted_plot)))


def drawn(name: str):
    figure = Figure()
    FigureCanvasAgg(figure)
    axes = figure.add_subplot(1, 1, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert DRAWERS[name](axes, RESULTS)
        figure.canvas.draw()  # tick labels exist once drawn
    return axes


def tick_labels(axes) -> list[str]:
    return [t.get_text() for t in axes.get_xticklabels() + axes.get_yticklabels()]


@pytest.mark.parametrize("name", writer.PLOTS)
def test_every_report_plot_has_labelled_axes_and_a_named_instance(name):
    axes = drawn(name)
    assert axes.get_xlabel() and axes.get_ylabel() and axes.get_title()
    if axes.get_yscale() == "log":
        assert "log" in axes.get_ylabel()  # a log axis says so
    labels = tick_labels(axes)
    assert any(labels) and not any("times" in text or "^{" in text for text in labels)
    assert name in writer.PLOT_CAPTIONS and len(writer.PLOT_CAPTIONS[name]) > 40


def test_a_plot_belongs_to_its_checks():
    """A partial run draws only the plots of the checks it ran (maj:99 with Section 1.2's)."""
    figure = Figure()
    axes = figure.add_subplot(1, 1, 1)
    assert not writer._majority_plot(axes, {"section_3_3_and": result("section_3_3_and", {})})
    assert "2 (tree, oracle, rho, rule) cases" in drawn("catch_vs_bound.png").get_title()


def test_titles_name_the_instance():
    assert "pivotal maj:3 depth 3" in drawn("advantage_vs_m.png").get_title()
    assert "maj:99" in drawn("fbs_majority.png").get_title()
    assert "2 trees" in drawn("budgeted_vs_paper.png").get_title()
    advantage = drawn("advantage_vs_m.png")
    assert advantage.get_xscale() == advantage.get_yscale() == "linear"


def test_the_budgeted_plot_explains_points_below_the_line():
    axes = drawn("budgeted_vs_paper.png")
    legend = [" ".join(t.get_text().split()) for t in axes.get_legend().get_texts()]
    assert any("may lie below the line" in text for text in legend)
    assert "different instance" in writer.PLOT_CAPTIONS["budgeted_vs_paper.png"]


@pytest.mark.parametrize("name", writer.PLOTS)
def test_report_plots_keep_legends_off_the_data(name):
    """Issue 31: the budgeted plot's 6-7 point legend covered the data; every legend of the
    report now stands right of its axes, in 9-point text."""
    axes = drawn(name)
    legend = axes.get_legend()
    if legend is None:
        return
    canvas = FigureCanvasAgg(axes.figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    assert legend.get_window_extent(renderer).x0 >= axes.get_window_extent(renderer).x1 - 1
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 9


def test_report_md_has_a_caption_under_each_plot():
    text = writer._markdown(list(RESULTS.values()), [], list(writer.PLOTS))
    for name in writer.PLOTS:
        assert f"![{name}]({name})\n\n*{name}.* {writer.PLOT_CAPTIONS[name]}" in text


def census_of(arities: dict, trees: dict) -> Census:
    return Census("store", 10, 10, arities, trees, ())


TREES = {"tree-fbs": [{"depth": 2, "aggregators": "maj:3", "min_ratio_to_bound": "1"},
                      {"depth": 3, "aggregators": "and:2,maj:3", "min_ratio_to_bound": "3/2"}],
         "worst-case": [{"depth": 2, "aggregators": "maj:3", "rule": "vertex",
                         "min_ratio_to_bound": "5/4"}]}
FUNCTIONS = {"2": {"fbs": {"1": 9, "2": 16}, "s": {"0": 2, "1": 23}, "bs": {"1": 25},
                   "C": {"1": 5, "2": 20}},
             "3": {"fbs": {"1": 50, "3/2": 10, "2": 40}, "s": {"1": 100}, "bs": {"1": 100},
                   "C": {"2": 100}}}


def panels(census):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no matplotlib UserWarning either
        figure = census_figure(census)
        plot(census)
    return figure.axes


def test_a_tree_census_has_one_panel_per_tree_table_and_no_empty_panel():
    axes = panels(census_of({}, TREES))
    assert len(axes) == 2
    for panel in axes:
        assert panel.patches and panel.get_ylabel() and panel.get_xlabel() and panel.get_title()
        assert panel.get_yscale() == "linear"
    heights = sorted(round(p.get_height(), 6) for p in axes[0].patches + axes[1].patches)
    assert heights == [1.0, 1.25, 1.5]


def test_function_shares_are_bars_on_a_linear_axis():
    axes = panels(census_of(FUNCTIONS, {}))
    assert len(axes) == 5  # fbs, s, bs, C, and the four compared at q = 3
    for panel in axes:
        assert panel.get_yscale() == "linear" and "share" in panel.get_ylabel()
        assert panel.get_xlabel() and panel.get_title()
    fbs_panel = axes[0]
    heights = [round(p.get_height(), 6) for p in fbs_panel.patches]
    assert sorted(heights) == sorted([0.36, 0.0, 0.64, 0.5, 0.1, 0.4])  # counts / total
    mixed = panels(census_of(FUNCTIONS, TREES))
    assert len(mixed) == 7


def test_values_sit_at_their_size_and_the_four_measures_are_compared():
    """Issue 31: 3/2 between 1 and 2 (the axis to scale, not evenly spaced categories), a
    panel with s, bs, fbs and C at the largest arity, legends outside the data, fonts >= 9."""
    axes = panels(census_of(FUNCTIONS, {}))
    ticks = {t.get_text(): x for t, x in zip(axes[0].get_xticklabels(), axes[0].get_xticks())}
    assert ticks == {"1": 1.0, "3/2": 1.5, "2": 2.0}
    compared = axes[4]
    assert "s, bs, fbs and C compared" in compared.get_title()
    legend = [t.get_text() for t in compared.get_legend().get_texts()]
    assert legend == ["s", "bs", "fbs", "C"]
    canvas = FigureCanvasAgg(compared.figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    for panel in axes:
        box, legend_box = panel.get_window_extent(renderer), panel.get_legend().get_window_extent(
            renderer)
        assert legend_box.x0 >= box.x1 - 1  # to the right of the data, not on it
        assert min(t.get_fontsize() for t in panel.get_xticklabels()) >= 9


def test_an_empty_census_says_so():
    axes = panels(census_of({}, {}))
    assert len(axes) == 1 and "no fbs or tree rows" in axes[0].texts[0].get_text()


def test_the_exhaustive_census_draws_the_four_measures_compared(tmp_path):
    """`fbs census --exhaustive Q -o PREFIX` writes PREFIX.png too (issue 31: it drew no
    plot): one panel over all pairs, one over all functions with the global census."""
    import io

    from matplotlib.image import imread

    from verify import exhaustive_census
    from verify.sweep.census_plot import exhaustive_plot
    from verify.sweep.exhaustive_report import write_outputs

    census = exhaustive_census(3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        image = imread(io.BytesIO(exhaustive_plot(census)))
    assert image.shape[1] >= 1500  # two panels side by side (q <= 4: the global census too)
    write_outputs(census, str(tmp_path / "q3"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["q3.json", "q3.md", "q3.png"]
