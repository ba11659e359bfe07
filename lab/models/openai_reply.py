"""Reading one reply of an OpenAI-compatible server: the body under a wall-clock deadline, then
its JSON checked field by field.

The HTTP client's time-out applies between bytes, so a server or proxy that sends its headers
and then one byte a second never trips it: `read_body` stops at the deadline whatever the pace.
A 200 whose body is not a chat completion (invalid JSON, an HTML page, `choices: []`,
`message: null`) is `MalformedReply`, an infrastructure outcome the backend retries like a 500 —
never an exception from deep inside the lab.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Iterable


class MalformedReply(Exception):
    """A 200 from the server that is not a chat completion; the message says what is wrong."""


class ReplyDeadline(Exception):
    """The body was still arriving at the deadline."""


def read_body(chunks: Iterable[bytes], deadline: float) -> bytes:
    """Every chunk of a response body, or ReplyDeadline once `time.monotonic()` passes `deadline`."""
    parts = []
    for chunk in chunks:
        parts.append(chunk)
        if time.monotonic() > deadline:
            got = sum(map(len, parts))
            raise ReplyDeadline(f"the reply was still arriving at its deadline ({got:,} bytes received)")
    return b"".join(parts)


@dataclass(frozen=True)
class Reply:
    """The parts of a chat completion the lab reads, each of the type it expects."""
    message: dict              # the assistant message as the server sent it
    content: str
    tool_calls: list[dict]     # each {"id", "name", "arguments": str}
    finish_reason: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int


def parse_reply(body: bytes) -> Reply:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as e:
        head = body[:60].decode("utf-8", "replace").replace("\n", " ")
        raise MalformedReply(f"the body is not JSON ({e}): {head!r}") from None
    if not isinstance(data, dict):
        raise MalformedReply(f"the body is a JSON {type(data).__name__}, not an object")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        raise MalformedReply(f"`choices` is {_what(choices)}, not a non-empty list")
    choice = choices[0]
    if not isinstance(choice, dict):
        raise MalformedReply(f"`choices[0]` is {_what(choice)}, not an object")
    msg = choice.get("message")
    if not isinstance(msg, dict):
        raise MalformedReply(f"`choices[0].message` is {_what(msg)}, not an object")
    content = msg.get("content")
    if content is not None and not isinstance(content, str):
        raise MalformedReply(f"`message.content` is {_what(content)}, not a string")
    finish = choice.get("finish_reason")
    if finish is not None and not isinstance(finish, str):
        raise MalformedReply(f"`finish_reason` is {_what(finish)}, not a string")
    return Reply(message=msg, content=content or "", tool_calls=_calls(msg.get("tool_calls")),
                 finish_reason=finish or "stop", **_usage(data.get("usage")))


def _calls(raw: Any) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise MalformedReply(f"`message.tool_calls` is {_what(raw)}, not a list")
    out = []
    for i, tc in enumerate(raw):
        fn = tc.get("function") if isinstance(tc, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise MalformedReply(f"`message.tool_calls[{i}]` has no function name")
        args = fn.get("arguments")
        if isinstance(args, (dict, list)):        # some servers send the object itself
            args = json.dumps(args, ensure_ascii=False)
        elif args is not None and not isinstance(args, str):
            raise MalformedReply(f"`message.tool_calls[{i}].function.arguments` is {_what(args)}")
        tid = tc.get("id")
        out.append({"id": tid if isinstance(tid, str) else None, "name": fn["name"],
                    "arguments": args or ""})
    return out


def _usage(u: Any) -> dict[str, int]:
    u = u if isinstance(u, dict) else {}
    details = u.get("prompt_tokens_details")
    details = details if isinstance(details, dict) else {}
    return {"prompt_tokens": _count(u.get("prompt_tokens")),
            "completion_tokens": _count(u.get("completion_tokens")),
            "cached_tokens": _count(details.get("cached_tokens"))}


def _count(v: Any) -> int:
    """A token count as reported; anything else (absent, null, text) counts as 0, as before."""
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def _what(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, list) and not v:
        return "an empty list"
    return f"a {type(v).__name__}" if not isinstance(v, str) else f"the string {v[:20]!r}"
