"""`lab fingerprint [overrides]`: the fingerprint `lab run` would record for the same overrides,
and every input that went into it. Nothing is run; a llama.cpp model file is hashed, not loaded."""

from __future__ import annotations

import json

import click

from lab.cli.common import compose_cfg, lab_errors


@click.command("fingerprint")
@click.argument("overrides", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def fingerprint_cmd(overrides: tuple[str, ...], fmt: str) -> None:
    """Print the run fingerprint for Hydra OVERRIDES (as `lab run` takes them) and its inputs.

    \b
    Inside: model (file sha256 or served id, output-changing settings), vocab, tools and the
    tool schemas the model sees, resolver + encoder, corpus content, suite content, prompt
    templates, agent limits and session mode. Outside: seeds, repeat count, experiment name,
    output paths, timestamps, findings.

    Beside it, the numerics id: how this machine computes (the llama.cpp build and the CPU
    features it was compiled for, the compiler, extra buffers; docs/numerics.md).
    """
    # the runner loads when a command runs (~0.1 s with the agent loop), not for `lab --help`
    from lab.runner.preparing import identity

    fp, numerics = identity(compose_cfg(overrides))
    if fmt == "json":
        click.echo(json.dumps({"fingerprint": fp.value, "inputs": fp.inputs,
                               "numerics": numerics.to_dict()}, indent=2, ensure_ascii=False))
        return
    click.echo(f"fingerprint {fp.value}")
    click.echo(f"numerics {numerics.label}  (how this machine computes: "
               + json.dumps(numerics.inputs, sort_keys=True) + ")")
    for key, value in fp.inputs.items():
        text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)
        click.echo(f"\n{key}: " + text.replace("\n", "\n  "))


COMMANDS = [fingerprint_cmd]
