"""A count bar on stderr for long preparation steps (encoding a corpus): done/total, rate, ETA.

On a terminal it redraws one line; elsewhere (an MCP client's log, CI) it writes a plain line at
most every `every_s` seconds and one at the end, so a log shows progress without flooding. Silent
for jobs smaller than `min_total` (a small corpus encodes before anyone could read the bar).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _duration(s: float) -> str:
    s = int(max(s, 0))
    return f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


class CountBar:
    def __init__(self, total: int, *, label: str, unit: str = "files", stream: TextIO | None = None,
                 min_total: int = 200, every_s: float = 10.0, enabled: bool | None = None) -> None:
        self.total, self.label, self.unit = total, label, unit
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled = (total >= min_total) if enabled is None else enabled
        self.every_s = every_s
        self.done = 0
        self.t0 = time.monotonic()
        self._last = float("-inf")

    def line(self) -> str:
        elapsed = time.monotonic() - self.t0
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else None
        width = 20
        filled = int(width * self.done / max(self.total, 1))
        return (f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                f"{self.unit}  {rate:.1f}/s  elapsed {_duration(elapsed)}"
                + (f"  ETA {_duration(eta)}" if eta is not None and self.done < self.total else ""))

    def update(self, n: int) -> None:
        self.done = min(self.done + n, self.total)
        if not self.enabled:
            return
        now = time.monotonic()
        if self.tty:
            self.stream.write("\r" + self.line()[:150].ljust(100))
            self.stream.flush()
        elif now - self._last >= self.every_s or self.done >= self.total:
            self.stream.write(self.line() + "\n")
            self.stream.flush()
            self._last = now

    def close(self) -> None:
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()
