"""`lab diff BASE CAND`: two runs side by side, from their records and tests.csv.

Per-repeat scores, per-category deltas, tests that flipped (pass in one run, not in the other:
counted per repeat, pairing repeat k with repeat k — the same seed), outcome-label changes per
test and in total, and the lab's one comparison of the two runs (lab.comparisons.runs ->
lab.stats.compare_arms: mean difference, CI, p-value, effect size, minimum detectable effect —
the numbers the gate, the sweep summary and the report give for the same runs), with a paired
exact test per flipped test, Holm-adjusted over the suite. Only complete repeats count.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from lab.records.cascade import Unanswered, stopped_by_repeat
from lab.records.results import OUTCOMES
from lab.records.fingerprint import Fingerprint
from lab.records.numerics import Numerics, describe_difference, of_record
from lab.records.rounds import cpu_span, cpus_of
from lab.records.recovery import left_out_words
from lab.comparisons.runs import RunComparison, compare_runs
from lab.records.record import TESTS_FILE, RunRecord, TestRow, read_record, read_tests_csv
from lab.stats import TestEffect
from lab.stats.equivalence import DEFAULT_MARGIN
from lab.stats import words


def mean(xs) -> float:
    return sum(xs) / len(xs)


@dataclass
class TestChange:
    test_id: str
    category: str | None
    base_pass: int
    base_n: int
    cand_pass: int
    cand_n: int
    flipped: int                 # paired repeats where pass/fail differs
    paired: int                  # repeats present in both runs
    base_outcomes: dict[str, int]
    cand_outcomes: dict[str, int]
    effect: TestEffect | None = None   # exact test across repeats, Holm-adjusted (common tests)

    @property
    def delta(self) -> float:
        b = self.base_pass / self.base_n if self.base_n else 0.0
        c = self.cand_pass / self.cand_n if self.cand_n else 0.0
        return c - b


@dataclass
class RunDiff:
    base_dir: Path
    cand_dir: Path
    base: RunRecord
    cand: RunRecord
    fingerprint_differences: list[str]
    result: RunComparison
    level: float                                   # of the confidence interval
    categories: list[dict] = field(default_factory=list)
    tests: list[TestChange] = field(default_factory=list)   # every test seen in either run
    outcome_totals: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: the cell axes (lab/records/cells.py) on which base and cand differ: axis -> (base, cand)
    axes: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: per side, the single-session repeats that stopped answering (lab.records.cascade):
    #: repeat -> its unanswered streak; never a collapse, so the comparison counts them as working
    stopped: dict[str, dict[int, Unanswered]] = field(default_factory=dict)

    @property
    def other_differences(self) -> list[str]:
        """Fingerprint differences that are none of the differing axes: what makes the
        comparison not like-for-like beyond the axes compared."""
        # heavy: lab.records.cells loads pandas (~0.6 s); `lab --help` loads this module
        from lab.records.cells import axis_of_path

        return [x for x in self.fingerprint_differences
                if axis_of_path(x.split(":", 1)[0]) not in self.axes]

    @property
    def flipped(self) -> list[TestChange]:
        return [t for t in self.tests if t.flipped or t.base_pass * t.cand_n != t.cand_pass * t.base_n]

    @property
    def outcome_changes(self) -> list[TestChange]:
        return [t for t in self.tests if t.base_outcomes != t.cand_outcomes]

    @property
    def comparison(self):
        return self.result.comparison

    def to_dict(self) -> dict:
        c = self.comparison
        return {
            "base": {"run_id": self.base.run_id, "run_dir": str(self.base_dir),
                     "fingerprint": self.base.fingerprint, "scores": self.base.scores},
            "cand": {"run_id": self.cand.run_id, "run_dir": str(self.cand_dir),
                     "fingerprint": self.cand.fingerprint, "scores": self.cand.scores},
            "same_fingerprint": not self.fingerprint_differences
            and self.base.fingerprint == self.cand.fingerprint,
            "fingerprint_differences": self.fingerprint_differences,
            "axes_differ": {k: {"base": b, "cand": c} for k, (b, c) in self.axes.items()},
            "other_differences": self.other_differences,
            "numerics": _numerics_pair(of_record(self.base), of_record(self.cand)),
            "cpus": cpus_pair(self.base, self.cand),
            "repeats": [{**p, **{f"{side}_stopped": (self.stopped.get(side, {})[p["repeat"]].to_dict()
                                                     if p["repeat"] in self.stopped.get(side, {}) else None)
                                 for side in ("base", "cand")}}
                        for p in _repeat_pairs(self.base, self.cand)],
            "mean": None if c is None else {
                "base": c.mean_base, "cand": c.mean_cand, "diff": c.diff, "se": c.se, "df": c.df,
                "method": c.method, "ci_level": c.level, "ci": list(c.ci) if c.ci else None,
                "p": c.p_value},
            **self.result.to_dict(),
            "categories": self.categories,
            "flipped": [_change_dict(t) for t in self.flipped],
            "outcome_changes": [_change_dict(t) for t in self.outcome_changes],
            "outcome_totals": {k: {"base": b, "cand": c} for k, (b, c) in self.outcome_totals.items()},
        }


def cpus_pair(base: RunRecord, cand: RunRecord) -> dict:
    """Repeats per CPU of each run, and a note when together they ran on more than one CPU
    (lab.records.rounds: machines rebuilt between working sessions keep their host name)."""
    b, c = cpus_of(base), cpus_of(cand)
    span = cpu_span(b, c)
    note = None if span is None else (
        f"the repeats ran on {span} (" + "; ".join(
            f"{side}: " + ", ".join(f"{cpu} {k}" for cpu, k in n.items()) for side, n in (("base", b), ("cand", c)))
        + ("): one numerics id, the same tokens on each; other speeds (docs/numerics.md)"
           if of_record(base).same_as(of_record(cand)) else "): see the numerics warning"))
    return {"base": b, "cand": c, "note": note}


def _numerics_pair(base: Numerics, cand: Numerics) -> dict:
    return {"base": base.id, "cand": cand.id, "same": base.same_as(cand),
            "note": describe_difference(base, cand)}


def _change_dict(t: TestChange) -> dict:
    return {"test_id": t.test_id, "category": t.category, "base": f"{t.base_pass}/{t.base_n}",
            "cand": f"{t.cand_pass}/{t.cand_n}", "flipped_repeats": t.flipped,
            "paired_repeats": t.paired, "base_outcomes": t.base_outcomes,
            "cand_outcomes": t.cand_outcomes,
            "p": t.effect.p_value if t.effect else None,
            "p_holm": t.effect.p_holm if t.effect else None}


def _repeat_pairs(base: RunRecord, cand: RunRecord) -> list[dict]:
    """Every complete repeat of either run with its score; a repeat left out of the comparison
    (tests that measured nothing: RunRecord.counted) says why in `base_left_out` / `cand_left_out`."""
    b = {r.repeat: r for r in base.repeats}
    c = {r.repeat: r for r in cand.repeats}
    return [{"repeat": k, "base": b[k].score if k in b else None, "cand": c[k].score if k in c else None,
             "n": (b.get(k) or c[k]).n,
             "base_left_out": (b[k].unmeasured or None) if k in b else None,
             "cand_left_out": (c[k].unmeasured or None) if k in c else None}
            for k in sorted(set(b) | set(c))]


def left_out(rec: RunRecord, run_dir: Path) -> str:
    """'' or the line naming a run's repeats that no statistic counts, and how to fix them."""
    if not rec.uncounted:
        return ""
    return (f"left out of the comparison, tests that measured nothing about the model: {left_out_words(rec)}; "
            f"`lab resume {run_dir}` runs them again")


def complete_rows(run_dir: Path, rec: RunRecord) -> list[TestRow]:
    """tests.csv rows of the record's counted repeats (strict reader: damage is an error)."""
    done = {r.repeat for r in rec.counted}
    if not done:
        return []
    return [r for r in read_tests_csv(Path(run_dir) / TESTS_FILE) if r.repeat in done]


def build(base_dir: Path, cand_dir: Path, *, level: float = 0.95,
          base: RunRecord | None = None, cand: RunRecord | None = None,
          margin: float = DEFAULT_MARGIN) -> RunDiff:
    base = base or read_record(base_dir)
    cand = cand or read_record(cand_dir)
    fp_b = Fingerprint(base.fingerprint or "", base.fingerprint_inputs or {})
    fp_c = Fingerprint(cand.fingerprint or "", cand.fingerprint_inputs or {})
    diffs = [] if base.fingerprint == cand.fingerprint else (
        fp_b.differences(fp_c) or ["(a record without fingerprint inputs)"])
    result = compare_runs(base_dir, cand_dir, base=base, cand=cand, level=level, margin=margin)
    d = RunDiff(Path(base_dir), Path(cand_dir), base, cand, diffs, result, level)
    # heavy: lab.records.cells loads pandas (~0.6 s); `lab --help` loads this module
    from lab.records.cells import cell_key, differing_axes
    kb, kc = cell_key(base).as_dict(), cell_key(cand).as_dict()
    d.axes = {a: (kb[a], kc[a]) for a in differing_axes(base, cand)}
    d.categories = _categories(base, cand)
    rows_b, rows_c = complete_rows(base_dir, base), complete_rows(cand_dir, cand)
    d.tests = _tests(rows_b, rows_c)
    d.stopped = {side: ({} if (rec.agent or {}).get("session") == "isolated" else stopped_by_repeat(rows))
                 for side, rec, rows in (("base", base, rows_b), ("cand", cand, rows_c))}
    effects = {e.test_id: e for e in result.effects}
    for t in d.tests:
        t.effect = effects.get(t.test_id)
    d.outcome_totals = {o: (sum(r.outcomes.get(o, 0) for r in base.counted),
                            sum(r.outcomes.get(o, 0) for r in cand.counted)) for o in OUTCOMES}
    return d


def suite_of(rec: RunRecord) -> str | None:
    return ((rec.config or {}).get("suite") or {}).get("name")


def refusal(d: RunDiff) -> str | None:
    """Why two runs cannot be compared at all (issue 60): different suites, or no test in common
    (`lab diff` then exits 2 with this one line); None when they can."""
    sb, sc = suite_of(d.base), suite_of(d.cand)
    if sb and sc and sb != sc:
        return (f"no comparison: BASE ran suite {sb}, CAND ran suite {sc} (a score of one suite "
                "is not a score of the other; compare runs of one suite)")
    if d.comparison is None and d.result.why_not == "no common test":
        return "no comparison: no common test (the runs share no test id among their complete repeats)"
    return None


def overlap(d: RunDiff) -> str | None:
    """When the runs compare on only part of their tests: a line saying which part."""
    c = d.comparison
    if c is None:
        return None
    nb = len({t.test_id for t in d.tests if t.base_n})
    nc = len({t.test_id for t in d.tests if t.cand_n})
    if c.tests < max(nb, nc):
        return (f"note: compared on the {c.tests} tests both runs completed (base has {nb}, cand "
                f"{nc}): scores below are over those common tests only")
    return None


def _categories(base: RunRecord, cand: RunRecord) -> list[dict]:
    cats = sorted({c for rec in (base, cand) for r in rec.counted for c in r.by_category})
    out = []
    for c in cats:
        def per(rec: RunRecord) -> tuple[float | None, int | None]:
            ps = [r.by_category[c]["pass"] for r in rec.counted if c in r.by_category]
            ns = [r.by_category[c]["n"] for r in rec.counted if c in r.by_category]
            return (mean(ps) if ps else None, ns[0] if ns else None)
        (pb, nb), (pc, nc) = per(base), per(cand)
        out.append({"category": c, "n": nb or nc, "base": pb, "cand": pc,
                    "delta": (pc - pb) if pb is not None and pc is not None else None})
    return out


def _tests(base_rows: list[TestRow], cand_rows: list[TestRow]) -> list[TestChange]:
    order: dict[str, int] = {}
    cat: dict[str, str | None] = {}
    by: dict[str, dict[str, dict[int, TestRow]]] = {"b": defaultdict(dict), "c": defaultdict(dict)}
    for side, rows in (("b", base_rows), ("c", cand_rows)):
        for r in rows:
            order.setdefault(r.test_id, len(order))
            cat.setdefault(r.test_id, r.category)
            by[side][r.test_id][r.repeat] = r
    out = []
    for tid in sorted(order, key=order.get):
        b, c = by["b"].get(tid, {}), by["c"].get(tid, {})
        paired = sorted(set(b) & set(c))
        out.append(TestChange(
            test_id=tid, category=cat[tid],
            base_pass=sum(r.passed for r in b.values()), base_n=len(b),
            cand_pass=sum(r.passed for r in c.values()), cand_n=len(c),
            flipped=sum(1 for k in paired if b[k].passed != c[k].passed), paired=len(paired),
            base_outcomes=_counts(b.values()), cand_outcomes=_counts(c.values())))
    return out


def _counts(rows) -> dict[str, int]:
    n = Counter(r.outcome for r in rows)
    return {o: n[o] for o in OUTCOMES if n[o]}


# -- text ------------------------------------------------------------------------------------------

def stopped_lines(d: RunDiff) -> list[str]:
    """A line per single-session repeat that stopped answering (`s` in the repeat table): what
    lab diff and the viewer's diff page say."""
    return [f"s {side} repeat {k}: stopped answering — {u.streak} tests in a row ended {u.outcome} "
            f"from {u.start}; no copied answer, so no collapse: the comparison counts it as a "
            f"working repeat (docs/statistics.md)"
            for side in ("base", "cand") for k, u in d.stopped.get(side, {}).items()]


def comparison_lines(c) -> list[str]:
    """The comparison as every text output says it (lab diff, the gate's message, calibrate)."""

    lvl = c.ci_level or c.level
    ci = (f"{lvl:.1%} CI {c.ci_low:+.2f} .. {c.ci_high:+.2f}".replace(".0%", "%") if c.ci else
          f"no CI: {c.note or 'one repeat on each side, noise unknown'}")
    p = f"p = {c.p_value:.4g}" if c.p_value is not None else "no p-value"
    es = f"; {c.effect_kind} = {c.effect_size:+.2f}" if c.effect_size is not None else ""
    mde = (f"minimum detectable effect at this spread: {c.mde:.2f} points ({c.power:.0%} power, "
           f"alpha {1 - lvl:.2g}, {c.repeats_base} vs {c.repeats_cand} repeats)"
           if c.mde is not None else "minimum detectable effect: unknown (no spread estimate)")
    what = "non-collapsed repeats: " if c.collapse is not None else ""
    out = [f"comparison: {what}cand - base {c.diff:+.2f} points on {c.tests} common tests ({ci}; "
           f"{p}{es})", f"  method: {c.describe()}", f"  {mde}"]
    d = c.to_dict()
    if c.collapse is not None:
        out.insert(0, f"comparison: {words.collapse(d)}")
        out.append(f"  both parts: p = {c.p_overall:.4g} (Bonferroni over the two parts), "
                   + ("beyond noise" if c.significant else "not beyond noise")
                   + f" at alpha {c.alpha:.2g}" if c.p_overall is not None else "  both parts: no p")
        if c.plain is not None:
            out.append("  " + words.plain(c.plain, c.level))
    eq = words.equivalence(d)
    if eq:
        out.append(f"  {eq}")
    return out


def _fmt_outcomes(d: dict[str, int]) -> str:
    return " ".join(f"{k}x{v}" for k, v in d.items()) or "-"


def format_diff(d: RunDiff) -> str:
    b, c = d.base, d.cand
    n = next((r.n for r in (*b.repeats, *c.repeats)), None)
    lines = [f"base {d.base_dir}  [{b.status}]  fingerprint {(b.fingerprint or '-')[:12]}"
             f"  numerics {of_record(b).label}",
             f"cand {d.cand_dir}  [{c.status}]  fingerprint {(c.fingerprint or '-')[:12]}"
             f"  numerics {of_record(c).label}"]
    axes = {a: v for a, v in d.axes.items() if a != "numerics"}   # numerics: warned below
    if axes:
        lines.append("compared: " + ", ".join(f"{a} {b_} -> {c_}" for a, (b_, c_) in axes.items())
                     + " (the cells' axes that differ)")
    other = d.other_differences
    if other:
        lines.append("warning: the runs differ beyond " + (" and ".join(axes) if axes else "their cell")
                     + " (not like-for-like in these inputs):")
        lines += [f"  {x}" for x in other]
    elif d.fingerprint_differences:
        lines.append("no other input differs: a like-for-like comparison of "
                     + " and ".join(axes))
    else:
        lines.append("same fingerprint: same inputs, any difference is the model's run-to-run "
                     "noise or the lab's code")
    note = describe_difference(of_record(b), of_record(c))
    if note:
        lines.append(f"warning: {note} (the machines' arithmetic is part of the difference)")
    cpus = cpus_pair(b, c)["note"]
    if cpus:
        lines.append(f"note: {cpus}")
    part = overlap(d)
    if part:
        lines.append(part)
    lines += ["", f"{'repeat':>6}  {'base':>7}  {'cand':>7}"]
    for p in _repeat_pairs(b, c):
        fmt = lambda s, out, side: (f"{s}/{p['n']}" + ("*" if out else "")  # noqa: E731
                                    + ("s" if p["repeat"] in d.stopped.get(side, {}) else "")) \
            if s is not None else "-"
        lines.append(f"{p['repeat']:>6}  {fmt(p['base'], p['base_left_out'], 'base'):>7}  "
                     f"{fmt(p['cand'], p['cand_left_out'], 'cand'):>7}")
    for side, rec, run_dir in (("base", b, d.base_dir), ("cand", c, d.cand_dir)):
        if left_out(rec, run_dir):
            lines.append(f"* {side}: {left_out(rec, run_dir)}")
    lines += stopped_lines(d)
    c = d.comparison
    if c:
        label = "mean of non-collapsed repeats" if c.collapse is not None else ""
        lines.append(f"{'mean':>6}  {c.mean_base:>7.2f}  {c.mean_cand:>7.2f}   "
                     f"cand - base {c.diff:+.2f} points" + (f" ({label})" if label else ""))
        lines += ["", *comparison_lines(c)]
    elif d.result.why_not:
        lines.append(f"no comparison: {d.result.why_not}")
    if d.categories:
        lines += ["", "per category (mean passes per repeat):",
                  f"  {'cat':<6} {'n':>3} {'base':>6} {'cand':>6} {'delta':>6}"]
        for r in d.categories:
            f = lambda v, sign="": format(v, sign + ".2f") if v is not None else "-"  # noqa: E731
            lines.append(f"  {r['category']:<6} {r['n'] or '-':>3} {f(r['base']):>6} {f(r['cand']):>6} "
                         f"{f(r['delta'], '+'):>6}")
    flipped = sorted(d.flipped, key=lambda t: (t.delta, t.test_id))
    eff = d.result.effects
    how = (f"; p: {eff[0].method} per test across repeats, Holm over {len(eff)} tests"
           if eff else "")
    lines += ["", f"flipped tests ({len(flipped)}): passes base -> cand, flipped in k of paired "
                  f"repeats{how}"]
    if c is not None and c.collapse is not None and (c.collapse["base"] or c.collapse["cand"]):
        lines.append("  (the exact tests and the shrunk column leave the collapsed repeats out)")
    for t in flipped:
        p = (f"   p {t.effect.p_value:.3g}, Holm {t.effect.p_holm:.3g}, BH {t.effect.p_bh:.3g}, "
             f"shrunk {t.effect.shrunk:+.2f}"
             + ("  BEYOND LUCK" if t.effect.significant else "")) if t.effect else ""
        lines.append(f"  {t.test_id:<14} {t.category or '-':<4} {t.base_pass}/{t.base_n} -> "
                     f"{t.cand_pass}/{t.cand_n}   flipped in {t.flipped}/{t.paired}{p}")
    if eff and flipped:
        n_sig = sum(e.significant for e in eff)
        if eff[0].testable:
            lines.append(f"  {n_sig} of {len(eff)} tests beyond luck after Holm (alpha "
                         f"{1 - d.level:.2g})")
        else:
            lines.append(f"  no per-test verdict: at these repeats no single test can reject after "
                         f"Holm over {len(eff)} (needs p < {(1 - d.level) / len(eff):.2g}); the rows "
                         "are flips, the shrunk column their estimate")
        h = d.result.heterogeneity
        if h.get("p") is not None:
            lines.append(f"  do the tests respond differently? Breslow-Day over {h['tables']} "
                         f"informative tests: chi2 {h['statistic']:.1f} on {h['df']} df, "
                         f"p {h['p']:.3g}")
    changes = d.outcome_changes
    lines += ["", f"outcome-label changes ({len(changes)} tests):"]
    for t in changes:
        lines.append(f"  {t.test_id:<14} {_fmt_outcomes(t.base_outcomes)} -> {_fmt_outcomes(t.cand_outcomes)}")
    totals = [(o, bv, cv) for o, (bv, cv) in d.outcome_totals.items() if bv or cv]
    if totals:
        lines += ["", "outcomes in total (all repeats): " + ", ".join(
            f"{o} {bv}->{cv}" for o, bv, cv in totals)]
    if n is None:
        lines.append("(no complete repeats)")
    return "\n".join(lines)
