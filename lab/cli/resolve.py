"""`lab resolve QUERY`: what pathfinder returns for one query."""

from __future__ import annotations

import json

import click

from lab.cli.common import compose_cfg, lab_errors


@click.command("resolve")
@click.argument("query")
@click.argument("overrides", nargs=-1)
@click.option("--intent", default=None, help="Intent text, passed to path_resolve as intent_text.")
@click.option("--corpus", "corpus", default=None, type=click.Path(file_okay=False),
              help="Resolve in this directory instead of the fixture monorepo.")
@click.option("--top-k", "top_k", default=None, type=int, help="Number of candidates.")
@lab_errors
def resolve(query: str, overrides: tuple[str, ...], intent: str | None, corpus: str | None,
            top_k: int | None) -> None:
    """Resolve QUERY and print the result as JSON. OVERRIDES are Hydra overrides (resolver.top_k=3)."""
    from lab.pathfinder.resolver import load_resolver

    cfg = compose_cfg(overrides, corpus=corpus)
    resolver = load_resolver(cfg)
    resolver.warmup()
    res = resolver.resolve(query, intent=intent, top_k=top_k)
    click.echo(json.dumps(res.to_dict(), indent=2))


COMMANDS = [resolve]
