"""An A/A simulator refitted from the variance components of real runs (issue 24, finding 3).

The test model's A/A (model=stochastic) had 15% always-pass/fail tests where the real suite has
49%, no coupling between arms, no round effect and no collapse: a comparison could pass it and
still fail on real data. `fit` reads, from isolated runs of several cells that ran the same seeds:

- `rates`: each test's pass rate over every repeat (0 and 1 kept: the always-pass/fail share);
- `coupling`: how much more often two cells agree on a test at the same seed than independent
  draws at those rates would, (agree - expected) / (1 - expected) — the sampler draws nearly the
  same tokens when the tool responses differ by a field;
- `round_sd`: the sd of a round's shift of every pass rate (between-round variance of the
  repeats' pass rates beyond what the repeats within a round show), when rounds are given;
- `collapse`: the share of collapsed single-session repeats (from single runs; 0 without).

`simulate` draws two arms from them: repeat j of either arm is seed j (coupled draws), and a
round shift per round (each arm's own rounds, or shared ones).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

import numpy as np


@dataclass(frozen=True)
class Components:
    rates: tuple[float, ...]
    coupling: float
    round_sd: float
    collapse: float = 0.0

    @property
    def always_share(self) -> float:
        r = np.asarray(self.rates)
        return float(((r == 0) | (r == 1)).mean())

    def to_dict(self) -> dict:
        d = asdict(self)
        d["always_share"] = self.always_share
        return d


def fit(cells: Sequence[np.ndarray], rounds: Sequence[int] | None = None,
        collapsed: Sequence[bool] = ()) -> Components:
    """cells: one repeats x tests matrix per cell, row j = seed j in every cell; rounds: the round
    of row j (the same in every cell, as in a sweep); collapsed: single-session flags, any runs."""
    ms = [np.asarray(m, dtype=float) for m in cells]
    allm = np.concatenate(ms)
    rates = allm.mean(axis=0)
    # coupling: pairs of cells at the same seed
    agree, expect = [], []
    for i in range(len(ms)):
        for k in range(i + 1, len(ms)):
            for j in range(min(len(ms[i]), len(ms[k]))):
                agree.append((ms[i][j] == ms[k][j]).mean())
                expect.append((rates ** 2 + (1 - rates) ** 2).mean())
    a, e = (float(np.mean(agree)), float(np.mean(expect))) if agree else (0.0, 0.0)
    coupling = max(0.0, (a - e) / (1 - e)) if agree and e < 1 else 0.0
    round_sd = 0.0
    if rounds is not None and len(set(rounds)) > 1:
        lab = np.asarray(list(rounds))
        per_repeat = np.concatenate([m.mean(axis=1) for m in ms])
        labels = np.concatenate([lab[:len(m)] for m in ms])
        means = np.array([per_repeat[labels == k].mean() for k in sorted(set(labels))])
        within = np.mean([per_repeat[labels == k].var(ddof=1) / (labels == k).sum()
                          for k in sorted(set(labels)) if (labels == k).sum() > 1] or [0.0])
        round_sd = float(np.sqrt(max(0.0, means.var(ddof=1) - within)))
    flags = list(collapsed)
    return Components(tuple(float(x) for x in rates), float(coupling), round_sd,
                      float(np.mean(flags)) if flags else 0.0)


def simulate(c: Components, rng: np.random.Generator, repeats: int, *,
             rounds: tuple[Sequence[int], Sequence[int]] | None = None):
    """(base, cand) 0/1 matrices of an A/A pair; rounds: each arm's round per repeat (default:
    every repeat its own round, shared by both arms at the same seed)."""
    p = np.asarray(c.rates)
    t = len(p)
    rb, rc = rounds or (list(range(repeats)), list(range(repeats)))
    shift = {k: rng.normal(0, c.round_sd) for k in set(rb) | set(rc)}
    out = []
    shared = rng.random((repeats, t))
    for arm_rounds in (rb, rc):
        own = rng.random((repeats, t))
        u = np.where(rng.random((repeats, t)) < c.coupling, shared, own)
        q = np.clip(p[None, :] + np.array([shift[k] for k in arm_rounds])[:, None], 0, 1)
        q = np.where((p == 0) | (p == 1), p, q)        # always-pass/fail tests stay so
        out.append((u < q).astype(float))
    return out[0], out[1]
