"""The lab's error types.

Three kinds of error are kept apart (STYLE.md): a tool error is text the model reads (never an
exception); a failure inside one test is recorded with its outcome label; a bad input file
(config, suite, golden file, corpus) stops before any model call with file, line and key named.
"""

from __future__ import annotations


class LabError(Exception):
    """Base class of every error the lab raises on purpose."""


class InputError(LabError):
    """A bad input file or value. The message names the file, the line and the key."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        self.file, self.line, self.key = file, line, key
        where = []
        if file:
            where.append(f"{file}" + (f":{line}" if line else ""))
        if key:
            where.append(f"key '{key}'")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class MissingDependencyError(LabError):
    """An optional dependency or model file is missing; the message names the fix."""


class StorageError(LabError, OSError):
    """A results file could not be written (disk full, read-only, quota): one line naming the
    path. Everything written before it is intact (rows are appended and synced one at a time,
    records replaced atomically), so the run stays resumable. Also an OSError, so code that
    tolerates a failed cache write keeps doing so."""

    def __init__(self, path: object, cause: OSError) -> None:
        reason = cause.strerror or type(cause).__name__
        OSError.__init__(self, cause.errno, f"cannot write {path}: {reason}", str(path))
        self.path, self.cause = str(path), cause

    def __str__(self) -> str:
        return self.strerror or super().__str__()
