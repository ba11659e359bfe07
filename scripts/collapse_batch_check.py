"""The collapse sweep's batching check, the rule its page fixed before the runs
(docs/findings/qwen2.5-coder-1.5b-collapse.md, Design): four single sessions of 16 tests batched
(`run.repeats=4 model.parallel=4`) against the same four sequential, on this machine with nothing
else running, in turn (batched, then sequential; PAIRS times, since the machine's speed drifts
between minutes). The sweep runs batched if the batched sessions took at most 3/4 of the
sequential time over all pairs (batching saves a quarter or more), sequentially otherwise.

    .venv/bin/python scripts/collapse_batch_check.py OUT [--pairs 2] [--tests 16] [overrides...]
    .venv/bin/python scripts/collapse_batch_check.py OUT --overrides   # the sweep's, once decided

Writes OUT/timings.tsv (a row per finished measurement: whole `lab run` processes, model load
included on both sides) and OUT/decision.json; each measurement's runs stay in OUT/pair-N/MODE.
Run again, it makes what is missing — a measurement cut short is discarded and made again (a
partial time means nothing) — and returns at once when decided. LAB= the lab command (a worktree's:
PYTHONPATH=$PWD LAB=.venv/bin/lab); extra overrides go to every `lab run` (model.n_threads=2).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

MODES = ("batched", "sequential")
PARALLEL = {"batched": 4, "sequential": 1}
#: batched if it takes at most this share of the sequential time (saves a quarter or more)
THRESHOLD = 0.75
#: what the collapse sweep adds to every `lab run` when batched: its four vocabulary cells are one
#: Hydra sweep, so the batched launcher runs their sessions (one repeat each at a time) together
SWEEP_OVERRIDES = ["hydra/launcher=batched", "model.parallel=4"]
FIELDS = ["pair", "mode", "seconds", "results_dir"]


def command(lab: list[str], out: Path, pair: int, mode: str, tests: int, extra: list[str]) -> list[str]:
    """One measurement: the collapse sweep's lexiopt4 cell in one session, cut to `tests` tests."""
    return [*lab, "run", "+experiment=lexiopt4", "run.experiment=collapse-batch-check",
            "agent.session=single", "agent.tool_choice=first", "agent.forced_tool=path_resolve",
            "agent.time_limit_s=600", f"suite.limit={tests}", "run.repeats=4",
            f"model.parallel={PARALLEL[mode]}", "run.progress=false",
            f"run.results_dir={out / f'pair-{pair}' / mode}", *extra]


def read_timings(out: Path) -> list[dict]:
    path = out / "timings.tsv"
    if not path.exists():
        return []
    with path.open() as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for i, r in enumerate(rows, start=2):
        if set(FIELDS) - set(r) or r["mode"] not in MODES:
            raise SystemExit(f"collapse_batch_check: {path}, line {i}: not a timings row "
                             f"(columns {', '.join(FIELDS)}; mode one of {', '.join(MODES)})")
    return rows


def by_pair(rows: list[dict]) -> dict[int, dict[str, float]]:
    """{pair: {mode: seconds}} from the timings rows (a pair may still lack a mode)."""
    by: dict[int, dict[str, float]] = {}
    for r in rows:
        by.setdefault(int(r["pair"]), {})[r["mode"]] = float(r["seconds"])
    return by


def read_decision(out: Path) -> dict | None:
    """OUT/decision.json, or None while the check is not decided."""
    path = out / "decision.json"
    return json.loads(path.read_text()) if path.exists() else None


def decide(rows: list[dict]) -> dict:
    """The rule, over complete pairs only: sum of batched seconds / sum of sequential seconds."""
    by = by_pair(rows)
    pairs = sorted(p for p, m in by.items() if set(m) == set(MODES))
    b = sum(by[p]["batched"] for p in pairs)
    s = sum(by[p]["sequential"] for p in pairs)
    ratio = b / s if s else None
    batched = ratio is not None and ratio <= THRESHOLD
    return {"pairs": len(pairs), "batched_s": round(b, 1), "sequential_s": round(s, 1),
            "ratio": None if ratio is None else round(ratio, 3),
            "per_pair": [round(by[p]["batched"] / by[p]["sequential"], 3) if by[p]["sequential"] else None
                         for p in pairs],
            "rule": f"batched if batched / sequential <= {THRESHOLD} (saves a quarter or more)",
            "decision": "batched" if batched else "sequential",
            "overrides": SWEEP_OVERRIDES if batched else []}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--pairs", type=int, default=2)
    ap.add_argument("--tests", type=int, default=16)
    ap.add_argument("--overrides", action="store_true",
                    help="print the collapse sweep's overrides from the decision (none: sequential)")
    args, extra = ap.parse_known_args(argv)
    decision_path = args.out / "decision.json"
    d = read_decision(args.out)
    if args.overrides:
        if d is None:
            raise SystemExit(f"collapse_batch_check: {decision_path}: not decided yet "
                             f"(run scripts/collapse_batch_check.py {args.out} first)")
        print(" ".join(d["overrides"]))
        return 0
    if d is not None:
        print(f"collapse_batch_check: decided: {d['decision']} (batched/sequential {d['ratio']}, "
              f"{d['pairs']} pairs; {decision_path})")
        return 0
    lab = shlex.split(os.environ.get("LAB", ".venv/bin/lab"))
    args.out.mkdir(parents=True, exist_ok=True)
    rows = read_timings(args.out)
    done = {(int(r["pair"]), r["mode"]) for r in rows}
    tsv = args.out / "timings.tsv"
    for pair in range(1, args.pairs + 1):
        for mode in MODES:
            if (pair, mode) in done:
                continue
            folder = args.out / f"pair-{pair}" / mode
            shutil.rmtree(folder, ignore_errors=True)       # a measurement cut short: made again
            cmd = command(lab, args.out, pair, mode, args.tests, extra)
            print(f"collapse_batch_check: pair {pair} {mode}: {shlex.join(cmd)}", flush=True)
            t0 = time.monotonic()
            rc = subprocess.run(cmd).returncode
            seconds = time.monotonic() - t0
            if rc != 0:
                raise SystemExit(f"collapse_batch_check: pair {pair} {mode}: `lab run` exited {rc}; "
                                 f"nothing recorded (run again to measure it again)")
            new = not tsv.exists()
            with tsv.open("a", newline="") as f:
                w = csv.DictWriter(f, FIELDS, delimiter="\t")
                if new:
                    w.writeheader()
                w.writerow({"pair": pair, "mode": mode, "seconds": f"{seconds:.1f}",
                            "results_dir": str(folder)})
    d = decide(read_timings(args.out))
    decision_path.write_text(json.dumps(d, indent=1) + "\n")
    print(f"collapse_batch_check: {d['decision']}: batched {d['batched_s']} s, sequential "
          f"{d['sequential_s']} s, ratio {d['ratio']} over {d['pairs']} pairs ({d['rule']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
