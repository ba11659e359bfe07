"""What the reproducible kernels cost: prompt evaluation and generation speed of the installed
llama.cpp build, with extra buffers off (every lab config) and on (repacked weights).

    .venv/bin/python benchmarks/kernels_speed.py [--model qwen2.5-coder-1.5b] [--prompt 512]
        [--gen 64] [--runs 3] [--extra-buffers off on]

Run it once per build (scripts/install.sh installs the pinned x86-64 build;
VOCAB_LAB_LLAMA_BUILD=native bash scripts/install.sh the native one) on an otherwise idle
machine; each row is the median of --runs (a fresh context per run, greedy decoding of a fixed
prompt, the same for every row). `extra buffers on` with an AMX-compiled build on an AMX CPU
crashes in ggml (docs/numerics.md) and is skipped with a note.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def measure(path: Path, extra: bool, n_prompt: int, n_gen: int, threads: int) -> dict:
    from lab.models.llama_levels import select
    select()                  # VOCAB_LAB_LLAMA_BUILD: an installed level other than the venv's own
    import llama_cpp
    import numpy as np

    from lab.models.llamacpp import _model_params

    with _model_params(llama_cpp, use_extra_bufts=extra):
        llm = llama_cpp.Llama(model_path=str(path), n_ctx=n_prompt + n_gen + 16, n_threads=threads,
                              n_threads_batch=threads, n_batch=512, verbose=False)
    text = Path(__file__).read_text() * 8
    tokens = llm.tokenize(text.encode(), add_bos=False)[:n_prompt]
    t0 = time.perf_counter()
    llm.eval(tokens)
    t1 = time.perf_counter()
    n_vocab = llm.n_vocab()
    out = []
    for _ in range(n_gen):
        logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llm.ctx, -1), shape=(n_vocab,))
        tok = int(logits.argmax())                            # greedy: the same work every run
        out.append(tok)
        llm.eval([tok])
    t2 = time.perf_counter()
    llm.close()
    return {"prefill_tps": n_prompt / (t1 - t0), "gen_tps": n_gen / (t2 - t1), "tokens": out}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--prompt", type=int, default=512)
    ap.add_argument("--gen", type=int, default=64)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--extra-buffers", nargs="+", default=["off", "on"], choices=["off", "on"])
    args = ap.parse_args()

    from lab.config import compose
    from lab.models.llamacpp import amx_kernels_crash, build_numerics, default_threads
    from lab.models.locate import model_path

    cfg = compose([f"model={args.model}"])
    path = model_path(dict(cfg.model))
    build = build_numerics()
    threads = default_threads()
    print(f"build {build['kind']}  ({build['system_info']})  threads {threads}  model {args.model}")
    print(f"{'extra buffers':<14} {'prefill tok/s':>14} {'gen tok/s':>10}  greedy tokens (first 8)")
    rows = {}
    for mode in args.extra_buffers:
        extra = mode == "on"
        if amx_kernels_crash(extra):
            print(f"{mode:<14} skipped: ggml's AMX kernels crash with this build on this CPU")
            continue
        runs = [measure(path, extra, args.prompt, args.gen, threads) for _ in range(args.runs)]
        pre = statistics.median(r["prefill_tps"] for r in runs)
        gen = statistics.median(r["gen_tps"] for r in runs)
        rows[mode] = {"prefill_tps": round(pre, 1), "gen_tps": round(gen, 2), "tokens": runs[0]["tokens"]}
        print(f"{mode:<14} {pre:>14.1f} {gen:>10.2f}  {runs[0]['tokens'][:8]}")
    if "on" in rows and "off" in rows:
        same = rows["on"]["tokens"] == rows["off"]["tokens"]
        print(f"greedy tokens on vs off: {'identical' if same else 'differ'} over {args.gen} tokens")
    print(json.dumps({"build": build, "threads": threads, "rows": rows}))


if __name__ == "__main__":
    main()
