"""Figures from the loader's frames (matplotlib, PNG and SVG).

Every function returns a `matplotlib.figure.Figure` built without pyplot: no global state, no GUI
backend (PNG goes through the Agg canvas), safe in tests, scripts and notebooks alike (a notebook
shows a returned Figure inline). `save(fig, out_dir, name)` writes name.png and name.svg.

    score_distribution   every repeat a dot over a box, per cell (the swing)
    category_heatmap     category x cell pass rate
    position_curve       pass rate by position per cell (the attention valley)
    context_curve        context tokens over the session per cell (context pollution)
    score_history        scores in run order, beside the source log's trajectory
    pass_k_curves        pass^k against k per cell
    field_tokens         tokens each response field added per repeat, per cell
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib import rcParams
from matplotlib.figure import Figure

from lab.analysis import frame_stats as stats
from lab.analysis.load import CELL, cell_labels

rcParams["svg.hashsalt"] = "vocab-lab"        # stable ids: the same data gives the same SVG

#: Fixed colours for the shipped vocabularies, so a vocabulary looks the same in every figure.
VOCAB_COLORS = {"minimal": "#7f7f7f", "maybe_exts": "#1f77b4", "alike": "#d62728",
                "exist_similar": "#ff7f0e", "full": "#9467bd"}
_OTHER = ["#2ca02c", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#393b79", "#637939", "#843c39"]


def save(fig: Figure, out_dir: str | Path, name: str) -> dict[str, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"png": out / f"{name}.png", "svg": out / f"{name}.svg"}
    fig.savefig(paths["png"], dpi=110, metadata={"Software": None})
    fig.savefig(paths["svg"], metadata={"Date": None, "Creator": None})
    return paths


MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
LINESTYLES = ["-", "--", ":", "-."]


def styles_for(frame: pd.DataFrame, by: list[str] = CELL) -> dict[str, dict]:
    """Cell label -> {color, marker, ls}: the colour says the vocabulary (the same in every
    figure), the marker and line style say the model (and suite) when those vary too."""
    if frame.empty:
        return {}
    labels = cell_labels(frame, by)
    vocabs = sorted(frame["vocabulary"].astype(str).unique())
    spare = iter(_OTHER * 10)
    vcolor = {v: VOCAB_COLORS.get(v) or next(spare) for v in vocabs}
    rest = [c for c in by if c != "vocabulary"]
    others = sorted(set(map(tuple, frame[rest].astype(str).to_numpy()))) if rest else [()]
    out = {}
    for lab, row in zip(labels, frame[by].astype(str).to_dict("records")):
        if lab in out:
            continue
        k = others.index(tuple(row[c] for c in rest)) if rest else 0
        out[lab] = {"color": vcolor[row.get("vocabulary", vocabs[0])], "marker": MARKERS[k % len(MARKERS)],
                    "ls": LINESTYLES[k % len(LINESTYLES)]}
    return out



def _labelled(frame: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    return frame.assign(cell=cell_labels(frame, by).to_numpy()) if len(frame) else frame.assign(cell=[])


def _empty(title: str, why: str) -> Figure:
    fig = Figure(figsize=(7, 2.2), layout="constrained")
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.set_title(title)
    ax.text(0.5, 0.5, why, ha="center", va="center", color="#666666")
    return fig


def _suites(frame: pd.DataFrame) -> list[str]:
    return sorted(frame["suite"].dropna().unique())


def fitted_range(values: pd.Series, full: float, *, pad: float = 0.25, min_span: float = 6.0) -> tuple[float, float]:
    """A y-range fitted to the data (a few-point difference stays visible on a 0-70 scale), with
    room for labels, clipped to [0, full]; the caller notes the full range on the axis."""
    v = pd.to_numeric(values, errors="coerce").dropna()
    if v.empty:
        return 0.0, float(full)
    lo, hi = float(v.min()), float(v.max())
    span = max(hi - lo, min_span)
    mid = (lo + hi) / 2
    lo, hi = mid - span / 2 - pad * span, mid + span / 2 + pad * span + 0.08 * span
    if lo < 0:
        hi, lo = hi - lo, 0.0
    if hi > full:
        lo, hi = max(0.0, lo - (hi - full)), float(full)
    return float(np.floor(lo)), float(np.ceil(hi))


def dodge(labels: list[str], step: float) -> dict[str, float]:
    """Offsets that spread `labels` symmetrically around 0 (identical curves stay apart)."""
    n = len(labels)
    return {c: (i - (n - 1) / 2) * step for i, c in enumerate(labels)}


def identical_groups(curves: dict[str, np.ndarray]) -> list[list[str]]:
    """Groups of cells whose curves are equal point for point (each drawn, and named as equal)."""
    groups: list[list[str]] = []
    for c, y in curves.items():
        for g in groups:
            ref = curves[g[0]]
            if ref.shape == y.shape and np.allclose(ref, y, equal_nan=True):
                g.append(c)
                break
        else:
            groups.append([c])
    return [g for g in groups if len(g) > 1]


def _cell_markers(sty: dict[str, dict], cells: list[str]) -> dict[str, dict]:
    """Per-plot styles in which every cell has its own marker and line style (colour still the
    vocabulary), so cells that overlap remain distinguishable."""
    return {c: {**sty[c], "marker": MARKERS[i % len(MARKERS)], "ls": LINESTYLES[i % len(LINESTYLES)]}
            for i, c in enumerate(cells)}


def _note_identical(ax, groups: list[list[str]]) -> None:
    if groups:
        ax.text(0.99, 0.01, "identical: " + "; ".join(" = ".join(g) for g in groups),
                transform=ax.transAxes, ha="right", va="bottom", fontsize=7, color="#444444")


def score_distribution(repeats: pd.DataFrame, by: list[str] = CELL) -> Figure:
    title = "Score per repeat (box: quartiles; every repeat a dot)"
    if repeats.empty:
        return _empty(title, "no complete repeats")
    df = _labelled(repeats, by)
    sty = styles_for(repeats, by)
    suites = _suites(df)
    cells = {s: sorted(df.loc[df["suite"] == s, "cell"].unique()) for s in suites}
    fig = Figure(figsize=(max(5.0, 1.3 * sum(map(len, cells.values())) + 2), 4.2), layout="constrained")
    axes = fig.subplots(1, len(suites), squeeze=False,
                        gridspec_kw={"width_ratios": [max(len(c), 1) for c in cells.values()]})[0]
    rng = np.random.default_rng(0)
    for ax, s in zip(axes, suites):
        g = df[df["suite"] == s]
        data = [g.loc[g["cell"] == c, "score"].to_numpy() for c in cells[s]]
        ax.boxplot(data, widths=0.5, showfliers=False, medianprops={"color": "#333333"})
        for i, (c, y) in enumerate(zip(cells[s], data), 1):
            ax.scatter(i + rng.uniform(-0.12, 0.12, len(y)), y, s=30, color=sty[c]["color"],
                       marker=sty[c]["marker"], zorder=3, edgecolor="white", linewidth=0.6)
            ax.annotate(f"mean {y.mean():.1f}\nswing {y.max() - y.min():.0f}", (i, y.max()),
                        xytext=(0, 6), textcoords="offset points", ha="center", fontsize=7, color="#444444")
        n = int(g["n"].max())
        lo, hi = fitted_range(g["score"], n)
        ax.set_ylim(lo, hi)
        if hi >= n:
            ax.axhline(n, color="#bbbbbb", lw=0.8, ls=":")
        ax.set_xticks(range(1, len(cells[s]) + 1), cells[s], rotation=20, ha="right", fontsize=8)
        ax.set_title(f"suite {s}", fontsize=9)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{n})")
    fig.suptitle(title, fontsize=10)
    return fig


def category_heatmap(tests: pd.DataFrame, by: list[str] = CELL) -> Figure:
    title = "Pass rate by category (mean over repeats)"
    if tests.empty:
        return _empty(title, "no test rows")
    cat = stats.category_stats(tests, by)
    cat = _labelled(cat, by)
    grid = cat.pivot_table(index="category", columns="cell", values="pass_rate", aggfunc="mean")
    spread = cat.pivot_table(index="category", columns="cell", values="swing", aggfunc="max")
    size = cat.pivot_table(index="category", columns="cell", values="tests", aggfunc="max")
    fig = Figure(figsize=(max(4.5, 1.2 * grid.shape[1] + 2.5), max(3.0, 0.36 * grid.shape[0] + 1.6)),
                 layout="constrained")
    ax = fig.add_subplot()
    im = ax.imshow(grid.to_numpy(dtype=float), vmin=0, vmax=1, cmap="RdYlGn", aspect="auto")
    for (i, j), v in np.ndenumerate(grid.to_numpy(dtype=float)):
        if np.isnan(v):
            continue
        sw = spread.iat[i, j]
        txt = f"{v * size.iat[i, j]:.1f}/{size.iat[i, j]:.0f}" + (f"\n±{sw / 2:.1f}" if sw else "")
        ax.text(j, i, txt, ha="center", va="center", fontsize=7,
                color="black" if 0.3 < v < 0.8 else "white")
    ax.set_xticks(range(grid.shape[1]), grid.columns, rotation=20, ha="right", fontsize=8)
    ax.set_yticks(range(grid.shape[0]), grid.index, fontsize=8)
    ax.set_title(title + "; ± half the swing of passes", fontsize=10)
    fig.colorbar(im, ax=ax, shrink=0.8, label="pass rate")
    return fig


def _category_bands(ax, curve: pd.DataFrame) -> None:
    """Shade alternate categories along the position axis and name each at the top."""
    spans = curve.groupby("category", dropna=True)["position"].agg(["min", "max"]).sort_values("min")
    for k, (cat, row) in enumerate(spans.iterrows()):
        if k % 2 == 0:
            ax.axvspan(row["min"] - 0.5, row["max"] + 0.5, color="#000000", alpha=0.04, lw=0)
        ax.text((row["min"] + row["max"]) / 2, 1.02, str(cat), ha="center", va="bottom", fontsize=7,
                color="#555555", transform=ax.get_xaxis_transform())


def position_curve(tests: pd.DataFrame, by: list[str] = CELL, *, window: int = 5) -> Figure:
    title = (f"Pass rate by position (dots: each position; line: rolling mean of {window}; "
             "cells nudged apart so none hides another)")
    if tests.empty:
        return _empty(title, "no test rows")
    curve = _labelled(stats.position_curve(tests, by, window=window), by)
    sty = styles_for(tests, by)
    suites = _suites(curve)
    fig = Figure(figsize=(9, 3.0 * len(suites) + 0.6), layout="constrained")
    axes = fig.subplots(len(suites), 1, squeeze=False)[:, 0]
    for ax, s in zip(axes, suites):
        g = curve[curve["suite"] == s]
        _category_bands(ax, g)
        names = sorted(g["cell"].unique())
        own = _cell_markers(sty, names)
        # identical cells would hide each other: each line is nudged by a small offset (y for the
        # rolling mean, x for the dots) and has its own marker and line style
        dy, dx = dodge(names, 0.012), dodge(names, 0.18)
        lines = {}
        for c, h in g.groupby("cell", sort=True):
            st = own[c]
            lines[c] = h["rolling"].to_numpy(dtype=float)
            ax.plot(h["position"], h["rolling"] + dy[c], color=st["color"], ls=st["ls"], lw=1.6, label=c,
                    marker=st["marker"], markevery=max(1, len(h) // 12), ms=4, alpha=0.9)
            ax.scatter(h["position"] + dx[c], h["pass_rate"], color=st["color"], marker=st["marker"],
                       s=10, alpha=0.45)
        _note_identical(ax, identical_groups(lines))
        ax.set_ylim(-0.05, 1.05)
        ax.set_xlabel(f"position in suite {s}")
        ax.set_ylabel("pass rate")
        ax.legend(fontsize=7, loc="lower left")
    fig.suptitle(title, fontsize=10)
    return fig


def context_curve(tests: pd.DataFrame, by: list[str] = CELL) -> Figure:
    title = "Context tokens over the session (line: mean at each test's end; band: min-max)"
    t = tests.dropna(subset=["context_end"]) if len(tests) else tests
    if t.empty:
        return _empty(title, "no context token counts")
    curve = _labelled(stats.context_curve(t, by), by)
    sty = styles_for(t, by)
    suites = _suites(curve)
    fig = Figure(figsize=(9, 3.0 * len(suites) + 0.6), layout="constrained")
    axes = fig.subplots(len(suites), 1, squeeze=False)[:, 0]
    for ax, s in zip(axes, suites):
        for c, h in curve[curve["suite"] == s].groupby("cell", sort=True):
            ax.plot(h["index"], h["context_end"], color=sty[c]["color"], ls=sty[c]["ls"], lw=1.6, label=c)
            ax.fill_between(h["index"], h["context_end_min"], h["context_end_max"], color=sty[c]["color"],
                            alpha=0.12, lw=0)
        ax.set_xlabel(f"test in session ({s})")
        ax.set_ylabel("tokens in context")
        ax.legend(fontsize=7, loc="upper left")
    fig.suptitle(title, fontsize=10)
    return fig


def score_history(repeats: pd.DataFrame, reference: pd.DataFrame | None = None,
                  by: list[str] = CELL, *, suite: str | None = None) -> Figure:
    """Scores in run order (each repeat a dot, the run's mean a bar), and, when a reference table
    is given, the source log's trajectory beside it (its own model: not comparable point for
    point, only in shape)."""
    title = "Score history in run order"
    ref = None
    if reference is not None and len(reference):
        ref = reference[(reference["scope"] == "total")]
        ref = ref[ref["suite"] == (suite or "tests70")] if "suite" in ref else ref
    has_ref, has_runs = ref is not None and len(ref) > 0, len(repeats) > 0
    if not has_ref and not has_runs:
        return _empty(title, "no runs")
    n_runs = repeats["run_id"].nunique() if has_runs else 0
    ratios = ([len(ref)] if has_ref else []) + ([max(n_runs, 5)] if has_runs else [])
    fig = Figure(figsize=(max(7.0, 3 + 0.45 * max(n_runs, 5) + (0.4 * len(ref) if has_ref else 0)), 4.0),
                 layout="constrained")
    axes = fig.subplots(1, len(ratios), squeeze=False, gridspec_kw={"width_ratios": ratios})[0]
    k = 0
    if has_ref:
        ax = axes[0]
        x = np.arange(len(ref))
        # NaN where the log has no score: the line breaks there instead of bridging the gap
        y = pd.to_numeric(ref["passed"], errors="coerce").astype(float).to_numpy()
        ax.plot(x, y, "-o", color="#555555", ms=4)
        top = float(ref["n"].max())
        for xi, (_, row) in zip(x, ref.iterrows()):
            if pd.isna(row["passed"]):
                ax.scatter([xi], [top], marker="x", color="#d62728", s=40, zorder=3)
                ax.annotate("no score\n(loop)", (xi, top), xytext=(0, -22), textcoords="offset points",
                            ha="center", fontsize=6, color="#d62728")
            else:
                ax.annotate(f"{int(row['passed'])}", (xi, row["passed"]), xytext=(0, 5),
                            textcoords="offset points", ha="center", fontsize=7)
        ax.set_xticks(x, ref["run_label"], rotation=45, ha="right", fontsize=7)
        lo, hi = fitted_range(pd.Series(np.append(y, top)), top)
        ax.set_ylim(lo, hi)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{int(top)})")
        ax.set_title("source log (reference, its own model)", fontsize=9)
        k = 1
    if has_runs:
        ax = axes[k]
        df = _labelled(repeats, by)
        sty = styles_for(repeats, by)
        order = df.drop_duplicates("run_id").sort_values("run_order")
        for xi, (_, run) in enumerate(order.iterrows()):
            g = df[df["run_id"] == run["run_id"]]
            st = sty[run["cell"]]
            ax.scatter(np.full(len(g), xi) + np.linspace(-0.15, 0.15, len(g)) * (len(g) > 1),
                       g["score"], color=st["color"], marker=st["marker"], s=22, zorder=3)
            ax.hlines(g["score"].mean(), xi - 0.3, xi + 0.3, color=st["color"], lw=2)
        for c in sorted(df["cell"].unique()):
            ax.scatter([], [], color=sty[c]["color"], marker=sty[c]["marker"], label=c)
        # runs by what they ran (the cell: vocabulary, and model/suite when those vary) and their
        # place in run order, not by a hash
        ax.set_xticks(range(len(order)), [f"{r['cell']}\n#{int(r['run_order'])}" for _, r in order.iterrows()],
                      rotation=45, ha="right", fontsize=7)
        n = int(df["n"].max())
        lo, hi = fitted_range(df["score"], n)
        ax.set_ylim(lo, hi)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{n})")
        ax.set_title("runs here (dot: repeat; bar: mean)", fontsize=9)
        ax.legend(fontsize=7, loc="lower left")
    fig.suptitle(title, fontsize=10)
    return fig


def pass_k_curves(tests: pd.DataFrame, by: list[str] = CELL) -> Figure:
    title = "pass^k: chance that k repeats of a test all pass (mean over tests; cells nudged apart in k)"
    curves = stats.pass_k_curves(tests, by) if len(tests) else pd.DataFrame()
    if curves.empty:
        return _empty(title, "no test rows")
    curves = _labelled(curves, by)
    sty = styles_for(tests, by)
    fig = Figure(figsize=(6.5, 4.0), layout="constrained")
    ax = fig.add_subplot()
    names = sorted(curves["cell"].unique())
    own = _cell_markers(sty, names)
    dx = dodge(names, 0.06)
    hats = {}
    for c, h in curves.groupby("cell", sort=True):
        st = own[c]
        hats[c] = h["pass_hat_k"].to_numpy(dtype=float)
        ax.plot(h["k"] + dx[c], h["pass_hat_k"], ls=st["ls"], marker=st["marker"], color=st["color"], ms=5,
                label=f"{c} pass^k", alpha=0.9)
        ax.plot(h["k"] + dx[c], h["pass_at_k"], ":", color=st["color"], lw=1, alpha=0.7,
                marker=st["marker"], ms=3, mfc="none")
    _note_identical(ax, identical_groups(hats))
    ax.set_xlabel("k (repeats)")
    ax.set_ylabel("probability")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xticks(sorted(curves["k"].unique()))
    ax.legend(fontsize=7, loc="lower left", title="dotted: pass@k", title_fontsize=7)
    ax.set_title(title, fontsize=10)
    return fig


def field_tokens(fields: pd.DataFrame, calls: pd.DataFrame, by: list[str] = CELL) -> Figure:
    """Left: every field's tokens per repeat, stacked (what the responses cost the session).
    Right: the same without the largest field, side by side, so a 6-token flag summed over 70
    calls can be compared with a conditional list that appears in a few."""
    title = "Tokens each response field added to the context per repeat"
    ft = stats.field_token_stats(fields, calls, by) if len(fields) else pd.DataFrame()
    if ft.empty:
        return _empty(title, "no tool calls with token counts (transcripts not loaded?)")
    ft = _labelled(ft, by)
    ft["key"] = np.where(ft["tool"] == "path_resolve", ft["field"], ft["tool"] + "." + ft["field"])
    grid = ft.pivot_table(index="cell", columns="key", values="tokens_per_repeat", aggfunc="sum").fillna(0)
    grid = grid[grid.sum().sort_values(ascending=False).index]
    share = ft.pivot_table(index="cell", columns="key", values="share_of_calls", aggfunc="max")
    palette = dict(zip(grid.columns, ["#55a868", "#4c72b0", "#c44e52", "#8172b2", "#ccb974", "#64b5cd",
                                      "#8c8c8c", "#da8bc3", "#937860", "#c7c7c7"] * 5))
    small = list(grid.columns[1:])
    fig = Figure(figsize=(11, 0.5 * len(grid) + 2.2), layout="constrained")
    axes = fig.subplots(1, 2 if small else 1, squeeze=False,
                        gridspec_kw={"width_ratios": [3, 2] if small else [1]})[0]
    ax = axes[0]
    left = np.zeros(len(grid))
    for key in grid.columns:
        v = grid[key].to_numpy()
        ax.barh(range(len(grid)), v, left=left, color=palette[key], label=key)
        left += v
    ax.set_yticks(range(len(grid)), grid.index, fontsize=8)
    ax.set_xlabel("tokens per repeat (sum over the session)")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=min(len(grid.columns), 5))
    ax.set_title("all fields, stacked", fontsize=9)
    if small:
        ax = axes[1]
        h = 0.8 / len(small)
        for j, key in enumerate(small):
            v = grid[key].to_numpy()
            y = np.arange(len(grid)) - 0.4 + h * (j + 0.5)
            ax.barh(y, v, height=h, color=palette[key])
            for yi, vi, cell in zip(y, v, grid.index):
                if vi > 0:
                    sh = share.at[cell, key] if key in share.columns else np.nan
                    ax.text(vi, yi, f" {vi:,.0f}" + (f" ({sh:.0%} of calls)" if pd.notna(sh) else ""),
                            va="center", fontsize=6)
        ax.set_yticks(range(len(grid)), [""] * len(grid))
        ax.set_xlim(0, grid[small].to_numpy().max() * 1.6 + 1)
        ax.set_xlabel("tokens per repeat")
        ax.set_title(f"without {grid.columns[0]}: " + ", ".join(small), fontsize=9)
    fig.suptitle(title, fontsize=10)
    return fig


#: name -> function(results, reference) for `lab report`: every figure the report embeds.
def all_figures(res, reference: pd.DataFrame | None = None, by: list[str] = CELL) -> dict[str, Figure]:
    t = res.complete_tests
    calls = res.calls[res.calls["complete"]] if len(res.calls) else res.calls
    fields_ = res.fields[res.fields["complete"]] if len(res.fields) else res.fields
    return {"score_distribution": score_distribution(res.repeats, by),
            "category_heatmap": category_heatmap(t, by),
            "position_curve": position_curve(t, by),
            "context_curve": context_curve(t, by),
            "score_history": score_history(res.repeats, reference, by),
            "pass_k_curves": pass_k_curves(t, by),
            "field_tokens": field_tokens(fields_, calls, by)}
