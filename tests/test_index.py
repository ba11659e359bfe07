from pathlib import Path

from lab.corpus.loader import load_corpus
from lab.pathfinder import TEXT_FIELDS, build_index


def test_index_fields_and_gitignore(tmp_path: Path):
    (tmp_path / ".gitignore").write_text("build/\n*.log\n")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "out.go").write_text("package out\n")
    (tmp_path / "x.log").write_text("noise")
    (tmp_path / "svc").mkdir()
    (tmp_path / "svc" / "config.go").write_text("// Package svc loads the service config.\npackage svc\n")
    (tmp_path / "README.md").write_text("# Title\n\nintro\n\n## Setup\n\nsteps here\n")
    idx = build_index(load_corpus(tmp_path))
    paths = [f.path for f in idx.files]
    assert paths == [".gitignore", "README.md", "svc/config.go"]
    assert TEXT_FIELDS == ("heading", "breadcrumb", "body", "symbols", "comments", "role")
    go = idx.files[idx.by_path["svc/config.go"]]
    assert (go.stem, go.ext, go.segments) == ("config", "go", ("svc",))
    assert idx.chunks[go.chunk_ids[0]].heading == "Package svc loads the service config."
    md = idx.files[idx.by_path["README.md"]]
    heads = [idx.chunks[c].heading for c in md.chunk_ids]
    crumbs = [idx.chunks[c].breadcrumb for c in md.chunk_ids]
    assert heads == ["Title", "Setup"]
    assert crumbs == ["README", "README > Title"]


def test_source_heading_skips_pragmas():
    from lab.pathfinder.chunking import first_heading

    assert first_heading("# -*- coding: utf-8 -*-\n# Generated payments messages.\n")[0] == "Generated payments messages."
    assert first_heading("#!/usr/bin/env bash\n# Deploy the checkout service.\n")[0] == "Deploy the checkout service."
    assert first_heading("//! Retry policy of the Rust client.\n")[0] == "Retry policy of the Rust client."
    assert first_heading("# VPC module: subnets\nresource {}\n")[0] == "VPC module: subnets"


def test_markdown_chunking_breadcrumbs_and_fences():
    from lab.pathfinder.chunking import chunk_markdown

    text = ("---\ntitle: Payments Runbook\nowner: x\n---\nintro line\n\n# Incidents\n\ntext\n\n## Retries\n\n"
            "```bash\n# not a heading\n```\n\n### Backoff\n\ndeep\n\n## Refunds\n\nr\n")
    chunks = chunk_markdown("docs/runbook.md", text)
    assert [(c.heading, c.breadcrumb) for c in chunks] == [
        ("", "Payments Runbook"),
        ("Incidents", "Payments Runbook"),
        ("Retries", "Payments Runbook > Incidents"),
        ("Backoff", "Payments Runbook > Incidents > Retries"),
        ("Refunds", "Payments Runbook > Incidents"),
    ]
    assert "# not a heading" in chunks[2].body
    assert chunks[1].line == 7


def test_title_from_filename():
    from lab.pathfinder.chunking import title_from_filename

    assert title_from_filename("docs/oauth-callback_flow.md") == "Oauth Callback Flow"


def test_workspace_roots(tmp_path: Path):
    for root in ("apps/a", "apps/b"):
        (tmp_path / root / "src").mkdir(parents=True)
        (tmp_path / root / "src" / "api.ts").write_text("// API client.\n")
    (tmp_path / ".workspace-roots").write_text("# roots\napps/a\napps/b\n")
    idx = build_index(load_corpus(tmp_path))
    a = idx.files[idx.by_path["apps/a/src/api.ts"]]
    assert (a.root, a.rel) == ("apps/a", "src/api.ts")


def test_bad_workspace_root_names_file_line_and_key(tmp_path: Path):
    import pytest

    from lab.errors import InputError

    (tmp_path / ".workspace-roots").write_text("apps/a\n../outside\n")
    (tmp_path / "apps" / "a").mkdir(parents=True)
    with pytest.raises(InputError) as e:
        load_corpus(tmp_path)
    assert ".workspace-roots:2" in str(e.value) and "../outside" in str(e.value)

