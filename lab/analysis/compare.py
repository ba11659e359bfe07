"""Paired comparison of two cells on the same tests: is A better than B beyond run-to-run noise?

The level of resampling is the *repeat*. Both cells run the same tests (only tests present in
every complete repeat of both cells are compared, so the test set is identical on both sides and
test difficulty cancels out of the difference). What varies from run to run is the whole repeat:
in single-session mode one bad turn at test 46 can cascade through tests 47-70, so the tests of
one repeat are correlated and must not be resampled or permuted one by one — doing so would
treat 70 correlated outcomes as 70 independent ones and call noise significant.

- Statistic: mean score of A's repeats minus mean score of B's, on the common tests (points).
- p-value: two-sided permutation test of the repeat labels. Under "the vocabulary makes no
  difference" every repeat of either cell is exchangeable, so all C(nA+nB, nA) ways of labelling
  nA of the pooled repeats "A" are equally likely; p is the share of labellings whose |difference|
  reaches the observed one (the observed labelling included). Exact when there are at most
  `n_perm` labellings, otherwise `n_perm` random labellings with p = (1 + hits) / (1 + n_perm).
  Note the floor this puts on small sweeps: 3 vs 3 repeats have 20 labellings, so p >= 0.1 —
  three repeats per cell can never show a difference at the 5% level; 4 vs 4 can (p >= 2/70).
- CI: percentile bootstrap of the difference, resampling repeats with replacement within each
  cell (exact enumeration for up to 6 repeats per cell, else seeded Monte Carlo). With
  `resample_tests=True` the common tests are also resampled (one shared draw for both cells, so
  the pairing is kept): a wider interval for "on tests like these" rather than "on this suite".
"""

from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass
from math import comb
from typing import Mapping

import numpy as np
import pandas as pd

from lab.analysis.load import CELL
from lab.analysis.stats import bootstrap_means, exact_bootstrap, weighted_quantile


@dataclass
class Comparison:
    a: dict
    b: dict
    tests: int                # common tests compared
    repeats_a: int
    repeats_b: int
    mean_a: float             # mean score on the common tests
    mean_b: float
    diff: float               # mean_a - mean_b, in points
    diff_rate: float          # the same as a share of the common tests
    ci_low: float
    ci_high: float
    level: float
    p_value: float
    permutations: int         # labellings counted
    exact: bool               # every labelling enumerated
    min_p: float              # the smallest p-value these repeat counts can give

    @property
    def significant(self) -> bool:
        return self.p_value < 1 - self.level

    def to_dict(self) -> dict:
        return asdict(self)


def pass_matrix(tests: pd.DataFrame, cell: Mapping[str, str]) -> pd.DataFrame:
    """Repeats (run_id, repeat) x test_id of 0/1 passes for the rows of one cell."""
    mask = np.ones(len(tests), dtype=bool)
    for k, v in cell.items():
        mask &= (tests[k] == v).to_numpy()
    g = tests[mask]
    return (g.pivot_table(index=["run_id", "repeat"], columns="test_id", values="passed",
                          aggfunc="max").astype(float))


def permutation_p(a: np.ndarray, b: np.ndarray, *, n_perm: int = 10_000,
                  seed: int = 0) -> tuple[float, int, bool]:
    """Two-sided permutation p-value of mean(a) - mean(b) over the pooled values (repeat scores):
    (p, labellings counted, exact)."""
    pooled = np.concatenate([a, b]).astype(float)
    na, n = len(a), len(a) + len(b)
    observed = abs(float(np.mean(a)) - float(np.mean(b)))
    tol = 1e-9 * max(1.0, observed)
    total = comb(n, na)
    if total <= n_perm:                    # every labelling once
        groups = np.array(list(itertools.combinations(range(n), na)), dtype=int)
        exact = True
    else:                                  # random labellings: the first na of a permutation
        rng = np.random.default_rng(seed)
        groups = rng.permuted(np.tile(np.arange(n), (n_perm, 1)), axis=1)[:, :na]
        exact = False
    sa = pooled[groups].sum(axis=1)
    diffs = np.abs(sa / na - (pooled.sum() - sa) / (n - na))
    hits = int((diffs >= observed - tol).sum())
    return (hits / total, total, True) if exact else ((1 + hits) / (1 + n_perm), n_perm, False)


def compare(tests: pd.DataFrame, a: Mapping[str, str], b: Mapping[str, str], *,
            level: float = 0.95, n_boot: int = 10_000, n_perm: int = 10_000, seed: int = 0,
            resample_tests: bool = False) -> Comparison:
    """Compare cell `a` with cell `b` (each a mapping of cell columns to values, e.g.
    {"vocabulary": "maybe_exts", "model": "m", "suite": "tests70"}) on their common tests."""
    ma, mb = pass_matrix(tests, a), pass_matrix(tests, b)
    common = sorted(set(ma.columns[ma.notna().all()]) & set(mb.columns[mb.notna().all()]))
    if not len(ma) or not len(mb) or not common:
        raise ValueError(f"no common tests with complete repeats in both cells ({dict(a)} vs {dict(b)})")
    xa, xb = ma[common].to_numpy(), mb[common].to_numpy()
    sa, sb = xa.sum(axis=1), xb.sum(axis=1)
    diff = sa.mean() - sb.mean()
    p, perms, exact = permutation_p(sa, sb, n_perm=n_perm, seed=seed)
    lo, hi = _diff_ci(xa, xb, level=level, n_boot=n_boot, seed=seed, resample_tests=resample_tests)
    na, nb = len(sa), len(sb)
    return Comparison(a=dict(a), b=dict(b), tests=len(common), repeats_a=na, repeats_b=nb,
                      mean_a=float(sa.mean()), mean_b=float(sb.mean()), diff=float(diff),
                      diff_rate=float(diff / len(common)), ci_low=lo, ci_high=hi, level=level,
                      p_value=float(p), permutations=perms, exact=exact,
                      min_p=(2 if na == nb else 1) / comb(na + nb, na))


@dataclass
class TestLevel:
    """Test-level paired comparison (exact McNemar / sign test on discordant tests)."""
    tests: int                # common tests
    a_only: int               # tests A passes more often than B (over the paired repeats)
    b_only: int               # tests B passes more often than A
    p_value: float            # two-sided exact binomial p of a_only vs b_only at 1/2
    a_only_tests: list[str]
    b_only_tests: list[str]

    def to_dict(self) -> dict:
        return asdict(self)


def test_level(tests: pd.DataFrame, a: Mapping[str, str], b: Mapping[str, str]) -> TestLevel:
    """Which tests differ between two cells, and an exact sign test on them: under "no
    difference" a test that passes in one cell and not the other is equally likely to favour
    either. Valid only when the tests are independent of each other — isolated sessions
    (agent.session=isolated), where every test has its own conversation. In a single session one
    bad turn cascades into the next tests, the tests are correlated, and only the repeat-level
    `compare` is valid. A test's pass rate over each cell's repeats decides which side it favours."""
    ma, mb = pass_matrix(tests, a), pass_matrix(tests, b)
    common = sorted(set(ma.columns[ma.notna().all()]) & set(mb.columns[mb.notna().all()]))
    if not len(ma) or not len(mb) or not common:
        raise ValueError(f"no common tests with complete repeats in both cells ({dict(a)} vs {dict(b)})")
    ra, rb = ma[common].mean(axis=0), mb[common].mean(axis=0)
    a_only = [t for t in common if ra[t] > rb[t]]
    b_only = [t for t in common if rb[t] > ra[t]]
    return TestLevel(tests=len(common), a_only=len(a_only), b_only=len(b_only),
                     p_value=sign_test_p(len(a_only), len(b_only)), a_only_tests=a_only,
                     b_only_tests=b_only)


def sign_test_p(k: int, m: int) -> float:
    """Two-sided exact binomial p of k successes out of k + m at p = 1/2 (1.0 when k + m = 0)."""
    n = k + m
    if n == 0:
        return 1.0
    lo = min(k, m)
    tail = sum(comb(n, i) for i in range(lo + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare_cells(tests: pd.DataFrame, by: list[str] = CELL, *, vary: str = "vocabulary",
                  baseline: str | None = None, **kw) -> pd.DataFrame:
    """Every pair of cells that differ only in `vary` (the other columns of `by` equal), or each
    cell against `baseline` when given. One row per pair."""
    fixed = [c for c in by if c != vary]
    rows = []
    for key, g in tests.groupby(fixed, sort=True, dropna=False) if fixed else [((), tests)]:
        key = key if isinstance(key, tuple) else (key,)
        values = sorted(g[vary].dropna().unique())
        pairs = ([(v, baseline) for v in values if v != baseline] if baseline in values
                 else list(itertools.combinations(values, 2)))
        for va, vb in pairs:
            base = dict(zip(fixed, key))
            try:
                c = compare(g, {**base, vary: va}, {**base, vary: vb}, **kw)
            except ValueError:
                continue
            rows.append({**base, "a": va, "b": vb, "tests": c.tests, "repeats_a": c.repeats_a,
                         "repeats_b": c.repeats_b, "mean_a": c.mean_a, "mean_b": c.mean_b,
                         "diff": c.diff, "ci_low": c.ci_low, "ci_high": c.ci_high, "level": c.level,
                         "p_value": c.p_value, "min_p": c.min_p, "exact": c.exact,
                         "significant": c.significant})
    return pd.DataFrame(rows)


def _diff_ci(xa: np.ndarray, xb: np.ndarray, *, level: float, n_boot: int, seed: int,
             resample_tests: bool) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    q = (1 - level) / 2
    if not resample_tests:
        sa, sb = xa.sum(axis=1), xb.sum(axis=1)
        exact = exact_bootstrap(len(sa), n_boot) and exact_bootstrap(len(sb), n_boot)
        ma, wa = bootstrap_means(sa, n_boot=n_boot, rng=rng, exact=exact)
        mb, wb = bootstrap_means(sb, n_boot=n_boot, rng=rng, exact=exact)
        if exact:                                  # every pair of (distinct) resample means
            d, w = (ma[:, None] - mb[None, :]).ravel(), (wa[:, None] * wb[None, :]).ravel()
        else:                                      # independent Monte Carlo draws, paired by index
            d, w = ma - mb, np.ones(len(ma))
        return weighted_quantile(d, w, q), weighted_quantile(d, w, 1 - q)
    ra, rb, t = len(xa), len(xb), xa.shape[1]
    d = np.empty(n_boot)
    for i in range(n_boot):
        cols = rng.integers(0, t, size=t)
        d[i] = (xa[rng.integers(0, ra, size=ra)][:, cols].sum(axis=1).mean()
                - xb[rng.integers(0, rb, size=rb)][:, cols].sum(axis=1).mean())
    w = np.ones(n_boot)
    return weighted_quantile(d, w, q), weighted_quantile(d, w, 1 - q)
