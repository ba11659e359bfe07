"""Data in one line: the run's axes on every tests.csv row, `lab export` to one tidy table,
the run summary as JSON, and optional MLflow tracking (local file store)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.config import compose
from lab.runner import run
from lab.records.record import read_record, read_tests_csv
from lab.records.recovery import recover
from lab.records.test_files import PRE_RUN_COLUMNS, RUN_COLUMNS, TEST_COLUMNS, csv_header, csv_row
from support.runs import MINI_IDS, follower_args

@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    results = tmp_path_factory.mktemp("results")
    outs = [run(compose(follower_args(results, "run.repeats=2", f"vocab={v}")), out=io.StringIO(),
                progress=False) for v in ("minimal", "maybe_exts")]
    return results, outs


def test_every_row_carries_the_runs_axes(two_runs):
    _, outs = two_runs
    for out in outs:
        path = out.run_dir / "tests.csv"
        assert path.read_text().splitlines()[0] == ",".join(TEST_COLUMNS)
        assert TEST_COLUMNS[0] == "repeat" and set(RUN_COLUMNS) <= set(TEST_COLUMNS)
        rows = read_tests_csv(path)
        assert len(rows) == 2 * len(MINI_IDS) and {r.repeat for r in rows} == {0, 1}
        for r in rows:
            assert r.run_id == out.record.run_id and r.experiment == "default"
            assert r.model == "tool_follower" and r.suite == out.record.suite["name"]
            assert r.prompt and r.prompt != "?"
        assert {r.vocabulary for r in rows} == {out.record.config["vocab"]["name"]}


def test_older_tests_csv_is_read_and_upgraded_by_resume(two_runs, tmp_path):
    import shutil
    _, outs = two_runs
    d = tmp_path / "old"
    shutil.copytree(outs[0].run_dir, d)
    rows = read_tests_csv(d / "tests.csv")
    (d / "tests.csv").write_text(csv_header(PRE_RUN_COLUMNS) + "".join(csv_row(r, PRE_RUN_COLUMNS) for r in rows))
    old = read_tests_csv(d / "tests.csv")                     # readable: the axes blank
    assert len(old) == len(rows) and {r.run_id for r in old} == {""}
    from lab.analysis import load
    t = load(d).tests                                          # the loader fills them from the record
    assert set(t["run_id"]) == {outs[0].record.run_id} and set(t["vocabulary"]) == {"minimal"}
    rec = read_record(d)
    recover(d, rec, [SimpleNamespace(id=i) for i in MINI_IDS], "single")
    assert (d / "tests.csv").read_text().splitlines()[0] == ",".join(TEST_COLUMNS)
    assert read_tests_csv(d / "tests.csv") == rows


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_lab_export_writes_one_tidy_table(two_runs, tmp_path, fmt):
    results, outs = two_runs
    out = tmp_path / f"all.{fmt}"
    r = CliRunner().invoke(main, ["export", str(results), "--format", fmt, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"{4 * len(MINI_IDS)} rows from 2 run(s)" in r.output
    df = pd.read_parquet(out) if fmt == "parquet" else pd.read_csv(out)
    assert len(df) == 4 * len(MINI_IDS)
    for col in ["run_id", "experiment", "vocabulary", "model", "suite", "prompt", "repeat", "test_id",
                "outcome", "passed", "fingerprint", "status", "session", "complete"]:
        assert col in df.columns, col
    assert df.groupby("vocabulary")["run_id"].nunique().to_dict() == {"maybe_exts": 1, "minimal": 1}
    assert set(df["run_id"]) == {o.record.run_id for o in outs}
    # the vocabulary's settings and the git revision as columns (issue 26)
    for o in outs:
        rows = df[df["run_id"] == o.record.run_id]
        assert set(rows["git_revision"]) == {(o.record.git or {}).get("revision")}
        assert set(rows["vocab.name"]) == {o.record.config["vocab"]["name"]}
    presence = df.groupby("vocabulary")["vocab.maybe_exts.presence"].first().to_dict()
    assert presence["minimal"] != presence["maybe_exts"]


def test_the_readme_one_liner(two_runs):
    from lab.analysis import load
    results, _ = two_runs
    t = load(results).tests
    assert {"run_id", "vocabulary", "model", "suite", "prompt", "repeat"} <= set(t.columns)


def test_run_summary_as_json(tmp_path):
    buf = io.StringIO()
    out = run(compose(follower_args(tmp_path, "run.repeats=2", "run.summary=json")), out=buf,
              progress=False)
    doc = json.loads(buf.getvalue())
    assert doc["run_id"] == out.record.run_id and doc["status"] == "complete"
    assert doc["scores"] == [r.score for r in out.record.repeats] and doc["n"] == len(MINI_IDS)
    assert doc["repeats"][1]["repeat"] == 1 and "by_category" in doc["repeats"][0]
    assert doc["findings"] == [] and doc["vocabulary"] == "maybe_exts"    # the default


def test_unknown_tracker_is_a_config_error(tmp_path):
    from lab.errors import InputError
    with pytest.raises(InputError, match="run.track"):
        run(compose(follower_args(tmp_path, "run.track=wandb")), out=io.StringIO(), progress=False)


def test_mlflow_tracking_to_a_local_file_store(tmp_path, monkeypatch):
    mlflow = pytest.importorskip("mlflow", reason="mlflow is the optional extra vocab-lab[track] "
                                 "(scripts/install.sh installs it)")
    store = (tmp_path / "mlruns").as_uri()
    out = run(compose(follower_args(tmp_path, "run.repeats=2", "run.track=mlflow",
                                    f"run.track_uri={store}")), out=io.StringIO(), progress=False)
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    client = mlflow.MlflowClient(tracking_uri=store)
    (exp,) = [e for e in client.search_experiments() if e.name == "default"]
    (mr,) = client.search_runs([exp.experiment_id])
    rec = out.record
    assert mr.info.run_name == rec.run_id and mr.info.status == "FINISHED"
    p = mr.data.params
    assert p["fingerprint"] == rec.fingerprint and p["run_id"] == rec.run_id
    assert any(k.startswith("vocab.") for k in p) and any(k.startswith("model.") for k in p)
    assert len([k for k in p if "." in k]) >= 10              # the inputs, flattened
    hist = client.get_metric_history(mr.info.run_id, "score")
    assert sorted((m.step, m.value) for m in hist) == [(r.repeat, r.score) for r in rec.repeats]
    assert mr.data.metrics["score_mean"] == sum(r.score for r in rec.repeats) / 2
    assert mr.data.tags["vocabulary"] == "maybe_exts" and mr.data.tags["model"] == "tool_follower"


def test_from_a_sweep_to_one_parquet_in_one_command(tmp_path):
    """`lab run -m ...` then `lab export <sweep folder>`: one table, every cell's rows."""
    runner = CliRunner()
    r = runner.invoke(main, ["run", "-m", *follower_args(tmp_path / "results"), "vocab=minimal,alike"],
                      catch_exceptions=False)
    assert r.exit_code == 0, r.output
    (sweep,) = (tmp_path / "results" / "default" / ".sweeps").iterdir()
    out = tmp_path / "sweep.parquet"
    r = runner.invoke(main, ["export", str(sweep), "--out", str(out)])
    assert r.exit_code == 0, r.output
    df = pd.read_parquet(out)
    assert sorted(df["vocabulary"].unique()) == ["alike", "minimal"] and len(df) == 2 * len(MINI_IDS)
