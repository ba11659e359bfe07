"""GBNF grammar for `agent.constrained=true`: one well-formed tool call, or one answer line.

The grammar names the offered tools, so a constrained model can neither invent a tool nor write
broken JSON; whether it picks good arguments is still the experiment. A thinking model may think
first (free text inside its think tags) when the model config has thinking tags.
"""

from __future__ import annotations

import json

from lab.models.base import ToolSchema

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
