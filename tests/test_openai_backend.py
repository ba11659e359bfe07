"""The `openai` backend against a stub OpenAI-compatible HTTP server on loopback: native and text
tool calls, messages sent back unchanged, retries on 500/429/dropped connections, context-length
errors, time limits. (The real-server test is tests/test_openai_server.py, marked slow.)"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from lab.agent import Session, agent_settings, load_templates, run_session
from conftest import UNFORCED, agent_yaml
from lab.config import compose
from support.stub_server import completion, send_json
from lab.models import BackendAPIError, ChatRequest, Message, load_model
from lab.suites.loader import load_suite
from lab.tools import build_toolset

pytest.importorskip("openai")

REPO = Path(__file__).resolve().parent.parent
MINIREPO = REPO / "tests/data/minirepo"
MINI_SUITE = REPO / "tests/data/mini_suite.yaml"
TEMPLATES = REPO / "tests/data/agent/templates.yaml"


class Stub:
    """Replies from a queue: ("ok", message, usage) | ("status", code, body) | ("reset",) | ("sleep", s)
    | ("trickle", s): headers, then one byte of a reply every s seconds until closed
    | ("raw", bytes): a 200 with that body."""

    def __init__(self) -> None:
        self.closed = threading.Event()     # ends every trickle: no handler outlives the test
        self.queue: deque = deque()
        self.requests: list[dict] = []
        self.default = None
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append(body)
                item = stub.queue.popleft() if stub.queue else stub.default(body)
                if item[0] == "reset":
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.connection.close()
                    return
                if item[0] == "sleep":
                    time.sleep(item[1])
                    item = ("ok", {"role": "assistant", "content": "late"}, {})
                if item[0] == "status":
                    self._send(item[1], item[2])
                    return
                if item[0] in ("trickle", "raw"):
                    self._body(item)
                    return
                _, message, usage = item
                self._send(200, completion(message, usage))

            def _send(self, code, obj):
                send_json(self, code, obj)

            def _body(self, item):
                data = (item[1] if item[0] == "raw" else
                        json.dumps(completion({"role": "assistant", "content": "x" * 10_000})).encode())
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if item[0] == "raw":
                    self.wfile.write(data)
                    return
                try:
                    for i in range(len(data)):
                        if stub.closed.wait(item[1]):
                            return
                        self.wfile.write(data[i:i + 1])
                        self.wfile.flush()
                except OSError:        # the client gave up on it: what the tests want
                    return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()

    def close(self):
        self.closed.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stub():
    s = Stub()
    yield s
    s.close()


@pytest.fixture(scope="module")
def parts():
    cfg = compose([f"corpus.root={MINIREPO}", "resolver.semantic.enabled=false"])
    from lab.pathfinder.resolver import load_resolver
    resolver = load_resolver(cfg)
    return cfg, resolver, load_suite(MINI_SUITE, corpus_paths=set(resolver.index.by_path))


def backend_for(stub, **over):
    cfg = compose(["model=openai", f"model.base_url={stub.url}", "model.model=stub",
                   "model.backoff_s=0.01", "model.max_retries=2",
                   *[f"model.{k}={v}" for k, v in over.items()]])
    return load_model(cfg.model)


def session(parts, backend, **agent):
    cfg, resolver, _ = parts
    return Session(backend=backend, toolset=build_toolset(cfg, resolver=resolver),
                   templates=load_templates(TEMPLATES),
                   settings=agent_settings(agent_yaml(**{**UNFORCED, **agent})),
                   corpus_root=Path(resolver.root))


def native_solver(body):
    """Answers like a server that parses tool calls: a call first, then the expected answer."""
    msgs = body["messages"]
    last_user = max(i for i, m in enumerate(msgs) if m["role"] == "user")
    user = msgs[last_user]["content"]
    test_id = user.split(":")[0].removeprefix("Test ")
    if msgs[-1]["role"] != "tool":
        return ("ok", {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"call_{test_id}", "type": "function",
             "function": {"name": "path_resolve", "arguments": json.dumps({"query": user.split(": ", 1)[1]})}}]},
            {"prompt_tokens_details": {"cached_tokens": 64}})
    answer = json.loads(msgs[-1]["content"])["candidates"][0]["path"]
    return ("ok", {"role": "assistant", "content": f"ANSWER: {answer}"}, {})


def text_solver(body):
    msgs = body["messages"]
    if msgs[-1]["role"] != "tool":
        user = [m for m in msgs if m["role"] == "user"][-1]["content"]
        call = {"name": "path_resolve", "arguments": {"query": user.split(": ", 1)[1]}}
        return ("ok", {"role": "assistant", "content": f"<tool_call>\n{json.dumps(call)}\n</tool_call>"}, {})
    answer = json.loads(msgs[-1]["content"])["candidates"][0]["path"]
    return ("ok", {"role": "assistant", "content": f"ANSWER: {answer}"}, {})


def test_native_tool_calls_round_trip_unchanged(stub, parts):
    stub.default = native_solver
    b = backend_for(stub)
    res = run_session(parts[2].tests[:3], session(parts, b))
    assert [r.outcome for r in res.results] == ["pass"] * 3
    second = stub.requests[1]
    assert second["tools"][0]["function"]["name"] == "path_resolve"
    assistant = second["messages"][-2]
    assert assistant["tool_calls"][0]["id"] == "call_mini-01" and assistant["role"] == "assistant"
    assert second["messages"][-1] == {"role": "tool", "tool_call_id": "call_mini-01",
                                      "content": second["messages"][-1]["content"]}
    first = res.results[0]
    assert first.cached_tokens == 64 and first.prompt_tokens == 200 and first.turns == 2
    assert b.identity().history_rendering.startswith("server")


def test_text_mode_puts_tools_in_the_system_prompt_and_parses_calls(stub, parts):
    stub.default = text_solver
    b = backend_for(stub, tool_mode="text")
    res = run_session(parts[2].tests[:2], session(parts, b))
    assert [r.outcome for r in res.results] == ["pass", "pass"]
    first = stub.requests[0]
    assert "tools" not in first and "<tools>" in first["messages"][0]["content"]
    raw = res.results[0].messages[1]["content"]
    assert stub.requests[1]["messages"][2] == {"role": "assistant", "content": raw}   # byte for byte


def test_http_500_is_retried_then_succeeds(stub, parts):
    stub.default = native_solver
    stub.queue.extend([("status", 500, {"error": {"message": "boom"}})])
    b = backend_for(stub)
    res = run_session(parts[2].tests[:1], session(parts, b))
    assert res.results[0].outcome == "pass" and b.retries_used == 1


def test_http_500_forever_is_api_error_and_the_run_goes_on(stub, parts):
    stub.default = native_solver
    stub.queue.extend([("status", 500, {"error": {"message": "boom"}})] * 3)
    b = backend_for(stub)
    res = run_session(parts[2].tests[:2], session(parts, b))
    assert [r.outcome for r in res.results] == ["api_error", "pass"]
    assert res.results[0].infrastructure and "3 attempt" in res.results[0].detail


def test_dropped_connections_are_api_error_and_the_run_goes_on(stub, parts):
    stub.default = native_solver
    stub.queue.extend([("reset",)] * 3)
    b = backend_for(stub)
    res = run_session(parts[2].tests[:2], session(parts, b))
    assert [r.outcome for r in res.results] == ["api_error", "pass"]
    assert "APIConnectionError" in res.results[0].detail


def test_429_backs_off_and_retries(stub, parts):
    stub.default = native_solver
    stub.queue.extend([("status", 429, {"error": {"message": "slow down"}})] * 2)
    b = backend_for(stub)
    res = run_session(parts[2].tests[:1], session(parts, b))
    assert res.results[0].outcome == "pass" and b.retries_used == 2


def test_context_length_error_is_context_overflow(stub, parts):
    stub.default = native_solver
    stub.queue.append(("status", 400, {"error": {
        "message": "This model's maximum context length is 8192 tokens. However, you requested 9041 tokens",
        "code": "context_length_exceeded"}}))
    b = backend_for(stub)
    res = run_session(parts[2].tests[:3], session(parts, b))
    assert [r.outcome for r in res.results] == ["context_overflow", "skipped", "skipped"]


def test_a_request_running_past_the_time_limit_is_timeout(stub, parts):
    stub.default = native_solver
    stub.queue.append(("sleep", 3))
    b = backend_for(stub)
    t0 = time.monotonic()
    res = run_session(parts[2].tests[:2], session(parts, b, time_limit_s=1))
    assert time.monotonic() - t0 < 2.9
    assert [r.outcome for r in res.results] == ["timeout", "pass"]
    assert res.results[0].infrastructure


def in_thread(fn, budget: float):
    """fn() in a thread; (result or exception, seconds), or (None, None) when it is still running
    after `budget` (the caller's fixture then closes the server, which ends it)."""
    out: list = []

    def go():
        t0 = time.monotonic()
        try:
            out.append(fn())
        except Exception as e:  # noqa: BLE001 - the test inspects it
            out.append(e)
        out.append(time.monotonic() - t0)
    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(budget)
    return (out[0], out[1]) if len(out) == 2 else (None, None)


def test_a_trickling_reply_ends_at_the_tests_time_limit(stub, parts):
    # issue 27.2: headers, then a byte a second; the client's time-out is between bytes only
    stub.default = native_solver
    stub.queue.append(("trickle", 0.2))
    b = backend_for(stub, request_timeout_s=5)
    res, took = in_thread(lambda: run_session(parts[2].tests[:2], session(parts, b, time_limit_s=1.5)),
                          budget=15)
    assert took is not None and took < 5, "the trickle held the test past its time limit"
    assert [r.outcome for r in res.results] == ["timeout", "pass"]
    assert res.results[0].infrastructure and "still arriving" in res.results[0].detail


def test_a_trickling_reply_is_cut_at_request_timeout_and_retried(stub):
    stub.default = lambda body: ("trickle", 0.1)
    b = backend_for(stub, request_timeout_s=0.6, max_retries=1)
    req = ChatRequest(messages=[Message("system", "s"), Message("user", "u")], tools=[], max_tokens=8)
    err, took = in_thread(lambda: b.chat(req), budget=15)
    assert took is not None and took < 3
    assert isinstance(err, BackendAPIError) and "gave up after 2 attempt(s): timeout" in str(err)


@pytest.mark.parametrize("body", [b"{not json", b"<html><body>502 Bad Gateway</body></html>",
                                  b'{"choices": []}', b'{"choices": [{"message": null}]}',
                                  b'{"choices": "x"}', b'[]', b'{"choices": [{"message": {"content": 5}}]}',
                                  b'{"choices": [{"message": {"tool_calls": [{"function": null}]}}]}'])
def test_a_malformed_200_is_retried_like_a_500(stub, parts, body):
    # issue 27.8: it was an IndexError/AttributeError inside the lab: `crash`, never retried
    stub.default = native_solver
    stub.queue.append(("raw", body))
    b = backend_for(stub)
    res = run_session(parts[2].tests[:1], session(parts, b))
    assert res.results[0].outcome == "pass" and b.retries_used == 1
    stub.queue.extend([("raw", body)] * 3)
    res = run_session(parts[2].tests[:2], session(parts, b))
    assert [r.outcome for r in res.results] == ["api_error", "pass"]
    assert res.results[0].infrastructure and "malformed reply" in res.results[0].detail


def test_retries_never_outlast_the_test(stub):
    stub.default = lambda body: ("status", 503, {"error": {"message": "down"}})
    b = backend_for(stub, backoff_s=5, max_retries=5)
    req = ChatRequest(messages=[Message("system", "s"), Message("user", "u")], tools=[], max_tokens=8,
                      deadline=time.monotonic() + 1.0)
    t0 = time.monotonic()
    with pytest.raises(BackendAPIError, match="no room to retry"):
        b.chat(req)
    assert time.monotonic() - t0 < 1.0


def test_missing_server_setting_names_the_fix():
    from lab.errors import MissingDependencyError
    cfg = compose(["model=openai", "model.base_url=null"])
    with pytest.raises(MissingDependencyError, match="model.base_url=http"):
        load_model(cfg.model)


def test_constrained_sends_a_grammar(stub, parts):
    stub.default = text_solver
    b = backend_for(stub, tool_mode="text")
    res = run_session(parts[2].tests[:1], session(parts, b, constrained=True))
    assert res.results[0].outcome == "pass"
    assert 'root   ::= (call | answer)' in stub.requests[0]["grammar"]


def test_tool_choice_first_sends_required_on_each_tests_first_request_only(stub, parts):
    stub.default = native_solver
    res = run_session(parts[2].tests[:3], session(parts, backend_for(stub), tool_choice="first"))
    assert [r.outcome for r in res.results] == ["pass"] * 3
    assert [b.get("tool_choice") for b in stub.requests] == ["required", None] * 3
    assert all(r.first_call_forced and r.tool_calls[0].forced and r.tool_calls[0].form == "native"
               for r in res.results)
    stub.requests.clear()
    run_session(parts[2].tests[:1], session(parts, backend_for(stub), tool_choice="first",
                                            forced_tool="path_resolve"))
    assert stub.requests[0]["tool_choice"] == {"type": "function", "function": {"name": "path_resolve"}}


def test_tool_choice_first_in_text_mode_sends_the_schema_grammar(stub, parts):
    stub.default = text_solver
    run_session(parts[2].tests[:1], session(parts, backend_for(stub, tool_mode="text"), tool_choice="first"))
    first, second = stub.requests[:2]
    assert first["grammar"].startswith('root ::= "<tool_call>\\n" call-json') and "grammar" not in second
    assert "tool_choice" not in first


def _ignores_tool_choice(body):
    """A server that drops tool_choice (and any grammar): the model answers at once."""
    if body["messages"][-1]["role"] != "tool":
        return ("ok", {"role": "assistant", "content": "ANSWER: services/billing/invoice.go"}, {})
    return ("ok", {"role": "assistant", "content": "ANSWER: x"}, {})


@pytest.mark.parametrize("mode", ["native", "text"])
def test_a_server_that_ignores_the_forced_call_stops_the_run_naming_it(stub, parts, mode):
    # its replies would read as forced turns that the model answered: the forced condition in name only
    from lab.models.base import FatalModelError
    stub.default = _ignores_tool_choice
    with pytest.raises(FatalModelError, match=r"did not force the first call: it was sent "
                       + ("tool_choice required" if mode == "native" else "the forced call's GBNF grammar")
                       + r".*no tool call.*agent.tool_choice=auto"):
        run_session(parts[2].tests[:2], session(parts, backend_for(stub, tool_mode=mode), tool_choice="first"))
    assert len(stub.requests) == 1                      # stopped at the first test's first turn


def test_a_forced_call_to_another_tool_than_the_one_named_stops_the_run(stub, parts):
    from lab.models.base import FatalModelError

    def other_tool(body):
        return ("ok", {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "grep_repo", "arguments": "{}"}}]}, {})
    stub.default = other_tool
    with pytest.raises(FatalModelError, match="the function path_resolve and replied with a call to grep_repo"):
        run_session(parts[2].tests[:1], session(parts, backend_for(stub), tool_choice="first",
                                                forced_tool="path_resolve"))


def test_a_forced_reply_cut_by_max_tokens_is_the_agents_to_label_not_a_server_failure(stub, parts):
    cut = completion({"role": "assistant", "content": "<tool_call>\n{\"na"})
    cut["choices"][0]["finish_reason"] = "length"
    stub.default = lambda body: ("raw", json.dumps(cut).encode())
    res = run_session(parts[2].tests[:1], session(parts, backend_for(stub, tool_mode="text"),
                                                  tool_choice="first", max_turns=2))
    assert res.results[0].outcome != "pass"             # recorded as a test outcome; the run goes on
