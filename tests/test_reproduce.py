"""`lab reproduce RUN`: a recorded run's first tests rerun with its recorded config, compared
message for message with its transcript (lab/comparisons/transcripts.py: the comparison; lab/runner/
reproducing.py: the rerun; lab/cli/reproduce.py: the command). The end-to-end tests drive the
seeded stochastic test model through the real agent loop: its tokens follow from the seed alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.records.results import TestResult
from lab.records.numerics import Numerics
from lab.records.record import read_transcript, transcript_path
from lab.comparisons.transcripts import compare

REPO = Path(__file__).resolve().parent.parent

# -- the comparison (pure) -------------------------------------------------------------------------

CALL = '<tool_call>\n{"name": "path_resolve", "arguments": {"query": "retry.go"}}\n</tool_call>'
RESULT = '{"candidates": [{"path": "services/payments/client/go/retry.go", "score": 1.0}]}'


def result(test_id: str, index: int, answer: str = "services/a.go", *, tool: str = RESULT,
           outcome: str = "pass") -> TestResult:
    """One test as a transcript holds it: the user's message, a call, its result, the answer."""
    messages = [{"role": "user", "content": f"Test {test_id}: retry.go"},
                {"role": "assistant", "content": CALL},
                {"role": "tool", "content": tool, "name": "path_resolve", "tool_call_id": "call_0"},
                {"role": "assistant", "content": f"ANSWER: {answer}"}]
    return TestResult(test_id=test_id, index=index, position=index, category="A", query="retry.go",
                      expected=["services/a.go"], outcome=outcome, passed=outcome == "pass",
                      answer=answer, messages=messages)


def three(**changes) -> list[TestResult]:
    return [result("t01", 1), result("t02", 2, **changes), result("t03", 3)]


def test_identical_transcripts_reproduce():
    c = compare(three(), three())
    assert c.identical and c.divergence is None
    assert (c.tests, c.assistant_turns) == (3, 6)
    assert [(r.test_id, r.identical, r.outcome, r.now_outcome) for r in c.rows] == [
        ("t01", True, "pass", "pass"), ("t02", True, "pass", "pass"), ("t03", True, "pass", "pass")]


def test_an_assistant_text_differing_names_test_turn_and_char():
    c = compare(three(), three(answer="services/b.go", outcome="fail"))
    d = c.divergence
    assert not c.identical and d is not None
    assert (d.test_id, d.kind, d.role, d.message_index, d.turn) == ("t02", "content", "assistant", 3, 2)
    assert d.char == len("ANSWER: services/") and d.token is None     # no tokenizer: chars only
    assert d.recorded == "ANSWER: services/a.go" and d.now == "ANSWER: services/b.go"
    assert [r.identical for r in c.rows] == [True, False, True]
    assert (c.rows[1].answer, c.rows[1].now_answer, c.rows[1].now_outcome) == (
        "services/a.go", "services/b.go", "fail")


def test_a_differing_tool_result_is_named_with_its_tool_and_turn():
    other = RESULT.replace("1.0", "0.9")
    d = compare(three(), three(tool=other)).divergence
    assert (d.test_id, d.role, d.tool, d.message_index, d.turn) == ("t02", "tool", "path_resolve", 2, 1)
    assert d.char == RESULT.index("1.0")


def test_a_missing_test_and_a_missing_message_diverge():
    c = compare(three(), three()[:2])
    assert (c.divergence.test_id, c.divergence.kind) == ("t03", "test")
    assert c.rows[2].now_outcome is None and not c.rows[2].identical
    short = three()
    short[0].messages = short[0].messages[:3]          # the rerun stopped after the tool result
    d = compare(three(), short).divergence
    assert (d.test_id, d.kind, d.role, d.message_index, d.turn, d.now) == (
        "t01", "missing", "assistant", 3, 2, None)


def test_another_test_at_a_place_diverges_at_that_test():
    now = three()
    now[1] = result("t09", 2)
    d = compare(three(), now).divergence
    assert (d.test_id, d.kind, d.now) == ("t02", "test", "t09")


def test_same_messages_but_another_outcome_is_not_identical():
    c = compare(three(), three(outcome="fail"))
    assert not c.identical and c.divergence.kind == "outcome" and c.divergence.test_id == "t02"


def test_a_tokenizer_gives_the_first_differing_token():
    words: dict[str, int] = {}
    tokenize = lambda s: [words.setdefault(w, len(words)) for w in s.split(" ")]  # noqa: E731
    d = compare(three(answer="services/a.go now"), three(answer="services/b.go now"),
                tokenize=tokenize).divergence
    assert d.token == 1 and d.char == len("ANSWER: services/")
    d = compare(three(answer="x"), three(answer="x y"), tokenize=tokenize).divergence
    assert (d.token, d.char) == (2, len("ANSWER: x"))          # a prefix: where the shorter ends
    assert compare(three(answer="x"), three(answer="y"), tokenize=lambda s: None).divergence.token is None


def test_excerpts_are_one_line_around_the_divergence():
    long_before, long_after = "a\n" * 100, "b" * 400
    d = compare(three(answer=long_before + "X" + long_after),
                three(answer=long_before + "Y" + long_after)).divergence
    for text in (d.recorded, d.now):
        assert "\n" not in text and 150 < len(text) < 260
    assert "X" + "b" * 100 in d.recorded and "Y" + "b" * 100 in d.now


# -- the backends' tokenizers ------------------------------------------------------------------------

def test_backends_tokenize_only_when_they_have_a_tokenizer():
    from lab.models import StochasticBackend
    from lab.models.llamacpp import LlamaCppBackend

    assert StochasticBackend({"p": 0.5, "rho": 0.0, "difficulty_sd": 0.0, "lift": 0.0,
                              "salt": ""}).tokenize("ANSWER: x") is None

    class Llm:       # llama_cpp.Llama's tokenize, without a model
        def tokenize(self, data, add_bos, special):
            assert (add_bos, special) == (False, True)
            return list(data)

    b = LlamaCppBackend.__new__(LlamaCppBackend)     # no model file is loaded
    b.llm = Llm()
    assert b.tokenize("ab") == [97, 98]


# -- lab reproduce, end to end -----------------------------------------------------------------------

def run_args(results: Path, *extra: str) -> list[str]:
    return ["model=stochastic", f"corpus.root={REPO / 'tests/data/minirepo'}",
            f"suite.file={REPO / 'tests/data/mini_suite.yaml'}",
            f"prompt.file={REPO / 'tests/data/agent/templates.yaml'}", "resolver.semantic.enabled=false",
            f"run.results_dir={results}", "run.progress=false", "suite.limit=3", "run.repeats=2",
            "run.seed=0", *extra]


def recorded_run(tmp_path: Path, session: str = "single") -> Path:
    res = CliRunner().invoke(main, ["run", *run_args(tmp_path / "results", f"agent.session={session}")],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    [run_dir] = [p for p in (tmp_path / "results/default").iterdir() if p.is_dir()]
    return run_dir


def reproduce(*args: str):
    return CliRunner().invoke(main, ["reproduce", *map(str, args)], catch_exceptions=False)


def edit_message(run_dir: Path, repeat: int, test_id: str, index: int, old: str, new: str) -> None:
    path = transcript_path(run_dir, repeat)
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        obj = json.loads(line)
        if obj.get("test_id") == test_id:
            assert old in obj["messages"][index]["content"]
            obj["messages"][index]["content"] = obj["messages"][index]["content"].replace(old, new)
            lines[i] = json.dumps(obj, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("session", ["single", "isolated"])
def test_a_run_reproduces_with_exit_0(tmp_path, session):
    run_dir = recorded_run(tmp_path, session)
    res = reproduce(run_dir)
    assert res.exit_code == 0, res.output
    first = res.stdout.splitlines()[0]
    assert first == "REPRODUCED: mini-01..mini-03 identical (repeat 0, seed 0): 3 tests, 6 assistant turns"
    assert "fingerprint: same" in res.stdout and "numerics: same" in res.stdout
    assert "run " in res.stderr and "score" in res.stderr     # the rerun's summary: stderr
    [rerun] = [line.split(" ", 1)[1] for line in res.stdout.splitlines() if line.startswith("rerun: ")]
    assert rerun.endswith(" (deleted)") and not Path(rerun.removesuffix(" (deleted)")).exists()


def test_another_repeat_is_reproduced_with_its_own_seed(tmp_path):
    run_dir = recorded_run(tmp_path)
    one = [r.messages for r in read_transcript(transcript_path(run_dir, 1))[1]]
    assert one != [r.messages for r in read_transcript(transcript_path(run_dir, 0))[1]]  # seeds matter
    res = reproduce(run_dir, "--repeat", 1, "--tests", 2)
    assert res.exit_code == 0, res.output
    assert res.stdout.startswith("REPRODUCED: mini-01..mini-02 identical (repeat 1, seed 1): 2 tests")


def test_an_edited_assistant_message_diverges_with_exit_1(tmp_path, monkeypatch):
    from lab.models import StochasticBackend

    run_dir = recorded_run(tmp_path)
    edit_message(run_dir, 0, "mini-02", 3, "ANSWER: services/", "ANSWER: servicez/")
    res = reproduce(run_dir)
    assert res.exit_code == 1, res.output
    assert res.stdout.startswith('DIVERGED at mini-02, assistant turn 2, char 15: recorded "ANSWER: servicez/')
    assert "a reproducibility bug in the lab" in res.stdout
    # a backend with a tokenizer (here one token per character) gives the token position too
    monkeypatch.setattr(StochasticBackend, "tokenize", lambda self, text: [ord(c) for c in text],
                        raising=False)
    res = reproduce(run_dir)
    assert res.exit_code == 1 and res.stdout.startswith("DIVERGED at mini-02, assistant turn 2, token 15 (char 15)")
    assert "re-tokenizing both texts" in res.stdout


def test_json_has_every_key(tmp_path):
    run_dir = recorded_run(tmp_path)
    edit_message(run_dir, 0, "mini-03", 2, '"candidates"', '"kandidates"')
    res = reproduce(run_dir, "--format", "json")
    assert res.exit_code == 1, res.output
    data = json.loads(res.stdout)
    assert set(data) >= {"run_dir", "repeat", "seed", "tests", "identical", "divergence", "fingerprint",
                         "numerics", "diagnosis", "rows"}
    assert (data["run_dir"], data["repeat"], data["seed"], data["tests"], data["identical"]) == (
        str(run_dir), 0, 0, 3, False)
    d = data["divergence"]
    assert (d["test_id"], d["role"], d["tool"], d["turn"], d["char"]) == ("mini-03", "tool", "path_resolve", 1, 2)
    assert set(data["fingerprint"]) == {"recorded", "now", "same", "differences"}
    assert data["fingerprint"]["same"] is True and data["fingerprint"]["differences"] == []
    assert set(data["numerics"]) == {"recorded", "now", "same", "note"} and data["numerics"]["same"] is True
    assert [r["test_id"] for r in data["rows"]] == ["mini-01", "mini-02", "mini-03"]
    assert [r["identical"] for r in data["rows"]] == [True, True, False]
    assert data["cut"] == [] and [r["cut"] for r in data["rows"]] == [False, False, False]


def test_an_override_changing_the_fingerprint_is_reported(tmp_path):
    run_dir = recorded_run(tmp_path)
    res = reproduce(run_dir, "agent.max_tool_calls=7", "--format", "json")
    assert res.exit_code == 0, res.output               # the same tokens: this model makes one call
    fp = json.loads(res.stdout)["fingerprint"]
    assert fp["same"] is False and fp["recorded"] != fp["now"]
    assert fp["differences"] == ["agent.max_tool_calls: 8 -> 7"]
    res = reproduce(run_dir, "agent.max_tool_calls=7")
    assert "agent.max_tool_calls: 8 -> 7" in res.stdout
    assert "the inputs differ (lab code, corpus, prompt...): not a test of the machine" in res.stdout


def test_other_numerics_are_named_and_explain_a_divergence(tmp_path):
    run_dir = recorded_run(tmp_path)
    record = json.loads((run_dir / "run.json").read_text())
    other = Numerics({"engine": "llama.cpp", "n_threads": 8})       # another machine's
    record["numerics"] = other.to_dict()
    (run_dir / "run.json").write_text(json.dumps(record))
    res = reproduce(run_dir)
    assert res.exit_code == 0                       # the same tokens all the same
    assert f"numerics differ ({other.id} vs " in res.stdout and 'engine: "llama.cpp" -> "python"' in res.stdout
    assert "other numerics, the same tokens" in res.stdout
    edit_message(run_dir, 0, "mini-01", 3, "ANSWER:", "ANSWER: ")
    res = reproduce(run_dir)
    assert res.exit_code == 1
    assert "other numerics: a divergence is expected, not a lab bug" in res.stdout


def test_usage_and_input_errors_exit_2(tmp_path):
    run_dir = recorded_run(tmp_path)
    res = reproduce(run_dir, "model=scripted")
    assert res.exit_code == 2 and "model=scripted" in res.stderr and "group" in res.stderr
    res = reproduce(run_dir, "agent.max_tool_call=7")
    assert res.exit_code == 2 and "agent.max_tool_call" in res.stderr
    res = reproduce(run_dir, "run.seed=3")
    assert res.exit_code == 2 and "--repeat" in res.stderr
    res = reproduce(run_dir, "--tests", 5)
    assert res.exit_code == 2 and "repeat 0 holds 3 tests" in res.stderr
    res = reproduce(run_dir, "--repeat", 2)
    assert res.exit_code == 2 and "no transcript for repeat 2" in res.stderr
    res = reproduce(tmp_path / "nowhere")
    assert res.exit_code == 2 and "no run" in res.stderr


def test_an_incomplete_repeat_is_refused(tmp_path):
    run_dir = recorded_run(tmp_path, "isolated")
    path = transcript_path(run_dir, 1)
    path.write_text("".join(path.read_text().splitlines(keepends=True)[:2]))   # header + 1 test
    res = reproduce(run_dir, "--repeat", 1, "--tests", 2)
    assert res.exit_code == 2 and "incomplete" in res.stderr and "1 of the first 2" in res.stderr
    assert reproduce(run_dir, "--repeat", 1, "--tests", 1).exit_code == 0


def test_a_run_id_is_looked_up_and_keep_keeps_the_rerun(tmp_path, monkeypatch):
    run_dir = recorded_run(tmp_path)
    monkeypatch.chdir(tmp_path)                  # the default lookup folder: ./results
    res = reproduce(run_dir.name, "--tests", 1, "--keep", tmp_path / "kept")
    assert res.exit_code == 0, res.output
    [kept] = [p for p in (tmp_path / "kept/reproduce").iterdir() if p.is_dir()]
    rerun = json.loads((kept / "run.json").read_text())
    assert rerun["experiment"] == "reproduce" and rerun["suite"]["tests"] == 1
    assert rerun["config"]["run"]["seed"] == 0 and rerun["config"]["run"]["repeats"] == 1
    assert str(kept) in res.stdout


def cut_short(r: TestResult, keep: int) -> TestResult:
    """`r` as a slower machine ends it: its answer cut after `keep` characters, outcome timeout."""
    msgs = [dict(m) for m in r.messages]
    msgs[-1]["content"] = msgs[-1]["content"][:keep]
    return TestResult(test_id=r.test_id, index=r.index, position=r.position, category=r.category,
                      query=r.query, expected=r.expected, outcome="timeout", infrastructure=True,
                      messages=msgs)


def test_a_test_cut_by_the_time_limit_is_not_a_divergence_in_isolated_runs():
    """A slower machine ran t01 out of its time limit mid-answer: the same tokens up to the cut.
    Isolated tests are independent, so t02's real divergence is still found and named."""
    now = [cut_short(result("t01", 1), 20), result("t02", 2, answer="services/b.go", outcome="fail"),
           result("t03", 3)]
    c = compare(three(), now, independent=True)
    assert not c.identical and c.cut == ["t01"]
    assert c.divergence is not None and (c.divergence.test_id, c.divergence.kind) == ("t02", "content")
    assert [(r.identical, r.cut) for r in c.rows] == [(False, True), (False, False), (True, False)]
    only_cut = compare(three(), [cut_short(result("t01", 1), 20), *three()[1:]], independent=True)
    assert not only_cut.identical and only_cut.divergence is None and only_cut.cut == ["t01"]


def test_a_cut_in_a_single_session_ends_the_comparison_as_a_cut():
    now = [cut_short(result("t01", 1), 20), result("t02", 2, answer="services/b.go")]
    c = compare(three()[:2], now)
    assert c.divergence is not None and (c.divergence.test_id, c.divergence.kind) == ("t01", "cut")
    assert c.cut == ["t01"] and not c.identical


def test_a_timeout_whose_text_differs_before_the_cut_is_a_divergence():
    r = cut_short(result("t01", 1), 20)
    r.messages[-1]["content"] = "ANSWER: elsewhere/x"          # not the recorded text cut short
    c = compare(three()[:1], [r], independent=True)
    assert c.cut == [] and c.divergence is not None and c.divergence.kind == "content"


def test_the_same_messages_ended_by_the_time_limit_on_one_side_are_cut():
    """The rerun wrote every recorded message, but its clock ran out at the end (a slower CPU):
    the outcome differs (timeout), the tokens do not."""
    late = result("t02", 2)
    late.outcome, late.passed, late.answer = "timeout", False, None
    c = compare(three(), [result("t01", 1), late, result("t03", 3)], independent=True)
    assert c.cut == ["t02"] and c.divergence is None and not c.identical
