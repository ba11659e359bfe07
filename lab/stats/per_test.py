"""Per-test effects: which tests flipped between two arms, and whether any flip is beyond luck.

For each common test, its passes over each arm's repeats. A test per test across repeats:
- repeats paired across arms (the same seeds on both sides, repeat k with repeat k): exact
  McNemar on the discordant pairs (statsmodels `mcnemar(exact=True)`: a binomial test of
  "cand-only passes" among all discordant repeats at 1/2);
- otherwise (disjoint seeds, cells pooled from several runs): Fisher's exact test on the 2x2
  table passes/fails x base/cand (scipy `fisher_exact`).
Both valid in either session mode: a test's repeats are separate conversations. The p-values are
Holm-adjusted over every common test (the family is the whole suite), which is why a test that
went 3/3 -> 0/3 is rarely "beyond luck": the smallest exact p with 3 repeats per side is 0.1 —
the source log's per-test swings, read as effects, were mostly luck.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

import numpy as np

from lab.stats.heterogeneity import bh, min_p, shrunk
from lab.stats.multiple import holm


@dataclass(frozen=True)
class TestEffect:
    test_id: str
    base_pass: int
    base_n: int
    cand_pass: int
    cand_n: int
    method: str                 # mcnemar-exact | fisher-exact
    base_only: int | None       # paired repeats: base passed, cand did not (McNemar only)
    cand_only: int | None
    p_value: float
    p_holm: float
    family: int                 # tests in the Holm family
    alpha: float = 0.05
    p_bh: float | None = None          # Benjamini-Hochberg over the family (screening)
    shrunk: float | None = None        # the delta shrunk towards the tests' mean (empirical Bayes)
    testable: bool = True              # the per-test test can reject after Holm at these repeats

    @property
    def delta(self) -> float:
        """Change of the pass rate, cand - base."""
        return self.cand_pass / self.cand_n - self.base_pass / self.base_n

    @property
    def flipped(self) -> bool:
        return bool(self.base_only or self.cand_only) or self.delta != 0

    @property
    def significant(self) -> bool:
        return self.testable and self.p_holm < self.alpha

    def to_dict(self) -> dict:
        d = asdict(self)
        d.update(delta=self.delta, flipped=self.flipped, significant=self.significant)
        return d


def per_test_effects(base: np.ndarray, cand: np.ndarray, test_ids: Sequence[str], *,
                     paired: bool = False, alpha: float = 0.05) -> list[TestEffect]:
    """One TestEffect per column. `paired`: row k of base and row k of cand are the same seed."""
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.stats import fisher_exact
    from statsmodels.stats.contingency_tables import mcnemar

    xb, xc = np.asarray(base, dtype=int), np.asarray(cand, dtype=int)
    if xb.shape[1] != xc.shape[1] or xb.shape[1] != len(test_ids):
        raise ValueError("both arms need the same test columns")
    paired = paired and xb.shape[0] == xc.shape[0]
    rows = []
    for j, tid in enumerate(test_ids):
        b, c = xb[:, j], xc[:, j]
        bp, cp, bn, cn = int(b.sum()), int(c.sum()), len(b), len(c)
        if paired:
            b_only, c_only = int(((b == 1) & (c == 0)).sum()), int(((b == 0) & (c == 1)).sum())
            both, neither = int(((b == 1) & (c == 1)).sum()), int(((b == 0) & (c == 0)).sum())
            p = 1.0 if b_only + c_only == 0 else float(
                mcnemar([[both, b_only], [c_only, neither]], exact=True).pvalue)
            rows.append((tid, bp, bn, cp, cn, "mcnemar-exact", b_only, c_only, p))
        else:
            p = float(fisher_exact([[cp, cn - cp], [bp, bn - bp]]).pvalue)
            rows.append((tid, bp, bn, cp, cn, "fisher-exact", None, None, p))
    adj = holm([r[-1] for r in rows])
    fdr = bh([r[-1] for r in rows])
    est, _ = shrunk(xb, xc)
    testable = min_p(xb.shape[0], xc.shape[0], paired) < alpha / max(len(rows), 1)
    return [TestEffect(*r, p_holm=min(1.0, a), family=len(rows), alpha=alpha,  # type: ignore[arg-type]
                       p_bh=f, shrunk=float(e), testable=testable)
            for r, a, f, e in zip(rows, adj, fdr, est)]


def paired_by_seed(base_seeds: Sequence[int | None], cand_seeds: Sequence[int | None]) -> bool:
    """Repeats are paired across arms when both arms ran the same distinct seeds in the same order."""
    return (len(base_seeds) == len(cand_seeds) and len(set(base_seeds)) == len(base_seeds)
            and None not in base_seeds and list(base_seeds) == list(cand_seeds))
