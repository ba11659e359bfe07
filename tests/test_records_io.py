"""Durable writes (lab/records/io.py): fsync by default; VOCAB_LAB_FSYNC=0 (the test suite's
setting, tests/conftest.py) skips it and nothing else."""

from __future__ import annotations

import os

from lab.records import io
from lab.records.test_files import _append_synced


def test_writes_fsync_unless_the_suite_turns_it_off(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(io.os, "fsync", lambda fd: calls.append(fd))
    monkeypatch.delenv("VOCAB_LAB_FSYNC", raising=False)
    io.atomic_write_text(tmp_path / "run.json", "{}\n")
    _append_synced(tmp_path / "tests.csv", "a,b\n")
    assert len(calls) == 3                    # the file, its folder, the appended rows
    assert os.environ.get("VOCAB_LAB_FSYNC") is None
    monkeypatch.setenv("VOCAB_LAB_FSYNC", "0")
    calls.clear()
    io.atomic_write_text(tmp_path / "run.json", '{"a": 1}\n')
    _append_synced(tmp_path / "tests.csv", "c,d\n")
    assert calls == []
    assert (tmp_path / "run.json").read_text() == '{"a": 1}\n'
    assert (tmp_path / "tests.csv").read_text() == "a,b\nc,d\n"
