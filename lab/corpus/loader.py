"""Load any directory as a corpus: the files git would track, read once.

`.gitignore` files (the root one and nested ones) are honoured with git's own matching rules;
`.git/` is always skipped. Workspace roots (a multi-root workspace) come from the corpus config
or, when absent, from a `.workspace-roots` file at the corpus root (one relative folder a line).

Skipped, each with one warning on stderr naming it: a file or folder whose name is not valid
UTF-8 (no response could carry its path; the tools leave such names out of listings too), and a
file that cannot be read. Only regular files are read, opened without blocking (a named pipe
that appears after the walk is refused, never waited on). `Corpus.skipped` lists them.

Each file is read once, in chunks: hashed whole, its first MAX_TEXT_BYTES kept for the index. A
2 GB file costs a chunk of memory, not 2 GB.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

import pathspec

from lab.errors import InputError

#: Bytes of a file read for its text fields; the rest is hashed (streamed) but not indexed.
MAX_TEXT_BYTES = 64 * 1024
HASH_CHUNK_BYTES = 1 << 20
ROOTS_FILE = ".workspace-roots"
ALWAYS_SKIPPED = {".git", ".hg", ".svn"}


@dataclass(frozen=True)
class CorpusFile:
    path: str  # relative to the corpus root, POSIX separators
    root: str  # the workspace root holding it ("." for the corpus root itself)
    size: int
    sha256: str
    text: str | None  # None for binary files


@dataclass(frozen=True)
class Corpus:
    root: Path
    roots: tuple[str, ...]
    files: tuple[CorpusFile, ...]
    skipped: tuple[str, ...] = ()   # "<path as \\xNN escapes>: <why>", also warned on stderr

    @property
    def content_hash(self) -> str:
        """Hash of every file's path and content: what the corpus contributes to a fingerprint."""
        h = hashlib.sha256()
        for f in self.files:
            h.update(f.path.encode())
            h.update(b"\0")
            h.update(f.sha256.encode())
            h.update(b"\n")
        h.update(("roots=" + ",".join(self.roots)).encode())
        return h.hexdigest()


def read_roots_file(root: Path) -> tuple[str, ...]:
    path = root / ROOTS_FILE
    if not path.is_file():
        return ()
    roots = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip().strip("/")
        if not line:
            continue
        if line.startswith("..") or os.path.isabs(line):
            raise InputError("workspace root must be a relative folder inside the corpus",
                             file=str(path), line=lineno, key=line)
        if not (root / line).is_dir():
            raise InputError("workspace root is not a folder", file=str(path), line=lineno, key=line)
        roots.append(line)
    return tuple(roots)


def root_of(path: str, roots: tuple[str, ...]) -> str:
    """The longest workspace root that contains `path`, else "."."""
    best = "."
    for r in roots:
        if (path == r or path.startswith(r + "/")) and (best == "." or len(r) > len(best)):
            best = r
    return best


def _decode(data: bytes) -> str | None:
    if b"\0" in data[:4096]:
        return None
    return data.decode("utf-8", errors="replace")


def printable(rel: str) -> str:
    """A path decoded from the OS, with its undecodable bytes written as \\xNN."""
    return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def utf8_name(name: str) -> bool:
    """Whether a file name decoded from the OS (surrogateescape) is valid UTF-8 (the corpus and
    the listing tools skip the others: lab.tools.paths)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_regular(path: Path) -> tuple[bytes, int, str]:
    """(its first MAX_TEXT_BYTES, its size, its sha256) of a regular file, read in chunks: a 2 GB
    file costs one chunk of memory, not 2 GB. OSError for anything else (a pipe, a device) or
    unreadable."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        h, head, size = hashlib.sha256(), b"", 0
        with os.fdopen(os.dup(fd), "rb") as fh:
            while chunk := fh.read(HASH_CHUNK_BYTES):
                if size < MAX_TEXT_BYTES:
                    head += chunk[:MAX_TEXT_BYTES - size]
                h.update(chunk)
                size += len(chunk)
        return head, size, h.hexdigest()
    finally:
        os.close(fd)


def walk(root: Path, skipped: list[str] | None = None) -> list[str]:
    """Relative POSIX paths of every non-ignored regular file under root, sorted. Names that are
    not valid UTF-8 are left out (and noted in `skipped`). Folders are visited from a stack, not
    by recursion: a corpus thousands of folders deep is walked like any other."""
    out: list[str] = []
    skipped = [] if skipped is None else skipped
    Specs = tuple[tuple[str, pathspec.PathSpec], ...]

    def ignored(specs: Specs, rel: str, is_dir: bool) -> bool:
        for base, spec in specs:
            if base and not rel.startswith(base + "/"):
                continue
            sub = rel[len(base) + 1:] if base else rel
            if spec.match_file(sub + ("/" if is_dir else "")):
                return True
        return False

    stack: list[tuple[str, Specs]] = [("", ())]
    while stack:
        dir_rel, specs = stack.pop()
        full = root / dir_rel if dir_rel else root
        gi = full / ".gitignore"
        if gi.is_file():
            specs = (*specs, (dir_rel, pathspec.GitIgnoreSpec.from_lines(
                gi.read_text(encoding="utf-8", errors="replace").splitlines())))
        with os.scandir(full) as it:
            entries = sorted(it, key=lambda e: e.name)
        folders = []
        for e in entries:
            if e.name in ALWAYS_SKIPPED:
                continue
            rel = f"{dir_rel}/{e.name}" if dir_rel else e.name
            if e.is_symlink():
                continue  # never follow links out of the corpus
            if not utf8_name(e.name):
                skipped.append(f"{printable(rel)}: its name is not valid UTF-8")
                continue
            if e.is_dir():
                if not ignored(specs, rel, True):
                    folders.append(rel)
            elif e.is_file() and not ignored(specs, rel, False):
                out.append(rel)
        stack.extend((f, specs) for f in reversed(folders))
    return sorted(out)


def load_corpus(root: str | Path, roots: tuple[str, ...] | list[str] | None = None) -> Corpus:
    root = Path(root).expanduser().resolve()
    if not root.is_dir():
        raise InputError("corpus root is not a directory", key=str(root))
    roots_t = tuple(r.strip("/") for r in roots) if roots else read_roots_file(root)
    files = []
    skipped: list[str] = []
    for rel in walk(root, skipped):
        try:
            head, size, sha = _read_regular(root / rel)
        except OSError as e:
            skipped.append(f"{rel}: cannot be read ({(e.strerror or type(e).__name__).lower()})")
            continue
        files.append(CorpusFile(path=rel, root=root_of(rel, roots_t), size=size, sha256=sha,
                                text=_decode(head)))
    for s in skipped:
        print(f"warning: corpus {root}: skipped {s}", file=sys.stderr)
    return Corpus(root=root, roots=roots_t, files=tuple(files), skipped=tuple(skipped))
