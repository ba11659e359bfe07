"""`lab report --compare AXIS[,AXIS]`: the report compares cells that differ in another axis than
the vocabulary — tasks40 against its filesystem baseline, each suite with its own forced first
tool (`--compare suite,forced_tool`) — with the lab's one comparison, so its verdict, table and
figures say what `lab diff` says for the same two runs (issue 25: the report said "one vocabulary
only, nothing to compare" of the very comparison the tasks40 finding is about)."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from click.testing import CliRunner

from lab.analysis.cell_pairs import arm_label, baseline_in, compare_cells
from lab.analysis.report import build_report
from lab.analysis.verdict import parse_baseline
from lab.cli import main
from lab.comparisons.runs import compare_runs
from lab.config import compose
from lab.errors import InputError

BASE, PATHFINDER = "tasks40_baseline · search_files", "tasks40 · path_resolve"


@pytest.fixture(scope="module")
def suites(tmp_path_factory):
    """tasks40 and its baseline, 4 tasks, 2 repeats each, forced first call (each suite's own
    tool), by a scripted agent that answers pathfinder's top candidate or search_files' first
    match: pathfinder right more often."""
    from lab.models import ScriptedBackend
    from lab.runner import run
    from support.runs import tasks40_agent as agent

    results = tmp_path_factory.mktemp("t40")
    dirs = {}
    for suite in ("tasks40", "tasks40_baseline"):
        out = run(compose([f"suite={suite}", "suite.limit=4", "agent.session=isolated", "run.repeats=2",
                           f"run.results_dir={results}", "resolver.semantic.enabled=false",
                           "run.progress=false"]),
                  backend=ScriptedBackend(outputs=[agent] * 1000), progress=False, out=io.StringIO())
        dirs[suite] = out.run_dir
    return results, dirs


def test_the_suites_with_their_forced_tools_are_compared_as_lab_diff_compares_the_runs(suites, tmp_path):
    results, dirs = suites
    rep = build_report([results], tmp_path / "r", reference=False, compare="suite,forced_tool",
                       baseline="tasks40_baseline")
    c = pd.read_csv(rep.out_dir / "tables/comparisons.csv")
    assert len(c) == 1 and (c["a"].iloc[0], c["b"].iloc[0]) == (PATHFINDER, BASE)
    d = compare_runs(dirs["tasks40_baseline"], dirs["tasks40"]).comparison
    assert c["diff"].iloc[0] == pytest.approx(d.diff) and c["ci_low"].iloc[0] == pytest.approx(d.ci_low)
    md = rep.markdown.read_text()
    assert f"{PATHFINDER} {d.diff:+.1f}" in md and f"against the baseline {BASE}" in md
    assert "(against the baseline suite=tasks40_baseline)" in md          # one condition: one verdict
    assert "Cells that differ only in suite and forced_tool" in md
    assert "one vocabulary only" not in md
    for fig in ("forest_plot", "seed_slopegraph", "category_differences"):
        assert (rep.out_dir / f"figures/{fig}.png").stat().st_size > 5_000


def test_by_default_the_report_compares_vocabularies_and_says_there_is_one(suites, tmp_path):
    results, _ = suites
    md = build_report([results], tmp_path / "r", reference=False).markdown.read_text()
    assert "one vocabulary only, nothing to compare" in md and "`--compare AXIS`" in md


def test_the_suite_alone_is_no_comparison_when_each_suite_forced_another_tool(suites, tmp_path):
    # the cells differ in suite and forced tool: comparing "only the suite" pairs nothing, and says so
    results, _ = suites
    rep = build_report([results], tmp_path / "r", reference=False, compare="suite")
    assert len((rep.out_dir / "tables/comparisons.csv").read_text().strip().splitlines()) <= 1   # no row
    assert "one suite only, nothing to compare" in rep.markdown.read_text()


@pytest.mark.parametrize("compare, said", [
    ("nosuch", "'nosuch' is no axis of a cell"),
    ("model", "model has one value in these runs"),
    ("suite,suite", "an axis named twice"),
])
def test_a_compare_axis_that_cannot_compare_is_named(suites, tmp_path, compare, said):
    results, _ = suites
    with pytest.raises(InputError, match=said) as e:
        build_report([results], tmp_path / "r", reference=False, compare=compare)
    if compare == "model":
        assert "suite, forced_tool" in str(e.value) or "forced_tool, " in str(e.value)


def test_a_baseline_no_arm_has_is_named_with_the_arms_there_are(suites, tmp_path):
    results, _ = suites
    with pytest.raises(InputError, match=r"no cell has suite=tasks40_base .*did you mean suite=tasks40_baseline"):
        build_report([results], tmp_path / "r", reference=False, compare="suite,forced_tool",
                     baseline="tasks40_base")


def test_lab_report_compare_on_the_command_line(suites, tmp_path):
    results, _ = suites
    out = CliRunner().invoke(main, ["report", str(results), "--out", str(tmp_path / "r"), "--no-reference",
                                    "--compare", "suite,forced_tool", "--baseline", "tasks40_baseline"])
    assert out.exit_code == 0, out.output
    assert f"against the baseline {BASE}" in (tmp_path / "r/report.md").read_text()


# -- the arms, without runs ----------------------------------------------------------------------

def _frame(rows):
    cols = ["run_id", "repeat", "test_id", "passed", "session", "suite", "forced_tool", "vocabulary", "model"]
    return pd.DataFrame([dict(zip(cols, r)) for r in rows])


def test_arms_of_several_axes_pair_only_within_the_other_axes():
    rows = []
    for suite, tool, run_id, p in (("tasks40", "path_resolve", "a", 1), ("tasks40_baseline", "search_files", "b", 0)):
        for model in ("m1", "m2"):
            for k in range(3):
                for t in ("t1", "t2", "t3"):
                    rows.append((f"{run_id}-{model}", k, t, bool(p if t != "t3" else k % 2),
                                 "isolated", suite, tool, "v", model))
    c = compare_cells(_frame(rows), ["vocabulary", "model", "suite", "forced_tool"],
                      vary=["suite", "forced_tool"], baseline="tasks40_baseline")
    assert list(c["model"]) == ["m1", "m2"]
    assert set(c["a"]) == {PATHFINDER} and set(c["b"]) == {BASE}
    assert (c["diff"] == 2).all()


def test_the_baseline_of_several_axes_is_an_arm_or_its_first_value():
    arms = [PATHFINDER, BASE]
    assert baseline_in(arms, BASE) == BASE and baseline_in(arms, "tasks40_baseline") == BASE
    assert baseline_in(arms, "search_files") is None and baseline_in(arms, None) is None
    assert baseline_in(["a · x", "a · y"], "a") is None          # two arms have it: not one baseline
    assert arm_label(("tasks40", float("nan"))) == "tasks40 · –"
    cells = _frame([("r", 0, "t1", True, "isolated", "tasks40", "path_resolve", "v", "m"),
                    ("s", 0, "t1", True, "isolated", "tasks40_baseline", "search_files", "v", "m")])
    vary = ["suite", "forced_tool"]
    assert parse_baseline("suite=tasks40_baseline", cells, vary) == "tasks40_baseline"
    assert parse_baseline(BASE, cells, vary) == BASE
    with pytest.raises(ValueError, match="name the baseline as suite=VALUE"):
        parse_baseline("forced_tool=search_files", cells, vary)
