"""The one walk of a results folder: where its run directories are (`lab history`, `report`,
`export`, `view`, `diff`, the gate and calibration all list runs through `record_dirs`).

Rules, the same for every command:
- a run directory holds `run.json`; it holds no further runs (not searched below);
- hidden folders (`.sweeps`, `.lock`) are skipped, unless named as a root;
- symbolic links to folders are followed (a sweep folder links its cells' run directories), and
  every real folder is visited once: a link back up (`latest -> .`, `exp/up -> ..`) or a cycle
  of links ends there instead of growing the walk without end;
- each run is listed once, under the first path the walk reaches it by (folders in name order).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, Iterator

from lab.errors import InputError
from lab.records.record import RUN_FILE, TESTS_FILE


def _folders(root: Path, stop: Callable[[Path], bool]) -> Iterator[Path]:
    """Every folder at or below `root` (links followed, each real folder once), in name order,
    depth first; below a folder for which `stop` is true, nothing."""
    seen: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            st = d.stat()
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except OSError:              # gone, unreadable, a dangling or looping link
            continue
        if (st.st_dev, st.st_ino) in seen:
            continue
        seen.add((st.st_dev, st.st_ino))
        yield d
        if stop(d):
            continue
        subs = []
        for e in entries:
            try:
                if not e.name.startswith(".") and e.is_dir():    # is_dir follows a link
                    subs.append(Path(e.path))
            except OSError:
                pass
        stack.extend(reversed(subs))


def _is_run(d: Path) -> bool:
    return (d / RUN_FILE).is_file()


def record_dirs(roots: Iterable[str | os.PathLike], *, missing_ok: bool = True) -> list[Path]:
    """Folders holding a run.json at or below each root, each run once. A root that is not a
    folder is passed over, or with `missing_ok=False` an InputError naming it."""
    out: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for root in roots:
        root = Path(root)
        if not root.is_dir():
            if missing_ok:
                continue
            raise InputError("not a run directory or a folder of runs", file=str(root))
        for d in _folders(root, _is_run):
            if _is_run(d):
                st = d.stat()
                if (st.st_dev, st.st_ino) not in seen:
                    seen.add((st.st_dev, st.st_ino))
                    out.append(d)
    return out


def orphan_dirs(root: Path) -> list[Path]:
    """Run-like folders without a run.json (tests or transcripts written, the record lost)."""
    def stop(d: Path) -> bool:
        return _is_run(d) or (d / TESTS_FILE).is_file()
    return [d for d in _folders(Path(root), stop) if not _is_run(d) and (d / TESTS_FILE).is_file()]
