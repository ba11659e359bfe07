"""Issue 26: no view that can mislead — one cell definition (lab/records/cells.py) for every
view, one verdict per condition against a named baseline, n/a for what one repeat cannot say, a
"beyond noise" that is never blank. Most tests read the committed findings runs."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
LEXIOPT = REPO / "docs" / "findings" / "qwen2.5-coder-1.5b-lexiopt" / "runs"


@pytest.fixture(scope="module")
def lexiopt():
    from lab.analysis import cell_axes, load
    from lab.analysis import cell_pairs as compare, frame_stats as stats

    if not LEXIOPT.is_dir():
        pytest.skip("no committed lexiopt runs")
    res = load(LEXIOPT, transcripts=False)
    by = cell_axes(res.runs)
    cells = stats.cell_scores(res.repeats, by, n_boot=1000)
    return res, by, cells, compare


# -- one cell definition ----------------------------------------------------------------------------

def test_a_cell_key_has_every_axis_and_names_what_differs(lexiopt):
    from lab.records.cells import AXES, CellKey, cell_by, cell_key, cell_keys, differing_axes

    res, by, _, _ = lexiopt
    assert AXES == ("session", "tool_choice", "forced_tool", "prompt", "resolver", "model", "suite",
                    "vocabulary")
    keys = cell_keys(res.runs)
    assert all(isinstance(k, CellKey) for k in keys)
    assert keys.nunique() == len(res.runs)          # every findings run is a cell of its own
    rec = res.records[res.runs["run_id"].iloc[0]]
    assert cell_key(rec) == keys.iloc[0]            # a record and its frame row: one key
    single = res.runs[(res.runs["session"] == "single") & (res.runs["vocabulary"] == "alike")].iloc[0]
    iso = res.runs[(res.runs["session"] == "isolated") & (res.runs["vocabulary"] == "maybe_exts")
                   & (res.runs["tool_choice"] == "first") & (res.runs["prompt"] == "default")].iloc[0]
    assert differing_axes(single, iso) == ["session", "vocabulary"]
    assert cell_key(single).label(["session", "vocabulary"]) == "session=single vocabulary=alike"
    assert "session" in cell_by(res.runs) and "tool_choice" in cell_by(res.runs)
    with pytest.raises(KeyError, match="every axis"):
        cell_key({"vocabulary": "alike"})


def test_default_grouping_never_pools_session_modes(lexiopt):
    """stats and compare with no `by` once grouped by vocabulary x model x suite: the variance
    notebook pooled isolated, single-session and unforced runs into one 'maybe_exts' cell."""
    from lab.analysis import frame_stats as stats

    res, by, cells, compare = lexiopt
    default = stats.cell_scores(res.repeats, n_boot=1000)
    assert len(default) == len(cells) == len(res.runs)
    cmp = compare.compare_cells(res.complete_tests)
    assert len(cmp) and set(cmp["session"]) == {"isolated", "single"}
    for _, r in cmp.iterrows():     # each pair inside one condition: its two cells' own means
        for side in ("a", "b"):
            cell = cells[(cells["vocabulary"] == r[side]) & (cells["session"] == r["session"])
                         & (cells["tool_choice"] == r["tool_choice"]) & (cells["prompt"] == r["prompt"])]
            assert len(cell) == 1


# -- the report's headline ----------------------------------------------------------------------------

def test_one_verdict_per_condition_against_the_named_baseline(lexiopt):
    from lab.analysis.verdict import parse_baseline, verdicts

    res, by, cells, compare = lexiopt
    base = parse_baseline("vocabulary=maybe_exts", res.runs)
    assert base == parse_baseline("maybe_exts", res.runs) == "maybe_exts"
    cmp = compare.compare_cells(res.complete_tests, by, baseline=base)
    assert set(cmp["b"]) == {"maybe_exts"}
    vs = dict(verdicts(cmp, cells, by, baseline=base))
    iso = next(t for k, t in vs.items() if "session=isolated" in k and "tool_choice=first" in k
               and "prompt=default" in k)
    single = next(t for k, t in vs.items() if "session=single" in k and "tool_choice=first" in k)
    assert "against the baseline maybe_exts" in iso and "against the baseline maybe_exts" in single
    # the isolated result is in the headline, not only the single-session pair's
    assert "with 3 repeats" in iso
    unforced = [t for k, t in vs.items() if "tool_choice=auto" in k]
    assert unforced and all(t.startswith("no vocabulary=maybe_exts") or t.startswith("one variant")
                            for t in unforced)
    with pytest.raises(ValueError, match="did you mean vocabulary=maybe_exts"):
        parse_baseline("maybe_ext", res.runs)


def test_report_baseline_typo_is_exit_2(lexiopt, tmp_path):
    from lab.cli import main

    r = CliRunner().invoke(main, ["report", str(LEXIOPT), "--out", str(tmp_path / "r"),
                                  "--baseline", "maybe_ext"])
    assert r.exit_code == 2 and "did you mean vocabulary=maybe_exts" in r.output


def test_comparison_table_has_one_session_column(lexiopt):
    from lab.analysis.render import Table
    from lab.analysis.report import comparison_blocks

    res, by, cells, compare = lexiopt
    cmp = compare.compare_cells(res.complete_tests, by)
    table = next(b for b in comparison_blocks(cmp, pd.DataFrame(), by, 0.95) if isinstance(b, Table))
    heads = [h for h, _ in table.cols]
    assert heads.count("session") == 1


# -- one repeat: n/a; "beyond noise": never blank -------------------------------------------------------

def test_sweep_summary_says_no_and_na():
    from lab.sweeps.summary import SweepSummaryResult, format_summary

    cells = [{"cell": "a", "swept": "vocab=a", "status": "complete", "n": 70, "repeats": 1,
              "scores": [50], "mean": 50.0, "swing": 0, "ci_low": 50.0, "ci_high": 50.0},
             {"cell": "b", "swept": "vocab=b", "status": "complete", "n": 70, "repeats": 3,
              "scores": [50, 52, 55], "mean": 52.3, "swing": 5, "ci_low": 50.0, "ci_high": 55.0}]
    import numpy as np
    from lab.stats import compare_arms

    rng = np.random.default_rng(0)
    c = compare_arms(rng.integers(0, 2, (3, 20)).astype(float), rng.integers(0, 2, (3, 20)).astype(float),
                     session="isolated")
    comp = {"base": "vocab=a", "cand": "vocab=b", **c.to_dict(), "p_holm": 0.4, "family": 1}
    text = format_summary(SweepSummaryResult(Path("/tmp/s"), cells, [], "", comparisons=[comp]))
    assert "| vocab=a | complete | 70 | 1 | 50 | 50.0 | 0 | n/a (1 repeat) |" in text
    assert "0.0–0.0" not in text and "[50.0, 50.0]" not in text
    row = next(x for x in text.splitlines() if x.startswith("| vocab=a | vocab=b |"))
    assert row.split("|")[9].strip() == "no"
