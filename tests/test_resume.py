"""Nothing lost: a run killed (SIGKILL at kill points and at random moments mid-test, SIGTERM,
Ctrl-C) and resumed equals an uninterrupted run; complete repeats are kept byte for byte, an
interrupted repeat goes on from its first unfinished test (a single session with its conversation
rebuilt: test_resume_single.py); changed inputs are refused;
eight runs started at once get eight directories."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.errors import InputError
from lab.runner import resume, run
from lab.records.io import new_run_dir
from lab.records.lock import RunLock, is_live
from lab.records.record import read_record, read_tests_csv, read_transcript, transcript_path
from support.runs import (MINIREPO, REPO, follower_args, interrupting, lab_sub, run_dirs,
                               same_results, scripted, scripted_cfg, seeded_fails)

QUIET = io.StringIO


def finished_lines(run_dir: Path) -> dict[int, list[str]]:
    """Per repeat, the complete lines of its transcript (what a crash must not take away)."""
    out = {}
    for k in range(10):
        p = transcript_path(run_dir, k)
        if p.is_file():
            out[k] = p.read_text().split("\n")[:-1]     # the last piece: "" or a half-written line
    return out


# -- Ctrl-C, in process ----------------------------------------------------------------------------

@pytest.mark.parametrize("session", ["single", "isolated"])
def test_interrupted_then_resumed_equals_uninterrupted(tmp_path, session):
    args = ("run.repeats=3", f"agent.session={session}")
    ref = run(scripted_cfg(tmp_path / "ref", *args), backend=scripted(fails=seeded_fails),
              out=QUIET(), progress=False)
    # 6 tests x 2 turns per repeat: turn 17 is test 3 of repeat 1
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path / "cut", *args), backend=interrupting(16, fails=seeded_fails),
            out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path / "cut")
    before = finished_lines(d)
    assert read_record(d).status == "interrupted" and len(before[1]) == 3   # header + 2 tests
    log: list[str] = []
    out = resume(d, backend=scripted(fails=seeded_fails, log=log), out=QUIET(), progress=False)
    assert out.action == "resume" and out.run_dir == d
    # a single session goes on with its conversation rebuilt: the same results, its cache aside
    same_results(ref.run_dir, d, rebuilt=session == "single")
    after = finished_lines(d)
    assert after[0] == before[0]                                      # the complete repeat, as is
    assert log[:4] == ["mini-03", "mini-04", "mini-05", "mini-06"]    # repeat 1 from test 3
    assert after[1][:3] == before[1]                                  # its finished tests, as is
    assert len(log) == 10
    ev = read_record(d).events
    assert [e["status"] for e in ev] == ["running", "interrupted", "running", "complete"]
    assert ev[2]["resumed"] and ev[2]["kept_repeats"] == [0]
    assert ev[2]["continued_repeat"] == {"1": 2} or ev[2]["continued_repeat"] == {1: 2}
    assert ev[2]["restarted_tests_discarded"] == 0
    assert ev[2]["rebuilt_conversation"] == ([1] if session == "single" else None)
    assert [r.continued_at for r in read_record(d).repeats] == \
           [[], ["mini-03"] if session == "single" else [], []]


# -- SIGKILL at kill points, through the real `lab run` / `lab resume` -------------------------------

KILL_POINTS = ["after-test:8", "after-row:8", "row-torn:8", "transcript-torn:8", "repeat-done:1",
               "atomic-write:2"]


@pytest.fixture(scope="module")
def follower_reference(tmp_path_factory):
    refs = {}
    for session in ("single", "isolated"):
        results = tmp_path_factory.mktemp(f"ref-{session}")
        r = lab_sub("run", *follower_args(results, "run.repeats=3", f"agent.session={session}"))
        assert r.returncode == 0, r.stderr
        [refs[session]] = run_dirs(results)
    return refs


@pytest.mark.parametrize("session", ["single", "isolated"])
@pytest.mark.parametrize("point", KILL_POINTS)
def test_sigkill_at_a_kill_point_then_lab_resume(tmp_path, follower_reference, session, point):
    args = follower_args(tmp_path, "run.repeats=3", f"agent.session={session}")
    killed = lab_sub("run", *args, env={"VOCAB_LAB_KILL_AT": point})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    [d] = run_dirs(tmp_path)
    rec = read_record(d)
    assert rec.status == "running" and not is_live(d)            # abandoned: no process holds it
    before = finished_lines(d)
    if point.startswith(("row-torn", "transcript-torn")):
        torn = d / ("tests.csv" if point.startswith("row") else "transcripts/repeat-1.jsonl")
        assert not torn.read_text().endswith("\n")               # really cut mid-write
        with pytest.raises(InputError, match=str(torn.name)):   # the strict readers refuse it
            read_tests_csv(torn) if torn.suffix == ".csv" else read_transcript(torn)
    if point == "atomic-write:2":
        assert list(d.glob(".run.json.*.tmp")) and rec.repeats == []

    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 0, res.output
    same_results(follower_reference[session], d, rebuilt=session == "single")
    after = finished_lines(d)
    assert after[0] == before[0]                                  # repeat 0 complete: kept as is
    if 1 in before:
        kept = [ln for ln in before[1] if ln]
        assert after[1][: len(kept)] == kept                      # finished tests of repeat 1 kept
    assert not list(d.glob(".run.json.*.tmp"))
    ev = read_record(d).events
    assert [e["status"] for e in ev] == ["running", "running", "complete"]


def test_killed_before_the_first_record_write_leaves_nothing_to_resume(tmp_path):
    args = follower_args(tmp_path)
    assert lab_sub("run", *args, env={"VOCAB_LAB_KILL_AT": "atomic-write:1"}).returncode == -9
    [d] = run_dirs(tmp_path)
    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 2 and "run.json" in res.output       # never started: nothing kept
    r = lab_sub("run", *args, "run.resume=true")                  # so run.resume starts afresh
    assert r.returncode == 0, r.stderr
    assert len(run_dirs(tmp_path)) == 2


# -- SIGKILL at random moments of a slow scripted run ------------------------------------------------

RUNNER = """
import sys
sys.path.insert(0, {tests!r})
from support.runs import scripted, scripted_cfg, seeded_fails
from lab.runner import run
run(scripted_cfg({results!r}, "run.repeats=3", "agent.session={session}"),
    backend=scripted(fails=seeded_fails, sleep=0.04), progress=False)
"""


@pytest.mark.parametrize("session", ["single", "isolated"])
def test_sigkill_mid_test_at_random_moments(tmp_path, session):
    ref = run(scripted_cfg(tmp_path / "ref", "run.repeats=3", f"agent.session={session}"),
              backend=scripted(fails=seeded_fails), out=QUIET(), progress=False)
    for i, rows in enumerate((1, 7, 14)):
        results = tmp_path / f"cut{i}"
        script = tmp_path / f"runner{i}.py"
        script.write_text(RUNNER.format(tests=str(REPO / "tests"), results=str(results), session=session))
        p = subprocess.Popen([sys.executable, str(script)], cwd=REPO, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and p.poll() is None:
            found = list(results.glob("default/*/tests.csv"))
            if found and found[0].read_text().count("\n") >= rows + 1:
                break
            time.sleep(0.005)
        time.sleep(0.03)                     # somewhere inside the next test (2 turns x 40 ms)
        p.kill()
        p.wait()
        assert p.returncode == -signal.SIGKILL, p.stderr.read()
        [d] = run_dirs(results)
        assert read_record(d).status == "running"
        before = finished_lines(d)
        out = resume(d, backend=scripted(fails=seeded_fails), out=QUIET(), progress=False)
        assert out.record.status == "complete"
        same_results(ref.run_dir, d, rebuilt=session == "single")
        for k, lines in before.items():
            kept = [ln for ln in lines if ln]
            assert finished_lines(d)[k][: len(kept)] == kept


# -- run.resume=true ------------------------------------------------------------------------------

def test_run_resume_true_continues_skips_extends_and_starts_new(tmp_path):
    cfg = lambda *a: scripted_cfg(tmp_path, "run.resume=true", *a)  # noqa: E731
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path, "run.repeats=2"), backend=interrupting(15), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    out = run(cfg("run.repeats=2"), backend=scripted(), out=QUIET(), progress=False)
    assert out.action == "resume" and out.run_dir == d and out.record.scores == [6, 6]
    again = run(cfg("run.repeats=2"), backend=scripted(), out=QUIET(), progress=False)
    assert again.action == "done" and again.run_dir == d and run_dirs(tmp_path) == [d]
    more = run(cfg("run.repeats=3", "run.seed=5"), backend=scripted(fails=seeded_fails),
               out=QUIET(), progress=False)
    assert more.action == "resume" and more.record.scores == [6, 6, 4]   # seed 0 + 2: the run's own
    assert read_record(d).planned_repeats == 3
    other = run(cfg("vocab=minimal"), backend=scripted(), out=QUIET(), progress=False)
    assert other.action == "new" and len(run_dirs(tmp_path)) == 2


def test_changed_inputs_are_refused_with_the_differences(tmp_path):
    import shutil
    corpus = tmp_path / "corpus"
    shutil.copytree(MINIREPO, corpus)
    args = (f"corpus.root={corpus}", "run.repeats=2")
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path, *args), backend=interrupting(15), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    doc = next(corpus.rglob("*.md"))
    doc.write_text(doc.read_text() + "\nedited after the run started\n")
    with pytest.raises(InputError, match=r"inputs changed.*\n  corpus\.content_hash: "):
        run(scripted_cfg(tmp_path, *args, "run.resume=true"), backend=scripted(), out=QUIET(),
            progress=False)
    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 2 and "corpus.content_hash" in res.output and "run.json" in res.output
    assert read_record(d).status == "interrupted"                 # untouched


def test_a_live_run_is_never_resumed(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path), backend=interrupting(3), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    lock = RunLock(d)
    assert lock.acquire()
    try:
        with pytest.raises(InputError, match="being written by another process"):
            resume(d, backend=scripted(), out=QUIET(), progress=False)
        out = run(scripted_cfg(tmp_path, "run.resume=true"), backend=scripted(), out=QUIET(), progress=False)
        assert out.action == "new" and out.run_dir != d
    finally:
        lock.release()


def test_a_hand_edited_tests_csv_stops_resume_naming_it(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path, "run.repeats=2"), backend=interrupting(15), out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path)
    csv = d / "tests.csv"
    csv.write_text(csv.read_text().replace(",pass,True,", ",fail,False,", 1))
    with pytest.raises(InputError, match=r"tests\.csv:2.*does not match the transcripts"):
        resume(d, backend=scripted(), out=QUIET(), progress=False)
    assert "fail,False" in csv.read_text()                        # nothing rewritten


# -- many runs at once --------------------------------------------------------------------------------

def test_eight_runs_started_at_once_get_eight_complete_directories(tmp_path):
    start = time.time() + 3.0                 # all eight leave the starting line in the same second
    go = f"import time; time.sleep(max(0, {start} - time.time()))\n"
    code = go + "import sys; from lab.cli import main; sys.exit(main())"
    env = {k: v for k, v in os.environ.items() if k != "VOCAB_LAB_KILL_AT"}
    procs = [subprocess.Popen([sys.executable, "-c", code, "run", *follower_args(tmp_path, "run.experiment=at-once")],
                              cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for _ in range(8)]
    for p in procs:
        assert p.wait(timeout=300) == 0, p.stderr.read()
    dirs = run_dirs(tmp_path, "at-once")
    assert len(dirs) == 8 and len({d.name for d in dirs}) == 8
    for d in dirs:
        rec = read_record(d)
        assert rec.status == "complete" and rec.run_id == d.name and rec.scores == [6]
        assert len(read_tests_csv(d / "tests.csv")) == 6


def test_run_dir_names_collide_and_mkdir_still_gives_each_its_own(tmp_path, monkeypatch):
    import lab.records.io as io_mod
    monkeypatch.setattr(io_mod.time, "strftime", lambda fmt, t=None: "20260101T000000Z")
    suffixes = iter(["aaaaaa"] * 7 + [f"{i:06x}" for i in range(100)])
    lock = threading.Lock()

    def token(n):
        with lock:
            return next(suffixes)
    monkeypatch.setattr(io_mod.secrets, "token_hex", token)
    got: list[Path] = []
    threads = [threading.Thread(target=lambda: got.append(new_run_dir(tmp_path))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 8 and len({p.name for p in got}) == 8
