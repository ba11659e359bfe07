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
    over MCP stdio. `initialize` and `tools/list` are answered at once; the index is built and
    the corpus encoded in the background (progress on stderr; `lab index DIR` does it ahead of
    time), and a call that needs it waits until it is ready."""
    from lab.mcp_server import run
    from lab.tools import build_toolset

    cfg = compose_cfg(overrides, corpus=corpus)
    toolset = build_toolset(cfg)
    click.echo(f"lab serve: tools={toolset.ctx.settings.name} vocab={toolset.ctx.vocab.name} "
               f"root={toolset.ctx.root} ({', '.join(toolset.names)})", err=True)
    toolset.warmup_in_background(lambda line: click.echo(f"lab serve: {line}", err=True))
    run(toolset)


COMMANDS = [serve]
