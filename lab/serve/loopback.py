"""Serving this machine only: which addresses are loopback, and the Host/Origin check that keeps a
DNS-rebinding page (evil.example resolving to 127.0.0.1) from reading a local server.

`lab view` wraps its app in `LoopbackOnly`; `lab serve --http` hands the same names to the MCP
SDK's own check (lab/serve/mcp_server.py). Both apply whenever the bound address is loopback, in any
spelling (`127.0.0.1`, `127.1`, `127.0.0.2`, `::1`, `localhost`): a request whose Host is not one
of those names gets 421, one whose Origin is another site gets 403. A server bound to another
address was exposed on purpose and is not checked.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

#: The names a browser on this machine uses for a loopback server.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def is_loopback(host: str) -> bool:
    """Whether `host` (an address as given to bind, or `localhost`) is this machine only."""
    h = host.strip().strip("[]").lower()
    if h == "localhost":
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        pass
    try:                                   # the short IPv4 forms bind accepts: 127.1, 2130706433
        return ipaddress.IPv4Address(socket.inet_aton(h)).is_loopback
    except OSError:
        return False


def allowed_names(host: str) -> tuple[str, ...]:
    """The host names (no brackets, no port) a request to a server bound on `host` may carry."""
    h = host.strip().strip("[]").lower()
    return LOOPBACK_NAMES if h in LOOPBACK_NAMES else (*LOOPBACK_NAMES, h)


def url_host(host: str) -> str:
    """`host` as it is written in a URL or a Host header: IPv6 addresses in brackets."""
    h = host.strip().strip("[]")
    return f"[{h}]" if ":" in h else h


def bind(host: str, port: int) -> tuple[socket.socket, str]:
    """A socket bound and listening on host:port (port 0: a free one), and the URL base it answers
    at. This comes first, so a server announces only an address it holds, with its real port."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host.strip("[]"), port))
        sock.listen(128)      # connections wait in the backlog until the server accepts them
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock, f"http://{url_host(host)}:{sock.getsockname()[1]}"


def _name_of(netloc: str) -> str:
    """The host name of a Host header value or URL netloc, without port or brackets."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:
        return ""


class LoopbackOnly:
    """ASGI middleware: 421 for a Host that is not a loopback name, 403 for a foreign Origin."""

    def __init__(self, app: ASGIApp, host: str) -> None:
        self.app, self.names = app, set(allowed_names(host))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = Headers(scope=scope)
            if _name_of(headers.get("host", "")) not in self.names:
                await PlainTextResponse("Invalid Host header", status_code=421)(scope, receive, send)
                return
            origin = headers.get("origin")
            if origin is not None and not self._origin_ok(origin):
                await PlainTextResponse("Invalid Origin header", status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _origin_ok(self, origin: str) -> bool:
        try:
            u = urlsplit(origin)
        except ValueError:
            return False
        return u.scheme in ("http", "https") and _name_of(u.netloc) in self.names
