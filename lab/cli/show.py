"""`lab show RUN [--test ID] [--repeat K]`: one test's transcript, readable."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.errors import InputError
from lab.records.record import RUN_FILE, read_record, transcript_path


def find_run(run: str, results: str) -> Path:
    """RUN as a run directory, or a run id (or its unique prefix) under RESULTS/<experiment>/."""
    p = Path(run)
    if (p / RUN_FILE).is_file():
        return p
    root = Path(results)
    hits = sorted(d for d in root.glob("*/*") if d.is_dir() and d.name.startswith(run)
                  and (d / RUN_FILE).is_file()) if root.is_dir() else []
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise InputError(f"ambiguous run id; matches {', '.join(str(h) for h in hits[:5])}", key=run)
    raise InputError(f"no run directory or run id {run!r} (looked in {root}/<experiment>/)", file=run)


@click.command("show")
@click.argument("run")
@click.option("--test", "test_id", default=None, help="Test id (e.g. t46); without it, list the repeat's tests.")
@click.option("--repeat", "repeat", default=0, show_default=True, type=int, help="Repeat index.")
@click.option("--results", "results", default="results", show_default=True,
              type=click.Path(file_okay=False), help="Where to look up a run id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: the run's axes and the test's whole record (or the repeat's tests) as JSON.")
@lab_errors
def show(run: str, test_id: str | None, repeat: int, results: str, fmt: str) -> None:
    """Print one test of RUN (a run directory or run id) as it happened: messages, tool calls and
    their arguments, the JSON each tool returned, tokens per response field, outcome."""
    # heavy: both load pandas (~0.6 s); only `lab show` needs it
    from lab.analysis.transcript import format_repeat_index, format_test, load_repeat
    from lab.records.cells import run_meta

    run_dir = find_run(run, results)
    rec = read_record(run_dir)
    meta = run_meta(rec)
    if not transcript_path(run_dir, repeat).is_file():
        have = sorted(p.stem for p in (run_dir / "transcripts").glob("repeat-*.jsonl"))
        raise InputError(f"no transcript of repeat {repeat} (there are: {', '.join(have) or 'none'})",
                         file=str(transcript_path(run_dir, repeat)))
    _, tests = load_repeat(run_dir, repeat)
    match = [t for t in tests if t.test_id == test_id]
    if test_id is not None and not match:
        ids = [t.test_id for t in tests]
        raise InputError(f"no test {test_id!r} in repeat {repeat} ({len(ids)} tests: "
                         f"{', '.join(ids[:8])}{', ...' if len(ids) > 8 else ''})", key="--test")
    if fmt == "json":
        head = {"run_dir": str(run_dir), "status": rec.status, **meta, "repeat": repeat}
        if test_id is None:
            doc = {**head, "tests": [{"index": t.index, "test_id": t.test_id, "category": t.category,
                                      "outcome": t.outcome, "passed": t.passed, "answer": t.answer,
                                      "tool_calls": len(t.tool_calls)} for t in tests]}
        else:
            doc = {**head, "test": match[0].to_dict()}
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False, default=str))
        return
    click.echo(f"run {run_dir} [{rec.status}]  experiment {rec.experiment}  vocab {meta['vocabulary']}  "
               f"model {meta['model']}  suite {meta['suite']}  repeat {repeat}")
    click.echo("")
    if test_id is None:
        click.echo(format_repeat_index(tests))
        click.echo("")
        click.echo(f"lab show {run} --repeat {repeat} --test ID   prints one of them")
        return
    click.echo(format_test(match[0]))


COMMANDS = [show]
