"""Reliability of the agent loop: every way a turn can go wrong gets its label and the run goes on.

Driven by the scripted model through the real loop, tool set and vocabulary over minirepo."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lab.agent import (RepetitionCheck, Session, agent_settings, grade, load_templates,
                       normalize_path, run_session)
from conftest import UNFORCED, agent_yaml
from lab.config import compose
from lab.errors import InputError
from lab.models import ContextOverflow, ScriptedBackend, ScriptExhausted
from lab.models.textcalls import hermes_call_text
from lab.suites.loader import load_suite
from lab.tools import build_toolset

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


@pytest.fixture(scope="module")
def parts():
    cfg = compose([f"corpus.root={MINIREPO}", "resolver.semantic.enabled=false"])
    from lab.pathfinder.resolver import load_resolver
    resolver = load_resolver(cfg)
    suite = load_suite(MINI_SUITE, corpus_paths=set(resolver.index.by_path))
    return cfg, resolver, suite


def make_session(parts, backend, **agent):
    cfg, resolver, _ = parts
    settings = agent_settings(agent_yaml(**{**UNFORCED, **agent}))
    return Session(backend=backend, toolset=build_toolset(cfg, resolver=resolver),
                   templates=load_templates(TEMPLATES), settings=settings,
                   corpus_root=Path(resolver.root))


def solve(req):
    """A model that does it right: resolve, then answer the expected path."""
    if not any(m.role == "tool" for m in req.messages[_test_start(req):]):
        return hermes_call_text("path_resolve", {"query": req.test.query})
    return f"ANSWER: {req.test.expected[0].split('#')[0]}"


def _test_start(req) -> int:
    return max(i for i, m in enumerate(req.messages) if m.role == "user" and m.content.startswith("Test "))


def outcomes(result):
    return [r.outcome for r in result.results]


def test_malformed_tool_json_k_times_then_the_run_goes_on(parts):
    bad = '<tool_call>{"name": "path_resolve", "arguments": {"query": </tool_call>'
    backend = ScriptedBackend(outputs=[bad, bad + " ", bad + "  "] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, malformed_limit=3))
    assert outcomes(res) == ["malformed"] + ["pass"] * 5
    first = res.results[0]
    assert all("not valid JSON" in c.malformed for c in first.tool_calls)
    tool_msgs = [m for m in first.messages if m["role"] == "tool"]
    assert len(tool_msgs) == 3 and tool_msgs[0]["content"].startswith("Error: tool call is not valid JSON")


def test_unknown_tool_goes_back_as_an_error_and_a_good_call_resets_the_count(parts):
    unknown = hermes_call_text("grep", {"pattern": "x"})
    good = hermes_call_text("path_resolve", {"query": "invoice_test.go"})
    backend = ScriptedBackend(outputs=[unknown, unknown + "\n", good, solve] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, malformed_limit=3))
    assert outcomes(res) == ["pass"] * 6
    assert [bool(c.malformed) for c in res.results[0].tool_calls] == [True, True, False]
    assert "unknown tool 'grep'" in res.results[0].messages[2]["content"]


def test_repeated_identical_calls_are_a_loop(parts):
    call = hermes_call_text("list_dir", {"path": "services"})
    backend = ScriptedBackend(outputs=[call, "Let me look again.\n" + call, call] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, loop_repeats=3))
    assert outcomes(res) == ["loop"] + ["pass"] * 5
    assert "list_dir" in res.results[0].detail and "3 times" in res.results[0].detail


def test_the_same_reply_repeated_is_a_loop(parts):
    backend = ScriptedBackend(outputs=["Hmm."] * 3 + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, loop_repeats=3, max_nudges=5))
    assert outcomes(res)[0] == "loop" and "same reply 3 times" in res.results[0].detail


def test_counting_spiral_is_stopped_inside_one_generation(parts):
    spiral = "Total: 59 PASS, 1 FAIL. Let me verify.\n" * 500
    backend = ScriptedBackend(outputs=[spiral] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, max_tokens_per_turn=100000))
    first = res.results[0]
    assert first.outcome == "loop"
    assert first.turn_usage[0]["finish_reason"] == "loop"
    assert len(first.messages[1]["content"]) < 400      # not waited out


def test_a_tool_that_raises_is_a_crash_and_the_session_goes_on(parts, monkeypatch):
    # Formerly the exception text went to the model as a tool error (and the test passed as a
    # model outcome); a lab bug is now its own outcome, `crash`, with its traceback (issue 13).
    import lab.tools.read_file as read_file_mod

    def boom(self, args, ctx):
        raise ValueError("corrupt file")
    monkeypatch.setattr(read_file_mod.ReadFile, "run", boom)
    read = hermes_call_text("read_file", {"path": "docs/onboarding.md"})
    backend = ScriptedBackend(outputs=[read, solve, solve] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend))
    assert outcomes(res) == ["crash"] + ["pass"] * 5
    first = res.results[0]
    rec = first.tool_calls[0]
    assert rec.is_error and not rec.malformed and not first.infrastructure
    assert "ValueError: corrupt file" in first.error and "read_file raised" in first.detail
    assert not any(m["role"] == "tool" and "corrupt file" in m["content"] for m in first.messages)


def test_context_overflow_with_stop_skips_the_rest(parts):
    backend = ScriptedBackend({"name": "scripted", "n_ctx": 1500}, outputs=[solve] * 60)
    res = run_session(parts[2].tests, make_session(parts, backend, max_tokens_per_turn=64))
    labels = outcomes(res)
    k = labels.index("context_overflow")
    assert 0 < k < 5 and labels[:k] == ["pass"] * k and labels[k + 1:] == ["skipped"] * (5 - k)
    assert "n_ctx 1500" in res.results[k].detail and not res.evictions


def test_context_overflow_with_evict_oldest_records_every_eviction(parts):
    tests = parts[2].tests * 4
    tests = [t.__class__(**{**t.__dict__, "id": f"{t.id}-{i}"}) for i, t in enumerate(tests)]
    backend = ScriptedBackend({"name": "scripted", "n_ctx": 2000}, outputs=[solve] * 200)
    res = run_session(tests, make_session(parts, backend, context_policy="evict_oldest",
                                          max_tokens_per_turn=64, evict_to=0.6))
    assert outcomes(res) == ["pass"] * 24
    assert res.evictions, "the session had to evict"
    for ev in res.evictions:
        assert ev["dropped"] and ev["tokens_after"] <= 0.6 * 2000 < ev["tokens_before"]
    dropped = [t for ev in res.evictions for t in ev["dropped"]]
    assert dropped == [t.id for t in tests[:len(dropped)]]          # oldest first, each once
    # the system message always stays
    assert all(req.messages[0].role == "system" for req in backend.requests)
    after = [u for r in res.results for u in r.turn_usage if u["after_eviction"]]
    assert len(after) == len(res.evictions)


def test_overflow_of_one_test_alone_is_context_overflow_even_with_eviction(parts):
    backend = ScriptedBackend({"name": "scripted", "n_ctx": 600}, outputs=[solve] * 60)
    res = run_session(parts[2].tests[:2], make_session(parts, backend, context_policy="evict_oldest",
                                                       max_tokens_per_turn=64))
    assert outcomes(res)[0] == "context_overflow"


def test_isolated_sessions_start_fresh_and_continue_after_overflow(parts):
    def overflow_once(req):
        return ContextOverflow("too big") if req.test.id == "mini-02" else solve(req)
    backend = ScriptedBackend(outputs=[overflow_once] * 60)
    res = run_session(parts[2].tests, make_session(parts, backend, session="isolated"))
    assert outcomes(res) == ["pass", "context_overflow", "pass", "pass", "pass", "pass"]
    firsts = {}
    for req in backend.requests:
        firsts.setdefault(req.test.id, req)
    assert all([m.role for m in r.messages] == ["system", "user"] for r in firsts.values())


def test_a_scripted_model_out_of_outputs_stops_the_run_loudly(parts):
    backend = ScriptedBackend(outputs=[solve, solve])
    with pytest.raises(ScriptExhausted, match="ran out of outputs after 2"):
        run_session(parts[2].tests, make_session(parts, backend))


def test_native_calls_cut_by_the_cap_get_an_answer_each(parts):
    def many(req):
        return {"tool_calls": [{"name": "list_dir", "arguments": {"path": p}, "id": f"c{p}"}
                               for p in ("docs", "infra", "services")]}
    backend = ScriptedBackend(outputs=[many] + [solve] * 40)
    res = run_session(parts[2].tests, make_session(parts, backend, max_tool_calls=2))
    first = res.results[0]
    assert first.outcome == "tool_call_cap" and len(first.tool_calls) == 2
    ids = [m.get("tool_call_id") for m in first.messages if m["role"] == "tool"]
    assert ids == ["cdocs", "cinfra", "cservices"]           # the refused one is answered too
    assert outcomes(res)[1:] == ["pass"] * 5


# -- grading, repetition, settings, templates ------------------------------------------------------

@pytest.mark.parametrize("written", [
    "services/billing/config.go", " `services/billing/config.go` ", "./services/billing/config.go",
    "'services/billing/config.go'", '"services/billing/config.go".', "services\\billing\\config.go",
    "/ROOT/services/billing/config.go", "minirepo/services/billing/config.go",
    "services/billing/config.go (the Go config)", "**services/billing/config.go**",
    "[config](services/billing/config.go)", "services/billing/config.go#Config"])
def test_grading_normalizes_what_models_write(written):
    root = MINIREPO.resolve()
    ok, norm = grade(written.replace("/ROOT", str(root)), ["services/billing/config.go"], root)
    assert ok and norm == "services/billing/config.go"


def test_grading_compares_paths_not_headings_and_rejects_other_files():
    assert grade("docs/onboarding.md", ["docs/onboarding.md#Local database"])[0]
    assert not grade("services/billing/config.rs", ["services/billing/config.go"])[0]
    assert not grade(None, ["a"])[0]
    assert normalize_path("  ") == ""


def test_grading_keeps_a_top_level_folder_named_like_the_corpus_root():
    # issue 27.1: django/django, numpy/numpy: the root folder's name is also a real folder
    root = "/home/me/django"
    assert grade("django/db/models/base.py", ["django/db/models/base.py"], root) == \
        (True, "django/db/models/base.py")
    assert grade("/home/me/django/django/db/models/base.py", ["django/db/models/base.py"], root)[0]
    assert not grade("db/models/base.py", ["django/db/models/base.py"], root)[0]
    # a root-relative answer prefixed with the root's name still passes where no such folder is expected
    assert grade("django/setup.py", ["setup.py"], root) == (True, "setup.py")


def test_repetition_check_catches_spirals_not_lists():
    check = RepetitionCheck(3)
    assert check("Counting: " + "59 PASS, 1 FAIL\n" * 4) == "loop"
    assert check("ab" * 40) == "loop"
    lines = "\n".join(f"Test {i}: PASS" for i in range(1, 61))
    assert check(lines) is None
    assert check('{"a": [1, 1, 1], "b": "----"}') is None
    calls = "\n".join(hermes_call_text("path_resolve", {"query": q}) for q in ("a.go", "b.go", "c.go"))
    assert check(calls) is None


def test_agent_settings_are_validated():
    with pytest.raises(InputError, match="agent.sesion"):
        agent_settings({"sesion": "single"})
    with pytest.raises(InputError, match="agent.session"):
        agent_settings(agent_yaml(session="shared"))
    with pytest.raises(InputError, match="agent.max_tool_calls"):
        agent_settings(agent_yaml(max_tool_calls=0))
    assert agent_settings(agent_yaml(), model_policy="evict_oldest").context_policy == "evict_oldest"
    assert agent_settings(agent_yaml(context_policy="stop"), model_policy="evict_oldest").context_policy == "stop"
    assert agent_settings(agent_yaml()).context_policy == "stop"


def test_templates_suite_overrides_and_message_field(tmp_path, parts):
    t = load_templates(TEMPLATES, {"test_message": "[{category}] {message} ({intent})"}, "suite.yaml")
    test = parts[2].tests[5]
    assert t.user_message(test) == f"[F] {test.query} ({test.intent})"
    with_msg = test.__class__(**{**test.__dict__, "message": "Where do I start Postgres?"})
    assert t.user_message(with_msg).startswith("[F] Where do I start Postgres?")
    assert t.answer_prefix == "ANSWER:"
    assert "path_resolve, list_dir" in t.system_prompt(["path_resolve", "list_dir"])


def test_templates_errors_name_file_and_key(tmp_path):
    bad = tmp_path / "t.yaml"
    bad.write_text("system: 'Tools: {tools}'\nanswer_format: 'ANSWER: <path>'\ntest_message: '{query}'\n")
    with pytest.raises(InputError, match=r"t\.yaml.*key 'system'.*unknown placeholder \{tools\}"):
        load_templates(bad)
    with pytest.raises(InputError, match=r"suite\.yaml.*key 'test_message'"):
        load_templates(TEMPLATES, {"test_message": ""}, "suite.yaml")
    with pytest.raises(InputError, match="cannot read"):
        load_templates(tmp_path / "missing.yaml")


def test_turn_seeds_depend_on_repeat_seed_test_and_turn_only(parts):
    from lab.agent.loop import turn_seed

    assert turn_seed(None, "t01", 0) is None
    # the same seed in a fresh process with other string hashes (a resumed run is a new process)
    code = 'from lab.agent.loop import turn_seed; print(turn_seed(3, "t01", 0), turn_seed(7, "t70", 5))'
    for hash_seed in ("1", "2"):
        fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": hash_seed}).stdout
        assert fresh == f"{turn_seed(3, 't01', 0)} {turn_seed(7, 't70', 5)}\n", hash_seed
    assert len({turn_seed(3, "t01", 0), turn_seed(3, "t01", 1), turn_seed(3, "t02", 0), turn_seed(4, "t01", 0)}) == 4
    # in a session: the first test's turns are seeded the same whether or not tests ran before it
    full = ScriptedBackend(outputs=[solve] * 40)
    run_session(parts[2].tests, make_session(parts, full), seed=7)
    tail = ScriptedBackend(outputs=[solve] * 40)
    run_session(parts[2].tests[2:], make_session(parts, tail), seed=7)
    seeds_full = [(r.test.id, r.seed) for r in full.requests if r.test.id == parts[2].tests[2].id]
    seeds_tail = [(r.test.id, r.seed) for r in tail.requests if r.test.id == parts[2].tests[2].id]
    assert seeds_full == seeds_tail and all(s is not None for _, s in seeds_full)
