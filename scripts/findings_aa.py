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

    .venv/bin/python scripts/findings_aa.py FOLDER --summary

prints only the judgement, one table row from the record (pairs judged, the false-"different" rate
with its CI, E[z²] with its chi-square p, KS p, the seed-matched re-splits): docs/statistics.md
carries it, so the numbers there are the record's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.records.record import read_record  # noqa: E402
from lab.runner.calibrating import CALIBRATIONS, read_calibration  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run  # noqa: E402
from findings_seeds import seed_by_seed  # noqa: E402


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
        return seed_by_seed([self.dirs["a"]], [self.dirs["b"]], ("A", "A′"))

    def judgement(self) -> pd.DataFrame:
        c = self.cal
        sp, rs = c.spread or {}, c.resamples or {}
        ran = c.pairs if c.pairs_done is None else c.pairs_done     # None: every pair
        done = "" if ran >= c.pairs else f" (incomplete: {ran} of {c.pairs} pairs ran)"
        return pd.DataFrame([{
            "calibration": f"real model, A/A′ ({c.experiment}){done}",
            "pairs judged": c.judged,
            'false "different" (95% CI)': f"{c.different}/{c.judged} = {_pct(c.rate)} "
                                          f"({_pct(c.ci_low)} – {_pct(c.ci_high)})",
            "E[z²] (chi-square p)": _num(sp.get("ez2"), sp.get("chi2_p")),
            "KS p": _fmt(sp.get("ks_p")),
            "re-splits: rate (5–95%), E[z²]": (
                f"{_pct(rs['rate_mean'])} ({_pct(rs['rate_p05'])} – {_pct(rs['rate_p95'])}), "
                f"{rs['ez2_mean']:.2f}" if rs else "-")}])

    def summary(self) -> str:
        md_file = self.folder / "calibration.md"
        return md_file.read_text(encoding="utf-8").strip() if md_file.is_file() else "(no calibration.md)"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="the calibration's experiment folder (run.experiment)")
    ap.add_argument("--level", type=int, default=2, choices=range(1, 6),
                    help="heading level of the sections (the page that includes them: 3); the "
                         "record's own headings go below its section's")
    ap.add_argument("--summary", action="store_true",
                    help="only the judgement: one table row from the record (docs/statistics.md)")
    args = ap.parse_args(argv)
    f = AA(args.folder)
    if args.summary:
        print(md(f.judgement()))
        return
    h = "#" * args.level
    print(f"{h} The arms\n\n" + md(f.arms()))
    print(f"\n{h} Seed by seed\n\n" + md(f.seeds(), "(no seed complete in both arms)"))
    print(f"\n{h} The calibration record\n\n" + demote(f.summary(), args.level))


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _fmt(x) -> str:
    return "-" if x is None else f"{x:.2g}"


def _num(x, p) -> str:
    return "-" if x is None else f"{x:.2f} ({_fmt(p)})"


def demote(text: str, level: int) -> str:
    """The record's Markdown with every heading moved below a section of `level`: its title (#)
    becomes level + 1, its subsections follow."""
    return "\n".join("#" * level + line if line.startswith("#") else line for line in text.splitlines())


if __name__ == "__main__":
    run(main, __file__)
