"""The statistics of lab/analysis against values computed by hand (the working is in the comments)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from lab.analysis import cell_pairs as compare, frame_stats as stats

CELL = {"vocabulary": "v", "model": "m", "suite": "s"}


def frame(cells: dict[str, list[list[int]]], tests: list[str] | None = None, **extra) -> pd.DataFrame:
    """A tests frame: cells[vocabulary] = one pass/fail list per repeat (one entry per test)."""
    rows = []
    for order, (vocab, repeats) in enumerate(cells.items(), 1):
        for k, passes in enumerate(repeats):
            ids = tests or [f"t{i + 1:02d}" for i in range(len(passes))]
            for i, (tid, p) in enumerate(zip(ids, passes), 1):
                rows.append({"run_id": f"run-{vocab}", "run_order": order, "experiment": "e",
                             "vocabulary": vocab, "model": "m", "suite": "s", "repeat": k, "index": i,
                             "test_id": tid, "position": i, "category": extra.get("category", "A"),
                             "outcome": "pass" if p else "fail", "passed": bool(p),
                             "infrastructure": False, "tool_calls": 1, "malformed_calls": 0,
                             "tool_response_tokens": 10, "context_start": 100 * i, "context_end": 100 * i + 50,
                             "evictions": 0})
    return pd.DataFrame(rows)


# -- pass^k ----------------------------------------------------------------------------------------

def test_pass_hat_k_is_c_choose_k_over_n_choose_k():
    # c=2 of n=3: k=1 -> 2/3; k=2 -> C(2,2)/C(3,2) = 1/3; k=3 -> C(2,3)/C(3,3) = 0
    assert [stats.pass_hat_k(2, 3, k) for k in (1, 2, 3)] == pytest.approx([2 / 3, 1 / 3, 0])
    assert stats.pass_hat_k(3, 5, 2) == pytest.approx(3 / 10)          # C(3,2)=3 / C(5,2)=10
    assert stats.pass_hat_k(5, 5, 5) == 1.0
    # pass@k: 1 - C(n-c,k)/C(n,k); c=1, n=3, k=2: 1 - C(2,2)/C(3,2) = 2/3
    assert stats.pass_at_k(1, 3, 2) == pytest.approx(2 / 3)
    with pytest.raises(ValueError):
        stats.pass_hat_k(1, 3, 4)


def test_pass_k_curves_average_over_tests():
    # test t01 passes 3/3, t02 passes 1/3.
    # pass^1 = (1 + 1/3)/2 = 2/3; pass^2 = (1 + 0)/2 = 1/2; pass^3 = (1 + 0)/2 = 1/2
    # pass@2 = (1 + (1 - C(2,2)/C(3,2)))/2 = (1 + 2/3)/2 = 5/6; pass@3 = 1
    t = frame({"v": [[1, 1], [1, 0], [1, 0]]})
    c = stats.pass_k_curves(t)
    assert list(c["k"]) == [1, 2, 3]
    assert list(c["pass_hat_k"]) == pytest.approx([2 / 3, 1 / 2, 1 / 2])
    assert list(c["pass_at_k"]) == pytest.approx([2 / 3, 5 / 6, 1])
    per = stats.per_test(t).set_index("test_id")
    assert per.loc["t02", "flaky"] and not per.loc["t01", "flaky"]
    assert per.loc["t02", "outcomes"] == "pass, fail, fail"
    assert list(stats.flaky_tests(t)["test_id"]) == ["t02"]


# -- bootstrap -------------------------------------------------------------------------------------

def test_exact_bootstrap_ci_by_hand():
    # values 0, 0, 1: the 27 ordered resamples have 0..3 ones ~ Binomial(3, 1/3):
    # mean 0: 8/27, 1/3: 12/27, 2/3: 6/27, 1: 1/27 -> CDF 0.296, 0.741, 0.963, 1.
    # 95%: q=.025 -> 0, q=.975 -> 1.  80%: q=.1 -> 0, q=.9 -> 2/3.  40%: q=.3 -> 1/3, q=.7 -> 1/3.
    assert stats.bootstrap_ci([0, 0, 1], level=0.95) == pytest.approx((0, 1))
    assert stats.bootstrap_ci([0, 0, 1], level=0.80) == pytest.approx((0, 2 / 3))
    assert stats.bootstrap_ci([0, 0, 1], level=0.40) == pytest.approx((1 / 3, 1 / 3))
    # three repeats at 95%: the all-same resamples carry 1/27 > 2.5% -> the CI is the range
    assert stats.bootstrap_ci([66, 60, 56]) == (56, 66)
    assert stats.bootstrap_ci([5]) == (5, 5)


def test_monte_carlo_bootstrap_with_a_fixed_seed():
    # 7 values -> 7**7 resamples, too many to enumerate: Monte Carlo. With values 0,0,0,1,1,1,1 the
    # resample mean is X/7, X ~ Binomial(7, 4/7): P(X=0)=.0027, P(X<=1)=.0273 >= .025 -> lower 1/7;
    # P(X<=5)=.8757, P(X<=6)=.9801 >= .975 -> upper 6/7. 40,000 draws put the estimated CDF within
    # 3 sd of those margins, and the seed fixes which draws.
    vals = [0, 0, 0, 1, 1, 1, 1]
    assert not stats.exact_bootstrap(7, 40_000)
    ci = stats.bootstrap_ci(vals, n_boot=40_000, seed=0)
    assert ci == pytest.approx((1 / 7, 6 / 7))
    assert stats.bootstrap_ci(vals, n_boot=40_000, seed=0) == ci                 # same seed, same CI
    means, w = stats.bootstrap_means(vals, n_boot=1000, rng=np.random.default_rng(3))
    again, _ = stats.bootstrap_means(vals, n_boot=1000, rng=np.random.default_rng(3))
    assert len(means) == 1000 and (means == again).all()


def test_cell_scores_by_hand():
    # scores 66, 60, 56: mean 60.667; deviations 5.333, -0.667, -4.667; sd = sqrt(50.667/2) = 5.033
    rep = pd.DataFrame({"vocabulary": "exist_similar", "model": "m", "suite": "tests70", "run_id": "r",
                        "experiment": "lexiopt6", "repeat": [0, 1, 2], "score": [66, 60, 56], "n": 70})
    [c] = stats.cell_scores(rep).to_dict("records")
    assert c["scores"] == "66, 60, 56" and c["repeats"] == 3
    assert c["mean"] == pytest.approx(60.6667, abs=1e-4) and c["sd"] == pytest.approx(5.0332, abs=1e-4)
    assert (c["min"], c["max"], c["swing"]) == (56, 66, 10)
    assert (c["ci_low"], c["ci_high"]) == (56, 66)
    assert c["pass_rate"] == pytest.approx(182 / 210)


# -- permutation test and paired comparison ------------------------------------------------------

def test_compare_resamples_whole_repeats():
    # 10 tests; A's repeats pass 5, 6, 7 of them, B's 1, 2, 3 -> diff 4 points. No session column:
    # single session assumed, the repeat is the unit: Welch over 5,6,7 vs 1,2,3 (scipy's answer)
    from scipy import stats as st
    a = [[1] * k + [0] * (10 - k) for k in (5, 6, 7)]
    b = [[1] * k + [0] * (10 - k) for k in (1, 2, 3)]
    t = frame({"a": a, "b": b})
    c = compare.compare(t, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})
    assert (c.tests, c.repeats_cand, c.repeats_base) == (10, 3, 3) and c.unit == "repeat"
    assert (c.mean_cand, c.mean_base, c.diff) == (6, 2, 4)
    ref = st.ttest_ind([5, 6, 7], [1, 2, 3], equal_var=False)
    assert c.p_value == pytest.approx(ref.pvalue) and c.significant          # p = 0.0075
    lo, hi = ref.confidence_interval(0.95)
    assert (c.ci_low, c.ci_high) == pytest.approx((lo, hi))
    assert c.effect_size == pytest.approx(4.0)                               # 4 / pooled sd 1
    # isolated: the same tests paired across cells, paired t over the 10 per-test differences
    iso = t.assign(session="isolated")
    ci = compare.compare(iso, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})
    rates_a, rates_b = np.array(a).mean(axis=0), np.array(b).mean(axis=0)
    assert ci.unit == "test" and ci.p_value == pytest.approx(st.ttest_rel(rates_a, rates_b).pvalue)
    assert ci.diff == pytest.approx(4)
    # only common tests count: a test only B ran is left out
    t2 = pd.concat([t, frame({"b": [[1], [1], [1]]}, tests=["extra"])])
    assert compare.compare(t2, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"}).tests == 10


def test_compare_cells_pairs_vocabularies_within_model_and_suite():
    t = frame({"x": [[1, 1], [1, 0]], "y": [[0, 1], [0, 0]], "z": [[1, 1], [1, 1]]})
    pairs = compare.compare_cells(t)
    assert [(r.a, r.b) for r in pairs.itertuples()] == [("x", "y"), ("x", "z"), ("y", "z")]
    base = compare.compare_cells(t, baseline="z")
    assert [(r.a, r.b) for r in base.itertuples()] == [("x", "z"), ("y", "z")]
    # k = 3 vocabularies: 3 pairs, Holm over all 3 (said in `family`)
    from statsmodels.stats.multitest import multipletests
    ps = [p for p in pairs["p_value"] if not pd.isna(p)]
    assert (pairs["family"] == len(ps)).all()
    assert list(pairs["p_holm"].dropna()) == pytest.approx(list(multipletests(ps, method="holm")[1]))


# -- categories, positions, cascades ---------------------------------------------------------------

def test_change_point_and_streaks():
    assert stats.change_point([1] * 10 + [0] * 10) == (10, 1.0, 0.0)
    # SSE of a two-level fit: split at 3 of [1,1,1,0,1,0,0,0] leaves 1 pass among 5 -> 0.2
    assert stats.change_point([1, 1, 1, 0, 1, 0, 0, 0]) == (3, 1.0, pytest.approx(0.2))
    assert stats.change_point([1]) is None
    seq = [1] * 45 + [0, 0, 0] + [1, 0] * 11          # the G valley at 46-48, then a cascade
    st = stats.streaks(frame({"v": [seq]}))
    [r] = st.to_dict("records")
    assert (r["longest_fail_streak"], r["streak_from"], r["streak_to"]) == (3, "t46", "t48")
    assert r["collapse_at"] == "t46" and r["rate_before"] == 1.0 and r["rate_after"] == pytest.approx(11 / 25, abs=1e-3)
    calm = stats.streaks(frame({"v": [[1, 0, 1, 1, 1, 1, 1, 1]]})).iloc[0]
    assert calm["collapse_at"] is None and calm["longest_fail_streak"] == 1
    assert calm["unanswered_streak"] == 0 and not calm["stopped_answering"]
    # a single session whose tests from t02 on all end malformed stopped answering; in isolated
    # tests no conversation carries over, so the same outcomes say nothing of a session
    quiet = frame({"v": [[1, 0, 0, 0, 0, 0, 0]]})
    quiet.loc[quiet["index"] > 1, "outcome"] = "malformed"
    r = stats.streaks(quiet.assign(session="single")).iloc[0]
    assert (r["unanswered_streak"], r["unanswered_start"], r["unanswered_outcome"]) == (6, "t02", "malformed")
    assert r["stopped_answering"] and not stats.streaks(quiet.assign(session="isolated")).iloc[0]["stopped_answering"]


def test_category_stats_and_position_curve():
    t = frame({"v": [[1, 1, 0], [1, 0, 0]]})
    t.loc[t["index"] == 3, "category"] = "G"
    cat = stats.category_stats(t).set_index("category")
    assert cat.loc["A", "per_repeat"] == "2/2, 1/2" and cat.loc["A", "swing"] == 1
    assert cat.loc["A", "pass_rate"] == pytest.approx(0.75) and cat.loc["G", "per_repeat"] == "0/1, 0/1"
    pos = stats.position_curve(t, window=1)
    assert list(pos["pass_rate"]) == [1.0, 0.5, 0.0]


def test_outcomes_tool_calls_context_and_fields():
    t = frame({"v": [[1, 0, 1]]})
    t.loc[1, ["outcome", "infrastructure"]] = ["api_error", True]
    oc = stats.outcome_counts(t).iloc[0]
    assert (oc["pass"], oc["api_error"], oc["infrastructure"]) == (2, 0, 1)
    tc = stats.tool_call_stats(t).iloc[0]
    assert tc["calls_per_test"] == 1 and tc["calls_per_repeat"] == 3
    cg = stats.context_growth(t).iloc[0]
    assert cg["tokens_per_test"] == pytest.approx(100) and cg["context_at_end"] == 350
    calls = pd.DataFrame({"vocabulary": "v", "model": "m", "suite": "s", "run_id": "r", "repeat": [0, 0, 1, 1],
                          "tool": "path_resolve", "response_tokens": [100, 90, 100, 0]})
    fields = pd.DataFrame({"vocabulary": "v", "model": "m", "suite": "s", "tool": "path_resolve",
                           "field": ["candidates", "maybe_exts", "candidates", "candidates"],
                           "tokens": [90, 10, 90, 100]})
    ft = stats.field_token_stats(fields, calls).set_index("field")
    # 2 repeats; candidates 280 tokens -> 140 per repeat, in 3 of 3 answered calls; maybe_exts 1 of 3
    assert ft.loc["candidates", "tokens_per_repeat"] == 140 and ft.loc["candidates", "share_of_calls"] == 1
    assert ft.loc["maybe_exts", "share_of_calls"] == pytest.approx(1 / 3)
    assert Fraction(ft.loc["maybe_exts", "tokens_per_repeat"]).limit_denominator() == 5


def test_per_test_effects_pair_by_seed_and_adjust_over_the_suite():
    from scipy.stats import binomtest, fisher_exact
    from statsmodels.stats.multitest import multipletests
    # one run per cell, the same seeds: McNemar on the discordant repeats. t0: a passes 4/4, b 0/4
    # -> 4 discordant, all for a: exact binomial 2 * (1/2)^4 = 0.125
    a = [[1, 1, 0], [1, 1, 0], [1, 0, 0], [1, 1, 1]]
    b = [[0, 1, 0], [0, 1, 0], [0, 1, 0], [0, 1, 1]]
    t = frame({"a": a, "b": b}).assign(seed=lambda d: d["repeat"])
    eff = {e.test_id: e for e in compare.per_test(t, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})}
    assert eff["t01"].method == "mcnemar-exact" and eff["t01"].p_value == pytest.approx(0.125)
    assert eff["t01"].p_value == pytest.approx(binomtest(4, 4, 0.5).pvalue)
    assert eff["t03"].p_value == 1.0 and not eff["t03"].flipped
    holm = multipletests([eff[k].p_value for k in ("t01", "t02", "t03")], method="holm")[1]
    assert [eff[k].p_holm for k in ("t01", "t02", "t03")] == pytest.approx(list(holm))
    assert eff["t01"].family == 3 and not eff["t01"].significant          # 0.375 after Holm
    # different seeds: not paired -> Fisher's exact test on passes/fails x cell
    t2 = t.assign(seed=lambda d: d["repeat"] + (d["vocabulary"] == "a") * 100)
    e2 = compare.per_test(t2, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})[0]
    assert e2.method == "fisher-exact"
    assert e2.p_value == pytest.approx(fisher_exact([[4, 0], [0, 4]]).pvalue)   # 2/70
    table = compare.per_test_table(t)
    assert len(table) == 3 and set(table["method"]) == {"mcnemar-exact"}
