"""The run scripts of issue 25 (scripts/tasks40_sweep.sh, model_size_sweep.sh, collapse_sweep.sh),
run with `LAB=echo`: the commands they would run, in repeat order, extra overrides passed through,
and every cell of every command composed (lab.config.compose: no model loaded, nothing run) with
the forced tool each cell is meant to have."""

from __future__ import annotations

import itertools
import subprocess

import numpy as np
import pytest

from lab.config import compose
from support.runs import REPO
from support.scripts import load_script


def commands(script: str, *args: str, **env: str) -> list[list[str]]:
    out = subprocess.run(["bash", f"scripts/{script}", *args], cwd=REPO,
                         env={"LAB": "echo", "PATH": "/usr/bin:/bin", **env}, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    return [line.split() for line in out]


def cells(cmd: list[str]) -> list[list[str]]:
    """The overrides of each cell of one `lab run -m` command (Hydra's basic sweeper: every
    combination of the comma-separated values)."""
    assert cmd[:2] == ["run", "-m"], cmd
    choices = []
    for arg in cmd[2:]:
        key, _, value = arg.partition("=")
        choices.append([f"{key}={v}" for v in value.split(",")] if "," in value else [arg])
    return [list(c) for c in itertools.product(*choices)]


def value(cmd: list[str], key: str) -> str | None:
    return next((a.split("=", 1)[1] for a in cmd if a.startswith(key + "=")), None)


def test_tasks40_sweep_runs_both_suites_repeat_by_repeat_and_the_auto_cells_beside_them(tmp_path):
    out = commands("tasks40_sweep.sh", "single", "3", str(tmp_path), "hydra/launcher=batched",
                   "model.parallel=4", AUTO_REPEATS="2")
    assert [(value(c, "run.repeats"), value(c, "agent.tool_choice")) for c in out] == [
        ("1", "first"), ("1", "auto"), ("2", "first"), ("2", "auto"), ("3", "first")]
    for c in out:
        assert c[-2:] == ["hydra/launcher=batched", "model.parallel=4"]
        assert value(c, "suite") == "tasks40,tasks40_baseline" and value(c, "agent.session") == "single"
        assert value(c, "run.results_dir") == str(tmp_path) and value(c, "run.resume") == "true"
    # the forced cells leave agent.forced_tool to each suite's config (one override would force
    # the same tool in both)
    assert all(value(c, "agent.forced_tool") is None for c in out if value(c, "agent.tool_choice") == "first")
    assert len(commands("tasks40_sweep.sh", "isolated", "2", str(tmp_path), AUTO_REPEATS="0")) == 2


def test_model_size_sweep_runs_each_model_with_the_same_seeds_and_passes_overrides_through(tmp_path):
    out = commands("model_size_sweep.sh", "isolated", "2", str(tmp_path), "model.n_threads=1",
                   MODELS="qwen2.5-coder-0.5b smollm2-135m")
    models = [value(c, "model") for c in out]
    assert models == ["qwen2.5-coder-0.5b"] * 3 + ["smollm2-135m"] * 3 + ["qwen2.5-coder-0.5b"] * 2 \
        + ["smollm2-135m"] * 2            # AUTO_REPEATS=1: the auto pair in the first repeat only
    assert [value(c, "run.repeats") for c in out] == ["1"] * 6 + ["2"] * 4
    for c in out:
        assert c[-1] == "model.n_threads=1" and value(c, "agent.session") == "isolated"
        assert value(c, "run.seed") is None                  # the seeds of the 1.5B's sweeps
    default = commands("model_size_sweep.sh", "isolated", "1", str(tmp_path))
    assert {value(c, "model") for c in default} == {"qwen2.5-coder-0.5b"}


def test_collapse_sweep_continues_the_lexiopt_single_session_cells(tmp_path):
    out = commands("collapse_sweep.sh", "2", str(tmp_path), "model.parallel=4")
    lexiopt = commands("lexiopt_sweep.sh", "single", "2", str(tmp_path), "model.parallel=4")
    assert [out[0], out[2]] == lexiopt               # the same command: the same runs, continued
    assert value(out[1], "prompt") == "worked_example" and value(out[3], "run.repeats") == "2"
    assert all(value(c, "agent.session") == "single" and c[-1] == "model.parallel=4" for c in out)


def _all_cells():
    seen = {}
    for script, args, env in [
            ("tasks40_sweep.sh", ("isolated", "1", "/tmp/unused"), {"AUTO_REPEATS": "1"}),
            ("tasks40_sweep.sh", ("single", "1", "/tmp/unused"), {"AUTO_REPEATS": "1"}),
            ("model_size_sweep.sh", ("isolated", "1", "/tmp/unused"),
             {"MODELS": "qwen2.5-coder-0.5b smollm2-135m", "AUTO_REPEATS": "1"}),
            ("collapse_sweep.sh", ("1", "/tmp/unused"), {})]:
        for cmd in commands(script, *args, **env):
            for cell in cells(cmd):
                seen.setdefault(" ".join(cell), (script, cell))
    return list(seen.values())


CELLS = _all_cells()


@pytest.mark.parametrize("script, cell", CELLS, ids=[f"{s}:{i}" for i, (s, _) in enumerate(CELLS)])
def test_every_cell_of_every_script_composes_with_its_forced_tool(script, cell):
    cfg = compose(cell)
    agent, offered = cfg.agent, list(cfg.tools.offer)
    if agent.tool_choice == "auto":
        assert agent.forced_tool is None           # prepare refuses a forced tool without `first`
    else:
        want = {"tasks40": "path_resolve", "tasks40_baseline": "search_files",
                "tests70": "path_resolve"}[cfg.suite.name]
        assert agent.forced_tool == want and want in offered
    assert cfg.tools.name == ("filesystem" if cfg.suite.name == "tasks40_baseline" else "pathfinder")
    if script == "collapse_sweep.sh":
        assert cfg.agent.session == "single" and cfg.suite.name == "tests70"
        assert cfg.vocab.name in {"maybe_exts", "minimal", "alike", "exist_similar"}
        if cfg.prompt.name == "worked_example":
            assert cfg.vocab.name == "maybe_exts" and cfg.run.experiment == "lexiopt4-worked_example"


def test_the_scripts_cover_the_cells_the_issue_asks_for():
    by = {}
    for script, cell in CELLS:
        cfg = compose(cell)
        by.setdefault(script, set()).add((cfg.model.name, cfg.agent.session, cfg.suite.name,
                                          cfg.agent.tool_choice, cfg.vocab.name, cfg.prompt.name))
    t40 = {(s, suite, tc) for _, s, suite, tc, _, _ in by["tasks40_sweep.sh"]}
    assert t40 == {(s, suite, tc) for s in ("isolated", "single") for suite in ("tasks40", "tasks40_baseline")
                   for tc in ("first", "auto")}
    assert {m for m, *_ in by["model_size_sweep.sh"]} == {"qwen2.5-coder-0.5b", "smollm2-135m"}
    assert {(suite, v) for _, _, suite, tc, v, _ in by["model_size_sweep.sh"] if tc == "first"} == {
        ("tests70", "maybe_exts"), ("tests70", "minimal"), ("tasks40", "maybe_exts"),
        ("tasks40_baseline", "maybe_exts")}
    assert {(v, p) for *_, v, p in by["collapse_sweep.sh"]} == {
        ("maybe_exts", "answer_line"), ("minimal", "answer_line"), ("alike", "answer_line"),
        ("exist_similar", "answer_line"), ("maybe_exts", "worked_example")}


# -- the findings tables, end to end on scripted runs (no LLM) -----------------------------------

def _script(name: str):
    return load_script(name)


def test_findings_collapse_counts_collapsed_repeats_and_plans_the_repeats(tmp_path, capsys):
    from lab.models import ScriptedBackend
    from lab.runner import run
    from support.runs import common_args

    def copier(req):          # repeats with an odd seed copy their first answer into every later test
        first = next((m.content for m in req.messages if m.role == "assistant"
                      and m.content.startswith("ANSWER:")), None)
        return first if first and backend.seed % 2 else f"ANSWER: {req.test.expected[0].split('#')[0]}"
    for vocab in ("maybe_exts", "minimal"):
        backend = ScriptedBackend(outputs=[copier] * 1000)
        run(compose(["model=scripted", *common_args(tmp_path, f"vocab={vocab}", "agent.session=single",
                                                    "agent.tool_choice=auto", "agent.forced_tool=null",
                                                    "run.repeats=4")]),
            backend=backend, progress=False, out=__import__("io").StringIO())
    png = tmp_path / "fig" / "collapse.png"
    _script("findings_collapse").main([str(tmp_path), "--figure", str(png)])
    out = capsys.readouterr().out
    section = out.split("### Cells")[1].split("###")[0]
    cells = [line for line in section.splitlines() if line.startswith("| scripted | ")]
    assert len(cells) == 2 and all("| 4 | 2 | 0.5 |" in line and "| 1 3 |" in line for line in cells)
    assert "| 0 | 0 | - | - | all 4: 2 working repeats in the cell (a judgement needs 5 besides" in out
    # the working repeats' scores and the collapsed ones', apart: "works or collapses" is read there
    assert all("| 6.0 [6, 6] (2) |" in line for line in cells), cells
    assert png.read_bytes()[:4] == b"\x89PNG" and "no figure" not in out
    assert "| 2/4 | 2/4 | 0 | 1 | 1 |" in out                                  # Fisher, Holm
    # one exact test over the cells that differ only in the vocabulary, before the pairs
    assert ("| does the vocabulary change it? | model=scripted · prompt=answer_line | 2 | 2/4 2/4 | 1 | "
            "Fisher's exact, 2 x 2 (exact) | 1 |") in out
    assert "does any cell differ?" not in out               # the same question asked once
    assert ("4/8 collapsed, rate 0.500, 95% CI [0.157, 0.843] (exact). That is at or above the "
            "premise's rate 0.083 (--base-rate 1/12).") in out
    assert "0.083 (--base-rate) | 0.25 | 0.025 | Fisher exact, the two-part comparison's collapse part | 101 |" in out
    assert "Every repeat ran in one piece" in out
    assert "Every repeat ran the same lab code" in out


def test_findings_collapse_checks_the_premise_rate_on_the_pooled_cells():
    """0 collapses in 41 single sessions (the sweep on 2026-12-05) against the premise's 1 in 12:
    (11/12)^41 = 0.028, so the pooled rate is said to be lower; 0 in 12 (0.35) is not."""
    mod = _script("findings_collapse")
    f = mod.Collapse.__new__(mod.Collapse)
    f.level = 0.95
    f.counts = lambda: [({}, 0, 9, None)] + [({}, 0, 8, None)] * 4
    said = f.pooled(("--base-rate 1/12", 1 / 12))
    assert ("0/41 collapsed, rate 0.000, 95% CI [0.000, 0.086] (exact). At the premise's rate 0.083 "
            "(--base-rate 1/12) as few as 0 collapses in 41 repeats has probability 0.0282 (exact "
            "binomial, one-sided): the rate here is lower than the premise's.") in said
    f.counts = lambda: [({}, 0, 12, None)]
    assert "has probability 0.352 (exact binomial, one-sided): no fewer than that rate gives by chance." \
        in f.pooled(("--base-rate 1/12", 1 / 12))
    f.counts = lambda: []
    assert f.pooled(("--base-rate 1/12", 1 / 12)) == ""


def test_findings_collapse_names_a_session_that_neither_works_nor_collapses(tmp_path, capsys):
    import io

    from lab.runner import run
    from support.runs import scripted, scripted_cfg

    def fails(test_id: str, seed: int) -> bool:     # seed 7 fails four tests in a row, short of a
        n = int(test_id[-2:])                        # collapse; seeds 1, 3, 5 miss one test each
        return (seed == 7 and 2 <= n <= 5) or (seed in (1, 3, 5) and n == 6)
    run(scripted_cfg(tmp_path, "run.repeats=8", "agent.session=single"), backend=scripted(fails),
        out=io.StringIO(), progress=False)
    mod = _script("findings_collapse")
    table, said = mod.Collapse([str(tmp_path)]).works_or_collapses(calibrate_cells=3)
    row = table.iloc[0]
    assert (row["repeats judged"], row["intermediate"]) == (8, 1)
    assert row["which (seed: score, the 1% point it fell below / reached)"].startswith("seed 7: 2 below ")
    assert row["not judged"] == "-"
    assert said.startswith("**1 intermediate of 8 judged repeats**") and "3 simulated cells of 8" in said
    full = mod.Collapse([str(tmp_path)])
    assert {r for _, r in full.intermediate_repeats()} == {7}      # the figure rings it
    seeds = full.by_seed()
    assert seeds["maybe_exts · answer_line"].tolist() == ["6", "5", "6", "5", "6", "5", "6", "2i"]
    assert full.figure(tmp_path / "rates.png") == [] and (tmp_path / "rates.png").stat().st_size > 0
    # fewer repeats than a fit needs: said, not judged
    few = mod.Collapse([str(tmp_path)])
    few.repeats = few.repeats[few.repeats["seed"] < 4]
    table, said = few.works_or_collapses()
    assert table.iloc[0]["not judged"] == ("all 4: 4 working repeats in the cell (a judgement needs 5 "
                                           "besides the one judged)")
    assert said.startswith("Not judged yet")


def test_findings_collapse_sets_apart_a_session_that_stopped_answering(tmp_path, capsys):
    """The collapse sweep's seed 11 of maybe_exts (2026-12-06): from test 1's second turn every
    call written as `{...}\n<tool_call>` (no opening tag), every test `malformed`. No copied
    answer, so not a collapse by the rule fixed before the data: listed apart, marked `s`, and
    counted as collapsed only in its own section."""
    import io

    from lab.runner import run
    from support.runs import Solver, scripted_cfg
    from lab.models import ScriptedBackend

    backend = ScriptedBackend()
    solve = Solver(backend, lambda test_id, seed: seed in (1, 3, 5) and test_id.endswith("06"))

    def agent(req):     # seed 7, from test 2 on: the forced call, then calls without the opening tag
        start = max(i for i, m in enumerate(req.messages) if m.role == "user")
        called = any(m.role == "tool" for m in req.messages[start:])
        if backend.seed == 7 and int(req.test.id[-2:]) >= 2 and called:
            return '{"name": "path_resolve", "arguments": {"query": "x"}}\n<tool_call>'
        return solve(req)
    backend.enqueue([agent] * 5000)
    said = io.StringIO()
    run(scripted_cfg(tmp_path, "run.repeats=8", "agent.session=single"), backend=backend,
        out=said, progress=False)
    # the run's summary says it first, as it says a collapse
    assert said.getvalue().count("STOPPED ANSWERING") == 1
    assert ("STOPPED ANSWERING in repeat 7 (seed 7): 5 tests in a row ended malformed from mini-02 "
            "(no copied answer: not a collapse); score 1/6") in said.getvalue()
    mod = _script("findings_collapse")
    f = mod.Collapse([str(tmp_path)])
    r = f.repeats.set_index("seed")
    assert not r["collapsed"].any()                                   # the rule fixed before the data
    assert r["stopped_answering"].tolist() == [False] * 7 + [True]
    assert (r.loc[7, "unanswered_streak"], r.loc[7, "unanswered_start"], r.loc[7, "unanswered_outcome"]) == \
        (5, "mini-02", "malformed")
    assert f.stopped()[["seed", "score", "from", "outcome"]].values.tolist() == [[7, "1/6", "mini-02", "malformed"]]
    assert f.by_seed()["maybe_exts · answer_line"].iloc[7].startswith("1s")
    again = mod.Collapse([str(tmp_path)], stopped_as_collapse=True)
    assert again.cells()["collapsed"].tolist() == [1] and again.stopped().empty
    assert again.cells()["streak starts at"].tolist() == ["mini-02 (stopped answering: malformed)"]
    assert again.cells()["copied answer"].tolist() == ["-"]
    assert f.stopped()["its outcomes"].tolist() == ["pass 1, malformed 5"]
    mod.main([str(tmp_path)])
    out = capsys.readouterr().out
    assert "**Sessions that stopped answering** (added on 2026-12-06, after the data)" in out
    before, after = out.split(f"### {mod.STOPPED_SECTION}")
    assert "| 8 | 0 | 0 |" in before.split("### Cells")[1].split("###")[0]   # fixed before: none collapsed
    assert "| 8 | 1 | 0.125 |" in after.split("#### Cells")[1].split("####")[0]
    assert "1/8 collapsed" in after
    # lab diff marks it in its repeat table and says what the comparison does with it
    from lab.comparisons.diff import build, format_diff
    fine = scripted_backend = ScriptedBackend()
    scripted_backend.enqueue([Solver(fine)] * 5000)
    run(scripted_cfg(tmp_path / "fine", "run.repeats=8", "agent.session=single"), backend=fine,
        out=io.StringIO(), progress=False)
    (base_dir,) = {q.parent for q in tmp_path.glob("*/*/run.json")}
    (cand_dir,) = {q.parent for q in (tmp_path / "fine").rglob("run.json")}
    d = build(base_dir, cand_dir)
    text = format_diff(d)
    assert "     7     1/6s      6/6" in text, text
    assert ("s base repeat 7: stopped answering — 5 tests in a row ended malformed from mini-02; no "
            "copied answer, so no collapse: the comparison counts it as a working repeat") in text
    reps = {r["repeat"]: r for r in d.to_dict()["repeats"]}
    assert reps[7]["base_stopped"] == {"streak": 5, "start": "mini-02", "outcome": "malformed"}
    assert reps[6]["base_stopped"] is None and reps[7]["cand_stopped"] is None
    # isolated tests carry no conversation: the same outcomes there are no session that stopped
    backend.seed = 7
    run(scripted_cfg(tmp_path / "iso", "run.repeats=1", "run.seed=7", "agent.session=isolated"),
        backend=backend, out=io.StringIO(), progress=False)
    from lab.analysis.load import load
    iso = load([str(tmp_path / "iso")], transcripts=False).repeats.iloc[0]
    assert iso["unanswered_streak"] == 5 and not iso["stopped_answering"]


def test_findings_collapse_tests_whether_a_score_goes_with_its_seed(tmp_path):
    import contextlib
    import io

    from lab.runner import run
    from support.runs import scripted, scripted_cfg

    mod = _script("findings_collapse")
    for vocab in ("maybe_exts", "minimal"):
        def fails(test_id: str, seed: int, vocab=vocab) -> bool:  # seed s fails its first s tests in
            n = int(test_id[-2:])                               # both cells; minimal's seed 0 one more
            return n <= seed or (vocab == "minimal" and seed == 0 and n == 6)
        run(scripted_cfg(tmp_path, "run.repeats=4", "agent.session=single", f"vocab={vocab}"),
            backend=scripted(fails), out=io.StringIO(), progress=False)
        if vocab == "maybe_exts":       # one cell: nothing to set side by side
            table, said = mod.Collapse([str(tmp_path)]).seed_effect()
            assert table.empty and said.startswith("Fewer than two cells")
    # scores (of 6): maybe_exts 6 5 4 3, minimal 5 5 4 3 — the additive ANOVA's F by hand: seed
    # MS 2.458, cell MS 0.125, residual MS 0.125 on 3 df
    table, said = mod.Collapse([str(tmp_path)]).seed_effect()
    assert list(table["factor"]) == ["seed (4: 0, 1, 2, 3)", "cell (2)"] and list(table["df"]) == [3, 1]
    assert list(table["F (on 3 residual df)"]) == [19.67, 1.0]
    assert table["p"].iloc[0] == pytest.approx(0.0178, abs=1e-4)
    assert said.startswith("4 seeds (0, 1, 2, 3) have a working repeat in every one of the 2 cells: "
                           "8 repeats")
    # the two cells at one seed: the same row but for minimal's seed-0 test 6, 23 of 24 tests agree;
    # the simulator's coupling fitted to exactly these rows (the seeds aligned, row j = seed j)
    from lab.stats.simulate import fit_single
    maybe_exts = np.array([[int(n > s) for n in range(1, 7)] for s in range(4)])
    minimal = maybe_exts.copy()
    minimal[0, 5] = 0
    coupling = fit_single([maybe_exts, minimal], [[False] * 4] * 2).coupling
    assert f"agree on {23 / 24:.3f} of the tests" in said and f"is **{coupling:.3f}**" in said
    assert "**Scores go with their seed** (p < 0.05)" in said
    assert "the order can act only through the code that ran each repeat" in said
    out = io.StringIO()                 # the page prints it as its own section, marked exploratory
    with contextlib.redirect_stdout(out):
        mod.main([str(tmp_path)])
    assert "### Does a score go with its seed? (exploratory)" in out.getvalue()


def test_findings_collapse_names_the_repeats_a_resume_continued(tmp_path, capsys):
    import io

    from lab.runner import resume, run
    from support.runs import interrupting, run_dirs, scripted, scripted_cfg

    args = ("run.repeats=2", "agent.session=single")
    with pytest.raises(KeyboardInterrupt):       # turn 17: test 3 of repeat 1 (seed 1)
        run(scripted_cfg(tmp_path, *args), backend=interrupting(16), out=io.StringIO(), progress=False)
    d = run_dirs(tmp_path)[0]
    resume(d, backend=scripted(), out=io.StringIO(), progress=False)
    from lab.records.record import read_record, write_record
    rec = read_record(d)                       # the resume ran other code (a commit between)
    went_on = next(e for e in rec.events if e.get("resumed"))
    went_on["git"]["code"], went_on["cpu"] = "feedbeef00000000", "Another CPU (test)"   # and on another machine
    rec.events[0]["pid"] = rec.repeats[0].round["pid"] = -1     # the first start: another process
    write_record(d, rec)
    _script("findings_collapse").main([str(tmp_path)])
    out = capsys.readouterr().out
    assert "Repeats continued after an interruption" in out and "seed 1 at mini-03" in out
    assert "The repeats ran 2 versions of the lab's code" in out
    assert "`feedbeef` 1 (maybe_exts · answer_line seed 1)" in out and "Each cell's repeats are one run" in out
    from lab.models.numerics import cpu_info
    assert "The repeats ran on 2 CPUs where recorded" in out and "Another CPU (test) 1 (maybe_exts · answer_line seed 1)" in out
    assert f"{cpu_info()['model']} 1 (maybe_exts · answer_line seed 0)" in out
    from lab.analysis.report import build_report
    rep = build_report([tmp_path], tmp_path / "report")
    assert "**Continued after an interruption**" in rep.markdown.read_text()
    assert "repeat 1 at mini-03" in rep.markdown.read_text()


def test_findings_tasks40_compares_pathfinder_with_the_baseline_as_lab_diff_does(tmp_path, capsys):
    from lab.comparisons.runs import compare_runs
    from lab.models import ScriptedBackend
    from lab.runner import run
    from support.runs import tasks40_agent as agent   # baseline: search_files; pathfinder: its top candidate

    dirs = {}
    for suite in ("tasks40", "tasks40_baseline"):
        out = run(compose([f"suite={suite}", "suite.limit=4", "agent.session=isolated", "run.repeats=2",
                           f"run.results_dir={tmp_path}", "resolver.semantic.enabled=false",
                           "run.progress=false"]),
                  backend=ScriptedBackend(outputs=[agent] * 1000), progress=False,
                  out=__import__("io").StringIO())
        dirs[suite] = out.run_dir
    _script("findings_tasks40").main([str(tmp_path)])
    text = capsys.readouterr().out
    for heading in ("### Cells", "### Pathfinder against the filesystem baseline", "### Per category",
                    "### Exploration depth", "### Per task: model=scripted"):
        assert heading in text
    assert "| search_files 8 |" in text and "| path_resolve 8 |" in text      # forced tools, by row
    c = compare_runs(dirs["tasks40_baseline"], dirs["tasks40"]).comparison
    row = next(line for line in text.splitlines() if "| path_resolve / search_files |" in line)
    assert f"| {c.diff:.3g} | [{c.ci_low:.1f}, {c.ci_high:.1f}] (95%) |" in row
    f = _script("findings_tasks40").Tasks40([str(tmp_path)])
    png = tmp_path / "fig" / "scores.png"
    assert f.figure(png) == [] and png.read_bytes()[:4] == b"\x89PNG"     # every pair drawn, with its CI


def test_findings_model_size_reads_sizes_and_draws_each_pair_as_lab_diff_compares_it(tmp_path, capsys):
    from lab.comparisons.runs import compare_runs
    from lab.models import ScriptedBackend
    from lab.models.textcalls import hermes_call_text
    from lab.runner import run

    mod = _script("findings_model_size")
    assert (mod.parameters("1.5B"), mod.parameters("135M"), mod.parameters("8x7B")) == (1.5e9, 1.35e8, 5.6e10)
    assert mod.parameters("large") is None and mod.parameters(None) is None
    assert mod.size_label({"size_label": "0.5B", "path": "/nowhere.gguf"}) == "0.5B"
    assert mod.size_label({"path": str(tmp_path / "missing.gguf")}) is None

    def answer(vocab):        # resolve (the first call is forced), then right on even tests of
        def say(req):         # maybe_exts, on every test of minimal
            last = max(i for i, m in enumerate(req.messages) if m.role == "user")
            if not any(m.role == "tool" for m in req.messages[last + 1:]):
                return hermes_call_text("path_resolve", {"query": req.test.query})
            right = req.test.expected[0].split("#")[0]
            odd = int("".join(ch for ch in req.test.id if ch.isdigit()) or 0) % 2     # t01 -> 1
            return f"ANSWER: {'nowhere.txt' if odd and vocab == 'maybe_exts' else right}"
        return say
    dirs = {}
    for vocab in ("maybe_exts", "minimal"):
        out = run(compose([f"vocab={vocab}", "suite.limit=6", "agent.session=isolated", "run.repeats=2",
                           "agent.tool_choice=first", f"run.results_dir={tmp_path}",
                           "resolver.semantic.enabled=false", "run.progress=false"]),
                  backend=ScriptedBackend(outputs=[answer(vocab)] * 1000), progress=False,
                  out=__import__("io").StringIO())
        dirs[vocab] = out.run_dir
    fig = tmp_path / "size.png"
    mod.main([str(tmp_path), "--figure", str(fig)])        # the scripted model has no size
    text = capsys.readouterr().out
    assert "not drawn: tests70: maybe_exts - minimal, isolated, scripted: size unknown" in text
    mod.main([str(tmp_path), "--figure", str(fig), "--size", "scripted=135M"])
    text = capsys.readouterr().out
    assert fig.stat().st_size > 10_000 and "not drawn" not in text and "drawn as" not in text
    c = compare_runs(dirs["minimal"], dirs["maybe_exts"]).comparison
    row = next(line for line in text.splitlines() if line.startswith("| tests70: maybe_exts - minimal |"))
    assert f"| scripted | 135M | isolated | 2 vs 2 | 6 |" in row
    assert c.diff == -3 and f"| {c.diff:.3g} | [{c.ci_low:.1f}, {c.ci_high:.1f}] |" in row
    with pytest.raises(SystemExit):
        mod.main([str(tmp_path), "--size", "scripted=big"])


def test_findings_model_size_draws_a_pair_at_the_floor_as_a_floor_not_an_equivalence(tmp_path, capsys):
    """The 0.5B passes no test in either arm: a difference of 0 that measures nothing (issue 25).
    The forced call made, then a path that is not there."""
    from lab.models import ScriptedBackend
    from lab.models.textcalls import hermes_call_text
    from lab.runner import run

    mod = _script("findings_model_size")
    for vocab in ("maybe_exts", "minimal"):
        run(compose([f"vocab={vocab}", "suite.limit=4", "agent.session=isolated", "run.repeats=2",
                     "agent.tool_choice=first", f"run.results_dir={tmp_path}",
                     "resolver.semantic.enabled=false", "run.progress=false"]),
            backend=ScriptedBackend(outputs=[hermes_call_text("path_resolve", {"query": "x"}),
                                             "ANSWER: nowhere.txt"] * 500), progress=False,
            out=__import__("io").StringIO())
    mod.main([str(tmp_path), "--figure", str(tmp_path / "size.png"), "--size", "scripted=500M"])
    text = capsys.readouterr().out
    row = next(line for line in text.splitlines() if line.startswith("| tests70: maybe_exts - minimal |"))
    assert "both arms at the floor (0 of 4 in every repeat)" in row and "shown" not in row
    assert "drawn as a floor, not an effect: tests70: maybe_exts - minimal, isolated, scripted" in text
    # the evidence beside it: what the model did in each cell, from the report's outcome counts
    assert "| scripted | isolated | tests70 | minimal | first | 500M | 2 | 8 | 0 | 8 of 8 | fail 8 | 0 / 0 |" in text
    # a cell whose axis is missing (NaN) is still one row with its own tests, not an empty match
    m = mod.ModelSize([str(tmp_path)])
    m.res.tests.loc[m.res.tests["vocabulary"] == "minimal", "vocabulary"] = float("nan")
    b = m.behaviour()
    nan_row = b[b["vocabulary"].isna()].iloc[0]
    assert (nan_row["tests"], nan_row["tests with a call"], nan_row["outcomes"]) == (8, "8 of 8", "fail 8")


def test_findings_queue_checks_every_step_name_before_running_any():
    done = subprocess.run(["bash", "scripts/findings_queue.sh", "aa", "nosuch"], cwd=REPO,
                          env={"LAB": "echo", "PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
    assert done.returncode == 2 and "no step 'nosuch'" in done.stderr
    assert "calibrate" not in done.stdout                  # aa, named first, did not run


def test_findings_queue_installs_the_half_billion_model_before_its_sweep():
    out = commands("findings_queue.sh", "model-size")
    runs = [i for i, c in enumerate(out) if c[:1] == ["run"]]
    assert out.index(["models", "install", "qwen2.5-coder-0.5b"]) < runs[0]
    assert {value(out[i], "model") for i in runs} == {"qwen2.5-coder-0.5b"}


def test_findings_queue_runs_smollm_once_into_the_model_size_folder():
    out = commands("findings_queue.sh", "smollm")
    runs = [c for c in out if c[:1] == ["run"]]
    assert runs and {value(c, "model") for c in runs} == {"smollm2-135m"}
    assert {value(c, "run.repeats") for c in runs} == {"1"}
    assert {value(c, "run.results_dir") for c in runs} == {"docs/findings/model-size/runs/isolated"}


def test_findings_queue_runs_the_calibration_into_its_committed_folder_at_its_threads():
    out = commands("findings_queue.sh", "aa", THREADS="1")
    (cmd,) = [c for c in out if c[:1] == ["calibrate"]]
    assert value(cmd, "run.results_dir") == "docs/findings/qwen2.5-coder-1.5b-aa"
    assert value(cmd, "run.experiment") == "aa-twin-70" and value(cmd, "model.n_threads") == "1"
    assert cmd[cmd.index("--twin") + 1] == "prompt=answer_line_twin" and "--pairs" in cmd


# -- the collapse sweep's batching check (scripts/collapse_batch_check.py) -----------------------

def test_collapse_batch_check_decides_by_the_rule_fixed_on_the_page():
    cbc = _script("collapse_batch_check")
    rows = lambda b, s: [{"pair": p, "mode": m, "seconds": str(t), "results_dir": "x"}  # noqa: E731
                         for p in (1, 2) for m, t in (("batched", b), ("sequential", s))]
    saves_a_quarter = cbc.decide(rows(75, 100))
    assert saves_a_quarter["decision"] == "batched" and saves_a_quarter["ratio"] == 0.75
    assert saves_a_quarter["overrides"] == ["hydra/launcher=batched", "model.parallel=4"]
    less = cbc.decide(rows(76, 100))
    assert less["decision"] == "sequential" and less["overrides"] == [] and less["per_pair"] == [0.76, 0.76]
    # an unfinished pair is not counted: batched alone says nothing
    half = cbc.decide(rows(50, 100)[:3])
    assert half["pairs"] == 1 and half["batched_s"] == 50 and half["sequential_s"] == 100


def test_collapse_batch_check_measures_in_turn_resumes_and_refuses_a_bad_row(tmp_path, monkeypatch, capfd):
    cbc = _script("collapse_batch_check")
    monkeypatch.setenv("LAB", "echo")
    out = tmp_path / "check"
    out.mkdir()
    (out / "timings.tsv").write_text("pair\tmode\tseconds\tresults_dir\n1\tbatched\t80.0\tp1b\n")
    assert cbc.main([str(out), "model.n_threads=2"]) == 0
    ran = [line.split() for line in capfd.readouterr().out.splitlines() if line.startswith("run +experiment")]
    # pair 1's batched measurement was kept; the rest ran in turn, batched then sequential
    assert [value(c, "model.parallel") for c in ran] == ["1", "4", "1"]
    assert [value(c, "run.results_dir") for c in ran] == [
        str(out / "pair-1" / "sequential"), str(out / "pair-2" / "batched"), str(out / "pair-2" / "sequential")]
    assert all(c[-1] == "model.n_threads=2" and value(c, "suite.limit") == "16" for c in ran)
    cfg = compose(ran[1][1:-1])
    assert (cfg.agent.session, cfg.suite.name, cfg.agent.forced_tool, cfg.vocab.name, cfg.run.repeats,
            cfg.model.parallel) == ("single", "tests70", "path_resolve", "maybe_exts", 4, 4)
    rows = cbc.read_timings(out)
    assert [(r["pair"], r["mode"]) for r in rows] == [
        ("1", "batched"), ("1", "sequential"), ("2", "batched"), ("2", "sequential")]
    decided = __import__("json").loads((out / "decision.json").read_text())
    assert decided["pairs"] == 2 and decided["decision"] in ("batched", "sequential")
    assert cbc.main([str(out), "--overrides"]) == 0          # what the queue passes to the sweep
    assert capfd.readouterr().out.strip() == " ".join(decided["overrides"])
    assert cbc.main([str(out)]) == 0                         # decided: nothing runs again
    assert "decided:" in capfd.readouterr().out
    with pytest.raises(SystemExit, match="not decided yet"):
        cbc.main([str(tmp_path / "none"), "--overrides"])
    (out / "decision.json").unlink()
    (out / "timings.tsv").write_text("pair\tmode\tseconds\tresults_dir\n1\tfast\t1\tx\n")
    with pytest.raises(SystemExit, match=r"timings.tsv, line 2: not a timings row"):
        cbc.main([str(out)])


def test_findings_collapse_shows_the_batching_check_and_its_decision(tmp_path, capsys):
    check = tmp_path / "check"
    check.mkdir()
    (check / "timings.tsv").write_text("pair\tmode\tseconds\tresults_dir\n1\tbatched\t90\ta\n"
                                       "1\tsequential\t100\tb\n2\tbatched\t60\tc\n")
    text = _script("findings_collapse").batch_check(check)
    assert "| 1 | 90 | 100 | 0.9 |" in text and "| 2 | 60 |  |  |" in text
    assert "not decided yet" in text
    cbc = _script("collapse_batch_check")
    (check / "decision.json").write_text(__import__("json").dumps(cbc.decide(cbc.read_timings(check))))
    assert "**sequential**: batched / sequential 0.9 over 1 pairs" in _script("findings_collapse").batch_check(check)
    assert "(not run yet" in _script("findings_collapse").batch_check(tmp_path / "nothing")
