"""The lab's batched launcher (`hydra/launcher=batched`): every cell of a local sweep in this one
process, all their conversations in one batch on one loaded model.

    lab run -m +experiment=lexiopt4,maybe_exts_removed,alike,lexiopt6 model.parallel=16 \
        hydra/launcher=batched

1. Each job's config is composed as Hydra's BasicLauncher composes it (`load_sweep_config` with
   the job's overrides; `hydra.job.id` and `hydra.job.num` are its index), so each cell has the
   job number, `override_dirname` and sweep folder it would have had.
2. Every cell is prepared (lab.runner.many: all inputs of all cells checked before any model loads).
   Cells that cannot share one model (their model configs differ) refuse the whole sweep before
   anything runs: one line naming the cells and the key, exit code 2. A cell with a bad input is
   failed on its own, as with every launcher.
3. Each cell's manifest entry is written (lab.sweeps.job.Cell: the same entry, run link, resume
   and error-per-cell as `run_cell`), then `lab.runner.many.run_prepared` runs them all: one model,
   one Lockstep, the cells' repeats and tests interleaved (repeat 0 of every cell, test by test,
   then repeat 1...). Each cell keeps its own run folder, run.json, tests.csv and transcripts.
4. Each cell's JobReturn is made by Hydra's own `run_job` (HydraConfig set to the cell's, the
   callbacks' on_job_start / on_job_end — called after the batch, when the cell's result is
   known), its return value the cell's manifest entry, so lab/sweeps/callback.py's summary reads
   the sweep as it reads any other.

Ctrl-C / SIGTERM ends every unfinished cell `interrupted` (its finished tests kept; the same
command with `run.resume=true` continues every cell), and the sweep stops.

When the cells' model has no batched engine or `model.parallel` is 1, batching gains nothing:
the cells run one after another exactly as the basic launcher runs them (each its own `run`).
The jobs of one `launch` are one batch: a sweeper's `max_batch_size` splits the sweep into
several. `hydra.job.env_set` is the sweep's, around the whole batch (the cells share a process).
"""

from __future__ import annotations

import copy
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from hydra.core.utils import JobReturn, configure_log, env_override, run_job, setup_globals
from hydra.plugins.launcher import Launcher
from hydra.types import HydraContext, TaskFunction
from omegaconf import DictConfig, OmegaConf, open_dict, read_write

from lab.errors import InputError

#: exit code of a sweep refused before it starts (cells that cannot share one model), as a bad input
REFUSED_EXIT = 2


@dataclass
class Job:
    """One job of the sweep, composed: the config with Hydra's node (for run_job) and without it
    (the cell's own), and the cell's name."""
    sweep_config: DictConfig
    cfg: DictConfig
    name: str


class LabBatchedLauncher(Launcher):

    def __init__(self) -> None:
        super().__init__()
        self.config: DictConfig | None = None
        self.task_function: TaskFunction | None = None
        self.hydra_context: HydraContext | None = None

    def setup(self, *, hydra_context: HydraContext, task_function: TaskFunction,
              config: DictConfig) -> None:
        self.config, self.hydra_context, self.task_function = config, hydra_context, task_function

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        from lab.runner.many import batchable   # lazy: Hydra imports every plugin for any run, this loads at a sweep

        assert self.config is not None and self.hydra_context is not None
        setup_globals()
        configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        sweep_dir = Path(str(self.config.hydra.sweep.dir))
        sweep_dir.mkdir(parents=True, exist_ok=True)
        jobs = [self._compose(list(o), initial_job_idx + i) for i, o in enumerate(job_overrides)]
        if not any(_batchable(j.cfg, batchable) for j in jobs):
            return self._basic(job_overrides, initial_job_idx)
        entries = self._batch(jobs, sweep_dir)
        returns = []
        for job, entry in zip(jobs, entries):
            returns.append(run_job(hydra_context=self.hydra_context, task_function=lambda _cfg, e=entry: e,
                                   config=job.sweep_config, job_dir_key="hydra.sweep.dir",
                                   job_subdir_key="hydra.sweep.subdir"))
            configure_log(self.config.hydra.hydra_logging, self.config.hydra.verbose)
        return returns

    def _compose(self, overrides: list[str], idx: int) -> Job:
        """The job's config as BasicLauncher composes it, and the cell name run_cell gives it."""
        assert self.config is not None and self.hydra_context is not None
        sweep_config = self.hydra_context.config_loader.load_sweep_config(self.config, overrides)
        with open_dict(sweep_config):
            sweep_config.hydra.job.id = idx
            sweep_config.hydra.job.num = idx
        cfg = copy.deepcopy(sweep_config)           # what run_job hands the task function
        with read_write(cfg), open_dict(cfg):
            del cfg["hydra"]
        from lab.sweeps.cells import cell_name   # lazy: Hydra imports every plugin for any run
        return Job(sweep_config, cfg, cell_name(idx, str(sweep_config.hydra.job.override_dirname or "")))

    def _basic(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        """Nothing to batch: Hydra's BasicLauncher, one cell after another (lab.sweeps.job.run_cell)."""
        from hydra._internal.core_plugins.basic_launcher import BasicLauncher

        assert self.config is not None and self.hydra_context is not None and self.task_function is not None
        basic = BasicLauncher()
        basic.setup(hydra_context=self.hydra_context, task_function=self.task_function, config=self.config)
        return basic.launch(job_overrides, initial_job_idx)

    def _batch(self, jobs: list[Job], sweep_dir: Path) -> list[dict]:
        """Every cell run in one batch; their manifest entries (as run_cell returns them)."""
        from lab.suites.contamination import warned_once_in   # lazy, all three: Hydra imports every plugin
        from lab.runner.many import close_all, prepare_many, run_prepared  # (the same)
        from lab.sweeps.job import Cell  # (the same: a single run loads nothing of lab.sweeps)

        assert self.config is not None
        try:
            ps = prepare_many([j.cfg for j in jobs], names=[f"cell {j.name}" for j in jobs], strict=False)
        except InputError as e:          # the cells cannot share one model: nothing runs
            print(f"error: hydra/launcher=batched: {e}", file=sys.stderr)
            raise SystemExit(REFUSED_EXIT) from None
        try:
            cells = [Cell(j.cfg, j.sweep_config.hydra) for j in jobs]
            print(f"[sweep] {len(jobs)} cells batched on one model (hydra/launcher=batched)",
                  file=sys.stderr)
            env = OmegaConf.to_container(self.config.hydra.job.env_set, resolve=True) or {}
            try:
                with warned_once_in(sweep_dir), env_override({str(k): str(v) for k, v in env.items()}):
                    run_prepared(ps, resume_dirs=[c.resume_dir for c in cells],
                                 on_run_dirs=[c.on_run_dir for c in cells],
                                 on_end=lambda i, o: cells[i].end(o))
            except KeyboardInterrupt as e:   # the cells it never reached end interrupted too
                for c in cells:
                    if not c.ended:
                        c.end(e)
                raise
        finally:
            close_all(ps)
        return [c.entry.to_dict() for c in cells]


def _batchable(cfg: DictConfig, batchable: Any) -> bool:
    try:
        return batchable(OmegaConf.to_container(cfg.model, resolve=True))
    except Exception:        # noqa: BLE001 - a bad model config: the cell's own run says what is wrong
        return False
