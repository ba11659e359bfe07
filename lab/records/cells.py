"""What one cell is: the one definition every view takes its cells from.

A *cell* is every axis of how a run was set up: session mode, tool_choice, forced tool, prompt
variant, resolver, model, suite and vocabulary (AXES), and the machine's numerics (runs on other
kernels are kept apart like runs of another session mode). Two runs are in one cell only when
every one of these is equal; the report, the notebooks, `lab diff`, the sweep summary and
`lab view` all ask this module, so no view can pool isolated with single-session repeats, or
forced with unforced ones.

    cell_key(row)            -> CellKey: the key over every axis, from a frame row, a dict or a RunRecord
    cell_by(frame, by=None)  -> the columns to group `frame` by: CELL and every other axis that varies
    differing_axes(a, b)     -> the axes on which two cells (or two runs) differ, in AXES order

It sits with the records (a cell is read off a run's record; `lab diff` asks it too).
`by=None` in every function of lab.analysis.frame_stats / cell_pairs / figures means `cell_by(frame)`:
grouping by vocabulary x model x suite alone is never the default any more.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

import pandas as pd

from lab.records.numerics import of_record
from lab.records.record import RunRecord
from lab.records.test_files import run_columns

#: What one cell of an experiment is at its narrowest: the axes a sweep varies.
CELL = ["vocabulary", "model", "suite"]
#: How a run ran; a cell is split by each of these that varies among the loaded runs (`cell_by`).
#: `numerics`: how the machine computed (lab/records/numerics.py; "unknown" for runs recorded
#: before it): runs on other kernels are kept apart like runs of another session mode.
CONDITIONS = ["session", "tool_choice", "forced_tool", "prompt", "resolver", "numerics"]

#: Every axis of a cell, in the order the views name them (how it ran, then what ran).
AXES = ("session", "tool_choice", "forced_tool", "prompt", "resolver", "model", "suite", "vocabulary")
#: Not an experimental axis but a condition runs are split by as well (lab/records/numerics.py).
EXTRA = ("numerics",)
#: The columns a cell key reads, every one of them.
KEY_COLUMNS = (*AXES, *EXTRA)


class CellKey(NamedTuple):
    """One cell over every axis; `str(key)` is `axis=value` joined by spaces."""
    session: str
    tool_choice: str
    forced_tool: str
    prompt: str
    resolver: str
    model: str
    suite: str
    vocabulary: str
    numerics: str = "unknown"

    def as_dict(self) -> dict[str, str]:
        return dict(self._asdict())

    def label(self, axes: Sequence[str] | None = None) -> str:
        """`axis=value` for each of `axes` (default: every axis), the way column headers say it."""
        d = self.as_dict()
        return " ".join(f"{a}={d[a]}" for a in (axes or KEY_COLUMNS))

    def __str__(self) -> str:
        return self.label()


def _axes_of(row: Any) -> Mapping[str, Any]:
    if isinstance(row, Mapping):
        return row
    if isinstance(row, pd.Series):
        return row.to_dict()
    if hasattr(row, "run_id") and hasattr(row, "config"):        # a RunRecord
        return run_meta(row)
    if hasattr(row, "_asdict"):                                 # an itertuples row
        return row._asdict()
    raise TypeError(f"no cell axes in a {type(row).__name__}")


def cell_key(row: Any) -> CellKey:
    """The cell of a frame row (dict, Series, itertuples row) or of a RunRecord, over every axis.
    A row without some axis column is an error naming it: a cell is never guessed from part of
    its key."""
    d = _axes_of(row)
    missing = [a for a in AXES if a not in d]
    if missing:
        raise KeyError(f"a cell key needs every axis; missing {missing}")
    return CellKey(*(str(d[a]) for a in AXES), numerics=str(d.get("numerics", "unknown")))


def cell_keys(frame: pd.DataFrame) -> pd.Series:
    """`cell_key` of every row of a loader frame, as a Series of CellKey (index kept)."""
    return pd.Series([cell_key(r) for r in frame[[c for c in KEY_COLUMNS if c in frame.columns]]
                      .to_dict("records")], index=frame.index, dtype=object)


def cell_by(frame: pd.DataFrame, by: Sequence[str] | None = None) -> list[str]:
    """The columns to group `frame` by so that each group is one cell: `by` (default
    vocabulary x model x suite) and every other axis of KEY_COLUMNS that varies across `frame`.
    Grouping by the columns that do not vary changes nothing, so they are left out and tables
    stay narrow; a given `by` is kept as it is and only extended."""
    base = list(by) if by is not None else list(CELL)
    extra = [c for c in KEY_COLUMNS
             if c not in base and c in frame.columns and frame[c].nunique(dropna=False) > 1]
    return [*base, *extra]


def differing_axes(a: Any, b: Any) -> list[str]:
    """The axes (KEY_COLUMNS order) whose values differ between two cells, rows or RunRecords."""
    ka, kb = cell_key(a).as_dict(), cell_key(b).as_dict()
    return [x for x in KEY_COLUMNS if ka[x] != kb[x]]


#: fingerprint input paths (lab/records/fingerprint.py, dotted) that belong to an axis: a difference
#: there is the compared axis itself, not a like-for-like warning
AXIS_PATHS = {
    "vocabulary": ("vocab", "tool_schemas"), "model": ("model",), "suite": ("suite",),
    "prompt": ("prompt", "templates"), "resolver": ("resolver",),
    "session": ("agent.session",), "tool_choice": ("agent.tool_choice",),
    "forced_tool": ("agent.forced_tool",),
}


def axis_of_path(path: str) -> str | None:
    """The axis a dotted fingerprint input path belongs to, or None (another input)."""
    best = None
    for axis, prefixes in AXIS_PATHS.items():
        for p in prefixes:
            if path == p or path.startswith(p + ".") or path.startswith(p + "["):
                if best is None or len(p) > len(best[1]):
                    best = (axis, p)
    return best[0] if best else None


def run_meta(rec: RunRecord) -> dict:
    """The columns every frame carries about its run (experiment and cell)."""
    axes = run_columns(rec)             # the same values tests.csv rows carry
    return {"run_id": rec.run_id, "experiment": rec.experiment,
            "vocabulary": axes["vocabulary"], "model": axes["model"], "suite": axes["suite"],
            "session": (rec.agent or {}).get("session") or "?",
            "tool_choice": (rec.agent or {}).get("tool_choice") or "auto",   # older runs: auto
            "forced_tool": (((rec.agent or {}).get("forced_tool") or "any")
                            if (rec.agent or {}).get("tool_choice", "auto") != "auto" else "–"),
            "prompt": axes["prompt"],
            "resolver": ((rec.config or {}).get("resolver") or {}).get("kind") or "pathfinder",   # older runs: pathfinder
            "numerics": of_record(rec).label}
