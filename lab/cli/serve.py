"""`lab serve [OVERRIDES...]`: the configured tool set as an MCP server over stdio."""

from __future__ import annotations

import click

from lab.cli.common import compose_cfg, lab_errors


@click.command("serve")
@click.argument("overrides", nargs=-1)
@click.option("--corpus", "corpus", default=None, type=click.Path(file_okay=False),
              help="Serve this directory instead of the fixture monorepo.")
@lab_errors
def serve(overrides: tuple[str, ...], corpus: str | None) -> None:
    """Serve the tools of OVERRIDES (tools=pathfinder|filesystem, vocab=NAME, corpus.root=DIR)
    over MCP stdio. The index is built and the encoder loaded before the first request."""
    from lab.mcp_server import run
    from lab.tools import build_toolset

    cfg = compose_cfg(overrides, corpus=corpus)
    toolset = build_toolset(cfg)
    toolset.warmup()
    click.echo(f"lab serve: tools={toolset.ctx.settings.name} vocab={toolset.ctx.vocab.name} "
               f"root={toolset.ctx.root} ({', '.join(toolset.names)})", err=True)
    run(toolset)


COMMANDS = [serve]
