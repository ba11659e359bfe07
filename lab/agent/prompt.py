"""The prompt templates of the agent loop: the Hydra group `configs/prompt/` (one YAML file a
variant: `prompt=NAME`, sweepable with `lab run -m prompt=a,b`), or any templates file
(`prompt.file=PATH`). A suite may override any template key with a top-level `templates:` mapping.

Keys (a contract: the loop reads exactly these):

    system         the system prompt; placeholders {tool_names} and {answer_format}
    answer_format  the one answer line; the text before "<" is the prefix the grader looks for
    test_message   the user message of one test; placeholders {id} {query} {intent} {position}
                   {category} {message} (a missing intent renders as "")
    example        one worked example shown as real turns before the first test
                   (user, call {name, arguments}, result, answer); null = none

The schemas: `PromptSettings` for a group file (name, about, file and the keys above, every one
required: the defaults are the YAML's), `TemplatesSettings` for a templates file (the keys above;
a file may leave `example` out, meaning none). Both are strict pydantic `Settings`: a misspelt key,
a wrong type or an empty template stops before any model call, naming the file and the key
(`prompt.<key>` for the group's file, the bare key for a templates file or a suite's overrides).

Rendered with str.format_map: write {{ and }} for literal braces. Everything here is part of the
run's fingerprint; the variant's name and the files it came from are recorded, not fingerprinted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import yaml

from lab.errors import InputError
from lab.models.messages import Message, ToolCall, ToolSchema
from lab.models.textcalls import hermes_call_text, parse_answer
from lab.settings import NonBlank, Settings, parse, plain


class ExampleCall(Settings):
    name: NonBlank                 # a tool the tool set offers (checked when the session starts)
    arguments: dict[str, Any]      # its JSON arguments, as the model would write them


class WorkedExampleSettings(Settings):
    user: NonBlank                 # the question
    call: ExampleCall              # the assistant's one tool call
    result: NonBlank               # the tool's answer, as the model reads it
    answer: NonBlank               # the answer line (must parse with answer_format's prefix)


class TemplatesSettings(Settings):
    """A templates file (`prompt.file=PATH`), and the templates of a prompt once a suite's
    overrides are merged in."""
    system: NonBlank
    answer_format: NonBlank
    test_message: NonBlank
    example: WorkedExampleSettings | None = None    # a templates file may leave it out: none


class PromptSettings(Settings):
    """`configs/prompt/<name>.yaml`."""
    name: str
    about: str                     # for people reading the config; never shown to the model
    file: str | None               # a templates file to use instead of the keys below
    system: NonBlank
    answer_format: NonBlank
    test_message: NonBlank
    example: WorkedExampleSettings | None


TEMPLATE_KEYS = ("system", "answer_format", "test_message")
FILE_KEYS = tuple(TemplatesSettings.model_fields)
PROMPT_KEYS = frozenset(PromptSettings.model_fields)
TEST_FIELDS = ("id", "query", "intent", "position", "category", "message")
EXAMPLE_KEYS = tuple(WorkedExampleSettings.model_fields)


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        raise KeyError(key)


@dataclass(frozen=True)
class WorkedExample:
    """One worked example: a user question, one tool call, its result, the answer line."""
    user: str
    tool: str
    arguments: dict
    result: str
    answer: str

    def to_dict(self) -> dict:
        return {"user": self.user, "call": {"name": self.tool, "arguments": self.arguments},
                "result": self.result, "answer": self.answer}


@dataclass(frozen=True)
class Templates:
    system: str
    answer_format: str
    test_message: str
    sources: tuple[str, ...] = ()   # the files the keys came from, for the run record
    example: WorkedExample | None = None
    name: str | None = None         # the prompt variant (configs/prompt/<name>.yaml)
    #: what these were built from before any suite's overrides — (content, file, key prefix,
    #: sources) — so `with_overrides` checks only what a suite adds (never recorded or compared)
    checked: tuple | None = field(default=None, compare=False, repr=False)

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

    def with_overrides(self, overrides: Mapping[str, Any] | None,
                       overrides_file: str | None = None) -> "Templates":
        """These templates with a suite's `templates:` mapping on top, as `load_prompt(cfg,
        overrides, overrides_file)` gives them, without checking the prompt group again."""
        if not overrides:
            return self
        if self.checked is None:
            raise ValueError("templates not built by load_prompt/load_templates take no overrides")
        content, file, key_prefix, sources = self.checked
        return _build(content, file, key_prefix, list(sources), overrides, overrides_file, name=self.name)

    def content(self) -> dict:
        """What the fingerprint takes: the texts and the example, not names or paths."""
        return {"system": self.system, "answer_format": self.answer_format,
                "test_message": self.test_message,
                "example": self.example.to_dict() if self.example else None}

    def to_dict(self) -> dict:
        return {**self.content(), "name": self.name, "sources": list(self.sources)}


def _read_file(file: Path) -> Any:
    try:
        return yaml.safe_load(Path(file).read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"cannot read the prompt templates: {e.strerror or e}", file=str(file)) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error in the prompt templates: {e}", file=str(file)) from None


def _build(content: TemplatesSettings, file: str, key_prefix: str, sources: list[str],
           overrides: Mapping[str, Any] | None, overrides_file: str | None,
           name: str | None) -> Templates:
    """`content` (validated, from `file`) with the suite's `overrides` on top, checked again as a
    whole, then its placeholders and the example's answer line. Errors name the file the key came
    from: `file` (keys `key_prefix` + key) or `overrides_file` (the bare key)."""
    checked = (content, file, key_prefix, tuple(sources))
    origin = {k: (file, key_prefix + k) for k in FILE_KEYS}
    if overrides:
        if not isinstance(overrides, Mapping):
            raise InputError("'templates' must be a mapping", file=overrides_file, key="templates")
        merged = content.model_dump()
        for k, v in overrides.items():
            if k in FILE_KEYS:      # the suite loader has refused any other key, naming its line
                merged[k] = v
                origin[k] = (overrides_file or "suite", k)
        sources.append(overrides_file or "suite")
        # only an overridden key can fail here: the rest was valid a moment ago
        content = parse(TemplatesSettings, merged, file=overrides_file or "suite", prefix="")
    ex = content.example
    t = Templates(system=content.system, answer_format=content.answer_format.strip(),
                  test_message=content.test_message, sources=tuple(sources), name=name, checked=checked,
                  example=None if ex is None else WorkedExample(
                      user=ex.user, tool=ex.call.name, result=ex.result, answer=ex.answer.strip(),
                      arguments=json.loads(json.dumps(ex.call.arguments))))

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
                             file=origin[key][0], key=origin[key][1]) from None
        except (ValueError, IndexError) as e:
            raise InputError(f"bad template: {e} (write {{{{ and }}}} for literal braces)",
                             file=origin[key][0], key=origin[key][1]) from None
    if t.example is not None:
        if parse_answer(t.example.answer, t.answer_prefix) is None:
            file, key = origin["example"]
            raise InputError(f"the example's answer must be an answer line ({t.answer_format})",
                             file=file, key=f"{key}.answer")
    return t


def load_templates(file: Path, overrides: Mapping[str, Any] | None = None,
                   overrides_file: str | None = None, *, name: str | None = None) -> Templates:
    """A templates file (system, answer_format, test_message, optional example), then the
    suite's own `templates:` mapping on top. `name` (the prompt variant) defaults to the file's stem."""
    data = _read_file(file)
    if not isinstance(data, Mapping):
        raise InputError("the prompt templates file must be a mapping with keys "
                         + ", ".join(TEMPLATE_KEYS) + " (and optionally example)", file=str(file))
    content = parse(TemplatesSettings, data, file=str(file), prefix="")
    return _build(content, str(file), "", [str(file)], overrides, overrides_file,
                  name=name or Path(file).stem)


def load_prompt(cfg: Any, overrides: Mapping[str, Any] | None = None,
                overrides_file: str | None = None) -> Templates:
    """The `prompt` config group (`configs/prompt/<name>.yaml`, or the templates file its `file`
    names), then the suite's overrides."""
    raw = plain(cfg)
    name = raw.get("name") if isinstance(raw, Mapping) else None
    file = f"configs/prompt/{name}.yaml" if isinstance(name, str) and name else "configs/prompt"
    s = parse(PromptSettings, raw, file=file, prefix="prompt")
    if s.file:
        return load_templates(Path(s.file).expanduser(), overrides, overrides_file, name=s.name)
    content = TemplatesSettings.model_validate(s.model_dump(include=set(FILE_KEYS)))
    return _build(content, file, "prompt.", [file], overrides, overrides_file, name=s.name or None)


def example_messages(templates: Templates, tools: list[ToolSchema]) -> list[Message]:
    """The prompt's worked example as real turns (user, the assistant's call in the Hermes text
    form and as a native call, the tool result, the answer line), built once per session so every
    conversation shares the same message objects (their rendering is memoized by the backends)."""
    ex = templates.example
    if ex is None:
        return []
    names = [t.name for t in tools]
    if ex.tool not in names:
        raise InputError(f"the worked example calls {ex.tool}, which the tool set does not offer "
                         f"({', '.join(names)})", file=(templates.sources or ("configs/prompt",))[0],
                         key="example.call.name")
    call = ToolCall(name=ex.tool, arguments=dict(ex.arguments), raw=json.dumps(ex.arguments),
                    id="example_call", form="tool_call_tags")
    native = {"role": "assistant", "content": "", "tool_calls": [
        {"id": "example_call", "type": "function",
         "function": {"name": ex.tool, "arguments": json.dumps(ex.arguments, ensure_ascii=False)}}]}
    return [Message("user", ex.user),
            Message("assistant", hermes_call_text(ex.tool, ex.arguments), tool_calls=[call], native=native),
            Message("tool", ex.result, name=ex.tool, tool_call_id="example_call"),
            Message("assistant", ex.answer)]
