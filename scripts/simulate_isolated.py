"""The isolated simulator's rates for a calibration design (docs/statistics.md): the variance
components fitted to the committed isolated lexiopt sweep (per-test pass rates, seed coupling, the
round shift), then A/A pairs of R + R repeats on all its tests, judged like `lab calibrate` judges
a real one (false "different" at alpha with its Clopper-Pearson CI, E[z²], KS p).

    .venv/bin/python scripts/simulate_isolated.py [--repeats 2] [--pairs 1000] [--rounds shared|separate]

shared: each pair's arms share one round (the A/A' calibration's interleaved schedule); separate:
arm A's repeats in one round, arm B's in another (the gate against an older baseline).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from lab.comparisons.runs import Arm  # noqa: E402  (after the path: this checkout)
from lab.stats import compare_arms, rate_ci  # noqa: E402
from lab.stats.multiple import spread_check, z_of  # noqa: E402
from lab.stats.simulate import fit, simulate  # noqa: E402

RUNS = ROOT / "docs/findings/qwen2.5-coder-1.5b-lexiopt/runs/isolated"
CELLS = ("lexiopt4", "maybe_exts_removed", "alike", "lexiopt6")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--rounds", choices=("shared", "separate"), default="shared")
    ap.add_argument("--alpha", type=float, default=0.05)
    a = ap.parse_args()
    cells = []
    for cell in CELLS:
        run = next(p for p in sorted((RUNS / cell).iterdir()) if (p / "run.json").is_file())
        arm = Arm.load(run)
        cells.append(np.array([[arm.passes[k][t] for t in sorted(arm.order)] for k in (0, 1, 2)]))
    comp = fit(cells, rounds=[0, 0, 1])
    r = a.repeats
    rounds = (([0] * r, [0] * r) if a.rounds == "shared" else ([0] * r, [1] * r))
    gen = np.random.default_rng(24)
    cs = []
    for _ in range(a.pairs):
        xb, xc = simulate(comp, gen, r, rounds=rounds)
        cs.append(compare_arms(xb, xc, session="isolated", level=1 - a.alpha, rounds=rounds))
    ok = [c for c in cs if c.p_value is not None]
    hits = sum(c.p_value < a.alpha for c in ok)
    lo, hi = rate_ci(hits, len(ok))
    sp = spread_check([z_of(c.diff, c.p_value) for c in ok], [c.p_value for c in ok])
    print(json.dumps({"design": f"{r} + {r} repeats, {len(comp.rates)} tests, rounds {a.rounds}",
                      "coupling": round(comp.coupling, 3), "round_sd": round(comp.round_sd, 4),
                      "always_share": round(comp.always_share, 3), "pairs": len(ok),
                      "different": hits, "rate": hits / len(ok), "ci": [lo, hi],
                      "method": ok[0].method if ok else None, **sp}, default=float))


if __name__ == "__main__":
    main()
