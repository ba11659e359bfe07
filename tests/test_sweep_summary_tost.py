"""Issue 24: the sweep summary (printed after `lab run -m`) says "no" where a difference is not
beyond noise, and puts the TOST line beside it — also beside a difference whose raw p is below
alpha but whose Holm-adjusted p is not (before: a blank "beyond noise" and no TOST line)."""

from __future__ import annotations

from pathlib import Path

from lab.stats import compare_scores, holm
from lab.sweeps.summary import SweepSummaryResult, format_summary


def _rows(pairs):
    out = []
    for name, (b, c) in pairs.items():
        out.append({"base": "base", "cand": name, "why_not": None, "tests_beyond_luck": [],
                    **compare_scores(b, c, tests=70).to_dict()})
    for row, p in zip(out, holm([r["p_overall"] for r in out])):
        row["p_holm"], row["family"] = p, sum(x is not None for x in holm([r["p_overall"] for r in out]))
    return out


def test_the_summary_says_no_and_tost_beside_every_difference_not_beyond_noise_after_holm():
    rows = _rows({"raw_only": ([60, 61, 62, 60, 61, 61, 60, 62], [61, 62, 62, 61, 62, 62, 61, 63]),
                  "clear": ([50, 51, 50, 52, 51], [60, 61, 62, 60, 61]),
                  "flat": ([60, 60], [60, 60]),
                  "noise": ([60, 61, 62, 61], [61, 60, 62, 61])})
    raw, clear, flat, _ = rows
    assert raw["p_value"] < 0.05 <= raw["p_holm"]          # what the case is about
    assert clear["p_holm"] < 0.05 and flat["p_holm"] is None
    text = format_summary(SweepSummaryResult(Path("/tmp/sweep-x"), [], [], "", rows))
    line = {r["cand"]: next(x for x in text.splitlines() if x.startswith(f"| base | {r['cand']} "))
            for r in rows}
    cells = {k: [x.strip() for x in v.split("|")] for k, v in line.items()}
    assert cells["raw_only"][9] == "no" and "equivalence within ±3 points" in cells["raw_only"][10]
    assert "TOST p" in cells["raw_only"][10]
    assert cells["clear"][9] == "yes" and "equivalence" not in cells["clear"][10]
    assert cells["flat"][9] == "–" and "cannot tell" in cells["flat"][10]
