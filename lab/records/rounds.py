"""Rounds: the conditions a repeat ran under that its seed does not explain (issue 24, finding 1).

Each turn's seed is a hash of (seed, test, turn), so a seed alone cannot move every test of a
repeat; what can is the round it ran in: the lab's commit, the model's threads, the machine and how
busy it was, and when. The committed lexiopt sweep shows it: its third isolated round ran from
another commit with `model.n_threads=1` on a busy machine and scored ~+7 in every cell.

A repeat's round is read from its record:
- records from this version on keep `round` per repeat (`capture`: when the repeat started, the
  host, the process, the 1-minute load average per CPU at the repeat's end); the commit and the
  threads come from the run segment (the first start or a resume event) that ran the repeat — the
  commit as its code id where recorded (lab.records.provenance.git_info: commits that only add
  results or docs are the same code), else its revision;
- older records: the repeat's segment from the record's events (a resume lists the repeats it
  kept, so the repeat ran in the last segment that had not yet kept it), its start time from that
  segment's start plus the wall time of the segment's earlier repeats; load unknown.

Two repeats are in the same round when they ran the same code with the same threads on the same
host and numerics (the llama.cpp level's id), on the same CPU where both say which (a repeat whose
CPU is not recorded joins its group's one recorded CPU, or is a round of its own when the group
names several): the round term of a comparison enters only when rounds differ in code, numerics
or machine (issue 59, part 2), and `split_by` says which of them did. Time alone no longer splits:
under one numerics id the same fingerprint and seed give the same tokens whenever they run (the
lab's seed check; docs/numerics.md), and a sweep stopped overnight and resumed from the same code
on the same machine is one round, as is an interleaved sweep run in chunks. Before, start times
further apart than an hour began a new round, which cut one-round designs into rounds nothing
distinguished and let the two-way analysis spend degrees of freedom on them (`window_s` keeps
that old rule for a reader who wants it). The machine's load is recorded and shown (`busy`: load
per CPU >= BUSY_LOAD) but does not split rounds: load can act on outcomes only through the time
limit, whose hits are labelled `timeout`.

The CPU a repeat ran on (`cpu`, the model name) is recorded and shown, and splits rounds where
both repeats record it: both levels' tokens agree across Intel and AMD on their references
(docs/numerics.md), but a machine rebuilt between working sessions keeps its host name, so
without it a repeat's machine is not visible at all, and a reference is a sample, not a proof. Each run segment's event records its
CPU (since 2026-12-05); a first segment from before that has the run's numerics record's CPU (taken
at the first start); a resumed one from before that has none (None: not recorded).
"""

from __future__ import annotations

import os
import socket
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

#: the old rule's gap (`round_labels(window_s=WINDOW_S)`): start times further apart were rounds
WINDOW_S = 3600.0
#: 1-minute load average per CPU from which a machine counts as busy (the lab's own run is ~1)
BUSY_LOAD = 1.5


@dataclass(frozen=True)
class RoundInfo:
    commit: str | None
    n_threads: int | str | None       # "default": the cores the process may use
    host: str | None
    started_at: datetime | None
    load_per_cpu: float | None
    source: str                       # recorded | events | unknown
    cpu: str | None = None            # the CPU's model name; None: not recorded
    numerics: str | None = None       # the run's numerics id (lab/records/numerics.py); None: unknown

    @property
    def busy(self) -> bool | None:
        return None if self.load_per_cpu is None else self.load_per_cpu >= BUSY_LOAD

    @property
    def conditions(self) -> tuple:
        """What must agree for one round (besides the CPU, which `round_labels` matches apart)."""
        return (self.commit, self.n_threads, self.host, self.numerics)

    @property
    def known(self) -> bool:
        return self.started_at is not None and self.commit is not None


UNKNOWN = RoundInfo(None, None, None, None, None, "unknown")


def _cpu(record, seg: dict) -> str | None:
    """The CPU a segment ran on: its event's `cpu`; for a first segment that does not say, the
    run's numerics record's (taken at the first start); else not recorded."""
    if seg.get("cpu"):
        return str(seg["cpu"])
    if seg is _segments(record)[0] or seg.get("at") == record.started_at:
        cpu = ((record.numerics or {}).get("info") or {}).get("cpu") or {}
        return cpu.get("model") if isinstance(cpu, dict) else None
    return None


def capture(wall_s: float) -> dict:
    """The round of a repeat that just finished (its RepeatSummary's `round`)."""
    start = datetime.now(timezone.utc) - timedelta(seconds=max(float(wall_s), 0.0))
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:                   # no load average on this platform
        load = None
    return {"started_at": start.isoformat(timespec="seconds"), "host": socket.gethostname(),
            "pid": os.getpid(), "load_per_cpu": None if load is None else round(load, 3)}


def _time(s) -> datetime | None:
    try:
        t = datetime.fromisoformat(str(s))
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def _segments(record) -> list[dict]:
    """The run segments: the first start and every resume (events with status running)."""
    segs = [e for e in (record.events or []) if isinstance(e, dict) and e.get("status") == "running"]
    return segs or [{"at": record.started_at}]


def _segment_of(record, k: int, pid=None, host=None, end: datetime | None = None) -> dict:
    """The segment that ran repeat k: the last one of the repeat's process (pid, and host where both
    are recorded) that began before the repeat ended — a pid alone is reused after a reboot, and a
    machine rebuilt between working sessions starts its pids low again — else by the resumes' kept
    repeats."""
    segs = _segments(record)
    if pid is not None:
        def before(s) -> bool:
            t = _time(s.get("at"))
            # +1 s: the repeat's start is recorded to the second, so `end` may read up to 1 s early
            return end is None or t is None or t <= end + timedelta(seconds=1)
        mine = [s for s in segs if s.get("pid") == pid and before(s)
                and (host is None or s.get("host") in (None, host))]
        if mine:
            return mine[-1]
    seg = segs[0]
    for s in segs[1:]:
        if k in (s.get("kept_repeats") or []):
            break
        seg = s
    return seg


def segment_cpus(record) -> list[str]:
    """The CPUs the run's segments recorded (each once, in order); segments without one left out."""
    out: list[str] = []
    for seg in _segments(record):
        cpu = _cpu(record, seg)
        if cpu and cpu not in out:
            out.append(cpu)
    return out


def code_of(git) -> str | None:
    """The code a segment ran: its `code` id (HEAD's lab/configs/prompts trees) when recorded, so
    commits of results alone do not start a round; otherwise its revision."""
    g = git or {}
    return ("code:" + g["code"]) if g.get("code") else g.get("revision")


def last_process(record) -> list[dict]:
    """The segments the record's last process ran (the trailing segments with the last one's pid
    and host): the ones whose threads the model identity, rewritten at every resume, still says."""
    segs = _segments(record)
    tail = [segs[-1]]
    for s in reversed(segs[:-1]):
        if (s.get("pid"), s.get("host")) != (tail[0].get("pid"), tail[0].get("host")) or s.get("pid") is None:
            break
        tail.insert(0, s)
    return tail


def keep_threads(record) -> None:
    """Before a resume rewrites the model identity: the last process's segments that do not record
    their threads (written before segments did) get them from the identity it is about to lose,
    labelled `n_threads_from`. Without this, the next process's segment would leave them to the
    config's value (seen on the A/A' calibration: two-thread repeats read back as one-thread)."""
    n = ((record.model or {}).get("extra") or {}).get("n_threads")
    if n is None or not any(isinstance(e, dict) and e.get("status") == "running" for e in record.events or []):
        return
    for seg in last_process(record):
        if seg.get("n_threads") is None:
            seg["n_threads"], seg["n_threads_from"] = n, "model identity"


def _threads(record, seg: dict | None = None):
    """The threads a segment ran with: its event's `n_threads` (recorded since 2026-12-02: a resume
    may pass another `model.n_threads`, which changes no token but is a condition of the round;
    `keep_threads` fills it for older segments at a resume). Older records: the run's config (its
    first segment), except that when the config set the threads, the model identity (rewritten at
    every resume) says those of the last process's segments."""
    if seg is not None and seg.get("n_threads") is not None:
        return seg["n_threads"]
    info = (record.numerics or {}).get("info") or {}
    model = (record.config or {}).get("model") or {}
    n = info.get("n_threads") or model.get("n_threads")
    if n is not None and seg is not None and len(_segments(record)) > 1 \
            and any(seg is s for s in last_process(record)):
        n = ((record.model or {}).get("extra") or {}).get("n_threads") or n
    return n if n is not None else "default"


def rounds_of(record) -> dict[int, RoundInfo]:
    """repeat -> RoundInfo of every complete repeat of a RunRecord."""
    out: dict[int, RoundInfo] = {}
    numerics = (record.numerics or {}).get("id")
    earlier: dict[int, float] = {}                      # segment id -> wall time of its repeats so far
    for r in sorted(record.repeats, key=lambda x: x.repeat):
        got = getattr(r, "round", None) or {}
        began = _time(got.get("started_at"))
        seg = _segment_of(record, r.repeat, got.get("pid"), got.get("host"),
                          None if began is None else began + timedelta(seconds=float(r.wall_s or 0.0)))
        commit = code_of(seg.get("git")) or code_of(record.git)
        if got:
            out[r.repeat] = RoundInfo(commit, _threads(record, seg), got.get("host"),
                                      _time(got.get("started_at")), got.get("load_per_cpu"),
                                      "recorded", _cpu(record, seg), numerics)
            continue
        start = _time(seg.get("at"))
        done = earlier.get(id(seg), 0.0)
        earlier[id(seg)] = done + float(r.wall_s or 0.0)
        out[r.repeat] = RoundInfo(commit, _threads(record, seg), seg.get("host"),
                                  None if start is None else start + timedelta(seconds=done),
                                  None, "events", _cpu(record, seg), numerics)
    return out


ROUND_COLUMNS = ("round_commit", "round_threads", "round_host", "round_started", "round_load",
                 "round_cpu", "round_numerics")


def round_columns(info: RoundInfo | None) -> dict:
    """A repeat's round as frame columns (lab.analysis.load); `from_columns` reads them back."""
    i = info or UNKNOWN
    return dict(zip(ROUND_COLUMNS, (i.commit, None if i.n_threads is None else str(i.n_threads),
                                    i.host, i.started_at, i.load_per_cpu, i.cpu, i.numerics)))


def from_columns(row) -> RoundInfo:
    def get(k):
        v = row.get(k) if hasattr(row, "get") else None
        return None if v is None or (isinstance(v, float) and v != v) else v
    t = get("round_started")
    return RoundInfo(get("round_commit"), get("round_threads"), get("round_host"),
                     None if t is None else _time(t), get("round_load"), "frame", get("round_cpu"),
                     get("round_numerics"))


#: the columns every view shows for a repeat's round (`shown`), in order: key -> header
SHOWN = {"started": "started", "code": "code", "threads": "threads", "host": "host", "cpu": "CPU",
         "load": "load / CPU"}
NOT_RECORDED = "not recorded"


def shown(info: RoundInfo | None) -> dict[str, str]:
    """A repeat's round as the report's table and `lab view`'s run page show it (one definition):
    start (UTC, to the minute), code (`code:` + 8 characters of the code id, else 8 of the
    revision), threads, host, CPU and load per CPU at the repeat's end ("busy" from BUSY_LOAD);
    "not recorded" where the record does not say."""
    i = info or UNKNOWN
    commit = i.commit or ""
    code = (commit[:13] if commit.startswith("code:") else commit[:8]) or NOT_RECORDED
    load = NOT_RECORDED if i.load_per_cpu is None else \
        f"{float(i.load_per_cpu):.2f}" + (" (busy)" if i.busy else "")
    return dict(zip(SHOWN, (f"{i.started_at:%Y-%m-%d %H:%M} UTC" if i.started_at else NOT_RECORDED, code,
                            NOT_RECORDED if i.n_threads is None else str(i.n_threads),
                            i.host or NOT_RECORDED, i.cpu or NOT_RECORDED, load)))


def cpu_counts(cpus: Iterable[str]) -> dict[str, int]:
    """Repeats per CPU, the names as `shown` says them: first seen first, "not recorded" last."""
    return dict(sorted(Counter(cpus).items(), key=lambda kv: kv[0] == NOT_RECORDED))


def cpus_of(record) -> dict[str, int]:
    """How many complete repeats of a run ran on each CPU (`cpu_counts`, in repeat order)."""
    return cpu_counts(shown(info)["cpu"] for _, info in sorted(rounds_of(record).items()))


def cpu_span(*counts: dict[str, int]) -> str | None:
    """"N CPUs" over `cpu_counts` tables ("at least N" when some repeat's CPU is not recorded);
    None when they name fewer than two CPUs."""
    known = dict.fromkeys(c for n in counts for c in n if c != NOT_RECORDED)
    if len(known) < 2:
        return None
    return f"{'at least ' if any(NOT_RECORDED in n for n in counts) else ''}{len(known)} CPUs"


def round_labels(infos: list[RoundInfo], *, window_s: float | None = None) -> list[int | None]:
    """A round number per repeat (the repeats of both arms of one comparison together); None for a
    repeat whose round is unknown. One round per code, threads, host and numerics, split further by
    recorded CPU (an unrecorded CPU joins its group's only recorded one); `window_s`: also split
    where start times chain further apart than that (the rule before issue 59; off)."""
    labels: list[int | None] = [None] * len(infos)
    groups: dict[tuple, list[int]] = {}
    for i, info in enumerate(infos):
        if info.known:
            groups.setdefault(info.conditions, []).append(i)
    n = 0
    for idx in groups.values():
        cpus = sorted({infos[i].cpu for i in idx if infos[i].cpu})
        by_cpu: dict[str | None, list[int]] = {}
        for i in idx:
            cpu = infos[i].cpu or (cpus[0] if len(cpus) == 1 else None)
            by_cpu.setdefault(cpu, []).append(i)
        for part in by_cpu.values():
            part.sort(key=lambda i: infos[i].started_at)
            last = None
            for i in part:
                t = infos[i].started_at
                if last is None or (window_s is not None and (t - last).total_seconds() > window_s):
                    n += 1
                labels[i] = n - 1
                last = t
    return labels


#: the conditions `split_by` names, in order: RoundInfo attribute -> word
SPLIT_WORDS = {"commit": "code", "numerics": "numerics", "host": "host", "cpu": "CPU",
               "n_threads": "threads"}


def split_by(infos: list[RoundInfo], labels: list[int | None]) -> list[str]:
    """The conditions that differ between the rounds `round_labels` gave (words of SPLIT_WORDS;
    "time" when only the old window split them); [] for one round or unknown rounds."""
    rounds: dict[int, RoundInfo] = {}
    for info, k in zip(infos, labels):
        if k is not None:
            rounds.setdefault(k, info)
    if len(rounds) < 2:
        return []
    out = [word for attr, word in SPLIT_WORDS.items()
           if len({getattr(i, attr) for i in rounds.values() if attr != "cpu" or i.cpu}) > 1]
    return out or ["time"]
