"""How many repeats detect a given difference: a power simulation through the lab's own paired
comparison (lab.analysis.compare.compare: permutation p-value over repeat scores).

    .venv/bin/python -m lab.sweeps.power [--tests 70] [--p 0.85] [--sd 5] [--sims 200]

Each simulated repeat scores `tests` tests; a repeat's pass probability is `p` plus a per-repeat
draw (normal, chosen so that the repeat scores have standard deviation `sd` points — the swing of
the source log: 52-63 and 66/60/56 on 70 tests are sd ~5); cell B is `diff` points better.
Power = the share of simulated sweeps in which compare() calls the difference significant at 95%.
"""

from __future__ import annotations

import argparse
import math

import numpy as np
import pandas as pd


def simulate(rng: np.random.Generator, tests: int, p: float, tau: float, repeats: int,
             cell: str) -> list[dict]:
    rows = []
    for k in range(repeats):
        pk = float(np.clip(p + rng.normal(0, tau), 0, 1))
        passed = rng.random(tests) < pk
        rows += [{"vocabulary": cell, "model": "sim", "suite": "sim", "run_id": cell, "repeat": k,
                  "test_id": f"t{i:02d}", "passed": bool(x)} for i, x in enumerate(passed)]
    return rows


def power(tests: int, p: float, sd: float, diff: float, repeats: int, sims: int, seed: int = 0) -> float:
    from lab.analysis.compare import compare
    binom = tests * p * (1 - p)
    tau = math.sqrt(max(sd ** 2 - binom, 0.0)) / tests
    rng = np.random.default_rng(seed)
    hits = 0
    for s in range(sims):
        df = pd.DataFrame(simulate(rng, tests, p, tau, repeats, "a")
                          + simulate(rng, tests, p + diff / tests, tau, repeats, "b"))
        c = compare(df, {"vocabulary": "b"}, {"vocabulary": "a"}, n_boot=200, n_perm=2000, seed=s)
        hits += c.significant
    return hits / sims


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tests", type=int, default=70)
    ap.add_argument("--p", type=float, default=0.85)
    ap.add_argument("--sd", type=float, default=5.0)
    ap.add_argument("--sims", type=int, default=200)
    ap.add_argument("--diffs", default="3,5,8,12")
    ap.add_argument("--repeats", default="3,5,10,20")
    a = ap.parse_args()
    diffs = [float(x) for x in a.diffs.split(",")]
    reps = [int(x) for x in a.repeats.split(",")]
    print(f"power at 95% (permutation test of lab.analysis.compare), {a.tests} tests, p={a.p}, "
          f"repeat-score sd={a.sd} points, {a.sims} simulated sweeps per cell")
    print("diff (points) | " + " | ".join(f"{r} repeats" for r in reps))
    print("---|" + "---|" * len(reps))
    for d in diffs:
        print(f"{d:g} | " + " | ".join(f"{power(a.tests, a.p, a.sd, d, r, a.sims):.2f}" for r in reps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
