"""The loader: run dirs -> tidy frames, through the record readers; damaged runs left out and named."""

from __future__ import annotations

import json
import shutil

import pytest

from lab.analysis import CELL, find_run_dirs, load, load_reference
from lab.errors import InputError
from lab.records.record import read_record, write_record
from test_analysis_sweep import make_sweep


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return make_sweep(tmp_path_factory.getbasetemp() / "analysis-sweep")


def test_frames_have_one_row_per_run_repeat_test(results):
    res = load(results)
    assert res.problems == []
    assert len(res.runs) == 6 and len(res.repeats) == 4 * 3 + 2 * 2
    assert len(res.tests) == 16 * 70 and res.tests["complete"].all()
    for col in ["run_id", "run_order", "experiment", *CELL, "repeat", "test_id", "category", "position",
                "outcome", "passed", "tool_calls", "context_end", "tool_response_tokens"]:
        assert col in res.tests.columns, col
    assert set(res.tests["model"]) == {"scripted", "tool_follower"}
    assert set(res.tests["suite"]) == {"gen70"}
    # runs in start order; every frame carries it
    assert list(res.runs["run_order"]) == list(range(1, 7))
    assert res.tests.groupby("run_id")["run_order"].nunique().eq(1).all()
    # tool calls and response fields come from the transcripts
    fields = res.fields.groupby("vocabulary")["field"].unique().map(set).to_dict()
    assert fields["minimal"] == {"candidates"}
    assert fields["exist_similar"] == {"candidates", "maybe_exts", "exist_similar"}
    assert fields["alike"] == {"candidates", "maybe_exts", "alike"}
    assert len(res.calls) >= len(res.tests)
    assert set(res.findings["document"]) == {"docs/bench-notes.md"}


def test_run_dirs_sweep_dirs_and_results_folders(results):
    assert len(find_run_dirs([results])) == 6
    assert len(find_run_dirs([results / "follower"])) == 2          # a sweep folder (.sweeps skipped)
    one = find_run_dirs([results / "follower"])[0]
    assert find_run_dirs([one, one]) == [one]                          # each run once
    with pytest.raises(InputError, match="not a run directory"):
        find_run_dirs([results / "nothing-here"])
    fast = load([one], transcripts=False)
    assert len(fast.tests) == 140 and fast.calls.empty


def test_damaged_run_is_left_out_and_named(results, tmp_path):
    shutil.copytree(results / "follower", tmp_path / "follower", ignore=shutil.ignore_patterns(".sweeps"))
    bad = sorted((tmp_path / "follower").iterdir())[0]
    (bad / "run.json").write_text('{"run_id": ')
    res = load(tmp_path)
    assert len(res.runs) == 1
    [problem] = res.problems
    assert str(bad / "run.json") in problem and "corrupt run record" in problem


def test_the_fingerprint_column_is_the_records_string_and_any_other_shape_is_refused(results, tmp_path):
    """read_record refuses a fingerprint that is not a string (an object {"value": ...} included),
    so the loader only ever sees a string or None."""
    shutil.copytree(results / "follower", tmp_path / "follower", ignore=shutil.ignore_patterns(".sweeps"))
    good, bad = sorted((tmp_path / "follower").iterdir())
    fp = read_record(good).fingerprint
    assert isinstance(fp, str) and len(fp) == 64
    raw = json.loads((bad / "run.json").read_text())
    (bad / "run.json").write_text(json.dumps({**raw, "fingerprint": {"value": fp}}))
    res = load(tmp_path)
    assert list(res.runs["fingerprint"]) == [fp]
    [problem] = res.problems
    assert str(bad / "run.json") in problem and "fingerprint" in problem and "must be a string" in problem


def test_rows_of_an_unfinished_repeat_are_kept_but_not_counted(results, tmp_path):
    src = find_run_dirs([results / "vocab-sweep"])[0]
    run = tmp_path / "r" / src.name
    shutil.copytree(src, run)
    rec = read_record(run)
    rec.repeats = rec.repeats[:2]
    rec.status = "interrupted"
    write_record(run, rec)
    res = load(run)
    assert len(res.repeats) == 2 and res.runs.iloc[0]["status"] == "interrupted"
    assert (~res.tests["complete"]).sum() == 70
    assert set(res.complete_tests["repeat"]) == {0, 1}


def test_reference_table_is_marked_and_states_only_the_logs_numbers():
    ref = load_reference()
    assert ref["source"].str.contains("not produced here").all()
    got = {(r.experiment, r.run_label, r.scope, None if r.passed is None or r.passed != r.passed else int(r.passed),
            int(r.n)) for r in ref.astype(object).where(ref.notna(), None).itertuples()}
    assert got == {
        ("lexiopt4", "lexiopt4", "total", 67, 70), ("lexiopt5", "lexiopt5", "total", 61, 70),
        ("maybe_exts_removed", "revert-1", "total", 63, 70), ("maybe_exts_removed", "revert-2", "total", 52, 70),
        ("maybe_exts_removed", "revert-3", "total", 57, 70), ("final", "restored", "total", 65, 70),
        ("alike", "alike", "total", None, 70),
        ("lexiopt6", "lexiopt6-1", "total", 66, 70), ("lexiopt6", "lexiopt6-2", "total", 60, 70),
        ("lexiopt6", "lexiopt6-3", "total", 56, 70), ("lexiopt6", "lexiopt6-1", "K", 6, 6),
        ("lexiopt6", "lexiopt6-1", "L", 4, 4), ("lexiopt6", "lexiopt6-3", "G", 0, 3),
        ("tasks40", "tasks40", "total", 40, 40)}
    assert ref.loc[ref["experiment"] == "tasks40", "tool_calls"].item() == 42
    assert ref["tool_calls"].notna().sum() == 1


def test_a_damaged_transcript_keeps_the_scores_and_names_the_file(results, tmp_path):
    src = find_run_dirs([results / "follower"])[0]
    run = tmp_path / src.name
    shutil.copytree(src, run)
    t = run / "transcripts/repeat-1.jsonl"
    t.write_text(t.read_text() + '{"type": "test", "test_id": ')        # cut mid-line
    res = load(run)
    assert len(res.tests) == 140 and len(res.repeats) == 2
    assert res.calls.empty and len(res.problems) == 1 and "repeat-1.jsonl" in res.problems[0]
