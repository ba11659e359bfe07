"""A one-line progress bar per run on stderr: test i/N, running score, outcome counts, elapsed
time and the ETA (the mean time per finished test times the tests left).

Quiet when stderr is not a terminal (CI logs, pytest), unless forced on.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TextIO


class Progress:
    def __init__(self, total: int, *, label: str = "", stream: TextIO | None = None,
                 enabled: bool | None = None, clock=time.monotonic) -> None:
        self.total, self.label = total, label
        self.clock = clock
        self.started = clock()
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.done, self.passed = 0, 0
        self.counts: Counter[str] = Counter()

    def update(self, outcome: str) -> None:
        self.done += 1
        self.passed += outcome == "pass"
        self.counts[outcome] += 1
        if self.enabled:
            width = 20
            filled = int(width * self.done / max(self.total, 1))
            counts = " ".join(f"{k} {v}" for k, v in sorted(self.counts.items()) if k != "pass")
            line = (f"\r{self.label}[{'#' * filled}{'.' * (width - filled)}] test {self.done}/{self.total}"
                    f"  score {self.passed}/{self.done}  {self.timing()}  {counts}")
            self.stream.write(line[:180].ljust(110))
            self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\n")
            self.stream.flush()

    def timing(self) -> str:
        """"elapsed 3:12 ETA 9:40" (ETA from the mean time per finished test; "ETA 0:00" when done)."""
        elapsed = max(0.0, self.clock() - self.started)
        left = max(self.total - self.done, 0)
        eta = elapsed / self.done * left if self.done else None
        return f"elapsed {clock_text(elapsed)} ETA {clock_text(eta) if eta is not None else '?'}"


def clock_text(seconds: float) -> str:
    """3725 -> "1:02:05", 192 -> "3:12"."""
    s = int(round(seconds))
    h, m, sec = s // 3600, s % 3600 // 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"
