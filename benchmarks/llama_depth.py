"""Generation and prefill speed of the embedded model at conversation depth, by attention setting.

Single-session runs grow one conversation to ~24k tokens; per-test wall time triples from the first
test to the last (docs/findings/qwen2.5-coder-1.5b-lexiopt.md). This measures, for each attention
setting, prefill tokens/s of a DEPTH-token prompt and generated tokens/s right after it, so the
model config can pick the fastest setting that is exact (flash attention with f16 KV is; a
quantized KV cache is an approximation and is reported as such).

    .venv/bin/python benchmarks/llama_depth.py [--depth 12000] [--gen 32] [--model qwen2.5-coder-1.5b]

Never run beside another llama.cpp workload (2 cores: they slow each other down many times)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SETTINGS = {
    "f16": {"flash_attn": False},
    "flash_attn": {"flash_attn": True},
    "flash_attn+q8_kv": {"flash_attn": True, "type_k": 8, "type_v": 8},  # GGML_TYPE_Q8_0: approximate
}


def measure(path: Path, name: str, kwargs: dict, depth: int, gen: int, threads: int) -> dict:
    from lab.models.llama_levels import select
    select()                  # VOCAB_LAB_LLAMA_BUILD: an installed level other than the venv's own
    import llama_cpp

    from lab.models.llamacpp import _model_params

    with _model_params(llama_cpp, use_extra_bufts=False):
        llm = llama_cpp.Llama(model_path=str(path), n_ctx=depth + gen + 64, n_threads=threads,
                              n_threads_batch=threads, n_batch=512, verbose=False, **kwargs)
    text = Path(__file__).read_text() + Path(__file__).resolve().parent.parent.joinpath("README.md").read_text()
    base = llm.tokenize(text.encode(), add_bos=False)
    tokens = (base * (depth // len(base) + 1))[:depth]
    t0 = time.perf_counter()
    llm.eval(tokens)
    prefill = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(gen):
        tok = llm.sample(temp=0.0)
        llm.eval([tok])
    generation = time.perf_counter() - t0
    del llm
    return {"setting": name, "depth": depth, "prefill_tps": round(depth / prefill, 1),
            "generation_tps": round(gen / generation, 2), "prefill_s": round(prefill, 1),
            "generation_s": round(generation, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=12000)
    ap.add_argument("--gen", type=int, default=32)
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--settings", default="f16,flash_attn", help=f"comma list of {sorted(SETTINGS)}")
    args = ap.parse_args(argv)
    from lab.config import compose
    from lab.models.llamacpp import default_threads
    from lab.models.locate import model_path

    from omegaconf import OmegaConf

    path = model_path(OmegaConf.to_container(compose([f"model={args.model}"]).model, resolve=True))
    rows = []
    for name in args.settings.split(","):
        row = measure(path, name, SETTINGS[name], args.depth, args.gen, default_threads())
        print(json.dumps(row), flush=True)
        rows.append(row)
    print("| setting | depth | prefill tok/s | generated tok/s |\n| --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['setting']} | {r['depth']} | {r['prefill_tps']} | {r['generation_tps']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
