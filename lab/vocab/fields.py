"""The response-field families, one module each, in the order their keys appear in the rendered
JSON (the renderer, the tool description and the response schema all walk this one list)."""

from __future__ import annotations

from lab.vocab import alike, candidates, exist_similar, maybe_exts

FIELDS = (candidates, maybe_exts, alike, exist_similar)
