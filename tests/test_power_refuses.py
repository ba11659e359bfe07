"""`lab power` says what it cannot plan from (issue 60): a deterministic pilot has no spread, and
numbers that would be ignored (--p beside --sd, either beside a pilot) are refused, not dropped."""

from __future__ import annotations

from click.testing import CliRunner

from lab.cli import main
from lab.runner import run
from support.runs import scripted, scripted_cfg


def power(*args):
    return CliRunner().invoke(main, ["power", *args])


def test_a_pilot_with_no_spread_plans_nothing_and_says_why(tmp_path):
    d = run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(), progress=False).run_dir
    for args in ([str(d)], [str(d), str(d)]):
        r = power(*args)
        assert r.exit_code == 2, r.output
        assert "no run-to-run spread" in r.output and "repeats for" not in r.output


def test_numbers_that_would_be_ignored_are_refused():
    for args, key in ((["--sd", "5", "--p", "0.8"], "--p"), (["--session", "isolated", "--sd", "5"], "--sd"),
                      (["--session", "single", "--p", "0.8"], "--p"), (["results/x", "--sd", "5"], "--sd")):
        r = power(*args)
        assert r.exit_code == 2 and key in r.output, (args, r.output)
    ok = power("--p", "0.8", "--tests", "70", "--diff", "3")       # --p alone plans isolated
    assert ok.exit_code == 0 and "isolated" in ok.output, ok.output
