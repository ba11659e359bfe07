"""Calibration of the lab's comparison on the seeded stochastic test model (lab/models/stochastic.py):

- A/A: identical configurations, disjoint seeds, >= 200 simulated pairs per session mode: the
  false-"different" rate at alpha = 0.05 is consistent with <= 5% (the Clopper-Pearson interval's
  lower bound is <= 5%, its upper bound is stated and bounded), while analysing single-session
  data as if its tests were independent calls noise "different" far more often;
- a planted difference of known size is detected at the rate `lab power` predicts (+-10 points);
- one end-to-end `lab calibrate` through the real run machinery, and the real-model command's plan.
The simulation calls the comparison directly on simulated per-test outcomes — the same outcomes
the backend gives through the agent loop (checked below).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from omegaconf import OmegaConf

from lab.cli import main
from lab.models.stochastic import pass_probabilities, simulate
from lab.stats import Spread, compare_arms, power_at, rate_ci

REPO = Path(__file__).resolve().parent.parent
PAIRS = 400


def ids(n: int) -> list[str]:
    return [f"t{i:02d}" for i in range(n)]


def aa_rate(session: str, tests: int, repeats: int, *, rho: float = 0.0, analyse: str | None = None,
            pairs: int = PAIRS, lift: float = 0.0) -> tuple[int, int]:
    """(called different, pairs): arm A seeds 2iR.., arm B the next R seeds (disjoint)."""
    t = ids(tests)
    hits = 0
    for i in range(pairs):
        a = simulate(t, range(2 * i * repeats, (2 * i + 1) * repeats), session=session, p=0.7, rho=rho,
                     difficulty_sd=0.8)
        b = simulate(t, range((2 * i + 1) * repeats, (2 * i + 2) * repeats), session=session, p=0.7,
                     rho=rho, difficulty_sd=0.8, lift=lift)
        c = compare_arms(a, b, session=analyse or session)
        hits += bool(c.p_value is not None and c.p_value < 0.05 and (lift == 0 or c.diff > 0))
    return hits, pairs


@pytest.mark.parametrize("session,tests,repeats,rho", [
    ("single", 30, 5, 0.3),          # one conversation per repeat, tests correlated within it
    ("isolated", 12, 2, 0.3),        # the real-model command's shape: 12 tests, 2 + 2 repeats a pair
])
def test_aa_false_different_rate_is_at_most_five_percent(session, tests, repeats, rho):
    k, n = aa_rate(session, tests, repeats, rho=rho)
    lo, hi = rate_ci(k, n)
    print(f"A/A {session}: {k}/{n} = {k / n:.1%} called different (95% CI {lo:.1%} .. {hi:.1%})")
    assert n >= 200
    assert lo <= 0.05              # consistent with the nominal 5%
    assert hi <= 0.085             # and no inflation beyond what 400 pairs can tell from 5%


def test_single_session_tests_analysed_as_independent_call_noise_different():
    """Why the repeat is the cluster: the same A/A data, paired over tests, is 'different' often."""
    k, n = aa_rate("single", 30, 5, rho=0.3, analyse="isolated", pairs=200)
    assert rate_ci(k, n)[0] > 0.2


@pytest.mark.parametrize("session,tests,repeats,rho,lift", [
    ("single", 30, 8, 0.2, 0.15),
    ("isolated", 40, 5, 0.0, 0.07),   # (a lift of 0.12 a test: 0.51 predicted, 0.61 seen: docs)
])
def test_a_planted_difference_is_detected_at_the_rate_power_predicts(session, tests, repeats, rho, lift):
    t = ids(tests)
    pilot = simulate(t, range(10_000, 10_040), session=session, p=0.7, rho=rho, difficulty_sd=0.8)
    planted = float((pass_probabilities(t, p=0.7, difficulty_sd=0.8, lift=lift)
                     - pass_probabilities(t, p=0.7, difficulty_sd=0.8)).sum())
    predicted = power_at(Spread.of(pilot, session=session), planted, repeats)
    k, n = aa_rate(session, tests, repeats, rho=rho, lift=lift, pairs=300)
    print(f"{session}: planted {planted:.2f} points, predicted power {predicted:.2f}, detected {k / n:.2f}")
    assert 0.3 < predicted < 0.95                      # an informative check, not a saturated one
    assert abs(k / n - predicted) <= 0.10


def test_the_backend_through_the_agent_loop_answers_what_simulate_draws(tmp_path):
    from lab.config import compose
    from lab.runner import run
    from lab.records.record import read_tests_csv
    for session in ("single", "isolated"):
        cfg = compose(mini(tmp_path, "model.p=0.5", "model.rho=0.5", "model.difficulty_sd=0.7",
                           f"agent.session={session}", "run.repeats=3", "run.seed=7"))
        o = run(cfg, out=io.StringIO(), progress=False)
        rows = read_tests_csv(o.run_dir / "tests.csv")
        got = np.array([[float(r.passed) for r in rows if r.repeat == k] for k in range(3)])
        order = [r.test_id for r in rows if r.repeat == 0]
        assert (got == simulate(order, [7, 8, 9], session=session, p=0.5, rho=0.5,
                                difficulty_sd=0.7)).all()


def mini(tmp_path: Path, *extra: str) -> list[str]:
    return ["model=stochastic", f"corpus.root={REPO / 'tests/data/minirepo'}",
            f"suite.file={REPO / 'tests/data/mini_suite.yaml'}",
            f"prompt.file={REPO / 'tests/data/agent/templates.yaml'}", "resolver.semantic.enabled=false",
            f"run.results_dir={tmp_path / 'results'}", "run.progress=false", *extra]


def test_lab_calibrate_end_to_end_on_the_test_model(tmp_path):
    from lab.comparisons.runs import Arm, compare_two
    from lab.records.history import record_dirs
    res = CliRunner().invoke(main, ["calibrate", *mini(tmp_path, "agent.session=isolated", "model.p=0.6",
                                                       "run.experiment=aa"),
                                    "--pairs", "3", "--repeats", "2", "--format", "json"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    rec = json.loads(res.stdout)
    folder = Path(rec["calibration_dir"])
    assert folder.parent.name == ".calibrations" and (folder / "calibration.json").is_file()
    assert (folder / "calibration.md").read_text().startswith("# A/A calibration")
    assert rec["pairs"] == rec["judged"] == 3 and rec["session"] == "isolated"
    assert rec["rate"] == rec["different"] / 3
    assert (rec["ci_low"], rec["ci_high"]) == pytest.approx(rate_ci(rec["different"], 3))
    a, b = rec["arms"]["a"], rec["arms"]["b"]
    assert a["seeds"] == [0, 1, 2, 3, 4, 5] and b["seeds"] == [6, 7, 8, 9, 10, 11]   # disjoint
    # both arms are ordinary runs of one configuration (one fingerprint), found by `lab history`
    assert sorted(map(str, record_dirs([tmp_path / "results"]))) == sorted([a["run_dir"], b["run_dir"]])
    arm_a, arm_b = Arm.load(Path(a["run_dir"])), Arm.load(Path(b["run_dir"]))
    assert arm_a.record.fingerprint == arm_b.record.fingerprint == rec["fingerprint"]
    for c in rec["comparisons"]:                    # each pair is the lab's one comparison
        again = compare_two(arm_a, arm_b, base_repeats=c["repeats"], cand_repeats=c["repeats"]).comparison
        assert c["p_value"] == pytest.approx(again.p_value) and c["different"] == (again.p_value < 0.05)
    # `lab power` reads a pilot run: arm A
    out = CliRunner().invoke(main, ["power", a["run_dir"], "--diff", "1,2", "--format", "json"])
    assert out.exit_code == 0, out.output
    power = json.loads(out.stdout)
    assert power["spread"]["session"] == "isolated" and power["spread"]["repeats"] == 6
    assert [r["diff"] for r in power["table"]] == [1, 2]


def test_single_session_calibration_needs_two_repeats_per_arm(tmp_path):
    res = CliRunner().invoke(main, ["calibrate", *mini(tmp_path), "--pairs", "3"])
    assert res.exit_code == 2 and "--repeats >= 2" in res.stderr


def test_the_real_model_command_plans_ten_plus_ten_repeats_on_twelve_isolated_tests():
    """docs/calibration.md's command, composed with the default model config (nothing is run)."""
    from lab.runner.calibrating import plan
    from lab.config import compose
    cfg = compose(["agent.session=isolated", "suite.limit=12", "run.experiment=aa-calibration"])
    p = plan(cfg, pairs=5, repeats=2)
    assert p.model == "qwen2.5-coder-1.5b" and p.session == "isolated" and p.tests == 12
    assert len(p.seeds_a) == len(p.seeds_b) == 10 and not set(p.seeds_a) & set(p.seeds_b)
    assert p.cfg_a.run.repeats == p.cfg_b.run.repeats == 10


def test_lab_power_from_numbers_matches_the_docs_table():
    out = CliRunner().invoke(main, ["power", "--sd", "5", "--tests", "70", "--diff", "5,8",
                                    "--repeats", "10,20"])
    assert out.exit_code == 0, out.output
    assert "5 | 17 | 0.56 | 0.87" in out.output and "8 | 8 | 0.92 | 1.00" in out.output


def _twin(tmp_path: Path, pairs: int, *extra: str) -> "object":
    return CliRunner().invoke(main, ["calibrate", *mini(tmp_path, "agent.session=isolated", "model.p=0.6",
                                                       "run.experiment=aat"),
                                     "--twin", "model.salt=twin", "--pairs", str(pairs), "--repeats", "2",
                                     "--format", "json", *extra], catch_exceptions=False)


def test_an_a_a_prime_calibration_runs_the_same_seeds_interleaved_and_resumes(tmp_path):
    """A/A' (issue 24): arm B is a fingerprint-different change (here the test model's salt),
    both arms run the same seeds, repeat k of A then repeat k of B, and the same command with more
    pairs continues the same two runs and the same record."""
    from lab.records.record import read_record
    res = _twin(tmp_path, 1)
    assert res.exit_code == 0, res.output
    first = json.loads(res.stdout)
    assert first["kind"] == "aa-twin-calibration" and first["twin"] == ["model.salt=twin"]
    assert first["pairs_done"] == 1 and first["schedule"] == "interleaved"
    res = _twin(tmp_path, 3)
    assert res.exit_code == 0, res.output
    rec = json.loads(res.stdout)
    assert rec["calibration_dir"] == first["calibration_dir"]
    assert Path(rec["calibration_dir"]).name.startswith("twin-")
    a, b = rec["arms"]["a"], rec["arms"]["b"]
    assert (a["run_dir"], b["run_dir"]) == (first["arms"]["a"]["run_dir"], first["arms"]["b"]["run_dir"])
    assert a["seeds"] == b["seeds"] == [0, 1, 2, 3, 4, 5] and a["fingerprint"] != b["fingerprint"]
    assert rec["pairs_done"] == rec["judged"] == 3 and len(rec["comparisons"]) == 3
    # interleaved: every repeat of B started after A's repeat of the same seed, before A's next
    ra, rb = read_record(Path(a["run_dir"])), read_record(Path(b["run_dir"]))
    start = {(arm, r.repeat): r.round["started_at"] for arm, rr in (("a", ra), ("b", rb)) for r in rr.repeats}
    for k in range(6):
        assert start[("a", k)] <= start[("b", k)]
        if k < 5:
            assert start[("b", k)] <= start[("a", k + 1)]
    # the seed-matched re-splits: many random cuts of the same 6 + 6 repeats
    rs = rec["resamples"]
    assert rs["matched"] and rs["draws"] > 0 and 0 <= rs["rate_p05"] <= rs["rate_mean"] <= rs["rate_p95"] <= 1
    md = (Path(rec["calibration_dir"]) / "calibration.md").read_text()
    assert md.startswith("# A/A' calibration") and "the same seeds in both arms" in md
    assert "Incomplete" not in md


def test_a_twin_that_leaves_the_fingerprint_is_refused(tmp_path):
    res = CliRunner().invoke(main, ["calibrate", *mini(tmp_path, "agent.session=isolated"),
                                    "--twin", "run.progress=true", "--pairs", "1", "--repeats", "2"])
    assert res.exit_code == 2 and "leaves the fingerprint as it was" in res.stderr
    assert not list((tmp_path / "results").rglob("run.json"))   # refused before a repeat ran


def test_interleaving_needs_a_twin(tmp_path):
    res = CliRunner().invoke(main, ["calibrate", *mini(tmp_path, "agent.session=isolated"),
                                    "--schedule", "interleaved", "--pairs", "1"])
    assert res.exit_code == 2 and "needs --twin" in res.stderr


def test_the_real_a_a_prime_command_changes_one_word_of_the_prompt():
    """docs/statistics.md's A/A' command: arm B differs from arm A by one word of the system prompt
    (nothing else in any config group), and the plan runs the same 20 seeds in both arms."""
    from lab.config import compose
    from lab.runner.calibrating import plan
    base = ["+experiment=lexiopt4", "agent.session=isolated", "agent.tool_choice=first",
            "agent.forced_tool=path_resolve", "run.experiment=aa-twin-70"]
    a, b = compose(base), compose(base + ["prompt=answer_line_twin"])
    pa, pb = OmegaConf.to_container(a, resolve=True), OmegaConf.to_container(b, resolve=True)
    assert {k for k in pa if pa[k] != pb[k]} == {"prompt"}
    diff = {k for k in pa["prompt"] if pa["prompt"][k] != pb["prompt"][k]}
    assert diff == {"name", "about", "system"}
    assert pa["prompt"]["system"].replace("Each user", "Every user") == pb["prompt"]["system"]
    p = plan(a, pairs=10, repeats=2, twin_cfg=b, twin=["prompt=answer_line_twin"])
    assert p.seeds_a == p.seeds_b == list(range(20)) and p.schedule == "interleaved"


def test_rounds_apart_compares_no_shared_round_and_cannot_tell_one_round_each(tmp_path):
    """The rounds-separate case of issue 24 from the same repeats: A's repeats of some rounds against
    B's of the others. One round on each side is "cannot tell" (the rounds are confounded with the
    arms); with more rounds every split is judged over round means; no split shares a round."""
    from datetime import datetime, timedelta
    from lab.comparisons.runs import Arm
    from lab.records.rounds import RoundInfo
    from lab.runner.calibrating import CalibrationRecord, format_calibration, rounds_apart
    res = _twin(tmp_path, 4)
    assert res.exit_code == 0, res.output
    rec = json.loads(res.stdout)
    assert rec["apart"] == {}                                   # one session: one round, nothing apart
    again = json.loads(_twin(tmp_path, 2).stdout)              # re-judged from the runs: nothing runs
    assert again["pairs_done"] == 2 and again["arms"] == rec["arms"]
    a, b = Arm.load(Path(rec["arms"]["a"]["run_dir"])), Arm.load(Path(rec["arms"]["b"]["run_dir"]))
    ks = list(range(8))
    t0 = datetime(2026, 12, 2, 8, 0)

    def sessions(per: int) -> None:   # repeats k of both arms in round k // per (another code each)
        for arm in (a, b):
            arm.rounds = {k: RoundInfo(f"code{k // per}", 2, "host", t0 + timedelta(hours=3 * (k // per), minutes=k % per),
                                       0.5, "recorded") for k in ks}
    sessions(4)
    two = rounds_apart(a, b, ks, 0.05)
    assert (two["rounds"], two["splits"], two["cannot_tell"], two["judged"]) == (2, 2, 2, 0)
    sessions(2)
    four = rounds_apart(a, b, ks, 0.05)
    assert (four["rounds"], four["splits"], four["cannot_tell"]) == (4, 14, 0)   # 2^4 - 2 splits
    assert four["judged"] == 14 and 0 <= four["different"] <= 14 and four["ez2"] >= 0
    assert rounds_apart(a, b, ks, 0.05, draws=5)["splits"] == 5
    folder = Path(rec["calibration_dir"])
    text = format_calibration(CalibrationRecord(**{**rec_fields(folder), "apart": two}))
    assert '2 "cannot tell" (one round on each side), none judged' in text


def rec_fields(folder: Path) -> dict:
    return json.loads((folder / "calibration.json").read_text())


def test_findings_aa_prints_the_arms_seed_by_seed_from_the_calibration_record(tmp_path, capsys):
    """scripts/findings_aa.py (the tables of the A/A' page): arms and per-seed rows come from the
    runs the record names; a folder without a record is refused with its path."""
    from lab.records.record import read_record
    from support.scripts import load_script
    mod = load_script("findings_aa")
    with pytest.raises(SystemExit, match="no A/A' calibration record"):
        mod.main([str(tmp_path)])
    res = _twin(tmp_path, 2)
    assert res.exit_code == 0, res.output
    rec = json.loads(res.stdout)
    mod.main([str(tmp_path / "results" / "aat")])
    out = capsys.readouterr().out
    a, b = (read_record(Path(rec["arms"][k]["run_dir"])) for k in "ab")
    arm_a = next(line for line in out.splitlines() if line.startswith("| A | "))
    assert " ".join(f"{r.score}/{r.n}" for r in sorted(a.repeats, key=lambda r: r.repeat)) in arm_a
    section = out.split("## Seed by seed")[1].split("## The calibration record")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    assert [int(r.split("|")[1]) for r in rows] == [0, 1, 2, 3]
    for row, ra, rb in zip(rows, sorted(a.repeats, key=lambda r: r.seed), sorted(b.repeats, key=lambda r: r.seed)):
        cells = [c.strip() for c in row.split("|")[1:-1]]
        assert cells[1:4] == [str(ra.score), str(rb.score), str(rb.score - ra.score)]
    assert "## The calibration record" in out and "### A/A' calibration" in out
    mod.main([str(tmp_path / "results" / "aat"), "--level", "3"])   # as the page includes it
    headings = [line.split(" ", 1) for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    assert [h for h, _ in headings[:3]] == ["###"] * 3
    assert headings[3][0] == "####" and headings[3][1].startswith("A/A' calibration")
    assert all(len(h) >= 4 for h, _ in headings[3:]), headings
    mod.main([str(tmp_path / "results" / "aat"), "--summary"])     # docs/statistics.md's row
    (row,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| real model")]
    cells = [c.strip() for c in row.split("|")[1:-1]]
    assert "incomplete" not in cells[0] and cells[1] == str(rec["judged"])
    assert cells[2].startswith(f"{rec['different']}/{rec['judged']} = {100 * rec['rate']:.1f}% (")
    assert cells[3] == f"{rec['spread']['ez2']:.2f} ({rec['spread']['chi2_p']:.2g})"
