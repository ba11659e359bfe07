"""Tool use per cell and copy cascades per repeat, for `lab report` (tables and their blocks).

Both read what each repeat's record says (`Results.repeats`: the record's `tool_use` and
`cascade`, lab.records.cascade for the one definition of a copy).

A forced call is not the model's choice: with `agent.tool_choice=first` the lab makes the first
turn of every test a tool call, so a forced cell cannot show how often the model would call a tool
by itself. Its unforced rate is taken from the `auto` cell that differs from it only in
tool_choice (same vocabulary, model, suite, prompt and whatever else the cells are split by), or
is "n/a" — never 0% and never the forced rate.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd

from lab.records.cells import cell_by
from lab.analysis.load import CELL, cell_labels
from lab.analysis.render import Block, Table, pct
from lab.records.cascade import CASCADE_MIN, COLLAPSE_STREAK

FORCED_NA = "n/a (forced; no auto run loaded)"

TOOL_USE_COLUMNS = ["cell", "tool_choice", "repeats", "tests", "tests_first_forced",
                    "tests_with_unforced_call", "forced_calls", "unforced_calls",
                    "forced_calls_per_repeat", "unforced_calls_per_repeat", "call_forms",
                    "unforced_rate", "unforced_rate_from", "unforced_rate_text"]
CASCADE_COLUMNS = ["cell", "run_order", "run_id", "repeat", "score", "n", "copies", "first_test",
                   "source_test", "longest_streak", "streak_start", "answer", "flagged", "collapsed"]


def _keys(by: list[str]) -> list[str]:
    return by if "tool_choice" in by else [*by, "tool_choice"]


def tool_use_table(repeats: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per cell (always split by tool_choice): forced and unforced calls, call forms, and the
    model's unforced tool-call rate — mean over repeats of tests_with_unforced_call / tests, from
    this cell when it ran with tool_choice=auto, else from its auto counterpart (or n/a)."""
    by = cell_by(repeats, by)
    keys = _keys(by)
    if repeats.empty or "tool_tests" not in repeats:
        return pd.DataFrame(columns=[*keys, *TOOL_USE_COLUMNS[2:]])
    rows = []
    for key, g in repeats.groupby(keys, sort=True, dropna=False):
        have = g[g["tool_tests"].fillna(0) > 0]           # repeats that attempted a test
        forms: Counter = Counter()
        for d in g["call_forms"]:
            forms.update(d or {})
        rows.append({**dict(zip(keys, key)), "repeats": len(g), "tests": int(have["tool_tests"].sum()),
                     "tests_first_forced": int(have["tests_first_forced"].sum()),
                     "tests_with_unforced_call": int(have["tests_with_unforced_call"].sum()),
                     "forced_calls": int(g["forced_calls"].fillna(0).sum()),
                     "unforced_calls": int(g["unforced_calls"].fillna(0).sum()),
                     "forced_calls_per_repeat": g["forced_calls"].mean(),
                     "unforced_calls_per_repeat": g["unforced_calls"].mean(),
                     "call_forms": ", ".join(f"{k} {v}" for k, v in sorted(forms.items())) or "none",
                     "_rate": (have["tests_with_unforced_call"] / have["tool_tests"]).mean()
                     if len(have) else np.nan})
    df = pd.DataFrame(rows)
    df.insert(0, "cell", cell_labels(df, keys).to_numpy())
    others = [c for c in keys if c not in ("tool_choice", "forced_tool")]   # auto forces nothing
    auto = {tuple(r[c] for c in others): r for _, r in df[df["tool_choice"] == "auto"].iterrows()}
    rate, source, text = [], [], []
    for _, r in df.iterrows():
        own = r["tool_choice"] == "auto"
        src = r if own else auto.get(tuple(r[c] for c in others))
        value = src["_rate"] if src is not None else np.nan
        rate.append(value)
        source.append("this cell" if own else FORCED_NA if src is None else f"auto cell {src['cell']}")
        text.append(FORCED_NA if src is None else "–" if pd.isna(value) else
                    pct(value) if own else f"{pct(value)} (auto cell {src['cell']})")
    df = df.assign(unforced_rate=rate, unforced_rate_from=source, unforced_rate_text=text)
    return df.drop(columns=["_rate"])[[*keys, *[c for c in TOOL_USE_COLUMNS if c not in keys]]]


def cascade_table(repeats: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """One row per run x repeat in which some test copied an earlier unrelated test's answer
    (lab.records.cascade), flagged ones (>= CASCADE_MIN copies) and the rest, in run order."""
    by = cell_by(repeats, by)
    if repeats.empty or "cascade_copies" not in repeats:
        return pd.DataFrame(columns=[*by, *CASCADE_COLUMNS])
    r = repeats.assign(cell=cell_labels(repeats, by).to_numpy())     # labels of every cell loaded
    hit = r[(r["cascade_copies"].fillna(0) > 0) | r["cascade_flagged"].fillna(False).astype(bool)]
    hit = hit.rename(columns={c: c[len("cascade_"):] for c in hit.columns if c.startswith("cascade_")})
    hit = hit.assign(copies=hit["copies"].fillna(0).astype(int),
                     longest_streak=hit["longest_streak"].fillna(0).astype(int),
                     flagged=hit["flagged"].fillna(False).astype(bool),
                     # load's per-repeat flag: the comparisons' rule (lab.records.cascade.is_collapse)
                     collapsed=hit["collapsed"].fillna(False).astype(bool))
    extra = ["session"] if "session" in hit.columns and "session" not in by else []
    return hit[[*by, *extra, *CASCADE_COLUMNS]].reset_index(drop=True)


# -- the report's blocks ---------------------------------------------------------------------------

def tool_use_blocks(tool_use: pd.DataFrame) -> list[Block]:
    b: list[Block] = [("h2", "Tool use per cell")]
    b.append("Unforced tool-call rate: the share of a repeat's tests in which the model made a tool "
             "call of its own accord, mean over repeats. **A forced call is not the model's choice**: "
             "with `agent.tool_choice=first` the lab makes the first turn of every test a tool call, "
             "so such a cell cannot show how often the model would call a tool; its rate is the one "
             "measured in the `auto` cell that differs from it only in tool_choice (same model, "
             f"vocabulary, suite, prompt and session mode) when one is loaded, else \"{FORCED_NA}\". "
             "Call forms: how the calls were written, over all repeats.")
    tu = tool_use
    if len(tu):
        tu = tu.assign(forced=[f"{a}/{n}" for a, n in zip(tu["tests_first_forced"], tu["tests"])])
    b.append(Table(tu, [("cell", "cell"), ("tool_choice", "tool_choice"), ("repeats", "repeats"),
                        ("unforced tool-call rate (the model's choice)", "unforced_rate_text"),
                        ("tests with the first call forced", "forced"),
                        ("forced calls / repeat", "forced_calls_per_repeat"),
                        ("unforced calls / repeat", "unforced_calls_per_repeat"),
                        ("call forms", "call_forms")], csv="tool_use"))
    return b


def _flag(flagged: bool, collapsed: bool, session: str | None) -> str:
    if session == "isolated":
        return "repeated, isolated" if flagged else f"below {CASCADE_MIN}"
    if collapsed:
        return f"collapsed ({COLLAPSE_STREAK}+ in a row)"
    return "cascade" if flagged else f"below {CASCADE_MIN}"


def cascade_blocks(cascades: pd.DataFrame, links: dict[tuple, str]) -> list[Block]:
    """Beside the drop points: each repeat whose tests copied an earlier answer, the first
    copying test linked to its transcript."""
    b: list[Block] = [("h3", "Copy cascades")]
    b.append("A test *copies* when it gives, wrongly, the answer an earlier test of the same repeat "
             f"gave for another file (lab.records.cascade); a repeat with {CASCADE_MIN} or more copies is "
             f"flagged, and a single session with {COLLAPSE_STREAK} or more tests in a row giving one "
             "copied answer *collapsed* (the rule the comparisons count by). The first copying test "
             "links to its transcript. In isolated mode no test sees "
             "another's conversation, so a repeated answer there is not a copy from memory but the "
             "same retrieval or a placeholder answer (`ANSWER: <path>`): flagged as \"repeated, "
             "isolated\".")
    c = cascades
    if c.empty:
        b.append("No repeat gave an earlier test's answer to a later, unrelated test.")
        return b
    c = c.assign(first=[[(t, links.get((run, int(k), t)))] if isinstance(t, str) else []
                        for t, run, k in zip(c["first_test"], c["run_id"], c["repeat"])],
                 source=[s if isinstance(s, str) else "–" for s in c["source_test"]],
                 streak=[f"{n} from {s}" if n else "0"
                         for n, s in zip(c["longest_streak"], c["streak_start"])],
                 flag=[_flag(f, k, s) for f, k, s in
                       zip(c["flagged"], c["collapsed"], c.get("session", pd.Series([None] * len(c))))])
    b.append(Table(c, [("cell", "cell"), ("run", "run_id"), ("repeat", "repeat"), ("score", "score"),
                       ("copies", "copies"), ("flag", "flag"), ("first test (transcript)", "first"),
                       ("copied from", "source"), ("longest streak", "streak"),
                       ("copied answer", "answer")], csv="cascades"))
    return b
