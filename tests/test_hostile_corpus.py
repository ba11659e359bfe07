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


def test_a_corpus_deeper_than_the_recursion_limit_loads(tmp_path):
    # issue 27.11: 1,100 folders deep gave a RecursionError traceback
    deep = tmp_path.joinpath(*["d"] * 1100)
    deep.mkdir(parents=True)
    (deep / "bottom.md").write_text("# Bottom\n")
    (tmp_path / "top.md").write_text("# Top\n")
    paths = [f.path for f in load_corpus(tmp_path).files]
    assert paths == ["d/" * 1100 + "bottom.md", "top.md"]
