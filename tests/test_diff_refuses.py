"""`lab diff` refuses what it cannot compare (issue 60): runs of different suites, or with no
common test, exit 2 with one line naming both; runs that overlap in part are compared on the
overlap, and the output says so."""

from __future__ import annotations

import json

from click.testing import CliRunner

from lab.cli import main
from lab.runner import run
from support.runs import scripted, scripted_cfg


def make(tmp_path, *extra):
    return run(scripted_cfg(tmp_path, "run.repeats=2", *extra), backend=scripted(),
               progress=False).run_dir


def test_runs_of_different_suites_are_refused_with_one_line(tmp_path):
    a = make(tmp_path / "a")
    b = make(tmp_path / "b", "suite.name=tasks40")
    for fmt in ("text", "json"):
        r = CliRunner().invoke(main, ["diff", str(a), str(b), "--format", fmt])
        assert r.exit_code == 2, r.output
        assert "no comparison: BASE ran suite" in r.output and "CAND ran suite tasks40" in r.output
        assert "like-for-like" not in r.output and "per category" not in r.output
        assert len([x for x in r.output.splitlines() if x.strip()]) == 1


def test_partial_overlap_is_compared_on_the_overlap_and_said(tmp_path):
    a = make(tmp_path / "a")
    b = make(tmp_path / "b", "suite.limit=3")
    r = CliRunner().invoke(main, ["diff", str(a), str(b)])
    assert r.exit_code == 0, r.output
    assert "compared on the 3 tests both runs completed (base has 6, cand 3)" in r.output
    d = json.loads(CliRunner().invoke(main, ["diff", str(a), str(b), "--format", "json"]).output)
    assert d["comparison"]["tests"] == 3
