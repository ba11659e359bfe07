#!/usr/bin/env python
"""The numbers the pre-registration of the four-vocabulary comparison fixes before its runs
(docs/findings/vocab4-preregistration.md, issue 59 part 3), from the pilot: the A/A' calibration's
two arms (isolated tests70, the embedded 1.5B, answer_line and its twin, vocabulary maybe_exts, 20
seeds each), the one committed data set in the design the comparison will use.

- the room and the margin (lab.analysis.room): floor, observed, ceiling per arm and pooled;
- the spread: the standard error of a paired difference over the 70 tests at the pilot's repeats,
  scaled to r repeats an arm as 1/sqrt(r) (the within-test noise; an A/A pair has no test x arm
  term to keep);
- the power, by simulation, that all 6 pairs of 4 arms read "equivalent" (TOST at the margin, Holm
  over the 6) when no vocabulary moves the model, and that one pair with a true effect of the
  margin's size or of 2x it reads "effect" (Holm).

    .venv/bin/python scripts/findings_vocab4_prereg.py [PILOT_DIR]
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np
from scipy import stats

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lab.analysis.load import load  # noqa: E402
from lab.analysis.room import room_table  # noqa: E402
from lab.stats import compare_arms  # noqa: E402

PILOT = ROOT / "docs/findings/qwen2.5-coder-1.5b-aa/aa-twin-70"
ARMS = 4
ALPHA = 0.05


def holm_all(p: np.ndarray, alpha: float = ALPHA) -> np.ndarray:
    """Per row of p (draws x hypotheses): which hypotheses Holm rejects."""
    order = np.argsort(p, axis=1)
    ps = np.take_along_axis(p, order, axis=1)
    m = p.shape[1]
    ok = ps < alpha / (m - np.arange(m))
    ok = np.cumprod(ok, axis=1).astype(bool)           # step-down: stop at the first failure
    out = np.zeros_like(ok)
    np.put_along_axis(out, order, ok, axis=1)
    return out


def power(se: float, df: int, margin: float, effect: float | None, draws: int = 40_000,
          seed: int = 0) -> tuple[float, float]:
    """(P(all pairs equivalent), P(the moved pair reads effect)): arm means e_i ~ N(mu_i, se^2/2)
    so a pair's difference has the pilot's se; `effect` moves arm 0 (None: no arm moves)."""
    rng = np.random.default_rng(seed)
    mu = np.zeros(ARMS)
    if effect is not None:
        mu[0] = effect
    e = rng.normal(mu, se / np.sqrt(2), size=(draws, ARMS))
    pairs = list(itertools.combinations(range(ARMS), 2))
    d = np.stack([e[:, j] - e[:, i] for i, j in pairs], axis=1)
    t_lo, t_hi = (d + margin) / se, (d - margin) / se
    p_tost = np.maximum(stats.t.sf(t_lo, df), stats.t.cdf(t_hi, df))
    p_diff = 2 * stats.t.sf(np.abs(d) / se, df)
    all_equiv = holm_all(p_tost).all(axis=1).mean()
    moved = [k for k, (i, j) in enumerate(pairs) if 0 in (i, j)]
    found = holm_all(p_diff)[:, moved].any(axis=1).mean() if effect is not None else float("nan")
    return float(all_equiv), float(found)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pilot", nargs="?", default=str(PILOT))
    args = ap.parse_args(argv)
    res = load(args.pilot)
    by = ["prompt"]
    room = room_table(res.room, by)
    print("### Room (lab.analysis.room), per pilot arm and pooled\n")
    print("| arm | repeats | floor | observed | ceiling | first candidate answered | down | up | margin |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in room.itertuples():
        print(f"| {r.prompt} | {r.repeats} | {r.floor:.3f} | {r.observed:.3f} | {r.ceiling:.3f} | "
              f"{r.answered_top1:.1%} | {r.down_points:.2f} | {r.up_points:.2f} | {r.margin_points:.1f} |")
    pooled = room_table(res.room.assign(all="pooled"), ["all"]).iloc[0]
    margin = float(pooled.margin_points)
    print(f"| pooled | {pooled.repeats} | {pooled.floor:.3f} | {pooled.observed:.3f} | "
          f"{pooled.ceiling:.3f} | {pooled.answered_top1:.1%} | {pooled.down_points:.2f} | "
          f"{pooled.up_points:.2f} | **{margin:.1f}** |\n")
    t = res.complete_tests
    mats = []
    for prompt in sorted(t["prompt"].unique()):
        m = t[t["prompt"] == prompt].pivot_table(index="repeat", columns="test_id", values="passed",
                                                 aggfunc="first").astype(float)
        mats.append(m)
    common = sorted(set(mats[0].columns) & set(mats[1].columns))
    c = compare_arms(mats[0][common].to_numpy(), mats[1][common].to_numpy(), session="isolated")
    r0 = min(len(mats[0]), len(mats[1]))
    half = (c.ci_high - c.ci_low) / 2
    se0 = half / stats.t.ppf(0.975, len(common) - 1)
    print(f"### Spread\n\npilot, paired over the {len(common)} tests, repeats weighted equally "
          f"({len(mats[0])} vs {len(mats[1])} repeats): diff {c.diff:+.2f}, se {se0:.3f} points "
          f"(p {c.p_value:.3f}); scaled: se(r) = {se0:.3f} x sqrt({r0} / r)\n")
    print(f"### Power at margin ±{margin:.1f} (Holm over the 6 pairs, alpha {ALPHA}; 40,000 draws)\n")
    print("| repeats an arm | se of a pair | all 6 equivalent, no effect | effect ±margin found "
          "| effect ±2 margin found |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for r in (6, 8, 10, 12, 15, 20):
        se = se0 * np.sqrt(r0 / r)
        eq, _ = power(se, len(common) - 1, margin, None)
        _, f1 = power(se, len(common) - 1, margin, margin)
        _, f2 = power(se, len(common) - 1, margin, 2 * margin)
        print(f"| {r} | {se:.2f} | {eq:.1%} | {f1:.1%} | {f2:.1%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
