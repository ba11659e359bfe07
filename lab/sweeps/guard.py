"""Parallel jobs x llama.cpp threads: refuse a sweep that would oversubscribe the machine.

Two in-process llama.cpp workloads on 2 cores slow each other by an order of magnitude, so a
parallel launcher (joblib, submitit_local) with an in-process llama.cpp model is refused before
any model is loaded when jobs x `model.n_threads` (null = every core) exceed the cores. Server
backends (`model=openai`) and the no-LLM models are never limited: their jobs wait on I/O.
"""

from __future__ import annotations

import os
from typing import Any

from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError
from lab.models import BACKENDS


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


def parallel_jobs(launcher: Any, n_cores: int | None = None) -> tuple[int, str]:
    """How many jobs the launcher runs at once on this machine, and the setting that says so."""
    n_cores = n_cores or cores()
    raw = OmegaConf.to_container(launcher, resolve=False) if isinstance(launcher, DictConfig) else dict(launcher or {})
    target = str(raw.get("_target_", ""))
    if "Joblib" in target or "joblib" in target:
        n = raw.get("n_jobs")
        n = -1 if n is None else int(n)
        return (n if n > 0 else max(1, n_cores + 1 + n)), "hydra.launcher.n_jobs"
    if "submitit" in target and "LocalLauncher" in target:
        # submitit's local executor starts every job of the sweep at once
        return max(2, int(raw.get("array_parallelism") or n_cores)), "hydra/launcher=submitit_local"
    # basic (one after the other), batched (one process, one model) or a cluster (own machines)
    return 1, "hydra/launcher"


def check_parallelism(cfg: DictConfig, launcher: Any, n_cores: int | None = None) -> None:
    model = cfg.get("model") or {}
    backend = BACKENDS.get(str(model.get("backend")))
    if backend is None or not backend.uses_local_cores:   # a server, or no model on these cores
        return
    n_cores = n_cores or cores()
    jobs, setting = parallel_jobs(launcher, n_cores)
    if jobs <= 1:
        return
    threads = model.get("n_threads")
    per_job = int(threads) if threads else n_cores
    if jobs * per_job > n_cores:
        raise InputError(
            f"{jobs} parallel jobs ({setting}) x model.n_threads={threads if threads else 'null (all cores)'} "
            f"= {jobs * per_job} threads on {n_cores} cores: in-process llama.cpp jobs slow each "
            "other down by an order of magnitude. Run the cells one after another (the default "
            "launcher, or hydra.launcher.n_jobs=1), set model.n_threads so jobs x threads <= cores, "
            "or serve the model (model=openai model.base_url=...) and run jobs in parallel against it",
            key="hydra.launcher.n_jobs" if "n_jobs" in setting else "hydra/launcher")
