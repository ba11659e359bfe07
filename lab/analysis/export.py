"""`lab export`: every test attempt of every run under RESULTS as one tidy table.

One row per run x repeat x test (`load(...).tests`), with the run's axes on every row (run id,
experiment, vocabulary, model, suite, prompt, session mode, tool choice, resolver) and the run's
fingerprint and status beside them, so a concatenation of sweeps never loses what a row measured.
`complete` says whether the row's repeat finished (statistics count complete repeats only).
Besides: the git revision the run ran at (`git_revision`, `git_dirty`) and the vocabulary's
settings, one column per leaf of the record's `config.vocab` (`vocab.maybe_exts.presence`,
`vocab.maybe_exts.cap`, ...; lists and mappings as JSON), so two variants of one vocabulary
name (a swept `vocab.maybe_exts.cap=3,5`) stay apart in a groupby.
"""

from __future__ import annotations

import json
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
    more = pd.DataFrame([{"run_id": run_id, **run_settings(rec)} for run_id, rec in res.records.items()])
    for c in more.columns:         # a column of mixed kinds (3 in one run, "auto" in another): text
        kinds = {type(v) for v in more[c] if v is not None and not (isinstance(v, float) and v != v)}
        if len(kinds) > 1 and not kinds <= {int, float}:
            more[c] = [None if v is None else str(v) for v in more[c]]
    extra = extra.merge(more, on="run_id", how="left", validate="one_to_one")
    return t.merge(extra, on="run_id", how="left", validate="many_to_one"), res.problems


def run_settings(rec) -> dict:
    """The columns of one run beside its axes: git revision (and whether the tree was dirty) and
    every leaf of the vocabulary's settings as `vocab.<path>`."""
    git = rec.git or {}
    out = {"git_revision": git.get("revision"), "git_dirty": git.get("dirty")}

    def walk(prefix: str, v) -> None:
        if isinstance(v, dict) and v:
            for k in sorted(v, key=str):
                walk(f"{prefix}.{k}", v[k])
        elif isinstance(v, (list, dict)):
            out[prefix] = json.dumps(v, sort_keys=True, ensure_ascii=False)
        else:
            out[prefix] = v

    walk("vocab", dict((rec.config or {}).get("vocab") or {}))
    return out


def write_table(df: pd.DataFrame, out: str | os.PathLike, fmt: str) -> Path:
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})", key="--format")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        df.to_csv(out, index=False)
        return out
    try:
        import pyarrow  # noqa: F401  (optional dependency: only parquet needs it)
    except ImportError:
        raise InputError("parquet needs pyarrow: pip install pyarrow (or bash scripts/install.sh), "
                         "or use --format csv", key="--format") from None
    df.to_parquet(out, index=False)
    return out
