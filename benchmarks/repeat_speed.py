"""The time of a repeat, per llama.cpp level and engine, measured in one run (issue 58).

    .venv/bin/python benchmarks/repeat_speed.py [--tests 16] [--session isolated]
        [--arms pinned-avx2:1 pinned-avx512:1 pinned-avx512:8] [--rounds 2] [--keep DIR]

Each arm is `LEVEL:PARALLEL[:KEY=VALUE,...]`: `lab run` of the first --tests tests of tests70 under
`VOCAB_LAB_LLAMA_BUILD=LEVEL` with `model.parallel=PARALLEL` and the overrides (the default config
otherwise, e.g. `pinned-avx2:8:model.batch_shapes=none`), as its own process. The arms run in turn, A B C A B C ... (--rounds times): this machine's speed
drifts by tens of percent over minutes, so arms are compared within a round, never one arm's
runs against another's taken later. Printed per arm: the whole process's wall time (model load
and indexing included) and the tests' own (tests.csv `wall_s`, summed; batched: the batch's
wall), the prompt tokens evaluated (prompt minus cached) and generated, tests passed, and each
round's ratio against the first arm; then where the time went (from the transcripts: prefill =
the tests' prompt_eval_s, decode = generation_s, tools and harness = the tests' wall less both,
start = the process's wall less the tests' — model load, corpus index; batched: the engine's
`batch` event instead, prefill = its steps that read a prompt chunk, decode tokens beside it
included, decode = the steps that only generate, and sampling). The CPU is named: numbers hold for the CPU they ran on.
Levels not installed stop it with the install line (lab/models/llama_levels.py). Run it on an
otherwise idle machine; never beside another model run.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.models import llama_levels  # noqa: E402
from lab.models.numerics import cpu_info  # noqa: E402

LAB = str(Path(sys.executable).parent / "lab")


def run_arm(level: str, parallel: int, sets: tuple[str, ...], tests: int, session: str, out: Path,
            tag: str) -> dict:
    exp = f"speed-{level}-p{parallel}-{zlib.crc32(repr(sets).encode()) % 10**6 if sets else 'd'}-{tag}"
    cmd = [LAB, "run", f"agent.session={session}", f"suite.limit={tests}", f"model.parallel={parallel}",
           f"run.experiment={exp}", f"run.results_dir={out}", "run.progress=false", *sets]
    t0 = time.perf_counter()
    res = subprocess.run(cmd, env={**os.environ, llama_levels.ENV: level}, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if res.returncode != 0:
        raise SystemExit(f"arm {name((level, parallel, sets))} failed (exit {res.returncode}):\n{res.stderr[-2000:]}")
    rows = [r for f in (out / exp).glob("*/tests.csv") for r in csv.DictReader(f.open())]
    num = lambda k: sum(float(r[k] or 0) for r in rows)
    batch = [e["batch"] for f in (out / exp).glob("*/run.json")
             for e in json.loads(f.read_text()).get("events", []) if e.get("batch")]
    if batch:   # batched: a test's own times overlap the others'; the engine's steps do not
        prefill = sum(b["prefill_s"] for b in batch)
        decode = sum(b["decode_s"] + b["sample_s"] for b in batch)
    else:
        prefill = decode = 0.0
        for f in (out / exp).glob("*/transcripts/*.jsonl"):
            for line in f.read_text().splitlines():
                t = json.loads(line)
                if t.get("type") != "session":
                    prefill += float(t.get("prompt_eval_s") or 0)
                    decode += float(t.get("generation_s") or 0)
    return {"wall": wall, "tests_wall": num("wall_s"), "tests": len(rows), "prefill": prefill,
            "decode": decode, "rest": num("wall_s") - prefill - decode, "start": wall - num("wall_s"),
            "evaluated": int(num("prompt_tokens") - num("cached_tokens")),
            "generated": int(num("completion_tokens")), "passed": sum(r["passed"] == "True" for r in rows),
            "answers": [r["answer"] for r in sorted(rows, key=lambda r: (r["repeat"], int(r["index"])))]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tests", type=int, default=16)
    ap.add_argument("--session", default="isolated", choices=["isolated", "single"])
    ap.add_argument("--arms", nargs="+", default=["pinned-avx2:1", "pinned-avx512:1", "pinned-avx512:8"])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--keep", type=Path, default=None, help="keep the run folders here")
    args = ap.parse_args()
    arms = []
    for a in args.arms:
        level, _, rest = a.partition(":")
        par, _, sets = rest.partition(":")
        llama_levels.level(level)
        if level not in llama_levels.installed():
            raise SystemExit(f"level {level} is not installed: VOCAB_LAB_LLAMA_EXTRA_LEVELS={level} "
                             "bash scripts/install.sh")
        arms.append((level, int(par or 1), tuple(x for x in sets.split(",") if x)))
    out = args.keep or Path(tempfile.mkdtemp(prefix="repeat-speed-"))
    print(f"CPU {cpu_info()['model']} ({', '.join(cpu_info()['flags'])}); {args.tests} tests of tests70, "
          f"{args.session}; {args.rounds} rounds, arms in turn; runs in {out}")
    got: dict[tuple, list[dict]] = {a: [] for a in arms}
    for rnd in range(args.rounds):
        for a in arms:
            r = run_arm(*a, args.tests, args.session, out, f"r{rnd}")
            got[a].append(r)
            base = got[arms[0]][rnd]
            print(f"round {rnd} {name(a)}  wall {r['wall']:.1f} s  tests {r['tests_wall']:.1f} s  "
                  f"evaluated {r['evaluated']}  generated {r['generated']}  passed {r['passed']}/{r['tests']}  "
                  f"speed-up vs {name(arms[0])} {base['wall'] / r['wall']:.2f}x", flush=True)
    print(f"\n| arm | wall s (median) | speed-up (median of rounds) | evaluated | generated | passed | same answers every round |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for a in arms:
        rs = got[a]
        ups = [got[arms[0]][i]["wall"] / r["wall"] for i, r in enumerate(rs)]
        same = all(r["answers"] == rs[0]["answers"] for r in rs)
        print(f"| {name(a)} | {statistics.median(r['wall'] for r in rs):.1f} | {statistics.median(ups):.2f}x "
              f"| {rs[0]['evaluated']} | {rs[0]['generated']} | {rs[0]['passed']}/{rs[0]['tests']} | {same} |")

    print("\n| arm | start s | prefill s | decode s | tools and harness s | (medians of rounds) |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for a in arms:
        med = lambda k: statistics.median(r[k] for r in got[a])
        print(f"| {name(a)} | {med('start'):.1f} | {med('prefill'):.1f} | {med('decode'):.1f} | {med('rest'):.1f} | |")


def name(arm: tuple) -> str:
    return f"{arm[0]}:{arm[1]}" + (":" + ",".join(arm[2]) if arm[2] else "")


if __name__ == "__main__":
    main()
