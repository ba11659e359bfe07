"""Response vocabularies: what the model sees of a `Resolution`.

One module per response-field family, listed explicitly in `FIELDS` (the order of the keys in
the rendered JSON). Each module has `FAMILY`, `value(resolution, field_cfg)`,
`is_ambiguous(resolution, field_cfg)` and `describe(field_cfg)`. A field's `presence` decides:
`always` renders it on every call, `when_ambiguous` only when its module says the resolution is
ambiguous for it, `never` not at all - and then the tool description does not mention it either.

A vocabulary is one YAML file in `configs/vocab/`; `load_vocab` validates it.
"""

from __future__ import annotations

import json
from typing import Any

from lab.pathfinder.resolution import Resolution
from lab.vocab.fields import FIELDS
from lab.vocab.response_schema import response_schema
from lab.vocab.schema import VocabConfig, load_vocab

#: The part of path_resolve's description that no vocabulary changes.
TOOL_SUMMARY = (
    "Resolve a file reference (a file name, a partial path, or words about what the file does) "
    "to files in the workspace. Give intent_text to say what you want to do with the file; it "
    "helps choose between similar files. Returns a JSON object with these keys:"
)


def present_fields(res: Resolution, vocab: Any) -> list[str]:
    """The families rendered for this resolution, in output order."""
    v = load_vocab(vocab)
    out = []
    for mod in FIELDS:
        fc = v.field_config(mod.FAMILY)
        if fc.presence == "always" or (fc.presence == "when_ambiguous"
                                       and mod.is_ambiguous(res, fc)):
            out.append(mod.FAMILY)
    return out


def render(res: Resolution, vocab: Any) -> dict:
    """The exact JSON object the model receives from `path_resolve` for this resolution."""
    v = load_vocab(vocab)
    by_family = {mod.FAMILY: mod for mod in FIELDS}
    out: dict = {}
    for fam in present_fields(res, v):
        fc = v.field_config(fam)
        out[fc.name] = by_family[fam].value(res, fc)
    return out


def dumps(obj: Any) -> str:
    """The one serialization of a tool response the model reads (and tokens are counted on)."""
    return json.dumps(obj, ensure_ascii=False)


def render_text(res: Resolution, vocab: Any) -> str:
    return dumps(render(res, vocab))


def tool_description(vocab: Any) -> str:
    """path_resolve's description: every field the response may carry, and nothing else."""
    v = load_vocab(vocab)
    lines = [TOOL_SUMMARY]
    for mod in FIELDS:
        fc = v.field_config(mod.FAMILY)
        if fc.presence != "never":
            lines.append("- " + mod.describe(fc))
    return "\n".join(lines)


__all__ = ["FIELDS", "TOOL_SUMMARY", "VocabConfig", "dumps", "load_vocab", "present_fields",
           "render", "render_text", "response_schema", "tool_description"]
