"""`candidates`: the ranked top-K list, each entry carrying only the configured sub-fields.

This is the field that costs the most context (50-80 tokens an entry in the source log), so its
cap (top-K) and sub-fields are the first knobs to turn when a session overflows.
"""

from __future__ import annotations

from lab.pathfinder.resolution import Candidate, Resolution
from lab.vocab.schema import CandidatesConfig

FAMILY = "candidates"

_SUBFIELD_TEXT = {
    "path": "path (relative to the workspace root)",
    "score": "score (higher is better, {digits} decimals)",
    "why": "why (the matching features that fired)",
    "root": "root (the workspace root holding it)",
    "lexical": "lexical (the name and path match score alone)",
    "semantic": "semantic (the content similarity score, or null when not computed)",
}


def is_ambiguous(res: Resolution, fc: CandidatesConfig) -> bool:
    """Ambiguous when the best match does not clearly win: another candidate scores at least
    `ambiguity_ratio` times the best score."""
    if len(res.candidates) < 2:
        return False
    best = res.candidates[0].score
    return best <= 0 or res.candidates[1].score >= fc.ambiguity_ratio * best


def _entry(c: Candidate, fc: CandidatesConfig) -> dict:
    d = fc.score_digits
    out: dict = {}
    for sub in fc.fields:
        if sub == "path":
            out["path"] = c.path
        elif sub == "score":
            out["score"] = round(c.score, d)
        elif sub == "why":
            out["why"] = list(c.why)
        elif sub == "root":
            out["root"] = c.root
        elif sub == "lexical":
            out["lexical"] = round(c.lexical, d)
        elif sub == "semantic":
            out["semantic"] = None if c.semantic is None else round(c.semantic, d)
    return out


def value(res: Resolution, fc: CandidatesConfig) -> list[dict]:
    ranked = res.candidates if fc.cap is None else res.candidates[:fc.cap]
    return [_entry(c, fc) for c in ranked]


def describe(fc: CandidatesConfig) -> str:
    how_many = f"up to {fc.cap} matching files" if fc.cap else "the matching files"
    subs = ", ".join(_SUBFIELD_TEXT[s].format(digits=fc.score_digits) for s in fc.fields)
    text = f"{fc.name}: {how_many}, best first; each has {subs}."
    if fc.presence == "when_ambiguous":
        text += (f" Present only when several files match about equally well"
                 f" (the second scores at least {fc.ambiguity_ratio:g} of the best).")
    return text
