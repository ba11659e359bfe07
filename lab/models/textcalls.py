"""Tool calls written as text, and the thinking text around them.

llama.cpp (and a server that does not parse tool calls itself) returns plain text; the model
config names the formats its model writes (`tool_call_formats`), tried in order:

- `hermes`: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` (Hermes, Qwen2.5/3,
  SmolLM2); the JSON may also be a list of such objects; an unclosed tag at the end is read to
  the end of the text (a turn cut by the token limit).
- `json`: a bare JSON object `{"name": ..., "arguments": ...}` (or a list of them), optionally in
  a ```json fence: what small models write when they imitate the example in the prompt.
- `mistral`: `[TOOL_CALLS] [{"name": ..., "arguments": ...}]`.
- `llama3`: `<|python_tag|>{"name": ..., "parameters": ...}`.

A call that looks like a call but cannot be used (bad JSON, no name) is still returned, with
`error` set: the agent sends that error back to the model as a tool result.

Thinking text (`<think>...</think>`) is removed before calls and answers are looked for.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lab.models.messages import ToolCall, ToolSchema

FORMATS = ("hermes", "json", "mistral", "llama3")

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"


def strip_thinking(text: str, open_tag: str = THINK_OPEN, close_tag: str = THINK_CLOSE) -> str:
    """The text without its thinking. A close tag with no open tag before it (templates that put
    the open tag in the generation prompt) drops everything before it; an unclosed open tag drops
    everything after it."""
    if close_tag in text and (open_tag not in text or text.index(close_tag) < text.index(open_tag)):
        text = text.split(close_tag, 1)[1]
    out = []
    while True:
        i = text.find(open_tag)
        if i < 0:
            out.append(text)
            break
        out.append(text[:i])
        j = text.find(close_tag, i + len(open_tag))
        if j < 0:
            break
        text = text[j + len(close_tag):]
    return "".join(out)


#: the form label each parser gives its calls (ToolCall.form)
FORM_TAGS, FORM_FENCED, FORM_BARE, FORM_MISTRAL, FORM_PYTHON_TAG, FORM_NATIVE = (
    "tool_call_tags", "fenced_json", "bare_json", "mistral_tag", "python_tag", "native")
CALL_FORMS = (FORM_TAGS, FORM_FENCED, FORM_BARE, FORM_MISTRAL, FORM_PYTHON_TAG, FORM_NATIVE, "other")


def _with_form(calls: list[ToolCall], form: str) -> list[ToolCall]:
    for c in calls:
        c.form = form
    return calls


def _calls_from_json(obj: Any, raw: str, args_key: str = "arguments") -> list[ToolCall]:
    items = obj if isinstance(obj, list) else [obj]
    calls = []
    for item in items:
        if not isinstance(item, dict):
            calls.append(ToolCall(name="", arguments=None, raw=raw,
                                  error=f"a tool call must be a JSON object, got {type(item).__name__}"))
            continue
        if "function" in item and isinstance(item["function"], dict):   # OpenAI-shaped
            item = item["function"]
        name = item.get("name")
        args = item.get(args_key, item.get("arguments", item.get("parameters", {})))
        if isinstance(args, str):   # arguments given as a JSON string
            try:
                args = json.loads(args)
            except json.JSONDecodeError as e:
                calls.append(ToolCall(name=str(name or ""), arguments=None, raw=raw,
                                      error=f"arguments are not valid JSON: {e.msg}"))
                continue
        if not isinstance(name, str) or not name:
            calls.append(ToolCall(name="", arguments=args, raw=raw,
                                  error='a tool call needs "name" (the tool) and "arguments"'))
            continue
        calls.append(ToolCall(name=name, arguments=args, raw=raw))
    return calls


def _load(raw: str) -> tuple[Any, str | None]:
    try:
        return json.loads(raw), None
    except json.JSONDecodeError as e:
        return None, f"tool call is not valid JSON ({e.msg} at char {e.pos})"


_HERMES = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.S)


def parse_hermes(text: str) -> list[ToolCall]:
    calls = []
    for m in _HERMES.finditer(text):
        raw = m.group(1).strip()
        obj, err = _load(raw)
        if err:
            calls.append(ToolCall(name=_guess_name(raw), arguments=None, raw=raw, error=err))
        else:
            calls.extend(_calls_from_json(obj, raw))
    return _with_form(calls, FORM_TAGS)


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def parse_json(text: str) -> list[ToolCall]:
    """Bare JSON objects that have a "name" key (in fences or not)."""
    calls: list[ToolCall] = []
    fenced = [m.group(1) for m in _FENCE.finditer(text)]
    form = FORM_FENCED if fenced else FORM_BARE
    bodies = fenced or [text]
    dec = json.JSONDecoder()
    for body in bodies:
        i = 0
        while True:
            starts = [p for p in (body.find("{", i), body.find("[", i)) if p >= 0]
            if not starts:
                break
            start = min(starts)
            try:
                obj, end = dec.raw_decode(body, start)
            except json.JSONDecodeError:
                i = start + 1
                continue
            objs = obj if isinstance(obj, list) else [obj]
            if objs and all(isinstance(o, dict) and "name" in o for o in objs):
                calls.extend(_calls_from_json(obj, body[start:end]))
            i = end
    return _with_form(calls, form)


_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*(.*)", re.S)


def parse_mistral(text: str) -> list[ToolCall]:
    m = _MISTRAL.search(text)
    if not m:
        return []
    raw = m.group(1).strip()
    try:
        obj, _ = json.JSONDecoder().raw_decode(raw)
    except json.JSONDecodeError as e:
        return [ToolCall(name=_guess_name(raw), arguments=None, raw=raw,
                         error=f"tool call is not valid JSON ({e.msg})", form=FORM_MISTRAL)]
    return _with_form(_calls_from_json(obj, raw), FORM_MISTRAL)


def parse_llama3(text: str) -> list[ToolCall]:
    if "<|python_tag|>" not in text:
        return []
    raw = text.split("<|python_tag|>", 1)[1].replace("<|eom_id|>", "").strip()
    calls = []
    for part in [p for p in raw.split(";") if p.strip()]:
        obj, err = _load(part.strip())
        if err:
            calls.append(ToolCall(name=_guess_name(part), arguments=None, raw=part, error=err))
        else:
            calls.extend(_calls_from_json(obj, part.strip(), args_key="parameters"))
    return _with_form(calls, FORM_PYTHON_TAG)


_PARSERS = {"hermes": parse_hermes, "json": parse_json, "mistral": parse_mistral,
            "llama3": parse_llama3}

_NAME = re.compile(r'"name"\s*:\s*"([^"]+)"')


def _guess_name(raw: str) -> str:
    m = _NAME.search(raw)
    return m.group(1) if m else ""


def parse_tool_calls(text: str, formats: tuple[str, ...] | list[str] = ("hermes",),
                     *, think: tuple[str, str] = (THINK_OPEN, THINK_CLOSE)) -> list[ToolCall]:
    """The tool calls in a turn's text: the first format (in config order) that finds any."""
    visible = strip_thinking(text, *think)
    for fmt in formats:
        calls = _PARSERS[fmt](visible)
        if calls:
            return calls
    return []


def answer_pattern(prefix: str = "ANSWER:") -> re.Pattern:
    """A line `ANSWER: <path>`; markdown emphasis around the prefix is allowed, case is not
    significant (small models write `Answer:`)."""
    word = re.escape(prefix.rstrip(":").strip())
    return re.compile(rf"^[ \t>*_#-]*(?:\*\*|__)?{word}(?:\*\*|__)?\s*:\s*(?:\*\*|__)?[ \t]*(.*?)[ \t]*$",
                      re.I | re.M)


def parse_answer(text: str, prefix: str = "ANSWER:",
                 *, think: tuple[str, str] = (THINK_OPEN, THINK_CLOSE)) -> str | None:
    """The last non-empty answer line of a turn (outside thinking), or None."""
    visible = strip_thinking(text, *think)
    found = [m.group(1) for m in answer_pattern(prefix).finditer(visible) if m.group(1).strip()]
    return found[-1] if found else None


# -- telling a model about its tools when its chat template cannot ------------------------------

HERMES_TOOLS_PROMPT = """# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
{tools}
</tools>

For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{{"name": <function-name>, "arguments": <args-json-object>}}
</tool_call>"""


def hermes_tools_block(tools: list[ToolSchema]) -> str:
    lines = "\n".join(json.dumps(t.openai(), ensure_ascii=False) for t in tools)
    return HERMES_TOOLS_PROMPT.format(tools=lines)


def hermes_call_text(name: str, arguments: Any) -> str:
    """How a call looks in Hermes format (the no-LLM backend's transcript, scripted tests)."""
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments},
                                        ensure_ascii=False) + "\n</tool_call>"
