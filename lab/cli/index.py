"""`lab index [DIR] [OVERRIDES...]`: build pathfinder's index of a corpus and encode every file
into the embedding cache ahead of time, so neither `lab serve` nor a run's first query pays for it."""

from __future__ import annotations

import time
from pathlib import Path

import click

from lab.cli.common import compose_cfg, lab_errors
from lab.pathfinder.resolver import load_resolver


@click.command("index")
@click.argument("directory", required=False)
@click.argument("overrides", nargs=-1)
@lab_errors
def index(directory: str | None, overrides: tuple[str, ...]) -> None:
    """Index DIR (default: the configured corpus, the fixture monorepo) and encode every file
    into $VOCAB_LAB_CACHE/embeddings (progress and ETA on stderr). OVERRIDES are Hydra overrides
    (resolver.semantic.encoder=..., corpus=NAME). Re-running encodes only what changed."""
    if directory and "=" in directory:   # `lab index vocab=...`: an override, no DIR
        overrides, directory = (directory, *overrides), None
    if directory:
        if not Path(directory).is_dir():
            raise click.UsageError(f"{directory}: not a directory")
    cfg = compose_cfg(overrides, corpus=directory)
    t0 = time.monotonic()
    resolver = load_resolver(cfg)
    built = time.monotonic() - t0
    n = len(resolver.index.files)
    click.echo(f"lab index: {resolver.root}: {n} files, {len(resolver.index.chunks)} chunks indexed "
               f"in {built:.1f} s", err=True)
    if not resolver.semantic.enabled:
        click.echo("lab index: resolver.semantic.enabled=false: nothing to encode")
        return
    t1 = time.monotonic()
    resolver.warmup(every_file=True)
    click.echo(f"lab index: {n} files encoded or found in the cache ({resolver.encoder_id}) in "
               f"{time.monotonic() - t1:.1f} s")


COMMANDS = [index]
