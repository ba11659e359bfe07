"""Two runs -> the lab's one comparison (lab.stats.compare_arms), for `lab diff`, the gate, the
sweep summary and `lab calibrate`. The report reaches the same function from its frames
(lab.analysis.cell_pairs), so the same two runs get the same p-value and CI everywhere.

Only complete repeats count; the compared tests are those present in every complete repeat of
both runs (so both arms are scored on the same tests). The session mode is the records' own
(`agent.session`): isolated only when both ran isolated. Each repeat's round (lab/records/rounds.py)
and collapse flag (its copy cascade) go with it: isolated arms that did not share rounds are
compared over repeat scores; single sessions are compared in two parts (lab/stats/collapse.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np

from lab.records.cascade import answer_rows, find_cascade, is_collapse
from lab.records.record import TESTS_FILE, RunRecord, read_record, read_tests_csv
from lab.records.rounds import UNKNOWN, round_labels, rounds_of, split_by
from lab.stats import Comparison, TestEffect, compare_arms, per_test_effects, session_of
from lab.stats.equivalence import DEFAULT_MARGIN
from lab.stats.heterogeneity import heterogeneity
from lab.stats.per_test import paired_by_seed


@dataclass
class Arm:
    """One run's complete repeats: repeat -> {test_id: passed}, each repeat's seed, the session."""
    run_dir: Path
    record: RunRecord
    passes: dict[int, dict[str, bool]]
    seeds: dict[int, int | None]
    order: list[str]                       # test ids in suite order
    session: str
    rounds: dict = field(default_factory=dict)       # repeat -> RoundInfo (lab/records/rounds.py)
    collapsed: dict = field(default_factory=dict)    # repeat -> collapsed (cascade.is_collapse)

    @classmethod
    def load(cls, run_dir: Path, record: RunRecord | None = None) -> "Arm":
        run_dir = Path(run_dir)
        rec = record or read_record(run_dir)
        done = {r.repeat for r in rec.counted}
        rows = ([r for r in read_tests_csv(run_dir / TESTS_FILE) if r.repeat in done]
                if done else [])
        passes: dict[int, dict[str, bool]] = {k: {} for k in sorted(done)}
        seeds = {r.repeat: r.seed for r in rec.counted}
        order: list[str] = []
        by_repeat: dict[int, list] = {}
        for r in rows:
            passes[r.repeat][r.test_id] = bool(r.passed)
            by_repeat.setdefault(r.repeat, []).append(r)
            if r.test_id not in order:
                order.append(r.test_id)
        return cls(run_dir, rec, passes, seeds, order, (rec.agent or {}).get("session") or "?",
                   rounds_of(rec), {r.repeat: collapsed(r.cascade, by_repeat.get(r.repeat, []))
                                    for r in rec.counted})


@dataclass
class RunComparison:
    comparison: Comparison | None          # None: no complete repeat or no common test
    effects: list[TestEffect] = field(default_factory=list)
    test_ids: list[str] = field(default_factory=list)
    session: str = "single"
    paired_repeats: bool = False           # per-test tests pair repeat k with k (same seeds)
    why_not: str | None = None
    heterogeneity: dict = field(default_factory=dict)   # lab.stats.heterogeneity (Breslow-Day)

    def to_dict(self) -> dict:
        return {"comparison": self.comparison.to_dict() if self.comparison else None,
                "why_not": self.why_not, "session": self.session,
                "per_test_method": (self.effects[0].method if self.effects else None),
                "per_test_family": len(self.effects),
                "per_test_testable": bool(self.effects and self.effects[0].testable),
                "heterogeneity": self.heterogeneity,
                "per_test": [e.to_dict() for e in self.effects if e.flipped]}


def _matrices(base: Arm, cand: Arm, kb: list[int], kc: list[int]):
    """The comparison's inputs: common tests, the two pass matrices, round labels, collapse flags
    and what split the rounds (lab.records.rounds.split_by)."""
    every = [base.passes[k] for k in kb] + [cand.passes[k] for k in kc]
    tests = [t for t in base.order + [x for x in cand.order if x not in base.order]
             if all(t in p for p in every)]
    xb = np.array([[base.passes[k][t] for t in tests] for k in kb], dtype=float)
    xc = np.array([[cand.passes[k][t] for t in tests] for k in kc], dtype=float)
    infos = [base.rounds.get(k, UNKNOWN) for k in kb] + [cand.rounds.get(k, UNKNOWN) for k in kc]
    labels = round_labels(infos)
    flags = ([base.collapsed.get(k, False) for k in kb], [cand.collapsed.get(k, False) for k in kc])
    return tests, xb, xc, (labels[:len(kb)], labels[len(kb):]), flags, split_by(infos, labels)


def compare_only(base: Arm, cand: Arm, base_repeats: Iterable[int], cand_repeats: Iterable[int], *,
                 level: float = 0.95) -> Comparison | None:
    """The comparison alone (no per-test effects): for the calibration's many re-splits."""
    kb, kc = sorted(base_repeats), sorted(cand_repeats)
    session = session_of(base.session, cand.session)
    if not kb or not kc:
        return None
    tests, xb, xc, rounds, flags, split = _matrices(base, cand, kb, kc)
    if not tests:
        return None
    return compare_arms(xb, xc, session=session, level=level, rounds=rounds, round_split=split,
                        collapsed=flags if session == "single" else None,
                        seeds=([base.seeds.get(k) for k in kb], [cand.seeds.get(k) for k in kc]))


def compare_two(base: Arm, cand: Arm, *, base_repeats: Iterable[int] | None = None,
                cand_repeats: Iterable[int] | None = None, level: float = 0.95,
                power: float = 0.8, margin: float = DEFAULT_MARGIN) -> RunComparison:
    """Compare `cand` with `base` on their common tests (optionally on a subset of repeats)."""
    kb = sorted(base.passes if base_repeats is None else base_repeats)
    kc = sorted(cand.passes if cand_repeats is None else cand_repeats)
    session = session_of(base.session, cand.session)
    if not kb or not kc:
        return RunComparison(None, session=session, why_not="no complete repeat on one side")
    tests, xb, xc, rounds, flags, split = _matrices(base, cand, kb, kc)
    if not tests:
        return RunComparison(None, session=session, why_not="no common test")
    c = compare_arms(xb, xc, session=session, level=level, power=power, margin=margin,
                     rounds=rounds, round_split=split, collapsed=flags if session == "single" else None,
                     seeds=([base.seeds.get(k) for k in kb], [cand.seeds.get(k) for k in kc]))
    if session == "single":     # per-test effects of working repeats: a collapse flips them all
        keep_b = [i for i, f in enumerate(flags[0]) if not f] or list(range(len(kb)))
        keep_c = [i for i, f in enumerate(flags[1]) if not f] or list(range(len(kc)))
        xb, xc, kb, kc = xb[keep_b], xc[keep_c], [kb[i] for i in keep_b], [kc[i] for i in keep_c]
    paired = paired_by_seed([base.seeds.get(k) for k in kb], [cand.seeds.get(k) for k in kc])
    effects = per_test_effects(xb, xc, tests, paired=paired, alpha=1 - level)
    return RunComparison(c, effects, tests, session, paired, heterogeneity=heterogeneity(xb, xc))


def compare_runs(base_dir: Path, cand_dir: Path, *, base: RunRecord | None = None,
                 cand: RunRecord | None = None, level: float = 0.95,
                 power: float = 0.8, margin: float = DEFAULT_MARGIN) -> RunComparison:
    return compare_two(Arm.load(base_dir, base), Arm.load(cand_dir, cand), level=level, power=power,
                       margin=margin)


def collapsed(cascade: dict | None, rows: list) -> bool:
    """A repeat's collapse flag (the single-session comparison's first part): its record's copy
    cascade, or for a record from before it, its tests.csv rows' — lab.records.cascade.is_collapse."""
    if not cascade and rows:
        cascade = find_cascade(answer_rows(sorted(rows, key=lambda x: x.index))).to_dict()
    return is_collapse(cascade)


def committed_single_runs(root) -> tuple[list[np.ndarray], list[list[bool]]]:
    """The pass matrices (tests in the order they ran) and collapse flags of every single-session
    run under `root` (e.g. docs/findings/qwen2.5-coder-1.5b-lexiopt/runs/single)."""
    ms, fs = [], []
    for d in sorted(p for p in Path(root).glob("*/*") if (p / "run.json").is_file()):
        a = Arm.load(d)
        if a.session != "single":
            continue
        ks = sorted(a.passes)      # a.order: tests.csv's order, the order they ran (t01..t70
        ms.append(np.array([[a.passes[k][t] for t in a.order] for k in ks], dtype=float))  # here)
        fs.append([bool(a.collapsed.get(k)) for k in ks])
    return ms, fs
