"""`scripted`, for tests only: replays queued outputs and fails loudly when they run out.

An output is one of
- a string: the assistant's raw text (tool calls parsed from it as the config's formats say);
- a dict `{"text": ..., "tool_calls": [{"name": ..., "arguments": ...}, ...]}`: native calls;
- an exception instance: raised by `chat()` (a server error, a context overflow, a crash);
- a callable `f(request) -> output`: decides from the request (the 70-test session tests).

Texts are "streamed" through the request's stop check in small pieces, so loop detection inside
one generation is exercised as with a real model. Token counts use the approximate tokenizer; the
prompt cache is simulated (a prompt extending the previous one reuses its tokens), and `n_ctx`
(when set) raises `ContextOverflow` like the llama_cpp backend.
"""

from __future__ import annotations

from collections import deque
from typing import Annotated, Any, Iterable, Mapping

from pydantic import Field

from lab.models.base import ContextOverflow, FatalModelError, ModelBackend, ModelIdentity
from lab.models.messages import (
    AssistantTurn, ChatRequest, Message, ToolCall, ToolSchema, approx_prompt_tokens)
from lab.models.settings import ModelSettings
from lab.models.textcalls import parse_tool_calls
from lab.token_estimate import approx_tokens

STREAM_CHARS = 16


class ScriptExhausted(FatalModelError):
    pass


class ScriptedSettings(ModelSettings):
    """Defaults here: tests build this backend in code and leave any key out."""
    outputs: list[Any] = Field(default_factory=list)   # queued turns (text, calls, callables, exceptions)
    n_ctx: Annotated[int, Field(ge=1)] | None = None   # None = no context limit
    tool_call_formats: Annotated[list[str], Field(min_length=1)] = ["hermes"]


class ScriptedBackend(ModelBackend):
    backend = "scripted"
    Settings = ScriptedSettings
    settings: ScriptedSettings
    test_only = True
    reads_golden_test = True        # a test's script may answer from the test it is given

    def __init__(self, cfg: Mapping[str, Any] | None = None,
                 outputs: Iterable[Any] | None = None) -> None:
        super().__init__(cfg or {"name": "scripted"})
        self.queue: deque[Any] = deque(self.settings.outputs)
        if outputs is not None:
            self.enqueue(outputs)
        self.formats = tuple(self.settings.tool_call_formats)
        self.n_ctx = self.settings.n_ctx
        self.consumed = 0
        self.requests: list[ChatRequest] = []
        self._prev: list[int] = []   # message uids of the previous prompt (prefix-cache simulation)
        self._prev_tokens = 0

    def enqueue(self, outputs: Iterable[Any]) -> "ScriptedBackend":
        self.queue.extend(outputs)
        return self

    def count_tokens(self, text: str) -> int:
        return approx_tokens(text)

    def context_length(self) -> int | None:
        return int(self.n_ctx) if self.n_ctx else None

    def prompt_tokens(self, messages: list[Message], tools: list[ToolSchema]) -> int:
        return approx_prompt_tokens(messages, tools)

    def reset(self) -> None:
        self._prev, self._prev_tokens = [], 0

    def chat(self, request: ChatRequest) -> AssistantTurn:
        self.requests.append(request)
        prompt = self.prompt_tokens(request.messages, request.tools)
        if self.n_ctx and prompt + request.max_tokens > int(self.n_ctx):
            raise ContextOverflow(f"prompt of {prompt} tokens + {request.max_tokens} exceeds n_ctx "
                                  f"{self.n_ctx}", needed=prompt + request.max_tokens,
                                  limit=int(self.n_ctx))
        if not self.queue:
            raise ScriptExhausted(f"scripted model ran out of outputs after {self.consumed} turn(s); "
                                  f"the test queued too few")
        out = self.queue.popleft()
        self.consumed += 1
        while callable(out) and not isinstance(out, BaseException):
            out = out(request)
        if isinstance(out, BaseException):
            raise out
        uids = [m.uid for m in request.messages]
        cached = self._prev_tokens if uids[:len(self._prev)] == self._prev and self._prev else 0
        if isinstance(out, dict):
            text = str(out.get("text", ""))
            calls = [ToolCall(name=c["name"], arguments=c.get("arguments"), raw=str(c.get("arguments")),
                              id=c.get("id") or f"call_{i}", form="native")
                     for i, c in enumerate(out.get("tool_calls", []))]
            native = {"role": "assistant", "content": text} if calls else None
            finish = "tool_calls" if calls else "stop"
        else:
            text, finish = self._stream(str(out), request)
            calls = parse_tool_calls(text, self.formats)
            native = None
            if finish == "stop" and calls:
                finish = "tool_calls"
        completion = approx_tokens(text)
        turn = AssistantTurn(text=text, tool_calls=calls, finish_reason=finish, prompt_tokens=prompt,
                             cached_tokens=min(cached, prompt), completion_tokens=completion,
                             context_tokens=prompt + completion, native=native)
        self._prev = uids + [turn.uid]
        self._prev_tokens = prompt + completion
        return turn

    @staticmethod
    def _stream(text: str, request: ChatRequest) -> tuple[str, str]:
        limit = request.max_tokens
        for end in range(STREAM_CHARS, len(text) + STREAM_CHARS, STREAM_CHARS):
            part = text[:end]
            if approx_tokens(part) > limit:
                return part[:-STREAM_CHARS] or part, "length"
            if request.stop_check is not None:
                reason = request.stop_check(part)
                if reason:
                    return part, reason
        return text, "stop"

    def identity(self) -> ModelIdentity:
        return ModelIdentity(name=self.name, backend=self.backend, model="scripted outputs",
                             context_length=self.context_length(),
                             history_rendering="none (scripted)")
