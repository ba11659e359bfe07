"""`tool_follower`: no LLM. It calls `path_resolve` with the test's query (and intent) and answers
the best candidate: the reference line "what the tool alone achieves".

Its score on a suite equals `lab eval-resolver`'s recall@1 x N by construction, through the real
agent loop, tool set and vocabulary (the answer is read from the rendered response, so a
vocabulary that hid the paths would show here).
"""

from __future__ import annotations

import json
import time
from typing import Annotated, Any, Mapping

from pydantic import Field

from lab.models.base import FatalModelError, ModelBackend, ModelIdentity
from lab.models.messages import (
    AssistantTurn, ChatRequest, Message, ToolCall, ToolSchema, approx_prompt_tokens)
from lab.models.settings import ModelSettings
from lab.models.textcalls import hermes_call_text
from lab.token_estimate import approx_tokens

TOOL = "path_resolve"


def best_path(response: str) -> str | None:
    """The first candidate path in a rendered path_resolve response (whatever the field is called)."""
    try:
        data = json.loads(response)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict):
        return None
    for value in data.values():
        if isinstance(value, list) and value and isinstance(value[0], dict) and "path" in value[0]:
            return str(value[0]["path"])
    return None


class ToolFollowerSettings(ModelSettings):
    use_intent: bool                       # pass the test's intent as intent_text
    #: tests only (the Slurm cancel test): sleep this long before each turn, e.g. to cancel a
    #: Slurm job in the middle of a run; in no config file and out of the fingerprint (the
    #: answers are the same)
    turn_delay_s: Annotated[float, Field(ge=0)] = 0.0


class ToolFollowerBackend(ModelBackend):
    backend = "tool_follower"
    reads_golden_test = True        # the no-LLM reference: it plays the tool's answer for the test
    Settings = ToolFollowerSettings
    settings: ToolFollowerSettings
    fingerprint_excluded = frozenset({"turn_delay_s"})    # a test's slow model: the same answers
    requires_tools = (TOOL,)

    def __init__(self, cfg: Mapping[str, Any]) -> None:
        super().__init__(cfg)
        self.use_intent = self.settings.use_intent
        self.turn_delay_s = self.settings.turn_delay_s

    def chat(self, request: ChatRequest) -> AssistantTurn:
        test = request.test
        if self.turn_delay_s > 0:
            time.sleep(self.turn_delay_s)
        if test is None:
            raise FatalModelError("tool_follower answers suite tests only (no test in the request)")
        # the messages of the current test: everything after its user message
        prompt = approx_prompt_tokens(request.messages, request.tools)
        last_user = max(i for i, m in enumerate(request.messages) if m.role == "user")
        results = [m for m in request.messages[last_user + 1:] if m.role == "tool"]
        if not results:
            args: dict[str, Any] = {"query": test.query}
            if self.use_intent and test.intent:
                args["intent_text"] = test.intent
            text = hermes_call_text(TOOL, args)
            call = ToolCall(name=TOOL, arguments=args, raw=json.dumps(args), id="call_0",
                            form="tool_call_tags")
            return _turn(text, prompt, [call])
        path = best_path(results[-1].content)
        text = f"{request.answer_prefix} {path}" if path else "path_resolve found no candidate."
        return _turn(text, prompt, [])

    def prompt_tokens(self, messages: list[Message], tools: list[ToolSchema]) -> int:
        return approx_prompt_tokens(messages, tools)

    def count_tokens(self, text: str) -> int:
        return approx_tokens(text)

    def identity(self) -> ModelIdentity:
        return ModelIdentity(name=self.name, backend=self.backend, model="no LLM: path_resolve top-1",
                             history_rendering="none (no LLM)",
                             extra={"use_intent": self.use_intent})


def _turn(text: str, prompt: int, calls: list[ToolCall]) -> AssistantTurn:
    """Token figures are estimates (no tokenizer): they show how the context grows, nothing is cached."""
    n = approx_tokens(text)
    return AssistantTurn(text=text, tool_calls=calls, finish_reason="tool_calls" if calls else "stop",
                         prompt_tokens=prompt, completion_tokens=n, context_tokens=prompt + n)
