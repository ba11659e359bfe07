"""A vocabulary-free token estimate, for backends without a tokenizer and for response-field
token accounting (lab/vocab/tokens.py). Below both models and vocabularies: models never import
a vocabulary.

`approx_tokens` is a BPE-like estimate with no vocabulary: it splits text with the
pre-tokenization regex of GPT-4-style BPE tokenizers (cl100k / Qwen2 use the same shape), then
charges each piece what such vocabularies usually charge: a word of up to 7 ASCII letters is one
token (longer ones one per 6 letters), a run of up to 3 digits one token, punctuation one token
per 2 characters (`": "`, `["`, `"}]` are merged in those vocabularies), whitespace one token,
and one token per non-ASCII character (CJK text is roughly one token a character). Measured
against the embedded SmolLM2 tokenizer on the tests70 responses of every shipped vocabulary
(`benchmarks/vocab_tokens.py`): the estimate is 10-14% low on whole responses (path-heavy
candidate lists) and within about 1 token on the small fields (`maybe_exts`, `alike`,
`exist_similar`). Differences *between* vocabularies on the same resolutions are more reliable
than absolute counts, because the same bias applies to both sides; a model backend passes its own
tokenizer when absolute numbers matter.
"""

from __future__ import annotations

import math
import re

# GPT-4-style pre-tokenization: contractions, letter runs (with one leading non-letter), digit
# groups of up to 3, punctuation runs, newlines, spaces. `[^\W\d_]` is a letter in Python's re.
_PIECES = re.compile(
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)"
    r"|[^\r\n\w]?[^\W\d_]+"
    r"|\d{1,3}"
    r"| ?[^\s\w]+[\r\n]*| ?_+"
    r"|\s*[\r\n]+|\s+(?!\S)|\s+"
)


def _piece_cost(piece: str) -> int:
    core = piece.strip()
    if not core:
        return 1                                    # a whitespace run
    non_ascii = sum(1 for ch in core if ord(ch) > 127)
    letters = sum(1 for ch in core if ch.isascii() and ch.isalpha())
    if letters:                                     # a word (a leading space or quote merges in)
        return (1 if letters <= 7 else math.ceil(letters / 6)) + non_ascii
    if core.isdigit():
        return 1                                    # at most 3 digits, by the regex
    punct = len(core) - non_ascii
    return (math.ceil(punct / 2) if punct else 0) + non_ascii


def approx_tokens(text: str) -> int:
    """A vocabulary-free estimate of a GPT-style BPE token count (see the module docstring)."""
    return sum(_piece_cost(p) for p in _PIECES.findall(text))
