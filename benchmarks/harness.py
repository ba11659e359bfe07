"""Harness speed: the agent loop with the no-LLM `tool_follower` on a suite, after warmup.

    .venv/bin/python benchmarks/harness.py [--suite tests70] [--rounds 5] [--session single|isolated]

Target (issue 5): tests70 in <= 3 s after warmup. What is timed is everything a real run does
per test except the model: the templated message, the backend turn, tool-call validation,
path_resolve (lexical scoring, query encoding, MaxSim rerank), vocabulary rendering, per-field
token counts, grading and the per-test records. Warmup = index build, encoder load, candidate
embeddings, and one untimed pass (so every path_resolve query embedding path is warm; the
resolver keeps no per-query cache, so timed rounds do the same work as the warm pass).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lab.agent import Session, agent_settings, load_prompt, run_session  # noqa: E402
from lab.config import compose  # noqa: E402
from lab.models import load_model  # noqa: E402
from lab.pathfinder.resolver import load_resolver  # noqa: E402
from lab.runner import load_run_suite  # noqa: E402
from lab.tools import build_toolset  # noqa: E402


def build_session(cfg):
    """The agent session `lab run` would build for `cfg` (the model loaded), and its suite."""
    resolver = load_resolver(cfg)
    suite = load_run_suite(cfg.suite, set(resolver.index.by_path))
    toolset = build_toolset(cfg, resolver=resolver)
    toolset.warmup()
    backend = load_model(cfg.model)
    settings = agent_settings(cfg.agent, model_policy=cfg.model.get("context_policy"))
    templates = load_prompt(cfg.prompt, suite.raw.get("templates"), str(suite.path))
    session = Session(backend=backend, toolset=toolset, templates=templates, settings=settings,
                      corpus_root=Path(resolver.root))
    return session, suite


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", default="tests70")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--session", choices=["single", "isolated"], default="single")
    ap.add_argument("overrides", nargs="*", help="Hydra overrides (corpus.root=..., vocab=...)")
    a = ap.parse_args()

    t0 = time.perf_counter()
    cfg = compose([f"suite.file={a.suite}", "model=tool_follower", f"agent.session={a.session}",
                   *a.overrides])
    session, suite = build_session(cfg)
    warm = run_session(suite.tests, session, seed=0)
    t_warm = time.perf_counter() - t0

    times = []
    for k in range(a.rounds):
        t = time.perf_counter()
        res = run_session(suite.tests, session, seed=k)
        times.append(time.perf_counter() - t)
        assert [r.outcome for r in res.results] == [r.outcome for r in warm.results]
    n = len(suite.tests)
    score = sum(r.passed for r in warm.results)
    calls = sum(len(r.tool_calls) for r in warm.results)
    print(f"suite {suite.name}: {n} tests, {len(resolver.index.files)} files, session {a.session}, "
          f"vocab {cfg.vocab.name}")
    print(f"warmup (index, encoder, embeddings, one pass): {t_warm:.2f} s")
    print(f"harness time per run: median {statistics.median(times):.3f} s, min {min(times):.3f} s, "
          f"max {max(times):.3f} s over {a.rounds} rounds ({statistics.median(times) / n * 1000:.1f} ms/test)")
    print(f"tool_follower score {score}/{n}, {calls} tool calls; target <= 3 s for 70 tests: "
          f"{'met' if statistics.median(times) * 70 / n <= 3 else 'NOT met'}")


if __name__ == "__main__":
    main()
