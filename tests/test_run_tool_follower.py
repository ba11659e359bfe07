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


@pytest.mark.skipif(not (PROMPTS_DIR / "tests70.yaml").is_file(), reason="prompts/tests70.yaml not there yet")
def test_tool_follower_scores_recall_at_1_on_tests70(tmp_path):
    score, n = _check(["suite=tests70"], tmp_path)
    assert n == 70
