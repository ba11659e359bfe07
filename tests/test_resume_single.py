"""An interrupted single session goes on from its first unfinished test: its conversation is
rebuilt from the transcript message for message (evictions included), the rest of the repeat
equals an uninterrupted run's but for the prompt cache, and the repeat says where it went on
(`continued_at`, the resume event's `rebuilt_conversation`). `run.resume_single=restart`, or lines
that cannot rebuild it, restart it from its first test, as before."""

from __future__ import annotations

import contextlib
import io
import signal

import pytest
from click.testing import CliRunner

from lab.agent.conversation import Conversation, rebuilt
from lab.analysis.transcript import test_html as html_of
from lab.cli import main
from lab.models.base import BackendAPIError
from lab.models.messages import Message, ToolCall
from lab.records.record import read_record, read_transcript, transcript_path
from lab.records.recovery import rebuild_problem
from lab.records.results import TestResult
from lab.runner import resume, run
from support.runs import (interrupting, lab_sub, run_dirs, same_results, scripted, scripted_cfg,
                          seeded_fails, stochastic_args)

QUIET = io.StringIO
SINGLE = ("run.repeats=3", "agent.session=single")


def recording(backend, into: list):
    """`backend`, each request's (seed, test, messages) appended to `into`."""
    inner = backend.chat

    def chat(req):
        into.append((backend.seed, req.test.id, [m.to_dict() for m in req.messages]))
        return inner(req)
    backend.chat = chat
    return backend


def requests_from(seen: list, seed: int, test_id: str) -> list:
    """Every request of the repeat with `seed` from `test_id` on."""
    mine = [(t, m) for s, t, m in seen if s == seed]
    first = next(i for i, (t, _) in enumerate(mine) if t == test_id)
    return mine[first:]


def test_the_rebuilt_conversation_is_the_uninterrupted_one_message_for_message(tmp_path):
    ref_seen: list = []
    ref = run(scripted_cfg(tmp_path / "ref", *SINGLE), out=QUIET(), progress=False,
              backend=recording(scripted(fails=seeded_fails), ref_seen))
    with pytest.raises(KeyboardInterrupt):       # turn 17: test 3 of repeat 1
        run(scripted_cfg(tmp_path / "cut", *SINGLE), backend=interrupting(16, fails=seeded_fails),
            out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path / "cut")
    seen: list = []
    err, summary = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        resume(d, backend=recording(scripted(fails=seeded_fails), seen), out=summary, progress=False)
    assert "continued after an interruption" in summary.getvalue()
    assert "repeat 1 at mini-03" in summary.getvalue()
    assert "repeat 1 from test 3 (its single session's conversation rebuilt from the transcript)" \
        in err.getvalue()
    # every request from test 3 of repeat 1 on: the same messages as the uninterrupted run sent
    assert requests_from(seen, 1, "mini-03") == requests_from(ref_seen, 1, "mini-03")
    assert len(requests_from(seen, 1, "mini-03")[0][1]) > 6       # system, tests 1-2, test 3's user
    same_results(ref.run_dir, d, rebuilt=True)
    rec = read_record(d)
    assert [r.continued_at for r in rec.repeats] == [[], ["mini-03"], []]
    _, results = read_transcript(transcript_path(d, 1))
    assert [r.continued for r in results] == [False, False, True, False, False, False]
    shown = CliRunner().invoke(main, ["show", str(d), "--repeat", "1"])
    assert "mini-03" in shown.output and "(continued here after an interruption)" in shown.output
    one = CliRunner().invoke(main, ["show", str(d), "--repeat", "1", "--test", "mini-03"])
    assert "continued here after an interruption (a resume rebuilt the conversation" in one.output
    assert "continued here after an interruption" in html_of(results[2], open_=True)
    assert "continued here" not in html_of(results[1], open_=True)
    first = results[2].turn_usage[0]
    assert first["after_rebuild"] and first["cached_tokens"] == 0   # prefilled anew
    assert not any(u.get("after_rebuild") for r in results for u in r.turn_usage[1:])
    # the repeat's steady cache reuse leaves that turn out, as it does a turn after an eviction
    assert rec.repeats[1].cache_reuse < rec.repeats[1].cache_reuse_between_evictions


def small_context(backend, n_ctx: int = 1200):
    """`backend` with a context that overflows at the mini suite's third test (evict_oldest drops
    tests 1-2 there, test 3 at the fourth)."""
    backend.n_ctx = n_ctx
    return backend


def test_evictions_before_the_interruption_are_replayed(tmp_path):
    args = ("run.repeats=2", "agent.session=single", "agent.context_policy=evict_oldest")
    ref_seen: list = []
    ref = run(scripted_cfg(tmp_path / "ref", *args), out=QUIET(), progress=False,
              backend=recording(small_context(scripted()), ref_seen))
    _, ref_results = read_transcript(transcript_path(ref.run_dir, 1))
    assert [[e["dropped"] for e in r.evictions] for r in ref_results[:4]] == \
           [[], [], [["mini-01", "mini-02"]], [["mini-03"]]]
    with pytest.raises(KeyboardInterrupt):       # turn 21: test 5 of repeat 1
        run(scripted_cfg(tmp_path / "cut", *args), backend=small_context(interrupting(20)),
            out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path / "cut")
    seen: list = []
    resume(d, backend=recording(small_context(scripted()), seen), out=QUIET(), progress=False)
    again = requests_from(seen, 1, "mini-05")
    assert again == requests_from(ref_seen, 1, "mini-05")
    assert not any("mini-03" in str(m) for m in again[0][1])   # what the evictions dropped stays out
    same_results(ref.run_dir, d, rebuilt=True)
    assert read_record(d).repeats[1].evictions == read_record(ref.run_dir).repeats[1].evictions


def test_an_outage_mid_session_reruns_from_the_failed_test_not_from_the_first(tmp_path):
    ref = run(scripted_cfg(tmp_path / "ref", *SINGLE), backend=scripted(fails=seeded_fails),
              out=QUIET(), progress=False)
    backend = scripted(fails=seeded_fails)
    inner, n = backend.chat, {"calls": 0}

    def chat(req):                                # test 4 of repeat 0 meets a server outage
        n["calls"] += 1
        if req.test.id == "mini-04" and backend.seed == 0:
            raise BackendAPIError("502 Bad Gateway")
        return inner(req)
    backend.chat = chat
    out = run(scripted_cfg(tmp_path / "cut", *SINGLE), backend=backend, out=QUIET(), progress=False)
    assert read_record(out.run_dir).status == "failed"
    log: list = []
    resume(out.run_dir, backend=scripted(fails=seeded_fails, log=log), out=QUIET(), progress=False)
    assert log == ["mini-04", "mini-05", "mini-06"]       # repeat 0 from the failed test on
    same_results(ref.run_dir, out.run_dir, rebuilt=True)
    ev = [e for e in read_record(out.run_dir).events if e.get("resumed")][-1]
    assert ev["retried_tests"] == 1 and ev["restarted_tests_discarded"] == 2
    assert ev["rebuilt_conversation"] == [0]


def test_resume_single_restart_reruns_the_repeat_from_its_first_test(tmp_path):
    with pytest.raises(KeyboardInterrupt):
        run(scripted_cfg(tmp_path / "cut", *SINGLE), backend=interrupting(16, fails=seeded_fails),
            out=QUIET(), progress=False)
    [d] = run_dirs(tmp_path / "cut")
    ref = run(scripted_cfg(tmp_path / "ref", *SINGLE), backend=scripted(fails=seeded_fails),
              out=QUIET(), progress=False)
    run(scripted_cfg(tmp_path / "cut", *SINGLE, "run.resume=true", "run.resume_single=restart"),
        backend=scripted(fails=seeded_fails), out=QUIET(), progress=False)
    same_results(ref.run_dir, d)                   # whole again, cache included
    ev = [e for e in read_record(d).events if e.get("resumed")][-1]
    assert ev["restarted_tests_discarded"] == 2 and ev["rebuilt_conversation"] is None
    assert all(r.continued_at == [] for r in read_record(d).repeats)


def test_a_batched_single_session_killed_mid_batch_goes_on_after_its_finished_tests(tmp_path):
    # rho 0: the stochastic model's shared factor comes from the first test its backend saw since
    # its reset (a continued session's is the test it went on from), so only then does a pass
    # depend on the seed and the test alone, as a real model's does on the messages alone
    args = ("run.repeats=2", "agent.session=single", "model.parallel=2")
    ref = lab_sub("run", *stochastic_args(tmp_path / "ref", *args, rho=0))
    assert ref.returncode == 0, ref.stderr
    killed = lab_sub("run", *stochastic_args(tmp_path / "bat", *args, rho=0),
                     env={"VOCAB_LAB_KILL_AT": "after-test:5"})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    [d] = run_dirs(tmp_path / "bat")
    res = CliRunner().invoke(main, ["resume", str(d)])
    assert res.exit_code == 0, res.output
    [r] = run_dirs(tmp_path / "ref")
    same_results(r, d, rebuilt=True)
    assert any(rep.continued_at for rep in read_record(d).repeats)


# -- what can be rebuilt ----------------------------------------------------------------------------

def _result(test_id, messages, evictions=()):
    return TestResult(test_id=test_id, index=1, position="", category="A", query="q", expected=[],
                      messages=messages, evictions=list(evictions))


def test_a_message_round_trips_through_its_transcript_form_native_reply_included():
    call = ToolCall(name="path_resolve", arguments={"query": "x"}, raw='{"query": "x"}', id="c1",
                    form="native")
    m = Message("assistant", "", tool_calls=[call],
                native={"role": "assistant", "tool_calls": [{"id": "c1"}], "reasoning_content": "r"})
    back = Message.from_dict(m.to_dict())
    assert back.to_dict() == m.to_dict() and back.native == m.native and back.uid != m.uid
    assert Message.from_dict(Message("tool", "{}", tool_call_id="c1", name="t").to_dict()).name == "t"


def test_rebuilt_holds_what_the_session_held_and_refuses_what_it_cannot_rebuild():
    u = lambda t: {"role": "user", "content": f"Test {t}"}           # noqa: E731
    a = lambda t: {"role": "assistant", "content": f"ANSWER: {t}"}   # noqa: E731
    done = [_result("t1", [u(1), a(1)]), _result("t2", [u(2), a(2)]),
            _result("t3", [u(3), a(3)], [{"at_test": "t3", "dropped": ["t1"]}])]
    assert rebuild_problem(done) is None
    conv = rebuilt(Conversation(system=Message("system", "S")), done)
    assert [m.content for m in conv.messages()] == ["S", "Test 2", "ANSWER: 2", "Test 3", "ANSWER: 3"]
    assert conv.evicted == ["t1"]
    wrong = [done[0], done[1], _result("t3", [u(3)], [{"at_test": "t3", "dropped": ["t2"]}])]
    assert "eviction of t2" in rebuild_problem(wrong)
    native = {"role": "assistant", "content": "",
              "tool_calls": [{"name": "p", "arguments": {}, "raw": "{}", "id": "c", "error": None,
                              "form": "native"}]}
    assert "without the message as sent back" in rebuild_problem([_result("t1", [u(1), native])])
    assert rebuild_problem([_result("t1", [u(1), {**native, "native": {"role": "assistant"}}])]) is None
    # a llama.cpp run sends back the tokens generated: a transcript without them cannot rebuild it
    assert rebuild_problem(done) is None and "without the tokens" in rebuild_problem(done, tokens=True)
    kept = [_result("t1", [u(1), {**a(1), "generated": {"tokens": [5, 6], "eos": True}}])]
    assert rebuild_problem(kept, tokens=True) is None
