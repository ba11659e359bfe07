#!/usr/bin/env python
"""The results of the pre-registered four-vocabulary comparison (docs/findings/vocab4.md; its
analysis is fixed in docs/findings/vocab4-preregistration.md, issue 59 part 3), printed as
Markdown from the sweep's folder:

- the status line: how many of the 40 pre-registered repeats are complete, "interim" until all are;
- per arm: its run, the seeds complete and their scores, the mean, its room (lab.analysis.room);
- per pair (6): the lab's comparison of the two runs exactly as `lab diff BASE CAND
  --equivalence-margin 3.5` computes it (lab.comparisons.runs.compare_two: the method line says
  which analysis the rounds allowed), the difference, its CI, p and TOST p, both Holm-adjusted over
  the 6 pairs, and the verdict: effect (Holm p < 0.05), equivalent within the margin (Holm TOST p <
  0.05, no effect) or undecided, with the repeats an arm at which the pair's observed standard
  error (scaled as 1/sqrt(r)) would decide it at the observed difference, at alpha / 6 (Holm's
  strictest step);
- the answer to the lab's question, from the 6 verdicts, as the page fixed it;
- seed by seed: every arm's score at each seed (exploratory).

Everything comes from the run records through the lab's readers; nothing is typed in. Only
complete repeats count.

    .venv/bin/python scripts/findings_vocab4.py docs/findings/vocab4/runs/vocab4
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.analysis.load import load  # noqa: E402
from lab.analysis.room import room_table  # noqa: E402
from lab.comparisons.runs import Arm, RunComparison, compare_two  # noqa: E402
from lab.errors import InputError  # noqa: E402
from lab.stats.multiple import holm  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from findings_common import md, run  # noqa: E402

#: fixed by the pre-registration: the arms in order (a pair's base is the earlier), the repeats an
#: arm, the margin, alpha
ARMS = ("minimal", "maybe_exts", "alike", "exist_similar")
REPEATS = 10
MARGIN = 3.5
ALPHA = 0.05


@dataclass
class Pair:
    base: str
    cand: str
    result: RunComparison
    p_holm: float | None = None
    tost_holm: float | None = None

    @property
    def verdict(self) -> str:
        if self.p_holm is not None and self.p_holm < ALPHA:
            return "effect"
        if self.tost_holm is not None and self.tost_holm < ALPHA:
            return "equivalent"
        return "undecided"


def arms_of(folder: Path) -> dict[str, Arm]:
    """The sweep's run per vocabulary (one each, or an error naming what is missing or doubled)."""
    found: dict[str, list[Arm]] = {}
    for rj in sorted(Path(folder).glob("*/run.json")):
        arm = Arm.load(rj.parent)
        name = ((arm.record.config or {}).get("vocab") or {}).get("name")
        found.setdefault(str(name), []).append(arm)
    missing = [a for a in ARMS if a not in found]
    if missing:
        raise InputError(f"{folder}: no run of vocab {', '.join(missing)} (found: "
                         f"{', '.join(sorted(found)) or 'no run.json'})")
    doubled = [a for a in ARMS if len(found[a]) > 1]
    if doubled:
        raise InputError(f"{folder}: more than one run of vocab {', '.join(doubled)}: "
                         "the sweep keeps one run per arm")
    return {a: found[a][0] for a in ARMS}


def pairs_of(arms: dict[str, Arm]) -> list[Pair]:
    pairs = [Pair(b, c, compare_two(arms[b], arms[c], margin=MARGIN))
             for b, c in itertools.combinations(ARMS, 2)]
    ps = holm([p.result.comparison.p_overall if p.result.comparison else None for p in pairs])
    ts = holm([p.result.comparison.tost_p if p.result.comparison else None for p in pairs])
    for p, a, t in zip(pairs, ps, ts):
        p.p_holm, p.tost_holm = a, t
    return pairs


def repeats_to_decide(pair: Pair) -> str:
    """The repeats an arm at which the pair's observed se, scaled as 1/sqrt(r), would give an
    effect (CI at 1 - alpha/6 excludes 0) or equivalence (the 1 - 2 alpha/6 interval inside the
    margin) at the observed difference: the nearer of the two."""
    c = pair.result.comparison
    if c is None or c.se is None or not c.se > 0:
        return "-"
    r = min(c.repeats_base, c.repeats_cand)
    df = c.df or 1e9
    k = len(ARMS) * (len(ARMS) - 1) // 2
    d = abs(c.diff)
    out = []
    if d > 0:
        z = stats.t.ppf(1 - ALPHA / k / 2, df)
        out.append((math.ceil(r * (z * c.se / d) ** 2), "effect"))
    if d < MARGIN:
        z = stats.t.ppf(1 - ALPHA / k, df)
        out.append((math.ceil(r * (z * c.se / (MARGIN - d)) ** 2), "equivalent"))
    if not out:
        return "-"
    n, what = min(out)
    return f"~{max(n, r + 1)} ({what})"


def arm_table(arms: dict[str, Arm], folder: Path) -> pd.DataFrame:
    res = load(str(folder))
    room = room_table(res.room, ["vocabulary"]).set_index("vocabulary") if len(res.room) else None
    rows = []
    for name, arm in arms.items():
        reps = sorted(arm.record.repeats, key=lambda r: r.repeat)
        scores = [r.score for r in reps]
        row = {"arm": f"`{name}`", "run": arm.run_dir.name, "status": arm.record.status,
               "seeds complete": " ".join(str(r.seed) for r in reps) or "none",
               "scores": " ".join(map(str, scores)) or "-",
               "mean": f"{sum(scores) / len(scores):.2f}" if scores else "-"}
        if room is not None and name in room.index:
            g = room.loc[name]
            row.update({"floor": f"{g.floor * g.tests:.1f}", "ceiling": f"{g.ceiling * g.tests:.1f}",
                        "first candidate answered": f"{g.answered_top1:.1%}"})
        rows.append(row)
    return pd.DataFrame(rows)


def pair_table(pairs: list[Pair]) -> pd.DataFrame:
    rows = []
    for p in pairs:
        c = p.result.comparison
        if c is None:
            rows.append({"pair (cand − base)": f"`{p.cand}` − `{p.base}`", "verdict": "no comparison",
                         "method": p.result.why_not})
            continue
        rows.append({"pair (cand − base)": f"`{p.cand}` − `{p.base}`",
                     "repeats": f"{c.repeats_cand} vs {c.repeats_base}",
                     "diff (95% CI)": f"{c.diff:+.2f} [{c.ci_low:+.2f}, {c.ci_high:+.2f}]"
                                      if c.ci_low is not None else f"{c.diff:+.2f}",
                     "se": _f(c.se, ".2f"), "p": _f(c.p_overall, ".3g"), "p (Holm)": _f(p.p_holm, ".3g"),
                     "TOST p": _f(c.tost_p, ".3g"), "TOST p (Holm)": _f(p.tost_holm, ".3g"),
                     "verdict": f"**{p.verdict}**",
                     "repeats an arm to decide": repeats_to_decide(p) if p.verdict == "undecided" else "-"})
    return pd.DataFrame(rows)


def method_lines(pairs: list[Pair]) -> list[str]:
    out = []
    for p in pairs:
        c = p.result.comparison
        if c is not None:
            out.append(f"`{p.cand}` − `{p.base}`: {c.unit} unit, {c.method}"
                       + (f"; {c.rounds}" if c.rounds else ""))
    return out


def answer(pairs: list[Pair]) -> str:
    v = [p.verdict for p in pairs]
    if "effect" in v:
        moved = ", ".join(f"`{p.cand}` − `{p.base}`" for p in pairs if p.verdict == "effect")
        return f"**The vocabulary moves the model**: an effect in {moved}."
    if all(x == "equivalent" for x in v):
        return f"**It does not move the model by more than {MARGIN} points**: all 6 pairs equivalent."
    und = ", ".join(f"`{p.cand}` − `{p.base}`" for p in pairs if p.verdict == "undecided")
    return f"**Undecided**: no pair reads effect; undecided: {und}."


def seed_table(arms: dict[str, Arm]) -> pd.DataFrame:
    by_seed: dict[int, dict[str, str]] = {}
    for name, arm in arms.items():
        for r in arm.record.repeats:
            by_seed.setdefault(r.seed, {})[name] = str(r.score)
    rows = [{"seed": s, **{f"`{a}`": by_seed[s].get(a, "-") for a in ARMS}} for s in sorted(by_seed)]
    return pd.DataFrame(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="the sweep's experiment folder (run.experiment=vocab4)")
    ap.add_argument("--level", type=int, default=3, choices=range(1, 6), help="heading level")
    args = ap.parse_args(argv)
    arms = arms_of(args.folder)
    done = sum(len(a.passes) for a in arms.values())
    planned = REPEATS * len(ARMS)
    h = "#" * args.level
    if done < planned:
        print(f"**Interim: {done} of the {planned} pre-registered repeats are complete; this decides "
              "nothing** (the page's stopping rule: fixed at 10 repeats an arm).\n")
    else:
        print(f"All {planned} pre-registered repeats are complete.\n")
    print(f"{h} The arms\n\n" + md(arm_table(arms, args.folder)))
    pairs = pairs_of(arms)
    print(f"\n{h} The six pairs (margin ±{MARGIN}, Holm over the 6)\n\n" + md(pair_table(pairs)))
    print("\n" + "\n".join(f"- {line}" for line in method_lines(pairs)))
    if done < planned:
        print(f"\n{h} The answer\n\nNot yet: an interim look decides nothing (the stopping rule is "
              f"fixed at {REPEATS} repeats an arm; {done} of {planned} are in). Read at this look, "
              "the page's rule would say: " + answer(pairs))
    else:
        print(f"\n{h} The answer\n\n" + answer(pairs))
    print(f"\n{h} Seed by seed (exploratory)\n\n" + md(seed_table(arms)))


def _f(x, spec: str) -> str:
    return "-" if x is None else format(x, spec)


if __name__ == "__main__":
    run(main, __file__)
