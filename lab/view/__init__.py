"""`lab view`: a local web app over results folders that updates while runs write.

    from lab.view import create_app      # a Starlette app (tests use its TestClient)
    create_app(["results"])

live.py reads runs (through `lab.analysis.load`) and transcripts incrementally; pages.py and
matrix.py render them; app.py holds the routes; static/ the page's CSS and JS.
"""

from lab.view.app import create_app, serve

__all__ = ["create_app", "serve"]
