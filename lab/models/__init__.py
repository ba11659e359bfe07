"""Model backends behind one small interface (`ModelBackend`), one module each, registered below.

`load_model(cfg.model)` validates a model config (`configs/model/<name>.yaml`) and builds its
backend. Optional dependencies (llama-cpp-python, openai) are imported only by the backend that
needs them; a missing one, or a missing model file, is one `MissingDependencyError` naming the fix.
"""

from __future__ import annotations

from typing import Any

from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError
from lab.models.base import (AssistantTurn, BackendAPIError, BackendTimeout, ChatRequest,
                             ContextOverflow, FatalModelError, Message, ModelBackend, ModelError,
                             ModelIdentity, ToolCall, ToolSchema)
from lab.models.llamacpp import LlamaCppBackend
from lab.models.openai_compat import OpenAIBackend
from lab.models.scripted import ScriptedBackend, ScriptExhausted
from lab.models.stochastic import StochasticBackend
from lab.models.textcalls import FORMATS
from lab.models.tool_follower import ToolFollowerBackend

#: backend name (a model config's `backend:`) -> class
BACKENDS: dict[str, type[ModelBackend]] = {
    "llama_cpp": LlamaCppBackend,
    "openai": OpenAIBackend,
    "tool_follower": ToolFollowerBackend,
    "scripted": ScriptedBackend,
    "stochastic": StochasticBackend,
}

#: backends made for the lab's own tests: never a default, never in a result (`lab models` says so)
TEST_ONLY = ("scripted", "stochastic")

#: keys every model config may have, whatever its backend
COMMON_SETTINGS = frozenset({"name", "about", "backend", "context_policy"})
CONTEXT_POLICIES = ("stop", "evict_oldest")


def model_settings(cfg: Any) -> dict:
    """Validate a model config; errors name `configs/model/<name>.yaml` and the key."""
    raw = OmegaConf.to_container(cfg, resolve=True) if isinstance(cfg, DictConfig) else dict(cfg or {})
    name = raw.get("name")
    file = f"configs/model/{name}.yaml" if isinstance(name, str) and name else "configs/model"
    if not isinstance(name, str) or not name:
        raise InputError("every model config names itself (name: <file stem>)", file=file, key="model.name")
    backend = raw.get("backend")
    if backend not in BACKENDS:
        raise InputError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})", file=file,
                         key="model.backend")
    cls = BACKENDS[backend]
    allowed = COMMON_SETTINGS | cls.SETTINGS  # type: ignore[attr-defined]
    for k in raw:
        if k not in allowed:
            raise InputError(f"unknown setting for backend {backend} (known: {', '.join(sorted(allowed))})",
                             file=file, key=f"model.{k}")
    policy = raw.get("context_policy")
    if policy is not None and policy not in CONTEXT_POLICIES:
        raise InputError(f"must be one of {', '.join(CONTEXT_POLICIES)}", file=file,
                         key="model.context_policy")
    for k in ("tool_call_formats",):
        for f in raw.get(k) or []:
            if f not in FORMATS:
                raise InputError(f"unknown tool-call format {f!r} (formats: {', '.join(FORMATS)})",
                                 file=file, key=f"model.{k}")
    if raw.get("tool_results_as", "tool") not in ("tool", "user"):
        raise InputError("must be tool or user", file=file, key="model.tool_results_as")
    if backend == "openai" and raw.get("tool_mode", "native") not in ("native", "text"):
        raise InputError("must be native or text", file=file, key="model.tool_mode")
    return raw


def load_model(cfg: Any) -> ModelBackend:
    """The backend a model config describes (loads the model: may take a while)."""
    raw = model_settings(cfg)
    return BACKENDS[raw["backend"]](raw)


__all__ = ["AssistantTurn", "BACKENDS", "BackendAPIError", "BackendTimeout", "ChatRequest",
           "ContextOverflow", "FatalModelError", "Message", "ModelBackend", "ModelError",
           "ModelIdentity", "ScriptExhausted", "ScriptedBackend", "StochasticBackend", "TEST_ONLY", "ToolCall", "ToolSchema",
           "load_model", "model_settings"]
