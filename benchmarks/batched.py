"""Batched decoding: the lab's llama_cpp backend at B = 1, 2, 4, 8, 16 sequences.

    .venv/bin/python benchmarks/batched.py [--model qwen2.5-coder-1.5b] [--sizes 1 2 4 8 16]
        [--prompt-tokens 300] [--gen 32] [--streams] [--set KEY=VALUE ...] [--json FILE]

The shape of llama.cpp's own `llama-batched-bench -pps` (a shared prompt, then B sequences of
`--gen` tokens each): B conversations with the same ~300-token system prompt and a user message
of their own ask for a long answer; each generates exactly `--gen` tokens (max_tokens, no early
stop: the prompt asks for a long list and EOS is rare; the row counts what was generated).
B = 1 is today's one-conversation loop (model.parallel=1); B > 1 the batched engine
(model.parallel=B) under the Lockstep scheduler, the shared prompt evaluated once.

Columns: generated tokens per second in aggregate (all sequences; decode steps and sampling, as
B = 1's loop measures it), the decode calls alone (B > 1; what llama-batched-bench times: it
samples nothing), the seconds spent sampling, prompt tokens evaluated per second (prefill steps), prompt tokens shared (copied, not evaluated), wall
time, and the ratio to B = 1. `--set model.extra_buffers=true` (any model override) matches
llama.cpp's own tools, which repack weights by default; the lab's configs do not (docs/numerics.md),
so compare the defaults with `llama-batched-bench --no-repack`. Target (issue 23): >= 3x B = 1 at the best B, within 10% of
llama-batched-bench at the same B on this machine (README, "Batched decoding"). Idle machine only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.models import load_model  # noqa: E402
from lab.models.messages import ChatRequest, Message  # noqa: E402
from lab.models.lockstep import Lockstep  # noqa: E402

TOPICS = ["rivers", "birds", "metals", "planets", "trees", "rocks", "fish", "insects", "stars",
          "spices", "fabrics", "tools", "ships", "bridges", "clouds", "fruits", "grains", "gems",
          "winds", "lakes", "deserts", "islands", "mountains", "flowers", "mammals", "reptiles",
          "minerals", "vegetables", "instruments", "languages", "dances", "games"]


def system_prompt(backend, tokens: int) -> str:
    base = ("You are a careful assistant who writes long, numbered lists. Every item is one short "
            "line with a name and a fact. ")
    text = base
    while backend.count_tokens(text) < tokens:
        text += base
    return text


def request(system: str, topic: str, gen: int, seed: int) -> ChatRequest:
    return ChatRequest(messages=[Message("system", system),
                                 Message("user", f"List 60 {topic}, one per line, numbered.")],
                       tools=[], max_tokens=gen, seed=seed)


def one_size(model: str, size: int, prompt_tokens: int, gen: int, streams: bool,
             overrides: list[str]) -> dict:
    extra = [f"model.parallel={size}", "model.n_ctx=2048",
             *(["model.kv_unified=false"] if streams else [])] if size > 1 else ["model.n_ctx=2048"]
    extra += overrides
    backend = load_model(compose([f"model={model}", *extra]).model)
    system = system_prompt(backend, prompt_tokens)
    reqs = [request(system, TOPICS[i % len(TOPICS)], gen, 1000 + i) for i in range(size)]
    t0 = time.monotonic()
    if size == 1:
        turn = backend.chat(reqs[0])
        row = {"generated": turn.completion_tokens, "prompt_evaluated": turn.evaluated_tokens,
               "prompt_shared": 0, "prefill_s": turn.prompt_eval_s, "decode_s": turn.generation_s,
               "sample_s": None}   # inside generation_s: the one-conversation loop samples as it decodes
    else:
        engine = backend.step_engine()
        turns: dict[int, object] = {}

        def job(i):
            def run(view):
                turns[i] = view.chat(reqs[i])
            return run

        Lockstep(engine).run([job(i) for i in range(size)])
        st = engine.stats
        row = {k: st[k] for k in ("generated", "prompt_evaluated", "prompt_shared", "prefill_s",
                                  "decode_s", "sample_s")}
        engine.close()
    row["wall_s"] = time.monotonic() - t0
    backend.close()
    # the first token of each sequence is sampled after a prefill step: decode steps made the rest
    decoded = row["generated"] - size
    # generation as the one-conversation loop measures it (decode and sampling), and the decode
    # calls alone (B > 1: what llama-batched-bench times; it samples nothing)
    gen_s = row["decode_s"] + (row["sample_s"] or 0.0)
    row.update(B=size, gen_tok_s=decoded / gen_s if gen_s else 0.0,
               decode_tok_s=decoded / row["decode_s"] if row["decode_s"] and row["sample_s"] is not None
               else None,
               prompt_tok_s=row["prompt_evaluated"] / row["prefill_s"] if row["prefill_s"] else 0.0)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    ap.add_argument("--prompt-tokens", type=int, default=300)
    ap.add_argument("--gen", type=int, default=32)
    ap.add_argument("--streams", action="store_true",
                    help="model.kv_unified=false (a KV stream per sequence; default: one pool)")
    ap.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                    help="a model override for every size, e.g. model.extra_buffers=true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    rows = []
    for size in a.sizes:
        rows.append(one_size(a.model, size, a.prompt_tokens, a.gen, a.streams, a.overrides))
        print(f"B={size}: {rows[-1]}", file=sys.stderr, flush=True)
    base = next((r["gen_tok_s"] for r in rows if r["B"] == 1), None)
    print(f"{a.model}, prompt ~{a.prompt_tokens} tokens shared, {a.gen} generated a sequence, "
          f"{'a KV stream per sequence' if a.streams else 'one pool of KV cells, flash attention (the defaults)'}"
          + (f", {' '.join(a.overrides)}" if a.overrides else ""))
    print("| B | generated tok/s (aggregate, with sampling) | x B=1 | decode calls only tok/s | "
          "sampling s | prompt tok/s | prompt evaluated | shared | wall s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        ratio = f"{r['gen_tok_s'] / base:.2f}" if base else "-"
        dec = "-" if r["decode_tok_s"] is None else f"{r['decode_tok_s']:.1f}"
        sample = "in generation" if r["sample_s"] is None else f"{r['sample_s']:.2f}"
        print(f"| {r['B']} | {r['gen_tok_s']:.1f} | {ratio} | {dec} | {sample} | {r['prompt_tok_s']:.1f} | "
              f"{r['prompt_evaluated']} | {r['prompt_shared']} | {r['wall_s']:.1f} |")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
