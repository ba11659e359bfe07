"""The regression gate, shared by `lab diff --fail-on-regression` and `lab eval-resolver
--fail-on-regression`: exit 0 = no regression, 1 = worse, 2 = cannot judge (usage error, no
baseline, a damaged record). Never 0 for a record that could not be read: the damaged one might
have been the baseline. Findings never change an exit code (decision record 000).

Runs with repeats (`judge`): the candidate regressed when BOTH
- its mean score is at least `margin` points (tests passed per repeat) below the baseline's, and
- the lab's one comparison (lab.stats.compare_arms, the same p-value and CI `lab diff`, the sweep
  summary and the report give) says the difference is beyond run-to-run noise: two-sided
  p < `alpha`, i.e. the (1 - alpha) CI lies wholly below zero. Single session: two parts at
  alpha / 2 each (lab/stats/collapse.py): more collapsed repeats (Fisher's exact test) is a
  regression by itself; the score part is Welch's t over the non-collapsed repeat scores.
  Isolated: paired over the tests (two-way tests x rounds when the runs share rounds; over round
  mean scores when they do not, and "cannot judge" when each ran in one round of its own:
  lab/records/rounds.py). When the noise cannot be estimated (one repeat
  per side, or constant scores over repeats that pass different tests) a drop of at least the
  margin exits 2 asking for repeats.
Retrieval evals are deterministic (`judge_metrics`): any drop of recall@1, recall@k or MRR by more
than `tolerance` is a regression.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from lab.errors import InputError, LabError
from lab.records.history import Entry, record_dirs
from lab.records.numerics import of_record
from lab.records.record import RUN_FILE, RunRecord, read_record
from lab.stats import Comparison, compare_scores
from lab.comparisons.runs import compare_runs

EXIT_OK, EXIT_REGRESSION, EXIT_CANNOT_JUDGE = 0, 1, 2
DEFAULT_ALPHA = 0.05
DEFAULT_MARGIN = 1.0


@dataclass(frozen=True)
class Verdict:
    code: int                   # EXIT_OK | EXIT_REGRESSION | EXIT_CANNOT_JUDGE
    message: str
    comparison: Comparison | None = None
    p: float | None = None

    @property
    def regression(self) -> bool:
        return self.code == EXIT_REGRESSION


def check_level(alpha: float, margin: float) -> None:
    if not 0.0 < alpha < 1.0:
        raise InputError(f"--alpha must be between 0 and 1, got {alpha}", key="--alpha")
    if margin < 0:
        raise InputError(f"--margin must be >= 0 points, got {margin}", key="--margin")


def judge_repeats(base: Sequence[float], cand: Sequence[float], *, alpha: float = DEFAULT_ALPHA,
                  margin: float = DEFAULT_MARGIN, deterministic: bool = False) -> Verdict:
    """The gate on repeat scores alone (single-session semantics, one part: scores alone carry
    no collapse flag); constant scores judge only when the caller vouches the backend is
    `deterministic` (lab.stats.compare_scores)."""
    check_level(alpha, margin)
    if not base or not cand:
        side = "baseline" if not base else "candidate"
        return Verdict(EXIT_CANNOT_JUDGE, f"the {side} has no complete repeat")
    return judge(compare_scores(base, cand, level=1 - alpha, deterministic=deterministic),
                 alpha=alpha, margin=margin)


def judge(md: Comparison, *, alpha: float = DEFAULT_ALPHA, margin: float = DEFAULT_MARGIN) -> Verdict:
    """The rule on one comparison made at level 1 - alpha. A two-part single-session comparison
    (lab/stats/collapse.py) regresses when either part does at alpha / 2: the candidate collapses
    more often (Fisher's exact test), or its non-collapsed repeats score worse by the margin."""
    check_level(alpha, margin)
    drop = -md.diff
    p, a = md.p_value, md.part_alpha
    lvl = md.ci_level or md.level
    head = (f"mean {md.mean_cand:.2f} vs baseline {md.mean_base:.2f} ({md.diff:+.2f} points, "
            f"{md.repeats_cand} vs {md.repeats_base} repeats")
    if md.collapse is not None:
        head = "non-collapsed repeats: " + head
    if p is not None and md.ci is not None:
        head += f", {lvl:.0%} CI {md.ci_low:+.2f} .. {md.ci_high:+.2f}, p={p:.4g}, {md.method})"
    else:
        head += ")"
    cp = md.collapse
    if cp is not None:
        head = (f"collapsed {cp['cand']}/{cp['n_cand']} vs baseline {cp['base']}/{cp['n_base']} "
                f"(Fisher p={cp['p']:.4g}); {head}")
        if cp["p"] < a and cp["rate_cand"] > cp["rate_base"]:
            return Verdict(EXIT_REGRESSION, f"REGRESSION: {head}; collapses more often, beyond "
                                            f"run-to-run noise (p < {a:g})", md, md.p_overall)
    if drop < margin:
        return Verdict(EXIT_OK, f"no regression: {head}; a drop below the margin of {margin:g} "
                                "points never fails", md, p)
    if p is None:
        why = md.note or ("with one repeat on each side run-to-run noise cannot be estimated "
                          "(run.repeats >= 2)")
        return Verdict(EXIT_CANNOT_JUDGE, f"cannot judge: {head}; {why}", md, p)
    if p < a and md.diff < 0:
        return Verdict(EXIT_REGRESSION, f"REGRESSION: {head}; worse by >= {margin:g} points and "
                                        f"beyond run-to-run noise (p < {a:g})", md, p)
    return Verdict(EXIT_OK, f"no regression: {head}; the drop is within run-to-run noise "
                            f"(p >= {a:g})", md, p)


METRICS = ("recall@1", "recall@k", "mrr")


def judge_metrics(base: Mapping[str, float], cand: Mapping[str, float], *,
                  tolerance: float = 1e-9) -> Verdict:
    """Deterministic metrics (eval-resolver): any drop beyond `tolerance` is a regression."""
    worse = [f"{k} {base[k]:.4f} -> {cand[k]:.4f}" for k in METRICS if cand[k] < base[k] - tolerance]
    if worse:
        return Verdict(EXIT_REGRESSION, "REGRESSION: " + "; ".join(worse))
    return Verdict(EXIT_OK, "no regression: " + ", ".join(f"{k} {base[k]:.4f} -> {cand[k]:.4f}"
                                                          for k in METRICS))


# -- finding the baseline ---------------------------------------------------------------------------

def latest_baseline(results: Path, cand_dir: Path, cand: RunRecord) -> Entry:
    """The latest complete run with the candidate's fingerprint that started before it, under
    `results` — of those, one with the candidate's numerics when there is one (the same kernels:
    lab/records/numerics.py); `lab diff` says when the two differ. Any unreadable record on the way
    is an error naming it (never skipped: it might be the baseline); none found is an error saying
    where it looked."""
    if cand.fingerprint is None:
        raise InputError("the candidate's record has no fingerprint (written before schema 2); "
                         "name a baseline with --baseline RUN", file=str(cand_dir / RUN_FILE))
    best: Entry | None = None
    mine = of_record(cand)
    rank = lambda e: (bool(of_record(e.record).same_as(mine)), e.sort_key())  # noqa: E731
    for d in record_dirs([results]):
        if d.resolve() == cand_dir.resolve():
            continue
        try:
            rec = read_record(d)
        except LabError as e:
            raise InputError(f"cannot look for a baseline: {e}", file=str(d / RUN_FILE)) from None
        if rec.fingerprint != cand.fingerprint or rec.status != "complete":
            continue
        e = Entry(d, rec)
        if e.sort_key() >= (cand.started_at, cand.run_id):
            continue
        if best is None or rank(e) > rank(best):
            best = e
    if best is None:
        raise InputError(f"no baseline: no complete run with fingerprint {cand.fingerprint[:12]} "
                         f"started before {cand.run_id} under {results} (name one with --baseline)")
    return best


def comparable(base: RunRecord, cand: RunRecord, base_dir: Path, cand_dir: Path) -> None:
    """Both runs complete and of the same suite size, or an error naming the record."""
    for rec, d, what in ((base, base_dir, "baseline"), (cand, cand_dir, "candidate")):
        if rec.status != "complete":
            raise InputError(f"the {what} is not complete (status {rec.status}); finish it with "
                             f"`lab resume {d}`", file=str(d / RUN_FILE))
    nb, nc = {r.n for r in base.repeats}, {r.n for r in cand.repeats}
    if nb and nc and nb != nc:
        raise InputError(f"not comparable: the baseline has {sorted(nb)} tests per repeat, the "
                         f"candidate {sorted(nc)}", file=str(cand_dir / RUN_FILE))


def gate_runs(base: RunRecord, cand: RunRecord, base_dir: Path, cand_dir: Path, *,
              alpha: float = DEFAULT_ALPHA, margin: float = DEFAULT_MARGIN,
              eq_margin: float = 3.0) -> Verdict:

    comparable(base, cand, base_dir, cand_dir)
    if not base.scores or not cand.scores:
        side = "baseline" if not base.scores else "candidate"
        return Verdict(EXIT_CANNOT_JUDGE, f"the {side} has no complete repeat")
    rc = compare_runs(base_dir, cand_dir, base=base, cand=cand, level=1 - alpha, margin=eq_margin)
    if rc.comparison is None:
        return Verdict(EXIT_CANNOT_JUDGE, f"cannot judge: {rc.why_not}")
    return judge(rc.comparison, alpha=alpha, margin=margin)
