"""`lab diff BASE CAND` and `lab diff --fail-on-regression CAND [--baseline RUN]`.

Runs are named by directory (or run.json) or by run id (looked up under --results). The gate's
rule is in lab/comparisons/gate.py: exit 1 when the candidate's mean score is at least --margin points
below the baseline's AND the lab's comparison (the p-value and CI `lab diff` prints) gives
p < --alpha; exit 2 when it
cannot judge (usage error, no baseline, an incomplete or damaged record, named); 0 otherwise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from lab.cli.common import lab_errors
from lab.comparisons.diff import build, format_diff, refusal
from lab.comparisons.gate import (DEFAULT_ALPHA, DEFAULT_MARGIN, EXIT_CANNOT_JUDGE, check_level, gate_runs,
                                  latest_baseline)
from lab.errors import InputError
from lab.records.history import record_dirs
from lab.records.numerics import describe_difference, of_record
from lab.records.record import read_record


def resolve_run(arg: str, results: Path, role: str | None = None) -> Path:
    """A run directory from a path (the folder or its run.json) or a run id (or a unique prefix).
    `role` (BASE, CAND, --baseline) names the argument in the error when it is none of these."""
    p = Path(arg)
    if p.name == "run.json" and p.is_file():
        return p.parent
    if p.is_dir():
        return p
    hits = [d for d in record_dirs([results]) if d.name == arg] or \
           [d for d in record_dirs([results]) if len(arg) >= 6 and d.name.startswith(arg)]
    if len(hits) == 1:
        return hits[0]
    what = f"{role} {arg!r}" if role else repr(arg)
    if hits:
        raise InputError(f"{what}: the run id is ambiguous under {results}: "
                         + ", ".join(str(h) for h in hits))
    if p.exists() and p.is_file():
        why = "a file, not a run directory (or its run.json)"
    elif p.is_dir():
        why = "a folder without run.json"
    else:
        why = f"no such run directory, and no run with that id under {results}"
    raise InputError(f"{what} is wrong: {why}")


@click.command("diff")
@click.argument("runs", nargs=-1, required=True)
@click.option("--fail-on-regression", is_flag=True,
              help="Gate: exit 1 when CAND is worse than the baseline beyond run-to-run noise.")
@click.option("--baseline", default=None, help="The baseline run (default with the gate: the latest "
              "complete run with CAND's fingerprint that started before it).")
@click.option("--alpha", default=DEFAULT_ALPHA, show_default=True, type=float,
              help="Level of the comparison: the CI is 1 - alpha, the gate needs p < alpha.")
@click.option("--margin", default=DEFAULT_MARGIN, show_default=True, type=float,
              help="Minimum drop of the mean score, in points (tests passed per repeat).")
@click.option("--equivalence-margin", "eq_margin", default=3.0, show_default=True, type=float,
              help="Equivalence margin in points: beside a difference not beyond noise, TOST says "
                   "whether it is shown to lie within +-this.")
@click.option("--results", default=None, type=click.Path(file_okay=False),
              help="Where to look up run ids and the baseline (default: the folder holding "
                   "CAND's experiment folder).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def diff_cmd(runs: tuple[str, ...], fail_on_regression: bool, baseline: str | None, alpha: float,
             margin: float, eq_margin: float, results: str | None, fmt: str) -> None:
    """Compare two runs: per-repeat scores, per-category deltas, flipped tests, outcome changes and
    the lab's comparison: mean difference, its (1 - alpha) CI, p-value, effect size and minimum
    detectable effect (the numbers the gate, the sweep summary and the report give), and an exact
    test per flipped test, Holm-adjusted.

    \b
    lab diff BASE CAND
    lab diff --fail-on-regression CAND                # baseline: same fingerprint, latest before
    lab diff --fail-on-regression CAND --baseline RUN
    """
    check_level(alpha, margin)
    if eq_margin <= 0:
        raise click.BadParameter(f"must be > 0 points, got {eq_margin}", param_hint="--equivalence-margin")
    if len(runs) > 2 or (len(runs) == 2 and baseline):
        raise click.UsageError("give BASE CAND, or CAND with --baseline RUN")
    if len(runs) == 1 and not baseline and not fail_on_regression:
        raise click.UsageError("give BASE CAND (or CAND with --baseline RUN or --fail-on-regression)")
    lookup = Path(results) if results else Path("results")
    if len(runs) == 2:                      # the first wrong argument is the one named
        resolve_run(runs[0], lookup, "BASE")
    cand_dir = resolve_run(runs[-1], lookup, "CAND")
    cand = read_record(cand_dir)
    search = Path(results) if results else cand_dir.parent.parent
    base_arg = runs[0] if len(runs) == 2 else baseline
    if base_arg:
        base_dir = resolve_run(base_arg, lookup, "BASE" if len(runs) == 2 else "--baseline")
        base = read_record(base_dir)
    else:
        entry = latest_baseline(search, cand_dir, cand)
        base_dir, base = entry.run_dir, entry.record
    d = build(base_dir, cand_dir, level=1 - alpha, base=base, cand=cand, margin=eq_margin)
    why = refusal(d)
    if why:
        raise InputError(f"{why} [base {base_dir}, cand {cand_dir}]")
    verdict = gate_runs(base, cand, base_dir, cand_dir, alpha=alpha, margin=margin,
                        eq_margin=eq_margin) \
        if fail_on_regression else None
    if fmt == "json":
        data = d.to_dict()
        if verdict is not None:
            c = verdict.comparison
            data["gate"] = {"exit_code": verdict.code, "message": verdict.message, "p": verdict.p,
                            "ci": list(c.ci) if c is not None and c.ci else None,
                            "alpha": alpha, "margin": margin}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo(format_diff(d))
    if verdict is not None:
        click.echo(("error: " if verdict.code == EXIT_CANNOT_JUDGE else "")
                   + f"{verdict.message} [baseline {base_dir}]", err=True)
        note = describe_difference(of_record(base), of_record(cand))
        if note:
            click.echo(f"note: {note}: the gate's difference includes the machines' arithmetic",
                       err=True)
        sys.exit(verdict.code)


COMMANDS = [diff_cmd]
