"""Power before the run: from a pilot run's observed spread, how many repeats per arm detect a
difference of D points with 80% power — for the same test `compare_arms` will run.

- single session: the unit is the repeat score; its sd comes from the pilot's repeats. Power of
  the two-sample t-test with r repeats per arm at effect size D / sd (statsmodels TTestIndPower).
- isolated: the unit is the test, paired across arms; what repeats buy is a less noisy pass rate
  per test. From the pilot, the within-test variance of a pass, v = mean over tests of the
  unbiased p_t(1 - p_t) (c(r0 - c) / (r0 (r0 - 1)) for c passes in r0 repeats). With r repeats per
  arm, a per-test difference has sd sqrt(2 v / r); power of the paired t-test over T tests at
  effect size (D / T) / that sd (statsmodels TTestPower). Planning assumption, said in the output:
  the difference is spread evenly over the tests (a real effect that helps some tests and hurts
  others adds spread that no number of repeats removes).

`Spread.planned(...)` makes the same object from numbers instead of a pilot (docs/sweeps.md).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

from lab.stats.collapse_power import binom_pmf
from lab.stats.compare import SESSIONS, t_power


@dataclass(frozen=True)
class Spread:
    session: str                 # single | isolated
    tests: int
    repeats: int                 # of the pilot (0: planned from numbers)
    sd_repeat: float | None      # sd of repeat scores, points (single)
    within_var: float | None     # mean within-test variance of a pass (isolated)
    source: str = "pilot"
    #: isolated, from a comparison (`of_comparison`): the sd of the per-test differences it
    #: measured, seed coupling and test x arm term included, at `repeats` per arm (harmonic)
    sd_diff: float | None = None
    df: float | None = None      # degrees of freedom of the test when not tests - 1 (two-way), or
                                 # a Welch comparison's (single), at `repeats` per arm
    #: single session, two parts: the share of repeats that collapse (pooled over both arms of
    #: the comparison); the score part sees only the others (`power_launched`)
    collapse_rate: float | None = None

    @classmethod
    def of_comparison(cls, c) -> "Spread":
        """The spread a Comparison measured (issue 24, finding 5): what `lab power BASE CAND` and
        the report's power lines plan from, so that at the comparison's own repeats the power of
        its MDE is the stated 80%. Single session: the sd of the (non-collapsed) repeat scores.
        Isolated: the sd of the per-test differences, which holds the seed-matched coupling (the
        committed sweep: 0.0375 measured where independent arms would give 0.0857); planning
        assumes it shrinks as 1/repeats (every added repeat a new round, as a sweep interleaves
        them) — a test x arm term would not shrink, so large repeat counts are optimistic."""
        if c.sd is None:
            raise ValueError("the comparison has no spread estimate (noise unknown)")
        if c.unit == "round":         # its spread is of round means, whose count it does not keep
            raise ValueError("the comparison is over round means (arms in different rounds): "
                             "plan from a pilot run instead")
        r0 = 2.0 / (1.0 / c.repeats_base + 1.0 / c.repeats_cand)    # per arm, harmonic
        r0 = int(r0) if r0 == int(r0) else r0
        if c.unit == "seed":          # single session paired by seed: sd of the seed differences
            # a paired t over r seeds with differences of sd s is the Welch power over repeats of
            # sd s / sqrt(2) on r - 1 df (ncp = D / (s / sqrt(r)) = D / (s / sqrt 2) sqrt(r / 2))
            return cls("single", c.tests, r0, float(c.sd) / math.sqrt(2), None,  # type: ignore[arg-type]
                       "comparison", df=c.df)
        if c.unit == "repeat":        # single session, or isolated arms that did not share rounds
            cp = c.collapse
            q = ((cp["base"] + cp["cand"]) / (cp["n_base"] + cp["n_cand"])) if cp else None
            return cls("single", c.tests, r0, float(c.sd), None, "comparison",  # type: ignore[arg-type]
                       df=c.df if c.method == "welch" else None, collapse_rate=q)
        return cls("isolated", c.tests, r0, None, None, "comparison", float(c.sd),  # type: ignore[arg-type]
                   c.df if c.method == "two-way" else None)

    @classmethod
    def of(cls, *matrices: np.ndarray, session: str, source: str = "pilot") -> "Spread":
        """The spread of one or more arms (pooled within arms), each repeats x tests."""
        if session not in SESSIONS:
            raise ValueError(f"session must be one of {SESSIONS}")
        ms = [np.asarray(m, dtype=float) for m in matrices]
        tests = ms[0].shape[1]
        reps = sum(m.shape[0] for m in ms)
        if sum(m.shape[0] - 1 for m in ms) < 1:
            raise ValueError("the spread needs at least two repeats of one arm")
        ss = sum(((m.sum(axis=1) - m.sum(axis=1).mean()) ** 2).sum() for m in ms)
        sd = math.sqrt(ss / sum(m.shape[0] - 1 for m in ms))
        wv = []
        for m in ms:
            r = m.shape[0]
            if r >= 2:
                c = m.sum(axis=0)
                wv.append((c * (r - c) / (r * (r - 1)), r - 1))
        within = float(sum(v.mean() * w for v, w in wv) / sum(w for _, w in wv))
        return cls(session, tests, reps, sd if session == "single" else None,
                   within if session == "isolated" else None, source)

    @classmethod
    def planned(cls, session: str, tests: int, *, sd: float | None = None,
                p: float | None = None) -> "Spread":
        """single: the sd of repeat scores in points; isolated: a typical pass rate p per test."""
        if session == "single":
            if sd is None:
                raise ValueError("single-session planning needs the sd of repeat scores (--sd)")
            return cls(session, tests, 0, float(sd), None, "planned")
        if p is None:
            raise ValueError("isolated planning needs a typical pass rate per test (--p)")
        return cls(session, tests, 0, None, float(p) * (1 - float(p)), "planned")

    def to_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        if self.sd_diff is not None:
            return (f"isolated: sd of the per-test differences {self.sd_diff:.4f} at {self.repeats:g} "
                    f"repeats per arm, measured by the comparison (seed coupling included) on "
                    f"{self.tests} tests; assumed to shrink as 1/repeats")
        if self.session == "single":
            lost = ("" if self.collapse_rate is None else
                    f"; score part over the repeats that did not collapse, {self.collapse_rate:.1%} "
                    f"of repeats collapsing ({_how[self.source] if self.source in _how else 'measured'}), "
                    "each part at alpha/2")
            return (f"single session: sd of repeat scores {self.sd_repeat:.2f} points on {self.tests} "
                    f"tests ({self._src()}){lost}")
        return (f"isolated: within-test variance of a pass {self.within_var:.4f} (a typical test "
                f"passes {_rate(self.within_var):.0%} or {1 - _rate(self.within_var):.0%} of "
                f"repeats) on {self.tests} tests ({self._src()}); assumes the difference is spread "
                "evenly over the tests")

    def _src(self) -> str:
        return {"pilot": f"pilot of {self.repeats} repeats",
                "comparison": f"a comparison at {self.repeats:g} repeats per arm"}.get(self.source,
                                                                                   "planned")


#: where a collapse rate came from, as `describe` says it
_how = {"comparison": "pooled, measured", "planned": "planned", "pilot": "measured"}


def _rate(v: float) -> float:
    """The p >= 1/2 with p (1 - p) = v."""
    return 0.5 + math.sqrt(max(0.25 - v, 0.0))


def power_at(spread: Spread, diff: float, repeats: int, *, alpha: float = 0.05) -> float:
    """Chance that `compare_arms` calls a true difference of `diff` points significant at `alpha`
    with `repeats` repeats per arm."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from statsmodels.stats.power import NormalIndPower, TTestIndPower, TTestPower

    diff = abs(float(diff))
    if spread.session == "single":
        if repeats < 2:
            return 0.0
        if not spread.sd_repeat:
            return 1.0 if diff > 0 else alpha
        es = diff / spread.sd_repeat
        if spread.df is not None and spread.repeats:
            # from a Welch comparison: its df, scaled to the repeats planned (unequal variances
            # cost df; at the comparison's own repeats exactly its df: the MDE has the stated power)
            df = spread.df * (2 * repeats - 2) / max(2 * spread.repeats - 2, 1e-9)
            return t_power(es * math.sqrt(repeats / 2), df, alpha)
        pw = float(TTestIndPower().power(effect_size=es, nobs1=repeats, ratio=1.0, alpha=alpha,
                                         alternative="two-sided"))
        if math.isnan(pw):        # scipy's noncentral t fails at large df, where t is normal
            pw = float(NormalIndPower().power(effect_size=es, nobs1=repeats, ratio=1.0,
                                              alpha=alpha, alternative="two-sided"))
        return pw
    if spread.tests < 2 or repeats < 1:
        return 0.0
    if spread.sd_diff is not None:
        if not spread.sd_diff:
            return 1.0 if diff > 0 else alpha
        sd_d = spread.sd_diff * math.sqrt(spread.repeats / repeats)
    elif not spread.within_var:
        return 1.0 if diff > 0 else alpha
    else:
        sd_d = math.sqrt(2 * spread.within_var / repeats)
    if spread.df is not None:             # the two-way test: its own (Satterthwaite) df
        return t_power(diff / (spread.tests * sd_d / math.sqrt(spread.tests)), spread.df, alpha)
    pw = float(TTestPower().power(effect_size=(diff / spread.tests) / sd_d, nobs=spread.tests,
                                  alpha=alpha, alternative="two-sided"))
    return 1.0 if math.isnan(pw) else pw     # nan only where the effect is huge


def power_launched(spread: Spread, diff: float, repeats: int, *, alpha: float = 0.05) -> float:
    """`power_at` for `repeats` launched per arm. Single session in two parts (`collapse_rate`
    set): each arm's working repeats are Binomial(repeats, 1 - collapse_rate), and the score part
    (Welch over them, at `alpha`: the part's alpha) has the expected power over those counts
    (0 where an arm keeps none, or the two keep fewer than 3). Otherwise `power_at`."""
    q = spread.collapse_rate
    if spread.session != "single" or not q:
        return power_at(spread, diff, repeats, alpha=alpha)
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    n = int(repeats)
    w = binom_pmf(n, 1 - q)
    keep = np.flatnonzero(w > 1e-12)
    mb, mc = (x.ravel() for x in np.meshgrid(keep, keep, indexing="ij"))
    ok = (mb >= 1) & (mc >= 1) & (mb + mc >= 3)
    mb, mc = mb[ok], mc[ok]
    if not len(mb):
        return 0.0
    diff = abs(float(diff))
    if not spread.sd_repeat:
        pw = np.full(len(mb), 1.0 if diff > 0 else alpha)
    else:                  # TTestIndPower's power, vectorized over the counts: t on nb + nc - 2 df
        df = (mb + mc - 2).astype(float)
        ncp = diff / spread.sd_repeat * np.sqrt(mb * mc / (mb + mc))
        crit = stats.t.isf(alpha / 2, df)
        pw = stats.nct.sf(crit, df, ncp) + stats.nct.cdf(-crit, df, ncp)
        far = ~np.isfinite(pw)                        # scipy's noncentral t fails far out
        pw[far] = stats.norm.sf(crit[far] - ncp[far]) + stats.norm.cdf(-crit[far] - ncp[far])
    return float(np.sum(w[mb] * w[mc] * np.clip(pw, 0, 1)))


def repeats_for(spread: Spread, diff: float, *, power: float = 0.8, alpha: float = 0.05,
                max_repeats: int = 1000) -> int | None:
    """The fewest repeats per arm with power_at >= `power` (launched repeats, collapses expected
    at `spread.collapse_rate`: `power_launched`); None when more than `max_repeats` (or never:
    isolated power is capped by the number of tests)."""
    lo = 2 if spread.session == "single" else 1
    if spread.session == "single" and spread.collapse_rate:
        if spread.collapse_rate >= 1:
            return None
        n = lo                        # expected over binomial counts: scan, doubling then bisecting
        while power_launched(spread, diff, n, alpha=alpha) < power:
            if n >= max_repeats:
                return None
            lo, n = n, min(max_repeats, 2 * n)
        return _least(lambda m: power_launched(spread, diff, m, alpha=alpha) >= power, lo, n)
    if power_at(spread, diff, max_repeats, alpha=alpha) < power:
        return None
    return _least(lambda m: power_at(spread, diff, m, alpha=alpha) >= power, lo, max_repeats)


def _least(enough, lo: int, hi: int) -> int:
    """The least n in [lo, hi] with enough(n), enough(hi) true and enough growing with n: bisect."""
    while lo < hi:
        mid = (lo + hi) // 2
        if enough(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
