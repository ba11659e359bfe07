"""The `lab` command. Each subcommand lives in its own module, registered explicitly below."""

from __future__ import annotations

import click

from lab import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lab")
def main() -> None:
    """Vocab Lab: response-vocabulary experiments for small LLMs on MCP tools."""


def _register() -> None:
    from lab.cli import contamination, corpus, eval_resolver, index, models, resolve, run, serve  # noqa: F401  (explicit registry)
    from lab.cli import diff, fingerprint, history, resume  # noqa: F401  (explicit registry: runs)
    from lab.cli import report, show, view  # noqa: F401  (explicit registry: analysis)

    for module in (corpus, index, resolve, eval_resolver, contamination, serve, run, models,
                   fingerprint, history, diff, resume, report, show, view):
        for cmd in module.COMMANDS:
            main.add_command(cmd)


_register()
