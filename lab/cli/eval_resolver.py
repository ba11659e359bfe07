"""`lab eval-resolver`: retrieval metrics of pathfinder on a suite, without an LLM."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from lab.cli.common import compose_cfg, lab_errors
from lab.comparisons.gate import EXIT_CANNOT_JUDGE, judge_metrics
from lab.errors import InputError
from lab.pathfinder.resolver import load_resolver
from lab.records.io import atomic_write_text, new_run_dir
from lab.records.settings import suite_settings
from lab.suites.contamination import warn
from lab.suites.eval_resolver import evaluate
from lab.suites.loader import load_suite, suite_path

EVAL_DIR = "eval-resolver"


def _previous(results: Path, fingerprint: str) -> tuple[Path | None, dict | None]:
    """The latest saved eval with this fingerprint (dirs sort by creation time)."""
    base = results / EVAL_DIR
    if not base.is_dir():
        return None, None
    for d in sorted(base.iterdir(), reverse=True):
        f = d / "eval.json"
        if not f.is_file():
            continue
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
            fp = data["fingerprint"]
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            raise InputError(f"corrupt eval record ({e}); exit 1 belongs to regressions, so this is "
                             "a usage error", file=str(f)) from e
        if fp == fingerprint:
            return f, data
    return None, None


def _print_text(result: dict) -> None:
    m, k = result["metrics"], result["top_k"]
    click.echo(f"suite {result['suite']['name']} ({m['n']} queries) on {result['corpus']['root']} "
               f"({result['corpus']['files']} files)")
    click.echo(f"recall@1 {m['recall@1']:.3f}   recall@{k} {m['recall@k']:.3f}   MRR {m['mrr']:.3f}")
    for cat, cm in result["metrics_by_category"].items():
        click.echo(f"  {cat:>3}  n={cm['n']:<3} recall@1 {cm['recall@1']:.3f}  recall@{k} {cm['recall@k']:.3f}"
                   f"  MRR {cm['mrr']:.3f}")
    misses = [q for q in result["queries"] if q["rank_in_top_k"] != 1]
    if misses:
        click.echo("not at rank 1:")
        for q in misses:
            got = q["top"][0] if q["top"] else "-"
            click.echo(f"  {q['id']:<8} rank {q['rank_in_top_k'] or '-':<3} {q['query']!r} -> {got} "
                       f"(expected {', '.join(q['expected'])})")
    click.echo(f"fingerprint {result['fingerprint'][:12]}")


@click.command("eval-resolver")
@click.argument("overrides", nargs=-1)
@click.option("--suite", "suite_arg", default=None,
              help="Suite name (prompts/NAME.yaml) or any suite/golden YAML file "
                   "[default: suite.file of the config, tests70 unless suite=NAME is given].")
@click.option("--corpus", default=None, type=click.Path(file_okay=False), help="Corpus directory.")
@click.option("--top-k", "top_k", default=None, type=click.IntRange(min=1),
              help="k of recall@k (>= 1; default resolver.top_k).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--fail-on-regression", is_flag=True,
              help="Exit 1 when a metric is worse than the previous eval with the same fingerprint.")
@click.option("--results", default="results", show_default=True, type=click.Path(file_okay=False),
              help="Where evals are saved (<results>/eval-resolver/<id>/eval.json).")
@click.option("--no-save", is_flag=True, help="Do not save this eval.")
@lab_errors
def eval_resolver(overrides, suite_arg, corpus, top_k, fmt, fail_on_regression, results, no_save):
    """Recall@1, recall@k and MRR of the resolver on a suite. OVERRIDES are Hydra overrides."""
    cfg = compose_cfg(overrides, corpus=corpus)
    if suite_arg is None:  # `suite=NAME` (configs/suite/NAME.yaml) picks the file, as in `lab run`
        suite_arg = suite_settings(cfg.suite).file
    resolver = load_resolver(cfg)
    suite = load_suite(suite_path(suite_arg), corpus_paths=set(resolver.index.by_path))
    resolver.warmup()
    result = evaluate(resolver, suite, top_k=top_k)
    data = result.to_dict()
    warn(result.findings, stream=sys.stderr,
         pointer=f"`lab contamination --corpus {resolver.index.corpus.root} --golden {suite.path}`")

    results_dir = Path(results)
    base_file, base = _previous(results_dir, result.fingerprint) if fail_on_regression else (None, None)
    # The metrics first: a full disk (or an unwritable results folder) must not hide them.
    if fmt == "json":
        click.echo(json.dumps(data, indent=2))
    else:
        _print_text(data)
    if not no_save:
        where = results_dir / EVAL_DIR
        try:
            out = new_run_dir(where) / "eval.json"
            where = out
            atomic_write_text(out, json.dumps(data, indent=2) + "\n")
        except OSError as e:
            click.echo(f"error: cannot save the eval to {where}: {e.strerror or e} "
                       "(the metrics above are complete; --no-save skips saving)", err=True)
            sys.exit(2)
        click.echo(f"saved {out}", err=True)
    if fail_on_regression:   # the gate's exit codes: lab/comparisons/gate.py (shared with lab diff)
        if base is None:
            click.echo(f"error: no previous eval with fingerprint {result.fingerprint[:12]} under "
                       f"{results_dir / EVAL_DIR}: nothing to compare against", err=True)
            sys.exit(EXIT_CANNOT_JUDGE)
        verdict = judge_metrics(base["metrics"], data["metrics"])
        click.echo(f"{verdict.message} [against {base_file}]", err=True)
        sys.exit(verdict.code)


COMMANDS = [eval_resolver]
