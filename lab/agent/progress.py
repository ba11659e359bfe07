"""A one-line progress bar per run on stderr: test i/N, running score, outcome counts, elapsed
time and the ETA (the mean time per finished test times the tests left).

On a terminal it redraws one line. Elsewhere (nohup, CI, a tmux log) it writes plain lines: at
most one every `every_s` seconds (the tests finished since, with their outcomes, the running score,
elapsed and ETA) and one when the repeat ends (its score), so a log shows a run moving without
flooding (issue 60). `enabled=False` (run.progress=false) is silent; `enabled=True` forces the
redrawn line.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import TextIO


class Progress:
    def __init__(self, total: int, *, label: str = "", stream: TextIO | None = None,
                 enabled: bool | None = None, clock=time.monotonic, every_s: float = 30.0) -> None:
        self.total, self.label = total, label
        self.clock = clock
        self.started = clock()
        self.stream = stream or sys.stderr
        tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled = tty if enabled is None else enabled
        #: plain lines instead of the redrawn one: not a terminal, and not forced either way
        self.plain = enabled is None and not tty
        self.every_s = every_s
        self._last = self.started
        self._since: list[str] = []
        self.done, self.passed = 0, 0
        self.counts: Counter[str] = Counter()

    def update(self, outcome: str, test_id: str | None = None) -> None:
        self.done += 1
        self.passed += outcome == "pass"
        self.counts[outcome] += 1
        if self.plain:
            self._since.append(f"{test_id} {outcome}" if test_id else outcome)
            now = self.clock()
            if now - self._last >= self.every_s and self.done < self.total:
                self._line(f"test {self.done}/{self.total}  score {self.passed}/{self.done}  "
                           f"{self.timing()}  ({', '.join(self._since[-8:])}"
                           + (f", +{len(self._since) - 8} more" if len(self._since) > 8 else "") + ")")
                self._since, self._last = [], now
            return
        if self.enabled:
            width = 20
            filled = int(width * self.done / max(self.total, 1))
            counts = " ".join(f"{k} {v}" for k, v in sorted(self.counts.items()) if k != "pass")
            line = (f"\r{self.label}[{'#' * filled}{'.' * (width - filled)}] test {self.done}/{self.total}"
                    f"  score {self.passed}/{self.done}  {self.timing()}  {counts}")
            self.stream.write(line[:180].ljust(110))
            self.stream.flush()

    def _line(self, text: str) -> None:
        self.stream.write(f"{self.label}{text}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.plain:
            if self.done:
                counts = " ".join(f"{k} {v}" for k, v in sorted(self.counts.items()) if k != "pass")
                elapsed = clock_text(max(0.0, self.clock() - self.started))
                self._line(f"done: score {self.passed}/{self.done} in {elapsed}"
                           + (f"  ({counts})" if counts else ""))
            return
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
