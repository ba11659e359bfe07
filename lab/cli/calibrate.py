"""`lab calibrate [OVERRIDES] --pairs N [--repeats R] [--alpha 0.05] [--dry-run]`: the A/A test
of the lab's comparison (lab/runner/calibrating.py). Exit 0 when it ran, whatever the rate (a rate is a
measurement, not a verdict); 2 on a usage or input error."""

from __future__ import annotations

import json
import sys

import click

from lab.cli.common import compose_cfg, lab_errors


@click.command("calibrate")
@click.argument("overrides", nargs=-1)
@click.option("--pairs", default=10, show_default=True, type=int,
              help="A/A comparisons: each pair is R repeats of arm A against R of arm B.")
@click.option("--repeats", default=1, show_default=True, type=int,
              help="Repeats of each arm in one pair (single session needs >= 2).")
@click.option("--alpha", default=0.05, show_default=True, type=float,
              help="A pair is called different when the comparison's p < alpha.")
@click.option("--twin", "twin", multiple=True, metavar="OVERRIDE",
              help="A/A': arm B is the configuration plus this override (repeatable), a change "
                   "believed neutral (e.g. prompt=answer_line_twin); both arms run the same seeds.")
@click.option("--schedule", type=click.Choice(["interleaved", "arms"]), default=None,
              help="The order the repeats run: interleaved (A k, B k, ...; the default with --twin) "
                   "or arms (all of A, then all of B; the default without).")
@click.option("--dry-run", is_flag=True, help="Check every input and print the plan; run nothing.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def calibrate_cmd(overrides: tuple[str, ...], pairs: int, repeats: int, alpha: float,
                  twin: tuple[str, ...], schedule: str | None, dry_run: bool, fmt: str) -> None:
    """Run one configuration (Hydra OVERRIDES, as `lab run` takes them) as two arms with disjoint
    seeds and report how often the lab's comparison calls them different at alpha, with a
    Clopper-Pearson interval on that rate. Both arms are ordinary runs under
    results/<experiment>/; the calibration record goes to results/<experiment>/.calibrations/.

    \b
    lab calibrate agent.session=isolated suite.limit=12 --pairs 10      # 10 + 10 repeats
    lab calibrate suite.limit=12 --pairs 10 --repeats 3                 # single session
    lab calibrate agent.session=isolated --twin prompt=answer_line_twin --pairs 10 --repeats 2
    """
    # the runner loads when a command runs (~0.1 s with the agent loop), not for `lab --help`
    from lab.runner.calibrating import calibrate, check_twin, format_calibration, plan

    cfg = compose_cfg(overrides)
    twin_cfg = compose_cfg(overrides + twin) if twin else None
    if dry_run:
        from lab.runner import prepare  # (the same)
        p = plan(cfg, pairs=pairs, repeats=repeats, twin_cfg=twin_cfg, twin=twin, schedule=schedule)
        prepared = prepare(p.cfg_a)        # every input checked; a llama.cpp file is hashed, not loaded
        try:
            twin_fp = check_twin(p, prepared.fingerprint.value) if twin_cfg is not None else None
            tests = len(prepared.suite.tests)
            info = {"model": p.model, "backend": prepared.model_raw["backend"], "session": p.session,
                    "tests": tests, "pairs": pairs, "repeats_per_arm_per_pair": repeats,
                    "seeds_a": [p.seeds_a[0], p.seeds_a[-1]], "seeds_b": [p.seeds_b[0], p.seeds_b[-1]],
                    "test_attempts": 2 * pairs * repeats * tests,
                    "fingerprint": prepared.fingerprint.value, "twin": list(twin),
                    "twin_fingerprint": twin_fp, "schedule": p.schedule}
        finally:
            prepared.close()
        if fmt == "json":
            click.echo(json.dumps(info, indent=2))
        else:
            click.echo(f"plan: {info['model']} ({info['backend']}), session {p.session}, {tests} tests; "
                       f"arm A seeds {p.seeds_a[0]}..{p.seeds_a[-1]}, arm B seeds {p.seeds_b[0]}.."
                       f"{p.seeds_b[-1]}; {pairs} pairs of {repeats} + {repeats} repeats = "
                       f"{info['test_attempts']} test attempts; fingerprint {info['fingerprint'][:12]}"
                       + (f"; A' ({' '.join(twin)}) fingerprint {twin_fp[:12]}, the same seeds, "
                          f"schedule {p.schedule}" if twin_fp else ""))
        return
    folder, rec = calibrate(cfg, pairs=pairs, repeats=repeats, alpha=alpha,
                            out=sys.stderr if fmt == "json" else None, twin_cfg=twin_cfg, twin=twin,
                            schedule=schedule)
    if fmt == "json":
        click.echo(json.dumps({"calibration_dir": str(folder), **rec.to_dict()}, indent=2))
    else:
        click.echo(format_calibration(rec))
        click.echo(f"\nrecorded: {folder}")


COMMANDS = [calibrate_cmd]
