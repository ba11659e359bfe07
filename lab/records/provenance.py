"""Where a result came from: the lab's git revision, package versions, the clock."""

from __future__ import annotations

import hashlib
import importlib.metadata
import platform
import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from lab.paths import REPO_ROOT
from lab import __version__



#: `scheme://user:password@` in a URL: credentials that a record, shared with its results, must not keep
_USERINFO = re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]*://)[^/@\s]+@")
REDACTED = "***"


def redact_credentials(value: object) -> object:
    """`value` (a string, or dicts and lists of them) with the user:password of every URL replaced
    by `***` (`http://me:secret@host/v1` -> `http://***@host/v1`); everything else as it was."""
    if isinstance(value, str):
        return _USERINFO.sub(lambda m: f"{m.group(1)}{REDACTED}@", value)
    if isinstance(value, dict):
        return {k: redact_credentials(v) for k, v in value.items()}
    if isinstance(value, list):
        return [redact_credentials(v) for v in value]
    return value


def now() -> str:
    """UTC, ISO 8601 with milliseconds (runs started in the same second still sort)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def git_info(root: Path = REPO_ROOT) -> dict:
    """`{"revision": sha, "dirty": bool, "code": id}` of the lab's own checkout; all None when the
    lab is not a git checkout (an installed wheel) or git is missing. Dirty = tracked files under
    CODE_PATHS differ from HEAD: uncommitted code. Untracked files are not code the lab runs until
    something tracked imports them, and tracked results are not code at all (a committed run that
    is resumed rewrites its own record: that must not mark its repeats as run by unknown code).
    Code = a hash of HEAD's entries for CODE_PATHS: the same for two commits that differ only in
    results or docs, so a sweep whose results are committed as it runs stays one round
    (lab/records/rounds.py)."""
    def git(*args: str) -> str | None:
        try:
            p = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                               timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return p.stdout if p.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    if top is None or Path(top.strip()).resolve() != root.resolve():
        return {"revision": None, "dirty": None}
    rev = git("rev-parse", "HEAD")
    status = git("status", "--porcelain", "--untracked-files=no", "--", *CODE_PATHS)
    tree = git("ls-tree", "HEAD", "--", *CODE_PATHS)
    return {"revision": rev.strip() if rev else None,
            "dirty": bool(status.strip()) if status is not None else None,
            "code": hashlib.sha256(tree.encode()).hexdigest()[:16] if tree else None}


#: what the lab runs (a commit that touches none of these, e.g. committed results, is the same code)
CODE_PATHS = ("lab", "configs", "prompts", "hydra_plugins", "pyproject.toml")


def versions() -> dict:
    def v(dist: str) -> str | None:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            return None
    return {"lab": __version__, "python": platform.python_version(),
            "llama_cpp_python": v("llama-cpp-python"), "openai": v("openai")}
