"""A repeat holding a test that measured nothing about the model — a lab crash or an
infrastructure failure — is not counted by any statistic until `lab resume` runs that test again:
it was counted as a model's fail (the model-size test of issue 25 compared two arms of crashes,
0 vs 0, without a word). One definition (RunRecord.counted) for every view: load, lab diff, the
gate, history, the sweep summary."""

from __future__ import annotations

import io
import json

from click.testing import CliRunner

from lab.analysis.load import load
from lab.cli import main
from lab.comparisons.runs import compare_runs
from lab.models import ScriptedBackend
from lab.records.record import read_record
from lab.runner import run
from support.runs import MINI_IDS, Solver, scripted_cfg


def _run(tmp_path, crash_in_repeat: int | None, repeats: int = 3):
    def step(req):
        if crash_in_repeat is not None and backend.seed == crash_in_repeat and req.test.id == MINI_IDS[1]:
            raise RuntimeError("a bug in the scripted callable")       # the lab's, not the model's
        return solver(req)
    backend = ScriptedBackend(outputs=[step] * 1000)
    solver = Solver(backend)
    out = run(scripted_cfg(tmp_path, "agent.session=isolated", f"run.repeats={repeats}"),
              backend=backend, progress=False, out=io.StringIO())
    return out.run_dir


def test_a_repeat_with_a_crashed_test_is_left_out_of_every_statistic_and_named(tmp_path):
    d = _run(tmp_path / "a", crash_in_repeat=1)
    rec = read_record(d)
    assert rec.status == "failed" and len(rec.repeats) == 3          # the record keeps all three
    assert [r.repeat for r in rec.counted] == [0, 2] and rec.scores == [6, 6]
    res = load([d])
    assert sorted(res.repeats["repeat"]) == [0, 2]
    assert set(res.complete_tests["repeat"]) == {0, 2}
    assert any("repeat 1" in p and "crash 1" in p and "lab resume" in p for p in res.problems)
    clean = _run(tmp_path / "b", crash_in_repeat=None)
    c = compare_runs(clean, d).comparison
    assert (c.repeats_base, c.repeats_cand) == (3, 2) and c.mean_cand == 6


def test_lab_diff_json_counts_only_measured_repeats(tmp_path):
    d = _run(tmp_path / "a", crash_in_repeat=0, repeats=2)
    clean = _run(tmp_path / "b", crash_in_repeat=None, repeats=2)
    out = CliRunner().invoke(main, ["diff", str(clean), str(d), "--format", "json"])
    assert out.exit_code in (0, 2), out.output
    j = json.loads(out.output)
    assert j["cand"]["scores"] == [6] and j["comparison"]["repeats_cand"] == 1


def test_lab_diff_text_marks_the_left_out_repeat_and_says_how_to_fix_it(tmp_path):
    d = _run(tmp_path / "a", crash_in_repeat=1, repeats=2)
    clean = _run(tmp_path / "b", crash_in_repeat=None, repeats=2)
    out = CliRunner().invoke(main, ["diff", str(clean), str(d)])
    assert "     1      6/6     5/6*" in out.output
    assert (f"* cand: left out of the comparison, tests that measured nothing about the model: "
            f"repeat 1 (crash 1); `lab resume {d}` runs them again") in out.output


def test_the_sweep_summary_counts_outcomes_of_the_repeats_it_scores_and_names_the_rest(tmp_path):
    from lab.sweeps.cells import CellEntry
    from lab.sweeps.summary import SweepSummaryResult, cell_row, format_summary

    d = _run(tmp_path / "a", crash_in_repeat=1)
    entry = CellEntry(cell="00_cell", num=0, overrides=["vocab=x"], swept="vocab=x",
                      status="complete", action="new", run_dir=str(d))
    row = cell_row(tmp_path, entry)
    assert row["scores"] == [6, 6] and row["repeats"] == 2
    assert {k: v for k, v in row["outcomes"].items() if v} == {"pass": 12}   # not the crashed repeat's
    assert row["left_out"] == "repeat 1 (crash 1)" and row["status"] == "failed"
    text = format_summary(SweepSummaryResult(sweep_dir=tmp_path, cells=[row], failed=[row], text=""))
    assert "| vocab=x | failed | 6 | 2 | 6, 6 |" in text and "- `vocab=x`: repeat 1 (crash 1)" in text
