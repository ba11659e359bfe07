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


def rates_differ(collapsed, repeats, *, max_tables: int = 2_000_000,
                 n_resamples: int = 100_000) -> tuple[float, str]:
    """Do k cells' collapse rates differ at all? Fisher's exact test for the 2 x k table (collapsed
    / not, per cell; Freeman-Halton): the probability, with every cell's repeats and the total
    collapsed fixed, of a table no more probable than the one seen. One test over all the cells
    before any pair (issue 25: "does the vocabulary or the prompt change it"); for two cells it is
    scipy's two-sided Fisher test. Returns (p, method): "exact" by enumerating every table, or
    "Monte Carlo, N tables" (scipy's r x c test, fixed seed) when there are more than `max_tables`."""
    # heavy: scipy.stats loads in ~1.4 s; lab.stats is imported by every `lab` command
    from scipy.special import gammaln
    from scipy.stats import MonteCarloMethod, fisher_exact

    k, n = [int(x) for x in collapsed], [int(x) for x in repeats]
    if len(k) != len(n) or len(k) < 2:
        raise ValueError(f"need a collapsed count and a repeat count for each of >= 2 cells, got {k} of {n}")
    if any(r < 1 or not 0 <= c <= r for c, r in zip(k, n)):
        raise ValueError(f"each cell needs 0 <= collapsed <= repeats and repeats >= 1, got {k} of {n}")
    K, N = sum(k), sum(n)
    if K in (0, N):
        return 1.0, "exact"
    ways = np.zeros(K + 1)                     # how many tables: partial tables by their sum
    ways[0] = 1
    for r in n:
        ways = np.array([ways[max(0, s - r):s + 1].sum() for s in range(K + 1)])
    if ways[K] > max_tables:
        table = [k, [r - c for c, r in zip(k, n)]]
        p = fisher_exact(table, method=MonteCarloMethod(n_resamples=n_resamples, rng=0)).pvalue
        return float(p), f"Monte Carlo, {n_resamples} tables"

    def logc(a, b):
        return gammaln(a + 1) - gammaln(b + 1) - gammaln(a - b + 1)

    sums, logw = np.zeros(1, dtype=int), np.zeros(1)
    room = [sum(n[i + 1:]) for i in range(len(n))]        # what the later cells can still add
    for i, r in enumerate(n):
        parts = []
        for j in range(min(r, K) + 1):
            s = sums + j
            keep = (s <= K) & (s + room[i] >= K)
            parts.append((s[keep], logw[keep] + logc(r, j)))
        sums = np.concatenate([s for s, _ in parts])
        logw = np.concatenate([w for _, w in parts])
    seen = float(sum(logc(r, c) for c, r in zip(k, n)))
    as_likely = logw <= seen + np.log1p(1e-7)              # scipy's tolerance for ties
    return float(min(1.0, np.exp(logw[as_likely] - logc(N, K)).sum())), "exact"
