"""The Hydra callback that closes a sweep: summary.md, summary.json and report/ in the sweep folder.

configs/config.yaml registers it (`hydra.callbacks.lab_sweep`); Hydra calls `on_multirun_end` in
the launching process once every job has returned, whatever the launcher (basic, joblib,
submitit). It reads only the sweep folder (the manifest and the run directories it names), so it
works the same when the jobs ran on other machines.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hydra.experimental.callback import Callback
from omegaconf import DictConfig
from lab.sweeps.summary import write_summary

#: what the last sweep of this process left (lab/cli/run.py turns failures into exit code 3)
LAST: dict[str, Any] = {}


class SweepSummary(Callback):
    def __init__(self, report: bool = True) -> None:
        self.report = report

    def on_multirun_end(self, config: DictConfig, **kwargs: Any) -> None:

        sweep_dir = Path(str(config.hydra.sweep.dir))
        try:
            s = write_summary(sweep_dir, report=self.report)
        except Exception as e:          # the runs are safe on disk; say what is missing and why
            print(f"[sweep] no summary for {sweep_dir}: {type(e).__name__}: {e}", file=sys.stderr)
            LAST.update(sweep_dir=str(sweep_dir), failed=[], error=str(e))
            return
        LAST.update(sweep_dir=str(sweep_dir), failed=[c["cell"] for c in s.failed])
        print(s.text, file=sys.stderr if s.failed else sys.stdout)
