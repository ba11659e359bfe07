"""`lab calibrate`: an A/A test of the lab's comparison. One configuration runs as two arms with
disjoint seeds; the arms' repeats are cut into N pairs of (R repeats of arm A, R repeats of arm
B); each pair is compared with the lab's one comparison (lab.comparisons.runs -> lab.stats), and
the share called "different" at alpha is reported with its Clopper-Pearson interval. A correct
comparison calls identical configurations different at about alpha; more means the noise model
is wrong (e.g. correlated tests treated as independent).

    arm A: `run(cfg)` with run.repeats = N * R, run.seed = s        (seeds s .. s + NR - 1)
    arm B: `run(cfg)` with run.repeats = N * R, run.seed = s + N*R  (seeds s + NR .. s + 2NR - 1)
    pair i: repeats iR .. iR + R - 1 of A against the same repeats of B

Both arms are ordinary runs (results/<experiment>/<run_id>/, resumable with `lab resume`, in
`lab history`); the calibration itself is recorded in
results/<experiment>/.calibrations/<UTC time>-<fingerprint>/calibration.json (+ calibration.md).
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

from omegaconf import DictConfig, OmegaConf

from lab.errors import InputError
from lab.records.io import atomic_write_text
from lab.agent import agent_settings
from lab.runner import run, run_settings
from lab.comparisons.runs import Arm, compare_two
from lab.stats import rate_ci
from lab.stats.multiple import spread_check, z_of

CALIBRATIONS = ".calibrations"
CALIBRATION_FILE = "calibration.json"


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


def plan(cfg: DictConfig, *, pairs: int, repeats: int) -> Plan:
    """The two arms' configs, checked (no model is loaded or called)."""

    if pairs < 1:
        raise InputError(f"--pairs must be >= 1, got {pairs}", key="--pairs")
    if repeats < 1:
        raise InputError(f"--repeats must be >= 1, got {repeats}", key="--repeats")
    session = agent_settings(cfg.agent).session
    if session == "single" and repeats < 2:
        raise InputError("in single-session mode the repeat is the unit of noise: each arm of a pair "
                         "needs --repeats >= 2 (or run agent.session=isolated)", key="--repeats")
    rs = run_settings(cfg.run)
    n = pairs * repeats
    cfg_a, cfg_b = OmegaConf.create(OmegaConf.to_container(cfg)), OmegaConf.create(OmegaConf.to_container(cfg))
    for c, seed in ((cfg_a, rs.seed), (cfg_b, rs.seed + n)):
        OmegaConf.update(c, "run.repeats", n)
        OmegaConf.update(c, "run.seed", seed)
        OmegaConf.update(c, "run.resume", False)
    limit = (OmegaConf.to_container(cfg.suite) or {}).get("limit")   # type: ignore[union-attr]
    return Plan(cfg_a, cfg_b, session, pairs, repeats, list(range(rs.seed, rs.seed + n)),
                list(range(rs.seed + n, rs.seed + 2 * n)), int(limit) if limit else -1,
                str(cfg.model.get("name")))


def calibrate(cfg: DictConfig, *, pairs: int, repeats: int = 1, alpha: float = 0.05,
              out: TextIO | None = None, progress: bool | None = None, backend=None) -> tuple[Path, CalibrationRecord]:
    """Run both arms, compare every pair, write the calibration record; returns (its folder, it)."""
    if not 0.0 < alpha < 1.0:
        raise InputError(f"--alpha must be between 0 and 1, got {alpha}", key="--alpha")
    out = out or sys.stdout
    p = plan(cfg, pairs=pairs, repeats=repeats)
    rs = run_settings(cfg.run)
    started = _now()
    arm_out = {}
    for name, c in (("a", p.cfg_a), ("b", p.cfg_b)):
        print(f"calibrate: arm {name.upper()} ({pairs * repeats} repeats, seeds "
              f"{(p.seeds_a if name == 'a' else p.seeds_b)[0]}..{(p.seeds_a if name == 'a' else p.seeds_b)[-1]})",
              file=sys.stderr)
        arm_out[name] = run(c, backend=backend, out=out, progress=progress)
    a, b = Arm.load(arm_out["a"].run_dir), Arm.load(arm_out["b"].run_dir)
    if a.record.fingerprint != b.record.fingerprint:
        raise InputError("the two arms got different fingerprints: not an A/A test "
                         f"({a.record.fingerprint} vs {b.record.fingerprint})")
    fingerprint = a.record.fingerprint or ""
    rec = CalibrationRecord(
        kind="aa-calibration", started_at=started, ended_at=None, experiment=rs.experiment,
        fingerprint=fingerprint, session=p.session, pairs=pairs, repeats_per_arm=repeats, alpha=alpha,
        arms={k: {"run_dir": str(v.run_dir), "run_id": v.record.run_id,
                  "seeds": [r.seed for r in v.record.repeats]} for k, v in (("a", a), ("b", b))})
    for i in range(pairs):
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
    ok = [c for c in rec.comparisons if c.get("p_overall") is not None]
    rec.spread = spread_check([z_of(c["diff"], c["p_overall"]) for c in ok],
                              [c["p_overall"] for c in ok])
    if rec.judged:
        rec.rate = rec.different / rec.judged
        rec.ci_low, rec.ci_high = rate_ci(rec.different, rec.judged, rec.ci_level)
    rec.ended_at = _now()
    folder = Path(rs.results_dir) / rs.experiment / CALIBRATIONS / f"{_stamp()}-{fingerprint[:12]}"
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / CALIBRATION_FILE, json.dumps(rec.to_dict(), indent=2) + "\n")
    atomic_write_text(folder / "calibration.md", format_calibration(rec) + "\n")
    return folder, rec


def read_calibration(folder: Path) -> CalibrationRecord:
    path = Path(folder) / CALIBRATION_FILE
    try:
        return CalibrationRecord(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError) as e:
        raise InputError(f"cannot read the calibration record: {e}", file=str(path)) from None


def format_calibration(rec: CalibrationRecord) -> str:
    lines = [f"# A/A calibration ({rec.experiment}, fingerprint {rec.fingerprint[:12]})", "",
             f"One configuration as two arms with disjoint seeds: A {rec.arms['a']['run_dir']}, "
             f"B {rec.arms['b']['run_dir']}; {rec.pairs} pairs of {rec.repeats_per_arm} + "
             f"{rec.repeats_per_arm} repeats, session {rec.session}.",
             f"Comparison: {rec.method or '-'}; \"different\" = p < {rec.alpha:g}.", ""]
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
    if rec.judged < rec.pairs:
        lines.append(f"{rec.pairs - rec.judged} pair(s) could not be judged (noise unknown).")
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
