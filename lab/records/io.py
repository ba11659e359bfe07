"""Durable file writes: temporary file, fsync, rename — a reader never sees half a file."""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from lab.errors import StorageError
from lab.records import failpoints


@contextmanager
def storage_errors(path: Path | str) -> Iterator[None]:
    """A failed write of the run's files (disk full, read-only, quota) as one StorageError naming
    `path`, the lab's one-line error, instead of a raw OSError traceback."""
    try:
        yield
    except StorageError:
        raise
    except OSError as e:
        raise StorageError(path, e) from None


#: `VOCAB_LAB_FSYNC=0` skips the fsyncs (the test suite sets it: thousands of runs in throwaway
#: folders). A killed process loses nothing either way — its writes are in the page cache — only a
#: machine crash or power cut can, which is what the fsyncs guard against in a real run.
FSYNC_ENV = "VOCAB_LAB_FSYNC"


def sync(fd: int) -> None:
    """fsync `fd` (a file or a folder), unless VOCAB_LAB_FSYNC=0."""
    if os.environ.get(FSYNC_ENV) != "0":
        os.fsync(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace `path` with `text` atomically (a reader sees the old file or the new one). A failed
    write (disk full, read-only) is a StorageError naming the path; the old file is untouched."""
    with storage_errors(path):
        _atomic_write_text(Path(path), text)


def _atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            sync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        failpoints.check("atomic-write")  # crash tests: written and synced, never renamed
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        sync(dfd)
    finally:
        os.close(dfd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def new_run_dir(parent: Path) -> Path:
    """A fresh, unique directory under `parent` named by UTC time and a random suffix.

    `mkdir` without exist_ok is the arbiter: two processes can never get the same directory, even
    when many start in the same second (the suffix only makes a retry rare). A folder that cannot
    be made (read-only, a file in the way, disk full) is a StorageError naming it.
    """
    with storage_errors(parent):
        parent.mkdir(parents=True, exist_ok=True)
    while True:
        name = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + secrets.token_hex(3)
        d = parent / name
        try:
            d.mkdir()
        except FileExistsError:
            continue
        except OSError as e:
            raise StorageError(d, e) from None
        return d
