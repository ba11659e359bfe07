"""Kill points for the crash tests: `VOCAB_LAB_KILL_AT=<point>:<n>` SIGKILLs this process the n-th
time the code reaches `<point>` (never set outside tests; unset it costs one dict lookup).

A kill point sits where a real crash does the most damage: in the middle of a write (`torn`
points write half their bytes first), between two files that must agree, before a rename.

    row-torn         tests.csv: half of a row written
    transcript-torn  transcripts/repeat-<k>.jsonl: half of a test line written
    after-row        a test's row is in tests.csv, its transcript line is not
    after-test       a test's row and transcript line are both written (= mid next test)
    repeat-done      a repeat finished, the record does not say so yet
    atomic-write     a temporary file is written and synced, not yet renamed
"""

from __future__ import annotations

import os
import signal

ENV = "VOCAB_LAB_KILL_AT"
_counts: dict[str, int] = {}


def reached(point: str) -> bool:
    """True when the process is about to be killed here (torn points write half first)."""
    spec = os.environ.get(ENV)
    if not spec:
        return False
    name, _, n = spec.partition(":")
    if name != point:
        return False
    _counts[point] = _counts.get(point, 0) + 1
    return _counts[point] == int(n or 1)


def kill() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def check(point: str) -> None:
    if reached(point):
        kill()
