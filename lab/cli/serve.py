"""`lab serve [--http HOST:PORT] [OVERRIDES...]`: the configured tool set as an MCP server,
over stdio (the default) or streamable HTTP."""

from __future__ import annotations

import click

from lab.cli.common import compose_cfg, lab_errors
from lab.tools import build_toolset


@click.command("serve", short_help="Serve the configured tools as an MCP server (stdio, or "
                                   "streamable HTTP with --http HOST:PORT).")
@click.argument("overrides", nargs=-1)
@click.option("--corpus", "corpus", default=None, type=click.Path(file_okay=False),
              help="Serve this directory instead of the fixture monorepo.")
@click.option("--http", "http", default=None, metavar="HOST:PORT",
              help="Serve MCP's streamable HTTP transport at http://HOST:PORT/mcp instead of stdio.")
@lab_errors
def serve(overrides: tuple[str, ...], corpus: str | None, http: str | None) -> None:
    """Serve the tools of OVERRIDES (tools=pathfinder|filesystem, vocab=NAME, corpus.root=DIR)
    as an MCP server: over stdio by default, or over streamable HTTP with --http HOST:PORT
    (endpoint http://HOST:PORT/mcp). `initialize` and `tools/list` are answered at once; the
    index is built and the corpus encoded in the background (progress on stderr; `lab index DIR`
    does it ahead of time), and a call that needs it waits until it is ready."""
    address = None
    if http:
        # heavy: the MCP SDK takes ~1.5 s to import; only `lab serve` needs it
        from lab.serve.mcp_server import parse_host_port
        address = parse_host_port(http)
    cfg = compose_cfg(overrides, corpus=corpus)
    toolset = build_toolset(cfg)
    click.echo(f"lab serve: tools={toolset.ctx.settings.name} vocab={toolset.ctx.vocab.name} "
               f"root={toolset.ctx.root} ({', '.join(toolset.names)})", err=True)
    toolset.warmup_in_background(lambda line: click.echo(f"lab serve: {line}", err=True))
    if address is None:
        from lab.serve.mcp_server import run  # heavy: the MCP SDK takes ~1.5 s to import; only `lab serve` needs it
        run(toolset)
        return
    from lab.serve.mcp_server import run_http  # heavy: the MCP SDK takes ~1.5 s to import; only `lab serve` needs it
    try:
        run_http(toolset, *address, ready=lambda url: click.echo(f"lab serve: MCP streamable HTTP at {url}",
                                                                err=True))
    except OSError as e:                  # the port is taken, the address is not this machine's
        raise click.ClickException(f"cannot listen on {http}: {e.strerror or e}") from None


COMMANDS = [serve]
