"""Do a sequence's logits depend on what else is in its batch?

    .venv/bin/python benchmarks/batch_invariance.py [--model qwen2.5-coder-1.5b] [--steps 16]

Sequence A reads the same prompt and then decodes the same greedy tokens (its own, fed back)
in a batched context (`model.parallel=4`), alone and beside 1 and 3 other sequences that read and
decode other prompts in the same decode calls — once with a KV stream per sequence
(`kv_unified: false`) and once with one pool of cells (`kv_unified: true`, every llama config's). Against
A alone in a one-sequence context (`model.parallel=1`, today's loop) it prints, per layout, the
largest absolute logit difference over A's steps and how many of A's greedy tokens differ.
(Flash attention is on in a batched context by default, `flash_attn: auto`, and off alone: the
rows without it isolate what the batch does.) A 0.0 row means the layout does not change A's
arithmetic; anything else is why a batched run's
fingerprint holds `parallel` and why a resume that re-batches names the tests it ran (README,
"Batched decoding"). Cheap (a minute); run it on an idle machine.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.config import compose  # noqa: E402
from lab.models import load_model  # noqa: E402

PROMPTS = ["<|im_start|>user\nWrite a short poem about the sea.<|im_end|>\n<|im_start|>assistant\n",
           "<|im_start|>user\nList five prime numbers and explain each.<|im_end|>\n<|im_start|>assistant\n",
           "<|im_start|>user\nWhat does a compiler do? Answer in detail.<|im_end|>\n<|im_start|>assistant\n",
           "<|im_start|>user\nDescribe a walk in a forest in autumn.<|im_end|>\n<|im_start|>assistant\n"]


def logits_of(llm, i: int) -> np.ndarray:
    return np.ctypeslib.as_array(llm._ctx.get_logits_ith(i), shape=(llm._n_vocab,)).copy()


def alone(model: str, steps: int) -> tuple[list[np.ndarray], list[int]]:
    """A in today's one-sequence context: the prompt in one call, then one token per call."""
    b = load_model(compose([f"model={model}", "model.n_ctx=2048"]).model)
    llm = b.llm
    llm.reset()
    llm.eval(b._tokenize(PROMPTS[0]))
    out, toks = [logits_of(llm, -1)], []
    for _ in range(steps):
        toks.append(int(out[-1].argmax()))
        llm.eval([toks[-1]])
        out.append(logits_of(llm, -1))
    b.close()
    return out[:-1], toks


def batched(model: str, steps: int, companions: int, unified: bool, feed: list[int],
            flash: bool) -> list[np.ndarray]:
    """A (sequence 0) beside `companions` others, fed A's own greedy tokens `feed`; every step's
    decode call holds a token of each sequence (prompts read in one call first)."""
    b = load_model(compose([f"model={model}", "model.n_ctx=2048", "model.parallel=4",
                            f"model.kv_unified={str(unified).lower()}",
                            f"+model.flash_attn={str(flash).lower()}"]).model)
    eng = b.step_engine()
    n = 1 + companions
    prompts = [b._tokenize(PROMPTS[s]) for s in range(n)]
    pos = [len(p) for p in prompts]
    out = []
    if unified:   # one call for every prompt
        entries = [(s, t, k, k == len(p) - 1) for s, p in enumerate(prompts) for k, t in enumerate(p)]
        eng._decode(entries)
        last = {s: i for i, (s, *_r, lg) in enumerate(entries) if lg}
    else:         # a stream per sequence: llama.cpp wants each prompt in a call of its own
        mine = {}
        for s, p in enumerate(prompts):
            eng._decode([(s, t, k, k == len(p) - 1) for k, t in enumerate(p)])
            if s == 0:
                out.append(logits_of(b.llm, len(p) - 1))
            else:
                mine[s] = int(np.argmax(logits_of(b.llm, len(p) - 1)))
    if unified:
        out.append(logits_of(b.llm, last[0]))
        nxt = {s: int(np.argmax(logits_of(b.llm, last[s]))) for s in range(n)}
    else:
        nxt = {0: feed[0], **mine}
    for step in range(steps - 1):
        toks = {0: feed[step], **{s: nxt[s] for s in range(1, n)}}
        entries = [(s, toks[s], pos[s], True) for s in range(n)]
        eng._decode(entries)
        for s in range(n):
            pos[s] += 1
        out.append(logits_of(b.llm, 0))
        nxt = {s: int(np.argmax(logits_of(b.llm, s))) for s in range(n)}
    eng.close()
    b.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="qwen2.5-coder-1.5b")
    ap.add_argument("--steps", type=int, default=16)
    a = ap.parse_args()
    ref, feed = alone(a.model, a.steps)
    print(f"{a.model}: sequence A's logits over {a.steps} greedy steps, against A alone in a "
          "one-sequence context")
    print("| KV layout | beside | max abs logit difference vs alone | vs beside 0 (same layout) | argmax differs (vs alone) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for unified, flash in ((False, False), (True, False), (True, True)):
        solo = None
        for companions in (0, 1, 3):
            got = batched(a.model, a.steps, companions, unified, feed, flash)
            solo = solo or got
            diff = max(float(np.abs(x - y).max()) for x, y in zip(ref, got))
            own = max(float(np.abs(x - y).max()) for x, y in zip(solo, got))
            flips = sum(int(x.argmax() != y.argmax()) for x, y in zip(ref, got))
            print(f"| {'one pool' if unified else 'stream per sequence'}{' + flash attention' if flash else ''} "
                  f"| {companions} | {diff:.4f} | {own:.4f} | {flips} of {len(got)} |", flush=True)


if __name__ == "__main__":
    main()
