"""`lab run` (Hydra entry point) and `run(cfg)`: run directory layout, repeats and seeds, sweeps,
findings in the summary and the record, inputs refused before any model call; record readers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.errors import InputError
from lab.records.record import (RunRecord, TestsCsv, TestRow, read_record, read_tests_csv,
                             read_transcript)

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def base_args(results: Path) -> list[str]:
    return ["model=tool_follower", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
            f"prompt.file={TEMPLATES}", f"run.results_dir={results}", "resolver.semantic.enabled=false"]


def lab_run(*args: str):
    return CliRunner().invoke(main, ["run", *args], catch_exceptions=False)


def run_dirs(results: Path, experiment: str = "default") -> list[Path]:
    d = results / experiment
    return sorted(p for p in d.iterdir() if p.is_dir() and not p.name.startswith(".")) if d.is_dir() else []


def test_lab_run_writes_record_table_and_transcripts_per_repeat(tmp_path):
    res = lab_run(*base_args(tmp_path), "run.repeats=2", "run.seed=7", "run.experiment=cli")
    assert res.exit_code == 0, res.output
    assert "score" in res.output and "6/6" in res.output and "findings: none" in res.output
    [d] = run_dirs(tmp_path, "cli")
    rec = read_record(d)
    assert rec.status == "complete" and rec.experiment == "cli"
    assert [(r.repeat, r.seed, r.score) for r in rec.repeats] == [(0, 7, 6), (1, 8, 6)]
    assert rec.model["backend"] == "tool_follower" and rec.config["vocab"]["name"] == "maybe_exts"
    assert rec.versions["python"] and rec.templates["answer_format"] == "ANSWER: <path>"
    rows = read_tests_csv(d / "tests.csv")
    assert [(r.repeat, r.seed) for r in rows] == [(0, 7)] * 6 + [(1, 8)] * 6
    for k in (0, 1):
        header, tests = read_transcript(d / f"transcripts/repeat-{k}.jsonl")
        assert header["seed"] == 7 + k and len(tests) == 6
    assert not (tmp_path / "outputs").exists() and not Path("outputs").exists()


def test_lab_run_sweeps_with_m(tmp_path):
    res = lab_run("-m", *base_args(tmp_path), "vocab=minimal,maybe_exts", "run.experiment=sweep")
    assert res.exit_code == 0, res.output
    dirs = run_dirs(tmp_path, "sweep")
    assert len(dirs) == 2
    assert sorted(read_record(d).config["vocab"]["name"] for d in dirs) == ["maybe_exts", "minimal"]
    sweeps = list((tmp_path / "sweep/.sweeps").iterdir())
    assert len(sweeps) == 1 and (sweeps[0] / "multirun.yaml").is_file()


def test_bad_inputs_stop_before_any_model_call_with_exit_2(tmp_path):
    res = CliRunner().invoke(main, ["run", *base_args(tmp_path), "agent.session=shared"])
    assert res.exit_code == 2 and "agent.session" in res.output
    res = CliRunner().invoke(main, ["run", *base_args(tmp_path), f"prompt.file={tmp_path}/none.yaml"])
    assert res.exit_code == 2 and "none.yaml" in res.output
    res = CliRunner().invoke(main, ["run", *base_args(tmp_path), "tools=filesystem"])
    assert res.exit_code == 2 and "needs the tool path_resolve" in res.output
    res = CliRunner().invoke(main, ["run", *base_args(tmp_path), "run.repeats=0"])
    assert res.exit_code == 2 and "run.repeats" in res.output
    assert run_dirs(tmp_path) == []


def test_findings_are_in_the_summary_and_the_record_and_change_no_exit_code(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(MINIREPO, corpus)
    (corpus / "docs/bench-notes.md").write_text(
        "# Benchmark notes\n\nWe ask: terraform module for the fargate cluster and also "
        "where do we check webhook signatures, every run.\n")
    res = lab_run(*base_args(tmp_path), f"corpus.root={corpus}")
    assert res.exit_code == 0, res.output
    assert "findings (1):" in res.output and "golden-queries-quoted: docs/bench-notes.md" in res.output
    [d] = run_dirs(tmp_path)
    [f] = read_record(d).findings
    assert f["code"] == "golden-queries-quoted" and len(f["queries"]) == 2


def test_suite_limit_runs_the_first_tests(tmp_path):
    res = lab_run(*base_args(tmp_path), "suite.limit=2")
    assert res.exit_code == 0, res.output
    [d] = run_dirs(tmp_path)
    assert [r.test_id for r in read_tests_csv(d / "tests.csv")] == ["mini-01", "mini-02"]


def test_isolated_mode_through_the_cli(tmp_path):
    res = lab_run(*base_args(tmp_path), "agent.session=isolated")
    assert res.exit_code == 0, res.output
    [d] = run_dirs(tmp_path)
    rows = read_tests_csv(d / "tests.csv")
    assert len({r.context_start for r in rows}) == 1            # every test starts from the system prompt
    assert read_record(d).agent["session"] == "isolated"


# -- the readers refuse damaged files, naming them -------------------------------------------------

def test_corrupt_run_json_is_an_error_naming_the_file(tmp_path):
    (tmp_path / "run.json").write_text('{"run_id": "x", ')
    with pytest.raises(InputError, match=r"run\.json.*corrupt run record"):
        read_record(tmp_path)
    (tmp_path / "run.json").write_text(json.dumps({"run_id": "x"}))
    with pytest.raises(InputError, match=r"run\.json.*key 'experiment'"):
        read_record(tmp_path)
    with pytest.raises(InputError, match="cannot read"):
        read_record(tmp_path / "missing")


def test_truncated_tests_csv_is_an_error_naming_file_and_line(tmp_path):
    from lab.records.results import TestResult

    path = tmp_path / "tests.csv"
    t = TestsCsv(path)
    r = TestResult(test_id="a", index=1, position=1, category="A", query="q", expected=["x"],
                   outcome="pass", passed=True, answer="x")
    t.append(TestRow.of(0, 0, r))
    assert read_tests_csv(path)[0] == TestRow.of(0, 0, r)
    text = path.read_text()
    path.write_text(text + text.splitlines()[1][:20] + "\n")
    with pytest.raises(InputError, match=r"tests\.csv:3.*corrupt"):
        read_tests_csv(path)


def test_run_record_round_trips(tmp_path):
    from lab.records.record import RepeatSummary, write_record

    rec = RunRecord(run_id="r", experiment="e", status="complete", started_at="t0", ended_at="t1",
                    config={"a": 1}, model={"name": "m"}, suite={"name": "s", "tests": 1}, corpus={},
                    agent={"session": "single"}, templates={},
                    repeats=[RepeatSummary(repeat=0, seed=0, n=1, score=1, outcomes={"pass": 1},
                                           by_category={}, infrastructure={}, wall_s=1.0,
                                           prompt_tokens=10, cached_tokens=5, completion_tokens=2,
                                           cache_reuse=0.5, cache_reuse_between_evictions=0.5,
                                           generation_tps=None)])
    write_record(tmp_path, rec)
    assert read_record(tmp_path) == rec


def test_hydra_flags_pass_through():
    from lab.cli.run import hydra_argv

    res = CliRunner().invoke(main, ["run", "--cfg", "job", "model=tool_follower"])
    assert res.exit_code == 0 and "name: tool_follower" in res.output
    argv = hydra_argv(["-m", "vocab=a,b", "hydra.run.dir=mine"])
    assert argv[0] == "-m" and "hydra.run.dir=mine" in argv and "hydra.run.dir=." not in argv
    assert argv.index("hydra/job_logging=none") < argv.index("vocab=a,b")


@pytest.mark.skipif(not (REPO / "prompts/tasks40_baseline.yaml").is_file(), reason="suite not there yet")
def test_tasks40_baseline_runs_with_the_filesystem_tools(tmp_path):
    from lab.config import compose
    from lab.models import ScriptedBackend
    from lab.models.textcalls import hermes_call_text
    from lab.runner import run

    cfg = compose(["suite=tasks40_baseline", "suite.limit=2", f"run.results_dir={tmp_path}"])
    assert cfg.tools.name == "filesystem"

    def solve(req):
        if req.messages[-1].role != "tool":
            return hermes_call_text("search_files", {"path": ".", "pattern": "**/README.md"})
        return f"ANSWER: {req.test.expected[0].split('#')[0]}"
    out = run(cfg, backend=ScriptedBackend(outputs=[solve] * 4), progress=False)
    assert [r.outcome for r in out.sessions[0].results] == ["pass", "pass"]
    assert "search_files" in out.sessions[0].system_prompt and "path_resolve" not in out.sessions[0].system_prompt
    assert not out.sessions[0].results[0].tool_calls[0].malformed


def test_lab_run_sweeps_the_prompt_group(tmp_path):
    args = [a for a in base_args(tmp_path) if not a.startswith("prompt.file=")]
    res = lab_run("-m", *args, "prompt=placeholder,worked_example", "run.experiment=prompts")
    assert res.exit_code == 0, res.output
    dirs = run_dirs(tmp_path, "prompts")
    assert sorted(read_record(d).templates["name"] for d in dirs) == ["placeholder", "worked_example"]
    fps = {read_record(d).fingerprint for d in dirs}
    assert len(fps) == 2                     # the prompt is part of the fingerprint
    ex = [read_record(d).templates["example"] for d in dirs]
    assert sorted(e is None for e in ex) == [False, True]


# -- the first hour's mistakes: exit 2 and a line that names the fix (issue 26) ------------------------

@pytest.mark.parametrize("args, fix", [
    (["vocab", "maybe_exts"], "did you mean vocab=maybe_exts?"),
    (["repeats=3"], "did you mean run.repeats=3?"),
    (["run.repeat=3"], "did you mean run.repeats=3?"),
    (["vocab=maybe_ext"], "did you mean vocab=maybe_exts?"),
    (["-m", "vocab=minimal,maybe_ext"], "did you mean vocab=maybe_exts?"),
    (["suite=/nope/x.yaml"], "suite.file=PATH"),
])
def test_first_hour_mistakes_exit_2_naming_the_fix(tmp_path, args, fix):
    res = CliRunner().invoke(main, ["run", *base_args(tmp_path), *args])
    assert res.exit_code == 2, res.output
    assert fix in res.output and "+repeats" not in res.output and "Traceback" not in res.output
    assert run_dirs(tmp_path) == []


def test_a_suite_file_given_as_the_suite_is_read_as_suite_file(tmp_path):
    args = [a for a in base_args(tmp_path) if not a.startswith("suite.file=")]
    res = CliRunner().invoke(main, ["run", *args, f"suite={MINI_SUITE}"])
    assert res.exit_code == 0, res.output
    assert f"note: suite={MINI_SUITE} read as suite.file={MINI_SUITE}" in res.output
    [d] = run_dirs(tmp_path)
    assert read_record(d).suite["name"] == "mini"
