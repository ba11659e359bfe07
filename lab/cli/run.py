"""`lab run [overrides]` / `lab run -m [sweep overrides]`: the Hydra entry point.

Every argument goes to Hydra unchanged (overrides, `-m`, `--cfg job`, `--help`). Hydra's own
output folder and logging setup are switched off (the run writes results/<experiment>/<run_id>/);
an argument of yours for the same hydra.* key replaces the default.

A sweep (`-m`) keeps its folder at results/<experiment>/.sweeps/<UTC time>-<hash of the sweep's
arguments>/ (lab/sweeps/cells.py), fixed once for the whole sweep from its common (non-swept)
settings, so cells with different experiments or results folders still share it: multirun.yaml, one manifest entry and one link per cell, and,
when the last cell is done, summary.md, summary.json and report/ (lab/sweeps/callback.py). With
`run.resume=true` the latest folder of the same sweep is reused and each cell continues its run.
Exit code of a sweep: 0 when every cell is complete, 3 when some cell failed (the summary lists
them), 130/143 on Ctrl-C/SIGTERM.
"""

from __future__ import annotations

import sys

import click

#: put before the user's arguments: no outputs/<date>/ folder, no .hydra/ copy, no log files
HYDRA_DEFAULTS = ("hydra.output_subdir=null", "hydra.run.dir=.",
                  # a sweep's folder (multirun.yaml, manifest, summary, report) is kept beside its runs
                  "hydra.sweep.dir='${run.results_dir}/${run.experiment}/.sweeps/"
                  "${lab_sweep_id:${run.results_dir},${run.experiment},SWEEP_ID,${run.resume}}'",
                  "hydra.sweep.subdir=.", "hydra/job_logging=none", "hydra/hydra_logging=none")
#: exit code of a sweep in which some cell failed
SWEEP_FAILED = 3


def hydra_argv(args: list[str]) -> list[str]:
    """The user's arguments with HYDRA_DEFAULTS joined to their overrides (Hydra wants the
    overrides together); a default whose key the user sets is left out. In a sweep, the cell
    folder names keep only the swept keys (hydra.job.config.override_dirname.exclude_keys)."""
    from lab.sweeps.cells import new_sweep_id, sweep_folder

    keys = {a.split("=", 1)[0].lstrip("+~") for a in args if "=" in a}
    multirun = "-m" in args or "--multirun" in args
    folder = sweep_folder(args) if multirun and "hydra.sweep.dir" not in keys else None
    defaults = [(_quoted("hydra.sweep.dir", folder) if folder and d.startswith("hydra.sweep.dir=")
                 else d.replace("SWEEP_ID", new_sweep_id(args)))
                for d in HYDRA_DEFAULTS if d.split("=", 1)[0] not in keys]
    if multirun and "hydra.job.config.override_dirname.exclude_keys" not in keys:
        fixed = _fixed_keys(args)
        if fixed:
            defaults.append("hydra.job.config.override_dirname.exclude_keys=[" + ",".join(fixed) + "]")
    first = next((i for i, a in enumerate(args) if "=" in a and not a.startswith("-")), len(args))
    return [*args[:first], *defaults, *args[first:]]


def _quoted(key: str, value: object) -> str:
    """`key='value'` for a Hydra override (a path with spaces, commas or `=` stays one value)."""
    return "%s='%s'" % (key, str(value).replace("'", "\\'"))


def _fixed_keys(args: list[str]) -> list[str]:
    """Keys of the overrides that are not swept (one value in every cell)."""
    from hydra.core.override_parser.overrides_parser import OverridesParser
    try:
        parsed = OverridesParser.create().parse_overrides(
            [a for a in args if "=" in a and not a.startswith("-")])
    except Exception:          # Hydra names the bad override itself, with the usual message
        return []
    out = []
    for o in parsed:
        if not o.is_sweep_override() and not o.key_or_group.startswith("hydra"):
            key = o.key_or_group
            out.append(key if all(c.isalnum() or c in "._-/@" for c in key) else repr(key))
    return out


def hydra_main(args: list[str]) -> None:
    import hydra

    from lab.config import CONFIG_DIR
    from lab.sweeps import callback
    from lab.sweeps.job import hydra_task

    main = hydra.main(config_path=str(CONFIG_DIR), config_name="config", version_base="1.3")(hydra_task)
    _register_launchers()
    argv = hydra_argv(args)
    saved = sys.argv
    sys.argv = ["lab run", *argv]
    callback.LAST.clear()
    try:
        main()
    finally:
        sys.argv = saved
    if callback.LAST.get("failed"):
        sys.exit(SWEEP_FAILED)


def _register_launchers() -> None:
    """hydra/launcher=slurm_lab: Hydra's namespace scan misses it in an editable install."""
    try:
        from hydra.core.plugins import Plugins
        from hydra_plugins.lab_slurm_launcher import LabSlurmLauncher
    except ImportError:          # hydra-submitit-launcher missing: Hydra says so when it is asked for
        return
    Plugins.instance().register(LabSlurmLauncher)


@click.command("run", context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def run_cmd(args: tuple[str, ...]) -> None:
    """Run a suite with a model (Hydra overrides; -m sweeps; --help shows Hydra's help).

    \b
    lab run model=tool_follower vocab=minimal run.repeats=3
    lab run -m vocab=minimal,maybe_exts run.repeats=5        (summary + report in the sweep folder)
    lab run -m ... hydra/launcher=joblib hydra.launcher.n_jobs=4   (server backends)
    lab run -m ... hydra/launcher=slurm_lab                  (configs/hydra/launcher/slurm_lab.yaml)
    lab run ... run.resume=true    (continue the latest unfinished run, or sweep, with the same inputs)
    lab run model=openai model.base_url=... run.repeats=8 run.concurrency=4
    """
    hydra_main(list(args))


COMMANDS = [run_cmd]
