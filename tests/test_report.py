"""`lab report` on a sweep made with the scripted and tool_follower models: every figure and
table, transcript links that resolve, the HTML rendered by headless Chromium; `lab show`."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.analysis.report import build_report
from lab.cli import main
from test_analysis_sweep import make_sweep

FIGURES = ["score_distribution", "category_heatmap", "position_curve", "context_curve", "score_history",
           "pass_k_curves", "field_tokens", "forest_plot", "seed_slopegraph", "category_differences"]
TABLES = ["runs", "cells", "comparisons", "per_test_effects", "categories", "pass_k", "per_test", "positions", "streaks",
          "cascades", "tool_use", "room", "outcomes", "tool_calls", "context", "context_curve", "field_tokens",
          "changes", "rounds", "findings", "tests", "reference", "reference_vs_runs"]
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return make_sweep(tmp_path_factory.getbasetemp() / "analysis-sweep")


@pytest.fixture(scope="module")
def report_dir(results, tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    res = CliRunner().invoke(main, ["report", str(results), "--out", str(out)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "6 run(s), 16 complete repeat(s)" in res.output and "report.html" in res.output
    return out


def test_every_figure_and_table_is_written(report_dir):
    for name in FIGURES:
        for ext in ("png", "svg"):
            p = report_dir / "figures" / f"{name}.{ext}"
            assert p.is_file() and p.stat().st_size > 2000, p
        assert (report_dir / "figures" / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.stem for p in (report_dir / "tables").glob("*.csv")) == sorted(TABLES)
    html = (report_dir / "report.html").read_text()
    assert html.count("data:image/svg+xml;base64,") == len(FIGURES)          # self-contained
    assert not re.search(r"<img[^>]+src=['\"](?!data:)", html)
    md = (report_dir / "report.md").read_text()
    for name in FIGURES:
        assert f"figures/{name}.png" in md


def test_report_reads_like_the_logs_tables(report_dir):
    import pandas as pd

    cells = pd.read_csv(report_dir / "tables/cells.csv")
    assert len(cells) == 6
    es = cells[(cells["vocabulary"] == "exist_similar") & (cells["model"] == "scripted")].iloc[0]
    assert es["scores"] == "65, 64, 49" and es["swing"] == 16            # one repeat collapsed
    cmp = pd.read_csv(report_dir / "tables/comparisons.csv")
    assert len(cmp) == 6 + 1 and (cmp["family"] == cmp["p_value"].notna().sum()).all()   # Holm over 7
    assert (cmp["p_holm"].dropna() >= cmp["p_value"].dropna()).all()
    assert {"mde", "effect_size", "repeats_for_5"} <= set(cmp.columns)
    streaks = pd.read_csv(report_dir / "tables/streaks.csv")
    collapsed = streaks[(streaks["vocabulary"] == "exist_similar") & (streaks["repeat"] == 2)].iloc[0]
    assert collapsed["collapse_at"] == "t46"
    md = (report_dir / "report.md").read_text()
    assert "p (Holm, 7)" in md and "Power under every comparison" in md and "### Per-test effects" in md
    for heading in ["Scores per cell", "Tool use per cell", "Source log and this lab", "Paired comparisons", "Categories",
                    "Position, streaks and cascades", "Reliability", "Outcomes",
                    "Tool calls, context and response fields", "What changed between runs",
                    "Contamination of the golden set"]:
        assert f"## {heading}" in md, heading
    assert "vocab: minimal → maybe_exts" in md
    assert "lexiopt6-1: 66/70; lexiopt6-2: 60/70; lexiopt6-3: 56/70" in md and "not run here" in md
    assert "docs/bench-notes.md" in md and "golden-queries-quoted" in md


def test_failing_and_flaky_tests_link_to_their_transcripts(report_dir):
    html = (report_dir / "report.html").read_text()
    links = set(re.findall(r'href="(transcripts/[^"#]+\.html)#([^"]+)"', html))
    assert len(links) > 50
    for page, anchor in links:
        text = (report_dir / page).read_text()
        assert f'id="{anchor}"' in text, (page, anchor)
    page = (report_dir / "transcripts").rglob("repeat-2.html")
    text = next(p for p in page if "t46" in p.read_text()).read_text()
    assert "tool path_resolve returned" in text and "candidates" in text and "tokens" in text


def test_report_of_one_run_dir_and_a_damaged_run(results, tmp_path):
    runs = tmp_path / "runs"
    shutil.copytree(results / "follower", runs, ignore=shutil.ignore_patterns(".sweeps"))
    bad = sorted(runs.iterdir())[0]
    (bad / "tests.csv").write_text("repeat,seed\n1,2\n")
    rep = build_report([runs], tmp_path / "out", reference=False)
    assert len(rep.results.runs) == 1 and len(rep.problems) == 1 and "tests.csv" in rep.problems[0]
    assert rep.html.is_file() and "Left out" in rep.markdown.read_text()
    assert "Source log and this lab" not in rep.markdown.read_text()       # reference=False
    res = CliRunner().invoke(main, ["report", str(tmp_path / "nothing"), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2


def test_lab_show_prints_one_test_readably(results):
    from lab.analysis import find_run_dirs

    run = find_run_dirs([results / "vocab-sweep"])[1]
    res = CliRunner().invoke(main, ["show", str(run), "--repeat", "1"])
    assert res.exit_code == 0 and "t46" in res.output and "outcome" in res.output
    res = CliRunner().invoke(main, ["show", run.name, "--results", str(results), "--test", "t05",
                                    "--repeat", "1"])
    assert res.exit_code == 0, res.output
    out = res.output
    for needle in ["t05", "query", "expected", "--- user", "--- assistant", "--- tool path_resolve returned",
                   '"candidates": [', "tokens = candidates", "tool calls:", "path_resolve({"]:
        assert needle in out, needle
    res = CliRunner().invoke(main, ["show", str(run), "--test", "nope"])
    assert res.exit_code == 2 and "no test 'nope'" in res.output
    res = CliRunner().invoke(main, ["show", str(run), "--repeat", "9"])
    assert res.exit_code == 2 and "repeat-0" in res.output


def _chromium(*args: str, user_data: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                           "--no-first-run", "--disable-background-networking", "--disable-component-update",
                           "--disable-sync", f"--user-data-dir={user_data}", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not CHROMIUM.exists(), reason="headless check needs /usr/bin/chromium "
                                                  "(Debian package chromium; CI installs it)")
def test_report_renders_in_headless_chromium_with_its_figures(report_dir, tmp_path):
    url = (report_dir / "report.html").resolve().as_uri()
    dom = _chromium("--virtual-time-budget=5000", "--dump-dom", url, user_data=tmp_path / "ud").stdout
    body = re.search(r"<body[^>]*>", dom)
    assert body, dom[:500]
    # set by the page's load handler: images present and decoded to a non-zero size
    assert f'data-figures="{len(FIGURES)}"' in body.group(0), body.group(0)
    assert f'data-figures-rendered="{len(FIGURES)}"' in body.group(0), body.group(0)
    assert "Scores per cell" in dom
    shot = tmp_path / "report.png"
    _chromium(f"--screenshot={shot}", "--window-size=1280,2400", "--hide-scrollbars", url,
              user_data=tmp_path / "ud")
    import numpy as np
    from PIL import Image

    img = Image.open(shot).convert("L")
    assert img.size == (1280, 2400)
    # the first screen holds the score table and the first figure: far from a blank page
    dark = int((np.asarray(img) < 200).sum())
    assert dark > 20_000, dark
    page = next((report_dir / "transcripts").rglob("*.html")).resolve().as_uri()
    dom = _chromium("--dump-dom", page, user_data=tmp_path / "ud").stdout
    assert "<details" in dom and "path_resolve" in dom


def test_a_report_written_again_removes_the_earlier_ones_leftovers_and_nothing_else(results, tmp_path):
    # a transcript page of a run no longer in the sweep, a table and a figure since renamed: a
    # report must not link or show what is not in it; a reader's own file stays
    stale = [tmp_path / "transcripts/20260101T000000Z-gone00/repeat-0.html",
             tmp_path / "tables/old_name.csv", tmp_path / "figures/old_name.png",
             tmp_path / "figures/old_name.svg"]
    for p in stale:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("left from an earlier report")
    mine = [tmp_path / "notes.md", tmp_path / "figures/drawn_by_hand.pdf"]
    for p in mine:
        p.write_text("a reader's own")
    rep = build_report([results], tmp_path, n_boot=200)
    for p in stale:
        assert not p.exists(), p
    assert not (tmp_path / "transcripts/20260101T000000Z-gone00").exists()
    for p in mine:
        assert p.read_text() == "a reader's own"
    assert rep.transcripts and all(p.is_file() for p in rep.transcripts)
    assert sorted(p.stem for p in (tmp_path / "tables").glob("*.csv")) == sorted(TABLES)
    assert sorted(p.stem for p in (tmp_path / "figures").glob("*.png")) == sorted(FIGURES)
