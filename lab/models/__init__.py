"""Model backends behind one small interface (`ModelBackend`), one module each, registered below.

`load_model(cfg.model)` validates a model config (`configs/model/<name>.yaml`) and builds its
backend. Optional dependencies (llama-cpp-python, openai) are imported only by the backend that
needs them; a missing one, or a missing model file, is one `MissingDependencyError` naming the fix.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Mapping

from lab.errors import InputError
from lab.settings import parse, plain
from lab.models.base import (
    BackendAPIError, BackendTimeout, ContextOverflow, FatalModelError, ModelBackend, ModelError,
    ModelIdentity)
from lab.models.messages import AssistantTurn, ChatRequest, Message, ToolCall, ToolSchema
from lab.models.llamacpp import LlamaCppBackend
from lab.models.openai_compat import OpenAIBackend
from lab.models.scripted import ScriptedBackend, ScriptExhausted
from lab.models.stochastic import StochasticBackend
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
TEST_ONLY = tuple(name for name, cls in BACKENDS.items() if cls.test_only)
#: the backends the agent loop hands the golden test (`ChatRequest.test`, expected answer
#: included): the no-LLM reference and the lab's test models, never a real model's backend
GOLDEN_READERS = tuple(name for name, cls in BACKENDS.items() if cls.reads_golden_test)


def model_settings(cfg: Any) -> dict:
    """Validate a model config against its backend's schema (`Settings` on the backend class);
    errors name `configs/model/<name>.yaml` and the key. Returns the config as given (plain)."""
    raw = plain(cfg)
    name = raw.get("name") if isinstance(raw, Mapping) else None
    file = f"configs/model/{name}.yaml" if isinstance(name, str) and name else "configs/model"
    if not isinstance(name, str) or not name:
        raise InputError("every model config names itself (name: <file stem>)", file=file, key="model.name")
    backend = raw.get("backend")
    if backend not in BACKENDS:
        raise InputError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})", file=file,
                         key="model.backend")
    parse(BACKENDS[backend].Settings, raw, file=file, prefix="model")
    return dict(raw)


def load_model(cfg: Any) -> ModelBackend:
    """The backend a model config describes (loads the model: may take a while)."""
    raw = model_settings(cfg)
    return BACKENDS[raw["backend"]](raw)


__all__ = ["AssistantTurn", "BACKENDS", "BackendAPIError", "BackendTimeout", "ChatRequest",
           "ContextOverflow", "FatalModelError", "Message", "ModelBackend", "ModelError",
           "ModelIdentity", "ScriptExhausted", "ScriptedBackend", "StochasticBackend", "TEST_ONLY", "ToolCall", "ToolSchema",
           "load_model", "model_settings"]
