"""The suite/golden loader: one test per rule, each asserting file, line and key in the message."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.errors import InputError
from lab.suites.loader import TestCase, load_suite, suite_path

GOOD = """\
name: mini
description: a tiny suite
categories:
  A: exact file names
  B: partial names
tests:
  - id: a1
    category: A
    position: 1
    query: config loader
    intent: where the config is read
    expected: [svc/config.go, docs/setup.md#Install]
    message: "Find {query}"
    notes: plain
    owner: alice
  - id: b1
    category: B
    position: 2
    query: cfg ldr
    expected:
      - svc/config.go
"""


def write(tmp_path: Path, text: str, name: str = "suite.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def fails(tmp_path: Path, text: str, *, line: int, key: str, **kw) -> InputError:
    p = write(tmp_path, text)
    with pytest.raises(InputError) as exc:
        load_suite(p, **kw)
    msg = str(exc.value)
    assert str(p) in msg, msg
    assert f":{line}" in msg, msg
    assert f"key '{key}'" in msg, msg
    assert (exc.value.file, exc.value.line, exc.value.key) == (str(p), line, key)
    return exc.value


def test_good_file_loads_with_lines_extra_and_hash(tmp_path: Path):
    p = write(tmp_path, GOOD)
    suite = load_suite(p, corpus_paths={"svc/config.go", "docs/setup.md"})
    assert suite.name == "mini" and suite.path == p
    assert dict(suite.categories) == {"A": "exact file names", "B": "partial names"}
    a1, b1 = suite.tests
    assert isinstance(a1, TestCase)
    assert (a1.id, a1.query, a1.intent, a1.category, a1.position) == (
        "a1", "config loader", "where the config is read", "A", 1)
    assert a1.expected == ("svc/config.go", "docs/setup.md#Install")
    assert a1.expected_paths() == ("svc/config.go", "docs/setup.md")
    assert (a1.message, a1.notes, dict(a1.extra)) == ("Find {query}", "plain", {"owner": "alice"})
    assert (a1.line, b1.line) == (7, 16)
    assert b1.intent is None and b1.expected == ("svc/config.go",)
    import hashlib
    assert suite.content_hash == hashlib.sha256(p.read_bytes()).hexdigest()
    assert suite.raw["description"] == "a tiny suite"


def test_name_defaults_to_file_stem(tmp_path: Path):
    p = write(tmp_path, "tests:\n  - {id: x, query: q, expected: [a.md]}\n", "golden.yaml")
    assert load_suite(p).name == "golden"


def test_yaml_syntax_error_names_its_line(tmp_path: Path):
    fails(tmp_path, "tests:\n  - id: a\n    query: [unclosed\n    expected: [a.md]\n",
          line=4, key="(yaml)")


def test_missing_tests(tmp_path: Path):
    fails(tmp_path, "name: x\ndescription: y\n", line=1, key="tests")


def test_empty_file(tmp_path: Path):
    fails(tmp_path, "", line=1, key="tests")


def test_tests_not_a_list(tmp_path: Path):
    fails(tmp_path, "name: x\ntests:\n  a: 1\n", line=3, key="tests")


def test_unknown_top_level_key(tmp_path: Path):
    fails(tmp_path, "name: x\ntset: 1\ntests:\n  - {id: a, query: q, expected: [a.md]}\n",
          line=2, key="tset")


def test_entry_not_a_mapping(tmp_path: Path):
    fails(tmp_path, "tests:\n  - {id: a, query: q, expected: [a.md]}\n  - just a string\n",
          line=3, key="tests[1]")


@pytest.mark.parametrize("missing", ["id", "query", "expected"])
def test_missing_required_key(tmp_path: Path, missing: str):
    entry = {"id": "id: a", "query": "query: q", "expected": "expected: [a.md]"}
    del entry[missing]
    body = "\n    ".join(entry.values())
    fails(tmp_path, f"tests:\n  - {body}\n", line=2, key=missing)


@pytest.mark.parametrize("key,value", [("id", '""'), ("query", '"   "'), ("expected", "[]")])
def test_empty_required_value(tmp_path: Path, key: str, value: str):
    entry = {"id": "a", "query": "q", "expected": "[a.md]"}
    entry[key] = value
    text = "tests:\n  - id: {id}\n    query: {query}\n    expected: {expected}\n".format(**entry)
    line = {"id": 2, "query": 3, "expected": 4}[key]
    fails(tmp_path, text, line=line, key=key)


@pytest.mark.parametrize("key,value,line", [
    ("id", "[1, 2]", 2),
    ("query", "{a: 1}", 3),
    ("expected", "a.md", 4),
    ("position", "first", 5),
    ("position", "true", 5),
    ("intent", "[x]", 5),
    ("message", "42", 5),
])
def test_wrong_types(tmp_path: Path, key: str, value: str, line: int):
    base = {"id": "a", "query": "q", "expected": "[a.md]"}
    extra = ""
    if key in base:
        base[key] = value
    else:
        extra = f"    {key}: {value}\n"
    text = ("tests:\n  - id: {id}\n    query: {query}\n    expected: {expected}\n".format(**base)
            + extra)
    fails(tmp_path, text, line=line, key=key)


def test_expected_item_not_a_string(tmp_path: Path):
    fails(tmp_path, "tests:\n  - id: a\n    query: q\n    expected:\n      - a.md\n      - 7\n",
          line=6, key="expected")


def test_expected_malformed_heading(tmp_path: Path):
    fails(tmp_path, "tests:\n  - id: a\n    query: q\n    expected: ['a.md#']\n",
          line=4, key="expected")


def test_duplicate_id(tmp_path: Path):
    err = fails(tmp_path, "tests:\n  - {id: a, query: q, expected: [a.md]}\n"
                          "  - {id: b, query: q, expected: [a.md]}\n"
                          "  - {id: a, query: r, expected: [a.md]}\n", line=4, key="id")
    assert "line 2" in str(err)


def test_duplicate_key_in_entry(tmp_path: Path):
    fails(tmp_path, "tests:\n  - id: a\n    query: q\n    query: r\n    expected: [a.md]\n",
          line=4, key="query")


def test_duplicate_position(tmp_path: Path):
    err = fails(tmp_path, "tests:\n  - {id: a, position: 1, query: q, expected: [a.md]}\n"
                          "  - {id: b, position: 1, query: q, expected: [a.md]}\n",
                line=3, key="position")
    assert "'a'" in str(err)


def test_unknown_category(tmp_path: Path):
    fails(tmp_path, "categories:\n  A: exact\ntests:\n  - id: a\n    category: Z\n"
                    "    query: q\n    expected: [a.md]\n", line=5, key="category")


def test_missing_category_when_categories_declared(tmp_path: Path):
    fails(tmp_path, "categories:\n  A: exact\ntests:\n  - id: a\n    query: q\n    expected: [a.md]\n",
          line=4, key="category")


def test_categories_not_a_mapping(tmp_path: Path):
    fails(tmp_path, "categories: [A, B]\ntests:\n  - {id: a, query: q, expected: [a.md]}\n",
          line=1, key="categories")


def test_category_free_when_no_categories_declared(tmp_path: Path):
    p = write(tmp_path, "tests:\n  - {id: a, category: anything, query: q, expected: [a.md]}\n")
    assert load_suite(p).tests[0].category == "anything"


def test_expected_path_absent_from_corpus(tmp_path: Path):
    err = fails(tmp_path, "tests:\n  - id: a\n    query: q\n    expected:\n      - a.md\n"
                          "      - docs/gone.md#Setup\n",
                line=6, key="expected", corpus_paths={"a.md"})
    assert "docs/gone.md" in str(err)


def test_corpus_check_skipped_without_corpus_paths(tmp_path: Path):
    p = write(tmp_path, "tests:\n  - {id: a, query: q, expected: [nowhere.md]}\n")
    assert load_suite(p).tests[0].expected_paths() == ("nowhere.md",)


def test_suite_path_by_name_file_and_unknown(tmp_path: Path):
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "tests70.yaml").write_text("tests: []\n")
    (prompts / "tasks40.yaml").write_text("tests: []\n")
    assert suite_path("tests70", prompts) == prompts / "tests70.yaml"
    other = write(tmp_path, "tests: []\n", "mine.yaml")
    assert suite_path(str(other), prompts) == other
    with pytest.raises(InputError) as exc:
        suite_path("tests71", prompts)
    assert "tasks40, tests70" in str(exc.value) and "tests71" in str(exc.value)
