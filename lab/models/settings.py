"""The schemas every model config shares (`configs/model/<name>.yaml`); each backend's own schema
(`Settings` on its class) derives from one of these."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from lab.models.textcalls import FORMATS
from lab.settings import Settings

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
        for f in formats:
            if f not in FORMATS:
                raise ValueError(f"unknown tool-call format {f!r} (formats: {', '.join(FORMATS)})")
        return formats
