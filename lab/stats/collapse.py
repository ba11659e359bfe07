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

from typing import Sequence

import numpy as np

#: the rule that defines a collapse, as the outputs name it
RULE = "copy cascade of >= 5 tests in a row"


def two_part(xb: np.ndarray, xc: np.ndarray, collapsed: tuple[Sequence[bool], Sequence[bool]],
             common: dict):
    from scipy.stats import fisher_exact

    from lab.stats.compare import _deterministic, _noise_note, _over_repeats, _tost
    from lab.stats.multiple import rate_ci

    cb, cc = (np.asarray(list(x), dtype=bool) for x in collapsed)
    if len(cb) != len(xb) or len(cc) != len(xc):
        raise ValueError("collapsed: one flag per repeat of each arm")
    part_level = 1 - (1 - common["level"]) / 2
    kb, kc, nb, nc = int(cb.sum()), int(cc.sum()), len(cb), len(cc)
    p = float(fisher_exact([[kc, nc - kc], [kb, nb - kb]]).pvalue)
    lo_b, hi_b = rate_ci(kb, nb, part_level)
    lo_c, hi_c = rate_ci(kc, nc, part_level)
    part = {"rule": RULE, "base": kb, "n_base": nb, "cand": kc, "n_cand": nc,
            "rate_base": kb / nb, "rate_cand": kc / nc, "ci_base": [lo_b, hi_b],
            "ci_cand": [lo_c, hi_c], "p": p, "level": part_level, "test": "fisher-exact"}
    ob, oc = xb[~cb], xc[~cc]
    sb, sc = ob.sum(axis=1), oc.sum(axis=1)
    base = {**common, "collapse": part, "ci_level": part_level, "repeats_base": len(sb),
            "repeats_cand": len(sc)}
    if not len(sb) or not len(sc):
        from lab.stats.compare import _unknown
        side = "base" if not len(sb) else "cand"
        return _unknown({**base, "unit": "repeat", "mean_base": float(sb.mean()) if len(sb) else 0.0,
                         "mean_cand": float(sc.mean()) if len(sc) else 0.0, "diff": 0.0},
                        "Cohen's d", f"every repeat of {side} collapsed: no score part")
    base.update(mean_base=float(sb.mean()), mean_cand=float(sc.mean()),
                diff=float(sc.mean() - sb.mean()))
    return _tost(_over_repeats(sb, sc, base, deterministic=_deterministic(ob, oc),
                               note=_noise_note(ob, oc)))
