"""The lab's Slurm launcher under the name Hydra accepts for a launcher (`hydra_plugins.*`).

The code is `launcher.py` beside this file (here, not in lab/sweeps/: Hydra imports every
plugin module whenever it composes a config, and a single `lab run` loads nothing of lab.sweeps). `lab run` registers this class with Hydra itself
(lab/cli/run.py, `Plugins.register`): Hydra's scan of the `hydra_plugins` namespace misses
packages of a setuptools editable install (hydra issue #3252), which is how the lab is installed.
"""

from hydra_plugins.lab_slurm_launcher.launcher import LabSlurmLauncher as _LabSlurmLauncher


class LabSlurmLauncher(_LabSlurmLauncher):
    __doc__ = _LabSlurmLauncher.__doc__
