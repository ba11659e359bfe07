"""Batched decoding for the `llama_cpp` backend (`model.parallel` > 1): a `StepEngine`
(lab/models/lockstep.py) over one loaded model and one context holding `parallel` sequences.

Each step builds one llama.cpp batch: one token of every sequence that is generating, then prompt
chunks of the sequences that are reading, in slot order, up to `n_batch` tokens (continuous
batching). Each sequence samples with its own sampler chain (the backend's settings, grammar for
forced calls, the turn's seed), exactly as the one-conversation loop does.

The KV cache is unified (one pool of cells for all sequences), so a prefix that two sequences share
is held once: before a turn reads its prompt, the longest prefix that any sequence's cache holds is
copied into the turn's sequence with `llama_memory_seq_cp` (cells gain a sequence id; nothing is
evaluated again), and a turn whose prompt shares more with a prompt another sequence is reading
(or will read: it waits itself) waits for the one that shares most to get there, then copies it. The system prompt and tool schemas of
every conversation, and the common start of the cells of a sweep, are evaluated once.

KV budget: `model.kv_cells` cells in all (None: parallel x n_ctx), refused up front when it cannot
fit in memory; a turn is admitted only when every admitted turn's prompt and `max_tokens` fit in
what is left (counted without sharing: it never runs out mid-turn), else it waits for a turn to end.
Everything the schedule depends on is token counts and slot order, never time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lab.errors import InputError, LabError
from lab.models.messages import AssistantTurn, ChatRequest
from lab.models.llama_turn import CHECK_EVERY, TurnInputs
from lab.models.lockstep import SequenceView
from lab.models.batch_shapes import split

#: The engine's scheduling version, in the fingerprint of every run at parallel > 1 (the llama_cpp
#: backend's fingerprint_identity): a batched run's tokens depend on which prefixes this engine
#: copies and where each sequence's KV lands (batched logits are not batch-invariant in the pool
#: layout), so a change here gives other tokens for the same config. Bump it with any such change.
#: 2: a turn waits for the in-flight turn that shares most with it (waits chain). Parallel 1 never
#: carries it.
BATCH_ENGINE = 2

if TYPE_CHECKING:
    from lab.models.llamacpp import LlamaCppBackend

#: a prefix shorter than this is evaluated again rather than waited for
MIN_SHARE = 32


def kv_bytes_per_cell(meta: dict, kv_type: str) -> int | None:
    """Bytes one KV cell takes (K and V of every layer), from the GGUF header; None if unknown."""
    arch = meta.get("general.architecture")
    get = (lambda k: meta.get(f"{arch}.{k}")) if arch else (lambda k: None)
    layers, heads, heads_kv, embd = (get("block_count"), get("attention.head_count"),
                                     get("attention.head_count_kv"), get("embedding_length"))
    if not all(isinstance(v, int) and v > 0 for v in (layers, heads, embd)):
        return None
    heads_kv = heads_kv if isinstance(heads_kv, int) and heads_kv > 0 else heads
    k_len = get("attention.key_length") or embd // heads
    v_len = get("attention.value_length") or embd // heads
    per_value = {"f16": 2.0, "q8_0": 34 / 32}[kv_type]
    return int(layers * heads_kv * (k_len + v_len) * per_value)


def mem_available() -> int | None:
    try:
        for line in open("/proc/meminfo", encoding="ascii"):
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def check_kv_budget(*, parallel: int, n_ctx: int, kv_cells: int | None, meta: dict, kv_type: str,
                    model_bytes: int, file: str) -> int:
    """The KV cells a batched context gets; an InputError when they cannot work or fit here."""
    cells = int(kv_cells or parallel * n_ctx)
    if cells < n_ctx:
        raise InputError(f"kv_cells {cells} is less than one sequence's n_ctx {n_ctx}: a turn that "
                         "fills its context could never be admitted; raise model.kv_cells or lower "
                         "model.n_ctx", file=file, key="model.kv_cells")
    per = kv_bytes_per_cell(meta, kv_type)
    avail = mem_available()
    if per and avail:
        need = cells * per
        room = avail - model_bytes
        if need > 0.9 * room:
            fit = max(0, int(0.9 * room // per))
            raise InputError(
                f"a KV cache of {cells} cells ({parallel} sequences x n_ctx {n_ctx} unless set) takes "
                f"{need / 2**30:.1f} GiB, and this machine has {room / 2**30:.1f} GiB free beside the "
                f"model; set model.kv_cells (at most {fit} fit here; a sequence still gets n_ctx "
                "{n_ctx}, turns wait for room) or fewer model.parallel".replace("{n_ctx}", str(n_ctx)),
                file=file, key="model.kv_cells")
    return cells


@dataclass
class _Turn:
    """One assistant turn of one sequence, in flight."""
    request: ChatRequest
    view: "LlamaSequenceView"
    inputs: TurnInputs
    sampler: Any
    phase: str = "read"            # read | wait | gen
    done: int = 0                  # prompt tokens in the sequence's cache
    cached: int = 0                # of which taken from a cache (own or shared), not evaluated
    source: int | None = None      # wait: the slot whose reading this turn waits for
    until: int = 0                 # ... up to this many tokens
    out: list[int] = field(default_factory=list)
    pending: int | None = None     # the last sampled token, evaluated in the next step
    checked: int = 0
    t0: float = 0.0
    t_first: float | None = None

    @property
    def prompt(self) -> list[int]:
        return self.inputs.prompt


class LlamaBatchEngine:
    """`parallel` sequences of one LlamaCppBackend's context, decoded in batches."""

    def __init__(self, backend: "LlamaCppBackend") -> None:
        self.b = backend
        self.llm = backend.llm
        self.low = backend._llama_cpp
        self.parallel = backend.parallel
        self.kv_cells = backend.kv_cells
        self.n_batch = self.llm.n_batch
        self.plan = backend.batch_plan
        self.mem = self.low.llama_get_memory(self.llm._ctx.ctx)
        self.batch = self.low.llama_batch_init(self.n_batch, 0, 1)
        self.resident: list[list[int]] = [[] for _ in range(self.parallel)]
        self.turns: dict[int, _Turn] = {}
        self.is_eog = self.low.llama_vocab_is_eog
        self._views: dict[int, LlamaSequenceView] = {}
        self.stats = {"steps": 0, "prompt_evaluated": 0, "prompt_shared": 0, "prompt_cached": 0,
                      "generated": 0, "waits": 0,
                      "prefill_s": 0.0, "decode_s": 0.0, "sample_s": 0.0}
        self.low.llama_memory_clear(self.mem, True)
        self.low.llama_perf_context_reset(self.llm._ctx.ctx)

    def facts(self) -> dict:
        """The engine's counters, with llama.cpp's own count of the tokens it decoded beside them
        (`llama_decoded`: every prompt token evaluated and every sampled token fed back, i.e.
        prompt_evaluated + generated - the turns that ended, whose last token is never decoded)."""
        ctx = self.llm._ctx.ctx
        self.low.llama_synchronize(ctx)
        perf = self.low.llama_perf_context(ctx)
        # llama.cpp reports a count of 0 as 1 (it divides by them); a count that never ran has
        # no time either
        n_p = int(perf.n_p_eval) if perf.t_p_eval_ms > 0 else 0
        n_1 = int(perf.n_eval) if perf.t_eval_ms > 0 else 0
        return {**self.stats, "llama_decoded": n_p + n_1,
                "llama_decode_s": round((perf.t_p_eval_ms + perf.t_eval_ms) / 1000, 2)}

    def close(self) -> None:
        if self.batch is not None:
            self.low.llama_batch_free(self.batch)
            self.batch = None

    def view(self, slot: int) -> "LlamaSequenceView":
        self._views[slot] = LlamaSequenceView(self, slot, self.b)
        return self._views[slot]

    def release(self, slot: int) -> None:
        """The slot's job ended; its cache stays as a prefix source until the slot is reused or
        the budget needs the room."""

    # -- admission ------------------------------------------------------------------------------
    def _reserved(self) -> int:
        """Cells the cache may need, counted without sharing: every sequence's cache, plus what
        each admitted turn has still to read and may still generate."""
        total = sum(len(r) for r in self.resident)
        for t in self.turns.values():
            total += (len(t.prompt) - t.done) + (t.request.max_tokens - len(t.out))
        return total

    def _admit(self, slot: int, request: ChatRequest) -> None:
        """Start the turn waiting in `slot` if the KV budget has room for it (else it waits for
        another turn to end): its sampler, and its prompt's cached or shared prefix."""
        view = self._views[slot]
        inputs = view.prepared
        assert inputs is not None, "a turn is prepared in its job's thread before it is queued"
        prompt = inputs.prompt
        need = len(prompt) + request.max_tokens
        if self.b.kv_unified and self._reserved() - len(self.resident[slot]) + need > self.kv_cells:
            for j in range(self.parallel):   # idle sequences' caches go first, lowest slot first
                if j != slot and j not in self.turns and self.resident[j]:
                    self._drop(j, 0)
                    if self._reserved() - len(self.resident[slot]) + need <= self.kv_cells:
                        break
            if self._reserved() - len(self.resident[slot]) + need > self.kv_cells:
                return   # waits for a turn to end (nothing admitted: nothing owed)
        llm = self.llm
        llm.set_seed(inputs.seed)
        sampler = self.b.new_sampler(inputs.grammar)
        t = _Turn(request=request, view=view, inputs=inputs, sampler=sampler, t0=time.monotonic())
        limit = len(prompt) - 1          # the last prompt token is evaluated: its logits start the turn
        own = min(_lcp(self.resident[slot], prompt), limit)
        best, src = own, None
        for j in range(self.parallel):
            if j != slot and self.resident[j]:
                n = min(_lcp(self.resident[j], prompt), limit)
                if n > best:
                    best, src = n, j
        if src is not None and best > own:
            self._copy(src, slot, own, best)
        else:
            self._drop(slot, own)
        t.done = t.cached = len(self.resident[slot])
        # a turn that is reading (or will read: it waits itself) shares more: wait for the one
        # that shares most rather than read it twice. Sources are admitted earlier: no cycles.
        best_n, best_j = t.done + MIN_SHARE - 1, None
        for j, o in sorted(self.turns.items()):
            if o.phase in ("read", "wait"):
                n = min(_lcp(o.prompt, prompt), limit)
                if n > best_n:
                    best_n, best_j = n, j
        if best_j is not None:
            t.phase, t.source, t.until = "wait", best_j, best_n
            self.stats["waits"] += 1
        self.turns[slot] = t

    def _drop(self, slot: int, keep: int) -> None:
        """Remove the slot's cache from position `keep` on."""
        if len(self.resident[slot]) > keep:
            self.low.llama_memory_seq_rm(self.mem, slot, keep, -1)
            del self.resident[slot][keep:]

    def _copy(self, src: int, dst: int, start: int, end: int) -> None:
        """Give `dst` the source's cache for positions [0, end), `dst` holding the same tokens up
        to `start` already (no evaluation). One pool: the cells of [start, end) gain `dst`'s id.
        A stream per sequence: llama.cpp copies a whole stream, which is then cut at `end`."""
        if self.b.kv_unified:
            self._drop(dst, start)
            self.low.llama_memory_seq_cp(self.mem, src, dst, start, end)
            self.resident[dst].extend(self.resident[src][start:end])
        else:
            self.low.llama_memory_seq_cp(self.mem, src, dst, -1, -1)
            self.low.llama_memory_seq_rm(self.mem, dst, end, -1)
            self.resident[dst] = list(self.resident[src][:end])
        self.stats["prompt_shared"] += end - start

    # -- one step ---------------------------------------------------------------------------------
    def step(self, waiting: dict[int, ChatRequest]) -> dict[int, AssistantTurn | Exception]:
        # waits are settled before admissions: a new turn may drop the cache a wait copies from
        for t_slot, t in sorted(self.turns.items()):
            if t.phase == "wait":
                src = self.turns.get(t.source)  # type: ignore[arg-type]
                have = len(self.resident[t.source]) if t.source is not None else 0
                # settled when the source has read far enough or stopped reading; a source
                # that waits itself will read: keep waiting for it
                if src is None or src.phase == "gen" or have >= t.until:
                    n = min(t.until, have, _lcp(self.resident[t.source], t.prompt)) if t.source is not None else 0
                    if n > t.done:
                        self._copy(t.source, t_slot, t.done, n)   # type: ignore[arg-type]
                        t.done = t.cached = len(self.resident[t_slot])
                    t.phase = "read"
        for slot in sorted(waiting):
            if slot not in self.turns:
                self._admit(slot, waiting[slot])
        # one batch: a token of every generating sequence, then prompt chunks of the reading ones
        # in slot order, up to n_batch tokens in all (continuous batching)
        entries: list[tuple[int, int, int, bool]] = []   # (slot, token, pos, logits)
        room = self.n_batch
        for slot, t in sorted(self.turns.items()):
            if t.phase == "gen":
                entries.append((slot, t.pending, len(self.resident[slot]), True))  # type: ignore[arg-type]
                room -= 1
        for slot, t in sorted(self.turns.items()):
            if t.phase == "read" and room > 0:
                n = min(room, len(t.prompt) - t.done)
                base = len(self.resident[slot])
                for k in range(n):
                    entries.append((slot, t.prompt[t.done + k], base + k, t.done + k == len(t.prompt) - 1))
                room -= n
        if not entries:
            if not self.turns:
                raise LabError("the batch scheduler found no turn it can admit: every waiting turn "
                               "needs more KV cells than model.kv_cells leaves (a lab bug)")
            return {}
        ended: dict[int, AssistantTurn | Exception] = {}
        for group in self._groups(entries):
            t0 = time.monotonic()
            self._decode(group)
            prefill = any(not self.turns[s].phase == "gen" for s, *_ in group)
            self.stats["prefill_s" if prefill else "decode_s"] += time.monotonic() - t0
            for slot, tok, _pos, _logits in group:
                self.resident[slot].append(tok)
                t = self.turns[slot]
                if t.phase == "read":
                    t.done += 1
                    self.stats["prompt_evaluated"] += 1
            t0 = time.monotonic()
            for i, (slot, _tok, _pos, logits) in enumerate(group):
                if logits:
                    t = self.turns[slot]
                    t.phase = "gen"
                    result = self._sample(t, i)
                    if result is not None:
                        ended[slot] = result
            self.stats["sample_s"] += time.monotonic() - t0
        for slot in ended:
            del self.turns[slot]
        self.stats["steps"] += 1
        return ended

    def _groups(self, entries: list[tuple[int, int, int, bool]]) -> list[list]:
        """The decode calls of one step. One pool of cells: one call (llama.cpp splits it simply),
        or the consecutive calls the backend's batch plan makes of a slow size (lab/models/batch_shapes.py).
        A stream per sequence: llama.cpp splits a batch into ubatches of *consecutive* sequence
        ids with equal tokens each, so a prompt chunk beside other sequences' single tokens would
        be read a token per ubatch: the generating sequences go in one call, each reading
        sequence's chunk in its own."""
        if self.b.kv_unified:
            return split(entries, self.plan)
        gen = [e for e in entries if self.turns[e[0]].phase == "gen"]
        groups = [gen] if gen else []
        for e in entries:
            if self.turns[e[0]].phase != "gen":
                if groups and groups[-1] is not gen and groups[-1][0][0] == e[0]:
                    groups[-1].append(e)
                else:
                    groups.append([e])
        return [part for g in groups for part in split(g, self.plan)]

    def _decode(self, entries: list[tuple[int, int, int, bool]]) -> None:
        b = self.batch
        for i, (slot, tok, pos, logits) in enumerate(entries):
            b.token[i] = tok
            b.pos[i] = pos
            b.n_seq_id[i] = 1
            b.seq_id[i][0] = slot
            b.logits[i] = logits
        b.n_tokens = len(entries)
        rc = self.low.llama_decode(self.llm._ctx.ctx, b)
        if rc != 0:
            raise LabError(f"llama_decode returned {rc} for a batch of {len(entries)} tokens "
                           f"({'no KV cell left' if rc == 1 else 'a llama.cpp error'}): the KV budget "
                           f"(model.kv_cells {self.kv_cells}) was miscounted (a lab bug); the run is "
                           "resumable")

    def _sample(self, t: _Turn, index: int) -> AssistantTurn | None:
        """Sample the next token of `t` from the logits at batch `index`; the turn if it ended."""
        tok = t.sampler.sample(self.llm._ctx, index)
        if t.t_first is None:
            t.t_first = time.monotonic()
        t.out.append(tok)
        self.stats["generated"] += 1
        req = t.request
        finish = None
        if self.is_eog(self.b._vocab, tok):
            finish = "stop"
        elif len(t.out) >= req.max_tokens:
            finish = "length"
        elif len(t.out) - t.checked >= CHECK_EVERY:
            t.checked = len(t.out)
            if req.deadline is not None and t.view.clock() > req.deadline:
                finish = "timeout"
            elif req.stop_check is not None:
                finish = req.stop_check(self.b._text(t.inputs.opening + t.out)) or None
        if finish is None:
            t.pending = tok
            return None
        return self._end(t, finish)

    def _end(self, t: _Turn, finish: str) -> AssistantTurn:
        turn = self.b.finish_turn(t.request, t.inputs, t.out, finish, cached=t.cached,
                                  t0=t.t0, t_first=t.t_first, t_end=time.monotonic())
        self.stats["prompt_cached"] += t.cached
        return turn


def _lcp(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class LlamaSequenceView(SequenceView):
    """One sequence of the batch, seen by the agent loop as a llama_cpp backend: its own
    append-only prompt and seed; tokens, template and identity are the shared backend's."""

    def __init__(self, engine: LlamaBatchEngine, slot: int, base: "LlamaCppBackend") -> None:
        super().__init__(engine, slot, base)
        self.prompt = base.new_prompt()
        self.seed = base.seed
        self._turn = 0
        self.prepared: TurnInputs | None = None

    def set_seed(self, seed: int | None) -> None:
        self.seed = int(seed or 0)
        self._turn = 0

    def reset(self) -> None:
        self.prompt.forget(set())

    def prompt_tokens(self, messages, tools) -> int:
        return len(self.prompt.tokens(messages, tools))

    def context_length(self) -> int:
        return self.base.n_ctx

    def before(self, request: ChatRequest) -> None:
        self.prepared = self.base.turn_inputs(self.prompt, request, self.seed + self._turn)
        self._turn += 1
