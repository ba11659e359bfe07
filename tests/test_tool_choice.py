"""agent.tool_choice, the prompt group's worked example, call forms, tool use per repeat and copy
cascades: driven by the scripted model through the real loop, tool set and vocabulary."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lab.agent import Session, agent_settings, load_prompt, run_session
from conftest import SMALL_RUN, UNFORCED, agent_yaml
from lab.config import compose
from lab.errors import InputError
from lab.models import ScriptedBackend
from lab.models.messages import ToolSchema
from lab.models.grammar import (forced_call_grammar, forced_call_opening, forced_call_rest_grammar,
                                forced_call_schema)
from lab.models.textcalls import hermes_call_text, parse_tool_calls
from lab.records.cascade import UNANSWERED, AnswerRow, find_cascade, stopped_answering, unanswered_streak
from lab.records.record import summarize_repeat
from lab.records.test_files import LEGACY_COLUMNS, TestRow, read_tests_csv
from lab.tools import build_toolset
# tests/ is on sys.path under pytest: the reliability tests' minirepo parts and solver
from test_agent_reliability import MINI_SUITE, MINIREPO, REPO, TEMPLATES, parts, solve  # noqa: F401


def session(parts, backend, prompt=None, **agent):
    cfg, resolver, _ = parts
    templates = load_prompt(prompt or compose([f"prompt.file={TEMPLATES}"]).prompt)
    return Session(backend=backend, toolset=build_toolset(cfg, resolver=resolver), templates=templates,
                   settings=agent_settings(agent_yaml(**{**UNFORCED, **agent})),
                   corpus_root=Path(resolver.root))


answer_after_a_call = solve       # resolve, then answer the expected path


# -- tool_choice=first ---------------------------------------------------------------------------

def test_first_forces_only_the_first_turn_of_each_test_and_says_so(parts):
    backend = ScriptedBackend(outputs=[answer_after_a_call] * 40)
    res = run_session(parts[2].tests, session(parts, backend, tool_choice="first",
                                              forced_tool="path_resolve"))
    assert [r.outcome for r in res.results] == ["pass"] * len(parts[2].tests)
    forced = [(r.force_tool_call, r.forced_tool) for r in backend.requests]
    assert forced == [(True, "path_resolve"), (False, None)] * len(parts[2].tests)
    for r in res.results:
        assert r.first_call_forced and r.unforced_calls == 0
        assert [c.forced for c in r.tool_calls] == [True] and r.tool_calls[0].form == "tool_call_tags"
    row = TestRow.of(0, 0, res.results[0])
    assert row.first_call_forced and row.unforced_calls == 0 and row.call_forms == "tool_call_tags:1"
    assert row.forced_call_tool == "path_resolve"             # the forced tool, named on the row
    use = summarize_repeat(0, 0, res.results, 1.0, []).tool_use
    assert use["tests_first_forced"] == len(parts[2].tests) and use["unforced_rate"] == 0.0
    assert use["forced_calls"] == len(parts[2].tests) and use["forms"] == {"tool_call_tags": len(parts[2].tests)}


def test_auto_never_forces_and_counts_the_models_own_calls(parts):
    backend = ScriptedBackend(outputs=[answer_after_a_call] * 40)
    res = run_session(parts[2].tests, session(parts, backend))
    assert not any(r.force_tool_call for r in backend.requests)
    use = summarize_repeat(0, 0, res.results, 1.0, []).tool_use
    assert use["unforced_rate"] == 1.0 and use["tests_first_forced"] == 0
    # a model that answers without a tool: rate 0, and the rows say it was not forced
    backend = ScriptedBackend(outputs=["ANSWER: nowhere.go"] * 40)
    res = run_session(parts[2].tests, session(parts, backend))
    use = summarize_repeat(0, 0, res.results, 1.0, []).tool_use
    assert use["unforced_rate"] == 0.0 and not any(r.first_call_forced for r in res.results)
    assert {TestRow.of(0, 0, r).forced_call_tool for r in res.results} == {""}   # nothing forced


def test_with_forced_tool_null_each_row_names_the_tool_the_model_picked(parts):
    def pick(req):          # forced turn: list_dir on odd tests, path_resolve on even ones
        if req.force_tool_call:
            odd = int(req.test.id.rsplit("-", 1)[-1]) % 2
            return hermes_call_text("list_dir", {"path": "."}) if odd else \
                hermes_call_text("path_resolve", {"query": req.test.query})
        return f"ANSWER: {req.test.expected[0].split('#')[0]}"
    backend = ScriptedBackend(outputs=[pick] * 40)
    res = run_session(parts[2].tests, session(parts, backend, tool_choice="first", forced_tool=None))
    assert {(r.force_tool_call, r.forced_tool) for r in backend.requests if r.force_tool_call} == {(True, None)}
    rows = [TestRow.of(0, 0, r) for r in res.results]
    assert [x.forced_call_tool for x in rows] == [
        "list_dir" if int(t.id.rsplit("-", 1)[-1]) % 2 else "path_resolve" for t in parts[2].tests]


@pytest.mark.parametrize("first, forced_tool, said", [
    ("ANSWER: README.md", "path_resolve", "with no tool call (finish_reason stop; text 'ANSWER: README.md')"),
    (hermes_call_text("read_file", {"path": "README.md"}), "path_resolve", "with a call to read_file"),
    (hermes_call_text("find_file", {"query": "readme"}), None, "with a call to find_file"),   # not offered
])
def test_a_script_that_answers_a_forced_turn_without_the_call_stops_the_run(parts, first, forced_tool, said):
    # every real backend forces the call there (llama.cpp's grammar; a server that ignores it stops
    # the run): a script that does not would test a turn no model gives, its row saying "forced"
    from lab.models.base import FatalModelError
    backend = ScriptedBackend(outputs=[first] + [answer_after_a_call] * 10)
    named = f", forced_tool={forced_tool}" if forced_tool else ""
    test = parts[2].tests[0]
    with pytest.raises(FatalModelError, match=rf"the scripted model answers a forced turn \(agent.tool_choice="
                                              rf"first{named}\) of {test.id} {re.escape(said)}"):
        run_session([test], session(parts, backend, tool_choice="first", forced_tool=forced_tool))


def test_the_reference_model_stops_on_a_forced_tool_it_does_not_call(parts):
    # the tool_follower (no LLM) calls path_resolve only: forced to list_dir, its row would name a
    # forced call to another tool than the forced one; the same check in the loop stops it
    from lab.models.base import FatalModelError
    from lab.models.tool_follower import ToolFollowerBackend
    backend = ToolFollowerBackend(compose(["model=tool_follower"]).model)
    test = parts[2].tests[0]
    with pytest.raises(FatalModelError, match=rf"the tool_follower model answers a forced turn \(agent."
                                              rf"tool_choice=first, forced_tool=list_dir\) of {test.id} "
                                              rf"with a call to path_resolve"):
        run_session([test], session(parts, backend, tool_choice="first", forced_tool="list_dir"))
    # forced to the tool it calls, it runs as always, its first call forced
    res = run_session([test], session(parts, backend, tool_choice="first", forced_tool="path_resolve"))
    assert res.results[0].first_call_forced and res.results[0].tool_calls[0].name == "path_resolve"


def test_the_stochastic_model_refuses_to_force_a_tool_it_cannot_call(parts):
    from lab.models.base import FatalModelError
    from lab.models.stochastic import StochasticBackend
    backend = StochasticBackend(compose(["model=stochastic"]).model)
    with pytest.raises(FatalModelError, match="the stochastic model can force only path_resolve; this "
                                              "forced turn offers read_file"):
        run_session(parts[2].tests[:1], session(parts, backend, tool_choice="first", forced_tool="read_file"))


def test_bad_tool_choice_settings_are_named():
    with pytest.raises(InputError, match="agent.tool_choice"):
        agent_settings(agent_yaml(tool_choice="always"))
    with pytest.raises(InputError, match="configs/prompt"):
        agent_settings({"templates": "x.yaml"})


def test_forced_tool_must_be_offered_and_needs_first(tmp_path):
    from lab.runner import prepare
    base = [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "model=tool_follower",
            "resolver.semantic.enabled=false", f"run.results_dir={tmp_path}"]
    with pytest.raises(InputError, match="forced_tool=grep is not offered"):
        prepare(compose(base + ["agent.tool_choice=first", "agent.forced_tool=grep"]))
    with pytest.raises(InputError, match="needs agent.tool_choice=first"):
        prepare(compose(base + ["agent.tool_choice=auto", "agent.forced_tool=path_resolve"]))
    with pytest.raises(InputError, match="agent.forced_tool=null"):       # the default, no path_resolve
        prepare(compose(base[:2] + ["model=scripted", "tools=filesystem", "resolver.semantic.enabled=false"]))


def test_tool_choice_is_in_the_fingerprint_and_auto_keeps_old_ones(tmp_path):
    from lab.runner import fingerprint
    base = [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "model=tool_follower",
            "resolver.semantic.enabled=false", f"run.results_dir={tmp_path}"]
    auto = fingerprint(compose(base + ["agent.tool_choice=auto", "agent.forced_tool=null"]))
    first = fingerprint(compose(base + ["agent.forced_tool=null"]))
    assert auto.differing(first) == ["agent"]
    assert "tool_choice" not in auto.inputs["agent"] and first.inputs["agent"]["tool_choice"] == "first"
    assert compose([]).agent.tool_choice == "first"        # the default: the 1.5B ignores tools
    assert compose(["suite=tasks40_baseline"]).agent.forced_tool == "search_files"   # a filesystem tool
    # the command line still wins over the suite file (a @package _global_ file)
    assert compose(["suite=tasks40_baseline", "agent.forced_tool=null"]).agent.forced_tool is None
    auto = compose(["suite=tasks40_baseline", "agent.tool_choice=auto", "agent.forced_tool=null"]).agent
    assert (auto.tool_choice, auto.forced_tool) == ("auto", None)


def test_the_forced_grammar_is_the_tools_schema_in_the_native_form():
    tools = [ToolSchema("path_resolve", "d", {"type": "object", "properties": {
                 "query": {"type": "string"}, "intent_text": {"type": "string"}}, "required": ["query"]}),
             ToolSchema("list_dir", "d", {"type": "object", "properties": {"path": {"type": "string"}},
                                          "required": ["path"]})]
    schema = forced_call_schema(tools)
    assert [a["properties"]["name"]["const"] for a in schema["oneOf"]] == ["path_resolve", "list_dir"]
    assert all(a["properties"]["arguments"]["additionalProperties"] is False for a in schema["oneOf"])
    g = forced_call_grammar(tools)
    assert g.startswith('root ::= "<tool_call>\\n" call-json "\\n</tool_call>"')
    assert '"\\"query\\""' in g and '"\\"path_resolve\\""' in g and "\nroot ::=" not in g
    llama_cpp = pytest.importorskip("llama_cpp")
    llama_cpp.LlamaGrammar.from_string(g, verbose=False)      # llama.cpp accepts it
    assert forced_call_grammar(tools, call_format="json").startswith("root ::= call-json")
    with pytest.raises(ValueError):
        forced_call_grammar([])


def test_jump_forward_prompts_the_fixed_opening_and_constrains_the_rest():
    one = [ToolSchema("path_resolve", "d", {"type": "object", "properties": {
               "query": {"type": "string"}}, "required": ["query"]})]
    two = one + [ToolSchema("list_dir", "d", {"type": "object", "properties": {"path": {"type": "string"}}})]
    # one forced tool: everything up to its arguments is fixed, in the template's own spacing
    assert forced_call_opening(one) == '<tool_call>\n{"name": "path_resolve", "arguments": '
    assert forced_call_opening(one, call_format="json") == '{"name": "path_resolve", "arguments": '
    assert forced_call_opening(two) == "<tool_call>\n"           # the model still picks the tool
    rest = forced_call_rest_grammar(one)
    assert rest.startswith('root ::= call-args "}" "\\n</tool_call>"') and "call-args ::=" in rest
    assert '"\\"query\\""' in rest and "name" not in rest.split("\n")[0]
    assert forced_call_rest_grammar(one, call_format="json").startswith('root ::= call-args "}"\n')
    assert forced_call_rest_grammar(two).startswith('root ::= call-json "\\n</tool_call>"')
    with pytest.raises(ValueError):
        forced_call_opening(one, call_format="python")


def test_jump_forward_is_in_every_llama_config_and_the_fingerprint():
    from lab.runner import fingerprint
    for f in sorted((REPO / "configs/model").glob("*.yaml")):
        cfg = compose([f"model={f.stem}"])
        if cfg.model.backend == "llama_cpp":
            assert cfg.model.jump_forward is True, f.name
    on = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN]))
    off = fingerprint(compose(["model=smollm2-135m", *SMALL_RUN, "model.jump_forward=false"]))
    assert on.value != off.value and off.differing(on) == ["model"]


# -- the prompt group and its worked example ----------------------------------------------------

def test_every_prompt_variant_composes_and_loads():
    for f in sorted((REPO / "configs/prompt").glob("*.yaml")):
        t = load_prompt(compose([f"prompt={f.stem}"]).prompt)
        assert t.name == f.stem and t.answer_prefix == "ANSWER:"
    assert load_prompt(compose(["prompt=worked_example"]).prompt).example.tool == "path_resolve"
    assert load_prompt(compose([]).prompt).example is None


def test_the_worked_example_is_real_turns_before_the_first_test_and_never_evicted(parts):
    backend = ScriptedBackend(outputs=[answer_after_a_call] * 40)
    prompt = dict(compose(["prompt=worked_example"]).prompt)
    prompt["test_message"] = "Test {id}: {message}"
    res = run_session(parts[2].tests, session(parts, backend, prompt=prompt, session="isolated"))
    assert [r.outcome for r in res.results] == ["pass"] * len(parts[2].tests)
    for req in (backend.requests[0], backend.requests[-1]):       # every conversation starts so
        roles = [m.role for m in req.messages[:6]]
        assert roles == ["system", "user", "assistant", "tool", "assistant", "user"]
        assert req.messages[2].content.startswith("<tool_call>\n{\"name\": \"path_resolve\"")
        assert req.messages[4].content == "ANSWER: tools/release/changelog_to_notes.py"
    # the example is not part of any test's transcript
    assert all(m["content"] != "ANSWER: tools/release/changelog_to_notes.py"
               for r in res.results for m in r.messages)


def test_a_bad_worked_example_is_named(parts, tmp_path):
    with pytest.raises(InputError, match="example.answer"):
        load_prompt({**dict(compose(["prompt=worked_example"]).prompt),
                     "example": {"user": "q", "call": {"name": "path_resolve", "arguments": {}},
                                 "result": "{}", "answer": "tools/x.py"}})
    with pytest.raises(InputError, match="example.colour"):
        load_prompt({**dict(compose(["prompt=worked_example"]).prompt),
                     "example": {"user": "q", "colour": 1}})
    from lab.runner import prepare
    with pytest.raises(InputError, match="example.call.name"):
        prepare(compose([f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "tools=filesystem",
                         "prompt=worked_example", "model=tool_follower", "resolver.semantic.enabled=false",
                         f"run.results_dir={tmp_path}"]))


def test_unknown_prompt_keys_are_named():
    with pytest.raises(InputError) as e:
        load_prompt({**dict(compose([]).prompt), "sytem": "x"})
    assert e.value.key == "prompt.sytem" and e.value.file == "configs/prompt/answer_line.yaml"


def test_the_prompt_is_in_the_fingerprint(tmp_path):
    from lab.runner import fingerprint
    base = [f"corpus.root={MINIREPO}", f"suite.file={MINI_SUITE}", "model=tool_follower",
            "resolver.semantic.enabled=false", f"run.results_dir={tmp_path}"]
    a, b = fingerprint(compose(base)), fingerprint(compose(base + ["prompt=worked_example"]))
    assert a.differing(b) == ["templates"] and "example" in b.inputs["templates"]


# -- call forms ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, form", [
    ('<tool_call>\n{"name": "path_resolve", "arguments": {"query": "x"}}\n</tool_call>', "tool_call_tags"),
    ('```json\n{"name": "path_resolve", "arguments": {"query": "x"}}\n```', "fenced_json"),
    ('I will call {"name": "path_resolve", "arguments": {"query": "x"}} now', "bare_json"),
    ('[TOOL_CALLS] [{"name": "path_resolve", "arguments": {"query": "x"}}]', "mistral_tag"),
    ('<|python_tag|>{"name": "path_resolve", "parameters": {"query": "x"}}', "python_tag"),
])
def test_each_call_records_the_form_it_came_in(text, form):
    calls = parse_tool_calls(text, ("hermes", "mistral", "llama3", "json"))
    assert [c.form for c in calls] == [form] and calls[0].name == "path_resolve"


def test_legacy_tests_csv_reads_with_the_new_columns_at_their_defaults(tmp_path):
    f = tmp_path / "tests.csv"
    row = ["0", "0", "1", "t1", "1", "A", "pass", "True", "a.go", "a.go", "a.go", "2", "0", "3", "10",
           "0", "5", "", "", "7", "0", "1.5", "False", ""]
    f.write_text(",".join(LEGACY_COLUMNS) + "\n" + ",".join(row) + "\n")
    (r,) = read_tests_csv(f)
    assert r.tool_calls == 2 and r.unforced_calls == 2 and r.first_call_forced is False
    assert r.forced_call_tool == ""


def test_tests_csv_from_before_the_forced_tool_column_reads_and_resume_upgrades_it(tmp_path):
    from lab.records.test_files import PRE_FORCED_TOOL_COLUMNS, TEST_COLUMNS, csv_header, csv_row
    row = TestRow(repeat=0, seed=0, index=1, test_id="t1", position=1, category="A", outcome="pass",
                  passed=True, answer="a.go", answer_normalized="a.go", expected="a.go", tool_calls=1,
                  malformed_calls=0, turns=2, prompt_tokens=10, cached_tokens=0, completion_tokens=5,
                  context_start=None, context_end=None, tool_response_tokens=7, evictions=0, wall_s=1.5,
                  infrastructure=False, detail=None, first_call_forced=True, unforced_calls=0,
                  call_forms="tool_call_tags:1", run_id="r", experiment="e", vocabulary="v", model="m",
                  suite="s", prompt="p", forced_call_tool="path_resolve")
    assert TEST_COLUMNS[-1] == "forced_call_tool" and PRE_FORCED_TOOL_COLUMNS == TEST_COLUMNS[:-1]
    f = tmp_path / "tests.csv"
    f.write_text(csv_header(PRE_FORCED_TOOL_COLUMNS) + csv_row(row, PRE_FORCED_TOOL_COLUMNS))
    (old,) = read_tests_csv(f)
    assert old.first_call_forced and old.forced_call_tool == "" and old.run_id == "r"
    f.write_text(csv_header() + csv_row(row))
    assert read_tests_csv(f) == [row]


# -- copy cascades ------------------------------------------------------------------------------

def _rows(answers, expected=None):
    expected = expected or [f"f{i}.go" for i in range(len(answers))]
    return [AnswerRow(f"t{i + 1}", a, (e,), a == e) for i, (a, e) in enumerate(zip(answers, expected))]


def test_one_answer_copied_into_later_unrelated_tests_is_a_flagged_cascade():
    c = find_cascade(_rows(["f0.go", "x.go", "f0.go", "f0.go", "f0.go", "./f0.go", "f6.go"]))
    assert (c.copies, c.first_test, c.source_test) == (4, "t3", "t1")
    assert (c.longest_streak, c.streak_start, c.answer, c.flagged) == (4, "t3", "f0.go", True)


def test_same_answer_for_tests_that_expect_the_same_file_is_no_copy():
    c = find_cascade(_rows(["a.go", "a.go", "a.go"], ["a.go", "a.go", "a.go"]))
    assert c.copies == 0 and not c.flagged
    c = find_cascade(_rows([None, None, "x.go", "y.go"]))
    assert c.copies == 0 and c.longest_streak == 0


def test_a_test_giving_the_copied_answer_again_continues_the_streak_even_when_not_a_copy():
    # the committed collapse (lexiopt single, maybe_exts seed 2): "<tool_response>" from t01 to
    # t70, and t13 expects t01's file, so t13 is no copy of t01; the streak of that one answer still
    # runs unbroken from t02 (it began there, not after t13)
    expected = ["a.go", "b.go", "a.go", "c.go", "d.go", "e.go"]
    c = find_cascade(_rows(["x.go"] * 6, expected))
    assert (c.copies, c.first_test, c.source_test) == (4, "t2", "t1")
    assert (c.longest_streak, c.streak_start, c.answer) == (5, "t2", "x.go")
    # a right answer, or another answer, still ends it
    c = find_cascade(_rows(["x.go", "x.go", "c.go", "x.go", "x.go"], ["a.go", "b.go", "c.go", "d.go", "e.go"]))
    assert (c.longest_streak, c.streak_start) == (2, "t4")
    # the source test itself is no part of the streak, and a wrong answer never seen before starts none
    c = find_cascade(_rows(["x.go", "x.go", "x.go"], ["a.go", "a.go", "b.go"]))
    assert (c.copies, c.longest_streak, c.streak_start) == (1, 1, "t3")


def test_a_run_of_one_unanswered_outcome_is_a_session_that_stopped_answering():
    # the collapse sweep's seed 11 of maybe_exts: every test from t01 on `malformed`
    rows = [("t1", "pass"), ("t2", "malformed"), ("t3", "malformed"), ("t4", "timeout"),
            ("t5", "malformed"), ("t6", "malformed"), ("t7", "malformed"), ("t8", "fail")]
    u = unanswered_streak(rows)
    assert (u.streak, u.start, u.outcome) == (3, "t5", "malformed")      # one outcome: t4 breaks it
    assert not stopped_answering(u.streak) and stopped_answering(5)
    assert unanswered_streak([(f"t{i}", "no_answer") for i in range(5)]).streak == 5
    # the model's outcomes only: a lab crash, an outage or a skipped test is no unanswered test
    assert set(UNANSWERED) == {"no_answer", "tool_call_cap", "loop", "timeout", "context_overflow", "malformed"}
    assert unanswered_streak([(f"t{i}", o) for i, o in enumerate(["crash", "api_error", "skipped"] * 3)]).streak == 0
    assert unanswered_streak([]).streak == 0


def test_the_cascade_is_in_each_repeats_summary(parts):
    backend = ScriptedBackend(outputs=["ANSWER: services/billing/invoice.go"] * 40)
    res = run_session(parts[2].tests, session(parts, backend))
    c = summarize_repeat(0, 0, res.results, 1.0, []).cascade
    assert c["flagged"] and c["answer"] == "services/billing/invoice.go" and c["copies"] >= 3
    json.dumps(c)
