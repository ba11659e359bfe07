"""Chat templates from GGUF metadata, and the append-only prompt that keeps the KV cache warm.

Rendering the whole conversation through the chat template on every turn is what servers do, and
it throws the KV cache away whenever the template rewrites an earlier turn (thinking models drop
`<think>` blocks from earlier assistant turns; tool calls are re-serialized). So the prompt is
built append-only, one chunk at a time, and every chunk is tokenized once:

- the system chunk: the template rendered with the system message (and the tool schemas);
- an assistant chunk: the tokens the model generated, exactly as sampled, then the template's
  end-of-turn text (what the template writes after an assistant message's content);
- a group chunk: the messages between two assistant turns (tool results, the next user message)
  with the generation prompt. Its text is found by rendering `[system, user, assistant(SENTINEL)]`
  with and without the group and keeping what the group added after the sentinel's end-of-turn.

Earlier turns therefore never change, whatever the template would do to them: this is
`HISTORY_RENDERING` in the run record. Evicting old turns keeps the system chunk and the later
chunks' tokens; only the part after the system chunk is evaluated again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable

from lab.models.messages import Message, ToolSchema
from lab.models.textcalls import hermes_tools_block

HISTORY_RENDERING = "append-only: raw assistant tokens kept, new messages rendered by template difference"

#: ChatML, for GGUF files without a template.
CHATML = ("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content']"
          " + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}"
          "{{ '<|im_start|>assistant\n' }}{% endif %}")

SENTINEL = "\u2063LAB-SENTINEL-7f3a\u2063"


class ChatTemplate:
    """A Jinja chat template rendered the way transformers and llama-cpp-python render it."""

    def __init__(self, source: str, *, bos_token: str = "", eos_token: str = "",
                 extra: dict[str, Any] | None = None) -> None:
        import jinja2  # jinja2 loads only when a GGUF's chat template is rendered (llama.cpp models)
        import jinja2.ext  # (the same)
        from jinja2.sandbox import ImmutableSandboxedEnvironment  # (the same)

        self.source = source
        self.bos_token, self.eos_token = bos_token, eos_token
        self.extra = dict(extra or {})
        env = ImmutableSandboxedEnvironment(loader=jinja2.BaseLoader(), trim_blocks=True,
                                            lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols])
        env.filters["tojson"] = lambda x, ensure_ascii=False, indent=None, separators=None, \
            sort_keys=False: json.dumps(x, ensure_ascii=ensure_ascii, indent=indent,
                                        separators=separators, sort_keys=sort_keys)
        self._tmpl = env.from_string(source)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()

    @property
    def renders_tools(self) -> bool:
        """Whether the template itself writes the tool schemas it is given."""
        return "tools" in self.source

    def render(self, messages: list[dict], *, tools: list[dict] | None = None,
               add_generation_prompt: bool = False) -> str:
        def raise_exception(message: str) -> None:
            raise ValueError(f"chat template: {message}")

        return self._tmpl.render(messages=messages, tools=tools or None,
                                 add_generation_prompt=add_generation_prompt,
                                 bos_token=self.bos_token, eos_token=self.eos_token,
                                 raise_exception=raise_exception,
                                 strftime_now=lambda f: datetime.now().strftime(f), **self.extra)


@dataclass(frozen=True)
class MessageStyle:
    """How lab messages become template messages for one model config."""
    tools_in_system: bool        # the template cannot render tools: a Hermes block joins the system
    tool_results_as: str = "tool"  # "tool", or "user" wrapped in <tool_response> (no tool role)

    def system(self, msg: Message, tools: list[ToolSchema]) -> dict:
        content = msg.content
        if self.tools_in_system and tools:
            content = content.rstrip() + "\n\n" + hermes_tools_block(tools)
        return {"role": "system", "content": content}

    def message(self, msg: Message) -> dict:
        if msg.role == "tool":
            if self.tool_results_as == "user":
                return {"role": "user",
                        "content": f"<tool_response>\n{msg.content}\n</tool_response>"}
            d = {"role": "tool", "content": msg.content}
            if msg.name:
                d["name"] = msg.name
            if msg.tool_call_id:
                d["tool_call_id"] = msg.tool_call_id
            return d
        return {"role": msg.role, "content": msg.content}


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class AppendOnlyPrompt:
    """The token list of a conversation, built chunk by chunk (see the module docstring)."""

    def __init__(self, template: ChatTemplate, style: MessageStyle,
                 tokenize: Callable[[str], list[int]], *, bos: list[int] | None = None,
                 eos_text: str = "") -> None:
        self.template, self.style, self.tokenize = template, style, tokenize
        self.bos = list(bos or [])
        self.eos_text = eos_text
        self._chunks: dict[tuple, list[int]] = {}

    def _tools(self, tools: list[ToolSchema]) -> list[dict] | None:
        if self.style.tools_in_system or not tools:
            return None
        return [t.openai() for t in tools]

    def _base(self, system: Message, tools: list[ToolSchema]) -> list[dict]:
        return [self.style.system(system, tools), {"role": "user", "content": "?"},
                {"role": "assistant", "content": SENTINEL}]

    def _closing(self, system: Message, tools: list[ToolSchema]) -> str:
        """What the template writes after an assistant message's content (end of turn)."""
        key = ("closing", system.uid, _tools_key(tools))
        if key not in self._chunks:
            text = self.template.render(self._base(system, tools), tools=self._tools(tools))
            self._chunks[key] = text.split(SENTINEL, 1)[1]  # type: ignore[assignment]
        return self._chunks[key]  # type: ignore[return-value]

    def _system_chunk(self, system: Message, tools: list[ToolSchema]) -> list[int]:
        key = ("system", system.uid, _tools_key(tools))
        if key not in self._chunks:
            text = self.template.render([self.style.system(system, tools)], tools=self._tools(tools))
            bos = self.bos
            if bos and self.template.bos_token and text.startswith(self.template.bos_token):
                bos = []
            self._chunks[key] = bos + self.tokenize(text)
        return self._chunks[key]

    def _group_chunk(self, system: Message, tools: list[ToolSchema], after: str,
                     group: list[Message]) -> list[int]:
        key = ("group", system.uid, _tools_key(tools), after, tuple(m.uid for m in group))
        if key not in self._chunks:
            t = self._tools(tools)
            msgs = [self.style.message(m) for m in group]
            if after == "system":
                base = [self.style.system(system, tools)]
                a = self.template.render(base, tools=t)
                b = self.template.render(base + msgs, tools=t, add_generation_prompt=True)
                delta = b[_common_prefix(a, b):]
            else:
                base = self._base(system, tools)
                closing = self._closing(system, tools)
                b = self.template.render(base + msgs, tools=t, add_generation_prompt=True)
                after_b = b.split(SENTINEL, 1)[1]
                delta = after_b[_common_prefix(closing, after_b):]
            self._chunks[key] = self.tokenize(delta)
        return self._chunks[key]

    def _assistant_chunk(self, system: Message, tools: list[ToolSchema], msg: Message) -> list[int]:
        key = ("assistant", msg.uid, system.uid, _tools_key(tools))
        if key not in self._chunks:
            closing = self._closing(system, tools)
            if msg.generated:        # the tokens it was generated as (Message.generated)
                toks, ended_with_eos = msg.generated["tokens"], msg.generated["eos"]
                if ended_with_eos and self.eos_text and closing.startswith(self.eos_text):
                    closing = closing[len(self.eos_text):]
                self._chunks[key] = list(toks) + (self.tokenize(closing) if closing else [])
            else:  # a turn this backend did not generate: its text, then the end of turn
                self._chunks[key] = self.tokenize(msg.content + closing)
        return self._chunks[key]

    def tokens(self, messages: list[Message], tools: list[ToolSchema]) -> list[int]:
        """The prompt for the next assistant turn."""
        if not messages or messages[0].role != "system":
            raise ValueError("a conversation starts with its system message")
        system = messages[0]
        out = list(self._system_chunk(system, tools))
        after, group = "system", []
        for m in messages[1:]:
            if m.role == "assistant":
                if group:
                    out += self._group_chunk(system, tools, after, group)
                out += self._assistant_chunk(system, tools, m)
                after, group = "assistant", []
            else:
                group.append(m)
        if group:
            out += self._group_chunk(system, tools, after, group)
        return out

    def forget(self, keep_uids: set[int]) -> None:
        """Drop memoized chunks of messages no longer in any conversation (bounded memory)."""
        def alive(key: tuple) -> bool:
            if key[0] == "assistant":
                return key[1] in keep_uids
            if key[0] == "group":
                return all(u in keep_uids for u in key[4])
            return True
        self._chunks = {k: v for k, v in self._chunks.items() if alive(k)}


def _tools_key(tools: list[ToolSchema]) -> str:
    return hashlib.sha1(json.dumps([t.openai() for t in tools], sort_keys=True).encode()).hexdigest()
