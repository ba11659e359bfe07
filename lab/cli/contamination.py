"""`lab contamination --corpus DIR --golden FILE`: the golden-queries-quoted scan on any corpus."""

from __future__ import annotations

import json
from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.corpus.loader import load_corpus
from lab.pathfinder.index import build_index
from lab.suites.contamination import golden_queries, scan, warn
from lab.suites.loader import load_suite


@click.command("contamination")
@click.option("--corpus", "corpus", required=True, type=click.Path(exists=True, file_okay=False),
              help="The corpus directory to scan (indexed as pathfinder indexes it).")
@click.option("--golden", "golden", required=True, type=click.Path(exists=True, dir_okay=False),
              help="A golden or suite file (top-level `tests:` with id, query, expected).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@lab_errors
def contamination(corpus: str, golden: str, fmt: str) -> None:
    """Report documents that quote 2 or more golden queries verbatim.

    Findings are warnings: the exit code is 0 whatever is found. A bad golden file or corpus is
    an input error (exit code 2).
    """
    suite = load_suite(Path(golden))
    index = build_index(load_corpus(corpus))
    findings = scan(index, suite.tests)
    warn(findings)  # stderr, resolved at call time
    if fmt == "json":
        click.echo(json.dumps({
            "findings": [f.to_dict() for f in findings],
            "corpus": str(index.corpus.root),
            "golden": str(suite.path),
            "queries_scanned": len(golden_queries(suite.tests)),
        }, indent=2, ensure_ascii=False))
        return
    n = len(golden_queries(suite.tests))
    click.echo(f"golden-queries-quoted: {len(findings)} finding(s); {n} distinct golden queries "
               f"scanned over {len(index.chunks)} chunks of {len(index.files)} files")
    if findings:
        width = max(len(f.document) for f in findings)
        click.echo(f"{'document'.ljust(width)}  quoted golden queries")
        for f in findings:
            click.echo(f"{f.document.ljust(width)}  {len(f.queries)}: "
                       + " | ".join(f.queries))


COMMANDS = [contamination]
