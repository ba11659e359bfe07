"""Plots that show differences: identical cells stay visible (position, pass^k), runs named by
variant in the score history, a gap where the source log has no score, axes fitted to the data
with the full range noted, and the report's headline verdict from the paired comparisons."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest

from lab.analysis import figures as figs
from lab.analysis import load
from lab.analysis.cell_pairs import compare_cells
from lab.analysis.verdict import headline
from lab.config import compose
from lab.runner import run
from support.runs import follower_args


@pytest.fixture(scope="module")
def identical(tmp_path_factory):
    """Two vocabularies the no-LLM tool_follower answers identically: identical cells."""
    results = tmp_path_factory.mktemp("results")
    for v in ("minimal", "maybe_exts"):
        run(compose(follower_args(results, "run.repeats=2", f"vocab={v}")), out=io.StringIO(), progress=False)
    return load(results)


def _cell_lines(ax, cells):
    return {ln.get_label(): ln for ln in ax.get_lines() if ln.get_label() in cells}


def test_identical_cells_are_all_visible_in_the_position_plot(identical):
    fig = figs.position_curve(identical.complete_tests)
    ax = fig.axes[0]
    lines = _cell_lines(ax, {"minimal", "maybe_exts"})
    assert set(lines) == {"minimal", "maybe_exts"}
    a, b = (np.asarray(lines[c].get_ydata(), float) for c in ("minimal", "maybe_exts"))
    assert not np.allclose(a, b)                                # nudged apart, not on top of each other
    assert lines["minimal"].get_marker() != lines["maybe_exts"].get_marker()
    assert any("identical: " in t.get_text() for t in ax.texts)


def test_identical_cells_are_all_visible_in_the_pass_k_plot(identical):
    fig = figs.pass_k_curves(identical.complete_tests)
    ax = fig.axes[0]
    lines = _cell_lines(ax, {"minimal pass^k", "maybe_exts pass^k"})
    assert len(lines) == 2
    xa, xb = (np.asarray(ln.get_xdata(), float) for ln in lines.values())
    assert not np.allclose(xa, xb)
    assert len({ln.get_marker() for ln in lines.values()}) == 2
    assert any("identical: " in t.get_text() for t in ax.texts)


def test_score_history_names_variants_and_breaks_at_a_missing_point(identical):
    ref = pd.DataFrame({"source": "log", "experiment": ["lexiopt4", "alike", "final"],
                        "run_label": ["lexiopt4", "alike", "final"], "scope": "total",
                        "suite": "tests70", "passed": pd.array([67, None, 63], dtype="Int64"),
                        "n": pd.array([70, 70, 70], dtype="Int64")})
    fig = figs.score_history(identical.repeats, ref)
    ref_ax, runs_ax = fig.axes[:2]
    (line,) = [ln for ln in ref_ax.get_lines() if len(ln.get_xdata()) == 3]
    y = np.asarray(line.get_ydata(), float)
    assert np.isnan(y[1]) and y[0] == 67 and y[2] == 63        # the line is broken at alike
    labels = [t.get_text() for t in runs_ax.get_xticklabels()]
    assert {lbl.split("\n")[0] for lbl in labels} == {"minimal", "maybe_exts"}
    assert not any(r[-6:] in " ".join(labels) for r in identical.runs["run_id"])
    assert "full 0–70" in ref_ax.get_ylabel() and ref_ax.get_ylim()[0] > 0


def test_score_axes_fit_the_data_and_note_the_full_range():
    repeats = pd.DataFrame({"vocabulary": ["a"] * 3 + ["b"] * 3, "model": "m", "suite": "tests70",
                            "run_id": ["r1"] * 3 + ["r2"] * 3, "score": [60, 62, 61, 64, 66, 65],
                            "n": 70})
    fig = figs.score_distribution(repeats)
    ax = fig.axes[0]
    lo, hi = ax.get_ylim()
    assert 40 < lo < 60 and 66 < hi <= 70
    assert "full 0–70" in ax.get_ylabel()
    assert figs.fitted_range(pd.Series([69, 70]), 70)[1] == 70    # never past the suite's size


def test_a_narrow_panel_wraps_its_title_instead_of_running_into_the_next():
    # tasks40's cells: the auto pair in one panel, each forced cell alone in a panel of one
    repeats = pd.DataFrame({"vocabulary": "a", "model": "m", "suite": ["tasks40", "tasks40_baseline"] * 3,
                            "run_id": ["r1", "r2", "r3", "r4", "r3", "r4"], "score": [2, 0, 24, 4, 25, 5],
                            "n": 40, "tool_choice": ["auto"] * 2 + ["first"] * 4,
                            "forced_tool": ["–", "–"] + ["path_resolve", "search_files"] * 2})
    fig = figs.score_distribution(repeats)
    titles = [ax.get_title() for ax in fig.axes if ax.get_title()]
    assert titles == ["tool_choice=auto", "tool_choice=first\nforced_tool=path_resolve",
                      "tool_choice=first\nforced_tool=search_files"]
    fig.canvas.draw()   # and drawn, no title runs into the next
    boxes = [ax.title.get_window_extent() for ax in fig.axes[:3]]
    assert all(a.x1 <= b.x0 for a, b in zip(boxes, boxes[1:]))


def _tests(cells: dict[str, list[int]], n: int = 20) -> pd.DataFrame:
    """Repeat scores per vocabulary -> test rows (the first `score` tests of a repeat pass)."""
    rows = []
    for v, scores in cells.items():
        for k, sc in enumerate(scores):
            rows += [{"vocabulary": v, "model": "m", "suite": "s", "run_id": f"run-{v}", "repeat": k,
                      "test_id": f"t{i:02d}", "passed": i < sc} for i in range(n)]
    return pd.DataFrame(rows)


def _repeats(cells: dict[str, list[int]]) -> pd.DataFrame:
    return pd.DataFrame([{"vocabulary": v, "model": "m", "suite": "s", "score": sc}
                         for v, scores in cells.items() for sc in scores])


def test_headline_names_a_difference_beyond_noise():
    cells = {"minimal": [10, 11, 10, 12, 11], "maybe_exts": [17, 18, 16, 17, 18]}
    c = compare_cells(_tests(cells))
    text = headline(c, _repeats(cells))
    row = c.iloc[0]
    assert text.startswith("beyond noise: maybe_exts +6.4 [")
    assert f"over minimal (p {row['p_holm']:.3f})" in text


def test_headline_says_no_difference_and_how_many_repeats_would_tell():
    cells = {"minimal": [10, 14, 12], "alike": [11, 15, 13]}
    c = compare_cells(_tests(cells))
    text = headline(c, _repeats(cells))
    assert text.startswith("no variant beyond noise with 3 repeats (largest: alike +1.0 [")
    need = int(c.iloc[0]["repeats_for_5"])          # the number `lab power` gives for this spread
    assert f"~{need} repeats per cell needed for 5 points" in text
    assert headline(pd.DataFrame(), _repeats({"a": [1, 2]})) == "one variant only: nothing to compare"


def test_headline_says_why_it_cannot_plan_repeats():
    """The lexiopt report's isolated rerun: 3 repeats a cell in rounds the arms did not share,
    compared over round means, had been told "one repeat per cell: run more"."""
    cells = {"minimal": [10, 14, 12], "alike": [11, 15, 13]}
    c = compare_cells(_tests(cells)).assign(unit="round", repeats_for_5=None)
    text = headline(c, _repeats(cells))
    assert "no variant beyond noise with 3 repeats" in text and "one repeat per cell" not in text
    assert text.endswith("the arms ran in different rounds, so the noise is of round means and "
                         "plans no repeat count: `lab power` plans from a pilot run")
    one = {"minimal": [10], "alike": [11]}
    c1 = compare_cells(_tests(one))
    assert headline(c1, _repeats(one)).endswith("one repeat per cell: run more to measure the noise "
                                                "(`lab power` plans it)")


def test_headline_says_a_floor_is_a_floor_not_no_difference():
    """Issue 25's 0.5B: every cell 0 in every repeat. "No variant beyond noise ... more repeats will
    not change this" read as a finding about the vocabularies; the suite measured nothing."""
    cells = {"minimal": [0, 0], "maybe_exts": [0, 0], "alike": [0, 0]}
    text = headline(compare_cells(_tests(cells)), _repeats(cells))
    assert text == ("every cell at the floor (0 of 20 in every repeat): the suite measures nothing "
                    "here, so no variant can be told from another")
    mixed = {"minimal": [0, 0], "maybe_exts": [0, 0], "alike": [3, 5]}
    text = headline(compare_cells(_tests(mixed)), _repeats(mixed))
    assert "largest: alike +4.0" in text and "1 pair at the floor" in text


def test_the_report_opens_with_the_verdict(identical, tmp_path):
    from lab.analysis.report import build_report
    rep = build_report(list(identical.run_dirs.values()), tmp_path / "rep", reference=False,
                       n_boot=500)
    body = rep.markdown.read_text().split("\n")
    first = next(i for i, ln in enumerate(body) if ln.startswith("**Verdict:**"))
    # the tool_follower passes all 6 in both cells: a ceiling, not "no difference" (issue 25)
    assert first < 5 and "every cell at the ceiling (6 of 6 in every repeat)" in body[first]
    assert "Verdict:" in rep.html.read_text()


# -- issue 26: facets, a cap on lines, CIs from the lab's comparison, the three new figures -----------

LEXIOPT = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs/findings/qwen2.5-coder-1.5b-lexiopt/runs"


@pytest.fixture(scope="module")
def lexiopt():
    if not LEXIOPT.is_dir():
        pytest.skip("no committed lexiopt runs")
    from lab.analysis import cell_axes
    # the finished sweeps only: the rerun in isolated-rerun/ grows (and adds conditions) as it runs
    res = load([LEXIOPT / d for d in ("isolated", "single", "prompts")], transcripts=False)
    return res, cell_axes(res.runs)


def test_figures_are_faceted_by_session_and_tool_choice_with_legends_outside(lexiopt):
    res, by = lexiopt
    for fig in (figs.position_curve(res.complete_tests, by), figs.pass_k_curves(res.complete_tests, by)):
        titles = sorted(ax.get_title() for ax in fig.axes if ax.get_title())
        assert titles == ["session=isolated tool_choice=auto",
                          "session=isolated tool_choice=first forced_tool=path_resolve",
                          "session=single tool_choice=auto",
                          "session=single tool_choice=first forced_tool=path_resolve"]
        for ax in fig.axes:
            leg = ax.get_legend()
            if leg is not None:       # anchored right of the axes: never over the data
                assert leg.get_bbox_to_anchor().x0 >= ax.get_window_extent().x1 - 1
    fig = figs.score_distribution(res.repeats, by)
    assert len([ax for ax in fig.axes if ax.get_title().startswith("session=")]) == 4


def test_a_panel_draws_at_most_max_lines_and_names_the_rest():
    rows = [{"vocabulary": f"v{i}", "model": "m", "suite": "s", "run_id": f"r{i}", "repeat": k,
             "test_id": f"t{j:02d}", "index": j, "passed": (j + i + k) % 3 > 0, "position": j + 1,
             "category": "A",
             "session": "isolated", "tool_choice": "first", "forced_tool": "path_resolve"}
            for i in range(9) for k in range(2) for j in range(12)]
    fig = figs.position_curve(pd.DataFrame(rows))
    ax = fig.axes[0]
    drawn = [ln for ln in ax.get_lines() if ln.get_label().startswith("v")]
    assert len(drawn) == figs.MAX_LINES
    assert any(t.get_text().startswith(f"+{9 - figs.MAX_LINES} more") for t in ax.texts)


def test_a_capped_panel_keeps_the_baseline_even_when_it_ranks_last():
    """v0 passes least, so ranking alone drops it; named as the baseline it is drawn."""
    rows = [{"vocabulary": f"v{i}", "model": "m", "suite": "s", "run_id": f"r{i}", "repeat": k,
             "test_id": f"t{j:02d}", "index": j, "passed": j < i + 2, "position": j + 1,
             "outcome": "pass" if j < i + 2 else "fail",
             "category": "A", "session": "isolated", "tool_choice": "first",
             "forced_tool": "path_resolve"}
            for i in range(9) for k in range(2) for j in range(12)]
    frame = pd.DataFrame(rows)
    for make in (figs.position_curve, figs.pass_k_curves):
        plain = {ln.get_label().split()[0] for ln in make(frame).axes[0].get_lines()}
        kept = {ln.get_label().split()[0] for ln in make(frame, baseline="v0").axes[0].get_lines()}
        assert "v0" not in plain and "v0" in kept


def test_forest_plot_draws_the_comparisons_tables_cis(lexiopt):
    from lab.analysis.cell_pairs import compare_cells
    res, by = lexiopt
    c = compare_cells(res.complete_tests, by, baseline="maybe_exts")
    fig = figs.forest_plot(c, by, baseline="maybe_exts")
    assert sorted(t for ax in fig.axes if (t := ax.get_title(loc="left")))[0].startswith("session=isolated")
    drawn = set()
    for ax in fig.axes:
        for coll in ax.collections:
            for seg in coll.get_segments():
                drawn.add((round(seg[0][0], 6), round(seg[1][0], 6)))
    want = {(round(lo, 6), round(hi, 6)) for lo, hi in zip(c["ci_low"], c["ci_high"])}
    assert want <= drawn and len(want) == len(c)


def test_seed_slopegraph_and_category_differences_exist_per_condition(lexiopt):
    res, by = lexiopt
    fig = figs.seed_slopegraph(res.repeats, by)
    panels = [ax for ax in fig.axes if ax.get_title()]
    assert sorted(ax.get_title() for ax in panels) == ["session=isolated", "session=single"]
    assert {ln.get_label() for ln in panels[0].get_lines()} == {"seed 0", "seed 1", "seed 2"}
    fig = figs.category_differences(res.complete_tests, by, baseline="maybe_exts")
    titles = sorted(ax.get_title() for ax in fig.axes if ax.get_title())
    assert titles == ["session=isolated\nbaseline maybe_exts", "session=single\nbaseline maybe_exts"]


def test_a_difference_beyond_noise_only_before_holm_gets_its_equivalence_line():
    """Raw p 0.035, Holm p 0.11 over three comparisons: not beyond noise, so the TOST line stands
    beside it (it was left out when the line was decided on the raw p); the report's column says
    "no", never blank."""
    cells = {"maybe_exts": [10, 11, 12, 11, 10, 12], "a": [11, 12, 13, 12, 12, 13],
             "b": [10, 12, 11, 12, 10, 11], "c": [11, 10, 12, 10, 11, 12]}
    c = compare_cells(_tests(cells), baseline="maybe_exts").set_index("a")
    assert c.loc["a", "p_overall"] < 0.05 <= c.loc["a", "p_holm"]
    assert not c.loc["a", "significant_holm"]
    assert c.loc["a", "parts"].startswith("equivalence within ±3 points")
