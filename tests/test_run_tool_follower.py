"""`model=tool_follower` through the whole run scores exactly eval-resolver's recall@1 x N."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.config import compose
from lab.suites.eval_resolver import evaluate
from lab.pathfinder.resolver import load_resolver
from lab.runner import load_run_suite, run
from lab.paths import PROMPTS_DIR

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def _check(overrides: list[str], tmp_path: Path) -> tuple[int, int]:
    cfg = compose([*overrides, "model=tool_follower", f"run.results_dir={tmp_path}"])
    resolver = load_resolver(cfg)
    suite = load_run_suite(cfg.suite, set(resolver.index.by_path))
    resolver.warmup()
    recall1 = evaluate(resolver, suite).metrics["recall@1"]
    out = run(cfg, progress=False)
    score = out.record.repeats[0].score
    n = len(suite.tests)
    assert score == round(recall1 * n), (score, recall1, n)
    misses = {q.id for q in evaluate(resolver, suite).queries if q.rank_in_top_k != 1}
    failed = {r.test_id for r in out.sessions[0].results if r.outcome != "pass"}
    assert failed == misses                                     # the same tests, not just the count
    assert {r.outcome for r in out.sessions[0].results} <= {"pass", "fail"}
    return score, n


@pytest.mark.parametrize("semantic", ["true", "false"])
def test_tool_follower_scores_recall_at_1_on_the_mini_suite(tmp_path, semantic):
    _check([f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}",
            f"resolver.semantic.enabled={semantic}"], tmp_path)


@pytest.mark.slow     # the packaged corpus materialized, indexed and encoded, then all 70 tests (128 s of CPU)
@pytest.mark.skipif(not (PROMPTS_DIR / "tests70.yaml").is_file(), reason="prompts/tests70.yaml not there yet")
def test_tool_follower_scores_recall_at_1_on_tests70(tmp_path):
    score, n = _check(["suite=tests70"], tmp_path)
    assert n == 70


def test_the_reference_summary_has_no_cascade_and_no_forced_calls(tmp_path):
    """Issue 26: a no-LLM run printed COPY CASCADE once per repeat and forced-call statistics; a
    deterministic reference says what its repeated answers are instead."""
    from lab.runner.run_summary import format_summary

    others = ["services/billing/config.rs", "services/billing/invoice.go", "services/billing/config.go",
              "services/payments/generated/payments.pb.go", "services/payments/handler.go",
              "services/payments/client/go/retry.go", "services/payments/client/rust/retry.rs"]
    tests = "\n".join(f"  - id: same-{i:02d}\n    category: A\n    position: {i}\n"
                      f"    query: invoice_test.go\n    expected: [{path}]"
                      for i, path in enumerate(others, 1))
    suite = tmp_path / "same.yaml"
    suite.write_text(f"name: same\ncategories:\n  A: one query seven times\ntests:\n{tests}\n")
    cfg = compose([f"corpus.root={MINIREPO}", f"suite.file={suite}", f"prompt.file={TEMPLATES}",
                   "resolver.semantic.enabled=false", "model=tool_follower", "run.repeats=3",
                   "agent.session=single", "agent.tool_choice=first",
                   f"run.results_dir={tmp_path / 'r'}"])
    out = run(cfg, progress=False)
    assert any((r.cascade or {}).get("flagged") for r in out.record.repeats)   # the same answer 7x
    text = format_summary(out.record, out.run_dir)
    assert "COPY CASCADE" not in text and "COLLAPSED" not in text and "FORCED" not in text
    assert "no LLM (tool_follower): a deterministic reference" in text
    assert "every repeat scores the same" in text and "not a copy cascade" in text
    # the report: no cascade or tool-use row for the reference, and the reason said once
    from lab.analysis import load
    from lab.analysis.report import build_report
    from lab.analysis.tables import report_tables
    res = load(out.run_dir)
    assert len(res.repeats) == 3 and res.repeats["cascade_flagged"].any()
    T = report_tables(res)
    assert T["cascades"].empty and T["tool_use"].empty
    rep = build_report([out.run_dir], tmp_path / "rep", reference=False, n_boot=200)
    assert "Runs of the no-LLM reference (`model=tool_follower`) are not in" in rep.markdown.read_text()
