"""`lab resolve QUERY`: what pathfinder returns for one query.

By default it prints the exact text a model receives from `path_resolve` under the configured
vocabulary (`--vocab NAME` = `vocab=NAME`); `--raw` prints the whole `Resolution` instead."""

from __future__ import annotations

import json

import click

from lab.cli.common import compose_cfg, lab_errors
from lab.pathfinder.query import check_query
from lab.pathfinder.resolver import load_resolver
from lab.vocab import load_vocab, render_text


@click.command("resolve")
@click.argument("query")
@click.argument("overrides", nargs=-1)
@click.option("--intent", default=None, help="Intent text, passed to path_resolve as intent_text.")
@click.option("--corpus", "corpus", default=None, type=click.Path(file_okay=False),
              help="Resolve in this directory instead of the fixture monorepo.")
@click.option("--top-k", "top_k", default=None, type=click.IntRange(min=1),
              help="Number of candidates (>= 1; default resolver.top_k).")
@click.option("--vocab", "vocab", default=None,
              help="Response vocabulary (configs/vocab/NAME.yaml); default: the config's.")
@click.option("--raw", is_flag=True, help="Print the whole Resolution, before any vocabulary.")
@lab_errors
def resolve(query: str, overrides: tuple[str, ...], intent: str | None, corpus: str | None,
            top_k: int | None, vocab: str | None, raw: bool) -> None:
    """Resolve QUERY and print the result as JSON. OVERRIDES are Hydra overrides (resolver.top_k=3)."""
    problem = check_query(query, intent)
    if problem:
        raise click.UsageError(problem)
    cfg = compose_cfg(overrides, corpus=corpus, extra=[f"vocab={vocab}"] if vocab else None)
    vocab_cfg = load_vocab(cfg.vocab)  # a bad vocab fails before the index is built
    resolver = load_resolver(cfg)
    resolver.warmup()
    res = resolver.resolve(query, intent=intent, top_k=top_k)
    if raw:
        click.echo(json.dumps(res.to_dict(), indent=2))
    else:
        click.echo(render_text(res, vocab_cfg))


COMMANDS = [resolve]
