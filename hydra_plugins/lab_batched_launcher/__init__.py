"""The lab's batched launcher under the name Hydra accepts for a launcher (`hydra_plugins.*`).

The code is `lab.sweeps.batched`. `lab run` registers this class with Hydra itself
(lab/cli/run.py, `Plugins.register`), as it does the Slurm launcher: Hydra's scan of the
`hydra_plugins` namespace misses packages of a setuptools editable install (hydra issue #3252).
"""

from lab.sweeps.batched import LabBatchedLauncher as _LabBatchedLauncher


class LabBatchedLauncher(_LabBatchedLauncher):
    __doc__ = _LabBatchedLauncher.__doc__
