"""Local servers answer this machine only (issue 27.7, 27.11): `lab view` and `lab serve --http`
check Host and Origin for every spelling of a loopback address, bind before they announce, and
announce the port they hold."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from lab.serve.loopback import allowed_names, is_loopback
from test_mcp_stdio import lab_command
from test_mcp_transports import SERVE, _env
from support.runs import finished, stop
from test_tools import make_corpus


@pytest.mark.parametrize("host, loop", [
    ("127.0.0.1", True), ("127.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("10.0.0.5", False), ("example.com", False), ("::", False)])
def test_is_loopback_in_every_spelling(host, loop):
    assert is_loopback(host) is loop


def test_mcp_http_checks_host_and_origin_on_any_loopback_spelling(tmp_path: Path):
    # issue 27.11: only the literal 127.0.0.1/localhost/::1 were protected; 127.0.0.2 was not
    from lab.config import compose
    from lab.serve.mcp_server import http_app
    from lab.tools import build_toolset
    ts = build_toolset(compose([f"corpus.root={make_corpus(tmp_path)}", *SERVE]))
    body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    hdr = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    with TestClient(http_app(ts, "127.0.0.2"), base_url="http://127.0.0.2:9") as c:
        assert c.post("/mcp", json=body, headers={**hdr, "Host": "evil.example:9"}).status_code == 421
        assert c.post("/mcp", json=body, headers={**hdr, "Origin": "http://evil.example"}).status_code == 403
        assert c.post("/mcp", json=body, headers=hdr).status_code != 421
    assert "127.0.0.2" in allowed_names("127.0.0.2") and "localhost" in allowed_names("127.0.0.2")


def _serve_http(tmp_path: Path, address: str) -> subprocess.Popen:
    corpus = make_corpus(tmp_path / "c")
    return subprocess.Popen([*lab_command(), "serve", "--http", address, f"corpus.root={corpus}", *SERVE],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=_env())


def test_serve_http_port_0_announces_the_port_it_holds(tmp_path: Path):
    proc = _serve_http(tmp_path, "127.0.0.1:0")
    try:
        deadline, line = time.monotonic() + 90, ""
        while "MCP streamable HTTP at" not in line:
            assert time.monotonic() < deadline and proc.poll() is None, "no announcement"
            line = proc.stderr.readline()
        url = line.split(" at ", 1)[1].strip()
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        assert port != 0 and url == f"http://127.0.0.1:{port}/mcp"
        socket.create_connection(("127.0.0.1", port), timeout=5).close()     # it listens there
    finally:
        stop(proc)


def test_serve_http_on_a_taken_port_says_so_and_announces_nothing(tmp_path: Path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        proc = _serve_http(tmp_path, f"127.0.0.1:{taken.getsockname()[1]}")
        _, err = finished(proc, 90, "lab serve --http on a taken port")
    assert proc.returncode == 1 and "cannot listen on" in err, err
    assert "MCP streamable HTTP at" not in err and "Traceback" not in err
