"""`lab reproduce RUN [--tests N] [--repeat K] [--keep DIR] [--format text|json] [OVERRIDES...]`:
rerun a recorded run's first tests on this machine and compare the transcripts token for token
(lab/runner/reproducing.py). Exit 0 identical, 1 diverged, 2 usage or input error."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from lab.cli.common import lab_errors
from lab.cli.diff import resolve_run

if TYPE_CHECKING:
    from lab.runner.reproducing import Reproduction

EXIT_IDENTICAL, EXIT_DIVERGED = 0, 1
#: not identical, but nothing diverged: a test was cut by its time limit on one side
EXIT_CUT = 3


@click.command("reproduce")
@click.argument("run")
@click.argument("overrides", nargs=-1)
@click.option("--tests", "n_tests", default=3, show_default=True, type=click.IntRange(min=1),
              help="Rerun the first N tests of the suite, in the run's order.")
@click.option("--repeat", default=0, show_default=True, type=click.IntRange(min=0),
              help="The recorded repeat to reproduce (its seed: the run's seed + K).")
@click.option("--keep", default=None, type=click.Path(file_okay=False),
              help="Keep the rerun as results under DIR (default: a temporary folder, deleted).")
@click.option("--results", default="results", show_default=True, type=click.Path(file_okay=False),
              help="Where to look up a run id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lab_errors
def reproduce_cmd(run: str, overrides: tuple[str, ...], n_tests: int, repeat: int, keep: str | None,
                  results: str, fmt: str) -> None:
    """Rerun a recorded run's first tests on this machine and compare the transcripts token for
    token.

    RUN is a run directory, its run.json, or a run id. The first N tests run again with the
    config RUN recorded, seeded as repeat K was, and the new transcript is compared with the
    recorded one message for message: the first divergence (test, assistant turn, token, both
    texts), the fingerprints (the lab's inputs) and the numerics (how each machine computed) of
    both sides, and what that means.

    OVERRIDES are dotted key=value settings applied to the recorded config (model.n_threads=1),
    to measure what one setting changes token for token; +key=value adds a key the record lacks.
    A group override (model=x) is refused: that is another experiment, for `lab run`.

    \b
    Exit codes:
      0  identical: every message of the N tests the same
      1  diverged (the first divergence is shown)
      2  usage or input error: no such run or repeat, a repeat with fewer than N tests or an
         incomplete one, a group override or an unknown key
      3  cut, not diverged: a test ran out of agent.time_limit_s on one side (a machine of
         another speed) with the same tokens up to the cut, and nothing else differs
    """
    # the runner loads when a command runs (~0.1 s with the agent loop), not for `lab --help`
    from lab.runner.reproducing import reproduce

    r = reproduce(resolve_run(run, Path(results)), tests=n_tests, repeat=repeat,
                  overrides=overrides, keep=Path(keep) if keep else None, out=sys.stderr)
    if fmt == "json":
        click.echo(json.dumps(r.to_dict(), indent=2, ensure_ascii=False))
    else:
        click.echo(format_reproduction(r))
    c = r.comparison
    sys.exit(EXIT_IDENTICAL if c.identical else
             EXIT_CUT if c.cut and (c.divergence is None or c.divergence.kind == "cut") else EXIT_DIVERGED)


def format_reproduction(r: Reproduction) -> str:
    c = r.comparison
    lines = [verdict(r)]
    if c.divergence is not None and c.divergence.token is not None:
        lines.append(f"  (token {c.divergence.token}: the first differing token by re-tokenizing "
                     "both texts with the model's tokenizer)")
    if r.fingerprint is None:
        lines.append(f"fingerprint: unknown for the record (written before schema 2); now "
                     f"{r.fingerprint_now.short}")
    elif r.fingerprint_same:
        lines.append(f"fingerprint: same ({r.fingerprint_now.short})")
    else:
        lines.append(f"fingerprint: recorded {r.fingerprint.short}, now {r.fingerprint_now.short}: "
                     "the lab's inputs or code changed, not the machine:")
        lines += [f"  {d}" for d in r.fingerprint_differences]
    recorded_code, code_now = r.code
    if recorded_code and code_now and recorded_code != code_now:
        lines.append(f"lab code: git {recorded_code[:10]} -> {code_now[:10]} (not in the fingerprint)")
    lines.append(r.numerics_note or f"numerics: same ({r.numerics_now.label})")
    lines.append(f"diagnosis: {r.diagnosis}")
    lines.append(f"run: {r.run_dir}")
    lines.append(f"rerun: {r.rerun_dir}" + ("" if r.kept else " (deleted)"))
    lines.append("")
    lines.append("tests (outcome and answer, recorded -> now):")
    width = max((len(row.test_id) for row in c.rows), default=0)
    for row in c.rows:
        answer = str(row.answer) if row.answer == row.now_answer else f"{row.answer} -> {row.now_answer}"
        lines.append(f"  {row.test_id:<{width}}  {row.outcome or '-'} -> {row.now_outcome or '-'}  "
                     f"{'identical' if row.identical else 'CUT      ' if row.cut else 'DIFFERS  '}  {answer}")
    return "\n".join(lines)


def verdict(r: Reproduction) -> str:
    """The first line: REPRODUCED with what was compared, or DIVERGED with where."""
    c, d = r.comparison, r.comparison.divergence
    if d is None and c.cut:
        return (f"CUT BY THE TIME LIMIT at {', '.join(c.cut)}, nothing else differs (repeat {r.repeat}, "
                f"seed {r.seed}): {c.tests} tests, {c.assistant_turns} assistant turns")
    if d is not None and d.kind == "cut":
        return (f"CUT BY THE TIME LIMIT at {d.test_id}, assistant turn {d.turn}: the same tokens up to "
                f"the cut (char {d.char}); the rest of the session is not comparable")
    if d is None:
        ids = [row.test_id for row in c.rows]
        span = ids[0] if len(ids) == 1 else f"{ids[0]}..{ids[-1]}"
        return (f"REPRODUCED: {span} identical (repeat {r.repeat}, seed {r.seed}): {c.tests} tests, "
                f"{c.assistant_turns} assistant turns")
    if d.kind == "test":
        return (f"DIVERGED at {d.test_id}: recorded test {d.recorded or '(none)'} | now "
                f"{d.now or '(no such test)'}")
    if d.kind == "outcome":
        return f"DIVERGED at {d.test_id}: the same messages, graded otherwise: recorded {d.recorded} | now {d.now}"
    if d.role == "assistant":
        place = f"assistant turn {d.turn}"
    elif d.role == "tool":
        place = f"tool result ({d.tool}) of assistant turn {d.turn}"
    else:
        place = f"{d.role} message {d.message_index}"
    if d.kind == "content":
        place += f", token {d.token} (char {d.char})" if d.token is not None else f", char {d.char}"
    show = lambda t, none: none if t is None else f'"{t}"'  # noqa: E731
    return (f"DIVERGED at {d.test_id}, {place}: recorded {show(d.recorded, '(no such message)')} | "
            f"now {show(d.now, '(no such message)')}")


COMMANDS = [reproduce_cmd]
