"""What a column of `lab view` is, and what its header says.

A column is one cell: every axis of how its runs were set up (AXES: session mode, tool_choice,
forced tool, prompt, resolver, model, suite, vocabulary, and the machine's numerics), never a
pool of runs that differ in one of them. Its header names, as `key=value`, the axes that differ
among the columns on the page (`session=isolated vocabulary=alike`), never bare values.

A suite run with `suite.limit` is another suite: its value reads `tests70[:3]`, so a three-test
smoke run is neither pooled with nor labelled as the 70-test suite.

This module is the viewer's one grouping: `axes_of`, `varying`, `label` and `key_columns` are what
the pages call, and they take the axes and the grouping from the analysis layer's one cell
definition (lab.records.cells: the report, the notebooks and `lab diff` use the same).
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pandas as pd

from lab.records.cells import KEY_COLUMNS, cell_by

#: every axis of a cell, in the order headers name them (how it ran, then what ran; numerics last)
AXES = KEY_COLUMNS


def with_limited_suites(frame: pd.DataFrame, limits: Mapping[str, int]) -> pd.DataFrame:
    """`frame` (any loader frame with run_id and suite) with the suite of each limited run
    (`limits`: run_id -> suite.limit) written `suite[:N]`."""
    if frame.empty or not limits or "suite" not in frame.columns:
        return frame
    lim = frame["run_id"].map(limits)
    out = frame.copy()
    has = lim.notna()
    out.loc[has, "suite"] = [f"{s}[:{int(n)}]" for s, n in zip(frame.loc[has, "suite"], lim[has])]
    return out


def suite_limits(records: Mapping) -> dict[str, int]:
    """run_id -> suite.limit of every run recorded with one."""
    out = {}
    for rid, rec in records.items():
        n = ((rec.config or {}).get("suite") or {}).get("limit")
        if isinstance(n, int) and not isinstance(n, bool):
            out[rid] = n
    return out


def axes_of(frame: pd.DataFrame) -> list[str]:
    """The axes a frame carries (older frames may lack numerics)."""
    return [a for a in AXES if a in frame.columns]


def varying(frame: pd.DataFrame, among: Sequence[str] | None = None) -> list[str]:
    """The axes (AXES order) whose value is not the same in every row of `frame`."""
    among = set(among or axes_of(frame))
    return [a for a in AXES if a in among and a in frame.columns
            and frame[a].astype(str).nunique(dropna=False) > 1]


def key_columns(frame: pd.DataFrame) -> list[str]:
    """The columns to group `frame` by so that each group is one cell (lab.records.cells.cell_by:
    vocabulary, model, suite and every other axis that varies)."""
    return cell_by(frame)


def label(row: Mapping | pd.Series, axes: Sequence[str]) -> str:
    """`axis=value` for each of `axes`, joined by spaces; no axes: "one cell"."""
    return " ".join(f"{a}={row[a]}" for a in axes) if axes else "one cell"


def labels(frame: pd.DataFrame, axes: Sequence[str]) -> pd.Series:
    """`label` of every row (same index)."""
    if frame.empty:
        return pd.Series([], dtype=object)
    if not axes:
        return pd.Series(["one cell"] * len(frame), index=frame.index, dtype=object)
    return frame[list(axes)].astype(str).apply(
        lambda r: " ".join(f"{a}={v}" for a, v in zip(axes, r)), axis=1)
