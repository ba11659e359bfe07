"""`lab history`: every run under a results folder, newest first, from the run records on disk."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.errors import InputError
from lab.records.history import format_table, scan


@click.command("history")
@click.option("--experiment", default=None, help="Only runs of this experiment.")
@click.option("--fingerprint", "fp", default=None, help="Only runs with this fingerprint (or a prefix).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--results", default="results", show_default=True, type=click.Path(file_okay=False),
              help="The results folder (searched downwards for run.json).")
@lab_errors
def history_cmd(experiment: str | None, fp: str | None, fmt: str, results: str) -> None:
    """Every run, newest first. State `abandoned`: the record says running but no process writes
    it (killed): `lab resume RUN_DIR` continues it. A damaged record is skipped with a warning."""
    given = click.get_current_context().get_parameter_source("results")
    if not Path(results).is_dir() and given != click.core.ParameterSource.DEFAULT:
        # a typo in --results must not read as "no runs" (the default folder may not exist yet)
        raise InputError("no such results folder", key=f"--results={results}")
    h = scan(results, experiment=experiment, fingerprint=fp)
    for w in h.warnings:
        click.echo(f"warning: {w}", err=True)
    if fmt == "json":
        click.echo(json.dumps([e.to_dict() for e in h.entries], indent=2, ensure_ascii=False))
    else:
        click.echo(format_table(h.entries))


COMMANDS = [history_cmd]
