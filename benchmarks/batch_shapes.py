"""The time of one llama_decode call by its number of tokens: the shapes the batched engine meets.

    .venv/bin/python benchmarks/batch_shapes.py [--model qwen2.5-coder-1.5b] [--max 16]
        [--context 1024] [--rounds 5] [--json FILE] [--write]

One context of the lab's batched backend (model.parallel=--max: flash attention, one pool of KV
cells, the model config's threads), a prompt of --context tokens read once and shared by every
sequence (llama_memory_seq_cp: nothing evaluated again). Then, for n = 1 .. --max, rounds in turn:

- decode: one call of n tokens, one of each of n sequences at the next position (a decode step
  of n generating sequences), timed to llama_synchronize, its cells removed afterwards;
- chunk: one call of n consecutive prompt tokens of one sequence (a prompt chunk).

Printed per n: the median seconds of a call and tokens per second of each shape, and the plan
the engine would use (lab/models/batch_shapes.py: the split of n tokens into calls that the
measured costs say is fastest; `-` where one call is). `--write` stores the decode table as the
committed table of this level and CPU (lab/models/batch_shapes/<level>/<cpu>.json), which the
engine's `model.batch_shapes: auto` reads. Idle machine only: nothing else on the cores.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.models import llama_levels  # noqa: E402
from lab.models import batch_shapes  # noqa: E402
from lab.models import load_model  # noqa: E402
from lab.models.numerics import cpu_info  # noqa: E402


def measure(model: str, top: int, context: int, rounds: int, overrides: list[str]) -> dict:
    backend = load_model(compose([f"model={model}", f"model.parallel={top}",
                                  f"model.n_ctx={context + 2 * top + 8}",
                                  "model.batch_shapes=none", *overrides]).model)
    low, llm = backend._llama_cpp, backend.llm
    ctx = llm._ctx.ctx
    mem = low.llama_get_memory(ctx)
    n_batch = llm.n_batch
    batch = low.llama_batch_init(max(n_batch, top), 0, 1)
    text = "def f(x):\n    return x + 1\n" * (context // 8 + 8)
    prompt = backend._tokenize(text)[:context]

    def call(entries):
        for i, (seq, tok, pos, logits) in enumerate(entries):
            batch.token[i], batch.pos[i], batch.n_seq_id[i] = tok, pos, 1
            batch.seq_id[i][0], batch.logits[i] = seq, logits
        batch.n_tokens = len(entries)
        t0 = time.perf_counter()
        rc = low.llama_decode(ctx, batch)
        low.llama_synchronize(ctx)
        if rc != 0:
            raise RuntimeError(f"llama_decode returned {rc}")
        return time.perf_counter() - t0

    low.llama_memory_clear(mem, True)
    for s in range(0, len(prompt), n_batch):
        part = prompt[s:s + n_batch]
        call([(0, t, s + k, s + k == len(prompt) - 1) for k, t in enumerate(part)])
    for j in range(1, top):
        low.llama_memory_seq_cp(mem, 0, j, -1, -1)
    tok = prompt[-1]
    times = {"decode": {n: [] for n in range(1, top + 1)}, "chunk": {n: [] for n in range(1, top + 1)}}
    call([(j, tok, context, True) for j in range(top)])   # warm: every graph size once
    for j in range(top):
        low.llama_memory_seq_rm(mem, j, context, -1)
    for _ in range(rounds):
        for n in range(1, top + 1):
            times["decode"][n].append(call([(j, tok, context, True) for j in range(n)]))
            for j in range(n):
                low.llama_memory_seq_rm(mem, j, context, -1)
            times["chunk"][n].append(call([(0, tok, context + k, k == n - 1) for k in range(n)]))
            low.llama_memory_seq_rm(mem, 0, context, -1)
    low.llama_batch_free(batch)
    backend.close()
    med = {shape: {n: statistics.median(v) for n, v in by.items()} for shape, by in times.items()}
    return {"model": model, "level": llama_levels.active_level(), "cpu": llama_levels.cpu_key(),
            "cpu_name": cpu_info()["model"], "threads": backend.n_threads,
            "context": context, "rounds": rounds, "median_s": med}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--max", type=int, default=16)
    ap.add_argument("--context", type=int, default=1024)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--write", action="store_true",
                    help="store the decode table as this level's and CPU's committed table")
    args = ap.parse_args()
    llama_levels.select()
    out = measure(args.model, args.max, args.context, args.rounds, args.overrides)
    dec = out["median_s"]["decode"]
    plan = batch_shapes.plan_from_costs(dec)
    print(f"# {out['cpu_name']} ({out['cpu']}), level {out['level']}, {out['threads']} threads, "
          f"{args.model}, context {args.context}, median of {args.rounds}")
    print("| n | decode s | decode tok/s | chunk s | chunk tok/s | plan |")
    print("| --- | --- | --- | --- | --- | --- |")
    for n in sorted(dec):
        ch = out["median_s"]["chunk"][n]
        split = plan.get(n)
        print(f"| {n} | {dec[n]:.4f} | {n / dec[n]:.1f} | {ch:.4f} | {n / ch:.1f} | "
              f"{'+'.join(map(str, split)) if split else '-'} |")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    if args.write:   # a committed table says how and when it was measured
        level = out["level"]
        path = batch_shapes.write_table({
            **out, "measured": datetime.date.today().isoformat(),
            "command": f"VOCAB_LAB_LLAMA_BUILD={level} .venv/bin/python benchmarks/batch_shapes.py "
                       + " ".join(shlex.quote(a) for a in sys.argv[1:]
                                  if a != "--write")})
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
