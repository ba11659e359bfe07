"""What one test attempt produced: outcome, answer, tool calls, tokens, transcript."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

#: One label per test attempt (DESIGN.md). Order = how summaries list them.
OUTCOMES = ("pass", "fail", "no_answer", "tool_call_cap", "loop", "timeout", "context_overflow",
            "malformed", "api_error", "crash", "skipped")
#: Outcomes caused by the infrastructure, not the model (reported apart).
INFRASTRUCTURE = ("api_error",)
#: An unexpected exception inside the lab (a tool's bug, a resolver's, the loop's): recorded with
#: its traceback, counted apart from the model's outcomes and from the infrastructure's.
CRASH = "crash"


def needs_retry(outcome: str, infrastructure: bool = False) -> bool:
    """A test attempt that measured nothing about the model: an infrastructure failure or a lab
    crash. A run holding one ends `failed`, and resume runs that test again."""
    return infrastructure or outcome in INFRASTRUCTURE or outcome == CRASH


@dataclass
class ToolCallRecord:
    name: str
    arguments: Any
    raw: str = ""
    id: str | None = None
    malformed: str | None = None         # why the call could not be run (bad JSON, unknown tool...)
    is_error: bool = False               # the tool answered with an error
    response_tokens: dict = field(default_factory=dict)   # {"total", "fields", "envelope"}
    wall_s: float = 0.0
    form: str = "other"                  # how the model wrote it (lab.models.textcalls.CALL_FORMS)
    forced: bool = False                 # made on a turn forced to be a call (agent.tool_choice)


@dataclass
class TestResult:
    __test__ = False  # not a pytest class

    test_id: str
    index: int                            # 1-based place in this session
    position: int | None                  # the suite's position field
    category: str | None
    query: str
    expected: list[str]
    outcome: str = "skipped"
    passed: bool = False
    answer: str | None = None             # as the model wrote it
    answer_normalized: str | None = None
    detail: str | None = None             # why this outcome (loop: what repeated, ...)
    infrastructure: bool = False          # the outcome says nothing about the model
    error: str | None = None              # the traceback of a crash inside the test (outcome crash)
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    turns: int = 0
    prompt_tokens: int = 0                # summed over the test's turns
    cached_tokens: int = 0
    completion_tokens: int = 0
    context_start: int | None = None      # tokens in context when the test began
    context_end: int | None = None        # ... and after its last turn
    wall_s: float = 0.0
    prompt_eval_s: float = 0.0
    generation_s: float = 0.0
    evictions: list[dict] = field(default_factory=list)
    first_call_forced: bool = False       # agent.tool_choice=first forced its first turn to a call
    turn_usage: list[dict] = field(default_factory=list)
    messages: list[dict] = field(default_factory=list)   # the test's part of the conversation
    #: a resume went on with its single session from this test, the conversation rebuilt from the
    #: transcript (lab.agent.conversation.rebuilt): its first turn prefilled it anew
    continued: bool = False

    @property
    def evaluated_tokens(self) -> int:
        return self.prompt_tokens - self.cached_tokens

    @property
    def unforced_calls(self) -> int:
        """Tool calls the model chose to make (not on a forced turn)."""
        return sum(1 for c in self.tool_calls if not c.forced)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "TestResult":
        d = dict(d)
        d["tool_calls"] = [ToolCallRecord(**c) for c in d.get("tool_calls", [])]
        return cls(**d)
