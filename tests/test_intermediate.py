"""docs/statistics.md's test of "a single session either works or collapses": the intermediate
repeats (lab.stats.intermediate), on simulated cells whose truth is known."""

from __future__ import annotations

import numpy as np
import pytest

from lab.stats.intermediate import INTERMEDIATE_Q, MIN_OTHERS, false_rate, judge_cell, verdict
from lab.stats.simulate import SingleComponents, working_repeats

# a working distribution like the 1.5B's single sessions: ~60 of 70, carry-over, a repeat-wide shift
RATES = tuple([1.0] * 30 + [0.9] * 20 + [0.7] * 12 + [0.4] * 8)
COMP = SingleComponents(RATES, rho=0.4, lam=0.15, coupling=0.0, collapse=0.0)


def _cell(n: int = 12, seed: int = 5) -> np.ndarray:
    return working_repeats(COMP, np.random.default_rng(seed), n)


def test_a_partial_collapse_is_intermediate_and_the_working_repeats_are_not():
    x = _cell()
    x[4, 20:42] = 0.0                          # 22 tests in a row failed, no copy cascade
    js = judge_cell(x, [False] * 12)
    assert [j.row for j in js if j.intermediate] == [4]
    j4 = js[4]
    assert j4.score < j4.cut and j4.p < INTERMEDIATE_Q
    assert all(j.cut is not None and j.p >= INTERMEDIATE_Q for j in js if j.row != 4)


def test_a_collapse_is_intermediate_only_with_a_working_score():
    x = _cell()
    x[2] = 0.0                                 # a collapse: every test failed
    flags = [False] * 12
    flags[2] = flags[7] = True                 # row 7 flagged collapsed but scored like a working repeat
    js = judge_cell(x, flags)
    assert js[2].intermediate is False and js[2].score == 0
    assert js[7].intermediate is True and js[7].score >= js[7].cut
    assert [j.row for j in js if j.intermediate] == [7]


def test_a_repeat_is_not_part_of_the_distribution_it_is_judged_against():
    x = _cell()
    x[4, 20:42] = 0.0
    with_it = judge_cell(x, [False] * 12)
    # the others are judged against fits that include row 4: wider, lower 1% points
    assert with_it[4].cut > max(j.cut for j in with_it if j.row != 4)


def test_too_few_working_repeats_are_said_not_judged():
    x = _cell(n=MIN_OTHERS)
    js = judge_cell(x, [False] * MIN_OTHERS)
    assert all(j.intermediate is None and j.cut is None for j in js)
    assert js[0].why == f"{MIN_OTHERS - 1} other working repeats in the cell (a fit needs {MIN_OTHERS})"
    assert verdict(js).judged == 0
    with pytest.raises(ValueError, match="3 collapse flags for a matrix of shape"):
        judge_cell(x, [False] * 3)


def test_the_same_records_give_the_same_judgements():
    x = _cell()
    assert judge_cell(x, [False] * 12) == judge_cell(x, [False] * 12)


def test_the_procedure_alone_calls_few_working_repeats_intermediate():
    # the null the count is tested against: simulated cells where the hypothesis holds
    k, n = false_rate(COMP, 12, 6)
    assert n == 72 and k / n <= 0.05


def test_the_verdict_counts_judged_repeats_and_tests_the_count_against_the_null():
    x = _cell()
    x[4, 20:42] = 0.0
    v = verdict(judge_cell(x, [False] * 12), 0.01)
    assert (v.judged, v.intermediate) == (12, 1)
    assert v.p == pytest.approx(1 - 0.99 ** 12)          # P(at least 1 of 12 at 1%)
    assert v.ci[0] > 0 and v.ci[1] < 0.5
    none = verdict(judge_cell(_cell(), [False] * 12), 0.01)
    assert none.intermediate == 0 and none.p == 1.0
    assert none.bound == pytest.approx(1 - 0.05 ** (1 / 12))   # ~ 3/n: 0.221
