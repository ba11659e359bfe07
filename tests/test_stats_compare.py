"""lab/stats pinned to the libraries (where the lab keeps a formula, statsmodels or scipy gives the
same answer), and the done-when of issue 15: `lab diff A B`, `lab diff --fail-on-regression`, the
sweep summary and the report give the same p-value and CI for the same two runs."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.stats import Spread, compare_arms, holm, power_at, rate_ci, repeats_for


def matrices(seed=0, r=(5, 5), t=40, p=(0.7, 0.6)):
    rng = np.random.default_rng(seed)
    return [(rng.random((n, t)) < q).astype(float) for n, q in zip(r, p)]


def test_single_session_se_is_the_cluster_robust_se_with_the_repeat_as_cluster():
    import statsmodels.api as sm
    base, cand = matrices()
    c = compare_arms(base, cand, session="single")
    # OLS of every test outcome on [1, arm], cluster-robust covariance, cluster = repeat (CR0)
    y = np.concatenate([base.ravel(), cand.ravel()])
    arm = np.concatenate([np.zeros(base.size), np.ones(cand.size)])
    groups = np.concatenate([np.repeat(np.arange(5), 40), 5 + np.repeat(np.arange(5), 40)])
    fit = sm.OLS(y, sm.add_constant(arm)).fit(cov_type="cluster",
                                              cov_kwds={"groups": groups, "use_correction": False})
    t = base.shape[1]
    assert fit.params[1] * t == pytest.approx(c.diff)
    r = 5
    assert (fit.bse[1] * t) ** 2 == pytest.approx(c.se ** 2 * (r - 1) / r)   # CR0 = Welch x (r-1)/r


def test_isolated_is_a_paired_t_over_tests_as_statsmodels_computes_it():
    from statsmodels.stats.weightstats import DescrStatsW
    base, cand = matrices(1, r=(3, 4))
    c = compare_arms(base, cand, session="isolated")
    d = cand.mean(axis=0) - base.mean(axis=0)
    ds = DescrStatsW(d)
    tstat, p, df = ds.ttest_mean(0)
    lo, hi = ds.tconfint_mean(0.05)
    assert c.unit == "test" and c.p_value == pytest.approx(p) and c.df == df
    assert (c.ci_low, c.ci_high) == pytest.approx((lo * 40, hi * 40))
    assert c.diff / c.se == pytest.approx(tstat)
    assert c.effect_size == pytest.approx(d.mean() / d.std(ddof=1))


def test_welch_is_statsmodels_welch_and_the_mde_has_the_stated_power():
    from statsmodels.stats.power import TTestPower
    from statsmodels.stats.weightstats import ttest_ind
    base, cand = matrices(2, r=(4, 6))
    c = compare_arms(base, cand, session="single")
    t, p, df = ttest_ind(cand.sum(axis=1), base.sum(axis=1), usevar="unequal")
    assert (c.p_value, c.df, c.diff / c.se) == pytest.approx((p, df, t))
    # the MDE on Welch's own se and df (issue 59: it used a pooled t's)
    from lab.stats.compare import t_power
    assert t_power(c.mde / c.se, c.df, 0.05) == pytest.approx(0.8, abs=1e-6)
    iso = compare_arms(base, cand, session="isolated")
    assert TTestPower().power(iso.mde / iso.sd / 40, nobs=40, alpha=0.05) == pytest.approx(0.8, abs=1e-6)


def test_no_spread_is_exact_and_one_repeat_each_is_unknown_in_a_single_session():
    ones, zeros = np.ones((3, 5)), np.zeros((3, 5))
    c = compare_arms(ones, zeros)
    assert (c.method, c.p_value, c.ci, c.mde) == ("exact", 0.0, (-5.0, -5.0), 0.0)
    assert compare_arms(ones, ones).p_value == 1.0
    c1 = compare_arms(ones[:1], zeros[:1])
    assert c1.method == "none" and c1.p_value is None and c1.ci is None
    iso = compare_arms(np.array([[1, 0, 1, 1]]), np.array([[0, 0, 1, 0]]), session="isolated")
    assert iso.method == "paired-t" and iso.p_value is not None       # isolated: tests are the unit


def test_constant_scores_with_different_passing_tests_are_noise_unknown_not_exact():
    """Issue 24 finding 6: 62, 62 vs 60, 60 with different tests passing in each repeat used to
    give p = 0, CI [-2, -2] and a REGRESSION from the gate."""
    from lab.comparisons.gate import EXIT_CANNOT_JUDGE, judge
    rng = np.random.default_rng(6)

    def arm(score, reps=2, t=70):
        rows = np.zeros((reps, t))
        for r in rows:                               # each repeat passes another set of tests
            r[rng.choice(t, score, replace=False)] = 1
        return rows
    base, cand = arm(62), arm(60)
    assert (base.sum(axis=1) == 62).all() and not (base[0] == base[1]).all()
    c = compare_arms(base, cand, session="single")
    assert c.method == "none" and c.p_value is None and c.ci is None and c.mde is None
    assert "noise is unknown" in c.note and "noise is unknown" in c.describe()
    # isolated: the unit is the test, whose differences do vary: a paired t, never p = 0
    iso = compare_arms(base, cand, session="isolated")
    assert iso.method == "paired-t" and 0 < iso.p_value < 1
    v = judge(compare_arms(base, cand), alpha=0.05, margin=1.0)
    assert v.code == EXIT_CANNOT_JUDGE and "noise is unknown" in v.message
    # the same scores where every repeat passes the same tests: a deterministic backend, exact
    det = compare_arms(np.repeat(base[:1], 2, axis=0), np.repeat(cand[:1], 2, axis=0))
    assert (det.method, det.p_value, det.ci) == ("exact", 0.0, (-2.0, -2.0))


def test_holm_rate_ci_and_power_against_the_libraries():
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.power import TTestIndPower
    from statsmodels.stats.proportion import proportion_confint
    ps = [0.01, 0.04, 0.03, 0.2]
    assert holm(ps) == pytest.approx(list(multipletests(ps, method="holm")[1]))
    assert holm([0.01, None]) == [0.01, None]
    assert rate_ci(9, 200) == pytest.approx(proportion_confint(9, 200, alpha=0.05, method="beta"))
    sp = Spread.planned("single", 70, sd=5)
    n = repeats_for(sp, 5)
    assert n == math.ceil(TTestIndPower().solve_power(effect_size=1.0, power=0.8, alpha=0.05))
    assert power_at(sp, 5, n) >= 0.8 > power_at(sp, 5, n - 1)
    # a pilot: the spread of its repeat scores (single) / its within-test variance (isolated)
    pilot = matrices(3, r=(6,), p=(0.7,))[0]
    assert Spread.of(pilot, session="single").sd_repeat == pytest.approx(pilot.sum(axis=1).std(ddof=1))
    c = pilot.sum(axis=0)
    assert Spread.of(pilot, session="isolated").within_var == pytest.approx(
        np.mean(c * (6 - c) / 30))


# -- one p-value and CI everywhere -----------------------------------------------------------------

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("session", ["single", "isolated"])
def test_diff_gate_summary_and_report_give_the_same_p_and_ci(tmp_path, session):
    args = [f"corpus.root={REPO / 'tests/data/minirepo'}", f"suite.file={REPO / 'tests/data/mini_suite.yaml'}",
            f"prompt.file={REPO / 'tests/data/agent/templates.yaml'}", "resolver.semantic.enabled=false",
            f"run.results_dir={tmp_path / 'results'}", "run.progress=false", "run.experiment=same",
            "model=stochastic", "model.p=0.6", "model.rho=0.3", "model.difficulty_sd=0.8",
            f"agent.session={session}", "run.repeats=4", "vocab=minimal,maybe_exts",
            "model.salt=${vocab.name}"]     # the model ignores the vocabulary: two independent draws
    res = CliRunner().invoke(main, ["run", "-m", *args], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    [sweep] = list((tmp_path / "results/same/.sweeps").iterdir())
    summary = json.loads((sweep / "summary.json").read_text())
    [pair] = summary["comparisons"]
    base, cand = pair["base_run"], pair["cand_run"]
    assert "minimal" in pair["base"] and "maybe_exts" in pair["cand"] and pair["family"] == 1

    diff = json.loads(CliRunner().invoke(main, ["diff", base, cand, "--format", "json"]).stdout)
    gate = json.loads(CliRunner().invoke(main, ["diff", "--fail-on-regression", cand, "--baseline", base,
                                                "--format", "json"]).stdout)
    c = diff["comparison"]
    assert c["session"] == session and c["level"] == 0.95 and c["method"] in ("welch", "paired-t", "paired-seed")
    for x in (gate["comparison"], pair):
        assert (x["p_value"], x["ci_low"], x["ci_high"]) == pytest.approx((c["p_value"], c["ci_low"], c["ci_high"]))
    assert gate["gate"]["p"] == pytest.approx(c["p_value"])
    assert gate["gate"]["ci"] == pytest.approx([c["ci_low"], c["ci_high"]])
    # the sweep's report: cells a = maybe_exts, b = minimal, diff = a - b = cand - base
    [row] = pd.read_csv(sweep / "report/tables/comparisons.csv").to_dict("records")
    assert (row["a"], row["b"], row["session"]) == ("maybe_exts", "minimal", session)
    assert (row["diff"], row["p_value"], row["ci_low"], row["ci_high"]) == pytest.approx(
        (c["diff"], c["p_value"], c["ci_low"], c["ci_high"]))
    assert "## Comparisons (1 pairs; p (Holm) adjusts over 1)" in (sweep / "summary.md").read_text()


def test_one_repeat_against_a_deterministic_arm_is_noise_unknown_not_exact():
    """Issue 26: one stochastic repeat against a deterministic baseline read "exact, p 0.000,
    beyond noise": one repeat shows nothing of its arm's noise."""
    base = np.ones((2, 6))                              # two identical repeats: deterministic
    cand = np.array([[1, 1, 1, 0, 1, 1]])               # one repeat of another model
    for session in ("single", "isolated"):
        c = compare_arms(base, cand, session=session)
        assert c.method != "exact" and c.p_value != 0.0, session
    single = compare_arms(base, cand, session="single")
    assert single.method == "none" and single.ci is None and "one repeat" in single.note
    # the same matrices under the two-part analysis (no collapse) say the same
    two = compare_arms(base, cand, session="single", collapsed=([False, False], [False]))
    assert two.method == "none" and two.p_value is None and "one repeat" in two.note
    # two identical repeats on each side still are exact
    assert compare_arms(base, np.repeat(cand, 2, axis=0)).method == "exact"


# -- the two-way additive ANOVA (lab.stats.twoway.block_anova: seeds x cells) ----------------------

def test_block_anova_is_the_additive_two_way_anova_statsmodels_fits():
    import statsmodels.formula.api as smf
    from statsmodels.stats.anova import anova_lm

    from lab.stats.twoway import block_anova
    d = np.array([[47, 48, 56, 51, 44], [60, 60, 54, 59, 60], [57, 56, 63, 60, 61]], dtype=float)
    a = block_anova(d)
    frame = pd.DataFrame([{"y": d[i, j], "seed": str(i), "cell": str(j)}
                          for i in range(d.shape[0]) for j in range(d.shape[1])])
    ref = anova_lm(smf.ols("y ~ C(seed) + C(cell)", frame).fit())
    for factor, term in (("rows", "C(seed)"), ("columns", "C(cell)")):
        assert a[factor]["df"] == ref.loc[term, "df"]
        assert a[factor]["ms"] == pytest.approx(ref.loc[term, "mean_sq"])
        assert a[factor]["F"] == pytest.approx(ref.loc[term, "F"])
        assert a[factor]["p"] == pytest.approx(ref.loc[term, "PR(>F)"])
    assert a["residual"]["df"] == ref.loc["Residual", "df"] == 8
    assert a["rows"]["p"] < 0.01 < 0.5 < a["columns"]["p"]       # the seeds differ, the cells do not
    # rows + columns explain every cell: no residual, F infinite where a factor varies, none where not
    exact = np.add.outer([0.0, 2.0, 5.0], [1.0, 1.0, 1.0])
    b = block_anova(exact)
    assert b["rows"]["F"] == np.inf and b["rows"]["p"] == 0.0 and np.isnan(b["columns"]["F"])
    with pytest.raises(ValueError, match="two rows and two columns"):
        block_anova(np.ones((1, 3)))
