"""Are a model's logits the same evaluated in one batch and one token at a time?

    .venv/bin/python benchmarks/batch_logits.py [--model qwen2.5-coder-1.5b] [--tokens 4]

Speculative decoding (`model.lookup_draft`) checks a draft in one batch; plain decoding evaluates
each token alone. The two are the same computation in exact arithmetic, but llama.cpp's CPU
kernels for a batch and for one token round differently. This evaluates the last `--tokens`
tokens of a short chat both ways, after the same prefix, and prints per position the argmax of
each and the largest absolute logit difference. A difference is why drafts can change a sampled
token (README, "Speed with a real model"). Cheap (seconds); still, run it on an idle machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.models import load_model  # noqa: E402

TEXT = ("<|im_start|>user\nSay: the quick brown fox jumps over the lazy dog. the quick brown"
        "<|im_end|>\n<|im_start|>assistant\nthe quick brown fox jumps over")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--tokens", type=int, default=4)
    a = ap.parse_args()
    backend = load_model(compose([f"model={a.model}", "model.n_ctx=4096"]).model)
    llm = backend.llm
    toks = backend._tokenize(TEXT)
    k = max(2, min(a.tokens, len(toks) - 1))
    head, tail = toks[:-k], toks[-k:]

    def logits(i: int) -> np.ndarray:
        return np.ctypeslib.as_array(llm._ctx.get_logits_ith(i), shape=(llm._n_vocab,)).copy()

    llm.reset()
    llm.eval(head)
    one = []
    for t in tail:
        llm.eval([t])
        one.append(logits(-1))
    llm.reset()
    llm.eval(head)
    llm._ctx.kv_cache_seq_rm(-1, llm.n_tokens, -1)
    llm._batch.set_batch(batch=tail, n_past=llm.n_tokens, logits_all=True)
    llm._ctx.decode(llm._batch)
    batch = [logits(i) for i in range(k)]
    print(f"{a.model} ({backend.identity().quantization}): {k} positions after {len(head)} tokens")
    print("| position | argmax one at a time | argmax batched | max abs logit difference |")
    print("| ---: | ---: | ---: | ---: |")
    for i in range(k):
        print(f"| {i} | {int(one[i].argmax())} | {int(batch[i].argmax())} | "
              f"{float(np.abs(one[i] - batch[i]).max()):.4f} |")
    backend.close()


if __name__ == "__main__":
    main()
