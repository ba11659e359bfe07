"""An A/A simulator refitted from the variance components of real runs (issue 24, finding 3).

The test model's A/A (model=stochastic) had 15% always-pass/fail tests where the real suite has
49%, no coupling between arms, no round effect and no collapse: a comparison could pass it and
still fail on real data. `fit` reads, from isolated runs of several cells that ran the same seeds:

- `rates`: each test's pass rate over every repeat (0 and 1 kept: the always-pass/fail share);
- `coupling`: how much more often two cells agree on a test at the same seed than independent
  draws at those rates would, (agree - expected) / (1 - expected) — the sampler draws nearly the
  same tokens when the tool responses differ by a field;
- `round_sd`: the sd of a round's shift of every pass rate (between-round variance of the
  repeats' pass rates beyond what the repeats within a round show), when rounds are given;
- `collapse`: the share of collapsed single-session repeats (from single runs; 0 without).

`simulate` draws two arms from them: repeat j of either arm is seed j (coupled draws), and a
round shift per round (each arm's own rounds, or shared ones).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

import numpy as np

from lab.stats.compare import compare_arms
from lab.stats.multiple import rate_ci, spread_check, z_of


class _PerTestRates:
    """What both fitted components report beside their fields: the share of tests that always
    passed or always failed (`rates`: each test's pass rate)."""
    rates: tuple

    @property
    def always_share(self) -> float:
        r = np.asarray(self.rates)
        return float(((r == 0) | (r == 1)).mean())

    def to_dict(self) -> dict:
        d = asdict(self)
        d["always_share"] = self.always_share
        return d


@dataclass(frozen=True)
class Components(_PerTestRates):
    rates: tuple[float, ...]
    coupling: float
    round_sd: float
    collapse: float = 0.0



def fit(cells: Sequence[np.ndarray], rounds: Sequence[int] | None = None,
        collapsed: Sequence[bool] = ()) -> Components:
    """cells: one repeats x tests matrix per cell, row j = seed j in every cell; rounds: the round
    of row j (the same in every cell, as in a sweep); collapsed: single-session flags, any runs."""
    ms = [np.asarray(m, dtype=float) for m in cells]
    allm = np.concatenate(ms)
    rates = allm.mean(axis=0)
    # coupling: pairs of cells at the same seed
    agree, expect = [], []
    for i in range(len(ms)):
        for k in range(i + 1, len(ms)):
            for j in range(min(len(ms[i]), len(ms[k]))):
                agree.append((ms[i][j] == ms[k][j]).mean())
                expect.append((rates ** 2 + (1 - rates) ** 2).mean())
    a, e = (float(np.mean(agree)), float(np.mean(expect))) if agree else (0.0, 0.0)
    coupling = max(0.0, (a - e) / (1 - e)) if agree and e < 1 else 0.0
    round_sd = 0.0
    if rounds is not None and len(set(rounds)) > 1:
        lab = np.asarray(list(rounds))
        per_repeat = np.concatenate([m.mean(axis=1) for m in ms])
        labels = np.concatenate([lab[:len(m)] for m in ms])
        means = np.array([per_repeat[labels == k].mean() for k in sorted(set(labels))])
        within = np.mean([per_repeat[labels == k].var(ddof=1) / (labels == k).sum()
                          for k in sorted(set(labels)) if (labels == k).sum() > 1] or [0.0])
        round_sd = float(np.sqrt(max(0.0, means.var(ddof=1) - within)))
    flags = list(collapsed)
    return Components(tuple(float(x) for x in rates), float(coupling), round_sd,
                      float(np.mean(flags)) if flags else 0.0)


def simulate(c: Components, rng: np.random.Generator, repeats: int, *,
             rounds: tuple[Sequence[int], Sequence[int]] | None = None):
    """(base, cand) 0/1 matrices of an A/A pair; rounds: each arm's round per repeat (default:
    every repeat its own round, shared by both arms at the same seed)."""
    p = np.asarray(c.rates)
    t = len(p)
    rb, rc = rounds or (list(range(repeats)), list(range(repeats)))
    shift = {k: rng.normal(0, c.round_sd) for k in set(rb) | set(rc)}
    out = []
    shared = rng.random((repeats, t))
    # one draw decides, for both arms, where they share the uniform: then P(same draw) is the
    # fitted coupling (a draw per arm shared only coupling^2 of the tests: 0.18 for a fit of 0.42)
    couple = rng.random((repeats, t)) < c.coupling
    for arm_rounds in (rb, rc):
        own = rng.random((repeats, t))
        u = np.where(couple, shared, own)
        q = np.clip(p[None, :] + np.array([shift[k] for k in arm_rounds])[:, None], 0, 1)
        q = np.where((p == 0) | (p == 1), p, q)        # always-pass/fail tests stay so
        out.append((u < q).astype(float))
    return out[0], out[1]


# -- single sessions (issue 24): carry-over between consecutive tests, and collapses -------------

def bvn_cdf(h: np.ndarray, k: np.ndarray, r: float | np.ndarray) -> np.ndarray:
    """P(Z1 < h, Z2 < k) for standard normals of correlation r (vectorized; Owen's T function:
    Owen 1956). h, k may be +-inf (a test that always passes or fails)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.special import owens_t
    from scipy.stats import norm

    h, k = np.broadcast_arrays(np.asarray(h, float), np.asarray(k, float))
    r = np.broadcast_to(np.asarray(r, float), h.shape)
    out = np.empty(h.shape)
    inf = ~np.isfinite(h) | ~np.isfinite(k)
    # an infinite bound: the other margin (or 0)
    hi, ki = h[inf], k[inf]
    out[inf] = np.where((hi == -np.inf) | (ki == -np.inf), 0.0,
                        np.where(hi == np.inf, norm.cdf(ki), norm.cdf(hi)))
    f = ~inf
    hf, kf, rf = h[f], k[f], np.clip(r[f], -0.999999, 0.999999)
    hf = np.where(hf == 0, 1e-12, hf)
    kf = np.where(kf == 0, 1e-12, kf)
    s = np.sqrt(1 - rf ** 2)
    val = (0.5 * norm.cdf(hf) + 0.5 * norm.cdf(kf) - owens_t(hf, (kf - rf * hf) / (hf * s))
           - owens_t(kf, (hf - rf * kf) / (kf * s)) - 0.5 * ((hf * kf) < 0))
    out[f] = np.clip(val, 0.0, 1.0)
    return out


@dataclass(frozen=True)
class SingleComponents(_PerTestRates):
    """A single-session repeat as a Gaussian copula over the tests in their order: test t passes
    when z_t < Phi^-1(rate_t), z = sqrt(lam) w + sqrt(1 - lam) a_t, w a shift of the whole repeat
    and a_t an AR(1) over consecutive tests (coefficient rho: the carry-over of a good or bad turn
    into the next); two arms at the same seed share a fraction `coupling` of their latent
    (corr(z^A_t, z^B_t) = coupling). A repeat collapses with probability `collapse` (independently
    in each arm): it then fails every test from an onset drawn from the observed collapses'."""
    rates: tuple[float, ...]        # pass rate per test of the repeats that did not collapse
    rho: float                      # carry-over: latent correlation of consecutive tests
    lam: float                      # share of a repeat-wide latent shift
    coupling: float                 # latent correlation of two arms at one seed
    collapse: float                 # share of repeats that collapsed
    onsets: tuple[int, ...] = (0,)  # observed collapses: tests passed before every later test failed
    stats: tuple[tuple[str, float], ...] = ()   # what was fitted to (observed values)



def _thresholds(rates: np.ndarray) -> np.ndarray:
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.stats import norm
    with np.errstate(divide="ignore"):
        return norm.ppf(rates)


def _lag1_agreement(h: np.ndarray, p: np.ndarray, r: float) -> float:
    both = bvn_cdf(h[1:], h[:-1], r)
    return float(np.mean(1 - p[1:] - p[:-1] + 2 * both))


def _score_var(h: np.ndarray, p: np.ndarray, rho: float, lam: float) -> float:
    var = float(np.sum(p * (1 - p)))
    inf = np.flatnonzero((p > 0) & (p < 1))             # only tests that vary add covariance
    i, j = np.triu_indices(len(inf), k=1)               # every pair of them, one vectorized call
    if len(i):
        i, j = inf[i], inf[j]
        r = lam + (1 - lam) * rho ** (j - i).astype(float)
        var += 2 * float(np.sum(bvn_cdf(h[i], h[j], r) - p[i] * p[j]))
    return var


def _solve(f, lo: float, hi: float) -> float:
    """The root of an increasing f on [lo, hi], or the end nearer to it."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.optimize import brentq
    a, b = f(lo), f(hi)
    if a >= 0:
        return lo
    if b <= 0:
        return hi
    return float(brentq(f, lo, hi, xtol=1e-4))


def fit_single(cells: Sequence[np.ndarray], collapsed: Sequence[Sequence[bool]]) -> SingleComponents:
    """cells: one repeats x tests matrix per cell, columns in the order the tests ran, row j = seed
    j in every cell; collapsed: each cell's flags. Moments of the repeats that did not collapse:
    the agreement of consecutive tests (-> latent lag-1 correlation), the within-cell variance of
    the repeat scores (-> the share of a repeat-wide shift, the rest carry-over), the agreement of
    two cells at one seed (-> coupling); rates over all working repeats."""
    ms = [np.asarray(m, dtype=float) for m in cells]
    fs = [np.asarray(list(f), dtype=bool) for f in collapsed]
    work = [m[~f] for m, f in zip(ms, fs)]
    allw = np.concatenate(work)
    p = allw.mean(axis=0)
    h = _thresholds(p)
    agree1 = float((allw[:, 1:] == allw[:, :-1]).mean())
    r1 = _solve(lambda r: _lag1_agreement(h, p, r) - agree1, 0.0, 0.99)
    dof = sum(len(w) - 1 for w in work if len(w) > 1)
    var_obs = (sum(float(((w.sum(1) - w.sum(1).mean()) ** 2).sum()) for w in work if len(w) > 1)
               / dof) if dof else 0.0

    def var_at(lam: float) -> float:
        rho = (r1 - lam) / (1 - lam) if lam < 1 else 0.0
        return _score_var(h, p, rho, lam)

    lam = _solve(lambda x: var_at(x) - var_obs, 0.0, r1) if r1 > 0 else 0.0
    rho = (r1 - lam) / (1 - lam) if lam < 1 else 0.0
    same, pairs = [], 0
    for i in range(len(ms)):
        for k in range(i + 1, len(ms)):
            for j in range(min(len(ms[i]), len(ms[k]))):
                if not fs[i][j] and not fs[k][j]:
                    same.append((ms[i][j] == ms[k][j]).mean())
    agree_x = float(np.mean(same)) if same else None
    coupling = (_solve(lambda r: float(np.mean(1 - 2 * p + 2 * bvn_cdf(h, h, r))) - agree_x,
                       0.0, 0.99) if same else 0.0)
    flags = np.concatenate(fs)
    onsets = []
    for m, f in zip(ms, fs):
        for row in m[f]:
            passed = np.flatnonzero(row)
            onsets.append(int(passed[-1]) + 1 if len(passed) else 0)
    stats = (("lag1_agreement", agree1), ("score_var", var_obs),
             ("seed_agreement", agree_x if agree_x is not None else float("nan")),
             ("repeats", float(len(flags))), ("working", float(len(allw))))
    return SingleComponents(tuple(float(x) for x in p), float(rho), float(lam), float(coupling),
                            float(flags.mean()) if len(flags) else 0.0, tuple(onsets or [0]), stats)


def _ar1(rng: np.random.Generator, n: int, t: int, rho: float) -> np.ndarray:
    e = rng.standard_normal((n, t))
    a = np.empty((n, t))
    a[:, 0] = e[:, 0]
    s = np.sqrt(1 - rho ** 2)
    for i in range(1, t):
        a[:, i] = rho * a[:, i - 1] + s * e[:, i]
    return a


def _latent(c: SingleComponents, rng: np.random.Generator, repeats: int, t: int) -> np.ndarray:
    """The copula's latent of `repeats` repeats of `t` tests: a repeat-wide shift plus the AR(1)."""
    w = rng.standard_normal((repeats, 1))
    return np.sqrt(c.lam) * w + np.sqrt(1 - c.lam) * _ar1(rng, repeats, t, c.rho)


def working_repeats(c: SingleComponents, rng: np.random.Generator, repeats: int) -> np.ndarray:
    """The pass matrix (repeats x tests, in their order) of `repeats` simulated working repeats of
    one arm: no collapse, no second arm (lab.stats.intermediate judges a repeat against these)."""
    h = _thresholds(np.asarray(c.rates))
    return (_latent(c, rng, repeats, len(h)) < h[None, :]).astype(float)


def simulate_single(c: SingleComponents, rng: np.random.Generator, repeats: int, *,
                    collapse_cand: float | None = None, shift_cand: float = 0.0):
    """(base, cand, flags_base, flags_cand) of one A/A pair of single sessions: repeat j of either
    arm is seed j (coupled latents). Planted differences: `collapse_cand` (cand's collapse rate)
    and `shift_cand` (cand's pass thresholds moved by this many latent sd: > 0 helps)."""
    h = _thresholds(np.asarray(c.rates))
    shared = _latent(c, rng, repeats, len(h))
    out = []
    for arm, (q, dh) in enumerate(((c.collapse, 0.0),
                                   (c.collapse if collapse_cand is None else collapse_cand,
                                    shift_cand))):
        z = np.sqrt(c.coupling) * shared + np.sqrt(1 - c.coupling) * _latent(c, rng, repeats, len(h))
        x = (z < h[None, :] + dh).astype(float)
        flags = rng.random(repeats) < q
        for j in np.flatnonzero(flags):
            x[j, int(rng.choice(c.onsets)):] = 0.0
        out.append((x, [bool(f) for f in flags]))
    (xb, fb), (xc, fc) = out
    return xb, xc, fb, fc


def judge_single(c: SingleComponents, rng: np.random.Generator, pairs: int, repeats: int, *,
                 alpha: float = 0.05, collapse_cand: float | None = None,
                 shift_cand: float = 0.0) -> dict:
    """The two-part comparison (and, for contrast, Welch over the mixture of all repeat scores)
    on `pairs` simulated pairs of `repeats` + `repeats` single sessions: how often each calls them
    different (with its Clopper-Pearson 95% CI), the collapse part's and the score part's
    rejection rates at alpha/2, and the score part's spread (E[z^2], KS: lab.stats.multiple)."""
    two, old = [], []
    for _ in range(pairs):
        xb, xc, fb, fc = simulate_single(c, rng, repeats, collapse_cand=collapse_cand,
                                         shift_cand=shift_cand)
        two.append(compare_arms(xb, xc, session="single", level=1 - alpha, collapsed=(fb, fc)))
        old.append(compare_arms(xb, xc, session="single", level=1 - alpha))

    def rate(flags: list[bool]) -> dict:
        k = int(sum(flags))
        lo, hi = rate_ci(k, len(flags))
        return {"k": k, "n": len(flags), "rate": k / len(flags), "ci": [lo, hi]}

    scored = [x for x in two if x.p_value is not None]
    welch = [x for x in old if x.p_value is not None]
    return {
        "pairs": pairs, "repeats": repeats, "alpha": alpha,
        "collapse_cand": collapse_cand, "shift_cand": shift_cand,
        "two_part": rate([x.significant for x in two]),
        "collapse_part": rate([x.collapse["p"] < alpha / 2 for x in two]),
        "score_part": {**rate([x.p_value < alpha / 2 for x in scored]),
                       **spread_check([z_of(x.diff, x.p_value) for x in scored],
                                      [x.p_value for x in scored])},
        "no_score_part": len(two) - len(scored),
        "mixture_welch": {**rate([x.significant for x in welch]),
                          **spread_check([z_of(x.diff, x.p_value) for x in welch],
                                         [x.p_value for x in welch])},
    }
