"""`lab resume RUN_DIR`: continue an interrupted, failed or killed run with the config it recorded."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.cli.diff import resolve_run
from lab.interrupts import announce_interrupts


@click.command("resume")
@click.argument("run_dir")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: on a terminal).")
@click.option("--results", default="results", show_default=True, type=click.Path(file_okay=False),
              help="Where to look up a run given by run id (as lab diff and lab power do).")
@lab_errors
def resume_cmd(run_dir: str, progress: bool | None, results: str) -> None:
    """Continue RUN_DIR (a run folder, its run.json, or a run id under --results): complete repeats are kept; an interrupted repeat goes on from its first
    unfinished test (a single session with its conversation rebuilt from the transcript, labelled
    continued_at). Refused (exit 2, differing inputs shown) when anything in the run's fingerprint
    changed since it started."""
    # the runner loads when a command runs (~0.1 s with the agent loop), not for `lab --help`
    from lab.runner import EXIT_RUN_FAILED, Terminated, resume

    run_dir = str(resolve_run(run_dir, Path(results), "RUN_DIR"))
    try:
        with announce_interrupts():
            out = resume(run_dir, progress=progress)
    except KeyboardInterrupt as e:
        sys.exit(143 if isinstance(e, Terminated) else 130)
    if out.record.status == "failed":   # some tests failed on the infrastructure again
        click.echo(f"error: run failed: {out.record.error}", err=True)
        sys.exit(EXIT_RUN_FAILED)


COMMANDS = [resume_cmd]
