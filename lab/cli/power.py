"""`lab power`: how many repeats detect a difference of D points with 80% power, from a pilot
run's observed spread (or from numbers), for the comparison the lab will run (lab/stats/power.py)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import click
import numpy as np

from lab.cli.common import lab_errors
from lab.cli.diff import resolve_run
from lab.comparisons.runs import Arm, compare_runs
from lab.errors import InputError
from lab.stats import Spread, repeats_for
from lab.stats.collapse_power import collapse_power, collapse_repeats_for, default_pairs, min_p, rate
from lab.stats.power import power_launched


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
@click.option("--collapse", "collapse_pairs", default=None,
              help="Single session: collapse rates to tell apart, BASE:CAND[,...] (e.g. 1/12:3/12), "
                   "by the two-part analysis' exact test at alpha/2. From two runs: default twice "
                   "and three times their measured rate.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def power_cmd(pilot: str | None, cand: str | None, diffs: str, reps: str, target: float, alpha: float,
              session: str | None, tests: int, sd: float | None, p_rate: float | None, results: str,
              collapse_pairs: str | None, fmt: str) -> None:
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
    lab power --collapse 1/12:3/12                # the collapse part alone (Fisher at alpha/2)

    In a single session compared in two parts (two runs with the copy-cascade record) the repeats
    are launched repeats: the score part's power counts on losing the measured share of collapses,
    and a second table gives the collapse part's exact power (Fisher's test at alpha/2).
    """
    ds, rs = _floats(diffs, "--diff"), _floats(reps, "--repeats")
    if any(r != int(r) for r in rs):
        raise click.BadParameter(f"whole numbers of repeats, got {reps!r}", param_hint="--repeats")
    rs = [int(r) for r in rs]
    if not 0 < target < 1 or not 0 < alpha < 1:          # also false for nan
        raise InputError("--power and --alpha must be between 0 and 1")
    if (sd is not None or p_rate is not None) and pilot:
        raise InputError("--sd and --p plan without a pilot; with a pilot its own spread is used "
                         "(drop them, or drop the pilot)", key="--sd" if sd is not None else "--p")
    if sd is not None and p_rate is not None:
        raise InputError("give --sd (single session: sd of repeat scores) or --p (isolated: a "
                         "typical pass rate), not both: each plans a different session mode",
                         key="--p")
    if sd is not None and session == "isolated":
        raise InputError("--sd plans a single session; isolated plans from --p", key="--sd")
    if p_rate is not None and session == "single":
        raise InputError("--p plans isolated sessions; a single session plans from --sd", key="--p")
    if p_rate is not None and session is None:
        session = "isolated"                # --p is the isolated plan's number
    pairs = _collapse_pairs(collapse_pairs) if collapse_pairs else None
    if pairs is not None and pilot is None and sd is None and p_rate is None:
        _collapse_only(pairs, rs, target, alpha / 2, fmt)      # alpha of the part: alpha / 2
        return
    if pilot and cand:
        rc = compare_runs(resolve_run(pilot, Path(results)), resolve_run(cand, Path(results)),
                          level=1 - alpha, power=target)
        if rc.comparison is None or rc.comparison.sd is None:
            why = rc.why_not or (rc.comparison.note if rc.comparison else None) or "noise unknown"
            raise InputError(f"no spread to plan from: {why}", file=str(cand))
        try:
            spread = Spread.of_comparison(rc.comparison)
        except ValueError as e:
            raise InputError(f"no spread to plan from: {e}", file=str(cand)) from None
        alpha = rc.comparison.part_alpha
    elif pilot:
        arm = Arm.load(resolve_run(pilot, Path(results)))
        every = list(arm.passes.values())
        ids = [t for t in arm.order if all(t in p for p in every)]
        if len(every) < 2 or not ids:
            raise InputError(f"the pilot needs >= 2 complete repeats (it has {len(every)})",
                             file=str(arm.run_dir))
        mode = "isolated" if arm.session == "isolated" else "single"
        keys = sorted(arm.passes)
        m = np.array([[arm.passes[k][t] for t in ids] for k in keys], dtype=float)
        flags = [bool(arm.collapsed.get(k)) for k in keys]
        if (session or mode) == "single" and mode == "single":
            # the lab compares single sessions in two parts at alpha/2 each (lab diff, the
            # report): the score part's spread is that of the repeats that did not collapse
            work = m[[not f for f in flags]]
            if len(work) < 2:
                raise InputError(f"the pilot needs >= 2 repeats that did not collapse (it has "
                                 f"{len(work)})", file=str(arm.run_dir))
            spread = replace(Spread.of(work, session="single"),
                             collapse_rate=sum(flags) / len(flags))
            alpha = alpha / 2
        else:
            spread = Spread.of(m, session=session or mode)
    else:
        _check_planned(tests, sd, p_rate)
        try:
            spread = Spread.planned(session or "single", tests, sd=sd, p=p_rate)
        except ValueError as e:                            # the option it needs is missing
            raise InputError(str(e)) from None
        if pairs and spread.session == "single":
            # planning both parts: each at alpha/2, the score part losing the base collapse rate
            spread, alpha = replace(spread, collapse_rate=pairs[0][0]), alpha / 2
    if pilot and _no_spread(spread):
        raise InputError("the pilot has no run-to-run spread: every repeat passed exactly the same "
                         "tests (a deterministic backend, e.g. model=tool_follower, or seeds that "
                         "change nothing), so there is no noise to plan repeats from — one repeat "
                         "measures such a configuration; plan a real model from a pilot of it",
                         file=str(cand or pilot))
    if pairs and spread.session != "single":
        raise InputError("collapses are a single-session part: isolated runs have none",
                         key="--collapse")
    table = [{"diff": d, "repeats_for_power": repeats_for(spread, d, power=target, alpha=alpha),
              "power": {str(r): power_launched(spread, d, r, alpha=alpha) for r in rs}} for d in ds]
    if pairs is None and spread.collapse_rate:
        pairs = default_pairs(spread.collapse_rate)
    two_part = spread.session == "single" and (spread.collapse_rate is not None or pairs)
    ctable = _collapse_table(pairs or [], rs, target, alpha) if two_part else []
    if fmt == "json":
        click.echo(json.dumps({"spread": spread.to_dict(), "power": target, "alpha": alpha,
                               "table": table, "collapse": ctable}, indent=2))
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
    if two_part:
        click.echo("")
        if ctable:
            _echo_collapse(ctable, rs, target, alpha)
        else:
            click.echo("collapse part: no repeat collapsed in these runs; give rates to plan for "
                       "with --collapse BASE:CAND (e.g. 1/12:3/12)")


def _no_spread(spread: Spread) -> bool:
    if spread.session == "single":
        return not spread.sd_repeat
    return not (spread.sd_diff if spread.sd_diff is not None else spread.within_var)


def _collapse_pairs(text: str) -> list[tuple[float, float]]:
    out = []
    for item in (x for x in text.split(",") if x.strip()):
        if item.count(":") != 1:
            raise click.BadParameter(f"BASE:CAND rates, e.g. 1/12:3/12, got {item!r}",
                                     param_hint="--collapse")
        try:
            a, b = (rate(x) for x in item.split(":"))
        except ValueError as e:
            raise click.BadParameter(str(e), param_hint="--collapse") from None
        if a == b:
            raise click.BadParameter(f"equal rates have nothing to detect: {item!r}",
                                     param_hint="--collapse")
        out.append((a, b))
    if not out:
        raise click.BadParameter(f"BASE:CAND rates, e.g. 1/12:3/12, got {text!r}",
                                 param_hint="--collapse")
    return out


def _collapse_table(pairs, rs, target: float, alpha: float) -> list[dict]:
    """alpha: the part's (alpha / 2 of the comparison)."""
    return [{"rate_base": a, "rate_cand": b, "alpha": alpha,
             "repeats_for_power": collapse_repeats_for(a, b, power=target, alpha=alpha),
             "power": {str(r): collapse_power(a, b, r, alpha=alpha) for r in rs},
             "min_p": {str(r): min_p(r, r) for r in rs}} for a, b in pairs]


def _echo_collapse(ctable: list[dict], rs, target: float, alpha: float) -> None:
    click.echo(f"collapse part (Fisher's exact test, two-sided, alpha {alpha:g}; exact power over "
               f"every outcome): repeats per arm for {target:.0%} power, and the power at each "
               "repeat count:")
    click.echo("")
    click.echo(f"collapse rate base -> cand | repeats for {target:.0%} | "
               + " | ".join(f"{r} repeats" for r in rs))
    click.echo("---|---|" + "---|" * len(rs))
    for row in ctable:
        n = row["repeats_for_power"]
        click.echo(f"{row['rate_base']:.3g} -> {row['rate_cand']:.3g} | "
                   f"{n if n is not None else '> 1000'} | "
                   + " | ".join(f"{row['power'][str(r)]:.2f}" for r in rs))
    never = [r for r in rs if ctable[0]["min_p"][str(r)] >= alpha]
    if never:
        click.echo(f"at {', '.join(map(str, never))} repeats per arm no collapse difference can "
                   f"reject (the smallest attainable p is above {alpha:g})")


def _collapse_only(pairs, rs, target: float, alpha: float, fmt: str) -> None:
    ctable = _collapse_table(pairs, rs, target, alpha)
    if fmt == "json":
        click.echo(json.dumps({"power": target, "alpha": alpha * 2, "table": [],
                               "collapse": ctable}, indent=2))
        return
    _echo_collapse(ctable, rs, target, alpha)


COMMANDS = [power_cmd]
