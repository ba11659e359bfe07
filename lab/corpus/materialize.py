"""Write the fixture monorepo to disk, atomically, and keep a cached copy per spec hash.

A materialized tree carries `.fixture-spec.json` (listed in the corpus `.gitignore`, so it is never
indexed) naming its spec and hash; that marker is how a later call recognises "the same spec is
already here". Trees are built in a temporary sibling directory and renamed into place, so a
reader never sees a half-written corpus and two concurrent writers cannot interleave: the first
rename wins, the loser discards its copy.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from lab.corpus.fixture import generate
from lab.corpus.spec import DEFAULT_SPEC, GENERATOR_VERSION, FixtureSpec
from lab.errors import InputError
from lab.paths import cache_root

MARKER = ".fixture-spec.json"


def _marker_bytes(spec: FixtureSpec, n_files: int) -> bytes:
    data = {"spec": spec.to_dict(), "spec_hash": spec.spec_hash(), "generator": GENERATOR_VERSION,
            "files": n_files}
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()


def is_materialization_of(dest: Path, spec: FixtureSpec) -> bool:
    try:
        data = json.loads((dest / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("spec_hash") == spec.spec_hash()


def _write_tree(root: Path, files: dict[str, bytes]) -> None:
    made: set[str] = set()
    for rel, data in files.items():
        parent = rel.rpartition("/")[0]
        if parent and parent not in made:
            (root / parent).mkdir(parents=True, exist_ok=True)
            made.add(parent)
        (root / rel).write_bytes(data)


def materialize(dest: Path | str, spec: FixtureSpec | None = None) -> Path:
    """Write the fixture for `spec` to `dest` and return it (resolved).

    `dest` may be absent or an empty directory. If it already holds a materialization of the same
    spec it is returned untouched; any other non-empty `dest` is refused with an InputError.
    """
    spec = spec or DEFAULT_SPEC
    dest = Path(dest).expanduser().absolute()
    if dest.exists():
        if not dest.is_dir():
            raise InputError("fixture destination exists and is not a directory", key=str(dest))
        if is_materialization_of(dest, spec):
            return dest.resolve()
        if any(dest.iterdir()):
            raise InputError("fixture destination is not empty and is not a materialization of this spec "
                             f"(spec hash {spec.spec_hash()})", key=str(dest))
    dest.parent.mkdir(parents=True, exist_ok=True)
    files = generate(spec)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.tmp-", dir=dest.parent))
    try:
        _write_tree(tmp, files)
        (tmp / MARKER).write_bytes(_marker_bytes(spec, len(files)))  # last: marks a complete tree
        os.chmod(tmp, 0o755)  # mkdtemp makes it 0700
        try:
            os.rename(tmp, dest)  # replaces an empty dest dir; fails if dest is non-empty
        except OSError:
            if is_materialization_of(dest, spec):  # another process won the race with the same spec
                return dest.resolve()
            raise InputError("fixture destination was filled by someone else while writing",
                             key=str(dest)) from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return dest.resolve()


def fixture_root(spec: FixtureSpec | None = None) -> Path:
    """A cached materialization of `spec` under `$VOCAB_LAB_CACHE/corpus/<spec_hash>`.

    Safe to call from several processes at once: each may build a copy, the first rename wins.
    """
    spec = spec or DEFAULT_SPEC
    dest = cache_root() / "corpus" / spec.spec_hash()
    if is_materialization_of(dest, spec):
        return dest.resolve()
    return materialize(dest, spec)
