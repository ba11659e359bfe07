"""A one-line progress bar per run on stderr: test i/N, running score, outcome counts.

Quiet when stderr is not a terminal (CI logs, pytest), unless forced on.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import TextIO


class Progress:
    def __init__(self, total: int, *, label: str = "", stream: TextIO | None = None,
                 enabled: bool | None = None) -> None:
        self.total, self.label = total, label
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
                    f"  score {self.passed}/{self.done}  {counts}")
            self.stream.write(line[:160].ljust(100))
            self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\n")
            self.stream.flush()
