"""`lab diff` and the regression gate: identical runs -> 0, a worse candidate -> 1, a worse one
within run-to-run noise -> 0, no baseline -> 2, a damaged baseline -> 2 with the file named; the
gate's p-values against scipy; eval-resolver shares the exit codes."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.runner import run
from lab.comparisons.gate import EXIT_CANNOT_JUDGE, EXIT_OK, EXIT_REGRESSION, judge_metrics, judge_repeats
from lab.stats import compare_scores
from support.runs import scripted, scripted_cfg


def make(tmp_path, repeats=3, fails=lambda t, s: False, *extra):
    return run(scripted_cfg(tmp_path, f"run.repeats={repeats}", *extra), backend=scripted(fails=fails),
               progress=False).run_dir


def lab(*args):
    return CliRunner().invoke(main, list(args))


# -- statistics ------------------------------------------------------------------------------------

def test_welch_over_repeat_scores_is_scipys():
    from scipy import stats
    # base 66 60 56 (the source log's exist_similar runs), cand 67 65 63
    d = compare_scores([66, 60, 56], [67, 65, 63])
    ref = stats.ttest_ind([67, 65, 63], [66, 60, 56], equal_var=False)
    vb, vc = 76 / 3 / 3, 4 / 3                     # variance / n per side
    assert math.isclose(d.diff, 13 / 3) and math.isclose(d.se, math.sqrt(vb + vc))
    assert math.isclose(d.diff / d.se, ref.statistic) and math.isclose(d.p_value, ref.pvalue)
    assert math.isclose(d.df, (vb + vc) ** 2 / (vb ** 2 / 2 + vc ** 2 / 2))
    lo, hi = d.ci
    assert math.isclose(hi - d.diff, stats.t.ppf(0.975, d.df) * d.se)
    assert compare_scores([5], [3]).se is None and compare_scores([5], [3]).method == "none"
    assert compare_scores([5, 5], [3]).method == "none"           # scores alone: noise unseen
    assert compare_scores([5, 5], [3], deterministic=True).method == "exact"
    pooled = compare_scores([5, 4], [3])
    assert pooled.method == "pooled" and math.isclose(
        pooled.p_value, stats.ttest_ind([3], [5, 4], equal_var=True).pvalue)


def test_gate_rule():
    assert judge_repeats([6, 6, 6], [6, 6, 6]).code == EXIT_OK
    det = dict(deterministic=True)
    assert judge_repeats([6, 6, 6], [4, 4, 4], **det).code == EXIT_REGRESSION     # deterministic drop
    assert judge_repeats([6, 6, 6], [4, 4, 4]).code == EXIT_CANNOT_JUDGE          # noise unseen
    assert judge_repeats([6, 6, 6], [5.5, 5.5, 5.5]).code == EXIT_OK              # below the margin
    assert judge_repeats([6, 6, 6], [5.5, 5.5, 5.5], margin=0, **det).code == EXIT_REGRESSION
    noisy = judge_repeats([6, 6, 6], [6, 2, 6])       # -1.33 points, t = 1 on 2 df: p = 0.42
    assert noisy.code == EXIT_OK and "within run-to-run noise" in noisy.message
    from scipy import stats
    assert math.isclose(noisy.p, 2 * stats.t.sf(1.0, 2))                   # two-sided
    assert judge_repeats([6, 6, 6], [6, 2, 6], alpha=0.5).code == EXIT_REGRESSION
    assert judge_repeats([66, 60, 56], [52, 57, 55]).code == EXIT_OK             # p = 0.16
    assert judge_repeats([66, 60, 56], [52, 57, 55], alpha=0.2).code == EXIT_REGRESSION
    assert judge_repeats([6, 2, 6], [6, 6, 6], alpha=0.5).code == EXIT_OK   # better is never worse
    assert judge_repeats([6], [3]).code == EXIT_CANNOT_JUDGE                     # no noise estimate
    assert judge_repeats([6], [6]).code == EXIT_OK
    assert judge_repeats([], [6]).code == EXIT_CANNOT_JUDGE
    assert judge_metrics({"recall@1": .5, "recall@k": .9, "mrr": .6},
                         {"recall@1": .4, "recall@k": .9, "mrr": .6}).code == EXIT_REGRESSION


# -- lab diff --------------------------------------------------------------------------------------

def test_diff_shows_repeats_categories_flips_and_outcome_changes(tmp_path):
    base = make(tmp_path, 3)
    cand = make(tmp_path, 3, lambda t, s: (t == "mini-03" and s in (1, 2)) or t == "mini-05")
    res = lab("diff", str(base), str(cand))
    assert res.exit_code == 0, res.output
    out = res.output
    assert "same fingerprint" in out
    assert "     0      6/6      5/6" in out and "     1      6/6      4/6" in out
    # both runs at seeds 0, 1, 2: paired by seed, every repeat counted (issue 59)
    assert "cand - base -1.67 points on 6 common tests (95% CI" in out
    assert ("paired t-test over the 3 seeds (single session, both arms ran the same seeds: the "
            "seed is the pair; every repeat counted; collapsed repeats counted like the rest: "
            "base 0/3, cand 0/3)") in out
    # paired, the consistent drop is beyond noise (p 0.038): no equivalence line beside it
    assert "both parts: p =" not in out and "p = 0.03775" in out and "equivalence within" not in out
    assert "minimum detectable effect at this spread" in out
    assert "mcnemar-exact per test across repeats, Holm over 6 tests" in out
    assert "  D        1   1.00   0.33  -0.67" in out and "  F        3   3.00   2.00  -1.00" in out
    assert "flipped tests (2)" in out
    assert "mini-05" in out and "3/3 -> 0/3   flipped in 3/3   p 0.25, Holm 1" in out
    assert "mini-03" in out and "3/3 -> 1/3   flipped in 2/3" in out
    assert "passx3 -> passx1 failx2" in out and "pass 18->13" in out
    data = json.loads(lab("diff", str(base), str(cand), "--format", "json").output)
    assert data["same_fingerprint"] and data["base"]["scores"] == [6, 6, 6]
    assert data["cand"]["scores"] == [5, 4, 4] and data["mean"]["diff"] == pytest.approx(-5 / 3)
    assert [f["test_id"] for f in data["flipped"]] == ["mini-03", "mini-05"]
    assert data["flipped"][0]["flipped_repeats"] == 2
    assert data["comparison"]["p_value"] == data["mean"]["p"] and data["comparison"]["level"] == 0.95
    assert data["per_test_method"] == "mcnemar-exact" and data["per_test_family"] == 6


def test_diff_of_runs_with_different_inputs_names_them(tmp_path):
    base = make(tmp_path, 1)
    cand = make(tmp_path, 1, lambda t, s: False, "vocab=minimal")
    res = lab("diff", str(base), str(cand))
    # the compared axis is named, not warned about as "not like-for-like" (issue 26)
    assert res.exit_code == 0 and "fingerprints differ" not in res.output
    assert "compared: vocabulary maybe_exts -> minimal (the cells' axes that differ)" in res.output
    assert "warning" not in res.output and "vocab.maybe_exts.presence" not in res.output
    data = json.loads(lab("diff", str(base), str(cand), "--format", "json").output)
    assert data["axes_differ"] == {"vocabulary": {"base": "maybe_exts", "cand": "minimal"}}
    assert data["other_differences"] == [] and data["fingerprint_differences"]


def test_diff_warns_only_about_inputs_beyond_the_compared_axes(tmp_path):
    base = make(tmp_path, 1)
    cand = make(tmp_path, 1, lambda t, s: False, "vocab=minimal", "agent.max_tool_calls=7")
    res = lab("diff", str(base), str(cand))
    assert "compared: vocabulary maybe_exts -> minimal" in res.output
    warning = res.output.split("warning: the runs differ beyond vocabulary", 1)[1].split("\n\n")[0]
    assert "agent.max_tool_calls: 8 -> 7" in warning and "vocab." not in warning
    data = json.loads(lab("diff", str(base), str(cand), "--format", "json").output)
    assert data["other_differences"] == ["agent.max_tool_calls: 8 -> 7"]


def test_usage_errors_exit_2(tmp_path):
    base = make(tmp_path, 1)
    assert lab("diff", str(base)).exit_code == 2                         # one run, no gate
    assert lab("diff", "a", "b", "c").exit_code == 2
    assert lab("diff", str(base), str(tmp_path / "nope")).exit_code == 2
    res = lab("diff", str(tmp_path / "nope"), str(base))         # names the argument that is wrong
    assert res.exit_code == 2 and f"BASE '{tmp_path / 'nope'}' is wrong" in res.output
    res = lab("diff", str(base), "results/nope")
    assert res.exit_code == 2 and "CAND 'results/nope' is wrong: no such run directory" in res.output
    assert lab("diff", "--fail-on-regression", str(base), "--alpha", "1.5").exit_code == 2
    assert lab("diff", str(base), str(base), "--margin", "-1").exit_code == 2


# -- the gate ---------------------------------------------------------------------------------------

def test_identical_scripted_runs_pass_the_gate(tmp_path):
    make(tmp_path, 3)
    cand = make(tmp_path, 3)
    res = lab("diff", "--fail-on-regression", str(cand))
    assert res.exit_code == 0, res.output
    assert "no regression" in res.stderr


def test_a_worse_candidate_fails_the_gate(tmp_path):
    base = make(tmp_path, 3)
    middle = make(tmp_path, 3, lambda t, s: t == "mini-01")
    cand = make(tmp_path, 3, lambda t, s: t in ("mini-02", "mini-04"))
    res = lab("diff", "--fail-on-regression", str(cand), "--baseline", str(base))
    assert res.exit_code == 1, res.output
    assert "REGRESSION" in res.stderr and str(base) in res.stderr
    # automatic baseline: the latest complete run with the same fingerprint before the candidate
    res = lab("diff", "--fail-on-regression", str(cand))
    assert res.exit_code == 1 and "mean 4.00 vs baseline 5.00" in res.stderr and str(middle) in res.stderr
    data = json.loads(lab("diff", "--fail-on-regression", str(cand), "--format", "json").stdout)
    assert data["gate"]["exit_code"] == 1 and data["gate"]["p"] == 0.0


def test_worse_within_noise_passes_and_margin_and_alpha_are_configurable(tmp_path):
    base = make(tmp_path, 3)
    cand = make(tmp_path, 3, lambda t, s: s == 1 and t in ("mini-01", "mini-02", "mini-03", "mini-04"))
    assert lab("diff", "--fail-on-regression", str(cand)).exit_code == 0        # p = 0.42
    # the same seeds: paired by seed, one part (issue 59): differences 0, -4, 0 give p 0.42
    assert lab("diff", "--fail-on-regression", str(cand), "--alpha", "0.3").exit_code == 0
    assert lab("diff", "--fail-on-regression", str(cand), "--alpha", "0.5").exit_code == 1
    assert lab("diff", "--fail-on-regression", str(cand), "--alpha", "0.5",
               "--margin", "2").exit_code == 0                                   # drop 1.33 < 2
    assert lab("diff", "--fail-on-regression", str(base), str(cand), "--alpha", "0.5").exit_code == 1


def test_missing_baseline_exits_2(tmp_path):
    cand = make(tmp_path, 2)
    res = lab("diff", "--fail-on-regression", str(cand))
    assert res.exit_code == 2 and "no baseline" in res.stderr
    other = make(tmp_path, 2, lambda t, s: False, "vocab=minimal")   # another fingerprint
    res = lab("diff", "--fail-on-regression", str(other))
    assert res.exit_code == 2 and "no baseline" in res.stderr


@pytest.mark.parametrize("damage", ["truncate", "edit", "tests.csv"])
def test_corrupt_baseline_exits_2_naming_the_file(tmp_path, damage):
    base = make(tmp_path, 2)
    cand = make(tmp_path, 2)
    target = base / ("tests.csv" if damage == "tests.csv" else "run.json")
    text = target.read_text()
    if damage == "edit":
        rec = json.loads(text)
        rec["repeats"][0]["score"] = "six"
        target.write_text(json.dumps(rec))
    else:
        target.write_text(text[: len(text) // 2])
    if damage != "tests.csv":
        res = lab("diff", "--fail-on-regression", str(cand))                 # found by the search
        assert res.exit_code == 2 and str(target) in res.stderr, res.output
    res = lab("diff", "--fail-on-regression", str(cand), "--baseline", str(base))
    assert res.exit_code == 2 and str(target) in res.stderr, res.output


def test_an_unfinished_candidate_cannot_be_judged(tmp_path):
    make(tmp_path, 2)
    cand = make(tmp_path, 2)
    rec = json.loads((cand / "run.json").read_text())
    rec["status"] = "interrupted"
    (cand / "run.json").write_text(json.dumps(rec))
    res = lab("diff", "--fail-on-regression", str(cand))
    assert res.exit_code == 2 and "not complete" in res.stderr and "lab resume" in res.stderr


def test_runs_by_id(tmp_path):
    base = make(tmp_path, 1)
    cand = make(tmp_path, 1)
    res = lab("diff", base.name, cand.name, "--results", str(tmp_path))
    assert res.exit_code == 0 and f"base {base}" in res.output
