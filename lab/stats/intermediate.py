"""Does a single session either work or collapse? The test docs/statistics.md fixed for it.

The hypothesis (*What is established, and what is not*): every single-session repeat is either a
collapse (a copy cascade of >= 5 tests in a row, lab.records.cascade.is_collapse) or a working
repeat whose score follows the working distribution, carry-over included; there are no partial
collapses. The test counts the **intermediate** repeats of one configuration (a cell):

- a repeat that did not collapse but scored below the 1st percentile (`INTERMEDIATE_Q`) of the
  cell's working distribution: the single-session simulator (lab.stats.simulate.fit_single: per-test
  rates, carry-over, a repeat-wide shift) fitted to the cell's *other* working repeats — leave one
  out, so a repeat is never part of the distribution it is judged against;
- a collapsed repeat that scored at or above that point (collapsed with a working score), the
  simulator fitted to all the cell's working repeats.

The hypothesis predicts about Q of the judged repeats; a fit from a dozen repeats is not the truth,
so `false_rate` measures how many working repeats the procedure itself calls intermediate when the
hypothesis holds (simulated cells drawn from a fitted simulator), and the count is tested against
that rate (exact binomial, one-sided: more intermediates than the procedure makes by itself).
A cell with fewer than `MIN_OTHERS` other working repeats is not judged (said, not guessed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from lab.stats.multiple import rate_ci
from lab.stats.simulate import SingleComponents, fit_single, working_repeats

#: the tail a working repeat is improbable in (fixed in docs/statistics.md before the sweep)
INTERMEDIATE_Q = 0.01
#: working repeats a fit needs besides the one judged (fewer: fit_single's carry-over and
#: repeat-wide shift come from the variance of two or three scores, and are noise)
MIN_OTHERS = 5
#: simulated working repeats a judgement draws (the 1st percentile from ~40 below it)
DRAWS = 4000


@dataclass(frozen=True)
class Judged:
    """One repeat against its cell's working distribution."""
    row: int                      # the repeat's row in the cell's matrix
    score: float
    collapsed: bool
    cut: int | None = None        # scores below it are in the lowest Q of the working distribution
    p: float | None = None        # share of simulated working repeats scoring at most this one
    intermediate: bool | None = None   # None: not judged (`why`)
    why: str = ""


def _cut(scores: np.ndarray, q: float) -> int:
    """The lowest score s with P(score <= s) >= q among simulated scores: a score below it has
    P(score <= it) < q."""
    return int(np.sort(scores)[max(1, math.ceil(q * len(scores))) - 1])


def judge_cell(m, collapsed: Sequence[bool], *, seed: int = 0, q: float = INTERMEDIATE_Q,
               draws: int = DRAWS, min_others: int = MIN_OTHERS) -> list[Judged]:
    """m: the cell's pass matrix (repeats x tests, tests in the order they ran); collapsed: each
    repeat's flag. Every repeat judged as the module says, its draws seeded by (seed, row): the
    same records give the same judgements on any machine."""
    m = np.asarray(m, dtype=float)
    flags = np.asarray(list(collapsed), dtype=bool)
    if m.ndim != 2 or len(m) != len(flags):
        raise ValueError(f"judge_cell: {len(flags)} collapse flags for a matrix of shape {m.shape}")
    work = np.flatnonzero(~flags)
    full = None                   # the fit to every working repeat: the same for each collapsed one
    out: list[Judged] = []
    for j in range(len(m)):
        score = float(m[j].sum())
        others = work[work != j]
        if len(others) < min_others:
            out.append(Judged(j, score, bool(flags[j]), why=(
                f"{len(others)} other working repeat{'s' * (len(others) != 1)} in the cell "
                f"(a fit needs {min_others})")))
            continue
        if not flags[j]:
            comp = fit_single([m[others]], [[False] * len(others)])
        else:
            if full is None:
                full = fit_single([m[others]], [[False] * len(others)])
            comp = full
        sims = working_repeats(comp, np.random.default_rng([seed, j]), draws).sum(axis=1)
        p = float((sims <= score).mean())
        out.append(Judged(j, score, bool(flags[j]), _cut(sims, q), p,
                          (p >= q) if flags[j] else (p < q)))
    return out


@dataclass(frozen=True)
class Verdict:
    judged: int                   # repeats judged (working and collapsed)
    intermediate: int
    expected_rate: float          # what the procedure calls intermediate when the hypothesis holds
    p: float                      # P(>= intermediate of judged | expected_rate), exact binomial
    ci: tuple[float, float]       # Clopper-Pearson 95% of the intermediate rate

    @property
    def bound(self) -> float:
        """With no intermediate repeat: the rate is below this (95%, one-sided: 1 - 0.05^(1/n))."""
        return 1 - 0.05 ** (1 / self.judged) if self.judged else 1.0


def verdict(judged: Sequence[Judged], expected_rate: float = INTERMEDIATE_Q) -> Verdict:
    done = [j for j in judged if j.intermediate is not None]
    n, k = len(done), sum(bool(j.intermediate) for j in done)
    # heavy: scipy ~1 s, statsmodels ~2 s to import; lab.stats loads with every `lab` command
    from scipy.stats import binom
    p = float(binom.sf(k - 1, n, expected_rate)) if n else 1.0
    return Verdict(n, k, expected_rate, p, rate_ci(k, n))


def false_rate(comp: SingleComponents, repeats: int, cells: int, *, seed: int = 0,
               q: float = INTERMEDIATE_Q, draws: int = DRAWS) -> tuple[int, int]:
    """(called intermediate, judged) over `cells` simulated cells of `repeats` working repeats drawn
    from `comp`: the rate judge_cell gives when every repeat does follow a working distribution
    (above Q when the fits are from few repeats)."""
    rng = np.random.default_rng([seed, repeats])
    k = n = 0
    for c in range(cells):
        x = working_repeats(comp, rng, repeats)
        js = judge_cell(x, [False] * repeats, seed=seed + c + 1, q=q, draws=draws)
        k += sum(bool(j.intermediate) for j in js if j.intermediate is not None)
        n += sum(j.intermediate is not None for j in js)
    return k, n
