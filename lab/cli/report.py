"""`lab report [RESULT_DIRS...] --out DIR`: the report of any set of runs (lab/analysis/report.py)."""

from __future__ import annotations

from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.errors import InputError


@click.command("report")
@click.argument("result_dirs", nargs=-1, type=click.Path(exists=True, file_okay=False))
@click.option("--out", "out", default=None, type=click.Path(file_okay=False),
              help="Folder to write report.md, report.html, figures/, tables/, transcripts/ into "
                   "[default: report/ inside the first RESULT_DIR].")
@click.option("--reference", "reference", default=None, type=click.Path(exists=True, dir_okay=False),
              help="Reference scores to show beside the runs "
                   "[default: results/reference/pathfinder-log.csv].")
@click.option("--no-reference", is_flag=True, help="Leave the reference rows out.")
@click.option("--title", default="Vocab Lab report", show_default=True)
@click.option("--level", default=0.95, show_default=True, type=click.FloatRange(0.5, 0.999),
              help="Confidence level of the intervals; comparisons are 'beyond noise' at p < 1 - level.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the bootstraps.")
@click.option("--equivalence-margin", "margin", default=3.0, show_default=True,
              type=click.FloatRange(min=0, min_open=True),
              help="Points: beside a difference not beyond noise, TOST says whether it lies within +-this.")
@click.option("--baseline", "baseline", default=None, metavar="CELL",
              help="The arm every comparison and verdict is against (VOCAB or vocabulary=VOCAB; "
                   "with --compare, a value of its first axis); default: every pair.")
@click.option("--compare", "compare", default="vocabulary", show_default=True, metavar="AXIS[,AXIS]",
              help="The axis the compared cells differ in (vocabulary, suite, prompt, model, ...), "
                   "or several that differ together: suite,forced_tool compares each suite with its "
                   "own forced first tool (tasks40 against tasks40_baseline).")
@lab_errors
def report(result_dirs: tuple[str, ...], out: str | None, reference: str | None, no_reference: bool,
           title: str, level: float, seed: int, margin: float, baseline: str | None,
           compare: str) -> None:
    """Report on the runs in RESULT_DIRS (run directories or folders holding them, e.g. results/
    or a sweep folder; default: results/).

    \b
    lab report results/                        # writes results/report/
    lab report results/ --out report/
    lab report results/lexiopt6 results/final --out report-lexiopt/
    lab report results/ --out report/ --baseline maybe_exts
    lab report runs/tasks40 --out report/ --compare suite,forced_tool --baseline tasks40_baseline
    """
    # heavy: lab.analysis loads pandas and matplotlib (~1.5 s); only `lab report` needs them
    from lab.analysis.load import find_run_dirs
    from lab.analysis.report import build_report
    from lab.analysis.frame_stats import cell_scores

    dirs = list(result_dirs) or ["results"]
    if not find_run_dirs(dirs):
        raise InputError("no run directories (with run.json) found", file=", ".join(dirs))
    out = out or str(Path(dirs[0]) / "report")
    ref: str | bool | None = False if no_reference else (reference or True)
    rep = build_report(dirs, out, reference=ref, title=title, level=level, seed=seed, margin=margin,
                       baseline=baseline, compare=compare)
    for p in rep.problems:
        click.echo(f"warning: {p}", err=True)
    res = rep.results
    if len(res.repeats):
        cells = cell_scores(res.repeats, rep.by, level=level, seed=seed)
        extra = [c for c in rep.by if c not in ("vocabulary", "model", "suite")]   # varying run conditions
        click.echo(f"{'vocabulary':<16} {'model':<18} {'suite':<12} {'scores':<24} {'mean':>6} {'swing':>5}"
                   + "".join(f"  {c}" for c in extra))
        for c in cells.itertuples():
            click.echo(f"{c.vocabulary:<16} {c.model:<18} {c.suite:<12} {c.scores:<24} {c.mean:>6.1f} "
                       f"{c.swing:>5.0f}" + "".join(f"  {getattr(c, x)}" for x in extra))
    click.echo(f"{len(res.runs)} run(s), {len(res.repeats)} complete repeat(s)")
    click.echo(f"wrote {rep.html}")
    click.echo(f"      {rep.markdown}")
    click.echo(f"      {Path(out) / 'figures'}/ ({len(rep.figures)} figures), {Path(out) / 'tables'}/ "
               f"({len(rep.tables)} tables), {len(rep.transcripts)} transcript page(s)")


COMMANDS = [report]
