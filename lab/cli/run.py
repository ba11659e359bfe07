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
import hydra
from hydra.core.override_parser.overrides_parser import OverridesParser
from hydra.core.plugins import Plugins
from omegaconf import DictConfig

from lab.cli.overrides import OverrideError, check_overrides
from lab.errors import LabError
from lab.paths import CONFIG_DIR

#: put before the user's arguments: no outputs/<date>/ folder, no .hydra/ copy, no log files
HYDRA_DEFAULTS = ("hydra.output_subdir=null", "hydra.run.dir=.",
                  # a sweep's folder (multirun.yaml, manifest, summary, report) is kept beside its runs
                  "hydra.sweep.dir='${run.results_dir}/${run.experiment}/.sweeps/"
                  "${lab_sweep_id:${run.results_dir},${run.experiment},SWEEP_ID,${run.resume}}'",
                  "hydra.sweep.subdir=.", "hydra/job_logging=none", "hydra/hydra_logging=none")
#: the defaults that only a sweep reads: a single run leaves them out (and with them lab.sweeps)
SWEEP_ONLY = ("hydra.sweep.dir", "hydra.sweep.subdir")
#: a single run has no sweep to close: its config drops the sweep callback of configs/config.yaml
SINGLE_ONLY = ("~hydra.callbacks.lab_sweep",)
#: exit code of a sweep in which some cell failed
SWEEP_FAILED = 3


def hydra_argv(args: list[str]) -> list[str]:
    """The user's arguments with HYDRA_DEFAULTS joined to their overrides (Hydra wants the
    overrides together); a default whose key the user sets is left out. In a sweep, the cell
    folder names keep only the swept keys (hydra.job.config.override_dirname.exclude_keys)."""
    keys = {a.split("=", 1)[0].lstrip("+~") for a in args if "=" in a}
    first = next((i for i, a in enumerate(args) if "=" in a and not a.startswith("-")), len(args))
    if not is_multirun(args):
        defaults = [d for d in HYDRA_DEFAULTS if d.split("=", 1)[0] not in keys | set(SWEEP_ONLY)]
        defaults += [d for d in SINGLE_ONLY if d.lstrip("~") not in keys]
        return [*args[:first], *defaults, *args[first:]]
    from lab.sweeps.cells import new_sweep_id, sweep_folder   # a sweep only: a single run never loads lab.sweeps

    folder = sweep_folder(args) if "hydra.sweep.dir" not in keys else None
    defaults = [(_quoted("hydra.sweep.dir", folder) if folder and d.startswith("hydra.sweep.dir=")
                 else d.replace("SWEEP_ID", new_sweep_id(args)))
                for d in HYDRA_DEFAULTS if d.split("=", 1)[0] not in keys]
    if "hydra.job.config.override_dirname.exclude_keys" not in keys:
        fixed = _fixed_keys(args)
        if fixed:
            defaults.append("hydra.job.config.override_dirname.exclude_keys=[" + ",".join(fixed) + "]")
    return [*args[:first], *defaults, *args[first:]]


def _quoted(key: str, value: object) -> str:
    """`key='value'` for a Hydra override (a path with spaces, commas or `=` stays one value)."""
    return "%s='%s'" % (key, str(value).replace("'", "\\'"))


def _fixed_keys(args: list[str]) -> list[str]:
    """Keys of the overrides that are not swept (one value in every cell)."""
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


def is_multirun(args: list[str]) -> bool:
    return "-m" in args or "--multirun" in args


def run_task(cfg: DictConfig) -> None:
    """The task Hydra runs for a single `lab run`: the run, then its exit code (a bad input 2;
    Ctrl-C 130, SIGTERM 143; a run that ended `failed` 3). A sweep's cells run
    lab.sweeps.job.hydra_task instead."""
    # the runner loads when a command runs (~0.1 s with the agent loop), not for `lab --help`
    from lab.interrupts import announce_interrupts
    from lab.runner import EXIT_RUN_FAILED, Terminated, run
    try:
        with announce_interrupts():
            out = run(cfg)
    except LabError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt as e:   # the record says interrupted; 128 + the signal
        sys.exit(143 if isinstance(e, Terminated) else 130)
    if out.record.status == "failed":     # tests to run again (infrastructure, crashes)
        print(f"error: run failed: {out.record.error}", file=sys.stderr)
        sys.exit(EXIT_RUN_FAILED)


def hydra_main(args: list[str]) -> None:
    multirun = is_multirun(args)
    if multirun:   # a sweep only: a single run never loads lab.sweeps or registers launchers
        # a sweep only: a single `lab run` loads nothing of lab.sweeps (tests/test_layering.py)
        from lab.sweeps import callback
        from lab.sweeps.job import hydra_task as task

        _register_launchers()
        callback.LAST.clear()
    else:
        task = run_task
    main = hydra.main(config_path=str(CONFIG_DIR), config_name="config", version_base="1.3")(task)
    argv = hydra_argv(args)
    saved = sys.argv
    sys.argv = ["lab run", *argv]
    try:
        main()
    finally:
        sys.argv = saved
    if multirun and callback.LAST.get("failed"):
        sys.exit(SWEEP_FAILED)


RUN_HELP = """\
Usage: lab run [--format text|json] [OVERRIDES...]
       lab run -m [--format text|json] [SWEEP OVERRIDES...]

  Run a suite with a model: every test of the suite, run.repeats times (repeat k uses seed
  run.seed + k), against the configured tools and vocabulary. OVERRIDES are Hydra overrides of
  configs/ (one per axis: vocab=, model=, suite=, prompt=, tools=, resolver=, corpus=, agent.*,
  run.*); -m sweeps every combination of comma-separated values, one cell per combination.

Examples:
  lab run suite.limit=3 agent.session=isolated                  (the first 3 tests: a real run in ~30 s)
  lab run model=tool_follower vocab=minimal run.repeats=3
  lab run vocab=maybe_exts suite=tests70 run.repeats=3          (the embedded 1.5B model)
  lab run -m vocab=minimal,maybe_exts,alike,exist_similar run.repeats=5
  lab run -m ... hydra/launcher=joblib hydra.launcher.n_jobs=4   (cells at once; server backends)
  lab run -m ... hydra/launcher=slurm_lab                        (configs/hydra/launcher/slurm_lab.yaml)
  lab run -m vocab=minimal,alike model.parallel=16 hydra/launcher=batched
                                       (every cell's conversations in one batch on one loaded model)
  lab run ... run.resume=true          (continue the latest unfinished run, or sweep, with the same inputs)
  lab run model=openai model.base_url=http://127.0.0.1:8080/v1 run.repeats=8 run.concurrency=4
  lab run ... run.track=mlflow         (also log the finished run to MLflow, results/mlruns)

Outputs:
  results/<experiment>/<run_id>/run.json     the record: status, fingerprint and inputs, scores
  results/<experiment>/<run_id>/tests.csv    one row per repeat x test (run id, vocabulary, model,
                                             suite, prompt on every row)
  results/<experiment>/<run_id>/transcripts/repeat-<k>.jsonl   every message and tool call
  stdout: the run summary (--format json: one JSON object); stderr: progress bar (test i/N,
  score, elapsed, ETA), contamination findings, warnings.
  A sweep also writes results/<experiment>/.sweeps/<id>/ (summary.md, summary.json, runs/,
  report/); lab report and lab export read any of these folders.

Options:
  --format text|json  how the run summary is printed (the same as run.summary=json)
  -m, --multirun      sweep (Hydra multirun)
  --cfg job           print the composed config and exit (Hydra); --hydra-help: Hydra's own help
  -h, --help          show this message

Exit codes:
  0    every run (every cell) complete
  2    bad config, suite or golden file: stopped before any model call, file and key named
  3    a sweep in which some cell failed (the others ran; summary.md names it, with its traceback)
  130  interrupted (Ctrl-C)      143  terminated (SIGTERM); finished tests are kept: lab resume RUN_DIR
  Contamination findings never change an exit code.
"""


def split_format(args: list[str]) -> list[str]:
    """`--format json` / `--format=json` -> the override run.summary=json (Hydra has no such flag)."""
    out, i = [], 0
    while i < len(args):
        a = args[i]
        value = None
        if a == "--format" and i + 1 < len(args):
            value, i = args[i + 1], i + 2
        elif a.startswith("--format="):
            value, i = a.split("=", 1)[1], i + 1
        else:
            out.append(a)
            i += 1
            continue
        if value not in ("text", "json"):
            raise click.BadParameter(f"must be text or json, got {value!r}", param_hint="--format")
        out.append(f"run.summary={value}")
    return out


def _register_launchers() -> None:
    """hydra/launcher=batched and slurm_lab: Hydra's namespace scan misses them in an editable install."""
    # a sweep only: a single run registers no launcher (and loads no lab.sweeps through them)
    from hydra_plugins.lab_batched_launcher import LabBatchedLauncher

    Plugins.instance().register(LabBatchedLauncher)
    try:
        # optional dependency: hydra-submitit-launcher is not installed everywhere
        from hydra_plugins.lab_slurm_launcher import LabSlurmLauncher
    except ImportError:          # hydra-submitit-launcher missing: Hydra says so when it is asked for
        return
    Plugins.instance().register(LabSlurmLauncher)


@click.command("run", context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "help_option_names": []},
               short_help="Run a suite with a model, or sweep with -m (Hydra overrides; writes "
                          "results/<experiment>/<run_id>/).")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def run_cmd(args: tuple[str, ...]) -> None:
    """Run a suite with a model (Hydra overrides; -m sweeps); `lab run --help` for usage."""
    if "--help" in args or "-h" in args:
        click.echo(RUN_HELP, nl=False)
        return

    try:
        argv = check_overrides(split_format(list(args)))
    except OverrideError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    hydra_main(argv)


COMMANDS = [run_cmd]
