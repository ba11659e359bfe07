"""CLI polish: `lab --help` summaries in full, a real `lab run --help`, `--format json` on the
run summary and `lab show`, elapsed/ETA in the run bar, "cell i/N" in sweeps, and each
contamination finding warned once per sweep."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from lab.agent.progress import Progress, clock_text
from lab.cli import main
from lab.suites.contamination import Finding, warn, warned_once_in
from support.runs import MINI_IDS, follower_args

REPO = Path(__file__).resolve().parent.parent


def invoke(*args: str, **kw):
    return CliRunner().invoke(main, list(args), catch_exceptions=False, **kw)


def test_lab_help_lists_every_command_with_its_whole_summary():
    out = invoke("--help", terminal_width=80).output
    commands = out.split("Commands:", 1)[1]
    assert "..." not in commands and "…" not in commands
    assert "Serve the configured tools as an MCP server" in out
    assert "streamable HTTP" in out and "export" in out


def test_lab_run_help_is_usage_outputs_and_exit_codes():
    out = invoke("run", "--help").output
    assert out.startswith("Usage: lab run")
    for part in ("Examples:", "lab run -m vocab=", "Outputs:", "tests.csv", "Exit codes:",
                 "  3 ", "130", "--format text|json"):
        assert part in out, part
    assert "defaults:" not in out and "_self_" not in out          # not Hydra's config dump


def test_lab_run_format_json_prints_the_summary_as_json(tmp_path):
    r = invoke("run", "--format", "json", *follower_args(tmp_path, "run.repeats=2"))
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["status"] == "complete" and len(doc["scores"]) == 2 and doc["model"] == "tool_follower"
    bad = CliRunner().invoke(main, ["run", "--format", "yaml", *follower_args(tmp_path)])
    assert bad.exit_code == 2 and "text or json" in bad.output


def test_lab_show_format_json(tmp_path):
    invoke("run", *follower_args(tmp_path))
    (run_dir,) = [d for d in (tmp_path / "default").iterdir() if d.is_dir()]
    one = json.loads(invoke("show", str(run_dir), "--test", "mini-03", "--format", "json").output)
    assert one["test"]["test_id"] == "mini-03" and one["vocabulary"] == "maybe_exts"
    assert one["test"]["tool_calls"] and "response_tokens" in one["test"]["tool_calls"][0]
    index = json.loads(invoke("show", str(run_dir), "--format", "json").output)
    assert [t["test_id"] for t in index["tests"]] == MINI_IDS


def test_the_run_bar_shows_elapsed_and_eta():
    now = [100.0]
    buf = io.StringIO()
    bar = Progress(10, stream=buf, enabled=True, clock=lambda: now[0])
    now[0] += 30
    bar.update("pass")
    now[0] += 30
    bar.update("fail")
    assert "test 2/10" in buf.getvalue() and "elapsed 1:00 ETA 4:00" in buf.getvalue()
    assert clock_text(3725) == "1:02:05" and clock_text(59.6) == "1:00"


def test_a_finding_is_warned_once_per_sweep_folder(tmp_path):
    f = Finding("golden-queries-quoted", "NOTES.md", ("a query", "b query"), "x" * 900)
    cells = []
    for _ in range(3):                       # three cells of one sweep
        buf = io.StringIO()
        with warned_once_in(tmp_path):
            warn([f], stream=buf)
        cells.append(buf.getvalue())
    assert cells[0].count("x" * 900) == 1
    assert all("x" * 900 not in c and "already reported in this sweep (NOTES.md)" in c for c in cells[1:])
    buf = io.StringIO()
    warn([f], stream=buf)                    # outside a sweep: every time
    assert "x" * 900 in buf.getvalue()


def test_a_sweep_counts_its_cells_and_warns_a_shared_finding_once(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(REPO / "tests/data/minirepo", corpus)
    (corpus / "NOTES.md").write_text("# Notes\nWe ask: where do we check webhook signatures, and "
                                     "terraform module for the fargate cluster.\n")
    args = [a if not a.startswith("corpus.root=") else f"corpus.root={corpus}"
            for a in follower_args(tmp_path / "results")]
    r = invoke("run", "-m", *args, "vocab=minimal,maybe_exts,alike")
    assert r.exit_code == 0, r.output
    for i in (1, 2, 3):
        assert f"[sweep] cell {i}/3 " in r.stderr
    assert r.stderr.count("NOTES.md quotes 2 golden queries verbatim") == 1
    assert r.stderr.count("already reported in this sweep (NOTES.md)") == 2
