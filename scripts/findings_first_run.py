"""The tables of docs/findings/qwen2.5-coder-1.5b-first-run.md, printed as Markdown from the runs.

    .venv/bin/python scripts/findings_first_run.py [RUNS_DIR]

RUNS_DIR (default: docs/findings/qwen2.5-coder-1.5b-first-run/runs) holds the runs of
scripts/first_run_sweep.sh, one experiment folder per cell (`first-run-<mode>-<prompt>`). Every
number comes from the run records and tests.csv through the lab's own readers and definitions
(placeholder echo: lab.records.cascade.is_placeholder_echo; collapse: lab.records.cascade.is_collapse,
a streak of copied answers; the comparison: lab diff's); only complete repeats count.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.records.cascade import is_collapse, is_placeholder_echo  # noqa: E402
from lab.comparisons.diff import build, complete_rows  # noqa: E402
from lab.records.history import scan  # noqa: E402
from lab.records.numerics import of_record  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import run  # noqa: E402

RUNS = Path(__file__).resolve().parent.parent / "docs/findings/qwen2.5-coder-1.5b-first-run/runs"


def cells(runs: Path) -> dict[tuple[str, str], object]:
    out = {}
    for e in scan(runs).entries:
        name = e.record.experiment.removeprefix("first-run-")
        mode, _, prompt = name.partition("-")
        out[(mode, "placeholder" if prompt == "default" else prompt)] = e
    return out


def main() -> None:
    runs = Path(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    found = cells(runs)
    print("| session | prompt | repeats | scores (seeds 0, 1, 2) | mean | placeholder echoes | "
          "collapses | numerics | fingerprint |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for mode in ("isolated", "single"):
        for prompt in ("placeholder", "answer_line"):
            e = found.get((mode, prompt))
            if e is None:
                print(f"| {mode} | {prompt} | not run | | | | | | |")
                continue
            rec = e.record
            rows = complete_rows(e.run_dir, rec)
            echoes = sum(is_placeholder_echo(r.answer) for r in rows)
            # a collapse is a single session's: isolated tests share no memory, so a streak
            # there is one answer repeated (the placeholder), counted as echoes instead
            collapses = [f"seed {r.seed} from {r.cascade.get('streak_start')}" for r in rec.repeats
                         if is_collapse(r.cascade) and mode == "single"]
            scores = [r.score for r in rec.repeats]
            mean = f"{sum(scores) / len(scores):.1f}" if scores else "–"
            print(f"| {mode} | {prompt} | {len(scores)}/{rec.planned_repeats} | "
                  f"{', '.join(map(str, scores)) or '–'} | {mean} | {echoes} of {len(rows)} | "
                  + (f"{len(collapses)}" + (f" ({'; '.join(collapses)})" if collapses else "") if mode == "single" else "n/a")
                  + f" | {of_record(rec).label} | {(rec.fingerprint or '')[:12]} |")
    print()
    for mode in ("isolated", "single"):
        a, b = found.get((mode, "placeholder")), found.get((mode, "answer_line"))
        if a is None or b is None or not a.record.repeats or not b.record.repeats:
            print(f"{mode}: no comparison (an arm has no complete repeat)")
            continue
        d = build(a.run_dir, b.run_dir)
        c = d.comparison
        if c is None:
            print(f"{mode}: no comparison: {d.result.why_not}")
            continue
        ci = f"[{c.ci[0]:+.1f}, {c.ci[1]:+.1f}]" if c.ci else "n/a"
        p = f"{c.p_value:.3g}" if c.p_value is not None else "n/a"
        print(f"{mode}: answer_line − placeholder {c.diff:+.2f} points (means {c.mean_cand:.2f} vs "
              f"{c.mean_base:.2f}), 95% CI {ci}, p {p}, {c.method}; "
              f"{c.repeats_cand} vs {c.repeats_base} repeats")


if __name__ == "__main__":
    run(main, __file__)
