"""How many tokens each response field adds to the model's context.

`field_tokens(rendered, tokenizer)` splits the serialized response (`lab.vocab.dumps`, the exact
text the model reads) by top-level key: a field's share is the tokens of its fragment
`"key": value`, plus the `, ` that joins it to the previous key (the first key has none). What
is left (the braces, and any difference a non-additive tokenizer makes) is `envelope`, so
`sum(fields.values()) + envelope == total` always holds and `total` is exact for the tokenizer.

The tokenizer is any callable `str -> int`. A model backend passes its own (llama.cpp's
`tokenize`, a HF tokenizer); without one, `approx_tokens` is used.

`approx_tokens` (lab/token_estimate.py, shared with the model backends) is the estimate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lab.token_estimate import approx_tokens  # noqa: F401  (the fallback tokenizer, re-exported)
from lab.vocab import dumps

Tokenizer = Callable[[str], int]

@dataclass(frozen=True)
class TokenBreakdown:
    total: int                                   # tokens of the whole serialized response
    fields: dict[str, int] = field(default_factory=dict)  # per top-level key, in key order
    envelope: int = 0                            # braces and tokenizer non-additivity

    def to_dict(self) -> dict:
        return {"total": self.total, "fields": dict(self.fields), "envelope": self.envelope}


def field_tokens(rendered: dict, tokenizer: Tokenizer | None = None) -> TokenBreakdown:
    """Tokens each top-level field of a rendered response contributes (see module docstring)."""
    count = tokenizer or approx_tokens
    total = count(dumps(rendered))
    fields: dict[str, int] = {}
    for i, (key, value) in enumerate(rendered.items()):
        fragment = dumps({key: value})[1:-1]
        fields[key] = count((", " if i else "") + fragment)
    return TokenBreakdown(total=total, fields=fields, envelope=total - sum(fields.values()))
