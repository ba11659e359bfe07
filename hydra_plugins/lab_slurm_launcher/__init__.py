"""The lab's Slurm launcher under the name Hydra accepts for a launcher (`hydra_plugins.*`).

The code is `lab.sweeps.slurm`. `lab run` registers this class with Hydra itself
(lab/cli/run.py, `Plugins.register`): Hydra's scan of the `hydra_plugins` namespace misses
packages of a setuptools editable install (hydra issue #3252), which is how the lab is installed.
"""

from lab.sweeps.slurm import LabSlurmLauncher as _LabSlurmLauncher


class LabSlurmLauncher(_LabSlurmLauncher):
    __doc__ = _LabSlurmLauncher.__doc__
