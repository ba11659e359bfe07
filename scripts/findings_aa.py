"""The tables of docs/findings/qwen2.5-coder-1.5b-aa.md, printed as Markdown from the A/A'
calibration's folder.

    .venv/bin/python scripts/findings_aa.py docs/findings/qwen2.5-coder-1.5b-aa/aa-twin-70 --level 3

The arms are the two runs the calibration record names (`.calibrations/twin-*/calibration.json`,
written by `lab calibrate --twin` after every complete pair): arm A and arm A' (the twin). Per arm:
fingerprint, prompt, status, the seeds of its complete repeats and their scores. Per seed both arms
completed: the scores, the tests whose assistant turns are identical in both arms (the arms'
coupling through the seed), the tests whose outcome differs (passed in A only, in A' only), and the
round each repeat ran in (code, threads, host; lab/records/rounds.py). Then the record's own
summary (its calibration.md). Everything comes from the run records and transcripts through the
lab's readers; nothing is typed in. Only complete repeats count.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.records.record import read_record, read_transcript, transcript_path  # noqa: E402
from lab.records.rounds import round_labels, rounds_of  # noqa: E402
from lab.runner.calibrating import CALIBRATIONS, read_calibration  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run  # noqa: E402


def _assistant_turns(messages) -> list:
    return [(m.get("content"), json.dumps(m.get("tool_calls"), sort_keys=True))
            for m in messages or [] if m.get("role") == "assistant"]


class AA:
    def __init__(self, folder: Path):
        records = sorted(Path(folder).glob(f"{CALIBRATIONS}/twin-*/calibration.json"))
        if not records:
            raise SystemExit(f"{folder}: no A/A' calibration record ({CALIBRATIONS}/twin-*/calibration.json): "
                             "one is written after the first complete pair")
        if len(records) > 1:
            raise SystemExit(f"{folder}: {len(records)} A/A' calibration records; give the folder of one")
        self.folder = records[0].parent
        self.cal = read_calibration(self.folder)
        self.dirs = {k: self._run_dir(Path(folder), v["run_dir"]) for k, v in self.cal.arms.items()}
        self.recs = {k: read_record(d) for k, d in self.dirs.items()}

    @staticmethod
    def _run_dir(folder: Path, recorded: str) -> Path:
        """The run folder the record names, found beside the record when the record was written
        from another checkout (its path is relative to where `lab calibrate` ran)."""
        p = Path(recorded)
        return p if (p / "run.json").is_file() else folder / p.name

    def arms(self) -> pd.DataFrame:
        rows = []
        for k, rec in self.recs.items():
            reps = sorted(rec.repeats, key=lambda r: r.repeat)
            rows.append({"arm": "A" if k == "a" else "A′", "fingerprint": (rec.fingerprint or "")[:12],
                         "prompt": ((rec.config or {}).get("prompt") or {}).get("name"),
                         "run": self.dirs[k].name, "status": rec.status,
                         "seeds complete": " ".join(str(r.seed) for r in reps) or "none",
                         "scores": " ".join(f"{r.score}/{r.n}" for r in reps) or "-"})
        return pd.DataFrame(rows)

    def seeds(self) -> pd.DataFrame:
        a, b = self.recs["a"], self.recs["b"]
        ra, rb = {r.seed: r for r in a.repeats}, {r.seed: r for r in b.repeats}
        both = sorted(set(ra) & set(rb))
        ia, ib = rounds_of(a), rounds_of(b)
        infos = [ia[ra[s].repeat] for s in both] + [ib[rb[s].repeat] for s in both]
        labels = round_labels(infos)
        rows = []
        for j, s in enumerate(both):
            ta = {x.test_id: x for x in read_transcript(transcript_path(self.dirs["a"], ra[s].repeat))[1]}
            tb = {x.test_id: x for x in read_transcript(transcript_path(self.dirs["b"], rb[s].repeat))[1]}
            common = [t for t in ta if t in tb]
            same = sum(_assistant_turns(ta[t].messages) == _assistant_turns(tb[t].messages) for t in common)
            only_a = [t for t in common if ta[t].passed and not tb[t].passed]
            only_b = [t for t in common if tb[t].passed and not ta[t].passed]
            r_a, r_b = infos[j], infos[len(both) + j]
            rows.append({"seed": s, "A": ra[s].score, "A′": rb[s].score, "diff (A′ − A)": rb[s].score - ra[s].score,
                         "tests": len(common), "identical assistant turns": same,
                         "passed in A only": " ".join(only_a) or "-", "passed in A′ only": " ".join(only_b) or "-",
                         "round (A, A′)": f"{labels[j]}, {labels[len(both) + j]}",
                         "threads (A, A′)": f"{r_a.n_threads}, {r_b.n_threads}",
                         "started (A)": r_a.started_at.strftime("%Y-%m-%d %H:%M") if r_a.started_at else "?"})
        return pd.DataFrame(rows)

    def summary(self) -> str:
        md_file = self.folder / "calibration.md"
        return md_file.read_text(encoding="utf-8").strip() if md_file.is_file() else "(no calibration.md)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="the calibration's experiment folder (run.experiment)")
    ap.add_argument("--level", type=int, default=2, choices=range(1, 6),
                    help="heading level of the sections (the page that includes them: 3); the "
                         "record's own headings go below its section's")
    args = ap.parse_args(argv)
    f = AA(args.folder)
    h = "#" * args.level
    print(f"{h} The arms\n\n" + md(f.arms()))
    print(f"\n{h} Seed by seed\n\n" + md(f.seeds(), "(no seed complete in both arms)"))
    print(f"\n{h} The calibration record\n\n" + demote(f.summary(), args.level))


def demote(text: str, level: int) -> str:
    """The record's Markdown with every heading moved below a section of `level`: its title (#)
    becomes level + 1, its subsections follow."""
    return "\n".join("#" * level + line if line.startswith("#") else line for line in text.splitlines())


if __name__ == "__main__":
    run(main, __file__)
