"""The one interface every model backend implements (`ModelBackend`), what the run record says of
a model (`ModelIdentity`), and the errors a backend raises. The messages it exchanges are
`lab.models.messages`; the schemas of its configs `lab.models.settings`.

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

import time
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from lab.errors import LabError
from lab.models.messages import AssistantTurn, ChatRequest, Message, ToolSchema
from lab.models.settings import ModelSettings
from lab.records.numerics import Numerics
from lab.settings import parse, plain


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
    size_label: str | None = None              # the GGUF's general.size_label ("1.5B"), when it has one
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["extra"] = dict(self.extra)
        return d


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
    #: the agent loop hands this backend the test being run, expected answer included
    #: (`ChatRequest.test`): only a backend that is no LLM may read it (lab.models.GOLDEN_READERS)
    reads_golden_test: ClassVar[bool] = False

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
        #: (lab.runner.preparing), never the schema's filled-in defaults
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
