"""Does the vocabulary or the prompt change the collapse rate (issue 25, part 3)? One exact test
over all the cells at once (Fisher's exact test for a 2 x k table, Freeman-Halton), before the
pairs: pinned to scipy's Fisher test for two cells and to scipy's Monte Carlo r x c test for more."""

from __future__ import annotations

import math

import pytest
from scipy.stats import MonteCarloMethod, fisher_exact

from lab.stats.collapse import rates_differ


@pytest.mark.parametrize("k,n", [((1, 3), (12, 12)), ((0, 6), (12, 12)), ((2, 2), (10, 14)),
                                 ((0, 0), (12, 12)), ((5, 1), (7, 20))])
def test_two_cells_are_fishers_two_sided_test(k, n):
    p, method = rates_differ(k, n)
    want = fisher_exact([[k[0], n[0] - k[0]], [k[1], n[1] - k[1]]]).pvalue
    assert method == "exact" and p == pytest.approx(want, rel=1e-9)


def test_five_cells_agree_with_scipys_monte_carlo_test_within_its_error():
    k, n = (1, 0, 3, 2, 0), (12, 12, 12, 12, 12)
    p, method = rates_differ(k, n)
    table = [list(k), [b - a for a, b in zip(k, n)]]
    mc = fisher_exact(table, method=MonteCarloMethod(n_resamples=40_000, rng=1)).pvalue
    assert method == "exact" and abs(p - mc) < 4 * math.sqrt(mc * (1 - mc) / 40_000) + 1e-4
    assert 0.2 < p < 0.4                                     # not beyond noise
    p_far, _ = rates_differ((0, 0, 0, 0, 9), (12,) * 5)
    assert p_far < 1e-4                                      # one cell collapsing often is


def test_no_collapse_anywhere_or_all_collapsed_is_p_one():
    assert rates_differ((0, 0, 0), (12, 12, 12)) == (1.0, "exact")
    assert rates_differ((4, 6), (4, 6)) == (1.0, "exact")


def test_a_table_too_large_to_enumerate_is_estimated_and_says_so():
    p, method = rates_differ((40, 60, 50, 45, 55, 52), (100,) * 6, max_tables=10_000)
    assert method.startswith("Monte Carlo") and 0 < p <= 1


@pytest.mark.parametrize("k,n", [((1,), (12,)), ((1, 13), (12, 12)), ((-1, 0), (3, 3)), ((1, 2), (3,))])
def test_bad_counts_are_refused(k, n):
    with pytest.raises(ValueError):
        rates_differ(k, n)
