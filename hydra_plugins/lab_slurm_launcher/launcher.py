"""The lab's Slurm launcher (`hydra/launcher=slurm_lab`): submitit's, with a cluster user's errors.

Over hydra-submitit-launcher's `SlurmLauncher` it changes three things, each found by running a
sweep on a real (one-node) cluster, `scripts/slurm-local.sh`:

- An `sbatch` rejection (no GPUs for `--gpus-per-node`, an unknown partition, too much memory or
  time, too many CPUs) ends the sweep with one line that names the launcher key to change and what
  the cluster offers (`sinfo`), never submitit's traceback: `SubmissionRefused`, exit code 2.
- Waiting for the array: a job that ends without a result (scancel, time limit, out of memory, a
  node failure) is a cell that is *not complete* in the sweep summary — its manifest entry says
  `interrupted` and names the Slurm state and the job's log — instead of a submitit exception that
  stops the sweep before its summary. Job states come from `squeue -t all`, which needs no
  accounting; submitit's own watcher polls `sacct`, which on a cluster without accounting fails on
  every call (`Bypassing sacct error`, one warning per poll): those warnings become one line.
- Ctrl-C in the submitting process leaves the jobs running and says how to stop or collect them.

The jobs themselves run `lab.sweeps.job.run_cell` exactly as with every other launcher.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import re
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from hydra.core.singleton import Singleton
from hydra.core.utils import JobReturn, JobStatus
from hydra_plugins.hydra_submitit_launcher.config import BaseQueueConf
from hydra_plugins.hydra_submitit_launcher.submitit_launcher import SlurmLauncher
from omegaconf import OmegaConf


#: Slurm states of a job that is over (with or without a result)
ENDED = {"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "OUT_OF_MEMORY", "NODE_FAIL", "PREEMPTED",
         "BOOT_FAIL", "DEADLINE", "SPECIAL_EXIT", "REVOKED"}
#: a job over without its result file: how long to wait for the file (slow shared filesystems)
RESULT_GRACE_S = 15.0
POLL_S = 1.0
#: how often the queue is asked (squeue is one RPC to slurmctld: not every second)
QUEUE_EVERY_S = 3.0
#: exit code when sbatch refuses the jobs (a bad launcher setting, like any bad input)
REFUSED_EXIT = 2


class SubmissionRefused(SystemExit):
    """sbatch refused the array; the message is one line naming the key to change."""

    def __init__(self, message: str) -> None:
        super().__init__(REFUSED_EXIT)
        self.message = message


# -- sbatch rejections -----------------------------------------------------------------------------

def _sinfo(fmt: str) -> list[str]:
    try:
        out = subprocess.run(["sinfo", "-h", "-o", fmt], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return sorted({line.strip() for line in out.stdout.splitlines() if line.strip()})


def explain_rejection(stderr: str, params: dict[str, Any], sinfo=_sinfo) -> str:
    """One line for a refused sbatch: what Slurm said, the launcher key to change, what there is."""
    said = " ".join(re.sub(r"^sbatch: error: (Batch job submission failed: )?", "", line).strip()
                    for line in stderr.splitlines() if line.strip().startswith("sbatch: error"))
    said = said or " ".join(stderr.split())[:300] or "no message"
    low = said.lower()

    def has(key: str) -> Any:
        return params.get(key)

    if "partition" in low:
        parts = [p.rstrip("*") for p in sinfo("%P")]
        fix = (f"hydra.launcher.partition=<one of: {', '.join(parts) or 'see sinfo -s'}> "
               f"(asked: {has('partition')}; null = the cluster's default)")
    elif "gres" in low or "generic resource" in low:
        gres = [g for g in sinfo("%P %G") if "gpu" in g]
        where = f"partitions with GPUs: {'; '.join(gres)}" if gres else "no partition here has GPUs"
        fix = (f"hydra.launcher.gpus_per_node=0 (asked: {has('gpus_per_node')}; {where}); "
               "a GPU partition is hydra.launcher.partition=NAME")
    elif "memory" in low or "mem" in low.split():
        mem = [int(m.group()) for m in (re.match(r"\d+", x) for x in sinfo("%m")) if m]   # MB, "23593+"
        most = f"at most {max(mem) // 1024}" if mem else "less"
        fix = (f"hydra.launcher.mem_gb=<{most}: nodes have {', '.join(f'{m} MB' for m in mem) or '?'}> "
               f"(asked: {has('mem_gb')} GB)")
    elif "time limit" in low:
        fix = (f"hydra.launcher.timeout_min=<at most the partition's limit: "
               f"{', '.join(sinfo('%P %l')) or 'see sinfo -s'}> (asked: {has('timeout_min')} min)")
    elif "processors" in low or "cpu" in low:
        fix = (f"hydra.launcher.cpus_per_task=<at most the CPUs of a node: "
               f"{', '.join(sinfo('%c')) or '?'}> (asked: {has('cpus_per_task')})")
    elif "node configuration is not available" in low:
        fix = (f"hydra.launcher.cpus_per_task (asked {has('cpus_per_task')}; nodes have "
               f"{', '.join(sinfo('%c')) or '?'} CPUs) or hydra.launcher.mem_gb (asked "
               f"{has('mem_gb')} GB; nodes have {', '.join(sinfo('%m')) or '?'} MB)")
    elif "account" in low:
        fix = f"hydra.launcher.account=<your account: sacctmgr show assoc user=$USER> (asked: {has('account')})"
    elif "qos" in low:
        fix = f"hydra.launcher.qos=<a QOS of yours> (asked: {has('qos')})"
    else:
        fix = "a hydra.launcher.* setting (configs/hydra/launcher/slurm_lab.yaml)"
    return f"error: sbatch refused the sweep's jobs: {said} -> set {fix}"


# -- job states without accounting -----------------------------------------------------------------

@dataclass
class Queue:
    """What `squeue -t all` says about the sweep's array jobs (no accounting needed; finished
    jobs stay listed for the cluster's MinJobAge, 300 s by default)."""
    states: dict[str, str]          # "<job>_<task>" -> state, for tasks listed one by one
    listed: set[str]                # array job ids listed in any form (pending ranges: "12_[2-3]")
    pending_reasons: dict[str, str]  # a pending line -> its reason (PartitionTimeLimit, ...)


def read_queue(job_ids: Sequence[str]) -> Queue | None:
    """The queue's view of these jobs; None when squeue did not answer (then nothing is decided)."""
    main = sorted({j.split("_")[0] for j in job_ids})
    try:
        out = subprocess.run(["squeue", "-h", "-t", "all", "-j", ",".join(main), "-o", "%i|%T|%r"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    q = Queue(states={}, listed=set(), pending_reasons={})
    for line in out.stdout.splitlines():
        jid, state, reason = (line.strip().split("|") + ["", ""])[:3]
        if not jid:
            continue
        q.listed.add(jid.split("_")[0])
        if "[" not in jid:
            q.states[jid] = state.strip() or "UNKNOWN"
        if state.strip() == "PENDING" and reason.strip():
            q.pending_reasons[jid] = reason.strip()
    return q


#: pending reasons after which a job never starts by itself: the setting to look at
NEVER_STARTS = {"PartitionTimeLimit": "hydra.launcher.timeout_min", "PartitionNodeLimit": "hydra.launcher.nodes",
                "ReqNodeNotAvail": "hydra.launcher.partition", "PartitionDown": "hydra.launcher.partition",
                "InvalidAccount": "hydra.launcher.account", "InvalidQOS": "hydra.launcher.qos",
                "QOSMaxWallDurationPerJobLimit": "hydra.launcher.timeout_min",
                "AssocMaxWallDurationPerJobLimit": "hydra.launcher.timeout_min"}


class _OneSacctLine(logging.Filter):
    """submitit warns `Bypassing sacct error` at every poll when accounting is disabled: say it once."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if "Bypassing sacct error" not in record.getMessage():
            return True
        self.seen += 1
        if self.seen == 1:
            print("[slurm] sacct is not available here (accounting disabled?): job states come from "
                  "squeue; this is said once", file=sys.stderr)
        return False


def quiet_sacct() -> _OneSacctLine:
    log = logging.getLogger("submitit")
    for f in log.filters:
        if isinstance(f, _OneSacctLine):
            return f
    f = _OneSacctLine()
    log.addFilter(f)
    return f


# -- the launcher ----------------------------------------------------------------------------------

class LabSlurmLauncher(SlurmLauncher):

    def launch(self, job_overrides: Sequence[Sequence[str]], initial_job_idx: int) -> Sequence[JobReturn]:
        import submitit

        assert self.config is not None
        quiet_sacct()
        executor = self._executor(submitit)
        sweep_dir = Path(str(self.config.hydra.sweep.dir))
        sweep_dir.mkdir(parents=True, exist_ok=True)
        job_params = [(list(o), "hydra.sweep.dir", initial_job_idx + i, f"job_id_for_{initial_job_idx + i}",
                       Singleton.get_state()) for i, o in enumerate(job_overrides)]
        try:
            # submitit prints sbatch's stderr before raising it: our one line says it instead
            with contextlib.redirect_stderr(io.StringIO()):
                jobs = executor.map_array(self, *zip(*job_params))
        except submitit.core.utils.FailedJobError as e:
            msg = explain_rejection(str(e), self.params)
            print(msg, file=sys.stderr)
            raise SubmissionRefused(msg) from None
        ids = sorted({j.job_id.split("_")[0] for j in jobs})
        print(f"[slurm] {len(jobs)} cells submitted as array job {', '.join(ids)} "
              f"(logs: {sweep_dir / '.submitit'})", file=sys.stderr)
        try:
            return self._wait(jobs, job_params, sweep_dir)
        except KeyboardInterrupt:
            print(f"\n[slurm] stopped waiting; the jobs keep running (scancel {' '.join(ids)} stops "
                  "them). Re-run the same command with run.resume=true to continue and summarize.",
                  file=sys.stderr)
            raise

    def _executor(self, submitit: Any) -> Any:
        """The executor exactly as hydra-submitit-launcher builds it (BaseSubmititLauncher.launch)."""
        init_keys = {"max_num_timeout", "submitit_folder"}
        executor = submitit.AutoExecutor(cluster=self._EXECUTOR, folder=self.params["submitit_folder"],
                                         slurm_max_num_timeout=self.params["max_num_timeout"])
        base = set(OmegaConf.structured(BaseQueueConf).keys())
        executor.update_parameters(**{k if k in base else f"{self._EXECUTOR}_{k}": v
                                      for k, v in self.params.items() if k not in init_keys})
        return executor

    def _wait(self, jobs: list, job_params: list, sweep_dir: Path) -> list[JobReturn]:
        """Results as they appear (checked every POLL_S); the queue every QUEUE_EVERY_S, to find
        jobs that ended without one."""
        results: dict[int, JobReturn] = {}
        ended_at: dict[int, float] = {}
        said: set[str] = set()
        next_queue = time.time() + QUEUE_EVERY_S
        while True:
            for i, job in enumerate(jobs):
                if i not in results and job.paths.result_pickle.exists():
                    results[i] = self._collect(job, job_params[i], sweep_dir)
            if len(results) == len(jobs):
                return [results[i] for i in range(len(jobs))]
            q = read_queue([j.job_id for j in jobs]) if time.time() >= next_queue else None
            if q is not None:
                next_queue = time.time() + QUEUE_EVERY_S
                for jid, reason in q.pending_reasons.items():
                    if reason in NEVER_STARTS and reason not in said:
                        said.add(reason)
                        print(f"[slurm] {jid} is pending ({reason}): it will not start as asked; "
                              f"look at {NEVER_STARTS[reason]} (scancel {jid.split('_')[0]} and re-run)",
                              file=sys.stderr)
                for i, job in enumerate(jobs):
                    if i in results:
                        continue
                    state = q.states.get(job.job_id)
                    if state is None and job.job_id.split("_")[0] not in q.listed:
                        state = "UNKNOWN (no longer in squeue)"
                    if state in ENDED or (state or "").startswith("UNKNOWN ("):
                        first = ended_at.setdefault(i, time.time())
                        if time.time() - first >= (RESULT_GRACE_S if state == "COMPLETED" else 1.0):
                            results[i] = self._lost(job, job_params[i], sweep_dir, state)
            time.sleep(POLL_S)

    def _collect(self, job: Any, params: tuple, sweep_dir: Path) -> JobReturn:
        """The job's JobReturn; a job that raised outside the cell becomes a failed cell."""
        try:
            ret = job.results()[0]
        except Exception as e:        # noqa: BLE001  (the job's own exception, with its log)
            return self._lost(job, params, sweep_dir, "FAILED", error=f"{type(e).__name__}: "
                              f"{str(e).splitlines()[0] if str(e) else ''}", tb=traceback.format_exc())
        if ret.status != JobStatus.COMPLETED:
            err = ret._return_value
            return self._lost(job, params, sweep_dir, "FAILED", error=f"{type(err).__name__}: {err}",
                              tb="".join(traceback.format_exception(err)) if isinstance(err, BaseException) else None)
        return ret

    def _lost(self, job: Any, params: tuple, sweep_dir: Path, state: str, *, error: str | None = None,
              tb: str | None = None) -> JobReturn:
        """A job that ended without a result: its cell is interrupted (or failed), in the manifest."""
        from lab.sweeps import cells  # noqa: I001  (Hydra imports every plugin module for any run: the manifest code loads only when a sweep records a lost cell)
        from lab.sweeps.cells import CellEntry, cell_name, read_entries, write_entry  # (the same: lazy for a single run)

        overrides, num = list(params[0]), int(params[2])
        entry = next((e for e in read_entries(sweep_dir) if e.num == num), None)
        if entry is None:              # the job never reached run_cell (it died on its way in)
            entry = CellEntry(cell=cell_name(num, self._swept(overrides)), num=num,
                              overrides=overrides, swept=self._swept(overrides))
        log = _relative(Path(job.paths.stderr), sweep_dir)
        if error:                      # the job raised outside the cell
            entry.status, entry.error = "failed", f"{error} (Slurm job {job.job_id}, log: {log})"
        elif entry.status == "running":   # killed in the middle: scancel, time limit, OOM, node
            entry.status = "interrupted"
            entry.error = f"Slurm job {job.job_id} ended {state} without a result (log: {log})"
        elif entry.status != "complete" and job.job_id not in (entry.error or ""):
            entry.error = f"{entry.error or entry.status} (Slurm job {job.job_id} {state}, log: {log})"
        if tb:
            p = cells.entry_path(sweep_dir, entry.cell).with_suffix(".traceback.txt")
            p.write_text(tb, encoding="utf-8")
            entry.traceback = _relative(p, sweep_dir)
        elif not entry.traceback:
            entry.traceback = log
        entry.ended_at = entry.ended_at or time.time()
        write_entry(sweep_dir, entry)
        print(f"[slurm] cell {entry.cell}: {entry.status}: {entry.error}", file=sys.stderr)
        return JobReturn(overrides=overrides, status=JobStatus.COMPLETED, _return_value=entry.to_dict(),
                         task_name=str(self.config.hydra.job.name) if self.config else None)

    def _swept(self, overrides: list[str]) -> str:
        """The cell's override_dirname, as Hydra makes it for the job (sorted, exclude_keys out)."""
        from hydra._internal.config_loader_impl import get_overrides_dirname
        from hydra.core.override_parser.overrides_parser import OverridesParser
        c = self.config.hydra.job.config.override_dirname if self.config else None
        try:
            parsed = OverridesParser.create().parse_overrides(overrides)
            return get_overrides_dirname(parsed, list(c.exclude_keys) if c else [],
                                         c.item_sep if c else ",", c.kv_sep if c else "=")
        except Exception:             # noqa: BLE001  (a name only)
            return ",".join(overrides)


def _relative(p: Path, base: Path) -> str:
    try:
        return os.path.relpath(p.resolve(), base.resolve())
    except ValueError:
        return str(p)
