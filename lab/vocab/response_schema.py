"""The JSON schema of `path_resolve`'s response under one vocabulary (MCP `outputSchema`).

Derived from the vocabulary config alone, like the tool description: a field with presence
`never` is absent from the schema, `always` is required, `when_ambiguous` is optional; a candidate
entry has exactly the configured sub-fields; caps become `maxItems` / `maximum`. The renderer
(`lab.vocab.render`) produces nothing outside this schema (tests/test_mcp_transports.py checks
real responses against it).
"""

from __future__ import annotations

from typing import Any

from lab.vocab.fields import FIELDS
from lab.vocab.schema import VocabConfig, load_vocab

_CANDIDATE_SUBFIELD_SCHEMAS: dict[str, dict] = {
    "path": {"type": "string", "description": "relative to the workspace root"},
    "score": {"type": "number"},
    "why": {"type": "array", "items": {"type": "string"}},
    "root": {"type": "string"},
    "lexical": {"type": "number"},
    "semantic": {"type": ["number", "null"]},
}


def _family_schema(family: str, fc: Any) -> dict:
    if family == "candidates":
        entry = {"type": "object",
                 "properties": {s: dict(_CANDIDATE_SUBFIELD_SCHEMAS[s]) for s in fc.fields},
                 "required": list(fc.fields), "additionalProperties": False}
        out: dict = {"type": "array", "items": entry, "description": "matching files, best first"}
        if fc.cap is not None:
            out["maxItems"] = fc.cap
        return out
    if family == "maybe_exts":
        out = {"type": "array", "items": {"type": "string"},
               "description": "extensions of files sharing the best match's stem"}
        if fc.cap is not None:
            out["maxItems"] = fc.cap
        return out
    if family == "alike":
        out = {"type": "integer", "minimum": 0,
               "description": "files sharing the best match's stem, the best match included"}
        if fc.cap is not None:
            out["maximum"] = fc.cap
        return out
    if family == "exist_similar":
        return {"type": "boolean", "description": "other files share the best match's stem"}
    raise KeyError(family)


def response_schema(vocab: Any) -> dict:
    """JSON schema (draft 2020-12 subset) of the object `render(resolution, vocab)` returns."""
    v: VocabConfig = load_vocab(vocab)
    props: dict[str, dict] = {}
    required: list[str] = []
    for mod in FIELDS:
        fc = v.field_config(mod.FAMILY)
        if fc.presence == "never":
            continue
        props[fc.name] = _family_schema(mod.FAMILY, fc)
        if fc.presence == "always":
            required.append(fc.name)
    return {"type": "object", "properties": props, "required": required,
            "additionalProperties": False}
