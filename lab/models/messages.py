"""What a backend and the agent loop exchange: messages in, one assistant turn out.

`ChatRequest` is one turn asked of a backend (the whole conversation, the offered tools, the
turn's limits); `AssistantTurn` is what came back, with what it cost. No backend, no settings:
every backend module and the tool-call parsers (textcalls.py) import these without a loop.
"""

from __future__ import annotations

import functools
import itertools
import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from lab.token_estimate import approx_tokens

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

    @classmethod
    def from_dict(cls, d: dict) -> "ToolCall":
        return cls(**{k: d[k] for k in ("name", "arguments", "raw", "id", "error", "form") if k in d})


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
    #: a llama.cpp backend's own tokens of this message, {"tokens": [...], "eos": bool}: sent back
    #: as generated (lab.models.chat_template), and kept in the transcript so a conversation rebuilt
    #: from it (a resumed single session) sends back the same tokens
    generated: dict | None = None
    uid: int = field(default_factory=new_uid)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            d["tool_calls"] = [tc.to_dict() for tc in self.tool_calls]
        if self.tool_call_id:
            d["tool_call_id"] = self.tool_call_id
        if self.name:
            d["name"] = self.name
        if self.native:
            d["native"] = self.native
        if self.generated:
            d["generated"] = self.generated
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Message":
        """The message a transcript recorded (`to_dict`), as the conversation held it (a new uid)."""
        return cls(role=d["role"], content=d["content"],
                   tool_calls=[ToolCall.from_dict(c) for c in d.get("tool_calls") or []],
                   tool_call_id=d.get("tool_call_id"), name=d.get("name"), native=d.get("native"),
                   generated=d.get("generated"))


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
    #: The test being run, expected answer included. Set only for a backend whose class says
    #: `reads_golden_test` (lab.models.GOLDEN_READERS: the no-LLM reference and the lab's test
    #: models); a real model's backend gets None (the agent loop decides, tests/test_golden_exposure.py).
    test: Any = None

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def forced_tools(self) -> list[ToolSchema]:
        """The tools a forced call may name: `forced_tool` alone when offered, else every tool."""
        return [t for t in self.tools if t.name == self.forced_tool] or self.tools

    def missing_forced_call(self, turn: AssistantTurn) -> str | None:
        """What a finished reply to this forced turn gave instead of the forced call (None: the call
        is there, the turn was not forced, or max_tokens cut it, which is the agent's to judge).
        Every real backend forces the call (llama.cpp's grammar); a reply without it is a server
        that ignored the request (openai_compat) or a model that is no LLM giving a turn no backend
        could give (checked for every `reads_golden_test` model in lab.agent.loop)."""
        if not self.force_tool_call or turn.finish_reason not in ("stop", "tool_calls"):
            return None
        names = [c.name for c in turn.tool_calls]
        if {t.name for t in self.forced_tools()} & set(names):
            return None
        return (f"a call to {', '.join(names)}" if names else
                f"no tool call (finish_reason {turn.finish_reason}; text {turn.text[:80]!r})")


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
    generated: dict | None = None              # a llama.cpp backend's tokens of it (Message.generated)
    uid: int = field(default_factory=new_uid)  # the uid of the Message this turn becomes

    def message(self) -> Message:
        """The assistant message to append to the conversation: the raw text, unchanged."""
        native_calls = self.tool_calls if self.native else []
        return Message(role="assistant", content=self.text, tool_calls=list(native_calls),
                       native=self.native, generated=self.generated, uid=self.uid)

    @property
    def evaluated_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens

    def usage(self) -> dict:
        return {"prompt_tokens": self.prompt_tokens, "cached_tokens": self.cached_tokens,
                "evaluated_tokens": self.evaluated_tokens,
                "completion_tokens": self.completion_tokens, "context_tokens": self.context_tokens,
                "prompt_eval_s": round(self.prompt_eval_s, 4),
                "generation_s": round(self.generation_s, 4)}


def approx_prompt_tokens(messages: list[Message], tools: list[ToolSchema]) -> int:
    """A tokenizer-free estimate of a conversation's prompt size (backends without a model):
    each message's text plus 4 tokens of chat markup, each tool's schema as JSON."""
    return (sum(_approx(m.content) + 4 for m in messages)
            + sum(_approx(json.dumps(t.openai())) for t in tools))


@functools.lru_cache(maxsize=16384)
def _approx(text: str) -> int:
    # cached: a single session re-counts every earlier message on every turn
    return approx_tokens(text)
