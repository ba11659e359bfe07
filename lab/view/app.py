"""The `lab view` web app: Starlette routes over one `LiveResults`, served by uvicorn.

Starlette and uvicorn are what the official MCP SDK already installs (its HTTP transports are
built on them), so the viewer adds no framework of its own; pages are rendered on the server
and a little vanilla JS (lab/view/static/, shipped in the package: nothing is fetched from a CDN)
keeps them live.
"""

from __future__ import annotations

import html
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from lab.analysis.transcript import PAGE_CSS
from lab.serve.loopback import LoopbackOnly, bind, is_loopback
from lab.view import pages
from lab.view.live import LiveResults

STATIC = Path(__file__).parent / "static"


def create_app(paths: list[str | Path], *, min_interval: float = 0.5, host: str = "127.0.0.1") -> Starlette:
    """The viewer over `paths`. Bound on a loopback `host`, it answers only requests addressed to
    this machine by name (Host and Origin: lab/serve/loopback.py), so no DNS-rebinding page reads it."""
    live = LiveResults(list(paths), min_interval=min_interval)

    def page(request: Request, title: str, body: str, *, live_: bool = True,
             status: int = 200) -> Response:
        if request.query_params.get("fragment"):
            return HTMLResponse(body, status_code=status, headers={"X-Version": str(live.version)})
        return HTMLResponse(pages.frame(title, body, live.version, live=live_), status_code=status)

    rendered: dict[tuple, tuple[str, bool, int]] = {}      # (url, version) -> (body, live, status)

    def cached(request: Request, title: str, build, *, keep=lambda built: True) -> Response:
        """Each page is built once per version of the results: polling tabs cost a lookup."""
        live.refresh()
        query = tuple(sorted((k, v) for k, v in request.query_params.multi_items() if k != "fragment"))
        key = (request.url.path, query, live.version)
        built = rendered.get(key) or build()
        if keep(built):
            if len(rendered) > 256:
                rendered.clear()
            rendered[key] = built
        body, live_, status = built
        return page(request, title, body, live_=live_, status=status)

    def index(request: Request) -> Response:
        return cached(request, "runs", lambda: (pages.index_page(live), True, 200))

    def matrix(request: Request) -> Response:
        q = request.query_params
        return cached(request, "matrix", lambda: (pages.matrix_page(
            live, experiment=q.get("experiment") or None, sweep=q.get("sweep") or None,
            cols=q.getlist("cols"), group=q.getlist("group")), True, 200))

    def run(request: Request) -> Response:
        rid = request.path_params["run_id"]

        def build():
            body = pages.run_page(live, rid)
            return (body, True, 200) if body is not None else (
                f"<h1>Not found</h1><p class='note'>no run {html.escape(rid)} (yet)</p>", True, 404)
        return cached(request, f"run {rid}", build)

    def compare(request: Request) -> Response:
        q = request.query_params
        # base and cand as in `lab diff BASE CAND`, by name only: the old a (the candidate) and b
        # (the base) read the other way round from the docs' order, so a hand-written URL showed
        # the difference with its sign flipped (issue 60); they are refused, naming the fix
        if "a" in q or "b" in q:
            return page(request, "bad request",
                        "<p class='problem'>/compare takes base=RUN and cand=RUN (as lab diff BASE "
                        "CAND: the difference is cand − base); a= and b= are not read</p>", status=400)
        base, cand = q.get("base"), q.get("cand")
        return cached(request, "compare", lambda: (pages.compare_page(live, base, cand), True, 200))

    def side(request: Request) -> Response:
        q = request.query_params
        rep = q.get("repeat", "")
        if rep and not rep.isdigit():
            return page(request, "bad request", "<p class='problem'>repeat is a number</p>", status=400)
        cols = q.getlist("col")[:64]

        def build():
            body, found = pages.test_page(live, q.get("test", ""), cols, int(rep) if rep else None)
            return body, not found, 200
        return cached(request, q.get("test", "test"), build, keep=lambda built: not built[1])

    def transcript(request: Request) -> Response:
        q = request.query_params
        try:
            repeat, num = int(q.get("repeat", "0")), int(q.get("page", "1"))
        except ValueError:
            return page(request, "bad request", "<p class='problem'>repeat and page are numbers</p>", status=400)

        def build():
            body, found = pages.transcript_page(live, q.get("run", ""), repeat, q.get("test", ""), num)
            return body, not found, 200
        # a test not in its transcript yet is looked up again on every visit (its line follows its row)
        return cached(request, q.get("test", "transcript"), build, keep=lambda built: not built[1])

    def css(request: Request) -> Response:
        # the report's page style first, so transcripts look as in the report; then the viewer's
        return Response(PAGE_CSS + (STATIC / "view.css").read_text(encoding="utf-8"), media_type="text/css")

    def version(request: Request) -> Response:
        live.refresh()
        return JSONResponse({"version": live.version, "runs": len(live.merged.runs),
                             "problems": len(live.problems)})

    app = Starlette(routes=[
        Route("/", index), Route("/matrix", matrix), Route("/run/{run_id}", run),
        Route("/compare", compare), Route("/test", side), Route("/transcript", transcript),
        Route("/api/version", version),
        Route("/static/view.css", css),
        Mount("/static", StaticFiles(directory=STATIC), name="static")],
        middleware=[Middleware(LoopbackOnly, host=host)] if is_loopback(host) else [])
    app.state.live = live
    return app


def missing_paths(paths: list[str | Path]) -> list[str]:
    """A warning per results folder that is not there (the viewer still starts: runs may write it
    later; the page lists it under problems too)."""
    out = []
    for p in paths:
        path = Path(p)
        if not path.exists():
            out.append(f"warning: results folder {path} does not exist (yet): nothing to show from it "
                       f"until a run writes there (absolute: {path.resolve()})")
        elif not path.is_dir():
            out.append(f"warning: {path} is not a folder: nothing to show from it")
    return out


def serve(paths: list[str | Path], *, host: str = "127.0.0.1", port: int = 8765,
          announce=print) -> None:
    """Bind first (port 0 picks a free one), say where, then serve until interrupted."""
    for w in missing_paths(paths):
        announce(w)
    sock, base = bind(host, port)
    announce(f"lab view: {base}/  (results: {', '.join(map(str, paths))}; Ctrl-C stops)")
    server = uvicorn.Server(uvicorn.Config(create_app(paths, host=host), log_level="warning"))
    server.run(sockets=[sock])
