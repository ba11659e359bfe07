"""The agent's settings (`configs/agent/*.yaml`), validated before any model call: a bad key names
its file and key. The prompt templates are `lab.agent.prompt` (`configs/prompt/*.yaml`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError

SESSIONS = ("single", "isolated")
CONTEXT_POLICIES = ("stop", "evict_oldest")
#: agent.tool_choice: auto = the model decides every turn; first = the first assistant turn of
#: every test is a schema-valid call to an offered tool (grammar / tool_choice "required")
TOOL_CHOICES = ("auto", "first")


@dataclass(frozen=True)
class AgentSettings:
    session: str = "single"               # single: the whole suite in one conversation
    context_policy: str | None = None     # stop | evict_oldest | None = the model config's
    evict_to: float = 0.6                 # after an eviction the prompt fills at most this of n_ctx
    max_tool_calls: int = 8               # per test; one more -> tool_call_cap
    max_tokens_per_turn: int = 256        # generated tokens per assistant turn
    time_limit_s: float = 120.0           # wall time per test -> timeout
    loop_repeats: int = 3                 # same call+args or same text this often -> loop
    malformed_limit: int = 3              # unusable turns in a row -> malformed
    max_nudges: int = 1                   # turns without call or answer answered by a reminder
    nudge_message: str = "Reply with your final answer on its own line: {answer_format}"
    max_turns: int = 24                   # a backstop; the limits above normally end a test first
    constrained: bool = False             # GBNF: output is one tool call or one answer line
    tool_choice: str = "auto"             # auto | first (the first turn of a test must call a tool)
    forced_tool: str | None = None        # tool_choice=first: null = any offered tool, or one name


def agent_settings(cfg: Any, *, model_policy: str | None = None) -> AgentSettings:
    raw = OmegaConf.to_container(cfg, resolve=True) if isinstance(cfg, DictConfig) else dict(cfg or {})
    file = "configs/agent"
    known = {f.name: f for f in fields(AgentSettings)}
    if "templates" in raw:
        raise InputError("agent.templates is gone: prompt templates are the Hydra group "
                         "configs/prompt/ (prompt=NAME, or prompt.file=PATH)", file=file,
                         key="agent.templates")
    for k in raw:
        if k not in known:
            raise InputError(f"unknown agent setting (known: {', '.join(known)})", file=file,
                             key=f"agent.{k}")
    values: dict[str, Any] = {}
    for name, f in known.items():
        if name not in raw:
            continue
        v = raw[name]
        default = f.default
        if name in ("context_policy", "forced_tool"):
            if v is not None and not isinstance(v, str):
                raise InputError("must be a string or null", file=file, key=f"agent.{name}")
        elif isinstance(default, bool):
            if not isinstance(v, bool):
                raise InputError("must be true or false", file=file, key=f"agent.{name}")
        elif isinstance(default, int):
            least = 0 if name == "max_nudges" else 1
            if isinstance(v, bool) or not isinstance(v, int) or v < least:
                raise InputError(f"must be an integer >= {least}, got {v!r}", file=file,
                                 key=f"agent.{name}")
        elif isinstance(default, float):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
                raise InputError(f"must be a number > 0, got {v!r}", file=file, key=f"agent.{name}")
            v = float(v)
        elif isinstance(default, str) and not isinstance(v, str):
            raise InputError("must be a string", file=file, key=f"agent.{name}")
        values[name] = v
    s = AgentSettings(**values)
    if s.session not in SESSIONS:
        raise InputError(f"must be one of {', '.join(SESSIONS)}", file=file, key="agent.session")
    if s.tool_choice not in TOOL_CHOICES:
        raise InputError(f"must be one of {', '.join(TOOL_CHOICES)}", file=file, key="agent.tool_choice")
    policy = s.context_policy or model_policy or "stop"
    if policy not in CONTEXT_POLICIES:
        raise InputError(f"must be one of {', '.join(CONTEXT_POLICIES)}", file=file,
                         key="agent.context_policy")
    if not 0 < s.evict_to < 1:
        raise InputError("must be between 0 and 1 (a share of n_ctx)", file=file, key="agent.evict_to")
    return AgentSettings(**{**values, "context_policy": policy})
