"""The lab's statistics, one method everywhere: `lab diff`, the regression gate, the sweep summary,
the report and `lab calibrate` all call `compare_arms`; `lab power` and the report's power lines
call `power`. Pure numpy / scipy / statsmodels on 0/1 pass matrices (repeats x tests): nothing here
reads a run directory or imports the agent, so lab/runs and lab/analysis both use it.

    compare_arms(base, cand, session=..., rounds=..., collapsed=..., margin=...)
                                            -> Comparison   (mean difference, CI, p, d, MDE, TOST;
                                               single session in two parts: collapse.py; isolated
                                               rounds: twoway.py; issue 24)
    per_test_effects(base, cand, test_ids)  -> [TestEffect] (exact McNemar / Fisher, Holm)
    holm(p_values)                          -> adjusted p-values
    Spread.of(matrix, session), power_at, repeats_for, mde   (power before the run)
    rate_ci(k, n)                           -> Clopper-Pearson interval (calibration rates)
    multiple.spread_check(z, p)             -> E[z^2], KS of p (a calibration judged by spread)
    heterogeneity, simulate                 -> per-test screening; the A/A simulator refitted
"""

from lab.stats.compare import SESSIONS, Comparison, compare_arms, compare_scores, session_of
from lab.stats.multiple import holm, rate_ci
from lab.stats.per_test import TestEffect, per_test_effects
from lab.stats.compare import mde
from lab.stats.power import Spread, power_at, repeats_for

__all__ = ["SESSIONS", "Comparison", "Spread", "TestEffect", "compare_arms", "compare_scores", "holm", "mde",
           "per_test_effects", "power_at", "rate_ci", "repeats_for", "session_of"]
