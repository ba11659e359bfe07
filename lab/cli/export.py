"""`lab export RESULTS... --format parquet|csv [--out FILE]`: one tidy table of every test row."""

from __future__ import annotations

import click

from lab.cli.common import lab_errors


@click.command("export", short_help="Write every test row of RESULTS as one tidy parquet or CSV table.")
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--format", "fmt", type=click.Choice(["parquet", "csv"]), default="parquet",
              show_default=True)
@click.option("--out", "out", default=None, type=click.Path(dir_okay=False),
              help="Output file (default: tests.parquet / tests.csv in the current folder).")
@lab_errors
def export(results: tuple[str, ...], fmt: str, out: str | None) -> None:
    """Write every test row of the runs under RESULTS (run folders, experiment folders, sweep
    folders) as one table: one row per run x repeat x test, each row carrying run_id, experiment,
    vocabulary, model, suite, prompt, session, tool_choice, resolver, repeat, fingerprint and
    status. Read it back with pandas.read_parquet(FILE)."""
    # heavy: lab.analysis loads pandas (~0.6 s); only `lab export` needs it
    from lab.analysis.export import tidy_tests, write_table

    df, problems = tidy_tests(list(results))
    for p in problems:
        click.echo(f"warning: left out {p}", err=True)
    path = write_table(df, out or f"tests.{fmt}", fmt)
    runs = df["run_id"].nunique() if len(df) else 0
    click.echo(f"{len(df)} rows from {runs} run(s) -> {path}")


COMMANDS = [export]
