"""The tables of the single-session collapse-rate finding (issue 25), printed as Markdown from run
folders.

    .venv/bin/python scripts/findings_collapse.py RESULTS_DIR [MORE_DIRS...] [--base-rate 1/12]
        [--batch-check DIR] [--figure PNG]

RESULTS_DIR holds single-session runs (scripts/collapse_sweep.sh; the runs of
`scripts/lexiopt_sweep.sh single` are the same cells). A repeat *collapsed* when its copy cascade
has >= 5 tests in a row giving one copied answer (lab.records.cascade.is_collapse, the rule fixed
before the data; lab.analysis.load puts it on every repeat). Per cell: repeats, collapsed, the rate
with its exact (Clopper-Pearson) 95% CI, where each collapse began; per axis that varies (the
vocabulary, the prompt) and over all cells one exact test of "do these rates differ" (Fisher's exact
test for the 2 x k table, lab.stats.collapse.rates_differ), Holm over those; every pair of cells by Fisher's
exact test (two-sided, the test of the lab's two-part comparison, lab/stats/collapse.py), Holm over
the pairs; and the repeats per cell a 3x rate difference needs for 80% power, from the exact power
of that test (lab.stats.collapse_power) at the rate measured here and at --base-rate. Exploratory,
added after the data was seen: whether a score goes with its seed (every cell samples a seed's turns
with the same draws): the two-way ANOVA seeds x cells (lab.stats.twoway.block_anova) and the
single-session simulator's coupling of two cells at one seed (lab.stats.simulate.fit_single); and
the cells pooled (their average rate, exact CI) against the premise's rate (--base-rate). Everything
comes from the run records; nothing is typed in. Added on 2026-12-06 after the data: the repeats
that stopped answering without a copy cascade (lab.records.cascade.stopped_answering), listed under
the cells, marked `s` by seed and in the figure, and — when there are any — the cells, the pooled
rate, the tests between cells, the intermediate repeats and the seed effect again with them counted
as collapsed (a section of its own; the tests fixed before the data stay as they were). Only complete repeats count. --batch-check: the
timings of the check that chose batched or sequential for the sweep (scripts/collapse_batch_check.py)
and its decision, first.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.stats import binom

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.analysis.load import continued_repeats, load  # noqa: E402
from lab.records.cascade import COLLAPSE_STREAK  # noqa: E402
from lab.records.cells import cell_by  # noqa: E402
from lab.records.record import CONTINUED, CONTINUED_HOW  # noqa: E402
from lab.records.results import OUTCOMES  # noqa: E402
from lab.stats import holm, rate_ci  # noqa: E402
from lab.stats.collapse import RULE, rates_differ  # noqa: E402
from lab.stats.collapse_power import collapse_power, collapse_repeats_for, rate  # noqa: E402
from lab.stats.simulate import fit_single  # noqa: E402
from lab.stats.twoway import block_anova  # noqa: E402
from lab.stats.intermediate import INTERMEDIATE_Q, MIN_OTHERS, false_rate, judge_cell, verdict  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from collapse_batch_check import by_pair, read_decision, read_timings  # noqa: E402
from findings_common import md, run, save_figure  # noqa: E402

#: the axes a cell is told by here (and any other axis that varies among the loaded runs)
AXES = ["model", "vocabulary", "prompt"]
#: the issue's premise, "~1 of 12 single sessions collapse", and where that rate comes from
DEFAULT_BASE_RATE = "1/12"
PREMISE = ("The premise's 1 in 12 is the lexiopt single sessions' (prompt `default` with its "
           "`ANSWER: <path>` format, 2026-12-01 commits)")


def totals(counts: list[tuple[dict, int, int, pd.DataFrame]]) -> tuple[int, int]:
    """(collapsed, repeats) over the cells of `Collapse.counts`."""
    return sum(c[1] for c in counts), sum(c[2] for c in counts)


def fisher_p(k_base: int, n_base: int, k_cand: int, n_cand: int) -> float:
    """Fisher's two-sided exact p, the table lab/stats/collapse.py gives scipy."""
    from scipy.stats import fisher_exact
    return float(fisher_exact([[k_cand, n_cand - k_cand], [k_base, n_base - k_base]]).pvalue)


class CellJudgement(NamedTuple):
    """One cell's repeats judged by lab.stats.intermediate (`Collapse.judged`)."""
    cell: dict                     # the cell's key (AXES)
    repeats: pd.DataFrame          # its repeats, one row each
    rows: list                     # per repeat: its pass row by position, or why it has none (str)
    ok: list[int]                  # the repeats with a row (the others are left out, `rows` says why)
    matrix: np.ndarray             # those rows, one per repeat
    flags: list[bool]              # their collapse flags
    judgements: list               # lab.stats.intermediate.judge_cell of them (Judged, by row of `ok`)


class Collapse:
    def __init__(self, dirs: list[str], level: float = 0.95, stopped_as_collapse: bool = False):
        """stopped_as_collapse: a repeat that stopped answering (lab.records.cascade.
        stopped_answering) counts as collapsed too — the reading added after the data, never the
        rule fixed before it."""
        self.res = load(dirs, transcripts=False)
        self.level = level
        rep = self.res.repeats
        self.repeats = rep[rep["session"] == "single"] if len(rep) else rep
        if stopped_as_collapse and len(self.repeats):
            self.repeats = self.repeats.assign(
                collapsed=self.repeats["collapsed"].astype(bool) | self.repeats["stopped_answering"].astype(bool))
        self.keys = cell_by(self.repeats, AXES) if len(self.repeats) else AXES
        self._judged: list | None = None

    def counts(self) -> list[tuple[dict, int, int, pd.DataFrame]]:
        out = []
        if self.repeats.empty:
            return out
        for key, g in self.repeats.groupby(self.keys, dropna=False, sort=True):
            key = key if isinstance(key, tuple) else (key,)
            out.append((dict(zip(self.keys, key)), int(g["collapsed"].sum()), len(g), g))
        return out

    def cells(self) -> pd.DataFrame:
        rows = []
        for cell, k, n, g in self.counts():
            lo, hi = rate_ci(k, n, self.level)
            c = g[g["collapsed"]].sort_values(["run_order", "repeat"])
            work = g[~g["collapsed"]]["score"]
            rows.append({**cell, "repeats": n, "collapsed": k, "rate": k / n,
                         f"{self.level:.0%} CI (exact)": f"[{lo:.3f}, {hi:.3f}]",
                         "seeds collapsed": " ".join(str(int(s)) for s in c["seed"]) or "-",
                         # a session that stopped answering (counted only with stopped_as_collapse)
                         # has no copied answer: where its unanswered streak began, and its outcome
                         "streak starts at": " ".join(
                             str(x) if isinstance(x, str) else f"{u} (stopped answering: {o})"
                             for x, u, o in zip(c["cascade_streak_start"], c["unanswered_start"],
                                                c["unanswered_outcome"])) or "-",
                         "copied answer": " | ".join(sorted({str(x) for x in c["cascade_answer"]
                                                             if isinstance(x, str)})) or "-",
                         f"working repeats: mean [lowest, highest] /{int(g['n'].iloc[0])}":
                             f"{work.mean():.1f} [{work.min():g}, {work.max():g}] ({len(work)})"
                             if len(work) else "-",
                         "collapsed repeats' scores": " ".join(f"{x:g}" for x in c["score"]) or "-"})
        return pd.DataFrame(rows)

    def stopped(self) -> pd.DataFrame:
        """The repeats that stopped answering without a copy cascade (lab.records.cascade.
        stopped_answering): what the collapse rule fixed before the data does not count."""
        if self.repeats.empty:
            return pd.DataFrame()
        r = self.repeats[self.repeats["stopped_answering"].astype(bool) & ~self.repeats["collapsed"].astype(bool)]
        return pd.DataFrame([{**{a: x[a] for a in self.keys}, "seed": int(x["seed"]),
                              "score": f"{x['score']:g}/{int(x['n'])}",
                              "tests in a row with one unanswered outcome": int(x["unanswered_streak"]),
                              "from": x["unanswered_start"], "outcome": x["unanswered_outcome"],
                              "its outcomes": ", ".join(f"{o} {int(x[f'outcome_{o}'])}" for o in OUTCOMES
                                                        if x.get(f"outcome_{o}", 0) > 0)}
                             for _, x in r.sort_values(["run_order", "repeat"]).iterrows()])

    def pooled(self, base: tuple[str, float], source: str | None = PREMISE) -> str:
        """Every cell's repeats together (the cells' average rate) with its exact CI, and how likely
        that few collapses would be at the premise's rate (`--base-rate`). Added on 2026-12-05
        after 41 repeats without a collapse: a check of the premise, not a test fixed before the
        data."""
        counts = self.counts()
        k, n = totals(counts)
        if not n:
            return ""
        lo, hi = rate_ci(k, n, self.level)
        what, r = base
        said = (f"**Pooled over the {len(counts)} cells** (their average rate; added on 2026-12-05 after "
                f"41 repeats without a collapse, a check of the issue's premise, not a test fixed "
                f"before the data): {k}/{n} collapsed, rate {k / n:.3f}, {self.level:.0%} CI "
                f"[{lo:.3f}, {hi:.3f}] (exact). ")
        if k / n >= r:
            said += f"That is at or above the premise's rate {r:.3f} ({what})."
        else:
            p = float(binom.cdf(k, n, r))
            said += (f"At the premise's rate {r:.3f} ({what}) as few as {k} collapse{'s' * (k != 1)} in {n} repeats "
                     f"has probability {p:.3g} (exact binomial, one-sided)"
                     + (": the rate here is lower than the premise's." if p < 1 - self.level else
                        ": no fewer than that rate gives by chance."))
        return said + (f" {source}; cells with another prompt or code may differ from it by either."
                       if source else "")

    def continued(self) -> str:
        """The repeats a resume went on with after an interruption, named (docs/runs.md)."""
        went_on = continued_repeats(self.repeats)
        if went_on.empty:
            return f"Every repeat ran in one piece (none was {CONTINUED})."
        return (f"Repeats {CONTINUED} ({CONTINUED_HOW}): " + "; ".join(
                    f"{' · '.join(str(r[k]) for k in self.keys)} seed {int(r['seed'])} at {r['continued_at']}"
                    for _, r in went_on.iterrows()) + ".")

    def _who_ran(self, column: str, missing: str) -> list[tuple[str, str]]:
        """The repeats grouped by one of their round columns (lab/records/rounds.py), oldest group
        first: each value with how many repeats and which (cells and seeds)."""
        rep = self.repeats.assign(_by=self.repeats[column].fillna(missing).astype(str))
        out = []
        for value, g in sorted(rep.groupby("_by"), key=lambda kv: kv[1]["round_started"].min()):
            cells = "; ".join(f"{' · '.join(str(v) for a, v in zip(self.keys, key) if a != 'model')} "
                              f"seed {' '.join(str(int(x)) for x in sorted(c['seed']))}"
                              for key, c in g.groupby(self.keys, sort=True))
            out.append((value, f"{len(g)} ({cells})"))
        return out

    def code_versions(self) -> str:
        """Which code ran which repeats (each repeat's round commit: the code id of lab, configs
        and prompts, lab/records/rounds.py), so a reader sees when the lab changed under a sweep."""
        if self.repeats.empty or "round_commit" not in self.repeats:
            return ""
        parts = [f"`{code.removeprefix('code:')[:8]}` {which}"
                 for code, which in self._who_ran("round_commit", "unknown")]
        if len(parts) == 1:
            return f"Every repeat ran the same lab code ({parts[0]})."
        return (f"The repeats ran {len(parts)} versions of the lab's code (the code id of `lab`, "
                f"`configs`, `prompts` that ran each repeat — a continued one's: the code it went on "
                f"with — or its commit where older records have no code id; oldest first): " + "; ".join(parts)
                + ". " + self._same_inputs(self.repeats) + " The rates pool them.")

    def machines(self) -> str:
        """Which CPU ran which repeats: machines rebuilt between working sessions keep one host
        name, so a sweep over days may run on several CPUs without it showing anywhere else."""
        if self.repeats.empty or "round_cpu" not in self.repeats:
            return ""
        missing = "not recorded"
        groups = self._who_ran("round_cpu", missing)
        known = [f"{cpu} {which}" for cpu, which in groups if cpu != missing]
        unknown = [which for cpu, which in groups if cpu == missing]
        how = ("the model name of the CPU of the process that ran each repeat — a continued one's: "
               "where it finished; recorded by each run segment since 2026-12-05, before that only "
               "for a run's first start, by its numerics record")
        said = ("One numerics id gives the same tokens on every CPU (docs/numerics.md); the CPU sets "
                "the speed (a repeat's wall time), and through it only the time limit, whose hits are "
                "labelled `timeout`.")
        if not known:
            return f"Which CPU ran each repeat is not recorded ({how})."
        if len(known) == 1 and not unknown:
            return f"Every repeat ran on one CPU ({known[0]}). {said}"
        n = f"{len(known)} CPU" + ("s" if len(known) > 1 else "")
        return (f"The repeats ran on {n} where recorded ({how}; oldest first): " + "; ".join(known)
                + "".join(f"; not recorded {w}" for w in unknown) + f". {said}")

    def _same_inputs(self, rep: pd.DataFrame) -> str:
        """Whether each cell's repeats share one run (a resume refuses a run whose fingerprint
        inputs differ: prompt, templates, config, model file) and one numerics."""
        rep = rep.assign(numerics=rep["numerics"].fillna("unknown").astype(str))   # unrecorded: one value
        per = rep.groupby(self.keys, sort=True).agg(runs=("run_id", "nunique"), nums=("numerics", "nunique"))
        if (per["runs"] == 1).all() and (per["nums"] == 1).all():
            return ("Each cell's repeats are one run, resumed (a resume refuses other fingerprint "
                    "inputs: prompt, templates, config, model file), on one numerics (" +
                    ", ".join(sorted(rep["numerics"].unique())) + ").")
        odd = per[(per["runs"] > 1) | (per["nums"] > 1)]
        return "Cells over more than one run or numerics: " + "; ".join(
            f"{' · '.join(map(str, k))} ({r.runs} runs, {r.nums} numerics)" for k, r in odd.iterrows()) + "."

    def pairs(self) -> pd.DataFrame:
        rows = []
        for (ca, ka, na, _), (cb, kb, nb, _) in itertools.combinations(self.counts(), 2):
            rows.append({"a": " · ".join(map(str, ca.values())), "b": " · ".join(map(str, cb.values())),
                         "a collapsed": f"{ka}/{na}", "b collapsed": f"{kb}/{nb}",
                         "rate diff (a - b)": ka / na - kb / nb, "Fisher p": fisher_p(kb, nb, ka, na)})
        df = pd.DataFrame(rows)
        if len(df):
            df["p (Holm over pairs)"] = holm(list(df["Fisher p"]))
        return df

    def omnibus(self) -> pd.DataFrame:
        """Does an axis change the rate at all? For each axis that varies (the vocabulary, the
        prompt), among the cells that agree on every other axis: one exact test over those cells
        (lab.stats.collapse.rates_differ, Fisher's exact test for the 2 x k table), and one over all
        the cells; Holm over these rows. The pairs table says which cells, after."""
        counts = self.counts()
        rows = []

        def test(what: str, among: str, group: list) -> None:
            k, n = [c[1] for c in group], [c[2] for c in group]
            p, method = rates_differ(k, n)
            rows.append({"question": what, "among": among, "cells": len(group),
                         "collapsed / repeats": " ".join(f"{a}/{b}" for a, b in zip(k, n)),
                         "p": p, "test": f"Fisher's exact, 2 x {len(group)} ({method})"})

        for axis in self.keys:
            others = [a for a in self.keys if a != axis]
            groups: dict[tuple, list] = {}
            for c in counts:
                groups.setdefault(tuple(str(c[0][a]) for a in others), []).append(c)
            for fixed, group in sorted(groups.items()):
                if len({str(c[0][axis]) for c in group}) >= 2:
                    test(f"does the {axis} change it?",
                         " · ".join(f"{a}={v}" for a, v in zip(others, fixed)) or "-", group)
        if len(counts) >= 2 and len(rows) != 1:
            test("does any cell differ?", "all cells", counts)
        df = pd.DataFrame(rows)
        if len(df):
            df["p (Holm over rows)"] = holm(list(df["p"]))
        return df

    def matrices(self) -> list[tuple[dict, pd.DataFrame, list]]:
        """Per cell: its repeats (in run order) and each one's pass row, tests in the order they
        ran — or why it is left out of the work-or-collapse judgement (an infrastructure outcome:
        the lab or an outage, not the model; another test count than the cell's)."""
        tests = self.res.complete_tests
        by_repeat = dict(iter(tests.groupby(["run_id", "repeat"]))) if len(tests) else {}
        out = []
        for cell, _, _, g in self.counts():
            g = g.sort_values(["run_order", "repeat"])
            rows = []
            for _, r in g.iterrows():
                t = by_repeat.get((r["run_id"], r["repeat"]), tests.iloc[:0])
                if r["infrastructure"]:
                    rows.append(f"{int(r['infrastructure'])} infrastructure outcomes (not the model's)")
                elif len(t) != int(r["n"]):
                    rows.append(f"{len(t)} test rows of {int(r['n'])}")
                else:
                    rows.append(t.sort_values("position")["passed"].astype(float).to_numpy())
            out.append((cell, g, rows))
        return out

    def judged(self) -> list[CellJudgement]:
        """Per cell (once): its repeats, their pass rows and lab.stats.intermediate's judgement of
        the rows it could judge (CellJudgement)."""
        if self._judged is None:
            self._judged = []
            for cell, g, rows in self.matrices():
                ok = [i for i, r in enumerate(rows) if not isinstance(r, str)]
                if len({len(rows[i]) for i in ok}) > 1:     # one suite per cell: a cell key, but say so
                    raise ValueError(f"cell {cell}: repeats of different lengths")
                m = np.array([rows[i] for i in ok])
                flags = [bool(g["collapsed"].iloc[i]) for i in ok]
                self._judged.append(CellJudgement(cell, g, rows, ok, m, flags,
                                                  judge_cell(m, flags) if ok else []))
        return self._judged

    def intermediate_repeats(self) -> set:
        """The (run_id, repeat) of every intermediate repeat: the figure marks them."""
        return {(c.repeats["run_id"].iloc[c.ok[j.row]], int(c.repeats["repeat"].iloc[c.ok[j.row]]))
                for c in self.judged() for j in c.judgements if j.intermediate}

    def works_or_collapses(self, calibrate_cells: int = 25) -> tuple[pd.DataFrame, str]:
        """docs/statistics.md's test of "a session either works or collapses": per cell, each
        repeat against the working distribution the single-session simulator fits to the cell's
        other working repeats (lab.stats.intermediate); the intermediate repeats counted, and the
        count tested against what the procedure calls intermediate by itself when the hypothesis
        holds (simulated cells of the same size, from the simulator fitted to every cell's working
        repeats)."""
        table, judged, fit_cells, fit_flags, sizes = [], [], [], [], []
        for c in self.judged():
            seeds = [int(s) for s in c.repeats["seed"]]
            if c.ok:
                fit_cells.append(c.matrix)
                fit_flags.append(c.flags)
            judged += c.judgements
            done = [j for j in c.judgements if j.intermediate is not None]
            if done:
                sizes.append(len(c.ok))
            odd = [j for j in done if j.intermediate]
            left = [f"seed {seeds[i]}: {r}" for i, r in enumerate(c.rows) if isinstance(r, str)]
            unfit = [j for j in c.judgements if j.intermediate is None]
            if unfit and not done:               # the cell too small: said once
                w = sum(not f for f in c.flags)
                left.append(f"all {len(unfit)}: {w} working repeat{'s' * (w != 1)} in the cell "
                            f"(a judgement needs {MIN_OTHERS} besides the one judged)")
            else:
                left += [f"seed {seeds[c.ok[j.row]]}: {j.why}" for j in unfit]
            table.append({**c.cell, "repeats judged": len(done), "intermediate": len(odd),
                          "which (seed: score, the 1% point it fell below / reached)": "; ".join(
                              f"seed {seeds[c.ok[j.row]]}: {j.score:g} "
                              f"{'collapsed, at or above' if j.collapsed else 'below'} {j.cut}"
                              for j in odd) or "-",
                          "working repeats' 1% points": (f"{min(j.cut for j in done if not j.collapsed)}–"
                                                         f"{max(j.cut for j in done if not j.collapsed)}"
                                                         if any(not j.collapsed for j in done) else "-"),
                          "not judged": "; ".join(left) or "-"})
        if not sizes:
            return pd.DataFrame(table), (
                f"Not judged yet: a repeat is judged against a fit to at least {MIN_OTHERS} other "
                f"working repeats of its cell (fewer give a carry-over and a repeat-wide shift from "
                f"the variance of two or three scores).")
        comp = fit_single(fit_cells, fit_flags)
        k0, n0 = false_rate(comp, max(sizes), calibrate_cells)
        null = max(INTERMEDIATE_Q, k0 / n0)
        v = verdict(judged, null)
        lo, hi = v.ci
        said = (f"**{v.intermediate} intermediate of {v.judged} judged repeats** "
                f"(rate {v.intermediate / v.judged:.3f}, 95% CI [{lo:.3f}, {hi:.3f}]). When the hypothesis "
                f"holds the procedure itself calls {k0} of {n0} working repeats intermediate "
                f"({calibrate_cells} simulated cells of {max(sizes)} working repeats from the simulator "
                f"fitted to every cell's working repeats: a fit from a dozen repeats is not the truth); "
                f"against max({INTERMEDIATE_Q}, {k0}/{n0}) = {null:.3f}, P(≥ {v.intermediate} of "
                f"{v.judged}) = {v.p:.3g} (exact binomial, one-sided). ")
        if v.intermediate == 0:
            said += (f"With none seen, the intermediate rate is below {v.bound:.3f} (95%, one-sided): "
                     "the data do not contradict the hypothesis, and bound how often a partial collapse "
                     "can happen.")
        elif v.p < 0.05:
            said += ("More than the procedure makes by itself: **the hypothesis fails** — some sessions "
                     "neither work nor collapse (the repeats named above; their transcripts say how).")
        else:
            said += "Not more than the procedure makes by itself: the data do not contradict the hypothesis."
        return pd.DataFrame(table), said

    def labels(self) -> list[str]:
        """Each cell's name in the figure and the by-seed table: its axes, the model left out when
        there is one."""
        counts = self.counts()
        models = len({str(c[0].get("model")) for c in counts})
        return [" · ".join(str(v) for a, v in cell.items() if a != "model" or models > 1)
                for cell, *_ in counts]

    def by_seed(self) -> pd.DataFrame:
        """Every complete repeat's score, a row per seed and a column per cell (c: collapsed,
        i: intermediate): every cell runs the same seeds, so a seed's row shows whether a score
        goes with its seed more than with its cell."""
        if self.repeats.empty:
            return pd.DataFrame()
        inter = self.intermediate_repeats()
        rows: dict[int, dict] = {}
        for (cell, _, _, g), name in zip(self.counts(), self.labels()):
            for _, r in g.iterrows():
                mark = "c" if r["collapsed"] else (("s" if r["stopped_answering"] else "")
                                                   + ("i" if (r["run_id"], int(r["repeat"])) in inter else ""))
                rows.setdefault(int(r["seed"]), {"seed": int(r["seed"])})[name] = f"{r['score']:g}{mark}"
        return pd.DataFrame([rows[k] for k in sorted(rows)]).fillna("")

    def seed_effect(self) -> tuple[pd.DataFrame, str]:
        """Whether a working repeat's score goes with its seed: the two-way additive ANOVA (seeds
        x cells) over the seeds that have a working repeat in every cell, and the single-session
        simulator's coupling of two cells at one seed fitted to the same repeats. Exploratory (added
        after the by-seed table was seen); main() prints why a seed couples the cells."""
        judged = [c for c in self.judged() if c.ok]
        if len(judged) < 2:
            return pd.DataFrame(), "Fewer than two cells with a working repeat: nothing to set side by side."
        rows: list[dict[int, np.ndarray]] = []    # per cell: seed -> its working repeat's pass row
        for c in judged:
            rows.append({int(c.repeats["seed"].iloc[i]): c.matrix[k]
                         for k, (i, f) in enumerate(zip(c.ok, c.flags)) if not f})
        seeds = sorted(set.intersection(*(set(r) for r in rows)))
        if len(seeds) < 2:
            return pd.DataFrame(), ("Fewer than two seeds with a working repeat in every cell: no "
                                    "seed-by-cell table to test yet.")
        cells = [np.array([r[s] for s in seeds]) for r in rows]          # row j = seeds[j] in every cell
        listed = ", ".join(map(str, seeds))
        a = block_anova(np.array([m.sum(axis=1) for m in cells]).T)
        table = pd.DataFrame([{"factor": name, "df": a[key]["df"], "mean square": round(a[key]["ms"], 2),
                               f"F (on {a['residual']['df']} residual df)": round(a[key]["F"], 2),
                               "p": a[key]["p"]}
                              for name, key in ((f"seed ({len(seeds)}: {listed})", "rows"),
                                                (f"cell ({len(cells)})", "columns"))])
        fit = fit_single(cells, [[False] * len(seeds)] * len(cells))
        said = (f"{len(seeds)} seeds ({listed}) have a working repeat in every one "
                f"of the {len(cells)} cells: {len(seeds) * len(cells)} repeats (collapsed repeats left "
                f"out). Two cells at one seed agree on {dict(fit.stats)['seed_agreement']:.3f} of the "
                f"tests: the single-session simulator's **coupling** (lab.stats.simulate.fit_single, "
                f"the latent correlation of two cells at one seed, beyond their pass rates) fitted to "
                f"these repeats is **{fit.coupling:.3f}**. ")
        said += (("**Scores go with their seed** (p < 0.05): the seed — or the order, below — moves "
                  "every cell the same way. " if a["rows"]["p"] < 0.05 else
                  "No seed effect can be told at these counts (p >= 0.05). ")
                 + "The tests fixed before the data (the rates, Fisher's tests) treat the cells' repeats "
                   "as independent; with cells coupled by seed the same way, that overstates the noise "
                   "of a difference between cells — conservative, not wrong — and a paired look by seed "
                   "would be sharper. Seeds also ran in order in every cell (seed 0 first): the order "
                   "can act only through the code that ran each repeat (listed above), and at one "
                   "fingerprint and numerics commits changed no token where that was checked "
                   "(docs/statistics.md, *Isolated: rounds*).")
        return table, said

    def power(self, base_rates: list[tuple[str, float]]) -> pd.DataFrame:
        counts = self.counts()
        ran = min((n for *_, n, _ in counts), default=0)
        rows = []
        for what, q in base_rates:
            if not 0 < q < 1 / 3:
                continue
            for alpha, why in ((0.05, "collapse alone"), (0.025, "the two-part comparison's collapse part")):
                need = collapse_repeats_for(q, 3 * q, alpha=alpha)
                rows.append({"base rate": f"{q:.3f} ({what})", "3x rate": 3 * q, "alpha": alpha,
                             "test": f"Fisher exact, {why}", "repeats per cell for 80%": need,
                             "repeats per cell run (fewest)": ran,
                             "power at those": collapse_power(q, 3 * q, ran, alpha=alpha) if ran else None})
        return pd.DataFrame(rows)


    def figure(self, path: Path) -> list[str]:
        """Left: each cell's collapse rate with its exact CI (the Cells table's numbers); right:
        every complete repeat's score, the collapsed ones as red x, the intermediate ones
        (lab.stats.intermediate) ringed in orange — whether a session either works or collapses is
        seen there (the working scores one cluster, the collapsed far below it).
        Returns what was not drawn, to say beside the figure."""
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt   # (heavy: only when a figure is drawn)

        counts = self.counts()
        if not counts:
            return ["no figure: no complete single-session repeat"]
        names = self.labels()
        inter = self.intermediate_repeats()
        fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.55 * len(counts) + 2.2), sharey=True)
        ys = np.arange(len(counts))[::-1]
        n_max = 0
        for y, (cell, k, n, g) in zip(ys, counts):
            lo, hi = rate_ci(k, n, self.level)
            left.errorbar([k / n], [y], xerr=[[k / n - lo], [hi - k / n]], fmt="o", color="C0", capsize=3)
            inside = hi > 0.85          # near the axis' end: the label left of the CI's end, above it
            left.annotate(f"{k}/{n}", (hi, y), xytext=(-2, 7) if inside else (4, 0), textcoords="offset points",
                          va="center", ha="right" if inside else "left", fontsize=8)
            col = g["collapsed"].astype(bool)
            jit = np.linspace(-0.18, 0.18, len(g)) if len(g) > 1 else np.zeros(len(g))
            right.scatter(g.loc[~col, "score"], y + jit[:int((~col).sum())], s=18, color="C0", zorder=3,
                          label="working repeat")
            if col.any():
                right.scatter(g.loc[col, "score"], y + jit[int((~col).sum()):], marker="x", s=36,
                              color="C3", zorder=3, label="collapsed repeat")
            ys_of = pd.Series(jit + y, index=list(g.index[~col]) + list(g.index[col]))   # as drawn above
            odd = [i for i, r in g.iterrows() if (r["run_id"], int(r["repeat"])) in inter]
            if odd:
                right.scatter(g.loc[odd, "score"], ys_of[odd], marker="D", s=70, facecolors="none",
                              edgecolors="C1", linewidths=1.4, zorder=4,
                              label="intermediate (neither works nor collapses)")
            quiet = [i for i, r in g.iterrows() if r["stopped_answering"] and not r["collapsed"]]
            if quiet:
                right.scatter(g.loc[quiet, "score"], ys_of[quiet], marker="s", s=150, facecolors="none",
                              edgecolors="C4", linewidths=1.4, zorder=4,
                              label="stopped answering (no copied answer)")
            n_max = max(n_max, int(g["n"].max()))
        left.set_xlim(0, 1)
        left.set_xlabel(f"collapse rate ({self.level:.0%} exact CI; label: collapsed / repeats)")
        left.set_yticks(ys)
        left.set_yticklabels(names, fontsize=8)
        right.set_xlim(-2, n_max + 1)       # a repeat at 0 drawn whole
        right.set_xlabel(f"score of each repeat (of {n_max})")
        handles, labels = right.get_legend_handles_labels()
        keep = dict(zip(labels, handles))
        right.legend(keep.values(), keep.keys(), fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0),
                     ncol=2, frameon=False)       # above the panel: never over a repeat
        for ax in (left, right):
            ax.grid(axis="x", color="0.9")
        save_figure(fig, path, f"Single-session collapse per cell: {RULE}")
        return []


def batch_check(folder: Path) -> str:
    """The batching check's timings, a row per pair, and the decision its rule made."""
    rows = read_timings(folder)
    if not rows:
        return f"(not run yet: no {folder / 'timings.tsv'})"
    table = pd.DataFrame([{"pair (in turn: batched, then sequential)": p,
                           "batched: 4 sessions, model.parallel=4 (s)": m.get("batched"),
                           "sequential: the same 4, model.parallel=1 (s)": m.get("sequential"),
                           "batched / sequential": m["batched"] / m["sequential"] if len(m) == 2 and m["sequential"] else None}
                          for p, m in sorted(by_pair(rows).items())])
    d = read_decision(folder)
    said = ("not decided yet (pairs still to measure)" if d is None else
            f"**{d['decision']}**: batched / sequential {d['ratio']} over {d['pairs']} pairs "
            f"({d['rule']}); the sweep's extra overrides: {' '.join(d['overrides']) or 'none'}")
    return md(table) + f"\n\nWhole `lab run` processes (model load included on both sides). Decision: {said}."


STOPPED = ("at least 5 tests in a row ended with one unanswered outcome (lab.records.cascade."
           "stopped_answering, the same COLLAPSE_STREAK)")
STOPPED_SECTION = "Counting a session that stopped answering as collapsed (added after the data)"


def stopped_as_collapse(dirs: list[str], base: tuple[str, float], premise: str | None) -> str:
    """The cells, the pooled rate, the tests between cells, the intermediate repeats and the seed
    effect again, with every repeat that stopped answering counted as collapsed: the reading added
    after the data beside the one fixed before it."""
    g = Collapse(dirs, stopped_as_collapse=True)
    table, said = g.works_or_collapses()
    anova, seed_said = g.seed_effect()
    return "\n\n".join([
        f"### {STOPPED_SECTION}\n\nA repeat counts as collapsed here when it collapsed by the rule "
        f"fixed before the data or stopped answering: {STOPPED}. Not a test fixed before the data: "
        f"the sessions above were seen first.",
        "#### Cells\n\n" + md(g.cells(), "(no complete single-session repeat)"),
        g.pooled(base, premise),
        "#### Does the vocabulary or the prompt change the rate?\n\n"
        + md(g.omnibus(), "(no axis with two or more cells)"),
        "#### Does a session either work or collapse? (the intermediate repeats)\n\n"
        + md(table, "(no complete single-session repeat)") + "\n\n" + said,
        "#### Does a score go with its seed? (exploratory)\n\n"
        + md(anova, "(no seed run in every cell)") + "\n\n" + seed_said])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", help="results folders holding single-session runs")
    ap.add_argument("--batch-check", metavar="DIR",
                    help="the batching check's folder (scripts/collapse_batch_check.py): its "
                         "timings and the decision it made, before the cells")
    ap.add_argument("--figure", metavar="PNG", help="draw the rates and every repeat's score there")
    ap.add_argument("--base-rate", default=DEFAULT_BASE_RATE,
                    help="a collapse rate to plan a 3x difference from, besides the one measured "
                         "(default 1/12: the lexiopt sweep's single sessions)")
    args = ap.parse_args(argv)
    if args.batch_check:
        print("### Batched or sequential (the check before the sweep)\n\n" + batch_check(Path(args.batch_check)) + "\n")
    f = Collapse(args.dirs)
    for p in f.res.problems:
        print(f"<!-- left out: {p} -->")
    print(f"A repeat collapsed: {RULE} (lab.records.cascade.is_collapse, COLLAPSE_STREAK "
          f"{COLLAPSE_STREAK}), fixed before the data.\n")
    print("### Cells\n\n" + md(f.cells(), "(no complete single-session repeat)"))
    stopped = f.stopped()
    if not stopped.empty:
        print(f"\n**Sessions that stopped answering** (added on 2026-12-06, after the data): "
              f"{STOPPED} — not a collapse by the rule above, which asks for a copied answer. The "
              f"tests fixed before the data read them as that rule does (a working repeat); "
              f"*{STOPPED_SECTION}* reads them again as collapses.\n\n" + md(stopped))
    base = (f"--base-rate {args.base_rate}", rate(args.base_rate))
    premise = PREMISE if rate(args.base_rate) == rate(DEFAULT_BASE_RATE) else None
    said = f.pooled(base, premise)
    if said:
        print("\n" + said)
    print("\n" + f.continued())
    print("\n**Scores by seed** (c: collapsed, s: stopped answering, i: intermediate; blank: not run yet). Every cell runs the "
          "same seeds: a row puts one seed's repeats side by side, so a reader sees whether a score "
          "goes with its seed more than with its cell.\n\n" + md(f.by_seed(), "(no complete single-session repeat)"))
    for said in (f.code_versions(), f.machines()):
        if said:
            print("\n" + said)
    table, said = f.seed_effect()
    print("\n### Does a score go with its seed? (exploratory)\n\n"
          "Added on 2026-12-05, after the sweep's by-seed table showed seed 0 lowest in every cell: "
          "not one of the tests fixed before the data, and uncorrected for having looked. Every cell samples "
          "seed s's turns with the same draws (agent.loop.turn_seed hashes the seed, the test and the "
          "turn): common random numbers, which couple the cells by seed. Two-way additive ANOVA of the "
          "working repeats' scores, seeds x cells (lab.stats.twoway.block_anova):\n\n"
          + md(table, "(no seed run in every cell)") + "\n\n" + said)
    print("\n### Does the vocabulary or the prompt change the rate?\n\n"
          + md(f.omnibus(), "(no axis with two or more cells)"))
    print("\n### Pairs (Fisher's exact test, two-sided)\n\n" + md(f.pairs(), "(fewer than two cells)"))
    table, said = f.works_or_collapses()
    print("\n### Does a session either work or collapse? (the intermediate repeats)\n\n"
          f"docs/statistics.md's test: a repeat that did not collapse but scored below the "
          f"{INTERMEDIATE_Q:.0%} point of its cell's working distribution (the single-session simulator "
          f"fitted to the cell's other working repeats, leave one out), or collapsed with a score at or "
          f"above it, is *intermediate*; the hypothesis says there are none beyond chance "
          f"(lab.stats.intermediate).\n\n" + md(table, "(no complete single-session repeat)") + "\n\n" + said)
    if not stopped.empty:
        print("\n" + stopped_as_collapse(args.dirs, base, premise))
    k, n = totals(f.counts())
    rates = [("pooled here", k / n)] if n else []
    rates.append(("--base-rate", rate(args.base_rate)))
    print("\n### Repeats a 3x collapse-rate difference needs\n\n"
          + md(f.power(rates), "(no rate between 0 and 1/3 to plan from)"))
    if args.figure:
        for line in f.figure(Path(args.figure)):
            print(f"\n{line}")


if __name__ == "__main__":
    run(main, __file__)
