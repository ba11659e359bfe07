"""The `lab` command. Each subcommand lives in its own module, registered explicitly below."""

from __future__ import annotations

import click

from lab import __version__


class LabGroup(click.Group):
    """`lab --help` lists every command with its whole first sentence (click cuts summaries to
    the terminal width with "..."; a cut summary hid that `lab serve` speaks MCP)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            rows.append((name, cmd.get_short_help_str(limit=10_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LabGroup, context_settings={"help_option_names": ["-h", "--help"],
                                             "max_content_width": 120})
@click.version_option(__version__, prog_name="lab")
def main() -> None:
    """Vocab Lab: response-vocabulary experiments for small LLMs on MCP tools."""


def _register() -> None:
    from lab.cli import contamination, corpus, eval_resolver, index, models, resolve, run, serve  # noqa: F401  (explicit registry)
    from lab.cli import diff, fingerprint, history, reproduce, resume  # noqa: F401  (explicit registry: runs)
    from lab.cli import export, report, show, view  # noqa: F401  (explicit registry: analysis)
    from lab.cli import calibrate, power  # noqa: F401  (explicit registry: statistics)

    for module in (corpus, index, resolve, eval_resolver, contamination, serve, run, models,
                   fingerprint, history, diff, resume, reproduce, report, show, export, view, power, calibrate):
        for cmd in module.COMMANDS:
            main.add_command(cmd)


_register()
