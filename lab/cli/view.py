"""`lab view [RESULTS...] [--host 127.0.0.1] [--port N]`: the live web viewer (lab/view/)."""

from __future__ import annotations

import click

from lab.cli.common import lab_errors


@click.command("view")
@click.argument("results", nargs=-1, type=click.Path(file_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default serves this machine only; anything else exposes "
                   "your results (and transcripts) to the network.")
@click.option("--port", default=8765, show_default=True, type=int, help="Port (0: any free port).")
@lab_errors
def view(results: tuple[str, ...], host: str, port: int) -> None:
    """Live local web viewer of runs and sweeps.

    Browses RESULTS (default: results/) in a web app on this machine that updates while runs
    write: cells with every repeat, a test x variant matrix with filters and search,
    transcripts one click away, and two runs compared as the report compares them."""
    from lab.view import serve  # heavy: starlette and pandas (~1 s); only `lab view` needs them

    paths = list(results) or ["results"]
    try:
        serve(paths, host=host, port=port, announce=lambda line: click.echo(line, err=True))
    except OSError as e:                  # the port is taken, the address is not this machine's
        raise click.ClickException(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


COMMANDS = [view]
