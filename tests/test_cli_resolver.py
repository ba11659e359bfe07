"""`lab resolve` and `lab eval-resolver`: the CLI and JSON contracts of DESIGN.md."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from conftest import MINI_SUITE, MINIREPO
from lab.cli import main

NO_SEM = "resolver.semantic.enabled=false"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_resolve_prints_ranked_candidates_with_why():
    r = run("resolve", "config.go", "--corpus", str(MINIREPO), "--top-k", "2", "--raw")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [c["path"] for c in data["candidates"]] == ["services/billing/config.go", "services/billing/config.rs"]
    assert all(c["why"] for c in data["candidates"])
    assert data["sibling_exts"] == ["go", "rs"]


def test_resolve_bad_override_names_the_key():
    r = CliRunner().invoke(main, ["resolve", "x", "--corpus", str(MINIREPO), "resolver.features.nope.enabled=true"])
    assert r.exit_code == 2
    assert "resolver.features.nope" in r.output


def _suite_with_unreachable(tmp_path: Path) -> Path:
    text = MINI_SUITE.read_text() + (
        "  - id: mini-07\n    category: F\n    position: 7\n    query: quantum flux capacitor\n"
        "    expected: [docs/architecture.md]\n")
    p = tmp_path / "suite.yaml"
    p.write_text(text)
    return p


def test_eval_resolver_json_contract(tmp_path):
    suite = _suite_with_unreachable(tmp_path)
    r = run("eval-resolver", "--suite", str(suite), "--corpus", str(MINIREPO), "--format", "json",
            "--results", str(tmp_path / "results"), NO_SEM)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert {"recall@1", "recall@k", "mrr"} <= set(data["metrics"])
    assert data["findings"] == []
    assert len(data["fingerprint"]) == 64
    rows = {q["id"]: q for q in data["queries"]}
    assert len(rows) == 7
    assert all("rank_in_top_k" in q for q in data["queries"])
    assert rows["mini-07"]["rank_in_top_k"] is None
    assert rows["mini-01"]["rank_in_top_k"] == 1
    assert data["metrics"]["recall@k"] < 1.0
    saved = list((tmp_path / "results" / "eval-resolver").glob("*/eval.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["fingerprint"] == data["fingerprint"]


def _fingerprint(*args: str) -> str:
    r = run("eval-resolver", "--corpus", str(MINIREPO), "--format", "json", "--no-save", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["fingerprint"]


def test_fingerprint_covers_exactly_what_determines_the_result(tmp_path):
    base = _fingerprint("--suite", str(MINI_SUITE), NO_SEM)
    assert _fingerprint("--suite", str(MINI_SUITE), NO_SEM) == base
    # output location and speed-only settings stay out
    assert _fingerprint("--suite", str(MINI_SUITE), NO_SEM, "resolver.semantic.precompute_limit=1") == base
    # resolver config, suite content and top-k go in
    assert _fingerprint("--suite", str(MINI_SUITE), NO_SEM, "resolver.features.dir_ext_counts.weight=0.1") != base
    assert _fingerprint("--suite", str(MINI_SUITE), NO_SEM, "--top-k", "3") != base
    changed = tmp_path / "s.yaml"
    changed.write_text(MINI_SUITE.read_text().replace("invoce.go", "invoise.go"))
    assert _fingerprint("--suite", str(changed), NO_SEM) != base


def test_fingerprint_covers_corpus_content(tmp_path):
    import shutil

    copy = tmp_path / "repo"
    shutil.copytree(MINIREPO, copy)
    a = run("eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(copy), "--format", "json", "--no-save", NO_SEM)
    (copy / "docs" / "architecture.md").write_text("# Architecture\n\nchanged\n")
    b = run("eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(copy), "--format", "json", "--no-save", NO_SEM)
    assert json.loads(a.stdout)["fingerprint"] != json.loads(b.stdout)["fingerprint"]


def test_fail_on_regression_gate(tmp_path):
    res = str(tmp_path / "results")
    args = ("eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(MINIREPO), "--results", res, NO_SEM)
    first = CliRunner().invoke(main, [*args, "--fail-on-regression"])
    assert first.exit_code == 2 and "no previous eval" in first.output  # no baseline yet
    same = CliRunner().invoke(main, [*args, "--fail-on-regression"])
    assert same.exit_code == 0, same.output
    # make the latest baseline look better than what the resolver now achieves
    latest = sorted((tmp_path / "results" / "eval-resolver").glob("*/eval.json"))[-1]
    data = json.loads(latest.read_text())
    data["metrics"]["mrr"] = 1.5
    latest.write_text(json.dumps(data))
    worse = CliRunner().invoke(main, [*args, "--fail-on-regression"])
    assert worse.exit_code == 1 and "REGRESSION" in worse.output


def test_fail_on_regression_refuses_a_corrupt_baseline(tmp_path):
    res = tmp_path / "results"
    args = ("eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(MINIREPO), "--results", str(res), NO_SEM)
    assert CliRunner().invoke(main, list(args)).exit_code == 0
    latest = sorted((res / "eval-resolver").glob("*/eval.json"))[-1]
    latest.write_text("{ truncated")
    r = CliRunner().invoke(main, [*args, "--fail-on-regression"])
    assert r.exit_code != 0 and r.exit_code != 1 and str(latest) in r.output
