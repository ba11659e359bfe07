"""History: every run record under a results folder, newest first.

Built from the run records on disk and nothing else (no index file to fall out of date). A record
that cannot be read is skipped with a warning naming the file — one damaged run never hides the
others. Folders are searched downwards by the one walker every command uses (lab/records/folders.py:
links followed, each folder once, hidden folders skipped), so sweep layouts
(results/<experiment>/<sweep>/<run>) are found too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean as mean

from lab.errors import LabError
from lab.records.folders import orphan_dirs, record_dirs
from lab.records.lock import is_live
from lab.records.numerics import of_record
from lab.records.record import RUN_FILE, TESTS_FILE, RunRecord, read_record
from lab.records.rounds import code_of, segment_cpus

__all__ = ["Entry", "History", "format_table", "orphan_dirs", "record_dirs", "scan"]


@dataclass
class Entry:
    run_dir: Path
    record: RunRecord

    @property
    def live(self) -> bool:
        """Some process holds the run's lock: it is being written (run or resumed) right now."""
        return is_live(self.run_dir)

    @property
    def state(self) -> str:
        """The status, with `running` split into live and abandoned (killed: resumable)."""
        s = self.record.status
        if s == "running" and not self.live:
            return "abandoned"
        return s

    def sort_key(self) -> tuple[str, str]:
        return (self.record.started_at, self.record.run_id)

    def to_dict(self) -> dict:
        r = self.record
        cfg = r.config or {}
        scores = r.scores
        return {"run_id": r.run_id, "run_dir": str(self.run_dir), "experiment": r.experiment,
                "status": r.status, "state": self.state, "started_at": r.started_at,
                "ended_at": r.ended_at, "fingerprint": r.fingerprint,
                "numerics": of_record(r).id,
                "vocab": (cfg.get("vocab") or {}).get("name"), "model": r.model.get("name"),
                "backend": r.model.get("backend"), "suite": r.suite.get("name"),
                "tests": r.suite.get("tests"), "session": (r.agent or {}).get("session"),
                "repeats_planned": r.planned_repeats, "repeats_complete": len(r.repeats),
                "scores": scores, "mean_score": mean(scores) if scores else None,
                "findings": len(r.findings), "git": r.git or {},
                "git_segments": git_segments(r), "cpus": segment_cpus(r), "error": r.error}


def git_segments(record: RunRecord) -> list[dict]:
    """The commits the run's segments ran at, in order, each once: the start (`record.git`), then
    every resume's (`git` of its event) that differs from the one before."""
    out: list[dict] = []
    for g in [record.git or {}, *(e.get("git") for e in record.events if e.get("resumed"))]:
        if g and g.get("revision") and (not out or (out[-1]["revision"], out[-1].get("dirty"))
                                        != (g["revision"], g.get("dirty"))):
            out.append(dict(g))
    return out


@dataclass
class History:
    entries: list[Entry] = field(default_factory=list)   # newest first
    warnings: list[str] = field(default_factory=list)    # records skipped, and why


def scan(results: Path, *, experiment: str | None = None, fingerprint: str | None = None) -> History:
    """Every readable run under `results`, newest first, filtered by experiment and fingerprint
    (a fingerprint prefix of 6+ characters matches)."""
    h = History()
    results = Path(results)
    for d in record_dirs([results]):
        try:
            rec = read_record(d)
        except LabError as e:
            h.warnings.append(f"skipped {d / RUN_FILE}: {e}")
            continue
        if experiment is not None and rec.experiment != experiment:
            continue
        if fingerprint is not None and not (rec.fingerprint or "").startswith(fingerprint):
            continue
        h.entries.append(Entry(d, rec))
    if results.is_dir():
        for d in orphan_dirs(results):
            h.warnings.append(f"skipped {d}: {TESTS_FILE} without {RUN_FILE} (not a complete run "
                              "record)")
    h.entries.sort(key=Entry.sort_key, reverse=True)
    return h


# -- the table -------------------------------------------------------------------------------------

def format_table(entries: list[Entry]) -> str:
    if not entries:
        return "no runs"
    cols = ["started (UTC)", "run", "experiment", "state", "vocab", "model", "suite", "reps",
            "mean", "min-max", "fingerprint", "numerics", "git"]
    rows = []
    any_later = any_other_code = False
    for e in entries:
        d = e.to_dict()
        scores, n = d["scores"], d["tests"]
        git, segs = d["git"].get("revision"), d["git_segments"]
        later = len({(g["revision"], g.get("dirty")) for g in segs[1:]} - {(git, d["git"].get("dirty"))})
        other_code = len({code_of(g) for g in segs}) > 1    # what a round's commit is (rounds.py)
        any_later, any_other_code = any_later or bool(later), any_other_code or other_code
        rows.append([
            d["started_at"][:19].replace("T", " "), d["run_id"], d["experiment"], d["state"],
            d["vocab"] or "-", d["model"] or "-", d["suite"] or "-",
            f"{d['repeats_complete']}/{d['repeats_planned'] or '?'}",
            f"{d['mean_score']:.1f}/{n}" if scores else "-",
            f"{min(scores)}-{max(scores)}" if scores else "-",
            (d["fingerprint"] or "-")[:12], d["numerics"] or "unknown",
            ((git[:8] + ("*" if d["git"].get("dirty") else "") + (f"+{later}" if later else "")
              + ("!" if other_code else "")) if git else "-"),
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(cols, *rows)]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(r, widths)).rstrip() for r in [cols, *rows]]
    return "\n".join(lines + git_notes(any_later, any_other_code) + numerics_notes(entries)
                     + cpu_notes(entries))


def git_notes(later: bool, other_code: bool) -> list[str]:
    """What the git column's marks mean, when some row has them."""
    notes = ["note: git is the commit a run started at (* uncommitted code); +N: resumed at N other "
             "commits (`--format json`: git_segments)"] if later else []
    if other_code:
        notes.append("note: ! the commits a run ran at hold other code (lab, configs, prompts): its "
                     "repeats are not one round (lab/records/rounds.py; `lab report` shows rounds)")
    return notes


def numerics_notes(entries: list[Entry]) -> list[str]:
    """A note for each fingerprint whose runs computed on more than one numerics (or unknown
    ones): the same inputs, other kernels, so their scores are not one distribution."""
    by_fp: dict[str, set[str]] = {}
    for e in entries:
        if e.record.fingerprint:
            by_fp.setdefault(e.record.fingerprint, set()).add(of_record(e.record).label)
    return [f"note: fingerprint {fp[:12]} ran on {len(ids)} numerics ({', '.join(sorted(ids))}): "
            "other kernels, so not one distribution of scores (docs/numerics.md)"
            for fp, ids in sorted(by_fp.items()) if len(ids) > 1]


def cpu_notes(entries: list[Entry]) -> list[str]:
    """A note for each run whose segments ran on more than one CPU (machines rebuilt between
    sessions keep their host name; lab/records/rounds.py)."""
    notes = []
    for e in entries:
        cpus = segment_cpus(e.record)
        if len(cpus) > 1:
            notes.append(f"note: run {e.record.run_id} ran on {len(cpus)} CPUs ({'; '.join(cpus)}): "
                         "one numerics, the same tokens; other speeds (docs/numerics.md)")
    return notes
