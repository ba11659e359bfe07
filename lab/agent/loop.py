"""The agent loop: per test, the templated user message, then model -> tools -> model until an
`ANSWER:` line, under limits, with one outcome label per test (DESIGN.md).

Kinds of failure are kept apart:
- a tool error is text the model reads (the ToolSet never raises);
- a malformed turn (bad JSON, unknown tool, wrong arguments) also goes back as an error tool
  result; `malformed_limit` such turns in a row end the test as `malformed`;
- an unexpected exception inside the lab (a tool's bug, the resolver's, the loop's, a backend's
  that is not an API error) ends the test as `crash`, recorded with its traceback and counted apart
  from model and infrastructure outcomes, and the suite goes on; the model never reads a lab bug
  as a tool error. Only a `FatalModelError` (a broken setup) stops the run.
"""

from __future__ import annotations

import hashlib

import json
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from lab.agent.conversation import Conversation, rebuilt
from lab.suites.grading import grade
from lab.agent.progress import Progress
from lab.agent.repetition import RepetitionCheck
from lab.records.results import CRASH, INFRASTRUCTURE, ToolCallRecord, TestResult
from lab.agent.prompt import Templates, example_messages
from lab.agent.settings import AgentSettings
from lab.models.base import BackendAPIError, BackendTimeout, ContextOverflow, FatalModelError, ModelBackend
from lab.models.messages import AssistantTurn, ChatRequest, Message, ToolSchema
from lab.models.textcalls import parse_answer
from lab.tools.base import check_args
from lab.tools.toolset import ToolSet
from lab.vocab import dumps
from lab.vocab.tokens import field_tokens

CALL_FORMAT_HINT = ("Call one of the tools ({tools}) with a JSON object of arguments, or give your "
                    "final answer as {answer_format}.")


@dataclass
class Session:
    """Everything one session needs; built once per run, used for every repeat."""
    backend: ModelBackend
    toolset: ToolSet
    templates: Templates
    settings: AgentSettings
    corpus_root: Path

    def __post_init__(self) -> None:
        self.tools = [ToolSchema(s.name, s.description, s.input_schema) for s in self.toolset.specs()]
        self.system_prompt = self.templates.system_prompt([t.name for t in self.tools])
        self.preamble = example_messages(self.templates, self.tools)


@dataclass
class SessionResult:
    seed: int | None
    results: list[TestResult]
    evictions: list[dict] = field(default_factory=list)
    wall_s: float = 0.0
    system_prompt: str = ""
    tools: list[dict] = field(default_factory=list)


class _EndTest(Exception):
    def __init__(self, outcome: str, detail: str | None = None) -> None:
        self.outcome, self.detail = outcome, detail


class _ToolCrash(Exception):
    """A tool raised (ToolSet.call caught it): the test ends as `crash` with the tool's traceback."""

    def __init__(self, detail: str, tb: str) -> None:
        self.detail, self.tb = detail, tb


def turn_seed(base: int | None, test_id: str, turn: int) -> int | None:
    """The sampling seed of one turn: fixed by the repeat's seed, the test and the turn in it, so a
    resumed repeat (or a test run alone) samples exactly as it did in the uninterrupted run."""
    if base is None:
        return None
    digest = hashlib.sha256(f"{base}:{test_id}:{turn}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def run_session(tests: Sequence[Any], session: Session, *, seed: int | None = None,
                progress: Progress | None = None,
                on_result: Callable[[TestResult], None] | None = None,
                before: Sequence[TestResult] = ()) -> SessionResult:
    """Run `tests` in order: one growing conversation (`single`) or one each (`isolated`).
    `before`: the finished tests of an interrupted single session, which goes on after them with
    its conversation rebuilt from their recorded messages (the results hold only `tests`)."""
    s = session.settings
    backend = session.backend
    backend.set_seed(seed)
    backend.reset()
    started = time.monotonic()
    out = SessionResult(seed=seed, results=[], system_prompt=session.system_prompt,
                        tools=[t.openai() for t in session.tools])
    conv = _new_conversation(session)
    before = list(before) if s.session == "single" else []
    if before:
        conv = rebuilt(conv, before)
    # set when the stop policy ends a single session
    stopped: str | None = next((_stop_note(r.test_id) for r in before if _stops(r, s)), None)
    for i, test in enumerate(tests, 1):
        if s.session == "isolated" and i > 1:
            conv = _new_conversation(session)
            backend.reset()
        if stopped:
            r = _blank(test, i)
            r.outcome, r.detail = "skipped", stopped
        else:
            run = _TestRun(session, conv, test, i, out.evictions)
            # the first test after a rebuild: its first turn prefills the whole conversation anew
            run.after_rebuild = continued = bool(before) and not out.results
            r = run.run()
            r.continued = continued
            held = out.results or before
            if r.context_start is None and s.session == "single" and held:
                r.context_start = held[-1].context_end   # the backend cannot count exactly
            if _stops(r, s):
                stopped = _stop_note(test.id)
        out.results.append(r)
        if progress is not None:
            progress.update(r.outcome, r.test_id)
        if on_result is not None:
            on_result(r)
    if progress is not None:
        progress.close()
    out.wall_s = time.monotonic() - started
    return out


def _stops(r: TestResult, s: AgentSettings) -> bool:
    """This test's overflow ends its single session (context_policy=stop)."""
    return r.outcome == "context_overflow" and s.session == "single" and s.context_policy == "stop"


def _stop_note(test_id: str) -> str:
    return f"not reached: context overflow at test {test_id} (context_policy=stop)"


def _new_conversation(session: Session) -> Conversation:
    return Conversation(system=Message("system", session.system_prompt),
                        preamble=list(getattr(session, "preamble", [])))


def _blank(test: Any, index: int) -> TestResult:
    return TestResult(test_id=test.id, index=index, position=test.position, category=test.category,
                      query=test.query, expected=list(test.expected))


class _TestRun:
    def __init__(self, session: Session, conv: Conversation, test: Any, index: int,
                 evictions: list[dict]) -> None:
        self.session, self.conv, self.test = session, conv, test
        self.s = session.settings
        self.backend = session.backend
        self.r = _blank(test, index)
        self.session_evictions = evictions
        self.calls = Counter()
        self.texts = Counter()
        self.malformed_streak = 0
        self.nudges = 0
        self.after_eviction = False
        self.after_rebuild = False     # the first test after a resume rebuilt the conversation

    # -- the test --------------------------------------------------------------------------------
    def run(self) -> TestResult:
        r, s = self.r, self.s
        t0 = self.backend.clock()      # a batched backend's clock counts this test's share
        self.deadline = t0 + s.time_limit_s
        seg = self.conv.begin(self.test.id)
        try:
            r.context_start = self.backend.prompt_tokens(self.conv.messages(), self.session.tools)
            self.conv.add(Message("user", self.session.templates.user_message(self.test)))
            self._loop()
        except _EndTest as e:
            r.outcome, r.detail = e.outcome, e.detail
        except FatalModelError:
            raise
        except ContextOverflow as e:
            r.outcome, r.detail = "context_overflow", str(e)
        except BackendTimeout as e:
            r.outcome, r.detail, r.infrastructure = "timeout", str(e), True
        except BackendAPIError as e:
            r.outcome, r.detail = "api_error", str(e)
        except _ToolCrash as e:
            r.outcome, r.detail, r.error = CRASH, e.detail, e.tb
        except Exception as e:  # a crash inside one test: record it, the suite goes on
            r.outcome, r.detail = CRASH, f"{type(e).__name__}: {str(e)[:500]}"
            r.error = traceback.format_exc()
        r.passed = r.outcome == "pass"
        r.infrastructure = r.infrastructure or r.outcome in INFRASTRUCTURE
        self._close_dangling_calls()
        r.messages = [m.to_dict() for m in seg.messages]
        r.wall_s = round(self.backend.clock() - t0, 4)
        return r

    def _loop(self) -> None:
        s = self.s
        while True:
            if self.r.turns >= s.max_turns:
                raise _EndTest("no_answer", f"no answer after {s.max_turns} turns")
            if self.backend.clock() > self.deadline:
                raise _EndTest("timeout", f"test time limit {s.time_limit_s:g} s")
            forced = self.s.tool_choice == "first" and self.r.turns == 0
            turn = self._chat(forced)
            if forced:
                self.r.first_call_forced = True
            msg = turn.message()
            self.conv.add(msg)
            self._account(turn)
            if turn.finish_reason == "loop":
                raise _EndTest("loop", self.check.reason or "the reply repeats itself")
            if turn.finish_reason == "timeout":
                raise _EndTest("timeout", f"test time limit {s.time_limit_s:g} s (mid-generation)")

            if turn.tool_calls:
                usable = self._run_calls(turn, forced)
                if usable:
                    self.malformed_streak = 0
                else:
                    self.malformed_streak += 1
                    if self.malformed_streak >= s.malformed_limit:
                        raise _EndTest("malformed", f"{self.malformed_streak} unusable turns in a row")
                self._same_text(turn)
                continue

            self._same_text(turn)
            answer = parse_answer(turn.text, self.session.templates.answer_prefix)
            if answer is not None:
                ok, norm = grade(answer, self.test.expected, self.session.corpus_root)
                self.r.answer, self.r.answer_normalized = answer, norm
                raise _EndTest("pass" if ok else "fail")
            if self.nudges < s.max_nudges:
                self.nudges += 1
                self.conv.add(Message("user", s.nudge_message.format_map(
                    {"answer_format": self.session.templates.answer_format})))
                continue
            raise _EndTest("no_answer", f"turn ended ({turn.finish_reason}) without a tool call "
                                        "or an answer line")

    def _same_text(self, turn: AssistantTurn) -> None:
        key = " ".join(turn.text.split())
        self.texts[key] += 1
        if key and self.texts[key] >= self.s.loop_repeats:
            raise _EndTest("loop", f"the same reply {self.texts[key]} times: {key[:80]!r}")

    # -- one model turn, with the context policy -------------------------------------------------
    def _chat(self, forced: bool = False) -> AssistantTurn:
        s, session = self.s, self.session
        self.check = RepetitionCheck(s.loop_repeats)
        while True:
            req = ChatRequest(messages=self.conv.messages(), tools=session.tools,
                              max_tokens=s.max_tokens_per_turn, deadline=self.deadline,
                              seed=turn_seed(getattr(session.backend, "seed", None), self.test.id, self.r.turns),
                              constrained=s.constrained, force_tool_call=forced,
                              forced_tool=s.forced_tool if forced else None,
                              answer_prefix=session.templates.answer_prefix,
                              stop_check=self.check,
                              test=self.test if self.backend.reads_golden_test else None)
            try:
                turn = self.backend.chat(req)
            except ContextOverflow as e:
                if s.context_policy != "evict_oldest" or not self.conv.can_evict():
                    raise
                self._evict(e)
                continue
            if self.backend.reads_golden_test and (got := req.missing_forced_call(turn)):
                # a model that is no LLM (the reference, the lab's test models), checked here for all
                # of them: every real backend makes the forced call (llama.cpp's grammar; openai_compat
                # stops a server that ignores it), so this reply would be recorded as a forced turn
                # no model gives
                named = f", forced_tool={req.forced_tool}" if req.forced_tool else ""
                raise FatalModelError(
                    f"the {self.backend.backend} model answers a forced turn (agent.tool_choice=first"
                    f"{named}) of {self.test.id} with {got}: a model that reads the golden test must "
                    f"make the forced call (queue one in a script, force a tool the model calls, or run "
                    f"with agent.tool_choice=auto)")
            return turn

    def _evict(self, err: ContextOverflow) -> None:
        """Drop the oldest finished tests until the prompt is at most evict_to x n_ctx."""
        tools = self.session.tools
        before = self.backend.prompt_tokens(self.conv.messages(), tools)
        limit = self.backend.context_length()
        target = int(self.s.evict_to * limit) if limit else None
        dropped = []
        while self.conv.can_evict():
            dropped.append(self.conv.evict_oldest().test_id)
            now = self.backend.prompt_tokens(self.conv.messages(), tools)
            if target is None or now is None or now <= target:
                break
        ev = {"at_test": self.test.id, "dropped": dropped, "tokens_before": before,
              "tokens_after": self.backend.prompt_tokens(self.conv.messages(), tools),
              "reason": str(err)}
        self.r.evictions.append(ev)
        self.session_evictions.append(ev)
        self.after_eviction = True

    def _account(self, turn: AssistantTurn) -> None:
        r = self.r
        r.turns += 1
        r.prompt_tokens += turn.prompt_tokens
        r.cached_tokens += turn.cached_tokens
        r.completion_tokens += turn.completion_tokens
        r.prompt_eval_s += turn.prompt_eval_s
        r.generation_s += turn.generation_s
        if turn.context_tokens is not None:
            r.context_end = turn.context_tokens
        usage = turn.usage()
        usage["finish_reason"] = turn.finish_reason
        usage["after_eviction"] = self.after_eviction
        if self.after_rebuild:
            usage["after_rebuild"] = True
        self.after_eviction = self.after_rebuild = False
        r.turn_usage.append(usage)

    # -- tool calls ------------------------------------------------------------------------------
    def _run_calls(self, turn: AssistantTurn, forced: bool = False) -> bool:
        """Run the turn's calls; True when at least one was usable."""
        toolset: ToolSet = self.session.toolset
        specs = {t.name: t for t in self.session.tools}
        usable = False
        for call in turn.tool_calls:
            if len(self.r.tool_calls) >= self.s.max_tool_calls:
                raise _EndTest("tool_call_cap", f"more than {self.s.max_tool_calls} tool calls")
            rec = ToolCallRecord(name=call.name, arguments=call.arguments, raw=call.raw, id=call.id,
                                 form=call.form, forced=forced)
            problem = call.error
            if problem is None and call.name not in specs:
                problem = f"unknown tool '{call.name}' (tools: {', '.join(specs)})"
            if problem is None:
                problem = check_args(call.name, specs[call.name].parameters, call.arguments)
            t0 = time.monotonic()
            if problem is not None:
                rec.malformed = problem
                hint = CALL_FORMAT_HINT.format(answer_format=self.session.templates.answer_format,
                                               tools=", ".join(specs))
                text, structured, is_error = f"Error: {problem}. {hint}", None, True
            else:
                usable = True
                key = (call.name, json.dumps(call.arguments, sort_keys=True, ensure_ascii=False))
                self.calls[key] += 1
                if self.calls[key] >= self.s.loop_repeats:
                    raise _EndTest("loop", f"{call.name}({key[1]}) called {self.calls[key]} times")
                res = toolset.call(call.name, call.arguments)
                if res.crash is not None:
                    rec.is_error, rec.wall_s = True, round(time.monotonic() - t0, 4)
                    self.r.tool_calls.append(rec)
                    raise _ToolCrash(f"{call.name} raised: {res.text.removeprefix('Error: ')}", res.crash)
                text, structured, is_error = res.text, res.structured, res.is_error
            rec.wall_s = round(time.monotonic() - t0, 4)
            rec.is_error = is_error
            rec.response_tokens = self._response_tokens(text, structured, is_error)
            self.r.tool_calls.append(rec)
            self.conv.add(Message("tool", text, name=call.name or None, tool_call_id=call.id))
        return usable

    def _response_tokens(self, text: str, structured: Any, is_error: bool) -> dict:
        count = self.backend.count_tokens
        if not is_error and isinstance(structured, dict) and dumps(structured) == text:
            return field_tokens(structured, count).to_dict()
        n = count(text)
        return {"total": n, "fields": {}, "envelope": n}

    def _close_dangling_calls(self) -> None:
        """Native calls need an answer each before the conversation goes on (single sessions)."""
        seg = self.conv.segments[-1].messages if self.conv.segments else []
        if not seg:
            return
        last_assistant = max((i for i, m in enumerate(seg) if m.role == "assistant"), default=None)
        if last_assistant is None:
            return
        answered = {m.tool_call_id for m in seg[last_assistant + 1:] if m.role == "tool"}
        for call in seg[last_assistant].tool_calls:
            if call.id and call.id not in answered:
                self.conv.add(Message("tool", "Error: not run: the test ended.", name=call.name,
                                      tool_call_id=call.id))
