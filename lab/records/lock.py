"""Who writes a run directory: an exclusive `flock` on `<run_dir>/.lock`, held for the run's life.

The kernel drops the lock when the process dies, however it dies (SIGKILL included), so a run whose
record still says `running` but whose lock is free was abandoned and may be resumed; a run whose
lock is held is being written by a live process and is never touched.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover (not POSIX): no locking, one writer by convention
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".lock"


class RunLock:
    def __init__(self, run_dir: Path) -> None:
        self.path = Path(run_dir) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self, wait_s: float = 0.0) -> bool:
        """Take the lock; False when another process holds it for longer than `wait_s`."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is None:
            self._fd = fd
            return True
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._fd = fd
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    return False
                time.sleep(0.05)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)   # closing drops the flock
            self._fd = None

    def __enter__(self) -> "RunLock":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def is_live(run_dir: Path) -> bool:
    """True while some process holds the run's lock (a shared probe, released at once)."""
    path = Path(run_dir) / LOCK_FILE
    if fcntl is None or not path.exists():
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
