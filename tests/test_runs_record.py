"""The run record (schema 2): what it holds, its status transitions, older records, damaged files."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from lab.errors import InputError
from lab.models import ScriptExhausted
from lab.models.textcalls import hermes_call_text
from lab.runner import run
from lab.records.provenance import git_info
from lab.records.record import (SCHEMA_VERSION, read_record, read_tests_csv, read_transcript,
                             transcript_path, write_record)
from support.runs import REPO, run_dirs, scripted, scripted_cfg


def test_a_complete_record_holds_everything_the_issue_lists(tmp_path):
    out = run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(
        fails=lambda t, seed: t == "mini-03" and seed == 1), progress=False)
    rec = read_record(out.run_dir)
    assert rec.schema == SCHEMA_VERSION == 4
    assert rec.numerics["id"] and rec.numerics["inputs"] == {"engine": "python", "backend": "scripted"}
    assert rec.status == "complete" and rec.error is None and rec.ended_at >= rec.started_at
    assert len(rec.fingerprint) == 64 and set(rec.fingerprint_inputs) >= {
        "model", "vocab", "tools", "tool_schemas", "resolver", "encoder", "corpus", "suite",
        "templates", "agent"}
    assert set(rec.git) == {"revision", "dirty", "code"}   # code: what a round is (lab/records/rounds.py)
    assert (rec.git["revision"] is None) == (git_info()["revision"] is None)
    assert set(rec.versions) == {"lab", "python", "llama_cpp_python", "openai"}
    assert rec.model["backend"] == "scripted" and "sha256" in rec.model and "quantization" in rec.model
    assert rec.suite["content_hash"] and rec.corpus["content_hash"]
    assert [r.score for r in rec.repeats] == [6, 5]
    assert rec.repeats[1].by_category["D"] == {"pass": 0, "n": 1}
    assert rec.repeats[1].outcomes["fail"] == 1 and rec.findings == []
    assert [e["status"] for e in rec.events] == ["running", "complete"]
    assert rec.planned_repeats == 2 and rec.scores == [6, 5]


def test_failed_run_records_the_error_and_traceback(tmp_path):
    from lab.models import ScriptedBackend

    with pytest.raises(ScriptExhausted):
        run(scripted_cfg(tmp_path), backend=ScriptedBackend(outputs=[          # the first call is forced
            hermes_call_text("path_resolve", {"query": "readme"}), "ANSWER: README.md"]), progress=False)
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    assert rec.status == "failed" and "ScriptExhausted" in rec.error
    assert "Traceback" in rec.traceback and rec.ended_at
    assert [e["status"] for e in rec.events] == ["running", "failed"]
    assert len(read_tests_csv(d / "tests.csv")) == 1          # the finished test is kept


def test_ctrl_c_marks_the_run_interrupted_and_keeps_finished_tests(tmp_path):
    n = {"calls": 0}
    backend = scripted()
    inner = backend.chat

    def chat(req):
        n["calls"] += 1
        if n["calls"] == 7:            # test 4 of repeat 0 (2 turns per test)
            raise KeyboardInterrupt
        return inner(req)
    backend.chat = chat
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path), backend=backend, progress=False)
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    assert rec.status == "interrupted" and rec.error == "KeyboardInterrupt" and rec.repeats == []
    assert [r.test_id for r in read_tests_csv(d / "tests.csv")] == ["mini-01", "mini-02", "mini-03"]


def test_sigterm_marks_the_run_interrupted_exit_143(tmp_path):
    script = tmp_path / "slow.py"
    script.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(REPO / 'tests')!r})\n"
        "from support.runs import scripted, scripted_cfg\n"
        "from lab.runner import run, Terminated\n"
        "try:\n"
        f"    run(scripted_cfg({str(tmp_path)!r}), backend=scripted(sleep=0.2), progress=False)\n"
        "except Terminated:\n"
        "    sys.exit(143)\n")
    import os
    import subprocess
    import sys
    p = subprocess.Popen([sys.executable, str(script)], cwd=REPO, env=os.environ.copy())
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        csv = list(tmp_path.glob("default/*/tests.csv"))
        if csv and csv[0].read_text().count("\n") >= 2:
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    assert p.wait(timeout=60) == 143
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    assert rec.status == "interrupted" and rec.error == "SIGTERM"
    assert rec.events[-1]["status"] == "interrupted"


# -- older and damaged records --------------------------------------------------------------------

V1 = {"run_id": "20260101T000000Z-aaaaaa", "experiment": "old", "status": "complete",
      "started_at": "2026-01-01T00:00:00+00:00", "ended_at": "2026-01-01T00:01:00+00:00",
      "config": {"run": {"repeats": 1}}, "model": {"name": "m"}, "suite": {"name": "s", "tests": 1},
      "corpus": {}, "agent": {"session": "single"}, "templates": {},
      "repeats": [{"repeat": 0, "seed": 0, "n": 1, "score": 1, "outcomes": {"pass": 1},
                   "by_category": {}, "infrastructure": {}, "wall_s": 1.0, "prompt_tokens": 1,
                   "cached_tokens": 0, "completion_tokens": 1, "cache_reuse": 0.0,
                   "cache_reuse_between_evictions": None, "generation_tps": None, "evictions": []}],
      "findings": [], "versions": {}, "error": None, "schema": 1}


def test_schema_1_records_still_read(tmp_path):
    (tmp_path / "run.json").write_text(json.dumps(V1))
    rec = read_record(tmp_path)
    assert rec.schema == 1 and rec.fingerprint is None and rec.events == [] and rec.git == {}
    assert rec.scores == [1]


def test_a_record_is_rewritten_at_the_current_schema(tmp_path):
    """Read as schema 1, written back by this lab: every repeat now has `round`, so the file says
    schema 4 — a schema-3 lab would otherwise stop at an unknown key instead of "update the lab"."""
    (tmp_path / "run.json").write_text(json.dumps(V1))
    write_record(tmp_path, read_record(tmp_path))
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["schema"] == SCHEMA_VERSION and data["repeats"][0]["round"] == {}
    assert read_record(tmp_path).scores == [1]


@pytest.mark.parametrize("edit, where", [
    (lambda d: d.update(schema=99), "key 'schema'"),
    (lambda d: d.update(status="done"), "key 'status'"),
    (lambda d: d["repeats"][0].update(score="many"), "key 'repeats[0]'"),
    (lambda d: d["repeats"][0].update(score=5), "key 'repeats[0]'"),
    (lambda d: d["repeats"][0].pop("outcomes"), "key 'repeats[0]'"),
    (lambda d: d.update(config=[]), "key 'config'"),
    (lambda d: d.update(fingerprint=12), "key 'fingerprint'"),
])
def test_hand_edited_records_are_errors_naming_file_and_key(tmp_path, edit, where):
    data = json.loads(json.dumps(V1))
    edit(data)
    (tmp_path / "run.json").write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"run\.json.*" + where.replace("[", r"\[").replace("]", r"\]")):
        read_record(tmp_path)


def test_truncated_record_and_tables_name_the_file(tmp_path):
    out = run(scripted_cfg(tmp_path), backend=scripted(), progress=False)
    d = out.run_dir
    text = (d / "run.json").read_text()
    (d / "run.json").write_text(text[: len(text) // 2])
    with pytest.raises(InputError, match=r"run\.json"):
        read_record(d)
    csv = (d / "tests.csv").read_text()
    (d / "tests.csv").write_text(csv[:-10])                 # cut inside the last row
    with pytest.raises(InputError, match=r"tests\.csv:7.*truncated"):
        read_tests_csv(d / "tests.csv")
    t = transcript_path(d, 0)
    lines = t.read_text()
    t.write_text(lines[:-30])
    with pytest.raises(InputError, match=r"repeat-0\.jsonl:7.*truncated"):
        read_transcript(t)
    header, results = read_transcript(t, torn_tail_ok=True)   # resume's reading: tail dropped
    assert header["seed"] == 0 and len(results) == 5


def test_git_info_is_none_outside_a_checkout(tmp_path):
    assert git_info(tmp_path) == {"revision": None, "dirty": None}
    info = git_info()
    if info["revision"] is not None:
        assert len(info["revision"]) == 40 and isinstance(info["dirty"], bool)


def _git(root, *args):
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"})


def test_git_info_dirty_means_code_not_results(tmp_path):
    """A run continued in a checkout whose committed results it rewrites is not dirty code: only
    tracked files under CODE_PATHS count (a results folder that is tracked and grows is not what
    the lab runs). A changed lab file is dirty; the code id is HEAD's, unchanged by either."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "m.py").write_text("x = 1\n")
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "run.json").write_text("{}\n")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "c")
    clean = git_info(tmp_path)
    assert clean["dirty"] is False and clean["code"]
    (tmp_path / "results" / "run.json").write_text('{"repeats": [1]}\n')   # a resumed run writes
    assert git_info(tmp_path) == clean
    (tmp_path / "lab" / "m.py").write_text("x = 2\n")                      # the code changed
    dirty = git_info(tmp_path)
    assert dirty["dirty"] is True and dirty["code"] == clean["code"]
