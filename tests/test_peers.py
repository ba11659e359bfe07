"""pathfinder's peers as resolver kinds (`resolver=fzf`, `resolver=bm25`): same `Resolution`,
same CLI and run paths, their own fingerprints, errors that name the key and the fix."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import MINI_SUITE, MINIREPO
from lab.cli import main
from lab.config import compose
from lab.errors import InputError, LabError, MissingDependencyError
from lab.pathfinder.resolution import Resolution
from lab.pathfinder.resolver import load_resolver

TEMPLATES = Path(__file__).resolve().parent / "data/agent/templates.yaml"
needs_fzf = pytest.mark.skipif(shutil.which("fzf") is None,
                               reason="the fzf binary is not on PATH (apt-get install fzf, or bash scripts/install.sh)")
PEERS = [pytest.param("fzf", marks=needs_fzf), "bm25"]


def cfg_for(kind: str, *extra: str):
    ov = [f"corpus.root={MINIREPO}", f"resolver={'default' if kind == 'pathfinder' else kind}", *extra]
    if kind == "pathfinder":
        ov.append("resolver.semantic.enabled=false")
    return compose(ov)


@pytest.fixture(scope="module")
def peers() -> dict:
    kinds = ["bm25"] + (["fzf"] if shutil.which("fzf") else [])
    return {k: load_resolver(cfg_for(k)) for k in kinds}


def test_the_group_composes_each_kind():
    assert compose([]).resolver.kind == "pathfinder"
    fzf, bm25 = compose(["resolver=fzf"]).resolver, compose(["resolver=bm25"]).resolver
    assert fzf.kind == "fzf" and fzf.timeout_s == 10.0 and fzf.include_intent is False
    assert bm25.kind == "bm25" and bm25.max_text_chars == 20000
    assert "features" not in fzf and "semantic" not in bm25   # a peer's file replaces pathfinder's


@pytest.mark.parametrize("kind", PEERS)
def test_a_peer_puts_the_named_file_first(peers, kind):
    r = peers[kind]
    assert r.kind == kind and r.encoder_id is None and Path(r.root) == MINIREPO
    r.warmup()
    res = r.resolve("invoice_test.go")
    assert isinstance(res, Resolution)
    assert res.best.path == "services/billing/invoice_test.go" and res.best.why == (kind,)
    assert res.best_stem == "invoice_test" and res.same_stem_count == 1
    scores = [c.score for c in res.candidates]
    assert scores == sorted(scores, reverse=True) and len(res.candidates) <= r.top_k


@pytest.mark.parametrize("kind", PEERS)
def test_same_stem_facts_come_from_the_index_as_for_pathfinder(peers, kind):
    res = peers[kind].resolve("billing config rs")
    assert res.best.path == "services/billing/config.rs"
    assert res.sibling_exts == ("rs", "go") and res.same_stem_count == 2
    assert res.same_stem_exts[0] == "rs"


@pytest.mark.parametrize("kind", PEERS)
def test_empty_query_and_top_k(peers, kind):
    r = peers[kind]
    empty = r.resolve("   ")
    assert empty.candidates == () and empty.best_stem is None and empty.same_stem_count == 0
    assert len(r.resolve("invoice", top_k=1).candidates) == 1
    with pytest.raises(InputError) as e:
        r.resolve("invoice", top_k=-1)
    assert e.value.key == "top_k"


@needs_fzf
def test_fzf_ands_the_words_and_takes_no_option_from_the_query(peers):
    r = peers["fzf"]
    assert [c.path for c in r.resolve("billing rs$").candidates] == ["services/billing/config.rs"]
    assert all("billing" in c.path for c in r.resolve("billing rs").candidates)  # fuzzy "rs": services too
    assert r.resolve("where do we check webhook signatures").candidates == ()  # all words must match
    assert r.resolve("--version").candidates == ()   # a query, never an option
    got = r.resolve("invoice")
    assert [c.score for c in got.candidates][:2] == [1.0, 0.5]                 # 1 / rank


def test_bm25_reads_the_intent_and_the_text(peers):
    r = peers["bm25"]
    res = r.resolve("local database setup", intent="how do I start Postgres locally when onboarding")
    assert res.best.path == "docs/onboarding.md"
    paths_only = load_resolver(cfg_for("bm25", "resolver.max_text_chars=0"))
    assert paths_only.resolve("webhook signatures").candidates == ()   # no path has these words


def test_an_unknown_kind_names_the_key_and_the_choices():
    with pytest.raises(InputError) as e:
        load_resolver(cfg_for("pathfinder", "resolver.kind=fzzf"))
    assert e.value.key == "resolver.kind"
    assert all(k in str(e.value) for k in ("pathfinder", "fzf", "bm25"))


@pytest.mark.parametrize("override, key", [("+resolver.nope=1", "resolver.nope"),
                                           ("resolver.method=okapi", "resolver.method"),
                                           ("resolver.top_k=0", "resolver.top_k"),
                                           ("resolver.k1=fast", "resolver.k1")])
def test_a_bad_peer_setting_names_its_key(override, key):
    with pytest.raises(InputError) as e:
        load_resolver(cfg_for("bm25", override))
    assert e.value.key == key


@pytest.mark.parametrize("override, key", [("resolver.timeout_s=0", "resolver.timeout_s"),
                                           ("resolver.max_query_chars=0", "resolver.max_query_chars"),
                                           ("resolver.include_intent=maybe", "resolver.include_intent")])
def test_fzf_bounds_are_checked(override, key):
    with pytest.raises(InputError) as e:   # checked before fzf is looked for
        load_resolver(cfg_for("fzf", override))
    assert e.value.key == key


def test_fzf_missing_names_the_fix(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))     # a PATH without fzf
    with pytest.raises(MissingDependencyError) as e:
        load_resolver(cfg_for("fzf"))
    msg = str(e.value)
    assert "apt-get install fzf" in msg and "scripts/install.sh" in msg and "resolver.binary" in msg


def test_fzf_is_bounded_by_its_timeout(tmp_path):
    slow = tmp_path / "slow-fzf"
    slow.write_text('#!/bin/sh\nif [ "$1" = --version ]; then echo 0.0-test; exit 0; fi\nsleep 30\n')
    slow.chmod(0o755)
    r = load_resolver(cfg_for("fzf", f"resolver.binary={slow}", "resolver.timeout_s=0.3"))
    assert r.ranking_settings()["fzf_version"] == "0.0-test"
    with pytest.raises(LabError, match="resolver.timeout_s"):
        r.resolve("invoice")


def test_eval_resolver_cli_with_bm25(tmp_path):
    r = CliRunner().invoke(main, ["eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(MINIREPO),
                                  "--results", str(tmp_path), "resolver=bm25"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "recall@1" in r.output and "MRR" in r.output
    j = CliRunner().invoke(main, ["eval-resolver", "--suite", str(MINI_SUITE), "--corpus", str(MINIREPO),
                                  "--no-save", "--format", "json", "resolver=bm25"], catch_exceptions=False)
    data = json.loads(j.stdout)
    assert data["fingerprint_inputs"]["resolver"]["kind"] == "bm25" and data["queries"][0]["rank_in_top_k"] == 1


def test_lab_resolve_renders_a_peer_through_the_vocabulary():
    r = CliRunner().invoke(main, ["resolve", "config.go", "--corpus", str(MINIREPO), "--top-k", "2",
                                  "--raw", "resolver=bm25"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["candidates"][0]["path"] == "services/billing/config.go"
    assert data["candidates"][0]["why"] == ["bm25"] and data["sibling_exts"] == ["go", "rs"]


def test_the_run_fingerprint_differs_between_kinds(tmp_path):
    from lab.runner import fingerprint

    common = [f"suite.file={MINI_SUITE}", f"prompt.file={TEMPLATES}", "model=tool_follower",
              f"run.results_dir={tmp_path}"]
    kinds = ["pathfinder", "bm25"] + (["fzf"] if shutil.which("fzf") else [])
    fps = {k: fingerprint(cfg_for(k, *common)) for k in kinds}
    assert len({fp.value for fp in fps.values()}) == len(kinds)
    assert "kind" not in fps["pathfinder"].inputs["resolver"]   # pathfinder's as before peers existed
    for k in kinds[1:]:
        assert fps[k].inputs["resolver"]["kind"] == k and fps[k].inputs["encoder"] is None
        assert fps[k].differing(fps["pathfinder"]) == ["resolver"]
