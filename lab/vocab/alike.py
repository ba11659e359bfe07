"""`alike`: how many files in the whole corpus share the best candidate's stem.

Kept to reproduce the source log, where `alike: 273` (the `config` stem) sent the model into an
exploration loop: a large bare count is an anxiety signal, not an instruction. `cap` bounds the
number reported, to test whether a small ceiling defuses it.
"""

from __future__ import annotations

from lab.pathfinder.resolution import Resolution
from lab.vocab.schema import FieldConfig

FAMILY = "alike"


def is_ambiguous(res: Resolution, fc: FieldConfig) -> bool:
    """Ambiguous when at least one other file shares the stem."""
    return res.best is not None and res.same_stem_count >= 2


def value(res: Resolution, fc: FieldConfig) -> int:
    n = res.same_stem_count if res.best is not None else 0
    return n if fc.cap is None else min(n, fc.cap)


def describe(fc: FieldConfig) -> str:
    cap = f" (counts above {fc.cap} are reported as {fc.cap})" if fc.cap is not None else ""
    when = " Present only when it is 2 or more." if fc.presence == "when_ambiguous" else ""
    return (f"{fc.name}: how many files in the workspace have the best match's name without its "
            f"extension, the best match included{cap}.{when}")
