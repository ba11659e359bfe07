"""Records the lab wrote, or a results folder around them, that the lab must still read (issue 27):
over-long csv fields, wrong nested types in run.json, link loops in a results folder, a
read-only results folder. Each case ends with a clear line, never a traceback or a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from lab.cli import main
from lab.runner import run
from lab.records.test_files import MAX_FIELD_CHARS, TestRow, TestsCsv, read_tests_csv
from support.runs import finished, scripted, scripted_cfg
from test_view import LOCAL


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


# -- 27.4: a field over the csv module's limit -----------------------------------------------------

def test_an_answer_over_the_csv_field_limit_is_cut_and_read_back(tmp_path):
    # a server that ignores max_tokens: the row keeps MAX_FIELD_CHARS and says how long it was
    from lab.records.results import TestResult
    huge = "x" * 200_000
    res = TestResult(test_id="t", index=1, position=1, category="A", query="q", expected=["a.go"],
                     outcome="fail", answer=huge, answer_normalized=huge, detail="d" * 150_000)
    TestsCsv(tmp_path / "tests.csv").append(TestRow.of(0, 1, res))
    [row] = read_tests_csv(tmp_path / "tests.csv")
    assert row.answer.startswith("x" * MAX_FIELD_CHARS) and row.answer.endswith(
        "... [cut: 200,000 characters; the transcript has them all]")
    assert len(row.detail) < MAX_FIELD_CHARS + 100 and "[cut: 150,000 characters" in row.detail


def test_a_run_whose_tests_csv_has_a_field_over_the_limit_is_read_everywhere(tmp_path):
    # issue 27.4: report, export, history and the viewer raised _csv.Error on such a file
    import csv
    import io
    r = run(scripted_cfg(tmp_path, "run.experiment=long"), backend=scripted(), progress=False)
    path = r.run_dir / "tests.csv"
    rows = list(csv.reader(io.StringIO(path.read_text())))
    at = rows[0].index("answer")
    for row in rows[1:]:
        row[at] = "y" * 200_000                  # as written before the cap
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    path.write_text(buf.getvalue())
    assert read_tests_csv(path)[0].answer == "y" * 200_000
    for args in (("report", str(tmp_path), "--out", str(tmp_path / "rep"), "--no-reference"),
                 ("export", str(tmp_path), "--out", str(tmp_path / "t.csv"), "--format", "csv"),
                 ("history", "--results", str(tmp_path))):
        res = cli(*args)
        assert res.exit_code == 0 and res.exception is None, (args, res.output)
        assert "field larger than field limit" not in res.output
    from lab.view import create_app
    page = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL).get("/")
    assert page.status_code == 200 and r.run_dir.name in page.text
    assert "<h2>Problems</h2><p class='note'>none</p>" in page.text


def test_a_tests_csv_written_before_the_cap_is_read(tmp_path):
    path = tmp_path / "tests.csv"
    row = TestRow(repeat=0, seed=1, index=0, test_id="t", position=1, category=None, outcome="fail",
                  passed=False, answer="y" * 200_000, answer_normalized="y", expected="a.go",
                  tool_calls=0, malformed_calls=0, turns=1, prompt_tokens=1, cached_tokens=0,
                  completion_tokens=1, context_start=None, context_end=None, tool_response_tokens=0,
                  evictions=0, wall_s=0.1, infrastructure=False, detail=None)
    TestsCsv(path).append(row)
    assert read_tests_csv(path)[0].answer == "y" * 200_000


# -- 27.5: a wrong nested type in one run.json -------------------------------------------------------

@pytest.mark.parametrize("damage", [
    lambda d: d["config"].__setitem__("resolver", "bm25"),
    lambda d: d.__setitem__("findings", [1]),
    lambda d: d["config"].__setitem__("vocab", ["x"]),
    lambda d: d.__setitem__("numerics", "cpu"),
    lambda d: d["repeats"][0].__setitem__("round", "vm"),
    lambda d: d["repeats"][0]["round"].__setitem__("load_per_cpu", "high"),
    lambda d: d["repeats"][0]["round"].__setitem__("host", ["vm"]),
    lambda d: d["events"][0].__setitem__("git", "abc123"),
    lambda d: d["events"].append({"status": "running", "resumed": True, "kept_repeats": 0}),
], ids=["config.resolver", "findings[0]", "config.vocab", "numerics", "repeats[0].round",
        "round.load_per_cpu", "round.host", "events[0].git", "events[-1].kept_repeats"])
def test_one_record_with_a_wrong_nested_type_is_listed_the_rest_show(tmp_path, damage):
    good = run(scripted_cfg(tmp_path, "run.experiment=good"), backend=scripted(), progress=False)
    bad = run(scripted_cfg(tmp_path, "run.experiment=bad"), backend=scripted(), progress=False)
    rec = json.loads((bad.run_dir / "run.json").read_text())
    damage(rec)
    (bad.run_dir / "run.json").write_text(json.dumps(rec))
    res = cli("report", str(tmp_path), "--out", str(tmp_path / "rep"), "--no-reference")
    assert res.exit_code == 0 and res.exception is None, res.output
    assert bad.run_dir.name in res.output
    res = cli("export", str(tmp_path), "--out", str(tmp_path / "t.csv"), "--format", "csv")
    assert res.exit_code == 0 and res.exception is None and "1 run(s)" in res.output, res.output
    assert "corrupt run record" in res.output
    from lab.view import create_app
    page = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL).get("/")
    assert page.status_code == 200 and good.run_dir.name in page.text
    assert "corrupt run record" in page.text


# -- 27.9: links in a results folder that point back up ---------------------------------------------

def test_links_back_up_a_results_folder_are_walked_once(tmp_path):
    # issue 27.9: `latest -> .` and `exp/up -> ..` made the walk grow exponentially (report, export
    # and view hung). First in a subprocess with a deadline (killed if it hangs), then in-process.
    a = run(scripted_cfg(tmp_path, "run.experiment=exp"), backend=scripted(), progress=False)
    b = run(scripted_cfg(tmp_path, "run.experiment=other"), backend=scripted(), progress=False)
    (tmp_path / "latest").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "exp" / "up").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "exp" / "again").symlink_to(a.run_dir, target_is_directory=True)
    code = ("import sys; from lab.analysis import find_run_dirs; from lab.records.history import scan; "
            f"print(len(find_run_dirs([{str(tmp_path)!r}])), len(scan({str(tmp_path)!r}).entries))")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=str(Path(__file__).resolve().parent.parent))
    out, err = finished(p, 60, "the results folder walk")
    assert out.split() == ["2", "2"], err
    res = cli("report", str(tmp_path), "--out", str(tmp_path / "rep"), "--no-reference")
    assert res.exit_code == 0 and "2 run(s)" in res.output, res.output
    res = cli("export", str(tmp_path), "--out", str(tmp_path / "t.csv"), "--format", "csv")
    assert res.exit_code == 0 and "12 rows from 2 run(s)" in res.output, res.output
    from lab.view import create_app
    page = TestClient(create_app([tmp_path], min_interval=0), base_url=LOCAL).get("/")
    assert page.status_code == 200 and a.run_dir.name in page.text and b.run_dir.name in page.text


# -- 27.10: a results folder the lab cannot write ---------------------------------------------------

def _run_into(results: Path):
    from support.runs import follower_args
    return CliRunner().invoke(main, ["run", *follower_args(results)])


def test_a_results_folder_that_cannot_be_made_is_one_line_exit_2(tmp_path):
    # issue 27.10: the run folder's first mkdir was outside the storage-error wrapper: a traceback
    (tmp_path / "file").write_text("not a folder\n")
    r = _run_into(tmp_path / "file" / "results")
    assert r.exit_code == 2, r.output
    assert "error: cannot write " in r.stderr and "Traceback" not in r.output


def test_a_read_only_results_folder_is_one_line_exit_2(tmp_path, monkeypatch):
    # as root, chmod does not stop a write: the file system's answer (EROFS) is simulated instead
    import errno
    results = tmp_path / "ro"
    real_mkdir = os.mkdir

    def mkdir(path, *a, **kw):
        if str(path).startswith(str(results)):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_mkdir(path, *a, **kw)
    monkeypatch.setattr(os, "mkdir", mkdir)
    r = _run_into(results)
    assert r.exit_code == 2, r.output
    assert "error: cannot write " in r.stderr and "Read-only file system" in r.stderr
    assert "Traceback" not in r.output


# -- 27.11: a run no test could start; credentials in a base_url ------------------------------------

def test_a_run_whose_prompt_never_fits_is_failed_not_complete(tmp_path):
    # issue 27.11: model.n_ctx too small for the system prompt: context_overflow x N, yet `complete`
    from support.runs import common_args
    r = CliRunner().invoke(main, ["run", "model=scripted", "model.n_ctx=50", "agent.session=isolated",
                                  *common_args(tmp_path)])
    assert r.exit_code == 3, r.output
    [path] = tmp_path.rglob("run.json")
    rec = json.loads(path.read_text())
    assert rec["status"] == "failed" and rec["error"].startswith("no test could start")
    assert rec["repeats"][0]["outcomes"]["context_overflow"] == 6


def test_a_run_with_an_overflow_after_turns_stays_complete(tmp_path):
    # the rule above only catches runs in which no test got a single turn
    from lab.models import ContextOverflow
    backend = scripted()
    backend.queue.appendleft(ContextOverflow("too long"))
    r = run(scripted_cfg(tmp_path, "agent.session=isolated"), backend=backend, progress=False)
    assert r.record.status == "complete"


def test_credentials_in_a_base_url_are_not_stored(tmp_path):
    # issue 27.11: `http://user:password@host` was written into run.json as it was
    from lab.config import compose
    from support.stub_server import StubServer
    from support.runs import common_args
    with StubServer() as s:
        url = s.url.replace("http://", "http://me:s3cret-pw@")
        cfg = compose(["model=openai", f"model.base_url={url}", "model.model=stub", *common_args(tmp_path)])
        r = run(cfg, progress=False)
    text = (r.run_dir / "run.json").read_text()
    assert r.record.status == "complete", r.record.error
    assert "s3cret-pw" not in text and "http://***@127.0.0.1" in text
    assert "s3cret-pw" not in json.dumps(r.record.numerics)
