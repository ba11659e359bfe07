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
    assert TEXT_FIELDS == ("heading", "breadcrumb", "body")
    go = idx.files[idx.by_path["svc/config.go"]]
    assert (go.stem, go.ext, go.segments) == ("config", "go", ("svc",))
    assert idx.chunks[go.chunk_ids[0]].heading == "Package svc loads the service config."
    md = idx.files[idx.by_path["README.md"]]
    heads = [idx.chunks[c].heading for c in md.chunk_ids]
    crumbs = [idx.chunks[c].breadcrumb for c in md.chunk_ids]
    assert heads == ["Title", "Setup"]
    assert crumbs == ["README", "README > Title"]
