"""The agent's settings (`configs/agent/*.yaml`) and the prompt templates (`prompts/templates.yaml`).

Both are validated before any model call: a bad key names its file and key.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Mapping

import yaml
from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError

SESSIONS = ("single", "isolated")
CONTEXT_POLICIES = ("stop", "evict_oldest")


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
    templates: str | None = None          # null = prompts/templates.yaml


def agent_settings(cfg: Any, *, model_policy: str | None = None) -> AgentSettings:
    raw = OmegaConf.to_container(cfg, resolve=True) if isinstance(cfg, DictConfig) else dict(cfg or {})
    file = "configs/agent"
    known = {f.name: f for f in fields(AgentSettings)}
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
        if name in ("context_policy", "templates"):
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
    policy = s.context_policy or model_policy or "stop"
    if policy not in CONTEXT_POLICIES:
        raise InputError(f"must be one of {', '.join(CONTEXT_POLICIES)}", file=file,
                         key="agent.context_policy")
    if not 0 < s.evict_to < 1:
        raise InputError("must be between 0 and 1 (a share of n_ctx)", file=file, key="agent.evict_to")
    return AgentSettings(**{**values, "context_policy": policy})


# -- prompt templates -----------------------------------------------------------------------------

TEMPLATE_KEYS = ("system", "answer_format", "test_message")
TEST_FIELDS = ("id", "query", "intent", "position", "category", "message")


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        raise KeyError(key)


@dataclass(frozen=True)
class Templates:
    system: str
    answer_format: str
    test_message: str
    sources: tuple[str, ...] = ()   # the files the keys came from, for the run record

    @property
    def answer_prefix(self) -> str:
        """`ANSWER: <path>` -> `ANSWER:` (what precedes the first placeholder)."""
        head = self.answer_format.split("<", 1)[0].split("{", 1)[0].strip()
        return head or "ANSWER:"

    def system_prompt(self, tool_names: list[str]) -> str:
        return self.system.format_map(_Missing(answer_format=self.answer_format,
                                               tool_names=", ".join(tool_names)))

    def user_message(self, test: Any) -> str:
        values = {k: "" if getattr(test, k, None) is None else str(getattr(test, k)) for k in TEST_FIELDS}
        values["message"] = test.message if test.message else test.query
        values["answer_format"] = self.answer_format
        return self.test_message.format_map(_Missing(values))

    def to_dict(self) -> dict:
        return {"system": self.system, "answer_format": self.answer_format,
                "test_message": self.test_message, "sources": list(self.sources)}


def load_templates(file: Path, overrides: Mapping[str, Any] | None = None,
                   overrides_file: str | None = None) -> Templates:
    """`prompts/templates.yaml` (or any file), then the suite's own `templates:` mapping on top."""
    try:
        data = yaml.safe_load(Path(file).read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"cannot read the prompt templates: {e.strerror or e}", file=str(file)) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error in the prompt templates: {e}", file=str(file)) from None
    if not isinstance(data, dict):
        raise InputError("the prompt templates file must be a mapping with keys "
                         + ", ".join(TEMPLATE_KEYS), file=str(file))
    merged: dict[str, Any] = {k: data.get(k) for k in TEMPLATE_KEYS}
    origin = {k: str(file) for k in TEMPLATE_KEYS}
    sources = [str(file)]
    if overrides:
        if not isinstance(overrides, Mapping):
            raise InputError("'templates' must be a mapping", file=overrides_file, key="templates")
        for k, v in overrides.items():
            if k in TEMPLATE_KEYS:
                merged[k] = v
                origin[k] = overrides_file or "suite"
        sources.append(overrides_file or "suite")
    for k in TEMPLATE_KEYS:
        if not isinstance(merged[k], str) or not merged[k].strip():
            raise InputError("missing or empty template (a non-empty string)", file=origin[k], key=k)
    t = Templates(system=merged["system"], answer_format=merged["answer_format"].strip(),
                  test_message=merged["test_message"], sources=tuple(sources))

    class _Probe:
        id, query, intent, position, category, message = "t", "q", "i", 1, "A", "m"

    for key, fn in (("system", lambda: t.system_prompt(["path_resolve"])),
                    ("test_message", lambda: t.user_message(_Probe()))):
        try:
            fn()
        except KeyError as e:
            raise InputError(f"unknown placeholder {{{e.args[0]}}} (known: "
                             + (", ".join(("answer_format", "tool_names")) if key == "system"
                                else ", ".join(TEST_FIELDS + ("answer_format",))) + ")",
                             file=origin[key], key=key) from None
        except (ValueError, IndexError) as e:
            raise InputError(f"bad template: {e} (write {{{{ and }}}} for literal braces)",
                             file=origin[key], key=key) from None
    return t
