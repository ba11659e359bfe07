"""`lab corpus materialize DIR`: write the fixture monorepo."""

from __future__ import annotations

from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.corpus.materialize import fixture_root, materialize


@click.group("corpus")
def corpus() -> None:
    """The fixture monorepo."""


@corpus.command("materialize")
@click.argument("dest", type=click.Path(file_okay=False))
@lab_errors
def materialize_cmd(dest: str) -> None:
    """Write the deterministic fixture monorepo into DEST (same spec, same bytes)."""
    root = materialize(Path(dest))
    n = sum(1 for p in root.rglob("*") if p.is_file())
    click.echo(f"materialized {n} files into {root}")


@corpus.command("path")
@lab_errors
def path_cmd() -> None:
    """Print the cached fixture corpus folder (materializing it on first use)."""
    click.echo(str(fixture_root()))


COMMANDS = [corpus]
