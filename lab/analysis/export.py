"""`lab export`: every test attempt of every run under RESULTS as one tidy table.

One row per run x repeat x test (`load(...).tests`), with the run's axes on every row (run id,
experiment, vocabulary, model, suite, prompt, session mode, tool choice, resolver) and the run's
fingerprint and status beside them, so a concatenation of sweeps never loses what a row measured.
`complete` says whether the row's repeat finished (statistics count complete repeats only).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

import pandas as pd

from lab.analysis.load import load
from lab.errors import InputError

FORMATS = ("parquet", "csv")
#: run-level columns joined onto every row
RUN_EXTRA = ["fingerprint", "status"]


def tidy_tests(paths: Iterable[str | os.PathLike] | str | os.PathLike) -> tuple[pd.DataFrame, list[str]]:
    """(the table, runs left out and why)."""
    res = load(paths, transcripts=False)
    t = res.tests
    if t.empty:
        return t, res.problems
    extra = res.runs[["run_id", *RUN_EXTRA]]
    return t.merge(extra, on="run_id", how="left", validate="many_to_one"), res.problems


def write_table(df: pd.DataFrame, out: str | os.PathLike, fmt: str) -> Path:
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})", key="--format")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        df.to_csv(out, index=False)
        return out
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise InputError("parquet needs pyarrow: pip install pyarrow (or bash scripts/install.sh), "
                         "or use --format csv", key="--format") from None
    df.to_parquet(out, index=False)
    return out
