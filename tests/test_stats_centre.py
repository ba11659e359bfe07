"""Issue 59, part 1: every printed difference is the centre of its CI (the lab's intervals are
symmetric t intervals) and the difference its p-value, TOST and MDE are computed around — in
every design the comparison has: single session (Welch, pooled, two-part), isolated paired,
isolated over shared rounds (two-way), isolated arms in rounds of their own (round means)."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from lab.stats import compare_arms
from lab.stats.compare import t_mde
from lab.stats.equivalence import tost_p


def arm(rng, repeats, tests=30, p=0.7, round_shift=None, rounds=None):
    """A pass matrix whose repeats' rounds move every test (a round effect), unequal repeats per round."""
    x = np.empty((repeats, tests))
    for i in range(repeats):
        q = p + (round_shift[rounds[i]] if round_shift is not None else 0.0)
        x[i] = rng.random(tests) < np.clip(q, 0, 1)
    return x


def designs(seed):
    rng = np.random.default_rng(seed)
    shift = {k: rng.normal(0, 0.08) for k in range(12)}
    # unshared rounds, unequal repeats per round: round means != repeat means
    lb, lc = [0, 0, 0, 1], [2, 3, 3, 3, 3]
    yield "over rounds", dict(session="isolated", rounds=(lb, lc)), \
        arm(rng, 4, round_shift=shift, rounds=lb), arm(rng, 5, p=0.66, round_shift=shift, rounds=lc)
    lb, lc = [4, 5, 6], [7, 8]          # every repeat its own round
    yield "own rounds", dict(session="isolated", rounds=(lb, lc)), \
        arm(rng, 3, round_shift=shift, rounds=lb), arm(rng, 2, round_shift=shift, rounds=lc)
    lb = lc = [0, 0, 1, 1, 1]
    yield "two-way", dict(session="isolated", rounds=(lb, lc)), \
        arm(rng, 5, round_shift=shift, rounds=lb), arm(rng, 5, p=0.6, round_shift=shift, rounds=lc)
    yield "paired", dict(session="isolated"), arm(rng, 3), arm(rng, 4, p=0.75)
    yield "welch", dict(session="single"), arm(rng, 3), arm(rng, 5, p=0.6)
    yield "pooled", dict(session="single"), arm(rng, 1), arm(rng, 4, p=0.6)
    yield "paired by seed", dict(session="single", seeds=([0, 1, 2, 3], [0, 1, 2, 3]),
                                 collapsed=([False, True, False, False], [False] * 4)), \
        arm(rng, 4), arm(rng, 4, p=0.6)
    cb, cc = [False, True, False, False], [False, False, False]
    yield "two-part", dict(session="single", collapsed=(cb, cc)), arm(rng, 4), arm(rng, 3, p=0.6)


@pytest.mark.parametrize("seed", range(6))
def test_every_printed_difference_is_the_centre_of_its_ci_and_what_p_tost_and_mde_use(seed):
    for name, kw, xb, xc in designs(seed):
        c = compare_arms(xb, xc, **kw)
        assert c.ci is not None and c.se, (name, c.method, c.note)
        assert (c.ci_low + c.ci_high) / 2 == pytest.approx(c.diff, abs=1e-9), name
        assert c.diff == pytest.approx(c.mean_cand - c.mean_base, abs=1e-9), name
        df = c.df
        assert c.p_value == pytest.approx(2 * stats.t.sf(abs(c.diff) / c.se, df), rel=1e-6), name
        assert c.tost_p == pytest.approx(tost_p(c.diff, c.se, df, c.margin)), name
        alpha = 1 - (c.ci_level or c.level)
        assert c.mde == pytest.approx(t_mde(c.se, df, alpha, c.power), rel=1e-3), name


def test_over_rounds_says_its_means_weight_each_round_equally():
    rng = np.random.default_rng(3)
    shift = {k: 0.0 for k in range(4)}
    xb = arm(rng, 4, round_shift=shift, rounds=[0, 0, 0, 1])
    xc = arm(rng, 5, round_shift=shift, rounds=[2, 3, 3, 3, 3])
    c = compare_arms(xb, xc, session="isolated", rounds=([0, 0, 0, 1], [2, 3, 3, 3, 3]))
    rb = np.mean([xb[:3].sum(axis=1).mean(), xb[3:].sum()])
    assert c.unit == "round" and c.mean_base == pytest.approx(rb)
    assert "each round weighted equally" in c.rounds


def test_shared_rounds_whose_round_variance_is_estimated_zero_weight_repeats_equally():
    """Issue 59, part 2: where the rounds show nothing (MS_round <= MS_resid, the round variance
    estimated 0) the comparison is the paired t over tests on the rates of all repeats, each
    repeat weighted equally, and says so; where they show something, the two-way variance."""
    from lab.stats.twoway import mean_squares
    rng = np.random.default_rng(7)
    seen = {"paired-t": 0, "two-way": 0}
    for _ in range(40):
        lb = lc = [0, 0, 0, 0, 1]                      # unequal repeats per round
        xb, xc = arm(rng, 5, rounds=lb), arm(rng, 5, p=0.65, rounds=lc)
        c = compare_arms(xb, xc, session="isolated", rounds=(lb, lc), round_split=["code"])
        lab_ = np.array(lb)
        d = np.stack([xc[lab_ == k].mean(axis=0) - xb[lab_ == k].mean(axis=0) for k in (0, 1)], axis=1)
        _, ms_k, ms_e = mean_squares(d)
        seen[c.method] += 1
        if ms_k <= ms_e:
            plain = compare_arms(xb, xc, session="isolated")
            assert c.method == "paired-t" and c.diff == pytest.approx(plain.diff)
            assert c.p_value == pytest.approx(plain.p_value)
            assert c.rounds == ("2 shared rounds split by code; round variance estimated 0: no "
                                "round term, repeats weighted equally")
        else:
            assert c.method == "two-way" and c.rounds == "2 shared rounds split by code"
    assert seen["paired-t"] and seen["two-way"]


def test_single_sessions_at_the_same_seeds_are_paired_by_seed_and_count_every_repeat():
    """Issue 59, part 2: both arms ran seeds 0..4 — the paired t over the seeds' score
    differences, collapsed repeats counted and shown; other seeds: the two-part analysis with the
    plain Welch difference over every repeat beside it."""
    rng = np.random.default_rng(11)
    xb, xc = arm(rng, 5), arm(rng, 5, p=0.62)
    flags = ([False, False, True, False, False], [False] * 5)
    c = compare_arms(xb, xc, session="single", collapsed=flags, seeds=([0, 1, 2, 3, 4],) * 2)
    sb, sc = xb.sum(axis=1), xc.sum(axis=1)
    ref = stats.ttest_rel(sc, sb)
    assert c.method == "paired-seed" and c.unit == "seed" and c.collapse is None
    assert c.diff == pytest.approx(sc.mean() - sb.mean()) and c.p_value == pytest.approx(ref.pvalue)
    assert c.p_overall == c.p_value and c.collapses == {"base": 1, "n_base": 5, "cand": 0, "n_cand": 5}
    assert "paired t-test over the 5 seeds" in c.describe() and "base 1/5" in c.describe()
    # seeds in another order, or not the same: not paired
    for seeds in (([0, 1, 2, 3, 4], [4, 3, 2, 1, 0]), ([0, 1, 2, 3, 4], [5, 6, 7, 8, 9])):
        u = compare_arms(xb, xc, session="single", collapsed=flags, seeds=seeds)
        assert u.method == "welch" and u.collapse is not None and u.plain is not None
        assert u.plain["diff"] == pytest.approx(sc.mean() - sb.mean())
        assert u.plain["p"] == pytest.approx(stats.ttest_ind(sc, sb, equal_var=False).pvalue)
    # planning from it: at its own seeds, its MDE has the stated power
    from lab.stats.power import Spread, power_at
    sp = Spread.of_comparison(c)
    assert sp.session == "single" and power_at(sp, c.mde, 5) == pytest.approx(0.8, abs=0.01)
