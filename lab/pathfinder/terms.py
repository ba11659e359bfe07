"""Terms: how paths, queries and text are split into matchable words."""

from __future__ import annotations

import re

_SPLIT = re.compile(r"[^A-Za-z0-9]+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

#: Words of a natural-language query that say nothing about which file is meant.
STOPWORDS = frozenset("""
a an the of to in on for and or is are was be been it its this that these those with by from at as
which what where who whom how do does did i we you my our your me us should would could can
file files change edit look find open fix update modify code source lives live defined define
please want need there here into about when then than so if not no any some one get set
""".split())


def split_words(text: str) -> list[str]:
    """Lowercased words, with camelCase and snake_case split: `RetryBackoff_ms` -> retry, backoff, ms."""
    out: list[str] = []
    for part in _SPLIT.split(text):
        if not part:
            continue
        pieces = _CAMEL.findall(part) or [part]
        out.extend(p.lower() for p in pieces)
    return out


def query_terms(text: str) -> list[str]:
    """Distinct non-stopword words of a query, in order."""
    seen: dict[str, None] = {}
    for w in split_words(text):
        if w not in STOPWORDS and (len(w) > 1 or w.isdigit()):
            seen.setdefault(w, None)
    return list(seen)


def trigrams(term: str) -> set[str]:
    t = f"  {term} "
    return {t[i:i + 3] for i in range(len(t) - 2)}


def is_abbreviation(short: str, long: str) -> bool:
    """`cfg` abbreviates `config`: same first letter, an in-order subsequence, shorter."""
    if len(short) < 2 or len(short) >= len(long) or short[0] != long[0]:
        return False
    it = iter(long)
    return all(c in it for c in short)
