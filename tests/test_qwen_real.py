"""The embedded default model, Qwen2.5-Coder-1.5B-Instruct (Q4_K_M, assembled from its 22 PyPI
part packages), through `lab run` on a handful of tests. Slow: a real 1.1 GB model on 2 cores.

What is asserted is the lab's side, never a score: calls come in the model's native format, a
forced first call obeys the tool's JSON schema, every outcome is a label, the record names the
model's sha256 and quantization, and the unforced rate is measured apart from forced calls."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.records.results import OUTCOMES
from lab.cli import main
from lab.models.textcalls import CALL_FORMS
from lab.records.record import read_record, read_tests_csv, read_transcript
from lab.tools.base import check_args
from support.runs import EMBEDDED_MODEL


pytestmark = EMBEDDED_MODEL

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
SHA = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"


def run_dir(results: Path) -> Path:
    [d] = [p for p in (results / "default").iterdir() if p.is_dir() and not p.name.startswith(".")]
    return d


def lab_run(tmp_path: Path, *overrides: str, limit: int = 3) -> Path:
    # the default model (no model= override): the embedded 1.5B; the mini suite over minirepo
    res = CliRunner().invoke(main, ["run", f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}",
                                    f"suite.limit={limit}", "agent.session=isolated",
                                    "resolver.semantic.enabled=false", f"run.results_dir={tmp_path}",
                                    *overrides], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return run_dir(tmp_path)


def test_forced_first_calls_are_native_and_obey_the_schema(tmp_path):
    d = lab_run(tmp_path, "agent.tool_choice=first", "agent.forced_tool=null", limit=2)   # any offered tool
    rec = read_record(d)
    assert rec.model["name"] == "qwen2.5-coder-1.5b" and rec.model["sha256"] == SHA
    assert rec.model["quantization"] == "Q4_K_M" and rec.model["context_length"] == 32768
    assert rec.agent["tool_choice"] == "first"
    header, results = read_transcript(d / "transcripts/repeat-0.jsonl")
    schemas = {t["function"]["name"]: t["function"]["parameters"] for t in header["tools"]}
    assert len(results) == 2
    for r in results:
        assert r.outcome in OUTCOMES and r.outcome != "skipped", r.outcome
        assert r.first_call_forced
        first = r.tool_calls[0]
        assert first.forced and first.form == "tool_call_tags" and first.name in schemas
        assert check_args(first.name, schemas[first.name], first.arguments) is None, first.arguments
        assert set(first.arguments) <= set(schemas[first.name]["properties"])   # nothing invented
        reply = next(m for m in r.messages if m["role"] == "assistant")["content"]
        assert reply.startswith("<tool_call>\n{") and reply.rstrip().endswith("</tool_call>")
        assert all(c.form in CALL_FORMS for c in r.tool_calls)
    rows = read_tests_csv(d / "tests.csv")
    assert all(row.first_call_forced for row in rows)
    use = rec.repeats[0].tool_use
    assert use["tests_first_forced"] == 2 and use["forced_calls"] >= 2


def test_auto_leaves_every_call_to_the_model_and_labels_each_outcome(tmp_path):
    d = lab_run(tmp_path, "agent.tool_choice=auto", "agent.forced_tool=null", "agent.max_tokens_per_turn=96")
    rec = read_record(d)
    rows = read_tests_csv(d / "tests.csv")
    assert len(rows) == 3 and not any(row.first_call_forced for row in rows)
    assert all(row.outcome in OUTCOMES and row.outcome != "skipped" for row in rows)
    assert all(row.unforced_calls == row.tool_calls for row in rows)   # nothing forced in auto
    use = rec.repeats[0].tool_use
    assert use["forced_calls"] == 0 and use["tests"] == 3 and 0.0 <= use["unforced_rate"] <= 1.0
    assert set(use["forms"]) <= set(CALL_FORMS)
    assert rec.model["sha256"] == SHA and rec.repeats[0].generation_tps
