"""configs/experiment/: the source log's states as `# @package _global_` override files; one runs
end to end (`lab run +experiment=lexiopt6`) and the report shows it beside the reference rows."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.config import compose
from lab.paths import CONFIG_DIR
from lab.records.record import read_record, read_tests_csv

EXPERIMENTS = {"lexiopt4": "maybe_exts", "maybe_exts_removed": "minimal", "alike": "alike",
               "lexiopt6": "exist_similar", "final": "maybe_exts"}
FEATURES = ["stem_ext", "segment_overlap", "dir_ext_counts", "intent_text", "moved_from",
            "vendor_generated", "test_affinity"]


def test_the_experiment_files_are_global_packages():
    files = sorted(p.stem for p in (CONFIG_DIR / "experiment").glob("*.yaml"))
    assert files == sorted(EXPERIMENTS)
    for name in files:
        assert (CONFIG_DIR / "experiment" / f"{name}.yaml").read_text().startswith("# @package _global_")


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_each_experiment_composes(name):
    default_model = compose([]).model.name
    cfg = compose([f"+experiment={name}"])
    assert cfg.run.experiment == name
    assert cfg.vocab.name == EXPERIMENTS[name]
    assert cfg.suite.name == "tests70" and cfg.agent.session == "single"
    assert all(cfg.resolver.features[f].enabled for f in FEATURES) and cfg.resolver.semantic.enabled
    assert cfg.tools.tool_retry_with_resolve
    assert cfg.model.name == default_model                      # the model stays the default
    # the command line still wins over the experiment file
    cfg = compose([f"+experiment={name}", "model=tool_follower", "vocab=full", "run.repeats=3"])
    assert (cfg.model.name, cfg.vocab.name, cfg.run.repeats) == ("tool_follower", "full", 3)


@pytest.mark.slow     # the whole experiment: the packaged corpus materialized, indexed and encoded (156 s in CI)
@pytest.mark.long     # not in CI (docs/testing.md): the experiment configs compose and sweep in CI
def test_lab_run_reproduces_lexiopt6_and_the_report_shows_it_beside_the_log(tmp_path):
    results = tmp_path / "results"
    res = CliRunner().invoke(main, ["run", "+experiment=lexiopt6", "model=tool_follower", "run.repeats=1",
                                    f"run.results_dir={results}"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    [run] = [p for p in (results / "lexiopt6").iterdir() if p.is_dir() and not p.name.startswith(".")]
    rec = read_record(run)
    assert rec.status == "complete" and rec.experiment == "lexiopt6"
    assert rec.config["vocab"]["name"] == "exist_similar" and rec.suite["name"] == "tests70"
    assert rec.agent["session"] == "single" and len(read_tests_csv(run / "tests.csv")) == 70
    score = rec.repeats[0].score

    out = tmp_path / "report"
    res = CliRunner().invoke(main, ["report", str(results), "--out", str(out)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    import pandas as pd

    side = pd.read_csv(out / "tables/reference_vs_runs.csv").set_index(["experiment", "scope"])
    row = side.loc[("lexiopt6", "total")]
    assert row["source_log"] == "lexiopt6-1: 66/70; lexiopt6-2: 60/70; lexiopt6-3: 56/70"
    assert row["reproduced"].startswith(f"{score} /70") and row["model"] == "tool_follower"
    assert side.loc[("lexiopt6", "K"), "reproduced"].count("/6") == 1     # K per repeat beside 6-1's K=6/6
    assert side.loc[("lexiopt4", "total"), "reproduced"] == "not run here"
    md = (out / "report.md").read_text()
    assert "reference, not produced here" in md
