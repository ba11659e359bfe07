"""The statistics of lab/analysis against values computed by hand (the working is in the comments)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from lab.analysis import compare, stats

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

def test_permutation_p_values_by_hand():
    # 3 vs 3, A = 5,6,7 and B = 1,2,3: of the C(6,3) = 20 labellings only the observed one and its
    # mirror reach |diff| = 4 -> p = 2/20 = 0.1, the floor for 3 vs 3
    p, n, exact = compare.permutation_p(np.array([5, 6, 7]), np.array([1, 2, 3]))
    assert (p, n, exact) == (pytest.approx(0.1), 20, True)
    # 4 vs 4 of 3s and 1s: j threes labelled A gives diff = j - 2; |diff| >= 2 only for j = 0, 4
    # -> 2 of C(8,4) = 70 labellings: p = 2/70
    p, n, _ = compare.permutation_p(np.array([3, 3, 3, 3]), np.array([1, 1, 1, 1]))
    assert p == pytest.approx(2 / 70) and n == 70
    # ties: A = 2,1,1, B = 1,1,0, observed diff 2/3. diff = (2 sA - 6)/3, so |diff| >= 2/3 unless
    # sA = 3; sA = 3 for {2,1,0} (4 ways) and {1,1,1} (4 ways) -> p = (20 - 8)/20 = 0.6
    p, _, _ = compare.permutation_p(np.array([2, 1, 1]), np.array([1, 1, 0]))
    assert p == pytest.approx(0.6)
    # too many labellings for n_perm: Monte Carlo, (1 + hits)/(1 + n_perm), seeded
    a, b = np.array([9, 8, 9, 7, 9]), np.array([6, 7, 5, 6, 6])
    p, n, exact = compare.permutation_p(a, b, n_perm=200, seed=1)
    assert not exact and n == 200 and p == compare.permutation_p(a, b, n_perm=200, seed=1)[0]
    assert 1 / 201 <= p <= 0.05                 # exact: 2/252 = 0.008


def test_compare_resamples_whole_repeats():
    # 10 tests; A's repeats pass 5, 6, 7 of them, B's 1, 2, 3 -> diff 4 points, p = 0.1 (exact)
    a = [[1] * k + [0] * (10 - k) for k in (5, 6, 7)]
    b = [[1] * k + [0] * (10 - k) for k in (1, 2, 3)]
    t = frame({"a": a, "b": b})
    c = compare.compare(t, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})
    assert (c.tests, c.repeats_a, c.repeats_b) == (10, 3, 3)
    assert (c.mean_a, c.mean_b, c.diff) == (6, 2, 4) and c.diff_rate == pytest.approx(0.4)
    assert c.p_value == pytest.approx(0.1) and c.exact and c.min_p == pytest.approx(0.1)
    assert not c.significant                       # 3 vs 3 repeats can never be beyond noise at 5%
    assert c.ci_low <= c.diff <= c.ci_high
    # the same data, 4 repeats each (A 5,6,7,6 vs B 1,2,3,2): every split but the observed two is
    # closer -> p = 2/70 < 0.05
    t4 = frame({"a": a + [a[1]], "b": b + [b[1]]})
    c4 = compare.compare(t4, {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"})
    assert c4.p_value == pytest.approx(2 / 70) and c4.significant


def test_compare_bootstrap_ci_by_hand():
    # one test; A passes it in all 3 repeats (mean 1), B in 0,0,1: B's resample mean is
    # 0: 8/27, 1/3: 12/27, 2/3: 6/27, 1: 1/27, so diff = 1 - mean_B is
    # 0: 1/27 (.037), 1/3: 6/27 (cum .259), 2/3: 12/27 (cum .704), 1: 8/27.
    # 80%: q=.1 -> 1/3, q=.9 -> 1.   95%: q=.025 -> 0, q=.975 -> 1.
    t = frame({"a": [[1], [1], [1]], "b": [[0], [0], [1]]})
    a, b = {**CELL, "vocabulary": "a"}, {**CELL, "vocabulary": "b"}
    c = compare.compare(t, a, b, level=0.8)
    assert (c.ci_low, c.ci_high) == pytest.approx((1 / 3, 1))
    assert c.diff == pytest.approx(2 / 3)
    c = compare.compare(t, a, b, level=0.95)
    assert (c.ci_low, c.ci_high) == pytest.approx((0, 1))
    # only common tests count: a test only B ran is left out
    t2 = pd.concat([t, frame({"b": [[1], [1], [1]]}, tests=["extra"])])
    assert compare.compare(t2, a, b).tests == 1


def test_compare_cells_pairs_vocabularies_within_model_and_suite():
    t = frame({"x": [[1, 1], [1, 0]], "y": [[0, 1], [0, 0]], "z": [[1, 1], [1, 1]]})
    pairs = compare.compare_cells(t)
    assert [(r.a, r.b) for r in pairs.itertuples()] == [("x", "y"), ("x", "z"), ("y", "z")]
    base = compare.compare_cells(t, baseline="z")
    assert [(r.a, r.b) for r in base.itertuples()] == [("x", "z"), ("y", "z")]


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


def test_sign_test_and_test_level_pairs_against_hand_computed_values():
    import pandas as pd

    from lab.analysis.compare import sign_test_p, test_level
    assert sign_test_p(0, 0) == 1.0
    assert sign_test_p(5, 0) == 2 / 32                      # 2 * (1/2)^5
    assert abs(sign_test_p(1, 6) - 2 * (1 + 7) / 128) < 1e-12
    assert sign_test_p(3, 3) == 1.0
    rows = []
    for cell, passes in (("a", [1, 1, 1, 0, 1]), ("b", [0, 1, 0, 0, 1])):
        for i, p in enumerate(passes):
            rows.append({"vocabulary": cell, "model": "m", "suite": "s", "run_id": cell, "repeat": 0,
                         "test_id": f"t{i}", "passed": bool(p)})
    t = test_level(pd.DataFrame(rows), {"vocabulary": "a"}, {"vocabulary": "b"})
    assert (t.tests, t.a_only, t.b_only, t.a_only_tests) == (5, 2, 0, ["t0", "t2"])
    assert t.p_value == 0.5
