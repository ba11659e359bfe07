"""Prompt-lookup drafts for speculative decoding (`model.lookup_draft`, llama_cpp backend).

A small model's turns in this lab are mostly copies: the forced call's query repeats the user's
words, the answer repeats a path from the tool result. The draft is the continuation of the most
recent earlier occurrence of the sequence's last n tokens (n from `max_ngram` down to 1), taken from
the last `window` tokens; the model then checks the whole draft in one batch (`LlamaCppBackend`).

The draft never decides a token: every output token is still sampled from the model's own
distribution, in order, with the same sampler and random draws as plain decoding; a draft token is
kept only when it equals the sampled one. So drafts change speed, not what is generated — up to the
rounding differences between a batched and a one-token evaluation of the same position, which for
a Q4_K_M model reach ~0.4 in a logit and can flip a close draw (benchmarks/batch_logits.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: how far back (in tokens) a draft is looked for: the current test's messages and answer
WINDOW = 4096
#: the longest and shortest tail looked up (a longer match is a likelier continuation)
MAX_NGRAM, MIN_NGRAM = 3, 1


def draft(tokens: np.ndarray, *, max_tokens: int, max_ngram: int = MAX_NGRAM,
          min_ngram: int = MIN_NGRAM, window: int = WINDOW) -> list[int]:
    """Up to `max_tokens` tokens that followed the most recent earlier occurrence of the last n
    tokens of `tokens` (the largest min_ngram <= n <= max_ngram that occurs); [] when none does."""
    if max_tokens <= 0 or len(tokens) < 2:
        return []
    seq = np.asarray(tokens[-window:], dtype=np.int64)
    n_seq = len(seq)
    for n in range(min(max_ngram, n_seq - 1), max(min_ngram, 1) - 1, -1):
        tail = seq[n_seq - n:]
        # starts i of earlier occurrences: seq[i:i+n] == tail, with at least one token after it
        # that lies before the tail itself (i + n < n_seq)
        hits = np.ones(n_seq - n, dtype=bool)
        for j in range(n):
            hits &= seq[j:n_seq - n + j] == tail[j]
        found = np.flatnonzero(hits)
        if len(found):
            start = int(found[-1]) + n
            return seq[start:start + max_tokens].tolist()
    return []


@dataclass
class DraftStats:
    """What the drafts did over a backend's life: steps that checked a draft, tokens drafted,
    tokens of them kept."""
    steps: int = 0
    drafted: int = 0
    accepted: int = 0

    def as_dict(self) -> dict:
        rate = self.accepted / self.drafted if self.drafted else None
        return {"steps": self.steps, "drafted": self.drafted, "accepted": self.accepted,
                "acceptance": None if rate is None else round(rate, 4)}
