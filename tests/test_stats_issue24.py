"""Issue 24: statistics that hold up on the committed real runs (docs/findings/
qwen2.5-coder-1.5b-lexiopt/runs): rounds in the comparison (finding 1), bimodal single sessions (finding 2),
"no effect" as an equivalence test (TOST). Each test failed on the code before issue 24."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lab.comparisons.runs import Arm, compare_two
from lab.records.record import read_record
from lab.records.rounds import round_labels, rounds_of, split_by
from lab.stats import compare_arms

RUNS = Path(__file__).resolve().parents[1] / "docs/findings/qwen2.5-coder-1.5b-lexiopt/runs"
CELLS = ("alike", "lexiopt4", "lexiopt6", "maybe_exts_removed")


def run_dir(mode: str, cell: str) -> Path:
    return next((RUNS / mode / cell).iterdir())


# -- finding 1: the round effect ------------------------------------------------------------------

def test_the_committed_isolated_runs_have_their_third_repeat_in_another_round():
    for cell in CELLS:
        rec = read_record(run_dir("isolated", cell))
        r = rounds_of(rec)
        assert [r[k].source for k in (0, 1, 2)] == ["events"] * 3     # records from before rounds
        assert r[0].commit == "c3b67b14c0ed5f511719b9f8cd24cb47a164a381"
        assert r[2].commit == "79826a03ed13da4430473e135f4b66abbf3a05e9"
        labels = round_labels([r[0], r[1], r[2]])
        assert labels[2] not in labels[:2]
        if cell == "lexiopt6":        # its repeat 1 was finished by a resume from a third commit
            assert r[1].commit.startswith("bcfd96ec") and labels[0] != labels[1]
        else:
            assert labels[0] == labels[1]


def test_seeds_0_1_against_seed_2_within_one_cell_is_no_longer_called_different():
    """The old paired t over tests called the third repeat different in 3 of 4 cells (p 0.024,
    0.0001, 0.045, 0.094): an A/A within one cell. (Its jump was measured since to be seed 2's own,
    in one round too: docs/statistics.md, "Isolated: rounds".) Those arms did not share a round:
    with one round a side nothing separates them from their rounds (cannot tell); lexiopt6's seeds
    0,1 ran in two rounds, so there the rounds' scores are compared."""
    old, new = [], []
    for cell in CELLS:
        arm = Arm.load(run_dir("isolated", cell))
        ids = arm.order
        m = np.array([[arm.passes[k][t] for t in ids] for k in (0, 1, 2)], dtype=float)
        old.append(compare_arms(m[:2], m[2:], session="isolated").p_value)
        c = compare_two(arm, arm, base_repeats=[0, 1], cand_repeats=[2]).comparison
        assert "did not share their rounds" in c.describe()
        if cell == "lexiopt6":       # every repeat its own round: the round means are the repeats
            assert c.method == "pooled" and c.unit == "repeat"
        else:
            assert c.method == "none" and c.unit == "round" and "single round of its own" in c.note
        new.append(c)
    assert sum(p < 0.05 for p in old) >= 3
    assert min(old) < 0.001
    assert not any(c.significant for c in new)
    # seed 0 against seed 1 ran in one round: still paired over the tests
    same = compare_two(*(Arm.load(run_dir("isolated", "lexiopt4")),) * 2, base_repeats=[0],
                       cand_repeats=[1]).comparison
    assert same.method == "paired-t" and same.rounds.startswith("one shared round")


def test_a_sweep_whose_cells_shared_rounds_gets_a_round_term_only_where_the_rounds_show_one():
    base, cand = Arm.load(run_dir("isolated", "alike")), Arm.load(run_dir("isolated", "lexiopt4"))
    c = compare_two(base, cand).comparison
    # these two rounds show no round variance (MS_round <= MS_resid): repeats weighted equally
    assert c.method == "paired-t" and c.rounds == ("2 shared rounds split by code; round variance "
                                                   "estimated 0: no round term, repeats weighted equally")
    assert c.ci_low < c.diff < c.ci_high and 0 < c.p_value <= 1


def _aa(rng, interaction: float, rounds: int = 3, t: int = 70):
    """Isolated A/A, both arms in the same rounds; each round moves each arm's pass rates by its
    own shift (an arm x round interaction: e.g. one round's threads suit one arm's prompts)."""
    p = rng.beta(2, 1, size=t)
    rows = {0: [], 1: []}
    for _ in range(rounds):
        for arm in (0, 1):
            q = np.clip(p + rng.normal(0, interaction), 0, 1)
            rows[arm].append((rng.random(t) < q).astype(float))
    return np.array(rows[0]), np.array(rows[1])


def test_a_planted_round_interaction_fools_the_paired_t_but_not_the_two_way_variance():
    rng = np.random.default_rng(24)
    labels = (list(range(3)), list(range(3)))
    old = new = 0
    n = 300
    for _ in range(n):
        xb, xc = _aa(rng, 0.08)
        old += compare_arms(xb, xc, session="isolated").significant
        new += compare_arms(xb, xc, session="isolated", rounds=labels).significant
    assert old / n > 0.25                    # the paired t over tests: far above 5%
    assert new / n < 0.085                   # the two-way variance: calibrated
    # no round effect at all: the price of estimating a round term from 3 rounds (measured: the
    # paired t detects this lift of ~6 points in ~60%, the two-way variance in ~30%)
    hits = [0, 0]
    for _ in range(100):
        xb, xc = _aa(rng, 0.0)
        xc = np.maximum(xc, (rng.random(xc.shape) < 0.25).astype(float))   # a real lift
        hits[0] += compare_arms(xb, xc, session="isolated").significant
        hits[1] += compare_arms(xb, xc, session="isolated", rounds=labels).significant
    assert hits[1] >= 0.35 * hits[0] and hits[0] >= 40


# -- finding 2: bimodal single sessions -------------------------------------------------------------

def test_the_committed_collapse_is_its_own_part_and_not_a_welch_on_the_mixture():
    """lexiopt4's single session: 63, 60 and 0/70 (a copy cascade). Welch on that mixture printed
    an MDE of ~78 points on a 70-point scale and a Cohen's d made by the one event."""
    base, cand = Arm.load(run_dir("single", "alike")), Arm.load(run_dir("single", "lexiopt4"))
    assert [cand.collapsed[k] for k in (0, 1, 2)] == [False, False, True]
    ids = [t for t in base.order if t in cand.passes[0]]
    mb = np.array([[base.passes[k][t] for t in ids] for k in sorted(base.passes)], dtype=float)
    mc = np.array([[cand.passes[k][t] for t in ids] for k in sorted(cand.passes)], dtype=float)
    old = compare_arms(mb, mc, session="single")
    assert old.mde > len(ids)                          # the old MDE exceeded the scale
    # both runs ran seeds 0, 1, 2: paired by seed, every repeat counted, the collapse named (issue 59)
    paired = compare_two(base, cand).comparison
    assert paired.method == "paired-seed" and (paired.repeats_base, paired.repeats_cand) == (3, 3)
    assert paired.mean_cand == pytest.approx(41.0) and paired.collapses == {
        "base": 0, "n_base": 3, "cand": 1, "n_cand": 3}
    assert "cand 1/3" in paired.describe()
    # unpaired (no seeds known), the same repeats: the two parts, the plain difference beside them
    flags = ([False] * 3, [cand.collapsed[k] for k in (0, 1, 2)])
    c = compare_arms(mb, mc, session="single", collapsed=flags)
    assert c.plain["diff"] == pytest.approx(old.diff) and c.plain["p"] == pytest.approx(old.p_value)
    cp = c.collapse
    assert (cp["base"], cp["n_base"], cp["cand"], cp["n_cand"]) == (0, 3, 1, 3)
    assert cp["p"] == pytest.approx(1.0) and cp["ci_base"][0] == 0.0 and cp["ci_cand"][1] < 1
    assert (c.repeats_base, c.repeats_cand) == (3, 2) and c.mean_cand == pytest.approx(61.5)
    # of the non-collapsed repeats only; on Welch's own df at 3 vs 2 repeats (issue 59): ~22 points
    assert c.mde < 30 and abs(c.effect_size) < 5
    assert c.ci_level == pytest.approx(0.975) and c.p_overall == pytest.approx(min(1, 2 * c.p_value))
    assert "two parts at alpha/2" in c.describe()
    # per-test effects leave the collapse out ("53 tests better" came from that one event)
    rc = compare_two(base, cand)
    assert {(e.base_n, e.cand_n) for e in rc.effects} == {(3, 2)}
    assert rc.effects[0].method == "fisher-exact"               # 3 vs 2: no longer seed-paired


def _single(rng, reps, mean, collapse, t=70, sd=1.5):
    rows, flags = [], []
    for _ in range(reps):
        down = rng.random() < collapse
        score = 0 if down else int(np.clip(round(rng.normal(mean, sd)), 0, t))
        r = np.zeros(t)
        r[rng.choice(t, score, replace=False)] = 1
        rows.append(r)
        flags.append(down)
    return np.array(rows), flags


def test_a_planted_collapse_hides_a_lift_from_welch_but_not_from_the_two_part_analysis():
    rng = np.random.default_rng(2)
    old = new = n = 0
    while n < 200:
        xb, fb = _single(rng, 10, 60, 0.1)
        xc, fc = _single(rng, 10, 63, 0.1)
        if sum(fb) + sum(fc) == 0:
            continue                                   # the planted collapse must be there
        n += 1
        old += compare_arms(xb, xc, session="single").significant
        new += compare_arms(xb, xc, session="single", collapsed=(fb, fc)).significant
    assert old / n < 0.3 and new / n > 0.8


def test_a_candidate_that_collapses_more_often_is_a_regression():
    from lab.comparisons.gate import EXIT_REGRESSION, judge
    rng = np.random.default_rng(3)
    xb, fb = _single(rng, 10, 60, 0.0)
    xc, fc = _single(rng, 10, 60, 0.0)
    fc = [i < 8 for i in range(10)]
    xc[np.array(fc)] = 0
    c = compare_arms(xb, xc, session="single", collapsed=(fb, fc))
    assert c.collapse["p"] < 0.025 and c.significant
    v = judge(c, alpha=0.05, margin=1.0)
    assert v.code == EXIT_REGRESSION and "collapses more often" in v.message


# -- "no effect" as an equivalence test -----------------------------------------------------------

def test_tost_is_statsmodels_tost_and_said_beside_a_non_significant_difference():
    from statsmodels.stats.weightstats import ttost_ind, ttost_paired
    from lab.stats import words
    rng = np.random.default_rng(4)
    p = rng.beta(4, 1, size=70)
    xb = (rng.random((20, 70)) < p).astype(float)
    xc = (rng.random((20, 70)) < p).astype(float)
    c = compare_arms(xb, xc, session="single", margin=3.0)
    p, _, _ = ttost_ind(xc.sum(axis=1), xb.sum(axis=1), -3.0, 3.0, usevar="unequal")
    assert c.tost_p == pytest.approx(p)
    iso = compare_arms(xb, xc, session="isolated", margin=3.0)
    p, _, _ = ttost_paired(xc.mean(axis=0) * 70, xb.mean(axis=0) * 70, -3.0, 3.0)
    assert iso.tost_p == pytest.approx(p)
    assert not iso.significant and iso.equivalent
    assert "equivalence within ±3 points shown" in words.equivalence(iso.to_dict())
    wide = compare_arms(xb, xc, session="single", margin=0.5)
    assert not wide.equivalent and "not shown" in words.equivalence(wide.to_dict())


# -- finding 5: lab power from the measured comparison, agreeing with the MDE --------------------

def test_lab_power_does_not_plan_from_a_comparison_over_round_means():
    """lexiopt6 (3 rounds) against maybe_exts_removed (2 rounds, seeds 0 and 1 in one): the arms
    did not share their rounds, so the comparison is over round means; its spread is not a
    repeat's, so `lab power` asks for a pilot instead of planning repeats from it."""
    from click.testing import CliRunner
    from lab.cli import main
    c = compare_two(Arm.load(run_dir("isolated", "lexiopt6")),
                    Arm.load(run_dir("isolated", "maybe_exts_removed"))).comparison
    assert c.unit == "round" and c.p_value is not None
    out = CliRunner().invoke(main, ["power", str(run_dir("isolated", "lexiopt6")),
                                    str(run_dir("isolated", "maybe_exts_removed")), "--diff", "5"])
    assert out.exit_code == 2 and "plan from a pilot run" in out.stderr


@pytest.mark.parametrize("mode,a,b", [("isolated", "alike", "lexiopt4"),       # two-way, 2 rounds
                                      ("single", "alike", "lexiopt6"),
                                      ("single", "alike", "lexiopt4")])         # 3 vs 2: a collapse
def test_lab_power_from_two_runs_agrees_with_the_comparisons_mde(mode, a, b):
    """`lab power BASE CAND` plans from the spread the comparison measured (seed coupling in it):
    at the comparison's own repeats, its MDE has the stated 80% power. Before issue 24 `lab power`
    took the pooled within-test variance (coupling ignored) and disagreed with the MDE column."""
    import json
    from click.testing import CliRunner
    from lab.cli import main
    from lab.stats import Spread, power_at
    c = compare_two(Arm.load(run_dir(mode, a)), Arm.load(run_dir(mode, b))).comparison
    spread = Spread.of_comparison(c)
    # equal repeats: the same number; 3 vs 2 is planned as 2.4 a side (harmonic), within 0.05
    tol = 0.01 if c.repeats_base == c.repeats_cand else 0.05
    assert power_at(spread, c.mde, spread.repeats, alpha=c.part_alpha) == pytest.approx(0.8, abs=tol)
    if spread.repeats == 3:      # the CLI takes whole repeat counts
        out = CliRunner().invoke(main, ["power", str(run_dir(mode, a)), str(run_dir(mode, b)),
                                        "--diff", f"{c.mde:.6f}", "--repeats", "3",
                                        "--format", "json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["table"][0]["power"]["3"] == pytest.approx(0.8, abs=0.01)
    if c.method == "two-way":       # the coupling: measured spread below the independent-arms one
        ma = Spread.of(*(np.array([[arm.passes[k][t] for t in arm.order] for k in sorted(arm.passes)])
                         for arm in (Arm.load(run_dir(mode, a)), Arm.load(run_dir(mode, b)))),
                       session="isolated")
        assert c.sd < (2 * ma.within_var / 3) ** 0.5


# -- finding 3: a calibration judged by its spread ------------------------------------------------

def test_the_calibration_spread_check_fails_a_wrong_standard_error_that_a_rejection_count_misses():
    """Five pairs: 0/5 rejections "passes" both a calibrated test and one whose standard errors are
    twice too large; E[z^2] and the p-values' distribution tell them apart over enough pairs."""
    from lab.stats.multiple import spread_check
    from scipy import stats
    rng = np.random.default_rng(5)
    z = rng.normal(size=200)
    good = spread_check(z, 2 * stats.norm.sf(np.abs(z)))
    assert 0.8 < good["ez2"] < 1.2 and good["chi2_p"] > 0.01 and good["ks_p"] > 0.01
    zs = z / 2                                           # se twice too large: conservative
    bad = spread_check(zs, 2 * stats.norm.sf(np.abs(zs)))
    assert bad["ez2"] < 0.4 and bad["chi2_p"] < 1e-6 and bad["ks_p"] < 1e-6
    assert sum(p < 0.05 for p in 2 * stats.norm.sf(np.abs(zs[:5]))) == 0   # the count: silent


# -- finding 4: per-test effects where the repeats can reject, otherwise heterogeneity ------------

def test_per_test_verdicts_only_where_the_repeats_can_reject_and_one_heterogeneity_test():
    from lab.stats import per_test_effects
    from lab.stats.heterogeneity import heterogeneity, min_p
    rc = compare_two(Arm.load(run_dir("isolated", "alike")), Arm.load(run_dir("isolated", "lexiopt4")))
    assert rc.paired_repeats and min_p(3, 3, True) == 0.25 and min_p(3, 3, False) == pytest.approx(0.1)
    assert not any(e.testable for e in rc.effects)             # 0.25 > 0.05 / 70: foregone
    h = rc.heterogeneity
    assert h["tables"] >= 2 and 0 <= h["p"] <= 1
    # shrinkage: a lone 3/3 -> 0/3 flip among noise is pulled towards the mean
    flips = [e for e in rc.effects if abs(e.delta) == 1]
    assert all(abs(e.shrunk) < 1 for e in flips)
    # planted: 10 of 40 tests respond (+0.5), 20 repeats a side: heterogeneity finds it
    rng = np.random.default_rng(8)
    p = np.full(40, 0.4)
    xb = (rng.random((20, 40)) < p).astype(float)
    xc = (rng.random((20, 40)) < p + np.r_[np.full(10, 0.5), np.zeros(30)]).astype(float)
    assert heterogeneity(xb, xc)["p"] < 0.001
    eff = per_test_effects(xb, xc, [f"t{i}" for i in range(40)])
    assert eff[0].testable and sum(e.p_bh < 0.05 for e in eff[:10]) >= 5


def test_breslow_day_is_statsmodels_where_that_is_defined_and_finite_at_a_pooled_ratio_of_one():
    """A/A comparisons flip tests symmetrically: the pooled odds ratio is then exactly 1, where
    statsmodels' test_equal_odds divides 0 by 0 (the calibration's log showed its warning and
    `lab diff` printed chi2 nan)."""
    import warnings
    from statsmodels.stats.contingency_tables import StratifiedTable
    from lab.stats.heterogeneity import breslow_day, heterogeneity
    rng = np.random.default_rng(3)
    for _ in range(200):
        k = int(rng.integers(2, 12))
        t = rng.integers(0, 6, size=(k, 2, 2)).astype(float)
        t[:, 0, 0] += 1
        ref = StratifiedTable(t.transpose(1, 2, 0), shift_zeros=True).test_equal_odds().statistic
        assert breslow_day(t) == pytest.approx(ref, rel=1e-9, abs=1e-12)
    # two tests that flipped in opposite directions: pooled ratio 1, yet they respond differently
    xb = np.array([[1, 0]] * 5 + [[0, 1]] * 5, dtype=float)
    xc = np.array([[0, 1]] * 5 + [[1, 0]] * 5, dtype=float)
    xb[:, 0], xc[:, 0] = [1] * 8 + [0] * 2, [1] * 2 + [0] * 8
    xb[:, 1], xc[:, 1] = [1] * 2 + [0] * 8, [1] * 8 + [0] * 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        h = heterogeneity(xb, xc)
    assert np.isfinite(h["statistic"]) and h["statistic"] > 5 and 0 < h["p"] < 0.05
    same = np.array([[1, 0], [0, 1]] * 2, dtype=float)
    assert heterogeneity(same, same[::-1])["p"] == pytest.approx(1.0)


def test_a_new_run_records_each_repeats_round_and_two_runs_of_one_session_share_it(tmp_path):
    from lab.runner import run
    from support.runs import scripted, scripted_cfg
    dirs = [run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(), progress=False).run_dir
            for _ in range(2)]
    recs = [read_record(d) for d in dirs]
    for rec in recs:
        for r in rec.repeats:
            assert set(r.round) == {"started_at", "host", "pid", "load_per_cpu"}
        info = rounds_of(rec)
        assert all(i.source == "recorded" and i.known for i in info.values())
    infos = [i for rec in recs for i in rounds_of(rec).values()]
    assert len(set(round_labels(infos))) == 1                 # one machine, one commit, minutes apart
    c = compare_two(Arm.load(dirs[0]), Arm.load(dirs[1])).comparison
    # single session, both runs at seeds 0, 1: paired by seed (issue 59), collapses named
    assert c.unit == "seed" and c.collapse is None and c.collapses["base"] == 0


def test_the_simulator_refitted_from_the_real_runs_fails_the_old_method_and_passes_the_new():
    """Variance components of the committed isolated sweep (49% always-pass/fail tests, seed
    coupling, a round shift); A/A pairs whose arms ran in different rounds (every repeat its own):
    judged by the spread of the pairs, not a count."""
    from lab.stats.multiple import spread_check, z_of
    from lab.stats.simulate import fit, simulate
    cells = []
    for cell in CELLS:
        arm = Arm.load(run_dir("isolated", cell))
        cells.append(np.array([[arm.passes[k][t] for t in sorted(arm.order)] for k in (0, 1, 2)]))
    c = fit(cells, rounds=[0, 0, 1])
    assert c.always_share == pytest.approx(0.49, abs=0.02) and c.coupling > 0.2 and c.round_sd > 0.03
    rng = np.random.default_rng(0)
    rounds = ([0, 1, 2], [3, 4, 5])
    old, new = [], []
    for _ in range(200):
        xb, xc = simulate(c, rng, 3, rounds=rounds)
        old.append(compare_arms(xb, xc, session="isolated"))
        new.append(compare_arms(xb, xc, session="isolated", rounds=rounds))
    judged = {name: spread_check([z_of(x.diff, x.p_value) for x in xs if x.p_value is not None],
                                 [x.p_value for x in xs if x.p_value is not None])
              for name, xs in (("old", old), ("new", new))}
    assert judged["old"]["ez2"] > 1.8 and judged["old"]["ks_p"] < 1e-6
    assert 0.7 < judged["new"]["ez2"] < 1.3 and judged["new"]["ks_p"] > 0.01
    assert np.mean([x.significant for x in new]) < 0.06 < np.mean([x.significant for x in old])


def test_the_report_table_says_tost_at_the_researchers_margin():
    from lab.analysis.cell_pairs import compare_cells
    from lab.analysis.load import load
    t = load([RUNS / "isolated"], transcripts=False).complete_tests
    at3, at10 = compare_cells(t, margin=3.0), compare_cells(t, margin=10.0)
    assert len(at3) == 6 and all("within ±3 points not shown" in x for x in at3["parts"])
    assert any("within ±10 points shown" in x for x in at10["parts"])
    assert (at3["p_overall"] == at10["p_overall"]).all()            # the margin moves TOST only


def test_arms_in_one_round_each_cannot_be_told_from_their_rounds():
    """The gate against an older baseline (finding 1): each arm's repeats all in one round of its
    own. On the simulator fitted to the lexiopt sweep, Welch over those repeat scores called A/A
    pairs "different" 43% of the time at 6 + 6 (E[z^2] 4.2); the comparison now says it cannot
    tell, and with two or more rounds an arm the round mean is the unit (calibrated)."""
    from lab.stats.multiple import spread_check, z_of
    from lab.stats.simulate import fit, simulate
    cells = []
    for cell in CELLS:
        arm = Arm.load(run_dir("isolated", cell))
        cells.append(np.array([[arm.passes[k][t] for t in sorted(arm.order)] for k in (0, 1, 2)]))
    c = fit(cells, rounds=[0, 0, 1])
    rng = np.random.default_rng(1)
    one_each = ([0] * 6, [1] * 6)
    xb, xc = simulate(c, rng, 6, rounds=one_each)
    got = compare_arms(xb, xc, session="isolated", rounds=one_each)
    assert got.method == "none" and got.p_value is None and "single round of its own" in got.note
    # the old test on the same pairs: Welch over the repeat scores of one round a side
    old = [compare_arms(*simulate(c, rng, 6, rounds=one_each), session="single") for _ in range(200)]
    assert np.mean([x.significant for x in old]) > 0.25
    # two rounds a side, three repeats in each: Welch over the round means holds its spread
    two_each = ([0, 0, 0, 1, 1, 1], [2, 2, 2, 3, 3, 3])
    new = [compare_arms(*simulate(c, rng, 6, rounds=two_each), session="isolated", rounds=two_each)
           for _ in range(300)]
    assert all(x.unit == "round" and "round mean scores" in x.describe() for x in new if x.p_value is not None)
    ok = [x for x in new if x.p_value is not None]
    sp = spread_check([z_of(x.diff, x.p_value) for x in ok], [x.p_value for x in ok])
    assert len(ok) > 250 and 0.6 < sp["ez2"] < 1.4 and np.mean([x.significant for x in ok]) < 0.08


def test_a_commit_of_results_alone_does_not_start_a_round(tmp_path):
    """A sweep whose results are committed while it runs resumes each cell from a new commit; the
    round's commit is the code's id (HEAD's lab/configs/prompts entries), so those segments stay
    one round, while a change of the code (or of threads) is another round."""
    import dataclasses
    from lab.records.provenance import git_info
    from lab.runner import run
    from support.runs import scripted, scripted_cfg
    d = run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    code = git_info()["code"]
    assert code and len(code) == 16
    t0 = rec.repeats[0].round["started_at"]

    def with_segments(*gits):      # repeat k ran in segment k, each from its own commit
        events = [{"status": "running", "at": t0, "pid": 100 + k, "git": g, "kept_repeats": list(range(k))}
                  for k, g in enumerate(gits)]
        reps = [dataclasses.replace(r, round={**r.round, "pid": 100 + r.repeat}) for r in rec.repeats]
        return dataclasses.replace(rec, events=events, repeats=reps)

    same_code = with_segments({"revision": "a" * 40, "code": code}, {"revision": "b" * 40, "code": code})
    assert len(set(round_labels(list(rounds_of(same_code).values())))) == 1
    other_code = with_segments({"revision": "a" * 40, "code": code}, {"revision": "b" * 40, "code": "0" * 16})
    assert len(set(round_labels(list(rounds_of(other_code).values())))) == 2
    old = with_segments({"revision": "a" * 40}, {"revision": "b" * 40})   # records before the code id
    assert len(set(round_labels(list(rounds_of(old).values())))) == 2


def test_a_resume_with_other_threads_is_its_own_round_condition(tmp_path):
    """`model.n_threads` changes no token but is a condition of a round; a resume may pass another
    value. Each segment's event records its threads (new records); in older records the config's
    explicit value held for every segment, so a resume at other threads was mislabelled — the last
    segment now takes the model identity's (rewritten at every resume)."""
    import dataclasses
    from lab.runner import run
    from support.runs import scripted, scripted_cfg
    d = run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    t0 = rec.repeats[0].round["started_at"]
    reps = [dataclasses.replace(r, round={**r.round, "pid": 100 + r.repeat}) for r in rec.repeats]

    def segments(threads, config=None, identity=None, recorded=True):
        events = [{"status": "running", "at": t0, "pid": 100 + k, "git": {"code": "c" * 16},
                   "kept_repeats": list(range(k)), **({"n_threads": n} if recorded else {})}
                  for k, n in enumerate(threads)]
        cfg = {**rec.config, "model": {**(rec.config.get("model") or {}), "n_threads": config}}
        model = {**rec.model, "extra": {**(rec.model.get("extra") or {}), "n_threads": identity}}
        return dataclasses.replace(rec, events=events, repeats=reps, config=cfg, model=model)

    info = rounds_of(segments([1, 2]))
    assert [info[k].n_threads for k in (0, 1)] == [1, 2]
    assert len(set(round_labels(list(info.values())))) == 2
    old = rounds_of(segments([None, None], config=1, identity=2, recorded=False))
    assert [old[k].n_threads for k in (0, 1)] == [1, 2]            # the resume passed 2 threads
    default = rounds_of(segments([None, None], config=None, identity=2, recorded=False))
    assert [default[k].n_threads for k in (0, 1)] == ["default", "default"]   # one setting all along


def test_a_resume_keeps_the_threads_of_the_segments_before_it(tmp_path):
    """Seen on the A/A' calibration: one process (two threads) ran repeats 1-3 as three segments
    written before segments recorded their threads; the model identity said 2 for all of them
    (the last process's), until a new process resumed the run, recorded its own threads and left
    them to the config's 1. A resume now fills them in from the identity it is about to rewrite."""
    import dataclasses
    from lab.records.rounds import keep_threads, last_process
    from lab.runner import resume, run
    from support.runs import scripted, scripted_cfg
    d = run(scripted_cfg(tmp_path, "run.repeats=4"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    t0 = rec.repeats[0].round["started_at"]
    pids = [1, 2, 2, 2]                          # repeat 0 one process, repeats 1-3 another
    reps = [dataclasses.replace(r, round={**r.round, "pid": pids[r.repeat]}) for r in rec.repeats]
    events = [{"status": "running", "at": t0, "pid": pid, "host": "h", "git": {"code": "c" * 16},
               "kept_repeats": list(range(k))} for k, pid in enumerate(pids)]
    old = dataclasses.replace(rec, events=events, repeats=reps,
                              config={**rec.config, "model": {**(rec.config.get("model") or {}), "n_threads": 1}},
                              model={**rec.model, "extra": {**(rec.model.get("extra") or {}), "n_threads": 2}})
    assert [s["pid"] for s in last_process(old)] == [2, 2, 2]
    assert [rounds_of(old)[k].n_threads for k in range(4)] == [1, 2, 2, 2]   # every segment of pid 2
    after = dataclasses.replace(old, events=[dict(e) for e in old.events])
    keep_threads(after)
    assert [e.get("n_threads") for e in after.events] == [None, 2, 2, 2]
    assert {e.get("n_threads_from") for e in after.events[1:]} == {"model identity"}
    after.events.append({"status": "running", "at": t0, "pid": 3, "host": "h", "n_threads": 1,
                         "git": {"code": "c" * 16}, "kept_repeats": [0, 1, 2, 3]})
    assert [rounds_of(after)[k].n_threads for k in range(4)] == [1, 2, 2, 2]  # kept past a new process
    lost = dataclasses.replace(old, events=old.events + [after.events[-1]])  # without keep_threads
    assert [rounds_of(lost)[k].n_threads for k in range(4)] == [1, 1, 1, 1]

    # and a resume does it: a run of 2 repeats, rewritten as an older record would be, resumed to 3
    d2 = run(scripted_cfg(tmp_path / "r", "run.repeats=2"), backend=scripted(), progress=False).run_dir
    raw = json.loads((d2 / "run.json").read_text())
    for e in raw["events"]:
        e.pop("n_threads", None)
        e.update(pid=2, host="h") if e["status"] == "running" else None
    raw["model"].setdefault("extra", {})["n_threads"] = 2
    raw["config"]["run"]["repeats"], raw["status"] = 3, "interrupted"
    (d2 / "run.json").write_text(json.dumps(raw))
    resume(d2, backend=scripted(), progress=False)
    segs = [e for e in read_record(d2).events if e["status"] == "running"]
    assert [e.get("n_threads") for e in segs[:-1]] == [2] * (len(segs) - 1)
    assert segs[-1]["pid"] != 2 and segs[-1].get("n_threads_from") is None


def test_a_pid_used_again_after_a_reboot_does_not_move_a_repeat_into_a_later_segment(tmp_path):
    """A machine rebuilt between working sessions starts its pids low again: a resume days later
    may have the pid of the process that ran repeat 0. The repeat's segment is its process's last
    one that began before the repeat ended, so repeat 0 keeps its own commit."""
    import dataclasses
    from datetime import datetime, timedelta
    from lab.runner import run
    from support.runs import scripted, scripted_cfg
    d = run(scripted_cfg(tmp_path, "run.repeats=2"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    t0 = datetime.fromisoformat(rec.repeats[0].round["started_at"])
    reps = [dataclasses.replace(r, round={**r.round, "pid": 7}) for r in rec.repeats[:1]]
    events = [{"status": "running", "at": (t0 - timedelta(seconds=5)).isoformat(), "pid": 7,
               "host": reps[0].round["host"], "git": {"code": "a" * 16}},
              {"status": "running", "at": (t0 + timedelta(days=1)).isoformat(), "pid": 7, "resumed": True,
               "host": reps[0].round["host"], "git": {"code": "b" * 16}, "kept_repeats": [0]}]
    info = rounds_of(dataclasses.replace(rec, events=events, repeats=reps))
    assert info[0].commit == "code:" + "a" * 16


def test_each_segment_records_its_cpu_and_a_repeat_reads_the_one_it_ran_on(tmp_path):
    """Machines rebuilt between working sessions keep the host name `vm`: the collapse sweep ran
    seeds 0-6 on Intel Xeons and seed 7 on an AMD EPYC, and nothing in the record said so (the
    run's numerics record keeps the first start's CPU). Each segment now records its CPU; it is
    shown, and splits rounds where two repeats record different CPUs (issue 59: the AVX-512
    level's tokens are not measured across vendors); an unrecorded CPU joins its group's one
    recorded CPU, and is a round of its own when the group names several."""
    import dataclasses

    from lab.models.numerics import cpu_info
    from lab.runner import run
    from support.runs import scripted, scripted_cfg
    d = run(scripted_cfg(tmp_path, "run.repeats=3"), backend=scripted(), progress=False).run_dir
    rec = read_record(d)
    assert [e.get("cpu") for e in rec.events if e["status"] == "running"] == [cpu_info()["model"]]
    assert {i.cpu for i in rounds_of(rec).values()} == {cpu_info()["model"]}

    # an older record: no CPU in its events; the first start's from the numerics record, a resume
    # before 2026-12-05 not recorded, a resume since then its own
    t0 = rec.repeats[0].round["started_at"]
    reps = [dataclasses.replace(r, round={**r.round, "pid": r.repeat + 1, "host": "vm"}) for r in rec.repeats]
    seg = {"status": "running", "at": t0, "host": "vm", "git": {"code": "c" * 16}}
    events = [{**seg, "pid": 1}, {**seg, "pid": 2, "resumed": True, "kept_repeats": [0]},
              {**seg, "pid": 3, "resumed": True, "kept_repeats": [0, 1], "cpu": "AMD EPYC"}]
    old = dataclasses.replace(rec, events=events, repeats=reps,
                              numerics={**rec.numerics, "info": {"cpu": {"model": "Intel(R) Xeon(R)"}}})
    info = rounds_of(old)
    assert [info[k].cpu for k in range(3)] == ["Intel(R) Xeon(R)", None, "AMD EPYC"]
    labels = round_labels(list(info.values()))
    assert len(set(labels)) == 3                                   # Intel, AMD, and one that may be either
    assert split_by(list(info.values()), labels) == ["CPU"]
    one_cpu = [dataclasses.replace(info[k], cpu=c) for k, c in zip(range(3), ["AMD EPYC", None, "AMD EPYC"])]
    assert len(set(round_labels(one_cpu))) == 1                    # the unrecorded joins the only CPU
    assert split_by(one_cpu, round_labels(one_cpu)) == []
    from lab.records.rounds import from_columns, round_columns
    assert from_columns(round_columns(info[2])).cpu == "AMD EPYC"
