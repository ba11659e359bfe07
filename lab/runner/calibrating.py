"""`lab calibrate`: an A/A test of the lab's comparison. One configuration runs as two arms with
disjoint seeds; the arms' repeats are cut into N pairs of (R repeats of arm A, R repeats of arm
B); each pair is compared with the lab's one comparison (lab.comparisons.runs -> lab.stats), and
the share called "different" at alpha is reported with its Clopper-Pearson interval. A correct
comparison calls identical configurations different at about alpha; more means the noise model
is wrong (e.g. correlated tests treated as independent).

    arm A: `run(cfg)` with run.repeats = N * R, run.seed = s        (seeds s .. s + NR - 1)
    arm B: `run(cfg)` with run.repeats = N * R, run.seed = s + N*R  (seeds s + NR .. s + 2NR - 1)
    pair i: repeats iR .. iR + R - 1 of A against the same repeats of B

A/A' (`--twin OVERRIDE ...`, issue 24): arm B is the configuration with a change believed
neutral (e.g. `prompt=answer_line_twin`, one word of the prompt), so its fingerprint and tokens
differ, and both arms run the **same seeds** s .. s + NR - 1: the arms stay coupled through their
seeds as in a real comparison of two variants, with no real difference to find. The schedule is
`interleaved` (A repeat k, then B repeat k: the arms share their rounds) or `arms` (all of A, then
all of B). Both arms resume (`run.resume=true`, found by fingerprint), so the same command continues
an interrupted calibration, and the record is rewritten after every complete pair.

Both arms are ordinary runs (results/<experiment>/<run_id>/, resumable with `lab resume`, in
`lab history`); the calibration itself is recorded in
results/<experiment>/.calibrations/<UTC time>-<fingerprint>/calibration.json (+ calibration.md), an
A/A' one in .calibrations/twin-<fingerprint A>-<fingerprint B>/.

The record is judged by the spread (E[z^2], KS), not by a count of rejections, and beside it by
seed-matched re-splits: the same repeats cut into pairs at random many times (repeat k of A always
against repeat k of B in A/A'), each re-split's rate and E[z^2] summarised.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence, TextIO

from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError
from lab.records.io import atomic_write_text
from lab.agent import agent_settings
from lab.runner import prepare, run, run_settings
from lab.comparisons.runs import Arm, compare_only, compare_two
from lab.records.rounds import UNKNOWN, round_labels
from lab.stats import rate_ci
from lab.stats.multiple import spread_check, z_of

CALIBRATIONS = ".calibrations"
CALIBRATION_FILE = "calibration.json"
SCHEDULES = ("interleaved", "arms")
#: seed-matched re-splits of the repeats into pairs (the record's `resamples`)
RESPLITS = 200
#: rounds-apart splits drawn at most (the record's `apart`; all of them when there are fewer)
APART_SPLITS = 200


@dataclass
class CalibrationRecord:
    kind: str                          # "aa-calibration"
    started_at: str
    ended_at: str | None
    experiment: str
    fingerprint: str
    session: str
    pairs: int
    repeats_per_arm: int               # R: repeats of each arm in one pair
    alpha: float
    arms: dict                         # a / b -> {run_dir, run_id, seeds}
    comparisons: list[dict] = field(default_factory=list)   # one per pair
    different: int = 0
    judged: int = 0                    # pairs with a p-value (noise estimable)
    rate: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    ci_level: float = 0.95
    method: str = ""
    target: str = "false-different rate <= alpha (upper bound of the Clopper-Pearson interval stated)"
    #: the spread of the pairs (lab.stats.multiple.spread_check): E[z^2] ~ 1, p-values uniform
    spread: dict = field(default_factory=dict)
    twin: list = field(default_factory=list)     # arm B's overrides (A/A'); [] = plain A/A
    schedule: str = "arms"                       # interleaved | arms (the order the repeats ran)
    pairs_done: int | None = None                # complete pairs judged so far (None: all)
    #: seed-matched re-splits: rate and E[z^2] over RESPLITS random cuts of the same repeats
    resamples: dict = field(default_factory=dict)
    #: how the pairs' rounds were handled: the comparison's `rounds` text -> pairs
    rounds: dict = field(default_factory=dict)
    #: rounds apart (the gate against an older baseline), from the same repeats: `rounds_apart`
    apart: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Plan:
    cfg_a: DictConfig
    cfg_b: DictConfig
    session: str
    pairs: int
    repeats: int
    seeds_a: list[int]
    seeds_b: list[int]
    tests: int
    model: str
    twin: list[str] = field(default_factory=list)
    schedule: str = "arms"


def plan(cfg: DictConfig, *, pairs: int, repeats: int, twin_cfg: DictConfig | None = None,
         twin: Sequence[str] = (), schedule: str | None = None) -> Plan:
    """The two arms' configs, checked (no model is loaded or called). `twin_cfg`: arm B's config
    (A/A': `cfg` composed with the `twin` overrides); both arms then run the same seeds."""

    if pairs < 1:
        raise InputError(f"--pairs must be >= 1, got {pairs}", key="--pairs")
    if repeats < 1:
        raise InputError(f"--repeats must be >= 1, got {repeats}", key="--repeats")
    session = agent_settings(cfg.agent).session
    if session == "single" and repeats < 2:
        raise InputError("in single-session mode the repeat is the unit of noise: each arm of a pair "
                         "needs --repeats >= 2 (or run agent.session=isolated)", key="--repeats")
    schedule = schedule or ("interleaved" if twin_cfg is not None else "arms")
    if schedule not in SCHEDULES:
        raise InputError(f"--schedule must be one of {', '.join(SCHEDULES)}, got {schedule!r}",
                         key="--schedule")
    if twin_cfg is not None:
        if not twin:
            raise InputError("an A/A' calibration needs the twin's overrides", key="--twin")
        if agent_settings(twin_cfg.agent).session != session:
            raise InputError("--twin must not change agent.session: the arms of one comparison "
                             "run in one session mode", key="--twin")
    elif schedule == "interleaved":
        raise InputError("--schedule interleaved needs --twin: the two arms of a plain A/A have one "
                         "fingerprint, so a run cannot be resumed repeat by repeat", key="--schedule")
    rs = run_settings(cfg.run)
    n = pairs * repeats
    seeds_a = list(range(rs.seed, rs.seed + n))
    seeds_b = seeds_a if twin_cfg is not None else list(range(rs.seed + n, rs.seed + 2 * n))
    cfg_a = OmegaConf.create(OmegaConf.to_container(cfg))
    cfg_b = OmegaConf.create(OmegaConf.to_container(twin_cfg if twin_cfg is not None else cfg))
    for c, seed in ((cfg_a, seeds_a[0]), (cfg_b, seeds_b[0])):
        OmegaConf.update(c, "run.repeats", n)
        OmegaConf.update(c, "run.seed", seed)
        OmegaConf.update(c, "run.resume", twin_cfg is not None)   # A/A': each arm found by its fingerprint
    limit = (OmegaConf.to_container(cfg.suite) or {}).get("limit")   # type: ignore[union-attr]
    return Plan(cfg_a, cfg_b, session, pairs, repeats, seeds_a, seeds_b,
                int(limit) if limit else -1, str(cfg.model.get("name")), list(twin), schedule)


def calibrate(cfg: DictConfig, *, pairs: int, repeats: int = 1, alpha: float = 0.05,
              out: TextIO | None = None, progress: bool | None = None, backend=None,
              twin_cfg: DictConfig | None = None, twin: Sequence[str] = (),
              schedule: str | None = None) -> tuple[Path, CalibrationRecord]:
    """Run both arms, compare every pair, write the calibration record; returns (its folder, it).
    A/A' (`twin_cfg`): the arms run repeat by repeat in the schedule's order, resuming what an
    earlier call left, and the record is rewritten after every complete pair."""
    if not 0.0 < alpha < 1.0:
        raise InputError(f"--alpha must be between 0 and 1, got {alpha}", key="--alpha")
    out = out or sys.stdout
    p = plan(cfg, pairs=pairs, repeats=repeats, twin_cfg=twin_cfg, twin=twin, schedule=schedule)
    rs = run_settings(cfg.run)
    started = _now()
    if not p.twin:
        dirs = {}
        for name, c in (("a", p.cfg_a), ("b", p.cfg_b)):
            seeds = p.seeds_a if name == "a" else p.seeds_b
            print(f"calibrate: arm {name.upper()} ({pairs * repeats} repeats, seeds "
                  f"{seeds[0]}..{seeds[-1]})", file=sys.stderr)
            dirs[name] = run(c, backend=backend, out=out, progress=progress).run_dir
        a, b = Arm.load(dirs["a"]), Arm.load(dirs["b"])
        if a.record.fingerprint != b.record.fingerprint:
            raise InputError("the two arms got different fingerprints: not an A/A test "
                             f"({a.record.fingerprint} vs {b.record.fingerprint})")
        folder = Path(rs.results_dir) / rs.experiment / CALIBRATIONS / f"{_stamp()}-{(a.record.fingerprint or '')[:12]}"
        return folder, _judge(p, a, b, rs.experiment, started, alpha, folder)
    check_twin(p)                      # a twin that changes nothing is refused before a repeat runs
    n = pairs * repeats
    steps = ([(k, name) for k in range(n) for name in "ab"] if p.schedule == "interleaved"
             else [(k, name) for name in "ab" for k in range(n)])
    dirs: dict[str, Path] = {}
    folder = None
    for k, name in steps:
        c = OmegaConf.create(OmegaConf.to_container(p.cfg_a if name == "a" else p.cfg_b))
        OmegaConf.update(c, "run.repeats", k + 1)
        print(f"calibrate: arm {'A' if name == 'a' else 'B'} repeat {k} (seed {p.seeds_a[k]}; "
              f"{p.schedule})", file=sys.stderr)
        dirs[name] = run(c, backend=backend, out=out, progress=progress).run_dir
        if name == "b" and (k + 1) % repeats == 0:          # a pair (or in `arms`, a B pair) complete
            a, b = Arm.load(dirs["a"]), Arm.load(dirs["b"])
            folder = (Path(rs.results_dir) / rs.experiment / CALIBRATIONS /
                      f"twin-{(a.record.fingerprint or '')[:12]}-{(b.record.fingerprint or '')[:12]}")
            _judge(p, a, b, rs.experiment, started, alpha, folder)
    assert folder is not None
    return folder, read_calibration(folder)


def check_twin(p: Plan, fingerprint_a: str | None = None) -> str:
    """Arm B's fingerprint, from its prepared inputs (no model is loaded or called), checked against
    arm A's (`fingerprint_a`, or prepared here): a twin that leaves it as it was would give the same
    tokens at the same seeds, so it is refused before anything runs (`calibrate`, `--dry-run`)."""
    fa, fb = fingerprint_a or _fingerprint(p.cfg_a), _fingerprint(p.cfg_b)
    if fa == fb:
        raise InputError(f"--twin {' '.join(p.twin)} leaves the fingerprint as it was ({fb[:12]}): "
                         "the same seeds would give the same tokens, not an A/A' test", key="--twin")
    return fb


def _fingerprint(cfg: DictConfig) -> str:
    prepared = prepare(cfg)            # every input checked; a llama.cpp file is hashed, not loaded
    try:
        return prepared.fingerprint.value
    finally:
        prepared.close()


def _judge(p: Plan, a: Arm, b: Arm, experiment: str, started: str, alpha: float,
           folder: Path) -> CalibrationRecord:
    """Compare every complete pair, the spread and the re-splits; write the record to `folder`."""
    repeats = p.repeats
    rec = CalibrationRecord(
        kind="aa-twin-calibration" if p.twin else "aa-calibration", started_at=started,
        ended_at=None, experiment=experiment, fingerprint=a.record.fingerprint or "",
        session=p.session, pairs=p.pairs, repeats_per_arm=repeats, alpha=alpha,
        arms={k: {"run_dir": str(v.run_dir), "run_id": v.record.run_id,
                  "fingerprint": v.record.fingerprint,
                  "seeds": [r.seed for r in v.record.repeats]} for k, v in (("a", a), ("b", b))},
        twin=list(p.twin), schedule=p.schedule)
    done = [i for i in range(p.pairs)
            if all(k in a.passes and k in b.passes for k in range(i * repeats, (i + 1) * repeats))]
    for i in done:
        ks = list(range(i * repeats, (i + 1) * repeats))
        rc = compare_two(a, b, base_repeats=ks, cand_repeats=ks, level=1 - alpha)
        c = rc.comparison
        different = bool(c is not None and c.significant)
        rec.comparisons.append({"pair": i, "repeats": ks, "different": different,
                                "why_not": rc.why_not, **(c.to_dict() if c else {})})
        if c is not None and c.p_overall is not None:
            rec.judged += 1
            rec.different += different
            rec.method = c.describe()
            rec.rounds[c.rounds or "-"] = rec.rounds.get(c.rounds or "-", 0) + 1
    ok = [c for c in rec.comparisons if c.get("p_overall") is not None]
    rec.spread = spread_check([z_of(c["diff"], c["p_overall"]) for c in ok],
                              [c["p_overall"] for c in ok])
    if rec.judged:
        rec.rate = rec.different / rec.judged
        rec.ci_low, rec.ci_high = rate_ci(rec.different, rec.judged, rec.ci_level)
    ks = [k for i in done for k in range(i * repeats, (i + 1) * repeats)]
    rec.resamples = resplit(a, b, ks, repeats, alpha, matched=bool(p.twin))
    rec.apart = rounds_apart(a, b, ks, alpha)
    rec.pairs_done = len(done)
    rec.ended_at = _now()
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / CALIBRATION_FILE, json.dumps(rec.to_dict(), indent=2) + "\n")
    atomic_write_text(folder / "calibration.md", format_calibration(rec) + "\n")
    return rec


def resplit(a: Arm, b: Arm, ks: list[int], repeats: int, alpha: float, *, matched: bool,
            draws: int = RESPLITS, seed: int = 0) -> dict:
    """The same repeats cut into pairs of `repeats` + `repeats` at random `draws` times: each
    re-split's false-"different" rate and E[z^2]. `matched` (A/A'): repeat k of A always meets
    repeat k of B (same seed); otherwise B's repeats are shuffled on their own. The re-splits share
    their repeats, so they are not independent: their spread shows how much the one recorded cut
    depends on luck, not a tighter interval."""
    n_pairs = len(ks) // repeats
    if n_pairs < 2:
        return {}
    rng = random.Random(seed)
    rates, ez2s = [], []
    for _ in range(draws):
        pa = rng.sample(ks, len(ks))
        pb = pa if matched else rng.sample(ks, len(ks))
        zs, hits, judged = [], 0, 0
        for i in range(n_pairs):
            c = compare_only(a, b, pa[i * repeats:(i + 1) * repeats], pb[i * repeats:(i + 1) * repeats],
                             level=1 - alpha)
            if c is None or c.p_overall is None:
                continue
            judged += 1
            hits += bool(c.significant)
            zs.append(z_of(c.diff, c.p_overall))
        if judged:
            rates.append(hits / judged)
            ez2s.append(sum(z * z for z in zs) / len(zs))
    if not rates:
        return {}
    rates.sort()
    ez2s.sort()

    def q(xs, f):
        return xs[min(len(xs) - 1, int(f * len(xs)))]
    return {"draws": len(rates), "matched": matched, "rate_mean": sum(rates) / len(rates),
            "rate_p05": q(rates, 0.05), "rate_p95": q(rates, 0.95),
            "ez2_mean": sum(ez2s) / len(ez2s), "ez2_p05": q(ez2s, 0.05), "ez2_p95": q(ez2s, 0.95)}


def rounds_apart(a: Arm, b: Arm, ks: list[int], alpha: float, *, draws: int = APART_SPLITS,
                 seed: int = 0) -> dict:
    """The gate's case from the same repeats: arm A's repeats of some rounds against arm B's
    repeats of the other rounds, so the two sides share no round — as when a candidate is compared
    with a baseline that ran in another session. Every split of the rounds into two non-empty sets
    (A's and B's), or `draws` of them at random when there are more. Each split is one comparison:
    "cannot tell" (one round on each side: the rounds cannot be told from the arms, method none),
    judged (over round means) and "different", or judged and not. The splits share repeats and
    rounds, so the rate is descriptive (as the re-splits are); it needs at least two rounds."""
    infos = [a.rounds.get(k, UNKNOWN) for k in ks] + [b.rounds.get(k, UNKNOWN) for k in ks]
    labels = round_labels(infos)
    la, lb = labels[:len(ks)], labels[len(ks):]
    rounds = sorted({x for x in labels if x is not None})
    if len(rounds) < 2:
        return {}
    n = len(rounds)
    masks = list(range(1, 2 ** n - 1))                    # A's rounds; B gets the others
    if len(masks) > draws:
        masks = sorted(random.Random(seed).sample(masks, draws))
    splits = cannot = judged = hits = 0
    zs = []
    for m in masks:
        mine = {r for j, r in enumerate(rounds) if m >> j & 1}
        ka = [k for k, x in zip(ks, la) if x is not None and x in mine]
        kb = [k for k, x in zip(ks, lb) if x is not None and x not in mine]
        if not ka or not kb:
            continue
        splits += 1
        c = compare_only(a, b, ka, kb, level=1 - alpha)
        if c is None or c.p_overall is None:
            cannot += c is not None and c.method == "none"
            continue
        judged += 1
        hits += bool(c.significant)
        zs.append(z_of(c.diff, c.p_overall))
    return {"rounds": n, "splits": splits, "cannot_tell": cannot, "judged": judged, "different": hits,
            "rate": hits / judged if judged else None,
            "ez2": sum(z * z for z in zs) / len(zs) if zs else None}


def read_calibration(folder: Path) -> CalibrationRecord:
    path = Path(folder) / CALIBRATION_FILE
    try:
        return CalibrationRecord(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as e:
        raise InputError(f"cannot read the calibration record: {e}", file=str(path)) from None


def format_calibration(rec: CalibrationRecord) -> str:
    if rec.twin:
        fb = (rec.arms["b"].get("fingerprint") or "")[:12]
        lines = [f"# A/A' calibration ({rec.experiment}, fingerprints {rec.fingerprint[:12]} and {fb})",
                 "", f"Arm A {rec.arms['a']['run_dir']}; arm A' (`{' '.join(rec.twin)}`, a change "
                 f"believed neutral) {rec.arms['b']['run_dir']}; the same seeds in both arms, "
                 f"schedule {rec.schedule}; {rec.pairs} pairs of {rec.repeats_per_arm} + "
                 f"{rec.repeats_per_arm} repeats, session {rec.session}."]
    else:
        lines = [f"# A/A calibration ({rec.experiment}, fingerprint {rec.fingerprint[:12]})", "",
                 f"One configuration as two arms with disjoint seeds: A {rec.arms['a']['run_dir']}, "
                 f"B {rec.arms['b']['run_dir']}; {rec.pairs} pairs of {rec.repeats_per_arm} + "
                 f"{rec.repeats_per_arm} repeats, session {rec.session}."]
    if rec.pairs_done is not None and rec.pairs_done < rec.pairs:
        lines.append(f"**Incomplete: {rec.pairs_done} of {rec.pairs} pairs have run** (the same "
                     "command continues it).")
    lines += [f"Comparison: {rec.method or '-'}; \"different\" = p < {rec.alpha:g}."
              + (" Rounds: " + "; ".join(f"{k} ({v} pairs)" for k, v in rec.rounds.items())
                 if rec.rounds else ""), ""]
    if rec.rate is None:
        lines.append("No pair could be judged (no spread estimate).")
    else:
        lines.append(f"**false-\"different\" rate: {rec.different}/{rec.judged} = {rec.rate:.1%} "
                     f"({rec.ci_level:.0%} Clopper-Pearson CI {rec.ci_low:.1%} .. {rec.ci_high:.1%}; "
                     f"target <= {rec.alpha:.0%}: "
                     + ("met, upper bound included" if rec.ci_high <= rec.alpha else
                        "consistent with the target" if rec.ci_low <= rec.alpha else "MISSED") + ")**")
    sp = rec.spread or {}
    if sp.get("ez2") is not None:
        lines.append(f"Spread (the judgement): E[z²] = {sp['ez2']:.2f} over {sp['pairs_z']} pairs "
                     f"(z: the normal score of each pair's p; 1 when calibrated; chi-square p {sp['chi2_p']:.3g})"
                     + (f"; p-values against uniform: KS p {sp['ks_p']:.3g}" if sp.get("ks_p") is not None
                        else ""))
    rs = rec.resamples or {}
    if rs:
        lines.append(f"Seed-{'matched ' if rs['matched'] else ''}re-splits of the same repeats "
                     f"({rs['draws']} random cuts into pairs; they share repeats, so this shows how "
                     f"much one cut depends on luck): rate {rs['rate_mean']:.1%} (5-95%: "
                     f"{rs['rate_p05']:.0%} .. {rs['rate_p95']:.0%}), E[z²] {rs['ez2_mean']:.2f} "
                     f"({rs['ez2_p05']:.2f} .. {rs['ez2_p95']:.2f}).")
    ap = rec.apart or {}
    if ap:
        lines.append(f"Rounds apart (the gate against an older baseline, from the same repeats: arm A's "
                     f"repeats of some rounds against arm B's of the others, no round shared; "
                     f"{ap['rounds']} rounds, {ap['splits']} splits sharing repeats): "
                     f"{ap['cannot_tell']} \"cannot tell\" (one round on each side)"
                     + (f", {ap['different']}/{ap['judged']} judged \"different\" = {ap['rate']:.0%}, "
                        f"E[z²] {ap['ez2']:.2f}" if ap["judged"] else ", none judged") + ".")
    done = rec.pairs if rec.pairs_done is None else rec.pairs_done
    if rec.judged < done:
        lines.append(f"{done - rec.judged} pair(s) could not be judged (noise unknown).")
    lines += ["", "| pair | diff | CI | p | different |", "|---|---|---|---|---|"]
    for c in rec.comparisons:
        if c.get("p_overall") is None:
            lines.append(f"| {c['pair']} | {c.get('diff', '')} | | | {c.get('why_not') or 'not judged'} |")
            continue
        lines.append(f"| {c['pair']} | {c['diff']:+.2f} | {c['ci_low']:+.2f} .. {c['ci_high']:+.2f} | "
                     f"{c['p_overall']:.3g} | {'yes' if c['different'] else ''} |")
    return "\n".join(lines)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
