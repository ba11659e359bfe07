"""Tools: both sets, confinement to the corpus root, retry suggestions, errors as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.config import compose
from lab.errors import InputError
from lab.tools import REGISTRY, build_toolset, load_tools_settings
from lab.tools.globs import glob_match
from lab.vocab import tool_description

NO_SEM = "resolver.semantic.enabled=false"


def make_corpus(root: Path) -> Path:
    files = {
        "services/api/config.go": "package api\n// Config of the API service.\n",
        "services/api/config.rs": "// Config of the API service, Rust port.\npub struct Config;\n",
        "services/api/main.go": "package api\n\nfunc main() {}\n",
        "services/worker/config.yaml": "port: 8080\n",
        "docs/deploy.md": "# Deploy\n\nline 2\nline 3\nline 4\n",
        "infra/vpc.tf": 'resource "aws_vpc" "main" {}\n',
        ".github/ci.yml": "on: push\n",
    }
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    (root / "bin.dat").write_bytes(b"\x00\x01\x02binary")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return root


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    root = make_corpus(tmp_path / "corpus")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("top secret\n")
    (root / "escape_dir").symlink_to(outside, target_is_directory=True)
    (root / "escape_file.txt").symlink_to(outside / "secret.txt")
    (root / "api_link").symlink_to(root / "services" / "api", target_is_directory=True)
    return root


def toolset(corpus: Path, tools: str = "pathfinder", *overrides: str):
    return build_toolset(compose([f"corpus.root={corpus}", f"tools={tools}", NO_SEM, *overrides]))


# -- confinement: every file tool refuses every way out ------------------------------------------

FILE_TOOLS = [("pathfinder", "list_dir", {}), ("pathfinder", "read_file", {}),
              ("filesystem", "read_file", {}), ("filesystem", "list_directory", {}),
              ("filesystem", "directory_tree", {}), ("filesystem", "search_files", {"pattern": "**"})]
ESCAPES = [("..", "parent"), ("../outside/secret.txt", "parent"), ("docs/../../x", "parent"),
           ("/etc/passwd", "absolute"), ("~/secret.txt", "absolute"), ("C:\\Windows", "absolute"),
           ("escape_dir", "symlink"), ("escape_dir/secret.txt", "symlink"),
           ("escape_file.txt", "symlink"), (".git/HEAD", "hidden")]


@pytest.mark.parametrize("tools, tool, extra", FILE_TOOLS)
@pytest.mark.parametrize("path, reason", ESCAPES)
def test_every_file_tool_refuses_escapes(corpus, tools, tool, extra, path, reason):
    r = toolset(corpus, tools).call(tool, {"path": path, **extra})
    assert r.is_error and r.text.startswith("Error: refused")
    assert r.structured["reason"] == reason
    assert "secret" not in r.text.replace(path, "")      # nothing from outside leaks


def test_symlink_inside_the_root_is_followed(corpus):
    ts = toolset(corpus)
    assert ts.call("read_file", {"path": "api_link/main.go"}).text.startswith("package api")


def test_listings_skip_links_out_and_vcs_folders(corpus):
    fs = toolset(corpus, "filesystem")
    tree = json.loads(fs.call("directory_tree", {"path": "."}).text)
    names = [e["name"] for e in tree]
    assert "escape_dir" not in names and ".git" not in names and ".github" in names
    found = fs.call("search_files", {"path": ".", "pattern": "**/*.txt"}).text
    assert found == "No matches found"


# -- pathfinder tools -----------------------------------------------------------------------------

def test_path_resolve_renders_with_the_vocabulary(corpus):
    ts = toolset(corpus, "pathfinder", "vocab=exist_similar")
    spec = {s.name: s for s in ts.specs()}["path_resolve"]
    assert spec.description == tool_description(ts.ctx.vocab)
    assert spec.input_schema["required"] == ["query"]
    r = ts.call("path_resolve", {"query": "config", "intent_text": "change the api port"})
    out = json.loads(r.text)
    assert not r.is_error and out == r.structured
    assert out["exist_similar"] is True and sorted(out["maybe_exts"])[:2] == ["go", "rs"]


def test_list_dir_and_read_file(corpus):
    ts = toolset(corpus)
    assert json.loads(ts.call("list_dir", {"path": "."}).text)["entries"] == [
        ".github/", "api_link/", "bin.dat", "docs/", "escape_dir/", "escape_file.txt", "infra/",
        "services/"]
    assert json.loads(ts.call("list_dir", {"path": "services/api"}).text) == {
        "path": "services/api", "entries": ["config.go", "config.rs", "main.go"]}
    cut = ts.call("read_file", {"path": "docs/deploy.md", "max_bytes": 8})
    assert cut.text == "# Deploy\n[cut: first 8 of 31 bytes]" and cut.structured["truncated"]
    assert ts.call("read_file", {"path": "bin.dat"}).text.startswith("Error: 'bin.dat' is a binary")
    assert "is a folder" in ts.call("read_file", {"path": "docs"}).text
    assert "is a file" in ts.call("list_dir", {"path": "docs/deploy.md"}).text


# -- tool_retry_with_resolve ----------------------------------------------------------------------

def test_retry_with_resolve_suggests_candidates_and_names_the_tool(corpus):
    ts = toolset(corpus)
    r = ts.call("read_file", {"path": "services/api/confg.go"})
    assert r.is_error and r.structured["tool_name"] == "read_file"
    assert r.structured["did_you_mean"][0] in ("services/api/config.go", "services/api/config.rs")
    assert "Retry read_file with one of these paths" in r.text and "services/api/config.go" in r.text
    d = ts.call("list_dir", {"path": "servics/api"})
    assert d.structured["did_you_mean"][0] == "services/api" and d.structured["tool_name"] == "list_dir"


def test_retry_switched_off_gives_a_plain_error(corpus):
    ts = toolset(corpus, "pathfinder", "tools.tool_retry_with_resolve=false")
    r = ts.call("read_file", {"path": "services/api/confg.go"})
    assert r.text == "Error: no such file: 'services/api/confg.go'." and "tool_name" not in r.structured


def test_retry_works_for_the_filesystem_set_when_switched_on(corpus):
    ts = toolset(corpus, "filesystem", "tools.tool_retry_with_resolve=true")
    r = ts.call("read_file", {"path": "docs/deploy.txt"})
    assert r.structured["did_you_mean"][0] == "docs/deploy.md"


def test_filesystem_set_never_builds_the_resolver(corpus):
    ts = toolset(corpus, "filesystem")
    ts.warmup()
    ts.call("read_file", {"path": "nope.go"})
    ts.call("search_files", {"path": ".", "pattern": "**/*.go"})
    assert ts.ctx._resolver is None


# -- baseline filesystem tools: reference names, arguments and output ----------------------------

def test_filesystem_set_matches_the_reference_shapes(corpus):
    ts = toolset(corpus, "filesystem")
    schemas = {s.name: s.input_schema for s in ts.specs()}
    assert list(schemas) == ["read_file", "list_directory", "directory_tree", "search_files"]
    assert set(schemas["read_file"]["properties"]) == {"path", "head", "tail"}
    assert schemas["search_files"]["required"] == ["path", "pattern"]
    assert set(schemas["directory_tree"]["properties"]) == {"path", "excludePatterns"}
    assert ts.call("list_directory", {"path": "services/api"}).text == \
        "[FILE] config.go\n[FILE] config.rs\n[FILE] main.go"
    assert ts.call("list_directory", {"path": "services"}).text == "[DIR] api\n[DIR] worker"
    assert ts.call("read_file", {"path": "docs/deploy.md", "head": 2}).text == "# Deploy\n"
    assert ts.call("read_file", {"path": "docs/deploy.md", "tail": 2}).text == "line 3\nline 4"
    both = ts.call("read_file", {"path": "docs/deploy.md", "head": 1, "tail": 1})
    assert both.is_error and "both head and tail" in both.text


def test_directory_tree_json_and_excludes(corpus):
    ts = toolset(corpus, "filesystem")
    tree = json.loads(ts.call("directory_tree", {"path": "services",
                                                 "excludePatterns": ["worker"]}).text)
    assert tree == [{"name": "api", "type": "directory", "children": [
        {"name": "config.go", "type": "file"}, {"name": "config.rs", "type": "file"},
        {"name": "main.go", "type": "file"}]}]
    text = ts.call("directory_tree", {"path": "docs"}).text
    assert text == '[\n  {\n    "name": "deploy.md",\n    "type": "file"\n  }\n]'


def test_search_files_glob_semantics(corpus):
    ts = toolset(corpus, "filesystem")
    s = lambda **a: ts.call("search_files", {"path": ".", **a}).text  # noqa: E731
    assert s(pattern="*.go") == "No matches found"                   # top level only
    # symlinked folders are not descended (a link cycle must not hang the search)
    assert s(pattern="**/*.go").split("\n") == ["services/api/config.go", "services/api/main.go"]
    assert s(pattern="**/config.{go,rs}", excludePatterns=["api_link"]).split("\n") == [
        "services/api/config.go", "services/api/config.rs"]
    assert ts.call("search_files", {"path": "services", "pattern": "*"}).text == \
        "services/api\nservices/worker"
    assert s(pattern="**/.github") == ".github"


def test_listing_tools_leave_out_link_loops(corpus):
    # issue 27.3: resolve() raised "Symlink loop" outside the path check: every test a crash
    (corpus / "loop_a").symlink_to(corpus / "loop_b")
    (corpus / "loop_b").symlink_to(corpus / "loop_a")
    (corpus / "docs" / "self").symlink_to(corpus / "docs" / "self")
    ts = toolset(corpus, "filesystem")
    for name, args in (("directory_tree", {"path": "."}), ("search_files", {"path": ".", "pattern": "**"}),
                       ("search_files", {"path": "docs", "pattern": "*"})):
        r = ts.call(name, args)
        assert not r.is_error and "loop_" not in r.text and "self" not in r.text, (name, r.text)
        assert str(corpus) not in r.text
    assert "docs/deploy.md" in ts.call("search_files", {"path": ".", "pattern": "**/*.md"}).text


def test_glob_match():
    assert glob_match("a/b/c.go", "**/*.go") and glob_match("c.go", "**/*.go")
    assert not glob_match("a/c.go", "*.go") and glob_match(".env", "*")
    assert glob_match("a/x.rs", "a/[xy].rs") and not glob_match("a/z.rs", "a/[!z].rs")


# -- arguments and unknown tools come back as text ------------------------------------------------

def test_bad_arguments_and_unknown_tools_are_error_text(corpus):
    ts = toolset(corpus)
    assert ts.call("read_file", {}).text == \
        "Error: read_file needs the argument 'path' (arguments: path, max_bytes)"
    assert "must be a integer" in ts.call("read_file", {"path": "x", "max_bytes": "9"}).text
    assert "must be >= 1" in ts.call("read_file", {"path": "docs/deploy.md", "max_bytes": 0}).text
    assert ts.call("nope", {}).text == "Error: unknown tool 'nope' (tools: path_resolve, list_dir, read_file)"
    assert ts.call("list_dir", "services").is_error
    ok = ts.call("list_dir", {"path": "docs", "recursive": True})     # unknown args are dropped
    assert not ok.is_error


def test_a_crashing_tool_is_reported_not_raised(corpus, monkeypatch):
    ts = toolset(corpus)

    def boom(*a, **k):
        raise RuntimeError("index exploded")

    monkeypatch.setattr(ts.tools["list_dir"], "run", boom)
    r = ts.call("list_dir", {"path": "."})
    assert r.is_error and r.text == "Error: list_dir failed: RuntimeError: index exploded"


# -- tool set configuration -----------------------------------------------------------------------

@pytest.mark.parametrize("override, key", [
    ("tools.offer=[path_resolve,grep]", "tools.offer"),
    ("tools.offer=[read_file,fs_read_file]", "tools.offer"),
    ("+tools.retry=true", "tools.retry"),
    ("tools.retry_candidates=0", "tools.retry_candidates"),
    ("tools.tool_retry_with_resolve=maybe", "tools.tool_retry_with_resolve"),
])
def test_bad_tools_config_names_file_and_key(corpus, override, key):
    with pytest.raises(InputError) as e:
        load_tools_settings(compose([f"corpus.root={corpus}", override]).tools)
    assert e.value.key == key and e.value.file == "configs/tools/pathfinder.yaml"


def test_registry_and_shipped_sets():
    assert list(REGISTRY) == ["path_resolve", "list_dir", "read_file", "fs_read_file",
                              "list_directory", "directory_tree", "search_files"]
    for name in ("pathfinder", "filesystem"):
        s = load_tools_settings(compose([f"tools={name}"]).tools)
        assert s.name == name and all(t in REGISTRY for t in s.offer)
