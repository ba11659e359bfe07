"""The prompt templates of the agent loop: the Hydra group `configs/prompt/` (one YAML file a
variant: `prompt=NAME`, sweepable with `lab run -m prompt=a,b`), or any templates file
(`prompt.file=PATH`). A suite may override any template key with a top-level `templates:` mapping.

Keys (a contract: the loop reads exactly these):

    system         the system prompt; placeholders {tool_names} and {answer_format}
    answer_format  the one answer line; the text before "<" is the prefix the grader looks for
    test_message   the user message of one test; placeholders {id} {query} {intent} {position}
                   {category} {message} (a missing intent renders as "")
    example        optional: one worked example shown as real turns before the first test
                   (user, call {name, arguments}, result, answer); null = none

Rendered with str.format_map: write {{ and }} for literal braces. Everything here is part of the
run's fingerprint; the variant's name and the files it came from are recorded, not fingerprinted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from lab.errors import InputError
from lab.settings import plain

TEMPLATE_KEYS = ("system", "answer_format", "test_message")
FILE_KEYS = TEMPLATE_KEYS + ("example",)
PROMPT_KEYS = frozenset({"name", "about", "file"} | set(FILE_KEYS))
TEST_FIELDS = ("id", "query", "intent", "position", "category", "message")
EXAMPLE_KEYS = ("user", "call", "result", "answer")


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

    def content(self) -> dict:
        """What the fingerprint takes: the texts and the example, not names or paths."""
        return {"system": self.system, "answer_format": self.answer_format,
                "test_message": self.test_message,
                "example": self.example.to_dict() if self.example else None}

    def to_dict(self) -> dict:
        return {**self.content(), "name": self.name, "sources": list(self.sources)}


def _example(raw: Any, file: str | None) -> WorkedExample | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise InputError("must be a mapping (user, call, result, answer) or null", file=file, key="example")
    for k in raw:
        if k not in EXAMPLE_KEYS:
            raise InputError(f"unknown key (known: {', '.join(EXAMPLE_KEYS)})", file=file, key=f"example.{k}")
    for k in ("user", "result", "answer"):
        if not isinstance(raw.get(k), str) or not raw[k].strip():
            raise InputError("must be a non-empty string", file=file, key=f"example.{k}")
    call = raw.get("call")
    if not isinstance(call, Mapping) or not isinstance(call.get("name"), str) or not call["name"]:
        raise InputError("must be a mapping with name (a tool) and arguments", file=file, key="example.call")
    args = call.get("arguments", {})
    if not isinstance(args, Mapping):
        raise InputError("must be a mapping of arguments", file=file, key="example.call.arguments")
    extra = set(call) - {"name", "arguments"}
    if extra:
        raise InputError(f"unknown keys {', '.join(sorted(extra))}", file=file, key="example.call")
    return WorkedExample(user=raw["user"], tool=call["name"], arguments=json.loads(json.dumps(dict(args))),
                         result=raw["result"], answer=raw["answer"].strip())


def _read_file(file: Path) -> dict:
    try:
        data = yaml.safe_load(Path(file).read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"cannot read the prompt templates: {e.strerror or e}", file=str(file)) from None
    except yaml.YAMLError as e:
        raise InputError(f"YAML error in the prompt templates: {e}", file=str(file)) from None
    if not isinstance(data, dict):
        raise InputError("the prompt templates file must be a mapping with keys "
                         + ", ".join(TEMPLATE_KEYS), file=str(file))
    return data


def _build(data: Mapping[str, Any], origin: dict[str, str], sources: list[str],
           overrides: Mapping[str, Any] | None, overrides_file: str | None,
           name: str | None) -> Templates:
    merged: dict[str, Any] = {k: data.get(k) for k in FILE_KEYS}
    if overrides:
        if not isinstance(overrides, Mapping):
            raise InputError("'templates' must be a mapping", file=overrides_file, key="templates")
        for k, v in overrides.items():
            if k in FILE_KEYS:
                merged[k] = v
                origin[k] = overrides_file or "suite"
        sources.append(overrides_file or "suite")
    for k in TEMPLATE_KEYS:
        if not isinstance(merged[k], str) or not merged[k].strip():
            raise InputError("missing or empty template (a non-empty string)", file=origin[k], key=k)
    t = Templates(system=merged["system"], answer_format=merged["answer_format"].strip(),
                  test_message=merged["test_message"], sources=tuple(sources),
                  example=_example(merged.get("example"), origin.get("example")), name=name)

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
    if t.example is not None:
        from lab.models.textcalls import parse_answer
        if parse_answer(t.example.answer, t.answer_prefix) is None:
            raise InputError(f"the example's answer must be an answer line ({t.answer_format})",
                             file=origin.get("example"), key="example.answer")
    return t


def load_templates(file: Path, overrides: Mapping[str, Any] | None = None,
                   overrides_file: str | None = None) -> Templates:
    """A templates file (system, answer_format, test_message, optional example), then the
    suite's own `templates:` mapping on top."""
    data = _read_file(file)
    return _build(data, {k: str(file) for k in FILE_KEYS}, [str(file)], overrides, overrides_file,
                  name=Path(file).stem)


def load_prompt(cfg: Any, overrides: Mapping[str, Any] | None = None,
                overrides_file: str | None = None) -> Templates:
    """The `prompt` config group (`configs/prompt/<name>.yaml`), then the suite's overrides."""
    raw = dict(plain(cfg) or {})
    name = raw.get("name")
    file = f"configs/prompt/{name}.yaml" if isinstance(name, str) and name else "configs/prompt"
    for k in raw:
        if k not in PROMPT_KEYS:
            raise InputError(f"unknown prompt key (known: {', '.join(sorted(PROMPT_KEYS))})", file=file,
                             key=f"prompt.{k}")
    if raw.get("file"):
        path = Path(str(raw["file"])).expanduser()
        data = _read_file(path)
        return _build(data, {k: str(path) for k in FILE_KEYS}, [str(path)], overrides, overrides_file,
                      name=str(name) if name else path.stem)
    return _build(raw, {k: file for k in FILE_KEYS}, [file], overrides, overrides_file,
                  name=str(name) if name else None)
