"""Paired comparison of two cells on their common tests, from the loader's frames.

The statistics are the lab's one comparison, `lab.stats.compare_arms` — the same function (and so
the same p-value and CI for the same two runs) as `lab diff`, the regression gate, the sweep
summary and `lab calibrate`. This module only turns frames into its input: a 0/1 pass matrix per
cell, repeats (run_id, repeat) x the common tests (tests present in every complete repeat of both
cells, so test difficulty cancels out of the difference), and the session mode of the cells' runs
(single session: the repeat is the cluster, two parts at alpha/2 — collapsed repeats by Fisher's
exact test, Welch over the other repeats' scores; isolated: tests paired across arms, with a round
term when the arms shared rounds — see lab/stats/compare.py).

`compare_cells` compares every pair of cells that differ only in `vary` (k vocabularies: k(k-1)/2
pairs) and Holm-adjusts the p-values over every comparison of the table, saying so in
`p_holm` / `family`. `per_test_table` gives the per-test effects (exact McNemar when the cells'
repeats are paired by seed, Fisher otherwise; Holm over the tests), `power_table` the repeats per
arm that detect D points with 80% power at each comparison's observed spread.
"""

from __future__ import annotations

import itertools
from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from lab.records.cells import cell_by
from lab.analysis.load import CELL
from lab.records.rounds import UNKNOWN, from_columns, round_labels, split_by
from lab.stats import words
from lab.stats.equivalence import DEFAULT_MARGIN
from lab.stats import (Comparison, Spread, compare_arms, holm, per_test_effects, repeats_for,
                       session_of)
from lab.stats.collapse_power import collapse_repeats_for
from lab.stats.per_test import paired_by_seed

#: differences (points) the report's power lines plan for
PLAN_DIFFS = (3.0, 5.0, 8.0)


def _cell_rows(tests: pd.DataFrame, cell: Mapping[str, str]) -> pd.DataFrame:
    mask = np.ones(len(tests), dtype=bool)
    for k, v in cell.items():
        mask &= (tests[k] == v).to_numpy()
    return tests[mask]


def pass_matrix(tests: pd.DataFrame, cell: Mapping[str, str]) -> pd.DataFrame:
    """Repeats (run_id, repeat) x test_id of 0/1 passes for the rows of one cell."""
    g = _cell_rows(tests, cell)
    return (g.pivot_table(index=["run_id", "repeat"], columns="test_id", values="passed",
                          aggfunc="max").astype(float))


def _seeds(tests: pd.DataFrame, cell: Mapping[str, str], index: pd.Index) -> list:
    g = _cell_rows(tests, cell)
    if "seed" not in g.columns or g["run_id"].nunique() != 1:
        return [None] * len(index)        # cells pooled from several runs are never paired
    by = g.groupby(["run_id", "repeat"])["seed"].first()
    return [None if pd.isna(by.get(k)) else int(by.get(k)) for k in index]


def _repeat_info(tests: pd.DataFrame, cell: Mapping[str, str], index: pd.Index):
    """Per repeat (run_id, repeat) of a cell: its RoundInfo and collapse flag (lab.analysis.load
    puts them on every test row; frames built elsewhere without them: rounds unknown, and flags
    None — no collapse part, as for repeat scores alone)."""
    g = _cell_rows(tests, cell)
    first = g.groupby(["run_id", "repeat"]).first()
    infos, flags = [], []
    for k in index:
        row = first.loc[k] if k in first.index else {}
        infos.append(from_columns(row) if "round_started" in g.columns else UNKNOWN)
        v = row.get("collapsed") if "collapsed" in g.columns else None
        flags.append(bool(v) if v is not None and not pd.isna(v) else False)
    return infos, (flags if "collapsed" in g.columns else None)


def _arms(tests: pd.DataFrame, a: Mapping[str, str], b: Mapping[str, str]):
    ma, mb = pass_matrix(tests, a), pass_matrix(tests, b)
    common = sorted(set(ma.columns[ma.notna().all()]) & set(mb.columns[mb.notna().all()]))
    if not len(ma) or not len(mb) or not common:
        raise ValueError(f"no common tests with complete repeats in both cells ({dict(a)} vs {dict(b)})")
    sessions = (list(_cell_rows(tests, a).get("session", pd.Series(["?"])).unique())
                + list(_cell_rows(tests, b).get("session", pd.Series(["?"])).unique()))
    return ma, mb, common, session_of(sessions)


def compare(tests: pd.DataFrame, a: Mapping[str, str], b: Mapping[str, str], *,
            level: float = 0.95, power: float = 0.8, margin: float = DEFAULT_MARGIN) -> Comparison:
    """Cell `a` against cell `b`: diff = mean score of a - mean score of b (points), on the
    common tests (b is the comparison's base, a its candidate), with each repeat's round and
    collapse flag — the inputs `lab diff` gives the same function."""
    ma, mb, common, session = _arms(tests, a, b)
    ib, fb = _repeat_info(tests, b, mb.index)
    ia, fa = _repeat_info(tests, a, ma.index)
    labels = round_labels(ib + ia)
    return compare_arms(mb[common].to_numpy(), ma[common].to_numpy(), session=session,
                        level=level, power=power, margin=margin,
                        rounds=(labels[:len(ib)], labels[len(ib):]),
                        round_split=split_by(ib + ia, labels),
                        collapsed=(fb, fa) if session == "single" and fb is not None
                        and fa is not None else None,
                        seeds=(_seeds(tests, b, mb.index), _seeds(tests, a, ma.index)))


def per_test(tests: pd.DataFrame, a: Mapping[str, str], b: Mapping[str, str], *,
             alpha: float = 0.05) -> list:
    """Per-test effects of a against b (lab.stats.per_test_effects: base b, cand a)."""
    ma, mb, common, session = _arms(tests, a, b)
    if session == "single":     # per-test effects of working repeats: a collapse flips them all
        (_, fb), (_, fa) = _repeat_info(tests, b, mb.index), _repeat_info(tests, a, ma.index)
        if fb is not None and fa is not None and not all(fb) and not all(fa):
            mb, ma = mb[[not f for f in fb]], ma[[not f for f in fa]]
    paired = paired_by_seed(_seeds(tests, b, mb.index), _seeds(tests, a, ma.index))
    return per_test_effects(mb[common].to_numpy(), ma[common].to_numpy(), common, paired=paired,
                            alpha=alpha)


#: how the values of several compared axes are joined into one arm's name ("tasks40 · path_resolve")
ARM_SEP = " · "


def vary_axes(vary: str | Sequence[str]) -> list[str]:
    """The compared axes: "vocabulary", or several that differ together between the arms
    (["suite", "forced_tool"]: each suite with its own forced first tool)."""
    return [vary] if isinstance(vary, str) else list(vary)


def arm_label(values: Sequence) -> str:
    """One arm's name: its values of the compared axes, joined (a missing one: –)."""
    return ARM_SEP.join("–" if v is None or (isinstance(v, float) and np.isnan(v)) else str(v)
                        for v in values)


def arm_labels(frame: pd.DataFrame, vary: str | Sequence[str]) -> pd.Series:
    """Each row's arm name over the compared axes (the values themselves for one axis)."""
    axes = vary_axes(vary)
    if len(axes) == 1:
        return frame[axes[0]].astype(str)
    return pd.Series([arm_label(v) for v in frame[axes].itertuples(index=False)], index=frame.index,
                     dtype=object)


def arms_of(frame: pd.DataFrame, vary: str | Sequence[str]) -> dict[str, dict]:
    """The arms `frame` holds: each arm's name (`arm_label`) -> its values of the compared axes
    (rows with none of them are no arm)."""
    axes = vary_axes(vary)
    return {arm_label(v): dict(zip(axes, v))
            for v in frame[axes].dropna(how="all").drop_duplicates().itertuples(index=False)}


def arms_word(vary: str | Sequence[str]) -> str:
    """How a view names what it compares: "vocabulary", "suite + forced_tool"."""
    return " + ".join(vary_axes(vary))


def baseline_in(labels, baseline: str | None) -> str | None:
    """The arm among `labels` that is the baseline: the one named so, or (several compared axes)
    the only one whose first value is `baseline` (`--baseline tasks40_baseline` for the arms
    "tasks40_baseline · search_files" and "tasks40 · path_resolve"); None when there is none."""
    if baseline is None:
        return None
    labels = [str(x) for x in labels]
    if baseline in labels:
        return baseline
    first = [x for x in labels if x.split(ARM_SEP, 1)[0] == baseline and ARM_SEP in x]
    return first[0] if len(first) == 1 else None


def _pairs(tests: pd.DataFrame, by: list[str], vary: str | Sequence[str], baseline: str | None):
    fixed = [c for c in by if c not in vary_axes(vary)]
    for key, g in tests.groupby(fixed, sort=True, dropna=False) if fixed else [((), tests)]:
        key = key if isinstance(key, tuple) else (key,)
        arms = arms_of(g, vary)
        names = sorted(arms)
        base_arm = baseline_in(names, baseline)
        pairs = ([(v, base_arm) for v in names if v != base_arm] if base_arm is not None
                 else list(itertools.combinations(names, 2)))
        base = dict(zip(fixed, key))
        for va, vb in pairs:
            yield g, base, {**base, **arms[va]}, {**base, **arms[vb]}, va, vb


def compare_cells(tests: pd.DataFrame, by: list[str] | None = None, *,
                  vary: str | Sequence[str] = "vocabulary",
                  baseline: str | None = None, level: float = 0.95, power: float = 0.8,
                  plan: Sequence[float] = PLAN_DIFFS, margin: float = DEFAULT_MARGIN) -> pd.DataFrame:
    """Every pair of cells that differ only in `vary` (the other columns of `by` equal; several
    axes: the arms differ in all of them together, `a`/`b` name them by `arm_label`), or each cell
    against `baseline` when given. One row per pair; p_holm adjusts over all rows."""
    by = cell_by(tests, by)
    rows = []
    for g, base, ca, cb, va, vb in _pairs(tests, by, vary, baseline):
        try:
            c = compare(g, ca, cb, level=level, power=power, margin=margin)
        except ValueError:
            continue
        try:                               # the spread this comparison measured (lab power agrees)
            spread = Spread.of_comparison(c)
        except ValueError:                 # noise unknown: no spread to plan from
            spread = None
        row = {**base, "a": va, "b": vb, **{k: v for k, v in c.to_dict().items()
                                             if k not in ("repeats_base", "repeats_cand",
                                                          "mean_base", "mean_cand")},
               "repeats_a": c.repeats_cand, "repeats_b": c.repeats_base,
               "mean_a": c.mean_cand, "mean_b": c.mean_base}
        for d in plan:                     # single, two parts: launched repeats, collapses expected
            row[f"repeats_for_{d:g}"] = (repeats_for(spread, d, power=power, alpha=c.part_alpha)
                                         if spread is not None else None)
        q = spread.collapse_rate if spread is not None else None
        row["collapse_rate"] = q           # pooled over both cells (two parts only)
        row["collapse_repeats_for_3x"] = (collapse_repeats_for(q, min(1.0, 3 * q), power=power,
                                                               alpha=c.part_alpha) if q else None)
        rows.append(row)
    df = pd.DataFrame(rows)
    if len(df):
        df["p_holm"] = holm([None if pd.isna(p) else p for p in df["p_overall"]])
        df["family"] = int(df["p_overall"].notna().sum())
        df["significant_holm"] = [p is not None and not pd.isna(p) and p < 1 - level
                                  for p in df["p_holm"]]
        # after Holm: a difference beyond noise on its raw p but not after adjustment gets its TOST
        # line too (words.equivalence keys on "significant"), as in the sweep summary
        df["parts"] = ["; ".join(x for x in (words.collapse(r), words.equivalence(
            {**r, "significant": bool(r["significant_holm"])})) if x) for r in df.to_dict("records")]
    return df


def per_test_table(tests: pd.DataFrame, by: list[str] | None = None, *,
                   vary: str | Sequence[str] = "vocabulary",
                   baseline: str | None = None, level: float = 0.95) -> pd.DataFrame:
    """One row per comparison x common test: passes in a and b, the exact test, Holm over tests."""
    by = cell_by(tests, by)
    rows = []
    for g, base, ca, cb, va, vb in _pairs(tests, by, vary, baseline):
        try:
            effects = per_test(g, ca, cb, alpha=1 - level)
        except ValueError:
            continue
        for e in effects:
            rows.append({**base, "a": va, "b": vb, "test_id": e.test_id,
                         "a_pass": f"{e.cand_pass}/{e.cand_n}", "b_pass": f"{e.base_pass}/{e.base_n}",
                         "delta": e.delta, "method": e.method, "p_value": e.p_value,
                         "p_holm": e.p_holm, "family": e.family, "flipped": e.flipped,
                         "significant_holm": e.significant, "p_bh": e.p_bh, "shrunk": e.shrunk,
                         "testable": e.testable})
    return pd.DataFrame(rows)
