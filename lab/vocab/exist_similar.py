"""`exist_similar`: whether any other file in the corpus shares the best candidate's stem.

The source log's boolean retreat from `alike`: returned always, it widened the run-to-run swing
to 10 points (66/60/56) because `false` on every call accumulates in the context. Presence
`when_ambiguous` renders it only as `true`.
"""

from __future__ import annotations

from lab.pathfinder.resolution import Resolution
from lab.vocab.schema import FieldConfig

FAMILY = "exist_similar"


def is_ambiguous(res: Resolution, fc: FieldConfig) -> bool:
    return value(res, fc)


def value(res: Resolution, fc: FieldConfig) -> bool:
    return res.best is not None and res.same_stem_count >= 2


def describe(fc: FieldConfig) -> str:
    if fc.presence == "when_ambiguous":
        return (f"{fc.name}: present (true) only when other files in the workspace have the best "
                f"match's name without its extension.")
    return (f"{fc.name}: true when other files in the workspace have the best match's name "
            f"without its extension, false otherwise.")
