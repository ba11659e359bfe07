"""Single sessions as two parts (issue 24, finding 2): a repeat either works or collapses.

One of 12 real single-session repeats collapsed to 0/70 in a copy cascade; on such a mixture
Welch's t has almost no power, its MDE exceeds the scale and Cohen's d comes from the one event.
So the single-session comparison is stated before the data as two parts, each at alpha / 2:

1. collapse: the share of repeats that collapsed — a rule fixed in advance on the copy cascade
   the lab computes per repeat (lab/records/cascade.py: is_collapse, >= 5 consecutive tests giving
   one copied answer) — per arm with an exact
   (Clopper-Pearson) CI at 1 - alpha/2, compared by Fisher's exact test (two-sided);
2. score: Welch's t over the scores of the repeats that did not collapse (CI at 1 - alpha/2; its
   d and MDE are of these repeats only: never of the mixture).

The comparison's one p-value (`Comparison.p_overall`) is min(1, 2 min(p_collapse, p_score))
(Bonferroni over the two parts): "different" when either part is beyond noise at alpha / 2.
"""

from __future__ import annotations

import numpy as np

from lab.stats.multiple import rate_ci

#: the rule that defines a collapse, as the outputs name it
RULE = "copy cascade of >= 5 tests in a row"


def collapse_part(cb: np.ndarray, cc: np.ndarray, level: float) -> dict:
    """The collapse part: each arm's share of collapsed repeats (flags per repeat) with its exact
    CI at `level`, compared by Fisher's exact test (two-sided). The score part and the one
    comparison they make are put together by `lab.stats.compare` (`_two_part`)."""
    # heavy: scipy.stats loads in ~1.4 s; lab.stats is imported by every `lab` command
    from scipy.stats import fisher_exact

    kb, kc, nb, nc = int(cb.sum()), int(cc.sum()), len(cb), len(cc)
    p = float(fisher_exact([[kc, nc - kc], [kb, nb - kb]]).pvalue)
    lo_b, hi_b = rate_ci(kb, nb, level)
    lo_c, hi_c = rate_ci(kc, nc, level)
    return {"rule": RULE, "base": kb, "n_base": nb, "cand": kc, "n_cand": nc,
            "rate_base": kb / nb, "rate_cand": kc / nc, "ci_base": [lo_b, hi_b],
            "ci_cand": [lo_c, hi_c], "p": p, "level": level, "test": "fisher-exact"}
