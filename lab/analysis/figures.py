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
    forest_plot          each comparison's difference with its CI, per condition
    seed_slopegraph      per seed, the score of each vocabulary (does the seed drive the noise?)
    category_differences per category, the difference against the baseline with its CI

Every figure is faceted by session mode x tool choice (`panels`): cells that ran differently are
never drawn as one; at most MAX_LINES lines a panel; legends outside the data; every CI is the
lab's (lab.stats through analysis.compare, or the report's bootstrap of a cell's mean).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib import rcParams
from matplotlib.figure import Figure

from lab.analysis import cell_pairs as cmp
from lab.analysis import frame_stats as stats
from lab.analysis.cell_pairs import compare_cells
from lab.analysis.load import CELL, cell_labels
from lab.records.cells import cell_by

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


def styles_for(frame: pd.DataFrame, by: list[str] | None = None) -> dict[str, dict]:
    """Cell label -> {color, marker, ls}: the colour says the vocabulary (the same in every
    figure), the marker and line style say the model (and suite) when those vary too."""
    by = cell_by(frame, by)
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
    """Name the cells whose curves are equal, beside the legend (outside the data, on the canvas)."""
    if groups:
        ax.text(1.01, 0.02, "\n".join("identical: " + " = ".join(g) for g in groups),
                transform=ax.transAxes, ha="left", va="bottom", fontsize=7, color="#444444")


#: the axes a figure is faceted by: one panel per session mode x tool choice (never pooled)
PANEL_AXES = ("session", "tool_choice", "forced_tool")
#: at most this many lines in one panel; the others are named in a note (their numbers are in
#: the report's tables)
MAX_LINES = 6
#: font sizes: readable at the report's width
FONT = {"title": 11, "panel": 10, "label": 9, "tick": 8.5, "legend": 8.5, "note": 8}


def _panel_axes(by: list[str], frame: pd.DataFrame) -> list[str]:
    return [c for c in PANEL_AXES if c in by and c in frame.columns and frame[c].nunique(dropna=False) > 1]


def _line_axes(by: list[str], frame: pd.DataFrame) -> list[str]:
    """The axes that tell the lines of one panel apart: vocabulary first, then the others that
    vary (prompt, model, suite, numerics ...)."""
    rest = [c for c in by if c not in PANEL_AXES and c != "vocabulary" and c in frame.columns
            and frame[c].nunique(dropna=False) > 1]
    return ["vocabulary", *rest]


def axis_labels(frame: pd.DataFrame, axes: list[str]) -> pd.Series:
    """A label per row: the vocabulary bare, every other axis as key=value (`alike prompt=legacy`)."""
    if frame.empty:
        return pd.Series([], dtype=object)
    parts = [frame[c].astype(str) if c == "vocabulary" else c + "=" + frame[c].astype(str) for c in axes]
    out = parts[0]
    for x in parts[1:]:
        out = out + " " + x
    return out


def panels(frame: pd.DataFrame, by: list[str]) -> list[tuple[str, pd.DataFrame]]:
    """(title, rows) per panel: one per combination of the session mode and tool choice that
    vary in `frame` (one panel, titled by their common values, when they do not)."""
    keys = _panel_axes(by, frame)
    if not keys:
        fixed = [f"{c}={frame[c].iloc[0]}" for c in PANEL_AXES if c in frame.columns and len(frame)
                 and not (c == "forced_tool" and str(frame[c].iloc[0]) == "–")]
        return [(" ".join(fixed), frame)]
    out = []
    for key, g in frame.groupby(keys, sort=True, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        d = dict(zip(keys, key))
        if d.get("forced_tool") == "–":
            d.pop("forced_tool")
        out.append((" ".join(f"{k}={v}" for k, v in d.items()), g))
    return out


def _grid(n: int, ncols: int = 2, *, w: float = 6.2, h: float = 3.2, legend_w: float = 3.2):
    ncols = min(ncols, n)
    nrows = -(-n // ncols)
    fig = Figure(figsize=((w + legend_w) * ncols, h * nrows + 0.9), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False)
    flat = list(axes.ravel())
    for ax in flat[n:]:
        ax.set_axis_off()
    return fig, flat[:n]


def _cap(names: list[str], rank: dict[str, float] | None = None,
         first: set[str] = frozenset()) -> tuple[list[str], list[str]]:
    """At most MAX_LINES names: those in `first` (the baseline's cells), then the best by `rank`
    when given; and the ones left out."""
    if len(names) <= MAX_LINES:
        return names, []
    order = sorted(names, key=lambda c: (c not in first, -(rank or {}).get(c, 0)))
    keep = set(order[:MAX_LINES])
    return [c for c in names if c in keep], [c for c in names if c not in keep]


def _baseline_cells(g: pd.DataFrame, baseline: str | None, vary: str | list[str] = "vocabulary") -> set[str]:
    """The panel's cells of the baseline arm: a capped panel always draws them."""
    if baseline is None or any(a not in g.columns for a in cmp.vary_axes(vary)):
        return set()
    arms = cmp.arm_labels(g, vary)
    return set(g.loc[arms == cmp.baseline_in(set(arms), baseline), "cell"])


def _legend_outside(ax, title: str | None = None) -> None:
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(handles, labels, fontsize=FONT["legend"], loc="upper left", bbox_to_anchor=(1.01, 1.0),
                  borderaxespad=0, frameon=False, title=title, title_fontsize=FONT["legend"])


def _note_left_out(ax, left: list[str]) -> None:
    if left:
        ax.text(1.01, 0.25, f"+{len(left)} more (tables/): " + ", ".join(left[:4])
                + ("…" if len(left) > 4 else ""), transform=ax.transAxes, ha="left", va="bottom",
                fontsize=FONT["note"], color="#666666", wrap=True)


def _styles(labels: list[str], vocab_of: dict[str, str]) -> dict[str, dict]:
    """Colour = vocabulary (the same in every figure); marker and line style = the rest."""
    spare = iter(_OTHER * 10)
    vcolor: dict[str, str] = {}
    out = {}
    for i, c in enumerate(labels):
        v = vocab_of.get(c, c)
        if v not in vcolor:
            vcolor[v] = VOCAB_COLORS.get(v) or next(spare)
        out[c] = {"color": vcolor[v], "marker": MARKERS[i % len(MARKERS)], "ls": LINESTYLES[i % len(LINESTYLES)]}
    return out



def score_distribution(repeats: pd.DataFrame, by: list[str] | None = None, *, level: float = 0.95) -> Figure:
    """Every repeat a dot over a box, per cell, with the mean and its bootstrap CI as a whisker
    (the report's cells table: the same numbers); one panel per session mode x tool choice, cells
    grouped by axis (vocabulary, then prompt, model ...), not by the alphabet of their labels."""
    by = cell_by(repeats, by)
    title = f"Score per repeat (dot: a repeat; box: quartiles; black: mean and {level:.0%} CI)"
    if repeats.empty:
        return _empty(title, "no complete repeats")
    df = repeats
    parts = [(name, g.assign(cell=axis_labels(g, _line_axes(by, g)).to_numpy()))
             for name, g in panels(df, by)]
    widths = [max(g["cell"].nunique(), 1) for _, g in parts]
    panel_in = [1.15 * w + 1.6 for w in widths]     # inches: 1.15 a cell, 1.6 a panel's frame
    fig = Figure(figsize=(max(6.0, sum(panel_in) + 1), 4.8), layout="constrained")
    axes = fig.subplots(1, len(parts), squeeze=False, gridspec_kw={"width_ratios": widths})[0]
    rng = np.random.default_rng(0)
    n = int(df["n"].max())
    lo, hi = fitted_range(df["score"], n)
    for ax, inches, (name, g) in zip(axes, panel_in, parts):
        order = g.sort_values(_line_axes(by, g), kind="stable")["cell"].drop_duplicates().tolist()
        sty = _styles(order, dict(zip(g["cell"], g["vocabulary"].astype(str))))
        data = [g.loc[g["cell"] == c, "score"].to_numpy(dtype=float) for c in order]
        ax.boxplot(data, widths=0.5, showfliers=False, medianprops={"color": "#888888"},
                   boxprops={"color": "#999999"}, whiskerprops={"color": "#999999"},
                   capprops={"color": "#999999"})
        for i, (c, y) in enumerate(zip(order, data), 1):
            ax.scatter(i - 0.18 + rng.uniform(-0.07, 0.07, len(y)), y, s=34, color=sty[c]["color"],
                       marker=sty[c]["marker"], zorder=3, edgecolor="white", linewidth=0.6)
            m = float(y.mean())
            if len(y) > 1:
                a, b = stats.bootstrap_ci(y, level=level)
                ax.errorbar([i + 0.22], [m], yerr=[[m - a], [b - m]], fmt="o", color="black", ms=4,
                            capsize=3, lw=1.2, zorder=4)
            else:
                ax.plot([i + 0.22], [m], "o", color="black", ms=4, zorder=4)
            ax.annotate(f"{m:.1f}" + ("" if len(y) > 1 else "\n(1 rep.)"), (i + 0.22, m),
                        xytext=(5, 0), textcoords="offset points", va="center", fontsize=FONT["note"],
                        color="#333333", annotation_clip=False)
        ax.set_ylim(lo, hi)
        if hi >= n:
            ax.axhline(n, color="#bbbbbb", lw=0.8, ls=":")
        ax.set_xlim(0.4, len(order) + 0.75)
        ax.set_xticks(range(1, len(order) + 1), [c.replace(" ", "\n") for c in order],
                      fontsize=FONT["tick"])
        # a panel of one or two cells is narrow: its title wraps at its width, never into the next
        ax.set_title(textwrap.fill(name, max(16, int(11 * inches)), break_long_words=False),
                     fontsize=FONT["panel"])
        ax.tick_params(axis="y", labelsize=FONT["tick"])
    axes[0].set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{n})", fontsize=FONT["label"])
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def category_heatmap(tests: pd.DataFrame, by: list[str] | None = None) -> Figure:
    by = cell_by(tests, by)
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


def position_curve(tests: pd.DataFrame, by: list[str] | None = None, *, window: int = 5,
                   baseline: str | None = None, vary: str | list[str] = "vocabulary") -> Figure:
    """Pass rate by position, one panel per session mode x tool choice, at most MAX_LINES cells
    a panel (the baseline vocabulary's, then the best by mean pass rate; the others named),
    legend outside the data."""
    by = cell_by(tests, by)
    title = (f"Pass rate by position (line: rolling mean of {window}; dots: each position; "
             "identical cells nudged apart)")
    if tests.empty:
        return _empty(title, "no test rows")
    curve = stats.position_curve(tests, by, window=window)
    parts = [(name, g.assign(cell=axis_labels(g, _line_axes(by, g)).to_numpy()))
             for name, g in panels(curve, by)]          # labels: the axes that vary in the panel
    fig, axes = _grid(len(parts), 1 if len(parts) == 1 else 2, w=6.4, h=3.3)
    for ax, (name, g) in zip(axes, parts):
        _category_bands(ax, g)
        rank = g.groupby("cell")["pass_rate"].mean().to_dict()
        names, left = _cap(sorted(g["cell"].unique()), rank, _baseline_cells(g, baseline, vary))
        own = _styles(names, dict(zip(g["cell"], g["vocabulary"].astype(str))))
        dy, dx = dodge(names, 0.012), dodge(names, 0.18)
        lines = {}
        for c in names:
            h = g[g["cell"] == c].sort_values("position")
            st = own[c]
            lines[c] = h["rolling"].to_numpy(dtype=float)
            ax.plot(h["position"], h["rolling"] + dy[c], color=st["color"], ls=st["ls"], lw=1.6, label=c,
                    marker=st["marker"], markevery=max(1, len(h) // 12), ms=4, alpha=0.9)
            ax.scatter(h["position"] + dx[c], h["pass_rate"], color=st["color"], marker=st["marker"],
                       s=10, alpha=0.35)
        _note_identical(ax, identical_groups(lines))
        ax.set_ylim(-0.05, 1.05)
        ax.set_xlabel("position in the suite" + (f" ({g['suite'].iloc[0]})" if g["suite"].nunique() == 1 else ""),
                      fontsize=FONT["label"])
        ax.set_ylabel("pass rate", fontsize=FONT["label"])
        ax.tick_params(labelsize=FONT["tick"])
        ax.set_title(name, fontsize=FONT["panel"], pad=14)
        _legend_outside(ax)
        _note_left_out(ax, left)
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def context_curve(tests: pd.DataFrame, by: list[str] | None = None) -> Figure:
    by = cell_by(tests, by)
    title = "Context tokens over the session (line: mean at each test's end; band: min-max)"
    t = tests.dropna(subset=["context_end"]) if len(tests) else tests
    if t.empty:
        return _empty(title, "no context token counts")
    curve = stats.context_curve(t, by)
    varying = ["vocabulary", *[c for c in by if c != "vocabulary" and c in curve.columns
                              and curve[c].nunique(dropna=False) > 1]]
    curve = curve.assign(cell=axis_labels(curve, varying).to_numpy())
    names = sorted(curve["cell"].unique())
    sty = _styles(names, dict(zip(curve["cell"], curve["vocabulary"].astype(str))))
    suites = _suites(curve)
    fig = Figure(figsize=(13, 3.4 * len(suites) + 0.6), layout="constrained")
    axes = fig.subplots(len(suites), 1, squeeze=False)[:, 0]
    for ax, s in zip(axes, suites):
        for c, h in curve[curve["suite"] == s].groupby("cell", sort=True):
            ax.plot(h["index"], h["context_end"], color=sty[c]["color"], ls=sty[c]["ls"], lw=1.6, label=c)
            ax.fill_between(h["index"], h["context_end_min"], h["context_end_max"], color=sty[c]["color"],
                            alpha=0.12, lw=0)
        ax.set_xlabel(f"test in session ({s})", fontsize=FONT["label"])
        ax.set_ylabel("tokens in context", fontsize=FONT["label"])
        _legend_outside(ax)
    fig.suptitle(title, fontsize=10)
    return fig


def score_history(repeats: pd.DataFrame, reference: pd.DataFrame | None = None,
                  by: list[str] | None = None, *, suite: str | None = None) -> Figure:
    """Scores in run order (each repeat a dot, the run's mean a bar), and, when a reference table
    is given, the source log's trajectory beside it (its own model: not comparable point for
    point, only in shape)."""
    by = cell_by(repeats, by)
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
    fig = Figure(figsize=(max(8.0, 4.5 + 0.75 * max(n_runs, 5) + (0.45 * len(ref) if has_ref else 0)), 5.0),
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
                ax.annotate("no score\n(loop)", (xi, top), xytext=(0, -8), textcoords="offset points",
                            ha="center", va="top", fontsize=FONT["note"], color="#d62728")
            else:
                ax.annotate(f"{int(row['passed'])}", (xi, row["passed"]), xytext=(0, 5),
                            textcoords="offset points", ha="center", fontsize=FONT["note"])
        ax.set_xticks(x, ref["run_label"], rotation=45, ha="right", fontsize=7)
        lo, hi = fitted_range(pd.Series(np.append(y, top)), top)
        ax.set_ylim(lo, hi)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{int(top)})")
        ax.set_title("source log (reference, its own model)", fontsize=9)
        k = 1
    if has_runs:
        ax = axes[k]
        # colour: the vocabulary; marker: the session mode; filled: a forced first call, hollow:
        # the model's own choice (auto) — a short legend however many cells there are
        df = repeats
        vocabs = sorted(df["vocabulary"].astype(str).unique())
        spare = iter(_OTHER * 10)
        vcolor = {v: VOCAB_COLORS.get(v) or next(spare) for v in vocabs}
        smark = {s_: MARKERS[i % len(MARKERS)] for i, s_ in
                 enumerate(sorted(df["session"].astype(str).unique()) if "session" in df else ["?"])}
        extra = [c for c in _line_axes(by, df) if c != "vocabulary"]
        common = {c: df[c].astype(str).mode().iloc[0] for c in extra}
        order = df.drop_duplicates("run_id").sort_values("run_order")
        for xi, (_, run) in enumerate(order.iterrows()):
            g = df[df["run_id"] == run["run_id"]]
            color = vcolor[str(run["vocabulary"])]
            forced = str(run.get("tool_choice", "auto")) != "auto"
            ax.scatter(np.full(len(g), xi) + np.linspace(-0.15, 0.15, len(g)) * (len(g) > 1), g["score"],
                       color=color if forced else "white", edgecolor=color, linewidth=1.4,
                       marker=smark.get(str(run.get("session", "?")), "o"), s=34, zorder=3)
            ax.hlines(g["score"].mean(), xi - 0.3, xi + 0.3, color=color, lw=2)
        for v in vocabs:
            ax.plot([], [], color=vcolor[v], lw=5, label=v)
        for s_, m in smark.items():
            ax.scatter([], [], color="#555555", marker=m, label=f"session={s_}")
        if "tool_choice" in df and df["tool_choice"].nunique() > 1:
            ax.scatter([], [], color="#555555", marker="o", label="filled: first call forced")
            ax.scatter([], [], color="white", edgecolor="#555555", marker="o", label="hollow: tool_choice=auto")
        # runs by what they ran (vocabulary; an axis value other than the usual one below it) and
        # their place in run order, not by a hash
        ticks = []
        for _, r in order.iterrows():
            odd = [f"{c}={r[c]}" for c in extra if str(r[c]) != common[c]]
            ticks.append("\n".join([str(r["vocabulary"]), *odd, f"#{int(r['run_order'])}"]))
        ax.set_xticks(range(len(order)), ticks, fontsize=FONT["note"], rotation=90, ha="center")
        n = int(df["n"].max())
        lo, hi = fitted_range(df["score"], n)
        ax.set_ylim(lo, hi)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of the full 0–{n})", fontsize=FONT["label"])
        ax.set_title("runs here in run order (dot: repeat; bar: mean)", fontsize=FONT["panel"])
        ax.tick_params(axis="y", labelsize=FONT["tick"])
        _legend_outside(ax)
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def pass_k_curves(tests: pd.DataFrame, by: list[str] | None = None, *,
                  baseline: str | None = None, vary: str | list[str] = "vocabulary") -> Figure:
    """pass^k (solid) and pass@k (dotted) against k, one panel per session mode x tool choice,
    at most MAX_LINES cells a panel (the baseline vocabulary's first), legend outside."""
    by = cell_by(tests, by)
    title = "pass^k: chance that k repeats of a test all pass (mean over tests); dotted: pass@k"
    curves = stats.pass_k_curves(tests, by) if len(tests) else pd.DataFrame()
    if curves.empty:
        return _empty(title, "no test rows")
    parts = [(name, g.assign(cell=axis_labels(g, _line_axes(by, g)).to_numpy()))
             for name, g in panels(curves, by)]
    fig, axes = _grid(len(parts), 1 if len(parts) == 1 else 2, w=4.6, h=3.2)
    for ax, (name, g) in zip(axes, parts):
        rank = g.groupby("cell")["pass_hat_k"].mean().to_dict()
        names, left = _cap(sorted(g["cell"].unique()), rank, _baseline_cells(g, baseline, vary))
        own = _styles(names, dict(zip(g["cell"], g["vocabulary"].astype(str))))
        dx = dodge(names, 0.06)
        hats = {}
        for c in names:
            h = g[g["cell"] == c].sort_values("k")
            st = own[c]
            hats[c] = h["pass_hat_k"].to_numpy(dtype=float)
            # pass^k always solid, pass@k always dotted (the title's key): a cell is its colour
            # and marker, never its line style, which would read as the other curve (issue 60)
            ax.plot(h["k"] + dx[c], h["pass_hat_k"], ls="-", marker=st["marker"], color=st["color"],
                    ms=5, label=f"{c} pass^k", alpha=0.9)
            ax.plot(h["k"] + dx[c], h["pass_at_k"], ":", color=st["color"], lw=1, alpha=0.7,
                    marker=st["marker"], ms=3, mfc="none")
        _note_identical(ax, identical_groups(hats))
        ax.set_xlabel("k (repeats)", fontsize=FONT["label"])
        ax.set_ylabel("probability", fontsize=FONT["label"])
        ax.set_ylim(-0.02, 1.02)
        ax.set_xticks(sorted(g["k"].unique()))
        ax.tick_params(labelsize=FONT["tick"])
        ax.set_title(name, fontsize=FONT["panel"])
        _legend_outside(ax)
        _note_left_out(ax, left)
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def field_tokens(fields: pd.DataFrame, calls: pd.DataFrame, by: list[str] | None = None) -> Figure:
    """Left: every field's tokens per repeat, stacked (what the responses cost the session).
    Right: the same without the largest field, side by side, so a 6-token flag summed over 70
    calls can be compared with a conditional list that appears in a few."""
    by = cell_by(fields, by)
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
        ax.set_title(f"the other fields (without {grid.columns[0]})", fontsize=9)   # names: the legend
    fig.suptitle(title, fontsize=10)
    return fig


def _condition_label(row: dict, keys: list[str]) -> str:
    return " ".join(f"{k}={row[k]}" for k in keys if not (k == "forced_tool" and str(row[k]) == "–"))


def _named(parts: list[tuple[dict, object]], keys: list[str]) -> list[tuple[str, object]]:
    """Panel titles from the condition axes that differ between the panels drawn (the others are
    the same in every panel and said once is enough: nowhere)."""
    vary = [k for k in keys if len({str(d[k]) for d, _ in parts}) > 1]
    return [(_condition_label(d, vary) or "all runs", x) for d, x in parts]


def forest_plot(comparisons: pd.DataFrame, by: list[str] | None = None, *, level: float = 0.95,
                baseline: str | None = None, vary: str | list[str] = "vocabulary") -> Figure:
    """Each comparison's difference (a − b, points) with its CI — the lab's one comparison
    (compare.compare_cells -> lab.stats.compare_arms, the numbers of the comparisons table) —
    one panel per condition (session mode, tool choice, prompt ...), a line at 0."""
    axes_v = cmp.vary_axes(vary)
    title = (f"Differences against the baseline {baseline}" if baseline else
             "Differences between vocabularies" if axes_v == ["vocabulary"] else
             f"Differences between {cmp.arms_word(axes_v)} arms") \
        + f" (points of the suite; {level:.0%} CI; filled: beyond noise after Holm)"
    c = comparisons if comparisons is not None else pd.DataFrame()
    if c.empty or "diff" not in c.columns:
        return _empty(title, "no two cells to compare")
    by = [x for x in (by or list(c.columns)) if x in c.columns and x not in axes_v]
    keys = [x for x in by if c[x].nunique(dropna=False) > 1]
    groups = c.groupby(keys, sort=True, dropna=False) if keys else [((), c)]
    parts = []
    for key, g in groups:
        key = key if isinstance(key, tuple) else (key,)
        parts.append((_condition_label(dict(zip(keys, key)), keys) or "all runs", g))
    rows = sum(len(g) for _, g in parts)
    fig = Figure(figsize=(9.5, 0.42 * rows + 1.1 * len(parts) + 1.0), layout="constrained")
    fig.get_layout_engine().set(w_pad=0.15)   # the right-hand numbers need room past the ticks
    axes = fig.subplots(len(parts), 1, squeeze=False, sharex=True,
                        gridspec_kw={"height_ratios": [max(len(g), 1) for _, g in parts]})[:, 0]
    for ax, (name, g) in zip(axes, parts):
        g = g.sort_values(["b", "a"]).reset_index(drop=True)
        y = np.arange(len(g))[::-1]
        notes = []
        for yi, (_, r) in zip(y, g.iterrows()):
            color = VOCAB_COLORS.get(str(r["a"]), "#333333")
            if pd.notna(r.get("ci_low")) and pd.notna(r.get("ci_high")):
                ax.hlines(yi, r["ci_low"], r["ci_high"], color=color, lw=2)
            sig = bool(r.get("significant_holm"))
            ax.plot([r["diff"]], [yi], "o", ms=7, color=color, mfc=color if sig else "white", mew=1.8)
            p = r.get("p_holm")
            ptxt = "no p" if p is None or pd.isna(p) else f"p(Holm) {p:.2f}"
            reps = f"{int(r['repeats_a'])} vs {int(r['repeats_b'])} rep."
            notes.append(f"{r['diff']:+.1f}  {ptxt}  {reps}")
        # the numbers as right-hand tick labels: the layout then makes room for them
        right = ax.secondary_yaxis("right")
        right.set_yticks(y, notes, fontsize=FONT["note"])
        right.tick_params(length=0)
        ax.axvline(0, color="#888888", lw=1, ls="--")
        ax.set_yticks(y, [f"{r['a']} − {r['b']}" for _, r in g.iterrows()], fontsize=FONT["tick"])
        ax.set_ylim(-0.7, len(g) - 0.3)
        if "parts" in g.columns and any("collapsed" in str(x) for x in g["parts"]):
            name += "\nrepeats that did not collapse (the collapse part: the comparisons table)"
        ax.set_title(name, fontsize=FONT["panel"], loc="left")
        ax.tick_params(axis="x", labelsize=FONT["tick"])
    axes[-1].set_xlabel("difference in mean score, a − b (points); the line at 0: no difference",
                        fontsize=FONT["label"])
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def seed_slopegraph(repeats: pd.DataFrame, by: list[str] | None = None, *,
                    vary: str | list[str] = "vocabulary") -> Figure:
    """Per seed (repeat k runs at run.seed + k in every cell), the score of each arm (each
    vocabulary, or each value of the compared axes), connected across the arms: lines that move
    together say the seed, not the arm, drives the score. One panel per condition with two or
    more arms."""
    by = cell_by(repeats, by)
    axes_v = cmp.vary_axes(vary)
    what = "vocabularies" if axes_v == ["vocabulary"] else f"{cmp.arms_word(axes_v)} arms"
    title = f"Per seed across {what} (a line: one seed; its cells' scores)"
    if repeats.empty or "seed" not in repeats.columns or any(a not in repeats.columns for a in axes_v):
        return _empty(title, "no complete repeats")
    repeats = repeats.assign(_arm=cmp.arm_labels(repeats, axes_v).to_numpy())
    keys = [c for c in by if c not in axes_v and repeats[c].nunique(dropna=False) > 1]
    groups = repeats.groupby(keys, sort=True, dropna=False) if keys else [((), repeats)]
    parts = []
    for key, g in groups:
        key = key if isinstance(key, tuple) else (key,)
        if g["_arm"].nunique() >= 2:
            parts.append((dict(zip(keys, key)), g))
    if not parts:
        return _empty(title, f"no condition with two or more {what}")
    parts = _named(parts, keys)
    fig, axes = _grid(len(parts), 1 if len(parts) == 1 else 2, w=5.2, h=3.6)
    n = int(repeats["n"].max())
    lo, hi = fitted_range(pd.concat([g["score"] for _, g in parts]), n)
    seeds_all = sorted(pd.concat([g["seed"] for _, g in parts]).dropna().unique())
    cmap = {sd: _OTHER[i % len(_OTHER)] for i, sd in enumerate(seeds_all)}
    for ax, (name, g) in zip(axes, parts):
        vocabs = sorted(g["_arm"].astype(str).unique())
        x = {v: i for i, v in enumerate(vocabs)}
        for sd, h in g.groupby("seed", sort=True):
            h = h.groupby("_arm")["score"].mean().reindex(vocabs)
            ax.plot([x[v] for v in vocabs], h.to_numpy(dtype=float), "-o", color=cmap[sd], lw=1.5, ms=5,
                    label=f"seed {int(sd)}", alpha=0.9)
            last = h.dropna()
            if len(last):
                ax.annotate(f"{int(sd)}", (x[last.index[-1]], last.iloc[-1]), xytext=(5, 0),
                            textcoords="offset points", va="center", fontsize=FONT["note"], color=cmap[sd])
        ax.set_xticks(range(len(vocabs)), vocabs, fontsize=FONT["tick"])
        ax.set_xlim(-0.3, len(vocabs) - 0.5)
        ax.set_ylim(lo, hi)
        ax.set_ylabel(f"score (axis {lo:g}–{hi:g} of 0–{n})", fontsize=FONT["label"])
        ax.tick_params(axis="y", labelsize=FONT["tick"])
        ax.set_title(name, fontsize=FONT["panel"])
        _legend_outside(ax)
    fig.suptitle(title, fontsize=FONT["title"])
    return fig


def category_differences(tests: pd.DataFrame, by: list[str] | None = None, *, baseline: str | None = None,
                         level: float = 0.95, vary: str | list[str] = "vocabulary") -> Figure:
    """Per category, each vocabulary's difference in pass rate against the baseline with its CI:
    the lab's one comparison (compare.compare -> lab.stats.compare_arms) on that category's tests,
    divided by their number. One panel per condition; without a baseline `minimal` where the panel
    has it, else the first vocabulary by name, is the baseline (said in the title)."""
    by = cell_by(tests, by)
    axes_v = cmp.vary_axes(vary)
    what = cmp.arms_word(axes_v)
    title = f"Per category: difference in pass rate against the baseline ({level:.0%} CI)"
    if tests.empty or "category" not in tests.columns or any(a not in tests.columns for a in axes_v):
        return _empty(title, "no test rows")
    keys = [c for c in by if c not in axes_v and tests[c].nunique(dropna=False) > 1]
    fixed = [c for c in by if c not in axes_v]
    groups = tests.groupby(keys, sort=True, dropna=False) if keys else [((), tests)]
    parts = []
    for key, g in groups:
        key = key if isinstance(key, tuple) else (key,)
        arms = cmp.arms_of(g, axes_v)
        vocabs = sorted(arms)
        # without --baseline: `minimal` (the bare candidate list every vocabulary adds to) where
        # the panel has it, not the first name in the alphabet (issue 60: it was `alike`)
        base = (cmp.baseline_in(vocabs, baseline) if baseline is not None
                else "minimal" if "minimal" in vocabs else vocabs[0])
        if base is None or len(vocabs) < 2:
            continue
        rows = []
        cell = {c: g[c].iloc[0] for c in fixed}
        for cat, gc in g.groupby("category", sort=True):
            for v in vocabs:
                if v == base:
                    continue
                try:
                    r = cmp.compare(gc, {**cell, **arms[v]}, {**cell, **arms[base]}, level=level)
                except ValueError:
                    continue
                rows.append({"category": cat, "vocabulary": v, "diff": r.diff / r.tests,
                             "lo": r.ci_low / r.tests if r.ci else np.nan,
                             "hi": r.ci_high / r.tests if r.ci else np.nan, "tests": r.tests})
        if rows:
            parts.append((dict(zip(keys, key)), (base, pd.DataFrame(rows))))
    if not parts:
        return _empty(title, f"no condition with a baseline and another {what}")
    parts = [(name, base, d) for name, (base, d) in _named(parts, keys)]
    ncat = max(d["category"].nunique() for _, _, d in parts)
    fig, axes = _grid(len(parts), 1 if len(parts) == 1 else 2, w=5.0, h=0.42 * ncat + 1.4)
    for ax, (name, base, d) in zip(axes, parts):
        cats = sorted(d["category"].unique())[::-1]
        vocabs = sorted(d["vocabulary"].unique())
        off = dodge(vocabs, 0.8 / max(len(vocabs), 1))
        for v in vocabs:
            h = d[d["vocabulary"] == v].set_index("category").reindex(cats)
            y = np.arange(len(cats)) + off[v]
            color = VOCAB_COLORS.get(v, "#333333")
            ax.hlines(y, h["lo"], h["hi"], color=color, lw=1.6)
            ax.plot(h["diff"], y, "o", color=color, ms=5, label=f"{v} − {base}")
        ax.axvline(0, color="#888888", lw=1, ls="--")
        ntests = d.groupby("category")["tests"].max()
        ax.set_yticks(range(len(cats)), [f"{c} ({int(ntests[c])})" for c in cats], fontsize=FONT["tick"])
        ax.set_xlim(-1.05, 1.05)
        ax.set_xlabel("difference in pass rate of the category's tests (CIs cut at ±1)", fontsize=FONT["label"])
        ax.tick_params(axis="x", labelsize=FONT["tick"])
        ax.set_title(f"{name}\nbaseline {base}", fontsize=FONT["panel"])
        _legend_outside(ax)
    fig.suptitle(title + ("" if baseline else f"\nbaseline: `minimal` if a panel has it, else its first "
                          f"{what} by name (`--baseline` names one)"),
                 fontsize=FONT["title"])
    return fig


#: name -> function(results, reference) for `lab report`: every figure the report embeds.
def all_figures(res, reference: pd.DataFrame | None = None, by: list[str] | None = None, *,
                comparisons: pd.DataFrame | None = None, baseline: str | None = None,
                level: float = 0.95, vary: str | list[str] = "vocabulary") -> dict[str, Figure]:
    by = cell_by(res.runs, by)
    t = res.complete_tests
    calls = res.calls[res.calls["complete"]] if len(res.calls) else res.calls
    fields_ = res.fields[res.fields["complete"]] if len(res.fields) else res.fields
    if comparisons is None:
        comparisons = (compare_cells(t, by, baseline=baseline, level=level, vary=vary) if len(t)
                       else pd.DataFrame())
    return {"score_distribution": score_distribution(res.repeats, by, level=level),
            "category_heatmap": category_heatmap(t, by),
            "position_curve": position_curve(t, by, baseline=baseline, vary=vary),
            "context_curve": context_curve(t, by),
            "score_history": score_history(res.repeats, reference, by),
            "pass_k_curves": pass_k_curves(t, by, baseline=baseline, vary=vary),
            "field_tokens": field_tokens(fields_, calls, by),
            "forest_plot": forest_plot(comparisons, by, level=level, baseline=baseline, vary=vary),
            "seed_slopegraph": seed_slopegraph(res.repeats, by, vary=vary),
            "category_differences": category_differences(t, by, baseline=baseline, level=level, vary=vary)}
