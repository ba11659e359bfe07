"""Issue 24, what was left: the power of the single-session two-part analysis — the collapse part
(Fisher's exact test at alpha/2) and the score part among the repeats that did not collapse —
checked against brute-force simulations of the tests the lab runs, and `lab power` agreeing with
the report."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from scipy.stats import fisher_exact

from lab.cli import main
from lab.stats import Spread, compare_arms, power_at
from lab.stats.collapse_power import (collapse_power, collapse_repeats_for, fisher_pvalues, min_p,
                                      rate)
from lab.stats.power import power_launched, repeats_for

RUNS = Path(__file__).resolve().parents[1] / "docs/findings/qwen2.5-coder-1.5b-lexiopt/runs/single"


def run_dir(cell: str) -> Path:
    return next((RUNS / cell).iterdir())


def test_the_p_value_of_every_table_is_scipys_fisher_exact():
    for nb in range(1, 9):
        for nc in range(1, 9):
            p = fisher_pvalues(nb, nc)
            for kb in range(nb + 1):
                for kc in range(nc + 1):
                    want = fisher_exact([[kc, nc - kc], [kb, nb - kb]]).pvalue
                    assert p[kb, kc] == pytest.approx(want, abs=1e-12), (nb, nc, kb, kc)
    assert min_p(3, 3) == pytest.approx(0.1)           # 3 vs 3: the part can never reject


@pytest.mark.parametrize("rb,rc,n", [(1 / 12, 3 / 12, 101), (0.1, 0.5, 20), (0.2, 0.2, 30)])
def test_the_exact_power_of_the_collapse_part_is_what_a_simulation_of_fishers_test_finds(rb, rc, n):
    """Brute force: draw the collapsed counts, run scipy's Fisher test at alpha/2 (what the
    comparison runs), count rejections; the exact sum over outcomes must agree within 4 se."""
    rng = np.random.default_rng(7)
    sims = 3000
    kb, kc = rng.binomial(n, rb, sims), rng.binomial(n, rc, sims)
    cache: dict = {}
    hits = 0
    for a, b in zip(kb, kc):
        if (a, b) not in cache:
            cache[(a, b)] = fisher_exact([[b, n - b], [a, n - a]]).pvalue < 0.025
        hits += cache[(a, b)]
    exact = collapse_power(rb, rc, n, alpha=0.025)
    se = max(np.sqrt(exact * (1 - exact) / sims), 1e-3)
    assert hits / sims == pytest.approx(exact, abs=4 * se)
    if rb == rc:
        assert exact <= 0.025                          # the size of an exact test: at most alpha


def test_a_threefold_collapse_rate_needs_about_a_hundred_repeats_and_three_cannot_see_it():
    n = collapse_repeats_for(1 / 12, 3 / 12, alpha=0.025)
    scan = next(m for m in range(2, 200) if collapse_power(1 / 12, 3 / 12, m, alpha=0.025) >= 0.8)
    assert n == scan == 101                            # the stepped scan finds the first crossing
    assert collapse_power(1 / 12, 3 / 12, 3, alpha=0.025) == 0.0
    for rb, rc in [(0.05, 0.3), (0.3, 0.6), (1 / 6, 1 / 3), (0.5, 0.1)]:
        scan = next(m for m in range(2, 400) if collapse_power(rb, rc, m, alpha=0.025) >= 0.8)
        assert collapse_repeats_for(rb, rc, alpha=0.025) == scan
    assert collapse_repeats_for(0.1, 0.1) is None
    assert rate("1/12") == pytest.approx(1 / 12) and rate("25%") == 0.25
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate("4/3")


def _launch(rng, n, q, mean, sd=1.5, t=70):
    """n single-session repeats of one arm: each collapses (0/70) with probability q."""
    flags = rng.random(n) < q
    rows = np.zeros((n, t))
    for i in range(n):
        if not flags[i]:
            s = int(np.clip(round(rng.normal(mean, sd)), 0, t))
            rows[i, rng.choice(t, s, replace=False)] = 1
    return rows, list(flags)


def test_the_score_part_power_counting_on_collapses_is_what_the_two_part_comparison_finds():
    """Launch 6 repeats per arm with a 1/6 collapse rate and a 2-point lift among the working
    repeats; the comparison's score part (Welch over the non-collapsed repeats at alpha/2) rejects
    as often as `power_launched` says, and less often than without collapses."""
    rng = np.random.default_rng(11)
    sd, n, q, lift = 1.5, 6, 1 / 6, 2.0
    spread = Spread.planned("single", 70, sd=sd)
    from dataclasses import replace
    lossy = replace(spread, collapse_rate=q)
    predicted = power_launched(lossy, lift, n, alpha=0.025)
    hits, sims = 0, 600
    for _ in range(sims):
        xb, fb = _launch(rng, n, q, 60, sd)
        xc, fc = _launch(rng, n, q, 60 + lift, sd)
        c = compare_arms(xb, xc, session="single", collapsed=(fb, fc))
        hits += c.p_value is not None and c.p_value < 0.025
    se = np.sqrt(predicted * (1 - predicted) / sims)
    # rounding scores to whole tests adds a little spread: the simulation may fall a bit short
    assert hits / sims == pytest.approx(predicted, abs=4 * se + 0.03)
    assert predicted < power_at(spread, lift, n, alpha=0.025)
    assert power_launched(replace(spread, collapse_rate=0.0), lift, n, alpha=0.025) == \
        power_at(spread, lift, n, alpha=0.025)
    # the vectorized expectation is statsmodels' power averaged over the binomial counts
    from scipy.stats import binom
    from statsmodels.stats.power import TTestIndPower
    w = binom.pmf(np.arange(5), 4, 1 - q)
    want = sum(w[a] * w[b] * TTestIndPower().power(effect_size=lift / sd, nobs1=a, ratio=b / a,
                                                   alpha=0.025)
               for a in range(1, 5) for b in range(1, 5) if a + b >= 3)
    assert power_launched(replace(spread, collapse_rate=q), lift, 4, alpha=0.025) == \
        pytest.approx(want, abs=1e-9)
    assert repeats_for(lossy, lift, alpha=0.025) >= repeats_for(spread, lift, alpha=0.025)


def test_lab_power_on_two_single_sessions_plans_as_the_report_does():
    """alike vs lexiopt4: both at seeds 0, 1, 2, so the comparison is paired by seed with every
    repeat counted (issue 59; lexiopt4's seed 2 collapsed): `lab power` plans from the seed
    differences at the comparison's alpha, no collapse part, and the report's power column for
    the same pair says the same number."""
    from lab.analysis.cell_pairs import compare_cells
    from lab.analysis.load import load
    t = load([RUNS], transcripts=False).complete_tests
    c = compare_cells(t)
    pair = c[(c["a"] == "alike") & (c["b"] == "maybe_exts")]       # lexiopt4 is vocab maybe_exts
    assert len(pair) == 1 and pair.iloc[0]["method"] == "paired-seed"
    cols = [x for x in c.columns if x.startswith("repeats_for_")]
    ds = [x.removeprefix("repeats_for_") for x in cols]
    out = CliRunner().invoke(main, ["power", str(run_dir("lexiopt4")), str(run_dir("alike")),
                                    "--diff", ",".join(ds), "--repeats", "3,20", "--format", "json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["alpha"] == pytest.approx(0.05) and got["spread"]["collapse_rate"] is None
    assert got["collapse"] == [] and got["spread"]["session"] == "single"
    for col, row in zip(cols, got["table"]):
        want, have = pair.iloc[0][col], row["repeats_for_power"]
        assert (have is None and want != want) or int(want) == have, (col, want, have)
    text = CliRunner().invoke(main, ["power", "--collapse", "1/12:3/12", "--repeats", "3,100"])
    assert text.exit_code == 0 and "0.0833 -> 0.25 | 101 | 0.00 | 0.80" in text.output
    assert "at 3 repeats per arm no collapse difference can reject" in text.output
    bad = CliRunner().invoke(main, ["power", "--collapse", "1/12"])
    assert bad.exit_code == 2 and "--collapse" in bad.output


# -- the single-session simulator, refitted from the committed single sessions -------------------

def _fitted():
    from lab.comparisons.runs import committed_single_runs
    from lab.stats.simulate import fit_single
    return fit_single(*committed_single_runs(RUNS))


def test_the_single_session_simulator_reproduces_what_it_was_fitted_to():
    """12 committed repeats (4 cells x seeds 0-2), one collapse (0/70); the rest score 53-64 with
    carry-over between consecutive tests. Refitted, the simulator gives back the consecutive-test
    agreement, the within-cell score variance and the collapse rate, and the latent correlations
    are not zero (the carry-over is real: consecutive tests agree more than their rates say)."""
    from lab.stats.simulate import bvn_cdf, simulate_single
    from scipy.stats import multivariate_normal
    assert bvn_cdf(np.array([0.3]), np.array([-1.2]), 0.4)[0] == pytest.approx(
        multivariate_normal([0, 0], [[1, 0.4], [0.4, 1]]).cdf([0.3, -1.2]), abs=1e-9)
    c = _fitted()
    obs = dict(c.stats)
    assert obs["repeats"] == 12 and obs["working"] == 11 and c.collapse == pytest.approx(1 / 12)
    assert c.onsets == (0,) and c.always_share == pytest.approx(0.7, abs=0.02)
    assert c.rho > 0.2 and 0 < c.lam < 0.5
    rng = np.random.default_rng(0)
    work, flags, var = [], [], []
    for _ in range(300):
        xb, xc, fb, fc = simulate_single(c, rng, 3)
        for x, f in ((xb, fb), (xc, fc)):
            w = x[~np.array(f)]
            work.append(w)
            if len(w) > 1:
                var.append(w.sum(1).var(ddof=1))
        flags += fb + fc
    w = np.concatenate(work)
    assert (w[:, 1:] == w[:, :-1]).mean() == pytest.approx(obs["lag1_agreement"], abs=0.005)
    assert np.mean(var) == pytest.approx(obs["score_var"], rel=0.15)
    assert np.mean(flags) == pytest.approx(1 / 12, abs=0.025)


def test_the_two_part_analysis_on_simulated_single_sessions_is_calibrated_and_finds_a_planted_collapse():
    """A/A on the refitted simulator, 5 + 5 repeats: the two-part comparison calls no more than
    alpha 'different', and its score part has the spread of a calibrated test (E[z^2] ~ 1, p
    uniform). A planted collapse rate (1/12 -> 1/2, 20 + 20 repeats) is found by the collapse
    part as often as its exact power says."""
    from lab.stats.simulate import judge_single
    c = _fitted()
    rng = np.random.default_rng(24)
    aa = judge_single(c, rng, 400, 5)
    assert aa["two_part"]["ci"][0] <= 0.05 and aa["two_part"]["rate"] <= 0.05
    assert 0.75 < aa["score_part"]["ez2"] < 1.25 and aa["score_part"]["ks_p"] > 0.001
    assert aa["collapse_part"]["rate"] <= 0.025
    planted = judge_single(c, rng, 200, 20, collapse_cand=0.5)
    exact = collapse_power(c.collapse, 0.5, 20, alpha=0.025)
    assert planted["collapse_part"]["rate"] == pytest.approx(exact, abs=0.1)
    assert planted["two_part"]["rate"] >= planted["collapse_part"]["rate"] > 0.5


def test_lab_power_from_numbers_with_collapse_rates_plans_both_parts_at_half_alpha():
    out = CliRunner().invoke(main, ["power", "--sd", "2.9", "--collapse", "1/12:3/12", "--diff", "3",
                                    "--repeats", "20", "--format", "json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["alpha"] == pytest.approx(0.025) and got["spread"]["collapse_rate"] == pytest.approx(1 / 12)
    from dataclasses import replace
    sp = replace(Spread.planned("single", 70, sd=2.9), collapse_rate=1 / 12)
    assert got["table"][0]["power"]["20"] == pytest.approx(power_launched(sp, 3, 20, alpha=0.025))
    assert got["collapse"][0]["repeats_for_power"] == 101
    iso = CliRunner().invoke(main, ["power", "--session", "isolated", "--p", "0.8",
                                    "--collapse", "1/12:3/12"])
    assert iso.exit_code == 2 and "--collapse" in iso.output + (iso.stderr or "")
