"""`lab power`: how many repeats detect a difference of D points with 80% power, from a pilot
run's observed spread (or from numbers), for the comparison the lab will run (lab/stats/power.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from lab.cli.common import lab_errors


def _floats(text: str, option: str) -> list[float]:
    """Numbers above 0: nan, inf, zero or a negative would make a confident table of nothing."""
    try:
        vals = [float(x) for x in text.split(",") if x.strip()]
    except ValueError:
        vals = []
    if not vals or not all(math.isfinite(v) and v > 0 for v in vals):
        raise click.BadParameter(f"a comma-separated list of numbers above 0, got {text!r}",
                                 param_hint=option)
    return vals


def _check_planned(tests: int, sd: float | None, p_rate: float | None) -> None:
    from lab.errors import InputError
    if tests < 1:
        raise InputError(f"must be at least 1, got {tests}", key="--tests")
    if sd is not None and not (math.isfinite(sd) and sd >= 0):
        raise InputError(f"must be a finite number >= 0, got {sd}", key="--sd")
    if p_rate is not None and not 0 <= p_rate <= 1:       # also false for nan
        raise InputError(f"must be a pass rate between 0 and 1, got {p_rate}", key="--p")


@click.command("power")
@click.argument("pilot", required=False)
@click.argument("cand", required=False)
@click.option("--diff", "diffs", default="3,5,8,12", show_default=True,
              help="Differences to detect, in points (tests passed per repeat).")
@click.option("--repeats", "reps", default="3,5,10,20", show_default=True,
              help="Repeats per arm to show the power at.")
@click.option("--power", "target", default=0.8, show_default=True, type=float)
@click.option("--alpha", default=0.05, show_default=True, type=float)
@click.option("--session", type=click.Choice(["single", "isolated"]), default=None,
              help="Without a pilot: the session mode to plan for (default single).")
@click.option("--tests", type=int, default=70, show_default=True, help="Without a pilot: tests per repeat.")
@click.option("--sd", type=float, default=None, help="Without a pilot, single session: sd of repeat scores.")
@click.option("--p", "p_rate", type=float, default=None,
              help="Without a pilot, isolated: a typical pass rate of a test across repeats.")
@click.option("--results", default="results", type=click.Path(file_okay=False),
              help="Where to look up a pilot given by run id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def power_cmd(pilot: str | None, cand: str | None, diffs: str, reps: str, target: float, alpha: float,
              session: str | None, tests: int, sd: float | None, p_rate: float | None, results: str,
              fmt: str) -> None:
    """Power before the run. PILOT is a run (folder or id) with >= 2 complete repeats: its spread
    (sd of repeat scores in single-session mode; the within-test variance in isolated mode, read
    from its record) decides how many repeats per arm detect each difference. With two runs
    (PILOT CAND, e.g. two cells of a sweep run with the same seeds) it plans from the spread their
    comparison measured — seed coupling included, the same numbers as the report's power lines
    and MDE column; single session: the score part at alpha/2 (issue 24).

    \b
    lab power results/default/<run_id> --diff 3,5,8
    lab power BASE_RUN CAND_RUN                   # from a measured comparison
    lab power --sd 5 --tests 70                   # single session, the source log's spread
    lab power --session isolated --p 0.85 --tests 70
    """
    import numpy as np

    from lab.errors import InputError
    from lab.stats import Spread, power_at, repeats_for

    ds, rs = _floats(diffs, "--diff"), _floats(reps, "--repeats")
    if any(r != int(r) for r in rs):
        raise click.BadParameter(f"whole numbers of repeats, got {reps!r}", param_hint="--repeats")
    rs = [int(r) for r in rs]
    if not 0 < target < 1 or not 0 < alpha < 1:          # also false for nan
        raise InputError("--power and --alpha must be between 0 and 1")
    if pilot and cand:
        from lab.cli.diff import resolve_run
        from lab.comparisons.runs import compare_runs

        rc = compare_runs(resolve_run(pilot, Path(results)), resolve_run(cand, Path(results)),
                          level=1 - alpha, power=target)
        if rc.comparison is None or rc.comparison.sd is None:
            why = rc.why_not or (rc.comparison.note if rc.comparison else None) or "noise unknown"
            raise InputError(f"no spread to plan from: {why}", file=str(cand))
        spread = Spread.of_comparison(rc.comparison)
        alpha = rc.comparison.part_alpha
    elif pilot:
        from lab.cli.diff import resolve_run
        from lab.comparisons.runs import Arm

        arm = Arm.load(resolve_run(pilot, Path(results)))
        every = list(arm.passes.values())
        ids = [t for t in arm.order if all(t in p for p in every)]
        if len(every) < 2 or not ids:
            raise InputError(f"the pilot needs >= 2 complete repeats (it has {len(every)})",
                             file=str(arm.run_dir))
        mode = "isolated" if arm.session == "isolated" else "single"
        m = np.array([[p[t] for t in ids] for p in every], dtype=float)
        spread = Spread.of(m, session=session or mode)
    else:
        _check_planned(tests, sd, p_rate)
        try:
            spread = Spread.planned(session or "single", tests, sd=sd, p=p_rate)
        except ValueError as e:                            # the option it needs is missing
            raise InputError(str(e)) from None
    table = [{"diff": d, "repeats_for_power": repeats_for(spread, d, power=target, alpha=alpha),
              "power": {str(r): power_at(spread, d, r, alpha=alpha) for r in rs}} for d in ds]
    if fmt == "json":
        click.echo(json.dumps({"spread": spread.to_dict(), "power": target, "alpha": alpha,
                               "table": table}, indent=2))
        return
    click.echo(f"power of the lab's comparison (two-sided, alpha {alpha:g}); {spread.describe()}")
    click.echo(f"repeats per arm for {target:.0%} power, and the power at each repeat count:")
    click.echo("")
    click.echo(f"diff (points) | repeats for {target:.0%} | " + " | ".join(f"{r} repeats" for r in rs))
    click.echo("---|---|" + "---|" * len(rs))
    for row in table:
        n = row["repeats_for_power"]
        click.echo(f"{row['diff']:g} | {n if n is not None else '> 1000'} | "
                   + " | ".join(f"{row['power'][str(r)]:.2f}" for r in rs))


COMMANDS = [power_cmd]
