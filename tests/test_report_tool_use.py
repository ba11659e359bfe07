"""`lab report`: tool use per cell (forced calls never pass for the model's choice), copy cascades
beside the collapse points, and cells kept apart by tool_choice — on runs written by `lab.runner.run`
with the scripted model over tests/data/minirepo and its six-test mini suite."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from lab.analysis import CELL, cell_axes, load
from lab.analysis.report import build_report
from lab.analysis.tool_use import FORCED_NA

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"
COPIED = "services/billing/invoice_test.go"          # mini-01's file, given again to mini-02..06


def _call(req) -> str:
    from lab.models.textcalls import hermes_call_text
    return hermes_call_text("path_resolve", {"query": req.test.query})


def _answer(req) -> str:
    return f"ANSWER: {req.test.expected[0].split('#')[0]}"


class AutoModel:
    """Calls a tool by itself in 4 of 6 tests in repeat 0, in 2 of 6 in repeat 1 (rate 50%)."""

    def __init__(self) -> None:
        self.starts: Counter = Counter()

    def __call__(self, req):
        if req.messages[-1].role == "tool":
            return _answer(req)
        self.starts[req.test.id] += 1
        calls = ({"mini-01", "mini-02", "mini-03", "mini-04"} if self.starts[req.test.id] == 1
                 else {"mini-01", "mini-02"})
        return _call(req) if req.test.id in calls else _answer(req)


def forced_model(req):
    """Never calls a tool by itself: the forced first turn is its only call."""
    return _call(req) if req.force_tool_call else _answer(req)


def copying_model(req):
    """Forced first call, then always mini-01's answer: a copy cascade from mini-02 on."""
    return _call(req) if req.force_tool_call else f"ANSWER: {COPIED}"


def _run(results: Path, vocab: str, behaviour, repeats: int, *extra: str) -> Path:
    from lab.config import compose
    from lab.models import ScriptedBackend
    from lab.runner import run

    cfg = compose([f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
                   f"run.results_dir={results}", "resolver.semantic.enabled=false", "run.progress=false",
                   "run.experiment=tool-use", f"vocab={vocab}", f"run.repeats={repeats}", *extra])
    backend = ScriptedBackend({"name": "scripted"}, outputs=[behaviour] * 200)
    with open("/dev/null", "w") as devnull:
        return Path(run(cfg, backend=backend, progress=False, out=devnull).run_dir)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    results = tmp_path_factory.mktemp("tool-use-results")
    return {"auto": _run(results / "a", "minimal", AutoModel(), 2, "agent.tool_choice=auto",
                         "agent.forced_tool=null"),
            "first": _run(results / "b", "minimal", forced_model, 1, "agent.tool_choice=first",
                          "agent.forced_tool=null"),
            "copy": _run(results / "c", "maybe_exts", copying_model, 1, "agent.tool_choice=first",
                         "agent.forced_tool=path_resolve")}


@pytest.fixture(scope="module")
def report(runs, tmp_path_factory):
    return build_report(list(runs.values()), tmp_path_factory.mktemp("tool-use-report"), reference=False,
                        n_boot=200)


def _csv(report, name: str) -> pd.DataFrame:
    return pd.read_csv(report.out_dir / "tables" / f"{name}.csv", keep_default_na=False, na_values=[""])


def test_cells_that_differ_in_tool_choice_are_not_merged(report):
    assert report.by == [*CELL, "tool_choice", "forced_tool"]     # session and prompt do not vary
    cells = _csv(report, "cells")
    assert sorted(zip(cells["vocabulary"], cells["tool_choice"], cells["forced_tool"], cells["scores"])) == [
        ("maybe_exts", "first", "path_resolve", "1"), ("minimal", "auto", "–", "6, 6"),
        ("minimal", "first", "any", "6")]
    md = report.markdown.read_text()
    assert "3 cell(s) (vocabulary × model × suite × tool_choice × forced_tool)" in md


def test_tool_use_per_cell_and_the_forced_cell_shows_the_auto_cells_rate(report):
    tu = _csv(report, "tool_use").set_index("cell")
    assert sorted(tu.index) == ["maybe_exts · first · path_resolve", "minimal · auto · –", "minimal · first · any"]
    auto, first, alone = tu.loc["minimal · auto · –"], tu.loc["minimal · first · any"], tu.loc["maybe_exts · first · path_resolve"]
    # auto: (4/6 + 2/6) / 2, the model's own calls, nothing forced
    assert auto["tool_choice"] == "auto" and auto["unforced_rate"] == pytest.approx(0.5)
    assert auto["unforced_rate_text"] == "50%" and auto["unforced_rate_from"] == "this cell"
    assert (auto["tests"], auto["tests_first_forced"], auto["forced_calls"], auto["unforced_calls"]) == (12, 0, 0, 6)
    assert auto["unforced_calls_per_repeat"] == 3 and auto["call_forms"] == "tool_call_tags 6"
    # forced: its own share of unforced calls is 0 — shown is the auto cell's rate, said so
    assert first["tool_choice"] == "first" and first["unforced_rate"] == pytest.approx(0.5)
    assert first["unforced_rate_text"] == "50% (auto cell minimal · auto · –)"
    assert (first["tests_first_forced"], first["forced_calls"], first["unforced_calls"]) == (6, 6, 0)
    # forced with no auto run loaded: n/a, never 0% or 100%
    assert alone["unforced_rate_text"] == FORCED_NA and pd.isna(alone["unforced_rate"])
    assert alone["unforced_rate_from"] == FORCED_NA
    md = report.markdown.read_text()
    section = md.split("## Tool use per cell", 1)[1].split("\n## ", 1)[0]
    assert "A forced call is not the model's choice" in section
    row = next(line for line in section.splitlines() if line.startswith("| maybe_exts · first · path_resolve"))
    assert FORCED_NA in row and "0%" not in row and "100%" not in row and "6/6" in row
    row = next(line for line in section.splitlines() if line.startswith("| minimal · first · any"))
    assert "50% (auto cell minimal · auto · –)" in row and "0%" not in row.replace("50%", "")
    assert "(table: `tables/tool_use.csv`)" in section
    assert "Tool use per cell" in report.html.read_text()


def test_a_flagged_cascade_is_listed_beside_the_collapse_points_with_its_transcript(report, runs):
    cas = _csv(report, "cascades")
    assert len(cas) == 1
    c = cas.iloc[0]
    run_id = json.loads((runs["copy"] / "run.json").read_text())["run_id"]
    assert (c["run_id"], c["repeat"], c["cell"]) == (run_id, 0, "maybe_exts · first · path_resolve")
    assert (c["copies"], c["first_test"], c["source_test"]) == (5, "mini-02", "mini-01")
    assert (c["longest_streak"], c["streak_start"], c["answer"], bool(c["flagged"])) == (5, "mini-02", COPIED, True)
    assert bool(c["collapsed"])           # 5 in a row: the comparison's collapse, said as such
    md = report.markdown.read_text()
    section = md.split("## Position, streaks and cascades", 1)[1].split("\n## ", 1)[0]
    assert section.index("(table: `tables/streaks.csv`)") < section.index("### Copy cascades")
    link = f"transcripts/{run_id}/repeat-0.html#mini-02"
    assert f"[mini-02]({link})" in section and "5 from mini-02" in section and COPIED in section
    assert "| collapsed (5+ in a row) |" in section
    html = report.html.read_text()
    assert f'href="{link}"' in html
    page = (report.out_dir / link.split("#")[0]).read_text()
    assert 'id="mini-02"' in page


def test_no_copies_is_one_line_and_a_lone_forced_run_has_no_rate(runs, tmp_path):
    rep = build_report([runs["first"]], tmp_path / "out", reference=False, n_boot=200)
    md = rep.markdown.read_text()
    assert "No repeat gave an earlier test's answer to a later, unrelated test." in md
    assert not (rep.out_dir / "tables/cascades.csv").read_text().strip().count("\n")   # header only
    tu = pd.read_csv(rep.out_dir / "tables/tool_use.csv")
    assert list(tu["unforced_rate_text"]) == [FORCED_NA] and rep.by == CELL


def test_records_without_tool_use_or_cascade_get_them_from_their_rows(runs, tmp_path):
    import shutil
    old = tmp_path / "old"
    shutil.copytree(runs["copy"], old)
    rec = json.loads((old / "run.json").read_text())
    for r in rec["repeats"]:
        r["tool_use"], r["cascade"] = {}, {}
    (old / "run.json").write_text(json.dumps(rec))
    a, b = (load(d, transcripts=False).repeats.iloc[0] for d in (runs["copy"], old))
    for col in ["tool_tests", "tests_first_forced", "tests_with_unforced_call", "forced_calls",
                "unforced_calls", "call_forms", "cascade_copies", "cascade_first_test",
                "cascade_longest_streak", "cascade_answer", "cascade_flagged"]:
        assert a[col] == b[col], col
    assert b["cascade_copies"] == 5 and b["tests_first_forced"] == 6


def test_a_cascade_is_recomputed_from_the_rows_by_todays_definition_not_read_from_the_record(runs, tmp_path):
    import shutil
    old = tmp_path / "old"
    shutil.copytree(runs["copy"], old)
    rec = json.loads((old / "run.json").read_text())
    kept = rec["repeats"][0]["cascade"]
    rec["repeats"][0]["cascade"] = {**kept, "longest_streak": 1, "streak_start": "mini-06"}
    (old / "run.json").write_text(json.dumps(rec))
    b = load(old, transcripts=False).repeats.iloc[0]
    assert (b["cascade_longest_streak"], b["cascade_streak_start"]) == (kept["longest_streak"], kept["streak_start"])
    assert b["collapsed"] == (kept["longest_streak"] >= 5)
    header = (old / "tests.csv").read_text().splitlines()[0]
    (old / "tests.csv").write_text(header + "\n")     # rows lost: the record's own is all there is
    b = load(old, transcripts=False).repeats.iloc[0]
    assert (b["cascade_longest_streak"], b["cascade_streak_start"]) == (1, "mini-06")


def test_cell_axes_adds_only_the_conditions_that_vary():
    runs = pd.DataFrame({"vocabulary": ["a", "b"], "model": "m", "suite": "s", "session": "single",
                         "tool_choice": "auto", "prompt": "default"})
    assert cell_axes(runs) == CELL
    runs["session"] = ["single", "isolated"]
    runs["prompt"] = ["default", "worked_example"]
    assert cell_axes(runs) == [*CELL, "session", "prompt"]
    assert cell_axes(runs, [*CELL, "session"]) == [*CELL, "session", "prompt"]


def test_the_report_links_only_pages_it_wrote(report):
    html = report.html.read_text()
    for page, anchor in set(re.findall(r'href="(transcripts/[^"#]+\.html)#([^"]+)"', html)):
        assert f'id="{anchor}"' in (report.out_dir / page).read_text(), (page, anchor)


def test_the_summary_calls_a_repeated_answer_in_isolated_tests_no_copy_cascade(runs, tmp_path):
    from lab.records.record import read_record
    from lab.runner.run_summary import format_summary

    single = format_summary(read_record(runs["copy"]))
    assert "COPY CASCADE repeat 0: 5 tests" in single
    # issue 22: a collapse at the first answer is the summary's first line, not its middle
    assert single.splitlines()[0].startswith("COLLAPSED at mini-01 (its first answer) in repeat 0 ")
    assert "copied into 5 tests in a row from mini-02" in single.splitlines()[0]
    # a flagged cascade is a collapse only with a streak of COLLAPSE_STREAK: scattered copies are
    # the COPY CASCADE line alone (the summary counts by the comparison's and the findings' rule)
    scattered = read_record(runs["copy"])
    scattered.repeats[0].cascade.update(longest_streak=2, streak_start="mini-03")
    text = format_summary(scattered)
    assert "COLLAPSED" not in text and "COPY CASCADE repeat 0: 5 tests" in text
    streak_later = read_record(runs["copy"])
    streak_later.repeats[0].cascade.update(first_test="mini-02", streak_start="mini-03")
    assert format_summary(streak_later).startswith("COLLAPSED from mini-03 in repeat 0 ")
    iso_dir = _run(tmp_path / "iso", "maybe_exts", copying_model, 1, "agent.tool_choice=first",
                   "agent.forced_tool=path_resolve", "agent.session=isolated")
    iso = format_summary(read_record(iso_dir))
    assert "COPY CASCADE" not in iso and "COLLAPSED" not in iso
    assert "REPEATED ANSWER (isolated tests: not a copy from memory" in iso and "5 tests" in iso


def test_a_placeholder_echo_is_a_template_tag_where_a_path_belongs():
    from lab.records.cascade import is_placeholder_echo, placeholder_echoes
    assert is_placeholder_echo("<path>") and is_placeholder_echo("<tool_response>")
    assert is_placeholder_echo("src/<path>/x.go")
    for fine in ("services/ledger/main.go", "Makefile", "path", "a < b > c", None, ""):
        assert not is_placeholder_echo(fine), fine

    class R:
        def __init__(self, a):
            self.answer = a
    assert placeholder_echoes([R("<path>"), R("x.go"), R(None), R("<tool_response>")]) == 2
