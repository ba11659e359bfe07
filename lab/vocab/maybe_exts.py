"""`maybe_exts`: the extensions worth trying when the best match's name exists in several languages.

The 67/70 field of the source log: a few tokens (`["go", "rs"]`) that appear only when the
extension is really in doubt, so its absence tells the model the extension is settled.

Ambiguous means at least two distinct extensions share the best candidate's stem in the chosen
`source`:
- `candidates` (default) reads `Resolution.same_stem_exts`, the extensions among the *scored
  candidates*. This is what the source log's pathfinder did ("同じ stem を持つ候補の拡張子"), so it
  is the faithful reproduction of the 67/70 state, and it only speaks up when the resolver itself
  hesitated between two languages for the query.
- `siblings` reads `Resolution.sibling_exts`, the files *in the best candidate's folder* sharing
  its stem (config.go next to config.rs). It is stricter about "the same thing in another
  language" (a config.yaml three folders away does not count) but fires even when the resolver
  never ranked the sibling, i.e. more often; a separate experiment, not the logged state.
"""

from __future__ import annotations

from lab.pathfinder.resolution import Resolution
from lab.vocab.schema import MaybeExtsConfig

FAMILY = "maybe_exts"


def _exts(res: Resolution, fc: MaybeExtsConfig) -> list[str]:
    raw = res.same_stem_exts if fc.source == "candidates" else res.sibling_exts
    out: list[str] = []
    for e in raw:  # best's own extension first, as the Resolution orders them; no duplicates
        if e not in out:
            out.append(e)
    return out


def is_ambiguous(res: Resolution, fc: MaybeExtsConfig) -> bool:
    return len(_exts(res, fc)) >= 2


def value(res: Resolution, fc: MaybeExtsConfig) -> list[str]:
    exts = _exts(res, fc)
    return exts if fc.cap is None else exts[:fc.cap]


def describe(fc: MaybeExtsConfig) -> str:
    who = ("candidates" if fc.source == "candidates" else "files in the best match's folder")
    cap = f" (at most {fc.cap})" if fc.cap is not None else ""
    if fc.presence == "when_ambiguous":
        return (f"{fc.name}: present only when {who} with the best match's file name (without "
                f"extension) have different extensions: those extensions{cap}, the best match's "
                f"first; try each when the language matters. Absent means the extension is not "
                f"in doubt.")
    return (f"{fc.name}: the extensions of the {who} with the best match's file name (without "
            f"extension){cap}, the best match's first; more than one means the extension is in "
            f"doubt.")
