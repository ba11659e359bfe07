"""`lab history`: every run newest first, filters, JSON, damaged records skipped with a warning."""

from __future__ import annotations

import json

from click.testing import CliRunner

from lab.cli import main
from lab.runner import run
from lab.records.history import scan
from lab.records.lock import RunLock
from lab.records.record import read_record, write_record
from support.runs import scripted, scripted_cfg


def make_runs(tmp_path):
    a = run(scripted_cfg(tmp_path, "run.experiment=one"), backend=scripted(), progress=False)
    b = run(scripted_cfg(tmp_path, "run.experiment=two", "vocab=minimal", "run.repeats=2"),
            backend=scripted(fails=lambda t, s: t == "mini-02"), progress=False)
    c = run(scripted_cfg(tmp_path, "run.experiment=one"), backend=scripted(), progress=False)
    return a, b, c


def history(*args):
    return CliRunner().invoke(main, ["history", *args])


def test_newest_first_filters_and_json(tmp_path):
    a, b, c = make_runs(tmp_path)
    res = history("--results", str(tmp_path))
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].startswith("started (UTC)")
    ids = [a.run_dir.name, b.run_dir.name, c.run_dir.name]
    assert [ln.split()[2] for ln in lines[1:]] == ids[::-1]
    assert "5.0/6" in lines[2] and "2/2" in lines[2] and "minimal" in lines[2]

    one = json.loads(history("--results", str(tmp_path), "--experiment", "one", "--format", "json").stdout)
    assert [r["run_id"] for r in one] == [c.run_dir.name, a.run_dir.name]
    assert one[0]["state"] == "complete" and one[0]["scores"] == [6] and one[0]["mean_score"] == 6.0

    fp = read_record(b.run_dir).fingerprint
    only = json.loads(history("--results", str(tmp_path), "--fingerprint", fp[:8], "--format", "json").stdout)
    assert [r["run_id"] for r in only] == [b.run_dir.name]
    (tmp_path / "empty").mkdir()
    assert history("--results", str(tmp_path / "empty")).stdout.strip() == "no runs"
    # a --results folder that does not exist is an error naming it, not "no runs" (issue 13)
    missing = CliRunner().invoke(main, ["history", "--results", str(tmp_path / "none")])
    assert missing.exit_code == 2 and "none" in missing.output


def test_damaged_records_are_skipped_with_a_warning_naming_the_file(tmp_path):
    a, b, c = make_runs(tmp_path)
    (a.run_dir / "run.json").write_text('{"run_id": "x", "experim')      # truncated
    rec = json.loads((b.run_dir / "run.json").read_text())
    rec["status"] = "finished"                                             # hand-edited
    (b.run_dir / "run.json").write_text(json.dumps(rec))
    orphan = tmp_path / "one" / "20990101T000000Z-000000"
    orphan.mkdir()
    (orphan / "tests.csv").write_text("repeat\n")
    res = history("--results", str(tmp_path))
    assert res.exit_code == 0
    assert [ln.split()[2] for ln in res.stdout.splitlines()[1:]] == [c.run_dir.name]
    assert f"skipped {a.run_dir / 'run.json'}" in res.stderr and "corrupt run record" in res.stderr
    assert f"skipped {b.run_dir / 'run.json'}" in res.stderr and "unknown status" in res.stderr
    assert f"skipped {orphan}" in res.stderr


def test_a_killed_run_shows_as_abandoned_a_live_one_as_running(tmp_path):
    a, _, c = make_runs(tmp_path)
    for out in (a, c):
        rec = read_record(out.run_dir)
        rec.status = "running"
        write_record(out.run_dir, rec)
    lock = RunLock(c.run_dir)
    assert lock.acquire()
    try:
        states = {e.record.run_id: e.state for e in scan(tmp_path).entries}
        assert states[a.run_dir.name] == "abandoned" and states[c.run_dir.name] == "running"
    finally:
        lock.release()
    assert {e.state for e in scan(tmp_path, experiment="one").entries} == {"abandoned"}


def test_a_run_resumed_at_other_commits_names_them(tmp_path):
    """The git column is the start commit; a run resumed at other commits says how many (`+N`),
    and `!` where their code differs (not one round): the JSON lists every segment's commit."""
    a, b, c = make_runs(tmp_path)
    start = {"revision": "a" * 40, "dirty": False, "code": "c1"}
    for out, later in ((a, {"revision": "b" * 40, "dirty": False, "code": "c1"}),     # results only
                       (b, {"revision": "d" * 40, "dirty": True, "code": "c2"})):     # other code
        rec = read_record(out.run_dir)
        rec.git = dict(start)
        rec.events += [{"at": "2099-01-01T00:00:00.000+00:00", "status": "running", "resumed": True,
                        "git": dict(start)},                                         # same commit
                       {"at": "2099-01-02T00:00:00.000+00:00", "status": "running", "resumed": True,
                        "git": later}]
        write_record(out.run_dir, rec)
    res = history("--results", str(tmp_path))
    row = {ln.split()[2]: ln for ln in res.stdout.splitlines()[1:] if not ln.startswith("note:")}
    assert row[a.run_dir.name].endswith("aaaaaaaa+1")
    assert row[b.run_dir.name].endswith("aaaaaaaa+1!")
    assert "resumed at N other commits" in res.stdout and "other code" in res.stdout
    js = {r["run_id"]: r for r in json.loads(history("--results", str(tmp_path), "--format", "json").stdout)}
    assert [g["revision"][0] for g in js[b.run_dir.name]["git_segments"]] == ["a", "d"]
    assert js[b.run_dir.name]["git_segments"][1]["dirty"] is True
    assert len(js[c.run_dir.name]["git_segments"]) == 1


def test_a_run_resumed_on_another_cpu_is_named_in_a_note(tmp_path):
    """Machines rebuilt between working sessions keep the host name: a run resumed on another CPU
    says so (the JSON lists each segment's CPU), and one machine says nothing."""
    from lab.models.numerics import cpu_info
    a, b, c = make_runs(tmp_path)
    rec = read_record(a.run_dir)
    rec.events.append({"at": "2099-01-01T00:00:00.000+00:00", "status": "running", "resumed": True,
                       "cpu": "Another CPU (test)"})
    write_record(a.run_dir, rec)
    res = history("--results", str(tmp_path))
    notes = [ln for ln in res.stdout.splitlines() if "CPUs" in ln]
    assert notes == [f"note: run {a.run_dir.name} ran on 2 CPUs ({cpu_info()['model']}; Another CPU "
                     "(test)): one numerics, the same tokens; other speeds (docs/numerics.md)"]
    js = {r["run_id"]: r for r in json.loads(history("--results", str(tmp_path), "--format", "json").stdout)}
    assert js[a.run_dir.name]["cpus"] == [cpu_info()["model"], "Another CPU (test)"]
    assert js[b.run_dir.name]["cpus"] == [cpu_info()["model"]]
