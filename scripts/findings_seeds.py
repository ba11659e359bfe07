"""Seed by seed, two sets of runs of one configuration (or of two believed alike): per seed both
sides completed, the scores, the tests whose assistant turns are identical on both sides (same
tokens), the outcomes that differ, and the round, threads and start of each side's repeat (its
end less its wall time, the lab's round start (lab.records.rounds.capture): for a repeat resumed
after a stop, a time after the stop).

    .venv/bin/python scripts/findings_seeds.py RUN [RUN ...] --vs RUN [RUN ...] [--names A,B]

Used by the A/A' page (scripts/findings_aa.py: arm A against arm A') and by the lexiopt page's
seed check (the committed lexiopt4 repeats against reruns of their seeds on another day and
build). Everything comes from the run records and transcripts through the lab's readers; only
complete repeats count.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.errors import InputError  # noqa: E402
from lab.records.record import read_record, read_transcript, transcript_path  # noqa: E402
from lab.records.rounds import round_labels, rounds_of  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run  # noqa: E402


def assistant_turns(messages) -> list:
    return [(m.get("content"), json.dumps(m.get("tool_calls"), sort_keys=True))
            for m in messages or [] if m.get("role") == "assistant"]


def _by_seed(runs: list[Path]) -> dict:
    """seed -> (run folder, its record, the repeat) over one side's runs."""
    out = {}
    for d in runs:
        rec = read_record(d)
        rounds = rounds_of(rec)
        for r in rec.repeats:
            if r.seed in out:
                raise InputError(f"seed {r.seed} is complete in two runs of one side "
                                 f"({out[r.seed][0]} and {d}): give one", file=str(d))
            out[r.seed] = (d, r, rounds[r.repeat])
    return out


def seed_by_seed(a_runs: list[Path], b_runs: list[Path], names: tuple[str, str] = ("A", "A′")) -> pd.DataFrame:
    a, b = _by_seed(a_runs), _by_seed(b_runs)
    both = sorted(set(a) & set(b))
    labels = round_labels([a[s][2] for s in both] + [b[s][2] for s in both])
    na, nb = names
    rows = []
    for j, s in enumerate(both):
        (da, ra, ia), (db, rb, ib) = a[s], b[s]
        ta = {x.test_id: x for x in read_transcript(transcript_path(da, ra.repeat))[1]}
        tb = {x.test_id: x for x in read_transcript(transcript_path(db, rb.repeat))[1]}
        common = [t for t in ta if t in tb]
        same = sum(assistant_turns(ta[t].messages) == assistant_turns(tb[t].messages) for t in common)
        only_a = [t for t in common if ta[t].passed and not tb[t].passed]
        only_b = [t for t in common if tb[t].passed and not ta[t].passed]
        rows.append({"seed": s, na: ra.score, nb: rb.score, f"diff ({nb} − {na})": rb.score - ra.score,
                     "tests": len(common), "identical assistant turns": same,
                     f"passed in {na} only": " ".join(only_a) or "-", f"passed in {nb} only": " ".join(only_b) or "-",
                     f"round ({na}, {nb})": f"{labels[j]}, {labels[len(both) + j]}",
                     f"threads ({na}, {nb})": f"{ia.n_threads}, {ib.n_threads}",
                     f"started: end − wall ({na}, {nb})": f"{_when(ia)}, {_when(ib)}"})
    return pd.DataFrame(rows)


def _when(info) -> str:
    return info.started_at.strftime("%Y-%m-%d %H:%M") if info.started_at else "?"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", nargs="+", type=Path, help="the first side's run folders")
    ap.add_argument("--vs", nargs="+", type=Path, required=True, help="the other side's run folders")
    ap.add_argument("--names", default="A,B", help="the two sides' names in the table (default A,B)")
    args = ap.parse_args(argv)
    names = tuple(args.names.split(","))
    if len(names) != 2 or not all(names):
        ap.error(f"--names takes two names joined by a comma, not {args.names!r}")
    print(md(seed_by_seed(args.a, args.vs, names), "(no seed complete on both sides)"))


if __name__ == "__main__":
    run(main, __file__)
