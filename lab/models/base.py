"""What every model backend shares: messages in, one assistant turn out, and the errors between.

A backend is stateless towards the agent: every `chat()` gets the whole conversation. Backends that
can reuse work across turns (llama.cpp's KV cache, a server's prompt cache) do it behind this
interface, and report per turn how many prompt tokens were evaluated and how many came from cache.

Errors a backend raises, each mapped to one outcome label by the agent:
- `ContextOverflow`: the conversation does not fit the model's context (`context_overflow`, or an
  eviction when the context policy allows one);
- `BackendAPIError`: the server failed after the allowed retries (`api_error`, infrastructure);
- `BackendTimeout`: the test's time budget ran out inside the backend (`timeout`);
- `FatalModelError`: a broken setup (a scripted model out of outputs): the run stops, loudly.
"""

from __future__ import annotations

import functools
import itertools
import json
import time
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Callable, ClassVar, Literal, Mapping

from pydantic import Field, field_validator

from lab.errors import LabError
from lab.settings import Settings, parse, plain

if TYPE_CHECKING:
    from lab.runs.numerics import Numerics

_uid = itertools.count(1)


def new_uid() -> int:
    return next(_uid)


@dataclass
class ToolCall:
    """One tool call the model made, as parsed from its turn."""
    name: str
    arguments: Any                     # parsed JSON (normally a dict); None when unparseable
    raw: str = ""                      # the call as the model wrote it (JSON text or native args)
    id: str | None = None              # native tool-call id (OpenAI-style servers)
    error: str | None = None           # why the call is unusable (bad JSON, no name); None = usable
    #: the form it came in (data for vocabulary studies): tool_call_tags | fenced_json | bare_json
    #: | mistral_tag | python_tag | native (the server parsed it) | other
    form: str = "other"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Message:
    """One chat message. `content` of an assistant message is its raw text, byte for byte.

    `uid` identifies the message object across turns so backends can memoize its rendering."""
    role: str                          # system | user | assistant | tool
    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)   # assistant, native tool calls only
    tool_call_id: str | None = None    # tool results answering a native call
    name: str | None = None            # tool results: the tool's name
    native: dict | None = None         # the server's assistant message as received (sent back as is)
    uid: int = field(default_factory=new_uid)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            d["tool_calls"] = [tc.to_dict() for tc in self.tool_calls]
        if self.tool_call_id:
            d["tool_call_id"] = self.tool_call_id
        if self.name:
            d["name"] = self.name
        return d


@dataclass(frozen=True)
class ToolSchema:
    """What a backend needs to know about one offered tool."""
    name: str
    description: str
    parameters: dict

    def openai(self) -> dict:
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": self.parameters}}


@dataclass
class ChatRequest:
    messages: list[Message]
    tools: list[ToolSchema]
    max_tokens: int                            # generated tokens allowed in this turn
    deadline: float | None = None              # time.monotonic() by which the test must end
    seed: int | None = None                    # sampling seed of this turn (see agent.loop.turn_seed)
    constrained: bool = False                  # restrict output to a tool call or an answer line
    #: this turn must be a call to one of `tools` with schema-valid arguments (agent.tool_choice)
    force_tool_call: bool = False
    forced_tool: str | None = None             # ... to this tool only (None: any of `tools`)
    answer_prefix: str = "ANSWER:"
    #: Called with the text generated so far; returning a reason (e.g. "loop") stops generation.
    stop_check: Callable[[str], str | None] | None = None
    #: The test being run. Only the no-LLM reference backend looks at it.
    test: Any = None

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def forced_tools(self) -> list[ToolSchema]:
        """The tools a forced call may name: `forced_tool` alone when offered, else every tool."""
        return [t for t in self.tools if t.name == self.forced_tool] or self.tools


@dataclass
class AssistantTurn:
    """One assistant turn: the raw text, the tool calls in it, and what it cost."""
    text: str                                  # raw text, byte for byte as generated
    tool_calls: list[ToolCall] = field(default_factory=list)
    finish_reason: str = "stop"                # stop | length | tool_calls | loop | timeout
    prompt_tokens: int = 0                     # tokens of the whole prompt of this turn
    cached_tokens: int = 0                     # of which reused from a cache (not evaluated)
    completion_tokens: int = 0
    context_tokens: int | None = None          # tokens in context after this turn (prompt + output)
    prompt_eval_s: float = 0.0                 # time to the first generated token
    generation_s: float = 0.0                  # time from the first to the last generated token
    native: dict | None = None                 # the server's message, to be sent back unchanged
    uid: int = field(default_factory=new_uid)  # the uid of the Message this turn becomes

    def message(self) -> Message:
        """The assistant message to append to the conversation: the raw text, unchanged."""
        native_calls = self.tool_calls if self.native else []
        return Message(role="assistant", content=self.text, tool_calls=list(native_calls),
                       native=self.native, uid=self.uid)

    @property
    def evaluated_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens

    def usage(self) -> dict:
        return {"prompt_tokens": self.prompt_tokens, "cached_tokens": self.cached_tokens,
                "evaluated_tokens": self.evaluated_tokens,
                "completion_tokens": self.completion_tokens, "context_tokens": self.context_tokens,
                "prompt_eval_s": round(self.prompt_eval_s, 4),
                "generation_s": round(self.generation_s, 4)}


@dataclass(frozen=True)
class ModelIdentity:
    """What the run record says about the model."""
    name: str                                  # the model config's name
    backend: str
    model: str | None = None                   # file name or served model id
    path: str | None = None
    sha256: str | None = None
    size_bytes: int | None = None
    quantization: str | None = None            # from GGUF metadata (general.file_type)
    context_length: int | None = None          # the context the run uses (n_ctx)
    trained_context_length: int | None = None  # what the GGUF says the model was trained with
    history_rendering: str | None = None       # how earlier turns are sent back (see backends)
    chat_template_sha256: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["extra"] = dict(self.extra)
        return d


def approx_prompt_tokens(messages: list[Message], tools: list[ToolSchema]) -> int:
    """A tokenizer-free estimate of a conversation's prompt size (backends without a model):
    each message's text plus 4 tokens of chat markup, each tool's schema as JSON."""
    return (sum(_approx(m.content) + 4 for m in messages)
            + sum(_approx(json.dumps(t.openai())) for t in tools))


@functools.lru_cache(maxsize=16384)
def _approx(text: str) -> int:
    # cached: a single session re-counts every earlier message on every turn
    from lab.tokens import approx_tokens
    return approx_tokens(text)


class ModelError(LabError):
    """Base of the errors a backend raises during a turn."""


class ContextOverflow(ModelError):
    def __init__(self, message: str, *, needed: int | None = None, limit: int | None = None) -> None:
        self.needed, self.limit = needed, limit
        super().__init__(message)


class BackendAPIError(ModelError):
    """The server could not answer after the allowed retries (infrastructure, not the model)."""

    def __init__(self, message: str, *, attempts: int = 1, status: int | None = None) -> None:
        self.attempts, self.status = attempts, status
        super().__init__(message)


class BackendTimeout(ModelError):
    """The test's time budget ran out while the backend worked (or waited to retry)."""


class FatalModelError(ModelError):
    """A broken setup: the agent does not record it as a test outcome but stops the run."""


class Sampling(Settings):
    """Sampling settings of a model config (each backend reads the ones it has). A key left out
    (None) is not sent: the server's own default (`openai`); `llama_cpp` needs all five
    (`lab.models.llamacpp.LlamaSampling`)."""
    temperature: Annotated[float, Field(ge=0)] | None = None
    top_p: Annotated[float, Field(gt=0, le=1)] | None = None
    top_k: Annotated[int, Field(ge=0)] | None = None
    min_p: Annotated[float, Field(ge=0, le=1)] | None = None
    repeat_penalty: Annotated[float, Field(gt=0)] | None = None


class Thinking(Settings):
    open: str
    close: str


class ModelSettings(Settings):
    """The keys every `configs/model/<name>.yaml` may have; each backend's schema (`Settings` on
    its class) adds its own. Each setting's default is in one place: the variants' YAML files (a
    required field), or the field itself when configs legitimately leave the key out; a None
    default is a meaning the field's comment states, never a value the code fills in."""
    name: Annotated[str, Field(min_length=1)]
    about: str | None = None
    backend: str
    #: None = the agent's `context_policy`, else stop (lab.agent.settings.agent_settings)
    context_policy: Literal["stop", "evict_oldest"] | None = None


class ChatModelSettings(ModelSettings):
    """What the backends that talk to an LLM share."""
    #: parsed from the text in this order; the first is the form a grammar-forced call takes
    tool_call_formats: Annotated[list[str], Field(min_length=1)]
    tool_results_as: Literal["tool", "user"]   # user: <tool_response> blocks in a user message
    #: None = llama_cpp: the GGUF's trained context; openai: unknown here (the server's own
    #: context error is the limit, and the run record has no context length)
    n_ctx: Annotated[int, Field(ge=1)] | None = None
    sampling: Sampling | None = None
    #: the model's thinking tags (a grammar lets it think first); None = it writes no thinking
    #: section of its own (the tool-call and answer parsers still skip <think>...</think>)
    thinking: Thinking | None = None

    @field_validator("tool_call_formats")
    @classmethod
    def _known_formats(cls, formats: list[str]) -> list[str]:
        from lab.models.textcalls import FORMATS
        for f in formats:
            if f not in FORMATS:
                raise ValueError(f"unknown tool-call format {f!r} (formats: {', '.join(FORMATS)})")
        return formats


class ModelBackend(ABC):
    """The one interface the agent uses."""

    #: registry name of the backend
    backend: str = ""
    #: the schema of its model configs (`configs/model/*.yaml` with `backend:` this one)
    Settings: ClassVar[type[ModelSettings]] = ModelSettings
    #: repeats may run at once (run.concurrency): each is its own conversation with a server
    concurrent_repeats: ClassVar[bool] = False
    #: the model runs in this process on the machine's cores: two at once slow each other down
    #: many times, so run.concurrency > 1 is refused and sweeps may not run its cells in parallel
    uses_local_cores: ClassVar[bool] = False
    #: settings that change where or how fast the model runs, never what it outputs (or that the
    #: fingerprint holds in another form): left out of the run's fingerprint. `name` and `about`
    #: describe every model and are always left out.
    fingerprint_excluded: ClassVar[frozenset[str]] = frozenset()
    #: settings added after runs were fingerprinted, with the value that behaves as before they
    #: existed: left out of the fingerprint at that value, so the older fingerprints still hold
    fingerprint_omitted_at: ClassVar[Mapping[str, Any]] = {}

    #: made for the lab's own tests: never a default, never in a result (`lab models` says so)
    test_only: ClassVar[bool] = False

    @classmethod
    def describe(cls, settings: Mapping[str, Any]) -> dict:
        """`lab models`' facts about one config, cheaply (nothing loaded, assembled or contacted):
        available, why not (with the fix), and what is known (quantization, context, packages)."""
        return {"available": False, "why": "tests only"} if cls.test_only else {"available": True}

    @classmethod
    def fingerprint_identity(cls, settings: Mapping[str, Any], backend: "ModelBackend | None",
                             load: Callable[[], "ModelBackend"]) -> dict:
        """What identifies the model itself in a fingerprint, beyond its settings (e.g. the GGUF
        file's sha256, or the id a server reports): from `backend` when one is loaded, else
        cheaply from the settings, calling `load` only when nothing else can tell."""
        return {}

    @classmethod
    def numerics(cls, settings: Mapping[str, Any]) -> "Numerics":
        """How this machine will do the model's arithmetic for this config (lab/models/numerics.py),
        cheaply (nothing loaded). The lab's own backends compute in plain Python: exact."""
        from lab.runs.numerics import Numerics
        return Numerics({"engine": "python", "backend": cls.backend})

    @classmethod
    def settings_of(cls, cfg: Mapping[str, Any]) -> ModelSettings:
        """A config of this backend validated against its schema, the schema's defaults filled in.
        A config built in code (a test's backend) may leave out `name` and `backend`: this
        backend's name. (`lab.models.model_settings` checks a composed config, which must have both.)"""
        raw = {"name": cls.backend, "backend": cls.backend, **plain(cfg)}
        name = raw["name"]
        file = f"configs/model/{name}.yaml" if isinstance(name, str) and name else "configs/model"
        return parse(cls.Settings, raw, file=file, prefix="model")

    def __init__(self, cfg: Mapping[str, Any]) -> None:
        #: the config as given: what the fingerprint of a run handed this backend hashes
        #: (lab.run.preparing), never the schema's filled-in defaults
        self.cfg = dict(cfg)
        #: the same config validated, every default filled in: what the backend reads
        self.settings = self.settings_of(self.cfg)
        self.name = self.settings.name

    @staticmethod
    def check_available(cfg: Mapping[str, Any]) -> None:
        """Raise MissingDependencyError naming the fix when this config cannot run here
        (cheap: nothing is loaded). Called before a run builds anything."""

    @abstractmethod
    def chat(self, request: ChatRequest) -> AssistantTurn:
        """One assistant turn for the conversation in `request`."""

    @abstractmethod
    def count_tokens(self, text: str) -> int:
        """Tokens `text` takes for this model (exact where the tokenizer is available)."""

    @abstractmethod
    def identity(self) -> ModelIdentity:
        ...

    def context_length(self) -> int | None:
        """The context the run may fill (n_ctx), when the backend knows it."""
        return None

    def tokenize(self, text: str) -> list[int] | None:
        """The model's token ids of `text` (a raw assistant text: special tokens as tokens), when
        the backend has the model's tokenizer; None otherwise (`lab reproduce` then places a
        divergence by character only)."""
        return None

    def prompt_tokens(self, messages: list[Message], tools: list[ToolSchema]) -> int | None:
        """Tokens the conversation would occupy as a prompt, when the backend can tell exactly."""
        return None

    def clock(self) -> float:
        """The clock a test's time budget runs on: the wall clock, except where many conversations
        share one model (lab.models.lockstep: each is charged its share of a batched step)."""
        return time.monotonic()

    def set_seed(self, seed: int | None) -> None:
        """Seed for the next turns (repeat k uses run.seed + k)."""
        self.seed = seed

    def reset(self) -> None:
        """Forget any per-conversation cache (a new isolated conversation starts)."""

    def close(self) -> None:
        """Free what the backend holds (a loaded model)."""

    def __enter__(self) -> "ModelBackend":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
