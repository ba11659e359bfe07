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


_VOWELS = frozenset("aeiou")


def consonant_skeleton(word: str) -> str:
    """`candlestick` -> `cndlstck`: the first letter, then the word's consonants (vowels dropped,
    doubled letters once), the way people abbreviate by dropping vowels."""
    if not word.isalpha() or len(word) < 2:
        return word
    out = [word[0]]
    for c in word[1:]:
        if c not in _VOWELS and c != out[-1]:
            out.append(c)
    return "".join(out)


TEST_WORDS = frozenset({"test", "tests", "spec", "specs", "testing", "unittest", "unittests"})
#: Words after a test word that keep it the thing asked for ("a test case", "the test file").
_TEST_HEADS = frozenset({"case", "cases", "file", "files", "suite", "suites", "fixture", "fixtures"})
#: Words before a test word that make it a time or a context, not the file asked for
#: ("output during tests", "runs the tests"; "when a test fails" is caught by the word after it).
_TEST_CONTEXT = frozenset({"during", "while", "when", "whenever", "each", "every", "per", "across",
                           "between", "before", "after", "under", "running", "run", "runs", "collecting"})
_WORD_OR_POSSESSIVE = re.compile(r"[A-Za-z0-9]+(?:'s)?")


def speaks_of_tests(text: str) -> bool:
    """Whether a query or intent asks for test code: a test word as the head of what is asked for
    (`oauth callback test`, `add a test case for ...`, `token bucket tests`), not as a modifier or a
    context (`a/b test variants`, `output during tests`, `a test's stdout`, `when a test fails`)."""
    words = _WORD_OR_POSSESSIVE.findall(text.lower())
    for i, w in enumerate(words):
        if w not in TEST_WORDS:
            continue
        nxt = next((x for x in words[i + 1:] if x not in STOPWORDS), None)
        if nxt is not None and i + 1 < len(words) and words[i + 1] not in STOPWORDS and nxt not in _TEST_HEADS:
            continue  # a modifier: "test variants", "test module", "test fails"
        before = next((x for x in reversed(words[:i]) if x not in STOPWORDS), None)
        if before in _TEST_CONTEXT:  # "during tests", "the script that runs the tests"
            continue
        return True
    return False


#: Words that say the code itself is asked for, not a page about it.
CODE_WORDS = frozenset("""code function functions method methods class classes helper helpers trait
traits struct structs enum plugin plugins implementation implementations impl implements implemented
implementing module macro macros hook hooks handler parser decorator attribute constructor""".split())
#: Words that ask for documentation.
DOCS_WORDS = frozenset("""doc docs documentation documented guide guides readme page pages tutorial
howto manual book chapter changelog explain explains explained faq""".split())


def speaks_of_code(text: str) -> bool:
    """`the helper that formats durations`, `tmp path impl`: the code is wanted, not its docs."""
    words = set(split_words(text))
    return bool(words & CODE_WORDS) and not words & DOCS_WORDS
