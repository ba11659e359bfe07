""""No effect" said as an equivalence test (issue 24): two one-sided tests (TOST, Schuirmann 1987)
against a margin the researcher sets (`--equivalence-margin`, default +-3 points).

The difference is within +-margin at level alpha when both one-sided tests reject:
H0- diff <= -margin and H0+ diff >= +margin; p = the larger of the two one-sided p-values,
equivalently the (1 - 2 alpha) CI lies inside (-margin, +margin). On the comparison's own
difference, standard error and degrees of freedom (t; normal when df is unknown or infinite).
"""

from __future__ import annotations

import math

#: points either side of zero a difference must lie within to be called "no effect"
DEFAULT_MARGIN = 3.0


def tost_p(diff: float, se: float | None, df: float | None, margin: float) -> float | None:
    """p-value of "|difference| < margin"; None without a standard error. se = 0 (an exact
    answer): 0 when |diff| < margin, else 1."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy import stats

    if se is None or margin <= 0:
        return None
    if se == 0:
        return 0.0 if abs(diff) < margin else 1.0
    dist = stats.t(df) if df is not None and math.isfinite(df) and df > 0 else stats.norm
    p_low = float(dist.sf((diff + margin) / se))      # H0: diff <= -margin
    p_high = float(dist.cdf((diff - margin) / se))    # H0: diff >= +margin
    return max(p_low, p_high)
