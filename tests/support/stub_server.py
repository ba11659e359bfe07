"""A deterministic OpenAI-compatible server on 127.0.0.1, for tests and benchmarks — never a model.

It solves a suite the way a server-parsed tool-calling model would: when the conversation does
not end with a tool result it calls `path_resolve` with the last user message's query, otherwise
it answers the first candidate of that result. Every reply waits `latency_s` first (a fixed
per-call latency), in its own thread (ThreadingHTTPServer), so concurrent conversations overlap as
they would against llama-server or vLLM with parallel slots.

    with StubServer(latency_s=0.05) as s:
        ... model=openai model.base_url={s.url} model.model=stub ...
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def solve(body: dict) -> dict:
    """The assistant message for one chat request (deterministic in the request)."""
    msgs = body["messages"]
    if msgs and msgs[-1]["role"] == "tool":
        try:
            answer = json.loads(msgs[-1]["content"])["candidates"][0]["path"]
        except (ValueError, KeyError, IndexError, TypeError):
            answer = "none"
        return {"role": "assistant", "content": f"ANSWER: {answer}"}
    user = [m for m in msgs if m["role"] == "user"][-1]["content"]
    query = user.split(": ", 1)[1] if ": " in user else user
    n = sum(1 for m in msgs if m["role"] == "assistant")
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{n}", "type": "function",
         "function": {"name": "path_resolve", "arguments": json.dumps({"query": query.strip()[:200]})}}]}


def completion(message: dict, usage: dict | None = None) -> dict:
    """An OpenAI chat.completion body around one assistant message."""
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    return {"id": "x", "object": "chat.completion", "created": 0, "model": "stub",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110, **(usage or {})}}


def send_json(handler: BaseHTTPRequestHandler, code: int, obj: dict) -> None:
    data = json.dumps(obj).encode()
    handler.send_response(code)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


class StubServer:
    def __init__(self, latency_s: float = 0.0, port: int = 0) -> None:
        self.latency_s = latency_s
        self.calls = 0
        self.max_in_flight = 0
        self._in_flight = 0
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"      # keep-alive: the client reuses connections
            disable_nagle_algorithm = True      # headers and body in two writes: no 40 ms ACK wait

            def log_message(self, *a: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._send(200, {"object": "list", "data": [{"id": "stub", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with stub._lock:
                    stub.calls += 1
                    stub._in_flight += 1
                    stub.max_in_flight = max(stub.max_in_flight, stub._in_flight)
                try:
                    if stub.latency_s:
                        time.sleep(stub.latency_s)
                    message = solve(body)
                finally:
                    with stub._lock:
                        stub._in_flight -= 1
                self._send(200, completion(message))

            def _send(self, code: int, obj: dict) -> None:
                send_json(self, code, obj)

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever,
                                         kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> "StubServer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
