"""The sampler of a grammar turn (a forced tool call), with the grammar checked on the highest
candidates only: the same tokens as llama-cpp-python's chain, at a fraction of its cost.

llama-cpp-python's chain (`Llama._init_sampler`) is penalties -> grammar -> top-k -> typical ->
top-p -> min-p -> temperature -> draw. Its grammar step checks all 151k candidates of the 1.5B
every step (17–33 ms a token on the Intel Xeon, against 1.4 ms without a grammar: half a forced
turn's generation time). Top-k keeps only the k highest-logit candidates the grammar allows, so
those are found by checking candidates in logit order: the grammar is applied to the M highest
(64, then 8x more, up to the whole vocabulary) until k of them are allowed — any allowed token
outside them has a logit no higher than all of them. The rest of the chain is llama.cpp's own
samplers on that set, with the same seed, drawing once a token as before; the penalties and the
grammar accept every token as the chain does. What can differ: candidates whose logits tie
exactly at the k-th place, or in order within the top k (llama.cpp's partial sort of another
array may order equal logits otherwise) — float logits that tie exactly; tests/test_grammar_sampler.py
compares the two samplers token for token on the real model, and the committed references
reproduce with it on.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

FIRST = 64          # candidates checked first
GROWTH = 8          # then 8x more, until top-k's k are allowed (or the vocabulary is checked)


def usable(sampling: dict) -> bool:
    """The chain this sampler reproduces: temperature sampling with top-k (no mirostat, no
    processors), which is every llama_cpp model config of the lab."""
    return (float(sampling.get("temp", 0.8)) > 0 and int(sampling.get("top_k", 40)) > 0
            and not sampling.get("mirostat_mode") and sampling.get("logits_processor") is None)


class TopKGrammarSampler:
    """`sample(ctx, idx)` as llama-cpp-python's LlamaSampler chain for a grammar turn."""

    def __init__(self, llm: Any, grammar: Any, *, top_k: int = 40, top_p: float = 0.95,
                 min_p: float = 0.05, typical_p: float = 1.0, temp: float = 0.8,
                 repeat_penalty: float = 1.0, frequency_penalty: float = 0.0,
                 presence_penalty: float = 0.0) -> None:
        from llama_cpp import _internals, llama_cpp as low  # llama-cpp-python loads only for a llama.cpp model
        self.low = low
        self.k = int(top_k)
        self.n_vocab = int(llm._n_vocab)
        self.pen = _internals.LlamaSampler()
        self.pen.add_penalties(n_vocab=self.n_vocab, penalty_last_n=llm.last_n_tokens_size,
                               penalty_repeat=repeat_penalty, penalty_freq=frequency_penalty,
                               penalty_present=presence_penalty)
        self.gram = _internals.LlamaSampler()
        self.gram.add_grammar(llm._model, grammar)
        self.tail = _internals.LlamaSampler()       # as _init_sampler builds it after the grammar
        self.tail.add_top_k(self.k)
        self.tail.add_typical(typical_p, 1)
        self.tail.add_top_p(top_p, 1)
        self.tail.add_min_p(min_p, 1)
        self.tail.add_temp(temp)
        self.tail.add_dist(llm._seed)
        self._full = (low.llama_token_data * self.n_vocab)()
        self._sub = (low.llama_token_data * self.n_vocab)()
        dt = np.dtype([("id", "<i4"), ("logit", "<f4"), ("p", "<f4")])
        assert dt.itemsize == ctypes.sizeof(low.llama_token_data)
        self.full = np.frombuffer(self._full, dtype=dt)
        self.sub = np.frombuffer(self._sub, dtype=dt)
        self.ids = np.arange(self.n_vocab, dtype=np.int32)
        self.checked = 0          # candidates the grammar was applied to, over the turn

    def _array(self, buf, size: int):
        return self.low.llama_token_data_array(
            data=ctypes.cast(buf, self.low.llama_token_data_p), size=size, selected=-1, sorted=False)

    def sample(self, ctx: Any, idx: int = -1) -> int:
        low = self.low
        logits = low.llama_get_logits_ith(ctx.ctx, idx)
        self.full["id"] = self.ids     # every step: the last one's samplers may have sorted the array
        self.full["logit"] = np.ctypeslib.as_array(logits, shape=(self.n_vocab,))
        self.full["p"] = 0.0
        whole = self._array(self._full, self.n_vocab)
        low.llama_sampler_apply(self.pen.sampler, ctypes.byref(whole))   # in place, id order
        lg = self.full["logit"]
        m = min(FIRST, self.n_vocab)
        while True:
            if m >= self.n_vocab:      # the whole vocabulary: exactly the chain's own step
                arr, view, size = whole, self.full, self.n_vocab
                low.llama_sampler_apply(self.gram.sampler, ctypes.byref(arr))
                self.checked += size
                break
            top = np.argpartition(-lg, m - 1)[:m]
            top.sort()                 # id order, as the chain's array is
            size = len(top)
            self.sub[:size] = self.full[top]
            arr, view = self._array(self._sub, size), self.sub
            low.llama_sampler_apply(self.gram.sampler, ctypes.byref(arr))
            self.checked += size
            if int(np.count_nonzero(view["logit"][:size] > -np.inf)) >= self.k:
                break
            m = min(m * GROWTH, self.n_vocab)
        arr.selected, arr.sorted = -1, False
        low.llama_sampler_apply(self.tail.sampler, ctypes.byref(arr))
        if not 0 <= arr.selected < arr.size:
            raise RuntimeError(f"the sampler selected index {arr.selected} of {arr.size}")
        tok = int(view["id"][arr.selected])
        for s in (self.pen, self.gram, self.tail):
            low.llama_sampler_accept(s.sampler, tok)
        return tok

    def close(self) -> None:
        for s in (self.pen, self.gram, self.tail):
            s.close()
