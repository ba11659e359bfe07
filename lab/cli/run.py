"""`lab run [overrides]` / `lab run -m [sweep overrides]`: the Hydra entry point.

Every argument goes to Hydra unchanged (overrides, `-m`, `--cfg job`, `--help`). Hydra's own
output folder and logging setup are switched off (the run writes results/<experiment>/<run_id>/);
an argument of yours for the same hydra.* key replaces the default.
"""

from __future__ import annotations

import sys

import click

#: put before the user's arguments: no outputs/<date>/ folder, no .hydra/ copy, no log files
HYDRA_DEFAULTS = ("hydra.output_subdir=null", "hydra.run.dir=.",
                  # a sweep's multirun.yaml (what was swept) is kept beside its runs
                  "hydra.sweep.dir=${run.results_dir}/${run.experiment}/.sweeps/${now:%Y%m%dT%H%M%S}",
                  "hydra.sweep.subdir=.", "hydra/job_logging=none", "hydra/hydra_logging=none")


def hydra_argv(args: list[str]) -> list[str]:
    """The user's arguments with HYDRA_DEFAULTS joined to their overrides (Hydra wants the
    overrides together); a default whose key the user sets is left out."""
    keys = {a.split("=", 1)[0].lstrip("+~") for a in args if "=" in a}
    defaults = [d for d in HYDRA_DEFAULTS if d.split("=", 1)[0] not in keys]
    first = next((i for i, a in enumerate(args) if "=" in a and not a.startswith("-")), len(args))
    return [*args[:first], *defaults, *args[first:]]


def hydra_main(args: list[str]) -> None:
    import hydra
    from omegaconf import DictConfig

    from lab.config import CONFIG_DIR
    from lab.errors import LabError

    @hydra.main(config_path=str(CONFIG_DIR), config_name="config", version_base="1.3")
    def _main(cfg: DictConfig) -> None:
        from lab.run import Terminated, run
        try:
            run(cfg)
        except LabError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        except KeyboardInterrupt as e:   # the record says interrupted; 128 + the signal
            sys.exit(143 if isinstance(e, Terminated) else 130)

    argv = hydra_argv(args)
    saved = sys.argv
    sys.argv = ["lab run", *argv]
    try:
        _main()
    finally:
        sys.argv = saved


@click.command("run", context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "help_option_names": []})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def run_cmd(args: tuple[str, ...]) -> None:
    """Run a suite with a model (Hydra overrides; -m sweeps; --help shows Hydra's help).

    \b
    lab run model=tool_follower vocab=minimal run.repeats=3
    lab run -m vocab=minimal,maybe_exts run.repeats=5
    lab run ... run.resume=true    (continue the latest unfinished run with the same fingerprint)
    """
    hydra_main(list(args))


COMMANDS = [run_cmd]
