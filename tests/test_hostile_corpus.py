"""A corpus or an input file built to hurt (issue 27): a huge file, a corpus deeper than Python's
recursion limit, suite YAML with unknown tags or absurd nesting. Bounded work, a clear line."""

from __future__ import annotations

import hashlib
import os
import tracemalloc
from pathlib import Path

import pytest

from lab.corpus.loader import HASH_CHUNK_BYTES, MAX_TEXT_BYTES, load_corpus


def test_a_huge_file_is_hashed_in_chunks_not_read_whole(tmp_path):
    # issue 27.6: a 2 GB file was read whole to hash it (2.16 GB RSS); here 96 MB, sparse
    (tmp_path / "small.md").write_text("# Small\n")
    big = tmp_path / "dump.bin"
    with big.open("wb") as f:
        f.write(b"head text\n")
        f.truncate(96 << 20)
    tracemalloc.start()
    try:
        corpus = load_corpus(tmp_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * HASH_CHUNK_BYTES, f"peak {peak:,} bytes"
    f = {x.path: x for x in corpus.files}["dump.bin"]
    h = hashlib.sha256()
    with big.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    assert f.size == 96 << 20 and f.sha256 == h.hexdigest()
    assert f.text is None      # NULs in its head: binary, and never more than MAX_TEXT_BYTES read for text
    (tmp_path / "long.txt").write_text("word " * MAX_TEXT_BYTES)
    t = {x.path: x for x in load_corpus(tmp_path).files}["long.txt"]
    assert len(t.text) == MAX_TEXT_BYTES and t.size == 5 * MAX_TEXT_BYTES


@pytest.fixture()
def deep(tmp_path):
    """tmp_path with top.md and 1,100 nested folders `d/` holding bottom.md; removed bottom-up
    afterwards (mkdir(parents=True) and pytest's own clean-up, shutil.rmtree, recurse per level)."""
    bottom = tmp_path
    for _ in range(1100):
        bottom = bottom / "d"
        bottom.mkdir()
    (bottom / "bottom.md").write_text("# Bottom\n")
    (tmp_path / "top.md").write_text("# Top\n")
    yield tmp_path
    (bottom / "bottom.md").unlink()
    while bottom != tmp_path:
        bottom.rmdir()
        bottom = bottom.parent


def test_a_corpus_deeper_than_the_recursion_limit_loads(deep):
    # issue 27.11: 1,100 folders deep gave a RecursionError traceback
    paths = [f.path for f in load_corpus(deep).files]
    assert paths == ["d/" * 1100 + "bottom.md", "top.md"]


def test_the_listing_tools_on_a_corpus_deeper_than_the_recursion_limit(deep):
    from lab.config import compose
    from lab.tools import build_toolset
    ts = build_toolset(compose([f"corpus.root={deep}", "tools=filesystem", "resolver.semantic.enabled=false"]))
    found = ts.call("search_files", {"path": ".", "pattern": "**/*.md"})
    assert not found.is_error and found.text.split("\n") == ["d/" * 1100 + "bottom.md", "top.md"]
    tree = ts.call("directory_tree", {"path": "."})
    assert tree.is_error and not tree.crash and "more than 100 folders deep" in tree.text
    near = ts.call("directory_tree", {"path": "d/" * 1050})
    assert not near.is_error and "bottom.md" in near.text


# -- 27.11: suite YAML built to hurt, run.experiment outside results_dir, lab power's numbers -------

@pytest.mark.parametrize("text, line, what", [
    ("tests:\n  - id: a\n    query: !!python/object/apply:os.system ['touch /tmp/pwned']\n"
     "    expected: [a.go]\n", 3, "YAML error"),
    ("tests: " + "[" * 1_000_000 + "\n", 1, "nested too deep"),
    ("tests:\n  - id: a\n    query: q\n    expected: " + "[" * 300 + "]" * 300 + "\n", 4, "nested too deep"),
], ids=["unknown-tag", "million-deep", "deep-value"])
def test_hostile_suite_yaml_is_a_file_line_error(tmp_path, text, line, what):
    from lab.errors import InputError
    from lab.suites.loader import load_suite
    f = tmp_path / "suite.yaml"
    f.write_text(text)
    with pytest.raises(InputError) as e:
        load_suite(f)
    assert what in str(e.value) and f"{f}" in str(e.value) and f"{f}:{line}," in str(e.value)


def _lab(*args: str):
    from click.testing import CliRunner

    from lab.cli import main
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("name", ["..", ".sweeps", ".", "a\\b"])
def test_run_experiment_must_be_a_visible_folder_under_results_dir(tmp_path, name):
    # issue 27.11: `..` wrote beside results_dir; `.sweeps` hid the run from `lab history`
    from support.runs import follower_args
    results = tmp_path / "results"
    r = _lab("run", *follower_args(results, f"run.experiment={name}"))
    assert r.exit_code == 2 and "run.experiment" in r.output, r.output
    assert not any(tmp_path.rglob("run.json"))


@pytest.mark.parametrize("args, key", [
    (["--sd", "nan"], "--sd"), (["--sd", "-1"], "--sd"), (["--sd", "5", "--diff", "nan"], "--diff"),
    (["--sd", "5", "--diff", "inf"], "--diff"), (["--sd", "5", "--diff", "-3"], "--diff"),
    (["--sd", "5", "--repeats", "0"], "--repeats"), (["--sd", "5", "--repeats", "2.5"], "--repeats"),
    (["--sd", "5", "--alpha", "nan"], "--alpha"), (["--sd", "5", "--tests", "-4"], "--tests"),
    (["--session", "isolated", "--p", "nan"], "--p"), (["--session", "isolated", "--p", "1.5"], "--p"),
    (["--session", "isolated"], "--p"), ([], "--sd")])
def test_lab_power_refuses_numbers_that_mean_nothing(args, key):
    # issue 27.11: nan became "1000 repeats", a missing --sd a traceback
    r = _lab("power", *args)
    assert r.exit_code == 2 and key in r.output, (r.exit_code, r.output)
    assert "repeats per arm" not in r.output and "Traceback" not in r.output
