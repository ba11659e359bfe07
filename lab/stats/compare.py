"""The one comparison of two arms (two runs, two cells) on their common tests.

Input: two 0/1 pass matrices, repeats x tests, with the same test columns in the same order (the
common tests of both arms, every one present in every complete repeat), so test difficulty cancels
out of the difference. Output: `Comparison` — cand - base in points (tests passed per repeat), its
CI, a two-sided p-value, a standardized effect size and the minimum detectable effect (MDE) at the
observed spread for the repeats given. Which test depends on how the tests were run (Miller 2024,
"Adding Error Bars to Evals": clustered standard errors, paired differences):

- single session (`agent.session=single`, the default): the tests of one repeat share one growing
  conversation — one bad turn at test 46 drags 47-70 down — so the *repeat* is the cluster. The
  unit is the repeat score on the common tests; Welch's t-test over the repeat scores of the two
  arms (scipy.stats.ttest_ind, equal_var=False; pooled variances when one arm has a single
  repeat). Its squared standard error is the cluster-robust (CR0, cluster = repeat) one of the
  difference of the two mean pass rates times r/(r-1) — tests/test_stats_compare.py pins this to
  statsmodels' OLS with cluster-robust covariance.
- isolated (`agent.session=isolated` in both arms): every test is its own conversation, tests are
  independent, and each test is paired across arms: d_t = pass rate of test t in cand - in base
  (over each arm's repeats); paired t-test over the tests (scipy.stats.ttest_rel on the per-test
  rates); difference in points = T * mean(d_t). Works from one repeat per arm.

Arms whose repeats each pass exactly the same tests (a deterministic backend) give an exact
answer: p = 0 when the arms differ, 1 when they do not, CI = [diff, diff]. Constant repeat scores
(or equal per-test differences) while the passing tests differ between repeats are NOT "no
noise": the noise is unknown (method "none", no p, no CI, `note` says why; issue 24 finding 6).
One repeat on each side in single-session mode leaves the noise unknown too: p and CI are None
(the gate then cannot judge).

The effect size is Cohen's d (difference / pooled sd of repeat scores) in single-session mode and
d_z (mean / sd of the per-test differences) in isolated mode. The MDE is the |difference| the same
test detects with probability `power` (0.8) at alpha = 1 - level, given the observed sd and these
repeat counts (statsmodels TTestIndPower / TTestPower).
"""

from __future__ import annotations

import functools
import math
import warnings
from dataclasses import asdict, dataclass, replace
from typing import Iterable, Sequence

import numpy as np

from lab.stats.collapse import collapse_part
from lab.stats.equivalence import DEFAULT_MARGIN, tost_p
from lab.stats.per_test import paired_by_seed
from lab.stats.twoway import mean_squares, two_way

SESSIONS = ("single", "isolated")


def session_of(*sessions: Iterable[str] | str | None) -> str:
    """The session mode a comparison must assume: isolated only when every run of both arms ran
    isolated; anything else (single, mixed, unknown) is treated as single session — the repeat
    is then the unit, which is never anti-conservative."""
    flat: list[str] = []
    for s in sessions:
        if s is None:
            flat.append("?")
        elif isinstance(s, str):
            flat.append(s)
        else:
            flat.extend(str(x) for x in s)
    return "isolated" if flat and all(s == "isolated" for s in flat) else "single"


@dataclass(frozen=True)
class Comparison:
    session: str               # single | isolated (how the arms ran; decides the unit)
    unit: str                  # "repeat" (the cluster) | "test" (paired across arms) | "round" (isolated arms in different rounds, repeats of a round averaged)
    method: str                # welch | pooled | paired-t | exact (no spread) | none (unknown noise)
    tests: int                 # common tests compared
    repeats_base: int
    repeats_cand: int
    mean_base: float           # mean score on the common tests, points
    mean_cand: float
    diff: float                # mean_cand - mean_base, points (negative: cand is worse)
    se: float | None           # standard error of diff, points
    df: float | None
    ci_low: float | None
    ci_high: float | None
    level: float
    p_value: float | None      # two-sided
    effect_size: float | None  # Cohen's d (single) or d_z (isolated)
    effect_kind: str
    sd: float | None           # the spread behind se: sd of repeat scores (single) or of the
                               # per-test differences (isolated, in points x tests: rate units)
    mde: float | None          # minimum detectable |diff| in points at `power`, alpha = 1 - level
    power: float = 0.8
    note: str | None = None    # why there is no p-value (noise unknown), said by every output
    ci_level: float | None = None   # level of the CI when not `level` (a part at alpha / 2)
    rounds: str | None = None  # isolated: how the arms' rounds were handled (lab/records/rounds.py)
    margin: float = 3.0        # equivalence margin, points (TOST)
    tost_p: float | None = None     # p of "|diff| < margin" (lab.stats.equivalence)
    collapse: dict | None = None    # single session, two-part: the collapse part (lab.stats.collapse)
    plain: dict | None = None       # single session, two-part: the plain difference over every repeat
                                    # (Welch; collapse happens after treatment: shown beside it)
    collapses: dict | None = None   # single session paired by seed: each arm's collapsed repeats,
                                    # shown (every repeat is compared; none is set aside)

    @property
    def alpha(self) -> float:
        return 1.0 - self.level

    @property
    def part_alpha(self) -> float:
        """alpha of each part: alpha / 2 in a two-part (collapse + score) comparison."""
        return self.alpha / 2 if self.collapse is not None else self.alpha

    @property
    def p_overall(self) -> float | None:
        """The comparison's one p-value (what a table Holm-adjusts): the score p, or in a two-part
        comparison the Bonferroni combination of its two parts, min(1, 2 min(p_score, p_collapse))."""
        if self.collapse is None:
            return self.p_value
        ps = [p for p in (self.p_value, self.collapse.get("p")) if p is not None]
        return min(1.0, 2 * min(ps)) if ps else None

    @property
    def significant(self) -> bool:
        p = self.p_overall
        return p is not None and p < self.alpha

    @property
    def bound(self) -> str | None:
        """"floor" when both arms score 0 in every repeat, "ceiling" when both pass every test in
        every repeat, else None. At a bound the suite cannot show an effect or its absence (issue
        25: the 0.5B passes no test in either arm), so no equivalence is claimed."""
        if self.mean_base == self.mean_cand == 0:
            return "floor"
        if self.tests and self.mean_base == self.mean_cand == self.tests:
            return "ceiling"
        return None

    @property
    def equivalent(self) -> bool:
        """|diff| < margin shown by TOST at the part's alpha (and, two-part, no collapse effect);
        never at a bound (both arms at the floor or the ceiling: nothing was measured)."""
        same_collapse = self.collapse is None or (self.collapse.get("p") or 0) >= self.part_alpha
        return (self.tost_p is not None and self.tost_p < self.part_alpha and same_collapse
                and self.bound is None)

    @property
    def ci(self) -> tuple[float, float] | None:
        return None if self.ci_low is None or self.ci_high is None else (self.ci_low, self.ci_high)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.update(significant=self.significant, p_overall=self.p_overall, equivalent=self.equivalent,
                 bound=self.bound)
        return d

    def describe(self) -> str:
        """One line: the method and its unit, as the outputs say it."""
        if self.unit in ("repeat", "round"):
            why = ("isolated arms without shared rounds: a round moves every test of a repeat"
                   if self.session == "isolated" else "single session: the repeat is the cluster")
            what = "round mean scores" if self.unit == "round" else "repeat scores"
            how = (f"Welch t-test over {what} ({why})" if self.method == "welch" else
                   f"pooled t-test over {what} ({why})" if self.method == "pooled" else
                   f"{what} ({why})")
        elif self.method == "two-way":
            how = (f"two-way (tests x rounds) over the {self.tests} tests (isolated: tests paired "
                   f"across arms, {self.rounds})")
        elif self.unit == "seed":
            c = self.collapses
            seen = (f"; collapsed repeats counted like the rest: base {c['base']}/{c['n_base']}, "
                    f"cand {c['cand']}/{c['n_cand']}" if c else "")
            how = (f"paired t-test over the {self.repeats_base} seeds (single session, both arms "
                   f"ran the same seeds: the seed is the pair; every repeat counted{seen})")
        else:
            how = f"paired t-test over the {self.tests} tests (isolated: tests paired across arms)"
        if self.unit in ("repeat", "round") and self.rounds:
            how += f"; {self.rounds.split(':')[0]}"
        elif self.unit == "test" and self.rounds and self.method != "two-way":
            how += f"; {self.rounds}"
        if self.collapse is not None:
            how = (f"two parts at alpha/2 each: collapse ({self.collapse['rule']}) by Fisher's exact "
                   f"test; score among non-collapsed repeats by {how}")
        if self.method == "exact":
            how += "; no spread at all: exact"
        if self.method == "none":
            how += f"; {self.note or 'one repeat per side: noise unknown'}"
        return how


def _as_matrix(x: np.ndarray | Iterable) -> np.ndarray:
    m = np.asarray(x, dtype=float)
    if m.ndim != 2:
        raise ValueError("a pass matrix is repeats x tests")
    return m


def compare_arms(base: np.ndarray, cand: np.ndarray, *, session: str = "single",
                 level: float = 0.95, power: float = 0.8,
                 rounds: tuple[Sequence, Sequence] | None = None,
                 collapsed: tuple[Sequence[bool], Sequence[bool]] | None = None,
                 margin: float = DEFAULT_MARGIN, round_split: Sequence[str] = (),
                 seeds: tuple[Sequence, Sequence] | None = None) -> Comparison:
    """Compare arm `cand` with arm `base` (0/1 pass matrices, repeats x the same common tests).

    rounds: the round of every repeat (base rows, cand rows; None = unknown; lab/records/rounds.py).
      Isolated only: arms that ran in the same rounds get the two-way (tests x rounds) variance;
      arms that did not (a gate against an older baseline) are compared over round mean scores
      (Welch; `_over_rounds`), since a round moves every test of a repeat, and not at all when each
      arm ran in one round of its own; unknown rounds: the paired t as before.
    collapsed: whether each repeat collapsed (single session only): the two-part analysis, stated
      before the data — collapse rate by an exact test and the score among non-collapsed repeats,
      alpha/2 each (lab/stats/collapse.py). Without it: one part, Welch over all repeat scores.
    margin: the equivalence margin in points: `tost_p` says whether |diff| < margin (TOST).
    round_split: what differs between the rounds (lab.records.rounds.split_by: code, numerics,
      host, CPU, threads), said in the comparison's `rounds` text: why the round term entered.
    seeds: each repeat's seed (base rows, cand rows). Single session only: when both arms ran the
      same distinct seeds in the same order (>= 2), the seed is the pair — the paired t over the
      seeds' score differences, every repeat counted whether it collapsed or not (issue 59, part
      2: in the collapse sweep the seed was the strongest signal, p 1.5e-5; collapse happens after
      treatment, so conditioning on it is not the plain difference); the collapsed repeats are
      shown beside it (`collapses`). Otherwise the two-part or Welch analysis, with the plain
      Welch difference over every repeat beside a two-part one (`plain`)."""
    if session not in SESSIONS:
        raise ValueError(f"session must be one of {SESSIONS}, got {session!r}")
    if not 0.0 < level < 1.0:
        raise ValueError(f"level must be in (0, 1), got {level}")
    xb, xc = _as_matrix(base), _as_matrix(cand)
    if xb.shape[1] != xc.shape[1]:
        raise ValueError(f"both arms need the same tests ({xb.shape[1]} vs {xc.shape[1]} columns)")
    nb, nc, t = xb.shape[0], xc.shape[0], xb.shape[1]
    if not nb or not nc or not t:
        raise ValueError("both arms need at least one complete repeat of at least one common test")
    common = _common(xb, xc, session=session, level=level, power=power, margin=margin)
    if session == "single":
        if seeds is not None and paired_by_seed(*seeds) and nb >= 2:
            return _tost(_by_seed(xb, xc, collapsed, common))
        if collapsed is not None:
            return _two_part(xb, xc, collapsed, common)
        return _tost(_over_repeats(xb.sum(axis=1), xc.sum(axis=1), common,
                                   deterministic=_deterministic(xb, xc),
                                   note=_noise_note(xb, xc)))
    if rounds is None:
        return _tost(_paired(xb, xc, common))
    lb, lc = list(rounds[0]), list(rounds[1])
    if len(lb) != nb or len(lc) != nc:
        raise ValueError("rounds: one label per repeat of each arm")
    if any(x is None for x in lb + lc):
        return _tost(_paired(xb, xc, {**common, "rounds": "rounds unknown: assumed shared"}))
    split = f" split by {' and '.join(round_split)}" if round_split else ""
    if set(lb) != set(lc):
        return _tost(_over_rounds(xb, xc, lb, lc, common, split))
    ks = sorted(set(lb))
    if len(ks) == 1:
        return _tost(_paired(xb, xc, {**common, "rounds": "one shared round: same code, numerics "
                                                          "and machine, no round term"}))
    d = np.stack([xc[np.array(lc) == k].mean(axis=0) - xb[np.array(lb) == k].mean(axis=0)
                  for k in ks], axis=1)
    _, ms_k, ms_e = mean_squares(d)
    if ms_k <= ms_e:
        # the round variance is estimated 0 (as REML sets it): no round term, and then no reason
        # to weight a round by anything but its repeats — the paired t over tests on the pass
        # rates of all repeats, each repeat weighted equally (issue 59, part 2: the design's one
        # analysis where rounds show nothing; rounds weighted equally would throw away the
        # repeats of the larger round)
        return _tost(_paired(xb, xc, {**common, "rounds": f"{len(ks)} shared rounds{split}; "
                                                          "round variance estimated 0: no round "
                                                          "term, repeats weighted equally"}))
    # the arms' means as the test weighs them: of round means, each round weighted equally (the
    # repeat means weight a round by its repeats: issue 59)
    return _tost(_two_way(d, xb, xc, {**common, "rounds": f"{len(ks)} shared rounds{split}",
                                      "mean_base": float(_round_means(xb, lb).mean()),
                                      "mean_cand": float(_round_means(xc, lc).mean())}))


def _round_means(x: np.ndarray, labels: list) -> np.ndarray:
    """The mean score of each round's repeats, rounds in sorted order."""
    lab = np.array(labels)
    return np.array([x[lab == k].sum(axis=1).mean() for k in sorted(set(labels))])


#: said when each arm ran in one round of its own
ONE_ROUND_EACH = ("each arm ran in a single round of its own: a round moves every test of a "
                  "repeat (~7 points in the committed lexiopt sweep), so the difference cannot be "
                  "told from a round effect; run both arms in one sweep (shared rounds), or each "
                  "arm in two or more rounds")


def _over_rounds(xb: np.ndarray, xc: np.ndarray, lb: list, lc: list, common: dict,
                 split: str = "") -> Comparison:
    """Isolated arms that did not share their rounds (the gate against an older baseline): a
    round moves every test of a repeat, so the **round** is the unit — Welch over each arm's
    round mean scores (every repeat its own round: Welch over repeat scores). The repeats of one
    round are not independent draws of the round effect: an arm whose repeats all ran in one round
    shows none of it, and when that is true of both arms nothing can separate the arms from their
    rounds (the simulator fitted to the lexiopt sweep: Welch over the repeats of one round a side
    called A/A "different" in 18% of 3 + 3 pairs and 54% of 10 + 10; docs/statistics.md)."""
    mb, mc = _round_means(xb, lb), _round_means(xc, lc)
    shared = len(set(lb) & set(lc))
    unit = "repeat" if len(mb) == len(lb) and len(mc) == len(lc) else "round"   # every repeat its own round
    # the difference the test is about: of the round means, each round weighted equally (not of
    # the repeat means, which weight a round by its repeats: issue 59)
    common = {**common, "mean_base": float(mb.mean()), "mean_cand": float(mc.mean()),
              "diff": float(mc.mean() - mb.mean()),
              "rounds": f"the arms did not share their rounds ({len(mb)} vs {len(mc)} "
                        f"rounds{split}, {shared} shared): {unit} {'mean ' if unit == 'round' else ''}"
                        "scores compared" + ("; means of round means, each round weighted equally"
                                             if unit == "round" else "")}
    if len(mb) == 1 and len(mc) == 1:
        return _unknown({**common, "unit": "round"}, "Cohen's d", ONE_ROUND_EACH)
    c = _over_repeats(mb, mc, common, deterministic=_deterministic(xb, xc),
                      note=_noise_note(xb, xc))
    return replace(c, unit=unit)


def _two_part(xb: np.ndarray, xc: np.ndarray, collapsed: tuple[Sequence[bool], Sequence[bool]],
              common: dict) -> Comparison:
    """Single session in two parts at alpha / 2 each (lab/stats/collapse.py): the collapse part,
    and Welch over the scores of the repeats that did not collapse."""
    cb, cc = (np.asarray(list(x), dtype=bool) for x in collapsed)
    if len(cb) != len(xb) or len(cc) != len(xc):
        raise ValueError("collapsed: one flag per repeat of each arm")
    part_level = 1 - (1 - common["level"]) / 2
    part = collapse_part(cb, cc, part_level)
    ob, oc = xb[~cb], xc[~cc]
    sb, sc = ob.sum(axis=1), oc.sum(axis=1)
    base = {**common, "collapse": part, "ci_level": part_level, "repeats_base": len(sb),
            "repeats_cand": len(sc)}
    if not len(sb) or not len(sc):
        side = "base" if not len(sb) else "cand"
        return _unknown({**base, "unit": "repeat", "mean_base": float(sb.mean()) if len(sb) else 0.0,
                         "mean_cand": float(sc.mean()) if len(sc) else 0.0, "diff": 0.0},
                        "Cohen's d", f"every repeat of {side} collapsed: no score part")
    base.update(mean_base=float(sb.mean()), mean_cand=float(sc.mean()),
                diff=float(sc.mean() - sb.mean()), plain=_plain(xb, xc, common))
    return _tost(_over_repeats(sb, sc, base, deterministic=_deterministic(ob, oc),
                               note=_noise_note(ob, oc)))


def _plain(xb: np.ndarray, xc: np.ndarray, common: dict) -> dict:
    """The plain difference of a two-part comparison: Welch over every repeat's score, collapsed
    or not, at the comparison's level (what conditioning on collapse leaves out)."""
    c = _over_repeats(xb.sum(axis=1), xc.sum(axis=1), {**common, "collapse": None},
                      deterministic=_deterministic(xb, xc), note=_noise_note(xb, xc))
    return {"diff": c.diff, "ci_low": c.ci_low, "ci_high": c.ci_high, "p": c.p_value,
            "method": c.method, "repeats_base": c.repeats_base, "repeats_cand": c.repeats_cand}


def _by_seed(xb: np.ndarray, xc: np.ndarray, collapsed, common: dict) -> Comparison:
    """Single session, both arms at the same seeds: the paired t over the seeds of the score
    differences (cand - base), every repeat counted."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    sb, sc = xb.sum(axis=1), xc.sum(axis=1)
    d = sc - sb
    n, level = len(d), common["level"]
    flags = None
    if collapsed is not None:
        cb, cc = (np.asarray(list(x), dtype=bool) for x in collapsed)
        flags = {"base": int(cb.sum()), "n_base": len(cb), "cand": int(cc.sum()), "n_cand": len(cc)}
    common = {**common, "unit": "seed", "collapses": flags}
    sd_d = float(d.std(ddof=1))
    if sd_d == 0:
        return (_exact(common, "d_z") if _deterministic(xb, xc)
                else _unknown(common, "d_z", _noise_note(xb, xc)))
    se = sd_d / math.sqrt(n)
    df = float(n - 1)
    q = float(stats.t.ppf(1 - (1 - level) / 2, df))
    diff = float(d.mean())
    p = float(2 * stats.t.sf(abs(diff) / se, df))
    return Comparison(method="paired-seed", se=se, df=df, ci_low=diff - q * se, ci_high=diff + q * se,
                      p_value=p, effect_size=diff / sd_d, effect_kind="d_z", sd=sd_d,
                      mde=t_mde(se, df, 1 - level, common["power"]), **common)


def _common(xb: np.ndarray, xc: np.ndarray, **kw) -> dict:
    sb, sc = xb.sum(axis=1), xc.sum(axis=1)
    mb, mc = float(sb.mean()), float(sc.mean())
    return dict(tests=xb.shape[1], repeats_base=len(sb), repeats_cand=len(sc), mean_base=mb,
                mean_cand=mc, diff=mc - mb, **kw)


def _tost(c: Comparison) -> Comparison:
    return replace(c, tost_p=tost_p(c.diff, c.se, c.df, c.margin))


def _paired(xb: np.ndarray, xc: np.ndarray, common: dict) -> Comparison:
    """Isolated: the paired t over the tests of the per-test pass-rate differences."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    common = {**common, "unit": "test"}
    kind, t, level = "d_z", xb.shape[1], common["level"]
    rb, rc = xb.mean(axis=0), xc.mean(axis=0)
    d = rc - rb
    if t < 2:
        return _unknown(common, kind, "one common test: no spread over tests")
    sd_d = float(d.std(ddof=1))
    if sd_d == 0:
        return (_exact(common, kind) if _deterministic(xb, xc)
                else _unknown(common, kind, _noise_note(xb, xc)))
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Precision loss", category=RuntimeWarning)
        res = stats.ttest_rel(rc, rb)
    ci = res.confidence_interval(confidence_level=level)
    return Comparison(method="paired-t", se=t * sd_d / math.sqrt(t), df=float(res.df),
                      ci_low=float(ci.low) * t, ci_high=float(ci.high) * t,
                      p_value=float(res.pvalue), effect_size=float(d.mean()) / sd_d,
                      effect_kind=kind, sd=sd_d, mde=mde(sd_d, "isolated", len(xb), len(xc), t,
                                                         alpha=1 - level, power=common["power"]),
                      **common)


def _two_way(d: np.ndarray, xb: np.ndarray, xc: np.ndarray, common: dict) -> Comparison:
    """Isolated, arms in the same K >= 2 rounds: tests x rounds (lab/stats/twoway.py)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    t, level = d.shape[0], common["level"]
    m, var, df = two_way(d)
    common = {**common, "unit": "test", "diff": t * m}
    if var == 0:
        return (_exact(common, "d_z") if _deterministic(xb, xc)
                else _unknown(common, "d_z", _noise_note(xb, xc)))
    se = t * math.sqrt(var)
    q = float(stats.t.ppf(1 - (1 - level) / 2, df))
    p = float(2 * stats.t.sf(abs(t * m) / se, df))
    sd = math.sqrt(var * t)            # the per-test sd a paired t with this se would have
    m_de = t_mde(se, df, 1 - level, common["power"])      # on the test's own df
    return Comparison(method="two-way", se=se, df=df, ci_low=t * m - q * se, ci_high=t * m + q * se,
                      p_value=p, effect_size=m / sd if sd else None, effect_kind="d_z", sd=sd,
                      mde=m_de, **common)


def compare_scores(base: Iterable[float], cand: Iterable[float], *, tests: int = 0,
                   level: float = 0.95, power: float = 0.8, deterministic: bool = False,
                   margin: float = DEFAULT_MARGIN) -> Comparison:
    """The single-session comparison from repeat scores alone (what a run record holds). Scores
    alone cannot show that constant scores pass the same tests: constant scores are "noise
    unknown" unless the caller vouches that the backend is `deterministic`."""
    sb, sc = np.asarray(list(base), dtype=float), np.asarray(list(cand), dtype=float)
    if not len(sb) or not len(sc):
        raise ValueError("both arms need at least one repeat")
    return _tost(_over_repeats(sb, sc, dict(session="single", tests=tests, repeats_base=len(sb),
                                            repeats_cand=len(sc), mean_base=float(sb.mean()),
                                            mean_cand=float(sc.mean()),
                                            diff=float(sc.mean() - sb.mean()), level=level,
                                            power=power, margin=margin),
                               deterministic=deterministic))


def _deterministic(*arms: np.ndarray) -> bool:
    """Every repeat of each arm passed exactly the same tests: no run-to-run noise was seen. An
    arm of one repeat shows nothing either way (one stochastic repeat against a deterministic
    baseline is not "exact", issue 26): it needs two repeats to show that it does not vary."""
    return all(len(m) >= 2 and bool((m == m[0]).all()) for m in arms)


#: said when an arm of one repeat leaves its run-to-run noise unseen
ONE_REPEAT = ("an arm has one repeat: its run-to-run noise is unseen, so the difference cannot be "
              "called exact (run more repeats)")


def _noise_note(*arms: np.ndarray) -> str:
    """Why the noise is unknown when `_deterministic` says no and no spread was seen."""
    return ONE_REPEAT if any(len(m) < 2 for m in arms) else NOISE_HIDDEN


def _over_repeats(sb: np.ndarray, sc: np.ndarray, common: dict, *,
                  deterministic: bool, note: str | None = None) -> Comparison:
    """Single session: Welch's t over repeat scores (pooled when one arm has one repeat)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    common = {**common, "unit": "repeat"}
    nb, nc, diff = len(sb), len(sc), common["diff"]
    level = common.get("ci_level") or common["level"]      # a part of a two-part comparison
    kind = "Cohen's d"
    if nb + nc < 3:
        return Comparison(method="none", se=None, df=None, ci_low=None, ci_high=None,
                          p_value=None, effect_size=None, effect_kind=kind, sd=None, mde=None,
                          **common)
    vb = float(sb.var(ddof=1)) if nb > 1 else 0.0
    vc = float(sc.var(ddof=1)) if nc > 1 else 0.0
    sd = math.sqrt(((nb - 1) * vb + (nc - 1) * vc) / (nb + nc - 2))
    welch = nb >= 2 and nc >= 2
    se = math.sqrt(vb / nb + vc / nc) if welch else sd * math.sqrt(1 / nb + 1 / nc)
    if se == 0:
        return _exact(common, kind) if deterministic else _unknown(common, kind, note or NOISE_HIDDEN)
    with warnings.catch_warnings():   # one constant arm is fine for Welch; scipy warns anyway
        warnings.filterwarnings("ignore", message="Precision loss", category=RuntimeWarning)
        res = stats.ttest_ind(sc, sb, equal_var=not welch)
    ci = res.confidence_interval(confidence_level=level)
    # on the test's own se and df (Welch's, not a pooled t's: issue 59)
    m = t_mde(se, float(res.df), 1 - level, common["power"])
    return Comparison(method="welch" if welch else "pooled", se=se, df=float(res.df),
                      ci_low=float(ci.low), ci_high=float(ci.high), p_value=float(res.pvalue),
                      effect_size=diff / sd if sd else None, effect_kind=kind, sd=sd, mde=m,
                      **common)


#: said when constant scores (or equal per-test differences) hide run-to-run noise
NOISE_HIDDEN = ("the scores do not vary but the tests that pass do: the noise is unknown, "
                "cannot tell (run more repeats)")


def _unknown(common: dict, kind: str, note: str = NOISE_HIDDEN) -> Comparison:
    """Finding 6 of issue 24: equal scores over repeats that pass different tests are not "no
    noise" — the spread is merely unseen at this repeat count; no p-value, no CI."""
    return Comparison(method="none", se=None, df=None, ci_low=None, ci_high=None, p_value=None,
                      effect_size=None, effect_kind=kind, sd=None, mde=None, note=note, **common)


def _exact(common: dict, kind: str) -> Comparison:
    """Every repeat of each arm passed the same tests (a deterministic backend): the difference
    is what it is."""
    diff = common["diff"]
    return Comparison(method="exact", se=0.0, df=None, ci_low=diff, ci_high=diff,
                      p_value=0.0 if diff != 0 else 1.0, effect_size=None, effect_kind=kind, sd=0.0,
                      mde=0.0, **common)


def mde(sd: float, session: str, nb: int, nc: int, tests: int, *, alpha: float = 0.05,
        power: float = 0.8) -> float | None:
    """The smallest |difference| in points the comparison detects with `power` at `alpha`.

    single: sd = pooled sd of repeat scores (points); two-sample t with nb and nc repeats.
    isolated: sd = sd of the per-test rate differences; paired t over `tests` tests."""
    if sd == 0:
        return 0.0
    if (session == "single" and nb + nc < 3) or (session == "isolated" and tests < 2):
        return None
    es = _detectable_effect_size(session, nb, nc, tests, alpha, power)
    if es is None:
        return None
    return es * sd * (tests if session == "isolated" else 1)


@functools.lru_cache(maxsize=4096)
def _detectable_effect_size(session: str, nb: int, nc: int, tests: int, alpha: float,
                            power: float) -> float | None:
    """The standardized effect detected with `power` (it depends on the counts only, so cached:
    the calibration calls the comparison thousands of times)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from statsmodels.stats.power import TTestIndPower, TTestPower

    try:
        if session == "single":
            es = TTestIndPower().solve_power(effect_size=None, nobs1=nb, ratio=nc / nb,
                                             alpha=alpha, power=power, alternative="two-sided")
        else:
            es = TTestPower().solve_power(effect_size=None, nobs=tests, alpha=alpha, power=power,
                                          alternative="two-sided")
        return float(es)
    except (ValueError, RuntimeError, ZeroDivisionError):   # the solver found no root
        return None


def t_power(ncp: float, df: float, alpha: float) -> float:
    """Power of a two-sided t-test on `df` degrees of freedom at noncentrality `ncp` (diff / se)."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    q = stats.t.ppf(1 - alpha / 2, df)
    p = float(stats.nct.sf(q, df, abs(ncp)) + stats.nct.cdf(-q, df, abs(ncp)))
    if not math.isfinite(p):           # scipy's noncentral t fails far out: the normal tail
        p = float(stats.norm.sf(q - abs(ncp)) + stats.norm.cdf(-q - abs(ncp)))
    return min(max(p, 0.0), 1.0)


def t_mde(se: float, df: float, alpha: float, power: float) -> float:
    """The |difference| a two-sided t-test with this se and df detects with `power`."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.optimize import brentq

    hi = 1.0
    while t_power(hi, df, alpha) < power:
        hi *= 2
    return float(brentq(lambda n: t_power(n, df, alpha) - power, 0.0, hi)) * se
