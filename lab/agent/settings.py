"""The agent's settings (`configs/agent/*.yaml`), validated before any model call: a bad key names
its file and key. The prompt templates are `lab.agent.prompt` (`configs/prompt/*.yaml`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Mapping

from pydantic import Field

from lab.errors import InputError
from lab.settings import Settings, parse, plain

SESSIONS = ("single", "isolated")
CONTEXT_POLICIES = ("stop", "evict_oldest")
#: agent.tool_choice: auto = the model decides every turn; first = the first assistant turn of
#: every test is a schema-valid call to an offered tool (grammar / tool_choice "required")
TOOL_CHOICES = ("auto", "first")


PositiveInt = Annotated[int, Field(ge=1)]


class AgentSettings(Settings):
    """configs/agent/default.yaml (the defaults and what each key means are there)."""
    session: Literal[SESSIONS]            # single: the whole suite in one conversation | isolated
    context_policy: Literal[CONTEXT_POLICIES] | None   # None = the model config's choice
    evict_to: Annotated[float, Field(gt=0, lt=1)]      # a share of n_ctx after an eviction
    max_tool_calls: PositiveInt           # per test; one more -> tool_call_cap
    max_tokens_per_turn: PositiveInt      # generated tokens per assistant turn
    time_limit_s: Annotated[float, Field(gt=0)]        # wall time per test -> timeout
    loop_repeats: PositiveInt             # same call+args or same text this often -> loop
    malformed_limit: PositiveInt          # unusable turns in a row -> malformed
    max_nudges: Annotated[int, Field(ge=0)]            # reminders for a turn without call or answer
    nudge_message: str
    max_turns: PositiveInt                # a backstop; the limits above normally end a test first
    constrained: bool                     # GBNF: output is one tool call or one answer line
    tool_choice: Literal[TOOL_CHOICES]    # auto | first (the first turn of a test must call a tool)
    forced_tool: str | None               # tool_choice=first: null = any offered tool, or one name


def agent_settings(cfg: Any, *, model_policy: str | None = None) -> AgentSettings:
    """`cfg.agent` validated; a null `context_policy` becomes the model config's (else stop)."""
    raw = plain(cfg)
    file = "configs/agent/default.yaml"
    if isinstance(raw, Mapping) and "templates" in raw:
        raise InputError("agent.templates is gone: prompt templates are the Hydra group "
                         "configs/prompt/ (prompt=NAME, or prompt.file=PATH)", file=file,
                         key="agent.templates")
    s = parse(AgentSettings, raw, file=file, prefix="agent")
    policy = s.context_policy or model_policy or "stop"
    if policy not in CONTEXT_POLICIES:
        raise InputError(f"must be one of {', '.join(CONTEXT_POLICIES)}", file=file,
                         key="agent.context_policy")
    return s.model_copy(update={"context_policy": policy})
