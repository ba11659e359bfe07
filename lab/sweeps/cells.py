"""The sweep folder and its manifest: one `cells/<cell>.json` per Hydra job.

    results/<experiment>/.sweeps/<sweep_id>/
        multirun.yaml          what was swept (written by Hydra)
        cells/<cell>.json      CellEntry: the job's overrides, status, run dir, error, traceback
        cells/<cell>.traceback.txt   a failure before the run had a directory (bad input)
        runs/<cell> -> ../../../<run_id>   one link per cell: `lab report <sweep>/runs/*`
        summary.md, summary.json, report/   written when the sweep ends (lab.sweeps.callback)

Run directories stay where every run lives (`results/<experiment>/<run_id>/`, the contract
history, diff and resume rely on); the manifest says which of them belong to this sweep, so the
sweep is one folder for the summary and the report. `<sweep_id>` is `<UTC time>-<hash>`, the hash
of the sweep's arguments (without run.resume, run.repeats, run.concurrency, run.progress and
hydra.*): re-running the same sweep with `run.resume=true` reuses the latest folder with that
hash, and each cell continues exactly the run its entry names.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hydra.core.override_parser.overrides_parser import OverridesParser
from omegaconf import OmegaConf

from lab.errors import InputError
from lab.records.io import atomic_write_text
from lab.config import compose

CELLS = "cells"
RUNS = "runs"
SUMMARY_MD, SUMMARY_JSON, REPORT = "summary.md", "summary.json", "report"
#: keys that do not make a different sweep: re-running with them changed continues the old one
NOT_IN_SWEEP_ID = ("run.resume", "run.repeats", "run.concurrency", "run.progress")


@dataclass
class CellEntry:
    cell: str                          # folder-safe name: <job num>_<swept overrides>
    num: int
    overrides: list[str]               # every override of this job
    swept: str                         # only the swept ones, k=v,k=v
    status: str = "running"            # running | complete | failed | interrupted
    action: str | None = None          # new | resume | done (lab.runner.RunOutput.action)
    run_dir: str | None = None         # relative to the sweep folder
    error: str | None = None
    traceback: str | None = None       # where: "<run_dir>/run.json" or cells/<cell>.traceback.txt
    started_at: float = field(default_factory=time.time)
    ended_at: float | None = None
    host: str | None = None
    pid: int | None = None
    job: str | None = None             # the Slurm job of the cell (<array job>_<task>), when on Slurm

    def to_dict(self) -> dict:
        return asdict(self)


def cell_name(num: int, swept: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9=,._+-]+", "-", swept).strip("-")[:80]
    return f"{num:02d}_{safe}" if safe else f"{num:02d}"


def entry_path(sweep_dir: Path, cell: str) -> Path:
    return Path(sweep_dir) / CELLS / f"{cell}.json"


def write_entry(sweep_dir: Path, entry: CellEntry) -> None:
    atomic_write_text(entry_path(sweep_dir, entry.cell), json.dumps(entry.to_dict(), indent=2) + "\n")


def read_entry(path: Path) -> CellEntry:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        return CellEntry(**raw)
    except (OSError, ValueError, TypeError) as e:
        raise InputError(f"unreadable sweep cell entry: {e}", file=str(path)) from e


def read_entries(sweep_dir: Path) -> list[CellEntry]:
    d = Path(sweep_dir) / CELLS
    if not d.is_dir():
        return []
    return sorted((read_entry(p) for p in d.glob("*.json")), key=lambda e: e.num)


def link_run(sweep_dir: Path, cell: str, run_dir: Path) -> None:
    """`runs/<cell>` -> the cell's run directory (relative, so the results folder can move)."""
    links = Path(sweep_dir) / RUNS
    links.mkdir(parents=True, exist_ok=True)
    link = links / cell
    target = os.path.relpath(Path(run_dir).resolve(), links.resolve())
    if link.is_symlink() or link.exists():
        if os.readlink(link) == target:
            return
        link.unlink()
    try:
        link.symlink_to(target, target_is_directory=True)
    except OSError:          # a filesystem without links: the manifest still names the run
        pass


# -- the sweep id ----------------------------------------------------------------------------------

def sweep_hash(args: list[str]) -> str:
    """Hash of the arguments that define a sweep (order kept: it fixes the job numbers)."""
    keep = [a for a in args if "=" in a and not a.startswith("-")
            and not a.lstrip("+~").startswith("hydra")
            and a.split("=", 1)[0].lstrip("+~") not in NOT_IN_SWEEP_ID]
    return hashlib.sha256("\n".join(keep).encode()).hexdigest()[:8]


def new_sweep_id(args: list[str]) -> str:
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()) + "-" + sweep_hash(args)


def resolve_sweep_id(results_dir: Any, experiment: Any, new_id: str, resume: Any) -> str:
    """OmegaConf resolver `lab_sweep_id`: with run.resume=true, the latest existing sweep folder
    under results/<experiment>/.sweeps with the same hash; otherwise (or when there is none) `new_id`. Deterministic
    given the folder, so the launcher and every job process (joblib, submitit) agree."""
    if str(resume).lower() != "true":
        return new_id
    h = new_id.rsplit("-", 1)[-1]
    p = Path(str(results_dir)) / str(experiment) / ".sweeps"
    old = sorted(d.name for d in p.glob(f"*-{h}") if d.is_dir()) if p.is_dir() else []
    return old[-1] if old else new_id


def sweep_folder(args: list[str]) -> Path | None:
    """The sweep folder of `lab run -m ARGS`, fixed once in the launching process.

    The folder must not depend on anything that differs per cell: each job composes its own config
    (with its own `+experiment=`, `run.experiment`, `run.results_dir`), so a folder interpolated
    from them would be a different folder per cell, and the summary, which reads the launcher's,
    would find "0 cells". It is `<results_dir>/<experiment>/.sweeps/<id>` of the sweep's common
    settings: the config composed from the overrides that are not swept (an experiment swept per
    cell gives `run.experiment`'s default, `default`). None when those overrides do not compose
    (Hydra then reports the error itself)."""


    given = [a for a in args if "=" in a and not a.startswith("-")]
    try:
        parsed = OverridesParser.create().parse_overrides(given)
        common = [o.input_line for o in parsed if not o.is_sweep_override()
                  and (not o.key_or_group.startswith("hydra") or o.key_or_group == "hydra.searchpath")]
        cfg = compose(common)
        results_dir, experiment = str(cfg.run.results_dir), str(cfg.run.experiment)
        resume = bool(cfg.run.resume)
    except Exception:
        return None
    sweep_id = resolve_sweep_id(results_dir, experiment, new_sweep_id(args), resume)
    return Path(results_dir).absolute() / experiment / ".sweeps" / sweep_id


def register_resolver() -> None:
    if not OmegaConf.has_resolver("lab_sweep_id"):
        OmegaConf.register_new_resolver("lab_sweep_id", resolve_sweep_id, use_cache=True)


register_resolver()


def cell_count(sweep_dir: Path) -> int | None:
    """How many cells the sweep has: the product of the value counts of its swept overrides, read
    from the multirun.yaml Hydra writes into the sweep folder before the first cell; None when
    that cannot be told (no file yet, a glob sweep)."""

    try:
        task = list(OmegaConf.load(Path(sweep_dir) / "multirun.yaml").hydra.overrides.task)
        parsed = OverridesParser.create().parse_overrides([str(t) for t in task])
        n = 1
        for o in parsed:
            if o.is_sweep_override():
                n *= len(list(o.sweep_string_iterator()))
        return n
    except Exception:      # the count is a courtesy; the sweep runs without it
        return None
