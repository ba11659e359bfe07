"""The lab's batched launcher under the name Hydra accepts for a launcher (`hydra_plugins.*`).

The code is `launcher.py` beside this file (here, not in lab/sweeps/: Hydra imports every
plugin module whenever it composes a config, and a single `lab run` loads nothing of lab.sweeps). `lab run` registers this class with Hydra itself
(lab/cli/run.py, `Plugins.register`), as it does the Slurm launcher: Hydra's scan of the
`hydra_plugins` namespace misses packages of a setuptools editable install (hydra issue #3252).
"""

from hydra_plugins.lab_batched_launcher.launcher import LabBatchedLauncher as _LabBatchedLauncher


class LabBatchedLauncher(_LabBatchedLauncher):
    __doc__ = _LabBatchedLauncher.__doc__
