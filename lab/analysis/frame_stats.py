"""Statistics over the loader's frames. Every function takes a frame and returns a tidy frame.

The unit of run-to-run noise is the *repeat*: in single-session mode the tests of one repeat share
one growing conversation (a collapse at test 46 drags tests 47-70 down with it), so tests within a
repeat are not independent draws. Spread, confidence intervals and comparisons are therefore over
repeats; per-test numbers (pass^k, flaky) count how many repeats passed each test.

Cells are vocabulary x model x suite (`CELL`); pass `by=` to group differently (e.g. add
"experiment"). Only rows of complete repeats should be passed in (`Results.complete_tests`).
"""

from __future__ import annotations

import itertools
from math import comb
from typing import Sequence

import numpy as np
import pandas as pd

from lab.records.cascade import stopped_answering, unanswered_streak
from lab.records.results import CRASH, INFRASTRUCTURE, OUTCOMES
from lab.records.cells import cell_by
from lab.analysis.load import CELL

#: Resamples enumerated exactly when n**n is at most this (n <= 6 repeats); Monte Carlo above.
EXACT_LIMIT = 50_000


# -- bootstrap ------------------------------------------------------------------------------------

def weighted_quantile(values: np.ndarray, weights: np.ndarray, q: float) -> float:
    """The smallest value whose cumulative weight reaches q (numpy's 'inverted_cdf')."""
    order = np.argsort(values, kind="stable")
    v, w = np.asarray(values)[order], np.asarray(weights, dtype=float)[order]
    cdf = np.cumsum(w) / w.sum()
    return float(v[min(np.searchsorted(cdf, q - 1e-12, side="left"), len(v) - 1)])


def exact_bootstrap(n: int, n_boot: int = 10_000) -> bool:
    """Whether the n**n ordered resamples of n values are few enough to enumerate."""
    return n ** n <= max(EXACT_LIMIT, n_boot)


def bootstrap_means(values: Sequence[float], *, n_boot: int = 10_000,
                    rng: np.random.Generator | None = None,
                    exact: bool | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The bootstrap distribution of the mean as (means, weights).

    Exact when `exact_bootstrap(n, n_boot)` (up to 6 values): every ordered resample once,
    equally weighted, so the answer can be checked by hand and needs no seed. Otherwise `n_boot`
    Monte Carlo resamples from `rng` (seeded by the caller). `exact=False` forces Monte Carlo."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return np.array([np.nan]), np.array([1.0])
    if exact is None:
        exact = exact_bootstrap(n, n_boot)
    if exact:
        idx = np.array(list(itertools.product(range(n), repeat=n)))
        means = np.round(x[idx].mean(axis=1), 10)
        uniq, counts = np.unique(means, return_counts=True)
        return uniq, counts.astype(float)
    rng = rng if rng is not None else np.random.default_rng(0)
    means = x[rng.integers(0, n, size=(n_boot, n))].mean(axis=1)
    return means, np.ones(n_boot)


def bootstrap_ci(values: Sequence[float], *, level: float = 0.95, n_boot: int = 10_000,
                 seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of `values` (e.g. the scores of a cell's repeats).

    With 3 repeats at 95% it is always [min, max]: the extreme resamples (all three the same
    repeat) carry 1/27 > 2.5% each — three repeats cannot say more than their range."""
    if len(values) == 0:
        return (float("nan"), float("nan"))
    means, w = bootstrap_means(values, n_boot=n_boot, rng=np.random.default_rng(seed))
    a = (1 - level) / 2
    return weighted_quantile(means, w, a), weighted_quantile(means, w, 1 - a)


# -- per cell -------------------------------------------------------------------------------------

def cell_scores(repeats: pd.DataFrame, by: list[str] | None = None, *, level: float = 0.95,
                n_boot: int = 10_000, seed: int = 0) -> pd.DataFrame:
    """Per cell: the score of every repeat, mean, sd, min, max, swing (max - min) and a bootstrap
    CI of the mean over repeats. `repeats` is `Results.repeats` (complete repeats only)."""
    by = cell_by(repeats, by)
    rows = []
    for key, g in repeats.groupby(by, sort=True, dropna=False):
        s = g["score"].astype(float).to_numpy()
        lo, hi = bootstrap_ci(s, level=level, n_boot=n_boot, seed=seed)
        ns = sorted(set(g["n"]))
        rows.append({**dict(zip(by, key)), "repeats": len(s), "runs": g["run_id"].nunique(),
                     "experiments": ", ".join(sorted(set(g["experiment"]))),
                     "n": ns[0] if len(ns) == 1 else "|".join(map(str, ns)),
                     "scores": ", ".join(str(int(v)) for v in s),
                     "mean": s.mean(), "sd": s.std(ddof=1) if len(s) > 1 else np.nan,
                     "min": s.min(), "max": s.max(), "swing": s.max() - s.min(),
                     "ci_low": lo, "ci_high": hi, "ci_level": level,
                     "pass_rate": g["score"].sum() / g["n"].sum() if g["n"].sum() else np.nan})
    return pd.DataFrame(rows)


# -- per test: pass^k, flaky -----------------------------------------------------------------------

def pass_hat_k(c: int, n: int, k: int) -> float:
    """Unbiased pass^k: the chance that k repeats drawn without replacement from n, of which c
    passed, all pass — C(c, k) / C(n, k) (tau-bench)."""
    if not 1 <= k <= n:
        raise ValueError(f"k must be in 1..n (k={k}, n={n})")
    return comb(c, k) / comb(n, k)


def pass_at_k(c: int, n: int, k: int) -> float:
    """Unbiased pass@k: the chance that at least one of k repeats passes — 1 - C(n-c, k)/C(n, k)."""
    if not 1 <= k <= n:
        raise ValueError(f"k must be in 1..n (k={k}, n={n})")
    return 1 - comb(n - c, k) / comb(n, k)


def per_test(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell x test: repeats n, passes c, pass rate, the outcome of each repeat in run order,
    flaky (passed in some repeats, not in others), always_fail."""
    by = cell_by(tests, by)
    rows = []
    for key, g in tests.groupby([*by, "test_id"], sort=False, dropna=False):
        n, c = len(g), int(g["passed"].sum())
        rows.append({**dict(zip([*by, "test_id"], key)), "category": g["category"].iloc[0],
                     "position": g["position"].iloc[0], "n": n, "c": c, "pass_rate": c / n,
                     "outcomes": ", ".join(g["outcome"]),
                     "repeats": list(zip(g["run_id"], g["repeat"], g["outcome"])),
                     "flaky": 0 < c < n, "always_fail": c == 0})
    df = pd.DataFrame(rows)
    if df.empty:
        return df
    return df.sort_values([*by, "position", "test_id"], kind="stable").reset_index(drop=True)


def flaky_tests(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    by = cell_by(tests, by)
    t = per_test(tests, by)
    return t[t["flaky"]].reset_index(drop=True) if len(t) else t


def pass_k_curves(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell x k (1..repeats): mean over tests of pass^k and pass@k. pass^1 is the pass rate;
    how fast pass^k falls with k is how unreliable the cell is."""
    by = cell_by(tests, by)
    t = per_test(tests, by)
    rows = []
    if t.empty:
        return pd.DataFrame(columns=[*by, "k", "pass_hat_k", "pass_at_k", "tests"])
    for key, g in t.groupby(by, sort=True, dropna=False):
        for k in range(1, int(g["n"].min()) + 1):
            rows.append({**dict(zip(by, key)), "k": k,
                         "pass_hat_k": float(np.mean([pass_hat_k(c, n, k) for c, n in zip(g["c"], g["n"])])),
                         "pass_at_k": float(np.mean([pass_at_k(c, n, k) for c, n in zip(g["c"], g["n"])])),
                         "tests": len(g)})
    return pd.DataFrame(rows)


# -- categories, positions, cascades --------------------------------------------------------------

def category_stats(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell x category: passes/n of every repeat ("6/6, 4/6, 5/6" as the log writes K=6/6),
    mean pass rate, sd of the rate over repeats, min, max and swing of the passes."""
    by = cell_by(tests, by)
    per_rep = (tests.groupby([*by, "category", "run_order", "run_id", "repeat"], dropna=False, sort=True)
               .agg(passed=("passed", "sum"), n=("passed", "size")).reset_index())
    rows = []
    for key, g in per_rep.groupby([*by, "category"], sort=True, dropna=False):
        rate = g["passed"] / g["n"]
        rows.append({**dict(zip([*by, "category"], key)), "tests": int(g["n"].max()),
                     "per_repeat": ", ".join(f"{p}/{n}" for p, n in zip(g["passed"], g["n"])),
                     "pass_rate": rate.mean(), "sd": rate.std(ddof=1) if len(g) > 1 else np.nan,
                     "min": int(g["passed"].min()), "max": int(g["passed"].max()),
                     "swing": int(g["passed"].max() - g["passed"].min()), "repeats": len(g)})
    return pd.DataFrame(rows)


def position_curve(tests: pd.DataFrame, by: list[str] | None = None, *, window: int = 5) -> pd.DataFrame:
    """Per cell x position: the pass rate over repeats, and a centred rolling mean over `window`
    positions (the attention valley shows as a dip mid-session)."""
    by = cell_by(tests, by)
    t = tests.assign(position=tests["position"].fillna(tests["index"]))
    df = (t.groupby([*by, "position"], sort=True, dropna=False)
          .agg(pass_rate=("passed", "mean"), repeats=("passed", "size"), category=("category", "first"))
          .reset_index())
    df["rolling"] = (df.groupby(by, dropna=False)["pass_rate"]
                     .transform(lambda s: s.rolling(window, center=True, min_periods=1).mean()))
    return df


def change_point(passed: Sequence[bool]) -> tuple[int, float, float] | None:
    """The single split that best fits a pass/fail sequence as two levels (least squares):
    (i, rate of [0, i), rate of [i, end)), or None for fewer than 2 items. Ties: the earliest."""
    x = np.asarray(passed, dtype=float)
    n = len(x)
    if n < 2:
        return None
    best = None
    cs = np.concatenate([[0.0], np.cumsum(x)])
    for i in range(1, n):
        a, b = cs[i] / i, (cs[n] - cs[i]) / (n - i)
        sse = i * a * (1 - a) + (n - i) * b * (1 - b)
        if best is None or sse < best[0] - 1e-12:
            best = (sse, i, a, b)
    return best[1], best[2], best[3]


def streaks(tests: pd.DataFrame, by: list[str] | None = None, *, min_drop: float = 0.3,
            min_tail: int = 5) -> pd.DataFrame:
    """Per run x repeat, in session order: the longest run of non-passing tests (where it starts
    and ends), and the cascade — the change point of the pass/fail sequence when the rate after it
    is at least `min_drop` below the rate before and at least `min_tail` tests follow; and the
    longest run of tests in a row with one unanswered outcome (lab.records.cascade.
    unanswered_streak), with whether a single session `stopped_answering` there."""
    by = cell_by(tests, by)
    rows = []
    for key, g in tests.groupby([*by, "run_order", "run_id", "repeat"], sort=True, dropna=False):
        g = g.sort_values("index")
        ok = g["passed"].to_numpy()
        ids, pos = g["test_id"].to_numpy(), g["position"].fillna(g["index"]).to_numpy()
        best_len, best_start, cur = 0, None, 0
        for i, p in enumerate(ok):
            cur = 0 if p else cur + 1
            if cur > best_len:
                best_len, best_start = cur, i - cur + 1
        row = {**dict(zip([*by, "run_order", "run_id", "repeat"], key)), "tests": len(g),
               "score": int(ok.sum()), "longest_fail_streak": best_len,
               "streak_from": ids[best_start] if best_len else None,
               "streak_to": ids[best_start + best_len - 1] if best_len else None,
               "streak_from_position": pos[best_start] if best_len else None,
               "collapse_at": None, "collapse_position": None, "rate_before": None, "rate_after": None}
        quiet = unanswered_streak(zip(ids, g["outcome"]))
        single = "session" not in g.columns or g["session"].iloc[0] != "isolated"
        row.update({f"unanswered_{k}": v for k, v in quiet.to_dict().items()},
                   stopped_answering=single and stopped_answering(quiet.streak))
        cp = change_point(ok)
        if cp is not None:
            i, before, after = cp
            if before - after >= min_drop and len(ok) - i >= min_tail:
                row.update(collapse_at=ids[i], collapse_position=pos[i], rate_before=round(before, 3),
                           rate_after=round(after, 3))
        rows.append(row)
    return pd.DataFrame(rows)


# -- outcomes, tool calls, context, response fields -----------------------------------------------

def outcome_counts(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell: count of every outcome label over all complete repeats, split into the model's
    outcomes, the infrastructure's (api_error, a server timeout) and the lab's crashes, plus
    repeats."""
    by = cell_by(tests, by)
    rows = []
    for key, g in tests.groupby(by, sort=True, dropna=False):
        infra = g["infrastructure"].astype(bool) | g["outcome"].isin(INFRASTRUCTURE)
        row = {**dict(zip(by, key)), "repeats": g[["run_id", "repeat"]].drop_duplicates().shape[0]}
        for o in OUTCOMES:
            row[o] = int(((g["outcome"] == o) & ~infra).sum())
        row["infrastructure"] = int(infra.sum())
        row["infrastructure_labels"] = ", ".join(f"{o} {n}" for o, n in
                                                 g.loc[infra, "outcome"].value_counts().items())
        row["crashes"] = row.pop(CRASH)       # a lab bug: neither the model's nor the infrastructure's
        rows.append(row)
    return pd.DataFrame(rows)


def tool_call_stats(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell: tool calls per test (mean, median, max), per repeat (mean total, as the log's
    "40/40 with 42 tool calls"), malformed calls per repeat, tool response tokens per test."""
    by = cell_by(tests, by)
    rows = []
    for key, g in tests.groupby(by, sort=True, dropna=False):
        per_rep = g.groupby(["run_id", "repeat"]).agg(calls=("tool_calls", "sum"),
                                                      malformed=("malformed_calls", "sum"))
        rows.append({**dict(zip(by, key)), "calls_per_test": g["tool_calls"].mean(),
                     "median": float(g["tool_calls"].median()), "max": int(g["tool_calls"].max()),
                     "calls_per_repeat": per_rep["calls"].mean(),
                     "malformed_per_repeat": per_rep["malformed"].mean(),
                     "response_tokens_per_test": g["tool_response_tokens"].mean()})
    return pd.DataFrame(rows)


def context_curve(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell x test index: context tokens at the end of each test (mean, min, max over
    repeats) and at its start: how the session grows."""
    by = cell_by(tests, by)
    return (tests.groupby([*by, "index"], sort=True, dropna=False)
            .agg(context_start=("context_start", "mean"), context_end=("context_end", "mean"),
                 context_end_min=("context_end", "min"), context_end_max=("context_end", "max"),
                 response_tokens=("tool_response_tokens", "mean"))
            .reset_index())


def context_growth(tests: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell: context tokens added per test (least-squares slope of context_end over the test
    index, evictions included), context at the last test, tool response tokens per test."""
    by = cell_by(tests, by)
    rows = []
    for key, g in tests.groupby(by, sort=True, dropna=False):
        c = g.dropna(subset=["context_end"])
        slope = (float(np.polyfit(c["index"].astype(float), c["context_end"].astype(float), 1)[0])
                 if c["index"].nunique() > 1 else np.nan)
        last = c[c["index"] == c["index"].max()]["context_end"].mean() if len(c) else np.nan
        rows.append({**dict(zip(by, key)), "tokens_per_test": slope, "context_at_end": last,
                     "peak_context": c["context_end"].max() if len(c) else np.nan,
                     "response_tokens_per_test": g["tool_response_tokens"].mean(),
                     "evictions_per_repeat": (g.groupby(["run_id", "repeat"])["evictions"].max().mean())})
    return pd.DataFrame(rows)


def field_token_stats(fields: pd.DataFrame, calls: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell x tool x response field: tokens the field added per repeat (the context it cost a
    session), tokens per call where present, and in what share of that tool's answered calls it
    appeared (a conditional field like maybe_exts appears rarely; an always-present one in 100%)."""
    by = cell_by(fields, by)
    if fields.empty:
        return pd.DataFrame(columns=[*by, "tool", "field", "tokens_per_repeat", "tokens_per_call",
                                     "present_calls", "share_of_calls"])
    answered = (calls[calls["response_tokens"] > 0].groupby([*by, "tool"], dropna=False).size()
                .rename("answered_calls"))
    repeats = calls.groupby(by, dropna=False)[["run_id", "repeat"]].apply(
        lambda g: g.drop_duplicates().shape[0]).rename("repeats")
    df = (fields.groupby([*by, "tool", "field"], sort=True, dropna=False)
          .agg(tokens=("tokens", "sum"), tokens_per_call=("tokens", "mean"), present_calls=("tokens", "size"))
          .reset_index())
    df = df.join(answered, on=[*by, "tool"]).join(repeats, on=by)
    df["tokens_per_repeat"] = df["tokens"] / df["repeats"]
    df["share_of_calls"] = df["present_calls"] / df["answered_calls"]
    return df[[*by, "tool", "field", "tokens_per_repeat", "tokens_per_call", "present_calls",
               "answered_calls", "share_of_calls", "repeats"]]
