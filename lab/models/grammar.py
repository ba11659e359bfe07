"""GBNF grammars: `agent.constrained=true` (one well-formed tool call, or one answer line) and
`agent.tool_choice=first` (the first turn of a test is one schema-valid call to an offered tool).

The grammar names the offered tools, so a constrained model can neither invent a tool nor write
broken JSON; whether it picks good arguments is still the experiment. A thinking model may think
first (free text inside its think tags) when the model config has thinking tags.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lab.models.messages import ToolSchema
from lab.models import llama_levels

_JSON = r'''
value  ::= object | array | string | number | ("true" | "false" | "null") ws
object ::= "{" ws ( string ":" ws value ("," ws string ":" ws value)* )? "}" ws
array  ::= "[" ws ( value ("," ws value)* )? "]" ws
string ::= "\"" ( [^"\\\x7F\x00-\x1F] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F]) )* "\"" ws
number ::= ("-"? ([0-9] | [1-9] [0-9]*)) ("." [0-9]+)? ([eE] [-+]? [0-9]+)? ws
ws     ::= ([ \t\n] ws)?
'''


def _lit(s: str) -> str:
    return json.dumps(s)  # a JSON string literal is a valid GBNF literal for our ASCII names


def tool_or_answer_grammar(tools: list[ToolSchema], *, call_format: str = "hermes",
                           answer_prefix: str = "ANSWER:",
                           think: tuple[str, str] | None = None) -> str:
    if call_format not in ("hermes", "json"):
        raise ValueError(f"constrained decoding supports the hermes and json call formats, "
                         f"not {call_format!r}")
    names = " | ".join(_lit(json.dumps(t.name)) for t in tools) or '"\\"none\\""'
    body = '"{\\"name\\": " name ", \\"arguments\\": " object "}"'
    call = f'"<tool_call>\\n" {body} "\\n</tool_call>"' if call_format == "hermes" else body
    lines = [
        "root   ::= " + ("thought? " if think else "") + "(call | answer)",
        f"call   ::= {call}",
        f"name   ::= {names}",
        f'answer ::= {_lit(answer_prefix + " ")} [^\\n]+',
    ]
    if think:
        lines.append(f"thought ::= {_lit(think[0])} [^<]* {_lit(think[1])} ws")
    return "\n".join(lines) + "\n" + _JSON


# -- agent.tool_choice=first: one call to an offered tool, arguments as its JSON schema says ------

def _strict(schema: Any) -> Any:
    """The schema with `additionalProperties: false` on every object that does not say otherwise
    (the lab's tools refuse unknown arguments, so a forced call must not invent any)."""
    if isinstance(schema, dict):
        out = {k: _strict(v) for k, v in schema.items()}
        if out.get("type") == "object" and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_strict(v) for v in schema]
    return schema


def forced_call_schema(tools: list[ToolSchema]) -> dict:
    """JSON schema of `{"name": <one tool>, "arguments": <that tool's arguments>}`."""
    return {"oneOf": [{"type": "object",
                       "properties": {"name": {"const": t.name},
                                      "arguments": _strict(t.parameters or {"type": "object"})},
                       "required": ["name", "arguments"], "additionalProperties": False}
                      for t in tools]}


def _check_forced_format(call_format: str) -> None:
    if call_format not in ("hermes", "json"):
        raise ValueError(f"a forced tool call supports the hermes and json call formats, "
                         f"not {call_format!r}")


def _call_json(tools: list[ToolSchema]) -> str:
    """GBNF rules for the JSON of one call to one of `tools` (`call-json`), built by
    llama-cpp-python from `forced_call_schema`."""
    llama_levels.select()
    from llama_cpp.llama_grammar import json_schema_to_gbnf  # llama-cpp-python loads only for a llama.cpp model

    body = json_schema_to_gbnf(json.dumps(forced_call_schema(tools)), prop_order=["name", "arguments"])
    return re.sub(r"^root ::=", "call-json ::=", body, flags=re.M)


def forced_call_grammar(tools: list[ToolSchema], *, call_format: str = "hermes") -> str:
    """GBNF (built by llama-cpp-python from the JSON schema) for exactly one tool call in the
    model's native text format: `<tool_call>\\n{...}\\n</tool_call>` (hermes) or bare JSON."""
    if not tools:
        raise ValueError("agent.tool_choice=first needs at least one offered tool")
    _check_forced_format(call_format)
    root = ('root ::= "<tool_call>\\n" call-json "\\n</tool_call>"' if call_format == "hermes"
            else "root ::= call-json")
    return root + "\n" + _call_json(tools)


def forced_call_opening(tools: list[ToolSchema], *, call_format: str = "hermes") -> str:
    """The text every forced call starts with, fixed before the model has chosen anything: the
    call tag and, when one tool is forced, `{"name": "<tool>", "arguments": ` in the spacing of
    the model's native format (the chat template's own rendering of a call). A backend may put it
    in the prompt instead of generating it token by token (`forced_call_rest_grammar` then
    constrains the rest): the same call, without ~15 generated tokens a test."""
    _check_forced_format(call_format)
    tag = "<tool_call>\n" if call_format == "hermes" else ""
    if len(tools) != 1:
        return tag
    return tag + '{"name": ' + json.dumps(tools[0].name) + ', "arguments": '


def forced_call_rest_grammar(tools: list[ToolSchema], *, call_format: str = "hermes") -> str:
    """GBNF for what follows `forced_call_opening(tools)`: the one tool's arguments as its JSON
    schema says, then the closing brace and tag; with several tools, the whole call after the tag."""
    if not tools:
        raise ValueError("agent.tool_choice=first needs at least one offered tool")
    _check_forced_format(call_format)
    close = ' "\\n</tool_call>"' if call_format == "hermes" else ""
    if len(tools) != 1:
        return "root ::= call-json" + close + "\n" + _call_json(tools)
    llama_levels.select()
    from llama_cpp.llama_grammar import json_schema_to_gbnf  # llama-cpp-python loads only for a llama.cpp model

    body = json_schema_to_gbnf(json.dumps(_strict(tools[0].parameters or {"type": "object"})))
    body = re.sub(r"^root ::=", "call-args ::=", body, flags=re.M)
    return 'root ::= call-args "}"' + close + "\n" + body
