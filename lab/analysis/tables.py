"""Every table of the report, computed from the loader's frames (written as CSV by the report).

`report_tables(res, reference)` returns name -> DataFrame. Besides the statistics of `stats`,
`compare` and `tool_use` (tool use per cell, copy cascades per repeat) it builds the tables that
need more than the frames' statistics: the source log beside the reproduced runs
(`reference_vs_runs`), what changed from each run to the next (`changes`) and where and when each
repeat ran (`rounds`, as lab.records.rounds.shown says it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from lab.analysis import cell_pairs as compare, frame_stats as stats
from lab.records.cells import cell_by
from lab.records.rounds import SHOWN, from_columns, shown
from lab.analysis.load import CELL, Results, cell_labels
from lab.analysis.room import room_table
from lab.analysis.tool_use import cascade_table, tool_use_table

#: config groups summarized by their `name` when it changes (not key by key)
NAMED_GROUPS = ("vocab", "model", "suite", "tools", "corpus")
#: config keys that never change an outcome (where results go, how many repeats, progress bars)
IGNORED = ("run.",)


def report_tables(res: Results, reference: pd.DataFrame | None = None, *, by: list[str] | None = None,
                  level: float = 0.95, n_boot: int = 10_000,
                  seed: int = 0, margin: float = 3.0,
                  baseline: str | None = None,
                  vary: str | list[str] = "vocabulary") -> dict[str, pd.DataFrame]:
    """`baseline`: the arm every comparison is against (`lab report --baseline`); None: every pair
    of cells that differ only in `vary` (`lab report --compare`: vocabulary, or other axes)."""
    by = cell_by(res.runs, by)
    t = res.complete_tests
    calls = res.calls[res.calls["complete"]] if len(res.calls) else res.calls
    fields_ = res.fields[res.fields["complete"]] if len(res.fields) else res.fields
    empty = len(t) == 0
    cells = stats.cell_scores(res.repeats, by, level=level, n_boot=n_boot, seed=seed) \
        if len(res.repeats) else pd.DataFrame(columns=[*by, "repeats", "scores", "mean"])
    per_test = stats.per_test(t, by) if not empty else pd.DataFrame()
    pass_k = stats.pass_k_curves(t, by) if not empty else pd.DataFrame()
    if len(cells) and len(per_test):
        flaky = per_test.groupby(by, dropna=False).agg(flaky=("flaky", "sum"), always_fail=("always_fail", "sum"))
        cells = cells.join(flaky, on=by)
        last = pass_k.sort_values("k").groupby(by, dropna=False).tail(1).set_index(by)
        cells = cells.join(last[["k", "pass_hat_k"]].rename(columns={"k": "all_k", "pass_hat_k": "pass_all"}), on=by)
    out = {
        "runs": res.runs.drop(columns=["error"], errors="ignore"),
        "cells": cells,
        "comparisons": (compare.compare_cells(t, by, level=level, margin=margin, baseline=baseline, vary=vary)
                        if not empty else pd.DataFrame()),
        "per_test_effects": (compare.per_test_table(t, by, level=level, baseline=baseline, vary=vary)
                             if not empty else pd.DataFrame()),
        "categories": stats.category_stats(t, by) if not empty else pd.DataFrame(),
        "pass_k": pass_k,
        "per_test": per_test.drop(columns=["repeats"], errors="ignore"),
        "positions": stats.position_curve(t, by) if not empty else pd.DataFrame(),
        "streaks": stats.streaks(t, by) if not empty else pd.DataFrame(),
        # the no-LLM reference has no copy cascades and makes no forced or chosen calls: its
        # deterministic answers are said once in its run summary, never counted as a model's
        "cascades": cascade_table(_model_repeats(res), by),
        "tool_use": tool_use_table(_model_repeats(res), by),
        "room": _labelled(room_table(res.room, by), by),
        "outcomes": stats.outcome_counts(t, by) if not empty else pd.DataFrame(),
        "tool_calls": stats.tool_call_stats(t, by) if not empty else pd.DataFrame(),
        "context": stats.context_growth(t, by) if not empty else pd.DataFrame(),
        "context_curve": stats.context_curve(t, by) if not empty else pd.DataFrame(),
        "field_tokens": stats.field_token_stats(fields_, calls, by) if len(fields_) else pd.DataFrame(),
        "changes": changes(res, by),
        "rounds": repeat_rounds(res, by),
        "findings": golden_sets(res),
        "tests": res.tests,
    }
    if reference is not None:
        out["reference"] = reference
        out["reference_vs_runs"] = reference_vs_runs(reference, res, by)
    return out


def _labelled(table: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """`table` with the one cell label (lab.analysis.load.cell_labels) as its `cell` column."""
    return table.assign(cell=cell_labels(table, by).to_numpy() if len(table) else [])


# -- the source log beside the reproduced runs ------------------------------------------------------

def reference_vs_runs(reference: pd.DataFrame, res: Results, by: list[str] | None = None) -> pd.DataFrame:
    """One row per experiment x scope of the reference table: what the log recorded, and what the
    runs of the same experiment name scored here (per model: every repeat, mean, swing)."""
    by = cell_by(res.runs, by)
    t = res.complete_tests
    rows = []
    for (exp, scope), g in reference.groupby(["experiment", "scope"], sort=False):
        logged = "; ".join(
            f"{r['run_label']}: " + ("no score" if pd.isna(r["passed"]) else f"{int(r['passed'])}/{int(r['n'])}")
            + (f" ({int(r['tool_calls'])} tool calls)" if "tool_calls" in r and pd.notna(r["tool_calls"]) else "")
            for _, r in g.iterrows())
        mine = res.repeats[res.repeats["experiment"] == exp] if len(res.repeats) else res.repeats
        here, models = "", ""
        if len(mine):
            parts, ms = [], []
            for model, h in mine.groupby("model", sort=True):
                ms.append(model)
                if scope == "total":
                    s = h["score"].to_numpy()
                    parts.append(f"{', '.join(map(str, s))} /{int(h['n'].max())} (mean {s.mean():.1f}, "
                                 f"swing {s.max() - s.min()})")
                else:
                    c = t[(t["experiment"] == exp) & (t["model"] == model) & (t["category"] == scope)]
                    per = c.groupby(["run_order", "repeat"])["passed"].agg(["sum", "size"])
                    parts.append(", ".join(f"{int(a)}/{int(b)}" for a, b in per.to_numpy()) or "no such category")
            here, models = " | ".join(parts), ", ".join(ms)
        rows.append({"experiment": exp, "scope": scope, "source_log": logged,
                     "log_model": ", ".join(sorted(set(g["model"].dropna()))) if "model" in g else "",
                     "reproduced": here or "not run here", "model": models,
                     "note": g["note"].dropna().iloc[0] if "note" in g and g["note"].notna().any() else ""})
    return pd.DataFrame(rows)


# -- what changed between runs ---------------------------------------------------------------------

def flatten(d: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(d, dict):
        out: dict[str, Any] = {}
        for k, v in d.items():
            out.update(flatten(v, f"{prefix}{k}."))
        return out
    return {prefix[:-1]: d}


def config_changes(before: dict, after: dict) -> list[str]:
    """What differs between two resolved configs, a group named by its `name` when that changed."""
    a, b = flatten(before or {}), flatten(after or {})
    changed = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k) and not k.startswith(IGNORED))
    out, renamed = [], set()
    for g in NAMED_GROUPS:
        if a.get(f"{g}.name") != b.get(f"{g}.name") and f"{g}.name" in changed:
            out.append(f"{g}: {a.get(f'{g}.name')} → {b.get(f'{g}.name')}")
            renamed.add(g)
    for k in changed:
        if k.split(".", 1)[0] in renamed:
            continue
        out.append(f"{k}: {_short(a.get(k))} → {_short(b.get(k))}")
    return out


def _short(v: Any) -> str:
    s = str(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _with_model_name(rec) -> dict:
    """The resolved config with model.name as the record's model identity says (a backend passed
    to run(cfg) by a test replaces the configured model)."""
    cfg = dict(rec.config or {})
    cfg["model"] = {**(cfg.get("model") or {}), "name": rec.model.get("name")}
    return cfg


def changes(res: Results, by: list[str] | None = None) -> pd.DataFrame:
    """Each run in run order against the run before it: config, suite and corpus content, model
    file — and how the mean score moved. The first run is compared with nothing."""
    by = cell_by(res.runs, by)
    rows = []
    prev = None
    runs = res.runs.sort_values("run_order") if len(res.runs) else res.runs
    labels = cell_labels(runs, by) if len(runs) else pd.Series([], dtype=object)
    for (_, run), label in zip(runs.iterrows(), labels):
        rec = res.records[run["run_id"]]
        what: list[str] = []
        if prev is not None:
            what = config_changes(_with_model_name(prev[1]), _with_model_name(rec))
            if prev[1].suite.get("content_hash") != rec.suite.get("content_hash") and not any(
                    w.startswith("suite") for w in what):
                what.append("suite content (same name)")
            if prev[1].corpus.get("content_hash") != rec.corpus.get("content_hash") and not any(
                    w.startswith("corpus") for w in what):
                what.append("corpus content")
            if prev[1].model.get("sha256") != rec.model.get("sha256") and not any(
                    w.startswith("model") for w in what):
                what.append("model file")
        scores = rec.scores      # the counted repeats (RunRecord.counted)
        mean = float(np.mean(scores)) if scores else np.nan
        rows.append({"run_order": run["run_order"], "experiment": run["experiment"],
                     "run_id": run["run_id"], "cell": label, "status": run["status"],
                     "scores": ", ".join(map(str, scores)), "mean": mean,
                     "delta": mean - prev[0] if prev is not None and not np.isnan(prev[0]) else np.nan,
                     "fingerprint": (run["fingerprint"] or "")[:12] if isinstance(run["fingerprint"], str) else "",
                     "changed": "; ".join(what) if prev is not None else "(first run)",
                     "changes": len(what)})
        prev = (mean, rec)
    return pd.DataFrame(rows)


def repeat_rounds(res: Results, by: list[str] | None = None) -> pd.DataFrame:
    """Each complete repeat in run order with its round as every view shows it
    (lab.records.rounds.shown): start, code, threads, host, CPU, load per CPU at its end."""
    by = cell_by(res.runs, by)
    cols = ["cell", "run_id", "repeat", "seed", "score", "n", *SHOWN, "commit", "load_per_cpu"]
    rep = res.repeats
    if not len(rep):
        return pd.DataFrame(columns=cols)
    rows = []
    for r, label in zip(rep.to_dict("records"), cell_labels(rep, by)):
        info = from_columns(r)
        rows.append({"cell": label, "run_id": r["run_id"], "repeat": r["repeat"], "seed": r["seed"],
                     "score": r["score"], "n": r["n"], **shown(info), "commit": info.commit,
                     "load_per_cpu": info.load_per_cpu})
    return pd.DataFrame(rows, columns=cols)


# -- contamination ---------------------------------------------------------------------------------

def golden_sets(res: Results) -> pd.DataFrame:
    """One row per golden set (suite content x corpus content) and finding — or one row saying the
    set was checked and nothing was found. Findings never change an exit code."""
    rows = []
    if not len(res.runs):
        return pd.DataFrame(columns=["suite", "suite_hash", "corpus_hash", "runs", "code", "document",
                                     "queries", "message"])
    for (suite, sh, ch), g in res.runs.groupby(["suite", "suite_hash", "corpus_hash"], sort=True, dropna=False):
        ids = list(g["run_id"])
        f = res.findings[res.findings["run_id"].isin(ids)] if len(res.findings) else res.findings
        base = {"suite": suite, "suite_hash": sh, "corpus_hash": ch, "runs": len(ids)}
        if f.empty:
            rows.append({**base, "code": None, "document": None, "queries": None,
                         "message": "checked: no findings"})
            continue
        for _, x in f.drop_duplicates(subset=["code", "document"]).iterrows():
            rows.append({**base, "code": x["code"], "document": x["document"],
                         "queries": "; ".join(x["queries"]), "message": x["message"]})
    return pd.DataFrame(rows)


#: backends whose runs are not a language model's behaviour (lab.runner.run_summary.is_reference)
NO_LLM_BACKENDS = ("tool_follower",)


def _model_repeats(res) -> pd.DataFrame:
    """The repeats of runs made by a language model (not the no-LLM reference)."""
    ref = set(res.runs.loc[res.runs["backend"].isin(NO_LLM_BACKENDS), "run_id"]) if len(res.runs) else set()
    return res.repeats[~res.repeats["run_id"].isin(ref)] if ref and len(res.repeats) else res.repeats
